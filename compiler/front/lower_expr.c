/* lower_expr.c - expressions and calls of a DSL function -> IR (lower.h).
 *
 * Every expression is first offered to the constant evaluator (pyval.c): what it computes
 * at compile time becomes a constant (a tuple a `list` op). The rest is built as IR:
 *   a + b, -, *, /, //, %, <<, >>, &, |, ^   py.add ... py.bitxor (one op each)
 *   -a, ~a, not a                             py.neg, py.invert, py.not
 *   a < b (chained), ==, !=, <=, >, >=        py.lt ... (a chain: `and` of its links)
 *   a and b, a or b                           %t = py.bool(a); if(%t) { %t = py.bool(b) }
 *                                             (or: the else block); b runs only when needed
 *   x if c else y                             if(c) { %t = x } else { %t = y }
 *   vf.op(p, k=v), pl.op(...)                 the op of ops.h, operands [p], attrs {k: v}
 *   min(a, b), pl.min(a, b), max, pl.max      py.min / py.max (more arguments: a chain)
 *   kernel_vf(a, b)                           call(a, b) callee=@kernel_vf
 *   helper(a, b)                              the helper's body inlined (lower_stmt.c), or
 *                                             its value when every argument is a constant
 *   grp.current(), grp[i]                     tile_group.current(%grp), tile_group[](%grp, i)
 *   x.shape[i], t[r0:r1, c0:c1]               tensor.shape[](%x, i), tile[:](%t, r0, r1, c0, c1)
 */
#include "front/lower.h"

/* ---- variables ---- */
static const char *local_name(const lower_ctx *c, const char *name)
{
    if (!c->frame)
        return name;
    size_t n = strlen(c->frame->prefix) + strlen(name) + 1;
    char *s = pvc_arena_alloc(c->m->arena, n);
    snprintf(s, n, "%s%s", c->frame->prefix, name);
    return s;
}

pvc_value *lower_find_var(const lower_ctx *c, const char *name)
{
    return c->f ? pvc_var_find(c->f, local_name(c, name)) : NULL;
}

static int is_reserved(const char *s, size_t len)
{
    return len == 2 && (!memcmp(s, "pl", 2) || !memcmp(s, "vf", 2));
}

pvc_value *target_var(lower_ctx *c, TSNode n)
{
    if (!is(c, n, PVC_N_IDENTIFIER)) {
        pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED,
                     "assignment target must be a name or a tuple of names");
        return NULL;
    }
    size_t len;
    const char *t = text(c, n, &len);
    if (is_reserved(t, len)) {
        pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED, "'%.*s' is a reserved namespace", (int)len, t);
        return NULL;
    }
    return pvc_var_named(c->m, c->f, local_name(c, lw_dup(c, n)), at(n));
}

/* ---- results ---- */
static pvc_value *result_var(lower_ctx *c, TSNode n, const TSNode *dest)
{
    return dest ? target_var(c, *dest) : pvc_var_temp(c->m, c->f, at(n));
}

pvc_value *append_with_result(lower_ctx *c, TSNode n, pvc_block *out, const TSNode *dest,
                              pvc_op *op, pvc_type_kind kind)
{
    pvc_value *r = result_var(c, n, dest);
    if (!r)
        return NULL;
    if (r->type.kind == PVC_TY_ANY)
        r->type.kind = kind;
    pvc_op_add_result(c->m, op, r);
    pvc_block_append(c->m, out, op);
    return r;
}

pvc_value *assign_leaf(lower_ctx *c, TSNode n, pvc_block *out, pvc_value *v, const TSNode *dest)
{
    if (!v || !dest)
        return v;
    pvc_value *d = target_var(c, *dest);
    if (!d)
        return NULL;
    pvc_op *op = pvc_op_new(c->m, PVC_OP_ASSIGN, at(n));
    pvc_op_add_operand(c->m, op, v);
    if (d->type.kind == PVC_TY_ANY)
        d->type = v->type;
    pvc_op_add_result(c->m, op, d);
    pvc_block_append(c->m, out, op);
    return d;
}

/* ---- compile-time values ---- */
pvc_value *lower_pyval(lower_ctx *c, const pvc_pyval *v, TSNode n, pvc_block *out, const TSNode *dest)
{
    static const pvc_value_kind simple[] = {
        [PV_NONE] = PVC_V_NONE, [PV_BOOL] = PVC_V_BOOL, [PV_INT] = PVC_V_INT,
        [PV_FLOAT] = PVC_V_FLOAT, [PV_DTYPE] = PVC_V_DTYPE, [PV_ENUM] = PVC_V_ENUM,
        [PV_DIM] = PVC_V_DIM,
    };
    size_t len;
    const char *t = text(c, n, &len);
    int tl = (int)(len > 60 ? 60 : len);
    switch (v->kind) {
    case PV_NONE: case PV_BOOL: case PV_INT: case PV_FLOAT: case PV_DTYPE: case PV_ENUM: case PV_DIM: {
        pvc_value *k = pvc_const(c->m, simple[v->kind], at(n));
        k->i = v->i;
        k->f = v->f;
        if (v->kind == PV_ENUM) {
            k->ns = k->type.ns = v->ns;
            k->name = pvc_enum_member_name(v->ns, v->i);
        }
        return assign_leaf(c, n, out, k, dest);
    }
    case PV_STR: {
        if (!c->allow_str) {
            pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED, "strings are not supported in a DSL function");
            return NULL;
        }
        pvc_value *k = pvc_const(c->m, PVC_V_STR, at(n));
        k->name = v->s;
        k->i = (int64_t)v->len;
        return assign_leaf(c, n, out, k, dest);
    }
    case PV_TUPLE: case PV_LIST: {
        if (v->n > pvc_ops[PVC_OP_LIST].max_pos) {
            pvc_error_at(c->d, at(n), PVC_E_LIMIT, "list has more than %d elements",
                         pvc_ops[PVC_OP_LIST].max_pos);
            return NULL;
        }
        pvc_op *op = pvc_op_new(c->m, PVC_OP_LIST, at(n));
        for (int i = 0; i < v->n; i++) {
            pvc_value *e = lower_pyval(c, v->items[i], n, out, NULL);
            if (!e)
                return NULL;
            pvc_op_add_operand(c->m, op, e);
        }
        return append_with_result(c, n, out, dest, op, PVC_TY_LIST);
    }
    case PV_NS:
        pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED, "'%.*s' is an enum namespace; name one of its members",
                     tl, t);
        return NULL;
    case PV_MODULE:
        pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED, "'%.*s' is a namespace, not a value", tl, t);
        return NULL;
    case PV_BUILTIN: case PV_HELPER: case PV_DSL:
        pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED, "function '%.*s' used as a value", tl, t);
        return NULL;
    case PV_OPAQUE:
        pvc_error_at(c->d, at(n), (pvc_diag_kind)v->i, "%s", v->s);
        return NULL;
    }
    return NULL;
}

/* ---- names ---- */
/* A DSL name that is not a value: an op, an unknown pl. name, a non-member (pl.NS.X). */
static void bad_dsl_name(lower_ctx *c, TSNode n, const char *name)
{
    int code = pvc_op_lookup(name, strlen(name));
    const char *dot = strchr(name + 3, '.');
    int ns = !strncmp(name, "pl.", 3) && dot ? pvc_enum_ns_lookup(name + 3, (size_t)(dot - name - 3)) : -1;
    if (code >= 0)
        pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED, "'%s' must be called", name);
    else if (ns >= 0)
        pvc_error_at(c->d, at(n), PVC_E_UNKNOWN_NAME, "'%s' is not a member of pl.%s", dot + 1,
                     pvc_enum_ns_name(ns));
    else
        pvc_error_at(c->d, at(n), PVC_E_UNKNOWN_NAME, "unknown %s '%s'", name[0] == 'v' ? "op" : "name", name);
}

static pvc_value *lower_attribute(lower_ctx *c, TSNode n)
{
    const char *name = scope_canon(c, n, c->scope);
    if (name) {
        bad_dsl_name(c, n, name);
        return NULL;
    }
    TSNode parts[16];
    int np = lw_chain(c, n, parts, 16);
    size_t len;
    const char *t = text(c, n, &len);
    if (np >= 2 && lw_poisoned(c, local_name(c, lw_dup(c, parts[0]))))
        return NULL;
    if (np >= 2 && !lower_find_var(c, lw_dup(c, parts[0])) && !scope_resolve(c, parts[0], c->scope)) {
        pvc_error_at(c->d, at(parts[0]), PVC_E_UNDEFINED, "undefined variable '%s'", lw_dup(c, parts[0]));
        return NULL;
    }
    pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED, "attribute access '%.*s' on a value is not supported",
                 (int)(len > 60 ? 60 : len), t);
    return NULL;
}

/* A name that did not evaluate to a constant: a variable, a helper parameter, or an error. */
static pvc_value *lower_identifier(lower_ctx *c, TSNode n)
{
    const char *name = lw_dup(c, n);
    pvc_value *v = lower_find_var(c, name);
    if (v)
        return v;
    if (c->frame && (v = pvc_strmap_get(&c->frame->params, name)))
        return v;
    if (lw_poisoned(c, local_name(c, name)))
        return NULL; /* its assignment already failed with an error */
    pvc_pyval *pv = scope_lookup(c->frame ? c->frame->scope : c->scope, name);
    if (pv)
        return lower_pyval(c, pv, n, NULL, NULL);
    pvc_error_at(c->d, at(n), PVC_E_UNDEFINED, "undefined variable '%s'", name);
    return NULL;
}

/* ---- calls ---- */
/* "tile offset" -> "tile, offset" for messages (the first `limit` names, -1: all). */
static const char *commas_n(const char *list, int limit, char *buf, size_t size)
{
    size_t k = 0, len;
    int names = 0;
    for (const char *p = list; (p = pvc_param_next(p, &len)) && (limit < 0 || names < limit); p += len) {
        if (names++ && k + 2 < size) {
            buf[k++] = ',';
            buf[k++] = ' ';
        }
        for (size_t i = 0; i < len && k + 1 < size; i++)
            buf[k++] = p[i];
    }
    buf[k] = '\0';
    return buf;
}

static const char *commas(const char *list, char *buf, size_t size)
{
    return commas_n(list, -1, buf, size);
}

/* Reads an argument_list into the op: positionals as operands, keywords as attrs. */
static int lower_args(lower_ctx *c, TSNode args, pvc_op *op, pvc_block *out, int *npos)
{
    int ok = 1, seen_kw = 0;
    *npos = 0;
    uint32_t cnt;
    TSNode *all = lw_kids(c, args, &cnt);
    for (uint32_t i = 0; i < cnt; i++) {
        TSNode a = all[i];
        if (is(c, a, PVC_N_KEYWORD_ARGUMENT)) {
            seen_kw = 1;
            TSNode key = field(c, a, PVC_F_NAME);
            const char *k = lw_dup(c, key);
            if (pvc_op_attr(op, k)) {
                pvc_error_at(c->d, at(key), PVC_E_KEYWORD, "keyword argument '%s' repeated", k);
                ok = 0;
                continue;
            }
            /* a string scale= is the fixpipe check's to refuse, in pypto_pro's words (§17.6) */
            c->allow_str = (!strcmp(k, "scale") && (op->code == PVC_OP_PL_STORE || op->code == PVC_OP_PL_STORE_TILE ||
                                                    op->code == PVC_OP_PL_MOVE)) ||
                           (!strcmp(k, "flag") && op->code == PVC_OP_PL_DUMP_DATA); /* dump_data's label */
            pvc_value *v = lower_expr(c, field(c, a, PVC_F_VALUE), out, NULL);
            c->allow_str = 0;
            if (v)
                pvc_op_add_attr(c->m, op, k, v, at(key));
            else
                ok = 0;
        } else if (is(c, a, PVC_N_LIST_SPLAT) || is(c, a, PVC_N_DICTIONARY_SPLAT) ||
                   is(c, a, PVC_N_PARENTHESIZED_LIST_SPLAT)) {
            pvc_error_at(c->d, at(a), PVC_E_UNSUPPORTED, "argument unpacking is not supported");
            ok = 0;
        } else if (seen_kw) {
            pvc_error_at(c->d, at(a), PVC_E_SYNTAX, "positional argument follows keyword argument");
            ok = 0;
        } else {
            c->allow_str = (op->code == PVC_OP_PL_PRINTF && *npos == 0) ||
                           (op->code == PVC_OP_PL_PTO_ASSERT && *npos == 1); /* the format */
            pvc_value *v = lower_expr(c, a, out, NULL);
            c->allow_str = 0;
            if (v)
                pvc_op_add_operand(c->m, op, v);
            else
                ok = 0;
            ++*npos;
        }
    }
    return ok;
}

/* Checks counts and keywords against the op table row (ops.h). */
static int check_signature(lower_ctx *c, TSNode call, const pvc_op *op, int npos)
{
    const pvc_opinfo *info = &pvc_ops[op->code];
    const char *name = info->name;
    char buf[160];
    int ok = 1, maxp = info->max_pos;
    if (npos > maxp) {
        pvc_error_at(c->d, at(call), PVC_E_ARGCOUNT,
                     "%s takes at most %d positional argument%s%s%s%s, got %d", name, maxp,
                     maxp == 1 ? "" : "s", maxp ? " (" : "", commas(info->pos, buf, sizeof buf),
                     maxp ? ")" : "", npos);
        ok = 0;
    }
    unsigned given = npos >= 32 ? ~0u : npos <= 0 ? 0u : (1u << npos) - 1; /* positional slots filled */
    for (int i = 0; i < op->nattrs; i++) {
        const pvc_attr *a = &op->attrs[i];
        int pi = pvc_param_index(info->pos, a->key, strlen(a->key));
        if (pi >= 0 && pi < npos) {
            pvc_error_at(c->d, a->loc, PVC_E_KEYWORD,
                         "argument '%s' of %s given both by position and by keyword", a->key, name);
            ok = 0;
        } else if (pi >= 0 && pi < pvc_param_posonly(info->pos)) {
            pvc_error_at(c->d, a->loc, PVC_E_KEYWORD, "%s takes '%s' by position only (argument %d), not as a keyword",
                         name, a->key, pi + 1);
            given |= 1u << (pi & 31); /* named, so not also "missing" */
            ok = 0;
        } else if (pi >= 0) {
            given |= 1u << (pi & 31);
        } else if (pvc_param_index(info->kw, a->key, strlen(a->key)) < 0) {
            char all[512];
            snprintf(all, sizeof all, "%s%s%s", info->pos, info->pos[0] && info->kw[0] ? " " : "",
                     info->kw);
            if (all[0])
                pvc_error_at(c->d, a->loc, PVC_E_KEYWORD,
                             "unexpected keyword argument '%s' for %s (accepted: %s)", a->key, name,
                             commas(all, buf, sizeof buf));
            else
                pvc_error_at(c->d, a->loc, PVC_E_KEYWORD,
                             "%s takes no keyword arguments ('%s' given)", name, a->key);
            ok = 0;
        }
    }
    for (int i = 0; i < info->min_pos; i++)
        if (!(given & (1u << i))) {
            char missing[64];
            const char *names = commas_n(info->pos, info->min_pos, buf, sizeof buf);
            size_t len = 0;
            const char *p = pvc_param_next(info->pos, &len);
            for (int k = 0; k < i; k++) /* skip to the i-th name */
                p = pvc_param_next(p + len, &len);
            snprintf(missing, sizeof missing, "%.*s", (int)len, p);
            pvc_error_at(c->d, at(call), PVC_E_ARGCOUNT,
                         "missing argument '%s' of %s (required: %s)", missing, name, names);
            ok = 0;
            break;
        }
    return ok;
}

/* Gives the op its result variables: the assignment targets, or one temporary. */
static int bind_results(lower_ctx *c, TSNode call, pvc_op *op, const TSNode *targets, int ntargets)
{
    const pvc_opinfo *info = &pvc_ops[op->code];
    if (ntargets > info->nres) {
        if (info->nres == 0)
            pvc_error_at(c->d, at(call), PVC_E_RESULTS, "%s returns no value",
                         op->code == PVC_OP_CALL ? "a vector function call" : info->name);
        else
            pvc_error_at(c->d, at(call), PVC_E_RESULTS, "%s returns at most %d value%s, not %d",
                         info->name, info->nres, info->nres == 1 ? "" : "s", ntargets);
        return 0;
    }
    for (int i = 0; i < ntargets; i++) {
        pvc_value *t = targets ? target_var(c, targets[i]) : pvc_var_temp(c->m, c->f, at(call));
        if (!t)
            return 0;
        if (t->type.kind == PVC_TY_ANY)
            t->type.kind = info->result;
        pvc_op_add_result(c->m, op, t);
    }
    return 1;
}

/* vf.x / pl.x / pl.system.x by canonical name. */
static pvc_op *namespace_op(lower_ctx *c, TSNode fn, const char *name)
{
    int code = pvc_op_lookup(name, strlen(name));
    if (code < 0 && pvc_legacy_op_hint(name)) {
        pvc_error_at(c->d, at(fn), PVC_E_UNKNOWN_NAME, "'%s' is a legacy name nothing lowers; write %s "
                     "(§10.17)", name, pvc_legacy_op_hint(name));
        return NULL;
    }
    if (code < 0 || (pvc_ops[code].flags & PVC_OPF_CORE)) {
        pvc_error_at(c->d, at(fn), PVC_E_UNKNOWN_NAME, "unknown %s '%s'", name[0] == 'v' ? "op" : "name", name);
        return NULL;
    }
    if (pvc_ops[code].flags & PVC_OPF_ANNOT) {
        pvc_error_at(c->d, at(fn), PVC_E_UNSUPPORTED, "'%s' is only allowed as a parameter annotation",
                     name);
        return NULL;
    }
    if (pvc_ops[code].flags & PVC_OPF_BLOCK) {
        pvc_error_at(c->d, at(fn), PVC_E_UNSUPPORTED, "'%s' is only allowed as the %s", name,
                     code == PVC_OP_PL_RANGE ? "iterable of a for loop" : "context of a with statement");
        return NULL;
    }
    return pvc_op_new(c->m, (pvc_opcode)code, at(fn));
}

/* grp.current(): receiver variable + method row "tile_group.<m>". */
static pvc_op *method_op(lower_ctx *c, TSNode fn, pvc_block *out)
{
    TSNode obj = field(c, fn, PVC_F_OBJECT), meth = field(c, fn, PVC_F_ATTRIBUTE);
    size_t len;
    const char *m = text(c, meth, &len);
    const char *name = pvc_arena_printf(c->m->arena, "tile_group.%.*s", (int)len, m);
    int code = pvc_op_lookup(name, strlen(name));
    if (!is(c, obj, PVC_N_IDENTIFIER) && !is(c, obj, PVC_N_ATTRIBUTE)) { /* t.grp.next(): a tuple's group */
        pvc_error_at(c->d, at(fn), PVC_E_UNSUPPORTED, "method call on an expression is not supported");
        return NULL;
    }
    pvc_value *recv = lower_expr(c, obj, out, NULL);
    if (!recv)
        return NULL;
    if (code < 0 || !(pvc_ops[code].flags & PVC_OPF_METHOD)) {
        pvc_error_at(c->d, at(meth), PVC_E_UNKNOWN_NAME,
                     "unknown method '%.*s' (tile groups have current, next, previous)", (int)len, m);
        return NULL;
    }
    pvc_op *op = pvc_op_new(c->m, (pvc_opcode)code, at(fn));
    pvc_op_add_operand(c->m, op, recv);
    return op;
}

/* kernel_vf(a, b) from a jit kernel or a vector function (pypto_pro inlines a vector
 * function into its caller; pvc calls it). */
static pvc_op *user_call(lower_ctx *c, TSNode fn, const pvc_pyval *target)
{
    pvc_func *callee = target->func;
    const char *name = lw_dup(c, fn);
    if (callee->kind != PVC_FN_VECTOR) {
        pvc_error_at(c->d, at(fn), PVC_E_FUNCTION, "'%s' is a @pl.jit kernel: only a "
                     "@pl.vector_function can be called", name);
        return NULL;
    }
    pvc_op *op = pvc_op_new(c->m, PVC_OP_CALL, at(fn));
    pvc_value *k = pvc_const(c->m, PVC_V_FUNC, at(fn));
    k->name = callee->name;
    pvc_op_add_attr(c->m, op, "callee", k, at(fn));
    return op;
}

/* The positional argument values of a call (helpers and builtins take no keywords). */
static pvc_value **plain_args(lower_ctx *c, TSNode call, TSNode args, pvc_block *out, int *n,
                              const char *what)
{
    uint32_t cnt;
    TSNode *all = lw_kids(c, args, &cnt);
    pvc_value **vals = pvc_arena_alloc(c->m->arena, ((size_t)cnt + 1) * sizeof *vals);
    int ok = 1;
    for (uint32_t i = 0; i < cnt; i++) {
        if (!is(c, all[i], PVC_N_KEYWORD_ARGUMENT) && !is(c, all[i], PVC_N_LIST_SPLAT) &&
            !is(c, all[i], PVC_N_DICTIONARY_SPLAT) && !is(c, all[i], PVC_N_PARENTHESIZED_LIST_SPLAT)) {
            ok &= (vals[i] = lower_expr(c, all[i], out, NULL)) != NULL;
            continue;
        }
        pvc_error_at(c->d, at(all[i]), PVC_E_UNSUPPORTED, "a call of %s takes positional arguments only",
                     what);
        return NULL;
    }
    (void)call;
    *n = (int)cnt;
    return ok ? vals : NULL;
}

/* min/max of run-time scalars: a chain of py.min / py.max, left to right as Python scans. */
static pvc_value *minmax_call(lower_ctx *c, TSNode call, pvc_opcode code, pvc_value **a, int n,
                              pvc_block *out, const TSNode *dest)
{
    if (n < 2) {
        pvc_error_at(c->d, at(call), PVC_E_ARGCOUNT, "%s of run-time values takes at least 2 arguments",
                     code == PVC_OP_PY_MIN ? "min" : "max");
        return NULL;
    }
    pvc_value *acc = a[0];
    for (int i = 1; i < n; i++) {
        pvc_op *op = pvc_op_new(c->m, code, at(call));
        pvc_op_add_operand(c->m, op, acc);
        pvc_op_add_operand(c->m, op, a[i]);
        acc = append_with_result(c, call, out, i == n - 1 ? dest : NULL, op, PVC_TY_ANY);
        if (!acc)
            return NULL;
    }
    return acc;
}

/* Calls of a name: a vector function, a helper, or a builtin on run-time values. Returns 1
 * when n was one of them (*handled set), with its value in *value. */
static int named_call(lower_ctx *c, TSNode n, TSNode fn, pvc_block *out, const TSNode *targets,
                      int ntargets, pvc_value **value, pvc_op **opp)
{
    const char *name = lw_dup(c, fn);
    TSNode args = field(c, n, PVC_F_ARGUMENTS);
    if (lower_find_var(c, name) || (c->frame && pvc_strmap_get(&c->frame->params, name))) {
        pvc_error_at(c->d, at(fn), PVC_E_UNSUPPORTED, "'%s' is a value, not a function", name);
        return 0;
    }
    pvc_pyval *t = scope_callee(c, fn, c->scope);
    if (t && t->kind == PV_DSL) {
        *opp = user_call(c, fn, t);
        return *opp != NULL;
    }
    if (t && t->kind == PV_HELPER && t->ns && !c->simt) {
        pvc_error_at(c->d, at(fn), PVC_E_FUNCTION, "'%s' is a @pl.simt.function: a kernel runs it with "
                     "pl.simt.launch(%s, threads=..., args=(...))", name, name);
        return 0;
    }
    if (t && t->kind == PV_HELPER) {
        int na, nret;
        pvc_value **a = plain_args(c, n, args, out, &na, "a helper function");
        pvc_value *vals[8];
        int want = ntargets > 1 ? ntargets : 1;
        if (!a || !lower_inline(c, t, n, a, na, out, vals, 8, &nret))
            return 0;
        if (ntargets > 1 || (value && nret != 1)) {
            if (nret != want) {
                pvc_error_at(c->d, at(n), PVC_E_RESULTS, "'%s' returns %d value%s here, not %d", name,
                             nret, nret == 1 ? "" : "s", want);
                return 0;
            }
        }
        for (int i = 0; i < ntargets && i < nret; i++) {
            pvc_value *v = targets ? assign_leaf(c, n, out, vals[i], &targets[i]) : vals[i];
            if (!v)
                return 0;
            if (v != vals[i])
                lower_struct_alias(c, v, vals[i]); /* a returned struct or tuple (§16.8) */
            if (i == 0 && value)
                *value = v;
        }
        if (!ntargets && value)
            *value = nret ? vals[0] : NULL;
        return 1;
    }
    if (t && t->kind == PV_BUILTIN && (t->i == PVB_MIN || t->i == PVB_MAX)) {
        int na;
        pvc_value **a = plain_args(c, n, args, out, &na, t->i == PVB_MIN ? "min" : "max");
        if (!a)
            return 0;
        if (ntargets > 1) {
            pvc_error_at(c->d, at(n), PVC_E_RESULTS, "min/max return one value, not %d", ntargets);
            return 0;
        }
        pvc_value *r = minmax_call(c, n, t->i == PVB_MIN ? PVC_OP_PY_MIN : PVC_OP_PY_MAX, a, na, out,
                                   targets ? &targets[0] : NULL);
        if (value)
            *value = r;
        return r != NULL;
    }
    if (t && t->kind == PV_BUILTIN && t->i == PVB_BOOL && lw_count(c, args) == 1) {
        pvc_value *a = lower_expr(c, lw_kid(c, args, 0), out, NULL);
        pvc_op *op = pvc_op_new(c->m, PVC_OP_PY_BOOL, at(n));
        if (!a)
            return 0;
        pvc_op_add_operand(c->m, op, a);
        pvc_value *r = append_with_result(c, n, out, targets ? &targets[0] : NULL, op, PVC_TY_BOOL);
        if (value)
            *value = r;
        return r != NULL;
    }
    if (t && t->kind == PV_BUILTIN && t->i == PVB_FLOAT && lw_count(c, args) == 1) {
        /* float(x) at run time: x * 1.0 is float(x) for an int and x itself for a float
         * (-0.0 and NaN kept, where x + 0.0 would turn -0.0 into 0.0) */
        pvc_value *a = lower_expr(c, lw_kid(c, args, 0), out, NULL);
        if (!a)
            return 0;
        pvc_op *op = pvc_op_new(c->m, PVC_OP_PY_MUL, at(n));
        pvc_op_add_operand(c->m, op, a);
        pvc_value *one = pvc_const(c->m, PVC_V_FLOAT, at(n));
        one->f = 1.0;
        pvc_op_add_operand(c->m, op, one);
        pvc_value *r = append_with_result(c, n, out, targets ? &targets[0] : NULL, op, PVC_TY_ANY);
        if (value)
            *value = r;
        return r != NULL;
    }
    if (t && t->kind == PV_OPAQUE) {
        pvc_error_at(c->d, at(fn), (pvc_diag_kind)t->i, "%s", t->s);
        return 0;
    }
    if (!strcmp(name, "range") && (!t || t->kind == PV_BUILTIN))
        pvc_error_at(c->d, at(fn), PVC_E_UNDEFINED, "undefined function 'range' (use pl.range)");
    else if (t && t->kind == PV_BUILTIN)
        pvc_error_at(c->d, at(n), PVC_E_NOT_CONST, "%s() of a run-time value is not supported "
                     "(pvc computes it only from compile-time constants)", name);
    else
        pvc_error_at(c->d, at(fn), PVC_E_UNDEFINED,
                     "undefined function '%s' (not a @pl.vector_function or helper of this file)", name);
    return 0;
}

int lower_call(lower_ctx *c, TSNode n, pvc_block *out, const TSNode *targets, int ntargets,
                     pvc_value **value)
{
    TSNode fn = field(c, n, PVC_F_FUNCTION), args = field(c, n, PVC_F_ARGUMENTS);
    pvc_op *op = NULL;
    const char *name;
    if (!is(c, args, PVC_N_ARGUMENT_LIST)) {
        pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED, "generator argument is not supported");
        return 0;
    }
    if (is(c, fn, PVC_N_ATTRIBUTE) && (name = scope_canon(c, fn, c->scope))) {
        if (lower_struct_call(c, n, name, out, targets, ntargets, value))
            return value ? *value != NULL : 1;
        if (!strcmp(name, "pl.set_stride")) {
            if (value)
                *value = NULL;
            return lower_set_stride(c, n, out);
        }
        int ptr = lower_ptr_call(c, n, name, out, targets, ntargets, value);
        if (ptr)
            return ptr > 0;
        int simt = lower_simt_call(c, n, name, out, targets, ntargets, value);
        if (simt)
            return simt > 0;
        if (!strcmp(name, "pl.min") || !strcmp(name, "pl.max")) {
            int na;
            pvc_value **a = plain_args(c, n, args, out, &na, name);
            pvc_value *r = a ? minmax_call(c, n, name[3] == 'm' && name[4] == 'i' ? PVC_OP_PY_MIN
                                                                                  : PVC_OP_PY_MAX,
                                           a, na, out, targets && ntargets == 1 ? &targets[0] : NULL)
                             : NULL;
            if (value)
                *value = r;
            return r != NULL;
        }
        if (!strcmp(name, "pl.constexpr")) { /* pypto_pro evaluates its argument when it parses */
            uint32_t na;
            TSNode *a = lw_kids(c, args, &na);
            pvc_pyval *v = na == 1 && !is(c, a[0], PVC_N_KEYWORD_ARGUMENT) ? pv_eval(c, a[0], c->scope) : NULL;
            if (!v || v->kind == PV_OPAQUE) {
                pvc_error_at(c->d, at(n), PVC_E_NOT_CONST, "pl.constexpr takes one value known when the kernel "
                             "compiles (a constant, a module name, a compile-time parameter)");
                return 0;
            }
            pvc_value *r = lower_pyval(c, v, n, out, targets && ntargets == 1 ? &targets[0] : NULL);
            if (value)
                *value = r;
            return r != NULL;
        }
        op = namespace_op(c, fn, name);
    } else if (is(c, fn, PVC_N_ATTRIBUTE)) {
        op = method_op(c, fn, out);
    } else if (is(c, fn, PVC_N_IDENTIFIER)) {
        if (!named_call(c, n, fn, out, targets, ntargets, value, &op))
            return 0;
        if (!op)
            return 1; /* a helper or builtin: its value is already there */
    } else {
        pvc_error_at(c->d, at(fn), PVC_E_UNSUPPORTED, "call target is not supported");
        return 0;
    }
    if (!op)
        return 0;
    op->loc = at(n);
    int npos;
    int ok = lower_args(c, args, op, out, &npos);
    if (op->code == PVC_OP_CALL) {
        const pvc_value *callee = op->attrs[0].val;
        pvc_func *f = pvc_func_find(c->m, callee->name);
        if (op->nattrs > 1) {
            pvc_error_at(c->d, op->attrs[1].loc, PVC_E_KEYWORD,
                         "keyword arguments to a vector function are not supported");
            ok = 0;
        } else if (ok && npos != f->nparams) {
            pvc_error_at(c->d, at(n), PVC_E_ARGCOUNT, "%s takes %d argument%s, got %d",
                         callee->name, f->nparams, f->nparams == 1 ? "" : "s", npos);
            ok = 0;
        }
    } else if (ok) {
        ok = check_signature(c, n, op, npos); /* npos excludes a method's receiver */
    }
    if (ok && (op->code == PVC_OP_PL_SSBUF_STORE || op->code == PVC_OP_PL_SSBUF_LOAD)) {
        /* the struct's size, which only the front end's struct bindings know (§16.8) */
        const lw_sbind *s = lower_sbind(c, op->operands[0]);
        uint32_t na;
        TSNode *a = lw_kids(c, args, &na);
        if (!s || s->count != 0) {
            pvc_error_at(c->d, at(a[0]), PVC_E_STRUCT, "%s copies a named struct (x = pl.struct(...)), "
                         "not %s", pvc_ops[op->code].name, s ? "a pl.struct_array" : "this value");
            ok = 0;
        } else {
            pvc_value *k = pvc_const(c->m, PVC_V_INT, op->loc);
            k->i = s->L->size;
            pvc_op_add_attr(c->m, op, "bytes", k, op->loc);
            op->operands[0] = s->addr;
        }
    }
    if (ok && op->code == PVC_OP_PL_PTO_ASSERT) { /* the message names the condition as written */
        uint32_t na;
        TSNode *a = lw_kids(c, args, &na);
        pvc_value *s = pvc_const(c->m, PVC_V_STR, at(a[0]));
        s->name = lw_dup(c, a[0]);
        s->i = (int64_t)strlen(s->name);
        pvc_op_add_attr(c->m, op, "condition_text", s, at(a[0]));
    }
    /* a statement keeps a value op's result in a temporary: `grp.next()` still rotates */
    int want = value && !ntargets ? 1 : ntargets;
    if (!value && !ntargets && op->code != PVC_OP_CALL && pvc_ops[op->code].nres > 0)
        want = 1;
    if (!ok || !bind_results(c, n, op, targets, want))
        return 0;
    pvc_block_append(c->m, out, op);
    if (value)
        *value = op->nresults ? op->results[0] : NULL;
    return 1;
}

/* ---- expressions ---- */
/* The op of a binary operator token; `x += y` passes "+=", whose '=' is dropped. */
static pvc_opcode binop_code(lower_ctx *c, TSNode optok)
{
    size_t len;
    const char *t = text(c, optok, &len);
    if (len > 1 && t[len - 1] == '=')
        len--;
    static const struct {
        const char *tok;
        pvc_opcode code;
    } binops[] = {{"+", PVC_OP_PY_ADD}, {"-", PVC_OP_PY_SUB}, {"*", PVC_OP_PY_MUL},
                  {"/", PVC_OP_PY_TRUEDIV}, {"//", PVC_OP_PY_FLOORDIV}, {"%", PVC_OP_PY_MOD},
                  {"&", PVC_OP_PY_BITAND}, {"|", PVC_OP_PY_BITOR}, {"^", PVC_OP_PY_BITXOR},
                  {"<<", PVC_OP_PY_LSHIFT}, {">>", PVC_OP_PY_RSHIFT}};
    for (size_t i = 0; i < sizeof binops / sizeof binops[0]; i++)
        if (strlen(binops[i].tok) == len && !memcmp(binops[i].tok, t, len))
            return binops[i].code;
    return PVC_OP_NONE;
}

pvc_value *lower_binop(lower_ctx *c, TSNode n, TSNode optok, pvc_value *l, pvc_value *r,
                       pvc_block *out, const TSNode *dest)
{
    pvc_opcode code = binop_code(c, optok);
    if (code == PVC_OP_NONE) {
        size_t len;
        const char *t = text(c, optok, &len);
        pvc_error_at(c->d, at(optok), PVC_E_UNSUPPORTED,
                     "operator '%.*s' on run-time values is not supported (the DSL has + - * / // "
                     "%% << >> & | ^)", (int)len, t);
        return NULL;
    }
    if (!l || !r)
        return NULL;
    pvc_op *op = pvc_op_new(c->m, code, at(n));
    pvc_op_add_operand(c->m, op, l);
    pvc_op_add_operand(c->m, op, r);
    return append_with_result(c, n, out, dest, op, PVC_TY_ANY);
}

static pvc_value *lower_binary(lower_ctx *c, TSNode n, pvc_block *out, const TSNode *dest)
{
    TSNode optok = field(c, n, PVC_F_OPERATOR);
    if (binop_code(c, optok) == PVC_OP_NONE)
        return lower_binop(c, n, optok, NULL, NULL, out, dest);
    pvc_value *l = lower_expr(c, field(c, n, PVC_F_LEFT), out, NULL);
    pvc_value *r = lower_expr(c, field(c, n, PVC_F_RIGHT), out, NULL);
    return lower_binop(c, n, optok, l, r, out, dest);
}

static pvc_value *unary_op(lower_ctx *c, TSNode n, pvc_opcode code, pvc_value *v, pvc_block *out,
                           const TSNode *dest, pvc_type_kind kind)
{
    if (!v)
        return NULL;
    pvc_op *op = pvc_op_new(c->m, code, at(n));
    pvc_op_add_operand(c->m, op, v);
    return append_with_result(c, n, out, dest, op, kind);
}

static pvc_value *lower_unary(lower_ctx *c, TSNode n, pvc_block *out, const TSNode *dest)
{
    TSNode optok = field(c, n, PVC_F_OPERATOR), a = field(c, n, PVC_F_ARGUMENT);
    pvc_value *v = lower_expr(c, a, out, NULL);
    if (lw_text_is(c, optok, "+"))
        return assign_leaf(c, n, out, v, dest);
    return unary_op(c, n, lw_text_is(c, optok, "-") ? PVC_OP_PY_NEG : PVC_OP_PY_INVERT, v, out, dest,
                    PVC_TY_ANY);
}

/* t = bool(a); if (t) { t = bool(b) } for `and` (or: the else block): b runs only when
 * Python would evaluate it. The value is a bool (Python's is the deciding operand). */
static pvc_value *short_circuit(lower_ctx *c, TSNode n, pvc_value *a, TSNode right, int is_and,
                                pvc_block *out, const TSNode *dest)
{
    pvc_value *t = unary_op(c, n, PVC_OP_PY_BOOL, a, out, dest, PVC_TY_BOOL);
    if (!t)
        return NULL;
    pvc_op *iff = pvc_op_new(c->m, PVC_OP_IF, at(n));
    pvc_op_add_operand(c->m, iff, t);
    pvc_block *then = is_and ? iff->body : iff->orelse;
    pvc_value *b = lower_expr(c, right, then, NULL);
    if (!b)
        return NULL;
    pvc_op *cv = pvc_op_new(c->m, PVC_OP_PY_BOOL, at(n));
    pvc_op_add_operand(c->m, cv, b);
    pvc_op_add_result(c->m, cv, t);
    pvc_block_append(c->m, then, cv);
    pvc_block_append(c->m, out, iff);
    return t;
}

static pvc_value *lower_boolean(lower_ctx *c, TSNode n, pvc_block *out, const TSNode *dest)
{
    int is_and = lw_text_is(c, field(c, n, PVC_F_OPERATOR), "and");
    TSNode left = field(c, n, PVC_F_LEFT), right = field(c, n, PVC_F_RIGHT);
    pvc_pyval *k = pv_eval(c, left, c->scope);
    if (k && k->kind != PV_OPAQUE && pv_truth(k) >= 0) { /* decided by a constant left side */
        if (pv_truth(k) != is_and) { /* False and x, True or x: the bool of the left side */
            pvc_value *b = pvc_const(c->m, PVC_V_BOOL, at(left));
            b->i = pv_truth(k);
            return assign_leaf(c, n, out, b, dest);
        }
        return unary_op(c, n, PVC_OP_PY_BOOL, lower_expr(c, right, out, NULL), out, dest, PVC_TY_BOOL);
    }
    pvc_value *a = lower_expr(c, left, out, NULL);
    return a ? short_circuit(c, n, a, right, is_and, out, dest) : NULL;
}

static pvc_opcode compare_code(const char *t, size_t len)
{
    static const struct {
        const char *tok;
        pvc_opcode code;
    } cmps[] = {{"==", PVC_OP_PY_EQ}, {"!=", PVC_OP_PY_NE}, {"<", PVC_OP_PY_LT},
                {"<=", PVC_OP_PY_LE}, {">", PVC_OP_PY_GT}, {">=", PVC_OP_PY_GE}};
    for (size_t i = 0; i < sizeof cmps / sizeof cmps[0]; i++)
        if (strlen(cmps[i].tok) == len && !memcmp(cmps[i].tok, t, len))
            return cmps[i].code;
    return PVC_OP_NONE;
}

/* op(a, b) appended to blk with result t (a new bool variable when t is NULL). */
static pvc_value *bool_op(lower_ctx *c, TSNode n, pvc_block *blk, pvc_opcode code, pvc_value *a, pvc_value *b,
                          pvc_value *t)
{
    pvc_op *op = pvc_op_new(c->m, code, at(n));
    pvc_op_add_operand(c->m, op, a);
    if (b)
        pvc_op_add_operand(c->m, op, b);
    if (!t)
        return append_with_result(c, n, blk, NULL, op, PVC_TY_BOOL);
    pvc_op_add_result(c->m, op, t);
    pvc_block_append(c->m, blk, op);
    return t;
}

/* The block that runs when t holds (then) or does not (else), appended to blk. */
static pvc_block *when(lower_ctx *c, TSNode n, pvc_block *blk, pvc_value *t, int holds)
{
    pvc_op *iff = pvc_op_new(c->m, PVC_OP_IF, at(n));
    pvc_op_add_operand(c->m, iff, t);
    pvc_block_append(c->m, blk, iff);
    return holds ? iff->body : iff->orelse;
}

/* x in pl.range(start, stop, step) with a constant step, as Python's range answers it:
 * start <= x < stop (stop < x <= start for a negative step) and (x - start) % step == 0,
 * each test only when the ones before held. */
static pvc_value *in_range(lower_ctx *c, TSNode n, pvc_value *x, TSNode call, pvc_block *out)
{
    uint32_t na;
    TSNode *args = lw_kids(c, field(c, call, PVC_F_ARGUMENTS), &na);
    pvc_value *a[3] = {NULL, NULL, NULL};
    pvc_pyval *sv = na == 3 ? pv_eval(c, args[2], c->scope) : NULL;
    int64_t step = sv && sv->kind == PV_INT ? sv->i : na == 3 ? 0 : 1;
    for (uint32_t i = 0; i < na && i < 3; i++)
        if (!(a[i] = lower_expr(c, args[i], out, NULL)))
            return NULL;
    if (na < 1 || na > 3 || step == 0) {
        pvc_error_at(c->d, at(call), PVC_E_UNSUPPORTED, "'in pl.range(...)' takes 1 to 3 arguments, the step a "
                     "nonzero constant");
        return NULL;
    }
    pvc_value *start = na == 1 ? pvc_const(c->m, PVC_V_INT, at(call)) : a[0], *stop = na == 1 ? a[0] : a[1];
    pvc_value *t = step > 0 ? bool_op(c, n, out, PVC_OP_PY_LE, start, x, NULL)
                            : bool_op(c, n, out, PVC_OP_PY_GE, start, x, NULL);
    if (!t)
        return NULL;
    pvc_block *b = when(c, n, out, t, 1);
    bool_op(c, n, b, step > 0 ? PVC_OP_PY_LT : PVC_OP_PY_GT, x, stop, t);
    if (step == 1 || step == -1)
        return t;
    b = when(c, n, b, t, 1);
    pvc_op *d = pvc_op_new(c->m, PVC_OP_PY_SUB, at(n));
    pvc_op_add_operand(c->m, d, x);
    pvc_op_add_operand(c->m, d, start);
    pvc_value *diff = append_with_result(c, n, b, NULL, d, PVC_TY_INT);
    pvc_op *m = pvc_op_new(c->m, PVC_OP_PY_MOD, at(n));
    pvc_op_add_operand(c->m, m, diff);
    pvc_op_add_operand(c->m, m, a[2]);
    pvc_value *rem = diff ? append_with_result(c, n, b, NULL, m, PVC_TY_INT) : NULL;
    return rem ? bool_op(c, n, b, PVC_OP_PY_EQ, rem, pvc_const(c->m, PVC_V_INT, at(n)), t) : NULL;
}

/* x in / not in a constant tuple or list (x == e0, then x == e1 only when that failed, ...), or
 * in pl.range(...): the membership test of a run-time x. */
static pvc_value *lower_membership(lower_ctx *c, TSNode n, TSNode left, TSNode right, int negate, pvc_block *out,
                                   const TSNode *dest)
{
    pvc_value *x = lower_expr(c, left, out, NULL), *t = NULL;
    if (!x)
        return NULL;
    const char *fn = is(c, right, PVC_N_CALL) ? scope_canon(c, field(c, right, PVC_F_FUNCTION), c->scope) : NULL;
    if (fn && !strcmp(fn, "pl.range")) {
        t = in_range(c, n, x, right, out);
    } else {
        pvc_pyval *v = pv_eval(c, right, c->scope);
        if (!v || (v->kind != PV_TUPLE && v->kind != PV_LIST)) {
            pvc_error_at(c->d, at(right), PVC_E_UNSUPPORTED, "'%s' on a run-time value needs a constant tuple or "
                         "list, or a pl.range(...), on its right", negate ? "not in" : "in");
            return NULL;
        }
        pvc_block *blk = out;
        if (v->n == 0) {
            t = pvc_const(c->m, PVC_V_BOOL, at(n));
            t = bool_op(c, n, out, PVC_OP_PY_BOOL, t, NULL, NULL);
        }
        for (int i = 0; i < v->n && blk; i++) {
            pvc_value *e = lower_pyval(c, v->items[i], right, blk, NULL);
            if (!e || !(t = bool_op(c, n, blk, PVC_OP_PY_EQ, x, e, t)))
                return NULL;
            blk = i + 1 < v->n ? when(c, n, blk, t, 0) : NULL;
        }
    }
    if (!t)
        return NULL;
    return negate ? unary_op(c, n, PVC_OP_PY_NOT, t, out, dest, PVC_TY_BOOL) : assign_leaf(c, n, out, t, dest);
}

/* a < b < c: the links in order, each operand lowered once; from the second link on, each
 * runs only when the earlier ones held (an `and` chain). */
static pvc_value *lower_compare(lower_ctx *c, TSNode n, pvc_block *out, const TSNode *dest)
{
    TSNode operands[16];
    const char *ops[16];
    size_t oplen[16];
    int no = 0, nop = 0;
    TSTreeCursor cur = ts_tree_cursor_new(n);
    for (int ok = ts_tree_cursor_goto_first_child(&cur); ok; ok = ts_tree_cursor_goto_next_sibling(&cur)) {
        TSNode ch = ts_tree_cursor_current_node(&cur);
        if (ts_tree_cursor_current_field_id(&cur) == c->cst->field[PVC_F_OPERATORS]) {
            if (nop < 16)
                ops[nop] = text(c, ch, &oplen[nop]), nop++;
        } else if (ts_node_is_named(ch) && !ts_node_is_extra(ch) && no < 16) {
            operands[no++] = ch;
        }
    }
    ts_tree_cursor_delete(&cur);
    if (no < 2 || nop != no - 1 || no == 16) {
        pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED, "comparison form not supported");
        return NULL;
    }
    int negate = nop == 1 && oplen[0] > 2; /* "not in" (the grammar's one token), "in" */
    if (nop == 1 && (oplen[0] == 2 || oplen[0] == 6) && !memcmp(ops[0] + oplen[0] - 2, "in", 2))
        return lower_membership(c, n, operands[0], operands[1], negate, out, dest);
    for (int i = 0; i < nop; i++)
        if (compare_code(ops[i], oplen[i]) == PVC_OP_NONE) {
            pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED, "'%.*s' on run-time values is not supported "
                         "(comparisons take == != < <= > >=)", (int)oplen[i], ops[i]);
            return NULL;
        }
    pvc_value *l = lower_expr(c, operands[0], out, NULL), *t = NULL;
    pvc_block *blk = out;
    for (int i = 0; i < nop && l; i++) {
        pvc_value *r = lower_expr(c, operands[i + 1], blk, NULL);
        if (!r)
            return NULL;
        pvc_op *op = pvc_op_new(c->m, compare_code(ops[i], oplen[i]), at(n));
        pvc_op_add_operand(c->m, op, l);
        pvc_op_add_operand(c->m, op, r);
        if (!t) {
            t = append_with_result(c, n, blk, dest, op, PVC_TY_BOOL);
        } else {
            pvc_op_add_result(c->m, op, t);
            pvc_block_append(c->m, blk, op);
        }
        if (!t)
            return NULL;
        if (i + 1 < nop) /* the next link only when this one held */
            blk = when(c, n, blk, t, 1);
        l = r;
    }
    return t;
}

/* x if cond else y with a run-time cond: if(cond) { t = x } else { t = y }. */
static pvc_value *lower_conditional(lower_ctx *c, TSNode n, pvc_block *out, const TSNode *dest)
{
    TSNode x = lw_kid(c, n, 0), cond = lw_kid(c, n, 1), y = lw_kid(c, n, 2);
    pvc_value *cv = lower_expr(c, cond, out, NULL);
    if (!cv)
        return NULL;
    pvc_op *iff = pvc_op_new(c->m, PVC_OP_IF, at(n));
    pvc_op_add_operand(c->m, iff, cv);
    pvc_value *t = result_var(c, n, dest);
    pvc_value *a = t ? lower_expr(c, x, iff->body, NULL) : NULL;
    pvc_value *b = a ? lower_expr(c, y, iff->orelse, NULL) : NULL;
    if (!b)
        return NULL;
    for (int k = 0; k < 2; k++) {
        pvc_op *as = pvc_op_new(c->m, PVC_OP_ASSIGN, at(n));
        pvc_op_add_operand(c->m, as, k ? b : a);
        pvc_op_add_result(c->m, as, t);
        pvc_block_append(c->m, k ? iff->orelse : iff->body, as);
    }
    if (t->type.kind == PVC_TY_ANY)
        t->type = a->type.kind != PVC_TY_ANY ? a->type : b->type;
    pvc_block_append(c->m, out, iff);
    return t;
}

static pvc_value *lower_list(lower_ctx *c, TSNode n, pvc_block *out, const TSNode *dest)
{
    pvc_op *op = pvc_op_new(c->m, PVC_OP_LIST, at(n));
    uint32_t cnt;
    TSNode *all = lw_kids(c, n, &cnt);
    int ok = 1;
    if (cnt > (uint32_t)pvc_ops[PVC_OP_LIST].max_pos) {
        pvc_error_at(c->d, at(n), PVC_E_LIMIT, "list has more than %d elements",
                     pvc_ops[PVC_OP_LIST].max_pos);
        return NULL;
    }
    for (uint32_t i = 0; i < cnt; i++) {
        pvc_value *v = lower_expr(c, all[i], out, NULL);
        if (v)
            pvc_op_add_operand(c->m, op, v);
        else
            ok = 0;
    }
    if (!ok)
        return NULL;
    return append_with_result(c, n, out, dest, op, PVC_TY_LIST);
}

/* The bounds of one slice of t[r0:r1, c0:c1]: start (0 when absent) and stop (None: to the
 * end). A plain index is not a slice. */
static int slice_parts(lower_ctx *c, TSNode s, pvc_block *out, pvc_value **lo, pvc_value **hi)
{
    if (!is(c, s, PVC_N_SLICE))
        return 0;
    TSNode part[3];
    memset(part, 0, sizeof part);
    int which = 0;
    TSTreeCursor cur = ts_tree_cursor_new(s);
    for (int ok = ts_tree_cursor_goto_first_child(&cur); ok; ok = ts_tree_cursor_goto_next_sibling(&cur)) {
        TSNode ch = ts_tree_cursor_current_node(&cur);
        if (!ts_node_is_named(ch))
            which += lw_text_is(c, ch, ":");
        else if (which < 3 && !ts_node_is_extra(ch))
            part[which] = ch;
    }
    ts_tree_cursor_delete(&cur);
    if (!ts_node_is_null(part[2])) {
        pvc_pyval *st = pv_eval(c, part[2], c->scope);
        if (!st || st->kind != PV_INT || st->i != 1) {
            pvc_error_at(c->d, at(part[2]), PVC_E_NOT_SUPPORTED, "a tile slice takes no step");
            return -1;
        }
    }
    for (int k = 0; k < 2; k++) {
        pvc_value **o = k ? hi : lo;
        if (ts_node_is_null(part[k])) {
            *o = k ? pvc_const(c->m, PVC_V_NONE, at(s)) : pvc_const(c->m, PVC_V_INT, at(s));
            continue;
        }
        if (!(*o = lower_expr(c, part[k], out, NULL)))
            return -1;
    }
    return 1;
}

/* t[r, c] (an element of a UB tile, value NULL) or t[r, c] = value: tile.get / tile.set in a
 * jit kernel (§6); a vector function reaches its tiles through vf loads and stores only. */
pvc_value *lower_tile_elem(lower_ctx *c, TSNode n, pvc_value *t, TSNode r, TSNode col, pvc_value *value,
                           pvc_block *out, const TSNode *dest)
{
    if (c->f->kind != PVC_FN_JIT) {
        pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED, "t[r, c] reads or writes one tile element in a "
                     "@pl.jit kernel; a vector function moves tile data with vf loads and stores");
        return NULL;
    }
    pvc_value *ri = lower_expr(c, r, out, NULL), *ci = ri ? lower_expr(c, col, out, NULL) : NULL;
    if (!ci)
        return NULL;
    pvc_value *args[] = {t, ri, ci};
    return lower_elem_op(c, n, value ? PVC_OP_TILE_SET : PVC_OP_TILE_GET, args, 3, value, out, dest);
}

pvc_value *lower_elem_op(lower_ctx *c, TSNode n, pvc_opcode code, pvc_value *const *args, int nargs,
                         pvc_value *value, pvc_block *out, const TSNode *dest)
{
    pvc_op *op = pvc_op_new(c->m, code, at(n));
    for (int i = 0; i < nargs; i++)
        pvc_op_add_operand(c->m, op, args[i]);
    if (value) {
        pvc_op_add_operand(c->m, op, value);
        pvc_block_append(c->m, out, op);
        return value;
    }
    return append_with_result(c, n, out, dest, op, PVC_TY_ANY);
}

/* grp[i] (a tile group's slot), x.shape[i] (a tensor's dim), t[r0:r1, c0:c1] (a tile view),
 * t[r, c] (a tile element), a[i, j] (a GM tensor element, §6.1). */
/* 1 when the elements of a tuple picked at run time have one type (pypto_pro's rule for a
 * tuple indexed by a run-time value: every element of one type). */
static int uniform(pvc_value *const *vals, int nv)
{
    for (int i = 1; i < nv; i++) {
        const pvc_type *a = &vals[0]->type, *b = &vals[i]->type;
        pvc_type_kind ka = vals[0]->kind == PVC_V_INT ? PVC_TY_INT : a->kind;
        pvc_type_kind kb = vals[i]->kind == PVC_V_INT ? PVC_TY_INT : b->kind;
        if (ka != kb || (ka == PVC_TY_TILE && (a->dtype != b->dtype || a->dims[0] != b->dims[0] ||
                                               a->dims[1] != b->dims[1])))
            return 0;
    }
    return 1;
}

pvc_value *lower_pick(lower_ctx *c, TSNode n, pvc_value *const *vals, int nv, pvc_value *idx, pvc_block *out,
                      const TSNode *dest)
{
    if (!nv) {
        pvc_error_at(c->d, at(n), PVC_E_TYPE, "Cannot index into empty tuple");
        return NULL;
    }
    if (!uniform(vals, nv)) {
        pvc_error_at(c->d, at(n), PVC_E_TYPE, "a tuple indexed by a run-time value must hold elements of one "
                     "type (a constant index picks any element)");
        return NULL;
    }
    /* the index checked against the tuple's length: k = 0 + idx * 1, a BAD_ARG fault outside [0, nv) */
    pvc_op *chk = pvc_op_new(c->m, PVC_OP_STRUCT_SLOT, at(n));
    pvc_value *zero = pvc_const(c->m, PVC_V_INT, at(n)), *len = pvc_const(c->m, PVC_V_INT, at(n)),
              *one = pvc_const(c->m, PVC_V_INT, at(n));
    zero->type.kind = len->type.kind = one->type.kind = PVC_TY_INT;
    len->i = nv;
    one->i = 1;
    pvc_op_add_operand(c->m, chk, zero);
    pvc_op_add_operand(c->m, chk, idx);
    pvc_op_add_operand(c->m, chk, len);
    pvc_op_add_operand(c->m, chk, one);
    pvc_value *k = append_with_result(c, n, out, NULL, chk, PVC_TY_INT);
    pvc_value *r = k ? result_var(c, n, dest) : NULL;
    if (!r)
        return NULL;
    pvc_block *at_blk = out;
    for (int i = 0; i < nv; i++) {
        pvc_block *into = at_blk;
        pvc_op *br = NULL;
        if (i + 1 < nv) { /* if k == i: r = vals[i] else: the next */
            pvc_value *ki = pvc_const(c->m, PVC_V_INT, at(n));
            ki->type.kind = PVC_TY_INT;
            ki->i = i;
            pvc_op *eq = pvc_op_new(c->m, PVC_OP_PY_EQ, at(n));
            pvc_op_add_operand(c->m, eq, k);
            pvc_op_add_operand(c->m, eq, ki);
            pvc_value *cv = append_with_result(c, n, at_blk, NULL, eq, PVC_TY_BOOL);
            if (!cv)
                return NULL;
            br = pvc_op_new(c->m, PVC_OP_IF, at(n));
            pvc_op_add_operand(c->m, br, cv);
            into = br->body;
        }
        pvc_op *as = pvc_op_new(c->m, PVC_OP_ASSIGN, at(n));
        pvc_op_add_operand(c->m, as, vals[i]);
        if (r->type.kind == PVC_TY_ANY)
            r->type = vals[i]->kind == PVC_V_INT ? (pvc_type){.kind = PVC_TY_INT} : vals[i]->type;
        pvc_op_add_result(c->m, as, r);
        pvc_block_append(c->m, into, as);
        if (br) {
            pvc_block_append(c->m, at_blk, br);
            at_blk = br->orelse;
        }
    }
    return r;
}

static pvc_value *lower_subscript(lower_ctx *c, TSNode n, pvc_block *out, const TSNode *dest)
{
    TSNode obj = field(c, n, PVC_F_VALUE);
    uint32_t cnt;
    TSNode *k = lw_kids(c, n, &cnt);
    pvc_value *gm = lower_tensor_named(c, obj);
    if (gm)
        return lower_tensor_elem(c, n, gm, k + 1, (int)cnt - 1, NULL, out, dest);
    int valid = 0;
    if (is(c, obj, PVC_N_ATTRIBUTE) && cnt == 2 &&
        (lw_text_is(c, field(c, obj, PVC_F_ATTRIBUTE), "shape") ||
         (valid = lw_text_is(c, field(c, obj, PVC_F_ATTRIBUTE), "valid_shape")))) {
        pvc_value *t = lower_expr(c, field(c, obj, PVC_F_OBJECT), out, NULL);
        pvc_value *i = t ? lower_expr(c, k[1], out, NULL) : NULL;
        if (!i)
            return NULL;
        pvc_op *op = pvc_op_new(c->m, valid ? PVC_OP_TILE_VALID : PVC_OP_TENSOR_DIM, at(n));
        pvc_op_add_operand(c->m, op, t);
        pvc_op_add_operand(c->m, op, i);
        return append_with_result(c, n, out, dest, op, PVC_TY_INT);
    }
    if (cnt == 3 && is(c, obj, PVC_N_IDENTIFIER)) { /* t[r0:r1, c0:c1] */
        pvc_value *t = lower_expr(c, obj, out, NULL), *b[4];
        if (!t)
            return NULL;
        int r = slice_parts(c, k[1], out, &b[0], &b[1]), s = r > 0 ? slice_parts(c, k[2], out, &b[2], &b[3]) : r;
        if (r < 0 || s < 0)
            return NULL;
        if (r && s) {
            pvc_op *op = pvc_op_new(c->m, PVC_OP_TILE_SLICE, at(n));
            pvc_op_add_operand(c->m, op, t);
            for (int i = 0; i < 4; i++)
                pvc_op_add_operand(c->m, op, b[i]);
            return append_with_result(c, n, out, dest, op, PVC_TY_TILE);
        }
        if (!r && !is(c, k[2], PVC_N_SLICE)) /* t[r, c]: one element (§6) */
            return lower_tile_elem(c, n, t, k[1], k[2], NULL, out, dest);
    }
    pvc_pyval *tv = cnt == 2 && !is(c, k[1], PVC_N_SLICE) ? pv_eval(c, obj, c->frame ? c->frame->scope : c->scope)
                                                            : NULL;
    if (tv && (tv->kind == PV_TUPLE || tv->kind == PV_LIST)) { /* a constant tuple, a run-time index */
        pvc_value **vals = pvc_arena_alloc(c->m->arena, ((size_t)tv->n + 1) * sizeof *vals);
        for (int i = 0; i < tv->n; i++)
            if (!(vals[i] = lower_pyval(c, tv->items[i], obj, out, NULL)))
                return NULL;
        pvc_value *i = lower_expr(c, k[1], out, NULL);
        return i ? lower_pick(c, n, vals, tv->n, i, out, dest) : NULL;
    }
    if (!is(c, obj, PVC_N_IDENTIFIER) || cnt != 2 || c->f->kind != PVC_FN_JIT || is(c, k[1], PVC_N_SLICE)) {
        pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED,
                     "a subscript is supported only as grp[i] on a tile group, t.shape[i] or t[i, j] on a "
                     "tensor, t[r0:r1, c0:c1] or t[r, c] on a tile, or on a constant tuple");
        return NULL;
    }
    pvc_value *g = lower_expr(c, obj, out, NULL), *i = g ? lower_expr(c, k[1], out, NULL) : NULL;
    if (!g || !i)
        return NULL;
    pvc_op *op = pvc_op_new(c->m, PVC_OP_TG_SLOT, at(n));
    pvc_op_add_operand(c->m, op, g);
    pvc_op_add_operand(c->m, op, i);
    return append_with_result(c, n, out, dest, op, PVC_TY_TILE);
}

static pvc_value *lower_expr_at(lower_ctx *c, TSNode n, pvc_block *out, const TSNode *dest)
{
    const TSSymbol t = ts_node_symbol(n), *sym = c->cst->sym;
    pvc_pyval *k = pv_eval(c, n, c->scope);
    if (k)
        return lower_pyval(c, k, n, out, dest);
    if (t == sym[PVC_N_IDENTIFIER])
        return assign_leaf(c, n, out, lower_identifier(c, n), dest);
    pvc_value *sv;
    if ((t == sym[PVC_N_ATTRIBUTE] || t == sym[PVC_N_SUBSCRIPT]) && lower_struct_read(c, n, out, dest, &sv))
        return sv; /* a struct field, a tuple element (§16.8) */
    if (t == sym[PVC_N_ATTRIBUTE] && lower_simt_attribute(c, n, out, &sv))
        return sv ? assign_leaf(c, n, out, sv, dest) : NULL; /* pl.simt.thread_idx().x (§16.9) */
    if (t == sym[PVC_N_ATTRIBUTE])
        return lower_attribute(c, n);
    if (t == sym[PVC_N_PARENTHESIZED_EXPRESSION] && lw_count(c, n) == 1)
        return lower_expr(c, lw_kid(c, n, 0), out, dest);
    if (t == sym[PVC_N_LIST] || t == sym[PVC_N_TUPLE])
        return lower_list(c, n, out, dest);
    if (t == sym[PVC_N_SUBSCRIPT])
        return lower_subscript(c, n, out, dest);
    if (t == sym[PVC_N_BINARY_OPERATOR])
        return lower_binary(c, n, out, dest);
    if (t == sym[PVC_N_UNARY_OPERATOR])
        return lower_unary(c, n, out, dest);
    if (t == sym[PVC_N_NOT_OPERATOR])
        return unary_op(c, n, PVC_OP_PY_NOT, lower_expr(c, field(c, n, PVC_F_ARGUMENT), out, NULL), out,
                        dest, PVC_TY_BOOL);
    if (t == sym[PVC_N_BOOLEAN_OPERATOR])
        return lower_boolean(c, n, out, dest);
    if (t == sym[PVC_N_COMPARISON_OPERATOR])
        return lower_compare(c, n, out, dest);
    if (t == sym[PVC_N_CONDITIONAL_EXPRESSION])
        return lower_conditional(c, n, out, dest);
    if (t == sym[PVC_N_CALL]) {
        pvc_value *v = NULL;
        if (!lower_call(c, n, out, dest, 1, &v))
            return NULL;
        if (!v)
            pvc_error_at(c->d, at(n), PVC_E_RESULTS, "the call returns no value");
        return v;
    }
    lw_unsupported(c, n);
    return NULL;
}

pvc_value *lower_expr(lower_ctx *c, TSNode n, pvc_block *out, const TSNode *dest)
{
    if (ts_node_is_null(n)) {
        pvc_error_at(c->d, (pvc_span){1, 1}, PVC_E_SYNTAX, "missing expression");
        return NULL;
    }
    if (c->depth >= MAX_DEPTH) {
        pvc_error_at(c->d, at(n), PVC_E_LIMIT, "nested more than %d levels deep", MAX_DEPTH);
        return NULL;
    }
    c->depth++;
    pvc_value *v = lower_expr_at(c, n, out, dest);
    c->depth--;
    return v;
}
