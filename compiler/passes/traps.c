/* traps.c - the traps of docs/SEMANTICS.md §12 a GENERIC vf call can fall into, checked by
 * the types pass once the call's row and dtype are known.
 *
 * Most traps are a column of the op's row (ops.h TRAP: "this op on these dtypes"); the rest
 * depend on an argument or on where a mask came from, and are one function each below, in a
 * table by DSL op. A trap the device compiles is a warning (decision 1: pvc runs what the
 * lowering emits); a form the lowering rejects although the docs offer it is error E024.
 */
#include <stdarg.h>
#include <stdio.h>

#include "passes/passes.h"

typedef struct {
    pvc_diag *d;
    const pvc_op *op;
    const pvc_mop *m;
    int dt;
    pvc_op *const *def;
} call;

static const char *op_name(const call *c) { return pvc_ops[c->op->code].name; }

static int lane(int dt) { return dt >= 0 && dt < PVC_DT_COUNT ? (int)pvc_dtype_lane_bytes((pvc_dtype)dt) : 0; }

static const char *dt_name(int dt) { return dt >= 0 && dt < PVC_DT_COUNT ? pvc_dtype_table[dt].name : "?"; }

/* "vf.add on INT64: <row text> (§12 T2) [W010]", with a detail before the section. */
static void trap_warn(const call *c, pvc_span at, pvc_warn_kind w, const char *detail)
{
    pvc_warn_at(c->d, at, "%s: %s%s (§12 %s) [%s]", op_name(c), pvc_warn_text(w), detail ? detail : "",
                pvc_warn_trap(w), pvc_warn_code(w));
}

static int lowering_error(const call *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int lowering_error(const call *c, const char *fmt, ...)
{
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    pvc_error_at(c->d, c->op->loc, PVC_E_LOWERING, "%s: %s", op_name(c), text);
    return 1;
}

static const pvc_value *arg(const call *c, const char *name) { return pvc_op_arg(c->op, name); }

static int arg_true(const call *c, const char *name)
{
    int64_t v;
    const pvc_value *a = arg(c, name);
    return a && pvc_const_int(a, &v) && v;
}

static int arg_dtype(const call *c, const char *name)
{
    const pvc_value *a = arg(c, name);
    return a ? a->type.dtype : PVC_UNKNOWN;
}

static const pvc_op *def_of(pvc_op *const *def, const pvc_value *v)
{
    return v && v->kind == PVC_V_VAR ? def[v->id] : NULL;
}

/* Width in bytes a mask with every bit of its elements set was made for (get_mask_spr,
 * mask_gen_with_reg_tensor, §10.14), or 0 for any other mask. */
static int allbits_width(pvc_op *const *def, const pvc_value *mask)
{
    const pvc_op *g = def_of(def, mask);
    if (!g)
        return 0;
    if (g->code == PVC_OP_VF_GET_MASK_SPR) {
        const pvc_value *w = pvc_op_arg(g, "width");
        return w && w->kind == PVC_V_ENUM && w->i == PVC_MASK_WIDTH_B16 ? 2 : 4;
    }
    if (g->code == PVC_OP_VF_MASK_GEN) {
        const pvc_value *s = pvc_op_arg(g, "src");
        return s ? lane(s->type.dtype) : 0;
    }
    return 0;
}

/* ---- one function per argument-dependent trap ---- */
static int sqrt_precision(const call *c) /* T3 */
{
    if (arg_true(c, "precision") && c->dt == PVC_DT_FP16)
        return lowering_error(c, "precision=True on a %s register: the lowering applies vsqrt<float> "
                              "to a half register, which does not compile (§10.4, §12 T3)",
                              dt_name(c->dt));
    return 0;
}

static int reduce_datablock(const call *c) /* T7 */
{
    if (arg_true(c, "datablock"))
        trap_warn(c, pvc_op_arg_loc(c->op, "datablock"), PVC_W_DATABLOCK_REDUCE, NULL);
    return 0;
}

static int gather(const call *c) /* T9, T22 */
{
    if (c->m != pvc_mop_of(PVC_OP_M_GATHER))
        return 0;
    int tile = arg_dtype(c, "src"), idx = arg_dtype(c, "indices");
    if (lane(tile) == 1 && lane(c->dt) == 2)
        trap_warn(c, c->op->loc, PVC_W_GATHER_B8_B16, NULL);
    if (lane(c->dt) == 8 && idx == PVC_DT_UINT64)
        trap_warn(c, c->op->loc, PVC_W_INDEX_B64, NULL);
    return 0;
}

static int mask_gen(const call *c) /* T10 */
{
    int64_t k;
    const pvc_value *off = arg(c, "offset");
    if (!off)
        return 0;
    int chunks = lane(c->dt) == 2 ? 16 : 32; /* 16-byte (b16) or 8-byte (b32) slices */
    if (pvc_const_int(off, &k) && (k < 0 || k >= chunks)) {
        char range[32];
        snprintf(range, sizeof range, "0..%d", chunks - 1);
        return lowering_error(c, "offset must lie in %s for a %s source (§10.14)", range, dt_name(c->dt));
    }
    trap_warn(c, pvc_op_arg_loc(c->op, "offset"), PVC_W_MASK_GEN_CHUNK, NULL);
    return 0;
}

static int arange(const call *c) /* T11, T12 */
{
    const pvc_value *o = arg(c, "index_order");
    if (o && o->kind == PVC_V_ENUM && o->i == PVC_ORDER_DECREASE)
        trap_warn(c, pvc_op_arg_loc(c->op, "index_order"),
                  lane(c->dt) == 8 ? PVC_W_ARANGE_DEC_B64 : PVC_W_ARANGE_DEC, NULL);
    return 0;
}

static int squeeze(const call *c) /* T14 */
{
    if (!arg(c, "gather_mode"))
        trap_warn(c, c->op->loc, PVC_W_SQUEEZE_MODE, NULL);
    return 0;
}

static int exp_sub(const call *c) /* T16 and its source rule (§10.6) */
{
    int s = arg_dtype(c, "src"), mx = arg_dtype(c, "max_val");
    if (s != PVC_DT_FP16 && s != PVC_DT_FP32)
        return lowering_error(c, "src must be FP16 or FP32, not %s (§10.6)", dt_name(s));
    if (mx != s)
        return lowering_error(c, "max_val must have src's dtype %s, not %s (§10.6)", dt_name(s), dt_name(mx));
    if (c->dt != PVC_DT_FP32)
        return lowering_error(c, "the destination is declared %s; the lowering needs FP32: write "
                              "dtype=pl.DT_FP32 (§10.6, §12 T16)", dt_name(c->dt));
    return 0;
}

static int muls_cast(const call *c) /* §10.6: FP32 source, FP16 destination */
{
    int s = arg_dtype(c, "src");
    if (s != PVC_DT_FP32)
        return lowering_error(c, "src must be FP32, not %s (§10.6)", dt_name(s));
    return 0;
}

static int muls(const call *c) /* T18 */
{
    if (c->dt == PVC_DT_INT8 || c->dt == PVC_DT_UINT8)
        trap_warn(c, c->op->loc, PVC_W_MULS_B8, NULL);
    return 0;
}

static int histograms(const call *c) /* §10.15: UINT8 source into an existing UINT16 register */
{
    const pvc_value *dst = c->op->nresults ? c->op->results[0] : NULL;
    int s = arg_dtype(c, "src");
    if (s != PVC_DT_UINT8)
        return lowering_error(c, "src must be UINT8, not %s (§10.15)", dt_name(s));
    if (!dst || dst->type.kind != PVC_TY_REG || dst->type.dtype != PVC_DT_UINT16)
        return lowering_error(c, "it adds into its destination, which must already be a UINT16 register "
                              "(e.g. %s = vf.full(0, mask, dtype=pl.DT_UINT16)); a new name is declared "
                              "UINT8 (§10.15, §9.3)", dst && dst->name ? dst->name : "dst");
    return 0;
}

static int mask_dtype_passed_on(const call *c) /* T21 */
{
    const char *src = c->op->code == PVC_OP_VF_UNSQUEEZE ? "mask" : "src0";
    const pvc_op *g = def_of(c->def, arg(c, src));
    if (arg(c, "dtype") || !g || (g->code != PVC_OP_VF_CREATE_MASK && g->code != PVC_OP_VF_UPDATE_MASK) ||
        pvc_op_arg(g, "dtype"))
        return 0;
    trap_warn(c, c->op->loc, PVC_W_MASK_NO_DTYPE, NULL);
    return 0;
}

static int shift_reg(const call *c) /* §10.7: a signed shift register, read as 32-bit lanes (T4) */
{
    const pvc_value *k = arg(c, "shift");
    if (!k || k->type.kind != PVC_TY_REG)
        return 0;
    int t = k->type.dtype;
    if (t != PVC_DT_INT8 && t != PVC_DT_INT16 && t != PVC_DT_INT32 && t != PVC_DT_INT64)
        return lowering_error(c, "the shift register must be INT8, INT16, INT32 or INT64, not %s (§10.7)",
                              dt_name(t));
    if (t != PVC_DT_INT32) {
        char detail[64];
        snprintf(detail, sizeof detail, " (here %s)", dt_name(t));
        trap_warn(c, pvc_op_arg_loc(c->op, "shift"), PVC_W_SHIFT_REG_WIDTH, detail);
    }
    return 0;
}

static const struct {
    int op;
    int (*check)(const call *c);
} trap_checks[] = {
    {PVC_OP_VF_SHIFT_LEFT, shift_reg},
    {PVC_OP_VF_SHIFT_RIGHT, shift_reg},
    {PVC_OP_VF_SQRT, sqrt_precision},
    {PVC_OP_VF_REDUCE_SUM, reduce_datablock},
    {PVC_OP_VF_REDUCE_MAX, reduce_datablock},
    {PVC_OP_VF_REDUCE_MIN, reduce_datablock},
    {PVC_OP_VF_GATHER, gather},
    {PVC_OP_VF_MASK_GEN, mask_gen},
    {PVC_OP_VF_ARANGE, arange},
    {PVC_OP_VF_SQUEEZE, squeeze},
    {PVC_OP_VF_EXP_SUB, exp_sub},
    {PVC_OP_VF_MULS_CAST, muls_cast},
    {PVC_OP_VF_MULS, muls},
    {PVC_OP_VF_HISTOGRAMS, histograms},
    {PVC_OP_VF_INTERLEAVE, mask_dtype_passed_on},
    {PVC_OP_VF_DE_INTERLEAVE, mask_dtype_passed_on},
    {PVC_OP_VF_UNSQUEEZE, mask_dtype_passed_on},
};

/* ---- the rules every row follows ---- */
/* T17: the op reads its destination (READS_DST, or MERGING), which no op has written yet;
 * addc/subc's carry output must be a mask declared before (§10.3). */
static int destination(const call *c)
{
    const pvc_value *dst = c->op->nresults ? c->op->results[0] : NULL, *mode = arg(c, "mode");
    int k = pvc_mop_attr(c->m, "mode"); /* MERGING read dst only where the row takes it (not AZ) */
    int merging = mode && mode->kind == PVC_V_ENUM && mode->i == PVC_MERGE_MERGING && k >= 0 &&
                  c->m->attr[k].kind == PVC_AK_ENUM;
    if ((c->m->flags & PVC_MF_DECLARED) && (!dst || dst->type.kind != PVC_TY_MASK))
        return lowering_error(c, "its carry output '%s' must already be a mask (e.g. made by "
                              "vf.create_mask): the parser does not declare it (§10.3)",
                              dst && dst->name ? dst->name : "?");
    int unwritten = dst && (dst->type.kind == PVC_TY_ANY || (dst->type.kind == PVC_TY_REG && dst->type.dtype < 0));
    if (((c->m->flags & (PVC_MF_READS_DST | PVC_MF_MERGES)) || merging) && unwritten) {
        char detail[160];
        snprintf(detail, sizeof detail, ": '%s' is read before any write, so it holds whatever the "
                 "register held (pvc: 0; the simulator faults)", dst->name ? dst->name : "?");
        trap_warn(c, c->op->loc, PVC_W_UNDEF_DST, detail);
    }
    return 0;
}

/* T19: a mask with all bits of each element set, tested at another width. */
static void allbits_preds(const call *c)
{
    for (int i = 0; i < c->m->nopnd; i++) {
        int w = c->m->opnd[i].kind == PVC_OK_PRED ? allbits_width(c->def, arg(c, c->m->opnd[i].name)) : 0;
        if (w && w != lane(c->dt))
            trap_warn(c, pvc_op_arg_loc(c->op, c->m->opnd[i].name), PVC_W_FULL_MASK_BITS, NULL);
    }
}

int pvc_generic_traps(pvc_diag *d, const pvc_op *op, int code, int dt, pvc_op *const *def)
{
    call c = {d, op, pvc_mop_of(code), dt, def};
    for (size_t i = 0; i < sizeof trap_checks / sizeof trap_checks[0]; i++)
        if (trap_checks[i].op == op->code && trap_checks[i].check(&c))
            return 1;
    if (destination(&c))
        return 1;
    if (c.m->trap != PVC_W_NONE && (c.m->trap_dtypes >> dt & 1)) {
        char detail[64];
        snprintf(detail, sizeof detail, " (here %s)", dt_name(dt));
        trap_warn(&c, op->loc, (pvc_warn_kind)c.m->trap, detail);
    }
    allbits_preds(&c);
    return 0;
}

void pvc_mask_store_traps(pvc_diag *d, const pvc_op *op, const pvc_value *mask, pvc_op *const *def)
{
    if (allbits_width(def, mask))
        pvc_warn_at(d, op->loc, "%s: mask '%s' has every bit of each element set (it comes from %s); "
                    "stored as raw bits it is not a generator mask (§10.14, §12 T19) [%s]",
                    pvc_ops[op->code].name, mask->name ? mask->name : "?",
                    pvc_ops[def_of(def, mask)->code].name, pvc_warn_code(PVC_W_FULL_MASK_BITS));
}
