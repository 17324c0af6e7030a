/* tlb: translation lookaside buffers and the page walk in time (tlb.h explains the model). */
#include "mem/tlb.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int tlb_init(tlb_t *t, uint32_t entries, uint32_t ways, uint64_t latency)
{
    memset(t, 0, sizeof *t);
    t->ways = ways;
    t->sets = entries / ways;
    t->latency = latency;
    t->e = calloc(entries, sizeof *t->e);
    return t->e ? 0 : 3;
}

void tlb_free(tlb_t *t)
{
    free(t->e);
    t->e = NULL;
}

bool tlb_lookup(tlb_t *t, uint64_t page, uint64_t at, uint64_t *ready)
{
    tlb_entry_t *set = &t->e[(size_t)(page % t->sets) * t->ways];
    for (uint32_t w = 0; w < t->ways; w++) {
        if (set[w].valid && set[w].page == page) {
            set[w].used = ++t->clock;
            uint64_t r = at + t->latency;
            *ready = set[w].ready > r ? set[w].ready : r;
            return true;
        }
    }
    return false;
}

void tlb_fill(tlb_t *t, uint64_t page, uint64_t ready)
{
    tlb_entry_t *set = &t->e[(size_t)(page % t->sets) * t->ways], *victim = &set[0];
    for (uint32_t w = 0; w < t->ways; w++) {
        if (!set[w].valid) {
            victim = &set[w];
            break;
        }
        if (set[w].used < victim->used)
            victim = &set[w];
    }
    *victim = (tlb_entry_t){ .page = page, .ready = ready, .used = ++t->clock, .valid = true };
}

int tlb_config_problems(const cfg_t *cfg, FILE *err)
{
    int n = 0;
    struct { const char *name; int64_t entries, ways; } lv[] = {
        { "tlb.l1", cfg->tlb_l1_entries, cfg->tlb_l1_ways }, { "tlb.l2", cfg->tlb_l2_entries, cfg->tlb_l2_ways },
    };
    for (size_t i = 0; i < sizeof lv / sizeof lv[0]; i++) {
        if (lv[i].entries % lv[i].ways != 0) {
            fprintf(err, "configuration: error: %s_entries = %" PRId64 " is not a multiple of %s_ways = %" PRId64 "\n",
                    lv[i].name, lv[i].entries, lv[i].name, lv[i].ways);
            n++;
        }
    }
    /* Its range starts at 4096, the largest l1v.line: a line request always lies in one page. */
    int64_t p = cfg->tlb_page_bytes;
    if (p & (p - 1)) {
        fprintf(err, "configuration: error: tlb.page_bytes = %" PRId64 " is not a power of two\n", p);
        n++;
    }
    return n;
}

int tlb_sys_init(tlb_sys_t *s, const cfg_t *cfg, uint32_t ncu)
{
    memset(s, 0, sizeof *s);
    s->ncu = ncu;
    s->page_shift = (unsigned)__builtin_ctzll((uint64_t)cfg->tlb_page_bytes);
    s->walk = (uint64_t)cfg->tlb_walk_latency;
    s->l1 = calloc(ncu, sizeof *s->l1);
    if (!s->l1)
        return 3;
    for (uint32_t i = 0; i < ncu; i++)
        if (tlb_init(&s->l1[i], (uint32_t)cfg->tlb_l1_entries, (uint32_t)cfg->tlb_l1_ways, (uint64_t)cfg->tlb_l1_latency))
            return 3;
    return tlb_init(&s->l2, (uint32_t)cfg->tlb_l2_entries, (uint32_t)cfg->tlb_l2_ways, (uint64_t)cfg->tlb_l2_latency);
}

void tlb_sys_free(tlb_sys_t *s)
{
    for (uint32_t i = 0; s->l1 && i < s->ncu; i++)
        tlb_free(&s->l1[i]);
    free(s->l1);
    tlb_free(&s->l2);
    memset(s, 0, sizeof *s);
}

uint64_t tlb_translate(tlb_sys_t *s, uint32_t cu, uint64_t page, uint64_t at, tlb_counts_t *c)
{
    tlb_t *l1 = &s->l1[cu];
    uint64_t ready;
    if (tlb_lookup(l1, page, at, &ready)) {
        c->l1_hits++;
        return ready;
    }
    c->l1_misses++;
    uint64_t at2 = at + l1->latency;
    if (tlb_lookup(&s->l2, page, at2, &ready)) {
        c->l2_hits++;
    } else {
        c->walks++;
        ready = at2 + s->l2.latency + s->walk;
        tlb_fill(&s->l2, page, ready);
    }
    tlb_fill(l1, page, ready);
    return ready;
}
