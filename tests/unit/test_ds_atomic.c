/* The later DS block and the FLAT _x2 atomics: small kernels assembled from text (so the syntax,
 * swizzle(...) included, is exercised too) and run on a test wave, against hand-derived values
 * (GCN3 ISA manual section 12.12 for the GCN-specific ones) and sequential C references for the
 * same-address chains; the 32-bit address wrap LLVM relies on; the bank-conflict timing of the new
 * forms. */
#include "unit.h"

#include <math.h>
#include <stdio.h>

#include "asm/asm.h"
#include "machine/lds_timing.h"

static const ldst_params_t GCN = { 32, 128, NULL, 0 }; /* writes at the read rate: the bank counts alone */

/* Assemble `body` (instructions, one per line) and run each instruction on `m` in order; returns
 * the last result (the first fault stops the run). The program is kept for listing checks. */
static isa_exec_result_t run_text(ut_machine_t *m, const char *body)
{
    char text[4096];
    snprintf(text, sizeof text, "entry:\n%s\n", body);
    isa_program_t p;
    int errors = asm_assemble_buffer("t.s", text, strlen(text), ISA_TARGET_GFX803, &p, stderr);
    ck_assert_msg(errors == 0, "assembly failed:\n%s", body);
    isa_exec_result_t r;
    memset(&r, 0, sizeof r);
    const isa_kernel_t *k = &p.kernels[0];
    for (uint32_t i = 0; i < k->ninsts; i++) {
        r = ut_run(m, &k->insts[i]);
        if (r.status == ISA_EXEC_FAULT)
            break;
    }
    isa_program_free(&p);
    return r;
}

static void ok_text(ut_machine_t *m, const char *body)
{
    isa_exec_result_t r = run_text(m, body);
    ck_assert_msg(r.status == ISA_EXEC_OK, "%s: %s", body, r.fault_msg);
}

static uint32_t lds32(ut_machine_t *m, uint32_t a)
{
    return (uint32_t)m->lds[a] | (uint32_t)m->lds[a + 1] << 8 | (uint32_t)m->lds[a + 2] << 16 |
           (uint32_t)m->lds[a + 3] << 24;
}
static uint64_t lds64(ut_machine_t *m, uint32_t a) { return lds32(m, a) | (uint64_t)lds32(m, a + 4) << 32; }
static void put32(ut_machine_t *m, uint32_t a, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        m->lds[a + (uint32_t)i] = (uint8_t)(v >> (8 * i));
}
static void put64(ut_machine_t *m, uint32_t a, uint64_t v)
{
    put32(m, a, (uint32_t)v);
    put32(m, a + 4, (uint32_t)(v >> 32));
}
static void vset64(ut_machine_t *m, unsigned r, int l, uint64_t v)
{
    ut_vreg(m, r)[l] = (uint32_t)v;
    ut_vreg(m, r + 1)[l] = (uint32_t)(v >> 32);
}
static uint64_t vget64(ut_machine_t *m, unsigned r, int l)
{
    return ut_vreg(m, r)[l] | (uint64_t)ut_vreg(m, r + 1)[l] << 32;
}
static void vset64_all(ut_machine_t *m, unsigned r, uint64_t v)
{
    for (int l = 0; l < ISA_WAVE_SIZE; l++)
        vset64(m, r, l, v);
}

/* ---- The 32-bit address wrap ------------------------------------------------------------------ */

/* LLVM's `255 - tid` folded into a negative base and a positive offset: the address is
 * (1020 - 4 * tid) mod 2^32, never out of range. */
START_TEST(wrap_255_minus_tid)
{
    ut_machine_t *m = ut_machine_new();
    for (uint32_t i = 0; i < 256; i++)
        put32(m, 4 * i, i * 3 + 7);
    for (int l = 0; l < 64; l++)
        ut_vreg(m, 0)[l] = (uint32_t)l;
    ok_text(m, "v_lshlrev_b32 v0, 2, v0\n"
               "v_sub_u32 v0, vcc, 0, v0\n"
               "ds_read_b32 v1, v0 offset:1020");
    for (int l = 0; l < 64; l++)
        ck_assert_uint_eq(ut_vreg(m, 1)[l], (uint32_t)(255 - l) * 3 + 7);
    /* The same address stores, and a read2 whose base is -4 reaches dword 0 with offset0:1. */
    ut_vset_all(m, 2, 0xabcd0000u);
    ok_text(m, "ds_write_b32 v0, v2 offset:1020");
    ck_assert_uint_eq(lds32(m, 1020 - 4 * 63), 0xabcd0000u);
    ut_vset_all(m, 3, 0xfffffffcu);
    ok_text(m, "ds_read2_b32 v[4:5], v3 offset0:1 offset1:2");
    ck_assert_uint_eq(ut_vreg(m, 4)[9], lds32(m, 0));
    ck_assert_uint_eq(ut_vreg(m, 5)[9], lds32(m, 4));
    /* The 64-bit atomics wrap too: base 0xfffffff8 + offset 16 is address 8. */
    put64(m, 8, 5);
    ut_set_exec(m, 1);
    ut_vset_all(m, 6, 0xfffffff8u);
    vset64_all(m, 8, 0x100000000ull);
    ok_text(m, "ds_add_u64 v6, v[8:9] offset:16");
    ck_assert_uint_eq(lds64(m, 8), 0x100000005ull);
    free(m);
}
END_TEST

/* ---- 64-bit atomics ----------------------------------------------------------------------------- */

/* Independent sequential reference (manual 12.12). */
static uint64_t ref64(const char *op, uint64_t old, uint64_t d)
{
    if (!strcmp(op, "add")) return old + d;
    if (!strcmp(op, "sub")) return old - d;
    if (!strcmp(op, "rsub")) return d - old;
    if (!strcmp(op, "inc")) return old >= d ? 0 : old + 1;
    if (!strcmp(op, "dec")) return (old == 0 || old > d) ? d : old - 1;
    if (!strcmp(op, "min_i")) return (int64_t)d < (int64_t)old ? d : old;
    if (!strcmp(op, "max_i")) return (int64_t)d > (int64_t)old ? d : old;
    if (!strcmp(op, "min_u")) return d < old ? d : old;
    if (!strcmp(op, "max_u")) return d > old ? d : old;
    if (!strcmp(op, "and")) return old & d;
    if (!strcmp(op, "or")) return old | d;
    if (!strcmp(op, "xor")) return old ^ d;
    return d; /* wrxchg */
}

START_TEST(atomics_u64_chain)
{
    static const struct { const char *ref, *mn; } t[] = {
        { "add", "ds_add%s_u64" }, { "sub", "ds_sub%s_u64" }, { "rsub", "ds_rsub%s_u64" },
        { "inc", "ds_inc%s_u64" }, { "dec", "ds_dec%s_u64" }, { "min_i", "ds_min%s_i64" },
        { "max_i", "ds_max%s_i64" }, { "min_u", "ds_min%s_u64" }, { "max_u", "ds_max%s_u64" },
        { "and", "ds_and%s_b64" }, { "or", "ds_or%s_b64" }, { "xor", "ds_xor%s_b64" },
        { "xchg", "ds_wrxchg%s_b64" },
    };
    ut_machine_t *m = ut_machine_new();
    const uint64_t exec = 0xfffffffeffff7fffull;
    uint64_t rng = 0x9e3779b97f4a7c15ull;
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        for (int rtn = 0; rtn < 2; rtn++) {
            if (!rtn && !strcmp(t[i].ref, "xchg"))
                continue; /* ds_wrxchg has only the returning form */
            char mn[40], line[96];
            snprintf(mn, sizeof mn, t[i].mn, rtn ? "_rtn" : "");
            if (rtn)
                snprintf(line, sizeof line, "%s v[10:11], v0, v[2:3] offset:8", mn);
            else
                snprintf(line, sizeof line, "%s v0, v[2:3] offset:8", mn);
            ut_set_exec(m, exec);
            ut_vset_all(m, 0, 0x1f8);
            for (int l = 0; l < 64; l++) {
                rng = rng * 6364136223846793005ull + 1442695040888963407ull;
                /* small values now and then, so inc/dec/min/max take both branches */
                vset64(m, 2, l, (l % 4 == 0) ? (rng >> 59) : rng);
            }
            vset64_all(m, 10, 0x5555555555555555ull);
            put64(m, 0x200, 0x8000000000000003ull);
            ok_text(m, line);
            uint64_t v = 0x8000000000000003ull;
            for (int l = 0; l < 64; l++) {
                if (!(exec >> l & 1)) {
                    ck_assert_uint_eq(vget64(m, 10, l), 0x5555555555555555ull);
                    continue;
                }
                ck_assert_msg(vget64(m, 10, l) == (rtn ? v : 0x5555555555555555ull), "%s lane %d", mn, l);
                v = ref64(t[i].ref, v, vget64(m, 2, l));
            }
            ck_assert_msg(lds64(m, 0x200) == v, "%s final", mn);
        }
    }
    free(m);
}
END_TEST

START_TEST(atomics_u64_hand)
{
    ut_machine_t *m = ut_machine_new();
    ut_set_exec(m, 1);
    ut_vset_all(m, 0, 0x40);
    /* The carry crosses into the high dword. */
    put64(m, 0x40, 0xffffffffull);
    vset64_all(m, 2, 1);
    ok_text(m, "ds_add_rtn_u64 v[4:5], v0, v[2:3]");
    ck_assert_uint_eq(lds64(m, 0x40), 0x100000000ull);
    ck_assert_uint_eq(vget64(m, 4, 0), 0xffffffffull);
    /* Signed versus unsigned 64-bit minimum: -2 against 5. */
    put64(m, 0x40, 5);
    vset64_all(m, 2, (uint64_t)-2);
    ok_text(m, "ds_min_u64 v0, v[2:3]");
    ck_assert_uint_eq(lds64(m, 0x40), 5);
    ok_text(m, "ds_min_i64 v0, v[2:3]");
    ck_assert_uint_eq(lds64(m, 0x40), (uint64_t)-2);
    /* inc wraps to 0 at the limit; dec reloads the limit from 0. */
    put64(m, 0x40, 7);
    vset64_all(m, 2, 7);
    ok_text(m, "ds_inc_u64 v0, v[2:3]");
    ck_assert_uint_eq(lds64(m, 0x40), 0);
    ok_text(m, "ds_dec_u64 v0, v[2:3]");
    ck_assert_uint_eq(lds64(m, 0x40), 7);
    /* rsub: data - old */
    put32(m, 0x40, 5);
    ut_vset_all(m, 2, 12);
    ok_text(m, "ds_rsub_rtn_u32 v4, v0, v2");
    ck_assert_uint_eq(lds32(m, 0x40), 7);
    ck_assert_uint_eq(ut_vreg(m, 4)[0], 5);
    /* cmpst_b64: data0 the compare value, data1 the new one */
    put64(m, 0x40, 0x123456789ull);
    vset64_all(m, 2, 0x123456789ull);
    vset64_all(m, 6, 0xdeadbeefcafef00dull);
    ok_text(m, "ds_cmpst_rtn_b64 v[4:5], v0, v[2:3], v[6:7]");
    ck_assert_uint_eq(lds64(m, 0x40), 0xdeadbeefcafef00dull);
    ck_assert_uint_eq(vget64(m, 4, 0), 0x123456789ull);
    ok_text(m, "ds_cmpst_b64 v0, v[2:3], v[6:7]"); /* no longer equal: unchanged */
    ck_assert_uint_eq(lds64(m, 0x40), 0xdeadbeefcafef00dull);
    free(m);
}
END_TEST

/* ---- mskor, wrap, condxchg, wrxchg2 ------------------------------------------------------------- */

START_TEST(mskor_wrap_condxchg)
{
    ut_machine_t *m = ut_machine_new();
    ut_set_exec(m, 1);
    ut_vset_all(m, 0, 0x80);
    /* mskor: (old & ~data0) | data1 = (0xff00ff00 & ~0x0ff00000) | 0x77 */
    put32(m, 0x80, 0xff00ff00u);
    ut_vset_all(m, 2, 0x0ff00000u);
    ut_vset_all(m, 3, 0x77u);
    ok_text(m, "ds_mskor_rtn_b32 v4, v0, v2, v3");
    ck_assert_uint_eq(lds32(m, 0x80), 0xf000ff77u);
    ck_assert_uint_eq(ut_vreg(m, 4)[0], 0xff00ff00u);
    put64(m, 0x80, 0xffff0000ffff0000ull);
    vset64_all(m, 6, 0xff000000000000ffull);
    vset64_all(m, 8, 0x0000000100000001ull);
    ok_text(m, "ds_mskor_b64 v0, v[6:7], v[8:9]");
    ck_assert_uint_eq(lds64(m, 0x80), 0x00ff0001ffff0001ull);
    /* wrap: old >= data0 ? old - data0 : old + data1 */
    put32(m, 0x80, 10);
    ut_vset_all(m, 2, 8);
    ut_vset_all(m, 3, 3);
    ok_text(m, "ds_wrap_rtn_b32 v4, v0, v2, v3");
    ck_assert_uint_eq(lds32(m, 0x80), 2);
    ck_assert_uint_eq(ut_vreg(m, 4)[0], 10);
    ok_text(m, "ds_wrap_rtn_b32 v4, v0, v2, v3");
    ck_assert_uint_eq(lds32(m, 0x80), 5);
    ck_assert_uint_eq(ut_vreg(m, 4)[0], 2);
    /* condxchg32: each dword written (bit 31 cleared) only when its data bit 31 is set */
    put64(m, 0x80, 0x2222222211111111ull);
    vset64_all(m, 6, 0x0000000980000005ull);
    ok_text(m, "ds_condxchg32_rtn_b64 v[4:5], v0, v[6:7]");
    ck_assert_uint_eq(lds64(m, 0x80), 0x2222222200000005ull);
    ck_assert_uint_eq(vget64(m, 4, 0), 0x2222222211111111ull);
    /* wrxchg2: two elements offset0/offset1 apart (x64 in the st64 forms), both old values back */
    put32(m, 0x84, 0xa1);
    put32(m, 0x8c, 0xa2);
    ut_vset_all(m, 2, 0xb1);
    ut_vset_all(m, 3, 0xb2);
    ok_text(m, "ds_wrxchg2_rtn_b32 v[4:5], v0, v2, v3 offset0:1 offset1:3");
    ck_assert_uint_eq(ut_vreg(m, 4)[0], 0xa1);
    ck_assert_uint_eq(ut_vreg(m, 5)[0], 0xa2);
    ck_assert_uint_eq(lds32(m, 0x84), 0xb1);
    ck_assert_uint_eq(lds32(m, 0x8c), 0xb2);
    put64(m, 0x80 + 512, 0x1111);
    put64(m, 0x80 + 1024, 0x2222);
    vset64_all(m, 6, 0x3333);
    vset64_all(m, 8, 0x4444);
    ok_text(m, "ds_wrxchg2st64_rtn_b64 v[10:13], v0, v[6:7], v[8:9] offset0:1 offset1:2");
    ck_assert_uint_eq(vget64(m, 10, 0), 0x1111);
    ck_assert_uint_eq(vget64(m, 12, 0), 0x2222);
    ck_assert_uint_eq(lds64(m, 0x80 + 512), 0x3333);
    ck_assert_uint_eq(lds64(m, 0x80 + 1024), 0x4444);
    free(m);
}
END_TEST

/* ---- float atomics ------------------------------------------------------------------------------- */

START_TEST(float_atomics)
{
    ut_machine_t *m = ut_machine_new();
    ut_set_exec(m, 1);
    ut_vset_all(m, 0, 0x10);
    put32(m, 0x10, ut_fbits(1.5f));
    ut_vset_all(m, 2, ut_fbits(2.25f));
    ok_text(m, "ds_add_rtn_f32 v4, v0, v2");
    ck_assert_uint_eq(lds32(m, 0x10), ut_fbits(3.75f));
    ck_assert_uint_eq(ut_vreg(m, 4)[0], ut_fbits(1.5f));
    /* minNum/maxNum: a NaN operand yields the other; -0 < +0 */
    put32(m, 0x10, 0x7fc00000u);
    ut_vset_all(m, 2, ut_fbits(-3.0f));
    ok_text(m, "ds_min_f32 v0, v2");
    ck_assert_uint_eq(lds32(m, 0x10), ut_fbits(-3.0f));
    ut_vset_all(m, 2, 0x7fc00000u);
    ok_text(m, "ds_max_f32 v0, v2");
    ck_assert_uint_eq(lds32(m, 0x10), ut_fbits(-3.0f));
    put32(m, 0x10, 0x80000000u);
    ut_vset_all(m, 2, 0);
    ok_text(m, "ds_max_f32 v0, v2");
    ck_assert_uint_eq(lds32(m, 0x10), 0);
    ok_text(m, "ds_min_rtn_f32 v4, v0, v2");
    ck_assert_uint_eq(lds32(m, 0x10), 0);
    ut_vset_all(m, 2, 0x80000000u);
    ok_text(m, "ds_min_f32 v0, v2");
    ck_assert_uint_eq(lds32(m, 0x10), 0x80000000u);
    /* cmpst_f32 compares as floats: -0 equals +0 */
    ut_vset_all(m, 2, 0);
    ut_vset_all(m, 3, ut_fbits(8.0f));
    ok_text(m, "ds_cmpst_rtn_f32 v4, v0, v2, v3");
    ck_assert_uint_eq(lds32(m, 0x10), ut_fbits(8.0f));
    ck_assert_uint_eq(ut_vreg(m, 4)[0], 0x80000000u);
    /* f64: min/max and cmpst (a NaN never compares equal) */
    double a = 2.5, b = -7.25, nan = NAN;
    uint64_t ba, bb, bn;
    memcpy(&ba, &a, 8);
    memcpy(&bb, &b, 8);
    memcpy(&bn, &nan, 8);
    put64(m, 0x10, ba);
    vset64_all(m, 6, bb);
    ok_text(m, "ds_max_rtn_f64 v[4:5], v0, v[6:7]");
    ck_assert_uint_eq(lds64(m, 0x10), ba);
    ok_text(m, "ds_min_f64 v0, v[6:7]");
    ck_assert_uint_eq(lds64(m, 0x10), bb);
    put64(m, 0x10, bn);
    vset64_all(m, 6, bn);
    vset64_all(m, 8, ba);
    ok_text(m, "ds_cmpst_f64 v0, v[6:7], v[8:9]");
    ck_assert_uint_eq(lds64(m, 0x10), bn);
    free(m);
}
END_TEST

/* ---- src2 ------------------------------------------------------------------------------------------ */

START_TEST(src2_forms)
{
    ut_machine_t *m = ut_machine_new();
    ut_set_exec(m, 3);
    /* offset[15] = 0: B = A + 4 * offset (signed 15 bits). Lane 0 at 0x100, lane 1 at 0x104. */
    ut_vreg(m, 0)[0] = 0x100;
    ut_vreg(m, 0)[1] = 0x104;
    put32(m, 0x100, 10);
    put32(m, 0x104, 20);
    put32(m, 0x110, 1);
    put32(m, 0x114, 2);
    ok_text(m, "ds_add_src2_u32 v0 offset:4");
    ck_assert_uint_eq(lds32(m, 0x100), 11);
    ck_assert_uint_eq(lds32(m, 0x104), 22);
    /* offset 0x7fff is -1 dword: B = A - 4. Lane 0: LDS[0x100] = min(11, LDS[0xfc] = 3); lane 1
     * reads LDS[0x100] after lane 0 wrote it (lane order): min(22, 3). */
    put32(m, 0xfc, 3);
    ok_text(m, "ds_min_src2_u32 v0 offset:0x7fff");
    ck_assert_uint_eq(lds32(m, 0x100), 3);
    ck_assert_uint_eq(lds32(m, 0x104), 3);
    /* rsub = LDS[B] - LDS[A]: lane 0: 3 - 3 = 0, then lane 1: 0 - 3 */
    ok_text(m, "ds_rsub_src2_u32 v0 offset:0x7fff");
    ck_assert_uint_eq(lds32(m, 0x100), 0);
    ck_assert_uint_eq(lds32(m, 0x104), (uint32_t)(0 - 3));
    /* offset[15] = 1: A = addr[16:0], B = A + 4 * sext({addr[31], addr[31:17]}). */
    ut_set_exec(m, 1);
    ut_vreg(m, 0)[0] = 0x200 | (2u << 17); /* stride +2 dwords */
    put64(m, 0x200, 0x1000000000ull);
    put64(m, 0x208, 0x0000000777ull);
    ok_text(m, "ds_write_src2_b64 v0 offset:0x8000");
    ck_assert_uint_eq(lds64(m, 0x200), 0x777);
    ut_vreg(m, 0)[0] = 0x208 | 0xfffc0000u; /* {addr[31], addr[31:17]} = 0xfffe: -2 dwords, B = 0x200 */
    put64(m, 0x200, 0x0000000500000000ull);
    ok_text(m, "ds_add_src2_u64 v0 offset:0x8000");
    ck_assert_uint_eq(lds64(m, 0x208), 0x0000000500000777ull);
    /* float src2 */
    ut_vreg(m, 0)[0] = 0x300;
    put32(m, 0x300, ut_fbits(1.0f));
    put32(m, 0x304, ut_fbits(0.5f));
    ok_text(m, "ds_add_src2_f32 v0 offset:1");
    ck_assert_uint_eq(lds32(m, 0x300), ut_fbits(1.5f));
    /* B out of the allocation faults before anything is written */
    ut_vreg(m, 0)[0] = 0xfffc;
    put32(m, 0xfffc, 99);
    isa_exec_result_t r = run_text(m, "ds_add_src2_u32 v0 offset:1");
    ck_assert_int_eq(r.status, ISA_EXEC_FAULT);
    ck_assert_int_eq(r.fault, ISA_FAULT_LDS_BOUNDS);
    ck_assert_uint_eq(lds32(m, 0xfffc), 99);
    free(m);
}
END_TEST

/* ---- append / consume / nop ---------------------------------------------------------------------- */

START_TEST(append_consume)
{
    ut_machine_t *m = ut_machine_new();
    m->w.sreg[ISA_REG_M0] = 0x100;
    put32(m, 0x108, 10);
    ut_set_exec(m, 0x8000000100000015ull); /* 5 lanes */
    ut_vset_all(m, 4, 0x77);
    ok_text(m, "ds_append v4 offset:8");
    ck_assert_uint_eq(lds32(m, 0x108), 15);
    ck_assert_uint_eq(ut_vreg(m, 4)[0], 10);
    ck_assert_uint_eq(ut_vreg(m, 4)[63], 10);
    ck_assert_uint_eq(ut_vreg(m, 4)[1], 0x77);
    ok_text(m, "ds_consume v4 offset:8");
    ck_assert_uint_eq(lds32(m, 0x108), 10);
    ck_assert_uint_eq(ut_vreg(m, 4)[2], 15);
    ok_text(m, "ds_nop");
    ck_assert_uint_eq(lds32(m, 0x108), 10);
    free(m);
}
END_TEST

/* ---- cross-lane moves -------------------------------------------------------------------------- */

START_TEST(permute_bpermute)
{
    ut_machine_t *m = ut_machine_new();
    const uint64_t exec = ~(1ull << 5);
    ut_set_exec(m, exec);
    for (int l = 0; l < 64; l++) {
        ut_vreg(m, 2)[l] = 1000u + (uint32_t)l;
        ut_vreg(m, 1)[l] = (uint32_t)(l + 1) * 4u + 0x100u * 4u; /* lane l+1, high bits ignored */
    }
    ut_vset_all(m, 3, 0x77);
    /* bpermute: lane l reads lane (l + 1) mod 64; lane 4 reads inactive lane 5 and gets 0. */
    ok_text(m, "ds_bpermute_b32 v3, v1, v2");
    for (int l = 0; l < 64; l++) {
        uint32_t want = l == 5 ? 0x77 : l == 4 ? 0 : 1000u + (uint32_t)((l + 1) % 64);
        ck_assert_msg(ut_vreg(m, 3)[l] == want, "bpermute lane %d: %u", l, ut_vreg(m, 3)[l]);
    }
    /* The offset is added to the address before the division: offset:8 moves two more lanes. */
    ok_text(m, "ds_bpermute_b32 v3, v1, v2 offset:8");
    ck_assert_uint_eq(ut_vreg(m, 3)[0], 1003);
    ck_assert_uint_eq(ut_vreg(m, 3)[62], 1001);
    /* permute: lane l sends to lane l + 1; lane 6 receives from inactive lane 5: 0. */
    ok_text(m, "ds_permute_b32 v3, v1, v2");
    for (int l = 0; l < 64; l++) {
        uint32_t want = l == 5 ? 0x77 : l == 6 ? 0 : 1000u + (uint32_t)((l + 63) % 64);
        ck_assert_msg(ut_vreg(m, 3)[l] == want, "permute lane %d: %u", l, ut_vreg(m, 3)[l]);
    }
    /* Collisions: every lane sends to lane 7: the highest active lane wins, others get 0. */
    ut_vset_all(m, 1, 7 * 4);
    ok_text(m, "ds_permute_b32 v3, v1, v2");
    ck_assert_uint_eq(ut_vreg(m, 3)[7], 1063);
    ck_assert_uint_eq(ut_vreg(m, 3)[8], 0);
    free(m);
}
END_TEST

/* Each swizzle(...) mode against the manual's meaning, lane by lane. */
START_TEST(swizzle_modes)
{
    static const struct { const char *text; int mode, a, b; } t[] = {
        { "swizzle(QUAD_PERM,1,2,3,0)", 0, 0, 0 },
        { "swizzle(BROADCAST,8,3)", 1, 8, 3 },
        { "swizzle(BROADCAST,32,31)", 1, 32, 31 },
        { "swizzle(SWAP,4)", 2, 4, 0 },
        { "swizzle(SWAP,16)", 2, 16, 0 },
        { "swizzle(REVERSE,16)", 3, 16, 0 },
        { "swizzle(REVERSE,2)", 3, 2, 0 },
        { "swizzle(BITMASK_PERM,\"01pip\")", 4, 0, 0 },
    };
    ut_machine_t *m = ut_machine_new();
    for (int l = 0; l < 64; l++)
        ut_vreg(m, 1)[l] = 500u + (uint32_t)l;
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        char line[96];
        snprintf(line, sizeof line, "ds_swizzle_b32 v2, v1 offset:%s", t[i].text);
        ok_text(m, line);
        for (int l = 0; l < 64; l++) {
            int half = l & 32, x = l & 31, from;
            switch (t[i].mode) {
            case 0: from = (l & ~3) | (int[]){ 1, 2, 3, 0 }[l & 3]; break;
            case 1: from = half | (x & ~(t[i].a - 1)) | t[i].b; break;
            case 2: from = half | (x ^ t[i].a); break;
            case 3: from = half | (x ^ (t[i].a - 1)); break;
            default: /* "01pip": bit 4 = 0, bit 3 = 1, bits 2 and 0 kept, bit 1 inverted */
                from = half | 8 | (x & 5) | ((x & 2) ^ 2);
                break;
            }
            ck_assert_msg(ut_vreg(m, 2)[l] == 500u + (uint32_t)from, "%s lane %d", t[i].text, l);
        }
    }
    free(m);
}
END_TEST

/* The listing prints the pattern in swizzle(...) form as llvm-mc's disassembler does when that
 * form is exact (else as a number), and either re-assembles to the same offset. */
START_TEST(swizzle_listing)
{
    static const struct { const char *in, *out; } t[] = {
        { "offset:swizzle(QUAD_PERM,1,2,3,0)", "offset:swizzle(QUAD_PERM,1,2,3,0)" },
        { "offset:swizzle(SWAP,4)", "offset:swizzle(SWAP,4)" },
        { "offset:swizzle(REVERSE,8)", "offset:swizzle(REVERSE,8)" },
        { "offset:swizzle(REVERSE,2)", "offset:swizzle(SWAP,1)" }, /* the same pattern, as llvm-mc prints it */
        { "offset:swizzle(BROADCAST,4,1)", "offset:swizzle(BROADCAST,4,1)" },
        { "offset:swizzle(BITMASK_PERM,\"01pip\")", "offset:swizzle(BITMASK_PERM,\"01pip\")" },
        { "offset:0x1234", "offset:4660" },
        { "offset:0xffff", "offset:65535" },
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        char text[192], line[128];
        snprintf(text, sizeof text, "entry:\n ds_swizzle_b32 v0, v1 %s\n", t[i].in);
        isa_program_t p;
        ck_assert_int_eq(asm_assemble_buffer("t.s", text, strlen(text), ISA_TARGET_GFX803, &p, stderr), 0);
        isa_format_inst(&p.kernels[0], &p.kernels[0].insts[0], line, sizeof line);
        ck_assert_msg(strstr(line, t[i].out) != NULL, "%s printed as %s", t[i].in, line);
        uint32_t off = p.kernels[0].insts[0].offset;
        isa_program_free(&p);
        snprintf(text, sizeof text, "entry:\n %s\n", line);
        ck_assert_int_eq(asm_assemble_buffer("t.s", text, strlen(text), ISA_TARGET_GFX803, &p, stderr), 0);
        ck_assert_uint_eq(p.kernels[0].insts[0].offset, off);
        isa_program_free(&p);
    }
}
END_TEST

/* llvm-mc accepts a comma between the operands and the modifiers. */
START_TEST(comma_before_modifiers)
{
    static const char *text = "entry:\n ds_read_b32 v0, v1, offset:4\n ds_swizzle_b32 v0, v1, offset:swizzle(SWAP,4)\n"
                              " ds_read2_b32 v[0:1], v1, offset0:1 offset1:2\n flat_load_dword v0, v[2:3], glc\n";
    isa_program_t p;
    ck_assert_int_eq(asm_assemble_buffer("t.s", text, strlen(text), ISA_TARGET_GFX803, &p, stderr), 0);
    const isa_inst_t *in = p.kernels[0].insts;
    ck_assert_uint_eq(in[0].offset, 4);
    ck_assert_uint_eq(in[1].offset, 0x101f);
    ck_assert_uint_eq(in[2].offset1, 2);
    ck_assert_uint_eq(in[3].glc, 1);
    isa_program_free(&p);
}
END_TEST

/* ---- b96 and st64_b64 ------------------------------------------------------------------------------ */

START_TEST(b96_st64)
{
    ut_machine_t *m = ut_machine_new();
    ut_set_exec(m, 3);
    ut_vreg(m, 0)[0] = 0x40;
    ut_vreg(m, 0)[1] = 0x50;
    for (int l = 0; l < 2; l++)
        for (unsigned k = 0; k < 3; k++)
            ut_vreg(m, 4 + k)[l] = 0x100u * (unsigned)l + k + 1;
    put32(m, 0x4c, 0xeeee);
    ok_text(m, "ds_write_b96 v0, v[4:6]");
    ck_assert_uint_eq(lds32(m, 0x40), 1);
    ck_assert_uint_eq(lds32(m, 0x48), 3);
    ck_assert_uint_eq(lds32(m, 0x4c), 0xeeee); /* 12 bytes only */
    ck_assert_uint_eq(lds32(m, 0x58), 0x103);
    ok_text(m, "ds_read_b96 v[8:10], v0");
    ck_assert_uint_eq(ut_vreg(m, 10)[1], 0x103);
    /* b96 needs 16-byte alignment on gfx8 */
    ut_vreg(m, 0)[1] = 0x44;
    isa_exec_result_t r = run_text(m, "ds_read_b96 v[8:10], v0");
    ck_assert_int_eq(r.fault, ISA_FAULT_MISALIGNED);
    /* st64_b64: offsets in units of 64 elements of 8 bytes */
    ut_set_exec(m, 1);
    vset64_all(m, 4, 0x1111222233334444ull);
    vset64_all(m, 6, 0x5555666677778888ull);
    ok_text(m, "ds_write2st64_b64 v0, v[4:5], v[6:7] offset0:1 offset1:3");
    ck_assert_uint_eq(lds64(m, 0x40 + 512), 0x1111222233334444ull);
    ck_assert_uint_eq(lds64(m, 0x40 + 1536), 0x5555666677778888ull);
    ok_text(m, "ds_read2st64_b64 v[8:11], v0 offset0:3 offset1:1");
    ck_assert_uint_eq(vget64(m, 8, 0), 0x5555666677778888ull);
    ck_assert_uint_eq(vget64(m, 10, 0), 0x1111222233334444ull);
    free(m);
}
END_TEST

/* ---- FLAT _x2 atomics ------------------------------------------------------------------------------ */

START_TEST(flat_x2)
{
    ut_machine_t *m = ut_machine_new();
    ut_set_exec(m, 1);
    uint64_t a = UT_MEM_BASE + 64;
    vset64_all(m, 0, a);
    uint8_t *g = m->gmem + 64;
    uint64_t init = 0x00000001ffffffffull;
    memcpy(g, &init, 8); /* the host is little-endian like the GPU (checked below) */
    vset64_all(m, 2, 1);
    ok_text(m, "flat_atomic_add_x2 v[4:5], v[0:1], v[2:3] glc");
    uint64_t now;
    memcpy(&now, g, 8);
    ck_assert_uint_eq(now, 0x0000000200000000ull);
    ck_assert_uint_eq(vget64(m, 4, 0), init);
    ck_assert_uint_eq(g[4], 2);
    /* cmpswap_x2: data v[n:n+3] = {new, compare} */
    vset64_all(m, 6, 0xaaaabbbbccccddddull);
    vset64_all(m, 8, 0x0000000200000000ull);
    ok_text(m, "flat_atomic_cmpswap_x2 v[4:5], v[0:1], v[6:9] glc");
    memcpy(&now, g, 8);
    ck_assert_uint_eq(now, 0xaaaabbbbccccddddull);
    ck_assert_uint_eq(vget64(m, 4, 0), 0x0000000200000000ull);
    /* smin versus umin on 64 bits, without return */
    vset64_all(m, 2, (uint64_t)-1);
    ok_text(m, "flat_atomic_umin_x2 v[0:1], v[2:3]");
    memcpy(&now, g, 8);
    ck_assert_uint_eq(now, 0xaaaabbbbccccddddull);
    ok_text(m, "flat_atomic_smax_x2 v[0:1], v[2:3]");
    memcpy(&now, g, 8);
    ck_assert_uint_eq(now, (uint64_t)-1);
    vset64_all(m, 2, 0x10);
    ok_text(m, "flat_atomic_inc_x2 v[0:1], v[2:3]"); /* old (2^64-1) >= 0x10: wraps to 0 */
    memcpy(&now, g, 8);
    ck_assert_uint_eq(now, 0);
    free(m);
}
END_TEST

/* ---- timing of the new forms ------------------------------------------------------------------------ */

static uint32_t cycles_of(const char *body, ut_machine_t *m)
{
    char text[512];
    snprintf(text, sizeof text, "entry:\n%s\n", body);
    isa_program_t p;
    ck_assert_int_eq(asm_assemble_buffer("t.s", text, strlen(text), ISA_TARGET_GFX803, &p, stderr), 0);
    isa_exec_result_t r = ut_run(m, &p.kernels[0].insts[0]);
    ck_assert_msg(r.status == ISA_EXEC_OK, "%s", r.fault_msg);
    uint32_t c = ldst_cycles(&GCN, &p.kernels[0].insts[0], &r);
    isa_program_free(&p);
    return c;
}

START_TEST(lds_timing_new_forms)
{
    ut_machine_t *m = ut_machine_new();
    /* 64-bit atomics at 8-byte stride: per dword pass, 32 lanes on even banks only, two distinct
     * dwords per bank = 2 cycles; 2 halves x 2 dwords x 2 = 8 (bandwidth 512 B / 128 = 4). */
    for (int l = 0; l < 64; l++)
        ut_vreg(m, 0)[l] = (uint32_t)l * 8;
    ck_assert_uint_eq(cycles_of("ds_add_u64 v0, v[2:3]", m), 8);
    ck_assert_uint_eq(cycles_of("ds_max_rtn_f64 v[4:5], v0, v[2:3]", m), 8);
    /* the same address for every lane: atomics serialise, 32 lanes a pass on one bank: 2 halves x 2
     * dwords x 32 = 128 */
    ut_vset_all(m, 0, 0x100);
    ck_assert_uint_eq(cycles_of("ds_and_b64 v0, v[2:3]", m), 128);
    /* b96 at 16-byte stride: a half-wave's pass pools dwords 4l, 4l+1, 4l+2 (96 of them): banks
     * 4k, 4k+1, 4k+2 get 4 each, 4 cycles a half, 8 (bandwidth 768 / 128 = 6) */
    for (int l = 0; l < 64; l++)
        ut_vreg(m, 0)[l] = (uint32_t)l * 16;
    ck_assert_uint_eq(cycles_of("ds_read_b96 v[4:6], v0", m), 8);
    /* wrxchg2 b32 at 4-byte stride, offsets 0 and 32 dwords: two conflict-free elements of one
     * dword: 2 x 2 x 1 = 4 passes, bandwidth 64 x 8 / 128 = 4 */
    for (int l = 0; l < 64; l++)
        ut_vreg(m, 0)[l] = (uint32_t)l * 4;
    ck_assert_uint_eq(cycles_of("ds_wrxchg2_rtn_b32 v[4:5], v0, v2, v3 offset1:64", m), 4);
    /* st64_b64: element 1 is 64 x 8 bytes (128 dwords) further: a half-wave pools dwords 0-63
     * and 128-191, 4 a bank: 4 a half, 8 (bandwidth 1024 / 128 = 8) */
    for (int l = 0; l < 64; l++)
        ut_vreg(m, 0)[l] = (uint32_t)l * 8;
    ck_assert_uint_eq(cycles_of("ds_read2st64_b64 v[4:7], v0 offset1:1", m), 8);
    /* crossbar moves: no bank conflicts, 64 x 4 bytes at 128 per cycle */
    ck_assert_uint_eq(cycles_of("ds_bpermute_b32 v4, v0, v2", m), 2);
    ck_assert_uint_eq(cycles_of("ds_permute_b32 v4, v0, v2", m), 2);
    /* append: every lane at one address: one cycle per half */
    m->w.sreg[ISA_REG_M0] = 0x40;
    ck_assert_uint_eq(cycles_of("ds_append v4", m), 2);
    ck_assert_uint_eq(cycles_of("ds_nop", m), 1);
    free(m);
}
END_TEST

static Suite *ds_atomic_suite(void)
{
    Suite *s = suite_create("ds_atomic");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, wrap_255_minus_tid);
    tcase_add_test(tc, atomics_u64_chain);
    tcase_add_test(tc, atomics_u64_hand);
    tcase_add_test(tc, mskor_wrap_condxchg);
    tcase_add_test(tc, float_atomics);
    tcase_add_test(tc, src2_forms);
    tcase_add_test(tc, append_consume);
    tcase_add_test(tc, permute_bpermute);
    tcase_add_test(tc, swizzle_modes);
    tcase_add_test(tc, swizzle_listing);
    tcase_add_test(tc, comma_before_modifiers);
    tcase_add_test(tc, b96_st64);
    tcase_add_test(tc, flat_x2);
    tcase_add_test(tc, lds_timing_new_forms);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(ds_atomic_suite)
