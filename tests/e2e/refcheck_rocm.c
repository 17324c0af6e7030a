/* refcheck_rocm: the references of the workloads built on ROCm's libraries (workloads/cdna):
 * rocRAND's Philox (every work-item's raw outputs and uniform floats, bit-exact, from
 * Philox4x32-10 written from its paper, philox_ref.h, and the stream rocRAND's device API
 * documents) and rocPRIM's block radix sort (a stable sort of each block's pairs by key).
 * rocprim_block_sum's is hip/block_sum's (refcheck_hip.c). */
#include "refcheck.h"

#include "philox_ref.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

/* A u64 argument, exactly (rc_arg's double would round a 64-bit seed). */
static uint64_t arg_u64(const rc_ctx_t *c, const char *key)
{
    char v[128], *end;
    if (!rc_ini_lookup(c, "args", key, v, sizeof v))
        rc_die("missing argument in [args]: ", key);
    errno = 0;
    unsigned long long x = strtoull(v, &end, 0);
    if (errno || end == v || *end)
        rc_die("not a u64 in [args]: ", v);
    return x;
}

/* rocrand_uniform's float in (0, 1]: rocRAND's conversion (rocrand_uniform.h: "for unsigned
 * integer between 0 and UINT_MAX, returns value between 0.0 and 1.0, excluding 0.0 and including
 * 1.0") is v * 2^-32 + 2^-32 in float, v rounded to float first: the product is exact (a power of
 * two), so only the conversion and the sum round, to nearest even, fused or not. */
static float uniform_of(uint32_t v)
{
    return (float)v * 0x1p-32f + 0x1p-32f;
}

/* cdna/rocrand_philox: work-item g runs rocrand_init(seed, base + g, offset) and draws RAND_BITS
 * raw numbers into bits[g * RAND_BITS ...], RAND_QUADS groups of four (rocrand4: "state is
 * incremented by four positions") into quads[g * 4 * RAND_QUADS ...], then RAND_UNIFORM floats into
 * uniform[g * RAND_UNIFORM ...]; the counts are the buffers' sizes over the grid (the workload's
 * cflags may change them). */
void rc_rocrand_philox(rc_ctx_t *c)
{
    rc_buf_t bits = rc_load(c, "final", "bits", 4), quads = rc_load(c, "final", "quads", 4);
    rc_buf_t uni = rc_load(c, "final", "uniform", 4);
    char v[64];
    if (!rc_ini_lookup(c, "kernel", "grid", v, sizeof v))
        rc_die("no grid in [kernel]", NULL);
    size_t items = strtoul(v, NULL, 10);
    if (items == 0 || N32(bits) % items || N32(quads) % (4 * items) || N32(uni) % items)
        rc_die("the buffers are not a whole number of outputs per work-item of grid ", v);
    size_t nb = N32(bits) / items, nq = N32(quads) / items, nu = N32(uni) / items;
    uint64_t seed = arg_u64(c, "seed"), base = arg_u64(c, "base"), offset = arg_u64(c, "offset");
    uint32_t *want = rc_xmalloc((nb + nq + nu) * sizeof *want);
    for (size_t g = 0; g < items; g++) {
        philox_stream(seed, base + g, offset, want, nb + nq + nu);
        for (size_t i = 0; i < nb; i++)
            rc_check_u32(c, "bits", g * nb + i, want[i], U32(bits)[g * nb + i]);
        for (size_t i = 0; i < nq; i++)
            rc_check_u32(c, "quads", g * nq + i, want[nb + i], U32(quads)[g * nq + i]);
        for (size_t i = 0; i < nu; i++) {
            float exp = uniform_of(want[nb + nq + i]);
            rc_check_f32(c, "uniform", g * nu + i, exp, F32(uni)[g * nu + i], 0);
        }
    }
    free(want);
}

typedef struct {
    uint32_t key, index;
} pair_t;

/* By key, then by first position: the order a stable sort gives. */
static int pair_cmp(const void *a, const void *b)
{
    const pair_t *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* cdna/rocprim_radix_sort, cdna/rocprim_radix_sort_dups: each block of 4 * workgroup elements
 * (4 items per work-item) holds its pairs sorted by key, equal keys in their first order, each
 * value still beside its key. */
void rc_radix_sort(rc_ctx_t *c)
{
    rc_buf_t k0 = rc_load(c, "init", "keys", 4), v0 = rc_load(c, "init", "values", 4);
    rc_buf_t k1 = rc_load(c, "final", "keys", 4), v1 = rc_load(c, "final", "values", 4);
    size_t n = N32(k0), block = 4 * rc_workgroup_x(c);
    rc_need_count("values", N32(v0), n);
    rc_need_count("keys", N32(k1), n);
    rc_need_count("values", N32(v1), n);
    if (n % block)
        rc_die("keys are not a whole number of blocks", NULL);
    pair_t *p = rc_xmalloc(block * sizeof *p);
    for (size_t b = 0; b < n; b += block) {
        for (size_t i = 0; i < block; i++)
            p[i] = (pair_t){U32(k0)[b + i], (uint32_t)i};
        qsort(p, block, sizeof *p, pair_cmp);
        for (size_t i = 0; i < block; i++) {
            rc_check_u32(c, "keys", b + i, p[i].key, U32(k1)[b + i]);
            rc_check_u32(c, "values", b + i, U32(v0)[b + p[i].index], U32(v1)[b + i]);
        }
    }
    free(p);
}
