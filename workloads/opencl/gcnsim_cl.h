/* gcnsim_cl.h: OpenCL C work-item, synchronisation, atomic and math built-ins as inline code.
 *
 * Without the ROCm device libraries, clang leaves OpenCL built-ins such as get_global_id() as calls
 * to external functions, which no simulator (or GPU) can link. This header replaces them, by macro,
 * with inline wrappers over the AMDGPU compiler intrinsics, so ordinary OpenCL C compiles to
 * call-free gfx803 code:
 *   work-items    get_local_id get_group_id get_local_size get_num_groups get_global_size
 *                 get_global_id get_work_dim (sizes come from the HSA dispatch packet)
 *   barrier       barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE): fences + s_barrier
 *   atomics       atomic_add atomic_sub atomic_inc atomic_dec atomic_min atomic_max atomic_and
 *                 atomic_or atomic_xor atomic_xchg atomic_cmpxchg on __global or __local int/uint
 *   math          exp log sqrt rsqrt native_exp native_log native_sqrt native_recip native_divide
 *                 (single instructions plus a scale; fast, not correctly rounded), fabs
 *   common        min max clamp (scalar only; macros, so arguments are evaluated more than once)
 * Global offsets are always 0 (gcnsim launches without one). Macros are used rather than
 * redefinitions because the default OpenCL header already declares these names. */
#ifndef GCNSIM_CL_H
#define GCNSIM_CL_H

/* ---- work-item functions ------------------------------------------------------------------- */

/* The 64-byte AQL dispatch packet: +4/+6/+8 workgroup size (u16), +12/+16/+20 grid size (u32). */
static inline uint gcn_local_size(uint d)
{
    __constant ushort *p = (__constant ushort *)__builtin_amdgcn_dispatch_ptr();
    return d == 0 ? p[2] : d == 1 ? p[3] : d == 2 ? p[4] : 1u;
}
static inline uint gcn_global_size(uint d)
{
    __constant uint *p = (__constant uint *)__builtin_amdgcn_dispatch_ptr();
    return d == 0 ? p[3] : d == 1 ? p[4] : d == 2 ? p[5] : 1u;
}
static inline uint gcn_local_id(uint d)
{
    return d == 0 ? __builtin_amdgcn_workitem_id_x() : d == 1 ? __builtin_amdgcn_workitem_id_y()
         : d == 2 ? __builtin_amdgcn_workitem_id_z() : 0u;
}
static inline uint gcn_group_id(uint d)
{
    return d == 0 ? __builtin_amdgcn_workgroup_id_x() : d == 1 ? __builtin_amdgcn_workgroup_id_y()
         : d == 2 ? __builtin_amdgcn_workgroup_id_z() : 0u;
}
/* Partial last workgroups are allowed, so round up. */
static inline uint gcn_num_groups(uint d)
{
    return (gcn_global_size(d) + gcn_local_size(d) - 1u) / gcn_local_size(d);
}
static inline uint gcn_global_id(uint d) { return gcn_group_id(d) * gcn_local_size(d) + gcn_local_id(d); }
static inline uint gcn_work_dim(void)
{
    __constant ushort *p = (__constant ushort *)__builtin_amdgcn_dispatch_ptr();
    return p[1] & 3u; /* setup field: dimensions in bits 0..1 */
}

#define get_local_id(d) ((size_t)gcn_local_id(d))
#define get_group_id(d) ((size_t)gcn_group_id(d))
#define get_local_size(d) ((size_t)gcn_local_size(d))
#define get_global_size(d) ((size_t)gcn_global_size(d))
#define get_num_groups(d) ((size_t)gcn_num_groups(d))
#define get_global_id(d) ((size_t)gcn_global_id(d))
#define get_work_dim() gcn_work_dim()

/* ---- barrier --------------------------------------------------------------------------------- */

/* Release our writes, wait for every wave of the workgroup, then acquire theirs. */
static inline void gcn_barrier(void)
{
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
    __builtin_amdgcn_s_barrier();
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}
#define barrier(flags) ((void)(flags), gcn_barrier())
#define work_group_barrier(flags) barrier(flags)

/* ---- atomics (relaxed, as OpenCL 1.x atomic_* are) -------------------------------------------- */

#define atomic_add(p, v) __atomic_fetch_add((p), (v), __ATOMIC_RELAXED)
#define atomic_sub(p, v) __atomic_fetch_sub((p), (v), __ATOMIC_RELAXED)
#define atomic_inc(p) __atomic_fetch_add((p), 1, __ATOMIC_RELAXED)
#define atomic_dec(p) __atomic_fetch_sub((p), 1, __ATOMIC_RELAXED)
#define atomic_min(p, v) __atomic_fetch_min((p), (v), __ATOMIC_RELAXED)
#define atomic_max(p, v) __atomic_fetch_max((p), (v), __ATOMIC_RELAXED)
#define atomic_and(p, v) __atomic_fetch_and((p), (v), __ATOMIC_RELAXED)
#define atomic_or(p, v) __atomic_fetch_or((p), (v), __ATOMIC_RELAXED)
#define atomic_xor(p, v) __atomic_fetch_xor((p), (v), __ATOMIC_RELAXED)
#define atomic_xchg(p, v) __atomic_exchange_n((p), (v), __ATOMIC_RELAXED)
#define atomic_cmpxchg(p, cmp, v) gcn_cmpxchg_u32((volatile __global uint *)(p), (uint)(cmp), (uint)(v))
static inline uint gcn_cmpxchg_u32(volatile __global uint *p, uint cmp, uint v)
{
    __atomic_compare_exchange_n(p, &cmp, v, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
    return cmp;
}

/* ---- math -------------------------------------------------------------------------------------- */

/* v_exp_f32 / v_log_f32 work in base 2; v_rcp/v_rsq/v_sqrt are ~1 ulp approximations. */
static inline float gcn_exp(float x) { return __builtin_exp2f(x * 1.44269504088896341f); }
static inline float gcn_log(float x) { return __builtin_log2f(x) * 0.693147180559945309f; }
static inline float gcn_sqrt(float x) { return __builtin_sqrtf(x); }
static inline float gcn_rsqrt(float x) { return __builtin_amdgcn_rsqf(x); }
static inline float gcn_recip(float x) { return __builtin_amdgcn_rcpf(x); }

#define exp(x) gcn_exp(x)
#define log(x) gcn_log(x)
#define sqrt(x) gcn_sqrt(x)
#define rsqrt(x) gcn_rsqrt(x)
#define native_exp(x) gcn_exp(x)
#define native_log(x) gcn_log(x)
#define native_sqrt(x) gcn_sqrt(x)
#define native_rsqrt(x) gcn_rsqrt(x)
#define native_recip(x) gcn_recip(x)
#define native_divide(a, b) ((a) * gcn_recip(b))
#define fabs(x) __builtin_fabsf(x)

/* ---- common (scalar) ------------------------------------------------------------------------ */

#define min(a, b) ((a) < (b) ? (a) : (b))
#define max(a, b) ((a) > (b) ? (a) : (b))
#define clamp(x, lo, hi) min(max((x), (lo)), (hi))

#endif
