/* kprogram: a kernel program read from the file a workload names, and a dispatch's kernel in it.
 *
 * The file is assembly text, an ELF code object (told by its magic, whatever its name) or an
 * OpenCL C or HIP source, compiled first by the documented compiler command (load/kcompile.h).
 * A kernel is named by its symbol or, for a C++ (HIP) kernel, by the unmangled name it declares.
 * Needs: isa (asm, codeobj), fileio, kcompile, wl (the workload's messages). */
#ifndef GCNSIM_KPROGRAM_H
#define GCNSIM_KPROGRAM_H

#include <stdint.h>
#include <stdio.h>

#include "isa.h"
#include "load/workload.h"

/* Read the kernel source at path (a regular file within FIO_KERNEL_MAX bytes, checked as text by
 * fio_read_text) and assemble it. Returns the number of errors, as asm_assemble_buffer; on errors
 * every diagnostic went to err and prog holds nothing to free. */
/* Assembly text is assembled for `target` unless it names its own (`.amdgcn_target`); a code
 * object's target is its e_flags'. */
int kprogram_assemble(const char *path, isa_target_t target, isa_program_t *prog, FILE *err);
/* As kprogram_assemble; an OpenCL C (.cl) or HIP (.hip, .cpp) source is first compiled by the
 * documented compiler command (load/kcompile.h) with the extra options `cflags` (NULL: none). */
int kprogram_assemble_src(const char *path, const char *cflags, isa_target_t target, isa_program_t *prog, FILE *err);
/* The kernel named `name`: its symbol, or the unmangled name of exactly one C++ (HIP) kernel
 * (`scale` for _Z5scalePff). *nmatch is how many kernels have that name (0, or several: NULL). */
const isa_kernel_t *kprogram_find_kernel(const isa_program_t *prog, const char *name, uint32_t *nmatch);
/* The kernel dispatch d of wl runs: the one it names, else the program's only kernel. NULL when
 * there is none, several and no name, or the name matches none or several (the error, with the
 * nearest name, printed to err as "file:line: error: ..."). */
const isa_kernel_t *kprogram_pick(const wl_workload_t *wl, const wl_dispatch_t *d, const isa_program_t *prog,
                                  FILE *err);
/* True when kernel k (dispatch d's) is code for the machine's target; else false after
 * "W.ini:line: error: kernel 'k' is gfx803 code; the machine runs gfx900 (gpu.target): ..." on err. */
bool kprogram_check_target(const wl_workload_t *wl, const wl_dispatch_t *d, const isa_kernel_t *k,
                           isa_target_t machine, FILE *err);

#endif
