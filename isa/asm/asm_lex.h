/* asm_lex: the assembler's lowest layer — diagnostics on the current or another line, comment
 * removal and the tokens of one source line, the SIG strings of isa.def, the modifiers after the
 * operands and s_waitcnt expressions. Needs: asm_diag (how a message is printed). */
#ifndef GCNSIM_ASM_LEX_H
#define GCNSIM_ASM_LEX_H

#include "asm/asm_types.h"

/* Report an error on the current line at `col` (1-based); marks the line failed. */
void asm_error(asm_ctx_t *c, uint32_t col, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Report an error on another line (used after parsing). */
void asm_error_at(asm_ctx_t *c, const char *line, uint32_t line_len, uint32_t lineno, uint32_t col,
                  const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/* Blank comments of the current line into c->clean and split it into c->tok. False on error. */
bool asm_tokenize(asm_ctx_t *c);
/* isa.def's names by asm_hash into c->op_hash, and the entry of a name (len bytes) there, or
 * ISA_NUM_OPS: isa.def's own names, whatever the target calls them. */
void asm_op_hash_build(asm_ctx_t *c);
isa_op_t asm_op_lookup(const asm_ctx_t *c, const char *name, size_t len);
bool asm_tok_is(const asm_tok_t *t, const char *s);
bool asm_tok_punct(const asm_tok_t *t, char ch);
uint32_t asm_hash(const char *s, size_t n);
/* Copy a token's text into a NUL-terminated buffer (truncating). */
void asm_tok_text(const asm_tok_t *t, char *buf, size_t size);
/* Grow a dynamic array so that it holds at least `need` elements; false when out of memory. */
bool asm_grow(void **arr, uint32_t *cap, uint32_t need, size_t elem);
/* Parse a SIG string; false when it is malformed (a table bug). */
bool asm_sig_parse(const char *sig, asm_sig_list_t *out);
/* Parse the modifiers that follow the operands (tokens *i..end). */
bool asm_parse_mods(asm_ctx_t *c, uint32_t *i, asm_mods_t *m);
/* The names of the SDWA/DPP controls, where asm_parse_mods stops (asm_sdwa_dpp.c goes on). */
bool asm_ext_control_name(const asm_tok_t *t);
/* Parse an s_waitcnt expression (tokens *i..end) into the encoded field. */
bool asm_parse_waitcnt(asm_ctx_t *c, uint32_t *i, int32_t *simm16);

#endif
