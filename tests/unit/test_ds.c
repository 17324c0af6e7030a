/* DS semantics (reads and writes of every width, the dual forms, faults, M0 and alignment,
 * atomics in lane order, ds_swizzle) against hand-derived values and C reference loops. The later
 * DS atomics are test_ds_atomic.c's. */
#include "unit.h"

#include <stdio.h>

#include "common/le.h"
#include "mem_harness.h"

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
        mh_set_lds_addr(m, 0x100 - 0x20, 32);
        for (unsigned k = 0; k < 4; k++)
            for (unsigned l = 0; l < 64; l++)
                ut_vreg(m, 4 + k)[l] = 0x8f000000u + l * 0x10001u + k * 0x01000100u;
        isa_inst_t in = mh_ds_inst(w[i].wr, -1, 0, 4, -1, (w[i].bytes + 3) / 4);
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
        mh_set_lds_addr(m, 0x100, 32);
        isa_inst_t in = mh_ds_inst(rd[i].rd, 10, rd[i].n, -1, -1, 0);
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
                    want[k] = le_get32(p + 4 * k);
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
    isa_inst_t in = mh_ds_inst(ISA_ds_read_i8, 10, 1, -1, -1, 0);
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
    isa_inst_t in = mh_ds_inst(ISA_ds_write2_b32, -1, 0, 4, 5, 1);
    in.offset0 = 1;
    in.offset1 = 255;
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    ck_assert_uint_eq(r.addr[1], 0x1404);
    for (unsigned l = 0; l < 2; l++) {
        ck_assert_uint_eq(le_get32(m->lds + 0x400 + l * 0x1000 + 4), 0xa0 + l);
        ck_assert_uint_eq(le_get32(m->lds + 0x400 + l * 0x1000 + 255 * 4), 0xb0 + l);
    }
    in = mh_ds_inst(ISA_ds_read2_b32, 10, 2, -1, -1, 0);
    in.offset0 = 255;
    in.offset1 = 1;
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 10)[1], 0xb1);
    ck_assert_uint_eq(ut_vreg(m, 11)[1], 0xa1);
    /* st64: offsets in units of 64 dwords (256 bytes). */
    in = mh_ds_inst(ISA_ds_write2st64_b32, -1, 0, 4, 5, 1);
    in.offset0 = 0;
    in.offset1 = 3;
    ut_run(m, &in);
    ck_assert_uint_eq(le_get32(m->lds + 0x400), 0xa0);
    ck_assert_uint_eq(le_get32(m->lds + 0x400 + 768), 0xb0);
    in = mh_ds_inst(ISA_ds_read2st64_b32, 10, 2, -1, -1, 0);
    in.offset0 = 3;
    in.offset1 = 0;
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 10)[1], 0xb1);
    ck_assert_uint_eq(ut_vreg(m, 11)[1], 0xa1);
    /* b64: offsets in qwords; data v[4:5] and v[6:7]. */
    in = mh_ds_inst(ISA_ds_write2_b64, -1, 0, 4, 6, 2);
    in.offset0 = 2;
    in.offset1 = 7;
    ut_run(m, &in);
    ck_assert_uint_eq(le_get32(m->lds + 0x400 + 16), 0xa0);
    ck_assert_uint_eq(le_get32(m->lds + 0x400 + 20), 0xb0);
    ck_assert_uint_eq(le_get32(m->lds + 0x400 + 56), 0xc0);
    ck_assert_uint_eq(le_get32(m->lds + 0x400 + 60), 0xd0);
    in = mh_ds_inst(ISA_ds_read2_b64, 10, 4, -1, -1, 0);
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
    mh_set_lds_addr(m, 0, 4);
    ut_vreg(m, 0)[5] = 1022; /* the dword at 1022 runs past the allocation */
    ut_vset_all(m, 4, 0xffffffffu);
    isa_inst_t in = mh_ds_inst(ISA_ds_write_b32, -1, 0, 4, -1, 1);
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
    mh_set_lds_addr(m, 0, 4);
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

/* gfx9: M0 no longer bounds DS addresses (LLVM ldsRequiresM0Init: gfx8 only); M0 = 0, which a
 * gfx9 kernel leaves, faults the same write on gfx803 and lets it through on gfx900 and gfx906, the
 * allocation still bounding it. The same holds for the DS atomics (exec_ds_atomic.c). */
START_TEST(ds_m0_gfx9)
{
    for (int t = 0; t < ISA_NUM_TARGETS; t++) {
        ut_machine_t *m = ut_machine_new();
        memset(m->lds, 0, sizeof m->lds);
        m->w.target = (isa_target_t)t;
        m->w.lds_size = 1024;
        m->w.sreg[ISA_REG_M0] = 0;
        mh_set_lds_addr(m, 0, 4);
        ut_vset_all(m, 4, 0x11223344u);
        isa_inst_t in = mh_ds_inst(ISA_ds_write_b32, -1, 0, 4, -1, 1);
        isa_exec_result_t r = ut_run(m, &in);
        if (t == ISA_TARGET_GFX803) {
            ck_assert_int_eq(r.fault, ISA_FAULT_LDS_BOUNDS);
            ck_assert_ptr_nonnull(strstr(r.fault_msg, "M0 limit"));
        } else {
            ck_assert_int_eq(r.status, ISA_EXEC_OK);
            ck_assert_uint_eq(m->lds[252], 0x44); /* lane 63's dword at 252 */
        }
        isa_inst_t add = mh_ds_inst(ISA_ds_add_u32, -1, 0, 4, -1, 1);
        r = ut_run(m, &add);
        ck_assert_int_eq(r.status, t == ISA_TARGET_GFX803 ? ISA_EXEC_FAULT : ISA_EXEC_OK);
        mh_set_lds_addr(m, 0, 4);
        m->w.sreg[ISA_REG_M0] = 0xffffffffu; /* no limit on gfx803 either */
        ut_vreg(m, 0)[9] = 1022; /* past the allocation on every target */
        r = ut_run(m, &in);
        ck_assert_int_eq(r.fault, ISA_FAULT_LDS_BOUNDS);
        ck_assert_int_eq(r.fault_lane, 9);
        free(m);
    }
}
END_TEST

START_TEST(ds_m0_and_alignment)
{
    ut_machine_t *m = ut_machine_new();
    memset(m->lds, 0, sizeof m->lds);
    mh_set_lds_addr(m, 0, 4);
    ut_vset_all(m, 4, 0xffffffffu);
    m->w.sreg[ISA_REG_M0] = 256; /* lanes 0..63 cover bytes 0..255: fits exactly */
    isa_inst_t in = mh_ds_inst(ISA_ds_write_b32, -1, 0, 4, -1, 1);
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
    in = mh_ds_inst(ISA_ds_read2_b32, 10, 2, -1, -1, 0);
    in.offset0 = 0;
    in.offset1 = 2;
    ut_vset_all(m, 10, 7);
    r = ut_run(m, &in);
    ck_assert_int_eq(r.fault, ISA_FAULT_LDS_BOUNDS);
    ck_assert_uint_eq(r.fault_addr, 65536);
    ck_assert_uint_eq(ut_vreg(m, 10)[0], 7);
    /* Natural alignment: b64 needs 8, read2_b32 elements 4, b16 2; bytes never fault. */
    ut_vreg(m, 0)[0] = 0x104;
    in = mh_ds_inst(ISA_ds_read_b64, 10, 2, -1, -1, 0);
    r = ut_run(m, &in);
    ck_assert_int_eq(r.fault, ISA_FAULT_MISALIGNED);
    ck_assert_uint_eq(r.fault_addr, 0x104);
    ck_assert_ptr_nonnull(strstr(r.fault_msg, "8-byte"));
    in = mh_ds_inst(ISA_ds_read2_b32, 10, 2, -1, -1, 0);
    in.offset1 = 1;
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK); /* two dwords at 4-byte alignment */
    ut_vreg(m, 0)[0] = 0x102;
    r = ut_run(m, &in);
    ck_assert_int_eq(r.fault, ISA_FAULT_MISALIGNED);
    in = mh_ds_inst(ISA_ds_read_b128, 10, 4, -1, -1, 0);
    ut_vreg(m, 0)[0] = 0x108;
    r = ut_run(m, &in);
    ck_assert_int_eq(r.fault, ISA_FAULT_MISALIGNED);
    in = mh_ds_inst(ISA_ds_write_b16, -1, 0, 4, -1, 1);
    ut_vreg(m, 0)[0] = 0x101;
    r = ut_run(m, &in);
    ck_assert_int_eq(r.fault, ISA_FAULT_MISALIGNED);
    in = mh_ds_inst(ISA_ds_write_b8, -1, 0, 4, -1, 1);
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
        mh_set_lds_addr(m, 0x200, 0); /* every lane hits one dword */
        le_put32(m->lds + 0x200, 0x40);
        for (unsigned l = 0; l < 64; l++)
            ut_vreg(m, 4)[l] = (l * 0x2545f491u) ^ (l % 3 == 0 ? 0x80000000u : 0) ^ (l % 5 == 0 ? 0x3f : 0);
        ut_vset_all(m, 8, 0x77777777u);
        isa_inst_t in = mh_ds_inst((isa_op_t)op, rtn ? 8 : -1, 1, 4, -1, 1);
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
        ck_assert_msg(le_get32(m->lds + 0x200) == v, "%s final", isa_ops[op].name);
    }
    /* Hand-derived: 64 lanes add 2 to 100 with return: 100, 102, ... */
    ut_set_exec(m, ~0ull);
    le_put32(m->lds + 0x200, 100);
    ut_vset_all(m, 4, 2);
    isa_inst_t in = mh_ds_inst(ISA_ds_add_rtn_u32, 8, 1, 4, -1, 1);
    ut_run(m, &in);
    ck_assert_uint_eq(le_get32(m->lds + 0x200), 228);
    for (unsigned l = 0; l < 64; l++)
        ck_assert_uint_eq(ut_vreg(m, 8)[l], 100 + 2 * l);
    /* cmpst: data0 (src[1]) compare, data1 (src[2]) new value. */
    ut_set_exec(m, 1);
    le_put32(m->lds + 0x200, 5);
    ut_vset_all(m, 4, 5);
    ut_vset_all(m, 5, 9);
    in = mh_ds_inst(ISA_ds_cmpst_rtn_b32, 8, 1, 4, 5, 1);
    ut_run(m, &in);
    ck_assert_uint_eq(le_get32(m->lds + 0x200), 9);
    ck_assert_uint_eq(ut_vreg(m, 8)[0], 5);
    ut_vset_all(m, 5, 1);
    ut_run(m, &in); /* 9 != 5: unchanged */
    ck_assert_uint_eq(le_get32(m->lds + 0x200), 9);
    ck_assert_uint_eq(ut_vreg(m, 8)[0], 9);
    in = mh_ds_inst(ISA_ds_cmpst_b32, -1, 0, 4, 5, 1);
    ut_vset_all(m, 4, 9);
    ut_vset_all(m, 5, 33);
    ut_vset_all(m, 8, 0);
    ut_run(m, &in);
    ck_assert_uint_eq(le_get32(m->lds + 0x200), 33);
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
    isa_inst_t in = mh_ds_inst(ISA_ds_swizzle_b32, 8, 1, -1, -1, 0);
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

static Suite *ds_suite(void)
{
    Suite *s = suite_create("ds");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, ds_read_write_widths);
    tcase_add_test(tc, ds_dual);
    tcase_add_test(tc, ds_faults);
    tcase_add_test(tc, ds_m0_gfx9);
    tcase_add_test(tc, ds_m0_and_alignment);
    tcase_add_test(tc, ds_atomics);
    tcase_add_test(tc, ds_swizzle);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(ds_suite)
