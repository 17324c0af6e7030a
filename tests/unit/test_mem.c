/* FLAT and DS semantics (loads, stores, atomics in lane order, faults, ds_swizzle) against
 * hand-derived values and C reference loops; plus a walk over every SALU/SOPP/SMEM/FLAT/DS op. */
#include "unit.h"

#include <stdio.h>

static uint8_t *gptr(ut_machine_t *m, uint64_t addr) { return m->gmem + (addr - UT_MEM_BASE); }

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static void put_le32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* v[r:r+1] = base + lane * stride */
static void set_addr(ut_machine_t *m, unsigned r, uint64_t base, uint64_t stride)
{
    for (unsigned l = 0; l < ISA_WAVE_SIZE; l++) {
        uint64_t a = base + l * stride;
        ut_vreg(m, r)[l] = (uint32_t)a;
        ut_vreg(m, r + 1)[l] = (uint32_t)(a >> 32);
    }
}

static isa_inst_t flat_inst(isa_op_t op, int vdst, unsigned nd, int data, unsigned ndata)
{
    isa_inst_t in = ut_inst(op);
    in.src[0] = ut_vr(0, 2);
    if (vdst >= 0)
        in.vdst = ut_vr((unsigned)vdst, nd);
    if (data >= 0)
        in.src[1] = ut_vr((unsigned)data, ndata);
    return in;
}

START_TEST(flat_loads)
{
    ut_machine_t *m = ut_machine_new();
    for (unsigned i = 0; i < 4096; i++)
        m->gmem[i] = (uint8_t)(i * 37 + 0x81);
    const uint64_t exec = 0xf0f0f0f0a5a5a5a5ull;
    ut_set_exec(m, exec);
    /* Odd addresses: unaligned FLAT accesses are allowed. */
    set_addr(m, 0, UT_MEM_BASE + 1, 19);
    struct { isa_op_t op; unsigned n; } t[] = {
        { ISA_flat_load_ubyte, 1 }, { ISA_flat_load_sbyte, 1 }, { ISA_flat_load_ushort, 1 },
        { ISA_flat_load_sshort, 1 }, { ISA_flat_load_dword, 1 }, { ISA_flat_load_dwordx2, 2 },
        { ISA_flat_load_dwordx3, 3 }, { ISA_flat_load_dwordx4, 4 },
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        for (unsigned r = 10; r < 14; r++)
            ut_vset_all(m, r, 0xdeadbeefu);
        isa_inst_t in = flat_inst(t[i].op, 10, t[i].n, -1, 0);
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
                    want[k] = le32(p + 4 * k);
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
    set_addr(m, 0, UT_MEM_BASE + 0x800, 0);
    isa_inst_t in = flat_inst(ISA_flat_load_sbyte, 10, 1, -1, 0);
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 10)[0], 0xffffff80u);
    in = flat_inst(ISA_flat_load_sshort, 10, 1, -1, 0);
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 10)[0], 0x7f80u);
    m->gmem[0x801] = 0xff;
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 10)[0], 0xffffff80u);
    in = flat_inst(ISA_flat_load_ushort, 10, 1, -1, 0);
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
        set_addr(m, 0, UT_MEM_BASE + 3, 32); /* unaligned, non-overlapping */
        for (unsigned k = 0; k < 4; k++)
            for (unsigned l = 0; l < 64; l++)
                ut_vreg(m, 20 + k)[l] = 0x01020304u * (k + 1) + (l << 24);
        isa_inst_t in = flat_inst(t[i].op, -1, 0, 20, (t[i].bytes + 3) / 4);
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
            set_addr(m, 0, UT_MEM_BASE + 0x40, 0);
            put_le32(gptr(m, UT_MEM_BASE + 0x40), 0x00000010u);
            for (unsigned l = 0; l < 64; l++)
                ut_vreg(m, 4)[l] = (l * 0x9e3779b9u) ^ (l & 1 ? 0x80000000u : 0) ^ (l % 7 == 0 ? 3 : 0);
            ut_vset_all(m, 8, 0x5555aaaau);
            isa_inst_t in = flat_inst(ops[i], glc ? 8 : -1, 1, 4, 1);
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
            ck_assert_msg(le32(gptr(m, UT_MEM_BASE + 0x40)) == v, "%s final", isa_ops[ops[i]].name);
        }
    }
    /* Hand-derived: 64 lanes each add 1 to 0, returning 0..63. */
    ut_set_exec(m, ~0ull);
    put_le32(gptr(m, UT_MEM_BASE + 0x40), 0);
    ut_vset_all(m, 4, 1);
    isa_inst_t in = flat_inst(ISA_flat_atomic_add, 8, 1, 4, 1);
    in.glc = 1;
    ut_run(m, &in);
    ck_assert_uint_eq(le32(gptr(m, UT_MEM_BASE + 0x40)), 64);
    for (unsigned l = 0; l < 64; l++)
        ck_assert_uint_eq(ut_vreg(m, 8)[l], l);
    free(m);
}
END_TEST

START_TEST(flat_cmpswap_inc_dec)
{
    ut_machine_t *m = ut_machine_new();
    ut_set_exec(m, 1);
    set_addr(m, 0, UT_MEM_BASE + 0x100, 0);
    put_le32(gptr(m, UT_MEM_BASE + 0x100), 5);
    /* data v[4:5] = {new value, compare value}. */
    ut_vreg(m, 4)[0] = 9;
    ut_vreg(m, 5)[0] = 5;
    isa_inst_t in = flat_inst(ISA_flat_atomic_cmpswap, 8, 1, 4, 2);
    in.glc = 1;
    ut_run(m, &in);
    ck_assert_uint_eq(le32(gptr(m, UT_MEM_BASE + 0x100)), 9);
    ck_assert_uint_eq(ut_vreg(m, 8)[0], 5);
    ut_vreg(m, 4)[0] = 1; /* compare 5 fails against 9 */
    ut_run(m, &in);
    ck_assert_uint_eq(le32(gptr(m, UT_MEM_BASE + 0x100)), 9);
    ck_assert_uint_eq(ut_vreg(m, 8)[0], 9);
    /* Lane order: every lane tries 0 -> lane+1; only lane 0 succeeds and the rest see 1. */
    ut_set_exec(m, ~0ull);
    put_le32(gptr(m, UT_MEM_BASE + 0x100), 0);
    for (unsigned l = 0; l < 64; l++) {
        ut_vreg(m, 4)[l] = l + 1;
        ut_vreg(m, 5)[l] = 0;
    }
    ut_run(m, &in);
    ck_assert_uint_eq(le32(gptr(m, UT_MEM_BASE + 0x100)), 1);
    ck_assert_uint_eq(ut_vreg(m, 8)[0], 0);
    for (unsigned l = 1; l < 64; l++)
        ck_assert_uint_eq(ut_vreg(m, 8)[l], 1);

    /* inc with limit 2: 1 -> 2 -> 0 (wraps once old >= limit). */
    ut_set_exec(m, 0x7);
    put_le32(gptr(m, UT_MEM_BASE + 0x100), 1);
    ut_vset_all(m, 4, 2);
    in = flat_inst(ISA_flat_atomic_inc, 8, 1, 4, 1);
    in.glc = 1;
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 8)[0], 1);
    ck_assert_uint_eq(ut_vreg(m, 8)[1], 2);
    ck_assert_uint_eq(ut_vreg(m, 8)[2], 0);
    ck_assert_uint_eq(le32(gptr(m, UT_MEM_BASE + 0x100)), 1);
    /* dec with limit 3: 1 -> 0 -> 3 (reload at 0) ; and 7 > 3 reloads to 3. */
    put_le32(gptr(m, UT_MEM_BASE + 0x100), 1);
    ut_vset_all(m, 4, 3);
    in.op = ISA_flat_atomic_dec;
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 8)[0], 1);
    ck_assert_uint_eq(ut_vreg(m, 8)[1], 0);
    ck_assert_uint_eq(ut_vreg(m, 8)[2], 3);
    ck_assert_uint_eq(le32(gptr(m, UT_MEM_BASE + 0x100)), 2);
    ut_set_exec(m, 1);
    put_le32(gptr(m, UT_MEM_BASE + 0x100), 7);
    ut_run(m, &in);
    ck_assert_uint_eq(le32(gptr(m, UT_MEM_BASE + 0x100)), 3);
    free(m);
}
END_TEST

START_TEST(flat_fault)
{
    ut_machine_t *m = ut_machine_new();
    memset(m->gmem, 0, 4096);
    set_addr(m, 0, UT_MEM_BASE, 4);
    /* Lane 7 points below the window, lane 9 past its end. */
    ut_vreg(m, 0)[7] = 0x1000;
    ut_vreg(m, 1)[7] = 0;
    ut_vreg(m, 0)[9] = (uint32_t)(UT_MEM_BASE + UT_MEM_SIZE - 2);
    ut_vreg(m, 1)[9] = (uint32_t)((UT_MEM_BASE + UT_MEM_SIZE) >> 32);
    ut_vset_all(m, 4, 0x11223344u);
    ut_vset_all(m, 8, 0xabababab);
    isa_inst_t in = flat_inst(ISA_flat_store_dword, -1, 0, 4, 1);
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
    in = flat_inst(ISA_flat_atomic_add, 8, 1, 4, 1);
    in.glc = 1;
    r = ut_run(m, &in);
    ck_assert_int_eq(r.fault_lane, 9);
    ck_assert_uint_eq(ut_vreg(m, 8)[0], 0xabababab);
    in = flat_inst(ISA_flat_load_ushort, 8, 1, -1, 0);
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK); /* the two mapped bytes suffice */
    ut_set_exec(m, ~((1ull << 7) | (1ull << 9)));
    in = flat_inst(ISA_flat_store_dword, -1, 0, 4, 1);
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    ck_assert_uint_eq(le32(m->gmem), 0x11223344u);
    free(m);
}
END_TEST

/* ---- DS ---------------------------------------------------------------------------------------- */

static isa_inst_t ds_inst(isa_op_t op, int vdst, unsigned nd, int d0, int d1, unsigned ndata)
{
    isa_inst_t in = ut_inst(op);
    in.src[0] = ut_v(0);
    if (vdst >= 0)
        in.vdst = ut_vr((unsigned)vdst, nd);
    if (d0 >= 0)
        in.src[1] = ut_vr((unsigned)d0, ndata);
    if (d1 >= 0)
        in.src[2] = ut_vr((unsigned)d1, ndata);
    return in;
}

static void set_lds_addr(ut_machine_t *m, uint32_t base, uint32_t stride)
{
    for (unsigned l = 0; l < 64; l++)
        ut_vreg(m, 0)[l] = base + l * stride;
}

START_TEST(ds_read_write_widths)
{
    ut_machine_t *m = ut_machine_new();
    const uint64_t exec = 0xffff0000ffff00ffull;
    ut_set_exec(m, exec);
    struct { isa_op_t wr; unsigned bytes; } w[] = {
        { ISA_ds_write_b8, 1 }, { ISA_ds_write_b16, 2 }, { ISA_ds_write_b32, 4 },
        { ISA_ds_write_b64, 8 }, { ISA_ds_write_b128, 16 },
    };
    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++) {
        memset(m->lds, 0xee, sizeof m->lds);
        set_lds_addr(m, 0x100 - 0x20, 32);
        for (unsigned k = 0; k < 4; k++)
            for (unsigned l = 0; l < 64; l++)
                ut_vreg(m, 4 + k)[l] = 0x8f000000u + l * 0x10001u + k * 0x01000100u;
        isa_inst_t in = ds_inst(w[i].wr, -1, 0, 4, -1, (w[i].bytes + 3) / 4);
        in.offset = 0x20;
        isa_exec_result_t r = ut_run(m, &in);
        ck_assert_int_eq(r.status, ISA_EXEC_OK);
        ck_assert_uint_eq(r.lanes, exec);
        for (unsigned l = 0; l < 64; l++) {
            if (exec >> l & 1)
                ck_assert_uint_eq(r.addr[l], 0x100 + 32 * l);
            for (unsigned b = 0; b < 32; b++) {
                uint8_t want = 0xee;
                if ((exec >> l & 1) && b < w[i].bytes)
                    want = (uint8_t)(ut_vreg(m, 4 + b / 4)[l] >> (8 * (b % 4)));
                ck_assert_uint_eq(m->lds[0x100 + 32 * l + b], want);
            }
        }
    }
    /* Reads back from the b128 pattern. */
    struct { isa_op_t rd; unsigned n; } rd[] = {
        { ISA_ds_read_u8, 1 }, { ISA_ds_read_i8, 1 }, { ISA_ds_read_u16, 1 }, { ISA_ds_read_i16, 1 },
        { ISA_ds_read_b32, 1 }, { ISA_ds_read_b64, 2 }, { ISA_ds_read_b128, 4 },
    };
    for (size_t i = 0; i < sizeof rd / sizeof rd[0]; i++) {
        for (unsigned k = 0; k < 4; k++)
            ut_vset_all(m, 10 + k, 0x12345678u);
        set_lds_addr(m, 0x100, 32);
        isa_inst_t in = ds_inst(rd[i].rd, 10, rd[i].n, -1, -1, 0);
        isa_exec_result_t r = ut_run(m, &in);
        ck_assert_int_eq(r.status, ISA_EXEC_OK);
        for (unsigned l = 0; l < 64; l++) {
            const uint8_t *p = m->lds + 0x100 + 32 * l;
            uint32_t want[4];
            switch (rd[i].rd) {
            case ISA_ds_read_u8: want[0] = p[0]; break;
            case ISA_ds_read_i8: want[0] = (p[0] & 0x80) ? 0xffffff00u | p[0] : p[0]; break;
            case ISA_ds_read_u16: want[0] = p[0] | (uint32_t)p[1] << 8; break;
            case ISA_ds_read_i16:
                want[0] = p[0] | (uint32_t)p[1] << 8;
                if (want[0] & 0x8000)
                    want[0] |= 0xffff0000u;
                break;
            default:
                for (unsigned k = 0; k < rd[i].n; k++)
                    want[k] = le32(p + 4 * k);
            }
            for (unsigned k = 0; k < 4; k++) {
                uint32_t got = ut_vreg(m, 10 + k)[l];
                if ((exec >> l & 1) && k < rd[i].n)
                    ck_assert_msg(got == want[k], "%s lane %u", isa_ops[rd[i].rd].name, l);
                else
                    ck_assert_uint_eq(got, 0x12345678u);
            }
        }
    }
    /* A lane with 0x8f.. in the low byte reads sign-extended. */
    ck_assert_uint_eq(m->lds[0x100], 0x00);
    m->lds[0x100] = 0x90;
    isa_inst_t in = ds_inst(ISA_ds_read_i8, 10, 1, -1, -1, 0);
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 10)[0], 0xffffff90u);
    free(m);
}
END_TEST

START_TEST(ds_dual)
{
    ut_machine_t *m = ut_machine_new();
    ut_set_exec(m, 0x3); /* two lanes, 0x1000 apart */
    for (unsigned l = 0; l < 64; l++) {
        ut_vreg(m, 0)[l] = 0x400 + l * 0x1000;
        ut_vreg(m, 4)[l] = 0xa0 + l;
        ut_vreg(m, 5)[l] = 0xb0 + l;
        ut_vreg(m, 6)[l] = 0xc0 + l;
        ut_vreg(m, 7)[l] = 0xd0 + l;
    }
    /* write2_b32 offsets in dwords. */
    isa_inst_t in = ds_inst(ISA_ds_write2_b32, -1, 0, 4, 5, 1);
    in.offset0 = 1;
    in.offset1 = 255;
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    ck_assert_uint_eq(r.addr[1], 0x1404);
    for (unsigned l = 0; l < 2; l++) {
        ck_assert_uint_eq(le32(m->lds + 0x400 + l * 0x1000 + 4), 0xa0 + l);
        ck_assert_uint_eq(le32(m->lds + 0x400 + l * 0x1000 + 255 * 4), 0xb0 + l);
    }
    in = ds_inst(ISA_ds_read2_b32, 10, 2, -1, -1, 0);
    in.offset0 = 255;
    in.offset1 = 1;
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 10)[1], 0xb1);
    ck_assert_uint_eq(ut_vreg(m, 11)[1], 0xa1);
    /* st64: offsets in units of 64 dwords (256 bytes). */
    in = ds_inst(ISA_ds_write2st64_b32, -1, 0, 4, 5, 1);
    in.offset0 = 0;
    in.offset1 = 3;
    ut_run(m, &in);
    ck_assert_uint_eq(le32(m->lds + 0x400), 0xa0);
    ck_assert_uint_eq(le32(m->lds + 0x400 + 768), 0xb0);
    in = ds_inst(ISA_ds_read2st64_b32, 10, 2, -1, -1, 0);
    in.offset0 = 3;
    in.offset1 = 0;
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 10)[1], 0xb1);
    ck_assert_uint_eq(ut_vreg(m, 11)[1], 0xa1);
    /* b64: offsets in qwords; data v[4:5] and v[6:7]. */
    in = ds_inst(ISA_ds_write2_b64, -1, 0, 4, 6, 2);
    in.offset0 = 2;
    in.offset1 = 7;
    ut_run(m, &in);
    ck_assert_uint_eq(le32(m->lds + 0x400 + 16), 0xa0);
    ck_assert_uint_eq(le32(m->lds + 0x400 + 20), 0xb0);
    ck_assert_uint_eq(le32(m->lds + 0x400 + 56), 0xc0);
    ck_assert_uint_eq(le32(m->lds + 0x400 + 60), 0xd0);
    in = ds_inst(ISA_ds_read2_b64, 10, 4, -1, -1, 0);
    in.offset0 = 7;
    in.offset1 = 2;
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 10)[1], 0xc1);
    ck_assert_uint_eq(ut_vreg(m, 11)[1], 0xd1);
    ck_assert_uint_eq(ut_vreg(m, 12)[1], 0xa1);
    ck_assert_uint_eq(ut_vreg(m, 13)[1], 0xb1);
    free(m);
}
END_TEST

START_TEST(ds_faults)
{
    ut_machine_t *m = ut_machine_new();
    memset(m->lds, 0, sizeof m->lds);
    m->w.lds_size = 1024; /* the workgroup's allocation */
    set_lds_addr(m, 0, 4);
    ut_vreg(m, 0)[5] = 1022; /* the dword at 1022 runs past the allocation */
    ut_vset_all(m, 4, 0xffffffffu);
    isa_inst_t in = ds_inst(ISA_ds_write_b32, -1, 0, 4, -1, 1);
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_FAULT);
    ck_assert_int_eq(r.fault, ISA_FAULT_LDS_BOUNDS);
    ck_assert_int_eq(r.fault_lane, 5);
    ck_assert_uint_eq(r.fault_addr, 1022);
    ck_assert_ptr_nonnull(strstr(r.fault_msg, "lane 5"));
    ck_assert_ptr_nonnull(strstr(r.fault_msg, "1024"));
    ck_assert_ptr_nonnull(strstr(r.fault_msg, "M0 = 0xffffffff"));
    for (unsigned i = 0; i < sizeof m->lds; i++)
        ck_assert_uint_eq(m->lds[i], 0);
    /* The 16-bit offset pushes the last lane out. */
    set_lds_addr(m, 0, 4);
    in.offset = 1024 - 63 * 4;
    r = ut_run(m, &in);
    ck_assert_int_eq(r.fault_lane, 63);
    ck_assert_uint_eq(r.fault_addr, 1024);
    in.offset = 1020 - 63 * 4;
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    /* M0 below the allocation limits it further. */
    memset(m->lds, 0, sizeof m->lds);
    m->w.sreg[ISA_REG_M0] = 256;
    in.offset = 4; /* lane 63 covers bytes 256..259 */
    r = ut_run(m, &in);
    ck_assert_int_eq(r.fault, ISA_FAULT_LDS_BOUNDS);
    ck_assert_int_eq(r.fault_lane, 63);
    ck_assert_ptr_nonnull(strstr(r.fault_msg, "M0 limit"));
    ck_assert_uint_eq(m->lds[4], 0);
    free(m);
}
END_TEST

START_TEST(ds_m0_and_alignment)
{
    ut_machine_t *m = ut_machine_new();
    memset(m->lds, 0, sizeof m->lds);
    set_lds_addr(m, 0, 4);
    ut_vset_all(m, 4, 0xffffffffu);
    m->w.sreg[ISA_REG_M0] = 256; /* lanes 0..63 cover bytes 0..255: fits exactly */
    isa_inst_t in = ds_inst(ISA_ds_write_b32, -1, 0, 4, -1, 1);
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    memset(m->lds, 0, sizeof m->lds);
    in.offset = 4;
    r = ut_run(m, &in);
    ck_assert_int_eq(r.fault, ISA_FAULT_LDS_BOUNDS);
    ck_assert_int_eq(r.fault_lane, 63);
    ck_assert_ptr_nonnull(strstr(r.fault_msg, "M0 = 0x100"));
    ck_assert_ptr_nonnull(strstr(r.fault_msg, "65536"));
    ck_assert_uint_eq(m->lds[4], 0);
    /* read2 checks both elements: the second one is out of range. */
    m->w.sreg[ISA_REG_M0] = 0xffffffffu;
    ut_set_exec(m, 1);
    ut_vreg(m, 0)[0] = 65536 - 8;
    in = ds_inst(ISA_ds_read2_b32, 10, 2, -1, -1, 0);
    in.offset0 = 0;
    in.offset1 = 2;
    ut_vset_all(m, 10, 7);
    r = ut_run(m, &in);
    ck_assert_int_eq(r.fault, ISA_FAULT_LDS_BOUNDS);
    ck_assert_uint_eq(r.fault_addr, 65536);
    ck_assert_uint_eq(ut_vreg(m, 10)[0], 7);
    /* Natural alignment: b64 needs 8, read2_b32 elements 4, b16 2; bytes never fault. */
    ut_vreg(m, 0)[0] = 0x104;
    in = ds_inst(ISA_ds_read_b64, 10, 2, -1, -1, 0);
    r = ut_run(m, &in);
    ck_assert_int_eq(r.fault, ISA_FAULT_MISALIGNED);
    ck_assert_uint_eq(r.fault_addr, 0x104);
    ck_assert_ptr_nonnull(strstr(r.fault_msg, "8-byte"));
    in = ds_inst(ISA_ds_read2_b32, 10, 2, -1, -1, 0);
    in.offset1 = 1;
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK); /* two dwords at 4-byte alignment */
    ut_vreg(m, 0)[0] = 0x102;
    r = ut_run(m, &in);
    ck_assert_int_eq(r.fault, ISA_FAULT_MISALIGNED);
    in = ds_inst(ISA_ds_read_b128, 10, 4, -1, -1, 0);
    ut_vreg(m, 0)[0] = 0x108;
    r = ut_run(m, &in);
    ck_assert_int_eq(r.fault, ISA_FAULT_MISALIGNED);
    in = ds_inst(ISA_ds_write_b16, -1, 0, 4, -1, 1);
    ut_vreg(m, 0)[0] = 0x101;
    r = ut_run(m, &in);
    ck_assert_int_eq(r.fault, ISA_FAULT_MISALIGNED);
    in = ds_inst(ISA_ds_write_b8, -1, 0, 4, -1, 1);
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    ck_assert_uint_eq(m->lds[0x101], 0xff);
    free(m);
}
END_TEST

/* Sequential C reference for the DS atomics. */
static uint32_t ref_ds(isa_op_t op, uint32_t old, uint32_t d)
{
    switch (op) {
    case ISA_ds_add_u32: case ISA_ds_add_rtn_u32: return old + d;
    case ISA_ds_sub_u32: case ISA_ds_sub_rtn_u32: return old - d;
    case ISA_ds_inc_u32: case ISA_ds_inc_rtn_u32: return old >= d ? 0 : old + 1;
    case ISA_ds_dec_u32: case ISA_ds_dec_rtn_u32: return (old == 0 || old > d) ? d : old - 1;
    case ISA_ds_min_i32: case ISA_ds_min_rtn_i32: return (int32_t)d < (int32_t)old ? d : old;
    case ISA_ds_max_i32: case ISA_ds_max_rtn_i32: return (int32_t)d > (int32_t)old ? d : old;
    case ISA_ds_min_u32: case ISA_ds_min_rtn_u32: return d < old ? d : old;
    case ISA_ds_max_u32: case ISA_ds_max_rtn_u32: return d > old ? d : old;
    case ISA_ds_and_b32: case ISA_ds_and_rtn_b32: return old & d;
    case ISA_ds_or_b32: case ISA_ds_or_rtn_b32: return old | d;
    case ISA_ds_xor_b32: case ISA_ds_xor_rtn_b32: return old ^ d;
    default: return d; /* wrxchg */
    }
}

START_TEST(ds_atomics)
{
    ut_machine_t *m = ut_machine_new();
    const uint64_t exec = 0x7fffffffffffbfffull;
    for (int op = 0; op < ISA_NUM_OPS; op++) {
        if (isa_ops[op].enc != ISA_ENC_DS || !(isa_ops[op].flags & ISA_FL_ATOMIC) ||
            op == ISA_ds_cmpst_b32 || op == ISA_ds_cmpst_rtn_b32 || op >= ISA_ds_rsub_u32)
            continue; /* the later DS block (from ds_rsub_u32 on) is tested in test_ds_atomic.c */
        bool rtn = isa_ops[op].flags & ISA_FL_RTN;
        ut_set_exec(m, exec);
        set_lds_addr(m, 0x200, 0); /* every lane hits one dword */
        put_le32(m->lds + 0x200, 0x40);
        for (unsigned l = 0; l < 64; l++)
            ut_vreg(m, 4)[l] = (l * 0x2545f491u) ^ (l % 3 == 0 ? 0x80000000u : 0) ^ (l % 5 == 0 ? 0x3f : 0);
        ut_vset_all(m, 8, 0x77777777u);
        isa_inst_t in = ds_inst((isa_op_t)op, rtn ? 8 : -1, 1, 4, -1, 1);
        isa_exec_result_t r = ut_run(m, &in);
        ck_assert_int_eq(r.status, ISA_EXEC_OK);
        uint32_t v = 0x40;
        for (unsigned l = 0; l < 64; l++) {
            if (!(exec >> l & 1)) {
                ck_assert_uint_eq(ut_vreg(m, 8)[l], 0x77777777u);
                continue;
            }
            ck_assert_msg(ut_vreg(m, 8)[l] == (rtn ? v : 0x77777777u), "%s lane %u", isa_ops[op].name, l);
            v = ref_ds((isa_op_t)op, v, ut_vreg(m, 4)[l]);
        }
        ck_assert_msg(le32(m->lds + 0x200) == v, "%s final", isa_ops[op].name);
    }
    /* Hand-derived: 64 lanes add 2 to 100 with return: 100, 102, ... */
    ut_set_exec(m, ~0ull);
    put_le32(m->lds + 0x200, 100);
    ut_vset_all(m, 4, 2);
    isa_inst_t in = ds_inst(ISA_ds_add_rtn_u32, 8, 1, 4, -1, 1);
    ut_run(m, &in);
    ck_assert_uint_eq(le32(m->lds + 0x200), 228);
    for (unsigned l = 0; l < 64; l++)
        ck_assert_uint_eq(ut_vreg(m, 8)[l], 100 + 2 * l);
    /* cmpst: data0 (src[1]) compare, data1 (src[2]) new value. */
    ut_set_exec(m, 1);
    put_le32(m->lds + 0x200, 5);
    ut_vset_all(m, 4, 5);
    ut_vset_all(m, 5, 9);
    in = ds_inst(ISA_ds_cmpst_rtn_b32, 8, 1, 4, 5, 1);
    ut_run(m, &in);
    ck_assert_uint_eq(le32(m->lds + 0x200), 9);
    ck_assert_uint_eq(ut_vreg(m, 8)[0], 5);
    ut_vset_all(m, 5, 1);
    ut_run(m, &in); /* 9 != 5: unchanged */
    ck_assert_uint_eq(le32(m->lds + 0x200), 9);
    ck_assert_uint_eq(ut_vreg(m, 8)[0], 9);
    in = ds_inst(ISA_ds_cmpst_b32, -1, 0, 4, 5, 1);
    ut_vset_all(m, 4, 9);
    ut_vset_all(m, 5, 33);
    ut_vset_all(m, 8, 0);
    ut_run(m, &in);
    ck_assert_uint_eq(le32(m->lds + 0x200), 33);
    ck_assert_uint_eq(ut_vreg(m, 8)[0], 0);
    free(m);
}
END_TEST

START_TEST(ds_swizzle)
{
    ut_machine_t *m = ut_machine_new();
    memset(m->lds, 0x5a, 256);
    for (unsigned l = 0; l < 64; l++)
        ut_vreg(m, 3)[l] = 1000 + l;
    isa_inst_t in = ds_inst(ISA_ds_swizzle_b32, 8, 1, -1, -1, 0);
    in.src[0] = ut_v(3);
    /* Bit-mask mode, and = 0x1f, xor = 0x10: swap 16-lane halves of each 32. */
    in.offset = 0x401f;
    ut_vset_all(m, 8, 0);
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    for (unsigned l = 0; l < 64; l++)
        ck_assert_uint_eq(ut_vreg(m, 8)[l], 1000 + (l ^ 16));
    /* and = 0, or = 5: broadcast lane 5 within each 32-lane group. */
    in.offset = 5u << 5;
    ut_run(m, &in);
    for (unsigned l = 0; l < 64; l++)
        ck_assert_uint_eq(ut_vreg(m, 8)[l], 1000 + (l & 32) + 5);
    /* and = 0x1f, or = 0, xor = 3: reverse each group of four lanes. */
    in.offset = 0x1f | 3u << 10;
    ut_run(m, &in);
    for (unsigned l = 0; l < 64; l++)
        ck_assert_uint_eq(ut_vreg(m, 8)[l], 1000 + ((l & ~3u) | (3 - (l & 3))));
    /* Quad permute: [2,0,3,1] -> lane i of a quad takes lane sel[i]. */
    in.offset = 0x8000 | 2 | 0 << 2 | 3 << 4 | 1 << 6;
    ut_run(m, &in);
    const unsigned sel[4] = { 2, 0, 3, 1 };
    for (unsigned l = 0; l < 64; l++)
        ck_assert_uint_eq(ut_vreg(m, 8)[l], 1000 + (l & ~3u) + sel[l & 3]);
    /* Inactive source lanes read 0; inactive destinations are untouched. */
    ut_set_exec(m, 0x00000000ffff0000ull | 0xffull);
    ut_vset_all(m, 8, 0xaaaa);
    in.offset = 0x401f;
    ut_run(m, &in);
    for (unsigned l = 0; l < 64; l++) {
        uint32_t want;
        if (!((0xffff00ffull >> l) & 1))
            want = 0xaaaa;
        else if ((0xffff00ffull >> (l ^ 16)) & 1)
            want = 1000 + (l ^ 16);
        else
            want = 0;
        ck_assert_msg(ut_vreg(m, 8)[l] == want, "lane %u", l);
    }
    for (unsigned i = 0; i < 256; i++)
        ck_assert_uint_eq(m->lds[i], 0x5a);
    free(m);
}
END_TEST

/* Register operands outside the wave's VGPR allocation are refused, never written. */
START_TEST(vgpr_range_checked)
{
    ut_machine_t *m = ut_machine_new();
    m->w.nvgpr = 10;
    set_addr(m, 0, UT_MEM_BASE, 4);
    isa_inst_t in = flat_inst(ISA_flat_load_dwordx4, 8, 4, -1, 0); /* v[8:11] */
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_FAULT);
    ck_assert_int_eq(r.fault, ISA_FAULT_ILLEGAL);
    ck_assert_uint_eq(ut_vreg(m, 10)[0], 0);
    set_lds_addr(m, 0, 16);
    in = ds_inst(ISA_ds_read_b128, 8, 4, -1, -1, 0);
    r = ut_run(m, &in);
    ck_assert_int_eq(r.fault, ISA_FAULT_ILLEGAL);
    in = ds_inst(ISA_ds_read_b64, 8, 2, -1, -1, 0);
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
        isa_enc_t e = isa_ops[op].enc;
        if (e != ISA_ENC_SOP1 && e != ISA_ENC_SOP2 && e != ISA_ENC_SOPC && e != ISA_ENC_SOPK &&
            e != ISA_ENC_SOPP && e != ISA_ENC_SMEM && e != ISA_ENC_FLAT && e != ISA_ENC_DS)
            continue;
        ut_machine_t *m = ut_machine_new();
        m->w.sreg[0] = (uint32_t)UT_MEM_BASE;
        m->w.sreg[1] = (uint32_t)(UT_MEM_BASE >> 32);
        set_addr(m, 0, UT_MEM_BASE, 16);
        if (e == ISA_ENC_SOP1)
            m->w.sreg[ISA_REG_M0] = 0; /* a valid index for the M0-relative s_movrels/s_movreld */
        if (e == ISA_ENC_DS)
            set_lds_addr(m, 0, 16);
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
    tcase_add_test(tc, ds_read_write_widths);
    tcase_add_test(tc, ds_dual);
    tcase_add_test(tc, ds_faults);
    tcase_add_test(tc, ds_m0_and_alignment);
    tcase_add_test(tc, ds_atomics);
    tcase_add_test(tc, ds_swizzle);
    tcase_add_test(tc, vgpr_range_checked);
    tcase_add_test(tc, every_op_runs);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(mem_suite)
