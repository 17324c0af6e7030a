// bitonic: sorts each workgroup's chunk of L = get_local_size(0) u32 keys ascending, in LDS
// (a complete bitonic sorting network; L must be a power of two, at most 256).
__kernel void bitonic(__global uint *data, __local uint *keys)
{
    uint lid = get_local_id(0), gid = get_global_id(0), l = get_local_size(0);
    keys[lid] = data[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint size = 2; size <= l; size *= 2) {
        for (uint stride = size / 2; stride > 0; stride /= 2) {
            uint partner = lid ^ stride;
            if (partner > lid) {
                uint a = keys[lid], b = keys[partner];
                bool up = (lid & size) == 0;
                if ((a > b) == up) {
                    keys[lid] = b;
                    keys[partner] = a;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
    data[gid] = keys[lid];
}
