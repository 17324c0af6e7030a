/* timing_cu: a compute unit's issue stage and the timing of what it issues.
 *
 * Each cycle c selects SIMD c % simds. Among that SIMD's waves whose next instruction may issue
 * (ready_at <= c), in the scheduling policy's order, each wave may issue one instruction, and at
 * most one instruction issues per category (VALU, SALU/SMEM, VMEM, LDS, branch) — provided its
 * unit is free: the SIMD's VALU, the CU's LDS pipeline, the CU's vector-memory address unit.
 * Sequencer instructions (s_waitcnt, s_barrier, s_nop, s_sleep, s_setprio, s_endpgm) need no unit.
 * The instruction executes functionally at issue; its timing decides when the wave can issue
 * again, how long its unit is busy, and when its memory operation completes (an event). After
 * issuing, the CU computes the exact next cycle at which anything could issue and sleeps until
 * then, unless an event (a memory completion, a barrier release, a wave start) wakes it sooner. */
#include "machine/timing_cu.h"

#include "machine/hazard.h"
#include "machine/writeback.h"
#include "machine/timing_dispatch.h"
#include "machine/timing_state.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* SMEM shares the SALU's issue category (ROCm's pipeline descriptions: docs/references.md, ROCM-PD). */
static inline __attribute__((always_inline)) uint64_t unit_free_at(const tw_sim_t *s, uint32_t ci, uint32_t simd, isa_unit_t u, uint64_t c)
{
    const tw_cu_t *cu = &s->cus[ci];
    switch (u) {
    case ISA_UNIT_SMEM: return mem_scalar_free_at(&s->mem, ci, c);
    case ISA_UNIT_VALU: return cu->valu_free[simd];
    case ISA_UNIT_LDS: return cu->lds_free;
    case ISA_UNIT_VMEM: return cu->vmem_free;
    default: return 0;
    }
}

/* When SIMD simd's VALU issue port is free for instruction `in` (NULL: past the kernel's end): an
 * MFMA also waits for the SIMD's matrix core (mfma_timing.h). */
static inline __attribute__((always_inline)) uint64_t valu_free_for(const tw_cu_t *cu, uint32_t simd,
                                                                     const isa_inst_t *in)
{
    uint64_t f = cu->valu_free[simd];
    if (cu->mfma_free[simd] > f && in && (isa_ops[in->op].flags & ISA_FL_MFMA))
        f = cu->mfma_free[simd];
    return f;
}

/* When unit u is free for wave w's next instruction. */
static inline __attribute__((always_inline)) uint64_t unit_free_for(const tw_sim_t *s, uint32_t ci, uint32_t simd,
                                                                     isa_unit_t u, const tw_wave_t *w, uint64_t c)
{
    if (u == ISA_UNIT_VALU)
        return valu_free_for(&s->cus[ci], simd, w->next);
    return unit_free_at(s, ci, simd, u, c);
}

static bool reg_overlap(isa_operand_t o, uint16_t code, uint16_t n)
{
    if (o.code == ISA_OPND_NONE || o.code < ISA_VGPR_BASE)
        return false;
    unsigned k = o.count ? o.count : 1;
    return o.code < code + n && code < o.code + k;
}

/* How `in` (sparse: a v_smfmac) uses registers [d, d + n), an MFMA's D (MFMA_USE_*; -1: not at all), and whether that
 * operand is exactly D. A later MFMA writing D (not reading it) writes it after: one matrix core, in
 * order. v_smfmac's src2 is its index (read as srcA/B are), its D its accumulator (its srcC). */
static int mfma_use_of(const isa_inst_t *in, bool sparse, uint16_t d, uint16_t n, bool *same)
{
    const isa_op_info_t *info = &isa_ops[in->op];
    bool mfma = info->flags & ISA_FL_MFMA;
    int use = -1;
    for (unsigned i = 0; i < in->nsrc; i++) {
        if (!reg_overlap(in->src[i], d, n))
            continue;
        unsigned k = in->src[i].count ? in->src[i].count : 1;
        *same = in->src[i].code == d && k == n;
        if (!mfma)
            return info->unit == ISA_UNIT_VALU ? MFMA_USE_VALU_READ : MFMA_USE_MEM_READ;
        if (i != 2 || sparse)
            return MFMA_USE_SRCAB; /* needs at least what srcC does */
        use = MFMA_USE_SRCC;
    }
    if (use >= 0)
        return use;
    if (!reg_overlap(in->vdst, d, n) || (mfma && !sparse))
        return -1;
    unsigned k = in->vdst.count ? in->vdst.count : 1;
    *same = in->vdst.code == d && k == n;
    return mfma ? MFMA_USE_SRCC : MFMA_USE_WRITE;
}

/* The cycle before which wave w may not issue `in` because of its MFMAs (0: no dependency). Each
 * MFMA writes its D at its last pass and then writes it back: a use of D issues LLVM's wait states
 * after the MFMA (mfma_timing.h, mfma_wait_states; one wait state a pass), and an instruction other
 * than an MFMA no earlier than the last pass. An MFMA reading exactly D as srcC is forwarded the
 * accumulator (no wait states, but for gfx942's 2-pass MFMAs and f64 4x4 chains) and waits for the
 * matrix core as well (valu_free_for). An instruction that does not use D does not wait. */
static uint64_t mfma_dep(const tw_sim_t *s, const tw_wave_t *w, const isa_inst_t *in)
{
    isa_target_t t = w->isa.target;
    bool mfma = isa_ops[in->op].flags & ISA_FL_MFMA;
    const mfma_time_t *z = mfma && s->mfma ? &s->mfma[(size_t)in->op * 3 + (t - ISA_TARGET_GFX908)] : NULL;
    bool sparse = z && (z->flags & MFMA_T_SPARSE);
    uint64_t need = 0;
    for (unsigned k = 0; k < TW_MFMA_RING; k++) {
        const tw_mfma_rec_t *r = &w->mfma[k];
        if (!r->cycles)
            continue;
        bool same = false;
        int use = mfma_use_of(in, sparse, r->dst, r->n, &same);
        if (use < 0)
            continue;
        mfma_time_t p = { r->cycles, 0, r->flags };
        uint64_t at = r->at + (uint64_t)MFMA_WS_CYCLES * (mfma_wait_states(t, &p, (mfma_use_t)use, same, z) + 1);
        if (!mfma && at < r->at + r->cycles)
            at = r->at + r->cycles;
        need = at > need ? at : need;
    }
    return need;
}

/* Whether wave w must wait for an MFMA's result before issuing `in` at cycle c: its ready cycle
 * is then moved there. Only while one of its MFMAs may still hold an instruction back, so a run
 * without MFMA looks at nothing but the wave's mfma_until. */
static inline __attribute__((always_inline)) bool mfma_wait(const tw_sim_t *s, tw_cu_t *cu, tw_wave_t *w,
                                                            const isa_inst_t *in, uint64_t c)
{
    if (w->mfma_until <= c)
        return false;
    uint64_t t = mfma_dep(s, w, in);
    if (t <= c)
        return false;
    tw_set_ready(cu, w, t);
    return true;
}

bool tw_mfma_prepare(tw_sim_t *s)
{
    const launch_t *L = s->L;
    for (uint32_t pc = 0; pc < L->ninsts; pc++) {
        const isa_kernel_t *k = NULL;
        const isa_inst_t *in = launch_inst(L, pc, &k);
        if (!(isa_ops[in->op].flags & ISA_FL_MFMA))
            continue;
        if (!s->mfma && !(s->mfma = calloc((size_t)ISA_NUM_OPS * 3, sizeof *s->mfma)))
            return false;
        for (unsigned t = 0; t < 3; t++)
            mfma_time_find(isa_ops[in->op].name, (isa_target_t)(ISA_TARGET_GFX908 + t), &s->mfma[(size_t)in->op * 3 + t]);
    }
    return true;
}

static void schedule_done(tw_sim_t *s, tw_wave_t *w, uint64_t at, bool vm)
{
    if (!eng_schedule(&s->eng, at, 0, vm ? EV_VM_DONE : EV_LGKM_DONE, w->cu, w))
        s->status = 3;
}

/* Report a memory instruction's trip through the memory system. */
static void emit_mem(tw_sim_t *s, const tw_wave_t *w, uint32_t pc, const mem_access_t *a)
{
    tev_t ev;
    tw_wave_event(&ev, w, TEV_MEM, a->issue);
    ev.u.mem.pc = w->inst_base + pc;
    ev.u.mem.access = a;
    tw_emit(s, &ev);
}

/* A vector memory instruction's lines are all in the L1: its vmcnt drops when its data are back,
 * in issue order. */
static void vmem_done(tw_sim_t *s, tw_wave_t *w, const mem_access_t *a)
{
    uint64_t done = a->done;
    if (done < w->last_vm_done)
        done = w->last_vm_done;
    w->last_vm_done = done;
    schedule_done(s, w, done, true);
}

void tw_vmem_resume(tw_sim_t *s, uint32_t ci, uint64_t c)
{
    tw_cu_t *cu = &s->cus[ci];
    const mem_access_t *a;
    uint64_t t;
    while (!mem_vector_resume(&s->mem, ci, c, &a, &t)) {
        /* While the next line's resume would be the next event anyway (nothing else due before
         * it, nor past the cycle limit), go on at its cycle here rather than through the queue. */
        if (!eng_event_next(&s->eng, t, 0) || s->status != 0 || (s->max_cycles && t > s->max_cycles)) {
            if (!eng_schedule(&s->eng, t, 0, EV_VMEM_RESUME, ci, NULL))
                s->status = 3;
            return;
        }
        eng_tick_ran(&s->eng, t);
        c = t;
    }
    tw_wave_t *w = cu->vmem_wave;
    cu->vmem_free = t;
    cu->vmem_wave = NULL;
    vmem_done(s, w, a);
    emit_mem(s, w, cu->vmem_pc, a);
    tw_wake_cu(s, ci, t > c ? t : c);
}

/* Issue `in` for wave w at cycle c. */
static void issue(tw_sim_t *s, tw_cu_t *cu, tw_wave_t *w, const isa_inst_t *in, uint64_t c)
{
    launch_t *L = s->L;
    const cfg_t *cfg = s->cfg;
    const isa_op_info_t *info = &isa_ops[in->op];
    uint32_t at = w->isa.pc;
    if (L->insts_total - L->progress_at >= L->stall_window || L->insts_total >= L->max_instructions) {
        char msg[200];
        if (launch_check_limit(L, msg, sizeof msg)) {
            tw_fault(s, w, LAUNCH_FAULT_LIMIT, at, -1, msg);
            return;
        }
    }
    isa_exec_result_t res;
    if (info->unit == ISA_UNIT_SMEM)
        w->isa.clock = c; /* s_memtime / s_memrealtime read the cycle of their issue (written only
                           * for SMEM: a store per issue touched every wave's line on many CUs) */
    /* Results of loads are written at completion (writeback.h); the checker (hazard.h) looks
     * first, and has nothing to do while it is off. */
    bool mem = info->unit == ISA_UNIT_VMEM || info->unit == ISA_UNIT_LDS || info->unit == ISA_UNIT_SMEM;
    bool hz = s->hz && (mem || !hz_quick(s->hz, w));
    if (hz)
        hz_issue_begin(s, w, in, c);
    if (mem && !wb_issue_begin(w->wb, &w->isa, in))
        s->status = 3;
    if (in->op == ISA_s_getreg_b32) /* IB_STS: what is outstanding at this issue */
        w->isa.ib_sts = isa_ib_sts(w->isa.target, w->vm_cnt, w->lgkm_cnt);
    isa_exec(&w->isa, in, &res);
    tw_wave_fetch(cu, w);
    if (res.status == ISA_EXEC_FAULT) {
        if (mem)
            wb_issue_abort(w->wb, &w->isa);
        tw_fault(s, w, LAUNCH_FAULT_EXEC, at, res.fault_lane, res.fault_msg);
        L->fault.isa_fault = res.fault;
        L->fault.addr = res.fault_addr;
        return;
    }
    L->insts_total++;
    L->insts_per_unit[info->unit]++;
    uint64_t lgkm_done = 0; /* when its LDS or scalar memory operation completes */

    uint64_t cadence = (uint64_t)cfg->valu_cycles;
    uint32_t busy = 0, mfma = 0;
    mem_access_t macc;
    const mem_access_t *mrec = NULL; /* the memory record to report after the issue */
    w->ready_at = c + cadence;
    switch (info->unit) {
    case ISA_UNIT_VALU:
        switch (info->rate) {
        case ISA_RATE_QUARTER: busy = (uint32_t)cfg->valu_quarter_cycles; break;
        case ISA_RATE_F64_ADD: busy = (uint32_t)cfg->valu_f64_add_cycles; break;
        case ISA_RATE_F64: busy = (uint32_t)cfg->valu_f64_cycles; break;
        default: busy = (uint32_t)cfg->valu_cycles; break;
        }
        if ((info->flags & ISA_FL_MFMA) && s->mfma && isa_target_cdna(w->isa.target)) {
            /* The matrix core (mfma_timing.h): it is held for the MFMA's passes, the VALU issue
             * port for as long as the MFMA keeps independent VALU instructions from issuing. */
            const mfma_time_t *m = &s->mfma[(size_t)in->op * 3 + (w->isa.target - ISA_TARGET_GFX908)];
            if (m->cycles) {
                busy = m->valu;
                mfma = m->cycles;
                cu->mfma_free[w->simd] = c + mfma;
                tw_mfma_rec_t *r = &w->mfma[w->mfma_head];
                w->mfma_head = (uint8_t)((w->mfma_head + 1) % TW_MFMA_RING);
                *r = (tw_mfma_rec_t){ c, in->vdst.code, (uint16_t)(in->vdst.count ? in->vdst.count : 1), m->cycles,
                                      m->flags };
                uint64_t until = c + (uint64_t)MFMA_WS_CYCLES * (mfma_wait_states_max(w->isa.target, m) + 1);
                until = until > c + mfma ? until : c + mfma;
                w->mfma_until = until > w->mfma_until ? until : w->mfma_until;
            }
        }
        cu->valu_free[w->simd] = c + busy;
        /* the wave's last VALU or MFMA result: an MFMA's outlasts the VALU instructions after it */
        if (c + (mfma > busy ? mfma : busy) > w->valu_done)
            w->valu_done = c + (mfma > busy ? mfma : busy);
        break;
    case ISA_UNIT_SALU:
        w->ready_at = c + (uint64_t)cfg->salu_cycles;
        break;
    case ISA_UNIT_SMEM:
        w->ready_at = c + (uint64_t)cfg->salu_cycles;
        w->lgkm_cnt++;
        if (!(info->flags & (ISA_FL_LOAD | ISA_FL_STORE | ISA_FL_ATOMIC))) {
            /* s_memtime/s_memrealtime: no data moves, the counter's own round trip
             * (scalar.memtime_latency; mt4g times it apart from a scalar-cache hit). s_dcache_inv*
             * and s_dcache_wb* also empty (write back) the scalar cache: done no sooner than the
             * last write-back's acknowledgement. */
            bool clock = in->op == ISA_s_memtime || in->op == ISA_s_memrealtime;
            uint64_t done = c + (uint64_t)(clock ? cfg->scalar_memtime_latency : cfg->scalar_latency);
            bool inv = in->op == ISA_s_dcache_inv || in->op == ISA_s_dcache_inv_vol;
            if (inv || in->op == ISA_s_dcache_wb || in->op == ISA_s_dcache_wb_vol) {
                uint64_t t = mem_scalar_flush(&s->mem, w->cu, c, inv);
                done = t > done ? t : done;
            }
            lgkm_done = done;
            schedule_done(s, w, lgkm_done, false);
            break;
        }
        if (info->flags & (ISA_FL_STORE | ISA_FL_ATOMIC)) /* gfx9's scalar atomics: as a store, to the L2 */
            mem_scalar_store(&s->mem, w->cu, res.addr[0], info->mem_bytes, c, &macc);
        else
            mem_scalar(&s->mem, w->cu, res.addr[0], info->mem_bytes, c, &macc);
        lgkm_done = macc.done;
        schedule_done(s, w, macc.done, false);
        mrec = &macc;
        break;
    case ISA_UNIT_BRANCH:
        w->ready_at = c + (uint64_t)(res.branch_taken ? cfg->branch_taken_cycles : cfg->branch_not_taken_cycles);
        break;
    case ISA_UNIT_LDS: {
        uint32_t cycles = ldst_cycles(&s->ldst, in, &res);
        cu->lds_free = c + cycles;
        w->lgkm_cnt++;
        lgkm_done = c + cycles + (uint64_t)cfg->lds_latency;
        schedule_done(s, w, lgkm_done, false);
        break;
    }
    case ISA_UNIT_VMEM: {
        const mem_access_t *a;
        uint64_t t;
        w->vm_cnt++;
        if (mem_vector(&s->mem, w->cu, info, &res, c, &a, &t)) {
            cu->vmem_free = t;
            vmem_done(s, w, a);
            mrec = a;
        } else {
            /* Lines still to hand to the L1 at their cycles: the address unit holds them. */
            cu->vmem_free = TW_NEVER;
            cu->vmem_wave = w;
            cu->vmem_pc = at;
            if (!eng_schedule(&s->eng, t, 0, EV_VMEM_RESUME, w->cu, NULL))
                s->status = 3;
        }
        break;
    }
    case ISA_UNIT_SEQ:
    case ISA_NUM_UNITS:
        break;
    }
    if (mem && !wb_issue_end(w->wb, &w->isa, info->unit == ISA_UNIT_VMEM, lgkm_done, res.lanes))
        s->status = 3;
    if (hz)
        hz_issue_end(s, w, in, &res, c);

    tw_emit_issue(s, w, c, info->unit, in->op, w->inst_base + at, busy, mfma);
    if (mrec)
        emit_mem(s, w, at, mrec);

    if (info->unit == ISA_UNIT_SEQ) {
        uint32_t imm = (uint32_t)in->simm16;
        switch ((isa_op_t)in->op) {
        case ISA_s_waitcnt:
            w->wait_vm = isa_waitcnt_vm_on(in->simm16, w->isa.target); /* 6 bits on gfx9 */
            w->wait_lgkm = isa_waitcnt_lgkm(in->simm16);
            if (w->vm_cnt > w->wait_vm)
                tw_set_state(s, w, TEV_WAVE_WAIT_VM, c + 1);
            else if (w->lgkm_cnt > w->wait_lgkm)
                tw_set_state(s, w, TEV_WAVE_WAIT_LGKM, c + 1);
            break;
        case ISA_s_barrier:
            tw_barrier_arrive(s, w, c);
            break;
        case ISA_s_endpgm:
            /* The wave ends when its memory operations are done and its last VALU instruction has
             * left the SIMD (its registers are still being written until then). */
            if (w->vm_cnt + w->lgkm_cnt == 0 && w->valu_done <= c + 1) {
                tw_wave_end(s, w, c + 1);
                return;
            }
            tw_set_state(s, w, TEV_WAVE_DRAINING, c + 1);
            if (w->valu_done > c + 1 && !eng_schedule(&s->eng, w->valu_done, 0, EV_VALU_DONE, w->cu, w))
                s->status = 3;
            return;
        case ISA_s_nop:
            if ((imm & 7) + 1 > cadence)
                w->ready_at = c + (imm & 7) + 1;
            break;
        case ISA_s_sleep:
            if (64ull * (imm & 0x7f) > cadence)
                w->ready_at = c + 64ull * (imm & 0x7f);
            break;
        case ISA_s_setprio:
            if (w->prio != (imm & 3)) {
                w->prio = (uint8_t)(imm & 3);
                tw_age_resort(cu, w->simd);
            }
            break;
        default:
            break;
        }
    }
    /* w->ready_at was set above (and by a barrier's release): one copy for all */
    cu->rdy_at[w->simd][w->slot] = w->ready_at;
    if (w->state == TEV_WAVE_ELIGIBLE && w->ready_at > c + cadence)
        tw_set_state(s, w, TEV_WAVE_NOINST, c + 1);
}

/* Order the candidate waves of one SIMD (gathered oldest first) by the scheduling policy. */
static void order_candidates(const tw_sim_t *s, const tw_cu_t *cu, uint32_t simd, tw_wave_t **cand, uint32_t n)
{
    int policy = s->cfg->sched_policy;
    if (!cu->last_valid[simd] || n < 2)
        return;
    uint32_t last = cu->last_slot[simd];
    if (policy == CFG_SCHED_GREEDY) {
        for (uint32_t i = 0; i < n; i++)
            if (cand[i]->slot == last) {
                tw_wave_t *x = cand[i];
                memmove(cand + 1, cand, i * sizeof *cand);
                cand[0] = x;
                break;
            }
    } else if (policy == CFG_SCHED_ROUND_ROBIN) {
        /* Slot order, starting after the slot that issued last. */
        for (uint32_t i = 1; i < n; i++) {
            tw_wave_t *x = cand[i];
            uint32_t kx = (x->slot + TW_MAX_SLOTS - last - 1) % TW_MAX_SLOTS;
            uint32_t j = i;
            while (j > 0 && (cand[j - 1]->slot + TW_MAX_SLOTS - last - 1) % TW_MAX_SLOTS > kx) {
                cand[j] = cand[j - 1];
                j--;
            }
            cand[j] = x;
        }
    }
}

/* A wave whose pc ran past the kernel's last instruction cannot issue: fault. */
static void past_end(tw_sim_t *s, tw_wave_t *w)
{
    uint32_t ninsts = w->isa.kernel->ninsts;
    tw_fault(s, w, LAUNCH_FAULT_PC, ninsts ? ninsts - 1 : 0, -1,
             "the wave ran past the last instruction of the kernel (no s_endpgm)");
}

/* The issue stage under the other policies: the ready waves gathered in age order, then put in the
 * policy's order. Not inlined: its candidate array and registers would weigh on every tick. */
static __attribute__((noinline)) bool tick_ordered(tw_sim_t *s, tw_cu_t *cu, uint32_t ci, uint32_t d, uint64_t c)
{
    tw_wave_t *cand[TW_MAX_SLOTS];
    uint32_t n = 0;
    /* The ready waves in age order, in one pass: eligible ones, and those whose refetch or s_nop
     * has ended, which become eligible now (reported in slot order, before anything issues). */
    uint32_t noinst = 0;
    /* The units of the candidates' next instructions (bit per isa_unit_t): without a sequencer
     * instruction among them (it needs no unit), the loop below stops once every category present
     * has issued, as the rest could not. */
    uint32_t units = 0;
    for (uint32_t i = 0; i < cu->nage[d]; i++) {
        uint32_t slot = cu->age[d][i];
        tw_wave_t *w = cu->slot[d][slot];
        if (w->ready_at > c)
            continue;
        if (w->state != TEV_WAVE_ELIGIBLE) {
            if (w->state != TEV_WAVE_NOINST)
                continue;
            noinst |= 1u << slot;
        }
        units |= 1u << w->next_unit;
        cand[n++] = w;
    }
    bool may_stop = !(units & (1u << ISA_UNIT_SEQ));
    uint32_t cats = (units & ~(1u << ISA_UNIT_SMEM)) | ((units >> ISA_UNIT_SMEM & 1u) << ISA_UNIT_SALU);
    for (uint32_t m = noinst; m; m &= m - 1) {
        tw_wave_t *w = cu->slot[d][__builtin_ctz(m)];
        tw_set_state(s, w, TEV_WAVE_ELIGIBLE, w->ready_at);
    }
    order_candidates(s, cu, d, cand, n);
    uint32_t used = 0; /* categories that issued (bit per isa_unit_t) */
    for (uint32_t i = 0; i < n && s->status == 0; i++) {
        tw_wave_t *w = cand[i];
        const isa_inst_t *in = w->next;
        if (!in) {
            past_end(s, w);
            return false;
        }
        isa_unit_t unit = (isa_unit_t)w->next_unit, cat = tw_issue_category(unit);
        if (cat != ISA_UNIT_SEQ && (used & (1u << cat)))
            continue;
        if (unit_free_for(s, ci, d, unit, w, c) > c || mfma_wait(s, cu, w, in, c))
            continue;
        issue(s, cu, w, in, c);
        cu->last_slot[d] = w->slot;
        cu->last_valid[d] = true;
        if (cat != ISA_UNIT_SEQ) {
            used |= 1u << cat;
            if (may_stop && (cats & ~used) == 0)
                break;
        }
    }
    return true;
}

/* The issue stage under the oldest-first policy (or before a SIMD's first issue, when every policy
 * is oldest first): the waves in age order, read only while they might issue (tw_ready_next). */
static bool tick_oldest(tw_sim_t *s, tw_cu_t *cu, uint32_t ci, uint32_t d, uint64_t c)
{
    /* The age order as it was at the start: an issue may change it (s_setprio re-sorts, a wave's
     * end removes it), and the waves that may issue are those of the start. */
    uint8_t ord[TW_MAX_SLOTS];
    uint32_t n = cu->nage[d], i = 0;
    memcpy(ord, cu->age[d], sizeof ord);
    uint32_t left = cu->rdy_active[d];
    /* Ready waves waiting for their refetch or s_nop become eligible now, in slot order, before
     * anything issues. */
    for (uint32_t m = left & cu->rdy_noinst[d]; m; m &= m - 1) {
        uint32_t slot = (uint32_t)__builtin_ctz(m);
        if (cu->rdy_at[d][slot] <= c)
            tw_set_state(s, cu->slot[d][slot], TEV_WAVE_ELIGIBLE, cu->rdy_at[d][slot]);
    }
    int slot;
    while (s->status == 0 && (slot = tw_ready_next(cu, d, c, ord, n, &i, &left)) >= 0) {
        tw_wave_t *w = cu->slot[d][slot];
        const isa_inst_t *in = w->next;
        if (!in) {
            past_end(s, w);
            return false;
        }
        isa_unit_t unit = (isa_unit_t)w->next_unit, cat = tw_issue_category(unit);
        if (unit_free_for(s, ci, d, unit, w, c) > c || mfma_wait(s, cu, w, in, c))
            continue;
        issue(s, cu, w, in, c);
        cu->last_slot[d] = w->slot;
        cu->last_valid[d] = true;
        if (cat != ISA_UNIT_SEQ)
            left &= ~cu->rdy_cat[d][cat]; /* the rest of its category could not issue */
    }
    return true;
}

uint64_t tw_cu_tick(tw_sim_t *s, uint32_t ci, uint64_t c)
{
    tw_cu_t *cu = &s->cus[ci];
    uint32_t d = tw_simd_at(s, c);
    if (s->cfg->sched_policy == CFG_SCHED_OLDEST || !cu->last_valid[d]) {
        if (!tick_oldest(s, cu, ci, d, c))
            return TW_NEVER;
    } else if (!tick_ordered(s, cu, ci, d, c)) {
        return TW_NEVER;
    }
    if (s->status != 0)
        return TW_NEVER;
    /* Sleep until the first cycle at which some wave could issue. SIMDs are visited in the order
     * their slots come after c: the k-th can issue at c + k at the earliest, so once a wave is
     * found that can issue by then, no later SIMD can do better (a busy CU looks at one SIMD). */
    uint64_t next = TW_NEVER;
    for (uint32_t k = 1; k <= s->simds && next > c + k; k++) {
        uint32_t e = tw_simd_at(s, c + k);
        /* c + k is this SIMD's first slot after c: a wave that can issue then ends the search. */
        /* the waves that may issue, from the CU's compact copy (timing_state.h) */
        for (uint32_t m = cu->rdy_active[e]; m && next > c + k; m &= m - 1) {
            uint32_t i = (uint32_t)__builtin_ctz(m);
            uint64_t t = cu->rdy_at[e][i] > c + 1 ? cu->rdy_at[e][i] : c + 1;
            isa_unit_t un = (isa_unit_t)cu->rdy_unit[e][i];
            uint64_t u = un == ISA_UNIT_VALU && cu->mfma_free[e] > t ? valu_free_for(cu, e, cu->slot[e][i]->next)
                                                                      : unit_free_at(s, ci, e, un, t);
            if (u == TW_NEVER)
                continue; /* the address unit is held; its resumption wakes the CU */
            if (u > t)
                t = u;
            t = tw_simd_slot(s, e, t);
            if (t < next)
                next = t;
        }
    }
    return next;
}

void tw_mem_done(tw_sim_t *s, tw_wave_t *w, bool vm, uint64_t c)
{
    /* its results reach the registers now (writeback.h) */
    if (!wb_complete(w->wb, &w->isa, vm, c))
        s->status = 3;
    if (vm)
        w->vm_cnt--;
    else
        w->lgkm_cnt--;
    if (w->state == TEV_WAVE_WAIT_VM || w->state == TEV_WAVE_WAIT_LGKM) {
        if (w->vm_cnt > w->wait_vm) {
            tw_set_state(s, w, TEV_WAVE_WAIT_VM, c);
        } else if (w->lgkm_cnt > w->wait_lgkm) {
            tw_set_state(s, w, TEV_WAVE_WAIT_LGKM, c);
        } else {
            tw_set_ready(&s->cus[w->cu], w, c);
            tw_set_state(s, w, TEV_WAVE_ELIGIBLE, c);
            tw_wake_cu(s, w->cu, tw_simd_slot(s, w->simd, c));
        }
    } else if (w->state == TEV_WAVE_DRAINING && w->vm_cnt + w->lgkm_cnt == 0 && w->valu_done <= c) {
        tw_wave_end(s, w, c);
    }
}

void tw_valu_done(tw_sim_t *s, tw_wave_t *w, uint64_t c)
{
    if (w->state == TEV_WAVE_DRAINING && w->vm_cnt + w->lgkm_cnt == 0)
        tw_wave_end(s, w, c);
}
