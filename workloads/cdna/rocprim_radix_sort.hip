// Key-value pairs sorted by key within each block of 1,024 (256 work-items x 4 items), by rocPRIM's
// block_radix_sort (Debian's librocprim-dev, header-only): the library's 32 passes of one bit over
// the keys, each a block-wide count of the bits (ballot and mbcnt within a wavefront, a DPP scan of
// the wavefronts' counts kept in LDS) and a scatter of keys and values to their ranks through LDS.
// Work-item t holds items 4t..4t+3 of its block (a blocked arrangement) before and after the sort.
// A radix sort is stable: equal keys keep their order, so the values say where each key came from.
// rocPRIM needs C++14 or later (the workload's cflags give -std=c++17). block_radix_sort.hpp of
// rocPRIM 5.3.3 uses rocprim::min (its DPP warp scan) without including functional.hpp, which
// declares it: it is included first. The reference: tests/e2e/refcheck_rocm.c.
#include <hip/hip_runtime.h>
#include <rocprim/functional.hpp>
#include <rocprim/block/block_radix_sort.hpp>

__global__ __launch_bounds__(256) void rocprim_radix_sort(unsigned *keys, unsigned *values)
{
    using sort_t = rocprim::block_radix_sort<unsigned, 256, 4, unsigned>;
    __shared__ typename sort_t::storage_type storage;
    unsigned k[4], v[4];
    unsigned base = blockIdx.x * 1024 + threadIdx.x * 4;
    for (int i = 0; i < 4; i++) {
        k[i] = keys[base + i];
        v[i] = values[base + i];
    }
    sort_t().sort(k, v, storage);
    for (int i = 0; i < 4; i++) {
        keys[base + i] = k[i];
        values[base + i] = v[i];
    }
}
