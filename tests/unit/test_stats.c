/* Statistics observer tests: latency hiding, the per-instruction table, lifetimes, the CSV row,
 * the progress line. Timelines are derived by hand from the default configuration (the rules in
 * tests/unit/test_timing.c's header): wave i of a workgroup launches at cycle i and can issue 4
 * cycles later, on SIMD i % 4; SIMD d is selected at cycles c with c % 4 == d; VALU holds the SIMD
 * 4 cycles; SALU and a non-taken branch let the wave issue again 4 cycles later, a taken branch
 * 16; an LDS broadcast read takes 2 bank cycles plus 64 cycles of latency. Where a check needs a
 * reference, it is computed by brute force from the recorded event stream, independently of the
 * observer's incremental bookkeeping. */
#include "result_harness.h"
#include "unit.h"
#include "base/text.h"

#include <inttypes.h>
#include <stdio.h>
#include <unistd.h>

#include "asm/asm.h"
#include "load/launch.h"
#include "observe/progress.h"
#include "observe/stats.h"
#include "report/run_csv.h"
#include "machine/timing.h"
#include "timing_harness.h"

/* ---- harness ----------------------------------------------------------------------------------- */

typedef struct {
    int rc;
    th_launch_t t;
    cfg_t cfg;                 /* = t.cfg */
    launch_t *L;               /* = t.L, kept alive for the output functions */
    timing_result_t res;
    stats_t st;
    th_recorder_t rec;
} run_t;

/* Run workload file `ini_path` (or, when kernel is non-NULL, a kernel and workload body written to
 * a temporary directory) with stats and a recorder. */
static void run(run_t *r, const char *kernel, const char *ini, const char *ini_path)
{
    memset(r, 0, sizeof *r);
    th_prepare(&r->t, kernel, ini, ini_path, NULL, 0);
    r->cfg = r->t.cfg;
    r->L = r->t.L;
    ck_assert_int_eq(stats_init(&r->st, &r->cfg), 0);
    timing_options_t opt;
    memset(&opt, 0, sizeof opt);
    opt.observers[0] = (tev_observer_t){ stats_observe, &r->st };
    opt.observers[1] = (tev_observer_t){ th_record, &r->rec };
    opt.nobservers = 2;
    r->rc = timing_run(r->L, &r->cfg, &opt, &r->res, stderr);
    ck_assert_int_eq(r->rc, 0);
    ck_assert(!r->st.oom);
}

static void run_free(run_t *r)
{
    timing_result_free(&r->res);
    stats_free(&r->st);
    free(r->rec.ev);
    th_release(&r->t);
}

/* Instruction index of the first instruction with opcode op. */
static uint32_t index_of(const run_t *r, isa_op_t op)
{
    for (uint32_t i = 0; i < r->L->dispatches[0].kernel->ninsts; i++)
        if (r->L->dispatches[0].kernel->insts[i].op == op)
            return i;
    ck_abort_msg("no such instruction");
    return 0;
}

/* ---- reference: latency hiding by brute force over the recorded events ------------------------ */

typedef struct {
    uint64_t hidden, exposed;
    uint64_t waited_at[256], hidden_at[256]; /* by instruction index of the wave's last issue */
} ref_t;

static void reference(const run_t *r, ref_t *ref)
{
    memset(ref, 0, sizeof *ref);
    const th_recorder_t *rec = &r->rec;
    uint32_t simds = (uint32_t)r->cfg.cu_simds, ncu = (uint32_t)r->cfg.gpu_compute_units;
    uint64_t last = 0;
    for (size_t i = 0; i < rec->n; i++)
        if (rec->ev[i].cycle > last)
            last = rec->ev[i].cycle;
    /* valu[(cu * simds + simd) * (last + 1) + cycle]: a VALU instruction issued there. */
    bool *valu = calloc((size_t)ncu * simds * (last + 1), sizeof *valu);
    ck_assert_ptr_nonnull(valu);
    for (size_t i = 0; i < rec->n; i++) {
        const tev_t *x = &rec->ev[i];
        if (x->kind == TEV_ISSUE && x->u.issue.unit == ISA_UNIT_VALU)
            valu[((size_t)x->cu * simds + x->simd) * (last + 1) + x->cycle] = true;
    }
    for (size_t i = 0; i < rec->n; i++) {
        const tev_t *e = &rec->ev[i];
        if (e->kind != TEV_WAVE_STATE || (e->u.wave_state != TEV_WAVE_WAIT_VM && e->u.wave_state != TEV_WAVE_WAIT_LGKM))
            continue;
        /* The wait lasts until the wave's next state change; its PC is the wave's last issue before. */
        uint64_t end = UINT64_MAX;
        for (size_t j = i + 1; j < rec->n && end == UINT64_MAX; j++)
            if (rec->ev[j].kind == TEV_WAVE_STATE && rec->ev[j].wave == e->wave)
                end = rec->ev[j].cycle;
        ck_assert_uint_ne(end, UINT64_MAX);
        uint32_t pc = UINT32_MAX;
        for (size_t j = i; j-- > 0 && pc == UINT32_MAX;)
            if (rec->ev[j].kind == TEV_ISSUE && rec->ev[j].wave == e->wave)
                pc = rec->ev[j].u.issue.pc;
        ck_assert_uint_lt(pc, 256);
        for (uint64_t c = e->cycle; c < end; c++) {
            if (c % simds != e->simd)
                continue;
            if (valu[((size_t)e->cu * simds + e->simd) * (last + 1) + c]) {
                ref->hidden++;
                ref->hidden_at[pc]++;
            } else {
                ref->exposed++;
            }
            ref->waited_at[pc]++;
        }
    }
    free(valu);
}

static void check_against_reference(const run_t *r)
{
    ref_t *ref = malloc(sizeof *ref);
    reference(r, ref);
    ck_assert_uint_eq(r->st.hidden, ref->hidden);
    ck_assert_uint_eq(r->st.exposed, ref->exposed);
    for (uint32_t i = 0; i < 256; i++) {
        uint64_t w = i < r->st.npc ? r->st.pc[i].waited : 0, h = i < r->st.npc ? r->st.pc[i].hidden : 0;
        ck_assert_uint_eq(w, ref->waited_at[i]);
        ck_assert_uint_eq(h, ref->hidden_at[i]);
    }
    /* Waited slots are exactly the vmcnt and lgkmcnt slots of the issue-slot accounting. */
    ck_assert_uint_eq(r->st.hidden + r->st.exposed, r->st.slot_counts[STATS_VMCNT] + r->st.slot_counts[STATS_LGKMCNT]);
    free(ref);
}

/* ---- latency hiding ---------------------------------------------------------------------------- */

/* One wave: s_mov at 4, v_mov at 8, ds_read at 12 (data back at 12 + 2 + 64 = 78), s_waitcnt at
 * 16, waiting from 17 to 78: SIMD 0's slots 20, 24, ..., 76 = 15, all exposed (no other wave). */
START_TEST(test_alone_all_exposed)
{
    run_t r;
    run(&r, "k:\n  s_mov_b32 m0, -1\n  v_mov_b32 v1, 0\n  ds_read_b32 v2, v1\n  s_waitcnt lgkmcnt(0)\n"
            "  v_mov_b32 v3, v2\n  s_endpgm\n", "grid = 64\nworkgroup = 64\nlds = 256\n", NULL);
    ck_assert_uint_eq(r.st.hidden, 0);
    ck_assert_uint_eq(r.st.exposed, 15);
    ck_assert_uint_eq(r.st.slot_counts[STATS_LGKMCNT], 15);
    uint32_t w = index_of(&r, ISA_s_waitcnt);
    ck_assert_uint_eq(w, 3);
    ck_assert_uint_eq(r.st.pc[w].waited, 15);
    ck_assert_uint_eq(r.st.pc[w].hidden, 0);
    /* The 15 waited slots are charged to the s_waitcnt that waited, not to the next instruction. */
    ck_assert_uint_eq(r.st.pc[w].slots[STATS_LGKMCNT], 15);
    ck_assert_uint_eq(r.st.pc[w + 1].slots[STATS_LGKMCNT], 0);
    check_against_reference(&r);
    run_free(&r);
}
END_TEST

/* A workgroup of 5 waves: wave 0 (SIMD 0) reads LDS and waits; wave 4 (SIMD 0 too, launched at 4,
 * ready at 8) runs n v_add_f32; waves 1-3 end at once. SIMD 0:
 *   wave 0: readfirstlane 4, s_cmp 8, branch taken 12 (ready 28), s_mov 28, v_mov 32, ds_read 36
 *           (data at 36 + 66 = 102), s_waitcnt 40: waits from 41 to 102, slots 44..100 = 15;
 *   wave 4: readfirstlane 8, s_cmp 12, branch 16, s_cmp 20, branch 24, v_add #1 at 28, #2 at 36
 *           (32 went to wave 0's older v_mov), #3 at 40 — the same issue stage as the s_waitcnt,
 *           but before the wait begins — then #k at 4k + 28: #4..#18 cover 44..100.
 * So n >= 18 hides all 15 slots, and n = 8 hides #4..#8 = 5 of them. */
static const char *two_wave_kernel(int n)
{
    static char k[4096];
    char *p = k;
    p += sprintf(p, "k:\n  v_readfirstlane_b32 s8, v0\n  s_cmp_eq_u32 s8, 0\n  s_cbranch_scc1 reader\n"
                    "  s_cmp_ge_u32 s8, 256\n  s_cbranch_scc0 done\n");
    for (int i = 0; i < n; i++)
        p += sprintf(p, "  v_add_f32 v1, v1, v1\n");
    sprintf(p, "done:\n  s_endpgm\nreader:\n  s_mov_b32 m0, -1\n  v_mov_b32 v1, 0\n  ds_read_b32 v2, v1\n"
               "  s_waitcnt lgkmcnt(0)\n  v_mov_b32 v3, v2\n  s_endpgm\n");
    return k;
}

START_TEST(test_second_wave_hides_fully)
{
    run_t r;
    run(&r, two_wave_kernel(40), "grid = 320\nworkgroup = 320\nlds = 256\n", NULL);
    ck_assert_uint_eq(r.st.hidden, 15);
    ck_assert_uint_eq(r.st.exposed, 0);
    uint32_t w = index_of(&r, ISA_s_waitcnt);
    ck_assert_uint_eq(r.st.pc[w].waited, 15);
    ck_assert_uint_eq(r.st.pc[w].hidden, 15);
    check_against_reference(&r);
    run_free(&r);
}
END_TEST

START_TEST(test_second_wave_hides_part)
{
    run_t r;
    run(&r, two_wave_kernel(8), "grid = 320\nworkgroup = 320\nlds = 256\n", NULL);
    ck_assert_uint_eq(r.st.hidden, 5);
    ck_assert_uint_eq(r.st.exposed, 10);
    check_against_reference(&r);
    run_free(&r);
}
END_TEST

/* Shipped workloads with vector memory, LDS and many waves: the observer equals the brute force. */
START_TEST(test_workloads_match_reference)
{
    static const char *const paths[] = { "workloads/vector_add.ini", "workloads/stencil3x3.ini",
                                         "workloads/reduce.ini" };
    run_t r;
    run(&r, NULL, NULL, paths[_i]);
    ck_assert_uint_gt(r.st.hidden + r.st.exposed, 0);
    check_against_reference(&r);
    run_free(&r);
}
END_TEST

/* ---- per instruction ---------------------------------------------------------------------------- */

/* Every column of the per-PC table sums to the issue-slot totals, executions equal the issue
 * events of each PC, and the cycles equal the gaps from each issue to the wave's next issue (to its
 * end after the last). */
START_TEST(test_per_pc_sums)
{
    run_t r;
    run(&r, NULL, NULL, "workloads/stencil3x3.ini");
    uint64_t sum[STATS_NUM_SLOT_KINDS] = { 0 }, execs = 0, insts = 0;
    for (uint32_t i = 0; i < r.st.npc; i++) {
        for (int k = 0; k < STATS_NUM_SLOT_KINDS; k++)
            sum[k] += r.st.pc[i].slots[k];
        execs += r.st.pc[i].execs;
        ck_assert_uint_eq(r.st.pc[i].slots[STATS_ISSUED], r.st.pc[i].execs);
        uint64_t n = 0, cycles = 0;
        for (size_t j = 0; j < r.rec.n; j++) {
            const tev_t *e = &r.rec.ev[j];
            if (e->kind != TEV_ISSUE || e->u.issue.pc != i)
                continue;
            n++;
            uint64_t next = UINT64_MAX; /* the wave's next issue, else its end */
            for (size_t q = j + 1; q < r.rec.n && next == UINT64_MAX; q++) {
                const tev_t *x = &r.rec.ev[q];
                if (x->wave == e->wave && (x->kind == TEV_ISSUE ||
                                           (x->kind == TEV_WAVE_STATE && x->u.wave_state == TEV_WAVE_GONE)))
                    next = x->cycle;
            }
            ck_assert_uint_ne(next, UINT64_MAX);
            cycles += next - e->cycle;
        }
        ck_assert_uint_eq(r.st.pc[i].execs, n);
        ck_assert_uint_eq(r.st.pc[i].cycles, cycles);
    }
    for (int u = 0; u < ISA_NUM_UNITS; u++)
        insts += r.st.insts[u];
    ck_assert_uint_eq(execs, insts);
    for (int k = 0; k < STATS_NUM_SLOT_KINDS; k++)
        ck_assert_uint_eq(sum[k], r.st.slot_counts[k]);
    run_free(&r);
}
END_TEST

/* One wave, 10 dependent v_add_f32: launch at 0, first issue at 4, then every 4 cycles; s_endpgm
 * at 44, the wave and its workgroup end at 45. Each v_add: 4 cycles to the next issue, one issued
 * slot and no stall (SIMD 0 is selected once per 4 cycles); the first also gets the slot at cycle 0,
 * before its issue (launching); s_endpgm: 1 cycle to the wave's end. */
START_TEST(test_per_pc_chain_and_lifetimes)
{
    char k[1024], *p = k;
    p += sprintf(p, "k:\n");
    for (int i = 0; i < 10; i++)
        p += sprintf(p, "  v_add_f32 v1, v1, v1\n");
    sprintf(p, "  s_endpgm\n");
    run_t r;
    run(&r, k, "grid = 64\nworkgroup = 64\n", NULL);
    ck_assert_uint_eq(r.st.npc, 11);
    for (uint32_t i = 0; i < 10; i++) {
        ck_assert_uint_eq(r.st.pc[i].execs, 1);
        ck_assert_uint_eq(r.st.pc[i].cycles, 4);
        ck_assert_uint_eq(r.st.pc[i].slots[STATS_ISSUED], 1);
        ck_assert_uint_eq(r.st.pc[i].slots[STATS_UNIT_BUSY], 0);
        ck_assert_uint_eq(r.st.pc[i].slots[STATS_LAUNCHING], i == 0 ? 1 : 0);
    }
    ck_assert_uint_eq(r.st.wave_life.n, 1);
    ck_assert_uint_eq(r.st.wave_life.min, 45);
    ck_assert_uint_eq(r.st.wave_life.max, 45);
    ck_assert_uint_eq(r.st.wg_life.n, 1);
    ck_assert_uint_eq(r.st.wg_life.sum, 45);
    ck_assert_uint_eq(stats_dist_percentile(&r.st.wg_life, 50), 45);
    ck_assert_uint_eq(stats_dist_percentile(&r.st.wg_life, 90), 45);
    /* The text report and JSON name the per-PC rows only when asked. */
    char buf[16384];
    FILE *f = fmemopen(buf, sizeof buf, "w");
    rh_json(&r.st, r.L, &r.cfg, &r.res, false, f);
    fclose(f);
    ck_assert_ptr_nonnull(strstr(buf, "\"schema_version\": 7"));
    ck_assert_ptr_nonnull(strstr(buf, "\"wave_lifetime\": {\"count\": 1, \"min\": 45, \"mean\": 45.000000, \"max\": 45, "
                                      "\"histogram\": [{\"from\": 32, \"to\": 63, \"count\": 1}]}"));
    ck_assert_ptr_null(strstr(buf, "\"per_pc\""));
    f = fmemopen(buf, sizeof buf, "w");
    rh_json(&r.st, r.L, &r.cfg, &r.res, true, f);
    fclose(f);
    ck_assert_ptr_nonnull(strstr(buf, "{\"pc\": 40, \"index\": 10, \"executions\": 1, \"avg_cycles\": 1.000000"));
    ck_assert_ptr_nonnull(strstr(buf, "\"instruction\": \"s_endpgm\"}"));
    f = fmemopen(buf, sizeof buf, "w");
    rh_text(&r.st, r.L, &r.cfg, &r.res, true, f);
    fclose(f);
    ck_assert_ptr_nonnull(strstr(buf, "per instruction"));
    ck_assert_ptr_nonnull(strstr(buf, "wave lifetime  1 waves, cycles min 45 mean 45.0 max 45; [32, 63] 1"));
    run_free(&r);
}
END_TEST

/* Workgroup lifetimes 1..100 fed as events: p50 is the 50th value, 50, reported as the top of its
 * bucket [50, 51]; p90 is 90, in [88, 91]; below 16 values are exact. Memory is fixed. */
START_TEST(test_percentiles)
{
    cfg_t cfg;
    cfg_defaults(&cfg);
    stats_t st;
    ck_assert_int_eq(stats_init(&st, &cfg), 0);
    for (uint64_t v = 1; v <= 100; v++) {
        tev_t e;
        memset(&e, 0, sizeof e);
        e.kind = TEV_WG_START;
        e.wg = v;
        e.cycle = 1000 * v;
        e.u.wg_info.waves = 1;
        stats_observe(&st, &e);
        e.kind = TEV_WG_END;
        e.cycle = 1000 * v + v;
        stats_observe(&st, &e);
    }
    ck_assert_uint_eq(st.wg_life.n, 100);
    ck_assert_uint_eq(st.wg_life.min, 1);
    ck_assert_uint_eq(st.wg_life.max, 100);
    ck_assert_uint_eq(stats_dist_percentile(&st.wg_life, 50), 51);
    ck_assert_uint_eq(stats_dist_percentile(&st.wg_life, 90), 91);
    ck_assert_uint_eq(stats_dist_percentile(&st.wg_life, 10), 10);
    ck_assert_uint_eq(stats_dist_percentile(&st.wg_life, 100), 100);
    stats_free(&st);
}
END_TEST

/* ---- CSV ---------------------------------------------------------------------------------------- */

START_TEST(test_csv_header_once)
{
    run_t r;
    run(&r, NULL, NULL, "workloads/vector_add.ini");
    char path[] = "/tmp/gcnsim-csv-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd); /* an empty file counts as new */
    const char *keys[] = { "cu.wave_slots", "kernel.grid" }, *values[] = { "10", NULL };
    run_csv_id_t id = { "a,b", keys, values, 2, NULL, 0 };
    ck_assert_int_eq(rh_csv(&r.st, r.L, &r.cfg, &r.res, &id, path, stderr), 0);
    ck_assert_int_eq(rh_csv(&r.st, r.L, &r.cfg, &r.res, &id, path, stderr), 0);
    /* A row with other --set columns does not line up: refused, the file unchanged. */
    run_csv_id_t other = { "", keys, values, 1, NULL, 0 };
    ck_assert_int_eq(rh_csv(&r.st, r.L, &r.cfg, &r.res, &other, path, stderr), 1);
    FILE *f = fopen(path, "r");
    char line[3][2048];
    int n = 0;
    while (n < 3 && fgets(line[n], sizeof line[n], f))
        n++;
    ck_assert_int_eq(n, 3);
    ck_assert(fgetc(f) == EOF);
    fclose(f);
    unlink(path);
    ck_assert_int_eq(strncmp(line[0], "label,workload,cu.wave_slots,kernel.grid,kernel,grid_x,", 55), 0);
    ck_assert_str_eq(line[1], line[2]);
    int cols[3] = { 0 };
    for (int i = 0; i < 3; i++)
        for (const char *p = line[i]; *p; p++)
            cols[i] += *p == ',';
    ck_assert_int_eq(cols[0], 45);
    ck_assert_int_eq(cols[1], 46); /* the label's comma is quoted */
    char expect[256];
    snprintf(expect, sizeof expect, "\"a,b\",workloads/vector_add.ini,10,,vector_add,4096,1,1,256,1,1,1,4,10,oldest,"
             "hierarchy,450,512,row-major,workgroup,1000,%" PRIu64 ",", r.st.cycles);
    ck_assert_int_eq(strncmp(line[1], expect, strlen(expect)), 0);
    /* config_hash: FNV-1a 64 of "section.key=value\n" for every key, recomputed here from cfg_dump's
     * "key = value" lines under their [section]; the keys added with XCDs and the Infinity Cache
     * count only away from their defaults, and scalar.memtime_latency only when it is not
     * scalar.latency (45 both here; docs/cli.md), so these lines are left out. */
    static const char *const unhashed[] = { "gpu.xcds=1\n", "llc.size=0\n", "llc.ways=16\n", "llc.latency=100\n",
                                            "llc.bytes_per_cycle=64\n", "llc.mshrs=256\n",
                                            "scalar.memtime_latency=45\n" };
    char *dump = NULL;
    size_t dlen = 0;
    FILE *m = open_memstream(&dump, &dlen);
    cfg_dump(&r.cfg, m);
    fclose(m);
    uint64_t h = 0xcbf29ce484222325u;
    char section[64] = "";
    for (char *p = dump; *p;) {
        char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        if (p[0] == '[')
            snprintf(section, sizeof section, "%.*s", (int)(len - 2), p + 1);
        else if (len && p[0] != ';') {
            char kv[256];
            const char *eq = strstr(p, " = ");
            ck_assert_ptr_nonnull(eq);
            snprintf(kv, sizeof kv, "%s.%.*s=%.*s\n", section, (int)(eq - p), p, (int)(len - (size_t)(eq + 3 - p)), eq + 3);
            bool skip = false;
            for (size_t u = 0; u < sizeof unhashed / sizeof unhashed[0]; u++)
                skip |= strcmp(kv, unhashed[u]) == 0;
            for (const char *q = skip ? "" : kv; *q; q++)
                h = (h ^ (unsigned char)*q) * 0x100000001b3u;
        }
        p += len + (nl != NULL);
    }
    free(dump);
    char hash[32];
    snprintf(hash, sizeof hash, ",%016" PRIx64 "\n", h);
    ck_assert_str_eq(line[1] + strlen(line[1]) - strlen(hash), hash);
    ck_assert_int_ne(rh_csv(&r.st, r.L, &r.cfg, &r.res, &id, "/nonexistent/dir/x.csv", stderr), 0);
    run_free(&r);
}
END_TEST

/* --csv-columns: the chosen columns by header name, in their order, the quoted label kept whole;
 * an unknown name is refused with the nearest one. */
START_TEST(test_csv_columns)
{
    run_t r;
    run(&r, NULL, NULL, "workloads/vector_add.ini");
    const char *keys[] = { "cu.wave_slots" }, *values[] = { "10" };
    const char *cols[] = { "cycles", "label", "cu.wave_slots", "kernel", "config_hash" };
    run_csv_id_t id = { "a,b", keys, values, 1, cols, 5 };
    char *h = run_csv_header(&id);
    ck_assert_str_eq(h, "cycles,label,cu.wave_slots,kernel,config_hash");
    free(h);
    ck_assert_int_eq(run_csv_check_columns(&id, stderr), 0);
    char *out = NULL, *err = NULL;
    size_t olen = 0, elen = 0;
    FILE *e = open_memstream(&err, &elen);
    /* Write to a file: the header, then the row. */
    char path[] = "/tmp/gcnsim-csvcol-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    ck_assert_int_eq(rh_csv(&r.st, r.L, &r.cfg, &r.res, &id, path, e), 0);
    FILE *f = fopen(path, "r");
    char line[2][512];
    ck_assert_ptr_nonnull(fgets(line[0], sizeof line[0], f));
    ck_assert_ptr_nonnull(fgets(line[1], sizeof line[1], f));
    fclose(f);
    unlink(path);
    ck_assert_str_eq(line[0], "cycles,label,cu.wave_slots,kernel,config_hash\n");
    char want[256];
    snprintf(want, sizeof want, "%" PRIu64 ",\"a,b\",10,vector_add,%016" PRIx64 "\n", r.st.cycles, cfg_hash(&r.cfg));
    ck_assert_str_eq(line[1], want);
    /* The matrix core's columns: only when named (the full header lacks them), 0 here (gfx803). */
    run_csv_id_t plain = { "", keys, values, 1, NULL, 0 };
    h = run_csv_header(&plain);
    ck_assert_ptr_null(strstr(h, "matrix_core"));
    free(h);
    const char *mc[] = { "matrix_core_mfma", "matrix_core_busy" };
    run_csv_id_t m = { "", keys, values, 1, mc, 2 };
    ck_assert_int_eq(run_csv_check_columns(&m, stderr), 0);
    char path2[] = "/tmp/gcnsim-csvcol-XXXXXX";
    fd = mkstemp(path2);
    ck_assert_int_ge(fd, 0);
    close(fd);
    ck_assert_int_eq(rh_csv(&r.st, r.L, &r.cfg, &r.res, &m, path2, e), 0);
    f = fopen(path2, "r");
    ck_assert_ptr_nonnull(fgets(line[0], sizeof line[0], f));
    ck_assert_ptr_nonnull(fgets(line[1], sizeof line[1], f));
    fclose(f);
    unlink(path2);
    ck_assert_str_eq(line[0], "matrix_core_mfma,matrix_core_busy\n");
    ck_assert_str_eq(line[1], "0,0.000000\n");
    /* A misspelt name. */
    const char *bad[] = { "cylces" };
    run_csv_id_t b = { "", keys, values, 1, bad, 1 };
    ck_assert_int_eq(run_csv_check_columns(&b, e), 1);
    fclose(e);
    ck_assert_str_eq(err, "gcnsim: --csv-columns: no column 'cylces'; did you mean 'cycles'? (the names of the CSV "
                          "header line: docs/cli.md, \"CSV rows\")\n");
    free(err);
    free(out);
    (void)olen;
    run_free(&r);
}
END_TEST

/* The report's wrapping never splits a label from its number nor a number from its unit: the line
 * breaks before the label instead. */
START_TEST(test_wrap_keeps_label_and_value)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    /* 44 columns: the last space within them is at column 42, between "launching" and "0.2%"; the
     * break falls before "launching" (column 32). */
    txt_wrap(f, "issue slots   1: aa 1.5% bb 2.5% launching 0.2% draining 2.3%\n", 44);
    /* 40 columns: the last space within is between "3.56" and its unit (31); the break falls after
     * "bytes;" (26), which ends a value. */
    txt_wrap(f, "dram          65600 bytes; 3.56 bytes/cycle = 0.7%\n", 40);
    fclose(f);
    ck_assert_str_eq(out, "issue slots   1: aa 1.5% bb 2.5%\n"
                          "              launching 0.2% draining 2.3%\n"
                          "dram          65600 bytes;\n"
                          "              3.56 bytes/cycle = 0.7%\n");
    free(out);
}
END_TEST

/* ---- progress ----------------------------------------------------------------------------------- */

START_TEST(test_progress_line)
{
    char buf[512] = { 0 };
    tev_t e;
    memset(&e, 0, sizeof e);
    e.kind = TEV_ISSUE;
    e.cycle = 77;
    /* Disabled (not a terminal): nothing, whatever the run length. */
    FILE *f = fmemopen(buf, sizeof buf, "w");
    prog_t p;
    prog_init(&p, f, false, 0.0, 4);
    for (int i = 0; i < 3 * PROG_CHECK_EVENTS; i++)
        prog_observe(&p, &e);
    prog_finish(&p);
    fclose(f);
    ck_assert_str_eq(buf, "");
    /* Enabled with no delay: a line at the first check, erased at the end. */
    f = fmemopen(buf, sizeof buf, "w");
    prog_init(&p, f, true, 0.0, 4);
    for (int i = 0; i < PROG_CHECK_EVENTS - 1; i++)
        prog_observe(&p, &e);
    fflush(f);
    ck_assert_str_eq(buf, "");
    prog_observe(&p, &e);
    prog_finish(&p);
    fclose(f);
    /* The rate and the time depend on the host's clock: the share, the count and the cycle do not. */
    const char *head = "\r\033[Kgcnsim: 0.0% of 4 workgroups, cycle 77, ";
    ck_assert_msg(strncmp(buf, head, strlen(head)) == 0, "progress line '%s'", buf);
    ck_assert_ptr_nonnull(strstr(buf, "M inst/s, 0:00"));
    ck_assert_ptr_null(strstr(buf, "left")); /* nothing done yet: no estimate */
    ck_assert_str_eq(buf + strlen(buf) - 4, "\r\033[K");
    /* One workgroup of four done: 25 % and an estimate of the time left. */
    memset(buf, 0, sizeof buf);
    f = fmemopen(buf, sizeof buf, "w");
    prog_init(&p, f, true, 0.0, 4);
    tev_t wg = e;
    wg.kind = TEV_WG_END;
    prog_observe(&p, &wg);
    for (int i = 0; i < PROG_CHECK_EVENTS - 1; i++)
        prog_observe(&p, &e);
    prog_finish(&p);
    fclose(f);
    ck_assert_msg(strstr(buf, "gcnsim: 25.0% of 4 workgroups, cycle 77, ") != NULL, "progress line '%s'", buf);
    ck_assert_ptr_nonnull(strstr(buf, ", about 0:00 left"));
    /* A long delay: nothing yet. */
    memset(buf, 0, sizeof buf);
    f = fmemopen(buf, sizeof buf, "w");
    prog_init(&p, f, true, 3600.0, 4);
    for (int i = 0; i < 2 * PROG_CHECK_EVENTS; i++)
        prog_observe(&p, &e);
    prog_finish(&p);
    fclose(f);
    ck_assert_str_eq(buf, "");
}
END_TEST

static Suite *stats_suite(void)
{
    Suite *s = suite_create("stats");
    TCase *t = tcase_create("latency_hiding");
    tcase_set_timeout(t, 120);
    tcase_add_test(t, test_alone_all_exposed);
    tcase_add_test(t, test_second_wave_hides_fully);
    tcase_add_test(t, test_second_wave_hides_part);
    tcase_add_loop_test(t, test_workloads_match_reference, 0, 3);
    suite_add_tcase(s, t);
    t = tcase_create("per_pc");
    tcase_set_timeout(t, 120);
    tcase_add_test(t, test_per_pc_sums);
    tcase_add_test(t, test_per_pc_chain_and_lifetimes);
    tcase_add_test(t, test_percentiles);
    suite_add_tcase(s, t);
    t = tcase_create("outputs");
    tcase_add_test(t, test_csv_header_once);
    tcase_add_test(t, test_csv_columns);
    tcase_add_test(t, test_wrap_keeps_label_and_value);
    tcase_add_test(t, test_progress_line);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(stats_suite)
