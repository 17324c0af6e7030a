/* cfg: the validated machine configuration.
 *
 * Owns: cfg_t (one member per key of config.def, named section_key), its defaults, loading from
 * a machine INI file (sim/configs/), `--set section.key=value` overrides, validation with the
 * nearest valid key suggested for unknown ones, printing the effective configuration, and the
 * built-in machine presets (presets.def, preset.c).
 * Needs: inih. No global mutable state: a cfg_t is a plain value. */
#ifndef GCNSIM_CONFIG_H
#define GCNSIM_CONFIG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Enum keys hold the index of their choice in the table's "a|b|c" list. */
enum { CFG_SCHED_OLDEST, CFG_SCHED_ROUND_ROBIN, CFG_SCHED_GREEDY };
enum { CFG_MEM_HIERARCHY, CFG_MEM_IDEAL };
enum { CFG_REPL_LRU, CFG_REPL_FIFO, CFG_REPL_RANDOM };
enum { CFG_WRITE_THROUGH, CFG_WRITE_BACK };
enum { CFG_ROW_OFF, CFG_ROW_ON };
enum { CFG_ORDER_ROW_MAJOR, CFG_ORDER_TILED, CFG_ORDER_MORTON };
enum { CFG_DIR_X, CFG_DIR_Y };
enum { CFG_RELEASE_WORKGROUP, CFG_RELEASE_WAVE };
enum { CFG_ADDR_BYTES, CFG_ADDR_LANES };
enum { CFG_WB_OFF, CFG_WB_ON };
enum { CFG_TLB_OFF, CFG_TLB_ON };
/* gpu.target, in isa_target_t's order (config.c checks it at compile time). */
enum { CFG_TARGET_GFX803, CFG_TARGET_GFX900, CFG_TARGET_GFX906, CFG_TARGET_GFX908, CFG_TARGET_GFX90A, CFG_TARGET_GFX942 };

typedef struct {
#define CFG_INT(sec, key, def, lo, hi, unit, src, desc) int64_t sec##_##key;
#define CFG_ENUM(sec, key, def, choices, src, desc) int sec##_##key;
#include "config/config.def"
#undef CFG_INT
#undef CFG_ENUM
} cfg_t;

/* Every key's metadata, in table order (for loading, printing and the docs generator). */
typedef struct {
    const char *section, *key;
    bool is_enum;
    int64_t def_int, min, max;  /* CFG_INT */
    const char *def_enum, *choices; /* CFG_ENUM */
    const char *unit, *source, *description;
    size_t offset;              /* offsetof(cfg_t, member) */
} cfg_key_t;

extern const cfg_key_t cfg_keys[];
extern const unsigned cfg_nkeys;

/* The defaults of config.def. */
void cfg_defaults(cfg_t *c);

/* Load a machine INI file over *c. Errors ("file:line: error: ...") go to err; returns the number
 * of errors. */
int cfg_load_file(cfg_t *c, const char *path, FILE *err);

/* Apply one "section.key=value" override. Returns 0, or 1 with a message on err (unknown key with
 * the nearest valid one suggested, value out of range, not one of the choices). */
int cfg_set(cfg_t *c, const char *assignment, FILE *err);

/* True when "section.key" names a configuration key (so callers can route --set options). */
bool cfg_is_key(const char *name);

/* Cross-key checks (each allocation granule divides its resource), run once after the file and
 * every override are applied. Messages go to err; returns the number of problems. The memory
 * system's own checks are mem_config_problems (sim/mem/memsys.h); cli_validate_config runs both. */
int cfg_validate(const cfg_t *c, FILE *err);

/* The memory a configuration's machine takes, estimated from its keys before anything is built
 * (cfg_validate refuses it above limits.machine_memory). Per-item sizes are upper bounds of the
 * structures sim/mem and sim/machine allocate (tests/unit/test_config.c checks them against the
 * real sizeof): a cache line's state, an MSHR, a DRAM bank's open row, a CU's fixed state (wave
 * slots and workgroup pool), and 16 bytes of race bookkeeping per LDS byte (the hazard checker). */
enum { CFG_MEM_LINE = 32, CFG_MEM_MSHR = 8, CFG_MEM_BANK = 8, CFG_MEM_CU = 262144, CFG_MEM_LDS_FACTOR = 17,
       CFG_MEM_TLB = 32 /* a TLB entry (tlb.model = on) */ };
typedef struct {
    const char *what;          /* "l1v", "l2", ... */
    const char *keys;          /* the keys that drive it */
    uint64_t bytes;
} cfg_mem_part_t;
enum { CFG_MEM_PARTS = 7 };
/* Fills parts[CFG_MEM_PARTS] and returns their sum (saturating). */
uint64_t cfg_machine_bytes(const cfg_t *c, cfg_mem_part_t parts[CFG_MEM_PARTS]);

/* The machine's compute units (gpu.compute_units, validated to 1..512): the one reading of the key
 * by the timing model, the statistics and the trace; the reports take the statistics' count. */
static inline uint32_t cfg_compute_units(const cfg_t *c) { return (uint32_t)c->gpu_compute_units; }

/* The built-in machine presets (presets.def): a flat table of lines, each preset's first line naming
 * it (name, ini, title; key NULL), the lines after it its keys until the next name. A key's value is
 * what --set takes; NULL: none published for the chip, it keeps the default ("assumed (as Fiji)"). */
typedef struct {
    const char *name, *ini, *title; /* a preset's first line */
    const char *key, *value, *source; /* its keys */
} cfg_preset_line_t;

extern const cfg_preset_line_t cfg_preset_lines[];
extern const unsigned cfg_npreset_lines;

/* The first line of preset `name`, or NULL. */
const cfg_preset_line_t *cfg_preset_find(const char *name);
/* The preset names, ", "-separated ("fiji, fiji-64, ..."), into buf. */
void cfg_preset_names(char *buf, size_t len);
/* Apply the preset whose first line is p over *c (its keys with a value). Returns the number of
 * errors (0 for every built-in preset: tests/unit/test_config.c). */
int cfg_apply_preset(cfg_t *c, const cfg_preset_line_t *p, FILE *err);

/* Print the effective configuration as a loadable INI file. */
void cfg_dump(const cfg_t *c, FILE *out);
/* A 64-bit FNV-1a hash of every key's effective value (the lines "section.key=value\n" in table
 * order): equal configurations, equal hashes (the CSV's config_hash, docs/cli.md). */
uint64_t cfg_hash(const cfg_t *c);

#endif
