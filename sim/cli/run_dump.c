/* run_dump: gcnsim run's --dump and --dump-init, and the check that no output is an input (run_dump.h). */
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

bool run_outputs_check(const wl_workload_t *wl, const char *config_path, const run_output_t *outs, size_t nouts,
                       const run_dump_t *inits, size_t ninits, const run_dump_t *dumps, size_t ndumps)
{
    fio_files_t files;
    fio_files_init(&files);
    fio_files_input(&files, wl->path, "the workload file");
    fio_files_input(&files, wl->source, "the kernel source");
    fio_files_input(&files, config_path, "the configuration file");
    for (uint32_t i = 0; i < wl->nbuffers; i++)
        if (wl->buffers[i].file) {
            char what[WL_NAME_MAX + 40];
            snprintf(what, sizeof what, "buffer %s's init file", wl->buffers[i].name);
            fio_files_input(&files, wl->buffers[i].file, what);
        }
    bool ok = true;
    for (size_t i = 0; ok && i < nouts; i++)
        if (outs[i].path)
            ok = fio_files_output(&files, "gcnsim", outs[i].opt, outs[i].path, stderr);
    for (size_t i = 0; ok && i < ninits; i++)
        ok = fio_files_output(&files, "gcnsim", "--dump-init", inits[i].path, stderr);
    for (size_t i = 0; ok && i < ndumps; i++)
        ok = fio_files_output(&files, "gcnsim", "--dump", dumps[i].path, stderr);
    fio_files_free(&files);
    return ok;
}
