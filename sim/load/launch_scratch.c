/* launch_scratch: the private segment (scratch memory) of the HSA ABI as gcnsim provides it to a
 * kernel (docs/kernels.md, "Private memory"). One region of global memory holds a scratch area for
 * every wave slot that may run at once; a wave learns where its area is from the entry state that
 * LLVM's AMDGPUUsage promises a gfx8 kernel:
 *   private segment buffer (user SGPRs, 4)  a V# over the region: swizzled, element size 4, index
 *                                           stride 64, add_tid, 32-bit UINT format, num_records =
 *                                           the region's bytes (the kernel adds its wave offset to
 *                                           the base, as clang's prologue does);
 *   flat scratch init (user SGPRs, 2)       gfx8: lo the offset of the dispatch's scratch from the
 *                                           backing memory (0), hi the private bytes per lane;
 *                                           gfx9: the 64-bit address of the region, to which the
 *                                           prologue adds the wave offset to form FLAT_SCRATCH
 *                                           (AMDGPUUsage, "Flat Scratch"), the base scratch_
 *                                           instructions address;
 *   private segment wavefront offset        the byte offset of the wave's area in the region.
 * A wave's area is 64 lanes of the kernel's private_segment_fixed_size rounded up to 4 bytes,
 * interleaved per dword by the swizzle (GCN3 ISA manual 8.1.4). */
#include "load/launch.h"

#include <inttypes.h>
#include <stdio.h>

static uint32_t lane_bytes(const isa_kernel_t *k)
{
    return (k->desc.private_segment_fixed_size + 3u) & ~3u;
}

bool launch_scratch_check(const isa_kernel_t *k, char *msg, size_t len)
{
    if (k->desc.private_segment_fixed_size > LAUNCH_SCRATCH_LANE_MAX) {
        snprintf(msg, len, "kernel '%s' needs %" PRIu32 " bytes of private memory per work-item; gcnsim allows at most %u "
                 "(the 8 MiB per wave of gfx8's scratch size field)", k->name, k->desc.private_segment_fixed_size,
                 LAUNCH_SCRATCH_LANE_MAX);
        return false;
    }
    return true;
}

int launch_scratch_map(launch_t *L, uint32_t slots, FILE *err)
{
    uint32_t lane = 0;
    for (uint32_t i = 0; i < L->ndispatches; i++) {
        uint32_t b = lane_bytes(L->dispatches[i].kernel);
        if (b > lane)
            lane = b;
    }
    if (lane == 0 || slots <= L->scratch_slots)
        return 0; /* no kernel uses scratch, or the region already has enough slots */
    uint64_t wave = (uint64_t)lane * ISA_WAVE_SIZE;
    uint64_t bytes = wave * slots;
    char msg[300];
    uint64_t addr;
    /* A larger region replaces a smaller one (the old stays mapped, unused: it is small, since it
     * only ever holds the functional run's slots). */
    if (bytes > L->mem.limit || bytes > 0xffffffffull ||
        !gmem_map_next(&L->mem, "scratch", GMEM_BUFFER_BASE, bytes, &addr, msg, sizeof msg)) {
        if (bytes > L->mem.limit || bytes > 0xffffffffull)
            snprintf(msg, sizeof msg, "needs %" PRIu64 " bytes (%" PRIu32 " wave slots of %" PRIu64 " bytes), more than "
                     "%s", bytes, slots, wave, bytes > 0xffffffffull ? "a V#'s 4 GiB range" : "the memory limit");
        fprintf(err, "%s: error: private memory (scratch) %s\n", L->wl->path, msg);
        return 1;
    }
    L->scratch_addr = addr;
    L->scratch_bytes = bytes;
    L->scratch_wave_bytes = wave;
    L->scratch_slots = slots;
    return 0;
}

void launch_scratch_entry(const launch_t *L, const launch_dispatch_t *D, uint32_t slot, launch_scratch_sgprs_t *s)
{
    uint32_t lane = lane_bytes(D->kernel);
    for (int i = 0; i < 4; i++)
        s->rsrc[i] = 0;
    s->flat_init[0] = s->flat_init[1] = 0;
    s->wave_offset = 0;
    if (L->scratch_slots == 0)
        return; /* no scratch: a null V# (num_records 0, so every access is out of range) */
    uint64_t base = L->scratch_addr;
    s->rsrc[0] = (uint32_t)base;
    s->rsrc[1] = (uint32_t)(base >> 32) & 0xffffu; /* stride 0 */
    s->rsrc[1] |= 1u << 31;                          /* swizzle_enable */
    s->rsrc[2] = (uint32_t)L->scratch_bytes;         /* num_records */
    /* dst_sel x, y, z, w; num_format UINT; data_format 32; element_size 4; index_stride 64;
     * add_tid_enable. */
    s->rsrc[3] = 4u | 5u << 3 | 6u << 6 | 7u << 9 | 4u << 12 | 4u << 15 | 1u << 19 | 3u << 21 | 1u << 23;
    if (D->kernel->target == ISA_TARGET_GFX803) {
        s->flat_init[1] = lane;
    } else {
        s->flat_init[0] = (uint32_t)base;
        s->flat_init[1] = (uint32_t)(base >> 32);
    }
    s->wave_offset = (uint32_t)((uint64_t)(slot % L->scratch_slots) * L->scratch_wave_bytes);
}
