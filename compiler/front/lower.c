/* lower.c - the `lower` pass: the DSL functions of a parsed file -> IR (front.h pvc_lower).
 *
 * scope.c reads what the file binds and finds every @pl.jit / @pl.vector_function, at any
 * depth; this file lowers their signatures (so a call can be checked against a function
 * defined later), then their bodies (lower_stmt.c, lower_expr.c). Everything else in the
 * file is Python that pvc leaves alone. Every construct outside the DSL is a located error
 * (never skipped), and lowering goes on after an error so one run reports them all. A
 * function that uses cube (matrix) code gets one error at its first use, and its body is
 * not read further: pvc compiles vector code only.
 *
 * Shapes produced (docs/IR.md "What lower produces"):
 *   x = expr                  op with result %x (a leaf becomes `assign`)
 *   a, b = vf.op(...)         op with results %a, %b
 *   vf.op(p, k=v)             operands [p], attrs {k: v}
 *   for i in pl.range(...)    pl.range(start, stop, step) -> %i { body }   (defaults filled)
 *   if / while                if(%c) { } else { }, while(%c) cond { } do { }
 *   with pl.section_vector(): pl.section_vector() { body }
 *   kernel_vf(a, b)           call(a, b) callee=@kernel_vf
 *   grp.current()             tile_group.current(%grp)
 */
#include <stdlib.h>

#include "front/lower.h"

/* ---- annotations ---- */
/* The scalar kind a dtype annotation (`n: pl.DT_INT64`) gives: an int for the integer
 * dtypes, a float for the others (pvc's scalars are int64 and double, docs/SEMANTICS.md §6). */
static pvc_type_kind scalar_of_dtype(int dt)
{
    pvc_dtype_kind k = pvc_dtype_table[dt].kind;
    return k == PVC_KIND_S || k == PVC_KIND_U ? PVC_TY_INT : PVC_TY_FLOAT;
}

static int bad_annotation(lower_ctx *c, TSNode e, const char *why)
{
    pvc_error_at(c->d, at(e), PVC_E_ANNOTATION, "unsupported annotation%s%s (expected pl.Tensor[[dims], "
                 "pl.DT_*], int, float, bool or pl.DT_*)", why ? ": " : "", why ? why : "");
    return 0;
}

/* [d0, .., dk, ...]: the dims before the trailing `...`, then pl.STATIC up to the rank of the
 * call's argument, which `pvc py` binds as _pvc_rank_<kernel>_<param> for each compile (pypto_pro's
 * shape policy: the tail expands to STATIC dims, docs/LANGUAGE.md). NULL after an error. */
static pvc_pyval *ellipsis_dims(lower_ctx *c, TSNode list, const char *param)
{
    uint32_t n;
    TSNode *k = lw_kids(c, list, &n);
    size_t len;
    const char *t = n ? text(c, k[n - 1], &len) : NULL;
    if (!t || len != 3 || memcmp(t, "...", 3))
        return NULL;
    char key[160];
    snprintf(key, sizeof key, "_pvc_rank_%s_%s", c->f->name, param ? param : "");
    for (char *p = key; *p; p++)
        *p = *p == '.' ? '_' : *p; /* test_x.k: the kernel's name as one identifier */
    const pvc_pyval *rank = param ? scope_lookup(c->scope, key) : NULL;
    if (!rank || rank->kind != PV_INT) {
        pvc_error_at(c->d, at(list), PVC_E_ANNOTATION, "pl.Tensor[[.., ...], dtype] takes its rank from the "
                     "tensor a launch passes (pvc py); a compile without one needs the dims written out");
        return NULL;
    }
    if (rank->i < (int64_t)n - 1 || rank->i < 1 || rank->i > PVC_MAX_RANK) {
        pvc_error_at(c->d, at(list), PVC_E_ANNOTATION, "the tensor passed for '%s' has rank %lld: [.., ...] "
                     "here needs at least %u and pvc takes at most %d", param, (long long)rank->i, n - 1,
                     PVC_MAX_RANK);
        return NULL;
    }
    pvc_pyval *dims = pv_new(c, PV_LIST, at(list));
    dims->n = (int)rank->i;
    dims->items = pvc_arena_alloc(c->m->arena, (size_t)dims->n * sizeof *dims->items);
    for (int i = 0; i < dims->n; i++) {
        dims->items[i] = i < (int)n - 1 ? pv_eval(c, k[i], c->scope) : pv_new(c, PV_DIM, at(list));
        if (!dims->items[i])
            return NULL;
        if (i >= (int)n - 1)
            dims->items[i]->i = PVC_DIM_STATIC;
    }
    return dims;
}

/* The layout of pl.Tensor[[dims], dtype, layout] (docs/SEMANTICS.md §17.4.6): pl.ND, the
 * default, or pl.NZ, a FRACTAL_NZ GM tensor, which pypto_pro's lowering takes rank 2 with static
 * dims, rows a multiple of 16 and columns of the dtype's C0 (32 bytes of elements); each other
 * form is an error naming it. */
static int tensor_layout(lower_ctx *c, TSNode e, pvc_type *out)
{
    pvc_pyval *l = pv_eval(c, e, c->scope);
    size_t len;
    const char *t = text(c, e, &len);
    if (!l || l->kind != PV_ENUM || l->ns != PVC_NS_TensorLayout) {
        pvc_error_at(c->d, at(e), PVC_E_ANNOTATION, "the layout of pl.Tensor must be pl.ND or pl.NZ, not '%.*s' "
                     "(pvc takes no pl.MemRef or TensorView here)", (int)(len > 60 ? 60 : len), t);
        return 0;
    }
    if (l->i == PVC_TL_ND)
        return 1;
    if (l->i != PVC_TL_NZ) {
        pvc_error_at(c->d, at(e), PVC_E_UNSUPPORTED, "pl.Tensor[..., %.*s]: pvc models GM tensors in ND and in "
                     "FRACTAL_NZ (pl.NZ) only", (int)(len > 60 ? 60 : len), t);
        return 0;
    }
    uint32_t c0 = pvc_dtype_table[out->dtype].bits >= 8 ? pvc_nz_c0(out->dtype) : 0;
    int q = pvc_dtype_table[out->dtype].kind == PVC_KIND_Q; /* pypto_pro's GetNZInnerCols has no FP8 / FP4 */
    if (out->rank != 2 || out->dims[0] < 0 || out->dims[1] < 0 || !c0 || q || out->dims[0] % 16 ||
        out->dims[1] % c0) {
        pvc_error_at(c->d, at(e), PVC_E_ANNOTATION, "a pl.NZ tensor is rank 2 with constant dims, rows a multiple "
                     "of 16 and columns a multiple of its C0 (32 bytes of elements), of an integer, FP16, BF16 or "
                     "FP32 dtype, as pypto_pro lowers it to [1, cols/C0, rows/16, 16, C0]; this one is a rank-%d "
                     "%s tensor%s", out->rank, pvc_dtype_table[out->dtype].pyname,
                     out->rank == 2 && c0 && !q && out->dims[0] > 0 && out->dims[1] > 0
                         ? pvc_arena_printf(c->m->arena, " [%lld, %lld] (C0 %u)", (long long)out->dims[0],
                                            (long long)out->dims[1], c0) : "");
        return 0;
    }
    out->layout = PVC_TL_NZ;
    return 1;
}

/* pl.Tensor[[d0, ...], dtype]: rank 1-8, each dim a constant >= 1, pl.DYNAMIC or pl.STATIC
 * (module constants included), or a trailing `...` (ellipsis_dims); the dtype any expression
 * that evaluates to a pl.DT_*. */
static int tensor_annotation(lower_ctx *c, TSNode e, pvc_type *out, const char *param)
{
    uint32_t n;
    TSNode *k = lw_kids(c, e, &n);
    if (n != 3 && n != 4)
        return bad_annotation(c, e, "pl.Tensor takes [dims], a dtype and optionally pl.ND or pl.NZ");
    int before = c->d->nerrors;
    pvc_pyval *dims = is(c, k[1], PVC_N_LIST) ? ellipsis_dims(c, k[1], param) : NULL;
    if (c->d->nerrors != before)
        return 0;
    if (!dims)
        dims = pv_eval(c, k[1], c->scope);
    pvc_pyval *dt = pv_eval(c, k[2], c->scope);
    if (dims && dims->kind == PV_OPAQUE)
        return lower_pyval(c, dims, k[1], NULL, NULL) != NULL;
    if (dt && dt->kind == PV_OPAQUE)
        return lower_pyval(c, dt, k[2], NULL, NULL) != NULL;
    if (!dt || dt->kind != PV_DTYPE) {
        size_t len;
        const char *t = text(c, k[2], &len);
        pvc_error_at(c->d, at(k[2]), PVC_E_ANNOTATION, "the dtype of pl.Tensor must be a pl.DT_* "
                     "constant, not '%.*s'", (int)(len > 60 ? 60 : len), t);
        return 0;
    }
    if (dims && (dims->kind == PV_LIST || dims->kind == PV_TUPLE) && dims->n > PVC_MAX_RANK) {
        pvc_error_at(c->d, at(k[1]), PVC_E_ANNOTATION, "pl.Tensor of rank %d: pvc takes tensors of rank 1 "
                     "to %d", dims->n, PVC_MAX_RANK);
        return 0;
    }
    if (!dims || (dims->kind != PV_LIST && dims->kind != PV_TUPLE) || dims->n < 1 || dims->n > PVC_MAX_RANK) {
        pvc_error_at(c->d, at(k[1]), PVC_E_ANNOTATION, "the dims of pl.Tensor must be a list of 1 to %d "
                     "constants, pl.DYNAMIC or pl.STATIC", PVC_MAX_RANK);
        return 0;
    }
    out->kind = PVC_TY_TENSOR;
    out->dtype = (int)dt->i;
    out->rank = dims->n;
    for (int i = 0; i < dims->n; i++) {
        const pvc_pyval *d = dims->items[i];
        if (d->kind == PV_DIM || (d->kind == PV_INT && d->i >= 1 && d->i <= INT32_MAX)) {
            out->dims[i] = d->i;
            continue;
        }
        pvc_error_at(c->d, at(k[1]), PVC_E_ANNOTATION, "dim %d of pl.Tensor must be an integer >= 1, "
                     "pl.DYNAMIC or pl.STATIC, not %s", i, pv_kind_name(d));
        out->kind = PVC_TY_ANY;
        return 0;
    }
    return n == 3 || tensor_layout(c, k[3], out);
}

/* Why a pl.Tile annotation, bare or subscripted, is refused; NULL for any other name. */
static const char *tile_annotation_reason(const char *name)
{
    return name && !strcmp(name, "pl.Tile") ? "a kernel takes GM tensors and makes its tiles; pvc binds no "
                                              "pl.Tile parameter" : NULL;
}

static int lower_annotation(lower_ctx *c, TSNode ty, pvc_type *out, const char *param)
{
    TSNode e = is(c, ty, PVC_N_TYPE) ? lw_kid(c, ty, 0) : ty;
    if (is(c, e, PVC_N_SUBSCRIPT)) {
        const char *name = scope_canon(c, field(c, e, PVC_F_VALUE), c->scope);
        if (name && !strcmp(name, "pl.Tensor"))
            return tensor_annotation(c, e, out, param);
        return bad_annotation(c, e, tile_annotation_reason(name));
    }
    const char *canon = scope_canon(c, e, c->scope);
    if (tile_annotation_reason(canon))
        return bad_annotation(c, e, tile_annotation_reason(canon));
    if (canon && !strcmp(canon, "pl.DT_BOOL")) { /* pypto_pro's flag parameters; no tensor dtype */
        out->kind = PVC_TY_BOOL;
        return 1;
    }
    pvc_pyval *v = pv_eval(c, e, c->scope);
    if (v && v->kind == PV_DTYPE) {
        out->kind = scalar_of_dtype((int)v->i);
        out->dtype = (int)v->i; /* the annotation's width, which some ops' rules read (§17.6.3) */
        return 1;
    }
    if (v && v->kind == PV_BUILTIN && (v->i == PVB_INT || v->i == PVB_FLOAT || v->i == PVB_BOOL)) {
        out->kind = v->i == PVB_INT ? PVC_TY_INT : v->i == PVB_FLOAT ? PVC_TY_FLOAT : PVC_TY_BOOL;
        return 1;
    }
    if (v && v->kind == PV_OPAQUE)
        return lower_pyval(c, v, e, NULL, NULL) != NULL;
    return bad_annotation(c, e, NULL);
}

/* `x: pl.Ptr[dtype]`: a raw GM pointer that pl.make_tensor gives a shape (pypto_pro's
 * dynamic-rank kernels). */
static int is_ptr_annotation(lower_ctx *c, TSNode ty)
{
    const char *name;
    TSNode e = ts_node_is_null(ty) || !is(c, ty, PVC_N_TYPE) ? ty : lw_kid(c, ty, 0);
    return !ts_node_is_null(e) && is(c, e, PVC_N_SUBSCRIPT) &&
           (name = scope_canon(c, field(c, e, PVC_F_VALUE), c->scope)) && !strcmp(name, "pl.Ptr");
}

/* `x: pl.Ptr[dtype]` (docs/SEMANTICS.md §6): a rank-1 tensor of dtype over the bytes of any
 * tensor the launch passes, which pl.make_tensor shapes and pl.addptr offsets. */
static void lower_ptr_param(lower_ctx *c, TSNode ty, pvc_value *v)
{
    TSNode e = is(c, ty, PVC_N_TYPE) ? lw_kid(c, ty, 0) : ty;
    uint32_t n;
    TSNode *k = lw_kids(c, e, &n);
    pvc_pyval *dt = n == 2 ? pv_eval(c, k[1], c->scope) : NULL;
    if (!dt || dt->kind != PV_DTYPE) {
        pvc_error_at(c->d, at(e), PVC_E_ANNOTATION, "pl.Ptr takes one pl.DT_* dtype: pl.Ptr[pl.DT_FP16]");
        return;
    }
    v->type.kind = PVC_TY_TENSOR;
    v->type.dtype = (int)dt->i;
    v->type.rank = 1;
    v->type.dims[0] = PVC_DIM_DYNAMIC;
    v->type.ptr = 1;
}

/* The parameters of a function, each with its annotation's type. */
static void lower_params(lower_ctx *c, TSNode params)
{
    uint32_t cnt;
    TSNode *all = lw_kids(c, params, &cnt);
    for (uint32_t i = 0; i < cnt; i++) {
        TSNode p = all[i], id = p, ty = {0};
        if (is(c, p, PVC_N_TYPED_PARAMETER)) {
            id = lw_kid(c, p, 0);
            ty = field(c, p, PVC_F_TYPE);
        } else if (is(c, p, PVC_N_TYPED_DEFAULT_PARAMETER) || is(c, p, PVC_N_DEFAULT_PARAMETER)) {
            id = field(c, p, PVC_F_NAME); /* a launch passes every argument: Python applies the default */
            ty = field(c, p, PVC_F_TYPE);
        }
        if (!is(c, id, PVC_N_IDENTIFIER)) {
            pvc_error_at(c->d, at(p), PVC_E_FUNCTION,
                         "parameter form not supported in a DSL function (plain names only)");
            continue;
        }
        size_t len;
        const char *t = text(c, id, &len);
        const char *name = lw_dup(c, id);
        int reserved = len == 2 && (!memcmp(t, "pl", 2) || !memcmp(t, "vf", 2));
        if (reserved || pvc_var_find(c->f, name)) {
            pvc_error_at(c->d, at(id), PVC_E_FUNCTION, "parameter '%s' %s", name,
                         reserved ? "is a reserved namespace" : "repeated");
            continue;
        }
        pvc_value *v = pvc_var_named(c->m, c->f, name, at(id));
        v->is_param = 1;
        if (!ts_node_is_null(ty) && is_ptr_annotation(c, ty))
            lower_ptr_param(c, ty, v);
        else if (!ts_node_is_null(ty) && !lower_tiling_param(c, ty, v, i + 1 == cnt))
            lower_annotation(c, ty, &v->type, name);
        if (v->type.kind == PVC_TY_TENSOR && c->f->kind == PVC_FN_VECTOR) {
            pvc_error_at(c->d, at(ty), PVC_E_ANNOTATION, "a vector function takes tiles and scalars, not a "
                         "pl.Tensor");
            v->type.kind = PVC_TY_ANY;
        }
        pvc_value **np = pvc_arena_alloc(c->m->arena, (size_t)(c->f->nparams + 1) * sizeof *np);
        if (c->f->nparams)
            memcpy(np, c->f->params, (size_t)c->f->nparams * sizeof *np);
        np[c->f->nparams++] = v;
        c->f->params = np;
    }
}

static void lower_signature(lower_ctx *c, TSNode def)
{
    if (is(c, ts_node_child(def, 0), PVC_N_ASYNC))
        pvc_error_at(c->d, at(def), PVC_E_FUNCTION, "a DSL function cannot be async");
    TSNode rt = field(c, def, PVC_F_RETURN_TYPE);
    if (!ts_node_is_null(rt) && !lw_text_is(c, rt, "None"))
        pvc_error_at(c->d, at(rt), PVC_E_FUNCTION, "a DSL function returns nothing (-> None at most)");
    if (!ts_node_is_null(field(c, def, PVC_F_TYPE_PARAMETERS)))
        pvc_error_at(c->d, at(def), PVC_E_FUNCTION, "type parameters are not supported");
    lower_params(c, field(c, def, PVC_F_PARAMETERS));
}

/* Lowers the DSL functions fd holds from index `from` on: signatures first (so calls can
 * be checked against functions defined later), then bodies. */
static void lower_found(lower_ctx *c, const scope_found *fd, int from)
{
    pvc_diag *d = c->d;
    pvc_arena_reset(c->scratch); /* the arrays of the scope walk */
    pvc_arena_reset(c->kids);
    for (int i = from; i < fd->n; i++) {
        c->f = c->m->funcs[i];
        c->scope = fd->home[i];
        lower_signature(c, fd->defs[i]);
    }
    pvc_arena_reset(c->scratch);
    pvc_arena_reset(c->kids);
    for (int i = from; i < fd->n && d->nerrors <= d->max_errors; i++) {
        c->f = c->m->funcs[i];
        c->scope = fd->home[i];
        c->depth = 0;
        c->nloops = 0;
        c->ninlined = 0;
        c->poisoned = (pvc_strmap){0};
        lower_struct_begin(c);
        TSNode body = field(c, fd->defs[i], PVC_F_BODY);
        lower_tiling_entry(c, &c->f->body);
        lower_body(c, body, &c->f->body);
        pvc_arena_reset(c->scratch);
        pvc_arena_reset(c->kids);
    }
}

static void no_function(lower_ctx *c, int ndefs)
{
    if (!ndefs && !c->d->nerrors)
        pvc_error_at(c->d, (pvc_span){1, 1}, PVC_E_NO_KERNEL, "no @pl.jit kernel and no "
                     "@pl.vector_function in this file: nothing to compile");
}

pvc_module *pvc_lower(const pvc_cst *cst, pvc_diag *d)
{
    return pvc_lower_bound(cst, d, NULL);
}

pvc_module *pvc_lower_bound(const pvc_cst *cst, pvc_diag *d, const pvc_bindings *b)
{
    lower_ctx c = {.cst = cst, .d = d, .m = pvc_module_new(cst->src->name), .scratch = pvc_arena_new(),
                   .kids = pvc_arena_new()};
    scope_found fd = {0};
    c.module = scope_module(&c);
    scope_build(&c, c.module, ts_tree_root_node(cst->tree), &fd);
    if (b)
        bind_apply(&c, &fd, b);
    no_function(&c, fd.n);
    lower_found(&c, &fd, 0);
    pvc_arena_free(c.scratch);
    pvc_arena_free(c.kids);
    free(fd.defs);
    free(fd.home);
    return c.m;
}

/* The lowering of a file in parts (pipeline.c): each part a tree of whole top-level
 * statements, its bindings read into the module scope and its DSL functions lowered at
 * once. A function then sees the module as bound up to its part, and can call only the
 * functions of its part and the parts before; pvc_lower sees the whole file. They agree
 * when no part reported a diagnostic (a call to a later function is one), no later part
 * bound a name an earlier function may have read (scope.c bind), and no helper of an
 * earlier part was called (it is read from its part's tree, which is gone by then,
 * scope_helper_here): pvc_lower_end says so, and the caller otherwise lowers the file
 * whole. */
pvc_lowering *pvc_lower_begin(const char *name, pvc_diag *d)
{
    pvc_lowering *L = calloc(1, sizeof *L);
    if (!L)
        PVC_BUG("out of memory");
    L->c = (lower_ctx){.d = d, .m = pvc_module_new(name), .parts = &L->parts, .scratch = pvc_arena_new(),
                       .kids = pvc_arena_new()};
    L->c.module = scope_module(&L->c);
    return L;
}

void pvc_lower_part(pvc_lowering *L, const pvc_cst *cst)
{
    lower_ctx *c = &L->c;
    int from = L->fd.n;
    c->cst = cst;
    c->f = NULL;
    scope_build(c, c->module, ts_tree_root_node(cst->tree), &L->fd);
    lower_found(c, &L->fd, from);
    c->parts->lowered = L->fd.n;
    c->cst = NULL;
}

pvc_module *pvc_lower_finish(pvc_lowering *L, int *same)
{
    no_function(&L->c, L->fd.n);
    *same = !L->parts.stale;
    return L->c.m;
}

void pvc_lower_free(pvc_lowering *L)
{
    if (!L)
        return;
    pvc_arena_free(L->c.scratch);
    pvc_arena_free(L->c.kids);
    free(L->fd.defs);
    free(L->fd.home);
    free(L->defer);
    free(L);
}

pvc_module *pvc_lower_end(pvc_lowering *L, int *same)
{
    pvc_module *m = pvc_lower_finish(L, same);
    pvc_lower_free(L);
    return m;
}
