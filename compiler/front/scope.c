/* scope.c - what a Python file binds, as the DSL functions in it see it (lower.h).
 *
 * The file is read the way Python imports it, statement by statement, without running
 * anything but constant expressions (pyval.c):
 *   import / from-import   bind modules and their names in any of the forms pypto_pro's
 *                          files use (`import pypto_pro.language as pl`, `from
 *                          pypto_pro.language import Vf as vf`, `vf = Vf`, `import math`)
 *   NAME = expr            a constant when expr evaluates, else an opaque value that says
 *                          why (reported only where a DSL function uses the name); tuple
 *                          targets unpack; `x += k` and `x: int = 5` too
 *   def f(...)             a helper function (inlined or run at compile time where called)
 *   @pl.jit / @pl.vector_function def   a DSL function, at any depth: inside a test
 *                          function it sees that function's locals as its enclosing scope
 *                          and is named test_x.kernel
 *   if CONST: ...          only the branch taken; names bound under a run-time if, in a
 *                          loop, a with or a try are opaque (their value depends on the run)
 * The last binding of a name wins: a kernel runs after the module has been imported.
 */
#include <stdlib.h>

#include "front/lower.h"

typedef scope_found found;

static void walk(lower_ctx *c, pvc_scope *sc, TSNode block, int cond, found *fd);

pvc_pyval *scope_lookup(const pvc_scope *sc, const char *name)
{
    for (; sc; sc = sc->up) {
        pvc_pyval *v = pvc_strmap_get(&sc->names, name);
        if (v)
            return v;
    }
    return NULL;
}

pvc_pyval *scope_builtin(lower_ctx *c, const char *name, pvc_span loc)
{
    static const char *const names[] = {"min", "max", "abs", "int", "float", "bool", "len",
                                        "round", "range", "list", "tuple"};
    static const pv_builtin ids[] = {PVB_MIN, PVB_MAX, PVB_ABS, PVB_INT, PVB_FLOAT, PVB_BOOL,
                                     PVB_LEN, PVB_ROUND, PVB_RANGE, PVB_LIST, PVB_TUPLE};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(name, names[i])) {
            pvc_pyval *v = pv_new(c, PV_BUILTIN, loc);
            v->i = ids[i];
            return v;
        }
    if (!strcmp(name, "pl") || !strcmp(name, "vf")) { /* the DSL's namespaces, unimported */
        pvc_pyval *v = pv_new(c, PV_MODULE, loc);
        v->s = name[0] == 'p' ? "pl" : "vf";
        return v;
    }
    return NULL;
}

/* The scope names resolve in: a helper being inlined sees its own globals. */
static pvc_scope *home_of(const lower_ctx *c, pvc_scope *sc)
{
    return c->frame ? c->frame->scope : sc;
}

/* The root of a dotted name. pl and vf are the DSL's namespaces unless a module is bound to
 * them (a function may be named vf and still use vf.*, as pvc's samples do). */
static pvc_pyval *lookup_root(lower_ctx *c, TSNode id, pvc_scope *sc)
{
    const char *name = lw_dup(c, id);
    pvc_pyval *v = scope_lookup(home_of(c, sc), name);
    int reserved = !strcmp(name, "pl") || !strcmp(name, "vf");
    return v && (!reserved || v->kind == PV_MODULE) ? v : scope_builtin(c, name, at(id));
}

pvc_pyval *scope_callee(lower_ctx *c, TSNode id, pvc_scope *sc)
{
    const char *name = lw_dup(c, id);
    pvc_pyval *v = scope_lookup(home_of(c, sc), name);
    return v ? v : scope_builtin(c, name, at(id));
}

pvc_pyval *scope_resolve(lower_ctx *c, TSNode n, pvc_scope *sc)
{
    if (is(c, n, PVC_N_IDENTIFIER))
        return lookup_root(c, n, sc);
    if (!is(c, n, PVC_N_ATTRIBUTE))
        return NULL;
    pvc_pyval *obj = scope_resolve(c, field(c, n, PVC_F_OBJECT), sc);
    if (!obj || obj->kind == PV_OPAQUE)
        return obj;
    return pv_attr(c, obj, lw_dup(c, field(c, n, PVC_F_ATTRIBUTE)), at(n));
}

const char *scope_canon(lower_ctx *c, TSNode n, pvc_scope *sc)
{
    TSNode parts[16];
    int np = lw_chain(c, n, parts, 16);
    if (!np)
        return NULL;
    const char *root = lw_dup(c, parts[0]);
    if (c->f && (lower_find_var(c, root) || (c->frame && pvc_strmap_get(&c->frame->params, root))))
        return NULL;
    pvc_pyval *v = lookup_root(c, parts[0], sc);
    const char *canon;
    if (v && v->kind == PV_MODULE)
        canon = v->s;
    else if (v && v->kind == PV_NS) {
        const char *ns = pvc_enum_ns_name(v->ns);
        canon = pvc_arena_dotted(c->m->arena, "pl", ns, strlen(ns));
    } else
        return NULL;
    for (int i = 1; i < np; i++) {
        size_t len;
        const char *t = text(c, parts[i], &len);
        canon = pvc_arena_dotted(c->m->arena, canon, t, strnlen(t, len)); /* as %.*s read it */
    }
    return canon;
}

/* ---- imports ---- */
/* The canonical name of an imported module path. */
static const char *module_canon(lower_ctx *c, const char *path)
{
    static const struct {
        const char *path, *canon;
    } known[] = {{"pypto_pro.language", "pl"}, {"pypto_pro.language.Vf", "vf"},
                 {"pypto_pro.language.system", "pl.system"}};
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (!strcmp(path, known[i].path))
            return known[i].canon;
    return pvc_arena_strndup(c->m->arena, path, strlen(path));
}

static pvc_pyval *module_val(lower_ctx *c, const char *path, pvc_span loc)
{
    pvc_pyval *v = pv_new(c, PV_MODULE, loc);
    v->s = module_canon(c, path);
    return v;
}

/* Lowered in parts (lower.c pvc_lower_part), a function sees the module as bound up to
 * its part; the whole file's lowering sees the last binding of each name. The two agree
 * unless a later part binds a module name again, or binds a name that resolved to a
 * builtin or the DSL's namespaces before: such a part marks the lowering `stale`, and the
 * file is lowered whole instead (a name that resolved to nothing was an error). */
static void bind(lower_ctx *c, pvc_scope *sc, const char *name, pvc_pyval *v)
{
    if (c->parts && c->parts->lowered && sc == c->module &&
        (pvc_strmap_get(&sc->names, name) || scope_builtin(c, name, v->loc)))
        c->parts->stale = 1;
    pvc_strmap_put(c->m->arena, &sc->names, name, v);
}

static void import_stmt(lower_ctx *c, pvc_scope *sc, TSNode s)
{
    uint32_t n;
    TSNode *k = lw_kids(c, s, &n);
    for (uint32_t i = 0; i < n; i++) {
        if (is(c, k[i], PVC_N_ALIASED_IMPORT)) {
            bind(c, sc, lw_dup(c, field(c, k[i], PVC_F_ALIAS)),
                 module_val(c, lw_dup(c, field(c, k[i], PVC_F_NAME)), at(k[i])));
        } else if (is(c, k[i], PVC_N_DOTTED_NAME)) { /* import a.b.c binds a */
            TSNode first = lw_kid(c, k[i], 0);
            bind(c, sc, lw_dup(c, first), module_val(c, lw_dup(c, first), at(k[i])));
        }
    }
}

static void import_from(lower_ctx *c, pvc_scope *sc, TSNode s)
{
    TSNode mod = field(c, s, PVC_F_MODULE_NAME);
    const char *path = lw_dup(c, mod);
    pvc_pyval *m = module_val(c, path, at(mod));
    TSTreeCursor cur = ts_tree_cursor_new(s);
    for (int ok = ts_tree_cursor_goto_first_child(&cur); ok; ok = ts_tree_cursor_goto_next_sibling(&cur)) {
        if (ts_tree_cursor_current_field_id(&cur) != c->cst->field[PVC_F_NAME])
            continue;
        TSNode k = ts_tree_cursor_current_node(&cur), name = k, alias = k;
        if (is(c, k, PVC_N_ALIASED_IMPORT)) {
            name = field(c, k, PVC_F_NAME);
            alias = field(c, k, PVC_F_ALIAS);
        }
        const char *nm = lw_dup(c, name);
        pvc_pyval *v = is(c, mod, PVC_N_DOTTED_NAME) ? pv_attr(c, m, nm, at(k)) : NULL;
        if (!v) { /* a submodule (pypto_pro.language.Vf), or a name pvc does not read */
            const char *full = pvc_arena_dotted(c->m->arena, path, nm, strlen(nm));
            v = strcmp(module_canon(c, full), full) ? module_val(c, full, at(k))
              : pv_opaque(c, at(k), PVC_E_NOT_CONST, "'%s' is imported from %s, which pvc does not read",
                          nm, path);
        }
        bind(c, sc, lw_dup(c, alias), v);
    }
    ts_tree_cursor_delete(&cur);
}

/* ---- assignments ---- */
static void bind_targets(lower_ctx *c, pvc_scope *sc, TSNode t, pvc_pyval *v, TSNode stmt)
{
    if (is(c, t, PVC_N_IDENTIFIER)) {
        const char *name = lw_dup(c, t);
        if (!v)
            v = pv_opaque(c, at(stmt), PVC_E_NOT_CONST, "'%s' is bound at line %d to a value pvc cannot "
                          "compute at compile time", name, at(stmt).line);
        else if (v->kind == PV_OPAQUE) /* say which name, and where it was bound */
            v = pv_opaque(c, at(stmt), (pvc_diag_kind)v->i, "'%s' (bound at line %d): %s", name,
                          at(stmt).line, v->s);
        bind(c, sc, name, v);
        return;
    }
    if (!(is(c, t, PVC_N_PATTERN_LIST) || is(c, t, PVC_N_TUPLE_PATTERN) || is(c, t, PVC_N_LIST) ||
          is(c, t, PVC_N_TUPLE)))
        return; /* x.attr = ..., x[i] = ...: nothing a kernel can read */
    uint32_t n;
    TSNode *k = lw_kids(c, t, &n);
    int fits = v && (v->kind == PV_TUPLE || v->kind == PV_LIST) && v->n == (int)n;
    for (uint32_t i = 0; i < n; i++)
        bind_targets(c, sc, k[i], fits ? v->items[i] : v && v->kind == PV_OPAQUE ? v : NULL, stmt);
}

static void assignment(lower_ctx *c, pvc_scope *sc, TSNode a, int cond)
{
    TSNode left = field(c, a, PVC_F_LEFT), right = field(c, a, PVC_F_RIGHT);
    if (ts_node_is_null(right))
        return; /* x: int */
    if (is(c, right, PVC_N_ASSIGNMENT)) { /* a = b = v: bind the inner ones first */
        assignment(c, sc, right, cond);
        right = field(c, right, PVC_F_RIGHT);
        while (is(c, right, PVC_N_ASSIGNMENT))
            right = field(c, right, PVC_F_RIGHT);
    }
    pvc_pyval *v = cond ? pv_opaque(c, at(a), PVC_E_NOT_CONST, "its value depends on a run-time "
                                    "if, loop, with or try")
                        : pv_eval(c, right, sc);
    bind_targets(c, sc, left, v, a);
}

static void augmented(lower_ctx *c, pvc_scope *sc, TSNode a, int cond)
{
    TSNode left = field(c, a, PVC_F_LEFT), optok = field(c, a, PVC_F_OPERATOR);
    if (!is(c, left, PVC_N_IDENTIFIER))
        return;
    const char *name = lw_dup(c, left);
    pvc_pyval *old = scope_lookup(sc, name), *r = NULL;
    if (!cond && old && old->kind != PV_OPAQUE) {
        pvc_pyval *b = pv_eval(c, field(c, a, PVC_F_RIGHT), sc);
        size_t len;
        const char *t = text(c, optok, &len);
        r = b ? pv_binary_tok(c, t, len - 1, old, b, at(a)) : NULL;
    }
    bind_targets(c, sc, left, r ? r : old && old->kind == PV_OPAQUE ? old : NULL, a);
}

/* ---- definitions ---- */
static int is_dsl_decorator(lower_ctx *c, pvc_scope *sc, TSNode dec, pvc_func_kind *kind)
{
    TSNode e = lw_kid(c, dec, 0);
    while (is(c, e, PVC_N_PARENTHESIZED_EXPRESSION)) /* @(pl.jit()): any expression, PEP 614 */
        e = lw_kid(c, e, 0);
    if (is(c, e, PVC_N_CALL))
        e = field(c, e, PVC_F_FUNCTION);
    pvc_pyval *v = scope_resolve(c, e, sc);
    if (!v || v->kind != PV_BUILTIN || (v->i != PVB_JIT && v->i != PVB_VECTOR_FUNCTION))
        return 0;
    *kind = v->i == PVB_JIT ? PVC_FN_JIT : PVC_FN_VECTOR;
    return 1;
}

/* 1 if n holds a decorated definition anywhere below it (a function worth reading). */
static int holds_decorated(lower_ctx *c, TSNode n)
{
    TSTreeCursor cur = ts_tree_cursor_new(n);
    int found_one = 0;
    for (;;) {
        if (is(c, ts_tree_cursor_current_node(&cur), PVC_N_DECORATED_DEFINITION)) {
            found_one = 1;
            break;
        }
        if (ts_tree_cursor_goto_first_child(&cur))
            continue;
        while (!ts_tree_cursor_goto_next_sibling(&cur))
            if (!ts_tree_cursor_goto_parent(&cur) || ts_node_eq(ts_tree_cursor_current_node(&cur), n))
                goto done;
    }
done:
    ts_tree_cursor_delete(&cur);
    return found_one;
}

/* A plain function's body, when DSL functions are defined in it: a scope of its own whose
 * parameters are run-time values (the test's arguments). */
static void walk_function(lower_ctx *c, pvc_scope *sc, TSNode def, found *fd)
{
    TSNode body = field(c, def, PVC_F_BODY);
    if (!holds_decorated(c, body))
        return;
    const char *name = lw_dup(c, field(c, def, PVC_F_NAME));
    pvc_scope *inner = pvc_arena_alloc(c->m->arena, sizeof *inner);
    inner->up = sc;
    size_t ql = strlen(sc->qual) + strlen(name) + 2;
    char *qual = pvc_arena_alloc(c->m->arena, ql);
    snprintf(qual, ql, "%s%s.", sc->qual, name);
    inner->qual = qual;
    uint32_t n;
    TSNode *ps = lw_kids(c, field(c, def, PVC_F_PARAMETERS), &n);
    for (uint32_t i = 0; i < n; i++) {
        TSNode p = ps[i], id = is(c, p, PVC_N_IDENTIFIER) ? p
                            : is(c, p, PVC_N_TYPED_PARAMETER) ? lw_kid(c, p, 0) : field(c, p, PVC_F_NAME);
        if (is(c, id, PVC_N_IDENTIFIER))
            bind(c, inner, lw_dup(c, id),
                 pv_opaque(c, at(id), PVC_E_NOT_CONST, "'%s' is a parameter of the enclosing function "
                           "'%s', known only when it runs; pvc compiles with compile-time constants",
                           lw_dup(c, id), name));
    }
    walk(c, inner, body, 0, fd);
}

pvc_func *scope_add_dsl(lower_ctx *c, pvc_scope *sc, const char *base, pvc_span name_at, pvc_span def_at,
                        pvc_func_kind kind, TSNode def, found *fd)
{
    size_t ql = strlen(sc->qual) + strlen(base) + 1;
    char *name = pvc_arena_alloc(c->m->arena, ql);
    snprintf(name, ql, "%s%s", sc->qual, base);
    if (pvc_func_find(c->m, name)) {
        pvc_error_at(c->d, name_at, PVC_E_FUNCTION, "function '%s' defined twice", name);
        return NULL;
    }
    pvc_pyval *v = pv_new(c, PV_DSL, def_at);
    v->func = pvc_func_new(c->m, name, kind, def_at);
    bind(c, sc, base, v);
    if (fd->n == fd->cap) { /* malloc'ed (lower.c frees them): copies left in an arena
                               were 80 bytes per function */
        int cap = fd->cap ? 2 * fd->cap : 16;
        TSNode *d = realloc(fd->defs, (size_t)cap * sizeof *d);
        if (d)
            fd->defs = d;
        pvc_scope **h = realloc(fd->home, (size_t)cap * sizeof *h);
        if (h)
            fd->home = h;
        if (!d || !h)
            pvc_out_of_memory();
        fd->cap = cap;
    }
    fd->defs[fd->n] = def;
    fd->home[fd->n++] = sc;
    return v->func;
}

static void dsl_function(lower_ctx *c, pvc_scope *sc, TSNode def, pvc_func_kind kind, found *fd)
{
    TSNode nm = field(c, def, PVC_F_NAME);
    pvc_func *f = scope_add_dsl(c, sc, lw_dup(c, nm), at(nm), at(def), kind, def, fd);
    if (f) {
        TSPoint e = ts_node_end_point(def);
        f->end = (pvc_span){(int)e.row + 1, (int)e.column + 1};
    }
}

int scope_dsl_kind(lower_ctx *c, pvc_scope *sc, TSNode s, pvc_func_kind *kind)
{
    uint32_t n;
    TSNode *k = lw_kids(c, s, &n);
    for (uint32_t i = 0; i < n; i++)
        if (is(c, k[i], PVC_N_DECORATOR) && is_dsl_decorator(c, sc, k[i], kind))
            return 1;
    return 0;
}

/* 1 if annotation node ty (of a typed parameter) makes a tile kernel: pl.Tensor[...],
 * pl.Ptr[...] or a pl.DT_* dtype. */
static int tile_annotation(lower_ctx *c, pvc_scope *sc, TSNode ty)
{
    TSNode e = is(c, ty, PVC_N_TYPE) ? lw_kid(c, ty, 0) : ty;
    if (is(c, e, PVC_N_SUBSCRIPT)) {
        const char *name = scope_canon(c, field(c, e, PVC_F_VALUE), sc);
        return name && (!strcmp(name, "pl.Tensor") || !strcmp(name, "pl.Ptr"));
    }
    pvc_pyval *v = pv_eval(c, e, sc);
    return v && v->kind == PV_DTYPE;
}

/* pypto_pro's rule (docs/SEMANTICS.md §16.1): @pl.jit makes a tile kernel of a function
 * with a parameter annotated pl.Tensor, pl.Ptr or pl.DT_*; any other stays a plain Python
 * function (a test function decorated @pl.jit() runs as Python). */
static int is_tile_kernel(lower_ctx *c, pvc_scope *sc, TSNode def)
{
    uint32_t n;
    TSNode *ps = lw_kids(c, field(c, def, PVC_F_PARAMETERS), &n);
    for (uint32_t i = 0; i < n; i++) {
        TSNode ty = field(c, ps[i], PVC_F_TYPE);
        if (!ts_node_is_null(ty) && tile_annotation(c, sc, ty))
            return 1;
    }
    return 0;
}

/* A class: a value pvc cannot evaluate, which keeps its definition for a tiling-class
 * parameter (lower_struct.c); n = 1 for a @dataclass. */
static pvc_pyval *class_value(lower_ctx *c, TSNode def, int dataclass)
{
    pvc_pyval *v = pv_opaque(c, at(def), PVC_E_NOT_CONST, "'%s' is a class", lw_dup(c, field(c, def, PVC_F_NAME)));
    v->node = def;
    v->n = dataclass;
    return v;
}

/* A decorator's callee: `@x` and `@x(...)` give x, parentheses dropped. */
static TSNode decorator_callee(lower_ctx *c, TSNode dec)
{
    TSNode e = lw_kid(c, dec, 0);
    while (is(c, e, PVC_N_PARENTHESIZED_EXPRESSION))
        e = lw_kid(c, e, 0);
    return is(c, e, PVC_N_CALL) ? field(c, e, PVC_F_FUNCTION) : e;
}

/* dataclasses' dataclass, bare or dotted. */
static int is_dataclass_name(lower_ctx *c, pvc_scope *sc, TSNode e)
{
    (void)sc;
    return lw_text_is(c, is(c, e, PVC_N_ATTRIBUTE) ? field(c, e, PVC_F_ATTRIBUTE) : e, "dataclass");
}

/* pypto_pro's SIMT functions (lower_simt.c): helpers that pl.simt.launch runs. */
static int is_simt_name(lower_ctx *c, pvc_scope *sc, TSNode e)
{
    const char *name = scope_canon(c, e, sc);
    return name && !strcmp(name, "pl.simt.function");
}

/* @pl.pipeline.stage only marks its function (fn.pipeline_stage = True): a stage is an
 * ordinary helper, inlined where it is called (docs/SEMANTICS.md §16). */
static int is_stage_name(lower_ctx *c, pvc_scope *sc, TSNode e)
{
    const char *name = scope_canon(c, e, sc);
    return name && !strcmp(name, "pl.pipeline.stage");
}

/* 1 if a decorator of decorated definition s names what match accepts. */
static int has_decorator(lower_ctx *c, pvc_scope *sc, TSNode s, int (*match)(lower_ctx *, pvc_scope *, TSNode))
{
    uint32_t n;
    TSNode *k = lw_kids(c, s, &n);
    for (uint32_t i = 0; i < n; i++)
        if (is(c, k[i], PVC_N_DECORATOR) && match(c, sc, decorator_callee(c, k[i])))
            return 1;
    return 0;
}



/* A @pl.simt.function: a helper (ns 1) whose i is its max_threads= (0: a SIMT callee that
 * only other SIMT functions call). */
static void simt_function(lower_ctx *c, pvc_scope *sc, TSNode s, TSNode def, found *fd)
{
    pvc_pyval *v = pv_new(c, PV_HELPER, at(def));
    v->node = def;
    v->scope = sc;
    v->ns = 1;
    uint32_t n;
    TSNode *k = lw_kids(c, s, &n);
    for (uint32_t i = 0; i < n; i++) {
        TSNode e = is(c, k[i], PVC_N_DECORATOR) ? lw_kid(c, k[i], 0) : lw_null();
        if (ts_node_is_null(e) || !is(c, e, PVC_N_CALL) || !is_simt_name(c, sc, field(c, e, PVC_F_FUNCTION)))
            continue;
        uint32_t na;
        TSNode *a = lw_kids(c, field(c, e, PVC_F_ARGUMENTS), &na);
        for (uint32_t j = 0; j < na; j++) {
            pvc_pyval *m = is(c, a[j], PVC_N_KEYWORD_ARGUMENT) &&
                                   lw_text_is(c, field(c, a[j], PVC_F_NAME), "max_threads")
                               ? pv_eval(c, field(c, a[j], PVC_F_VALUE), sc) : NULL;
            if (m && m->kind == PV_INT && m->i > 0)
                v->i = m->i;
            else if (is(c, a[j], PVC_N_KEYWORD_ARGUMENT) && lw_text_is(c, field(c, a[j], PVC_F_NAME), "max_threads"))
                pvc_error_at(c->d, at(a[j]), PVC_E_NOT_CONST, "max_threads= of @pl.simt.function is a positive "
                             "integer constant");
        }
    }
    bind(c, sc, lw_dup(c, field(c, def, PVC_F_NAME)), v);
    walk_function(c, sc, def, fd);
}

static void helper(lower_ctx *c, pvc_scope *sc, TSNode def, found *fd);

static void decorated(lower_ctx *c, pvc_scope *sc, TSNode s, found *fd)
{
    TSNode def = field(c, s, PVC_F_DEFINITION);
    pvc_func_kind kind;
    if (scope_dsl_kind(c, sc, s, &kind) &&
        (kind != PVC_FN_JIT || !is(c, def, PVC_N_FUNCTION_DEFINITION) || is_tile_kernel(c, sc, def))) {
        if (is(c, def, PVC_N_FUNCTION_DEFINITION))
            dsl_function(c, sc, def, kind, fd);
        return;
    }
    TSNode nm = field(c, def, PVC_F_NAME);
    if (!ts_node_is_null(nm) && is(c, def, PVC_N_CLASS_DEFINITION)) {
        bind(c, sc, lw_dup(c, nm), class_value(c, def, has_decorator(c, sc, s, is_dataclass_name)));
        return;
    }
    if (!ts_node_is_null(nm) && is(c, def, PVC_N_FUNCTION_DEFINITION) && has_decorator(c, sc, s, is_simt_name)) {
        simt_function(c, sc, s, def, fd);
        return;
    }
    if (!ts_node_is_null(nm) && is(c, def, PVC_N_FUNCTION_DEFINITION) && has_decorator(c, sc, s, is_stage_name)) {
        helper(c, sc, def, fd);
        return;
    }
    if (!ts_node_is_null(nm))
        bind(c, sc, lw_dup(c, nm), pv_opaque(c, at(def), PVC_E_NOT_CONST, "'%s' is a decorated "
                                            "definition, not a helper pvc can inline", lw_dup(c, nm)));
    if (is(c, def, PVC_N_FUNCTION_DEFINITION))
        walk_function(c, sc, def, fd);
}

static void helper(lower_ctx *c, pvc_scope *sc, TSNode def, found *fd)
{
    pvc_pyval *v = pv_new(c, PV_HELPER, at(def));
    v->node = def;
    v->scope = sc;
    bind(c, sc, lw_dup(c, field(c, def, PVC_F_NAME)), v);
    walk_function(c, sc, def, fd);
}

/* ---- statements ---- */
static void walk_if(lower_ctx *c, pvc_scope *sc, TSNode s, int cond, found *fd)
{
    pvc_pyval *v = cond ? NULL : pv_eval(c, field(c, s, PVC_F_CONDITION), sc);
    int truth = v ? pv_truth(v) : -1;
    if (truth == 1) {
        walk(c, sc, field(c, s, PVC_F_CONSEQUENCE), cond, fd);
        return;
    }
    if (truth < 0)
        walk(c, sc, field(c, s, PVC_F_CONSEQUENCE), 1, fd);
    uint32_t n;
    TSNode *k = lw_kids(c, s, &n);
    for (uint32_t i = 0; i < n; i++) {
        if (is(c, k[i], PVC_N_ELSE_CLAUSE)) {
            walk(c, sc, field(c, k[i], PVC_F_BODY), truth < 0 ? 1 : cond, fd);
            return;
        }
        if (!is(c, k[i], PVC_N_ELIF_CLAUSE))
            continue;
        pvc_pyval *ev = truth < 0 ? NULL : pv_eval(c, field(c, k[i], PVC_F_CONDITION), sc);
        int t = ev ? pv_truth(ev) : -1;
        if (t == 0)
            continue;
        walk(c, sc, field(c, k[i], PVC_F_CONSEQUENCE), t < 0 ? 1 : cond, fd);
        if (t == 1)
            return;
        truth = -1; /* from here on every branch may run */
    }
}

/* Names a statement binds that are not assignments: loop targets, with ... as x, except
 * ... as e. They are opaque (run-time values). */
static void walk_compound(lower_ctx *c, pvc_scope *sc, TSNode s, found *fd)
{
    TSNode left = field(c, s, PVC_F_LEFT);
    if (!ts_node_is_null(left))
        bind_targets(c, sc, left, pv_opaque(c, at(s), PVC_E_NOT_CONST, "a loop variable"), s);
    uint32_t n;
    TSNode *k = lw_kids(c, s, &n);
    for (uint32_t i = 0; i < n; i++) /* the bodies, and the clauses that hold bodies */
        if (is(c, k[i], PVC_N_BLOCK))
            walk(c, sc, k[i], 1, fd);
        else if (!ts_node_is_null(field(c, k[i], PVC_F_BODY)))
            walk(c, sc, field(c, k[i], PVC_F_BODY), 1, fd);
        else
            for (uint32_t j = 0; j < lw_count(c, k[i]); j++)
                if (is(c, lw_kid(c, k[i], j), PVC_N_BLOCK))
                    walk(c, sc, lw_kid(c, k[i], j), 1, fd);
}

/* The forms of binding walk() does not run (docs/SEMANTICS.md §6, "Module-level Python"),
 * each name bound opaque with the form and its line, so that a DSL function that reads it
 * is told, instead of reading the value the module had before: an assignment expression
 * (:=) inside another expression, `with ... as x`, `except ... as x`, a match pattern's
 * captures. Blocks are walk()'s to read; lambdas and definitions are scopes of their own. */
static void bind_opaque(lower_ctx *c, pvc_scope *sc, TSNode target, const char *form)
{
    bind_targets(c, sc, target, pv_opaque(c, at(target), PVC_E_NOT_CONST, "a binding by %s, which pvc does not "
                                          "follow at module level; bind it with a plain assignment", form),
                 target);
}

static void bind_unfollowed(lower_ctx *c, pvc_scope *sc, TSNode stmt, TSNode followed)
{
    TSTreeCursor cur = ts_tree_cursor_new(stmt);
    int more = ts_tree_cursor_goto_first_child(&cur);
    while (more) {
        TSNode n = ts_tree_cursor_current_node(&cur);
        /* a match's body holds its cases, whose patterns bind: only their consequences are
           blocks of statements */
        int cases = is(c, n, PVC_N_BLOCK) && is(c, ts_node_parent(n), PVC_N_MATCH_STATEMENT);
        int skip = (is(c, n, PVC_N_BLOCK) && !cases) || is(c, n, PVC_N_LAMBDA) ||
                   is(c, n, PVC_N_FUNCTION_DEFINITION) || is(c, n, PVC_N_CLASS_DEFINITION) ||
                   is(c, n, PVC_N_DECORATED_DEFINITION);
        if (is(c, n, PVC_N_NAMED_EXPRESSION) && !ts_node_eq(n, followed))
            bind_opaque(c, sc, field(c, n, PVC_F_NAME), "an assignment expression (:=)");
        else if (is(c, n, PVC_N_AS_PATTERN_TARGET))
            bind_opaque(c, sc, lw_kid(c, n, 0), "'as'");
        else if (is(c, n, PVC_N_SPLAT_PATTERN) ||
                 (is(c, n, PVC_N_DOTTED_NAME) && is(c, ts_node_parent(n), PVC_N_CASE_PATTERN) && lw_count(c, n) == 1))
            bind_opaque(c, sc, lw_kid(c, n, 0), "a match pattern");
        if (!skip && ts_tree_cursor_goto_first_child(&cur))
            continue;
        while (!(more = ts_tree_cursor_goto_next_sibling(&cur)))
            if (!ts_tree_cursor_goto_parent(&cur) || ts_node_eq(ts_tree_cursor_current_node(&cur), stmt))
                break;
    }
    ts_tree_cursor_delete(&cur);
}

/* `(NAME := expr)` as a statement of its own is `NAME = expr`: returns its named_expression. */
static TSNode statement_walrus(lower_ctx *c, TSNode e)
{
    while (is(c, e, PVC_N_PARENTHESIZED_EXPRESSION))
        e = lw_kid(c, e, 0);
    return is(c, e, PVC_N_NAMED_EXPRESSION) ? e : lw_null();
}

/* A DSL op called as a statement of the module runs nowhere: pypto_pro raises when the file
 * is imported. Often a line whose indentation put it outside its function. */
static void module_dsl_call(lower_ctx *c, pvc_scope *sc, TSNode e)
{
    if (!is(c, e, PVC_N_CALL))
        return;
    const char *name = scope_canon(c, field(c, e, PVC_F_FUNCTION), sc);
    if (name && pvc_op_lookup(name, strlen(name)) >= 0)
        pvc_error_at(c->d, at(e), PVC_E_UNSUPPORTED, "%s(...) at module level runs outside any kernel (pypto_pro "
                     "raises when the file is imported); is its indentation what was meant?", name);
}

static void walk(lower_ctx *c, pvc_scope *sc, TSNode block, int cond, found *fd)
{
    uint32_t n;
    TSNode *k = lw_kids(c, block, &n);
    for (uint32_t i = 0; i < n && c->d->nerrors <= c->d->max_errors; i++) {
        TSNode s = k[i], walrus = lw_null();
        if (!is(c, s, PVC_N_FUNCTION_DEFINITION) && !is(c, s, PVC_N_DECORATED_DEFINITION) &&
            !is(c, s, PVC_N_CLASS_DEFINITION)) {
            if (is(c, s, PVC_N_EXPRESSION_STATEMENT))
                walrus = statement_walrus(c, lw_kid(c, s, 0));
            bind_unfollowed(c, sc, s, walrus);
        }
        if (is(c, s, PVC_N_EXPRESSION_STATEMENT)) {
            TSNode e = lw_kid(c, s, 0);
            if (is(c, e, PVC_N_ASSIGNMENT))
                assignment(c, sc, e, cond);
            else if (is(c, e, PVC_N_AUGMENTED_ASSIGNMENT))
                augmented(c, sc, e, cond);
            else if (!ts_node_is_null(walrus))
                bind_targets(c, sc, field(c, walrus, PVC_F_NAME),
                             cond ? pv_opaque(c, at(s), PVC_E_NOT_CONST, "its value depends on a run-time if, "
                                              "loop, with or try")
                                  : pv_eval(c, field(c, walrus, PVC_F_VALUE), sc), s);
            else
                module_dsl_call(c, sc, e);
        } else if (is(c, s, PVC_N_DELETE_STATEMENT)) {
            uint32_t nd;
            TSNode *dk = lw_kids(c, s, &nd);
            if (nd == 1 && is(c, dk[0], PVC_N_EXPRESSION_LIST)) /* del a, b */
                dk = lw_kids(c, dk[0], &nd);
            for (uint32_t j = 0; j < nd; j++)
                bind_targets(c, sc, dk[j], pv_opaque(c, at(s), PVC_E_NOT_CONST, "deleted there by 'del': Python "
                                                     "has no such name after it"), s);
        } else if (is(c, s, PVC_N_IMPORT_STATEMENT)) {
            import_stmt(c, sc, s);
        } else if (is(c, s, PVC_N_IMPORT_FROM_STATEMENT)) {
            import_from(c, sc, s);
        } else if (is(c, s, PVC_N_FUNCTION_DEFINITION)) {
            helper(c, sc, s, fd);
        } else if (is(c, s, PVC_N_DECORATED_DEFINITION)) {
            decorated(c, sc, s, fd);
        } else if (is(c, s, PVC_N_CLASS_DEFINITION)) {
            bind(c, sc, lw_dup(c, field(c, s, PVC_F_NAME)), class_value(c, s, 0));
        } else if (is(c, s, PVC_N_IF_STATEMENT)) {
            walk_if(c, sc, s, cond, fd);
        } else if (is(c, s, PVC_N_FOR_STATEMENT) || is(c, s, PVC_N_WHILE_STATEMENT) ||
                   is(c, s, PVC_N_WITH_STATEMENT) || is(c, s, PVC_N_TRY_STATEMENT)) {
            walk_compound(c, sc, s, fd);
        } else if (is(c, s, PVC_N_MATCH_STATEMENT)) { /* each case may run */
            uint32_t nc;
            TSNode *cs = lw_kids(c, field(c, s, PVC_F_BODY), &nc);
            for (uint32_t j = 0; j < nc; j++)
                if (is(c, cs[j], PVC_N_CASE_CLAUSE))
                    walk(c, sc, field(c, cs[j], PVC_F_CONSEQUENCE), 1, fd);
        }
    }
}

int scope_helper_here(lower_ctx *c, const pvc_pyval *h)
{
    if (h->node.tree == c->cst->tree)
        return 1;
    c->parts->stale = 1; /* only a lowering in parts holds nodes of another tree */
    return 0;
}

pvc_scope *scope_module(lower_ctx *c)
{
    pvc_scope *sc = pvc_arena_alloc(c->m->arena, sizeof *sc);
    sc->qual = "";
    return sc;
}

void scope_build(lower_ctx *c, pvc_scope *sc, TSNode root, scope_found *fd)
{
    walk(c, sc, root, 0, fd);
}
