/* run_pc: the per-instruction records' output (run_pc.h): each row names its instruction by its
 * byte PC and its text. */
#include "report/run_pc.h"

#include "observe/json_out.h"
#include "observe/stats_dist.h"

#include <inttypes.h>
#include <string.h>

static const isa_inst_t *inst_at(const launch_t *L, uint32_t i) { return launch_inst(L, i, NULL); }

/* The instruction's text; with several kernels prefixed by its kernel's name, since byte PCs repeat. */
static void format_inst(const launch_t *L, uint32_t i, char *buf, size_t len)
{
    const isa_kernel_t *k;
    const isa_inst_t *in = launch_inst(L, i, &k);
    if (!in) {
        snprintf(buf, len, "?");
        return;
    }
    size_t at = 0;
    if (L->nkernels > 1) {
        snprintf(buf, len, "%s: ", k->name);
        at = strlen(buf);
    }
    isa_format_inst(k, in, buf + at, len - at);
}

static uint32_t byte_pc(const launch_t *L, uint32_t i)
{
    const isa_inst_t *in = inst_at(L, i);
    return in ? in->pc : 0;
}

/* The s_waitcnt instructions that were executed or waited on, for the by-PC latency table. */
static bool is_wait_row(const stats_pc_t *pc, const launch_t *L, uint32_t i)
{
    const isa_inst_t *in = inst_at(L, i);
    return pc[i].waited > 0 || (in && in->op == ISA_s_waitcnt && pc[i].execs > 0);
}

static bool is_pc_row(const stats_pc_t *pc, uint32_t i)
{
    if (pc[i].execs)
        return true;
    for (int k = 0; k < STATS_NUM_SLOT_KINDS; k++)
        if (pc[i].slots[k])
            return true;
    return false;
}

/* ---- text report ------------------------------------------------------------------------------- */

void run_pc_print_waits(const stats_pc_t *pc, uint32_t npc, const launch_t *L, FILE *out)
{
    char text[128];
    for (uint32_t i = 0; i < npc; i++)
        if (is_wait_row(pc, L, i)) {
            format_inst(L, i, text, sizeof text);
            fprintf(out, "  pc 0x%04" PRIx32 "  %-28s waited %" PRIu64 " slots, %.1f%% hidden\n", byte_pc(L, i),
                    text, pc[i].waited, 100.0 * stats_ratio(pc[i].hidden, pc[i].waited));
        }
}

void run_pc_print_table(const stats_pc_t *pc, uint32_t npc, const launch_t *L, FILE *out)
{
    char text[128];
    fprintf(out, "per instruction (avg: mean cycles from its issue to the wave's next issue or its end; then the wave's\n"
            "  issue slots by kind until then; mem lat: mean issue-to-data cycles of a memory instruction)\n");
    fprintf(out, "  %6s %10s %8s", "pc", "execs", "avg");
    for (int k = 0; k < STATS_NUM_SLOT_KINDS; k++)
        fprintf(out, " %10.10s", stats_slot_kind_keys[k]);
    fprintf(out, " %9s  instruction\n", "mem lat");
    for (uint32_t i = 0; i < npc; i++) {
        if (!is_pc_row(pc, i))
            continue;
        const stats_pc_t *p = &pc[i];
        format_inst(L, i, text, sizeof text);
        fprintf(out, "  0x%04" PRIx32 " %10" PRIu64 " %8.2f", byte_pc(L, i), p->execs, stats_ratio(p->cycles, p->execs));
        for (int k = 0; k < STATS_NUM_SLOT_KINDS; k++)
            fprintf(out, " %10" PRIu64, p->slots[k]);
        if (p->mem_count)
            fprintf(out, " %9.1f", stats_ratio(p->mem_latency, p->mem_count));
        else
            fprintf(out, " %9s", "-");
        fprintf(out, "  %s\n", text);
    }
}

/* ---- JSON -------------------------------------------------------------------------------------- */

void run_pc_json_waits(const stats_pc_t *pc, uint32_t npc, const launch_t *L, jout_t *j)
{
    char text[128];
    jout_array(j, JOUT_WRAP | JOUT_CLOSE);
    for (uint32_t i = 0; i < npc; i++) {
        if (!is_wait_row(pc, L, i))
            continue;
        format_inst(L, i, text, sizeof text);
        jout_object(j, 0);
        jout_ku64(j, "pc", byte_pc(L, i));
        jout_ku64(j, "index", i);
        jout_ku64(j, "waited", pc[i].waited);
        jout_ku64(j, "hidden", pc[i].hidden);
        jout_kf6(j, "hidden_fraction", stats_ratio(pc[i].hidden, pc[i].waited));
        jout_kstr(j, "instruction", text);
        jout_end(j);
    }
    jout_end(j);
}

void run_pc_json_table(const stats_pc_t *pc, uint32_t npc, const launch_t *L, jout_t *j)
{
    char text[128];
    jout_key(j, "per_pc");
    jout_array(j, JOUT_WRAP | JOUT_CLOSE);
    for (uint32_t i = 0; i < npc; i++) {
        if (!is_pc_row(pc, i))
            continue;
        const stats_pc_t *p = &pc[i];
        format_inst(L, i, text, sizeof text);
        jout_object(j, 0);
        jout_ku64(j, "pc", byte_pc(L, i));
        jout_ku64(j, "index", i);
        jout_ku64(j, "executions", p->execs);
        jout_kf6(j, "avg_cycles", stats_ratio(p->cycles, p->execs));
        jout_key(j, "slots");
        jout_object(j, 0);
        for (int k = 0; k < STATS_NUM_SLOT_KINDS; k++)
            jout_ku64(j, stats_slot_kind_keys[k], p->slots[k]);
        jout_end(j);
        jout_key(j, "mem_latency");
        if (p->mem_count)
            jout_f6(j, stats_ratio(p->mem_latency, p->mem_count));
        else
            jout_null(j);
        jout_kstr(j, "instruction", text);
        jout_end(j);
    }
    jout_end(j);
}

uint64_t run_pc_buffer_bytes(const stats_pc_t *pc, uint32_t npc, const launch_t *L)
{
    uint64_t n = 0;
    for (uint32_t i = 0; i < npc; i++) {
        if (!pc[i].mem_bytes)
            continue;
        const isa_kernel_t *k;
        isa_op_t op = launch_inst(L, i, &k)->op;
        isa_enc_t e = isa_ops[op].enc;
        /* gfx9's scratch_ instructions too: clang-19 spills through them on gfx942 (architected
         * flat scratch), where the other targets' code uses buffer instructions. */
        if (e == ISA_ENC_MUBUF || e == ISA_ENC_MTBUF || (e == ISA_ENC_FLAT && isa_flat_seg(op) == ISA_SEG_SCRATCH))
            n += pc[i].mem_bytes;
    }
    return n;
}
