/* codeobj_kd: the 64-byte kernel descriptor of code object v3-v5 (LLVM AMDGPUUsage, "Kernel
 * Descriptor"): byte offsets 0 group_segment_fixed_size, 4 private_segment_fixed_size, 8
 * kernarg_size, 16 kernel_code_entry_byte_offset, 44 compute_pgm_rsrc3, 48 compute_pgm_rsrc1, 52
 * compute_pgm_rsrc2, 56 kernel_code_properties; the rest is reserved and must be zero. */
#include "asm/codeobj_kd.h"
#include "common/le.h"

#include <stdio.h>
#include <string.h>

static uint32_t bits(uint32_t v, unsigned lo, unsigned width)
{
    return (v >> lo) & ((1u << width) - 1u);
}

uint32_t codeobj_kd_user_sgprs(const isa_descriptor_t *d)
{
    return 4u * d->user_sgpr_private_segment_buffer + 2u * d->user_sgpr_dispatch_ptr + 2u * d->user_sgpr_queue_ptr +
           2u * d->user_sgpr_kernarg_segment_ptr + 2u * d->user_sgpr_dispatch_id +
           2u * d->user_sgpr_flat_scratch_init + 1u * d->user_sgpr_private_segment_size;
}

static bool zero(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i])
            return false;
    return true;
}

bool codeobj_kd_read(const uint8_t kd[CODEOBJ_KD_SIZE], codeobj_kd_t *out, char *msg, size_t n)
{
    memset(out, 0, sizeof *out);
    isa_descriptor_t *d = &out->desc;
    d->present = true;
    d->group_segment_fixed_size = le_get32(kd + 0);
    d->private_segment_fixed_size = le_get32(kd + 4);
    d->kernarg_size = le_get32(kd + 8);
    out->entry_offset = (int64_t)((uint64_t)le_get32(kd + 16) | (uint64_t)le_get32(kd + 20) << 32);
    uint32_t rsrc3 = le_get32(kd + 44), rsrc1 = le_get32(kd + 48), rsrc2 = le_get32(kd + 52);
    uint32_t props = (uint32_t)kd[56] | (uint32_t)kd[57] << 8;
    if (!zero(kd + 12, 4) || !zero(kd + 24, 20) || !zero(kd + 58, 6)) {
        snprintf(msg, n, "reserved bytes (12..15, 24..43, 58..63) are not zero");
        return false;
    }
    out->rsrc3 = rsrc3; /* checked by the target (codeobj.c: gfx90a's ACCUM_OFFSET, TG_SPLIT) */
    if (d->group_segment_fixed_size > 65536) {
        snprintf(msg, n, "group_segment_fixed_size is %u bytes; gfx803 has 65536 bytes of LDS",
                 d->group_segment_fixed_size);
        return false;
    }
    /* compute_pgm_rsrc1: [5:0] VGPR granules, [9:6] SGPR granules, [17:16] FLOAT_DENORM_MODE_32,
     * [21] ENABLE_DX10_CLAMP, [23] ENABLE_IEEE_MODE. */
    out->vgprs_granted = (bits(rsrc1, 0, 6) + 1) * 4;
    out->vgpr_granules = bits(rsrc1, 0, 6);
    out->sgprs_granted = (bits(rsrc1, 6, 4) + 1) * 8;
    d->float_denorm_mode_32 = bits(rsrc1, 16, 2);
    d->dx10_clamp = bits(rsrc1, 21, 1);
    d->ieee_mode = bits(rsrc1, 23, 1);
    if (out->vgprs_granted > 256) {
        snprintf(msg, n, "compute_pgm_rsrc1.GRANULATED_WORKITEM_VGPR_COUNT is %u: more than 256 VGPRs",
                 bits(rsrc1, 0, 6));
        return false;
    }
    /* compute_pgm_rsrc2: [0] private segment wavefront offset, [5:1] USER_SGPR_COUNT, [7..9]
     * workgroup ids, [10] workgroup info, [12:11] work-item ids. */
    d->system_sgpr_private_segment_wavefront_offset = bits(rsrc2, 0, 1);
    out->user_sgprs = bits(rsrc2, 1, 5);
    d->system_sgpr_workgroup_id_x = bits(rsrc2, 7, 1);
    d->system_sgpr_workgroup_id_y = bits(rsrc2, 8, 1);
    d->system_sgpr_workgroup_id_z = bits(rsrc2, 9, 1);
    d->system_sgpr_workgroup_info = bits(rsrc2, 10, 1);
    d->system_vgpr_workitem_id = bits(rsrc2, 11, 2);
    if (d->system_vgpr_workitem_id == 3) {
        snprintf(msg, n, "compute_pgm_rsrc2.ENABLE_VGPR_WORKITEM_ID is 3 (undefined)");
        return false;
    }
    /* kernel_code_properties: the user SGPR enables [6:0]; [10] wave32 does not exist on gfx803. */
    d->user_sgpr_private_segment_buffer = props & 1u;
    d->user_sgpr_dispatch_ptr = props >> 1 & 1u;
    d->user_sgpr_queue_ptr = props >> 2 & 1u;
    d->user_sgpr_kernarg_segment_ptr = props >> 3 & 1u;
    d->user_sgpr_dispatch_id = props >> 4 & 1u;
    d->user_sgpr_flat_scratch_init = props >> 5 & 1u;
    d->user_sgpr_private_segment_size = props >> 6 & 1u;
    if (props & (1u << 10)) {
        snprintf(msg, n, "kernel_code_properties.ENABLE_WAVEFRONT_SIZE32 is set; gfx803 runs 64-wide waves only");
        return false;
    }
    uint32_t need = codeobj_kd_user_sgprs(d);
    if (out->user_sgprs != need) {
        snprintf(msg, n, "compute_pgm_rsrc2.USER_SGPR_COUNT is %u but the enabled user SGPRs "
                 "(kernel_code_properties 0x%x) take %u", out->user_sgprs, props, need);
        return false;
    }
    return true;
}
