/* events: names of the event stream's states (for reports and traces). */
#include "machine/events.h"

const char *tev_wave_state_name(tev_wave_state_t s)
{
    static const char *const names[TEV_NUM_WAVE_STATES] = {
        "launching", "eligible", "no_instruction", "wait_vmcnt", "wait_lgkmcnt", "barrier", "draining", "held", "gone"
    };
    return (unsigned)s < TEV_NUM_WAVE_STATES ? names[s] : "?";
}
