/* trace_internal: what the trace writer (trace.c) and reader (trace_read.c) share — the magic,
 * the record types, the header bounds, the checksum and the signed-integer mapping — kept in one
 * place so the two halves of the format cannot drift apart. Not part of the trace API (trace.h). */
#ifndef GCNSIM_TRACE_INTERNAL_H
#define GCNSIM_TRACE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

static const char trace_magic[8] = { 'G', 'C', 'N', 'T', 'R', 'A', 'C', 'E' };

/* Record types (the first byte of every record). */
enum {
    REC_WAVE_STATE = 0x00,   /* 0x00 + tev_wave_state_t */
    REC_ISSUE = 0x10,
    REC_ISSUE_MFMA = 0x11,   /* version 6: an MFMA's issue, with its matrix-core cycles */
    REC_WG_START = 0x18,
    REC_WG_END = 0x19,
    REC_LIMITER = 0x20,      /* 0x20 + tev_cu_state_t */
    /* ---- hazards (version 5): one record per hazard the checker found (docs/trace-format.md) ---- */
    REC_HAZARD = 0x30,
    /* ---- end of hazards ---- */
    REC_MEM = 0x31,          /* version 5 memory block: a memory instruction's trip (TRACE_FLAG_MEM) */
    REC_END = 0x7f
};

/* Version 5 memory block: a memory record is at most this long (34 numbers of at most 10 bytes). */
enum { MEM_REC_MAX = 352 };

/* Bounds the reader enforces on the header (the configuration's own limits, with room). */
enum { MAX_CU = 512, MAX_SIMDS = 4, MAX_SLOTS = 16, MAX_INSTS = 1 << 24, MAX_TEXT = 4096 };

static inline uint32_t fnv1a(uint32_t h, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 16777619u;
    }
    return h;
}
#define FNV_BASIS 2166136261u

static inline uint64_t zigzag(int64_t v) { return ((uint64_t)v << 1) ^ (uint64_t)(v >> 63); }
static inline int64_t unzigzag(uint64_t v) { return (int64_t)(v >> 1) ^ -(int64_t)(v & 1); }

#endif
