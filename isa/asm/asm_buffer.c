/* asm_buffer: the operands and modifiers of the buffer family (MUBUF, MTBUF) in llvm-mc's gfx803
 * syntax, parsed here rather than through the generic signature match because their address
 * operand's shape depends on the offen/idxen modifiers that follow it:
 *
 *   buffer_load_dword v1, off, s[4:7], s1 offset:16 glc slc
 *   buffer_store_dword v1, v2, s[4:7], 0 offen
 *   buffer_load_dwordx2 v[1:2], v[2:3], s[4:7], s3 idxen offen
 *   buffer_atomic_add v1, v2, s[4:7], 0 offen glc      (glc: the old value returns into v1)
 *   tbuffer_load_format_x v1, off, s[4:7], s1 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT]
 *   buffer_load_dword v1, v2, s[4:7], 0 offen lds     (LDS DMA: the dword goes to LDS, not v1)
 *   buffer_store_lds_dword s[4:7], s1 offset:4 lds
 *
 * and printed back the same way (asm_buffer_format). Rules follow what llvm-mc 14 accepts for
 * gfx803; see docs/asm.md, "Buffer instructions". */
#include "asm/asm_buffer.h"
#include "asm/asm_flat9.h"

#include "asm/asm_lex.h"
#include "asm/asm_operands.h"
#include "asm/asm_text.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static const char *const dfmt_names[16] = {
    "INVALID", "8", "16", "8_8", "32", "16_16", "10_11_11", "11_11_10", "10_10_10_2", "2_10_10_10",
    "8_8_8_8", "32_32", "16_16_16_16", "32_32_32", "32_32_32_32", "RESERVED_15"
};
static const char *const nfmt_names[8] = {
    "UNORM", "SNORM", "USCALED", "SSCALED", "UINT", "SINT", "RESERVED_6", "FLOAT"
};

/* MTBUF's format when none is given (llvm-mc's default: BUF_DATA_FORMAT_8, BUF_NUM_FORMAT_UNORM). */
enum { DEFAULT_DFMT = 1, DEFAULT_NFMT = 0 };

/* The soffset operand: an SGPR or special register read as 32 bits, or an inline constant (no
 * literal: MUBUF has no literal slot). */
static bool soffset_code(asm_ctx_t *c, const asm_opnd_t *o, uint16_t *code)
{
    if (o->kind == OPK_REG) {
        if (o->code >= ISA_VGPR_BASE || o->count != 1) {
            asm_error(c, o->col, "the buffer offset (soffset) must be one SGPR, m0 or an inline constant");
            return false;
        }
        *code = o->code;
        return true;
    }
    if (o->kind == OPK_INT && o->ival >= -16 && o->ival <= 64) {
        *code = (uint16_t)(o->ival >= 0 ? ISA_CONST_INT_ZERO + o->ival : 192 - o->ival);
        return true;
    }
    if (o->kind == OPK_FLOAT) {
        static const double inl[9] = { 0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0, 0.15915494 };
        for (int k = 0; k < 9; k++)
            if (o->fval == inl[k] || (k == 8 && o->fval > 0.159154 && o->fval < 0.159155)) {
                *code = (uint16_t)(ISA_CONST_F_HALF + k);
                return true;
            }
    }
    asm_error(c, o->col, "the buffer offset (soffset) must be an SGPR, m0 or an inline constant (-16..64, +-0.5, "
              "+-1.0, +-2.0, +-4.0, 0.15915494): buffer instructions take no literal");
    return false;
}

static bool mod_int(asm_ctx_t *c, uint32_t *i, const char *name, uint32_t max, uint32_t *v)
{
    char range[64];
    snprintf(range, sizeof range, "%s: must be an integer 0..%u", name, max);
    int64_t x;
    if (!asm_mod_int(c, i, name, 0, max, range, &x))
        return false;
    *v = (uint32_t)x;
    return true;
}

static int name_index(const asm_tok_t *t, const char *prefix, const char *const *names, int n)
{
    size_t pl = strlen(prefix);
    if (t->kind != TK_IDENT || t->len <= pl || memcmp(t->p, prefix, pl) != 0)
        return -1;
    for (int k = 0; k < n; k++)
        if (strlen(names[k]) == t->len - pl && memcmp(t->p + pl, names[k], t->len - pl) == 0)
            return k;
    return -1;
}

/* format:N (dfmt | nfmt << 4) or format:[BUF_DATA_FORMAT_x, BUF_NUM_FORMAT_y] (either may be left
 * out, in either order). *i is at `format`. */
static bool parse_format(asm_ctx_t *c, uint32_t *i, isa_inst_t *in)
{
    const asm_tok_t *t = &c->tok[*i];
    if (!asm_tok_punct(&c->tok[*i + 1], ':')) {
        asm_error(c, t->col, "expected ':' after 'format'");
        return false;
    }
    if (!asm_tok_punct(&c->tok[*i + 2], '[')) {
        uint32_t v;
        if (!mod_int(c, i, "format", 127, &v))
            return false;
        in->dfmt = (uint8_t)(v & 15);
        in->nfmt = (uint8_t)(v >> 4);
        return true;
    }
    *i += 3;
    bool have_d = false, have_n = false;
    for (;;) {
        const asm_tok_t *f = &c->tok[*i];
        int d = name_index(f, "BUF_DATA_FORMAT_", dfmt_names, 16);
        int n = name_index(f, "BUF_NUM_FORMAT_", nfmt_names, 8);
        if ((d < 0 && n < 0) || (d >= 0 && have_d) || (n >= 0 && have_n)) {
            asm_error(c, f->col, "expected BUF_DATA_FORMAT_* or BUF_NUM_FORMAT_* (each at most once) in format:[...]");
            return false;
        }
        if (d >= 0) {
            in->dfmt = (uint8_t)d;
            have_d = true;
        } else {
            in->nfmt = (uint8_t)n;
            have_n = true;
        }
        (*i)++;
        if (asm_tok_punct(&c->tok[*i], ']')) {
            (*i)++;
            return true;
        }
        if (!asm_tok_punct(&c->tok[*i], ',')) {
            asm_error(c, c->tok[*i].col, "expected ',' or ']' in format:[...]");
            return false;
        }
        (*i)++;
    }
}

/* Flags and modifiers after the operands. */
typedef struct {
    bool offen, idxen, glc, slc, lds, has_offset, sc1; /* sc1: gfx940 (cdnaisa) */
    uint32_t offset;
    uint32_t col_lds, col_glc, col_slc, col_addr; /* for the checks after parsing */
} buf_mods_t;

static bool parse_mods(asm_ctx_t *c, uint32_t *i, isa_op_t op, buf_mods_t *m)
{
    const char *name = isa_ops[op].name;
    for (;;) {
        const asm_tok_t *t = &c->tok[*i];
        if (t->kind == TK_END)
            return true;
        if (m->lds) { /* llvm-mc takes lds only as the last modifier */
            asm_error(c, t->col, "'lds' must be the last modifier");
            return false;
        }
        int cb = asm_cache_bit(c, t); /* glc, slc; sc0, nt, sc1 on gfx940 */
        if (cb == ASM_CB_ERROR)
            return false;
        bool *flag = asm_tok_is(t, "offen") ? &m->offen : asm_tok_is(t, "idxen") ? &m->idxen
                   : cb == ASM_CB_GLC ? &m->glc : cb == ASM_CB_SLC ? &m->slc : cb == ASM_CB_SC1 ? &m->sc1
                   : asm_tok_is(t, "lds") ? &m->lds : NULL;
        if (flag) {
            if (*flag) {
                asm_error(c, t->col, "duplicate modifier '%.*s'", (int)t->len, t->p);
                return false;
            }
            *flag = true;
            if (flag == &m->lds)
                m->col_lds = t->col;
            else if (flag == &m->glc)
                m->col_glc = t->col;
            else if (flag == &m->slc || flag == &m->sc1)
                m->col_slc = t->col;
            else
                m->col_addr = t->col;
            (*i)++;
        } else if (asm_tok_is(t, "offset")) {
            if (m->has_offset) {
                asm_error(c, t->col, "duplicate modifier 'offset'");
                return false;
            }
            /* The field is 12 bits. (llvm-mc 14 silently encodes a larger value as 0; gcnsim refuses
             * it rather than drop the offset.) */
            if (!mod_int(c, i, "offset", 4095, &m->offset))
                return false;
            m->has_offset = true;
        } else if (asm_tok_is(t, "tfe")) {
            asm_error(c, t->col, "'tfe' is not simulated by gcnsim: graphics-only, not simulated: texture-fail status "
                      "for partially resident resources");
            return false;
        } else if (asm_tok_is(t, "addr64")) {
            asm_error(c, t->col, "'addr64' does not exist on gfx803 (it is SI/CI syntax)");
            return false;
        } else if (asm_tok_is(t, "format") || asm_tok_is(t, "dfmt") || asm_tok_is(t, "nfmt")) {
            asm_error(c, t->col, "%s: the format must directly follow the soffset operand%s", name,
                      isa_ops[op].enc == ISA_ENC_MTBUF ? "" : " (and only tbuffer instructions take one)");
            return false;
        } else if (t->kind == TK_IDENT) {
            asm_error(c, t->col, "unexpected '%.*s': expected a buffer modifier (offen, idxen, offset:, %s, lds)",
                      (int)t->len, t->p, asm_cache_bits_text(c->target));
            return false;
        } else {
            asm_error(c, t->col, "unexpected '%.*s' after the operands", (int)t->len, t->p);
            return false;
        }
    }
}

/* An operand between commas; *i is left after the comma that follows it (or at the end). */
static bool next_operand(asm_ctx_t *c, uint32_t *i, asm_opnd_t *o, bool last)
{
    if (!asm_parse_operand(c, i, o))
        return false;
    if (!last) {
        if (!asm_tok_punct(&c->tok[*i], ',')) {
            asm_error(c, c->tok[*i].col, "expected ',' and another operand");
            return false;
        }
        (*i)++;
    }
    return true;
}

/* The loads llvm-mc takes `lds` on for gfx803 (the GCN3 manual defines LDS DMA for format_x, the
 * byte and short loads and dword; llvm-mc also takes dwordx2..x4, which gcnsim assembles and faults
 * on at run time: docs/semantics-scalar-memory.md). */
static bool lds_load_op(isa_op_t op)
{
    return op == ISA_buffer_load_format_x || (op >= ISA_buffer_load_ubyte && op <= ISA_buffer_load_dwordx4);
}

/* buffer_store_lds_dword srsrc, soffset [offset:N] [lds]: no data or address VGPR, no glc/slc
 * (llvm-mc refuses them); the lds bit is always set. */
static bool store_lds_inst(asm_ctx_t *c, uint32_t *i, asm_pinst_t *pi)
{
    isa_inst_t *in = &pi->in;
    asm_opnd_t rsrc, soff;
    if (!next_operand(c, i, &rsrc, false) || !next_operand(c, i, &soff, true))
        return false;
    buf_mods_t m;
    memset(&m, 0, sizeof m);
    if (!parse_mods(c, i, ISA_buffer_store_lds_dword, &m))
        return false;
    if (m.glc || m.slc || m.sc1 || m.offen || m.idxen) {
        asm_error(c, m.glc ? m.col_glc : m.slc || m.sc1 ? m.col_slc : m.col_addr,
                  "buffer_store_lds_dword takes only offset: and lds (no address VGPR, %s)",
                  isa_target_gfx940(c->target) ? "sc0, sc1 or nt" : "glc or slc");
        return false;
    }
    if (rsrc.kind != OPK_REG || rsrc.code >= ISA_VGPR_BASE || rsrc.count != 4 || rsrc.code % 4 != 0 ||
        rsrc.code + 3 > ISA_SGPR_MAX) {
        asm_error(c, rsrc.col, "the buffer resource (srsrc) must be four SGPRs starting at a multiple of 4 (s[4n:4n+3])");
        return false;
    }
    uint16_t scode;
    if (!soffset_code(c, &soff, &scode))
        return false;
    in->src[0] = (isa_operand_t){ ISA_OPND_NONE, 0, 0, 0 };
    in->src[1] = (isa_operand_t){ rsrc.code, 4, 0, 0 };
    in->src[2] = (isa_operand_t){ scode, 1, 0, 0 };
    in->nsrc = 3;
    in->offset = m.offset;
    in->lds = 1;
    return true;
}

bool asm_buffer_inst(asm_ctx_t *c, isa_op_t op, uint32_t mcol, uint32_t *i, asm_pinst_t *pi)
{
    const isa_op_info_t *info = &isa_ops[op];
    const asm_sig_list_t *sig = &c->sigs[op];
    isa_inst_t *in = &pi->in;
    in->size = 8;
    in->dfmt = DEFAULT_DFMT;
    in->nfmt = DEFAULT_NFMT;
    if (sig->n == 0) { /* buffer_wbinvl1 */
        if (isa_op_cache_scope(op) && isa_target_gfx940(c->target)) { /* buffer_wbl2, buffer_inv: sc0 sc1 (cdnaisa) */
            for (; c->tok[*i].kind != TK_END; (*i)++) {
                const asm_tok_t *t = &c->tok[*i];
                int cb = asm_cache_bit(c, t);
                if (cb == ASM_CB_ERROR)
                    return false;
                uint8_t *f = cb == ASM_CB_GLC ? &in->glc : cb == ASM_CB_SC1 ? &in->sc1 : NULL;
                if (!f || *f) {
                    asm_error(c, t->col, f ? "duplicate modifier '%.*s'" : "unexpected '%.*s': '%s' takes only the "
                              "scope bits sc0 and sc1", (int)t->len, t->p, info->name);
                    return false;
                }
                *f = 1;
            }
            return true;
        }
        if (c->tok[*i].kind != TK_END) {
            asm_error(c, c->tok[*i].col, "'%s' takes no operands", info->name);
            return false;
        }
        return true;
    }
    asm_opnd_t data, addr, rsrc, soff;
    if (op == ISA_buffer_store_lds_dword)
        return store_lds_inst(c, i, pi);
    if (!next_operand(c, i, &data, false) || !next_operand(c, i, &addr, false))
        return false;
    /* llvm-mc 15 writes an LDS DMA load without vdata (`buffer_load_dword off, s[8:11], s3 lds`): the
     * second operand is then the resource. vdata is encoded as v0 (as llvm-mc does) and unused. */
    bool no_vdata = lds_load_op(op) && addr.kind == OPK_REG && addr.code < ISA_VGPR_BASE && addr.count == 4;
    if (no_vdata) {
        rsrc = addr;
        addr = data;
        data = (asm_opnd_t){ .kind = OPK_REG, .code = ISA_VGPR_BASE, .count = (uint8_t)sig->g[0].width, .col = addr.col };
    } else if (!next_operand(c, i, &rsrc, false)) {
        return false;
    }
    /* llvm-mc also takes the old `dfmt:N, nfmt:N,` form of MTBUF before soffset. */
    if (info->enc == ISA_ENC_MTBUF) {
        while (asm_tok_is(&c->tok[*i], "dfmt") || asm_tok_is(&c->tok[*i], "nfmt")) {
            bool d = c->tok[*i].p[0] == 'd';
            uint32_t v;
            if (!mod_int(c, i, d ? "dfmt" : "nfmt", d ? 15 : 7, &v))
                return false;
            if (d)
                in->dfmt = (uint8_t)v;
            else
                in->nfmt = (uint8_t)v;
            if (!asm_tok_punct(&c->tok[*i], ',')) {
                asm_error(c, c->tok[*i].col, "expected ',' after the legacy dfmt:/nfmt: operand");
                return false;
            }
            (*i)++;
        }
    }
    if (!next_operand(c, i, &soff, true))
        return false;
    if (asm_tok_is(&c->tok[*i], "format")) {
        if (info->enc != ISA_ENC_MTBUF) {
            asm_error(c, c->tok[*i].col, "'format:' is only valid on tbuffer (MTBUF) instructions");
            return false;
        }
        if (!parse_format(c, i, in))
            return false;
    }
    buf_mods_t m;
    memset(&m, 0, sizeof m);
    if (!parse_mods(c, i, op, &m))
        return false;
    if (no_vdata && !m.lds) {
        asm_error(c, addr.col, "%s needs its data VGPR first (only a load into LDS, with 'lds', goes without one)",
                  info->name);
        return false;
    }
    if (m.lds && !lds_load_op(op)) {
        asm_error(c, m.col_lds, "'lds' (a load into LDS) is only valid on buffer_load_format_x, buffer_load_ubyte, "
                  "_sbyte, _ushort, _sshort and buffer_load_dword{,x2,x3,x4}");
        return false;
    }

    /* vdata: a load's destination, a store's or atomic's data (an atomic with glc returns into it). */
    unsigned dw = sig->g[0].width;
    if (!asm_vgpr_range(c, &data, dw, "the data operand (vdata)"))
        return false;
    isa_operand_t vdata = { data.code, data.count, 0, 0 };
    /* vaddr: its shape follows offen/idxen. */
    unsigned naddr = (unsigned)m.offen + (unsigned)m.idxen;
    if (addr.kind == OPK_OFF) {
        if (naddr) {
            asm_error(c, addr.col, "'off' means no address VGPR, but %s needs %s", m.offen && m.idxen ? "idxen offen" :
                      m.offen ? "offen" : "idxen", naddr == 2 ? "a VGPR pair (index, offset)" : "one");
            return false;
        }
        in->src[0] = (isa_operand_t){ ISA_OPND_NONE, 0, 0, 0 };
    } else {
        if (naddr == 0) {
            asm_error(c, addr.col, "an address VGPR needs offen (it is an offset) or idxen (an index); write 'off' for "
                      "none");
            return false;
        }
        if (!asm_vgpr_range(c, &addr, naddr, naddr == 2 ? "with idxen offen, the address" : "the address"))
            return false;
        in->src[0] = (isa_operand_t){ addr.code, addr.count, 0, 0 };
    }
    if (rsrc.kind != OPK_REG || rsrc.code >= ISA_VGPR_BASE || rsrc.count != 4 || rsrc.code % 4 != 0 ||
        rsrc.code + 3 > ISA_SGPR_MAX) {
        asm_error(c, rsrc.col, "the buffer resource (srsrc) must be four SGPRs starting at a multiple of 4 (s[4n:4n+3])");
        return false;
    }
    in->src[1] = (isa_operand_t){ rsrc.code, 4, 0, 0 };
    uint16_t scode;
    if (!soffset_code(c, &soff, &scode))
        return false;
    in->src[2] = (isa_operand_t){ scode, 1, 0, 0 };
    in->nsrc = 3;
    if (info->flags & ISA_FL_LOAD) {
        in->vdst = vdata;
    } else if (info->flags & (ISA_FL_STORE | ISA_FL_ATOMIC)) {
        in->src[3] = vdata;
        in->nsrc = 4;
        if ((info->flags & ISA_FL_ATOMIC) && m.glc)
            in->vdst = (isa_operand_t){ data.code, (uint8_t)(info->mem_bytes / 4), 0, 0 }; /* cmpswap: the old value */
    }
    in->offen = m.offen;
    in->idxen = m.idxen;
    if (m.glc && (info->flags & ISA_FL_ATOMIC) && !isa_atomic_returns_on(op, c->target)) { /* cdnaisa */
        asm_error(c, m.col_glc, "%s returns nothing on %s: no %s", info->name, isa_target_name(c->target),
                  asm_glc_name(c->target));
        return false;
    }
    in->glc = m.glc;
    in->slc = m.slc;
    in->sc1 = m.sc1;
    in->lds = m.lds;
    in->offset = m.offset;
    (void)mcol;
    return true;
}

/* ---- Printing ----------------------------------------------------------------------------------- */

static void put_soffset(asm_out_t *o, uint16_t c)
{
    char text[32];
    asm_operand_text(c, 1, text, sizeof text);
    asm_put(o, "%s", text);
}

int asm_buffer_format(const isa_inst_t *in, isa_target_t t, char *buf, size_t len)
{
    const isa_op_info_t *info = &isa_ops[in->op];
    asm_out_t o = { buf, len, 0 };
    char text[32];
    if (len)
        buf[0] = 0;
    const char *mn = isa_op_mnemonic(in->op, t); /* gfx9's packed d16 formats: the target's name */
    asm_put(&o, "%s", mn ? mn : info->name);
    if (!info->sig[0]) {
        asm_cache_bits_put(in, t, &o); /* buffer_wbl2 sc1 ... (gfx940; cdnaisa) */
        return (int)o.pos;
    }
    if (in->op == ISA_buffer_store_lds_dword) {
        asm_reg_text(in->src[1].code, 4, text, sizeof text);
        asm_put(&o, " %s, ", text);
        put_soffset(&o, in->src[2].code);
        if (in->offset)
            asm_put(&o, " offset:%" PRIu32, in->offset);
        asm_put(&o, " lds");
        return (int)o.pos;
    }
    isa_operand_t data = (info->flags & ISA_FL_LOAD) ? in->vdst : in->src[3];
    asm_reg_text(data.code, data.count, text, sizeof text);
    asm_put(&o, " %s, ", text);
    if (in->src[0].code == ISA_OPND_NONE) {
        asm_put(&o, "off, ");
    } else {
        asm_reg_text(in->src[0].code, in->src[0].count, text, sizeof text);
        asm_put(&o, "%s, ", text);
    }
    asm_reg_text(in->src[1].code, 4, text, sizeof text);
    asm_put(&o, "%s, ", text);
    put_soffset(&o, in->src[2].code);
    if (info->enc == ISA_ENC_MTBUF && (in->dfmt != DEFAULT_DFMT || in->nfmt != DEFAULT_NFMT)) {
        if (in->dfmt != DEFAULT_DFMT && in->nfmt != DEFAULT_NFMT)
            asm_put(&o, " format:[BUF_DATA_FORMAT_%s,BUF_NUM_FORMAT_%s]", dfmt_names[in->dfmt & 15],
                nfmt_names[in->nfmt & 7]);
        else if (in->dfmt != DEFAULT_DFMT)
            asm_put(&o, " format:[BUF_DATA_FORMAT_%s]", dfmt_names[in->dfmt & 15]);
        else
            asm_put(&o, " format:[BUF_NUM_FORMAT_%s]", nfmt_names[in->nfmt & 7]);
    }
    if (in->idxen)
        asm_put(&o, " idxen");
    if (in->offen)
        asm_put(&o, " offen");
    if (in->offset)
        asm_put(&o, " offset:%" PRIu32, in->offset);
    asm_cache_bits_put(in, t, &o);
    if (in->lds)
        asm_put(&o, " lds");
    return (int)o.pos;
}
