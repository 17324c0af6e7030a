/* Fuzz target: the machine configuration loader (cfg_load_file over the defaults). The input is the
 * INI file, then up to 8 `--set` overrides (applied with cfg_set), the pieces separated by two NUL
 * bytes (fuzz_split_sets: a single NUL stays in the file). Then the cross-key checks and the
 * effective-configuration printer run, as `gcnsim run` does. Seeds: tests/fuzz/corpus/config/. */
#include "fuzz_util.h"

#include <string.h>

#include "config/config.h"
#include "mem/memsys.h"


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
    const char *sets[FUZZ_MAX_SETS];
    size_t nsets;
    size_t file_len = fuzz_split_sets(copy, size, sets, &nsets);

    char path[32];
    FILE *err = fuzz_sink();
    int nerr = -1;
    if (err && fuzz_write_temp(data, file_len, path) == 0) {
        cfg_t cfg;
        cfg_defaults(&cfg);
        nerr = cfg_load_file(&cfg, path, err);
        for (size_t i = 0; i < nsets; i++)
            nerr += cfg_set(&cfg, sets[i], err);
        if (nerr == 0)
            nerr = cfg_validate(&cfg, err) + mem_config_problems(&cfg, err);
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
