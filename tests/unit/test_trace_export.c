/* Trace exports: the Perfetto export is valid JSON with the expected tracks and slice counts, and
 * the text trace prints the filtered issues. */
#include "unit.h"
#include "json_check.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "observe/trace.h"
#include "trace_harness.h"

/* ---- Perfetto export ---------------------------------------------------------------------------- */

/* Occurrences of needle (by hand: the sanitizer's strstr measures the whole haystack per call). */
static size_t count(const char *hay, const char *needle)
{
    size_t n = 0, len = strlen(needle);
    for (const char *p = hay; *p; p++)
        if (*p == needle[0] && strncmp(p, needle, len) == 0)
            n++;
    return n;
}

START_TEST(test_perfetto_export)
{
    static const char *const sets[] = { "gpu.compute_units=2", NULL };
    char *path = tmp_path("p.trc"), *json = tmp_path("p.json");
    run_opts_t o = { .ini = "workloads/reduce.ini", .sets = sets, .trace_path = path, .issues = true };
    run_out_t out;
    run(&o, &out);
    ck_assert_int_eq(out.rc, 0);
    ck_assert_int_eq(trace_export_perfetto(path, json, stderr), 0);
    size_t n;
    char *text = (char *)slurp(json, &n);
    ck_assert(json_valid(text));
    /* Tracks: a process per CU, a thread per SIMD wave slot, the dispatch thread, workgroups. */
    ck_assert_uint_eq(count(text, "\"name\":\"process_name\""), 2);
    ck_assert_uint_eq(count(text, "{\"name\":\"CU 1\"}"), 1);
    ck_assert_uint_eq(count(text, "\"args\":{\"name\":\"SIMD "), 2 * 4 * 10);
    ck_assert_uint_eq(count(text, "{\"name\":\"SIMD 3 slot 9\"}"), 2);
    ck_assert_uint_eq(count(text, "{\"name\":\"dispatch\"}"), 2);
    ck_assert_uint_gt(count(text, "{\"name\":\"workgroups 0\"}"), 0);
    /* One wave-state slice per non-GONE state change, one workgroup slice per workgroup, one
     * instant per issue, one counter sample per launch or end of a wave (plus one per CU at 0). */
    size_t states = 0, wgs = 0, issues = 0, changes = 0;
    for (size_t i = 0; i < out.rec.n; i++) {
        const tev_t *e = &out.rec.ev[i];
        states += e->kind == TEV_WAVE_STATE && e->u.wave_state != TEV_WAVE_GONE;
        changes += e->kind == TEV_WAVE_STATE &&
                   (e->u.wave_state == TEV_WAVE_GONE || e->u.wave_state == TEV_WAVE_LAUNCHING);
        wgs += e->kind == TEV_WG_START;
        issues += e->kind == TEV_ISSUE;
    }
    ck_assert_uint_eq(count(text, "\"cat\":\"wave\""), states);
    ck_assert_uint_eq(count(text, "\"cat\":\"workgroup\""), wgs);
    ck_assert_uint_eq(count(text, "\"ph\":\"i\""), issues);
    ck_assert_uint_eq(count(text, "\"ph\":\"C\""), changes + 2);
    ck_assert_uint_gt(count(text, "\"cat\":\"dispatch\""), 0);
    free(text);

    /* A corrupted trace: an error, and the previous export at json untouched, no temporary left. */
    size_t jn, jn2, tn;
    uint8_t *before = slurp(json, &jn);
    uint8_t *t = slurp(path, &tn);
    spit(path, t, tn / 2);
    FILE *err = tmpfile();
    ck_assert_int_eq(trace_export_perfetto(path, json, err), 1);
    char buf[512] = { 0 };
    rewind(err);
    ck_assert_ptr_nonnull(fgets(buf, sizeof buf, err));
    ck_assert_msg(strstr(buf, "gcnsim: error: ") == buf && strstr(buf, "truncated trace"), "%s", buf);
    fclose(err);
    uint8_t *after = slurp(json, &jn2);
    ck_assert(jn == jn2 && memcmp(before, after, jn) == 0);
    free(before);
    free(after);
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));)
        ck_assert_msg(!strstr(e->d_name, ".tmp"), "a temporary file was left: %s", e->d_name);
    closedir(d);
    /* A new path: nothing is created. */
    char *fresh = tmp_path("fresh.json");
    err = tmpfile();
    ck_assert_int_eq(trace_export_perfetto(path, fresh, err), 1);
    fclose(err);
    ck_assert_int_ne(access(fresh, F_OK), 0);
    free(fresh);
    free(t);
    free(out.rec.ev);
    free(path);
    free(json);
}
END_TEST

/* ---- text trace --------------------------------------------------------------------------------- */

START_TEST(test_text_trace_filters)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    run_opts_t o = { .ini = "workloads/vector_add.ini", .text_out = mem, .text_from = 40, .text_to = 1500,
                     .text_one_wave = true, .text_wave = 5 };
    run_out_t out;
    run(&o, &out);
    fclose(mem);
    ck_assert_int_eq(out.rc, 0);
    /* The expected lines, built from the recorded issues independently of the observer. */
    char *want = malloc(1 << 16), *p = want;
    p += sprintf(p, "#   cycle  cu simd  wave    wg      pc  instruction\n");
    size_t lines = 0;
    for (size_t i = 0; i < out.rec.n; i++) {
        const tev_t *e = &out.rec.ev[i];
        if (e->kind != TEV_ISSUE || e->wave != 5 || e->cycle < 40 || e->cycle > 1500)
            continue;
        p += sprintf(p, "%9" PRIu64 " %3u %4u %5u %5u  0x%04x  %s\n", e->cycle, e->cu, e->simd, 5u, (unsigned)e->wg,
                     out.kernel_pc[e->u.issue.pc], out.kernel_text[e->u.issue.pc]);
        lines++;
    }
    ck_assert_uint_gt(lines, 3);
    ck_assert_str_eq(buf, want);
    free(want);
    free(buf);
    free(out.rec.ev);
}
END_TEST

static Suite *trace_export_suite(void)
{
    Suite *s = suite_create("trace_export");
    TCase *tc = tcase_create("export");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_perfetto_export);
    tcase_add_test(tc, test_text_trace_filters);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(trace_export_suite)
