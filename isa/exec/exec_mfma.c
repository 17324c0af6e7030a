/* exec_mfma: the matrix instructions on a wave (exec_mfma.h).
 *
 * EXEC: an MFMA is a wave-wide operation (each lane's registers hold parts of the matrices that
 * every other lane's results need), so it reads all 64 lanes of A, B and C and writes all 64
 * lanes of D whatever EXEC holds, as AMD's own model in gem5 does (src/arch/amdgpu/vega/insts/
 * vop3p_mai.cc: no EXEC test in the MFMA execute methods). No AMD source found defines a partial
 * EXEC for CDNA1-3's MFMA (LLVM keeps them out of divergent code: MAIInst is isConvergent; for
 * CDNA5's WMMA AMD requires EXEC all ones): docs/mfma.md, "EXEC"; docs/semantics-valu.md, "Matrix
 * instructions". C given as an inline constant is that constant in every element: the f32/i32
 * pattern in every register, or for the f64 MFMAs the f64 pattern in every register pair (the
 * VALU's rules for inline constants, isa_x_read_s64). */
#include "exec/exec_mfma.h"

#include "exec/exec_mfma_math.h"
#include "exec/exec_operands.h"

#include <stdlib.h>

/* Why operand o (n registers) cannot be read or written, or NULL. */
static const char *tuple_fault(const isa_wave_t *w, isa_operand_t o, unsigned n)
{
    if (!isa_opnd_is_vreg(o))
        return "is not a VGPR or AGPR tuple";
    if (o.count != n)
        return "has another size than the instruction's";
    if (isa_target_gfx90a(w->target) && n > 1 && isa_opnd_vnum(o) % 2)
        return "is not aligned to an even register";
    if (!isa_x_vregs_in(w, o, n))
        return isa_opnd_is_agpr(o) ? "lies beyond the wave's AGPRs" : "lies beyond the wave's VGPRs";
    return NULL;
}

static bool check(const isa_wave_t *w, const isa_inst_t *in, isa_operand_t o, unsigned n, const char *what,
                  isa_exec_result_t *res)
{
    const char *why = tuple_fault(w, o, n);
    if (!why)
        return true;
    isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s: %s (%s%u, %u register%s) %s", isa_ops[in->op].name, what,
                isa_opnd_is_agpr(o) ? "a" : "v", isa_opnd_vnum(o), o.count, o.count == 1 ? "" : "s", why);
    return false;
}

/* The n registers of operand o, lane-major per register, into buf[reg * 64 + lane]. */
static void gather(const isa_wave_t *w, isa_operand_t o, unsigned n, uint32_t *buf)
{
    for (unsigned r = 0; r < n; r++)
        memcpy(buf + (size_t)r * ISA_WAVE_SIZE, isa_x_vgpr_c(w, isa_x_vreg(o) + r), sizeof(uint32_t) * ISA_WAVE_SIZE);
}

void isa_mfma_predecode(isa_inst_t *in)
{
    in->exec_kind = ISA_XK_NONE;
    in->vgpr_end = 0;
    const isa_operand_t *o[4] = { &in->vdst, &in->src[0], &in->src[1], &in->src[2] };
    for (unsigned i = 0; i < 4; i++)
        if (isa_opnd_is_vgpr(*o[i]) && isa_x_vreg(*o[i]) + o[i]->count > in->vgpr_end)
            in->vgpr_end = (uint16_t)(isa_x_vreg(*o[i]) + o[i]->count);
}

void isa_exec_mfma(isa_wave_t *w, const isa_inst_t *in, isa_exec_result_t *res)
{
    const char *name = isa_ops[in->op].name;
    const exec_mfma_shape_t *s = exec_mfma_shape(name);
    res->lanes = ~0ull; /* every lane, whatever EXEC holds */
    if (!s || in->nsrc != 3) {
        isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s: not a matrix instruction gcnsim can execute", name);
        return;
    }
    bool c_const = !s->sparse && !isa_opnd_is_vreg(in->src[2]);
    if (!check(w, in, in->vdst, s->cd_regs, "D", res) || !check(w, in, in->src[0], s->a_regs, "A", res) ||
        !check(w, in, in->src[1], s->b_regs, "B", res) ||
        (s->sparse ? !check(w, in, in->src[2], 1, "the sparsity index", res)
                   : !c_const && !check(w, in, in->src[2], s->cd_regs, "C", res)))
        return;
    if (c_const && (in->src[2].code == ISA_SRC_LITERAL || in->src[2].code >= ISA_VGPR_BASE ||
                    in->src[2].code < ISA_CONST_INT_ZERO)) {
        isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s: C is neither a register tuple nor an inline constant", name);
        return;
    }
    size_t na = (size_t)s->a_regs * ISA_WAVE_SIZE, nb = (size_t)s->b_regs * ISA_WAVE_SIZE;
    size_t ncd = (size_t)s->cd_regs * ISA_WAVE_SIZE;
    uint32_t *buf = malloc((na + nb + 2 * ncd + ISA_WAVE_SIZE) * sizeof(uint32_t));
    if (!buf) {
        isa_x_fault(res, ISA_FAULT_ILLEGAL, -1, 0, "%s: out of memory", name);
        return;
    }
    uint32_t *a = buf, *b = a + na, *c = b + nb, *d = c + ncd, *idx = d + ncd;
    gather(w, in->src[0], s->a_regs, a);
    gather(w, in->src[1], s->b_regs, b);
    if (s->sparse) { /* v_smfmac: C is D, src2 the index VGPR */
        gather(w, in->vdst, s->cd_regs, c);
        gather(w, in->src[2], 1, idx);
    } else if (c_const) {
        bool f64 = s->cd == EXEC_MF_F64;
        uint64_t v = f64 ? isa_x_read_s64(w, in, in->src[2], true) : isa_x_read_s32(w, in, in->src[2]);
        for (size_t r = 0; r < s->cd_regs; r++)
            for (size_t l = 0; l < ISA_WAVE_SIZE; l++)
                c[r * ISA_WAVE_SIZE + l] = f64 && (r & 1) ? (uint32_t)(v >> 32) : (uint32_t)v;
    } else {
        gather(w, in->src[2], s->cd_regs, c);
    }
    unsigned neg = 0;
    for (unsigned i = 0; i < 3; i++)
        neg |= (unsigned)(in->src[i].neg ? 1 : 0) << i;
    exec_mfma_args_t args = { a, b, c, d, s->sparse ? idx : NULL, in->cbsz, in->abid, in->blgp, neg };
    /* the flushes docs/mfma.md ("Subnormals") gives the glue to select: gfx90a's f16/bf16 MFMA,
     * and the f32/xf32 MFMA of a wave whose MODE flushes f32 denormals */
    bool half = s->a == EXEC_MF_F16 || s->a == EXEC_MF_BF16;
    bool single = s->a == EXEC_MF_F32 || s->a == EXEC_MF_XF32;
    unsigned mode = (w->target == ISA_TARGET_GFX90A && half ? EXEC_MFMA_FLUSH16 : 0u) |
                    (single && w->flush_denorm_f32 ? EXEC_MFMA_FLUSH32 : 0u);
    exec_mfma_compute_mode(s, &args, mode);
    for (unsigned r = 0; r < s->cd_regs; r++)
        isa_x_write_v32(w, isa_x_vreg(in->vdst) + r, ~0ull, d + (size_t)r * ISA_WAVE_SIZE);
    free(buf);
}
