/* lower_simt.c - pypto_pro's SIMT functions (docs/SEMANTICS.md §16.9):
 *
 *   pl.simt.launch(f, threads=(X, Y, Z), args=(a, b))    for z in range(Z):
 *                                                           for y in range(Y):
 *                                                             for x in range(X):
 *                                                               f(a, b), inlined, with the
 *                                                               thread (x, y, z) of (X, Y, Z)
 *   pl.simt.thread_idx(), block_dim(), block_idx(),      compile-time tuples of .x .y .z:
 *   grid_dim()                                            the loop variables, the constants, the
 *                                                         vector core's index and count
 *   pl.simt.linear_thread_idx()                          x + y*X + z*X*Y
 *   pl.simt.warp_size()                                  32
 *
 * A @pl.simt.function is a helper (scope.c binds it so, with its max_threads): its body is
 * lowered at each call, the scalar language's rules unchanged. The device runs the threads of
 * a launch concurrently and gives them no barrier, so a program whose threads do not share
 * written elements means the same under any order; pvc runs them one after the other.
 */
#include "front/lower.h"

#define SIMT_WARP 32 /* the warp of pypto_pro's A5 target [I: its SIMT codegen's default] */

static pvc_value *cint(lower_ctx *c, int64_t v, pvc_span loc)
{
    pvc_value *k = pvc_const(c->m, PVC_V_INT, loc);
    k->i = v;
    k->type.kind = PVC_TY_INT;
    return k;
}

static pvc_value *int_op(lower_ctx *c, TSNode n, pvc_block *out, pvc_opcode code, pvc_value *a, pvc_value *b)
{
    pvc_op *op = pvc_op_new(c->m, code, at(n));
    if (a)
        pvc_op_add_operand(c->m, op, a);
    if (b)
        pvc_op_add_operand(c->m, op, b);
    return append_with_result(c, n, out, NULL, op, PVC_TY_INT);
}

/* The three components of one of the thread-context queries, or 0 when canon names none. */
static int context_of(lower_ctx *c, TSNode n, const char *canon, pvc_block *out, pvc_value **v)
{
    const lw_simt *s = c->simt;
    pvc_span loc = at(n);
    if (!strcmp(canon, "pl.simt.thread_idx")) {
        for (int i = 0; i < 3; i++)
            v[i] = s->tid[i];
    } else if (!strcmp(canon, "pl.simt.block_dim")) {
        for (int i = 0; i < 3; i++)
            v[i] = cint(c, s->dim[i], loc);
    } else if (!strcmp(canon, "pl.simt.block_idx") || !strcmp(canon, "pl.simt.grid_dim")) {
        /* a SIMT block is one vector core: its index among the launch's vector cores */
        int grid = !strcmp(canon, "pl.simt.grid_dim");
        pvc_value *b = int_op(c, n, out, grid ? PVC_OP_PL_GET_BLOCK_NUM : PVC_OP_PL_GET_BLOCK_IDX, NULL, NULL);
        pvc_value *k = int_op(c, n, out, PVC_OP_PL_GET_SUBBLOCK_NUM, NULL, NULL);
        v[0] = b && k ? int_op(c, n, out, PVC_OP_PY_MUL, b, k) : NULL;
        if (v[0] && !grid) {
            pvc_value *j = int_op(c, n, out, PVC_OP_PL_GET_SUBBLOCK_IDX, NULL, NULL);
            v[0] = j ? int_op(c, n, out, PVC_OP_PY_ADD, v[0], j) : NULL;
        }
        v[1] = cint(c, grid, loc);
        v[2] = cint(c, grid, loc);
    } else {
        return 0;
    }
    return 1;
}

static int is_query(const char *canon)
{
    return !strncmp(canon, "pl.simt.", 8) && strcmp(canon, "pl.simt.launch") && strcmp(canon, "pl.simt.function");
}

static int outside(lower_ctx *c, TSNode n, const char *canon)
{
    if (c->simt)
        return 0;
    pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED, "%s() is the thread's context: it is called in a "
                 "@pl.simt.function that pl.simt.launch runs", canon);
    return 1;
}

/* pl.simt.linear_thread_idx(), pl.simt.warp_size(), and a query whose tuple is bound to one
 * name (thread = pl.simt.thread_idx()). */
static pvc_value *query(lower_ctx *c, TSNode n, const char *canon, pvc_block *out, const TSNode *targets,
                        int ntargets)
{
    if (!strcmp(canon, "pl.simt.warp_size"))
        return cint(c, SIMT_WARP, at(n));
    if (outside(c, n, canon))
        return NULL;
    const lw_simt *s = c->simt;
    if (!strcmp(canon, "pl.simt.linear_thread_idx")) {
        pvc_value *y = int_op(c, n, out, PVC_OP_PY_MUL, s->tid[1], cint(c, s->dim[0], at(n)));
        pvc_value *z = int_op(c, n, out, PVC_OP_PY_MUL, s->tid[2], cint(c, s->dim[0] * s->dim[1], at(n)));
        pvc_value *xy = y ? int_op(c, n, out, PVC_OP_PY_ADD, s->tid[0], y) : NULL;
        return xy && z ? int_op(c, n, out, PVC_OP_PY_ADD, xy, z) : NULL;
    }
    pvc_value *v[3];
    if (!context_of(c, n, canon, out, v)) {
        pvc_error_at(c->d, at(n), PVC_E_UNKNOWN_NAME, "unknown name '%s'", canon);
        return NULL;
    }
    if (!v[0])
        return NULL;
    if (!targets || ntargets != 1) {
        pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED, "%s() is assigned to one name or read as %s().x", canon,
                     canon);
        return NULL;
    }
    pvc_value *var = target_var(c, targets[0]);
    static const char *const xyz[3] = {"x", "y", "z"};
    return var ? lower_tuple_of(c, at(n), var, 3, xyz, v, out) : NULL;
}

/* The thread shape of threads=: an int or a tuple of one to three ints, each >= 1. */
static int thread_shape(lower_ctx *c, TSNode kw, int64_t dim[3])
{
    pvc_pyval *v = pv_eval(c, field(c, kw, PVC_F_VALUE), c->scope);
    int n = v && v->kind == PV_INT ? 1 : v && (v->kind == PV_TUPLE || v->kind == PV_LIST) ? v->n : 0;
    dim[0] = dim[1] = dim[2] = 1;
    int ok = n >= 1 && n <= 3;
    for (int i = 0; ok && i < n; i++) {
        const pvc_pyval *e = v->kind == PV_INT ? v : v->items[i];
        ok = e->kind == PV_INT && e->i >= 1 && e->i <= 1 << 20;
        if (ok)
            dim[i] = e->i;
    }
    if (!ok)
        pvc_error_at(c->d, at(kw), PVC_E_NOT_CONST, "threads= of pl.simt.launch is a constant thread count or a "
                     "tuple of one to three, each at least 1");
    return ok;
}

/* pl.simt.launch(f, threads=..., args=(...)) in a vector section (§16.9). */
static int launch(lower_ctx *c, TSNode n, pvc_block *out)
{
    uint32_t cnt;
    TSNode *all = lw_kids(c, field(c, n, PVC_F_ARGUMENTS), &cnt);
    TSNode fn = lw_null(), threads = lw_null(), args = lw_null();
    for (uint32_t i = 0; i < cnt; i++) {
        if (!is(c, all[i], PVC_N_KEYWORD_ARGUMENT)) {
            if (!i)
                fn = all[i];
            continue;
        }
        TSNode key = field(c, all[i], PVC_F_NAME);
        if (lw_text_is(c, key, "threads"))
            threads = all[i];
        else if (lw_text_is(c, key, "args"))
            args = field(c, all[i], PVC_F_VALUE);
    }
    if (ts_node_is_null(fn) || ts_node_is_null(threads) || cnt != 1u + !ts_node_is_null(threads) + !ts_node_is_null(args)) {
        pvc_error_at(c->d, at(n), PVC_E_ARGCOUNT, "pl.simt.launch takes the function, threads= and args=");
        return 0;
    }
    pvc_pyval *h = is(c, fn, PVC_N_IDENTIFIER) ? scope_callee(c, fn, c->scope) : NULL;
    if (!h || h->kind != PV_HELPER || !h->ns) {
        pvc_error_at(c->d, at(fn), PVC_E_FUNCTION, "pl.simt.launch runs a @pl.simt.function");
        return 0;
    }
    int64_t dim[3];
    if (!thread_shape(c, threads, dim))
        return 0;
    int64_t total = dim[0] * dim[1] * dim[2];
    if (h->i <= 0 || total > h->i) {
        pvc_error_at(c->d, at(threads), PVC_E_FUNCTION, h->i <= 0 ? "'%s' is a SIMT callee (no max_threads=): "
                     "pl.simt.launch runs a @pl.simt.function(max_threads=N)" : "'%s' runs at most %lld threads, "
                     "not %lld", lw_dup(c, fn), (long long)h->i, (long long)total);
        return 0;
    }
    if (c->simt) {
        pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED, "pl.simt.launch inside a SIMT function");
        return 0;
    }
    /* the arguments, once, before the threads run */
    uint32_t na = 0;
    TSNode *an = NULL;
    if (!ts_node_is_null(args)) {
        if (!is(c, args, PVC_N_TUPLE) && !is(c, args, PVC_N_PARENTHESIZED_EXPRESSION)) {
            pvc_error_at(c->d, at(args), PVC_E_UNSUPPORTED, "args= of pl.simt.launch is a tuple (a, b, ...)");
            return 0;
        }
        an = lw_kids(c, args, &na);
    }
    pvc_value **av = pvc_arena_alloc(c->m->arena, ((size_t)na + 1) * sizeof *av);
    for (uint32_t i = 0; i < na; i++)
        if (!(av[i] = lower_expr(c, an[i], out, NULL)))
            return 0;
    lw_simt s = {{NULL, NULL, NULL}, {dim[0], dim[1], dim[2]}};
    pvc_block *body = out;
    for (int k = 2; k >= 0; k--) { /* z outermost, x innermost: x-major thread order */
        pvc_op *loop = pvc_op_new(c->m, PVC_OP_PL_RANGE, at(n));
        pvc_op_add_operand(c->m, loop, cint(c, 0, at(n)));
        pvc_op_add_operand(c->m, loop, cint(c, dim[k], at(n)));
        pvc_op_add_operand(c->m, loop, cint(c, 1, at(n)));
        s.tid[k] = pvc_var_temp(c->m, c->f, at(n));
        s.tid[k]->type.kind = PVC_TY_INT;
        pvc_op_add_result(c->m, loop, s.tid[k]);
        pvc_block_append(c->m, body, loop);
        body = loop->body;
    }
    c->simt = &s;
    pvc_value *vals[8];
    int nret, ok = lower_inline(c, h, n, av, (int)na, body, vals, 8, &nret);
    c->simt = NULL;
    return ok;
}

int lower_simt_call(lower_ctx *c, TSNode n, const char *canon, pvc_block *out, const TSNode *targets,
                    int ntargets, pvc_value **value)
{
    if (!strcmp(canon, "pl.simt.launch")) {
        int ok = launch(c, n, out);
        if (value)
            *value = NULL;
        return ok ? 1 : -1;
    }
    if (!is_query(canon))
        return 0;
    pvc_value *v = query(c, n, canon, out, targets, ntargets);
    int scalar = !strcmp(canon, "pl.simt.linear_thread_idx") || !strcmp(canon, "pl.simt.warp_size");
    if (v && scalar && targets && ntargets == 1) /* tid = pl.simt.linear_thread_idx() */
        v = assign_leaf(c, n, out, v, &targets[0]);
    if (value)
        *value = v;
    return v ? 1 : -1;
}

int lower_simt_attribute(lower_ctx *c, TSNode n, pvc_block *out, pvc_value **value)
{
    TSNode obj = field(c, n, PVC_F_OBJECT), fn;
    const char *canon;
    if (!is(c, obj, PVC_N_CALL) || !is(c, fn = field(c, obj, PVC_F_FUNCTION), PVC_N_ATTRIBUTE) ||
        !(canon = scope_canon(c, fn, c->scope)) || !is_query(canon))
        return 0;
    TSNode attr = field(c, n, PVC_F_ATTRIBUTE);
    int k = lw_text_is(c, attr, "x") ? 0 : lw_text_is(c, attr, "y") ? 1 : lw_text_is(c, attr, "z") ? 2 : -1;
    pvc_value *v[3];
    *value = NULL;
    if (outside(c, obj, canon))
        return 1;
    if (k < 0 || !context_of(c, obj, canon, out, v)) {
        pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED, "%s() has the fields x, y and z", canon);
        return 1;
    }
    *value = v[k];
    return 1;
}
