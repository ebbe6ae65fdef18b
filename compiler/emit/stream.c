/* stream.c - `pvc compile` one vector function at a time (stream.h pvc_compile_streamed).
 *
 * The pipeline (pipeline.c) holds the IR of every function of the file at once: a kernel
 * that calls a thousand vector functions comes after all of them, and each pass runs over
 * the whole module. Here the passes run per vector function, so the IR of one (and of the
 * vector functions it calls) exists at a time:
 *
 *   lower     the file part by part (pipeline.c's parts), except that each vector function
 *             of the plain form is only bound (front/defer.c): its body is not parsed yet
 *   resolve   the kernels (and any vector function lowered with its part)
 *   types     the kernels; at each call that needs a new specialisation, stream_body (the
 *             pass's body hook, passes.h pvc_clone_hooks) parses and lowers the callee's body
 *             into an arena of its own and resolves it, types clones and types it, and
 *             stream_done (the done hook) dispatches, checks and emits
 *             the clone (to a spill file, emit_c.c), keeps its signature in the module and
 *             frees the arena
 *   dispatch, check   the kernels
 *   emit      the prologue, the spilled vector functions in the module's order, the kernels
 *
 * The C is the classic compile's, byte for byte (tests/golden/run_stream.sh compares the
 * two on every test file). Any diagnostic, or a form the stream does not take, ends the
 * stream with nothing written, and the file is compiled the classic way, which reports
 * everything in the usual order: diagnostics are muted here. */
#include <stdlib.h>
#include <string.h>

#include "emit/emit_c.h"
#include "emit/stream.h"
#include "passes/passes.h"

typedef struct {
    pvc_unit *u;
    pvc_module *m;
    pvc_lowering *L;
    pvc_emitter *E;
    pvc_arena *perm;          /* the module's own arena: what outlives a vector function */
    pvc_arena *back[32];      /* the arena each open stream_body returns to */
    int depth;
    int nerrors, nwarnings;   /* the counts when the stream began */
    int failed;
    const char *why;          /* why not, for `pvc compile -v` */
} pvc_stream;

static void give_up(pvc_stream *s, const char *why)
{
    if (!s->failed)
        s->why = why;
    s->failed = 1;
}

/* 1 while nothing failed and nothing was reported (a diagnostic ends the stream). */
static int quiet(pvc_stream *s)
{
    if (!s->failed && (s->u->diag.nerrors != s->nerrors || s->u->diag.nwarnings != s->nwarnings))
        give_up(s, "a diagnostic came up (the whole compile reports it)");
    return !s->failed;
}

/* The file lowered part by part, each plain vector function deferred at its place among
 * the statements (the part before it lowered first, so names bind in source order); a part
 * is cut as pipeline.c cuts them, at a top-level definition once PVC_LOWER_PART bytes on. */
static int lower_deferring(pvc_stream *s)
{
    const pvc_source *src = &s->u->src;
    const char *t = src->text;
    size_t n = src->len, seg = 0, p = 0;
    uint32_t seg_row = 0, row = 0;
    int after_decorator = 0;
    while (p < n) {
        size_t end;
        uint32_t end_row;
        int boundary = !after_decorator && pvc_opens_definition(src, p);
        if (boundary && t[p] == '@' && pvc_lower_defer(s->L, src, p, row, 0, &end, &end_row)) {
            if (!pvc_lower_segment(s->u, s->L, seg, p, seg_row, row))
                return 0;
            pvc_lower_defer(s->L, src, p, row, 1, &end, &end_row);
            seg = p = end, seg_row = row = end_row;
            continue;
        }
        if (boundary && p - seg >= PVC_LOWER_PART) {
            if (!pvc_lower_segment(s->u, s->L, seg, p, seg_row, row))
                return 0;
            seg = p, seg_row = row;
        }
        after_decorator = t[p] == '@';
        const char *nl = memchr(t + p, '\n', n - p);
        if (!nl)
            break;
        p = (size_t)(nl - t) + 1;
        row++;
    }
    return pvc_lower_segment(s->u, s->L, seg, n, seg_row, row);
}

static const pvc_func *stream_body(void *ctx, pvc_func *callee)
{
    pvc_stream *s = ctx;
    if (s->depth == (int)(sizeof s->back / sizeof s->back[0]))
        PVC_BUG("vector functions nested deeper than the stream's %d arenas", s->depth);
    s->back[s->depth++] = s->m->arena;
    s->m->arena = pvc_arena_new();
    if (!quiet(s))
        return NULL;
    if (!callee->deferred)
        return callee; /* lowered with its part, resolved by the pass */
    pvc_func *f = pvc_lower_deferred(s->L, callee);
    if (pvc_lower_stale(s->L)) /* before quiet(): the lowering also reported it, muted */
        give_up(s, "a vector function calls a helper whose part of the file is gone");
    else if (!f && quiet(s))
        give_up(s, "a vector function's text is not the plain form it seemed to be");
    if (f)
        pvc_resolve_func(s->m, &s->u->diag, f);
    return quiet(s) ? f : NULL;
}

/* The clone's signature, in the module's own arena and its list: what the kernels' calls,
 * later clones (their signatures compared) and the prologue read of it. */
static pvc_func *keep_signature(pvc_stream *s, const pvc_func *c)
{
    pvc_module *m = s->m;
    pvc_arena *cur = m->arena;
    m->arena = s->perm;
    pvc_func *f = pvc_func_detached(m, pvc_arena_strndup(m->arena, c->name, strlen(c->name)), c->kind, c->loc);
    f->end = c->end;
    f->called_at = c->called_at;
    f->params = pvc_arena_alloc(m->arena, ((size_t)c->nparams + 1) * sizeof *f->params);
    for (int i = 0; i < c->nparams; i++) {
        pvc_value *v = pvc_arena_alloc(m->arena, sizeof *v);
        *v = *c->params[i];
        if (v->name)
            v->name = pvc_arena_strndup(m->arena, v->name, strlen(v->name));
        if (v->id != i) /* parameters are a function's first variables (lower.c) */
            PVC_BUG("parameter %d of '%s' is variable %d", i, c->name, v->id);
        f->params[i] = v;
    }
    f->nparams = f->nvars = f->cap = c->nparams;
    f->vars = f->params;
    pvc_module_add(m, f);
    m->arena = cur;
    return f;
}

static pvc_func *stream_done(void *ctx, pvc_func *clone)
{
    pvc_stream *s = ctx;
    pvc_module *m = s->m;
    pvc_diag *d = &s->u->diag;
    pvc_func *stays = NULL;
    if (clone && quiet(s))
        pvc_dispatch_func(m, d, clone);
    if (clone && quiet(s))
        pvc_check_func(m, d, clone);
    if (clone && quiet(s)) {
        if (pvc_verify_func(m, clone, "check", stderr))
            PVC_BUG("IR verification failed after pass 'check' (streamed)");
        stays = keep_signature(s, clone);
        if (pvc_emit_spill(s->E, clone, stays))
            give_up(s, "the C of a vector function could not be made");
    } else if (quiet(s))
        give_up(s, "a vector function could not be specialised");
    pvc_arena *done = m->arena;
    m->arena = s->back[--s->depth];
    pvc_arena_free(done);
    return quiet(s) ? stays : NULL;
}

/* Everything after the lowering; 0 when the unit can be written. */
static int passes(pvc_stream *s)
{
    pvc_module *m = s->m;
    pvc_diag *d = &s->u->diag;
    pvc_pass_resolve(m, d);
    if (!quiet(s))
        return -1;
    const pvc_clone_hooks hooks = {stream_body, stream_done, s};
    pvc_pass_types_hooked(m, d, &hooks);
    for (int i = 0; i < m->nfuncs && quiet(s); i++)
        if (m->funcs[i]->kind == PVC_FN_JIT)
            pvc_dispatch_func(m, d, m->funcs[i]);
    for (int i = 0; i < m->nfuncs && quiet(s); i++)
        if (m->funcs[i]->kind == PVC_FN_JIT)
            pvc_check_func(m, d, m->funcs[i]);
    if (!quiet(s))
        return -1;
    if (pvc_verify(m, "check", stderr))
        PVC_BUG("IR verification failed after pass 'check' (streamed)");
    return 0;
}

int pvc_compile_streamed(pvc_unit *u, FILE *out, FILE *verbose)
{
    const char *env = getenv("PVC_STREAM");
    if ((env && !strcmp(env, "0")) || u->mod || u->diag.nmute || u->src.len > UINT32_MAX / 2) {
        if (verbose)
            fprintf(verbose, "pvc: compiled whole: %s\n", env && !strcmp(env, "0") ? "PVC_STREAM=0"
                    : "the file is too large for the stream");
        return -1;
    }
    pvc_diag saved = u->diag;
    u->diag.out = NULL;
    u->diag.sink = NULL;
    pvc_stream s = {.u = u, .nerrors = saved.nerrors, .nwarnings = saved.nwarnings};
    int rc = -1, same = 0, deferred = 0, vfs = 0;
    if (pvc_check_indent(&u->src, &u->diag) == 0) {
        s.L = pvc_lower_begin(u->src.name, &u->diag);
        int lowered = lower_deferring(&s);
        s.m = pvc_lower_finish(s.L, &same);
        s.perm = s.m->arena;
        for (int i = 0; i < s.m->nfuncs; i++) {
            vfs += s.m->funcs[i]->kind == PVC_FN_VECTOR;
            deferred += s.m->funcs[i]->deferred != 0;
        }
        if (!lowered && quiet(&s))
            give_up(&s, "a part of the file has a syntax error");
        if (!same && quiet(&s))
            give_up(&s, "a name is bound again after a function read it, or a helper is called "
                    "from a later part");
        if (quiet(&s) && !(s.E = pvc_emit_open(s.m)))
            give_up(&s, "no spill file");
        if (quiet(&s) && !passes(&s))
            rc = pvc_emit_finish(s.E, out);
        if (rc == -1 && quiet(&s))
            give_up(&s, "the C of a kernel could not be made");
        pvc_emit_close(s.E);
        pvc_lower_free(s.L);
        pvc_module_free(s.m);
    } else
        give_up(&s, "an indentation error (the whole compile reports it)");
    int errors = u->diag.nerrors, warnings = u->diag.nwarnings;
    u->diag = saved;
    if (verbose && rc == -1)
        fprintf(verbose, "pvc: compiled whole: %s\n", s.why);
    else if (verbose)
        fprintf(verbose, "pvc: streamed: %d vector function%s, %d of them lowered when first called\n",
                vfs, vfs == 1 ? "" : "s", deferred);
    if (rc == 0 && (errors != saved.nerrors || warnings != saved.nwarnings))
        PVC_BUG("a streamed compile wrote C after a diagnostic");
    return rc;
}
