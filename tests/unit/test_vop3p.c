/* gfx9's VOP3P instructions (packed 16-bit math, v_mad_mix/v_fma_mix, gfx906's dot products) against
 * references computed independently of isa/exec/exec_vop3p.c: the host's _Float16 and fmaf per half
 * (GCC on x86-64: float arithmetic rounded once to f16, correctly rounded for + and *), plain C
 * integer loops over the bytes and nibbles (casts, not masks), and values derived by hand from the
 * IEEE binary16 format (checked with Python's struct 'e' format). Instructions are assembled from
 * text whose first line names the gfx906 target, so the assembler's op_sel/op_sel_hi/neg rules are
 * exercised on the way; the decoder is checked against our encoder and against bytes llvm-mc-15
 * writes. */
#include "test_valu.h"

#include "asm/asm.h"
#include "asm/asm_decode.h"
#include "asm/asm_encode.h"
#include "asm/asm_vop3p.h"
#include "gfx9_harness.h"

__extension__ typedef _Float16 hf;

static hf h2f(uint32_t b) { hf x; uint16_t v = (uint16_t)b; memcpy(&x, &v, 2); return x; }
static uint32_t f2h(hf x) { uint16_t v; memcpy(&v, &x, 2); return v; }
static float hfv(uint32_t b) { return (float)h2f(b); }
static bool hnan(uint32_t b) { return (b & 0x7fffu) > 0x7c00u; }

/* One instruction of gfx906 text (gfx900 for v_mad_mix*, which gfx906 does not have). */
static isa_inst_t vp(const char *line)
{
    return g9_one(strncmp(line, "v_mad_mix", 9) == 0 ? ISA_TARGET_GFX900 : ISA_TARGET_GFX906, line);
}

/* Run `line` (destination v0, sources v1..v3) on a machine whose v1..v3 hold `a`, `b`, `c` in every
 * lane and v0 `old`; return lane 0 of v0. */
static uint32_t run1m(const char *line, uint32_t a, uint32_t b, uint32_t c, uint32_t old, uint32_t mode)
{
    isa_inst_t in = vp(line);
    ut_machine_t *m = ut_machine_new();
    isa_wave_set_mode(&m->w, mode);
    ut_vset_all(m, 0, old);
    ut_vset_all(m, 1, a);
    ut_vset_all(m, 2, b);
    ut_vset_all(m, 3, c);
    isa_exec_result_t res = ut_run(m, &in);
    ck_assert_msg(res.status == ISA_EXEC_OK, "%s: %s", line, res.fault_msg);
    uint32_t r = ut_vreg(m, 0)[0];
    free(m);
    return r;
}

/* The launch's MODE (f32 denormals flushed, f16 ones kept, IEEE, DX10 clamp). */
static uint32_t run1(const char *line, uint32_t a, uint32_t b, uint32_t c, uint32_t old)
{
    return run1m(line, a, b, c, old, 0x3c0);
}

/* ---- hand-derived cases -------------------------------------------------------------------------- */

START_TEST(test_pk_f16_hand)
{
    /* halves (hi, lo): v1 = (1.0, 2.0), v2 = (0.5, 0.5): lo 2.0+0.5 = 2.5 (0x4100), hi 1.0+0.5 = 1.5 (0x3e00) */
    ck_assert_uint_eq(run1("v_pk_add_f16 v0, v1, v2", 0x3c004000, 0x38003800, 0, 0), 0x3e004100);
    /* op_sel:[1,0]: the low result reads src0's high half: 1.0+0.5 = 1.5 in both */
    ck_assert_uint_eq(run1("v_pk_add_f16 v0, v1, v2 op_sel:[1,0]", 0x3c004000, 0x38003800, 0, 0), 0x3e003e00);
    /* op_sel_hi:[0,1]: the high result reads src0's low half: 2.0+0.5 = 2.5 in both */
    ck_assert_uint_eq(run1("v_pk_add_f16 v0, v1, v2 op_sel_hi:[0,1]", 0x3c004000, 0x38003800, 0, 0), 0x41004100);
    /* neg_lo:[1,0] neg_hi:[0,1]: lo -2.0+0.5 = -1.5 (0xbe00), hi 1.0-0.5 = 0.5 (0x3800) */
    ck_assert_uint_eq(run1("v_pk_add_f16 v0, v1, v2 neg_lo:[1,0] neg_hi:[0,1]", 0x3c004000, 0x38003800, 0, 0),
                      0x3800be00);
    /* clamp: 2*2 = 4 -> 1.0, -1*1 -> +0 */
    ck_assert_uint_eq(run1("v_pk_mul_f16 v0, v1, v2 clamp", 0xbc004000, 0x3c004000, 0, 0), 0x00003c00);
    /* an inline float is its f16 pattern zero-extended: 1.0 = 0x00003c00, so with op_sel_hi the high
     * result reads 0: lo 1.0+2.0 = 3.0 (0x4200), hi 0+2.0 = 2.0 */
    ck_assert_uint_eq(run1("v_pk_add_f16 v0, 1.0, v2", 0, 0x40004000, 0, 0), 0x40004200);
    ck_assert_uint_eq(run1("v_pk_add_f16 v0, 1.0, v2 op_sel_hi:[0,1]", 0, 0x40004000, 0, 0), 0x42004200);
    /* fma: 1.5*2.0+0.25 = 3.25 (0x4280) lo; hi -0.5*4.0+1.0 = -1.0 (0xbc00) */
    ck_assert_uint_eq(run1("v_pk_fma_f16 v0, v1, v2, v3", 0xb8003e00, 0x44004000, 0x3c003400, 0), 0xbc004280);
    /* a quiet NaN passes through quiet with its payload; a signalling one is quietened */
    ck_assert_uint_eq(run1("v_pk_add_f16 v0, v1, v2", 0x7c017e01, 0x3c003c00, 0, 0), 0x7e017e01);
    /* max: IEEE mode, a quiet NaN gives the other operand; -0 < +0 */
    ck_assert_uint_eq(run1("v_pk_max_f16 v0, v1, v2", 0x80007e00, 0x00003c00, 0, 0), 0x00003c00);
    ck_assert_uint_eq(run1("v_pk_min_f16 v0, v1, v2", 0x80007e00, 0x00003c00, 0, 0), 0x80003c00);
    /* f16 denormals kept (MODE[7:6] = 3): 0x0001 + 0x0001 = 0x0002 in each half */
    ck_assert_uint_eq(run1("v_pk_add_f16 v0, v1, v2", 0x00010001, 0x00010001, 0, 0), 0x00020002);
}
END_TEST

START_TEST(test_pk_int_hand)
{
    /* halves (hi, lo) */
    ck_assert_uint_eq(run1("v_pk_add_u16 v0, v1, v2", 0x0001ffff, 0x00020001, 0, 0), 0x00030000);
    ck_assert_uint_eq(run1("v_pk_add_u16 v0, v1, v2 clamp", 0x0001ffff, 0x00020001, 0, 0), 0x0003ffff);
    ck_assert_uint_eq(run1("v_pk_add_i16 v0, v1, v2", 0x80007fff, 0xffff0001, 0, 0), 0x7fff8000);
    ck_assert_uint_eq(run1("v_pk_add_i16 v0, v1, v2 clamp", 0x80007fff, 0xffff0001, 0, 0), 0x80007fff);
    ck_assert_uint_eq(run1("v_pk_sub_u16 v0, v1, v2 clamp", 0x00050001, 0x00020002, 0, 0), 0x00030000);
    ck_assert_uint_eq(run1("v_pk_sub_i16 v0, v1, v2 clamp", 0x7fff8000, 0xffff0001, 0, 0), 0x7fff8000);
    ck_assert_uint_eq(run1("v_pk_sub_i16 v0, v1, v2", 0x7fff8000, 0xffff0001, 0, 0), 0x80007fff);
    ck_assert_uint_eq(run1("v_pk_mul_lo_u16 v0, v1, v2", 0x01000003, 0x01000005, 0, 0), 0x0000000f);
    ck_assert_uint_eq(run1("v_pk_mul_lo_u16 v0, v1, v2 clamp", 0x01000003, 0x01000005, 0, 0), 0xffff000f);
    /* shifts take the amount from src0's low 4 bits */
    ck_assert_uint_eq(run1("v_pk_lshlrev_b16 v0, v1, v2", 0x00110004, 0x80010001, 0, 0), 0x00020010);
    ck_assert_uint_eq(run1("v_pk_lshrrev_b16 v0, v1, v2", 0x000f0004, 0x80008000, 0, 0), 0x00010800);
    ck_assert_uint_eq(run1("v_pk_ashrrev_i16 v0, v1, v2", 0x000f0004, 0x80008000, 0, 0), 0xfffff800);
    ck_assert_uint_eq(run1("v_pk_max_i16 v0, v1, v2", 0xffff0001, 0x00018000, 0, 0), 0x00010001);
    ck_assert_uint_eq(run1("v_pk_max_u16 v0, v1, v2", 0xffff0001, 0x00018000, 0, 0), 0xffff8000);
    ck_assert_uint_eq(run1("v_pk_min_i16 v0, v1, v2", 0xffff0001, 0x00018000, 0, 0), 0xffff8000);
    ck_assert_uint_eq(run1("v_pk_min_u16 v0, v1, v2", 0xffff0001, 0x00018000, 0, 0), 0x00010001);
    /* mad: 300*300 + 7 = 90007 -> 0x5f97 wrapped, 0xffff saturated; hi -2*3 + 1 = -5 */
    ck_assert_uint_eq(run1("v_pk_mad_u16 v0, v1, v2, v3", 0x0002012c, 0x0003012c, 0x00010007, 0), 0x00075f97);
    ck_assert_uint_eq(run1("v_pk_mad_u16 v0, v1, v2, v3 clamp", 0x0002012c, 0x0003012c, 0x00010007, 0), 0x0007ffff);
    ck_assert_uint_eq(run1("v_pk_mad_i16 v0, v1, v2, v3 clamp", 0xfffe012c, 0x0003012c, 0x00010007, 0), 0xfffb7fff);
    /* an integer inline constant is sign-extended to 32 bits: -1 is 0xffff in both halves */
    ck_assert_uint_eq(run1("v_pk_add_u16 v0, -1, v2", 0, 0x00020003, 0, 0), 0x00010002);
    /* neg_lo on an integer source changes nothing */
    ck_assert_uint_eq(run1("v_pk_add_u16 v0, v1, v2 neg_lo:[1,0]", 0x00010001, 0x00010001, 0, 0), 0x00020002);
}
END_TEST

START_TEST(test_mix_hand)
{
    /* src0 the f16 high half of v1 (1.0), src1 the f16 low half of v2 (1.5), src2 f32 0.25:
     * 1.0*1.5+0.25 = 1.75 = 0x3fe00000 */
    ck_assert_uint_eq(run1("v_fma_mix_f32 v0, v1, v2, v3 op_sel:[1,0,0] op_sel_hi:[1,1,0]", 0x3c004000, 0x00003e00,
                           0x3e800000, 0), 0x3fe00000);
    /* f32 sources: 2*3+1 = 7; neg and abs: -|(-2)| * 3 + 1 = -5 */
    ck_assert_uint_eq(run1("v_fma_mix_f32 v0, v1, v2, v3", 0x40000000, 0x40400000, 0x3f800000, 0), 0x40e00000);
    ck_assert_uint_eq(run1("v_fma_mix_f32 v0, -|v1|, v2, v3", 0xc0000000, 0x40400000, 0x3f800000, 0), 0xc0a00000);
    /* mixlo/mixhi: the f16 result (1.75 = 0x3f00) into one half, the other kept */
    ck_assert_uint_eq(run1("v_fma_mixlo_f16 v0, v1, v2, v3 op_sel:[1,0,0] op_sel_hi:[1,1,0]", 0x3c004000, 0x00003e00,
                           0x3e800000, 0xdeadbeef), 0xdead3f00);
    ck_assert_uint_eq(run1("v_fma_mixhi_f16 v0, v1, v2, v3 op_sel:[1,0,0] op_sel_hi:[1,1,0]", 0x3c004000, 0x00003e00,
                           0x3e800000, 0xdeadbeef), 0x3f00beef);
    /* clamp: 2*3+1 = 7 -> 1.0 */
    ck_assert_uint_eq(run1("v_fma_mix_f32 v0, v1, v2, v3 clamp", 0x40000000, 0x40400000, 0x3f800000, 0), 0x3f800000);
    /* an inline float on an f16 source (op_sel_hi) is the f16 value: 0.5*2.0 + 0 = 1.0 */
    ck_assert_uint_eq(run1("v_fma_mix_f32 v0, 0.5, v2, v3 op_sel_hi:[1,0,0]", 0, 0x40000000, 0, 0), 0x3f800000);
    /* mad_mix (unfused, denormals flushed): 2^-131 (an f32 denormal) * 1 + 0 = +0 */
    ck_assert_uint_eq(run1("v_mad_mix_f32 v0, v1, v2, v3", 0x00040000, 0x3f800000, 0, 0), 0);
    /* with f32 denormals allowed (MODE[5:4] = 3) v_fma_mix keeps 2^-130 (* 2^100 = 2^-30, 0x30800000),
     * v_mad_mix still flushes its inputs */
    ck_assert_uint_eq(run1m("v_fma_mix_f32 v0, v1, v2, v3", 0x00080000, 0x71800000, 0, 0, 0x3f0), 0x30800000);
    ck_assert_uint_eq(run1m("v_mad_mix_f32 v0, v1, v2, v3", 0x00080000, 0x71800000, 0, 0, 0x3f0), 0);
    /* f16 denormal inputs flushed when MODE[6] is 0: 2^-24 (0x0001) as an f16 source reads 0 */
    ck_assert_uint_eq(run1m("v_fma_mix_f32 v0, v1, v2, v3 op_sel_hi:[1,0,0]", 0x0001, 0x3f800000, 0, 0, 0x330), 0);
    ck_assert_uint_eq(run1m("v_fma_mix_f32 v0, v1, v2, v3 op_sel_hi:[1,0,0]", 0x0001, 0x3f800000, 0, 0, 0x3f0),
                      0x33800000);
    /* the f16 result rounds the f32 one: 1 + 2^-11 (f32 exact) is a tie in f16, to even: 1.0 */
    ck_assert_uint_eq(run1("v_mad_mixlo_f16 v0, v1, v2, v3", 0x3f800000, 0x3f800000, 0x3a000000, 0), 0x3c00);
}
END_TEST

START_TEST(test_dot_hand)
{
    /* (1.0*2.0 + 0.5*0.5) + 1.0 = 3.25 = 0x40500000 */
    ck_assert_uint_eq(run1("v_dot2_f32_f16 v0, v1, v2, v3", 0x38003c00, 0x38004000, 0x3f800000, 0), 0x40500000);
    ck_assert_uint_eq(run1("v_dot2_f32_f16 v0, v1, v2, v3 clamp", 0x38003c00, 0x38004000, 0x3f800000, 0), 0x3f800000);
    /* neg_lo:[1,0,0] negates src0's low half: -2.0 + 0.25 + 1.0 = -0.75 = 0xbf400000 */
    ck_assert_uint_eq(run1("v_dot2_f32_f16 v0, v1, v2, v3 neg_lo:[1,0,0]", 0x38003c00, 0x38004000, 0x3f800000, 0),
                      0xbf400000);
    /* i16: (-2)*3 + 4*5 + 10 = 24; u16 0xffff*2 + 1*1 + 0 = 0x1ffff */
    ck_assert_uint_eq(run1("v_dot2_i32_i16 v0, v1, v2, v3", 0x0004fffe, 0x00050003, 10, 0), 24);
    ck_assert_uint_eq(run1("v_dot2_u32_u16 v0, v1, v2, v3", 0x0001ffff, 0x00010002, 0, 0), 0x1ffff);
    /* i8: bytes (lsb first) 1,-1,2,-128 . 3,4,-5,127 = 3-4-10-16256 = -16267, +100 = -16167 */
    ck_assert_uint_eq(run1("v_dot4_i32_i8 v0, v1, v2, v3", 0x8002ff01, 0x7ffb0403, 100, 0), (uint32_t)-16167);
    /* u8: 255*255*4 = 260100 */
    ck_assert_uint_eq(run1("v_dot4_u32_u8 v0, v1, v2, v3", 0xffffffff, 0xffffffff, 0, 0), 260100);
    /* i4: nibbles of 0x8f1... : (-8)*7*8 = -448 */
    ck_assert_uint_eq(run1("v_dot8_i32_i4 v0, v1, v2, v3", 0x88888888, 0x77777777, 0, 0), (uint32_t)-448);
    ck_assert_uint_eq(run1("v_dot8_u32_u4 v0, v1, v2, v3", 0xffffffff, 0xffffffff, 5, 0), 8 * 225 + 5);
    /* clamp saturates the 32-bit sum; without it the sum wraps */
    ck_assert_uint_eq(run1("v_dot4_i32_i8 v0, v1, v2, v3 clamp", 0x01010101, 0x01010101, 0x7fffffff, 0), 0x7fffffff);
    ck_assert_uint_eq(run1("v_dot4_i32_i8 v0, v1, v2, v3", 0x01010101, 0x01010101, 0x7fffffff, 0), 0x80000003);
    ck_assert_uint_eq(run1("v_dot4_u32_u8 v0, v1, v2, v3 clamp", 0x01010101, 0x01010101, 0xffffffff, 0), 0xffffffff);
    ck_assert_uint_eq(run1("v_dot2_i32_i16 v0, v1, v2, v3 clamp", 0x80008000, 0x80008000, 0x7fffffff, 0), 0x7fffffff);
    ck_assert_uint_eq(run1("v_dot8_i32_i4 v0, v1, v2, v3 clamp", 0x11111111, 0x88888888, 0x80000000, 0), 0x80000000);
    /* op_sel on dot2_i32_i16 picks halves: both products from the high halves: 4*5*2 + 0 = 40 */
    ck_assert_uint_eq(run1("v_dot2_i32_i16 v0, v1, v2, v3 op_sel:[1,1,0]", 0x0004fffe, 0x00050003, 0, 0), 40);
}
END_TEST

/* ---- differential: every lane, every op_sel x op_sel_hi combination ----------------------------- */

static uint32_t half_of(uint32_t v, unsigned sel) { return sel ? v >> 16 : v & 0xffffu; }

static uint32_t ref_f16(const char *name, uint32_t a, uint32_t b, uint32_t c)
{
    if (!strcmp(name, "v_pk_add_f16"))
        return f2h(h2f(a) + h2f(b));
    if (!strcmp(name, "v_pk_mul_f16"))
        return f2h(h2f(a) * h2f(b));
    return f2h((hf)fma((double)hfv(a), (double)hfv(b), (double)hfv(c)));
}

START_TEST(test_pk_f16_diff)
{
    static const char *const ops[] = { "v_pk_add_f16", "v_pk_mul_f16", "v_pk_fma_f16" };
    uint64_t rng = 0x70c3ull;
    for (size_t k = 0; k < 3; k++) {
        unsigned n = k == 2 ? 3 : 2;
        for (unsigned os = 0; os < (1u << n); os++)
            for (unsigned oh = 0; oh < (1u << n); oh++) {
                char line[160], a1[16] = "[", a2[16] = "[";
                for (unsigned i = 0; i < n; i++) {
                    snprintf(a1 + strlen(a1), 4, "%s%u", i ? "," : "", os >> i & 1);
                    snprintf(a2 + strlen(a2), 4, "%s%u", i ? "," : "", oh >> i & 1);
                }
                strcat(a1, "]");
                strcat(a2, "]");
                unsigned nl = (os * 3 + oh) & ((1u << n) - 1);
                char neg[8];
                snprintf(neg, sizeof neg, n == 3 ? "[%u,%u,%u]" : "[%u,%u]", nl & 1, nl >> 1 & 1, nl >> 2 & 1);
                snprintf(line, sizeof line, "%s v0, v1, v2%s op_sel:%s op_sel_hi:%s neg_lo:%s", ops[k],
                         n == 3 ? ", v3" : "", a1, a2, neg);
                isa_inst_t in = vp(line);
                ut_machine_t *m = ut_machine_new();
                for (int l = 0; l < ISA_WAVE_SIZE; l++)
                    for (int s = 1; s <= 3; s++)
                        ut_vreg(m, (unsigned)s)[l] = (tv_rand(&rng) & 0x7fff7fffu) >> (l & 3) |
                                                      (l & 8 ? 0x80000000u : 0) | (l & 16 ? 0x8000u : 0);
                uint64_t exec = tv_exec_patterns[(os + oh) % TV_ROUNDS];
                ut_set_exec(m, exec);
                ut_vset_all(m, 0, TV_SENTINEL);
                isa_exec_result_t res = ut_run(m, &in);
                ck_assert_msg(res.status == ISA_EXEC_OK, "%s", res.fault_msg);
                for (int l = 0; l < ISA_WAVE_SIZE; l++) {
                    uint32_t s[3], lo[3], hi[3];
                    for (unsigned i = 0; i < 3; i++) {
                        s[i] = ut_vreg(m, 1 + i)[l];
                        lo[i] = half_of(s[i], os >> i & 1) ^ ((nl >> i & 1) && i < n ? 0x8000u : 0);
                        hi[i] = half_of(s[i], oh >> i & 1);
                    }
                    uint32_t want_lo = ref_f16(ops[k], lo[0], lo[1], lo[2]);
                    uint32_t want_hi = ref_f16(ops[k], hi[0], hi[1], hi[2]);
                    uint32_t got = ut_vreg(m, 0)[l];
                    if (!(exec >> l & 1)) {
                        ck_assert_uint_eq(got, TV_SENTINEL);
                        continue;
                    }
                    bool ok_lo = (got & 0xffffu) == want_lo || (hnan(want_lo) && hnan(got & 0xffffu));
                    bool ok_hi = (got >> 16) == want_hi || (hnan(want_hi) && hnan(got >> 16));
                    ck_assert_msg(ok_lo && ok_hi, "%s lane %d: %08x %08x %08x -> got %08x want %04x%04x", line, l,
                                  s[0], s[1], s[2], got, want_hi, want_lo);
                }
                free(m);
            }
    }
}
END_TEST

/* The integer packed ops per half, written as C on int16_t/uint16_t with explicit saturation. */
static uint32_t ref_i16(const char *name, uint32_t a, uint32_t b, uint32_t c, bool clamp)
{
    int16_t sa = (int16_t)a, sb = (int16_t)b, sc = (int16_t)c;
    long v;
    bool sg = true;
    if (!strcmp(name, "v_pk_add_i16")) v = (long)sa + sb;
    else if (!strcmp(name, "v_pk_sub_i16")) v = (long)sa - sb;
    else if (!strcmp(name, "v_pk_mad_i16")) v = (long)sa * sb + sc;
    else {
        sg = false;
        if (!strcmp(name, "v_pk_add_u16")) v = (long)a + (long)b;
        else if (!strcmp(name, "v_pk_sub_u16")) v = (long)a - (long)b;
        else if (!strcmp(name, "v_pk_mad_u16")) v = (long)a * (long)b + (long)c;
        else v = (long)a * (long)b; /* mul_lo */
    }
    if (clamp && sg)
        v = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
    if (clamp && !sg)
        v = v > 65535 ? 65535 : v < 0 ? 0 : v;
    return (uint16_t)v;
}

START_TEST(test_pk_int_diff)
{
    static const char *const ops[] = { "v_pk_add_i16", "v_pk_sub_i16", "v_pk_mad_i16", "v_pk_add_u16",
                                       "v_pk_sub_u16", "v_pk_mad_u16", "v_pk_mul_lo_u16" };
    uint64_t rng = 0x1a7e9ull;
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
        unsigned n = strstr(ops[k], "mad") ? 3 : 2;
        for (unsigned combo = 0; combo < (1u << (2 * n)) * 2; combo++) {
            unsigned os = combo & ((1u << n) - 1), oh = combo >> n & ((1u << n) - 1);
            bool clamp = combo >> (2 * n) & 1;
            char line[160];
            if (n == 3)
                snprintf(line, sizeof line, "%s v0, v1, v2, v3 op_sel:[%u,%u,%u] op_sel_hi:[%u,%u,%u]%s", ops[k], os & 1,
                         os >> 1 & 1, os >> 2 & 1, oh & 1, oh >> 1 & 1, oh >> 2 & 1, clamp ? " clamp" : "");
            else
                snprintf(line, sizeof line, "%s v0, v1, v2 op_sel:[%u,%u] op_sel_hi:[%u,%u]%s", ops[k], os & 1,
                         os >> 1 & 1, oh & 1, oh >> 1 & 1, clamp ? " clamp" : "");
            isa_inst_t in = vp(line);
            ut_machine_t *m = ut_machine_new();
            for (int l = 0; l < ISA_WAVE_SIZE; l++)
                for (unsigned s = 1; s <= 3; s++)
                    ut_vreg(m, s)[l] = l < 28 ? tv_int_edges[(l + s * 5 + combo) % 28] : tv_rand(&rng);
            isa_exec_result_t res = ut_run(m, &in);
            ck_assert_msg(res.status == ISA_EXEC_OK, "%s", res.fault_msg);
            for (int l = 0; l < ISA_WAVE_SIZE; l++) {
                uint32_t s[3], want = 0;
                for (unsigned i = 0; i < 3; i++)
                    s[i] = ut_vreg(m, 1 + i)[l];
                for (unsigned h = 0; h < 2; h++) {
                    unsigned sel = h ? oh : os;
                    want |= ref_i16(ops[k], half_of(s[0], sel & 1), half_of(s[1], sel >> 1 & 1),
                                    half_of(s[2], sel >> 2 & 1), clamp) << (16 * h);
                }
                ck_assert_msg(ut_vreg(m, 0)[l] == want, "%s lane %d: %08x %08x %08x -> got %08x want %08x", line, l,
                              s[0], s[1], s[2], ut_vreg(m, 0)[l], want);
            }
            free(m);
        }
    }
}
END_TEST

/* The dot products against loops over int8_t/uint8_t/int16_t casts and 4-bit fields. */
static uint32_t ref_dot(const char *name, uint32_t a, uint32_t b, uint32_t c, bool clamp)
{
    long long s = 0;
    bool sg = strstr(name, "_i32_") != NULL;
    if (strstr(name, "dot2")) {
        for (int k = 0; k < 2; k++)
            s += sg ? (long long)(int16_t)(a >> 16 * k) * (int16_t)(b >> 16 * k)
                    : (long long)(uint16_t)(a >> 16 * k) * (uint16_t)(b >> 16 * k);
    } else if (strstr(name, "dot4")) {
        for (int k = 0; k < 4; k++)
            s += sg ? (long long)(int8_t)(a >> 8 * k) * (int8_t)(b >> 8 * k)
                    : (long long)(uint8_t)(a >> 8 * k) * (uint8_t)(b >> 8 * k);
    } else {
        for (int k = 0; k < 8; k++) {
            int x = (int)(a >> 4 * k & 15), y = (int)(b >> 4 * k & 15);
            if (sg) {
                x = (int8_t)(x << 4) / 16; /* sign-extend the nibble through the top of a byte */
                y = (int8_t)(y << 4) / 16;
            }
            s += (long long)x * y;
        }
    }
    s += sg ? (long long)(int32_t)c : (long long)c;
    if (clamp)
        s = sg ? (s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : s) : (s > (long long)UINT32_MAX ? UINT32_MAX : s);
    return (uint32_t)s;
}

START_TEST(test_dot_diff)
{
    static const char *const ops[] = { "v_dot2_i32_i16", "v_dot2_u32_u16", "v_dot4_i32_i8", "v_dot4_u32_u8",
                                       "v_dot8_i32_i4", "v_dot8_u32_u4" };
    uint64_t rng = 0xd07ull;
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++)
        for (int clamp = 0; clamp < 2; clamp++) {
            char line[96];
            snprintf(line, sizeof line, "%s v0, v1, v2, v3%s", ops[k], clamp ? " clamp" : "");
            isa_inst_t in = vp(line);
            for (int r = 0; r < TV_ROUNDS; r++) {
                ut_machine_t *m = ut_machine_new();
                for (int l = 0; l < ISA_WAVE_SIZE; l++)
                    for (unsigned s = 1; s <= 3; s++)
                        ut_vreg(m, s)[l] = tv_value(tv_int_edges, sizeof tv_int_edges / 4, (int)s, r, l, &rng);
                uint64_t exec = tv_exec_patterns[r];
                ut_set_exec(m, exec);
                ut_vset_all(m, 0, TV_SENTINEL);
                isa_exec_result_t res = ut_run(m, &in);
                ck_assert_msg(res.status == ISA_EXEC_OK, "%s", res.fault_msg);
                for (int l = 0; l < ISA_WAVE_SIZE; l++)
                    TV_CHECK_LANE(m, 0, exec, l, ref_dot(ops[k], ut_vreg(m, 1)[l], ut_vreg(m, 2)[l], ut_vreg(m, 3)[l],
                                                         clamp), line);
                free(m);
            }
        }
}
END_TEST

/* fma_mix against fmaf over the sources as floats: f16 halves by op_sel when op_sel_hi is set. */
START_TEST(test_mix_diff)
{
    uint64_t rng = 0x313ull;
    for (unsigned os = 0; os < 8; os++)
        for (unsigned oh = 0; oh < 8; oh++) {
            char line[128];
            snprintf(line, sizeof line, "v_fma_mix_f32 v0, v1, v2, v3 op_sel:[%u,%u,%u] op_sel_hi:[%u,%u,%u]", os & 1,
                     os >> 1 & 1, os >> 2 & 1, oh & 1, oh >> 1 & 1, oh >> 2 & 1);
            isa_inst_t in = vp(line);
            ut_machine_t *m = ut_machine_new();
            for (int l = 0; l < ISA_WAVE_SIZE; l++)
                for (unsigned s = 1; s <= 3; s++) /* finite f16 halves, normal f32 values */
                    ut_vreg(m, s)[l] = (tv_rand(&rng) & 0x3bff3bffu) | 0x04000400u | (l & (int)s ? 0x80000000u : 0);
            isa_exec_result_t res = ut_run(m, &in);
            ck_assert_msg(res.status == ISA_EXEC_OK, "%s", res.fault_msg);
            for (int l = 0; l < ISA_WAVE_SIZE; l++) {
                float x[3];
                for (unsigned i = 0; i < 3; i++) {
                    uint32_t v = ut_vreg(m, 1 + i)[l];
                    x[i] = oh >> i & 1 ? hfv(half_of(v, os >> i & 1)) : ut_bitsf(v);
                }
                uint32_t want = ut_fbits(fmaf(x[0], x[1], x[2]));
                if ((want & 0x7f800000u) == 0) /* the launch's mode flushes f32 denormal results */
                    want &= 0x80000000u;
                ck_assert_msg(ut_vreg(m, 0)[l] == want, "%s lane %d: got %08x want %08x", line, l, ut_vreg(m, 0)[l],
                              want);
            }
            free(m);
        }
}
END_TEST

/* ---- the assembler's rules and the decoder ----------------------------------------------------- */

START_TEST(test_asm_rules)
{
    isa_inst_t in = vp("v_pk_add_f16 v0, v1, v2");
    ck_assert_uint_eq(in.op_sel, 0);
    ck_assert_uint_eq(in.op_sel_hi, 7); /* the unused third bit is encoded 1, as LLVM does */
    in = vp("v_fma_mix_f32 v0, v1, v2, v3");
    ck_assert_uint_eq(in.op_sel_hi, 0); /* mix: f32 sources by default */
    in = vp("v_pk_fma_f16 v0, v1, v2, v3 op_sel:[1] op_sel_hi:[0,1]"); /* missing elements are 0 */
    ck_assert_uint_eq(in.op_sel, 1);
    ck_assert_uint_eq(in.op_sel_hi, 2);
    /* neg on a 16-bit integer source past src0 is accepted and dropped (llvm-mc-15 encodes none) */
    in = vp("v_pk_add_u16 v0, v1, v2 neg_lo:[1,1] neg_hi:[0,1]");
    ck_assert(in.src[0].neg && !in.src[1].neg && !in.src[1].abs);
    in = vp("v_dot2_f32_f16 v0, v1, v2, v3 neg_lo:[0,1,1] neg_hi:[1,0,1]");
    ck_assert(!in.src[0].neg && in.src[1].neg && in.src[2].neg && in.src[0].abs && !in.src[1].abs && in.src[2].abs);
    char *d = g9_fails(ISA_TARGET_GFX906, "v_pk_add_f16 v0, v1, v2 clamp op_sel:[1,0]");
    ck_assert_ptr_nonnull(strstr(d, "out of order"));
    free(d);
    d = g9_fails(ISA_TARGET_GFX906, "v_pk_add_f16 v0, 0x4100, v2");
    ck_assert_ptr_nonnull(strstr(d, "literal constants are not allowed"));
    free(d);
    d = g9_fails(ISA_TARGET_GFX906, "v_pk_add_f16 v0, s1, s2");
    ck_assert_ptr_nonnull(strstr(d, "constant bus"));
    free(d);
    d = g9_fails(ISA_TARGET_GFX906, "v_fma_mix_f32 v0, v1, v2, v3 neg_lo:[1,0,0]");
    ck_assert_ptr_nonnull(strstr(d, "not neg_lo"));
    free(d);
    d = g9_fails(ISA_TARGET_GFX906, "v_add_f32 v0, v1, v2 op_sel:[1,0]");
    ck_assert_ptr_nonnull(strstr(d, "VOP3P modifiers"));
    free(d);
    d = g9_fails(ISA_TARGET_GFX906, "v_pk_add_f16 v0, v1, v2 op_sel:[2,0]");
    ck_assert_ptr_nonnull(strstr(d, "expected 0 or 1"));
    free(d);
    d = g9_fails(ISA_TARGET_GFX906, "v_mad_mix_f32 v0, v1, v2, v3"); /* gfx906 has v_fma_mix_f32 at that opcode */
    ck_assert_ptr_nonnull(strstr(d, "does not exist on gfx906 (it is a gfx900 instruction)"));
    free(d);
    d = ah_fails(".amdgcn_target \"amdgcn-amd-amdhsa--gfx900\"\nv_dot4_i32_i8 v0, v1, v2, v3\n", 1);
    ck_assert_ptr_nonnull(strstr(d, "does not exist on gfx900 (it is a gfx906, gfx908, gfx90a and gfx942 instruction)"));
    free(d);
    d = ah_fails("v_pk_add_f16 v0, v1, v2\n", 1); /* gfx803 text */
    ck_assert_ptr_nonnull(strstr(d, "gfx9 instruction"));
    free(d);
    d = ah_fails("v_fma_mix_f32 v0, v1, v2, v3\n", 1);
    ck_assert_ptr_nonnull(strstr(d, "does not exist on gfx803"));
    free(d);
}
END_TEST

static void decode_bytes(asm_opcode_map_t *m, const uint8_t *b, const char *want)
{
    isa_inst_t in;
    char err[200], text[200];
    unsigned n = asm_decode_inst(m, b, 8, 0, &in, err, sizeof err);
    if (!want) {
        ck_assert_msg(n == 0, "decoded what must be refused");
        return;
    }
    ck_assert_msg(n == 8, "%s", err);
    isa_format_inst(NULL, &in, text, sizeof text);
    ck_assert_str_eq(text, want);
}

START_TEST(test_decode)
{
    asm_opcode_map_t *m = asm_opcode_map_create(ISA_TARGET_GFX803);
    ck_assert_ptr_nonnull(m);
    /* llvm-mc-15 --disassemble's text for these words (gfx906 unless said) */
    static const uint8_t add_u16_c[8] = { 0x00, 0x40, 0x8a, 0xd3, 0xf2, 0x04, 0x02, 0x18 };
    static const uint8_t add_f16_b14[8] = { 0x00, 0x00, 0x8f, 0xd3, 0x01, 0x05, 0x02, 0x18 };
    static const uint8_t add_f16_s2[8] = { 0x00, 0x00, 0x8f, 0xd3, 0x01, 0x05, 0x06, 0x18 };
    static const uint8_t mix[8] = { 0x00, 0x87, 0xa0, 0xd3, 0x01, 0x05, 0x0e, 0x04 };
    static const uint8_t dot[8] = { 0x00, 0xc7, 0xa3, 0xd3, 0x01, 0x05, 0x0e, 0xfc };
    static const uint8_t lit[8] = { 0x00, 0x40, 0x8f, 0xd3, 0xff, 0x04, 0x02, 0x18 };
    /* llvm-mc-15 refuses these: op_sel[2] and neg[2] on a two-source instruction, neg_lo on src1 of
     * a 16-bit integer one; and takes neg_lo on its src0 */
    static const uint8_t sel2[8] = { 0x00, 0x60, 0x8f, 0xd3, 0x01, 0x05, 0x02, 0x18 };
    static const uint8_t neg2[8] = { 0x00, 0x40, 0x8f, 0xd3, 0x01, 0x05, 0x02, 0x98 };
    static const uint8_t negj1[8] = { 0x00, 0x40, 0x8a, 0xd3, 0x01, 0x05, 0x02, 0x58 };
    static const uint8_t negj0[8] = { 0x00, 0x40, 0x8a, 0xd3, 0x01, 0x05, 0x02, 0x38 };
    decode_bytes(m, add_u16_c, NULL); /* gfx803 has no VOP3P */
    asm_opcode_map_free(m);
    m = asm_opcode_map_create(ISA_TARGET_GFX906);
    ck_assert_ptr_nonnull(m);
    decode_bytes(m, add_u16_c, "v_pk_add_u16 v0, 0x3c00, v2");
    decode_bytes(m, add_f16_b14, "v_pk_add_f16 v0, v1, v2");
    { /* a two-source word's OP_SEL_HI[2] is read as the 1 LLVM writes: encoding gives LLVM's bytes */
        isa_inst_t in;
        uint8_t again[ASM_ENCODE_MAX];
        char err[160];
        ck_assert_uint_eq(asm_decode_inst(m, add_f16_b14, 8, 0, &in, err, sizeof err), 8);
        ck_assert_uint_eq(in.op_sel_hi, 7);
        ck_assert_uint_eq(asm_encode_inst(m, NULL, &in, again, err, sizeof err), 8);
        ck_assert_uint_eq(again[1], 0x40);
    }
    decode_bytes(m, add_f16_s2, NULL);
    decode_bytes(m, mix, "v_fma_mix_f32 v0, |v1|, |v2|, |v3| clamp");
    decode_bytes(m, dot, "v_dot2_f32_f16 v0, v1, v2, v3 neg_lo:[1,1,1] neg_hi:[1,1,1] clamp");
    decode_bytes(m, lit, NULL);
    decode_bytes(m, sel2, NULL);
    decode_bytes(m, neg2, NULL);
    decode_bytes(m, negj1, NULL);
    decode_bytes(m, negj0, "v_pk_add_u16 v0, v1, v2 neg_lo:[1,0]");
    asm_opcode_map_free(m);
    m = asm_opcode_map_create(ISA_TARGET_GFX900);
    ck_assert_ptr_nonnull(m);
    decode_bytes(m, mix, "v_mad_mix_f32 v0, |v1|, |v2|, |v3| clamp");
    decode_bytes(m, dot, NULL); /* gfx900 has no dot products */
    asm_opcode_map_free(m);
}
END_TEST

/* Every VOP3P instruction with modifiers: encoded, decoded for its target, the same instruction and
 * the same text. */
START_TEST(test_roundtrip)
{
    asm_opcode_map_t *maps[2] = { asm_opcode_map_create(ISA_TARGET_GFX900), asm_opcode_map_create(ISA_TARGET_GFX906) };
    ck_assert(maps[0] && maps[1]);
    for (int op = 0; op < ISA_NUM_OPS; op++) {
        if (isa_ops[op].enc != ISA_ENC_VOP3P)
            continue;
        if (!isa_op_on_target((isa_op_t)op, ISA_TARGET_GFX900) && !isa_op_on_target((isa_op_t)op, ISA_TARGET_GFX906))
            continue; /* CDNA's (packed f32, MFMA): test_cdna_isa.c and target-check */
        bool mix = isa_op_vop3p_mix((unsigned)op), three = isa_op_vop3p_nsrc((unsigned)op) == 3;
        const char *forms[3];
        char l0[160], l1[160], l2[160];
        snprintf(l0, sizeof l0, "%s v7, v1, s2%s", isa_ops[op].name, three ? ", v3" : "");
        snprintf(l1, sizeof l1, "%s v255, %s, v254%s op_sel:[1,0%s] op_sel_hi:[0,1%s]%s", isa_ops[op].name,
                 mix ? "-|v1|" : "-1", three ? ", 4" : "", three ? ",1" : "", three ? ",0" : "",
                 mix ? " clamp" : " neg_lo:[1,0] neg_hi:[1,0] clamp");
        snprintf(l2, sizeof l2, "%s v0, m0, v1%s", isa_ops[op].name, three ? ", m0" : "");
        forms[0] = l0, forms[1] = l1, forms[2] = l2;
        asm_opcode_map_t *m = maps[isa_op_on_target((isa_op_t)op, ISA_TARGET_GFX906)];
        for (int f = 0; f < 3; f++) {
            isa_inst_t in = vp(forms[f]), back;
            uint8_t bytes[ASM_ENCODE_MAX];
            char err[200], a[200], b[200], what[64];
            unsigned n = asm_encode_inst(m, NULL, &in, bytes, err, sizeof err);
            ck_assert_msg(n == 8, "%s: %s", forms[f], err);
            ck_assert_msg(asm_decode_inst(m, bytes, n, 0, &back, err, sizeof err) == 8, "%s: %s", forms[f], err);
            ck_assert_msg(asm_inst_same(&in, &back, what, sizeof what), "%s: %s differs", forms[f], what);
            isa_format_inst(NULL, &in, a, sizeof a);
            isa_format_inst(NULL, &back, b, sizeof b);
            ck_assert_str_eq(a, b);
        }
    }
    asm_opcode_map_free(maps[0]);
    asm_opcode_map_free(maps[1]);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("vop3p");
    TCase *tc = tcase_create("all");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_pk_f16_hand);
    tcase_add_test(tc, test_pk_int_hand);
    tcase_add_test(tc, test_mix_hand);
    tcase_add_test(tc, test_dot_hand);
    tcase_add_test(tc, test_pk_f16_diff);
    tcase_add_test(tc, test_pk_int_diff);
    tcase_add_test(tc, test_dot_diff);
    tcase_add_test(tc, test_mix_diff);
    tcase_add_test(tc, test_asm_rules);
    tcase_add_test(tc, test_decode);
    tcase_add_test(tc, test_roundtrip);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)
