/* Code objects: the kernel descriptor reader (codeobj_kd) on a descriptor built here field by field
 * from LLVM AMDGPUUsage's layout, the msgpack metadata reader (codeobj_meta) on bytes encoded here by
 * hand from the MessagePack format, and the reader's first checks (codeobj_read). The whole path,
 * against llvm-mc's objects, is tests/e2e/codeobj.sh and tests/objdump_check.sh. */
#include "unit.h"

#include "asm/codeobj.h"
#include "asm/codeobj_kd.h"
#include "asm/codeobj_meta.h"

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* A descriptor: 2048 bytes of LDS, 16 private, 28 of kernarg, entry 256 bytes before it; 24 VGPRs
 * (granule 5), 24 SGPRs (granule 2), denormals kept, DX10 clamp and IEEE on; the private segment
 * wavefront offset, workgroup ids x and y, work-item ids x and y; user SGPRs: the private segment
 * buffer (4) and the kernarg pointer (2). */
static void make_kd(uint8_t kd[64])
{
    memset(kd, 0, 64);
    put32(kd + 0, 2048);
    put32(kd + 4, 16);
    put32(kd + 8, 28);
    put32(kd + 16, (uint32_t)-256);
    put32(kd + 20, 0xffffffffu);
    put32(kd + 48, 5u | 2u << 6 | 3u << 16 | 1u << 21 | 1u << 23);
    put32(kd + 52, 1u | 6u << 1 | 1u << 7 | 1u << 8 | 1u << 11);
    kd[56] = 1u | 8u;
}

START_TEST(descriptor_fields)
{
    uint8_t kd[64];
    make_kd(kd);
    codeobj_kd_t d;
    char msg[200];
    ck_assert_msg(codeobj_kd_read(kd, &d, msg, sizeof msg), "%s", msg);
    ck_assert(d.desc.present);
    ck_assert_uint_eq(d.desc.group_segment_fixed_size, 2048);
    ck_assert_uint_eq(d.desc.private_segment_fixed_size, 16);
    ck_assert_uint_eq(d.desc.kernarg_size, 28);
    ck_assert_int_eq(d.entry_offset, -256);
    ck_assert_uint_eq(d.vgprs_granted, 24);
    ck_assert_uint_eq(d.sgprs_granted, 24);
    ck_assert_uint_eq(d.desc.float_denorm_mode_32, 3);
    ck_assert(d.desc.dx10_clamp && d.desc.ieee_mode);
    ck_assert(d.desc.system_sgpr_private_segment_wavefront_offset);
    ck_assert(d.desc.system_sgpr_workgroup_id_x && d.desc.system_sgpr_workgroup_id_y);
    ck_assert(!d.desc.system_sgpr_workgroup_id_z && !d.desc.system_sgpr_workgroup_info);
    ck_assert_uint_eq(d.desc.system_vgpr_workitem_id, 1);
    ck_assert(d.desc.user_sgpr_private_segment_buffer && d.desc.user_sgpr_kernarg_segment_ptr);
    ck_assert(!d.desc.user_sgpr_dispatch_ptr && !d.desc.user_sgpr_queue_ptr);
    ck_assert_uint_eq(d.user_sgprs, 6);
}
END_TEST

START_TEST(descriptor_refused)
{
    uint8_t kd[64];
    codeobj_kd_t d;
    char msg[200];
    make_kd(kd);
    kd[30] = 1; /* reserved1 */
    ck_assert(!codeobj_kd_read(kd, &d, msg, sizeof msg));
    ck_assert_ptr_nonnull(strstr(msg, "reserved bytes"));
    make_kd(kd);
    kd[56] = 8; /* the kernarg pointer alone: 2 user SGPRs, not 6 */
    ck_assert(!codeobj_kd_read(kd, &d, msg, sizeof msg));
    ck_assert_str_eq(msg, "compute_pgm_rsrc2.USER_SGPR_COUNT is 6 but the enabled user SGPRs (kernel_code_properties 0x8) take 2");
    make_kd(kd);
    put32(kd + 44, 1); /* compute_pgm_rsrc3 */
    ck_assert(!codeobj_kd_read(kd, &d, msg, sizeof msg));
    make_kd(kd);
    kd[53] |= 3u << 3; /* work-item ids 3: undefined */
    ck_assert(!codeobj_kd_read(kd, &d, msg, sizeof msg));
    make_kd(kd);
    kd[57] = 4; /* wave32 */
    ck_assert(!codeobj_kd_read(kd, &d, msg, sizeof msg));
}
END_TEST

/* ---- A MessagePack writer for the tests: fixmap, fixarray, fixstr, positive fixint. ---- */
typedef struct {
    uint8_t b[512];
    size_t n;
} mp_t;
static void mp_byte(mp_t *m, unsigned v) { m->b[m->n++] = (uint8_t)v; }
static void mp_str(mp_t *m, const char *s)
{
    size_t l = strlen(s);
    mp_byte(m, 0xa0u | (unsigned)l);
    memcpy(m->b + m->n, s, l);
    m->n += l;
}
static void mp_kv_str(mp_t *m, const char *k, const char *v) { mp_str(m, k); mp_str(m, v); }
static void mp_kv_uint(mp_t *m, const char *k, unsigned v) { mp_str(m, k); mp_byte(m, v); }

START_TEST(metadata_msgpack)
{
    mp_t m = { .n = 0 };
    mp_byte(&m, 0x81); /* { "amdhsa.kernels": [ { 5 keys } ] } */
    mp_str(&m, "amdhsa.kernels");
    mp_byte(&m, 0x91);
    mp_byte(&m, 0x85);
    mp_kv_str(&m, ".name", "k");
    mp_kv_uint(&m, ".kernarg_segment_size", 16);
    mp_kv_uint(&m, ".vgpr_count", 5);
    mp_kv_uint(&m, ".sgpr_count", 11);
    mp_str(&m, ".args");
    mp_byte(&m, 0x92);
    mp_byte(&m, 0x85);
    mp_kv_str(&m, ".name", "x");
    mp_kv_uint(&m, ".offset", 0);
    mp_kv_uint(&m, ".size", 8);
    mp_kv_str(&m, ".value_kind", "global_buffer");
    mp_kv_str(&m, ".type_name", "float*");
    mp_byte(&m, 0x83); /* an argument without a name: "arg1", as from text */
    mp_kv_uint(&m, ".offset", 8);
    mp_kv_uint(&m, ".size", 8);
    mp_kv_str(&m, ".value_kind", "hidden_global_offset_x");
    codeobj_meta_t meta;
    char msg[200];
    ck_assert_msg(codeobj_meta_read_msgpack(m.b, m.n, &meta, msg, sizeof msg), "%s", msg);
    ck_assert_uint_eq(meta.nkernels, 1);
    const codeobj_meta_kernel_t *k = &meta.kernels[0];
    ck_assert_str_eq(k->name, "k");
    ck_assert(k->has_kernarg_size && k->has_vgpr_count && k->has_sgpr_count);
    ck_assert_uint_eq(k->kernarg_size, 16);
    ck_assert_uint_eq(k->vgpr_count, 5);
    ck_assert_uint_eq(k->sgpr_count, 11);
    ck_assert_uint_eq(k->nargs, 2);
    ck_assert_str_eq(k->args[0].name, "x");
    ck_assert_str_eq(k->args[0].type_name, "float*");
    ck_assert_int_eq(k->args[0].kind, ISA_ARG_GLOBAL_BUFFER);
    ck_assert_uint_eq(k->args[0].size, 8);
    ck_assert_str_eq(k->args[1].name, "arg1");
    ck_assert_int_eq(k->args[1].kind, ISA_ARG_HIDDEN);
    ck_assert_uint_eq(k->args[1].offset, 8);
    codeobj_meta_free(&meta);
    /* Every truncation is refused. */
    for (size_t cut = 0; cut < m.n; cut++)
        ck_assert_msg(!codeobj_meta_read_msgpack(m.b, cut, &meta, msg, sizeof msg), "cut at %zu accepted", cut);
}
END_TEST

START_TEST(metadata_refused)
{
    codeobj_meta_t meta;
    char msg[200];
    /* An array claiming 2^32 - 1 elements in 5 bytes: refused before msgpack-c allocates them. */
    const uint8_t huge[] = { 0xdd, 0xff, 0xff, 0xff, 0xff };
    ck_assert(!codeobj_meta_read_msgpack(huge, sizeof huge, &meta, msg, sizeof msg));
    ck_assert_str_eq(msg, "the MessagePack data is truncated or malformed");
    /* A kernel whose .offset is a string. */
    mp_t m = { .n = 0 };
    mp_byte(&m, 0x81);
    mp_str(&m, "amdhsa.kernels");
    mp_byte(&m, 0x91);
    mp_byte(&m, 0x82);
    mp_kv_str(&m, ".name", "k");
    mp_str(&m, ".args");
    mp_byte(&m, 0x91);
    mp_byte(&m, 0x81);
    mp_kv_str(&m, ".offset", "0");
    ck_assert(!codeobj_meta_read_msgpack(m.b, m.n, &meta, msg, sizeof msg));
    ck_assert_str_eq(msg, "amdhsa.kernels[0].args[0]: '.offset' is not an unsigned 32-bit integer");
    /* No amdhsa.kernels. */
    const uint8_t empty[] = { 0x80 };
    ck_assert(!codeobj_meta_read_msgpack(empty, sizeof empty, &meta, msg, sizeof msg));
    ck_assert_str_eq(msg, "no 'amdhsa.kernels' array in the metadata map");
}
END_TEST

START_TEST(reader_first_checks)
{
    ck_assert(codeobj_is_elf("\177ELF", 4));
    ck_assert(!codeobj_is_elf("\177EL", 3));
    ck_assert(!codeobj_is_elf("    .text", 9));
    uint8_t hdr[64] = { 0x7f, 'E', 'L', 'F' };
    isa_program_t prog;
    FILE *err = tmpfile();
    ck_assert_ptr_nonnull(err);
    ck_assert_int_eq(codeobj_read("x.o", hdr, 20, &prog, err), 1);
    ck_assert_int_eq(codeobj_read("x.o", hdr, sizeof hdr, &prog, err), 1); /* class 0: not ELF64 */
    rewind(err);
    char line[200];
    ck_assert_ptr_nonnull(fgets(line, sizeof line, err));
    ck_assert_str_eq(line, "x.o: error: ELF header: truncated (20 bytes; a 64-bit ELF header is 64)\n");
    ck_assert_ptr_nonnull(fgets(line, sizeof line, err));
    ck_assert_ptr_nonnull(strstr(line, "x.o: error: ELF header: "));
    fclose(err);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("codeobj");
    TCase *tc = tcase_create("codeobj");
    tcase_add_test(tc, descriptor_fields);
    tcase_add_test(tc, descriptor_refused);
    tcase_add_test(tc, metadata_msgpack);
    tcase_add_test(tc, metadata_refused);
    tcase_add_test(tc, reader_first_checks);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)
