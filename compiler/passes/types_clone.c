/* types_clone.c - the types pass (types.c): each vector function typed per call, as a clone
 * <name>.<k> per distinct signature of argument types. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "passes/types.h"

int ty_orig_fn_cmp(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)((const struct orig_fn *)a)->f, y = (uintptr_t)((const struct orig_fn *)b)->f;
    return (x > y) - (x < y);
}

/* The index of f among the original functions, or norig: a binary search (a scan per call
 * was O(functions^2), 3% of `pvc compile` at 10,000 vector functions). */
static int orig_index(const typer *t, const pvc_func *f)
{
    struct orig_fn key = {.f = f};
    const struct orig_fn *hit =
        t->norig ? bsearch(&key, t->by_addr, (size_t)t->norig, sizeof *t->by_addr, ty_orig_fn_cmp) : NULL;
    return hit ? hit->idx : t->norig;
}

/* The decimal digits of k >= 0, without printf, at the end of num[16]: their start. */
static const char *digits(char num[16], int k)
{
    char *p = num + 16;
    do
        *--p = (char)('0' + k % 10);
    while (k /= 10);
    return p;
}

/* "<base>.<k>", the name of a vector function's k-th clone (k >= 1). */
static const char *clone_name(pvc_arena *a, const char *base, int k)
{
    char num[16];
    const char *p = digits(num, k);
    return pvc_arena_dotted(a, base, p, (size_t)(num + 16 - p));
}

/* The specialisation key of n values: the text of each one's type, ';' after each, whole
 * however many there are, malloc'ed (it is compared, not kept: a key per call in the
 * module's arena was 50 bytes per call of a large kernel). Each type is formatted once
 * when the key fits `whole` (every call of the bench files), else a second time. */
static char *sig_of(pvc_value *const *vals, int n)
{
    char buf[192]; /* a type's text: at most a tensor of rank 4 with 20-digit dims */
    char whole[1024];
    size_t len = 0;
    for (int i = 0; i < n; i++) {
        pvc_type_str(&vals[i]->type, buf, sizeof buf);
        size_t k = strlen(buf);
        if (len + k + 1 <= sizeof whole) {
            memcpy(whole + len, buf, k);
            whole[len + k] = ';';
        }
        len += k + 1;
    }
    char *sig = malloc(len + 1), *w = sig;
    if (!sig)
        pvc_out_of_memory();
    sig[len] = '\0';
    if (len <= sizeof whole) {
        memcpy(sig, whole, len);
        return sig;
    }
    for (int i = 0; i < n; i++) {
        pvc_type_str(&vals[i]->type, buf, sizeof buf);
        size_t k = strlen(buf);
        memcpy(w, buf, k);
        w[k] = ';';
        w += k + 1;
    }
    return sig;
}

/* The k-th clone of f in the module, named in a local buffer when the name fits one. */
pvc_func *ty_find_clone(pvc_module *m, const pvc_func *f, int k)
{
    char buf[256], num[16];
    const char *p = digits(num, k);
    size_t nb = strlen(f->name), nk = (size_t)(num + 16 - p);
    if (nb + nk + 2 > sizeof buf)
        return pvc_func_find(m, clone_name(m->arena, f->name, k));
    memcpy(buf, f->name, nb);
    buf[nb] = '.';
    memcpy(buf + nb + 1, p, nk);
    buf[nb + nk + 1] = '\0';
    return pvc_func_find(m, buf);
}

/* The clone of f among its first n whose parameters have the types of vals, or NULL. */
static pvc_func *same_clone(pvc_module *m, const pvc_func *f, int n, pvc_value *const *vals, int nvals)
{
    char *want = sig_of(vals, nvals);
    pvc_func *hit = NULL;
    for (int k = 1; k <= n && !hit; k++) {
        pvc_func *c = ty_find_clone(m, f, k);
        char *sig = c ? sig_of(c->params, c->nparams) : NULL;
        if (sig && !strcmp(sig, want))
            hit = c;
        free(sig);
    }
    free(want);
    return hit;
}

static int arg_typable(typer *t, const pvc_op *op, const pvc_value *a, int i)
{
    pvc_type_kind k = a->type.kind;
    if ((k == PVC_TY_TILE && (a->type.ub_addr >= 0 || a->type.dyn)) || k == PVC_TY_INT || k == PVC_TY_FLOAT ||
        k == PVC_TY_BOOL)
        return 1;
    if (k == PVC_TY_TILE) {
        pvc_error_at(t->d, op->loc, PVC_E_STATIC_ADDR, "argument %d of a vector-function call is a "
                     "tile whose UB address is not known at compile time", i + 1);
        return 0;
    }
    pvc_error_at(t->d, a->kind != PVC_V_VAR ? a->loc : op->loc, PVC_E_TYPE,
                 "argument %d of a vector-function call must be a tile or a scalar, not %s", i + 1,
                 pvc_type_kind_name(k));
    return 0;
}

/* The clone `name` of callee for the argument types of call op, typed. In a streamed
 * compile (emit/stream.c) the stream gives the body to clone (a deferred function is
 * lowered only now) and takes the typed clone back, to dispatch, check and emit it and
 * keep only its signature; NULL when it cannot (the compile is then redone whole). */
static pvc_func *make_clone(typer *t, pvc_op *op, pvc_func *callee, const char *name)
{
    const pvc_clone_hooks *h = t->hooks;
    const pvc_func *body = h ? h->body(h->ctx, callee) : callee;
    pvc_func *clone = NULL;
    if (body) {
        clone = h ? pvc_func_clone_detached(t->m, body, name) : pvc_func_clone(t->m, body, name);
        clone->called_at = op->loc;
        for (int p = 0; p < clone->nparams; p++) {
            clone->params[p]->type = op->operands[p]->type;
            clone->params[p]->type.ns = 0;
        }
        typer sub = *t;
        sub.calling[sub.ncalling++] = callee;
        int before = t->d->nerrors;
        ty_vf(&sub, clone);
        pvc_note_call(t->d, clone, before);
    }
    return h ? h->done(h->ctx, clone) : clone;
}

/* Points the call at the clone of its callee for these argument types (made on first use). */
void ty_specialise(typer *t, pvc_op *op)
{
    const pvc_attr *ca = pvc_op_attr(op, "callee");
    pvc_func *callee = ca ? pvc_func_find(t->m, ca->val->name) : NULL;
    if (!callee)
        return;
    for (int i = 0; i < op->noperands; i++)
        if (!arg_typable(t, op, op->operands[i], i))
            return;
    for (int i = 0; i < op->noperands && i < callee->nparams; i++) {
        pvc_type_kind want = callee->params[i]->type.kind, got = op->operands[i]->type.kind;
        if ((want == PVC_TY_INT || want == PVC_TY_FLOAT || want == PVC_TY_BOOL) && !is_scalar(got)) {
            pvc_error_at(t->d, op->loc, PVC_E_TYPE, "argument %d of %s must be a scalar (the parameter "
                         "is annotated %s), not a %s", i + 1, callee->name, pvc_type_kind_name(want),
                         pvc_type_kind_name(got));
            return;
        }
    }
    for (int i = 0; i < t->ncalling; i++)
        if (t->calling[i] == callee) {
            pvc_error_at(t->d, op->loc, PVC_E_FUNCTION, "recursive call of vector function '%s'",
                         callee->name);
            return;
        }
    if (t->ncalling == (int)(sizeof t->calling / sizeof t->calling[0])) {
        pvc_error_at(t->d, op->loc, PVC_E_LIMIT, "vector functions call each other more than %d deep",
                     t->ncalling);
        return;
    }
    int idx = orig_index(t, callee);
    if (idx == t->norig)
        return;
    pvc_func *clone = same_clone(t->m, callee, t->nclones[idx], op->operands, op->noperands);
    if (!clone)
        clone = make_clone(t, op, callee, clone_name(t->m->arena, callee->name, ++t->nclones[idx]));
    if (!clone)
        return;
    /* A kernel's call names its callee by a constant of its own (lower_expr.c makes one per
     * call, and kernels are never cloned): renamed in place. In a vector function the
     * constant is shared with the function's other clones: a new one. */
    if (t->f->kind == PVC_FN_JIT) {
        ca->val->name = clone->name;
        return;
    }
    pvc_value *fv = pvc_const(t->m, PVC_V_FUNC, ca->loc);
    fv->name = clone->name;
    for (int i = 0; i < op->nattrs; i++)
        if (!strcmp(op->attrs[i].key, "callee"))
            op->attrs[i].val = fv;
}
