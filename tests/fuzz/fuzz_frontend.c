/* fuzz_frontend.c - libFuzzer harness over the whole compiler: any bytes as a Python file
 * through every pass, both dumps into /dev/null, and, when the file passes `check`, the C
 * emitter into memory (what `pvc compile` prints); then the streamed compile (passes/
 * stream.c) of the same bytes, whose C must be that text byte for byte when it streams. A
 * crash, hang, sanitizer report, leak, internal error (exit) or a streamed C that differs
 * is a bug. Seeds: the .py files of samples/, tests/diag/, tests/golden/, tests/sim/,
 * tests/e2e/ and tests/fuzz/corpus/. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit/emit_c.h"
#include "emit/stream.h"
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
    pvc_source again;
    if (pvc_source_from_mem(&again, "fuzz.py", (const char *)data, size)) {
        pvc_source_free(&src);
        return 0;
    }
    pvc_unit u;
    pvc_unit_init(&u, src, sink); /* diagnostics printed too: exercises the caret code */
    size_t len = 0;
    char *whole = NULL;
    if (pvc_run_passes(&u, NULL, dump_both, NULL) == PVC_EXIT_OK)
        whole = pvc_emit_c_string(u.mod, &len); /* NULL (a located refusal) is fine */
    pvc_unit_free(&u);

    char *text = NULL;
    size_t tlen = 0;
    FILE *mem = open_memstream(&text, &tlen);
    if (!mem)
        abort();
    pvc_unit_init(&u, again, sink);
    int rc = pvc_compile_streamed(&u, mem, NULL);
    fclose(mem);
    if (rc == 0 && (!whole || tlen != len || memcmp(text, whole, len) != 0)) {
        fprintf(stderr, "the streamed compile's C differs from the whole compile's\n");
        abort();
    }
    pvc_unit_free(&u);
    free(text);
    free(whole);
    return 0;
}
