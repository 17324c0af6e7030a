/* intr: SIGINT, SIGTERM and SIGHUP as a request to stop (docs/cli.md, "Interruptions").
 *
 * gcnsim never cleans up inside a signal handler: the handler only records the signal, and every
 * long-running part (the simulation loop, a compiler or sweep child being waited for, a sweep's
 * scheduler) polls intr_caught() and unwinds through its ordinary exit path, so temporary files
 * and directories are removed and outputs are committed or aborted by the same code as on any
 * other error. System calls are not restarted (no SA_RESTART): a blocking waitpid() or read()
 * returns EINTR at once. A second signal of the same kind while the first is being handled ends
 * the process at once with the default action (the user insisted).
 *
 * The recorded signal is the one piece of process-wide mutable state in gcnsim: a signal handler
 * can reach nothing else. Owns: that flag. Needs: libc (POSIX sigaction). */
#ifndef GCNSIM_INTERRUPT_H
#define GCNSIM_INTERRUPT_H

#include <stdbool.h>
#include <sys/types.h>

/* Install the handlers for SIGINT, SIGTERM and SIGHUP (once, at the start of main). SIGPIPE stays
 * as it is. Signals ignored when gcnsim started (nohup, a background job) stay ignored. */
void intr_install(void);
/* The first signal received since intr_install (SIGINT, SIGTERM, SIGHUP), or 0 when none. */
int intr_caught(void);
/* The exit status a process stopped by signal sig reports by convention: 128 + sig. */
int intr_exit_status(int sig);
/* "interrupted (SIGINT)", "terminated (SIGTERM)", "hung up (SIGHUP)": for messages. */
const char *intr_describe(int sig);

/* In a child just after fork(), before exec: the default actions back (so the child can be stopped
 * by the signals gcnsim forwards), in a process group of its own (so that one kill(-pid) reaches the
 * compiler's own children too), and on Linux killed when gcnsim dies without cleaning up. */
void intr_child_setup(void);
/* Stop a child started with intr_child_setup and its process group: SIGTERM, a grace period of at
 * most grace_ms for it to exit, then SIGKILL; reaps it. Returns its wait status (or -1). */
int intr_stop_child(pid_t pid, int grace_ms);

#endif
