/* verify.c - structural invariants of the IR, checked after every pass.
 * A failure is a bug in pvc (the pipeline turns it into an internal error), never a
 * user diagnostic; so this file states what every pass may rely on. */
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"

typedef struct {
    const pvc_module *m;
    const pvc_func *f;
    const char *pass;
    FILE *err;
    int problems;
    unsigned char *defined; /* per variable id: assigned earlier in walk order */
    int machine_level;      /* after dispatch: vector functions hold machine ops only */
    pvc_strmap seen;        /* names of the functions checked so far (duplicates) */
    int loops;              /* enclosing pl.range / while ops */
    size_t ndefined;        /* capacity of defined, reused by every function */
    int detached;           /* pvc_verify_func: f need not be in the module's list */
} verifier;

static void problem(verifier *v, pvc_span loc, const char *what, const char *detail)
{
    v->problems++;
    if (v->err)
        fprintf(v->err, "pvc: IR invalid after %s: %s:%d:%d: in %s: %s%s\n", v->pass, v->m->file,
                loc.line, loc.col, v->f ? v->f->name : "?", what, detail ? detail : "");
}

static int owns(const verifier *v, const pvc_value *x)
{
    return x && x->kind == PVC_V_VAR && x->id >= 0 && x->id < v->f->nvars && v->f->vars[x->id] == x;
}

static void check_value(verifier *v, const pvc_op *op, const pvc_value *x)
{
    if (!x) {
        problem(v, op->loc, "null operand of ", pvc_ops[op->code].name);
        return;
    }
    switch (x->kind) {
    case PVC_V_VAR:
        if (!owns(v, x))
            problem(v, op->loc, "operand is a variable of another function in ", pvc_ops[op->code].name);
        else if (!v->defined[x->id])
            problem(v, op->loc, "variable used before any definition: ", x->name ? x->name : "(temp)");
        break;
    case PVC_V_ENUM:
        if (x->ns < 0 || x->ns >= PVC_NS_COUNT || !x->name)
            problem(v, op->loc, "bad enum constant", NULL);
        break;
    case PVC_V_DTYPE:
        if (x->i < 0 || x->i >= PVC_DT_COUNT)
            problem(v, op->loc, "bad dtype constant", NULL);
        break;
    case PVC_V_FUNC:
        if (!x->name || !pvc_func_find(v->m, x->name))
            problem(v, op->loc, "call of an unknown function", NULL);
        break;
    default:
        break;
    }
}

static void check_block(verifier *v, const pvc_block *b);

static int is_int_value(const pvc_value *x)
{
    return x->kind == PVC_V_INT || x->kind == PVC_V_BOOL ||
           (x->kind == PVC_V_VAR && (x->type.kind == PVC_TY_INT || x->type.kind == PVC_TY_BOOL));
}

/* The IR type a machine operand or result of kind k must have (ops.h PVC_MOPS): registers
 * variables of their register type, tiles and tensors variables, in-place scalars int
 * variables, every other scalar an int value; NUM any number. */
static int kind_fits(pvc_opnd_kind k, const pvc_value *x)
{
    int var = x->kind == PVC_V_VAR;
    switch (k) {
    case PVC_OK_VREG: return var && x->type.kind == PVC_TY_REG;
    case PVC_OK_MASK: case PVC_OK_PRED: return var && x->type.kind == PVC_TY_MASK;
    case PVC_OK_ULD: return var && x->type.kind == PVC_TY_UREG_LOAD;
    case PVC_OK_UST: return var && x->type.kind == PVC_TY_UREG_STORE;
    case PVC_OK_TILE: case PVC_OK_TILE_ND: return var && x->type.kind == PVC_TY_TILE;
    case PVC_OK_TENSOR: return var && x->type.kind == PVC_TY_TENSOR;
    case PVC_OK_NUM: return is_int_value(x) || x->kind == PVC_V_FLOAT || (var && x->type.kind == PVC_TY_FLOAT);
    case PVC_OK_CURSOR: case PVC_OK_SLOT: return var && is_int_value(x);
    case PVC_OK_ADDR: /* a run-time tile (a rotated group's slot) holds an address too */
        return is_int_value(x) || (var && x->type.kind == PVC_TY_TILE && x->type.dyn);
    default: return is_int_value(x);
    }
}

/* Machine ops: the operands, attributes and results their row names, of its kinds. */
static void check_machine(verifier *v, const pvc_op *op)
{
    const pvc_mop *m = pvc_mop_of(op->code);
    if (op->noperands != m->nopnd || op->nresults != m->nres) {
        problem(v, op->loc, "wrong operand or result count for machine op ", m->name);
        return;
    }
    for (int i = 0; i < m->nopnd; i++)
        if (op->operands[i] && !kind_fits(m->opnd[i].kind, op->operands[i]))
            problem(v, op->loc, "machine operand of the wrong kind in ", m->name);
    for (int i = 0; i < m->nattr; i++) {
        if (m->attr[i].kind == PVC_AK_CHECK)
            continue;
        const pvc_attr *a = pvc_op_attr(op, m->attr[i].name);
        if (!a || a->val->kind == PVC_V_VAR)
            problem(v, op->loc, "machine op without a constant attribute ", m->attr[i].name);
    }
    for (int i = 0; i < m->nres; i++)
        if (op->results[i] && !kind_fits(m->res[i].kind, op->results[i]))
            problem(v, op->loc, "machine result of the wrong type in ", m->name);
}

/* Operand and result counts per op (ops.h). Table ops may get fewer positionals than
 * min_pos (keywords fill them), never more than max_pos; the receiver of a method is
 * one extra operand. */
static void check_counts(verifier *v, const pvc_op *op)
{
    const pvc_opinfo *info = &pvc_ops[op->code];
    if (info->flags & PVC_OPF_MACHINE) {
        check_machine(v, op);
        return;
    }
    int maxo = info->max_pos + ((info->flags & PVC_OPF_METHOD) ? 1 : 0);
    if (op->noperands > maxo)
        problem(v, op->loc, "too many operands for ", info->name);
    if ((info->flags & PVC_OPF_CORE) && op->code != PVC_OP_LIST && op->code != PVC_OP_CALL &&
        op->noperands != info->min_pos)
        problem(v, op->loc, "wrong operand count for ", info->name);
    if (op->nresults > info->nres)
        problem(v, op->loc, "too many results for ", info->name);
    if ((info->flags & PVC_OPF_CORE) && op->code != PVC_OP_CALL && op->nresults != 1)
        problem(v, op->loc, "a core op must have one result: ", info->name);
    if (op->code == PVC_OP_PL_RANGE && (op->noperands != 3 || op->nresults != 1))
        problem(v, op->loc, "pl.range must be (start, stop, step) -> var", NULL);
    if ((info->flags & PVC_OPF_CTRL) && (op->noperands != info->min_pos || op->nresults))
        problem(v, op->loc, "wrong operand or result count for ", info->name);
    if ((op->code == PVC_OP_BREAK || op->code == PVC_OP_CONTINUE) && !v->loops)
        problem(v, op->loc, "break/continue outside a loop", NULL);
    if (op->code == PVC_OP_CALL) {
        const pvc_attr *a = pvc_op_attr(op, "callee");
        const pvc_func *callee = a && a->val->kind == PVC_V_FUNC ? pvc_func_find(v->m, a->val->name) : NULL;
        if (!callee)
            problem(v, op->loc, "call without a callee", NULL);
        else if (callee->nparams != op->noperands)
            problem(v, op->loc, "call argument count differs from the callee's: ", callee->name);
    }
}

static void check_op(verifier *v, const pvc_op *op)
{
    if (!op || (unsigned)op->code >= PVC_OP_COUNT) {
        problem(v, op ? op->loc : (pvc_span){0, 0}, "bad opcode", NULL);
        return;
    }
    const pvc_opinfo *info = &pvc_ops[op->code];
    if (op->loc.line < 1 || op->loc.col < 1)
        problem(v, op->loc, "op without a source location: ", info->name);
    if (info->flags & PVC_OPF_ANNOT)
        problem(v, op->loc, "annotation used as an op: ", info->name);
    check_counts(v, op);
    if (!!op->cond != (op->code == PVC_OP_WHILE) || !!op->orelse != (op->code == PVC_OP_IF))
        problem(v, op->loc, "a cond block belongs to while and an else block to if only: ", info->name);
    if (op->cond) /* computes the while's operand: checked before it */
        check_block(v, op->cond);
    for (int i = 0; i < op->noperands; i++)
        check_value(v, op, op->operands[i]);
    for (int i = 0; i < op->nattrs; i++) {
        if (!op->attrs[i].key)
            problem(v, op->loc, "attribute without a key", NULL);
        else
            for (int j = 0; j < i; j++)
                if (op->attrs[j].key && !strcmp(op->attrs[i].key, op->attrs[j].key))
                    problem(v, op->loc, "repeated attribute ", op->attrs[i].key);
        check_value(v, op, op->attrs[i].val);
    }
    for (int i = 0; i < op->nresults; i++) {
        if (!owns(v, op->results[i]))
            problem(v, op->loc, "result is not a variable of this function: ", info->name);
        else
            v->defined[op->results[i]->id] = 1;
    }
    if (!!(info->flags & PVC_OPF_BLOCK) != !!op->body)
        problem(v, op->loc, "body present iff the op is a block op: ", info->name);
    if (v->machine_level && v->f->kind == PVC_FN_VECTOR && !(info->flags & PVC_OPF_MACHINE) &&
        op->code != PVC_OP_PL_RANGE && op->code != PVC_OP_PL_PRINTF && !(info->flags & PVC_OPF_CTRL) &&
        (!(info->flags & PVC_OPF_CORE) || op->code == PVC_OP_LIST))
        problem(v, op->loc, "DSL op left in a vector function after dispatch: ", info->name);
    if (v->machine_level && (op->code == PVC_OP_PL_LOAD || op->code == PVC_OP_PL_STORE || op->code == PVC_OP_PL_LOAD_TILE ||
                             op->code == PVC_OP_PL_STORE_TILE))
        problem(v, op->loc, "pl.load/pl.store left after dispatch: ", info->name);
    int loop = op->code == PVC_OP_PL_RANGE || op->code == PVC_OP_WHILE;
    v->loops += loop;
    if (op->body)
        check_block(v, op->body);
    v->loops -= loop;
    if (op->orelse)
        check_block(v, op->orelse);
}

static void check_block(verifier *v, const pvc_block *b)
{
    if (b->nops && !b->ops)
        problem(v, (pvc_span){0, 0}, "block without ops array", NULL);
    for (int i = 0; i < b->nops; i++)
        check_op(v, b->ops[i]);
}

static void check_func(verifier *v, const pvc_func *f)
{
    v->f = f;
    if (!f->name || (f->kind != PVC_FN_VECTOR && f->kind != PVC_FN_JIT))
        problem(v, f->loc, "function without a name or kind", NULL);
    /* the module's name map holds the first function of each name: a second one, or one
     * the map lost, is the same function twice or a stale map */
    if (f->name && !v->detached && pvc_func_find(v->m, f->name) != f)
        problem(v, f->loc, "function defined twice or missing from the module's names: ", f->name);
    if ((size_t)f->nvars + 1 > v->ndefined) {
        free(v->defined);
        v->ndefined = (size_t)f->nvars + 1;
        if (!(v->defined = malloc(v->ndefined)))
            pvc_out_of_memory();
    }
    memset(v->defined, 0, (size_t)f->nvars + 1);
    for (int i = 0; i < f->nvars; i++)
        if (!f->vars[i] || f->vars[i]->id != i || f->vars[i]->kind != PVC_V_VAR)
            problem(v, f->loc, "variable table out of order", NULL);
    for (int i = 0; i < f->nparams; i++) {
        if (!owns(v, f->params[i]) || !f->params[i]->is_param)
            problem(v, f->loc, "parameter is not a variable of the function", NULL);
        else
            v->defined[f->params[i]->id] = 1;
    }
    /* a tensor view's pvc_tensor exists from the kernel's entry, zeroed; gm.view, which takes it
     * as an operand, fills it (docs/SEMANTICS.md §6) */
    for (int i = 0; i < f->nvars; i++)
        if (f->vars[i] && f->vars[i]->type.kind == PVC_TY_TENSOR && f->vars[i]->type.view)
            v->defined[i] = 1;
    check_block(v, &f->body);
}

int pvc_verify_func(const pvc_module *m, const pvc_func *f, const char *after_pass, FILE *err)
{
    verifier v = {.m = m, .pass = after_pass, .err = err, .detached = 1};
    v.machine_level = after_pass && (!strcmp(after_pass, "dispatch") || !strcmp(after_pass, "check"));
    check_func(&v, f);
    free(v.defined);
    return v.problems;
}

int pvc_verify(const pvc_module *m, const char *after_pass, FILE *err)
{
    verifier v = {.m = m, .pass = after_pass, .err = err};
    v.machine_level = after_pass && (!strcmp(after_pass, "dispatch") || !strcmp(after_pass, "check"));
    for (int i = 0; i < m->nfuncs; i++)
        check_func(&v, m->funcs[i]);
    free(v.defined);
    return v.problems;
}
