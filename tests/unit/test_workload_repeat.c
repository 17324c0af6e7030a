/* wl: loops of dispatches (repeat = VAR FROM..TO, ... and {VAR} in argument values): the expansion
 * in loop order, every parse error at its FILE:LINE:COL, and the limits on what loops make. */
#include "unit.h"

#include <unistd.h>

#include "load/workload.h"

typedef struct {
    char dir[64];
    char path[128];
    char *errs;
    size_t errlen;
    wl_workload_t wl;
    int nerr;
} fx_t;

static fx_t *load(const char *text)
{
    fx_t *fx = calloc(1, sizeof *fx);
    snprintf(fx->dir, sizeof fx->dir, "/tmp/gcnsim-wlr-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(fx->dir));
    snprintf(fx->path, sizeof fx->path, "%s/w.ini", fx->dir);
    FILE *f = fopen(fx->path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
    FILE *err = open_memstream(&fx->errs, &fx->errlen);
    fx->nerr = wl_load(fx->path, NULL, 0, &fx->wl, err);
    fclose(err);
    return fx;
}

static void done(fx_t *fx)
{
    if (fx->nerr == 0)
        wl_free(&fx->wl);
    free(fx->errs);
    unlink(fx->path);
    rmdir(fx->dir);
    free(fx);
}

/* Exactly one error, at w.ini:LINE:COL (COL 0: none), containing `what`. */
static void expect_one(const char *text, int line, int col, const char *what)
{
    fx_t *fx = load(text);
    char loc[200];
    if (col)
        snprintf(loc, sizeof loc, "%s:%d:%d: error: ", fx->path, line, col);
    else
        snprintf(loc, sizeof loc, "%s:%d: error: ", fx->path, line);
    ck_assert_msg(fx->nerr == 1, "%d errors for '%s': %s", fx->nerr, what, fx->errs);
    ck_assert_msg(strstr(fx->errs, loc) == fx->errs, "no '%s' at the start of: %s", loc, fx->errs);
    ck_assert_msg(strstr(fx->errs, what) != NULL, "no '%s' in: %s", what, fx->errs);
    done(fx);
}

#define KERNEL "[kernel]\nsource = k.s\ngrid = 64\nworkgroup = 64\n"
#define BUF "[buffer a]\ntype = u32\ncount = 64\n"

/* The bitonic loops: stage 0..3, pass 0..stage give 1 + 2 + 3 + 4 = 10 dispatches, in loop order,
 * each with its values; a [kernel NAME] after them, and a second loop with after = none. */
START_TEST(expands_in_order)
{
    fx_t *fx = load("[kernel]\nsource = k.s\nname = sort\ngrid = 128\nworkgroup = 64\nrepeat = stage 0..3, pass 0..stage\n"
                    BUF "[args]\nkeys = @a\ns = u32:{stage}\np = {pass}\nboth = {stage}{pass}\n"
                    "[kernel other]\ngrid = 64\nworkgroup = 64\n"
                    "[kernel again]\ngrid = 64\nworkgroup = 64\nafter = none\nrepeat = i 5..7\n[args again]\nx = i32:-{i}\n");
    ck_assert_msg(fx->nerr == 0, "%s", fx->errs);
    ck_assert_uint_eq(fx->wl.ndispatches, 10 + 1 + 3);
    uint32_t k = 0;
    for (uint32_t stage = 0; stage <= 3; stage++)
        for (uint32_t pass = 0; pass <= stage; pass++, k++) {
            const wl_dispatch_t *d = &fx->wl.dispatches[k];
            ck_assert_str_eq(d->label, "");
            ck_assert_str_eq(d->kernel, "sort");
            ck_assert_uint_eq(d->grid[0], 128);
            ck_assert_uint_eq(d->nargs, 4);
            ck_assert_int_eq(d->args[0].kind, WL_ARG_BUFFER);
            ck_assert_uint_eq(d->args[1].bits, stage);
            char want[16];
            snprintf(want, sizeof want, "%u", pass);
            ck_assert_str_eq(d->args[2].text, want);
            snprintf(want, sizeof want, "%u%u", stage, pass);
            ck_assert_str_eq(d->args[3].text, want);
        }
    ck_assert_str_eq(fx->wl.dispatches[10].label, "other");
    ck_assert_uint_eq(fx->wl.dispatches[10].nargs, 0);
    for (uint32_t i = 0; i < 3; i++) {
        const wl_dispatch_t *d = &fx->wl.dispatches[11 + i];
        ck_assert_str_eq(d->label, "again");
        ck_assert_int_eq(d->after, WL_AFTER_NONE);
        ck_assert_ptr_null(d->kernel);
        ck_assert_uint_eq(d->nargs, 1);
        ck_assert_uint_eq((uint32_t)d->args[0].bits, (uint32_t)-(int32_t)(5 + i));
    }
    done(fx);
}
END_TEST

/* Every malformed repeat, at the column of what is wrong (the value starts at column 10). */
START_TEST(parse_errors)
{
    static const struct {
        const char *value;
        int col;
        const char *what;
    } cases[] = {
        { "", 0, "has no value" },
        { "0..3", 10, "repeat: expected a loop 'VAR FROM..TO'" },
        { "i", 11, "expected a space and FROM..TO after 'i'" },
        { "i 0", 13, "expected '..' between the bounds of 'i'" },
        { "i 0..", 15, "expected a bound" },
        { "i 0..j", 15, "'j' is not a variable of an outer loop" },
        { "i j..3", 12, "'j' is not a variable of an outer loop" },
        { "i 0..3, j i..2, i 0..1", 26, "loop variable 'i' is given twice" },
        { "i 0..3 j 0..2", 17, "expected ',' and a further loop" },
        { "i 0..3,", 17, "expected a loop" },
        { "i 0..-1", 15, "expected a bound" },
        { "i 0..2147483648", 15, "bound 2147483648... is above 2147483647" },
        { "i 3..2", 10, "loop 'i' runs from 3 to 2, no iteration (every loop runs at least once)" },
        { "i 0..3, j 2..i", 18, "loop 'j' runs from 2 to 0, no iteration for some values of the outer loops" },
        { "a 0..1, b 0..1, c 0..1, d 0..1, e 0..1", 42, "more than 4 nested loops" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[512];
        snprintf(text, sizeof text, KERNEL "[kernel x]\ngrid = 64\nworkgroup = 64\nrepeat = %s\n", cases[i].value);
        if (cases[i].value[0])
            expect_one(text, 8, cases[i].col, cases[i].what);
    }
}
END_TEST

/* {VAR} references: only to the dispatch's own loop variables, and well formed. */
START_TEST(reference_errors)
{
    expect_one(KERNEL "repeat = i 0..1\n[args]\nn = u32:{j}\n", 7, 10, "argument 'n': no loop variable 'j'");
    expect_one(KERNEL "[args]\nn = u32:{i}\n", 6, 10, "argument 'n': no loop variable 'i'");
    expect_one(KERNEL "repeat = i 0..1\n[args]\nn = u32:{i\n", 7, 9, "'{' starts a loop variable reference {VAR}");
    expect_one(KERNEL "repeat = i 0..1\n[args]\nn = u32:{}\n", 7, 9, "'{' starts a loop variable reference {VAR}");
    /* A value made invalid by a value of the loop: reported once, not once per iteration. */
    expect_one(KERNEL "repeat = i 250..260\n[args]\nn = u8:{i}\n", 7, 0, "argument 'n'");
}
END_TEST

/* The limits: 262144 dispatches in all, counting loops' iterations; 2^20 arguments made by loops. */
START_TEST(limits)
{
    fx_t *fx = load(KERNEL "repeat = i 0..262143\n");
    ck_assert_msg(fx->nerr == 0, "%s", fx->errs);
    ck_assert_uint_eq(fx->wl.ndispatches, WL_MAX_DISPATCHES);
    done(fx);
    expect_one(KERNEL "repeat = i 0..262144\n", 5, 10, "repeat makes more than 262144 dispatches");
    expect_one(KERNEL "[kernel b]\ngrid = 64\nworkgroup = 64\nrepeat = i 0..262143\n", 8, 10,
               "repeat makes more than 262143 dispatches");
    /* A section after the loops that filled the limit. */
    expect_one(KERNEL "repeat = i 0..262143\n[kernel b]\ngrid = 64\nworkgroup = 64\n", 6, 0,
               "[kernel b]: more than 262144 dispatches");
    expect_one(KERNEL "repeat = i 0..262143\n[args]\na = 1\nb = 2\nc = 3\nd = 4\ne = 5\n", 5, 10,
               "repeat: 262144 dispatches of 5 arguments each would make more than 1048576 arguments in all");
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("workload_repeat");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, expands_in_order);
    tcase_add_test(tc, parse_errors);
    tcase_add_test(tc, reference_errors);
    tcase_add_test(tc, limits);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)
