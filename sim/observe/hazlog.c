/* hazlog: the hazard checker's findings, once per instruction and kind (hazlog.h). */
#include "observe/hazlog.h"

#include <stdlib.h>
#include <string.h>


void hzlog_init(hzlog_t *g, const launch_t *L)
{
    memset(g, 0, sizeof *g);
    g->L = L;
}

void hzlog_free(hzlog_t *g)
{
    free(g->e);
    memset(g, 0, sizeof *g);
}

void hzlog_observe(void *ctx, const tev_t *ev)
{
    hzlog_t *g = ctx;
    if (ev->kind != TEV_HAZARD)
        return;
    const tev_hazard_t *h = ev->u.hazard;
    /* Kept in instruction order, then kind (the order every output lists them in): a handful. */
    uint32_t at = 0;
    for (; at < g->n; at++) {
        const tev_hazard_t *e = &g->e[at].h;
        if (e->pc == h->pc && e->kind == h->kind) {
            g->e[at].count++;
            return;
        }
        if (e->pc > h->pc || (e->pc == h->pc && e->kind > h->kind))
            break;
    }
    if (g->n == g->cap) {
        uint32_t cap = g->cap ? 2 * g->cap : 16;
        hzlog_entry_t *p = realloc(g->e, cap * sizeof *p);
        if (!p) {
            g->oom = true;
            return;
        }
        g->e = p;
        g->cap = cap;
    }
    memmove(&g->e[at + 1], &g->e[at], (g->n - at) * sizeof *g->e);
    g->e[at] = (hzlog_entry_t){ *h, ev->wave, ev->wg, ev->cycle, 1 };
    g->n++;
}

