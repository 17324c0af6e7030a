/* Fuzz regressions: every input a fuzz target once crashed on (tests/fuzz/regressions/NAME/) is
 * replayed through the very harness code the fuzzer ran (the targets are included here without
 * their libFuzzer entry point), under this build's ASan+UBSan, so a crash, leak or undefined
 * behaviour that comes back fails `make test`. The seeds listed in tests/fuzz/seeds.txt are replayed
 * too, with the outcome the list gives each (shipped files accepted, bad-input cases rejected), and
 * every seed trace is read to its end record while each of its truncations is rejected. */
#include "unit.h"

#include <dirent.h>
#include <glob.h>
#include <sys/stat.h>

#define FUZZ_NO_ENTRY
#include "../fuzz/fuzz_asm.c"
#include "../fuzz/fuzz_codeobj.c"
#include "../fuzz/fuzz_config.c"
#include "../fuzz/fuzz_trace.c"
#include "../fuzz/fuzz_workload.c"

typedef int (*fuzz_fn)(const uint8_t *data, size_t size);

/* Read a whole file (every committed input is far below FUZZ_MAX_INPUT). */
static uint8_t *slurp(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    uint8_t *buf = malloc(FUZZ_MAX_INPUT + 1);
    ck_assert_ptr_nonnull(buf);
    *size = fread(buf, 1, FUZZ_MAX_INPUT + 1, f);
    fclose(f);
    ck_assert_msg(*size <= FUZZ_MAX_INPUT, "%s is larger than the fuzz input limit", path);
    return buf;
}

/* The regular files of dir, sorted (readdir order is not stable); NULL-terminated, caller frees. */
static char **list_dir(const char *dir, size_t *n)
{
    *n = 0;
    char **names = NULL;
    DIR *d = opendir(dir);
    if (!d)
        return NULL;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        names = realloc(names, (*n + 1) * sizeof *names);
        ck_assert_ptr_nonnull(names);
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        names[*n] = malloc(len);
        ck_assert_ptr_nonnull(names[*n]);
        snprintf(names[*n], len, "%s/%s", dir, e->d_name);
        (*n)++;
    }
    closedir(d);
    for (size_t i = 1; i < *n; i++)
        for (size_t j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
            char *t = names[j];
            names[j] = names[j - 1];
            names[j - 1] = t;
        }
    return names;
}

static void free_list(char **names, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

/* Replay every regression input of one target; returns how many there were. */
static size_t replay_regressions(const char *name, fuzz_fn fn)
{
    char dir[256];
    snprintf(dir, sizeof dir, "tests/fuzz/regressions/%s", name);
    size_t n;
    char **files = list_dir(dir, &n);
    for (size_t i = 0; i < n; i++) {
        size_t size;
        uint8_t *data = slurp(files[i], &size);
        ck_assert_msg(fn(data, size) != -1, "%s was skipped, not replayed", files[i]);
        free(data);
    }
    free_list(files, n);
    return n;
}

/* Replay the seeds tests/fuzz/seeds.txt lists for `target`, checking each line's outcome. */
static void replay_seeds(const char *target, fuzz_fn fn)
{
    FILE *list = fopen("tests/fuzz/seeds.txt", "r");
    ck_assert_msg(list != NULL, "tests/fuzz/seeds.txt not found (run the tests from the repository root)");
    char line[512], name[64], outcome[16], pattern[400];
    size_t accepted = 0, rejected = 0;
    while (fgets(line, sizeof line, list)) {
        if (line[0] == '#' || sscanf(line, "%63s %15s %399s", name, outcome, pattern) != 3 || strcmp(name, target))
            continue;
        glob_t g;
        ck_assert_msg(glob(pattern, 0, NULL, &g) == 0, "seeds.txt: '%s' matches no file", pattern);
        for (size_t i = 0; i < g.gl_pathc; i++) {
            size_t size;
            uint8_t *data = slurp(g.gl_pathv[i], &size);
            int nerr = fn(data, size);
            free(data);
            if (strcmp(outcome, "accept") == 0) {
                ck_assert_msg(nerr == 0, "%s: expected no errors, got %d", g.gl_pathv[i], nerr);
                accepted++;
            } else if (strcmp(outcome, "reject") == 0) {
                ck_assert_msg(nerr > 0, "%s: expected errors, got %d", g.gl_pathv[i], nerr);
                rejected++;
            } else {
                ck_assert_msg(strcmp(outcome, "any") == 0, "seeds.txt: unknown outcome '%s'", outcome);
            }
        }
        globfree(&g);
    }
    fclose(list);
    ck_assert_msg(accepted >= 1 && rejected >= 1, "%s seeds: %zu accepted and %zu rejected", target, accepted,
                  rejected);
}

START_TEST(asm_replays)
{
    replay_regressions("asm", fuzz_asm_one);
    replay_seeds("asm", fuzz_asm_one);
}
END_TEST

START_TEST(codeobj_replays)
{
    replay_regressions("codeobj", fuzz_codeobj_one);
    replay_seeds("codeobj", fuzz_codeobj_one);
}
END_TEST

START_TEST(workload_replays)
{
    replay_regressions("workload", fuzz_workload_one);
    replay_seeds("workload", fuzz_workload_one);
}
END_TEST

START_TEST(config_replays)
{
    replay_regressions("config", fuzz_config_one);
    replay_seeds("config", fuzz_config_one);
}
END_TEST

/* Every seed trace is read to its end record; every truncation of it (a sample of lengths) is
 * rejected, since the end record checks the counts and the file length. */
START_TEST(trace_replays)
{
    replay_regressions("trace", fuzz_trace_one);
    size_t n;
    char **files = list_dir("tests/fuzz/corpus/trace", &n);
    ck_assert_uint_ge(n, 4);
    for (size_t i = 0; i < n; i++) {
        size_t size;
        uint8_t *data = slurp(files[i], &size);
        ck_assert_msg(fuzz_trace_one(data, size) == 1, "%s: not read to its end", files[i]);
        for (size_t cut = 0; cut < size; cut += 1 + size / 16)
            ck_assert_msg(fuzz_trace_one(data, cut) == 0, "%s cut at %zu bytes: accepted", files[i], cut);
        ck_assert_int_eq(fuzz_trace_one(data, size - 1), 0);
        free(data);
    }
    free_list(files, n);
}
END_TEST

/* The harness skips, rather than runs, inputs over the limit. */
START_TEST(oversized_inputs_skipped)
{
    uint8_t *big = calloc(FUZZ_MAX_INPUT + 1, 1);
    ck_assert_ptr_nonnull(big);
    ck_assert_int_eq(fuzz_asm_one(big, FUZZ_MAX_INPUT + 1), -1);
    ck_assert_int_eq(fuzz_workload_one(big, FUZZ_MAX_INPUT + 1), -1);
    ck_assert_int_eq(fuzz_config_one(big, FUZZ_MAX_INPUT + 1), -1);
    ck_assert_int_eq(fuzz_trace_one(big, FUZZ_MAX_INPUT + 1), -1);
    ck_assert_int_eq(fuzz_codeobj_one(big, FUZZ_MAX_INPUT + 1), -1);
    free(big);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("fuzz_regressions");
    TCase *tc = tcase_create("replay");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, asm_replays);
    tcase_add_test(tc, codeobj_replays);
    tcase_add_test(tc, workload_replays);
    tcase_add_test(tc, config_replays);
    tcase_add_test(tc, trace_replays);
    tcase_add_test(tc, oversized_inputs_skipped);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)
