/* The run's JSON statistics against their documented schema (docs/report.md): every key listed
 * below is present with its type, array entries have their documented fields, and every key is
 * named in docs/report.md — so the code, this table and the documentation cannot drift apart. */
#include "result_harness.h"
#include "json_check.h"
#include "unit.h"

#include <stdio.h>

#include "asm/asm.h"
#include "load/launch.h"
#include "observe/stats.h"
#include "machine/timing.h"
#include "timing_harness.h"

typedef struct {
    const char *path;
    json_type_t type;
} schema_key_t;

/* Schema version 5. Paths are object keys separated by '.'. */
static const schema_key_t schema[] = {
    { "schema_version", JSON_NUMBER }, { "kernel", JSON_STRING }, { "grid", JSON_ARRAY },
    { "workgroup", JSON_ARRAY }, { "dispatches", JSON_ARRAY }, { "compute_units", JSON_NUMBER }, { "cycles", JSON_NUMBER },
    { "instructions", JSON_OBJECT }, { "instructions.total", JSON_NUMBER }, { "instructions.salu", JSON_NUMBER },
    { "instructions.smem", JSON_NUMBER }, { "instructions.valu", JSON_NUMBER }, { "instructions.vmem", JSON_NUMBER },
    { "instructions.lds", JSON_NUMBER }, { "instructions.branch", JSON_NUMBER }, { "instructions.seq", JSON_NUMBER },
    { "ipc", JSON_NUMBER }, { "waves", JSON_NUMBER }, { "workgroups", JSON_NUMBER }, { "valu_busy", JSON_ARRAY },
    { "issue_slots", JSON_OBJECT }, { "issue_slots.issued", JSON_NUMBER }, { "issue_slots.vmcnt", JSON_NUMBER },
    { "issue_slots.lgkmcnt", JSON_NUMBER }, { "issue_slots.barrier", JSON_NUMBER },
    { "issue_slots.unit_busy", JSON_NUMBER }, { "issue_slots.no_instruction", JSON_NUMBER },
    { "issue_slots.launching", JSON_NUMBER }, { "issue_slots.draining", JSON_NUMBER },
    { "issue_slots.held", JSON_NUMBER },
    { "occupancy", JSON_OBJECT }, { "occupancy.theoretical_waves_per_simd", JSON_NUMBER },
    { "occupancy.theoretical", JSON_NUMBER }, { "occupancy.limiter", JSON_STRING },
    { "occupancy.workgroups_per_cu", JSON_NUMBER }, { "occupancy.waves_per_workgroup", JSON_NUMBER },
    { "occupancy.limits", JSON_OBJECT }, { "occupancy.limits.vgpr", JSON_NUMBER },
    { "occupancy.measured_waves_per_simd", JSON_NUMBER }, { "occupancy.max_waves_per_cu", JSON_NUMBER },
    { "occupancy.compiler_estimate_waves_per_simd", JSON_NUMBER },
    { "occupancy.to_fit_one_more_workgroup", JSON_ARRAY },
    { "occupancy.to_fit_more", JSON_OBJECT }, { "occupancy.to_fit_more.kind", JSON_STRING },
    { "occupancy.to_fit_more.waves_per_cu_now", JSON_NUMBER }, { "occupancy.to_fit_more.text", JSON_STRING },
    { "dispatch_limiter", JSON_OBJECT }, { "dispatch_limiter.no_work", JSON_NUMBER },
    { "dispatch_limiter.launch_limited", JSON_NUMBER }, { "dispatch_limiter.vgpr", JSON_NUMBER },
    { "dispatch_limiter.sgpr", JSON_NUMBER }, { "dispatch_limiter.lds", JSON_NUMBER },
    { "dispatch_limiter.wave_slots", JSON_NUMBER }, { "dispatch_limiter.barriers", JSON_NUMBER },
    { "dispatch_limiter.workgroups", JSON_NUMBER },
    { "memory", JSON_OBJECT }, { "memory.model", JSON_STRING }, { "memory.vector_instructions", JSON_NUMBER },
    { "memory.scalar_instructions", JSON_NUMBER }, { "memory.lines", JSON_NUMBER },
    { "memory.ideal_lines", JSON_NUMBER }, { "memory.lines_per_instruction", JSON_NUMBER },
    { "memory.coalescing", JSON_NUMBER }, { "memory.address_unit_stall_cycles", JSON_NUMBER },
    { "memory.buffer_bytes", JSON_NUMBER },
    { "memory.load_latency", JSON_OBJECT }, { "memory.load_latency.count", JSON_NUMBER },
    { "memory.load_latency.mean", JSON_NUMBER }, { "memory.load_latency.min", JSON_NUMBER },
    { "memory.load_latency.p50", JSON_NUMBER }, { "memory.load_latency.p90", JSON_NUMBER },
    { "memory.load_latency.p99", JSON_NUMBER }, { "memory.load_latency.max", JSON_NUMBER },
    { "cache", JSON_OBJECT },
    { "cache.l1v", JSON_OBJECT }, { "cache.l1v.hit_rate", JSON_NUMBER }, { "cache.l1v.hits", JSON_NUMBER },
    { "cache.l1v.merges", JSON_NUMBER }, { "cache.l1v.misses", JSON_NUMBER }, { "cache.l1v.bypassed", JSON_NUMBER },
    { "cache.l1v.bytes", JSON_NUMBER },
    { "cache.scalar", JSON_OBJECT }, { "cache.scalar.hit_rate", JSON_NUMBER }, { "cache.scalar.hits", JSON_NUMBER },
    { "cache.scalar.merges", JSON_NUMBER }, { "cache.scalar.misses", JSON_NUMBER }, { "cache.scalar.bypassed", JSON_NUMBER },
    { "cache.scalar.bytes", JSON_NUMBER },
    { "cache.l2", JSON_OBJECT }, { "cache.l2.hit_rate", JSON_NUMBER }, { "cache.l2.hits", JSON_NUMBER },
    { "cache.l2.merges", JSON_NUMBER }, { "cache.l2.misses", JSON_NUMBER }, { "cache.l2.bypassed", JSON_NUMBER },
    { "cache.l2.bytes", JSON_NUMBER },
    { "dram", JSON_OBJECT }, { "dram.line_reads", JSON_NUMBER }, { "dram.write_backs", JSON_NUMBER },
    { "dram.bytes", JSON_NUMBER }, { "dram.bytes_per_cycle", JSON_NUMBER }, { "dram.peak_bytes_per_cycle", JSON_NUMBER },
    { "dram.utilisation", JSON_NUMBER }, { "dram.row_hits", JSON_NUMBER }, { "dram.row_misses", JSON_NUMBER },
    { "tlb", JSON_OBJECT }, { "tlb.model", JSON_STRING }, { "tlb.l1_hits", JSON_NUMBER }, { "tlb.l1_misses", JSON_NUMBER },
    { "tlb.l1_hit_rate", JSON_NUMBER }, { "tlb.l2_hits", JSON_NUMBER }, { "tlb.walks", JSON_NUMBER },
    { "tlb.wait_cycles", JSON_NUMBER },
    { "latency_hiding", JSON_OBJECT }, { "latency_hiding.hidden", JSON_NUMBER },
    { "latency_hiding.exposed", JSON_NUMBER }, { "latency_hiding.hidden_fraction", JSON_NUMBER },
    { "latency_hiding.by_pc", JSON_ARRAY },
    { "per_pc", JSON_ARRAY },
    { "wave_lifetime", JSON_OBJECT }, { "wave_lifetime.count", JSON_NUMBER }, { "wave_lifetime.min", JSON_NUMBER },
    { "wave_lifetime.mean", JSON_NUMBER }, { "wave_lifetime.max", JSON_NUMBER },
    { "wave_lifetime.histogram", JSON_ARRAY },
    { "workgroup_lifetime", JSON_OBJECT }, { "workgroup_lifetime.count", JSON_NUMBER },
    { "workgroup_lifetime.min", JSON_NUMBER }, { "workgroup_lifetime.mean", JSON_NUMBER },
    { "workgroup_lifetime.max", JSON_NUMBER }, { "workgroup_lifetime.p50", JSON_NUMBER },
    { "workgroup_lifetime.p90", JSON_NUMBER },
    { "config", JSON_OBJECT }, { "config.mem_model", JSON_STRING }, { "config.dispatch_release", JSON_STRING },
    { "config.clock_mhz", JSON_NUMBER },
};

/* Fields of the first element of the arrays of objects. */
static const char *const by_pc_fields[] = { "pc", "index", "waited", "hidden", "hidden_fraction", "instruction" };
static const char *const per_pc_fields[] = { "pc", "index", "executions", "avg_cycles", "slots", "mem_latency",
                                             "instruction" };

static char *run_json(const char *workload)
{
    th_launch_t t;
    th_prepare(&t, NULL, NULL, workload, NULL, 0);
    cfg_t cfg = t.cfg;
    launch_t *L = t.L;
    stats_t st;
    ck_assert_int_eq(stats_init(&st, &cfg), 0);
    timing_options_t opt;
    memset(&opt, 0, sizeof opt);
    opt.observers[0] = (tev_observer_t){ stats_observe, &st };
    opt.nobservers = 1;
    timing_result_t res;
    ck_assert_int_eq(timing_run(L, &cfg, &opt, &res, stderr), 0);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    rh_json(&st, L, &cfg, &res, true, f);
    fclose(f);
    timing_result_free(&res);
    stats_free(&st);
    th_release(&t);
    return text;
}

static const char *const dispatch_fields[] = { "section", "kernel", "grid", "workgroup", "workgroups", "after",
                                               "ready_cycle", "first_start_cycle", "last_end_cycle",
                                               "theoretical_waves_per_simd", "limiter",
                                               "compiler_estimate_waves_per_simd" };

static void check_object_fields(const char *array, const char *const *fields, size_t n, const char *what)
{
    const char *first = json_ws(array + 1);
    ck_assert_msg(*first == '{', "%s: expected a non-empty array of objects", what);
    for (size_t i = 0; i < n; i++) {
        json_type_t t;
        ck_assert_msg(json_get(first, fields[i], &t) != NULL, "%s[0] has no '%s'", what, fields[i]);
    }
}

START_TEST(test_json_matches_schema)
{
    char *json = run_json("workloads/reduce.ini");
    ck_assert_msg(json_valid(json), "the JSON does not parse:\n%s", json);
    for (size_t i = 0; i < sizeof schema / sizeof schema[0]; i++) {
        json_type_t t;
        const char *v = json_get(json, schema[i].path, &t);
        ck_assert_msg(v != NULL, "key '%s' is missing", schema[i].path);
        ck_assert_msg(t == schema[i].type, "key '%s' has type %d, documented %d", schema[i].path, t, schema[i].type);
    }
    json_type_t t;
    ck_assert_int_eq(atoi(json_get(json, "schema_version", &t)), 7);
    check_object_fields(json_get(json, "dispatches", &t), dispatch_fields, sizeof dispatch_fields / sizeof *dispatch_fields,
                        "dispatches");
    check_object_fields(json_get(json, "latency_hiding.by_pc", &t), by_pc_fields,
                        sizeof by_pc_fields / sizeof *by_pc_fields, "latency_hiding.by_pc");
    check_object_fields(json_get(json, "per_pc", &t), per_pc_fields, sizeof per_pc_fields / sizeof *per_pc_fields,
                        "per_pc");
    free(json);
}
END_TEST

/* Every key of the schema is named in backquotes in docs/report.md, by its path or its last part
 * (an object may be documented through its keys). */
START_TEST(test_schema_is_documented)
{
    FILE *f = fopen("docs/report.md", "r");
    ck_assert_msg(f != NULL, "docs/report.md not found (run the tests from the repository root)");
    static char doc[1 << 18];
    size_t n = fread(doc, 1, sizeof doc - 1, f);
    doc[n] = 0;
    fclose(f);
    for (size_t i = 0; i < sizeof schema / sizeof schema[0]; i++) {
        const char *leaf = strrchr(schema[i].path, '.');
        leaf = leaf ? leaf + 1 : schema[i].path;
        char quoted_leaf[80], quoted_path[120], quoted_parent[120];
        snprintf(quoted_leaf, sizeof quoted_leaf, "`%s`", leaf);
        snprintf(quoted_path, sizeof quoted_path, "`%s`", schema[i].path);
        snprintf(quoted_parent, sizeof quoted_parent, "`%s.", schema[i].path); /* an object documented by its keys */
        ck_assert_msg(strstr(doc, quoted_leaf) || strstr(doc, quoted_path) ||
                          (schema[i].type == JSON_OBJECT && strstr(doc, quoted_parent)),
                      "docs/report.md does not document the key %s", schema[i].path);
    }
}
END_TEST

/* The checker itself rejects what it must. */
START_TEST(test_json_checker)
{
    ck_assert(json_valid("{\"a\":[1,2.5,-3e2,true,false,null,\"x\\\"\\u00e9\"],\"b\":{}}"));
    ck_assert(!json_valid("{\"a\":1,}"));
    ck_assert(!json_valid("[1 2]"));
    ck_assert(!json_valid("{\"a\":01}"));
    ck_assert(!json_valid("{\"a\":1.}"));
    ck_assert(!json_valid("[1]x"));
    json_type_t t;
    ck_assert_ptr_nonnull(json_get("{\"a\": {\"b\": [1]}, \"c\": 2}", "a.b", &t));
    ck_assert_int_eq(t, JSON_ARRAY);
    ck_assert_ptr_null(json_get("{\"a\": {\"b\": [1]}}", "a.c", &t));
    ck_assert_int_eq(t, JSON_NONE);
}
END_TEST

static Suite *schema_suite(void)
{
    Suite *s = suite_create("report_schema");
    TCase *tc = tcase_create("schema");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_json_checker);
    tcase_add_test(tc, test_json_matches_schema);
    tcase_add_test(tc, test_schema_is_documented);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(schema_suite)
