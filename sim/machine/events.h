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
typedef enum { TEV_WAVE_STATE, TEV_ISSUE, TEV_WG_START, TEV_WG_END, TEV_CU_LIMITER, TEV_END, TEV_MEM } tev_kind_t;

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
    } u;
} tev_t;

typedef struct {
    void (*fn)(void *ctx, const tev_t *ev);
    void *ctx;
} tev_observer_t;

const char *tev_wave_state_name(tev_wave_state_t s);

#endif
