/* isa_exec: the wave's architectural state and the functional semantics (isa_exec) that apply one
 * instruction to a wave: the ISA's execution half, over the instruction table and the decoded
 * instructions of isa.h.
 * Needs: nothing from sim/. Global memory is reached through isa_memory_t, a translation callback
 * supplied by the caller, so the functional model never knows about timing. */
#ifndef GCNSIM_ISA_EXEC_H
#define GCNSIM_ISA_EXEC_H

#include "isa.h"

/* ---- The wave's architectural state ---------------------------------------------------------- */

typedef struct {
    void *ctx;
    /* Host pointer for [addr, addr+size) of global memory, or NULL if any byte is not mapped. */
    uint8_t *(*translate)(void *ctx, uint64_t addr, uint32_t size);
} isa_memory_t;

/* Where a memory instruction writes its destination registers instead of the wave's registers
 * (isa_wave_t.sink): the timing model's write-back (sim/machine/writeback.h) hands one to a load
 * whose results reach the registers only when its memory operation completes. VGPRs vreg ..
 * vreg+nv-1 go to data[(r - vreg) * 64 + lane], SGPR codes sreg .. sreg+ns-1 to data[nv * 64 +
 * (code - sreg)]; a destination outside these ranges is written to the registers. Writers read
 * nothing from it, so a lane they do not write keeps what the caller put there. */
typedef struct {
    uint32_t *data;
    uint16_t vreg, sreg;
    uint8_t nv, ns;
} isa_sink_t;

typedef struct isa_wave {
    uint32_t sreg[ISA_NUM_SREGS]; /* s0..s101, flat_scratch, xnack, vcc, ..., m0, exec */
    uint32_t *vgpr;               /* vgpr[r * 64 + lane], nvgpr registers */
    uint32_t nvgpr;
    /* CDNA's AGPRs: agpr[r * 64 + lane], nagpr registers (0 and NULL before CDNA). On gfx908 a file
     * of its own; on gfx90a and later the same allocation as the VGPRs, from accum_offset on. */
    uint32_t *agpr;
    uint32_t nagpr;
    uint32_t pc;                  /* index of the next instruction in kernel->insts */
    uint8_t scc;
    uint8_t flush_denorm_f32;     /* from the descriptor's float_denorm_mode_32 */
    uint8_t ieee_mode;
    /* The MODE hardware register (s_getreg/s_setreg): round [3:0], denormals [7:4] (f32 in
     * [5:4]), DX10 clamp [8], IEEE [9], ... Kept in step with flush_denorm_f32 and ieee_mode,
     * which the VALU reads, by isa_wave_set_mode. */
    uint32_t mode;
    const isa_kernel_t *kernel;
    uint64_t code_base;           /* address of the kernel entry, for s_getpc_b64 */
    uint8_t *lds;                 /* the workgroup's LDS allocation */
    uint32_t lds_size;
    const isa_memory_t *mem;
    /* ---- state added with the VOP3 extras (register indexing) ----
     * VGPR index mode (s_set_gpr_idx_on / s_set_gpr_idx_off): MODE.GPR_IDX_EN, MODE bit 27, kept
     * in step by isa_wave_set_mode. While set, the VGPR operands of VALU instructions selected by
     * M0[15:12] (src0, src1, src2, dst) are offset by M0[7:0] (exec_gpr_idx.c). */
    uint8_t gpr_idx_on;
    /* The count s_memtime and s_memrealtime return: *clock_src when the caller set that pointer
     * (the functional mode, which has no time: the number of wave instructions the launch has
     * executed so far), else `clock` (the timing model stores its current cycle before each
     * isa_exec). */
    uint64_t clock;
    const uint64_t *clock_src;
    /* The other hardware registers s_getreg reads (isa_hwreg_* above), set by the caller when the
     * wave starts: hw_id, gpr_alloc, lds_alloc and STATUS's fixed bits (status: IN_TG, VALID; SCC,
     * EXECZ and VCCZ are added at the read); ib_sts by the timing model before an s_getreg_b32
     * (0 in the functional mode: nothing is outstanding); trapsts by s_setreg. */
    uint32_t hw_id, gpr_alloc, lds_alloc, status, ib_sts, trapsts;
    /* NULL (the functional mode): memory instructions write their destinations to the registers.
     * Else set by the caller around one isa_exec: they write them to the sink (isa_sink_t). */
    const isa_sink_t *sink;
    /* The target the wave's code is for (its kernel's): where an instruction's behaviour differs
     * between targets, the semantics read it. */
    isa_target_t target;
} isa_wave_t;

/* The vector registers by one index (agpr): 0..255 the VGPRs, 256..511 CDNA's AGPRs (an operand's
 * code less ISA_VGPR_BASE, for both files), so that exec, the write-back and the hazard checker
 * read, write and track AGPRs as they do VGPRs. isa_wave_vreg: the 64 lanes of register `reg`;
 * isa_wave_vregs_in: whether [reg, reg + n) lies within the wave's VGPRs or within its AGPRs. */
static inline uint32_t *isa_wave_vreg(const isa_wave_t *w, uint32_t reg)
{
    return reg < 256 ? w->vgpr + (size_t)reg * ISA_WAVE_SIZE : w->agpr + (size_t)(reg - 256) * ISA_WAVE_SIZE;
}
static inline bool isa_wave_vregs_in(const isa_wave_t *w, uint32_t reg, uint32_t n)
{
    return reg < 256 ? reg + n <= w->nvgpr : reg - 256 + n <= w->nagpr;
}

static inline uint64_t isa_wave_exec(const isa_wave_t *w)
{
    return (uint64_t)w->sreg[ISA_REG_EXEC_LO] | ((uint64_t)w->sreg[ISA_REG_EXEC_HI] << 32);
}
static inline uint64_t isa_wave_vcc(const isa_wave_t *w)
{
    return (uint64_t)w->sreg[ISA_REG_VCC_LO] | ((uint64_t)w->sreg[ISA_REG_VCC_HI] << 32);
}

/* ---- Functional execution ---------------------------------------------------------------------- */

typedef enum {
    ISA_EXEC_OK,       /* executed; wave->pc advanced (or set by a branch) */
    ISA_EXEC_BARRIER,  /* s_barrier: pc advanced; the caller must hold the wave until release */
    ISA_EXEC_END,      /* s_endpgm */
    ISA_EXEC_FAULT     /* the program faulted; see fault_* (pc is left at the faulting inst) */
} isa_exec_status_t;

typedef enum {
    ISA_FAULT_NONE, ISA_FAULT_UNMAPPED, ISA_FAULT_LDS_BOUNDS, ISA_FAULT_MISALIGNED,
    ISA_FAULT_ILLEGAL
} isa_fault_kind_t;

/* What an executed instruction did, for the caller (timing, statistics, faults). A taken branch
 * (branch_taken) continues at instruction index `target`. For memory
 * instructions, addr[] holds each active lane's address (global byte address for FLAT/SMEM, LDS
 * byte offset for DS; DS read2/write2 record the first element), lanes = the active mask. */
typedef struct {
    isa_exec_status_t status;
    bool branch_taken;
    uint32_t target;           /* where a taken branch goes: in->target, or s_setpc/s_swappc's */
    isa_fault_kind_t fault;
    int fault_lane;            /* -1 when the fault is not lane-specific */
    uint64_t fault_addr;
    char fault_msg[160];
    uint64_t lanes;
    uint64_t addr[ISA_WAVE_SIZE];
    /* Bytes each lane's access spans in memory when that is not isa_ops' mem_bytes (the registers'
     * bytes): a buffer format access's element, from its format (1 for R8 in one 4-byte register);
     * 0 otherwise. */
    uint32_t elem_bytes;
} isa_exec_result_t;

/* Apply `in` (which must be wave->kernel->insts[wave->pc]) to the wave. */
void isa_exec(isa_wave_t *wave, const isa_inst_t *in, isa_exec_result_t *res);

/* Set the wave's MODE register and what the VALU reads from it (flush_denorm_f32, ieee_mode): the
 * one place that keeps the three in step, for the launch and for s_setreg. */
void isa_wave_set_mode(isa_wave_t *wave, uint32_t mode);

#endif
