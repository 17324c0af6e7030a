/* fio: how gcnsim and gcnviz read their input files and write their output files (docs/errors.md,
 * "Files").
 *
 * Inputs: only regular files are read ("is a directory", "is not a regular file" otherwise), never
 * more than a documented limit per kind of file, and text files are checked the same way in every
 * loader: a leading UTF-8 byte-order mark is skipped, a NUL byte is an error at its line and column.
 * Outputs: never truncate or remove a path gcnsim did not create. A regular file (or a new path) is
 * written to a temporary file in the same directory and renamed into place only when every byte was
 * written; a failed write removes only the temporary file. An existing device or FIFO (/dev/null, a
 * pipe) is written in place and never removed. A replaced file keeps its permission bits but never
 * a setuid, setgid or sticky bit. No output may replace an input of the same command, nor two
 * outputs name one file (fio_files_t: checked before anything runs). Standard output and error are
 * checked at exit.
 * Owns: nothing beyond one open file per fio_out_t. Needs: libc only (gcnviz links it too). */
#ifndef GCNSIM_FILEIO_H
#define GCNSIM_FILEIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

/* The documented size limits of the inputs (docs/errors.md). */
enum {
    FIO_KERNEL_MAX = 64 << 20,   /* kernel source (.s) */
    FIO_WORKLOAD_MAX = 16 << 20, /* workload file (.ini): 131072 buffers of about 100 bytes */
    FIO_CONFIG_MAX = 1 << 20,    /* machine configuration (.ini) */
    FIO_LIST_MAX = 16 << 20,     /* sweep list */
    FIO_ERRORS_MAX = 20          /* errors printed per input file; then "... and N more errors" */
};

/* A whole text file in memory, NUL-terminated (data[len] == '\0'), the byte-order mark removed. */
typedef struct {
    char *data;
    size_t len;
} fio_text_t;

/* Read the regular file at path (at most limit bytes) as text. `what` names it in messages ("workload
 * file"). On failure prints "PATH[:LINE:COL]: error: ..." to err and returns false. */
bool fio_read_text(const char *path, const char *what, size_t limit, fio_text_t *out, FILE *err);
void fio_text_free(fio_text_t *t);
/* getline(3) over a text in memory: the line at *pos (with its newline, if any) copied into *buf
 * (grown as needed, NUL-terminated), *pos advanced. Returns its length, or -1 at the end (or when
 * out of memory). */
long fio_getline(const fio_text_t *t, size_t *pos, char **buf, size_t *cap);

/* Open the regular file at path for reading in binary; NULL with the reason in msg, naming the file
 * as `what` ("cannot open trace file: No such file or directory", "is a directory, not a trace
 * file"). *size (if not NULL) receives its size in bytes. */
FILE *fio_open_regular(const char *path, const char *what, unsigned long long *size, char *msg, size_t msglen);

/* After a file's errors: "PATH: ... and N more errors" when more than FIO_ERRORS_MAX were found (the
 * loaders print the first FIO_ERRORS_MAX, as the assembler does: FIO_ERRORS_MAX == ASM_ERRORS_SHOWN). */
void fio_more_errors(const char *path, int nerr, FILE *err);

/* An output file being written. */
typedef struct {
    FILE *f;
    char *dest;   /* the file replaced at commit (a symbolic link followed); NULL when written in place */
    char *tmp;    /* the temporary file renamed onto dest at commit */
} fio_out_t;

/* Start writing path (binary; "w" and "wb" are the same on POSIX). On failure returns false with
 * the reason in msg ("Permission denied", "is a directory": a reason, for "cannot write PATH: REASON"); nothing was created. */
bool fio_out_open(fio_out_t *o, const char *path, char *msg, size_t msglen);
/* The same for adding to the end of path (a CSV that grows by a row per run): the temporary file
 * starts as a copy of the existing file, so the file is replaced whole or not at all. Whether it
 * was empty: ftell(o->f) == 0. */
bool fio_out_open_append(fio_out_t *o, const char *path, char *msg, size_t msglen);
/* Finish: flush, check every write, close, rename into place. On failure the target is untouched
 * (a device or FIFO may have received part of the output), the temporary file is gone, and msg
 * says why. Always releases o. */
bool fio_out_commit(fio_out_t *o, char *msg, size_t msglen);
/* Give up: close and remove the temporary file only. Safe on a zeroed or released fio_out_t. */
void fio_out_abort(fio_out_t *o);

/* The files one command reads and writes, by identity: the device and inode of the file a path
 * names after following symbolic links, so that a second name (a symbolic or hard link, "./x",
 * "../d/x") is the same file. An output that does not exist yet is known by its directory's identity
 * and its last path component. Filled with every input first, then every output is checked against
 * it before the command writes or runs anything (docs/errors.md, "Input and output files"). */
typedef struct {
    dev_t dev;
    ino_t ino;
    char *name;        /* NULL: an existing file; else a new output's last path component (dev, ino: its directory) */
    char *label;       /* how messages name it: "the workload file 'w.ini'", "--json 'out.json'" */
} fio_ident_t;

typedef struct {
    fio_ident_t *v;
    size_t n, cap;
    size_t ninputs;    /* v[0..ninputs) are inputs, the rest outputs */
    bool oom;          /* an input could not be recorded: every output check fails, saying so */
} fio_files_t;

void fio_files_init(fio_files_t *s);
void fio_files_free(fio_files_t *s);
/* Record an input, named in messages as `what` ("the workload file") and path (NULL: none). A path
 * that names no regular file is not recorded: its reader reports it. Every input must be recorded
 * before the first output is checked. */
void fio_files_input(fio_files_t *s, const char *path, const char *what);
/* Check the output path given with option opt ("--json"; "the output" for an operand) before
 * anything is written: it must not be one of the inputs nor an output checked before. Standard
 * output ("-") and an existing device or FIFO (/dev/null) pass. Returns false after printing
 * "PROG: error: OPT 'PATH' is the WHAT 'INPUT': refusing to overwrite an input" (or "... and OPT2
 * 'PATH2' name the same file: give each output its own file", or out of memory) on err. */
bool fio_files_output(fio_files_t *s, const char *prog, const char *opt, const char *path, FILE *err);

/* At the start of main: a closed standard stream (0, 1 or 2) is reopened on /dev/null read-only, so
 * that no file opened later takes its number and every write to it fails (and is reported). */
void fio_guard_std_streams(void);
/* At the end of main: flush and check standard output and error. Returns rc when both were written
 * completely or rc is already a failure, else 1 after a message on stderr (if it still works).
 * `prog` prefixes the message. */
int fio_finish_std_streams(const char *prog, int rc);

#endif
