// daxpy_poly (f64): y[i] = a * x[i] + p(x[i]) with p(x) = 1 + x/2 + x^2/3 + x^3/4 by Horner's rule,
// for i < n (the last block is partial).
#include <hip/hip_runtime.h>

__global__ void daxpy_poly(double a, const double *x, double *y, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    double v = x[i];
    double p = ((0.25 * v + 1.0 / 3.0) * v + 0.5) * v + 1.0;
    y[i] = a * v + p;
}
