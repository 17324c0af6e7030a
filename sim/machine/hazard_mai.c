/* hazard_mai: the MAI rows of the hazard checker (hazard_mai.h).
 *
 * Written from LLVM's GCNHazardRecognizer.cpp (the figures of checkMAIHazards908,
 * checkMAIHazards90A, checkMAIVALUHazards and checkMAILdStHazards, and the GFX940_* pass formulas),
 * one row per rule; docs/architecture.md lists them with their sources. A wait state is counted as
 * the rest of the checker counts it (each instruction one, s_nop N is N + 1); a producer's position
 * is the wait-state count after it, so "have" is the wait states between the two instructions. LLVM
 * looks for the most recent producer of each register; so does this, among the wave's last
 * HZM_RING MFMAs (an older one is at least HZM_RING wait states back, more than any row needs) and
 * its last HZM_VALU_RING VALU writes of vector registers (the rows that start at a VALU write need
 * at most 3). */
#include "machine/hazard_mai.h"

#include "machine/mfma_timing.h"

#include <stdlib.h>
#include <string.h>

enum { HZM_RING = 20, HZM_ACC_RING = 4, HZM_VALU_RING = 4 };

typedef struct {
    uint64_t at;               /* wait-state position after it; 0: empty */
    uint32_t pc;
    uint16_t dst, dn;          /* D */
    uint16_t srcc, cn;         /* srcC (ISA_OPND_NONE: not a register) */
    hz_mai_inst_t z;
} mfma_rec_t;

typedef struct {
    uint64_t at;
    uint32_t pc;
    uint16_t dst, n;
} acc_rec_t;

/* A VALU instruction (not an MFMA) that wrote vector registers. */
typedef struct {
    uint64_t at;               /* 0: empty */
    uint32_t pc;
    uint16_t dst, n;           /* vdst */
    uint16_t dst2, n2;         /* v_swap_b32's source VGPR (n2 0: none) */
    uint16_t op;               /* op, e64, form: "the same opcode" of the DOT rows */
    uint8_t e64, form;
    uint8_t dot, acc;          /* a v_dot*; v_accvgpr_read/write (LLVM isMAI) */
} valu_rec_t;

struct hz_mai {
    mfma_rec_t ring[HZM_RING]; /* the last MFMAs, newest at head - 1 */
    unsigned head;
    acc_rec_t accw[HZM_ACC_RING]; /* gfx908: the last v_accvgpr_write (AGPR) and */
    acc_rec_t accr[HZM_ACC_RING]; /* v_accvgpr_read (VGPR) writes */
    unsigned accw_head, accr_head;
    uint64_t dgemm_at;         /* the last f64 MFMA (0: none), its pc */
    uint32_t dgemm_pc;
    valu_rec_t valu[HZM_VALU_RING]; /* the last VALU writes of vector registers, newest at valu_head - 1 */
    unsigned valu_head;
};

static unsigned cnt(isa_operand_t o) { return o.count ? o.count : 1; }
static bool is_vreg(uint16_t code) { return code >= ISA_VGPR_BASE && code != ISA_OPND_NONE; }
static bool overlap(uint16_t a, unsigned an, uint16_t b, unsigned bn) { return a < b + bn && b < a + an; }

hz_mai_inst_t hz_mai_classify(const isa_inst_t *in, isa_target_t t)
{
    hz_mai_inst_t z = { 0 };
    if (!isa_target_cdna(t))
        return z;
    const isa_op_info_t *info = &isa_ops[in->op];
    const char *name = info->name;
    mfma_time_t m;
    if ((info->flags & ISA_FL_MFMA) && mfma_time_find(name, t, &m)) {
        z.cls = HZM_MFMA;
        z.passes = (uint8_t)(m.cycles / 4);
        z.sparse = (m.flags & MFMA_T_SPARSE) != 0;
        if (m.flags & MFMA_T_DGEMM) {
            z.cls |= HZM_DGEMM;
            z.f64_4x4 = strstr(name, "_4x4x") != NULL;
        } else if (!isa_target_gfx940(t) || (m.flags & MFMA_T_XDL942)) {
            z.cls |= HZM_XDL;
        }
    } else if (strcmp(name, "v_accvgpr_read_b32") == 0) {
        z.cls = HZM_ACC_READ;
    } else if (strcmp(name, "v_accvgpr_write_b32") == 0) {
        z.cls = HZM_ACC_WRITE;
    } else if (info->unit == ISA_UNIT_VALU) {
        z.cls = HZM_VALU;
        if (in->op == ISA_v_fma_f64 || strcmp(name, "v_fmac_f64") == 0)
            z.cls |= HZM_FMA64;
        z.dot = strncmp(name, "v_dot", 5) == 0;
    } else if (info->unit == ISA_UNIT_VMEM || info->unit == ISA_UNIT_LDS) {
        z.cls = HZM_MEM;
    }
    return z;
}

bool hz_mai_reset(hz_mai_t **slot)
{
    if (!*slot && !(*slot = malloc(sizeof **slot)))
        return false;
    memset(*slot, 0, sizeof **slot);
    return true;
}

void hz_mai_free(hz_mai_t *m) { free(m); }

/* The most recent MFMA whose D overlaps [code, code + n) (NULL: none in the ring). */
static const mfma_rec_t *last_writer(const hz_mai_t *m, uint16_t code, unsigned n)
{
    for (unsigned k = 1; k <= HZM_RING; k++) {
        const mfma_rec_t *r = &m->ring[(m->head + HZM_RING - k) % HZM_RING];
        if (!r->at)
            return NULL;
        if (overlap(r->dst, r->dn, code, n))
            return r;
    }
    return NULL;
}

/* Which VALU writes last_valu looks for. */
enum { VW_ANY, VW_DOT, VW_NOT_DOT, VW_NOT_ACC };

static bool valu_overlaps(const valu_rec_t *v, uint16_t code, unsigned n)
{
    return overlap(v->dst, v->n, code, n) || (v->n2 && overlap(v->dst2, v->n2, code, n));
}

/* The most recent VALU write of [code, code + n) of the kind `want` (NULL: none among the last
 * HZM_VALU_RING, which are at least that many wait states back). */
static const valu_rec_t *last_valu(const hz_mai_t *m, uint16_t code, unsigned n, int want)
{
    for (unsigned k = 1; k <= HZM_VALU_RING; k++) {
        const valu_rec_t *v = &m->valu[(m->valu_head + HZM_VALU_RING - k) % HZM_VALU_RING];
        if (!v->at)
            return NULL;
        bool kind = want == VW_ANY || (want == VW_DOT ? v->dot : want == VW_NOT_DOT ? !v->dot : !v->acc);
        if (kind && valu_overlaps(v, code, n))
            return v;
    }
    return NULL;
}

/* The first register of [code, code + n) that v wrote: the one a finding names. */
static uint16_t first_written(const valu_rec_t *v, uint16_t code, unsigned n)
{
    if (overlap(v->dst, v->n, code, n))
        return code > v->dst ? code : v->dst;
    return code > v->dst2 ? code : v->dst2;
}

/* LLVM's "the same opcode": the same instruction in the same encoding (_e32/_e64, DPP, SDWA). */
static bool same_opcode(const valu_rec_t *v, const isa_inst_t *in)
{
    return v->op == in->op && v->e64 == in->e64 && v->form == in->form;
}

/* An MFMA's i-th register operand: src0..src2, and (i == 3) v_smfmac's accumulator, its D. */
static isa_operand_t mfma_operand(const isa_inst_t *in, hz_mai_inst_t z, unsigned i)
{
    isa_operand_t none = { .code = ISA_OPND_NONE };
    if (i < 3)
        return i < in->nsrc ? in->src[i] : none;
    return z.sparse ? in->vdst : none;
}

/* gfx940's counts by passes (GCNHazardRecognizer's GFX940_* helpers): an XDL producer needs one
 * more than a non-XDL (SMFMA) one. */
static unsigned g940(const hz_mai_inst_t *p, unsigned xdl, unsigned smfma)
{
    return p->passes + ((p->cls & HZM_XDL) ? xdl : smfma);
}

/* gfx90a's counts by the producer's passes 2 / 8 / 16. */
static unsigned by_passes(unsigned passes, unsigned p2, unsigned p8, unsigned p16)
{
    return passes <= 2 ? p2 : passes <= 8 ? p8 : p16;
}

/* Report a finding of wave w at cycle c, as the rest of the checker does (hazard.c: the instruction
 * being issued is hz_hot.cur_pc). */
static void report(tw_sim_t *s, const tw_wave_t *w, uint64_t c, tev_hazard_kind_t kind, uint16_t reg, uint32_t src_pc,
                   uint32_t need, uint64_t have, bool write)
{
    tev_hazard_t hz = { 0 };
    hz.kind = (uint8_t)kind;
    hz.write = write;
    hz.reg = reg;
    hz.src_pc = src_pc;
    hz.need = need;
    hz.have = (uint32_t)have;
    hz.pc = w->hz_hot.cur_pc;
    tev_t ev;
    tw_wave_event(&ev, w, TEV_HAZARD, c);
    ev.u.hazard = &hz;
    tw_emit(s, &ev);
}

/* Report kind when the wait states since `at` are fewer than need; returns whether it did. */
static bool check_rw(tw_sim_t *s, const tw_wave_t *w, uint64_t c, uint64_t ws, tev_hazard_kind_t kind, uint16_t reg,
                     uint64_t at, uint32_t pc, unsigned need, bool write)
{
    uint64_t have = ws - at;
    if (need == 0 || have >= need)
        return false;
    report(s, w, c, kind, reg, pc, need, have, write);
    return true;
}

static bool check_one(tw_sim_t *s, const tw_wave_t *w, uint64_t c, uint64_t ws, tev_hazard_kind_t kind, uint16_t reg,
                      uint64_t at, uint32_t pc, unsigned need)
{
    return check_rw(s, w, c, ws, kind, reg, at, pc, need, false);
}

/* An MFMA (z) reads src[i] = [code, code + n), which the MFMA p wrote: the wait states it needs. */
static unsigned mfma_use(isa_target_t t, const hz_mai_inst_t *z, const mfma_rec_t *p, bool srcc, uint16_t code,
                         unsigned n, tev_hazard_kind_t *kind)
{
    bool full = p->dst == code && p->dn == n;
    *kind = srcc ? TEV_HZ_WS_MFMA_SRCC : TEV_HZ_WS_MFMA_SRCAB;
    if (!isa_target_gfx90a(t)) /* gfx908: checkMAIHazards908 (the same register: no hazard) */
        return full ? 0 : srcc ? 2 : 4;
    const hz_mai_inst_t *q = &p->z;
    bool dgemm = z->cls & HZM_DGEMM, qdgemm = q->cls & HZM_DGEMM;
    if (srcc) {
        if (!dgemm && qdgemm && !isa_target_gfx940(t))
            return 0;
        if (full) {
            if (dgemm && z->f64_4x4 && qdgemm && q->f64_4x4)
                return 4;                       /* DMFMA4x4WritesVGPRFullSrcCWaitStates */
            if (isa_target_gfx940(t) && q->passes == 2)
                return 2;                       /* GFX940_SMFMA4x4WritesVGPRFullSrcCWaitStates */
            return 0;
        }
        if (qdgemm)
            return (z->cls & HZM_XDL) ? 0 : q->f64_4x4 ? 4 : 9;
        if (isa_target_gfx940(t)) {
            if ((z->cls & HZM_XDL) && !(q->cls & HZM_XDL))
                return 0;
            return g940(q, 1, 0);
        }
        return dgemm ? by_passes(q->passes, 3, 9, 17) : by_passes(q->passes, 2, 8, 16);
    }
    if (qdgemm)
        return q->f64_4x4 ? 6 : 11;
    if (isa_target_gfx940(t))
        return g940(q, 3, 2);
    return by_passes(q->passes, 5, 11, 19);
}

void hz_mai_check(tw_sim_t *s, tw_wave_t *w, hz_mai_t *m, const isa_inst_t *in, hz_mai_inst_t z, uint64_t ws, uint64_t c)
{
    isa_target_t t = w->isa.target;
    bool g90a = isa_target_gfx90a(t);
    if (z.cls & HZM_MFMA) {
        /* gfx90a/940: a VALU write of a source but a v_dot*'s, LegacyVALUNotDotWritesVGPRWaitStates
         * (checkMAIHazards90A; gfx908's, of VGPRs by any VALU instruction, is hazard.c's) */
        for (unsigned i = 0; g90a && i < 4; i++) {
            isa_operand_t o = mfma_operand(in, z, i);
            const valu_rec_t *v = is_vreg(o.code) ? last_valu(m, o.code, cnt(o), VW_NOT_DOT) : NULL;
            if (v)
                check_one(s, w, c, ws, TEV_HZ_WS_MAI_VGPR, first_written(v, o.code, cnt(o)), v->at, v->pc, 2);
        }
        /* its sources written by an earlier MFMA (and, on gfx908, by v_accvgpr_write) */
        for (unsigned i = 0; i < 4; i++) {
            /* src0..src2, and v_smfmac's accumulator (its D) as its srcC */
            isa_operand_t o = mfma_operand(in, z, i);
            if (!is_vreg(o.code))
                continue;
            const mfma_rec_t *p = last_writer(m, o.code, cnt(o));
            if (p) {
                tev_hazard_kind_t kind;
                /* v_smfmac's src2 is its index; its accumulator is D itself */
                unsigned need = mfma_use(t, &z, p, z.sparse ? i == 3 : i == 2, o.code, cnt(o), &kind);
                if (check_one(s, w, c, ws, kind, o.code, p->at, p->pc, need))
                    return;
            }
            if (!g90a)
                for (unsigned k = 0; k < HZM_ACC_RING; k++) {
                    const acc_rec_t *a = &m->accw[k];
                    /* AccVGPRWriteMFMAReadSrcC/SrcABWaitStates */
                    if (a->at && overlap(a->dst, a->n, o.code, cnt(o)) &&
                        check_one(s, w, c, ws, TEV_HZ_WS_ACC_WRITE, o.code, a->at, a->pc, i >= 2 ? 1 : 3))
                        return;
                }
        }
        return;
    }
    if (!g90a) {
        /* gfx908: checkMAIHazards908 for v_accvgpr_read/write, checkMAILdStHazards */
        if (z.cls & HZM_ACC_READ) {
            isa_operand_t o = in->src[0];
            const mfma_rec_t *p = is_vreg(o.code) ? last_writer(m, o.code, cnt(o)) : NULL;
            if (p && !(p->dst == o.code && p->dn == cnt(o)) &&
                check_one(s, w, c, ws, TEV_HZ_WS_MFMA_READ, o.code, p->at, p->pc, by_passes(p->z.passes, 4, 10, 18)))
                return;
            for (unsigned k = 0; k < HZM_ACC_RING; k++) {
                const acc_rec_t *a = &m->accw[k];
                if (a->at && overlap(a->dst, a->n, o.code, cnt(o)) &&
                    check_one(s, w, c, ws, TEV_HZ_WS_ACC_WRITE, o.code, a->at, a->pc, 3))
                    return;
            }
        } else if (z.cls & HZM_ACC_WRITE) {
            isa_operand_t d = in->vdst;
            const mfma_rec_t *p = last_writer(m, d.code, cnt(d));
            if (p && check_one(s, w, c, ws, TEV_HZ_WS_MFMA_WRITE, d.code, p->at, p->pc, by_passes(p->z.passes, 1, 7, 15)))
                return;
            /* another v_accvgpr_write of it: LLVM counts its def as an AGPR read, AccVGPRWriteMFMAReadSrcABWaitStates */
            for (unsigned k = 0; k < HZM_ACC_RING; k++) {
                const acc_rec_t *a = &m->accw[k];
                if (a->at && overlap(a->dst, a->n, d.code, cnt(d)) &&
                    check_rw(s, w, c, ws, TEV_HZ_WS_ACC_WRITE, d.code, a->at, a->pc, 3, true))
                    return;
            }
            /* MFMA{4x4,16x16,32x32}ReadSrcCAccVgprWriteWaitStates: the nearest MFMA reading it as srcC */
            for (unsigned k = 1; k <= HZM_RING; k++) {
                const mfma_rec_t *r = &m->ring[(m->head + HZM_RING - k) % HZM_RING];
                if (!r->at)
                    break;
                if (r->srcc != ISA_OPND_NONE && overlap(r->srcc, r->cn, d.code, cnt(d))) {
                    check_one(s, w, c, ws, TEV_HZ_WS_MFMA_WAR, d.code, r->at, r->pc, by_passes(r->z.passes, 0, 5, 13));
                    return;
                }
            }
        } else if (z.cls & HZM_MEM) {
            for (unsigned i = 0; i < in->nsrc; i++) {
                isa_operand_t o = in->src[i];
                if (!is_vreg(o.code))
                    continue;
                for (unsigned k = 0; k < HZM_ACC_RING; k++) {
                    const acc_rec_t *a = &m->accr[k];
                    if (a->at && overlap(a->dst, a->n, o.code, cnt(o)) &&
                        check_one(s, w, c, ws, TEV_HZ_WS_ACC_READ, o.code, a->at, a->pc, 2))
                        return;
                }
                /* VALUWriteAccVgprRdWrLdStDepVALUWaitStates: a VALU write of it (not v_accvgpr_*) within 2
                 * wait states, and a v_accvgpr_read/write (of any register) right before: 1 after that */
                const valu_rec_t *acc = &m->valu[(m->valu_head + HZM_VALU_RING - 1) % HZM_VALU_RING];
                const valu_rec_t *v = last_valu(m, o.code, cnt(o), VW_NOT_ACC);
                if (acc->at && acc->acc && v && ws - v->at < 2 &&
                    check_one(s, w, c, ws, TEV_HZ_WS_VALU_ACC_MEM, first_written(v, o.code, cnt(o)), acc->at, v->pc, 1))
                    return;
            }
        }
        return;
    }
    /* gfx90a, gfx940: checkMAIVALUHazards, for VALU (v_accvgpr_* included) and memory instructions */
    if (!(z.cls & (HZM_VALU | HZM_MEM | HZM_ACC_READ | HZM_ACC_WRITE)))
        return;
    bool mem = z.cls & HZM_MEM;
    for (unsigned i = 0; i < in->nsrc; i++) {
        isa_operand_t o = in->src[i];
        if (!is_vreg(o.code))
            continue;
        const mfma_rec_t *p = last_writer(m, o.code, cnt(o));
        if (p) {
            unsigned need;
            if (p->z.cls & HZM_DGEMM)
                need = p->z.f64_4x4 ? (mem ? 9 : 6) : (mem ? 18 : 11);
            else if (isa_target_gfx940(t))
                need = g940(&p->z, 3, 2);
            else
                need = by_passes(p->z.passes, 5, 11, 19);
            if (check_one(s, w, c, ws, TEV_HZ_WS_MFMA_READ, o.code, p->at, p->pc, need))
                return;
        }
        /* a v_dot*'s result: DotWriteDifferentVALURead, DotWriteSameDotReadSrcAB (3; the same v_dot*
         * reading it as srcC, its accumulator, needs none) */
        const valu_rec_t *v = last_valu(m, o.code, cnt(o), VW_DOT);
        if (v && check_one(s, w, c, ws, TEV_HZ_WS_DOT_READ, first_written(v, o.code, cnt(o)), v->at, v->pc,
                           same_opcode(v, in) && i == 2 ? 0 : 3))
            return;
        /* DMFMABetweenVALUWriteVMEMRead (gfx90a only, LLVM 16 on): a VALU write, then an f64 MFMA, then
         * a memory instruction reads it: 2 after the VALU write */
        if (mem && !isa_target_gfx940(t) && (v = last_valu(m, o.code, cnt(o), VW_ANY)) && m->dgemm_at > v->at &&
            check_one(s, w, c, ws, TEV_HZ_WS_VALU_DGEMM_MEM, first_written(v, o.code, cnt(o)), v->at, v->pc, 2))
            return;
    }
    if ((z.cls & HZM_FMA64) && m->dgemm_at &&
        check_one(s, w, c, ws, TEV_HZ_WS_DGEMM_FMA64, 0, m->dgemm_at, m->dgemm_pc, 2)) /* DMFMAToFMA64WaitStates */
        return;
    isa_operand_t d = in->vdst;
    if (!is_vreg(d.code))
        return;
    /* DotWriteDifferentVALUWrite: a v_dot*'s result overwritten by another instruction */
    const valu_rec_t *v = last_valu(m, d.code, cnt(d), VW_DOT);
    if (v && !same_opcode(v, in) &&
        check_one(s, w, c, ws, TEV_HZ_WS_DOT_WRITE, first_written(v, d.code, cnt(d)), v->at, v->pc, 3))
        return;
    const mfma_rec_t *p = last_writer(m, d.code, cnt(d));
    if (p) {
        unsigned need;
        if (p->z.cls & HZM_DGEMM)
            need = p->z.f64_4x4 ? 6 : 11;
        else if (isa_target_gfx940(t))
            need = g940(&p->z, 3, 2);
        else
            need = by_passes(p->z.passes, 5, 11, 19);
        if (check_one(s, w, c, ws, TEV_HZ_WS_MFMA_WRITE, d.code, p->at, p->pc, need))
            return;
    }
    /* the nearest MFMA reading it as srcC (not f64; on gfx940 only XDL): SMFMA*ReadVgprVALUWarWaitStates */
    for (unsigned k = 1; k <= HZM_RING; k++) {
        const mfma_rec_t *r = &m->ring[(m->head + HZM_RING - k) % HZM_RING];
        if (!r->at)
            break;
        if (r->srcc == ISA_OPND_NONE || !overlap(r->srcc, r->cn, d.code, cnt(d)))
            continue;
        if ((r->z.cls & HZM_DGEMM) || (isa_target_gfx940(t) && !(r->z.cls & HZM_XDL)))
            continue;
        unsigned need = r->z.passes <= 2 ? 1 : r->z.passes <= 4 ? 3 : r->z.passes <= 8 ? 7 : 15;
        check_one(s, w, c, ws, TEV_HZ_WS_MFMA_WAR, d.code, r->at, r->pc, need);
        return;
    }
}

void hz_mai_record(hz_mai_t *m, const isa_inst_t *in, hz_mai_inst_t z, uint64_t ws, uint32_t pc)
{
    if (z.cls & HZM_MFMA) {
        mfma_rec_t *r = &m->ring[m->head];
        m->head = (m->head + 1) % HZM_RING;
        r->at = ws;
        r->pc = pc;
        r->dst = in->vdst.code;
        r->dn = (uint16_t)cnt(in->vdst);
        /* srcC: src2, or for v_smfmac the accumulator D */
        isa_operand_t c = z.sparse ? in->vdst : in->nsrc > 2 ? in->src[2] : (isa_operand_t){ .code = ISA_OPND_NONE };
        r->srcc = is_vreg(c.code) ? c.code : ISA_OPND_NONE;
        r->cn = (uint16_t)(is_vreg(c.code) ? cnt(c) : 0);
        r->z = z;
        if (z.cls & HZM_DGEMM) {
            m->dgemm_at = ws;
            m->dgemm_pc = pc;
        }
        return;
    }
    if (!(z.cls & (HZM_VALU | HZM_ACC_WRITE | HZM_ACC_READ)))
        return;
    /* a VALU write of vector registers (v_swap_b32: two) */
    bool swap = in->op == ISA_v_swap_b32 && in->nsrc > 0 && is_vreg(in->src[0].code);
    if (is_vreg(in->vdst.code) || swap) {
        valu_rec_t *v = &m->valu[m->valu_head];
        m->valu_head = (m->valu_head + 1) % HZM_VALU_RING;
        *v = (valu_rec_t){ .at = ws, .pc = pc, .op = in->op, .e64 = in->e64, .form = in->form, .dot = z.dot,
                           .acc = (z.cls & (HZM_ACC_WRITE | HZM_ACC_READ)) != 0 };
        if (is_vreg(in->vdst.code)) {
            v->dst = in->vdst.code;
            v->n = (uint16_t)cnt(in->vdst);
        }
        if (swap) {
            v->dst2 = in->src[0].code;
            v->n2 = 1;
        }
    }
    if (z.cls & (HZM_ACC_WRITE | HZM_ACC_READ)) {
        bool wr = z.cls & HZM_ACC_WRITE;
        acc_rec_t *a = wr ? &m->accw[m->accw_head] : &m->accr[m->accr_head];
        if (wr)
            m->accw_head = (m->accw_head + 1) % HZM_ACC_RING;
        else
            m->accr_head = (m->accr_head + 1) % HZM_ACC_RING;
        *a = (acc_rec_t){ ws, pc, in->vdst.code, (uint16_t)cnt(in->vdst) };
    }
}
