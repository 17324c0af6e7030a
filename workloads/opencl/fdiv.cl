// fdiv: c[i] = a[i] / b[i], correctly rounded. The Makefile compiles this file with
// -cl-fp32-correctly-rounded-divide-sqrt, so clang emits the full IEEE division sequence
// (v_div_scale/v_div_fmas/v_div_fixup_f32 around Newton steps, with f32 denormals switched on by
// s_setreg for the steps) instead of OpenCL's default 2.5-ulp reciprocal multiply. The inputs are
// arbitrary bit patterns (zeros, denormals, infinities, NaNs, huge and tiny ratios); the reference
// is C's division of the flushed operands, flushed (the kernel's default f32 denormal mode).
__kernel void fdiv(__global const float *a, __global const float *b, __global float *c, uint n)
{
    uint i = get_global_id(0);
    if (i < n)
        c[i] = a[i] / b[i];
}
