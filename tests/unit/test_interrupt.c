/* test_interrupt: a signal is recorded, not acted on (the caller unwinds); a second one of the same
 * kind ends the process; a child started with intr_child_setup is stopped with its whole group. */
#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/interrupt.h"
#include "unit.h"

START_TEST(records_first_signal)
{
    intr_install();
    ck_assert_int_eq(intr_caught(), 0);
    raise(SIGTERM);
    ck_assert_int_eq(intr_caught(), SIGTERM);
    raise(SIGINT); /* a different signal later does not replace the first */
    ck_assert_int_eq(intr_caught(), SIGTERM);
    ck_assert_int_eq(intr_exit_status(SIGINT), 130);
    ck_assert_str_eq(intr_describe(SIGTERM), "terminated (SIGTERM)");
}
END_TEST

START_TEST(second_signal_of_same_kind_ends_process)
{
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        intr_install();
        raise(SIGINT);
        if (intr_caught() != SIGINT)
            _exit(3);
        raise(SIGINT); /* the default action: killed by SIGINT */
        _exit(4);
    }
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert(WIFSIGNALED(status));
    ck_assert_int_eq(WTERMSIG(status), SIGINT);
}
END_TEST

START_TEST(ignored_signal_stays_ignored)
{
    signal(SIGHUP, SIG_IGN);
    intr_install();
    raise(SIGHUP);
    ck_assert_int_eq(intr_caught(), 0);
}
END_TEST

/* Whether pid exists and is not a zombie (/proc/PID/stat's state field). */
static int running(pid_t pid)
{
    char path[64], buf[256];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    const char *close_paren = strrchr(buf, ')');
    return close_paren && close_paren[1] == ' ' && close_paren[2] != 'Z' && close_paren[2] != 'X';
}

/* The child and its own child (a compiler's subprocess) are both gone after intr_stop_child. */
START_TEST(stop_child_reaches_group)
{
    int fds[2];
    ck_assert_int_eq(pipe(fds), 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        intr_child_setup();
        pid_t g = fork();
        if (g == 0) {
            signal(SIGTERM, SIG_IGN); /* only SIGKILL of the group ends it */
            for (;;)
                pause();
        }
        if (write(fds[1], &g, sizeof g) != (ssize_t)sizeof g)
            _exit(5);
        for (;;)
            pause();
    }
    close(fds[1]);
    pid_t grandchild = 0;
    ck_assert_int_eq(read(fds[0], &grandchild, sizeof grandchild), (ssize_t)sizeof grandchild);
    int status = intr_stop_child(pid, 200);
    ck_assert(WIFSIGNALED(status));
    ck_assert_int_eq(WTERMSIG(status), SIGTERM);
    /* The grandchild goes to init, which may be slow to reap it: gone or a zombie counts as ended. */
    int alive = 1;
    for (int i = 0; i < 200 && alive; i++) {
        alive = running(grandchild);
        if (alive)
            nanosleep(&(struct timespec){ .tv_nsec = 10000000L }, NULL);
    }
    ck_assert_int_eq(alive, 0);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("interrupt");
    TCase *tc = tcase_create("signals");
    tcase_add_test(tc, records_first_signal);
    tcase_add_test(tc, second_signal_of_same_kind_ends_process);
    tcase_add_test(tc, ignored_signal_stays_ignored);
    tcase_add_test(tc, stop_child_reaches_group);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)
