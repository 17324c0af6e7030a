/* mfma_timing: the table (mfma_timing.def) and its look-up (mfma_timing.h). */
#include "machine/mfma_timing.h"

#include <string.h>

typedef struct {
    const char *name;
    uint16_t cycles[3], valu[3];
    uint8_t flags;
} row_t;

static const row_t rows[] = {
#define MFMA_TIMING(name, c908, c90a, c942, v908, v90a, v942, fl) { #name, { c908, c90a, c942 }, { v908, v90a, v942 }, fl },
#include "machine/mfma_timing.def"
#undef MFMA_TIMING
};

_Static_assert(ISA_TARGET_GFX90A == ISA_TARGET_GFX908 + 1 && ISA_TARGET_GFX942 == ISA_TARGET_GFX908 + 2,
               "the table's columns are the CDNA targets in isa_target_t's order");

static bool fill(const row_t *r, isa_target_t t, mfma_time_t *out)
{
    unsigned k = (unsigned)(t - ISA_TARGET_GFX908);
    *out = (mfma_time_t){ 0 };
    if (!isa_target_cdna(t))
        return false;
    out->cycles = r->cycles[k];
    out->valu = r->valu[k];
    out->flags = r->flags;
    return out->cycles != 0;
}

bool mfma_time_find(const char *name, isa_target_t t, mfma_time_t *out)
{
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (strcmp(rows[i].name, name) == 0)
            return fill(&rows[i], t, out);
    *out = (mfma_time_t){ 0 };
    return false;
}

const char *mfma_time_row(unsigned n, isa_target_t t, mfma_time_t *out)
{
    if (n >= sizeof rows / sizeof rows[0])
        return NULL;
    fill(&rows[n], t, out);
    return rows[n].name;
}

/* gfx90a's (and gfx908's) counts by the producer's passes: 2, 8 (4 too: no such non-f64 MFMA), 16. */
static unsigned by_passes(unsigned passes, unsigned p2, unsigned p8, unsigned p16)
{
    return passes <= 2 ? p2 : passes <= 8 ? p8 : p16;
}

/* Written from GCNHazardRecognizer.cpp (LLVM 15 for gfx908/gfx90a, 19 for gfx940/942), the rows
 * docs/architecture.md tabulates for the hazard checker (hazard_mai.c): gfx908's
 * MFMA*WritesAGPRAccVgprRead/WriteWaitStates and the overlapped srcA/B (4) and srcC (2) counts;
 * gfx90a's SMFMA*WriteVgprVALUMemExpRead/WawWaitStates (5/11/19), DMFMA* (f64: 6/11, memory 9/18)
 * and the srcC rows of checkMAIHazards90A; gfx940's GFX940_* formulas (passes + 3 after an XDL
 * MFMA, + 2 after another; srcC passes + 1 / passes). */
unsigned mfma_wait_states(isa_target_t t, const mfma_time_t *p, mfma_use_t use, bool same, const mfma_time_t *z)
{
    unsigned q = p->cycles / 4;
    bool qd = p->flags & MFMA_T_DGEMM, q4 = qd && q == 4;
    if (t == ISA_TARGET_GFX908) {
        switch (use) {
        case MFMA_USE_VALU_READ:
        case MFMA_USE_MEM_READ: return by_passes(q, 4, 10, 18);
        case MFMA_USE_WRITE: return by_passes(q, 1, 7, 15);
        case MFMA_USE_SRCAB: return same ? 0 : 4;
        case MFMA_USE_SRCC: return same ? 0 : 2;
        }
        return 0;
    }
    bool g940 = t == ISA_TARGET_GFX942;
    bool qx = g940 ? (p->flags & MFMA_T_XDL942) != 0 : !qd;
    bool zd = z && (z->flags & MFMA_T_DGEMM), z4 = zd && z->cycles == 16;
    bool zx = z && (g940 ? (z->flags & MFMA_T_XDL942) != 0 : !zd);
    switch (use) {
    case MFMA_USE_VALU_READ:
    case MFMA_USE_MEM_READ:
    case MFMA_USE_WRITE:
    case MFMA_USE_SRCAB:
        if (qd)
            return use == MFMA_USE_MEM_READ ? (q4 ? 9 : 18) : (q4 ? 6 : 11);
        return g940 ? q + (qx ? 3 : 2) : by_passes(q, 5, 11, 19);
    case MFMA_USE_SRCC:
        if (!zd && qd && !g940)
            return 0;
        if (same)
            return zd && z4 && q4 ? 4 : g940 && q == 2 ? 2 : 0;
        if (qd)
            return zx ? 0 : q4 ? 4 : 9;
        if (g940)
            return zx && !qx ? 0 : q + (qx ? 1 : 0);
        return zd ? by_passes(q, 3, 9, 17) : by_passes(q, 2, 8, 16);
    }
    return 0;
}

unsigned mfma_wait_states_max(isa_target_t t, const mfma_time_t *p)
{
    /* the using MFMAs that give different counts: XDL, non-XDL (gfx942's f32), f64 4x4 and 16x16 */
    static const mfma_time_t users[] = { { 8, 4, MFMA_T_XDL942 }, { 32, 32, 0 }, { 16, 16, MFMA_T_DGEMM },
                                         { 32, 32, MFMA_T_DGEMM } };
    unsigned m = 0;
    for (unsigned u = MFMA_USE_VALU_READ; u <= MFMA_USE_SRCC; u++)
        for (unsigned k = 0; k < sizeof users / sizeof users[0]; k++)
            for (unsigned same = 0; same < 2; same++) {
                unsigned n = mfma_wait_states(t, p, (mfma_use_t)u, same, u >= MFMA_USE_SRCAB ? &users[k] : NULL);
                m = n > m ? n : m;
            }
    return m;
}
