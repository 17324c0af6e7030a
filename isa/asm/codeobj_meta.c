/* codeobj_meta: the msgpack metadata note. msgpack-c unpacks the blob; a first walk over its
 * headers (check_sizes) makes sure no container claims more elements than there are bytes left,
 * because msgpack-c allocates a container's elements before reading them and a 5-byte header may
 * claim four billion. Keys are those the assembler reads from `.amdgpu_metadata` text (asm_directives.c). */
#include "asm/codeobj_meta.h"

#include "asm/asm_directives.h"

#include <inttypes.h>
#include <msgpack.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- A walk over the encoding's headers -------------------------------------------------- */

static uint64_t be(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v = v << 8 | p[i];
    return v;
}

/* Skip one object at *pos; containers are pushed as counts of objects still to read. False when
 * the encoding is truncated, nests deeper than 32 or a count exceeds the bytes that remain. */
static bool check_sizes(const uint8_t *d, size_t len)
{
    uint64_t pending[33];
    int depth = 0;
    size_t pos = 0;
    pending[0] = 1;
    while (depth >= 0) {
        if (pending[depth] == 0) {
            depth--;
            continue;
        }
        pending[depth]--;
        if (pos >= len)
            return false;
        uint8_t b = d[pos++];
        uint64_t skip = 0, count = 0;
        bool container = false;
        if (b <= 0x7f || b >= 0xe0 || b == 0xc0 || b == 0xc2 || b == 0xc3) {
        } else if ((b & 0xf0) == 0x80 || (b & 0xf0) == 0x90) {
            container = true;
            count = (uint64_t)(b & 0x0f) * ((b & 0xf0) == 0x80 ? 2 : 1);
        } else if ((b & 0xe0) == 0xa0) {
            skip = b & 0x1f;
        } else {
            unsigned hdr = 0;
            switch (b) {
            case 0xcc: case 0xd0: skip = 1; break;
            case 0xcd: case 0xd1: skip = 2; break;
            case 0xca: case 0xce: case 0xd2: skip = 4; break;
            case 0xcb: case 0xcf: case 0xd3: skip = 8; break;
            case 0xd4: skip = 2; break;
            case 0xd5: skip = 3; break;
            case 0xd6: skip = 5; break;
            case 0xd7: skip = 9; break;
            case 0xd8: skip = 17; break;
            case 0xc4: case 0xd9: hdr = 1; break;
            case 0xc5: case 0xda: hdr = 2; break;
            case 0xc6: case 0xdb: hdr = 4; break;
            case 0xc7: hdr = 1; skip = 1; break;
            case 0xc8: hdr = 2; skip = 1; break;
            case 0xc9: hdr = 4; skip = 1; break;
            case 0xdc: case 0xde: hdr = 2; container = true; break;
            case 0xdd: case 0xdf: hdr = 4; container = true; break;
            default: return false; /* 0xc1: never used */
            }
            if (hdr) {
                if (len - pos < hdr)
                    return false;
                uint64_t v = be(d + pos, hdr);
                pos += hdr;
                if (container)
                    count = v * (b == 0xde || b == 0xdf ? 2 : 1);
                else
                    skip += v;
            }
        }
        if (skip > len - pos)
            return false;
        pos += (size_t)skip;
        if (container && count) {
            if (count > len - pos || depth == 32)
                return false;
            pending[++depth] = count;
        }
    }
    return true;
}

/* ---- Reading the keys ---------------------------------------------------------------------- */

static const msgpack_object *map_get(const msgpack_object *map, const char *key)
{
    if (map->type != MSGPACK_OBJECT_MAP)
        return NULL;
    size_t kl = strlen(key);
    for (uint32_t i = 0; i < map->via.map.size; i++) {
        const msgpack_object *k = &map->via.map.ptr[i].key;
        if (k->type == MSGPACK_OBJECT_STR && k->via.str.size == kl && memcmp(k->via.str.ptr, key, kl) == 0)
            return &map->via.map.ptr[i].val;
    }
    return NULL;
}

/* Copy string key `key` of map into buf; 0 absent, 1 copied, -1 wrong type or too long. */
static int get_str(const msgpack_object *map, const char *key, char *buf, size_t size)
{
    const msgpack_object *v = map_get(map, key);
    if (!v)
        return 0;
    if (v->type != MSGPACK_OBJECT_STR || v->via.str.size >= size || memchr(v->via.str.ptr, 0, v->via.str.size))
        return -1;
    memcpy(buf, v->via.str.ptr, v->via.str.size);
    buf[v->via.str.size] = 0;
    return 1;
}

/* A string of any length (no NUL in it), malloc'd into *out. */
static int get_name(const msgpack_object *map, const char *key, char **out)
{
    const msgpack_object *v = map_get(map, key);
    if (!v)
        return 0;
    if (v->type != MSGPACK_OBJECT_STR || memchr(v->via.str.ptr, 0, v->via.str.size) || !(*out = malloc(v->via.str.size + 1)))
        return -1;
    memcpy(*out, v->via.str.ptr, v->via.str.size);
    (*out)[v->via.str.size] = 0;
    return 1;
}

static int get_u32(const msgpack_object *map, const char *key, uint32_t *out)
{
    const msgpack_object *v = map_get(map, key);
    if (!v)
        return 0;
    if (v->type != MSGPACK_OBJECT_POSITIVE_INTEGER || v->via.u64 > UINT32_MAX)
        return -1;
    *out = (uint32_t)v->via.u64;
    return 1;
}

static bool read_arg(const msgpack_object *o, uint32_t ki, uint32_t ai, isa_kernel_arg_t *a, char *msg, size_t n)
{
    memset(a, 0, sizeof *a);
    a->kind = ISA_ARG_OTHER;
    const char *bad = NULL;
    if (o->type != MSGPACK_OBJECT_MAP)
        bad = "is not a map";
    else if (get_name(o, ".name", &a->name) < 0)
        bad = "'.name' is not a string";
    else if (get_name(o, ".type_name", &a->type_name) < 0)
        bad = "'.type_name' is not a string";
    else if (get_str(o, ".value_kind", a->value_kind, sizeof a->value_kind) < 0)
        bad = "'.value_kind' is not a string of at most 39 characters";
    else if (get_u32(o, ".offset", &a->offset) < 0)
        bad = "'.offset' is not an unsigned 32-bit integer";
    else if (get_u32(o, ".size", &a->size) < 0)
        bad = "'.size' is not an unsigned 32-bit integer";
    if (!bad && !isa_kernel_arg_fill_names(a, ai))
        bad = "out of memory";
    if (bad) {
        snprintf(msg, n, "amdhsa.kernels[%u].args[%u]: %s", ki, ai, bad);
        return false;
    }
    if (a->value_kind[0])
        a->kind = asm_arg_kind(a->value_kind);
    return true;
}

static bool read_kernel(const msgpack_object *o, uint32_t ki, codeobj_meta_kernel_t *k, char *msg, size_t n)
{
    const char *bad = NULL;
    int name = 0, ksize = 0, vgprs = 0, sgprs = 0, agprs = 0;
    if (o->type != MSGPACK_OBJECT_MAP) {
        bad = "is not a map";
    } else {
        name = get_name(o, ".name", &k->name);
        ksize = get_u32(o, ".kernarg_segment_size", &k->kernarg_size);
        vgprs = get_u32(o, ".vgpr_count", &k->vgpr_count);
        sgprs = get_u32(o, ".sgpr_count", &k->sgpr_count);
        agprs = get_u32(o, ".agpr_count", &k->agpr_count);
        if (name <= 0)
            bad = name ? "'.name' is not a string" : "has no '.name'";
        else if (ksize < 0)
            bad = "'.kernarg_segment_size' is not an unsigned 32-bit integer";
        else if (vgprs < 0 || k->vgpr_count > 512)
            bad = "'.vgpr_count' is not a count of at most 512 VGPRs";
        else if (agprs < 0 || k->agpr_count > 256)
            bad = "'.agpr_count' is not a count of at most 256 AGPRs";
        else if (sgprs < 0 || k->sgpr_count > 104)
            bad = "'.sgpr_count' is not a count of at most 104 SGPRs";
    }
    if (bad) {
        snprintf(msg, n, "amdhsa.kernels[%u] %s", ki, bad);
        return false;
    }
    k->has_kernarg_size = ksize > 0;
    k->has_vgpr_count = vgprs > 0;
    k->has_sgpr_count = sgprs > 0;
    k->has_agpr_count = agprs > 0;
    if (k->kernarg_size > CODEOBJ_KERNARG_MAX) {
        snprintf(msg, n, "amdhsa.kernels[%u] ('%s'): '.kernarg_segment_size' is %u bytes; at most %d", ki, k->name,
                 k->kernarg_size, CODEOBJ_KERNARG_MAX);
        return false;
    }
    const msgpack_object *args = map_get(o, ".args");
    if (!args)
        return true;
    if (args->type != MSGPACK_OBJECT_ARRAY) {
        snprintf(msg, n, "amdhsa.kernels[%u] ('%s'): '.args' is not an array", ki, k->name);
        return false;
    }
    k->args = calloc(args->via.array.size ? args->via.array.size : 1, sizeof *k->args);
    if (!k->args) {
        snprintf(msg, n, "out of memory");
        return false;
    }
    for (uint32_t a = 0; a < args->via.array.size; a++) {
        if (!read_arg(&args->via.array.ptr[a], ki, a, &k->args[a], msg, n))
            return isa_kernel_args_free_one(&k->args[a]), false;
        k->nargs++;
        /* 64-bit sums: an offset near 2^32 must not wrap to a small end. */
        uint64_t end = (uint64_t)k->args[a].offset + k->args[a].size;
        uint64_t cap = k->has_kernarg_size ? k->kernarg_size : CODEOBJ_KERNARG_MAX;
        if (end > cap) {
            snprintf(msg, n, "amdhsa.kernels[%u].args[%u] ('%s'): '.offset' %u + '.size' %u ends past the %s (%" PRIu64
                     " bytes)", ki, a, k->args[a].name, k->args[a].offset, k->args[a].size,
                     k->has_kernarg_size ? "'.kernarg_segment_size'" : "kernarg segment's limit", cap);
            return false;
        }
    }
    return true;
}

bool codeobj_meta_read_msgpack(const uint8_t *data, size_t len, codeobj_meta_t *out, char *msg, size_t n)
{
    memset(out, 0, sizeof *out);
    if (!check_sizes(data, len)) {
        snprintf(msg, n, "the MessagePack data is truncated or malformed");
        return false;
    }
    msgpack_unpacked u;
    msgpack_unpacked_init(&u);
    size_t off = 0;
    bool ok = false;
    if (msgpack_unpack_next(&u, (const char *)data, len, &off) != MSGPACK_UNPACK_SUCCESS) {
        snprintf(msg, n, "the MessagePack data is malformed");
        goto done;
    }
    const msgpack_object *ks = map_get(&u.data, "amdhsa.kernels");
    if (u.data.type != MSGPACK_OBJECT_MAP || !ks || ks->type != MSGPACK_OBJECT_ARRAY) {
        snprintf(msg, n, "no 'amdhsa.kernels' array in the metadata map");
        goto done;
    }
    out->kernels = calloc(ks->via.array.size ? ks->via.array.size : 1, sizeof *out->kernels);
    if (!out->kernels) {
        snprintf(msg, n, "out of memory");
        goto done;
    }
    for (uint32_t k = 0; k < ks->via.array.size; k++) {
        out->nkernels++;
        if (!read_kernel(&ks->via.array.ptr[k], k, &out->kernels[k], msg, n))
            goto done;
    }
    ok = codeobj_meta_index(out, msg, n);
done:
    msgpack_unpacked_destroy(&u);
    if (!ok)
        codeobj_meta_free(out);
    return ok;
}

bool codeobj_meta_index(codeobj_meta_t *m, char *msg, size_t n)
{
    for (uint32_t k = 0; k < m->nkernels; k++) {
        codeobj_meta_kernel_t *old = NULL, *y = &m->kernels[k];
        HASH_FIND_STR(m->by_name, y->name, old);
        if (!old)
            HASH_ADD_KEYPTR(hh, m->by_name, y->name, strlen(y->name), y);
    }
    (void)msg, (void)n;
    return true;
}

codeobj_meta_kernel_t *codeobj_meta_find(const codeobj_meta_t *m, const char *name)
{
    codeobj_meta_kernel_t *k = NULL;
    HASH_FIND_STR(m->by_name, name, k);
    return k;
}

void codeobj_meta_free(codeobj_meta_t *m)
{
    HASH_CLEAR(hh, m->by_name);
    for (uint32_t k = 0; k < m->nkernels; k++) {
        isa_kernel_args_free(m->kernels[k].args, m->kernels[k].nargs);
        free(m->kernels[k].name);
    }
    free(m->kernels);
    m->kernels = NULL;
    m->nkernels = 0;
}
