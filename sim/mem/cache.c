/* cache: one set-associative cache level in time (cache.h explains the model). */
#include "mem/cache.h"

#include <stdlib.h>
#include <string.h>

static bool pow2(uint64_t v) { return v && !(v & (v - 1)); }

/* The tag of an invalid line: no line address (those are multiples of the line size, at least 4),
 * so that a look-up compares tags only. */
#define NO_TAG UINT64_MAX

const char *cache_params_problem(const cache_params_t *p)
{
    if (!pow2(p->line_bytes) || p->line_bytes < 4)
        return "the line size must be a power of two of at least 4 bytes";
    if (p->ways == 0 || p->size_bytes == 0)
        return "the size and the number of ways must be positive";
    if (p->size_bytes % ((uint64_t)p->ways * p->line_bytes) != 0)
        return "the size must be a whole number of sets (ways x line size)";
    if (p->mshrs == 0 || p->bytes_per_cycle == 0)
        return "MSHRs and bytes per cycle must be positive";
    if (p->set_skip_count > 1 && (p->set_skip_bytes == 0 || p->set_skip_bytes % p->line_bytes != 0))
        return "the channel interleave must be a multiple of the line size";
    return NULL;
}

int cache_init(cache_t *c, const cache_params_t *p, cache_next_fn next, void *next_ctx)
{
    memset(c, 0, sizeof *c);
    c->p = *p;
    c->nsets = (uint32_t)(p->size_bytes / ((uint64_t)p->ways * p->line_bytes));
    c->lines = calloc((size_t)c->nsets * p->ways, sizeof *c->lines);
    c->mshr_free = calloc(p->mshrs, sizeof *c->mshr_free);
    c->rng = 0x9e3779b97f4a7c15ull;
    c->next = next;
    c->next_ctx = next_ctx;
    if (!c->lines || !c->mshr_free) {
        cache_free(c);
        return 3;
    }
    for (size_t i = 0; i < (size_t)c->nsets * p->ways; i++)
        c->lines[i].tag = NO_TAG;
    return 0;
}

void cache_free(cache_t *c)
{
    free(c->lines);
    free(c->mshr_free);
    c->lines = NULL;
    c->mshr_free = NULL;
}

const char *cache_outcome_name(cache_outcome_t o)
{
    static const char *const names[CACHE_NUM_OUTCOMES] = { "hit", "merge", "miss", "bypass" };
    return o < CACHE_NUM_OUTCOMES ? names[o] : "?";
}

static uint64_t line_of(const cache_t *c, uint64_t addr) { return addr & ~(uint64_t)(c->p.line_bytes - 1); }

/* The set of a line. A channel of an interleaved cache sees only every set_skip_count-th block of
 * set_skip_bytes; those bits are dropped so that its sets are all used. */
static uint32_t set_of(const cache_t *c, uint64_t line)
{
    uint64_t a = line;
    if (c->p.set_skip_count > 1) {
        uint64_t il = c->p.set_skip_bytes;
        a = a / (il * c->p.set_skip_count) * il + a % il;
    }
    return (uint32_t)((a / c->p.line_bytes) % c->nsets);
}

static cache_line_t *find(const cache_t *c, uint64_t line)
{
    cache_line_t *set = &c->lines[(size_t)set_of(c, line) * c->p.ways];
    for (uint32_t w = 0; w < c->p.ways; w++)
        if (set[w].tag == line) /* an invalid line's tag is NO_TAG */
            return &set[w];
    return NULL;
}

bool cache_holds(const cache_t *c, uint64_t addr) { return find(c, line_of(c, addr)) != NULL; }

void cache_invalidate(cache_t *c, uint64_t addr)
{
    cache_line_t *l = find(c, line_of(c, addr));
    if (l) {
        l->valid = l->dirty = false;
        l->tag = NO_TAG;
    }
}

uint64_t cache_flush(cache_t *c, uint64_t at, bool invalidate)
{
    uint64_t done = at;
    for (size_t i = 0; i < (size_t)c->nsets * c->p.ways; i++) {
        cache_line_t *l = &c->lines[i];
        if (!l->valid)
            continue;
        if (l->dirty) {
            uint64_t t = c->next(c->next_ctx, l->tag, CACHE_WRITE, c->p.line_bytes, at);
            if (t > done)
                done = t;
            l->dirty = false;
        }
        if (invalidate) {
            l->valid = false;
            l->tag = NO_TAG;
        }
    }
    return done;
}

uint64_t cache_dirty_lines(const cache_t *c)
{
    uint64_t n = 0;
    for (size_t i = 0; i < (size_t)c->nsets * c->p.ways; i++)
        n += c->lines[i].valid && c->lines[i].dirty;
    return n;
}

static uint64_t next_rand(cache_t *c)
{
    c->rng ^= c->rng << 13;
    c->rng ^= c->rng >> 7;
    c->rng ^= c->rng << 17;
    return c->rng;
}

/* Install `line` at cycle `at`, evicting a victim (written back first when dirty). */
static cache_line_t *install(cache_t *c, uint64_t line, uint64_t at, bool *wrote_back)
{
    cache_line_t *set = &c->lines[(size_t)set_of(c, line) * c->p.ways];
    cache_line_t *victim = NULL;
    /* A line whose fill is still on its way is evicted only when every way's is. LRU and FIFO: one
     * pass finds the first invalid way, else the first oldest of the settled ways, else of all. */
    uint32_t settled = 0;
    cache_line_t *old_settled = NULL, *old_any = NULL;
    for (uint32_t w = 0; w < c->p.ways; w++) {
        cache_line_t *l = &set[w];
        if (!l->valid) {
            victim = l;
            break;
        }
        if (l->ready_at <= at) {
            settled++;
            if (!old_settled || l->stamp < old_settled->stamp)
                old_settled = l;
        }
        if (!old_any || l->stamp < old_any->stamp)
            old_any = l;
    }
    if (!victim) {
        if (c->p.repl == CACHE_REPL_RANDOM) {
            uint32_t k = (uint32_t)(next_rand(c) % (settled ? settled : c->p.ways));
            for (uint32_t w = 0; w < c->p.ways && !victim; w++)
                if ((!settled || set[w].ready_at <= at) && k-- == 0)
                    victim = &set[w];
        } else {
            victim = settled ? old_settled : old_any;
        }
        if (victim->dirty) {
            c->next(c->next_ctx, victim->tag, CACHE_WRITE, c->p.line_bytes, at);
            *wrote_back = true;
        }
    }
    victim->tag = line;
    victim->valid = true;
    victim->dirty = false;
    victim->stamp = ++c->clock;
    victim->ready_at = at;
    return victim;
}

/* The port: a queue in arrival order; a request holds it for its bytes at bytes_per_cycle, at
 * least one cycle (one tag lookup per cycle); an atomic executed here, a cycle per 4-byte
 * operation (the atomic unit does one a cycle, so lanes updating one line serialise). Returns the
 * cycle the request starts; its transfer time is part of the level's latency when the port is
 * idle. */
static uint64_t port(cache_t *c, uint64_t at, uint32_t bytes, cache_op_t op)
{
    if (c->p.byte_port && op == CACHE_READ) {
        /* A byte clock, as the DRAM channels keep: requests for parts of lines share cycles
         * (vmem.address_model = lanes: the L1 returns the bytes the lanes use, 64 a cycle). */
        uint64_t bpc = c->p.bytes_per_cycle, b = at * bpc > c->port_bytes ? at * bpc : c->port_bytes;
        uint64_t start = b / bpc > c->port_free ? b / bpc : c->port_free;
        c->port_bytes = (start * bpc > b ? start * bpc : b) + (bytes ? bytes : 1);
        c->port_free = start; /* the next request may start in the same cycle (its bytes permitting) */
        return start;
    }
    uint64_t start = at > c->port_free ? at : c->port_free;
    if (c->p.byte_port) {
        uint64_t busy = (c->port_bytes + c->p.bytes_per_cycle - 1) / c->p.bytes_per_cycle;
        start = busy > start ? busy : start;
    }
    uint64_t hold = (bytes + c->p.bytes_per_cycle - 1) / c->p.bytes_per_cycle;
    if (op == CACHE_ATOMIC && c->p.atomics_here && bytes / 4 > hold)
        hold = bytes / 4;
    c->port_free = start + (hold ? hold : 1);
    c->port_bytes = c->port_free * c->p.bytes_per_cycle;
    return start;
}

/* The MSHRs' free times form a min-heap: the root is the one that frees first. A new miss takes it
 * (at `at` if it is already free, else when it frees); cache_mshr_set then gives it its new time. */
static uint64_t take_mshr(const cache_t *c, uint64_t at)
{
    return c->mshr_free[0] <= at ? at : c->mshr_free[0];
}

static void mshr_set_root(cache_t *c, uint64_t free_at)
{
    uint64_t *h = c->mshr_free;
    uint32_t n = c->p.mshrs, i = 0;
    for (;;) {
        uint32_t l = 2 * i + 1, r = l + 1, m = i;
        uint64_t v = free_at;
        if (l < n && h[l] < v) {
            m = l;
            v = h[l];
        }
        if (r < n && h[r] < v)
            m = r;
        if (m == i)
            break;
        h[i] = h[m];
        i = m;
    }
    h[i] = free_at;
}

/* A read (or an atomic executed here): hit, merge, or miss through an MSHR. */
static void read_line(cache_t *c, uint64_t line, cache_op_t op, uint32_t bytes, uint64_t start, cache_result_t *r)
{
    uint64_t lat = c->p.latency;
    cache_line_t *l = find(c, line);
    if (l) {
        if (c->p.repl == CACHE_REPL_LRU)
            l->stamp = ++c->clock;
        r->accepted = start;
        if (l->ready_at <= start + lat) {
            r->outcome = CACHE_HIT;
            r->ready = start + lat;
        } else {
            r->outcome = CACHE_MERGE;
            r->ready = l->ready_at;
        }
    } else {
        uint64_t go = take_mshr(c, start);
        uint64_t back = c->next(c->next_ctx, line, CACHE_READ, c->p.line_bytes, go);
        mshr_set_root(c, back);
        l = install(c, line, go, &r->wrote_back);
        l->ready_at = back + lat;
        r->outcome = CACHE_MISS;
        r->accepted = go;
        r->ready = back + lat;
        r->mshr_cycles = back - go;
    }
    if (op == CACHE_ATOMIC) {
        if (c->p.write == CACHE_WRITE_BACK)
            l->dirty = true;
        else /* its result goes on when the atomic executes, once the line is here */
            c->next(c->next_ctx, line, CACHE_WRITE, bytes, r->ready - lat);
    }
}

uint64_t cache_start_at(const cache_t *c, uint64_t addr, cache_op_t op, uint64_t at, uint64_t *mshr_wait)
{
    uint64_t start = at > c->port_free ? at : c->port_free;
    if (c->p.byte_port) {
        uint64_t bpc = c->p.bytes_per_cycle;
        uint64_t busy = op == CACHE_READ ? c->port_bytes / bpc : (c->port_bytes + bpc - 1) / bpc;
        start = busy > start ? busy : start;
    }
    *mshr_wait = 0;
    if (op == CACHE_WRITE || (op == CACHE_ATOMIC && !c->p.atomics_here) || find(c, line_of(c, addr)))
        return start;
    uint64_t go = take_mshr(c, start);
    *mshr_wait = go - start;
    return go;
}

void cache_access(cache_t *c, uint64_t addr, cache_op_t op, uint32_t bytes, uint64_t at, cache_result_t *r)
{
    memset(r, 0, sizeof *r);
    uint64_t line = line_of(c, addr);
    uint64_t start = port(c, at, bytes, op);
    uint64_t lat = c->p.latency;
    if (op == CACHE_READ || (op == CACHE_ATOMIC && c->p.atomics_here)) {
        read_line(c, line, op, bytes, start, r);
        return;
    }
    r->accepted = start;
    if (op == CACHE_ATOMIC) {
        /* Executed further on: a copy here must go, written back first if it is dirty. */
        cache_line_t *old = find(c, line);
        if (old && old->dirty) {
            c->next(c->next_ctx, line, CACHE_WRITE, c->p.line_bytes, start);
            r->wrote_back = true;
        }
        cache_invalidate(c, line);
        r->outcome = CACHE_BYPASS;
        r->ready = c->next(c->next_ctx, line, op, bytes, start) + lat;
        return;
    }
    /* A write. */
    cache_line_t *l = find(c, line);
    if (l) {
        r->outcome = CACHE_HIT;
        if (c->p.repl == CACHE_REPL_LRU)
            l->stamp = ++c->clock;
    } else if (c->p.write_allocate) {
        r->outcome = CACHE_MISS;
        l = install(c, line, start, &r->wrote_back);
    } else {
        r->outcome = CACHE_BYPASS;
    }
    if (c->p.write == CACHE_WRITE_BACK && l) {
        l->dirty = true;
        r->ready = start + lat;
    } else {
        r->ready = c->next(c->next_ctx, line, CACHE_WRITE, bytes, start) + lat;
    }
}
