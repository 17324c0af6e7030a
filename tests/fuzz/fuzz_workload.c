/* Fuzz target: the workload loader (wl_load). The input is the INI file, then up to 8 `--set`
 * overrides, the pieces separated by two NUL bytes (fuzz_split_sets: a single NUL stays in the file),
 * so the override path and the NUL check are fuzzed too. On success every untyped argument's text is parsed as every scalar type and every
 * small buffer that needs no file is filled. Seeds: tests/fuzz/corpus/workload/. */
#include "fuzz_util.h"

#include <string.h>

#include "load/workload.h"

enum { FUZZ_MAX_FILL = 1 << 20 };

/* Exercise what the launcher would do with a loaded workload's values (wl_values.c). */
static void use_workload(const wl_workload_t *wl)
{
    char msg[256];
    for (uint32_t d = 0; d < wl->ndispatches; d++) {
        const wl_dispatch_t *wd = &wl->dispatches[d];
        for (uint32_t i = 0; i < wd->nargs; i++) {
            if (wd->args[i].kind != WL_ARG_SCALAR || wd->args[i].typed)
                continue;
            for (int t = 0; t < WL_NUM_TYPES; t++) {
                uint64_t bits;
                wl_parse_scalar((wl_type_t)t, wd->args[i].text, &bits, msg, sizeof msg);
            }
        }
    }
    for (uint32_t i = 0; i < wl->nbuffers; i++) {
        const wl_buffer_t *b = &wl->buffers[i];
        uint64_t bytes = b->count * wl_type_size(b->type);
        if (b->init == WL_INIT_FILE || b->count > FUZZ_MAX_FILL || bytes > FUZZ_MAX_FILL)
            continue;
        uint8_t *data = malloc(bytes ? bytes : 1);
        if (!data)
            continue;
        wl_buffer_fill(b, data, msg, sizeof msg);
        free(data);
    }
}

/* Returns wl_load's error count (0: accepted), or -1 when the input was skipped. */
static int fuzz_workload_one(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return -1;
    /* The file part and the overrides, each copied so that every piece is NUL-terminated. */
    char *copy = malloc(size + 1);
    if (!copy)
        return -1;
    memcpy(copy, data, size);
    copy[size] = '\0';
    const char *sets[FUZZ_MAX_SETS];
    size_t nsets;
    size_t file_len = fuzz_split_sets(copy, size, sets, &nsets);

    char path[32];
    FILE *err = fuzz_sink();
    int nerr = -1;
    if (err && fuzz_write_temp(data, file_len, path) == 0) {
        wl_workload_t wl;
        nerr = wl_load(path, sets, nsets, &wl, err);
        if (nerr == 0) {
            use_workload(&wl);
            wl_free(&wl);
        }
        unlink(path);
    }
    if (err)
        fclose(err);
    free(copy);
    return nerr;
}

#ifndef FUZZ_NO_ENTRY
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_workload_one(data, size);
    return 0;
}
#endif
