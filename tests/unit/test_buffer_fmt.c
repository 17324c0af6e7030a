/* Buffer format conversions: every data format (8 ... 32_32_32_32) with the number formats, loads
 * and stores, the _d16_ forms, against values worked out by hand from the GCN3 ISA manual's format
 * tables and the rounding rules of docs/semantics-scalar-memory.md ("Formats"); the f32/f16 bit
 * patterns of fractions such as 128/255 come from an independent host conversion (Python's struct,
 * round to nearest even), written in as constants. */
#include "unit.h"

#include <math.h>

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* A V# in s[4:7] over UT_MEM_BASE, stride 16, num_records 64 records, format dfmt/nfmt. */
static void set_desc(ut_machine_t *m, uint32_t dfmt, uint32_t nfmt)
{
    m->w.sreg[4] = (uint32_t)UT_MEM_BASE;
    m->w.sreg[5] = (uint32_t)(UT_MEM_BASE >> 32) | 16u << 16;
    m->w.sreg[6] = 64;
    m->w.sreg[7] = nfmt << 12 | dfmt << 15 | 1u << 19 | 3u << 21;
}

/* op v10.., v0 idxen (v0 = lane), s[4:7], 0; format dfmt/nfmt for MTBUF */
static isa_exec_result_t run_fmt(ut_machine_t *m, isa_op_t op, uint32_t dfmt, uint32_t nfmt, unsigned nreg)
{
    for (unsigned l = 0; l < 64; l++)
        ut_vreg(m, 0)[l] = l;
    isa_inst_t in = ut_inst(op);
    in.src[0] = ut_v(0);
    in.src[1] = ut_sr(4, 4);
    in.src[2] = ut_ic(0);
    in.idxen = 1;
    in.nsrc = 3;
    in.dfmt = (uint8_t)dfmt;
    in.nfmt = (uint8_t)nfmt;
    if (isa_ops[op].flags & ISA_FL_LOAD) {
        in.vdst = ut_vr(10, nreg);
    } else {
        in.src[3] = ut_vr(10, nreg);
        in.nsrc = 4;
    }
    return ut_run(m, &in);
}

enum { UN, SN, US, SS, UI, SI, FL = 7 }; /* number formats */
#define ONE 0x3f800000u

typedef struct {
    uint32_t dfmt, nfmt;
    uint8_t mem[16];
    uint32_t want[4]; /* xyzw as tbuffer_load_format_xyzw writes them */
} load_case_t;

static const load_case_t loads[] = {
    { 1, UN, { 0xff }, { ONE, 0, 0, ONE } },                              /* 255/255 */
    { 1, UN, { 0x80 }, { 0x3f008081u, 0, 0, ONE } },                      /* 128/255 */
    { 1, SN, { 0x81 }, { 0xbf800000u, 0, 0, ONE } },                      /* -127/127 */
    { 1, SN, { 0x80 }, { 0xbf800000u, 0, 0, ONE } },                      /* -128: clamped to -1 */
    { 1, SN, { 0x40 }, { 0x3f010204u, 0, 0, ONE } },                      /* 64/127 */
    { 1, US, { 0xfe }, { 0x437e0000u, 0, 0, ONE } },                      /* 254.0 */
    { 1, SS, { 0xfe }, { 0xc0000000u, 0, 0, ONE } },                      /* -2.0 */
    { 1, UI, { 0xfe }, { 0xfe, 0, 0, 1 } },
    { 1, SI, { 0xfe }, { 0xfffffffeu, 0, 0, 1 } },
    { 2, FL, { 0x00, 0xc0 }, { 0xc0000000u, 0, 0, ONE } },                /* f16 -2.0 */
    { 2, UN, { 0xff, 0xff }, { ONE, 0, 0, ONE } },
    { 2, SN, { 0x00, 0x80 }, { 0xbf800000u, 0, 0, ONE } },
    { 3, UI, { 0x12, 0x34 }, { 0x12, 0x34, 0, 1 } },                      /* 8_8 */
    { 5, SI, { 0xff, 0xff, 0x02, 0x00 }, { 0xffffffffu, 2, 0, 1 } },      /* 16_16 */
    /* 10_11_11 FLOAT 0x702003c0: x (10:0) 0x3c0 = 1.0, y (21:11) 0x400 = 2.0, z (31:22) 0x1c0 = 0.5 */
    { 6, FL, { 0xc0, 0x03, 0x20, 0x70 }, { ONE, 0x40000000u, 0x3f000000u, ONE } },
    /* 11_11_10 FLOAT 0x800f01c0: x (9:0) 0x1c0 = 0.5, y (20:10) 0x3c0 = 1.0, z (31:21) 0x400 = 2.0 */
    { 7, FL, { 0xc0, 0x01, 0x0f, 0x80 }, { 0x3f000000u, ONE, 0x40000000u, ONE } },
    /* 10_11_11 FLOAT 0x003e0001: x the smallest denormal 2^-20, y 0x7c0 infinity, z 0 */
    { 6, FL, { 0x01, 0x00, 0x3e, 0x00 }, { 0x35800000u, 0x7f800000u, 0, ONE } },
    /* 10_11_11 SINT 0x7fe007ff: x 0x7ff = -1, y 0x400 = -1024, z 0x1ff = 511 */
    { 6, SI, { 0xff, 0x07, 0xe0, 0x7f }, { 0xffffffffu, 0xfffffc00u, 511, 1 } },
    /* 2_10_10_10 UNORM 0xe00003ff: x 1023 = 1.0, y 0, z 512/1023, w (31:30) 3 = 1.0 */
    { 9, UN, { 0xff, 0x03, 0x00, 0xe0 }, { ONE, 0, 0x3f002008u, ONE } },
    /* 10_10_10_2 UINT 0xffc05fa2: x (1:0) 2, y (11:2) 1000, z (21:12) 5, w (31:22) 1023 */
    { 8, UI, { 0xa2, 0x5f, 0xc0, 0xff }, { 2, 1000, 5, 1023 } },
    { 10, SN, { 0x7f, 0x81, 0x00, 0x80 }, { ONE, 0xbf800000u, 0, 0xbf800000u } }, /* 8_8_8_8 */
    /* 16_16_16_16 USCALED: 1, 65535, 256, 2 */
    { 12, US, { 1, 0, 0xff, 0xff, 0, 1, 2, 0 }, { ONE, 0x477fff00u, 0x43800000u, 0x40000000u } },
    { 11, FL, { 1, 2, 3, 4, 5, 6, 7, 8 }, { 0x04030201u, 0x08070605u, 0, ONE } }, /* 32_32 */
    { 13, SI, { 1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 3, 0, 0, 0 }, { 1, 0xffffffffu, 3, 1 } },
};

START_TEST(load_table)
{
    ut_machine_t *m = ut_machine_new();
    for (size_t k = 0; k < sizeof loads / sizeof loads[0]; k++) {
        const load_case_t *t = &loads[k];
        memset(m->gmem, 0xaa, 1024);
        memcpy(m->gmem + 16 * 5, t->mem, 16); /* record 5 (stride 16): lane 5 */
        set_desc(m, 4, 4);
        isa_exec_result_t r = run_fmt(m, ISA_tbuffer_load_format_xyzw, t->dfmt, t->nfmt, 4);
        ck_assert_msg(r.status == ISA_EXEC_OK, "case %zu: %s", k, r.fault_msg);
        for (unsigned c = 0; c < 4; c++)
            ck_assert_msg(ut_vreg(m, 10 + c)[5] == t->want[c], "case %zu (dfmt %u nfmt %u) component %u: 0x%08x, want "
                          "0x%08x", k, t->dfmt, t->nfmt, c, ut_vreg(m, 10 + c)[5], t->want[c]);
    }
    free(m);
}
END_TEST

/* MUBUF reads the format from the V#'s word 3; d16 loads write one f16 (or 16-bit integer) per
 * register on gfx803 (unpacked), the defaults as f16 1.0 / integer 1. */
START_TEST(mubuf_and_d16_loads)
{
    ut_machine_t *m = ut_machine_new();
    memset(m->gmem, 0, 1024);
    static const uint8_t px[4] = { 0xff, 0x00, 0x80, 0x40 };
    memcpy(m->gmem + 16 * 5, px, 4);
    set_desc(m, 10, UN); /* 8_8_8_8 UNORM in word 3 */
    isa_exec_result_t r = run_fmt(m, ISA_buffer_load_format_xyzw, 1, 0, 4); /* the inst's format is ignored */
    ck_assert_msg(r.status == ISA_EXEC_OK, "%s", r.fault_msg);
    ck_assert_uint_eq(r.elem_bytes, 4); /* a lane's element in memory: 8_8_8_8, 4 bytes for 16 of registers */
    ck_assert_uint_eq(ut_vreg(m, 10)[5], ONE);
    ck_assert_uint_eq(ut_vreg(m, 11)[5], 0);
    ck_assert_uint_eq(ut_vreg(m, 12)[5], 0x3f008081u); /* 128/255 */
    r = run_fmt(m, ISA_buffer_load_format_d16_xyzw, 1, 0, 4);
    ck_assert_msg(r.status == ISA_EXEC_OK, "%s", r.fault_msg);
    ck_assert_uint_eq(ut_vreg(m, 10)[5], 0x3c00u);
    ck_assert_uint_eq(ut_vreg(m, 11)[5], 0);
    ck_assert_uint_eq(ut_vreg(m, 12)[5], 0x3804u); /* 128/255 as f16 */
    ck_assert_uint_eq(ut_vreg(m, 13)[5], 0x3404u); /* 64/255 */
    /* 16_16 SINT, d16 xyzw: the integers' low 16 bits, z 0, w 1 */
    static const uint8_t s16[4] = { 0xfe, 0xff, 0x05, 0x00 };
    memcpy(m->gmem + 16 * 5, s16, 4);
    r = run_fmt(m, ISA_tbuffer_load_format_d16_xyzw, 5, SI, 4);
    ck_assert_msg(r.status == ISA_EXEC_OK, "%s", r.fault_msg);
    ck_assert_uint_eq(r.elem_bytes, 4); /* 16_16 from the instruction's format */
    ck_assert_uint_eq(ut_vreg(m, 10)[5], 0xfffeu);
    ck_assert_uint_eq(ut_vreg(m, 11)[5], 5);
    ck_assert_uint_eq(ut_vreg(m, 12)[5], 0);
    ck_assert_uint_eq(ut_vreg(m, 13)[5], 1);
    r = run_fmt(m, ISA_tbuffer_load_format_x, 1, UN, 1);
    ck_assert_uint_eq(r.elem_bytes, 1); /* 8: one byte a lane in memory, a 4-byte register */
    /* out of range (record 64 of 64): 0, defaults past the format */
    for (unsigned l = 0; l < 64; l++)
        ut_vreg(m, 0)[l] = 64;
    isa_inst_t in = ut_inst(ISA_tbuffer_load_format_xyzw);
    in.src[0] = ut_v(0);
    in.src[1] = ut_sr(4, 4);
    in.src[2] = ut_ic(0);
    in.idxen = 1;
    in.nsrc = 3;
    in.dfmt = 3;
    in.nfmt = UN;
    in.vdst = ut_vr(10, 4);
    r = ut_run(m, &in);
    ck_assert_int_eq(r.status, ISA_EXEC_OK);
    ck_assert_uint_eq(ut_vreg(m, 10)[0], 0);
    ck_assert_uint_eq(ut_vreg(m, 11)[0], 0);
    ck_assert_uint_eq(ut_vreg(m, 13)[0], ONE);
    free(m);
}
END_TEST

typedef struct {
    isa_op_t op;
    uint32_t dfmt, nfmt;
    uint32_t reg[4];
    uint8_t want[16]; /* the element after the store, over 0xaa bytes */
    unsigned nbytes;  /* bytes compared (the element, plus one past it where it is narrow) */
} store_case_t;

static const store_case_t stores[] = {
    { ISA_tbuffer_store_format_x, 1, UN, { 0x3f000000u }, { 0x80, 0xaa }, 2 },      /* 0.5 * 255 = 127.5 -> 128 */
    { ISA_tbuffer_store_format_x, 1, UN, { 0x40000000u }, { 0xff, 0xaa }, 2 },      /* 2.0 clamps to 1 */
    { ISA_tbuffer_store_format_x, 1, UN, { 0x7fc00000u }, { 0x00, 0xaa }, 2 },      /* NaN -> 0 */
    { ISA_tbuffer_store_format_x, 1, SN, { 0xbf800000u }, { 0x81, 0xaa }, 2 },      /* -1.0 -> -127 */
    { ISA_tbuffer_store_format_x, 1, SN, { 0x3f000000u }, { 0x40, 0xaa }, 2 },      /* 63.5 -> 64 */
    { ISA_tbuffer_store_format_x, 1, SN, { 0xc0000000u }, { 0x81, 0xaa }, 2 },      /* -2.0 clamps */
    { ISA_tbuffer_store_format_x, 1, SS, { 0xc079999au }, { 0xfd, 0xaa }, 2 },      /* -3.9 -> -3 (toward 0) */
    { ISA_tbuffer_store_format_xyzw, 10, UI, { 1, 300, 0, 255 }, { 1, 255, 0, 255, 0xaa }, 5 },
    { ISA_tbuffer_store_format_xyzw, 10, SI, { (uint32_t)-200, 127, (uint32_t)-1, 5 }, { 0x80, 0x7f, 0xff, 5 }, 4 },
    /* 16_16 FLOAT: 1.0, 65520 (halfway to 65536: ties to even overflows to infinity) */
    { ISA_tbuffer_store_format_xy, 5, FL, { ONE, 0x477ff000u }, { 0x00, 0x3c, 0x00, 0x7c, 0xaa }, 5 },
    /* 2_10_10_10 UNORM: 1.0 -> 1023, 0.25 -> 255.75 -> 256, 0 -> 0, 0.6 -> 1.8 -> 2: 0x800403ff */
    { ISA_tbuffer_store_format_xyzw, 9, UN, { ONE, 0x3e800000u, 0, 0x3f19999au }, { 0xff, 0x03, 0x04, 0x80 }, 4 },
    /* 10_11_11 FLOAT: 1.0 -> 0x3c0, -5.0 -> 0, 0.5 -> 0x1c0 (bits 31:22): 0x700003c0 */
    { ISA_tbuffer_store_format_xyz, 6, FL, { ONE, 0xc0a00000u, 0x3f000000u }, { 0xc0, 0x03, 0x00, 0x70 }, 4 },
    /* 11_11_10 FLOAT: x (5 fraction bits) 1.046875 = 1 + 3/64, halfway: ties to even -> 1 + 2/32
     * 0x1e2; y 1e10 -> infinity 0x7c0; z 2^-20 -> the smallest denormal 1: 0x003f01e2 */
    { ISA_tbuffer_store_format_xyz, 7, FL, { 0x3f860000u, 0x501502f9u, 0x35800000u }, { 0xe2, 0x01, 0x3f, 0x00 }, 4 },
    /* 16_16_16_16 USCALED: 3.7 -> 3, -1 -> 0, 70000 -> 65535, 1 */
    { ISA_tbuffer_store_format_xyzw, 12, US, { 0x406ccccdu, 0xbf800000u, 0x4788b800u, ONE },
      { 3, 0, 0, 0, 0xff, 0xff, 1, 0, 0xaa }, 9 },
    /* xy of 2_10_10_10 UINT: z and w keep memory's bits: 0xaaa01805 */
    { ISA_tbuffer_store_format_xy, 9, UI, { 5, 6 }, { 0x05, 0x18, 0xa0, 0xaa }, 4 },
    /* d16: registers hold f16 (16_16 FLOAT moves them; 8_8 UNORM converts 0.5 -> 128, 1.0 -> 255) */
    { ISA_tbuffer_store_format_d16_xy, 5, FL, { 0xdead3c00u, 0xc000u }, { 0x00, 0x3c, 0x00, 0xc0 }, 4 },
    { ISA_tbuffer_store_format_d16_xy, 3, UN, { 0x3800u, 0x3c00u }, { 0x80, 0xff, 0xaa }, 3 },
    { ISA_tbuffer_store_format_d16_xy, 5, UI, { 0x1234ffffu, 5 }, { 0xff, 0xff, 0x05, 0x00 }, 4 },
    { ISA_tbuffer_store_format_xy, 11, SI, { (uint32_t)-5, 7 }, { 0xfb, 0xff, 0xff, 0xff, 7, 0, 0, 0, 0xaa }, 9 },
};

START_TEST(store_table)
{
    ut_machine_t *m = ut_machine_new();
    for (size_t k = 0; k < sizeof stores / sizeof stores[0]; k++) {
        const store_case_t *t = &stores[k];
        memset(m->gmem, 0xaa, 1024);
        set_desc(m, 4, 4);
        for (unsigned c = 0; c < 4; c++)
            ut_vset_all(m, 10 + c, t->reg[c]);
        ut_set_exec(m, 1ull << 5); /* lane 5 only: record 5 */
        unsigned nreg = 1 + (t->op == ISA_tbuffer_store_format_xy || t->op == ISA_tbuffer_store_format_d16_xy) +
                        2 * (t->op == ISA_tbuffer_store_format_xyz) + 3 * (t->op == ISA_tbuffer_store_format_xyzw);
        isa_exec_result_t r = run_fmt(m, t->op, t->dfmt, t->nfmt, nreg);
        ck_assert_msg(r.status == ISA_EXEC_OK, "case %zu: %s", k, r.fault_msg);
        for (unsigned b = 0; b < t->nbytes; b++)
            ck_assert_msg(m->gmem[80 + b] == t->want[b], "case %zu (%s dfmt %u nfmt %u) byte %u: 0x%02x, want 0x%02x",
                          k, isa_ops[t->op].name, t->dfmt, t->nfmt, b, m->gmem[80 + b], t->want[b]);
        ck_assert_uint_eq(le32(m->gmem + 64), 0xaaaaaaaau); /* record 4 untouched */
    }
    free(m);
}
END_TEST

/* Load what a store wrote: every representable value of the 8-bit formats comes back (UNORM and
 * SNORM codes survive code -> float -> code), and the 16-bit float format is the identity. */
START_TEST(round_trips)
{
    ut_machine_t *m = ut_machine_new();
    set_desc(m, 4, 4);
    ut_set_exec(m, 1ull << 5);
    static const uint32_t nfmts[] = { UN, SN, US, SS, UI, SI };
    for (unsigned n = 0; n < 6; n++)
        for (unsigned code = 0; code < 256; code++) {
            if (nfmts[n] == SN && code == 0x80)
                continue; /* -128 reads as -1.0, which stores as -127 */
            m->gmem[80] = (uint8_t)code;
            run_fmt(m, ISA_tbuffer_load_format_x, 1, nfmts[n], 1);
            m->gmem[80] = 0;
            run_fmt(m, ISA_tbuffer_store_format_x, 1, nfmts[n], 1);
            ck_assert_msg(m->gmem[80] == code, "nfmt %u code 0x%02x came back 0x%02x", nfmts[n], code, m->gmem[80]);
        }
    for (unsigned hbits = 0; hbits < 0x10000; hbits += 7) {
        if ((hbits & 0x7c00) == 0x7c00 && (hbits & 0x3ff))
            continue; /* NaN payloads are not compared */
        m->gmem[80] = (uint8_t)hbits;
        m->gmem[81] = (uint8_t)(hbits >> 8);
        run_fmt(m, ISA_tbuffer_load_format_x, 2, FL, 1);
        memset(m->gmem + 80, 0, 2);
        run_fmt(m, ISA_tbuffer_store_format_x, 2, FL, 1);
        ck_assert_uint_eq((uint32_t)m->gmem[80] | (uint32_t)m->gmem[81] << 8, hbits);
    }
    free(m);
}
END_TEST

/* Formats the manual does not define fault with a message naming the format; nothing moves. */
START_TEST(undefined_formats)
{
    ut_machine_t *m = ut_machine_new();
    set_desc(m, 0, UN); /* INVALID data format in the V# */
    memset(m->gmem, 0xaa, 1024);
    isa_exec_result_t r = run_fmt(m, ISA_buffer_store_format_x, 1, 0, 1);
    ck_assert_int_eq(r.status, ISA_EXEC_FAULT);
    ck_assert_ptr_nonnull(strstr(r.fault_msg, "INVALID"));
    ck_assert_ptr_nonnull(strstr(r.fault_msg, "V#"));
    ck_assert_uint_eq(le32(m->gmem), 0xaaaaaaaau);
    r = run_fmt(m, ISA_tbuffer_load_format_x, 10, FL, 1); /* 8_8_8_8 FLOAT */
    ck_assert_int_eq(r.status, ISA_EXEC_FAULT);
    ck_assert_ptr_nonnull(strstr(r.fault_msg, "FLOAT is not defined"));
    r = run_fmt(m, ISA_tbuffer_load_format_x, 15, UI, 1);
    ck_assert_int_eq(r.status, ISA_EXEC_FAULT);
    ck_assert_ptr_nonnull(strstr(r.fault_msg, "reserved"));
    free(m);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("buffer_fmt");
    TCase *t = tcase_create("formats");
    tcase_add_test(t, load_table);
    tcase_add_test(t, mubuf_and_d16_loads);
    tcase_add_test(t, store_table);
    tcase_add_test(t, round_trips);
    tcase_add_test(t, undefined_formats);
    suite_add_tcase(s, t);
    return s;
}

UNIT_MAIN(suite)
