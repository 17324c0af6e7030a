/* gmem: sparse functional global memory (see gmem.h). */
#include "mem/gmem.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

void gmem_init(gmem_t *m, uint64_t limit_bytes)
{
    memset(m, 0, sizeof *m);
    m->limit = limit_bytes;
    m->iface.ctx = m;
    m->iface.translate = gmem_translate;
}

void gmem_free(gmem_t *m)
{
    for (uint32_t i = 0; i < m->nregions; i++)
        free(m->regions[i].data);
    free(m->regions);
    m->regions = NULL;
    m->nregions = m->cap = 0;
    m->mapped = 0;
}

static uint64_t align_up(uint64_t v, uint64_t a) { return (v + a - 1) & ~(a - 1); }

/* End of the region plus its guard gap: the lowest base another region may have above it. */
static uint64_t guarded_end(const gmem_region_t *r) { return align_up(r->base + r->size, GMEM_ALIGN) + GMEM_ALIGN; }

/* The first region whose guarded end lies above addr (regions are sorted and disjoint, so their
 * guarded ends are sorted too): a binary search, so that mapping n buffers costs O(n log n). */
static uint32_t first_ending_above(const gmem_t *m, uint64_t addr)
{
    uint32_t lo = 0, hi = m->nregions;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (guarded_end(&m->regions[mid]) > addr)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

static bool fits(const gmem_t *m, uint64_t base, uint64_t size, uint32_t *pos)
{
    uint64_t end = align_up(base + size, GMEM_ALIGN) + GMEM_ALIGN;
    /* The first region at or above base: bases are sorted, so a binary search. */
    uint32_t lo = 0, hi = m->nregions;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (m->regions[mid].base < base)
            lo = mid + 1;
        else
            hi = mid;
    }
    uint32_t i = lo;
    *pos = i;
    if (i > 0 && guarded_end(&m->regions[i - 1]) > base)
        return false;
    if (i < m->nregions && end > m->regions[i].base)
        return false;
    return true;
}

static uint8_t *insert(gmem_t *m, const char *name, uint64_t base, uint64_t size, uint32_t pos,
                       char *err, size_t errlen)
{
    if (m->mapped + size > m->limit || m->mapped + size < m->mapped) {
        snprintf(err, errlen, "'%s' needs %" PRIu64 " bytes, more than the memory limit of %" PRIu64
                 " bytes (%" PRIu64 " already mapped)", name, size, m->limit, m->mapped);
        return NULL;
    }
    if (m->nregions == m->cap) {
        uint32_t cap = m->cap ? m->cap * 2 : 8;
        gmem_region_t *r = realloc(m->regions, cap * sizeof *r);
        if (!r) {
            snprintf(err, errlen, "out of host memory mapping '%s'", name);
            return NULL;
        }
        m->regions = r;
        m->cap = cap;
    }
    uint8_t *data = calloc(1, (size_t)size);
    if (!data) {
        snprintf(err, errlen, "'%s': out of host memory (cannot allocate %" PRIu64 " bytes)", name, size);
        return NULL;
    }
    memmove(&m->regions[pos + 1], &m->regions[pos], (m->nregions - pos) * sizeof *m->regions);
    gmem_region_t *r = &m->regions[pos];
    memset(r, 0, sizeof *r);
    snprintf(r->name, sizeof r->name, "%s", name);
    r->base = base;
    r->size = size;
    r->data = data;
    m->nregions++;
    m->mapped += size;
    m->last = 0;
    return data;
}

static bool size_ok(const char *name, uint64_t base, uint64_t size, char *err, size_t errlen)
{
    if (size == 0) {
        snprintf(err, errlen, "'%s' has size 0", name);
        return false;
    }
    if (size > SIZE_MAX || base >= GMEM_ADDR_LIMIT || size > GMEM_ADDR_LIMIT - base - GMEM_ALIGN) {
        snprintf(err, errlen, "'%s' (%" PRIu64 " bytes at 0x%" PRIx64 ") does not fit in the %d-bit address space",
                 name, size, base, 47);
        return false;
    }
    return true;
}

uint8_t *gmem_map(gmem_t *m, const char *name, uint64_t base, uint64_t size, char *err, size_t errlen)
{
    if (base % GMEM_ALIGN != 0) {
        snprintf(err, errlen, "'%s': base 0x%" PRIx64 " is not 64 KiB aligned", name, base);
        return NULL;
    }
    if (!size_ok(name, base, size, err, errlen))
        return NULL;
    uint32_t pos;
    if (!fits(m, base, size, &pos)) {
        snprintf(err, errlen, "'%s' at 0x%" PRIx64 " overlaps another region or its guard gap", name, base);
        return NULL;
    }
    return insert(m, name, base, size, pos, err, errlen);
}

uint8_t *gmem_map_next(gmem_t *m, const char *name, uint64_t from, uint64_t size, uint64_t *addr,
                       char *err, size_t errlen)
{
    uint64_t base = align_up(from, GMEM_ALIGN);
    if (!size_ok(name, base, size, err, errlen))
        return NULL;
    /* Regions are sorted, so one pass that bumps the candidate past each conflict suffices. It
     * starts at the first region that can conflict and stops at the first one wholly above the
     * candidate (every later one is above it too). */
    for (uint32_t i = first_ending_above(m, base); i < m->nregions; i++) {
        if (m->regions[i].base >= align_up(base + size, GMEM_ALIGN) + GMEM_ALIGN)
            break;
        base = guarded_end(&m->regions[i]);
    }
    if (!size_ok(name, base, size, err, errlen))
        return NULL;
    uint32_t pos;
    if (!fits(m, base, size, &pos)) {
        snprintf(err, errlen, "internal: no room for '%s' at 0x%" PRIx64, name, base);
        return NULL;
    }
    *addr = base;
    return insert(m, name, base, size, pos, err, errlen);
}

static bool contains(const gmem_region_t *r, uint64_t addr, uint32_t size)
{
    return addr >= r->base && addr - r->base <= r->size && size <= r->size - (addr - r->base);
}

const gmem_region_t *gmem_find(const gmem_t *m, uint64_t addr)
{
    uint32_t lo = 0, hi = m->nregions;
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        const gmem_region_t *r = &m->regions[mid];
        if (addr < r->base)
            hi = mid;
        else if (addr - r->base >= r->size)
            lo = mid + 1;
        else
            return r;
    }
    return NULL;
}

uint8_t *gmem_translate(void *ctx, uint64_t addr, uint32_t size)
{
    gmem_t *m = ctx;
    if (m->nregions == 0)
        return NULL;
    const gmem_region_t *r = &m->regions[m->last];
    if (!contains(r, addr, size)) {
        r = gmem_find(m, addr);
        if (!r || !contains(r, addr, size))
            return NULL;
        m->last = (uint32_t)(r - m->regions);
    }
    return r->data + (addr - r->base);
}
