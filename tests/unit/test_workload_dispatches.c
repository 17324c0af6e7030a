/* wl: the workload loader's several dispatches ([kernel NAME] sections, their order, --set on
 * them, their errors) and its documented limits (dispatches, grid, buffers, arguments). */
#include "unit.h"

#include "load/workload.h"
#include "wl_harness.h"

/* Dispatch order is [kernel] first, then the [kernel NAME] sections in file order — wherever [kernel]
 * and the [args NAME] sections stand. */
START_TEST(dispatches_parse)
{
    fx_t *fx = fx_load("[kernel b]\n"                        /* 1 */
                    "grid = 128,2\nworkgroup = 32,2\n"   /* 2-3 */
                    "vgprs = 24\nlds = 1024\n"           /* 4-5 */
                    "after = none\nname = second\n"      /* 6-7 */
                    "[args c]\n"                         /* 8: before its [kernel c] */
                    "z = u32:3\n"                        /* 9 */
                    "[kernel]\nsource = k.s\nname = first\n" /* 10-12 */
                    "grid = 256\nworkgroup = 64\n"       /* 13-14 */
                    "[args]\na = u32:1\n"                /* 15-16 */
                    "[args b]\nb = u32:2\nc = f32:1.0\n" /* 17-19 */
                    "[kernel c]\ngrid = 64\nworkgroup = 64\nafter = previous\n" /* 20-23 */
                    "[kernel d_4]\ngrid = 8\nworkgroup = 8\n"); /* 24-26 */
    ck_assert_msg(fx->nerr == 0, "%s", fx->errs);
    const wl_workload_t *wl = &fx->wl;
    ck_assert_uint_eq(wl->ndispatches, 4);
    const wl_dispatch_t *d = wl->dispatches;
    ck_assert_str_eq(d[0].label, "");
    ck_assert_str_eq(d[1].label, "b");
    ck_assert_str_eq(d[2].label, "c");
    ck_assert_str_eq(d[3].label, "d_4");
    ck_assert_uint_eq(d[0].line, 10);
    ck_assert_uint_eq(d[1].line, 1);
    ck_assert_uint_eq(d[2].line, 20);
    ck_assert_uint_eq(d[3].line, 24);
    ck_assert_str_eq(d[0].kernel, "first");
    ck_assert_str_eq(d[1].kernel, "second");
    ck_assert_uint_eq(d[1].kernel_line, 7);
    ck_assert_ptr_null(d[2].kernel); /* the program's only kernel */
    /* after: the first dispatch and an absent key mean previous. */
    ck_assert_int_eq(d[0].after, WL_AFTER_PREVIOUS);
    ck_assert_int_eq(d[1].after, WL_AFTER_NONE);
    ck_assert_uint_eq(d[1].after_line, 6);
    ck_assert_int_eq(d[2].after, WL_AFTER_PREVIOUS);
    ck_assert_uint_eq(d[2].after_line, 23);
    ck_assert_int_eq(d[3].after, WL_AFTER_PREVIOUS);
    ck_assert_uint_eq(d[3].after_line, 0);
    /* Each dispatch's own grid, workgroup and allocations. */
    ck_assert_uint_eq(d[0].grid[0], 256);
    ck_assert_uint_eq(d[0].wg[0], 64);
    ck_assert(!d[0].has_vgprs && !d[0].has_lds);
    ck_assert_uint_eq(d[1].grid[0], 128);
    ck_assert_uint_eq(d[1].grid[1], 2);
    ck_assert_uint_eq(d[1].grid[2], 1);
    ck_assert_uint_eq(d[1].grid_dims, 2);
    ck_assert_uint_eq(d[1].wg[0], 32);
    ck_assert_uint_eq(d[1].wg[1], 2);
    ck_assert_uint_eq(d[1].wg_dims, 2);
    ck_assert(d[1].has_vgprs && d[1].vgprs == 24 && d[1].vgprs_line == 4);
    ck_assert(d[1].has_lds && d[1].lds == 1024 && d[1].lds_line == 5);
    ck_assert(!d[2].has_vgprs && !d[2].has_lds);
    ck_assert_uint_eq(d[3].grid[0], 8);
    ck_assert_uint_eq(d[3].wg_dims, 1);
    /* Arguments go to their own dispatch. */
    ck_assert_uint_eq(d[0].nargs, 1);
    ck_assert_str_eq(d[0].args[0].name, "a");
    ck_assert_uint_eq(d[0].args[0].bits, 1);
    ck_assert_uint_eq(d[1].nargs, 2);
    ck_assert_str_eq(d[1].args[0].name, "b");
    ck_assert_uint_eq(d[1].args[0].bits, 2);
    ck_assert_uint_eq(d[1].args[0].line, 18);
    ck_assert_str_eq(d[1].args[1].name, "c");
    ck_assert_uint_eq(d[1].args[1].bits, 0x3f800000u);
    ck_assert_uint_eq(d[2].nargs, 1);
    ck_assert_str_eq(d[2].args[0].name, "z");
    ck_assert_uint_eq(d[2].args[0].line, 9);
    ck_assert_uint_eq(d[3].nargs, 0);
    char sec[80];
    ck_assert_str_eq(wl_dispatch_section(&d[0], sec, sizeof sec), "[kernel]");
    ck_assert_str_eq(wl_dispatch_section(&d[3], sec, sizeof sec), "[kernel d_4]");
    fx_done(fx);
}
END_TEST

/* No limit of 64 or 1024 dispatches any more: 5,000 sections load, each its own dispatch, found by
 * its label in constant time (the limit, 262144, is tested with loops: test_workload_repeat.c). */
START_TEST(dispatches_limit)
{
    char *text = malloc(5000 * 96), *p = text;
    p += sprintf(p, KERNEL_OK);
    for (int i = 1; i < 5000; i++)
        p += sprintf(p, "[kernel d%d]\ngrid = 64\nworkgroup = 64\n[args d%d]\nk = u32:%d\n", i, i, i);
    fx_t *fx = fx_load(text);
    ck_assert_msg(fx->nerr == 0, "%s", fx->errs);
    ck_assert_uint_eq(fx->wl.ndispatches, 5000);
    ck_assert_str_eq(fx->wl.dispatches[4999].label, "d4999");
    ck_assert_uint_eq(fx->wl.dispatches[4999].args[0].bits, 4999);
    fx_done(fx);
    free(text);
}
END_TEST

/* A grid has at most 2^32 - 1 work-items (x * y * z), checked without wrapping in 64 bits. */
START_TEST(grid_limit)
{
    fx_t *fx = fx_load("[kernel]\nsource = k.s\ngrid = 65536,65536\nworkgroup = 64\n");
    fx_expect_error(fx, 3, "grid = '65536,65536' has more than 4294967295 work-items");
    ck_assert_int_eq(fx->nerr, 1);
    fx_done(fx);
    /* Each product of two factors fits in 64 bits, the product of three would not. */
    fx = fx_load("[kernel]\nsource = k.s\ngrid = 4294967295,4294967295,4294967295\nworkgroup = 64\n");
    fx_expect_error(fx, 3, "has more than 4294967295 work-items");
    fx_done(fx);
    fx = fx_load("[kernel]\nsource = k.s\ngrid = 1,2,4294967295\nworkgroup = 1\n");
    fx_expect_error(fx, 3, "has more than 4294967295 work-items");
    fx_done(fx);
    fx = fx_load("[kernel]\nsource = k.s\ngrid = 4294967295\nworkgroup = 64\n");
    ck_assert_msg(fx->nerr == 0, "%s", fx->errs);
    ck_assert_uint_eq(fx->wl.dispatches[0].grid[0], 4294967295u);
    fx_done(fx);
    fx = fx_load("[kernel]\nsource = k.s\ngrid = 65535,65537\nworkgroup = 64\n");
    ck_assert_msg(fx->nerr == 0, "%s", fx->errs);
    fx_done(fx);
}
END_TEST

/* n --set strings "FMT" with %d replaced by 0 .. n-1 (two per index when fmt2 is given). */
static char **make_sets(int n, const char *fmt, const char *fmt2, size_t *nsets)
{
    char **sets = malloc(sizeof *sets * (size_t)n * 2);
    size_t k = 0;
    char buf[64];
    for (int i = 0; i < n; i++) {
        snprintf(buf, sizeof buf, fmt, i);
        sets[k++] = strdup(buf);
        if (fmt2) {
            snprintf(buf, sizeof buf, fmt2, i);
            sets[k++] = strdup(buf);
        }
    }
    *nsets = k;
    return sets;
}

static void free_sets(char **sets, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(sets[i]);
    free(sets);
}

/* WL_MAX_BUFFERS buffers are allowed; one more is one error, at the first buffer over the limit. */
START_TEST(buffers_limit)
{
    size_t n;
    char **sets = make_sets(WL_MAX_BUFFERS + 1, "buffer.b%d.type=u8", "buffer.b%d.count=1", &n);
    fx_t *fx = fx_load_sets(KERNEL_OK, (const char *const *)sets, n);
    ck_assert_int_eq(fx->nerr, 1);
    ck_assert_msg(strstr(fx->errs, "--set 'buffer.b131072.type=u8': error: [buffer b131072]: more than 131072 buffers\n"),
                  "%s", fx->errs);
    fx_done(fx);
    fx = fx_load_sets(KERNEL_OK, (const char *const *)sets, n - 2);
    ck_assert_msg(fx->nerr == 0, "%s", fx->errs);
    ck_assert_uint_eq(fx->wl.nbuffers, WL_MAX_BUFFERS);
    ck_assert_str_eq(fx->wl.buffers[WL_MAX_BUFFERS - 1].name, "b131071");
    fx_done(fx);
    free_sets(sets, n);
}
END_TEST

/* WL_MAX_ARGS arguments per dispatch; one more is one error. */
START_TEST(args_limit)
{
    size_t n;
    char **sets = make_sets(WL_MAX_ARGS + 1, "args.a%d=1", NULL, &n);
    fx_t *fx = fx_load_sets(KERNEL_OK, (const char *const *)sets, n);
    ck_assert_int_eq(fx->nerr, 1);
    ck_assert_msg(strstr(fx->errs, "--set 'args.a131072=1': error: [args]: more than 131072 arguments\n"), "%s", fx->errs);
    fx_done(fx);
    fx = fx_load_sets(KERNEL_OK, (const char *const *)sets, n - 1);
    ck_assert_msg(fx->nerr == 0, "%s", fx->errs);
    ck_assert_uint_eq(fx->wl.dispatches[0].nargs, WL_MAX_ARGS);
    ck_assert_str_eq(fx->wl.dispatches[0].args[WL_MAX_ARGS - 1].name, "a131071");
    fx_done(fx);
    free_sets(sets, n);
}
END_TEST

#define SECOND "[kernel second]\ngrid = 128\nworkgroup = 64\n"

/* --set kernel.NAME.KEY and args.NAME.KEY override a dispatch's keys, and create a dispatch (after
 * every one of the file) when no such section exists. */
START_TEST(dispatches_set)
{
    const char *sets[] = { "kernel.second.grid=512", "args.second.n=u32:9", "kernel.second.after=none",
                           "kernel.extra.grid=32", "kernel.extra.workgroup=16", "args.extra.x=u32:5",
                           "kernel.extra.name=other", "kernel.grid=1024", "args.m=u32:7" };
    fx_t *fx = fx_load_sets(KERNEL_OK "[args]\nm = u32:1\n" SECOND "[args second]\nn = u32:1\n", sets, 9);
    ck_assert_msg(fx->nerr == 0, "%s", fx->errs);
    const wl_dispatch_t *d = fx->wl.dispatches;
    ck_assert_uint_eq(fx->wl.ndispatches, 3);
    ck_assert_uint_eq(d[0].grid[0], 1024);
    ck_assert_uint_eq(d[0].args[0].bits, 7);
    ck_assert_str_eq(d[1].label, "second");
    ck_assert_uint_eq(d[1].grid[0], 512);
    ck_assert_uint_eq(d[1].wg[0], 64);
    ck_assert_int_eq(d[1].after, WL_AFTER_NONE);
    ck_assert_uint_eq(d[1].nargs, 1);
    ck_assert_uint_eq(d[1].args[0].bits, 9);
    ck_assert_str_eq(d[2].label, "extra");
    ck_assert_uint_eq(d[2].line, 0);
    ck_assert_uint_eq(d[2].grid[0], 32);
    ck_assert_uint_eq(d[2].wg[0], 16);
    ck_assert_str_eq(d[2].kernel, "other");
    ck_assert_int_eq(d[2].after, WL_AFTER_PREVIOUS);
    ck_assert_uint_eq(d[2].nargs, 1);
    ck_assert_str_eq(d[2].args[0].name, "x");
    ck_assert_uint_eq(d[2].args[0].bits, 5);
    fx_done(fx);

    /* A dispatch made by --set is checked like one from the file; errors name the --set. */
    const char *half[] = { "kernel.extra.grid=64" };
    fx = fx_load_sets(KERNEL_OK, half, 1);
    ck_assert_int_eq(fx->nerr, 1);
    ck_assert_ptr_nonnull(strstr(fx->errs, "--set 'kernel.extra.grid=64': error: [kernel extra] has no workgroup"));
    fx_done(fx);
    const char *first_after[] = { "kernel.after=none" };
    fx = fx_load_sets(KERNEL_OK SECOND, first_after, 1);
    ck_assert_int_eq(fx->nerr, 1);
    ck_assert_ptr_nonnull(strstr(fx->errs, "--set 'kernel.after=none': error: after: [kernel] is the first dispatch"));
    fx_done(fx);
    const char *bad_after[] = { "kernel.second.after=never" };
    fx = fx_load_sets(KERNEL_OK SECOND, bad_after, 1);
    ck_assert_int_eq(fx->nerr, 1);
    ck_assert_ptr_nonnull(strstr(fx->errs, "--set 'kernel.second.after=never': error: after = 'never': expected previous"));
    fx_done(fx);
    const char *orphan[] = { "args.secnd.n=u32:1" };
    fx = fx_load_sets(KERNEL_OK SECOND, orphan, 1);
    ck_assert_int_eq(fx->nerr, 1);
    ck_assert_ptr_nonnull(strstr(fx->errs, "--set 'args.secnd.n=u32:1': error: [args secnd] belongs to no dispatch; "
                                           "did you mean [args second]?"));
    fx_done(fx);
    const char *bad_name[] = { "kernel.9lives.grid=64" };
    fx = fx_load_sets(KERNEL_OK, bad_name, 1);
    ck_assert_int_eq(fx->nerr, 1);
    ck_assert_ptr_nonnull(strstr(fx->errs, "--set 'kernel.9lives.grid=64': error: [kernel 9lives]: a dispatch's NAME is"));
    fx_done(fx);
    const char *src[] = { "kernel.second.source=k.s" };
    fx = fx_load_sets(KERNEL_OK SECOND, src, 1);
    ck_assert_int_eq(fx->nerr, 1);
    ck_assert_ptr_nonnull(strstr(fx->errs, "--set 'kernel.second.source=k.s': error: source is given once, in [kernel]"));
    fx_done(fx);
}
END_TEST

START_TEST(errors_dispatches)
{
    fx_check_err(KERNEL_OK SECOND "source = k.s\n", 8,
              "source is given once, in [kernel]: every dispatch runs a kernel of that file (choose it with name = ...)");
    fx_check_err(KERNEL_OK "after = none\n" SECOND, 5,
              "after: [kernel] is the first dispatch and has nothing to wait for (after belongs in [kernel NAME])");
    fx_check_err(KERNEL_OK SECOND "after = later\n", 8,
              "after = 'later': expected previous (wait until every earlier dispatch has completed) or none");
    fx_check_err(KERNEL_OK SECOND "after = Previous\n", 8, "after = 'Previous': expected previous");
    fx_check_err(KERNEL_OK "[args x]\nn = u32:1\n", 5, "[args x] belongs to no dispatch: there is no [kernel x]");
    fx_check_err(KERNEL_OK SECOND "[args secnod]\nn = u32:1\n", 8, "[args secnod] belongs to no dispatch; did you mean [args second]?");
    /* Far from every label: no suggestion. */
    fx_check_err(KERNEL_OK SECOND "[args zzzzzz]\nn = u32:1\n", 8, "[args zzzzzz] belongs to no dispatch: there is no [kernel zzzzzz]");
    fx_check_err(KERNEL_OK "[kernel 3x]\ngrid = 64\nworkgroup = 64\n", 5,
              "[kernel 3x]: a dispatch's NAME is letters, digits and '_', as in [kernel second]");
    fx_check_err(KERNEL_OK "[kernel a-b]\ngrid = 64\nworkgroup = 64\n", 5, "[kernel a-b]: a dispatch's NAME is");
    fx_check_err(KERNEL_OK "[kernel b]\nworkgroup = 64\n", 5, "[kernel b] has no grid (work-items: X, X,Y or X,Y,Z)");
    fx_check_err(KERNEL_OK "[kernel b]\ngrid = 64\n", 5, "[kernel b] has no workgroup (work-items: X, X,Y or X,Y,Z)");
    fx_check_err(KERNEL_OK "[kernel b]\ngrid = 32\nworkgroup = 64\n", 7, "grid x dimension (32) is smaller than the workgroup's (64)");
    fx_check_err(KERNEL_OK "[kernel b]\ngrid = 2048\nworkgroup = 64,32\n", 7, "workgroup 64x32x1 has 2048 work-items; at most 1024");
    fx_check_err(KERNEL_OK SECOND "grdi = 4\n", 8, "unknown key 'grdi' in [kernel second]; did you mean 'grid'?");
    fx_check_err(KERNEL_OK SECOND "[args second]\nn = u32:1\nn = u32:2\n", 10, "duplicate key 'n' in [args second] (first given at line 9)");
    fx_check_err(KERNEL_OK "[kernal b]\n", 5, "unknown section [kernal b]; did you mean [kernel b]?");

    /* Only [kernel NAME] sections: the missing [kernel] is reported, and so is every unknown section. */
    fx_t *fx = fx_load("[kernel b]\ngrid = 64\nworkgroup = 64\n[frobnicate]\n[argz]\n");
    ck_assert_int_eq(fx->nerr, 3);
    ck_assert_msg(strstr(fx->errs, ":4: error: unknown section [frobnicate]; sections are [kernel], [kernel NAME]"), "%s", fx->errs);
    ck_assert_msg(strstr(fx->errs, ":5: error: unknown section [argz]; did you mean [args]?"), "%s", fx->errs);
    ck_assert_msg(strstr(fx->errs, "w.ini: error: no [kernel] section (it needs source, grid and workgroup)"), "%s", fx->errs);
    fx_done(fx);
    /* Every dispatch's errors are reported in one pass. */
    fx = fx_load(KERNEL_OK "[kernel b]\ngrid = 64\n[kernel c]\nworkgroup = 64\nafter = soon\n");
    ck_assert_int_eq(fx->nerr, 3);
    ck_assert_msg(strstr(fx->errs, ":5: error: [kernel b] has no workgroup"), "%s", fx->errs);
    ck_assert_msg(strstr(fx->errs, ":7: error: [kernel c] has no grid"), "%s", fx->errs);
    ck_assert_msg(strstr(fx->errs, ":9: error: after = 'soon'"), "%s", fx->errs);
    fx_done(fx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("workload_dispatches");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, dispatches_parse);
    tcase_add_test(tc, dispatches_limit);
    tcase_add_test(tc, dispatches_set);
    tcase_add_test(tc, errors_dispatches);
    tcase_add_test(tc, grid_limit);
    suite_add_tcase(s, tc);
    /* 131073 buffers or arguments: a few seconds under the sanitizers. */
    TCase *big = tcase_create("limits");
    tcase_set_timeout(big, 60);
    tcase_add_test(big, buffers_limit);
    tcase_add_test(big, args_limit);
    suite_add_tcase(s, big);
    return s;
}

UNIT_MAIN(suite)
