/* functional: the functional run (no time; gcnsim run --functional). Dispatches run in file order
 * (the functional model has no time, so `after` changes nothing), each one's workgroups one after
 * another in row-major order (x fastest). Within a workgroup each wave runs until it ends or
 * reaches s_barrier; when every wave that has not ended waits at the barrier they are all released
 * (a wave that has ended no longer counts, as S_BARRIER is specified: GCN3 ISA manual, section
 * 12.5). Every result is in place at issue: there is no write-back queue (writeback.h). */
#include "machine/functional.h"

#include "base/interrupt.h"

#include <stdlib.h>
#include <string.h>

typedef enum { W_RUN, W_BARRIER, W_END } wstate_t;

/* Run one wave until it ends, reaches a barrier (in a multi-wave workgroup) or faults. */
static int run_wave(launch_t *L, uint32_t di, isa_wave_t *w, wstate_t *st, uint32_t nwaves, const uint32_t wg[3],
                    uint32_t wave)
{
    const isa_kernel_t *k = L->dispatches[di].kernel;
    isa_exec_result_t res;
    for (;;) {
        if (w->pc >= k->ninsts) {
            char msg[120];
            snprintf(msg, sizeof msg, "the wave ran past the last instruction of the kernel (no s_endpgm)");
            return launch_record_fault(L, LAUNCH_FAULT_PC, di, wg, wave, k->ninsts ? k->ninsts - 1 : 0, -1, msg);
        }
        if (L->insts_total - L->progress_at >= L->stall_window || L->insts_total >= L->max_instructions) {
            char msg[200];
            if (launch_check_limit(L, msg, sizeof msg))
                return launch_record_fault(L, LAUNCH_FAULT_LIMIT, di, wg, wave, w->pc, -1, msg);
        }
        const isa_inst_t *in = &k->insts[w->pc];
        uint32_t at = w->pc;
        isa_exec(w, in, &res);
        if (res.status == ISA_EXEC_FAULT) {
            launch_record_fault(L, LAUNCH_FAULT_EXEC, di, wg, wave, at, res.fault_lane, res.fault_msg);
            L->fault.isa_fault = res.fault;
            L->fault.addr = res.fault_addr;
            return 2;
        }
        L->insts_total++;
        L->insts_per_unit[isa_ops[in->op].unit]++;
        if (res.status == ISA_EXEC_END) {
            *st = W_END;
            return 0;
        }
        if (res.status == ISA_EXEC_BARRIER && nwaves > 1) {
            *st = W_BARRIER;
            return 0;
        }
    }
}

static int run_workgroup(launch_t *L, uint32_t di, isa_wave_t *waves, wstate_t *st, uint32_t *vgprs, uint8_t *lds,
                         const uint32_t wg[3], const uint32_t size[3])
{
    const launch_dispatch_t *D = &L->dispatches[di];
    uint32_t items = size[0] * size[1] * size[2];
    uint32_t nwaves = (items + ISA_WAVE_SIZE - 1) / ISA_WAVE_SIZE;
    memset(lds, 0, D->lds_total ? D->lds_total : 1);
    for (uint32_t i = 0; i < nwaves; i++) {
        launch_wave_init(L, D, &waves[i], vgprs + (size_t)i * D->nvreg * ISA_WAVE_SIZE, lds, wg, size, i);
        waves[i].clock_src = &L->insts_total; /* what s_memtime reads in the functional mode (no time here) */
        st[i] = W_RUN;
    }
    L->waves_run += nwaves;
    for (;;) {
        for (uint32_t i = 0; i < nwaves; i++)
            if (st[i] == W_RUN && run_wave(L, di, &waves[i], &st[i], nwaves, wg, i))
                return 2;
        /* Every wave has now ended or waits: the barrier waits only for the waves that have not
         * ended (GCN3 ISA manual, S_BARRIER), so the waiting ones are released. */
        bool waiting = false;
        for (uint32_t i = 0; i < nwaves; i++)
            waiting |= st[i] == W_BARRIER;
        if (!waiting)
            return 0;
        for (uint32_t i = 0; i < nwaves; i++)
            if (st[i] == W_BARRIER)
                st[i] = W_RUN;
    }
}

int functional_run(launch_t *L)
{
    uint32_t max_waves = 1;
    for (uint32_t i = 0; i < L->ndispatches; i++) {
        const uint32_t *wg = L->dispatches[i].wl->wg;
        uint32_t n = (wg[0] * wg[1] * wg[2] + ISA_WAVE_SIZE - 1) / ISA_WAVE_SIZE;
        if (n > max_waves)
            max_waves = n;
    }
    uint32_t max_lds = launch_max_lds(L);
    /* Workgroups run one at a time: the waves of the largest are all that run at once. */
    launch_set_stall_window(L, max_waves);
    isa_wave_t *waves = calloc(max_waves, sizeof *waves);
    wstate_t *st = calloc(max_waves, sizeof *st);
    uint32_t *vgprs = malloc((size_t)max_waves * launch_max_nvgpr(L) * ISA_WAVE_SIZE * sizeof *vgprs);
    uint8_t *lds = malloc(max_lds ? max_lds : 1);
    int rc = 0;
    if (!waves || !st || !vgprs || !lds) {
        fputs("gcnsim: out of memory\n", stderr);
        rc = 3;
    }
    for (uint32_t di = 0; rc == 0 && di < L->ndispatches; di++) {
        const launch_dispatch_t *D = &L->dispatches[di];
        uint32_t id[3];
        for (id[2] = 0; rc == 0 && id[2] < D->wg_count[2]; id[2]++)
            for (id[1] = 0; rc == 0 && id[1] < D->wg_count[1]; id[1]++)
                for (id[0] = 0; rc == 0 && id[0] < D->wg_count[0]; id[0]++) {
                    uint32_t size[3];
                    launch_wg_size(D, id, size);
                    rc = run_workgroup(L, di, waves, st, vgprs, lds, id, size);
                    L->workgroups_run++;
                    L->progress_at = L->insts_total;
                    if (rc == 0 && intr_caught()) /* a signal asked to stop (interrupt.h) */
                        rc = intr_exit_status(intr_caught());
                }
    }
    free(waves);
    free(st);
    free(vgprs);
    free(lds);
    return rc;
}
