/* lower.c - CST of the DSL functions -> IR (the `lower` pass).
 *
 * Only functions decorated @pl.vector_function / @pl.jit are read; the rest of the file
 * is Python that pvc leaves alone. Inside them the DSL subset of ARCHITECTURE.md §1 is
 * lowered; every other construct is a located error (never skipped), and lowering goes
 * on after an error so one run reports them all.
 *
 * Shapes produced (docs/IR.md):
 *   x = expr                  op with result %x (a leaf becomes `assign`)
 *   a, b = vf.op(...)         op with results %a, %b
 *   vf.op(p, k=v)             operands [p], attrs {k: v}
 *   for i in pl.range(...)    pl.range(start, stop, step) -> %i { body }   (defaults filled)
 *   with pl.section_vector(): pl.section_vector() { body }
 *   kernel_vf(a, b)           call(a, b) callee=@kernel_vf
 *   grp.current()             tile_group.current(%grp)
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pvc.h"

#define MAX_DEPTH 64 /* nesting of expressions/statements; deeper input is an E011 error */

typedef struct {
    const pvc_cst *cst;
    pvc_diag *d;
    pvc_module *m;
    pvc_func *f;
    int depth;
    /* Names whose assignment failed: later uses stay silent instead of repeating the
     * first error as "undefined variable" (chibicc-style error recovery). */
    pvc_strmap poisoned; /* per function */
    pvc_arena *scratch;  /* kids() arrays: dropped after each function, not in the module */
} lower_ctx;

static pvc_value *lower_expr(lower_ctx *c, TSNode n, pvc_block *out, const TSNode *dest);
static pvc_value *target_var(lower_ctx *c, TSNode n);
static void lower_block(lower_ctx *c, TSNode block, pvc_block *out);

/* ---- small CST helpers ---- */
/* Node types and fields are the rows of grammar/nodes.h, resolved by pvc_parse. */
static int is(const lower_ctx *c, TSNode n, pvc_node_id type)
{
    return pvc_node_is(c->cst, n, type);
}

static TSNode field(const lower_ctx *c, TSNode n, pvc_field_id f)
{
    return pvc_field(c->cst, n, f);
}

/* The named children of n that are not comments or line continuations, in order, in
 * one cursor walk (ts_node_named_child(n, i) starts from the first child every time,
 * which would make long blocks quadratic). */
static TSNode *kids(lower_ctx *c, TSNode n, uint32_t *count)
{
    *count = 0;
    if (ts_node_is_null(n))
        return NULL;
    TSNode *out = pvc_arena_alloc(c->scratch, (ts_node_child_count(n) + 1) * sizeof *out);
    TSTreeCursor cur = ts_tree_cursor_new(n);
    if (ts_tree_cursor_goto_first_child(&cur))
        do {
            TSNode ch = ts_tree_cursor_current_node(&cur);
            if (ts_node_is_named(ch) && !ts_node_is_extra(ch))
                out[(*count)++] = ch;
        } while (ts_tree_cursor_goto_next_sibling(&cur));
    ts_tree_cursor_delete(&cur);
    return out;
}

static uint32_t count_args(lower_ctx *c, TSNode n)
{
    uint32_t k;
    kids(c, n, &k);
    return k;
}

/* The idx-th child of kids(), or a null node. */
static TSNode arg(lower_ctx *c, TSNode n, uint32_t idx)
{
    uint32_t k;
    TSNode *all = kids(c, n, &k);
    return idx < k ? all[idx] : (TSNode){0};
}

static const char *text(lower_ctx *c, TSNode n, size_t *len)
{
    return pvc_node_text(c->cst, n, len);
}

static const char *dup_text(lower_ctx *c, TSNode n)
{
    size_t len;
    const char *t = text(c, n, &len);
    return pvc_arena_strndup(c->m->arena, t, len);
}

static int text_is(lower_ctx *c, TSNode n, const char *s)
{
    size_t len;
    const char *t = text(c, n, &len);
    return len == strlen(s) && memcmp(t, s, len) == 0;
}

static pvc_span at(TSNode n)
{
    return pvc_node_span(n);
}

static int is_poisoned(const lower_ctx *c, const char *name)
{
    return pvc_strmap_get(&c->poisoned, name) != NULL;
}

/* Marks the names of target nodes that are not variables yet as poisoned. */
static void poison(lower_ctx *c, const TSNode *targets, int n)
{
    for (int i = 0; i < n; i++) {
        if (!is(c, targets[i], PVC_N_IDENTIFIER))
            continue;
        size_t len;
        const char *t = pvc_node_text(c->cst, targets[i], &len);
        const char *name = pvc_arena_strndup(c->m->arena, t, len);
        if (!pvc_var_find(c->f, name))
            pvc_strmap_put(c->m->arena, &c->poisoned, name, c);
    }
}

/* "if_statement" -> "if statement" for messages. */
static const char *construct_name(TSNode n, char *buf, size_t size)
{
    snprintf(buf, size, "%s", ts_node_type(n));
    for (char *p = buf; *p; p++)
        if (*p == '_')
            *p = ' ';
    return buf;
}

static void unsupported(lower_ctx *c, TSNode n)
{
    char buf[64];
    pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED, "%s is not supported in a DSL function",
                 construct_name(n, buf, sizeof buf));
}

static int is_namespace(const char *s, size_t len)
{
    return (len == 2 && (memcmp(s, "pl", 2) == 0 || memcmp(s, "vf", 2) == 0));
}

/* Dotted name of an attribute chain rooted at an identifier ("pl.LoadDist.US") into buf;
 * 0 if the chain has anything else in it or more than 16 parts (no recursion: chains
 * come from the input). */
static int dotted_name(lower_ctx *c, TSNode n, char *buf, size_t size)
{
    TSNode parts[16];
    int np = 0;
    while (is(c, n, PVC_N_ATTRIBUTE)) {
        if (np == 15)
            return 0;
        parts[np++] = field(c, n, PVC_F_ATTRIBUTE);
        n = field(c, n, PVC_F_OBJECT);
    }
    if (!is(c, n, PVC_N_IDENTIFIER))
        return 0;
    parts[np++] = n;
    size_t used = 0;
    for (int i = np - 1; i >= 0; i--) {
        size_t len;
        const char *t = text(c, parts[i], &len);
        if (used + len + 2 > size)
            return 0;
        if (i != np - 1)
            buf[used++] = '.';
        memcpy(buf + used, t, len);
        used += len;
    }
    buf[used] = '\0';
    return 1;
}

/* Root identifier of an attribute chain, or a null node. */
static TSNode chain_root(const lower_ctx *c, TSNode n)
{
    while (is(c, n, PVC_N_ATTRIBUTE))
        n = field(c, n, PVC_F_OBJECT);
    return is(c, n, PVC_N_IDENTIFIER) ? n : (TSNode){0};
}

/* ---- literals ---- */
static pvc_value *lower_integer(lower_ctx *c, TSNode n)
{
    size_t len;
    const char *t = text(c, n, &len);
    int base = 10;
    size_t i = 0;
    if (len > 1 && t[0] == '0' && strchr("xXoObB", t[1])) {
        base = (t[1] == 'x' || t[1] == 'X') ? 16 : (t[1] == 'o' || t[1] == 'O') ? 8 : 2;
        i = 2;
    }
    uint64_t v = 0;
    int digits = 0;
    for (; i < len; i++) {
        char ch = t[i];
        if (ch == '_')
            continue;
        int dv = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
               : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : 99;
        if (dv >= base) {
            pvc_error_at(c->d, at(n), PVC_E_LITERAL, "invalid integer literal '%.*s'",
                         (int)(len > 40 ? 40 : len), t);
            return NULL;
        }
        if (v > (UINT64_MAX - (uint64_t)dv) / (uint64_t)base || v * base + dv > (uint64_t)INT64_MAX) {
            pvc_error_at(c->d, at(n), PVC_E_LITERAL, "integer literal out of range");
            return NULL;
        }
        v = v * (uint64_t)base + (uint64_t)dv;
        digits++;
    }
    if (!digits) {
        pvc_error_at(c->d, at(n), PVC_E_LITERAL, "invalid integer literal");
        return NULL;
    }
    pvc_value *k = pvc_const(c->m, PVC_V_INT, at(n));
    k->i = (int64_t)v;
    return k;
}

static pvc_value *lower_float(lower_ctx *c, TSNode n)
{
    size_t len;
    const char *t = text(c, n, &len);
    char buf[128];
    size_t k = 0;
    for (size_t i = 0; i < len && k + 1 < sizeof buf; i++)
        if (t[i] != '_')
            buf[k++] = t[i];
    buf[k] = '\0';
    char *end;
    errno = 0;
    double f = strtod(buf, &end);
    if (*end || k == 0 || len >= sizeof buf) {
        pvc_error_at(c->d, at(n), PVC_E_LITERAL, "invalid float literal");
        return NULL;
    }
    if (errno == ERANGE && (f > 1 || f < -1)) {
        pvc_error_at(c->d, at(n), PVC_E_LITERAL, "float literal out of range");
        return NULL;
    }
    pvc_value *v = pvc_const(c->m, PVC_V_FLOAT, at(n));
    v->f = f;
    return v;
}

/* pl.DT_X, pl.DYNAMIC, pl.NS.MEMBER as a constant. */
static pvc_value *lower_pl_name(lower_ctx *c, TSNode n, const char *name)
{
    const char *rest = name + 3; /* after "pl." */
    const char *dot = strchr(rest, '.');
    if (!dot) {
        int dt = pvc_dtype_lookup(rest, strlen(rest));
        if (dt >= 0) {
            pvc_value *v = pvc_const(c->m, PVC_V_DTYPE, at(n));
            v->i = dt;
            return v;
        }
        static const struct {
            const char *name;
            int64_t value;
        } consts[] = {
#define X(name, text) {#name, PVC_DIM_##name},
            PVC_PL_CONSTS(X)
#undef X
        };
        for (size_t i = 0; i < sizeof consts / sizeof consts[0]; i++)
            if (strcmp(rest, consts[i].name) == 0) {
                pvc_value *v = pvc_const(c->m, PVC_V_DIM, at(n));
                v->i = consts[i].value;
                return v;
            }
        if (pvc_enum_ns_lookup(rest, strlen(rest)) >= 0) {
            pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED,
                         "'%s' is an enum namespace; name one of its members", name);
            return NULL;
        }
        if (pvc_op_lookup(name, strlen(name)) >= 0) {
            pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED, "'%s' must be called", name);
            return NULL;
        }
        pvc_error_at(c->d, at(n), PVC_E_UNKNOWN_NAME, "unknown name '%s'", name);
        return NULL;
    }
    int ns = pvc_enum_ns_lookup(rest, (size_t)(dot - rest));
    if (ns < 0) {
        pvc_error_at(c->d, at(n), PVC_E_UNKNOWN_NAME, "unknown name '%s'", name);
        return NULL;
    }
    int64_t value;
    if (strchr(dot + 1, '.') || pvc_enum_member_lookup(ns, dot + 1, strlen(dot + 1), &value)) {
        pvc_error_at(c->d, at(n), PVC_E_UNKNOWN_NAME, "'%s' is not a member of pl.%s", dot + 1,
                     pvc_enum_ns_name(ns));
        return NULL;
    }
    pvc_value *v = pvc_const(c->m, PVC_V_ENUM, at(n));
    v->ns = ns;
    v->i = value;
    v->name = pvc_enum_member_name(ns, value);
    v->type.ns = ns;
    return v;
}

static pvc_value *lower_attribute(lower_ctx *c, TSNode n)
{
    char name[256];
    TSNode root = chain_root(c, n);
    if (ts_node_is_null(root) || !dotted_name(c, n, name, sizeof name)) {
        pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED, "attribute access is not supported here");
        return NULL;
    }
    if (text_is(c, root, "pl"))
        return lower_pl_name(c, n, name);
    if (text_is(c, root, "vf")) {
        if (pvc_op_lookup(name, strlen(name)) >= 0)
            pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED, "'%s' must be called", name);
        else
            pvc_error_at(c->d, at(n), PVC_E_UNKNOWN_NAME, "unknown op '%s'", name);
        return NULL;
    }
    pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED,
                 "attribute access '%s' on a value is not supported", name);
    return NULL;
}

static pvc_value *lower_identifier(lower_ctx *c, TSNode n)
{
    size_t len;
    const char *t = text(c, n, &len);
    char name[256];
    snprintf(name, sizeof name, "%.*s", (int)(len < 200 ? len : 200), t);
    pvc_value *v = pvc_var_find(c->f, name);
    if (v)
        return v;
    if (is_poisoned(c, name))
        return NULL; /* its assignment already failed with an error */
    if (is_namespace(t, len))
        pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED, "'%s' is a namespace, not a value", name);
    else if (pvc_func_find(c->m, name))
        pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED, "function '%s' used as a value", name);
    else
        pvc_error_at(c->d, at(n), PVC_E_UNDEFINED, "undefined variable '%s'", name);
    return NULL;
}

/* ---- calls ---- */

/* Appends op (with its results) for a call; NULL after reporting an error. */
static pvc_op *lower_call(lower_ctx *c, TSNode n, pvc_block *out, const TSNode *targets, int ntargets);

/* Reads an argument_list into the op: positionals as operands, keywords as attrs. */
static int lower_args(lower_ctx *c, TSNode args, pvc_op *op, pvc_block *out, int *npos)
{
    int ok = 1, seen_kw = 0;
    *npos = 0;
    uint32_t cnt;
    TSNode *all = kids(c, args, &cnt);
    for (uint32_t i = 0; i < cnt; i++) {
        TSNode a = all[i];
        if (is(c, a, PVC_N_KEYWORD_ARGUMENT)) {
            seen_kw = 1;
            TSNode key = field(c, a, PVC_F_NAME);
            const char *k = dup_text(c, key);
            if (pvc_op_attr(op, k)) {
                pvc_error_at(c->d, at(key), PVC_E_KEYWORD, "keyword argument '%s' repeated", k);
                ok = 0;
                continue;
            }
            pvc_value *v = lower_expr(c, field(c, a, PVC_F_VALUE), out, NULL);
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
            pvc_value *v = lower_expr(c, a, out, NULL);
            if (v)
                pvc_op_add_operand(c->m, op, v);
            else
                ok = 0;
            ++*npos;
        }
    }
    return ok;
}

/* "tile offset" -> "tile, offset" for messages (the first `limit` names, -1: all). */
static const char *commas_n(const char *list, int limit, char *buf, size_t size)
{
    size_t k = 0;
    int names = 1;
    for (const char *p = list; *p && k + 3 < size; p++) {
        if (*p == ' ' && ++names > limit && limit >= 0)
            break;
        if (*p == ' ')
            buf[k++] = ',';
        buf[k++] = *p;
    }
    buf[k] = '\0';
    return buf;
}

static const char *commas(const char *list, char *buf, size_t size)
{
    return commas_n(list, -1, buf, size);
}

/* Checks counts and keywords against the op table row (ops.h). */
static int check_signature(lower_ctx *c, TSNode call, const pvc_op *op, int npos, int skip)
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
        if (skip && strcmp(a->key, "callee") == 0)
            continue;
        int pi = pvc_param_index(info->pos, a->key, strlen(a->key));
        if (pi >= 0 && pi < npos) {
            pvc_error_at(c->d, a->loc, PVC_E_KEYWORD,
                         "argument '%s' of %s given both by position and by keyword", a->key, name);
            ok = 0;
        } else if (pi >= 0) {
            given |= 1u << (pi & 31);
        } else if (pvc_param_index(info->kw, a->key, strlen(a->key)) < 0) {
            char all[160];
            snprintf(all, sizeof all, "%s%s%s", info->pos, info->pos[0] && info->kw[0] ? " " : "",
                     info->kw);
            if (all[0])
                pvc_error_at(c->d, a->loc, PVC_E_KEYWORD,
                             "unknown keyword argument '%s' for %s (accepted: %s)", a->key, name,
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
            const char *p = info->pos;
            for (int k = 0; k < i; k++) /* skip to the i-th name */
                p = strchr(p, ' ') + 1;
            snprintf(missing, sizeof missing, "%.*s", (int)strcspn(p, " "), p);
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

/* vf.x / pl.x / pl.system.x */
static pvc_op *namespace_op(lower_ctx *c, TSNode fn)
{
    char name[256];
    if (!dotted_name(c, fn, name, sizeof name)) {
        pvc_error_at(c->d, at(fn), PVC_E_UNSUPPORTED, "call target is not supported");
        return NULL;
    }
    int code = pvc_op_lookup(name, strlen(name));
    if (code < 0) {
        pvc_error_at(c->d, at(fn), PVC_E_UNKNOWN_NAME, "unknown %s '%s'",
                     name[0] == 'v' ? "op" : "name", name);
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
    char name[128];
    snprintf(name, sizeof name, "tile_group.%.*s", (int)(len < 100 ? len : 100), m);
    int code = pvc_op_lookup(name, strlen(name));
    if (!is(c, obj, PVC_N_IDENTIFIER)) {
        pvc_error_at(c->d, at(fn), PVC_E_UNSUPPORTED, "method call on an expression is not supported");
        return NULL;
    }
    pvc_value *recv = lower_expr(c, obj, out, NULL);
    if (!recv)
        return NULL;
    if (code < 0 || !(pvc_ops[code].flags & PVC_OPF_METHOD)) {
        pvc_error_at(c->d, at(meth), PVC_E_UNKNOWN_NAME,
                     "unknown method '%.*s' (tile groups have current, next, previous)",
                     (int)(len < 100 ? len : 100), m);
        return NULL;
    }
    pvc_op *op = pvc_op_new(c->m, (pvc_opcode)code, at(fn));
    pvc_op_add_operand(c->m, op, recv);
    return op;
}

/* kernel_vf(a, b) from a jit kernel. */
static pvc_op *user_call(lower_ctx *c, TSNode fn)
{
    size_t len;
    const char *t = text(c, fn, &len);
    char name[256];
    snprintf(name, sizeof name, "%.*s", (int)(len < 200 ? len : 200), t);
    pvc_func *callee = pvc_func_find(c->m, name);
    if (!callee) {
        if (pvc_var_find(c->f, name))
            pvc_error_at(c->d, at(fn), PVC_E_UNSUPPORTED, "'%s' is a value, not a function", name);
        else if (strcmp(name, "range") == 0)
            pvc_error_at(c->d, at(fn), PVC_E_UNDEFINED, "undefined function 'range' (use pl.range)");
        else
            pvc_error_at(c->d, at(fn), PVC_E_UNDEFINED,
                         "undefined function '%s' (not a @pl.vector_function of this file)", name);
        return NULL;
    }
    if (callee->kind != PVC_FN_VECTOR || c->f->kind != PVC_FN_JIT) {
        pvc_error_at(c->d, at(fn), PVC_E_FUNCTION,
                     "only a @pl.jit kernel may call a @pl.vector_function ('%s' is a %s)", name,
                     callee->kind == PVC_FN_JIT ? "@pl.jit kernel" : "@pl.vector_function");
        return NULL;
    }
    pvc_op *op = pvc_op_new(c->m, PVC_OP_CALL, at(fn));
    pvc_value *k = pvc_const(c->m, PVC_V_FUNC, at(fn));
    k->name = callee->name;
    pvc_op_add_attr(c->m, op, "callee", k, at(fn));
    return op;
}

static pvc_op *lower_call(lower_ctx *c, TSNode n, pvc_block *out, const TSNode *targets, int ntargets)
{
    TSNode fn = field(c, n, PVC_F_FUNCTION), args = field(c, n, PVC_F_ARGUMENTS);
    pvc_op *op;
    if (!is(c, args, PVC_N_ARGUMENT_LIST)) {
        pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED, "generator argument is not supported");
        return NULL;
    }
    TSNode root = chain_root(c, fn);
    if (is(c, fn, PVC_N_ATTRIBUTE) && !ts_node_is_null(root) &&
        (text_is(c, root, "pl") || text_is(c, root, "vf")))
        op = namespace_op(c, fn);
    else if (is(c, fn, PVC_N_ATTRIBUTE))
        op = method_op(c, fn, out);
    else if (is(c, fn, PVC_N_IDENTIFIER))
        op = user_call(c, fn);
    else {
        pvc_error_at(c->d, at(fn), PVC_E_UNSUPPORTED, "call target is not supported");
        return NULL;
    }
    if (!op)
        return NULL;
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
        ok = check_signature(c, n, op, npos, 0); /* npos excludes a method's receiver */
    }
    if (!ok || !bind_results(c, n, op, targets, ntargets))
        return NULL;
    pvc_block_append(c->m, out, op);
    return op;
}

/* ---- expressions ---- */

/* The op producing an expression's value writes the target named by dest when given
 * (created now, after the operands), else a temporary. */
static pvc_value *result_var(lower_ctx *c, TSNode n, const TSNode *dest)
{
    return dest ? target_var(c, *dest) : pvc_var_temp(c->m, c->f, at(n));
}

/* Gives op its result (dest, or a temporary of kind `kind` while its type is unknown) and
 * appends it to out; NULL when the target is not assignable (already reported). */
static pvc_value *append_with_result(lower_ctx *c, TSNode n, pvc_block *out, const TSNode *dest,
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

/* A leaf value (constant or variable) assigned to dest becomes `dest = assign v`. */
static pvc_value *assign_leaf(lower_ctx *c, TSNode n, pvc_block *out, pvc_value *v,
                              const TSNode *tgt)
{
    if (!v || !tgt)
        return v;
    pvc_value *dest = target_var(c, *tgt);
    if (!dest)
        return NULL;
    pvc_op *op = pvc_op_new(c->m, PVC_OP_ASSIGN, at(n));
    pvc_op_add_operand(c->m, op, v);
    if (dest->type.kind == PVC_TY_ANY)
        dest->type = v->type;
    pvc_op_add_result(c->m, op, dest);
    pvc_block_append(c->m, out, op);
    return dest;
}

static pvc_value *lower_binary(lower_ctx *c, TSNode n, pvc_block *out, const TSNode *dest)
{
    static const struct {
        const char *tok;
        pvc_opcode code;
    } binops[] = {{"+", PVC_OP_PY_ADD}, {"-", PVC_OP_PY_SUB}, {"*", PVC_OP_PY_MUL},
                  {"//", PVC_OP_PY_FLOORDIV}, {"%", PVC_OP_PY_MOD}};
    TSNode optok = field(c, n, PVC_F_OPERATOR);
    int code = -1;
    for (size_t i = 0; i < sizeof binops / sizeof binops[0]; i++)
        if (text_is(c, optok, binops[i].tok))
            code = (int)binops[i].code;
    if (code < 0) {
        size_t len;
        const char *t = text(c, optok, &len);
        pvc_error_at(c->d, at(optok), PVC_E_UNSUPPORTED,
                     "operator '%.*s' is not supported (the DSL has + - * // %%)", (int)len, t);
        return NULL;
    }
    pvc_value *l = lower_expr(c, field(c, n, PVC_F_LEFT), out, NULL);
    pvc_value *r = lower_expr(c, field(c, n, PVC_F_RIGHT), out, NULL);
    if (!l || !r)
        return NULL;
    pvc_op *op = pvc_op_new(c->m, (pvc_opcode)code, at(optok));
    op->loc = at(n);
    pvc_op_add_operand(c->m, op, l);
    pvc_op_add_operand(c->m, op, r);
    return append_with_result(c, n, out, dest, op, PVC_TY_ANY);
}

static pvc_value *lower_unary(lower_ctx *c, TSNode n, pvc_block *out, const TSNode *dest)
{
    TSNode optok = field(c, n, PVC_F_OPERATOR), a = field(c, n, PVC_F_ARGUMENT);
    if (text_is(c, optok, "+"))
        return assign_leaf(c, n, out, lower_expr(c, a, out, NULL), dest);
    if (!text_is(c, optok, "-")) {
        pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED, "operator '~' is not supported");
        return NULL;
    }
    pvc_value *v = lower_expr(c, a, out, NULL);
    if (!v)
        return NULL;
    if (v->kind == PVC_V_INT || v->kind == PVC_V_FLOAT) { /* a negative literal */
        pvc_value *k = pvc_const(c->m, v->kind, at(n));
        k->i = -v->i;
        k->f = -v->f;
        return assign_leaf(c, n, out, k, dest);
    }
    pvc_op *op = pvc_op_new(c->m, PVC_OP_PY_NEG, at(n));
    pvc_op_add_operand(c->m, op, v);
    return append_with_result(c, n, out, dest, op, PVC_TY_ANY);
}

static pvc_value *lower_list(lower_ctx *c, TSNode n, pvc_block *out, const TSNode *dest)
{
    pvc_op *op = pvc_op_new(c->m, PVC_OP_LIST, at(n));
    uint32_t cnt;
    TSNode *all = kids(c, n, &cnt);
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

/* grp[i]: slot i of a tile group (§6), the receiver first as for a method. */
static pvc_value *lower_subscript(lower_ctx *c, TSNode n, pvc_block *out, const TSNode *dest)
{
    TSNode obj = field(c, n, PVC_F_VALUE), idx = field(c, n, PVC_F_SUBSCRIPT);
    if (!is(c, obj, PVC_N_IDENTIFIER) || ts_node_is_null(idx) ||
        ts_node_named_child_count(n) != 2) {
        pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED,
                     "a subscript is supported only as grp[i] on a tile group name");
        return NULL;
    }
    pvc_value *g = lower_expr(c, obj, out, NULL), *i = lower_expr(c, idx, out, NULL);
    if (!g || !i)
        return NULL;
    pvc_op *op = pvc_op_new(c->m, PVC_OP_TG_SLOT, at(n));
    pvc_op_add_operand(c->m, op, g);
    pvc_op_add_operand(c->m, op, i);
    return append_with_result(c, n, out, dest, op, PVC_TY_TILE);
}

static pvc_value *lower_expr_at(lower_ctx *c, TSNode n, pvc_block *out, const TSNode *dest)
{
    TSSymbol t = ts_node_symbol(n);
    const TSSymbol *sym = c->cst->sym;
    if (t == sym[PVC_N_IDENTIFIER])
        return assign_leaf(c, n, out, lower_identifier(c, n), dest);
    if (t == sym[PVC_N_INTEGER])
        return assign_leaf(c, n, out, lower_integer(c, n), dest);
    if (t == sym[PVC_N_FLOAT])
        return assign_leaf(c, n, out, lower_float(c, n), dest);
    if (t == sym[PVC_N_TRUE] || t == sym[PVC_N_FALSE]) {
        pvc_value *v = pvc_const(c->m, PVC_V_BOOL, at(n));
        v->i = t == sym[PVC_N_TRUE];
        return assign_leaf(c, n, out, v, dest);
    }
    if (t == sym[PVC_N_NONE])
        return assign_leaf(c, n, out, pvc_const(c->m, PVC_V_NONE, at(n)), dest);
    if (t == sym[PVC_N_ATTRIBUTE])
        return assign_leaf(c, n, out, lower_attribute(c, n), dest);
    if (t == sym[PVC_N_PARENTHESIZED_EXPRESSION] && count_args(c, n) == 1)
        return lower_expr(c, arg(c, n, 0), out, dest);
    if (t == sym[PVC_N_LIST])
        return lower_list(c, n, out, dest);
    if (t == sym[PVC_N_SUBSCRIPT] && c->f->kind == PVC_FN_JIT) /* tile groups live in kernels */
        return lower_subscript(c, n, out, dest);
    if (t == sym[PVC_N_BINARY_OPERATOR])
        return lower_binary(c, n, out, dest);
    if (t == sym[PVC_N_UNARY_OPERATOR])
        return lower_unary(c, n, out, dest);
    if (t == sym[PVC_N_CALL]) {
        pvc_op *op = lower_call(c, n, out, dest, 1);
        return op ? op->results[0] : NULL;
    }
    if (t == sym[PVC_N_STRING] || t == sym[PVC_N_CONCATENATED_STRING]) {
        pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED, "strings are not supported in a DSL function");
        return NULL;
    }
    unsupported(c, n);
    return NULL;
}

static pvc_value *lower_expr(lower_ctx *c, TSNode n, pvc_block *out, const TSNode *dest)
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

/* ---- statements ---- */

/* A target name: a new or existing variable, but never a namespace. */
static pvc_value *target_var(lower_ctx *c, TSNode n)
{
    if (!is(c, n, PVC_N_IDENTIFIER)) {
        pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED,
                     "assignment target must be a name or a tuple of names");
        return NULL;
    }
    size_t len;
    const char *t = text(c, n, &len);
    if (is_namespace(t, len)) {
        pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED, "'%.*s' is a reserved namespace", (int)len, t);
        return NULL;
    }
    return pvc_var_named(c->m, c->f, dup_text(c, n), at(n));
}

static void lower_assignment(lower_ctx *c, TSNode n, pvc_block *out)
{
    TSNode left = field(c, n, PVC_F_LEFT), right = field(c, n, PVC_F_RIGHT);
    if (!ts_node_is_null(field(c, n, PVC_F_TYPE))) {
        pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED, "annotated assignment is not supported");
        return;
    }
    if (ts_node_is_null(right)) {
        pvc_error_at(c->d, at(n), PVC_E_SYNTAX, "assignment without a value");
        return;
    }
    if (is(c, right, PVC_N_ASSIGNMENT)) {
        pvc_error_at(c->d, at(right), PVC_E_UNSUPPORTED, "chained assignment is not supported");
        return;
    }
    int tuple = is(c, left, PVC_N_PATTERN_LIST) || is(c, left, PVC_N_TUPLE_PATTERN);
    uint32_t ntargets = tuple ? count_args(c, left) : 1;
    TSNode targets[8];
    if (ntargets > 8) {
        pvc_error_at(c->d, at(left), PVC_E_RESULTS, "too many assignment targets");
        return;
    }
    for (uint32_t i = 0; i < ntargets; i++) {
        targets[i] = tuple ? arg(c, left, i) : left;
        if (!is(c, targets[i], PVC_N_IDENTIFIER)) {
            pvc_error_at(c->d, at(targets[i]), PVC_E_UNSUPPORTED,
                         "assignment target must be a name or a tuple of names");
            return;
        }
    }
    /* The targets become variables only after the right side is lowered (Python
     * evaluates it first: `x = x + 1` with x unset is an error). */
    int ok;
    if (is(c, right, PVC_N_CALL))
        ok = lower_call(c, right, out, targets, (int)ntargets) != NULL;
    else if (tuple) {
        pvc_error_at(c->d, at(right), PVC_E_RESULTS,
                     "tuple unpacking needs a call that returns %u values", ntargets);
        ok = 0;
    } else
        ok = lower_expr(c, right, out, &targets[0]) != NULL;
    if (!ok)
        poison(c, targets, (int)ntargets);
}

/* A body whose header failed is still lowered (into a block that is thrown away), so
 * its own errors are reported too. */
static void lower_orphan_body(lower_ctx *c, TSNode body)
{
    pvc_block discard = {0};
    lower_block(c, body, &discard);
}

/* pl.range(...) arguments normalised to (start, stop, step): pl.range(n) = (0, n, 1)
 * (docs/SEMANTICS.md §6). 1 when the header is well formed. */
static int lower_range_header(lower_ctx *c, TSNode right, pvc_op *op, pvc_block *out)
{
    char name[64];
    TSNode fn = field(c, right, PVC_F_FUNCTION), args = field(c, right, PVC_F_ARGUMENTS);
    if (!is(c, right, PVC_N_CALL) || !dotted_name(c, fn, name, sizeof name) ||
        strcmp(name, "pl.range") != 0) {
        pvc_error_at(c->d, at(right), PVC_E_UNSUPPORTED, "a for loop must iterate over pl.range(...)");
        return 0;
    }
    if (!is(c, args, PVC_N_ARGUMENT_LIST)) {
        pvc_error_at(c->d, at(right), PVC_E_UNSUPPORTED, "generator argument is not supported");
        return 0;
    }
    int npos;
    if (!lower_args(c, args, op, out, &npos) || !check_signature(c, right, op, npos, 0))
        return 0;
    if (op->nattrs) {
        pvc_error_at(c->d, op->attrs[0].loc, PVC_E_KEYWORD, "pl.range takes positional arguments only");
        return 0;
    }
    if (npos < 3) {
        pvc_value **old = op->operands;
        int nold = op->noperands;
        op->operands = NULL;
        op->noperands = 0;
        pvc_value *zero = pvc_const(c->m, PVC_V_INT, at(right)), *one = pvc_const(c->m, PVC_V_INT, at(right));
        one->i = 1;
        if (nold == 1)
            pvc_op_add_operand(c->m, op, zero);
        for (int i = 0; i < nold; i++)
            pvc_op_add_operand(c->m, op, old[i]);
        pvc_op_add_operand(c->m, op, one);
    }
    return 1;
}

static void lower_for(lower_ctx *c, TSNode n, pvc_block *out)
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
        poison(c, &left, 1);
    if (!ok || !iv) {
        lower_orphan_body(c, body);
        return;
    }
    if (iv->type.kind == PVC_TY_ANY)
        iv->type.kind = PVC_TY_INT;
    pvc_op_add_result(c->m, op, iv);
    pvc_block_append(c->m, out, op);
    lower_block(c, body, op->body);
}

static void lower_with(lower_ctx *c, TSNode n, pvc_block *out)
{
    TSNode clause = arg(c, n, 0), body = field(c, n, PVC_F_BODY);
    TSNode item = is(c, clause, PVC_N_WITH_CLAUSE) ? arg(c, clause, 0) : (TSNode){0};
    TSNode call = is(c, item, PVC_N_WITH_ITEM) ? field(c, item, PVC_F_VALUE) : (TSNode){0};
    char name[64];
    if (is(c, ts_node_child(n, 0), PVC_N_ASYNC) || count_args(c, clause) != 1 ||
        !is(c, call, PVC_N_CALL) || !dotted_name(c, field(c, call, PVC_F_FUNCTION), name, sizeof name) ||
        strcmp(name, "pl.section_vector") != 0) {
        pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED,
                     "only 'with pl.section_vector():' is supported");
        lower_orphan_body(c, body);
        return;
    }
    pvc_op *op = pvc_op_new(c->m, PVC_OP_PL_SECTION_VECTOR, at(n));
    int npos;
    TSNode args = field(c, call, PVC_F_ARGUMENTS);
    if (!is(c, args, PVC_N_ARGUMENT_LIST) || !lower_args(c, args, op, out, &npos) ||
        !check_signature(c, call, op, npos, 0)) {
        lower_orphan_body(c, body);
        return;
    }
    pvc_block_append(c->m, out, op);
    lower_block(c, body, op->body);
}

static void lower_expression_statement(lower_ctx *c, TSNode n, pvc_block *out, int first)
{
    if (count_args(c, n) != 1) {
        pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED, "tuple expression statement is not supported");
        return;
    }
    TSNode e = arg(c, n, 0);
    if (is(c, e, PVC_N_ASSIGNMENT))
        lower_assignment(c, e, out);
    else if (is(c, e, PVC_N_AUGMENTED_ASSIGNMENT))
        pvc_error_at(c->d, at(e), PVC_E_UNSUPPORTED,
                     "augmented assignment is not supported (write 'x = x + y')");
    else if (is(c, e, PVC_N_CALL)) {
        pvc_op *op = lower_call(c, e, out, NULL, 0);
        /* `grp.next()` alone still rotates: a value op keeps an unused temporary result, so
         * every pass sees its usual shape */
        if (op && op->code != PVC_OP_CALL && !op->nresults && pvc_ops[op->code].nres > 0) {
            pvc_value *r = pvc_var_temp(c->m, c->f, at(e));
            if (pvc_ops[op->code].result != PVC_TY_ANY)
                r->type.kind = pvc_ops[op->code].result;
            pvc_op_add_result(c->m, op, r);
        }
    } else if (first && is(c, e, PVC_N_STRING))
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
        lower_for(c, n, out);
    else if (t == sym[PVC_N_WITH_STATEMENT])
        lower_with(c, n, out);
    else
        unsupported(c, n);
}

static void lower_block(lower_ctx *c, TSNode block, pvc_block *out)
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
    TSNode *all = kids(c, block, &cnt);
    for (uint32_t i = 0; i < cnt && c->d->nerrors <= c->d->max_errors; i++)
        lower_stmt(c, all[i], out, i == 0); /* stop once the error limit is reached */
    c->depth--;
}

/* ---- functions ---- */

/* pl.Tensor[[d0, d1, ...], pl.DT_X] or int/float/bool. */
static int lower_annotation(lower_ctx *c, TSNode ty, pvc_type *out)
{
    TSNode e = is(c, ty, PVC_N_TYPE) ? arg(c, ty, 0) : ty;
    if (is(c, e, PVC_N_IDENTIFIER)) {
        static const struct {
            const char *name;
            pvc_type_kind kind;
        } scalars[] = {{"int", PVC_TY_INT}, {"float", PVC_TY_FLOAT}, {"bool", PVC_TY_BOOL}};
        for (size_t i = 0; i < 3; i++)
            if (text_is(c, e, scalars[i].name)) {
                out->kind = scalars[i].kind;
                return 1;
            }
    }
    char name[64];
    if (is(c, e, PVC_N_SUBSCRIPT) && dotted_name(c, field(c, e, PVC_F_VALUE), name, sizeof name) &&
        !strcmp(name, "pl.Tensor") && count_args(c, e) == 3) {
        TSNode dims = arg(c, e, 1), dt = arg(c, e, 2);
        char dtname[64];
        int dtype = -1;
        if (dotted_name(c, dt, dtname, sizeof dtname) && !strncmp(dtname, "pl.", 3))
            dtype = pvc_dtype_lookup(dtname + 3, strlen(dtname + 3));
        uint32_t rank = is(c, dims, PVC_N_LIST) ? count_args(c, dims) : 0;
        if (dtype >= 0 && rank >= 1 && rank <= PVC_MAX_RANK) {
            out->kind = PVC_TY_TENSOR;
            out->dtype = dtype;
            out->rank = (int)rank;
            for (uint32_t i = 0; i < rank; i++) {
                TSNode d = arg(c, dims, i);
                if (text_is(c, d, "pl.DYNAMIC"))
                    out->dims[i] = PVC_DIM_DYNAMIC;
                else if (text_is(c, d, "pl.STATIC"))
                    out->dims[i] = PVC_DIM_STATIC;
                else if (is(c, d, PVC_N_INTEGER)) {
                    pvc_value *v = lower_integer(c, d);
                    if (!v)
                        return 0;
                    out->dims[i] = v->i;
                } else
                    goto bad;
            }
            return 1;
        }
    }
bad:
    pvc_error_at(c->d, at(e), PVC_E_ANNOTATION,
                 "unsupported annotation (expected pl.Tensor[[dims], pl.DT_*], int, float or bool)");
    return 0;
}

static void lower_params(lower_ctx *c, TSNode params)
{
    uint32_t cnt;
    TSNode *all = kids(c, params, &cnt);
    for (uint32_t i = 0; i < cnt; i++) {
        TSNode p = all[i], id = p, ty = {0};
        if (is(c, p, PVC_N_TYPED_PARAMETER)) {
            id = arg(c, p, 0);
            ty = field(c, p, PVC_F_TYPE);
        }
        if (!is(c, id, PVC_N_IDENTIFIER)) {
            pvc_error_at(c->d, at(p), PVC_E_FUNCTION,
                         "parameter form not supported in a DSL function (plain names only)");
            continue;
        }
        size_t len;
        const char *t = text(c, id, &len);
        char name[256];
        snprintf(name, sizeof name, "%.*s", (int)(len < 200 ? len : 200), t);
        if (is_namespace(t, len) || pvc_var_find(c->f, name)) {
            pvc_error_at(c->d, at(id), PVC_E_FUNCTION, "parameter '%s' %s", name,
                         is_namespace(t, len) ? "is a reserved namespace" : "repeated");
            continue;
        }
        pvc_value *v = pvc_var_named(c->m, c->f, dup_text(c, id), at(id));
        v->is_param = 1;
        if (!ts_node_is_null(ty))
            lower_annotation(c, ty, &v->type);
        pvc_value **np = pvc_arena_alloc(c->m->arena, (size_t)(c->f->nparams + 1) * sizeof *np);
        if (c->f->nparams)
            memcpy(np, c->f->params, (size_t)c->f->nparams * sizeof *np);
        np[c->f->nparams++] = v;
        c->f->params = np;
    }
}

static void lower_signature(lower_ctx *c, TSNode def)
{
    if (is(c, ts_node_child(def, 0), PVC_N_ASYNC))
        pvc_error_at(c->d, at(def), PVC_E_FUNCTION, "a DSL function cannot be async");
    if (!ts_node_is_null(field(c, def, PVC_F_RETURN_TYPE)))
        pvc_error_at(c->d, at(field(c, def, PVC_F_RETURN_TYPE)), PVC_E_FUNCTION,
                     "a DSL function has no return annotation");
    if (!ts_node_is_null(field(c, def, PVC_F_TYPE_PARAMETERS)))
        pvc_error_at(c->d, at(def), PVC_E_FUNCTION, "type parameters are not supported");
    lower_params(c, field(c, def, PVC_F_PARAMETERS));
}

/* Lowers every DSL function of the file: signatures first (so calls can be checked
 * against functions defined later), then bodies. */
pvc_module *pvc_lower(const pvc_cst *cst, pvc_diag *d)
{
    pvc_arena *file = pvc_arena_new(); /* the top-level lists, for the whole file */
    lower_ctx c = {.cst = cst, .d = d, .m = pvc_module_new(cst->src->name), .scratch = file};
    TSNode root = ts_tree_root_node(cst->tree);
    uint32_t cnt;
    TSNode *top = kids(&c, root, &cnt);
    TSNode *defs = pvc_arena_alloc(file, (cnt + 1) * sizeof *defs);
    c.scratch = pvc_arena_new();
    int ndefs = 0;
    for (uint32_t i = 0; i < cnt; i++) {
        TSNode n = top[i];
        pvc_func_kind kind;
        if (!pvc_dsl_function(cst, n, &kind))
            continue;
        TSNode def = field(&c, n, PVC_F_DEFINITION);
        const char *name = dup_text(&c, field(&c, def, PVC_F_NAME));
        if (pvc_func_find(c.m, name)) {
            pvc_error_at(d, at(field(&c, def, PVC_F_NAME)), PVC_E_FUNCTION, "function '%s' defined twice", name);
            continue;
        }
        c.f = pvc_func_new(c.m, name, kind, at(def));
        lower_signature(&c, def);
        defs[ndefs++] = def;
        pvc_arena_reset(c.scratch);
    }
    for (int i = 0; i < ndefs && d->nerrors <= d->max_errors; i++) {
        c.f = c.m->funcs[i];
        c.depth = 0;
        c.poisoned = (pvc_strmap){0};
        lower_block(&c, field(&c, defs[i], PVC_F_BODY), &c.f->body);
        pvc_arena_reset(c.scratch);
    }
    pvc_arena_free(c.scratch);
    pvc_arena_free(file);
    return c.m;
}

/* The lowering of a file in parts (pipeline.c): each part a tree of whole top-level
 * statements, each DSL function lowered at once, signature then body. A call can then only
 * reach a function defined before it, and a name only be told apart from a later function
 * in an error message - so a file lowered in parts without a diagnostic is lowered as
 * pvc_lower lowers it whole, and after any diagnostic the caller lowers it whole again. */
struct pvc_lowering {
    lower_ctx c;
    pvc_arena *top; /* the part's top-level list, reset with each part */
};

pvc_lowering *pvc_lower_begin(const char *name, pvc_diag *d)
{
    pvc_lowering *L = calloc(1, sizeof *L);
    if (!L)
        PVC_BUG("out of memory");
    L->c = (lower_ctx){.d = d, .m = pvc_module_new(name), .scratch = pvc_arena_new()};
    L->top = pvc_arena_new();
    return L;
}

void pvc_lower_part(pvc_lowering *L, const pvc_cst *cst)
{
    lower_ctx *c = &L->c;
    pvc_arena *scratch = c->scratch;
    uint32_t cnt;
    c->cst = cst;
    c->scratch = L->top;
    TSNode *top = kids(c, ts_tree_root_node(cst->tree), &cnt);
    c->scratch = scratch;
    for (uint32_t i = 0; i < cnt; i++) {
        pvc_func_kind kind;
        if (!pvc_dsl_function(cst, top[i], &kind))
            continue;
        TSNode def = field(c, top[i], PVC_F_DEFINITION);
        const char *name = dup_text(c, field(c, def, PVC_F_NAME));
        if (pvc_func_find(c->m, name)) {
            pvc_error_at(c->d, at(field(c, def, PVC_F_NAME)), PVC_E_FUNCTION, "function '%s' defined twice", name);
            continue;
        }
        c->f = pvc_func_new(c->m, name, kind, at(def));
        lower_signature(c, def);
        c->depth = 0;
        c->poisoned = (pvc_strmap){0};
        lower_block(c, field(c, def, PVC_F_BODY), &c->f->body);
        pvc_arena_reset(c->scratch);
    }
    pvc_arena_reset(L->top);
}

pvc_module *pvc_lower_end(pvc_lowering *L)
{
    pvc_module *m = L->c.m;
    pvc_arena_free(L->c.scratch);
    pvc_arena_free(L->top);
    free(L);
    return m;
}
