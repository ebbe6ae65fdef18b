/* pyval.c - Python values known at compile time and the constant evaluator (lower.h).
 *
 * pv_eval evaluates an expression the way Python would when the module is imported:
 * literals, names bound to constants (module level, enclosing functions, helper parameters
 * bound to constants), + - * / // % ** << >> & | ^ ~, comparisons (chained), and/or/not,
 * `a if c else b`, tuples and lists and their subscripts and slices, dtype and enum
 * attributes (pl.DT_FP32, pl.MaskPattern.ALL, aliases of them), the builtins min max abs int
 * float bool len round, math.*, and calls of helper functions whose arguments are all
 * constants (their bodies run here: assignments, if, for over range, while, return).
 *
 * Ints are int64 where Python's are unbounded: a result outside int64 is an opaque value
 * that says so (reported, E009, only where a DSL function uses it). Floats are doubles with
 * CPython's // and % (the runtime's pvc_py_* functions), comparisons of an int with a float
 * exact (pvc_py_ifcmp). An expression that reads a run-time value gives NULL; the lowering
 * then builds IR for it, whose constant parts fold in the resolve pass.
 */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>

#include "front/lower.h"

#define MAX_CALL_DEPTH 64      /* helper calls evaluated inside each other */
#define MAX_STEPS 1000000      /* statements one top-level evaluation may run */

typedef struct {
    pvc_strmap *env;           /* locals of the helper being evaluated, or NULL */
    pvc_scope *sc;             /* its globals */
    int depth;                 /* helper calls */
    long *steps;
} ev_ctx;

static pvc_pyval *ev(lower_ctx *c, TSNode n, ev_ctx *e);

/* ---- constructors ---- */
/* A value the scopes bind lives as long as the module; one made while a function is
 * lowered (c->f) only while that function is (its IR copies what it needs), in scratch. */
pvc_pyval *pv_new(lower_ctx *c, pv_kind kind, pvc_span loc)
{
    pvc_pyval *v = pvc_arena_alloc(c->f ? c->scratch : c->m->arena, sizeof *v);
    v->kind = kind;
    v->loc = loc;
    return v;
}

pvc_pyval *pv_int(lower_ctx *c, int64_t i, pvc_span loc)
{
    pvc_pyval *v = pv_new(c, PV_INT, loc);
    v->i = i;
    return v;
}

static pvc_pyval *pv_float(lower_ctx *c, double f, pvc_span loc)
{
    pvc_pyval *v = pv_new(c, PV_FLOAT, loc);
    v->f = f;
    return v;
}

static pvc_pyval *pv_bool(lower_ctx *c, int b, pvc_span loc)
{
    pvc_pyval *v = pv_new(c, PV_BOOL, loc);
    v->i = !!b;
    return v;
}

static pvc_pyval *pv_str(lower_ctx *c, const char *s, size_t len, pvc_span loc)
{
    pvc_pyval *v = pv_new(c, PV_STR, loc);
    v->s = s;
    v->len = len;
    return v;
}

pvc_pyval *pv_opaque(lower_ctx *c, pvc_span loc, pvc_diag_kind code, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    pvc_pyval *v = pv_new(c, PV_OPAQUE, loc);
    v->s = pvc_arena_strndup(c->m->arena, buf, strlen(buf));
    v->i = code;
    return v;
}

static pvc_pyval *pv_seq(lower_ctx *c, pv_kind kind, pvc_pyval **items, int n, pvc_span loc)
{
    pvc_pyval *v = pv_new(c, kind, loc);
    v->items = pvc_arena_alloc(c->m->arena, ((size_t)n + 1) * sizeof *v->items);
    if (n)
        memcpy(v->items, items, (size_t)n * sizeof *items);
    v->n = n;
    return v;
}

const char *pv_kind_name(const pvc_pyval *v)
{
    static const char *const names[] = {
        [PV_NONE] = "None", [PV_BOOL] = "bool", [PV_INT] = "int", [PV_FLOAT] = "float",
        [PV_STR] = "str", [PV_TUPLE] = "tuple", [PV_LIST] = "list", [PV_DTYPE] = "dtype",
        [PV_ENUM] = "enum member", [PV_DIM] = "dimension", [PV_NS] = "enum namespace",
        [PV_MODULE] = "module", [PV_BUILTIN] = "function", [PV_HELPER] = "function",
        [PV_DSL] = "DSL function", [PV_OPAQUE] = "value",
    };
    return names[v->kind];
}

int pv_truth(const pvc_pyval *v)
{
    switch (v->kind) {
    case PV_NONE: return 0;
    case PV_BOOL: case PV_INT: return v->i != 0;
    case PV_FLOAT: return v->f != 0; /* NaN is true */
    case PV_STR: return v->len != 0;
    case PV_TUPLE: case PV_LIST: return v->n != 0;
    case PV_OPAQUE: return -1;
    default: return 1; /* objects: dtypes, enum members, modules, functions */
    }
}

static int is_intlike(const pvc_pyval *v) { return v->kind == PV_INT || v->kind == PV_BOOL; }
static int is_num(const pvc_pyval *v) { return is_intlike(v) || v->kind == PV_FLOAT; }
static double as_double(const pvc_pyval *v) { return v->kind == PV_FLOAT ? v->f : pvc_py_float(v->i); }

static pvc_pyval *overflow(lower_ctx *c, pvc_span loc, const char *what)
{
    return pv_opaque(c, loc, PVC_E_LITERAL, PVC_OVERFLOW_TEXT, what);
}

/* ---- attributes of modules and namespaces ---- */
static pvc_pyval *module(lower_ctx *c, const char *prefix, pvc_span loc)
{
    pvc_pyval *v = pv_new(c, PV_MODULE, loc);
    v->s = prefix;
    return v;
}

static pvc_pyval *builtin(lower_ctx *c, const char *name, pvc_span loc)
{
    static const char *const names[PVB_COUNT] = {
#define X(id, nm) nm,
        PV_BUILTINS(X)
#undef X
    };
    for (int i = 0; i < PVB_COUNT; i++)
        if (!strcmp(names[i], name)) {
            pvc_pyval *v = pv_new(c, PV_BUILTIN, loc);
            v->i = i;
            return v;
        }
    return NULL;
}

pvc_pyval *pv_attr(lower_ctx *c, const pvc_pyval *obj, const char *name, pvc_span loc)
{
    if (obj->kind == PV_NS) {
        int64_t value;
        if (pvc_enum_member_lookup(obj->ns, name, strlen(name), &value))
            return NULL;
        pvc_pyval *v = pv_new(c, PV_ENUM, loc);
        v->ns = obj->ns;
        v->i = value;
        return v;
    }
    if (obj->kind != PV_MODULE)
        return NULL;
    const char *dotted = pvc_arena_dotted(c->m->arena, obj->s, name, strlen(name));
    if (!strcmp(obj->s, "pypto_pro"))
        return !strcmp(name, "language") ? module(c, "pl", loc) : NULL;
    if (!strcmp(obj->s, "pl")) {
        int dt = pvc_dtype_lookup(name, strlen(name)), ns = pvc_enum_ns_lookup(name, strlen(name));
        if (dt >= 0) {
            pvc_pyval *v = pv_new(c, PV_DTYPE, loc);
            v->i = dt;
            return v;
        }
        if (ns >= 0) {
            pvc_pyval *v = pv_new(c, PV_NS, loc);
            v->ns = ns;
            return v;
        }
#define X(nm, txt)                                                                           \
        if (!strcmp(name, #nm)) {                                                            \
            pvc_pyval *v = pv_new(c, PV_DIM, loc);                                           \
            v->i = PVC_DIM_##nm;                                                             \
            return v;                                                                        \
        }
        PVC_PL_CONSTS(X)
#undef X
        int64_t layout; /* pl.ND, pl.DN, ...: members of pl.TensorLayout */
        if (!pvc_enum_member_lookup(PVC_NS_TensorLayout, name, strlen(name), &layout)) {
            pvc_pyval *v = pv_new(c, PV_ENUM, loc);
            v->ns = PVC_NS_TensorLayout;
            v->i = layout;
            return v;
        }
        if (!strcmp(name, "system"))
            return module(c, "pl.system", loc);
        if (!strcmp(name, "Vf"))
            return module(c, "vf", loc);
        return builtin(c, dotted, loc); /* pl.jit, pl.min, ...; ops are not values */
    }
    if (!strcmp(obj->s, "math")) {
        static const struct {
            const char *name;
            double value;
        } consts[] = {{"pi", 3.141592653589793}, {"e", 2.718281828459045},
                      {"tau", 6.283185307179586}, {"inf", HUGE_VAL}, {"nan", NAN}};
        for (size_t i = 0; i < sizeof consts / sizeof consts[0]; i++)
            if (!strcmp(name, consts[i].name))
                return pv_float(c, consts[i].value, loc);
        return builtin(c, dotted, loc);
    }
    if (!strcmp(obj->s, "vf") || !strcmp(obj->s, "pl.system"))
        return NULL; /* ops: called, never values */
    return pv_opaque(c, loc, PVC_E_NOT_CONST, "'%s' belongs to module %s, which pvc does not read",
                     dotted, obj->s);
}

/* ---- arithmetic ---- */
typedef enum { B_ADD, B_SUB, B_MUL, B_TRUEDIV, B_FLOORDIV, B_MOD, B_POW, B_LSHIFT, B_RSHIFT,
               B_AND, B_OR, B_XOR, B_NONE } binop;

/* The py.* op of each operator (PVC_OP_NONE: ** is pyval's own), evaluated by the calls of
 * ops.h PVC_PY_OPS (ir/pyfold.c), the constant evaluator the resolve pass uses too. */
static const int binop_code[B_NONE] = {
    [B_ADD] = PVC_OP_PY_ADD, [B_SUB] = PVC_OP_PY_SUB, [B_MUL] = PVC_OP_PY_MUL,
    [B_TRUEDIV] = PVC_OP_PY_TRUEDIV, [B_FLOORDIV] = PVC_OP_PY_FLOORDIV, [B_MOD] = PVC_OP_PY_MOD,
    [B_POW] = PVC_OP_NONE, [B_LSHIFT] = PVC_OP_PY_LSHIFT, [B_RSHIFT] = PVC_OP_PY_RSHIFT,
    [B_AND] = PVC_OP_PY_BITAND, [B_OR] = PVC_OP_PY_BITOR, [B_XOR] = PVC_OP_PY_BITXOR,
};

static binop binop_of(const char *t, size_t len)
{
    static const char *const toks[] = {"+", "-", "*", "/", "//", "%", "**", "<<", ">>", "&", "|", "^"};
    for (int i = 0; i < B_NONE; i++)
        if (strlen(toks[i]) == len && !memcmp(toks[i], t, len))
            return (binop)i;
    return B_NONE;
}

static pvc_pyval *zero_div(lower_ctx *c, pvc_span loc)
{
    return pv_opaque(c, loc, PVC_E_NOT_CONST, "division by zero in a constant expression");
}

/* int ** int (b >= 0), by squaring, NULL on overflow. */
static int ipow(int64_t a, int64_t b, int64_t *out)
{
    int64_t r = 1;
    while (b > 0) {
        if ((b & 1) && __builtin_mul_overflow(r, a, &r))
            return 0;
        b >>= 1;
        if (b && __builtin_mul_overflow(a, a, &a))
            return 0;
    }
    *out = r;
    return 1;
}

static pvc_pyval *float_binop(lower_ctx *c, binop op, double a, double b, pvc_span loc);

/* A fault of a constant expression is an error here: Python raises (pypto_pro's evaluator
 * reports it), the expression has no value to lower. */
static pvc_pyval *fold_fault(lower_ctx *c, binop op, pvc_span loc)
{
    if (op == B_LSHIFT || op == B_RSHIFT)
        return pv_opaque(c, loc, PVC_E_NOT_CONST, "negative shift count");
    return zero_div(c, loc);
}

static pvc_pyval *int_binop(lower_ctx *c, binop op, int64_t a, int64_t b, int both_bool, pvc_span loc)
{
    int64_t r = 0;
    if (op == B_POW) {
        if (b < 0) {
            if (!a)
                return zero_div(c, loc);
            return pv_float(c, pow(pvc_py_float(a), pvc_py_float(b)), loc);
        }
        if (!ipow(a, b, &r))
            return overflow(c, loc, "the power");
        return pv_int(c, r, loc);
    }
    if (op == B_TRUEDIV) /* always a float */
        return float_binop(c, op, pvc_py_float(a), pvc_py_float(b), loc);
    switch (pvc_fold_int(binop_code[op], a, b, &r)) {
    case PVC_FOLD_OK: break;
    case PVC_FOLD_OVERFLOW: return overflow(c, loc, pvc_pyop_of(binop_code[op])->what);
    case PVC_FOLD_FAULT: return fold_fault(c, op, loc);
    default: return NULL;
    }
    if (both_bool && (op == B_AND || op == B_OR || op == B_XOR))
        return pv_bool(c, (int)r, loc);
    return pv_int(c, r, loc);
}

static pvc_pyval *float_binop(lower_ctx *c, binop op, double a, double b, pvc_span loc)
{
    double r;
    if (op == B_POW) {
        if (a == 0 && b < 0)
            return zero_div(c, loc);
        if (a < 0 && b != floor(b))
            return pv_opaque(c, loc, PVC_E_NOT_CONST, "a negative number to a fractional power is complex");
        return pv_float(c, pow(a, b), loc);
    }
    switch (pvc_fold_float(binop_code[op], a, b, &r)) {
    case PVC_FOLD_OK: return pv_float(c, r, loc);
    case PVC_FOLD_FAULT: return fold_fault(c, op, loc);
    default: return pv_opaque(c, loc, PVC_E_NOT_CONST, "bitwise operator on a float");
    }
}

static pvc_pyval *seq_concat(lower_ctx *c, const pvc_pyval *a, const pvc_pyval *b, pvc_span loc)
{
    pvc_pyval **items = pvc_arena_alloc(c->m->arena, ((size_t)a->n + b->n + 1) * sizeof *items);
    memcpy(items, a->items, (size_t)a->n * sizeof *items);
    if (b->n)
        memcpy(items + a->n, b->items, (size_t)b->n * sizeof *items);
    return pv_seq(c, a->kind, items, a->n + b->n, loc);
}

static pvc_pyval *seq_repeat(lower_ctx *c, const pvc_pyval *a, int64_t k, pvc_span loc)
{
    if (k < 0)
        k = 0;
    size_t unit = a->kind == PV_STR ? a->len : (size_t)a->n;
    if (unit && (uint64_t)k > (1u << 20) / unit)
        return pv_opaque(c, loc, PVC_E_LIMIT, "a repeated sequence longer than 2^20");
    if (a->kind == PV_STR) {
        char *s = pvc_arena_alloc(c->m->arena, unit * (size_t)k + 1);
        for (int64_t i = 0; i < k; i++)
            memcpy(s + i * unit, a->s, unit);
        return pv_str(c, s, unit * (size_t)k, loc);
    }
    pvc_pyval **items = pvc_arena_alloc(c->m->arena, (unit * (size_t)k + 1) * sizeof *items);
    for (int64_t i = 0; i < k; i++)
        if (unit)
            memcpy(items + i * a->n, a->items, unit * sizeof *items);
    return pv_seq(c, a->kind, items, (int)(unit * (size_t)k), loc);
}

static pvc_pyval *binary(lower_ctx *c, binop op, const pvc_pyval *a, const pvc_pyval *b, pvc_span loc)
{
    if (a->kind == PV_OPAQUE)
        return (pvc_pyval *)a;
    if (b->kind == PV_OPAQUE)
        return (pvc_pyval *)b;
    if (is_intlike(a) && is_intlike(b))
        return int_binop(c, op, a->i, b->i, a->kind == PV_BOOL && b->kind == PV_BOOL, loc);
    if (is_num(a) && is_num(b))
        return float_binop(c, op, as_double(a), as_double(b), loc);
    int seq_a = a->kind == PV_STR || a->kind == PV_TUPLE || a->kind == PV_LIST;
    if (op == B_ADD && seq_a && a->kind == b->kind) {
        if (a->kind != PV_STR)
            return seq_concat(c, a, b, loc);
        char *s = pvc_arena_alloc(c->m->arena, a->len + b->len + 1);
        memcpy(s, a->s, a->len);
        memcpy(s + a->len, b->s, b->len);
        return pv_str(c, s, a->len + b->len, loc);
    }
    if (op == B_MUL && seq_a && is_intlike(b))
        return seq_repeat(c, a, b->i, loc);
    if (op == B_MUL && is_intlike(a) && (b->kind == PV_STR || b->kind == PV_TUPLE || b->kind == PV_LIST))
        return seq_repeat(c, b, a->i, loc);
    return pv_opaque(c, loc, PVC_E_TYPE, "unsupported operand types for a binary operator: %s and %s",
                     pv_kind_name(a), pv_kind_name(b));
}

pvc_pyval *pv_binary_tok(lower_ctx *c, const char *tok, size_t len, const pvc_pyval *a,
                         const pvc_pyval *b, pvc_span loc)
{
    binop op = binop_of(tok, len);
    return op == B_NONE ? NULL : binary(c, op, a, b, loc);
}

/* ---- comparisons ---- */
/* -1, 0, 1, 2 unordered (NaN), 3 for values Python does not order (only == and != work). */
static int compare(const pvc_pyval *a, const pvc_pyval *b)
{
    if (is_intlike(a) && is_intlike(b))
        return a->i < b->i ? -1 : a->i > b->i;
    if (is_num(a) && is_num(b)) {
        if (is_intlike(a)) /* exact, as Python: through the runtime's comparison */
            return pvc_py_ifcmp(PVC_PY_LT, a->i, b->f) ? -1 : pvc_py_ifcmp(PVC_PY_GT, a->i, b->f) ? 1
                 : pvc_py_ifcmp(PVC_PY_EQ, a->i, b->f) ? 0 : 2;
        if (is_intlike(b)) {
            int r = compare(b, a);
            return r == 2 ? 2 : -r;
        }
        return a->f < b->f ? -1 : a->f > b->f ? 1 : a->f == b->f ? 0 : 2;
    }
    if (a->kind == PV_STR && b->kind == PV_STR) {
        size_t n = a->len < b->len ? a->len : b->len;
        int r = memcmp(a->s, b->s, n);
        return r ? (r < 0 ? -1 : 1) : a->len < b->len ? -1 : a->len > b->len;
    }
    if ((a->kind == PV_TUPLE || a->kind == PV_LIST) && a->kind == b->kind) {
        for (int i = 0; i < a->n && i < b->n; i++) {
            int r = compare(a->items[i], b->items[i]);
            if (r)
                return r;
        }
        return a->n < b->n ? -1 : a->n > b->n;
    }
    if (a->kind == b->kind && (a->kind == PV_DTYPE || a->kind == PV_DIM || a->kind == PV_NONE ||
                               (a->kind == PV_ENUM && a->ns == b->ns)))
        return a->i == b->i ? 0 : 3;
    return 3;
}

static int contains(const pvc_pyval *seq, const pvc_pyval *x, int *out)
{
    if (seq->kind == PV_STR && x->kind == PV_STR) {
        *out = 0;
        for (size_t i = 0; i + x->len <= seq->len && !*out; i++)
            *out = !memcmp(seq->s + i, x->s, x->len);
        return 1;
    }
    if (seq->kind != PV_TUPLE && seq->kind != PV_LIST)
        return 0;
    *out = 0;
    for (int i = 0; i < seq->n && !*out; i++)
        *out = compare(seq->items[i], x) == 0;
    return 1;
}

/* One comparison operator by its token (`not in` and `is not` are single tokens): sets
 * *holds; returns NULL, or an opaque value when Python would raise. */
static pvc_pyval *compare_op(lower_ctx *c, const char *t, size_t len, const pvc_pyval *a,
                             const pvc_pyval *b, pvc_span loc, int *holds)
{
    char op[8];
    snprintf(op, sizeof op, "%.*s", (int)(len < 7 ? len : 7), t ? t : "");
    int neg = !strncmp(op, "not", 3) || (!strncmp(op, "is", 2) && len > 2);
    if (!strncmp(op, "not", 3) || !strcmp(op, "in")) {
        int r;
        if (!contains(b, a, &r))
            return pv_opaque(c, loc, PVC_E_TYPE, "'in' needs a tuple, list or str on its right");
        *holds = neg ? !r : r;
        return NULL;
    }
    int r = compare(a, b);
    if (!strncmp(op, "is", 2) || !strcmp(op, "==") || !strcmp(op, "!=") || !strcmp(op, "<>")) {
        *holds = (r == 0) != (neg || op[0] == '!' || op[0] == '<');
        return NULL;
    }
    if (r == 3)
        return pv_opaque(c, loc, PVC_E_TYPE, "'%s' is not supported between %s and %s", op,
                         pv_kind_name(a), pv_kind_name(b));
    *holds = !strcmp(op, "<") ? r == -1 : !strcmp(op, "<=") ? r == -1 || r == 0
           : !strcmp(op, ">") ? r == 1 : r == 1 || r == 0;
    return NULL;
}

/* a < b <= c ...: children are operands, the `operators` field holds the tokens. */
static pvc_pyval *ev_compare(lower_ctx *c, TSNode n, ev_ctx *e)
{
    TSTreeCursor cur = ts_tree_cursor_new(n);
    pvc_pyval *left = NULL, *res = NULL;
    const char *optext = NULL;
    size_t oplen = 0;
    int ok = ts_tree_cursor_goto_first_child(&cur), holds = 1;
    for (; ok; ok = ts_tree_cursor_goto_next_sibling(&cur)) {
        TSNode ch = ts_tree_cursor_current_node(&cur);
        if (ts_tree_cursor_current_field_id(&cur) == c->cst->field[PVC_F_OPERATORS]) {
            optext = text(c, ch, &oplen);
            continue;
        }
        if (!ts_node_is_named(ch) || ts_node_is_extra(ch))
            continue;
        pvc_pyval *v = ev(c, ch, e);
        if (!v || v->kind == PV_OPAQUE) {
            res = v;
            goto done;
        }
        if (left && holds) {
            pvc_pyval *err = compare_op(c, optext, oplen, left, v, at(n), &holds);
            if (err) {
                res = err;
                goto done;
            }
        }
        left = v;
    }
    res = pv_bool(c, holds, at(n));
done:
    ts_tree_cursor_delete(&cur);
    return res;
}

/* ---- builtins ---- */
static pvc_pyval *arity(lower_ctx *c, const char *name, pvc_span loc)
{
    return pv_opaque(c, loc, PVC_E_ARGCOUNT, "wrong number of arguments to %s()", name);
}

static pvc_pyval *minmax(lower_ctx *c, int is_max, pvc_pyval **a, int n, pvc_span loc)
{
    if (n == 1 && (a[0]->kind == PV_TUPLE || a[0]->kind == PV_LIST)) {
        n = a[0]->n;
        a = a[0]->items;
    }
    if (n < 1)
        return arity(c, is_max ? "max" : "min", loc);
    pvc_pyval *best = a[0];
    for (int i = 1; i < n; i++) {
        int r = compare(a[i], best);
        if (r == 3)
            return pv_opaque(c, loc, PVC_E_TYPE, "%s() of values Python does not order",
                             is_max ? "max" : "min");
        if (is_max ? r == 1 : r == -1)
            best = a[i];
    }
    return best;
}

static pvc_pyval *to_int(lower_ctx *c, const pvc_pyval *v, double f, pvc_span loc)
{
    if (v && is_intlike(v))
        return pv_int(c, v->i, loc);
    if (f != f || f == HUGE_VAL || f == -HUGE_VAL)
        return pv_opaque(c, loc, PVC_E_NOT_CONST, "int() of a NaN or infinite float");
    if (f >= 9223372036854775808.0 || f < -9223372036854775808.0)
        return overflow(c, loc, "int() of the float");
    return pv_int(c, (int64_t)f, loc);
}

static pvc_pyval *call_builtin(lower_ctx *c, pv_builtin b, pvc_pyval **a, int n, pvc_span loc)
{
    for (int i = 0; i < n; i++)
        if (a[i]->kind == PV_OPAQUE)
            return a[i];
    int num = n >= 1 && is_num(a[0]);
    double x = num ? as_double(a[0]) : 0;
    switch (b) {
    case PVB_MIN: case PVB_PL_MIN: return minmax(c, 0, a, n, loc);
    case PVB_MAX: case PVB_PL_MAX: return minmax(c, 1, a, n, loc);
    case PVB_ABS:
        if (n != 1 || !num)
            return arity(c, "abs", loc);
        if (is_intlike(a[0]))
            return a[0]->i == INT64_MIN ? overflow(c, loc, "abs()") : pv_int(c, llabs(a[0]->i), loc);
        return pv_float(c, fabs(x), loc);
    case PVB_INT:
        if (n != 1 || !num)
            return n == 0 ? pv_int(c, 0, loc) : pv_opaque(c, loc, PVC_E_TYPE, "int() of a %s", pv_kind_name(a[0]));
        return to_int(c, a[0], trunc(x), loc);
    case PVB_FLOAT:
        if (n == 1 && a[0]->kind == PV_STR) { /* float("inf"), float("-inf"), float("nan") */
            char buf[64];
            snprintf(buf, sizeof buf, "%.*s", (int)(a[0]->len < 60 ? a[0]->len : 60), a[0]->s);
            char *end;
            double f = strtod(buf, &end);
            return *end || !buf[0] ? pv_opaque(c, loc, PVC_E_TYPE, "float() of '%s'", buf) : pv_float(c, f, loc);
        }
        if (n != 1 || !num)
            return n == 0 ? pv_float(c, 0, loc) : arity(c, "float", loc);
        return pv_float(c, x, loc);
    case PVB_BOOL:
        if (n > 1)
            return arity(c, "bool", loc);
        return pv_bool(c, n ? pv_truth(a[0]) == 1 : 0, loc);
    case PVB_LEN:
        if (n != 1)
            return arity(c, "len", loc);
        if (a[0]->kind == PV_STR) {
            int64_t k = 0; /* code points: bytes that do not continue a UTF-8 sequence */
            for (size_t i = 0; i < a[0]->len; i++)
                k += ((unsigned char)a[0]->s[i] & 0xC0) != 0x80;
            return pv_int(c, k, loc);
        }
        if (a[0]->kind == PV_TUPLE || a[0]->kind == PV_LIST)
            return pv_int(c, a[0]->n, loc);
        return pv_opaque(c, loc, PVC_E_TYPE, "len() of a %s", pv_kind_name(a[0]));
    case PVB_ROUND:
        if (n < 1 || n > 2 || !num || (n == 2 && !is_intlike(a[1])))
            return arity(c, "round", loc);
        if (n == 1)
            return is_intlike(a[0]) ? pv_int(c, a[0]->i, loc) : to_int(c, NULL, nearbyint(x), loc);
        if (is_intlike(a[0]))
            return a[1]->i >= 0 ? pv_int(c, a[0]->i, loc)
                                : pv_opaque(c, loc, PVC_E_NOT_CONST, "round() to negative digits");
        {
            char buf[512];
            int digits = a[1]->i > 300 ? 300 : a[1]->i < 0 ? -1 : (int)a[1]->i;
            if (digits < 0 || x != x || x == HUGE_VAL || x == -HUGE_VAL)
                return digits < 0 ? pv_opaque(c, loc, PVC_E_NOT_CONST, "round() to negative digits")
                                  : pv_float(c, x, loc);
            snprintf(buf, sizeof buf, "%.*f", digits, x); /* exact decimal, ties to even */
            return pv_float(c, strtod(buf, NULL), loc);
        }
    case PVB_SQRT: case PVB_LOG2: case PVB_LOG10: case PVB_EXP: case PVB_FABS:
        if (n != 1 || !num)
            return arity(c, "math function", loc);
        if ((b == PVB_SQRT && x < 0) || ((b == PVB_LOG2 || b == PVB_LOG10) && x <= 0))
            return pv_opaque(c, loc, PVC_E_NOT_CONST, "math domain error");
        return pv_float(c, b == PVB_SQRT ? sqrt(x) : b == PVB_LOG2 ? log2(x) : b == PVB_LOG10 ? log10(x)
                        : b == PVB_EXP ? exp(x) : fabs(x), loc);
    case PVB_LOG:
        if (n < 1 || n > 2 || !num || (n == 2 && !is_num(a[1])))
            return arity(c, "math.log", loc);
        if (x <= 0 || (n == 2 && (as_double(a[1]) <= 0 || as_double(a[1]) == 1)))
            return pv_opaque(c, loc, PVC_E_NOT_CONST, "math domain error");
        return pv_float(c, n == 2 ? log(x) / log(as_double(a[1])) : log(x), loc);
    case PVB_CEIL: case PVB_FLOOR:
        if (n != 1 || !num)
            return arity(c, b == PVB_CEIL ? "math.ceil" : "math.floor", loc);
        return is_intlike(a[0]) ? pv_int(c, a[0]->i, loc) : to_int(c, NULL, b == PVB_CEIL ? ceil(x) : floor(x), loc);
    case PVB_POW:
        if (n != 2 || !num || !is_num(a[1]))
            return arity(c, "math.pow", loc);
        return float_binop(c, B_POW, x, as_double(a[1]), loc);
    case PVB_GCD: {
        int64_t g = 0;
        for (int i = 0; i < n; i++) {
            if (!is_intlike(a[i]) || a[i]->i == INT64_MIN)
                return arity(c, "math.gcd", loc);
            int64_t v = llabs(a[i]->i);
            while (v) {
                int64_t t = g % v;
                g = v;
                v = t;
            }
        }
        return pv_int(c, g, loc);
    }
    case PVB_ISQRT:
        if (n != 1 || !is_intlike(a[0]) || a[0]->i < 0)
            return arity(c, "math.isqrt", loc);
        {
            int64_t r = (int64_t)sqrtl((long double)a[0]->i);
            while (r > 0 && r * r > a[0]->i)
                r--;
            while ((r + 1) * (r + 1) <= a[0]->i)
                r++;
            return pv_int(c, r, loc);
        }
    case PVB_RANGE:
        return pv_opaque(c, loc, PVC_E_UNSUPPORTED, "range() is not a value (loop with pl.range)");
    case PVB_LIST: case PVB_TUPLE:
        if (n == 0)
            return pv_seq(c, b == PVB_LIST ? PV_LIST : PV_TUPLE, NULL, 0, loc);
        if (n != 1 || (a[0]->kind != PV_TUPLE && a[0]->kind != PV_LIST))
            return pv_opaque(c, loc, PVC_E_TYPE, "%s() of a %s", b == PVB_LIST ? "list" : "tuple",
                             pv_kind_name(a[0]));
        return pv_seq(c, b == PVB_LIST ? PV_LIST : PV_TUPLE, a[0]->items, a[0]->n, loc);
    default:
        return pv_opaque(c, loc, PVC_E_UNSUPPORTED, "this function has no value at compile time");
    }
}

/* ---- helper functions run at compile time ---- */
typedef enum { ST_NORMAL, ST_RETURN, ST_BREAK, ST_CONTINUE, ST_FAIL } st_status;

typedef struct {
    ev_ctx *e;
    pvc_pyval *ret;
    pvc_pyval *err;  /* an opaque value that stopped it */
} ex_ctx;

static st_status ex_block(lower_ctx *c, TSNode block, ex_ctx *x);

/* Binds targets (a name, or a tuple/list pattern of names) to v in the helper's locals. */
static int ex_bind(lower_ctx *c, TSNode t, pvc_pyval *v, ex_ctx *x)
{
    if (is(c, t, PVC_N_IDENTIFIER)) {
        pvc_strmap_put(c->m->arena, x->e->env, lw_dup(c, t), v);
        return 1;
    }
    if (is(c, t, PVC_N_PATTERN_LIST) || is(c, t, PVC_N_TUPLE_PATTERN) || is(c, t, PVC_N_LIST)) {
        uint32_t n;
        TSNode *k = lw_kids(c, t, &n);
        if ((v->kind != PV_TUPLE && v->kind != PV_LIST) || v->n != (int)n)
            return 0;
        for (uint32_t i = 0; i < n; i++)
            if (!ex_bind(c, k[i], v->items[i], x))
                return 0;
        return 1;
    }
    return 0;
}

static pvc_pyval *ex_value(lower_ctx *c, TSNode n, ex_ctx *x)
{
    pvc_pyval *v = ev(c, n, x->e);
    if (v && v->kind == PV_OPAQUE)
        x->err = v;
    return v && v->kind != PV_OPAQUE ? v : NULL;
}

static st_status ex_simple(lower_ctx *c, TSNode s, ex_ctx *x, int first)
{
    TSNode e = lw_kid(c, s, 0);
    if (is(c, e, PVC_N_STRING) && first)
        return ST_NORMAL; /* docstring */
    if (is(c, e, PVC_N_ASSIGNMENT)) {
        TSNode right = field(c, e, PVC_F_RIGHT);
        if (ts_node_is_null(right))
            return ST_NORMAL; /* x: int */
        pvc_pyval *v = ex_value(c, right, x);
        return v && ex_bind(c, field(c, e, PVC_F_LEFT), v, x) ? ST_NORMAL : ST_FAIL;
    }
    if (is(c, e, PVC_N_AUGMENTED_ASSIGNMENT)) {
        TSNode left = field(c, e, PVC_F_LEFT), optok = field(c, e, PVC_F_OPERATOR);
        size_t len;
        const char *t = text(c, optok, &len);
        pvc_pyval *a = ex_value(c, left, x), *b = a ? ex_value(c, field(c, e, PVC_F_RIGHT), x) : NULL;
        binop op = len > 1 ? binop_of(t, len - 1) : B_NONE;
        if (!a || !b || op == B_NONE)
            return ST_FAIL;
        pvc_pyval *r = binary(c, op, a, b, at(e));
        if (r->kind == PV_OPAQUE) {
            x->err = r;
            return ST_FAIL;
        }
        return ex_bind(c, left, r, x) ? ST_NORMAL : ST_FAIL;
    }
    return ST_FAIL; /* a call for its effect, ... */
}

static st_status ex_for(lower_ctx *c, TSNode s, ex_ctx *x)
{
    TSNode right = field(c, s, PVC_F_RIGHT), fn = field(c, right, PVC_F_FUNCTION);
    if (!is(c, right, PVC_N_CALL) || !lw_text_is(c, fn, "range") || scope_lookup(x->e->sc, "range") ||
        !ts_node_is_null(field(c, s, PVC_F_ALTERNATIVE)))
        return ST_FAIL;
    uint32_t n;
    TSNode *args = lw_kids(c, field(c, right, PVC_F_ARGUMENTS), &n);
    int64_t b[3] = {0, 0, 1};
    for (uint32_t i = 0; i < n && n <= 3; i++) {
        pvc_pyval *v = ex_value(c, args[i], x);
        if (!v || !is_intlike(v))
            return ST_FAIL;
        b[n == 1 ? 1 : i] = v->i;
    }
    if (n < 1 || n > 3 || b[2] == 0)
        return ST_FAIL;
    uint64_t trips = pvc_py_range_len(NULL, b[0], b[1], b[2]);
    for (uint64_t k = 0; k < trips; k++) {
        if (!ex_bind(c, field(c, s, PVC_F_LEFT), pv_int(c, pvc_py_range_at(b[0], k, b[2]), at(s)), x))
            return ST_FAIL;
        st_status st = ex_block(c, field(c, s, PVC_F_BODY), x);
        if (st == ST_BREAK)
            break;
        if (st == ST_RETURN || st == ST_FAIL)
            return st;
    }
    return ST_NORMAL;
}

static st_status ex_stmt(lower_ctx *c, TSNode s, ex_ctx *x, int first)
{
    if (++*x->e->steps > MAX_STEPS) {
        x->err = pv_opaque(c, at(s), PVC_E_LIMIT, "the helper runs more than %d statements at compile time",
                           MAX_STEPS);
        return ST_FAIL;
    }
    if (is(c, s, PVC_N_EXPRESSION_STATEMENT))
        return ex_simple(c, s, x, first);
    if (is(c, s, PVC_N_PASS_STATEMENT))
        return ST_NORMAL;
    if (is(c, s, PVC_N_BREAK_STATEMENT))
        return ST_BREAK;
    if (is(c, s, PVC_N_CONTINUE_STATEMENT))
        return ST_CONTINUE;
    if (is(c, s, PVC_N_RETURN_STATEMENT)) {
        TSNode v = lw_kid(c, s, 0);
        x->ret = ts_node_is_null(v) ? pv_new(c, PV_NONE, at(s)) : ex_value(c, v, x);
        return x->ret ? ST_RETURN : ST_FAIL;
    }
    if (is(c, s, PVC_N_IF_STATEMENT)) {
        pvc_pyval *cond = ex_value(c, field(c, s, PVC_F_CONDITION), x);
        if (!cond || pv_truth(cond) < 0)
            return ST_FAIL;
        if (pv_truth(cond))
            return ex_block(c, field(c, s, PVC_F_CONSEQUENCE), x);
        uint32_t n;
        TSNode *k = lw_kids(c, s, &n);
        for (uint32_t i = 0; i < n; i++) {
            if (is(c, k[i], PVC_N_ELSE_CLAUSE))
                return ex_block(c, field(c, k[i], PVC_F_BODY), x);
            if (!is(c, k[i], PVC_N_ELIF_CLAUSE))
                continue;
            pvc_pyval *ec = ex_value(c, field(c, k[i], PVC_F_CONDITION), x);
            if (!ec || pv_truth(ec) < 0)
                return ST_FAIL;
            if (pv_truth(ec))
                return ex_block(c, field(c, k[i], PVC_F_CONSEQUENCE), x);
        }
        return ST_NORMAL;
    }
    if (is(c, s, PVC_N_FOR_STATEMENT))
        return ex_for(c, s, x);
    if (is(c, s, PVC_N_WHILE_STATEMENT) && ts_node_is_null(field(c, s, PVC_F_ALTERNATIVE))) {
        for (;;) {
            pvc_pyval *cond = ex_value(c, field(c, s, PVC_F_CONDITION), x);
            if (!cond || pv_truth(cond) < 0)
                return ST_FAIL;
            if (!pv_truth(cond))
                return ST_NORMAL;
            st_status st = ex_block(c, field(c, s, PVC_F_BODY), x);
            if (st == ST_BREAK)
                return ST_NORMAL;
            if (st == ST_RETURN || st == ST_FAIL)
                return st;
            if (++*x->e->steps > MAX_STEPS)
                return ST_FAIL;
        }
    }
    return ST_FAIL;
}

static st_status ex_block(lower_ctx *c, TSNode block, ex_ctx *x)
{
    uint32_t n;
    TSNode *k = lw_kids(c, block, &n);
    for (uint32_t i = 0; i < n; i++) {
        st_status st = ex_stmt(c, k[i], x, i == 0);
        if (st != ST_NORMAL)
            return st;
    }
    return ST_NORMAL;
}

/* The helper's parameters, in order: name and default-value node (null when none). 0 when
 * it has a form pvc does not bind (*args, **kw, keyword-only, positional-only). */
static int helper_params(lower_ctx *c, TSNode def, TSNode *names, TSNode *dflts, int max, int *n)
{
    uint32_t k;
    TSNode *ps = lw_kids(c, field(c, def, PVC_F_PARAMETERS), &k);
    *n = 0;
    for (uint32_t i = 0; i < k; i++) {
        TSNode p = ps[i], name = p, dflt = {0};
        if (is(c, p, PVC_N_TYPED_PARAMETER))
            name = lw_kid(c, p, 0);
        else if (is(c, p, PVC_N_DEFAULT_PARAMETER) || is(c, p, PVC_N_TYPED_DEFAULT_PARAMETER)) {
            name = field(c, p, PVC_F_NAME);
            dflt = field(c, p, PVC_F_VALUE);
        }
        if (!is(c, name, PVC_N_IDENTIFIER) || *n == max)
            return 0;
        names[*n] = name;
        dflts[(*n)++] = dflt;
    }
    return 1;
}

static pvc_pyval *call_helper(lower_ctx *c, const pvc_pyval *h, pvc_pyval **args, int n, pvc_span loc,
                              ev_ctx *outer)
{
    TSNode names[32], dflts[32];
    int np;
    if (outer->depth >= MAX_CALL_DEPTH)
        return pv_opaque(c, loc, PVC_E_FUNCTION, "helper calls nested deeper than %d (recursion?)",
                         MAX_CALL_DEPTH);
    if (!scope_helper_here(c, h) || !helper_params(c, h->node, names, dflts, 32, &np) || n > np)
        return NULL;
    pvc_strmap env = {0};
    ev_ctx e = {&env, h->scope, outer->depth + 1, outer->steps};
    for (int i = 0; i < np; i++) {
        pvc_pyval *v = i < n ? args[i] : NULL;
        if (!v && !ts_node_is_null(dflts[i])) {
            ev_ctx ge = {NULL, h->scope, e.depth, e.steps};
            v = ev(c, dflts[i], &ge);
        }
        if (!v || v->kind == PV_OPAQUE)
            return v;
        pvc_strmap_put(c->m->arena, &env, lw_dup(c, names[i]), v);
    }
    ex_ctx x = {&e, NULL, NULL};
    st_status st = ex_block(c, field(c, h->node, PVC_F_BODY), &x);
    if (st == ST_FAIL)
        return x.err; /* NULL: not evaluable here, so inlined */
    return st == ST_RETURN ? x.ret : pv_new(c, PV_NONE, loc);
}

/* ---- expressions ---- */
#define MAX_RANGE_ITEMS 65536 /* list(range(...)) materialised at compile time */

static pvc_pyval *ev(lower_ctx *c, TSNode n, ev_ctx *e);

/* list(range(...)) / tuple(range(...)): range's ints as Python yields them (NULL: not that
 * form). */
static pvc_pyval *ev_range_seq(lower_ctx *c, TSNode n, pv_kind kind, TSNode arg, ev_ctx *e)
{
    TSNode args = field(c, arg, PVC_F_ARGUMENTS);
    if (!is(c, arg, PVC_N_CALL) || !is(c, args, PVC_N_ARGUMENT_LIST))
        return NULL;
    pvc_pyval *fn = ev(c, field(c, arg, PVC_F_FUNCTION), e);
    if (!fn || fn->kind != PV_BUILTIN || fn->i != PVB_RANGE)
        return NULL;
    uint32_t k;
    TSNode *a = lw_kids(c, args, &k);
    int64_t v[3] = {0, 0, 1};
    if (k < 1 || k > 3)
        return pv_opaque(c, at(arg), PVC_E_ARGCOUNT, "range() takes 1 to 3 arguments");
    for (uint32_t i = 0; i < k; i++) {
        pvc_pyval *x = ev(c, a[i], e);
        if (!x || x->kind == PV_OPAQUE)
            return x;
        if (x->kind != PV_INT && x->kind != PV_BOOL)
            return pv_opaque(c, at(a[i]), PVC_E_TYPE, "range() takes ints, not a %s", pv_kind_name(x));
        v[k == 1 ? 1 : i] = x->i;
    }
    if (!v[2])
        return pv_opaque(c, at(arg), PVC_E_NOT_CONST, "range() arg 3 must not be zero");
    __int128 len = v[2] > 0 ? ((__int128)v[1] - v[0] + v[2] - 1) / v[2] : ((__int128)v[0] - v[1] - v[2] - 1) / -v[2];
    if (len < 0)
        len = 0;
    if (len > MAX_RANGE_ITEMS)
        return pv_opaque(c, at(arg), PVC_E_LIMIT, "range() of more than %d items at compile time", MAX_RANGE_ITEMS);
    pvc_pyval **items = pvc_arena_alloc(c->m->arena, ((size_t)len + 1) * sizeof *items);
    for (int64_t i = 0; i < (int64_t)len; i++)
        items[i] = pv_int(c, v[0] + i * v[2], at(arg));
    return pv_seq(c, kind, items, (int)len, at(n));
}

static pvc_pyval *ev_call(lower_ctx *c, TSNode n, ev_ctx *e)
{
    TSNode args = field(c, n, PVC_F_ARGUMENTS);
    pvc_pyval *fn = ev(c, field(c, n, PVC_F_FUNCTION), e);
    if (!fn || fn->kind == PV_OPAQUE || !is(c, args, PVC_N_ARGUMENT_LIST))
        return fn && fn->kind == PV_OPAQUE ? fn : NULL;
    if (fn->kind != PV_BUILTIN && fn->kind != PV_HELPER)
        return NULL;
    if (fn->kind == PV_BUILTIN && (fn->i == PVB_JIT || fn->i == PVB_VECTOR_FUNCTION))
        return NULL;
    uint32_t k;
    TSNode *a = lw_kids(c, args, &k);
    if (fn->kind == PV_BUILTIN && (fn->i == PVB_LIST || fn->i == PVB_TUPLE) && k == 1) {
        pvc_pyval *r = ev_range_seq(c, n, fn->i == PVB_LIST ? PV_LIST : PV_TUPLE, a[0], e);
        if (r)
            return r;
    }
    pvc_pyval **vals = pvc_arena_alloc(c->m->arena, ((size_t)k + 1) * sizeof *vals);
    for (uint32_t i = 0; i < k; i++) {
        if (is(c, a[i], PVC_N_KEYWORD_ARGUMENT) || is(c, a[i], PVC_N_LIST_SPLAT) ||
            is(c, a[i], PVC_N_DICTIONARY_SPLAT))
            return NULL;
        if (!(vals[i] = ev(c, a[i], e)) || vals[i]->kind == PV_OPAQUE)
            return vals[i];
    }
    if (fn->kind == PV_HELPER)
        return call_helper(c, fn, vals, (int)k, at(n), e);
    return call_builtin(c, (pv_builtin)fn->i, vals, (int)k, at(n));
}

static int index_of(int64_t i, int64_t n, int64_t *out)
{
    if (i < 0)
        i += n;
    *out = i;
    return i >= 0 && i < n;
}

/* A slice start:stop:step of a sequence of length n (Python's slice.indices). */
static int slice_bounds(lower_ctx *c, TSNode sl, ev_ctx *e, int64_t n, int64_t *lo, int64_t *hi, int64_t *st)
{
    int64_t part[3] = {0, 0, 1};
    int given[3] = {0, 0, 0}, which = 0;
    TSTreeCursor cur = ts_tree_cursor_new(sl);
    int ok = ts_tree_cursor_goto_first_child(&cur), good = 1;
    for (; ok && good; ok = ts_tree_cursor_goto_next_sibling(&cur)) {
        TSNode ch = ts_tree_cursor_current_node(&cur);
        if (!ts_node_is_named(ch)) {
            which += lw_text_is(c, ch, ":");
            continue;
        }
        pvc_pyval *v = which < 3 ? ev(c, ch, e) : NULL;
        if (!v || v->kind == PV_NONE) {
            good = v != NULL;
            continue;
        }
        good = is_intlike(v);
        part[which] = v->i;
        given[which] = 1;
    }
    ts_tree_cursor_delete(&cur);
    if (!good || part[2] == 0)
        return 0;
    *st = part[2];
    int64_t dlo = *st > 0 ? 0 : n - 1, dhi = *st > 0 ? n : -1;
    for (int k = 0; k < 2; k++) {
        int64_t v = part[k], *o = k ? hi : lo;
        if (!given[k]) {
            *o = k ? dhi : dlo;
            continue;
        }
        if (v < 0)
            v += n;
        if (*st > 0)
            *o = v < 0 ? 0 : v > n ? n : v;
        else
            *o = v < -1 ? -1 : v > n - 1 ? n - 1 : v;
    }
    return 1;
}

static pvc_pyval *ev_subscript(lower_ctx *c, TSNode n, ev_ctx *e)
{
    pvc_pyval *obj = ev(c, field(c, n, PVC_F_VALUE), e);
    TSNode idx = field(c, n, PVC_F_SUBSCRIPT);
    if (!obj || obj->kind == PV_OPAQUE || ts_node_named_child_count(n) != 2)
        return obj && obj->kind == PV_OPAQUE ? obj : NULL;
    int seq = obj->kind == PV_TUPLE || obj->kind == PV_LIST || obj->kind == PV_STR;
    if (!seq)
        return NULL;
    int64_t len = obj->kind == PV_STR ? (int64_t)obj->len : obj->n;
    if (is(c, idx, PVC_N_SLICE)) {
        int64_t lo, hi, st;
        if (!slice_bounds(c, idx, e, len, &lo, &hi, &st))
            return NULL;
        int64_t cnt = st > 0 ? (hi > lo ? (hi - lo - 1) / st + 1 : 0) : (lo > hi ? (lo - hi - 1) / -st + 1 : 0);
        if (obj->kind == PV_STR) {
            char *s = pvc_arena_alloc(c->m->arena, (size_t)cnt + 1);
            for (int64_t i = 0; i < cnt; i++)
                s[i] = obj->s[lo + i * st];
            return pv_str(c, s, (size_t)cnt, at(n));
        }
        pvc_pyval **items = pvc_arena_alloc(c->m->arena, ((size_t)cnt + 1) * sizeof *items);
        for (int64_t i = 0; i < cnt; i++)
            items[i] = obj->items[lo + i * st];
        return pv_seq(c, obj->kind, items, (int)cnt, at(n));
    }
    pvc_pyval *k = ev(c, idx, e);
    if (!k || k->kind == PV_OPAQUE || !is_intlike(k))
        return k && k->kind == PV_OPAQUE ? k : NULL;
    int64_t i;
    if (!index_of(k->i, len, &i))
        return pv_opaque(c, at(n), PVC_E_NOT_CONST, "index %lld out of range for a %s of length %lld",
                         (long long)k->i, pv_kind_name(obj), (long long)len);
    return obj->kind == PV_STR ? pv_str(c, obj->s + i, 1, at(n)) : obj->items[i];
}

static pvc_pyval *ev_identifier(lower_ctx *c, TSNode n, ev_ctx *e)
{
    const char *name = lw_dup(c, n);
    if (e->env) { /* a helper running at compile time: its locals, then its globals */
        pvc_pyval *v = pvc_strmap_get(e->env, name);
        if (v)
            return v;
    } else if (c->f) { /* inside a DSL function: its variables are run-time values */
        pvc_value *lv = lower_find_var(c, name);
        if (lv || lw_poisoned(c, name)) /* a kernel-local constant, else a run-time value */
            return lv && !c->frame && lv->name ? pvc_strmap_get(&c->consts, lv->name) : NULL;
        if (c->frame) {
            pvc_value *p = pvc_strmap_get(&c->frame->params, name);
            if (p) {
                switch (p->kind) {
                case PVC_V_INT: return pv_int(c, p->i, at(n));
                case PVC_V_BOOL: return pv_bool(c, (int)p->i, at(n));
                case PVC_V_FLOAT: return pv_float(c, p->f, at(n));
                case PVC_V_NONE: return pv_new(c, PV_NONE, at(n));
                default: /* a kernel-local constant passed on, else a variable or a constant best kept */
                    return p->kind == PVC_V_VAR && p->name ? pvc_strmap_get(&c->consts, p->name) : NULL;
                }
            }
        }
    }
    pvc_pyval *v = scope_lookup(e->sc, name);
    if (v && v->kind != PV_MODULE && (!strcmp(name, "pl") || !strcmp(name, "vf")))
        v = NULL; /* the DSL's namespaces (lookup_root, scope.c) */
    return v ? v : scope_builtin(c, name, at(n));
}

static pvc_pyval *ev_seq(lower_ctx *c, TSNode n, ev_ctx *e, pv_kind kind)
{
    uint32_t k;
    TSNode *a = lw_kids(c, n, &k);
    pvc_pyval **items = pvc_arena_alloc(c->m->arena, ((size_t)k + 1) * sizeof *items);
    for (uint32_t i = 0; i < k; i++)
        if (!(items[i] = ev(c, a[i], e)) || items[i]->kind == PV_OPAQUE)
            return items[i];
    return pv_seq(c, kind, items, (int)k, at(n));
}

static pvc_pyval *ev_unary(lower_ctx *c, TSNode n, ev_ctx *e)
{
    pvc_pyval *v = ev(c, field(c, n, PVC_F_ARGUMENT), e);
    TSNode op = field(c, n, PVC_F_OPERATOR);
    if (!v || v->kind == PV_OPAQUE)
        return v;
    if (lw_text_is(c, op, "+"))
        return is_num(v) ? (is_intlike(v) ? pv_int(c, v->i, at(n)) : v) : NULL;
    if (lw_text_is(c, op, "-")) {
        int64_t i;
        double f;
        if (is_intlike(v))
            return pvc_fold_int(PVC_OP_PY_NEG, v->i, 0, &i) == PVC_FOLD_OK ? pv_int(c, i, at(n))
                                                                            : overflow(c, at(n), pvc_pyop_of(PVC_OP_PY_NEG)->what);
        return v->kind == PV_FLOAT && pvc_fold_float(PVC_OP_PY_NEG, v->f, 0, &f) == PVC_FOLD_OK
                   ? pv_float(c, f, at(n)) : NULL;
    }
    int64_t i;
    return is_intlike(v) && pvc_fold_int(PVC_OP_PY_INVERT, v->i, 0, &i) == PVC_FOLD_OK ? pv_int(c, i, at(n)) : NULL;
}

static pvc_pyval *ev_literal(lower_ctx *c, TSNode n)
{
    const TSSymbol t = ts_node_symbol(n), *sym = c->cst->sym;
    if (t == sym[PVC_N_INTEGER]) {
        int64_t i;
        int r = lw_int_literal(c, n, &i);
        size_t len;
        const char *tx = text(c, n, &len);
        return r == 0 ? pv_int(c, i, at(n))
             : r == 1 ? pv_opaque(c, at(n), PVC_E_LITERAL, "integer literal out of range (pvc's ints "
                                  "are 64-bit)")
                      : pv_opaque(c, at(n), PVC_E_LITERAL, "invalid integer literal '%.*s'",
                                  (int)(len > 40 ? 40 : len), tx);
    }
    if (t == sym[PVC_N_FLOAT]) {
        double f;
        int r = lw_float_literal(c, n, &f);
        return r == 0 ? pv_float(c, f, at(n))
                      : pv_opaque(c, at(n), PVC_E_LITERAL, r == 1 ? "float literal out of range"
                                                                  : "invalid float literal");
    }
    if (t == sym[PVC_N_STRING] || t == sym[PVC_N_CONCATENATED_STRING]) {
        const char *s, *why = "a string";
        size_t len;
        if (!lw_string_literal(c, n, &s, &len, &why))
            return pv_opaque(c, at(n), PVC_E_UNSUPPORTED, "%s is not supported", why);
        return pv_str(c, s, len, at(n));
    }
    if (t == sym[PVC_N_TRUE] || t == sym[PVC_N_FALSE])
        return pv_bool(c, t == sym[PVC_N_TRUE], at(n));
    return pv_new(c, PV_NONE, at(n));
}

static pvc_pyval *ev_at(lower_ctx *c, TSNode n, ev_ctx *e)
{
    const TSSymbol t = ts_node_symbol(n), *sym = c->cst->sym;
    if (t == sym[PVC_N_INTEGER] || t == sym[PVC_N_FLOAT] || t == sym[PVC_N_STRING] ||
        t == sym[PVC_N_CONCATENATED_STRING] || t == sym[PVC_N_TRUE] || t == sym[PVC_N_FALSE] ||
        t == sym[PVC_N_NONE])
        return ev_literal(c, n);
    if (t == sym[PVC_N_IDENTIFIER])
        return ev_identifier(c, n, e);
    if (t == sym[PVC_N_ATTRIBUTE]) {
        pvc_pyval *obj = ev(c, field(c, n, PVC_F_OBJECT), e);
        if (!obj || obj->kind == PV_OPAQUE)
            return obj;
        return pv_attr(c, obj, lw_dup(c, field(c, n, PVC_F_ATTRIBUTE)), at(n));
    }
    if (t == sym[PVC_N_PARENTHESIZED_EXPRESSION])
        return lw_count(c, n) == 1 ? ev(c, lw_kid(c, n, 0), e) : NULL;
    if (t == sym[PVC_N_TUPLE] || t == sym[PVC_N_EXPRESSION_LIST])
        return ev_seq(c, n, e, PV_TUPLE);
    if (t == sym[PVC_N_LIST])
        return ev_seq(c, n, e, PV_LIST);
    if (t == sym[PVC_N_UNARY_OPERATOR])
        return ev_unary(c, n, e);
    if (t == sym[PVC_N_NOT_OPERATOR]) {
        pvc_pyval *v = ev(c, field(c, n, PVC_F_ARGUMENT), e);
        return !v || v->kind == PV_OPAQUE ? v : pv_bool(c, !pv_truth(v), at(n));
    }
    if (t == sym[PVC_N_BINARY_OPERATOR]) {
        size_t len;
        const char *tok = text(c, field(c, n, PVC_F_OPERATOR), &len);
        binop op = binop_of(tok, len);
        pvc_pyval *a = ev(c, field(c, n, PVC_F_LEFT), e), *b = a ? ev(c, field(c, n, PVC_F_RIGHT), e) : NULL;
        if (!a || !b || op == B_NONE)
            return a && a->kind == PV_OPAQUE ? a : b && b->kind == PV_OPAQUE ? b : NULL;
        return binary(c, op, a, b, at(n));
    }
    if (t == sym[PVC_N_BOOLEAN_OPERATOR]) { /* short-circuit: the right side may stay unknown */
        int is_and = lw_text_is(c, field(c, n, PVC_F_OPERATOR), "and");
        pvc_pyval *a = ev(c, field(c, n, PVC_F_LEFT), e);
        if (!a || a->kind == PV_OPAQUE)
            return a;
        return pv_truth(a) == is_and ? ev(c, field(c, n, PVC_F_RIGHT), e) : a;
    }
    if (t == sym[PVC_N_COMPARISON_OPERATOR])
        return ev_compare(c, n, e);
    if (t == sym[PVC_N_CONDITIONAL_EXPRESSION]) { /* a if cond else b */
        pvc_pyval *cond = ev(c, lw_kid(c, n, 1), e);
        if (!cond || cond->kind == PV_OPAQUE)
            return cond;
        return ev(c, lw_kid(c, n, pv_truth(cond) ? 0 : 2), e);
    }
    if (t == sym[PVC_N_SUBSCRIPT])
        return ev_subscript(c, n, e);
    if (t == sym[PVC_N_CALL])
        return ev_call(c, n, e);
    return NULL;
}

static pvc_pyval *ev(lower_ctx *c, TSNode n, ev_ctx *e)
{
    if (ts_node_is_null(n) || c->depth >= MAX_DEPTH + 2 * MAX_CALL_DEPTH)
        return NULL;
    c->depth++;
    pvc_pyval *v = ev_at(c, n, e);
    c->depth--;
    return v;
}

pvc_pyval *pv_eval(lower_ctx *c, TSNode n, pvc_scope *sc)
{
    long steps = 0;
    ev_ctx e = {NULL, c->frame ? c->frame->scope : sc, 0, &steps};
    return ev(c, n, &e);
}
