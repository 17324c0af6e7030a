/* Dispatch orders: small grids written out by hand, exact comparison against brute-force
 * reference orders for many shapes, every id exactly once, and large Morton grids (power of two
 * and with huge skipped code ranges) finishing. */
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"
#include "machine/dispatch_order.h"
#include "unit.h"

typedef struct {
    uint32_t x, y, z;
} xyz_t;

/* Drain the order into out[] (at most cap entries); returns how many came out. */
static size_t drain(uint32_t nx, uint32_t ny, uint32_t nz, int order, int dir, uint32_t width, xyz_t *out,
                    size_t cap)
{
    dorder_t d;
    uint32_t n[3] = { nx, ny, nz }, id[3];
    dorder_init(&d, n, order, dir, width);
    size_t k = 0;
    /* Plain comparisons in the loops: every passing ck_assert costs a message to the runner. */
    bool overflow = false;
    while (dorder_next(&d, id)) {
        if (k == cap) {
            overflow = true;
            break;
        }
        out[k++] = (xyz_t){ id[0], id[1], id[2] };
    }
    ck_assert_msg(!overflow, "more workgroups than the grid holds");
    if (overflow)
        return k;
    /* Exhausted stays exhausted. */
    ck_assert_int_eq(dorder_next(&d, id), 0);
    ck_assert_int_eq(dorder_next(&d, id), 0);
    return k;
}

static void expect(const xyz_t *got, size_t n, const xyz_t *want, size_t nwant, const char *what)
{
    ck_assert_msg(n == nwant, "%s: %zu workgroups, expected %zu", what, n, nwant);
    size_t i = 0;
    while (i < n && got[i].x == want[i].x && got[i].y == want[i].y && got[i].z == want[i].z)
        i++;
    if (i < n)
        ck_abort_msg("%s: #%zu is (%u,%u,%u), expected (%u,%u,%u)", what, i, got[i].x, got[i].y, got[i].z,
                     want[i].x, want[i].y, want[i].z);
}

#define N(a) (sizeof(a) / sizeof((a)[0]))

START_TEST(test_row_major)
{
    static const xyz_t want[] = {
        { 0, 0, 0 }, { 1, 0, 0 }, { 2, 0, 0 }, { 0, 1, 0 }, { 1, 1, 0 }, { 2, 1, 0 },
        { 0, 0, 1 }, { 1, 0, 1 }, { 2, 0, 1 }, { 0, 1, 1 }, { 1, 1, 1 }, { 2, 1, 1 },
    };
    xyz_t got[64];
    expect(got, drain(3, 2, 2, CFG_ORDER_ROW_MAJOR, CFG_DIR_X, 16, got, 64), want, N(want), "row-major 3x2x2");
}
END_TEST

/* 5x3, strips of 2 columns: {0,1}, {2,3} and the narrower {4}. */
START_TEST(test_tiled_x)
{
    static const xyz_t want[] = {
        { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 1, 1, 0 }, { 0, 2, 0 }, { 1, 2, 0 },
        { 2, 0, 0 }, { 3, 0, 0 }, { 2, 1, 0 }, { 3, 1, 0 }, { 2, 2, 0 }, { 3, 2, 0 },
        { 4, 0, 0 }, { 4, 1, 0 }, { 4, 2, 0 },
    };
    xyz_t got[64];
    expect(got, drain(5, 3, 1, CFG_ORDER_TILED, CFG_DIR_X, 2, got, 64), want, N(want), "tiled x 5x3 w2");
    /* Two z slices: the second repeats the walk with z = 1. */
    size_t n = drain(5, 3, 2, CFG_ORDER_TILED, CFG_DIR_X, 2, got, 64);
    ck_assert_uint_eq(n, 30);
    expect(got, 15, want, N(want), "tiled x 5x3x2 slice 0");
    for (size_t i = 0; i < 15; i++)
        ck_assert(got[15 + i].x == want[i].x && got[15 + i].y == want[i].y && got[15 + i].z == 1);
}
END_TEST

/* 3x5, strips of 2 rows: {0,1}, {2,3}, {4}, each walked column by column. */
START_TEST(test_tiled_y)
{
    static const xyz_t want[] = {
        { 0, 0, 0 }, { 0, 1, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 2, 0, 0 }, { 2, 1, 0 },
        { 0, 2, 0 }, { 0, 3, 0 }, { 1, 2, 0 }, { 1, 3, 0 }, { 2, 2, 0 }, { 2, 3, 0 },
        { 0, 4, 0 }, { 1, 4, 0 }, { 2, 4, 0 },
    };
    xyz_t got[64];
    expect(got, drain(3, 5, 1, CFG_ORDER_TILED, CFG_DIR_Y, 2, got, 64), want, N(want), "tiled y 3x5 w2");
}
END_TEST

/* Degenerate widths: one column per strip is column-major; a strip wider than the grid is
 * row-major. */
START_TEST(test_tiled_widths)
{
    static const xyz_t colmajor[] = {
        { 0, 0, 0 }, { 0, 1, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 2, 0, 0 }, { 2, 1, 0 },
    };
    static const xyz_t rowmajor[] = {
        { 0, 0, 0 }, { 1, 0, 0 }, { 2, 0, 0 }, { 0, 1, 0 }, { 1, 1, 0 }, { 2, 1, 0 },
    };
    xyz_t got[16];
    expect(got, drain(3, 2, 1, CFG_ORDER_TILED, CFG_DIR_X, 1, got, 16), colmajor, 6, "tiled x w1");
    expect(got, drain(3, 2, 1, CFG_ORDER_TILED, CFG_DIR_X, 3, got, 16), rowmajor, 6, "tiled x w3");
    expect(got, drain(3, 2, 1, CFG_ORDER_TILED, CFG_DIR_X, 100, got, 16), rowmajor, 6, "tiled x w100");
    expect(got, drain(3, 2, 1, CFG_ORDER_TILED, CFG_DIR_X, 0, got, 16), colmajor, 6, "tiled x w0 = w1");
    expect(got, drain(3, 2, 1, CFG_ORDER_TILED, CFG_DIR_Y, 1, got, 16), rowmajor, 6, "tiled y w1");
    expect(got, drain(3, 2, 1, CFG_ORDER_TILED, CFG_DIR_Y, 2, got, 16), colmajor, 6, "tiled y w2");
}
END_TEST

/* 3 wide, 5 high. Code bits: x0 y0 x1 y1 x2 y2. Codes 5, 7, 13, 15 have x = 3; 16..31 have
 * x >= 4; 34, 35, 37..39 and everything above have y >= 5 or x >= 3, except 32, 33, 36. */
START_TEST(test_morton_3x5)
{
    static const xyz_t want[] = {
        { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 1, 1, 0 }, { 2, 0, 0 }, { 2, 1, 0 },
        { 0, 2, 0 }, { 1, 2, 0 }, { 0, 3, 0 }, { 1, 3, 0 }, { 2, 2, 0 }, { 2, 3, 0 },
        { 0, 4, 0 }, { 1, 4, 0 }, { 2, 4, 0 },
    };
    xyz_t got[64];
    expect(got, drain(3, 5, 1, CFG_ORDER_MORTON, CFG_DIR_X, 16, got, 64), want, N(want), "morton 3x5");
}
END_TEST

START_TEST(test_morton_4x4x2)
{
    static const xyz_t quad[] = {
        { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 1, 1, 0 }, { 2, 0, 0 }, { 3, 0, 0 }, { 2, 1, 0 }, { 3, 1, 0 },
        { 0, 2, 0 }, { 1, 2, 0 }, { 0, 3, 0 }, { 1, 3, 0 }, { 2, 2, 0 }, { 3, 2, 0 }, { 2, 3, 0 }, { 3, 3, 0 },
    };
    xyz_t got[64];
    size_t n = drain(4, 4, 2, CFG_ORDER_MORTON, CFG_DIR_X, 16, got, 64);
    ck_assert_uint_eq(n, 32);
    for (size_t i = 0; i < 32; i++)
        ck_assert(got[i].x == quad[i % 16].x && got[i].y == quad[i % 16].y && got[i].z == i / 16);
    /* One column: only codes with x = 0, i.e. y in order. */
    n = drain(1, 5, 1, CFG_ORDER_MORTON, CFG_DIR_X, 16, got, 64);
    ck_assert_uint_eq(n, 5);
    for (size_t i = 0; i < 5; i++)
        ck_assert(got[i].x == 0 && got[i].y == i);
}
END_TEST

START_TEST(test_empty)
{
    xyz_t got[4];
    for (int order = CFG_ORDER_ROW_MAJOR; order <= CFG_ORDER_MORTON; order++) {
        ck_assert_uint_eq(drain(0, 4, 1, order, CFG_DIR_X, 2, got, 4), 0);
        ck_assert_uint_eq(drain(4, 0, 1, order, CFG_DIR_X, 2, got, 4), 0);
        ck_assert_uint_eq(drain(1, 1, 0, order, CFG_DIR_X, 2, got, 4), 0);
        ck_assert_uint_eq(drain(1, 1, 1, order, CFG_DIR_Y, 2, got, 4), 1);
    }
}
END_TEST

/* ---- Reference orders, by brute force -------------------------------------------------------- */

static size_t ref_tiled(uint32_t nx, uint32_t ny, uint32_t nz, int dir, uint32_t w, xyz_t *out)
{
    uint32_t na = dir == CFG_DIR_Y ? ny : nx, nb = dir == CFG_DIR_Y ? nx : ny;
    size_t k = 0;
    for (uint32_t z = 0; z < nz; z++)
        for (uint32_t s = 0; s < na; s += w)
            for (uint32_t b = 0; b < nb; b++)
                for (uint32_t a = s; a < s + w && a < na; a++)
                    out[k++] = dir == CFG_DIR_Y ? (xyz_t){ b, a, z } : (xyz_t){ a, b, z };
    return k;
}

/* Every code of the enclosing power-of-two square, decoded bit by bit, filtered. */
static size_t ref_morton(uint32_t nx, uint32_t ny, uint32_t nz, xyz_t *out)
{
    uint32_t side = 1, bits = 0;
    while (side < nx || side < ny) {
        side *= 2;
        bits++;
    }
    size_t k = 0;
    for (uint32_t z = 0; z < nz; z++)
        for (uint64_t c = 0; c < (uint64_t)side * side; c++) {
            uint32_t x = 0, y = 0;
            for (uint32_t b = 0; b < bits; b++) {
                x |= (uint32_t)(c >> (2 * b) & 1) << b;
                y |= (uint32_t)(c >> (2 * b + 1) & 1) << b;
            }
            if (x < nx && y < ny)
                out[k++] = (xyz_t){ x, y, z };
        }
    return k;
}

static void check_once(const xyz_t *got, size_t n, uint32_t nx, uint32_t ny, uint32_t nz, const char *what)
{
    ck_assert_msg(n == (size_t)nx * ny * nz, "%s %ux%ux%u: %zu workgroups", what, nx, ny, nz, n);
    uint8_t *seen = calloc((size_t)nx * ny * nz, 1);
    for (size_t i = 0; i < n; i++) {
        if (got[i].x >= nx || got[i].y >= ny || got[i].z >= nz)
            ck_abort_msg("%s: (%u,%u,%u) outside the grid", what, got[i].x, got[i].y, got[i].z);
        size_t lin = ((size_t)got[i].z * ny + got[i].y) * nx + got[i].x;
        if (seen[lin])
            ck_abort_msg("%s %ux%ux%u: (%u,%u,%u) twice", what, nx, ny, nz, got[i].x, got[i].y, got[i].z);
        seen[lin] = 1;
    }
    free(seen);
}

START_TEST(test_every_id_once)
{
    enum { CAP = 13 * 11 * 3 };
    xyz_t *got = malloc(CAP * sizeof *got), *ref = malloc(CAP * sizeof *ref);
    for (uint32_t nz = 1; nz <= 3; nz++)
        for (uint32_t ny = 1; ny <= 11; ny++)
            for (uint32_t nx = 1; nx <= 13; nx++) {
                size_t n = drain(nx, ny, nz, CFG_ORDER_ROW_MAJOR, CFG_DIR_X, 1, got, CAP);
                check_once(got, n, nx, ny, nz, "row-major");
                for (size_t i = 0; i < n; i++)
                    ref[i] = (xyz_t){ (uint32_t)(i % nx), (uint32_t)(i / nx % ny), (uint32_t)(i / nx / ny) };
                expect(got, n, ref, n, "row-major vs reference");
                n = drain(nx, ny, nz, CFG_ORDER_MORTON, CFG_DIR_X, 1, got, CAP);
                check_once(got, n, nx, ny, nz, "morton");
                expect(got, n, ref, ref_morton(nx, ny, nz, ref), "morton vs reference");
                for (int dir = CFG_DIR_X; dir <= CFG_DIR_Y; dir++)
                    for (uint32_t w = 1; w <= 14; w++) {
                        n = drain(nx, ny, nz, CFG_ORDER_TILED, dir, w, got, CAP);
                        check_once(got, n, nx, ny, nz, "tiled");
                        expect(got, n, ref, ref_tiled(nx, ny, nz, dir, w, ref), "tiled vs reference");
                    }
            }
    free(got);
    free(ref);
}
END_TEST

static uint64_t morton_encode(uint32_t x, uint32_t y)
{
    uint64_t c = 0;
    for (unsigned b = 0; b < 32; b++)
        c |= (uint64_t)(x >> b & 1) << (2 * b) | (uint64_t)(y >> b & 1) << (2 * b + 1);
    return c;
}

/* 4096 x 4096: 16M workgroups, codes consecutive (no time limit asserted, only completion). */
START_TEST(test_morton_large)
{
    dorder_t d;
    uint32_t n[3] = { 4096, 4096, 1 }, id[3];
    dorder_init(&d, n, CFG_ORDER_MORTON, CFG_DIR_X, 16);
    uint64_t count = 0, bad = 0;
    while (dorder_next(&d, id)) {
        if ((count & 0xfff) == 0 && morton_encode(id[0], id[1]) != count) /* spot-check the Z order */
            bad++;
        count++;
    }
    ck_assert_uint_eq(bad, 0);
    ck_assert_uint_eq(count, 4096ull * 4096);
}
END_TEST

/* 65537 x 3: the square around the grid has 2^34 codes but only 196611 are in range; the walk
 * must jump the gaps. Codes come out strictly increasing and every id once. */
START_TEST(test_morton_sparse)
{
    static const uint32_t shapes[][2] = { { 65537, 3 }, { 3, 65537 }, { 1, 100000 }, { 100000, 1 } };
    for (size_t s = 0; s < N(shapes); s++) {
        uint32_t nx = shapes[s][0], ny = shapes[s][1];
        dorder_t d;
        uint32_t n[3] = { nx, ny, 2 }, id[3];
        dorder_init(&d, n, CFG_ORDER_MORTON, CFG_DIR_X, 16);
        uint8_t *seen = calloc((size_t)nx * ny, 1);
        uint64_t count = 0, prev = 0, outside = 0, unordered = 0, twice = 0;
        while (dorder_next(&d, id)) {
            if (id[0] >= nx || id[1] >= ny || id[2] >= 2) {
                outside++;
                break;
            }
            uint64_t c = morton_encode(id[0], id[1]);
            unordered += count % ((uint64_t)nx * ny) != 0 && c <= prev;
            prev = c;
            if (id[2] == 1) {
                size_t lin = (size_t)id[1] * nx + id[0];
                twice += seen[lin];
                seen[lin] = 1;
            }
            count++;
        }
        ck_assert_msg(outside == 0 && unordered == 0 && twice == 0, "%ux%u: %llu outside, %llu out of order, %llu twice",
                      nx, ny, (unsigned long long)outside, (unsigned long long)unordered, (unsigned long long)twice);
        ck_assert_uint_eq(count, 2ull * nx * ny);
        free(seen);
    }
}
END_TEST

static Suite *dorder_suite(void)
{
    Suite *s = suite_create("dispatch_order");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_row_major);
    tcase_add_test(tc, test_tiled_x);
    tcase_add_test(tc, test_tiled_y);
    tcase_add_test(tc, test_tiled_widths);
    tcase_add_test(tc, test_morton_3x5);
    tcase_add_test(tc, test_morton_4x4x2);
    tcase_add_test(tc, test_empty);
    tcase_add_test(tc, test_every_id_once);
    tcase_add_test(tc, test_morton_large);
    tcase_add_test(tc, test_morton_sparse);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(dorder_suite)
