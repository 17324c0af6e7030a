/* dispatches.h: the two-kernel source shared by the tests of workloads with several dispatches
 * (test_launch_dispatches.c, test_timing_dispatches.c, test_trace.c). Default ABI: kernarg s[0:1],
 * workgroup id x in s2, work-item id x in v0; workgroups of 64 work-items along x. */
#ifndef GCNSIM_TESTS_DISPATCHES_H
#define GCNSIM_TESTS_DISPATCHES_H

/* writer: out[gid] = gid + k (arguments: 0 out, 8 k), 12 instructions, 60 bytes.
 * reader: out[gid] = in[gid ^ 255] + 1000 (arguments: 0 in, 8 out), 18 instructions, 92 bytes; its
 * flat_load_dword is instruction 9 (line 30 of the text). gid ^ 255 reads another workgroup's
 * element, so reader sees what writer's other workgroups wrote only once they have all run. */
static const char dk_kernels[] =
    "// writer and reader\n"                                    /* 1 */
    "    .globl writer\n"
    "    .type writer,@function\n"
    "writer:\n"
    "    s_load_dwordx2 s[4:5], s[0:1], 0x0\n"                  /* 5 */
    "    s_load_dword s6, s[0:1], 0x8\n"
    "    s_lshl_b32 s7, s2, 6\n"
    "    v_add_u32 v1, vcc, s7, v0\n"
    "    s_waitcnt lgkmcnt(0)\n"
    "    v_add_u32 v5, vcc, s6, v1\n"                           /* 10 */
    "    v_lshlrev_b32 v2, 2, v1\n"
    "    v_mov_b32 v4, s5\n"
    "    v_add_u32 v3, vcc, s4, v2\n"
    "    v_addc_u32 v4, vcc, 0, v4, vcc\n"
    "    flat_store_dword v[3:4], v5\n"                         /* 15 */
    "    s_endpgm\n"
    "// reader\n"
    "    .globl reader\n"
    "    .type reader,@function\n"
    "reader:\n"                                                 /* 20 */
    "    s_load_dwordx4 s[4:7], s[0:1], 0x0\n"
    "    s_lshl_b32 s8, s2, 6\n"
    "    v_add_u32 v1, vcc, s8, v0\n"
    "    v_xor_b32 v2, 0xff, v1\n"
    "    v_lshlrev_b32 v2, 2, v2\n"                             /* 25 */
    "    s_waitcnt lgkmcnt(0)\n"
    "    v_mov_b32 v4, s5\n"
    "    v_add_u32 v3, vcc, s4, v2\n"
    "    v_addc_u32 v4, vcc, 0, v4, vcc\n"
    "    flat_load_dword v5, v[3:4]\n"                          /* 30 */
    "    v_lshlrev_b32 v2, 2, v1\n"
    "    v_mov_b32 v7, s7\n"
    "    v_add_u32 v6, vcc, s6, v2\n"
    "    v_addc_u32 v7, vcc, 0, v7, vcc\n"
    "    s_waitcnt vmcnt(0)\n"                                  /* 35 */
    "    v_add_u32 v5, vcc, 0x3e8, v5\n"
    "    flat_store_dword v[6:7], v5\n"
    "    s_endpgm\n";

/* The workload body (after [kernel]'s source line) of writer then reader over 256 elements: a gets
 * gid + 7, b gets a[gid ^ 255] + 1000. */
#define DK_BUFFERS "[buffer a]\ntype = u32\ncount = 256\n[buffer b]\ntype = u32\ncount = 256\n"
#define DK_PIPELINE                                                         \
    "name = writer\ngrid = 256\nworkgroup = 64\n[args]\nout = @a\nk = u32:7\n" \
    "[kernel rd]\nname = reader\ngrid = 256\nworkgroup = 64\n"                 \
    "[args rd]\nin = @a\nout = @b\n" DK_BUFFERS

#endif
