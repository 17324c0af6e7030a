// nbody: one step of gravitational acceleration. For body i of n (pos = x, y, z, mass):
//   acc[i] = sum over j of m_j * (p_j - p_i) / (|p_j - p_i|^2 + eps)^(3/2)
// Positions are staged through LDS one workgroup-sized block at a time; `block` needs
// 16 bytes per work-item and n must be a multiple of the workgroup size.
__kernel void nbody(__global const float4 *pos, __global float4 *acc, __local float4 *block,
                    uint n, float eps)
{
    uint i = get_global_id(0), lid = get_local_id(0), l = get_local_size(0);
    float4 p = pos[i];
    float3 a = (float3)(0.0f, 0.0f, 0.0f);
    for (uint base = 0; base < n; base += l) {
        block[lid] = pos[base + lid];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint j = 0; j < l; j++) {
            float4 q = block[j];
            float3 d = q.xyz - p.xyz;
            float inv = rsqrt(d.x * d.x + d.y * d.y + d.z * d.z + eps);
            a += d * (q.w * inv * inv * inv);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    acc[i] = (float4)(a, 0.0f);
}
