/* Which instructions exist on a target, and under which mnemonic (isa.h, "Targets"): the names of
 * each target's opcode table (isa/isa_opcodes.def for gfx803, isa/isa_opcodes_<target>.def for
 * the others, written from llvm-mc and checked by `make table-check`) joined with isa.def through
 * isa/isa_mnemonics.def. Linear scans: the hot paths (the assembler, the decoder) hold the same
 * answers per instruction in their opcode map (isa/asm/asm_encode.h), built once. */
#include "isa.h"

#include <string.h>

/* The tables hold their names in place (ISA_NAME_WIDTH bytes each) rather than as pointers, which a
 * position-independent executable relocates one by one at every start (thousands per target). */

/* Target masks of isa_mnemonics.def. */
#define ISA_TM(t) (1u << (t))
#define ISA_TM_GFX9 (ISA_TM(ISA_TARGET_GFX900) | ISA_TM(ISA_TARGET_GFX906) | ISA_TM_CDNA)
#define ISA_TM_CDNA (ISA_TM(ISA_TARGET_GFX908) | ISA_TM(ISA_TARGET_GFX90A) | ISA_TM(ISA_TARGET_GFX942))
#define ISA_TM_GFX90A (ISA_TM(ISA_TARGET_GFX90A) | ISA_TM(ISA_TARGET_GFX942))
#define ISA_TM_GFX940 ISA_TM(ISA_TARGET_GFX942)

static const char names_gfx803[][ISA_NAME_WIDTH] = {
#define ISA_OPCODE(name, fam, code) #name,
#define ISA_OPCODE_ALIAS(name, fam, code) #name,
#include "isa_opcodes.def"
#undef ISA_OPCODE
#undef ISA_OPCODE_ALIAS
};
static const char names_gfx900[][ISA_NAME_WIDTH] = {
#define ISA_OPCODE(name, fam, code) #name,
#define ISA_OPCODE_ALIAS(name, fam, code) #name,
#include "isa_opcodes_gfx900.def"
#undef ISA_OPCODE
#undef ISA_OPCODE_ALIAS
};
static const char names_gfx906[][ISA_NAME_WIDTH] = {
#define ISA_OPCODE(name, fam, code) #name,
#define ISA_OPCODE_ALIAS(name, fam, code) #name,
#include "isa_opcodes_gfx906.def"
#undef ISA_OPCODE
#undef ISA_OPCODE_ALIAS
};

static const char names_gfx908[][ISA_NAME_WIDTH] = {
#define ISA_OPCODE(name, fam, code) #name,
#define ISA_OPCODE_ALIAS(name, fam, code) #name,
#include "isa_opcodes_gfx908.def"
#undef ISA_OPCODE
#undef ISA_OPCODE_ALIAS
};
static const char names_gfx90a[][ISA_NAME_WIDTH] = {
#define ISA_OPCODE(name, fam, code) #name,
#define ISA_OPCODE_ALIAS(name, fam, code) #name,
#include "isa_opcodes_gfx90a.def"
#undef ISA_OPCODE
#undef ISA_OPCODE_ALIAS
};
static const char names_gfx942[][ISA_NAME_WIDTH] = {
#define ISA_OPCODE(name, fam, code) #name,
#define ISA_OPCODE_ALIAS(name, fam, code) #name,
#include "isa_opcodes_gfx942.def"
#undef ISA_OPCODE
#undef ISA_OPCODE_ALIAS
};

/* The families of the gfx90a-class tables' lines, parallel to their names (cdnaisa: which VOP2
 * instructions kept their 32-bit opcode). */
static const char families_gfx90a[][ISA_FAMILY_WIDTH] = {
#define ISA_OPCODE(name, fam, code) #fam,
#define ISA_OPCODE_ALIAS(name, fam, code) #fam,
#include "isa_opcodes_gfx90a.def"
#undef ISA_OPCODE
#undef ISA_OPCODE_ALIAS
};
static const char families_gfx942[][ISA_FAMILY_WIDTH] = {
#define ISA_OPCODE(name, fam, code) #fam,
#define ISA_OPCODE_ALIAS(name, fam, code) #fam,
#include "isa_opcodes_gfx942.def"
#undef ISA_OPCODE
#undef ISA_OPCODE_ALIAS
};

static const struct {
    const char (*names)[ISA_NAME_WIDTH];
    size_t n;
} tables[ISA_NUM_TARGETS] = {
    [ISA_TARGET_GFX803] = { names_gfx803, sizeof names_gfx803 / sizeof names_gfx803[0] },
    [ISA_TARGET_GFX900] = { names_gfx900, sizeof names_gfx900 / sizeof names_gfx900[0] },
    [ISA_TARGET_GFX906] = { names_gfx906, sizeof names_gfx906 / sizeof names_gfx906[0] },
    [ISA_TARGET_GFX908] = { names_gfx908, sizeof names_gfx908 / sizeof names_gfx908[0] },
    [ISA_TARGET_GFX90A] = { names_gfx90a, sizeof names_gfx90a / sizeof names_gfx90a[0] },
    [ISA_TARGET_GFX942] = { names_gfx942, sizeof names_gfx942 / sizeof names_gfx942[0] },
};

static const struct {
    unsigned targets;
    const char *mnemonic, *entry;
} renames[] = {
#define ISA_MNEMONIC(targets, mnemonic, entry) { targets, #mnemonic, #entry },
#include "isa_mnemonics.def"
#undef ISA_MNEMONIC
};
enum { NRENAMES = sizeof renames / sizeof renames[0] };

const char *isa_op_mnemonic(isa_op_t op, isa_target_t t)
{
    if ((unsigned)op >= ISA_NUM_OPS)
        return NULL;
    for (size_t k = 0; k < NRENAMES; k++)
        if ((renames[k].targets & ISA_TM(t)) && strcmp(renames[k].entry, isa_ops[op].name) == 0)
            return renames[k].mnemonic;
    /* Its own name means another entry there: it has no name (and no opcode) on t. */
    for (size_t k = 0; k < NRENAMES; k++)
        if ((renames[k].targets & ISA_TM(t)) && strcmp(renames[k].mnemonic, isa_ops[op].name) == 0)
            return NULL;
    return isa_ops[op].name;
}

void isa_target_mnemonics(isa_target_t t, isa_op_finder_t find, const void *ctx, const char *out[ISA_NUM_OPS])
{
    for (int op = 0; op < ISA_NUM_OPS; op++)
        out[op] = isa_ops[op].name;
    /* isa_op_mnemonic's two rules, the weaker first: an entry whose own name is a mnemonic on t has
     * none; then each renamed entry its mnemonic, the first line of an entry written last. */
    for (size_t k = 0; k < NRENAMES; k++) {
        isa_op_t op = (renames[k].targets & ISA_TM(t)) ? find(ctx, renames[k].mnemonic) : ISA_NUM_OPS;
        if ((unsigned)op < ISA_NUM_OPS)
            out[op] = NULL;
    }
    for (size_t k = NRENAMES; k-- > 0;) {
        isa_op_t op = (renames[k].targets & ISA_TM(t)) ? find(ctx, renames[k].entry) : ISA_NUM_OPS;
        if ((unsigned)op < ISA_NUM_OPS)
            out[op] = renames[k].mnemonic;
    }
}

isa_op_t isa_mnemonic_op(const char *name, size_t len, isa_target_t t)
{
    for (size_t k = 0; k < NRENAMES; k++)
        if ((renames[k].targets & ISA_TM(t)) && strlen(renames[k].mnemonic) == len &&
            memcmp(renames[k].mnemonic, name, len) == 0)
            return isa_lookup(renames[k].entry);
    for (int op = 0; op < ISA_NUM_OPS; op++) {
        const char *n = isa_ops[op].name;
        if (strlen(n) == len && memcmp(n, name, len) == 0)
            return isa_op_mnemonic((isa_op_t)op, t) == n ? (isa_op_t)op : ISA_NUM_OPS;
    }
    return ISA_NUM_OPS;
}

bool isa_target_knows(const char *name, size_t len, isa_target_t t)
{
    if ((unsigned)t >= ISA_NUM_TARGETS || len == 0 || len >= ISA_NAME_WIDTH)
        return false;
    /* The first letter first, as most names differ there; a row is NUL-padded, so its length is len
     * when byte len is its first NUL: no strlen per row. */
    for (size_t i = 0; i < tables[t].n; i++)
        if (tables[t].names[i][0] == name[0] && tables[t].names[i][len] == '\0' && tables[t].names[i][len - 1] != '\0' &&
            memcmp(tables[t].names[i], name, len) == 0)
            return true;
    return false;
}

bool isa_op_on_target(isa_op_t op, isa_target_t t)
{
    const char *m = isa_op_mnemonic(op, t);
    return m && isa_target_knows(m, strlen(m), t);
}

bool isa_smem_offset_signed(isa_op_t op, isa_target_t t)
{
    return isa_target_gfx9(t) && (unsigned)op < ISA_NUM_OPS && strncmp(isa_ops[op].name, "s_buffer_", 9) != 0;
}

int64_t isa_smem_offset(isa_op_t op, uint32_t field, isa_target_t t)
{
    return isa_smem_offset_signed(op, t) && (field & 0x100000u) ? (int64_t)(field & 0x1fffffu) - 0x200000
                                                                : (int64_t)field;
}

bool isa_op_has_e32_on(isa_op_t op, isa_target_t t)
{
    if ((unsigned)op >= ISA_NUM_OPS || !isa_enc_has_e32(isa_ops[op].enc))
        return false;
    /* Every gfx803/gfx900/gfx906/gfx908 VOP1/VOP2/VOPC instruction has its 32-bit opcode. */
    if (!isa_target_gfx90a(t))
        return true;
    const char (*fam)[ISA_FAMILY_WIDTH] = t == ISA_TARGET_GFX90A ? families_gfx90a : families_gfx942;
    const char *m = isa_op_mnemonic(op, t);
    const char *want = isa_enc_name(isa_ops[op].enc);
    for (size_t i = 0; m && i < tables[t].n; i++)
        if (strcmp(tables[t].names[i], m) == 0 && strcmp(fam[i], want) == 0)
            return true;
    return false;
}

bool isa_atomic_returns_on(isa_op_t op, isa_target_t t)
{
    if (t != ISA_TARGET_GFX908)
        return true;
    return op != ISA_buffer_atomic_add_f32 && op != ISA_buffer_atomic_pk_add_f16 && op != ISA_global_atomic_add_f32 &&
           op != ISA_global_atomic_pk_add_f16;
}

bool isa_op_cache_scope(isa_op_t op)
{
    return op == ISA_buffer_wbl2 || op == ISA_buffer_inv;
}
