/* unit.h: helpers shared by the Check unit tests. Instructions are built directly (no assembler)
 * so that semantics tests do not depend on the parser; a one-wave test machine with a small
 * flat memory and LDS runs them. Each test binary has its own main via UNIT_MAIN(suite). */
#ifndef GCNSIM_TESTS_UNIT_H
#define GCNSIM_TESTS_UNIT_H

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "isa_exec.h"

/* Operands. */
static inline isa_operand_t ut_v(unsigned r) { return (isa_operand_t){ (uint16_t)(ISA_VGPR_BASE + r), 1, 0, 0 }; }
static inline isa_operand_t ut_vr(unsigned r, unsigned n) { return (isa_operand_t){ (uint16_t)(ISA_VGPR_BASE + r), (uint8_t)n, 0, 0 }; }
static inline isa_operand_t ut_s(unsigned r) { return (isa_operand_t){ (uint16_t)r, 1, 0, 0 }; }
static inline isa_operand_t ut_sr(unsigned r, unsigned n) { return (isa_operand_t){ (uint16_t)r, (uint8_t)n, 0, 0 }; }
static inline isa_operand_t ut_vcc(void) { return (isa_operand_t){ ISA_REG_VCC_LO, 2, 0, 0 }; }
static inline isa_operand_t ut_exec(void) { return (isa_operand_t){ ISA_REG_EXEC_LO, 2, 0, 0 }; }
static inline isa_operand_t ut_lit(void) { return (isa_operand_t){ ISA_SRC_LITERAL, 1, 0, 0 }; }
static inline isa_operand_t ut_none(void) { return (isa_operand_t){ ISA_OPND_NONE, 0, 0, 0 }; }
/* Inline integer constant -16..64. */
static inline isa_operand_t ut_ic(int v) { return (isa_operand_t){ (uint16_t)(v >= 0 ? 128 + v : 192 - v), 1, 0, 0 }; }
static inline isa_operand_t ut_neg(isa_operand_t o) { o.neg = 1; return o; }
static inline isa_operand_t ut_abs(isa_operand_t o) { o.abs = 1; return o; }

static inline isa_inst_t ut_inst(isa_op_t op)
{
    isa_inst_t in;
    memset(&in, 0, sizeof in);
    in.op = (uint16_t)op;
    in.vdst = in.sdst = ut_none();
    for (int i = 0; i < ISA_MAX_SRCS; i++)
        in.src[i] = ut_none();
    in.e64 = isa_ops[op].enc == ISA_ENC_VOP3;
    return in;
}

/* A one-wave machine: 256 VGPRs, EXEC all ones, 64 KiB LDS, and a flat memory window of
 * UT_MEM_SIZE bytes at UT_MEM_BASE (other addresses are unmapped). */
enum { UT_MEM_SIZE = 1 << 16 };
#define UT_MEM_BASE 0x100000000ull

typedef struct {
    isa_wave_t w;
    isa_kernel_t k;
    isa_memory_t mem;
    uint32_t vgpr[256 * ISA_WAVE_SIZE];
    uint8_t lds[65536];
    uint8_t gmem[UT_MEM_SIZE];
} ut_machine_t;

static uint8_t *ut_translate(void *ctx, uint64_t addr, uint32_t size)
{
    ut_machine_t *m = ctx;
    if (addr < UT_MEM_BASE || addr + size > UT_MEM_BASE + UT_MEM_SIZE || addr + size < addr)
        return NULL;
    return m->gmem + (addr - UT_MEM_BASE);
}

/* The window of ut_translate with a hole at [UT_HOLE, UT_HOLE + 16): a span of lanes around it is not
 * mapped as one even when every access is, which takes the memory paths' lane-by-lane look-ups. */
enum { UT_HOLE = 2048 };
static inline uint8_t *ut_holed_translate(void *ctx, uint64_t addr, uint32_t size)
{
    uint64_t a = UT_MEM_BASE + UT_HOLE;
    if (addr < a + 16 && addr + size > a)
        return NULL;
    return ut_translate(ctx, addr, size);
}

static inline ut_machine_t *ut_machine_new(void)
{
    ut_machine_t *m = calloc(1, sizeof *m);
    m->w.vgpr = m->vgpr;
    m->w.nvgpr = 256;
    m->w.sreg[ISA_REG_EXEC_LO] = m->w.sreg[ISA_REG_EXEC_HI] = 0xffffffffu;
    m->w.sreg[ISA_REG_M0] = 0xffffffffu;
    isa_wave_set_mode(&m->w, 0x3c0); /* as the launch's default: f32 denormals flushed, IEEE, DX10 clamp */
    m->w.lds = m->lds;
    m->w.lds_size = sizeof m->lds;
    m->mem.ctx = m;
    m->mem.translate = ut_translate;
    m->w.mem = &m->mem;
    m->w.kernel = &m->k;
    return m;
}

/* Execute one instruction; returns the result (status, fault). */
static inline isa_exec_result_t ut_run(ut_machine_t *m, const isa_inst_t *in)
{
    isa_exec_result_t r;
    memset(&r, 0, sizeof r);
    m->w.pc = 0;
    isa_exec(&m->w, in, &r);
    return r;
}

static inline uint32_t *ut_vreg(ut_machine_t *m, unsigned r) { return m->vgpr + (size_t)r * ISA_WAVE_SIZE; }
static inline void ut_vset_all(ut_machine_t *m, unsigned r, uint32_t v)
{
    for (int l = 0; l < ISA_WAVE_SIZE; l++)
        ut_vreg(m, r)[l] = v;
}
static inline void ut_set_exec(ut_machine_t *m, uint64_t e)
{
    m->w.sreg[ISA_REG_EXEC_LO] = (uint32_t)e;
    m->w.sreg[ISA_REG_EXEC_HI] = (uint32_t)(e >> 32);
}
static inline uint32_t ut_fbits(float f) { uint32_t b; memcpy(&b, &f, 4); return b; }
static inline float ut_bitsf(uint32_t b) { float f; memcpy(&f, &b, 4); return f; }

#define UNIT_MAIN(suite_fn)                                              \
    int main(void)                                                       \
    {                                                                    \
        SRunner *sr = srunner_create(suite_fn());                        \
        srunner_run_all(sr, CK_NORMAL);                                  \
        int failed = srunner_ntests_failed(sr);                          \
        srunner_free(sr);                                                \
        return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;                \
    }

#endif
