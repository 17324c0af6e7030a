/* refcheck_rand: the reference of the rocRAND workload (workloads/cdna/rocrand_philox): every
 * work-item's raw outputs and uniform floats, bit-exact, from Philox4x32-10 written from its paper
 * (philox_ref.h) and the stream rocRAND's device API documents. */
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
 * raw numbers into bits[g * RAND_BITS ...], then RAND_UNIFORM floats into uniform[g * RAND_UNIFORM
 * ...]; both counts are the buffers' sizes over the grid (the workload's cflags may change them). */
void rc_rocrand_philox(rc_ctx_t *c)
{
    rc_buf_t bits = rc_load(c, "final", "bits", 4), uni = rc_load(c, "final", "uniform", 4);
    char v[64];
    if (!rc_ini_lookup(c, "kernel", "grid", v, sizeof v))
        rc_die("no grid in [kernel]", NULL);
    size_t items = strtoul(v, NULL, 10);
    if (items == 0 || N32(bits) % items || N32(uni) % items)
        rc_die("the buffers are not a whole number of outputs per work-item of grid ", v);
    size_t nb = N32(bits) / items, nu = N32(uni) / items;
    uint64_t seed = arg_u64(c, "seed"), base = arg_u64(c, "base"), offset = arg_u64(c, "offset");
    uint32_t *want = rc_xmalloc((nb + nu) * sizeof *want);
    for (size_t g = 0; g < items; g++) {
        philox_stream(seed, base + g, offset, want, nb + nu);
        for (size_t i = 0; i < nb; i++)
            rc_check_u32(c, "bits", g * nb + i, want[i], U32(bits)[g * nb + i]);
        for (size_t i = 0; i < nu; i++) {
            float exp = uniform_of(want[nb + i]);
            rc_check_f32(c, "uniform", g * nu + i, exp, F32(uni)[g * nu + i], 0);
        }
    }
    free(want);
}
