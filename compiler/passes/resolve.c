/* resolve.c - the resolve pass: names -> values.
 *
 * `lower` already turned every pl./vf. name, enum member and dtype into a constant. This
 * pass finishes the job for the user's own names and for the arguments that must be
 * compile-time constants:
 *   1. a variable defined exactly once, by `x = <constant>`, is replaced by the constant
 *      everywhere (its assign disappears); integer arithmetic on constants is folded with
 *      Python semantics, so `one_repeat_size * 4`, `[1, 0]` offsets, loop bounds and
 *      AddrReg strides are plain numbers for the later passes; an `if` whose condition
 *      became a constant keeps only the block it takes, a `while False` disappears;
 *   2. every enum-valued argument (dist, pattern, mode, layout, ...) must be a constant of
 *      its own namespace, dtype arguments must be dtypes, flags and strides constants
 *      (docs/SEMANTICS.md decision 4: what is static is checked statically).
 */
#include <string.h>

#include "passes/passes.h"

int pvc_const_int(const pvc_value *v, int64_t *out)
{
    if (!v || (v->kind != PVC_V_INT && v->kind != PVC_V_BOOL))
        return 0;
    *out = v->i;
    return 1;
}

/* ---- 1. constants ---- */
typedef struct {
    pvc_module *m;
    pvc_func *f;
    pvc_diag *d;
    int *ndefs;          /* per variable: parameters and op results defining it */
    pvc_value **value;   /* per variable: the constant it always holds, or NULL */
    int cube;            /* a kernel with a section_cube: the subblock calls read the core (§17.1) */
} resolver;

static void count_defs(resolver *r, const pvc_block *b)
{
    for (int i = 0; i < b->nops; i++) {
        const pvc_op *op = b->ops[i];
        pvc_block *blocks[3];
        for (int k = 0; k < op->nresults; k++)
            r->ndefs[op->results[k]->id]++;
        for (int k = pvc_op_blocks(op, blocks); k-- > 0;)
            count_defs(r, blocks[k]);
    }
}

static pvc_value *subst(resolver *r, pvc_value *v)
{
    return v && v->kind == PVC_V_VAR && r->value[v->id] ? r->value[v->id] : v;
}

/* Python int arithmetic on constants: comparisons, not and bool give 0 or 1 (*is_bool set);
 * the arithmetic is the one constant evaluator's (ir/pyfold.c). 0 when it is left to run time
 * (a zero divisor or a negative shift: a fault there) or reported: a result outside int64 is
 * error E009, as it is in a constant expression the front end evaluates (docs/SEMANTICS.md
 * §6). */
static int fold_int(resolver *r, const pvc_op *op, int64_t a, int64_t b, int64_t *out, int *is_bool)
{
    static const struct {
        pvc_opcode code;
        int op;
    } cmps[] = {{PVC_OP_PY_EQ, PVC_PY_EQ}, {PVC_OP_PY_NE, PVC_PY_NE}, {PVC_OP_PY_LT, PVC_PY_LT},
                {PVC_OP_PY_LE, PVC_PY_LE}, {PVC_OP_PY_GT, PVC_PY_GT}, {PVC_OP_PY_GE, PVC_PY_GE}};
    for (size_t i = 0; i < sizeof cmps / sizeof cmps[0]; i++)
        if (cmps[i].code == op->code) {
            *is_bool = 1;
            *out = pvc_py_icmp(cmps[i].op, a, b);
            return 1;
        }
    if (op->code == PVC_OP_PY_NOT || op->code == PVC_OP_PY_BOOL) {
        *is_bool = 1;
        *out = op->code == PVC_OP_PY_NOT ? !a : !!a;
        return 1;
    }
    switch (pvc_fold_int(op->code, a, b, out)) {
    case PVC_FOLD_OK: return 1;
    case PVC_FOLD_OVERFLOW:
        pvc_error_at(r->d, op->loc, PVC_E_LITERAL, PVC_OVERFLOW_TEXT, pvc_pyop_of(op->code)->what);
        return 0;
    default: return 0;
    }
}

/* The constant a pl. op always gives: a vector-only launch has one subblock per block
 * (docs/SEMANTICS.md §6); a constant dim of a tensor parameter's annotation. */
static int pl_constant(const resolver *r, const pvc_op *op, int64_t *out)
{
    int64_t axis;
    const pvc_value *t = op->noperands ? op->operands[0] : NULL;
    switch (op->code) {
    case PVC_OP_PL_GET_SUBBLOCK_IDX: *out = 0; return !r->cube;
    case PVC_OP_PL_GET_SUBBLOCK_NUM: *out = 1; return !r->cube;
    case PVC_OP_TENSOR_DIM:
        if (t->kind != PVC_V_VAR || t->type.kind != PVC_TY_TENSOR || !pvc_const_int(op->operands[1], &axis) ||
            axis < -t->type.rank || axis >= t->type.rank)
            return 0;
        *out = t->type.dims[axis < 0 ? axis + t->type.rank : axis];
        return *out >= 0; /* not pl.DYNAMIC / pl.STATIC */
    default: return 0;
    }
}

/* The constant an op's single result always holds, or NULL. */
static pvc_value *constant_result(resolver *r, const pvc_op *op)
{
    if (op->nresults != 1 || r->ndefs[op->results[0]->id] != 1 || op->results[0]->is_param)
        return NULL;
    if (op->code == PVC_OP_ASSIGN) {
        pvc_value *v = op->operands[0];
        return v->kind != PVC_V_VAR && v->kind != PVC_V_FUNC ? v : NULL;
    }
    int64_t a, b = 0, out;
    int is_bool = 0;
    if (pl_constant(r, op, &out)) {
        pvc_value *c = pvc_const(r->m, PVC_V_INT, op->loc);
        c->i = out;
        return c;
    }
    if (!(pvc_ops[op->code].flags & PVC_OPF_CORE) || op->code == PVC_OP_LIST ||
        op->code == PVC_OP_CALL || !pvc_const_int(op->operands[0], &a))
        return NULL;
    /* ints and bools only (Python's bool is an int); floats are left to run time */
    if (op->noperands > 1 && !pvc_const_int(op->operands[1], &b))
        return NULL;
    int bools = op->operands[0]->kind == PVC_V_BOOL && (op->noperands < 2 || op->operands[1]->kind == PVC_V_BOOL);
    if (!fold_int(r, op, a, b, &out, &is_bool))
        return NULL;
    int bitop = op->code == PVC_OP_PY_BITAND || op->code == PVC_OP_PY_BITOR || op->code == PVC_OP_PY_BITXOR ||
                op->code == PVC_OP_PY_MIN || op->code == PVC_OP_PY_MAX;
    pvc_value *c = pvc_const(r->m, is_bool || (bools && bitop) ? PVC_V_BOOL : PVC_V_INT, op->loc);
    c->i = out;
    return c;
}

/* if / while on a constant: the ops that remain in the enclosing block (the block an if
 * takes; nothing for `while False`), or -1 when the op stays. */
static int fold_branch(const pvc_op *op, pvc_block **taken)
{
    int64_t v;
    if ((op->code != PVC_OP_IF && op->code != PVC_OP_WHILE) || !pvc_const_int(op->operands[0], &v))
        return -1;
    if (op->code == PVC_OP_WHILE) {
        *taken = NULL;
        return v ? -1 : 0;
    }
    *taken = v ? op->body : op->orelse;
    return 1;
}

static void propagate(resolver *r, pvc_block *b)
{
    pvc_block out = {0};
    for (int i = 0; i < b->nops; i++) {
        pvc_op *op = b->ops[i];
        pvc_block *blocks[3], *taken;
        if (op->cond) /* the while's operand is computed there */
            propagate(r, op->cond);
        for (int k = 0; k < op->noperands; k++)
            op->operands[k] = subst(r, op->operands[k]);
        for (int k = 0; k < op->nattrs; k++)
            op->attrs[k].val = subst(r, op->attrs[k].val);
        int fold = fold_branch(op, &taken);
        if (fold >= 0) { /* a constant condition: the block taken joins this one */
            if (taken) {
                propagate(r, taken);
                for (int k = 0; k < taken->nops; k++)
                    pvc_block_append(r->m, &out, taken->ops[k]);
            }
            continue;
        }
        for (int k = 0, n = pvc_op_blocks(op, blocks); k < n; k++)
            if (blocks[k] != op->cond)
                propagate(r, blocks[k]);
        pvc_value *c = constant_result(r, op);
        if (c) {
            r->value[op->results[0]->id] = c;
            continue; /* every later use reads the constant; the op is gone */
        }
        pvc_block_append(r->m, &out, op);
    }
    *b = out;
}

/* ---- 2. constant arguments ---- */

int pvc_param_want(const char *note, size_t len)
{
    static const struct {
        const char *name;
        int want;
    } words[] = {{"dtype", WANT_DTYPE}, {"bool", WANT_BOOL}, {"int", WANT_INT}};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strlen(words[i].name) == len && !memcmp(words[i].name, note, len))
            return words[i].want;
    int ns = pvc_enum_ns_lookup(note, len);
    return ns >= 0 ? ns : WANT_NONE;
}

static const char *want_text(int want)
{
    static char buf[64];
    switch (want) {
    case WANT_DTYPE: return "a dtype (pl.DT_*)";
    case WANT_BOOL: return "True or False";
    case WANT_INT: return "an integer constant";
    default:
        snprintf(buf, sizeof buf, "a pl.%s member", pvc_enum_ns_name(want));
        return buf;
    }
}

static void check_const_arg(resolver *r, const pvc_op *op, const char *arg, int want)
{
    const pvc_value *v = pvc_op_arg(op, arg);
    if (!v || v->kind == PVC_V_NONE)
        return;
    pvc_span at = pvc_op_arg_loc(op, arg);
    const char *opname = pvc_ops[op->code].name;
    if (v->kind == PVC_V_VAR) {
        pvc_error_at(r->d, at, PVC_E_NOT_CONST, "'%s' of %s must be a compile-time constant, %s",
                     arg, opname, want_text(want));
        return;
    }
    int ok = want == WANT_DTYPE ? v->kind == PVC_V_DTYPE
           : want == WANT_BOOL  ? v->kind == PVC_V_BOOL
           : want == WANT_INT   ? v->kind == PVC_V_INT || v->kind == PVC_V_BOOL
                                : v->kind == PVC_V_ENUM && v->ns == want;
    if (!ok)
        pvc_error_at(r->d, at, v->kind == PVC_V_ENUM ? PVC_E_BAD_ENUM : PVC_E_TYPE,
                     "'%s' of %s must be %s", arg, opname, want_text(want));
}

/* A GENERIC op's keyword attributes, from every machine row that lowers it (ops.h): the
 * namespace of an AE / AZ entry, or an integer for AI; its dtype= and cmp_dtype= are dtypes. */
static void check_generic_args(resolver *r, const pvc_op *op)
{
    check_const_arg(r, op, "dtype", WANT_DTYPE);
    check_const_arg(r, op, "cmp_dtype", WANT_DTYPE);
    for (int code = PVC_OP_MFIRST; code < PVC_OP_COUNT; code++) {
        const pvc_mop *m = pvc_mop_of(code);
        for (int i = 0; m->from == op->code && i < m->nattr; i++)
            if (m->attr[i].kind == PVC_AK_ENUM || m->attr[i].kind == PVC_AK_CHECK)
                check_const_arg(r, op, m->attr[i].name, m->attr[i].ns);
            else if (m->attr[i].kind == PVC_AK_INT)
                check_const_arg(r, op, m->attr[i].name, WANT_INT);
    }
}

/* The arguments of op whose parameters carry a note in ops.h: a constant of that kind. */
static void check_noted_args(resolver *r, const pvc_op *op, const char *list)
{
    size_t len, nlen;
    char name[64];
    for (const char *p = list; (p = pvc_param_next(p, &len)); p += len) {
        const char *note = pvc_param_note(p, len, &nlen);
        if (!note || len >= sizeof name)
            continue;
        memcpy(name, p, len);
        name[len] = '\0';
        check_const_arg(r, op, name, pvc_param_want(note, nlen));
    }
}

static void check_args(resolver *r, const pvc_block *b)
{
    for (int i = 0; i < b->nops; i++) {
        const pvc_op *op = b->ops[i];
        if (pvc_ops[op->code].flags & PVC_OPF_GENERIC)
            check_generic_args(r, op);
        check_noted_args(r, op, pvc_ops[op->code].pos);
        check_noted_args(r, op, pvc_ops[op->code].kw);
        pvc_block *blocks[3];
        for (int k = 0, n = pvc_op_blocks(op, blocks); k < n; k++)
            check_args(r, blocks[k]);
    }
}

/* ---- §17.8 C-T17: the subblock of a kernel without a section_cube ----
 * Such a kernel runs one vector core per block, so pl.get_subblock_idx() is 0 (and folds to it,
 * pl_constant); pypto_pro's docs say stores of two vector cores to different GM regions are not
 * supported there. Comparing it with a constant (`if pl.get_subblock_idx() == 0:`, the guard the
 * docs show) is fine; any other use counts on a second core (warning W056). */

static int is_var(const pvc_value *a, const pvc_value *v) { return a && a->kind == PVC_V_VAR && a->id == v->id; }

/* 1 when an op of b uses v other than in ==/!= with a constant */
static int used_beyond_guard(const pvc_block *b, const pvc_value *v)
{
    for (int i = 0; i < b->nops; i++) {
        const pvc_op *op = b->ops[i];
        int cmp = (op->code == PVC_OP_PY_EQ || op->code == PVC_OP_PY_NE) && op->noperands == 2;
        for (int k = 0; k < op->noperands; k++)
            if (is_var(op->operands[k], v) && !(cmp && op->operands[1 - k]->kind == PVC_V_INT))
                return 1;
        for (int k = 0; k < op->nattrs; k++)
            if (is_var(op->attrs[k].val, v))
                return 1;
        pvc_block *blocks[3];
        for (int k = pvc_op_blocks(op, blocks); k-- > 0;)
            if (used_beyond_guard(blocks[k], v))
                return 1;
    }
    return 0;
}

/* 1 when the source text at `at` starts with s: the SIMT lowering computes pl.simt.block_idx()
 * from the subblock (§16.9), a use of pvc's own, at the SIMT call's place */
static int source_at(const pvc_diag *d, pvc_span at, const char *s)
{
    if (!d->src || at.line < 1 || at.col < 1)
        return 0;
    const char *p = d->src->text, *end = p + d->src->len;
    for (int line = 1; line < at.line && p < end; p++)
        line += *p == '\n';
    size_t n = strlen(s);
    return (size_t)(end - p) >= (size_t)at.col - 1 + n && !memcmp(p + at.col - 1, s, n);
}

static void subblock_uses(resolver *r, const pvc_block *b)
{
    for (int i = 0; i < b->nops; i++) {
        const pvc_op *op = b->ops[i];
        if (op->code == PVC_OP_PL_GET_SUBBLOCK_IDX && op->nresults == 1 && !source_at(r->d, op->loc, "pl.simt.") &&
            used_beyond_guard(&r->f->body, op->results[0]))
            pvc_warn_at(r->d, op->loc, "pl.get_subblock_idx() of a kernel without a section_cube: it runs one vector "
                        "core per block, so this is 0 (stores of two vector cores to different GM regions are not "
                        "supported there, §17.8 C-T17) [%s]", pvc_warn_code(PVC_W_VEC_SUBBLOCK));
        pvc_block *blocks[3];
        for (int k = pvc_op_blocks(op, blocks); k-- > 0;)
            subblock_uses(r, blocks[k]);
    }
}

int pvc_resolve_func(pvc_module *m, pvc_diag *d, pvc_func *f)
{
    int before = d->nerrors;
    resolver r = {m, f, d, NULL, NULL, f->kind == PVC_FN_JIT && (pvc_func_sections(f) & PVC_SECTIONS_CUBE)};
    r.ndefs = pvc_arena_alloc(m->arena, ((size_t)f->nvars + 1) * sizeof *r.ndefs);
    r.value = pvc_arena_alloc(m->arena, ((size_t)f->nvars + 1) * sizeof *r.value);
    for (int p = 0; p < f->nparams; p++)
        r.ndefs[f->params[p]->id]++;
    count_defs(&r, &f->body);
    if (f->kind == PVC_FN_JIT && !r.cube)
        subblock_uses(&r, &f->body);
    propagate(&r, &f->body);
    check_args(&r, &f->body);
    return d->nerrors - before;
}

int pvc_pass_resolve(pvc_module *m, pvc_diag *d)
{
    int errors = 0;
    for (int i = 0; i < m->nfuncs; i++)
        errors += pvc_resolve_func(m, d, m->funcs[i]);
    return errors;
}
