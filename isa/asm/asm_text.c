/* asm_text: the shared text writers (asm_text.h). */
#include "asm/asm_text.h"

#include "asm/asm_operands.h"
#include "isa.h"

#include <stdarg.h>
#include <stdio.h>

void asm_put(asm_out_t *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = o->pos < o->len ? o->len - o->pos : 0;
    int n = vsnprintf(room ? o->buf + o->pos : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        o->pos += (size_t)n;
}

void asm_operand_text(uint16_t code, uint8_t count, char *text, size_t n)
{
    static const char *const fconst[] = { "0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0", "0.15915494" };
    if (code >= ISA_CONST_INT_ZERO && code <= 192)
        snprintf(text, n, "%d", code - ISA_CONST_INT_ZERO);
    else if (code > 192 && code <= 208)
        snprintf(text, n, "%d", 192 - code);
    else if (code >= ISA_CONST_F_HALF && code <= ISA_CONST_F_INV2PI)
        snprintf(text, n, "%s", fconst[code - ISA_CONST_F_HALF]);
    else if (code == ISA_SRC_SCC || code == ISA_SRC_VCCZ || code == ISA_SRC_EXECZ)
        snprintf(text, n, "src_%s", code == ISA_SRC_SCC ? "scc" : code == ISA_SRC_VCCZ ? "vccz" : "execz");
    else
        asm_reg_text(code, count, text, n);
}

unsigned asm_fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (err && errlen)
        vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return 0;
}
