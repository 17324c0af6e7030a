/* jout: writing JSON text. Needs: nothing. */
#ifndef GCNSIM_JSON_OUT_H
#define GCNSIM_JSON_OUT_H

#include <stdio.h>

/* Write s as a JSON string literal (quotes, backslashes and control characters escaped). */
void jout_string(FILE *out, const char *s);

#endif
