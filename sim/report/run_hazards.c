/* run_hazards: the hazard checker's findings as diagnostics, the report's section and the JSON
 * key (run_hazards.h). */
#include "report/run_hazards.h"

#include <inttypes.h>
#include <string.h>

#include "observe/json_out.h"
#include "observe/trace.h"

static void reg_name(uint16_t code, char *buf, size_t len)
{
    if (code >= ISA_AGPR_BASE && code != ISA_OPND_NONE) /* CDNA (agpr) */
        snprintf(buf, len, "a%u", code - ISA_AGPR_BASE);
    else if (code >= ISA_VGPR_BASE)
        snprintf(buf, len, "v%u", code - ISA_VGPR_BASE);
    else if (code <= ISA_SGPR_MAX)
        snprintf(buf, len, "s%u", code);
    else {
        static const struct { uint16_t code; const char *name; } names[] = {
            { ISA_REG_FLAT_SCRATCH_LO, "flat_scratch_lo" }, { ISA_REG_FLAT_SCRATCH_HI, "flat_scratch_hi" },
            { ISA_REG_XNACK_MASK_LO, "xnack_mask_lo" }, { ISA_REG_XNACK_MASK_HI, "xnack_mask_hi" },
            { ISA_REG_VCC_LO, "vcc_lo" }, { ISA_REG_VCC_HI, "vcc_hi" }, { ISA_REG_M0, "m0" },
            { ISA_REG_EXEC_LO, "exec_lo" }, { ISA_REG_EXEC_HI, "exec_hi" } };
        snprintf(buf, len, "ttmp%u", code >= 112 ? code - 112u : 0u);
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
            if (names[i].code == code)
                snprintf(buf, len, "%s", names[i].name);
    }
}

static const char *op_name(const launch_t *L, uint32_t pc)
{
    const isa_kernel_t *k = NULL;
    const isa_inst_t *in = launch_inst(L, pc, &k);
    if (!in)
        return "?";
    /* CDNA: the target's spelling (gfx942's v_mfma_f32_32x32x8_f16 ...); older targets keep isa.def's */
    return k && isa_target_cdna(k->target) ? isa_op_mnemonic(in->op, k->target) : isa_ops[in->op].name;
}

static uint32_t line_of(const launch_t *L, uint32_t pc)
{
    const isa_inst_t *in = launch_inst(L, pc, NULL);
    return in ? in->line : 0;
}

/* What the finding is, in one sentence (no location). */
static void describe(const launch_t *L, const tev_hazard_t *h, char *buf, size_t len)
{
    char reg[24];
    reg_name(h->reg, reg, sizeof reg);
    uint32_t src_line = line_of(L, h->src_pc);
    const char *src = op_name(L, h->src_pc);
    switch ((tev_hazard_kind_t)h->kind) {
    case TEV_HZ_VMCNT:
    case TEV_HZ_LGKMCNT: {
        const char *ctr = h->kind == TEV_HZ_VMCNT ? "vmcnt" : "lgkmcnt";
        char why[96];
        if (h->have == TEV_HZ_NONE)
            snprintf(why, sizeof why, "no s_waitcnt since it");
        else
            snprintf(why, sizeof why, "the s_waitcnt at line %" PRIu32 " allows %s(%" PRIu32 ")",
                     line_of(L, h->wait_pc), ctr, h->have);
        snprintf(buf, len, "%s %s before the %s at line %" PRIu32 " has written it (%s; %s(%" PRIu32
                 ") before this instruction covers it)%s", h->write ? "overwrites" : "reads", reg, src, src_line,
                 why, ctr, h->need, h->stale ? "; in this run it read the old value" : "");
        break;
    }
    case TEV_HZ_LDS_RACE:
        snprintf(buf, len, "reads LDS address 0x%" PRIx32 ", which wave %" PRIu64 " of the workgroup wrote (%s at line %"
                 PRIu32 ") with no s_barrier between: a race", h->addr, h->other_wave, src, src_line);
        break;
    default: {
        static const char *const what[] = {
            [TEV_HZ_WS_VMEM_SGPR] = "reads %s, written by the VALU instruction %s at line %" PRIu32,
            [TEV_HZ_WS_LANE_SELECT] = "takes its lane select from %s, written by the VALU instruction %s at line %" PRIu32,
            [TEV_HZ_WS_DIV_FMAS] = "reads VCC (%s), written by the VALU instruction %s at line %" PRIu32,
            [TEV_HZ_WS_GETREG] = "reads a hardware register%.0s that the %s at line %" PRIu32 " wrote",
            [TEV_HZ_WS_SETREG] = "writes a hardware register%.0s that the %s at line %" PRIu32 " wrote",
            [TEV_HZ_WS_DPP_VGPR] = "(DPP) reads %s, written by the VALU instruction %s at line %" PRIu32,
            [TEV_HZ_WS_DPP_EXEC] = "(DPP) follows a VALU write of EXEC (%s) by %s at line %" PRIu32,
            [TEV_HZ_WS_STORE_DATA] = "overwrites %s, data of the %s at line %" PRIu32 " (a store of more than 8 bytes)",
            [TEV_HZ_WS_M0_READ] = "reads %s, written by the SALU instruction %s at line %" PRIu32,
            [TEV_HZ_WS_MAI_EXEC] = "(MFMA) follows a VALU write of EXEC (%s) by %s at line %" PRIu32,
            [TEV_HZ_WS_MAI_VGPR] = "(MFMA) reads %s, written by the VALU instruction %s at line %" PRIu32,
            [TEV_HZ_WS_MFMA_SRCC] = "reads %s as srcC, part of the D of the %s at line %" PRIu32,
            [TEV_HZ_WS_MFMA_SRCAB] = "reads %s as srcA/srcB, written by the %s at line %" PRIu32,
            [TEV_HZ_WS_MFMA_READ] = "reads %s, written by the %s at line %" PRIu32,
            [TEV_HZ_WS_MFMA_WRITE] = "overwrites %s, written by the %s at line %" PRIu32,
            [TEV_HZ_WS_MFMA_WAR] = "overwrites %s, which the %s at line %" PRIu32 " reads as srcC",
            [TEV_HZ_WS_ACC_WRITE] = "reads %s, written by the %s at line %" PRIu32,
            [TEV_HZ_WS_ACC_READ] = "reads %s, written by the %s at line %" PRIu32,
            [TEV_HZ_WS_DGEMM_FMA64] = "follows the f64 MFMA %.0s%s at line %" PRIu32,
            [TEV_HZ_WS_DOT_READ] = "reads %s, written by the %s at line %" PRIu32,
            [TEV_HZ_WS_DOT_WRITE] = "overwrites %s, written by the %s at line %" PRIu32,
            [TEV_HZ_WS_VALU_DGEMM_MEM] = "reads %s, written by the VALU instruction %s at line %" PRIu32
                                         " with an f64 MFMA after it",
            [TEV_HZ_WS_VALU_ACC_MEM] = "reads %s, written by the VALU instruction %s at line %" PRIu32
                                       " with a v_accvgpr_read/write after it",
        };
        char head[200];
        if (h->kind == TEV_HZ_WS_ACC_WRITE && h->write) /* v_accvgpr_write after v_accvgpr_write */
            snprintf(head, sizeof head, "overwrites %s, written by the %s at line %" PRIu32, reg, src, src_line);
        else if (h->kind < TEV_HZ_NUM_KINDS && what[h->kind])
            snprintf(head, sizeof head, what[h->kind], reg, src, src_line);
        else
            snprintf(head, sizeof head, "hazard of unknown kind %u", h->kind);
        uint32_t missing = h->need > h->have ? h->need - h->have : 0;
        const isa_kernel_t *k = NULL;
        launch_inst(L, h->pc, &k); /* the rows are its kernel's target's (hazard.c) */
        if (k && missing > 8) { /* only the MAI rows need more than one s_nop can give */
            snprintf(buf, len, "%s: %" PRIu32 " wait state%s of the %" PRIu32 " %s needs (%" PRIu32 " more: s_nop 7 "
                     "adds 8)", head, h->have, h->have == 1 ? "" : "s", h->need, isa_target_name(k->target), missing);
            break;
        }
        snprintf(buf, len, "%s: %" PRIu32 " wait state%s of the %" PRIu32 " %s needs (s_nop %" PRIu32
                 " before it adds %" PRIu32 ")", head, h->have, h->have == 1 ? "" : "s", h->need,
                 !k || k->target == ISA_TARGET_GFX803 ? "gfx8" : isa_target_cdna(k->target) ? isa_target_name(k->target)
                 : "gfx9", missing ? missing - 1 : 0, missing);
        break;
    }
    }
}

static void location(const launch_t *L, uint32_t pc, const isa_kernel_t **k, const isa_inst_t **in, char *text, size_t len)
{
    *k = NULL;
    *in = launch_inst(L, pc, k);
    text[0] = '\0';
    if (*in)
        isa_format_inst(*k, *in, text, len);
}

void run_hazards_diagnostics(const hzlog_t *g, const char *severity, FILE *out)
{
    for (uint32_t i = 0; i < g->n; i++) {
        const hzlog_entry_t *e = &g->e[i];
        const isa_kernel_t *k;
        const isa_inst_t *in;
        char text[160], msg[512];
        location(g->L, e->h.pc, &k, &in, text, sizeof text);
        describe(g->L, &e->h, msg, sizeof msg);
        fprintf(out, "%s:%" PRIu32 ":%" PRIu32 ": %s: %s [%s]\n", g->L->wl->source, in ? in->line : 0, in ? in->col : 0,
                severity, msg, trace_hazard_kind_name(e->h.kind));
        fprintf(out, "    %s    (kernel %s, PC 0x%" PRIx32 "; first: wave %" PRIu64 ", workgroup %" PRIu64 ", cycle %"
                PRIu64 "; %" PRIu64 " time%s)\n", text, k ? k->name : "?", in ? in->pc : 0, e->wave, e->wg, e->cycle,
                e->count, e->count == 1 ? "" : "s");
    }
}

void run_hazards_print(const hzlog_t *g, FILE *out)
{
    if (!g || g->n == 0)
        return;
    uint64_t total = 0;
    for (uint32_t i = 0; i < g->n; i++)
        total += g->e[i].count;
    fprintf(out, "hazards       %" PRIu32 " instruction%s, %" PRIu64 " time%s (docs/architecture.md, data hazards)\n",
            g->n, g->n == 1 ? "" : "s", total, total == 1 ? "" : "s");
    run_hazards_diagnostics(g, "hazard", out);
}

void run_hazards_json(const hzlog_t *g, jout_t *j)
{
    if (!g || g->n == 0)
        return;
    jout_key(j, "hazards");
    jout_array(j, JOUT_WRAP | JOUT_CLOSE);
    for (uint32_t i = 0; i < g->n; i++) {
        const hzlog_entry_t *e = &g->e[i];
        const isa_kernel_t *k;
        const isa_inst_t *in;
        char text[160], msg[512], reg[24];
        location(g->L, e->h.pc, &k, &in, text, sizeof text);
        describe(g->L, &e->h, msg, sizeof msg);
        reg_name(e->h.reg, reg, sizeof reg);
        jout_object(j, 0);
        jout_kstr(j, "kind", trace_hazard_kind_name(e->h.kind));
        jout_kstr(j, "kernel", k ? k->name : "?");
        jout_ku64(j, "pc", in ? in->pc : 0);
        jout_ku64(j, "line", in ? in->line : 0);
        jout_kstr(j, "instruction", text);
        jout_ku64(j, "producer_line", line_of(g->L, e->h.src_pc));
        jout_ku64(j, "wave", e->wave);
        jout_ku64(j, "workgroup", e->wg);
        jout_ku64(j, "cycle", e->cycle);
        jout_ku64(j, "count", e->count);
        bool no_reg = e->h.kind == TEV_HZ_LDS_RACE || e->h.kind == TEV_HZ_WS_GETREG || e->h.kind == TEV_HZ_WS_SETREG ||
                      e->h.kind == TEV_HZ_WS_DGEMM_FMA64;
        jout_kstr(j, "register", no_reg ? NULL : reg);
        jout_ku64(j, "need", e->h.need);
        jout_key(j, "have");
        if (e->h.have == TEV_HZ_NONE)
            jout_null(j);
        else
            jout_u64(j, e->h.have);
        jout_kbool(j, "stale", e->h.stale);
        jout_key(j, "other_wave");
        if (e->h.kind == TEV_HZ_LDS_RACE)
            jout_u64(j, e->h.other_wave);
        else
            jout_null(j);
        jout_kstr(j, "message", msg);
        jout_end(j);
    }
    jout_end(j);
}
