/* launch: a workload's kernel dispatches in the functional simulator.
 *
 * Owns: the global memory (code, AQL dispatch packets, kernarg segments, buffers), the layout of
 * each dispatch's kernel arguments (matched against the kernel's .amdgpu_metadata when it has some),
 * the AMDHSA kernel entry state of each wave, and the functional run loop: dispatches in file order,
 * workgroups in row-major order, each workgroup's waves run until they end or reach s_barrier,
 * barriers release when every wave of the workgroup has arrived. Faults stop the run.
 * Instructions are numbered per kernel (isa_inst_t index); statistics and traces use one numbering
 * over every kernel the workload runs: kernel i's instructions start at kernels[i].inst_base.
 * Needs: isa (program, isa_exec), gmem, wl (the validated workload), kprogram (each dispatch's kernel).
 * A launch_t holds all state of a simulation (no globals) and must not be moved or copied after
 * launch_prepare, because its memory's translate callback points into it. */
#ifndef GCNSIM_LAUNCH_H
#define GCNSIM_LAUNCH_H

#include "mem/gmem.h"
#include "isa_exec.h"
#include "load/workload.h"

/* The runaway detector (docs/architecture.md, "Faults"): without --max-instructions a run has no
 * cap on its instructions; it faults when no workgroup has finished for a window of wave
 * instructions scaled with the launch: LAUNCH_WAVE_ALLOWANCE(kernel) instructions per wave that can
 * be resident at once (a workgroup's waves in the functional run, the machine's in the timing run).
 * Per wave: at least 2^20, or 4096 times the largest kernel's instruction count. */
#define LAUNCH_MIN_WAVE_ALLOWANCE (1ull << 20)
#define LAUNCH_ALLOWANCE_PER_INST 4096ull

typedef struct {
    uint64_t max_instructions; /* a hard cap on the run's wave instructions; 0: none (the detector) */
    uint64_t mem_limit;        /* bytes of global memory; 0: GMEM_DEFAULT_LIMIT */
    isa_target_t target;       /* the machine's (gpu.target): a kernel for another is refused */
} launch_options_t;

typedef enum {
    LAUNCH_FAULT_NONE,
    LAUNCH_FAULT_EXEC,     /* isa_exec reported a fault (isa_fault says which) */
    LAUNCH_FAULT_LIMIT,    /* --max-instructions exceeded */
    LAUNCH_FAULT_PC,       /* the wave ran past the last instruction */
    LAUNCH_FAULT_CYCLES    /* the timing run passed --max-cycles */
} launch_fault_kind_t;

typedef struct {
    launch_fault_kind_t kind;
    isa_fault_kind_t isa_fault;
    char msg[200];
    uint32_t dispatch; /* index into L->dispatches */
    uint32_t wg[3];
    uint32_t wave;     /* index within the workgroup */
    int lane;          /* -1 when not lane-specific */
    uint32_t inst;     /* index of the instruction in the dispatch's kernel */
    uint64_t addr;     /* the faulting address of an unmapped access (isa_fault ISA_FAULT_UNMAPPED) */
} launch_fault_t;

typedef struct {
    uint64_t addr;
    uint8_t *data;     /* host storage inside the gmem region */
    uint64_t bytes;
} launch_buffer_t;

/* A distinct kernel of the workload (several dispatches may run the same one). */
typedef struct {
    const isa_kernel_t *kernel;
    uint64_t code_addr;         /* its entry (s_getpc_b64 and the dispatch packet point here) */
    uint32_t inst_base;         /* its first instruction in the workload-wide numbering */
} launch_kernel_t;

typedef struct {
    const wl_dispatch_t *wl;
    const isa_kernel_t *kernel;
    uint32_t kernel_index;      /* into L->kernels */
    uint64_t code_addr, dispatch_addr, kernarg_addr;
    uint32_t kernarg_bytes;     /* bytes of arguments laid out (explicit + hidden) */
    uint32_t lds_static, lds_total;
    uint32_t nvgpr;             /* VGPRs allocated per wave */
    /* CDNA (agpr): AGPRs per wave, and the vector registers a wave's storage holds (launch_wave_init's
     * `vgpr`): nvgpr before CDNA; gfx908 nvgpr + nagpr (the AGPR file after the VGPRs); gfx90a and
     * later accum_offset + nagpr (the unified file, AGPRs from accum_offset) */
    uint32_t nagpr, nvreg;
    uint32_t wg_count[3];       /* workgroups per dimension (partial ones included) */
    uint64_t nworkgroups;
} launch_dispatch_t;

typedef struct {
    const wl_workload_t *wl;
    gmem_t mem;
    launch_buffer_t *bufs;      /* one per wl->buffers[i] */
    launch_dispatch_t *dispatches; /* one per wl->dispatches[i] */
    uint32_t ndispatches;
    launch_kernel_t *kernels;   /* at most one per dispatch (allocated by launch_prepare) */
    uint32_t nkernels;
    uint32_t ninsts;            /* instructions of every kernel (the workload-wide numbering) */
    uint64_t nworkgroups;       /* of every dispatch */
    uint64_t max_instructions;  /* the hard cap; UINT64_MAX: none */
    uint64_t stall_window;      /* the runaway detector's window (launch_set_stall_window); 0: off */
    uint64_t progress_at;       /* insts_total when a workgroup last finished (or the run began) */
    /* Statistics of the run. */
    uint64_t workgroups_run, waves_run;
    uint64_t insts_total;
    uint64_t insts_per_unit[ISA_NUM_UNITS];
    launch_fault_t fault;
    /* The private segment (launch_scratch.c): one area per wave slot, mapped when a kernel needs
     * scratch (scratch_slots 0 otherwise). */
    uint64_t scratch_addr, scratch_bytes, scratch_wave_bytes;
    uint32_t scratch_slots;
    isa_target_t target;        /* the machine's (launch_options_t.target) */
} launch_t;

/* Resolve each dispatch's kernel, map memory, fill buffers, lay out arguments and dispatch packets. Errors
 * go to err ("file:line: error: ..."). Returns 0, 1 (bad input) or 3 (internal error); on failure
 * everything is already released. */
int launch_prepare(launch_t *L, const wl_workload_t *wl, const isa_program_t *prog,
                   const launch_options_t *opt, FILE *err);

/* Print the fault as "SOURCE:LINE: fault: KIND: message" plus the kernel, workgroup, wave, lane, PC
 * and instruction. */
void launch_print_fault(const launch_t *L, FILE *out);

/* Arm the runaway detector for `resident_waves` waves that can run at once: the window becomes
 * resident_waves x max(LAUNCH_MIN_WAVE_ALLOWANCE, LAUNCH_ALLOWANCE_PER_INST x the largest kernel's
 * instruction count), saturating. No effect with a hard cap (--max-instructions). */
void launch_set_stall_window(launch_t *L, uint64_t resident_waves);

/* Whether the next instruction would break a limit: the hard cap, or the detector's window since
 * progress_at. Returns 0, or LAUNCH_FAULT_LIMIT with the message in msg (n bytes). */
int launch_check_limit(const launch_t *L, char *msg, size_t n);

void launch_free(launch_t *L);

/* Set up a wave of dispatch D's workgroup `wgid` with the kernel entry state. `wave` is its index in
 * the workgroup; `wgsize` the workgroup's actual (possibly partial) size; vgpr must hold D->nvreg * 64
 * words; lds is the workgroup's allocation (D->lds_total bytes). Exposed for the unit tests. */
void launch_wave_init(const launch_t *L, const launch_dispatch_t *D, isa_wave_t *w, uint32_t *vgpr, uint8_t *lds,
                      const uint32_t wgid[3], const uint32_t wgsize[3], uint32_t wave);

/* The same, for a wave that runs in wave slot `slot` (which chooses its scratch area): the timing
 * model numbers slots across the machine; launch_wave_init uses the wave's index in the workgroup. */
void launch_wave_init_slot(const launch_t *L, const launch_dispatch_t *D, isa_wave_t *w, uint32_t *vgpr, uint8_t *lds,
                           const uint32_t wgid[3], const uint32_t wgsize[3], uint32_t wave, uint32_t slot);

/* ---- The private segment (launch_scratch.c) ---- */
#define LAUNCH_SCRATCH_LANE_MAX (128u * 1024u) /* private bytes per work-item: 8 MiB per wave */
#define LAUNCH_FUNCTIONAL_SLOTS 16u            /* waves of the largest workgroup (1024 work-items) */
/* False, with a message, when kernel k's private segment is larger than gcnsim allows. */
bool launch_scratch_check(const isa_kernel_t *k, char *msg, size_t len);
/* Map the scratch region for `slots` wave slots (nothing when no kernel uses scratch or the region
 * already has as many). Returns 0, or 1 with a message on err. */
int launch_scratch_map(launch_t *L, uint32_t slots, FILE *err);
typedef struct {
    uint32_t rsrc[4];        /* private segment buffer V# */
    uint32_t flat_init[2];   /* flat scratch init: offset, bytes per lane */
    uint32_t wave_offset;    /* private segment wavefront offset */
} launch_scratch_sgprs_t;
/* What a wave of dispatch D in wave slot `slot` receives in its scratch SGPRs. */
void launch_scratch_entry(const launch_t *L, const launch_dispatch_t *D, uint32_t slot, launch_scratch_sgprs_t *s);

/* Record a fault in L->fault (the timing model shares this with the functional run). Returns 2. */
int launch_record_fault(launch_t *L, launch_fault_kind_t kind, uint32_t dispatch, const uint32_t wg[3], uint32_t wave,
                        uint32_t inst, int lane, const char *msg);

/* The actual size of workgroup `id` of dispatch D (the last one in a dimension may be partial). */
void launch_wg_size(const launch_dispatch_t *D, const uint32_t id[3], uint32_t size[3]);

/* The largest VGPR and LDS allocations of any dispatch (for buffers reused across dispatches). */
uint32_t launch_max_nvgpr(const launch_t *L); /* the largest nvreg: a wave's vector register storage */
uint32_t launch_max_lds(const launch_t *L);

/* The instruction `global` of the workload-wide numbering, with its kernel; NULL when out of range. */
const isa_inst_t *launch_inst(const launch_t *L, uint32_t global, const isa_kernel_t **kernel);

/* The fault's kind in words, e.g. "unmapped address" or "instruction limit". */
const char *launch_fault_name(const launch_fault_t *f);

/* Where an unmapped address lies, for fault messages: "256 bytes past the end of buffer 'in'
 * (u32[256], 0x200000000..0x2000003fc)", "... before the start of ...", or another region by name. */
void launch_describe_address(const launch_t *L, uint64_t addr, char *buf, size_t n);

#endif
