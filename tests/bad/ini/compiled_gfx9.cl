// Compiled for gfx803 with a gfx9 instruction in inline assembly, which clang passes through: the
// assembler refuses it, and gcnsim keeps the compiler's output so that the reported line can be read.
__kernel void store9(__global float *y, float a)
{
    __asm__ volatile("v_pk_add_f16 v0, v0, v0");
    y[get_global_id(0)] = a;
}
