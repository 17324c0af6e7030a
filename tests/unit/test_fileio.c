/* test_fileio: reading inputs (regular files only, limits, BOM, NUL) and writing outputs (temporary
 * file renamed into place, nothing of the user's removed or truncated), and the bounded diagnostics
 * text shared with the assembler. */
#include <check.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "asm/asm.h"
#include "base/fileio.h"
#include "tmpdir.h"
#include "unit.h"

/* A fresh scratch directory per test (Check forks each test). */
static char dir[64];

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/gcnsim-fileio-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void teardown(void)
{
    ck_assert_int_eq(ut_rmtree(dir), 0);
}

static const char *path_in(const char *name)
{
    static char p[4][128];
    static int k;
    k = (k + 1) % 4;
    snprintf(p[k], sizeof p[k], "%s/%s", dir, name);
    return p[k];
}

static void write_file(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(data, 1, n, f), n);
    ck_assert_int_eq(fclose(f), 0);
}

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    static char buf[4096];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* What fio_read_text printed to its error stream, or "" on success. */
static const char *read_text(const char *path, size_t limit, fio_text_t *t)
{
    static char msg[1024];
    memset(msg, 0, sizeof msg); /* fmemopen leaves the buffer as it was when nothing is written */
    FILE *err = fmemopen(msg, sizeof msg, "w");
    ck_assert_ptr_nonnull(err);
    bool ok = fio_read_text(path, "test file", limit, t, err);
    fclose(err);
    ck_assert_msg(ok == (msg[0] == 0), "ok %d, message: %s", ok, msg);
    return msg;
}

START_TEST(text_bom_nul_and_limits)
{
    fio_text_t t;
    write_file(path_in("bom"), "\xEF\xBB\xBF" "a\nb", 6);
    ck_assert_str_eq(read_text(path_in("bom"), 100, &t), "");
    ck_assert_uint_eq(t.len, 3);
    ck_assert_str_eq(t.data, "a\nb");
    fio_text_free(&t);
    /* The column counts from the line's start; the mark is not a column. */
    write_file(path_in("nul"), "\xEF\xBB\xBF" "ab\ncd\0e\0", 11);
    char want[256];
    snprintf(want, sizeof want, "%s:2:3: error: NUL byte in the test file (a binary file?); and 1 more\n", path_in("nul"));
    ck_assert_str_eq(read_text(path_in("nul"), 100, &t), want);
    ck_assert_ptr_null(t.data);
    write_file(path_in("big"), "0123456789", 10);
    ck_assert_str_eq(read_text(path_in("big"), 10, &t), "");
    fio_text_free(&t);
    snprintf(want, sizeof want, "%s: error: test file is too large: 10 bytes (the limit is 9 bytes)\n", path_in("big"));
    ck_assert_str_eq(read_text(path_in("big"), 9, &t), want);
    snprintf(want, sizeof want, "%s: error: is a directory, not a test file\n", dir);
    ck_assert_str_eq(read_text(dir, 100, &t), want);
    ck_assert_int_eq(mkfifo(path_in("fifo"), 0600), 0);
    snprintf(want, sizeof want,
             "%s: error: is not a regular file (a FIFO, device or socket); a test file must be a regular file\n",
             path_in("fifo"));
    ck_assert_str_eq(read_text(path_in("fifo"), 100, &t), want); /* and does not wait for a writer */
    snprintf(want, sizeof want, "%s: error: cannot open test file: No such file or directory\n", path_in("none"));
    ck_assert_str_eq(read_text(path_in("none"), 100, &t), want);
}
END_TEST

START_TEST(getline_over_text)
{
    fio_text_t t = { strdup("one\n\ntwo"), 8 };
    size_t pos = 0, cap = 0;
    char *buf = NULL;
    ck_assert_int_eq(fio_getline(&t, &pos, &buf, &cap), 4);
    ck_assert_str_eq(buf, "one\n");
    ck_assert_int_eq(fio_getline(&t, &pos, &buf, &cap), 1);
    ck_assert_int_eq(fio_getline(&t, &pos, &buf, &cap), 3);
    ck_assert_str_eq(buf, "two");
    ck_assert_int_eq(fio_getline(&t, &pos, &buf, &cap), -1);
    free(buf);
    fio_text_free(&t);
}
END_TEST

START_TEST(output_replaces_only_when_complete)
{
    char msg[256];
    fio_out_t o;
    write_file(path_in("out"), "old", 3);
    ck_assert_int_eq(chmod(path_in("out"), 0640), 0);
    ck_assert(fio_out_open(&o, path_in("out"), msg, sizeof msg));
    fputs("new", o.f);
    ck_assert_str_eq(read_all(path_in("out")), "old"); /* untouched until the commit */
    ck_assert(fio_out_commit(&o, msg, sizeof msg));
    ck_assert_str_eq(read_all(path_in("out")), "new");
    struct stat st;
    ck_assert_int_eq(stat(path_in("out"), &st), 0);
    ck_assert_uint_eq(st.st_mode & 0777, 0640);
    /* Given up: the old file stays and no temporary file is left. */
    ck_assert(fio_out_open(&o, path_in("out"), msg, sizeof msg));
    fputs("half", o.f);
    fio_out_abort(&o);
    ck_assert_str_eq(read_all(path_in("out")), "new");
    ck_assert_int_eq(ut_count_entries(dir), 1);
    /* A directory is refused; nothing is created. */
    ck_assert(!fio_out_open(&o, dir, msg, sizeof msg));
    ck_assert_str_eq(msg, "is a directory");
    ck_assert(!fio_out_open(&o, path_in("no/such/file"), msg, sizeof msg));
    ck_assert_str_eq(msg, "No such file or directory");
}
END_TEST

START_TEST(failed_write_keeps_the_old_file)
{
    /* The file-size limit makes the write fail, as a full disk would. */
    signal(SIGXFSZ, SIG_IGN);
    write_file(path_in("out"), "precious", 8);
    struct rlimit rl = { 64, 64 };
    ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &rl), 0);
    char msg[256];
    fio_out_t o;
    ck_assert(fio_out_open(&o, path_in("out"), msg, sizeof msg));
    for (int i = 0; i < 100; i++)
        fputs("0123456789", o.f);
    ck_assert(!fio_out_commit(&o, msg, sizeof msg));
    ck_assert_str_eq(msg, strerror(EFBIG));
    ck_assert_str_eq(read_all(path_in("out")), "precious");
    ck_assert_int_eq(ut_count_entries(dir), 1);
    /* Appending: the old content is copied first, so a failure leaves it whole too. */
    ck_assert(fio_out_open_append(&o, path_in("out"), msg, sizeof msg));
    for (int i = 0; i < 100; i++)
        fputs("0123456789", o.f);
    ck_assert(!fio_out_commit(&o, msg, sizeof msg));
    ck_assert_str_eq(read_all(path_in("out")), "precious");
}
END_TEST

START_TEST(append_and_devices)
{
    char msg[256];
    fio_out_t o;
    ck_assert(fio_out_open_append(&o, path_in("csv"), msg, sizeof msg));
    ck_assert_int_eq(ftell(o.f), 0); /* a new file: the caller writes its header */
    fputs("h\n", o.f);
    ck_assert(fio_out_commit(&o, msg, sizeof msg));
    ck_assert(fio_out_open_append(&o, path_in("csv"), msg, sizeof msg));
    ck_assert_int_eq(ftell(o.f), 2);
    fputs("r\n", o.f);
    ck_assert(fio_out_commit(&o, msg, sizeof msg));
    ck_assert_str_eq(read_all(path_in("csv")), "h\nr\n");
    /* A device is written in place, and stays a device. */
    ck_assert(fio_out_open(&o, "/dev/null", msg, sizeof msg));
    ck_assert_ptr_null(o.tmp);
    fputs("x", o.f);
    ck_assert(fio_out_commit(&o, msg, sizeof msg));
    ck_assert(fio_out_open(&o, "/dev/full", msg, sizeof msg));
    fputs("x", o.f);
    ck_assert(!fio_out_commit(&o, msg, sizeof msg));
    ck_assert_str_eq(msg, strerror(ENOSPC));
    struct stat st;
    ck_assert_int_eq(stat("/dev/full", &st), 0);
    ck_assert(S_ISCHR(st.st_mode));
}
END_TEST

static const char *diag(const char *text)
{
    static char buf[1024];
    memset(buf, 0, sizeof buf);
    FILE *f = fmemopen(buf, sizeof buf, "w");
    ck_assert_ptr_nonnull(f);
    asm_diag_puts(text, f);
    fclose(f);
    return buf;
}

START_TEST(diagnostic_text_is_bounded_and_printable)
{
    ck_assert_int_eq(FIO_ERRORS_MAX, ASM_ERRORS_SHOWN); /* one documented limit for every file */
    ck_assert_str_eq(diag("got 'a\x01" "b\x7f'"), "got 'a\\x01b\\x7f'");
    ck_assert_str_eq(diag("caf\xC3\xA9 \xC3 \xEF\xBB\xBFx"), "caf\xC3\xA9 \\xc3 \\xef\\xbb\\xbfx");
    char word[200], want[200];
    memset(word, '7', 120);
    strcpy(word + 120, " tail");
    memset(want, '7', 77);
    strcpy(want + 77, "... tail");
    ck_assert_str_eq(diag(word), want);
    word[80] = ' '; /* 80 bytes is not too long */
    ck_assert_uint_eq(strlen(diag(word)), strlen(word));
}
END_TEST

/* What fio_files_output printed, or "" when it let the output pass. */
static const char *output_check(fio_files_t *s, const char *opt, const char *path)
{
    static char msg[1024];
    memset(msg, 0, sizeof msg);
    FILE *err = fmemopen(msg, sizeof msg, "w");
    ck_assert_ptr_nonnull(err);
    bool ok = fio_files_output(s, "gcnsim", opt, path, err);
    fclose(err);
    ck_assert_msg(ok == (msg[0] == 0), "ok %d, message: %s", ok, msg);
    return msg;
}

START_TEST(outputs_never_replace_inputs)
{
    write_file(path_in("w.ini"), "x", 1);
    write_file(path_in("k.s"), "y", 1);
    ck_assert_int_eq(symlink("k.s", path_in("link.s")), 0);
    ck_assert_int_eq(link(path_in("w.ini"), path_in("hard.ini")), 0);
    fio_files_t s;
    fio_files_init(&s);
    fio_files_input(&s, path_in("w.ini"), "the workload file");
    fio_files_input(&s, path_in("k.s"), "the kernel source");
    fio_files_input(&s, path_in("missing"), "the configuration file"); /* its reader reports it */
    fio_files_input(&s, NULL, "the configuration file");
    fio_files_input(&s, "/dev/null", "a device");                       /* not a regular file */
    char want[512];
    snprintf(want, sizeof want, "gcnsim: error: --json '%s' is the workload file '%s': refusing to overwrite an input\n",
             path_in("w.ini"), path_in("w.ini"));
    ck_assert_str_eq(output_check(&s, "--json", path_in("w.ini")), want);
    /* Through a symbolic link, a hard link, another spelling. */
    snprintf(want, sizeof want, "gcnsim: error: --dump '%s' is the kernel source '%s': refusing to overwrite an input\n",
             path_in("link.s"), path_in("k.s"));
    ck_assert_str_eq(output_check(&s, "--dump", path_in("link.s")), want);
    ck_assert_str_ne(output_check(&s, "--trace", path_in("hard.ini")), "");
    char other[160];
    snprintf(other, sizeof other, "%s/./k.s", dir);
    ck_assert_str_ne(output_check(&s, "--csv", other), "");
    /* Standard output and devices pass, any number of times; so does a new file, once. */
    ck_assert_str_eq(output_check(&s, "--json", "-"), "");
    ck_assert_str_eq(output_check(&s, "--json", "/dev/null"), "");
    ck_assert_str_eq(output_check(&s, "--trace", "/dev/null"), "");
    ck_assert_str_eq(output_check(&s, "--json", path_in("new.json")), "");
    snprintf(other, sizeof other, "%s/../%s/new.json", dir, strrchr(dir, '/') + 1);
    snprintf(want, sizeof want, "gcnsim: error: --json '%s' and --trace '%s' name the same file: give each output its own file\n",
             path_in("new.json"), other);
    ck_assert_str_eq(output_check(&s, "--trace", other), want);
    ck_assert_str_eq(output_check(&s, "--dump", path_in("other.bin")), "");
    fio_files_free(&s);
}
END_TEST

START_TEST(replaced_file_loses_setuid)
{
    char msg[256];
    fio_out_t o;
    write_file(path_in("suid"), "old", 3);
    ck_assert_int_eq(chmod(path_in("suid"), 07755), 0);
    ck_assert(fio_out_open(&o, path_in("suid"), msg, sizeof msg));
    fputs("new", o.f);
    ck_assert(fio_out_commit(&o, msg, sizeof msg));
    struct stat st;
    ck_assert_int_eq(stat(path_in("suid"), &st), 0);
    ck_assert_uint_eq(st.st_mode & 07777, 0755);
    ck_assert_str_eq(read_all(path_in("suid")), "new");
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("fileio");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, text_bom_nul_and_limits);
    tcase_add_test(tc, getline_over_text);
    tcase_add_test(tc, output_replaces_only_when_complete);
    tcase_add_test(tc, failed_write_keeps_the_old_file);
    tcase_add_test(tc, append_and_devices);
    tcase_add_test(tc, diagnostic_text_is_bounded_and_printable);
    tcase_add_test(tc, outputs_never_replace_inputs);
    tcase_add_test(tc, replaced_file_loses_setuid);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)
