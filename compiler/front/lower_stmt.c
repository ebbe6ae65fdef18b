/* lower_stmt.c - statements of a DSL function -> IR, and helper inlining (lower.h).
 *
 *   x = e, x: T = e, x += e        the value into %x (augmented: x = x OP e)
 *   a, b = f(...), a, b = e1, e2   one op with two results, or one value per target (all
 *                                  right-hand values first when a target is read there)
 *   if c: ... elif ...: else:      a compile-time c keeps only the branch taken (the others
 *                                  are not read, as pypto_pro's parser does); else an `if`
 *                                  op whose else block holds the elif chain
 *   while c: ...                   while(%c) cond { <c> } do { ... }
 *   for v in pl.range(...)         pl.range(start, stop, step) -> %v { ... }
 *   break, continue                the ops; not out of a vector function's pl.range, a
 *                                  hardware loop without early exit (docs/SEMANTICS.md §6)
 *   return                         a kernel: the op (the last statement: nothing); a vector
 *                                  function only as its last statement (pypto_pro's rule)
 *   assert c                       checked at compile time; a run-time c is an error
 *   with pl.section_vector():      pl.section_vector() { ... }
 *   helper(args)                   the helper's body, its names prefixed <helper>.<k>., its
 *                                  parameters bound to the arguments; a return (the end of
 *                                  the body or of an if branch, the rest of the body
 *                                  continuing the branches that fall through; inside a loop
 *                                  <helper>.returned and a break) assigns the call's result
 *                                  slots; recursion is an error
 */
#include "front/lower.h"

static void lower_stmt(lower_ctx *c, TSNode n, pvc_block *out, int first);
static void note_const(lower_ctx *c, TSNode left, TSNode right);

/* A body whose header failed is still lowered (into a block that is thrown away), so its
 * own errors are reported too. */
static void lower_orphan_body(lower_ctx *c, TSNode body)
{
    pvc_block discard = {0};
    lower_block(c, body, &discard);
}

static void poison_targets(lower_ctx *c, const TSNode *targets, int n)
{
    for (int i = 0; i < n; i++)
        if (is(c, targets[i], PVC_N_IDENTIFIER) && !lower_find_var(c, lw_dup(c, targets[i]))) {
            const char *name = lw_dup(c, targets[i]);
            if (c->frame) {
                size_t len = strlen(c->frame->prefix) + strlen(name) + 1;
                char *s = pvc_arena_alloc(c->m->arena, len);
                snprintf(s, len, "%s%s", c->frame->prefix, name);
                name = s;
            }
            lw_poison(c, name);
        }
}

/* 1 if identifier `name` occurs anywhere in n (a right-hand side that reads a target). */
static int mentions(lower_ctx *c, TSNode n, const char *name)
{
    if (is(c, n, PVC_N_IDENTIFIER))
        return lw_text_is(c, n, name);
    uint32_t k;
    TSNode *all = lw_kids(c, n, &k);
    for (uint32_t i = 0; i < k; i++)
        if (mentions(c, all[i], name))
            return 1;
    return 0;
}

/* a, b = e1, e2: every right-hand value before any target is written. */
static int assign_elementwise(lower_ctx *c, TSNode right, const TSNode *targets, int n, pvc_block *out)
{
    uint32_t k;
    TSNode *rhs = lw_kids(c, right, &k);
    if ((int)k != n) {
        pvc_error_at(c->d, at(right), PVC_E_RESULTS, "%d targets but %u values", n, k);
        return 0;
    }
    int direct = 1;
    for (int i = 0; i < n; i++)
        for (uint32_t j = 0; j < k && direct; j++)
            direct = !mentions(c, rhs[j], lw_dup(c, targets[i]));
    pvc_value *vals[8];
    for (int i = 0; i < n; i++)
        if (!(vals[i] = lower_expr(c, rhs[i], out, direct ? &targets[i] : NULL)))
            return 0;
    for (int i = 0; i < n && !direct; i++)
        if (!assign_leaf(c, right, out, vals[i], &targets[i]))
            return 0;
    return 1;
}

/* a, b = x.shape: one dim per target. */
static int assign_shape(lower_ctx *c, TSNode right, const TSNode *targets, int n, pvc_block *out)
{
    pvc_value *t = lower_expr(c, field(c, right, PVC_F_OBJECT), out, NULL);
    for (int i = 0; t && i < n; i++) {
        pvc_op *op = pvc_op_new(c->m, PVC_OP_TENSOR_DIM, at(right));
        pvc_value *axis = pvc_const(c->m, PVC_V_INT, at(right));
        axis->i = i;
        pvc_op_add_operand(c->m, op, t);
        pvc_op_add_operand(c->m, op, axis);
        if (!append_with_result(c, right, out, &targets[i], op, PVC_TY_INT))
            return 0;
    }
    return t != NULL;
}

static int assign_tuple(lower_ctx *c, TSNode right, const TSNode *targets, int n, pvc_block *out)
{
    if (is(c, right, PVC_N_CALL))
        return lower_call(c, right, out, targets, n, NULL);
    if (is(c, right, PVC_N_EXPRESSION_LIST) || is(c, right, PVC_N_TUPLE) || is(c, right, PVC_N_LIST)) {
        pvc_pyval *k = pv_eval(c, right, c->scope);
        if (!k || k->kind == PV_OPAQUE)
            return k ? lower_pyval(c, k, right, out, NULL) != NULL : assign_elementwise(c, right, targets, n, out);
    }
    if (is(c, right, PVC_N_ATTRIBUTE) && lw_text_is(c, field(c, right, PVC_F_ATTRIBUTE), "shape") &&
        !pv_eval(c, right, c->scope))
        return assign_shape(c, right, targets, n, out);
    pvc_pyval *k = pv_eval(c, right, c->scope);
    if (k && (k->kind == PV_TUPLE || k->kind == PV_LIST) && k->n == n) {
        for (int i = 0; i < n; i++)
            if (!lower_pyval(c, k->items[i], right, out, &targets[i]))
                return 0;
        return 1;
    }
    if (k && k->kind == PV_OPAQUE)
        return lower_pyval(c, k, right, out, NULL) != NULL;
    if (k && (k->kind == PV_TUPLE || k->kind == PV_LIST))
        pvc_error_at(c->d, at(right), PVC_E_RESULTS, "%d targets but %d values", n, k->n);
    else
        pvc_error_at(c->d, at(right), PVC_E_RESULTS,
                     "tuple unpacking needs a call that returns %d values, %d values or a constant "
                     "tuple of them", n, n);
    return 0;
}

static void lower_assignment(lower_ctx *c, TSNode n, pvc_block *out)
{
    TSNode left = field(c, n, PVC_F_LEFT), right = field(c, n, PVC_F_RIGHT);
    if (ts_node_is_null(right)) {
        if (ts_node_is_null(field(c, n, PVC_F_TYPE)))
            pvc_error_at(c->d, at(n), PVC_E_SYNTAX, "assignment without a value");
        return; /* x: int declares nothing at run time */
    }
    if (is(c, right, PVC_N_ASSIGNMENT)) {
        pvc_error_at(c->d, at(right), PVC_E_UNSUPPORTED, "chained assignment is not supported");
        return;
    }
    if (lower_struct_assign(c, left, right, out))
        return; /* a struct field, an alias of a struct or tuple (§16.8) */
    if (is(c, left, PVC_N_SUBSCRIPT)) { /* t[r, c] = value: one tile or GM tensor element (§6, §6.1) */
        uint32_t cnt;
        TSNode *k = lw_kids(c, left, &cnt);
        TSNode obj = field(c, left, PVC_F_VALUE);
        pvc_value *gm = lower_tensor_named(c, obj);
        if (gm) {
            pvc_value *v = lower_expr(c, right, out, NULL);
            if (v)
                lower_tensor_elem(c, left, gm, k + 1, (int)cnt - 1, v, out, NULL);
            return;
        }
        if (cnt != 3 || !is(c, obj, PVC_N_IDENTIFIER) || is(c, k[1], PVC_N_SLICE) || is(c, k[2], PVC_N_SLICE)) {
            pvc_error_at(c->d, at(left), PVC_E_UNSUPPORTED, "a subscript assigned to must be t[r, c], one "
                         "element of a tile, or t[i, j], one of a GM tensor");
            return;
        }
        pvc_value *v = lower_expr(c, right, out, NULL), *t = v ? lower_expr(c, obj, out, NULL) : NULL;
        if (t)
            lower_tile_elem(c, left, t, k[1], k[2], v, out, NULL);
        return;
    }
    int tuple = is(c, left, PVC_N_PATTERN_LIST) || is(c, left, PVC_N_TUPLE_PATTERN);
    uint32_t ntargets = tuple ? lw_count(c, left) : 1;
    TSNode targets[8];
    if (ntargets > 8) {
        pvc_error_at(c->d, at(left), PVC_E_RESULTS, "too many assignment targets");
        return;
    }
    for (uint32_t i = 0; i < ntargets; i++) {
        targets[i] = tuple ? lw_kid(c, left, i) : left;
        if (!is(c, targets[i], PVC_N_IDENTIFIER)) {
            pvc_error_at(c->d, at(targets[i]), PVC_E_UNSUPPORTED,
                         "assignment target must be a name or a tuple of names");
            return;
        }
    }
    /* The targets become variables only after the right side is lowered (Python
     * evaluates it first: `x = x + 1` with x unset is an error). */
    int ok = tuple ? assign_tuple(c, right, targets, (int)ntargets, out)
                   : lower_expr(c, right, out, &targets[0]) != NULL;
    if (!ok)
        poison_targets(c, targets, (int)ntargets);
    else if (!tuple)
        note_const(c, targets[0], right);
}

static void lower_augmented(lower_ctx *c, TSNode n, pvc_block *out)
{
    TSNode left = field(c, n, PVC_F_LEFT);
    if (lower_struct_augmented(c, n, out))
        return; /* s.f += v (§16.8) */
    if (!is(c, left, PVC_N_IDENTIFIER)) {
        pvc_error_at(c->d, at(left), PVC_E_UNSUPPORTED, "augmented assignment needs a name as its target");
        return;
    }
    pvc_value *l = lower_expr(c, left, out, NULL);
    pvc_value *r = l ? lower_expr(c, field(c, n, PVC_F_RIGHT), out, NULL) : NULL;
    if (!lower_binop(c, n, field(c, n, PVC_F_OPERATOR), l, r, out, &left))
        poison_targets(c, &left, 1);
}

/* ---- loops ---- */
static int push_loop(lower_ctx *c, TSNode n, loop_kind k)
{
    if (c->nloops == MAX_LOOPS) {
        pvc_error_at(c->d, at(n), PVC_E_LIMIT, "loops nested more than %d deep", MAX_LOOPS);
        return 0;
    }
    c->loops[c->nloops++] = k;
    return 1;
}

/* pl.range(...) arguments normalised to (start, stop, step): pl.range(n) = (0, n, 1)
 * (docs/SEMANTICS.md §6). 1 when the header is well formed. */
static int lower_range_header(lower_ctx *c, TSNode right, pvc_op *op, pvc_block *out)
{
    TSNode fn = field(c, right, PVC_F_FUNCTION), args = field(c, right, PVC_F_ARGUMENTS);
    const char *name = is(c, right, PVC_N_CALL) ? scope_canon(c, fn, c->scope) : NULL;
    if (!name || strcmp(name, "pl.range") != 0) {
        pvc_error_at(c->d, at(right), PVC_E_UNSUPPORTED, "a for loop must iterate over pl.range(...)");
        return 0;
    }
    if (!is(c, args, PVC_N_ARGUMENT_LIST)) {
        pvc_error_at(c->d, at(right), PVC_E_UNSUPPORTED, "generator argument is not supported");
        return 0;
    }
    uint32_t cnt;
    TSNode *all = lw_kids(c, args, &cnt);
    for (uint32_t i = 0; i < cnt; i++)
        if (is(c, all[i], PVC_N_KEYWORD_ARGUMENT)) {
            pvc_error_at(c->d, at(all[i]), PVC_E_KEYWORD, "pl.range takes positional arguments only");
            return 0;
        }
    if (cnt < 1 || cnt > 3) {
        pvc_error_at(c->d, at(right), PVC_E_ARGCOUNT, cnt ? "pl.range takes at most 3 positional "
                     "arguments (start, stop, step), got %u" : "missing argument 'stop' of pl.range%.0u",
                     cnt);
        return 0;
    }
    pvc_value *v[3];
    for (uint32_t i = 0; i < cnt; i++)
        if (!(v[i] = lower_expr(c, all[i], out, NULL)))
            return 0;
    pvc_value *zero = pvc_const(c->m, PVC_V_INT, at(right)), *one = pvc_const(c->m, PVC_V_INT, at(right));
    one->i = 1;
    pvc_op_add_operand(c->m, op, cnt == 1 ? zero : v[0]);
    pvc_op_add_operand(c->m, op, cnt == 1 ? v[0] : v[1]);
    pvc_op_add_operand(c->m, op, cnt == 3 ? v[2] : one);
    return 1;
}

/* How a branch or loop body is lowered: a plain block, or (inlining a helper) a block
 * followed by the statements after the if, or a loop body whose return leaves the loop. */
typedef void (*branch_fn)(lower_ctx *c, TSNode body, pvc_block *out, void *arg);

static void plain_branch(lower_ctx *c, TSNode body, pvc_block *out, void *arg)
{
    (void)arg;
    if (!ts_node_is_null(body))
        lower_block(c, body, out);
}

static void lower_for(lower_ctx *c, TSNode n, pvc_block *out, branch_fn br, void *arg)
{
    TSNode left = field(c, n, PVC_F_LEFT), right = field(c, n, PVC_F_RIGHT), body = field(c, n, PVC_F_BODY);
    pvc_op *op = pvc_op_new(c->m, PVC_OP_PL_RANGE, at(n));
    int ok = 1;
    if (!ts_node_is_null(field(c, n, PVC_F_ALTERNATIVE)) || is(c, ts_node_child(n, 0), PVC_N_ASYNC)) {
        pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED,
                     "only 'for NAME in pl.range(...):' loops are supported (no else, no async)");
        ok = 0;
    }
    ok = ok && lower_range_header(c, right, op, out);
    pvc_value *iv = NULL;
    if (!is(c, left, PVC_N_IDENTIFIER))
        pvc_error_at(c->d, at(left), PVC_E_UNSUPPORTED, "the loop variable must be a single name");
    else if (ok)
        iv = target_var(c, left);
    else
        poison_targets(c, &left, 1);
    if (!ok || !iv || !push_loop(c, n, LOOP_RANGE)) {
        lower_orphan_body(c, body);
        return;
    }
    if (iv->type.kind == PVC_TY_ANY)
        iv->type.kind = PVC_TY_INT;
    pvc_op_add_result(c->m, op, iv);
    pvc_block_append(c->m, out, op);
    br(c, body, op->body, arg);
    c->nloops--;
}

static void lower_while(lower_ctx *c, TSNode n, pvc_block *out, branch_fn br, void *arg)
{
    TSNode cond = field(c, n, PVC_F_CONDITION), body = field(c, n, PVC_F_BODY);
    if (!ts_node_is_null(field(c, n, PVC_F_ALTERNATIVE))) {
        pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED, "a while loop with an else clause is not supported");
        lower_orphan_body(c, body);
        return;
    }
    pvc_pyval *k = pv_eval(c, cond, c->scope);
    if (k && k->kind == PV_OPAQUE) {
        lower_pyval(c, k, cond, NULL, NULL);
        lower_orphan_body(c, body);
        return;
    }
    pvc_op *op = pvc_op_new(c->m, PVC_OP_WHILE, at(n));
    pvc_value *cv;
    if (k) { /* while True: no condition to run; while False: the body never runs */
        cv = pvc_const(c->m, PVC_V_BOOL, at(cond));
        cv->i = pv_truth(k) == 1;
    } else {
        cv = lower_expr(c, cond, op->cond, NULL);
    }
    if (!cv || !push_loop(c, n, LOOP_WHILE)) {
        lower_orphan_body(c, body);
        return;
    }
    pvc_op_add_operand(c->m, op, cv);
    br(c, body, op->body, arg);
    c->nloops--;
    if (!k || pv_truth(k) == 1)
        pvc_block_append(c->m, out, op);
}

static void lower_break(lower_ctx *c, TSNode n, pvc_block *out)
{
    int brk = is(c, n, PVC_N_BREAK_STATEMENT);
    if (!c->nloops) {
        pvc_error_at(c->d, at(n), PVC_E_SYNTAX, "'%s' outside a loop", brk ? "break" : "continue");
        return;
    }
    if (c->loops[c->nloops - 1] == LOOP_RANGE && c->f->kind == PVC_FN_VECTOR) {
        pvc_error_at(c->d, at(n), PVC_E_NOT_SUPPORTED,
                     "'%s' in a vector function's pl.range: the loop is a hardware loop without "
                     "early exit (docs/SEMANTICS.md §6)", brk ? "break" : "continue");
        return;
    }
    pvc_block_append(c->m, out, pvc_op_new(c->m, brk ? PVC_OP_BREAK : PVC_OP_CONTINUE, at(n)));
}

/* ---- if / elif / else ---- */
typedef struct {
    TSNode cond, body; /* cond null: an else */
} clause;

/* The clauses of an if statement, in order. */
static int clauses_of(lower_ctx *c, TSNode n, clause *cl, int max)
{
    int k = 0;
    cl[k++] = (clause){field(c, n, PVC_F_CONDITION), field(c, n, PVC_F_CONSEQUENCE)};
    uint32_t cnt;
    TSNode *all = lw_kids(c, n, &cnt);
    for (uint32_t i = 0; i < cnt && k < max; i++)
        if (is(c, all[i], PVC_N_ELIF_CLAUSE))
            cl[k++] = (clause){field(c, all[i], PVC_F_CONDITION), field(c, all[i], PVC_F_CONSEQUENCE)};
        else if (is(c, all[i], PVC_N_ELSE_CLAUSE))
            cl[k++] = (clause){lw_null(), field(c, all[i], PVC_F_BODY)};
    return k;
}

/* Clauses i.. of an if chain into out: a compile-time condition keeps only the branch it
 * takes; a run-time one makes an `if` op whose else block holds the rest of the chain. */
static void lower_clauses(lower_ctx *c, clause *cl, int i, int n, pvc_block *out, branch_fn br, void *arg)
{
    if (i == n) {
        br(c, lw_null(), out, arg); /* no branch taken */
        return;
    }
    if (ts_node_is_null(cl[i].cond)) {
        br(c, cl[i].body, out, arg);
        return;
    }
    pvc_pyval *k = pv_eval(c, cl[i].cond, c->scope);
    if (k && k->kind == PV_OPAQUE) {
        lower_pyval(c, k, cl[i].cond, NULL, NULL);
        return;
    }
    if (k && pv_truth(k) >= 0) {
        if (pv_truth(k))
            br(c, cl[i].body, out, arg);
        else
            lower_clauses(c, cl, i + 1, n, out, br, arg);
        return;
    }
    pvc_value *cv = lower_expr(c, cl[i].cond, out, NULL);
    if (!cv) {
        lower_orphan_body(c, cl[i].body);
        return;
    }
    pvc_op *op = pvc_op_new(c->m, PVC_OP_IF, at(cl[i].cond));
    pvc_op_add_operand(c->m, op, cv);
    br(c, cl[i].body, op->body, arg);
    lower_clauses(c, cl, i + 1, n, op->orelse, br, arg);
    pvc_block_append(c->m, out, op);
}

static void lower_if(lower_ctx *c, TSNode n, pvc_block *out)
{
    clause cl[64];
    int k = clauses_of(c, n, cl, 64);
    lower_clauses(c, cl, 0, k, out, plain_branch, NULL);
}

/* ---- return, assert ---- */
static void lower_return(lower_ctx *c, TSNode n, pvc_block *out, int last)
{
    TSNode v = lw_kid(c, n, 0);
    int bare = ts_node_is_null(v) || is(c, v, PVC_N_NONE);
    if (!bare) {
        pvc_error_at(c->d, at(n), PVC_E_FUNCTION, "a %s returns no value",
                     c->f->kind == PVC_FN_JIT ? "@pl.jit kernel" : "@pl.vector_function");
        return;
    }
    if (last)
        return; /* the end of the function anyway */
    if (c->f->kind == PVC_FN_VECTOR) {
        pvc_error_at(c->d, at(n), PVC_E_NOT_SUPPORTED,
                     "a vector function may return only as its last statement (pypto_pro's rule; "
                     "its loops are hardware loops without early exit, docs/SEMANTICS.md §6)");
        return;
    }
    pvc_block_append(c->m, out, pvc_op_new(c->m, PVC_OP_RETURN, at(n)));
}

static void lower_assert(lower_ctx *c, TSNode n)
{
    TSNode cond = lw_kid(c, n, 0), msg = lw_kid(c, n, 1);
    pvc_pyval *k = pv_eval(c, cond, c->scope);
    if (k && k->kind == PV_OPAQUE) {
        lower_pyval(c, k, cond, NULL, NULL);
        return;
    }
    if (!k || pv_truth(k) < 0) {
        pvc_error_at(c->d, at(n), PVC_E_NOT_SUPPORTED,
                     "assert on a run-time value is not supported (pvc checks asserts at compile time)");
        return;
    }
    if (pv_truth(k))
        return;
    pvc_pyval *m = ts_node_is_null(msg) ? NULL : pv_eval(c, msg, c->scope);
    if (m && m->kind == PV_STR)
        pvc_error_at(c->d, at(n), PVC_E_ASSERT, "assertion is false at compile time: %.*s",
                     (int)(m->len > 200 ? 200 : m->len), m->s);
    else
        pvc_error_at(c->d, at(n), PVC_E_ASSERT, "assertion is false at compile time");
}

/* ---- with ---- */
static void lower_with(lower_ctx *c, TSNode n, pvc_block *out)
{
    TSNode clause = lw_kid(c, n, 0), body = field(c, n, PVC_F_BODY);
    TSNode item = is(c, clause, PVC_N_WITH_CLAUSE) ? lw_kid(c, clause, 0) : lw_null();
    TSNode call = is(c, item, PVC_N_WITH_ITEM) ? field(c, item, PVC_F_VALUE) : lw_null();
    const char *name = is(c, call, PVC_N_CALL) ? scope_canon(c, field(c, call, PVC_F_FUNCTION), c->scope) : NULL;
    int cube = name && !strcmp(name, "pl.section_cube");
    if (is(c, ts_node_child(n, 0), PVC_N_ASYNC) || lw_count(c, clause) != 1 || !name ||
        (!cube && strcmp(name, "pl.section_vector") != 0)) {
        pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED,
                     "only 'with pl.section_vector():' and 'with pl.section_cube():' are supported");
        lower_orphan_body(c, body);
        return;
    }
    if (lw_count(c, field(c, call, PVC_F_ARGUMENTS)) != 0) {
        pvc_error_at(c->d, at(call), PVC_E_ARGCOUNT, "%s takes no arguments", name);
        lower_orphan_body(c, body);
        return;
    }
    pvc_op *op = pvc_op_new(c->m, cube ? PVC_OP_PL_SECTION_CUBE : PVC_OP_PL_SECTION_VECTOR, at(n));
    pvc_block_append(c->m, out, op);
    lower_block(c, body, op->body);
}

/* ---- statements ---- */
static void lower_expression_statement(lower_ctx *c, TSNode n, pvc_block *out, int first)
{
    if (lw_count(c, n) != 1) {
        pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED, "tuple expression statement is not supported");
        return;
    }
    TSNode e = lw_kid(c, n, 0);
    if (is(c, e, PVC_N_ASSIGNMENT))
        lower_assignment(c, e, out);
    else if (is(c, e, PVC_N_AUGMENTED_ASSIGNMENT))
        lower_augmented(c, e, out);
    else if (is(c, e, PVC_N_CALL))
        lower_call(c, e, out, NULL, 0, NULL);
    else if (first && is(c, e, PVC_N_STRING))
        ; /* docstring */
    else
        pvc_error_at(c->d, at(e), PVC_E_UNSUPPORTED,
                     "expression statement has no effect (only calls may stand alone)");
}

static void lower_stmt(lower_ctx *c, TSNode n, pvc_block *out, int first)
{
    TSSymbol t = ts_node_symbol(n);
    const TSSymbol *sym = c->cst->sym;
    if (t == sym[PVC_N_EXPRESSION_STATEMENT])
        lower_expression_statement(c, n, out, first);
    else if (t == sym[PVC_N_PASS_STATEMENT])
        ;
    else if (t == sym[PVC_N_FOR_STATEMENT])
        lower_for(c, n, out, plain_branch, NULL);
    else if (t == sym[PVC_N_WHILE_STATEMENT])
        lower_while(c, n, out, plain_branch, NULL);
    else if (t == sym[PVC_N_IF_STATEMENT])
        lower_if(c, n, out);
    else if (t == sym[PVC_N_WITH_STATEMENT])
        lower_with(c, n, out);
    else if (t == sym[PVC_N_BREAK_STATEMENT] || t == sym[PVC_N_CONTINUE_STATEMENT])
        lower_break(c, n, out);
    else if (t == sym[PVC_N_RETURN_STATEMENT] && !c->frame)
        lower_return(c, n, out, 0);
    else if (t == sym[PVC_N_RETURN_STATEMENT])
        pvc_error_at(c->d, at(n), PVC_E_NOT_SUPPORTED, "a return inside a with block of helper '%s' is "
                     "not supported (pvc inlines helpers: a return ends the helper, an if branch or a "
                     "loop)", c->frame->name);
    else if (t == sym[PVC_N_ASSERT_STATEMENT])
        lower_assert(c, n);
    else
        lw_unsupported(c, n);
}

void lower_block(lower_ctx *c, TSNode block, pvc_block *out)
{
    if (!is(c, block, PVC_N_BLOCK)) {
        pvc_error_at(c->d, at(block), PVC_E_SYNTAX, "expected an indented block");
        return;
    }
    if (c->depth >= MAX_DEPTH) {
        pvc_error_at(c->d, at(block), PVC_E_LIMIT, "nested more than %d levels deep", MAX_DEPTH);
        return;
    }
    c->depth++;
    uint32_t cnt;
    TSNode *all = lw_kids(c, block, &cnt);
    pvc_arena_mark mark = pvc_arena_mark_now(c->kids);
    for (uint32_t i = 0; i < cnt && c->d->nerrors <= c->d->max_errors; i++) {
        lower_stmt(c, all[i], out, i == 0); /* stop once the error limit is reached */
        pvc_arena_release(c->kids, mark);
    }
    c->depth--;
}

/* Counts the statements that bind each name in n (assignments, augmented ones, for loops,
 * :=), nested defs excepted. */
static void count_binds(lower_ctx *c, TSNode n, int targets)
{
    if (is(c, n, PVC_N_FUNCTION_DEFINITION) || is(c, n, PVC_N_CLASS_DEFINITION))
        return;
    if (targets && is(c, n, PVC_N_IDENTIFIER)) {
        size_t len; /* the raw text: a keyword spelled as a name is reported where it is lowered */
        const char *t = pvc_node_text(c->cst, n, &len);
        const char *name = pvc_arena_strndup(c->m->arena, t, len);
        intptr_t k = (intptr_t)pvc_strmap_get(&c->binds, name);
        pvc_strmap_put(c->m->arena, &c->binds, name, (void *)(k + 1));
        return;
    }
    int bind = is(c, n, PVC_N_ASSIGNMENT) || is(c, n, PVC_N_AUGMENTED_ASSIGNMENT) || is(c, n, PVC_N_FOR_STATEMENT) ||
               is(c, n, PVC_N_NAMED_EXPRESSION);
    TSNode left = bind ? (is(c, n, PVC_N_NAMED_EXPRESSION) ? field(c, n, PVC_F_NAME) : field(c, n, PVC_F_LEFT)) : lw_null();
    uint32_t k;
    TSNode *all = lw_kids(c, n, &k);
    for (uint32_t i = 0; i < k; i++) {
        int t = targets || (bind && ts_node_eq(all[i], left));
        if (t && (is(c, all[i], PVC_N_SUBSCRIPT) || is(c, all[i], PVC_N_ATTRIBUTE)))
            continue; /* x[i] = v, s.f = v bind no name */
        count_binds(c, all[i], t);
    }
}

/* x = <constant>, x bound nowhere else in the function: x is a kernel-local constant. */
static void note_const(lower_ctx *c, TSNode left, TSNode right)
{
    if (c->frame || !is(c, left, PVC_N_IDENTIFIER))
        return;
    const char *name = lw_dup(c, left);
    if ((intptr_t)pvc_strmap_get(&c->binds, name) != 1)
        return;
    pvc_pyval *v = pv_eval(c, right, c->scope);
    if (v && (v->kind == PV_NONE || v->kind == PV_BOOL || v->kind == PV_INT || v->kind == PV_FLOAT ||
              v->kind == PV_STR || v->kind == PV_TUPLE || v->kind == PV_LIST || v->kind == PV_DTYPE ||
              v->kind == PV_ENUM))
        pvc_strmap_put(c->m->arena, &c->consts, name, v);
}

void lower_body(lower_ctx *c, TSNode block, pvc_block *out)
{
    if (!c->frame) {
        c->binds = (pvc_strmap){0};
        c->consts = (pvc_strmap){0};
        count_binds(c, block, 0);
    }
    uint32_t cnt;
    TSNode *all = lw_kids(c, block, &cnt);
    if (!is(c, block, PVC_N_BLOCK) || !cnt || !is(c, all[cnt - 1], PVC_N_RETURN_STATEMENT)) {
        lower_block(c, block, out);
        return;
    }
    c->depth++;
    for (uint32_t i = 0; i + 1 < cnt && c->d->nerrors <= c->d->max_errors; i++)
        lower_stmt(c, all[i], out, i == 0);
    lower_return(c, all[cnt - 1], out, 1);
    c->depth--;
}

/* ---- helpers: inlined at each call ---- */
/* 1 if a return statement occurs anywhere in n. */
static int has_return(lower_ctx *c, TSNode n)
{
    if (is(c, n, PVC_N_RETURN_STATEMENT))
        return 1;
    if (is(c, n, PVC_N_FUNCTION_DEFINITION) || is(c, n, PVC_N_CLASS_DEFINITION))
        return 0;
    uint32_t k;
    TSNode *all = lw_kids(c, n, &k);
    for (uint32_t i = 0; i < k; i++)
        if (has_return(c, all[i]))
            return 1;
    return 0;
}

typedef struct {
    TSNode *stmts;
    uint32_t n;
} stmt_list;

static void lower_tail(lower_ctx *c, stmt_list body, stmt_list cont, pvc_block *out, int top, int inloop);

/* return e (or e1, e2) in tail position: the values into the frame's result variables, or,
 * for the only return of a helper (its last statement), the values themselves. */
static void tail_return(lower_ctx *c, TSNode n, pvc_block *out, int direct)
{
    inline_frame *fr = c->frame;
    TSNode v = lw_kid(c, n, 0);
    TSNode items[8];
    uint32_t k = 0;
    if (ts_node_is_null(v) || is(c, v, PVC_N_NONE))
        k = 0;
    else if (is(c, v, PVC_N_EXPRESSION_LIST) || is(c, v, PVC_N_TUPLE)) {
        k = lw_count(c, v);
        for (uint32_t i = 0; i < k && i < 8; i++)
            items[i] = lw_kid(c, v, i);
    } else
        items[k++] = v;
    if (k > 8) {
        pvc_error_at(c->d, at(n), PVC_E_LIMIT, "a helper returns at most 8 values");
        return;
    }
    if (fr->nrets < 0)
        fr->nrets = (int)k;
    if (fr->nrets != (int)k) {
        pvc_error_at(c->d, at(n), PVC_E_RESULTS, "helper '%s' returns %u value%s here but %d elsewhere",
                     fr->name, k, k == 1 ? "" : "s", fr->nrets);
        return;
    }
    for (uint32_t i = 0; i < k; i++) {
        const char *nm = pvc_arena_printf(c->m->arena, "%sreturn%u", fr->prefix, i);
        pvc_value *val = NULL;
        if (lower_struct_return(c, items[i], nm, !direct, out, &val)) { /* a struct or tuple (§16.8) */
            if (!val)
                return;
            fr->rets[i] = val;
            continue;
        }
        if (!(val = lower_expr(c, items[i], out, NULL)))
            return;
        if (direct) {
            fr->rets[i] = val;
            continue;
        }
        pvc_value *r = pvc_var_named(c->m, c->f, nm, at(n));
        pvc_op *op = pvc_op_new(c->m, PVC_OP_ASSIGN, at(n));
        pvc_op_add_operand(c->m, op, val);
        if (r->type.kind == PVC_TY_ANY)
            r->type = val->type;
        pvc_op_add_result(c->m, op, r);
        pvc_block_append(c->m, out, op);
        fr->rets[i] = r;
    }
}

typedef struct {
    stmt_list cont;
    int inloop;                 /* loops of the helper around the branch */
} tail_arg;

static stmt_list block_stmts(lower_ctx *c, TSNode body)
{
    stmt_list l = {NULL, 0};
    if (!ts_node_is_null(body))
        l.stmts = lw_kids(c, body, &l.n);
    return l;
}

static void tail_branch(lower_ctx *c, TSNode body, pvc_block *out, void *arg)
{
    tail_arg *a = arg;
    lower_tail(c, block_stmts(c, body), a->cont, out, 0, a->inloop);
}

/* The body of a loop of the helper that holds a return: a return leaves the loop. */
static void loop_branch(lower_ctx *c, TSNode body, pvc_block *out, void *arg)
{
    tail_arg *a = arg;
    lower_tail(c, block_stmts(c, body), (stmt_list){NULL, 0}, out, 0, a->inloop + 1);
}

static pvc_value *cbool(lower_ctx *c, int v, pvc_span loc)
{
    pvc_value *k = pvc_const(c->m, PVC_V_BOOL, loc);
    k->i = v;
    k->type.kind = PVC_TY_BOOL;
    return k;
}

static void set_flag(lower_ctx *c, pvc_span loc, int v, pvc_block *out)
{
    pvc_op *op = pvc_op_new(c->m, PVC_OP_ASSIGN, loc);
    pvc_op_add_operand(c->m, op, cbool(c, v, loc));
    pvc_op_add_result(c->m, op, c->frame->returned);
    pvc_block_append(c->m, out, op);
}

/* A loop of the helper with a return inside (pypto_pro lowers a helper's return to a break
 * out of a loop around its body and a merge slot): the return sets <helper>.returned and
 * breaks; after the loop a set flag leaves the enclosing loop too, or ends the helper, and
 * the rest of the statements run only when it is clear. */
static void tail_loop(lower_ctx *c, TSNode s, stmt_list rest, pvc_block *out, int inloop)
{
    inline_frame *fr = c->frame;
    if (!fr->returned) {
        fr->returned = pvc_var_named(c->m, c->f, pvc_arena_printf(c->m->arena, "%sreturned", fr->prefix), at(s));
        fr->returned->type.kind = PVC_TY_BOOL;
    }
    set_flag(c, at(s), 0, out);
    tail_arg arg = {{NULL, 0}, inloop};
    if (is(c, s, PVC_N_FOR_STATEMENT))
        lower_for(c, s, out, loop_branch, &arg);
    else
        lower_while(c, s, out, loop_branch, &arg);
    pvc_op *op = pvc_op_new(c->m, PVC_OP_IF, at(s));
    pvc_op_add_operand(c->m, op, fr->returned);
    if (inloop)
        pvc_block_append(c->m, op->body, pvc_op_new(c->m, PVC_OP_BREAK, at(s)));
    lower_tail(c, rest, (stmt_list){NULL, 0}, op->orelse, 0, inloop);
    pvc_block_append(c->m, out, op);
}

/* The statements of a helper in tail position, then cont (what follows the enclosing if):
 * an if or a loop that returns somewhere carries the rest of the statements into its
 * branches; inside inloop loops of the helper a return breaks out (tail_loop). */
static void lower_tail(lower_ctx *c, stmt_list body, stmt_list cont, pvc_block *out, int top, int inloop)
{
    for (uint32_t i = 0; i < body.n + cont.n && c->d->nerrors <= c->d->max_errors; i++) {
        TSNode s = i < body.n ? body.stmts[i] : cont.stmts[i - body.n];
        if (is(c, s, PVC_N_RETURN_STATEMENT)) {
            tail_return(c, s, out, top && !inloop && c->frame->nrets < 0 && i + 1 == body.n + cont.n);
            if (inloop) {
                set_flag(c, at(s), 1, out);
                pvc_block_append(c->m, out, pvc_op_new(c->m, PVC_OP_BREAK, at(s)));
            }
            return; /* what follows is dead code */
        }
        int loop = is(c, s, PVC_N_FOR_STATEMENT) || is(c, s, PVC_N_WHILE_STATEMENT);
        if ((loop || is(c, s, PVC_N_IF_STATEMENT)) && has_return(c, s)) {
            stmt_list rest = {NULL, 0};
            uint32_t nrest = body.n + cont.n - i - 1;
            rest.stmts = pvc_arena_alloc(c->m->arena, ((size_t)nrest + 1) * sizeof *rest.stmts);
            for (uint32_t j = i + 1; j < body.n + cont.n; j++)
                rest.stmts[rest.n++] = j < body.n ? body.stmts[j] : cont.stmts[j - body.n];
            if (loop) {
                tail_loop(c, s, rest, out, inloop);
                return;
            }
            clause cl[64];
            int k = clauses_of(c, s, cl, 64);
            tail_arg arg = {rest, inloop};
            lower_clauses(c, cl, 0, k, out, tail_branch, &arg);
            return;
        }
        lower_stmt(c, s, out, i == 0);
    }
    if (inloop)
        return; /* the loop's next iteration */
    if (c->frame->nrets > 0)
        pvc_error_at(c->d, at(c->frame->def), PVC_E_RESULTS,
                     "helper '%s' ends without a return on some path but returns values on others",
                     c->frame->name);
    else
        c->frame->nrets = 0;
}

/* Parameters rebound in the helper's body: they get a variable of their own at entry. An
 * element write `x[i, j] = v` writes into x without rebinding it, so a tensor parameter stays
 * the kernel's (the simulator binds GM by kernel parameter, §6.1). */
static int rebinds(lower_ctx *c, TSNode n, const char *name)
{
    TSNode left = field(c, n, PVC_F_LEFT);
    if ((is(c, n, PVC_N_ASSIGNMENT) || is(c, n, PVC_N_AUGMENTED_ASSIGNMENT) || is(c, n, PVC_N_FOR_STATEMENT)) &&
        !(is(c, n, PVC_N_ASSIGNMENT) && is(c, left, PVC_N_SUBSCRIPT)) && mentions(c, left, name))
        return 1;
    uint32_t k;
    TSNode *all = lw_kids(c, n, &k);
    for (uint32_t i = 0; i < k; i++)
        if (rebinds(c, all[i], name))
            return 1;
    return 0;
}

static int bind_params(lower_ctx *c, inline_frame *fr, TSNode call, pvc_value **args, int nargs,
                       pvc_block *out)
{
    uint32_t k;
    TSNode *ps = lw_kids(c, field(c, fr->def, PVC_F_PARAMETERS), &k);
    if ((uint32_t)nargs > k) {
        pvc_error_at(c->d, at(call), PVC_E_ARGCOUNT, "helper '%s' takes %u argument%s, got %d", fr->name,
                     k, k == 1 ? "" : "s", nargs);
        return 0;
    }
    for (uint32_t i = 0; i < k; i++) {
        TSNode p = ps[i], name = p, dflt = {0};
        if (is(c, p, PVC_N_TYPED_PARAMETER))
            name = lw_kid(c, p, 0);
        else if (is(c, p, PVC_N_DEFAULT_PARAMETER) || is(c, p, PVC_N_TYPED_DEFAULT_PARAMETER)) {
            name = field(c, p, PVC_F_NAME);
            dflt = field(c, p, PVC_F_VALUE);
        }
        if (!is(c, name, PVC_N_IDENTIFIER)) {
            pvc_error_at(c->d, at(p), PVC_E_FUNCTION, "helper '%s': only plain parameters (with "
                         "defaults) can be inlined", fr->name);
            return 0;
        }
        pvc_value *v = (int)i < nargs ? args[i] : NULL;
        if (!v && ts_node_is_null(dflt)) {
            pvc_error_at(c->d, at(call), PVC_E_ARGCOUNT, "missing argument '%s' of helper '%s'",
                         lw_dup(c, name), fr->name);
            return 0;
        }
        if (!v) {
            pvc_pyval *d = pv_eval(c, dflt, fr->scope);
            if (!d || !(v = lower_pyval(c, d, dflt, out, NULL)))
                return 0;
        }
        const char *pn = lw_dup(c, name);
        if (rebinds(c, field(c, fr->def, PVC_F_BODY), pn)) { /* %helper.k.p = assign(arg) */
            size_t len = strlen(fr->prefix) + strlen(pn) + 1;
            char *full = pvc_arena_alloc(c->m->arena, len);
            snprintf(full, len, "%s%s", fr->prefix, pn);
            pvc_value *var = pvc_var_named(c->m, c->f, full, at(name));
            pvc_op *op = pvc_op_new(c->m, PVC_OP_ASSIGN, at(call));
            pvc_op_add_operand(c->m, op, v);
            if (var->type.kind == PVC_TY_ANY)
                var->type = v->type;
            pvc_op_add_result(c->m, op, var);
            pvc_block_append(c->m, out, op);
            lower_struct_alias(c, var, v); /* a struct passed by reference (§16.8) */
        } else {
            pvc_strmap_put(c->m->arena, &fr->params, pn, v);
        }
    }
    return 1;
}

int lower_inline(lower_ctx *c, const pvc_pyval *h, TSNode call, pvc_value **args, int nargs,
                 pvc_block *out, pvc_value **vals, int nvals, int *nret)
{
    if (!scope_helper_here(c, h)) { /* never shown: the lowering in parts is dropped */
        pvc_error_at(c->d, at(call), PVC_E_FUNCTION, "helper defined in an earlier part");
        return 0;
    }
    const char *name = lw_dup(c, field(c, h->node, PVC_F_NAME));
    int depth = 0;
    for (inline_frame *f = c->frame; f; f = f->up, depth++)
        if (ts_node_eq(f->def, h->node)) {
            pvc_error_at(c->d, at(call), PVC_E_FUNCTION, "recursive call of helper '%s' (pvc inlines "
                         "helper functions; a recursion needs compile-time arguments)", name);
            return 0;
        }
    if (depth >= MAX_INLINE) {
        pvc_error_at(c->d, at(call), PVC_E_LIMIT, "helper calls nested more than %d deep", MAX_INLINE);
        return 0;
    }
    inline_frame fr = {0};
    fr.up = c->frame;
    fr.name = name;
    fr.prefix = pvc_arena_printf(c->m->arena, "%s.%d.", name, ++c->ninlined);
    fr.scope = h->scope;
    fr.def = h->node;
    fr.nrets = -1;
    fr.rets = pvc_arena_alloc(c->m->arena, 8 * sizeof *fr.rets);
    loop_kind saved_loops[MAX_LOOPS];
    int saved_n = c->nloops;
    memcpy(saved_loops, c->loops, sizeof saved_loops);
    inline_frame *up = c->frame;
    int before = c->d->nerrors, ok = 1;
    c->frame = &fr;
    if (!bind_params(c, &fr, call, args, nargs, out)) {
        ok = 0;
    } else {
        c->nloops = 0; /* break/continue never leave the helper */
        c->depth++;
        lower_tail(c, block_stmts(c, field(c, h->node, PVC_F_BODY)), (stmt_list){NULL, 0}, out, 1, 0);
        c->depth--;
    }
    c->frame = up;
    c->nloops = saved_n;
    memcpy(c->loops, saved_loops, sizeof saved_loops);
    if (!ok || c->d->nerrors != before)
        return 0;
    *nret = fr.nrets < 0 ? 0 : fr.nrets;
    for (int i = 0; i < *nret && i < nvals; i++)
        vals[i] = fr.rets[i];
    return 1;
}
