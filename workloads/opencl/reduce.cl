// reduce: one partial sum (u32, mod 2^32) per workgroup by a tree reduction in LDS.
// The workgroup size must be a power of two; `scratch` needs 4 bytes per work-item.
__kernel void reduce(__global const uint *in, __global uint *out, __local uint *scratch)
{
    uint lid = get_local_id(0);
    scratch[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s /= 2) {
        if (lid < s)
            scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        out[get_group_id(0)] = scratch[0];
}
