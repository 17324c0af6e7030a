/* isa_doc: writes docs/isa.md from the instruction table (isa/isa.def), so the reference can never
 * drift from what the assembler and emulator implement. `make docs` regenerates it; `make test`
 * fails when the committed file differs from what this prints. */
#include <stdio.h>
#include <string.h>

#include "isa.h"

static const char *operand_words(const char *g)
{
    static const struct { const char *sig, *text; } words[] = {
        { "D", "vdst" }, { "D2", "vdst[2]" }, { "D3", "vdst[3]" }, { "D4", "vdst[4]" },
        { "S", "src" }, { "S2", "src64" }, { "I", "isrc" }, { "h", "src16" }, { "j", "isrc16" }, { "V", "vsrc" }, { "V2", "vsrc[2]" }, { "V3", "vsrc[3]" },
        { "V4", "vsrc[4]" }, { "d", "sdst" }, { "d2", "sdst[2]" }, { "d4", "sdst[4]" },
        { "d8", "sdst[8]" }, { "d16", "sdst[16]" }, { "s", "ssrc" }, { "s2", "ssrc64" }, { "s4", "ssrc[4]" },
        { "C", "mask-dst" }, { "c", "mask-src" }, { "A", "vaddr[2]" }, { "R", "vdst(glc)" },
        { "R2", "vdst[2](glc)" }, { "o", "offset" }, { "k", "simm16" }, { "K", "K32" }, { "K16", "K16" },
        { "L", "label" }, { "W", "counters" }, { "H", "hwreg" },
        { "M", "vaddr" }, { "T", "srsrc" }, { "O", "soffset" },
        { "G", "gpr_idx" },
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(words[i].sig, g) == 0)
            return words[i].text;
    return g;
}

static void print_sig(const char *sig)
{
    char buf[64];
    const char *p = sig;
    int first = 1;
    if (!*p) {
        fputs("—", stdout);
        return;
    }
    while (*p) {
        size_t n = strcspn(p, " ");
        if (n >= sizeof buf)
            n = sizeof buf - 1;
        memcpy(buf, p, n);
        buf[n] = 0;
        printf("%s%s", first ? "" : ", ", operand_words(buf));
        first = 0;
        p += n;
        while (*p == ' ')
            p++;
    }
}

static void print_notes(const isa_op_info_t *op)
{
    const char *sep = "";
    if (op->enc == ISA_ENC_VOP3P) { /* gfx9 (vop3p): the family's modifiers */
        printf("%s", isa_op_vop3p_mix((unsigned)(op - isa_ops)) ? "op_sel/op_sel_hi, neg/abs, clamp"
                                                              : "op_sel/op_sel_hi, neg_lo/neg_hi, clamp");
        return;
    }
    isa_op_t o = (isa_op_t)(op - isa_ops);
    if (isa_op_has_op_sel(o)) { /* gfx9's VOP3 op_sel (valu9) */
        printf("op_sel");
        sep = "; ";
    }
    if (op->rate == ISA_RATE_QUARTER) { printf("%squarter rate", sep); sep = "; "; }
    if (op->rate == ISA_RATE_F64_ADD) { printf("%sf64 add rate", sep); sep = "; "; }
    if (op->rate == ISA_RATE_F64) { printf("%sf64 multiply rate", sep); sep = "; "; }
    if (op->flags & ISA_FL_FLOAT) { /* VOP3b (a VOP3 with a lane-mask destination) has no abs */
        bool vop3b = op->enc == ISA_ENC_VOP3 && strchr(op->sig, 'C');
        const char *ty = op->flags & ISA_FL_F64 ? "f64" : strstr(op->name, "f16") ? "f16" : "f32";
        printf("%s%s (%s)", sep, ty, vop3b ? "neg/clamp/omod" : isa_op_has_op_sel(o) ? "neg/abs/clamp" : "neg/abs/clamp/omod");
        sep = "; ";
    }
    if (op->flags & ISA_FL_SAT) { printf("%sclamp saturates", sep); sep = "; "; }
    if (op->flags & ISA_FL_CMPX) { printf("%swrites EXEC", sep); sep = "; "; }
    if (op->flags & ISA_FL_VCC_IN) { printf("%sreads VCC", sep); sep = "; "; }
    if (op->flags & ISA_FL_MAC) { printf("%saccumulates into vdst", sep); sep = "; "; }
    if (op->flags & ISA_FL_ATOMIC) { printf("%satomic", sep); sep = "; "; }
    if (op->flags & ISA_FL_DUAL) { printf("%soffset0/offset1", sep); sep = "; "; }
    if (op->mem_bytes) { printf("%s%u B/lane", sep, op->mem_bytes); sep = "; "; }
    if (op->flags & ISA_FL_BUF_FORMAT) { printf("%sformat conversion", sep); sep = "; "; }
    if (op->flags & ISA_FL_NOOP) { printf("%sno-op: the state it changes is not modelled", sep); sep = "; "; }
    isa_op_t id = (isa_op_t)(op - isa_ops);
    if (isa_op_has_form(id, ISA_FORM_DPP)) { printf("%sSDWA, DPP", sep); sep = "; "; }
    else if (isa_op_has_form(id, ISA_FORM_SDWA)) { printf("%sSDWA", sep); sep = "; "; }
}

/* The targets that have op, with its name where a target spells it otherwise. */
static void print_targets(isa_op_t op)
{
    const char *sep = "";
    for (int t = 0; t < ISA_NUM_TARGETS; t++) {
        if (!isa_op_on_target(op, (isa_target_t)t))
            continue;
        const char *m = isa_op_mnemonic(op, (isa_target_t)t);
        printf("%s%s", sep, isa_target_name((isa_target_t)t));
        if (strcmp(m, isa_ops[op].name) != 0)
            printf(" (`%s`)", m);
        sep = ", ";
    }
    if (!*sep)
        fputs("—", stdout);
}

int main(void)
{
    static const char *const enc_title[ISA_NUM_ENCS] = {
        "SOP1 — scalar, one source", "SOP2 — scalar, two sources", "SOPC — scalar compares (write SCC)",
        "SOPK — scalar with a 16-bit immediate", "SOPP — program control", "SMEM — scalar memory",
        "VOP1 — vector, one source", "VOP2 — vector, two sources", "VOPC — vector compares",
        "VOP3 — vector, 64-bit encoding only", "FLAT — vector memory", "DS — local data share (LDS)",
        "MUBUF — buffer memory (untyped)", "MTBUF — buffer memory (typed: the format in the instruction)",
        "VOP3P — packed 16-bit math, mixed precision, dot products (gfx9)"
    };
    puts("# Instruction reference");
    puts("");
    puts("<!-- Generated by docs/gen/isa_doc.c from isa/isa.def: edit the table, then `make docs`. -->");
    puts("");
    printf("gcnsim implements %d GCN3 (gfx803) instructions: every compute instruction LLVM knows for gfx803\n",
           (int)ISA_NUM_OPS);
    puts("(`make table-check` proves it: tests/isa/scalar_coverage.sh, tests/isa/ds_coverage.sh,");
    puts("tests/isa/vector_coverage.sh), the graphics-only ones (MIMG, EXP, interpolation, GDS/GWS) being refused");
    puts("with their reason (isa/asm/asm_refused.def). Every one assembles with `llvm-mc -arch=amdgcn");
    puts("-mcpu=gfx803` in the same syntax and to the same bytes (`gcnsim asm --encoding`). The table below");
    puts("is generated from the single instruction table that also drives the assembler, the printer and");
    puts("the emulator. VOP1, VOP2 and VOPC instructions have a 32-bit (`_e32`) and a 64-bit (`_e64`, VOP3)");
    puts("form (not `v_readfirstlane_b32`, `v_madmk_*` and `v_madak_*`, which have one); those marked SDWA");
    puts("and DPP also the sub-dword and data-parallel forms (docs/asm.md).");
    puts("");
    puts("Operand words: `vdst` VGPR destination (`[n]`: a range of n registers), `src` any VALU source");
    puts("(VGPR, SGPR, inline constant or literal; `src64` a 64-bit one; `isrc` the integer operand of a float");
    puts("instruction, which takes no neg/abs; `src16` a 16-bit f16 source, bits [15:0], and `isrc16` a");
    puts("16-bit integer one, see docs/semantics-valu.md), `vsrc` VGPR only, `sdst`/`ssrc`");
    puts("scalar destination/source, `mask-dst` a lane mask (VCC in the `_e32` form, any SGPR pair in `_e64`),");
    puts("`mask-src` a lane-mask source (VCC in `_e32`), `vaddr[2]` a 64-bit FLAT address, `vdst(glc)` the");
    puts("returned value of an atomic, present exactly when `glc` is given, `offset` an SMEM byte offset");
    puts("(immediate or SGPR), `simm16` a 16-bit immediate, `K32` a 32-bit literal (`K16`: 16-bit), `counters` the");
    puts("`s_waitcnt` expression, `hwreg` a field of a hardware register: `hwreg(HW_REG_MODE, offset, size)`,");
    puts("`vaddr` a buffer address (`off`, or a VGPR or pair with `offen`/`idxen`), `srsrc` a buffer resource");
    puts("descriptor in four SGPRs, `soffset` the buffer's SGPR offset (an atomic's vsrc also receives the");
    puts("old value with `glc`), `gpr_idx` the VGPR index-mode mask: `gpr_idx(SRC0,SRC1,SRC2,DST)` (any");
    puts("subset) or 0..15.");
    puts("Units are the sequencer's issue categories (SEQ: handled without a unit).");
    puts("See docs/asm.md for the syntax and the rules the assembler enforces.");
    puts("The matrix instructions (`v_mfma_*`, `v_smfmac_*`): their shapes, the layout of their matrices in");
    puts("the lanes of their registers and their arithmetic are in docs/mfma.md.");
    puts("");
    puts("## Targets");
    puts("");
    puts("A program is code for one target: gfx803 (GCN3: Fiji, Polaris), gfx900 (Vega 10), gfx906");
    puts("(Vega 20), gfx908 (CDNA: MI100), gfx90a (CDNA2: MI200) or gfx942 (CDNA3: MI300). The `targets`");
    puts("column says which have each instruction, and under which name where a target spells it otherwise");
    puts("(gfx9 renamed gfx8's carry adds `v_add_co_u32` ... and its 16-bit mads `v_mad_legacy_f16` ...,");
    puts("giving the old names to new instructions). It is data, not a copy of the ISA per target: each");
    puts("target's opcode table (isa/isa_opcodes.def for gfx803, isa/isa_opcodes_TARGET.def for the others)");
    puts("is what llvm-mc knows for it (llvm-mc-15; llvm-mc-19 for gfx942, which LLVM 15 lacks;");
    puts("tests/isa/opcode_enum.sh, checked by `make table-check`), joined with this table by mnemonic");
    puts("through isa/isa_mnemonics.def. An instruction without an opcode on a target does not exist there:");
    puts("the assembler and the code object reader refuse it (docs/asm.md, \"Targets\").");
    puts("");
    for (int t = 0; t < ISA_NUM_TARGETS; t++) {
        int n = 0;
        for (int i = 0; i < ISA_NUM_OPS; i++)
            n += isa_op_on_target((isa_op_t)i, (isa_target_t)t);
        printf("%s%s: %d", t ? ", " : "Instructions per target: ", isa_target_name((isa_target_t)t), n);
    }
    puts(".");
    for (int e = 0; e < ISA_NUM_ENCS; e++) {
        printf("\n## %s\n\n", enc_title[e]);
        puts("| instruction | unit | operands | targets | notes |");
        puts("|---|---|---|---|---|");
        for (int i = 0; i < ISA_NUM_OPS; i++) {
            const isa_op_info_t *op = &isa_ops[i];
            if ((int)op->enc != e)
                continue;
            printf("| `%s` | %s | ", op->name, isa_unit_name(op->unit));
            print_sig(op->sig);
            fputs(" | ", stdout);
            print_targets((isa_op_t)i);
            fputs(" | ", stdout);
            print_notes(op);
            puts(" |");
        }
    }
    return 0;
}
