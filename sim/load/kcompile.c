/* kcompile: OpenCL C and HIP kernel sources compiled by the documented compiler command (kcompile.h).
 * The compiler runs as a child process with an argument vector (no shell, so no quoting of file
 * names); its stdout and stderr both go to gcnsim's error stream, so a report on stdout stays clean. */
#include "load/kcompile.h"

#include "base/fileio.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

enum { MAX_ARGS = 64 };

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

kcompile_lang_t kcompile_lang(const char *path)
{
    if (ends_with(path, ".cl"))
        return KCOMPILE_OPENCL;
    if (ends_with(path, ".hip") || ends_with(path, ".cpp") || ends_with(path, ".cc") || ends_with(path, ".cu"))
        return KCOMPILE_HIP;
    return KCOMPILE_NONE;
}

/* Whether `prog` is an executable found on PATH (as execvp would find it). */
static bool on_path(const char *prog)
{
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/bin:/bin";
    char buf[4096];
    while (*path) {
        size_t n = strcspn(path, ":");
        if (n == 0)
            snprintf(buf, sizeof buf, "./%s", prog);
        else
            snprintf(buf, sizeof buf, "%.*s/%s", (int)n, path, prog);
        struct stat st;
        if (stat(buf, &st) == 0 && S_ISREG(st.st_mode) && access(buf, X_OK) == 0)
            return true;
        path += n + (path[n] == ':');
    }
    return false;
}

static const char *device_libs(void)
{
    const char *d = getenv("GCNSIM_ROCM_DEVICE_LIBS");
    return d && d[0] ? d : KCOMPILE_DEVICE_LIBS;
}

/* The command line as text, for messages. */
static void show_command(char *const argv[], char *buf, size_t len)
{
    buf[0] = '\0';
    for (int i = 0; argv[i]; i++)
        snprintf(buf + strlen(buf), len - strlen(buf), "%s%s", i ? " " : "", argv[i]);
}

/* Run argv; false (reported) when it cannot start or does not exit with status 0. */
static bool run(char *const argv[], const char *src, FILE *err)
{
    char cmd[2048];
    show_command(argv, cmd, sizeof cmd);
    fflush(err);
    fflush(stdout);
    int fd = fileno(err);
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(err, "%s: error: cannot start the compiler: %s\n", src, strerror(errno));
        return false;
    }
    if (pid == 0) {
        if (fd >= 0 && fd != 2)
            dup2(fd, 2);
        dup2(2, 1);
        execvp(argv[0], argv);
        fprintf(stderr, "%s: error: cannot run %s: %s\n", src, argv[0], strerror(errno));
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            fprintf(err, "%s: error: lost the compiler process: %s\n", src, strerror(errno));
            return false;
        }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return true;
    if (WIFEXITED(status))
        fprintf(err, "%s: error: the kernel did not compile (%s exited with status %d; see its messages above)\n"
                "  command: %s\n", src, argv[0], WEXITSTATUS(status), cmd);
    else
        fprintf(err, "%s: error: the compiler %s was killed by signal %d\n  command: %s\n", src, argv[0],
                WIFSIGNALED(status) ? WTERMSIG(status) : 0, cmd);
    return false;
}

bool kcompile_run(const char *path, const char *flags, kcompile_out_t *out, FILE *err)
{
    memset(out, 0, sizeof *out);
    kcompile_lang_t lang = kcompile_lang(path);
    const char *prog = lang == KCOMPILE_OPENCL ? "clang-15" : "hipcc";
    if (lang == KCOMPILE_NONE) {
        fprintf(err, "%s: error: not an OpenCL C (.cl) or HIP (.hip, .cpp) kernel source\n", path);
        return false;
    }
    if (!on_path(prog)) {
        fprintf(err, "%s: error: compiling %s needs %s, which is not installed (Debian package %s; as root: "
                "apt-get install %s)\n", path, lang == KCOMPILE_OPENCL ? "OpenCL C" : "HIP", prog, prog, prog);
        return false;
    }
    char libs_arg[600];
    if (lang == KCOMPILE_OPENCL) {
        char probe[600];
        snprintf(probe, sizeof probe, "%s/ockl.bc", device_libs());
        if (access(probe, R_OK) != 0) {
            fprintf(err, "%s: error: compiling OpenCL C needs the ROCm device libraries, not found in %s (Debian "
                    "package rocm-device-libs; as root: apt-get install rocm-device-libs; or set "
                    "GCNSIM_ROCM_DEVICE_LIBS to their folder)\n", path, device_libs());
            return false;
        }
        snprintf(libs_arg, sizeof libs_arg, "--rocm-device-lib-path=%s", device_libs());
    }
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
        fprintf(err, "%s: error: cannot read kernel source: %s\n", path,
                stat(path, &st) != 0 ? strerror(errno) : "not a regular file");
        return false;
    }

    const char *tmp = getenv("TMPDIR");
    snprintf(out->dir, sizeof out->dir, "%s/gcnsim-XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
    if (!mkdtemp(out->dir)) {
        fprintf(err, "%s: error: cannot create a temporary directory %s: %s\n", path, out->dir, strerror(errno));
        out->dir[0] = '\0';
        return false;
    }
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    snprintf(out->asm_path, sizeof out->asm_path, "%s/%.*s.s", out->dir, (int)(strrchr(base, '.') - base), base);

    /* The argument vector: the documented command, the workload's flags, source and output. */
    char *argv[MAX_ARGS];
    int n = 0;
    static const char *const cl_cmd[] = { "clang-15", "-target", "amdgcn-amd-amdhsa", "-mcpu=gfx803", NULL, "-O2", "-S",
                                          "-x", "cl", "-Xclang", "-finclude-default-header", "-cl-kernel-arg-info" };
    static const char *const hip_cmd[] = { "hipcc", "--offload-arch=gfx803", "--cuda-device-only", "-S", "-O2",
                                           "-Wno-unused-command-line-argument" };
    if (lang == KCOMPILE_OPENCL)
        for (size_t i = 0; i < sizeof cl_cmd / sizeof cl_cmd[0]; i++)
            argv[n++] = (char *)(cl_cmd[i] ? cl_cmd[i] : libs_arg);
    else
        for (size_t i = 0; i < sizeof hip_cmd / sizeof hip_cmd[0]; i++)
            argv[n++] = (char *)hip_cmd[i];
    char *fl = flags ? strdup(flags) : NULL;
    if (flags && !fl) {
        fprintf(err, "%s: error: out of memory\n", path);
        kcompile_free(out, false);
        return false;
    }
    for (char *save = NULL, *t = fl ? strtok_r(fl, " \t", &save) : NULL; t; t = strtok_r(NULL, " \t", &save)) {
        if (n >= MAX_ARGS - 5) {
            fprintf(err, "%s: error: too many compiler options in cflags\n", path);
            free(fl);
            kcompile_free(out, false);
            return false;
        }
        argv[n++] = t;
    }
    argv[n++] = (char *)path;
    argv[n++] = "-o";
    argv[n++] = out->asm_path;
    argv[n] = NULL;
    bool ok = run(argv, path, err);
    free(fl);
    if (!ok) {
        kcompile_free(out, false);
        return false;
    }
    fio_text_t t;
    if (!fio_read_text(out->asm_path, "compiled kernel", FIO_KERNEL_MAX, &t, err)) {
        kcompile_free(out, false);
        return false;
    }
    out->text = t.data;
    out->len = t.len;
    return true;
}

void kcompile_free(kcompile_out_t *out, bool keep)
{
    free(out->text);
    out->text = NULL;
    if (out->dir[0] && !keep) {
        unlink(out->asm_path); /* ours: made in the directory mkdtemp created for us */
        rmdir(out->dir);
    }
    out->dir[0] = '\0';
}
