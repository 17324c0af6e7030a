/* Fuzz target: the machine configuration loader (cfg_load_file over the defaults). The input is the
 * INI file up to its first NUL byte; each further NUL-separated piece is a `--set` override (at most
 * 8, applied with cfg_set). Then the cross-key checks and the effective-configuration printer run,
 * as `gcnsim run` does. Seeds: tests/fuzz/corpus/config/. */
#include "fuzz_util.h"

#include <string.h>

#include "config.h"


/* Returns the total error count (0: accepted), or -1 when the input was skipped. */
static int fuzz_config_one(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return -1;
    char *copy = malloc(size + 1);
    if (!copy)
        return -1;
    memcpy(copy, data, size);
    copy[size] = '\0';
    size_t file_len = strnlen(copy, size);

    char path[32];
    FILE *err = fuzz_sink();
    int nerr = -1;
    if (err && fuzz_write_temp(data, file_len, path) == 0) {
        cfg_t cfg;
        cfg_defaults(&cfg);
        nerr = cfg_load_file(&cfg, path, err);
        size_t nsets = 0;
        for (size_t pos = file_len + 1; pos < size && nsets < FUZZ_MAX_SETS; pos += strlen(copy + pos) + 1, nsets++)
            nerr += cfg_set(&cfg, copy + pos, err);
        if (nerr == 0)
            nerr = cfg_validate(&cfg, err);
        if (nerr == 0)
            cfg_dump(&cfg, err);
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
    fuzz_config_one(data, size);
    return 0;
}
#endif
