/* wl_values: the workload's value vocabulary — scalar types, number parsing, buffer initialisation
 * (zero, value, iota, random via splitmix64, file), and the edit distance behind "did you mean". */
#include "load/workload.h"

#include "base/fileio.h"
#include "common/le.h"

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

/* `n` elements of `size` bytes, element i's bits being EXPR (which may use i and advance state).
 * The store of one fixed size is picked outside the loop (common/le.h: the compiler makes each a
 * single store), not a byte loop per element. */
#define FILL_ELEMS(data, size, n, EXPR)                                                            \
    do {                                                                                           \
        switch (size) {                                                                            \
        case 8: for (uint64_t i = 0; i < (n); i++) le_put64((data) + 8 * i, (EXPR)); break;         \
        case 4: for (uint64_t i = 0; i < (n); i++) le_put32((data) + 4 * i, (EXPR)); break;         \
        case 2: for (uint64_t i = 0; i < (n); i++) le_put16((data) + 2 * i, (EXPR)); break;         \
        default: for (uint64_t i = 0; i < (n); i++) le_put((data) + (size) * i, (size), (EXPR)); break;   \
        }                                                                                          \
    } while (0)

/* Random floats: uniform in [lo, hi), the top value (reachable by rounding) moved just below hi. */
static inline uint64_t random_f64(uint64_t *state, double flo, double fhi)
{
    double u = (double)(wl_splitmix64(state) >> 11) * 0x1.0p-53;
    double v = flo + u * (fhi - flo);
    if (v >= fhi)
        v = nextafter(fhi, flo);
    return num_bits(WL_F64, 0, v);
}
static inline uint64_t random_f32(uint64_t *state, double flo, double fhi)
{
    double u = (double)(wl_splitmix64(state) >> 11) * 0x1.0p-53;
    float f = (float)(flo + u * (fhi - flo));
    if (f >= (float)fhi)
        f = nextafterf((float)fhi, (float)flo);
    return num_bits(WL_F32, 0, f);
}
/* Random integers uniform in [lo, hi] (modulo reduction); span 0 is the full 64-bit range. */
static inline uint64_t random_int(wl_type_t t, uint64_t *state, uint64_t lo, uint64_t span)
{
    uint64_t x = wl_splitmix64(state);
    return num_bits(t, (int64_t)(lo + (span ? x % span : x)), 0);
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
        /* One element, then the filled part copied onto the rest, doubling each time. */
        if (n == 0)
            return true;
        le_put(data, size, num_bits(b->type, b->a.i, b->a.f));
        size_t done = size, total = (size_t)(n * size);
        while (done < total) {
            size_t k = done < total - done ? done : total - done;
            memcpy(data + done, data, k);
            done += k;
        }
        return true;
    }
    case WL_INIT_IOTA: {
        /* Integers wrap in the element type; floats are computed in double, then rounded. */
        wl_type_t t = b->type;
        uint64_t a = (uint64_t)b->a.i, step = (uint64_t)b->b.i;
        double fa = b->a.f, fstep = b->b.f;
        if (types[t].is_float)
            FILL_ELEMS(data, size, n, num_bits(t, 0, fa + (double)i * fstep));
        else
            FILL_ELEMS(data, size, n, num_bits(t, (int64_t)(a + i * step), 0));
        return true;
    }
    case WL_INIT_RANDOM: {
        uint64_t state = (uint64_t)b->a.i;
        double flo = b->random_range ? b->b.f : 0.0, fhi = b->random_range ? b->c.f : 1.0;
        if (b->type == WL_F64)
            FILL_ELEMS(data, 8, n, random_f64(&state, flo, fhi));
        else if (b->type == WL_F32)
            FILL_ELEMS(data, 4, n, random_f32(&state, flo, fhi));
        else {
            uint64_t lo = (uint64_t)b->b.i, span = (uint64_t)b->c.i - lo + 1;
            wl_type_t t = b->type;
            FILL_ELEMS(data, size, n, random_int(t, &state, lo, span));
        }
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
