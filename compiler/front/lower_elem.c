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
