/* diagnostics.c - the record list of libpvc.h: every string a record points to is a copy the
 * list owns, so records outlive the compile or launch that made them. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "lib/lib.h"

struct pvc_diagnostics {
    pvc_diagnostic *items;
    size_t n, cap;
    FILE *echo;
    char *text;          /* pvc_diagnostics_text's buffer */
};

pvc_diagnostics *pvc_diagnostics_new(void)
{
    return calloc(1, sizeof(pvc_diagnostics));
}

static void free_record(pvc_diagnostic *r)
{
    free((char *)r->severity);
    free((char *)r->file);
    free((char *)r->code);
    free((char *)r->message);
    free((char *)r->rendered);
}

void pvc_diagnostics_clear(pvc_diagnostics *d)
{
    if (!d)
        return;
    for (size_t i = 0; i < d->n; i++)
        free_record(&d->items[i]);
    d->n = 0;
    free(d->text);
    d->text = NULL;
}

void pvc_diagnostics_delete(pvc_diagnostics *d)
{
    if (!d)
        return;
    pvc_diagnostics_clear(d);
    free(d->items);
    free(d);
}

size_t pvc_diagnostics_count(const pvc_diagnostics *d)
{
    return d ? d->n : 0;
}

const pvc_diagnostic *pvc_diagnostics_get(const pvc_diagnostics *d, size_t i)
{
    return d && i < d->n ? &d->items[i] : NULL;
}

void pvc_diagnostics_set_echo(pvc_diagnostics *d, FILE *out)
{
    if (d)
        d->echo = out;
}

const char *pvc_diagnostics_text(pvc_diagnostics *d)
{
    if (!d)
        return "";
    size_t len = 0;
    for (size_t i = 0; i < d->n; i++)
        len += strlen(d->items[i].rendered);
    free(d->text);
    d->text = malloc(len + 1);
    if (!d->text)
        return "";
    char *w = d->text;
    for (size_t i = 0; i < d->n; i++) {
        size_t k = strlen(d->items[i].rendered);
        memcpy(w, d->items[i].rendered, k);
        w += k;
    }
    *w = '\0';
    return d->text;
}

static char *dup(const char *s)
{
    return strdup(s ? s : "");
}

/* Appends a copy of r (dropped when out of memory: a diagnostic list cannot report its own
 * failure), echoing it first. */
static void append(pvc_diagnostics *d, const pvc_diagnostic *r)
{
    if (!d)
        return;
    if (d->echo) {
        fputs(r->rendered, d->echo);
        fflush(d->echo);
    }
    if (d->n == d->cap) {
        size_t cap = d->cap ? 2 * d->cap : 8;
        pvc_diagnostic *items = realloc(d->items, cap * sizeof *items);
        if (!items)
            return;
        d->items = items;
        d->cap = cap;
    }
    pvc_diagnostic c = {dup(r->severity), dup(r->file), r->line, r->col,
                        dup(r->code), dup(r->message), dup(r->rendered)};
    if (!c.severity || !c.file || !c.code || !c.message || !c.rendered) {
        free_record(&c);
        return;
    }
    d->items[d->n++] = c;
}

void pvc_lib_sink(void *arg, const pvc_diag_record *r)
{
    pvc_diagnostic c = {r->severity, r->file, r->line, r->col, r->code, r->message, r->rendered};
    append(arg, &c);
}

/* pvc words every allocation failure "out of memory ...", alone or after "what: ". */
static int out_of_memory(const char *msg)
{
    const char *at = strstr(msg, "out of memory");
    return at && (at == msg || (at - msg >= 2 && at[-2] == ':' && at[-1] == ' '));
}

void pvc_lib_say(pvc_diagnostics *d, const char *file, const char *prefix, const char *severity,
                 const char *fmt, ...)
{
    va_list ap, cp;
    va_start(ap, fmt);
    va_copy(cp, ap);
    int n = vsnprintf(NULL, 0, fmt, cp);
    va_end(cp);
    char *msg = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (msg)
        vsnprintf(msg, (size_t)n + 1, fmt, ap);
    va_end(ap);
    if (!prefix)
        prefix = "pvc";
    size_t rlen = (msg ? (size_t)n : 0) + strlen(prefix) + strlen(severity) + 8;
    char *rendered = msg ? malloc(rlen) : NULL;
    if (rendered) {
        snprintf(rendered, rlen, "%s: %s: %s\n", prefix, severity, msg);
        pvc_diagnostic r = {severity, file, 0, 0, out_of_memory(msg) ? "nomem" : "", msg, rendered};
        append(d, &r);
    }
    free(rendered);
    free(msg);
}

void pvc_lib_append(pvc_diagnostics *dst, const pvc_diagnostics *src)
{
    for (size_t i = 0; src && i < src->n; i++)
        append(dst, &src->items[i]);
}

int pvc_lib_bug(pvc_diagnostics *d, const char *file)
{
    char rendered[sizeof pvc_bug_text + 96];
    if (pvc_bug_oom) { /* not a bug: one error (ir/diag.h pvc_out_of_memory) */
        pvc_bug_oom = 0;
        pvc_lib_say(d, file, NULL, "error", "out of memory");
        return PVC_STATUS_ERROR;
    }
    snprintf(rendered, sizeof rendered, "pvc: %s\n(this is a bug in pvc, not in your program)\n",
             pvc_bug_text);
    pvc_diagnostic r = {"error", file, 0, 0, "internal", pvc_bug_text, rendered};
    append(d, &r);
    return PVC_STATUS_INTERNAL;
}
