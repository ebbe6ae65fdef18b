/* fuzz_stream.c - libFuzzer harness: the streamed compile (emit/stream.c, front/defer.c's text
 * scan) against the whole compile, on real test files mutated the way files go wrong in their
 * line structure: a form feed or a vertical tab at a line's start or after its indentation, a
 * line ended by CR or CRLF (one line, or all), a tab for four spaces, a byte order mark at the
 * start or inside, one space more or less. Half the mutations are libFuzzer's own.
 *
 * The property is the stream's (docs/IR.md, "The streamed compile"): when it streams, its C
 * is the whole compile's byte for byte; when the whole compile fails, it does not stream. A
 * difference, a crash, a hang or a sanitizer report is a bug. Seeds: run_fuzz.sh (the .py
 * files of samples/ and tests/, and $PVC_FUZZ_SEEDS). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit/emit_c.h"
#include "emit/stream.h"
#include "pvc.h"

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

static uint32_t next(uint32_t *s)
{
    *s ^= *s << 13, *s ^= *s >> 17, *s ^= *s << 5;
    return *s;
}

/* The start of a line picked at random (0 when there is no newline). */
static size_t some_line(const uint8_t *d, size_t n, uint32_t *s)
{
    size_t lines = 1;
    for (size_t i = 0; i < n; i++)
        lines += d[i] == '\n';
    size_t want = next(s) % lines, at = 0;
    for (size_t i = 0; i < n && want; i++)
        if (d[i] == '\n' && --want == 0)
            at = i + 1;
    return at;
}

/* Inserts k bytes at `at` when they fit; the new size. */
static size_t insert(uint8_t *d, size_t n, size_t max, size_t at, const char *bytes, size_t k)
{
    if (n + k > max)
        return n;
    memmove(d + at + k, d + at, n - at);
    memcpy(d + at, bytes, k);
    return n + k;
}

static size_t end_of_line(const uint8_t *d, size_t n, size_t at)
{
    const uint8_t *nl = memchr(d + at, '\n', n - at);
    return nl ? (size_t)(nl - d) : n;
}

size_t LLVMFuzzerCustomMutator(uint8_t *d, size_t n, size_t max, unsigned int seed)
{
    uint32_t s = seed | 1;
    unsigned op = next(&s) % 20;
    if (op >= 10 || n == 0)
        return LLVMFuzzerMutate(d, n, max);
    size_t at = some_line(d, n, &s), indent = at, eol = end_of_line(d, n, at);
    while (indent < eol && (d[indent] == ' ' || d[indent] == '\t'))
        indent++;
    switch (op) {
    case 0: return insert(d, n, max, at, "\f", 1);
    case 1: return insert(d, n, max, at, "\v", 1);
    case 2: return insert(d, n, max, indent, "\f", 1);
    case 3: return eol < n ? insert(d, n, max, eol, "\r", 1) : n;
    case 4:
        if (eol < n)
            d[eol] = '\r';
        return n;
    case 5: /* every line CRLF */
        for (size_t i = 0; i < n; i++)
            if (d[i] == '\n' && (i == 0 || d[i - 1] != '\r') && n < max)
                n = insert(d, n, max, i, "\r", 1), i++;
        return n;
    case 6: /* four spaces of the indentation become a tab */
        if (indent - at >= 4 && !memcmp(d + at, "    ", 4)) {
            d[at] = '\t';
            memmove(d + at + 1, d + at + 4, n - at - 4);
            return n - 3;
        }
        return insert(d, n, max, at, "\t", 1);
    case 7: return insert(d, n, max, next(&s) % 2 ? 0 : at, "\xEF\xBB\xBF", 3);
    case 8: return insert(d, n, max, at, " ", 1);
    default:
        if (indent > at) {
            memmove(d + at, d + at + 1, n - at - 1);
            return n - 1;
        }
        return n;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *quiet;
    if (!quiet)
        quiet = fopen("/dev/null", "w");
    pvc_source src, again;
    if (pvc_source_from_mem(&src, "fuzz.py", (const char *)data, size))
        return 0;
    if (pvc_source_from_mem(&again, "fuzz.py", (const char *)data, size)) {
        pvc_source_free(&src);
        return 0;
    }
    pvc_unit u;
    pvc_unit_init(&u, src, quiet);
    size_t len = 0;
    char *whole = NULL;
    if (pvc_run_passes(&u, NULL, NULL, NULL) == PVC_EXIT_OK)
        whole = pvc_emit_c_string(u.mod, &len);
    pvc_unit_free(&u);

    char *text = NULL;
    size_t tlen = 0;
    FILE *mem = open_memstream(&text, &tlen);
    if (!mem)
        abort();
    pvc_unit_init(&u, again, quiet);
    int rc = pvc_compile_streamed(&u, mem, NULL);
    fclose(mem);
    if (rc == 0 && !whole) {
        fprintf(stderr, "the stream compiled a file the whole compile refuses\n");
        abort();
    }
    if (rc == 0 && (tlen != len || memcmp(text, whole, len) != 0)) {
        fprintf(stderr, "the streamed compile's C differs from the whole compile's\n");
        abort();
    }
    pvc_unit_free(&u);
    free(text);
    free(whole);
    return 0;
}
