/* Assembler tests of what lies around the instructions: the default kernel, several kernels,
 * the .amdhsa block, metadata names, and resource usage against clang's own numbers (the
 * NumSgprs/NumVgprs comments of clang 14 in the fixtures). */
#include <stdio.h>

#include "asm/asm.h"
#include "asm_harness.h"
#include "unit.h"

/* ---- Kernels, directives, metadata, resources ---------------------------------------------- */

START_TEST(test_default_kernel)
{
    isa_program_t p = ah_ok("  v_mov_b32 v7, s9\n  s_endpgm\n");
    ck_assert_uint_eq(p.nkernels, 1);
    const isa_kernel_t *k = &p.kernels[0];
    ck_assert_str_eq(k->name, "t"); /* no label: the file's base name */
    const isa_descriptor_t *d = &k->desc;
    ck_assert(!d->present);
    ck_assert(d->user_sgpr_kernarg_segment_ptr && !d->user_sgpr_private_segment_buffer);
    ck_assert(d->system_sgpr_workgroup_id_x && d->system_sgpr_workgroup_id_y && d->system_sgpr_workgroup_id_z);
    ck_assert_uint_eq(d->system_vgpr_workitem_id, 2);
    ck_assert(d->ieee_mode && d->dx10_clamp && d->reserve_vcc && !d->reserve_flat_scratch);
    ck_assert_uint_eq(d->float_denorm_mode_32, 0);
    ck_assert_uint_eq(k->vgprs_used, 8);
    ck_assert_uint_eq(k->sgprs_used, 12); /* s0..s9, + VCC */
    ck_assert_uint_eq(k->sgprs_extra, 2);
    isa_program_free(&p);
    p = ah_ok("k:\n s_endpgm\n");
    ck_assert_str_eq(p.kernels[0].name, "k");
    ck_assert_uint_eq(p.kernels[0].vgprs_used, 3); /* work-item ids v0..v2 */
    ck_assert_uint_eq(p.kernels[0].sgprs_used, 7); /* kernarg pair + 3 workgroup ids + VCC */
    isa_program_free(&p);
    p = ah_ok("k:\n s_mov_b32 flat_scratch_lo, s0\n s_endpgm\n");
    ck_assert_uint_eq(p.kernels[0].sgprs_extra, 6); /* FLAT_SCRATCH implies the XNACK slot on gfx8 */
    isa_program_free(&p);
}
END_TEST

START_TEST(test_several_kernels)
{
    isa_program_t p = ah_ok(".text\n.globl first\n.type second,@function\n.p2align 8\nfirst:\n s_nop 0\n.L1:\n"
                         " s_cbranch_scc0 .L1\n s_endpgm\nsecond:\n v_mov_b32 v3, 0\n.L2:\n s_branch .L2\n"
                         " s_endpgm\n.size second, .Lend-second\n.Lend:\n");
    ck_assert_uint_eq(p.nkernels, 2);
    const isa_kernel_t *a = isa_program_find(&p, "first"), *b = isa_program_find(&p, "second");
    ck_assert_ptr_nonnull(a);
    ck_assert_ptr_nonnull(b);
    ck_assert_uint_eq(a->ninsts, 3);
    ck_assert_uint_eq(b->ninsts, 3);
    ck_assert_uint_eq(a->insts[1].target, 1);
    ck_assert_uint_eq(b->insts[1].target, 1);
    ck_assert_uint_eq(b->insts[0].pc, 0);
    ck_assert_uint_eq(b->line, 10);
    ck_assert_uint_eq(a->nlabels, 2);
    ck_assert_uint_eq(b->nlabels, 3); /* second, .L2, .Lend */
    ck_assert_uint_eq(a->vgprs_used, 3);
    ck_assert_uint_eq(b->vgprs_used, 4);
    isa_program_free(&p);
}
END_TEST

START_TEST(test_amdhsa_block)
{
    /* clang's `priv` kernel (scratch via flat): next_free_sgpr 10, flat_scratch used, clang reports
     * NumSgprs 16 = 10 + 6; here with reserve_flat_scratch left at its default (1). */
    isa_program_t p = ah_ok(".amdhsa_kernel priv\n .amdhsa_next_free_vgpr 6\n .amdhsa_next_free_sgpr 10\n"
                         " .amdhsa_user_sgpr_private_segment_buffer 1\n .amdhsa_user_sgpr_kernarg_segment_ptr 1\n"
                         " .amdhsa_user_sgpr_flat_scratch_init 1\n .amdhsa_group_segment_fixed_size 2048\n"
                         " .amdhsa_kernarg_size 12\n .amdhsa_float_round_mode_32 0\n .amdhsa_system_vgpr_workitem_id 1\n"
                         " .amdhsa_float_denorm_mode_32 3\n .amdhsa_exception_int_div_zero 0\n.end_amdhsa_kernel\n"
                         ".text\npriv:\n s_endpgm\n");
    const isa_kernel_t *k = &p.kernels[0];
    const isa_descriptor_t *d = &k->desc;
    ck_assert(d->present);
    ck_assert_uint_eq(d->next_free_vgpr, 6);
    ck_assert_uint_eq(d->next_free_sgpr, 10);
    ck_assert(d->user_sgpr_private_segment_buffer && d->user_sgpr_kernarg_segment_ptr && d->user_sgpr_flat_scratch_init);
    ck_assert(!d->user_sgpr_dispatch_ptr && !d->user_sgpr_queue_ptr);
    ck_assert(d->system_sgpr_workgroup_id_x && !d->system_sgpr_workgroup_id_y); /* defaults */
    ck_assert(d->reserve_vcc && d->reserve_flat_scratch && !d->reserve_xnack_mask && d->ieee_mode && d->dx10_clamp);
    ck_assert_uint_eq(d->system_vgpr_workitem_id, 1);
    ck_assert_uint_eq(d->float_denorm_mode_32, 3);
    ck_assert_uint_eq(d->group_segment_fixed_size, 2048);
    ck_assert_uint_eq(k->lds_static, 2048);
    ck_assert_uint_eq(k->kernarg_segment_size, 12);
    ck_assert_uint_eq(k->sgprs_used, 16);
    ck_assert_uint_eq(k->sgprs_extra, 6);
    ck_assert_uint_eq(k->vgprs_used, 6);
    ck_assert(!k->has_metadata);
    isa_program_free(&p);
    p = ah_ok(".amdhsa_kernel k\n .amdhsa_next_free_vgpr 1\n .amdhsa_next_free_sgpr 0\n .amdhsa_reserve_vcc 0\n"
           " .amdhsa_reserve_flat_scratch 0\n .amdhsa_system_sgpr_workgroup_id_x 0\n.end_amdhsa_kernel\nk:\n"
           " v_cmp_eq_u32 vcc, 0, v0\n s_endpgm\n");
    ck_assert_uint_eq(p.kernels[0].sgprs_used, 2); /* VCC used although not reserved */
    isa_program_free(&p);
}
END_TEST

START_TEST(test_metadata_names)
{
    isa_program_t p = ah_ok(".globl k\nk:\n s_endpgm\n\t.amdgpu_metadata\n---\namdhsa.kernels:\n  - .args:\n"
                         "      - .name:           out\n        .offset:         0\n        .size:           8\n"
                         "        .type_name:      'rocprim::detail::lookback_scan_state<rocprim::tuple<unsigned int, float>, true, true>*'\n        .value_kind:     global_buffer\n"
                         "      - .offset:         8\n        .size:           8\n"
                         "        .value_kind:     hidden_global_offset_x\n      - .offset: 16\n        .size: 4\n"
                         "        .value_kind:     image\n      - .name:           !str n\n        .offset: 20\n        .size: 4\n"
                         "        .value_kind:     by_value\n    .kernarg_segment_size: 72\n    .language_version:\n"
                         "      - 1\n      - 2\n    .name:           k\namdhsa.version:\n  - 1\n  - 1\n...\n"
                         "\t.end_amdgpu_metadata\n");
    const isa_kernel_t *k = &p.kernels[0];
    ck_assert(k->has_metadata);
    ck_assert_uint_eq(k->kernarg_segment_size, 72);
    ck_assert_uint_eq(k->nargs, 4);
    ck_assert_str_eq(k->args[0].name, "out");
    ck_assert_str_eq(k->args[3].name, "n"); /* clang's YAML tag `!str` is not part of the name */
    /* A C++ template's type name, longer than any fixed field (the 63 characters gcnsim once took). */
    ck_assert_str_eq(k->args[0].type_name, "rocprim::detail::lookback_scan_state<rocprim::tuple<unsigned int, float>, true, true>*");
    ck_assert_int_eq(k->args[0].kind, ISA_ARG_GLOBAL_BUFFER);
    ck_assert_str_eq(k->args[1].name, "arg1");
    ck_assert_int_eq(k->args[1].kind, ISA_ARG_HIDDEN);
    ck_assert_str_eq(k->args[1].value_kind, "hidden_global_offset_x");
    ck_assert_uint_eq(k->args[1].offset, 8);
    ck_assert_int_eq(k->args[2].kind, ISA_ARG_OTHER);
    ck_assert_uint_eq(k->args[2].size, 4);
    isa_program_free(&p);
}
END_TEST

/* clang's "; NumSgprs: N" / "; NumVgprs: N" comments, in kernel order. */
static unsigned clang_counts(const char *text, const char *key, unsigned *out, unsigned max)
{
    unsigned n = 0;
    for (const char *q = text; (q = strstr(q, key)) != NULL && n < max; q += strlen(key))
        out[n++] = (unsigned)strtoul(q + strlen(key), NULL, 10);
    return n;
}

START_TEST(test_clang_fixtures)
{
    static const struct { const char *file; unsigned nk; uint32_t bytes[4]; } fx[] = {
        /* code bytes: the sum of llvm-mc -show-encoding sizes of each kernel's instructions */
        { FIX "clang_saxpy_red.s", 2, { 116, 116 } },
        { FIX "clang_four.s", 4, { 528, 96, 36, 172 } },
    };
    for (size_t f = 0; f < sizeof fx / sizeof fx[0]; f++) {
        size_t len;
        char *text = ah_read_all(fx[f].file, &len);
        unsigned sg[8], vg[8];
        ck_assert_uint_eq(clang_counts(text, "; NumSgprs: ", sg, 8), fx[f].nk);
        ck_assert_uint_eq(clang_counts(text, "; NumVgprs: ", vg, 8), fx[f].nk);
        isa_program_t p;
        char *d = NULL;
        size_t dn = 0;
        FILE *df = open_memstream(&d, &dn);
        int e = asm_assemble_buffer(fx[f].file, text, len, ISA_TARGET_GFX803, &p, df);
        fclose(df);
        ck_assert_msg(e == 0, "%s:\n%s", fx[f].file, d);
        free(d);
        ck_assert_uint_eq(p.nkernels, fx[f].nk);
        for (unsigned k = 0; k < fx[f].nk; k++) {
            const isa_kernel_t *K = &p.kernels[k];
            ck_assert_msg(K->sgprs_used == sg[k], "%s %s: sgprs %u, clang %u", fx[f].file, K->name, K->sgprs_used, sg[k]);
            ck_assert_msg(K->vgprs_used == vg[k], "%s %s: vgprs %u, clang %u", fx[f].file, K->name, K->vgprs_used, vg[k]);
            ck_assert_uint_eq(K->code_bytes, fx[f].bytes[k]);
            ck_assert(K->desc.present && K->has_metadata);
        }
        free(text);
        if (f == 0) {
            const isa_kernel_t *s = isa_program_find(&p, "saxpy");
            ck_assert_uint_eq(s->nargs, 4);
            ck_assert_uint_eq(s->kernarg_segment_size, 24);
            ck_assert_str_eq(s->args[2].name, "arg2");
            ck_assert_str_eq(s->args[2].type_name, "float");
            ck_assert_int_eq(s->args[2].kind, ISA_ARG_BY_VALUE);
            ck_assert_uint_eq(s->args[3].offset, 20);
            ck_assert(s->desc.user_sgpr_private_segment_buffer && s->desc.user_sgpr_kernarg_segment_ptr);
            const isa_kernel_t *r = isa_program_find(&p, "red");
            ck_assert_int_eq(r->args[1].kind, ISA_ARG_DYNAMIC_SHARED_POINTER);
            ck_assert_uint_eq(r->args[1].size, 4);
        } else {
            ck_assert_uint_eq(isa_program_find(&p, "lds_sum")->lds_static, 1024);
            ck_assert(isa_program_find(&p, "grid2d")->desc.system_sgpr_workgroup_id_y);
            ck_assert_uint_eq(isa_program_find(&p, "grid2d")->desc.system_vgpr_workitem_id, 1);
            ck_assert(!isa_program_find(&p, "novcc")->desc.reserve_vcc);
        }
        isa_program_free(&p);
    }
}
END_TEST

static Suite *asm_kernels_suite(void)
{
    Suite *s = suite_create("asm_kernels");
    TCase *tc = tcase_create("asm_kernels");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_default_kernel);
    tcase_add_test(tc, test_several_kernels);
    tcase_add_test(tc, test_amdhsa_block);
    tcase_add_test(tc, test_metadata_names);
    tcase_add_test(tc, test_clang_fixtures);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(asm_kernels_suite)
