// wave_reduce_dpp: the sum of each wavefront's 64 values by cross-lane DPP moves, as a sub-group
// reduction is lowered on gfx8: row_shr 1, 2, 4, 8 within each row of 16 lanes, then row_bcast:15
// and row_bcast:31 across rows; lane 63 holds the wave's total, which one lane writes.

__kernel void wave_reduce_dpp(__global const uint *in, __global uint *sums)
{
    uint i = get_global_id(0);
    uint v = in[i];
    /* __builtin_amdgcn_update_dpp(old, src, dpp_ctrl, row_mask, bank_mask, bound_ctrl): lanes with no
     * source lane read `old` (0), so each step adds 0 there. */
    v += __builtin_amdgcn_update_dpp(0u, v, 0x111, 0xf, 0xf, false); /* row_shr:1 */
    v += __builtin_amdgcn_update_dpp(0u, v, 0x112, 0xf, 0xf, false); /* row_shr:2 */
    v += __builtin_amdgcn_update_dpp(0u, v, 0x114, 0xf, 0xf, false); /* row_shr:4 */
    v += __builtin_amdgcn_update_dpp(0u, v, 0x118, 0xf, 0xf, false); /* row_shr:8 */
    v += __builtin_amdgcn_update_dpp(0u, v, 0x142, 0xa, 0xf, false); /* row_bcast:15 */
    v += __builtin_amdgcn_update_dpp(0u, v, 0x143, 0xc, 0xf, false); /* row_bcast:31 */
    uint total = __builtin_amdgcn_readlane(v, 63);
    if ((get_local_id(0) & 63u) == 0)
        sums[i / 64] = total;
}
