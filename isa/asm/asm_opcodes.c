/* asm_opcodes: the hardware opcode tables of every target (isa/isa_opcodes*.def) and a target's
 * opcode map, the tables joined with isa.def (asm_opcodes.h). Split from asm_encode.c, which encodes
 * instructions with the map. */
#include "asm/asm_opcodes.h"

#include <stdlib.h>
#include <string.h>

const asm_opcode_line_t asm_opcode_lines[] = {
#define ISA_OPCODE(name, fam, code) { #name, ASM_HW_##fam, code, false },
#define ISA_OPCODE_ALIAS(name, fam, code) { #name, ASM_HW_##fam, code, true },
#include "isa_opcodes.def"
#undef ISA_OPCODE
#undef ISA_OPCODE_ALIAS
};
const size_t asm_opcode_nlines = sizeof asm_opcode_lines / sizeof asm_opcode_lines[0];

static const asm_opcode_line_t lines_gfx900[] = {
#define ISA_OPCODE(name, fam, code) { #name, ASM_HW_##fam, code, false },
#define ISA_OPCODE_ALIAS(name, fam, code) { #name, ASM_HW_##fam, code, true },
#include "isa_opcodes_gfx900.def"
#undef ISA_OPCODE
#undef ISA_OPCODE_ALIAS
};
static const asm_opcode_line_t lines_gfx906[] = {
#define ISA_OPCODE(name, fam, code) { #name, ASM_HW_##fam, code, false },
#define ISA_OPCODE_ALIAS(name, fam, code) { #name, ASM_HW_##fam, code, true },
#include "isa_opcodes_gfx906.def"
#undef ISA_OPCODE
#undef ISA_OPCODE_ALIAS
};
static const asm_opcode_line_t lines_gfx908[] = {
#define ISA_OPCODE(name, fam, code) { #name, ASM_HW_##fam, code, false },
#define ISA_OPCODE_ALIAS(name, fam, code) { #name, ASM_HW_##fam, code, true },
#include "isa_opcodes_gfx908.def"
#undef ISA_OPCODE
#undef ISA_OPCODE_ALIAS
};
static const asm_opcode_line_t lines_gfx90a[] = {
#define ISA_OPCODE(name, fam, code) { #name, ASM_HW_##fam, code, false },
#define ISA_OPCODE_ALIAS(name, fam, code) { #name, ASM_HW_##fam, code, true },
#include "isa_opcodes_gfx90a.def"
#undef ISA_OPCODE
#undef ISA_OPCODE_ALIAS
};
static const asm_opcode_line_t lines_gfx942[] = {
#define ISA_OPCODE(name, fam, code) { #name, ASM_HW_##fam, code, false },
#define ISA_OPCODE_ALIAS(name, fam, code) { #name, ASM_HW_##fam, code, true },
#include "isa_opcodes_gfx942.def"
#undef ISA_OPCODE
#undef ISA_OPCODE_ALIAS
};

const asm_opcode_line_t *asm_opcode_table(isa_target_t t, size_t *n)
{
    switch (t) {
    case ISA_TARGET_GFX900:
        *n = sizeof lines_gfx900 / sizeof lines_gfx900[0];
        return lines_gfx900;
    case ISA_TARGET_GFX906:
        *n = sizeof lines_gfx906 / sizeof lines_gfx906[0];
        return lines_gfx906;
    case ISA_TARGET_GFX908:
        *n = sizeof lines_gfx908 / sizeof lines_gfx908[0];
        return lines_gfx908;
    case ISA_TARGET_GFX90A:
        *n = sizeof lines_gfx90a / sizeof lines_gfx90a[0];
        return lines_gfx90a;
    case ISA_TARGET_GFX942:
        *n = sizeof lines_gfx942 / sizeof lines_gfx942[0];
        return lines_gfx942;
    default:
        *n = asm_opcode_nlines;
        return asm_opcode_lines;
    }
}

static const char *const family_names[ASM_HW_NUM] = {
    "SOP1", "SOP2", "SOPC", "SOPK", "SOPP", "SMEM", "VOP1", "VOP2", "VOPC", "VOP3", "DS", "FLAT", "MUBUF", "MTBUF",
    "VOP3P", "GLOBAL", "SCRATCH"
};
/* The width of each family's OP field, as a count of values. */
static const uint16_t family_opcodes[ASM_HW_NUM] = {
    256, 128, 128, 32, 128, 256, 256, 64, 256, 1024, 256, 128, 128, 16, 128, 128, 128
};

const char *asm_hw_family_name(asm_hw_family_t f)
{
    return (unsigned)f < ASM_HW_NUM ? family_names[f] : "?";
}

unsigned asm_hw_family_opcodes(asm_hw_family_t f)
{
    return (unsigned)f < ASM_HW_NUM ? family_opcodes[f] : 0;
}

uint8_t asm_hw_family_of_enc(isa_enc_t enc)
{
    /* By name, so that a family added to isa_enc_t (MUBUF, MTBUF) finds its opcodes unchanged. */
    const char *n = isa_enc_name(enc);
    for (unsigned f = 0; f < ASM_HW_NUM; f++)
        if (strcmp(n, family_names[f]) == 0)
            return (uint8_t)f;
    return ASM_FAMILY_NONE;
}

/* isa.def's operations in name order (ties by number, so that a search finds what isa_lookup's
 * first match would): looking each opcode line up by a linear isa_lookup was a million string
 * compares, most of the cost of listing a code object. */
static int op_name_cmp(const void *a, const void *b)
{
    uint16_t x = *(const uint16_t *)a, y = *(const uint16_t *)b;
    int c = strcmp(isa_ops[x].name, isa_ops[y].name);
    return c ? c : (x > y) - (x < y);
}

static isa_op_t op_by_name(const uint16_t *sorted, const char *name)
{
    size_t lo = 0, hi = ISA_NUM_OPS; /* the first entry whose name is not below NAME */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(isa_ops[sorted[mid]].name, name) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < ISA_NUM_OPS && strcmp(isa_ops[sorted[lo]].name, name) == 0 ? (isa_op_t)sorted[lo] : ISA_NUM_OPS;
}

static isa_op_t find_sorted(const void *sorted, const char *name)
{
    return op_by_name(sorted, name);
}

/* The isa.def entry a line's mnemonic means on the map's target (isa_mnemonic_op, without its
 * linear scans): an entry the target spells otherwise is found by that spelling only. */
static isa_op_t line_entry(const asm_opcode_map_t *m, const uint16_t *sorted, const uint16_t *renamed, size_t nrenamed,
                           const char *name)
{
    for (size_t k = 0; k < nrenamed; k++)
        if (strcmp(m->mnemonic[renamed[k]], name) == 0)
            return (isa_op_t)renamed[k];
    isa_op_t op = op_by_name(sorted, name);
    return op != ISA_NUM_OPS && (m->mnemonic[op] != isa_ops[op].name || m->nameless[op]) ? ISA_NUM_OPS : op;
}

asm_opcode_map_t *asm_opcode_map_create(isa_target_t target)
{
    size_t nlines;
    const asm_opcode_line_t *lines = asm_opcode_table(target, &nlines);
    if (nlines > sizeof ((asm_opcode_map_t *)0)->line_op / sizeof(uint16_t))
        return NULL; /* the map's arrays are sized for the table; a larger table needs larger arrays */
    asm_opcode_map_t *m = calloc(1, sizeof *m);
    uint16_t *sorted = malloc(ISA_NUM_OPS * sizeof *sorted);
    if (!m || !sorted) {
        free(m);
        free(sorted);
        return NULL;
    }
    m->target = target;
    m->lines = lines;
    m->nlines = nlines;
    for (int op = 0; op < ISA_NUM_OPS; op++)
        sorted[op] = (uint16_t)op;
    qsort(sorted, ISA_NUM_OPS, sizeof *sorted, op_name_cmp);
    uint16_t renamed[64];
    size_t nrenamed = 0;
    isa_target_mnemonics(target, find_sorted, sorted, m->mnemonic);
    for (int op = 0; op < ISA_NUM_OPS; op++) {
        m->family[op] = asm_hw_family_of_enc(isa_ops[op].enc);
        m->native[op] = m->vop3[op] = ASM_OPCODE_NONE;
        m->nameless[op] = m->mnemonic[op] == NULL;
        if (m->nameless[op])
            m->mnemonic[op] = isa_ops[op].name;
        if (m->mnemonic[op] != isa_ops[op].name && nrenamed < sizeof renamed / sizeof renamed[0])
            renamed[nrenamed++] = (uint16_t)op;
    }
    for (size_t i = 0; i < nlines; i++) {
        const asm_opcode_line_t *l = &lines[i];
        isa_op_t op = line_entry(m, sorted, renamed, nrenamed, l->name);
        m->line_op[i] = (uint16_t)op;
        if (l->opcode < family_opcodes[l->family] && !m->by_code[l->family][l->opcode] && !l->alias)
            m->by_code[l->family][l->opcode] = (uint16_t)(i + 1);
        if (op == ISA_NUM_OPS)
            continue; /* not (yet) an instruction of isa.def */
        /* The first line of a name wins (buffer_wbinvl1 has two opcodes). A FLAT-family entry
         * takes its segment's family (GLOBAL, SCRATCH) from its line. */
        bool flat_seg = m->family[op] == ASM_HW_FLAT && (l->family == ASM_HW_GLOBAL || l->family == ASM_HW_SCRATCH);
        if ((l->family == m->family[op] || flat_seg) && m->native[op] == ASM_OPCODE_NONE) {
            m->family[op] = l->family;
            m->native[op] = l->opcode;
        } else if (l->family == ASM_HW_VOP3 && isa_enc_has_e32(isa_ops[op].enc) && m->vop3[op] == ASM_OPCODE_NONE)
            m->vop3[op] = l->opcode;
    }
    free(sorted);
    return m;
}

bool asm_opcode_map_has(const asm_opcode_map_t *m, isa_op_t op)
{
    return (unsigned)op < ISA_NUM_OPS && (m->native[op] != ASM_OPCODE_NONE || m->vop3[op] != ASM_OPCODE_NONE);
}

void asm_opcode_map_free(asm_opcode_map_t *m)
{
    free(m);
}
