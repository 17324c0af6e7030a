/* gfx9's flat-scratch ABI (AMDGPUUsage, "Flat Scratch"): the flat scratch init user SGPRs hold the
 * 64-bit address of the scratch region, the prologue adds the wave's offset to form FLAT_SCRATCH,
 * and scratch_ instructions then reach the same interleaved private memory as the buffer
 * instructions through the private segment buffer (whose base the gfx9 prologue also advances by
 * the wave's offset). Each work-item writes one private dword each way and reads it back the other
 * way; functional and timed, the same memory. */
#include "unit.h"

#include "machine/functional.h"
#include "timing_harness.h"

/* User SGPRs: private segment buffer s[0:3], kernarg pointer s[4:5], flat scratch init s[6:7];
 * then workgroup id x s8 and the wave's scratch offset s9. */
static const char kernel[] =
    ".amdgcn_target \"amdgcn-amd-amdhsa--gfx900\"\n"
    "k:\n"
    "  s_add_u32 s0, s0, s9\n"
    "  s_addc_u32 s1, s1, 0\n"
    "  s_add_u32 flat_scratch_lo, s6, s9\n"
    "  s_addc_u32 flat_scratch_hi, s7, 0\n"
    "  v_mul_u32_u24_e32 v1, 3, v0\n"
    "  buffer_store_dword v1, off, s[0:3], 0 offset:8\n"
    "  v_or_b32_e32 v2, 0x10000, v0\n"
    "  v_mov_b32_e32 v3, 4\n"
    "  scratch_store_dword v3, v2, off\n"
    "  s_waitcnt vmcnt(0)\n"
    "  s_mov_b32 s10, 8\n"
    "  scratch_load_dword v4, off, s10\n"
    "  buffer_load_dword v5, off, s[0:3], 0 offset:4\n"
    "  s_load_dwordx2 s[12:13], s[4:5], 0x0\n"
    "  v_lshlrev_b32_e32 v6, 3, v0\n"
    "  s_waitcnt vmcnt(0) lgkmcnt(0)\n"
    "  global_store_dwordx2 v6, v[4:5], s[12:13]\n"
    "  s_endpgm\n"
    ".amdhsa_kernel k\n"
    "  .amdhsa_private_segment_fixed_size 12\n"
    "  .amdhsa_user_sgpr_private_segment_buffer 1\n"
    "  .amdhsa_user_sgpr_kernarg_segment_ptr 1\n"
    "  .amdhsa_user_sgpr_flat_scratch_init 1\n"
    "  .amdhsa_system_sgpr_workgroup_id_x 1\n"
    "  .amdhsa_system_sgpr_private_segment_wavefront_offset 1\n"
    "  .amdhsa_next_free_vgpr 7\n"
    "  .amdhsa_next_free_sgpr 14\n"
    ".end_amdhsa_kernel\n";

static const char *const gfx900[] = { "gpu.target=gfx900", NULL };

static const char ini[] = "grid = 256\nworkgroup = 256\n[buffer out]\ntype = u32\ncount = 512\n[args]\nout = @out\n";

START_TEST(entry_state)
{
    th_launch_t t;
    th_prepare(&t, kernel, ini, NULL, gfx900, 0);
    launch_t *L = t.L;
    static uint32_t vg[8 * 64];
    static uint8_t lds[16];
    isa_wave_t w;
    uint32_t id[3] = { 0, 0, 0 }, size[3] = { 256, 1, 1 };
    launch_wave_init(L, &L->dispatches[0], &w, vg, lds, id, size, 2);
    ck_assert_int_eq(w.target, ISA_TARGET_GFX900);
    /* gfx9: the region's address (gfx8: 0 and the bytes per lane) */
    ck_assert_uint_eq(w.sreg[6], (uint32_t)L->scratch_addr);
    ck_assert_uint_eq(w.sreg[7], (uint32_t)(L->scratch_addr >> 32));
    ck_assert_uint_eq(w.sreg[9], 2 * 12 * 64); /* wave 2's scratch offset */
    th_release(&t);
}
END_TEST

/* gfx942's architected flat scratch (AMDGPUUsage, "Flat Scratch"): no flat scratch init SGPRs; the
 * hardware sets FLAT_SCRATCH to the wave's own private segment (the region + the wave's offset). */
static const char kernel_gfx942[] =
    ".amdgcn_target \"amdgcn-amd-amdhsa--gfx942\"\n"
    "k:\n"
    "  s_endpgm\n"
    ".amdhsa_kernel k\n"
    "  .amdhsa_private_segment_fixed_size 12\n"
    "  .amdhsa_user_sgpr_kernarg_segment_ptr 1\n"
    "  .amdhsa_enable_private_segment 1\n"
    "  .amdhsa_next_free_vgpr 8\n"
    "  .amdhsa_next_free_sgpr 8\n"
    "  .amdhsa_accum_offset 8\n"
    ".end_amdhsa_kernel\n";

static const char *const gfx942[] = { "gpu.target=gfx942", NULL };

START_TEST(architected_flat_scratch)
{
    th_launch_t t;
    th_prepare(&t, kernel_gfx942, ini, NULL, gfx942, 0);
    launch_t *L = t.L;
    static uint32_t vg[8 * 64];
    static uint8_t lds[16];
    isa_wave_t w;
    uint32_t id[3] = { 0, 0, 0 }, size[3] = { 256, 1, 1 };
    launch_wave_init(L, &L->dispatches[0], &w, vg, lds, id, size, 2);
    ck_assert_int_eq(w.target, ISA_TARGET_GFX942);
    uint64_t want = L->scratch_addr + 2 * 12 * 64; /* wave 2's area */
    ck_assert_uint_eq(w.sreg[ISA_REG_FLAT_SCRATCH_LO], (uint32_t)want);
    ck_assert_uint_eq(w.sreg[ISA_REG_FLAT_SCRATCH_HI], (uint32_t)(want >> 32));
    ck_assert_uint_ne(L->scratch_addr, 0);
    th_release(&t);
}
END_TEST

START_TEST(both_paths_one_memory)
{
    for (int timed = 0; timed < 2; timed++) {
        th_launch_t t;
        th_prepare(&t, kernel, ini, NULL, gfx900, 0);
        th_run(&t, timed);
        const uint32_t *out = (const uint32_t *)t.L->bufs[0].data;
        for (unsigned i = 0; i < 256; i++) {
            ck_assert_msg(out[2 * i] == 3 * i, "%s: out[%u] = %u", timed ? "timing" : "functional", 2 * i, out[2 * i]);
            ck_assert_msg(out[2 * i + 1] == (0x10000u | i), "%s: out[%u] = 0x%x", timed ? "timing" : "functional",
                          2 * i + 1, out[2 * i + 1]);
        }
        th_release(&t);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("scratch9");
    TCase *tc = tcase_create("abi");
    tcase_add_test(tc, entry_state);
    tcase_add_test(tc, architected_flat_scratch);
    tcase_add_test(tc, both_paths_one_memory);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)
