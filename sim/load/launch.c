/* launch: preparing a workload's dispatches — each one's kernel (picked by kprogram), memory map,
 * buffers, kernel arguments, the AQL dispatch packets — and the kernel entry state of a wave (see
 * launch.h, docs/workloads.md). */
#include "load/launch.h"

#include "common/le.h"
#include "load/kprogram.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static uint32_t align_up32(uint32_t v, uint32_t a) { return (v + a - 1) / a * a; }

/* The scalar type a by-value argument has in the metadata (for bare values in the workload). */
static wl_type_t meta_scalar_type(const isa_kernel_arg_t *ka)
{
    const char *t = ka->type_name;
    bool is_float = strstr(t, "float") || strstr(t, "double") || strstr(t, "half");
    bool is_unsigned = t[0] == 'u' || strstr(t, "unsigned") || strstr(t, "bool") || strstr(t, "size_t");
    switch (ka->size) {
    case 1: return is_unsigned ? WL_U8 : WL_I8;
    case 2: return is_float ? WL_NUM_TYPES : is_unsigned ? WL_U16 : WL_I16;
    case 4: return is_float ? WL_F32 : is_unsigned ? WL_U32 : WL_I32;
    case 8: return is_float ? WL_F64 : is_unsigned ? WL_U64 : WL_I64;
    default: return WL_NUM_TYPES;
    }
}

static const char *kind_text(isa_arg_kind_t k)
{
    switch (k) {
    case ISA_ARG_GLOBAL_BUFFER: return "a global buffer (@BUFFER)";
    case ISA_ARG_DYNAMIC_SHARED_POINTER: return "a __local pointer (lds:BYTES)";
    case ISA_ARG_BY_VALUE: return "a value (TYPE:VALUE or a number)";
    default: return "an unsupported kind";
    }
}

static const char *given_text(const wl_arg_t *a)
{
    switch (a->kind) {
    case WL_ARG_BUFFER: return "a buffer";
    case WL_ARG_LDS: return "lds:";
    default: return "a value";
    }
}

/* Write one workload argument at `off` (size bytes), checking it against what the kernel expects. */
static bool put_arg(launch_t *L, const launch_dispatch_t *D, const wl_arg_t *a, const isa_kernel_arg_t *ka,
                    uint32_t off, uint32_t size, uint32_t *lds_next, uint8_t *seg, FILE *err)
{
    const wl_workload_t *wl = L->wl;
    if (a->kind == WL_ARG_BUFFER) {
        le_put(seg + off, size, L->bufs[a->buffer].addr);
    } else if (a->kind == WL_ARG_LDS) {
        uint32_t at = align_up32(*lds_next, 16);
        if ((uint64_t)at + a->lds_bytes > 65536) {
            uint64_t need = (uint64_t)at + a->lds_bytes;
            wl_error(err, wl, a->line, "argument '%s': LDS would need %" PRIu64 " bytes (%" PRIu32 " static + %" PRIu64
                 " dynamic); at most 65536", a->name, need, D->lds_static, need - D->lds_static);
            return false;
        }
        le_put(seg + off, size, at);
        *lds_next = at + a->lds_bytes;
    } else {
        uint64_t bits = a->bits;
        if (!a->typed) {
            wl_type_t t = ka ? meta_scalar_type(ka) : WL_NUM_TYPES;
            if (t == WL_NUM_TYPES) {
                if (ka)
                    wl_error(err, wl, a->line, "argument '%s': cannot tell the type of '%s' (%s, %" PRIu32
                         " bytes); write TYPE:VALUE", a->name, ka->type_name, ka->name, ka->size);
                else
                    wl_error(err, wl, a->line, "argument '%s' = '%s' needs a type (e.g. u32:%s or f32:%s): "
                         "the kernel has no .amdgpu_metadata", a->name, a->text, a->text, a->text);
                return false;
            }
            char msg[200];
            if (!wl_parse_scalar(t, a->text, &bits, msg, sizeof msg)) {
                wl_error(err, wl, a->line, "argument '%s' (%s %s): %s", a->name, ka->type_name, ka->name, msg);
                return false;
            }
        }
        le_put(seg + off, size, bits);
    }
    return true;
}

/* The value of a hidden (implicit) kernel argument, by its metadata value kind (LLVM's AMDGPUUsage,
 * code object v4 and v5; docs/kernels.md, "Implicit arguments"). Grid and workgroup sizes are those
 * of the dispatch packet; gcnsim launches without a global offset, and what it does not model (a
 * queue, printf and hostcall buffers, the heap, flat apertures onto LDS and scratch) reads as 0. */
static uint64_t hidden_value(const launch_dispatch_t *D, const char *vk, uint32_t dyn_lds)
{
    const wl_dispatch_t *wd = D->wl;
    static const char *const per_dim[] = { "hidden_block_count_", "hidden_group_size_", "hidden_remainder_" };
    for (int f = 0; f < 3; f++) {
        size_t n = strlen(per_dim[f]);
        if (strncmp(vk, per_dim[f], n) != 0 || vk[n] < 'x' || vk[n] > 'z' || vk[n + 1] != '\0')
            continue;
        int d = vk[n] - 'x';
        uint64_t grid = wd->grid[d], wg = wd->wg[d];
        /* Full workgroups and the partial one's size: the device libraries count the partial
         * workgroup as block_count + (remainder != 0), the global size as count * size + remainder. */
        return f == 0 ? grid / wg : f == 1 ? wg : grid % wg;
    }
    if (strcmp(vk, "hidden_grid_dims") == 0)
        return wd->grid_dims > wd->wg_dims ? wd->grid_dims : wd->wg_dims;
    if (strcmp(vk, "hidden_dynamic_lds_size") == 0)
        return dyn_lds;
    return 0;
}

/* Lay out D's arguments into a zeroed segment of at least `cap` bytes; sets its kernarg_bytes and
 * lds_total. */
static bool layout_args(launch_t *L, launch_dispatch_t *D, uint8_t *seg, uint32_t cap, FILE *err)
{
    const wl_workload_t *wl = L->wl;
    const wl_dispatch_t *wd = D->wl;
    const isa_kernel_t *k = D->kernel;
    uint32_t lds_next = D->lds_static, end = 0;
    if (!k->has_metadata) {
        for (uint32_t i = 0; i < wd->nargs; i++) {
            const wl_arg_t *a = &wd->args[i];
            uint32_t size = a->kind == WL_ARG_BUFFER ? 8 : a->kind == WL_ARG_LDS ? 4 : a->typed ? wl_type_size(a->type) : 0;
            uint32_t off = size ? align_up32(end, size) : end;
            if (off + size > cap) {
                wl_error(err, wl, a->line, "internal: kernarg segment overflow");
                return false;
            }
            if (!put_arg(L, D, a, NULL, off, size, &lds_next, seg, err))
                return false;
            end = off + size;
        }
        D->kernarg_bytes = align_up32(end, 8);
        D->lds_total = lds_next;
        return true;
    }
    uint32_t nexplicit = 0;
    for (uint32_t i = 0; i < k->nargs; i++)
        nexplicit += k->args[i].kind != ISA_ARG_HIDDEN;
    if (nexplicit != wd->nargs) {
        char list[512] = "";
        for (uint32_t i = 0; i < k->nargs; i++)
            if (k->args[i].kind != ISA_ARG_HIDDEN)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", list[0] ? ", " : "", k->args[i].name);
        wl_error(err, wl, wd->nargs ? wd->args[0].line : wd->line, "kernel '%s' takes %" PRIu32 " argument%s (%s); the workload's "
             "[args%s%s] gives %" PRIu32, k->name, nexplicit, nexplicit == 1 ? "" : "s", list, wd->label[0] ? " " : "",
             wd->label, wd->nargs);
        return false;
    }
    uint32_t wi = 0;
    for (uint32_t i = 0; i < k->nargs; i++) {
        const isa_kernel_arg_t *ka = &k->args[i];
        if ((uint64_t)ka->offset + ka->size > cap) {
            wl_error(err, wl, 0, "kernel '%s' argument '%s' lies beyond the kernarg segment", k->name, ka->name);
            return false;
        }
        if (ka->offset + ka->size > end)
            end = ka->offset + ka->size;
        if (ka->kind == ISA_ARG_HIDDEN) {
            /* After every explicit argument in the metadata, so lds_next holds all dynamic LDS. */
            le_put(seg + ka->offset, ka->size < 8 ? ka->size : 8, hidden_value(D, ka->value_kind, lds_next - D->lds_static));
            continue;
        }
        const wl_arg_t *a = &wd->args[wi++];
        bool ok;
        switch (ka->kind) {
        case ISA_ARG_GLOBAL_BUFFER: ok = a->kind == WL_ARG_BUFFER && ka->size == 8; break;
        case ISA_ARG_DYNAMIC_SHARED_POINTER: ok = a->kind == WL_ARG_LDS; break;
        case ISA_ARG_BY_VALUE: ok = a->kind == WL_ARG_SCALAR; break;
        default:
            wl_error(err, wl, a->line, "kernel argument '%s' has kind '%s', which gcnsim does not support",
                 ka->name, ka->value_kind);
            return false;
        }
        if (!ok) {
            wl_error(err, wl, a->line, "argument '%s': the kernel's argument %" PRIu32 " ('%s', %s) is %s, not %s",
                 a->name, wi, ka->name, ka->type_name, kind_text(ka->kind), given_text(a));
            return false;
        }
        /* The assembler names an argument "argN" when the metadata gives no .name: nothing to check. */
        char synth[16];
        snprintf(synth, sizeof synth, "arg%" PRIu32, i);
        if (ka->name[0] && strcmp(ka->name, synth) != 0 && strcmp(ka->name, a->name) != 0) {
            wl_error(err, wl, a->line, "argument %" PRIu32 " is '%s' in the workload but '%s' in kernel '%s' "
                 "(arguments are given in declaration order)", wi, a->name, ka->name, k->name);
            return false;
        }
        if (a->kind == WL_ARG_SCALAR && a->typed && wl_type_size(a->type) != ka->size) {
            wl_error(err, wl, a->line, "argument '%s' is %s (%" PRIu32 " bytes) but the kernel's '%s' (%s) is %" PRIu32 " bytes",
                 a->name, wl_type_name(a->type), wl_type_size(a->type), ka->name, ka->type_name, ka->size);
            return false;
        }
        if (!put_arg(L, D, a, ka, ka->offset, ka->size, &lds_next, seg, err))
            return false;
    }
    D->kernarg_bytes = align_up32(end, 8);
    D->lds_total = lds_next;
    return true;
}

/* Whether everything to be mapped fits the memory limit, checked before anything is allocated so
 * that two buffers of 2 GiB fail at once instead of after the first is filled. `fixed` is what is
 * mapped before the buffers (code, packets, kernargs). The message is the one gmem would give. */
static bool buffers_fit(const launch_t *L, uint64_t fixed, FILE *err)
{
    const wl_workload_t *wl = L->wl;
    uint64_t total = fixed;
    for (uint32_t i = 0; i < wl->nbuffers; i++) {
        const wl_buffer_t *b = &wl->buffers[i];
        /* wl_load keeps count * size below 2^47, and total stays at most the limit: no wrap. */
        uint64_t bytes = b->count * wl_type_size(b->type);
        if (bytes > L->mem.limit || total > L->mem.limit - bytes) {
            wl_error(err, wl, b->line, "buffer '%s' needs %" PRIu64 " bytes, more than the memory limit of %" PRIu64
                 " bytes (%" PRIu64 " already mapped)", b->name, bytes, L->mem.limit, total);
            return false;
        }
        total += bytes;
    }
    return true;
}

static bool map_buffers(launch_t *L, FILE *err)
{
    const wl_workload_t *wl = L->wl;
    L->bufs = calloc(wl->nbuffers ? wl->nbuffers : 1, sizeof *L->bufs);
    if (!L->bufs)
        return false;
    uint64_t next = GMEM_BUFFER_BASE;
    char msg[300];
    for (uint32_t i = 0; i < wl->nbuffers; i++) {
        const wl_buffer_t *b = &wl->buffers[i];
        launch_buffer_t *lb = &L->bufs[i];
        lb->bytes = b->count * wl_type_size(b->type);
        lb->data = gmem_map_next(&L->mem, b->name, next, lb->bytes, &lb->addr, msg, sizeof msg);
        if (!lb->data) {
            wl_error(err, wl, b->line, "buffer %s", msg);
            return false;
        }
        if (!wl_buffer_fill(b, lb->data, msg, sizeof msg)) {
            wl_error(err, wl, b->line, "%s", msg);
            return false;
        }
        next = lb->addr + lb->bytes;
    }
    return true;
}

/* The 64-byte AQL kernel dispatch packet (hsa_kernel_dispatch_packet_t). */
static void fill_dispatch(const launch_dispatch_t *D, uint8_t *p)
{
    const wl_dispatch_t *wd = D->wl;
    uint32_t dims = wd->grid_dims > wd->wg_dims ? wd->grid_dims : wd->wg_dims;
    le_put(p + 0, 2, 2);                 /* header: HSA_PACKET_TYPE_KERNEL_DISPATCH */
    le_put(p + 2, 2, dims);              /* setup: dimensions */
    for (int d = 0; d < 3; d++) {
        le_put(p + 4 + 2 * d, 2, wd->wg[d]);
        le_put(p + 12 + 4 * d, 4, wd->grid[d]);
    }
    le_put(p + 24, 4, D->kernel->desc.private_segment_fixed_size); /* private segment size */
    le_put(p + 28, 4, D->lds_total);     /* group segment size */
    /* hsa.h's layout: kernel_object at +32, kernarg_address at +40, reserved2 at +48 and the
     * completion signal at +56 (0: none). */
    le_put(p + 32, 8, D->code_addr);
    le_put(p + 40, 8, D->kernarg_addr);
}

/* The fewest VGPRs kernel k can run with: one past the highest VGPR an instruction touches, and
 * the work-item id VGPRs the hardware writes (v0..v2). Below its .amdhsa_next_free_vgpr when the
 * descriptor reserves more than the code uses. */
static uint32_t vgpr_floor(const isa_kernel_t *k)
{
    uint32_t v = isa_target_gfx90a(k->target) ? 1u : k->desc.system_vgpr_workitem_id + 1u; /* packed ids: v0 */
    for (uint32_t i = 0; i < k->ninsts; i++)
        if (k->insts[i].vgpr_end > v)
            v = k->insts[i].vgpr_end;
    return v;
}

/* Resolve D's kernel, VGPR and static LDS allocation. */
static bool resolve_dispatch(launch_t *L, launch_dispatch_t *D, const isa_program_t *prog, FILE *err)
{
    const wl_workload_t *wl = L->wl;
    const wl_dispatch_t *wd = D->wl;
    const isa_kernel_t *k = kprogram_pick(wl, wd, prog, err);
    if (!k || !kprogram_check_target(wl, wd, k, L->target, err))
        return false;
    D->kernel = k;
    char smsg[200];
    if (!launch_scratch_check(k, smsg, sizeof smsg)) {
        wl_error(err, wl, wl->source_line, "%s", smsg);
        return false;
    }
    D->nvgpr = k->vgprs_used;
    if (wd->has_vgprs) {
        /* A cut is allowed down to what the code touches (a VGPR budget study); below it the kernel
         * would need recompiling (docs/workloads.md). */
        uint32_t floor = vgpr_floor(k);
        if (wd->vgprs < floor) {
            wl_error(err, wl, wd->vgprs_line, "vgprs = %" PRIu32 " is less than the %" PRIu32 " VGPRs kernel '%s' uses "
                 "(v%" PRIu32 " is the highest it touches; fewer needs a recompile: docs/workloads.md)",
                 wd->vgprs, floor, k->name, floor - 1);
            return false;
        }
        D->nvgpr = wd->vgprs;
    }
    if (D->nvgpr == 0)
        D->nvgpr = 1;
    if (D->nvgpr > 256) {
        wl_error(err, wl, wl->source_line, "kernel '%s' uses %" PRIu32 " VGPRs; at most 256", k->name, D->nvgpr);
        return false;
    }
    /* CDNA's AGPRs (agpr): gfx908 a file of their own after the VGPRs; gfx90a and later the unified
     * file, VGPRs below accum_offset and AGPRs from it (docs/occupancy.md, "AGPRs") */
    D->nagpr = k->agprs_used;
    D->nvreg = D->nvgpr + D->nagpr;
    if (isa_target_gfx90a(k->target)) {
        if (D->nvgpr > k->desc.accum_offset) {
            wl_error(err, wl, wd->has_vgprs ? wd->vgprs_line : wl->source_line, "kernel '%s' uses %" PRIu32 " VGPRs, but "
                     "its AGPRs start at accum_offset %" PRIu32 " (VGPRs must lie below it)", k->name, D->nvgpr,
                     k->desc.accum_offset);
            return false;
        }
        D->nvreg = k->desc.accum_offset + D->nagpr;
        if (D->nvreg > 512) {
            wl_error(err, wl, wl->source_line, "kernel '%s' allocates %" PRIu32 " VGPRs and AGPRs; at most 512",
                     k->name, D->nvreg);
            return false;
        }
    }
    D->lds_static = k->lds_static;
    if (wd->has_lds) {
        if (wd->lds < k->lds_static) {
            wl_error(err, wl, wd->lds_line, "lds = %" PRIu32 " is less than the %" PRIu32 " bytes of static LDS kernel '%s' declares",
                 wd->lds, k->lds_static, k->name);
            return false;
        }
        D->lds_static = wd->lds;
    }
    if (D->lds_static > 65536) {
        wl_error(err, wl, wl->source_line, "kernel '%s' declares %" PRIu32 " bytes of LDS; at most 65536", k->name, D->lds_static);
        return false;
    }
    uint32_t ki = 0;
    while (ki < L->nkernels && L->kernels[ki].kernel != k)
        ki++;
    if (ki == L->nkernels) {
        L->kernels[ki].kernel = k;
        L->kernels[ki].inst_base = L->ninsts;
        L->ninsts += k->ninsts;
        L->nkernels++;
    }
    D->kernel_index = ki;
    return true;
}

/* Bytes of kernarg segment D needs: metadata offsets, or 16 bytes per workload argument at most. */
static uint32_t kernarg_cap(const launch_dispatch_t *D)
{
    const isa_kernel_t *k = D->kernel;
    uint32_t cap = k->kernarg_segment_size + 16 * D->wl->nargs;
    for (uint32_t i = 0; i < k->nargs; i++)
        if (k->args[i].offset + k->args[i].size > cap)
            cap = k->args[i].offset + k->args[i].size;
    return align_up32(cap ? cap : 8, 64);
}

int launch_prepare(launch_t *L, const wl_workload_t *wl, const isa_program_t *prog,
                   const launch_options_t *opt, FILE *err)
{
    memset(L, 0, sizeof *L);
    L->wl = wl;
    L->target = opt ? opt->target : ISA_TARGET_GFX803;
    gmem_init(&L->mem, opt && opt->mem_limit ? opt->mem_limit : GMEM_DEFAULT_LIMIT);
    L->max_instructions = opt && opt->max_instructions ? opt->max_instructions : UINT64_MAX;
    L->stall_window = UINT64_MAX; /* armed by the run (launch_set_stall_window) */
    L->ndispatches = wl->ndispatches;
    L->dispatches = calloc(wl->ndispatches ? wl->ndispatches : 1, sizeof *L->dispatches);
    L->kernels = calloc(wl->ndispatches ? wl->ndispatches : 1, sizeof *L->kernels);
    if (!L->dispatches || !L->kernels) {
        wl_error(err, wl, 0, "out of memory");
        goto fail;
    }
    for (uint32_t i = 0; i < L->ndispatches; i++) {
        L->dispatches[i].wl = &wl->dispatches[i];
        if (!resolve_dispatch(L, &L->dispatches[i], prog, err))
            goto fail;
    }
    /* The code region only gives s_getpc_b64 and the packets mapped addresses; instructions run from
     * the kernels' insts. Distinct kernels lie one after another, 256-byte aligned as code objects are. */
    uint64_t code_bytes = 0;
    if (prog->image_bytes) {
        /* A program with data or relocations is loaded whole, where the assembler linked it: every
         * kernel at its image offset, the data after the code (docs/workloads.md, "Memory layout"). */
        _Static_assert(GMEM_CODE_BASE == ISA_IMAGE_BASE, "the program image is linked at the code base");
        code_bytes = prog->image_bytes;
        for (uint32_t i = 0; i < L->nkernels; i++)
            L->kernels[i].code_addr = GMEM_CODE_BASE + L->kernels[i].kernel->image_offset;
    }
    for (uint32_t i = 0; i < L->nkernels && !prog->image_bytes; i++) {
        const isa_kernel_t *k = L->kernels[i].kernel;
        code_bytes = (code_bytes + 255) / 256 * 256;
        L->kernels[i].code_addr = GMEM_CODE_BASE + code_bytes;
        code_bytes += k->code_bytes ? k->code_bytes : 4;
    }
    /* The packets and the kernarg segments follow the code at their documented addresses while it
     * leaves room (960 KiB: every program of the shipped workloads); a larger program (a vendor
     * library's code object) moves each up to the next 1 MiB boundary past the region before it and
     * its guard. Everything stays below the buffers. */
    const uint64_t region = 1ull << 20;
    uint64_t dispatch_base = GMEM_DISPATCH_BASE, kernarg_base = GMEM_KERNARG_BASE;
    if (code_bytes > GMEM_BUFFER_BASE - GMEM_CODE_BASE - 4 * region) {
        wl_error(err, wl, wl->source_line, "%s is %" PRIu64 " bytes; at most %llu", prog->image_bytes ?
             "the program image (code and data)" : "the kernels' code", code_bytes,
             GMEM_BUFFER_BASE - GMEM_CODE_BASE - 4 * region);
        goto fail;
    }
    if (GMEM_CODE_BASE + code_bytes + GMEM_ALIGN > dispatch_base)
        dispatch_base = (GMEM_CODE_BASE + code_bytes + GMEM_ALIGN + region - 1) / region * region;
    if (dispatch_base + 64ull * L->ndispatches + GMEM_ALIGN > kernarg_base)
        kernarg_base = (dispatch_base + 64ull * L->ndispatches + GMEM_ALIGN + region - 1) / region * region;
    uint64_t kernarg_total = 0;
    for (uint32_t i = 0; i < L->ndispatches; i++) {
        launch_dispatch_t *D = &L->dispatches[i];
        D->code_addr = L->kernels[D->kernel_index].code_addr;
        D->dispatch_addr = dispatch_base + 64ull * i;
        D->kernarg_addr = kernarg_base + kernarg_total;
        kernarg_total += kernarg_cap(D);
    }
    if (kernarg_total > GMEM_BUFFER_BASE - GMEM_ALIGN - kernarg_base) {
        wl_error(err, wl, wl->source_line, "the dispatches' kernarg segments total %" PRIu64 " bytes; at most %llu",
             kernarg_total, GMEM_BUFFER_BASE - GMEM_ALIGN - kernarg_base);
        goto fail;
    }
    if (!buffers_fit(L, code_bytes + 64ull * L->ndispatches + kernarg_total, err))
        goto fail;
    char msg[300];
    bool several = L->ndispatches > 1;
    uint8_t *code = gmem_map(&L->mem, "code", GMEM_CODE_BASE, code_bytes, msg, sizeof msg);
    if (!code)
        goto nomem;
    if (prog->image_bytes)
        memcpy(code, prog->image, prog->image_bytes);
    uint8_t *packets = gmem_map(&L->mem, several ? "dispatch packets" : "dispatch packet", dispatch_base,
                                64ull * L->ndispatches, msg, sizeof msg);
    if (!packets)
        goto nomem;
    uint8_t *segs = gmem_map(&L->mem, several ? "kernarg segments" : "kernarg segment", kernarg_base,
                             kernarg_total, msg, sizeof msg);
    if (!segs)
        goto nomem;
    if (!map_buffers(L, err))
        goto fail;
    for (uint32_t i = 0; i < L->ndispatches; i++) {
        launch_dispatch_t *D = &L->dispatches[i];
        const wl_dispatch_t *wd = D->wl;
        uint64_t off = D->kernarg_addr - kernarg_base;
        if (!layout_args(L, D, segs + off, kernarg_cap(D), err))
            goto fail;
        fill_dispatch(D, packets + 64ull * i);
        /* In 64 bits: grid + wg - 1 wraps in 32 (a grid of 4294967295 gave 0 workgroups). The
         * quotient is at most the grid dimension, so it fits again. */
        for (int d = 0; d < 3; d++)
            D->wg_count[d] = (uint32_t)(((uint64_t)wd->grid[d] + wd->wg[d] - 1) / wd->wg[d]);
        D->nworkgroups = (uint64_t)D->wg_count[0] * D->wg_count[1] * D->wg_count[2];
        L->nworkgroups += D->nworkgroups;
    }
    /* Scratch for the functional run (one workgroup at a time); the timing model maps more. */
    if (launch_scratch_map(L, LAUNCH_FUNCTIONAL_SLOTS, err) != 0)
        goto fail;
    return 0;
nomem:
    wl_error(err, wl, 0, "%s", msg);
fail:
    launch_free(L);
    return 1;
}

void launch_free(launch_t *L)
{
    gmem_free(&L->mem);
    free(L->bufs);
    free(L->dispatches);
    free(L->kernels);
    L->bufs = NULL;
    L->dispatches = NULL;
    L->kernels = NULL;
}

uint32_t launch_max_nvgpr(const launch_t *L)
{
    uint32_t m = 1;
    for (uint32_t i = 0; i < L->ndispatches; i++)
        if (L->dispatches[i].nvreg > m) /* the storage: VGPRs and CDNA's AGPRs */
            m = L->dispatches[i].nvreg;
    return m;
}

uint32_t launch_max_lds(const launch_t *L)
{
    uint32_t m = 0;
    for (uint32_t i = 0; i < L->ndispatches; i++)
        if (L->dispatches[i].lds_total > m)
            m = L->dispatches[i].lds_total;
    return m;
}

const isa_inst_t *launch_inst(const launch_t *L, uint32_t global, const isa_kernel_t **kernel)
{
    for (uint32_t i = L->nkernels; i-- > 0;) {
        const launch_kernel_t *lk = &L->kernels[i];
        if (global >= lk->inst_base) {
            if (global - lk->inst_base >= lk->kernel->ninsts)
                return NULL;
            if (kernel)
                *kernel = lk->kernel;
            return &lk->kernel->insts[global - lk->inst_base];
        }
    }
    return NULL;
}

void launch_wave_init(const launch_t *L, const launch_dispatch_t *D, isa_wave_t *w, uint32_t *vgpr, uint8_t *lds,
                      const uint32_t wgid[3], const uint32_t wgsize[3], uint32_t wave)
{
    launch_wave_init_slot(L, D, w, vgpr, lds, wgid, wgsize, wave, wave);
}

/* Work-item i's x, y and z within a workgroup of wgsize (x fastest). */
static inline void lane_ids(uint32_t i, const uint32_t wgsize[3], uint32_t id[3])
{
    id[0] = i % wgsize[0];
    id[1] = i / wgsize[0] % wgsize[1];
    id[2] = i / (wgsize[0] * wgsize[1]);
}

void launch_wave_init_slot(const launch_t *L, const launch_dispatch_t *D, isa_wave_t *w, uint32_t *vgpr, uint8_t *lds,
                           const uint32_t wgid[3], const uint32_t wgsize[3], uint32_t wave, uint32_t slot)
{
    const isa_kernel_t *k = D->kernel;
    const isa_descriptor_t *d = &k->desc;
    memset(w, 0, sizeof *w);
    memset(vgpr, 0, (size_t)D->nvreg * ISA_WAVE_SIZE * sizeof *vgpr);
    w->vgpr = vgpr;
    w->nvgpr = D->nvgpr;
    if (D->nagpr) { /* CDNA (agpr): D->nvreg's layout */
        w->agpr = vgpr + (size_t)(isa_target_gfx90a(k->target) ? k->desc.accum_offset : D->nvgpr) * ISA_WAVE_SIZE;
        w->nagpr = D->nagpr;
    }
    w->kernel = k;
    w->target = k->target;
    w->code_base = D->code_addr;
    w->lds = lds;
    w->lds_size = D->lds_total;
    w->mem = gmem_iface(&L->mem);
    /* MODE: round to nearest even, the f32 denormal mode, f64/f16 denormals kept (LLVM's default
     * float_denorm_mode_16_64, which gcnsim does not read), DX10 clamp and IEEE from the descriptor. */
    isa_wave_set_mode(w, (d->float_denorm_mode_32 & 3u) << 4 | 3u << 6 | (uint32_t)d->dx10_clamp << 8 |
                             (uint32_t)d->ieee_mode << 9);

    uint32_t items = wgsize[0] * wgsize[1] * wgsize[2];
    uint32_t nwaves = (items + ISA_WAVE_SIZE - 1) / ISA_WAVE_SIZE;
    /* The hardware registers s_getreg reads (docs/semantics-salu.md, "Hardware registers"): the
     * functional mode's placement is CU 0 of SE 0, the workgroup's waves dealt to SIMDs 0-3 in
     * turn (wave slot = wave / 4); the timing model replaces HW_ID and the allocations with the
     * wave's real ones (timing_dispatch.c). */
    w->hw_id = isa_hw_id(wave / 4, wave % 4, 0, 0, 0);
    uint32_t vregs = isa_target_gfx90a(k->target) ? D->nvreg : isa_vreg_total(k->target, D->nvgpr, D->nagpr);
    w->gpr_alloc = isa_gpr_alloc(k->target, vregs, k->desc.accum_offset, k->sgprs_used);
    w->lds_alloc = isa_lds_alloc(D->lds_total);
    w->status = ISA_STATUS_VALID | (nwaves > 1 ? ISA_STATUS_IN_TG : 0);
    launch_scratch_sgprs_t scr;
    launch_scratch_entry(L, D, slot, &scr);
    /* gfx942's architected flat scratch (LLVM AMDGPUUsage, "Flat Scratch"; its kernels have no
     * flat scratch init SGPRs): the hardware points FLAT_SCRATCH at the wave's private segment. */
    if (isa_target_gfx940(k->target) && L->scratch_slots) {
        uint64_t fs = L->scratch_addr + scr.wave_offset;
        w->sreg[ISA_REG_FLAT_SCRATCH_LO] = (uint32_t)fs;
        w->sreg[ISA_REG_FLAT_SCRATCH_HI] = (uint32_t)(fs >> 32);
    }
    uint32_t s = 0;
#define SGPR(v) do { if (s <= ISA_SGPR_MAX) w->sreg[s] = (uint32_t)(v); s++; } while (0)
#define SGPR64(v) do { SGPR((uint64_t)(v)); SGPR((uint64_t)(v) >> 32); } while (0)
    if (d->user_sgpr_private_segment_buffer)
        for (int i = 0; i < 4; i++)
            SGPR(scr.rsrc[i]);
    if (d->user_sgpr_dispatch_ptr)
        SGPR64(D->dispatch_addr);
    if (d->user_sgpr_queue_ptr)
        SGPR64(0); /* no queue is modelled */
    if (d->user_sgpr_kernarg_segment_ptr)
        SGPR64(D->kernarg_addr);
    if (d->user_sgpr_dispatch_id)
        SGPR64(0);
    if (d->user_sgpr_flat_scratch_init) {
        SGPR(scr.flat_init[0]);
        SGPR(scr.flat_init[1]);
    }
    if (d->user_sgpr_private_segment_size)
        SGPR(d->private_segment_fixed_size);
    if (d->system_sgpr_workgroup_id_x)
        SGPR(wgid[0]);
    if (d->system_sgpr_workgroup_id_y)
        SGPR(wgid[1]);
    if (d->system_sgpr_workgroup_id_z)
        SGPR(wgid[2]);
    if (d->system_sgpr_workgroup_info) /* gcnsim: [5:0] wave index, [11:6] waves in the workgroup */
        SGPR((wave & 63) | (nwaves & 63) << 6);
    if (d->system_sgpr_private_segment_wavefront_offset)
        SGPR(scr.wave_offset);
#undef SGPR
#undef SGPR64

    /* Work-items are numbered x fastest within the workgroup's actual (possibly partial) size.
     * gfx90a and gfx942 pack the ids into v0 (LLVM AMDGPUUsage, "Initial Kernel Execution State":
     * X in bits 9:0, Y in 19:10, Z in 29:20); earlier targets give each its own VGPR. */
    uint32_t base = wave * ISA_WAVE_SIZE, nids = d->system_vgpr_workitem_id < 3 ? d->system_vgpr_workitem_id + 1u : 3u;
    uint32_t n = items <= base ? 0 : items - base < ISA_WAVE_SIZE ? items - base : ISA_WAVE_SIZE; /* lanes */
    uint64_t exec = n == ISA_WAVE_SIZE ? ~0ull : (1ull << n) - 1;
    /* the target's choice outside the loops over lanes, which run for every wave of a launch */
    if (isa_target_gfx90a(k->target)) {
        for (uint32_t lane = 0; lane < n && D->nvgpr > 0; lane++) {
            uint32_t id[3];
            lane_ids(base + lane, wgsize, id);
            for (uint32_t r = 0; r < nids; r++)
                vgpr[lane] |= id[r] << (10 * r);
        }
    } else {
        nids = nids < D->nvgpr ? nids : D->nvgpr;
        for (uint32_t lane = 0; lane < n; lane++) {
            uint32_t id[3];
            lane_ids(base + lane, wgsize, id);
            for (uint32_t r = 0; r < nids; r++)
                vgpr[r * ISA_WAVE_SIZE + lane] = id[r];
        }
    }
    w->sreg[ISA_REG_EXEC_LO] = (uint32_t)exec;
    w->sreg[ISA_REG_EXEC_HI] = (uint32_t)(exec >> 32);
}
