/* wl_repeat: the loops of a [kernel NAME] section (`repeat = VAR FROM..TO, ...`) and the `{VAR}`
 * references of its [args NAME] values, as docs/workloads.md ("Loops of dispatches") defines them.
 * A loop's bounds are integers or variables of the loops around it, both inclusive; a loop that
 * would run no iteration is an error, so enumerating the iterations takes time linear in their
 * count, and the count is checked against the caller's limit while it is enumerated. */
#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "load/wl_entries.h"

static size_t skip_space(const char *s, size_t i)
{
    while (s[i] == ' ' || s[i] == '\t')
        i++;
    return i;
}

/* An identifier at s + i: its length (0: none). */
static size_t ident_len(const char *s, size_t i)
{
    size_t n = 0;
    if (!isalpha((unsigned char)s[i]) && s[i] != '_')
        return 0;
    while (isalnum((unsigned char)s[i + n]) || s[i + n] == '_')
        n++;
    return n;
}

static int find_var(const wl_repeat_t *r, uint32_t nvars, const char *name, size_t len)
{
    for (uint32_t k = 0; k < nvars; k++)
        if (strlen(r->names[k]) == len && memcmp(r->names[k], name, len) == 0)
            return (int)k;
    return -1;
}

/* A bound at s + *i: an integer from 0 to WL_REPEAT_VALUE_MAX, or a variable of an outer loop. */
static bool parse_bound(wl_entries_t *c, const wl_entry_t *e, const wl_repeat_t *r, uint32_t k, size_t *i,
                        int64_t *val, int *var)
{
    const char *s = e->value;
    size_t at = *i = skip_space(s, *i);
    size_t n = ident_len(s, at);
    if (n) {
        *var = find_var(r, k, s + at, n);
        if (*var < 0) {
            wl_err_val(c, e, at, "repeat: '%.*s' is not a variable of an outer loop (bounds are integers or the "
                       "variables before this one)", (int)n, s + at);
            return false;
        }
        *i = at + n;
        return true;
    }
    *var = -1;
    if (!isdigit((unsigned char)s[at])) {
        wl_err_val(c, e, at, "repeat: expected a bound (an integer or an outer loop's variable) after '%.*s'",
                   (int)(at < 40 ? at : 40), s + (at < 40 ? 0 : at - 40));
        return false;
    }
    uint64_t v = 0;
    while (isdigit((unsigned char)s[*i])) {
        v = v * 10 + (uint64_t)(s[*i] - '0');
        (*i)++;
        if (v > WL_REPEAT_VALUE_MAX) {
            wl_err_val(c, e, at, "repeat: bound %.*s... is above %d", (int)(*i - at), s + at, WL_REPEAT_VALUE_MAX);
            return false;
        }
    }
    *val = (int64_t)v;
    return true;
}

static int64_t bound(const int64_t *v, int64_t val, int var)
{
    return var < 0 ? val : v[var];
}

/* Set loops k.. to their first values given the outer ones in v; false (reported) when one is empty. */
static bool start_from(wl_entries_t *c, const wl_entry_t *e, const wl_repeat_t *r, uint32_t k, int64_t *v)
{
    for (; k < r->nvars; k++) {
        int64_t from = bound(v, r->from[k], r->from_var[k]), to = bound(v, r->to[k], r->to_var[k]);
        if (from > to) {
            if (c)
                wl_err_val(c, e, r->at[k], "repeat: loop '%s' runs from %" PRId64 " to %" PRId64 ", no iteration%s "
                           "(every loop runs at least once)", r->names[k], from, to,
                           r->from_var[k] >= 0 || r->to_var[k] >= 0 ? " for some values of the outer loops" : "");
            return false;
        }
        v[k] = from;
    }
    return true;
}

bool wl_repeat_first(const wl_repeat_t *r, int64_t *v)
{
    return start_from(NULL, NULL, r, 0, v);
}

bool wl_repeat_next(const wl_repeat_t *r, int64_t *v)
{
    for (uint32_t k = r->nvars; k-- > 0;)
        if (v[k] < bound(v, r->to[k], r->to_var[k])) {
            v[k]++;
            return start_from(NULL, NULL, r, k + 1, v);
        }
    return false;
}

bool wl_repeat_parse(wl_entries_t *c, const wl_entry_t *e, uint64_t max, wl_repeat_t *r)
{
    memset(r, 0, sizeof *r);
    const char *s = e->value;
    size_t i = 0;
    for (;;) {
        i = skip_space(s, i);
        size_t n = ident_len(s, i);
        if (!n || n >= WL_REPEAT_NAME) {
            wl_err_val(c, e, i, "repeat: expected a loop 'VAR FROM..TO' (VAR: letters, digits and '_'), as in "
                       "repeat = stage 0..10, pass 0..stage");
            return false;
        }
        if (r->nvars == WL_REPEAT_VARS) {
            wl_err_val(c, e, i, "repeat: more than %d nested loops", WL_REPEAT_VARS);
            return false;
        }
        uint32_t k = r->nvars;
        if (find_var(r, k, s + i, n) >= 0) {
            wl_err_val(c, e, i, "repeat: loop variable '%.*s' is given twice", (int)n, s + i);
            return false;
        }
        memcpy(r->names[k], s + i, n);
        r->names[k][n] = '\0';
        r->at[k] = i;
        i += n;
        if (s[i] != ' ' && s[i] != '\t') {
            wl_err_val(c, e, i, "repeat: expected a space and FROM..TO after '%s'", r->names[k]);
            return false;
        }
        if (!parse_bound(c, e, r, k, &i, &r->from[k], &r->from_var[k]))
            return false;
        if (s[i] != '.' || s[i + 1] != '.') {
            wl_err_val(c, e, i, "repeat: expected '..' between the bounds of '%s' (FROM..TO, both included)", r->names[k]);
            return false;
        }
        i += 2;
        if (!parse_bound(c, e, r, k, &i, &r->to[k], &r->to_var[k]))
            return false;
        r->nvars++;
        i = skip_space(s, i);
        if (s[i] == '\0')
            break;
        if (s[i] != ',') {
            wl_err_val(c, e, i, "repeat: expected ',' and a further loop, or the end of the value");
            return false;
        }
        i++;
    }
    /* Count the iterations, each loop checked for every value of the outer ones. */
    int64_t v[WL_REPEAT_VARS];
    if (!start_from(c, e, r, 0, v))
        return false;
    r->count = 1;
    for (;;) {
        uint32_t k = r->nvars;
        while (k-- > 0 && v[k] >= bound(v, r->to[k], r->to_var[k]))
            ;
        if (k == UINT32_MAX)
            break;
        v[k]++;
        if (!start_from(c, e, r, k + 1, v))
            return false;
        if (++r->count > max) {
            wl_err_val(c, e, 0, "repeat makes more than %" PRIu64 " dispatches (with the others, the workload's limit: "
                       "docs/workloads.md)", max);
            return false;
        }
    }
    return true;
}

bool wl_repeat_subst(const wl_repeat_t *r, const int64_t *v, const char *src, char *dst, size_t len, size_t *at,
                     char *msg, size_t msglen)
{
    size_t o = 0;
    for (size_t i = 0; src[i]; i++) {
        char num[24];
        const char *piece = num;
        size_t plen;
        if (src[i] == '{') {
            size_t n = ident_len(src, i + 1);
            int k = r && n ? find_var(r, r->nvars, src + i + 1, n) : -1;
            if (!n || src[i + 1 + n] != '}') {
                *at = i;
                snprintf(msg, msglen, "'{' starts a loop variable reference {VAR}");
                return false;
            }
            if (k < 0) {
                *at = i + 1;
                snprintf(msg, msglen, "no loop variable '%.*s' (repeat = ... in the dispatch's [kernel NAME] declares them)",
                         (int)n, src + i + 1);
                return false;
            }
            plen = (size_t)snprintf(num, sizeof num, "%" PRId64, v[k]);
            i += n + 1;
        } else {
            piece = src + i;
            plen = 1;
        }
        if (o + plen >= len) {
            *at = i;
            snprintf(msg, msglen, "the value is longer than %zu characters with its loop variables replaced", len - 1);
            return false;
        }
        memcpy(dst + o, piece, plen);
        o += plen;
    }
    dst[o] = '\0';
    return true;
}
