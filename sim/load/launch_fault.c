/* launch_fault: what both runs (the functional one, machine/functional.h, and the timing model)
 * share of a launch's end: recording and printing a fault, the runaway detector's window and
 * limits, a workgroup's size. */
#include "load/launch.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

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

void launch_wg_size(const launch_dispatch_t *D, const uint32_t id[3], uint32_t size[3])
{
    for (int d = 0; d < 3; d++) {
        uint32_t left = D->wl->grid[d] - id[d] * D->wl->wg[d];
        size[d] = left < D->wl->wg[d] ? left : D->wl->wg[d];
    }
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
