/* cfg: the machine configuration — defaults against the table and sim/configs/fiji.ini, the INI
 * syntax, every error message with its location, --set, cross-key checks and the dump round trip. */
#include "unit.h"

#include <stddef.h>
#include <unistd.h>

#include "config/config.h"
#include "machine/timing_state.h"
#include "mem/cache.h"
#include "mem/memsys.h"

static int64_t get_int(const cfg_t *c, const cfg_key_t *k) { int64_t v; memcpy(&v, (const char *)c + k->offset, sizeof v); return v; }
static int get_enum(const cfg_t *c, const cfg_key_t *k) { int v; memcpy(&v, (const char *)c + k->offset, sizeof v); return v; }
static void put_int(cfg_t *c, const cfg_key_t *k, int64_t v) { memcpy((char *)c + k->offset, &v, sizeof v); }
static void put_enum(cfg_t *c, const cfg_key_t *k, int v) { memcpy((char *)c + k->offset, &v, sizeof v); }

/* Independent of config.c: the index of `word` in an "a|b|c" list, -1 when absent; count of choices. */
static int ref_choice(const char *choices, const char *word)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", choices);
    int i = 0;
    for (char *save = NULL, *t = strtok_r(buf, "|", &save); t; t = strtok_r(NULL, "|", &save), i++)
        if (strcmp(t, word) == 0)
            return i;
    return -1;
}

static int ref_nchoices(const char *choices)
{
    int n = 1;
    for (const char *p = choices; *p; p++)
        n += *p == '|';
    return n;
}

static const cfg_key_t *key(const char *section, const char *name)
{
    for (unsigned i = 0; i < cfg_nkeys; i++)
        if (strcmp(cfg_keys[i].section, section) == 0 && strcmp(cfg_keys[i].key, name) == 0)
            return &cfg_keys[i];
    ck_abort_msg("no key %s.%s", section, name);
    return NULL;
}

/* Every key of a equals b's; names the first that differs. */
static void assert_same(const cfg_t *a, const cfg_t *b)
{
    for (unsigned i = 0; i < cfg_nkeys; i++) {
        const cfg_key_t *k = &cfg_keys[i];
        if (k->is_enum)
            ck_assert_msg(get_enum(a, k) == get_enum(b, k), "%s.%s: %d != %d", k->section, k->key, get_enum(a, k), get_enum(b, k));
        else
            ck_assert_msg(get_int(a, k) == get_int(b, k), "%s.%s: %lld != %lld", k->section, k->key,
                          (long long)get_int(a, k), (long long)get_int(b, k));
    }
}

/* A configuration where every key differs from its default wherever the table allows it. */
static void perturbed(cfg_t *c)
{
    cfg_defaults(c);
    for (unsigned i = 0; i < cfg_nkeys; i++) {
        const cfg_key_t *k = &cfg_keys[i];
        if (k->is_enum) {
            int n = ref_nchoices(k->choices), d = ref_choice(k->choices, k->def_enum);
            put_enum(c, k, n > 1 ? (d + 1) % n : 7); /* a single-choice key gets an impossible index */
        } else
            put_int(c, k, k->def_int == k->min ? k->max : k->min);
    }
}

/* ---- loading text ------------------------------------------------------------------------- */

typedef struct {
    char dir[64], path[128];
    char *errs;
    size_t errlen;
    int nerr;
    cfg_t cfg;
} fx_t;

static fx_t *load(const char *text)
{
    fx_t *fx = calloc(1, sizeof *fx);
    snprintf(fx->dir, sizeof fx->dir, "/tmp/gcnsim-cfg-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(fx->dir));
    snprintf(fx->path, sizeof fx->path, "%s/m.ini", fx->dir);
    FILE *f = fopen(fx->path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
    cfg_defaults(&fx->cfg);
    FILE *err = open_memstream(&fx->errs, &fx->errlen);
    fx->nerr = cfg_load_file(&fx->cfg, fx->path, err);
    fclose(err);
    return fx;
}

static void done(fx_t *fx)
{
    unlink(fx->path);
    rmdir(fx->dir);
    free(fx->errs);
    free(fx);
}

/* The errors must include the exact line "m.ini:LINE: error: MESSAGE". */
static void expect_line(const fx_t *fx, int line, const char *message)
{
    char want[1024];
    snprintf(want, sizeof want, "%s:%d: error: %s\n", fx->path, line, message);
    ck_assert_msg(strstr(fx->errs, want) != NULL, "wanted\n  %sgot\n%s", want, fx->errs);
}

/* Load a one-error file and check the message. */
static void expect_one(const char *text, int line, const char *message)
{
    fx_t *fx = load(text);
    ck_assert_int_eq(fx->nerr, 1);
    expect_line(fx, line, message);
    done(fx);
}

static int set(cfg_t *c, const char *text, char **msg)
{
    size_t len;
    FILE *err = open_memstream(msg, &len);
    int rc = cfg_set(c, text, err);
    fclose(err);
    return rc;
}

static void expect_set_error(const char *text, const char *message)
{
    cfg_t c, d;
    cfg_defaults(&c);
    cfg_defaults(&d);
    char *msg;
    ck_assert_int_eq(set(&c, text, &msg), 1);
    ck_assert_str_eq(msg, message);
    free(msg);
    assert_same(&c, &d); /* a rejected override changes nothing */
}

/* ---- tests --------------------------------------------------------------------------------- */

START_TEST(table_is_sane)
{
    ck_assert_uint_gt(cfg_nkeys, 30);
    for (unsigned i = 0; i < cfg_nkeys; i++) {
        const cfg_key_t *k = &cfg_keys[i];
        ck_assert_ptr_nonnull(k->description);
        ck_assert_ptr_nonnull(k->source);
        if (k->is_enum)
            ck_assert_msg(ref_choice(k->choices, k->def_enum) >= 0, "%s.%s default not a choice", k->section, k->key);
        else {
            ck_assert_ptr_nonnull(k->unit);
            ck_assert_msg(k->min <= k->def_int && k->def_int <= k->max, "%s.%s default outside its range", k->section, k->key);
        }
        ck_assert_uint_le(k->offset + (k->is_enum ? sizeof(int) : sizeof(int64_t)), sizeof(cfg_t));
        for (unsigned j = 0; j < i; j++) {
            ck_assert_msg(!(strcmp(k->section, cfg_keys[j].section) == 0 && strcmp(k->key, cfg_keys[j].key) == 0),
                          "%s.%s twice", k->section, k->key);
            ck_assert_uint_ne(k->offset, cfg_keys[j].offset);
        }
    }
    /* The offsets name the members config.h declares. */
    ck_assert_uint_eq(key("cu", "wave_slots")->offset, offsetof(cfg_t, cu_wave_slots));
    ck_assert_uint_eq(key("dispatch", "order")->offset, offsetof(cfg_t, dispatch_order));
    ck_assert_uint_eq(key("mem", "latency")->offset, offsetof(cfg_t, mem_latency));
}
END_TEST

START_TEST(defaults)
{
    cfg_t c;
    cfg_defaults(&c);
    for (unsigned i = 0; i < cfg_nkeys; i++) {
        const cfg_key_t *k = &cfg_keys[i];
        if (k->is_enum)
            ck_assert_int_eq(get_enum(&c, k), ref_choice(k->choices, k->def_enum));
        else
            ck_assert_int_eq(get_int(&c, k), k->def_int);
    }
    /* Hand-checked values, and config.h's enum constants against the choice lists. */
    ck_assert_int_eq(c.cu_simds, 4);
    ck_assert_int_eq(c.cu_wave_slots, 10);
    ck_assert_int_eq(c.cu_lds_bytes, 65536);
    ck_assert_int_eq(c.mem_latency, 450);
    ck_assert_int_eq(c.sched_policy, CFG_SCHED_OLDEST);
    ck_assert_int_eq(c.dispatch_order, CFG_ORDER_ROW_MAJOR);
    ck_assert_int_eq(c.dispatch_release, CFG_RELEASE_WORKGROUP);
    ck_assert_int_eq(ref_choice(key("sched", "policy")->choices, "round-robin"), CFG_SCHED_ROUND_ROBIN);
    ck_assert_int_eq(ref_choice(key("sched", "policy")->choices, "greedy"), CFG_SCHED_GREEDY);
    ck_assert_int_eq(ref_choice(key("mem", "model")->choices, "ideal"), CFG_MEM_IDEAL);
    ck_assert_int_eq(ref_choice(key("dispatch", "order")->choices, "tiled"), CFG_ORDER_TILED);
    ck_assert_int_eq(ref_choice(key("dispatch", "order")->choices, "morton"), CFG_ORDER_MORTON);
    ck_assert_int_eq(ref_choice(key("dispatch", "tile_direction")->choices, "x"), CFG_DIR_X);
    ck_assert_int_eq(ref_choice(key("dispatch", "tile_direction")->choices, "y"), CFG_DIR_Y);
    ck_assert_int_eq(ref_choice(key("dispatch", "release")->choices, "wave"), CFG_RELEASE_WAVE);
    ck_assert_int_eq(cfg_validate(&c, stderr), 0);
}
END_TEST

/* sim/configs/fiji.ini sets every key, to its built-in default. */
START_TEST(fiji_equals_defaults)
{
    cfg_t c, d;
    perturbed(&c);
    cfg_defaults(&d);
    ck_assert_int_eq(cfg_load_file(&c, "sim/configs/fiji.ini", stderr), 0);
    assert_same(&c, &d);
}
END_TEST

START_TEST(syntax)
{
    fx_t *fx = load("; a comment\n"
                    "# another\n"
                    "\n"
                    "[ cu ]   ; spaces inside the brackets are ignored\n"
                    "  wave_slots = 8   # inline comment\n"
                    "simds: 2\n"
                    "lds_bytes = 32K\n"
                    "lds_granule = 0x100 ; hex\n"
                    "vgprs = 0128\n"
                    "[mem]\n"
                    "latency = 1k\n"
                    "bytes_per_cycle = 0X40\n"
                    "[sched]\n"
                    "policy = greedy\n"
                    "[cu]\n"
                    "sgprs = 512\n"
                    "[dispatch]\n"
                    "order=morton\n"
                    "tile_direction = y\n"
                    "kernel_launch_cycles = 1M\n");
    ck_assert_msg(fx->nerr == 0, "%s", fx->errs);
    ck_assert_int_eq(fx->cfg.cu_wave_slots, 8);
    ck_assert_int_eq(fx->cfg.cu_simds, 2);
    ck_assert_int_eq(fx->cfg.cu_lds_bytes, 32 * 1024);
    ck_assert_int_eq(fx->cfg.cu_lds_granule, 256);
    ck_assert_int_eq(fx->cfg.cu_vgprs, 128); /* a leading zero is still decimal, not octal */
    ck_assert_int_eq(fx->cfg.mem_latency, 1024);
    ck_assert_int_eq(fx->cfg.mem_bytes_per_cycle, 64);
    ck_assert_int_eq(fx->cfg.sched_policy, CFG_SCHED_GREEDY);
    ck_assert_int_eq(fx->cfg.cu_sgprs, 512);
    ck_assert_int_eq(fx->cfg.dispatch_order, CFG_ORDER_MORTON);
    ck_assert_int_eq(fx->cfg.dispatch_tile_direction, CFG_DIR_Y);
    ck_assert_int_eq(fx->cfg.dispatch_kernel_launch_cycles, 1 << 20);
    /* Keys the file does not name keep their previous values. */
    ck_assert_int_eq(fx->cfg.cu_max_waves, 40);
    ck_assert_int_eq(fx->cfg.valu_cycles, 4);
    done(fx);
    /* A UTF-8 byte order mark before the first section is skipped. */
    fx = load("\xEF\xBB\xBF[cu]\nsimds = 3\n");
    ck_assert_msg(fx->nerr == 0, "%s", fx->errs);
    ck_assert_int_eq(fx->cfg.cu_simds, 3);
    done(fx);
    /* An empty file changes nothing. */
    fx = load("");
    cfg_t d;
    cfg_defaults(&d);
    ck_assert_int_eq(fx->nerr, 0);
    assert_same(&fx->cfg, &d);
    done(fx);
}
END_TEST

START_TEST(errors_names)
{
    expect_one("[cu]\nwave_slot = 8\n", 2, "unknown key 'wave_slot' in [cu]; did you mean 'wave_slots'?");
    expect_one("[cu]\nlatency = 8\n", 2, "unknown key 'latency' in [cu]; 'latency' is a key of [lds], [mem], [l1v], [scalar], [l2], [llc], [dram]");
    expect_one("[gpu]\nfrobnicate = 8\n", 2, "unknown key 'frobnicate' in [gpu]; keys of [gpu] are compute_units, xcds, target, clock_mhz");
    expect_one("\n[cuu]\nwave_slots = 8\n", 2, "unknown section [cuu]; did you mean [cu]?");
    expect_one("[kernel]\ngrid = 8\n", 1, "unknown section [kernel]; sections are [gpu], [cu], [sched], [valu], [salu], "
               "[branch], [lds], [vmem], [mem], [l1v], [scalar], [l2], [llc], [dram], [tlb], [dispatch], [limits]");
    expect_one("wave_slots = 8\n", 1, "key 'wave_slots' is outside any section; it belongs in [cu]");
    expect_one("frob = 8\n", 1, "key 'frob' is outside any section (start with a section such as [cu])");
    expect_one("[cu]\nsimds = 2\n\n[cu]\nsimds = 3\n", 5, "duplicate key 'simds' in [cu] (first given at line 2)");
    expect_one("[cu]\nsimds 2\n", 2, "expected 'key = value', '[section]' or a comment, got 'simds 2'");
    expect_one("[cu\nsimds = 2\n", 1, "section header '[cu' has no closing ']'");
    expect_one("[cu] simds = 2\n", 1, "unexpected text ' simds = 2' after the section header");
}
END_TEST

START_TEST(errors_values)
{
    expect_one("[cu]\nwave_slots = ten\n", 2,
               "cu.wave_slots = 'ten': expected an integer (decimal or 0x hex, optionally with a K, M or G suffix)");
    expect_one("[cu]\nwave_slots = 1.5\n", 2,
               "cu.wave_slots = '1.5': expected an integer (decimal or 0x hex, optionally with a K, M or G suffix)");
    expect_one("[cu]\nwave_slots = 8KB\n", 2,
               "cu.wave_slots = '8KB': expected an integer (decimal or 0x hex, optionally with a K, M or G suffix)");
    expect_one("[cu]\nwave_slots = 0x\n", 2,
               "cu.wave_slots = '0x': expected an integer (decimal or 0x hex, optionally with a K, M or G suffix)");
    expect_one("[cu]\nwave_slots = 17\n", 2, "cu.wave_slots = 17 is out of range: 1 to 16 (waves per SIMD)");
    expect_one("[cu]\nwave_slots = 0\n", 2, "cu.wave_slots = 0 is out of range: 1 to 16 (waves per SIMD)");
    expect_one("[cu]\nwave_slots = -1\n", 2, "cu.wave_slots = -1 is out of range: 1 to 16 (waves per SIMD)");
    expect_one("[cu]\nlds_bytes = 2M\n", 2, "cu.lds_bytes = 2M is out of range: 0 to 1048576 (bytes)");
    expect_one("[cu]\nlds_bytes = 99999999999999999999999\n", 2,
               "cu.lds_bytes = 99999999999999999999999 is out of range: 0 to 1048576 (bytes)");
    expect_one("[cu]\nlds_bytes = 0x7fffffffffffffffG\n", 2,
               "cu.lds_bytes = 0x7fffffffffffffffG is out of range: 0 to 1048576 (bytes)");
    expect_one("[cu]\nwave_slots =\n", 2, "cu.wave_slots has no value");
    expect_one("[sched]\npolicy = oldst\n", 2,
               "sched.policy = 'oldst' is not one of: oldest, round-robin, greedy; did you mean 'oldest'?");
    expect_one("[dispatch]\norder = hilbert\n", 2, "dispatch.order = 'hilbert' is not one of: row-major, tiled, morton");
    expect_one("[mem]\nmodel = Ideal\n", 2, "mem.model = 'Ideal' is not one of: hierarchy, ideal; did you mean 'ideal'?");
    /* The boundaries themselves are accepted. */
    fx_t *fx = load("[cu]\nwave_slots = 16\nlds_bytes = 1M\n[dispatch]\nwave_launch_cycles = 0\n");
    ck_assert_msg(fx->nerr == 0, "%s", fx->errs);
    ck_assert_int_eq(fx->cfg.cu_wave_slots, 16);
    ck_assert_int_eq(fx->cfg.cu_lds_bytes, 1048576);
    ck_assert_int_eq(fx->cfg.dispatch_wave_launch_cycles, 0);
    done(fx);
}
END_TEST

START_TEST(errors_all_reported)
{
    fx_t *fx = load("[cu]\n"
                    "wave_slot = 8\n"
                    "simds = 9\n"
                    "[bogus]\n"
                    "anything = at all\n"
                    "[sched]\n"
                    "policy = fastest\n"
                    "garbage line\n"
                    "[cu]\n"
                    "vgprs = 128\n");
    ck_assert_int_eq(fx->nerr, 5);
    expect_line(fx, 2, "unknown key 'wave_slot' in [cu]; did you mean 'wave_slots'?");
    expect_line(fx, 3, "cu.simds = 9 is out of range: 1 to 4 (SIMDs)");
    ck_assert_ptr_nonnull(strstr(fx->errs, "m.ini:4: error: unknown section [bogus]"));
    ck_assert_ptr_null(strstr(fx->errs, "anything")); /* keys of an unknown section are not reported again */
    expect_line(fx, 7, "sched.policy = 'fastest' is not one of: oldest, round-robin, greedy");
    expect_line(fx, 8, "expected 'key = value', '[section]' or a comment, got 'garbage line'");
    ck_assert_int_eq(fx->cfg.cu_vgprs, 128); /* valid lines after errors still apply */
    done(fx);
}
END_TEST

START_TEST(errors_file)
{
    cfg_t c;
    cfg_defaults(&c);
    char *msg;
    size_t len;
    FILE *err = open_memstream(&msg, &len);
    ck_assert_int_eq(cfg_load_file(&c, "/nonexistent/gcnsim.ini", err), 1);
    ck_assert_int_eq(cfg_load_file(&c, "/tmp", err), 1);
    fclose(err);
    ck_assert_ptr_nonnull(strstr(msg, "/nonexistent/gcnsim.ini: error: cannot open configuration file: No such file or directory\n"));
    ck_assert_ptr_nonnull(strstr(msg, "/tmp: error: is a directory, not a configuration file\n"));
    free(msg);
    /* A line longer than inih accepts is reported, not truncated into a different value. */
    char text[400];
    snprintf(text, sizeof text, "[cu]\nwave_slots = %0250d\n", 8);
    fx_t *fx = load(text);
    ck_assert_int_eq(fx->nerr, 1);
    ck_assert_ptr_nonnull(strstr(fx->errs, "m.ini:2: error: line too long"));
    ck_assert_int_eq(fx->cfg.cu_wave_slots, 10);
    done(fx);
}
END_TEST

START_TEST(overrides)
{
    cfg_t c;
    cfg_defaults(&c);
    char *msg;
    ck_assert_int_eq(set(&c, "cu.wave_slots=8", &msg), 0);
    ck_assert_str_eq(msg, "");
    free(msg);
    ck_assert_int_eq(set(&c, " mem.latency = 0x200 ", &msg), 0);
    free(msg);
    ck_assert_int_eq(set(&c, "cu.lds_bytes=32K", &msg), 0);
    free(msg);
    ck_assert_int_eq(set(&c, "dispatch.order=tiled", &msg), 0);
    free(msg);
    ck_assert_int_eq(set(&c, "cu.wave_slots=6", &msg), 0); /* a later override wins */
    free(msg);
    ck_assert_int_eq(c.cu_wave_slots, 6);
    ck_assert_int_eq(c.mem_latency, 512);
    ck_assert_int_eq(c.cu_lds_bytes, 32768);
    ck_assert_int_eq(c.dispatch_order, CFG_ORDER_TILED);

    expect_set_error("cu.wave_slot=8", "--set 'cu.wave_slot=8': error: unknown key 'cu.wave_slot'; did you mean 'cu.wave_slots'?\n");
    expect_set_error("cuu.wave_slots=8", "--set 'cuu.wave_slots=8': error: unknown key 'cuu.wave_slots'; did you mean 'cu.wave_slots'?\n");
    expect_set_error("warp.size=32", "--set 'warp.size=32': error: unknown key 'warp.size' (configuration keys: "
                     "'gcnsim config --dump', docs/config.md)\n");
    expect_set_error("cu.wave_slots", "--set 'cu.wave_slots': error: expected section.key=value (e.g. cu.wave_slots=8)\n");
    expect_set_error("cu.wave_slots=99", "--set 'cu.wave_slots=99': error: cu.wave_slots = 99 is out of range: 1 to 16 (waves per SIMD)\n");
    expect_set_error("cu.simds=two", "--set 'cu.simds=two': error: cu.simds = 'two': expected an integer (decimal or 0x hex, "
                     "optionally with a K, M or G suffix)\n");
    expect_set_error("sched.policy=rr", "--set 'sched.policy=rr': error: sched.policy = 'rr' is not one of: oldest, round-robin, greedy\n");
    expect_set_error("dispatch.release=", "--set 'dispatch.release=': error: dispatch.release has no value\n");
}
END_TEST

START_TEST(is_key)
{
    char name[128];
    for (unsigned i = 0; i < cfg_nkeys; i++) {
        snprintf(name, sizeof name, "%s.%s", cfg_keys[i].section, cfg_keys[i].key);
        ck_assert_msg(cfg_is_key(name), "%s", name);
    }
    ck_assert(!cfg_is_key("cu.wave_slot"));
    ck_assert(!cfg_is_key("kernel.grid"));
    ck_assert(!cfg_is_key("buffer.x.count"));
    ck_assert(!cfg_is_key("args.n"));
    ck_assert(!cfg_is_key("cu"));
    ck_assert(!cfg_is_key("cu."));
    ck_assert(!cfg_is_key(".wave_slots"));
    ck_assert(!cfg_is_key(""));
    ck_assert(!cfg_is_key("cu.wave_slots=8"));
}
END_TEST

static int validate(const cfg_t *c, char **msg)
{
    size_t len;
    FILE *err = open_memstream(msg, &len);
    int n = cfg_validate(c, err) + mem_config_problems(c, err);
    fclose(err);
    return n;
}

/* The memory of a configuration (issue 28): estimated before allocating, refused above
 * limits.machine_memory with the keys that drive it; the per-item sizes bound the real ones. */
START_TEST(machine_memory)
{
    ck_assert_uint_le(sizeof(cache_line_t), CFG_MEM_LINE);
    ck_assert_uint_le(sizeof(uint64_t), CFG_MEM_MSHR);
    ck_assert_uint_le(sizeof(tlb_entry_t), CFG_MEM_TLB);
    ck_assert_uint_le((size_t)TW_MAX_SIMDS * TW_MAX_SLOTS * sizeof(tw_wave_t) + 64 * sizeof(tw_wg_t), CFG_MEM_CU);
    cfg_t c;
    char *msg;
    cfg_mem_part_t parts[CFG_MEM_PARTS];
    cfg_defaults(&c);
    /* the default machine: a CU's registers (40 slots of 256 VGPRs) and LDS dominate */
    uint64_t one = cfg_machine_bytes(&c, parts);
    ck_assert_uint_eq(parts[1].bytes, (16384 / 64) * CFG_MEM_LINE + 256 * CFG_MEM_MSHR);
    ck_assert_uint_lt(one, 8u << 20);
    ck_assert_int_eq(validate(&c, &msg), 0);
    free(msg);
    /* in range key by key, gigabytes together: 256 CUs with 64 MiB L1s and 65536 MSHRs each */
    c.gpu_compute_units = 256;
    c.l1v_size = 67108864;
    c.l1v_mshrs = 65536;
    uint64_t big = cfg_machine_bytes(&c, parts);
    ck_assert_uint_eq(parts[1].bytes, 256ull * (67108864 / 64) * CFG_MEM_LINE + 256ull * 65536 * CFG_MEM_MSHR);
    ck_assert_uint_gt(big, 8ull << 30);
    ck_assert_int_eq(validate(&c, &msg), 1);
    ck_assert_ptr_nonnull(strstr(msg, "above limits.machine_memory = 1073741824 (1.0 GiB)"));
    ck_assert_ptr_nonnull(strstr(msg, "vector L1: 8.1 GiB (gpu.compute_units x (l1v.size / l1v.line, l1v.mshrs))"));
    free(msg);
    /* the limit is a key: raised, the same machine passes */
    c.limits_machine_memory = 16ll << 30;
    ck_assert_int_eq(validate(&c, &msg), 0);
    free(msg);
    /* a huge L2 alone */
    cfg_defaults(&c);
    c.l2_size = 1073741824;
    c.l2_line = 16;
    c.l1v_line = c.scalar_line = 16;
    ck_assert_uint_eq(cfg_machine_bytes(&c, parts) > (1ull << 30), 1);
    ck_assert_int_ge(validate(&c, &msg), 1);
    ck_assert_ptr_nonnull(strstr(msg, "  L2: 2.0 GiB (l2.size / l2.line, l2.channels x l2.mshrs)"));
    free(msg);
    /* the TLBs count only when translation is on: 256 CUs x 4096 entries + 1 Mi shared = 2 Mi entries */
    cfg_defaults(&c);
    c.gpu_compute_units = 256;
    c.tlb_l1_entries = 4096;
    c.tlb_l2_entries = 1048576;
    cfg_machine_bytes(&c, parts);
    ck_assert_uint_eq(parts[5].bytes, 0);
    c.tlb_model = CFG_TLB_ON;
    cfg_machine_bytes(&c, parts);
    ck_assert_uint_eq(parts[5].bytes, 2097152ull * CFG_MEM_TLB);
}
END_TEST

START_TEST(cross_checks)
{
    cfg_t c;
    char *msg;
    cfg_defaults(&c);
    c.cu_vgprs = 250;
    ck_assert_int_eq(validate(&c, &msg), 1);
    ck_assert_str_eq(msg, "configuration: error: cu.vgprs = 250 is not a multiple of cu.vgpr_granule = 4\n");
    free(msg);
    cfg_defaults(&c);
    c.cu_sgprs = 800;
    c.cu_sgpr_granule = 64;
    c.cu_lds_bytes = 1000;
    ck_assert_int_eq(validate(&c, &msg), 2);
    ck_assert_str_eq(msg, "configuration: error: cu.sgprs = 800 is not a multiple of cu.sgpr_granule = 64\n"
                          "configuration: error: cu.lds_bytes = 1000 is not a multiple of cu.lds_granule = 512\n");
    free(msg);
    /* No LDS at all is a whole number of granules; more waves than slots is allowed (the smaller
     * limit applies) so single-key occupancy experiments stay valid. */
    cfg_defaults(&c);
    c.cu_lds_bytes = 0;
    c.cu_wave_slots = 4;
    c.cu_max_workgroups = 64;
    ck_assert_int_eq(validate(&c, &msg), 0);
    ck_assert_str_eq(msg, "");
    free(msg);
}
END_TEST

/* Dump, load the dump over something else, compare. */
static void round_trip(const cfg_t *c)
{
    char path[] = "/tmp/gcnsim-cfg-dump-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    cfg_dump(c, f);
    fclose(f);
    /* Every line fits inih's line buffer. */
    f = fopen(path, "r");
    char line[512];
    unsigned nvalues = 0;
    while (fgets(line, sizeof line, f)) {
        ck_assert_uint_lt(strlen(line), 198);
        nvalues += line[0] != ';' && line[0] != '[' && line[0] != '\n';
    }
    fclose(f);
    ck_assert_uint_eq(nvalues, cfg_nkeys);
    cfg_t back;
    perturbed(&back);
    ck_assert_int_eq(cfg_load_file(&back, path, stderr), 0);
    assert_same(&back, c);
    unlink(path);
}

START_TEST(dump_round_trip)
{
    cfg_t c;
    cfg_defaults(&c);
    round_trip(&c);
    /* Every key at its maximum and the last choice; then at its minimum and the first. */
    for (unsigned i = 0; i < cfg_nkeys; i++) {
        const cfg_key_t *k = &cfg_keys[i];
        if (k->is_enum)
            put_enum(&c, k, ref_nchoices(k->choices) - 1);
        else
            put_int(&c, k, k->max);
    }
    round_trip(&c);
    for (unsigned i = 0; i < cfg_nkeys; i++) {
        const cfg_key_t *k = &cfg_keys[i];
        if (k->is_enum)
            put_enum(&c, k, 0);
        else
            put_int(&c, k, k->min);
    }
    round_trip(&c);
}
END_TEST

START_TEST(dump_format)
{
    cfg_t c;
    cfg_defaults(&c);
    c.cu_wave_slots = 7;
    c.sched_policy = CFG_SCHED_ROUND_ROBIN;
    char *text;
    size_t len;
    FILE *f = open_memstream(&text, &len);
    cfg_dump(&c, f);
    fclose(f);
    ck_assert_ptr_nonnull(strstr(text, "\n[cu]\n"));
    ck_assert_ptr_nonnull(strstr(text, "; Wave slots (instruction buffers) per SIMD.\n; waves per SIMD, 1 to 16\nwave_slots = 7\n"));
    ck_assert_ptr_nonnull(strstr(text, "; one of: oldest, round-robin, greedy\npolicy = round-robin\n"));
    /* Sections appear once each, in table order. */
    const char *gpu = strstr(text, "[gpu]"), *cu = strstr(text, "[cu]"), *disp = strstr(text, "[dispatch]");
    ck_assert(gpu && cu && disp && gpu < cu && cu < disp);
    ck_assert_ptr_null(strstr(cu + 1, "[cu]"));
    free(text);
}
END_TEST

/* config_hash: a key added later leaves the hash of every older configuration as it was. The
 * default machine's hash is the one its CSV rows carried before scalar.memtime_latency existed;
 * that key is hashed only when it differs from scalar.latency (what s_memtime took before). */
START_TEST(hash_keeps_older_configurations)
{
    cfg_t c;
    cfg_defaults(&c);
    ck_assert_uint_eq(cfg_hash(&c), 0x728dbe2baefd3516u);
    c.scalar_latency = 30;
    c.scalar_memtime_latency = 30;
    uint64_t same = cfg_hash(&c);
    c.scalar_memtime_latency = 45;
    ck_assert_uint_ne(cfg_hash(&c), same);
    cfg_defaults(&c);
    c.scalar_memtime_latency = 30;
    ck_assert_uint_ne(cfg_hash(&c), 0x728dbe2baefd3516u);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("config");
    TCase *tc = tcase_create("config");
    tcase_add_test(tc, table_is_sane);
    tcase_add_test(tc, defaults);
    tcase_add_test(tc, fiji_equals_defaults);
    tcase_add_test(tc, syntax);
    tcase_add_test(tc, errors_names);
    tcase_add_test(tc, errors_values);
    tcase_add_test(tc, errors_all_reported);
    tcase_add_test(tc, errors_file);
    tcase_add_test(tc, overrides);
    tcase_add_test(tc, is_key);
    tcase_add_test(tc, cross_checks);
    tcase_add_test(tc, machine_memory);
    tcase_add_test(tc, dump_round_trip);
    tcase_add_test(tc, dump_format);
    tcase_add_test(tc, hash_keeps_older_configurations);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)
