/* wl: the workload loader — every key, every init kind, every error message with file:line. */
#include "unit.h"

#include <math.h>
#include <unistd.h>

#include "load/workload.h"
#include "base/text.h"

typedef struct {
    char dir[64];
    char path[128];
    char *errs;
    size_t errlen;
    wl_workload_t wl;
    int nerr;
} fx_t;

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

/* Load `text` as dir/w.ini with the given --set overrides; errors are collected in fx->errs. */
static fx_t *load_sets(const char *text, const char *const *sets, size_t nsets)
{
    fx_t *fx = calloc(1, sizeof *fx);
    snprintf(fx->dir, sizeof fx->dir, "/tmp/gcnsim-wl-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(fx->dir));
    snprintf(fx->path, sizeof fx->path, "%s/w.ini", fx->dir);
    write_file(fx->path, text);
    FILE *err = open_memstream(&fx->errs, &fx->errlen);
    fx->nerr = wl_load(fx->path, sets, nsets, &fx->wl, err);
    fclose(err);
    return fx;
}

static fx_t *load(const char *text) { return load_sets(text, NULL, 0); }

static void done(fx_t *fx)
{
    if (fx->nerr == 0)
        wl_free(&fx->wl);
    free(fx->errs);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", fx->dir);
    ck_assert_int_eq(system(cmd), 0);
    free(fx);
}

/* The error text must contain "w.ini:LINE: error: " followed (somewhere) by `what`. */
static void expect_error(fx_t *fx, int line, const char *what)
{
    ck_assert_msg(fx->nerr > 0, "expected an error containing '%s'", what);
    char loc[160];
    if (line > 0)
        snprintf(loc, sizeof loc, "%s:%d: error: ", fx->path, line);
    else
        snprintf(loc, sizeof loc, "%s: error: ", fx->path);
    ck_assert_msg(strstr(fx->errs, loc) != NULL, "no '%s' in: %s", loc, fx->errs);
    ck_assert_msg(strstr(fx->errs, what) != NULL, "no '%s' in: %s", what, fx->errs);
}

#define KERNEL_OK "[kernel]\nsource = k.s\ngrid = 256\nworkgroup = 64\n"

START_TEST(every_key)
{
    fx_t *fx = load("; a comment\n# another\n[kernel]\nsource = sub/k.s\nname = my_kernel\n"
                    "grid = 100, 20, 3\nworkgroup = 8,4,2\nvgprs = 40\nlds = 2048\n\n"
                    "[buffer a]\ntype = f32\ncount = 10\ninit = value(1.5)\n"
                    "[buffer b]\ntype = u16\ncount = 0x10\n"
                    "[args]\np = @a\nq = @b\nn = u32:7\nf = f32:-2.0\nbare = 3\nscratch = lds:256\n");
    ck_assert_msg(fx->nerr == 0, "%s", fx->errs);
    wl_workload_t *wl = &fx->wl;
    char want[256];
    snprintf(want, sizeof want, "%s/sub/k.s", fx->dir);
    ck_assert_str_eq(wl->source, want);
    ck_assert_str_eq(wl->dispatches[0].kernel, "my_kernel");
    ck_assert_uint_eq(wl->dispatches[0].grid[0], 100);
    ck_assert_uint_eq(wl->dispatches[0].grid[1], 20);
    ck_assert_uint_eq(wl->dispatches[0].grid[2], 3);
    ck_assert_uint_eq(wl->dispatches[0].grid_dims, 3);
    ck_assert_uint_eq(wl->dispatches[0].wg[0], 8);
    ck_assert_uint_eq(wl->dispatches[0].wg[1], 4);
    ck_assert_uint_eq(wl->dispatches[0].wg[2], 2);
    ck_assert(wl->dispatches[0].has_vgprs && wl->dispatches[0].vgprs == 40);
    ck_assert(wl->dispatches[0].has_lds && wl->dispatches[0].lds == 2048);
    ck_assert_uint_eq(wl->nbuffers, 2);
    ck_assert_str_eq(wl->buffers[0].name, "a");
    ck_assert_int_eq(wl->buffers[0].type, WL_F32);
    ck_assert_uint_eq(wl->buffers[0].count, 10);
    ck_assert_int_eq(wl->buffers[0].init, WL_INIT_VALUE);
    ck_assert_uint_eq(wl->buffers[0].line, 11);
    ck_assert_int_eq(wl->buffers[1].type, WL_U16);
    ck_assert_uint_eq(wl->buffers[1].count, 16);
    ck_assert_int_eq(wl->buffers[1].init, WL_INIT_ZERO);
    ck_assert_uint_eq(wl->dispatches[0].nargs, 6);
    ck_assert_int_eq(wl->dispatches[0].args[0].kind, WL_ARG_BUFFER);
    ck_assert_int_eq(wl->dispatches[0].args[0].buffer, 0);
    ck_assert_int_eq(wl->dispatches[0].args[1].buffer, 1);
    ck_assert_int_eq(wl->dispatches[0].args[2].kind, WL_ARG_SCALAR);
    ck_assert(wl->dispatches[0].args[2].typed && wl->dispatches[0].args[2].type == WL_U32 && wl->dispatches[0].args[2].bits == 7);
    ck_assert_uint_eq(wl->dispatches[0].args[3].bits, 0xc0000000u); /* -2.0f */
    ck_assert(!wl->dispatches[0].args[4].typed);
    ck_assert_str_eq(wl->dispatches[0].args[4].text, "3");
    ck_assert_int_eq(wl->dispatches[0].args[5].kind, WL_ARG_LDS);
    ck_assert_uint_eq(wl->dispatches[0].args[5].lds_bytes, 256);
    ck_assert_uint_eq(wl->dispatches[0].args[5].line, 24);
    done(fx);
}
END_TEST

START_TEST(one_dimension_defaults)
{
    fx_t *fx = load(KERNEL_OK);
    ck_assert_msg(fx->nerr == 0, "%s", fx->errs);
    ck_assert_uint_eq(fx->wl.dispatches[0].grid_dims, 1);
    ck_assert_uint_eq(fx->wl.dispatches[0].grid[1], 1);
    ck_assert_uint_eq(fx->wl.dispatches[0].grid[2], 1);
    ck_assert_uint_eq(fx->wl.dispatches[0].wg[0], 64);
    ck_assert(!fx->wl.dispatches[0].has_vgprs && !fx->wl.dispatches[0].has_lds);
    ck_assert_ptr_null(fx->wl.dispatches[0].kernel);
    done(fx);
}
END_TEST

static uint8_t *fill(const wl_buffer_t *b)
{
    uint8_t *d = malloc((size_t)(b->count * wl_type_size(b->type)));
    char msg[200];
    ck_assert_msg(wl_buffer_fill(b, d, msg, sizeof msg), "%s", msg);
    return d;
}

START_TEST(init_kinds)
{
    fx_t *fx = load(KERNEL_OK
                    "[buffer z]\ntype = i32\ncount = 4\ninit = zero\n"
                    "[buffer v]\ntype = i16\ncount = 3\ninit = value(-2)\n"
                    "[buffer i]\ntype = u8\ncount = 5\ninit = iota(254, 1)\n"
                    "[buffer f]\ntype = f64\ncount = 4\ninit = iota(1.0, -0.25)\n"
                    "[buffer r]\ntype = u64\ncount = 3\ninit = random(0, 0, 18446744073709551615)\n"
                    "[buffer rr]\ntype = i32\ncount = 1000\ninit = random(42, -5, 5)\n"
                    "[buffer rf]\ntype = f32\ncount = 1000\ninit = random(9, 2.0, 3.0)\n"
                    "[buffer rd]\ntype = f32\ncount = 1000\ninit = random(9)\n");
    ck_assert_msg(fx->nerr == 0, "%s", fx->errs);
    const wl_buffer_t *b = fx->wl.buffers;
    uint8_t *d = fill(&b[0]);
    for (int k = 0; k < 16; k++)
        ck_assert_int_eq(d[k], 0);
    free(d);
    d = fill(&b[1]);
    for (int k = 0; k < 3; k++) {
        int16_t x;
        memcpy(&x, d + 2 * k, 2);
        ck_assert_int_eq(x, -2);
    }
    free(d);
    d = fill(&b[2]); /* u8 iota wraps: 254 255 0 1 2 */
    ck_assert_int_eq(d[0], 254);
    ck_assert_int_eq(d[1], 255);
    ck_assert_int_eq(d[2], 0);
    ck_assert_int_eq(d[4], 2);
    free(d);
    d = fill(&b[3]);
    double x;
    memcpy(&x, d + 3 * 8, 8);
    ck_assert(x == 0.25);
    free(d);
    /* splitmix64 from seed 0: the published first outputs of the reference generator. */
    d = fill(&b[4]);
    uint64_t r0, r1;
    memcpy(&r0, d, 8);
    memcpy(&r1, d + 8, 8);
    ck_assert_uint_eq(r0, 0xe220a8397b1dcdafull);
    ck_assert_uint_eq(r1, 0x6e789e6aa1b965f4ull);
    free(d);
    d = fill(&b[5]);
    int seen_lo = 0, seen_hi = 0;
    for (int k = 0; k < 1000; k++) {
        int32_t v;
        memcpy(&v, d + 4 * k, 4);
        ck_assert(v >= -5 && v <= 5);
        seen_lo |= v == -5;
        seen_hi |= v == 5;
    }
    ck_assert(seen_lo && seen_hi); /* both ends are inclusive */
    free(d);
    d = fill(&b[6]);
    for (int k = 0; k < 1000; k++) {
        float v;
        memcpy(&v, d + 4 * k, 4);
        ck_assert(v >= 2.0f && v < 3.0f);
    }
    free(d);
    d = fill(&b[7]); /* default float range [0, 1); same seed gives the same sequence */
    uint8_t *d2 = fill(&b[7]);
    ck_assert_int_eq(memcmp(d, d2, 4000), 0);
    for (int k = 0; k < 1000; k++) {
        float v;
        memcpy(&v, d + 4 * k, 4);
        ck_assert(v >= 0.0f && v < 1.0f);
    }
    free(d);
    free(d2);
    done(fx);
}
END_TEST

START_TEST(init_file)
{
    char dir[] = "/tmp/gcnsim-wlf-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char p[128];
    snprintf(p, sizeof p, "%s/data.bin", dir);
    FILE *f = fopen(p, "wb");
    uint32_t vals[3] = { 7, 8, 0xdeadbeef };
    fwrite(vals, 4, 3, f);
    fclose(f);
    fx_t *fx = load(KERNEL_OK "[buffer a]\ntype = u32\ncount = 3\ninit = file(data.bin)\n");
    ck_assert_msg(fx->nerr == 0, "%s", fx->errs);
    /* Relative to the workload file: point the buffer at our data instead. */
    wl_buffer_t b = fx->wl.buffers[0];
    ck_assert_int_eq(b.init, WL_INIT_FILE);
    char want[256];
    snprintf(want, sizeof want, "%s/data.bin", fx->dir);
    ck_assert_str_eq(b.file, want);
    b.file = p;
    uint8_t *d = fill(&b);
    ck_assert_int_eq(memcmp(d, vals, 12), 0);
    free(d);
    char msg[300];
    uint8_t big[16];
    b.count = 4; /* the file is too short now */
    ck_assert(!wl_buffer_fill(&b, big, msg, sizeof msg));
    ck_assert_ptr_nonnull(strstr(msg, "expected exactly 16"));
    b.count = 2; /* too long */
    ck_assert(!wl_buffer_fill(&b, big, msg, sizeof msg));
    ck_assert_ptr_nonnull(strstr(msg, "has 12 bytes, expected exactly 8"));
    char missing[160];
    snprintf(missing, sizeof missing, "%s/missing.bin", dir);
    b.file = missing;
    ck_assert(!wl_buffer_fill(&b, big, msg, sizeof msg));
    ck_assert_ptr_nonnull(strstr(msg, "cannot open"));
    done(fx);
    unlink(p);
    rmdir(dir);
}
END_TEST

START_TEST(scalars)
{
    uint64_t bits;
    char msg[200];
    ck_assert(wl_parse_scalar(WL_F32, "2.0", &bits, msg, sizeof msg) && bits == 0x40000000u);
    ck_assert(wl_parse_scalar(WL_I8, "-128", &bits, msg, sizeof msg) && bits == 0x80);
    ck_assert(!wl_parse_scalar(WL_I8, "128", &bits, msg, sizeof msg));
    ck_assert_ptr_nonnull(strstr(msg, "out of range for i8"));
    ck_assert(!wl_parse_scalar(WL_U32, "-1", &bits, msg, sizeof msg));
    ck_assert(wl_parse_scalar(WL_U32, "0xffffffff", &bits, msg, sizeof msg) && bits == 0xffffffffu);
    ck_assert(!wl_parse_scalar(WL_U32, "0x100000000", &bits, msg, sizeof msg));
    ck_assert(wl_parse_scalar(WL_I64, "-1", &bits, msg, sizeof msg) && bits == UINT64_MAX);
    ck_assert(wl_parse_scalar(WL_U64, "18446744073709551615", &bits, msg, sizeof msg) && bits == UINT64_MAX);
    ck_assert(!wl_parse_scalar(WL_U32, "1.5", &bits, msg, sizeof msg));
    ck_assert_ptr_nonnull(strstr(msg, "not an integer"));
    ck_assert(!wl_parse_scalar(WL_F32, "abc", &bits, msg, sizeof msg));
    ck_assert(!wl_parse_scalar(WL_F32, "1e39", &bits, msg, sizeof msg));
    double d = 0.1;
    ck_assert(wl_parse_scalar(WL_F64, "0.1", &bits, msg, sizeof msg) && memcmp(&bits, &d, 8) == 0);
    ck_assert_uint_eq(txt_edit_distance("grdi", "grid"), 1); /* a transposition counts once */
    ck_assert_uint_eq(txt_edit_distance("u23", "u16"), 2);
    ck_assert_uint_eq(txt_edit_distance("kernel", "kernel"), 0);
    ck_assert_uint_eq(txt_edit_distance("", "abc"), 3);
}
END_TEST

START_TEST(set_overrides)
{
    const char *sets[] = { "kernel.grid=1024", "buffer.x.count=16", "args.n=u32:16", "buffer.y.type=u8",
                           "buffer.y.count=2", "kernel.vgprs= 12 " };
    fx_t *fx = load_sets(KERNEL_OK "[buffer x]\ntype = f32\ncount = 4\n[args]\nx = @x\nn = u32:4\n", sets, 6);
    ck_assert_msg(fx->nerr == 0, "%s", fx->errs);
    ck_assert_uint_eq(fx->wl.dispatches[0].grid[0], 1024);
    ck_assert_uint_eq(fx->wl.buffers[0].count, 16);
    ck_assert_uint_eq(fx->wl.nbuffers, 2);
    ck_assert_str_eq(fx->wl.buffers[1].name, "y");
    ck_assert_uint_eq(fx->wl.dispatches[0].args[1].bits, 16);
    ck_assert_uint_eq(fx->wl.dispatches[0].vgprs, 12);
    done(fx);
    const char *bad[] = { "kernel.grid" };
    fx = load_sets(KERNEL_OK, bad, 1);
    ck_assert_int_eq(fx->nerr, 1);
    ck_assert_ptr_nonnull(strstr(fx->errs, "--set 'kernel.grid': error: expected section.key=value"));
    done(fx);
    const char *bad2[] = { "kernel.grdi=5" };
    fx = load_sets(KERNEL_OK, bad2, 1);
    ck_assert_ptr_nonnull(strstr(fx->errs, "--set 'kernel.grdi=5': error: unknown key 'grdi' in [kernel]; did you mean 'grid'?"));
    done(fx);
    const char *bad3[] = { "kernel.grid=0" };
    fx = load_sets(KERNEL_OK, bad3, 1);
    ck_assert_ptr_nonnull(strstr(fx->errs, "--set 'kernel.grid=0': error: grid = '0': dimension x is 0"));
    done(fx);
}
END_TEST

static void check_err(const char *text, int line, const char *what)
{
    fx_t *fx = load(text);
    expect_error(fx, line, what);
    done(fx);
}

START_TEST(errors_kernel)
{
    check_err("[kernel]\nsource = k.s\ngrdi = 4\nworkgroup = 4\n", 3, "unknown key 'grdi' in [kernel]; did you mean 'grid'?");
    check_err("[kernel]\nsource = k.s\nworkgroup = 4\n", 1, "[kernel] has no grid");
    check_err("[kernel]\ngrid = 4\nworkgroup = 4\n", 1, "[kernel] has no source");
    check_err("[kernel]\nsource = k.s\ngrid = 4\n", 1, "[kernel] has no workgroup");
    check_err("[kernal]\nsource = k.s\n", 1, "unknown section [kernal]; did you mean [kernel]?");
    check_err("[buffer x]\ntype = u8\ncount = 1\n", 0, "no [kernel] section");
    check_err("[kernel]\nsource = k.s\ngrid = 2048\nworkgroup = 64,32\n", 4, "workgroup 64x32x1 has 2048 work-items; at most 1024");
    check_err("[kernel]\nsource = k.s\ngrid = 64,0\nworkgroup = 64\n", 3, "grid = '64,0': dimension y is 0");
    check_err("[kernel]\nsource = k.s\ngrid = 32\nworkgroup = 64\n", 4, "grid x dimension (32) is smaller than the workgroup's (64)");
    check_err("[kernel]\nsource = k.s\ngrid = 64\nworkgroup = 8,8\n", 4, "grid y dimension (1) is smaller than the workgroup's (8)");
    check_err("[kernel]\nsource = k.s\ngrid = 64x2\nworkgroup = 64\n", 3, "expected X, X,Y or X,Y,Z");
    check_err("[kernel]\nsource = k.s\ngrid = 1,2,3,4\nworkgroup = 1\n", 3, "expected X, X,Y or X,Y,Z");
    check_err(KERNEL_OK "vgprs = 300\n", 5, "vgprs = '300': expected a number of VGPRs from 1 to 256");
    check_err(KERNEL_OK "lds = 70000\n", 5, "lds = '70000': expected a number of bytes from 0 to 65536");
    check_err(KERNEL_OK "grid = 5\n", 5, "duplicate key 'grid' in [kernel] (first given at line 3)");
    check_err(KERNEL_OK "name = 3abc\n", 5, "name = '3abc' is not a kernel name");
    check_err("x = 1\n" KERNEL_OK, 1, "key 'x' is outside any section");
    check_err(KERNEL_OK "just text\n", 5, "expected 'key = value', '[section]' or a comment");
    check_err(KERNEL_OK "[args\n", 5, "section header '[args' has no closing ']'");
    char longline[400];
    snprintf(longline, sizeof longline, KERNEL_OK "name = %0199d\n", 0);
    check_err(longline, 5, "line too long (206 characters; at most 198)");
    check_err(KERNEL_OK "[frobnicate]\n", 5, "unknown section [frobnicate]; sections are [kernel], [kernel NAME], [args], [args NAME] and [buffer NAME]");
}
END_TEST

START_TEST(errors_buffers)
{
    check_err(KERNEL_OK "[buffer x]\ntype = f23\ncount = 4\n", 6, "unknown buffer type 'f23'; did you mean 'f32'?");
    check_err(KERNEL_OK "[buffer x]\ntype = float\ncount = 4\n", 6, "unknown buffer type 'float'");
    check_err(KERNEL_OK "[buffer x]\ncount = 4\n", 5, "[buffer x] has no type");
    check_err(KERNEL_OK "[buffer x]\ntype = u32\n", 5, "[buffer x] has no count");
    check_err(KERNEL_OK "[buffer x]\ntype = u32\ncount = 0\n", 7, "count = '0': expected a positive number of elements");
    check_err(KERNEL_OK "[buffer x]\ntype = u64\ncount = 100000000000000\n", 7, "does not fit in the 47-bit address space");
    check_err(KERNEL_OK "[buffer x]\ntype = u32\ncount = 4\nsize = 3\n", 8, "unknown key 'size' in [buffer x]");
    check_err(KERNEL_OK "[buffer x]\ntype = u32\ncount = 4\ncout = 3\n", 8, "unknown key 'cout' in [buffer x]; did you mean 'count'?");
    check_err(KERNEL_OK "[buffer x]\ntype = u32\ncount = 4\ninit = iotta(0, 1)\n", 8, "unknown kind 'iotta'; did you mean 'iota'?");
    check_err(KERNEL_OK "[buffer x]\ntype = u32\ncount = 4\ninit = iota(0)\n", 8, "wrong arguments");
    check_err(KERNEL_OK "[buffer x]\ntype = u8\ncount = 4\ninit = value(300)\n", 8, "init value: '300' is out of range for u8");
    check_err(KERNEL_OK "[buffer x]\ntype = u32\ncount = 4\ninit = value(1\n", 8, "missing ')'");
    check_err(KERNEL_OK "[buffer x]\ntype = u32\ncount = 4\ninit = random(1, 9, 2)\n", 8, "LO (9) must be at most HI (2)");
    check_err(KERNEL_OK "[buffer x]\ntype = f32\ncount = 4\ninit = random(1, 2.0, 2.0)\n", 8, "LO (2.0) must be less than HI (2.0)");
    check_err(KERNEL_OK "[buffer x]\ntype = f32\ncount = 4\ninit = random(-1)\n", 8, "init random seed");
    check_err(KERNEL_OK "[buffer]\ntype = u32\ncount = 4\n", 5, "a buffer needs a name");
    check_err(KERNEL_OK "[bufer x]\ntype = u32\n", 5, "unknown section [bufer x]; did you mean [buffer x]?");
}
END_TEST

START_TEST(errors_args)
{
    check_err(KERNEL_OK "[buffer xs]\ntype = u32\ncount = 4\n[args]\np = @xz\n", 9, "argument 'p': no buffer 'xz'; did you mean '@xs'?");
    check_err(KERNEL_OK "[args]\np = @nothing\n", 6, "no buffer 'nothing' (declare it with [buffer nothing])");
    check_err(KERNEL_OK "[args]\nn = u23:4\n", 6, "unknown argument type 'u23'; did you mean 'u32'?");
    check_err(KERNEL_OK "[args]\nn = u32:x\n", 6, "argument 'n': 'x' is not an integer (u32)");
    check_err(KERNEL_OK "[args]\nn = lds:100000\n", 6, "lds:BYTES needs a byte count from 0 to 65536");
    check_err(KERNEL_OK "[args]\nn = 1\nn = 2\n", 7, "duplicate key 'n' in [args] (first given at line 6)");
}
END_TEST

START_TEST(errors_all_reported)
{
    fx_t *fx = load("[kernel]\nsource = k.s\ngrdi = 4\nworkgrop = 4\n[buffer x]\ntype = q\ncount = 1\n");
    ck_assert_int_ge(fx->nerr, 3);
    ck_assert_ptr_nonnull(strstr(fx->errs, ":3: error: unknown key 'grdi'"));
    ck_assert_ptr_nonnull(strstr(fx->errs, ":4: error: unknown key 'workgrop' in [kernel]; did you mean 'workgroup'?"));
    ck_assert_ptr_nonnull(strstr(fx->errs, ":6: error: unknown buffer type 'q'"));
    done(fx);
    wl_workload_t wl;
    char *buf;
    size_t len;
    FILE *err = open_memstream(&buf, &len);
    ck_assert_int_eq(wl_load("/nonexistent/w.ini", NULL, 0, &wl, err), 1);
    fclose(err);
    ck_assert_ptr_nonnull(strstr(buf, "/nonexistent/w.ini: error: cannot open workload file"));
    free(buf);
}
END_TEST

/* ---- several dispatches ------------------------------------------------------------------------ */

/* Dispatch order is [kernel] first, then the [kernel NAME] sections in file order — wherever [kernel]
 * and the [args NAME] sections stand. */
START_TEST(dispatches_parse)
{
    fx_t *fx = load("[kernel b]\n"                        /* 1 */
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
    done(fx);
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
    fx_t *fx = load(text);
    ck_assert_msg(fx->nerr == 0, "%s", fx->errs);
    ck_assert_uint_eq(fx->wl.ndispatches, 5000);
    ck_assert_str_eq(fx->wl.dispatches[4999].label, "d4999");
    ck_assert_uint_eq(fx->wl.dispatches[4999].args[0].bits, 4999);
    done(fx);
    free(text);
}
END_TEST

/* A grid has at most 2^32 - 1 work-items (x * y * z), checked without wrapping in 64 bits. */
START_TEST(grid_limit)
{
    fx_t *fx = load("[kernel]\nsource = k.s\ngrid = 65536,65536\nworkgroup = 64\n");
    expect_error(fx, 3, "grid = '65536,65536' has more than 4294967295 work-items");
    ck_assert_int_eq(fx->nerr, 1);
    done(fx);
    /* Each product of two factors fits in 64 bits, the product of three would not. */
    fx = load("[kernel]\nsource = k.s\ngrid = 4294967295,4294967295,4294967295\nworkgroup = 64\n");
    expect_error(fx, 3, "has more than 4294967295 work-items");
    done(fx);
    fx = load("[kernel]\nsource = k.s\ngrid = 1,2,4294967295\nworkgroup = 1\n");
    expect_error(fx, 3, "has more than 4294967295 work-items");
    done(fx);
    fx = load("[kernel]\nsource = k.s\ngrid = 4294967295\nworkgroup = 64\n");
    ck_assert_msg(fx->nerr == 0, "%s", fx->errs);
    ck_assert_uint_eq(fx->wl.dispatches[0].grid[0], 4294967295u);
    done(fx);
    fx = load("[kernel]\nsource = k.s\ngrid = 65535,65537\nworkgroup = 64\n");
    ck_assert_msg(fx->nerr == 0, "%s", fx->errs);
    done(fx);
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
    fx_t *fx = load_sets(KERNEL_OK, (const char *const *)sets, n);
    ck_assert_int_eq(fx->nerr, 1);
    ck_assert_msg(strstr(fx->errs, "--set 'buffer.b131072.type=u8': error: [buffer b131072]: more than 131072 buffers\n"),
                  "%s", fx->errs);
    done(fx);
    fx = load_sets(KERNEL_OK, (const char *const *)sets, n - 2);
    ck_assert_msg(fx->nerr == 0, "%s", fx->errs);
    ck_assert_uint_eq(fx->wl.nbuffers, WL_MAX_BUFFERS);
    ck_assert_str_eq(fx->wl.buffers[WL_MAX_BUFFERS - 1].name, "b131071");
    done(fx);
    free_sets(sets, n);
}
END_TEST

/* WL_MAX_ARGS arguments per dispatch; one more is one error. */
START_TEST(args_limit)
{
    size_t n;
    char **sets = make_sets(WL_MAX_ARGS + 1, "args.a%d=1", NULL, &n);
    fx_t *fx = load_sets(KERNEL_OK, (const char *const *)sets, n);
    ck_assert_int_eq(fx->nerr, 1);
    ck_assert_msg(strstr(fx->errs, "--set 'args.a131072=1': error: [args]: more than 131072 arguments\n"), "%s", fx->errs);
    done(fx);
    fx = load_sets(KERNEL_OK, (const char *const *)sets, n - 1);
    ck_assert_msg(fx->nerr == 0, "%s", fx->errs);
    ck_assert_uint_eq(fx->wl.dispatches[0].nargs, WL_MAX_ARGS);
    ck_assert_str_eq(fx->wl.dispatches[0].args[WL_MAX_ARGS - 1].name, "a131071");
    done(fx);
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
    fx_t *fx = load_sets(KERNEL_OK "[args]\nm = u32:1\n" SECOND "[args second]\nn = u32:1\n", sets, 9);
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
    done(fx);

    /* A dispatch made by --set is checked like one from the file; errors name the --set. */
    const char *half[] = { "kernel.extra.grid=64" };
    fx = load_sets(KERNEL_OK, half, 1);
    ck_assert_int_eq(fx->nerr, 1);
    ck_assert_ptr_nonnull(strstr(fx->errs, "--set 'kernel.extra.grid=64': error: [kernel extra] has no workgroup"));
    done(fx);
    const char *first_after[] = { "kernel.after=none" };
    fx = load_sets(KERNEL_OK SECOND, first_after, 1);
    ck_assert_int_eq(fx->nerr, 1);
    ck_assert_ptr_nonnull(strstr(fx->errs, "--set 'kernel.after=none': error: after: [kernel] is the first dispatch"));
    done(fx);
    const char *bad_after[] = { "kernel.second.after=never" };
    fx = load_sets(KERNEL_OK SECOND, bad_after, 1);
    ck_assert_int_eq(fx->nerr, 1);
    ck_assert_ptr_nonnull(strstr(fx->errs, "--set 'kernel.second.after=never': error: after = 'never': expected previous"));
    done(fx);
    const char *orphan[] = { "args.secnd.n=u32:1" };
    fx = load_sets(KERNEL_OK SECOND, orphan, 1);
    ck_assert_int_eq(fx->nerr, 1);
    ck_assert_ptr_nonnull(strstr(fx->errs, "--set 'args.secnd.n=u32:1': error: [args secnd] belongs to no dispatch; "
                                           "did you mean [args second]?"));
    done(fx);
    const char *bad_name[] = { "kernel.9lives.grid=64" };
    fx = load_sets(KERNEL_OK, bad_name, 1);
    ck_assert_int_eq(fx->nerr, 1);
    ck_assert_ptr_nonnull(strstr(fx->errs, "--set 'kernel.9lives.grid=64': error: [kernel 9lives]: a dispatch's NAME is"));
    done(fx);
    const char *src[] = { "kernel.second.source=k.s" };
    fx = load_sets(KERNEL_OK SECOND, src, 1);
    ck_assert_int_eq(fx->nerr, 1);
    ck_assert_ptr_nonnull(strstr(fx->errs, "--set 'kernel.second.source=k.s': error: source is given once, in [kernel]"));
    done(fx);
}
END_TEST

START_TEST(errors_dispatches)
{
    check_err(KERNEL_OK SECOND "source = k.s\n", 8,
              "source is given once, in [kernel]: every dispatch runs a kernel of that file (choose it with name = ...)");
    check_err(KERNEL_OK "after = none\n" SECOND, 5,
              "after: [kernel] is the first dispatch and has nothing to wait for (after belongs in [kernel NAME])");
    check_err(KERNEL_OK SECOND "after = later\n", 8,
              "after = 'later': expected previous (wait until every earlier dispatch has completed) or none");
    check_err(KERNEL_OK SECOND "after = Previous\n", 8, "after = 'Previous': expected previous");
    check_err(KERNEL_OK "[args x]\nn = u32:1\n", 5, "[args x] belongs to no dispatch: there is no [kernel x]");
    check_err(KERNEL_OK SECOND "[args secnod]\nn = u32:1\n", 8, "[args secnod] belongs to no dispatch; did you mean [args second]?");
    /* Far from every label: no suggestion. */
    check_err(KERNEL_OK SECOND "[args zzzzzz]\nn = u32:1\n", 8, "[args zzzzzz] belongs to no dispatch: there is no [kernel zzzzzz]");
    check_err(KERNEL_OK "[kernel 3x]\ngrid = 64\nworkgroup = 64\n", 5,
              "[kernel 3x]: a dispatch's NAME is letters, digits and '_', as in [kernel second]");
    check_err(KERNEL_OK "[kernel a-b]\ngrid = 64\nworkgroup = 64\n", 5, "[kernel a-b]: a dispatch's NAME is");
    check_err(KERNEL_OK "[kernel b]\nworkgroup = 64\n", 5, "[kernel b] has no grid (work-items: X, X,Y or X,Y,Z)");
    check_err(KERNEL_OK "[kernel b]\ngrid = 64\n", 5, "[kernel b] has no workgroup (work-items: X, X,Y or X,Y,Z)");
    check_err(KERNEL_OK "[kernel b]\ngrid = 32\nworkgroup = 64\n", 7, "grid x dimension (32) is smaller than the workgroup's (64)");
    check_err(KERNEL_OK "[kernel b]\ngrid = 2048\nworkgroup = 64,32\n", 7, "workgroup 64x32x1 has 2048 work-items; at most 1024");
    check_err(KERNEL_OK SECOND "grdi = 4\n", 8, "unknown key 'grdi' in [kernel second]; did you mean 'grid'?");
    check_err(KERNEL_OK SECOND "[args second]\nn = u32:1\nn = u32:2\n", 10, "duplicate key 'n' in [args second] (first given at line 9)");
    check_err(KERNEL_OK "[kernal b]\n", 5, "unknown section [kernal b]; did you mean [kernel b]?");

    /* Only [kernel NAME] sections: the missing [kernel] is reported, and so is every unknown section. */
    fx_t *fx = load("[kernel b]\ngrid = 64\nworkgroup = 64\n[frobnicate]\n[argz]\n");
    ck_assert_int_eq(fx->nerr, 3);
    ck_assert_msg(strstr(fx->errs, ":4: error: unknown section [frobnicate]; sections are [kernel], [kernel NAME]"), "%s", fx->errs);
    ck_assert_msg(strstr(fx->errs, ":5: error: unknown section [argz]; did you mean [args]?"), "%s", fx->errs);
    ck_assert_msg(strstr(fx->errs, "w.ini: error: no [kernel] section (it needs source, grid and workgroup)"), "%s", fx->errs);
    done(fx);
    /* Every dispatch's errors are reported in one pass. */
    fx = load(KERNEL_OK "[kernel b]\ngrid = 64\n[kernel c]\nworkgroup = 64\nafter = soon\n");
    ck_assert_int_eq(fx->nerr, 3);
    ck_assert_msg(strstr(fx->errs, ":5: error: [kernel b] has no workgroup"), "%s", fx->errs);
    ck_assert_msg(strstr(fx->errs, ":7: error: [kernel c] has no grid"), "%s", fx->errs);
    ck_assert_msg(strstr(fx->errs, ":9: error: after = 'soon'"), "%s", fx->errs);
    done(fx);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("workload");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, every_key);
    tcase_add_test(tc, one_dimension_defaults);
    tcase_add_test(tc, init_kinds);
    tcase_add_test(tc, init_file);
    tcase_add_test(tc, scalars);
    tcase_add_test(tc, set_overrides);
    tcase_add_test(tc, errors_kernel);
    tcase_add_test(tc, errors_buffers);
    tcase_add_test(tc, errors_args);
    tcase_add_test(tc, errors_all_reported);
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
