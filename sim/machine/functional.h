/* functional: the functional run of a launch (gcnsim run --functional): no time, every result in
 * place at issue (docs/architecture.md, "Execute at issue, results at completion"), workgroups one
 * after another. Needs: launch (the program, its waves and faults), base (interrupt). */
#ifndef GCNSIM_FUNCTIONAL_H
#define GCNSIM_FUNCTIONAL_H

#include "load/launch.h"

/* Run every workgroup of every dispatch, in order. Returns 0, 2 when the program faulted (L->fault),
 * or 128 + sig when a signal asked to stop (interrupt.h; looked at after each workgroup). */
int functional_run(launch_t *L);

#endif
