/* hazard: the hazard checker (hazard.h).
 *
 * The wait-state table below is gfx8's list as LLVM's AMDGPU hazard recognizer
 * (GCNHazardRecognizer.cpp, with the gfx8 answers of GCNSubtarget's has*Hazard queries) and the
 * GCN3 ISA manual (section 4.5, "Manually inserted wait states") give it; written here from those
 * rules, one check per row. Rows whose consumer gcnsim does not simulate (s_sendmsg and GDS after
 * an M0 write, s_rfe, interpolation) are left out; plain LDS instructions need no wait state after
 * an M0 write on gfx8 (LLVM emits `s_mov_b32 m0, -1` right before them).
 *
 * gfx9 (a kernel whose target is gfx900/gfx906; the rows are its kernel's, so a gfx803 kernel
 * keeps exactly gfx8's): every gfx8 row applies with the same count (GCNSubtarget:
 * hasVMEMReadSGPRVALUDefHazard and has12DWordStoreHazard hold from VOLCANIC_ISLANDS on,
 * getSetRegWaitStates is 2 after SEA_ISLANDS; checkDPPHazards, checkDivFMasHazards,
 * checkRWLaneHazards and checkGetRegHazards ask no subtarget), and one row is added: m0_read,
 * checkReadM0Hazards (1 wait state after a SALU write of M0) for the consumers
 * hasReadM0MovRelInterpHazard (s_movrel*, ds_read/write_addtid_b32; v_interp is graphics) and
 * hasReadM0LdsDmaHazard (LDS DMA: MUBUF with lds) enable on GFX9 only. gfx9's vmcnt counts to 63. */
#include "machine/hazard.h"

#include "machine/hazard_lds.h"

#include <stdlib.h>
#include <string.h>

enum { HZ_VM, HZ_LGKM };
enum { HZ_REGS = ISA_NUM_SREGS + 512 };  /* index: an SGPR/special code, or 128 + isa_wave_vreg's
                                            index (VGPRs, then CDNA's AGPRs) */
enum { HZ_CNT_MAX = 15 };                /* gfx8's vmcnt and lgkmcnt are 4 bits: a wave cannot have
                                            more outstanding, so the 16th op back is done (gfx9's
                                            vmcnt: 6 bits, isa_waitcnt_vm_max) */

/* The wait states each row needs (gfx8). */
enum {
    WS_VMEM_SGPR = 5, WS_LANE_SELECT = 4, WS_DIV_FMAS = 4, WS_GETREG = 2, WS_SETREG = 2,
    WS_DPP_VGPR = 2, WS_DPP_EXEC = 5, WS_STORE_DATA = 1,
    WS_M0_READ = 1, /* gfx9 only: GCNHazardRecognizer::checkReadM0Hazards (SMovRelWaitStates) */
    /* CDNA: checkMAIHazards908/90A's VALUWritesExecWaitStates, LegacyVALU(NotDot)WritesVGPRWaitStates */
    WS_MAI_EXEC = 4, WS_MAI_VGPR = 2
};

/* A register's records: its last load that the s_waitcnt rules have not yet covered (the
 * scoreboard), and its last VALU write. All zero: never written (a valu_at of 0 is far enough back,
 * hz_wave_reset). */
typedef struct {
    uint32_t idx;              /* its position among the wave's ops of its counter (from 1); 0: none */
    uint32_t pc;               /* workload-wide */
    uint32_t seq;              /* the wave's instruction count at its issue */
    uint8_t ctr, smem;
    uint32_t valu_pc;
    uint64_t valu_at;          /* wait-state position after the last VALU write */
} hz_reg_t;

/* The register records of a wave, sized by the highest register it has written: a launch only
 * sets n to 0 (nothing to clear), and a record past n reads as never written. The scalar table
 * (sidx) puts VCC and EXEC first, then s0, s1, ..., then the other special registers: what a VALU
 * instruction or a load writes is VCC, EXEC and the kernel's few low SGPRs, so the table stays short. */
typedef struct {
    hz_reg_t *r;
    uint32_t n, cap;
} hz_regs_t;

/* The last s_setreg of each hardware register id (allocated at a wave's first s_setreg). */
typedef struct {
    uint64_t at[64];
    uint32_t pc[64];
} hz_setreg_t;

struct hz_wave {
    tw_wave_t *w;              /* w->hz_hot: what hz_quick reads (hazard.h) */
    /* ---- counters ---- */
    uint32_t last_smem;        /* lgkm position of the last scalar memory op */
    bool waited;
    uint32_t wait_seq, wait_pc, wait_cnt[2]; /* the last s_waitcnt */
    /* ---- wait states: positions count the wait states issued so far, after the producer ---- */
    uint16_t store_reg;        /* the last store of more than 8 bytes (hz_hot.store_at): its data VGPRs, pc */
    uint8_t store_n;
    uint32_t store_pc;
    uint64_t m0_at;            /* gfx9: the last SALU write of M0 (0: none), its pc */
    uint32_t m0_pc;
    uint64_t setreg_valid;     /* ids with an s_setreg in this wave (setreg's others are stale) */
    hz_setreg_t *setreg;
    hz_regs_t sr, vr;          /* scalar (specials first) and vector register records */
    hz_mai_t *mai;             /* CDNA: the MAI rows' records (hazard_mai.h), allocated while hz_run_t.mai */
};

/* ---- registers of an instruction ------------------------------------------------------------ */

static bool is_reg(uint16_t code) { return code < ISA_NUM_SREGS || (code >= ISA_VGPR_BASE && code != ISA_OPND_NONE); }
static unsigned reg_index(uint16_t code) { return code < ISA_NUM_SREGS ? code : ISA_NUM_SREGS + (code - ISA_VGPR_BASE); }
static unsigned opnd_count(isa_operand_t o) { return o.count ? o.count : 1; }

/* The registers it writes, as up to three (code, count) ranges. */
static unsigned dests(const isa_inst_t *in, uint16_t code[3], uint8_t n[3])
{
    unsigned k = 0;
    if (is_reg(in->vdst.code)) {
        code[k] = in->vdst.code;
        n[k++] = (uint8_t)opnd_count(in->vdst);
    }
    if (is_reg(in->sdst.code)) {
        code[k] = in->sdst.code;
        n[k++] = (uint8_t)opnd_count(in->sdst);
    }
    if (isa_ops[in->op].flags & ISA_FL_CMPX) {
        code[k] = ISA_REG_EXEC_LO;
        n[k++] = 2;
    }
    if (in->op == ISA_v_swap_b32 && is_reg(in->src[0].code)) { /* gfx9: it writes its source VGPR too */
        code[k] = in->src[0].code;
        n[k++] = 1;
    }
    return k;
}

/* Whether `in` consumes a VALU write under some wait-state row. */
static bool ws_consumer(const isa_inst_t *in)
{
    const isa_op_info_t *info = &isa_ops[in->op];
    if (info->unit == ISA_UNIT_VMEM) {
        for (unsigned i = 0; i < in->nsrc; i++)
            if (in->src[i].code < ISA_NUM_SREGS)
                return true;
        return false;
    }
    if (info->unit == ISA_UNIT_VALU)
        return ((in->op == ISA_v_readlane_b32 || in->op == ISA_v_writelane_b32) && in->nsrc > 1 &&
                in->src[1].code < ISA_NUM_SREGS) || (info->flags & ISA_FL_VCC_IN) || in->form == ISA_FORM_DPP;
    return in->op == ISA_s_getreg_b32 || in->op == ISA_s_setreg_b32 || in->op == ISA_s_setreg_imm32_b32;
}

/* ---- gfx9's m0_read row (GCNHazardRecognizer: checkReadM0Hazards) --------------------------- */

/* A SALU instruction that writes M0 (LLVM: isSALU and modifiesRegister(M0)). */
static bool m0_producer(const isa_inst_t *in)
{
    return isa_ops[in->op].unit == ISA_UNIT_SALU && in->sdst.code <= ISA_REG_M0 &&
           in->sdst.code + opnd_count(in->sdst) > ISA_REG_M0;
}

/* Its consumers on GFX9: s_movrel* and ds_read/write_addtid_b32 (hasReadM0MovRelInterpHazard;
 * v_interp is graphics, not simulated) and LDS DMA, a MUBUF with the lds bit (hasReadM0LdsDmaHazard).
 * The addtid pair is found by name: an entry of the gfx9 memory branch. */
static bool m0_consumer(const isa_inst_t *in)
{
    const isa_op_info_t *info = &isa_ops[in->op];
    if (in->op == ISA_s_movrels_b32 || in->op == ISA_s_movrels_b64 || in->op == ISA_s_movreld_b32 ||
        in->op == ISA_s_movreld_b64)
        return true;
    if (info->enc == ISA_ENC_MUBUF && in->lds)
        return true;
    return strcmp(info->name, "ds_read_addtid_b32") == 0 || strcmp(info->name, "ds_write_addtid_b32") == 0;
}

bool hz_prepare(tw_sim_t *s)
{
    const launch_t *L = s->L;
    hz_run_t *zr = calloc(1, sizeof *zr);
    if (!zr)
        return false;
    s->hz = zr;
    zr->ncu = s->ncu;
    zr->wg_pool_n = s->wg_pool_n;
    zr->insts = calloc(L->ninsts ? L->ninsts : 1, sizeof *zr->insts);
    zr->wave = calloc((size_t)s->ncu * TW_MAX_SIMDS * TW_MAX_SLOTS, sizeof *zr->wave);
    zr->lds = calloc((size_t)s->ncu * s->wg_pool_n + 1, sizeof *zr->lds);
    if (!zr->insts || !zr->wave || !zr->lds)
        return false;
    for (uint32_t pc = 0; pc < L->ninsts; pc++) {
        const isa_kernel_t *k = NULL;
        const isa_inst_t *in = launch_inst(L, pc, &k);
        struct hz_inst *z = &zr->insts[pc];
        const isa_op_info_t *info = &isa_ops[in->op];
        if (k && k->target != ISA_TARGET_GFX803 && (m0_producer(in) || m0_consumer(in)))
            z->flags |= HZI_M0;
        if (k && (z->mai = hz_mai_classify(in, k->target)).cls) {
            z->flags |= HZI_MAI;
            zr->mai = true;
            if (z->mai.cls & (HZM_MFMA | HZM_ACC_WRITE))
                zr->track_valu = true; /* the mai_vgpr and mai_exec rows read VALU writes */
        }
        if (wb_deferred(in))
            z->flags |= HZI_DEFERRED;
        if (info->unit == ISA_UNIT_VALU)
            z->flags |= HZI_VALU;
        if (in->op == ISA_s_setreg_b32 || in->op == ISA_s_setreg_imm32_b32)
            z->flags |= HZI_SETREG;
        if (in->op == ISA_s_waitcnt)
            z->flags |= HZI_WAITCNT;
        z->ws = (uint8_t)(in->op == ISA_s_nop ? ((uint32_t)in->simm16 & 7) + 1 : 1);
        if (ws_consumer(in)) {
            z->flags |= HZI_WS;
            if (!(z->flags & HZI_SETREG) && in->op != ISA_s_getreg_b32)
                zr->track_valu = true; /* some instruction reads what VALU writes under a row */
        }
        if (info->unit == ISA_UNIT_LDS && (info->flags & (ISA_FL_LOAD | ISA_FL_STORE)) && !(info->flags & ISA_FL_ATOMIC))
            z->flags |= HZI_LDS;
        if (info->unit == ISA_UNIT_VMEM && (info->flags & (ISA_FL_STORE | ISA_FL_ATOMIC))) {
            /* MUBUF/MTBUF only without an SGPR soffset; the data is src[3] (buffer) or src[1] (FLAT) */
            bool buf = info->enc == ISA_ENC_MUBUF || info->enc == ISA_ENC_MTBUF;
            isa_operand_t d = buf ? in->src[3] : in->src[1];
            if (isa_opnd_is_vgpr(d) && opnd_count(d) > 2 && !(buf && in->src[2].code < ISA_NUM_SREGS)) {
                z->flags |= HZI_STORE_BIG;
                z->store_reg = d.code;
                z->store_n = (uint8_t)opnd_count(d);
            }
        }
        for (unsigned i = 0; i < in->nsrc && z->nread < HZI_MAX_READS; i++)
            if (is_reg(in->src[i].code)) {
                z->rcode[z->nread] = in->src[i].code;
                z->rn[z->nread++] = (uint8_t)opnd_count(in->src[i]);
            }
        if ((info->flags & ISA_FL_VCC_IN) && z->nread < HZI_MAX_READS) {
            z->rcode[z->nread] = ISA_REG_VCC_LO;
            z->rn[z->nread++] = 2;
        }
        z->nwrite = (uint8_t)dests(in, z->wcode, z->wn);
    }
    return true;
}

static void wave_free(hz_wave_t *h)
{
    if (!h)
        return;
    free(h->setreg);
    hz_mai_free(h->mai);
    free(h->sr.r);
    free(h->vr.r);
    free(h);
}

void hz_release(tw_sim_t *s)
{
    hz_run_t *zr = s->hz;
    if (!zr)
        return;
    for (size_t k = 0; zr->wave && k < (size_t)zr->ncu * TW_MAX_SIMDS * TW_MAX_SLOTS; k++)
        wave_free(zr->wave[k]);
    for (size_t k = 0; zr->lds && k < (size_t)zr->ncu * zr->wg_pool_n; k++)
        hz_lds_free(zr->lds[k]);
    free(zr->wave);
    free(zr->lds);
    free(zr->insts);
    free(zr);
    s->hz = NULL;
}

/* ---- state ---------------------------------------------------------------------------------- */

/* The scalar table's index of code r (< ISA_NUM_SREGS): VCC, EXEC, s0..s101, then the rest in order. */
static inline unsigned sidx(unsigned r)
{
    if (r <= ISA_SGPR_MAX)
        return r + 4;
    if (r == ISA_REG_VCC_LO || r == ISA_REG_VCC_HI)
        return r - ISA_REG_VCC_LO;
    if (r == ISA_REG_EXEC_LO || r == ISA_REG_EXEC_HI)
        return 2 + r - ISA_REG_EXEC_LO;
    /* 102-105 -> 106-109, 108-125 -> 110-127 */
    return r < ISA_REG_VCC_LO ? r + 4 : r + 2;
}

/* The record of register index r (reg_index), NULL when the wave has not written it. */
static inline const hz_reg_t *reg_find(const hz_wave_t *h, unsigned r)
{
    if (r >= ISA_NUM_SREGS) {
        unsigned i = r - ISA_NUM_SREGS;
        return i < h->vr.n ? &h->vr.r[i] : NULL;
    }
    unsigned i = sidx(r);
    return i < h->sr.n ? &h->sr.r[i] : NULL;
}

/* Table t grown to record i + 1 (what it adds reads as never written). False when out of memory. */
static bool reg_grow(hz_regs_t *t, unsigned i)
{
    if (i >= t->cap) {
        uint32_t cap = (i + 8) & ~7u; /* whole 8-record steps: a few grows per slot at most */
        hz_reg_t *p = realloc(t->r, cap * sizeof *p);
        if (!p)
            return false;
        t->r = p;
        t->cap = cap;
    }
    memset(&t->r[t->n], 0, (i + 1 - t->n) * sizeof *t->r);
    t->n = i + 1;
    return true;
}

/* The record of register index r to write, the table grown to it. NULL when out of memory. */
static inline hz_reg_t *reg_write(hz_wave_t *h, unsigned r)
{
    hz_regs_t *t = r < ISA_NUM_SREGS ? &h->sr : &h->vr;
    unsigned i = r < ISA_NUM_SREGS ? sidx(r) : r - ISA_NUM_SREGS;
    if (i >= t->n && !reg_grow(t, i))
        return NULL;
    return &t->r[i];
}

bool hz_wave_reset(hz_run_t *zr, tw_wave_t *w)
{
    hz_wave_t **slot = &zr->wave[((size_t)w->cu * TW_MAX_SIMDS + w->simd) * TW_MAX_SLOTS + w->slot];
    hz_wave_t *h = *slot;
    if (!h) {
        if (!(h = calloc(1, sizeof *h)))
            return false;
        *slot = h;
    }
    /* Keep the allocations. Nothing else is cleared but the scalars: the register tables restart
     * empty (n = 0). */
    hz_wave_t keep = *h;
    memset(h, 0, sizeof *h);
    h->setreg = keep.setreg;
    h->mai = keep.mai;
    if (zr->mai && !hz_mai_reset(&h->mai))
        return false;
    h->sr = (hz_regs_t){ keep.sr.r, 0, keep.sr.cap };
    h->vr = (hz_regs_t){ keep.vr.r, 0, keep.vr.cap };
    h->w = w;
    w->hz_hot = (hz_hot_t){ .ws = 1000 }; /* every "last write" of 0 is far enough back */
    w->hz = h;
    return true;
}

/* ---- reports -------------------------------------------------------------------------------- */

static void report(tw_sim_t *s, const tw_wave_t *w, uint64_t c, tev_hazard_t *hz)
{
    tev_t ev;
    tw_wave_event(&ev, w, TEV_HAZARD, c);
    hz->pc = w->hz_hot.cur_pc;
    ev.u.hazard = hz;
    tw_emit(s, &ev);
}

/* Whether the s_waitcnts so far (or the counter's limit) guarantee e's load has written. */
static bool covered(const hz_wave_t *h, const hz_reg_t *e)
{
    uint32_t max = e->ctr == HZ_VM ? isa_waitcnt_vm_max(h->w->isa.target) : HZ_CNT_MAX;
    return e->idx <= h->w->hz_hot.guar[e->ctr] || h->w->hz_hot.issued[e->ctr] - e->idx >= max;
}

static void report_counter(tw_sim_t *s, const tw_wave_t *w, uint64_t c, unsigned r, bool write)
{
    const hz_wave_t *h = w->hz;
    const hz_reg_t *e = reg_find(h, r);
    tev_hazard_t hz = { 0 };
    hz.kind = e->ctr == HZ_VM ? TEV_HZ_VMCNT : TEV_HZ_LGKMCNT;
    hz.write = write;
    hz.reg = (uint16_t)(r < ISA_NUM_SREGS ? r : r - ISA_NUM_SREGS + ISA_VGPR_BASE);
    hz.stale = wb_pending(w->wb, hz.reg); /* its value is still on its way (writeback.h) */
    hz.src_pc = e->pc;
    /* lgkmcnt counts in order only while no scalar load is among the outstanding operations */
    bool ooo = e->ctr == HZ_LGKM && h->last_smem > h->w->hz_hot.guar[HZ_LGKM];
    hz.need = ooo ? 0 : h->w->hz_hot.issued[e->ctr] - e->idx;
    hz.have = TEV_HZ_NONE;
    if (h->waited && h->wait_seq > e->seq) {
        hz.have = h->wait_cnt[e->ctr];
        hz.wait_pc = h->wait_pc;
    }
    report(s, w, c, &hz);
}

/* A read (or overwrite) of `count` registers from `code` whose load is not covered. */
static bool check_range(tw_sim_t *s, const tw_wave_t *w, uint64_t c, uint16_t code, unsigned count, bool write)
{
    const hz_wave_t *h = w->hz;
    unsigned r0 = reg_index(code);
    for (unsigned k = 0; k < count && r0 + k < HZ_REGS; k++) {
        const hz_reg_t *e = reg_find(h, r0 + k);
        if (e && e->idx && !covered(h, e)) {
            report_counter(s, w, c, r0 + k, write);
            return true;
        }
    }
    return false;
}

static void report_ws(tw_sim_t *s, const tw_wave_t *w, uint64_t c, tev_hazard_kind_t kind, uint16_t reg,
                      uint32_t src_pc, uint32_t need, uint64_t have)
{
    tev_hazard_t hz = { 0 };
    hz.kind = (uint8_t)kind;
    hz.reg = reg;
    hz.src_pc = src_pc;
    hz.need = need;
    hz.have = (uint32_t)have;
    report(s, w, c, &hz);
}

/* Wait states since the last VALU write of any register of the range, against `need`. */
static void check_valu_ws(tw_sim_t *s, const tw_wave_t *w, uint64_t c, tev_hazard_kind_t kind, uint16_t code,
                          unsigned count, uint32_t need)
{
    const hz_wave_t *h = w->hz;
    unsigned r0 = reg_index(code);
    for (unsigned k = 0; k < count && r0 + k < HZ_REGS; k++) {
        const hz_reg_t *e = reg_find(h, r0 + k);
        uint64_t have = h->w->hz_hot.ws - (e ? e->valu_at : 0);
        if (have < need) {
            uint16_t reg = (uint16_t)(code + k);
            report_ws(s, w, c, kind, reg, e ? e->valu_pc : 0, need, have);
            return;
        }
    }
}

/* ---- the checks before an instruction executes ----------------------------------------------- */

static void check(tw_sim_t *s, tw_wave_t *w, const isa_inst_t *in, const struct hz_inst *z, uint64_t c)
{
    hz_wave_t *h = w->hz;
    const isa_op_info_t *info = &isa_ops[in->op];
    /* Counters: only while some load is not covered (most instructions of most kernels skip this). */
    if (h->w->hz_hot.issued[HZ_VM] > h->w->hz_hot.guar[HZ_VM] || h->w->hz_hot.issued[HZ_LGKM] > h->w->hz_hot.guar[HZ_LGKM]) {
        bool found = false;
        for (unsigned i = 0; i < z->nread && !found; i++)
            found = check_range(s, w, c, z->rcode[i], z->rn[i], false);
        bool deferred = z->flags & HZI_DEFERRED;
        int ctr = info->unit == ISA_UNIT_VMEM ? HZ_VM : HZ_LGKM;
        for (unsigned k = 0; k < z->nwrite && !found; k++) {
            unsigned r0 = reg_index(z->wcode[k]);
            for (unsigned j = 0; j < z->wn[k] && r0 + j < HZ_REGS; j++) {
                const hz_reg_t *e = reg_find(h, r0 + j);
                if (!e || !e->idx || covered(h, e))
                    continue;
                /* a later load of the same in-order counter writes after it: no hazard */
                if (deferred && e->ctr == ctr && (ctr == HZ_VM || (!e->smem && info->unit == ISA_UNIT_LDS)))
                    continue;
                report_counter(s, w, c, r0 + j, true);
                found = true;
                break;
            }
        }
    }
    /* A VALU write of a store's data VGPRs right after the store (any VGPR it writes: v_swap_b32 two). */
    if ((z->flags & HZI_VALU) && h->w->hz_hot.ws - h->w->hz_hot.store_at < WS_STORE_DATA) {
        unsigned d = h->store_reg - ISA_VGPR_BASE;
        for (unsigned k = 0; k < z->nwrite; k++) {
            if (z->wcode[k] < ISA_VGPR_BASE)
                continue;
            unsigned v = z->wcode[k] - ISA_VGPR_BASE, n = z->wn[k];
            if (v < d + h->store_n && d < v + n) {
                report_ws(s, w, c, TEV_HZ_WS_STORE_DATA, (uint16_t)(ISA_VGPR_BASE + (v > d ? v : d)), h->store_pc,
                          WS_STORE_DATA, h->w->hz_hot.ws - h->w->hz_hot.store_at);
                break;
            }
        }
    }
    /* gfx9's m0_read: a SALU write of M0, then s_movrel, LDS DMA or ds_*_addtid. */
    if ((z->flags & HZI_M0) && m0_consumer(in) && h->w->hz_hot.ws - h->m0_at < WS_M0_READ)
        report_ws(s, w, c, TEV_HZ_WS_M0_READ, ISA_REG_M0, h->m0_pc, WS_M0_READ, h->w->hz_hot.ws - h->m0_at);
    if (z->flags & HZI_MAI) {
        /* CDNA: a VALU write of EXEC before an MFMA (gfx908: or v_accvgpr_write), and on gfx908 of a
         * VGPR source (checkMAIHazards908: any VALU instruction; gfx90a's row, which a v_dot* write
         * does not start, is hazard_mai.c's); then the MFMA rows (hazard_mai.c) */
        bool g908 = !isa_target_gfx90a(w->isa.target);
        if ((z->mai.cls & HZM_MFMA) || (g908 && (z->mai.cls & HZM_ACC_WRITE))) {
            check_valu_ws(s, w, c, TEV_HZ_WS_MAI_EXEC, ISA_REG_EXEC_LO, 2, WS_MAI_EXEC);
            for (unsigned i = 0; g908 && i < in->nsrc && i < 3; i++)
                if (isa_opnd_is_vgpr(in->src[i]))
                    check_valu_ws(s, w, c, TEV_HZ_WS_MAI_VGPR, in->src[i].code, opnd_count(in->src[i]), WS_MAI_VGPR);
        }
        hz_mai_check(s, w, h->mai, in, z->mai, h->w->hz_hot.ws, c);
    }
    if (!(z->flags & HZI_WS))
        return;
    /* The other wait-state rows. */
    switch (info->unit) {
    case ISA_UNIT_VMEM:
        for (unsigned i = 0; i < in->nsrc; i++)
            if (in->src[i].code < ISA_NUM_SREGS)
                check_valu_ws(s, w, c, TEV_HZ_WS_VMEM_SGPR, in->src[i].code, opnd_count(in->src[i]), WS_VMEM_SGPR);
        break;
    case ISA_UNIT_VALU:
        if ((in->op == ISA_v_readlane_b32 || in->op == ISA_v_writelane_b32) && in->nsrc > 1 &&
            in->src[1].code < ISA_NUM_SREGS)
            check_valu_ws(s, w, c, TEV_HZ_WS_LANE_SELECT, in->src[1].code, 1, WS_LANE_SELECT);
        if (info->flags & ISA_FL_VCC_IN)
            check_valu_ws(s, w, c, TEV_HZ_WS_DIV_FMAS, ISA_REG_VCC_LO, 2, WS_DIV_FMAS);
        if (in->form == ISA_FORM_DPP) {
            for (unsigned i = 0; i < in->nsrc && i < 2; i++)
                if (isa_opnd_is_vgpr(in->src[i]))
                    check_valu_ws(s, w, c, TEV_HZ_WS_DPP_VGPR, in->src[i].code, opnd_count(in->src[i]), WS_DPP_VGPR);
            check_valu_ws(s, w, c, TEV_HZ_WS_DPP_EXEC, ISA_REG_EXEC_LO, 2, WS_DPP_EXEC);
        }
        break;
    case ISA_UNIT_SALU: {
        unsigned id = isa_hwreg_id(in->simm16);
        bool get = in->op == ISA_s_getreg_b32;
        uint32_t need = get ? WS_GETREG : WS_SETREG;
        bool set = (h->setreg_valid >> id) & 1;
        uint64_t at = set ? h->setreg->at[id] : 0;
        if (h->w->hz_hot.ws - at < need)
            report_ws(s, w, c, get ? TEV_HZ_WS_GETREG : TEV_HZ_WS_SETREG, 0, set ? h->setreg->pc[id] : 0, need,
                      h->w->hz_hot.ws - at);
        break;
    }
    default:
        break;
    }
}

/* ---- issue ---------------------------------------------------------------------------------- */

void hz_issue_begin(tw_sim_t *s, tw_wave_t *w, const isa_inst_t *in, uint64_t c)
{
    w->hz_hot.cur_pc = w->inst_base + w->isa.pc;
    check(s, w, in, &s->hz->insts[w->hz_hot.cur_pc], c);
}

void hz_issue_end(tw_sim_t *s, tw_wave_t *w, const isa_inst_t *in, const isa_exec_result_t *res, uint64_t c)
{
    hz_wave_t *h = w->hz;
    const isa_op_info_t *info = &isa_ops[in->op];
    bool vm = info->unit == ISA_UNIT_VMEM;
    bool counted = vm || info->unit == ISA_UNIT_LDS || info->unit == ISA_UNIT_SMEM;
    const struct hz_inst *z = &s->hz->insts[h->w->hz_hot.cur_pc];
    h->w->hz_hot.seq++;
    if (counted) {
        int ctr = vm ? HZ_VM : HZ_LGKM;
        uint32_t idx = ++h->w->hz_hot.issued[ctr];
        if (info->unit == ISA_UNIT_SMEM)
            h->last_smem = idx;
        if (z->flags & HZI_DEFERRED)
            for (unsigned k = 0; k < z->nwrite; k++) {
                unsigned r0 = reg_index(z->wcode[k]);
                for (unsigned j = 0; j < z->wn[k] && r0 + j < HZ_REGS; j++) {
                    hz_reg_t *e = reg_write(h, r0 + j);
                    if (!e) {
                        s->status = 3;
                        return;
                    }
                    e->idx = idx;
                    e->pc = h->w->hz_hot.cur_pc;
                    e->seq = h->w->hz_hot.seq;
                    e->ctr = (uint8_t)ctr;
                    e->smem = info->unit == ISA_UNIT_SMEM;
                }
            }
    }
    if (in->op == ISA_s_waitcnt) {
        unsigned n[2] = { isa_waitcnt_vm_on(in->simm16, h->w->isa.target), isa_waitcnt_lgkm(in->simm16) };
        if (h->w->hz_hot.issued[HZ_VM] > n[0] && h->w->hz_hot.issued[HZ_VM] - n[0] > h->w->hz_hot.guar[HZ_VM])
            h->w->hz_hot.guar[HZ_VM] = h->w->hz_hot.issued[HZ_VM] - n[0];
        bool ooo = h->last_smem > h->w->hz_hot.guar[HZ_LGKM];
        if (n[1] == 0)
            h->w->hz_hot.guar[HZ_LGKM] = h->w->hz_hot.issued[HZ_LGKM];
        else if (!ooo && h->w->hz_hot.issued[HZ_LGKM] > n[1] && h->w->hz_hot.issued[HZ_LGKM] - n[1] > h->w->hz_hot.guar[HZ_LGKM])
            h->w->hz_hot.guar[HZ_LGKM] = h->w->hz_hot.issued[HZ_LGKM] - n[1];
        h->waited = true;
        h->wait_seq = h->w->hz_hot.seq;
        h->wait_pc = h->w->hz_hot.cur_pc;
        h->wait_cnt[HZ_VM] = n[0];
        h->wait_cnt[HZ_LGKM] = n[1];
    }
    /* Wait states: this instruction's own, then what it produced, stamped after them. */
    h->w->hz_hot.ws += z->ws;
    if ((z->flags & HZI_M0) && m0_producer(in)) {
        h->m0_at = h->w->hz_hot.ws;
        h->m0_pc = h->w->hz_hot.cur_pc;
    }
    if ((z->flags & HZI_MAI) && h->mai)
        hz_mai_record(h->mai, in, z->mai, h->w->hz_hot.ws, h->w->hz_hot.cur_pc);
    /* (an MFMA's D is no VALU write for the gfx8 rows and mai_vgpr: the MAI rows cover it) */
    if ((z->flags & HZI_VALU) && s->hz->track_valu && !(z->mai.cls & HZM_MFMA)) {
        for (unsigned k = 0; k < z->nwrite; k++) {
            unsigned r0 = reg_index(z->wcode[k]);
            for (unsigned j = 0; j < z->wn[k] && r0 + j < HZ_REGS; j++) {
                hz_reg_t *e = reg_write(h, r0 + j);
                if (!e) {
                    s->status = 3;
                    return;
                }
                e->valu_at = h->w->hz_hot.ws;
                e->valu_pc = h->w->hz_hot.cur_pc;
            }
        }
    } else if (z->flags & HZI_SETREG) {
        unsigned id = isa_hwreg_id(in->simm16);
        if (!h->setreg && !(h->setreg = malloc(sizeof *h->setreg))) {
            s->status = 3;
            return;
        }
        h->setreg_valid |= (uint64_t)1 << id;
        h->setreg->at[id] = h->w->hz_hot.ws;
        h->setreg->pc[id] = h->w->hz_hot.cur_pc;
    } else if (z->flags & HZI_STORE_BIG) {
        h->w->hz_hot.store_at = h->w->hz_hot.ws;
        h->store_reg = z->store_reg;
        h->store_n = z->store_n;
        h->store_pc = h->w->hz_hot.cur_pc;
    } else if (z->flags & HZI_LDS) {
        hz_lds_access(s, s->hz->lds[(size_t)w->wg->cu * s->hz->wg_pool_n + w->wg->pool_index], w, in, res, c);
    }
}
