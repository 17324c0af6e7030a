// div_fmod: correctly rounded single-precision division (compiled with
// -cl-fp32-correctly-rounded-divide-sqrt: the v_div_scale/v_div_fmas/v_div_fixup sequence) and
// fmod (__builtin_fmodf: LLVM expands it inline for gfx803 as fma(-trunc(a / b), b, a)).

__kernel void div_fmod(__global const float *a, __global const float *b, __global float *q, __global float *r,
                       uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    q[i] = a[i] / b[i];
    r[i] = __builtin_fmodf(a[i], b[i]);
}
