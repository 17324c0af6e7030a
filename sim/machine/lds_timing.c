/* ldst: LDS bank-conflict timing (docs/architecture.md, "LDS timing").
 *
 * A pass serves up to `banks` lanes (lanes 0..banks-1, then the next group, ...) for every dword
 * they access: one dword a lane for b32 and narrower, all of them for b64, b128 and the two elements
 * of read2/write2 (the LDS moves 128 bytes, a dword per bank, a clock at every width: CLRX's
 * measured DS_READ_B64 one every 4 cycles, DS_READ_B128 every 8, DS_READ2_B32 every 4). Each bank
 * returns one distinct dword per cycle and lanes on the same dword share it, so the pass costs its
 * busiest bank's count of distinct dwords. */
#include "machine/lds_timing.h"

#include <stdbool.h>
#include <stdlib.h>
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
 * pass costs the longest chain. */
static uint32_t pass_cycles(const uint64_t dw[ISA_WAVE_SIZE], uint64_t mask, unsigned first, unsigned count,
                            uint64_t banks)
{
    if (banks > ISA_WAVE_SIZE)
        return pass_cycles_any(dw, mask, first, count, banks);
    bool pow2 = (banks & (banks - 1)) == 0;
    uint64_t m = count >= ISA_WAVE_SIZE ? mask : mask & (((uint64_t)1 << count) - 1) << first;
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

/* Dword d in its bank: false when the bank already has another dword (a conflict). */
static inline __attribute__((always_inline)) bool bank_take(uint64_t d, uint64_t bm, uint64_t *used,
                                                            uint64_t bank_dw[ISA_WAVE_SIZE])
{
    unsigned b = (unsigned)(d & bm);
    if (!(*used >> b & 1)) {
        *used |= (uint64_t)1 << b;
        bank_dw[b] = d;
        return true;
    }
    return bank_dw[b] == d;
}

/* One pass of a power-of-two bank count up to 64, the dwords taken from the addresses directly
 * (dword = (addr + delta) / 4): a pass whose banks each see one distinct dword costs one cycle,
 * found in one walk with a bit mask of the banks (a whole pass of active lanes, the usual case,
 * in a plain loop); the first bank with a second dword sends the pass to the chains. */
static uint32_t pass_pow2(const uint64_t addr[ISA_WAVE_SIZE], uint64_t delta, uint64_t mask, unsigned first,
                          unsigned count, uint64_t banks)
{
    uint64_t win = count >= ISA_WAVE_SIZE ? ~(uint64_t)0 : (((uint64_t)1 << count) - 1) << first;
    uint64_t m = mask & win, used = 0, bank_dw[ISA_WAVE_SIZE], bm = banks - 1;
    if (m == win) {
        for (unsigned l = first; l < first + count; l++)
            if (!bank_take((addr[l] + delta) / 4, bm, &used, bank_dw))
                goto conflict;
        return 1;
    }
    for (uint64_t f = m; f; f &= f - 1)
        if (!bank_take((addr[__builtin_ctzll(f)] + delta) / 4, bm, &used, bank_dw))
            goto conflict;
    return m != 0;
conflict:;
    uint64_t dw[ISA_WAVE_SIZE];
    for (uint64_t f = m; f; f &= f - 1) {
        unsigned l = (unsigned)__builtin_ctzll(f);
        dw[l] = (addr[l] + delta) / 4;
    }
    return pass_cycles(dw, mask, first, count, banks);
}

/* Cycles of one element (every lane's dword at addr + delta) over all passes; for other than a
 * power-of-two bank count, `*hi` gathers the OR of the active lanes' addresses. */
static uint64_t elem_cycles(const uint64_t addr[ISA_WAVE_SIZE], uint64_t delta, uint64_t mask, uint64_t banks,
                            uint64_t *hi)
{
    unsigned group = banks < ISA_WAVE_SIZE ? (unsigned)banks : ISA_WAVE_SIZE;
    uint64_t sum = 0;
    if ((banks & (banks - 1)) == 0 && banks <= ISA_WAVE_SIZE) {
        for (unsigned first = 0; first < ISA_WAVE_SIZE; first += group)
            sum += pass_pow2(addr, delta, mask, first, group, banks);
        return sum;
    }
    uint64_t dw[ISA_WAVE_SIZE];
    uint64_t first_dw = mask ? (addr[__builtin_ctzll(mask)] + delta) / 4 : 0;
    bool uniform = true; /* every lane on one dword: a broadcast, one cycle per pass */
    for (uint64_t m = mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        dw[l] = (addr[l] + delta) / 4;
        *hi |= addr[l];
        uniform &= dw[l] == first_dw;
    }
    for (unsigned first = 0; first < ISA_WAVE_SIZE; first += group) {
        unsigned count = ISA_WAVE_SIZE - first < group ? ISA_WAVE_SIZE - first : group;
        uint64_t win = count >= ISA_WAVE_SIZE ? ~(uint64_t)0 : (((uint64_t)1 << count) - 1) << first;
        sum += uniform ? (mask & win) != 0 : pass_cycles(dw, mask, first, count, banks);
    }
    return sum;
}

/* The passes of all elements and dwords: res->addr holds the first element (base + offset0 *
 * stride); only active lanes are read. The element's next dwords (d = 1 .. ndw-1) shift every
 * lane's dword by d: distinct dwords stay distinct and lanes sharing a bank (dword mod banks) still
 * share one, so each of those passes costs what the first did. The second element (read2/write2)
 * is the first shifted by delta bytes; a whole number of dwords again keeps the cost: modulo 2^62
 * dwords (what the 64-bit byte address leaves) for a power-of-two bank count, which divides 2^62;
 * for others only without wrap-around (every address and delta below 2^32). */
static uint64_t passes(const uint64_t addr[ISA_WAVE_SIZE], uint64_t mask, uint64_t banks, uint64_t ndw,
                       uint64_t nelem, uint64_t delta)
{
    uint64_t hi = 0, sum0 = elem_cycles(addr, 0, mask, banks, &hi), sum = sum0 * ndw;
    if (nelem == 2) {
        bool pow2 = (banks & (banks - 1)) == 0;
        bool same = (delta & 3) == 0 && (pow2 || (delta | hi) >> 32 == 0);
        sum += (same ? sum0 : elem_cycles(addr, delta, mask, banks, &hi)) * ndw;
    }
    return sum;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* A wide access (ndw dwords an element, nelem elements delta bytes apart): each pass of `banks`
 * lanes pools every dword its lanes touch, and costs its busiest bank's count of distinct dwords. */
static uint64_t wide_passes(const uint64_t addr[ISA_WAVE_SIZE], uint64_t mask, uint64_t banks, uint64_t ndw,
                            uint64_t nelem, uint64_t delta)
{
    unsigned group = banks < ISA_WAVE_SIZE ? (unsigned)banks : ISA_WAVE_SIZE;
    uint64_t sum = 0;
    for (unsigned first = 0; first < ISA_WAVE_SIZE; first += group) {
        uint64_t dw[ISA_WAVE_SIZE * 8]; /* ndw <= 4 (b128), nelem x ndw <= 4 (read2_b64) */
        unsigned n = 0, end = first + group < ISA_WAVE_SIZE ? first + group : ISA_WAVE_SIZE;
        for (unsigned l = first; l < end; l++) {
            if (!(mask >> l & 1))
                continue;
            for (uint64_t e = 0; e < nelem; e++)
                for (uint64_t d = 0; d < ndw && n < sizeof dw / sizeof dw[0]; d++)
                    dw[n++] = (addr[l] + e * delta) / 4 + d;
        }
        if (!n)
            continue;
        /* The distinct dwords (a repeat is a broadcast and costs nothing more), then their banks:
         * the longest run of one bank is the busiest bank's count. */
        qsort(dw, n, sizeof dw[0], cmp_u64);
        unsigned u = 0;
        uint64_t prev = 0;
        for (unsigned i = 0; i < n; i++) {
            uint64_t d = dw[i]; /* u <= i: dw[i] is still a dword; dw[i - 1] may be a bank by now */
            if (!i || d != prev)
                dw[u++] = d % banks;
            prev = d;
        }
        qsort(dw, u, sizeof dw[0], cmp_u64);
        uint64_t worst = 0, run = 0;
        for (unsigned i = 0; i < u; i++) {
            run = i && dw[i] == dw[i - 1] ? run + 1 : 1;
            worst = run > worst ? run : worst;
        }
        sum += worst;
    }
    return sum;
}

/* Atomics: each lane's read-modify-write is its own access to its bank, so lanes on one address
 * do not share it as reads do (hardware serialises same-address atomics; that is why LLVM's
 * AMDGPUAtomicOptimizer folds a wave's uniform atomic into one lane). A pass costs its busiest
 * bank's count of active lanes, whatever their dwords; the element's further dwords and the second
 * element of the dual forms cost the same again (a shift by whole dwords moves every lane's bank
 * alike). */
static uint64_t atomic_passes(const uint64_t addr[ISA_WAVE_SIZE], uint64_t mask, uint64_t banks, uint64_t ndw,
                              uint64_t nelem)
{
    unsigned group = banks < ISA_WAVE_SIZE ? (unsigned)banks : ISA_WAVE_SIZE;
    uint64_t sum = 0;
    for (unsigned first = 0; first < ISA_WAVE_SIZE; first += group) {
        unsigned end = first + group < ISA_WAVE_SIZE ? first + group : ISA_WAVE_SIZE;
        uint32_t worst = 0;
        for (unsigned l = first; l < end; l++) { /* O(group^2) over at most 64 lanes, any bank count */
            if (!(mask >> l & 1))
                continue;
            uint64_t b = addr[l] / 4 % banks;
            uint32_t same = 0;
            for (unsigned j = first; j < end; j++)
                same += (mask >> j & 1) && addr[j] / 4 % banks == b;
            if (same > worst)
                worst = same;
        }
        sum += worst;
    }
    return sum * ndw * nelem;
}

enum { MEMO_SLOTS = 64 };

typedef struct {
    const isa_inst_t *in;           /* NULL: empty */
    uint16_t op;                    /* the instruction's op and offsets too, and the bank count: */
    uint8_t offset0, offset1;       /* a caller may reuse an instruction's storage (tests do) */
    uint32_t banks;
    uint64_t mask, base, pass_sum;  /* the active lanes, the first one's address, the bank count */
    uint64_t rel[ISA_WAVE_SIZE];    /* each active lane's address minus base */
} memo_entry_t;

struct ldst_memo {
    memo_entry_t e[MEMO_SLOTS];
};

ldst_memo_t *ldst_memo_new(void) { return calloc(1, sizeof(ldst_memo_t)); }

void ldst_memo_free(ldst_memo_t *m) { free(m); }

/* True when the active lanes' addresses are the entry's pattern shifted by base - e->base. */
static bool memo_same(const memo_entry_t *e, const uint64_t addr[ISA_WAVE_SIZE], uint64_t mask, uint64_t base)
{
    if (mask == ~(uint64_t)0) { /* no early exit: a loop the compiler can vectorise */
        uint64_t diff = 0;
        for (unsigned l = 0; l < ISA_WAVE_SIZE; l++)
            diff |= (addr[l] - base) ^ e->rel[l];
        return diff == 0;
    }
    for (uint64_t m = mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        if (addr[l] - base != e->rel[l])
            return false;
    }
    return true;
}

uint32_t ldst_cycles(const ldst_params_t *p, const isa_inst_t *in, const isa_exec_result_t *res)
{
    const isa_op_info_t *info = &isa_ops[in->op];
    uint64_t mask = res->lanes;
    unsigned active = (unsigned)__builtin_popcountll(mask);
    /* Writes and atomics move data into the LDS at their own rate (lds.write_bytes_per_cycle; 0 in
     * the parameters: the read rate). */
    bool writes = (info->flags & (ISA_FL_STORE | ISA_FL_ATOMIC)) != 0;
    uint64_t bw = writes && p->write_bytes_per_cycle ? p->write_bytes_per_cycle : p->bytes_per_cycle;
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
        uint64_t delta = (uint64_t)in->offset1 * stride - (uint64_t)in->offset0 * stride;
        /* A power-of-two bank count keeps the count of a pattern shifted by whole dwords (see
         * passes): the memo's pattern, when it is this one, has the answer. */
        memo_entry_t *me = NULL;
        uint64_t base = mask ? res->addr[__builtin_ctzll(mask)] : 0;
        if (p->memo && (banks & (banks - 1)) == 0 && mask)
            me = &p->memo->e[((uintptr_t)in / sizeof *in + (mask * 0x9e3779b97f4a7c15ull >> 58)) % MEMO_SLOTS];
        if (me && me->in == in && me->op == in->op && me->offset0 == in->offset0 && me->offset1 == in->offset1 &&
            me->banks == banks && me->mask == mask && ((base - me->base) & 3) == 0 &&
            memo_same(me, res->addr, mask, base)) {
            pass_sum = me->pass_sum;
        } else {
            /* ds_append/ds_consume add the wave's lane count once: one access, a broadcast. */
            bool atomic = (info->flags & ISA_FL_ATOMIC) && in->op != ISA_ds_append && in->op != ISA_ds_consume;
            pass_sum = atomic                 ? atomic_passes(res->addr, mask, banks, ndw, nelem)
                     : ndw > 1 || nelem > 1 ? wide_passes(res->addr, mask, banks, ndw, nelem, delta)
                                            : passes(res->addr, mask, banks, ndw, nelem, delta);
            if (me) {
                me->in = in;
                me->op = (uint16_t)in->op;
                me->offset0 = in->offset0;
                me->offset1 = in->offset1;
                me->banks = (uint32_t)banks;
                me->mask = mask;
                me->base = base;
                me->pass_sum = pass_sum;
                for (uint64_t m = mask; m; m &= m - 1) {
                    unsigned l = (unsigned)__builtin_ctzll(m);
                    me->rel[l] = res->addr[l] - base;
                }
            }
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
