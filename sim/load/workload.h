/* wl: the workload file (INI, parsed with inih): which kernel to launch, on what grid, with which
 * buffers and arguments. The format is documented completely in docs/workloads.md.
 *
 * Owns: the parsed, validated workload (wl_workload_t). Buffer contents are not created here
 * (see wl_buffer_fill); arguments whose type comes from kernel metadata keep their text until the
 * launcher resolves them (wl_parse_scalar).
 * Needs: inih; config for the names of the machine presets ([machine] preset = NAME). Errors are printed to the caller's stream as "file:line: error: ...". */
#ifndef GCNSIM_WORKLOAD_H
#define GCNSIM_WORKLOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "isa.h"

enum { WL_NAME_MAX = 64, WL_TEXT_MAX = 256, WL_PATH_MAX = 4096, WL_KERNEL_NAME_MAX = 4096 };

typedef enum { WL_U8, WL_I8, WL_U16, WL_I16, WL_U32, WL_I32, WL_U64, WL_I64, WL_F32, WL_F64, WL_NUM_TYPES } wl_type_t;

typedef enum { WL_INIT_ZERO, WL_INIT_VALUE, WL_INIT_IOTA, WL_INIT_RANDOM, WL_INIT_FILE } wl_init_t;

/* A number held both ways: integers exactly, floats as double. */
typedef struct {
    int64_t i;   /* integer types (u64 values above INT64_MAX wrap; they are stored as bits) */
    double f;    /* float types */
} wl_num_t;

typedef struct {
    char name[WL_NAME_MAX];
    uint32_t line;         /* the [buffer NAME] header line (0 when created by --set) */
    wl_type_t type;
    uint64_t count;
    wl_init_t init;
    wl_num_t a, b, c;      /* value(a) | iota(a, b) | random: seed in a.i, range [b, c] */
    bool random_range;     /* random() given an explicit range */
    char *file;            /* file(PATH), resolved relative to the ini file (owned; NULL for other inits) */
} wl_buffer_t;

typedef enum { WL_ARG_BUFFER, WL_ARG_SCALAR, WL_ARG_LDS } wl_arg_kind_t;

typedef struct {
    char name[WL_NAME_MAX];
    uint32_t line;         /* 0 when given by --set */
    wl_arg_kind_t kind;
    int buffer;            /* WL_ARG_BUFFER: index into buffers */
    bool typed;            /* WL_ARG_SCALAR: TYPE:VALUE given */
    wl_type_t type;        /* when typed */
    uint64_t bits;         /* when typed: the value's little-endian bit pattern */
    char text[WL_TEXT_MAX];/* the value text after any TYPE: prefix */
    uint32_t lds_bytes;    /* WL_ARG_LDS */
} wl_arg_t;

/* What a dispatch waits for before its workgroups may start (docs/workloads.md, "Several dispatches"). */
typedef enum {
    WL_AFTER_PREVIOUS, /* every earlier dispatch has completed (the AQL barrier bit) */
    WL_AFTER_NONE      /* only the in-order queue: the previous dispatch has handed out all its workgroups */
} wl_after_t;

/* The documented limits on counts (docs/workloads.md, "Limits"), checked by wl_load. They bound the
 * loader's memory and keep every derived count inside the types that hold it. */
enum {
    WL_MAX_DISPATCHES = 262144,     /* dispatches, after loops are expanded: bounds the memory of the
                                       loader, the timing model and the statistics (about 1 KiB each) */
    WL_MAX_BUFFERS = 131072,        /* [buffer NAME] sections */
    WL_MAX_ARGS = 131072,           /* arguments of one dispatch */
    WL_MAX_LOOP_ARGS = 1048576      /* arguments of all the dispatches that loops (repeat) make */
};
/* A grid's work-items (x * y * z): its work-item ids are 32-bit, as the kernels compute them
 * (ROCm's HSA_AGENT_INFO_GRID_MAX_SIZE), so a dispatch has at most this many workgroups too. */
#define WL_MAX_GRID_ITEMS 4294967295ull

/* One kernel dispatch: [kernel] (the first) or [kernel NAME] with its [args] or [args NAME]. */
typedef struct {
    char label[WL_NAME_MAX];    /* NAME of [kernel NAME]; empty for [kernel] */
    uint32_t line;              /* the section header's line (0 when created by --set) */
    char *kernel;               /* name = (owned; NULL: the program's only kernel; C++ names are long) */
    uint32_t kernel_line;
    uint32_t grid[3], wg[3];    /* work-items; unused dimensions are 1 */
    uint32_t grid_dims, wg_dims;
    uint32_t vgprs;             /* 0: what the code uses */
    uint32_t lds;               /* static LDS bytes requested (0: what the code declares) */
    bool has_vgprs, has_lds;
    uint32_t vgprs_line, lds_line, wg_line;
    wl_after_t after;           /* WL_AFTER_PREVIOUS for the first dispatch (nothing to wait for) */
    uint32_t after_line;
    wl_arg_t *args;
    uint32_t nargs;
} wl_dispatch_t;

typedef struct {
    char path[WL_PATH_MAX];     /* the workload file as given */
    char source[WL_PATH_MAX];   /* kernel source of every dispatch, resolved relative to the workload file */
    uint32_t source_line;
    char cflags[WL_TEXT_MAX];   /* extra compiler options for a .cl/.hip source ("" when none) */
    uint32_t cflags_line;
    bool has_target;            /* target = was given ([kernel], or --set kernel.target=) */
    isa_target_t target;        /* the target the kernel is for; must be the machine's (wl_check_target) */
    uint32_t target_line, target_col;
    char target_set[WL_NAME_MAX]; /* the --set that gave it ("" when the file did) */
    wl_buffer_t *buffers;
    uint32_t nbuffers;
    wl_dispatch_t *dispatches;  /* [kernel] first, then each [kernel NAME] in file order */
    uint32_t ndispatches;       /* at least 1 */
    char machine[WL_NAME_MAX];  /* [machine] preset = NAME ("" when none) */
    uint32_t machine_line;
} wl_workload_t;

/* "[kernel]" or "[kernel NAME]": how messages and reports name a dispatch. */
const char *wl_dispatch_section(const wl_dispatch_t *d, char *buf, size_t len);
/* "FILE:LINE: error: " (no line: "FILE: error: ") and the message, for an error found in the
 * workload after it loaded (its kernel, its arguments); names from the files are escaped. */
void wl_error(FILE *err, const wl_workload_t *wl, uint32_t line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Whether the workload's kernel.target (if it names one) is the machine's target `machine`;
 * otherwise false after "FILE:LINE:COL: error: ..." (or "--set '...': error: ...") naming both
 * targets and how to choose the machine. */
bool wl_check_target(const wl_workload_t *wl, isa_target_t machine, FILE *err);

/* Load and validate a workload file, applying `--set section.key=value` overrides (sets[i] is the
 * text after --set). Every error found is printed to err; returns the number of errors (0: ok, the
 * workload must then be released with wl_free). */
int wl_load(const char *path, const char *const *sets, size_t nsets, wl_workload_t *out, FILE *err);
void wl_free(wl_workload_t *wl);

const char *wl_type_name(wl_type_t t);
uint32_t wl_type_size(wl_type_t t);
bool wl_type_is_float(wl_type_t t);
/* "u32" -> WL_U32; WL_NUM_TYPES when unknown. */
wl_type_t wl_type_lookup(const char *name);

/* Parse a scalar of type t into its bit pattern; false with a message in msg when the text is not a
 * number of that type or out of its range. */
bool wl_parse_scalar(wl_type_t t, const char *text, uint64_t *bits, char *msg, size_t msglen);

/* Parse a number of type t (integers range-checked, floats as double). */
bool wl_parse_num(wl_type_t t, const char *text, wl_num_t *out, char *msg, size_t msglen);

/* Fill a buffer's host storage (count * size bytes) per its init. Returns false with a message when
 * an init file cannot be read or has the wrong size. */
bool wl_buffer_fill(const wl_buffer_t *b, uint8_t *data, char *msg, size_t msglen);

/* The documented deterministic PRNG (splitmix64): advances *state and returns the next value. */
uint64_t wl_splitmix64(uint64_t *state);


#endif
