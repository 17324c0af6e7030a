/* cfg: the machine configuration. The key table (cfg_keys[]) is generated from config.def, so
 * loading, --set, validation, printing and docs/config.md all walk the same list. Machine files are
 * read by the INI reader workload files are read by too (base/ini_read.h: line numbers, headers,
 * comments and malformed lines), comments allowed after a value. */
#include "config/config.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm_diag.h" /* asm_diag_vprintf: messages that echo input */
#include "base/fileio.h"
#include "isa.h"

_Static_assert((int)CFG_TARGET_GFX803 == (int)ISA_TARGET_GFX803 && (int)CFG_TARGET_GFX900 == (int)ISA_TARGET_GFX900 &&
                   (int)CFG_TARGET_GFX906 == (int)ISA_TARGET_GFX906 && (int)CFG_TARGET_GFX908 == (int)ISA_TARGET_GFX908 &&
                   (int)CFG_TARGET_GFX90A == (int)ISA_TARGET_GFX90A && (int)CFG_TARGET_GFX942 == (int)ISA_TARGET_GFX942,
               "gpu.target lists the targets in isa_target_t's order");
#include "base/ini_read.h"
#include "base/text.h"

const cfg_key_t cfg_keys[] = {
#define CFG_INT(sec, k, def, lo, hi, u, src, desc)                                                   \
    { .section = #sec, .key = #k, .is_enum = false, .def_int = (def), .min = (lo), .max = (hi),      \
      .unit = (u), .source = (src), .description = (desc), .offset = offsetof(cfg_t, sec##_##k) },
#define CFG_ENUM(sec, k, def, ch, src, desc)                                                          \
    { .section = #sec, .key = #k, .is_enum = true, .def_enum = (def), .choices = (ch),               \
      .source = (src), .description = (desc), .offset = offsetof(cfg_t, sec##_##k) },
#include "config/config.def"
#undef CFG_INT
#undef CFG_ENUM
};

/* The key count as a constant expression, for arrays indexed by key. */
enum {
    NKEYS = 0
#define CFG_INT(sec, k, def, lo, hi, u, src, desc) +1
#define CFG_ENUM(sec, k, def, ch, src, desc) +1
#include "config/config.def"
#undef CFG_INT
#undef CFG_ENUM
};

const unsigned cfg_nkeys = NKEYS;

enum { NAME_MAX_LEN = 64, MSG_MAX = 512 };

/* ---- table helpers ------------------------------------------------------------------------- */

static int64_t *int_member(cfg_t *c, const cfg_key_t *k) { return (int64_t *)(void *)((char *)c + k->offset); }
static int *enum_member(cfg_t *c, const cfg_key_t *k) { return (int *)(void *)((char *)c + k->offset); }
static int64_t int_value(const cfg_t *c, const cfg_key_t *k) { return *(const int64_t *)(const void *)((const char *)c + k->offset); }
static int enum_value(const cfg_t *c, const cfg_key_t *k) { return *(const int *)(const void *)((const char *)c + k->offset); }

/* Index of `word` in a "a|b|c" choice list, or -1. */
static int choice_index(const char *choices, const char *word)
{
    size_t n = strlen(word);
    int i = 0;
    for (const char *p = choices;; i++) {
        size_t len = strcspn(p, "|");
        if (len == n && strncmp(p, word, n) == 0)
            return i;
        if (p[len] == '\0')
            return -1;
        p += len + 1;
    }
}

/* Choice number `idx` copied into buf ("?" when out of range, which only a corrupt cfg_t has). */
static const char *choice_name(const char *choices, int idx, char *buf, size_t len)
{
    const char *p = choices;
    for (int i = 0; i < idx && p; i++) {
        p = strchr(p, '|');
        if (p)
            p++;
    }
    if (!p || idx < 0)
        return "?";
    size_t n = strcspn(p, "|");
    if (n >= len)
        n = len - 1;
    memcpy(buf, p, n);
    buf[n] = '\0';
    return buf;
}

/* Split a choice list into `words` (pointers into `store`); returns how many. */
static size_t split_choices(const char *choices, char *store, size_t storelen, const char **words, size_t max)
{
    snprintf(store, storelen, "%s", choices);
    size_t n = 0;
    for (char *p = store; p && n < max; n++) {
        words[n] = p;
        p = strchr(p, '|');
        if (p)
            *p++ = '\0';
    }
    return n;
}

static const cfg_key_t *find_key(const char *section, const char *key)
{
    for (unsigned i = 0; i < NKEYS; i++)
        if (strcmp(cfg_keys[i].section, section) == 0 && strcmp(cfg_keys[i].key, key) == 0)
            return &cfg_keys[i];
    return NULL;
}

static bool is_section(const char *s)
{
    for (unsigned i = 0; i < NKEYS; i++)
        if (strcmp(cfg_keys[i].section, s) == 0)
            return true;
    return false;
}

/* The distinct section names in table order; returns how many. */
static size_t section_names(const char **out)
{
    size_t n = 0;
    for (unsigned i = 0; i < NKEYS; i++)
        if (n == 0 || strcmp(out[n - 1], cfg_keys[i].section) != 0)
            out[n++] = cfg_keys[i].section;
    return n;
}

/* "section.key" of every key, written into store[NKEYS][NAME_MAX_LEN]. */
static void full_names(char store[][NAME_MAX_LEN], const char **out)
{
    for (unsigned i = 0; i < NKEYS; i++) {
        snprintf(store[i], NAME_MAX_LEN, "%s.%s", cfg_keys[i].section, cfg_keys[i].key);
        out[i] = store[i];
    }
}

/* Append to a bounded message buffer. */
static void __attribute__((format(printf, 3, 4))) append(char *buf, size_t len, const char *fmt, ...)
{
    size_t used = strlen(buf);
    if (used + 1 >= len)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + used, len - used, fmt, ap);
    va_end(ap);
}

void cfg_defaults(cfg_t *c)
{
    memset(c, 0, sizeof *c);
    for (unsigned i = 0; i < NKEYS; i++) {
        const cfg_key_t *k = &cfg_keys[i];
        if (k->is_enum)
            *enum_member(c, k) = choice_index(k->choices, k->def_enum);
        else
            *int_member(c, k) = k->def_int;
    }
}

/* ---- values -------------------------------------------------------------------------------- */

/* Decimal or 0x hex, optional sign, optional binary suffix K (2^10), M (2^20) or G (2^30), either
 * case. Values too large for int64_t saturate, so the range check reports them. */
static bool parse_int(const char *s, int64_t *out)
{
    const char *p = s;
    bool neg = *p == '-';
    if (*p == '-' || *p == '+')
        p++;
    int base = 10;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        base = 16;
        p += 2;
    }
    if (!isxdigit((unsigned char)*p) || (base == 10 && !isdigit((unsigned char)*p)))
        return false;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(p, &end, base);
    bool huge = errno == ERANGE;
    unsigned shift = 0;
    switch (*end) {
    case 'k': case 'K': shift = 10; end++; break;
    case 'm': case 'M': shift = 20; end++; break;
    case 'g': case 'G': shift = 30; end++; break;
    default: break;
    }
    if (*end != '\0')
        return false;
    if (huge || v > ((unsigned long long)INT64_MAX >> shift))
        *out = neg ? INT64_MIN : INT64_MAX;
    else
        *out = neg ? -(int64_t)(v << shift) : (int64_t)(v << shift);
    return true;
}

/* Give key k the value `text`; false with the reason in msg. */
static bool assign(cfg_t *c, const cfg_key_t *k, const char *text, char *msg, size_t len)
{
    msg[0] = '\0';
    if (text[0] == '\0') {
        snprintf(msg, len, "%s.%s has no value", k->section, k->key);
        return false;
    }
    if (k->is_enum) {
        int idx = choice_index(k->choices, text);
        if (idx >= 0) {
            *enum_member(c, k) = idx;
            return true;
        }
        char store[256];
        const char *words[16];
        size_t n = split_choices(k->choices, store, sizeof store, words, 16);
        snprintf(msg, len, "%s.%s = '%s' is not one of: ", k->section, k->key, text);
        for (size_t i = 0; i < n; i++)
            append(msg, len, "%s%s", i ? ", " : "", words[i]);
        const char *s = txt_nearest(text, words, n, 3);
        if (s)
            append(msg, len, "; did you mean '%s'?", s);
        return false;
    }
    int64_t v;
    if (!parse_int(text, &v)) {
        snprintf(msg, len, "%s.%s = '%s': expected an integer (decimal or 0x hex, optionally with a K, M or G suffix)",
                 k->section, k->key, text);
        return false;
    }
    if (v < k->min || v > k->max) {
        snprintf(msg, len, "%s.%s = %s is out of range: %" PRId64 " to %" PRId64 " (%s)", k->section, k->key,
                 text, k->min, k->max, k->unit);
        return false;
    }
    *int_member(c, k) = v;
    return true;
}

/* ---- machine files ------------------------------------------------------------------------- */

typedef struct {
    cfg_t *cfg;
    const char *path;
    fio_text_t text;
    FILE *err;
    unsigned lineno;            /* the line being read (ini_read) */
    int nerr;
    bool section_ok;            /* the current section is a configuration section (or none yet) */
    unsigned seen[NKEYS];       /* line that set each key, 0: not in this file */
} load_t;

static void file_verror(void *user, uint32_t line, const char *fmt, va_list ap)
{
    load_t *l = user;
    if (++l->nerr > FIO_ERRORS_MAX)
        return;
    if (line)
        fprintf(l->err, "%s:%" PRIu32 ": error: ", l->path, line);
    else
        fprintf(l->err, "%s: error: ", l->path);
    asm_diag_vprintf(l->err, fmt, ap);
}

static void __attribute__((format(printf, 3, 4))) file_error(load_t *l, unsigned line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    file_verror(l, line, fmt, ap);
    va_end(ap);
}

static void unknown_section(load_t *l, const char *name)
{
    const char *secs[NKEYS];
    size_t n = section_names(secs);
    const char *s = txt_nearest(name, secs, n, 3);
    if (s) {
        file_error(l, l->lineno, "unknown section [%s]; did you mean [%s]?", name, s);
        return;
    }
    char list[MSG_MAX] = "";
    for (size_t i = 0; i < n; i++)
        append(list, sizeof list, "%s[%s]", i ? ", " : "", secs[i]);
    file_error(l, l->lineno, "unknown section [%s]; sections are %s", name, list);
}

/* Sections holding a key of this exact name, as "[a], [b]"; returns how many. */
static unsigned sections_with_key(const char *key, char *list, size_t len)
{
    unsigned n = 0;
    list[0] = '\0';
    for (unsigned i = 0; i < NKEYS; i++)
        if (strcmp(cfg_keys[i].key, key) == 0)
            append(list, len, "%s[%s]", n++ ? ", " : "", cfg_keys[i].section);
    return n;
}

static void unknown_key(load_t *l, const char *section, const char *key)
{
    const char *keys[NKEYS];
    size_t n = 0;
    for (unsigned i = 0; i < NKEYS; i++)
        if (strcmp(cfg_keys[i].section, section) == 0)
            keys[n++] = cfg_keys[i].key;
    const char *s = txt_nearest(key, keys, n, 3);
    char list[MSG_MAX];
    if (s)
        file_error(l, l->lineno, "unknown key '%s' in [%s]; did you mean '%s'?", key, section, s);
    else if (sections_with_key(key, list, sizeof list))
        file_error(l, l->lineno, "unknown key '%s' in [%s]; '%s' is a key of %s", key, section, key, list);
    else {
        list[0] = '\0';
        for (size_t i = 0; i < n; i++)
            append(list, sizeof list, "%s%s", i ? ", " : "", keys[i]);
        file_error(l, l->lineno, "unknown key '%s' in [%s]; keys of [%s] are %s", key, section, section, list);
    }
}

/* A section header (ini_read): NULL when malformed (reported), its keys then ignored. */
static void on_section(void *user, const char *name, uint32_t line)
{
    load_t *l = user;
    l->lineno = line;
    l->section_ok = name && is_section(name);
    if (name && !l->section_ok)
        unknown_section(l, name);
}

static int handler(void *user, const char *section, const char *name, const char *value, uint32_t line,
                   const char *text)
{
    load_t *l = user;
    (void)text;
    l->lineno = line;
    if (!l->section_ok)
        return 1; /* the header was already reported */
    if (section[0] == '\0') {
        char list[MSG_MAX];
        if (sections_with_key(name, list, sizeof list))
            file_error(l, l->lineno, "key '%s' is outside any section; it belongs in %s", name, list);
        else
            file_error(l, l->lineno, "key '%s' is outside any section (start with a section such as [cu])", name);
        return 1;
    }
    const cfg_key_t *k = find_key(section, name);
    if (!k) {
        unknown_key(l, section, name);
        return 1;
    }
    unsigned idx = (unsigned)(k - cfg_keys);
    if (l->seen[idx]) {
        file_error(l, l->lineno, "duplicate key '%s' in [%s] (first given at line %u)", name, section, l->seen[idx]);
        return 1;
    }
    l->seen[idx] = l->lineno;
    char msg[MSG_MAX];
    if (!assign(l->cfg, k, value, msg, sizeof msg))
        file_error(l, l->lineno, "%s", msg);
    return 1;
}

int cfg_load_file(cfg_t *c, const char *path, FILE *err)
{
    load_t *l = calloc(1, sizeof *l);
    if (!l) {
        fprintf(err, "%s: error: out of memory\n", path);
        return 1;
    }
    l->cfg = c;
    l->path = path;
    l->err = err;
    l->section_ok = true;
    if (!fio_read_text(path, "configuration file", FIO_CONFIG_MAX, &l->text, err)) {
        l->nerr++;
    } else {
        /* Comments may follow a value on its line: values never hold ';' or '#'. */
        static const ini_read_ops_t ops = { true, on_section, handler, file_verror };
        int rc = ini_read_text(&l->text, &ops, l);
        if (rc < 0)
            file_error(l, 0, "cannot read configuration file");
        else if (rc > 0 && l->nerr == 0)
            file_error(l, (unsigned)rc, "malformed line");
        fio_text_free(&l->text);
    }
    fio_more_errors(path, l->nerr, err);
    int nerr = l->nerr;
    free(l);
    return nerr;
}

/* ---- --set --------------------------------------------------------------------------------- */

bool cfg_is_key(const char *name)
{
    const char *dot = strchr(name, '.');
    if (!dot || (size_t)(dot - name) >= NAME_MAX_LEN)
        return false;
    char sec[NAME_MAX_LEN];
    memcpy(sec, name, (size_t)(dot - name));
    sec[dot - name] = '\0';
    return find_key(sec, dot + 1) != NULL;
}

int cfg_set(cfg_t *c, const char *assignment, FILE *err)
{
    const char *eq = strchr(assignment, '=');
    if (!eq) {
        fprintf(err, "--set '%s': error: expected section.key=value (e.g. cu.wave_slots=8)\n", assignment);
        return 1;
    }
    char name[NAME_MAX_LEN * 2], value[256];
    snprintf(name, sizeof name, "%.*s", (int)(eq - assignment), assignment);
    snprintf(value, sizeof value, "%s", eq + 1);
    char *n = txt_trim(name), *v = txt_trim(value);
    const cfg_key_t *k = NULL;
    char *dot = strchr(n, '.');
    if (dot) {
        *dot = '\0';
        k = find_key(n, dot + 1);
        *dot = '.';
    }
    if (!k) {
        char store[NKEYS][NAME_MAX_LEN];
        const char *names[NKEYS];
        full_names(store, names);
        const char *s = txt_nearest(n, names, NKEYS, 3);
        if (s)
            fprintf(err, "--set '%s': error: unknown key '%s'; did you mean '%s'?\n", assignment, n, s);
        else
            fprintf(err, "--set '%s': error: unknown key '%s' (configuration keys: 'gcnsim config --dump', docs/config.md)\n",
                    assignment, n);
        return 1;
    }
    char msg[MSG_MAX];
    if (!assign(c, k, v, msg, sizeof msg)) {
        fprintf(err, "--set '%s': error: %s\n", assignment, msg);
        return 1;
    }
    return 0;
}

/* ---- the memory of a configuration ------------------------------------------------------------ */

static uint64_t sat_mul(uint64_t a, uint64_t b) { return b && a > UINT64_MAX / b ? UINT64_MAX : a * b; }
static uint64_t sat_add(uint64_t a, uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }

/* One cache level: lines (size / line) and MSHRs, for `n` copies. */
static uint64_t cache_bytes(uint64_t n, int64_t size, int64_t line, int64_t mshrs, uint64_t mshr_copies)
{
    uint64_t lines = line > 0 ? (uint64_t)size / (uint64_t)line : 0;
    return sat_add(sat_mul(n, sat_mul(lines, CFG_MEM_LINE)), sat_mul(mshr_copies, sat_mul((uint64_t)mshrs, CFG_MEM_MSHR)));
}

uint64_t cfg_machine_bytes(const cfg_t *c, cfg_mem_part_t parts[CFG_MEM_PARTS])
{
    uint64_t cus = (uint64_t)c->gpu_compute_units;
    bool ideal = c->mem_model == CFG_MEM_IDEAL;
    uint64_t per = (uint64_t)(c->scalar_cus_per_cache > 0 ? c->scalar_cus_per_cache : 1);
    uint64_t xcds = (uint64_t)(c->gpu_xcds > 0 ? c->gpu_xcds : 1), nscalar = xcds * ((cus / xcds + per - 1) / per);
    /* A wave slot holds up to min(cu.vgprs, 256) VGPRs of 64 lanes; the CU's LDS with the checker's bytes. */
    uint64_t vgprs = (uint64_t)(c->cu_vgprs < 256 ? c->cu_vgprs : 256);
    uint64_t slot = vgprs * 64 * 4, slots = (uint64_t)c->cu_simds * (uint64_t)c->cu_wave_slots;
    uint64_t cu = sat_add(sat_add(CFG_MEM_CU, sat_mul(slots, slot)), sat_mul((uint64_t)c->cu_lds_bytes, CFG_MEM_LDS_FACTOR));
    parts[0] = (cfg_mem_part_t){ "compute units", "gpu.compute_units x (cu.simds x cu.wave_slots x cu.vgprs, cu.lds_bytes)",
                                 sat_mul(cus, cu) };
    parts[1] = (cfg_mem_part_t){ "vector L1", "gpu.compute_units x (l1v.size / l1v.line, l1v.mshrs)",
                                 ideal ? 0 : cache_bytes(cus, c->l1v_size, c->l1v_line, c->l1v_mshrs, cus) };
    parts[2] = (cfg_mem_part_t){ "scalar cache", "gpu.compute_units / scalar.cus_per_cache x (scalar.size / scalar.line, scalar.mshrs)",
                                 ideal ? 0 : cache_bytes(nscalar, c->scalar_size, c->scalar_line, c->scalar_mshrs, nscalar) };
    parts[3] = (cfg_mem_part_t){ "L2", "l2.size / l2.line, l2.channels x l2.mshrs",
                                 ideal ? 0 : cache_bytes((uint64_t)c->gpu_xcds, c->l2_size, c->l2_line, c->l2_mshrs,
                                                           sat_mul((uint64_t)c->gpu_xcds, (uint64_t)c->l2_channels)) };
    parts[6] = (cfg_mem_part_t){ "Infinity Cache", "llc.size / l2.line, dram.channels x llc.mshrs",
                                 ideal || c->llc_size == 0 ? 0
                                     : cache_bytes(1, c->llc_size, c->l2_line, c->llc_mshrs, (uint64_t)c->dram_channels) };
    parts[4] = (cfg_mem_part_t){ "DRAM", "dram.channels x dram.banks",
                                 ideal || c->dram_row_model != CFG_ROW_ON ? 0
                                     : sat_mul(sat_mul((uint64_t)c->dram_channels, (uint64_t)c->dram_banks), CFG_MEM_BANK) };
    parts[5] = (cfg_mem_part_t){ "TLBs", "gpu.compute_units x tlb.l1_entries, tlb.l2_entries",
                                 ideal || c->tlb_model != CFG_TLB_ON ? 0
                                     : sat_mul(sat_add(sat_mul(cus, (uint64_t)c->tlb_l1_entries), (uint64_t)c->tlb_l2_entries),
                                               CFG_MEM_TLB) };
    uint64_t total = 0;
    for (int i = 0; i < CFG_MEM_PARTS; i++)
        total = sat_add(total, parts[i].bytes);
    return total;
}

/* Bytes as "1.5 GiB", "12 MiB". */
static void human_bytes(uint64_t b, char *buf, size_t n)
{
    static const char *const unit[] = { "bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };
    double v = (double)b;
    int u = 0;
    while (v >= 1024 && u < 6) {
        v /= 1024;
        u++;
    }
    snprintf(buf, n, u ? "%.1f %s" : "%.0f %s", v, unit[u]);
}

/* ---- cross-key checks ---------------------------------------------------------------------- */

int cfg_validate(const cfg_t *c, FILE *err)
{
    int nerr = 0;
    /* A register file or LDS that is not a whole number of allocation granules has a tail no
     * allocation can use: almost certainly a typo. */
    static const struct { const char *what, *granule; size_t total_off, granule_off; } granules[] = {
        { "cu.vgprs", "cu.vgpr_granule", offsetof(cfg_t, cu_vgprs), offsetof(cfg_t, cu_vgpr_granule) },
        { "cu.sgprs", "cu.sgpr_granule", offsetof(cfg_t, cu_sgprs), offsetof(cfg_t, cu_sgpr_granule) },
        { "cu.lds_bytes", "cu.lds_granule", offsetof(cfg_t, cu_lds_bytes), offsetof(cfg_t, cu_lds_granule) },
    };
    for (size_t i = 0; i < sizeof granules / sizeof granules[0]; i++) {
        int64_t total = *(const int64_t *)(const void *)((const char *)c + granules[i].total_off);
        int64_t g = *(const int64_t *)(const void *)((const char *)c + granules[i].granule_off);
        if (g > 0 && total % g != 0) {
            fprintf(err, "configuration: error: %s = %" PRId64 " is not a multiple of %s = %" PRId64 "\n",
                    granules[i].what, total, granules[i].granule, g);
            nerr++;
        }
    }
    /* Each XCD holds the same number of CUs (gpu.xcds, config.def). */
    if (c->gpu_compute_units % c->gpu_xcds != 0) {
        fprintf(err, "configuration: error: gpu.compute_units = %" PRId64 " is not a multiple of gpu.xcds = %" PRId64 "\n",
                c->gpu_compute_units, c->gpu_xcds);
        nerr++;
    }
    /* The machine's memory, before anything is allocated: refused above the limit, with the keys
     * of the parts that take most of it (the largest first). */
    cfg_mem_part_t parts[CFG_MEM_PARTS];
    uint64_t total = cfg_machine_bytes(c, parts);
    if (total > (uint64_t)c->limits_machine_memory) {
        char t[32], lim[32];
        human_bytes(total, t, sizeof t);
        human_bytes((uint64_t)c->limits_machine_memory, lim, sizeof lim);
        fprintf(err, "configuration: error: this machine would take about %s of memory, above limits.machine_memory = "
                "%" PRId64 " (%s):\n", t, c->limits_machine_memory, lim);
        bool shown[CFG_MEM_PARTS] = { false };
        for (int n = 0; n < CFG_MEM_PARTS; n++) {
            int big = -1;
            for (int i = 0; i < CFG_MEM_PARTS; i++)
                if (!shown[i] && parts[i].bytes && (big < 0 || parts[i].bytes > parts[big].bytes))
                    big = i;
            if (big < 0 || parts[big].bytes < total / 100)
                break;
            shown[big] = true;
            human_bytes(parts[big].bytes, t, sizeof t);
            fprintf(err, "  %s: %s (%s)\n", parts[big].what, t, parts[big].keys);
        }
        fprintf(err, "  lower those keys, or raise limits.machine_memory if the machine has the memory\n");
        nerr++;
    }
    /* Deliberately not checked: cu.max_waves above cu.simds x cu.wave_slots, or cu.max_workgroups
     * above cu.max_waves. The smaller limit simply applies, so `--set cu.wave_slots=4` alone is a
     * valid occupancy experiment. */
    return nerr;
}

/* ---- printing ------------------------------------------------------------------------------ */

/* `text` as "; " comment lines of at most about `width` characters. */
static void comment(FILE *out, const char *text, size_t width)
{
    const char *p = text;
    while (*p) {
        size_t n = strlen(p);
        if (n > width) {
            n = width;
            while (n > 0 && p[n] != ' ')
                n--;
            if (n == 0)
                n = strcspn(p, " ");
        }
        fprintf(out, "; %.*s\n", (int)n, p);
        p += n;
        while (*p == ' ')
            p++;
    }
}

void cfg_dump(const cfg_t *c, FILE *out)
{
    fputs("; gcnsim machine configuration: every key with its effective value (gcnsim config --dump).\n"
          "; Load it with --config FILE; docs/config.md describes each key.\n"
          "; The built-in defaults are one compute unit of an AMD Fiji (R9 Nano / R9 Fury X, GCN3); for the\n"
          "; whole chip (64 CUs, the same L2 and DRAM):\n"
          "; --config sim/configs/fiji-64.ini or --set gpu.compute_units=64.\n", out);
    const char *section = "";
    for (unsigned i = 0; i < NKEYS; i++) {
        const cfg_key_t *k = &cfg_keys[i];
        if (strcmp(section, k->section) != 0) {
            section = k->section;
            fprintf(out, "\n[%s]\n", section);
        } else
            fputc('\n', out);
        comment(out, k->description, 96);
        char buf[NAME_MAX_LEN];
        if (k->is_enum) {
            char store[256];
            const char *words[16];
            size_t n = split_choices(k->choices, store, sizeof store, words, 16);
            char line[MSG_MAX] = "one of: ";
            for (size_t j = 0; j < n; j++)
                append(line, sizeof line, "%s%s", j ? ", " : "", words[j]);
            comment(out, line, 96);
            fprintf(out, "%s = %s\n", k->key, choice_name(k->choices, enum_value(c, k), buf, sizeof buf));
        } else {
            fprintf(out, "; %s, %" PRId64 " to %" PRId64 "\n", k->unit, k->min, k->max);
            fprintf(out, "%s = %" PRId64 "\n", k->key, int_value(c, k));
        }
    }
}

/* FNV-1a, 64 bits, over the text "section.key=value\n" of every key in table order (the order of
 * docs/config.md). Over values, not the --dump text, so that a reworded description keeps it. */
/* Keys added after config_hash was first published whose default leaves the machine as it was
 * before them (one XCD, no Infinity Cache): hashed only when set away from their default, so that
 * every older configuration keeps its hash (docs/cli.md). scalar.memtime_latency, too, but its old
 * machine is the one where s_memtime took scalar.latency: hashed only when the two differ. */
static bool hashed_only_when_set(const cfg_t *c, const cfg_key_t *k)
{
    static const char *const later[] = { "gpu.xcds", "llc.size", "llc.ways", "llc.latency", "llc.bytes_per_cycle",
                                         "llc.mshrs" };
    char name[NAME_MAX_LEN * 2 + 2];
    snprintf(name, sizeof name, "%s.%s", k->section, k->key);
    if (strcmp(name, "scalar.memtime_latency") == 0)
        return c->scalar_memtime_latency == c->scalar_latency;
    for (size_t i = 0; i < sizeof later / sizeof later[0]; i++)
        if (strcmp(name, later[i]) == 0)
            return !k->is_enum && int_value(c, k) == k->def_int;
    return false;
}

uint64_t cfg_hash(const cfg_t *c)
{
    uint64_t h = 0xcbf29ce484222325u;
    for (unsigned i = 0; i < NKEYS; i++) {
        const cfg_key_t *k = &cfg_keys[i];
        if (hashed_only_when_set(c, k))
            continue;
        char line[NAME_MAX_LEN * 3 + 32], buf[NAME_MAX_LEN];
        if (k->is_enum)
            snprintf(line, sizeof line, "%s.%s=%s\n", k->section, k->key,
                     choice_name(k->choices, enum_value(c, k), buf, sizeof buf));
        else
            snprintf(line, sizeof line, "%s.%s=%" PRId64 "\n", k->section, k->key, int_value(c, k));
        for (const char *p = line; *p; p++)
            h = (h ^ (unsigned char)*p) * 0x100000001b3u;
    }
    return h;
}
