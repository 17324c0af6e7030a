/* sweep_list: a sweep's LIST (docs/cli.md, "gcnsim sweep"): one `gcnsim run` per line, its words,
 * its label (a `label=NAME` word, else the line number), the union of the lines' --set keys (the
 * CSV's columns for the whole sweep), a hash that names the LIST in shard parts, and the
 * deterministic split into shards. Needs: base (fileio). */
#ifndef GCNSIM_SWEEP_LIST_H
#define GCNSIM_SWEEP_LIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

enum {
    /* Shards of one sweep at most (Slurm's default MaxArraySize is 1001: task ids 1 to 1000). */
    SWEEP_MAX_SHARDS = 1000,
    SWEEP_DEFAULT_SHARDS = 100,
    /* The union of LIST's --set keys at most, in characters: every run gets it as one argument
     * (--csv-keys), and Linux refuses an argument over 128 KiB ("Argument list too long"). */
    SWEEP_KEYS_MAX = 65536,
};

typedef struct {
    int line;                  /* in LIST */
    int argc;
    char **argv;               /* "run", "--label", LABEL, ["--csv-keys", KEYS], then the line's words */
    pid_t pid;                 /* while it runs */
    int status;                /* the run's exit status; -1 until it ends */
} sweep_run_t;

typedef struct {
    const char *path;          /* LIST as given */
    sweep_run_t *runs;         /* in LIST order */
    size_t n, cap;
    char *keys;                /* the union of the --set keys, comma-separated in first order; NULL: none;
                                  every run's argv holds this one string (not a copy) */
    uint64_t hash;             /* sweep_list_hash */
} sweep_list_t;

/* Read LIST into *l, in time and memory linear in its size. Returns 0, or 1 after printing every
 * problem (PATH:LINE:COL: error: ...). */
int sweep_list_read(const char *path, sweep_list_t *l, FILE *err);
void sweep_list_free(sweep_list_t *l);

/* FNV-1a 64 over the --set columns (once), then every run's line number and its other arguments
 * (label included): two LISTs with the same hash give the same rows; comments and blank lines do
 * not count. */
uint64_t sweep_list_hash(const sweep_list_t *l);

/* Shard i (1 <= i <= n) of n holds the runs whose index in LIST order (from 0) is i-1 modulo n:
 * a round-robin split, so the lines of one kernel or one value, often next to each other in a
 * LIST, spread over the shards. */
static inline bool sweep_in_shard(size_t run_index, int shard, int nshards)
{
    return (int)(run_index % (size_t)nshards) == shard - 1;
}

/* Parse "I/N" (1 <= I <= N <= max). */
bool sweep_parse_shard(const char *text, int max, int *shard, int *nshards);

#endif
