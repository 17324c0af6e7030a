/* txt: small text helpers every room may use: white-space trimming and the "did you mean"
 * suggestions of every error message that names an unknown word (sections, keys, choices, options,
 * commands, kernels). Owns nothing; needs libc only. */
#ifndef GCNSIM_TEXT_H
#define GCNSIM_TEXT_H

#include <stddef.h>

/* Strip leading and trailing white space in place; returns the first non-space character. */
char *txt_trim(char *s);

/* The Damerau-Levenshtein distance (a transposition counts as one edit); 64 for words longer
 * than 63 characters. */
unsigned txt_edit_distance(const char *a, const char *b);

/* The candidate nearest to `word`, at most max_edits edits away and fewer than the candidate's
 * length (so that "x" does not suggest "y"), or NULL when none is plausibly what was meant. The
 * first of equally near candidates wins. */
const char *txt_nearest(const char *word, const char *const *cands, size_t n, unsigned max_edits);

#endif
