/* defer.c - vector functions lowered when a kernel first calls them, for a streamed
 * compile (emit/stream.c), so that one vector function's IR exists at a time.
 *
 * A top-level function in the plain form pypto_pro's files write,
 *
 *     @pl.vector_function
 *     def name(a, b, c):
 *         <indented body>
 *
 * is read from its text alone, without a parse: its name is bound in the module scope in
 * its place among the file's statements and its parameters made (pvc_lower_defer); its
 * body is parsed and lowered when the types pass reaches a call of it (pvc_lower_deferred),
 * and freed with the clone made for that call. Everything the text alone cannot settle is
 * checked then: that `pl.vector_function` is what the module binds it to, that the body
 * ends where the next line in column 0 starts (a string or bracket across that line makes
 * the parse fail), that the parse gives the same name and parameters. A function that does
 * not pass gets NULL, and the file is compiled the classic way, which reports whatever
 * there is to report. */
#include <stdlib.h>

#include "front/lower.h"
#include "front/tsalloc.h"

enum { MAX_DEFER_PARAMS = 64 }; /* more: lowered the classic way, which has no limit */

static int ident_start(char ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_';
}

static int ident_char(char ch)
{
    return ident_start(ch) || (ch >= '0' && ch <= '9');
}

static size_t skip_blanks(const char *t, size_t n, size_t p)
{
    while (p < n && (t[p] == ' ' || t[p] == '\t'))
        p++;
    return p;
}

static int take(const char *t, size_t n, size_t *p, const char *s)
{
    size_t k = strlen(s);
    if (n - *p < k || memcmp(t + *p, s, k) != 0)
        return 0;
    *p += k;
    return 1;
}

/* An ASCII identifier at p: its length (0: none). */
static size_t ident_at(const char *t, size_t n, size_t p)
{
    size_t q = p;
    if (q < n && ident_start(t[q]))
        while (q < n && ident_char(t[q]))
            q++;
    return q - p;
}

/* Blanks, an optional comment, then the end of the line: *p moves past it; 0 otherwise. */
static int end_of_line(const char *t, size_t n, size_t *p)
{
    size_t q = skip_blanks(t, n, *p);
    if (q < n && t[q] == '#') {
        const char *nl = memchr(t + q, '\n', n - q);
        q = nl ? (size_t)(nl - t) : n;
    }
    if (q < n && t[q] != '\n')
        return 0;
    *p = q < n ? q + 1 : n;
    return 1;
}

/* The decorator and def lines of the plain form at p: the name and up to MAX_DEFER_PARAMS
 * parameter names (offsets and lengths); *p moves to the first line of the body. */
typedef struct {
    size_t def, name, name_len;
    size_t param[MAX_DEFER_PARAMS], param_len[MAX_DEFER_PARAMS];
    int nparams;
} header;

static int has_param(const char *t, const header *h, size_t at, size_t len)
{
    for (int i = 0; i < h->nparams; i++)
        if (h->param_len[i] == len && !memcmp(t + h->param[i], t + at, len))
            return 1;
    return 0;
}

static int read_params(const char *t, size_t n, size_t *p, header *h)
{
    for (;;) {
        size_t q = skip_blanks(t, n, *p), len = ident_at(t, n, q);
        if (!len) {
            *p = q;
            return 1; /* ")" is checked by the caller */
        }
        if (h->nparams == MAX_DEFER_PARAMS || has_param(t, h, q, len) ||
            (len == 2 && (!memcmp(t + q, "pl", 2) || !memcmp(t + q, "vf", 2))))
            return 0;
        h->param[h->nparams] = q, h->param_len[h->nparams++] = len;
        q = skip_blanks(t, n, q + len);
        if (q < n && t[q] == ',') {
            *p = q + 1;
            continue;
        }
        *p = q;
        return 1;
    }
}

static int read_header(const char *t, size_t n, size_t *p, header *h)
{
    h->nparams = 0;
    if (!take(t, n, p, "@pl.vector_function"))
        return 0;
    take(t, n, p, "()");
    if (!end_of_line(t, n, p))
        return 0;
    h->def = *p;
    if (!take(t, n, p, "def") || *p >= n || (t[*p] != ' ' && t[*p] != '\t'))
        return 0;
    h->name = skip_blanks(t, n, *p);
    if (!(h->name_len = ident_at(t, n, h->name)))
        return 0;
    *p = skip_blanks(t, n, h->name + h->name_len);
    if (!take(t, n, p, "(") || !read_params(t, n, p, h) || !take(t, n, p, ")"))
        return 0;
    *p = skip_blanks(t, n, *p);
    if (take(t, n, p, "->")) {
        *p = skip_blanks(t, n, *p);
        if (!take(t, n, p, "None"))
            return 0;
        *p = skip_blanks(t, n, *p);
    }
    return take(t, n, p, ":") && end_of_line(t, n, p);
}

/* From p, the first body line on: the start of the next line with anything but a blank or
 * a comment in column 0 (or the end); *rows counts the lines passed. 0 when no indented
 * statement came first, or when the indentation of a line it passes holds a form feed:
 * Python measures such a line from the form feed on, the scan would not (a stray form feed
 * before a body line made it end the body there, and the rest dropped a statement). */
static int body_end(const char *t, size_t n, size_t p, size_t *end, uint32_t *rows)
{
    int statements = 0;
    while (p < n) {
        size_t q = skip_blanks(t, n, p);
        if (q < n && t[q] == '\f')
            return 0;
        if (q == p && t[p] != '\n' && t[p] != '#')
            break;
        statements |= q > p && q < n && t[q] != '\n' && t[q] != '#';
        const char *nl = memchr(t + p, '\n', n - p);
        p = nl ? (size_t)(nl - t) + 1 : n;
        *rows += nl != NULL;
    }
    *end = p;
    return statements;
}

static pvc_span span_at(size_t line_start, size_t at, uint32_t row)
{
    return (pvc_span){(int)row + 1, (int)(at - line_start) + 1};
}

int pvc_lower_defer(pvc_lowering *L, const pvc_source *src, size_t start, uint32_t row, int commit,
                    size_t *end, uint32_t *end_row)
{
    const char *t = src->text;
    size_t n = src->len, p = start;
    header h;
    uint32_t rows = 2;
    if (!read_header(t, n, &p, &h) || !body_end(t, n, p, end, &rows) || *end > UINT32_MAX / 2)
        return 0;
    *end_row = row + rows;
    if (!commit)
        return 1;
    lower_ctx *c = &L->c;
    uint32_t def_row = row + 1;
    pvc_func *f = scope_add_dsl(c, c->module, pvc_arena_strndup(c->m->arena, t + h.name, h.name_len),
                                span_at(h.def, h.name, def_row), span_at(h.def, h.def, def_row),
                                PVC_FN_VECTOR, lw_null(), &L->fd);
    L->parts.lowered = L->fd.n;
    if (!f)
        return 1; /* reported: the classic compile reports it again */
    f->end = f->loc;
    f->params = pvc_arena_alloc(c->m->arena, ((size_t)h.nparams + 1) * sizeof *f->params);
    for (int i = 0; i < h.nparams; i++) {
        const char *name = pvc_arena_strndup(c->m->arena, t + h.param[i], h.param_len[i]);
        pvc_value *v = pvc_var_named(c->m, f, name, span_at(h.def, h.param[i], def_row));
        v->is_param = 1;
        f->params[f->nparams++] = v;
    }
    if (L->ndefer == L->capdefer) {
        int cap = L->capdefer ? 2 * L->capdefer : 64;
        lower_deferred *d = realloc(L->defer, (size_t)cap * sizeof *d);
        if (!d)
            pvc_out_of_memory();
        L->defer = d, L->capdefer = cap;
    }
    L->defer[L->ndefer++] = (lower_deferred){(uint32_t)start, (uint32_t)*end, row, *end_row};
    f->deferred = L->ndefer;
    L->src = src;
    return 1;
}

/* The deferred function's tree (c->cst) is one decorated definition of a vector function
 * with the stub's name and parameters; its body lowered into a new function (not in the
 * module's list) in the module's arena of the moment. */
static pvc_func *lower_deferred_body(lower_ctx *c, const pvc_func *stub)
{
    uint32_t ntop, np;
    TSNode *top = lw_kids(c, ts_tree_root_node(c->cst->tree), &ntop);
    pvc_func_kind kind;
    if (ntop != 1 || !is(c, top[0], PVC_N_DECORATED_DEFINITION) || !scope_dsl_kind(c, c->module, top[0], &kind) ||
        kind != PVC_FN_VECTOR)
        return NULL;
    TSNode def = field(c, top[0], PVC_F_DEFINITION);
    if (!is(c, def, PVC_N_FUNCTION_DEFINITION) || !lw_text_is(c, field(c, def, PVC_F_NAME), stub->name))
        return NULL;
    TSNode *ps = lw_kids(c, field(c, def, PVC_F_PARAMETERS), &np);
    if ((int)np != stub->nparams)
        return NULL;
    for (uint32_t i = 0; i < np; i++)
        if (!is(c, ps[i], PVC_N_IDENTIFIER) || !lw_text_is(c, ps[i], stub->params[i]->name))
            return NULL;
    TSNode body = field(c, def, PVC_F_BODY);
    pvc_func *f = pvc_func_detached(c->m, stub->name, PVC_FN_VECTOR, stub->loc);
    TSPoint e = ts_node_end_point(def);
    f->end = (pvc_span){(int)e.row + 1, (int)e.column + 1};
    f->params = pvc_arena_alloc(c->m->arena, ((size_t)np + 1) * sizeof *f->params);
    for (uint32_t i = 0; i < np; i++) {
        pvc_value *v = pvc_var_named(c->m, f, stub->params[i]->name, stub->params[i]->loc);
        v->is_param = 1;
        f->params[f->nparams++] = v;
    }
    c->f = f;
    c->scope = c->module;
    c->frame = NULL;
    c->depth = 0;
    c->nloops = 0;
    c->ninlined = 0;
    c->poisoned = (pvc_strmap){0};
    lower_body(c, body, &f->body);
    return f;
}

pvc_func *pvc_lower_deferred(pvc_lowering *L, const pvc_func *stub)
{
    if (!stub->deferred || stub->deferred > L->ndefer)
        PVC_BUG("'%s' is not a deferred vector function", stub->name);
    const lower_deferred *df = &L->defer[stub->deferred - 1];
    lower_ctx *c = &L->c;
    pvc_cst cst = {0};
    pvc_func *f = NULL;
    pvc_ts_arena_begin();
    if (!pvc_parse_part(&cst, L->src, df->start, df->end, df->row, df->end_row)) {
        c->cst = &cst;
        f = lower_deferred_body(c, stub);
        c->cst = NULL;
        c->f = NULL;
        pvc_arena_reset(c->scratch);
        pvc_arena_reset(c->kids);
    }
    if (cst.parser)
        ts_parser_delete(cst.parser);
    pvc_cst_free_names(&cst);
    pvc_ts_arena_end();
    return L->parts.stale ? NULL : f;
}

int pvc_lower_stale(const pvc_lowering *L)
{
    return L->parts.stale;
}
