/* diag.c - source files and located diagnostics (see diag.h). */
#include "ir/diag.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char *const diag_codes[PVC_E_COUNT] = {
#define X(id, code, text) code,
    PVC_DIAGS(X)
#undef X
};

int pvc_source_load(pvc_source *src, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (!buf) {
            fclose(f);
            errno = ENOMEM;
            return -1;
        }
        len += fread(buf + len, 1, cap - len - 1, f);
        if (len < cap - 1)
            break;
        cap *= 2;
        char *nb = realloc(buf, cap);
        if (!nb)
            free(buf);
        buf = nb;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        errno = EIO;
        return -1;
    }
    buf[len] = '\0';
    src->name = path;
    src->text = buf;
    src->len = len;
    return 0;
}

int pvc_source_from_mem(pvc_source *src, const char *name, const char *data, size_t len)
{
    src->text = malloc(len + 1);
    if (!src->text)
        return -1;
    if (len)
        memcpy(src->text, data, len);
    src->text[len] = '\0';
    src->name = name;
    src->len = len;
    return 0;
}

void pvc_source_free(pvc_source *src)
{
    free(src->text);
    src->text = NULL;
}

void pvc_diag_init(pvc_diag *d, const pvc_source *src, FILE *out)
{
    d->src = src;
    d->out = out;
    d->nerrors = d->nwarnings = 0;
    d->max_errors = 50;
    d->nseen = 0;
}

/* Prints line `line` of the source and a caret under byte column `col`; tabs in front
 * of the column are copied so the caret lines up whatever the tab width. */
static void print_source_line(const pvc_diag *d, int line, int col)
{
    const char *p = d->src->text, *end = p + d->src->len;
    for (int l = 1; l < line && p < end; p++)
        if (*p == '\n')
            l++;
    const char *eol = p;
    while (eol < end && *eol != '\n' && *eol != '\r')
        eol++;
    fprintf(d->out, "%.*s\n", (int)(eol - p), p);
    for (int i = 1; i < col && p + i - 1 < eol; i++)
        fputc(p[i - 1] == '\t' ? '\t' : ' ', d->out);
    fputs("^\n", d->out);
}

static void report(pvc_diag *d, pvc_span at, const char *what, const char *code,
                   const char *fmt, va_list ap)
{
    if (!d->out)
        return;
    fprintf(d->out, "%s:%d:%d: %s: ", d->src->name, at.line, at.col, what);
    vfprintf(d->out, fmt, ap);
    if (code)
        fprintf(d->out, " [%s]", code);
    fputc('\n', d->out);
    print_source_line(d, at.line, at.col);
}

/* A diagnostic identical to an earlier one (same place, same text) is dropped: the passes
 * check every specialisation of a vector function, which would repeat it per call site. */
static int repeated(pvc_diag *d, pvc_span at, const char *fmt, va_list ap)
{
    char buf[512];
    va_list cp;
    va_copy(cp, ap);
    vsnprintf(buf, sizeof buf, fmt, cp);
    va_end(cp);
    unsigned long h = 2166136261u ^ (unsigned long)at.line * 31u ^ (unsigned long)at.col;
    for (const char *p = buf; *p; p++)
        h = (h ^ (unsigned char)*p) * 16777619u;
    for (int i = 0; i < d->nseen; i++)
        if (d->seen[i] == h)
            return 1;
    if (d->nseen < 64)
        d->seen[d->nseen++] = h;
    return 0;
}

void pvc_error_at(pvc_diag *d, pvc_span at, pvc_diag_kind kind, const char *fmt, ...)
{
    va_list chk;
    va_start(chk, fmt);
    int dup = repeated(d, at, fmt, chk);
    va_end(chk);
    if (dup)
        return;
    if (d->nerrors++ >= d->max_errors) {
        if (d->nerrors == d->max_errors + 1 && d->out)
            fprintf(d->out, "%s:%d:%d: error: too many errors, stopping [%s]\n", d->src->name,
                    at.line, at.col, diag_codes[PVC_E_LIMIT]);
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    report(d, at, "error", diag_codes[kind], fmt, ap);
    va_end(ap);
}

void pvc_warn_at(pvc_diag *d, pvc_span at, const char *fmt, ...)
{
    va_list chk;
    va_start(chk, fmt);
    int dup = repeated(d, at, fmt, chk);
    va_end(chk);
    if (dup)
        return;
    d->nwarnings++;
    va_list ap;
    va_start(ap, fmt);
    report(d, at, "warning", NULL, fmt, ap);
    va_end(ap);
}

void pvc_report_at(pvc_diag *d, pvc_span at, const char *severity, const char *fmt, ...)
{
    if (!strcmp(severity, "error"))
        d->nerrors++;
    va_list ap;
    va_start(ap, fmt);
    report(d, at, severity, NULL, fmt, ap);
    va_end(ap);
}

void pvc_internal_error(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fflush(stdout);
    fprintf(stderr, "pvc: internal error at %s:%d: ", file, line);
    vfprintf(stderr, fmt, ap);
    fputs("\n(this is a bug in pvc, not in your program)\n", stderr);
    va_end(ap);
    exit(PVC_EXIT_INTERNAL);
}
