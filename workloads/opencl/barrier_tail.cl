// barrier_tail: the pattern of Rodinia's streamcluster (its pgain kernel places barrier() inside
// `if (id < n)`). Work-item 0 of each workgroup copies the group's centre (4 u32) into LDS; every
// live work-item waits at the barrier, then writes the squared distance of its point to that centre.
// With n = 900 and 256-item workgroups the last group has 132 live work-items: its fourth wave has
// none, skips the whole body and ends while the other three wait at the barrier, which S_BARRIER
// allows (it waits only for the waves that have not ended: GCN3 ISA manual, S_BARRIER).
__kernel void barrier_tail(__global const uint *pts, __global const uint *centres, __global uint *dist,
                           __local uint *centre, uint n)
{
    uint id = get_global_id(0), lid = get_local_id(0);
    if (id < n) {
        if (lid == 0)
            for (int k = 0; k < 4; k++)
                centre[k] = centres[get_group_id(0) * 4 + k];
        barrier(CLK_LOCAL_MEM_FENCE);
        uint d = 0;
        for (int k = 0; k < 4; k++) {
            int diff = (int)pts[id * 4 + k] - (int)centre[k];
            d += (uint)(diff * diff);
        }
        dist[id] = d;
    }
}
