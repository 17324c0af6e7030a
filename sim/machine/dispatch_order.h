/* dorder: the order in which workgroups are handed out: row-major (x fastest, then y, then z),
 * tiled (strips of `width` workgroups along x or y, the last strip narrower when the grid is not a
 * multiple of the width) and Morton (Z-order over x and y, skipping positions outside the grid;
 * z slowest). Pure functions. */
#ifndef GCNSIM_DISPATCH_ORDER_H
#define GCNSIM_DISPATCH_ORDER_H

#include <stdint.h>

typedef struct {
    uint32_t n[3];        /* workgroups per dimension */
    int order;            /* CFG_ORDER_* */
    int direction;        /* CFG_DIR_X / CFG_DIR_Y (tiled) */
    uint32_t width;       /* tiled strip width */
    uint64_t next;        /* sequence position of the next workgroup */
    uint64_t morton_code; /* Morton: next code to examine within the current z slice */
} dorder_t;

void dorder_init(dorder_t *d, const uint32_t n[3], int order, int direction, uint32_t width);

/* The next workgroup id; returns 0 when every workgroup has been handed out. Every id in the grid
 * comes out exactly once. Amortised O(1) per call for every order. */
int dorder_next(dorder_t *d, uint32_t id[3]);

#endif
