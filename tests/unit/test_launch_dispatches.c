/* launch with several dispatches: the memory map (one code copy per distinct kernel, 256-byte
 * aligned; one 64-byte AQL packet per dispatch; consecutive kernarg segments, each a multiple of 64
 * bytes holding only its dispatch's arguments), the workload-wide instruction numbering, the
 * functional run in dispatch order, faults naming their dispatch, and kernel-selection errors. */
#include "unit.h"

#include <inttypes.h>
#include <stdio.h>

#include "dispatches.h"
#include "load/kprogram.h"
#include "load/launch.h"
#include "machine/functional.h"
#include "timing_harness.h"

static uint64_t rd(const launch_t *L, uint64_t addr, uint32_t size)
{
    uint8_t *p = gmem_translate((void *)&L->mem, addr, size);
    ck_assert_msg(p != NULL, "address 0x%" PRIx64 " is not mapped", addr);
    uint64_t v = 0;
    for (uint32_t i = 0; i < size; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

static uint64_t region_size(const launch_t *L, uint64_t base)
{
    const gmem_region_t *r = gmem_find(&L->mem, base);
    ck_assert_ptr_nonnull(r);
    ck_assert_uint_eq(r->base, base);
    return r->size;
}

/* Check dispatch i's packet against the hsa_kernel_dispatch_packet_t layout. */
static void check_packet(const launch_t *L, uint32_t i, uint32_t dims, const uint32_t wg[3], const uint32_t grid[3],
                         uint32_t lds, uint64_t code, uint64_t kernarg)
{
    uint64_t p = GMEM_DISPATCH_BASE + 64ull * i;
    ck_assert_uint_eq(L->dispatches[i].dispatch_addr, p);
    ck_assert_uint_eq(rd(L, p + 0, 2), 2);    /* HSA_PACKET_TYPE_KERNEL_DISPATCH */
    ck_assert_uint_eq(rd(L, p + 2, 2), dims);
    for (int d = 0; d < 3; d++) {
        ck_assert_uint_eq(rd(L, p + 4 + 2 * (uint64_t)d, 2), wg[d]);
        ck_assert_uint_eq(rd(L, p + 12 + 4 * (uint64_t)d, 4), grid[d]);
    }
    ck_assert_uint_eq(rd(L, p + 24, 4), 0);
    ck_assert_uint_eq(rd(L, p + 28, 4), lds);
    ck_assert_uint_eq(rd(L, p + 32, 8), code);
    ck_assert_uint_eq(rd(L, p + 40, 8), kernarg);
    ck_assert_uint_eq(rd(L, p + 56, 8), 0);
}

/* Three dispatches: reader (its first use makes it kernels[0], although writer comes first in the
 * file), writer with five arguments and 1 KiB of LDS, writer again with vgprs = 24. */
START_TEST(layout_two_kernels)
{
    th_launch_t t;
    th_prepare(&t, dk_kernels,
               "name = reader\ngrid = 128,2\nworkgroup = 32,2\n[args]\nin = @a\nout = @b\nextra = u32:0x11\n"
               "[kernel w]\nname = writer\ngrid = 256\nworkgroup = 64\nlds = 1024\n"
               "[args w]\nout = @a\nk = u32:7\nx = u32:1\ny = u32:2\nz = u64:3\n"
               "[kernel w2]\nname = writer\ngrid = 200\nworkgroup = 50\nvgprs = 24\nafter = none\n"
               "[args w2]\nout = @b\nk = u32:9\n" DK_BUFFERS,
               NULL, NULL, 0);
    const launch_t *L = t.L;
    ck_assert_uint_eq(L->ndispatches, 3);
    ck_assert_uint_eq(L->nkernels, 2);
    const isa_kernel_t *reader = L->kernels[0].kernel, *writer = L->kernels[1].kernel;
    ck_assert_str_eq(reader->name, "reader");
    ck_assert_str_eq(writer->name, "writer");
    ck_assert_uint_eq(reader->code_bytes, 92);
    ck_assert_uint_eq(writer->code_bytes, 60);
    /* Code: reader at the base, writer at the next 256-byte boundary (92 -> 256). */
    ck_assert_uint_eq(L->kernels[0].code_addr, GMEM_CODE_BASE);
    ck_assert_uint_eq(L->kernels[1].code_addr, GMEM_CODE_BASE + 256);
    ck_assert_uint_eq(region_size(L, GMEM_CODE_BASE), 256 + 60);
    const launch_dispatch_t *D = L->dispatches;
    ck_assert_ptr_eq(D[0].kernel, reader);
    ck_assert_ptr_eq(D[1].kernel, writer);
    ck_assert_ptr_eq(D[2].kernel, writer);
    ck_assert_uint_eq(D[0].kernel_index, 0);
    ck_assert_uint_eq(D[1].kernel_index, 1);
    ck_assert_uint_eq(D[2].kernel_index, 1);
    ck_assert_uint_eq(D[0].code_addr, GMEM_CODE_BASE);
    ck_assert_uint_eq(D[1].code_addr, GMEM_CODE_BASE + 256);
    ck_assert_uint_eq(D[2].code_addr, GMEM_CODE_BASE + 256);
    /* Kernarg segments: 16 bytes per argument at most, rounded to 64: 3 args -> 64, 5 -> 128, 2 -> 64. */
    ck_assert_uint_eq(D[0].kernarg_addr, GMEM_KERNARG_BASE);
    ck_assert_uint_eq(D[1].kernarg_addr, GMEM_KERNARG_BASE + 64);
    ck_assert_uint_eq(D[2].kernarg_addr, GMEM_KERNARG_BASE + 192);
    ck_assert_uint_eq(region_size(L, GMEM_KERNARG_BASE), 256);
    ck_assert_uint_eq(region_size(L, GMEM_DISPATCH_BASE), 3 * 64);
    ck_assert_uint_eq(D[0].kernarg_bytes, 24); /* 8 + 8 + 4, rounded to 8 */
    ck_assert_uint_eq(D[1].kernarg_bytes, 32); /* out 0, k 8, x 12, y 16, z 24 */
    ck_assert_uint_eq(D[2].kernarg_bytes, 16);
    /* Each dispatch's arguments in its own segment. */
    uint64_t a = L->bufs[0].addr, b = L->bufs[1].addr;
    ck_assert_uint_eq(a, GMEM_BUFFER_BASE);
    ck_assert_uint_ne(b, a);
    ck_assert_uint_eq(rd(L, D[0].kernarg_addr + 0, 8), a);
    ck_assert_uint_eq(rd(L, D[0].kernarg_addr + 8, 8), b);
    ck_assert_uint_eq(rd(L, D[0].kernarg_addr + 16, 4), 0x11);
    ck_assert_uint_eq(rd(L, D[0].kernarg_addr + 20, 8), 0); /* nothing of the next dispatch leaks in */
    ck_assert_uint_eq(rd(L, D[1].kernarg_addr + 0, 8), a);
    ck_assert_uint_eq(rd(L, D[1].kernarg_addr + 8, 4), 7);
    ck_assert_uint_eq(rd(L, D[1].kernarg_addr + 12, 4), 1);
    ck_assert_uint_eq(rd(L, D[1].kernarg_addr + 16, 4), 2);
    ck_assert_uint_eq(rd(L, D[1].kernarg_addr + 24, 8), 3);
    ck_assert_uint_eq(rd(L, D[2].kernarg_addr + 0, 8), b);
    ck_assert_uint_eq(rd(L, D[2].kernarg_addr + 8, 4), 9);
    /* Packets, 64 bytes apart. */
    check_packet(L, 0, 2, (uint32_t[3]){ 32, 2, 1 }, (uint32_t[3]){ 128, 2, 1 }, 0, GMEM_CODE_BASE, GMEM_KERNARG_BASE);
    check_packet(L, 1, 1, (uint32_t[3]){ 64, 1, 1 }, (uint32_t[3]){ 256, 1, 1 }, 1024, GMEM_CODE_BASE + 256,
                 GMEM_KERNARG_BASE + 64);
    check_packet(L, 2, 1, (uint32_t[3]){ 50, 1, 1 }, (uint32_t[3]){ 200, 1, 1 }, 0, GMEM_CODE_BASE + 256,
                 GMEM_KERNARG_BASE + 192);
    /* Per-dispatch allocations and workgroup counts. */
    ck_assert_uint_eq(D[0].nvgpr, 8);
    ck_assert_uint_eq(D[1].nvgpr, 6);
    ck_assert_uint_eq(D[2].nvgpr, 24);
    ck_assert_uint_eq(D[1].lds_total, 1024);
    ck_assert_uint_eq(D[2].lds_total, 0);
    ck_assert_uint_eq(launch_max_nvgpr(L), 24);
    ck_assert_uint_eq(launch_max_lds(L), 1024);
    ck_assert_uint_eq(D[0].wg_count[0], 4);
    ck_assert_uint_eq(D[0].wg_count[1], 1);
    ck_assert_uint_eq(D[0].nworkgroups, 4);
    ck_assert_uint_eq(D[1].nworkgroups, 4);
    ck_assert_uint_eq(D[2].nworkgroups, 4);
    ck_assert_uint_eq(L->nworkgroups, 12);
    /* One instruction numbering: reader's 18, then writer's 12. */
    ck_assert_uint_eq(L->kernels[0].inst_base, 0);
    ck_assert_uint_eq(L->kernels[1].inst_base, 18);
    ck_assert_uint_eq(L->ninsts, 30);
    const isa_kernel_t *k = NULL;
    ck_assert_ptr_eq(launch_inst(L, 0, &k), &reader->insts[0]);
    ck_assert_ptr_eq(k, reader);
    ck_assert_ptr_eq(launch_inst(L, 17, &k), &reader->insts[17]);
    ck_assert_ptr_eq(k, reader);
    ck_assert_ptr_eq(launch_inst(L, 18, &k), &writer->insts[0]);
    ck_assert_ptr_eq(k, writer);
    ck_assert_ptr_eq(launch_inst(L, 29, NULL), &writer->insts[11]);
    ck_assert_ptr_null(launch_inst(L, 30, &k));
    /* The entry state points at the dispatch's own packet, segment and code. */
    isa_wave_t w;
    uint32_t *vgpr = calloc(24 * ISA_WAVE_SIZE, sizeof *vgpr);
    uint8_t lds[1024];
    const uint32_t id[3] = { 1, 0, 0 }, size[3] = { 50, 1, 1 };
    launch_wave_init(L, &D[2], &w, vgpr, lds, id, size, 0);
    ck_assert_uint_eq(w.nvgpr, 24);
    ck_assert_ptr_eq(w.kernel, writer);
    ck_assert_uint_eq(w.code_base, GMEM_CODE_BASE + 256);
    ck_assert_uint_eq(w.sreg[0] | (uint64_t)w.sreg[1] << 32, GMEM_KERNARG_BASE + 192);
    ck_assert_uint_eq(w.sreg[2], 1);
    free(vgpr);
    th_release(&t);
}
END_TEST

/* The same kernel twice: one code copy, one kernels[] entry, two packets and segments. */
START_TEST(same_kernel_twice)
{
    th_launch_t t;
    th_prepare(&t, dk_kernels,
               "name = writer\ngrid = 256\nworkgroup = 64\n[args]\nout = @a\nk = u32:7\n"
               "[kernel again]\nname = writer\ngrid = 256\nworkgroup = 64\n[args again]\nout = @b\nk = u32:9\n" DK_BUFFERS,
               NULL, NULL, 0);
    const launch_t *L = t.L;
    ck_assert_uint_eq(L->nkernels, 1);
    ck_assert_str_eq(L->kernels[0].kernel->name, "writer");
    ck_assert_uint_eq(L->ninsts, 12);
    ck_assert_uint_eq(region_size(L, GMEM_CODE_BASE), 60);
    ck_assert_ptr_eq(L->dispatches[0].kernel, L->dispatches[1].kernel);
    ck_assert_uint_eq(L->dispatches[0].kernel_index, 0);
    ck_assert_uint_eq(L->dispatches[1].kernel_index, 0);
    ck_assert_uint_eq(L->dispatches[0].code_addr, GMEM_CODE_BASE);
    ck_assert_uint_eq(L->dispatches[1].code_addr, GMEM_CODE_BASE);
    ck_assert_uint_eq(L->dispatches[1].kernarg_addr, GMEM_KERNARG_BASE + 64);
    ck_assert_uint_eq(rd(L, GMEM_DISPATCH_BASE + 64 + 40, 8), GMEM_KERNARG_BASE + 64);
    ck_assert_int_eq(functional_run(t.L), 0);
    for (uint32_t i = 0; i < 256; i++) {
        ck_assert_uint_eq(rd(L, L->bufs[0].addr + 4 * i, 4), i + 7);
        ck_assert_uint_eq(rd(L, L->bufs[1].addr + 4 * i, 4), i + 9);
    }
    th_release(&t);
}
END_TEST

/* Dispatch 0 runs to the end before dispatch 1 starts: reader's workgroup 0 reads a[255..192], which
 * writer's last workgroup wrote. */
START_TEST(functional_in_order)
{
    th_launch_t t;
    th_prepare(&t, dk_kernels, DK_PIPELINE, NULL, NULL, 0);
    launch_t *L = t.L;
    ck_assert_int_eq(functional_run(L), 0);
    ck_assert_uint_eq(L->workgroups_run, 8);
    ck_assert_uint_eq(L->waves_run, 8);
    ck_assert_uint_eq(L->insts_total, 4 * 12 + 4 * 18);
    for (uint32_t i = 0; i < 256; i++) {
        ck_assert_uint_eq(rd(L, L->bufs[0].addr + 4 * i, 4), i + 7);
        ck_assert_uint_eq(rd(L, L->bufs[1].addr + 4 * i, 4), (i ^ 255) + 7 + 1000);
    }
    th_release(&t);
}
END_TEST

static char *fault_text(const launch_t *L)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    launch_print_fault(L, f);
    fclose(f);
    return buf;
}

/* reader given an unmapped input: the fault is in dispatch 1, after dispatch 0 completed. */
START_TEST(fault_in_second_dispatch)
{
    th_launch_t t;
    th_prepare(&t, dk_kernels,
               "name = writer\ngrid = 256\nworkgroup = 64\n[args]\nout = @a\nk = u32:7\n"
               "[kernel rd]\nname = reader\ngrid = 256\nworkgroup = 64\n[args rd]\nin = u64:16\nout = @b\n" DK_BUFFERS,
               NULL, NULL, 0);
    launch_t *L = t.L;
    ck_assert_int_eq(functional_run(L), 2);
    ck_assert_int_eq(L->fault.kind, LAUNCH_FAULT_EXEC);
    ck_assert_uint_eq(L->fault.dispatch, 1);
    ck_assert_uint_eq(L->fault.wg[0], 0);
    ck_assert_uint_eq(L->fault.wave, 0);
    ck_assert_uint_eq(L->fault.inst, 9); /* reader's flat_load_dword */
    for (uint32_t i = 0; i < 256; i++)
        ck_assert_uint_eq(rd(L, L->bufs[0].addr + 4 * i, 4), i + 7);
    char *text = fault_text(L);
    size_t n = strlen(t.wl.source);
    ck_assert_msg(strncmp(text, t.wl.source, n) == 0 && strncmp(text + n, ":30: fault: ", 12) == 0, "%s", text);
    ck_assert_msg(strstr(text, "\n  kernel reader (dispatch 1, [kernel rd]), workgroup (0,0,0), wave 0, lane 0, pc 0x2c: "
                               "flat_load_dword v5, v[3:4]\n"), "%s", text);
    free(text);
    th_release(&t);

    /* A fault in [kernel] of a two-dispatch workload names dispatch 0; a one-dispatch workload's
     * message stays as it was. */
    th_prepare(&t, dk_kernels,
               "name = reader\ngrid = 256\nworkgroup = 64\n[args]\nin = u64:16\nout = @b\n"
               "[kernel w]\nname = writer\ngrid = 256\nworkgroup = 64\n[args w]\nout = @a\nk = u32:7\n" DK_BUFFERS,
               NULL, NULL, 0);
    ck_assert_int_eq(functional_run(t.L), 2);
    ck_assert_uint_eq(t.L->fault.dispatch, 0);
    text = fault_text(t.L);
    ck_assert_msg(strstr(text, "\n  kernel reader (dispatch 0, [kernel]), workgroup (0,0,0), wave 0"), "%s", text);
    free(text);
    th_release(&t);
    th_prepare(&t, dk_kernels, "name = reader\ngrid = 256\nworkgroup = 64\n[args]\nin = u64:16\nout = @b\n" DK_BUFFERS,
               NULL, NULL, 0);
    ck_assert_int_eq(functional_run(t.L), 2);
    text = fault_text(t.L);
    ck_assert_msg(strstr(text, "\n  kernel reader, workgroup (0,0,0), wave 0, lane 0, pc 0x2c: "), "%s", text);
    free(text);
    th_release(&t);
}
END_TEST

/* launch_prepare's message for `body` (after [kernel]'s source line) with kernel source `src`; ""
 * when it succeeds. */
static char *prepare_error_src(const char *src, const char *body, char *ini_path, size_t len)
{
    return th_prepare_error(src, body, ISA_TARGET_GFX803, ini_path, len);
}

static char *prepare_error(const char *body, char *ini_path, size_t len)
{
    return prepare_error_src(dk_kernels, body, ini_path, len);
}

START_TEST(kernel_choice_errors)
{
    char ini[64], want[300];
    /* Line 6 is [kernel rd]'s header. */
    char *e = prepare_error("name = writer\ngrid = 256\nworkgroup = 64\n[kernel rd]\ngrid = 256\nworkgroup = 64\n",
                            ini, sizeof ini);
    snprintf(want, sizeof want, "%s:6: error: '", ini);
    ck_assert_msg(strncmp(e, want, strlen(want)) == 0, "%s", e);
    ck_assert_msg(strstr(e, "/k.s' defines 2 kernels (writer, reader); choose one with name = ... in [kernel rd]\n"), "%s", e);
    free(e);
    /* [kernel] without a name: the message points at its source line (2). */
    e = prepare_error("grid = 256\nworkgroup = 64\n[kernel rd]\nname = reader\ngrid = 256\nworkgroup = 64\n", ini, sizeof ini);
    snprintf(want, sizeof want, "%s:2: error: '", ini);
    ck_assert_msg(strncmp(e, want, strlen(want)) == 0, "%s", e);
    ck_assert_msg(strstr(e, "defines 2 kernels (writer, reader); choose one with name = ... in [kernel]\n"), "%s", e);
    free(e);
    /* A misspelt name in [kernel NAME], at its name line (7). */
    e = prepare_error("name = writer\ngrid = 256\nworkgroup = 64\n[kernel rd]\nname = redaer\ngrid = 256\nworkgroup = 64\n",
                      ini, sizeof ini);
    snprintf(want, sizeof want, "%s:7: error: no kernel 'redaer' in '", ini);
    ck_assert_msg(strncmp(e, want, strlen(want)) == 0, "%s", e);
    ck_assert_msg(strstr(e, "/k.s'; did you mean 'reader'?\n"), "%s", e);
    free(e);
    /* vgprs below what the dispatch's kernel uses, at that dispatch's vgprs line (10). */
    e = prepare_error("name = writer\ngrid = 256\nworkgroup = 64\n[kernel rd]\nname = reader\ngrid = 256\nworkgroup = 64\n"
                      "vgprs = 7\n", ini, sizeof ini);
    snprintf(want, sizeof want, "%s:10: error: vgprs = 7 is less than the 8 VGPRs kernel 'reader' uses (v7 is the highest "
             "it touches; fewer needs a recompile: docs/workloads.md)\n", ini);
    ck_assert_str_eq(e, want);
    free(e);
}
END_TEST

/* HIP kernels are C++ symbols: a workload may name one by its unmangled name when only one kernel
 * has it (a plain function, or the last component of a nested name); overloads are listed. */
static const char mangled_kernels[] =
    "    .globl _Z5scalePff\n_Z5scalePff:\n    s_endpgm\n"
    "    .globl _ZN2ns4stepEPf\n_ZN2ns4stepEPf:\n    s_endpgm\n"
    "    .globl _Z5twicePi\n_Z5twicePi:\n    s_endpgm\n"
    "    .globl _Z5twicePf\n_Z5twicePf:\n    s_endpgm\n"
    "    .globl plain\nplain:\n    s_endpgm\n";

START_TEST(kernel_plain_names)
{
    char ini[64], want[300];
    const char *const found[] = { "scale", "step", "_Z5twicePi", "plain" };
    for (size_t i = 0; i < sizeof found / sizeof found[0]; i++) {
        char body[128];
        snprintf(body, sizeof body, "name = %s\ngrid = 64\nworkgroup = 64\n", found[i]);
        char *e = prepare_error_src(mangled_kernels, body, ini, sizeof ini);
        ck_assert_msg(e[0] == '\0', "name = %s: %s", found[i], e);
        free(e);
    }
    char *e = prepare_error_src(mangled_kernels, "name = twice\ngrid = 64\nworkgroup = 64\n", ini, sizeof ini);
    snprintf(want, sizeof want, "%s:3: error: kernel name 'twice' is ambiguous in '", ini);
    ck_assert_msg(strncmp(e, want, strlen(want)) == 0, "%s", e);
    ck_assert_msg(strstr(e, "/k.s': 2 kernels have that name (_Z5twicePi, _Z5twicePf); give the full mangled name\n"), "%s", e);
    free(e);
    /* Not a prefix match, and "ns" (a namespace, not a kernel) names nothing. */
    const char *const missing[] = { "scal", "ns", "Pff" };
    for (size_t i = 0; i < sizeof missing / sizeof missing[0]; i++) {
        char body[128];
        snprintf(body, sizeof body, "name = %s\ngrid = 64\nworkgroup = 64\n", missing[i]);
        e = prepare_error_src(mangled_kernels, body, ini, sizeof ini);
        snprintf(want, sizeof want, "%s:3: error: no kernel '%s' in '", ini, missing[i]);
        ck_assert_msg(strncmp(e, want, strlen(want)) == 0, "%s", e);
        free(e);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("launch_dispatches");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, layout_two_kernels);
    tcase_add_test(tc, same_kernel_twice);
    tcase_add_test(tc, functional_in_order);
    tcase_add_test(tc, fault_in_second_dispatch);
    tcase_add_test(tc, kernel_choice_errors);
    tcase_add_test(tc, kernel_plain_names);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)
