/* diag.c - source files and located diagnostics (see diag.h). */
#include "ir/diag.h"

#include "base/ioutil.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char *const diag_codes[PVC_E_COUNT] = {
#define X(id, code, text) code,
    PVC_DIAGS(X)
#undef X
};

/* A carriage return not followed by a newline ends a line in Python (its tokenizer reads
 * them as newlines); the grammar and the streamed compile's text scan know only "\n" and
 * "\r\n", so it becomes a newline here, in place: offsets and lengths stay. */
static void lone_cr_to_newline(char *t, size_t n)
{
    for (char *p = t; (p = memchr(p, '\r', n - (size_t)(p - t))); p++)
        if ((size_t)(p - t) + 1 == n || p[1] != '\n')
            *p = '\n';
}

int pvc_source_read(pvc_source *src, const char *path, char *err, size_t errlen)
{
    char *buf;
    size_t len;
    if (pvc_io_read_file(path, PVC_SOURCE_MAX, PVC_SOURCE_MAX_TEXT, &buf, &len, err, errlen))
        return -1;
    src->name = path;
    src->text = buf;
    src->len = len;
    lone_cr_to_newline(buf, len);
    return 0;
}

int pvc_source_load(pvc_source *src, const char *path)
{
    return pvc_source_read(src, path, NULL, 0);
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
    lone_cr_to_newline(src->text, len);
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
    d->sink = NULL;
    d->sink_arg = NULL;
    d->nerrors = d->nwarnings = 0;
    d->max_errors = 50;
    d->nseen = 0;
    d->mute = NULL;
    d->nmute = d->muted = 0;
}

/* vsnprintf into a fresh buffer; NULL when out of memory. */
static char *format_alloc(const char *fmt, va_list ap)
{
    va_list cp;
    va_copy(cp, ap);
    int n = vsnprintf(NULL, 0, fmt, cp);
    va_end(cp);
    char *buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (buf)
        vsnprintf(buf, (size_t)n + 1, fmt, ap);
    return buf;
}

/* A warning's message ends in " [Wnnn]" (diag.h PVC_WARNS): the record carries it as its
 * code. Returns the code's start in msg and cuts it off, or "" when there is none. */
static const char *split_warn_code(char *msg)
{
    size_t n = strlen(msg);
    if (n < 7 || strcmp(msg + n - 1, "]") || msg[n - 7] != ' ' || msg[n - 6] != '[' ||
        msg[n - 5] != 'W')
        return "";
    msg[n - 7] = '\0';
    msg[n - 1] = '\0';
    return msg + n - 5;
}

/* Renders one message (the located line, then the source line and caret when show_source)
 * and hands it to the stream and the sink. */
static void emit(pvc_diag *d, pvc_span at, const char *what, const char *code, char *msg,
                 int show_source)
{
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m)
        return;
    fprintf(m, "%s:%d:%d: %s: %s", d->src->name, at.line, at.col, what, msg);
    if (code)
        fprintf(m, " [%s]", code);
    fputc('\n', m);
    if (show_source)
        pvc_diag_echo_line(m, d->src, at.line, at.col);
    if (fclose(m) != 0) {
        free(text);
        return;
    }
    if (d->out)
        fputs(text, d->out);
    if (d->sink) {
        const char *c = code ? code : !strcmp(what, "warning") ? split_warn_code(msg) : "";
        pvc_diag_record r = {what, d->src->name, at.line, at.col, c, msg, text};
        d->sink(d->sink_arg, &r);
    }
    free(text);
}

static void report(pvc_diag *d, pvc_span at, const char *what, const char *code,
                   const char *fmt, va_list ap)
{
    if (!d->out && !d->sink)
        return;
    char *raw = format_alloc(fmt, ap), *msg = raw ? pvc_diag_clean(raw) : NULL;
    if (msg)
        emit(d, at, what, code, msg, 1);
    free(msg);
    free(raw);
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

static int before(pvc_span a, pvc_span b) { return a.line < b.line || (a.line == b.line && a.col < b.col); }

static int in_muted(const pvc_diag *d, pvc_span at)
{
    for (int i = 0; i < d->nmute; i++)
        if (!before(at, d->mute[2 * i]) && before(at, d->mute[2 * i + 1]))
            return 1;
    return 0;
}

void pvc_error_at(pvc_diag *d, pvc_span at, pvc_diag_kind kind, const char *fmt, ...)
{
    if ((d->muted = in_muted(d, at)))
        return;
    va_list chk;
    va_start(chk, fmt);
    int dup = repeated(d, at, fmt, chk);
    va_end(chk);
    if (dup)
        return;
    if (d->nerrors++ >= d->max_errors) {
        if (d->nerrors == d->max_errors + 1 && (d->out || d->sink)) {
            char msg[] = "too many errors, stopping";
            emit(d, at, "error", diag_codes[PVC_E_LIMIT], msg, 0);
        }
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    report(d, at, "error", diag_codes[kind], fmt, ap);
    va_end(ap);
}

void pvc_warn_at(pvc_diag *d, pvc_span at, const char *fmt, ...)
{
    if (in_muted(d, at))
        return;
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
    if (!strcmp(severity, "note") ? d->muted : (d->muted = in_muted(d, at)))
        return;
    if (!strcmp(severity, "error"))
        d->nerrors++;
    va_list ap;
    va_start(ap, fmt);
    report(d, at, severity, NULL, fmt, ap);
    va_end(ap);
}

_Thread_local jmp_buf *pvc_bug_trap;
_Thread_local char pvc_bug_text[512];
_Thread_local int pvc_bug_oom;

void pvc_out_of_memory(void)
{
    if (pvc_bug_trap) {
        snprintf(pvc_bug_text, sizeof pvc_bug_text, "out of memory");
        pvc_bug_oom = 1;
        jmp_buf *trap = pvc_bug_trap;
        pvc_bug_trap = NULL;
        longjmp(*trap, 1);
    }
    fflush(stdout);
    fputs("pvc: error: out of memory\n", stderr); /* no allocation on the way */
    exit(PVC_EXIT_DIAG);
}

void pvc_internal_error(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (pvc_bug_trap) {
        int n = snprintf(pvc_bug_text, sizeof pvc_bug_text, "internal error at %s:%d: ", file, line);
        if (n >= 0 && (size_t)n < sizeof pvc_bug_text)
            vsnprintf(pvc_bug_text + n, sizeof pvc_bug_text - (size_t)n, fmt, ap);
        va_end(ap);
        jmp_buf *trap = pvc_bug_trap;
        pvc_bug_trap = NULL; /* a bug while unwinding must not loop */
        longjmp(*trap, 1);
    }
    fflush(stdout);
    fprintf(stderr, "pvc: internal error at %s:%d: ", file, line);
    vfprintf(stderr, fmt, ap);
    fputs("\n(this is a bug in pvc, not in your program)\n", stderr);
    va_end(ap);
    exit(PVC_EXIT_INTERNAL);
}
