/* intr: signals recorded, never acted on inside the handler (interrupt.h). */
#include "base/interrupt.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

/* The one process-wide variable of gcnsim (interrupt.h says why). */
static volatile sig_atomic_t caught_signal;

static const int handled[] = { SIGINT, SIGTERM, SIGHUP };

static void on_signal(int sig)
{
    if (caught_signal == sig) {
        /* Asked twice: the default action now (async-signal-safe: signal, raise). */
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    if (caught_signal == 0)
        caught_signal = sig;
}

void intr_install(void)
{
    for (size_t i = 0; i < sizeof handled / sizeof handled[0]; i++) {
        struct sigaction old;
        if (sigaction(handled[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
            continue; /* nohup or a shell's background job: keep ignoring it */
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = 0; /* no SA_RESTART: a blocking call returns EINTR so the caller can unwind */
        sigaction(handled[i], &sa, NULL);
    }
}

int intr_caught(void) { return (int)caught_signal; }

int intr_exit_status(int sig) { return 128 + sig; }

const char *intr_describe(int sig)
{
    switch (sig) {
    case SIGINT: return "interrupted (SIGINT)";
    case SIGTERM: return "terminated (SIGTERM)";
    case SIGHUP: return "hung up (SIGHUP)";
    default: return "stopped by a signal";
    }
}

void intr_child_setup(void)
{
    for (size_t i = 0; i < sizeof handled / sizeof handled[0]; i++) {
        struct sigaction old;
        if (sigaction(handled[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
            signal(handled[i], SIG_DFL);
    }
    setpgid(0, 0);
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
}

static void sleep_ms(int ms)
{
    struct timespec ts = { .tv_sec = ms / 1000, .tv_nsec = (long)(ms % 1000) * 1000000L };
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
    }
}

int intr_stop_child(pid_t pid, int grace_ms)
{
    if (pid <= 0)
        return -1;
    kill(-pid, SIGTERM);
    kill(pid, SIGTERM);
    int status = -1;
    for (int waited = 0;; waited += 10) {
        pid_t r = waitpid(pid, &status, WNOHANG);
        if (r == pid)
            break;
        if (r < 0 && errno != EINTR)
            return -1;
        if (waited >= grace_ms) {
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
            while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
            }
            break;
        }
        sleep_ms(10);
    }
    /* Whatever of its group outlived it (a compiler's own children) goes too. */
    kill(-pid, SIGKILL);
    return status;
}
