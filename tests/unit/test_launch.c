/* launch: kernel entry state (default and clang-style descriptors, EXEC of partial waves), the
 * dispatch packet, argument layout with and without metadata, resource checks, the kernel's
 * selection, and the buffers' checksum. Kernels are built by hand (tests/unit/unit.h) so these
 * tests do not depend on the assembler; running a launch is test_functional.c's. */
#include "unit.h"

#include "launch_harness.h"
#include "load/launch.h"
#include "report/report.h"

START_TEST(entry_state_default_descriptor)
{
    fx_t *f = fx_new(25, 10);
    f->wd.grid[1] = 15;
    f->wd.wg[1] = 10;
    fx_add(f, ISA_s_endpgm);
    ck_assert_int_eq(fx_prepare(f, 0), 0);
    ck_assert_uint_eq(f->L.dispatches[0].wg_count[0], 3);
    ck_assert_uint_eq(f->L.dispatches[0].wg_count[1], 2);
    ck_assert_uint_eq(f->L.nworkgroups, 6);
    static uint32_t vg[8 * 64];
    static uint8_t lds[16];
    isa_wave_t w;
    /* A full 10x10 workgroup: wave 1 holds work-items 64..99, so 36 live lanes. */
    uint32_t id[3] = { 1, 0, 0 }, size[3] = { 10, 10, 1 };
    launch_wave_init(&f->L, &f->L.dispatches[0], &w, vg, lds, id, size, 1);
    ck_assert_uint_eq(isa_wave_exec(&w), (1ull << 36) - 1);
    ck_assert_uint_eq(w.sreg[0], (uint32_t)GMEM_KERNARG_BASE);
    ck_assert_uint_eq(w.sreg[1], (uint32_t)(GMEM_KERNARG_BASE >> 32));
    ck_assert_uint_eq(w.sreg[2], 1);
    ck_assert_uint_eq(w.sreg[3], 0);
    ck_assert_uint_eq(w.sreg[4], 0);
    ck_assert_uint_eq(w.sreg[5], 0);
    ck_assert_uint_eq(w.sreg[ISA_REG_M0], 0);
    ck_assert_uint_eq(w.sreg[ISA_REG_VCC_LO], 0);
    ck_assert_uint_eq(vg[0 * 64 + 0], 64 % 10); /* lane 0 = work-item 64 = (4, 6) */
    ck_assert_uint_eq(vg[1 * 64 + 0], 6);
    ck_assert_uint_eq(vg[2 * 64 + 0], 0);
    ck_assert_uint_eq(vg[0 * 64 + 35], 99 % 10);
    ck_assert_uint_eq(vg[1 * 64 + 35], 9);
    ck_assert_uint_eq(w.nvgpr, 8);
    ck_assert_int_eq(w.flush_denorm_f32, 1);
    ck_assert_int_eq(w.ieee_mode, 1);
    ck_assert_uint_eq(w.pc, 0);
    ck_assert_ptr_eq(w.lds, lds);
    /* The last, partial workgroup (2,1): 5x5 work-items, one wave of 25 lanes. */
    uint32_t id2[3] = { 2, 1, 0 }, size2[3] = { 5, 5, 1 };
    launch_wave_init(&f->L, &f->L.dispatches[0], &w, vg, lds, id2, size2, 0);
    ck_assert_uint_eq(isa_wave_exec(&w), (1ull << 25) - 1);
    ck_assert_uint_eq(w.sreg[2], 2);
    ck_assert_uint_eq(w.sreg[3], 1);
    ck_assert_uint_eq(vg[0 * 64 + 7], 2);
    ck_assert_uint_eq(vg[1 * 64 + 7], 1);
    ck_assert_uint_eq(vg[0 * 64 + 30], 0); /* dead lanes stay 0 */
    /* A full wave. */
    uint32_t size3[3] = { 64, 1, 1 };
    launch_wave_init(&f->L, &f->L.dispatches[0], &w, vg, lds, id, size3, 0);
    ck_assert_uint_eq(isa_wave_exec(&w), ~0ull);
    ck_assert_uint_eq(vg[63], 63);
    fx_free(f);
}
END_TEST

START_TEST(entry_state_clang_descriptor)
{
    fx_t *f = fx_new(256, 64);
    isa_descriptor_t *d = &f->k.desc;
    memset(d, 0, sizeof *d);
    d->present = true;
    d->user_sgpr_private_segment_buffer = d->user_sgpr_dispatch_ptr = d->user_sgpr_kernarg_segment_ptr = true;
    d->system_sgpr_workgroup_id_x = d->system_sgpr_workgroup_id_y = true;
    d->system_vgpr_workitem_id = 1;
    d->float_denorm_mode_32 = 3;
    fx_add(f, ISA_s_endpgm);
    ck_assert_int_eq(fx_prepare(f, 0), 0);
    static uint32_t vg[8 * 64];
    static uint8_t lds[16];
    isa_wave_t w;
    for (int i = 0; i < 8 * 64; i++)
        vg[i] = 0xdeadbeef; /* launch_wave_init must clear what it does not set */
    uint32_t id[3] = { 3, 0, 0 }, size[3] = { 64, 1, 1 };
    launch_wave_init(&f->L, &f->L.dispatches[0], &w, vg, lds, id, size, 0);
    for (int s = 0; s < 4; s++)
        ck_assert_uint_eq(w.sreg[s], 0); /* null scratch descriptor */
    ck_assert_uint_eq((uint64_t)w.sreg[4] | (uint64_t)w.sreg[5] << 32, GMEM_DISPATCH_BASE);
    ck_assert_uint_eq((uint64_t)w.sreg[6] | (uint64_t)w.sreg[7] << 32, GMEM_KERNARG_BASE);
    ck_assert_uint_eq(w.sreg[8], 3);
    ck_assert_uint_eq(w.sreg[9], 0);
    ck_assert_uint_eq(w.sreg[10], 0);
    ck_assert_uint_eq(vg[5], 5);
    ck_assert_uint_eq(vg[64 + 5], 0);
    ck_assert_uint_eq(vg[128 + 5], 0);
    ck_assert_int_eq(w.flush_denorm_f32, 0);
    ck_assert_int_eq(w.ieee_mode, 0);
    /* Queue pointer, dispatch id and workgroup info shift what follows. */
    d->user_sgpr_queue_ptr = d->user_sgpr_dispatch_id = true;
    d->system_sgpr_workgroup_info = true;
    uint32_t size2[3] = { 64, 3, 1 };
    launch_wave_init(&f->L, &f->L.dispatches[0], &w, vg, lds, id, size2, 2);
    ck_assert_uint_eq((uint64_t)w.sreg[6] | (uint64_t)w.sreg[7] << 32, 0);            /* queue */
    ck_assert_uint_eq((uint64_t)w.sreg[8] | (uint64_t)w.sreg[9] << 32, GMEM_KERNARG_BASE);
    ck_assert_uint_eq(w.sreg[10], 0);                                                   /* dispatch id */
    ck_assert_uint_eq(w.sreg[12], 3);                                                   /* wg id x */
    ck_assert_uint_eq(w.sreg[13], 0);                                                   /* wg id y */
    ck_assert_uint_eq(w.sreg[14], 2 | 3 << 6);                                          /* wave 2 of 3 */
    ck_assert_uint_eq(vg[64 + 0], 2); /* work-item 128 = (0, 2) */
    fx_free(f);
}
END_TEST

/* gfx90a and gfx942 pack the work-item ids into v0 (X in bits 9:0, Y in 19:10, Z in 29:20;
 * LLVM AMDGPUUsage, "Initial Kernel Execution State"); v1 and v2 are not written. */
START_TEST(entry_state_packed_ids)
{
    for (isa_target_t t = ISA_TARGET_GFX90A; t <= ISA_TARGET_GFX942; t++) {
        fx_t *f = fx_new(64, 64);
        f->k.target = t;
        f->k.desc.system_vgpr_workitem_id = 2;
        f->k.desc.accum_offset = 8; /* the unified file: VGPRs below it (agpr) */
        fx_add(f, ISA_s_endpgm);
        ck_assert_int_eq(fx_prepare_target(f, 0, t), 0);
        static uint32_t vg[8 * 64];
        static uint8_t lds[16];
        isa_wave_t w;
        for (int i = 0; i < 8 * 64; i++)
            vg[i] = 0xdeadbeef;
        /* A 4 x 5 x 6 workgroup: wave 1 holds work-items 64..119; work-item 64 + l is
         * (l % 4, (16 + l / 4) % 5, (64 + l) / 20). */
        uint32_t id[3] = { 0, 0, 0 }, size[3] = { 4, 5, 6 };
        launch_wave_init(&f->L, &f->L.dispatches[0], &w, vg, lds, id, size, 1);
        ck_assert_uint_eq(isa_wave_exec(&w), (1ull << 56) - 1);
        ck_assert_uint_eq(vg[0], 0 | 1u << 10 | 3u << 20);  /* work-item 64 = (0, 1, 3) */
        ck_assert_uint_eq(vg[7], 3 | 2u << 10 | 3u << 20);  /* 71 = (3, 2, 3) */
        ck_assert_uint_eq(vg[55], 3 | 4u << 10 | 5u << 20); /* 119 = (3, 4, 5) */
        ck_assert_uint_eq(vg[56], 0);                       /* dead lanes stay 0 */
        ck_assert_uint_eq(vg[64 + 7], 0);
        ck_assert_uint_eq(vg[128 + 7], 0);
        fx_free(f);
    }
}
END_TEST

START_TEST(dispatch_packet)
{
    fx_t *f = fx_new(300, 30);
    f->wd.grid[1] = 7;
    f->wd.wg[1] = 2;
    fx_add(f, ISA_s_endpgm);
    ck_assert_int_eq(fx_prepare(f, 0), 0);
    uint64_t p = f->L.dispatches[0].dispatch_addr;
    ck_assert_uint_eq(p, GMEM_DISPATCH_BASE);
    ck_assert_uint_eq(fx_rd(f, p + 4, 2), 30);
    ck_assert_uint_eq(fx_rd(f, p + 6, 2), 2);
    ck_assert_uint_eq(fx_rd(f, p + 8, 2), 1);
    ck_assert_uint_eq(fx_rd(f, p + 12, 4), 300);
    ck_assert_uint_eq(fx_rd(f, p + 16, 4), 7);
    ck_assert_uint_eq(fx_rd(f, p + 20, 4), 1);
    ck_assert_uint_eq(fx_rd(f, p + 32, 8), GMEM_CODE_BASE);
    ck_assert_uint_eq(fx_rd(f, p + 40, 8), GMEM_KERNARG_BASE);
    ck_assert_ptr_null(gmem_translate(&f->L.mem, p + 64, 1)); /* guard after the packet */
    ck_assert_uint_eq(f->L.dispatches[0].wg_count[0], 10);
    ck_assert_uint_eq(f->L.dispatches[0].wg_count[1], 4);
    fx_free(f);
}
END_TEST

START_TEST(args_without_metadata)
{
    fx_t *f = fx_new(64, 64);
    fx_add(f, ISA_s_endpgm);
    f->k.lds_static = 40;
    wl_buffer_t *b = fx_add_buf(f, "x", WL_U32, 10);
    b->init = WL_INIT_IOTA;
    b->a.i = 5;
    b->b.i = 3;
    fx_add_buf(f, "y", WL_F32, 3);
    fx_add_arg(f, "x", WL_ARG_BUFFER)->buffer = 0;
    fx_add_scalar(f, "n", WL_U32, 7);
    fx_add_scalar(f, "d", WL_F64, 0x3ff8000000000000ull);
    fx_add_arg(f, "tmp", WL_ARG_LDS)->lds_bytes = 100;
    fx_add_scalar(f, "c", WL_U8, 3);
    fx_add_arg(f, "y", WL_ARG_BUFFER)->buffer = 1;
    ck_assert_msg(fx_prepare(f, 0) == 0, "%s", f->errs);
    uint64_t ka = f->L.dispatches[0].kernarg_addr;
    ck_assert_uint_eq(f->L.bufs[0].addr, GMEM_BUFFER_BASE);
    ck_assert_uint_eq(f->L.bufs[1].addr, GMEM_BUFFER_BASE + 0x20000);
    ck_assert_uint_eq(fx_rd(f, ka + 0, 8), GMEM_BUFFER_BASE);
    ck_assert_uint_eq(fx_rd(f, ka + 8, 4), 7);
    ck_assert_uint_eq(fx_rd(f, ka + 16, 8), 0x3ff8000000000000ull);
    ck_assert_uint_eq(fx_rd(f, ka + 24, 4), 48); /* after 40 bytes of static LDS, 16-byte aligned */
    ck_assert_uint_eq(fx_rd(f, ka + 28, 1), 3);
    ck_assert_uint_eq(fx_rd(f, ka + 32, 8), GMEM_BUFFER_BASE + 0x20000);
    ck_assert_uint_eq(f->L.dispatches[0].kernarg_bytes, 40);
    ck_assert_uint_eq(f->L.dispatches[0].lds_total, 148);
    /* Buffers are filled at launch: iota(5, 3). */
    ck_assert_uint_eq(fx_rd(f, GMEM_BUFFER_BASE + 4 * 9, 4), 5 + 27);
    ck_assert_ptr_null(gmem_translate(&f->L.mem, GMEM_BUFFER_BASE + 40, 4));
    fx_free(f);

    f = fx_new(64, 64);
    fx_add(f, ISA_s_endpgm);
    wl_arg_t *a = fx_add_arg(f, "n", WL_ARG_SCALAR);
    snprintf(a->text, sizeof a->text, "5");
    ck_assert_int_eq(fx_prepare(f, 0), 1);
    fx_expect_err(f, "t.ini:31: error: argument 'n' = '5' needs a type (e.g. u32:5 or f32:5): the kernel has no .amdgpu_metadata");
    fx_free(f);
}
END_TEST

static fx_t *meta_fx(void)
{
    fx_t *f = fx_new(64, 64);
    fx_add(f, ISA_s_endpgm);
    fx_add_buf(f, "x", WL_F32, 4);
    fx_add_meta(f, "x", "float*", ISA_ARG_GLOBAL_BUFFER, 0, 8);
    fx_add_meta(f, "n", "uint", ISA_ARG_BY_VALUE, 8, 4);
    fx_add_meta(f, "a", "float", ISA_ARG_BY_VALUE, 12, 4);
    fx_add_meta(f, "tmp", "float*", ISA_ARG_DYNAMIC_SHARED_POINTER, 16, 4);
    fx_add_meta(f, "", "", ISA_ARG_HIDDEN, 24, 8);
    fx_add_meta(f, "", "", ISA_ARG_HIDDEN, 32, 8);
    return f;
}

START_TEST(args_with_metadata)
{
    fx_t *f = meta_fx();
    f->k.lds_static = 16;
    fx_add_arg(f, "x", WL_ARG_BUFFER)->buffer = 0;
    snprintf(fx_add_arg(f, "n", WL_ARG_SCALAR)->text, WL_TEXT_MAX, "4000000000");
    snprintf(fx_add_arg(f, "a", WL_ARG_SCALAR)->text, WL_TEXT_MAX, "2.0");
    fx_add_arg(f, "tmp", WL_ARG_LDS)->lds_bytes = 64;
    ck_assert_msg(fx_prepare(f, 0) == 0, "%s", f->errs);
    uint64_t ka = f->L.dispatches[0].kernarg_addr;
    ck_assert_uint_eq(fx_rd(f, ka, 8), GMEM_BUFFER_BASE);
    ck_assert_uint_eq(fx_rd(f, ka + 8, 4), 4000000000u); /* "uint": unsigned */
    ck_assert_uint_eq(fx_rd(f, ka + 12, 4), 0x40000000u);
    ck_assert_uint_eq(fx_rd(f, ka + 16, 4), 16);
    ck_assert_uint_eq(fx_rd(f, ka + 24, 8), 0); /* hidden global offsets */
    ck_assert_uint_eq(fx_rd(f, ka + 32, 8), 0);
    ck_assert_uint_eq(f->L.dispatches[0].kernarg_bytes, 40);
    ck_assert_uint_eq(f->L.dispatches[0].lds_total, 80);
    fx_free(f);
}
END_TEST

START_TEST(args_metadata_mismatches)
{
    fx_t *f = meta_fx();
    fx_add_arg(f, "x", WL_ARG_BUFFER)->buffer = 0;
    fx_add_scalar(f, "n", WL_U32, 1);
    ck_assert_int_eq(fx_prepare(f, 0), 1);
    fx_expect_err(f, "t.ini:31: error: kernel 'k' takes 4 arguments (x, n, a, tmp); the workload's [args] gives 2");
    fx_free(f);

    f = meta_fx();
    fx_add_scalar(f, "x", WL_U64, 1);
    fx_add_scalar(f, "n", WL_U32, 1);
    fx_add_scalar(f, "a", WL_F32, 1);
    fx_add_arg(f, "tmp", WL_ARG_LDS);
    ck_assert_int_eq(fx_prepare(f, 0), 1);
    fx_expect_err(f, "t.ini:31: error: argument 'x': the kernel's argument 1 ('x', float*) is a global buffer (@BUFFER), not a value");
    fx_free(f);

    f = meta_fx();
    fx_add_arg(f, "x", WL_ARG_BUFFER)->buffer = 0;
    fx_add_scalar(f, "n", WL_U64, 1);
    fx_add_scalar(f, "a", WL_F32, 1);
    fx_add_arg(f, "tmp", WL_ARG_LDS);
    ck_assert_int_eq(fx_prepare(f, 0), 1);
    fx_expect_err(f, "t.ini:32: error: argument 'n' is u64 (8 bytes) but the kernel's 'n' (uint) is 4 bytes");
    fx_free(f);

    f = meta_fx();
    fx_add_arg(f, "x", WL_ARG_BUFFER)->buffer = 0;
    fx_add_scalar(f, "count", WL_U32, 1);
    fx_add_scalar(f, "a", WL_F32, 1);
    fx_add_arg(f, "tmp", WL_ARG_LDS);
    ck_assert_int_eq(fx_prepare(f, 0), 1);
    fx_expect_err(f, "t.ini:32: error: argument 2 is 'count' in the workload but 'n' in kernel 'k'");
    fx_free(f);

    /* Unnamed metadata arguments ("argN" from the assembler) accept any workload name. */
    f = meta_fx();
    f->args[1].name = (char *)"arg1";
    fx_add_arg(f, "x", WL_ARG_BUFFER)->buffer = 0;
    fx_add_scalar(f, "count", WL_U32, 1);
    fx_add_scalar(f, "a", WL_F32, 1);
    fx_add_arg(f, "tmp", WL_ARG_LDS);
    ck_assert_msg(fx_prepare(f, 0) == 0, "%s", f->errs);
    fx_free(f);

    f = meta_fx();
    fx_add_arg(f, "x", WL_ARG_BUFFER)->buffer = 0;
    snprintf(fx_add_arg(f, "n", WL_ARG_SCALAR)->text, WL_TEXT_MAX, "-1");
    fx_add_scalar(f, "a", WL_F32, 1);
    fx_add_arg(f, "tmp", WL_ARG_LDS);
    ck_assert_int_eq(fx_prepare(f, 0), 1);
    fx_expect_err(f, "t.ini:32: error: argument 'n' (uint n): '-1' is out of range for u32");
    fx_free(f);

    f = meta_fx();
    fx_add_arg(f, "x", WL_ARG_BUFFER)->buffer = 0;
    fx_add_scalar(f, "n", WL_U32, 1);
    fx_add_scalar(f, "a", WL_F32, 1);
    fx_add_arg(f, "tmp", WL_ARG_BUFFER)->buffer = 0;
    ck_assert_int_eq(fx_prepare(f, 0), 1);
    fx_expect_err(f, "is a __local pointer (lds:BYTES), not a buffer");
    fx_free(f);
}
END_TEST

START_TEST(resources)
{
    fx_t *f = fx_new(64, 64);
    fx_add(f, ISA_s_endpgm);
    /* The descriptor reserves 32 VGPRs; the code touches v0..v23: a cut to 24 runs, 16 does not. */
    f->k.vgprs_used = 32;
    f->insts[1] = f->insts[0];
    f->insts[0] = ut_inst(ISA_v_mov_b32);
    f->insts[0].vdst = ut_v(23);
    f->insts[0].src[0] = ut_v(0);
    f->insts[0].nsrc = 1;
    isa_inst_predecode(&f->insts[0]);
    f->k.ninsts = 2;
    f->wd.has_vgprs = true;
    f->wd.vgprs = 16;
    f->wd.vgprs_line = 5;
    ck_assert_int_eq(fx_prepare(f, 0), 1);
    fx_expect_err(f, "t.ini:5: error: vgprs = 16 is less than the 24 VGPRs kernel 'k' uses (v23 is the highest it "
                  "touches; fewer needs a recompile: docs/workloads.md)");
    f->wd.vgprs = 24;
    free(f->errs);
    ck_assert_int_eq(fx_prepare(f, 0), 0);
    ck_assert_uint_eq(f->L.dispatches[0].nvgpr, 24); /* a cut below the descriptor's 32 */
    launch_free(&f->L);
    f->wd.vgprs = 100;
    free(f->errs);
    ck_assert_int_eq(fx_prepare(f, 0), 0);
    ck_assert_uint_eq(f->L.dispatches[0].nvgpr, 100); /* a pressure study: more VGPRs than the code needs */
    launch_free(&f->L);
    f->k.lds_static = 1024;
    f->wd.has_lds = true;
    f->wd.lds = 512;
    f->wd.lds_line = 6;
    free(f->errs);
    ck_assert_int_eq(fx_prepare(f, 0), 1);
    fx_expect_err(f, "t.ini:6: error: lds = 512 is less than the 1024 bytes of static LDS kernel 'k' declares");
    f->wd.lds = 65000;
    fx_add_arg(f, "tmp", WL_ARG_LDS)->lds_bytes = 1000;
    free(f->errs);
    ck_assert_int_eq(fx_prepare(f, 0), 1);
    fx_expect_err(f, "t.ini:31: error: argument 'tmp': LDS would need 66008 bytes (65000 static + 1008 dynamic); at most 65536");
    fx_free(f);
}
END_TEST

START_TEST(kernel_selection)
{
    fx_t *f = fx_new(64, 64);
    fx_add(f, ISA_s_endpgm);
    char kk[] = "kk";
    f->wd.kernel = kk;
    f->wd.kernel_line = 3;
    ck_assert_int_eq(fx_prepare(f, 0), 1);
    fx_expect_err(f, "t.ini:3: error: no kernel 'kk' in 't.s'; did you mean 'k'?");
    fx_free(f);
}
END_TEST

START_TEST(report_checksum_vectors)
{
    ck_assert_uint_eq(report_checksum((const uint8_t *)"", 0), 0xcbf29ce484222325ull);
    ck_assert_uint_eq(report_checksum((const uint8_t *)"a", 1), 0xaf63dc4c8601ec8cull);
    ck_assert_uint_eq(report_checksum((const uint8_t *)"foobar", 6), 0x85944171f73967e8ull);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("launch");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, entry_state_default_descriptor);
    tcase_add_test(tc, entry_state_clang_descriptor);
    tcase_add_test(tc, entry_state_packed_ids);
    tcase_add_test(tc, dispatch_packet);
    tcase_add_test(tc, args_without_metadata);
    tcase_add_test(tc, args_with_metadata);
    tcase_add_test(tc, args_metadata_mismatches);
    tcase_add_test(tc, resources);
    tcase_add_test(tc, kernel_selection);
    tcase_add_test(tc, report_checksum_vectors);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)
