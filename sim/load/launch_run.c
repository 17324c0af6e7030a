/* launch_run: the functional run loop. Dispatches run in file order (the functional model has no
 * time, so `after` changes nothing), each one's workgroups one after another in row-major order (x
 * fastest). Within a workgroup each wave runs until it ends or reaches s_barrier; when every wave
 * that has not ended waits at the barrier they are all released (a wave that has ended no longer
 * counts, as S_BARRIER is specified: GCN3 ISA manual, section 12.5). */
#include "load/launch.h"

#include "base/interrupt.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

typedef enum { W_RUN, W_BARRIER, W_END } wstate_t;

int launch_record_fault(launch_t *L, launch_fault_kind_t kind, uint32_t dispatch, const uint32_t wg[3], uint32_t wave,
                        uint32_t inst, int lane, const char *msg)
{
    launch_fault_t *f = &L->fault;
    f->kind = kind;
    f->dispatch = dispatch;
    memcpy(f->wg, wg, sizeof f->wg);
    f->wave = wave;
    f->inst = inst;
    f->lane = lane;
    snprintf(f->msg, sizeof f->msg, "%s", msg);
    return 2;
}

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
        launch_wave_init(L, D, &waves[i], vgprs + (size_t)i * D->nvgpr * ISA_WAVE_SIZE, lds, wg, size, i);
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

void launch_wg_size(const launch_dispatch_t *D, const uint32_t id[3], uint32_t size[3])
{
    for (int d = 0; d < 3; d++) {
        uint32_t left = D->wl->grid[d] - id[d] * D->wl->wg[d];
        size[d] = left < D->wl->wg[d] ? left : D->wl->wg[d];
    }
}

int launch_run(launch_t *L)
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

void launch_set_stall_window(launch_t *L, uint64_t resident_waves)
{
    L->progress_at = L->insts_total;
    if (L->max_instructions != UINT64_MAX) { /* a hard cap replaces the detector */
        L->stall_window = UINT64_MAX;
        return;
    }
    uint64_t ninsts = 0;
    for (uint32_t i = 0; i < L->nkernels; i++)
        if (L->kernels[i].kernel->ninsts > ninsts)
            ninsts = L->kernels[i].kernel->ninsts;
    uint64_t per_wave = LAUNCH_ALLOWANCE_PER_INST * ninsts;
    if (per_wave < LAUNCH_MIN_WAVE_ALLOWANCE)
        per_wave = LAUNCH_MIN_WAVE_ALLOWANCE;
    if (resident_waves == 0)
        resident_waves = 1;
    L->stall_window = per_wave > UINT64_MAX / resident_waves ? UINT64_MAX : per_wave * resident_waves;
}

int launch_check_limit(const launch_t *L, char *msg, size_t n)
{
    if (L->insts_total >= L->max_instructions) {
        snprintf(msg, n, "more than %" PRIu64 " wave instructions executed (the --max-instructions cap)",
                 L->max_instructions);
        return LAUNCH_FAULT_LIMIT;
    }
    if (L->stall_window && L->insts_total - L->progress_at >= L->stall_window) {
        snprintf(msg, n, "no workgroup finished in %" PRIu64 " wave instructions: a runaway loop? (the window "
                 "scales with the launch; --max-instructions N sets a hard cap instead)", L->stall_window);
        return LAUNCH_FAULT_LIMIT;
    }
    return 0;
}

const char *launch_fault_name(const launch_fault_t *f)
{
    switch (f->kind) {
    case LAUNCH_FAULT_NONE: return "no fault";
    case LAUNCH_FAULT_LIMIT: return "instruction limit";
    case LAUNCH_FAULT_PC: return "pc out of range";
    case LAUNCH_FAULT_CYCLES: return "cycle limit";
    case LAUNCH_FAULT_EXEC: break;
    }
    switch (f->isa_fault) {
    case ISA_FAULT_UNMAPPED: return "unmapped address";
    case ISA_FAULT_LDS_BOUNDS: return "LDS out of bounds";
    case ISA_FAULT_MISALIGNED: return "misaligned access";
    case ISA_FAULT_ILLEGAL: return "illegal instruction";
    default: return "fault";
    }
}

void launch_print_fault(const launch_t *L, FILE *out)
{
    const launch_fault_t *f = &L->fault;
    const launch_dispatch_t *D = &L->dispatches[f->dispatch < L->ndispatches ? f->dispatch : 0];
    const isa_kernel_t *k = D->kernel;
    char text[160] = "?";
    uint32_t pc = 0, line = 0;
    if (f->inst < k->ninsts) {
        const isa_inst_t *in = &k->insts[f->inst];
        isa_format_inst(k, in, text, sizeof text);
        pc = in->pc;
        line = in->line;
    }
    if (line) /* 0: a kernel read from a code object, which has no source lines (the pc follows) */
        fprintf(out, "%s:%" PRIu32 ": fault: %s: %s\n", L->wl->source, line, launch_fault_name(f), f->msg);
    else
        fprintf(out, "%s: fault: %s: %s\n", L->wl->source, launch_fault_name(f), f->msg);
    fprintf(out, "  kernel %s", k->name);
    if (L->ndispatches > 1) {
        char sec[WL_NAME_MAX + 16];
        fprintf(out, " (dispatch %" PRIu32 ", %s)", f->dispatch, wl_dispatch_section(D->wl, sec, sizeof sec));
    }
    fprintf(out, ", workgroup (%" PRIu32 ",%" PRIu32 ",%" PRIu32 "), wave %" PRIu32, f->wg[0], f->wg[1], f->wg[2], f->wave);
    if (f->lane >= 0)
        fprintf(out, ", lane %d", f->lane);
    fprintf(out, ", pc 0x%" PRIx32 ": %s\n", pc, text);
    if (f->kind == LAUNCH_FAULT_EXEC && f->isa_fault == ISA_FAULT_UNMAPPED) {
        char where[256];
        launch_describe_address(L, f->addr, where, sizeof where);
        fprintf(out, "  the address is %s\n", where);
    }
}

/* How a region reads in a message: a buffer with its type, count and element range; the others
 * (code, dispatch packets, kernarg segments) by name. */
static void describe_region(const launch_t *L, const gmem_region_t *r, char *buf, size_t n)
{
    for (uint32_t i = 0; i < L->wl->nbuffers; i++) {
        const wl_buffer_t *b = &L->wl->buffers[i];
        if (L->bufs[i].addr != r->base)
            continue;
        uint32_t es = wl_type_size(b->type);
        uint64_t last = r->base + (b->count ? (b->count - 1) * (uint64_t)es : 0);
        snprintf(buf, n, "buffer '%s' (%s[%" PRIu64 "], 0x%" PRIx64 "..0x%" PRIx64 ")", b->name, wl_type_name(b->type),
                 (uint64_t)b->count, r->base, last);
        return;
    }
    snprintf(buf, n, "the %s (0x%" PRIx64 "..0x%" PRIx64 ")", r->name, r->base, r->base + r->size - 1);
}

void launch_describe_address(const launch_t *L, uint64_t addr, char *buf, size_t n)
{
    const gmem_t *m = &L->mem;
    const gmem_region_t *below = NULL, *above = NULL;
    for (uint32_t i = 0; i < m->nregions; i++) {
        const gmem_region_t *r = &m->regions[i];
        if (r->base <= addr)
            below = r;
        else if (!above)
            above = r;
    }
    char what[200];
    if (below && addr < below->base + below->size) {
        /* Inside a region, yet unmapped: the access straddles its end. */
        describe_region(L, below, what, sizeof what);
        snprintf(buf, n, "%" PRIu64 " bytes into %s, running past its end", addr - below->base, what);
        return;
    }
    uint64_t past = below ? addr - (below->base + below->size) : UINT64_MAX;
    uint64_t before = above ? above->base - addr : UINT64_MAX;
    if (below && past == 0) {
        describe_region(L, below, what, sizeof what);
        snprintf(buf, n, "just past the end of %s", what);
    } else if (below && past <= before) {
        describe_region(L, below, what, sizeof what);
        snprintf(buf, n, "%" PRIu64 " %s past the end of %s", past, past == 1 ? "byte" : "bytes", what);
    } else if (above) {
        describe_region(L, above, what, sizeof what);
        snprintf(buf, n, "%" PRIu64 " %s before the start of %s", before, before == 1 ? "byte" : "bytes", what);
    } else
        snprintf(buf, n, "in no mapped region");
}
