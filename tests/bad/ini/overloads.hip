// Two kernels named `twice` (overloads): the plain name alone cannot choose one.
#include <hip/hip_runtime.h>
__global__ void twice(int *p) { p[threadIdx.x] *= 2; }
__global__ void twice(float *p) { p[threadIdx.x] *= 2.0f; }
