/* lower_elem.c - element access to a GM tensor in a kernel (docs/SEMANTICS.md §6.1):
 * t[i, j] and t[i, j] = v become pl.getval / pl.setval at the row-major linear offset of the
 * indices, as pypto_pro's parser linearises them. The types pass checks the container and
 * the offset; the dispatch pass picks the runtime call (gm.getval / gm.setval). */
#include "front/lower.h"

/* The GM tensor an identifier names (a kernel parameter, or a helper's parameter bound to
 * one), else NULL; reports nothing, so the subscript falls back to its other meanings. */
pvc_value *lower_tensor_named(lower_ctx *c, TSNode n)
{
    if (!is(c, n, PVC_N_IDENTIFIER) || c->f->kind != PVC_FN_JIT)
        return NULL;
    const char *name = lw_dup(c, n);
    pvc_value *v = lower_find_var(c, name);
    if (!v && c->frame)
        v = pvc_strmap_get(&c->frame->params, name);
    return v && v->type.kind == PVC_TY_TENSOR ? v : NULL;
}

/* a OP b into a temporary (the offset arithmetic on the indices). */
static pvc_value *int_op(lower_ctx *c, TSNode n, pvc_opcode code, pvc_value *a, pvc_value *b, pvc_block *out)
{
    pvc_op *op = pvc_op_new(c->m, code, at(n));
    pvc_op_add_operand(c->m, op, a);
    pvc_op_add_operand(c->m, op, b);
    return append_with_result(c, n, out, NULL, op, PVC_TY_ANY); /* a float index: the types pass says so */
}

/* Dim k of t: the constant of its annotation, else t.shape[k] read when the kernel runs
 * (pl.DYNAMIC / pl.STATIC, §6). */
static pvc_value *dim_of(lower_ctx *c, TSNode n, pvc_value *t, int k, pvc_block *out)
{
    pvc_value *axis = pvc_const(c->m, PVC_V_INT, at(n));
    if (t->type.dims[k] >= 1) {
        axis->i = t->type.dims[k];
        return axis;
    }
    axis->i = k;
    pvc_op *op = pvc_op_new(c->m, PVC_OP_TENSOR_DIM, at(n));
    pvc_op_add_operand(c->m, op, t);
    pvc_op_add_operand(c->m, op, axis);
    return append_with_result(c, n, out, NULL, op, PVC_TY_INT);
}

/* The linear offset of idx[0..n) in t: ((i0 * d1 + i1) * d2 + i2) ..., every index lowered
 * first, left to right as Python evaluates them. NULL after an error. */
static pvc_value *linear_offset(lower_ctx *c, TSNode n, pvc_value *t, const TSNode *idx, int nidx, pvc_block *out)
{
    pvc_value *iv[PVC_MAX_RANK] = {NULL};
    for (int k = 0; k < nidx; k++) {
        if (is(c, idx[k], PVC_N_SLICE)) {
            pvc_error_at(c->d, at(idx[k]), PVC_E_NOT_SUPPORTED, "a GM tensor takes one int index per axis, "
                         "not a slice: pl.load a window of it into a tile");
            return NULL;
        }
        if (!(iv[k] = lower_expr(c, idx[k], out, NULL)))
            return NULL;
    }
    pvc_value *off = iv[0];
    for (int k = 1; k < nidx; k++)
        off = int_op(c, n, PVC_OP_PY_ADD, int_op(c, n, PVC_OP_PY_MUL, off, dim_of(c, n, t, k, out), out), iv[k], out);
    return off;
}

pvc_value *lower_tensor_elem(lower_ctx *c, TSNode n, pvc_value *t, const TSNode *idx, int nidx, pvc_value *value,
                             pvc_block *out, const TSNode *dest)
{
    if (nidx != t->type.rank) {
        pvc_error_at(c->d, at(n), PVC_E_TYPE, "'%s' has rank %d: an element of it takes %d int %s, not %d",
                     t->name ? t->name : "tensor", t->type.rank, t->type.rank,
                     t->type.rank == 1 ? "index" : "indices", nidx);
        return NULL;
    }
    pvc_value *off = linear_offset(c, n, t, idx, nidx, out);
    if (!off)
        return NULL;
    pvc_value *args[] = {t, off};
    return lower_elem_op(c, n, value ? PVC_OP_PL_SETVAL : PVC_OP_PL_GETVAL, args, 2, value, out, dest);
}

/* The stride variables of tensor parameter t (docs/SEMANTICS.md §6): "<t>.row_stride" and
 * "<t>.col_stride", PVC_STRIDE_DEFAULT (the row-major strides) until a pl.set_stride writes
 * them: set so at the kernel's entry when the first pl.set_stride of t makes them. */
static pvc_value *stride_var(lower_ctx *c, const pvc_value *t, int k, pvc_span at)
{
    const char *name = pvc_arena_printf(c->m->arena, "%s.%s", t->name, k ? "col_stride" : "row_stride");
    pvc_value *v = pvc_var_find(c->f, name);
    if (v)
        return v;
    v = pvc_var_named(c->m, c->f, name, at);
    v->type.kind = PVC_TY_INT;
    pvc_op *init = pvc_op_new(c->m, PVC_OP_ASSIGN, at);
    pvc_value *dflt = pvc_const(c->m, PVC_V_INT, at);
    dflt->i = PVC_STRIDE_DEFAULT;
    pvc_op_add_operand(c->m, init, dflt);
    pvc_op_add_result(c->m, init, v);
    pvc_block all = {0};
    pvc_block_append(c->m, &all, init);
    for (int i = 0; i < c->f->body.nops; i++)
        pvc_block_append(c->m, &all, c->f->body.ops[i]);
    c->f->body = all;
    return v;
}

int lower_set_stride(lower_ctx *c, TSNode n, pvc_block *out)
{
    uint32_t cnt, nl = 0;
    TSNode *a = lw_kids(c, field(c, n, PVC_F_ARGUMENTS), &cnt);
    pvc_value *t = cnt == 2 ? lower_tensor_named(c, a[0]) : NULL;
    TSNode *l = cnt == 2 && is(c, a[1], PVC_N_LIST) ? lw_kids(c, a[1], &nl) : NULL;
    if (!t || !t->is_param || t->type.rank < 2 || nl != 2) {
        pvc_error_at(c->d, at(n), PVC_E_TYPE, "pl.set_stride(tensor, [row_stride, col_stride]) takes a tensor "
                     "parameter of rank 2 or more and a list of two integers");
        return 0;
    }
    pvc_value *s[2];
    for (int k = 0; k < 2; k++)
        if (!(s[k] = lower_expr(c, l[k], out, NULL)))
            return 0;
    for (int k = 0; k < 2; k++) {
        pvc_op *op = pvc_op_new(c->m, PVC_OP_ASSIGN, at(n));
        pvc_op_add_operand(c->m, op, s[k]);
        pvc_op_add_result(c->m, op, stride_var(c, t, k, at(n)));
        pvc_block_append(c->m, out, op);
    }
    return 1;
}

/* ---- pl.make_tensor, pl.addptr, pl.make_ptr (docs/SEMANTICS.md §6) ---- */
#define VIEW_RANK 4 /* gm.view's dims and strides */

static pvc_value *int_const(lower_ctx *c, int64_t i, pvc_span loc)
{
    pvc_value *v = pvc_const(c->m, PVC_V_INT, loc);
    v->i = i;
    return v;
}

int lower_ptr_call(lower_ctx *c, TSNode n, const char *name, pvc_block *out, const TSNode *targets, int ntargets,
                   pvc_value **value)
{
    int mk = !strcmp(name, "pl.make_tensor"), add = !strcmp(name, "pl.addptr"), cast = !strcmp(name, "pl.make_ptr");
    if (!mk && !add && !cast)
        return 0;
    if (value)
        *value = NULL;
    uint32_t cnt;
    TSNode *all = lw_kids(c, field(c, n, PVC_F_ARGUMENTS), &cnt);
    TSNode pos[3], kw_dtype, kw_stride, kw_shape;
    memset(pos, 0, sizeof pos);
    memset(&kw_dtype, 0, sizeof kw_dtype);
    kw_stride = kw_shape = kw_dtype;
    uint32_t npos = 0;
    for (uint32_t i = 0; i < cnt; i++) {
        if (is(c, all[i], PVC_N_KEYWORD_ARGUMENT)) {
            const char *k = lw_dup(c, field(c, all[i], PVC_F_NAME));
            TSNode v = field(c, all[i], PVC_F_VALUE);
            if (!strcmp(k, "dtype") && !add)
                kw_dtype = v;
            else if (!strcmp(k, "stride") && mk)
                kw_stride = v;
            else if (!strcmp(k, "shape") && mk)
                kw_shape = v;
            else {
                pvc_error_at(c->d, at(all[i]), PVC_E_KEYWORD, "%s takes no keyword '%s'", name, k);
                return -1;
            }
        } else if (npos < 3)
            pos[npos++] = all[i];
        else
            npos = 4;
    }
    if (mk && npos == 1 && !ts_node_is_null(kw_shape))
        pos[npos++] = kw_shape;
    if (mk && npos == 2 && !ts_node_is_null(kw_stride))
        pos[npos++] = kw_stride;
    if (cast && npos == 2 && ts_node_is_null(kw_dtype))
        kw_dtype = pos[--npos];
    int want_lo = mk ? 2 : add ? 2 : 1, want_hi = mk ? 3 : add ? 2 : 1;
    if ((int)npos < want_lo || (int)npos > want_hi) {
        pvc_error_at(c->d, at(n), PVC_E_TYPE, "%s", mk ? "pl.make_tensor(ptr, shape, stride=None, dtype=None) takes a "
                     "pointer or tensor, a list of dims and optionally a list of strides"
                     : add ? "pl.addptr(ptr, offset) takes a pointer and an integer element offset"
                           : "pl.make_ptr(ptr, dtype=None) takes a pointer or tensor and a dtype");
        return -1;
    }
    pvc_value *base = lower_tensor_named(c, pos[0]);
    if (!base) {
        pvc_error_at(c->d, at(pos[0]), PVC_E_TYPE, "the first argument of %s must name a pl.Ptr parameter, a "
                     "tensor or a view made by pl.make_tensor / pl.addptr / pl.make_ptr", name);
        return -1;
    }
    if (add && !base->type.ptr) {
        pvc_error_at(c->d, at(pos[0]), PVC_E_TYPE, "pl.addptr offsets a pointer (a pl.Ptr parameter, pl.addptr, "
                     "pl.make_ptr), not the tensor '%s'", base->name ? base->name : "?");
        return -1;
    }
    int dtype = base->type.dtype;
    pvc_value *dt = pvc_const(c->m, PVC_V_DTYPE, at(n));
    dt->i = dtype;
    if (!ts_node_is_null(kw_dtype)) { /* a pl.DT_* constant, or a name the resolve pass folds to one */
        pvc_pyval *v = pv_eval(c, kw_dtype, c->scope);
        if (v && v->kind == PV_DTYPE)
            dt->i = dtype = (int)v->i;
        else if (!(dt = lower_expr(c, kw_dtype, out, NULL)))
            return -1;
        else
            dtype = dt->kind == PVC_V_DTYPE ? (int)dt->i : PVC_UNKNOWN;
    }
    if (add && dtype >= 0 && pvc_dtype_table[dtype].bits < 8) {
        pvc_error_at(c->d, at(n), PVC_E_TYPE, "pl.addptr on a pointer of sub-byte dtype %s: an element offset "
                     "cannot address half a byte (pl.make_ptr it to pl.DT_UINT8 first)", pvc_dtype_table[dtype].name);
        return -1;
    }
    pvc_span loc = at(n);
    pvc_value *shape = int_const(c, -1, loc), *stride = pvc_const(c->m, PVC_V_NONE, loc), *off = int_const(c, 0, loc);
    if (mk && !(shape = lower_expr(c, pos[1], out, NULL)))
        return -1;
    if (mk && npos == 3 && !(stride = lower_expr(c, pos[2], out, NULL)))
        return -1;
    if (add && !(off = lower_expr(c, pos[1], out, NULL)))
        return -1;
    pvc_op *op = pvc_op_new(c->m, PVC_OP_PL_MAKE_TENSOR, loc);
    pvc_op_add_operand(c->m, op, base);
    pvc_op_add_operand(c->m, op, off);
    pvc_op_add_operand(c->m, op, dt);
    pvc_op_add_operand(c->m, op, shape);
    pvc_op_add_operand(c->m, op, stride);
    pvc_value *r = append_with_result(c, n, out, targets && ntargets == 1 ? &targets[0] : NULL, op, PVC_TY_TENSOR);
    if (!r)
        return -1;
    /* the rank and dims of a literal shape now, for subscripts (t[i, j]); the types pass
     * computes them again from the list the shape names */
    uint32_t nd = 0;
    TSNode *l = !mk ? NULL : is(c, pos[1], PVC_N_LIST) || is(c, pos[1], PVC_N_TUPLE) ? lw_kids(c, pos[1], &nd) : NULL;
    r->type.kind = PVC_TY_TENSOR;
    r->type.dtype = dtype;
    r->type.rank = mk ? (int)nd : 1;
    for (int k = 0; k < PVC_MAX_RANK; k++) {
        pvc_pyval *d = l && k < (int)nd ? pv_eval(c, l[k], c->scope) : NULL;
        r->type.dims[k] = d && d->kind == PV_INT && d->i >= 0 ? d->i : PVC_DIM_DYNAMIC;
    }
    r->type.view = 1;
    r->type.ptr = !mk;
    if (value)
        *value = r;
    return 1;
}
