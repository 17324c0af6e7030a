// Compiled for gfx900 by the workload's cflags: the assembler refuses the gfx9 instructions, and
// gcnsim keeps the compiler's output so that the reported line can be read.
__kernel void store9(__global float *y, float a)
{
    y[get_global_id(0)] = a;
}
