/* lanes.c - lane liveness: the register variables of which nothing but lane 0 is ever
 * observed, as a running sum or maximum that vf.full(reg) broadcasts at the end (a
 * reduction's result added into a register, docs/SEMANTICS.md §10.10). The native emitter
 * clears their other lanes before a lane-wise op reads them (pvc_rt_fast.h pvc_lane0_hint),
 * so the C compiler sees constant pieces there and computes lane 0's piece alone; and a
 * reduce_max whose index lane is never read does not compute the index.
 *
 * A lane of a variable is observed by any read that is not one of: a lane-wise op (ops.h
 * LANEWISE: element i of its result depends on element i of its operands only), whose
 * result's lanes then carry the question on; an assignment, likewise; vf.full(reg, pos=
 * LOWEST), which reads lane 0 alone. Liveness grows from nothing to a fixpoint: a lane
 * beyond 0 of a variable is live when some read above passes it to a variable whose lanes
 * beyond 0 are live, or any other read takes it. Parameters are live (the caller's
 * register). What a clear of dead lanes may not change, the emitter keeps: it clears them
 * only before ops that cannot fault (an integer lane cleared to zero could divide). */
#include <string.h>

#include "ir/ir.h"

typedef struct {
    unsigned char *live; /* per variable: a lane beyond 0 is observed */
    const pvc_func *f;
    int changed;
} lane_scan;

static int is_reg_var(const lane_scan *s, const pvc_value *v)
{
    return v && v->kind == PVC_V_VAR && v->type.kind == PVC_TY_REG && v->id >= 0 && v->id < s->f->nvars;
}

static void mark(lane_scan *s, const pvc_value *v)
{
    if (is_reg_var(s, v) && !s->live[v->id]) {
        s->live[v->id] = 1;
        s->changed = 1;
    }
}

/* 1 when some result of op has a live lane beyond 0. */
static int results_live(const lane_scan *s, const pvc_op *op)
{
    for (int i = 0; i < op->nresults; i++)
        if (!is_reg_var(s, op->results[i]) || s->live[op->results[i]->id])
            return 1;
    return 0;
}

/* "Lane 0" is the register's first four bytes: an op of a wider dtype reads more of it. */
static int narrow(const pvc_op *op)
{
    const pvc_attr *a = pvc_op_attr(op, "dtype");
    return a && a->val && a->val->kind == PVC_V_DTYPE && a->val->i >= 0 && a->val->i < PVC_DT_COUNT &&
           pvc_dtype_lane_bytes((pvc_dtype)a->val->i) <= 4;
}

static int reads_lane0_only(const pvc_op *op, const pvc_mop *m, int i)
{
    if (op->code != PVC_OP_M_FULL_REG || strcmp(m->opnd[i].name, "value") != 0 || !narrow(op))
        return 0;
    const pvc_attr *a = pvc_op_attr(op, "pos");
    return a && a->val && a->val->kind == PVC_V_ENUM && a->val->i == PVC_POS_LOWEST;
}

static void scan_block(lane_scan *s, const pvc_block *b);

static void scan_op(lane_scan *s, const pvc_op *op)
{
    const pvc_mop *m = pvc_mop_of(op->code);
    for (int i = 0; i < op->noperands; i++) {
        const pvc_value *v = op->operands[i];
        if (!is_reg_var(s, v))
            continue;
        if (m && i < m->nopnd && m->opnd[i].kind == PVC_OK_VREG && (m->flags & PVC_MF_LANEWISE) &&
            narrow(op)) {
            if (results_live(s, op))
                mark(s, v);
        } else if (m && i < m->nopnd && reads_lane0_only(op, m, i)) {
            /* lane 0 alone */
        } else if (!m && op->code == PVC_OP_ASSIGN) {
            if (results_live(s, op))
                mark(s, v);
        } else {
            mark(s, v);
        }
    }
    for (int i = 0; i < op->nattrs; i++)
        mark(s, op->attrs[i].val);
    pvc_block *kids[3];
    int n = pvc_op_blocks(op, kids);
    for (int j = 0; j < n; j++)
        scan_block(s, kids[j]);
}

static void scan_block(lane_scan *s, const pvc_block *b)
{
    for (int i = 0; i < b->nops; i++)
        scan_op(s, b->ops[i]);
}

void pvc_lane0_regs(const pvc_func *f, unsigned char *only0)
{
    lane_scan s = {only0, f, 1};
    for (int v = 0; v < f->nvars; v++)
        only0[v] = 0;
    for (int p = 0; p < f->nparams; p++)
        mark(&s, f->params[p]);
    while (s.changed) {
        s.changed = 0;
        scan_block(&s, &f->body);
    }
    for (int v = 0; v < f->nvars; v++) /* live -> only0 */
        only0[v] = is_reg_var(&s, f->vars[v]) && !only0[v];
}
