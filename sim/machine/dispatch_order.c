/* dorder: workgroup dispatch orders (docs/architecture.md, "Dispatch order").
 *
 * Every order maps the sequence position `next` to a workgroup id. Row-major and tiled are closed
 * forms of the position. Morton walks Z-order codes within each z slice; codes that fall outside
 * a non-power-of-two grid are skipped by computing the next in-range code directly, so a call
 * costs at most one 64-step search however large the skipped range is. */
#include "machine/dispatch_order.h"

#include <stdbool.h>
#include <string.h>

#include "config/config.h"

void dorder_init(dorder_t *d, const uint32_t n[3], int order, int direction, uint32_t width)
{
    memset(d, 0, sizeof *d);
    memcpy(d->n, n, sizeof d->n);
    d->order = order;
    d->direction = direction;
    /* Width 0 cannot come from the configuration (minimum 1); treat it as 1. */
    d->width = width ? width : 1;
}

/* Tiled position p within one z slice. The `along` dimension (size na) is cut into strips of
 * w; strips go in order, within a strip the `across` index (size nb) is outer and the strip's
 * `along` indices inner. */
static void tiled_coord(uint64_t p, uint64_t na, uint64_t nb, uint64_t w, uint64_t *a, uint64_t *b)
{
    uint64_t full = na / w;              /* strips of full width */
    uint64_t full_items = full * w * nb; /* positions they cover */
    if (p < full_items) {
        uint64_t strip = p / (w * nb), r = p % (w * nb);
        *b = r / w;
        *a = strip * w + r % w;
    } else {
        uint64_t lw = na - full * w, r = p - full_items; /* the narrower last strip */
        *b = r / lw;
        *a = full * w + r % lw;
    }
}

/* Even bits of v packed into the low 32 bits (x of a Morton code; y is the code shifted by 1). */
static uint64_t compact_even(uint64_t v)
{
    v &= 0x5555555555555555ull;
    v = (v | v >> 1) & 0x3333333333333333ull;
    v = (v | v >> 2) & 0x0f0f0f0f0f0f0f0full;
    v = (v | v >> 4) & 0x00ff00ff00ff00ffull;
    v = (v | v >> 8) & 0x0000ffff0000ffffull;
    v = (v | v >> 16) & 0x00000000ffffffffull;
    return v;
}

static bool morton_in(uint64_t c, uint64_t nx, uint64_t ny)
{
    return compact_even(c) < nx && compact_even(c >> 1) < ny;
}

/* Smallest in-range code >= c, or false when there is none. A larger code c' first differs from
 * c at some bit k where c has 0 and c' has 1; the smallest code with that prefix has every lower
 * bit 0, which minimises both x and y, so it is in range whenever any code with that prefix is.
 * The lowest such k with an in-range candidate gives the answer. */
static bool morton_next_in(uint64_t c, uint64_t nx, uint64_t ny, uint64_t *found)
{
    if (morton_in(c, nx, ny)) {
        *found = c;
        return true;
    }
    for (unsigned k = 0; k < 64; k++) {
        uint64_t bit = 1ull << k;
        if (c & bit)
            continue;
        uint64_t high = k == 63 ? 0 : c >> (k + 1) << (k + 1);
        uint64_t cand = high | bit;
        if (morton_in(cand, nx, ny)) {
            *found = cand;
            return true;
        }
    }
    return false;
}

int dorder_next(dorder_t *d, uint32_t id[3])
{
    uint64_t nx = d->n[0], ny = d->n[1], nz = d->n[2];
    if (nx == 0 || ny == 0 || nz == 0)
        return 0;
    uint64_t slice = nx * ny; /* fits: both are below 2^32 */
    uint64_t z = d->next / slice, p = d->next % slice;
    if (z >= nz)
        return 0;
    uint64_t x, y;
    switch (d->order) {
    case CFG_ORDER_TILED:
        if (d->direction == CFG_DIR_Y)
            tiled_coord(p, ny, nx, d->width, &y, &x);
        else
            tiled_coord(p, nx, ny, d->width, &x, &y);
        break;
    case CFG_ORDER_MORTON: {
        uint64_t c;
        /* Cannot fail while the slice has positions left (p < slice). */
        if (!morton_next_in(d->morton_code, nx, ny, &c))
            return 0;
        x = compact_even(c);
        y = compact_even(c >> 1);
        /* A finished slice restarts the codes for the next one. */
        d->morton_code = p + 1 == slice ? 0 : c + 1;
        break;
    }
    default: /* CFG_ORDER_ROW_MAJOR */
        x = p % nx;
        y = p / nx;
        break;
    }
    id[0] = (uint32_t)x;
    id[1] = (uint32_t)y;
    id[2] = (uint32_t)z;
    d->next++;
    return 1;
}
