/* kcompile: OpenCL C and HIP kernel sources compiled by the documented compiler command (kcompile.h).
 * The compiler runs as a child process with an argument vector (no shell, so no quoting of file
 * names; a name that clang could read as an option or a response file gets "./" in front); its
 * stdout and stderr both go to gcnsim's error stream, so a report on stdout stays clean. The child
 * has its own process group, a limit on its address space and no core files; gcnsim polls it, so a
 * time limit or a signal (base/interrupt.h) stops the whole group, and the temporary directory goes
 * on every way out. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "load/kcompile.h"

#include "base/fileio.h"
#include "base/interrupt.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { MAX_FIXED_ARGS = 32, STOP_GRACE_MS = 1000 };

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

const char *kcompile_compiler(kcompile_lang_t lang, isa_target_t target)
{
    /* clang-15 knows gfx940 but not gfx942 (LLVM 16 added it); the device libraries are LLVM 15
     * bitcode, which LLVM 19 reads. */
    if (isa_target_gfx940(target))
        return lang == KCOMPILE_HIP ? "clang++-19" : "clang-19";
    return lang == KCOMPILE_HIP ? "clang++-15" : "clang-15";
}

bool kcompile_isa_library(isa_target_t target, char *buf, size_t len)
{
    /* Debian's rocm-device-libs (ROCm 5.2) predates gfx942 and has no oclc_isa_version_942.bc.
     * gfx940's library stands in: it only sets __oclc_ISA_version (9400 for 9402), and every test
     * of it in ockl, ocml and opencl.bc compares with 8000, 8999, 9000, 9006, 9008 or 9010, on which
     * the two agree. */
    const char *name = isa_target_name(target);
    snprintf(buf, len, "oclc_isa_version_%s.bc", isa_target_gfx940(target) ? "940" : name + 3);
    return !isa_target_gfx940(target);
}

/* A limit from the environment: `name` unset or empty gives `def`; otherwise a whole number in
 * [1, max], or false (reported). */
static bool env_limit(const char *name, unsigned long def, unsigned long max, const char *unit, const char *src,
                      unsigned long *out, FILE *err)
{
    const char *v = getenv(name);
    *out = def;
    if (!v || !v[0])
        return true;
    char *end;
    errno = 0;
    unsigned long n = v[0] >= '0' && v[0] <= '9' ? strtoul(v, &end, 10) : 0;
    if (n == 0 || *end != '\0' || errno || n > max) {
        fprintf(err, "%s: error: %s='%s': expected %s from 1 to %lu\n", src, name, v, unit, max);
        return false;
    }
    *out = n;
    return true;
}

/* The command line as text, for messages. */
static void show_command(char *const argv[], char *buf, size_t len)
{
    buf[0] = '\0';
    for (int i = 0; argv[i]; i++)
        snprintf(buf + strlen(buf), len - strlen(buf), "%s%s", i ? " " : "", argv[i]);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* In the child: its own process group and default signal actions (intr_child_setup), no input,
 * both output streams to gcnsim's error stream, the address space limited, no core file. */
static void child(char *const argv[], int errfd, unsigned long mem_mib, const char *src)
{
    intr_child_setup();
    if (errfd >= 0 && errfd != 2)
        dup2(errfd, 2);
    dup2(2, 1);
    int in = open("/dev/null", O_RDONLY);
    if (in >= 0 && in != 0) {
        dup2(in, 0);
        close(in);
    }
    struct rlimit core = { 0, 0 };
    setrlimit(RLIMIT_CORE, &core);
    rlim_t bytes = (rlim_t)mem_mib << 20;
    struct rlimit as = { bytes, bytes };
    setrlimit(RLIMIT_AS, &as);
    execvp(argv[0], argv);
    fprintf(stderr, "%s: error: cannot run %s: %s\n", src, argv[0], strerror(errno));
    _exit(127);
}

/* Run argv under the limits; false (reported) when it cannot start, does not exit with status 0,
 * runs out of time or is interrupted. */
static bool run(char *const argv[], const char *src, unsigned long timeout_s, unsigned long mem_mib, FILE *err)
{
    char cmd[4096];
    show_command(argv, cmd, sizeof cmd);
    fflush(err);
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(err, "%s: error: cannot start the compiler: %s\n", src, strerror(errno));
        return false;
    }
    if (pid == 0)
        child(argv, fileno(err), mem_mib, src);
    setpgid(pid, pid); /* as the child does: no window in which a stop would miss its group */
    double start = now_s();
    int status;
    for (int nap_ms = 1;; nap_ms = nap_ms < 20 ? nap_ms * 2 : 20) {
        pid_t r = waitpid(pid, &status, WNOHANG);
        if (r == pid)
            break;
        if (r < 0 && errno != EINTR) {
            fprintf(err, "%s: error: lost the compiler process: %s\n", src, strerror(errno));
            intr_stop_child(pid, 0);
            return false;
        }
        int sig = intr_caught();
        if (sig) {
            intr_stop_child(pid, STOP_GRACE_MS);
            fprintf(err, "%s: error: %s while compiling; the compiler was stopped\n", src, intr_describe(sig));
            return false;
        }
        if (now_s() - start >= (double)timeout_s) {
            intr_stop_child(pid, STOP_GRACE_MS);
            fprintf(err, "%s: error: the compiler took more than %lu s (GCNSIM_COMPILE_TIMEOUT) and was stopped\n"
                    "  command: %s\n", src, timeout_s, cmd);
            return false;
        }
        /* A signal ends the nap early (no SA_RESTART). */
        struct timespec ts = { 0, (long)nap_ms * 1000000L };
        nanosleep(&ts, NULL);
    }
    kill(-pid, SIGKILL); /* whatever the compiler started and left behind in its group */
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return true;
    if (WIFEXITED(status) && WEXITSTATUS(status) != 127 && WEXITSTATUS(status) < 128) {
        fprintf(err, "%s: error: the kernel did not compile (%s exited with status %d; see its messages above)\n"
                "  command: %s\n", src, argv[0], WEXITSTATUS(status), cmd);
        return false;
    }
    /* Not a compile error: a crash, or no memory to start (the loader's status 127). */
    char how[64];
    if (WIFEXITED(status))
        snprintf(how, sizeof how, "exited with status %d", WEXITSTATUS(status));
    else
        snprintf(how, sizeof how, "was killed by signal %d", WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    fprintf(err, "%s: error: the compiler %s failed (it %s; see its messages above); its memory is limited to %lu MiB "
            "(GCNSIM_COMPILE_MEMORY), which may be too little\n  command: %s\n", src, argv[0], how, mem_mib, cmd);
    return false;
}

/* A path clang cannot read as an option or a response file: "./" before a relative one that
 * starts with '-' or '@'. Allocated. */
static char *as_file(const char *path)
{
    bool dot = path[0] == '-' || path[0] == '@';
    char *s = malloc(strlen(path) + 3);
    if (s)
        sprintf(s, "%s%s", dot ? "./" : "", path);
    return s;
}

/* A source whose file name starts with '@' is compiled through a one-line file in the temporary
 * directory that includes it by its absolute path: clang passes the main file's name on to its
 * compiler stage (-main-file-name NAME), which reads "@NAME" as a response file even after "./".
 * Its messages then name the source itself, after an "In file included from" line. Allocated path of
 * that file, or NULL (reported). */
static char *include_wrapper(const char *path, const char *dir, kcompile_lang_t lang, FILE *err)
{
    char *real = realpath(path, NULL);
    if (!real) {
        fprintf(err, "%s: error: cannot read kernel source: %s\n", path, strerror(errno));
        return NULL;
    }
    char *w = NULL;
    if (strpbrk(real, "\"\n")) {
        fprintf(err, "%s: error: a kernel source whose name starts with '@' is compiled through an #include, which "
                "cannot name a path with '\"' or a newline; rename it\n", path);
        goto out;
    }
    w = malloc(strlen(dir) + 16);
    if (!w) {
        fprintf(err, "%s: error: out of memory\n", path);
        goto out;
    }
    sprintf(w, "%s/source.%s", dir, lang == KCOMPILE_HIP ? "hip" : "cl");
    FILE *f = fopen(w, "wx");
    bool ok = f && fprintf(f, "#include \"%s\"\n", real) >= 0;
    if ((f && fclose(f) != 0) || !ok) {
        fprintf(err, "%s: error: cannot write %s: %s\n", path, w, strerror(errno));
        free(w);
        w = NULL;
    }
out:
    free(real);
    return w;
}

/* Remove the temporary directory and whatever the compiler left in it (its own files only: the
 * directory is ours, made by mkdtemp). */
static void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (d) {
        for (struct dirent *e; (e = readdir(d));)
            if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
                unlinkat(dirfd(d), e->d_name, 0);
        closedir(d);
    }
    rmdir(dir);
}

/* A device library folder for a target whose oclc_isa_version file is a stand-in
 * (kcompile_isa_library): `dir` gets a symbolic link to every .bc file of `libs`, and one named as
 * clang looks for the target's library, to the stand-in `lib`. clang then picks the others
 * (daz, unsafe math, finite only, sqrt, wave size, ABI version) from the options as always. False
 * (reported) when a link cannot be made. */
static bool stand_in_libs(const char *libs, const char *lib, isa_target_t target, const char *dir, const char *path,
                          FILE *err)
{
    DIR *d = opendir(libs);
    if (!d) {
        fprintf(err, "%s: error: cannot read the device library folder %s: %s\n", path, libs, strerror(errno));
        return false;
    }
    char from[4096], to[512];
    bool ok = true;
    for (struct dirent *e; ok && (e = readdir(d));) {
        if (!ends_with(e->d_name, ".bc") || e->d_name[0] == '.')
            continue;
        ok = (size_t)snprintf(from, sizeof from, "%s/%s", libs, e->d_name) < sizeof from &&
             (size_t)snprintf(to, sizeof to, "%s/%s", dir, e->d_name) < sizeof to && symlink(from, to) == 0;
    }
    closedir(d);
    if (ok) {
        snprintf(from, sizeof from, "%s/%s", libs, lib);
        snprintf(to, sizeof to, "%s/oclc_isa_version_%s.bc", dir, isa_target_name(target) + 3);
        ok = symlink(from, to) == 0;
    }
    if (!ok)
        fprintf(err, "%s: error: cannot link %s to %s: %s\n", path, to, from, strerror(errno));
    return ok;
}

/* Every way to refuse before anything runs: language, compiler, libraries, options, limits. */
static bool preflight(const char *path, kcompile_lang_t lang, const char *prog, isa_target_t target, FILE *err)
{
    if (lang == KCOMPILE_NONE) {
        fprintf(err, "%s: error: not an OpenCL C (.cl) or HIP (.hip, .cpp) kernel source\n", path);
        return false;
    }
    if (!on_path(prog)) {
        /* The target is named where it is the reason for another compiler. */
        bool other = isa_target_gfx940(target);
        const char *pkg = other ? "clang-19" : "clang-15";
        fprintf(err, "%s: error: compiling %s%s%s needs %s, which is not installed (Debian package %s; as root: "
                "apt-get install %s)\n", path, lang == KCOMPILE_OPENCL ? "OpenCL C" : "HIP", other ? " for " : "",
                other ? isa_target_name(target) : "", prog, pkg, pkg);
        return false;
    }
    char probe[600];
    snprintf(probe, sizeof probe, "%s/ockl.bc", device_libs());
    if (access(probe, R_OK) != 0) {
        fprintf(err, "%s: error: compiling %s needs the ROCm device libraries, not found in %s (Debian "
                "package rocm-device-libs; as root: apt-get install rocm-device-libs; or set "
                "GCNSIM_ROCM_DEVICE_LIBS to their folder)\n", path, lang == KCOMPILE_OPENCL ? "OpenCL C" : "HIP",
                device_libs());
        return false;
    }
    /* clang links the target's oclc_isa_version_N.bc itself; without it the compiler's own message
     * would name neither the package nor the target. */
    char lib[64];
    kcompile_isa_library(target, lib, sizeof lib);
    snprintf(probe, sizeof probe, "%s/%s", device_libs(), lib);
    if (access(probe, R_OK) != 0) {
        fprintf(err, "%s: error: compiling for %s needs the device library %s, which is not there (a rocm-device-libs "
                "without that target; or set GCNSIM_ROCM_DEVICE_LIBS to a folder that has it)\n", path,
                isa_target_name(target), probe);
        return false;
    }
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
        fprintf(err, "%s: error: cannot read kernel source: %s\n", path,
                stat(path, &st) != 0 ? strerror(errno) : "not a regular file");
        return false;
    }
    return true;
}

/* The argument vector: the documented command (docs/kernels.md; the Makefile's CLANG_GFX803 and
 * HIP_GFX803, and their forms per target, the Makefile's cl_for and hip_for), the workload's
 * options, then the output and the source after "--". Only the compiler (kcompile_compiler) and
 * -mcpu / --offload-arch differ between targets: clang then links the target's
 * oclc_isa_version_N.bc and oclc_wavefrontsize64_on.bc from the device libraries. */
bool kcompile_command(kcompile_lang_t lang, isa_target_t target, const kcompile_flags_t *fl, const char *libs,
                      const char *dst, const char *src, kcompile_cmd_t *cmd)
{
    memset(cmd, 0, sizeof *cmd);
    if (!(cmd->argv = malloc((size_t)(MAX_FIXED_ARGS + fl->argc) * sizeof *cmd->argv)))
        return false;
    char **argv = cmd->argv;
    int n = 0;
    if (lang == KCOMPILE_OPENCL) {
        snprintf(cmd->libs_arg, sizeof cmd->libs_arg, "--rocm-device-lib-path=%s", libs);
        snprintf(cmd->cpu_arg, sizeof cmd->cpu_arg, "-mcpu=%s", isa_target_name(target));
        const char *fixed[] = { kcompile_compiler(lang, target), "-target", "amdgcn-amd-amdhsa", cmd->cpu_arg,
                                cmd->libs_arg, "-O2", "-S", "-x", "cl", "-Xclang", "-finclude-default-header",
                                "-cl-kernel-arg-info", "-fno-crash-diagnostics" };
        for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
            argv[n++] = (char *)fixed[i];
    } else {
        /* What hipcc runs for `hipcc --offload-arch=gfx803 --cuda-device-only -S -O2 FILE -o OUT`
         * (HIPCC_VERBOSE=1), less its link options and two -isystem folders that hold no header the
         * HIP wrapper includes; its inlining options are left out when the last -O is -O0, as it does. */
        snprintf(cmd->libs_arg, sizeof cmd->libs_arg, "--hip-device-lib-path=%s", libs);
        snprintf(cmd->cpu_arg, sizeof cmd->cpu_arg, "--offload-arch=%s", isa_target_name(target));
        const char *fixed[] = { kcompile_compiler(lang, target), "-std=c++11",
                                "--hip-version=" KCOMPILE_HIP_VERSION, "--rocm-path=" KCOMPILE_ROCM_PATH,
                                cmd->cpu_arg, "-mllvm",
                                "-amdgpu-early-inline-all=true", "-mllvm", "-amdgpu-function-calls=false", cmd->libs_arg,
                                "--cuda-device-only", "-S", "-O2", "-fno-crash-diagnostics" };
        for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
            if (!(fl->o0 && i >= 5 && i <= 8))
                argv[n++] = (char *)fixed[i];
    }
    for (int i = 0; i < fl->argc; i++)
        argv[n++] = fl->argv[i];
    if (lang == KCOMPILE_HIP) {
        argv[n++] = "-x";
        argv[n++] = "hip";
    }
    argv[n++] = "-o";
    argv[n++] = (char *)dst;
    argv[n++] = "--";
    argv[n++] = (char *)src;
    argv[n] = NULL;
    cmd->argc = n;
    return true;
}

void kcompile_command_free(kcompile_cmd_t *cmd)
{
    free(cmd->argv);
    cmd->argv = NULL;
    cmd->argc = 0;
}

bool kcompile_run(const char *path, const char *flags, isa_target_t target, kcompile_out_t *out, FILE *err)
{
    memset(out, 0, sizeof *out);
    kcompile_lang_t lang = kcompile_lang(path);
    if (isa_target_name(target) == NULL) {
        fprintf(err, "%s: error: no compiler target %d (gcnsim's bug)\n", path, (int)target);
        return false;
    }
    const char *prog = kcompile_compiler(lang, target);
    if (!preflight(path, lang, prog, target, err))
        return false;
    kcompile_flags_t fl;
    char msg[1024];
    size_t at;
    if (!kcompile_flags_parse(flags, path, &fl, msg, sizeof msg, &at)) {
        fprintf(err, "%s: error: %s\n", path, msg);
        return false;
    }
    unsigned long timeout_s, mem_mib;
    if (!env_limit("GCNSIM_COMPILE_TIMEOUT", KCOMPILE_TIMEOUT_DEFAULT, KCOMPILE_TIMEOUT_MAX, "whole seconds", path,
                   &timeout_s, err) ||
        !env_limit("GCNSIM_COMPILE_MEMORY", KCOMPILE_MEMORY_DEFAULT, KCOMPILE_MEMORY_MAX, "MiB", path, &mem_mib, err)) {
        kcompile_flags_free(&fl);
        return false;
    }

    const char *tmp = getenv("TMPDIR");
    if ((size_t)snprintf(out->dir, sizeof out->dir, "%s/gcnsim-XXXXXX", tmp && tmp[0] ? tmp : "/tmp") >=
            sizeof out->dir ||
        !mkdtemp(out->dir)) {
        fprintf(err, "%s: error: cannot create a temporary directory %s: %s\n", path, out->dir,
                strlen(out->dir) + 1 >= sizeof out->dir ? "TMPDIR is too long" : strerror(errno));
        out->dir[0] = '\0';
        kcompile_flags_free(&fl);
        return false;
    }
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    snprintf(out->asm_path, sizeof out->asm_path, "%s/%.*s.s", out->dir, (int)(strrchr(base, '.') - base), base);

    char *src = base[0] == '@' ? include_wrapper(path, out->dir, lang, err) : as_file(path);
    char *dst = as_file(out->asm_path);
    kcompile_cmd_t cmd = { 0 };
    bool ok = false;
    if (!src)
        goto done; /* reported */
    const char *libs = device_libs();
    char lib[64];
    if (!kcompile_isa_library(target, lib, sizeof lib)) {
        if (!stand_in_libs(libs, lib, target, out->dir, path, err))
            goto done; /* reported */
        libs = out->dir;
    }
    if (!dst || !kcompile_command(lang, target, &fl, libs, dst, src, &cmd)) {
        fprintf(err, "%s: error: out of memory\n", path);
        goto done;
    }
    if (!run(cmd.argv, path, timeout_s, mem_mib, err))
        goto done;
    fio_text_t t;
    if (!fio_read_text(out->asm_path, "compiled kernel", FIO_KERNEL_MAX, &t, err))
        goto done;
    out->text = t.data;
    out->len = t.len;
    ok = true;
done:
    kcompile_command_free(&cmd);
    free(src);
    free(dst);
    kcompile_flags_free(&fl);
    if (!ok)
        kcompile_free(out, false);
    return ok;
}

void kcompile_free(kcompile_out_t *out, bool keep)
{
    free(out->text);
    out->text = NULL;
    if (out->dir[0] && !keep)
        remove_dir(out->dir);
    out->dir[0] = '\0';
}
