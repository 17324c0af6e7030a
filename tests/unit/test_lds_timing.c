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

static const ldst_params_t GCN = { 32, 128, NULL };

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
 * 256 B / 128 = 2. */
START_TEST(test_stride1)
{
    ck_assert_uint_eq(cycles(GCN, ISA_ds_read_b32, ALL, 0, 4), 2);
    ck_assert_uint_eq(cycles(GCN, ISA_ds_write_b32, ALL, 0, 4), 2);
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
 * stride 1: 2, as for a read. */
START_TEST(test_atomic_same_address)
{
    ck_assert_uint_eq(cycles(GCN, ISA_ds_add_u32, ALL, 0x40, 0), 64);
    ck_assert_uint_eq(cycles(GCN, ISA_ds_add_rtn_u32, ALL, 0x40, 0), 64);
    ck_assert_uint_eq(cycles(GCN, ISA_ds_add_u32, ALL, 0, 4), 2);
    /* Lanes 0-15 and 32-47 only, on one address: 16 lanes a half-wave on bank 16: 16 + 16. */
    ck_assert_uint_eq(cycles(GCN, ISA_ds_add_u32, 0x0000ffff0000ffffull, 0x40, 0), 32);
    /* 16 banks: four groups of 16 lanes on one bank: 4 x 16 = 64. */
    ldst_params_t b16 = { 16, 128, NULL };
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

/* b64 at stride 8 B: dword 0 of each lane is dword 2l (2-way, 2 cycles per half-wave), dword 1 is
 * 2l+1 (the same): 4 passes x 2 = 8. Bandwidth 512 / 128 = 4. b128 at stride 16 B: each dword
 * pass has banks 4l+d, 8 banks x 4 dwords = 4 cycles, 8 passes = 32 (bandwidth 8). */
START_TEST(test_wide)
{
    ck_assert_uint_eq(cycles(GCN, ISA_ds_read_b64, ALL, 0, 8), 8);
    ck_assert_uint_eq(cycles(GCN, ISA_ds_write_b64, ALL, 0, 8), 8);
    ck_assert_uint_eq(cycles(GCN, ISA_ds_read_b128, ALL, 0, 16), 32);
    ck_assert_uint_eq(cycles(GCN, ISA_ds_write_b128, ALL, 0, 16), 32);
    /* Broadcast b128: 8 passes of 1 cycle; bandwidth 1024 / 128 = 8. */
    ck_assert_uint_eq(cycles(GCN, ISA_ds_read_b128, ALL, 0, 0), 8);
    /* One lane, b128: 4 passes of 1 (the empty upper half-wave costs nothing). */
    ck_assert_uint_eq(cycles(GCN, ISA_ds_read_b128, 1, 0, 0), 4);
}
END_TEST

/* read2/write2: one pass per element and half-wave. The second element is the first shifted by
 * the same amount in every lane, so it conflicts exactly like the first. */
START_TEST(test_dual)
{
    /* Base 4l, offsets 0 and 32 elements: 4 conflict-free passes; bandwidth 512/128 = 4. */
    ck_assert_uint_eq(cycles2(GCN, ISA_ds_read2_b32, 0, 32, ALL, 0, 4), 4);
    /* Base 8l, offsets 0 and 1: elements at dwords 2l and 2l+1, 2-way each: 4 x 2 = 8. */
    ck_assert_uint_eq(cycles2(GCN, ISA_ds_read2_b32, 0, 1, ALL, 0, 8), 8);
    ck_assert_uint_eq(cycles2(GCN, ISA_ds_write2_b32, 0, 1, ALL, 0, 8), 8);
    /* offset1 below offset0 works the same. */
    ck_assert_uint_eq(cycles2(GCN, ISA_ds_read2_b32, 5, 2, ALL, 0, 8), 8);
    /* st64: elements 64 dwords apart (same bank) but in separate passes: 4. */
    ck_assert_uint_eq(cycles2(GCN, ISA_ds_read2st64_b32, 1, 2, ALL, 0, 4), 4);
    /* read2_b64 at base 16l: each element is 2 dwords at banks 4l+d (4-way): 8 passes x 4 = 32. */
    ck_assert_uint_eq(cycles2(GCN, ISA_ds_read2_b64, 0, 1, ALL, 0, 16), 32);
    ck_assert_uint_eq(cycles2(GCN, ISA_ds_write2_b64, 3, 7, ALL, 0, 16), 32);
    /* read2_b64 at base 8l: each dword pass is 2-way: 8 x 2 = 16; bandwidth 1024 / 128 = 8. */
    ck_assert_uint_eq(cycles2(GCN, ISA_ds_read2_b64, 0, 4, ALL, 0, 8), 16);
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
    const ldst_params_t p16 = { 16, 128, NULL };
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
    const ldst_params_t p64 = { 64, 128, NULL }, p48 = { 48, 128, NULL }, p1 = { 1, 4096, NULL };
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
    const ldst_params_t slow = { 32, 32, NULL };
    ck_assert_uint_eq(cycles(slow, ISA_ds_read_b32, ALL, 0, 4), 8);
    /* Conflicts above the bandwidth still win: 64. */
    ck_assert_uint_eq(cycles(slow, ISA_ds_read_b32, ALL, 0, 128), 64);
    /* 100 B/cycle: ceil(256 / 100) = 3. */
    const ldst_params_t odd = { 32, 100, NULL };
    ck_assert_uint_eq(cycles(odd, ISA_ds_read_b32, ALL, 0, 4), 3);
    /* b8 moves 1 byte per lane: 64 B at 16 B/cycle = 4, above its 2 pass cycles. */
    ck_assert_uint_eq(cycles((ldst_params_t){ 32, 16, NULL }, ISA_ds_read_u8, ALL, 0, 1), 4);
}
END_TEST

/* ds_swizzle: 4 bytes per active lane at the bandwidth, no bank conflicts. */
START_TEST(test_swizzle)
{
    ck_assert_uint_eq(cycles(GCN, ISA_ds_swizzle_b32, ALL, 0, 0), 2);
    ck_assert_uint_eq(cycles(GCN, ISA_ds_swizzle_b32, 0x3ff, 0, 0), 1);              /* 40 B */
    ck_assert_uint_eq(cycles((ldst_params_t){ 32, 4, NULL }, ISA_ds_swizzle_b32, ALL, 0, 0), 64);
    ck_assert_uint_eq(cycles((ldst_params_t){ 32, 4, NULL }, ISA_ds_swizzle_b32, 0x7, 0, 0), 3);
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
    ck_assert_uint_eq(ldst_cycles(&GCN, &in, &r), 8); /* dwords 2l+3 and 2l+4: 2-way, 4 passes */

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

/* For each bank, a table of which dwords it has already seen (addresses below 1024 dwords). */
static uint32_t ref_pass(const uint32_t dw[64], uint64_t mask, unsigned first, unsigned count, unsigned banks)
{
    uint32_t worst = 0;
    for (unsigned b = 0; b < banks; b++) {
        uint8_t seen[1024 + 8] = { 0 };
        uint32_t n = 0;
        for (unsigned l = first; l < first + count && l < 64; l++)
            if ((mask >> l & 1) && dw[l] % banks == b && !seen[dw[l]]) {
                seen[dw[l]] = 1;
                n++;
            }
        worst = n > worst ? n : worst;
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
        ldst_params_t p = { banks, (uint32_t)(32 << (rng_next(&s) % 3)), NULL };
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
        for (unsigned e = 0; e <= dual; e++)
            for (unsigned d = 0; d < ndw; d++) {
                uint32_t dw[64];
                for (int l = 0; l < 64; l++)
                    dw[l] = (base[l] + (e ? in.offset1 : in.offset0) * estride) / 4 + d;
                for (unsigned first = 0; first < 64; first += group)
                    sum += ref_pass(dw, mask, first, group, banks);
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

/* The shapes real kernels use, against an exact reference computed from the definition: the
 * dwords of each element and dword of the element, per pass of min(banks, 64) lanes, the busiest
 * bank's count of distinct dwords (lanes on one dword share it). */
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
    for (unsigned e = 0; e <= dual; e++)
        for (uint64_t d = 0; d < ndw; d++) {
            uint64_t dw[64];
            for (int l = 0; l < 64; l++) /* exact: the tests keep every address non-negative */
                dw[l] = (r->addr[l] - in->offset0 * estride + (e ? in->offset1 : in->offset0) * estride) / 4 + d;
            for (unsigned first = 0; first < 64; first += group) {
                uint32_t count[128] = { 0 }, worst = 0;
                for (unsigned l = first; l < first + group && l < 64; l++) {
                    if (!(r->lanes >> l & 1))
                        continue;
                    unsigned j = first;
                    /* a read shares a dword with an earlier lane; an atomic never does */
                    while (!atomic && j < l && !((r->lanes >> j & 1) && dw[j] == dw[l]))
                        j++;
                    if ((atomic || j == l) && ++count[dw[l] % banks] > worst)
                        worst = count[dw[l] % banks];
                }
                sum += worst;
            }
        }
    uint64_t bytes = (uint64_t)__builtin_popcountll(r->lanes) * info->mem_bytes;
    uint64_t want = (bytes + p.bytes_per_cycle - 1) / p.bytes_per_cycle;
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
                            rng_next(&s) % 4 ? memo : NULL };
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

/* read2's second element costs what the first did when it is the first shifted by whole dwords;
 * addresses that wrap around 2^64 (never from isa_exec, whose DS addresses are 32-bit) do not
 * shift alike for 48 banks, so that element is counted on its own: lane 0 at 2^64 - 4 (dword
 * 2^62 - 1, bank 15) and lane 1 at dword 15 conflict in the first element (2 cycles); the second
 * (4 bytes on) puts them on dwords 0 and 16, banks 0 and 16 (1 cycle). */
START_TEST(test_dual_wrap)
{
    ldst_params_t p = { 48, 128, NULL };
    isa_inst_t in = ut_inst(ISA_ds_read2_b32);
    in.offset0 = 0;
    in.offset1 = 1;
    isa_exec_result_t r;
    memset(&r, 0, sizeof r);
    r.lanes = 3;
    r.addr[0] = UINT64_MAX - 3;
    r.addr[1] = 15 * 4;
    ck_assert_uint_eq(ldst_cycles(&p, &in, &r), 3);
    /* 32 banks divide the 2^62 dwords a 64-bit address leaves, so the wrapped shift keeps the
     * cost: lane 1 at dword 31 conflicts with lane 0 in both elements (bank 31, then bank 0). */
    p.banks = 32;
    r.addr[1] = 31 * 4;
    ck_assert_uint_eq(ldst_cycles(&p, &in, &r), 4);
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
