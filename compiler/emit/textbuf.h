/* textbuf.h - the growing text buffer the C emitter (emit_c.c) writes into.
 *
 * The emitter writes a large file in many small pieces (a name, a number, "; "): through
 * stdio on an open_memstream each piece was a locked fwrite/fputs call, about 7% of `pvc
 * compile` on a large file. Here a piece is a bounds check and a memcpy. An allocation
 * failure is remembered (oom) and later writes are dropped; the owner checks oom once. */
#ifndef PVC_TEXTBUF_H
#define PVC_TEXTBUF_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char *p;        /* malloc'd; NULL until the first write */
    size_t len, cap;
    int oom;
} textbuf;

/* Room for n more bytes and a NUL; 0 after an allocation failure. */
static inline int tb_reserve(textbuf *b, size_t n)
{
    if (b->oom)
        return 0;
    if (b->len + n < b->cap)
        return 1;
    size_t cap = b->cap ? b->cap : 4096;
    while (b->len + n >= cap)
        cap *= 2;
    char *p = realloc(b->p, cap);
    if (!p) {
        b->oom = 1;
        return 0;
    }
    b->p = p;
    b->cap = cap;
    return 1;
}

static inline void tb_write(textbuf *b, const void *s, size_t n)
{
    if (n && tb_reserve(b, n)) {
        memcpy(b->p + b->len, s, n);
        b->len += n;
    }
}

static inline void tb_puts(textbuf *b, const char *s)
{
    tb_write(b, s, strlen(s));
}

static inline void tb_putc(textbuf *b, int c)
{
    if (tb_reserve(b, 1))
        b->p[b->len++] = (char)c;
}

static inline void tb_printf(textbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline void tb_printf(textbuf *b, const char *fmt, ...)
{
    va_list ap;
    for (int tries = 0; tries < 2 && tb_reserve(b, 0); tries++) {
        size_t room = b->cap - b->len;
        va_start(ap, fmt);
        int n = vsnprintf(b->p + b->len, room, fmt, ap);
        va_end(ap);
        if (n < 0) {
            b->oom = 1;
            return;
        }
        if ((size_t)n < room) {
            b->len += (size_t)n;
            return;
        }
        tb_reserve(b, (size_t)n); /* and format again into the bigger buffer */
    }
}

#endif /* PVC_TEXTBUF_H */
