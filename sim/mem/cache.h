/* cache: one generic set-associative cache level in time — the vector L1s, the scalar caches and
 * the L2 channels are all instances of it, differing only in their parameters.
 *
 * Timing is computed when a request is made, in request order (the timing model issues memory
 * instructions in cycle order, so requests reach every level in nearly the order they arrive):
 *   - the port moves `bytes_per_cycle`, a request holding it at least one cycle; a request starts
 *     when the port has finished the previous ones (a queue in arrival order);
 *   - a hit answers `latency` cycles after it starts; a hit on a line whose fill is still on its
 *     way (an MSHR merge) answers when the fill arrives;
 *   - a miss takes an MSHR; when all are busy the request waits for the first to free — the
 *     requester is stalled (back-pressure), never dropped: `accepted` says when it got through;
 *   - a miss asks the next level (a callback) and answers `latency` after the next level does;
 *     the line is installed at once, marked ready at that time, so later requests merge with it;
 *   - a dirty victim (write-back) is written to the next level off the critical path.
 * The cache holds no data (the functional model executes at issue); only tags and times.
 * Needs: nothing. A cache_t is a plain value owned by its memory system. */
#ifndef GCNSIM_CACHE_H
#define GCNSIM_CACHE_H

#include <stdbool.h>
#include <stdint.h>

typedef enum { CACHE_REPL_LRU, CACHE_REPL_FIFO, CACHE_REPL_RANDOM } cache_repl_t;
typedef enum { CACHE_WRITE_THROUGH, CACHE_WRITE_BACK } cache_write_t;
typedef enum { CACHE_READ, CACHE_WRITE, CACHE_ATOMIC } cache_op_t;

/* What happened to one request at one level. */
typedef enum {
    CACHE_HIT,      /* the line was there (and ready) */
    CACHE_MERGE,    /* the line's fill was still outstanding: merged into its MSHR */
    CACHE_MISS,     /* a new miss: an MSHR, a request to the next level */
    CACHE_BYPASS,   /* not kept here: a write-through write or an atomic forwarded (no allocation) */
    CACHE_NUM_OUTCOMES
} cache_outcome_t;

typedef struct {
    uint64_t size_bytes;
    uint32_t ways, line_bytes;
    cache_repl_t repl;
    cache_write_t write;
    bool write_allocate;       /* a write miss installs the line (without fetching it: write-validate) */
    bool atomics_here;         /* atomics execute at this level; otherwise they bypass it */
    uint32_t latency;          /* cycles this level adds to a response */
    uint32_t bytes_per_cycle;  /* port bandwidth */
    bool byte_port;            /* the port counts bytes, not a whole cycle per request (see port()) */
    uint32_t mshrs;            /* outstanding misses (distinct lines) */
    /* One channel of an address-interleaved cache sees one block of set_skip_bytes in every
     * set_skip_count; its set index skips the channel bits. 0 / 0 for a cache that is not split. */
    uint32_t set_skip_bytes, set_skip_count;
} cache_params_t;

/* The next level: returns the cycle its answer reaches this level for a request leaving at `at`.
 * `line` is this level's line address (byte address / line_bytes * line_bytes). A write-back of a
 * victim is a CACHE_WRITE whose answer is ignored. */
typedef uint64_t (*cache_next_fn)(void *ctx, uint64_t line, cache_op_t op, uint32_t bytes, uint64_t at);

typedef struct {
    cache_outcome_t outcome;
    uint64_t accepted;         /* when the request got a port slot and, for a miss, an MSHR */
    uint64_t ready;            /* when this level answers (data, or the write's acknowledgement) */
    bool wrote_back;           /* a dirty victim was written to the next level */
    uint64_t mshr_cycles;      /* a miss: cycles it holds its MSHR (taken until its fill arrives) */
} cache_result_t;

typedef struct {
    uint64_t tag;              /* line address */
    uint64_t stamp;            /* LRU: last use; FIFO: insertion */
    uint64_t ready_at;         /* when its data are here (a fill in flight until then) */
    bool valid, dirty;
} cache_line_t;

typedef struct {
    cache_params_t p;
    uint32_t nsets;
    cache_line_t *lines;       /* [nsets * ways] */
    uint64_t *mshr_free;       /* [mshrs] cycle each MSHR frees, a min-heap */
    uint64_t port_free;        /* the port is busy until this cycle */
    uint64_t port_bytes;       /* byte_port: the port's clock in bytes (cycle x bytes_per_cycle) */
    uint64_t clock;            /* use counter for LRU/FIFO stamps */
    uint64_t rng;              /* RANDOM replacement: a deterministic generator per cache */
    cache_next_fn next;
    void *next_ctx;
} cache_t;

/* Check a level's parameters; returns NULL or a static message saying what is wrong. */
const char *cache_params_problem(const cache_params_t *p);
/* Returns 0, or 3 when out of memory. The parameters must pass cache_params_problem. */
int cache_init(cache_t *c, const cache_params_t *p, cache_next_fn next, void *next_ctx);
void cache_free(cache_t *c);

/* One request for the line holding byte address `addr` (it must not cross a line), moving
 * `bytes` through the port, arriving at cycle `at`. */
void cache_access(cache_t *c, uint64_t addr, cache_op_t op, uint32_t bytes, uint64_t at, cache_result_t *r);

/* The cycle at which cache_access(c, addr, op, ..., at) would start: when the port is free and,
 * for a new miss, an MSHR (a hit, a merge or a write needs none); *mshr_wait is how much of the
 * wait is for the MSHR. A requester that must not reserve the future (the vector L1's address
 * unit) hands the request over only at that cycle. */
uint64_t cache_start_at(const cache_t *c, uint64_t addr, cache_op_t op, uint64_t at, uint64_t *mshr_wait);

/* The first cycle an MSHR is free (when all are busy, the earliest they free). */
static inline uint64_t cache_mshr_free_at(const cache_t *c) { return c->mshr_free[0]; }

/* True when the line holding `addr` is present (for tests and the hierarchy's invalidations). */
bool cache_holds(const cache_t *c, uint64_t addr);
/* Drop the line holding `addr` if present (an atomic passing a write-through level). */
void cache_invalidate(cache_t *c, uint64_t addr);
/* Write every dirty line to the next level at cycle `at` (all at once, in set order) and, with
 * `invalidate`, drop every line: s_dcache_wb / s_dcache_inv on a scalar cache. Returns the cycle
 * the last write-back is acknowledged (`at` when nothing was dirty). */
uint64_t cache_flush(cache_t *c, uint64_t at, bool invalidate);
/* Lines holding data not yet written to the next level (write-back levels). */
uint64_t cache_dirty_lines(const cache_t *c);

const char *cache_outcome_name(cache_outcome_t o);

#endif
