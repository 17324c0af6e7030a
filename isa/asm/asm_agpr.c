/* asm_agpr: AGPR operands in machine code and their rules (asm_agpr.h). Sources: LLVM's
 * AMDGPUAsmParser (validateAGPRLdSt: "invalid register class: agpr loads and stores not supported on
 * this GPU", "data and dst should be all VGPR or AGPR"; "vgpr tuples must be 64 bit aligned") and
 * its encodings as llvm-mc-15 -mcpu=gfx90a prints them: `ds_read_b32 a1, v0` is 0xda6c0000 (bit 25
 * set beside ds_read_b32's 0xd86c0000), `flat_load_dword a1, v[0:1]` has 0x01800000 as its second
 * word (bit 23 of it). The AMD Instinct MI200 ISA reference guide names the bit ACC. */
#include "asm/asm_agpr.h"

#include <stdio.h>
#include <string.h>

bool asm_agpr_mem_op(isa_op_t op)
{
    if ((unsigned)op >= ISA_NUM_OPS)
        return false;
    isa_enc_t e = isa_ops[op].enc;
    return e == ISA_ENC_DS || e == ISA_ENC_FLAT || e == ISA_ENC_MUBUF || e == ISA_ENC_MTBUF;
}

uint64_t asm_agpr_acc_bit(isa_op_t op)
{
    return isa_ops[op].enc == ISA_ENC_DS ? 1ull << 25 : 1ull << 55;
}

static bool lower_one(isa_operand_t *o)
{
    if (!isa_opnd_is_agpr(*o))
        return false;
    o->code = (uint16_t)(o->code - ISA_AGPR_BASE + ISA_VGPR_BASE);
    return true;
}

bool asm_agpr_lower(const isa_inst_t *in, isa_inst_t *out, bool *acc)
{
    isa_inst_t t = *in;
    bool any = lower_one(&t.vdst);
    for (unsigned i = 0; i < ISA_MAX_SRCS; i++)
        any |= lower_one(&t.src[i]);
    *acc = any && asm_agpr_mem_op((isa_op_t)in->op);
    if (any)
        *out = t;
    return any;
}

void asm_agpr_raise_mem(isa_inst_t *in)
{
    in->vdst = isa_opnd_to_agpr(in->vdst);
    for (unsigned i = 1; i < ISA_MAX_SRCS; i++)
        in->src[i] = isa_opnd_to_agpr(in->src[i]);
}

const char *asm_agpr_raise_sig(isa_inst_t *in)
{
    const char *g = isa_ops[in->op].sig;
    unsigned si = 0;
    for (bool first = true; *g; first = false) {
        char letter = *g;
        bool dst = first && (letter == 'D' || letter == 'X' || letter == 'Y' || letter == 'd' || letter == 'C');
        if (letter == 'X' || letter == 'x') {
            isa_operand_t *o = dst ? &in->vdst : si < ISA_MAX_SRCS ? &in->src[si] : NULL;
            if (!o || !isa_opnd_is_vgpr(*o))
                return "an AGPR operand whose field is not a register number";
            *o = isa_opnd_to_agpr(*o);
        }
        si += !dst;
        while (*g && *g != ' ')
            g++;
        while (*g == ' ')
            g++;
    }
    return NULL;
}

const char *asm_agpr_mem_rule(isa_target_t t, const isa_inst_t *in)
{
    if (!asm_agpr_mem_op((isa_op_t)in->op))
        return NULL;
    unsigned nv = 0, na = 0;
    const isa_operand_t *data[ISA_MAX_SRCS] = { &in->vdst }; /* the destination, and every source but the address */
    for (unsigned i = 1; i < ISA_MAX_SRCS; i++)
        data[i] = &in->src[i];
    for (unsigned i = 0; i < ISA_MAX_SRCS; i++) {
        nv += isa_opnd_is_vgpr(*data[i]);
        na += isa_opnd_is_agpr(*data[i]);
    }
    if (!na && !isa_opnd_is_agpr(in->src[0]))
        return NULL;
    if (!isa_target_gfx90a(t))
        return "AGPR loads and stores need gfx90a or later";
    if (isa_opnd_is_agpr(in->src[0]))
        return "the address cannot be an AGPR";
    if (nv && na)
        return "the data and destination registers must be all VGPRs or all AGPRs";
    return NULL;
}

const char *asm_agpr_alignment(isa_target_t t, const isa_inst_t *in, char *buf, size_t len)
{
    if (!isa_target_gfx90a(t))
        return NULL;
    const isa_operand_t *o = NULL;
    if (isa_opnd_is_vreg(in->vdst) && in->vdst.count >= 2 && isa_opnd_vnum(in->vdst) % 2)
        o = &in->vdst;
    for (unsigned i = 0; !o && i < ISA_MAX_SRCS; i++)
        if (isa_opnd_is_vreg(in->src[i]) && in->src[i].count >= 2 && isa_opnd_vnum(in->src[i]) % 2)
            o = &in->src[i];
    if (!o)
        return NULL;
    unsigned n = isa_opnd_vnum(*o);
    char k = isa_opnd_is_agpr(*o) ? 'a' : 'v';
    snprintf(buf, len, "misaligned register tuple %c[%u:%u]: on %s register tuples start at an even register", k, n,
             n + o->count - 1, isa_target_name(t));
    return buf;
}

const char *asm_agpr_inst_rule(isa_target_t t, const isa_inst_t *in)
{
    isa_op_t op = (isa_op_t)in->op;
    if (op == ISA_v_accvgpr_mov_b32 && (in->e64 || in->form))
        return "v_accvgpr_mov_b32 has only its 32-bit (VOP1) encoding";
    if (op != ISA_v_accvgpr_read_b32 && op != ISA_v_accvgpr_write_b32)
        return NULL;
    if (in->clamp || in->op_sel || (in->op_sel_hi & 1) != 1 || in->src[0].neg || in->src[0].abs)
        return "the AGPR moves take no modifiers (clamp, op_sel, op_sel_hi, neg_lo, neg_hi)";
    if (op == ISA_v_accvgpr_write_b32 && isa_opnd_is_sreg(in->src[0]) && !isa_target_gfx90a(t))
        return "the source of v_accvgpr_write_b32 must be a VGPR or an inline constant on gfx908 (an SGPR from gfx90a)";
    return NULL;
}
