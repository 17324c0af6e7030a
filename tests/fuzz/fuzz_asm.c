/* Fuzz target: the assembler (asm_assemble_buffer) on arbitrary text, then the disassembler on
 * every instruction of every kernel it accepts. Seeds: tests/fuzz/corpus/asm/. */
#include "fuzz_util.h"

#include "asm/asm.h"

/* Returns the assembler's error count (0: accepted), or -1 when the input was skipped. */
static int fuzz_asm_one(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return -1;
    FILE *diag = fuzz_sink();
    if (!diag)
        return -1;
    isa_program_t prog;
    int nerr = asm_assemble_buffer("fuzz.s", (const char *)data, size, ISA_TARGET_GFX803, &prog, diag);
    if (nerr == 0) {
        char buf[256];
        for (uint32_t k = 0; k < prog.nkernels; k++)
            for (uint32_t i = 0; i < prog.kernels[k].ninsts; i++)
                isa_format_inst(&prog.kernels[k], &prog.kernels[k].insts[i], buf, sizeof buf);
        isa_program_free(&prog);
    }
    fclose(diag);
    return nerr;
}

#ifndef FUZZ_NO_ENTRY
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_asm_one(data, size);
    return 0;
}
#endif
