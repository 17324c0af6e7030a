/* A run's occupancy analysis is computed once per dispatch (report/result.h): one `gcnsim run` with
 * every output (report, --json, --csv, --trace with issues, --per-pc) reads each dispatch's kernel
 * numbers once and runs LLVM's rule, the fit-one-more search and the analysis once each; the
 * timing model, the trace header and the writers take the stored value. The calls are counted
 * with the linker's --wrap (the Makefile's WRAP_result_once): calls from one object file to
 * another, so the searches' own calls inside occupancy.c do not count. */
#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "machine/occ_analysis.h"
#include "unit.h"

/* Counters of the wrapped calls (this test's own; the simulator keeps no global state). */
static unsigned n_kernel, n_analyse, n_llvm, n_fit_more, n_compute;

occ_kernel_t __real_occ_dispatch_kernel(const launch_dispatch_t *D);
void __real_occ_analyse(const cfg_t *cfg, const occ_kernel_t *k, occ_analysis_t *a);
void __real_occ_llvm(const cfg_t *cfg, const occ_kernel_t *k, occ_llvm_t *out);
void __real_occ_fit_more(const cfg_t *cfg, const occ_kernel_t *k, const occ_result_t *res, occ_more_t *out);
int __real_occ_compute(const cfg_t *cfg, const occ_kernel_t *k, occ_result_t *out);

occ_kernel_t __wrap_occ_dispatch_kernel(const launch_dispatch_t *D);
void __wrap_occ_analyse(const cfg_t *cfg, const occ_kernel_t *k, occ_analysis_t *a);
void __wrap_occ_llvm(const cfg_t *cfg, const occ_kernel_t *k, occ_llvm_t *out);
void __wrap_occ_fit_more(const cfg_t *cfg, const occ_kernel_t *k, const occ_result_t *res, occ_more_t *out);
int __wrap_occ_compute(const cfg_t *cfg, const occ_kernel_t *k, occ_result_t *out);

occ_kernel_t __wrap_occ_dispatch_kernel(const launch_dispatch_t *D)
{
    n_kernel++;
    return __real_occ_dispatch_kernel(D);
}
void __wrap_occ_analyse(const cfg_t *cfg, const occ_kernel_t *k, occ_analysis_t *a)
{
    n_analyse++;
    __real_occ_analyse(cfg, k, a);
}
void __wrap_occ_llvm(const cfg_t *cfg, const occ_kernel_t *k, occ_llvm_t *out)
{
    n_llvm++;
    __real_occ_llvm(cfg, k, out);
}
void __wrap_occ_fit_more(const cfg_t *cfg, const occ_kernel_t *k, const occ_result_t *res, occ_more_t *out)
{
    n_fit_more++;
    __real_occ_fit_more(cfg, k, res, out);
}
int __wrap_occ_compute(const cfg_t *cfg, const occ_kernel_t *k, occ_result_t *out)
{
    n_compute++;
    return __real_occ_compute(cfg, k, out);
}

/* `gcnsim run INI` with every output into a temporary folder, the report to /dev/null. */
static void run_all_outputs(const char *ini, const char *cus)
{
    char dir[] = "/tmp/gcnsim-once-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char json[64], csv[64], trace[64], text[64], set[64];
    snprintf(json, sizeof json, "%s/r.json", dir);
    snprintf(csv, sizeof csv, "%s/r.csv", dir);
    snprintf(trace, sizeof trace, "%s/r.gcnt", dir);
    snprintf(text, sizeof text, "--trace-text=%s/r.txt", dir);
    snprintf(set, sizeof set, "gpu.compute_units=%s", cus);
    char *argv[] = { "gcnsim", "run", (char *)ini, "--json", json, "--csv", csv, "--trace", trace, "--trace-issues",
                     text, "--per-pc", "--set", set, NULL };
    n_kernel = n_analyse = n_llvm = n_fit_more = n_compute = 0;
    fflush(stdout);
    int saved = dup(1), null = open("/dev/null", O_WRONLY);
    ck_assert(saved >= 0 && null >= 0);
    dup2(null, 1);
    int rc = cli_cmd_run((int)(sizeof argv / sizeof argv[0]) - 1, argv);
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    close(null);
    ck_assert_int_eq(rc, 0);
    const char *files[] = { json, csv, trace, text + strlen("--trace-text=") };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        FILE *f = fopen(files[i], "r");
        ck_assert_msg(f != NULL, "%s was not written", files[i]);
        fseek(f, 0, SEEK_END);
        ck_assert_int_gt(ftell(f), 0);
        fclose(f);
        remove(files[i]);
    }
    rmdir(dir);
}

static void check_once(unsigned ndispatches)
{
    ck_assert_uint_eq(n_kernel, ndispatches);
    ck_assert_uint_eq(n_analyse, ndispatches);
    ck_assert_uint_eq(n_llvm, ndispatches);
    ck_assert_uint_eq(n_fit_more, ndispatches);
    ck_assert_uint_eq(n_compute, ndispatches);
}

START_TEST(test_one_dispatch)
{
    run_all_outputs("workloads/reduce.ini", "1");
    check_once(1);
    run_all_outputs("workloads/reduce.ini", "3");
    check_once(1);
}
END_TEST

START_TEST(test_two_dispatches)
{
    run_all_outputs("workloads/pipeline.ini", "1");
    check_once(2);
    run_all_outputs("workloads/pipeline.ini", "3");
    check_once(2);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("result_once");
    TCase *t = tcase_create("once");
    tcase_set_timeout(t, 60);
    tcase_add_test(t, test_one_dispatch);
    tcase_add_test(t, test_two_dispatches);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(suite)
