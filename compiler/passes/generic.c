/* generic.c - how a GENERIC vf call (ops.h) picks its machine row and the dtype it works at.
 * The types pass and the dispatch pass both ask, so the two never disagree.
 *
 * Row: the first PVC_MOPS row FROM the call's op whose operands are exactly the positional
 * arguments given (by name), each of a fitting kind (a register for VREG, a mask for MASK or
 * PRED, a number for BITS, a tile for ADDR); a positional parameter that names an attribute of
 * the row (get_mask_spr's width, mask_gen's offset) is an attribute, not an operand.
 *
 * Dtype (docs/SEMANTICS.md §9.3): a destination that already names a register keeps its
 * dtype, and the op is written into it as that dtype (T23); otherwise dtype= (cmp_dtype= for
 * a compare), else the first positional argument that carries a dtype: a register's, a mask's
 * IR dtype, a tile's, FP32 for a float, a scalar variable's (INT64 for a plain int). An int
 * literal carries none.
 */
#include <stdio.h>
#include <string.h>

#include "passes/passes.h"

static int dtype_kw(const pvc_op *op, const char *name)
{
    const pvc_value *v = pvc_op_arg(op, name);
    return v && v->kind == PVC_V_DTYPE ? (int)v->i : PVC_UNKNOWN;
}

static int is_scalar_kind(pvc_type_kind k)
{
    return k == PVC_TY_INT || k == PVC_TY_BOOL || k == PVC_TY_FLOAT;
}

/* Does argument v fit a machine operand of kind k? */
static int arg_fits(pvc_opnd_kind k, const pvc_value *v)
{
    pvc_type_kind tk = v->type.kind;
    switch (k) {
    case PVC_OK_VREG: return tk == PVC_TY_REG;
    case PVC_OK_MASK: case PVC_OK_PRED: return tk == PVC_TY_MASK;
    case PVC_OK_BITS: case PVC_OK_NUM: return is_scalar_kind(tk);
    case PVC_OK_INT: return tk == PVC_TY_INT || tk == PVC_TY_BOOL;
    case PVC_OK_ADDR: case PVC_OK_TILE: case PVC_OK_TILE_ND: return tk == PVC_TY_TILE;
    default: return 0; /* in-place and tensor operands are never DSL arguments */
    }
}

int pvc_generic_variant(const pvc_op *op)
{
    const pvc_opinfo *d = &pvc_ops[op->code];
    for (int code = PVC_OP_MFIRST; code < PVC_OP_COUNT; code++) {
        const pvc_mop *m = pvc_mop_of(code);
        if (m->from != op->code)
            continue;
        int ok = 1, given = 0;
        size_t len;
        for (const char *p = d->pos; ok && (p = pvc_param_next(p, &len)); p += len) {
            char name[32];
            snprintf(name, sizeof name, "%.*s", (int)len, p);
            const pvc_value *v = pvc_op_arg(op, name);
            int i = pvc_mop_operand(m, name);
            given += v != NULL && i >= 0;
            ok = i < 0 ? !v || pvc_mop_attr(m, name) >= 0 : v && arg_fits(m->opnd[i].kind, v);
        }
        if (ok && given == m->nopnd)
            return code;
    }
    return -1;
}

/* The dtype a value carries into §9.3's rule, or PVC_UNKNOWN. */
static int carried_dtype(const pvc_value *v)
{
    switch (v->type.kind) {
    case PVC_TY_REG: case PVC_TY_MASK: case PVC_TY_TILE: return v->type.dtype;
    case PVC_TY_FLOAT: return PVC_DT_FP32;
    case PVC_TY_INT:
        if (v->kind != PVC_V_VAR)
            return PVC_UNKNOWN;
        return v->type.dtype >= 0 ? v->type.dtype : PVC_DT_INT64;
    default: return PVC_UNKNOWN;
    }
}

int pvc_generic_fresh_dtype(const pvc_op *op)
{
    int dt = dtype_kw(op, "dtype");
    if (dt < 0)
        dt = dtype_kw(op, "cmp_dtype");
    size_t len;
    for (const char *p = pvc_ops[op->code].pos; dt < 0 && (p = pvc_param_next(p, &len)); p += len) {
        char name[32];
        snprintf(name, sizeof name, "%.*s", (int)len, p);
        const pvc_value *v = pvc_op_arg(op, name);
        if (v)
            dt = carried_dtype(v);
    }
    return dt;
}

/* Does row m need a dtype: a register result, a scalar to encode, or a dtype attribute? */
static int needs_dtype(const pvc_mop *m)
{
    for (int i = 0; i < m->nres; i++)
        if (m->res[i].kind == PVC_OK_VREG)
            return 1;
    for (int i = 0; i < m->nopnd; i++)
        if (m->opnd[i].kind == PVC_OK_BITS)
            return 1;
    for (int i = 0; i < m->nattr; i++)
        if (m->attr[i].kind == PVC_AK_DTYPE)
            return 1;
    return 0;
}

int pvc_generic_dtype(const pvc_op *op, int code)
{
    const pvc_mop *m = pvc_mop_of(code);
    const pvc_value *r = op->nresults ? op->results[0] : NULL;
    if (m->nres && m->res[0].kind == PVC_OK_VREG && r && r->type.kind == PVC_TY_REG && r->type.dtype >= 0)
        return r->type.dtype; /* the existing register (§9.3, T23) */
    int dt = pvc_generic_fresh_dtype(op);
    /* a mask made from nothing typed (get_mask_spr) is declared as masks are by default */
    return dt < 0 && !needs_dtype(m) ? PVC_DT_UINT16 : dt;
}

/* "(a: reg, b: reg, preg: mask) or (a: reg, b: scalar, preg: mask)": what the rows take. */
static void variants_text(const pvc_op *op, char *buf, size_t n)
{
    static const char *const kind_text[] = {
        [PVC_OK_VREG] = "reg", [PVC_OK_MASK] = "mask", [PVC_OK_PRED] = "mask",
        [PVC_OK_BITS] = "scalar", [PVC_OK_INT] = "int", [PVC_OK_NUM] = "number",
        [PVC_OK_ADDR] = "tile", [PVC_OK_TILE] = "tile",
    };
    size_t at = 0;
    buf[0] = '\0';
    for (int code = PVC_OP_MFIRST; code < PVC_OP_COUNT && at < n; code++) {
        const pvc_mop *m = pvc_mop_of(code);
        if (m->from != op->code)
            continue;
        at += (size_t)snprintf(buf + at, n - at, "%s(", at ? " or " : "");
        for (int i = 0; i < m->nopnd && at < n; i++)
            at += (size_t)snprintf(buf + at, n - at, "%s%s: %s", i ? ", " : "", m->opnd[i].name,
                                   m->opnd[i].kind <= PVC_OK_TILE && kind_text[m->opnd[i].kind]
                                       ? kind_text[m->opnd[i].kind] : "?");
        if (at < n)
            at += (size_t)snprintf(buf + at, n - at, ")");
    }
}

void pvc_generic_mismatch(pvc_diag *d, const pvc_op *op)
{
    char want[1024], got[256] = "";
    variants_text(op, want, sizeof want);
    const pvc_opinfo *info = &pvc_ops[op->code];
    size_t len;
    for (const char *p = info->pos; (p = pvc_param_next(p, &len)); p += len) {
        char name[32];
        snprintf(name, sizeof name, "%.*s", (int)len, p);
        const pvc_value *v = pvc_op_arg(op, name);
        if (v)
            snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s: %s", got[0] ? ", " : "", name,
                     pvc_type_kind_name(v->type.kind));
    }
    pvc_error_at(d, op->loc, PVC_E_TYPE, "%s takes %s; here (%s)", info->name, want, got);
}
