/* The vector memory address unit (mem_address_cycles): how many cycles it works on a wave's
 * instruction by access pattern, width and alignment, under vmem.address_model = lanes (the
 * default, calibrated on sebbbi/perftest's R9 Fury table: docs/validation.md) and = bytes. Every
 * expected count is derived by hand in a comment: a quarter-wave is 16 lanes; a quarter of
 * consecutive or uniform lanes takes 16 / 16 = 1 cycle when they are a dword or less, else 16 / 4
 * = 4; a scattered quarter takes ceil(slots / 4), a lane one slot, two when it is 12 bytes or
 * crosses a 64-byte line; the bytes term is active lanes x bytes / 64; the larger counts. A buffer
 * format access's lanes are consecutive, and cross lines, by its element in memory (R8: 1 byte),
 * while the coalesced rate needs a lane's registers to be a dword or less. */
#include "unit.h"

#include <stdio.h>

#include "config/config.h"
#include "mem/memsys.h"

/* The address unit's cycles for `bytes` per lane at addr[l] = base + step(l), lanes 0..n-1 active,
 * under vmem.address_model = model (defaults otherwise: 64 bytes, 4 lanes, 16 coalesced lanes a
 * cycle, 64-byte lines). */
enum { P_CONSECUTIVE, P_UNIFORM, P_SCATTER_LINE, P_SCATTER_LINES, P_STRIDE4, P_STRIDE8 };
static uint64_t ta_elem(const char *model, uint32_t bytes, uint32_t elem, uint64_t base, int pattern, int n)
{
    cfg_t cfg;
    cfg_defaults(&cfg);
    char set[64];
    snprintf(set, sizeof set, "vmem.address_model=%s", model);
    ck_assert_int_eq(cfg_set(&cfg, set, stderr), 0);
    uint64_t addr[64];
    for (int l = 0; l < 64; l++) {
        switch (pattern) {
        case P_CONSECUTIVE: addr[l] = base + (uint64_t)elem * (uint64_t)l; break;
        case P_UNIFORM: addr[l] = base; break;
        /* perftest's random pattern: element hash1(l) & 15 (hash1(c) = c * 0x3504f333), inside 16
         * elements: 3l mod 16, every element once in each quarter-wave, none consecutive */
        case P_SCATTER_LINE: addr[l] = base + elem * ((uint32_t)l * 0x3504f333u & 15u); break;
        case P_STRIDE4: addr[l] = base + 4u * (uint64_t)l; break;
        case P_STRIDE8: addr[l] = base + 8u * (uint64_t)l; break;
        default: addr[l] = base + 256u * (uint64_t)l; break; /* a line of its own each */
        }
    }
    uint64_t lanes = n == 64 ? ~0ull : (1ull << n) - 1;
    return mem_address_cycles(&cfg, bytes, elem, addr, lanes);
}

/* The same, each lane's element as wide as its registers (every access but buffer formats). */
static uint64_t ta_cycles(const char *model, uint32_t bytes, uint64_t base, int pattern, int n)
{
    return ta_elem(model, bytes, bytes, base, pattern, n);
}

/* Dwords and smaller: consecutive 4 x 1 = 4 (bytes term 256 / 64 = 4); uniform 4; scattered within
 * a line 4 x 16 / 4 = 16, across lines 16 (perftest: Load linear 4.25, uniform 4.2, random 16.4
 * clocks a wave-load). A byte wide: consecutive 4 (bytes term 1), scattered 16. */
START_TEST(test_patterns)
{
    ck_assert_uint_eq(ta_cycles("lanes", 4, 0x1000, P_CONSECUTIVE, 64), 4);
    ck_assert_uint_eq(ta_cycles("lanes", 4, 0x1000, P_UNIFORM, 64), 4);
    ck_assert_uint_eq(ta_cycles("lanes", 4, 0x1000, P_SCATTER_LINE, 64), 16);
    ck_assert_uint_eq(ta_cycles("lanes", 4, 0x1000, P_SCATTER_LINES, 64), 16);
    ck_assert_uint_eq(ta_cycles("lanes", 1, 0x1000, P_CONSECUTIVE, 64), 4);
    ck_assert_uint_eq(ta_cycles("lanes", 1, 0x1000, P_SCATTER_LINE, 64), 16);
}
END_TEST

/* Each width, aligned. 2 dwords: a lane a slot whatever the pattern, 4 x 4 = 16 (the bytes term
 * is 8); no 8-byte lane at a multiple of 8 crosses a line. 3 dwords: consecutive or uniform 16 (the
 * bytes term is 12), scattered two slots a lane (8 + 4 bytes), 4 x 32 / 4 = 32, within a line or
 * across lines (perftest: Load3 linear 16.4, random 32.8). 4 dwords: 16 every way (the bytes term
 * is 16; perftest: Load4 linear 16.4, random 18.3). */
START_TEST(test_widths)
{
    ck_assert_uint_eq(ta_cycles("lanes", 8, 0x1000, P_CONSECUTIVE, 64), 16);
    ck_assert_uint_eq(ta_cycles("lanes", 8, 0x1000, P_UNIFORM, 64), 16);
    ck_assert_uint_eq(ta_cycles("lanes", 8, 0x1000, P_SCATTER_LINE, 64), 16);
    ck_assert_uint_eq(ta_cycles("lanes", 8, 0x1000, P_SCATTER_LINES, 64), 16);
    ck_assert_uint_eq(ta_cycles("lanes", 12, 0x1000, P_CONSECUTIVE, 64), 16);
    ck_assert_uint_eq(ta_cycles("lanes", 12, 0x1000, P_UNIFORM, 64), 16);
    ck_assert_uint_eq(ta_cycles("lanes", 12, 0x1000, P_SCATTER_LINE, 64), 32);
    ck_assert_uint_eq(ta_cycles("lanes", 12, 0x1000, P_SCATTER_LINES, 64), 32);
    ck_assert_uint_eq(ta_cycles("lanes", 16, 0x1000, P_CONSECUTIVE, 64), 16);
    ck_assert_uint_eq(ta_cycles("lanes", 16, 0x1000, P_UNIFORM, 64), 16);
    ck_assert_uint_eq(ta_cycles("lanes", 16, 0x1000, P_SCATTER_LINE, 64), 16);
    ck_assert_uint_eq(ta_cycles("lanes", 16, 0x1000, P_SCATTER_LINES, 64), 16);
}
END_TEST

/* Misaligned (perftest's unaligned loads start 4 bytes in). Scattered within 16 elements from 0x1004:
 * 8-byte lanes at 4 + 8k cross a line for k = 7 and 15, so a quarter is 16 + 2 = 18 slots, 5 cycles,
 * 20 a wave; 16-byte lanes at 4 + 16k cross for k = 3, 7, 11, 15: 20 slots, 5 cycles, 20 (perftest:
 * Load4 unaligned random 19.2); 12-byte lanes stay at two slots (a lane across a line is its two
 * pieces), 32. Consecutive lanes pay nothing: 16-byte from 0x1004 16 (perftest: Load4 unaligned
 * linear = aligned), dwords from 0x1002 4. A dword 62 bytes into its own line crosses it: two slots a
 * lane, 32 / 4 = 8 a quarter, 32. */
START_TEST(test_misaligned)
{
    ck_assert_uint_eq(ta_cycles("lanes", 8, 0x1004, P_SCATTER_LINE, 64), 20);
    ck_assert_uint_eq(ta_cycles("lanes", 12, 0x1004, P_SCATTER_LINE, 64), 32);
    ck_assert_uint_eq(ta_cycles("lanes", 16, 0x1004, P_SCATTER_LINE, 64), 20);
    ck_assert_uint_eq(ta_cycles("lanes", 16, 0x1004, P_CONSECUTIVE, 64), 16);
    ck_assert_uint_eq(ta_cycles("lanes", 4, 0x1002, P_CONSECUTIVE, 64), 4);
    ck_assert_uint_eq(ta_cycles("lanes", 4, 0x103e, P_SCATTER_LINES, 64), 32);
}
END_TEST

/* A partial wave, lanes 0-19: consecutive dwords 1 + 1 = 2 (bytes term 80 / 64 -> 2); scattered
 * dwords 4 + 1 = 5; scattered 12-byte lanes 32 / 4 + 8 / 4 = 10 (bytes term 240 / 64 -> 4). No lane
 * active: 1 (the bytes term's floor). */
START_TEST(test_partial)
{
    ck_assert_uint_eq(ta_cycles("lanes", 4, 0x1000, P_CONSECUTIVE, 20), 2);
    ck_assert_uint_eq(ta_cycles("lanes", 4, 0x1000, P_SCATTER_LINES, 20), 5);
    ck_assert_uint_eq(ta_cycles("lanes", 12, 0x1000, P_SCATTER_LINES, 20), 10);
    ck_assert_uint_eq(ta_cycles("lanes", 4, 0x1000, P_CONSECUTIVE, 0), 1);
}
END_TEST

/* Buffer format loads (registers' bytes, element's bytes), consecutive elements from 0x1000. R8 and
 * R16F in one register (4, 1) and (4, 2): lanes 1 and 2 bytes apart are consecutive, 4 x 1 = 4
 * (bytes term 256 / 64 = 4; perftest: Buffer<R8> and <R16f> linear 4.0 clocks a wave-load); R8
 * scattered in 16 bytes: 16 lanes a slot each, 16. RG8 (8, 2): consecutive but two registers, a
 * lane a slot, 4 x 4 = 16 (perftest: 18.4). RGBA8 (16, 4): consecutive, 16. A lane crosses a line by
 * its element: R8 scattered from 0x103c (bytes 60-75 of the lines) crosses none, 16, where 4-byte
 * lanes 61, 62 and 63 bytes in would each take two slots: 19 a quarter, 5 cycles, 20. */
START_TEST(test_format_elements)
{
    ck_assert_uint_eq(ta_elem("lanes", 4, 1, 0x1000, P_CONSECUTIVE, 64), 4);
    ck_assert_uint_eq(ta_elem("lanes", 4, 2, 0x1000, P_CONSECUTIVE, 64), 4);
    ck_assert_uint_eq(ta_elem("lanes", 4, 1, 0x1000, P_SCATTER_LINE, 64), 16);
    ck_assert_uint_eq(ta_elem("lanes", 8, 2, 0x1000, P_CONSECUTIVE, 64), 16);
    ck_assert_uint_eq(ta_elem("lanes", 16, 4, 0x1000, P_CONSECUTIVE, 64), 16);
    ck_assert_uint_eq(ta_elem("lanes", 4, 1, 0x103c, P_SCATTER_LINE, 64), 16);
    cfg_t cfg;
    cfg_defaults(&cfg);
    uint64_t addr[64];
    for (int l = 0; l < 64; l++)
        addr[l] = 0x103c + ((uint32_t)l * 0x3504f333u & 15u);
    ck_assert_uint_eq(mem_address_cycles(&cfg, 4, 4, addr, ~0ull), 20);
}
END_TEST

/* vmem.address_model = bytes: 64 x bytes / 64 whatever the pattern: dwords 4, 12-byte lanes 12,
 * 16-byte lanes 16, misaligned or not. */
START_TEST(test_bytes_model)
{
    ck_assert_uint_eq(ta_cycles("bytes", 4, 0x1000, P_SCATTER_LINE, 64), 4);
    ck_assert_uint_eq(ta_cycles("bytes", 12, 0x1000, P_SCATTER_LINE, 64), 12);
    ck_assert_uint_eq(ta_cycles("bytes", 16, 0x1004, P_SCATTER_LINE, 64), 16);
}
END_TEST

/* Lanes in order at a stride below their width overlap (a sliding window's dwordx3 at a dword's
 * step, as workloads/memory/conv_wide.s loads): one block, as consecutive lanes are, so 12-byte
 * lanes 4 x 16 / 4 = 16, not the scattered 32; 8- and 16-byte lanes 16; lanes 0-19 of 12 bytes 4 +
 * 1 = 5 (bytes term 240 / 64 -> 4). A stride above the width leaves gaps: scattered, dwords at an
 * 8-byte step 4 x 16 / 4 = 16. */
START_TEST(test_overlapping)
{
    ck_assert_uint_eq(ta_cycles("lanes", 12, 0x1000, P_STRIDE4, 64), 16);
    ck_assert_uint_eq(ta_cycles("lanes", 8, 0x1000, P_STRIDE4, 64), 16);
    ck_assert_uint_eq(ta_cycles("lanes", 16, 0x1004, P_STRIDE4, 64), 16);
    ck_assert_uint_eq(ta_cycles("lanes", 12, 0x1000, P_STRIDE4, 20), 5);
    ck_assert_uint_eq(ta_cycles("lanes", 4, 0x1000, P_STRIDE8, 64), 16);
}
END_TEST

static Suite *address_unit_suite(void)
{
    Suite *s = suite_create("address_unit");
    TCase *tc = tcase_create("lanes");
    tcase_add_test(tc, test_patterns);
    tcase_add_test(tc, test_widths);
    tcase_add_test(tc, test_misaligned);
    tcase_add_test(tc, test_partial);
    tcase_add_test(tc, test_format_elements);
    tcase_add_test(tc, test_overlapping);
    tcase_add_test(tc, test_bytes_model);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(address_unit_suite)
