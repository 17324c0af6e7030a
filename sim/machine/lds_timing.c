/* ldst: LDS bank-conflict timing (docs/architecture.md, "LDS timing").
 *
 * A pass serves up to `banks` lanes (lanes 0..banks-1, then the next group, ...) for one dword of
 * every lane; a lane accessing several dwords (b64, b128) or two elements (read2/write2) needs one
 * pass per dword. Within a pass each bank returns one distinct dword per cycle and lanes on the
 * same dword share it, so the pass costs its busiest bank's count of distinct dwords. */
#include "machine/lds_timing.h"

#include <stdbool.h>
#include <string.h>

#include "exec/exec_ds_atomic.h"

/* Cycles of one pass: lanes [first, first+count) of `mask`, each at dword dw[lane]. O(n^2) over at
 * most 64 lanes, which avoids a table sized by a configurable bank count; used when there are
 * more than 64 banks. */
static uint32_t pass_cycles_any(const uint64_t dw[ISA_WAVE_SIZE], uint64_t mask, unsigned first, unsigned count,
                                uint64_t banks)
{
    uint64_t distinct[ISA_WAVE_SIZE];
    unsigned n = 0;
    for (unsigned l = first; l < first + count; l++) {
        if (!(mask >> l & 1))
            continue;
        unsigned i = 0;
        while (i < n && distinct[i] != dw[l])
            i++;
        if (i == n) /* a new dword; a repeat is a broadcast and costs nothing more */
            distinct[n++] = dw[l];
    }
    uint32_t worst = 0;
    for (unsigned i = 0; i < n; i++) {
        uint32_t same_bank = 0;
        for (unsigned j = 0; j < n; j++)
            same_bank += distinct[j] % banks == distinct[i] % banks;
        if (same_bank > worst)
            worst = same_bank;
    }
    return worst; /* 0 when no lane of the pass is active */
}

/* The same for at most 64 banks, linear in the lanes: each bank keeps a chain of the lanes that
 * brought it a new dword (a lane is compared only with earlier lanes of its own bank), and the
 * pass costs the longest chain. This runs on every DS instruction of the timing model. */
static uint32_t pass_cycles(const uint64_t dw[ISA_WAVE_SIZE], uint64_t mask, unsigned first, unsigned count,
                            uint64_t banks)
{
    if (banks > ISA_WAVE_SIZE)
        return pass_cycles_any(dw, mask, first, count, banks);
    bool pow2 = (banks & (banks - 1)) == 0;
    uint64_t m = count >= ISA_WAVE_SIZE ? mask : mask & (((uint64_t)1 << count) - 1) << first;
    if (pow2) {
        /* The usual case first: every bank sees one distinct dword (lanes sharing a dword are a
         * broadcast), so the pass costs one cycle; the first second dword of a bank sends the pass
         * to the chains below. */
        uint64_t used = 0, bank_dw[ISA_WAVE_SIZE];
        uint64_t f = m;
        for (; f; f &= f - 1) {
            uint64_t d = dw[__builtin_ctzll(f)];
            unsigned b = (unsigned)(d & (banks - 1));
            if (!(used >> b & 1)) {
                used |= (uint64_t)1 << b;
                bank_dw[b] = d;
            } else if (bank_dw[b] != d) {
                break;
            }
        }
        if (!f)
            return m != 0;
    }
    uint8_t head[ISA_WAVE_SIZE], next[ISA_WAVE_SIZE], len[ISA_WAVE_SIZE];
    const uint8_t none = 0xff;
    memset(head, none, sizeof head);
    uint32_t worst = 0;
    for (; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint64_t d = dw[l];
        unsigned b = (unsigned)(pow2 ? d & (banks - 1) : d % banks);
        unsigned i = head[b];
        while (i != none && dw[i] != d)
            i = next[i];
        if (i != none) /* a repeat is a broadcast and costs nothing more */
            continue;
        next[l] = (uint8_t)head[b];
        len[l] = head[b] == none ? 1 : (uint8_t)(len[head[b]] + 1);
        head[b] = (uint8_t)l;
        if (len[l] > worst)
            worst = len[l];
    }
    return worst; /* 0 when no lane of the pass is active */
}

static unsigned popcount64(uint64_t v)
{
    unsigned n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

uint32_t ldst_cycles(const ldst_params_t *p, const isa_inst_t *in, const isa_exec_result_t *res)
{
    const isa_op_info_t *info = &isa_ops[in->op];
    uint64_t mask = res->lanes;
    unsigned active = popcount64(mask);
    uint64_t bw = p->bytes_per_cycle;
    uint64_t pass_sum = 0, bytes;

    if (isa_ds_crossbar((isa_op_t)in->op)) {
        bytes = 4ull * active; /* a crossbar move: no bank conflicts */
    } else {
        /* Element geometry as isa_exec uses it: read2/write2 move two elements of half the
         * table's bytes, offset0/offset1 apart in elements (64 elements for the st64 forms). */
        uint64_t esize = info->mem_bytes, nelem = 1, stride = 0;
        if (info->flags & ISA_FL_DUAL) {
            nelem = 2;
            esize = info->mem_bytes / 2;
            stride = esize;
            if (isa_ds_st64((isa_op_t)in->op))
                stride = 64 * esize;
        }
        uint64_t ndw = esize < 4 ? 1 : esize / 4; /* b8/b16 touch one dword */
        bytes = (uint64_t)active * info->mem_bytes;
        /* Zero banks cannot come from the configuration; serve one lane at a time. */
        uint64_t banks = p->banks ? p->banks : 1;
        unsigned group = banks < ISA_WAVE_SIZE ? (unsigned)banks : ISA_WAVE_SIZE;
        for (uint64_t e = 0; e < nelem; e++) {
            /* res->addr holds the first element (base + offset0 * stride); only active lanes are
             * read by the passes. */
            uint64_t dw[ISA_WAVE_SIZE];
            uint64_t delta = e == 1 ? (uint64_t)in->offset1 * stride - (uint64_t)in->offset0 * stride : 0;
            uint64_t first_dw = mask ? (res->addr[__builtin_ctzll(mask)] + delta) / 4 : 0;
            bool uniform = true; /* every lane on one dword: a broadcast, one cycle per pass */
            for (uint64_t m = mask; m; m &= m - 1) {
                unsigned l = (unsigned)__builtin_ctzll(m);
                dw[l] = (res->addr[l] + delta) / 4;
                uniform &= dw[l] == first_dw;
            }
            uint64_t elem_sum = 0;
            for (unsigned first = 0; first < ISA_WAVE_SIZE; first += group) {
                unsigned count = ISA_WAVE_SIZE - first < group ? ISA_WAVE_SIZE - first : group;
                uint64_t win = count >= ISA_WAVE_SIZE ? ~(uint64_t)0 : (((uint64_t)1 << count) - 1) << first;
                elem_sum += uniform ? (mask & win) != 0 : pass_cycles(dw, mask, first, count, banks);
            }
            /* The element's next dwords (d = 1 .. ndw-1) shift every lane's dword by d: distinct
             * dwords stay distinct and lanes sharing a bank (dword mod banks) still share one, so
             * each of those passes costs what the first did. */
            pass_sum += elem_sum * ndw;
        }
    }
    uint64_t cycles = pass_sum;
    if (bw) {
        uint64_t bw_cycles = (bytes + bw - 1) / bw;
        if (bw_cycles > cycles)
            cycles = bw_cycles;
    }
    if (cycles == 0) /* no active lane: the instruction still occupies the pipeline once */
        cycles = 1;
    return cycles > UINT32_MAX ? UINT32_MAX : (uint32_t)cycles;
}
