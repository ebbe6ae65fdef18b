/* fuzz_frontend.c - libFuzzer harness over the whole compiler: any bytes as a Python file
 * through every pass, both dumps into /dev/null, and, when the file passes `check`, the C
 * emitter into memory (what `pvc compile` prints). A crash, hang, sanitizer report, leak or
 * internal error (exit) is a bug. Seeds: the .py files of samples/, tests/diag/, tests/golden/,
 * tests/sim/, tests/e2e/ and tests/fuzz/corpus/. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "emit/emit_c.h"
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
    if (pvc_run_passes(&u, NULL, dump_both, NULL) == PVC_EXIT_OK) {
        size_t len = 0;
        free(pvc_emit_c_string(u.mod, &len)); /* NULL (a located refusal) is fine */
    }
    pvc_unit_free(&u);
    return 0;
}
