/* exec_vcmp: VOPC, the vector compares. A compare writes a 64-bit lane mask (VCC in e32, any SGPR
 * pair in e64) with 0 for lanes disabled in EXEC; v_cmpx_* also writes the mask to EXEC.
 *
 * The condition is decoded from the opcode's position in isa.def rather than spelled out per op:
 * the table lists each type's conditions in the hardware's encoding order, v_cmp then v_cmpx.
 * That order is itself a bit set over the relation of the two operands:
 *   bit 0 less, bit 1 equal, bit 2 greater, bit 3 unordered (floats only)
 * e.g. le = 0b011, ne = 0b101, t = 0b111, nge = 0b1001 (unordered or less), tru = 0b1111.
 * So a compare is: find the relation of each lane's operands, test that bit of the condition. */
#include "exec/exec_vcmp.h"

#include "exec/exec_lanes.h"
#include "exec/exec_operands.h"
#include "exec/exec_valu_f64.h"
#include "exec/exec_valu_float.h"

enum { NL = ISA_WAVE_SIZE };
enum { REL_LT, REL_EQ, REL_GT, REL_UN };

/* The layout the decoding relies on, checked at compile time. */
#define VCMP_BLOCK(first, last, n) _Static_assert(ISA_##last - ISA_##first == (n) - 1, #first " block layout")
VCMP_BLOCK(v_cmp_f_i32, v_cmpx_t_i32, 16);
VCMP_BLOCK(v_cmp_f_i32, v_cmpx_t_u16, 96);
VCMP_BLOCK(v_cmp_f_u32, v_cmpx_t_u32, 16);
VCMP_BLOCK(v_cmp_f_i64, v_cmpx_t_i64, 16);
VCMP_BLOCK(v_cmp_f_u64, v_cmpx_t_u64, 16);
VCMP_BLOCK(v_cmp_f_i16, v_cmpx_t_i16, 16);
VCMP_BLOCK(v_cmp_f_u16, v_cmpx_t_u16, 16);
VCMP_BLOCK(v_cmp_f_f32, v_cmpx_tru_f32, 32);
VCMP_BLOCK(v_cmp_le_i32, v_cmpx_le_i32, 2);
VCMP_BLOCK(v_cmp_f_i32, v_cmp_ne_i32, 11);
VCMP_BLOCK(v_cmp_f_f32, v_cmp_nge_f32, 19);
VCMP_BLOCK(v_cmp_class_f32, v_cmpx_class_f32, 2);
VCMP_BLOCK(v_cmp_f_f64, v_cmpx_tru_f64, 32);
VCMP_BLOCK(v_cmp_class_f64, v_cmpx_class_f64, 2);
#undef VCMP_BLOCK

/* Integer operand types in table order. */
typedef enum { T_I32, T_U32, T_I64, T_U64, T_I16, T_U16 } int_type_t;

#define REL(x, y) ((x) < (y) ? REL_LT : (x) == (y) ? REL_EQ : REL_GT)

/* The condition's bits per lane as flags (0 or 1), from the three (four) relations computed
 * without branches: restrict and flat, so that the loops vectorise; isa_x_pack_flags makes the
 * mask. For each lane exactly one relation holds (unordered only with a NaN), as REL picks it. */
static void flags_i32(const uint32_t *restrict a, const uint32_t *restrict b, unsigned cond, bool is_signed,
                      uint8_t *restrict f)
{
    uint8_t lt = cond & 1, eq = (cond >> 1) & 1, gt = (cond >> 2) & 1;
    if (is_signed)
        for (int l = 0; l < NL; l++) {
            int32_t x = (int32_t)a[l], y = (int32_t)b[l];
            f[l] = (uint8_t)(((x < y) & lt) | ((x == y) & eq) | ((x > y) & gt));
        }
    else
        for (int l = 0; l < NL; l++) {
            uint32_t x = a[l], y = b[l];
            f[l] = (uint8_t)(((x < y) & lt) | ((x == y) & eq) | ((x > y) & gt));
        }
}

static void flags_f32(const uint32_t *restrict a, const uint32_t *restrict b, unsigned cond, uint8_t *restrict f)
{
    uint8_t lt = cond & 1, eq = (cond >> 1) & 1, gt = (cond >> 2) & 1, un = (cond >> 3) & 1;
    for (int l = 0; l < NL; l++) {
        float x = isa_x_f32(a[l]), y = isa_x_f32(b[l]);
        f[l] = (uint8_t)(((x < y) & lt) | ((x == y) & eq) | ((x > y) & gt) | (((x != x) | (y != y)) & un));
    }
}

static uint64_t cmp_int(const isa_wave_t *w, const isa_inst_t *in, int_type_t ty, unsigned cond)
{
    uint64_t m = 0;
    if (ty == T_I64 || ty == T_U64) {
        uint64_t a[NL], b[NL];
        isa_x_read_v64(w, in, in->src[0], false, a);
        isa_x_read_v64(w, in, in->src[1], false, b);
        if (ty == T_I64)
            for (int l = 0; l < NL; l++)
                m |= (uint64_t)((cond >> REL((int64_t)a[l], (int64_t)b[l])) & 1) << l;
        else
            for (int l = 0; l < NL; l++)
                m |= (uint64_t)((cond >> REL(a[l], b[l])) & 1) << l;
        return m;
    }
    uint32_t a[NL], b[NL];
    isa_x_read_v32(w, in, in->src[0], a);
    isa_x_read_v32(w, in, in->src[1], b);
    uint8_t f[NL];
    switch (ty) {
    case T_I32:
    case T_U32:
        flags_i32(a, b, cond, ty == T_I32, f);
        m = isa_x_pack_flags(f);
        break;
    case T_I16: /* the low 16 bits only */
        for (int l = 0; l < NL; l++)
            m |= (uint64_t)((cond >> REL((int16_t)(uint16_t)a[l], (int16_t)(uint16_t)b[l])) & 1) << l;
        break;
    default:
        for (int l = 0; l < NL; l++)
            m |= (uint64_t)((cond >> REL((uint16_t)a[l], (uint16_t)b[l])) & 1) << l;
        break;
    }
    return m;
}

static uint64_t cmp_f32(const isa_wave_t *w, const isa_inst_t *in, unsigned cond)
{
    uint32_t a[NL], b[NL];
    isa_valu_read_f32(w, in, 0, true, a);
    isa_valu_read_f32(w, in, 1, true, b);
    uint8_t f[NL];
    flags_f32(a, b, cond, f);
    return isa_x_pack_flags(f);
}

static uint64_t cmp_f64(const isa_wave_t *w, const isa_inst_t *in, unsigned cond)
{
    uint64_t a[NL], b[NL];
    isa_valu_read_f64(w, in, 0, a);
    isa_valu_read_f64(w, in, 1, b);
    uint64_t m = 0;
    for (int l = 0; l < NL; l++) {
        double x, y;
        memcpy(&x, &a[l], 8);
        memcpy(&y, &b[l], 8);
        int r = (x != x || y != y) ? REL_UN : REL(x, y);
        m |= (uint64_t)((cond >> r) & 1) << l;
    }
    return m;
}

/* v_cmp_class_f32 mask bits: 0 sNaN, 1 qNaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0, 6 +0,
 * 7 +denormal, 8 +normal, 9 +inf. The value is classified before any flush (denormals are
 * reported as denormals, which is what the class test exists for). */
static unsigned f32_class(uint32_t v)
{
    uint32_t e = (v >> 23) & 0xff, f = v & 0x7fffff;
    bool neg = v >> 31;
    if (e == 0xff)
        return f ? ((f & 0x400000u) ? 1 : 0) : (neg ? 2 : 9);
    if (e == 0)
        return f ? (neg ? 4 : 7) : (neg ? 5 : 6);
    return neg ? 3 : 8;
}

/* The same classes for f64: exponent 11 bits, quiet bit 51. */
static unsigned f64_class(uint64_t v)
{
    uint64_t e = (v >> 52) & 0x7ff, f = v & 0xfffffffffffffull;
    bool neg = v >> 63;
    if (e == 0x7ff)
        return f ? ((f & 0x8000000000000ull) ? 1 : 0) : (neg ? 2 : 9);
    if (e == 0)
        return f ? (neg ? 4 : 7) : (neg ? 5 : 6);
    return neg ? 3 : 8;
}

static uint64_t cmp_class64(const isa_wave_t *w, const isa_inst_t *in)
{
    uint64_t a[NL];
    uint32_t b[NL];
    isa_valu_read_f64(w, in, 0, a);
    isa_x_read_v32(w, in, in->src[1], b);
    uint64_t m = 0;
    for (int l = 0; l < NL; l++)
        m |= (uint64_t)((b[l] >> f64_class(a[l])) & 1) << l;
    return m;
}

static uint64_t cmp_class(const isa_wave_t *w, const isa_inst_t *in)
{
    uint32_t a[NL], b[NL];
    isa_valu_read_f32(w, in, 0, false, a);
    isa_x_read_v32(w, in, in->src[1], b);
    uint64_t m = 0;
    for (int l = 0; l < NL; l++)
        m |= (uint64_t)((b[l] >> f32_class(a[l])) & 1) << l;
    return m;
}

bool isa_valu_cmp(isa_wave_t *w, const isa_inst_t *in)
{
    unsigned op = in->op;
    uint64_t m;
    if (op >= ISA_v_cmp_f_i32 && op <= ISA_v_cmpx_t_u16) {
        unsigned k = op - ISA_v_cmp_f_i32;
        m = cmp_int(w, in, (int_type_t)(k / 16), (k % 16) / 2);
    } else if (op >= ISA_v_cmp_f_f32 && op <= ISA_v_cmpx_tru_f32) {
        m = cmp_f32(w, in, (op - ISA_v_cmp_f_f32) / 2);
    } else if (op == ISA_v_cmp_class_f32 || op == ISA_v_cmpx_class_f32) {
        m = cmp_class(w, in);
    } else if (op >= ISA_v_cmp_f_f64 && op <= ISA_v_cmpx_tru_f64) {
        m = cmp_f64(w, in, (op - ISA_v_cmp_f_f64) / 2);
    } else if (op == ISA_v_cmp_class_f64 || op == ISA_v_cmpx_class_f64) {
        m = cmp_class64(w, in);
    } else {
        return false;
    }
    m &= isa_wave_exec(w);
    isa_x_write_s64(w, isa_valu_mask_dst(in), m);
    if (isa_ops[op].flags & ISA_FL_CMPX)
        isa_x_write_s64(w, ISA_REG_EXEC_LO, m);
    return true;
}
