/* occ_analysis: one dispatch's occupancy analysis, computed once (occ_analysis.h). */
#include "machine/occ_analysis.h"

occ_kernel_t occ_dispatch_kernel(const launch_dispatch_t *D)
{
    occ_kernel_t k;
    k.vgprs = D->nvgpr;
    k.agprs = D->nagpr; /* CDNA (agpr): the total of both files, as LLVM counts it */
    k.arch_vgprs = D->nvgpr;
    if (D->nagpr)
        k.vgprs = isa_target_gfx90a(D->kernel->target) ? D->nvreg : isa_vreg_total(D->kernel->target, D->nvgpr, D->nagpr);
    k.sgprs = D->kernel->sgprs_used;
    k.lds_bytes = D->lds_total;
    k.wg_size = D->wl->wg[0] * D->wl->wg[1] * D->wl->wg[2];
    for (int i = 0; i < 3; i++)
        k.wg_dim[i] = D->wl->wg[i];
    return k;
}

void occ_analyse(const cfg_t *cfg, const occ_kernel_t *k, occ_analysis_t *a)
{
    a->k = *k;
    occ_llvm(cfg, k, &a->llvm);
    a->fits = occ_compute(cfg, k, &a->res) == 0;
    occ_fit_more(cfg, k, &a->res, &a->more);
    a->nadv = 0;
    uint32_t target = a->llvm.waves_per_simd + 1;
    if (a->llvm.waves_per_simd >= (uint32_t)cfg->cu_wave_slots) /* at the maximum: one "none" entry */
        occ_llvm_advice(cfg, k, OCC_WAVE_SLOTS, target, &a->adv[a->nadv++]);
    else
        for (int r = 0; r < OCC_NUM_RESOURCES; r++)
            if (a->llvm.limiting & (1u << r))
                occ_llvm_advice(cfg, k, (occ_resource_t)r, target, &a->adv[a->nadv++]);
}
