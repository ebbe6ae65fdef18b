/* fuzz_frontend.c - libFuzzer harness over the whole front end: any bytes as a Python
 * file through every pass, both dumps into /dev/null. A crash, hang, sanitizer report,
 * leak or internal error (exit) is a bug. Seeds: the .py files of samples/ and tests/diag/. */
#include <stdint.h>
#include <stdio.h>

#include "pvc.h"

static FILE *sink;

static void dump_both(const pvc_module *m, const char *pass, void *ctx)
{
    (void)pass;
    (void)ctx;
    pvc_dump_text(m, sink);
    pvc_dump_json(m, sink);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!sink)
        sink = fopen("/dev/null", "w");
    pvc_source src;
    if (pvc_source_from_mem(&src, "fuzz.py", (const char *)data, size))
        return 0;
    pvc_unit u;
    pvc_unit_init(&u, src, sink); /* diagnostics printed too: exercises the caret code */
    pvc_run_passes(&u, NULL, dump_both, NULL);
    pvc_unit_free(&u);
    return 0;
}
