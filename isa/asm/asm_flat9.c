/* asm_flat9: gfx9's FLAT family in llvm-mc's syntax, its machine code and its text:
 *
 *   flat_load_dword v1, v[2:3] offset:4095 glc slc          (offset: unsigned 12 bits)
 *   global_load_dword v1, v[2:3], off offset:-16            (SADDR off: a 64-bit VGPR address)
 *   global_load_dword v1, v2, s[4:5]                        (an SGPR pair + a 32-bit VGPR offset)
 *   global_store_dword v[2:3], v1, off
 *   global_atomic_add v1, v[2:3], v4, off glc               (glc: the old value returns into v1)
 *   scratch_load_dword v1, v2, off                          (a VGPR or an SGPR, the other off)
 *   scratch_store_dword off, v1, s3 offset:-4096            (offset: signed 13 bits)
 *
 * Parsed here rather than through the generic signature match: the address operand's width follows
 * SADDR, which comes after it. The word (Vega ISA manual, "FLAT, Scratch and Global instructions"):
 * offset [12:0] (flat_: [11:0]), lds [13] (0), seg [15:14], glc [16], slc [17], op [24:18]; addr
 * [39:32], data [47:40], saddr [54:48] (0x7f for off; 0 on flat_, as llvm-mc writes it), vdst
 * [63:56]. docs/asm.md, "gfx9 FLAT, global_ and scratch_". */
#include "asm/asm_flat9.h"

#include "asm/asm_lex.h"
#include "asm/asm_operands.h"
#include "asm/asm_text.h"
#include "common/le.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

enum { SADDR_OFF = 0x7f };

int asm_cache_bit(asm_ctx_t *c, const asm_tok_t *t)
{
    bool scope = isa_target_gfx940(c->target);
    static const char *const old[] = { "glc", "slc" }, *const neu[] = { "sc0", "nt", "sc1" };
    for (int k = 0; k < 3; k++) {
        if (k < 2 && asm_tok_is(t, old[k])) {
            if (!scope)
                return k;
            asm_error(c, t->col, "'%s' is spelled '%s' on %s (the scope bits sc0, sc1, nt replace glc and slc: "
                      "docs/asm.md)", old[k], neu[k], isa_target_name(c->target));
            return ASM_CB_ERROR;
        }
        if (asm_tok_is(t, neu[k])) {
            if (scope)
                return k;
            asm_error(c, t->col, "'%s' is a scope bit of gfx940 (gfx942); %s has %s", neu[k],
                      isa_target_name(c->target), k == 2 ? "no such bit" : k == 0 ? "glc" : "slc");
            return ASM_CB_ERROR;
        }
    }
    return ASM_CB_NONE;
}

const char *asm_glc_name(isa_target_t t)
{
    return isa_target_gfx940(t) ? "sc0" : "glc";
}

const char *asm_cache_bits_text(isa_target_t t)
{
    return isa_target_gfx940(t) ? "sc0, sc1, nt" : "glc, slc";
}

void asm_cache_bits_put(const isa_inst_t *in, isa_target_t t, asm_out_t *o)
{
    bool scope = isa_target_gfx940(t);
    if (in->glc)
        asm_put(o, scope ? " sc0" : " glc");
    if (in->slc)
        asm_put(o, scope ? " nt" : " slc");
    if (in->sc1)
        asm_put(o, " sc1");
}

/* The modifiers: offset:N, glc, slc (sc0, sc1, nt on gfx940), in any order, each once. */
static bool parse_mods(asm_ctx_t *c, uint32_t *i, isa_seg_t seg, isa_inst_t *in, uint32_t *col_glc)
{
    bool have_off = false;
    for (;;) {
        const asm_tok_t *t = &c->tok[*i];
        if (t->kind == TK_END)
            return true;
        int cb = asm_cache_bit(c, t);
        if (cb == ASM_CB_ERROR)
            return false;
        if (cb != ASM_CB_NONE) {
            uint8_t *f = cb == ASM_CB_GLC ? &in->glc : cb == ASM_CB_SLC ? &in->slc : &in->sc1;
            if (*f) {
                asm_error(c, t->col, "duplicate modifier '%.*s'", (int)t->len, t->p);
                return false;
            }
            *f = 1;
            if (cb == ASM_CB_GLC)
                *col_glc = t->col;
            (*i)++;
        } else if (asm_tok_is(t, "offset")) {
            if (have_off) {
                asm_error(c, t->col, "duplicate modifier 'offset'");
                return false;
            }
            int64_t v;
            const char *range = seg == ISA_SEG_FLAT     ? "offset: flat_ takes a 12-bit unsigned offset (0..4095)"
                                : seg == ISA_SEG_GLOBAL ? "offset: global_ takes a 13-bit signed offset (-4096..4095)"
                                                        : "offset: scratch_ takes a 13-bit signed offset (-4096..4095)";
            if (!asm_mod_int(c, i, "offset", seg == ISA_SEG_FLAT ? 0 : -4096, 4095, range, &v))
                return false;
            in->offset = (uint32_t)v & (seg == ISA_SEG_FLAT ? 0xfffu : 0x1fffu);
            have_off = true;
        } else if (asm_tok_is(t, "lds") || asm_tok_is(t, "tfe") || asm_tok_is(t, "nv")) {
            asm_error(c, t->col, "'%.*s' is not simulated by gcnsim on FLAT instructions", (int)t->len, t->p);
            return false;
        } else {
            asm_error(c, t->col, "unexpected '%.*s': expected a FLAT modifier (offset:, %s)", (int)t->len, t->p,
                      asm_cache_bits_text(c->target));
            return false;
        }
    }
}

/* SADDR: `off`, or an SGPR pair s[2n:2n+1] (global_) / one SGPR (scratch_). */
static bool parse_saddr(asm_ctx_t *c, const asm_opnd_t *o, isa_seg_t seg, isa_operand_t *out)
{
    if (o->kind == OPK_OFF) {
        *out = (isa_operand_t){ ISA_OPND_NONE, 0, 0, 0 };
        return true;
    }
    unsigned n = seg == ISA_SEG_GLOBAL ? 2 : 1;
    bool ok = o->kind == OPK_REG && o->code < ISA_NUM_SREGS && o->count == n && !o->neg && !o->abs &&
              o->code != ISA_REG_EXEC_LO && o->code != ISA_REG_EXEC_HI && (n == 1 || o->code % 2 == 0);
    if (!ok) {
        asm_error(c, o->col, seg == ISA_SEG_GLOBAL ? "SADDR of global_ must be 'off' or an SGPR pair s[2n:2n+1]"
                                                   : "SADDR of scratch_ must be 'off' or one SGPR");
        return false;
    }
    *out = (isa_operand_t){ o->code, (uint8_t)n, 0, 0 };
    return true;
}

bool asm_flat9_inst(asm_ctx_t *c, isa_op_t op, uint32_t mcol, uint32_t *i, asm_pinst_t *pi)
{
    const isa_op_info_t *info = &isa_ops[op];
    isa_inst_t *in = &pi->in;
    isa_seg_t seg = isa_flat_seg(op);
    bool load = info->flags & ISA_FL_LOAD, atomic = info->flags & ISA_FL_ATOMIC;
    isa_op_t base = isa_flat_base_op(op);
    bool cmpswap = base == ISA_flat_atomic_cmpswap || base == ISA_flat_atomic_cmpswap_x2;
    unsigned regs = info->mem_bytes < 4 ? 1 : info->mem_bytes / 4;
    in->size = 8;
    in->offset = 0;

    /* Up to four operands, then the modifiers. */
    asm_opnd_t o[4];
    unsigned n = 0;
    for (;;) {
        if (n == 4) {
            asm_error(c, c->tok[*i].col, "too many operands for %s", info->name);
            return false;
        }
        if (!asm_parse_operand(c, i, &o[n]))
            return false;
        n++;
        if (!asm_tok_punct(&c->tok[*i], ','))
            break;
        (*i)++;
    }
    uint32_t col_glc = 0;
    if (!parse_mods(c, i, seg, in, &col_glc))
        return false;
    /* vdst (loads; atomics with glc), vaddr, vdata (stores, atomics), saddr (global_, scratch_) */
    bool lds = isa_op_flat_lds(op); /* gfx940's loads into LDS: no destination (cdnaisa) */
    unsigned want = 2u + (seg != ISA_SEG_FLAT) - lds;
    bool rtn = false;
    if (atomic) {
        rtn = n == want + 1;
        if (rtn != (in->glc != 0)) {
            asm_error(c, rtn ? mcol : col_glc, rtn ? "%s returns the old value (a destination operand) only with %s"
                                                   : "%s with %s returns the old value: give a destination first",
                      info->name, asm_glc_name(c->target));
            return false;
        }
        want += rtn;
        if (rtn && !isa_atomic_returns_on(op, c->target)) { /* gfx908's f32/pk_f16 adds (cdnaisa) */
            asm_error(c, col_glc, "%s returns nothing on %s: no %s and no destination operand", info->name,
                      isa_target_name(c->target), asm_glc_name(c->target));
            return false;
        }
    }
    if (n != want) {
        asm_error(c, mcol, "%s takes %u operands, not %u", info->name, want, n);
        return false;
    }
    unsigned k = 0;
    if ((load && !lds) || rtn) {
        if (!asm_vgpr_range(c, &o[k], load ? regs : info->mem_bytes / 4, "the destination"))
            return false;
        in->vdst = (isa_operand_t){ o[k].code, o[k].count, 0, 0 };
        k++;
    }
    const asm_opnd_t *vaddr = &o[k++];
    const asm_opnd_t *vdata = load ? NULL : &o[k++];
    in->src[2] = (isa_operand_t){ ISA_OPND_NONE, 0, 0, 0 };
    if (seg != ISA_SEG_FLAT && !parse_saddr(c, &o[k], seg, &in->src[2]))
        return false;
    bool saddr = in->src[2].code != ISA_OPND_NONE;
    if (seg == ISA_SEG_SCRATCH) {
        /* gfx940 adds the ST mode (both off: the offset alone) and the SVS mode (VGPR + SGPR); LLVM
         * hasFlatScratchSTMode / hasFlatScratchSVSMode */
        if ((vaddr->kind == OPK_OFF) == !saddr && !isa_target_gfx940(c->target)) {
            asm_error(c, vaddr->col, "scratch_ takes its address from a VGPR or an SGPR: exactly one of them must be "
                      "'off' (before gfx940)");
            return false;
        }
        if (vaddr->kind == OPK_OFF)
            in->src[0] = (isa_operand_t){ ISA_OPND_NONE, 0, 0, 0 };
        else if (!asm_vgpr_range(c, vaddr, 1, "the address (vaddr) of scratch_"))
            return false;
        else
            in->src[0] = (isa_operand_t){ vaddr->code, 1, 0, 0 };
    } else {
        unsigned w = seg == ISA_SEG_GLOBAL && saddr ? 1 : 2;
        if (!asm_vgpr_range(c, vaddr, w, w == 1 ? "with an SGPR base, the address (a 32-bit offset)" : "the address"))
            return false;
        in->src[0] = (isa_operand_t){ vaddr->code, (uint8_t)w, 0, 0 };
    }
    in->nsrc = 1;
    if (vdata) {
        unsigned w = atomic ? info->mem_bytes / 4 * (cmpswap ? 2 : 1) : regs;
        if (!asm_vgpr_range(c, vdata, w, "the data"))
            return false;
        in->src[1] = (isa_operand_t){ vdata->code, vdata->count, 0, 0 };
        in->nsrc = 2;
    }
    if (seg != ISA_SEG_FLAT)
        in->nsrc = 3;
    return true;
}

/* ---- Machine code ----------------------------------------------------------------------------- */

static uint32_t vfield(isa_operand_t o)
{
    return isa_opnd_is_vgpr(o) ? (uint32_t)(o.code - ISA_VGPR_BASE) : 0;
}

unsigned asm_flat9_encode(const isa_inst_t *in, uint16_t opcode, uint8_t *out, char *err, size_t errlen)
{
    isa_op_t op = (isa_op_t)in->op;
    isa_seg_t seg = isa_flat_seg(op);
    if (opcode > 0x7f)
        return asm_fail(err, errlen, "'%s': FLAT opcode 0x%x does not fit its 7 bits", isa_ops[op].name, opcode);
    uint32_t saddr = seg == ISA_SEG_FLAT ? 0 : in->src[2].code == ISA_OPND_NONE ? SADDR_OFF : in->src[2].code & 0x7f;
    uint32_t offset = in->offset & (seg == ISA_SEG_FLAT ? 0xfffu : 0x1fffu);
    asm_flat_words(out, opcode, in->glc, in->slc, (unsigned)seg, offset, vfield(in->src[0]),
                   in->nsrc >= 2 ? vfield(in->src[1]) : 0, saddr, vfield(in->vdst));
    out[3] |= (uint8_t)(in->sc1 ? 2 : 0); /* gfx940's sc1: bit 25 of the first word (cdnaisa) */
    return 8;
}

void asm_flat_words(uint8_t *out, uint16_t opcode, bool glc, bool slc, unsigned seg, uint32_t offset, uint32_t vaddr,
                    uint32_t vdata, uint32_t saddr, uint32_t vdst)
{
    le_put32(out, 0xdc000000u | (uint32_t)opcode << 18 | (uint32_t)(slc ? 1 : 0) << 17 | (uint32_t)(glc ? 1 : 0) << 16 |
                      (uint32_t)seg << 14 | offset);
    le_put32(out + 4, vdst << 24 | saddr << 16 | vdata << 8 | vaddr);
}

const char *asm_flat9_decode(uint32_t w0, uint32_t w1, isa_inst_t *in)
{
    isa_op_t op = (isa_op_t)in->op;
    const isa_op_info_t *info = &isa_ops[op];
    isa_seg_t seg = isa_flat_seg(op);
    if (((w0 >> 14) & 3) != (uint32_t)seg)
        return "its SEG field does not match the instruction";
    if (w0 & (1u << 13))
        return "the lds bit is set (FLAT into LDS is not simulated)";
    in->glc = (w0 >> 16) & 1;
    in->slc = (w0 >> 17) & 1;
    in->sc1 = (w0 >> 25) & 1; /* gfx940 (cdnaisa); the caller drops it on older targets */
    in->offset = w0 & (seg == ISA_SEG_FLAT ? 0xfffu : 0x1fffu);
    uint32_t saddr = (w1 >> 16) & 0x7f;
    isa_operand_t none = { ISA_OPND_NONE, 0, 0, 0 };
    for (int k = 0; k < ISA_MAX_SRCS; k++)
        in->src[k] = none;
    if (seg != ISA_SEG_FLAT && saddr != SADDR_OFF)
        in->src[2] = (isa_operand_t){ (uint16_t)saddr, (uint8_t)(seg == ISA_SEG_GLOBAL ? 2 : 1), 0, 0 };
    bool has_saddr = in->src[2].code != ISA_OPND_NONE;
    unsigned aw = seg == ISA_SEG_SCRATCH || (seg == ISA_SEG_GLOBAL && has_saddr) ? 1 : 2;
    in->src[0] = seg == ISA_SEG_SCRATCH && has_saddr ? none
                                                     : (isa_operand_t){ (uint16_t)(ISA_VGPR_BASE + (w1 & 0xff)), (uint8_t)aw, 0, 0 };
    unsigned regs = info->mem_bytes < 4 ? 1 : info->mem_bytes / 4;
    in->nsrc = 1;
    if (!(info->flags & ISA_FL_LOAD)) {
        isa_op_t base = isa_flat_base_op(op);
        bool cmpswap = base == ISA_flat_atomic_cmpswap || base == ISA_flat_atomic_cmpswap_x2;
        in->src[1] = (isa_operand_t){ (uint16_t)(ISA_VGPR_BASE + ((w1 >> 8) & 0xff)),
                                      (uint8_t)((info->flags & ISA_FL_ATOMIC) ? info->mem_bytes / 4 * (cmpswap ? 2 : 1)
                                                                               : regs), 0, 0 };
        in->nsrc = 2;
    }
    if (seg != ISA_SEG_FLAT)
        in->nsrc = 3;
    in->vdst = none;
    if (((info->flags & ISA_FL_LOAD) && !isa_op_flat_lds(op)) || ((info->flags & ISA_FL_ATOMIC) && in->glc))
        in->vdst = (isa_operand_t){ (uint16_t)(ISA_VGPR_BASE + (w1 >> 24)),
                                    (uint8_t)((info->flags & ISA_FL_LOAD) ? regs : info->mem_bytes / 4), 0, 0 };
    in->size = 8;
    return NULL;
}

/* ---- Text ------------------------------------------------------------------------------------- */

static void put_reg(asm_out_t *o, isa_operand_t r, const char *sep)
{
    char text[32];
    if (r.code == ISA_OPND_NONE)
        snprintf(text, sizeof text, "off");
    else
        asm_reg_text(r.code, r.count ? r.count : 1, text, sizeof text);
    asm_put(o, "%s%s", sep, text);
}

int asm_flat9_format(const isa_inst_t *in, isa_target_t t, char *buf, size_t len)
{
    const isa_op_info_t *info = &isa_ops[in->op];
    isa_seg_t seg = isa_flat_seg((isa_op_t)in->op);
    asm_out_t o = { buf, len, 0 };
    if (len)
        buf[0] = 0;
    asm_put(&o, "%s", info->name);
    const char *sep = " ";
    if (isa_opnd_is_vreg(in->vdst)) {
        put_reg(&o, in->vdst, sep);
        sep = ", ";
    }
    put_reg(&o, in->src[0], sep);
    if (!(info->flags & ISA_FL_LOAD))
        put_reg(&o, in->src[1], ", ");
    if (seg != ISA_SEG_FLAT)
        put_reg(&o, in->src[2], ", ");
    if (in->offset) {
        int32_t off = seg == ISA_SEG_FLAT ? (int32_t)(in->offset & 0xfff) : (int32_t)((in->offset & 0x1fff) << 19) >> 19;
        asm_put(&o, " offset:%" PRId32, off);
    }
    asm_cache_bits_put(in, t, &o);
    return (int)o.pos;
}
