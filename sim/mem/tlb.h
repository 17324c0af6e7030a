/* tlb: address translation in time — a translation lookaside buffer per CU (the vector L1's UTCL1),
 * one shared by all CUs behind them (UTCL2), and a page walk for what neither holds. A model part
 * that is off by default (tlb.model, config.def): whole-kernel times measured on hardware include
 * it, a study of the compute unit alone does not want it.
 *
 * Like the caches, it keeps only tags and times, computed when a request is made: a translation is
 * installed at once with the cycle it becomes available, so a later request for the same page waits
 * for that cycle (a miss under a miss to the same page merges with it) instead of walking again.
 * Misses to different pages proceed in parallel (no limit on walks in flight), and the CU's address
 * unit goes on meanwhile: memsys delays each line's answer by the time its page's translation is
 * still on its way when the line enters the L1. Victims are the least recently used entry of the set. docs/architecture.md describes the model, docs/config.md its keys.
 * Needs: cfg. */
#ifndef GCNSIM_TLB_H
#define GCNSIM_TLB_H

#include <stdbool.h>
#include <stdint.h>

#include "config/config.h"

/* What the translations of one memory instruction did (one lookup per distinct page). */
typedef struct {
    uint32_t l1_hits, l1_misses;   /* the CU's L1 TLB */
    uint32_t l2_hits, walks;       /* the shared L2 TLB, for the L1's misses; a walk for its misses */
} tlb_counts_t;

typedef struct {
    uint64_t page;             /* virtual page number */
    uint64_t ready;            /* the cycle its translation is (or will be) available */
    uint64_t used;             /* the last use, for LRU */
    bool valid;
} tlb_entry_t;

/* One set-associative TLB. */
typedef struct {
    uint32_t sets, ways;
    uint64_t latency;          /* cycles a hit adds */
    uint64_t clock;            /* use counter for LRU */
    tlb_entry_t *e;            /* [sets x ways] */
} tlb_t;

/* A TLB of `entries` (a multiple of `ways`) whose hits add `latency` cycles. Returns 0, or 3 when out
 * of memory. */
int tlb_init(tlb_t *t, uint32_t entries, uint32_t ways, uint64_t latency);
void tlb_free(tlb_t *t);
/* Page `page` looked up at cycle `at`: true on a hit, *ready being the later of at + latency and
 * the entry's own ready cycle (a translation still on its way); false on a miss (nothing changes). */
bool tlb_lookup(tlb_t *t, uint64_t page, uint64_t at, uint64_t *ready);
/* Install page `page`, available from cycle `ready`, over the least recently used entry of its set. */
void tlb_fill(tlb_t *t, uint64_t page, uint64_t ready);

/* The translation hierarchy of a machine: an L1 TLB per CU, the shared L2 TLB, the page walk. */
typedef struct {
    uint32_t ncu;
    unsigned page_shift;       /* log2(tlb.page_bytes) */
    uint64_t walk;             /* tlb.walk_latency */
    tlb_t *l1;                 /* [ncu] */
    tlb_t l2;
} tlb_sys_t;

/* Check the tlb keys of cfg (entries a multiple of ways, the page size a power of two); messages on err as "configuration: error: ..."; returns the number of problems. */
int tlb_config_problems(const cfg_t *cfg, FILE *err);
/* Returns 0, or 3 when out of memory. cfg must be valid. */
int tlb_sys_init(tlb_sys_t *s, const cfg_t *cfg, uint32_t ncu);
void tlb_sys_free(tlb_sys_t *s);
/* Translate page `page` for CU `cu` at cycle `at`: the L1 TLB, on a miss the L2 TLB (after the L1's
 * latency), on a miss there a walk (after the L2's). Both TLBs keep the translation. Returns the
 * cycle it is available, and counts what happened in *c. */
uint64_t tlb_translate(tlb_sys_t *s, uint32_t cu, uint64_t page, uint64_t at, tlb_counts_t *c);

#endif
