/* Fuzz target: the binary trace reader (trace_open, then trace_next to the end record or the first
 * error, at most FUZZ_MAX_RECORDS records), with the per-CU residency and the end record read back,
 * and an accepted trace exported to Perfetto JSON in /tmp. Seeds: real traces of shipped
 * workloads, tests/fuzz/corpus/trace/. */
#include "fuzz_util.h"

#include "trace.h"

enum { FUZZ_MAX_RECORDS = 100000 };

/* Returns 1 when the whole trace was read and validated, 0 when it was rejected, -1 when skipped. */
static int fuzz_trace_one(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return -1;
    char path[32];
    if (fuzz_write_temp(data, size, path) != 0)
        return -1;
    char msg[512];
    int ok = 0;
    trace_reader_t *r = trace_open(path, msg, sizeof msg);
    if (r) {
        const trace_header_t *h = trace_header(r);
        tev_t ev;
        int rc = 0;
        for (uint32_t n = 0; n < FUZZ_MAX_RECORDS; n++) {
            rc = trace_next(r, &ev, msg, sizeof msg);
            if (rc != 1)
                break;
            for (uint32_t cu = 0; cu < h->ncu && cu < 64; cu++)
                trace_resident(r, cu);
            if (ev.kind == TEV_END) {
                trace_end_info(r);
                ok = 1;
            }
        }
        trace_close(r);
    }
    /* A trace the reader accepts is also exported, as `gcnsim trace export` would. */
    char out[32];
    FILE *err = fuzz_sink();
    if (ok && err && fuzz_write_temp(NULL, 0, out) == 0) {
        trace_export_perfetto(path, out, err);
        unlink(out);
    }
    if (err)
        fclose(err);
    unlink(path);
    return ok;
}

#ifndef FUZZ_NO_ENTRY
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_trace_one(data, size);
    return 0;
}
#endif
