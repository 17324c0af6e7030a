/* The hazard checker's MAI rows (machine/hazard_mai.c, docs/architecture.md "Data hazards"): the
 * wait states LLVM's GCNHazardRecognizer requires around CDNA's matrix instructions
 * (checkMAIHazards908, checkMAIHazards90A, checkMAIVALUHazards, checkMAILdStHazards), by target and
 * by the producer's passes (sim/machine/mfma_timing.def: cycles / 4). Each row is seen reporting,
 * with the count LLVM gives, and quiet with enough s_nop (or independent instructions) between;
 * the older targets get none of them. The counts agree with the s_nops llc-15 (gfx90a) and llc-19
 * (gfx942) put between such instructions. v_mfma_f32_32x32x8f16 is 16 passes on gfx90a, 8 on gfx942
 * (an XDL instruction there); v_mfma_f32_16x16x4f32 8 passes on both (not XDL on gfx942). */
#include "unit.h"

#include <stdio.h>

#include "machine/timing.h"
#include "hazard_report.h"
#include "observe/hazlog.h"
#include "observe/trace.h"
#include "timing_harness.h"

static const char ini[] = "grid = 64\nworkgroup = 64\n[buffer out]\ntype = u32\ncount = 64\n[args]\nout = @out\n";

/* Prepare the body as kernel k for `target` (its .amdgcn_target and gpu.target). */
static void prepare(th_launch_t *t, const char *target, const char *body)
{
    char kernel[4096], set[40];
    snprintf(kernel, sizeof kernel, ".amdgcn_target \"amdgcn-amd-amdhsa--%s\"\nk:\n%s  s_endpgm\n", target, body);
    snprintf(set, sizeof set, "gpu.target=%s", target);
    const char *const sets[] = { set, NULL };
    th_prepare(t, kernel, ini, NULL, sets, 0);
}

/* Run the body for `target` with the checker on; the findings into f. */
static void run(const char *target, const char *body, th_found_t *f)
{
    th_launch_t t;
    prepare(&t, target, body);
    th_run_hazards(&t, f, false);
    th_release(&t);
}

/* The one finding (of kind k), with its count and what was there. */
static void only(const th_found_t *f, tev_hazard_kind_t k, uint32_t need, uint32_t have)
{
    ck_assert_uint_eq(f->n, 1);
    ck_assert_uint_eq(f->h[0].kind, k);
    ck_assert_uint_eq(f->h[0].need, need);
    ck_assert_uint_eq(f->h[0].have, have);
}

#define MF32 "  v_mfma_f32_32x32x8f16 v[0:15], v[16:17], v[18:19], v[0:15]\n"
/* gfx942 spells them v_mfma_f32_32x32x8_f16, v_mfma_f32_16x16x4_f32, v_mfma_f32_4x4x4_16b_f16 */
#define MF32_942 "  v_mfma_f32_32x32x8_f16 v[0:15], v[16:17], v[18:19], v[0:15]\n"
#define NOP19 "  s_nop 7\n  s_nop 7\n  s_nop 2\n"

/* An MFMA's D read by a VALU instruction: gfx90a 19 for 16 passes; gfx942 passes + 3 (XDL) or
 * passes + 2 (not XDL). */
START_TEST(test_mfma_read)
{
    th_found_t f;
    run("gfx90a", MF32 "  v_add_f32 v20, v0, v21\n", &f);
    only(&f, TEV_HZ_WS_MFMA_READ, 19, 0);
    ck_assert_uint_eq(f.h[0].reg, ISA_VGPR_BASE + 0);
    run("gfx90a", MF32 "  v_add_f32 v22, v21, v21\n  s_nop 7\n  s_nop 7\n  s_nop 0\n  v_add_f32 v20, v0, v21\n", &f);
    only(&f, TEV_HZ_WS_MFMA_READ, 19, 18);
    run("gfx90a", MF32 NOP19 "  v_add_f32 v20, v0, v21\n", &f);
    ck_assert_uint_eq(f.n, 0);
    run("gfx942", MF32_942 "  v_add_f32 v20, v15, v21\n", &f);
    only(&f, TEV_HZ_WS_MFMA_READ, 11, 0);
    run("gfx942", "  v_mfma_f32_16x16x4_f32 v[0:3], v16, v17, v[0:3]\n  v_add_f32 v20, v3, v21\n", &f);
    only(&f, TEV_HZ_WS_MFMA_READ, 10, 0);
    run("gfx942", "  v_mfma_f32_16x16x4_f32 v[0:3], v16, v17, v[0:3]\n  s_nop 7\n  s_nop 1\n  v_add_f32 v20, v3, v21\n", &f);
    ck_assert_uint_eq(f.n, 0);
    /* an f64 MFMA (4x4) read by the VALU: 6 */
    run("gfx90a", "  v_mfma_f64_4x4x4f64 v[0:1], v[2:3], v[4:5], v[0:1]\n  v_add_f64 v[6:7], v[0:1], v[0:1]\n", &f);
    only(&f, TEV_HZ_WS_MFMA_READ, 6, 0);
}
END_TEST

/* An MFMA's D overwritten by a VALU instruction (WAW): 19 on gfx90a for 16 passes. */
START_TEST(test_mfma_write)
{
    th_found_t f;
    run("gfx90a", MF32 "  v_mov_b32 v3, 0\n", &f);
    only(&f, TEV_HZ_WS_MFMA_WRITE, 19, 0);
    run("gfx90a", MF32 NOP19 "  v_mov_b32 v3, 0\n", &f);
    ck_assert_uint_eq(f.n, 0);
}
END_TEST

/* D read by a later MFMA: as srcA/B passes + 3 (19); as srcC, the same registers need nothing (the
 * accumulator is forwarded), overlapping ones 16 on gfx90a (passes), passes + 1 for gfx942's XDL. */
START_TEST(test_mfma_to_mfma)
{
    th_found_t f;
    run("gfx90a", MF32 "  v_mfma_f32_32x32x8f16 v[32:47], v[0:1], v[18:19], v[32:47]\n", &f);
    only(&f, TEV_HZ_WS_MFMA_SRCAB, 19, 0);
    run("gfx90a", MF32 MF32, &f);
    ck_assert_uint_eq(f.n, 0);
    run("gfx90a", MF32 "  v_mfma_f32_4x4x4f16 v[32:35], v[16:17], v[18:19], v[0:3]\n", &f);
    only(&f, TEV_HZ_WS_MFMA_SRCC, 16, 0);
    run("gfx90a", MF32 "  s_nop 7\n  s_nop 7\n  v_mfma_f32_4x4x4f16 v[32:35], v[16:17], v[18:19], v[0:3]\n", &f);
    ck_assert_uint_eq(f.n, 0);
    run("gfx942", MF32_942 "  v_mfma_f32_4x4x4_16b_f16 v[32:35], v[16:17], v[18:19], v[0:3]\n", &f);
    only(&f, TEV_HZ_WS_MFMA_SRCC, 9, 0);
}
END_TEST

/* A VALU write of a register an MFMA reads as srcC (WAR): 15 for 16 passes. */
START_TEST(test_mfma_srcc_war)
{
    th_found_t f;
    run("gfx90a", "  v_mfma_f32_32x32x8f16 v[32:47], v[16:17], v[18:19], v[0:15]\n  v_mov_b32 v0, 0\n", &f);
    only(&f, TEV_HZ_WS_MFMA_WAR, 15, 0);
    run("gfx90a", "  v_mfma_f32_32x32x8f16 v[32:47], v[16:17], v[18:19], v[0:15]\n  s_nop 7\n  s_nop 6\n"
                  "  v_mov_b32 v0, 0\n", &f);
    ck_assert_uint_eq(f.n, 0);
}
END_TEST

/* VALU writes before an MFMA: EXEC (4) and a source VGPR (2). */
START_TEST(test_valu_then_mfma)
{
    th_found_t f;
    run("gfx90a", "  v_cmpx_eq_u32 vcc, v0, v0\n" MF32, &f);
    only(&f, TEV_HZ_WS_MAI_EXEC, 4, 0);
    run("gfx90a", "  v_cmpx_eq_u32 vcc, v0, v0\n  s_nop 3\n" MF32, &f);
    ck_assert_uint_eq(f.n, 0);
    run("gfx90a", "  v_mov_b32 v17, 0\n" MF32, &f);
    only(&f, TEV_HZ_WS_MAI_VGPR, 2, 0);
    ck_assert_uint_eq(f.h[0].reg, ISA_VGPR_BASE + 17);
    run("gfx90a", "  v_mov_b32 v17, 0\n  s_nop 1\n" MF32, &f);
    ck_assert_uint_eq(f.n, 0);
}
END_TEST

/* An f64 MFMA, then v_fma_f64: 2 (gfx90a and gfx942). */
START_TEST(test_dgemm_fma64)
{
    th_found_t f;
    const char *dg = "  v_mfma_f64_4x4x4f64 v[0:1], v[2:3], v[4:5], v[0:1]\n";
    char body[256];
    snprintf(body, sizeof body, "%s  v_fma_f64 v[6:7], v[8:9], v[8:9], v[8:9]\n", dg);
    run("gfx90a", body, &f);
    only(&f, TEV_HZ_WS_DGEMM_FMA64, 2, 0);
    run("gfx942", "  v_mfma_f64_4x4x4_4b_f64 v[0:1], v[2:3], v[4:5], v[0:1]\n"
                  "  v_fma_f64 v[6:7], v[8:9], v[8:9], v[8:9]\n", &f);
    only(&f, TEV_HZ_WS_DGEMM_FMA64, 2, 0);
    snprintf(body, sizeof body, "%s  s_nop 1\n  v_fma_f64 v[6:7], v[8:9], v[8:9], v[8:9]\n", dg);
    run("gfx90a", body, &f);
    ck_assert_uint_eq(f.n, 0);
}
END_TEST

/* gfx908's rows with AGPRs (checkMAIHazards908, checkMAILdStHazards): v_accvgpr_read of D (18 after
 * 16 passes), v_accvgpr_write of D (15) or of a srcC AGPR (WAR, 13), an MFMA or v_accvgpr_read
 * after v_accvgpr_write (srcC 1, srcA/B and read 3), a memory instruction reading what
 * v_accvgpr_read wrote (2), an overlapping srcC (2). */
#define MF908 "  v_mfma_f32_32x32x8f16 a[0:15], v[16:17], v[18:19], a[0:15]\n"
/* out's address in s[4:5], v1 = 0 written far enough back for the rows that start at a VALU write */
#define STORE_SETUP "  s_load_dwordx2 s[4:5], s[0:1], 0x0\n  s_waitcnt lgkmcnt(0)\n  v_mov_b32 v1, 0\n  s_nop 2\n"
START_TEST(test_gfx908_agpr_rows)
{
    th_found_t f;
    run("gfx908", MF908 "  v_accvgpr_read_b32 v20, a7\n", &f);
    only(&f, TEV_HZ_WS_MFMA_READ, 18, 0);
    ck_assert_uint_eq(f.h[0].reg, ISA_AGPR_BASE + 7);
    run("gfx908", MF908 "  s_nop 7\n  s_nop 7\n  s_nop 1\n  v_accvgpr_read_b32 v20, a7\n", &f);
    ck_assert_uint_eq(f.n, 0);
    run("gfx908", MF908 "  v_accvgpr_write_b32 a3, v20\n", &f);
    only(&f, TEV_HZ_WS_MFMA_WRITE, 15, 0);
    run("gfx908", "  v_mfma_f32_32x32x8f16 a[32:47], v[16:17], v[18:19], a[0:15]\n  v_accvgpr_write_b32 a3, v20\n", &f);
    only(&f, TEV_HZ_WS_MFMA_WAR, 13, 0);
    run("gfx908", "  v_mfma_f32_32x32x8f16 a[32:47], v[16:17], v[18:19], a[0:15]\n  s_nop 7\n  s_nop 4\n"
                  "  v_accvgpr_write_b32 a3, v20\n", &f);
    ck_assert_uint_eq(f.n, 0);
    run("gfx908", "  v_accvgpr_write_b32 a3, v20\n" MF908, &f);
    only(&f, TEV_HZ_WS_ACC_WRITE, 1, 0);
    run("gfx908", "  v_accvgpr_write_b32 a3, v20\n  v_accvgpr_read_b32 v21, a3\n", &f);
    only(&f, TEV_HZ_WS_ACC_WRITE, 3, 0);
    run("gfx908", "  v_accvgpr_write_b32 a3, v20\n  s_nop 2\n  v_accvgpr_read_b32 v21, a3\n", &f);
    ck_assert_uint_eq(f.n, 0);
    run("gfx908", STORE_SETUP "  v_accvgpr_read_b32 v2, a0\n  global_store_dword v1, v2, s[4:5]\n  s_waitcnt vmcnt(0)\n",
        &f);
    only(&f, TEV_HZ_WS_ACC_READ, 2, 0);
    run("gfx908", MF908 "  v_mfma_f32_4x4x4f16 a[32:35], v[16:17], v[18:19], a[0:3]\n", &f);
    only(&f, TEV_HZ_WS_MFMA_SRCC, 2, 0);
    run("gfx908", MF908 MF908, &f);
    ck_assert_uint_eq(f.n, 0);
    /* v_accvgpr_write of the same AGPR again: LLVM takes its def for a srcA/B read (3) */
    run("gfx908", "  v_accvgpr_write_b32 a3, v20\n  v_accvgpr_write_b32 a3, v21\n", &f);
    only(&f, TEV_HZ_WS_ACC_WRITE, 3, 0);
    ck_assert_uint_eq(f.h[0].write, 1);
    run("gfx908", "  v_accvgpr_write_b32 a3, v20\n  s_nop 1\n  v_accvgpr_write_b32 a3, v21\n", &f);
    only(&f, TEV_HZ_WS_ACC_WRITE, 3, 2);
    run("gfx908", "  v_accvgpr_write_b32 a3, v20\n  s_nop 2\n  v_accvgpr_write_b32 a3, v21\n"
                  "  v_accvgpr_write_b32 a4, v21\n", &f);
    ck_assert_uint_eq(f.n, 0);
}
END_TEST

/* gfx908, checkMAILdStHazards: a VALU write of a VGPR (not v_accvgpr_*), v_accvgpr_read/write right
 * after it, a memory instruction reading the VGPR right after that: 1 between the last two. */
START_TEST(test_gfx908_valu_accvgpr_mem)
{
    th_found_t f;
    const char *st = "  global_store_dword v1, v2, s[4:5]\n  s_waitcnt vmcnt(0)\n";
    char body[512];
    snprintf(body, sizeof body, STORE_SETUP "  v_mov_b32 v2, 0\n  v_accvgpr_write_b32 a0, v3\n%s", st);
    run("gfx908", body, &f);
    only(&f, TEV_HZ_WS_VALU_ACC_MEM, 1, 0);
    ck_assert_uint_eq(f.h[0].reg, ISA_VGPR_BASE + 2);
    snprintf(body, sizeof body, STORE_SETUP "  v_mov_b32 v2, 0\n  v_accvgpr_read_b32 v5, a1\n%s", st);
    run("gfx908", body, &f);
    only(&f, TEV_HZ_WS_VALU_ACC_MEM, 1, 0);
    /* a v_dot* is a VALU write here */
    snprintf(body, sizeof body, STORE_SETUP "  v_dot4_i32_i8 v2, v8, v9, v10\n  v_accvgpr_write_b32 a0, v3\n%s", st);
    run("gfx908", body, &f);
    only(&f, TEV_HZ_WS_VALU_ACC_MEM, 1, 0);
    /* quiet: s_nop 0 before the store, the VALU write after the v_accvgpr, or two wait states back */
    snprintf(body, sizeof body, STORE_SETUP "  v_mov_b32 v2, 0\n  v_accvgpr_write_b32 a0, v3\n  s_nop 0\n%s", st);
    run("gfx908", body, &f);
    ck_assert_uint_eq(f.n, 0);
    snprintf(body, sizeof body, STORE_SETUP "  v_accvgpr_write_b32 a0, v3\n  v_mov_b32 v2, 0\n%s", st);
    run("gfx908", body, &f);
    ck_assert_uint_eq(f.n, 0);
    snprintf(body, sizeof body, STORE_SETUP "  v_mov_b32 v2, 0\n  s_nop 0\n  v_accvgpr_write_b32 a0, v3\n%s", st);
    run("gfx908", body, &f);
    ck_assert_uint_eq(f.n, 0);
    /* gfx90a has no such row (checkMAILdStHazards is gfx908's) */
    snprintf(body, sizeof body, STORE_SETUP "  v_mov_b32 v2, 0\n  v_accvgpr_write_b32 a0, v3\n%s", st);
    run("gfx90a", body, &f);
    ck_assert_uint_eq(f.n, 0);
}
END_TEST

/* gfx90a/942, checkMAIVALUHazards: a v_dot*'s result read by another instruction, or by the same
 * v_dot* as srcA/srcB (3; as srcC, its accumulator: 0), or overwritten by another instruction (3).
 * gfx908 has none of these. */
#define DOT "  v_dot4_i32_i8 v2, v8, v9, v10\n"
START_TEST(test_dot_rows)
{
    th_found_t f;
    run("gfx90a", DOT "  v_dot4_i32_i8 v3, v2, v9, v10\n", &f);
    only(&f, TEV_HZ_WS_DOT_READ, 3, 0);
    ck_assert_uint_eq(f.h[0].reg, ISA_VGPR_BASE + 2);
    run("gfx90a", DOT "  v_dot4_i32_i8 v3, v8, v9, v2\n", &f);
    ck_assert_uint_eq(f.n, 0);
    run("gfx90a", DOT "  v_dot4_u32_u8 v3, v8, v9, v2\n", &f);
    only(&f, TEV_HZ_WS_DOT_READ, 3, 0);
    run("gfx90a", DOT "  s_nop 0\n  v_add_u32 v3, v2, v1\n", &f);
    only(&f, TEV_HZ_WS_DOT_READ, 3, 1);
    run("gfx90a", DOT "  s_nop 2\n  v_add_u32 v3, v2, v1\n", &f);
    ck_assert_uint_eq(f.n, 0);
    run("gfx90a", DOT "  v_accvgpr_write_b32 a0, v2\n", &f);
    only(&f, TEV_HZ_WS_DOT_READ, 3, 0);
    run("gfx90a", STORE_SETUP DOT "  global_store_dword v1, v2, s[4:5]\n  s_waitcnt vmcnt(0)\n", &f);
    only(&f, TEV_HZ_WS_DOT_READ, 3, 0);
    run("gfx90a", DOT "  v_mov_b32 v2, 0\n", &f);
    only(&f, TEV_HZ_WS_DOT_WRITE, 3, 0);
    run("gfx90a", DOT "  v_dot4_i32_i8 v2, v8, v9, v10\n", &f);
    ck_assert_uint_eq(f.n, 0);
    /* v_dot2c accumulates into D: the same one back to back needs nothing, the other encoding 3 */
    run("gfx90a", "  v_dot2c_f32_f16 v2, v8, v9\n  v_dot2c_f32_f16 v2, v8, v10\n", &f);
    ck_assert_uint_eq(f.n, 0);
    run("gfx942", "  v_dot2c_f32_f16 v2, v8, v9\n  v_dot2c_f32_f16_e64 v2, v8, v10\n", &f);
    only(&f, TEV_HZ_WS_DOT_WRITE, 3, 0);
    run("gfx942", DOT "  v_add_u32 v3, v2, v1\n", &f);
    only(&f, TEV_HZ_WS_DOT_READ, 3, 0);
    run("gfx908", DOT "  v_add_u32 v3, v2, v1\n  v_mov_b32 v2, 0\n", &f);
    ck_assert_uint_eq(f.n, 0);
}
END_TEST

/* A VALU write of an MFMA's source: gfx908 any VALU instruction, gfx90a/942 any but a v_dot*
 * (LegacyVALUNotDotWritesVGPRWaitStates); v_smfmac's accumulator (its D) is a source too. */
START_TEST(test_valu_then_mfma_dot)
{
    th_found_t f;
    run("gfx90a", "  v_dot4_i32_i8 v17, v8, v9, v10\n" MF32, &f);
    ck_assert_uint_eq(f.n, 0);
    run("gfx90a", "  v_mov_b32 v17, 0\n  v_dot4_i32_i8 v17, v8, v9, v10\n" MF32, &f);
    only(&f, TEV_HZ_WS_MAI_VGPR, 2, 1);
    ck_assert_uint_eq(f.h[0].reg, ISA_VGPR_BASE + 17);
    run("gfx908", "  v_dot4_i32_i8 v17, v8, v9, v10\n" MF908, &f);
    only(&f, TEV_HZ_WS_MAI_VGPR, 2, 0);
    const char *sm = "  v_smfmac_f32_16x16x32_f16 v[0:3], v[8:9], v[20:23], v10\n";
    char body[256];
    snprintf(body, sizeof body, "  v_mov_b32 v1, 0\n%s", sm);
    run("gfx942", body, &f);
    only(&f, TEV_HZ_WS_MAI_VGPR, 2, 0);
    ck_assert_uint_eq(f.h[0].reg, ISA_VGPR_BASE + 1);
    snprintf(body, sizeof body, "  v_mov_b32 v1, 0\n  s_nop 1\n%s", sm);
    run("gfx942", body, &f);
    ck_assert_uint_eq(f.n, 0);
}
END_TEST

/* gfx90a only (LLVM 16 on), DMFMABetweenVALUWriteVMEMRead: a VALU write, an f64 MFMA right after
 * it, a memory instruction reading the register right after that: 2 after the VALU write. */
START_TEST(test_valu_dgemm_mem)
{
    th_found_t f;
    const char *st = "  global_store_dword v1, v2, s[4:5]\n  s_waitcnt vmcnt(0)\n";
    const char *dg = "  v_mfma_f64_4x4x4f64 v[10:11], v[12:13], v[14:15], v[10:11]\n";
    char body[512];
    snprintf(body, sizeof body, STORE_SETUP "  v_mov_b32 v2, 0\n%s%s", dg, st);
    run("gfx90a", body, &f);
    only(&f, TEV_HZ_WS_VALU_DGEMM_MEM, 2, 1);
    ck_assert_uint_eq(f.h[0].reg, ISA_VGPR_BASE + 2);
    snprintf(body, sizeof body, STORE_SETUP "  v_mov_b32 v2, 0\n%s  s_nop 0\n%s", dg, st);
    run("gfx90a", body, &f);
    ck_assert_uint_eq(f.n, 0);
    snprintf(body, sizeof body, STORE_SETUP "%s  v_mov_b32 v2, 0\n%s", dg, st);
    run("gfx90a", body, &f);
    ck_assert_uint_eq(f.n, 0);
    /* an f32 MFMA between is no such case; nor is gfx942 */
    snprintf(body, sizeof body, STORE_SETUP "  v_mov_b32 v2, 0\n"
             "  v_mfma_f32_4x4x1f32 v[20:23], v6, v7, v[20:23]\n%s", st);
    run("gfx90a", body, &f);
    ck_assert_uint_eq(f.n, 0);
    snprintf(body, sizeof body, STORE_SETUP "  v_mov_b32 v2, 0\n"
             "  v_mfma_f64_4x4x4_4b_f64 v[10:11], v[12:13], v[14:15], v[10:11]\n%s", st);
    run("gfx942", body, &f);
    ck_assert_uint_eq(f.n, 0);
}
END_TEST

/* The same VALU-only code on a Vega target has none of these rows. */
START_TEST(test_not_before_cdna)
{
    th_found_t f;
    run("gfx906", "  v_cmpx_eq_u32 vcc, v0, v0\n  v_mov_b32 v17, 0\n  v_fma_f64 v[6:7], v[8:9], v[8:9], v[8:9]\n", &f);
    ck_assert_uint_eq(f.n, 0);
}
END_TEST

/* Run the body for `target` as `gcnsim check` does: its one finding's diagnostic and JSON into out,
 * and the finding read back from a trace into *traced. */
static void run_report(const char *target, const char *body, char *out, size_t len, tev_hazard_t *traced)
{
    th_launch_t t;
    prepare(&t, target, body);
    hzlog_t g;
    char tpath[96];
    hr_run_logged(&t, &g, tpath);
    ck_assert_uint_eq(g.n, 1);
    hr_report(&g, out, len);
    char msg[256];
    trace_reader_t *r = trace_open(tpath, msg, sizeof msg);
    ck_assert_msg(r != NULL, "%s", msg);
    tev_t ev;
    unsigned found = 0;
    int rc;
    while ((rc = trace_next(r, &ev, msg, sizeof msg)) == 1)
        if (ev.kind == TEV_HAZARD) {
            found++;
            *traced = *ev.u.hazard;
        }
    ck_assert_msg(rc == 0, "%s", msg);
    ck_assert_uint_eq(found, 1);
    trace_close(r);
    hzlog_free(&g);
    th_release(&t);
}

/* What the user sees of the rows added last: the diagnostic, the JSON object and the trace record. */
START_TEST(test_report_of_new_kinds)
{
    char out[4096];
    tev_hazard_t h;
    run_report("gfx90a", DOT "  v_add_u32 v3, v2, v1\n", out, sizeof out, &h);
    ck_assert_msg(strstr(out, "k.s:4:3: error: reads v2, written by the v_dot4_i32_i8 at line 3: 0 wait states of the 3 "
                              "gfx90a needs (s_nop 2 before it adds 3) [dot_read]") != NULL, "%s", out);
    ck_assert_msg(strstr(out, "{\"kind\": \"dot_read\", \"kernel\": \"k\"") != NULL, "%s", out);
    ck_assert_msg(strstr(out, "\"register\": \"v2\", \"need\": 3, \"have\": 0") != NULL, "%s", out);
    ck_assert_uint_eq(h.kind, TEV_HZ_WS_DOT_READ);
    ck_assert_str_eq(trace_hazard_kind_name(h.kind), "dot_read");
    run_report("gfx90a", DOT "  v_mov_b32 v2, 0\n", out, sizeof out, &h);
    ck_assert_msg(strstr(out, "overwrites v2, written by the v_dot4_i32_i8 at line 3: 0 wait states of the 3 gfx90a "
                              "needs (s_nop 2 before it adds 3) [dot_write]") != NULL, "%s", out);
    run_report("gfx908", "  v_accvgpr_write_b32 a3, v20\n  v_accvgpr_write_b32 a3, v21\n", out, sizeof out, &h);
    ck_assert_msg(strstr(out, "k.s:4:3: error: overwrites a3, written by the v_accvgpr_write_b32 at line 3: 0 wait "
                              "states of the 3 gfx908 needs (s_nop 2 before it adds 3) [accvgpr_write]") != NULL, "%s", out);
    ck_assert_msg(strstr(out, "\"register\": \"a3\"") != NULL, "%s", out);
    ck_assert_uint_eq(h.kind, TEV_HZ_WS_ACC_WRITE);
    ck_assert_uint_eq(h.write, 1);
    run_report("gfx90a", STORE_SETUP "  v_mov_b32 v2, 0\n  v_mfma_f64_4x4x4f64 v[10:11], v[12:13], v[14:15], v[10:11]\n"
               "  global_store_dword v1, v2, s[4:5]\n  s_waitcnt vmcnt(0)\n", out, sizeof out, &h);
    ck_assert_msg(strstr(out, "reads v2, written by the VALU instruction v_mov_b32 at line 7 with an f64 MFMA after it: "
                              "1 wait state of the 2 gfx90a needs (s_nop 0 before it adds 1) [valu_dgemm_mem]") != NULL,
                  "%s", out);
    ck_assert_msg(strstr(out, "{\"kind\": \"valu_dgemm_mem\"") != NULL, "%s", out);
    run_report("gfx908", STORE_SETUP "  v_mov_b32 v2, 0\n  v_accvgpr_write_b32 a0, v3\n"
               "  global_store_dword v1, v2, s[4:5]\n  s_waitcnt vmcnt(0)\n", out, sizeof out, &h);
    ck_assert_msg(strstr(out, "reads v2, written by the VALU instruction v_mov_b32 at line 7 with a v_accvgpr_read/write "
                              "after it: 0 wait states of the 1 gfx908 needs (s_nop 0 before it adds 1) "
                              "[valu_accvgpr_mem]") != NULL, "%s", out);
    ck_assert_uint_eq(h.kind, TEV_HZ_WS_VALU_ACC_MEM);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("hazard_mai");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_mfma_read);
    tcase_add_test(tc, test_mfma_write);
    tcase_add_test(tc, test_mfma_to_mfma);
    tcase_add_test(tc, test_mfma_srcc_war);
    tcase_add_test(tc, test_valu_then_mfma);
    tcase_add_test(tc, test_dgemm_fma64);
    tcase_add_test(tc, test_gfx908_agpr_rows);
    tcase_add_test(tc, test_gfx908_valu_accvgpr_mem);
    tcase_add_test(tc, test_dot_rows);
    tcase_add_test(tc, test_valu_then_mfma_dot);
    tcase_add_test(tc, test_valu_dgemm_mem);
    tcase_add_test(tc, test_report_of_new_kinds);
    tcase_add_test(tc, test_not_before_cdna);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)
