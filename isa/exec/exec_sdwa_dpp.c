/* exec_sdwa_dpp: the SDWA and DPP forms (exec_sdwa_dpp.h). Sources: the GCN3 ISA manual's VOP_SDWA
 * and VOP_DPP microcode formats (field meanings: SRC_SEL, SEXT, DST_SEL, DST_UNUSED; DPP_CTRL,
 * BOUND_CTRL, ROW_MASK, BANK_MASK) and its description of the DPP lane patterns; LLVM's
 * AMDGPUModifierSyntax documentation for what bound_ctrl means. Only these instructions pay for the
 * layer: isa_exec_valu takes this path when in->form is not ISA_FORM_PLAIN. gfx9 (w->target) adds
 * SGPR and constant sources, a compare's SGPR-pair destination (in->sdst, written as any compare
 * writes it) and the output modifier (in->omod, applied by the instruction as in VOP3). */
#include "exec/exec_sdwa_dpp.h"

#include "exec/exec_lanes.h"
#include "exec/exec_operands.h"

enum { NL = ISA_WAVE_SIZE };

/* Private registers of the shadow wave: the two prepared sources and the destination. */
enum { R_SRC0, R_SRC1, R_DST, R_NUM };

/* Bits [shift, shift+width) that a selector names (DWORD: all 32). */
static void sel_field(unsigned sel, unsigned *shift, unsigned *width)
{
    if (sel <= ISA_SEL_BYTE_3) {
        *shift = 8 * sel;
        *width = 8;
    } else if (sel <= ISA_SEL_WORD_1) {
        *shift = 16 * (sel - ISA_SEL_WORD_0);
        *width = 16;
    } else {
        *shift = 0;
        *width = 32;
    }
}

/* SDWA source: the selected byte or word moved to bit 0, zero- or (SEXT) sign-extended. */
static inline uint32_t sdwa_src(uint32_t v, unsigned sel, bool sext)
{
    unsigned shift, width;
    sel_field(sel, &shift, &width);
    if (width == 32)
        return v;
    uint32_t mask = (1u << width) - 1;
    uint32_t f = (v >> shift) & mask;
    if (sext && (f >> (width - 1)) & 1)
        f |= ~mask;
    return f;
}

/* SDWA destination: the low byte/word of the result placed at the selected field; the other bits
 * are zero (UNUSED_PAD), the field's sign above it and zero below (UNUSED_SEXT), or the old
 * destination's (UNUSED_PRESERVE). */
static inline uint32_t sdwa_dst(uint32_t r, unsigned sel, unsigned unused, uint32_t old)
{
    unsigned shift, width;
    sel_field(sel, &shift, &width);
    if (width == 32)
        return r;
    uint32_t fmask = ((1u << width) - 1) << shift;
    uint32_t field = (r << shift) & fmask;
    if (unused == ISA_UNUSED_PRESERVE)
        return (old & ~fmask) | field;
    if (unused == ISA_UNUSED_SEXT && (field >> (shift + width - 1)) & 1) {
        unsigned top = shift + width;
        field |= top >= 32 ? 0 : ~((1u << top) - 1);
    }
    return field;
}

/* ---- gfx9's SDWA (sdwa9): scalar sources ----
 * An SGPR or inline constant source (S0/S1) is selected like a VGPR: the selector applies to the
 * 32 bits the operand supplies -- an SGPR's contents, an integer constant's value, a float
 * constant's f32 pattern, or its f16 pattern in a 16-bit float source (what the plain form reads
 * there: 1.0 is 0x3c00). Source: the Vega ISA manual's VOP_SDWA format (S0, S1, SRC0_SEL, SRC0_SEXT). */
static const uint16_t inline_f16[9] = { 0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118 };

/* Whether source k of `op` is a 16-bit float ('h' is the 16-bit float source of a signature). */
static bool src_is_f16(isa_op_t op, unsigned k)
{
    const char *sig = isa_ops[op].sig;
    unsigned n = 0;
    for (const char *p = sig; *p; p++) {
        if ((p != sig && p[-1] != ' ') || !strchr("SIVhj", *p))
            continue;
        if (n++ == k)
            return *p == 'h';
    }
    return false;
}

static uint32_t scalar_source(const isa_wave_t *w, const isa_inst_t *in, unsigned k)
{
    isa_operand_t o = in->src[k];
    if (o.code >= ISA_CONST_F_HALF && o.code <= ISA_CONST_F_INV2PI && src_is_f16((isa_op_t)in->op, k))
        return inline_f16[o.code - ISA_CONST_F_HALF];
    return isa_x_read_s32(w, in, o);
}

int isa_dpp_src_lane(unsigned ctrl, int lane)
{
    int row = lane & ~15, r = lane & 15;
    if (ctrl < 0x100) /* quad_perm: two bits per lane of the quad */
        return (lane & ~3) | (int)((ctrl >> (2 * (lane & 3))) & 3);
    if (ctrl > ISA_DPP_ROW_SHL && ctrl < ISA_DPP_ROW_SHL + 16) { /* lane i reads i + n in its row */
        int n = (int)(ctrl - ISA_DPP_ROW_SHL);
        return r + n < 16 ? lane + n : -1;
    }
    if (ctrl > ISA_DPP_ROW_SHR && ctrl < ISA_DPP_ROW_SHR + 16) { /* lane i reads i - n in its row */
        int n = (int)(ctrl - ISA_DPP_ROW_SHR);
        return r - n >= 0 ? lane - n : -1;
    }
    if (ctrl > ISA_DPP_ROW_ROR && ctrl < ISA_DPP_ROW_ROR + 16) /* rotate right within the row */
        return row | ((r - (int)(ctrl - ISA_DPP_ROW_ROR)) & 15);
    switch (ctrl) {
    case ISA_DPP_WAVE_SHL1: return lane + 1 < NL ? lane + 1 : -1;
    case ISA_DPP_WAVE_ROL1: return (lane + 1) & (NL - 1);
    case ISA_DPP_WAVE_SHR1: return lane - 1;
    case ISA_DPP_WAVE_ROR1: return (lane - 1) & (NL - 1);
    case ISA_DPP_ROW_MIRROR: return row | (15 - r);
    case ISA_DPP_ROW_HALF_MIRROR: return (lane & ~7) | (7 - (lane & 7));
    /* The last lane of the previous row (15, 31, 47) to rows 1-3; lane 31 to rows 2 and 3. The
     * manual names no source for the other rows (LLVM only uses these with row_mask 0xa / 0xc). */
    case ISA_DPP_ROW_BCAST15: return row ? row - 1 : -1;
    case ISA_DPP_ROW_BCAST31: return lane >= 32 ? 31 : -1;
    default: return -1; /* reserved codes: no source */
    }
}

/* Lanes whose row and bank are enabled: row = lane[5:4], bank = lane[3:2]. */
static uint64_t row_bank_lanes(unsigned row_mask, unsigned bank_mask)
{
    uint64_t m = 0;
    for (int l = 0; l < NL; l++)
        if ((row_mask >> (l >> 4) & 1) && (bank_mask >> ((l >> 2) & 3) & 1))
            m |= 1ull << l;
    return m;
}

void isa_valu_ext(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res, isa_valu_run_fn run)
{
    uint32_t regs[R_NUM * NL];
    memset(regs, 0, sizeof regs);
    isa_wave_t sh = *w;
    sh.vgpr = regs;
    sh.nvgpr = R_NUM;
    isa_inst_t c = *in;
    c.form = ISA_FORM_PLAIN;
    uint64_t exec = isa_wave_exec(w);
    uint64_t write = exec; /* lanes whose destination is written */
    bool sdwa = in->form == ISA_FORM_SDWA;

    for (int k = 0; k < 2; k++) {
        uint32_t *p = regs + (size_t)(R_SRC0 + k) * NL;
        if (!isa_opnd_is_vgpr(in->src[k])) {
            /* gfx9: an SGPR or constant source with a selector (DWORD reads it as the plain form) */
            if (!sdwa || !isa_target_sdwa9(w->target) || in->src[k].code == ISA_OPND_NONE ||
                in->src_sel[k] == ISA_SEL_DWORD)
                continue;
            uint32_t v = sdwa_src(scalar_source(w, in, (unsigned)k), in->src_sel[k], in->src_sext[k]);
            for (int l = 0; l < NL; l++)
                p[l] = v;
            c.src[k].code = (uint16_t)(ISA_VGPR_BASE + R_SRC0 + k);
            c.src[k].count = 1;
            continue;
        }
        const uint32_t *v = isa_x_vgpr(w, isa_x_vreg(in->src[k]));
        if (sdwa) {
            for (int l = 0; l < NL; l++)
                p[l] = sdwa_src(v[l], in->src_sel[k], in->src_sext[k]);
        } else if (k == 0) {
            /* DPP permutes src0 only. A lane whose source lane does not exist or is inactive
             * (EXEC=0) reads 0 with bound_ctrl, else it is not written. */
            for (int l = 0; l < NL; l++) {
                int s = isa_dpp_src_lane(in->dpp_ctrl, l);
                if (s >= 0 && (exec >> s & 1))
                    p[l] = v[s];
                else if (!in->bound_ctrl)
                    write &= ~(1ull << l);
            }
        } else {
            memcpy(p, v, sizeof(uint32_t) * NL);
        }
        c.src[k].code = (uint16_t)(ISA_VGPR_BASE + R_SRC0 + k);
        c.src[k].count = 1;
    }
    bool vdst = isa_opnd_is_vgpr(in->vdst);
    uint32_t *old = vdst ? isa_x_vgpr(w, isa_x_vreg(in->vdst)) : NULL;
    uint32_t *d = regs + (size_t)R_DST * NL;
    if (vdst) {
        memcpy(d, old, sizeof(uint32_t) * NL); /* the accumulator of v_mac_f32 */
        c.vdst.code = ISA_VGPR_BASE + R_DST;
        c.vdst.count = 1;
    }
    if (!sdwa)
        write &= row_bank_lanes(in->row_mask, in->bank_mask);
    /* Disabled rows/banks and unwritten lanes act as inactive lanes for the whole instruction,
     * so a carry-out is 0 there as it is in lanes with EXEC=0. */
    sh.sreg[ISA_REG_EXEC_LO] = (uint32_t)write;
    sh.sreg[ISA_REG_EXEC_HI] = (uint32_t)(write >> 32);
    uint32_t before[ISA_NUM_SREGS];
    memcpy(before, sh.sreg, sizeof before);
    if (!run(&sh, &c)) {
        isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s: VALU instruction not implemented", isa_ops[in->op].name);
        return;
    }
    /* The scalar registers the instruction wrote (VCC, a carry-out pair, EXEC of v_cmpx). */
    for (int k = 0; k < ISA_NUM_SREGS; k++)
        if (sh.sreg[k] != before[k])
            w->sreg[k] = sh.sreg[k];
    if (!vdst)
        return;
    for (int l = 0; l < NL; l++)
        if (write >> l & 1)
            old[l] = sdwa ? sdwa_dst(d[l], in->dst_sel, in->dst_unused, old[l]) : d[l];
}
