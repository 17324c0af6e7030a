/* cfg presets: the built-in machines of presets.def (config.h), compiled in so that the binary needs
 * no file to describe them; sim/configs/NAME.ini says the same (a unit test checks each pair). */
#include "config/config.h"

#include <string.h>

const cfg_preset_line_t cfg_preset_lines[] = {
#define PRESET(n, i, t) { .name = (n), .ini = (i), .title = (t) },
#define PKEY(k, v, s) { .key = (k), .value = (v), .source = (s) },
#define PASSUMED(k) { .key = (k), .source = "assumed (as Fiji)" },
#include "config/presets.def"
#undef PRESET
#undef PKEY
#undef PASSUMED
};

const unsigned cfg_npreset_lines = sizeof cfg_preset_lines / sizeof cfg_preset_lines[0];

const cfg_preset_line_t *cfg_preset_find(const char *name)
{
    for (unsigned i = 0; i < cfg_npreset_lines; i++)
        if (cfg_preset_lines[i].name && strcmp(cfg_preset_lines[i].name, name) == 0)
            return &cfg_preset_lines[i];
    return NULL;
}

void cfg_preset_names(char *buf, size_t len)
{
    size_t at = 0;
    if (len)
        buf[0] = '\0';
    for (unsigned i = 0; i < cfg_npreset_lines; i++) {
        const char *n = cfg_preset_lines[i].name;
        if (!n)
            continue;
        int w = snprintf(buf + at, len - at, "%s%s", at ? ", " : "", n);
        if (w < 0 || (size_t)w >= len - at) {
            buf[at] = '\0'; /* whole names only */
            return;
        }
        at += (size_t)w;
    }
}

int cfg_apply_preset(cfg_t *c, const cfg_preset_line_t *p, FILE *err)
{
    int nerr = 0;
    for (const cfg_preset_line_t *l = p + 1; l < cfg_preset_lines + cfg_npreset_lines && !l->name; l++) {
        if (!l->value)
            continue;
        char set[256];
        snprintf(set, sizeof set, "%s=%s", l->key, l->value);
        nerr += cfg_set(c, set, err);
    }
    return nerr;
}
