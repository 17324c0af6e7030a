/* gcnviz: the command line — options, the trace load, and either the window or a PNG drawn with
 * SDL's software renderer on a surface (no display needed). Exit status as gcnsim's: 0 success,
 * 1 bad input or usage, 3 internal error. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/fileio.h"
#include "base/version.h"
#include "viz_input.h"
#include "viz_load.h"
#include "viz_mem.h"
#include "viz_palette.h"
#include "viz_pane.h"
#include "viz_png.h"
#include "viz_range.h"
#include "viz_text.h"
#include "viz_view.h"

static const char usage[] =
    "usage: gcnviz TRACE [--png OUT.png] [--size WxH] [--range FROM:TO] [--select FROM:TO]\n"
    "                    [--font FILE.ttf] [--frames N] [--palette default|cb] [--view detail|overview]\n"
    "                    [--cu N] [--strip state|occupancy] [--stats]\n"
    "                    [--pane] [--wave ID | --wg ID] [--inst PC] [--pcs]\n";

static const char help[] =
    "Show a gcnsim trace (gcnsim run WORKLOAD.ini --trace TRACE [--trace-issues]) as a timeline:\n"
    "occupancy per CU with its limit and dispatch band, every wave slot's states, workgroup spans.\n"
    "\n"
    "  --png OUT.png      draw the picture into OUT.png instead of opening a window (no display needed)\n"
    "  --size WxH         picture or window size in pixels (default 1600x900 for --png, 1280x800 for the window)\n"
    "  --range FROM:TO    show cycles FROM to TO (default: the whole run; either end may be omitted)\n"
    "  --select FROM:TO   select that range: its statistics are in the status line\n"
    "  --font FILE.ttf    the font (default DejaVu Sans from fonts-dejavu-core)\n"
    "  --frames N         draw N frames, print the load time and frame rate on stderr, then quit\n"
    "  --palette NAME     colours: default, or cb (safe for red-green colour blindness)\n"
    "  --view MODE        detail (occupancy, lanes, workgroups of the CUs that fit) or overview (a strip\n"
    "                     per CU); default: overview above 4 CUs\n"
    "  --cu N             the first CU the detail view shows (the CU the overview marks)\n"
    "  --strip WHAT       overview strips: state (most common wave state; default) or occupancy\n"
    "  --stats            print the range statistics (of --select, else the whole run) and exit\n"
    "  --pane             show the instruction timing pane (the listing with each instruction's timing)\n"
    "  --wave ID, --wg ID the pane counts only that wave's (workgroup's) issues\n"
    "  --inst PC          pick the instruction at byte offset PC (0x... or decimal): its issues are marked\n"
    "  --pcs              print the pane's table (of --select, else the whole run) and exit\n"
    "  -h, --help         this help      --version   the version\n"
    "\n"
    "In the window: mouse wheel zooms around the pointer, drag or arrow keys pan, up/down or +/- zoom,\n"
    "shift+drag or right-drag selects a range, f fits the whole run, Esc clears the selection, q quits;\n"
    "o switches detail and overview, PgUp/PgDn step CUs, Enter or a click opens a CU, s switches strips;\n"
    "i shows the instruction timing pane (a click on a row marks its issues, on a lane or workgroup counts\n"
    "only that wave or workgroup, a counts all waves again);\n"
    "hovering shows a wave's id, workgroup, state, PC and instruction. See docs/viewer.md.\n";

typedef struct {
    const char *trace, *png, *font;
    int w, h;
    bool range, select;
    uint64_t range_from, range_to, sel_from, sel_to;
    bool range_open_to, sel_open_to;
    long frames;
    const viz_palette_t *pal;
    int view;                  /* -1 default, else viz_mode_t */
    long cu;                   /* -1: none */
    int strip;
    bool stats;
    bool pane, pcs;            /* the instruction timing pane */
    int pf;                    /* viz_pfilter_t */
    uint64_t pf_id;
    bool inst;
    uint64_t inst_pc;
} opts_t;

static bool parse_u64(const char *s, uint64_t *v)
{
    if (*s < '0' || *s > '9')
        return false;
    char *end;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 10);
    if (errno || *end)
        return false;
    *v = x;
    return true;
}

/* FROM:TO with either end omitted; FROM < TO when both are given. */
static bool parse_range(const char *s, uint64_t *from, uint64_t *to, bool *open_to)
{
    const char *colon = strchr(s, ':');
    if (!colon || strlen(s) > 60)
        return false;
    char a[64];
    memcpy(a, s, (size_t)(colon - s));
    a[colon - s] = '\0';
    *from = 0;
    *open_to = colon[1] == '\0';
    if (a[0] && !parse_u64(a, from))
        return false;
    if (!*open_to && !parse_u64(colon + 1, to))
        return false;
    return *open_to || *from < *to;
}

static bool parse_size(const char *s, int *w, int *h)
{
    char *end;
    long a = strtol(s, &end, 10);
    if (end == s || *end != 'x' || s[0] < '0' || s[0] > '9')
        return false;
    const char *p = end + 1;
    if (*p < '0' || *p > '9')
        return false;
    long b = strtol(p, &end, 10);
    if (*end || a < 320 || a > 8192 || b < 240 || b > 8192)
        return false;
    *w = (int)a;
    *h = (int)b;
    return true;
}

/* Returns -1 to go on, else the exit status (after printing why). */
static int parse(int argc, char **argv, opts_t *o)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            fputs(usage, stdout);
            fputs(help, stdout);
            return 0;
        }
        if (!strcmp(a, "--version")) {
            printf("gcnviz %s (reads gcnsim trace format up to version %d)\n", GCNSIM_VERSION, TRACE_VERSION);
            return 0;
        }
        if (!strcmp(a, "--stats")) {
            o->stats = true;
            continue;
        }
        if (!strcmp(a, "--pane") || !strcmp(a, "--pcs")) {
            *(a[3] == 'a' ? &o->pane : &o->pcs) = true;
            continue;
        }
        if (a[0] != '-' || !a[1]) {
            if (o->trace) {
                fprintf(stderr, "gcnviz: takes one trace file; '%s' is a second one\n", a);
                return 1;
            }
            o->trace = a;
            continue;
        }
        static const char *const with_value[] = { "--png", "--size", "--range", "--select", "--font", "--frames",
                                                  "--palette", "--view", "--cu", "--strip", "--wave", "--wg", "--inst" };
        const char *val = NULL, *eq = strchr(a, '=');
        size_t nlen = eq ? (size_t)(eq - a) : strlen(a);
        int k = -1;
        for (int j = 0; j < 13; j++)
            if (strlen(with_value[j]) == nlen && !strncmp(a, with_value[j], nlen))
                k = j;
        if (k < 0) {
            fprintf(stderr, "gcnviz: unknown option '%.*s' (see 'gcnviz --help')\n", (int)nlen, a);
            return 1;
        }
        if (eq)
            val = eq + 1;
        else if (i + 1 < argc)
            val = argv[++i];
        else {
            fprintf(stderr, "gcnviz: option %s needs a value\n", with_value[k]);
            return 1;
        }
        switch (k) {
        case 0: o->png = val; break;
        case 1:
            if (!parse_size(val, &o->w, &o->h)) {
                fprintf(stderr, "gcnviz: --size expects WxH in pixels (W 320 to 8192, H 240 to 8192), got '%s'\n", val);
                return 1;
            }
            break;
        case 2:
        case 3: {
            bool sel = k == 3;
            uint64_t *f = sel ? &o->sel_from : &o->range_from, *t = sel ? &o->sel_to : &o->range_to;
            if (!parse_range(val, f, t, sel ? &o->sel_open_to : &o->range_open_to)) {
                fprintf(stderr, "gcnviz: %s expects FROM:TO (cycles, FROM < TO; either may be omitted), got '%s'\n",
                        with_value[k], val);
                return 1;
            }
            *(sel ? &o->select : &o->range) = true;
            break;
        }
        case 4: o->font = val; break;
        case 6:
            if (!(o->pal = viz_palette_find(val))) {
                fprintf(stderr, "gcnviz: --palette expects default or cb, got '%s'\n", val);
                return 1;
            }
            break;
        case 7:
            if (strcmp(val, "detail") && strcmp(val, "overview")) {
                fprintf(stderr, "gcnviz: --view expects detail or overview, got '%s'\n", val);
                return 1;
            }
            o->view = strcmp(val, "detail") ? VIZ_MODE_OVERVIEW : VIZ_MODE_DETAIL;
            break;
        case 8: {
            uint64_t n;
            if (!parse_u64(val, &n) || n > 255) {
                fprintf(stderr, "gcnviz: --cu expects a CU number (0 to 255), got '%s'\n", val);
                return 1;
            }
            o->cu = (long)n;
            break;
        }
        case 9:
            if (strcmp(val, "state") && strcmp(val, "occupancy")) {
                fprintf(stderr, "gcnviz: --strip expects state or occupancy, got '%s'\n", val);
                return 1;
            }
            o->strip = strcmp(val, "state") ? VIZ_STRIP_OCC : VIZ_STRIP_STATE;
            break;
        case 10:
        case 11:
            if (!parse_u64(val, &o->pf_id)) {
                fprintf(stderr, "gcnviz: %s expects a %s id (a number from 0), got '%s'\n", with_value[k],
                        k == 10 ? "wave" : "workgroup", val);
                return 1;
            }
            o->pf = k == 10 ? VIZ_PF_WAVE : VIZ_PF_WG;
            break;
        case 12: {
            char *end;
            errno = 0;
            unsigned long long pc = strtoull(val, &end, 0);
            if (val[0] < '0' || val[0] > '9' || *end || errno || pc > UINT32_MAX) {
                fprintf(stderr, "gcnviz: --inst expects an instruction's byte offset (0x... or decimal), got '%s'\n", val);
                return 1;
            }
            o->inst = true;
            o->inst_pc = pc;
            break;
        }
        default: {
            uint64_t n;
            if (!parse_u64(val, &n) || n == 0 || n > 1000000) {
                fprintf(stderr, "gcnviz: --frames expects a positive integer (at most 1000000), got '%s'\n", val);
                return 1;
            }
            o->frames = (long)n;
        }
        }
    }
    if (!o->trace) {
        fputs(usage, stderr);
        return 1;
    }
    return -1;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* --stats: the range statistics as the status line gives them, one figure per line for scripts. */
static void print_stats(viz_view_t *v, bool sel)
{
    const viz_model_t *m = v->m;
    viz_range_t s;
    if (sel)
        s = v->range;
    else {
        viz_range_stats(m, 0, m->end + 1, &s);
        /* The memory sums: the whole run, late acknowledgements too, to a bucket's edge (inside a
         * bucket its amount is taken as even, so the last one must be counted whole). */
        uint64_t to = m->ser_end > m->end + 1 ? m->ser_end : m->end + 1, w = (uint64_t)1 << m->ser_shift;
        to = (to + w - 1) / w * w;
        for (int k = 0; k < VIZ_NUM_MS; k++)
            s.mem[k] = viz_series_over(m, &m->ms[k], 0, (double)to);
    }
    printf("range %llu-%llu\n", (unsigned long long)s.from, (unsigned long long)s.to);
    printf("occupancy %.2f%% (%.2f waves/CU)\n", 100 * s.occupancy, s.waves_per_cu);
    if (m->issues)
        printf("valu utilisation %.2f%%\nhidden latency %.2f%% of %llu wait cycles\n", 100 * s.valu_util,
               s.wait_cycles ? 100.0 * (double)s.hidden_cycles / (double)s.wait_cycles : 0.0, (unsigned long long)s.wait_cycles);
    if (m->mfma)
        printf("matrix core utilisation %.2f%%\n", 100 * s.mfma_util);
    if (!m->mem) {
        printf("memory: no memory records (trace with --trace-mem)\n");
        return;
    }
    const double *x = s.mem;
    printf("dram bytes %.0f\nl2 bytes %.0f\nl1 hits %.0f of %.0f lookups\nl2 hits %.0f of %.0f lookups\n"
           "address-unit stall cycles %.0f\n", x[VIZ_MS_DRAM], x[VIZ_MS_L2B], x[VIZ_MS_L1_HIT], x[VIZ_MS_L1_LOOK],
           x[VIZ_MS_L2_HIT], x[VIZ_MS_L2_LOOK], x[VIZ_MS_STALL]);
    /* MSHRs in use: their holding cycles over the range's cycles (the whole run: 0 to its last cycle + 1) */
    double span = (double)(s.to > s.from ? s.to - s.from : 1);
    printf("l1 mshr cycles %.0f: %.3f%% of %u per CU in use\nl2 mshr cycles %.0f: %.3f%% of %u per channel in use\n",
           x[VIZ_MS_L1_MSHR], 100 * x[VIZ_MS_L1_MSHR] / span / viz_mshrs(m, 1), m->h.mem.l1v_mshrs, x[VIZ_MS_L2_MSHR],
           100 * x[VIZ_MS_L2_MSHR] / span / viz_mshrs(m, 2), m->h.mem.l2_mshrs);
}

/* --pcs: the pane's table, one instruction a line, for scripts (docs/viewer.md). */
static void print_pcs(viz_view_t *v)
{
    const viz_model_t *m = v->m;
    const viz_pc_row_t *rows = viz_pane_rows(v);
    printf("%-7s %9s %11s %9s %8s %10s %10s  instruction\n", "pc", "issues", "cycles", "avg", "max", "waited", "hidden");
    for (uint32_t i = 0; rows && i < m->h.ninsts; i++) {
        const viz_pc_row_t *p = &rows[i];
        if (!p->issues && !p->waited)
            continue;
        uint32_t pc = m->h.insts[i].pc == TRACE_PC_UNKNOWN ? i : m->h.insts[i].pc;
        const char *k = viz_inst_kernel(m, i);   /* several kernels: "KERNEL: " first, as the report */
        printf("0x%04" PRIx32 "  %9" PRIu64 " %11" PRIu64 " %9.2f %8" PRIu32 " %10" PRIu64 " %10" PRIu64 "  %s%s%s\n", pc,
               p->issues, p->lat_sum, p->nlat ? (double)p->lat_sum / (double)p->nlat : 0.0, p->lat_max, p->waited,
               p->hidden, k ? k : "", k ? ": " : "", m->h.insts[i].text ? m->h.insts[i].text : "?");
    }
}

/* --wave, --wg, --inst against the trace; returns false after printing why. */
static bool apply_pane(viz_view_t *v, const opts_t *o)
{
    const viz_model_t *m = v->m;
    v->pane = o->pane;
    if ((o->pcs || o->pane || o->pf || o->inst) && !m->issues) {
        fprintf(stderr, "gcnviz: %s: the instruction timing pane needs issue records (trace with --trace-issues)\n", m->path);
        return false;
    }
    if (o->pf) {
        bool found = false;
        for (size_t i = 0; i < m->pcs.nw && !found; i++)
            found = (o->pf == VIZ_PF_WAVE ? m->pcs.w[i].id : m->pcs.w[i].wg) == o->pf_id;
        if (!found) {
            fprintf(stderr, "gcnviz: %s %" PRIu64 ": the trace has no such %s\n", o->pf == VIZ_PF_WAVE ? "--wave" : "--wg",
                    o->pf_id, o->pf == VIZ_PF_WAVE ? "wave" : "workgroup");
            return false;
        }
        v->pf = (viz_pfilter_t)o->pf;
        v->pf_id = o->pf_id;
    }
    if (o->inst) {
        for (uint32_t i = 0; i < m->h.ninsts && v->pick < 0; i++)
            if (m->h.insts[i].pc == o->inst_pc)
                v->pick = (int32_t)i;
        if (v->pick < 0) {
            fprintf(stderr, "gcnviz: --inst 0x%04" PRIx64 ": no instruction of the trace's listing starts there\n", o->inst_pc);
            return false;
        }
        if (v->pane && (uint32_t)v->pick > 8)   /* the picked row in view, with some context above */
            v->pane_top = (uint32_t)v->pick - 8;
    }
    return true;
}

/* Whether a window can have a display: SDL started with none to talk to may wait forever (its
 * Wayland and X11 probes), so without DISPLAY, WAYLAND_DISPLAY or an explicit SDL_VIDEODRIVER
 * (the user's own choice, SDL reports its failure) gcnviz says what to do instead. */
static bool display_missing(void)
{
#if defined(__APPLE__) || defined(_WIN32)
    return false; /* the display is the system's own */
#else
    static const char *const vars[] = { "DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER" };
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *v = getenv(vars[i]);
        if (v && *v)
            return false;
    }
    return true;
#endif
}

static int run(int argc, char **argv)
{
    opts_t o = { .view = -1, .cu = -1 };
    int rc = parse(argc, argv, &o);
    if (rc >= 0)
        return rc;
    if (!o.w)
        o.w = o.png ? 1600 : 1280, o.h = o.png ? 900 : 800;
    if (!o.png && !o.stats && !o.pcs && display_missing()) {
        fputs("gcnviz: error: no display to open a window on (DISPLAY and WAYLAND_DISPLAY are not set); draw the "
              "timeline into a file with --png OUT.png, or print figures with --stats or --pcs\n", stderr);
        return 1;
    }
    if (o.png) {
        /* The picture must never replace the trace (or the font) it is drawn from. */
        fio_files_t files;
        fio_files_init(&files);
        fio_files_input(&files, o.trace, "the trace");
        fio_files_input(&files, o.font, "the font");
        bool distinct = fio_files_output(&files, "gcnviz", "--png", o.png, stderr);
        fio_files_free(&files);
        if (!distinct)
            return 1;
    }
    char msg[1024];
    double t0 = now();
    viz_model_t *m = viz_model_load(o.trace, msg, sizeof msg);
    if (!m) {
        fprintf(stderr, "gcnviz: error: %s\n", msg);
        return strstr(msg, "out of memory") ? 3 : 1;
    }
    if (o.frames > 0)
        fprintf(stderr, "gcnviz: loaded %s (%llu records) in %.3f s\n", o.trace, (unsigned long long)m->records, now() - t0);
    viz_text_t *text = viz_text_open(o.font, 12, stderr);
    if (!text) {
        viz_model_free(m);
        fprintf(stderr, "gcnviz: error: out of memory\n");
        return 3;
    }
    viz_view_t v;
    viz_view_init(&v, m, text);
    if (o.range)
        viz_view_set(&v, (double)o.range_from, o.range_open_to ? (double)m->end + 1 : (double)o.range_to);
    if (o.select)
        viz_view_select(&v, o.sel_from, o.sel_open_to ? m->end + 1 : o.sel_to);
    if (o.cu >= (long)m->h.ncu) {
        fprintf(stderr, "gcnviz: --cu %ld: the trace has %u CUs (0 to %u)\n", o.cu, m->h.ncu, m->h.ncu - 1);
        viz_text_close(text);
        viz_model_free(m);
        return 1;
    }
    if (o.pal)
        v.pal = o.pal;
    v.strip = (viz_strip_t)o.strip;
    viz_view_mode(&v, o.view >= 0 ? (viz_mode_t)o.view : m->h.ncu > 4 ? VIZ_MODE_OVERVIEW : VIZ_MODE_DETAIL,
                  o.cu >= 0 ? (uint32_t)o.cu : 0);
    if (!apply_pane(&v, &o)) {
        viz_view_free(&v);
        viz_text_close(text);
        viz_model_free(m);
        return 1;
    }
    if (o.pcs) {
        print_pcs(&v);
        viz_view_free(&v);
        viz_text_close(text);
        viz_model_free(m);
        return 0;
    }
    if (o.stats) {
        print_stats(&v, o.select);
        viz_view_free(&v);
        viz_text_close(text);
        viz_model_free(m);
        return 0;
    }
    rc = o.png ? viz_render_png(&v, o.png, o.w, o.h, o.frames, stderr) : viz_window_run(&v, o.w, o.h, o.frames, stderr);
    viz_view_free(&v);
    if (o.png && rc == 0)
        printf("gcnviz: wrote the timeline picture %s (%dx%d)\n", o.png, o.w, o.h);
    viz_text_close(text);
    viz_model_free(m);
    return rc;
}

int main(int argc, char **argv)
{
    /* A closed standard stream must not become the PNG's file; a lost "wrote ..." line is a failure. */
    fio_guard_std_streams();
    return fio_finish_std_streams("gcnviz", run(argc, argv));
}
