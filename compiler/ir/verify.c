/* verify.c - structural invariants of the IR, checked after every pass.
 * A failure is a bug in pvc (the pipeline turns it into an internal error), never a
 * user diagnostic; so this file states what every pass may rely on. */
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

/* Operand and result counts per op (ops.h). Table ops may get fewer positionals than
 * min_pos (keywords fill them), never more than max_pos; the receiver of a method is
 * one extra operand. */
/* Operand kind a machine-op operand name demands (ops.h PVC_MOPS): registers, masks and
 * unaligned registers must be variables of that type; tiles and tensors variables; the
 * rest (addresses, cursors, counts, bits) integer values. */
static pvc_type_kind mop_operand_kind(const char *name, size_t len)
{
    static const struct {
        const char *name;
        pvc_type_kind kind;
    } kinds[] = {
        {"tile", PVC_TY_TILE},   {"tensor", PVC_TY_TENSOR}, {"src", PVC_TY_ANY},
        {"src0", PVC_TY_REG},    {"src1", PVC_TY_REG},      {"a", PVC_TY_REG},
        {"b", PVC_TY_REG},       {"mask", PVC_TY_MASK},     {"preg", PVC_TY_MASK},
        {"ureg", PVC_TY_ANY},    {"value", PVC_TY_ANY}, /* encode: an int or float scalar */
    };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strlen(kinds[i].name) == len && !memcmp(kinds[i].name, name, len))
            return kinds[i].kind;
    return PVC_TY_INT;
}

static int is_int_value(const pvc_value *x)
{
    return x->kind == PVC_V_INT || x->kind == PVC_V_BOOL ||
           (x->kind == PVC_V_VAR && (x->type.kind == PVC_TY_INT || x->type.kind == PVC_TY_BOOL));
}

/* Machine ops: exact operand count, operand kinds, every attribute of the row present as a
 * constant, result count and kinds. */
static void check_machine(verifier *v, const pvc_op *op)
{
    const pvc_opinfo *info = &pvc_ops[op->code];
    if (op->noperands != pvc_mop_noperands(op->code)) {
        problem(v, op->loc, "wrong operand count for machine op ", info->name);
        return;
    }
    const char *p = info->pos;
    for (int i = 0; i < op->noperands; i++) {
        while (*p == ' ')
            p++;
        if (*p == '*')
            p++;
        size_t len = strcspn(p, " ");
        pvc_type_kind want = mop_operand_kind(p, len);
        const pvc_value *x = op->operands[i];
        p += len;
        if (!x)
            continue;
        if (want == PVC_TY_INT ? !is_int_value(x) :
            x->kind != PVC_V_VAR || (want != PVC_TY_ANY && x->type.kind != want))
            problem(v, op->loc, "machine operand of the wrong kind in ", info->name);
    }
    for (const char *k = info->kw; *k;) {
        while (*k == ' ')
            k++;
        size_t len = strcspn(k, " ");
        if (!len)
            break;
        char key[32];
        snprintf(key, sizeof key, "%.*s", (int)len, k);
        const pvc_attr *a = pvc_op_attr(op, key);
        if (!a || a->val->kind == PVC_V_VAR)
            problem(v, op->loc, "machine op without a constant attribute ", key);
        k += len;
    }
    if (op->nresults != info->nres)
        problem(v, op->loc, "wrong result count for machine op ", info->name);
    for (int i = 0; i < op->nresults; i++)
        if (op->results[i] && op->results[i]->type.kind != info->result)
            problem(v, op->loc, "machine result of the wrong type in ", info->name);
}

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
    if (op->code == PVC_OP_RANGE && (op->noperands != 3 || op->nresults != 1))
        problem(v, op->loc, "pl.range must be (start, stop, step) -> var", NULL);
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
        op->code != PVC_OP_RANGE && (!(info->flags & PVC_OPF_CORE) || op->code == PVC_OP_LIST ||
                                     op->code == PVC_OP_CALL))
        problem(v, op->loc, "DSL op left in a vector function after dispatch: ", info->name);
    if (v->machine_level && (op->code == PVC_OP_LOAD || op->code == PVC_OP_STORE))
        problem(v, op->loc, "pl.load/pl.store left after dispatch: ", info->name);
    if (op->body)
        check_block(v, op->body);
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
    if (f->name && pvc_strmap_get(&v->seen, f->name))
        problem(v, f->loc, "function defined twice: ", f->name);
    else if (f->name)
        pvc_strmap_put(v->m->arena, &v->seen, f->name, (void *)f);
    v->defined = pvc_arena_alloc(v->m->arena, (size_t)f->nvars + 1);
    for (int i = 0; i < f->nvars; i++)
        if (!f->vars[i] || f->vars[i]->id != i || f->vars[i]->kind != PVC_V_VAR)
            problem(v, f->loc, "variable table out of order", NULL);
    for (int i = 0; i < f->nparams; i++) {
        if (!owns(v, f->params[i]) || !f->params[i]->is_param)
            problem(v, f->loc, "parameter is not a variable of the function", NULL);
        else
            v->defined[f->params[i]->id] = 1;
    }
    check_block(v, &f->body);
}

int pvc_verify(const pvc_module *m, const char *after_pass, FILE *err)
{
    verifier v = {.m = m, .pass = after_pass, .err = err};
    v.machine_level = after_pass && (!strcmp(after_pass, "dispatch") || !strcmp(after_pass, "check"));
    for (int i = 0; i < m->nfuncs; i++)
        check_func(&v, m->funcs[i]);
    return v.problems;
}
