/* Fuzz target: the binary trace reader (trace_open, then trace_next to the end record or the first
 * error, at most FUZZ_MAX_RECORDS records), with the per-CU residency and the end record read back,
 * and an accepted trace exported to Perfetto JSON in /tmp. Seeds: real traces of shipped
 * workloads and headers whose counts the file cannot hold, tests/fuzz/corpus/trace/. Under the
 * fuzzer, no single allocation while one input is read may exceed FUZZ_ALLOC_PER_BYTE bytes per
 * input byte plus FUZZ_ALLOC_FIXED (docs/trace-format.md, "Validation"): a larger one aborts the
 * run, so a count trusted before it is checked against the file's size is a crash, not a slow run. */
#include "fuzz_util.h"

#include "observe/trace.h"

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
#include <sanitizer/allocator_interface.h>

/* The fixed part covers the tables the format bounds by constants: 512 CUs x 4 SIMDs x 16 slots of
 * reader and export state, and the export's per-CU lanes (about 2 MiB each). */
enum { FUZZ_ALLOC_PER_BYTE = 8, FUZZ_ALLOC_FIXED = 4 << 20 };

/* The bound for the input being read, 0 outside it. Static because a sanitizer malloc hook takes
 * no context; the fuzzer runs one input at a time. */
static size_t alloc_bound;

static void alloc_hook(const volatile void *p, size_t n)
{
    (void)p;
    if (alloc_bound && n > alloc_bound) {
        size_t bound = alloc_bound;
        alloc_bound = 0; /* the report below must not re-enter the hook */
        fprintf(stderr, "fuzz_trace: ALLOCATION BOUND: %zu bytes allocated, the bound for this input is %zu\n", n,
                bound);
        abort();
    }
}

static void free_hook(const volatile void *p) { (void)p; }

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    __sanitizer_install_malloc_and_free_hooks(alloc_hook, free_hook);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    alloc_bound = FUZZ_ALLOC_PER_BYTE * size + FUZZ_ALLOC_FIXED;
    fuzz_trace_one(data, size);
    alloc_bound = 0;
    return 0;
}
#endif
