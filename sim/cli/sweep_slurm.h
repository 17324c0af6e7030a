/* sweep_slurm: a sweep as a Slurm array job (`gcnsim sweep LIST --slurm --csv FILE`): the sbatch
 * script (one array task per shard, each `gcnsim sweep LIST --shard I/N --csv PART --resume` with
 * this executable's absolute path), its submission with sbatch, and with --wait the report of the
 * tasks that did not finish and the merge. Everything lives in FILE.slurm/ (docs/cluster.md).
 * Nothing of the simulator runs here; Slurm runs the tasks. Needs: sweep_part, sweep_list. */
#ifndef GCNSIM_SWEEP_SLURM_H
#define GCNSIM_SWEEP_SLURM_H

#include "cli/sweep_part.h"

typedef struct {
    bool on, wait, resume;
    long array_size;           /* 0: the default */
    const char *partition, *time;
} sweep_slurm_opts_t;

/* Returns the exit status of the command (0, 1 on a problem, or the first failed run's). */
int sweep_slurm(const sweep_list_t *l, const char *self, const char *csv, const sweep_slurm_opts_t *o);

#endif
