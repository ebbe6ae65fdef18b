/* printf.c - pl.printf (pvc_rt.h, docs/SEMANTICS.md §6): the format's conversions %d %i %u
 * %x %f (with flags, width and precision) and %% take the arguments in order; the text goes
 * to stdout after "[block N] ", in one write so the lines of blocks running on several
 * threads do not interleave. %d/%i print an int64, %u and %x its 64 bits unsigned, %f a
 * double. The compiler has checked the format against the arguments; a conversion with no
 * argument left prints as written. */
#include <stdio.h>

#include "rt_internal.h"

/* Appends one conversion spec[0..n) applied to arg into buf at *k. */
static void put_conv(char *buf, size_t size, size_t *k, const char *spec, size_t n, char kind,
                     const pvc_scalar *arg)
{
    char fmt[40];
    if (n + 4 > sizeof fmt || *k >= size)
        return;
    char conv = spec[n - 1];
    memcpy(fmt, spec, n - 1);
    if (conv == 'f') {
        fmt[n - 1] = 'f';
        fmt[n] = '\0';
        *k += (size_t)snprintf(buf + *k, size - *k, fmt, kind == 'f' ? arg->f : (double)arg->i);
        return;
    }
    /* the integer conversions at 64 bits: %lld / %llu / %llx */
    memcpy(fmt + n - 1, conv == 'u' ? "llu" : conv == 'x' ? "llx" : "lld", 4);
    if (conv == 'u' || conv == 'x')
        *k += (size_t)snprintf(buf + *k, size - *k, fmt, (unsigned long long)arg->i);
    else
        *k += (size_t)snprintf(buf + *k, size - *k, fmt, (long long)arg->i);
}

void pvc_printf(pvc_ctx *ctx, const char *format, int nargs, const pvc_scalar *args, const char *kinds)
{
    char buf[4096];
    size_t k = (size_t)snprintf(buf, sizeof buf, "[block %lld] ", (long long)ctx->block_idx);
    int a = 0;
    for (const char *p = format; *p && k < sizeof buf; p++) {
        if (*p != '%') {
            buf[k++] = *p;
            continue;
        }
        const char *s = p++;
        while (*p && strchr("-+ #0", *p))
            p++;
        while (*p && ((*p >= '0' && *p <= '9') || *p == '.'))
            p++;
        if (*p == '%') {
            buf[k++] = '%';
        } else if (*p && strchr("diuxf", *p) && a < nargs) {
            put_conv(buf, sizeof buf, &k, s, (size_t)(p - s + 1), kinds[a], &args[a]);
            a++;
        } else { /* not a conversion pvc takes: as written */
            for (; s <= p && *s && k < sizeof buf; s++)
                buf[k++] = *s;
            if (!*p)
                break;
        }
    }
    if (k > sizeof buf)
        k = sizeof buf;
    fwrite(buf, 1, k, stdout);
    fflush(stdout);
}
