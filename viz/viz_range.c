/* viz_range: the statistics of a selected cycle range (docs/viewer.md, "Range statistics") and the
 * names the legend and status line use. */
#include "viz_range.h"

#include "viz_mem.h"

const char *viz_state_name(viz_state_t s, bool issues)
{
    static const char *const names[VIZ_NUM_STATES] = {
        [VIZ_NONE] = "free slot",          [VIZ_LAUNCHING] = "launching",
        [VIZ_VALU] = "issuing VALU",       [VIZ_SCALAR] = "issuing scalar",
        [VIZ_VMEM] = "issuing VMEM",       [VIZ_LDS] = "issuing LDS",
        [VIZ_READY] = "ready, not selected", [VIZ_NOINST] = "no instruction",
        [VIZ_WAIT_VM] = "wait vmcnt",      [VIZ_WAIT_LGKM] = "wait lgkmcnt",
        [VIZ_BARRIER] = "barrier",         [VIZ_DRAINING] = "draining",
        [VIZ_HELD] = "held (wg not done)",
    };
    if (s == VIZ_READY && !issues)
        return "eligible (issuing or ready)";   /* without issue records the two cannot be told apart */
    return (unsigned)s < VIZ_NUM_STATES ? names[s] : "?";
}

const char *viz_limiter_name(int cat)
{
    static const char *const names[VIZ_NUM_LIM] = {
        [VIZ_LIM_NONE] = "no record",     [VIZ_LIM_FULL] = "CU full",
        [VIZ_LIM_NO_WORK] = "no work", [VIZ_LIM_LAUNCH] = "launch limited",
        [VIZ_LIM_REFUSED + 0] = "refused: vgpr", [VIZ_LIM_REFUSED + 1] = "refused: sgpr",
        [VIZ_LIM_REFUSED + 2] = "refused: lds",  [VIZ_LIM_REFUSED + 3] = "refused: wave_slots",
        [VIZ_LIM_REFUSED + 4] = "refused: barriers", [VIZ_LIM_REFUSED + 5] = "refused: workgroups",
    };
    return cat >= 0 && cat < VIZ_NUM_LIM ? names[cat] : "?";
}

/* Occupancy is the integral of the resident waves; VALU utilisation the busy intervals' overlap
 * with the range; hidden latency walks the wait runs of every lane in the range and, for each,
 * the other lanes' VALU busy time on its SIMD. */
void viz_range_stats(const viz_model_t *m, uint64_t from, uint64_t to, viz_range_t *out)
{
    *out = (viz_range_t){ .from = from, .to = to };
    if (to <= from)
        return;
    double len = (double)(to - from), resident = 0;
    uint64_t busy = 0;
    for (uint32_t s = 0; s < m->nsimds; s++) {
        resident += viz_step_area(&m->occ[s], (double)to) - viz_step_area(&m->occ[s], (double)from);
        busy += viz_busy_over(&m->busy[s], from, to, UINT32_MAX);
    }
    if (m->h.ncu) {
        out->waves_per_cu = resident / len / m->h.ncu;
        out->occupancy = m->h.max_waves_cu ? out->waves_per_cu / m->h.max_waves_cu : 0;
    }
    for (int k = 0; k < VIZ_NUM_MS; k++)
        out->mem[k] = viz_series_over(m, &m->ms[k], (double)from, (double)to);
    if (m->nsimds)
        out->valu_util = (double)busy / (len * m->nsimds);
    if (m->mfma && m->nsimds) {
        double mf = 0;
        for (uint32_t cu = 0; cu < m->h.ncu; cu++)
            for (uint32_t s = 0; s < m->h.simds; s++)
                mf += viz_series_over(m, &m->cs[(size_t)cu * viz_ncs(m) + VIZ_CS_MFMA + s], (double)from, (double)to);
        out->mfma_util = mf / (len * m->nsimds);
    }
    for (uint32_t li = 0; li < m->nlanes; li++) {
        const viz_lane_t *l = &m->lane[li];
        const viz_busy_t *b = &m->busy[li / m->h.slots];
        size_t i = viz_lane_run_at(l, from);
        if (i == SIZE_MAX)
            i = 0;
        for (; i < l->n && l->t[i] < to; i++) {
            uint32_t st = l->code[i] & ((1u << VIZ_STATE_BITS) - 1);
            if (st != VIZ_WAIT_VM && st != VIZ_WAIT_LGKM)
                continue;
            uint64_t s = l->t[i] > from ? l->t[i] : from;
            uint64_t e = i + 1 < l->n ? l->t[i + 1] : m->end;
            if (e > to)
                e = to;
            if (e <= s)
                continue;
            out->wait_cycles += e - s;
            out->hidden_cycles += viz_busy_over(b, s, e, li);
        }
    }
}
