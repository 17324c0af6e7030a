/* disasm: print a decoded instruction in llvm-mc syntax, driven by the same table signature the
 * assembler parses, so that printing and re-assembling gives back the same instruction. */
#include "isa.h" /* isa_format_inst */

#include "asm/asm_buffer.h"
#include "asm/asm_flat9.h"
#include "asm/asm_diag.h"
#include "asm/asm_lex.h"
#include "asm/asm_operands.h"
#include "asm/asm_text.h"
#include "asm/asm_swizzle.h"
#include "asm/asm_sdwa_dpp.h"
#include "asm/asm_mfma.h"
#include "asm/asm_vop3p.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void put_operand(asm_out_t *o, const isa_inst_t *in, isa_operand_t op)
{
    char text[32];
    uint16_t c = op.code;
    if (c == ISA_OPND_NONE)
        snprintf(text, sizeof text, "<none>");
    else if (c == ISA_SRC_LITERAL)
        snprintf(text, sizeof text, "0x%x", in->literal);
    else
        asm_operand_text(c, op.count ? op.count : 1, text, sizeof text);
    asm_put(o, "%s%s%s%s", op.neg ? "-" : "", op.abs ? "|" : "", text, op.abs ? "|" : "");
}

/* The label at instruction `target`, preferring one that is not the kernel's own name. Labels are
 * in instruction order: a binary search, so a listing stays linear in a kernel with many labels. */
static const char *label_for(const isa_kernel_t *k, uint32_t target)
{
    if (!k)
        return NULL;
    uint32_t lo = 0, hi = k->nlabels;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (k->labels[mid].index < target)
            lo = mid + 1;
        else
            hi = mid;
    }
    const char *first = NULL;
    for (uint32_t i = lo; i < k->nlabels && k->labels[i].index == target; i++) {
        if (strcmp(k->labels[i].name, k->name) != 0)
            return k->labels[i].name;
        if (!first)
            first = k->labels[i].name;
    }
    return first;
}

int isa_format_inst(const isa_kernel_t *k, const isa_inst_t *in, char *buf, size_t len)
{
    asm_out_t o = { buf, len, 0 };
    if (len)
        buf[0] = 0;
    if (in->op >= ISA_NUM_OPS) {
        asm_put(&o, "<invalid opcode %u>", in->op);
        return (int)o.pos;
    }
    const isa_op_info_t *info = &isa_ops[in->op];
    if (info->enc == ISA_ENC_MUBUF || info->enc == ISA_ENC_MTBUF)
        return asm_buffer_format(in, k ? k->target : ISA_TARGET_GFX803, buf, len);
    if (info->flags & ISA_FL_MFMA) /* CDNA's matrix instructions (asm_mfma.c) */
        return asm_mfma_format(in, k ? k->target : ISA_TARGET_GFX803, buf, len);
    if (info->enc == ISA_ENC_VOP3P) /* gfx9 (asm_vop3p.c) */
        return asm_vop3p_format(in, buf, len);
    if (isa_flat9_form((isa_op_t)in->op, k ? k->target : ISA_TARGET_GFX803))
        return asm_flat9_format(in, k ? k->target : ISA_TARGET_GFX803, buf, len);
    asm_sig_list_t sig;
    if (!asm_sig_parse(info->sig, &sig))
        sig.n = 0;
    /* llvm-mc names the encoding only where both exist (madak/madmk have no 64-bit form). */
    bool both = isa_enc_has_e32(info->enc) && !strchr(info->sig, 'K') && (info->sig[0] || in->e64) &&
                in->op != ISA_v_swap_b32 && /* VOP1 only, printed without a suffix (valu9) */
                in->op != ISA_v_accvgpr_mov_b32; /* the same (agpr) */
    isa_target_t target = k ? k->target : ISA_TARGET_GFX803;
    both = both && isa_op_has_e32_on((isa_op_t)in->op, target); /* gfx90a's VOP3-only v_mul_legacy_f32 (cdnaisa) */
    const char *mn = isa_op_mnemonic(in->op, target);
    asm_put(&o, "%s%s", mn ? mn : info->name, in->form ? asm_ext_suffix(in, target) : both ? (in->e64 ? "_e64" : "_e32") : "");
    unsigned si = 0, printed = 0;
    for (unsigned g = 0; g < sig.n; g++) {
        const asm_sig_t *s = &sig.g[g];
        if (s->kind == SIG_RTN && !in->glc)
            continue;
        asm_put(&o, "%s", printed++ ? ", " : " ");
        switch (s->kind) {
        case SIG_VDST:
        case SIG_RTN:
        case SIG_ADST: case SIG_ACC_DST: /* CDNA (agpr) */
            put_operand(&o, in, in->vdst);
            break;
        case SIG_SDST:
        case SIG_MASK_DST:
            put_operand(&o, in, in->sdst);
            break;
        case SIG_SMEM_OFF:
            if (in->has_soffset_sgpr)
                put_operand(&o, in, in->src[si++]);
            else if (isa_smem_offset(in->op, in->offset, target) < 0) /* gfx9's signed offsets */
                asm_put(&o, "-0x%x", (unsigned)-isa_smem_offset(in->op, in->offset, target));
            else
                asm_put(&o, "0x%x", in->offset);
            break;
        case SIG_IMM16:
            if (info->enc == ISA_ENC_SOPK)
                asm_put(&o, "0x%x", (unsigned)in->simm16 & 0xffffu);
            else
                asm_put(&o, "%d", in->simm16);
            break;
        case SIG_LABEL: {
            const char *l = label_for(k, in->target);
            char *e = l ? asm_diag_name(l) : NULL; /* a symbol's name: escaped, as every name printed */
            if (l)
                asm_put(&o, "%s", e ? e : "?");
            else if (k && in->target < k->ninsts) /* the offset, as llvm-objdump prints it */
                asm_put(&o, "%lld", ((long long)k->insts[in->target].pc - (long long)in->pc - 4) / 4);
            else
                asm_put(&o, "%u", in->target);
            free(e);
            break;
        }
        case SIG_HWREG:
            if (isa_hwreg_name_on(isa_hwreg_id(in->simm16), target))
                asm_put(&o, "hwreg(%s, %u, %u)", isa_hwreg_name_on(isa_hwreg_id(in->simm16), target), isa_hwreg_offset(in->simm16),
                    isa_hwreg_size(in->simm16));
            else
                asm_put(&o, "hwreg(%u, %u, %u)", isa_hwreg_id(in->simm16), isa_hwreg_offset(in->simm16),
                    isa_hwreg_size(in->simm16));
            break;
        case SIG_GPRIDX: {
            static const char *const names[] = { "SRC0", "SRC1", "SRC2", "DST" };
            const char *sep = "";
            asm_put(&o, "gpr_idx(");
            for (int b = 0; b < 4; b++)
                if (in->simm16 >> b & 1) {
                    asm_put(&o, "%s%s", sep, names[b]);
                    sep = ",";
                }
            asm_put(&o, ")");
            break;
        }
        case SIG_WAITCNT: {
            unsigned vm = isa_waitcnt_vm_on(in->simm16, target), ex = isa_waitcnt_exp(in->simm16);
            unsigned lg = isa_waitcnt_lgkm(in->simm16), vmax = isa_waitcnt_vm_max(target);
            bool all = vm == vmax && ex == 7 && lg == 15;
            const char *sep = "";
            if (vm != vmax || all) {
                asm_put(&o, "vmcnt(%u)", vm);
                sep = " ";
            }
            if (ex != 7 || all) {
                asm_put(&o, "%sexpcnt(%u)", sep, ex);
                sep = " ";
            }
            if (lg != 15 || all)
                asm_put(&o, "%slgkmcnt(%u)", sep, lg);
            break;
        }
        default: {
            bool sext = in->form == ISA_FORM_SDWA && si < 2 && in->src_sext[si];
            if (si < ISA_MAX_SRCS)
                asm_put(&o, sext ? "sext(" : ""), put_operand(&o, in, in->src[si++]), asm_put(&o, sext ? ")" : "");
            break;
        }
        }
    }
    if (in->op == ISA_s_endpgm && in->simm16) /* llvm-mc's optional immediate */
        asm_put(&o, " %d", (int)in->simm16);
    if (in->op_sel && isa_op_has_op_sel((isa_op_t)in->op)) { /* gfx9 (valu9): as llvm-mc, before clamp */
        unsigned nsrc = 0;
        for (const char *p = info->sig; *p; p++)
            nsrc += (p == info->sig || p[-1] == ' ') && *p != 'D';
        if (isa_op_sel_bytes((isa_op_t)in->op))
            nsrc = 3; /* v_cvt_sr_*: the four bits as written (cdnaisa) */
        asm_put(&o, " op_sel:[");
        for (unsigned k = 0; k <= nsrc; k++)
            asm_put(&o, "%s%u", k ? "," : "", (in->op_sel >> (k == nsrc ? 3 : k)) & 1u);
        asm_put(&o, "]");
    }
    if (in->clamp)
        asm_put(&o, " clamp");
    if (in->omod)
        asm_put(&o, " %s", in->omod == 1 ? "mul:2" : in->omod == 2 ? "mul:4" : "div:2");
    if (in->form) {
        char ext[96];
        asm_ext_format(in, ext, sizeof ext);
        asm_put(&o, "%s", ext);
    }
    if (info->enc == ISA_ENC_DS) {
        if (info->flags & ISA_FL_DUAL) {
            if (in->offset0)
                asm_put(&o, " offset0:%u", in->offset0);
            if (in->offset1)
                asm_put(&o, " offset1:%u", in->offset1);
        } else if (in->offset) {
            char sw[48];
            if (in->op == ISA_ds_swizzle_b32 && asm_swizzle_format(in->offset, sw, sizeof sw) > 0)
                asm_put(&o, " offset:%s", sw);
            else
                asm_put(&o, " offset:%u", in->offset);
        }
    }
    if (in->glc)
        asm_put(&o, " glc");
    if (in->slc)
        asm_put(&o, " slc");
    return (int)o.pos;
}
