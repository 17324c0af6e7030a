/* occ_unit.h: what the occupancy unit tests share: the configuration's built-in defaults and a
 * kernel's resources. */
#ifndef GCNSIM_TESTS_OCC_UNIT_H
#define GCNSIM_TESTS_OCC_UNIT_H

#include <string.h>

#include "config/config.h"
#include "machine/occupancy.h"

/* config.def's integer defaults, built from the table itself so the test does not depend on the
 * configuration loader. Enum keys stay 0 (their first choice, which is every enum's default). */
static inline cfg_t defaults(void)
{
    cfg_t c;
    memset(&c, 0, sizeof c);
#define CFG_INT(sec, key, def, lo, hi, unit, src, desc) c.sec##_##key = (def);
#define CFG_ENUM(sec, key, def, choices, src, desc)
#include "config/config.def"
#undef CFG_INT
#undef CFG_ENUM
    return c;
}

static inline occ_kernel_t kern(uint32_t wg_size, uint32_t vgprs, uint32_t sgprs, uint32_t lds)
{
    return (occ_kernel_t){ .vgprs = vgprs, .sgprs = sgprs, .lds_bytes = lds, .wg_size = wg_size };
}

#endif
