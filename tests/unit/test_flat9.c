/* gfx9's FLAT family: global_ and scratch_ and flat_ with offsets, assembled from text (syntax and
 * refusals), encoded (bytes from llvm-mc-15 -mcpu=gfx900 -show-encoding, copied here), and run on a
 * one-wave machine against hand-derived memory and registers: addresses from SADDR and offsets,
 * the interleaved scratch through FLAT_SCRATCH, d16 halves, atomics. */
#include "unit.h"

#include <stdio.h>

#include "asm/asm_decode.h"
#include "asm/asm_encode.h"
#include "asm/asm_flat9.h"
#include "gfx9_harness.h"
#include "common/le.h"

#define T9 ISA_TARGET_GFX900

static uint32_t mem32(ut_machine_t *m, uint64_t addr) { return le_get32(m->gmem + (addr - UT_MEM_BASE)); }

/* ---- Encoding and text ----------------------------------------------------------------------- */

START_TEST(encodings)
{
    static const struct {
        const char *text;
        uint8_t bytes[8];
    } t[] = {
        { "flat_load_dword v1, v[2:3]", { 0x00, 0x00, 0x50, 0xdc, 0x02, 0x00, 0x00, 0x01 } },
        { "flat_load_dword v1, v[2:3] offset:4095", { 0xff, 0x0f, 0x50, 0xdc, 0x02, 0x00, 0x00, 0x01 } },
        { "global_load_dword v1, v[2:3], off offset:-16", { 0xf0, 0x9f, 0x50, 0xdc, 0x02, 0x00, 0x7f, 0x01 } },
        { "global_load_dword v1, v2, s[4:5]", { 0x00, 0x80, 0x50, 0xdc, 0x02, 0x00, 0x04, 0x01 } },
        { "global_load_dword v1, v2, s[4:5] offset:4095 glc slc", { 0xff, 0x8f, 0x53, 0xdc, 0x02, 0x00, 0x04, 0x01 } },
        { "scratch_load_dword v1, v2, off", { 0x00, 0x40, 0x50, 0xdc, 0x02, 0x00, 0x7f, 0x01 } },
        { "scratch_load_dword v1, off, s3", { 0x00, 0x40, 0x50, 0xdc, 0x00, 0x00, 0x03, 0x01 } },
        { "scratch_load_dword v1, off, s3 offset:-4096", { 0x00, 0x50, 0x50, 0xdc, 0x00, 0x00, 0x03, 0x01 } },
        { "scratch_load_dwordx2 v[1:2], v3, off glc", { 0x00, 0x40, 0x55, 0xdc, 0x03, 0x00, 0x7f, 0x01 } },
        { "global_store_dword v[2:3], v1, off", { 0x00, 0x80, 0x70, 0xdc, 0x02, 0x01, 0x7f, 0x00 } },
        { "scratch_store_dword off, v1, s3", { 0x00, 0x40, 0x70, 0xdc, 0x00, 0x01, 0x03, 0x00 } },
        { "global_atomic_add v1, v[2:3], v4, off glc", { 0x00, 0x80, 0x09, 0xdd, 0x02, 0x04, 0x7f, 0x01 } },
        { "global_atomic_add v[2:3], v4, off", { 0x00, 0x80, 0x08, 0xdd, 0x02, 0x04, 0x7f, 0x00 } },
        { "global_atomic_add_x2 v[2:3], v[4:5], off", { 0x00, 0x80, 0x88, 0xdd, 0x02, 0x04, 0x7f, 0x00 } },
        { "global_atomic_cmpswap v1, v2, v[4:5], s[6:7] glc", { 0x00, 0x80, 0x05, 0xdd, 0x02, 0x04, 0x06, 0x01 } },
        { "global_load_dword v1, v2, vcc", { 0x00, 0x80, 0x50, 0xdc, 0x02, 0x00, 0x6a, 0x01 } },
    };
    asm_opcode_map_t *map = asm_opcode_map_create(T9);
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        /* llvm-mc's bytes, printed back as written, decoded by the decoder of gfx900 code */
        g9_check_code(map, T9, t[i].text, t[i].bytes, 8, t[i].text);
        /* asm_flat9_decode gives the same operands and fields */
        isa_inst_t e = g9_one(T9, t[i].text), d = e;
        memset(&d.src, 0xee, sizeof d.src);
        d.vdst = d.src[3];
        d.offset = 0x5555;
        d.glc = d.slc = 7;
        ck_assert_ptr_null(asm_flat9_decode(le_get32(t[i].bytes), le_get32(t[i].bytes + 4), &d));
        for (int k = 0; k < 3; k++)
            ck_assert_msg(d.src[k].code == e.src[k].code && (d.src[k].code == ISA_OPND_NONE || d.src[k].count == e.src[k].count),
                          "%s: src[%d] decodes as %u/%u", t[i].text, k, d.src[k].code, d.src[k].count);
        ck_assert_msg(d.vdst.code == e.vdst.code && d.nsrc == e.nsrc && d.offset == e.offset && d.glc == e.glc &&
                      d.slc == e.slc, "%s: decodes differently", t[i].text);
    }
    asm_opcode_map_free(map);
}
END_TEST

START_TEST(refusals)
{
    static const struct {
        const char *text, *msg;
    } t[] = {
        { "scratch_load_dword v1, off, off", "exactly one of them must be 'off'" },
        { "scratch_load_dword v1, v2, s3", "exactly one of them must be 'off'" },
        { "global_load_dword v1, v[2:3], off offset:4096", "13-bit signed offset" },
        { "flat_load_dword v1, v[2:3] offset:-1", "12-bit unsigned offset" },
        { "global_load_dword v1, v2, off", "range of 2 VGPRs" },
        { "global_load_dword v1, v[2:3], s[4:5]", "must be a VGPR" },
        { "global_load_dword v1, v2, s[5:6]", "must start at an even register" },
        { "global_load_dword v1, v2, s4", "SGPR pair s[2n:2n+1]" },
        { "global_atomic_add v1, v[2:3], v4, off", "only with glc" },
        { "global_atomic_add v[2:3], v4, off glc", "give a destination first" },
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        char *d = g9_fails(T9, t[i].text);
        ck_assert_msg(strstr(d, t[i].msg) != NULL, "%s: %s", t[i].text, d);
        free(d);
    }
    /* gfx803 has none of them, and its FLAT takes no offset */
    char *d = ah_fails("k:\nglobal_load_dword v0, v[2:3], off\n", 1);
    ck_assert_ptr_nonnull(strstr(d, "is not supported on gfx803 (it is a gfx9 instruction)"));
    free(d);
    d = ah_fails("k:\nflat_load_dword v1, v[2:3] offset:8\n", 1);
    ck_assert_ptr_nonnull(strstr(d, "no offset on gfx803"));
    free(d);
}
END_TEST

/* The other gfx9 memory forms: machine code (llvm-mc-15 -mcpu=gfx900 -show-encoding's bytes) and text. */
START_TEST(other_encodings)
{
    static const struct {
        const char *text;
        uint8_t bytes[8];
    } t[] = {
        { "flat_load_short_d16 v1, v[2:3]", { 0x00, 0x00, 0x90, 0xdc, 0x02, 0x00, 0x00, 0x01 } },
        { "flat_load_ubyte_d16_hi v1, v[2:3] offset:8", { 0x08, 0x00, 0x84, 0xdc, 0x02, 0x00, 0x00, 0x01 } },
        { "global_load_sbyte_d16 v1, v2, s[4:5] offset:-8", { 0xf8, 0x9f, 0x88, 0xdc, 0x02, 0x00, 0x04, 0x01 } },
        { "scratch_store_byte_d16_hi v2, v1, off", { 0x00, 0x40, 0x64, 0xdc, 0x02, 0x01, 0x7f, 0x00 } },
        { "ds_read_u16_d16_hi v1, v2 offset:4", { 0x04, 0x00, 0xb6, 0xd8, 0x02, 0x00, 0x00, 0x01 } },
        { "ds_write_b8_d16_hi v1, v2", { 0x00, 0x00, 0xa8, 0xd8, 0x01, 0x02, 0x00, 0x00 } },
        { "buffer_load_short_d16_hi v1, v2, s[4:7], 0 offen offset:4", { 0x04, 0x10, 0x94, 0xe0, 0x02, 0x01, 0x01, 0x80 } },
        { "buffer_store_byte_d16_hi v1, off, s[4:7], s1", { 0x00, 0x00, 0x64, 0xe0, 0x00, 0x01, 0x01, 0x01 } },
        { "s_atomic_add s1, s[2:3], 0x0 glc", { 0x41, 0x00, 0x0b, 0xc2, 0x00, 0x00, 0x00, 0x00 } },
        { "s_atomic_add_x2 s[4:5], s[2:3], s5", { 0x01, 0x01, 0x88, 0xc2, 0x05, 0x00, 0x00, 0x00 } },
        { "s_buffer_atomic_cmpswap_x2 s[8:11], s[4:7], 0x10 glc", { 0x02, 0x02, 0x87, 0xc1, 0x10, 0x00, 0x00, 0x00 } },
    };
    asm_opcode_map_t *map = asm_opcode_map_create(T9);
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        g9_check_code(map, T9, t[i].text, t[i].bytes, 8, t[i].text);
        isa_inst_t in = g9_one(T9, t[i].text), dd;
        char err[160];
        ck_assert_msg(asm_decode_inst(map, t[i].bytes, 8, 0, &dd, err, sizeof err) == 8, "%s: %s", t[i].text, err);
        ck_assert_uint_eq(dd.sdst.code, in.sdst.code); /* a returning scalar atomic's */
    }
    asm_opcode_map_free(map);
}
END_TEST

/* ---- Semantics -------------------------------------------------------------------------------- */

START_TEST(global_addresses)
{
    ut_machine_t *m = g9_machine(T9);
    const uint64_t exec = 0xffff0000ffff00ffull;
    ut_set_exec(m, exec);
    /* SADDR off: v[2:3] = base + 32 + 8 * lane, offset -16 */
    for (unsigned l = 0; l < 64; l++) {
        uint64_t a = UT_MEM_BASE + 32 + 8 * l;
        ut_vreg(m, 2)[l] = (uint32_t)a;
        ut_vreg(m, 3)[l] = (uint32_t)(a >> 32);
    }
    ut_vset_all(m, 1, 0x55555555u);
    isa_inst_t in = g9_one(T9, "global_load_dword v1, v[2:3], off offset:-16");
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    for (unsigned l = 0; l < 64; l++) {
        uint64_t a = UT_MEM_BASE + 16 + 8 * l;
        ck_assert_uint_eq(ut_vreg(m, 1)[l], (exec >> l & 1) ? mem32(m, a) : 0x55555555u);
        if (exec >> l & 1)
            ck_assert_uint_eq(r.addr[l], a);
    }
    /* SADDR s[4:5] = base + 0x300; v2 = 12 * lane (32-bit, unsigned); offset 4095 */
    m->w.sreg[4] = (uint32_t)(UT_MEM_BASE + 0x300);
    m->w.sreg[5] = (uint32_t)((UT_MEM_BASE + 0x300) >> 32);
    for (unsigned l = 0; l < 64; l++)
        ut_vreg(m, 2)[l] = 12 * l;
    in = g9_one(T9, "global_load_dwordx2 v[6:7], v2, s[4:5] offset:4095");
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    for (unsigned l = 0; l < 64; l++)
        if (exec >> l & 1) {
            uint64_t a = UT_MEM_BASE + 0x300 + 12 * l + 4095;
            ck_assert_uint_eq(ut_vreg(m, 6)[l], mem32(m, a));
            ck_assert_uint_eq(ut_vreg(m, 7)[l], mem32(m, a + 4));
        }
    /* a store through SADDR, with a negative offset */
    for (unsigned l = 0; l < 64; l++) {
        ut_vreg(m, 2)[l] = 4 * l + 64;
        ut_vreg(m, 8)[l] = 0xa0000000u + l;
    }
    in = g9_one(T9, "global_store_dword v2, v8, s[4:5] offset:-64");
    ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
    for (unsigned l = 0; l < 64; l++)
        if (exec >> l & 1)
            ck_assert_uint_eq(mem32(m, UT_MEM_BASE + 0x300 + 4 * l), 0xa0000000u + l);
    /* unmapped: nothing written, a fault naming the lane */
    m->w.sreg[5] = 0;
    ut_vset_all(m, 9, 7);
    in = g9_one(T9, "global_load_dword v9, v2, s[4:5]");
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_FAULT);
    ck_assert_int_eq(r.fault, ISA_FAULT_UNMAPPED);
    ck_assert_uint_eq(ut_vreg(m, 9)[0], 7);
    free(m);
}
END_TEST

START_TEST(d16_halves)
{
    ut_machine_t *m = g9_machine(T9);
    for (unsigned l = 0; l < 64; l++) {
        uint64_t a = UT_MEM_BASE + 0x100 + 2 * l;
        ut_vreg(m, 2)[l] = (uint32_t)a;
        ut_vreg(m, 3)[l] = (uint32_t)(a >> 32);
    }
    /* memory byte i is (i * 37 + 0x81) & 0xff: at 0x100 + 2l, b0 = (0x2500 + 74l + 0x81) & 0xff */
    for (int form = 0; form < 6; form++) {
        static const char *const text[6] = {
            "global_load_ubyte_d16 v1, v[2:3], off", "global_load_ubyte_d16_hi v1, v[2:3], off",
            "global_load_sbyte_d16 v1, v[2:3], off", "global_load_sbyte_d16_hi v1, v[2:3], off",
            "global_load_short_d16 v1, v[2:3], off", "global_load_short_d16_hi v1, v[2:3], off",
        };
        ut_vset_all(m, 1, 0x12345678u);
        isa_inst_t in = g9_one(T9, text[form]);
        ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
        for (unsigned l = 0; l < 64; l++) {
            uint32_t i = 0x100 + 2 * l;
            uint32_t b0 = (i * 37 + 0x81) & 0xff, b1 = ((i + 1) * 37 + 0x81) & 0xff;
            uint32_t half = form < 2 ? b0 : form < 4 ? (b0 & 0x80 ? 0xff00u | b0 : b0) : (b0 | b1 << 8);
            uint32_t want = form % 2 == 0 ? 0x12340000u | half : 0x5678u | half << 16;
            ck_assert_msg(ut_vreg(m, 1)[l] == want, "%s lane %u: 0x%08x, want 0x%08x", text[form], l,
                          ut_vreg(m, 1)[l], want);
        }
    }
    /* the _d16_hi stores store the high half */
    ut_vset_all(m, 4, 0xbeefcafeu);
    isa_inst_t in = g9_one(T9, "global_store_short_d16_hi v[2:3], v4, off");
    ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
    ck_assert_uint_eq(m->gmem[0x100], 0xef);
    ck_assert_uint_eq(m->gmem[0x101], 0xbe);
    ck_assert_uint_eq(m->gmem[0x17f], 0xbe);
    in = g9_one(T9, "global_store_byte_d16_hi v[2:3], v4, off offset:1");
    ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
    ck_assert_uint_eq(m->gmem[0x101], 0xef);
    ck_assert_uint_eq(m->gmem[0x100], 0xef);
    free(m);
}
END_TEST

START_TEST(global_atomics)
{
    ut_machine_t *m = g9_machine(T9);
    /* every lane adds to one dword: in lane order, each returns the running sum */
    for (unsigned l = 0; l < 64; l++) {
        ut_vreg(m, 2)[l] = 0x40;
        ut_vreg(m, 4)[l] = l + 1;
    }
    m->w.sreg[6] = (uint32_t)UT_MEM_BASE;
    m->w.sreg[7] = (uint32_t)(UT_MEM_BASE >> 32);
    le_put32(m->gmem + 0x40, 1000);
    isa_inst_t in = g9_one(T9, "global_atomic_add v1, v2, v4, s[6:7] glc");
    ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
    uint32_t sum = 1000;
    for (unsigned l = 0; l < 64; l++) {
        ck_assert_uint_eq(ut_vreg(m, 1)[l], sum);
        sum += l + 1;
    }
    ck_assert_uint_eq(mem32(m, UT_MEM_BASE + 0x40), 1000 + 64 * 65 / 2);
    /* cmpswap_x2 on lane-private qwords: {new, compare} in v[8:11]; odd lanes compare equal */
    for (unsigned l = 0; l < 64; l++) {
        uint64_t a = UT_MEM_BASE + 0x800 + 8 * l;
        ut_vreg(m, 2)[l] = (uint32_t)a;
        ut_vreg(m, 3)[l] = (uint32_t)(a >> 32);
        le_put32(m->gmem + 0x800 + 8 * l, l);
        le_put32(m->gmem + 0x804 + 8 * l, 0x10);
        ut_vreg(m, 8)[l] = 0xaaaa0000u + l;
        ut_vreg(m, 9)[l] = 0xbbbb;
        ut_vreg(m, 10)[l] = l % 2 ? l : l + 1;
        ut_vreg(m, 11)[l] = 0x10;
    }
    in = g9_one(T9, "global_atomic_cmpswap_x2 v[12:13], v[2:3], v[8:11], off glc");
    ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
    for (unsigned l = 0; l < 64; l++) {
        ck_assert_uint_eq(ut_vreg(m, 12)[l], l);
        ck_assert_uint_eq(ut_vreg(m, 13)[l], 0x10);
        ck_assert_uint_eq(mem32(m, UT_MEM_BASE + 0x800 + 8 * l), l % 2 ? 0xaaaa0000u + l : l);
        ck_assert_uint_eq(mem32(m, UT_MEM_BASE + 0x804 + 8 * l), l % 2 ? 0xbbbbu : 0x10u);
    }
    free(m);
}
END_TEST

START_TEST(scratch_interleave)
{
    ut_machine_t *m = g9_machine(T9);
    /* FLAT_SCRATCH = the wave's private base; lane l's private offset o lies at
     * base + (o / 4) * 256 + l * 4 + o % 4 */
    const uint64_t base = UT_MEM_BASE + 0x1000;
    m->w.sreg[ISA_REG_FLAT_SCRATCH_LO] = (uint32_t)base;
    m->w.sreg[ISA_REG_FLAT_SCRATCH_HI] = (uint32_t)(base >> 32);
    for (unsigned l = 0; l < 64; l++) {
        ut_vreg(m, 2)[l] = 16; /* private offset 16 + offset 4 = 20: dword 5 of the lane */
        ut_vreg(m, 4)[l] = 0x11000000u + l;
        ut_vreg(m, 5)[l] = 0x22000000u + l;
    }
    isa_inst_t in = g9_one(T9, "scratch_store_dwordx2 v2, v[4:5], off offset:4");
    isa_exec_result_t r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    for (unsigned l = 0; l < 64; l++) {
        ck_assert_uint_eq(r.addr[l], base + 5 * 256 + 4 * l);
        ck_assert_uint_eq(mem32(m, base + 5 * 256 + 4 * l), 0x11000000u + l);
        ck_assert_uint_eq(mem32(m, base + 6 * 256 + 4 * l), 0x22000000u + l); /* the next dword, 256 bytes on */
    }
    /* SGPR address: every lane reads its own dword 6 */
    m->w.sreg[3] = 28;
    in = g9_one(T9, "scratch_load_dword v7, off, s3 offset:-4");
    ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
    for (unsigned l = 0; l < 64; l++)
        ck_assert_uint_eq(ut_vreg(m, 7)[l], 0x22000000u + l);
    /* a short inside a dword: offset 22 = byte 2 of dword 5 */
    ut_vset_all(m, 8, 0xffffffffu);
    m->w.sreg[3] = 22;
    in = g9_one(T9, "scratch_load_ushort v8, off, s3");
    ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
    for (unsigned l = 0; l < 64; l++)
        ck_assert_uint_eq(ut_vreg(m, 8)[l], 0x1100u);
    /* a dword across two dwords of the interleave: refused */
    m->w.sreg[3] = 2;
    in = g9_one(T9, "scratch_load_dword v8, off, s3");
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_FAULT);
    ck_assert_int_eq(r.fault, ISA_FAULT_MISALIGNED);
    free(m);
}
END_TEST

/* DS and buffer d16 (gfx9): the same halves from LDS and through a V#. Memory byte i (LDS and the
 * global window alike) is (i * 37 + 0x81) & 0xff; each lane reads at 0x200 + 2 * lane. */
START_TEST(ds_buffer_d16)
{
    ut_machine_t *m = g9_machine(T9);
    for (unsigned i = 0; i < sizeof m->lds; i++)
        m->lds[i] = (uint8_t)(i * 37 + 0x81);
    for (unsigned l = 0; l < 64; l++)
        ut_vreg(m, 2)[l] = 0x200 + 2 * l;
    /* a raw V# over the window: base UT_MEM_BASE, stride 0, num_records 64 KiB, format 32 UINT */
    m->w.sreg[4] = (uint32_t)UT_MEM_BASE;
    m->w.sreg[5] = (uint32_t)(UT_MEM_BASE >> 32);
    m->w.sreg[6] = UT_MEM_SIZE;
    m->w.sreg[7] = 4u << 12 | 4u << 15;
    static const char *const text[2][6] = {
        { "ds_read_u8_d16 v1, v2", "ds_read_u8_d16_hi v1, v2", "ds_read_i8_d16 v1, v2", "ds_read_i8_d16_hi v1, v2",
          "ds_read_u16_d16 v1, v2", "ds_read_u16_d16_hi v1, v2" },
        { "buffer_load_ubyte_d16 v1, v2, s[4:7], 0 offen", "buffer_load_ubyte_d16_hi v1, v2, s[4:7], 0 offen",
          "buffer_load_sbyte_d16 v1, v2, s[4:7], 0 offen", "buffer_load_sbyte_d16_hi v1, v2, s[4:7], 0 offen",
          "buffer_load_short_d16 v1, v2, s[4:7], 0 offen", "buffer_load_short_d16_hi v1, v2, s[4:7], 0 offen" },
    };
    for (int fam = 0; fam < 2; fam++)
        for (int form = 0; form < 6; form++) {
            ut_vset_all(m, 1, 0x12345678u);
            isa_inst_t in = g9_one(T9, text[fam][form]);
            isa_exec_result_t r = ut_run(m, &in);
            ck_assert_msg(r.status == ISA_EXEC_OK, "%s: %s", text[fam][form], r.fault_msg);
            for (unsigned l = 0; l < 64; l++) {
                uint32_t i = 0x200 + 2 * l;
                uint32_t b0 = (i * 37 + 0x81) & 0xff, b1 = ((i + 1) * 37 + 0x81) & 0xff;
                uint32_t half = form < 2 ? b0 : form < 4 ? (b0 & 0x80 ? 0xff00u | b0 : b0) : (b0 | b1 << 8);
                uint32_t want = form % 2 == 0 ? 0x12340000u | half : 0x5678u | half << 16;
                ck_assert_msg(ut_vreg(m, 1)[l] == want, "%s lane %u: 0x%08x, want 0x%08x", text[fam][form], l,
                              ut_vreg(m, 1)[l], want);
            }
        }
    /* the _d16_hi writes and stores take the high half */
    ut_vset_all(m, 4, 0xbeefcafeu);
    isa_inst_t in = g9_one(T9, "ds_write_b16_d16_hi v2, v4");
    ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
    ck_assert_uint_eq(m->lds[0x200], 0xef);
    ck_assert_uint_eq(m->lds[0x201], 0xbe);
    in = g9_one(T9, "ds_write_b8_d16_hi v2, v4 offset:1");
    ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
    ck_assert_uint_eq(m->lds[0x201], 0xef);
    in = g9_one(T9, "buffer_store_short_d16_hi v4, v2, s[4:7], 0 offen");
    ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
    ck_assert_uint_eq(m->gmem[0x27e], 0xef);
    ck_assert_uint_eq(m->gmem[0x27f], 0xbe);
    in = g9_one(T9, "buffer_store_byte_d16_hi v4, v2, s[4:7], 0 offen offset:1");
    ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
    ck_assert_uint_eq(m->gmem[0x27f], 0xef);
    free(m);
}
END_TEST

/* Scalar atomics (gfx9): one read-modify-write at the SGPR-pair address or the V#'s base plus the
 * offset; with glc the old value returns into the data registers. */
START_TEST(scalar_atomics)
{
    ut_machine_t *m = g9_machine(T9);
    m->w.sreg[2] = (uint32_t)UT_MEM_BASE;
    m->w.sreg[3] = (uint32_t)(UT_MEM_BASE >> 32);
    le_put32(m->gmem + 0x40, 1000);
    m->w.sreg[1] = 5;
    isa_inst_t in = g9_one(T9, "s_atomic_add s1, s[2:3], 0x40 glc");
    ck_assert_int_eq(in.sdst.code, 1);
    char text[96];
    isa_format_inst(NULL, &in, text, sizeof text);
    ck_assert_str_eq(text, "s_atomic_add s1, s[2:3], 0x40 glc");
    ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
    ck_assert_uint_eq(mem32(m, UT_MEM_BASE + 0x40), 1005);
    ck_assert_uint_eq(m->w.sreg[1], 1000);
    /* without glc nothing returns: 1005 - 1000 */
    in = g9_one(T9, "s_atomic_sub s1, s[2:3], 0x40");
    ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
    ck_assert_uint_eq(mem32(m, UT_MEM_BASE + 0x40), 5);
    ck_assert_uint_eq(m->w.sreg[1], 1000);
    /* cmpswap_x2 at an SGPR offset: {new, compare} in s[4:7]; equal, so swapped */
    le_put32(m->gmem + 0x80, 0x11111111u);
    le_put32(m->gmem + 0x84, 0x22222222u);
    m->w.sreg[4] = 0xaaaaaaaau, m->w.sreg[5] = 0xbbbbbbbbu;
    m->w.sreg[6] = 0x11111111u, m->w.sreg[7] = 0x22222222u;
    m->w.sreg[8] = 0x80;
    in = g9_one(T9, "s_atomic_cmpswap_x2 s[4:7], s[2:3], s8 glc");
    ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
    ck_assert_uint_eq(mem32(m, UT_MEM_BASE + 0x80), 0xaaaaaaaau);
    ck_assert_uint_eq(mem32(m, UT_MEM_BASE + 0x84), 0xbbbbbbbbu);
    ck_assert_uint_eq(m->w.sreg[4], 0x11111111u);
    ck_assert_uint_eq(m->w.sreg[5], 0x22222222u);
    ck_assert_uint_eq(m->w.sreg[6], 0x11111111u); /* the compare value stays */
    /* s_buffer_atomic_: a V# over the window from 0x200, num_records 0x100 */
    m->w.sreg[12] = (uint32_t)(UT_MEM_BASE + 0x200);
    m->w.sreg[13] = (uint32_t)((UT_MEM_BASE + 0x200) >> 32);
    m->w.sreg[14] = 0x100;
    m->w.sreg[15] = 0;
    le_put32(m->gmem + 0x210, 7);
    m->w.sreg[10] = 9;
    in = g9_one(T9, "s_buffer_atomic_umax s10, s[12:15], 0x10 glc");
    ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
    ck_assert_uint_eq(mem32(m, UT_MEM_BASE + 0x210), 9);
    ck_assert_uint_eq(m->w.sreg[10], 7);
    /* past num_records: nothing happens, 0 returns */
    uint32_t before = mem32(m, UT_MEM_BASE + 0x300);
    in = g9_one(T9, "s_buffer_atomic_add s10, s[12:15], 0x100 glc");
    ck_assert_int_eq(ut_run(m, &in).status, ISA_EXEC_OK);
    ck_assert_uint_eq(mem32(m, UT_MEM_BASE + 0x300), before);
    ck_assert_uint_eq(m->w.sreg[10], 0);
    free(m);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("flat9");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, encodings);
    tcase_add_test(tc, other_encodings);
    tcase_add_test(tc, refusals);
    tcase_add_test(tc, global_addresses);
    tcase_add_test(tc, d16_halves);
    tcase_add_test(tc, global_atomics);
    tcase_add_test(tc, scratch_interleave);
    tcase_add_test(tc, ds_buffer_d16);
    tcase_add_test(tc, scalar_atomics);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)
