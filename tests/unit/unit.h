/* unit.h - the tiny harness every tests/unit/test_*.c uses.
 *
 *   UNIT_CHECK(cond, fmt, ...)          count one case; on failure print "FAIL file:line: <fmt>"
 *   UNIT_CHECK_BYTES(got, want, n, what) count one case; on failure print the first differing byte
 *   return UNIT_DONE();                 print "N passed, M failed"; value is the exit status
 *
 * Header-only (static state per test binary); the format string of UNIT_CHECK is required
 * (use "%s", "" when there is nothing to say).
 */
#ifndef PVC_UNIT_H
#define PVC_UNIT_H

#include <stdio.h>
#include <stddef.h>
#include <stdint.h>

static int unit_passed, unit_failed;

#define UNIT_CHECK(cond, ...)                                           \
    do {                                                                \
        if (cond) {                                                     \
            unit_passed++;                                              \
        } else {                                                        \
            unit_failed++;                                              \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                 \
            printf(__VA_ARGS__);                                        \
            printf("\n");                                               \
        }                                                               \
    } while (0)

/* Returns the index of the first difference, or n when equal. */
static inline size_t unit_first_diff(const void *got, const void *want, size_t n)
{
    const uint8_t *g = got, *w = want;
    size_t i = 0;
    while (i < n && g[i] == w[i])
        i++;
    return i;
}

#define UNIT_CHECK_BYTES(got, want, n, what)                                            \
    do {                                                                                \
        size_t unit_i_ = unit_first_diff((got), (want), (n));                           \
        UNIT_CHECK(unit_i_ == (size_t)(n), "%s: byte %zu is 0x%02x, want 0x%02x", (what), \
                   unit_i_, unit_i_ < (size_t)(n) ? ((const uint8_t *)(got))[unit_i_] : 0, \
                   unit_i_ < (size_t)(n) ? ((const uint8_t *)(want))[unit_i_] : 0);     \
    } while (0)

#define UNIT_DONE() (printf("%d passed, %d failed\n", unit_passed, unit_failed), unit_failed != 0)

#endif /* PVC_UNIT_H */
