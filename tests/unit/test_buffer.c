/* Buffer instructions (MUBUF, MTBUF, s_buffer_load) on hand-built descriptors: linear, indexed and
 * swizzled addresses derived by hand from the GCN3 ISA manual (8.1.4), range checks (8.1.5), every
 * load/store size, the 32-bit formats, 32- and 64-bit atomics against C; then the private segment a
 * launch sets up (V#, flat scratch init, per-wave offsets) and a kernel that keeps per-wave data in
 * scratch across a barrier, in the functional and timing runs. */
#include "unit.h"
#include "timing_harness.h"

#include "load/kprogram.h"
#include "load/launch.h"
#include "machine/functional.h"
#include "machine/timing.h"

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* A V# in s[4:7]: base (offset from UT_MEM_BASE), stride, swizzle, num_records; element size code
 * (0..3: 2, 4, 8, 16 bytes), index stride code (0..3: 8, 16, 32, 64), add_tid; format 32 UINT. */
static void set_desc(ut_machine_t *m, uint64_t base_off, uint32_t stride, bool swz, uint32_t nrec, uint32_t esz,
                     uint32_t istr, bool tid)
{
    uint64_t base = UT_MEM_BASE + base_off;
    m->w.sreg[4] = (uint32_t)base;
    m->w.sreg[5] = (uint32_t)(base >> 32) | stride << 16 | (uint32_t)swz << 31;
    m->w.sreg[6] = nrec;
    m->w.sreg[7] = 4u << 12 | 4u << 15 | esz << 19 | istr << 21 | (uint32_t)tid << 23;
}

/* op vdata, vaddr(v0 or v[0:1]), s[4:7], soffset */
static isa_inst_t buf_inst(isa_op_t op, unsigned data, unsigned ndata, bool offen, bool idxen, isa_operand_t soff,
                           uint32_t offset)
{
    isa_inst_t in = ut_inst(op);
    unsigned na = (unsigned)offen + (unsigned)idxen;
    in.src[0] = na ? ut_vr(0, na) : ut_none();
    in.src[1] = ut_sr(4, 4);
    in.src[2] = soff;
    in.offen = offen;
    in.idxen = idxen;
    in.offset = offset;
    in.nsrc = 3;
    if (isa_ops[op].flags & ISA_FL_LOAD) {
        in.vdst = ut_vr(data, ndata);
    } else {
        in.src[3] = ut_vr(data, ndata);
        in.nsrc = 4;
    }
    return in;
}

START_TEST(linear_offen_soffset)
{
    ut_machine_t *m = ut_machine_new();
    for (unsigned i = 0; i < 4096; i++)
        m->gmem[i] = (uint8_t)(i * 13 + 5);
    set_desc(m, 256, 0, false, 1u << 20, 1, 3, false);
    m->w.sreg[9] = 40; /* soffset */
    for (unsigned l = 0; l < 64; l++)
        ut_vreg(m, 0)[l] = 8 * l;
    isa_inst_t in = buf_inst(ISA_buffer_load_dword, 10, 1, true, false, ut_s(9), 12);
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    ck_assert_uint_eq(r.lanes, ~0ull);
    for (unsigned l = 0; l < 64; l++) {
        uint64_t off = 256 + 40 + 8 * l + 12; /* base + soffset + vgpr offset + inst_offset */
        ck_assert_uint_eq(r.addr[l], UT_MEM_BASE + off);
        ck_assert_uint_eq(ut_vreg(m, 10)[l], le32(m->gmem + off));
    }
    /* `off` with an inline-constant soffset: every lane reads the same dword. */
    in = buf_inst(ISA_buffer_load_dword, 11, 1, false, false, ut_ic(16), 4);
    r = ut_run(m, &in);
    for (unsigned l = 0; l < 64; l++)
        ck_assert_uint_eq(ut_vreg(m, 11)[l], le32(m->gmem + 256 + 16 + 4));
    free(m);
}
END_TEST

START_TEST(indexed_and_add_tid)
{
    ut_machine_t *m = ut_machine_new();
    for (unsigned i = 0; i < 8192; i++)
        m->gmem[i] = (uint8_t)(i * 7 + 1);
    /* stride 24, idxen: address = base + index * 24 + inst_offset. */
    set_desc(m, 0, 24, false, 1000, 1, 3, false);
    for (unsigned l = 0; l < 64; l++) {
        ut_vreg(m, 0)[l] = 100 - l; /* index */
        ut_vreg(m, 1)[l] = 2 * l;   /* offset (idxen offen) */
    }
    isa_inst_t in = buf_inst(ISA_buffer_load_dword, 10, 1, false, true, ut_ic(0), 4);
    isa_exec_result_t r = ut_run(m, &in);
    for (unsigned l = 0; l < 64; l++)
        ck_assert_uint_eq(r.addr[l], UT_MEM_BASE + (100 - l) * 24 + 4);
    in = buf_inst(ISA_buffer_load_dword, 10, 1, true, true, ut_ic(0), 4);
    r = ut_run(m, &in);
    for (unsigned l = 0; l < 64; l++) {
        ck_assert_uint_eq(r.addr[l], UT_MEM_BASE + (100 - l) * 24 + 2 * l + 4);
        ck_assert_uint_eq(ut_vreg(m, 10)[l], le32(m->gmem + (100 - l) * 24 + 2 * l + 4));
    }
    /* add_tid: the lane id joins the index (no idxen needed). */
    set_desc(m, 0, 24, false, 1000, 1, 3, true);
    in = buf_inst(ISA_buffer_load_dword, 10, 1, false, false, ut_ic(0), 0);
    r = ut_run(m, &in);
    for (unsigned l = 0; l < 64; l++)
        ck_assert_uint_eq(r.addr[l], UT_MEM_BASE + l * 24);
    free(m);
}
END_TEST

/* Swizzled addressing, the manual's formula worked by hand for the scratch ABI's V# and another. */
START_TEST(swizzled)
{
    ut_machine_t *m = ut_machine_new();
    for (unsigned i = 0; i < 32768; i++)
        m->gmem[i] = (uint8_t)(i * 11 + 3);
    /* Scratch: element size 4, index stride 64, add_tid, stride 0. Lane l, offset o:
     * index = l (msb 0, lsb l), offset msb o/4, lsb o%4 -> (o/4 * 4) * 64 + l * 4 + o%4. */
    set_desc(m, 0, 0, true, 1u << 20, 1, 3, true);
    for (unsigned l = 0; l < 64; l++)
        ut_vreg(m, 0)[l] = 4 * (l % 5);
    isa_inst_t in = buf_inst(ISA_buffer_load_dword, 10, 1, true, false, ut_ic(0), 8);
    isa_exec_result_t r = ut_run(m, &in);
    for (unsigned l = 0; l < 64; l++) {
        uint32_t o = 4 * (l % 5) + 8;
        ck_assert_uint_eq(r.addr[l], UT_MEM_BASE + (o / 4) * 256 + l * 4);
    }
    /* dwordx2: each dword is its own element, 256 bytes apart. */
    in = buf_inst(ISA_buffer_load_dwordx2, 10, 2, true, false, ut_ic(0), 8);
    r = ut_run(m, &in);
    for (unsigned l = 0; l < 64; l++) {
        uint32_t o = 4 * (l % 5) + 8;
        ck_assert_uint_eq(ut_vreg(m, 10)[l], le32(m->gmem + (o / 4) * 256 + l * 4));
        ck_assert_uint_eq(ut_vreg(m, 11)[l], le32(m->gmem + (o / 4 + 1) * 256 + l * 4));
    }
    /* Element size 8, index stride 16, stride 32, idxen, index 20 + l, offset 12 + inst 0:
     * index msb (20+l)/16, lsb (20+l)%16; offset msb 12/8 = 1, lsb 4 ->
     * ((msb * 32 + 1 * 8) * 16) + lsb * 8 + 4. Lane 0: (1*32 + 8)*16 + 4*8 + 4 = 676. */
    set_desc(m, 0, 32, true, 1000, 2, 1, false);
    for (unsigned l = 0; l < 64; l++) {
        ut_vreg(m, 0)[l] = 20 + l;
        ut_vreg(m, 1)[l] = 12;
    }
    in = buf_inst(ISA_buffer_load_dword, 10, 1, true, true, ut_ic(0), 0);
    r = ut_run(m, &in);
    ck_assert_uint_eq(r.addr[0], UT_MEM_BASE + 676);
    for (unsigned l = 0; l < 64; l++) {
        uint32_t i = 20 + l;
        ck_assert_uint_eq(r.addr[l], UT_MEM_BASE + ((i / 16) * 32 + 8) * 16 + (i % 16) * 8 + 4);
    }
    free(m);
}
END_TEST

START_TEST(range_checks)
{
    ut_machine_t *m = ut_machine_new();
    for (unsigned i = 0; i < 4096; i++)
        m->gmem[i] = (uint8_t)(i + 1);
    /* Raw buffer, 100 bytes: offsets below 100 read, 100 and above read 0. soffset is not checked. */
    set_desc(m, 0, 0, false, 100, 1, 3, false);
    for (unsigned l = 0; l < 64; l++)
        ut_vreg(m, 0)[l] = 4 * l;
    ut_vset_all(m, 10, 0xdeadbeefu);
    isa_inst_t in = buf_inst(ISA_buffer_load_dword, 10, 1, true, false, ut_ic(64), 0);
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_uint_eq(r.lanes, (1ull << 25) - 1); /* only in-range lanes go to memory */
    for (unsigned l = 0; l < 64; l++)
        ck_assert_uint_eq(ut_vreg(m, 10)[l], 4 * l < 100 ? le32(m->gmem + 64 + 4 * l) : 0);
    /* dwordx2 at offset 96: the first dword is in range, the second (100) is not. */
    for (unsigned l = 0; l < 64; l++)
        ut_vreg(m, 0)[l] = 96;
    in = buf_inst(ISA_buffer_load_dwordx2, 10, 2, true, false, ut_ic(0), 0);
    ut_run(m, &in);
    ck_assert_uint_eq(ut_vreg(m, 10)[5], le32(m->gmem + 96));
    ck_assert_uint_eq(ut_vreg(m, 11)[5], 0);
    /* Stores out of range are dropped. */
    for (unsigned l = 0; l < 64; l++) {
        ut_vreg(m, 0)[l] = 4 * l;
        ut_vreg(m, 12)[l] = 0xa0000000u + l;
    }
    in = buf_inst(ISA_buffer_store_dword, 12, 1, true, false, ut_ic(0), 0);
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    for (unsigned l = 0; l < 64; l++)
        ck_assert_uint_eq(le32(m->gmem + 4 * l), 4 * l < 100 ? 0xa0000000u + l : (uint32_t)(4 * l + 1) |
                          (uint32_t)(4 * l + 2) << 8 | (uint32_t)(4 * l + 3) << 16 | (uint32_t)(4 * l + 4) << 24);
    /* Structured (stride 16, 4 records): the index is checked, not the offset. */
    set_desc(m, 1024, 16, false, 4, 1, 3, false);
    for (unsigned l = 0; l < 64; l++)
        ut_vreg(m, 0)[l] = l;
    in = buf_inst(ISA_buffer_load_dword, 10, 1, false, true, ut_ic(0), 100);
    r = ut_run(m, &in);
    ck_assert_uint_eq(r.lanes, 0xfull);
    ck_assert_uint_eq(ut_vreg(m, 10)[3], le32(m->gmem + 1024 + 48 + 100));
    ck_assert_uint_eq(ut_vreg(m, 10)[4], 0);
    /* An in-range address outside mapped memory faults (unlike an out-of-range one). */
    set_desc(m, UT_MEM_SIZE - 8, 0, false, 1000, 1, 3, false);
    in = buf_inst(ISA_buffer_load_dword, 10, 1, true, false, ut_ic(0), 0);
    for (unsigned l = 0; l < 64; l++)
        ut_vreg(m, 0)[l] = 4 * l;
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_FAULT);
    ck_assert_int_eq(r.fault, ISA_FAULT_UNMAPPED);
    ck_assert_int_eq(r.fault_lane, 2);
    free(m);
}
END_TEST

START_TEST(span_not_mapped_as_one)
{
    ut_machine_t *m = ut_machine_new();
    m->mem.translate = ut_holed_translate;
    for (unsigned i = 0; i < 4096; i++)
        m->gmem[i] = (uint8_t)(i * 7 + 3);
    set_desc(m, 0, 0, false, 1u << 16, 1, 3, false);
    /* Lanes on both sides of the hole, none in it: every lane loads, dwordx2 too. */
    for (unsigned l = 0; l < 64; l++)
        ut_vreg(m, 0)[l] = l < 32 ? 8 * l : UT_HOLE + 16 + 8 * l;
    isa_inst_t in = buf_inst(ISA_buffer_load_dwordx2, 10, 2, true, false, ut_ic(0), 0);
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    ck_assert_uint_eq(r.lanes, ~0ull);
    for (unsigned l = 0; l < 64; l++) {
        uint32_t a = ut_vreg(m, 0)[l];
        ck_assert_uint_eq(ut_vreg(m, 10)[l], le32(m->gmem + a));
        ck_assert_uint_eq(ut_vreg(m, 11)[l], le32(m->gmem + a + 4));
    }
    /* And stores. */
    for (unsigned l = 0; l < 64; l++)
        ut_vreg(m, 12)[l] = 0xc0000000u + l;
    in = buf_inst(ISA_buffer_store_dword, 12, 1, true, false, ut_ic(0), 0);
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    for (unsigned l = 0; l < 64; l++)
        ck_assert_uint_eq(le32(m->gmem + ut_vreg(m, 0)[l]), 0xc0000000u + l);
    /* Addresses falling with the lane, lanes 9 and 40 in the hole: the first lane in lane order
     * faults (not the lowest address), at its address, and nothing is stored. */
    for (unsigned l = 0; l < 64; l++)
        ut_vreg(m, 0)[l] = 4000 - 4 * l;
    ut_vreg(m, 0)[9] = UT_HOLE + 12;
    ut_vreg(m, 0)[40] = UT_HOLE;
    uint8_t before[4096];
    memcpy(before, m->gmem, sizeof before);
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_FAULT);
    ck_assert_int_eq(r.fault, ISA_FAULT_UNMAPPED);
    ck_assert_int_eq(r.fault_lane, 9);
    ck_assert_uint_eq(r.fault_addr, UT_MEM_BASE + UT_HOLE + 12);
    ck_assert_mem_eq(before, m->gmem, sizeof before);
    free(m);
}
END_TEST

START_TEST(every_size)
{
    ut_machine_t *m = ut_machine_new();
    for (unsigned i = 0; i < 4096; i++)
        m->gmem[i] = (uint8_t)(i * 37 + 0x81);
    set_desc(m, 0, 0, false, 1u << 16, 1, 3, false);
    const uint64_t exec = 0xf0f0f0f0a5a5a5a5ull;
    ut_set_exec(m, exec);
    for (unsigned l = 0; l < 64; l++)
        ut_vreg(m, 0)[l] = 1 + 19 * l; /* unaligned, like FLAT */
    struct { isa_op_t op; unsigned n; } t[] = {
        { ISA_buffer_load_ubyte, 1 }, { ISA_buffer_load_sbyte, 1 }, { ISA_buffer_load_ushort, 1 },
        { ISA_buffer_load_sshort, 1 }, { ISA_buffer_load_dword, 1 }, { ISA_buffer_load_dwordx2, 2 },
        { ISA_buffer_load_dwordx3, 3 }, { ISA_buffer_load_dwordx4, 4 },
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        for (unsigned r = 10; r < 14; r++)
            ut_vset_all(m, r, 0x5eedf00du);
        isa_inst_t in = buf_inst(t[i].op, 10, t[i].n, true, false, ut_ic(0), 0);
        ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
        for (unsigned l = 0; l < 64; l++) {
            const uint8_t *p = m->gmem + 1 + 19 * l;
            uint32_t want[4];
            switch (t[i].op) {
            case ISA_buffer_load_ubyte: want[0] = p[0]; break;
            case ISA_buffer_load_sbyte: want[0] = (uint32_t)(int32_t)(int8_t)p[0]; break;
            case ISA_buffer_load_ushort: want[0] = p[0] | (uint32_t)p[1] << 8; break;
            case ISA_buffer_load_sshort: want[0] = (uint32_t)(int32_t)(int16_t)(p[0] | p[1] << 8); break;
            default:
                for (unsigned k = 0; k < t[i].n; k++)
                    want[k] = le32(p + 4 * k);
                break;
            }
            for (unsigned k = 0; k < t[i].n; k++)
                ck_assert_uint_eq(ut_vreg(m, 10 + k)[l], (exec >> l & 1) ? want[k] : 0x5eedf00du);
        }
    }
    /* Stores of every size, to a fresh area, each lane 16 bytes apart. */
    isa_op_t st[] = { ISA_buffer_store_byte, ISA_buffer_store_short, ISA_buffer_store_dword, ISA_buffer_store_dwordx2,
                      ISA_buffer_store_dwordx3, ISA_buffer_store_dwordx4 };
    unsigned bytes[] = { 1, 2, 4, 8, 12, 16 };
    for (size_t i = 0; i < 6; i++) {
        memset(m->gmem + 8192, 0xcc, 2048);
        for (unsigned l = 0; l < 64; l++) {
            ut_vreg(m, 0)[l] = 8192 + 16 * l;
            for (unsigned k = 0; k < 4; k++)
                ut_vreg(m, 20 + k)[l] = 0x01020304u * (k + 1) + l;
        }
        isa_inst_t in = buf_inst(st[i], 20, bytes[i] < 4 ? 1 : bytes[i] / 4, true, false, ut_ic(0), 0);
        ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
        for (unsigned l = 0; l < 64; l++)
            for (unsigned b = 0; b < 16; b++) {
                uint8_t want = (exec >> l & 1) && b < bytes[i] ? (uint8_t)((0x01020304u * (b / 4 + 1) + l) >> (8 * (b % 4)))
                                                              : 0xcc;
                ck_assert_uint_eq(m->gmem[8192 + 16 * l + b], want);
            }
    }
    free(m);
}
END_TEST


/* The new memory value of each atomic, written independently of gcnsim from the manual's table. */
static uint64_t ref_atomic(isa_op_t op, bool wide, uint64_t old, uint64_t d, uint64_t cmp)
{
    uint64_t mask = wide ? ~0ull : 0xffffffffull;
    int64_t so = wide ? (int64_t)old : (int32_t)(uint32_t)old, sd = wide ? (int64_t)d : (int32_t)(uint32_t)d;
    const char *n = isa_ops[op].name + strlen("buffer_atomic_");
    if (!strncmp(n, "swap", 4)) return d;
    if (!strncmp(n, "add", 3)) return (old + d) & mask;
    if (!strncmp(n, "sub", 3)) return (old - d) & mask;
    if (!strncmp(n, "smin", 4)) return sd < so ? d : old;
    if (!strncmp(n, "umin", 4)) return d < old ? d : old;
    if (!strncmp(n, "smax", 4)) return sd > so ? d : old;
    if (!strncmp(n, "umax", 4)) return d > old ? d : old;
    if (!strncmp(n, "and", 3)) return old & d;
    if (!strncmp(n, "or", 2)) return old | d;
    if (!strncmp(n, "xor", 3)) return old ^ d;
    if (!strncmp(n, "inc", 3)) return old >= d ? 0 : old + 1;
    if (!strncmp(n, "dec", 3)) return (old == 0 || old > d) ? d : old - 1;
    return old == cmp ? d : old; /* cmpswap */
}

START_TEST(atomics)
{
    for (int op = ISA_buffer_atomic_swap; op <= ISA_buffer_atomic_cmpswap_x2; op++) {
        const isa_op_info_t *info = &isa_ops[op];
        bool wide = info->mem_bytes == 8, cmp = strstr(info->name, "cmpswap") != NULL;
        unsigned nd = wide ? 2 : 1;
        ut_machine_t *m = ut_machine_new();
        set_desc(m, 0, 0, false, 64 * 8 - 8, 1, 3, false); /* lane 63 is out of range */
        uint64_t seed = 0x9e3779b97f4a7c15ull * (uint64_t)(op + 1);
        uint64_t old[64], d[64], c[64];
        for (unsigned l = 0; l < 64; l++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            old[l] = wide ? seed : (seed >> 32);
            d[l] = wide ? seed * 3 : (uint32_t)(seed * 3 >> 29);
            if (l % 4 == 0)
                d[l] = old[l];                     /* equal values: inc/dec/cmpswap edges */
            c[l] = l % 2 ? old[l] : old[l] ^ 1;  /* cmpswap: every other lane matches */
            if (l % 8 == 3)
                old[l] = 0;                        /* dec's reload */
            for (unsigned b = 0; b < 8; b++)
                m->gmem[8 * l + b] = (uint8_t)(old[l] >> (8 * b));
            ut_vreg(m, 0)[l] = 8 * l;
            ut_vreg(m, 10)[l] = (uint32_t)d[l];
            ut_vreg(m, 11)[l] = (uint32_t)(d[l] >> 32);
            ut_vreg(m, 10 + nd)[l] = (uint32_t)c[l];
            ut_vreg(m, 11 + nd)[l] = (uint32_t)(c[l] >> 32);
        }
        isa_inst_t in = buf_inst((isa_op_t)op, 10, cmp ? 2 * nd : nd, true, false, ut_ic(0), 0);
        in.glc = 1;
        in.vdst = ut_vr(10, nd);
        isa_exec_result_t r = ut_run(m, &in);
        ck_assert_msg(r.status == ISA_EXEC_OK, "%s: %s", info->name, r.fault_msg);
        for (unsigned l = 0; l < 64; l++) {
            uint64_t mem = le32(m->gmem + 8 * l) | (wide ? (uint64_t)le32(m->gmem + 8 * l + 4) << 32 : 0);
            uint64_t want = l == 63 ? old[l] : ref_atomic((isa_op_t)op, wide, old[l], d[l], c[l]);
            if (!wide)
                mem &= 0xffffffffu;
            ck_assert_msg(mem == want, "%s lane %u: memory 0x%llx, want 0x%llx", info->name, l, (unsigned long long)mem,
                          (unsigned long long)want);
            uint64_t ret = ut_vreg(m, 10)[l] | (wide ? (uint64_t)ut_vreg(m, 11)[l] << 32 : 0);
            ck_assert_msg(ret == (l == 63 ? 0 : old[l]), "%s lane %u: returned 0x%llx", info->name, l,
                          (unsigned long long)ret);
        }
        if (!wide)
            ck_assert_uint_eq(le32(m->gmem + 8 * 5 + 4), (uint32_t)(old[5] >> 32)); /* the upper half untouched */
        free(m);
    }
}
END_TEST

/* Atomics apply in lane order: 64 lanes adding to one address see each other's results. */
START_TEST(atomic_lane_order)
{
    ut_machine_t *m = ut_machine_new();
    set_desc(m, 0, 0, false, 4096, 1, 3, false);
    for (unsigned l = 0; l < 64; l++)
        ut_vreg(m, 10)[l] = l + 1;
    isa_inst_t in = buf_inst(ISA_buffer_atomic_add, 10, 1, false, false, ut_ic(0), 16);
    in.glc = 1;
    in.vdst = ut_v(10);
    ut_run(m, &in);
    ck_assert_uint_eq(le32(m->gmem + 16), 64 * 65 / 2);
    for (unsigned l = 0; l < 64; l++)
        ck_assert_uint_eq(ut_vreg(m, 10)[l], l * (l + 1) / 2);
    free(m);
}
END_TEST

START_TEST(formats)
{
    ut_machine_t *m = ut_machine_new();
    for (unsigned i = 0; i < 4096; i++)
        m->gmem[i] = (uint8_t)(i * 5 + 2);
    /* The descriptor's format 32_32 UINT: xyzw loads x and y, then z = 0, w = 1. */
    set_desc(m, 0, 16, false, 100, 1, 3, false);
    m->w.sreg[7] = (m->w.sreg[7] & ~(0xfu << 15)) | 11u << 15;
    for (unsigned l = 0; l < 64; l++)
        ut_vreg(m, 0)[l] = l;
    isa_inst_t in = buf_inst(ISA_buffer_load_format_xyzw, 10, 4, false, true, ut_ic(0), 0);
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    ck_assert_uint_eq(ut_vreg(m, 10)[3], le32(m->gmem + 48));
    ck_assert_uint_eq(ut_vreg(m, 11)[3], le32(m->gmem + 52));
    ck_assert_uint_eq(ut_vreg(m, 12)[3], 0);
    ck_assert_uint_eq(ut_vreg(m, 13)[3], 1);
    /* MTBUF takes the instruction's format: 32_32_32_32 FLOAT moves four dwords, w = the data. */
    in = buf_inst(ISA_tbuffer_load_format_xyzw, 10, 4, false, true, ut_ic(0), 0);
    in.dfmt = 14;
    in.nfmt = 7;
    ut_run(m, &in);
    for (unsigned k = 0; k < 4; k++)
        ck_assert_uint_eq(ut_vreg(m, 10 + k)[3], le32(m->gmem + 48 + 4 * k));
    /* A reserved number format (6 on gfx8) faults with a clear message (the conversions of the
     * defined formats: test_buffer_fmt.c). */
    in.dfmt = 10;
    in.nfmt = 6;
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_FAULT);
    ck_assert_ptr_nonnull(strstr(r.fault_msg, "reserved"));
    free(m);
}
END_TEST

START_TEST(scalar_buffer_loads)
{
    ut_machine_t *m = ut_machine_new();
    for (unsigned i = 0; i < 4096; i++)
        m->gmem[i] = (uint8_t)(i * 3 + 9);
    set_desc(m, 512, 0, false, 40, 1, 3, false); /* 40 bytes: dwords at 32 and 36 in, 40.. out */
    isa_inst_t in = ut_inst(ISA_s_buffer_load_dwordx4);
    in.sdst = ut_sr(20, 4);
    in.src[0] = ut_sr(4, 4);
    in.offset = 32;
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    ck_assert_uint_eq(r.addr[0], UT_MEM_BASE + 512 + 32);
    ck_assert_uint_eq(m->w.sreg[20], le32(m->gmem + 544));
    ck_assert_uint_eq(m->w.sreg[21], le32(m->gmem + 548));
    ck_assert_uint_eq(m->w.sreg[22], 0);
    ck_assert_uint_eq(m->w.sreg[23], 0);
    /* An SGPR offset, its low two bits ignored. */
    in = ut_inst(ISA_s_buffer_load_dword);
    in.sdst = ut_s(24);
    in.src[0] = ut_sr(4, 4);
    in.src[1] = ut_s(30);
    in.has_soffset_sgpr = 1;
    m->w.sreg[30] = 7;
    ut_run(m, &in);
    ck_assert_uint_eq(m->w.sreg[24], le32(m->gmem + 516));
    free(m);
}
END_TEST

/* ---- The private segment of a launch ----------------------------------------------------------- */

/* Each wave writes 1000 + lane id and 2000 + its workgroup-local id to its scratch (offsets 0 and
 * 8: clang's offen form and the offset: field), waits at a barrier for the others to do the same,
 * then reads offset 8 back and stores it to out[local id]. Sharing one scratch area would make
 * the waves overwrite each other. s[0:3] V#, s[4:5] kernarg, s6 group id, s7 wave offset. */
static const char scratch_kernel[] =
    "k:\n"
    "  s_add_u32 s0, s0, s7\n"
    "  s_addc_u32 s1, s1, 0\n"
    "  v_add_u32_e32 v1, vcc, 0x3e8, v0\n"
    "  v_mov_b32_e32 v2, 0\n"
    "  buffer_store_dword v1, v2, s[0:3], 0 offen\n"
    "  v_add_u32_e32 v1, vcc, 0x7d0, v0\n"
    "  buffer_store_dword v1, off, s[0:3], 0 offset:8\n"
    "  s_waitcnt vmcnt(0)\n"
    "  s_barrier\n"
    "  v_mov_b32_e32 v2, 8\n"
    "  buffer_load_dword v3, v2, s[0:3], 0 offen\n"
    "  s_load_dwordx2 s[8:9], s[4:5], 0x0\n"
    "  v_lshlrev_b32_e32 v4, 2, v0\n"
    "  s_waitcnt vmcnt(0) lgkmcnt(0)\n"
    "  v_mov_b32_e32 v5, s9\n"
    "  v_add_u32_e32 v4, vcc, s8, v4\n"
    "  v_addc_u32_e32 v5, vcc, 0, v5, vcc\n"
    "  flat_store_dword v[4:5], v3\n"
    "  s_endpgm\n"
    ".amdhsa_kernel k\n"
    "  .amdhsa_private_segment_fixed_size 12\n"
    "  .amdhsa_user_sgpr_private_segment_buffer 1\n"
    "  .amdhsa_user_sgpr_kernarg_segment_ptr 1\n"
    "  .amdhsa_system_sgpr_workgroup_id_x 1\n"
    "  .amdhsa_system_sgpr_private_segment_wavefront_offset 1\n"
    "  .amdhsa_next_free_vgpr 6\n"
    "  .amdhsa_next_free_sgpr 10\n"
    ".end_amdhsa_kernel\n";

static const char scratch_ini[] =
    "grid = 256\nworkgroup = 256\n[buffer out]\ntype = u32\ncount = 256\n[args]\nout = @out\n";

START_TEST(launch_scratch_entry_state)
{
    th_launch_t t;
    th_prepare(&t, scratch_kernel, scratch_ini, NULL, NULL, 0);
    launch_t *L = t.L;
    ck_assert_uint_eq(L->scratch_slots, LAUNCH_FUNCTIONAL_SLOTS);
    ck_assert_uint_eq(L->scratch_wave_bytes, 12 * 64);
    const gmem_region_t *reg = gmem_find(&L->mem, L->scratch_addr);
    ck_assert_ptr_nonnull(reg);
    ck_assert_uint_ge(reg->size, (uint64_t)LAUNCH_FUNCTIONAL_SLOTS * 12 * 64);
    static uint32_t vg[8 * 64];
    static uint8_t lds[16];
    isa_wave_t w;
    uint32_t id[3] = { 0, 0, 0 }, size[3] = { 256, 1, 1 };
    launch_wave_init(L, &L->dispatches[0], &w, vg, lds, id, size, 2);
    /* V#: base, swizzle_enable (word1 bit 31), stride 0, num_records = the region, word3 fields. */
    ck_assert_uint_eq(w.sreg[0], (uint32_t)L->scratch_addr);
    ck_assert_uint_eq(w.sreg[1], (uint32_t)(L->scratch_addr >> 32) | 0x80000000u);
    ck_assert_uint_eq(w.sreg[2], (uint32_t)L->scratch_bytes);
    ck_assert_uint_eq((w.sreg[3] >> 19) & 3, 1); /* element size 4 */
    ck_assert_uint_eq((w.sreg[3] >> 21) & 3, 3); /* index stride 64 */
    ck_assert_uint_eq((w.sreg[3] >> 23) & 1, 1); /* add_tid */
    ck_assert_uint_eq(w.sreg[4], (uint32_t)L->dispatches[0].kernarg_addr);
    ck_assert_uint_eq(w.sreg[6], 0);          /* workgroup id x */
    ck_assert_uint_eq(w.sreg[7], 2 * 12 * 64); /* wave 2's scratch offset */
    /* The dispatch packet's private segment size. */
    const uint8_t *pkt = gmem_translate(&L->mem, L->dispatches[0].dispatch_addr, 64);
    ck_assert_uint_eq(le32(pkt + 24), 12);
    th_release(&t);
}
END_TEST

START_TEST(launch_scratch_runs)
{
    for (int timed = 0; timed < 2; timed++) {
        th_launch_t t;
        th_prepare(&t, scratch_kernel, scratch_ini, NULL, NULL, 0);
        th_run(&t, timed);
        if (timed)
            ck_assert_uint_ge(t.L->scratch_slots, (uint32_t)(t.cfg.cu_simds * t.cfg.cu_wave_slots));
        const uint32_t *out = (const uint32_t *)t.L->bufs[0].data;
        for (unsigned i = 0; i < 256; i++)
            ck_assert_msg(out[i] == 2000 + i, "%s: out[%u] = %u", timed ? "timing" : "functional", i, out[i]);
        th_release(&t);
    }
}
END_TEST

/* Scalar stores: each workgroup writes its id and id + 100 to out[2 g], out[2 g + 1] with
 * s_store_dwordx2 (an SGPR offset of 8 g), then 7 at out[64 + g] through a V# over `out` with
 * s_buffer_store_dword; s_dcache_wb and s_dcache_inv run in between. Functional and timed, the same
 * memory results. (Default entry state: kernarg pointer s[0:1], group id s2.) */
static const char sstore_kernel[] =
    "k:\n"
    "  s_load_dwordx2 s[4:5], s[0:1], 0x0\n"
    "  s_add_u32 s7, s2, 100\n"
    "  s_mov_b32 s6, s2\n"
    "  s_lshl_b32 s8, s2, 3\n"
    "  s_waitcnt lgkmcnt(0)\n"
    "  s_store_dwordx2 s[6:7], s[4:5], s8\n"
    "  s_dcache_wb\n"
    "  s_mov_b32 s12, s4\n"
    "  s_and_b32 s13, s5, 0xffff\n"
    "  s_mov_b32 s14, 512\n"
    "  s_mov_b32 s15, 0x27000\n"
    "  s_lshl_b32 s9, s2, 2\n"
    "  s_add_u32 s9, s9, 256\n"
    "  s_mov_b32 s10, 7\n"
    "  s_buffer_store_dword s10, s[12:15], s9\n"
    "  s_dcache_inv\n"
    "  s_waitcnt lgkmcnt(0)\n"
    "  s_endpgm\n";

static const char sstore_ini[] =
    "grid = 2048\nworkgroup = 64\n[buffer out]\ntype = u32\ncount = 128\n[args]\nout = @out\n";

START_TEST(scalar_stores)
{
    for (int timed = 0; timed < 2; timed++) {
        th_launch_t t;
        th_prepare(&t, sstore_kernel, sstore_ini, NULL, NULL, 0);
        th_run(&t, timed);
        const uint32_t *out = (const uint32_t *)t.L->bufs[0].data;
        for (unsigned g = 0; g < 32; g++) {
            ck_assert_msg(out[2 * g] == g && out[2 * g + 1] == g + 100, "%s: workgroup %u wrote %u, %u",
                          timed ? "timing" : "functional", g, out[2 * g], out[2 * g + 1]);
            ck_assert_uint_eq(out[64 + g], 7);
        }
        ck_assert_uint_eq(out[96], 0); /* nothing past what was stored */
        th_release(&t);
    }
}
END_TEST

START_TEST(launch_scratch_refused)
{
    char kernel[sizeof scratch_kernel + 16];
    snprintf(kernel, sizeof kernel, "%s", scratch_kernel);
    char *p = strstr(kernel, "fixed_size 12");
    memcpy(p, "fixed_size 9999999", strlen("fixed_size 9999999"));
    memmove(p + strlen("fixed_size 9999999"), strstr(scratch_kernel, "fixed_size 12") + strlen("fixed_size 12"),
            strlen(strstr(scratch_kernel, "fixed_size 12") + strlen("fixed_size 12")) + 1);
    char dir[] = "/tmp/gcnsim-scr-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char kpath[64], ipath[64];
    snprintf(kpath, sizeof kpath, "%s/k.s", dir);
    snprintf(ipath, sizeof ipath, "%s/k.ini", dir);
    FILE *f = fopen(kpath, "w");
    fputs(kernel, f);
    fclose(f);
    f = fopen(ipath, "w");
    fprintf(f, "[kernel]\nsource = k.s\n%s", scratch_ini);
    fclose(f);
    wl_workload_t wl;
    ck_assert_int_eq(wl_load(ipath, NULL, 0, &wl, stderr), 0);
    isa_program_t prog;
    ck_assert_int_eq(kprogram_assemble(wl.source, ISA_TARGET_GFX803, &prog, stderr), 0);
    launch_t *L = calloc(1, sizeof *L);
    char *buf = NULL;
    size_t n = 0;
    FILE *err = open_memstream(&buf, &n);
    launch_options_t lo = { 0, 0, ISA_TARGET_GFX803 };
    ck_assert_int_eq(launch_prepare(L, &wl, &prog, &lo, err), 1);
    fclose(err);
    ck_assert_msg(strstr(buf, "needs 9999999 bytes of private memory per work-item"), "%s", buf);
    free(buf);
    free(L);
    isa_program_free(&prog);
    wl_free(&wl);
    unlink(kpath);
    unlink(ipath);
    rmdir(dir);
}
END_TEST

static Suite *buffer_suite(void)
{
    Suite *s = suite_create("buffer");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, linear_offen_soffset);
    tcase_add_test(tc, indexed_and_add_tid);
    tcase_add_test(tc, swizzled);
    tcase_add_test(tc, range_checks);
    tcase_add_test(tc, span_not_mapped_as_one);
    tcase_add_test(tc, every_size);
    tcase_add_test(tc, atomics);
    tcase_add_test(tc, atomic_lane_order);
    tcase_add_test(tc, formats);
    tcase_add_test(tc, scalar_buffer_loads);
    tcase_add_test(tc, launch_scratch_entry_state);
    tcase_add_test(tc, launch_scratch_runs);
    tcase_add_test(tc, launch_scratch_refused);
    tcase_add_test(tc, scalar_stores);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(buffer_suite)
