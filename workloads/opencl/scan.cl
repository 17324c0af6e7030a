// scan: inclusive prefix sum (u32) within each workgroup (Hillis-Steele in LDS):
// out[i] = in[g*L] + ... + in[i] for i in workgroup g of size L (<= 256).
__kernel void scan(__global const uint *in, __global uint *out, __local uint *buf)
{
    uint lid = get_local_id(0), gid = get_global_id(0), l = get_local_size(0);
    buf[lid] = in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint off = 1; off < l; off *= 2) {
        uint v = lid >= off ? buf[lid - off] : 0u;
        barrier(CLK_LOCAL_MEM_FENCE);
        buf[lid] += v;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[gid] = buf[lid];
}
