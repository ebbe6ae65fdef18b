/* compact.c - copy a module's live IR into a fresh arena and free the old one (ir.h).
 *
 * Passes rewrite the IR in place and leave the replaced parts in the module's arena: the
 * lowering's scratch, the functions the types pass specialised (it keeps the clones), the
 * vf ops the dispatch pass replaced by machine ops. Between passes nothing outside the
 * module points into it (pipeline.c), so the live part - every function in m->funcs, what
 * their ops reach, their name maps - is copied and the rest released with the old arena.
 * Sharing is kept: a constant or string reached twice is copied once (clones share their
 * constants with each other). The copy is the same IR: same order, same ids, same names.
 */
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"

/* Old pointer -> new pointer, open addressing, grown at half load. */
typedef struct {
    const void **from;
    void **to;
    size_t n, cap;
} ptr_map;

static size_t slot_of(const ptr_map *p, const void *k)
{
    uintptr_t h = (uintptr_t)k;
    h ^= h >> 17;
    h *= 0x9E3779B97F4A7C15ull;
    return (size_t)(h >> 20) & (p->cap - 1);
}

static void *map_get(const ptr_map *p, const void *k)
{
    if (!p->cap)
        return NULL;
    for (size_t i = slot_of(p, k);; i = (i + 1) & (p->cap - 1)) {
        if (!p->from[i])
            return NULL;
        if (p->from[i] == k)
            return p->to[i];
    }
}

static void map_put(ptr_map *p, const void *k, void *v)
{
    if (2 * (p->n + 1) > p->cap) {
        ptr_map big = {NULL, NULL, 0, p->cap ? 2 * p->cap : 1024};
        big.from = calloc(big.cap, sizeof *big.from);
        big.to = calloc(big.cap, sizeof *big.to);
        if (!big.from || !big.to)
            pvc_out_of_memory();
        for (size_t i = 0; i < p->cap; i++)
            if (p->from[i])
                map_put(&big, p->from[i], p->to[i]);
        free(p->from);
        free(p->to);
        *p = big;
    }
    size_t i = slot_of(p, k);
    while (p->from[i] && p->from[i] != k)
        i = (i + 1) & (p->cap - 1);
    p->n += !p->from[i];
    p->from[i] = k;
    p->to[i] = v;
}

typedef struct {
    pvc_arena *a;
    ptr_map strings, consts;
    const pvc_func *f;        /* the function being copied (old) */
    pvc_value **vars;         /* its variables, copied (new), by id */
} copier;

static const char *copy_str(copier *c, const char *s)
{
    if (!s)
        return NULL;
    char *t = map_get(&c->strings, s);
    if (!t) {
        t = pvc_arena_strndup(c->a, s, strlen(s));
        map_put(&c->strings, s, t);
    }
    return t;
}

/* A constant once copied is overwritten in the old arena by a forwarding record: its kind
 * FORWARDED, its new address in i. The old arena goes at the end of the compaction and
 * nothing reads it before then, so the second and later uses of a constant (clones share
 * theirs) find the copy without a lookup; a table of every constant was a fifth of the
 * compaction (ir.h: a module's values live in its arena, none in static storage). */
enum { FORWARDED = 0x7f0e };

/* A value: a variable of the function being copied, else a constant (copied once). */
static pvc_value *copy_value(copier *c, pvc_value *v)
{
    if (!v)
        return NULL;
    if (v->kind == PVC_V_VAR && c->f && v->id >= 0 && v->id < c->f->nvars && c->f->vars[v->id] == v)
        return c->vars[v->id];
    if ((int)v->kind == FORWARDED)
        return (pvc_value *)(uintptr_t)v->i;
    pvc_value *n = v->kind == PVC_V_VAR ? map_get(&c->consts, v) : NULL; /* another function's */
    if (!n) {
        n = pvc_arena_alloc(c->a, sizeof *n);
        *n = *v;
        n->name = copy_str(c, v->name);
        if (v->kind == PVC_V_VAR)
            map_put(&c->consts, v, n);
        else
            v->kind = (pvc_value_kind)FORWARDED, v->i = (int64_t)(uintptr_t)n;
    }
    return n;
}

static pvc_value **copy_values(copier *c, pvc_value **vs, int n)
{
    if (!n)
        return NULL;
    pvc_value **out = pvc_arena_alloc(c->a, (size_t)n * sizeof *out);
    for (int i = 0; i < n; i++)
        out[i] = copy_value(c, vs[i]);
    return out;
}

static void copy_block(copier *c, pvc_block *dst, const pvc_block *src);

static pvc_op *copy_op(copier *c, const pvc_op *o)
{
    pvc_op *n = pvc_arena_alloc(c->a, sizeof *n);
    *n = *o;
    n->results = copy_values(c, o->results, o->nresults);
    n->operands = copy_values(c, o->operands, o->noperands);
    if (o->nattrs) {
        n->attrs = pvc_arena_alloc(c->a, (size_t)o->nattrs * sizeof *n->attrs);
        for (int i = 0; i < o->nattrs; i++)
            n->attrs[i] = (pvc_attr){copy_str(c, o->attrs[i].key), copy_value(c, o->attrs[i].val),
                                     o->attrs[i].loc};
    }
    /* every block the op owns: a body, an if's else, a while's condition */
    pvc_block *const *from[] = {&o->body, &o->orelse, &o->cond};
    pvc_block **to[] = {&n->body, &n->orelse, &n->cond};
    for (int k = 0; k < 3; k++)
        if (*from[k]) {
            *to[k] = pvc_arena_alloc(c->a, sizeof **to[k]);
            copy_block(c, *to[k], *from[k]);
        }
    return n;
}

static void copy_block(copier *c, pvc_block *dst, const pvc_block *src)
{
    dst->nops = dst->cap = src->nops;
    dst->ops = src->nops ? pvc_arena_alloc(c->a, (size_t)src->nops * sizeof *dst->ops) : NULL;
    for (int i = 0; i < src->nops; i++)
        dst->ops[i] = copy_op(c, src->ops[i]);
}

static pvc_func *copy_func(copier *c, const pvc_func *f)
{
    pvc_func *n = pvc_arena_alloc(c->a, sizeof *n);
    *n = *f;
    n->name = copy_str(c, f->name);
    n->names = (pvc_strmap){0};
    n->cap = f->nvars;
    n->vars = pvc_arena_alloc(c->a, ((size_t)f->nvars + 1) * sizeof *n->vars);
    for (int i = 0; i < f->nvars; i++) {
        pvc_value *v = pvc_arena_alloc(c->a, sizeof *v);
        *v = *f->vars[i];
        v->name = copy_str(c, f->vars[i]->name);
        n->vars[i] = v;
        if (v->name)
            pvc_strmap_put(c->a, &n->names, v->name, v);
    }
    c->f = f;
    c->vars = n->vars;
    n->params = pvc_arena_alloc(c->a, ((size_t)f->nparams + 1) * sizeof *n->params);
    for (int i = 0; i < f->nparams; i++)
        n->params[i] = copy_value(c, f->params[i]);
    copy_block(c, &n->body, &f->body);
    if (f->tiling) {
        pvc_struct_layout *L = pvc_arena_alloc(c->a, sizeof *L);
        *L = *f->tiling;
        L->name = copy_str(c, L->name);
        L->fields = pvc_arena_alloc(c->a, ((size_t)L->nfields + 1) * sizeof *L->fields);
        for (int i = 0; i < L->nfields; i++) {
            L->fields[i] = f->tiling->fields[i];
            L->fields[i].name = copy_str(c, L->fields[i].name);
        }
        n->tiling = L;
    }
    c->f = NULL;
    return n;
}

void pvc_module_compact(pvc_module *m)
{
    copier c = {.a = pvc_arena_new()};
    pvc_arena *old = m->arena;
    m->file = copy_str(&c, m->file);
    pvc_func **funcs = pvc_arena_alloc(c.a, ((size_t)m->nfuncs + 1) * sizeof *funcs);
    m->names = (pvc_strmap){0};
    for (int i = 0; i < m->nfuncs; i++) {
        funcs[i] = copy_func(&c, m->funcs[i]);
        if (!pvc_strmap_get(&m->names, funcs[i]->name))
            pvc_strmap_put(c.a, &m->names, funcs[i]->name, funcs[i]);
    }
    m->funcs = funcs;
    m->cap = m->nfuncs;
    m->arena = c.a;
    pvc_arena_free(old);
    free(c.strings.from);
    free(c.strings.to);
    free(c.consts.from);
    free(c.consts.to);
}
