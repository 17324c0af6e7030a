/* functional: a hand-built launch run by the functional simulator: barriers, the waves that end
 * before a barrier, --max-instructions and the runaway detector, exec and PC faults and the
 * address a fault names, two simulations in one process, and one clang-style kernel assembled and
 * run. Kernels are built by hand (tests/unit/unit.h) except that one. */
#include "unit.h"

#include "asm/asm.h"
#include "launch_harness.h"
#include "load/launch.h"
#include "machine/functional.h"

START_TEST(run_counts_and_barrier)
{
    fx_t *f = fx_new(300, 128); /* 3 workgroups: 128, 128, 44 work-items -> 2 + 2 + 1 waves */
    fx_add(f, ISA_s_barrier);
    fx_add(f, ISA_s_endpgm);
    ck_assert_int_eq(fx_prepare(f, 0), 0);
    ck_assert_int_eq(functional_run(&f->L), 0);
    ck_assert_uint_eq(f->L.workgroups_run, 3);
    ck_assert_uint_eq(f->L.waves_run, 5);
    ck_assert_uint_eq(f->L.insts_total, 10);
    ck_assert_uint_eq(f->L.insts_per_unit[ISA_UNIT_SEQ], 10);
    ck_assert_uint_eq(f->L.insts_per_unit[ISA_UNIT_VALU], 0);
    fx_free(f);
}
END_TEST

/* Waves whose index (from the workgroup info SGPR, s5 here) is 0 skip the barrier and end; the
 * others wait at it and then run one s_nop before they end. */
static void ended_wave_kernel(fx_t *f)
{
    f->k.desc.system_sgpr_workgroup_info = true;
    isa_inst_t *in = fx_add(f, ISA_s_and_b32);
    in->sdst = ut_s(6);
    in->src[0] = ut_s(5);
    in->src[1] = ut_ic(63);
    in->nsrc = 2;
    in = fx_add(f, ISA_s_cmp_eq_u32);
    in->src[0] = ut_s(6);
    in->src[1] = ut_ic(0);
    in->nsrc = 2;
    in = fx_add(f, ISA_s_cbranch_scc1);
    in->target = 5;
    fx_add(f, ISA_s_barrier);
    fx_add(f, ISA_s_nop);
    fx_add(f, ISA_s_endpgm);
}

/* S_BARRIER waits only for the waves that have not ended (GCN3 ISA manual, S_BARRIER): a wave that
 * ends releases the others. 2 workgroups of 2 waves: wave 0 runs 4 instructions (s_and, s_cmp,
 * s_cbranch, s_endpgm), wave 1 runs 6 (and the s_barrier and s_nop): 2 x (4 + 6) = 20. */
START_TEST(barrier_with_ended_wave)
{
    fx_t *f = fx_new(256, 128);
    ended_wave_kernel(f);
    ck_assert_int_eq(fx_prepare(f, 0), 0);
    ck_assert_int_eq(functional_run(&f->L), 0);
    ck_assert_int_eq(f->L.fault.kind, LAUNCH_FAULT_NONE);
    ck_assert_uint_eq(f->L.insts_total, 20);
    fx_free(f);
    /* A one-wave workgroup: the same kernel, wave 0 of each group only (4 x 4). */
    f = fx_new(128, 64);
    ended_wave_kernel(f);
    ck_assert_int_eq(fx_prepare(f, 0), 0);
    ck_assert_int_eq(functional_run(&f->L), 0);
    ck_assert_uint_eq(f->L.insts_total, 2 * 4);
    fx_free(f);
}
END_TEST

START_TEST(max_instructions)
{
    fx_t *f = fx_new(128, 64);
    fx_add(f, ISA_s_nop);
    fx_add(f, ISA_s_branch)->target = 0;
    ck_assert_int_eq(fx_prepare(f, 1001), 0);
    ck_assert_int_eq(functional_run(&f->L), 2);
    ck_assert_int_eq(f->L.fault.kind, LAUNCH_FAULT_LIMIT);
    ck_assert_uint_eq(f->L.insts_total, 1001);
    ck_assert_uint_eq(f->L.insts_per_unit[ISA_UNIT_SEQ], 501);
    ck_assert_uint_eq(f->L.insts_per_unit[ISA_UNIT_BRANCH], 500);
    ck_assert_uint_eq(f->L.fault.inst, 1);
    ck_assert_ptr_nonnull(strstr(f->L.fault.msg, "more than 1001 wave instructions"));
    fx_free(f);
    f = fx_new(64, 64);
    fx_add(f, ISA_s_endpgm);
    ck_assert_int_eq(fx_prepare(f, 0), 0);
    ck_assert_uint_eq(f->L.max_instructions, UINT64_MAX); /* no cap by default: the detector */
    fx_free(f);
}
END_TEST

/* Without --max-instructions a loop that never ends is caught when no workgroup finishes for the
 * window: one wave at a time (a one-wave workgroup) x max(2^20, 4096 x 2 instructions) = 2^20. */
START_TEST(runaway_detector)
{
    fx_t *f = fx_new(128, 64);
    fx_add(f, ISA_s_nop);
    fx_add(f, ISA_s_branch)->target = 0;
    ck_assert_int_eq(fx_prepare(f, 0), 0);
    ck_assert_int_eq(functional_run(&f->L), 2);
    ck_assert_int_eq(f->L.fault.kind, LAUNCH_FAULT_LIMIT);
    ck_assert_uint_eq(f->L.stall_window, 1u << 20);
    ck_assert_uint_eq(f->L.insts_total, 1u << 20);
    ck_assert_msg(strstr(f->L.fault.msg, "no workgroup finished in 1048576 wave instructions: a runaway loop?"), "%s",
                  f->L.fault.msg);
    /* The window scales with the kernel and the waves that run at once: 1000 instructions give 4096 x
     * 1000 = 4096000 per wave, x 3 waves = 12288000. */
    f->k.ninsts = 1000;
    launch_set_stall_window(&f->L, 3);
    f->k.ninsts = 2;
    ck_assert_uint_eq(f->L.stall_window, 12288000);
    /* Progress is what counts, not the total: 5e9 instructions in all, the last workgroup finished
     * 12287999 ago: no fault; 12288000 ago: the fault. */
    char msg[200];
    f->L.insts_total = 5000000000ull;
    f->L.progress_at = f->L.insts_total - 12287999;
    ck_assert_int_eq(launch_check_limit(&f->L, msg, sizeof msg), 0);
    f->L.progress_at--;
    ck_assert_int_eq(launch_check_limit(&f->L, msg, sizeof msg), LAUNCH_FAULT_LIMIT);
    ck_assert_msg(strstr(msg, "no workgroup finished in 12288000 wave instructions"), "%s", msg);
    fx_free(f);
    /* A hard cap replaces the detector. */
    f = fx_new(64, 64);
    fx_add(f, ISA_s_endpgm);
    ck_assert_int_eq(fx_prepare(f, 5000), 0);
    launch_set_stall_window(&f->L, 3);
    ck_assert_uint_eq(f->L.stall_window, UINT64_MAX);
    f->L.insts_total = 5000;
    ck_assert_int_eq(launch_check_limit(&f->L, msg, sizeof msg), LAUNCH_FAULT_LIMIT);
    ck_assert_msg(strstr(msg, "more than 5000 wave instructions executed (the --max-instructions cap)"), "%s", msg);
    fx_free(f);
}
END_TEST

START_TEST(exec_fault_and_pc_fault)
{
    fx_t *f = fx_new(64, 64);
    isa_inst_t *in = fx_add(f, ISA_flat_load_dword); /* v[2:3] = 0: address 0 is unmapped */
    in->vdst = ut_v(1);
    in->src[0] = ut_vr(2, 2);
    in->nsrc = 1;
    fx_add(f, ISA_s_endpgm);
    ck_assert_int_eq(fx_prepare(f, 0), 0);
    ck_assert_int_eq(functional_run(&f->L), 2);
    ck_assert_int_eq(f->L.fault.kind, LAUNCH_FAULT_EXEC);
    ck_assert_int_eq(f->L.fault.isa_fault, ISA_FAULT_UNMAPPED);
    ck_assert_str_eq(launch_fault_name(&f->L.fault), "unmapped address");
    ck_assert_int_eq(f->L.fault.lane, 0);
    ck_assert_uint_eq(f->L.insts_total, 0);
    fx_free(f);

    f = fx_new(64, 64);
    fx_add(f, ISA_s_nop);
    ck_assert_int_eq(fx_prepare(f, 0), 0);
    ck_assert_int_eq(functional_run(&f->L), 2);
    ck_assert_int_eq(f->L.fault.kind, LAUNCH_FAULT_PC);
    ck_assert_uint_eq(f->L.insts_total, 1);
    fx_free(f);
}
END_TEST

/* An unmapped address is named by the region next to it, as the fault report prints it. */
START_TEST(fault_address_named)
{
    fx_t *f = fx_new(64, 64);
    fx_add(f, ISA_s_endpgm);
    fx_add_buf(f, "in", WL_U32, 256);
    fx_add_buf(f, "out", WL_F32, 3);
    ck_assert_int_eq(fx_prepare(f, 0), 0);
    /* in at the buffer base, out after a 64 KiB guard gap (GMEM_ALIGN). */
    uint64_t in = f->L.bufs[0].addr, out = f->L.bufs[1].addr;
    char t[256];
    launch_describe_address(&f->L, in + 1024, t, sizeof t);
    ck_assert_str_eq(t, "just past the end of buffer 'in' (u32[256], 0x200000000..0x2000003fc)");
    launch_describe_address(&f->L, in + 1024 + 256, t, sizeof t);
    ck_assert_str_eq(t, "256 bytes past the end of buffer 'in' (u32[256], 0x200000000..0x2000003fc)");
    launch_describe_address(&f->L, out - 4, t, sizeof t);
    ck_assert_str_eq(t, "4 bytes before the start of buffer 'out' (f32[3], 0x200020000..0x200020008)");
    launch_describe_address(&f->L, out + 12 + 1, t, sizeof t);
    ck_assert_str_eq(t, "1 byte past the end of buffer 'out' (f32[3], 0x200020000..0x200020008)");
    /* Below everything: the nearest region above, the code. */
    launch_describe_address(&f->L, 0, t, sizeof t);
    ck_assert_msg(strncmp(t, "4294967296 bytes before the start of the code (0x100000000..", 60) == 0, "%s", t);
    fx_free(f);
}
END_TEST

/* out[gid] = gid * 3 through kernarg, SMEM, VALU and FLAT; default descriptor, workgroup of 64. */
static void store_kernel(fx_t *f)
{
    isa_inst_t *in = fx_add(f, ISA_s_load_dwordx2); /* s[6:7] = out */
    in->sdst = ut_sr(6, 2);
    in->src[0] = ut_sr(0, 2);
    in->nsrc = 1;
    fx_add(f, ISA_s_waitcnt)->simm16 = 0;
    in = fx_add(f, ISA_s_lshl_b32); /* s8 = wg id * 64 */
    in->sdst = ut_s(8);
    in->src[0] = ut_s(2);
    in->src[1] = ut_ic(6);
    in->nsrc = 2;
    in = fx_add(f, ISA_v_add_u32); /* v1 = gid */
    in->vdst = ut_v(1);
    in->sdst = ut_vcc();
    in->src[0] = ut_s(8);
    in->src[1] = ut_v(0);
    in->nsrc = 2;
    in = fx_add(f, ISA_v_mul_u32_u24); /* v4 = gid * 3 */
    in->vdst = ut_v(4);
    in->src[0] = ut_ic(3);
    in->src[1] = ut_v(1);
    in->nsrc = 2;
    in = fx_add(f, ISA_v_lshlrev_b32); /* v1 = 4 * gid */
    in->vdst = ut_v(1);
    in->src[0] = ut_ic(2);
    in->src[1] = ut_v(1);
    in->nsrc = 2;
    in = fx_add(f, ISA_v_mov_b32); /* v3 = hi(out) */
    in->vdst = ut_v(3);
    in->src[0] = ut_s(7);
    in->nsrc = 1;
    in = fx_add(f, ISA_v_add_u32); /* v2 = lo(out) + 4 gid */
    in->vdst = ut_v(2);
    in->sdst = ut_vcc();
    in->src[0] = ut_s(6);
    in->src[1] = ut_v(1);
    in->nsrc = 2;
    in = fx_add(f, ISA_v_addc_u32);
    in->vdst = ut_v(3);
    in->sdst = ut_vcc();
    in->src[0] = ut_ic(0);
    in->src[1] = ut_v(3);
    in->src[2] = ut_vcc();
    in->nsrc = 3;
    in = fx_add(f, ISA_flat_store_dword);
    in->src[0] = ut_vr(2, 2);
    in->src[1] = ut_v(4);
    in->nsrc = 2;
    fx_add(f, ISA_s_endpgm);
}

START_TEST(functional_store_and_two_simulations)
{
    fx_t *a = fx_new(200, 64); /* a partial last workgroup of 8 work-items */
    fx_t *b = fx_new(64, 64);
    store_kernel(a);
    store_kernel(b);
    fx_add_buf(a, "out", WL_U32, 200);
    fx_add_buf(b, "out", WL_U32, 64);
    fx_add_arg(a, "out", WL_ARG_BUFFER)->buffer = 0;
    fx_add_arg(b, "out", WL_ARG_BUFFER)->buffer = 0;
    ck_assert_int_eq(fx_prepare(a, 0), 0);
    ck_assert_int_eq(fx_prepare(b, 0), 0);
    ck_assert_msg(functional_run(&b->L) == 0, "%s", b->L.fault.msg);
    ck_assert_msg(functional_run(&a->L) == 0, "%s", a->L.fault.msg);
    for (uint32_t i = 0; i < 200; i++)
        ck_assert_uint_eq(fx_rd(a, a->L.bufs[0].addr + 4 * i, 4), i * 3);
    for (uint32_t i = 0; i < 64; i++)
        ck_assert_uint_eq(fx_rd(b, b->L.bufs[0].addr + 4 * i, 4), i * 3);
    ck_assert_uint_eq(a->L.waves_run, 4);
    ck_assert_uint_eq(a->L.insts_per_unit[ISA_UNIT_VMEM], 4);
    ck_assert_uint_eq(a->L.insts_per_unit[ISA_UNIT_SMEM], 4);
    ck_assert_uint_eq(a->L.insts_per_unit[ISA_UNIT_VALU], 4 * 6);
    fx_free(a);
    fx_free(b);
}
END_TEST


/* An assembled kernel with a clang-style descriptor: s[0:3] scratch, s[4:5] dispatch packet,
 * s[6:7] kernarg, s8/s9 workgroup id x/y. out[gid] = workgroup size x (read from the dispatch
 * packet) + 1000 * workgroup id x + 100000 * workgroup id y. */
static const char clang_style[] =
    "    .text\n"
    "    .globl k\n"
    "    .p2align 8\n"
    "    .type k,@function\n"
    "k:\n"
    "    s_load_dwordx2 s[10:11], s[6:7], 0x0\n"
    "    s_load_dword s12, s[4:5], 0x4\n"
    "    s_waitcnt lgkmcnt(0)\n"
    "    s_and_b32 s12, s12, 0xffff\n"
    "    s_mul_i32 s13, s8, s12\n"
    "    v_add_u32 v1, vcc, s13, v0\n"
    "    s_mul_i32 s14, s8, 1000\n"
    "    s_add_u32 s14, s14, s12\n"
    "    s_mul_i32 s15, s9, 100000\n"
    "    s_add_u32 s14, s14, s15\n"
    "    v_mov_b32 v4, s14\n"
    "    v_lshlrev_b32 v1, 2, v1\n"
    "    v_mov_b32 v3, s11\n"
    "    v_add_u32 v2, vcc, s10, v1\n"
    "    v_addc_u32 v3, vcc, 0, v3, vcc\n"
    "    flat_store_dword v[2:3], v4\n"
    "    s_endpgm\n"
    "    .rodata\n"
    "    .p2align 6\n"
    "    .amdhsa_kernel k\n"
    "      .amdhsa_user_sgpr_private_segment_buffer 1\n"
    "      .amdhsa_user_sgpr_dispatch_ptr 1\n"
    "      .amdhsa_user_sgpr_kernarg_segment_ptr 1\n"
    "      .amdhsa_system_sgpr_workgroup_id_x 1\n"
    "      .amdhsa_system_sgpr_workgroup_id_y 1\n"
    "      .amdhsa_next_free_vgpr 5\n"
    "      .amdhsa_next_free_sgpr 16\n"
    "    .end_amdhsa_kernel\n";

START_TEST(assembled_clang_style_kernel)
{
    isa_program_t prog;
    char *diag;
    size_t dlen;
    FILE *d = open_memstream(&diag, &dlen);
    int nerr = asm_assemble_buffer("k.s", clang_style, sizeof clang_style - 1, ISA_TARGET_GFX803, &prog, d);
    fclose(d);
    ck_assert_msg(nerr == 0, "%s", diag);
    free(diag);
    ck_assert(prog.kernels[0].desc.user_sgpr_dispatch_ptr);
    fx_t *f = fx_new(192, 64); /* 3 x 2 workgroups of 64 */
    f->wd.grid[1] = 2;
    f->wd.grid_dims = 2;
    fx_add_buf(f, "out", WL_U32, 192 * 2);
    fx_add_arg(f, "out", WL_ARG_BUFFER)->buffer = 0;
    launch_options_t opt = { 0, 0, ISA_TARGET_GFX803 };
    ck_assert_int_eq(launch_prepare(&f->L, &f->wl, &prog, &opt, stderr), 0);
    ck_assert_msg(functional_run(&f->L) == 0, "%s", f->L.fault.msg);
    /* Workgroups (x, 1) overwrite (x, 0)'s slots: gid only uses x. */
    for (uint32_t i = 0; i < 192; i++)
        ck_assert_uint_eq(fx_rd(f, f->L.bufs[0].addr + 4 * i, 4), 64 + 1000 * (i / 64) + 100000);
    ck_assert_uint_eq(fx_rd(f, f->L.bufs[0].addr + 4 * 192, 4), 0);
    ck_assert_uint_eq(f->L.waves_run, 6);
    fx_free(f);
    isa_program_free(&prog);
}
END_TEST


/* The documented buffer checksum is 64-bit FNV-1a: published test vectors. */

static Suite *suite(void)
{
    Suite *s = suite_create("functional");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, run_counts_and_barrier);
    tcase_add_test(tc, barrier_with_ended_wave);
    tcase_add_test(tc, max_instructions);
    tcase_add_test(tc, runaway_detector);
    tcase_add_test(tc, exec_fault_and_pc_fault);
    tcase_add_test(tc, fault_address_named);
    tcase_add_test(tc, functional_store_and_two_simulations);
    tcase_add_test(tc, assembled_clang_style_kernel);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)
