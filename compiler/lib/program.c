/* program.c - loading a .py file into a checked program, the in-memory cache of programs, and
 * the kernels of a program (libpvc.h "programs and kernels").
 *
 * Cache: one entry per file name, keyed by a 128-bit hash of the content and confirmed by
 * comparing the text; a name loaded with new content replaces its entry (the old program
 * lives on while someone holds it). A program is freed when the cache and every caller have
 * released it. A failed compile is not cached: the next load compiles again.
 */
#define _GNU_SOURCE /* dladdr */
#include <dlfcn.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include "front/tsalloc.h"
#include "lib/lib.h"

pthread_mutex_t pvc_lib_lock = PTHREAD_MUTEX_INITIALIZER;

static pvc_program **cache;
static int ncache, capcache;

/* ---- content hash (two FNV-1a streams, as native.c keys its objects) ------------------- */
static void hash_text(const char *s, size_t n, unsigned long long h[2])
{
    h[0] = 0xcbf29ce484222325ULL, h[1] = 0x84222325cbf29ce4ULL;
    for (size_t i = 0; i < n; i++) {
        h[0] = (h[0] ^ (unsigned char)s[i]) * 0x100000001b3ULL;
        h[1] = (h[1] ^ (unsigned char)s[i]) * 0x100000001b3ULL;
        h[1] ^= h[1] >> 29;
    }
}

/* h continued over the bound texts, each ended by its NUL (so "a" "" differs from "" "a"). */
static void hash_bindings(const pvc_bindings *b, unsigned long long h[2])
{
    const char *parts[3] = {b->kernel, b->globals, b->locals};
    for (int k = 0; k < 3; k++)
        for (const char *s = parts[k] ? parts[k] : "";; s++) {
            h[0] = (h[0] ^ (unsigned char)*s) * 0x100000001b3ULL;
            h[1] = ((h[1] ^ (unsigned char)*s) * 0x100000001b3ULL) ^ (h[1] >> 31);
            if (!*s)
                break;
        }
}

static int same_str(const char *a, const char *b);

static int same_bindings(const pvc_bindings *a, const pvc_bindings *b)
{
    return same_str(a->kernel, b->kernel) && same_str(a->globals, b->globals) && same_str(a->locals, b->locals);
}

static int same_program(const pvc_program *p, const char *name, const pvc_source *src,
                        const unsigned long long h[2], int each, const pvc_bindings *b)
{
    /* a per-kernel load that left functions out is not what a whole load gives */
    return (!p->nfailed || p->each == each) && !strcmp(p->name, name) && p->hash[0] == h[0] && p->hash[1] == h[1] &&
           p->unit.src.len == src->len && !memcmp(p->unit.src.text, src->text, src->len) &&
           same_bindings(&p->bind, b);
}

/* The unit reads the program's bindings, if it has any. */
static void unit_binds(pvc_program *p)
{
    p->unit.bind = p->bind.kernel || p->bind.globals || p->bind.locals ? &p->bind : NULL;
}

/* ---- kernels ----------------------------------------------------------------------------- */
/* What each tensor variable of k views (gm.view's base, §6) or names (b = a): under[id], NULL
 * for none; gathered from block b at any depth. */
static void tensor_bases(const pvc_func *k, const pvc_block *b, const pvc_value **under)
{
    for (int i = 0; i < b->nops; i++) {
        const pvc_op *op = b->ops[i];
        pvc_block *blocks[3];
        for (int n = 0, nb = pvc_op_blocks(op, blocks); n < nb; n++)
            tensor_bases(k, blocks[n], under);
        const pvc_value *v = NULL, *base = NULL;
        if (op->code == PVC_OP_M_GM_VIEW && op->noperands >= 2)
            v = op->operands[0], base = op->operands[1];
        else if (op->code == PVC_OP_ASSIGN && op->nresults == 1 && op->noperands == 1 &&
                 op->results[0]->type.kind == PVC_TY_TENSOR)
            v = op->results[0], base = op->operands[0];
        if (v && v->kind == PVC_V_VAR && v->id >= 0 && v->id < k->nvars)
            under[v->id] = base;
    }
}

/* Marks in w every parameter of k that an op of block b writes: a TENSOR operand of an op
 * whose row says PVC_MF_WRITES_GM (pl.store, t[i, j] = v, pl.setval), at any depth, or a view
 * of one (under: tensor_bases). */
static void mark_written(const pvc_func *k, const pvc_block *b, unsigned char *w, const pvc_value **under)
{
    for (int i = 0; i < b->nops; i++) {
        const pvc_op *op = b->ops[i];
        pvc_block *blocks[3]; /* a body, an if's else, a while's condition */
        for (int n = 0, nb = pvc_op_blocks(op, blocks); n < nb; n++)
            mark_written(k, blocks[n], w, under);
        const pvc_mop *m = pvc_mop_of(op->code);
        if (!m || !(m->flags & PVC_MF_WRITES_GM))
            continue;
        for (int o = 0; o < m->nopnd && o < op->noperands; o++) {
            const pvc_value *t = m->opnd[o].kind == PVC_OK_TENSOR ? op->operands[o] : NULL;
            for (int depth = 0; t && depth < 64; depth++) {
                for (int j = 0; j < k->nparams; j++)
                    if (t == k->params[j])
                        w[j] = 1;
                t = t->kind == PVC_V_VAR && t->id >= 0 && t->id < k->nvars ? under[t->id] : NULL;
            }
        }
    }
}

static int make_kernels(pvc_program *p)
{
    const pvc_module *m = p->unit.mod;
    p->kernels = calloc((size_t)(m->nfuncs > 0 ? m->nfuncs : 1), sizeof *p->kernels);
    if (!p->kernels)
        return -1;
    for (int i = 0; i < m->nfuncs; i++) {
        const pvc_func *f = m->funcs[i];
        if (f->kind != PVC_FN_JIT)
            continue;
        pvc_kernel *k = &p->kernels[p->nkernels++];
        k->fn = f;
        k->program = p;
        k->written = calloc((size_t)(f->nparams > 0 ? f->nparams : 1), 1);
        if (!k->written)
            return -1;
        const pvc_value **under = calloc((size_t)(f->nvars > 0 ? f->nvars : 1), sizeof *under);
        if (!under)
            return -1;
        tensor_bases(f, &f->body, under);
        mark_written(f, &f->body, k->written, under);
        free(under);
    }
    return 0;
}

/* ---- programs ---------------------------------------------------------------------------- */
static void program_free(pvc_program *p)
{
    if (!p)
        return;
    for (native_slot *s = p->natives, *next; s; s = next) {
        char err[256];
        next = s->next;
        pvc_backend_native.close(s->exec, err, sizeof err);
        free(s->cc);
        free(s->cflags);
        free(s);
    }
    for (int i = 0; i < p->nkernels; i++)
        free(p->kernels[i].written);
    free(p->kernels);
    for (int i = 0; i < p->nfailed; i++) {
        free(p->failed[i].name);
        pvc_diagnostics_delete(p->failed[i].said);
    }
    free(p->failed);
    free(p->mute);
    pvc_diagnostics_delete(p->warnings);
    pvc_unit_free(&p->unit);
    free((char *)p->bind.kernel);
    free((char *)p->bind.globals);
    free((char *)p->bind.locals);
    free(p->name);
    free(p);
}

/* Runs the passes with internal errors trapped: PVC_EXIT_* or -1 after a pvc bug, whose
 * message is in pvc_bug_text. What the failed compile allocated is leaked. */
static int run_passes_trapped(pvc_unit *u)
{
    jmp_buf trap;
    jmp_buf *volatile outer = pvc_bug_trap;
    pvc_bug_trap = &trap;
    if (setjmp(trap)) {
        pvc_bug_trap = outer;
        pvc_ts_arena_end(); /* a parse left for good: its arena goes (front/tsalloc.h) */
        return -1;
    }
    int rc = pvc_run_passes(u, NULL, NULL, NULL);
    pvc_bug_trap = outer;
    return rc;
}

/* ---- per-kernel loads ---------------------------------------------------------------------
 * pvc_program_load_each: a function with errors is left out with them, and the file is
 * compiled again without it (its range muted, pvc_diag.mute); a kernel that calls it then
 * fails at the call and goes too, in the next round. Rounds end when a compile is clean,
 * or an error lies outside every function (the whole load fails, as pvc_program_load's). */

static int inside(pvc_span at, const pvc_func *f)
{
    int after_start = at.line > f->loc.line || (at.line == f->loc.line && at.col >= f->loc.col);
    int before_end = at.line < f->end.line || (at.line == f->end.line && at.col < f->end.col);
    return after_start && before_end;
}

/* The innermost function of m whose def holds at (the latest to start), NULL if none. */
static const pvc_func *holder(const pvc_module *m, pvc_span at)
{
    const pvc_func *best = NULL;
    for (int i = 0; i < m->nfuncs; i++) {
        const pvc_func *f = m->funcs[i];
        if (inside(at, f) && (!best || f->loc.line > best->loc.line ||
                              (f->loc.line == best->loc.line && f->loc.col > best->loc.col)))
            best = f;
    }
    return best;
}

/* The failed entry for f, made when new (NULL when out of memory). */
static failed_func *failed_entry(pvc_program *p, const pvc_func *f, int *added)
{
    for (int i = 0; i < p->nfailed; i++)
        if (p->failed[i].range[0].line == f->loc.line && p->failed[i].range[0].col == f->loc.col)
            return &p->failed[i];
    failed_func *a = realloc(p->failed, (size_t)(p->nfailed + 1) * sizeof *a);
    pvc_span *m = a ? realloc(p->mute, (size_t)(p->nfailed + 1) * 2 * sizeof *m) : NULL;
    if (a)
        p->failed = a;
    if (!m)
        return NULL;
    p->mute = m;
    failed_func *e = &p->failed[p->nfailed];
    *e = (failed_func){strdup(f->name), f->kind == PVC_FN_JIT, {f->loc, f->end}, pvc_diagnostics_new()};
    if (!e->name || !e->said) {
        free(e->name);
        pvc_diagnostics_delete(e->said);
        return NULL;
    }
    m[2 * p->nfailed] = f->loc, m[2 * p->nfailed + 1] = f->end;
    p->nfailed++;
    (*added)++;
    return e;
}

static int failed_at(const pvc_program *p, pvc_span loc)
{
    for (int i = 0; i < p->nfailed; i++)
        if (p->failed[i].range[0].line == loc.line && p->failed[i].range[0].col == loc.col)
            return i;
    return -1;
}

/* The first call in b of a function that failed, NULL if none; *callee is its entry. */
static const pvc_op *call_of_failed(const pvc_program *p, const pvc_block *b, int *callee)
{
    for (int i = 0; i < b->nops; i++) {
        const pvc_op *op = b->ops[i];
        const pvc_attr *a = op->code == PVC_OP_CALL ? pvc_op_attr(op, "callee") : NULL;
        const pvc_func *g = a && a->val && a->val->name ? pvc_func_find(p->unit.mod, a->val->name) : NULL;
        if (g && (*callee = failed_at(p, g->loc)) >= 0)
            return op;
        pvc_block *blocks[3]; /* a body, an if's else, a while's condition */
        for (int k = 0, nb = pvc_op_blocks(op, blocks); k < nb; k++) {
            const pvc_op *hit = call_of_failed(p, blocks[k], callee);
            if (hit)
                return hit;
        }
    }
    return NULL;
}

/* A function that calls one that failed fails too, located at the call, with the callee's
 * errors after it; repeated until no caller is left (a kernel calls a vector function that
 * calls one with errors). */
static int leave_out_callers(pvc_program *p, int *added)
{
    const pvc_module *m = p->unit.mod;
    for (int again = 1; again;) {
        again = 0;
        for (int i = 0; i < m->nfuncs; i++) {
            const pvc_func *f = m->funcs[i];
            int callee;
            const pvc_op *call = failed_at(p, f->loc) < 0 ? call_of_failed(p, &f->body, &callee) : NULL;
            if (!call)
                continue;
            char *cname = strdup(p->failed[callee].name);
            failed_func *e = cname ? failed_entry(p, f, added) : NULL;
            if (!e) {
                free(cname);
                return -1;
            }
            pvc_diag say;
            pvc_diag_init(&say, &p->unit.src, NULL);
            say.sink = pvc_lib_sink, say.sink_arg = e->said;
            pvc_error_at(&say, call->loc, PVC_E_FUNCTION, "'%s' calls '%s', which has errors (below): "
                         "pvc leaves both out", f->name, cname);
            pvc_lib_append(e->said, p->failed[failed_at(p, p->failed[callee].range[0])].said);
            free(cname);
            again = 1;
        }
    }
    return 0;
}

/* Gives each error of the last compile (and the notes after it) to the function holding it.
 * Returns how many functions newly failed; 0 when an error lies outside every function. */
static int leave_out_failed(pvc_program *p)
{
    const pvc_module *m = p->unit.mod;
    int added = 0;
    failed_func *to = NULL;
    for (size_t i = 0; m && i < pvc_diagnostics_count(p->warnings); i++) {
        const pvc_diagnostic *r = pvc_diagnostics_get(p->warnings, i);
        if (!strcmp(r->severity, "error")) {
            const pvc_func *f = r->line ? holder(m, (pvc_span){r->line, r->col}) : NULL;
            if (!f || !(to = failed_entry(p, f, &added)))
                return 0;
        }
        if (to && strcmp(r->severity, "warning"))
            pvc_lib_sink(to->said, &(pvc_diag_record){r->severity, r->file, r->line, r->col,
                                                       r->code, r->message, r->rendered});
    }
    return m && !leave_out_callers(p, &added) ? added : 0;
}

/* The diagnostics of the first n failed functions to d (a load that fails after all). */
static void say_failed(const pvc_program *p, int n, pvc_diagnostics *d)
{
    for (int i = 0; i < n; i++)
        pvc_lib_append(d, p->failed[i].said);
}

/* Compiles the file again from text, the failed functions muted. */
static int recompile(pvc_program *p, const char *text, size_t len)
{
    pvc_source s;
    pvc_unit_free(&p->unit);
    pvc_diagnostics_clear(p->warnings);
    if (pvc_source_from_mem(&s, p->name, text, len))
        return -2;
    pvc_unit_init(&p->unit, s, NULL);
    p->unit.src.name = p->name;
    p->unit.diag.sink = pvc_lib_sink;
    p->unit.diag.sink_arg = p->warnings;
    p->unit.diag.mute = p->mute;
    p->unit.diag.nmute = p->nfailed;
    unit_binds(p);
    return run_passes_trapped(&p->unit);
}

/* Compiles src (taking it) into a new program; NULL after errors, reported to d. each: a
 * function with errors leaves out only itself and the kernels that call it. */
static char *dup_or_null(const char *s, int *oom)
{
    char *c = s ? strdup(s) : NULL;
    *oom |= s && !c;
    return c;
}

static pvc_program *compile(const char *name, pvc_source src, const unsigned long long h[2],
                            int each, const pvc_bindings *b, pvc_diagnostics *d)
{
    pvc_program *p = calloc(1, sizeof *p);
    int nomem_bind = 0;
    if (p)
        p->name = strdup(name);
    if (p)
        p->warnings = pvc_diagnostics_new();
    if (p) {
        p->bind.kernel = dup_or_null(b->kernel, &nomem_bind);
        p->bind.globals = dup_or_null(b->globals, &nomem_bind);
        p->bind.locals = dup_or_null(b->locals, &nomem_bind);
    }
    if (!p || !p->name || !p->warnings || nomem_bind) {
        pvc_lib_say(d, name, NULL, "error", "out of memory compiling '%s'", name);
        pvc_source_free(&src);
        program_free(p);
        return NULL;
    }
    pvc_unit_init(&p->unit, src, NULL);
    p->unit.src.name = p->name;
    p->unit.diag.sink = pvc_lib_sink;
    p->unit.diag.sink_arg = p->warnings;
    unit_binds(p);
    size_t len = src.len;
    char *text = each ? malloc(len + 1) : NULL;
    if (text)
        memcpy(text, src.text, len);
    p->each = each;
    int rc = run_passes_trapped(&p->unit), settled = 0;
    while (text && rc == PVC_EXIT_DIAG && (settled = p->nfailed, leave_out_failed(p) > 0))
        rc = recompile(p, text, len);
    if (rc == PVC_EXIT_OK)
        settled = p->nfailed;
    int oom = rc == -2 || (each && !text);
    free(text);
    if (oom) {
        pvc_lib_say(d, name, NULL, "error", "out of memory compiling '%s'", name);
        program_free(p);
        return NULL;
    }
    if (rc < 0) {
        pvc_lib_append(d, p->warnings);
        pvc_lib_bug(d, name);
        return NULL; /* leaked: the bug may have left it half-built */
    }
    int nomem = rc == PVC_EXIT_OK && make_kernels(p);
    /* a bound load is for one kernel: it keeps a program whose kernels all failed, so that
       pvc_program_kernel_errors gives that kernel's own errors */
    int none_left = p->nfailed && !p->nkernels && !p->unit.bind;
    if (rc != PVC_EXIT_OK || nomem || none_left) {
        say_failed(p, settled, d);
        pvc_lib_append(d, p->warnings);
        if (nomem)
            pvc_lib_say(d, name, NULL, "error", "out of memory compiling '%s'", name);
        program_free(p);
        return NULL;
    }
    p->unit.diag.sink = NULL; /* later reports of this unit go through launch.c's own diag */
    p->hash[0] = h[0], p->hash[1] = h[1];
    return p;
}

/* Puts p in the cache (one reference), replacing an entry of the same name. Under the lock. */
static void cache_put(pvc_program *p)
{
    for (int i = 0; i < ncache; i++)
        if (!strcmp(cache[i]->name, p->name)) {
            if (--cache[i]->refs == 0)
                program_free(cache[i]);
            cache[i] = p;
            p->refs++;
            return;
        }
    if (ncache == capcache) {
        int cap = capcache ? 2 * capcache : 16;
        pvc_program **c = realloc(cache, (size_t)cap * sizeof *c);
        if (!c)
            return; /* uncached: it still works, it is compiled again next time */
        cache = c, capcache = cap;
    }
    cache[ncache++] = p;
    p->refs++;
}

/* Takes src. The cached program for (name, content), or a new one. */
static pvc_program *load(const char *name, pvc_source src, int each, const pvc_bindings *b,
                         pvc_diagnostics *d)
{
    unsigned long long h[2];
    hash_text(src.text, src.len, h);
    hash_bindings(b, h);
    pthread_mutex_lock(&pvc_lib_lock);
    pvc_program *p = NULL;
    for (int i = 0; i < ncache && !p; i++)
        if (same_program(cache[i], name, &src, h, each, b))
            p = cache[i];
    if (p) {
        pvc_source_free(&src);
    } else if ((p = compile(name, src, h, each, b, d))) {
        cache_put(p);
    }
    if (p)
        p->refs++;
    pthread_mutex_unlock(&pvc_lib_lock);
    if (p)
        pvc_lib_append(d, p->warnings);
    return p;
}

static const pvc_bindings unbound;

static pvc_program *load_file(const char *path, int each, const pvc_bindings *b, pvc_diagnostics *d)
{
    pvc_source src;
    if (!path) {
        pvc_lib_say(d, "", NULL, "error", "no file name");
        return NULL;
    }
    char why[256];
    if (pvc_source_read(&src, path, why, sizeof why)) {
        pvc_lib_say(d, path, NULL, "error", "cannot read '%s': %s", path, why);
        return NULL;
    }
    return load(path, src, each, b, d);
}

pvc_program *pvc_program_load(const char *path, pvc_diagnostics *d) { return load_file(path, 0, &unbound, d); }
pvc_program *pvc_program_load_each(const char *path, pvc_diagnostics *d)
{
    return load_file(path, 1, &unbound, d);
}

pvc_program *pvc_program_load_bound(const char *path, const char *kernel, const char *globals,
                                    const char *locals, pvc_diagnostics *d)
{
    pvc_bindings b = {kernel && *kernel ? kernel : NULL, globals && *globals ? globals : NULL,
                      locals && *locals ? locals : NULL};
    return load_file(path, 1, &b, d);
}

int pvc_program_kernel_errors(const pvc_program *p, const char *name, pvc_diagnostics *d)
{
    for (int i = 0; p && name && i < p->nfailed; i++)
        if (p->failed[i].is_kernel && !strcmp(p->failed[i].name, name)) {
            pvc_lib_append(d, p->failed[i].said);
            return 1;
        }
    return 0;
}

pvc_program *pvc_program_load_source(const char *name, const char *text, size_t len,
                                     pvc_diagnostics *d)
{
    pvc_source src;
    if (!name || (!text && len)) {
        pvc_lib_say(d, name ? name : "", NULL, "error", "no %s", name ? "text" : "name");
        return NULL;
    }
    if (pvc_source_from_mem(&src, name, text ? text : "", len)) {
        pvc_lib_say(d, name, NULL, "error", "out of memory reading '%s'", name);
        return NULL;
    }
    return load(name, src, 0, &unbound, d);
}

void pvc_program_release(pvc_program *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&pvc_lib_lock);
    if (--p->refs == 0)
        program_free(p);
    pthread_mutex_unlock(&pvc_lib_lock);
}

void pvc_cache_clear(void)
{
    pthread_mutex_lock(&pvc_lib_lock);
    for (int i = 0; i < ncache; i++)
        if (--cache[i]->refs == 0)
            program_free(cache[i]);
    free(cache);
    cache = NULL;
    ncache = capcache = 0;
    pthread_mutex_unlock(&pvc_lib_lock);
}

const char *pvc_program_file(const pvc_program *p) { return p ? p->name : NULL; }
int pvc_program_kernel_count(const pvc_program *p) { return p ? p->nkernels : 0; }

const pvc_kernel *pvc_program_kernel_at(const pvc_program *p, int i)
{
    return p && i >= 0 && i < p->nkernels ? &p->kernels[i] : NULL;
}

const pvc_kernel *pvc_program_kernel(const pvc_program *p, const char *name)
{
    if (!p)
        return NULL;
    if (!name)
        return p->nkernels == 1 ? &p->kernels[0] : NULL;
    for (int i = 0; i < p->nkernels; i++)
        if (!strcmp(p->kernels[i].fn->name, name))
            return &p->kernels[i];
    return NULL;
}

/* ---- kernel parameters ------------------------------------------------------------------- */
static const pvc_value *param(const pvc_kernel *k, int i)
{
    return k && i >= 0 && i < k->fn->nparams ? k->fn->params[i] : NULL;
}

const char *pvc_kernel_name(const pvc_kernel *k) { return k ? k->fn->name : NULL; }
int pvc_kernel_param_count(const pvc_kernel *k) { return k ? k->fn->nparams : 0; }

const char *pvc_kernel_param_name(const pvc_kernel *k, int i)
{
    return param(k, i) ? param(k, i)->name : NULL;
}

int pvc_kernel_param_kind(const pvc_kernel *k, int i)
{
    return param(k, i) ? pvc_param_kind_letter(param(k, i)->type.kind) : 0;
}

int pvc_kernel_param_dtype(const pvc_kernel *k, int i)
{
    return pvc_kernel_param_kind(k, i) == 't' ? param(k, i)->type.dtype : -1;
}

int pvc_kernel_param_rank(const pvc_kernel *k, int i)
{
    return pvc_kernel_param_kind(k, i) == 't' ? param(k, i)->type.rank : 0;
}

int pvc_kernel_param_nz(const pvc_kernel *k, int i)
{
    return pvc_kernel_param_kind(k, i) == 't' && param(k, i)->type.layout == PVC_TL_NZ;
}

int64_t pvc_kernel_param_dim(const pvc_kernel *k, int i, int dim)
{
    if (dim < 0 || dim >= pvc_kernel_param_rank(k, i))
        return -1;
    int64_t v = param(k, i)->type.dims[dim];
    return v >= 0 ? v : -1; /* pl.DYNAMIC and pl.STATIC: read from the argument */
}

int64_t pvc_kernel_tiling_size(const pvc_kernel *k)
{
    return k && k->fn->tiling ? k->fn->tiling->size : 0;
}

int pvc_kernel_tiling_field_count(const pvc_kernel *k)
{
    return k && k->fn->tiling ? k->fn->tiling->nfields : 0;
}

const char *pvc_kernel_tiling_field(const pvc_kernel *k, int i, int *dtype, int *count, int64_t *offset)
{
    if (i < 0 || i >= pvc_kernel_tiling_field_count(k))
        return NULL;
    const pvc_struct_field *f = &k->fn->tiling->fields[i];
    if (dtype)
        *dtype = f->dtype;
    if (count)
        *count = f->count;
    if (offset)
        *offset = f->offset;
    return f->name;
}

int pvc_kernel_param_written(const pvc_kernel *k, int i)
{
    return pvc_kernel_param_kind(k, i) == 't' && k->written[i];
}

/* ---- native objects kept per kernel ---------------------------------------------------- */
/* The kernels native.c dlopens call the runtime through the symbols of whatever holds it.
 * build/pvc exports them (-rdynamic); libpvc.so may have been opened RTLD_LOCAL (ctypes
 * does), so it makes its own symbols global once, before the first kernel loads. */
static void export_runtime_symbols(void)
{
    static int done;
    Dl_info info;
    if (done++)
        return;
    if (dladdr((void *)pvc_program_load, &info) && info.dli_fname)
        (void)dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_GLOBAL); /* kept for life */
}

static int same_str(const char *a, const char *b)
{
    return a == b || (a && b && !strcmp(a, b));
}

void *pvc_lib_native_exec(const pvc_kernel *k, const pvc_run_opts *o, pvc_diag *d, char *err,
                          size_t errlen)
{
    pvc_program *p = k->program;
    void *x = NULL;
    pthread_mutex_lock(&pvc_lib_lock);
    for (native_slot *s = p->natives; s && !x; s = s->next)
        if (s->kernel == k && same_str(s->cc, o->cc) && same_str(s->cflags, o->cflags))
            x = s->exec;
    if (!x) {
        native_slot *s = calloc(1, sizeof *s);
        export_runtime_symbols();
        if (s && (!o->cc || (s->cc = strdup(o->cc))) && (!o->cflags || (s->cflags = strdup(o->cflags))))
            x = pvc_backend_native.open(&p->unit, k->fn, o, NULL, d, err, errlen);
        else
            snprintf(err, errlen, "out of memory");
        if (x) {
            *s = (native_slot){p->natives, k, s->cc, s->cflags, x};
            p->natives = s;
        } else if (s) {
            free(s->cc);
            free(s->cflags);
            free(s);
        }
    }
    pthread_mutex_unlock(&pvc_lib_lock);
    return x;
}
