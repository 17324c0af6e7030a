/* run_csv: the CSV row of a timed run, rendered from its result; see run_csv.h. */
#include "report/run_csv.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "base/fileio.h"
#include "base/text.h"
#include "report/run_mem.h"

/* Between the --set columns and the end: the run's own columns, then stats_mem's, then config_hash. */
static const char csv_head[] = "label,workload";
static const char csv_body[] =
    "kernel,grid_x,grid_y,grid_z,workgroup_x,workgroup_y,workgroup_z,compute_units,simds,wave_slots,"
    "sched_policy,mem_model,mem_latency,mem_bytes_per_cycle,dispatch_order,dispatch_release,clock_mhz,"
    "cycles,instructions,valu_instructions,ipc,waves,workgroups,occupancy_theoretical,occupancy_measured,"
    "limiter,issued_fraction,valu_busy,hidden,exposed,hidden_fraction,wave_lifetime_mean,"
    "workgroup_lifetime_p50,workgroup_lifetime_p90,";

/* A field quoted as RFC 4180 asks when it holds a comma, a quote or a line break (or begins with a
 * '#', which a reader of sweep parts would take for a comment). */
static void csv_str(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\r\n") && s[0] != '#') {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

/* Columns a row has only when --csv-columns names them: the matrix core's (CDNA). Outside the
 * default header, so every default row, and every file a sweep appends to, keeps its columns. */
static const char csv_extra[] = ",matrix_core_mfma,matrix_core_busy";

/* The fields of one CSV line (no newline), each as written (a quoted one with its quotes): starts
 * at[i] and lengths len[i] of at most max fields. Returns the count. */
static size_t csv_fields(const char *line, const char **at, size_t *len, size_t max)
{
    size_t n = 0;
    for (const char *p = line;; p++) {
        const char *start = p;
        if (*p == '"')
            for (p++; *p && !(*p == '"' && p[1] != '"'); p += *p == '"' ? 2 : 1)
                ;
        p += strcspn(p, ",");
        if (n < max) {
            at[n] = start;
            len[n] = (size_t)(p - start);
        }
        n++;
        if (*p != ',')
            return n < max ? n : max;
    }
}

enum { CSV_MAX_FIELDS = 512 };

/* line's fields in the order id->columns names them in `header` (the full header): malloc'ed, NULL
 * when out of memory. A name the header lacks (run_csv_check_columns refuses it first) gives an
 * empty field. */
static char *csv_select(const char *header, const char *line, const run_csv_id_t *id)
{
    const char **ha = malloc(2 * CSV_MAX_FIELDS * sizeof *ha);
    size_t *hl = malloc(2 * CSV_MAX_FIELDS * sizeof *hl);
    char *text = NULL;
    size_t tlen = 0;
    FILE *f = ha && hl ? open_memstream(&text, &tlen) : NULL;
    if (!f) {
        free(ha);
        free(hl);
        return NULL;
    }
    const char **la = ha + CSV_MAX_FIELDS;
    size_t *ll = hl + CSV_MAX_FIELDS;
    size_t nh = csv_fields(header, ha, hl, CSV_MAX_FIELDS), nl = csv_fields(line, la, ll, CSV_MAX_FIELDS);
    for (size_t c = 0; c < id->ncolumns; c++) {
        if (c)
            fputc(',', f);
        for (size_t i = 0; i < nh && i < nl; i++)
            if (hl[i] == strlen(id->columns[c]) && strncmp(ha[i], id->columns[c], hl[i]) == 0) {
                fwrite(la[i], 1, ll[i], f);
                break;
            }
    }
    free(ha);
    free(hl);
    if (fclose(f) != 0) {
        free(text);
        return NULL;
    }
    return text;
}

/* The header of every column; with `extra` also the columns only --csv-columns writes. */
static char *full_header(const run_csv_id_t *id, bool extra)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    fputs(csv_head, f);
    for (size_t i = 0; i < id->nkeys; i++) {
        fputc(',', f);
        csv_str(f, id->keys[i]);
    }
    fprintf(f, ",%s%s,config_hash%s", csv_body, run_mem_csv_header, extra ? csv_extra : "");
    if (fclose(f) != 0) {
        free(text);
        return NULL;
    }
    return text;
}

char *run_csv_header(const run_csv_id_t *id)
{
    char *full = full_header(id, id->ncolumns != 0);
    if (!full || id->ncolumns == 0)
        return full;
    char *sel = csv_select(full, full, id);
    free(full);
    return sel;
}

int run_csv_check_columns(const run_csv_id_t *id, FILE *err)
{
    char *full = full_header(id, true);
    const char **at = malloc(CSV_MAX_FIELDS * sizeof *at);
    size_t *len = malloc(CSV_MAX_FIELDS * sizeof *len);
    int rc = 0;
    if (!full || !at || !len) {
        fputs("gcnsim: out of memory\n", err);
        rc = 3;
        goto out;
    }
    size_t n = csv_fields(full, at, len, CSV_MAX_FIELDS);
    for (size_t c = 0; c < id->ncolumns && rc == 0; c++) {
        bool found = false;
        for (size_t i = 0; i < n && !found; i++)
            found = len[i] == strlen(id->columns[c]) && strncmp(at[i], id->columns[c], len[i]) == 0;
        if (found)
            continue;
        /* Names for the suggestion: the header's own (none is quoted). */
        const char *names[CSV_MAX_FIELDS];
        char *copy = strdup(full);
        size_t nn = 0;
        for (char *tok = copy, *next; tok && nn < CSV_MAX_FIELDS; tok = next) {
            if ((next = strchr(tok, ',')))
                *next++ = '\0';
            names[nn++] = tok;
        }
        const char *near = copy ? txt_nearest(id->columns[c], names, nn, 3) : NULL;
        fprintf(err, "gcnsim: --csv-columns: no column '%s'", id->columns[c]);
        if (near)
            fprintf(err, "; did you mean '%s'?", near);
        fputs(" (the names of the CSV header line: docs/cli.md, \"CSV rows\")\n", err);
        free(copy);
        rc = 1;
    }
out:
    free(full);
    free(at);
    free(len);
    return rc;
}

/* The name of choice `index` of an enum configuration key. */
static void cfg_choice(const char *section, const char *key, int index, FILE *f)
{
    for (unsigned i = 0; i < cfg_nkeys; i++) {
        if (strcmp(cfg_keys[i].section, section) != 0 || strcmp(cfg_keys[i].key, key) != 0)
            continue;
        const char *p = cfg_keys[i].choices;
        for (int n = 0; n < index && p; n++)
            if ((p = strchr(p, '|')))
                p++;
        if (p)
            fprintf(f, "%.*s", (int)strcspn(p, "|"), p);
        return;
    }
}

/* Whether the first line of the file at path is `header` (the file is known not to be empty). */
static bool same_header(const char *path, const char *header)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return true; /* a device or FIFO: nothing to compare */
    char *line = NULL;
    size_t cap = 0;
    ssize_t n = getline(&line, &cap, f);
    fclose(f);
    bool same = n > 0 && (size_t)n == strlen(header) + 1 && strncmp(line, header, (size_t)n - 1) == 0 &&
                line[n - 1] == '\n';
    free(line);
    return same;
}

static void write_row(const run_result_t *R, const run_csv_id_t *id, bool extra, FILE *f)
{
    const stats_t *st = R->st;
    const launch_t *L = R->L;
    const cfg_t *cfg = R->cfg;
    const occ_result_t *o = &R->occ[0].res;
    uint64_t n = R->instructions, slots = 0, busy = 0;
    for (int k = 0; k < STATS_NUM_SLOT_KINDS; k++)
        slots += st->slot_counts[k];
    for (size_t i = 0; i < (size_t)R->ncu * st->simds; i++)
        busy += st->valu_busy[i];
    const wl_workload_t *wl = L->wl;
    csv_str(f, id->label);
    fputc(',', f);
    csv_str(f, wl->path);
    for (size_t i = 0; i < id->nkeys; i++) {
        fputc(',', f);
        if (id->values[i])
            csv_str(f, id->values[i]);
    }
    fputc(',', f);
    const wl_dispatch_t *wd = &wl->dispatches[0];
    csv_str(f, L->dispatches[0].kernel->name);
    fprintf(f, ",%" PRIu32 ",%" PRIu32 ",%" PRIu32 ",%" PRIu32 ",%" PRIu32 ",%" PRIu32 ",%" PRIu32 ",%" PRId64 ",%" PRId64 ",",
            wd->grid[0], wd->grid[1], wd->grid[2], wd->wg[0], wd->wg[1], wd->wg[2], R->ncu,
            cfg->cu_simds, cfg->cu_wave_slots);
    cfg_choice("sched", "policy", cfg->sched_policy, f);
    fputc(',', f);
    cfg_choice("mem", "model", cfg->mem_model, f);
    fprintf(f, ",%" PRIu64 ",%" PRIu64 ",", run_mem_dram_latency(cfg), run_mem_dram_peak(cfg));
    cfg_choice("dispatch", "order", cfg->dispatch_order, f);
    fputc(',', f);
    cfg_choice("dispatch", "release", cfg->dispatch_release, f);
    fprintf(f, ",%" PRId64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%.6f,%" PRIu64 ",%" PRIu64 ",%.6f,%.6f,%s,%.6f,%.6f,",
            cfg->gpu_clock_mhz, st->cycles, n, st->insts[ISA_UNIT_VALU], stats_ratio(n, st->cycles), st->waves,
            st->workgroups, o->waves_per_simd, R->measured_waves_per_simd, occ_resource_name(o->limiter),
            stats_ratio(st->slot_counts[STATS_ISSUED], slots), stats_ratio(busy, st->cycles * R->ncu * st->simds));
    fprintf(f, "%" PRIu64 ",%" PRIu64 ",%.6f,%.6f,%" PRIu64 ",%" PRIu64 ",", st->hidden, st->exposed,
            stats_ratio(st->hidden, st->hidden + st->exposed), stats_dist_mean(&st->wave_life),
            stats_dist_percentile(&st->wg_life, 50), stats_dist_percentile(&st->wg_life, 90));
    run_mem_csv(&st->mem, st->cycles, f);
    fprintf(f, ",%016" PRIx64, cfg_hash(cfg));
    if (extra) { /* the matrix cores: MFMAs issued, and the mean of every SIMD's busy fraction */
        uint64_t held = 0;
        for (size_t i = 0; st->mfma_busy && i < (size_t)R->ncu * st->simds; i++)
            held += st->mfma_busy[i];
        fprintf(f, ",%" PRIu64 ",%.6f", st->mfma_total, stats_ratio(held, st->cycles * R->ncu * st->simds));
    }
    fputc('\n', f);
}

int run_csv_write(const run_result_t *R, const run_csv_id_t *id, const char *path, FILE *err)
{
    char *header = run_csv_header(id);
    if (!header) {
        fputs("gcnsim: out of memory\n", err);
        return 3;
    }
    fio_out_t o = { 0 };
    char msg[256];
    int rc = 0;
    bool to_stdout = strcmp(path, "-") == 0; /* header and row on standard output */
    if (!to_stdout && !fio_out_open_append(&o, path, msg, sizeof msg)) {
        fprintf(err, "gcnsim: error: cannot write '%s': %s\n", path, msg);
        free(header);
        return 1;
    }
    FILE *f = to_stdout ? stdout : o.f;
    if (to_stdout || ftell(f) == 0) {
        fprintf(f, "%s\n", header);
    } else if (!same_header(path, header)) {
        fprintf(err, "gcnsim: error: cannot append to '%s': its header line names other columns than this row's "
                "(another --set key, or a file of an older gcnsim); write to a new file\n", path);
        fio_out_abort(&o);
        free(header);
        return 1;
    }
    free(header);
    if (id->ncolumns == 0)
        write_row(R, id, false, f);
    else { /* the whole row, then the chosen columns of it */
        char *row = NULL, *full = full_header(id, true), *sel = NULL;
        size_t rlen = 0;
        FILE *m = full ? open_memstream(&row, &rlen) : NULL;
        if (m) {
            write_row(R, id, true, m);
            if (fclose(m) == 0) {
                if (rlen && row[rlen - 1] == '\n')
                    row[rlen - 1] = '\0';
                sel = csv_select(full, row, id);
            }
        }
        if (sel)
            fprintf(f, "%s\n", sel);
        else
            rc = 3;
        free(row);
        free(full);
        free(sel);
        if (rc) {
            fputs("gcnsim: out of memory\n", err);
            if (!to_stdout)
                fio_out_abort(&o);
            return rc;
        }
    }
    if (!to_stdout && !fio_out_commit(&o, msg, sizeof msg)) {
        fprintf(err, "gcnsim: error: cannot write '%s': %s\n", path, msg);
        rc = 1;
    }
    return rc;
}
