/* craft: write small traces byte by byte from docs/trace-format.md, independently of the
 * simulator's writer, so the viewer's tests know every state at every cycle. */
#ifndef GCNVIZ_TEST_CRAFT_H
#define GCNVIZ_TEST_CRAFT_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint8_t b[1 << 16];
    size_t n;
    uint64_t cycle;
    uint64_t records, states, issues, wg_starts, wg_ends, limiters;
    int version;           /* 0: 2 (craft_header); 5: craft_header5, with memory records */
    uint64_t mems;
} craft_t;

static void c_u8(craft_t *c, uint8_t v) { c->b[c->n++] = v; }

static void c_uv(craft_t *c, uint64_t v)
{
    do {
        uint8_t b = v & 0x7f;
        v >>= 7;
        c_u8(c, b | (v ? 0x80 : 0));
    } while (v);
}

static void c_sv(craft_t *c, int64_t v) { c_uv(c, ((uint64_t)v << 1) ^ (uint64_t)(v >> 63)); }

static void c_str(craft_t *c, const char *s)
{
    c_uv(c, strlen(s));
    memcpy(c->b + c->n, s, strlen(s));
    c->n += strlen(s);
}

/* Header: machine ncu x simds x slots, one workgroup of `waves` waves, the program's units and
 * texts (unit numbers as in the format: 0 salu, 2 valu, 3 vmem, 4 lds). */
static void craft_header(craft_t *c, int issues, uint32_t ncu, uint32_t simds, uint32_t slots, uint32_t max_waves,
                         uint32_t waves, uint32_t ninsts, const uint32_t *units, const char *const *texts)
{
    memset(c, 0, sizeof *c);
    memcpy(c->b, "GCNTRACE", 8);
    c->n = 8;
    c_u8(c, 2), c_u8(c, 0), c_u8(c, issues ? 1 : 0), c_u8(c, 0);
    c_uv(c, ncu), c_uv(c, simds), c_uv(c, slots), c_uv(c, max_waves), c_uv(c, 1000);
    c_str(c, "crafted"), c_str(c, "crafted.s");
    c_uv(c, 64u * waves), c_uv(c, 1), c_uv(c, 1);          /* grid */
    c_uv(c, 64u * waves), c_uv(c, 1), c_uv(c, 1);          /* workgroup */
    c_uv(c, 1), c_uv(c, waves), c_uv(c, 8), c_uv(c, 16), c_uv(c, 0);
    c_uv(c, 2), c_uv(c, 3);                                /* 2 workgroups per CU, limited by wave slots */
    c_uv(c, ninsts);
    for (uint32_t i = 0; i < ninsts; i++) {
        c_uv(c, 0), c_uv(c, units[i]);
        c_str(c, texts[i]);
    }
}

static void craft_rec(craft_t *c, uint8_t type, uint64_t cycle)
{
    c_u8(c, type);
    c_sv(c, (int64_t)(cycle - c->cycle));
    c->cycle = cycle;
    if (type != 0x7f)
        c->records++;
}

/* state: 0 launching ... 8 gone, as the record types 00-08. */
static void craft_state(craft_t *c, uint64_t cycle, uint32_t slot, int state)
{
    craft_rec(c, (uint8_t)state, cycle);
    c_uv(c, slot);
    if (state == 0)
        c_sv(c, 0), c_sv(c, 0);   /* the next wave id, the last started workgroup */
    c->states++;
}

static void craft_issue(craft_t *c, uint64_t cycle, uint32_t slot, uint32_t pc, uint32_t busy)
{
    craft_rec(c, 0x10, cycle);
    c_uv(c, slot), c_uv(c, pc), c_uv(c, busy);
    c->issues++;
}

static void craft_wg_start(craft_t *c, uint64_t cycle, uint32_t cu, uint32_t waves)
{
    craft_rec(c, 0x18, cycle);
    c_uv(c, cu), c_sv(c, 0), c_uv(c, waves), c_uv(c, 0), c_uv(c, 0), c_uv(c, 0);
    if (c->version >= 3)
        c_uv(c, 0);   /* its dispatch */
    c->wg_starts++;
}

static void craft_wg_end(craft_t *c, uint64_t cycle, uint32_t cu)
{
    craft_rec(c, 0x19, cycle);
    c_uv(c, cu), c_sv(c, 0);
    c->wg_ends++;
}

/* state: 0 full, 1 refused (by resource), 2 no work, 3 launch limited. */
static void craft_limiter(craft_t *c, uint64_t cycle, uint32_t cu, int state, int resource)
{
    craft_rec(c, (uint8_t)(0x20 + state), cycle);
    c_uv(c, cu);
    if (state == 1)
        c_u8(c, (uint8_t)resource);
    c->limiters++;
}

/* The end record and checksum; writes the file. Returns 0 on success. */
static int craft_finish(craft_t *c, uint64_t cycle, const char *path)
{
    craft_rec(c, 0x7f, cycle);
    c_u8(c, 0);
    c_uv(c, c->records), c_uv(c, c->states), c_uv(c, c->issues);
    c_uv(c, c->wg_starts), c_uv(c, c->wg_ends), c_uv(c, c->limiters);
    if (c->version >= 5)
        c_uv(c, c->mems);
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < c->n; i++)
        h = (h ^ c->b[i]) * 16777619u;
    for (int i = 0; i < 4; i++)
        c_u8(c, (uint8_t)(h >> (8 * i)));
    FILE *f = fopen(path, "wb");
    if (!f)
        return 1;
    size_t w = fwrite(c->b, 1, c->n, f);
    return (fclose(f) != 0 || w != c->n) ? 1 : 0;
}

/* Version 5 with issue and memory records (flags 3): the version-4 program (each instruction's
 * byte offset), a dispatch table of one dispatch, the memory section (64-byte lines, L2 1024 and
 * DRAM 512 bytes/cycle over 16 channels each, the hierarchy, 4 MSHRs per L1 and 2 per L2 channel). */
static inline void craft_header5(craft_t *c, uint32_t ncu, uint32_t simds, uint32_t slots, uint32_t max_waves, uint32_t waves,
                          uint32_t ninsts, const uint32_t *units, const char *const *texts)
{
    memset(c, 0, sizeof *c);
    c->version = 5;
    memcpy(c->b, "GCNTRACE", 8);
    c->n = 8;
    c_u8(c, 5), c_u8(c, 0), c_u8(c, 3), c_u8(c, 0);
    c_uv(c, ncu), c_uv(c, simds), c_uv(c, slots), c_uv(c, max_waves), c_uv(c, 1000);
    c_str(c, "crafted"), c_str(c, "crafted.s");
    c_uv(c, 64u * waves * ncu), c_uv(c, 1), c_uv(c, 1);
    c_uv(c, 64u * waves), c_uv(c, 1), c_uv(c, 1);
    c_uv(c, ncu), c_uv(c, waves), c_uv(c, 8), c_uv(c, 16), c_uv(c, 0);
    c_uv(c, 2), c_uv(c, 3);
    c_uv(c, ninsts);
    for (uint32_t i = 0; i < ninsts; i++) {
        c_uv(c, 0), c_uv(c, units[i]);
        c_str(c, texts[i]);
        c_uv(c, 4 * i);
    }
    c_uv(c, 1);                                            /* the dispatch table */
    c_str(c, "crafted"), c_uv(c, 0);
    c_uv(c, 64u * waves * ncu), c_uv(c, 1), c_uv(c, 1), c_uv(c, 64u * waves), c_uv(c, 1), c_uv(c, 1);
    c_uv(c, ncu), c_uv(c, 0);
    c_uv(c, 64), c_uv(c, 1024), c_uv(c, 512), c_uv(c, 16), c_uv(c, 16), c_uv(c, 0), c_uv(c, 4), c_uv(c, 2); /* memory section */
}

/* A memory record: a vector load of CU cu issued at cycle, data back `latency` later, with l1 and
 * l2 hits / misses (no merges, no bypass), l2_bytes through the L2, dram_bytes from DRAM; each L1
 * miss holds an MSHR for latency - 10 cycles, each L2 miss for latency - 30. */
static inline void craft_mem(craft_t *c, uint64_t cycle, uint32_t cu, uint32_t pc, uint32_t latency, uint32_t stall,
                      uint32_t l1_hits, uint32_t l1_misses, uint32_t l2_hits, uint32_t l2_misses, uint32_t l2_bytes,
                      uint32_t dram_bytes)
{
    craft_rec(c, 0x31, cycle);
    c_uv(c, cu), c_u8(c, 0), c_uv(c, pc), c_uv(c, latency), c_uv(c, stall);
    c_uv(c, l1_hits + l1_misses), c_uv(c, l1_hits + l1_misses), c_uv(c, 64u * (l1_hits + l1_misses));
    c_uv(c, l1_hits), c_uv(c, 0), c_uv(c, l1_misses), c_uv(c, 0), c_uv(c, 64u * (l1_hits + l1_misses));   /* L1 */
    c_uv(c, (uint64_t)l1_misses * (latency - 10));
    c_uv(c, 0), c_uv(c, 0), c_uv(c, 0), c_uv(c, 0), c_uv(c, 0), c_uv(c, 0);                           /* scalar */
    c_uv(c, l2_hits), c_uv(c, 0), c_uv(c, l2_misses), c_uv(c, 0), c_uv(c, l2_bytes);                    /* L2 */
    c_uv(c, (uint64_t)l2_misses * (latency - 30));
    c_uv(c, dram_bytes / 64), c_uv(c, 0), c_uv(c, dram_bytes), c_uv(c, 0), c_uv(c, 0);
    c_sv(c, dram_bytes ? (int64_t)latency : -(int64_t)cycle);   /* the DRAM transfer ends with the data */
    c->mems++;
}

/* N CUs of 4 SIMDs x 4 slots, a workgroup of 4 waves per CU (one per SIMD, slot 0), each CU's
 * waves waiting on vmcnt for longer the higher its number, so that the overview's strips differ;
 * each CU issues one load per wave. Ends at cycle 400 + 2 N. */
static inline int craft_many(const char *path, uint32_t ncu)
{
    static craft_t c;
    static const uint32_t units[2] = { 2, 3 };
    static const char *const texts[2] = { "v_add_u32 v1, vcc, v2, v3", "flat_load_dword v1, v[2:3]" };
    craft_header5(&c, ncu, 4, 4, 16, 4, 2, units, texts);
    for (uint32_t cu = 0; cu < ncu; cu++) {
        craft_limiter(&c, 0, cu, 3, 0);
        craft_wg_start(&c, 0, cu, 4);
        for (uint32_t s = 0; s < 4; s++)
            craft_state(&c, 0, (cu * 4 + s) * 4, 0);
        craft_limiter(&c, 0, cu, 2, 0);
    }
    for (uint32_t cu = 0; cu < ncu; cu++)
        for (uint32_t s = 0; s < 4; s++) {
            uint32_t slot = (cu * 4 + s) * 4;
            craft_state(&c, 10, slot, 1);
            craft_issue(&c, 20, slot, 0, 8);
            craft_issue(&c, 30, slot, 1, 0);
            craft_mem(&c, 30, cu, 1, 100 + 2 * cu, 4, 1, 3, 1, 2, 256, 128);
            craft_state(&c, 40, slot, 3);
            craft_state(&c, 140 + 2 * cu, slot, 1);
            craft_state(&c, 200 + 2 * cu, slot, 6);
        }
    for (uint32_t cu = 0; cu < ncu; cu++) {
        for (uint32_t s = 0; s < 4; s++)
            craft_state(&c, 400 + 2 * cu, (cu * 4 + s) * 4, 8);
        craft_wg_end(&c, 400 + 2 * cu, cu);
    }
    return craft_finish(&c, 400 + 2 * ncu, path);
}

/* Version 6 (CDNA): one CU of 4 SIMDs of 1 slot, a wave on each; the waves on SIMD 0 and SIMD 2
 * issue an MFMA at cycle 20 that holds their matrix core 64 and 32 cycles (issue records 0x11),
 * the others a VALU instruction. */
static inline int craft_mfma(const char *path)
{
    static craft_t c;
    static const uint32_t units[2] = { 2, 2 };
    static const char *const texts[2] = { "v_add_u32 v1, vcc, v2, v3", "v_mfma_f32_32x32x8f16 v[0:15], v[16:17], v[18:19], v[0:15]" };
    craft_header5(&c, 1, 4, 1, 4, 4, 2, units, texts);
    c.version = 6;
    c.b[8] = 6;
    craft_limiter(&c, 0, 0, 3, 0);
    craft_wg_start(&c, 0, 0, 4);
    for (uint32_t s = 0; s < 4; s++)
        craft_state(&c, 0, s, 0);
    craft_limiter(&c, 0, 0, 2, 0);
    for (uint32_t s = 0; s < 4; s++) {
        craft_state(&c, 10, s, 1);
        if (s % 2 == 0) {
            craft_rec(&c, 0x11, 20);
            c_uv(&c, s), c_uv(&c, 1), c_uv(&c, 4), c_uv(&c, s == 0 ? 64 : 32);
            c.issues++;
        } else {
            craft_issue(&c, 20, s, 0, 4);
        }
    }
    for (uint32_t s = 0; s < 4; s++)
        craft_state(&c, 200, s, 8);
    craft_wg_end(&c, 200, 0);
    return craft_finish(&c, 200, path);
}

/* The scenario the tests share (docs/viewer.md describes the states): one CU with 2 SIMDs of 2
 * slots; workgroup 0 has wave 0 on SIMD 0 slot 0 (lane 0) and wave 1 on SIMD 0 slot 1 (lane 1);
 * lanes 2 and 3 stay free. Lane 0 waits on vmcnt over [40, 100) while lane 1's VALU instruction
 * holds the SIMD over [50, 90): 40 of the 90 wait cycles are hidden. */
enum { CRAFT_END = 260 };
static const uint32_t craft_units[4] = { 2, 3, 0, 4 };
static const char *const craft_texts[4] = { "v_add_u32 v1, vcc, v2, v3", "buffer_load_dword v1, off, s[0:3], 0",
                                            "s_add_u32 s0, s1, s2", "ds_read_b32 v1, v2" };

static inline int craft_scenario(const char *path, int issues)
{
    static craft_t c;
    craft_header(&c, issues, 1, 2, 2, 4, 2, 4, craft_units, craft_texts);
    craft_limiter(&c, 0, 0, 1, 3);
    craft_wg_start(&c, 0, 0, 2);
    craft_state(&c, 0, 0, 0);
    craft_state(&c, 0, 1, 0);
    craft_state(&c, 10, 0, 1);
    craft_state(&c, 10, 1, 1);
    if (issues) {
        craft_issue(&c, 20, 0, 0, 4);     /* VALU [20, 24) */
        craft_issue(&c, 30, 0, 1, 0);     /* VMEM [30, 32) */
    }
    craft_state(&c, 40, 0, 3);            /* wait vmcnt [40, 100) */
    if (issues) {
        craft_issue(&c, 50, 1, 0, 40);    /* VALU [50, 90) on the same SIMD */
        craft_issue(&c, 100, 1, 2, 0);    /* SALU [100, 102) */
    }
    craft_state(&c, 100, 0, 1);
    craft_state(&c, 120, 0, 5);           /* barrier [120, 150) */
    craft_state(&c, 120, 1, 5);
    craft_state(&c, 150, 0, 1);
    craft_state(&c, 150, 1, 2);           /* no instruction [150, 165) */
    if (issues)
        craft_issue(&c, 160, 0, 3, 0);    /* LDS [160, 162) */
    craft_state(&c, 165, 1, 6);           /* draining [165, 200) */
    craft_state(&c, 170, 0, 4);           /* wait lgkmcnt [170, 200) */
    craft_state(&c, 200, 0, 7);           /* held [200, 260) */
    craft_state(&c, 200, 1, 7);
    craft_state(&c, 260, 0, 8);
    craft_state(&c, 260, 1, 8);
    craft_wg_end(&c, 260, 0);
    craft_limiter(&c, 260, 0, 2, 0);
    return craft_finish(&c, CRAFT_END, path);
}

#endif
