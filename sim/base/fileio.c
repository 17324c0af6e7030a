/* fio: safe reading of inputs and writing of outputs (sim/base/fileio.h). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "base/fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

FILE *fio_open_regular(const char *path, const char *what, unsigned long long *size, char *msg, size_t msglen)
{
    /* Opened first and checked with fstat: the file checked is the file read. O_NONBLOCK keeps a
     * FIFO without a writer from blocking the open; a regular file ignores it. */
    int fd = open(path, O_RDONLY | O_NONBLOCK);
    if (fd < 0) {
        if (errno == EISDIR)
            snprintf(msg, msglen, "is a directory, not a %s", what);
        else
            snprintf(msg, msglen, "cannot open %s: %s", what, strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        snprintf(msg, msglen, "cannot open %s: %s", what, strerror(errno));
        close(fd);
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        if (S_ISDIR(st.st_mode))
            snprintf(msg, msglen, "is a directory, not a %s", what);
        else
            snprintf(msg, msglen, "is not a regular file (a FIFO, device or socket); a %s must be a regular file", what);
        close(fd);
        return NULL;
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0)
        (void)fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        snprintf(msg, msglen, "cannot open %s: %s", what, strerror(errno));
        close(fd);
        return NULL;
    }
    if (size)
        *size = (unsigned long long)st.st_size;
    return f;
}

static void size_text(unsigned long long n, char *buf, size_t len)
{
    if (n >= (1ull << 20) && n % (1ull << 20) == 0)
        snprintf(buf, len, "%llu MiB", n >> 20);
    else
        snprintf(buf, len, "%llu bytes", n);
}

bool fio_read_text(const char *path, const char *what, size_t limit, fio_text_t *out, FILE *err)
{
    out->data = NULL;
    out->len = 0;
    char msg[256];
    unsigned long long size = 0;
    FILE *f = fio_open_regular(path, what, &size, msg, sizeof msg);
    if (!f) {
        fprintf(err, "%s: error: %s\n", path, msg);
        return false;
    }
    if (size > limit) {
        char lim[32];
        size_text(limit, lim, sizeof lim);
        fprintf(err, "%s: error: %s is too large: %llu bytes (the limit is %s)\n", path, what, size, lim);
        fclose(f);
        return false;
    }
    /* One byte more than the size: a file that grew since fstat is caught, not read without end. */
    char *buf = malloc((size_t)size + 2);
    if (!buf) {
        fprintf(err, "%s: error: out of memory reading the %s\n", path, what);
        fclose(f);
        return false;
    }
    size_t n = fread(buf, 1, (size_t)size + 1, f);
    bool bad = ferror(f) != 0;
    fclose(f);
    if (bad || n > size) {
        fprintf(err, "%s: error: cannot read the %s%s\n", path, what, bad ? "" : ": it changed while being read");
        free(buf);
        return false;
    }
    buf[n] = '\0';
    size_t skip = n >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    char *nul = memchr(buf + skip, '\0', n - skip);
    if (nul) {
        unsigned line = 1, col = 1;
        for (const char *p = buf + skip; p < nul; p++, col++)
            if (*p == '\n')
                line++, col = 0;
        size_t more = 0;
        for (const char *p = nul + 1; p < buf + n; p++)
            more += *p == '\0';
        fprintf(err, "%s:%u:%u: error: NUL byte in the %s (a binary file?)", path, line, col, what);
        if (more)
            fprintf(err, "; and %zu more", more);
        fputc('\n', err);
        free(buf);
        return false;
    }
    if (skip)
        memmove(buf, buf + skip, n - skip + 1);
    out->data = buf;
    out->len = n - skip;
    return true;
}

void fio_text_free(fio_text_t *t)
{
    free(t->data);
    t->data = NULL;
    t->len = 0;
}

long fio_getline(const fio_text_t *t, size_t *pos, char **buf, size_t *cap)
{
    if (*pos >= t->len)
        return -1;
    const char *start = t->data + *pos;
    const char *nl = memchr(start, '\n', t->len - *pos);
    size_t n = nl ? (size_t)(nl - start) + 1 : t->len - *pos;
    if (n + 1 > *cap) {
        char *b = realloc(*buf, n + 1);
        if (!b)
            return -1;
        *buf = b;
        *cap = n + 1;
    }
    memcpy(*buf, start, n);
    (*buf)[n] = '\0';
    *pos += n;
    return (long)n;
}

void fio_more_errors(const char *path, int nerr, FILE *err)
{
    if (nerr > FIO_ERRORS_MAX)
        fprintf(err, "%s: ... and %d more error%s\n", path, nerr - FIO_ERRORS_MAX, nerr - FIO_ERRORS_MAX == 1 ? "" : "s");
}

bool fio_out_open(fio_out_t *o, const char *path, char *msg, size_t msglen)
{
    memset(o, 0, sizeof *o);
    struct stat st;
    bool exists = stat(path, &st) == 0;
    if (exists && S_ISDIR(st.st_mode)) {
        snprintf(msg, msglen, "is a directory");
        return false;
    }
    if (exists && !S_ISREG(st.st_mode)) {
        /* A device or FIFO (/dev/null, /dev/stdout, a named pipe): written in place, never replaced. */
        if (!(o->f = fopen(path, "wb"))) {
            snprintf(msg, msglen, "%s", strerror(errno));
            fio_out_abort(o);
            return false;
        }
        return true;
    }
    /* A symbolic link to a regular file is followed: the file it names is replaced, the link stays. */
    o->dest = exists ? realpath(path, NULL) : NULL;
    if (!o->dest)
        o->dest = strdup(path);
    size_t n = o->dest ? strlen(o->dest) + 32 : 0;
    if (!o->dest || !(o->tmp = malloc(n))) {
        snprintf(msg, msglen, "out of memory");
        fio_out_abort(o);
        return false;
    }
    /* O_EXCL with the pid and a counter: a fresh name that no other file has; the mode is 0666 less the
     * umask, as for any file the user's shell would create. */
    int fd = -1;
    for (unsigned k = 0; fd < 0 && k < 1000; k++) {
        snprintf(o->tmp, n, "%s.tmp%ld.%u", o->dest, (long)getpid(), k);
        fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    int e = errno;
    if (fd < 0) {
        snprintf(msg, msglen, "%s", strerror(e));
        free(o->tmp);
        o->tmp = NULL;
        fio_out_abort(o);
        return false;
    }
    /* A replaced file keeps its permissions, but never a setuid, setgid or sticky bit: the new
     * content is not what was granted them. */
    if (exists)
        (void)fchmod(fd, st.st_mode & 0777);
    if (!(o->f = fdopen(fd, "wb"))) {
        snprintf(msg, msglen, "%s", strerror(errno));
        close(fd);
        fio_out_abort(o);
        return false;
    }
    return true;
}

bool fio_out_open_append(fio_out_t *o, const char *path, char *msg, size_t msglen)
{
    if (!fio_out_open(o, path, msg, msglen))
        return false;
    if (!o->tmp)
        return true; /* a device or FIFO: nothing to keep */
    FILE *in = fopen(o->dest, "rb");
    if (!in) {
        if (errno == ENOENT)
            return true; /* a new file */
        snprintf(msg, msglen, "cannot read the existing file: %s", strerror(errno));
        fio_out_abort(o);
        return false;
    }
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0)
        if (fwrite(buf, 1, n, o->f) != n)
            break;
    bool bad = ferror(in) || ferror(o->f);
    fclose(in);
    if (bad) {
        snprintf(msg, msglen, "cannot copy the existing file: %s", strerror(errno));
        fio_out_abort(o);
        return false;
    }
    return true;
}

bool fio_out_commit(fio_out_t *o, char *msg, size_t msglen)
{
    bool ok = true;
    if (o->f) {
        errno = 0;
        if (fflush(o->f) != 0 || ferror(o->f)) {
            snprintf(msg, msglen, "%s", errno ? strerror(errno) : "write error");
            ok = false;
        }
        if (fclose(o->f) != 0 && ok) {
            snprintf(msg, msglen, "%s", strerror(errno));
            ok = false;
        }
        o->f = NULL;
    }
    if (ok && o->tmp) {
        if (rename(o->tmp, o->dest) != 0) {
            snprintf(msg, msglen, "cannot rename the new file into place: %s", strerror(errno));
            ok = false;
        }
        if (ok) {
            free(o->tmp);
            o->tmp = NULL;
        }
    }
    fio_out_abort(o);
    return ok;
}

void fio_out_abort(fio_out_t *o)
{
    if (o->f)
        fclose(o->f);
    if (o->tmp)
        unlink(o->tmp);
    free(o->tmp);
    free(o->dest);
    memset(o, 0, sizeof *o);
}

void fio_files_init(fio_files_t *s) { memset(s, 0, sizeof *s); }

void fio_files_free(fio_files_t *s)
{
    for (size_t i = 0; i < s->n; i++) {
        free(s->v[i].name);
        free(s->v[i].label);
    }
    free(s->v);
    memset(s, 0, sizeof *s);
}

/* Append an identity with its label "FMT_A 'PATH'" (quote included). */
static bool files_add(fio_files_t *s, dev_t dev, ino_t ino, const char *name, const char *what, const char *path)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 16;
        fio_ident_t *v = realloc(s->v, cap * sizeof *v);
        if (!v)
            return false;
        s->v = v;
        s->cap = cap;
    }
    fio_ident_t *id = &s->v[s->n];
    size_t len = strlen(what) + strlen(path) + 4;
    id->dev = dev;
    id->ino = ino;
    id->name = name ? strdup(name) : NULL;
    id->label = malloc(len);
    if (!id->label || (name && !id->name)) {
        free(id->name);
        free(id->label);
        return false;
    }
    snprintf(id->label, len, "%s '%s'", what, path);
    s->n++;
    return true;
}

void fio_files_input(fio_files_t *s, const char *path, const char *what)
{
    struct stat st;
    if (!path || stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return;
    if (!files_add(s, st.st_dev, st.st_ino, NULL, what, path))
        s->oom = true;
    s->ninputs = s->n;
}

bool fio_files_output(fio_files_t *s, const char *prog, const char *opt, const char *path, FILE *err)
{
    if (s->oom) {
        fprintf(err, "%s: out of memory\n", prog);
        return false;
    }
    if (strcmp(path, "-") == 0)
        return true;
    struct stat st;
    const char *name = NULL;
    char *dir = NULL;
    if (stat(path, &st) == 0) {
        if (!S_ISREG(st.st_mode))
            return true; /* a device or FIFO is written in place; a directory is refused by fio_out_open */
    } else {
        /* A new file: its directory (followed, as the rename will) and its name there. */
        const char *slash = strrchr(path, '/');
        name = slash ? slash + 1 : path;
        if (!*name)
            return true; /* "dir/": fio_out_open reports it */
        if (!(dir = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup("."))) {
            fprintf(err, "%s: out of memory\n", prog);
            return false;
        }
        bool ok = stat(dir, &st) == 0;
        free(dir);
        if (!ok)
            return true; /* no such directory: fio_out_open reports it */
    }
    for (size_t i = 0; i < s->n; i++) {
        const fio_ident_t *id = &s->v[i];
        if (id->dev != st.st_dev || id->ino != st.st_ino || (id->name == NULL) != (name == NULL) ||
            (name && strcmp(id->name, name) != 0))
            continue;
        if (i < s->ninputs)
            fprintf(err, "%s: error: %s '%s' is %s: refusing to overwrite an input\n", prog, opt, path, id->label);
        else
            fprintf(err, "%s: error: %s and %s '%s' name the same file: give each output its own file\n", prog,
                    id->label, opt, path);
        return false;
    }
    if (!files_add(s, st.st_dev, st.st_ino, name, opt, path)) {
        fprintf(err, "%s: out of memory\n", prog);
        return false;
    }
    return true;
}

void fio_guard_std_streams(void)
{
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF)
            continue;
        /* Read-only: a write to standard output or error fails (EBADF) and is reported at exit. */
        int n = open("/dev/null", O_RDONLY);
        if (n >= 0 && n != fd) {
            dup2(n, fd);
            close(n);
        }
    }
}

int fio_finish_std_streams(const char *prog, int rc)
{
    errno = 0;
    bool out_bad = fflush(stdout) != 0 || ferror(stdout);
    int e = errno;
    if (fclose(stdout) != 0 && !out_bad) {
        out_bad = true;
        e = errno;
    }
    errno = 0;
    bool err_bad = fflush(stderr) != 0 || ferror(stderr);
    if (out_bad)
        fprintf(stderr, "%s: error: cannot write the standard output: %s\n", prog,
                e ? strerror(e) : "write error");
    return (out_bad || err_bad) && rc == 0 ? 1 : rc;
}
