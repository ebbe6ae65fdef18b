/* lower_struct.c - structs and tuples of a kernel (docs/SEMANTICS.md §16.8):
 *
 *   s = pl.struct("N", a=0, arr=[1, 2])      struct.set of each field element at s's place in
 *                                             the kernel's struct memory; %s = its address
 *   arr = pl.struct_array(3, "N", a=0)        three such structs, one after the other
 *   s.a, s.arr[i], arr[i].a, tiling.f        struct.get(base, offset, i, count, dtype)
 *   s.a = v, s.arr[i] = v, s.arr = [..]       struct.set
 *   ctx = arr[i], t = s                       the name holds the struct's address (an alias:
 *                                             writes through either are one struct's)
 *   t = pl.make_tuple(a=e, b=s)               compile time only: t.a is the value e had (a
 *                                             snapshot), t.b the struct s
 *
 * A tiling class parameter (a @dataclass of int, float, bool and T[N] fields) is a uint8
 * tensor of the struct's bytes; the kernel copies it into its struct memory at entry and
 * reads the copy. The layout is pvc_struct_layout_compute's (compiler/ir/struct.c), the one
 * the host packs the argument by. Every field read is a scalar of the field's dtype: an
 * int (INT64), a float (FP32) or a bool. What pypto_pro's parser refuses is a located error
 * whose code maps to the exception pypto_pro raises (E029: ParserSyntaxError, E014:
 * ParserTypeError, E002: UnsupportedFeatureError).
 */
#include <stdlib.h>

#include "front/lower.h"

#define MAX_TILING_ARRAY 2048 /* pypto_pro's bound on T[N] of a tiling field */

typedef struct lw_tuple {
    int n;
    const char **names;
    pvc_value **vals;           /* a value (a snapshot, or the tile / group / tensor itself) */
    struct lw_tuple **subs;     /* or a nested tuple */
} lw_tuple;

/* ---- small helpers ---- */
static pvc_value *cint(lower_ctx *c, int64_t v, pvc_span loc)
{
    pvc_value *k = pvc_const(c->m, PVC_V_INT, loc);
    k->i = v;
    k->type.kind = PVC_TY_INT;
    return k;
}

static pvc_value *cdtype(lower_ctx *c, int dt, pvc_span loc)
{
    pvc_value *k = pvc_const(c->m, PVC_V_DTYPE, loc);
    k->i = dt;
    return k;
}

static const char *node_text(lower_ctx *c, TSNode n)
{
    size_t len;
    const char *t = text(c, n, &len);
    return pvc_arena_strndup(c->m->arena, t, len > 80 ? 80 : len);
}

static const char *bad_key(lower_ctx *c, const pvc_value *param)
{
    return pvc_arena_printf(c->m->arena, "%s\n%s", c->f->name, param->name);
}

void lower_struct_begin(lower_ctx *c)
{
    c->nsbinds = 0;
    c->tuples = (pvc_strmap){0};
    c->struct_types = (pvc_strmap){0};
    c->smem = 0;
    for (int i = 0; i < c->f->nparams; i++)
        if (pvc_strmap_get(&c->bad_tiling, bad_key(c, c->f->params[i])))
            lw_poison(c, c->f->params[i]->name);
}

const lw_sbind *lower_sbind(const lower_ctx *c, const pvc_value *v)
{
    for (int i = c->nsbinds - 1; v && i >= 0; i--)
        if (c->sbinds[i].key == v)
            return &c->sbinds[i];
    return NULL;
}

static void add_sbind(lower_ctx *c, const pvc_value *key, const pvc_struct_layout *L, int count, pvc_value *addr)
{
    if (c->nsbinds == c->capsbinds) {
        c->capsbinds = c->capsbinds ? 2 * c->capsbinds : 16;
        lw_sbind *n = pvc_arena_alloc(c->m->arena, (size_t)c->capsbinds * sizeof *n);
        if (c->nsbinds)
            memcpy(n, c->sbinds, (size_t)c->nsbinds * sizeof *n);
        c->sbinds = n;
    }
    c->sbinds[c->nsbinds++] = (lw_sbind){key, L, count, addr};
}

void lower_struct_alias(lower_ctx *c, const pvc_value *var, const pvc_value *v)
{
    const lw_sbind *s = lower_sbind(c, v);
    if (s)
        add_sbind(c, var, s->L, s->count, s->addr);
    const lw_tuple *t = v && v->name ? pvc_strmap_get(&c->tuples, v->name) : NULL;
    if (t && var->name)
        pvc_strmap_put(c->m->arena, &c->tuples, var->name, (void *)t);
}

/* The variable or helper parameter identifier n names, else NULL. */
static pvc_value *named(lower_ctx *c, TSNode n)
{
    const char *name = lw_dup(c, n);
    pvc_value *v = lower_find_var(c, name);
    if (!v && c->frame)
        v = pvc_strmap_get(&c->frame->params, name);
    return v;
}

/* dst = v (an int address or a snapshot) appended to out. */
static void emit_assign(lower_ctx *c, pvc_span loc, pvc_value *dst, pvc_value *v, pvc_block *out)
{
    pvc_op *op = pvc_op_new(c->m, PVC_OP_ASSIGN, loc);
    pvc_op_add_operand(c->m, op, v);
    if (dst->type.kind == PVC_TY_ANY)
        dst->type = v->type;
    pvc_op_add_result(c->m, op, dst);
    pvc_block_append(c->m, out, op);
}

/* ---- field access ---- */
static pvc_type_kind kind_of_dtype(int dt)
{
    return dt == PVC_DT_FP32 ? PVC_TY_FLOAT : dt == PVC_DT_BOOL ? PVC_TY_BOOL : PVC_TY_INT;
}

static pvc_op *field_op(lower_ctx *c, pvc_span loc, pvc_opcode code, pvc_value *base, const pvc_struct_field *f,
                        pvc_value *idx)
{
    pvc_op *op = pvc_op_new(c->m, code, loc);
    pvc_op_add_operand(c->m, op, base);
    pvc_op_add_operand(c->m, op, cint(c, f->offset, loc));
    pvc_op_add_operand(c->m, op, idx ? idx : cint(c, 0, loc));
    pvc_op_add_operand(c->m, op, cint(c, f->count, loc));
    pvc_op_add_operand(c->m, op, cdtype(c, f->dtype, loc));
    return op;
}

static pvc_value *field_get(lower_ctx *c, TSNode n, pvc_value *base, const pvc_struct_field *f, pvc_value *idx,
                            pvc_block *out, const TSNode *dest)
{
    pvc_op *op = field_op(c, at(n), PVC_OP_STRUCT_GET, base, f, idx);
    return append_with_result(c, n, out, dest, op, kind_of_dtype(f->dtype));
}

static void field_set(lower_ctx *c, pvc_span loc, pvc_value *base, const pvc_struct_field *f, pvc_value *idx,
                      pvc_value *v, pvc_block *out)
{
    pvc_op *op = field_op(c, loc, PVC_OP_STRUCT_SET, base, f, idx);
    pvc_op_add_operand(c->m, op, v);
    pvc_block_append(c->m, out, op);
}

/* ---- what an expression names ---- */
typedef enum { R_NONE, R_ERR, R_VALUE, R_TUPLE, R_STRUCT, R_FIELD, R_ELEM } rkind;

typedef struct {
    rkind k;
    pvc_value *v;               /* R_VALUE */
    lw_tuple *t;                /* R_TUPLE */
    lw_sbind s;                 /* R_STRUCT, R_FIELD, R_ELEM: the struct */
    const pvc_struct_field *f;  /* R_FIELD, R_ELEM */
    pvc_value *idx;             /* R_ELEM */
} rthing;

static rthing r_err(void) { return (rthing){.k = R_ERR}; }

/* A tuple element or a struct as what it is. */
static rthing of_value(lower_ctx *c, pvc_value *v)
{
    const lw_sbind *s = lower_sbind(c, v);
    if (s)
        return (rthing){.k = R_STRUCT, .s = *s};
    lw_tuple *t = v && v->name ? pvc_strmap_get(&c->tuples, v->name) : NULL;
    if (t)
        return (rthing){.k = R_TUPLE, .t = t};
    return (rthing){.k = R_VALUE, .v = v};
}

static rthing resolve(lower_ctx *c, TSNode n, pvc_block *out);

static rthing tuple_field(lower_ctx *c, TSNode n, const lw_tuple *t, int i)
{
    (void)n;
    if (t->subs[i])
        return (rthing){.k = R_TUPLE, .t = t->subs[i]};
    return of_value(c, t->vals[i]);
}

static rthing resolve_attribute(lower_ctx *c, TSNode n, pvc_block *out)
{
    rthing r = resolve(c, field(c, n, PVC_F_OBJECT), out);
    const char *name = lw_dup(c, field(c, n, PVC_F_ATTRIBUTE));
    if (r.k == R_NONE || r.k == R_ERR)
        return r;
    if (r.k == R_TUPLE) {
        for (int i = 0; i < r.t->n; i++)
            if (!strcmp(r.t->names[i], name))
                return tuple_field(c, n, r.t, i);
    } else if (r.k == R_STRUCT && r.s.count) {
        pvc_error_at(c->d, at(n), PVC_E_STRUCT, "'%s' is a pl.struct_array of %d structs: a field is read "
                     "through one of them, as arr[i].%s", node_text(c, field(c, n, PVC_F_OBJECT)), r.s.count,
                     name);
        return r_err();
    } else if (r.k == R_STRUCT) {
        const pvc_struct_field *f = pvc_struct_field_named(r.s.L, name);
        if (f)
            return (rthing){.k = R_FIELD, .s = r.s, .f = f};
    } else if (r.k == R_VALUE) {
        return (rthing){.k = R_NONE}; /* t.a.shape and the like: the value's own attribute */
    }
    pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED, "Standalone attribute access not supported: %s (%s has no "
                 "field '%s')", node_text(c, n), node_text(c, field(c, n, PVC_F_OBJECT)), name);
    return r_err();
}

/* The one index of x[i] on a struct or tuple, lowered; NULL after an error. */
static pvc_value *one_index(lower_ctx *c, TSNode n, pvc_block *out, int64_t *k, int *is_const)
{
    uint32_t cnt;
    TSNode *kids = lw_kids(c, n, &cnt);
    if (cnt != 2) {
        pvc_error_at(c->d, at(n), PVC_E_STRUCT, "Multi-dimensional subscript is not supported for tuples "
                     "(use a scalar index like s.arr[0])");
        return NULL;
    }
    if (is(c, kids[1], PVC_N_SLICE)) {
        pvc_error_at(c->d, at(kids[1]), PVC_E_UNSUPPORTED, "Unsupported expression type: Slice (a struct "
                     "array field or a pl.struct_array is indexed one element at a time)");
        return NULL;
    }
    pvc_pyval *pv = pv_eval(c, kids[1], c->frame ? c->frame->scope : c->scope);
    if (pv && pv->kind == PV_FLOAT) {
        pvc_error_at(c->d, at(kids[1]), PVC_E_STRUCT, "Tuple index must be an integer");
        return NULL;
    }
    pvc_value *v = lower_expr(c, kids[1], out, NULL);
    if (!v)
        return NULL;
    *is_const = v->kind == PVC_V_INT || v->kind == PVC_V_BOOL;
    *k = v->i;
    if (v->kind == PVC_V_FLOAT) {
        pvc_error_at(c->d, at(kids[1]), PVC_E_STRUCT, "Tuple index must be an integer");
        return NULL;
    }
    return v;
}

static rthing resolve_subscript(lower_ctx *c, TSNode n, pvc_block *out)
{
    TSNode obj = field(c, n, PVC_F_VALUE);
    rthing r = resolve(c, obj, out);
    if (r.k == R_NONE || r.k == R_ERR || r.k == R_VALUE)
        return r.k == R_VALUE ? (rthing){.k = R_NONE} : r;
    if (r.k == R_FIELD && !r.f->count) {
        pvc_error_at(c->d, at(n), PVC_E_TYPE, "Cannot subscript struct field '%s': field is not an array "
                     "(only array fields, e.g. %s=[0, 0, 0, 0], take an index)", r.f->name, r.f->name);
        return r_err();
    }
    if (r.k == R_STRUCT && !r.s.count) {
        pvc_error_at(c->d, at(n), PVC_E_TYPE, "Subscript requires tuple, tile, or tensor type, got the struct "
                     "'%s' (read a field: %s.f)", r.s.L->name, node_text(c, obj));
        return r_err();
    }
    int64_t k = 0;
    int is_const = 0;
    pvc_value *idx = one_index(c, n, out, &k, &is_const);
    if (!idx)
        return r_err();
    if (r.k == R_TUPLE && !is_const) { /* one of the elements, picked at run time */
        for (int i = 0; i < r.t->n; i++)
            if (r.t->subs[i] || lower_sbind(c, r.t->vals[i]) || pvc_strmap_get(&c->tuples, r.t->vals[i]->name ? r.t->vals[i]->name : "")) {
                pvc_error_at(c->d, at(n), PVC_E_STRUCT, "a pl.make_tuple of structs or tuples takes a constant "
                             "index 0 .. %d here", r.t->n - 1);
                return r_err();
            }
        pvc_value *v = lower_pick(c, n, r.t->vals, r.t->n, idx, out, NULL);
        return v ? (rthing){.k = R_VALUE, .v = v} : r_err();
    }
    if (r.k == R_TUPLE) {
        if (k < 0 || k >= r.t->n) {
            pvc_error_at(c->d, at(n), PVC_E_STRUCT, "a pl.make_tuple of %d elements takes a constant index "
                         "0 .. %d here", r.t->n, r.t->n - 1);
            return r_err();
        }
        return tuple_field(c, n, r.t, (int)k);
    }
    if (r.k == R_FIELD) {
        if (is_const && (k < 0 || k >= r.f->count)) {
            pvc_error_at(c->d, at(n), PVC_E_STRUCT, "Array field '%s' index %lld out of bounds for %d elements",
                         r.f->name, (long long)k, r.f->count);
            return r_err();
        }
        r.k = R_ELEM;
        r.idx = idx;
        return r;
    }
    /* a slot of a pl.struct_array: its address */
    if (is_const && (k < 0 || k >= r.s.count)) {
        pvc_error_at(c->d, at(n), PVC_E_STRUCT, "index %lld of the pl.struct_array '%s' of %d structs (pvc "
                     "takes 0 .. %d: no negative index, no slot past the end)", (long long)k, node_text(c, obj),
                     r.s.count, r.s.count - 1);
        return r_err();
    }
    pvc_op *op;
    if (is_const) {
        op = pvc_op_new(c->m, PVC_OP_PY_ADD, at(n));
        pvc_op_add_operand(c->m, op, r.s.addr);
        pvc_op_add_operand(c->m, op, cint(c, k * r.s.L->size, at(n)));
    } else {
        op = pvc_op_new(c->m, PVC_OP_STRUCT_SLOT, at(n));
        pvc_op_add_operand(c->m, op, r.s.addr);
        pvc_op_add_operand(c->m, op, idx);
        pvc_op_add_operand(c->m, op, cint(c, r.s.count, at(n)));
        pvc_op_add_operand(c->m, op, cint(c, r.s.L->size, at(n)));
    }
    pvc_value *addr = append_with_result(c, n, out, NULL, op, PVC_TY_INT);
    if (!addr)
        return r_err();
    add_sbind(c, addr, r.s.L, 0, addr);
    return (rthing){.k = R_STRUCT, .s = {addr, r.s.L, 0, addr}};
}

static rthing resolve(lower_ctx *c, TSNode n, pvc_block *out)
{
    if (is(c, n, PVC_N_IDENTIFIER)) {
        pvc_value *v = named(c, n);
        if (v && v->name && lw_poisoned(c, v->name))
            return r_err(); /* a refused tiling parameter: its error is said */
        return v ? of_value(c, v) : (rthing){.k = R_NONE};
    }
    if (is(c, n, PVC_N_ATTRIBUTE))
        return resolve_attribute(c, n, out);
    if (is(c, n, PVC_N_SUBSCRIPT))
        return resolve_subscript(c, n, out);
    if (is(c, n, PVC_N_PARENTHESIZED_EXPRESSION) && lw_count(c, n) == 1)
        return resolve(c, lw_kid(c, n, 0), out);
    return (rthing){.k = R_NONE};
}

/* A struct, or a nested tuple of them, may be named only where its value is not needed. */
static pvc_value *as_value(lower_ctx *c, TSNode n, rthing r, pvc_block *out, const TSNode *dest)
{
    switch (r.k) {
    case R_VALUE: return assign_leaf(c, n, out, r.v, dest);
    case R_FIELD:
        if (r.f->count) {
            pvc_error_at(c->d, at(n), PVC_E_STRUCT, "'%s' is an array field of %d elements: read one of them, "
                         "as %s[i]", node_text(c, n), r.f->count, node_text(c, n));
            return NULL;
        }
        return field_get(c, n, r.s.addr, r.f, NULL, out, dest);
    case R_ELEM: return field_get(c, n, r.s.addr, r.f, r.idx, out, dest);
    case R_STRUCT: /* a helper's argument: the struct itself (by reference) */
        if (dest) {
            pvc_value *v = assign_leaf(c, n, out, r.s.addr, dest);
            if (v)
                add_sbind(c, v, r.s.L, r.s.count, v);
            return v;
        }
        if (!lower_sbind(c, r.s.addr))
            add_sbind(c, r.s.addr, r.s.L, r.s.count, r.s.addr);
        return r.s.addr;
    case R_TUPLE:
        pvc_error_at(c->d, at(n), PVC_E_STRUCT, "'%s' is a pl.make_tuple: read one of its fields",
                     node_text(c, n));
        return NULL;
    case R_NONE: case R_ERR: break;
    }
    return NULL;
}

int lower_struct_read(lower_ctx *c, TSNode n, pvc_block *out, const TSNode *dest, pvc_value **value)
{
    if (!c->f)
        return 0;
    rthing r = resolve(c, n, out);
    if (r.k == R_NONE)
        return 0;
    *value = r.k == R_ERR ? NULL : as_value(c, n, r, out, dest);
    return 1;
}

/* ---- field types from initial values ---- */
/* The dtype a field takes from a compile-time value (a list's: its elements' kind), -1 none. */
static int dtype_of_pyval(const pvc_pyval *v)
{
    return v->kind == PV_INT ? PVC_DT_INT64 : v->kind == PV_FLOAT ? PVC_DT_FP32 : v->kind == PV_BOOL ? PVC_DT_BOOL : -1;
}

static int dtype_of_value(const pvc_value *v)
{
    pvc_type_kind k = v->kind == PVC_V_FLOAT ? PVC_TY_FLOAT : v->kind == PVC_V_BOOL ? PVC_TY_BOOL : v->type.kind;
    if (k == PVC_TY_FLOAT)
        return PVC_DT_FP32;
    if (k == PVC_TY_BOOL)
        return PVC_DT_BOOL;
    if (k == PVC_TY_INT || k == PVC_TY_ANY)
        return PVC_DT_INT64; /* an int, or a value the types pass checks against the field */
    return -1;
}

/* One initial value of a pl.struct field: its elements (one for a scalar field), lowered. */
typedef struct {
    pvc_value **el;
    int n;        /* elements; 0: a scalar */
    int dtype;
} field_init;

static int lower_init(lower_ctx *c, TSNode kw, TSNode v, pvc_block *out, field_init *fi)
{
    const char *fname = lw_dup(c, field(c, kw, PVC_F_NAME));
    pvc_pyval *pv = pv_eval(c, v, c->frame ? c->frame->scope : c->scope);
    if (pv && pv->kind == PV_OPAQUE)
        return lower_pyval(c, pv, v, NULL, NULL) != NULL;
    int list = pv ? pv->kind == PV_LIST || pv->kind == PV_TUPLE : is(c, v, PVC_N_LIST) || is(c, v, PVC_N_TUPLE);
    uint32_t n = list ? (pv ? (uint32_t)pv->n : lw_count(c, v)) : 1;
    if (list && !n) {
        pvc_error_at(c->d, at(v), PVC_E_STRUCT, "field '%s' of pl.struct: an array field needs at least one "
                     "element", fname);
        return 0;
    }
    fi->n = list ? (int)n : 0;
    fi->el = pvc_arena_alloc(c->m->arena, (size_t)n * sizeof *fi->el);
    fi->dtype = -1;
    for (uint32_t i = 0; i < n; i++) {
        int dt;
        if (pv) {
            const pvc_pyval *e = list ? pv->items[i] : pv;
            if ((dt = dtype_of_pyval(e)) < 0 || !(fi->el[i] = lower_pyval(c, e, v, out, NULL)))
                dt = -1;
        } else {
            TSNode e = list ? lw_kid(c, v, i) : v;
            rthing r = resolve(c, e, out);
            if (r.k == R_STRUCT || r.k == R_TUPLE) {
                pvc_error_at(c->d, at(e), PVC_E_STRUCT, "field '%s' of pl.struct holds a %s: pvc's struct "
                             "fields are ints, floats and bools (pypto_pro gives a nested struct a "
                             "placeholder type)", fname, r.k == R_STRUCT ? "struct" : "tuple");
                return 0;
            }
            if (r.k == R_ERR || !(fi->el[i] = r.k == R_NONE ? lower_expr(c, e, out, NULL) : as_value(c, e, r, out, NULL)))
                return 0;
            dt = dtype_of_value(fi->el[i]);
        }
        if (dt < 0) {
            pvc_error_at(c->d, at(v), PVC_E_STRUCT, "field '%s' of pl.struct: its value must be an int, a float, "
                         "a bool or a list of them", fname);
            return 0;
        }
        if (fi->dtype >= 0 && dt != fi->dtype) {
            pvc_error_at(c->d, at(v), PVC_E_STRUCT, "field '%s' of pl.struct: the elements of an array field "
                         "are all ints, all floats or all bools", fname);
            return 0;
        }
        fi->dtype = dt;
    }
    return 1;
}

static int same_layout(const pvc_struct_layout *a, const pvc_struct_layout *b)
{
    if (a->nfields != b->nfields)
        return 0;
    for (int i = 0; i < a->nfields; i++)
        if (strcmp(a->fields[i].name, b->fields[i].name) || a->fields[i].dtype != b->fields[i].dtype ||
            a->fields[i].count != b->fields[i].count)
            return 0;
    return 1;
}

/* The next `count` structs of L in the function's struct memory: their base. -1 when full. */
static int64_t smem_alloc(lower_ctx *c, TSNode n, const pvc_struct_layout *L, int64_t count)
{
    int64_t base = (c->smem + L->align - 1) / L->align * L->align;
    if (count > ((int64_t)PVC_SMEM_BYTES - base) / L->size) {
        pvc_error_at(c->d, at(n), PVC_E_STRUCT, "the structs of '%s' need more than the %u bytes of a kernel's "
                     "struct memory (pvc's bound)", c->f->name, PVC_SMEM_BYTES);
        return -1;
    }
    c->smem = base + count * L->size;
    return base;
}

/* pl.struct("N", f=v, ...) and pl.struct_array(count, "N", f=v, ...) assigned to target. */
/* rebind: var may name a struct of another type before (it takes this one from here on, as
 * pypto_pro binds a name anew); else (the paths of a helper's return) that is an error. */
static pvc_value *lower_new_struct(lower_ctx *c, TSNode n, int array, pvc_block *out, pvc_value *var,
                                   int rebind)
{
    const char *what = array ? "pl.struct_array" : "pl.struct";
    TSNode args = field(c, n, PVC_F_ARGUMENTS);
    uint32_t cnt;
    TSNode *all = lw_kids(c, args, &cnt);
    uint32_t npos = 0, nkw = 0;
    for (uint32_t i = 0; i < cnt; i++) {
        if (is(c, all[i], PVC_N_DICTIONARY_SPLAT) || is(c, all[i], PVC_N_LIST_SPLAT)) {
            pvc_error_at(c->d, at(all[i]), PVC_E_STRUCT, "%s() does not support **kwargs", what);
            return NULL;
        }
        if (is(c, all[i], PVC_N_KEYWORD_ARGUMENT)) {
            nkw++;
        } else if (nkw) { /* Python's own SyntaxError: the fields below are keywords only */
            pvc_error_at(c->d, at(all[i]), PVC_E_SYNTAX, "positional argument follows keyword argument");
            return NULL;
        } else {
            npos++;
        }
    }
    if (c->f->kind != PVC_FN_JIT) {
        pvc_error_at(c->d, at(n), PVC_E_STRUCT, "%s makes a struct of a @pl.jit kernel: pvc keeps structs out "
                     "of vector functions", what);
        return NULL;
    }
    int64_t count = 0;
    if (array) {
        int64_t k;
        if (!npos || !is(c, all[0], PVC_N_INTEGER)) {
            pvc_error_at(c->d, at(n), PVC_E_STRUCT, "pl.struct_array() requires an integer size as first argument "
                         "(pl.struct_array(N, \"Name\", field1=0, ...))");
            return NULL;
        }
        if (lw_int_literal(c, all[0], &k) || k < 1) {
            pvc_error_at(c->d, at(all[0]), PVC_E_STRUCT, "pl.struct_array() size must be a positive integer, got %s",
                         node_text(c, all[0]));
            return NULL;
        }
        count = k;
    }
    const char *sname = NULL;
    size_t slen;
    const char *why;
    TSNode namenode = npos > (uint32_t)array ? all[array] : lw_null();
    if (ts_node_is_null(namenode) || !is(c, namenode, PVC_N_STRING) ||
        !lw_string_literal(c, namenode, &sname, &slen, &why)) {
        if (array)
            pvc_error_at(c->d, at(n), PVC_E_STRUCT, "pl.struct_array(N, \"Name\", ...) requires a string struct "
                         "name as second arg");
        else
            pvc_error_at(c->d, at(n), PVC_E_STRUCT, "pl.struct(\"Name\", ...) takes the struct's C++ type name, a "
                         "string, first (pypto_pro's parser reads it unconditionally: 'Failed to parse kernel "
                         "function': IndexError or AttributeError)");
        return NULL;
    }
    if (!nkw) {
        pvc_error_at(c->d, at(n), PVC_E_STRUCT, "%s(%s\"Name\", ...) requires at least one keyword field", what,
                     array ? "N, " : "");
        return NULL;
    }
    if (npos > (uint32_t)array + 1) {
        pvc_error_at(c->d, at(all[array + 1]), PVC_E_STRUCT, "%s takes its fields as keywords", what);
        return NULL;
    }
    pvc_struct_layout *L = pvc_arena_alloc(c->m->arena, sizeof *L);
    L->name = pvc_arena_strndup(c->m->arena, sname, slen);
    L->fields = pvc_arena_alloc(c->m->arena, (size_t)nkw * sizeof *L->fields);
    field_init *fi = pvc_arena_alloc(c->m->arena, (size_t)nkw * sizeof *fi);
    for (uint32_t i = npos; i < cnt; i++) {
        TSNode kw = all[i];
        const char *fname = lw_dup(c, field(c, kw, PVC_F_NAME));
        for (int j = 0; j < L->nfields; j++)
            if (!strcmp(L->fields[j].name, fname)) {
                pvc_error_at(c->d, at(kw), PVC_E_KEYWORD, "keyword argument '%s' repeated", fname);
                return NULL;
            }
        field_init *f = &fi[L->nfields];
        if (!lower_init(c, kw, field(c, kw, PVC_F_VALUE), out, f))
            return NULL;
        L->fields[L->nfields++] = (pvc_struct_field){fname, f->dtype, f->n, 0};
    }
    pvc_struct_layout_compute(L);
    const pvc_struct_layout *seen = pvc_strmap_get(&c->struct_types, L->name);
    if (seen && !same_layout(seen, L)) {
        pvc_error_at(c->d, at(n), PVC_E_STRUCT, "Conflicting definitions for struct type '%s': one C++ struct type "
                     "has one list of fields and field types", L->name);
        return NULL;
    }
    if (!seen)
        pvc_strmap_put(c->m->arena, &c->struct_types, L->name, L);
    int64_t base = smem_alloc(c, n, L, array ? count : 1);
    if (base < 0)
        return NULL;
    for (int64_t s = 0; s < (array ? count : 1); s++)
        for (int j = 0; j < L->nfields; j++)
            for (int e = 0; e < (fi[j].n ? fi[j].n : 1); e++)
                field_set(c, at(n), cint(c, base + s * L->size, at(n)), &L->fields[j], cint(c, e, at(n)),
                          fi[j].el[e], out);
    const lw_sbind *old = lower_sbind(c, var);
    int other = old && (!same_layout(old->L, L) || old->count != (int)count);
    if (other && !rebind) {
        pvc_error_at(c->d, at(n), PVC_E_STRUCT, "the paths of a helper return structs of different types "
                     "here (pvc gives a returned value one struct type)");
        return NULL;
    }
    emit_assign(c, at(n), var, cint(c, base, at(n)), out);
    if (!old || other)
        add_sbind(c, var, L, (int)count, var);
    return var;
}

/* ---- pl.make_tuple ---- */
/* var names tuple t from here on (the name is the kernel's: var.a reads t's element); a var
 * that names a tuple already (another return path of a helper) keeps its fields. */
static pvc_value *bind_tuple(lower_ctx *c, pvc_span loc, pvc_value *var, lw_tuple *t, pvc_block *out)
{
    const lw_tuple *old = pvc_strmap_get(&c->tuples, var->name);
    int same = old && old->n == t->n;
    for (int i = 0; same && i < t->n; i++)
        same = !strcmp(old->names[i], t->names[i]) && !old->subs[i] == !t->subs[i];
    if (old && !same) {
        pvc_error_at(c->d, loc, PVC_E_STRUCT, "the paths of a helper return tuples of different fields here "
                     "(pvc gives a returned value one tuple shape)");
        return NULL;
    }
    emit_assign(c, loc, var, cint(c, 0, loc), out);
    pvc_strmap_put(c->m->arena, &c->tuples, var->name, t);
    return var;
}
pvc_value *lower_tuple_of(lower_ctx *c, pvc_span loc, pvc_value *var, int n, const char *const *names,
                          pvc_value *const *vals, pvc_block *out)
{
    lw_tuple *t = pvc_arena_alloc(c->m->arena, sizeof *t);
    t->n = n;
    t->names = pvc_arena_alloc(c->m->arena, (size_t)n * sizeof *t->names);
    t->vals = pvc_arena_alloc(c->m->arena, (size_t)n * sizeof *t->vals);
    t->subs = pvc_arena_alloc(c->m->arena, (size_t)n * sizeof *t->subs);
    for (int i = 0; i < n; i++)
        t->names[i] = names[i], t->vals[i] = vals[i];
    return bind_tuple(c, loc, var, t, out);
}

static int is_handle(const pvc_value *v)
{
    pvc_type_kind k = v->type.kind;
    return v->kind == PVC_V_VAR && (k == PVC_TY_TILE || k == PVC_TY_TILE_GROUP || k == PVC_TY_TENSOR ||
                                    k == PVC_TY_TILE_TYPE);
}

static pvc_value *copy_tuple(lower_ctx *c, TSNode n, const char *name, const lw_tuple *src, pvc_block *out);

/* The element r (expression n) of a tuple in its slot, the variable `name`: a snapshot of a
 * value (the value it had when the tuple was made), the struct itself, or - unless merge -
 * the tile, group or tensor itself (t.g.next() rotates g). With merge (a helper's return,
 * whose paths meet in the slots) tiles are assigned to the slot too and a nested tuple is
 * copied slot by slot. NULL after an error. */
static pvc_value *slot_value(lower_ctx *c, TSNode n, const char *name, rthing r, pvc_block *out, int merge)
{
    if (r.k == R_TUPLE)
        return copy_tuple(c, n, name, r.t, out);
    pvc_value *e = r.k == R_NONE ? lower_expr(c, n, out, NULL) : r.k == R_STRUCT ? r.s.addr
                 : r.k == R_VALUE ? r.v : as_value(c, n, r, out, NULL);
    if (!e)
        return NULL;
    if (r.k != R_STRUCT && is_handle(e) && !merge)
        return e;
    pvc_value *snap = pvc_var_named(c->m, c->f, name, at(n));
    emit_assign(c, at(n), snap, e, out);
    if (r.k == R_STRUCT)
        add_sbind(c, snap, r.s.L, r.s.count, snap);
    return snap;
}

/* The tuple src copied into the slots name.<field>, bound to the variable `name`. */
static pvc_value *copy_tuple(lower_ctx *c, TSNode n, const char *name, const lw_tuple *src, pvc_block *out)
{
    lw_tuple *t = pvc_arena_alloc(c->m->arena, sizeof *t);
    t->n = src->n;
    t->names = src->names;
    t->vals = pvc_arena_alloc(c->m->arena, (size_t)src->n * sizeof *t->vals);
    t->subs = pvc_arena_alloc(c->m->arena, (size_t)src->n * sizeof *t->subs);
    for (int i = 0; i < src->n; i++) {
        const char *sub = pvc_arena_printf(c->m->arena, "%s.%s", name, src->names[i]);
        rthing r = src->subs[i] ? (rthing){.k = R_TUPLE, .t = src->subs[i]} : of_value(c, src->vals[i]);
        if (!(t->vals[i] = slot_value(c, n, sub, r, out, 1)))
            return NULL;
    }
    return bind_tuple(c, at(n), pvc_var_named(c->m, c->f, name, at(n)), t, out);
}

static pvc_value *return_tuple(lower_ctx *c, TSNode n, const char *name, int merge, pvc_block *out);

/* 1 when n is a tuple literal (a, b) of tiles, groups, tensors, structs or tuples, named:
 * pvc makes it a compile-time tuple, as pypto_pro makes every tuple (a tuple of scalars
 * stays a list value, pl.load's offsets). */
static int tuple_of_handles(lower_ctx *c, TSNode n, pvc_block *out)
{
    if (!is(c, n, PVC_N_TUPLE) || !lw_count(c, n))
        return 0;
    uint32_t cnt;
    TSNode *all = lw_kids(c, n, &cnt);
    for (uint32_t i = 0; i < cnt; i++) {
        if (!is(c, all[i], PVC_N_IDENTIFIER) && !is(c, all[i], PVC_N_ATTRIBUTE))
            return 0;
        rthing r = resolve(c, all[i], out);
        pvc_value *v = r.k == R_VALUE ? r.v : r.k == R_NONE && is(c, all[i], PVC_N_IDENTIFIER) ? named(c, all[i]) : NULL;
        if (r.k != R_STRUCT && r.k != R_TUPLE && !(v && is_handle(v)))
            return 0;
    }
    return 1;
}

/* merge: the tuple is one of a helper's returns, whose paths meet in var: every element is
 * a snapshot, tiles and tensors too (each path writes the same slots). */
static pvc_value *lower_make_tuple(lower_ctx *c, TSNode n, pvc_block *out, pvc_value *var, int merge)
{
    TSNode args = field(c, n, PVC_F_ARGUMENTS);
    uint32_t cnt;
    TSNode *all = lw_kids(c, args, &cnt);
    if (!cnt) {
        pvc_error_at(c->d, at(n), PVC_E_STRUCT, "pl.make_tuple() requires at least one keyword argument (field=value)");
        return NULL;
    }
    for (uint32_t i = 0; i < cnt; i++) {
        if (is(c, all[i], PVC_N_DICTIONARY_SPLAT)) {
            pvc_error_at(c->d, at(all[i]), PVC_E_STRUCT, "pl.make_tuple() does not support **kwargs");
            return NULL;
        }
        if (!is(c, all[i], PVC_N_KEYWORD_ARGUMENT)) {
            pvc_error_at(c->d, at(all[i]), PVC_E_STRUCT, "pl.make_tuple() does not accept positional arguments; "
                         "use keyword args");
            return NULL;
        }
    }
    lw_tuple *t = pvc_arena_alloc(c->m->arena, sizeof *t);
    t->names = pvc_arena_alloc(c->m->arena, cnt * sizeof *t->names);
    t->vals = pvc_arena_alloc(c->m->arena, cnt * sizeof *t->vals);
    t->subs = pvc_arena_alloc(c->m->arena, cnt * sizeof *t->subs);
    for (uint32_t i = 0; i < cnt; i++) {
        const char *fname = lw_dup(c, field(c, all[i], PVC_F_NAME));
        TSNode v = field(c, all[i], PVC_F_VALUE);
        for (int j = 0; j < t->n; j++)
            if (!strcmp(t->names[j], fname)) {
                pvc_error_at(c->d, at(all[i]), PVC_E_KEYWORD, "keyword argument '%s' repeated", fname);
                return NULL;
            }
        int k = t->n++;
        t->names[k] = fname;
        rthing r = resolve(c, v, out);
        if (r.k == R_ERR)
            return NULL;
        if (r.k == R_TUPLE && !merge) {
            t->subs[k] = r.t;
            continue;
        }
        if (r.k == R_NONE && tuple_of_handles(c, v, out)) { /* f=(tile_a, tile_b) */
            if (!(t->vals[k] = return_tuple(c, v, pvc_arena_printf(c->m->arena, "%s.%s", var->name, fname), merge, out)))
                return NULL;
            continue;
        }
        if (!(t->vals[k] = slot_value(c, v, pvc_arena_printf(c->m->arena, "%s.%s", var->name, fname), r, out, merge)))
            return NULL;
    }
    return bind_tuple(c, at(n), var, t, out);
}

int lower_struct_call(lower_ctx *c, TSNode n, const char *canon, pvc_block *out, const TSNode *targets,
                      int ntargets, pvc_value **value)
{
    int which = !strcmp(canon, "pl.struct") ? 1 : !strcmp(canon, "pl.struct_array") ? 2
                : !strcmp(canon, "pl.make_tuple") ? 3 : 0;
    if (!which)
        return 0;
    pvc_value *v = NULL;
    if (!targets || ntargets != 1) {
        pvc_error_at(c->d, at(n), PVC_E_STRUCT, "%s(...) is assigned to one name (x = %s(...)) or returned by "
                     "a helper: pvc makes its struct or tuple for that name", canon, canon);
    } else if ((v = target_var(c, targets[0]))) {
        v = which == 3 ? lower_make_tuple(c, n, out, v, 0)
                       : lower_new_struct(c, n, which == 2, out, v, 1);
    }
    if (value)
        *value = v;
    return 1;
}

/* (a, b) returned as one value of a helper: a tuple of slots name.0, name.1, ... */
static pvc_value *return_tuple(lower_ctx *c, TSNode n, const char *name, int merge, pvc_block *out)
{
    uint32_t cnt;
    TSNode *all = lw_kids(c, n, &cnt);
    lw_tuple *t = pvc_arena_alloc(c->m->arena, sizeof *t);
    t->names = pvc_arena_alloc(c->m->arena, ((size_t)cnt + 1) * sizeof *t->names);
    t->vals = pvc_arena_alloc(c->m->arena, ((size_t)cnt + 1) * sizeof *t->vals);
    t->subs = pvc_arena_alloc(c->m->arena, ((size_t)cnt + 1) * sizeof *t->subs);
    for (uint32_t i = 0; i < cnt; i++) {
        TSNode e = all[i];
        int k = t->n++;
        t->names[k] = pvc_arena_printf(c->m->arena, "%u", i);
        rthing r = resolve(c, e, out);
        if (r.k == R_ERR)
            return NULL;
        int sub = 0;
        pvc_value *v = NULL;
        if (r.k == R_NONE && lower_struct_return(c, e, pvc_arena_printf(c->m->arena, "%s.%u", name, i), merge,
                                                 out, &v) && !v)
            return NULL;
        sub = v != NULL;
        if (!sub && !(v = slot_value(c, e, pvc_arena_printf(c->m->arena, "%s.%u", name, i), r, out, merge)))
            return NULL;
        t->vals[k] = v;
    }
    return bind_tuple(c, at(n), pvc_var_named(c->m, c->f, name, at(n)), t, out);
}

int lower_struct_return(lower_ctx *c, TSNode n, const char *slot, int merge, pvc_block *out, pvc_value **value)
{
    *value = NULL;
    if (is(c, n, PVC_N_PARENTHESIZED_EXPRESSION) && lw_count(c, n) == 1)
        return lower_struct_return(c, lw_kid(c, n, 0), slot, merge, out, value);
    if (is(c, n, PVC_N_TUPLE)) {
        *value = return_tuple(c, n, slot, merge, out);
        return 1;
    }
    const char *canon = is(c, n, PVC_N_CALL) ? scope_canon(c, field(c, n, PVC_F_FUNCTION),
                                                           c->frame ? c->frame->scope : c->scope) : NULL;
    if (canon && (!strcmp(canon, "pl.struct") || !strcmp(canon, "pl.struct_array"))) {
        pvc_value *var = pvc_var_named(c->m, c->f, slot, at(n));
        *value = lower_new_struct(c, n, !strcmp(canon, "pl.struct_array"), out, var, !merge);
        return 1;
    }
    if (canon && !strcmp(canon, "pl.make_tuple")) {
        *value = lower_make_tuple(c, n, out, pvc_var_named(c->m, c->f, slot, at(n)), merge);
        return 1;
    }
    if (is(c, n, PVC_N_CALL))
        return 0;
    rthing r = resolve(c, n, out);
    if (r.k == R_NONE || r.k == R_VALUE)
        return 0;
    if (r.k != R_ERR)
        *value = slot_value(c, n, slot, r, out, 1);
    return 1;
}

/* ---- assignments ---- */
/* s.f = right, s.arr = [..], t.a = right (refused). */
static int assign_attribute(lower_ctx *c, TSNode left, TSNode right, pvc_block *out)
{
    TSNode obj = field(c, left, PVC_F_OBJECT);
    const char *fname = lw_dup(c, field(c, left, PVC_F_ATTRIBUTE));
    rthing r = resolve(c, obj, out);
    if (r.k == R_NONE || r.k == R_VALUE)
        return 0;
    if (r.k == R_ERR)
        return 1;
    if (r.k == R_TUPLE) {
        pvc_error_at(c->d, at(left), PVC_E_STRUCT, "Cannot assign to immutable named tuple field '%s' (use "
                     "pl.struct() or pl.struct_array() for mutable fields)", node_text(c, left));
        return 1;
    }
    const pvc_struct_field *f = r.k == R_STRUCT && !r.s.count ? pvc_struct_field_named(r.s.L, fname) : NULL;
    if (!f) {
        pvc_error_at(c->d, at(left), PVC_E_TYPE, "Cannot assign to '%s': base is not a named struct/tuple with "
                     "field '%s'", node_text(c, left), fname);
        return 1;
    }
    if (!f->count) {
        pvc_value *v = lower_expr(c, right, out, NULL);
        if (v)
            field_set(c, at(left), r.s.addr, f, NULL, v, out);
        return 1;
    }
    pvc_pyval *pv = pv_eval(c, right, c->frame ? c->frame->scope : c->scope);
    int list = pv ? pv->kind == PV_LIST || pv->kind == PV_TUPLE : is(c, right, PVC_N_LIST) || is(c, right, PVC_N_TUPLE);
    if (!list) {
        pvc_error_at(c->d, at(right), PVC_E_STRUCT, "the array field '%s' takes a list of %d values, or one "
                     "element at a time (%s[i] = v)", fname, f->count, node_text(c, left));
        return 1;
    }
    int n = pv ? pv->n : (int)lw_count(c, right);
    if (n != f->count) {
        pvc_error_at(c->d, at(left), PVC_E_STRUCT, "Array field '%s' expects %d elements, got %d", fname, f->count, n);
        return 1;
    }
    for (int i = 0; i < n; i++) {
        pvc_value *v = pv ? lower_pyval(c, pv->items[i], right, out, NULL) : lower_expr(c, lw_kid(c, right, (uint32_t)i), out, NULL);
        if (!v)
            return 1;
        field_set(c, at(left), r.s.addr, f, cint(c, i, at(left)), v, out);
    }
    return 1;
}

int lower_struct_assign(lower_ctx *c, TSNode left, TSNode right, pvc_block *out)
{
    if (is(c, left, PVC_N_ATTRIBUTE))
        return assign_attribute(c, left, right, out);
    if (is(c, left, PVC_N_SUBSCRIPT)) {
        rthing r = resolve(c, left, out);
        if (r.k == R_NONE)
            return 0;
        if (r.k == R_ELEM) {
            pvc_value *v = lower_expr(c, right, out, NULL);
            if (v)
                field_set(c, at(left), r.s.addr, r.f, r.idx, v, out);
        } else if (r.k == R_STRUCT) {
            pvc_error_at(c->d, at(left), PVC_E_STRUCT, "a slot of a pl.struct_array is written field by field "
                         "(%s.f = v)", node_text(c, left));
        } else if (r.k != R_ERR) {
            pvc_error_at(c->d, at(left), PVC_E_STRUCT, "Cannot assign to immutable named tuple field '%s' (use "
                         "pl.struct() or pl.struct_array() for mutable fields)", node_text(c, left));
        }
        return 1;
    }
    if (!is(c, left, PVC_N_IDENTIFIER))
        return 0;
    if (is(c, right, PVC_N_CALL))
        return 0; /* pl.struct(...) and every other call: lower_call */
    if (tuple_of_handles(c, right, out)) { /* bufs = (tile_a, tile_b): bufs[i] picks one */
        pvc_value *var = target_var(c, left);
        if (var)
            return_tuple(c, right, var->name, 0, out);
        return 1;
    }
    rthing r = resolve(c, right, out);
    pvc_value *old = named(c, left);
    if (r.k == R_NONE || r.k == R_VALUE) {
        if (old && (lower_sbind(c, old) || (old->name && pvc_strmap_get(&c->tuples, old->name)))) {
            pvc_error_at(c->d, at(left), PVC_E_STRUCT, "'%s' names a struct or tuple: pvc gives a name one "
                         "struct type in a kernel", lw_dup(c, left));
            return 1;
        }
        if (r.k == R_NONE)
            return 0;
    }
    if (r.k == R_ERR)
        return 1;
    if (r.k == R_TUPLE) {
        pvc_value *var = target_var(c, left);
        if (var) {
            emit_assign(c, at(left), var, cint(c, 0, at(left)), out);
            pvc_strmap_put(c->m->arena, &c->tuples, var->name, r.t);
        }
        return 1;
    }
    if (r.k == R_STRUCT) {
        const lw_sbind *o = lower_sbind(c, old);
        pvc_value *var = target_var(c, left);
        if (!var)
            return 1;
        emit_assign(c, at(left), var, r.s.addr, out);
        if (!o || !same_layout(o->L, r.s.L) || o->count != r.s.count)
            add_sbind(c, var, r.s.L, r.s.count, var); /* a struct of another type: the name's from here on */
        return 1;
    }
    as_value(c, right, r, out, &left);
    return 1;
}

int lower_struct_augmented(lower_ctx *c, TSNode n, pvc_block *out)
{
    TSNode left = field(c, n, PVC_F_LEFT);
    if (!is(c, left, PVC_N_ATTRIBUTE) && !is(c, left, PVC_N_SUBSCRIPT))
        return 0;
    rthing r = resolve(c, left, out);
    if (r.k == R_NONE)
        return 0;
    if (r.k == R_STRUCT) {
        pvc_error_at(c->d, at(left), PVC_E_STRUCT, "a slot of a pl.struct_array is written field by field "
                     "(%s.f = v)", node_text(c, left));
        return 1;
    }
    if (r.k == R_TUPLE || r.k == R_VALUE) {
        pvc_error_at(c->d, at(left), PVC_E_STRUCT, "Cannot assign to immutable named tuple field '%s' (use "
                     "pl.struct() or pl.struct_array() for mutable fields)", node_text(c, left));
        return 1;
    }
    if (r.k != R_FIELD && r.k != R_ELEM)
        return 1;
    pvc_value *old = as_value(c, left, r, out, NULL);
    pvc_value *rhs = old ? lower_expr(c, field(c, n, PVC_F_RIGHT), out, NULL) : NULL;
    pvc_value *v = rhs ? lower_binop(c, n, field(c, n, PVC_F_OPERATOR), old, rhs, out, NULL) : NULL;
    if (v)
        field_set(c, at(left), r.s.addr, r.f, r.k == R_ELEM ? r.idx : NULL, v, out);
    return 1;
}

/* ---- tiling classes ---- */
/* 1 when the file says `from __future__ import annotations` (so `int[4]` stays a string). */
static int future_annotations(lower_ctx *c)
{
    uint32_t n;
    TSNode *k = lw_kids(c, ts_tree_root_node(c->cst->tree), &n);
    for (uint32_t i = 0; i < n; i++) {
        size_t len;
        const char *t = text(c, k[i], &len);
        for (size_t j = 0; is(c, k[i], PVC_N_FUTURE_IMPORT_STATEMENT) && j + 11 <= len; j++)
            if (!memcmp(t + j, "annotations", 11))
                return 1;
    }
    return 0;
}

/* One field annotation of a tiling class: int, float, bool or T[N]. */
static int tiling_field(lower_ctx *c, TSNode ty, const char *fname, pvc_struct_field *f)
{
    TSNode e = is(c, ty, PVC_N_TYPE) ? lw_kid(c, ty, 0) : ty, base = e;
    int64_t count = 0;
    if (is(c, e, PVC_N_SUBSCRIPT) || is(c, e, PVC_N_GENERIC_TYPE)) {
        /* int[4]: a subscript, or in an annotation the grammar's generic_type(int, type_parameter(type(4))) */
        uint32_t cnt;
        TSNode *k = lw_kids(c, e, &cnt);
        base = k[0];
        TSNode size = cnt == 2 ? k[1] : lw_null();
        if (!ts_node_is_null(size) && is(c, size, PVC_N_TYPE_PARAMETER))
            size = lw_count(c, size) == 1 ? lw_kid(c, size, 0) : lw_null();
        if (!ts_node_is_null(size) && is(c, size, PVC_N_TYPE))
            size = lw_kid(c, size, 0);
        if (ts_node_is_null(size) || !is(c, size, PVC_N_INTEGER) || lw_int_literal(c, size, &count) || count < 1) {
            pvc_error_at(c->d, at(e), PVC_E_ANNOTATION, "tiling field '%s': array size must be a positive "
                         "integer literal", fname);
            return 0;
        }
        if (count > MAX_TILING_ARRAY) {
            pvc_error_at(c->d, at(e), PVC_E_ANNOTATION, "tiling field '%s': Array size must not exceed %d, got %lld",
                         fname, MAX_TILING_ARRAY, (long long)count);
            return 0;
        }
        if (!future_annotations(c)) {
            pvc_error_at(c->d, at(e), PVC_E_ANNOTATION, "tiling field '%s: %s' is an array type only as a string "
                         "annotation: without `from __future__ import annotations` Python makes it a generic "
                         "alias and the class is not a tiling class", fname, node_text(c, e));
            return 0;
        }
    }
    static const struct { const char *name; int dt; } types[] = {
        {"int", PVC_DT_INT64}, {"float", PVC_DT_FP32}, {"bool", PVC_DT_BOOL},
    };
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (is(c, base, PVC_N_IDENTIFIER) && lw_text_is(c, base, types[i].name)) {
            *f = (pvc_struct_field){fname, types[i].dt, (int)count, 0};
            return 1;
        }
    pvc_error_at(c->d, at(e), PVC_E_ANNOTATION, "tiling field '%s': expected int, float, bool, or T[N] (T one of "
                 "them), not '%s'", fname, node_text(c, e));
    return 0;
}

/* The layout of the tiling class defined at def; NULL after an error. */
static pvc_struct_layout *tiling_layout(lower_ctx *c, TSNode def, TSNode use)
{
    const char *cname = lw_dup(c, field(c, def, PVC_F_NAME));
    uint32_t n;
    TSNode *body = lw_kids(c, field(c, def, PVC_F_BODY), &n);
    pvc_struct_layout *L = pvc_arena_alloc(c->m->arena, sizeof *L);
    L->name = cname;
    L->fields = pvc_arena_alloc(c->m->arena, ((size_t)n + 1) * sizeof *L->fields);
    for (uint32_t i = 0; i < n; i++) {
        TSNode a = is(c, body[i], PVC_N_EXPRESSION_STATEMENT) ? lw_kid(c, body[i], 0) : lw_null();
        if (ts_node_is_null(a) || !is(c, a, PVC_N_ASSIGNMENT) || ts_node_is_null(field(c, a, PVC_F_TYPE)) ||
            !is(c, field(c, a, PVC_F_LEFT), PVC_N_IDENTIFIER))
            continue;
        const char *fname = lw_dup(c, field(c, a, PVC_F_LEFT));
        for (int j = 0; j < L->nfields; j++)
            if (!strcmp(L->fields[j].name, fname)) {
                pvc_error_at(c->d, at(a), PVC_E_STRUCT, "Tiling class '%s' has duplicate field '%s'. All field "
                             "names must be unique.", cname, fname);
                return NULL;
            }
        if (!tiling_field(c, field(c, a, PVC_F_TYPE), fname, &L->fields[L->nfields]))
            return NULL;
        L->nfields++;
    }
    if (!L->nfields) {
        pvc_error_at(c->d, at(use), PVC_E_ANNOTATION, "'%s' has no annotated field: a tiling class is a "
                     "@dataclass of int, float, bool and T[N] fields", cname);
        return NULL;
    }
    pvc_struct_layout_compute(L);
    return L;
}

static int tiling_param(lower_ctx *c, TSNode ann, pvc_value *param, int last);

int lower_tiling_param(lower_ctx *c, TSNode ann, pvc_value *param, int last)
{
    int r = tiling_param(c, ann, param, last);
    if (r < 0)
        pvc_strmap_put(c->m->arena, &c->bad_tiling, bad_key(c, param), param);
    return r;
}

static int tiling_param(lower_ctx *c, TSNode ann, pvc_value *param, int last)
{
    TSNode e = is(c, ann, PVC_N_TYPE) ? lw_kid(c, ann, 0) : ann;
    if (!is(c, e, PVC_N_IDENTIFIER))
        return 0;
    pvc_pyval *v = scope_lookup(c->scope, lw_dup(c, e));
    if (!v || v->kind != PV_OPAQUE || ts_node_is_null(v->node) || !is(c, v->node, PVC_N_CLASS_DEFINITION))
        return 0;
    if (c->f->kind != PVC_FN_JIT) {
        pvc_error_at(c->d, at(e), PVC_E_ANNOTATION, "a vector function takes tiles and scalars, not the tiling "
                     "class '%s'", lw_dup(c, e));
        return -1;
    }
    if (!v->n) {
        pvc_error_at(c->d, at(e), PVC_E_ANNOTATION, "'%s' is a class but not a @dataclass: a tiling class is a "
                     "dataclass of int, float, bool and T[N] fields", lw_dup(c, e));
        return -1;
    }
    if (c->f->tiling) {
        pvc_error_at(c->d, at(e), PVC_E_STRUCT, "Function '%s' has 2 tiling parameters, but at most 1 is allowed",
                     c->f->name);
        return -1;
    }
    if (!last) {
        pvc_error_at(c->d, at(e), PVC_E_STRUCT, "Tiling parameter '%s' must be the last parameter", param->name);
        return -1;
    }
    pvc_struct_layout *L = tiling_layout(c, v->node, e);
    if (!L)
        return -1;
    if (L->size > (int64_t)PVC_SMEM_BYTES) {
        pvc_error_at(c->d, at(e), PVC_E_STRUCT, "the tiling class '%s' is %lld bytes, more than the %u bytes of a "
                     "kernel's struct memory (pvc's bound)", L->name, (long long)L->size, PVC_SMEM_BYTES);
        return -1;
    }
    param->type = (pvc_type){.kind = PVC_TY_TENSOR, .dtype = PVC_DT_UINT8, .rank = 1, .dims = {L->size}};
    c->f->tiling = L;
    return 1;
}

void lower_tiling_entry(lower_ctx *c, pvc_block *out)
{
    if (!c->f->tiling || !c->f->nparams)
        return;
    pvc_value *p = c->f->params[c->f->nparams - 1];
    const pvc_struct_layout *L = c->f->tiling;
    c->smem = L->size;
    pvc_op *op = pvc_op_new(c->m, PVC_OP_STRUCT_LOAD, p->loc);
    pvc_op_add_operand(c->m, op, p);
    pvc_op_add_operand(c->m, op, cint(c, 0, p->loc));
    pvc_op_add_operand(c->m, op, cint(c, L->size, p->loc));
    pvc_block_append(c->m, out, op);
    add_sbind(c, p, L, 0, cint(c, 0, p->loc));
}
