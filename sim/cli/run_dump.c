/* run_dump: gcnsim run's --dump and --dump-init (run_dump.h). */
#include "cli/run_dump.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fileio.h"
#include "cli/cli.h"

bool run_dump_add(run_dump_t **v, size_t *n, const char *text, const char *opt)
{
    const char *eq = strchr(text, '=');
    if (!eq || eq == text || eq[1] == '\0') {
        fprintf(stderr, "gcnsim: %s expects NAME=PATH, got '%s'\n", opt, text);
        return false;
    }
    run_dump_t *nv = realloc(*v, (*n + 1) * sizeof **v);
    if (!nv)
        return false;
    *v = nv;
    char *name = malloc((size_t)(eq - text) + 1);
    if (!name)
        return false;
    memcpy(name, text, (size_t)(eq - text));
    name[eq - text] = '\0';
    nv[*n].name = name;
    nv[*n].path = eq + 1;
    ++*n;
    return true;
}

static int find_buf(const wl_workload_t *wl, const char *name)
{
    for (uint32_t i = 0; i < wl->nbuffers; i++)
        if (strcmp(wl->buffers[i].name, name) == 0)
            return (int)i;
    return -1;
}

bool run_dump_check(const wl_workload_t *wl, const run_dump_t *d, size_t n, const char *opt)
{
    for (size_t i = 0; i < n; i++)
        if (find_buf(wl, d[i].name) < 0) {
            const char *names[64];
            size_t nn = 0;
            for (uint32_t j = 0; j < wl->nbuffers && nn < 64; j++)
                names[nn++] = wl->buffers[j].name;
            const char *s = cli_suggest(d[i].name, names, nn);
            fprintf(stderr, "gcnsim: %s %s=...: the workload has no buffer '%s'", opt, d[i].name, d[i].name);
            if (s)
                fprintf(stderr, "; did you mean '%s'?\n", s);
            else
                fputc('\n', stderr);
            return false;
        }
    return true;
}

bool run_dump_write(const launch_t *L, const run_dump_t *d, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const launch_buffer_t *b = &L->bufs[find_buf(L->wl, d[i].name)];
        fio_out_t o;
        char msg[256];
        bool ok = fio_out_open(&o, d[i].path, msg, sizeof msg);
        if (ok) {
            fwrite(b->data, 1, (size_t)b->bytes, o.f); /* checked by the commit */
            ok = fio_out_commit(&o, msg, sizeof msg);
        }
        if (!ok) {
            fprintf(stderr, "gcnsim: cannot write buffer '%s' to '%s': %s\n", d[i].name, d[i].path, msg);
            return false;
        }
    }
    return true;
}
