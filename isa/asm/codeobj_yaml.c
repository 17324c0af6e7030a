/* codeobj_yaml: the code object v2 metadata note (NT_AMD_AMDGPU_HSA_METADATA, owner "AMD", type
 * 10: YAML text; LLVM AMDGPUUsage, "Code Object V2 Metadata") read with libyaml into the same
 * codeobj_meta_t as the v3 msgpack note. libyaml's event parser is driven here into a small tree
 * of our own with every size bounded: at most CO_YAML_MAX_BYTES of text, CO_YAML_MAX_NODES nodes,
 * CO_YAML_MAX_DEPTH levels; anchors and aliases (which LLVM never writes, and which would let a few
 * bytes name a large subtree many times) are refused. Value kinds are mapped to the v3 names
 * (GlobalBuffer: global_buffer, HiddenGlobalOffsetX: hidden_global_offset_x, ...), so that the
 * launcher treats both alike; v2 gives no offsets: each argument lies at the next multiple of its
 * Align, as the runtime lays them out. */
#include "asm/codeobj_meta.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

enum { CO_YAML_MAX_BYTES = 1 << 22, CO_YAML_MAX_NODES = 1 << 18, CO_YAML_MAX_DEPTH = 16 };

typedef enum { YN_SCALAR, YN_SEQ, YN_MAP } yn_kind_t;

typedef struct {
    yn_kind_t kind;
    char *text;          /* a scalar's value (NUL-terminated; NULs inside refused) */
    int32_t child, next; /* first child, next sibling (-1: none); a map's children alternate key, value */
    uint32_t count;      /* children */
    uint32_t line;       /* 1-based, for messages */
} yn_t;

typedef struct {
    yn_t *v;
    uint32_t n, cap;
} ytree_t;

static void ytree_free(ytree_t *t)
{
    for (uint32_t i = 0; i < t->n; i++)
        free(t->v[i].text);
    free(t->v);
}

/* ---- Events into a tree -------------------------------------------------------------------- */

static int32_t add_node(ytree_t *t, yn_kind_t kind, uint32_t line)
{
    if (t->n == CO_YAML_MAX_NODES)
        return -1;
    if (t->n == t->cap) {
        uint32_t cap = t->cap ? t->cap * 2 : 64;
        yn_t *v = realloc(t->v, cap * sizeof *v);
        if (!v)
            return -1;
        t->v = v;
        t->cap = cap;
    }
    t->v[t->n] = (yn_t){ kind, NULL, -1, -1, 0, line };
    return (int32_t)t->n++;
}

static bool parse_tree(const uint8_t *data, size_t len, ytree_t *t, char *msg, size_t n)
{
    yaml_parser_t p;
    if (!yaml_parser_initialize(&p)) {
        snprintf(msg, n, "out of memory");
        return false;
    }
    yaml_parser_set_input_string(&p, data, len);
    int32_t open[CO_YAML_MAX_DEPTH + 1], last[CO_YAML_MAX_DEPTH + 1];
    int depth = 0; /* open[0..depth-1]: the containers being filled */
    bool ok = false, done = false, started = false;
    while (!done) {
        yaml_event_t e;
        if (!yaml_parser_parse(&p, &e)) {
            snprintf(msg, n, "YAML line %zu, column %zu: %s", p.problem_mark.line + 1, p.problem_mark.column + 1,
                     p.problem ? p.problem : "malformed");
            break;
        }
        uint32_t line = (uint32_t)e.start_mark.line + 1;
        const char *bad = NULL;
        yn_kind_t kind = YN_SCALAR;
        bool node = false, close = false;
        switch (e.type) {
        case YAML_SCALAR_EVENT:
            node = true;
            bad = e.data.scalar.anchor ? "anchors are not read" : NULL;
            break;
        case YAML_SEQUENCE_START_EVENT:
            node = true, kind = YN_SEQ;
            bad = e.data.sequence_start.anchor ? "anchors are not read" : NULL;
            break;
        case YAML_MAPPING_START_EVENT:
            node = true, kind = YN_MAP;
            bad = e.data.mapping_start.anchor ? "anchors are not read" : NULL;
            break;
        case YAML_SEQUENCE_END_EVENT: case YAML_MAPPING_END_EVENT:
            close = true;
            break;
        case YAML_ALIAS_EVENT:
            bad = "aliases are not read";
            break;
        case YAML_DOCUMENT_END_EVENT: case YAML_STREAM_END_EVENT:
            done = true, ok = started; /* the first document only */
            if (!started)
                bad = "no YAML document";
            break;
        default:
            break;
        }
        if (node && !bad) {
            if (started && depth == 0)
                bad = "a second top-level node";
            else if (depth == CO_YAML_MAX_DEPTH && kind != YN_SCALAR)
                bad = "nested deeper than 16 levels";
        }
        int32_t id = -1;
        if (node && !bad && (id = add_node(t, kind, line)) < 0)
            bad = "more than 262144 nodes (or out of memory)";
        if (id >= 0 && kind == YN_SCALAR) {
            size_t l = e.data.scalar.length;
            if (memchr(e.data.scalar.value, 0, l))
                bad = "a NUL character in a scalar";
            else if (!(t->v[id].text = malloc(l + 1)))
                bad = "out of memory";
            else
                memcpy(t->v[id].text, e.data.scalar.value, l), t->v[id].text[l] = 0;
        }
        if (bad) {
            snprintf(msg, n, "YAML line %u: %s", line, bad);
            ok = false;
            done = true;
        } else if (id >= 0) {
            started = true;
            if (depth > 0) {
                yn_t *par = &t->v[open[depth - 1]];
                if (par->count++ == 0)
                    par->child = id;
                else
                    t->v[last[depth - 1]].next = id;
                last[depth - 1] = id;
            }
            if (kind != YN_SCALAR)
                open[depth++] = id;
        } else if (close && depth > 0) {
            depth--;
        }
        yaml_event_delete(&e);
    }
    yaml_parser_delete(&p);
    return ok;
}

/* ---- The keys ------------------------------------------------------------------------------ */

static const yn_t *get(const ytree_t *t, const yn_t *map, const char *key)
{
    if (!map || map->kind != YN_MAP)
        return NULL;
    for (int32_t k = map->child; k >= 0 && t->v[k].next >= 0; k = t->v[t->v[k].next].next)
        if (t->v[k].kind == YN_SCALAR && strcmp(t->v[k].text, key) == 0)
            return &t->v[t->v[k].next];
    return NULL;
}

/* A scalar of decimal digits at most max: 0 absent, 1 read, -1 not such a number. */
static int get_uint(const ytree_t *t, const yn_t *map, const char *key, uint32_t max, uint32_t *out)
{
    const yn_t *v = get(t, map, key);
    if (!v)
        return 0;
    if (v->kind != YN_SCALAR || !v->text[0] || strlen(v->text) > 10)
        return -1;
    uint64_t x = 0;
    for (const char *s = v->text; *s; s++) {
        if (*s < '0' || *s > '9')
            return -1;
        x = x * 10 + (uint64_t)(*s - '0');
    }
    if (x > max)
        return -1;
    *out = (uint32_t)x;
    return 1;
}

static int get_str(const ytree_t *t, const yn_t *map, const char *key, char *buf, size_t size)
{
    const yn_t *v = get(t, map, key);
    if (!v)
        return 0;
    if (v->kind != YN_SCALAR || strlen(v->text) >= size)
        return -1;
    strcpy(buf, v->text);
    return 1;
}

/* A string of any length, malloc'd into *out. */
static int get_name(const ytree_t *t, const yn_t *map, const char *key, char **out)
{
    const yn_t *v = get(t, map, key);
    if (!v)
        return 0;
    return v->kind == YN_SCALAR && (*out = strdup(v->text)) ? 1 : -1;
}

/* The v2 value kinds and their v3 names. */
static const char *const kinds[][2] = {
    { "ByValue", "by_value" }, { "GlobalBuffer", "global_buffer" },
    { "DynamicSharedPointer", "dynamic_shared_pointer" }, { "Sampler", "sampler" }, { "Image", "image" },
    { "Pipe", "pipe" }, { "Queue", "queue" }, { "HiddenGlobalOffsetX", "hidden_global_offset_x" },
    { "HiddenGlobalOffsetY", "hidden_global_offset_y" }, { "HiddenGlobalOffsetZ", "hidden_global_offset_z" },
    { "HiddenNone", "hidden_none" }, { "HiddenPrintfBuffer", "hidden_printf_buffer" },
    { "HiddenHostcallBuffer", "hidden_hostcall_buffer" }, { "HiddenDefaultQueue", "hidden_default_queue" },
    { "HiddenCompletionAction", "hidden_completion_action" },
    { "HiddenMultiGridSyncArg", "hidden_multigrid_sync_arg" },
};

static bool read_arg(const ytree_t *t, const yn_t *o, uint32_t ki, uint32_t ai, uint32_t *end, isa_kernel_arg_t *a,
                     char *msg, size_t n)
{
    memset(a, 0, sizeof *a);
    char vk[40] = "";
    uint32_t align = 0;
    const char *bad = NULL;
    int size = 0, al = 0, kind = 0;
    if (o->kind != YN_MAP)
        bad = "is not a map";
    else if (get_name(t, o, "Name", &a->name) < 0)
        bad = "'Name' is not a string";
    else if (get_name(t, o, "TypeName", &a->type_name) < 0)
        bad = "'TypeName' is not a string";
    else if ((size = get_uint(t, o, "Size", 4096, &a->size)) <= 0)
        bad = size ? "'Size' is not a size of at most 4096 bytes" : "has no 'Size'";
    else if ((al = get_uint(t, o, "Align", 256, &align)) <= 0 || align == 0 || (align & (align - 1)))
        bad = al ? "'Align' is not a power of two of at most 256" : "has no 'Align'";
    else if ((kind = get_str(t, o, "ValueKind", vk, sizeof vk)) <= 0)
        bad = kind ? "'ValueKind' is not a string" : "has no 'ValueKind'";
    if (!bad && !isa_kernel_arg_fill_names(a, ai))
        bad = "out of memory";
    for (size_t i = 0; !bad && i < sizeof kinds / sizeof kinds[0] && !a->value_kind[0]; i++)
        if (strcmp(vk, kinds[i][0]) == 0)
            strcpy(a->value_kind, kinds[i][1]);
    if (!bad && !a->value_kind[0]) {
        snprintf(msg, n, "YAML line %u: Kernels[%u].Args[%u]: unknown ValueKind '%s'", o->line, ki, ai, vk);
        return false;
    }
    if (bad) {
        snprintf(msg, n, "YAML line %u: Kernels[%u].Args[%u] %s", o->line, ki, ai, bad);
        return false;
    }
    a->offset = (*end + align - 1) / align * align;
    *end = a->offset + a->size; /* at most 2^18 arguments of 4096 bytes each: no overflow */
    a->kind = strcmp(a->value_kind, "by_value") == 0 ? ISA_ARG_BY_VALUE
              : strcmp(a->value_kind, "global_buffer") == 0 ? ISA_ARG_GLOBAL_BUFFER
              : strcmp(a->value_kind, "dynamic_shared_pointer") == 0 ? ISA_ARG_DYNAMIC_SHARED_POINTER
              : strncmp(a->value_kind, "hidden_", 7) == 0 ? ISA_ARG_HIDDEN : ISA_ARG_OTHER;
    return true;
}

static bool read_kernel(const ytree_t *t, const yn_t *o, uint32_t ki, codeobj_meta_kernel_t *k, char *msg, size_t n)
{
    const char *bad = NULL;
    const yn_t *props = get(t, o, "CodeProps"), *args = get(t, o, "Args");
    int name = 0, ksize = 0, vgprs = 0, sgprs = 0;
    if (o->kind != YN_MAP)
        bad = "is not a map";
    else if ((name = get_name(t, o, "Name", &k->name)) <= 0)
        bad = name ? "'Name' is not a string" : "has no 'Name'";
    else if (props && props->kind != YN_MAP)
        bad = "'CodeProps' is not a map";
    else if (args && args->kind != YN_SEQ)
        bad = "'Args' is not a sequence";
    else if ((ksize = get_uint(t, props, "KernargSegmentSize", 65536, &k->kernarg_size)) < 0)
        bad = "'CodeProps.KernargSegmentSize' is not a size of at most 65536 bytes" /* CODEOBJ_KERNARG_MAX */;
    else if ((vgprs = get_uint(t, props, "NumVGPRs", 256, &k->vgpr_count)) < 0)
        bad = "'CodeProps.NumVGPRs' is not a count of at most 256 VGPRs";
    else if ((sgprs = get_uint(t, props, "NumSGPRs", 104, &k->sgpr_count)) < 0)
        bad = "'CodeProps.NumSGPRs' is not a count of at most 104 SGPRs";
    if (bad) {
        snprintf(msg, n, "YAML line %u: Kernels[%u] %s", o->line, ki, bad);
        return false;
    }
    k->has_kernarg_size = ksize > 0;
    k->has_vgpr_count = vgprs > 0;
    k->has_sgpr_count = sgprs > 0;
    if (!args)
        return true;
    k->args = calloc(args->count ? args->count : 1, sizeof *k->args);
    if (!k->args) {
        snprintf(msg, n, "out of memory");
        return false;
    }
    uint32_t end = 0, a = 0;
    for (int32_t c = args->child; c >= 0; c = t->v[c].next, a++) {
        if (!read_arg(t, &t->v[c], ki, a, &end, &k->args[a], msg, n))
            return isa_kernel_args_free_one(&k->args[a]), false;
        k->nargs++;
    }
    if (k->has_kernarg_size && end > k->kernarg_size) {
        snprintf(msg, n, "YAML line %u: Kernels[%u] ('%s'): its Args take %u bytes, more than its KernargSegmentSize "
                 "(%u)", o->line, ki, k->name, end, k->kernarg_size);
        return false;
    }
    return true;
}

bool codeobj_meta_read_yaml(const uint8_t *data, size_t len, codeobj_meta_t *out, char *msg, size_t n)
{
    memset(out, 0, sizeof *out);
    if (len > CO_YAML_MAX_BYTES) {
        snprintf(msg, n, "%zu bytes of YAML; at most %d", len, CO_YAML_MAX_BYTES);
        return false;
    }
    ytree_t t = { NULL, 0, 0 };
    bool ok = false;
    if (!parse_tree(data, len, &t, msg, n))
        goto done;
    const yn_t *root = &t.v[0], *ks = get(&t, root, "Kernels");
    const yn_t *ver = get(&t, root, "Version");
    if (root->kind != YN_MAP || !ver || ver->kind != YN_SEQ || ver->count < 1 || t.v[ver->child].kind != YN_SCALAR ||
        strcmp(t.v[ver->child].text, "1") != 0) {
        snprintf(msg, n, "YAML line %u: no 'Version: [ 1, N ]' in the metadata map (code object v2 metadata is "
                 "version 1)", ver ? ver->line : root->line);
        goto done;
    }
    if (!ks || ks->kind != YN_SEQ) {
        snprintf(msg, n, "YAML line %u: no 'Kernels' sequence in the metadata map", ks ? ks->line : root->line);
        goto done;
    }
    out->kernels = calloc(ks->count ? ks->count : 1, sizeof *out->kernels);
    if (!out->kernels) {
        snprintf(msg, n, "out of memory");
        goto done;
    }
    uint32_t k = 0;
    for (int32_t c = ks->child; c >= 0; c = t.v[c].next, k++) {
        out->nkernels++;
        if (!read_kernel(&t, &t.v[c], k, &out->kernels[k], msg, n))
            goto done;
    }
    ok = codeobj_meta_index(out, msg, n);
done:
    ytree_free(&t);
    if (!ok)
        codeobj_meta_free(out);
    return ok;
}
