/* Code objects: the kernel descriptor reader (codeobj_kd) on a descriptor built here field by field
 * from LLVM AMDGPUUsage's layout, the msgpack metadata reader (codeobj_meta) on bytes encoded here by
 * hand from the MessagePack format, code object v2's amd_kernel_code_t (codeobj_v2) built here from
 * AMDKernelCodeT.h's layout, its notes and YAML metadata (codeobj_yaml), and the reader's first
 * checks (codeobj_read). The whole path,
 * against llvm-mc's objects, is tests/e2e/codeobj.sh and tests/isa/objdump_check.sh. */
#include "unit.h"

#include "asm/codeobj.h"
#include "asm/codeobj_kd.h"
#include "asm/codeobj_meta.h"
#include "asm/codeobj_v2.h"

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
    put32(kd + 44, 0x10005); /* compute_pgm_rsrc3: kept for the target's check (codeobj.c; agpr) */
    ck_assert(codeobj_kd_read(kd, &d, msg, sizeof msg));
    ck_assert_uint_eq(d.rsrc3, 0x10005);
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
    if (l < 32) {
        mp_byte(m, 0xa0u | (unsigned)l); /* fixstr */
    } else {
        mp_byte(m, 0xd9); /* str 8: a length byte follows */
        mp_byte(m, (unsigned)l);
    }
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
    mp_kv_str(&m, ".type_name", "rocprim::detail::lookback_scan_state<rocprim::tuple<unsigned int, float>, true, true>*");
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
    ck_assert_str_eq(k->args[0].type_name, "rocprim::detail::lookback_scan_state<rocprim::tuple<unsigned int, float>, true, true>*"); /* any length */
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


/* ---- Code object v2 ---------------------------------------------------------------------------- */

static void put16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

/* An amd_kernel_code_t: version 1.2, AMDGPU 8.0.3, entry at 256; rsrc1/rsrc2 and the user SGPRs as
 * make_kd's; is_ptr64; 16 private, 2048 group, 40 kernarg bytes; 19 SGPRs, 21 VGPRs; alignments
 * 2^4, wave 2^6, call_convention -1. */
static void make_v2(uint8_t h[256])
{
    uint8_t kd[64];
    make_kd(kd);
    memset(h, 0, 256);
    put32(h + 0, 1);
    put32(h + 4, 2);
    put16(h + 8, 1);
    put16(h + 10, 8);
    put16(h + 12, 0);
    put16(h + 14, 3);
    put32(h + 16, 256);
    memcpy(h + 48, kd + 48, 8);
    put32(h + 56, 1u | 8u | 1u << 19);
    put32(h + 60, 16);
    put32(h + 64, 2048);
    put32(h + 72, 40);
    put16(h + 84, 19);
    put16(h + 86, 21);
    h[100] = h[101] = h[102] = 4;
    h[103] = 6;
    put32(h + 104, 0xffffffffu);
}

START_TEST(v2_header_fields)
{
    uint8_t h[256];
    make_v2(h);
    codeobj_v2_code_t v;
    char msg[200];
    ck_assert_msg(codeobj_v2_code_read(h, &v, msg, sizeof msg), "%s", msg);
    ck_assert_int_eq(v.kd.entry_offset, 256);
    ck_assert_uint_eq(v.kd.desc.group_segment_fixed_size, 2048);
    ck_assert_uint_eq(v.kd.desc.private_segment_fixed_size, 16);
    ck_assert_uint_eq(v.kd.desc.kernarg_size, 40);
    ck_assert_uint_eq(v.kernarg_size, 40);
    ck_assert_uint_eq(v.sgpr_count, 19);
    ck_assert_uint_eq(v.vgpr_count, 21);
    ck_assert_uint_eq(v.kd.vgprs_granted, 24);
    ck_assert_uint_eq(v.kd.sgprs_granted, 24);
    ck_assert_uint_eq(v.kd.desc.float_denorm_mode_32, 3);
    ck_assert(v.kd.desc.system_sgpr_workgroup_id_x && v.kd.desc.system_sgpr_workgroup_id_y);
    ck_assert_uint_eq(v.kd.desc.system_vgpr_workitem_id, 1);
    ck_assert(v.kd.desc.user_sgpr_private_segment_buffer && v.kd.desc.user_sgpr_kernarg_segment_ptr);
    ck_assert(!v.kd.desc.user_sgpr_dispatch_ptr);
    ck_assert_uint_eq(v.kd.user_sgprs, 6);
}
END_TEST

/* Each change of make_v2's header and the start of the message it gives. */
START_TEST(v2_header_refused)
{
    static const struct {
        unsigned at, size;
        uint32_t value;
        const char *msg;
    } cases[] = {
        { 0, 4, 2, "amd_kernel_code_version_major is 2" },
        { 8, 2, 0, "amd_machine_kind is 0" },
        { 10, 2, 9, "amd_machine_version is 9.0.3" },
        { 16, 4, 128, "kernel_code_entry_byte_offset is 128" },
        { 40, 4, 1, "reserved0 (bytes 40..47) is 0x1" },
        { 52, 4, 1u | 2u << 1 | 1u << 7 | 1u << 8 | 1u << 11, "compute_pgm_rsrc2.USER_SGPR_COUNT is 2" },
        { 56, 4, 1u | 8u | 1u << 19 | 1u << 7, "code_properties 0x80089 enables the grid workgroup count SGPRs" },
        { 56, 4, 1u | 8u | 1u << 19 | 1u << 10, "code_properties 0x80409 sets reserved bits" },
        { 56, 4, 1u | 8u, "code_properties 0x9: is_ptr64 is clear" },
        { 56, 4, 1u | 8u | 1u << 19 | 1u << 22, "code_properties 0x480009: is_xnack_enabled is set" },
        { 64, 4, 65537, "group_segment_fixed_size is 65537 bytes" },
        { 68, 4, 64, "gds_segment_byte_size is 64" },
        { 72, 4, 70000, "kernarg_segment_byte_size is 70000" },
        { 80, 4, 1, "workgroup_fbarrier_count is 1" },
        { 84, 2, 25, "wavefront_sgpr_count is 25 but compute_pgm_rsrc1 grants 24 SGPRs" },
        { 86, 2, 25, "workitem_vgpr_count is 25 but compute_pgm_rsrc1 grants 24 VGPRs" },
        { 88, 2, 3, "reserved_vgpr_first 3, reserved_vgpr_count 0" },
        { 94, 2, 105, "reserved_sgpr_first 0, reserved_sgpr_count 105" },
        { 96, 2, 7, "is_debug_enabled is clear but the debug SGPR fields" },
        { 100, 1, 1, "kernarg_segment_alignment is 2^1" },
        { 103, 1, 5, "wavefront_size is 2^5" },
        { 110, 1, 1, "reserved3 or runtime_loader_kernel_symbol" },
        { 255, 1, 1, "control_directives (bytes 128..255) are not zero" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint8_t h[256];
        make_v2(h);
        for (unsigned b = 0; b < cases[i].size; b++)
            h[cases[i].at + b] = (uint8_t)(cases[i].value >> (8 * b));
        codeobj_v2_code_t v;
        char msg[200] = "";
        ck_assert_msg(!codeobj_v2_code_read(h, &v, msg, sizeof msg), "case %zu accepted", i);
        ck_assert_msg(strncmp(msg, cases[i].msg, strlen(cases[i].msg)) == 0, "case %zu: %s", i, msg);
    }
}
END_TEST

START_TEST(v2_notes)
{
    char msg[200];
    bool target = false;
    uint8_t ver[8] = { 2, 0, 0, 0, 1, 0, 0, 0 };
    ck_assert(codeobj_v2_note(CODEOBJ_NT_AMD_HSA_CODE_OBJECT_VERSION, ver, 8, &target, msg, sizeof msg));
    ck_assert(!target);
    ver[0] = 3;
    ck_assert(!codeobj_v2_note(CODEOBJ_NT_AMD_HSA_CODE_OBJECT_VERSION, ver, 8, &target, msg, sizeof msg));
    ck_assert_str_eq(msg, "NT_AMD_HSA_CODE_OBJECT_VERSION is 3.1, not 2.x, in a code object v2 (ABI version 0)");
    ck_assert(!codeobj_v2_note(CODEOBJ_NT_AMD_HSA_CODE_OBJECT_VERSION, ver, 4, &target, msg, sizeof msg));
    /* vendor "AMD", architecture "AMDGPU", 8.0.3 */
    uint8_t isa[27] = { 4, 0, 7, 0, 8, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 'A', 'M', 'D', 0, 'A', 'M', 'D', 'G', 'P', 'U', 0 };
    ck_assert(codeobj_v2_note(CODEOBJ_NT_AMD_HSA_ISA_VERSION, isa, sizeof isa, &target, msg, sizeof msg));
    ck_assert(target);
    ck_assert(!codeobj_v2_note(CODEOBJ_NT_AMD_HSA_ISA_VERSION, isa, 20, &target, msg, sizeof msg));
    isa[4] = 9;
    ck_assert(!codeobj_v2_note(CODEOBJ_NT_AMD_HSA_ISA_VERSION, isa, sizeof isa, &target, msg, sizeof msg));
    ck_assert_str_eq(msg, "NT_AMD_HSA_ISA_VERSION is 9.0.3; gcnsim simulates gfx803 (8.0.3)");
    const char *name = "amdgcn-amd-amdhsa--gfx803";
    ck_assert(codeobj_v2_note(CODEOBJ_NT_AMD_HSA_ISA_NAME, (const uint8_t *)name, strlen(name) + 1, &target, msg, sizeof msg));
    ck_assert(!codeobj_v2_note(CODEOBJ_NT_AMD_HSA_ISA_NAME, (const uint8_t *)name, 10, &target, msg, sizeof msg));
    ck_assert_str_eq(msg, "NT_AMD_HSA_ISA_NAME is 'amdgcn-amd'; gcnsim simulates amdgcn-amd-amdhsa--gfx803");
}
END_TEST

static bool yaml_read(const char *text, codeobj_meta_t *m, char *msg, size_t n)
{
    return codeobj_meta_read_yaml((const uint8_t *)text, strlen(text), m, msg, n);
}

START_TEST(metadata_yaml)
{
    const char *text = "---\n"
                       "Version: [ 1, 0 ]\n"
                       "Kernels:\n"
                       "  - Name: k\n"
                       "    SymbolName: 'k@kd'\n"
                       "    Args:\n"
                       "      - { Name: n, TypeName: uint, Size: 4, Align: 4, ValueKind: ByValue }\n"
                       "      - Name: x\n"
                       "        TypeName: 'float*'\n"
                       "        Size: 8\n"
                       "        Align: 8\n"
                       "        ValueKind: GlobalBuffer\n"
                       "        AddrSpaceQual: Global\n"
                       "      - { Size: 8, Align: 8, ValueKind: HiddenGlobalOffsetX }\n"
                       "      - { Size: 2, Align: 2, ValueKind: HiddenNone }\n"
                       "    CodeProps:\n"
                       "      KernargSegmentSize: 32\n"
                       "      NumSGPRs: 11\n"
                       "      NumVGPRs: 5\n"
                       "...\n";
    codeobj_meta_t m;
    char msg[200];
    ck_assert_msg(yaml_read(text, &m, msg, sizeof msg), "%s", msg);
    ck_assert_uint_eq(m.nkernels, 1);
    const codeobj_meta_kernel_t *k = &m.kernels[0];
    ck_assert_str_eq(k->name, "k");
    ck_assert(k->has_kernarg_size && k->has_vgpr_count && k->has_sgpr_count);
    ck_assert_uint_eq(k->kernarg_size, 32);
    ck_assert_uint_eq(k->sgpr_count, 11);
    ck_assert_uint_eq(k->vgpr_count, 5);
    ck_assert_uint_eq(k->nargs, 4);
    /* No offsets in v2: each at the next multiple of its Align. */
    static const uint32_t offsets[] = { 0, 8, 16, 24 };
    static const char *const kinds[] = { "by_value", "global_buffer", "hidden_global_offset_x", "hidden_none" };
    static const isa_arg_kind_t ak[] = { ISA_ARG_BY_VALUE, ISA_ARG_GLOBAL_BUFFER, ISA_ARG_HIDDEN, ISA_ARG_HIDDEN };
    for (int i = 0; i < 4; i++) {
        ck_assert_uint_eq(k->args[i].offset, offsets[i]);
        ck_assert_str_eq(k->args[i].value_kind, kinds[i]);
        ck_assert_int_eq(k->args[i].kind, ak[i]);
    }
    ck_assert_str_eq(k->args[0].name, "n");
    ck_assert_str_eq(k->args[1].type_name, "float*");
    ck_assert_str_eq(k->args[2].name, "arg2");
    ck_assert_uint_eq(k->args[3].size, 2);
    codeobj_meta_free(&m);
}
END_TEST

START_TEST(metadata_yaml_refused)
{
    static const struct {
        const char *text, *msg;
    } cases[] = {
        { "Version: [ 1, 0 ]\nKernels: [ { Name: k\n", "YAML line 3, column 1: " },
        { "Kernels: []\n", "YAML line 1: no 'Version: [ 1, N ]'" },
        { "Version: [ 2, 0 ]\nKernels: []\n", "YAML line 1: no 'Version: [ 1, N ]'" },
        { "Version: [ 1, 0 ]\n", "YAML line 1: no 'Kernels' sequence" },
        { "", "YAML line 1: no YAML document" },
        { "Version: [ 1, 0 ]\nKernels: [ { Args: [] } ]\n", "YAML line 2: Kernels[0] has no 'Name'" },
        { "Version: [ 1, 0 ]\nKernels: [ &a { Name: k } ]\n", "YAML line 2: anchors are not read" },
        { "Version: &v [ 1, 0 ]\nKernels: *v\n", "YAML line 1: anchors are not read" },
        { "Version: [ 1, 0 ]\nKernels: [ { Name: k, Args: [ { Size: 4, Align: 4, ValueKind: Fancy } ] } ]\n",
          "YAML line 2: Kernels[0].Args[0]: unknown ValueKind 'Fancy'" },
        { "Version: [ 1, 0 ]\nKernels: [ { Name: k, Args: [ { Size: 4, Align: 3, ValueKind: ByValue } ] } ]\n",
          "YAML line 2: Kernels[0].Args[0] 'Align' is not a power of two" },
        { "Version: [ 1, 0 ]\nKernels: [ { Name: k, Args: [ { Size: 99999999999, Align: 4, ValueKind: ByValue } ] } ]\n",
          "YAML line 2: Kernels[0].Args[0] 'Size' is not a size" },
        { "Version: [ 1, 0 ]\nKernels: [ { Name: k, Args: [ { Size: 8, Align: 8, ValueKind: ByValue } ], "
          "CodeProps: { KernargSegmentSize: 4 } } ]\n", "YAML line 2: Kernels[0] ('k'): its Args take 8 bytes" },
        { "Version: [ 1, 0 ]\nKernels: [ { Name: k, CodeProps: { NumSGPRs: -1 } } ]\n",
          "YAML line 2: Kernels[0] 'CodeProps.NumSGPRs' is not a count" },
        { "Version: [ 1, 0 ]\nKernels: [ { Name: k, CodeProps: [] } ]\n", "YAML line 2: Kernels[0] 'CodeProps' is not a map" },
        { "Version: [ 1, 0 ]\nKernels: [ [[[[[[[[[[[[[[[[[[ ]]]]]]]]]]]]]]]]]] ]\n", "nested deeper than 16 levels" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        codeobj_meta_t m;
        char msg[200] = "";
        ck_assert_msg(!yaml_read(cases[i].text, &m, msg, sizeof msg), "case %zu accepted", i);
        ck_assert_msg(strstr(msg, cases[i].msg) != NULL, "case %zu: %s", i, msg);
    }
    /* A NUL inside the text. */
    const char nul[] = "Version: [ 1, 0 ]\nKernels: [ { Name: \"a\\0b\" } ]\n";
    codeobj_meta_t m;
    char msg[200];
    ck_assert(!codeobj_meta_read_yaml((const uint8_t *)nul, sizeof nul - 1, &m, msg, sizeof msg));
    ck_assert_ptr_nonnull(strstr(msg, "a NUL character in a scalar"));
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
    tcase_add_test(tc, v2_header_fields);
    tcase_add_test(tc, v2_header_refused);
    tcase_add_test(tc, v2_notes);
    tcase_add_test(tc, metadata_yaml);
    tcase_add_test(tc, metadata_yaml_refused);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)
