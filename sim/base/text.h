/* txt: small text helpers every room may use: white-space trimming, bounded appending, and the "did you mean"
 * suggestions of every error message that names an unknown word (sections, keys, choices, options,
 * commands, kernels). Owns nothing; needs libc only. */
#ifndef GCNSIM_TEXT_H
#define GCNSIM_TEXT_H

#include <stddef.h>
#include <stdio.h>

/* Strip leading and trailing white space in place; returns the first non-space character. */
char *txt_trim(char *s);

/* The Damerau-Levenshtein distance (a transposition counts as one edit); 64 for words longer
 * than 63 characters. */
unsigned txt_edit_distance(const char *a, const char *b);

/* The candidate nearest to `word`, at most max_edits edits away and fewer than the candidate's
 * length (so that "x" does not suggest "y"), or NULL when none is plausibly what was meant. The
 * first of equally near candidates wins. */
const char *txt_nearest(const char *word, const char *const *cands, size_t n, unsigned max_edits);

/* Write text to out with every line that starts with a non-blank character and is longer than
 * width broken at spaces, the continuation lines indented to the column where the line's value
 * starts (after its label's run of two or more spaces; 14 when there is none). Lines that start with
 * a blank (tables, already indented detail) are written as they are. */
void txt_wrap(FILE *out, const char *text, size_t width);

/* printf-append to buf (size n) at offset *at, never past the end: the text is cut and *at stays
 * below n, so a caller can append piece by piece without checking each result. */
void txt_appendf(char *buf, size_t n, size_t *at, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

#endif
