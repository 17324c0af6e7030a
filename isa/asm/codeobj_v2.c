/* codeobj_v2: amd_kernel_code_t, byte offsets: 0 version major (u32), 4 minor (u32), 8 machine kind
 * (u16), 10/12/14 machine version major/minor/stepping (u16), 16 kernel_code_entry_byte_offset
 * (i64), 24 kernel_code_prefetch_byte_offset (i64), 32 kernel_code_prefetch_byte_size (u64), 40
 * reserved0 (u64), 48 compute_pgm_rsrc1 (u32), 52 compute_pgm_rsrc2 (u32), 56 code_properties (u32),
 * 60 workitem_private_segment_byte_size, 64 workgroup_group_segment_byte_size, 68
 * gds_segment_byte_size (u32 each), 72 kernarg_segment_byte_size (u64), 80 workgroup_fbarrier_count
 * (u32), 84 wavefront_sgpr_count, 86 workitem_vgpr_count, 88 reserved_vgpr_first, 90
 * reserved_vgpr_count, 92 reserved_sgpr_first, 94 reserved_sgpr_count, 96/98 the debug SGPRs (u16
 * each), 100..103 kernarg/group/private segment alignment and wavefront size (log2, u8 each), 104
 * call_convention (i32), 108 reserved3 (12 bytes), 120 runtime_loader_kernel_symbol (u64), 128
 * control_directives (128 bytes). */
#include "asm/codeobj_v2.h"
#include "common/le.h"

#include <stdio.h>
#include <string.h>

static bool zero(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i])
            return false;
    return true;
}

/* code_properties bits (AMD_CODE_PROPERTY_*): [6:0] the user SGPR enables as in a v3
 * descriptor, [9:7] grid workgroup counts, [15:10] reserved (wave32 on later targets), [16]
 * ordered append GDS, [18:17] private element size, [19] is_ptr64, [20] dynamic call stack, [21]
 * debug, [22] xnack, [31:23] reserved. */
#define P_GRID_COUNTS (7u << 7)
#define P_RESERVED1 (0x3fu << 10)
#define P_GDS (1u << 16)
#define P_PTR64 (1u << 19)
#define P_DEBUG (1u << 21)
#define P_XNACK (1u << 22)
#define P_RESERVED2 (0x1ffu << 23)

static bool fail(char *msg, size_t n, const char *fmt, unsigned long long v)
{
    snprintf(msg, n, fmt, v);
    return false;
}

bool codeobj_v2_code_read(const uint8_t p[CODEOBJ_V2_HEADER_SIZE], codeobj_v2_code_t *out, char *msg, size_t n)
{
    memset(out, 0, sizeof *out);
    if (le_get32(p + 0) != 1)
        return fail(msg, n, "amd_kernel_code_version_major is %llu; code object v2 kernels have version 1",
                    le_get32(p + 0));
    if (le_get16(p + 8) != 1)
        return fail(msg, n, "amd_machine_kind is %llu, not 1 (AMDGPU)", le_get16(p + 8));
    if (le_get16(p + 10) != 8 || le_get16(p + 12) != 0 || le_get16(p + 14) != 3) {
        snprintf(msg, n, "amd_machine_version is %u.%u.%u; gcnsim simulates gfx803 (8.0.3)", le_get16(p + 10),
                 le_get16(p + 12), le_get16(p + 14));
        return false;
    }
    int64_t entry = (int64_t)le_get64(p + 16);
    if (entry < CODEOBJ_V2_HEADER_SIZE || entry % 256 != 0 || entry > (1 << 20))
        return fail(msg, n, "kernel_code_entry_byte_offset is %lld; the code follows the header at a multiple of "
                    "256 bytes", (unsigned long long)entry);
    if (!zero(p + 40, 8))
        return fail(msg, n, "reserved0 (bytes 40..47) is 0x%llx, not zero", le_get64(p + 40));
    /* rsrc1, rsrc2 and the user SGPR enables read as in a v3 descriptor: build one and let
     * codeobj_kd_read make its checks (rsrc3 and the reserved bytes stay zero). */
    uint8_t kd[CODEOBJ_KD_SIZE] = { 0 };
    uint32_t props = le_get32(p + 56);
    memcpy(kd + 0, p + 64, 4);  /* group_segment_fixed_size */
    memcpy(kd + 4, p + 60, 4);  /* private_segment_fixed_size */
    memcpy(kd + 16, p + 16, 8); /* kernel_code_entry_byte_offset */
    memcpy(kd + 48, p + 48, 8); /* compute_pgm_rsrc1, compute_pgm_rsrc2 */
    kd[56] = (uint8_t)(props & 0x7f);
    if (!codeobj_kd_read(kd, &out->kd, msg, n))
        return false; /* its messages name the rsrc fields, which v2 shares */
    uint64_t kernarg = le_get64(p + 72);
    out->kernarg_size = kernarg;
    if (kernarg > 65536)
        return fail(msg, n, "kernarg_segment_byte_size is %llu; at most 65536", kernarg);
    out->kd.desc.kernarg_size = (uint32_t)kernarg;
    if (props & P_GRID_COUNTS)
        return fail(msg, n, "code_properties 0x%llx enables the grid workgroup count SGPRs, which gcnsim does not "
                    "set up", props);
    if (props & (P_RESERVED1 | P_RESERVED2))
        return fail(msg, n, "code_properties 0x%llx sets reserved bits (10..15, 23..31)", props);
    if (props & P_GDS)
        return fail(msg, n, "code_properties 0x%llx enables ordered append GDS; gcnsim has no GDS", props);
    if (!(props & P_PTR64))
        return fail(msg, n, "code_properties 0x%llx: is_ptr64 is clear; gfx803 under amdhsa has 64-bit addresses",
                    props);
    if (props & P_XNACK)
        return fail(msg, n, "code_properties 0x%llx: is_xnack_enabled is set; gfx803 has no XNACK", props);
    if (le_get32(p + 68))
        return fail(msg, n, "gds_segment_byte_size is %llu; gcnsim has no GDS", le_get32(p + 68));
    if (le_get32(p + 80))
        return fail(msg, n, "workgroup_fbarrier_count is %llu; gcnsim has no fbarriers", le_get32(p + 80));
    out->sgpr_count = le_get16(p + 84);
    out->vgpr_count = le_get16(p + 86);
    if (out->sgpr_count > out->kd.sgprs_granted || out->sgpr_count > 104) {
        snprintf(msg, n, "wavefront_sgpr_count is %u but compute_pgm_rsrc1 grants %u SGPRs (at most 104)",
                 out->sgpr_count, out->kd.sgprs_granted);
        return false;
    }
    if (out->vgpr_count > out->kd.vgprs_granted) {
        snprintf(msg, n, "workitem_vgpr_count is %u but compute_pgm_rsrc1 grants %u VGPRs", out->vgpr_count,
                 out->kd.vgprs_granted);
        return false;
    }
    uint32_t vfirst = le_get16(p + 88), vcount = le_get16(p + 90), sfirst = le_get16(p + 92), scount = le_get16(p + 94);
    if ((vcount == 0 && vfirst) || vfirst + vcount > 256) {
        snprintf(msg, n, "reserved_vgpr_first %u, reserved_vgpr_count %u: not a range of the 256 VGPRs", vfirst, vcount);
        return false;
    }
    if ((scount == 0 && sfirst) || sfirst + scount > 104) {
        snprintf(msg, n, "reserved_sgpr_first %u, reserved_sgpr_count %u: not a range of the 104 SGPRs", sfirst, scount);
        return false;
    }
    if (!(props & P_DEBUG) && (le_get16(p + 96) || le_get16(p + 98)))
        return fail(msg, n, "is_debug_enabled is clear but the debug SGPR fields (bytes 96..99) are 0x%llx, not zero",
                    le_get32(p + 96));
    for (int i = 0; i < 3; i++)
        if (p[100 + i] < 2 || p[100 + i] > 16) {
            static const char *const seg[] = { "kernarg", "group", "private" };
            snprintf(msg, n, "%s_segment_alignment is 2^%u; it must be 2^2 to 2^16", seg[i], p[100 + i]);
            return false;
        }
    if (p[103] != 6)
        return fail(msg, n, "wavefront_size is 2^%llu; gfx803 waves are 64 (2^6) wide", p[103]);
    const char *bad = !zero(p + 108, 20) ? "reserved3 or runtime_loader_kernel_symbol (bytes 108..127) is not zero"
                      : !zero(p + 128, 128) ? "control_directives (bytes 128..255) are not zero; gcnsim applies none"
                      : NULL;
    if (bad)
        snprintf(msg, n, "%s", bad);
    return !bad;
}

bool codeobj_v2_note(uint32_t type, const uint8_t *desc, size_t len, bool *target, char *msg, size_t n)
{
    if (type == CODEOBJ_NT_AMD_HSA_CODE_OBJECT_VERSION) {
        if (len < 8)
            return fail(msg, n, "NT_AMD_HSA_CODE_OBJECT_VERSION: %llu bytes, not 8", len);
        if (le_get32(desc) != 2) {
            snprintf(msg, n, "NT_AMD_HSA_CODE_OBJECT_VERSION is %u.%u, not 2.x, in a code object v2 (ABI version 0)",
                     le_get32(desc), le_get32(desc + 4));
            return false;
        }
        return true;
    }
    if (type == CODEOBJ_NT_AMD_HSA_ISA_VERSION) {
        /* u16 vendor name size, u16 architecture name size, u32 major, minor, stepping, the names. */
        if (len < 16 || 16 + (size_t)le_get16(desc) + le_get16(desc + 2) > len)
            return fail(msg, n, "NT_AMD_HSA_ISA_VERSION: %llu bytes do not hold its fields and names", len);
        if (le_get32(desc + 4) != 8 || le_get32(desc + 8) != 0 || le_get32(desc + 12) != 3) {
            snprintf(msg, n, "NT_AMD_HSA_ISA_VERSION is %u.%u.%u; gcnsim simulates gfx803 (8.0.3)", le_get32(desc + 4),
                     le_get32(desc + 8), le_get32(desc + 12));
            return false;
        }
        *target = true;
        return true;
    }
    if (type == CODEOBJ_NT_AMD_HSA_ISA_NAME) {
        /* "amdgcn-amd-amdhsa--gfx803", with a terminating NUL or not. */
        size_t l = len;
        while (l && desc[l - 1] == 0)
            l--;
        static const char want[] = "amdgcn-amd-amdhsa--gfx803";
        /* ROCm 1.x/2.x compilers named the environment (AMDGPUUsage, "Target Triples"): the same
         * target whatever the environment. */
        static const char *const envs[] = { "", "amdgiz", "amdgizcl", "opencl", "hcc" };
        bool known = false;
        for (size_t e = 0; e < sizeof envs / sizeof envs[0] && !known; e++) {
            size_t el = strlen(envs[e]);
            known = l == 18 + el + 7 && memcmp(desc, "amdgcn-amd-amdhsa-", 18) == 0 &&
                    memcmp(desc + 18, envs[e], el) == 0 && memcmp(desc + 18 + el, "-gfx803", 7) == 0;
        }
        if (!known) {
            char name[64];
            size_t m = l < sizeof name - 1 ? l : sizeof name - 1;
            for (size_t i = 0; i < m; i++)
                name[i] = desc[i] >= 32 && desc[i] < 127 ? (char)desc[i] : '?';
            name[m] = 0;
            snprintf(msg, n, "NT_AMD_HSA_ISA_NAME is '%s'%s; gcnsim simulates %s", name, l > m ? "..." : "", want);
            return false;
        }
        *target = true;
        return true;
    }
    return true;
}
