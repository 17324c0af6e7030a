/* test_sweep: a sweep's LIST (labels, the --set columns, the hash), the shard split, part files
 * (written, read back, truncated, damaged) and the merge's checks and row order, each expectation
 * worked out by hand from the files written here. */
#include "unit.h"

#include <stdio.h>
#include <unistd.h>

#include "cli/sweep_list.h"
#include "cli/sweep_part.h"

/* A file with `text` in a fresh temporary path (into path[32]). */
static void write_file(char *path, const char *text)
{
    strcpy(path, "/tmp/gcnsim-sweep-XXXXXX");
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
}

static const char list_text[] =
    "# a comment\n"
    "a.ini --set cu.wave_slots=2\n"
    "\n"
    "b.ini label=bee --set=dram.latency=50 --set cu.wave_slots=4\n"
    "c.ini\n"
    "d.ini -- label=x\n";

START_TEST(test_list_words_labels_keys)
{
    char path[32];
    write_file(path, list_text);
    sweep_list_t l;
    ck_assert_int_eq(sweep_list_read(path, &l, stderr), 0);
    ck_assert_uint_eq(l.n, 4);
    ck_assert_str_eq(l.keys, "cu.wave_slots,dram.latency");
    /* run, --label, LABEL, --csv-keys, KEYS, then the words without the label= word */
    const sweep_run_t *b = &l.runs[1];
    ck_assert_int_eq(b->line, 4);
    ck_assert_int_eq(b->argc, 9);
    ck_assert_str_eq(b->argv[0], "run");
    ck_assert_str_eq(b->argv[1], "--label");
    ck_assert_str_eq(b->argv[2], "bee");
    ck_assert_str_eq(b->argv[3], "--csv-keys");
    ck_assert_str_eq(b->argv[4], "cu.wave_slots,dram.latency");
    ck_assert_str_eq(b->argv[5], "b.ini");
    ck_assert_str_eq(b->argv[6], "--set=dram.latency=50");
    /* default label: the line number; after "--" a label= word is an operand */
    ck_assert_str_eq(l.runs[0].argv[2], "2");
    ck_assert_str_eq(l.runs[3].argv[2], "6");
    ck_assert_str_eq(l.runs[3].argv[l.runs[3].argc - 1], "label=x");
    uint64_t h = l.hash;
    sweep_list_free(&l);
    /* A comment changes nothing; a value does. */
    char p2[32], p3[32];
    write_file(p2, "# another comment\n"
                   "a.ini --set cu.wave_slots=2\n\n"
                   "b.ini label=bee --set=dram.latency=50 --set cu.wave_slots=4\nc.ini\nd.ini -- label=x\n");
    write_file(p3, "# a comment\na.ini --set cu.wave_slots=3\n\n"
                   "b.ini label=bee --set=dram.latency=50 --set cu.wave_slots=4\nc.ini\nd.ini -- label=x\n");
    ck_assert_int_eq(sweep_list_read(p2, &l, stderr), 0);
    ck_assert_uint_eq(l.hash, h);
    sweep_list_free(&l);
    ck_assert_int_eq(sweep_list_read(p3, &l, stderr), 0);
    ck_assert_uint_ne(l.hash, h);
    sweep_list_free(&l);
    unlink(path);
    unlink(p2);
    unlink(p3);
}
END_TEST

START_TEST(test_list_bad_labels)
{
    char path[32];
    write_file(path, "a.ini label=\nb.ini label=x label=y\nc.ini --label z\n");
    sweep_list_t l;
    ck_assert_int_eq(sweep_list_read(path, &l, stderr), 1);
    sweep_list_free(&l);
    unlink(path);
}
END_TEST

START_TEST(test_shard_split)
{
    int s, n;
    ck_assert(sweep_parse_shard("2/5", 1000, &s, &n));
    ck_assert_int_eq(s, 2);
    ck_assert_int_eq(n, 5);
    ck_assert(!sweep_parse_shard("0/5", 1000, &s, &n));
    ck_assert(!sweep_parse_shard("6/5", 1000, &s, &n));
    ck_assert(!sweep_parse_shard("1/1001", 1000, &s, &n));
    ck_assert(!sweep_parse_shard("1/", 1000, &s, &n));
    ck_assert(!sweep_parse_shard("-1/2", 1000, &s, &n));
    ck_assert(!sweep_parse_shard("1/2x", 1000, &s, &n));
    /* 11 runs in 4 shards: round robin, every run in exactly one shard. */
    const int expect[11] = { 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3 };
    for (size_t i = 0; i < 11; i++) {
        int in = 0;
        for (int k = 1; k <= 4; k++)
            if (sweep_in_shard(i, k, 4)) {
                in++;
                ck_assert_int_eq(k, expect[i]);
            }
        ck_assert_int_eq(in, 1);
    }
}
END_TEST

/* Write shard `shard` of 2 of the 4-run list at lpath into ppath, the runs ok but line 5's. */
static void write_part(const char *lpath, char *ppath, int shard, bool end)
{
    sweep_list_t l;
    ck_assert_int_eq(sweep_list_read(lpath, &l, stderr), 0);
    strcpy(ppath, "/tmp/gcnsim-part-XXXXXX");
    int fd = mkstemp(ppath);
    FILE *f = fdopen(fd, "w");
    sweep_part_out_t o;
    sweep_part_begin(&o, f, &l, shard, 2);
    for (size_t i = 0; i < l.n; i++) {
        if (!sweep_in_shard(i, shard, 2))
            continue;
        char row[64];
        snprintf(row, sizeof row, "row of line %d\n", l.runs[i].line);
        sweep_rec_t r = { l.runs[i].line, l.runs[i].line == 5 ? 2 : 0, l.runs[i].line == 5 ? "it faulted" : row };
        sweep_part_put(&o, &r, "H\n");
    }
    if (end)
        sweep_part_end(&o);
    fclose(f);
    sweep_list_free(&l);
}

START_TEST(test_parts_merge)
{
    char lpath[32], p1[32], p2[32], p2t[32];
    write_file(lpath, list_text);
    write_part(lpath, p1, 1, true); /* lines 2 and 5 */
    write_part(lpath, p2, 2, true); /* lines 4 and 6 */
    write_part(lpath, p2t, 2, false);
    sweep_part_t parts[3];
    ck_assert_int_eq(sweep_part_read(p2, &parts[0], stderr), 0);
    ck_assert_int_eq(sweep_part_read(p1, &parts[1], stderr), 0);
    ck_assert(parts[0].complete);
    ck_assert_int_eq(parts[0].shard, 2);
    ck_assert_int_eq(parts[0].nshards, 2);
    ck_assert_uint_eq(parts[0].nruns, 2);
    ck_assert_uint_eq(parts[0].total, 4);
    ck_assert_str_eq(parts[0].header, "H\n");
    ck_assert_uint_eq(parts[1].nrecs, 2);
    ck_assert_int_eq(parts[1].recs[1].line, 5);
    ck_assert_int_eq(parts[1].recs[1].status, 2);
    ck_assert_str_eq(parts[1].recs[1].text, "it faulted");
    ck_assert_int_eq(sweep_parts_check(parts, 2, stderr), 0);
    /* Merged in LIST order, given in any order; the failed run reported, not written. */
    char *text = NULL;
    size_t len = 0, rows, failed;
    FILE *m = open_memstream(&text, &len);
    ck_assert_int_eq(sweep_parts_write(parts, 2, m, true, &rows, &failed, stderr), 2);
    fclose(m);
    ck_assert_str_eq(text, "H\nrow of line 2\nrow of line 4\nrow of line 6\n");
    ck_assert_uint_eq(rows, 3);
    ck_assert_uint_eq(failed, 1);
    free(text);
    /* The same shard twice, and shard 1 missing: two problems. */
    sweep_part_free(&parts[1]);
    ck_assert_int_eq(sweep_part_read(p2, &parts[1], stderr), 0);
    ck_assert_int_eq(sweep_parts_check(parts, 2, stderr), 2);
    sweep_part_free(&parts[1]);
    /* Truncated: both runs read back, no end line: one problem. */
    ck_assert_int_eq(sweep_part_read(p1, &parts[1], stderr), 0);
    sweep_part_free(&parts[0]);
    ck_assert_int_eq(sweep_part_read(p2t, &parts[0], stderr), 0);
    ck_assert(!parts[0].complete);
    ck_assert_uint_eq(parts[0].nrecs, 2);
    ck_assert_int_eq(sweep_parts_check(parts, 2, stderr), 1);
    sweep_part_free(&parts[0]);
    /* Cut inside the second row: its record is dropped. */
    FILE *f = fopen(p2, "r");
    char buf[1024];
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    const char *cut = strstr(buf, "row of line 6");
    ck_assert_ptr_nonnull(cut);
    f = fopen(p2t, "w");
    fwrite(buf, 1, (size_t)(cut - buf) + 5, f);
    fclose(f);
    ck_assert_int_eq(sweep_part_read(p2t, &parts[0], stderr), 0);
    ck_assert_uint_eq(parts[0].nrecs, 1);
    ck_assert(!parts[0].complete);
    sweep_part_free(&parts[0]);
    /* Damaged: a record out of order. */
    f = fopen(p2t, "w");
    fwrite(buf, 1, n, f);
    fputs("# line 1: ok\nX\n", f);
    fclose(f);
    ck_assert_int_eq(sweep_part_read(p2t, &parts[0], stderr), 1);
    sweep_part_free(&parts[0]);
    ck_assert(sweep_part_is_part(p1));
    ck_assert(!sweep_part_is_part(lpath));
    ck_assert_int_eq(sweep_part_read(lpath, &parts[0], stderr), 1);
    sweep_part_free(&parts[0]);
    sweep_part_free(&parts[1]);
    unlink(lpath);
    unlink(p1);
    unlink(p2);
    unlink(p2t);
}
END_TEST

START_TEST(test_parts_of_another_list)
{
    char l1[32], l2[32], p1[32], p2[32];
    write_file(l1, list_text);
    write_file(l2, "a.ini\nb.ini\nc.ini\nd.ini\n");
    write_part(l1, p1, 1, true);
    write_part(l2, p2, 2, true);
    sweep_part_t parts[2];
    ck_assert_int_eq(sweep_part_read(p1, &parts[0], stderr), 0);
    ck_assert_int_eq(sweep_part_read(p2, &parts[1], stderr), 0);
    ck_assert_uint_ne(parts[0].hash, parts[1].hash);
    /* another LIST, and shard 2 of the first is missing */
    ck_assert_int_eq(sweep_parts_check(parts, 2, stderr), 2);
    sweep_part_free(&parts[0]);
    sweep_part_free(&parts[1]);
    unlink(l1);
    unlink(l2);
    unlink(p1);
    unlink(p2);
}
END_TEST

/* CSV records: a quoted field with a comma, a doubled quote and a line break is one record, in a
 * CSV and in a part's row; a part whose first line's counts disagree is refused. */
START_TEST(test_csv_records)
{
    char path[32];
    write_file(path, "label,kernel\n\"a,\"\"b\",\"k\nx\"\nplain,k\n");
    FILE *f = fopen(path, "r");
    char *rec = NULL;
    size_t cap = 0;
    ck_assert_int_eq(sweep_csv_record(f, &rec, &cap), 13);
    ck_assert_str_eq(rec, "label,kernel\n");
    ck_assert_int_eq(sweep_csv_record(f, &rec, &cap), 14);
    ck_assert_str_eq(rec, "\"a,\"\"b\",\"k\nx\"\n");
    ck_assert_int_eq(sweep_csv_record(f, &rec, &cap), 8);
    ck_assert_int_eq(sweep_csv_record(f, &rec, &cap), -1);
    fclose(f);
    free(rec);
    unlink(path);
    write_file(path, "# gcnsim sweep part 1: list 0000000000000001, shard 1 of 1, 2 runs of 2: l.txt\n"
                     "label,kernel\n# line 1: ok\n\"a\nb\",\"k\n# x\"\n# line 2: ok\nc,k\n# end\n");
    sweep_part_t p;
    ck_assert_int_eq(sweep_part_read(path, &p, stderr), 0);
    ck_assert(p.complete);
    ck_assert_uint_eq(p.nrecs, 2);
    ck_assert_str_eq(p.recs[0].text, "\"a\nb\",\"k\n# x\"\n");
    ck_assert_str_eq(p.recs[1].text, "c,k\n");
    sweep_part_free(&p);
    unlink(path);
    /* 3 runs in 2 shards: shard 1 has 2 of them, not 1; and more than 1000 shards. */
    write_file(path, "# gcnsim sweep part 1: list 0000000000000001, shard 1 of 2, 1 runs of 3: l.txt\n# end\n");
    ck_assert_int_eq(sweep_part_read(path, &p, stderr), 1);
    sweep_part_free(&p);
    unlink(path);
    write_file(path, "# gcnsim sweep part 1: list 0000000000000001, shard 1 of 1001, 0 runs of 0: l.txt\n# end\n");
    ck_assert_int_eq(sweep_part_read(path, &p, stderr), 1);
    sweep_part_free(&p);
    unlink(path);
}
END_TEST

/* --resume: a row finishes the first run with its label that has none yet (labels quoted as the
 * CSV writes them); the header is not a row. */
START_TEST(test_csv_finished)
{
    char lpath[32], cpath[32];
    write_file(lpath, "a.ini label=x\nb.ini label=x\nc.ini label='p,q'\nd.ini\ne.ini\n");
    write_file(cpath, "label,workload\nx,a.ini\n\"p,q\",c.ini\n5,e.ini\n");
    sweep_list_t l;
    ck_assert_int_eq(sweep_list_read(lpath, &l, stderr), 0);
    bool done[5];
    size_t n;
    ck_assert_int_eq(sweep_csv_finished(cpath, &l, done, &n, stderr), 0);
    ck_assert_uint_eq(n, 3);
    ck_assert(done[0] && !done[1] && done[2] && !done[3] && done[4]);
    sweep_list_free(&l);
    unlink(lpath);
    unlink(cpath);
}
END_TEST

static Suite *sweep_suite(void)
{
    Suite *s = suite_create("sweep");
    TCase *t = tcase_create("sweep");
    tcase_add_test(t, test_list_words_labels_keys);
    tcase_add_test(t, test_list_bad_labels);
    tcase_add_test(t, test_shard_split);
    tcase_add_test(t, test_parts_merge);
    tcase_add_test(t, test_parts_of_another_list);
    tcase_add_test(t, test_csv_records);
    tcase_add_test(t, test_csv_finished);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(sweep_suite)
