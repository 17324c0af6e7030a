/* wl: the workload loader — every key, every init kind, every error message with file:line. Several
 * dispatches and the loader's limits are test_workload_dispatches.c's. */
#include "unit.h"

#include <math.h>
#include <unistd.h>

#include "base/text.h"
#include "load/workload.h"
#include "wl_harness.h"

START_TEST(every_key)
{
    fx_t *fx = fx_load("; a comment\n# another\n[kernel]\nsource = sub/k.s\nname = my_kernel\n"
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
    fx_done(fx);
}
END_TEST

START_TEST(one_dimension_defaults)
{
    fx_t *fx = fx_load(KERNEL_OK);
    ck_assert_msg(fx->nerr == 0, "%s", fx->errs);
    ck_assert_uint_eq(fx->wl.dispatches[0].grid_dims, 1);
    ck_assert_uint_eq(fx->wl.dispatches[0].grid[1], 1);
    ck_assert_uint_eq(fx->wl.dispatches[0].grid[2], 1);
    ck_assert_uint_eq(fx->wl.dispatches[0].wg[0], 64);
    ck_assert(!fx->wl.dispatches[0].has_vgprs && !fx->wl.dispatches[0].has_lds);
    ck_assert_ptr_null(fx->wl.dispatches[0].kernel);
    fx_done(fx);
}
END_TEST

/* [machine] preset = NAME: a built-in machine's name, kept for the command to apply. */
START_TEST(machine_preset)
{
    fx_t *fx = fx_load(KERNEL_OK);
    ck_assert_str_eq(fx->wl.machine, "");
    fx_done(fx);
    fx = fx_load("[machine]\npreset = vega10\n" KERNEL_OK);
    ck_assert_msg(fx->nerr == 0, "%s", fx->errs);
    ck_assert_str_eq(fx->wl.machine, "vega10");
    ck_assert_uint_eq(fx->wl.machine_line, 2);
    fx_done(fx);
    fx_check_err(KERNEL_OK "[machine]\npreset = vega\n", 6,
                 "preset = 'vega': unknown machine (machines: fiji, fiji-64, polaris, vega10, vega20, mi100, mi210, mi250x-gcd, mi300x; "
                 "'gcnsim config --list-machines')");
    fx_check_err(KERNEL_OK "[machine]\npreset = polaris\nclock = 5\n", 7, "unknown key 'clock' in [machine]");
    fx_check_err(KERNEL_OK "[machin]\n", 5, "unknown section [machin]; did you mean [machine]?");
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
    fx_t *fx = fx_load(KERNEL_OK
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
    fx_done(fx);
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
    fx_t *fx = fx_load(KERNEL_OK "[buffer a]\ntype = u32\ncount = 3\ninit = file(data.bin)\n");
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
    fx_done(fx);
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
    fx_t *fx = fx_load_sets(KERNEL_OK "[buffer x]\ntype = f32\ncount = 4\n[args]\nx = @x\nn = u32:4\n", sets, 6);
    ck_assert_msg(fx->nerr == 0, "%s", fx->errs);
    ck_assert_uint_eq(fx->wl.dispatches[0].grid[0], 1024);
    ck_assert_uint_eq(fx->wl.buffers[0].count, 16);
    ck_assert_uint_eq(fx->wl.nbuffers, 2);
    ck_assert_str_eq(fx->wl.buffers[1].name, "y");
    ck_assert_uint_eq(fx->wl.dispatches[0].args[1].bits, 16);
    ck_assert_uint_eq(fx->wl.dispatches[0].vgprs, 12);
    fx_done(fx);
    const char *bad[] = { "kernel.grid" };
    fx = fx_load_sets(KERNEL_OK, bad, 1);
    ck_assert_int_eq(fx->nerr, 1);
    ck_assert_ptr_nonnull(strstr(fx->errs, "--set 'kernel.grid': error: expected section.key=value"));
    fx_done(fx);
    const char *bad2[] = { "kernel.grdi=5" };
    fx = fx_load_sets(KERNEL_OK, bad2, 1);
    ck_assert_ptr_nonnull(strstr(fx->errs, "--set 'kernel.grdi=5': error: unknown key 'grdi' in [kernel]; did you mean 'grid'?"));
    fx_done(fx);
    const char *bad3[] = { "kernel.grid=0" };
    fx = fx_load_sets(KERNEL_OK, bad3, 1);
    ck_assert_ptr_nonnull(strstr(fx->errs, "--set 'kernel.grid=0': error: grid = '0': dimension x is 0"));
    fx_done(fx);
}
END_TEST

/* kernel.target: parsed in [kernel] only, and checked against the machine's target where it was
 * given (file:line:col, or the --set). */
START_TEST(kernel_target)
{
    fx_t *fx = fx_load(KERNEL_OK "target = gfx906\n");
    ck_assert_msg(fx->nerr == 0, "%s", fx->errs);
    ck_assert(fx->wl.has_target);
    ck_assert_int_eq(fx->wl.target, ISA_TARGET_GFX906);
    char buf[1024] = "";
    FILE *m = fmemopen(buf, sizeof buf, "w");
    ck_assert(wl_check_target(&fx->wl, ISA_TARGET_GFX906, m));
    ck_assert(!wl_check_target(&fx->wl, ISA_TARGET_GFX803, m));
    fclose(m);
    char want[512];
    snprintf(want, sizeof want, "%s:5:10: error: kernel.target is gfx906, but the machine runs gfx803 (gpu.target); "
             "run it on a gfx906 machine: --set gpu.target=gfx906", fx->wl.path);
    ck_assert_msg(strncmp(buf, want, strlen(want)) == 0, "got '%s'", buf);
    fx_done(fx);

    fx = fx_load(KERNEL_OK); /* no target: any machine */
    ck_assert(!fx->wl.has_target);
    ck_assert(wl_check_target(&fx->wl, ISA_TARGET_GFX900, stderr));
    fx_done(fx);

    const char *sets[] = { "kernel.target=gfx900" };
    fx = fx_load_sets(KERNEL_OK "target = gfx803\n", sets, 1);
    ck_assert_msg(fx->nerr == 0, "%s", fx->errs);
    ck_assert_int_eq(fx->wl.target, ISA_TARGET_GFX900);
    m = fmemopen(buf, sizeof buf, "w");
    ck_assert(!wl_check_target(&fx->wl, ISA_TARGET_GFX803, m));
    fclose(m);
    ck_assert_msg(strstr(buf, "--set 'kernel.target=gfx900': error: kernel.target is gfx900, but the machine runs gfx803")
                  == buf, "got '%s'", buf);
    fx_done(fx);

    fx = fx_load(KERNEL_OK "target = gfx9\n");
    ck_assert_int_eq(fx->nerr, 1);
    ck_assert_msg(strstr(fx->errs, "w.ini:5:10: error: target = 'gfx9': expected gfx803, gfx900 or gfx906"), "%s", fx->errs);
    fx_done(fx);
    fx = fx_load(KERNEL_OK "target =   GFX900\n");
    ck_assert_int_eq(fx->nerr, 1);
    ck_assert_msg(strstr(fx->errs, "w.ini:5:12: error: target = 'GFX900': expected"), "%s", fx->errs);
    fx_done(fx);
    fx_check_err(KERNEL_OK "[kernel b]\ngrid = 64\nworkgroup = 64\ntarget = gfx803\n", 8,
                 "target is given once, in [kernel]");
}
END_TEST

START_TEST(errors_kernel)
{
    fx_check_err("[kernel]\nsource = k.s\ngrdi = 4\nworkgroup = 4\n", 3, "unknown key 'grdi' in [kernel]; did you mean 'grid'?");
    fx_check_err("[kernel]\nsource = k.s\nworkgroup = 4\n", 1, "[kernel] has no grid");
    fx_check_err("[kernel]\ngrid = 4\nworkgroup = 4\n", 1, "[kernel] has no source");
    fx_check_err("[kernel]\nsource = k.s\ngrid = 4\n", 1, "[kernel] has no workgroup");
    fx_check_err("[kernal]\nsource = k.s\n", 1, "unknown section [kernal]; did you mean [kernel]?");
    fx_check_err("[buffer x]\ntype = u8\ncount = 1\n", 0, "no [kernel] section");
    fx_check_err("[kernel]\nsource = k.s\ngrid = 2048\nworkgroup = 64,32\n", 4, "workgroup 64x32x1 has 2048 work-items; at most 1024");
    fx_check_err("[kernel]\nsource = k.s\ngrid = 64,0\nworkgroup = 64\n", 3, "grid = '64,0': dimension y is 0");
    fx_check_err("[kernel]\nsource = k.s\ngrid = 32\nworkgroup = 64\n", 4, "grid x dimension (32) is smaller than the workgroup's (64)");
    fx_check_err("[kernel]\nsource = k.s\ngrid = 64\nworkgroup = 8,8\n", 4, "grid y dimension (1) is smaller than the workgroup's (8)");
    fx_check_err("[kernel]\nsource = k.s\ngrid = 64x2\nworkgroup = 64\n", 3, "expected X, X,Y or X,Y,Z");
    fx_check_err("[kernel]\nsource = k.s\ngrid = 1,2,3,4\nworkgroup = 1\n", 3, "expected X, X,Y or X,Y,Z");
    fx_check_err(KERNEL_OK "vgprs = 300\n", 5, "vgprs = '300': expected a number of VGPRs from 1 to 256");
    fx_check_err(KERNEL_OK "lds = 70000\n", 5, "lds = '70000': expected a number of bytes from 0 to 65536");
    fx_check_err(KERNEL_OK "grid = 5\n", 5, "duplicate key 'grid' in [kernel] (first given at line 3)");
    fx_check_err(KERNEL_OK "name = 3abc\n", 5, "name = '3abc' is not a kernel name");
    fx_check_err("x = 1\n" KERNEL_OK, 1, "key 'x' is outside any section");
    fx_check_err(KERNEL_OK "just text\n", 5, "expected 'key = value', '[section]' or a comment");
    fx_check_err(KERNEL_OK "[args\n", 5, "section header '[args' has no closing ']'");
    char longline[400];
    snprintf(longline, sizeof longline, KERNEL_OK "name = %0199d\n", 0);
    fx_check_err(longline, 5, "line too long (206 characters; at most 198)");
    fx_check_err(KERNEL_OK "[frobnicate]\n", 5, "unknown section [frobnicate]; sections are [kernel], [kernel NAME], [args], [args NAME], [buffer NAME] and [machine]");
}
END_TEST

START_TEST(errors_buffers)
{
    fx_check_err(KERNEL_OK "[buffer x]\ntype = f23\ncount = 4\n", 6, "unknown buffer type 'f23'; did you mean 'f32'?");
    fx_check_err(KERNEL_OK "[buffer x]\ntype = float\ncount = 4\n", 6, "unknown buffer type 'float'");
    fx_check_err(KERNEL_OK "[buffer x]\ncount = 4\n", 5, "[buffer x] has no type");
    fx_check_err(KERNEL_OK "[buffer x]\ntype = u32\n", 5, "[buffer x] has no count");
    fx_check_err(KERNEL_OK "[buffer x]\ntype = u32\ncount = 0\n", 7, "count = '0': expected a positive number of elements");
    fx_check_err(KERNEL_OK "[buffer x]\ntype = u64\ncount = 100000000000000\n", 7, "does not fit in the 47-bit address space");
    fx_check_err(KERNEL_OK "[buffer x]\ntype = u32\ncount = 4\nsize = 3\n", 8, "unknown key 'size' in [buffer x]");
    fx_check_err(KERNEL_OK "[buffer x]\ntype = u32\ncount = 4\ncout = 3\n", 8, "unknown key 'cout' in [buffer x]; did you mean 'count'?");
    fx_check_err(KERNEL_OK "[buffer x]\ntype = u32\ncount = 4\ninit = iotta(0, 1)\n", 8, "unknown kind 'iotta'; did you mean 'iota'?");
    fx_check_err(KERNEL_OK "[buffer x]\ntype = u32\ncount = 4\ninit = iota(0)\n", 8, "wrong arguments");
    fx_check_err(KERNEL_OK "[buffer x]\ntype = u8\ncount = 4\ninit = value(300)\n", 8, "init value: '300' is out of range for u8");
    fx_check_err(KERNEL_OK "[buffer x]\ntype = u32\ncount = 4\ninit = value(1\n", 8, "missing ')'");
    fx_check_err(KERNEL_OK "[buffer x]\ntype = u32\ncount = 4\ninit = random(1, 9, 2)\n", 8, "LO (9) must be at most HI (2)");
    fx_check_err(KERNEL_OK "[buffer x]\ntype = f32\ncount = 4\ninit = random(1, 2.0, 2.0)\n", 8, "LO (2.0) must be less than HI (2.0)");
    fx_check_err(KERNEL_OK "[buffer x]\ntype = f32\ncount = 4\ninit = random(-1)\n", 8, "init random seed");
    fx_check_err(KERNEL_OK "[buffer]\ntype = u32\ncount = 4\n", 5, "a buffer needs a name");
    fx_check_err(KERNEL_OK "[bufer x]\ntype = u32\n", 5, "unknown section [bufer x]; did you mean [buffer x]?");
}
END_TEST

START_TEST(errors_args)
{
    fx_check_err(KERNEL_OK "[buffer xs]\ntype = u32\ncount = 4\n[args]\np = @xz\n", 9, "argument 'p': no buffer 'xz'; did you mean '@xs'?");
    fx_check_err(KERNEL_OK "[args]\np = @nothing\n", 6, "no buffer 'nothing' (declare it with [buffer nothing])");
    fx_check_err(KERNEL_OK "[args]\nn = u23:4\n", 6, "unknown argument type 'u23'; did you mean 'u32'?");
    fx_check_err(KERNEL_OK "[args]\nn = u32:x\n", 6, "argument 'n': 'x' is not an integer (u32)");
    fx_check_err(KERNEL_OK "[args]\nn = lds:100000\n", 6, "lds:BYTES needs a byte count from 0 to 65536");
    fx_check_err(KERNEL_OK "[args]\nn = 1\nn = 2\n", 7, "duplicate key 'n' in [args] (first given at line 6)");
}
END_TEST

START_TEST(errors_all_reported)
{
    fx_t *fx = fx_load("[kernel]\nsource = k.s\ngrdi = 4\nworkgrop = 4\n[buffer x]\ntype = q\ncount = 1\n");
    ck_assert_int_ge(fx->nerr, 3);
    ck_assert_ptr_nonnull(strstr(fx->errs, ":3: error: unknown key 'grdi'"));
    ck_assert_ptr_nonnull(strstr(fx->errs, ":4: error: unknown key 'workgrop' in [kernel]; did you mean 'workgroup'?"));
    ck_assert_ptr_nonnull(strstr(fx->errs, ":6: error: unknown buffer type 'q'"));
    fx_done(fx);
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
    tcase_add_test(tc, kernel_target);
    tcase_add_test(tc, errors_buffers);
    tcase_add_test(tc, machine_preset);
    tcase_add_test(tc, errors_args);
    tcase_add_test(tc, errors_all_reported);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)
