/* Data sections and relocations: the bytes the data directives lay down (expected bytes from
 * llvm-mc 14's object file for the same source, `llvm-objdump -s -j .rodata`), the image layout,
 * the value of each relocation kind (S + A - P and friends, derived by hand from AMDGPUUsage's
 * "Relocation Records" table), clang's s_getpc_b64 + rel32/gotpcrel sequences run on a test wave
 * that holds the image in its memory, and the errors for what gcnsim does not support. */
#include <stdio.h>

#include "asm/asm.h"
#include "machine/functional.h"
#include "mem/gmem.h"
#include "timing_harness.h"
#include "unit.h"

static int assemble(const char *text, isa_program_t *p, char **diag)
{
    size_t n = 0;
    char *buf = NULL;
    FILE *f = open_memstream(&buf, &n);
    ck_assert_ptr_nonnull(f);
    int e = asm_assemble_buffer("t.s", text, strlen(text), ISA_TARGET_GFX803, p, f);
    fclose(f);
    *diag = buf;
    return e;
}

static isa_program_t ok(const char *text)
{
    isa_program_t p;
    char *d;
    int e = assemble(text, &p, &d);
    ck_assert_msg(e == 0, "unexpected errors:\n%s", d);
    free(d);
    return p;
}

/* The source must fail with one error whose text contains `want` (e.g. "t.s:3:19: error: ..."). */
static void fails(const char *text, const char *want)
{
    isa_program_t p;
    char *d;
    int e = assemble(text, &p, &d);
    ck_assert_msg(e == 1, "expected 1 error, got %d:\n%s", e, d);
    ck_assert_msg(strstr(d, want) != NULL, "expected '%s' in:\n%s", want, d);
    ck_assert_ptr_null(p.image);
    free(d);
}

static uint32_t rd32(const isa_program_t *p, uint32_t off)
{
    ck_assert_uint_le(off + 4, p->image_bytes);
    return (uint32_t)p->image[off] | (uint32_t)p->image[off + 1] << 8 | (uint32_t)p->image[off + 2] << 16 |
           (uint32_t)p->image[off + 3] << 24;
}

static uint64_t rd64(const isa_program_t *p, uint32_t off)
{
    return rd32(p, off) | (uint64_t)rd32(p, off + 4) << 32;
}

/* ---- Directives ------------------------------------------------------------------------------ */

START_TEST(test_directive_bytes)
{
    /* The same directives as llvm-mc's object file (its .rodata section, bytes 0x00..0x32), then two more strings. */
    isa_program_t p = ok("k:\n  s_endpgm\n"
                         ".section .rodata,#alloc\n.p2align 2\n"
                         "t: .long 1, 2, -1\n.2byte 7\n.4byte 8\n.8byte 9\n.align 4\n.byte 1\n.balign 8\n"
                         ".zero 3\n.zero 3, 7\n.space 2, 9\n.skip 1\n.asciz \"ab\"\n.string \"cd\"\n"
                         ".ascii \"x\\n\\x41\\101\"\n.ascii \"a;b\", \"x\\\\\"\n");
    static const uint8_t want[] = {
        0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0x07, 0x00, 0x08, 0x00,
        0x00, 0x00, 0x09, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x07, 0x07, 0x07, 0x09, 0x09, 0x00, 0x61, 0x62, 0x00, 0x63, 0x64, 0x00, 0x78,
        0x0a, 0x41, 0x41, 0x61, 0x3b, 0x62, 0x78, 0x5c, /* the last two strings: ';' inside, an escaped '\\' */
    };
    /* Code (4 bytes) at 0, .rodata at the next 256-byte boundary. */
    ck_assert_uint_eq(p.kernels[0].image_offset, 0);
    ck_assert_uint_eq(p.image_bytes, 256 + sizeof want);
    for (size_t i = 0; i < sizeof want; i++)
        ck_assert_msg(p.image[256 + i] == want[i], "byte %zu: 0x%02x, expected 0x%02x", i, p.image[256 + i], want[i]);
    for (size_t i = 0; i < 256; i++)
        ck_assert_uint_eq(p.image[i], 0); /* the code range stays zero */
    isa_program_free(&p);
}
END_TEST

START_TEST(test_sections_layout)
{
    /* Two kernels (60 and 8 bytes: the second at 256), .rodata after the code,
     * .data to 8, the GOT (one entry), then .bss; .quad and .long @abs32 values in data. */
    isa_program_t p = ok(".text\n.globl a\n.globl b\n.globl r\n"
                         "a:\n  s_getpc_b64 s[0:1]\n  s_add_u32 s0, s0, g@gotpcrel32@lo+4\n"
                         "  s_addc_u32 s1, s1, g@gotpcrel32@hi+12\n"
                         "  s_mov_b32 s2, r@abs32@lo\n  s_mov_b32 s3, r@abs32@hi\n"
                         "  s_mov_b32 s4, b@abs32@lo\n  s_mov_b32 s5, end_a@abs32@lo\n"
                         "  s_nop 0\nend_a:\n  s_endpgm\n"
                         "b:\n  s_mov_b32 s0, 0x12345\n"
                         ".section .rodata.cst16,\"aM\",@progbits,16\n.p2align 4\n"
                         "r: .long 5\nrq: .quad r+4, b\n.long g@abs32@lo\n"
                         ".data\n.p2align 3\ng: .byte 1\n"
                         ".section .bss,#alloc,#write\n.p2align 5\nz: .zero 64\n"
                         ".section .AMDGPU.csdata\n"
                         ".text\n");
    ck_assert_uint_eq(p.nkernels, 2);
    ck_assert_uint_eq(p.kernels[0].code_bytes, 60);
    ck_assert_uint_eq(p.kernels[0].image_offset, 0);
    ck_assert_uint_eq(p.kernels[1].image_offset, 256);
    /* b: 8 bytes -> code ends at 264; .rodata at 512 (256-byte boundary), 24 bytes; .data at 536;
     * GOT at 544 (8 aligned), one entry; .bss at 576 (32 aligned), 64 bytes. */
    const uint32_t ro = 512, data = 536, got = 544, bss = 576;
    ck_assert_uint_eq(p.image_bytes, bss + 64);
    ck_assert_uint_eq(rd32(&p, ro), 5);
    ck_assert_uint_eq(rd64(&p, ro + 4), ISA_IMAGE_BASE + ro + 4);     /* .quad r+4 */
    ck_assert_uint_eq(rd64(&p, ro + 12), ISA_IMAGE_BASE + 256);       /* .quad b: a code address */
    ck_assert_uint_eq(rd32(&p, ro + 20), (uint32_t)(ISA_IMAGE_BASE + data) & 0xffffffffu);
    ck_assert_uint_eq(p.image[data], 1);
    ck_assert_uint_eq(rd64(&p, got), ISA_IMAGE_BASE + data);          /* the GOT entry of g */
    const isa_inst_t *in = p.kernels[0].insts;
    /* gotpcrel32@lo+4 at pc 4 (literal at 8): G + 4 - P = 544 + 4 - 8; @hi+12 (literal at 16): 0. */
    ck_assert_uint_eq(in[1].literal, got + 4 - 8);
    ck_assert_uint_eq(in[2].literal, 0);
    ck_assert_uint_eq(in[3].literal, (uint32_t)(ISA_IMAGE_BASE + ro));
    ck_assert_uint_eq(in[4].literal, (uint32_t)((ISA_IMAGE_BASE + ro) >> 32));
    ck_assert_uint_eq(in[5].literal, (uint32_t)(ISA_IMAGE_BASE + 256));
    ck_assert_uint_eq(in[6].literal, (uint32_t)(ISA_IMAGE_BASE + 56)); /* the label before s_endpgm */
    /* A relocated literal is a literal even when its value would be an inline constant. */
    ck_assert_uint_eq(in[4].src[0].code, ISA_SRC_LITERAL);
    ck_assert_uint_eq(in[4].size, 8);
    isa_program_free(&p);
}
END_TEST

START_TEST(test_no_image_without_data)
{
    /* clang's every file switches to .rodata for the descriptor: no bytes, no image. */
    isa_program_t p = ok(".text\nk:\n  s_endpgm\n.section .rodata,#alloc\n.p2align 6\n.text\n"
                         ".section \".note.GNU-stack\"\n");
    ck_assert_uint_eq(p.image_bytes, 0);
    ck_assert_ptr_null(p.image);
    isa_program_free(&p);
}
END_TEST

/* ---- Relocations run ---------------------------------------------------------------------------- */

/* Run kernel 0 of p on a test wave whose memory holds the image at ISA_IMAGE_BASE. */
static ut_machine_t *run_image(const isa_program_t *p)
{
    ck_assert(UT_MEM_BASE == ISA_IMAGE_BASE);
    ck_assert_uint_le(p->image_bytes, UT_MEM_SIZE);
    ut_machine_t *m = ut_machine_new();
    memcpy(m->gmem, p->image, p->image_bytes);
    m->w.kernel = &p->kernels[0];
    m->w.code_base = ISA_IMAGE_BASE + p->kernels[0].image_offset;
    m->w.pc = 0;
    for (int n = 0; n < 1000; n++) {
        isa_exec_result_t r;
        memset(&r, 0, sizeof r);
        isa_exec(&m->w, &p->kernels[0].insts[m->w.pc], &r);
        ck_assert_msg(r.status != ISA_EXEC_FAULT, "fault: %s", r.fault_msg);
        if (r.status == ISA_EXEC_END)
            return m;
    }
    ck_abort_msg("the kernel did not end");
    return m;
}

START_TEST(test_rel32_and_got_run)
{
    /* clang's sequences: the table's address by rel32, a global's through its GOT entry, both
     * read with s_load; the second kernel first, so the run kernel's code is not at offset 0. */
    isa_program_t p = ok(".globl other\n.globl k\nother:\n  s_endpgm\n"
                         "k:\n  s_getpc_b64 s[0:1]\n"
                         "  s_add_u32 s0, s0, table@rel32@lo+4\n  s_addc_u32 s1, s1, table@rel32@hi+12\n"
                         "  s_load_dword s6, s[0:1], 0x8\n"
                         "  s_getpc_b64 s[2:3]\n"
                         "  s_add_u32 s2, s2, counter@gotpcrel32@lo+4\n  s_addc_u32 s3, s3, counter@gotpcrel32@hi+12\n"
                         "  s_load_dwordx2 s[2:3], s[2:3], 0x0\n  s_waitcnt lgkmcnt(0)\n"
                         "  s_load_dword s7, s[2:3], 0x4\n"
                         "  s_getpc_b64 s[8:9]\n"
                         "  s_add_u32 s8, s8, table@rel32@lo+4-8\n  s_addc_u32 s9, s9, table@rel32@hi+12\n"
                         "  s_waitcnt lgkmcnt(0)\n  s_endpgm\n"
                         ".section .rodata,#alloc\n.p2align 4\ntable: .long 10, 11, 12, 13\n"
                         ".data\n.p2align 2\ncounter: .long 100, 200\n");
    /* `k` is the second kernel in the source; make it kernel 0 of the run by swapping. */
    ck_assert_str_eq(p.kernels[1].name, "k");
    isa_kernel_t t = p.kernels[0];
    p.kernels[0] = p.kernels[1];
    p.kernels[1] = t;
    ck_assert_uint_eq(p.kernels[0].image_offset, 256);
    ut_machine_t *m = run_image(&p);
    ck_assert_uint_eq(m->w.sreg[6], 12);  /* table[2] */
    ck_assert_uint_eq(m->w.sreg[7], 200); /* counter[1] */
    /* With an addend 8 short of clang's, the pair addresses table - 8. */
    uint64_t table = (uint64_t)m->w.sreg[0] | (uint64_t)m->w.sreg[1] << 32;
    ck_assert_uint_eq((uint64_t)m->w.sreg[8] | (uint64_t)m->w.sreg[9] << 32, table - 8);
    ck_assert_uint_eq(table % 16, 0);
    ck_assert_uint_ge(table, ISA_IMAGE_BASE + 512);
    free(m);
    isa_program_free(&p);
}
END_TEST

START_TEST(test_rel32_negative)
{
    /* A symbol before the reference (a code label): S + A - P is negative, its high half all ones. */
    isa_program_t p = ok("k:\n  s_nop 0\n  s_getpc_b64 s[0:1]\n  s_add_u32 s0, s0, k@rel32@lo+4\n"
                         "  s_addc_u32 s1, s1, k@rel32@hi+12\n  s_endpgm\n");
    const isa_inst_t *in = p.kernels[0].insts;
    ck_assert_uint_eq(in[2].pc, 8);
    ck_assert_uint_eq(in[2].literal, (uint32_t)(0 + 4 - 12));
    ck_assert_uint_eq(in[3].literal, 0xffffffffu);
    ut_machine_t *m = run_image(&p);
    ck_assert_uint_eq(m->w.sreg[0], (uint32_t)ISA_IMAGE_BASE);
    ck_assert_uint_eq(m->w.sreg[1], (uint32_t)(ISA_IMAGE_BASE >> 32));
    free(m);
    isa_program_free(&p);
}
END_TEST

/* ---- The loader --------------------------------------------------------------------------------- */

START_TEST(test_launch_maps_image)
{
    /* Only the second kernel is dispatched: with an image it stays at its image offset (256), where
     * its relocations were resolved, and the code region holds the whole image with the data. */
    th_launch_t t;
    th_prepare(&t,
               ".globl first\n.globl second\nfirst:\n  s_endpgm\n"
               "second:\n  s_load_dwordx2 s[4:5], s[0:1], 0x0\n  s_getpc_b64 s[0:1]\n"
               "  s_add_u32 s0, s0, tab@rel32@lo+4\n  s_addc_u32 s1, s1, tab@rel32@hi+12\n"
               "  s_load_dword s6, s[0:1], 0x4\n  s_waitcnt lgkmcnt(0)\n"
               "  v_mov_b32 v1, s4\n  v_mov_b32 v2, s5\n  v_mov_b32 v3, s6\n  flat_store_dword v[1:2], v3\n"
               "  s_endpgm\n.data\ntab: .long 7, 42\n",
               "name = second\ngrid = 1\nworkgroup = 1\n[buffer out]\ntype = u32\ncount = 1\ninit = zero\n"
               "[args]\nout = @out\n",
               NULL, NULL, 0);
    launch_t *L = t.L;
    ck_assert_uint_eq(L->nkernels, 1);
    ck_assert_uint_eq(L->kernels[0].code_addr, GMEM_CODE_BASE + 256);
    ck_assert_uint_eq(L->dispatches[0].code_addr, GMEM_CODE_BASE + 256);
    const gmem_region_t *r = gmem_find(&L->mem, GMEM_CODE_BASE);
    ck_assert_ptr_nonnull(r);
    ck_assert_uint_eq(r->size, t.prog.image_bytes);
    ck_assert_int_eq(memcmp(r->data, t.prog.image, t.prog.image_bytes), 0);
    ck_assert_uint_eq(r->data[512], 7); /* second ends at 256 + 56: .data at 512 */
    ck_assert_int_eq(functional_run(L), 0);
    uint32_t out;
    memcpy(&out, L->bufs[0].data, 4);
    ck_assert_uint_eq(out, 42);
    th_release(&t);
}
END_TEST

/* ---- Errors -------------------------------------------------------------------------------------- */

START_TEST(test_errors)
{
    fails("k:\n  s_add_u32 s0, s0, nowhere@rel32@lo+4\n  s_endpgm\n", "t.s:2:21: error: undefined symbol 'nowhere'");
    fails("k:\n  s_add_u32 s0, s0, t@rel64\n  s_endpgm\nt:\n", "t.s:2:23: error: relocation '@rel64' is not supported");
    fails("k:\n  s_add_u32 s0, s0, t@rel32\n  s_endpgm\n", "relocation '@rel32' is not supported");
    fails("k:\n  s_add_u32 s0, s0, t@rel32@mid\n  s_endpgm\n", "t.s:2:29: error: expected '@lo' or '@hi'");
    fails("k:\n  s_endpgm\n.long 5\n", "t.s:3:1: error: data directive '.long' in .text");
    fails("k:\n  s_endpgm\n.section .rodata\n  s_nop 0\n", "t.s:4:3: error: instruction in section '.rodata'");
    fails("k:\n  s_endpgm\n.data\n.byte 256\n", "t.s:4:7: error: value 256 does not fit in 1 byte");
    fails("k:\n  s_endpgm\n.data\n.short -32769\n", "does not fit in 2 bytes");
    fails("k:\n  s_endpgm\n.bss\n.long 1\n", "t.s:4:1: error: '.long' with a non-zero value in .bss");
    fails("k:\n  s_mov_b64 s[0:1], t@abs32@lo\n  s_endpgm\n.data\nt: .long 0\n",
          "t.s:2:21: error: a relocation needs a 32-bit operand");
    fails("k:\n  v_add_f32 v0, -t@abs32@lo, v1\n  s_endpgm\n.data\nt: .long 0\n",
          "source modifiers apply to registers and constants only");
    fails("k:\n  s_add_u32 s0, t@abs32@lo, t@abs32@hi\n  s_endpgm\n.data\nt: .long 0\n",
          "only one literal constant is allowed");
    fails("k:\n  s_endpgm\n.data\n.quad t@abs32@lo\nt:\n", "a symbol in data must be");
    fails("k:\n  s_endpgm\n.data\nt: .long 1\nt: .long 2\n", "t.s:5:1: error: label 't' is already defined on line 4");
    fails("k:\n  s_endpgm\n.data\nk: .long 1\n", "label 'k' is already defined on line 1");
    fails("k:\n  s_endpgm\n.data\n.p2align 17\n", "'.p2align' needs a power of two's exponent");
    fails("k:\n  s_endpgm\n.data\n.balign 3\n", "alignment 3 is not a power of two");
    fails("k:\n  s_endpgm\n.data\n.ascii \"a\\qb\"\n", "unknown escape '\\q'");
    fails("k:\n  s_endpgm\n.data\n.zero 99999999999\n", "'.zero' needs a byte count");
    fails("k:\n  s_endpgm\n.data\n.ascii \"y\\\"\n", "t.s:4:8: error: '.ascii' needs a string in double quotes");
    fails("k:\n  s_add_u32 s0, s0, c@rel32@lo+4\n  s_endpgm\n.section .comment\nc: .long 0\n",
          "symbol 'c' is in a section gcnsim does not load");
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("asm_data");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_directive_bytes);
    tcase_add_test(tc, test_sections_layout);
    tcase_add_test(tc, test_no_image_without_data);
    tcase_add_test(tc, test_rel32_and_got_run);
    tcase_add_test(tc, test_rel32_negative);
    tcase_add_test(tc, test_launch_maps_image);
    tcase_add_test(tc, test_errors);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)
