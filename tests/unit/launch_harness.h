/* launch_harness.h: a launch built by hand for the tests of its preparation (test_launch.c) and
 * its functional run (test_functional.c): one kernel of up to 32 instructions, its metadata
 * arguments, the workload's buffers and arguments, and the errors launch_prepare printed. */
#ifndef GCNSIM_TESTS_LAUNCH_HARNESS_H
#define GCNSIM_TESTS_LAUNCH_HARNESS_H

#include <stdio.h>

#include "load/launch.h"
#include "unit.h"

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
static inline void fx_default_desc(isa_descriptor_t *d)
{
    memset(d, 0, sizeof *d);
    d->user_sgpr_kernarg_segment_ptr = true;
    d->system_sgpr_workgroup_id_x = d->system_sgpr_workgroup_id_y = d->system_sgpr_workgroup_id_z = true;
    d->system_vgpr_workitem_id = 2;
    d->ieee_mode = true;
}

static inline fx_t *fx_new(uint32_t grid, uint32_t wg)
{
    fx_t *f = calloc(1, sizeof *f);
    f->k.name = (char *)"k"; /* not freed: the fixture's kernel is no program's */
    f->k.insts = f->insts;
    f->k.args = f->args;
    f->k.vgprs_used = 8;
    f->k.sgprs_used = 16;
    fx_default_desc(&f->k.desc);
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

static inline isa_inst_t *fx_add(fx_t *f, isa_op_t op)
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

static inline wl_buffer_t *fx_add_buf(fx_t *f, const char *name, wl_type_t t, uint64_t count)
{
    wl_buffer_t *b = &f->bufs[f->wl.nbuffers++];
    memset(b, 0, sizeof *b);
    snprintf(b->name, sizeof b->name, "%s", name);
    b->type = t;
    b->count = count;
    b->line = 20 + f->wl.nbuffers;
    return b;
}

static inline wl_arg_t *fx_add_arg(fx_t *f, const char *name, wl_arg_kind_t kind)
{
    wl_arg_t *a = &f->wargs[f->wd.nargs++];
    memset(a, 0, sizeof *a);
    snprintf(a->name, sizeof a->name, "%s", name);
    a->kind = kind;
    a->line = 30 + f->wd.nargs;
    return a;
}

static inline wl_arg_t *fx_add_scalar(fx_t *f, const char *name, wl_type_t t, uint64_t bits)
{
    wl_arg_t *a = fx_add_arg(f, name, WL_ARG_SCALAR);
    a->typed = true;
    a->type = t;
    a->bits = bits;
    return a;
}

static inline isa_kernel_arg_t *fx_add_meta(fx_t *f, const char *name, const char *type, isa_arg_kind_t kind, uint32_t off, uint32_t size)
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

/* Prepare the launch on a machine of `target` (the fixture's kernel must be set to it too). */
static inline int fx_prepare_target(fx_t *f, uint64_t max_insts, isa_target_t target)
{
    launch_options_t opt = { max_insts, 0, target };
    FILE *err = open_memstream(&f->errs, &f->errlen);
    int rc = launch_prepare(&f->L, &f->wl, &f->prog, &opt, err);
    fclose(err);
    return rc;
}

static inline int fx_prepare(fx_t *f, uint64_t max_insts)
{
    return fx_prepare_target(f, max_insts, ISA_TARGET_GFX803);
}

static inline void fx_free(fx_t *f)
{
    launch_free(&f->L);
    free(f->errs);
    free(f);
}

static inline uint64_t fx_rd(fx_t *f, uint64_t addr, uint32_t size)
{
    uint8_t *p = gmem_translate(&f->L.mem, addr, size);
    ck_assert_ptr_nonnull(p);
    uint64_t v = 0;
    for (uint32_t i = 0; i < size; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

static inline void fx_expect_err(fx_t *f, const char *what)
{
    ck_assert_msg(f->errs && strstr(f->errs, what), "expected '%s' in: %s", what, f->errs ? f->errs : "");
}

#endif
