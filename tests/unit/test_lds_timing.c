/* LDS bank-conflict timing: hand-derived cycle counts for the classic access patterns, results
 * of real isa_exec runs fed in (so the addr[] convention of read2/write2 is the executor's), and
 * random patterns against a bank-by-bank reference count. */
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "machine/lds_timing.h"
#include "unit.h"

/* The defaults: 32 banks, reads 128 bytes a cycle, writes and atomics 64 (CLRX's measured
 * DS_WRITE_B32 one every 4 cycles). A parameter set without a write rate writes at the read rate. */
static const ldst_params_t GCN = { 32, 128, NULL, 64 };

#define ALL UINT64_MAX

/* Lane l at byte address base + l * stride_bytes, for the lanes in mask. */
static isa_exec_result_t lanes_at(uint64_t mask, uint64_t base, uint64_t stride_bytes)
{
    isa_exec_result_t r;
    memset(&r, 0, sizeof r);
    r.lanes = mask;
    for (int l = 0; l < ISA_WAVE_SIZE; l++)
        if (mask >> l & 1)
            r.addr[l] = base + (uint64_t)l * stride_bytes;
    return r;
}

static uint32_t cycles(ldst_params_t p, isa_op_t op, uint64_t mask, uint64_t base, uint64_t stride)
{
    isa_inst_t in = ut_inst(op);
    isa_exec_result_t r = lanes_at(mask, base, stride);
    return ldst_cycles(&p, &in, &r);
}

static uint32_t cycles2(ldst_params_t p, isa_op_t op, unsigned off0, unsigned off1, uint64_t mask, uint64_t base,
                        uint64_t stride)
{
    isa_inst_t in = ut_inst(op);
    in.offset0 = (uint8_t)off0;
    in.offset1 = (uint8_t)off1;
    /* addr[] holds the first element, base + offset0 * element stride, as isa_exec records it. */
    uint64_t estride = op == ISA_ds_read2st64_b32 || op == ISA_ds_write2st64_b32 ? 256
                     : op == ISA_ds_read2_b64 || op == ISA_ds_write2_b64        ? 8
                                                                                : 4;
    isa_exec_result_t r = lanes_at(mask, base + off0 * estride, stride);
    return ldst_cycles(&p, &in, &r);
}

/* 32 banks: lanes 0-31 hit banks 0-31 once each, one cycle; lanes 32-63 likewise. Bandwidth:
 * 256 B / 128 = 2; a write 256 B / 64 = 4 (CLRX: DS_READ_B32 every 2 cycles, DS_WRITE_B32 every 4). */
START_TEST(test_stride1)
{
    ck_assert_uint_eq(cycles(GCN, ISA_ds_read_b32, ALL, 0, 4), 2);
    ck_assert_uint_eq(cycles(GCN, ISA_ds_write_b32, ALL, 0, 4), 4);
    /* A base off bank 0 only rotates the banks. */
    ck_assert_uint_eq(cycles(GCN, ISA_ds_read_b32, ALL, 4 * 7, 4), 2);
}
END_TEST

/* Stride 32 dwords: every lane on bank 0 at a different dword: 32 cycles per half-wave. */
START_TEST(test_stride32)
{
    ck_assert_uint_eq(cycles(GCN, ISA_ds_read_b32, ALL, 0, 128), 64);
    /* Stride 64 dwords: the same bank again. Stride 33 dwords: banks l % 32, conflict-free. */
    ck_assert_uint_eq(cycles(GCN, ISA_ds_read_b32, ALL, 0, 256), 64);
    ck_assert_uint_eq(cycles(GCN, ISA_ds_read_b32, ALL, 0, 132), 2);
}
END_TEST

/* Every lane on one dword: a broadcast, one cycle per half-wave. */
START_TEST(test_broadcast)
{
    ck_assert_uint_eq(cycles(GCN, ISA_ds_read_b32, ALL, 0x40, 0), 2);
    /* Byte and short reads: 4 (2) neighbouring lanes share a dword; half-wave = 8 (16) dwords. */
    ck_assert_uint_eq(cycles(GCN, ISA_ds_read_u8, ALL, 0, 1), 2);
    ck_assert_uint_eq(cycles(GCN, ISA_ds_read_u16, ALL, 0, 2), 2);
}
END_TEST

/* Atomics: every lane's read-modify-write is its own access, so lanes on one address serialise on
 * its bank. A histogram whose 64 lanes hit one bin: 32 lanes per half-wave on one bank, 32 cycles
 * each, 64 in all, where the read of the same address is a 2-cycle broadcast. Distinct bins at
 * stride 1: 2 pass cycles, but an atomic writes at 64 B a cycle: 256 / 64 = 4 (CLRX: DS_ADD_U32
 * every 4 cycles). */
START_TEST(test_atomic_same_address)
{
    ck_assert_uint_eq(cycles(GCN, ISA_ds_add_u32, ALL, 0x40, 0), 64);
    ck_assert_uint_eq(cycles(GCN, ISA_ds_add_rtn_u32, ALL, 0x40, 0), 64);
    ck_assert_uint_eq(cycles(GCN, ISA_ds_add_u32, ALL, 0, 4), 4);
    /* Lanes 0-15 and 32-47 only, on one address: 16 lanes a half-wave on bank 16: 16 + 16. */
    ck_assert_uint_eq(cycles(GCN, ISA_ds_add_u32, 0x0000ffff0000ffffull, 0x40, 0), 32);
    /* 16 banks: four groups of 16 lanes on one bank: 4 x 16 = 64. */
    ldst_params_t b16 = { 16, 128, NULL, 0 };
    ck_assert_uint_eq(cycles(b16, ISA_ds_add_u32, ALL, 0x40, 0), 64);
    /* 64-bit atomic on one address: 2 dwords x 2 halves x 32 = 128. */
    ck_assert_uint_eq(cycles(GCN, ISA_ds_add_u64, ALL, 0x40, 0), 128);
    /* Stride 32 dwords (distinct dwords, one bank): 64, as a read. */
    ck_assert_uint_eq(cycles(GCN, ISA_ds_add_u32, ALL, 0, 128), 64);
}
END_TEST

/* Stride 2 dwords: lanes l and l+16 share bank 2l % 32 at different dwords: 2 per half-wave. */
START_TEST(test_stride2)
{
    ck_assert_uint_eq(cycles(GCN, ISA_ds_read_b32, ALL, 0, 8), 4);
    /* Stride 4: 4-way, 8 cycles; stride 8: 8-way, 16. */
    ck_assert_uint_eq(cycles(GCN, ISA_ds_read_b32, ALL, 0, 16), 8);
    ck_assert_uint_eq(cycles(GCN, ISA_ds_read_b32, ALL, 0, 32), 16);
}
END_TEST

/* A pass pools every dword of its half-wave. b64 at stride 8 B: lanes 0-31 touch dwords 0-63, two
 * on each bank: 2 cycles, 4 for the wave, the bandwidth's 512 / 128 (CLRX: DS_READ_B64 every 4);
 * written, 512 / 64 = 8 (DS_WRITE_B64 every 8). b128 at stride 16 B: dwords 0-127, four a bank, 4 a
 * half-wave, 8 (bandwidth 8; DS_READ_B128 every 8); written 1024 / 64 = 16. b64 at stride 16 B
 * (dwords 4l, 4l+1): banks 4k and 4k+1 get 4 dwords each: 4 a half-wave, 8. */
START_TEST(test_wide)
{
    ck_assert_uint_eq(cycles(GCN, ISA_ds_read_b64, ALL, 0, 8), 4);
    ck_assert_uint_eq(cycles(GCN, ISA_ds_write_b64, ALL, 0, 8), 8);
    ck_assert_uint_eq(cycles(GCN, ISA_ds_read_b128, ALL, 0, 16), 8);
    ck_assert_uint_eq(cycles(GCN, ISA_ds_write_b128, ALL, 0, 16), 16);
    ck_assert_uint_eq(cycles(GCN, ISA_ds_read_b64, ALL, 0, 16), 8);
    /* Stride 128 B (dwords 32l, 32l+1): banks 0 and 1 get 32 dwords each a half-wave: 64. */
    ck_assert_uint_eq(cycles(GCN, ISA_ds_read_b64, ALL, 0, 128), 64);
    /* Broadcast b128: dwords 0-3, one a bank, 1 a half-wave; bandwidth 1024 / 128 = 8. */
    ck_assert_uint_eq(cycles(GCN, ISA_ds_read_b128, ALL, 0, 0), 8);
    /* One lane, b128: its 4 dwords on 4 banks, 1 (the empty upper half-wave costs nothing). */
    ck_assert_uint_eq(cycles(GCN, ISA_ds_read_b128, 1, 0, 0), 1);
}
END_TEST

/* read2/write2: a half-wave's pass pools both elements' dwords. */
START_TEST(test_dual)
{
    /* Base 4l, offsets 0 and 32: dwords l and l+32, 2 a bank: 2 a half-wave, 4; bandwidth 512/128. */
    ck_assert_uint_eq(cycles2(GCN, ISA_ds_read2_b32, 0, 32, ALL, 0, 4), 4);
    /* Base 8l, offsets 0 and 1: dwords 2l and 2l+1, 0-63 a half-wave, 2 a bank: 4 (CLRX:
     * DS_READ2_B32 every 4); written, 512 / 64 = 8. */
    ck_assert_uint_eq(cycles2(GCN, ISA_ds_read2_b32, 0, 1, ALL, 0, 8), 4);
    ck_assert_uint_eq(cycles2(GCN, ISA_ds_write2_b32, 0, 1, ALL, 0, 8), 8);
    /* offset1 below offset0: dwords 2l+5 and 2l+2, 64 distinct a half-wave, 2 a bank: 4. */
    ck_assert_uint_eq(cycles2(GCN, ISA_ds_read2_b32, 5, 2, ALL, 0, 8), 4);
    /* st64: dwords l+64 and l+128, 2 a bank: 4. */
    ck_assert_uint_eq(cycles2(GCN, ISA_ds_read2st64_b32, 1, 2, ALL, 0, 4), 4);
    /* read2_b64 at base 16l, offsets 0 and 1: dwords 4l .. 4l+3, 128 a half-wave, 4 a bank: 8
     * (bandwidth 1024 / 128 = 8). */
    ck_assert_uint_eq(cycles2(GCN, ISA_ds_read2_b64, 0, 1, ALL, 0, 16), 8);
    /* write2_b64 at base 16l, offsets 3 and 7: dwords 4l+6, 4l+7, 4l+14, 4l+15, i.e. 4k+6 and 4k+7
     * for k = 0..33: banks 4j+2 and 4j+3, at most 5 a bank, 10; the write bandwidth 1024/64 = 16. */
    ck_assert_uint_eq(cycles2(GCN, ISA_ds_write2_b64, 3, 7, ALL, 0, 16), 16);
    ck_assert_uint_eq(cycles2((ldst_params_t){ 32, 128, NULL, 0 }, ISA_ds_write2_b64, 3, 7, ALL, 0, 16), 10);
    /* read2_b64 at base 8l, offsets 0 and 4: dwords 0-63 and 8-71, 72 distinct, banks 0-7 three:
     * 3 a half-wave, 6; bandwidth 1024 / 128 = 8. */
    ck_assert_uint_eq(cycles2(GCN, ISA_ds_read2_b64, 0, 4, ALL, 0, 8), 8);
    ck_assert_uint_eq(cycles2((ldst_params_t){ 32, 4096, NULL, 0 }, ISA_ds_read2_b64, 0, 4, ALL, 0, 8), 6);
}
END_TEST

START_TEST(test_partial_exec)
{
    /* Lower half-wave only: 1 pass of 1 cycle; bandwidth 128/128 = 1. Upper half only: same. */
    ck_assert_uint_eq(cycles(GCN, ISA_ds_read_b32, 0xffffffffull, 0, 4), 1);
    ck_assert_uint_eq(cycles(GCN, ISA_ds_read_b32, 0xffffffff00000000ull, 0, 4), 1);
    /* Odd lanes at stride 32 dwords: 16 lanes on bank 0 per half-wave: 16 + 16. */
    ck_assert_uint_eq(cycles(GCN, ISA_ds_read_b32, 0xaaaaaaaaaaaaaaaaull, 0, 128), 32);
    /* Lanes 0 and 40 only, both on bank 0: one cycle in each half. */
    ck_assert_uint_eq(cycles(GCN, ISA_ds_read_b32, 1ull | 1ull << 40, 0, 128), 2);
    /* No active lane: the minimum of one cycle. */
    ck_assert_uint_eq(cycles(GCN, ISA_ds_read_b32, 0, 0, 4), 1);
    ck_assert_uint_eq(cycles(GCN, ISA_ds_read_b128, 0, 0, 4), 1);
}
END_TEST

/* 16 banks: four passes of 16 lanes. */
START_TEST(test_16_banks)
{
    const ldst_params_t p16 = { 16, 128, NULL, 0 };
    ck_assert_uint_eq(cycles(p16, ISA_ds_read_b32, ALL, 0, 4), 4);    /* 4 x 1 */
    ck_assert_uint_eq(cycles(p16, ISA_ds_read_b32, ALL, 0, 64), 64);  /* 4 x 16 */
    ck_assert_uint_eq(cycles(p16, ISA_ds_read_b32, ALL, 0, 8), 8);    /* 4 x 2 */
    ck_assert_uint_eq(cycles(p16, ISA_ds_read_b32, ALL, 0, 0), 4);    /* broadcast 4 x 1 */
    /* Stride 32 dwords conflicts on 16 banks just as on 32. */
    ck_assert_uint_eq(cycles(p16, ISA_ds_read_b32, ALL, 0, 128), 64);
    /* Stride 16 dwords: with 32 banks lanes alternate banks 0 and 16: 16 per half-wave. */
    ck_assert_uint_eq(cycles(GCN, ISA_ds_read_b32, ALL, 0, 64), 32);
}
END_TEST

START_TEST(test_other_banks)
{
    /* 64 banks: one pass of 64 lanes. Stride 1: 1 cycle, but bandwidth 256/128 = 2. */
    const ldst_params_t p64 = { 64, 128, NULL, 0 }, p48 = { 48, 128, NULL, 0 }, p1 = { 1, 4096, NULL, 0 };
    ck_assert_uint_eq(cycles(p64, ISA_ds_read_b32, ALL, 0, 4), 2);
    ck_assert_uint_eq(cycles(p64, ISA_ds_read_b32, ALL, 0, 256), 64);
    ck_assert_uint_eq(cycles(p64, ISA_ds_read_b32, ALL, 0, 128), 32); /* banks 0 and 32, 32 dwords each */
    /* 48 banks: lanes 0-47 then 48-63. Stride 1: 1 + 1. Stride 48 dwords: 48 + 16. */
    ck_assert_uint_eq(cycles(p48, ISA_ds_read_b32, ALL, 0, 4), 2);
    ck_assert_uint_eq(cycles(p48, ISA_ds_read_b32, ALL, 0, 192), 64);
    /* 1 bank: one lane per pass, 64 passes. */
    ck_assert_uint_eq(cycles(p1, ISA_ds_read_b32, ALL, 0, 4), 64);
}
END_TEST

START_TEST(test_bandwidth)
{
    /* 32 B/cycle: stride 1 needs 256 / 32 = 8 cycles, more than its 2 pass cycles. */
    const ldst_params_t slow = { 32, 32, NULL, 0 };
    ck_assert_uint_eq(cycles(slow, ISA_ds_read_b32, ALL, 0, 4), 8);
    /* Conflicts above the bandwidth still win: 64. */
    ck_assert_uint_eq(cycles(slow, ISA_ds_read_b32, ALL, 0, 128), 64);
    /* 100 B/cycle: ceil(256 / 100) = 3. */
    const ldst_params_t odd = { 32, 100, NULL, 0 };
    ck_assert_uint_eq(cycles(odd, ISA_ds_read_b32, ALL, 0, 4), 3);
    /* b8 moves 1 byte per lane: 64 B at 16 B/cycle = 4, above its 2 pass cycles. */
    ck_assert_uint_eq(cycles((ldst_params_t){ 32, 16, NULL, 0 }, ISA_ds_read_u8, ALL, 0, 1), 4);
}
END_TEST

/* ds_swizzle: 4 bytes per active lane at the bandwidth, no bank conflicts. */
START_TEST(test_swizzle)
{
    ck_assert_uint_eq(cycles(GCN, ISA_ds_swizzle_b32, ALL, 0, 0), 2);
    ck_assert_uint_eq(cycles(GCN, ISA_ds_swizzle_b32, 0x3ff, 0, 0), 1);              /* 40 B */
    ck_assert_uint_eq(cycles((ldst_params_t){ 32, 4, NULL, 0 }, ISA_ds_swizzle_b32, ALL, 0, 0), 64);
    ck_assert_uint_eq(cycles((ldst_params_t){ 32, 4, NULL, 0 }, ISA_ds_swizzle_b32, 0x7, 0, 0), 3);
    ck_assert_uint_eq(cycles(GCN, ISA_ds_swizzle_b32, 0, 0, 0), 1);
}
END_TEST

/* The executor's own results: its addr[] for read2 is the first element, offset included. */
START_TEST(test_from_exec)
{
    ut_machine_t *m = ut_machine_new();
    for (int l = 0; l < ISA_WAVE_SIZE; l++)
        ut_vreg(m, 1)[l] = (uint32_t)l * 8;
    isa_inst_t in = ut_inst(ISA_ds_read2_b32);
    in.vdst = ut_vr(2, 2);
    in.src[0] = ut_v(1);
    in.nsrc = 1;
    in.offset0 = 3;
    in.offset1 = 4;
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    ck_assert_uint_eq(r.addr[5], 5 * 8 + 3 * 4);
    ck_assert_uint_eq(ldst_cycles(&GCN, &in, &r), 4); /* dwords 2l+3 and 2l+4: 64 a half-wave, 2 a bank */

    /* ds_read_b32 with offset:4 on stride 128 B: 64. */
    for (int l = 0; l < ISA_WAVE_SIZE; l++)
        ut_vreg(m, 1)[l] = (uint32_t)l * 128;
    in = ut_inst(ISA_ds_read_b32);
    in.vdst = ut_v(2);
    in.src[0] = ut_v(1);
    in.nsrc = 1;
    in.offset = 4;
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    ck_assert_uint_eq(ldst_cycles(&GCN, &in, &r), 64);

    /* Partial EXEC from the wave: lanes 0-15 at stride 4 B: 1. */
    for (int l = 0; l < ISA_WAVE_SIZE; l++)
        ut_vreg(m, 1)[l] = (uint32_t)l * 4;
    ut_set_exec(m, 0xffff);
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    ck_assert_uint_eq(ldst_cycles(&GCN, &in, &r), 1);
    free(m);
}
END_TEST

/* ---- Random patterns against a bank-first reference ------------------------------------------ */

static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* For each bank, a table of which dwords it has already seen (addresses below 2048 dwords): the
 * busiest bank's count of distinct dwords among the n pooled ones (a pass of lanes, every dword
 * of every element they access). */
static uint32_t ref_pool(const uint32_t *dw, unsigned n, unsigned banks)
{
    uint32_t worst = 0;
    for (unsigned b = 0; b < banks; b++) {
        uint8_t seen[2048] = { 0 };
        uint32_t c = 0;
        for (unsigned i = 0; i < n; i++)
            if (dw[i] % banks == b && !seen[dw[i]]) {
                seen[dw[i]] = 1;
                c++;
            }
        worst = c > worst ? c : worst;
    }
    return worst;
}

START_TEST(test_random_vs_reference)
{
    static const isa_op_t ops[] = { ISA_ds_read_b32, ISA_ds_write_b64, ISA_ds_read_b128, ISA_ds_read2_b32,
                                    ISA_ds_write2st64_b32, ISA_ds_read2_b64 };
    /* Powers of two, one that is not (48: the modulo path) and more banks than lanes (128). */
    static const unsigned bank_counts[] = { 8, 16, 32, 64, 48, 128 };
    uint64_t s = 0x9e3779b97f4a7c15ull;
    unsigned mismatches = 0;
    char first_bad[160] = "";
    for (int iter = 0; iter < 3000; iter++) {
        isa_op_t op = ops[rng_next(&s) % 6];
        unsigned banks = bank_counts[rng_next(&s) % 6];
        ldst_params_t p = { banks, (uint32_t)(32 << (rng_next(&s) % 3)), NULL, 0 };
        uint64_t mask = rng_next(&s) & rng_next(&s);
        isa_inst_t in = ut_inst(op);
        const isa_op_info_t *info = &isa_ops[op];
        unsigned dual = (info->flags & ISA_FL_DUAL) != 0;
        unsigned esize = dual ? info->mem_bytes / 2 : info->mem_bytes;
        unsigned estride = op == ISA_ds_write2st64_b32 ? 256 : esize;
        in.offset0 = (uint8_t)(rng_next(&s) % 3);
        in.offset1 = (uint8_t)(rng_next(&s) % 3);
        isa_exec_result_t r;
        memset(&r, 0, sizeof r);
        r.lanes = mask;
        /* Element dwords of each lane: a small range so that conflicts and broadcasts both occur. */
        uint32_t base[64];
        unsigned span = 1u << (rng_next(&s) % 8);
        for (int l = 0; l < 64; l++) {
            base[l] = (uint32_t)(rng_next(&s) % span) * esize;
            r.addr[l] = base[l] + in.offset0 * estride;
        }
        uint32_t sum = 0;
        unsigned ndw = esize / 4, group = banks;
        for (unsigned first = 0; first < 64; first += group) {
            uint32_t dw[64 * 8];
            unsigned n = 0;
            for (unsigned l = first; l < first + group && l < 64; l++)
                for (unsigned e = 0; e <= dual && (mask >> l & 1); e++)
                    for (unsigned d = 0; d < ndw; d++)
                        dw[n++] = (base[l] + (e ? in.offset1 : in.offset0) * estride) / 4 + d;
            sum += ref_pool(dw, n, banks);
        }
        uint32_t bytes = (uint32_t)__builtin_popcountll(mask) * info->mem_bytes;
        uint32_t want = (bytes + p.bytes_per_cycle - 1) / p.bytes_per_cycle;
        want = sum > want ? sum : want;
        want = want ? want : 1;
        uint32_t got = ldst_cycles(&p, &in, &r);
        if (got != want && mismatches++ == 0)
            snprintf(first_bad, sizeof first_bad, "iter %d: %s banks %u: %u cycles, reference %u", iter,
                     info->name, banks, got, want);
    }
    ck_assert_msg(mismatches == 0, "%u mismatches; first: %s", mismatches, first_bad);
}
END_TEST

/* The shapes real kernels use, against an exact reference computed from the definition: per pass
 * of min(banks, 64) lanes, every dword of every element its lanes access, the busiest bank's count
 * of distinct dwords (lanes on one dword share it; an atomic's lanes never do). */
static uint32_t ref_cycles(ldst_params_t p, const isa_inst_t *in, const isa_exec_result_t *r)
{
    const isa_op_info_t *info = &isa_ops[in->op];
    unsigned dual = (info->flags & ISA_FL_DUAL) != 0;
    uint64_t esize = dual ? info->mem_bytes / 2 : info->mem_bytes;
    uint64_t estride = in->op == ISA_ds_read2st64_b32 || in->op == ISA_ds_write2st64_b32 ? 256
                     : in->op == ISA_ds_read2st64_b64 || in->op == ISA_ds_write2st64_b64 ? 512
                                                                                         : esize;
    uint64_t ndw = esize < 4 ? 1 : esize / 4, banks = p.banks ? p.banks : 1;
    unsigned group = banks < 64 ? (unsigned)banks : 64;
    bool atomic = (info->flags & ISA_FL_ATOMIC) != 0;
    uint64_t sum = 0;
    for (unsigned first = 0; first < 64; first += group) {
        /* the pass's dwords: every element and dword of every active lane */
        uint64_t dw[64 * 8];
        unsigned n = 0;
        for (unsigned l = first; l < first + group && l < 64; l++)
            for (unsigned e = 0; e <= dual && (r->lanes >> l & 1); e++)
                for (uint64_t d = 0; d < ndw; d++) /* exact: the tests keep every address non-negative */
                    dw[n++] = (r->addr[l] - in->offset0 * estride + (e ? in->offset1 : in->offset0) * estride) / 4 + d;
        if (atomic) { /* an atomic never shares: its busiest bank's count of lanes, per dword */
            uint32_t count[128] = { 0 }, worst = 0;
            for (unsigned i = 0; i < n; i += (unsigned)ndw * (dual + 1))
                worst = ++count[dw[i] % banks] > worst ? count[dw[i] % banks] : worst;
            sum += (uint64_t)worst * ndw * (dual + 1);
            continue;
        }
        uint32_t count[128] = { 0 }, worst = 0;
        for (unsigned i = 0; i < n; i++) {
            unsigned j = 0;
            while (j < i && dw[j] != dw[i]) /* a dword already counted is shared */
                j++;
            if (j == i && ++count[dw[i] % banks] > worst)
                worst = count[dw[i] % banks];
        }
        sum += worst;
    }
    uint64_t bytes = (uint64_t)__builtin_popcountll(r->lanes) * info->mem_bytes;
    bool writes = (info->flags & (ISA_FL_STORE | ISA_FL_ATOMIC)) != 0;
    uint64_t bw = writes && p.write_bytes_per_cycle ? p.write_bytes_per_cycle : p.bytes_per_cycle;
    uint64_t want = (bytes + bw - 1) / bw;
    want = sum > want ? sum : want;
    return want ? (uint32_t)want : 1;
}

START_TEST(test_patterns_vs_reference)
{
    static const isa_op_t ops[] = { ISA_ds_read_b32,       ISA_ds_write_b32,       ISA_ds_read_u8,
                                    ISA_ds_read_u16,       ISA_ds_read_b64,        ISA_ds_write_b96,
                                    ISA_ds_read_b128,      ISA_ds_read2_b32,       ISA_ds_write2_b32,
                                    ISA_ds_read2st64_b32,  ISA_ds_read2_b64,       ISA_ds_write2st64_b64,
                                    ISA_ds_add_u32 };
    static const unsigned bank_counts[] = { 0, 1, 2, 4, 8, 16, 32, 32, 32, 64, 48, 24, 128 };
    static const unsigned strides[] = { 0, 1, 2, 3, 4, 8, 15, 16, 17, 31, 32, 33, 64, 96 };
    const unsigned nops = sizeof ops / sizeof ops[0], nbanks = sizeof bank_counts / sizeof bank_counts[0];
    const unsigned nstrides = sizeof strides / sizeof strides[0];
    uint64_t s = 0x243f6a8885a308d3ull;
    unsigned mismatches = 0, memo_runs = 0;
    char first_bad[200] = "";
    /* One memo for every iteration, as the timing model keeps one: the same instruction storage
     * with other ops, offsets, bank counts and lanes must not take another's count. */
    ldst_memo_t *memo = ldst_memo_new();
    ck_assert_ptr_nonnull(memo);
    for (int iter = 0; iter < 20000; iter++) {
        isa_op_t op = ops[rng_next(&s) % nops];
        ldst_params_t p = { bank_counts[rng_next(&s) % nbanks], (uint32_t)(32 << (rng_next(&s) % 3)),
                            rng_next(&s) % 4 ? memo : NULL, (uint32_t)(rng_next(&s) % 2 ? 64 : 0) };
        const isa_op_info_t *info = &isa_ops[op];
        unsigned esize = info->flags & ISA_FL_DUAL ? info->mem_bytes / 2 : info->mem_bytes;
        isa_inst_t in = ut_inst(op);
        /* Offsets: neighbours, a row apart, far apart, and the second below the first. */
        switch (rng_next(&s) % 4) {
        case 0: in.offset0 = (uint8_t)(rng_next(&s) % 16); in.offset1 = (uint8_t)(in.offset0 + 1); break;
        case 1: in.offset0 = (uint8_t)(rng_next(&s) % 16); in.offset1 = (uint8_t)(in.offset0 + 16); break;
        case 2: in.offset0 = (uint8_t)rng_next(&s); in.offset1 = (uint8_t)rng_next(&s); break;
        default: in.offset0 = (uint8_t)(16 + rng_next(&s) % 16); in.offset1 = (uint8_t)(rng_next(&s) % 16); break;
        }
        isa_exec_result_t r;
        memset(&r, 0, sizeof r);
        switch (rng_next(&s) % 6) { /* every lane, half-waves, dense, sparse, one lane, none */
        case 0: r.lanes = ALL; break;
        case 1: r.lanes = rng_next(&s) & 1 ? 0xffffffffull : 0xffffffff00000000ull; break;
        case 2: r.lanes = rng_next(&s) | rng_next(&s); break;
        case 3: r.lanes = rng_next(&s) & rng_next(&s) & rng_next(&s); break;
        case 4: r.lanes = 1ull << (rng_next(&s) % 64); break;
        default: r.lanes = rng_next(&s) % 8 ? ALL : 0; break;
        }
        /* Addresses of the first element in elements: base + a column stride within rows of 16
         * lanes + a row stride, or a small random span (conflicts and broadcasts mixed). The base
         * keeps the second element non-negative; sometimes it is above 2^32. */
        uint64_t base = (uint64_t)(64 * 1024) + (rng_next(&s) % 64) * esize;
        if (rng_next(&s) % 8 == 0)
            base += (uint64_t)1 << (32 + rng_next(&s) % 8);
        unsigned shape = (unsigned)(rng_next(&s) % 4);
        uint64_t col = strides[rng_next(&s) % nstrides], row = strides[rng_next(&s) % nstrides];
        unsigned span = 1u << (rng_next(&s) % 8);
        for (int l = 0; l < 64; l++) {
            uint64_t el = shape == 0 ? (uint64_t)l * col                                /* strided */
                        : shape == 1 ? (uint64_t)(l & 15) * col + (uint64_t)(l >> 4) * row * 16 /* tile */
                        : shape == 2 ? (uint64_t)(l >> 4) * row                          /* row broadcast */
                                     : rng_next(&s) % span;
            r.addr[l] = base + el * esize;
        }
        /* The pattern again, shifted: by whole dwords (the memo's count holds for a power-of-two
         * bank count), by half a dword, by a byte; sometimes a lane moves too, or lanes drop out. */
        for (int again = 0; again < 3; again++) {
            uint32_t got = ldst_cycles(&p, &in, &r), want = ref_cycles(p, &in, &r);
            if (got != want && mismatches++ == 0)
                snprintf(first_bad, sizeof first_bad,
                         "iter %d/%d: %s banks %u shape %u lanes %016llx off %u/%u: %u cycles, reference %u", iter,
                         again, info->name, p.banks, shape, (unsigned long long)r.lanes, in.offset0, in.offset1, got,
                         want);
            static const uint64_t shifts[] = { 4, 64, 4096, 2, 1, 0 };
            uint64_t shift = shifts[rng_next(&s) % 6] * (1 + rng_next(&s) % 4);
            for (int l = 0; l < 64; l++)
                r.addr[l] += shift;
            if (rng_next(&s) % 4 == 0)
                r.addr[rng_next(&s) % 64] += esize;
            if (rng_next(&s) % 4 == 0) /* fewer lanes on the same pattern */
                r.lanes &= rng_next(&s) | rng_next(&s);
        }
        memo_runs += p.memo != NULL;
    }
    ldst_memo_free(memo);
    ck_assert_msg(mismatches == 0, "%u mismatches; first: %s", mismatches, first_bad);
    ck_assert_uint_gt(memo_runs, 0);
}
END_TEST

/* Addresses that wrap around 2^64 (never from isa_exec, whose DS addresses are 32-bit): read2's
 * second element is each lane's first plus delta, wrapped. 48 banks: lane 0 at 2^64 - 4 (dword
 * 2^62 - 1, bank 15; its second element dword 0, bank 0), lane 1 at dword 15 (bank 15; then 16):
 * bank 15 has two dwords, 2 cycles. */
START_TEST(test_dual_wrap)
{
    ldst_params_t p = { 48, 128, NULL, 0 };
    isa_inst_t in = ut_inst(ISA_ds_read2_b32);
    in.offset0 = 0;
    in.offset1 = 1;
    isa_exec_result_t r;
    memset(&r, 0, sizeof r);
    r.lanes = 3;
    r.addr[0] = UINT64_MAX - 3;
    r.addr[1] = 15 * 4;
    ck_assert_uint_eq(ldst_cycles(&p, &in, &r), 2);
    /* 32 banks: lane 0's dwords 2^62 - 1 (bank 31) and 0, lane 1's 31 and 32 (bank 0): banks 31
     * and 0 two each, 2. Lane 1 at dword 30 instead (banks 30, 31): bank 31 two, still 2; at 29
     * (banks 29, 30): none twice, 1. */
    p.banks = 32;
    r.addr[1] = 31 * 4;
    ck_assert_uint_eq(ldst_cycles(&p, &in, &r), 2);
    r.addr[1] = 29 * 4;
    ck_assert_uint_eq(ldst_cycles(&p, &in, &r), 1);
}
END_TEST

static Suite *ldst_suite(void)
{
    Suite *s = suite_create("lds_timing");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_stride1);
    tcase_add_test(tc, test_stride32);
    tcase_add_test(tc, test_broadcast);
    tcase_add_test(tc, test_atomic_same_address);
    tcase_add_test(tc, test_stride2);
    tcase_add_test(tc, test_wide);
    tcase_add_test(tc, test_dual);
    tcase_add_test(tc, test_partial_exec);
    tcase_add_test(tc, test_16_banks);
    tcase_add_test(tc, test_other_banks);
    tcase_add_test(tc, test_bandwidth);
    tcase_add_test(tc, test_swizzle);
    tcase_add_test(tc, test_from_exec);
    tcase_add_test(tc, test_random_vs_reference);
    tcase_add_test(tc, test_patterns_vs_reference);
    tcase_add_test(tc, test_dual_wrap);
    tcase_set_timeout(tc, 60); /* the random comparisons under the sanitizers on a loaded machine */
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(ldst_suite)
