/* The scalar bit, exec-mask and M0-relative instructions (s_brev_b64, s_bcnt0, s_ff0, s_flbit
 * variants, s_bitset0/1, s_abs_i32, s_wqm, s_quadmask, s_nand/nor/xnor_saveexec, s_bitcmp*_b64,
 * s_movrels/movreld, s_setpc/swappc, s_getreg/setreg on MODE) and the SOPP no-ops, each against a bit-by-bit reference written here from
 * the GCN3 manual's pseudocode, independent of exec_salu.c's helpers. */
#include "unit.h"

static void set64(ut_machine_t *m, unsigned r, uint64_t v)
{
    m->w.sreg[r] = (uint32_t)v;
    m->w.sreg[r + 1] = (uint32_t)(v >> 32);
}
static uint64_t get64(ut_machine_t *m, unsigned r)
{
    return (uint64_t)m->w.sreg[r] | ((uint64_t)m->w.sreg[r + 1] << 32);
}

/* Run `op` with D = dst (s0 or s[0:1]) and S0 = src (s12 or s[12:13]) holding `a`. */
static isa_exec_result_t run1(ut_machine_t *m, isa_op_t op, unsigned dn, unsigned sn, uint64_t a)
{
    set64(m, 12, a);
    isa_inst_t in = ut_inst(op);
    in.sdst = ut_sr(0, dn);
    in.src[0] = ut_sr(12, sn);
    in.nsrc = 1;
    return ut_run(m, &in);
}

static const uint64_t vals[] = {
    0, 1, 2, 0x80000000u, 0x7fffffffu, 0xffffffffu, 0xfffffffeu, 0x00010000u, 0x0000f00fu,
    0x8000000000000000ull, 0xffffffffffffffffull, 0x0000000100000000ull, 0x123456789abcdef0ull,
    0xfffffffe00000000ull, 0x4000000000000000ull, 0xc000000000000000ull, 0x0f0f000000f00001ull,
};
enum { NVALS = sizeof vals / sizeof vals[0] };

static uint32_t ref_count(uint64_t x, unsigned bits, int bit)
{
    uint32_t n = 0;
    for (unsigned i = 0; i < bits; i++)
        n += ((x >> i) & 1) == (uint64_t)bit;
    return n;
}

/* First bit equal to `bit` from the LSB, -1 when none. */
static uint32_t ref_ff(uint64_t x, unsigned bits, int bit)
{
    for (unsigned i = 0; i < bits; i++)
        if (((x >> i) & 1) == (uint64_t)bit)
            return i;
    return 0xffffffffu;
}

/* Position (from the MSB) of the first bit that is 1 (unsigned) or differs from the sign bit
 * (signed); -1 when none. */
static uint32_t ref_flbit(uint64_t x, unsigned bits, bool sign)
{
    uint64_t want = sign ? !((x >> (bits - 1)) & 1) : 1;
    for (unsigned i = 0; i < bits; i++)
        if (((x >> (bits - 1 - i)) & 1) == want)
            return i;
    return 0xffffffffu;
}

START_TEST(count_and_find)
{
    ut_machine_t *m = ut_machine_new();
    for (int i = 0; i < NVALS; i++) {
        uint64_t v = vals[i];
        uint32_t v32 = (uint32_t)v;
        run1(m, ISA_s_bcnt0_i32_b32, 1, 1, v32);
        ck_assert_uint_eq(m->w.sreg[0], ref_count(v32, 32, 0));
        ck_assert_uint_eq(m->w.scc, ref_count(v32, 32, 0) != 0);
        run1(m, ISA_s_bcnt0_i32_b64, 1, 2, v);
        ck_assert_uint_eq(m->w.sreg[0], ref_count(v, 64, 0));
        ck_assert_uint_eq(m->w.scc, ref_count(v, 64, 0) != 0);
        run1(m, ISA_s_ff0_i32_b32, 1, 1, v32);
        ck_assert_uint_eq(m->w.sreg[0], ref_ff(v32, 32, 0));
        run1(m, ISA_s_ff0_i32_b64, 1, 2, v);
        ck_assert_uint_eq(m->w.sreg[0], ref_ff(v, 64, 0));
        run1(m, ISA_s_flbit_i32_b64, 1, 2, v);
        ck_assert_uint_eq(m->w.sreg[0], ref_flbit(v, 64, false));
        run1(m, ISA_s_flbit_i32, 1, 1, v32);
        ck_assert_uint_eq(m->w.sreg[0], ref_flbit(v32, 32, true));
        run1(m, ISA_s_flbit_i32_i64, 1, 2, v);
        ck_assert_uint_eq(m->w.sreg[0], ref_flbit(v, 64, true));
    }
    /* Hand-derived cases from the manual's examples. */
    run1(m, ISA_s_flbit_i32, 1, 1, 0x40000000u);
    ck_assert_uint_eq(m->w.sreg[0], 1);
    run1(m, ISA_s_flbit_i32, 1, 1, 0xc0000000u);
    ck_assert_uint_eq(m->w.sreg[0], 2);
    run1(m, ISA_s_flbit_i32, 1, 1, 0xffffffffu);
    ck_assert_uint_eq(m->w.sreg[0], 0xffffffffu);
    run1(m, ISA_s_flbit_i32_b64, 1, 2, 1);
    ck_assert_uint_eq(m->w.sreg[0], 63);
    run1(m, ISA_s_ff0_i32_b32, 1, 1, 0x0000ffffu);
    ck_assert_uint_eq(m->w.sreg[0], 16);
    run1(m, ISA_s_bcnt0_i32_b64, 1, 2, ~0ull);
    ck_assert_uint_eq(m->w.sreg[0], 0);
    ck_assert_uint_eq(m->w.scc, 0);
    free(m);
}
END_TEST

START_TEST(reverse_abs_quads)
{
    ut_machine_t *m = ut_machine_new();
    for (int i = 0; i < NVALS; i++) {
        uint64_t v = vals[i], rev = 0, wqm = 0, qm = 0;
        for (int b = 0; b < 64; b++)
            rev |= ((v >> b) & 1) << (63 - b);
        for (int q = 0; q < 16; q++) {
            bool any = false;
            for (int b = 0; b < 4; b++)
                any = any || ((v >> (4 * q + b)) & 1);
            if (any) {
                wqm |= 0xfull << (4 * q);
                qm |= 1ull << q;
            }
        }
        m->w.scc = 1;
        run1(m, ISA_s_brev_b64, 2, 2, v);
        ck_assert_uint_eq(get64(m, 0), rev);
        ck_assert_uint_eq(m->w.scc, 1); /* s_brev does not write SCC */
        run1(m, ISA_s_wqm_b64, 2, 2, v);
        ck_assert_uint_eq(get64(m, 0), wqm);
        ck_assert_uint_eq(m->w.scc, wqm != 0);
        run1(m, ISA_s_wqm_b32, 1, 1, (uint32_t)v);
        ck_assert_uint_eq(m->w.sreg[0], (uint32_t)wqm);
        ck_assert_uint_eq(m->w.scc, (uint32_t)wqm != 0);
        run1(m, ISA_s_quadmask_b64, 2, 2, v);
        ck_assert_uint_eq(get64(m, 0), qm);
        ck_assert_uint_eq(m->w.scc, qm != 0);
        run1(m, ISA_s_quadmask_b32, 1, 1, (uint32_t)v);
        ck_assert_uint_eq(m->w.sreg[0], qm & 0xff);
        ck_assert_uint_eq(m->w.scc, (qm & 0xff) != 0);
        uint32_t a = (uint32_t)v, want = (a & 0x80000000u) ? (uint32_t)(-(int64_t)(int32_t)a) : a;
        run1(m, ISA_s_abs_i32, 1, 1, a);
        ck_assert_uint_eq(m->w.sreg[0], want);
        ck_assert_uint_eq(m->w.scc, want != 0);
    }
    run1(m, ISA_s_abs_i32, 1, 1, 0x80000000u); /* the most negative value is its own absolute value */
    ck_assert_uint_eq(m->w.sreg[0], 0x80000000u);
    run1(m, ISA_s_abs_i32, 1, 1, (uint32_t)-5);
    ck_assert_uint_eq(m->w.sreg[0], 5);
    run1(m, ISA_s_wqm_b32, 1, 1, 0x00000120u);
    ck_assert_uint_eq(m->w.sreg[0], 0x00000ff0u);
    run1(m, ISA_s_quadmask_b32, 1, 1, 0x80000001u);
    ck_assert_uint_eq(m->w.sreg[0], 0x81u);
    free(m);
}
END_TEST

START_TEST(bitset_bitcmp)
{
    ut_machine_t *m = ut_machine_new();
    for (unsigned bit = 0; bit < 70; bit += 3) {
        /* D is read-modify-write; the index is S0[4:0] (S0[5:0] for the 64-bit forms). SCC stays. */
        m->w.scc = 1;
        m->w.sreg[0] = 0x0f0f0f0fu;
        run1(m, ISA_s_bitset1_b32, 1, 1, bit);
        ck_assert_uint_eq(m->w.sreg[0], 0x0f0f0f0fu | (1u << (bit % 32)));
        m->w.sreg[0] = 0x0f0f0f0fu;
        run1(m, ISA_s_bitset0_b32, 1, 1, bit);
        ck_assert_uint_eq(m->w.sreg[0], 0x0f0f0f0fu & ~(1u << (bit % 32)));
        set64(m, 0, 0x00ff00ff00ff00ffull);
        run1(m, ISA_s_bitset1_b64, 2, 1, bit);
        ck_assert_uint_eq(get64(m, 0), 0x00ff00ff00ff00ffull | (1ull << (bit % 64)));
        set64(m, 0, 0x00ff00ff00ff00ffull);
        run1(m, ISA_s_bitset0_b64, 2, 1, bit);
        ck_assert_uint_eq(get64(m, 0), 0x00ff00ff00ff00ffull & ~(1ull << (bit % 64)));
        ck_assert_uint_eq(m->w.scc, 1);

        const uint64_t v = 0x123456789abcdef0ull;
        bool set = (v >> (bit % 64)) & 1;
        set64(m, 12, v);
        m->w.sreg[14] = bit;
        isa_inst_t in = ut_inst(ISA_s_bitcmp1_b64);
        in.src[0] = ut_sr(12, 2);
        in.src[1] = ut_s(14);
        in.nsrc = 2;
        ut_run(m, &in);
        ck_assert_uint_eq(m->w.scc, set);
        in.op = ISA_s_bitcmp0_b64;
        ut_run(m, &in);
        ck_assert_uint_eq(m->w.scc, !set);
    }
    free(m);
}
END_TEST

START_TEST(saveexec_inverted)
{
    ut_machine_t *m = ut_machine_new();
    const uint64_t E = 0x00ff00fff0f0f0f0ull, S = 0x0f0f0f0f00ff00ffull;
    struct { isa_op_t op; uint64_t want; } t[] = {
        { ISA_s_nand_saveexec_b64, ~(S & E) }, { ISA_s_nor_saveexec_b64, ~(S | E) },
        { ISA_s_xnor_saveexec_b64, ~(S ^ E) },
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        ut_set_exec(m, E);
        m->w.scc = 0;
        run1(m, t[i].op, 2, 2, S);
        ck_assert_uint_eq(get64(m, 0), E);
        ck_assert_uint_eq(isa_wave_exec(&m->w), t[i].want);
        ck_assert_uint_eq(m->w.scc, t[i].want != 0);
    }
    /* nor of all ones is zero: SCC = 0. */
    ut_set_exec(m, ~0ull);
    m->w.scc = 1;
    run1(m, ISA_s_nor_saveexec_b64, 2, 2, 0);
    ck_assert_uint_eq(isa_wave_exec(&m->w), 0);
    ck_assert_uint_eq(m->w.scc, 0);
    free(m);
}
END_TEST

START_TEST(m0_relative)
{
    ut_machine_t *m = ut_machine_new();
    for (unsigned r = 20; r < 30; r++)
        m->w.sreg[r] = 0x1000 + r;
    m->w.sreg[ISA_REG_M0] = 3;
    isa_inst_t in = ut_inst(ISA_s_movrels_b32);
    in.sdst = ut_s(0);
    in.src[0] = ut_s(20);
    in.nsrc = 1;
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    ck_assert_uint_eq(m->w.sreg[0], 0x1000 + 23);
    in.op = ISA_s_movrels_b64;
    in.sdst = ut_sr(0, 2);
    in.src[0] = ut_sr(20, 2);
    m->w.sreg[ISA_REG_M0] = 4;
    ut_run(m, &in);
    ck_assert_uint_eq(m->w.sreg[0], 0x1000 + 24);
    ck_assert_uint_eq(m->w.sreg[1], 0x1000 + 25);

    /* movreld: D + M0 is written, D itself is not. */
    m->w.sreg[5] = 0xabcd;
    in = ut_inst(ISA_s_movreld_b32);
    in.sdst = ut_s(20);
    in.src[0] = ut_s(5);
    in.nsrc = 1;
    m->w.sreg[ISA_REG_M0] = 7;
    ut_run(m, &in);
    ck_assert_uint_eq(m->w.sreg[27], 0xabcd);
    ck_assert_uint_eq(m->w.sreg[20], 0x1000 + 20);
    set64(m, 6, 0x1111222233334444ull);
    in.op = ISA_s_movreld_b64;
    in.sdst = ut_sr(40, 2);
    in.src[0] = ut_sr(6, 2);
    m->w.sreg[ISA_REG_M0] = 2;
    ut_run(m, &in);
    ck_assert_uint_eq(get64(m, 42), 0x1111222233334444ull);

    /* Beyond s101: a fault, nothing written. */
    m->w.sreg[ISA_REG_M0] = 100;
    in.op = ISA_s_movreld_b32;
    in.sdst = ut_s(2);
    in.src[0] = ut_s(5);
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_FAULT);
    ck_assert_int_eq(r.fault, ISA_FAULT_ILLEGAL);
    ck_assert_uint_eq(m->w.sreg[102], 0);
    free(m);
}
END_TEST

START_TEST(sopp_noops)
{
    ut_machine_t *m = ut_machine_new();
    const isa_op_t ops[] = { ISA_s_icache_inv, ISA_s_incperflevel, ISA_s_decperflevel, ISA_s_ttracedata, ISA_s_wakeup };
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        m->w.pc = 0;
        m->w.scc = 1;
        isa_inst_t in = ut_inst(ops[i]);
        isa_exec_result_t r = ut_run(m, &in);
        ck_assert_int_eq(r.status, ISA_EXEC_OK);
        ck_assert(!r.branch_taken);
        ck_assert_uint_eq(m->w.pc, 1);
        ck_assert_uint_eq(m->w.scc, 1);
    }
    free(m);
}
END_TEST

/* s_setpc_b64 / s_swappc_b64 over a kernel of four instructions at byte offsets 0, 4, 12, 16. */
START_TEST(set_swap_pc)
{
    ut_machine_t *m = ut_machine_new();
    isa_inst_t code[4];
    const uint32_t pcs[4] = { 0, 4, 12, 16 }, sizes[4] = { 4, 8, 4, 4 };
    for (int i = 0; i < 4; i++) {
        code[i] = ut_inst(ISA_s_nop);
        code[i].pc = pcs[i];
        code[i].size = sizes[i];
    }
    m->k.insts = code;
    m->k.ninsts = 4;
    m->w.code_base = 0x7000;

    isa_inst_t in = ut_inst(ISA_s_setpc_b64);
    in.src[0] = ut_sr(12, 2);
    in.nsrc = 1;
    set64(m, 12, 0x7000 + 12);
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    ck_assert(r.branch_taken);
    ck_assert_uint_eq(m->w.pc, 2);

    /* swappc at instruction 1 (pc 4, 8 bytes): D = 0x7000 + 12, the next instruction; D aliases S0. */
    in = ut_inst(ISA_s_swappc_b64);
    in.pc = 4;
    in.size = 8;
    in.sdst = ut_sr(12, 2);
    in.src[0] = ut_sr(12, 2);
    in.nsrc = 1;
    set64(m, 12, 0x7000 + 16);
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    ck_assert_uint_eq(m->w.pc, 3);
    ck_assert_uint_eq(get64(m, 12), 0x7000 + 12);
    set64(m, 12, 0x7000);
    ut_run(m, &in);
    ck_assert_uint_eq(m->w.pc, 0);

    /* The middle of an instruction, before the code and past its end all fault; D is kept. */
    const uint64_t bad[] = { 0x7000 + 6, 0x6ffc, 0x7000 + 20, 0 };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        set64(m, 12, bad[i]);
        r = ut_run(m, &in);
        ck_assert_int_eq(r.status, ISA_EXEC_FAULT);
        ck_assert_int_eq(r.fault, ISA_FAULT_ILLEGAL);
        ck_assert_uint_eq(get64(m, 12), bad[i]);
    }
    free(m);
}
END_TEST

/* simm16 of hwreg(HW_REG_MODE, off, size). */
static int32_t mode_field(unsigned off, unsigned size) { return (int32_t)(1u | off << 6 | (size - 1) << 11); }

/* s_getreg_b32 / s_setreg_b32 / s_setreg_imm32_b32 on MODE, and the f32 denormal and IEEE modes
 * the VALU reads following them. */
START_TEST(mode_register)
{
    ut_machine_t *m = ut_machine_new();
    /* As the launch sets it for float_denorm_mode_32 0, dx10_clamp 1, ieee 1. */
    isa_wave_set_mode(&m->w, 0x3c0);
    isa_inst_t get = ut_inst(ISA_s_getreg_b32);
    get.sdst = ut_s(0);
    get.simm16 = mode_field(0, 32);
    ut_run(m, &get);
    ck_assert_uint_eq(m->w.sreg[0], 0x3c0);
    get.simm16 = mode_field(6, 3); /* f64 denorm (3) and DX10 clamp (1): 0b111 */
    ut_run(m, &get);
    ck_assert_uint_eq(m->w.sreg[0], 7);

    /* setreg: only the field changes; f32 denormals preserved (3) turn flushing off. */
    isa_inst_t set = ut_inst(ISA_s_setreg_b32);
    set.src[0] = ut_s(5);
    set.nsrc = 1;
    set.simm16 = mode_field(4, 2);
    m->w.sreg[5] = 0xfffffff3u; /* bits above the field's size are ignored */
    m->w.scc = 1;
    ut_run(m, &set);
    ck_assert_uint_eq(m->w.mode, 0x3f0);
    ck_assert_uint_eq(m->w.flush_denorm_f32, 0);
    ck_assert_uint_eq(m->w.scc, 1);
    /* The VALU now keeps an f32 denormal: v_add_f32 of 2^-140 and 0. */
    ut_vset_all(m, 1, 0x00002000u);
    ut_vset_all(m, 2, 0);
    isa_inst_t add = ut_inst(ISA_v_add_f32);
    add.vdst = ut_v(3);
    add.src[0] = ut_v(1);
    add.src[1] = ut_v(2);
    add.nsrc = 2;
    ut_run(m, &add);
    ck_assert_uint_eq(ut_vreg(m, 3)[0], 0x00002000u);

    /* setreg_imm32 clears IEEE (bit 9) and sets the round mode [3:0] = 3 in one 10-bit field. */
    isa_inst_t imm = ut_inst(ISA_s_setreg_imm32_b32);
    imm.src[0] = ut_lit();
    imm.literal = 0x0f3;
    imm.nsrc = 1;
    imm.simm16 = mode_field(0, 10);
    ut_run(m, &imm);
    ck_assert_uint_eq(m->w.mode, 0x0f3);
    ck_assert_uint_eq(m->w.ieee_mode, 0);
    ck_assert_uint_eq(m->w.flush_denorm_f32, 0);
    get.simm16 = mode_field(0, 4);
    ut_run(m, &get);
    ck_assert_uint_eq(m->w.sreg[0], 3);
    /* Denormal field back to 0: flushing again; the flushed sum is +0. */
    imm.literal = 0;
    imm.simm16 = mode_field(4, 4);
    ut_run(m, &imm);
    ck_assert_uint_eq(m->w.flush_denorm_f32, 1);
    ut_run(m, &add);
    ck_assert_uint_eq(ut_vreg(m, 3)[0], 0);
    free(m);
}
END_TEST

/* The other hardware registers (GCN3 ISA manual, "Hardware registers"): the fields the caller set
 * (HW_ID, GPR_ALLOC, LDS_ALLOC, IB_STS), STATUS with its live SCC/EXECZ/VCCZ bits, TRAPSTS written
 * and read back, and writes to the read-only ones ignored. */
static int32_t hwreg_field(unsigned id, unsigned off, unsigned size) { return (int32_t)(id | off << 6 | (size - 1) << 11); }

START_TEST(other_hw_registers)
{
    ut_machine_t *m = ut_machine_new();
    m->w.hw_id = isa_hw_id(5, 2, 13, 3, 7);
    m->w.gpr_alloc = isa_gpr_alloc(ISA_TARGET_GFX803, 24, 0, 48);
    m->w.lds_alloc = isa_lds_alloc(1000);
    m->w.ib_sts = isa_ib_sts(ISA_TARGET_GFX803, 3, 20);
    m->w.status = ISA_STATUS_VALID | ISA_STATUS_IN_TG;
    isa_inst_t get = ut_inst(ISA_s_getreg_b32);
    get.sdst = ut_s(0);
    /* HW_ID: WAVE_ID [3:0], SIMD_ID [5:4], CU_ID [11:8], SE_ID [14:13], TG_ID [19:16] */
    get.simm16 = hwreg_field(ISA_HWREG_HW_ID, 0, 32);
    ut_run(m, &get);
    ck_assert_uint_eq(m->w.sreg[0], 5u | 2u << 4 | 13u << 8 | 3u << 13 | 7u << 16);
    get.simm16 = hwreg_field(ISA_HWREG_HW_ID, 8, 4); /* HIP's __smid(): CU_ID */
    ut_run(m, &get);
    ck_assert_uint_eq(m->w.sreg[0], 13);
    /* GPR_ALLOC: VGPR_SIZE [13:8] = 24/4 - 1, SGPR_SIZE [27:24] = 48/16 - 1 */
    get.simm16 = hwreg_field(ISA_HWREG_GPR_ALLOC, 0, 32);
    ut_run(m, &get);
    ck_assert_uint_eq(m->w.sreg[0], 5u << 8 | 2u << 24);
    /* LDS_ALLOC: LDS_SIZE [20:12] in 64 dwords, 1000 bytes round up to 4 */
    get.simm16 = hwreg_field(ISA_HWREG_LDS_ALLOC, 12, 9);
    ut_run(m, &get);
    ck_assert_uint_eq(m->w.sreg[0], 4);
    /* IB_STS: VM_CNT [3:0], LGKM_CNT [11:8] (saturating at 15) */
    get.simm16 = hwreg_field(ISA_HWREG_IB_STS, 0, 32);
    ut_run(m, &get);
    ck_assert_uint_eq(m->w.sreg[0], 3u | 15u << 8);
    /* STATUS: SCC [0], EXECZ [9], VCCZ [10], IN_TG [11], VALID [16] */
    m->w.scc = 1;
    m->w.sreg[ISA_REG_EXEC_LO] = m->w.sreg[ISA_REG_EXEC_HI] = 0xffffffffu;
    m->w.sreg[ISA_REG_VCC_LO] = m->w.sreg[ISA_REG_VCC_HI] = 0;
    get.simm16 = hwreg_field(ISA_HWREG_STATUS, 0, 32);
    ut_run(m, &get);
    ck_assert_uint_eq(m->w.sreg[0], 1u | 1u << 10 | 1u << 11 | 1u << 16);
    /* TRAPSTS is writable; HW_ID is not (the write changes nothing) */
    isa_inst_t set = ut_inst(ISA_s_setreg_b32);
    set.src[0] = ut_s(5);
    set.nsrc = 1;
    m->w.sreg[5] = 0x1ff;
    set.simm16 = hwreg_field(ISA_HWREG_TRAPSTS, 0, 9);
    ut_run(m, &set);
    set.simm16 = hwreg_field(ISA_HWREG_HW_ID, 0, 32);
    ut_run(m, &set);
    get.simm16 = hwreg_field(ISA_HWREG_TRAPSTS, 0, 32);
    ut_run(m, &get);
    ck_assert_uint_eq(m->w.sreg[0], 0x1ff);
    get.simm16 = hwreg_field(ISA_HWREG_HW_ID, 0, 4);
    ut_run(m, &get);
    ck_assert_uint_eq(m->w.sreg[0], 5);
    free(m);
}
END_TEST

static Suite *salu_bits_suite(void)
{
    Suite *s = suite_create("salu_bits");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, count_and_find);
    tcase_add_test(tc, reverse_abs_quads);
    tcase_add_test(tc, bitset_bitcmp);
    tcase_add_test(tc, saveexec_inverted);
    tcase_add_test(tc, m0_relative);
    tcase_add_test(tc, sopp_noops);
    tcase_add_test(tc, set_swap_pc);
    tcase_add_test(tc, mode_register);
    tcase_add_test(tc, other_hw_registers);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(salu_bits_suite)
