/* exec_operands: operand access shared by every family (exec_operands.h). */
#include "exec/exec_operands.h"

#include <stdarg.h>

static const uint32_t inline_f32[] = {
    0x3f000000u, 0xbf000000u, 0x3f800000u, 0xbf800000u, /* 0.5 -0.5 1.0 -1.0 */
    0x40000000u, 0xc0000000u, 0x40800000u, 0xc0800000u, /* 2.0 -2.0 4.0 -4.0 */
    0x3e22f983u                                         /* 1/(2*pi) */
};
static const uint64_t inline_f64[] = {
    0x3fe0000000000000ull, 0xbfe0000000000000ull, 0x3ff0000000000000ull, 0xbff0000000000000ull,
    0x4000000000000000ull, 0xc000000000000000ull, 0x4010000000000000ull, 0xc010000000000000ull,
    0x3fc45f306dc9c882ull
};

uint32_t isa_x_read_s32(const isa_wave_t *w, const isa_inst_t *in, isa_operand_t o)
{
    uint16_t c = o.code;
    if (c < ISA_NUM_SREGS)
        return w->sreg[c];
    if (c <= 192)
        return (uint32_t)(c - ISA_CONST_INT_ZERO);
    if (c <= 208)
        return (uint32_t)-(int32_t)(c - 192);
    if (c >= ISA_CONST_F_HALF && c <= ISA_CONST_F_INV2PI)
        return inline_f32[c - ISA_CONST_F_HALF];
    switch (c) {
    case ISA_SRC_VCCZ: return isa_wave_vcc(w) == 0;
    case ISA_SRC_EXECZ: return isa_wave_exec(w) == 0;
    case ISA_SRC_SCC: return w->scc;
    case ISA_SRC_LITERAL: return in->literal;
    default: return 0;
    }
}

uint64_t isa_x_read_s64(const isa_wave_t *w, const isa_inst_t *in, isa_operand_t o, bool fp64)
{
    uint16_t c = o.code;
    if (c < ISA_NUM_SREGS - 1)
        return (uint64_t)w->sreg[c] | ((uint64_t)w->sreg[c + 1] << 32);
    if (c >= ISA_CONST_INT_ZERO && c <= 208)
        return (uint64_t)(int64_t)(int32_t)isa_x_read_s32(w, in, o);
    if (c >= ISA_CONST_F_HALF && c <= ISA_CONST_F_INV2PI)
        return fp64 ? inline_f64[c - ISA_CONST_F_HALF] : inline_f32[c - ISA_CONST_F_HALF];
    if (c == ISA_SRC_LITERAL)
        return fp64 ? (uint64_t)in->literal << 32 : (uint64_t)in->literal;
    return isa_x_read_s32(w, in, o);
}

void isa_x_write_s32(isa_wave_t *w, uint16_t code, uint32_t v)
{
    if (code < ISA_NUM_SREGS)
        w->sreg[code] = v;
}

void isa_x_write_s64(isa_wave_t *w, uint16_t code, uint64_t v)
{
    if (code < ISA_NUM_SREGS - 1) {
        w->sreg[code] = (uint32_t)v;
        w->sreg[code + 1] = (uint32_t)(v >> 32);
    }
}

void isa_x_read_v32(const isa_wave_t *w, const isa_inst_t *in, isa_operand_t o, uint32_t out[ISA_WAVE_SIZE])
{
    if (isa_opnd_is_vreg(o)) { /* a VGPR, or a CDNA AGPR */
        memcpy(out, isa_x_vgpr_c(w, isa_x_vreg(o)), sizeof(uint32_t) * ISA_WAVE_SIZE);
        return;
    }
    uint32_t v = isa_x_read_s32(w, in, o);
    for (int l = 0; l < ISA_WAVE_SIZE; l++)
        out[l] = v;
}

void isa_x_read_v64(const isa_wave_t *w, const isa_inst_t *in, isa_operand_t o, bool fp64, uint64_t out[ISA_WAVE_SIZE])
{
    if (isa_opnd_is_vreg(o)) {
        const uint32_t *lo = isa_x_vgpr_c(w, isa_x_vreg(o));
        const uint32_t *hi = lo + ISA_WAVE_SIZE;
        for (int l = 0; l < ISA_WAVE_SIZE; l++)
            out[l] = (uint64_t)lo[l] | ((uint64_t)hi[l] << 32);
        return;
    }
    uint64_t v = isa_x_read_s64(w, in, o, fp64);
    for (int l = 0; l < ISA_WAVE_SIZE; l++)
        out[l] = v;
}

static void write_row(uint32_t *d, uint64_t mask, const uint32_t v[ISA_WAVE_SIZE])
{
    if (mask == ~0ull) {
        memcpy(d, v, sizeof(uint32_t) * ISA_WAVE_SIZE);
        return;
    }
    for (int l = 0; l < ISA_WAVE_SIZE; l++)
        if (mask >> l & 1)
            d[l] = v[l];
}

void isa_x_write_v32(isa_wave_t *w, uint32_t reg, uint64_t mask, const uint32_t v[ISA_WAVE_SIZE])
{
    write_row(isa_x_vgpr(w, reg), mask, v);
}

void isa_x_write_dst_v32(isa_wave_t *w, uint32_t reg, uint64_t mask, const uint32_t v[ISA_WAVE_SIZE])
{
    write_row(isa_x_dst_vgpr(w, reg), mask, v);
}

void isa_x_write_dst_s32(isa_wave_t *w, uint16_t code, uint32_t v)
{
    const isa_sink_t *k = w->sink;
    if (k && (unsigned)code - k->sreg < k->ns)
        k->data[(size_t)k->nv * ISA_WAVE_SIZE + (code - k->sreg)] = v;
    else
        isa_x_write_s32(w, code, v);
}

void isa_x_fault(isa_exec_result_t *res, isa_fault_kind_t kind, int lane, uint64_t addr, const char *fmt, ...)
{
    res->status = ISA_EXEC_FAULT;
    res->fault = kind;
    res->fault_lane = lane;
    res->fault_addr = addr;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(res->fault_msg, sizeof res->fault_msg, fmt, ap);
    va_end(ap);
}

void isa_wave_set_mode(isa_wave_t *w, uint32_t mode)
{
    w->mode = mode;
    w->flush_denorm_f32 = ((mode >> 4) & 3) == 0; /* f32 denormals [5:4]: 0 flushes them */
    w->ieee_mode = (mode >> 9) & 1;
    w->gpr_idx_on = (mode >> 27) & 1; /* GPR_IDX_EN: VGPR index mode (exec_gpr_idx.c) */
}
