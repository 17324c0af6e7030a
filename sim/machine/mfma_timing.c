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
