/* FLAT semantics (loads, stores, atomics in lane order, faults) against hand-derived values and
 * C reference loops; the VGPR range check of FLAT and DS; and a walk over every
 * SALU/SOPP/SMEM/FLAT/DS op. DS is test_ds.c's. */
#include "unit.h"

#include <stdio.h>

#include "common/le.h"
#include "mem_harness.h"

static uint8_t *gptr(ut_machine_t *m, uint64_t addr) { return m->gmem + (addr - UT_MEM_BASE); }

START_TEST(flat_loads)
{
    ut_machine_t *m = ut_machine_new();
    for (unsigned i = 0; i < 4096; i++)
        m->gmem[i] = (uint8_t)(i * 37 + 0x81);
    const uint64_t exec = 0xf0f0f0f0a5a5a5a5ull;
    ut_set_exec(m, exec);
    /* Odd addresses: unaligned FLAT accesses are allowed. */
    mh_set_addr(m, 0, UT_MEM_BASE + 1, 19);
    struct { isa_op_t op; unsigned n; } t[] = {
        { ISA_flat_load_ubyte, 1 }, { ISA_flat_load_sbyte, 1 }, { ISA_flat_load_ushort, 1 },
        { ISA_flat_load_sshort, 1 }, { ISA_flat_load_dword, 1 }, { ISA_flat_load_dwordx2, 2 },
        { ISA_flat_load_dwordx3, 3 }, { ISA_flat_load_dwordx4, 4 },
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        for (unsigned r = 10; r < 14; r++)
            ut_vset_all(m, r, 0xdeadbeefu);
        isa_inst_t in = mh_flat_inst(t[i].op, 10, t[i].n, -1, 0);
        isa_exec_result_t res = ut_run(m, &in);
        ck_assert_int_eq(res.status, ISA_EXEC_OK);
        ck_assert_uint_eq(res.lanes, exec);
        for (unsigned l = 0; l < 64; l++) {
            const uint8_t *p = m->gmem + 1 + l * 19;
            bool on = exec >> l & 1;
            if (on)
                ck_assert_uint_eq(res.addr[l], UT_MEM_BASE + 1 + l * 19);
            uint32_t want[4];
            switch (t[i].op) {
            case ISA_flat_load_ubyte: want[0] = p[0]; break;
            case ISA_flat_load_sbyte: want[0] = p[0] < 0x80 ? p[0] : p[0] | 0xffffff00u; break;
            case ISA_flat_load_ushort: want[0] = p[0] | (uint32_t)p[1] << 8; break;
            case ISA_flat_load_sshort:
                want[0] = p[0] | (uint32_t)p[1] << 8;
                if (want[0] & 0x8000)
                    want[0] |= 0xffff0000u;
                break;
            default:
                for (unsigned k = 0; k < t[i].n; k++)
                    want[k] = le_get32(p + 4 * k);
                break;
            }
            for (unsigned k = 0; k < 4; k++) {
                uint32_t got = ut_vreg(m, 10 + k)[l];
                if (on && k < t[i].n)
                    ck_assert_msg(got == want[k], "%s lane %u dw %u: %#x != %#x", isa_ops[t[i].op].name, l, k, got, want[k]);
                else
                    ck_assert_uint_eq(got, 0xdeadbeefu); /* inactive lanes and extra registers untouched */
            }
        }
    }
    /* Sign extension at a chosen byte. */
    ut_set_exec(m, 1);
    m->gmem[0x800] = 0x80;
    m->gmem[0x801] = 0x7f;
    mh_set_addr(m, 0, UT_MEM_BASE + 0x800, 0);
    isa_inst_t in = mh_flat_inst(ISA_flat_load_sbyte, 10, 1, -1, 0);
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 10)[0], 0xffffff80u);
    in = mh_flat_inst(ISA_flat_load_sshort, 10, 1, -1, 0);
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 10)[0], 0x7f80u);
    m->gmem[0x801] = 0xff;
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 10)[0], 0xffffff80u);
    in = mh_flat_inst(ISA_flat_load_ushort, 10, 1, -1, 0);
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 10)[0], 0xff80u);
    free(m);
}
END_TEST

START_TEST(flat_stores)
{
    ut_machine_t *m = ut_machine_new();
    const uint64_t exec = 0x8000000100000003ull;
    struct { isa_op_t op; unsigned bytes; } t[] = {
        { ISA_flat_store_byte, 1 }, { ISA_flat_store_short, 2 }, { ISA_flat_store_dword, 4 },
        { ISA_flat_store_dwordx2, 8 }, { ISA_flat_store_dwordx3, 12 }, { ISA_flat_store_dwordx4, 16 },
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        memset(m->gmem, 0xcc, 4096);
        ut_set_exec(m, exec);
        mh_set_addr(m, 0, UT_MEM_BASE + 3, 32); /* unaligned, non-overlapping */
        for (unsigned k = 0; k < 4; k++)
            for (unsigned l = 0; l < 64; l++)
                ut_vreg(m, 20 + k)[l] = 0x01020304u * (k + 1) + (l << 24);
        isa_inst_t in = mh_flat_inst(t[i].op, -1, 0, 20, (t[i].bytes + 3) / 4);
        isa_exec_result_t res = ut_run(m, &in);
        ck_assert_int_eq(res.status, ISA_EXEC_OK);
        for (unsigned l = 0; l < 64; l++) {
            const uint8_t *p = m->gmem + 3 + 32 * l;
            for (unsigned b = 0; b < 16; b++) {
                uint8_t want = 0xcc;
                if ((exec >> l & 1) && b < t[i].bytes)
                    want = (uint8_t)(ut_vreg(m, 20 + b / 4)[l] >> (8 * (b % 4)));
                ck_assert_msg(p[b] == want, "%s lane %u byte %u", isa_ops[t[i].op].name, l, b);
            }
        }
    }
    free(m);
}
END_TEST

/* Sequential C reference of one atomic update. */
static uint32_t ref_atomic(isa_op_t op, uint32_t old, uint32_t d)
{
    switch (op) {
    case ISA_flat_atomic_swap: return d;
    case ISA_flat_atomic_add: return old + d;
    case ISA_flat_atomic_sub: return old - d;
    case ISA_flat_atomic_smin: return (int32_t)old <= (int32_t)d ? old : d;
    case ISA_flat_atomic_umin: return old <= d ? old : d;
    case ISA_flat_atomic_smax: return (int32_t)old >= (int32_t)d ? old : d;
    case ISA_flat_atomic_umax: return old >= d ? old : d;
    case ISA_flat_atomic_and: return old & d;
    case ISA_flat_atomic_or: return old | d;
    case ISA_flat_atomic_xor: return old ^ d;
    case ISA_flat_atomic_inc: return old >= d ? 0 : old + 1;
    default: return (old == 0 || old > d) ? d : old - 1; /* dec */
    }
}

START_TEST(flat_atomics_same_address)
{
    ut_machine_t *m = ut_machine_new();
    const isa_op_t ops[] = { ISA_flat_atomic_swap, ISA_flat_atomic_add, ISA_flat_atomic_sub,
                             ISA_flat_atomic_smin, ISA_flat_atomic_umin, ISA_flat_atomic_smax,
                             ISA_flat_atomic_umax, ISA_flat_atomic_and, ISA_flat_atomic_or,
                             ISA_flat_atomic_xor, ISA_flat_atomic_inc, ISA_flat_atomic_dec };
    const uint64_t exec = 0xfffffffffffff7ffull; /* lane 11 off */
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        for (int glc = 0; glc < 2; glc++) {
            ut_set_exec(m, exec);
            mh_set_addr(m, 0, UT_MEM_BASE + 0x40, 0);
            le_put32(gptr(m, UT_MEM_BASE + 0x40), 0x00000010u);
            for (unsigned l = 0; l < 64; l++)
                ut_vreg(m, 4)[l] = (l * 0x9e3779b9u) ^ (l & 1 ? 0x80000000u : 0) ^ (l % 7 == 0 ? 3 : 0);
            ut_vset_all(m, 8, 0x5555aaaau);
            isa_inst_t in = mh_flat_inst(ops[i], glc ? 8 : -1, 1, 4, 1);
            in.glc = (uint8_t)glc;
            isa_exec_result_t res = ut_run(m, &in);
            ck_assert_int_eq(res.status, ISA_EXEC_OK);
            uint32_t v = 0x10;
            for (unsigned l = 0; l < 64; l++) {
                if (!(exec >> l & 1)) {
                    ck_assert_uint_eq(ut_vreg(m, 8)[l], 0x5555aaaau);
                    continue;
                }
                ck_assert_uint_eq(ut_vreg(m, 8)[l], glc ? v : 0x5555aaaau);
                v = ref_atomic(ops[i], v, ut_vreg(m, 4)[l]);
            }
            ck_assert_msg(le_get32(gptr(m, UT_MEM_BASE + 0x40)) == v, "%s final", isa_ops[ops[i]].name);
        }
    }
    /* Hand-derived: 64 lanes each add 1 to 0, returning 0..63. */
    ut_set_exec(m, ~0ull);
    le_put32(gptr(m, UT_MEM_BASE + 0x40), 0);
    ut_vset_all(m, 4, 1);
    isa_inst_t in = mh_flat_inst(ISA_flat_atomic_add, 8, 1, 4, 1);
    in.glc = 1;
    ut_run(m, &in);
    ck_assert_uint_eq(le_get32(gptr(m, UT_MEM_BASE + 0x40)), 64);
    for (unsigned l = 0; l < 64; l++)
        ck_assert_uint_eq(ut_vreg(m, 8)[l], l);
    free(m);
}
END_TEST

START_TEST(flat_cmpswap_inc_dec)
{
    ut_machine_t *m = ut_machine_new();
    ut_set_exec(m, 1);
    mh_set_addr(m, 0, UT_MEM_BASE + 0x100, 0);
    le_put32(gptr(m, UT_MEM_BASE + 0x100), 5);
    /* data v[4:5] = {new value, compare value}. */
    ut_vreg(m, 4)[0] = 9;
    ut_vreg(m, 5)[0] = 5;
    isa_inst_t in = mh_flat_inst(ISA_flat_atomic_cmpswap, 8, 1, 4, 2);
    in.glc = 1;
    ut_run(m, &in);
    ck_assert_uint_eq(le_get32(gptr(m, UT_MEM_BASE + 0x100)), 9);
    ck_assert_uint_eq(ut_vreg(m, 8)[0], 5);
    ut_vreg(m, 4)[0] = 1; /* compare 5 fails against 9 */
    ut_run(m, &in);
    ck_assert_uint_eq(le_get32(gptr(m, UT_MEM_BASE + 0x100)), 9);
    ck_assert_uint_eq(ut_vreg(m, 8)[0], 9);
    /* Lane order: every lane tries 0 -> lane+1; only lane 0 succeeds and the rest see 1. */
    ut_set_exec(m, ~0ull);
    le_put32(gptr(m, UT_MEM_BASE + 0x100), 0);
    for (unsigned l = 0; l < 64; l++) {
        ut_vreg(m, 4)[l] = l + 1;
        ut_vreg(m, 5)[l] = 0;
    }
    ut_run(m, &in);
    ck_assert_uint_eq(le_get32(gptr(m, UT_MEM_BASE + 0x100)), 1);
    ck_assert_uint_eq(ut_vreg(m, 8)[0], 0);
    for (unsigned l = 1; l < 64; l++)
        ck_assert_uint_eq(ut_vreg(m, 8)[l], 1);

    /* inc with limit 2: 1 -> 2 -> 0 (wraps once old >= limit). */
    ut_set_exec(m, 0x7);
    le_put32(gptr(m, UT_MEM_BASE + 0x100), 1);
    ut_vset_all(m, 4, 2);
    in = mh_flat_inst(ISA_flat_atomic_inc, 8, 1, 4, 1);
    in.glc = 1;
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 8)[0], 1);
    ck_assert_uint_eq(ut_vreg(m, 8)[1], 2);
    ck_assert_uint_eq(ut_vreg(m, 8)[2], 0);
    ck_assert_uint_eq(le_get32(gptr(m, UT_MEM_BASE + 0x100)), 1);
    /* dec with limit 3: 1 -> 0 -> 3 (reload at 0) ; and 7 > 3 reloads to 3. */
    le_put32(gptr(m, UT_MEM_BASE + 0x100), 1);
    ut_vset_all(m, 4, 3);
    in.op = ISA_flat_atomic_dec;
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 8)[0], 1);
    ck_assert_uint_eq(ut_vreg(m, 8)[1], 0);
    ck_assert_uint_eq(ut_vreg(m, 8)[2], 3);
    ck_assert_uint_eq(le_get32(gptr(m, UT_MEM_BASE + 0x100)), 2);
    ut_set_exec(m, 1);
    le_put32(gptr(m, UT_MEM_BASE + 0x100), 7);
    ut_run(m, &in);
    ck_assert_uint_eq(le_get32(gptr(m, UT_MEM_BASE + 0x100)), 3);
    free(m);
}
END_TEST

START_TEST(flat_fault)
{
    ut_machine_t *m = ut_machine_new();
    memset(m->gmem, 0, 4096);
    mh_set_addr(m, 0, UT_MEM_BASE, 4);
    /* Lane 7 points below the window, lane 9 past its end. */
    ut_vreg(m, 0)[7] = 0x1000;
    ut_vreg(m, 1)[7] = 0;
    ut_vreg(m, 0)[9] = (uint32_t)(UT_MEM_BASE + UT_MEM_SIZE - 2);
    ut_vreg(m, 1)[9] = (uint32_t)((UT_MEM_BASE + UT_MEM_SIZE) >> 32);
    ut_vset_all(m, 4, 0x11223344u);
    ut_vset_all(m, 8, 0xabababab);
    isa_inst_t in = mh_flat_inst(ISA_flat_store_dword, -1, 0, 4, 1);
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_FAULT);
    ck_assert_int_eq(r.fault, ISA_FAULT_UNMAPPED);
    ck_assert_int_eq(r.fault_lane, 7);
    ck_assert_uint_eq(r.fault_addr, 0x1000);
    ck_assert_ptr_nonnull(strstr(r.fault_msg, "lane 7"));
    ck_assert_ptr_nonnull(strstr(r.fault_msg, "0x1000"));
    for (unsigned i = 0; i < 4096; i++)
        ck_assert_uint_eq(m->gmem[i], 0); /* nothing written, not even lanes 0..6 */
    /* With lane 7 inactive, lane 9 (2 of 4 bytes mapped) faults. */
    ut_set_exec(m, ~(1ull << 7));
    r = ut_run(m, &in);
    ck_assert_int_eq(r.fault_lane, 9);
    in = mh_flat_inst(ISA_flat_atomic_add, 8, 1, 4, 1);
    in.glc = 1;
    r = ut_run(m, &in);
    ck_assert_int_eq(r.fault_lane, 9);
    ck_assert_uint_eq(ut_vreg(m, 8)[0], 0xabababab);
    in = mh_flat_inst(ISA_flat_load_ushort, 8, 1, -1, 0);
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK); /* the two mapped bytes suffice */
    ut_set_exec(m, ~((1ull << 7) | (1ull << 9)));
    in = mh_flat_inst(ISA_flat_store_dword, -1, 0, 4, 1);
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    ck_assert_uint_eq(le_get32(m->gmem), 0x11223344u);
    free(m);
}
END_TEST

START_TEST(vgpr_range_checked)
{
    ut_machine_t *m = ut_machine_new();
    m->w.nvgpr = 10;
    mh_set_addr(m, 0, UT_MEM_BASE, 4);
    isa_inst_t in = mh_flat_inst(ISA_flat_load_dwordx4, 8, 4, -1, 0); /* v[8:11] */
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_FAULT);
    ck_assert_int_eq(r.fault, ISA_FAULT_ILLEGAL);
    ck_assert_uint_eq(ut_vreg(m, 10)[0], 0);
    mh_set_lds_addr(m, 0, 16);
    in = mh_ds_inst(ISA_ds_read_b128, 8, 4, -1, -1, 0);
    r = ut_run(m, &in);
    ck_assert_int_eq(r.fault, ISA_FAULT_ILLEGAL);
    in = mh_ds_inst(ISA_ds_read_b64, 8, 2, -1, -1, 0);
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    free(m);
}
END_TEST

/* Every instruction of the families this file covers executes without a fault, given valid
 * operands (the temporary scaffolding answered "not implemented"). */
START_TEST(every_op_runs)
{
    int n = 0;
    for (int op = 0; op < ISA_NUM_OPS; op++) {
        if (isa_op_mem9((isa_op_t)op))
            continue; /* gfx9 only (gfx803 has no opcode for them): test_flat9.c */
        isa_enc_t e = isa_ops[op].enc;
        if (e != ISA_ENC_SOP1 && e != ISA_ENC_SOP2 && e != ISA_ENC_SOPC && e != ISA_ENC_SOPK &&
            e != ISA_ENC_SOPP && e != ISA_ENC_SMEM && e != ISA_ENC_FLAT && e != ISA_ENC_DS)
            continue;
        ut_machine_t *m = ut_machine_new();
        m->w.sreg[0] = (uint32_t)UT_MEM_BASE;
        m->w.sreg[1] = (uint32_t)(UT_MEM_BASE >> 32);
        mh_set_addr(m, 0, UT_MEM_BASE, 16);
        if (e == ISA_ENC_SOP1)
            m->w.sreg[ISA_REG_M0] = 0; /* a valid index for the M0-relative s_movrels/s_movreld */
        if (e == ISA_ENC_DS)
            mh_set_lds_addr(m, 0, 16);
        if (op == ISA_ds_append || op == ISA_ds_consume)
            m->w.sreg[ISA_REG_M0] = 0; /* M0 is their counter's address */
        isa_inst_t in = ut_inst((isa_op_t)op);
        in.sdst = ut_sr(20, 16);
        in.vdst = ut_vr(8, 4);
        /* s_setpc/s_swappc jump to s[2:3] = 0: make that the address of a one-instruction kernel. */
        m->k.insts = &in;
        m->k.ninsts = 1;
        switch (e) {
        case ISA_ENC_SMEM:
            in.offset = 64;
            if (isa_ops[op].flags & ISA_FL_STORE) { /* s_store_*: the data first, then the base */
                in.src[0] = ut_sr(20, 4);
                in.src[1] = ut_sr(0, 2);
            } else {
                in.src[0] = ut_sr(0, 2);
            }
            break;
        case ISA_ENC_FLAT: in.src[0] = ut_vr(0, 2); in.src[1] = ut_vr(4, 2); in.glc = 1; break;
        case ISA_ENC_DS: in.src[0] = ut_v(0); in.src[1] = ut_v(4); in.src[2] = ut_v(5); break;
        default: in.src[0] = ut_sr(2, 2); in.src[1] = ut_sr(4, 2); break;
        }
        isa_exec_result_t r = ut_run(m, &in);
        ck_assert_msg(r.status != ISA_EXEC_FAULT, "%s faulted: %s", isa_ops[op].name, r.fault_msg);
        ck_assert_msg(strstr(r.fault_msg, "not implemented") == NULL, "%s", isa_ops[op].name);
        n++;
        free(m);
    }
    ck_assert_int_gt(n, 150);
}
END_TEST

static Suite *mem_suite(void)
{
    Suite *s = suite_create("mem");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, flat_loads);
    tcase_add_test(tc, flat_stores);
    tcase_add_test(tc, flat_atomics_same_address);
    tcase_add_test(tc, flat_cmpswap_inc_dec);
    tcase_add_test(tc, flat_fault);
    tcase_add_test(tc, vgpr_range_checked);
    tcase_add_test(tc, every_op_runs);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(mem_suite)
