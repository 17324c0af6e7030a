/* The last of gfx9's compute memory instructions: the packed d16 buffer formats (two 16-bit
 * components per VGPR) and d16_hi_x, ds_read/write_addtid_b32, the scalar scratch loads and stores
 * and s_dcache_discard. Assembled from gfx900 text, machine code against llvm-mc-15's bytes (copied
 * here), run on a one-wave machine against values worked out by hand: the f16 codes of the UNORM
 * fractions are those test_buffer_fmt.c derives (1.0 0x3c00, 128/255 0x3804, 64/255 0x3404), the
 * addresses are worked out from the rules in docs/semantics-memory9.md. */
#include "unit.h"

#include "common/le.h"
#include "gfx9_harness.h"

#define T9 ISA_TARGET_GFX900

/* A V# in s[4:7] over UT_MEM_BASE, stride 16, 64 records, format dfmt/nfmt in word 3. */
static void set_desc(ut_machine_t *m, uint32_t dfmt, uint32_t nfmt)
{
    m->w.sreg[4] = (uint32_t)UT_MEM_BASE;
    m->w.sreg[5] = (uint32_t)(UT_MEM_BASE >> 32) | 16u << 16;
    m->w.sreg[6] = 64;
    m->w.sreg[7] = nfmt << 12 | dfmt << 15 | 1u << 19 | 3u << 21;
}

/* `line` run on m with v0 = the lane (idxen: record = lane); the result must be OK. */
static void run_ok(ut_machine_t *m, const char *line)
{
    for (unsigned l = 0; l < 64; l++)
        ut_vreg(m, 0)[l] = l;
    isa_inst_t in = g9_one(T9, line);
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_msg(r.status == ISA_EXEC_OK, "%s: %s", line, r.fault_msg);
}

/* ---- Packed d16 formats ------------------------------------------------------------------------- */

START_TEST(packed_names)
{
    /* gfx9's mnemonics are the packed entries, with half the registers; gfx803 keeps its own */
    isa_inst_t in = g9_one(T9, "buffer_load_format_d16_xyzw v[10:11], v0, s[4:7], 0 idxen");
    ck_assert_int_eq(in.op, ISA_buffer_load_format_d16_xyzw_gfx9);
    ck_assert_uint_eq(in.vdst.count, 2);
    in = g9_one(T9, "tbuffer_store_format_d16_xyz v[10:11], v0, s[4:7], 0 format:[BUF_DATA_FORMAT_16_16_16_16,BUF_NUM_FORMAT_UINT] idxen");
    ck_assert_int_eq(in.op, ISA_tbuffer_store_format_d16_xyz_gfx9);
    char *d = ah_fails(".amdgcn_target \"amdgcn-amd-amdhsa--gfx900\"\nk:\n"
                       "buffer_load_format_d16_xyzw v[10:13], v0, s[4:7], 0 idxen\n", 1);
    free(d);
    in = ah_one("buffer_load_format_d16_xyzw v[10:13], v0, s[4:7], 0 idxen"); /* gfx803: unpacked */
    ck_assert_int_eq(in.op, ISA_buffer_load_format_d16_xyzw);
    /* printed under the target's name */
    char buf[160];
    isa_program_t p = g9_program(T9, "buffer_store_format_d16_xy v1, off, s[4:7], s1");
    isa_format_inst(&p.kernels[0], &p.kernels[0].insts[0], buf, sizeof buf);
    ck_assert_str_eq(buf, "buffer_store_format_d16_xy v1, off, s[4:7], s1");
    isa_program_free(&p);
}
END_TEST

START_TEST(packed_encodings)
{
    static const struct {
        const char *line;
        uint8_t bytes[8];
    } t[] = {
        { "buffer_load_format_d16_xyzw v[1:2], off, s[4:7], s1", { 0x00, 0x00, 0x2c, 0xe0, 0x00, 0x01, 0x01, 0x01 } },
        { "buffer_load_format_d16_xyz v[1:2], off, s[4:7], s1", { 0x00, 0x00, 0x28, 0xe0, 0x00, 0x01, 0x01, 0x01 } },
        { "buffer_load_format_d16_hi_x v1, off, s[4:7], s1", { 0x00, 0x00, 0x98, 0xe0, 0x00, 0x01, 0x01, 0x01 } },
        { "buffer_store_format_d16_hi_x v1, v2, s[4:7], 0 idxen", { 0x00, 0x20, 0x9c, 0xe0, 0x02, 0x01, 0x01, 0x80 } },
        { "ds_read_addtid_b32 v1 offset:16", { 0x10, 0x00, 0x6c, 0xd9, 0x00, 0x00, 0x00, 0x01 } },
        { "ds_write_addtid_b32 v1 offset:16", { 0x10, 0x00, 0x3a, 0xd8, 0x00, 0x01, 0x00, 0x00 } },
        { "s_scratch_load_dwordx2 s[10:11], s[2:3], 0x8", { 0x81, 0x02, 0x1a, 0xc0, 0x08, 0x00, 0x00, 0x00 } },
        { "s_scratch_load_dword s5, s[2:3], -0x8", { 0x41, 0x01, 0x16, 0xc0, 0xf8, 0xff, 0x1f, 0x00 } },
        { "s_scratch_store_dword s5, s[0:1], s7", { 0x40, 0x01, 0x54, 0xc0, 0x07, 0x00, 0x00, 0x00 } },
        { "s_scratch_store_dwordx4 s[8:11], s[0:1], 0x10 glc", { 0x00, 0x02, 0x5f, 0xc0, 0x10, 0x00, 0x00, 0x00 } },
        { "s_dcache_discard s[2:3], s0", { 0x01, 0x00, 0xa0, 0xc0, 0x00, 0x00, 0x00, 0x00 } },
        { "s_dcache_discard_x2 s[4:5], 0x40", { 0x02, 0x00, 0xa6, 0xc0, 0x40, 0x00, 0x00, 0x00 } },
    };
    asm_opcode_map_t *map = asm_opcode_map_create(T9);
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        g9_check_code(map, T9, t[i].line, t[i].bytes, 8, t[i].line);
    asm_opcode_map_free(map);
}
END_TEST

/* Loads: 8_8_8_8 UNORM {255, 0, 128, 64} is x 0x3c00, y 0, z 0x3804, w 0x3404, packed low half
 * first; xyz leaves 0 in the second register's high half; 16_16 SINT {-2, 5} packs 0xfffe, 5. */
START_TEST(packed_loads)
{
    ut_machine_t *m = g9_machine(T9);
    static const uint8_t px[4] = { 0xff, 0x00, 0x80, 0x40 };
    memcpy(m->gmem + 16 * 5, px, 4);
    set_desc(m, 10, 0);
    run_ok(m, "buffer_load_format_d16_xyzw v[10:11], v0, s[4:7], 0 idxen");
    ck_assert_uint_eq(ut_vreg(m, 10)[5], 0x00003c00u);
    ck_assert_uint_eq(ut_vreg(m, 11)[5], 0x34043804u);
    ut_vset_all(m, 11, 0xdeadbeefu);
    run_ok(m, "buffer_load_format_d16_xyz v[10:11], v0, s[4:7], 0 idxen");
    ck_assert_uint_eq(ut_vreg(m, 11)[5], 0x00003804u);
    ut_vset_all(m, 12, 0xdeadbeefu);
    run_ok(m, "buffer_load_format_d16_xy v12, v0, s[4:7], 0 idxen");
    ck_assert_uint_eq(ut_vreg(m, 12)[5], 0x00003c00u);
    static const uint8_t s16[4] = { 0xfe, 0xff, 0x05, 0x00 };
    memcpy(m->gmem + 16 * 6, s16, 4);
    run_ok(m, "tbuffer_load_format_d16_xyzw v[10:11], v0, s[4:7], 0 format:[BUF_DATA_FORMAT_16_16,BUF_NUM_FORMAT_SINT] idxen");
    ck_assert_uint_eq(ut_vreg(m, 10)[6], 0x0005fffeu);
    ck_assert_uint_eq(ut_vreg(m, 11)[6], 0x00010000u); /* z the default 0, w the default 1 */
    /* d16_hi_x: x into [31:16], [15:0] kept */
    ut_vset_all(m, 13, 0x1234abcdu);
    run_ok(m, "buffer_load_format_d16_hi_x v13, v0, s[4:7], 0 idxen");
    ck_assert_uint_eq(ut_vreg(m, 13)[5], 0x3c00abcdu);
    /* out of range (record 64 and up): the loaded halves 0, d16_hi_x's low half still kept */
    m->w.sreg[6] = 5; /* records 0..4 */
    run_ok(m, "buffer_load_format_d16_hi_x v13, v0, s[4:7], 0 idxen");
    ck_assert_uint_eq(ut_vreg(m, 13)[5], 0x0000abcdu);
    free(m);
}
END_TEST

/* Stores take component c from register c / 2, half c % 2; the format's other bytes stay. */
START_TEST(packed_stores)
{
    ut_machine_t *m = g9_machine(T9);
    set_desc(m, 2, 7); /* 16 FLOAT in the V# */
    memset(m->gmem, 0xaa, 256);
    ut_set_exec(m, 1ull << 5);
    ut_vset_all(m, 10, 0xc0003c00u);
    ut_vset_all(m, 11, 0xffff0003u);
    run_ok(m, "buffer_store_format_d16_hi_x v10, v0, s[4:7], 0 idxen");
    ck_assert_uint_eq(le_get32(m->gmem + 80), 0xaaaac000u); /* -2.0 from [31:16] */
    run_ok(m, "buffer_store_format_d16_xy v10, v0, s[4:7], 0 idxen"); /* 16: x only */
    ck_assert_uint_eq(le_get32(m->gmem + 80), 0xaaaa3c00u);
    run_ok(m, "tbuffer_store_format_d16_xy v10, v0, s[4:7], 0 format:[BUF_DATA_FORMAT_16_16,BUF_NUM_FORMAT_FLOAT] idxen");
    ck_assert_uint_eq(le_get32(m->gmem + 80), 0xc0003c00u);
    memset(m->gmem, 0xaa, 256);
    run_ok(m, "tbuffer_store_format_d16_xyz v[10:11], v0, s[4:7], 0 format:[BUF_DATA_FORMAT_16_16_16_16,BUF_NUM_FORMAT_UINT] idxen");
    static const uint8_t xyz[8] = { 0x00, 0x3c, 0x00, 0xc0, 0x03, 0x00, 0xaa, 0xaa };
    ck_assert_mem_eq(m->gmem + 80, xyz, 8);
    run_ok(m, "tbuffer_store_format_d16_xyzw v[10:11], v0, s[4:7], 0 format:[BUF_DATA_FORMAT_16_16_16_16,BUF_NUM_FORMAT_UINT] idxen");
    static const uint8_t xyzw[8] = { 0x00, 0x3c, 0x00, 0xc0, 0x03, 0x00, 0xff, 0xff };
    ck_assert_mem_eq(m->gmem + 80, xyzw, 8);
    ck_assert_uint_eq(le_get32(m->gmem + 64), 0xaaaaaaaau); /* lane 4 is off */
    free(m);
}
END_TEST

/* ---- ds_*_addtid_b32 ------------------------------------------------------------------------------ */

static uint32_t lds32(ut_machine_t *m, uint32_t a)
{
    return (uint32_t)m->lds[a] | (uint32_t)m->lds[a + 1] << 8 | (uint32_t)m->lds[a + 2] << 16 |
           (uint32_t)m->lds[a + 3] << 24;
}

START_TEST(ds_addtid)
{
    ut_machine_t *m = g9_machine(T9);
    for (unsigned i = 0; i < sizeof m->lds; i++)
        m->lds[i] = (uint8_t)(i * 7 + 3);
    m->w.sreg[ISA_REG_M0] = 0xabcd0008u; /* M0[15:0] = 8 */
    ut_vset_all(m, 1, 0x55555555u);
    run_ok(m, "ds_read_addtid_b32 v1 offset:16");
    for (unsigned l = 0; l < 64; l++) {
        uint32_t a = 24 + 4 * l, want = 0;
        for (unsigned b = 0; b < 4; b++)
            want |= (uint32_t)(uint8_t)((a + b) * 7 + 3) << (8 * b);
        ck_assert_msg(ut_vreg(m, 1)[l] == want, "lane %u: 0x%08x, want 0x%08x", l, ut_vreg(m, 1)[l], want);
    }
    ut_set_exec(m, 0x00000000000000f0ull);
    for (unsigned l = 0; l < 64; l++)
        ut_vreg(m, 2)[l] = 0x1000u + l;
    run_ok(m, "ds_write_addtid_b32 v2");
    for (unsigned l = 0; l < 12; l++) {
        uint32_t a = 8 + 4 * l;
        if (l >= 4 && l < 8)
            ck_assert_uint_eq(lds32(m, a), 0x1000u + l);
        else
            ck_assert_uint_ne(lds32(m, a), 0x1000u + l);
    }
    /* past the allocation: a fault, nothing written */
    ut_set_exec(m, ~0ull);
    m->w.sreg[ISA_REG_M0] = 0xff80u; /* lanes 32.. fall past 64 KiB */
    uint32_t before = lds32(m, 0xff80u);
    isa_inst_t in = g9_one(T9, "ds_write_addtid_b32 v2");
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_FAULT);
    ck_assert_int_eq(r.fault, ISA_FAULT_LDS_BOUNDS);
    ck_assert_int_eq(r.fault_lane, 32);
    ck_assert_uint_eq(lds32(m, 0xff80u), before);
    free(m);
}
END_TEST

/* ---- Scalar scratch and s_dcache_discard ------------------------------------------------------------ */

START_TEST(scalar_scratch)
{
    ut_machine_t *m = g9_machine(T9);
    uint64_t fs = UT_MEM_BASE + 0x100;
    m->w.sreg[ISA_REG_FLAT_SCRATCH_LO] = (uint32_t)fs;
    m->w.sreg[ISA_REG_FLAT_SCRATCH_HI] = (uint32_t)(fs >> 32);
    m->w.sreg[2] = 0x12345678u; /* SBASE: ignored */
    m->w.sreg[3] = 0x9abcdef0u;
    run_ok(m, "s_scratch_load_dwordx2 s[10:11], s[2:3], 0x8");
    ck_assert_uint_eq(m->w.sreg[10], le_get32(m->gmem + 0x108));
    ck_assert_uint_eq(m->w.sreg[11], le_get32(m->gmem + 0x10c));
    run_ok(m, "s_scratch_load_dword s12, s[2:3], -8");
    ck_assert_uint_eq(m->w.sreg[12], le_get32(m->gmem + 0xf8));
    m->w.sreg[7] = 0x20;
    m->w.sreg[5] = 0xcafef00du;
    run_ok(m, "s_scratch_store_dword s5, s[0:1], s7");
    ck_assert_uint_eq(le_get32(m->gmem + 0x120), 0xcafef00du);
    for (unsigned i = 0; i < 4; i++)
        m->w.sreg[8 + i] = 0x01010101u * (i + 1);
    run_ok(m, "s_scratch_store_dwordx4 s[8:11], s[0:1], 0x40");
    for (unsigned i = 0; i < 4; i++)
        ck_assert_uint_eq(le_get32(m->gmem + 0x140 + 4 * i), 0x01010101u * (i + 1));
    /* FLAT_SCRATCH past the window: the scalar access faults at its address */
    m->w.sreg[ISA_REG_FLAT_SCRATCH_HI] = 0;
    isa_inst_t in = g9_one(T9, "s_scratch_load_dword s12, s[2:3], 0x0");
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_FAULT);
    ck_assert_uint_eq(r.fault_addr, (uint32_t)fs);
    free(m);
}
END_TEST

START_TEST(dcache_discard)
{
    ut_machine_t *m = g9_machine(T9);
    ut_machine_t *ref = g9_machine(T9);
    isa_inst_t in = g9_one(T9, "s_dcache_discard s[2:3], s0");
    ck_assert_int_eq(in.op, ISA_s_dcache_discard);
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    ck_assert_uint_eq(r.lanes, 0);
    ck_assert_mem_eq(m->w.sreg, ref->w.sreg, sizeof m->w.sreg);
    ck_assert_mem_eq(m->gmem, ref->gmem, sizeof m->gmem);
    in = g9_one(T9, "s_dcache_discard_x2 s[4:5], 0x40");
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    ck_assert_mem_eq(m->gmem, ref->gmem, sizeof m->gmem);
    free(m);
    free(ref);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("mem9_rest");
    TCase *t = tcase_create("mem9_rest");
    tcase_add_test(t, packed_names);
    tcase_add_test(t, packed_encodings);
    tcase_add_test(t, packed_loads);
    tcase_add_test(t, packed_stores);
    tcase_add_test(t, ds_addtid);
    tcase_add_test(t, scalar_scratch);
    tcase_add_test(t, dcache_discard);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(suite)
