// AGPRs in a code object compiled by clang (tests/e2e/agpr.sh): inline assembly that writes a5 and
// reads it back makes LLVM allocate six AGPRs; its descriptor (gfx90a: ACCUM_OFFSET) and metadata
// (.agpr_count, .vgpr_count) must give gcnsim the counts LLVM printed.
__kernel void k(__global int *p)
{
    unsigned i = __builtin_amdgcn_workitem_id_x();
    int x = p[i], y;
    __asm__ volatile("v_accvgpr_write_b32 a5, %1\n v_accvgpr_read_b32 %0, a5" : "=v"(y) : "v"(x) : "a5");
    p[i] = y;
}
