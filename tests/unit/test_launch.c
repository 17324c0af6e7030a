/* launch: kernel entry state (default and clang-style descriptors, EXEC of partial waves), the
 * dispatch packet, argument layout with and without metadata, resource checks, barriers, the
 * waves that end before a barrier, --max-instructions, exec faults, and two simulations in one process. Kernels are
 * built by hand (tests/unit/unit.h) so these tests do not depend on the assembler. */
#include "unit.h"

#include "asm/asm.h"
#include "load/launch.h"
#include "machine/functional.h"
#include "report/report.h"

typedef struct {
    isa_program_t prog;
    isa_kernel_t k;
    isa_inst_t insts[32];
    isa_kernel_arg_t args[8];
    wl_workload_t wl;
    wl_dispatch_t wd;
    wl_buffer_t bufs[4];
    wl_arg_t wargs[8];
    launch_t L;
    char *errs;
    size_t errlen;
} fx_t;

/* gcnsim's documented default descriptor (what the assembler gives a kernel without .amdhsa_*). */
static void default_desc(isa_descriptor_t *d)
{
    memset(d, 0, sizeof *d);
    d->user_sgpr_kernarg_segment_ptr = true;
    d->system_sgpr_workgroup_id_x = d->system_sgpr_workgroup_id_y = d->system_sgpr_workgroup_id_z = true;
    d->system_vgpr_workitem_id = 2;
    d->ieee_mode = true;
}

static fx_t *fx_new(uint32_t grid, uint32_t wg)
{
    fx_t *f = calloc(1, sizeof *f);
    f->k.name = (char *)"k"; /* not freed: the fixture's kernel is no program's */
    f->k.insts = f->insts;
    f->k.args = f->args;
    f->k.vgprs_used = 8;
    f->k.sgprs_used = 16;
    default_desc(&f->k.desc);
    f->prog.kernels = &f->k;
    f->prog.nkernels = 1;
    snprintf(f->wl.path, sizeof f->wl.path, "t.ini");
    snprintf(f->wl.source, sizeof f->wl.source, "t.s");
    f->wd.grid[0] = grid;
    f->wd.wg[0] = wg;
    f->wd.grid[1] = f->wd.grid[2] = f->wd.wg[1] = f->wd.wg[2] = 1;
    f->wd.grid_dims = f->wd.wg_dims = 1;
    f->wl.buffers = f->bufs;
    f->wd.args = f->wargs;
    f->wl.dispatches = &f->wd;
    f->wl.ndispatches = 1;
    return f;
}

static isa_inst_t *add(fx_t *f, isa_op_t op)
{
    isa_inst_t *in = &f->insts[f->k.ninsts];
    *in = ut_inst(op);
    in->pc = f->k.code_bytes;
    in->size = 4;
    in->line = 10 + f->k.ninsts;
    f->k.code_bytes += 4;
    f->k.ninsts++;
    return in;
}

static wl_buffer_t *add_buf(fx_t *f, const char *name, wl_type_t t, uint64_t count)
{
    wl_buffer_t *b = &f->bufs[f->wl.nbuffers++];
    memset(b, 0, sizeof *b);
    snprintf(b->name, sizeof b->name, "%s", name);
    b->type = t;
    b->count = count;
    b->line = 20 + f->wl.nbuffers;
    return b;
}

static wl_arg_t *add_arg(fx_t *f, const char *name, wl_arg_kind_t kind)
{
    wl_arg_t *a = &f->wargs[f->wd.nargs++];
    memset(a, 0, sizeof *a);
    snprintf(a->name, sizeof a->name, "%s", name);
    a->kind = kind;
    a->line = 30 + f->wd.nargs;
    return a;
}

static wl_arg_t *add_scalar(fx_t *f, const char *name, wl_type_t t, uint64_t bits)
{
    wl_arg_t *a = add_arg(f, name, WL_ARG_SCALAR);
    a->typed = true;
    a->type = t;
    a->bits = bits;
    return a;
}

static isa_kernel_arg_t *add_meta(fx_t *f, const char *name, const char *type, isa_arg_kind_t kind, uint32_t off, uint32_t size)
{
    isa_kernel_arg_t *a = &f->args[f->k.nargs++];
    memset(a, 0, sizeof *a);
    a->name = (char *)name; /* string literals: the fixture's kernel is no program's (never freed) */
    a->type_name = (char *)type;
    a->kind = kind;
    a->offset = off;
    a->size = size;
    f->k.has_metadata = true;
    if (off + size > f->k.kernarg_segment_size)
        f->k.kernarg_segment_size = off + size;
    return a;
}

static int prepare(fx_t *f, uint64_t max_insts)
{
    launch_options_t opt = { max_insts, 0 };
    FILE *err = open_memstream(&f->errs, &f->errlen);
    int rc = launch_prepare(&f->L, &f->wl, &f->prog, &opt, err);
    fclose(err);
    return rc;
}

static void fx_free(fx_t *f)
{
    launch_free(&f->L);
    free(f->errs);
    free(f);
}

static uint64_t rd(fx_t *f, uint64_t addr, uint32_t size)
{
    uint8_t *p = gmem_translate(&f->L.mem, addr, size);
    ck_assert_ptr_nonnull(p);
    uint64_t v = 0;
    for (uint32_t i = 0; i < size; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

static void expect_err(fx_t *f, const char *what)
{
    ck_assert_msg(f->errs && strstr(f->errs, what), "expected '%s' in: %s", what, f->errs ? f->errs : "");
}

START_TEST(entry_state_default_descriptor)
{
    fx_t *f = fx_new(25, 10);
    f->wd.grid[1] = 15;
    f->wd.wg[1] = 10;
    add(f, ISA_s_endpgm);
    ck_assert_int_eq(prepare(f, 0), 0);
    ck_assert_uint_eq(f->L.dispatches[0].wg_count[0], 3);
    ck_assert_uint_eq(f->L.dispatches[0].wg_count[1], 2);
    ck_assert_uint_eq(f->L.nworkgroups, 6);
    static uint32_t vg[8 * 64];
    static uint8_t lds[16];
    isa_wave_t w;
    /* A full 10x10 workgroup: wave 1 holds work-items 64..99, so 36 live lanes. */
    uint32_t id[3] = { 1, 0, 0 }, size[3] = { 10, 10, 1 };
    launch_wave_init(&f->L, &f->L.dispatches[0], &w, vg, lds, id, size, 1);
    ck_assert_uint_eq(isa_wave_exec(&w), (1ull << 36) - 1);
    ck_assert_uint_eq(w.sreg[0], (uint32_t)GMEM_KERNARG_BASE);
    ck_assert_uint_eq(w.sreg[1], (uint32_t)(GMEM_KERNARG_BASE >> 32));
    ck_assert_uint_eq(w.sreg[2], 1);
    ck_assert_uint_eq(w.sreg[3], 0);
    ck_assert_uint_eq(w.sreg[4], 0);
    ck_assert_uint_eq(w.sreg[5], 0);
    ck_assert_uint_eq(w.sreg[ISA_REG_M0], 0);
    ck_assert_uint_eq(w.sreg[ISA_REG_VCC_LO], 0);
    ck_assert_uint_eq(vg[0 * 64 + 0], 64 % 10); /* lane 0 = work-item 64 = (4, 6) */
    ck_assert_uint_eq(vg[1 * 64 + 0], 6);
    ck_assert_uint_eq(vg[2 * 64 + 0], 0);
    ck_assert_uint_eq(vg[0 * 64 + 35], 99 % 10);
    ck_assert_uint_eq(vg[1 * 64 + 35], 9);
    ck_assert_uint_eq(w.nvgpr, 8);
    ck_assert_int_eq(w.flush_denorm_f32, 1);
    ck_assert_int_eq(w.ieee_mode, 1);
    ck_assert_uint_eq(w.pc, 0);
    ck_assert_ptr_eq(w.lds, lds);
    /* The last, partial workgroup (2,1): 5x5 work-items, one wave of 25 lanes. */
    uint32_t id2[3] = { 2, 1, 0 }, size2[3] = { 5, 5, 1 };
    launch_wave_init(&f->L, &f->L.dispatches[0], &w, vg, lds, id2, size2, 0);
    ck_assert_uint_eq(isa_wave_exec(&w), (1ull << 25) - 1);
    ck_assert_uint_eq(w.sreg[2], 2);
    ck_assert_uint_eq(w.sreg[3], 1);
    ck_assert_uint_eq(vg[0 * 64 + 7], 2);
    ck_assert_uint_eq(vg[1 * 64 + 7], 1);
    ck_assert_uint_eq(vg[0 * 64 + 30], 0); /* dead lanes stay 0 */
    /* A full wave. */
    uint32_t size3[3] = { 64, 1, 1 };
    launch_wave_init(&f->L, &f->L.dispatches[0], &w, vg, lds, id, size3, 0);
    ck_assert_uint_eq(isa_wave_exec(&w), ~0ull);
    ck_assert_uint_eq(vg[63], 63);
    fx_free(f);
}
END_TEST

START_TEST(entry_state_clang_descriptor)
{
    fx_t *f = fx_new(256, 64);
    isa_descriptor_t *d = &f->k.desc;
    memset(d, 0, sizeof *d);
    d->present = true;
    d->user_sgpr_private_segment_buffer = d->user_sgpr_dispatch_ptr = d->user_sgpr_kernarg_segment_ptr = true;
    d->system_sgpr_workgroup_id_x = d->system_sgpr_workgroup_id_y = true;
    d->system_vgpr_workitem_id = 1;
    d->float_denorm_mode_32 = 3;
    add(f, ISA_s_endpgm);
    ck_assert_int_eq(prepare(f, 0), 0);
    static uint32_t vg[8 * 64];
    static uint8_t lds[16];
    isa_wave_t w;
    for (int i = 0; i < 8 * 64; i++)
        vg[i] = 0xdeadbeef; /* launch_wave_init must clear what it does not set */
    uint32_t id[3] = { 3, 0, 0 }, size[3] = { 64, 1, 1 };
    launch_wave_init(&f->L, &f->L.dispatches[0], &w, vg, lds, id, size, 0);
    for (int s = 0; s < 4; s++)
        ck_assert_uint_eq(w.sreg[s], 0); /* null scratch descriptor */
    ck_assert_uint_eq((uint64_t)w.sreg[4] | (uint64_t)w.sreg[5] << 32, GMEM_DISPATCH_BASE);
    ck_assert_uint_eq((uint64_t)w.sreg[6] | (uint64_t)w.sreg[7] << 32, GMEM_KERNARG_BASE);
    ck_assert_uint_eq(w.sreg[8], 3);
    ck_assert_uint_eq(w.sreg[9], 0);
    ck_assert_uint_eq(w.sreg[10], 0);
    ck_assert_uint_eq(vg[5], 5);
    ck_assert_uint_eq(vg[64 + 5], 0);
    ck_assert_uint_eq(vg[128 + 5], 0);
    ck_assert_int_eq(w.flush_denorm_f32, 0);
    ck_assert_int_eq(w.ieee_mode, 0);
    /* Queue pointer, dispatch id and workgroup info shift what follows. */
    d->user_sgpr_queue_ptr = d->user_sgpr_dispatch_id = true;
    d->system_sgpr_workgroup_info = true;
    uint32_t size2[3] = { 64, 3, 1 };
    launch_wave_init(&f->L, &f->L.dispatches[0], &w, vg, lds, id, size2, 2);
    ck_assert_uint_eq((uint64_t)w.sreg[6] | (uint64_t)w.sreg[7] << 32, 0);            /* queue */
    ck_assert_uint_eq((uint64_t)w.sreg[8] | (uint64_t)w.sreg[9] << 32, GMEM_KERNARG_BASE);
    ck_assert_uint_eq(w.sreg[10], 0);                                                   /* dispatch id */
    ck_assert_uint_eq(w.sreg[12], 3);                                                   /* wg id x */
    ck_assert_uint_eq(w.sreg[13], 0);                                                   /* wg id y */
    ck_assert_uint_eq(w.sreg[14], 2 | 3 << 6);                                          /* wave 2 of 3 */
    ck_assert_uint_eq(vg[64 + 0], 2); /* work-item 128 = (0, 2) */
    fx_free(f);
}
END_TEST

START_TEST(dispatch_packet)
{
    fx_t *f = fx_new(300, 30);
    f->wd.grid[1] = 7;
    f->wd.wg[1] = 2;
    add(f, ISA_s_endpgm);
    ck_assert_int_eq(prepare(f, 0), 0);
    uint64_t p = f->L.dispatches[0].dispatch_addr;
    ck_assert_uint_eq(p, GMEM_DISPATCH_BASE);
    ck_assert_uint_eq(rd(f, p + 4, 2), 30);
    ck_assert_uint_eq(rd(f, p + 6, 2), 2);
    ck_assert_uint_eq(rd(f, p + 8, 2), 1);
    ck_assert_uint_eq(rd(f, p + 12, 4), 300);
    ck_assert_uint_eq(rd(f, p + 16, 4), 7);
    ck_assert_uint_eq(rd(f, p + 20, 4), 1);
    ck_assert_uint_eq(rd(f, p + 32, 8), GMEM_CODE_BASE);
    ck_assert_uint_eq(rd(f, p + 40, 8), GMEM_KERNARG_BASE);
    ck_assert_ptr_null(gmem_translate(&f->L.mem, p + 64, 1)); /* guard after the packet */
    ck_assert_uint_eq(f->L.dispatches[0].wg_count[0], 10);
    ck_assert_uint_eq(f->L.dispatches[0].wg_count[1], 4);
    fx_free(f);
}
END_TEST

START_TEST(args_without_metadata)
{
    fx_t *f = fx_new(64, 64);
    add(f, ISA_s_endpgm);
    f->k.lds_static = 40;
    wl_buffer_t *b = add_buf(f, "x", WL_U32, 10);
    b->init = WL_INIT_IOTA;
    b->a.i = 5;
    b->b.i = 3;
    add_buf(f, "y", WL_F32, 3);
    add_arg(f, "x", WL_ARG_BUFFER)->buffer = 0;
    add_scalar(f, "n", WL_U32, 7);
    add_scalar(f, "d", WL_F64, 0x3ff8000000000000ull);
    add_arg(f, "tmp", WL_ARG_LDS)->lds_bytes = 100;
    add_scalar(f, "c", WL_U8, 3);
    add_arg(f, "y", WL_ARG_BUFFER)->buffer = 1;
    ck_assert_msg(prepare(f, 0) == 0, "%s", f->errs);
    uint64_t ka = f->L.dispatches[0].kernarg_addr;
    ck_assert_uint_eq(f->L.bufs[0].addr, GMEM_BUFFER_BASE);
    ck_assert_uint_eq(f->L.bufs[1].addr, GMEM_BUFFER_BASE + 0x20000);
    ck_assert_uint_eq(rd(f, ka + 0, 8), GMEM_BUFFER_BASE);
    ck_assert_uint_eq(rd(f, ka + 8, 4), 7);
    ck_assert_uint_eq(rd(f, ka + 16, 8), 0x3ff8000000000000ull);
    ck_assert_uint_eq(rd(f, ka + 24, 4), 48); /* after 40 bytes of static LDS, 16-byte aligned */
    ck_assert_uint_eq(rd(f, ka + 28, 1), 3);
    ck_assert_uint_eq(rd(f, ka + 32, 8), GMEM_BUFFER_BASE + 0x20000);
    ck_assert_uint_eq(f->L.dispatches[0].kernarg_bytes, 40);
    ck_assert_uint_eq(f->L.dispatches[0].lds_total, 148);
    /* Buffers are filled at launch: iota(5, 3). */
    ck_assert_uint_eq(rd(f, GMEM_BUFFER_BASE + 4 * 9, 4), 5 + 27);
    ck_assert_ptr_null(gmem_translate(&f->L.mem, GMEM_BUFFER_BASE + 40, 4));
    fx_free(f);

    f = fx_new(64, 64);
    add(f, ISA_s_endpgm);
    wl_arg_t *a = add_arg(f, "n", WL_ARG_SCALAR);
    snprintf(a->text, sizeof a->text, "5");
    ck_assert_int_eq(prepare(f, 0), 1);
    expect_err(f, "t.ini:31: error: argument 'n' = '5' needs a type (e.g. u32:5 or f32:5): the kernel has no .amdgpu_metadata");
    fx_free(f);
}
END_TEST

static fx_t *meta_fx(void)
{
    fx_t *f = fx_new(64, 64);
    add(f, ISA_s_endpgm);
    add_buf(f, "x", WL_F32, 4);
    add_meta(f, "x", "float*", ISA_ARG_GLOBAL_BUFFER, 0, 8);
    add_meta(f, "n", "uint", ISA_ARG_BY_VALUE, 8, 4);
    add_meta(f, "a", "float", ISA_ARG_BY_VALUE, 12, 4);
    add_meta(f, "tmp", "float*", ISA_ARG_DYNAMIC_SHARED_POINTER, 16, 4);
    add_meta(f, "", "", ISA_ARG_HIDDEN, 24, 8);
    add_meta(f, "", "", ISA_ARG_HIDDEN, 32, 8);
    return f;
}

START_TEST(args_with_metadata)
{
    fx_t *f = meta_fx();
    f->k.lds_static = 16;
    add_arg(f, "x", WL_ARG_BUFFER)->buffer = 0;
    snprintf(add_arg(f, "n", WL_ARG_SCALAR)->text, WL_TEXT_MAX, "4000000000");
    snprintf(add_arg(f, "a", WL_ARG_SCALAR)->text, WL_TEXT_MAX, "2.0");
    add_arg(f, "tmp", WL_ARG_LDS)->lds_bytes = 64;
    ck_assert_msg(prepare(f, 0) == 0, "%s", f->errs);
    uint64_t ka = f->L.dispatches[0].kernarg_addr;
    ck_assert_uint_eq(rd(f, ka, 8), GMEM_BUFFER_BASE);
    ck_assert_uint_eq(rd(f, ka + 8, 4), 4000000000u); /* "uint": unsigned */
    ck_assert_uint_eq(rd(f, ka + 12, 4), 0x40000000u);
    ck_assert_uint_eq(rd(f, ka + 16, 4), 16);
    ck_assert_uint_eq(rd(f, ka + 24, 8), 0); /* hidden global offsets */
    ck_assert_uint_eq(rd(f, ka + 32, 8), 0);
    ck_assert_uint_eq(f->L.dispatches[0].kernarg_bytes, 40);
    ck_assert_uint_eq(f->L.dispatches[0].lds_total, 80);
    fx_free(f);
}
END_TEST

START_TEST(args_metadata_mismatches)
{
    fx_t *f = meta_fx();
    add_arg(f, "x", WL_ARG_BUFFER)->buffer = 0;
    add_scalar(f, "n", WL_U32, 1);
    ck_assert_int_eq(prepare(f, 0), 1);
    expect_err(f, "t.ini:31: error: kernel 'k' takes 4 arguments (x, n, a, tmp); the workload's [args] gives 2");
    fx_free(f);

    f = meta_fx();
    add_scalar(f, "x", WL_U64, 1);
    add_scalar(f, "n", WL_U32, 1);
    add_scalar(f, "a", WL_F32, 1);
    add_arg(f, "tmp", WL_ARG_LDS);
    ck_assert_int_eq(prepare(f, 0), 1);
    expect_err(f, "t.ini:31: error: argument 'x': the kernel's argument 1 ('x', float*) is a global buffer (@BUFFER), not a value");
    fx_free(f);

    f = meta_fx();
    add_arg(f, "x", WL_ARG_BUFFER)->buffer = 0;
    add_scalar(f, "n", WL_U64, 1);
    add_scalar(f, "a", WL_F32, 1);
    add_arg(f, "tmp", WL_ARG_LDS);
    ck_assert_int_eq(prepare(f, 0), 1);
    expect_err(f, "t.ini:32: error: argument 'n' is u64 (8 bytes) but the kernel's 'n' (uint) is 4 bytes");
    fx_free(f);

    f = meta_fx();
    add_arg(f, "x", WL_ARG_BUFFER)->buffer = 0;
    add_scalar(f, "count", WL_U32, 1);
    add_scalar(f, "a", WL_F32, 1);
    add_arg(f, "tmp", WL_ARG_LDS);
    ck_assert_int_eq(prepare(f, 0), 1);
    expect_err(f, "t.ini:32: error: argument 2 is 'count' in the workload but 'n' in kernel 'k'");
    fx_free(f);

    /* Unnamed metadata arguments ("argN" from the assembler) accept any workload name. */
    f = meta_fx();
    f->args[1].name = (char *)"arg1";
    add_arg(f, "x", WL_ARG_BUFFER)->buffer = 0;
    add_scalar(f, "count", WL_U32, 1);
    add_scalar(f, "a", WL_F32, 1);
    add_arg(f, "tmp", WL_ARG_LDS);
    ck_assert_msg(prepare(f, 0) == 0, "%s", f->errs);
    fx_free(f);

    f = meta_fx();
    add_arg(f, "x", WL_ARG_BUFFER)->buffer = 0;
    snprintf(add_arg(f, "n", WL_ARG_SCALAR)->text, WL_TEXT_MAX, "-1");
    add_scalar(f, "a", WL_F32, 1);
    add_arg(f, "tmp", WL_ARG_LDS);
    ck_assert_int_eq(prepare(f, 0), 1);
    expect_err(f, "t.ini:32: error: argument 'n' (uint n): '-1' is out of range for u32");
    fx_free(f);

    f = meta_fx();
    add_arg(f, "x", WL_ARG_BUFFER)->buffer = 0;
    add_scalar(f, "n", WL_U32, 1);
    add_scalar(f, "a", WL_F32, 1);
    add_arg(f, "tmp", WL_ARG_BUFFER)->buffer = 0;
    ck_assert_int_eq(prepare(f, 0), 1);
    expect_err(f, "is a __local pointer (lds:BYTES), not a buffer");
    fx_free(f);
}
END_TEST

START_TEST(resources)
{
    fx_t *f = fx_new(64, 64);
    add(f, ISA_s_endpgm);
    /* The descriptor reserves 32 VGPRs; the code touches v0..v23: a cut to 24 runs, 16 does not. */
    f->k.vgprs_used = 32;
    f->insts[1] = f->insts[0];
    f->insts[0] = ut_inst(ISA_v_mov_b32);
    f->insts[0].vdst = ut_v(23);
    f->insts[0].src[0] = ut_v(0);
    f->insts[0].nsrc = 1;
    isa_inst_predecode(&f->insts[0]);
    f->k.ninsts = 2;
    f->wd.has_vgprs = true;
    f->wd.vgprs = 16;
    f->wd.vgprs_line = 5;
    ck_assert_int_eq(prepare(f, 0), 1);
    expect_err(f, "t.ini:5: error: vgprs = 16 is less than the 24 VGPRs kernel 'k' uses (v23 is the highest it "
                  "touches; fewer needs a recompile: docs/workloads.md)");
    f->wd.vgprs = 24;
    free(f->errs);
    ck_assert_int_eq(prepare(f, 0), 0);
    ck_assert_uint_eq(f->L.dispatches[0].nvgpr, 24); /* a cut below the descriptor's 32 */
    launch_free(&f->L);
    f->wd.vgprs = 100;
    free(f->errs);
    ck_assert_int_eq(prepare(f, 0), 0);
    ck_assert_uint_eq(f->L.dispatches[0].nvgpr, 100); /* a pressure study: more VGPRs than the code needs */
    launch_free(&f->L);
    f->k.lds_static = 1024;
    f->wd.has_lds = true;
    f->wd.lds = 512;
    f->wd.lds_line = 6;
    free(f->errs);
    ck_assert_int_eq(prepare(f, 0), 1);
    expect_err(f, "t.ini:6: error: lds = 512 is less than the 1024 bytes of static LDS kernel 'k' declares");
    f->wd.lds = 65000;
    add_arg(f, "tmp", WL_ARG_LDS)->lds_bytes = 1000;
    free(f->errs);
    ck_assert_int_eq(prepare(f, 0), 1);
    expect_err(f, "t.ini:31: error: argument 'tmp': LDS would need 66008 bytes (65000 static + 1008 dynamic); at most 65536");
    fx_free(f);
}
END_TEST

START_TEST(kernel_selection)
{
    fx_t *f = fx_new(64, 64);
    add(f, ISA_s_endpgm);
    char kk[] = "kk";
    f->wd.kernel = kk;
    f->wd.kernel_line = 3;
    ck_assert_int_eq(prepare(f, 0), 1);
    expect_err(f, "t.ini:3: error: no kernel 'kk' in 't.s'; did you mean 'k'?");
    fx_free(f);
}
END_TEST

START_TEST(run_counts_and_barrier)
{
    fx_t *f = fx_new(300, 128); /* 3 workgroups: 128, 128, 44 work-items -> 2 + 2 + 1 waves */
    add(f, ISA_s_barrier);
    add(f, ISA_s_endpgm);
    ck_assert_int_eq(prepare(f, 0), 0);
    ck_assert_int_eq(functional_run(&f->L), 0);
    ck_assert_uint_eq(f->L.workgroups_run, 3);
    ck_assert_uint_eq(f->L.waves_run, 5);
    ck_assert_uint_eq(f->L.insts_total, 10);
    ck_assert_uint_eq(f->L.insts_per_unit[ISA_UNIT_SEQ], 10);
    ck_assert_uint_eq(f->L.insts_per_unit[ISA_UNIT_VALU], 0);
    fx_free(f);
}
END_TEST

/* Waves whose index (from the workgroup info SGPR, s5 here) is 0 skip the barrier and end; the
 * others wait at it and then run one s_nop before they end. */
static void ended_wave_kernel(fx_t *f)
{
    f->k.desc.system_sgpr_workgroup_info = true;
    isa_inst_t *in = add(f, ISA_s_and_b32);
    in->sdst = ut_s(6);
    in->src[0] = ut_s(5);
    in->src[1] = ut_ic(63);
    in->nsrc = 2;
    in = add(f, ISA_s_cmp_eq_u32);
    in->src[0] = ut_s(6);
    in->src[1] = ut_ic(0);
    in->nsrc = 2;
    in = add(f, ISA_s_cbranch_scc1);
    in->target = 5;
    add(f, ISA_s_barrier);
    add(f, ISA_s_nop);
    add(f, ISA_s_endpgm);
}

/* S_BARRIER waits only for the waves that have not ended (GCN3 ISA manual, S_BARRIER): a wave that
 * ends releases the others. 2 workgroups of 2 waves: wave 0 runs 4 instructions (s_and, s_cmp,
 * s_cbranch, s_endpgm), wave 1 runs 6 (and the s_barrier and s_nop): 2 x (4 + 6) = 20. */
START_TEST(barrier_with_ended_wave)
{
    fx_t *f = fx_new(256, 128);
    ended_wave_kernel(f);
    ck_assert_int_eq(prepare(f, 0), 0);
    ck_assert_int_eq(functional_run(&f->L), 0);
    ck_assert_int_eq(f->L.fault.kind, LAUNCH_FAULT_NONE);
    ck_assert_uint_eq(f->L.insts_total, 20);
    fx_free(f);
    /* A one-wave workgroup: the same kernel, wave 0 of each group only (4 x 4). */
    f = fx_new(128, 64);
    ended_wave_kernel(f);
    ck_assert_int_eq(prepare(f, 0), 0);
    ck_assert_int_eq(functional_run(&f->L), 0);
    ck_assert_uint_eq(f->L.insts_total, 2 * 4);
    fx_free(f);
}
END_TEST

START_TEST(max_instructions)
{
    fx_t *f = fx_new(128, 64);
    add(f, ISA_s_nop);
    add(f, ISA_s_branch)->target = 0;
    ck_assert_int_eq(prepare(f, 1001), 0);
    ck_assert_int_eq(functional_run(&f->L), 2);
    ck_assert_int_eq(f->L.fault.kind, LAUNCH_FAULT_LIMIT);
    ck_assert_uint_eq(f->L.insts_total, 1001);
    ck_assert_uint_eq(f->L.insts_per_unit[ISA_UNIT_SEQ], 501);
    ck_assert_uint_eq(f->L.insts_per_unit[ISA_UNIT_BRANCH], 500);
    ck_assert_uint_eq(f->L.fault.inst, 1);
    ck_assert_ptr_nonnull(strstr(f->L.fault.msg, "more than 1001 wave instructions"));
    fx_free(f);
    f = fx_new(64, 64);
    add(f, ISA_s_endpgm);
    ck_assert_int_eq(prepare(f, 0), 0);
    ck_assert_uint_eq(f->L.max_instructions, UINT64_MAX); /* no cap by default: the detector */
    fx_free(f);
}
END_TEST

/* Without --max-instructions a loop that never ends is caught when no workgroup finishes for the
 * window: one wave at a time (a one-wave workgroup) x max(2^20, 4096 x 2 instructions) = 2^20. */
START_TEST(runaway_detector)
{
    fx_t *f = fx_new(128, 64);
    add(f, ISA_s_nop);
    add(f, ISA_s_branch)->target = 0;
    ck_assert_int_eq(prepare(f, 0), 0);
    ck_assert_int_eq(functional_run(&f->L), 2);
    ck_assert_int_eq(f->L.fault.kind, LAUNCH_FAULT_LIMIT);
    ck_assert_uint_eq(f->L.stall_window, 1u << 20);
    ck_assert_uint_eq(f->L.insts_total, 1u << 20);
    ck_assert_msg(strstr(f->L.fault.msg, "no workgroup finished in 1048576 wave instructions: a runaway loop?"), "%s",
                  f->L.fault.msg);
    /* The window scales with the kernel and the waves that run at once: 1000 instructions give 4096 x
     * 1000 = 4096000 per wave, x 3 waves = 12288000. */
    f->k.ninsts = 1000;
    launch_set_stall_window(&f->L, 3);
    f->k.ninsts = 2;
    ck_assert_uint_eq(f->L.stall_window, 12288000);
    /* Progress is what counts, not the total: 5e9 instructions in all, the last workgroup finished
     * 12287999 ago: no fault; 12288000 ago: the fault. */
    char msg[200];
    f->L.insts_total = 5000000000ull;
    f->L.progress_at = f->L.insts_total - 12287999;
    ck_assert_int_eq(launch_check_limit(&f->L, msg, sizeof msg), 0);
    f->L.progress_at--;
    ck_assert_int_eq(launch_check_limit(&f->L, msg, sizeof msg), LAUNCH_FAULT_LIMIT);
    ck_assert_msg(strstr(msg, "no workgroup finished in 12288000 wave instructions"), "%s", msg);
    fx_free(f);
    /* A hard cap replaces the detector. */
    f = fx_new(64, 64);
    add(f, ISA_s_endpgm);
    ck_assert_int_eq(prepare(f, 5000), 0);
    launch_set_stall_window(&f->L, 3);
    ck_assert_uint_eq(f->L.stall_window, UINT64_MAX);
    f->L.insts_total = 5000;
    ck_assert_int_eq(launch_check_limit(&f->L, msg, sizeof msg), LAUNCH_FAULT_LIMIT);
    ck_assert_msg(strstr(msg, "more than 5000 wave instructions executed (the --max-instructions cap)"), "%s", msg);
    fx_free(f);
}
END_TEST

START_TEST(exec_fault_and_pc_fault)
{
    fx_t *f = fx_new(64, 64);
    isa_inst_t *in = add(f, ISA_flat_load_dword); /* v[2:3] = 0: address 0 is unmapped */
    in->vdst = ut_v(1);
    in->src[0] = ut_vr(2, 2);
    in->nsrc = 1;
    add(f, ISA_s_endpgm);
    ck_assert_int_eq(prepare(f, 0), 0);
    ck_assert_int_eq(functional_run(&f->L), 2);
    ck_assert_int_eq(f->L.fault.kind, LAUNCH_FAULT_EXEC);
    ck_assert_int_eq(f->L.fault.isa_fault, ISA_FAULT_UNMAPPED);
    ck_assert_str_eq(launch_fault_name(&f->L.fault), "unmapped address");
    ck_assert_int_eq(f->L.fault.lane, 0);
    ck_assert_uint_eq(f->L.insts_total, 0);
    fx_free(f);

    f = fx_new(64, 64);
    add(f, ISA_s_nop);
    ck_assert_int_eq(prepare(f, 0), 0);
    ck_assert_int_eq(functional_run(&f->L), 2);
    ck_assert_int_eq(f->L.fault.kind, LAUNCH_FAULT_PC);
    ck_assert_uint_eq(f->L.insts_total, 1);
    fx_free(f);
}
END_TEST

/* An unmapped address is named by the region next to it, as the fault report prints it. */
START_TEST(fault_address_named)
{
    fx_t *f = fx_new(64, 64);
    add(f, ISA_s_endpgm);
    add_buf(f, "in", WL_U32, 256);
    add_buf(f, "out", WL_F32, 3);
    ck_assert_int_eq(prepare(f, 0), 0);
    /* in at the buffer base, out after a 64 KiB guard gap (GMEM_ALIGN). */
    uint64_t in = f->L.bufs[0].addr, out = f->L.bufs[1].addr;
    char t[256];
    launch_describe_address(&f->L, in + 1024, t, sizeof t);
    ck_assert_str_eq(t, "just past the end of buffer 'in' (u32[256], 0x200000000..0x2000003fc)");
    launch_describe_address(&f->L, in + 1024 + 256, t, sizeof t);
    ck_assert_str_eq(t, "256 bytes past the end of buffer 'in' (u32[256], 0x200000000..0x2000003fc)");
    launch_describe_address(&f->L, out - 4, t, sizeof t);
    ck_assert_str_eq(t, "4 bytes before the start of buffer 'out' (f32[3], 0x200020000..0x200020008)");
    launch_describe_address(&f->L, out + 12 + 1, t, sizeof t);
    ck_assert_str_eq(t, "1 byte past the end of buffer 'out' (f32[3], 0x200020000..0x200020008)");
    /* Below everything: the nearest region above, the code. */
    launch_describe_address(&f->L, 0, t, sizeof t);
    ck_assert_msg(strncmp(t, "4294967296 bytes before the start of the code (0x100000000..", 60) == 0, "%s", t);
    fx_free(f);
}
END_TEST

/* out[gid] = gid * 3 through kernarg, SMEM, VALU and FLAT; default descriptor, workgroup of 64. */
static void store_kernel(fx_t *f)
{
    isa_inst_t *in = add(f, ISA_s_load_dwordx2); /* s[6:7] = out */
    in->sdst = ut_sr(6, 2);
    in->src[0] = ut_sr(0, 2);
    in->nsrc = 1;
    add(f, ISA_s_waitcnt)->simm16 = 0;
    in = add(f, ISA_s_lshl_b32); /* s8 = wg id * 64 */
    in->sdst = ut_s(8);
    in->src[0] = ut_s(2);
    in->src[1] = ut_ic(6);
    in->nsrc = 2;
    in = add(f, ISA_v_add_u32); /* v1 = gid */
    in->vdst = ut_v(1);
    in->sdst = ut_vcc();
    in->src[0] = ut_s(8);
    in->src[1] = ut_v(0);
    in->nsrc = 2;
    in = add(f, ISA_v_mul_u32_u24); /* v4 = gid * 3 */
    in->vdst = ut_v(4);
    in->src[0] = ut_ic(3);
    in->src[1] = ut_v(1);
    in->nsrc = 2;
    in = add(f, ISA_v_lshlrev_b32); /* v1 = 4 * gid */
    in->vdst = ut_v(1);
    in->src[0] = ut_ic(2);
    in->src[1] = ut_v(1);
    in->nsrc = 2;
    in = add(f, ISA_v_mov_b32); /* v3 = hi(out) */
    in->vdst = ut_v(3);
    in->src[0] = ut_s(7);
    in->nsrc = 1;
    in = add(f, ISA_v_add_u32); /* v2 = lo(out) + 4 gid */
    in->vdst = ut_v(2);
    in->sdst = ut_vcc();
    in->src[0] = ut_s(6);
    in->src[1] = ut_v(1);
    in->nsrc = 2;
    in = add(f, ISA_v_addc_u32);
    in->vdst = ut_v(3);
    in->sdst = ut_vcc();
    in->src[0] = ut_ic(0);
    in->src[1] = ut_v(3);
    in->src[2] = ut_vcc();
    in->nsrc = 3;
    in = add(f, ISA_flat_store_dword);
    in->src[0] = ut_vr(2, 2);
    in->src[1] = ut_v(4);
    in->nsrc = 2;
    add(f, ISA_s_endpgm);
}

START_TEST(functional_store_and_two_simulations)
{
    fx_t *a = fx_new(200, 64); /* a partial last workgroup of 8 work-items */
    fx_t *b = fx_new(64, 64);
    store_kernel(a);
    store_kernel(b);
    add_buf(a, "out", WL_U32, 200);
    add_buf(b, "out", WL_U32, 64);
    add_arg(a, "out", WL_ARG_BUFFER)->buffer = 0;
    add_arg(b, "out", WL_ARG_BUFFER)->buffer = 0;
    ck_assert_int_eq(prepare(a, 0), 0);
    ck_assert_int_eq(prepare(b, 0), 0);
    ck_assert_msg(functional_run(&b->L) == 0, "%s", b->L.fault.msg);
    ck_assert_msg(functional_run(&a->L) == 0, "%s", a->L.fault.msg);
    for (uint32_t i = 0; i < 200; i++)
        ck_assert_uint_eq(rd(a, a->L.bufs[0].addr + 4 * i, 4), i * 3);
    for (uint32_t i = 0; i < 64; i++)
        ck_assert_uint_eq(rd(b, b->L.bufs[0].addr + 4 * i, 4), i * 3);
    ck_assert_uint_eq(a->L.waves_run, 4);
    ck_assert_uint_eq(a->L.insts_per_unit[ISA_UNIT_VMEM], 4);
    ck_assert_uint_eq(a->L.insts_per_unit[ISA_UNIT_SMEM], 4);
    ck_assert_uint_eq(a->L.insts_per_unit[ISA_UNIT_VALU], 4 * 6);
    fx_free(a);
    fx_free(b);
}
END_TEST


/* An assembled kernel with a clang-style descriptor: s[0:3] scratch, s[4:5] dispatch packet,
 * s[6:7] kernarg, s8/s9 workgroup id x/y. out[gid] = workgroup size x (read from the dispatch
 * packet) + 1000 * workgroup id x + 100000 * workgroup id y. */
static const char clang_style[] =
    "    .text\n"
    "    .globl k\n"
    "    .p2align 8\n"
    "    .type k,@function\n"
    "k:\n"
    "    s_load_dwordx2 s[10:11], s[6:7], 0x0\n"
    "    s_load_dword s12, s[4:5], 0x4\n"
    "    s_waitcnt lgkmcnt(0)\n"
    "    s_and_b32 s12, s12, 0xffff\n"
    "    s_mul_i32 s13, s8, s12\n"
    "    v_add_u32 v1, vcc, s13, v0\n"
    "    s_mul_i32 s14, s8, 1000\n"
    "    s_add_u32 s14, s14, s12\n"
    "    s_mul_i32 s15, s9, 100000\n"
    "    s_add_u32 s14, s14, s15\n"
    "    v_mov_b32 v4, s14\n"
    "    v_lshlrev_b32 v1, 2, v1\n"
    "    v_mov_b32 v3, s11\n"
    "    v_add_u32 v2, vcc, s10, v1\n"
    "    v_addc_u32 v3, vcc, 0, v3, vcc\n"
    "    flat_store_dword v[2:3], v4\n"
    "    s_endpgm\n"
    "    .rodata\n"
    "    .p2align 6\n"
    "    .amdhsa_kernel k\n"
    "      .amdhsa_user_sgpr_private_segment_buffer 1\n"
    "      .amdhsa_user_sgpr_dispatch_ptr 1\n"
    "      .amdhsa_user_sgpr_kernarg_segment_ptr 1\n"
    "      .amdhsa_system_sgpr_workgroup_id_x 1\n"
    "      .amdhsa_system_sgpr_workgroup_id_y 1\n"
    "      .amdhsa_next_free_vgpr 5\n"
    "      .amdhsa_next_free_sgpr 16\n"
    "    .end_amdhsa_kernel\n";

START_TEST(assembled_clang_style_kernel)
{
    isa_program_t prog;
    char *diag;
    size_t dlen;
    FILE *d = open_memstream(&diag, &dlen);
    int nerr = asm_assemble_buffer("k.s", clang_style, sizeof clang_style - 1, &prog, d);
    fclose(d);
    ck_assert_msg(nerr == 0, "%s", diag);
    free(diag);
    ck_assert(prog.kernels[0].desc.user_sgpr_dispatch_ptr);
    fx_t *f = fx_new(192, 64); /* 3 x 2 workgroups of 64 */
    f->wd.grid[1] = 2;
    f->wd.grid_dims = 2;
    add_buf(f, "out", WL_U32, 192 * 2);
    add_arg(f, "out", WL_ARG_BUFFER)->buffer = 0;
    launch_options_t opt = { 0, 0 };
    ck_assert_int_eq(launch_prepare(&f->L, &f->wl, &prog, &opt, stderr), 0);
    ck_assert_msg(functional_run(&f->L) == 0, "%s", f->L.fault.msg);
    /* Workgroups (x, 1) overwrite (x, 0)'s slots: gid only uses x. */
    for (uint32_t i = 0; i < 192; i++)
        ck_assert_uint_eq(rd(f, f->L.bufs[0].addr + 4 * i, 4), 64 + 1000 * (i / 64) + 100000);
    ck_assert_uint_eq(rd(f, f->L.bufs[0].addr + 4 * 192, 4), 0);
    ck_assert_uint_eq(f->L.waves_run, 6);
    fx_free(f);
    isa_program_free(&prog);
}
END_TEST


/* The documented buffer checksum is 64-bit FNV-1a: published test vectors. */
START_TEST(report_checksum_vectors)
{
    ck_assert_uint_eq(report_checksum((const uint8_t *)"", 0), 0xcbf29ce484222325ull);
    ck_assert_uint_eq(report_checksum((const uint8_t *)"a", 1), 0xaf63dc4c8601ec8cull);
    ck_assert_uint_eq(report_checksum((const uint8_t *)"foobar", 6), 0x85944171f73967e8ull);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("launch");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, entry_state_default_descriptor);
    tcase_add_test(tc, entry_state_clang_descriptor);
    tcase_add_test(tc, dispatch_packet);
    tcase_add_test(tc, args_without_metadata);
    tcase_add_test(tc, args_with_metadata);
    tcase_add_test(tc, args_metadata_mismatches);
    tcase_add_test(tc, resources);
    tcase_add_test(tc, kernel_selection);
    tcase_add_test(tc, run_counts_and_barrier);
    tcase_add_test(tc, barrier_with_ended_wave);
    tcase_add_test(tc, max_instructions);
    tcase_add_test(tc, runaway_detector);
    tcase_add_test(tc, exec_fault_and_pc_fault);
    tcase_add_test(tc, fault_address_named);
    tcase_add_test(tc, functional_store_and_two_simulations);
    tcase_add_test(tc, assembled_clang_style_kernel);
    tcase_add_test(tc, report_checksum_vectors);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)
