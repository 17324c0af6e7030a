/* tev: the typed event stream of the timing model. Components report what happened (a wave's
 * state changed, an instruction issued, a workgroup started or ended, a CU's dispatch limiter
 * changed); observers — the statistics (stats.h), the binary and text traces (trace.h) and the
 * progress line (progress.h) — consume it. The timing model keeps no statistics of its own.
 * Every event carries the exact cycle it describes. For one wave (or one CU's limiter) the cycles
 * never decrease; across waves an event may describe a cycle slightly before one already
 * reported (a wave becoming eligible is noticed at its SIMD's next issue slot). */
#ifndef GCNSIM_EVENTS_H
#define GCNSIM_EVENTS_H

#include <stdint.h>

#include "isa.h"
#include "machine/occupancy.h"

/* A wave's state, from the moment it takes a slot until the slot is free again. */
typedef enum {
    TEV_WAVE_LAUNCHING,  /* slot taken, registers being initialised */
    TEV_WAVE_ELIGIBLE,   /* its next instruction can issue as soon as it wins a slot and a unit */
    TEV_WAVE_NOINST,     /* no instruction yet: branch refetch, s_nop, s_sleep */
    TEV_WAVE_WAIT_VM,    /* s_waitcnt on vmcnt */
    TEV_WAVE_WAIT_LGKM,  /* s_waitcnt on lgkmcnt */
    TEV_WAVE_BARRIER,    /* at s_barrier */
    TEV_WAVE_DRAINING,   /* at s_endpgm, waiting for its memory operations */
    TEV_WAVE_HELD,       /* ended; its slot and registers wait for the workgroup (release=workgroup) */
    TEV_WAVE_GONE,       /* slot free */
    TEV_NUM_WAVE_STATES
} tev_wave_state_t;

/* A CU's dispatch situation, for the limiter counters. */
typedef enum {
    TEV_CU_FULL,         /* no free wave slot: nothing to charge */
    TEV_CU_REFUSED,      /* a free slot, but the next workgroup does not fit (resource says why) */
    TEV_CU_NO_WORK,      /* a free slot and no workgroup left */
    TEV_CU_LAUNCH_LIMITED, /* a free slot and the next workgroup would fit, but it has not been placed
                              here yet (the launcher is busy, or it went to another CU) */
    TEV_NUM_CU_STATES
} tev_cu_state_t;

/* TEV_MEM: a memory instruction's trip through the memory system, stamped with its issue cycle and
 * reported once all its lines are in the L1: right after its TEV_ISSUE, or later (out of cycle
 * order) when the address unit held some of them. u.mem.access is valid only during the callback. */
typedef enum { TEV_WAVE_STATE, TEV_ISSUE, TEV_WG_START, TEV_WG_END, TEV_CU_LIMITER, TEV_END, TEV_MEM,
               TEV_HAZARD } tev_kind_t;

/* ---- hazards (machine/hazard.h): TEV_HAZARD, one per finding (each execution of the instruction) --
 * The kinds' numbers are written in traces: add new ones at the end. */
typedef enum {
    TEV_HZ_VMCNT,          /* a register read or overwritten before a vector load wrote it */
    TEV_HZ_LGKMCNT,        /* the same for an LDS or scalar load (lgkmcnt) */
    TEV_HZ_LDS_RACE,       /* an LDS read of a word another wave wrote with no s_barrier between */
    TEV_HZ_WS_VMEM_SGPR,   /* wait states: VALU writes an SGPR, a VMEM instruction reads it (5) */
    TEV_HZ_WS_LANE_SELECT, /* VALU writes an SGPR, v_readlane/v_writelane's lane select reads it (4) */
    TEV_HZ_WS_DIV_FMAS,    /* VALU writes VCC, v_div_fmas reads it (4) */
    TEV_HZ_WS_GETREG,      /* s_setreg, then s_getreg of the same hardware register (2) */
    TEV_HZ_WS_SETREG,      /* s_setreg, then s_setreg of the same hardware register (2) */
    TEV_HZ_WS_DPP_VGPR,    /* VALU writes a VGPR, a DPP instruction reads it (2) */
    TEV_HZ_WS_DPP_EXEC,    /* VALU writes EXEC, a DPP instruction follows (5) */
    TEV_HZ_WS_STORE_DATA,  /* a store of more than 8 bytes, then a VALU write of its data VGPRs (1) */
    TEV_HZ_WS_M0_READ,     /* gfx9: the SALU writes M0, s_movrel / LDS DMA / ds_*_addtid reads it (1) */
    /* CDNA's MAI rows (hazard_mai.h; counts by target and passes) */
    TEV_HZ_WS_MAI_EXEC,    /* VALU writes EXEC, an MFMA (gfx908: or v_accvgpr_write) follows (4) */
    TEV_HZ_WS_MAI_VGPR,    /* VALU writes a VGPR, an MFMA (gfx908: or v_accvgpr_write) reads it (2) */
    TEV_HZ_WS_MFMA_SRCC,   /* an MFMA writes D, an MFMA reads an overlapping srcC */
    TEV_HZ_WS_MFMA_SRCAB,  /* an MFMA writes D, an MFMA reads it as srcA/srcB */
    TEV_HZ_WS_MFMA_READ,   /* an MFMA writes D, a VALU/memory instruction (v_accvgpr_read) reads it */
    TEV_HZ_WS_MFMA_WRITE,  /* an MFMA writes D, a VALU/memory instruction (v_accvgpr_write) writes it */
    TEV_HZ_WS_MFMA_WAR,    /* an MFMA reads srcC, a VALU/memory instruction (v_accvgpr_write) writes it */
    TEV_HZ_WS_ACC_WRITE,   /* gfx908: v_accvgpr_write writes an AGPR, an MFMA / v_accvgpr_read reads it
                              (or another v_accvgpr_write overwrites it: hazard.write) */
    TEV_HZ_WS_ACC_READ,    /* gfx908: v_accvgpr_read writes a VGPR, a memory instruction reads it (2) */
    TEV_HZ_WS_DGEMM_FMA64, /* gfx90a/940: an f64 MFMA, then v_fma_f64 / v_fmac_f64 (2) */
    TEV_HZ_WS_DOT_READ,    /* gfx90a/940: a v_dot* writes a VGPR, a VALU/memory instruction reads it (3) */
    TEV_HZ_WS_DOT_WRITE,   /* gfx90a/940: a v_dot* writes a VGPR, another VALU/memory instruction writes it (3) */
    TEV_HZ_WS_VALU_DGEMM_MEM, /* gfx90a: a VALU write, an f64 MFMA, a memory instruction reads the register (2) */
    TEV_HZ_WS_VALU_ACC_MEM, /* gfx908: a VALU write, v_accvgpr_read/write, a memory instruction reads it (1) */
    TEV_HZ_NUM_KINDS
} tev_hazard_kind_t;
#define TEV_HZ_NONE UINT32_MAX  /* hazard.have: no s_waitcnt between the load and the read */
typedef struct {
    uint8_t kind;           /* tev_hazard_kind_t */
    uint8_t write;          /* counters, accvgpr_write: the register was overwritten, not read */
    uint8_t stale;          /* counters: in this run the load had not returned (the old value was used) */
    uint16_t reg;           /* counters, wait states: the register (operand code: SGPR index or 256+VGPR) */
    uint32_t pc;            /* the instruction that has the hazard (workload-wide index) */
    uint32_t src_pc;        /* the load, the producer, or (race) the other wave's ds_write */
    uint32_t need, have;    /* counters: the count that covers it and the last s_waitcnt's (TEV_HZ_NONE);
                               wait states: required and present; race: 0 */
    uint32_t wait_pc;       /* counters: that s_waitcnt (when have != TEV_HZ_NONE) */
    uint32_t addr;          /* race: the LDS byte address */
    uint64_t other_wave;    /* race: the wave that wrote it */
} tev_hazard_t;
/* ---- end of hazards ---- */

struct mem_access;

typedef struct {
    tev_kind_t kind;
    uint64_t cycle;
    uint32_t cu, simd, slot;
    uint64_t wave;          /* wave id (global launch order) */
    uint64_t wg;            /* workgroup id (dispatch order) */
    union {
        tev_wave_state_t wave_state;
        struct {
            isa_unit_t unit;
            uint32_t op;        /* isa_op_t */
            uint32_t pc;        /* instruction index, workload-wide (launch_inst) */
            uint32_t busy;      /* VALU: cycles the SIMD is held */
            uint32_t mfma;      /* MFMA: cycles the SIMD's matrix core is held (0 otherwise;
                                   not in the trace) */
        } issue;
        struct {
            uint32_t waves;     /* TEV_WG_START: waves in the workgroup */
            uint32_t dispatch;  /* TEV_WG_START: index of its dispatch in the workload */
            uint32_t gid[3];    /* TEV_WG_START: its workgroup id in the grid (x, y, z) */
        } wg_info;
        struct {
            tev_cu_state_t state;
            occ_resource_t resource;  /* TEV_CU_REFUSED */
        } limiter;
        struct {
            uint32_t pc;                     /* instruction index, workload-wide (launch_inst) */
            const struct mem_access *access; /* memsys.h */
        } mem;
        const tev_hazard_t *hazard; /* TEV_HAZARD: valid only during the callback */
    } u;
} tev_t;

enum { TEV_NUM_KINDS = TEV_HAZARD + 1 };
#define TEV_BIT(kind) (1u << (kind))

/* TEV_ISSUE's fields that an observer's direct entry gets (tev_observer_t.issue). */
typedef struct {
    uint64_t cycle;
    uint32_t cu, simd, slot;
    uint32_t unit;             /* isa_unit_t */
    uint32_t pc;               /* as u.issue.pc */
    uint32_t busy;             /* as u.issue.busy */
    uint32_t mfma;             /* as u.issue.mfma */
} tev_issue_t;

/* An observer: fn gets the events (of the kinds it takes: timing_options_t.kinds), in order. */
typedef struct {
    void (*fn)(void *ctx, const tev_t *ev);
    void *ctx;
} tev_observer_t;

/* An observer's entry for TEV_ISSUE without the event (timing_options_t.issue): when that observer
 * is the only one taking TEV_ISSUE, the timing model calls it in fn's place and builds no event,
 * once per issued instruction (the statistics). It must account exactly as fn would. */
typedef void (*tev_issue_fn_t)(void *ctx, const tev_issue_t *is);
/* The same for TEV_WAVE_STATE (timing_options_t.state): the wave's place, its new state, the cycle. */
typedef void (*tev_state_fn_t)(void *ctx, uint32_t cu, uint32_t simd, uint32_t slot, tev_wave_state_t st,
                               uint64_t cycle);

const char *tev_wave_state_name(tev_wave_state_t s);

#endif
