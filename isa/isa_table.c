/* The instruction table's metadata, generated from isa.def, and name lookup. */
#include "isa.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const isa_op_info_t isa_ops[ISA_NUM_OPS] = {
#define ISA_OP(name, enc, unit, rate, flags, size, sig) \
    [ISA_##name] = { #name, ISA_ENC_##enc, ISA_UNIT_##unit, ISA_RATE_##rate, (flags), (size), sig },
#include "isa.def"
#undef ISA_OP
};

static const char *const target_names[ISA_NUM_TARGETS] = { "gfx803", "gfx900", "gfx906", "gfx908", "gfx90a", "gfx942" };

const char *isa_target_name(isa_target_t t)
{
    return (unsigned)t < ISA_NUM_TARGETS ? target_names[t] : NULL;
}

bool isa_target_parse(const char *s, size_t len, isa_target_t *out)
{
    for (unsigned t = 0; t < ISA_NUM_TARGETS; t++)
        if (strlen(target_names[t]) == len && memcmp(s, target_names[t], len) == 0) {
            *out = (isa_target_t)t;
            return true;
        }
    return false;
}

const char *isa_enc_name(isa_enc_t enc)
{
    static const char *const names[ISA_NUM_ENCS] = {
        "SOP1", "SOP2", "SOPC", "SOPK", "SOPP", "SMEM", "VOP1", "VOP2", "VOPC", "VOP3", "FLAT", "DS",
        "MUBUF", "MTBUF", "VOP3P"
    };
    return (unsigned)enc < ISA_NUM_ENCS ? names[enc] : "?";
}

const char *isa_unit_name(isa_unit_t unit)
{
    static const char *const names[ISA_NUM_UNITS] = {
        "SALU", "SMEM", "VALU", "VMEM", "LDS", "BRANCH", "SEQ"
    };
    return (unsigned)unit < ISA_NUM_UNITS ? names[unit] : "?";
}

bool isa_enc_has_e32(isa_enc_t enc)
{
    return enc == ISA_ENC_VOP1 || enc == ISA_ENC_VOP2 || enc == ISA_ENC_VOPC;
}

/* A linear scan: only the assembler calls this, once per instruction, over a few hundred names. */
const char *isa_hwreg_name(unsigned id)
{
    static const char *const names[] = { NULL, "HW_REG_MODE", "HW_REG_STATUS", "HW_REG_TRAPSTS", "HW_REG_HW_ID",
                                         "HW_REG_GPR_ALLOC", "HW_REG_LDS_ALLOC", "HW_REG_IB_STS" };
    return id <= ISA_HWREG_LAST ? names[id] : NULL;
}

const char *isa_hwreg_name_on(unsigned id, isa_target_t t)
{
    if (id == ISA_HWREG_SH_MEM_BASES && isa_target_gfx9(t))
        return "HW_REG_SH_MEM_BASES";
    return isa_hwreg_name(id);
}

isa_op_t isa_lookup(const char *mnemonic)
{
    for (int i = 0; i < ISA_NUM_OPS; i++)
        if (strcmp(isa_ops[i].name, mnemonic) == 0)
            return (isa_op_t)i;
    return ISA_NUM_OPS;
}

const isa_kernel_t *isa_program_find(const isa_program_t *prog, const char *name)
{
    for (uint32_t i = 0; i < prog->nkernels; i++)
        if (name == NULL || strcmp(prog->kernels[i].name, name) == 0)
            return &prog->kernels[i];
    return NULL;
}

void isa_program_free(isa_program_t *prog)
{
    if (!prog)
        return;
    for (uint32_t i = 0; i < prog->nkernels; i++) {
        free(prog->kernels[i].insts);
        for (uint32_t l = 0; prog->kernels[i].labels && l < prog->kernels[i].nlabels; l++)
            free(prog->kernels[i].labels[l].name);
        free(prog->kernels[i].labels);
        free(prog->kernels[i].name);
        isa_kernel_args_free(prog->kernels[i].args, prog->kernels[i].nargs);
    }
    free(prog->kernels);
    free(prog->image);
    free(prog->path);
    memset(prog, 0, sizeof *prog);
}

void isa_kernel_args_free_one(isa_kernel_arg_t *a)
{
    free(a->name);
    free(a->type_name);
    a->name = a->type_name = NULL;
}

void isa_kernel_args_free(isa_kernel_arg_t *a, uint32_t n)
{
    for (uint32_t i = 0; a && i < n; i++)
        isa_kernel_args_free_one(&a[i]);
    free(a);
}

bool isa_kernel_arg_fill_names(isa_kernel_arg_t *a, uint32_t index)
{
    char buf[16];
    snprintf(buf, sizeof buf, "arg%u", index);
    if (!a->name)
        a->name = strdup(buf);
    if (!a->type_name)
        a->type_name = strdup("");
    return a->name && a->type_name;
}

bool isa_kernel_arg_init(isa_kernel_arg_t *a, uint32_t index)
{
    memset(a, 0, sizeof *a);
    a->kind = ISA_ARG_OTHER;
    return isa_kernel_arg_fill_names(a, index);
}
