/* json_check.h: a strict JSON reader for the tests (RFC 8259 syntax, no allocation): check that
 * output parses, and look up a value by its path of object keys ("occupancy.limiter") with its
 * type, so tests can check a documented schema. Tests include it; it is not part of gcnsim. */
#ifndef GCNSIM_TESTS_JSON_CHECK_H
#define GCNSIM_TESTS_JSON_CHECK_H

#include <stdbool.h>
#include <string.h>

typedef enum { JSON_NONE, JSON_OBJECT, JSON_ARRAY, JSON_STRING, JSON_NUMBER, JSON_BOOL, JSON_NULL } json_type_t;

static inline const char *json_ws(const char *p)
{
    while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r')
        p++;
    return p;
}

static inline const char *json_string_end(const char *p)
{
    if (*p++ != '"')
        return NULL;
    for (; *p != '"'; p++) {
        if ((unsigned char)*p < 0x20)
            return NULL;
        if (*p == '\\') {
            p++;
            if (*p == 'u') {
                for (int i = 1; i <= 4; i++)
                    if (!p[i] || !strchr("0123456789abcdefABCDEF", p[i]))
                        return NULL;
                p += 4;
            } else if (!*p || !strchr("\"\\/bfnrt", *p))
                return NULL;
        }
    }
    return p + 1;
}

static inline const char *json_number_end(const char *p)
{
    if (*p == '-')
        p++;
    if (*p == '0')
        p++;
    else if (*p >= '1' && *p <= '9')
        while (*p >= '0' && *p <= '9')
            p++;
    else
        return NULL;
    if (*p == '.') {
        if (!(*++p >= '0' && *p <= '9'))
            return NULL;
        while (*p >= '0' && *p <= '9')
            p++;
    }
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        if (!(*p >= '0' && *p <= '9'))
            return NULL;
        while (*p >= '0' && *p <= '9')
            p++;
    }
    return p;
}

static inline json_type_t json_type_at(const char *p)
{
    switch (*p) {
    case '{': return JSON_OBJECT;
    case '[': return JSON_ARRAY;
    case '"': return JSON_STRING;
    case 't': case 'f': return JSON_BOOL;
    case 'n': return JSON_NULL;
    default: return (*p == '-' || (*p >= '0' && *p <= '9')) ? JSON_NUMBER : JSON_NONE;
    }
}

/* The end of the value starting at p (after white space), or NULL when it is not valid JSON. */
static inline const char *json_value_end(const char *p, int depth)
{
    p = json_ws(p);
    if (depth > 64)
        return NULL;
    if (*p == '{' || *p == '[') {
        char close = *p == '{' ? '}' : ']';
        p = json_ws(p + 1);
        if (*p == close)
            return p + 1;
        for (;;) {
            if (close == '}') {
                if (!(p = json_string_end(json_ws(p))) || *(p = json_ws(p)) != ':')
                    return NULL;
                p++;
            }
            if (!(p = json_value_end(p, depth + 1)))
                return NULL;
            p = json_ws(p);
            if (*p == close)
                return p + 1;
            if (*p++ != ',')
                return NULL;
        }
    }
    if (*p == '"')
        return json_string_end(p);
    if (strncmp(p, "true", 4) == 0 || strncmp(p, "null", 4) == 0)
        return p + 4;
    if (strncmp(p, "false", 5) == 0)
        return p + 5;
    return json_number_end(p);
}

static inline bool json_valid(const char *text)
{
    const char *p = json_value_end(text, 0);
    return p && *json_ws(p) == '\0';
}

/* The value at `path` (object keys separated by '.') in a valid document, and its type; NULL and
 * JSON_NONE when a key is missing. */
static inline const char *json_get(const char *text, const char *path, json_type_t *type)
{
    const char *p = json_ws(text);
    *type = JSON_NONE;
    while (*path) {
        size_t klen = strcspn(path, ".");
        if (*p != '{')
            return NULL;
        p = json_ws(p + 1);
        const char *found = NULL;
        while (*p == '"') {
            const char *kend = json_string_end(p);
            bool match = kend && (size_t)(kend - p - 2) == klen && strncmp(p + 1, path, klen) == 0;
            p = json_ws(json_ws(kend) + 1);
            if (match) {
                found = p;
                break;
            }
            p = json_ws(json_value_end(p, 0));
            if (*p == ',')
                p = json_ws(p + 1);
        }
        if (!found)
            return NULL;
        p = found;
        path += klen;
        if (*path == '.')
            path++;
    }
    *type = json_type_at(p);
    return p;
}

#endif
