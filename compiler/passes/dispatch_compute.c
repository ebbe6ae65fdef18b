/* dispatch_compute.c - the dispatch pass (dispatch.c): masks (§5.1), compute and casts (§5.4),
 * and the GENERIC vf ops, built from their ops.h rows alone. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "passes/dispatch.h"

/* ---- masks and compute (§5) ---- */
void dx_create_mask(dispatcher *x, pvc_op *op)
{
    int pat = enum_arg(op, "pattern", PVC_NS_MaskPattern, PVC_PAT_ALL);
    const pvc_value *dv = pvc_op_arg(op, "dtype");
    int dt = dv && dv->kind == PVC_V_DTYPE ? (int)dv->i : PVC_DT_FP32;
    if (lane(dt) == 8 && pat != PVC_PAT_ALL && pat != PVC_PAT_H && pat != PVC_PAT_M3 && pat != PVC_PAT_ALLF)
        pvc_warn_at(x->d, op->loc, "a 64-bit create_mask is generated with pset_b16: pattern %s does not "
                    "select the 64-bit elements its name says (§5.1, §8 #4) [%s]",
                    pvc_mask_pattern_table[pat].name, pvc_warn_code(PVC_W_MASK_B64));
    pvc_op *mc = emit(x, PVC_OP_M_MASK_CREATE, op->loc, op->results[0]);
    attr(x, mc, "pattern", cenum(x, PVC_NS_MaskPattern, pat, op->loc));
    attr(x, mc, "gran", cint(x, op->results[0]->type.gran / 8, op->loc));
}

void dx_update_mask(dispatcher *x, pvc_op *op)
{
    pvc_value *n = pvc_op_arg(op, "n");
    if (!is_int(n)) {
        pvc_error_at(x->d, op->loc, PVC_E_TYPE, "n of vf.update_mask must be an integer");
        return;
    }
    int64_t k;
    if (pvc_const_int(n, &k) && (k < 0 || k > UINT32_MAX))
        pvc_warn_at(x->d, pvc_op_arg_loc(op, "n"), "vf.update_mask(%lld): the count is taken as uint32_t, "
                    "so it is %u and %s (§5.1, §12 T24) [%s]", (long long)k, (unsigned)(uint32_t)k,
                    (uint32_t)k >= 256 ? "every lane is active" : "only that many lanes are active",
                    pvc_warn_code(PVC_W_UPDATE_MASK_N));
    pvc_op *mu = emit(x, PVC_OP_M_MASK_UPDATE, op->loc, op->results[0]);
    operand(x, mu, n);
    attr(x, mu, "gran", cint(x, op->results[0]->type.gran / 8, op->loc));
}

/* A float literal as the device holds it: PP-CG prints it with "%f" (six decimals) and the
 * device compiler reads that text as a float literal (docs/SEMANTICS.md §9.6). inf and NaN
 * print as text no C++ compiler takes: an error. Warns (T20) when digits are lost. */
static float device_float(dispatcher *x, const pvc_value *v)
{
    char text[400]; /* "%f" of the largest double: 309 digits and ".000000" */
    if (!isfinite(v->f)) {
        pvc_error_at(x->d, v->loc, PVC_E_NOT_SUPPORTED, "a float literal %s cannot reach the device: "
                     "the code generator prints it as '%s' (§9.6)", isnan(v->f) ? "NaN" : "inf",
                     isnan(v->f) ? "nanf" : "inff");
        return 0.0f;
    }
    snprintf(text, sizeof text, "%f", v->f);
    float f = strtof(text, NULL);
    if (f != (float)v->f)
        pvc_warn_at(x->d, v->loc, "float literal %.17g reaches the device as its six-decimal text "
                    "%sf = %.9g, not %.9g (§9.6, T20) [%s]", v->f, text, (double)f,
                    (double)(float)v->f, pvc_warn_code(PVC_W_FLOAT_LITERAL));
    return f;
}

/* The raw dtype bits of a scalar operand, by the C++ conversion of the emitted call (§9.6,
 * pvc_scalar_bits): a literal is encoded now, a scalar variable (a kernel or vector-function
 * parameter) by an encode op at run time with the same function. NULL if v is neither. */
pvc_value *dx_scalar_bits(dispatcher *x, pvc_value *v, int dt, pvc_span at)
{
    if (v && v->kind == PVC_V_FLOAT)
        return cint(x, (int64_t)pvc_scalar_bits((pvc_dtype)dt, 0, device_float(x, v), 1), v->loc);
    if (v && (v->kind == PVC_V_INT || v->kind == PVC_V_BOOL))
        return cint(x, (int64_t)pvc_scalar_bits((pvc_dtype)dt, v->i, 0.0f, 0), v->loc);
    if (!v || v->kind != PVC_V_VAR ||
        !(v->type.kind == PVC_TY_INT || v->type.kind == PVC_TY_FLOAT || v->type.kind == PVC_TY_BOOL))
        return NULL;
    pvc_value *bits = tmp_int(x, at);
    pvc_op *e = emit(x, v->type.kind == PVC_TY_FLOAT ? PVC_OP_M_ENCODE_F : PVC_OP_M_ENCODE_I, at, bits);
    operand(x, e, v);
    attr(x, e, "dtype", cdtype(x, dt, at));
    return bits;
}

/* ---- generic vf ops: built from their ops.h row alone ---- */
/* A keyword enum attribute: its value, the row's default when absent; a member the row does
 * not allow is an error (MergeMode.MERGING where only ZEROING runs, §12 T1). */
static int generic_enum(dispatcher *x, const pvc_op *op, const pvc_attrdesc *a, int64_t *out)
{
    const pvc_value *v = pvc_op_arg(op, a->name);
    *out = v && v->kind == PVC_V_ENUM && v->ns == a->ns ? v->i : a->dflt;
    if (!a->legal || (a->legal >> *out & 1))
        return 1;
    pvc_error_at(x->d, pvc_op_arg_loc(op, a->name), PVC_E_LOWERING,
                 "%s supports only pl.%s.%s; the lowering rejects pl.%s.%s (§9.2, §12 T1)",
                 pvc_ops[op->code].name, pvc_enum_ns_name(a->ns),
                 pvc_enum_member_name(a->ns, a->dflt), pvc_enum_ns_name(a->ns),
                 pvc_enum_member_name(a->ns, *out));
    return 0;
}

/* An AD attribute of a GENERIC row (ops.h): `dtype` is the op's, `from` its first
 * operand's, `<operand>_dt` that operand's (gather's indices_dt). */
static int attr_dtype(const pvc_op *op, const pvc_mop *m, const char *name, int dt)
{
    size_t n = strlen(name);
    if (!strcmp(name, "from"))
        return pvc_op_arg(op, m->opnd[0].name)->type.dtype;
    if (n > 3 && !strcmp(name + n - 3, "_dt")) {
        for (int i = 0; i < m->nopnd; i++)
            if (strlen(m->opnd[i].name) == n - 3 && !strncmp(m->opnd[i].name, name, n - 3))
                return pvc_op_arg(op, m->opnd[i].name)->type.dtype;
        PVC_BUG("row %s: attribute %s names no operand", m->name, name);
    }
    return dt;
}

void dx_generic(dispatcher *x, pvc_op *op)
{
    int code = pvc_generic_variant(op);
    if (code < 0) {
        pvc_generic_mismatch(x->d, op);
        return;
    }
    const pvc_mop *m = pvc_mop_of(code);
    int dt = pvc_generic_dtype(op, code);
    /* a scalar is encoded at the source's dtype where the row has one (muls_cast: FP32) */
    int from = pvc_mop_attr(m, "from") >= 0 ? pvc_op_arg(op, m->opnd[0].name)->type.dtype : dt;
    pvc_value *ops[16]; /* no row has more operands (ops.h) */
    for (int i = 0; i < m->nopnd; i++) {
        pvc_value *v = pvc_op_arg(op, m->opnd[i].name), *base, *toff;
        switch (m->opnd[i].kind) {
        case PVC_OK_BITS:
            if (!(ops[i] = dx_scalar_bits(x, v, from, op->loc))) {
                pvc_error_at(x->d, op->loc, PVC_E_NOT_SUPPORTED, "'%s' of %s must be a number or a "
                             "scalar parameter", m->opnd[i].name, pvc_ops[op->code].name);
                return;
            }
            break;
        case PVC_OK_ADDR:
            if (!dx_tile_of(x, op, m->opnd[i].name, &base, &toff))
                return;
            ops[i] = dx_ub_addr(x, base, toff, NULL, op->loc);
            break;
        default: ops[i] = v; break;
        }
    }
    pvc_op *g = emit(x, code, op->loc, NULL);
    for (int i = 0; i < op->nresults; i++)
        pvc_op_add_result(x->m, g, op->results[i]);
    for (int i = 0; i < m->nopnd; i++)
        operand(x, g, ops[i]);
    for (int i = 0; i < m->nattr; i++) {
        const pvc_attrdesc *a = &m->attr[i];
        const pvc_value *v;
        int64_t e;
        switch (a->kind) {
        case PVC_AK_DTYPE:
            attr(x, g, a->name, cdtype(x, attr_dtype(op, m, a->name, dt), op->loc));
            break;
        case PVC_AK_ENUM:
        case PVC_AK_CHECK:
            if (!generic_enum(x, op, a, &e))
                return;
            if (a->kind == PVC_AK_ENUM)
                attr(x, g, a->name, cenum(x, a->ns, e, op->loc));
            break;
        case PVC_AK_INT:
            v = pvc_op_arg(op, a->name);
            if (v && !pvc_const_int(v, &e)) {
                pvc_error_at(x->d, pvc_op_arg_loc(op, a->name), PVC_E_NOT_CONST,
                             "%s= of %s must be an integer constant", a->name, pvc_ops[op->code].name);
                return;
            }
            attr(x, g, a->name, cint(x, v ? e : a->dflt, op->loc));
            break;
        case PVC_AK_END: break;
        }
    }
}

void dx_astype(dispatcher *x, pvc_op *op)
{
    pvc_value *src = pvc_op_arg(op, "src"), *p = pvc_op_arg(op, "preg");
    if (kind_of(p) != PVC_TY_MASK) {
        pvc_error_at(x->d, op->loc, PVC_E_TYPE, "'preg' of vf.astype must be a mask register");
        return;
    }
    int from = src->type.dtype, to = op->results[0]->type.dtype;
    int round = enum_arg(op, "round_mode", PVC_NS_VFRoundMode, PVC_ROUND_RINT);
    int layout = enum_arg(op, "layout", PVC_NS_CastLayout, PVC_LAYOUT_ZERO);
    int sat = enum_arg(op, "saturate", PVC_NS_SaturateMode, PVC_SAT_OFF);
    const char *why = NULL;
    if (!pvc_astype_legal((pvc_dtype)from, (pvc_dtype)to, (pvc_layout)layout, (pvc_round)round,
                          (pvc_sat)sat, &why)) {
        const pvc_value *asked = pvc_op_arg(op, "dtype");
        int reused = asked && asked->kind == PVC_V_DTYPE && asked->i != to; /* T23 */
        pvc_error_at(x->d, op->loc, PVC_E_CAST, "vf.astype %s -> %s: %s (§5.4)%s%s%s", pvc_dtype_pyname(from),
                     pvc_dtype_pyname(to), why ? why : "not allowed",
                     reused ? "; it converts to the dtype of the existing register '" : "",
                     reused && op->results[0]->name ? op->results[0]->name : "",
                     reused ? "', not to dtype= (§9.3, §12 T23): assign to a new name" : "");
        return;
    }
    if (why) /* accepted, but it does not do what it says */
        pvc_warn_at(x->d, op->loc, "vf.astype %s -> %s: %s (§5.4) [%s]", pvc_dtype_pyname(from),
                    pvc_dtype_pyname(to), why, pvc_warn_code(PVC_W_CAST_NOTE));
    /* CAST_RINT (also when omitted) runs as the path's default (ROUND for HF8, PP-BE). */
    const pvc_cast_rule *rule = pvc_cast_rule_find((pvc_dtype)from, (pvc_dtype)to);
    int run_round = rule && round == PVC_ROUND_RINT ? (int)rule->default_round : round;
    pvc_op *c = emit(x, PVC_OP_M_ASTYPE, op->loc, op->results[0]);
    operand(x, c, src);
    operand(x, c, p);
    attr(x, c, "from", cdtype(x, from, op->loc));
    attr(x, c, "to", cdtype(x, to, op->loc));
    attr(x, c, "layout", cenum(x, PVC_NS_CastLayout, layout, op->loc));
    attr(x, c, "round", cenum(x, PVC_NS_VFRoundMode, run_round, op->loc));
    attr(x, c, "sat", cenum(x, PVC_NS_SaturateMode, sat, op->loc));
}
