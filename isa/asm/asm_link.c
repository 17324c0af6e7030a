/* asm_link: the link of the program image (asm_link.h), laid out as a code object's loadable
 * sections would be: the code, then .rodata, .data, the GOT and .bss, with every relocation the
 * data directives and the instructions recorded resolved (AMDGPUUsage, "Relocation Records"). */
#include "asm/asm_link.h"

#include "asm/asm_data.h"
#include "asm/asm_lex.h"
#include "common/le.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <uthash.h>

static uint64_t align_up(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

/* A GOT entry, found by the image offset it holds (uthash), or a symbol name counted for the GOT. */
typedef struct {
    uint64_t target;
    const char *name;
    uint32_t len, slot;
    UT_hash_handle hh;
} got_key_t;

typedef struct {
    uint64_t base[ASM_NUM_SECS]; /* image offset of each section */
    uint64_t got;                /* image offset of the GOT */
    uint64_t *got_targets;       /* image offsets the GOT entries hold (plus ISA_IMAGE_BASE) */
    uint32_t ngot, got_cap;
    got_key_t *keys;             /* ngot_max entries: one per GOT slot */
    got_key_t *by_target;        /* uthash over keys */
} link_t;

/* The image offset of a symbol; false (error reported) when it is undefined or not loaded. */
static bool sym_offset(asm_ctx_t *c, const link_t *lk, const asm_link_labels_t *labels, const asm_reloc_ref_t *r,
                       const char *line, uint32_t line_len, uint32_t lineno, uint64_t *off)
{
    int32_t d = asm_data_find(c, r->sym, r->len);
    if (d >= 0) {
        const asm_dsym_t *s = &c->dsyms[d];
        if (s->sec == ASM_SEC_OTHER) {
            asm_error_at(c, line, line_len, lineno, r->col, "symbol '%.*s' is in a section gcnsim does not load "
                         "(only .text, .rodata, .data and .bss are)", (int)r->len, r->sym);
            return false;
        }
        *off = lk->base[s->sec] + s->off;
        return true;
    }
    int32_t l = labels->find(c, r->sym, r->len);
    if (l >= 0 && labels->off[l] != UINT64_MAX) {
        *off = labels->off[l];
        return true;
    }
    asm_error_at(c, line, line_len, lineno, r->col, "undefined symbol '%.*s' (gcnsim links this file alone: define it "
                 "here; a library function clang left as a call is undefined too)", (int)r->len, r->sym);
    return false;
}

static bool is_got(uint8_t kind) { return kind == ASM_RELOC_GOTPCREL32_LO || kind == ASM_RELOC_GOTPCREL32_HI; }

/* The value of a relocation at image offset `at` (P) for a symbol at image offset `s`. */
static uint64_t reloc_value(uint8_t kind, uint64_t s, uint64_t g, int64_t addend, uint64_t at)
{
    uint64_t S = ISA_IMAGE_BASE + s, G = ISA_IMAGE_BASE + g, P = ISA_IMAGE_BASE + at, A = (uint64_t)addend;
    switch (kind) {
    case ASM_RELOC_REL32_LO: return (uint32_t)(S + A - P);
    case ASM_RELOC_REL32_HI: return (uint32_t)((S + A - P) >> 32);
    case ASM_RELOC_GOTPCREL32_LO: return (uint32_t)(G + A - P);
    case ASM_RELOC_GOTPCREL32_HI: return (uint32_t)((G + A - P) >> 32);
    case ASM_RELOC_ABS32_LO: return (uint32_t)(S + A);
    case ASM_RELOC_ABS32_HI: return (uint32_t)((S + A) >> 32);
    default: return S + A;
    }
}

/* The GOT entry (its image offset) of the symbol at image offset s, added when new. */
static bool got_entry(link_t *lk, uint64_t s, uint64_t *g)
{
    got_key_t *e = NULL;
    HASH_FIND(hh, lk->by_target, &s, sizeof s, e);
    if (e) {
        *g = lk->got + 8ull * e->slot;
        return true;
    }
    if (!asm_grow((void **)&lk->got_targets, &lk->got_cap, lk->ngot + 1, sizeof *lk->got_targets))
        return false;
    e = &lk->keys[lk->ngot]; /* distinct targets are at most the distinct names counted */
    e->target = s;
    e->slot = lk->ngot;
    HASH_ADD(hh, lk->by_target, target, sizeof e->target, e);
    lk->got_targets[lk->ngot] = s;
    *g = lk->got + 8ull * lk->ngot++;
    return true;
}

void asm_link_image(asm_ctx_t *c, isa_program_t *out, const asm_link_labels_t *labels)
{
    bool any = c->ndsyms || c->ndfix;
    for (int s = ASM_SEC_RODATA; s <= ASM_SEC_BSS; s++)
        any |= c->secs[s].size != 0;
    for (uint32_t k = 0; k < c->ninsts && !any; k++)
        any = c->insts[k].reloc.kind != ASM_RELOC_NONE;
    if (!any)
        return;
    link_t lk;
    memset(&lk, 0, sizeof lk);
    uint64_t end = 0;
    for (uint32_t k = 0; k < out->nkernels; k++)
        end = out->kernels[k].image_offset + (out->kernels[k].code_bytes ? out->kernels[k].code_bytes : 4);
    /* Data starts on a fresh 256-byte boundary after the code, each section at its alignment. */
    end = align_up(end, 256);
    for (int s = ASM_SEC_RODATA; s <= ASM_SEC_DATA; s++) {
        end = align_up(end, c->secs[s].align ? c->secs[s].align : 1);
        lk.base[s] = end;
        end += c->secs[s].size;
    }
    /* The GOT: one 8-byte entry per distinct symbol name reached through @gotpcrel (assigned below,
     * in order of first use). */
    uint32_t ngot_max = 0;
    lk.keys = calloc(c->ninsts ? c->ninsts : 1, sizeof *lk.keys);
    if (!lk.keys) {
        c->nerrors++;
        return;
    }
    got_key_t *names = NULL; /* the distinct names, hashed (cleared before the keys are reused) */
    for (uint32_t k = 0; k < c->ninsts; k++) {
        const asm_reloc_ref_t *r = &c->insts[k].reloc;
        got_key_t *e = NULL;
        if (!is_got(r->kind))
            continue;
        HASH_FIND(hh, names, r->sym, r->len, e);
        if (e)
            continue;
        e = &lk.keys[ngot_max++];
        e->name = r->sym;
        e->len = r->len;
        HASH_ADD_KEYPTR(hh, names, e->name, e->len, e);
    }
    HASH_CLEAR(hh, names);
    memset(lk.keys, 0, (ngot_max ? ngot_max : 1) * sizeof *lk.keys);
    lk.got = ngot_max ? align_up(end, 8) : end;
    end = lk.got + 8ull * ngot_max;
    end = align_up(end, c->secs[ASM_SEC_BSS].align ? c->secs[ASM_SEC_BSS].align : 1);
    lk.base[ASM_SEC_BSS] = end;
    end += c->secs[ASM_SEC_BSS].size;
    if (end > UINT32_MAX / 2) {
        asm_error_at(c, c->first_line, c->first_line_len, 1, 1, "the program image would be %" PRIu64 " bytes", end);
        free(lk.keys);
        return;
    }
    uint8_t *img = calloc(end ? end : 1, 1);
    if (!img) {
        c->nerrors++;
        free(lk.keys);
        return;
    }
    for (int s = ASM_SEC_RODATA; s <= ASM_SEC_DATA; s++)
        if (c->secs[s].size)
            memcpy(img + lk.base[s], c->secs[s].bytes, c->secs[s].size);
    for (uint32_t f = 0; f < c->ndfix; f++) {
        const asm_dfixup_t *x = &c->dfix[f];
        uint64_t s, at = lk.base[x->sec] + x->off;
        if (!sym_offset(c, &lk, labels, &x->ref, x->src, x->src_len, x->line, &s))
            continue;
        le_put(img + at, x->ref.kind == ASM_RELOC_ABS64 ? 8 : 4, reloc_value(x->ref.kind, s, 0, x->ref.addend, at));
    }
    uint32_t start = 0;
    for (uint32_t k = 0; k < out->nkernels; k++) {
        isa_kernel_t *kn = &out->kernels[k];
        for (uint32_t n = 0; n < kn->ninsts; n++) {
            const asm_pinst_t *pi = &c->insts[start + n];
            if (pi->reloc.kind == ASM_RELOC_NONE)
                continue;
            isa_inst_t *in = &kn->insts[n];
            uint64_t s, g = 0;
            if (!sym_offset(c, &lk, labels, &pi->reloc, pi->line, pi->line_len, in->line, &s))
                continue;
            if (is_got(pi->reloc.kind) && !got_entry(&lk, s, &g)) {
                c->nerrors++;
                continue;
            }
            /* The literal is the instruction's last dword. */
            uint64_t at = kn->image_offset + in->pc + in->size - 4;
            in->literal = (uint32_t)reloc_value(pi->reloc.kind, s, g, pi->reloc.addend, at);
        }
        start += kn->ninsts;
    }
    for (uint32_t k = 0; k < lk.ngot; k++)
        le_put(img + lk.got + 8ull * k, 8, ISA_IMAGE_BASE + lk.got_targets[k]);
    HASH_CLEAR(hh, lk.by_target);
    free(lk.keys);
    free(lk.got_targets);
    out->image = img;
    out->image_bytes = (uint32_t)end;
}
