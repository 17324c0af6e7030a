// A kernel with a compile error: clang-15's own diagnostic must reach the user.
__kernel void broken(__global int *p)
{
    p[0] = undeclared_value;
}
