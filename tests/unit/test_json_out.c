/* test_json_out: the one JSON writer (observe/json_out): commas, keys, nesting and the three
 * layouts (inline, wrapped, wrapped with the closing bracket on its own line; compact), the escaper
 * (quotes, backslashes, every control character, UTF-8 and invalid bytes passed through) and the
 * number formats the outputs depend on. Every expected text is spelled out byte for byte. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_check.h"
#include "observe/json_out.h"
#include "unit.h"

/* A writer on a memory buffer; done() returns the text (freed by the next test's process). */
typedef struct {
    char *buf;
    size_t len;
    FILE *f;
    jout_t j;
} mem_t;

static jout_t *start(mem_t *m, bool compact)
{
    m->f = open_memstream(&m->buf, &m->len);
    ck_assert_ptr_nonnull(m->f);
    jout_init(&m->j, m->f, compact);
    return &m->j;
}

static const char *done(mem_t *m)
{
    ck_assert_int_eq(fclose(m->f), 0);
    return m->buf;
}

START_TEST(inline_objects_and_arrays)
{
    mem_t m;
    jout_t *j = start(&m, false);
    jout_object(j, 0);
    jout_ku64(j, "a", 1);
    jout_key(j, "b");
    jout_array(j, 0);
    jout_u64(j, 0);
    jout_u64(j, UINT64_MAX);
    jout_array(j, 0);
    jout_end(j);
    jout_end(j);
    jout_key(j, "c");
    jout_object(j, 0);
    jout_end(j);
    jout_kstr(j, "d", NULL);
    jout_kbool(j, "e", true);
    jout_kbool(j, "f", false);
    jout_key(j, "g");
    jout_null(j);
    jout_ki64(j, "h", -42);
    jout_end(j);
    jout_newline(j);
    const char *t = done(&m);
    ck_assert_str_eq(t, "{\"a\": 1, \"b\": [0, 18446744073709551615, []], \"c\": {}, \"d\": null, \"e\": true, "
                        "\"f\": false, \"g\": null, \"h\": -42}\n");
    ck_assert(json_valid(t));
    free(m.buf);
}
END_TEST

/* The run JSON's shape: a wrapped top level, an inline object that wraps from one member on, a
 * wrapped array inside an inline object (indented by the wrapping containers only), an empty
 * wrapped array ("[]"), and a wrapped array whose "]" stays on the last item's line. */
START_TEST(wrapped_layouts)
{
    mem_t m;
    jout_t *j = start(&m, false);
    jout_object(j, JOUT_WRAP | JOUT_CLOSE);
    jout_ku64(j, "n", 7);
    jout_key(j, "mem");
    jout_object(j, 0);
    jout_kstr(j, "model", "x");
    jout_wrap(j, true);
    jout_key(j, "lat");
    jout_object(j, 0);
    jout_ku64(j, "p50", 3);
    jout_end(j);
    jout_end(j);
    jout_key(j, "lh");
    jout_object(j, 0);
    jout_ku64(j, "hidden", 2);
    jout_key(j, "by_pc");
    jout_array(j, JOUT_WRAP | JOUT_CLOSE);
    jout_object(j, 0);
    jout_ku64(j, "pc", 4);
    jout_end(j);
    jout_object(j, 0);
    jout_ku64(j, "pc", 8);
    jout_end(j);
    jout_end(j);
    jout_end(j);
    jout_key(j, "none");
    jout_array(j, JOUT_WRAP | JOUT_CLOSE);
    jout_end(j);
    jout_key(j, "gain");
    jout_object(j, 0);
    jout_wrap(j, true);
    jout_key(j, "list");
    jout_array(j, JOUT_WRAP);
    jout_u64(j, 1);
    jout_u64(j, 2);
    jout_end(j);
    jout_end(j);
    jout_end(j);
    jout_newline(j);
    const char *t = done(&m);
    ck_assert_str_eq(t, "{\n"
                        "  \"n\": 7,\n"
                        "  \"mem\": {\"model\": \"x\",\n"
                        "    \"lat\": {\"p50\": 3}},\n"
                        "  \"lh\": {\"hidden\": 2, \"by_pc\": [\n"
                        "    {\"pc\": 4},\n"
                        "    {\"pc\": 8}\n"
                        "  ]},\n"
                        "  \"none\": [],\n"
                        "  \"gain\": {\n"
                        "    \"list\": [\n"
                        "      1,\n"
                        "      2]}\n"
                        "}\n");
    ck_assert(json_valid(t));
    free(m.buf);
}
END_TEST

/* The Perfetto export's shape: no spaces, no indentation, one event a line. */
START_TEST(compact_layout)
{
    mem_t m;
    jout_t *j = start(&m, true);
    jout_object(j, 0);
    jout_kstr(j, "unit", "ns");
    jout_key(j, "events");
    jout_array(j, JOUT_WRAP | JOUT_CLOSE);
    for (int i = 0; i < 2; i++) {
        jout_object(j, 0);
        jout_kstr(j, "ph", "X");
        jout_key(j, "ts");
        jout_numf(j, "%d.%06d", i, 5);
        jout_key(j, "args");
        jout_object(j, 0);
        jout_ku64(j, "wave", 10u + (unsigned)i);
        jout_end(j);
        jout_end(j);
    }
    jout_end(j);
    jout_end(j);
    jout_newline(j);
    const char *t = done(&m);
    ck_assert_str_eq(t, "{\"unit\":\"ns\",\"events\":[\n"
                        "{\"ph\":\"X\",\"ts\":0.000005,\"args\":{\"wave\":10}},\n"
                        "{\"ph\":\"X\",\"ts\":1.000005,\"args\":{\"wave\":11}}\n"
                        "]}\n");
    ck_assert(json_valid(t));
    free(m.buf);
}
END_TEST

/* Quotes and backslashes get a backslash, every byte below 0x20 a \u00XX escape (keys too); bytes
 * from 0x20 up — UTF-8 and invalid sequences alike — pass through unchanged, as they always have. */
START_TEST(escaping)
{
    char ctl[33];
    for (int c = 1; c < 0x20; c++)
        ctl[c - 1] = (char)c;
    ctl[31] = '\0';
    mem_t m;
    jout_t *j = start(&m, false);
    jout_array(j, 0);
    jout_str(j, "a\"b\\c/d");
    jout_str(j, ctl);
    jout_str(j, "");
    jout_str(j, "caf\xc3\xa9 \xff\xc3(\x7f");
    jout_object(j, 0);
    jout_kstr(j, "k\"\n", "v\t");
    jout_end(j);
    jout_end(j);
    const char *t = done(&m);
    char want[512] = "[\"a\\\"b\\\\c/d\", \"";
    for (int c = 1; c < 0x20; c++)
        snprintf(want + strlen(want), sizeof want - strlen(want), "\\u%04x", c);
    strcat(want, "\", \"\", \"caf\xc3\xa9 \xff\xc3(\x7f\", {\"k\\\"\\u000a\": \"v\\u0009\"}]");
    ck_assert_str_eq(t, want);
    free(m.buf);
}
END_TEST

/* The formats the outputs had before the writer: %.6f for ratios, PRIu64 and PRId64 for counts
 * and configuration values, UINT32_MAX as null for "no limit". */
START_TEST(number_formats)
{
    mem_t m;
    jout_t *j = start(&m, false);
    jout_array(j, 0);
    jout_f6(j, 0.0);
    jout_f6(j, 1.0 / 3.0);
    jout_f6(j, 2.5e9);
    jout_u64(j, 10);
    jout_u64(j, 9);
    jout_i64(j, INT64_MIN);
    jout_limit(j, UINT32_MAX);
    jout_limit(j, UINT32_MAX - 1);
    jout_end(j);
    const char *t = done(&m);
    ck_assert_str_eq(t, "[0.000000, 0.333333, 2500000000.000000, 10, 9, -9223372036854775808, null, 4294967294]");
    free(m.buf);
}
END_TEST

/* Past the writer's buffer: a string longer than it, then many small tokens; the text arrives
 * whole and in order when the top-level value ends. */
START_TEST(longer_than_the_buffer)
{
    static char big[3 * JOUT_BUF + 1], want[8 * JOUT_BUF];
    memset(big, 'x', sizeof big - 1);
    big[100] = '\n';
    mem_t m;
    jout_t *j = start(&m, true);
    jout_array(j, 0);
    jout_str(j, big);
    for (unsigned i = 0; i < 2000; i++)
        jout_u64(j, i);
    jout_end(j);
    const char *t = done(&m);
    size_t n = 0;
    n += (size_t)snprintf(want + n, sizeof want - n, "[\"%.100s\\u000a%s\"", big, big + 101);
    for (unsigned i = 0; i < 2000; i++)
        n += (size_t)snprintf(want + n, sizeof want - n, ",%u", i);
    snprintf(want + n, sizeof want - n, "]");
    ck_assert_uint_eq(strlen(t), strlen(want));
    ck_assert(strcmp(t, want) == 0);
    free(m.buf);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("json_out");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, inline_objects_and_arrays);
    tcase_add_test(tc, wrapped_layouts);
    tcase_add_test(tc, compact_layout);
    tcase_add_test(tc, escaping);
    tcase_add_test(tc, number_formats);
    tcase_add_test(tc, longer_than_the_buffer);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)
