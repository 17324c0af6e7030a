/* exec_buffer_fmt: the data and number formats of the buffer format instructions
 * (buffer_*_format_*, tbuffer_*, their _d16_ forms): how an element of a format is laid out in
 * memory and how each component converts to a register value and back. Pure functions on bytes;
 * the addressing is exec_buffer's. Rules and choices: docs/semantics-scalar-memory.md, "Formats".
 * Needs: isa_f16.h. */
#ifndef GCNSIM_ISA_EXEC_BUFFER_FMT_H
#define GCNSIM_ISA_EXEC_BUFFER_FMT_H

#include <stdbool.h>
#include <stdint.h>

/* Number formats (NUM_FORMAT / nfmt). 6 is reserved on gfx8 (llvm-mc: BUF_NUM_FORMAT_RESERVED_6). */
enum { ISA_NFMT_UNORM, ISA_NFMT_SNORM, ISA_NFMT_USCALED, ISA_NFMT_SSCALED, ISA_NFMT_UINT, ISA_NFMT_SINT,
       ISA_NFMT_FLOAT = 7 };

/* NULL when data format dfmt with number format nfmt is one gcnsim converts, else why not (an
 * invalid or reserved code, or FLOAT on a component width that has no float: 8 or 2 bits). */
const char *isa_buf_fmt_problem(uint32_t dfmt, uint32_t nfmt);
/* Bytes of one element (1..16) and its number of components (1..4); dfmt must be valid. */
uint32_t isa_buf_fmt_bytes(uint32_t dfmt);
uint32_t isa_buf_fmt_comps(uint32_t dfmt);

/* Component c of the element at `elem` as the register value a load writes: f32 bits for UNORM,
 * SNORM, USCALED, SSCALED and FLOAT, the integer for UINT/SINT; with d16 the low 16 bits hold an
 * f16 (float results) or the integer's low 16 bits, the high 16 are 0. */
uint32_t isa_buf_fmt_load(const uint8_t *elem, uint32_t dfmt, uint32_t nfmt, uint32_t c, bool d16);
/* The value a load writes for a component the format lacks: 0, and 1 (1.0) for w. */
uint32_t isa_buf_fmt_default(uint32_t nfmt, uint32_t c, bool d16);
/* Store register value `reg` (as a load would have produced it) into component c of the element at
 * `elem`, converting with the format's rounding and clamping; the other components' bits stay. */
void isa_buf_fmt_store(uint8_t *elem, uint32_t dfmt, uint32_t nfmt, uint32_t c, uint32_t reg, bool d16);

#endif
