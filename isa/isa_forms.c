/* Rules of the encoding rather than table columns: the SDWA and DPP forms of VOP1/VOP2/VOPC (gfx8),
 * which instructions have them and which sources are floats (they take neg/abs in those forms;
 * integer sources take sext in SDWA and nothing in DPP), and which operands take the source
 * modifiers neg/abs in each form (isa_op_src_mods: the one rule the assembler and the code-object
 * decoder both apply). The rules are the ones llvm-mc applies for gfx803; tests/isa/sdwa_dpp_coverage.sh
 * compares the forms instruction by instruction, test_asm_decode_rules the modifiers. */
#include "isa.h"

#include <string.h>

/* Every operand one register wide (no 64-bit group), no 32-bit K constant (v_madmk/v_madak: the
 * second dword is the constant, so there is no room for the SDWA/DPP dword) and no scalar
 * destination (v_readfirstlane_b32 is VOP1 only in name). */
static bool plain_32bit_vop(const isa_op_info_t *info)
{
    if (!isa_enc_has_e32(info->enc))
        return false;
    for (const char *p = info->sig; *p; p++)
        if (*p == 'K' || *p == 'd' || *p == 'X' || *p == 'x' || (*p >= '2' && *p <= '9')) /* X, x: CDNA's AGPRs */
            return false;
    return true;
}

bool isa_op_has_form(isa_op_t op, int form)
{
    if ((unsigned)op >= ISA_NUM_OPS)
        return false;
    const isa_op_info_t *info = &isa_ops[op];
    if (form == ISA_FORM_PLAIN)
        return true;
    if (!plain_32bit_vop(info))
        return false;
    /* LLVM gives these no SDWA/DPP form on gfx8: v_clrexcp (no operands) and the M0-relative moves,
     * whose register is chosen by M0. */
    if (op == ISA_v_clrexcp || op == ISA_v_movrels_b32 || op == ISA_v_movreld_b32 || op == ISA_v_movrelsd_b32)
        return false;
    /* nor gfx9's v_swap_b32, which writes both its operands (valu9) */
    if (op == ISA_v_swap_b32)
        return false;
    /* gfx8 has no DPP form of the compares (LLVM: "dpp variant of this instruction is not
     * supported"); their SDWA form writes VCC only. */
    return form == ISA_FORM_SDWA || info->enc != ISA_ENC_VOPC;
}

/* ---- SDWA9 (sdwa9) --------------------------------------------------------------------------- */

bool isa_op_has_form_on(isa_op_t op, int form, isa_target_t t)
{
    if (!isa_op_has_form(op, form))
        return false;
    /* LLVM's FeatureSDWAMac is gfx8's only: gfx9 has no SDWA v_mac_f32/v_mac_f16 (nor gfx906's
     * v_fmac_f32); their DPP forms stay. */
    if (isa_target_sdwa9(t) && form == ISA_FORM_SDWA && (isa_ops[op].flags & ISA_FL_MAC))
        return false;
    /* SDWA and DPP extend the 32-bit word: none where the target has no 32-bit opcode (cdnaisa). */
    return form == ISA_FORM_PLAIN || isa_op_has_e32_on(op, t);
}

bool isa_op_sdwa_omod(isa_op_t op)
{
    if ((unsigned)op >= ISA_NUM_OPS)
        return false;
    const isa_op_info_t *info = &isa_ops[op];
    if (!(info->flags & ISA_FL_FLOAT) || info->enc == ISA_ENC_VOPC || !isa_op_has_form(op, ISA_FORM_SDWA))
        return false;
    /* The result's type: a conversion names it first, after a rounding word (v_cvt_f32_u32 and
     * v_cvt_off_f32_i4 yes; v_cvt_u32_f32 and v_cvt_flr_i32_f32 no); v_frexp_exp gives an integer. */
    const char *n = info->name;
    if (strncmp(n, "v_frexp_exp_", 12) == 0)
        return false;
    if (strncmp(n, "v_cvt_", 6) == 0) {
        const char *t = n + 6;
        if (strncmp(t, "off_", 4) == 0 || strncmp(t, "flr_", 4) == 0 || strncmp(t, "rpi_", 4) == 0)
            t += 4;
        return t[0] == 'f' && (t[1] == '1' || t[1] == '3' || t[1] == '6');
    }
    return true;
}

bool isa_op_src_float(isa_op_t op, unsigned k)
{
    const isa_op_info_t *info = &isa_ops[op];
    if (!(info->flags & ISA_FL_FLOAT))
        return false;
    /* The source groups in order: the k-th of S/I/V and the 16-bit h (f16) / j (i16/u16). */
    unsigned n = 0;
    for (const char *p = info->sig; *p; p++) {
        if (p != info->sig && p[-1] != ' ')
            continue;
        if (*p != 'S' && *p != 'I' && *p != 'V' && *p != 'h' && *p != 'j')
            continue;
        if (n++ == k) {
            if (*p == 'I' || *p == 'j')
                return false;
            break;
        }
    }
    /* Conversions from an integer (v_cvt_f32_i32, _u32, _ubyteN, and the 16-bit ones): the source
     * type is the last part of the name. */
    if (strncmp(info->name, "v_cvt_", 6) == 0) {
        const char *last = strrchr(info->name, '_');
        return !(last[1] == 'i' || last[1] == 'u');
    }
    return true;
}

/* A VOP3b instruction (a VOP3, or the 64-bit form of a VOP2, with a lane-mask destination that
 * takes the place of the abs bits): neg only. */
static bool vop3b(const isa_op_info_t *info)
{
    return info->enc != ISA_ENC_VOPC && strchr(info->sig, 'C') != NULL;
}

unsigned isa_op_src_mods(isa_op_t op, int form, unsigned pos)
{
    if ((unsigned)op >= ISA_NUM_OPS)
        return 0;
    const isa_op_info_t *info = &isa_ops[op];
    if (info->unit != ISA_UNIT_VALU)
        return 0;
    /* The group at pos, and k: how many sources come before it (isa_op_src_float's index). */
    unsigned g = 0, k = 0;
    const char *p = info->sig;
    for (; *p && g < pos; p++) {
        if ((p == info->sig || p[-1] == ' ') && strchr("SIVhj", *p))
            k++;
        g += *p == ' ';
    }
    if (g != pos || (*p != 'S' && *p != 'h'))
        return 0; /* I and j: integers; V: VGPR-only (no 64-bit form); the rest are not VALU sources */
    if (form != ISA_FORM_PLAIN) /* SDWA, DPP: float sources (v_cndmask_b32 takes sext() in SDWA) */
        return isa_op_has_form(op, form) && isa_op_src_float(op, k) ? ISA_MOD_NEG | ISA_MOD_ABS : 0;
    /* The 64-bit encoding: float sources, and both data sources of v_cndmask_b32 (LLVM folds
     * fneg/fabs of the selected values into it; the hardware applies them to the sign bit). */
    if (op != ISA_v_cndmask_b32 && !isa_op_src_float(op, k))
        return 0;
    return vop3b(info) ? ISA_MOD_NEG : ISA_MOD_NEG | ISA_MOD_ABS;
}
