/* maskconst.c - the mask variables whose value the IR knows: those that hold the register
 * vf.create_mask(ALL) makes (docs/SEMANTICS.md §5.1) wherever they are read. The native
 * emitter passes the runtime's constant of those bits for them (pvc_rt_inline.h
 * pvc_mask_all), so the C compiler decides each op's "every element on" test once, at
 * compile time, instead of each op testing the register's 32 bytes as it runs.
 *
 * The rule is kept to what needs no data-flow analysis, and is the common case of real
 * kernels (a vector function's first statement makes its mask): a variable qualifies when
 * it is not a parameter, exactly one op writes it - a create_mask of pattern ALL at a
 * constant granularity, a statement of the function's own body rather than of a loop or
 * branch inside it - and every other op that names it reads it as a machine op's mask
 * operand, in a later statement of that body (so the write has run whenever a read does:
 * the body's statements run in order, and a structured body has no jump into a later
 * one). Any other appearance - assigned, written by another op, passed to a call,
 * returned - and the variable is left as it is. */
#include "ir/ir.h"

typedef struct {
    signed char *k; /* per variable: the granularity's log2, -1 unknown, -2 disqualified */
    int *def_at;    /* per variable: index of its create_mask in the body, or -1 */
    int nvars;
} mask_scan;

static pvc_value *mask_var(const mask_scan *s, pvc_value *v)
{
    return v && v->kind == PVC_V_VAR && v->type.kind == PVC_TY_MASK && v->id >= 0 && v->id < s->nvars
               ? v : NULL;
}

static void disqualify(mask_scan *s, const pvc_value *v) { s->k[v->id] = -2; }

/* log2 of the granularity of a create_mask(ALL) op, or -1 for any other op. */
static int all_mask_gran(const pvc_op *op)
{
    if (op->code != PVC_OP_M_MASK_CREATE)
        return -1;
    const pvc_attr *p = pvc_op_attr(op, "pattern"), *g = pvc_op_attr(op, "gran");
    if (!p || !p->val || p->val->kind != PVC_V_ENUM || p->val->i != PVC_PAT_ALL || !g || !g->val ||
        g->val->kind != PVC_V_INT)
        return -1;
    for (int k = 0; k < 4; k++)
        if (g->val->i == (int64_t)1 << k)
            return k;
    return -1;
}

static void scan_block(mask_scan *s, const pvc_block *b, int top);

/* One op; top is the index of the body statement it is (or is inside of), nested 1 when it
 * is inside one. */
static void scan_op(mask_scan *s, const pvc_op *op, int top, int nested)
{
    const pvc_mop *m = pvc_mop_of(op->code);
    for (int i = 0; i < op->nresults; i++) {
        pvc_value *v = mask_var(s, op->results[i]);
        if (!v)
            continue;
        int k = nested ? -1 : all_mask_gran(op);
        if (k < 0 || s->def_at[v->id] >= 0) {
            disqualify(s, v);
        } else if (s->k[v->id] == -1) {
            s->k[v->id] = (signed char)k;
            s->def_at[v->id] = top;
        }
    }
    for (int i = 0; i < op->noperands; i++) {
        pvc_value *v = mask_var(s, op->operands[i]);
        if (!v)
            continue;
        int read = m && i < m->nopnd && (m->opnd[i].kind == PVC_OK_MASK || m->opnd[i].kind == PVC_OK_PRED);
        if (!read || s->def_at[v->id] < 0 || s->def_at[v->id] >= top)
            disqualify(s, v);
    }
    for (int i = 0; i < op->nattrs; i++) {
        pvc_value *v = mask_var(s, op->attrs[i].val);
        if (v)
            disqualify(s, v);
    }
    pvc_block *kids[3];
    int n = pvc_op_blocks(op, kids);
    for (int j = 0; j < n; j++)
        scan_block(s, kids[j], top);
}

static void scan_block(mask_scan *s, const pvc_block *b, int top)
{
    for (int i = 0; i < b->nops; i++)
        scan_op(s, b->ops[i], top, 1);
}

void pvc_mask_consts(const pvc_func *f, signed char *k, int *scratch)
{
    mask_scan s = {k, scratch, f->nvars};
    for (int v = 0; v < f->nvars; v++) {
        k[v] = -1;
        scratch[v] = -1;
    }
    for (int p = 0; p < f->nparams; p++) {
        pvc_value *v = mask_var(&s, f->params[p]);
        if (v)
            disqualify(&s, v);
    }
    for (int i = 0; i < f->body.nops; i++)
        scan_op(&s, f->body.ops[i], i, 0);
    for (int v = 0; v < f->nvars; v++)
        if (k[v] < 0)
            k[v] = -1;
}
