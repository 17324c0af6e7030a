/* wl_values: the workload's value vocabulary — scalar types, number parsing, buffer initialisation
 * (zero, value, iota, random via splitmix64, file), and the edit distance behind "did you mean". */
#include "load/workload.h"

#include "base/fileio.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name;
    uint32_t size;
    bool is_float, is_signed;
} types[WL_NUM_TYPES] = {
    [WL_U8] = { "u8", 1, false, false },   [WL_I8] = { "i8", 1, false, true },
    [WL_U16] = { "u16", 2, false, false }, [WL_I16] = { "i16", 2, false, true },
    [WL_U32] = { "u32", 4, false, false }, [WL_I32] = { "i32", 4, false, true },
    [WL_U64] = { "u64", 8, false, false }, [WL_I64] = { "i64", 8, false, true },
    [WL_F32] = { "f32", 4, true, true },   [WL_F64] = { "f64", 8, true, true },
};

const char *wl_type_name(wl_type_t t) { return t < WL_NUM_TYPES ? types[t].name : "?"; }
uint32_t wl_type_size(wl_type_t t) { return t < WL_NUM_TYPES ? types[t].size : 0; }
bool wl_type_is_float(wl_type_t t) { return t < WL_NUM_TYPES && types[t].is_float; }

wl_type_t wl_type_lookup(const char *name)
{
    for (int t = 0; t < WL_NUM_TYPES; t++)
        if (strcmp(types[t].name, name) == 0)
            return (wl_type_t)t;
    return WL_NUM_TYPES;
}

/* Parse a whole string as an integer in [lo, hi] (signed) or [0, uhi] (unsigned). */
static bool parse_int(wl_type_t t, const char *text, int64_t *out, char *msg, size_t msglen)
{
    const char *p = text;
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p == '\0') {
        snprintf(msg, msglen, "missing %s value", wl_type_name(t));
        return false;
    }
    char *end;
    errno = 0;
    bool neg = *p == '-';
    uint64_t u = 0;
    int64_t s = 0;
    if (neg)
        s = strtoll(p, &end, 0);
    else
        u = strtoull(p, &end, 0);
    while (*end == ' ' || *end == '\t')
        end++;
    if (end == p || *end != '\0') {
        snprintf(msg, msglen, "'%s' is not an integer (%s)", text, wl_type_name(t));
        return false;
    }
    unsigned bits = types[t].size * 8;
    bool range_ok;
    if (errno == ERANGE)
        range_ok = false;
    else if (types[t].is_signed) {
        int64_t hi = bits == 64 ? INT64_MAX : (int64_t)((1ull << (bits - 1)) - 1);
        int64_t lo = -hi - 1;
        range_ok = neg ? s >= lo : u <= (uint64_t)hi;
        if (!neg)
            s = (int64_t)u;
    } else {
        uint64_t hi = bits == 64 ? UINT64_MAX : (1ull << bits) - 1;
        range_ok = !neg && u <= hi;
        s = (int64_t)u;
    }
    if (!range_ok) {
        snprintf(msg, msglen, "'%s' is out of range for %s", text, wl_type_name(t));
        return false;
    }
    *out = s;
    return true;
}

static bool parse_float(wl_type_t t, const char *text, double *out, char *msg, size_t msglen)
{
    char *end;
    errno = 0;
    double d = strtod(text, &end);
    while (*end == ' ' || *end == '\t')
        end++;
    if (end == text || *end != '\0') {
        snprintf(msg, msglen, "'%s' is not a number (%s)", text, wl_type_name(t));
        return false;
    }
    if (t == WL_F32 && isfinite(d) && fabs(d) > 3.4028234663852886e38) {
        snprintf(msg, msglen, "'%s' is out of range for f32", text);
        return false;
    }
    *out = d;
    return true;
}

/* The bit pattern of a number of type t (integers truncated to the type, two's complement). */
static uint64_t num_bits(wl_type_t t, int64_t i, double f)
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
    unsigned bits = types[t].size * 8;
    return bits == 64 ? (uint64_t)i : (uint64_t)i & ((1ull << bits) - 1);
}

bool wl_parse_num(wl_type_t t, const char *text, wl_num_t *out, char *msg, size_t msglen)
{
    out->i = 0;
    out->f = 0;
    if (types[t].is_float)
        return parse_float(t, text, &out->f, msg, msglen);
    if (!parse_int(t, text, &out->i, msg, msglen))
        return false;
    out->f = types[t].is_signed ? (double)out->i : (double)(uint64_t)out->i;
    return true;
}

bool wl_parse_scalar(wl_type_t t, const char *text, uint64_t *bits, char *msg, size_t msglen)
{
    wl_num_t n;
    if (!wl_parse_num(t, text, &n, msg, msglen))
        return false;
    *bits = num_bits(t, n.i, n.f);
    return true;
}

uint64_t wl_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static void put(uint8_t *dst, uint32_t size, uint64_t bits)
{
    for (uint32_t i = 0; i < size; i++)
        dst[i] = (uint8_t)(bits >> (8 * i));
}

/* One random element: integers uniform in [lo, hi] (modulo reduction), floats in [lo, hi). */
static uint64_t random_elem(const wl_buffer_t *b, uint64_t *state, double flo, double fhi)
{
    uint64_t x = wl_splitmix64(state);
    if (types[b->type].is_float) {
        double u = (double)(x >> 11) * 0x1.0p-53;
        double v = flo + u * (fhi - flo);
        if (b->type == WL_F32) {
            float f = (float)v;
            if (f >= (float)fhi)
                f = nextafterf((float)fhi, (float)flo);
            return num_bits(WL_F32, 0, f);
        }
        if (v >= fhi)
            v = nextafter(fhi, flo);
        return num_bits(WL_F64, 0, v);
    }
    uint64_t lo = (uint64_t)b->b.i, span = (uint64_t)b->c.i - lo + 1; /* 0: the full 64-bit range */
    return num_bits(b->type, (int64_t)(lo + (span ? x % span : x)), 0);
}

bool wl_buffer_fill(const wl_buffer_t *b, uint8_t *data, char *msg, size_t msglen)
{
    uint32_t size = types[b->type].size;
    uint64_t n = b->count;
    switch (b->init) {
    case WL_INIT_ZERO:
        memset(data, 0, (size_t)(n * size));
        return true;
    case WL_INIT_VALUE: {
        uint64_t bits = num_bits(b->type, b->a.i, b->a.f);
        for (uint64_t i = 0; i < n; i++)
            put(data + i * size, size, bits);
        return true;
    }
    case WL_INIT_IOTA:
        for (uint64_t i = 0; i < n; i++) {
            /* Integers wrap in the element type; floats are computed in double, then rounded. */
            int64_t iv = (int64_t)((uint64_t)b->a.i + i * (uint64_t)b->b.i);
            put(data + i * size, size, num_bits(b->type, iv, b->a.f + (double)i * b->b.f));
        }
        return true;
    case WL_INIT_RANDOM: {
        uint64_t state = (uint64_t)b->a.i;
        double flo = b->random_range ? b->b.f : 0.0, fhi = b->random_range ? b->c.f : 1.0;
        for (uint64_t i = 0; i < n; i++)
            put(data + i * size, size, random_elem(b, &state, flo, fhi));
        return true;
    }
    case WL_INIT_FILE: {
        /* Only a regular file: a directory or FIFO would otherwise read as "fewer bytes" or block. */
        char why[200];
        unsigned long long fsize = 0;
        FILE *f = fio_open_regular(b->file, "buffer init file", &fsize, why, sizeof why);
        if (!f) {
            snprintf(msg, msglen, "buffer '%s': init file '%s': %s", b->name, b->file, why);
            return false;
        }
        uint64_t want = n * size;
        /* Its size is known from the open: a wrong one is said before reading anything. */
        if (fsize != want) {
            fclose(f);
            snprintf(msg, msglen, "buffer '%s': init file '%s' has %llu bytes, expected exactly %" PRIu64
                     " (%" PRIu64 " x %s)", b->name, b->file, fsize, want, n, wl_type_name(b->type));
            return false;
        }
        size_t got = fread(data, 1, (size_t)want, f);
        int extra = fgetc(f);
        fclose(f);
        if (got != want || extra != EOF) {
            snprintf(msg, msglen, "buffer '%s': init file '%s' has %s bytes, expected exactly %" PRIu64
                     " (%" PRIu64 " x %s)", b->name, b->file, got != want ? "fewer" : "more", want, n,
                     wl_type_name(b->type));
            return false;
        }
        return true;
    }
    }
    return true;
}

/* Optimal string alignment distance: Levenshtein plus adjacent transpositions, so that "grdi" is
 * one edit from "grid". Names are short; longer ones are simply "far". */
