/* cfg presets: every built-in machine (sim/config/presets.def) loads and passes the cross-key
 * checks, says what its published sources say, equals its sim/configs file key by key; the order
 * defaults < preset < --config FILE < --set; unknown names. */
#include "unit.h"

#include <dirent.h>
#include <stdio.h>
#include <unistd.h>

#include "cli/cli.h"
#include "config/config.h"
#include "machine/occupancy.h"
#include "mem/memsys.h"

static int64_t get_int(const cfg_t *c, const cfg_key_t *k) { int64_t v; memcpy(&v, (const char *)c + k->offset, sizeof v); return v; }
static int get_enum(const cfg_t *c, const cfg_key_t *k) { int v; memcpy(&v, (const char *)c + k->offset, sizeof v); return v; }

/* Every key of a equals b's; names the first that differs. */
static void assert_same(const cfg_t *a, const cfg_t *b, const char *what)
{
    for (unsigned i = 0; i < cfg_nkeys; i++) {
        const cfg_key_t *k = &cfg_keys[i];
        if (k->is_enum)
            ck_assert_msg(get_enum(a, k) == get_enum(b, k), "%s: %s.%s: %d != %d", what, k->section, k->key,
                          get_enum(a, k), get_enum(b, k));
        else
            ck_assert_msg(get_int(a, k) == get_int(b, k), "%s: %s.%s: %lld != %lld", what, k->section, k->key,
                          (long long)get_int(a, k), (long long)get_int(b, k));
    }
}

static const cfg_preset_line_t *must_find(const char *name)
{
    const cfg_preset_line_t *p = cfg_preset_find(name);
    ck_assert_msg(p != NULL, "no preset %s", name);
    return p;
}

static void load_preset(cfg_t *c, const char *name)
{
    cfg_defaults(c);
    ck_assert_int_eq(cfg_apply_preset(c, must_find(name), stderr), 0);
}

/* Each preset applies cleanly and passes the configuration's and the memory system's checks. */
START_TEST(every_preset_loads)
{
    unsigned n = 0;
    for (unsigned i = 0; i < cfg_npreset_lines; i++) {
        const cfg_preset_line_t *p = &cfg_preset_lines[i];
        if (!p->name) {
            ck_assert_ptr_nonnull(p->key);
            ck_assert_ptr_nonnull(p->source);
            ck_assert_msg(cfg_is_key(p->key), "%s: not a key", p->key);
            continue;
        }
        n++;
        cfg_t c;
        load_preset(&c, p->name);
        ck_assert_int_eq(cfg_validate(&c, stderr), 0);
        ck_assert_int_eq(mem_config_problems(&c, stderr), 0);
    }
    ck_assert_uint_eq(n, 9);
    ck_assert_ptr_null(cfg_preset_find("vega"));
    ck_assert_ptr_null(cfg_preset_find(""));
}
END_TEST

/* The figures every preset's row below gives. */
typedef struct {
    const char *name;
    int64_t cus, mhz, l2, cus_per_scalar, f64;
    int target;
} figures_t;

/* Load preset w->name into *c and check the figures every preset has: w's, and the LDS and SGPRs
 * that GCN and CDNA share. */
static void check_figures(cfg_t *c, const figures_t *w)
{
    load_preset(c, w->name);
#define FIGURE(field, want)                                                                                   \
    ck_assert_msg(c->field == (want), "%s: " #field " %lld, want %lld", w->name, (long long)c->field, (long long)(want))
    FIGURE(gpu_compute_units, w->cus);
    FIGURE(gpu_clock_mhz, w->mhz);
    FIGURE(gpu_target, w->target);
    FIGURE(l2_size, w->l2);
    FIGURE(scalar_cus_per_cache, w->cus_per_scalar);
    FIGURE(valu_f64_cycles, w->f64);
    FIGURE(cu_lds_bytes, 65536);
    FIGURE(cu_sgprs, 800);
#undef FIGURE
}

/* The figures, written here from the sources (docs/references.md), not from presets.def. */
START_TEST(presets_say_their_sources)
{
    static const figures_t want[] = {
        { "fiji-64", 64, 1000, 2 << 20, 4, 64, CFG_TARGET_GFX803 },   /* FIJI-SPEC, ROCM-SPECS MI8 */
        { "polaris", 36, 1266, 2 << 20, 4, 64, CFG_TARGET_GFX803 },   /* ROCM-SPECS MI6, RX 480 */
        { "vega10", 64, 1500, 4 << 20, 3, 64, CFG_TARGET_GFX900 },    /* ROCM-SPECS MI25, MI25-SPEC */
        { "vega20", 64, 1800, 4 << 20, 3, 8, CFG_TARGET_GFX906 },     /* ROCM-SPECS MI60, 1/2-rate FP64 */
    };
    /* CDNA: the register file, wave slots and L1 change with gfx90a and CDNA3. */
    static const struct {
        figures_t f;
        int64_t vgprs, granule, slots, l1v, xcds, l2_channels, llc;
    } cdna[] = {
        /* ROCM-SPECS MI100, MI100-SPEC: 1502 MHz, 1/2-rate FP64; ROCM-L2: 32 channels */
        { { "mi100", 120, 1502, 8 << 20, 3, 8, CFG_TARGET_GFX908 }, 256, 4, 10, 16384, 1, 32, 0 },
        /* ROCM-SPECS MI210 / MI250X (110 CUs a GCD), MI200-SPEC: 1700 MHz, full-rate FP64, 512-VGPR file */
        { { "mi210", 104, 1700, 8 << 20, 2, 4, CFG_TARGET_GFX90A }, 512, 8, 8, 16384, 1, 32, 0 },
        { { "mi250x-gcd", 110, 1700, 8 << 20, 2, 4, CFG_TARGET_GFX90A }, 512, 8, 8, 16384, 1, 32, 0 },
        /* ROCM-SPECS MI300X: 304 CUs, 38 and 4 MiB of L2 per XCD, 256 MiB L3; CDNA3-WP: 16 L2 channels */
        { { "mi300x", 304, 2100, 4 << 20, 2, 4, CFG_TARGET_GFX942 }, 512, 8, 8, 32768, 8, 16, 256 << 20 },
    };
    for (size_t i = 0; i < sizeof cdna / sizeof cdna[0]; i++) {
        cfg_t c;
        check_figures(&c, &cdna[i].f);
        ck_assert_int_eq(c.cu_vgprs, cdna[i].vgprs);
        ck_assert_int_eq(c.cu_vgpr_granule, cdna[i].granule);
        ck_assert_int_eq(c.cu_wave_slots, cdna[i].slots);
        ck_assert_int_eq(c.cu_max_waves, 4 * cdna[i].slots);
        ck_assert_int_eq(c.cu_max_workgroups, cdna[i].slots == 10 ? 40 : 32); /* one-wave workgroups */
        ck_assert_int_eq(c.l1v_size, cdna[i].l1v);
        ck_assert_int_eq(c.gpu_xcds, cdna[i].xcds);
        ck_assert_int_eq(c.l2_channels, cdna[i].l2_channels);
        ck_assert_int_eq(c.llc_size, cdna[i].llc);
    }
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        cfg_t c;
        check_figures(&c, &want[i]);
        ck_assert_int_eq(c.cu_vgprs, 256);
        ck_assert_int_eq(c.cu_wave_slots, 10);
    }
    /* DRAM bandwidth in bytes a cycle within 2.5% of the published GB/s (a whole number of bytes a
     * cycle per channel cannot always meet it: MI100's 25.6, MI300X's 19.7); the ideal model's one
     * channel at most the published figure and within 1% of it. */
    static const struct { const char *name; double gbs; } bw[] = {
        { "polaris", 256 }, { "vega10", 484 }, { "vega20", 1024 }, { "mi100", 1228.8 }, { "mi210", 1638.4 },
        { "mi250x-gcd", 1638.4 }, { "mi300x", 5300 },
    };
    for (size_t i = 0; i < sizeof bw / sizeof bw[0]; i++) {
        cfg_t c;
        load_preset(&c, bw[i].name);
        double gbs = (double)(c.dram_bytes_per_cycle * c.dram_channels) * (double)c.gpu_clock_mhz / 1000.0;
        ck_assert_msg(gbs <= 1.025 * bw[i].gbs && gbs >= 0.975 * bw[i].gbs, "%s: %.1f GB/s", bw[i].name, gbs);
        double ideal = (double)c.mem_bytes_per_cycle * (double)c.gpu_clock_mhz / 1000.0;
        ck_assert_msg(ideal <= bw[i].gbs && ideal >= 0.99 * bw[i].gbs, "%s: ideal %.1f GB/s", bw[i].name, ideal);
    }
    /* fiji is the defaults. */
    cfg_t c, d;
    load_preset(&c, "fiji");
    cfg_defaults(&d);
    assert_same(&c, &d, "fiji");
}
END_TEST

/* sim/configs/NAME.ini over the defaults is preset NAME, key by key; every file there is a preset's. */
START_TEST(preset_equals_its_file)
{
    unsigned npresets = 0;
    for (unsigned i = 0; i < cfg_npreset_lines; i++) {
        const cfg_preset_line_t *p = &cfg_preset_lines[i];
        if (!p->name)
            continue;
        npresets++;
        cfg_t a, b;
        load_preset(&a, p->name);
        cfg_defaults(&b);
        char path[256];
        snprintf(path, sizeof path, "sim/configs/%s", p->ini);
        ck_assert_msg(cfg_load_file(&b, path, stderr) == 0, "%s", path);
        assert_same(&a, &b, path);
    }
    DIR *d = opendir("sim/configs");
    ck_assert_ptr_nonnull(d);
    unsigned nfiles = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t n = strlen(e->d_name);
        if (n < 5 || strcmp(e->d_name + n - 4, ".ini") != 0)
            continue;
        nfiles++;
        bool found = false;
        for (unsigned i = 0; i < cfg_npreset_lines; i++)
            found |= cfg_preset_lines[i].name && strcmp(cfg_preset_lines[i].ini, e->d_name) == 0;
        ck_assert_msg(found, "sim/configs/%s is no preset's file", e->d_name);
    }
    closedir(d);
    ck_assert_uint_eq(nfiles, npresets);
}
END_TEST

/* defaults < preset < --config FILE < --set. */
START_TEST(order_of_precedence)
{
    char path[] = "/tmp/gcnsim-presets-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    fputs("[gpu]\nclock_mhz = 1234\n[cu]\nwave_slots = 8\n", f);
    fclose(f);
    const char *sets[] = { "gpu.clock_mhz=999" };
    size_t nwl = 0;
    cfg_t c;
    ck_assert_int_eq(cli_load_config(&c, must_find("vega10"), path, sets, 1, NULL, &nwl, false), 0);
    ck_assert_int_eq(c.gpu_compute_units, 64);        /* the preset over the default 1 */
    ck_assert_int_eq(c.gpu_target, CFG_TARGET_GFX900); /* the preset */
    ck_assert_int_eq(c.l2_size, 4 << 20);             /* the preset */
    ck_assert_int_eq(c.cu_wave_slots, 8);             /* the file over the preset's 10 */
    ck_assert_int_eq(c.gpu_clock_mhz, 999);           /* --set over the file over the preset */
    ck_assert_int_eq(c.cu_simds, 4);                  /* the default: neither sets it */
    /* Without a preset, the same file and --set over the defaults. */
    ck_assert_int_eq(cli_load_config(&c, NULL, path, sets, 1, NULL, &nwl, false), 0);
    ck_assert_int_eq(c.gpu_compute_units, 1);
    ck_assert_int_eq(c.gpu_target, CFG_TARGET_GFX803);
    ck_assert_int_eq(c.gpu_clock_mhz, 999);
    unlink(path);
}
END_TEST

START_TEST(unknown_name)
{
    char *msg = NULL;
    size_t len = 0;
    FILE *err = open_memstream(&msg, &len);
    ck_assert_ptr_null(cli_find_machine("vega", err));
    ck_assert_ptr_null(cli_find_machine("MI25", err));
    ck_assert_ptr_eq(cli_find_machine("polaris", err), cfg_preset_find("polaris"));
    fclose(err);
    ck_assert_str_eq(msg,
                     "gcnsim: --machine 'vega': unknown machine; did you mean 'vega10'? (machines: fiji, fiji-64, polaris, "
                     "vega10, vega20, mi100, mi210, mi250x-gcd, mi300x; 'gcnsim config --list-machines')\n"
                     "gcnsim: --machine 'MI25': unknown machine (machines: fiji, fiji-64, polaris, vega10, vega20, mi100, "
                     "mi210, mi250x-gcd, mi300x; 'gcnsim config --list-machines')\n");
    free(msg);
    char names[16];
    cfg_preset_names(names, sizeof names); /* truncated at a whole name */
    ck_assert_str_eq(names, "fiji, fiji-64");
}
END_TEST

/* gfx803, gfx900 and gfx906 count occupancy alike (docs/occupancy.md, "Per target"): every preset
 * gives the defaults' answer, theoretical and LLVM's, whatever the kernel. */
START_TEST(occupancy_same_on_every_target)
{
    cfg_t fiji;
    cfg_defaults(&fiji);
    static const char *const names[] = { "polaris", "vega10", "vega20" };
    for (size_t n = 0; n < sizeof names / sizeof names[0]; n++) {
        cfg_t c;
        load_preset(&c, names[n]);
        for (uint32_t v = 0; v <= 256; v += 12)
            for (uint32_t sg = 0; sg <= 112; sg += 14)
                for (uint32_t lds = 0; lds <= 65536; lds += 6500)
                    for (uint32_t wg = 64; wg <= 1024; wg += 192) {
                        occ_kernel_t k = { v, sg, lds, wg, { 0, 0, 0 }, 0, 0 };
                        occ_result_t a, b;
                        ck_assert_int_eq(occ_compute(&fiji, &k, &a), occ_compute(&c, &k, &b));
                        ck_assert_msg(a.wg_per_cu == b.wg_per_cu && a.limiter == b.limiter, "%s v%u s%u l%u wg%u",
                                      names[n], v, sg, lds, wg);
                        occ_llvm_t la, lb;
                        occ_llvm(&fiji, &k, &la);
                        occ_llvm(&c, &k, &lb);
                        ck_assert_msg(la.waves_per_simd == lb.waves_per_simd && la.limiting == lb.limiting,
                                      "%s v%u s%u l%u wg%u: LLVM %u != %u", names[n], v, sg, lds, wg,
                                      la.waves_per_simd, lb.waves_per_simd);
                    }
    }
    /* The worked example of LLVM's rule on gfx9: 40 VGPRs, 40 SGPRs, 8 KiB of LDS, 256 work-items. */
    cfg_t c;
    load_preset(&c, "vega20");
    occ_kernel_t k = { 40, 40, 8192, 256, { 0, 0, 0 }, 0, 0 };
    occ_llvm_t l;
    occ_llvm(&c, &k, &l);
    ck_assert_uint_eq(l.waves_per_simd, 6);
    ck_assert_int_eq(l.limiter, OCC_VGPR);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("presets");
    TCase *tc = tcase_create("presets");
    tcase_add_test(tc, every_preset_loads);
    tcase_add_test(tc, presets_say_their_sources);
    tcase_add_test(tc, preset_equals_its_file);
    tcase_add_test(tc, order_of_precedence);
    tcase_add_test(tc, unknown_name);
    tcase_add_test(tc, occupancy_same_on_every_target);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)
