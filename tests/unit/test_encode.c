/* Encoder and decoder: machine-code words derived by hand from the field layouts of the GCN3 ISA
 * manual, chapter 12 "Microcode Formats" (the opcode of each instruction from its opcode table),
 * the way back to the same instructions, and the decoder's messages on words it cannot take. */
#include <stdio.h>

#include "asm/asm.h"
#include "asm/asm_decode.h"
#include "unit.h"

static isa_program_t assemble(const char *text)
{
    isa_program_t p;
    int e = asm_assemble_buffer("t.s", text, strlen(text), ISA_TARGET_GFX803, &p, stderr);
    ck_assert_int_eq(e, 0);
    return p;
}

/* The words of one kernel's code, little-endian. */
static uint32_t word(const uint8_t *code, unsigned i)
{
    const uint8_t *p = code + 4 * i;
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Assemble `text` (one kernel), encode it, require the words `want`, then decode the code and
 * require the assembler's instructions back. */
static void check_words(const char *text, const uint32_t *want, unsigned nwords)
{
    asm_opcode_map_t *m = asm_opcode_map_create(ISA_TARGET_GFX803);
    ck_assert_ptr_nonnull(m);
    isa_program_t p = assemble(text);
    const isa_kernel_t *k = &p.kernels[0];
    uint8_t *code;
    char err[256];
    ck_assert_msg(asm_encode_kernel(m, k, &code, err, sizeof err) == 0, "%s: %s", text, err);
    ck_assert_uint_eq(k->code_bytes, 4 * nwords);
    for (unsigned i = 0; i < nwords; i++)
        ck_assert_msg(word(code, i) == want[i], "%s: word %u is 0x%08x, want 0x%08x", text, i, word(code, i), want[i]);
    isa_inst_t *dec;
    uint32_t n;
    ck_assert_msg(asm_decode_code(m, code, k->code_bytes, &dec, &n, err, sizeof err) == 0, "%s: %s", text, err);
    ck_assert_uint_eq(n, k->ninsts);
    for (uint32_t i = 0; i < n; i++) {
        char what[64];
        ck_assert_msg(asm_inst_same(&k->insts[i], &dec[i], what, sizeof what), "%s: instruction %u: the %s differs",
                      text, i, what);
    }
    free(dec);
    free(code);
    isa_program_free(&p);
    asm_opcode_map_free(m);
}

#define WORDS(text, ...) do { \
        static const uint32_t w_[] = { __VA_ARGS__ }; \
        check_words(text, w_, sizeof w_ / sizeof w_[0]); \
    } while (0)

START_TEST(scalar_words)
{
    /* SOP1 0b101111101 [31:23], sdst [22:16], op [15:8] (s_mov_b32 0), ssrc0 [7:0] */
    WORDS("s_mov_b32 s0, s1", 0xbe800001u);
    /* SOP1 s_mov_b64 (op 1) exec, vcc: sdst 126, ssrc0 106 */
    WORDS("s_mov_b64 exec, vcc", 0xbefe016au);
    /* SOP2 0b10 [31:30], op [29:23] (s_add_u32 0), sdst, ssrc1 [15:8], ssrc0 */
    WORDS("s_add_u32 s1, s2, s3", 0x80010302u);
    /* an inline constant (1 -> 129) and a literal (255, then the dword) */
    WORDS("s_add_u32 s1, 1, s3", 0x80010381u);
    WORDS("s_mov_b32 s1, 0x12345678", 0xbe8100ffu, 0x12345678u);
    /* SOPC 0b101111110 [31:23], op [22:16] (s_cmp_eq_u32 6), ssrc1, ssrc0 */
    WORDS("s_cmp_eq_u32 s1, s2", 0xbf060201u);
    /* SOPK 0b1011 [31:28], op [27:23] (s_movk_i32 0), sdst, simm16; s_cmpk_eq_i32 (op 2) reads
     * the SDST field */
    WORDS("s_movk_i32 s1, 0x1234", 0xb0011234u);
    WORDS("s_cmpk_eq_i32 s3, 0xffff", 0xb103ffffu);
    /* SOPP 0b101111111 [31:23], op [22:16], simm16: s_endpgm 1, s_waitcnt 12 with vmcnt(0) only
     * (expcnt 7 [6:4], lgkmcnt 15 [11:8]) */
    WORDS("s_endpgm", 0xbf810000u);
    WORDS("s_waitcnt vmcnt(0)", 0xbf8c0f70u);
    /* SMEM 0b110000 [31:26], op [25:18] (s_load_dword 0), imm [17], glc [16], sdata [12:6],
     * sbase [5:0] = SGPR pair / 2; then the offset, or the SGPR holding it */
    WORDS("s_load_dword s1, s[2:3], 0x10", 0xc0020041u, 0x10u);
    WORDS("s_load_dwordx2 s[4:5], s[2:3], s7 glc", 0xc0050101u, 7u);
}
END_TEST

START_TEST(branch_words)
{
    /* s_branch (SOPP op 2): simm16 counts dwords from the instruction after the branch. */
    WORDS("s_nop 0\ns_branch L\ns_nop 0\nL: s_endpgm", 0xbf800000u, 0xbf820001u, 0xbf800000u, 0xbf810000u);
    WORDS("L: s_nop 0\ns_cbranch_scc0 L", 0xbf800000u, 0xbf84fffeu);
    /* over a literal: the target's byte offset counts the literal's dword */
    WORDS("s_cbranch_vccz L\ns_mov_b32 s0, 0x1234\nL: s_endpgm", 0xbf860002u, 0xbe8000ffu, 0x1234u, 0xbf810000u);
    /* numeric offsets, as llvm-objdump prints them and llvm-mc-15 takes them (65535 is -1) */
    WORDS("s_branch 1\ns_nop 0\ns_endpgm", 0xbf820001u, 0xbf800000u, 0xbf810000u);
    WORDS("s_nop 0\ns_nop 0\ns_nop 0\ns_nop 0\ns_cbranch_scc0 -5\ns_endpgm", 0xbf800000u, 0xbf800000u, 0xbf800000u,
          0xbf800000u, 0xbf84fffbu, 0xbf810000u);
    WORDS("s_cbranch_execz 65535\ns_endpgm", 0xbf88ffffu, 0xbf810000u);
    /* s_endpgm's optional immediate (llvm-mc-15: s_endpgm 3 is [0x03,0x00,0x81,0xbf]) */
    WORDS("s_endpgm 3", 0xbf810003u);
    WORDS("s_endpgm 0", 0xbf810000u);
}
END_TEST

START_TEST(vector_words)
{
    /* VOP2 0 [31], op [30:25] (v_add_f32 1), vdst [24:17], vsrc1 [16:9], src0 [8:0] (v2 = 258) */
    WORDS("v_add_f32 v1, v2, v3", 0x02020702u);
    /* VOP1 0b0111111 [31:25], vdst, op [16:9] (v_mov_b32 1), src0; a literal src0 */
    WORDS("v_mov_b32 v1, 0x12345678", 0x7e0202ffu, 0x12345678u);
    /* VOPC 0b0111110 [31:25], op [24:17] (v_cmp_eq_u32 0xca), vsrc1, src0 */
    WORDS("v_cmp_eq_u32 vcc, v1, v2", 0x7d940501u);
    /* VOP2 carry form: the vcc operands are implicit */
    WORDS("v_addc_u32 v3, vcc, 0, v3, vcc", 0x38060680u);
    /* VOP3a 0b110100 [31:26], op [25:16], clamp [15], abs [10:8], vdst [7:0]; neg [63:61],
     * omod [60:59], src2 [58:50], src1 [49:41], src0 [40:32]. v_add_f32's VOP3 opcode is
     * 0x100 + its VOP2 opcode. */
    WORDS("v_add_f32_e64 v1, -v2, |v3| clamp mul:2", 0xd1018201u, 0x28020702u);
    /* VOP1 in VOP3: 0x140 + op; VOPC in VOP3: the same opcode, the SGPR pair in vdst */
    WORDS("v_mov_b32_e64 v1, s2", 0xd1410001u, 0x00000002u);
    WORDS("v_cmp_eq_u32_e64 s[2:3], v1, 5", 0xd0ca0002u, 0x00010b01u);
    /* VOP3b: sdst [14:8] in the place of abs */
    WORDS("v_add_u32_e64 v1, s[4:5], v2, v3", 0xd1190401u, 0x00020702u);
    /* VOP3-only: v_mad_f32 0x1c1, three sources, div:2 (omod 3) */
    WORDS("v_mad_f32 v1, v2, v3, v4 div:2", 0xd1c10001u, 0x1c120702u);
}
END_TEST

START_TEST(memory_words)
{
    /* DS 0b110110 [31:26], op [24:17], gds [16], offset1 [15:8], offset0 [7:0]; vdst [63:56],
     * data1 [55:48], data0 [47:40], addr [39:32]. ds_read_b32 0x36, ds_write2_b32 0x0e. */
    WORDS("ds_read_b32 v1, v2 offset:16", 0xd86c0010u, 0x01000002u);
    WORDS("ds_write2_b32 v1, v2, v3 offset0:1 offset1:2", 0xd81c0201u, 0x00030201u);
    WORDS("ds_write_b32 v1, v2 offset:0x1234", 0xd81a1234u, 0x00000201u);
    /* FLAT 0b110111 [31:26], op [24:18], slc [17], glc [16]; vdst [63:56], data [47:40],
     * addr [39:32]. flat_load_dword 0x14, flat_atomic_add 0x42. */
    WORDS("flat_load_dword v1, v[2:3] glc slc", 0xdc530000u, 0x01000002u);
    WORDS("flat_atomic_add v1, v[2:3], v4 glc", 0xdd090000u, 0x01000402u);
    WORDS("flat_store_dword v[4:5], v7", 0xdc700000u, 0x00000704u);
}
END_TEST

START_TEST(buffer_and_extension_fields)
{
    /* MUBUF 0b111000 [31:26], op [24:18], slc [17], lds [16], glc [14], idxen [13], offen [12],
     * offset [11:0]; soffset [63:56], tfe [55], srsrc [52:48] = SGPR / 4, vdata, vaddr.
     * buffer_load_dword (0x14) v1, v2, s[4:7], s1 offen offset:12 glc slc */
    asm_buf_fields_t b = { .op = 0x14, .offset = 12, .offen = true, .glc = true, .slc = true, .vaddr = 2, .vdata = 1,
                           .srsrc = 4, .soffset = 1 };
    ck_assert_uint_eq(asm_encode_mubuf(&b), 0x01010102e052500cull);
    asm_buf_fields_t back;
    asm_decode_mubuf(0x01010102e052500cull, &back);
    ck_assert_int_eq(memcmp(&b, &back, sizeof b), 0);
    /* MTBUF 0b111010 [31:26], nfmt [25:23], dfmt [22:19], op [18:15]; slc [54] in the second word.
     * tbuffer_load_format_x (0) with BUF_DATA_FORMAT_32 (4), BUF_NUM_FORMAT_FLOAT (7), offen */
    asm_buf_fields_t t = { .op = 0, .offset = 12, .offen = true, .dfmt = 4, .nfmt = 7, .vaddr = 2, .vdata = 1,
                           .srsrc = 4, .soffset = 1 };
    ck_assert_uint_eq(asm_encode_mtbuf(&t), 0x01010102eba0100cull);
    asm_decode_mtbuf(0x01010102eba0100cull, &back);
    ck_assert_int_eq(memcmp(&t, &back, sizeof t), 0);
    /* SDWA word: src0 [7:0], dst_sel [10:8], dst_unused [12:11], src0_sel [18:16], src1_sel
     * [26:24]: v2, WORD_1 (5), UNUSED_PAD, BYTE_0, DWORD (6) */
    asm_sdwa_fields_t s = { .src0 = 2, .dst_sel = 5, .src0_sel = 0, .src1_sel = 6 };
    ck_assert_uint_eq(asm_encode_sdwa(&s), 0x06000502u);
    asm_sdwa_fields_t sb;
    asm_decode_sdwa(0x06000502u, &sb);
    ck_assert_int_eq(memcmp(&s, &sb, sizeof s), 0);
    /* DPP word: src0, dpp_ctrl [16:8] (quad_perm:[0,1,2,3] = 0xe4), bank_mask, row_mask */
    asm_dpp_fields_t d = { .src0 = 2, .dpp_ctrl = 0xe4, .bank_mask = 15, .row_mask = 15 };
    ck_assert_uint_eq(asm_encode_dpp(&d), 0xff00e402u);
    asm_dpp_fields_t db;
    asm_decode_dpp(0xff00e402u, &db);
    ck_assert_int_eq(memcmp(&d, &db, sizeof d), 0);
}
END_TEST

/* The decoder's message on `n` bytes. */
static void decode_fails(const uint8_t *bytes, size_t n, const char *want)
{
    asm_opcode_map_t *m = asm_opcode_map_create(ISA_TARGET_GFX803);
    isa_inst_t *v;
    uint32_t k;
    char err[256] = "";
    ck_assert_int_eq(asm_decode_code(m, bytes, n, &v, &k, err, sizeof err), 1);
    ck_assert_msg(strstr(err, want) != NULL, "message '%s' lacks '%s'", err, want);
    ck_assert_ptr_null(v);
    asm_opcode_map_free(m);
}

START_TEST(decode_errors)
{
    static const uint8_t nop_trap[] = { 0, 0, 0x80, 0xbf, 0, 0, 0x92, 0xbf };
    decode_fails(nop_trap, sizeof nop_trap, "byte offset 0x4: 's_trap' (SOPP opcode 0x12) is not in gcnsim's instruction table");
    static const uint8_t exp[] = { 0x0f, 0x00, 0x00, 0xc4, 0, 0, 0, 0 };
    decode_fails(exp, sizeof exp, "byte offset 0x0: 0xc400000f is a EXP");
    static const uint8_t mimg[] = { 0, 0, 0, 0xf0, 0, 0, 0, 0 };
    decode_fails(mimg, sizeof mimg, "MIMG (image memory) instruction: graphics-only, not simulated");
    static const uint8_t none[] = { 0, 0, 0, 0xfc };
    decode_fails(none, sizeof none, "0xfc000000 is not a gfx803 instruction");
    static const uint8_t unknown_vop2[] = { 0, 0, 0, 0x7a };
    decode_fails(unknown_vop2, sizeof unknown_vop2, "VOP2 opcode 0x3d is not a gfx803 instruction LLVM knows");
    static const uint8_t short_smem[] = { 0x41, 0x00, 0x02, 0xc0, 0x10 };
    decode_fails(short_smem, sizeof short_smem, "'s_load_dword' takes 8 bytes, only 5 left");
    static const uint8_t tail[] = { 0, 0, 0x81, 0xbf, 0x01 };
    decode_fails(tail, sizeof tail, "byte offset 0x4: 1 byte left");
    static const uint8_t lit_cut[] = { 0xff, 0x00, 0x81, 0xbe };
    decode_fails(lit_cut, sizeof lit_cut, "has a literal constant, but the code ends first");
    /* a branch into the literal of the next instruction */
    static const uint8_t into[] = { 0x01, 0x00, 0x82, 0xbf, 0xff, 0x00, 0x81, 0xbe, 0, 0, 0, 0 };
    decode_fails(into, sizeof into, "branches to byte offset 0x8, which is not the start of an instruction");
    /* SIMM16 set on an instruction without operands other than s_endpgm (s_barrier) */
    static const uint8_t barrier_imm[] = { 0x01, 0x00, 0x8a, 0xbf };
    decode_fails(barrier_imm, sizeof barrier_imm, "'s_barrier': its SIMM16 field is 0x1, but it takes no operand");
    static const uint8_t gds[] = { 0, 0, 0x6d, 0xd8, 2, 0, 0, 1 };
    decode_fails(gds, sizeof gds, "'ds_read_b32' with gds: graphics-only");
    /* s_mov_b32 ttmp0, s1 (a trap register); s_mov_b64 s[1:2], s[4:5] (misaligned);
     * v_mov_b32 v1, code 230 (reserved) */
    static const uint8_t ttmp[] = { 0x01, 0x00, 0xf0, 0xbe };
    decode_fails(ttmp, sizeof ttmp, "'s_mov_b32': operand code 112 (1 register) is not a register or constant");
    static const uint8_t misaligned[] = { 0x04, 0x01, 0x81, 0xbe };
    decode_fails(misaligned, sizeof misaligned, "operand code 1 (2 registers)");
    static const uint8_t reserved[] = { 0xe6, 0x02, 0x02, 0x7e };
    decode_fails(reserved, sizeof reserved, "operand code 230");
    /* s_load_dwordx16 s[96:111]: past s101 */
    static const uint8_t past[] = { 0x01, 0x18, 0x10, 0xc0, 0, 0, 0, 0 };
    decode_fails(past, sizeof past, "operand code 96 (16 registers)");
    /* An SDWA word with a reserved bit ([31:30]) set, a DPP word with an undefined dpp_ctrl (0x100). */
    static const uint8_t sdwa[] = { 0xf9, 0x06, 0x02, 0x02, 0x02, 0x05, 0x00, 0xc6 };
    decode_fails(sdwa, sizeof sdwa, "not a SDWA form of 'v_add_f32' that gfx803 has");
    static const uint8_t dpp[] = { 0xfa, 0x02, 0x02, 0x7e, 0x02, 0x00, 0x01, 0xff };
    decode_fails(dpp, sizeof dpp, "not a DPP form of 'v_mov_b32' that gfx803 has");
}
END_TEST

/* Random words: the decoder never fails badly; what it takes, the encoder writes again as an
 * instruction that decodes the same (fields the instruction does not use may differ). */
START_TEST(random_words)
{
    asm_opcode_map_t *m = asm_opcode_map_create(ISA_TARGET_GFX803);
    uint64_t x = 0x9e3779b97f4a7c15ull;
    unsigned taken = 0;
    for (int i = 0; i < 40000; i++) {
        uint8_t code[12];
        for (int b = 0; b < 12; b++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            code[b] = (uint8_t)x;
        }
        isa_inst_t in, again;
        char err[256];
        unsigned n = asm_decode_inst(m, code, sizeof code, 0, &in, err, sizeof err);
        if (!n) {
            ck_assert_msg(strncmp(err, "byte offset 0x0: ", 17) == 0, "%s", err);
            continue;
        }
        if (strchr(isa_ops[in.op].sig, 'L'))
            continue; /* a branch needs its kernel for the target */
        taken++;
        uint8_t out[ASM_ENCODE_MAX];
        ck_assert_msg(asm_encode_inst(m, NULL, &in, out, err, sizeof err) == n, "%s: %s", isa_ops[in.op].name, err);
        ck_assert_uint_eq(asm_decode_inst(m, out, n, 0, &again, err, sizeof err), n);
        char what[64];
        ck_assert_msg(asm_inst_same(&in, &again, what, sizeof what), "%s: the %s differs", isa_ops[in.op].name, what);
        char text[256];
        isa_format_inst(NULL, &in, text, sizeof text);
    }
    ck_assert_uint_gt(taken, 1000);
    asm_opcode_map_free(m);
}
END_TEST

/* An alias encodes as the name it stands for and decodes to that name. */
START_TEST(alias_and_listing)
{
    asm_opcode_map_t *m = asm_opcode_map_create(ISA_TARGET_GFX803);
    isa_program_t p = assemble("v_mul_lo_i32 v1, v2, v3\nv_mul_lo_u32 v1, v2, v3");
    uint8_t *code;
    char err[256];
    ck_assert_int_eq(asm_encode_kernel(m, &p.kernels[0], &code, err, sizeof err), 0);
    ck_assert_int_eq(memcmp(code, code + 8, 8), 0);
    ck_assert_uint_eq(word(code, 0), 0xd2850001u);
    isa_inst_t in;
    ck_assert_uint_eq(asm_decode_inst(m, code, 16, 0, &in, err, sizeof err), 8);
    ck_assert_uint_eq(in.op, ISA_v_mul_lo_u32);
    /* the llvm-mc layout of asm_print_encoding */
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    ck_assert_int_eq(asm_print_encoding(m, &p.kernels[0], f, err, sizeof err), 0);
    fclose(f);
    ck_assert_str_eq(out, "\tv_mul_lo_i32 v1, v2, v3                 ; encoding: [0x01,0x00,0x85,0xd2,0x02,0x07,0x02,0x00]\n"
                          "\tv_mul_lo_u32 v1, v2, v3                 ; encoding: [0x01,0x00,0x85,0xd2,0x02,0x07,0x02,0x00]\n");
    free(out);
    free(code);
    isa_program_free(&p);
    asm_opcode_map_free(m);
}
END_TEST

/* Machine code without labels lists its branches as llvm-objdump does, as offsets in dwords from
 * the next instruction, and s_endpgm with its immediate: text the assembler takes back. */
START_TEST(numeric_listing)
{
    asm_opcode_map_t *m = asm_opcode_map_create(ISA_TARGET_GFX803);
    static const uint8_t code[] = { 0x01, 0x00, 0x82, 0xbf, 0, 0, 0x80, 0xbf, 0xfd, 0xff, 0x84, 0xbf, 0x03, 0x00, 0x81, 0xbf };
    isa_inst_t *dec;
    uint32_t n;
    char err[256], line[64];
    ck_assert_msg(asm_decode_code(m, code, sizeof code, &dec, &n, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(n, 4);
    isa_kernel_t k;
    memset(&k, 0, sizeof k);
    k.insts = dec;
    k.ninsts = n;
    static const char *const want[] = { "s_branch 1", "s_nop 0", "s_cbranch_scc0 -3", "s_endpgm 3" };
    for (uint32_t i = 0; i < n; i++) {
        isa_format_inst(&k, &dec[i], line, sizeof line);
        ck_assert_str_eq(line, want[i]);
    }
    free(dec);
    asm_opcode_map_free(m);
}
END_TEST

/* Every table instruction has its opcode on a target (and every VOP1/VOP2/VOPC one its VOP3 opcode,
 * but for the documented exceptions): on each target that has it, and gfx803 or gfx9 has each. */
START_TEST(table_has_opcodes)
{
    bool somewhere[ISA_NUM_OPS] = { false };
    for (int t = 0; t < ISA_NUM_TARGETS; t++) {
        asm_opcode_map_t *m = asm_opcode_map_create((isa_target_t)t);
        for (int op = 0; op < ISA_NUM_OPS; op++) {
            if (!isa_op_on_target((isa_op_t)op, (isa_target_t)t))
                continue;
            somewhere[op] = true;
            /* gfx90a's VOP3-only v_mul_legacy_f32 (isa_op_has_e32_on) has its VOP3 opcode alone */
            ck_assert_msg(m->native[op] != ASM_OPCODE_NONE ||
                          (!isa_op_has_e32_on((isa_op_t)op, (isa_target_t)t) && m->vop3[op] != ASM_OPCODE_NONE),
                          "%s has no opcode", isa_ops[op].name);
            bool no_vop3 = op == ISA_v_readfirstlane_b32 || strchr(isa_ops[op].sig, 'K');
            if (isa_enc_has_e32(isa_ops[op].enc) && !no_vop3 && t == ISA_TARGET_GFX803)
                ck_assert_msg(m->vop3[op] != ASM_OPCODE_NONE, "%s has no VOP3 opcode", isa_ops[op].name);
        }
        asm_opcode_map_free(m);
    }
    for (int op = 0; op < ISA_NUM_OPS; op++)
        ck_assert_msg(somewhere[op], "%s exists on no target", isa_ops[op].name);
}
END_TEST

/* The map finds each opcode line's instruction by a search in name order: it must be exactly what
 * the plain linear look-up gives, unknown names included. */
START_TEST(line_ops_match_lookup)
{
    asm_opcode_map_t *m = asm_opcode_map_create(ISA_TARGET_GFX803);
    unsigned unknown = 0;
    for (size_t i = 0; i < asm_opcode_nlines; i++) {
        isa_op_t want = isa_lookup(asm_opcode_lines[i].name);
        ck_assert_msg(m->line_op[i] == want, "%s: %u, want %u", asm_opcode_lines[i].name, m->line_op[i], want);
        unknown += want == ISA_NUM_OPS;
    }
    ck_assert_uint_gt(unknown, 0); /* graphics-only lines exist, so the miss path is exercised */
    asm_opcode_map_free(m);
}
END_TEST

static Suite *encode_suite(void)
{
    Suite *s = suite_create("encode");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60); /* the random words under the sanitizers on a loaded machine */
    tcase_add_test(tc, scalar_words);
    tcase_add_test(tc, branch_words);
    tcase_add_test(tc, vector_words);
    tcase_add_test(tc, memory_words);
    tcase_add_test(tc, buffer_and_extension_fields);
    tcase_add_test(tc, decode_errors);
    tcase_add_test(tc, alias_and_listing);
    tcase_add_test(tc, numeric_listing);
    tcase_add_test(tc, random_words);
    tcase_add_test(tc, table_has_opcodes);
    tcase_add_test(tc, line_ops_match_lookup);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(encode_suite)
