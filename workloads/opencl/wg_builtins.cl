// The device libraries' work-item, work-group and sub-group built-ins on an ABI v5 kernel: sizes
// come from the implicit kernel arguments, the collectives from ockl (LDS and cross-lane code).
#pragma OPENCL EXTENSION cl_khr_subgroups : enable
__kernel void wg_builtins(__global const uint *in, __global uint *info, __global uint *sums, __global uint *count)
{
    size_t g = get_global_id(0);
    uint x = in[g];
    info[g * 4 + 0] = (uint)get_local_size(0);
    info[g * 4 + 1] = (uint)get_num_groups(0);
    info[g * 4 + 2] = (uint)get_global_size(0);
    info[g * 4 + 3] = get_work_dim();
    sums[g * 3 + 0] = work_group_reduce_add(x);
    sums[g * 3 + 1] = work_group_scan_inclusive_add(x);
    sums[g * 3 + 2] = sub_group_reduce_max(x);
    atomic_inc(count);
}
