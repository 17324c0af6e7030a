// One u32 sum per block of 256 (as workloads/hip/block_sum.hip), by rocPRIM's block_reduce
// (Debian's librocprim-dev, header-only): the library's wavefront reduction (DPP quad_perm,
// row_shr and row_bcast steps, ds_bpermute_b32) and its shared-memory step across wavefronts. rocPRIM needs C++14 or later
// (the workload's cflags give -std=c++17). Runs on every target gcnsim compiles for.
#include <hip/hip_runtime.h>
#include <rocprim/block/block_reduce.hpp>

__global__ __launch_bounds__(256) void rocprim_block_sum(const unsigned *in, unsigned *out)
{
    using reduce_t = rocprim::block_reduce<unsigned, 256>;
    __shared__ typename reduce_t::storage_type storage;
    unsigned sum;
    reduce_t().reduce(in[blockIdx.x * 256 + threadIdx.x], sum, storage);
    if (threadIdx.x == 0)
        out[blockIdx.x] = sum;
}
