/* gmem: functional global memory, a sparse 64-bit address space of mapped regions.
 *
 * Owns: the regions (code, dispatch packets, kernarg segments, buffers) and their host storage.
 * Every region starts on a 64 KiB boundary and is followed by an unmapped guard gap of at least
 * 64 KiB, so an access past a region's end faults instead of reaching a neighbour.
 * Provides isa_memory_t.translate for the functional model; it caches the last region hit in the
 * gmem_t itself (no global state), so two simulations in one process never interfere.
 * Needs: isa.h (isa_memory_t). */
#ifndef GCNSIM_GMEM_H
#define GCNSIM_GMEM_H

#include "isa_exec.h"

/* The documented fixed layout (docs/workloads.md, "Memory layout"). */
#define GMEM_CODE_BASE 0x0000000100000000ull     /* kernel code: each distinct kernel, 256-byte aligned */
#define GMEM_DISPATCH_BASE 0x0000000100100000ull /* the 64-byte AQL dispatch packets, one per dispatch */
#define GMEM_KERNARG_BASE 0x0000000100200000ull  /* the kernarg segments, one per dispatch, consecutive */
#define GMEM_BUFFER_BASE 0x0000000200000000ull   /* first buffer; the rest follow in file order */
#define GMEM_ALIGN 0x10000ull                     /* region alignment and minimum guard gap */
#define GMEM_ADDR_LIMIT (1ull << 47)              /* end of the usable address space */
#define GMEM_DEFAULT_LIMIT (4ull << 30)           /* default cap on mapped bytes: 4 GiB */

typedef struct {
    char name[64];
    uint64_t base, size;
    uint8_t *data;
} gmem_region_t;

typedef struct {
    gmem_region_t *regions; /* sorted by base */
    uint32_t nregions, cap;
    uint32_t last;          /* index of the last region hit (translate's fast path) */
    uint64_t mapped;        /* bytes mapped so far */
    uint64_t limit;         /* cap on mapped bytes */
    isa_memory_t iface;     /* ctx = this gmem_t; do not move a gmem_t after gmem_init */
} gmem_t;

void gmem_init(gmem_t *m, uint64_t limit_bytes);
void gmem_free(gmem_t *m);

/* Map `size` zeroed bytes (size > 0) at `base`, which must be GMEM_ALIGN-aligned and leave a guard
 * gap to every other region. Returns the host pointer, or NULL with a message in err. */
uint8_t *gmem_map(gmem_t *m, const char *name, uint64_t base, uint64_t size, char *err, size_t errlen);

/* Map `size` bytes at the first aligned address at or above `from` that keeps the guard gaps;
 * *addr receives the address. Returns the host pointer, or NULL with a message in err. */
uint8_t *gmem_map_next(gmem_t *m, const char *name, uint64_t from, uint64_t size, uint64_t *addr,
                       char *err, size_t errlen);

/* Host pointer for [addr, addr+size) if it lies within one region, else NULL. */
uint8_t *gmem_translate(void *ctx, uint64_t addr, uint32_t size);

/* The region containing addr, or NULL. */
const gmem_region_t *gmem_find(const gmem_t *m, uint64_t addr);

static inline const isa_memory_t *gmem_iface(const gmem_t *m) { return &m->iface; }

#endif
