/* FLAT dword loads and stores on their fast paths (whole span mapped as one: loads straight into
 * the destination rows, stores lane by lane from the data rows; full EXEC without mask tests)
 * against a plain per-lane reference, and the same accesses through a memory with a hole, which
 * takes the general lane-by-lane path: random addresses (unaligned, overlapping), random EXEC. */
#include "unit.h"

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static const struct { isa_op_t op; unsigned ndw; bool load; } ops[] = {
    { ISA_flat_load_dword, 1, true },    { ISA_flat_load_dwordx2, 2, true },
    { ISA_flat_load_dwordx3, 3, true },  { ISA_flat_load_dwordx4, 4, true },
    { ISA_flat_store_dword, 1, false },  { ISA_flat_store_dwordx2, 2, false },
    { ISA_flat_store_dwordx3, 3, false }, { ISA_flat_store_dwordx4, 4, false },
};

static void run_case(uint64_t *s, bool holed)
{
    ut_machine_t *m = ut_machine_new();
    if (holed)
        m->mem.translate = ut_holed_translate;
    for (size_t i = 0; i < UT_MEM_SIZE; i++)
        m->gmem[i] = (uint8_t)rng_next(s);
    for (unsigned r = 2; r < 16; r++)
        for (int l = 0; l < ISA_WAVE_SIZE; l++)
            ut_vreg(m, r)[l] = (uint32_t)rng_next(s);
    int k = (int)(rng_next(s) % (sizeof ops / sizeof ops[0]));
    uint64_t pick = rng_next(s) % 4;
    uint64_t exec = pick == 0 ? ~0ull : pick == 1 ? rng_next(s) : pick == 2 ? 1ull << (rng_next(s) % 64) : 0;
    /* Around the hole when holed (its lanes avoid the hole itself), else anywhere: a narrow window
     * makes lanes overlap, unaligned. */
    uint64_t base = UT_MEM_BASE + (holed ? UT_HOLE + 16 : rng_next(s) % (UT_MEM_SIZE - 512));
    uint64_t window = rng_next(s) % 2 ? 64 : 400;
    for (int l = 0; l < ISA_WAVE_SIZE; l++) {
        uint64_t a = base + rng_next(s) % window;
        if (holed && l % 2)
            a = UT_MEM_BASE + UT_HOLE - 16 - rng_next(s) % 64;
        ut_vreg(m, 0)[l] = (uint32_t)a;
        ut_vreg(m, 1)[l] = (uint32_t)(a >> 32);
    }
    ut_set_exec(m, exec);
    isa_inst_t in = ut_inst(ops[k].op);
    in.src[0] = ut_vr(0, 2);
    if (ops[k].load)
        in.vdst = ut_vr(8, ops[k].ndw);
    else
        in.src[1] = ut_vr(4, ops[k].ndw);

    /* The reference on copies: lanes in order, dwords in order, little-endian. */
    static uint8_t mem[UT_MEM_SIZE];
    static uint32_t vgpr[16 * ISA_WAVE_SIZE];
    memcpy(mem, m->gmem, sizeof mem);
    memcpy(vgpr, m->vgpr, sizeof vgpr);
    for (int l = 0; l < ISA_WAVE_SIZE; l++) {
        if (!(exec >> l & 1))
            continue;
        uint64_t a = (uint64_t)vgpr[l] | (uint64_t)vgpr[ISA_WAVE_SIZE + l] << 32;
        uint8_t *p = mem + (a - UT_MEM_BASE);
        for (unsigned i = 0; i < ops[k].ndw; i++) {
            if (ops[k].load) {
                uint32_t v = 0;
                for (int b = 0; b < 4; b++)
                    v |= (uint32_t)p[4 * i + (unsigned)b] << (8 * b);
                vgpr[(8 + i) * ISA_WAVE_SIZE + (unsigned)l] = v;
            } else {
                uint32_t v = vgpr[(4 + i) * ISA_WAVE_SIZE + (unsigned)l];
                for (int b = 0; b < 4; b++)
                    p[4 * i + (unsigned)b] = (uint8_t)(v >> (8 * b));
            }
        }
    }
    isa_exec_result_t res = ut_run(m, &in);
    ck_assert_int_eq(res.status, ISA_EXEC_OK);
    ck_assert_msg(memcmp(mem, m->gmem, sizeof mem) == 0, "%s (exec %016llx, holed %d): memory differs",
                  isa_ops[ops[k].op].name, (unsigned long long)exec, holed);
    ck_assert_msg(memcmp(vgpr, m->vgpr, sizeof vgpr) == 0, "%s (exec %016llx, holed %d): VGPRs differ",
                  isa_ops[ops[k].op].name, (unsigned long long)exec, holed);
    ck_assert(res.lanes == exec);
    for (int l = 0; l < ISA_WAVE_SIZE; l++) {
        uint64_t a = (uint64_t)vgpr[l] | (uint64_t)vgpr[ISA_WAVE_SIZE + l] << 32;
        ck_assert(res.addr[l] == ((exec >> l & 1) ? a : 0));
    }
    free(m);
}

START_TEST(flat_dwords_match_reference)
{
    uint64_t s = 4242;
    for (int i = 0; i < 3000; i++)
        run_case(&s, i % 4 == 3);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("flat_fast");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, flat_dwords_match_reference);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)
