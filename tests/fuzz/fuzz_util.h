/* Shared helpers of the fuzz targets (tests/fuzz/fuzz_*.c) and of their regression replays
 * (tests/unit/test_fuzz_regressions.c, which includes the targets with FUZZ_NO_ENTRY defined so
 * that it replays exactly the code the fuzzer ran). Nothing here writes outside /tmp. */
#ifndef GCNSIM_FUZZ_UTIL_H
#define GCNSIM_FUZZ_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* Inputs above this size are skipped: they only slow the fuzzer down and bound each run's work. */
enum { FUZZ_MAX_INPUT = 64 * 1024 };

/* At most this many `--set` overrides follow an INI input. */
enum { FUZZ_MAX_SETS = 8 };

/* An INI target's input: the file, then up to FUZZ_MAX_SETS `--set` overrides, the pieces separated
 * by two NUL bytes. A single NUL stays in the file, so the loaders' NUL check is fuzzed too (an
 * override ends at its first NUL, as a command-line argument would). `copy` is the input with a NUL
 * appended; returns the file's length, with sets pointing into copy. */
static inline size_t fuzz_split_sets(const char *copy, size_t size, const char **sets, size_t *nsets)
{
    size_t at[FUZZ_MAX_SETS + 1], n = 0; /* where each separator starts */
    for (size_t i = 0; i + 1 < size && n < FUZZ_MAX_SETS + 1; i++)
        if (copy[i] == '\0' && copy[i + 1] == '\0') {
            at[n++] = i;
            i++;
        }
    *nsets = 0;
    for (size_t k = 0; k < n && *nsets < FUZZ_MAX_SETS; k++)
        sets[(*nsets)++] = copy + at[k] + 2;
    return n ? at[0] : size;
}

/* Write data to a fresh file /tmp/gcnsim-fuzz-XXXXXX (the loaders read files); path receives its
 * name. Returns 0, or -1 when /tmp is unusable (the input is then skipped). The caller unlinks. */
static inline int fuzz_write_temp(const uint8_t *data, size_t size, char path[32])
{
    snprintf(path, 32, "/tmp/gcnsim-fuzz-XXXXXX");
    int fd = mkstemp(path);
    if (fd < 0)
        return -1;
    size_t done = 0;
    while (done < size) {
        ssize_t n = write(fd, data + done, size - done);
        if (n <= 0) {
            close(fd);
            unlink(path);
            return -1;
        }
        done += (size_t)n;
    }
    close(fd);
    return 0;
}

/* A stream that discards what is written to it: the loaders' diagnostics (printing them is part of
 * what is fuzzed, so they are not turned off). NULL when /dev/null cannot be opened. */
static inline FILE *fuzz_sink(void)
{
    return fopen("/dev/null", "w");
}

#endif
