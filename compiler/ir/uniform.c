/* uniform.c - the register variables the IR shows are uniform: at every point of the function
 * their four 64-byte pieces hold the same bytes (a broadcast value, as vf.full and
 * vf.full(reg) make, and what lane-wise ops make of such registers). The native emitter tells
 * the C compiler so before an op reads one (pvc_rt_fast.h pvc_uniform_hint), so an op of
 * pvc_rt_fast.h computes one piece where it would compute four or test at run time whether
 * it may (sqrt and div do), as the rows' per-row scalar chain of a norm does
 * (docs/ARCHITECTURE.md "A vector op").
 *
 * The proof is an invariant: a variable qualifies when its first value (pvc clears every
 * register, docs/SEMANTICS.md §1.1) is uniform, which holds for every variable but a
 * parameter, and every op that writes it makes a uniform register of uniform operands. So
 * start from every register variable and drop, until nothing changes, each one some writer
 * does not keep uniform: a machine row with LANEWISE whose register operands (and, with
 * READS_DST, result) qualify, or with BROADCAST, under a mask that leaves every element of
 * the op's dtype on (no mask operand, or one maskconst.c knows is create_mask(ALL) at that
 * width or finer); an assignment of a qualifying variable. Any other writer, and any use
 * the emitter may pass on by address (a call, a return), drops it. */
#include "ir/ir.h"

typedef struct {
    unsigned char *uni;
    const signed char *maskk;
    const pvc_func *f;
    int changed;
} uniform_scan;

static int is_reg_var(const uniform_scan *s, const pvc_value *v)
{
    return v && v->kind == PVC_V_VAR && v->type.kind == PVC_TY_REG && v->id >= 0 && v->id < s->f->nvars;
}

static void drop(uniform_scan *s, const pvc_value *v)
{
    if (is_reg_var(s, v) && s->uni[v->id]) {
        s->uni[v->id] = 0;
        s->changed = 1;
    }
}

/* 1 when mask operand v leaves every element of dtype dt on. */
static int mask_all_on(const uniform_scan *s, const pvc_value *v, int dt)
{
    if (!v || v->kind != PVC_V_VAR || v->id < 0 || v->id >= s->f->nvars || dt < 0 || dt >= PVC_DT_COUNT)
        return 0;
    int k = s->maskk[v->id];
    return k >= 0 && (1u << k) <= pvc_dtype_lane_bytes((pvc_dtype)dt);
}

/* 1 when machine op op (row m) makes a uniform register of what it reads. */
static int keeps_uniform(const uniform_scan *s, const pvc_op *op, const pvc_mop *m)
{
    if (!(m->flags & (PVC_MF_LANEWISE | PVC_MF_BROADCAST)))
        return 0;
    const pvc_attr *a = pvc_op_attr(op, "dtype");
    int dt = a && a->val && a->val->kind == PVC_V_DTYPE ? (int)a->val->i : -1;
    if (dt < 0)
        return 0;
    for (int i = 0; i < m->nopnd; i++) {
        const pvc_value *v = op->operands[i];
        if (m->opnd[i].kind == PVC_OK_PRED || m->opnd[i].kind == PVC_OK_MASK) {
            if (!mask_all_on(s, v, dt))
                return 0;
        } else if (m->opnd[i].kind == PVC_OK_VREG && (m->flags & PVC_MF_LANEWISE)) {
            if (!is_reg_var(s, v) || !s->uni[v->id])
                return 0;
        }
    }
    if (m->flags & PVC_MF_READS_DST)
        for (int i = 0; i < op->nresults; i++)
            if (!is_reg_var(s, op->results[i]) || !s->uni[op->results[i]->id])
                return 0;
    return 1;
}

static void scan_block(uniform_scan *s, const pvc_block *b);

static void scan_op(uniform_scan *s, const pvc_op *op)
{
    const pvc_mop *m = pvc_mop_of(op->code);
    if (m) {
        if (!keeps_uniform(s, op, m))
            for (int i = 0; i < op->nresults; i++)
                drop(s, op->results[i]);
        for (int i = 0; i < op->noperands && i < m->nopnd; i++) /* written in place */
            if (m->opnd[i].kind != PVC_OK_VREG && m->opnd[i].kind != PVC_OK_MASK &&
                m->opnd[i].kind != PVC_OK_PRED)
                drop(s, op->operands[i]);
    } else if (op->code == PVC_OP_ASSIGN && op->nresults == 1 && op->noperands == 1) {
        const pvc_value *v = op->operands[0];
        if (!is_reg_var(s, v) || !s->uni[v->id])
            drop(s, op->results[0]);
    } else {
        for (int i = 0; i < op->nresults; i++)
            drop(s, op->results[i]);
        for (int i = 0; i < op->noperands; i++)
            drop(s, op->operands[i]);
    }
    for (int i = 0; i < op->nattrs; i++)
        drop(s, op->attrs[i].val);
    pvc_block *kids[3];
    int n = pvc_op_blocks(op, kids);
    for (int j = 0; j < n; j++)
        scan_block(s, kids[j]);
}

static void scan_block(uniform_scan *s, const pvc_block *b)
{
    for (int i = 0; i < b->nops; i++)
        scan_op(s, b->ops[i]);
}

void pvc_uniform_regs(const pvc_func *f, const signed char *maskk, unsigned char *uni)
{
    uniform_scan s = {uni, maskk, f, 1};
    for (int v = 0; v < f->nvars; v++)
        uni[v] = is_reg_var(&s, f->vars[v]) && !f->vars[v]->is_param;
    for (int p = 0; p < f->nparams; p++)
        drop(&s, f->params[p]);
    while (s.changed) {
        s.changed = 0;
        scan_block(&s, &f->body);
    }
}
