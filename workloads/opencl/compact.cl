// compact: copy the values greater than threshold to the front of out; count[0] = how many.
// The order of the kept values depends on the order of the atomics.
__kernel void compact(__global const uint *in, __global uint *out, __global uint *count,
                      uint threshold, uint n)
{
    uint i = get_global_id(0);
    if (i < n && in[i] > threshold)
        out[atomic_inc(count)] = in[i];
}
