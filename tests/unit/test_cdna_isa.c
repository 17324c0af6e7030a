/* CDNA's instructions beside the matrix core (cdnaisa): gfx908's accumulating dot products and
 * v_pk_fmac_f16, gfx90a's packed f32, v_fmac_f64 and f64 atomics, gfx940's v_mov_b64,
 * v_lshl_add_u64, v_fmamk/fmaak_f32, packed f16/bf16 atomics and scope bits (sc0, sc1, nt); the
 * per-target forms (gfx90a's VOP3-only v_mul_legacy_f32, gfx908's non-returning f32 atomics).
 * Expected values are derived by hand from the IEEE formats (noted beside each case), not from
 * isa/exec/exec_cdna.c; the encodings are llvm-mc-15's (gfx908, gfx90a) and llvm-mc-19's (gfx942). */
#include "asm/asm.h"
#include "asm/asm_encode.h"
#include "asm_harness.h"
#include "exec/exec_cdna.h"
#include "mem_harness.h"
#include "common/le.h"

/* The source of `body` (one or more lines) for target `tg`, into text[512]. */
static const char *source(char *text, const char *tg, const char *body)
{
    snprintf(text, 512, ".amdgcn_target \"amdgcn-amd-amdhsa--%s\"\nentry:\n  %s\n", tg, body);
    return text;
}

/* Assemble `body` for target `tg`; the program's first kernel. */
static isa_program_t on(const char *tg, const char *body)
{
    char text[512];
    return ah_ok(source(text, tg, body));
}

static isa_inst_t one(const char *tg, const char *line)
{
    isa_program_t p = on(tg, line);
    ck_assert_uint_eq(p.kernels[0].ninsts, 1);
    isa_inst_t in = p.kernels[0].insts[0];
    isa_program_free(&p);
    return in;
}

/* A line that must fail once on target tg, with `want` in its diagnostic. */
static void fails_with(const char *tg, const char *line, const char *want)
{
    char text[512];
    char *d = ah_fails(source(text, tg, line), 1);
    ck_assert_msg(strstr(d, want), "%s on %s: %s, want '%s'", line, tg, d, want);
    free(d);
}

/* The bytes of one instruction (as `gcnsim asm --encoding` writes them) and its printed form. */
static void encodes(const char *tg, const char *line, const char *bytes, const char *printed)
{
    isa_program_t p = on(tg, line);
    asm_opcode_map_t *m = asm_opcode_map_create(p.target);
    uint8_t out[ASM_ENCODE_MAX];
    char err[200], got[64], text[200];
    unsigned n = asm_encode_inst(m, &p.kernels[0], &p.kernels[0].insts[0], out, err, sizeof err);
    ck_assert_msg(n > 0, "%s: %s", line, err);
    asm_format_bytes(out, n, got, sizeof got);
    ck_assert_msg(strcmp(got, bytes) == 0, "%s: %s, want %s", line, got, bytes);
    isa_format_inst(&p.kernels[0], &p.kernels[0].insts[0], text, sizeof text);
    ck_assert_str_eq(text, printed);
    asm_opcode_map_free(m);
    isa_program_free(&p);
}

/* Run one instruction of target tg on a machine whose v1..v7 hold v[k] in every lane (v0 too);
 * return lanes 0 of v0 and v1 as v1:v0. */
static uint64_t run(const char *tg, const char *line, const uint32_t v[8])
{
    isa_inst_t in = one(tg, line);
    isa_inst_predecode(&in);
    ut_machine_t *m = ut_machine_new();
    isa_target_parse(tg, strlen(tg), &m->w.target);
    for (unsigned r = 0; r < 8; r++)
        ut_vset_all(m, r, v[r]);
    isa_exec_result_t res = ut_run(m, &in);
    ck_assert_msg(res.status == ISA_EXEC_OK, "%s: %s", line, res.fault_msg);
    uint64_t r = (uint64_t)ut_vreg(m, 1)[0] << 32 | ut_vreg(m, 0)[0];
    free(m);
    return r;
}

static uint32_t run32(const char *tg, const char *line, const uint32_t v[8])
{
    return (uint32_t)run(tg, line, v);
}

/* ---- per-target forms and scope bits ------------------------------------------------------------- */

START_TEST(test_forms)
{
    /* gfx90a gave v_mul_legacy_f32's VOP2 opcode to v_fmac_f64: VOP3 only, printed without a suffix */
    encodes("gfx90a", "v_mul_legacy_f32 v1, v8, v9", "[0x01,0x00,0xa1,0xd2,0x08,0x13,0x02,0x00]",
            "v_mul_legacy_f32 v1, v8, v9");
    encodes("gfx906", "v_mul_legacy_f32 v1, v8, v9", "[0x08,0x13,0x02,0x08]", "v_mul_legacy_f32_e32 v1, v8, v9");
    fails_with("gfx90a", "v_mul_legacy_f32_e32 v1, v8, v9", "has no 32-bit encoding on gfx90a");
    encodes("gfx90a", "v_fmac_f64 v[2:3], v[8:9], v[10:11]", "[0x08,0x15,0x04,0x08]",
            "v_fmac_f64_e32 v[2:3], v[8:9], v[10:11]");
    encodes("gfx90a", "v_pk_fma_f32 v[2:3], v[4:5], v[6:7], v[8:9]", "[0x02,0x40,0xb0,0xd3,0x04,0x0d,0x22,0x1c]",
            "v_pk_fma_f32 v[2:3], v[4:5], v[6:7], v[8:9]");
    encodes("gfx908", "v_dot2c_f32_f16 v1, v8, v9", "[0x08,0x13,0x02,0x6e]", "v_dot2c_f32_f16_e32 v1, v8, v9");
    /* gfx908's f32 and packed f16 atomics return nothing; gfx90a's do */
    fails_with("gfx908", "global_atomic_add_f32 v1, v[2:3], v4, off glc", "returns nothing on gfx908");
    fails_with("gfx908", "buffer_atomic_add_f32 v1, off, s[4:7], s1 glc", "returns nothing on gfx908");
    encodes("gfx908", "global_atomic_add_f32 v[2:3], v4, off", "[0x00,0x80,0x34,0xdd,0x02,0x04,0x7f,0x00]",
            "global_atomic_add_f32 v[2:3], v4, off");
    encodes("gfx90a", "global_atomic_add_f32 v1, v[2:3], v4, off glc", "[0x00,0x80,0x35,0xdd,0x02,0x04,0x7f,0x01]",
            "global_atomic_add_f32 v1, v[2:3], v4, off glc");
}
END_TEST

START_TEST(test_scope_bits)
{
    /* gfx942: sc0 is glc's bit 16, nt slc's bit 17, sc1 FLAT bit 25 / MUBUF bit 15 / MTBUF word 1 bit 21 */
    encodes("gfx942", "flat_load_dword v1, v[20:21] sc0 sc1 nt", "[0x00,0x00,0x53,0xde,0x14,0x00,0x00,0x01]",
            "flat_load_dword v1, v[20:21] sc0 nt sc1");
    encodes("gfx942", "buffer_load_dword v1, off, s[4:7], s1 nt sc1 sc0", "[0x00,0xc0,0x52,0xe0,0x00,0x01,0x01,0x01]",
            "buffer_load_dword v1, off, s[4:7], s1 sc0 nt sc1");
    encodes("gfx942", "tbuffer_load_format_x v1, off, s[4:7], s1 sc0 sc1 nt",
            "[0x00,0x40,0x08,0xe8,0x00,0x01,0x61,0x01]", "tbuffer_load_format_x v1, off, s[4:7], s1 sc0 nt sc1");
    encodes("gfx942", "buffer_atomic_add v1, off, s[4:7], s1 sc0", "[0x00,0x40,0x08,0xe1,0x00,0x01,0x01,0x01]",
            "buffer_atomic_add v1, off, s[4:7], s1 sc0");
    encodes("gfx942", "buffer_inv sc0 sc1", "[0x00,0xc0,0xa4,0xe0,0x00,0x00,0x00,0x00]", "buffer_inv sc0 sc1");
    encodes("gfx942", "buffer_wbl2 sc1", "[0x00,0x80,0xa0,0xe0,0x00,0x00,0x00,0x00]", "buffer_wbl2 sc1");
    encodes("gfx90a", "buffer_invl2", "[0x00,0x00,0xa4,0xe0,0x00,0x00,0x00,0x00]", "buffer_invl2");
    /* gfx942's scratch_ with a VGPR address sets SVE (bit 13) */
    encodes("gfx942", "scratch_load_dword v1, v2, off sc1", "[0x00,0x60,0x50,0xde,0x02,0x00,0x7f,0x01]",
            "scratch_load_dword v1, v2, off sc1");
    /* a returning atomic returns with sc0 as it did with glc */
    isa_inst_t in = one("gfx942", "global_atomic_add v1, v[2:3], v4, off sc0");
    ck_assert(in.glc && isa_opnd_is_vgpr(in.vdst));
    fails_with("gfx942", "flat_load_dword v1, v[2:3] glc", "'glc' is spelled 'sc0' on gfx942");
    fails_with("gfx90a", "flat_load_dword v1, v[2:3] sc1", "'sc1' is a scope bit of gfx940");
    fails_with("gfx942", "buffer_load_dword v1, off, s[4:7], s1 slc", "'slc' is spelled 'nt'");
    /* SMEM keeps glc on gfx942 */
    encodes("gfx942", "s_load_dword s1, s[2:3], 0x0 glc", "[0x41,0x00,0x03,0xc0,0x00,0x00,0x00,0x00]",
            "s_load_dword s1, s[2:3], 0x0 glc");
}
END_TEST

/* ---- VALU ------------------------------------------------------------------------------------------ */

START_TEST(test_dot_c)
{
    /* v0 = 1.5; v1 = f16 (hi 2.0, lo 1.0), v2 = (hi 3.0, lo 0.5): 1.5 + 1*0.5 + 2*3 = 8.0 */
    uint32_t v[8] = { 0x3fc00000, 0x40003c00, 0x42003800 };
    ck_assert_uint_eq(run32("gfx908", "v_dot2c_f32_f16 v0, v1, v2", v), 0x41000000);
    /* signed bytes (1, -2, 3, -4) . (5, 6, -7, 8) = 5 - 12 - 21 - 32 = -60, plus 100 = 40 */
    uint32_t b[8] = { 100, 0xfc03fe01, 0x08f90605 };
    ck_assert_uint_eq(run32("gfx908", "v_dot4c_i32_i8 v0, v1, v2", b), 40);
    /* nibbles: eight 7 * -1 = -56 */
    uint32_t n[8] = { 0, 0x77777777, 0xffffffff };
    ck_assert_uint_eq(run32("gfx908", "v_dot8c_i32_i4 v0, v1, v2", n), (uint32_t)-56);
    /* halves (hi -3, lo 2) . (hi 4, lo -5) = -10 - 12 = -22, plus 22 = 0 */
    uint32_t h[8] = { 22, 0xfffd0002, 0x0004fffb };
    ck_assert_uint_eq(run32("gfx90a", "v_dot2c_i32_i16 v0, v1, v2", h), 0);
    /* wraps without clamp: INT32_MAX + 1*1 */
    uint32_t w[8] = { 0x7fffffff, 0x00000001, 0x00000001 };
    ck_assert_uint_eq(run32("gfx908", "v_dot4c_i32_i8 v0, v1, v2", w), 0x80000000u);
}
END_TEST

START_TEST(test_pk_fmac_f16)
{
    /* v0 = (hi 1.0, lo 0.5), v1 = (2.0, 3.0), v2 = (0.5, 0.25): lo 3*0.25+0.5 = 1.25 (0x3d00), hi 2*0.5+1 = 2 (0x4000) */
    uint32_t v[8] = { 0x3c003800, 0x40004200, 0x38003400 };
    ck_assert_uint_eq(run32("gfx908", "v_pk_fmac_f16 v0, v1, v2", v), 0x40003d00);
    /* fused: (1 + 2^-10)(1 - 2^-11) - 1 = 2^-11 - 2^-21 = 2^-12 * (2 - 2^-9), exact in f16 (exponent 3,
     * mantissa 1022: 0x0ffe); an unfused product rounds to 1.0 first and gives 0 */
    uint32_t f[8] = { 0xbc00bc00, 0x3c013c01, 0x3bff3bff };
    ck_assert_uint_eq(run32("gfx908", "v_pk_fmac_f16 v0, v1, v2", f), 0x0ffe0ffe);
}
END_TEST

START_TEST(test_fmac_f64)
{
    /* v[0:1] = 1.0, v[2:3] = 2.0, v[4:5] = 3.0: 2*3 + 1 = 7 */
    uint32_t v[8] = { 0, 0x3ff00000, 0, 0x40000000, 0, 0x40080000 };
    ck_assert_uint_eq(run("gfx90a", "v_fmac_f64 v[0:1], v[2:3], v[4:5]", v), 0x401c000000000000ull);
    /* fused: (1 + 2^-50)(1 - 2^-51) - 1 = 2^-51 - 2^-101 = (2^50 - 1) * 2^-101, exact in f64
     * (0x3cbffffffffffff8, checked with Python's fractions); an unfused product gives 2^-51 */
    uint32_t f[8] = { 0, 0xbff00000, 0x00000004, 0x3ff00000, 0xfffffffc, 0x3fefffff };
    ck_assert_uint_eq(run("gfx90a", "v_fmac_f64 v[0:1], v[2:3], v[4:5]", f), 0x3cbffffffffffff8ull);
}
END_TEST

START_TEST(test_pk_f32)
{
    /* v[2:3] = (lo 1.0, hi 2.0), v[4:5] = (3.0, 4.0), v[6:7] = (0.5, 0.25) */
    uint32_t v[8] = { 0, 0, 0x3f800000, 0x40000000, 0x40400000, 0x40800000, 0x3f000000, 0x3e800000 };
    /* lo 1*3 + 0.5 = 3.5 (0x40600000), hi 2*4 + 0.25 = 8.25 (0x41040000) */
    ck_assert_uint_eq(run("gfx90a", "v_pk_fma_f32 v[0:1], v[2:3], v[4:5], v[6:7]", v), 0x4104000040600000ull);
    /* op_sel:[1,0,0]: the low result reads src0's high dword: 2*3 + 0.5 = 6.5 (0x40d00000) */
    ck_assert_uint_eq(run("gfx90a", "v_pk_fma_f32 v[0:1], v[2:3], v[4:5], v[6:7] op_sel:[1,0,0]", v),
                        0x4104000040d00000ull);
    /* op_sel_hi:[0,1,1]: the high result reads src0's low dword: 1*4 + 0.25 = 4.25 (0x40880000) */
    ck_assert_uint_eq(run("gfx90a", "v_pk_fma_f32 v[0:1], v[2:3], v[4:5], v[6:7] op_sel_hi:[0,1,1]", v),
                        0x4088000040600000ull);
    /* neg_lo:[1,0,0]: lo -1*3 + 0.5 = -2.5 (0xc0200000); neg_hi:[0,0,1]: hi 8 - 0.25 = 7.75 (0x40f80000) */
    ck_assert_uint_eq(run("gfx90a", "v_pk_fma_f32 v[0:1], v[2:3], v[4:5], v[6:7] neg_lo:[1,0,0] neg_hi:[0,0,1]", v),
                        0x40f80000c0200000ull);
    /* mul: 3, 8; add: 4, 6 */
    ck_assert_uint_eq(run("gfx90a", "v_pk_mul_f32 v[0:1], v[2:3], v[4:5]", v), 0x4100000040400000ull);
    ck_assert_uint_eq(run("gfx90a", "v_pk_add_f32 v[0:1], v[2:3], v[4:5]", v), 0x40c0000040800000ull);
    /* clamp: 8 -> 1.0, and -2.5 -> +0 */
    ck_assert_uint_eq(run("gfx90a", "v_pk_fma_f32 v[0:1], v[2:3], v[4:5], v[6:7] neg_lo:[1,0,0] clamp", v),
                        0x3f80000000000000ull);
    /* mov: D.lo = src0's dword op_sel[0], D.hi = src1's dword op_sel[1] */
    ck_assert_uint_eq(run("gfx90a", "v_pk_mov_b32 v[0:1], v[2:3], v[4:5] op_sel:[1,0]", v), 0x4040000040000000ull);
    ck_assert_uint_eq(run("gfx90a", "v_pk_mov_b32 v[0:1], v[2:3], v[4:5] op_sel:[0,1]", v), 0x408000003f800000ull);
}
END_TEST

START_TEST(test_gfx940_valu)
{
    uint32_t v[8] = { 0, 0, 0x00000001, 0x00000001, 0xfffffff8, 0xffffffff, 0x40000000, 0x3f000000 };
    /* (0x1_0000_0001 << 3) + 0xffff_ffff_ffff_fff8 = 0x8_0000_0008 - 8 = 0x8_0000_0000 */
    ck_assert_uint_eq(run("gfx942", "v_lshl_add_u64 v[0:1], v[2:3], 3, v[4:5]", v), 0x0000000800000000ull);
    ck_assert_uint_eq(run("gfx942", "v_mov_b64 v[0:1], v[4:5]", v), 0xfffffffffffffff8ull);
    ck_assert_uint_eq(run("gfx942", "v_mov_b64 v[0:1], 1.0", v), 0x3ff0000000000000ull); /* the f64 pattern */
    /* fmaak: 2 * 0.5 + 3 = 4 (0x40800000); fmamk: 2 * 3 + 0.5 = 6.5 (0x40d00000) */
    ck_assert_uint_eq(run32("gfx942", "v_fmaak_f32 v0, v6, v7, 0x40400000", v), 0x40800000);
    ck_assert_uint_eq(run32("gfx942", "v_fmamk_f32 v0, v6, 0x40400000, v7", v), 0x40d00000);
}
END_TEST

START_TEST(test_fp8_cvt)
{
    /* fp8 E4M3 FNUZ (bias 8): 0x40 = 2^0 = 1.0, 0x44 = 1.5, 0x48 = 2.0; bf8 E5M2 FNUZ (bias 16): 0x42 = 1.5;
     * 0x80 is the NaN of both */
    uint32_t v[8] = { 0xaabbccdd, 0x12345644, 0x00004840, 0x3f800000, 0x3fc00000, 0x40000000, 0x3f880000, 0x42 };
    ck_assert_uint_eq(run32("gfx942", "v_cvt_f32_fp8 v0, v1", v), 0x3fc00000);          /* byte 0 only */
    ck_assert_uint_eq(run32("gfx942", "v_cvt_f32_bf8 v0, v7", v), 0x3fc00000);
    ck_assert_uint_eq(run32("gfx942", "v_cvt_f32_fp8_sdwa v0, v2 src0_sel:BYTE_1", v), 0x40000000);
    ck_assert_uint_eq(run("gfx942", "v_cvt_pk_f32_fp8 v[0:1], v2", v), 0x400000003f800000ull); /* bytes 0, 1 */
    uint32_t n[8] = { 0, 0x80 };
    uint32_t nan = run32("gfx942", "v_cvt_f32_fp8 v0, v1", n);
    ck_assert_msg((nan & 0x7fffffffu) > 0x7f800000u, "fp8 0x80 gives %08x, not a NaN", nan);
    /* 1.0 and 1.5 into the low word (0x4440), the high word of v0 kept; op_sel[3]: the high word */
    ck_assert_uint_eq(run32("gfx942", "v_cvt_pk_fp8_f32 v0, v3, v4", v), 0xaabb4440);
    ck_assert_uint_eq(run32("gfx942", "v_cvt_pk_fp8_f32 v0, v3, v4 op_sel:[0,0,1]", v), 0x4440ccdd);
    /* 2.0 into byte 3 (op_sel[3:2] = 3), the others kept */
    ck_assert_uint_eq(run32("gfx942", "v_cvt_sr_fp8_f32 v0, v5, v0 op_sel:[0,0,1,1]", v), 0x48bbccdd);
    /* 1.0625 is half an fp8 ulp above 1.0: 20 bits dropped, 2^19 of them set; the random bits (S1's low
     * 20) round it up only when their sum carries: 0x7ffff keeps 1.0 (0x40), 0x80000 gives 1.125 (0x41) */
    uint32_t r[8] = { 0, 0x3f880000, 0x0007ffff, 0x00080000 };
    ck_assert_uint_eq(run32("gfx942", "v_cvt_sr_fp8_f32 v0, v1, v2", r) & 0xff, 0x40);
    ck_assert_uint_eq(run32("gfx942", "v_cvt_sr_fp8_f32 v0, v1, v3", r) & 0xff, 0x41);
    encodes("gfx942", "v_cvt_sr_fp8_f32 v1, v8, v9 op_sel:[0,0,1,1]", "[0x01,0x60,0xa4,0xd2,0x08,0x13,0x02,0x00]",
            "v_cvt_sr_fp8_f32 v1, v8, v9 op_sel:[0,0,1,1]");
    encodes("gfx942", "v_cvt_pk_fp8_f32 v1, v8, v9 op_sel:[0,0,1]", "[0x01,0x40,0xa2,0xd2,0x08,0x13,0x02,0x00]",
            "v_cvt_pk_fp8_f32 v1, v8, v9 op_sel:[0,0,1]");
}
END_TEST

/* ---- atomics --------------------------------------------------------------------------------------- */

static uint64_t at(isa_op_t op, uint64_t old, uint64_t data)
{
    uint64_t nv = 0xdeadull;
    ck_assert(isa_x_cdna_atomic(op, old, data, &nv));
    return nv;
}

START_TEST(test_atomic_values)
{
    ck_assert_uint_eq(at(ISA_global_atomic_add_f32, 0x3f800000, 0x40000000), 0x40400000); /* 1 + 2 = 3 */
    /* global f32 atomics flush denormals: 2^-127 + 2^-127 = 2^-126 would be normal; flushed, 0 + 0 = 0 */
    ck_assert_uint_eq(at(ISA_buffer_atomic_add_f32, 0x00400000, 0x00400000), 0);
    /* (1.0, 2.0) + (0.5, 0.5) halves = (1.5, 2.5) */
    ck_assert_uint_eq(at(ISA_global_atomic_pk_add_f16, 0x3c004000, 0x38003800), 0x3e004100);
    ck_assert_uint_eq(at(ISA_ds_pk_add_rtn_f16, 0x3c004000, 0x38003800), 0x3e004100);
    /* bf16 (ulp 2^-7 at 1): 1 + 2^-8 is a tie, to the even 1.0 (0x3f80); 1.0078125 + 2^-8 a tie, to
     * 1.015625 (0x3f82); 2.0 + 1.0 = 3.0 (0x4040) in the high half */
    ck_assert_uint_eq(at(ISA_flat_atomic_pk_add_bf16, 0x40003f80, 0x3f803b80), 0x40403f80);
    ck_assert_uint_eq(at(ISA_ds_pk_add_bf16, 0x00003f81, 0x00003b80), 0x00003f82);
    /* f64: 1.5 + 2.25 = 3.75; min/max: a NaN gives the other operand, -0 below +0 */
    ck_assert_uint_eq(at(ISA_global_atomic_add_f64, 0x3ff8000000000000ull, 0x4002000000000000ull), 0x400e000000000000ull);
    ck_assert_uint_eq(at(ISA_flat_atomic_min_f64, 0x7ff8000000000001ull, 0x4000000000000000ull), 0x4000000000000000ull);
    ck_assert_uint_eq(at(ISA_buffer_atomic_min_f64, 0x0000000000000000ull, 0x8000000000000000ull), 0x8000000000000000ull);
    ck_assert_uint_eq(at(ISA_global_atomic_max_f64, 0x8000000000000000ull, 0x0000000000000000ull), 0);
    ck_assert_uint_eq(at(ISA_global_atomic_max_f64, 0x3ff0000000000000ull, 0x4000000000000000ull), 0x4000000000000000ull);
    /* f64 denormals are kept: 2^-1074 + 2^-1074 = 2^-1073 */
    ck_assert_uint_eq(at(ISA_ds_add_f64, 1, 1), 2);
    uint64_t nv;
    ck_assert(!isa_x_cdna_atomic(ISA_global_atomic_add, 1, 1, &nv));
}
END_TEST

START_TEST(test_atomic_exec)
{
    /* global_atomic_add_f64 with glc on gfx90a: memory 1.5 + 2.25, the old value returned */
    ut_machine_t *m = ut_machine_new();
    m->w.target = ISA_TARGET_GFX90A;
    mh_set_addr(m, 0, UT_MEM_BASE, 8);
    ut_vset_all(m, 4, 0);
    ut_vset_all(m, 5, 0x40020000);
    for (unsigned l = 0; l < ISA_WAVE_SIZE; l++)
        le_put32(m->gmem + 8 * l + 4, 0x3ff80000);
    isa_inst_t in = one("gfx90a", "global_atomic_add_f64 v[6:7], v[0:1], v[4:5], off glc");
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_msg(r.status == ISA_EXEC_OK, "%s", r.fault_msg);
    ck_assert_uint_eq(le_get32(m->gmem + 8 * 5 + 4), 0x400e0000);
    ck_assert_uint_eq(ut_vreg(m, 7)[5], 0x3ff80000);
    /* ds_add_rtn_f64: LDS 1.0 + 1.0 */
    mh_set_lds_addr(m, 0, 8);
    ut_vset_all(m, 2, 0);
    ut_vset_all(m, 3, 0x3ff00000);
    for (unsigned l = 0; l < ISA_WAVE_SIZE; l++)
        le_put32(m->lds + 8 * l + 4, 0x3ff00000);
    in = one("gfx90a", "ds_add_rtn_f64 v[8:9], v0, v[2:3]");
    r = ut_run(m, &in);
    ck_assert_msg(r.status == ISA_EXEC_OK, "%s", r.fault_msg);
    ck_assert_uint_eq(le_get32(m->lds + 8 * 3 + 4), 0x40000000);
    ck_assert_uint_eq(ut_vreg(m, 9)[3], 0x3ff00000);
    /* ds_pk_add_f16 (gfx942): (1.0, 2.0) + (0.5, 0.5) */
    mh_set_lds_addr(m, 0x1000, 4);
    ut_vset_all(m, 2, 0x38003800);
    for (unsigned l = 0; l < ISA_WAVE_SIZE; l++)
        le_put32(m->lds + 0x1000 + 4 * l, 0x3c004000);
    in = one("gfx942", "ds_pk_add_f16 v0, v2");
    r = ut_run(m, &in);
    ck_assert_msg(r.status == ISA_EXEC_OK, "%s", r.fault_msg);
    ck_assert_uint_eq(le_get32(m->lds + 0x1000 + 4 * 9), 0x3e004100);
    free(m);
}
END_TEST

START_TEST(test_load_lds)
{
    /* gfx942 global_load_lds_dword: lane l reads the dword at base + 8 + 4l, written to LDS at
     * M0[15:0] + 8 + 4l; no VGPR changes */
    ut_machine_t *m = ut_machine_new();
    m->w.target = ISA_TARGET_GFX942;
    m->w.sreg[ISA_REG_M0] = 0xffff0100u; /* only [15:0] counts: 0x100 */
    mh_set_addr(m, 0, UT_MEM_BASE, 4);
    ut_vset_all(m, 2, 0x5a5a5a5a);
    for (unsigned l = 0; l < ISA_WAVE_SIZE + 2; l++)
        le_put32(m->gmem + 4 * l, 0x1000 + l);
    isa_inst_t in = one("gfx942", "global_load_lds_dword v[0:1], off offset:8");
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_msg(r.status == ISA_EXEC_OK, "%s", r.fault_msg);
    ck_assert_uint_eq(le_get32(m->lds + 0x100 + 8 + 4 * 7), 0x1000 + 7 + 2);
    ck_assert_uint_eq(le_get32(m->lds + 0x100 + 8), 0x1002);
    ck_assert_uint_eq(ut_vreg(m, 2)[7], 0x5a5a5a5a);
    /* sbyte: the byte sign-extended (0xff -> 0xffffffff), at M0 + lane * 4 */
    m->gmem[4 * 3] = 0xff;
    in = one("gfx942", "global_load_lds_sbyte v[0:1], off");
    r = ut_run(m, &in);
    ck_assert_msg(r.status == ISA_EXEC_OK, "%s", r.fault_msg);
    ck_assert_uint_eq(le_get32(m->lds + 0x100 + 4 * 3), 0xffffffffu);
    /* an LDS address past the allocation faults before anything moves */
    m->w.sreg[ISA_REG_M0] = 0xfff0;
    m->w.lds_size = 0x10000;
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_FAULT);
    free(m);
    encodes("gfx942", "global_load_lds_dword v[2:3], off", "[0x00,0x80,0xa8,0xdc,0x02,0x00,0x7f,0x00]",
            "global_load_lds_dword v[2:3], off");
    encodes("gfx942", "scratch_load_lds_sshort off, s4 offset:8", "[0x08,0x40,0xa4,0xdc,0x00,0x00,0x04,0x00]",
            "scratch_load_lds_sshort off, s4 offset:8");
}
END_TEST

/* gfx942's scratch address modes beyond gfx9's (LLVM hasFlatScratchSTMode / SVSMode): both
 * addresses off (the offset alone; clang-19's spills) and VGPR + SGPR. Bytes from llvm-mc-19. */
START_TEST(test_scratch_modes)
{
    encodes("gfx942", "scratch_load_dword v1, off, off offset:16", "[0x10,0x40,0x50,0xdc,0x00,0x00,0x7f,0x01]",
            "scratch_load_dword v1, off, off offset:16");
    encodes("gfx942", "scratch_store_dword off, v3, off offset:1828", "[0x24,0x47,0x70,0xdc,0x00,0x03,0x7f,0x00]",
            "scratch_store_dword off, v3, off offset:1828");
    encodes("gfx942", "scratch_load_dword v1, v2, s3 offset:16", "[0x10,0x60,0x50,0xdc,0x02,0x00,0x03,0x01]",
            "scratch_load_dword v1, v2, s3 offset:16");
    fails_with("gfx90a", "scratch_load_dword v1, off, off offset:16", "exactly one of them must be 'off' (before gfx940)");
    /* Private offset o of lane l is the dword at FLAT_SCRATCH + (o / 4) * 256 + 4l (the interleave):
     * o = 16 from the offset alone, and from v2 (8) + s3 (4) + 4. */
    static const char *const lines[] = { "scratch_load_dword v1, off, off offset:16",
                                         "scratch_load_dword v1, v2, s3 offset:4" };
    for (int k = 0; k < 2; k++) {
        ut_machine_t *m = ut_machine_new();
        m->w.target = ISA_TARGET_GFX942;
        m->w.sreg[ISA_REG_FLAT_SCRATCH_LO] = (uint32_t)UT_MEM_BASE;
        m->w.sreg[ISA_REG_FLAT_SCRATCH_HI] = (uint32_t)(UT_MEM_BASE >> 32);
        m->w.sreg[3] = 4;
        ut_vset_all(m, 2, 8);
        for (unsigned l = 0; l < ISA_WAVE_SIZE; l++)
            le_put32(m->gmem + 4 * 256 + 4 * l, 0x7000 + l);
        isa_inst_t in = one("gfx942", lines[k]);
        isa_exec_result_t r = ut_run(m, &in);
        ck_assert_msg(r.status == ISA_EXEC_OK, "%s: %s", lines[k], r.fault_msg);
        ck_assert_uint_eq(ut_vreg(m, 1)[0], 0x7000);
        ck_assert_uint_eq(ut_vreg(m, 1)[63], 0x7000 + 63);
        free(m);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("cdna_isa");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_forms);
    tcase_add_test(tc, test_scope_bits);
    tcase_add_test(tc, test_dot_c);
    tcase_add_test(tc, test_pk_fmac_f16);
    tcase_add_test(tc, test_fmac_f64);
    tcase_add_test(tc, test_pk_f32);
    tcase_add_test(tc, test_gfx940_valu);
    tcase_add_test(tc, test_fp8_cvt);
    tcase_add_test(tc, test_atomic_values);
    tcase_add_test(tc, test_atomic_exec);
    tcase_add_test(tc, test_load_lds);
    tcase_add_test(tc, test_scratch_modes);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)
