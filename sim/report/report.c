/* report: human-readable summaries (see report.h, docs/cli.md). */
#include "report/report.h"

#include <inttypes.h>
#include <string.h>

#include "asm/asm_diag.h"
#include "common/le.h"

/* A name from an input, escaped as every printed name is (asm_diag_name_to), in a compound literal
 * that lives until the end of the enclosing block; names are kept whole up to 2 KiB. */
static const char *name_in(const char *s, char *buf, size_t n)
{
    asm_diag_name_to(s, buf, n);
    return buf;
}
#define NAME(s) name_in((s), (char[2048]){ 0 }, 2048)

/* FNV-1a over the bytes. Each byte depends on the last, so the speed is in the loop: eight bytes a
 * step (no loop test between them), the tail byte by byte; the same value either way. */
uint64_t report_checksum(const uint8_t *data, uint64_t bytes)
{
    const uint64_t prime = 0x100000001b3ull;
    uint64_t h = 0xcbf29ce484222325ull;
    uint64_t i = 0;
    for (; i + 8 <= bytes; i += 8) {
        const uint8_t *p = data + i;
        h = (h ^ p[0]) * prime;
        h = (h ^ p[1]) * prime;
        h = (h ^ p[2]) * prime;
        h = (h ^ p[3]) * prime;
        h = (h ^ p[4]) * prime;
        h = (h ^ p[5]) * prime;
        h = (h ^ p[6]) * prime;
        h = (h ^ p[7]) * prime;
    }
    for (; i < bytes; i++)
        h = (h ^ data[i]) * prime;
    return h;
}

static void print_elem(FILE *out, wl_type_t t, const uint8_t *p)
{
    uint32_t size = wl_type_size(t);
    uint64_t v = le_get(p, size);
    switch (t) {
    case WL_F32: {
        uint32_t b = (uint32_t)v;
        float f;
        memcpy(&f, &b, 4);
        fprintf(out, " %.9g", (double)f);
        break;
    }
    case WL_F64: {
        double d;
        memcpy(&d, &v, 8);
        fprintf(out, " %.17g", d);
        break;
    }
    case WL_I8: fprintf(out, " %d", (int8_t)v); break;
    case WL_I16: fprintf(out, " %d", (int16_t)v); break;
    case WL_I32: fprintf(out, " %" PRId32, (int32_t)v); break;
    case WL_I64: fprintf(out, " %" PRId64, (int64_t)v); break;
    default: fprintf(out, " %" PRIu64, v); break;
    }
}

void report_dispatch_line(const launch_t *L, uint32_t i, FILE *out)
{
    const launch_dispatch_t *D = &L->dispatches[i];
    const wl_dispatch_t *wd = D->wl;
    char sec[WL_NAME_MAX + 16];
    fprintf(out, "dispatch %-4" PRIu32 " %s %s: grid %" PRIu32 " x %" PRIu32 " x %" PRIu32 ", workgroup %" PRIu32 " x %" PRIu32
            " x %" PRIu32 ", %" PRIu64 " workgroup%s%s", i, wl_dispatch_section(wd, sec, sizeof sec), NAME(D->kernel->name),
            wd->grid[0], wd->grid[1], wd->grid[2], wd->wg[0], wd->wg[1], wd->wg[2], D->nworkgroups,
            D->nworkgroups == 1 ? "" : "s",
            i == 0 ? "" : wd->after == WL_AFTER_NONE ? ", after none" : ", after previous");
}

/* ", AGPRs 4 (accum_offset 4; 8 registers in all)" on CDNA: gfx908's files are separate and
 * LLVM counts the larger; gfx90a's are one, the AGPRs from accum_offset (docs/occupancy.md, "AGPRs"). */
static void agpr_text(const isa_kernel_t *k, FILE *out)
{
    fprintf(out, ", AGPRs %" PRIu32, k->agprs_used);
    if (isa_target_gfx90a(k->target))
        fprintf(out, " (accum_offset %" PRIu32 "; %" PRIu32 " registers in all)", k->desc.accum_offset,
                isa_kernel_vreg_total(k));
}

static void report_resources(const launch_dispatch_t *D, FILE *out)
{
    const isa_kernel_t *k = D->kernel;
    /* "allocated" is kept for the granule-rounded figures of the occupancy analysis; here the count
     * each wave was given, which a workload's vgprs = may raise above the kernel's. */
    fprintf(out, "VGPRs %" PRIu32 " per wave", D->nvgpr);
    if (D->nvgpr != k->vgprs_used)
        fprintf(out, " (the workload's vgprs; the kernel uses %" PRIu32 ")", k->vgprs_used);
    if (isa_target_cdna(k->target))
        agpr_text(k, out);
    fprintf(out, ", SGPRs %" PRIu32 ", LDS %" PRIu32 " bytes (static %" PRIu32 ", dynamic %" PRIu32 ")\n", k->sgprs_used,
            D->lds_total, D->lds_static, D->lds_total - D->lds_static);
}

void report_run(const launch_t *L, FILE *out)
{
    const wl_workload_t *wl = L->wl;
    if (L->ndispatches == 1) {
        const wl_dispatch_t *wd = L->dispatches[0].wl;
        fprintf(out, "kernel        %s (%s)\n", NAME(L->dispatches[0].kernel->name), wl->source);
        fprintf(out, "grid          %" PRIu32 " x %" PRIu32 " x %" PRIu32 " work-items\n", wd->grid[0], wd->grid[1], wd->grid[2]);
        fprintf(out, "workgroup     %" PRIu32 " x %" PRIu32 " x %" PRIu32 " work-items\n", wd->wg[0], wd->wg[1], wd->wg[2]);
    } else {
        fprintf(out, "kernels       %s, %" PRIu32 " dispatches\n", wl->source, L->ndispatches);
        for (uint32_t i = 0; i < L->ndispatches; i++) {
            report_dispatch_line(L, i, out);
            fputc('\n', out);
        }
    }
    fprintf(out, "workgroups    %" PRIu64 "\n", L->workgroups_run);
    fprintf(out, "waves         %" PRIu64 "\n", L->waves_run);
    fprintf(out, "wave-instructions %" PRIu64 ":", L->insts_total);
    for (int u = 0; u < ISA_NUM_UNITS; u++)
        fprintf(out, " %s %" PRIu64, isa_unit_name((isa_unit_t)u), L->insts_per_unit[u]);
    fputc('\n', out);
    for (uint32_t i = 0; i < L->ndispatches; i++) {
        if (L->ndispatches == 1)
            fputs("resources     ", out);
        else
            fprintf(out, "resources %-3" PRIu32 " ", i);
        report_resources(&L->dispatches[i], out);
    }
    report_buffers(L, out);
}

void report_buffers(const launch_t *L, FILE *out)
{
    const wl_workload_t *wl = L->wl;
    for (uint32_t i = 0; i < wl->nbuffers; i++) {
        const wl_buffer_t *b = &wl->buffers[i];
        const launch_buffer_t *lb = &L->bufs[i];
        fprintf(out, "buffer %-8s %s[%" PRIu64 "] at 0x%" PRIx64 " checksum %016" PRIx64 " first:", b->name,
                wl_type_name(b->type), b->count, lb->addr, report_checksum(lb->data, lb->bytes));
        uint32_t size = wl_type_size(b->type);
        for (uint64_t j = 0; j < b->count && j < 8; j++)
            print_elem(out, b->type, lb->data + j * size);
        fputs(b->count > 8 ? " ...\n" : "\n", out);
    }
}

static const char *arg_kind_name(isa_arg_kind_t k)
{
    switch (k) {
    case ISA_ARG_BY_VALUE: return "by_value";
    case ISA_ARG_GLOBAL_BUFFER: return "global_buffer";
    case ISA_ARG_DYNAMIC_SHARED_POINTER: return "dynamic_shared_pointer";
    case ISA_ARG_HIDDEN: return "hidden";
    default: return "other";
    }
}

/* The kernarg bytes k's code reads: the end of its furthest scalar load from the kernarg segment
 * pointer's SGPR pair at an immediate offset (the user SGPRs come in the order of the descriptor's
 * enables: private segment buffer 4, dispatch pointer 2, queue pointer 2, then the kernarg pointer).
 * 0 when the kernel has no kernarg pointer or reads through a copy of it. */
static uint32_t kernarg_read(const isa_kernel_t *k)
{
    const isa_descriptor_t *d = &k->desc;
    if (!d->user_sgpr_kernarg_segment_ptr)
        return 0;
    uint32_t sgpr = 4u * d->user_sgpr_private_segment_buffer + 2u * d->user_sgpr_dispatch_ptr + 2u * d->user_sgpr_queue_ptr;
    uint32_t end = 0;
    for (uint32_t i = 0; i < k->ninsts; i++) {
        const isa_inst_t *in = &k->insts[i];
        const isa_op_info_t *info = &isa_ops[in->op];
        if (strncmp(info->name, "s_load_", 7) != 0 || in->has_soffset_sgpr || in->src[0].code != sgpr)
            continue;
        if (in->offset + info->mem_bytes > end)
            end = in->offset + info->mem_bytes;
    }
    return end;
}

void report_kernel(const isa_kernel_t *k, FILE *out)
{
    const isa_descriptor_t *d = &k->desc;
    /* Line 0: the kernel was read from a code object, which has no source lines. */
    if (k->line)
        fprintf(out, "kernel %s (line %" PRIu32 "): %" PRIu32 " instructions, %" PRIu32 " bytes\n", NAME(k->name), k->line,
                k->ninsts, k->code_bytes);
    else
        fprintf(out, "kernel %s (code object): %" PRIu32 " instructions, %" PRIu32 " bytes\n", NAME(k->name), k->ninsts,
                k->code_bytes);
    fprintf(out, "  VGPRs %" PRIu32, k->vgprs_used);
    if (isa_target_cdna(k->target)) /* CDNA's AGPRs, and the total LLVM's occupancy counts (agpr) */
        agpr_text(k, out);
    fprintf(out, ", SGPRs %" PRIu32 " (%" PRIu32 " extra for VCC/FLAT_SCRATCH/XNACK), static LDS %" PRIu32
            " bytes, ", k->sgprs_used, k->sgprs_extra, k->lds_static);
    /* Without metadata or .amdhsa_kernarg_size the segment's size is not declared: say what the code
     * reads rather than "0 bytes" (a run lays the segment out from the workload's [args]). */
    uint32_t read = k->kernarg_segment_size ? 0 : kernarg_read(k);
    if (read)
        fprintf(out, "kernarg segment not declared (the code reads %" PRIu32 " bytes)\n", read);
    else
        fprintf(out, "kernarg segment %" PRIu32 " bytes\n", k->kernarg_segment_size);
    if (d->private_segment_fixed_size) /* only kernels that use scratch: other listings are unchanged */
        fprintf(out, "  private segment %" PRIu32 " bytes per work-item (scratch: %" PRIu32 " bytes per wave)\n",
                d->private_segment_fixed_size, ((d->private_segment_fixed_size + 3u) & ~3u) * 64u);
    fprintf(out, "  descriptor: %s;", d->present ? ".amdhsa_kernel" : "gcnsim default");
    static const char *const names[] = {
        "private_segment_buffer", "dispatch_ptr", "queue_ptr", "kernarg_segment_ptr", "dispatch_id",
        "flat_scratch_init", "private_segment_size", "workgroup_id_x", "workgroup_id_y", "workgroup_id_z",
        "workgroup_info", "private_segment_wavefront_offset"
    };
    const bool on[] = {
        d->user_sgpr_private_segment_buffer, d->user_sgpr_dispatch_ptr, d->user_sgpr_queue_ptr,
        d->user_sgpr_kernarg_segment_ptr, d->user_sgpr_dispatch_id, d->user_sgpr_flat_scratch_init,
        d->user_sgpr_private_segment_size, d->system_sgpr_workgroup_id_x, d->system_sgpr_workgroup_id_y,
        d->system_sgpr_workgroup_id_z, d->system_sgpr_workgroup_info, d->system_sgpr_private_segment_wavefront_offset
    };
    for (size_t i = 0; i < sizeof on / sizeof on[0]; i++)
        if (on[i])
            fprintf(out, " %s", names[i]);
    fprintf(out, "; workitem_id %s; float_denorm_mode_32 %" PRIu32 "; ieee_mode %d\n",
            d->system_vgpr_workitem_id == 0 ? "x" : d->system_vgpr_workitem_id == 1 ? "x,y" : "x,y,z",
            d->float_denorm_mode_32, d->ieee_mode);
    if (k->has_metadata) {
        fprintf(out, "  arguments (%" PRIu32 "):\n", k->nargs);
        for (uint32_t i = 0; i < k->nargs; i++) {
            const isa_kernel_arg_t *a = &k->args[i];
            fprintf(out, "    %-16s %-12s offset %3" PRIu32 " size %" PRIu32 " %s\n", a->name[0] ? NAME(a->name) : "-",
                    a->type_name[0] ? NAME(a->type_name) : "-", a->offset, a->size,
                    a->kind == ISA_ARG_HIDDEN || a->kind == ISA_ARG_OTHER ? NAME(a->value_kind) : arg_kind_name(a->kind));
        }
    } else
        fputs("  arguments: no .amdgpu_metadata (arguments are laid out in [args] order)\n", out);
    char text[1024]; /* an instruction and its branch target's (escaped) label */
    uint32_t l = 0; /* labels are in instruction order */
    for (uint32_t i = 0; i < k->ninsts; i++) {
        const isa_inst_t *in = &k->insts[i];
        isa_format_inst(k, in, text, sizeof text);
        for (; l < k->nlabels && k->labels[l].index <= i; l++)
            if (k->labels[l].index == i)
                fprintf(out, "%s:\n", NAME(k->labels[l].name));
        if (in->line)
            fprintf(out, "  %06" PRIx32 "  %2" PRIu32 "  %-56s ; line %" PRIu32 "\n", in->pc, in->size, text, in->line);
        else
            fprintf(out, "  %06" PRIx32 "  %2" PRIu32 "  %s\n", in->pc, in->size, text);
    }
}
