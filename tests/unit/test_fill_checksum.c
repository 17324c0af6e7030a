/* Buffer set-up and result checksums: the fast fill loops of wl_buffer_fill (one store per element,
 * chosen by size outside the loop; value fills by doubling copies) and the unrolled FNV-1a of
 * report_checksum, each against a plain byte-at-a-time reference on random buffers. */
#include "unit.h"

#include <math.h>

#include "load/workload.h"
#include "report/report.h"

/* ---- plain references: one element, one byte at a time ------------------------------------- */

static uint64_t ref_bits(wl_type_t t, int64_t i, double f)
{
    if (t == WL_F32) {
        float x = (float)f;
        uint32_t b;
        memcpy(&b, &x, 4);
        return b;
    }
    if (t == WL_F64) {
        uint64_t b;
        memcpy(&b, &f, 8);
        return b;
    }
    unsigned bits = wl_type_size(t) * 8;
    return bits == 64 ? (uint64_t)i : (uint64_t)i & ((1ull << bits) - 1);
}

static void ref_put(uint8_t *dst, uint32_t size, uint64_t bits)
{
    for (uint32_t i = 0; i < size; i++)
        dst[i] = (uint8_t)(bits >> (8 * i));
}

static uint64_t ref_random(const wl_buffer_t *b, uint64_t *state, double flo, double fhi)
{
    uint64_t x = wl_splitmix64(state);
    if (wl_type_is_float(b->type)) {
        double u = (double)(x >> 11) * 0x1.0p-53;
        double v = flo + u * (fhi - flo);
        if (b->type == WL_F32) {
            float f = (float)v;
            if (f >= (float)fhi)
                f = nextafterf((float)fhi, (float)flo);
            return ref_bits(WL_F32, 0, f);
        }
        if (v >= fhi)
            v = nextafter(fhi, flo);
        return ref_bits(WL_F64, 0, v);
    }
    uint64_t lo = (uint64_t)b->b.i, span = (uint64_t)b->c.i - lo + 1;
    return ref_bits(b->type, (int64_t)(lo + (span ? x % span : x)), 0);
}

static void ref_fill(const wl_buffer_t *b, uint8_t *data)
{
    uint32_t size = wl_type_size(b->type);
    uint64_t state = (uint64_t)b->a.i;
    double flo = b->random_range ? b->b.f : 0.0, fhi = b->random_range ? b->c.f : 1.0;
    for (uint64_t i = 0; i < b->count; i++) {
        uint64_t bits = 0;
        switch (b->init) {
        case WL_INIT_ZERO: bits = 0; break;
        case WL_INIT_VALUE: bits = ref_bits(b->type, b->a.i, b->a.f); break;
        case WL_INIT_IOTA:
            bits = ref_bits(b->type, (int64_t)((uint64_t)b->a.i + i * (uint64_t)b->b.i), b->a.f + (double)i * b->b.f);
            break;
        case WL_INIT_RANDOM: bits = ref_random(b, &state, flo, fhi); break;
        default: break;
        }
        ref_put(data + i * size, size, bits);
    }
}

static uint64_t ref_checksum(const uint8_t *data, uint64_t bytes)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (uint64_t i = 0; i < bytes; i++) {
        h ^= data[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

/* ---- random comparisons --------------------------------------------------------------------- */

static double rnd_double(uint64_t *s)
{
    /* Mostly ordinary ranges, sometimes huge, tiny or a range whose top rounds (f32) onto hi. */
    uint64_t x = wl_splitmix64(s);
    switch (x % 5) {
    case 0: return (double)(int64_t)(wl_splitmix64(s) % 2001) - 1000.0;
    case 1: return ldexp((double)(wl_splitmix64(s) >> 11) * 0x1.0p-53, (int)(wl_splitmix64(s) % 200) - 100);
    case 2: return -ldexp((double)(wl_splitmix64(s) >> 11) * 0x1.0p-53, (int)(wl_splitmix64(s) % 60));
    case 3: return 1.0;
    default: return (double)(wl_splitmix64(s) % 7) * 0.25;
    }
}

START_TEST(fill_matches_reference)
{
    uint64_t s = 12345;
    static const uint64_t counts[] = { 0, 1, 2, 3, 7, 8, 9, 64, 100, 1023 };
    static const wl_init_t inits[] = { WL_INIT_ZERO, WL_INIT_VALUE, WL_INIT_IOTA, WL_INIT_RANDOM };
    for (int iter = 0; iter < 2000; iter++) {
        wl_buffer_t b;
        memset(&b, 0, sizeof b);
        b.type = (wl_type_t)(wl_splitmix64(&s) % WL_NUM_TYPES);
        b.count = counts[wl_splitmix64(&s) % (sizeof counts / sizeof counts[0])];
        b.init = inits[wl_splitmix64(&s) % 4];
        b.a.i = (int64_t)wl_splitmix64(&s);
        b.b.i = (int64_t)wl_splitmix64(&s) >> (wl_splitmix64(&s) % 64);
        b.c.i = b.b.i + (int64_t)(wl_splitmix64(&s) % 1000);
        if (iter % 17 == 0)
            b.c.i = b.b.i - 1; /* span 0: the full 64-bit range */
        b.a.f = rnd_double(&s);
        b.b.f = rnd_double(&s);
        b.c.f = b.b.f + fabs(rnd_double(&s)) + (iter % 3 == 0 ? 0x1.0p-30 : 1.0);
        if (b.init == WL_INIT_RANDOM && wl_type_is_float(b.type)) {
            b.random_range = wl_splitmix64(&s) % 2;
            b.a.i = (int64_t)wl_splitmix64(&s);
        }
        size_t bytes = (size_t)(b.count * wl_type_size(b.type));
        uint8_t *got = malloc(bytes + 1), *want = malloc(bytes + 1);
        memset(got, 0xa5, bytes + 1);
        memset(want, 0xa5, bytes + 1);
        char msg[200];
        ck_assert_msg(wl_buffer_fill(&b, got, msg, sizeof msg), "%s", msg);
        ref_fill(&b, want);
        ck_assert_msg(memcmp(got, want, bytes + 1) == 0, "iter %d: %s[%llu] init %d differs", iter,
                      wl_type_name(b.type), (unsigned long long)b.count, (int)b.init);
        free(got);
        free(want);
    }
}
END_TEST

START_TEST(checksum_matches_reference)
{
    uint64_t s = 777;
    uint8_t buf[300];
    for (size_t i = 0; i < sizeof buf; i++)
        buf[i] = (uint8_t)wl_splitmix64(&s);
    /* Every length and start around the eight-byte steps, including the empty buffer. */
    for (size_t off = 0; off < 9; off++)
        for (size_t n = 0; n + off <= sizeof buf; n++)
            ck_assert_uint_eq(report_checksum(buf + off, n), ref_checksum(buf + off, n));
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("fill_checksum");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, fill_matches_reference);
    tcase_add_test(tc, checksum_matches_reference);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)
