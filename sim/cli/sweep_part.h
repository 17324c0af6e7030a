/* sweep_part: the part file of one shard of a sweep (`gcnsim sweep LIST --shard I/N --csv PART`),
 * written a run at a time so that a shard killed midway leaves its finished runs, and the merge of
 * the parts into the CSV a single-host sweep of LIST writes (docs/cluster.md, "Part files"):
 *
 *   # gcnsim sweep part 1: list HASH, shard I of N, K runs of T: LIST
 *   HEADER                  (the CSV header, before the first row)
 *   # line L: ok
 *   ROW
 *   # line L: failed, exit S: FIRST LINE OF ITS ERRORS
 *   # end
 *
 * ROW and HEADER are CSV records, which span lines when a quoted field holds a line break. A part
 * without its end line is truncated; its first line's counts are checked against each other and
 * against what a LIST can hold. Needs: sweep_list, base (fileio). */
#ifndef GCNSIM_SWEEP_PART_H
#define GCNSIM_SWEEP_PART_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cli/sweep_list.h"

/* One run's outcome. */
typedef struct {
    int line;                  /* in LIST */
    int status;                /* 0: ok, else its exit status */
    char *text;                /* ok: the CSV row with its newline; failed: why (one line) */
} sweep_rec_t;

typedef struct {
    char *path;                /* the part file */
    char *list;                /* LIST's path as the part names it */
    uint64_t hash;
    int shard, nshards;
    size_t nruns, total;       /* runs in this shard, in LIST */
    char *header;              /* the CSV header with its newline; NULL before the first row */
    sweep_rec_t *recs;         /* in LIST order */
    size_t nrecs;
    bool complete;             /* its end line was read */
} sweep_part_t;

/* Read a part. Returns 0 (a truncated part too: complete is false and recs holds its finished
 * runs), 1 when path is not a part or is damaged, 3 when out of memory; messages to err. */
int sweep_part_read(const char *path, sweep_part_t *p, FILE *err);
void sweep_part_free(sweep_part_t *p);
/* Whether the file at path begins as a part does (so gcnsim wrote it and may replace it). */
bool sweep_part_is_part(const char *path);

/* The part being written: its first line, then sweep_part_put for each run in LIST order, then
 * sweep_part_end. Every record is flushed as it is written. */
typedef struct {
    FILE *f;
    bool header;               /* the CSV header was written */
} sweep_part_out_t;

void sweep_part_begin(sweep_part_out_t *o, FILE *f, const sweep_list_t *l, int shard, int nshards);
/* rec->status 0: `header` (with its newline) goes out first if no row has yet. */
void sweep_part_put(sweep_part_out_t *o, const sweep_rec_t *rec, const char *header);
void sweep_part_end(sweep_part_out_t *o);

/* Check that parts [0, n) are the shards of one LIST, each once, complete, with one header: every
 * problem is printed (naming missing, duplicate, truncated shards and parts of another LIST).
 * Returns the number of problems. */
int sweep_parts_check(sweep_part_t *parts, size_t n, FILE *err);

/* Append the parts' rows in LIST order to out (the header first when `header`), and report each
 * failed run as LIST:LINE: error: ... on err. *rows and *failed count them; returns the exit
 * status of the first failed run, or 0. */
int sweep_parts_write(const sweep_part_t *parts, size_t n, FILE *out, bool header, size_t *rows, size_t *failed,
                      FILE *err);

/* CSV records (RFC 4180: a quoted field may hold commas, doubled quotes and line breaks). Whether a
 * quoted field is still open after s[0..len) when it was `open` before. */
bool sweep_csv_open_quote(const char *s, size_t len, bool open);
/* A CSV record of a sweep at most, in bytes (a row is a few hundred bytes and the --set values). */
enum { SWEEP_CSV_RECORD_MAX = 16 << 20 };
/* The next record of f (its lines until its quotes close, with the last newline) into *buf (*cap
 * its size, grown as needed); its length, -1 at the end of f, -2 when out of memory, -3 when it is
 * longer than SWEEP_CSV_RECORD_MAX. */
long sweep_csv_record(FILE *f, char **buf, size_t *cap);

/* Whether the CSV at path, known not to be empty, begins with the line `header` (with its newline);
 * else a message on err ("cannot append ... its header line names other columns"). */
bool sweep_csv_header_ok(const char *path, const char *header, FILE *err);

/* The runs of l whose row the CSV at path already holds (finished[i], *nfinished of them): a row
 * counts for the first run in LIST order with its label (its first field) that has none yet. No
 * file: none. Returns 0, 1 (unreadable) or 3 (out of memory), after a message. */
int sweep_csv_finished(const char *path, const sweep_list_t *l, bool *finished, size_t *nfinished, FILE *err);

/* Check the parts, then append their rows to the CSV at `csv` (written whole or not at all) and
 * print "merge: ..." on stdout. Returns 0, 1 (a problem: nothing written) or the first failed
 * run's exit status. */
int sweep_merge_into(sweep_part_t *parts, size_t n, const char *csv, FILE *err);

#endif
