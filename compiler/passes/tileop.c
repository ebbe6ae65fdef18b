/* tileop.c - the tile-level ops of a jit kernel (ops_tile.h, docs/SEMANTICS.md §15): which
 * machine rows a call becomes (its recipe), the checks pypto_pro's lowering makes at compile
 * time (PTO's static_asserts: dtypes, layouts; located errors) and the traps (warnings), and
 * the machine ops dispatch builds. The types pass calls pvc_tileop_type, the dispatch pass
 * pvc_tileop_build; both pick the recipe with pvc_tileop_recipe, so they never disagree.
 *
 * A recipe is one or more steps; a step is a machine row and, for each of its operand groups
 * (a tile with its valid shape, or a scalar), the DSL call's positional argument that fills
 * it. Forms: by the kind of one argument (a tile or a scalar rhs), or by dim= (the row and
 * column forms of the reductions and broadcasts). The fused ops (add_relu, ...) are two or
 * three steps, as pypto_pro's code generator emits them (§15.11).
 */
#include <stdio.h>
#include <string.h>

#include "passes/passes.h"

enum { F_ANY, F_TILE, F_SCALAR, F_ELEM, F_ROW, F_COL, F_GIVEN };

#define STEPS_MAX 3
typedef struct {
    int code;           /* machine row */
    signed char arg[7]; /* per operand group, the DSL positional argument, -1 ends */
} tile_step;

struct pvc_tile_recipe {
    pvc_opcode dsl;
    int form, form_arg; /* F_TILE / F_SCALAR: the kind of positional argument form_arg; F_GIVEN:
                         * the argument is given */
    int dim0;           /* a dim form: the dim absent means 0 (sum, expand_*); else elementwise */
    tile_step step[STEPS_MAX];
};

#define S1(c, ...) {{PVC_OP_##c, {__VA_ARGS__, -1}}}
#define R(dsl, form, farg, dim0, ...) {PVC_OP_##dsl, form, farg, dim0, __VA_ARGS__}
#define BIN(dsl, vv, vs) R(dsl, F_TILE, 2, 0, S1(vv, 0, 1, 2)), R(dsl, F_SCALAR, 2, 0, S1(vs, 0, 1, 2))
#define UN(dsl, row) R(dsl, F_ANY, 0, 0, S1(row, 0, 1))
#define RED(dsl, row, col, dim0) R(dsl, F_ROW, 0, dim0, S1(row, 0, 1)), R(dsl, F_COL, 0, dim0, S1(col, 0, 1))
#define EXP(dsl, row, col) R(dsl, F_ROW, 0, 1, S1(row, 0, 1, 2)), R(dsl, F_COL, 0, 1, S1(col, 0, 1, 2))
#define CMP(C) BIN(PL_##C, M_TILE_CMP_##C, M_TILE_CMPS_##C)

static const struct pvc_tile_recipe recipes[] = {
    BIN(PL_ADD, M_TILE_ADD, M_TILE_ADDS),
    BIN(PL_SUB, M_TILE_SUB, M_TILE_SUBS),
    BIN(PL_MUL, M_TILE_MUL, M_TILE_MULS),
    BIN(PL_DIV, M_TILE_DIV, M_TILE_DIVS),
    RED(PL_MAXIMUM, M_TILE_ROWMAX, M_TILE_COLMAX, 0),
    R(PL_MAXIMUM, F_TILE, 2, 0, S1(M_TILE_MAX, 0, 1, 2)),
    R(PL_MAXIMUM, F_SCALAR, 2, 0, S1(M_TILE_MAXS, 0, 1, 2)),
    RED(PL_MINIMUM, M_TILE_ROWMIN, M_TILE_COLMIN, 0),
    R(PL_MINIMUM, F_TILE, 2, 0, S1(M_TILE_MIN, 0, 1, 2)),
    R(PL_MINIMUM, F_SCALAR, 2, 0, S1(M_TILE_MINS, 0, 1, 2)),
    BIN(PL_AND, M_TILE_AND, M_TILE_ANDS),
    R(PL_XOR, F_ANY, 0, 0, S1(M_TILE_XOR, 0, 1, 2)),
    R(PL_SHL, F_ANY, 0, 0, S1(M_TILE_SHL, 0, 1, 2)),
    R(PL_SHR, F_ANY, 0, 0, S1(M_TILE_SHR, 0, 1, 2)),
    R(PL_EXPANDS, F_ANY, 0, 0, S1(M_TILE_EXPANDS, 0, 1)),
    R(PL_AXPY, F_ANY, 0, 0, S1(M_TILE_AXPY, 0, 1, 2)),
    UN(PL_EXP, M_TILE_EXP), UN(PL_LOG, M_TILE_LOG), UN(PL_SQRT, M_TILE_SQRT),
    UN(PL_RSQRT, M_TILE_RSQRT), UN(PL_RECIP, M_TILE_RECIP), UN(PL_RELU, M_TILE_RELU),
    UN(PL_ABS, M_TILE_ABS), UN(PL_NEG, M_TILE_NEG), UN(PL_CAST, M_TILE_CAST),
    UN(PL_FILLPAD, M_TILE_FILLPAD), UN(PL_TRANSPOSE, M_TILE_TRANSPOSE),
    R(PL_HISTOGRAM, F_ANY, 0, 0, S1(M_TILE_HISTOGRAM, 0, 1, 2)),
    R(PL_ADDS, F_SCALAR, 2, 0, S1(M_TILE_ADDS, 0, 1, 2)),
    R(PL_SUBS, F_SCALAR, 2, 0, S1(M_TILE_SUBS, 0, 1, 2)),
    R(PL_MULS, F_SCALAR, 2, 0, S1(M_TILE_MULS, 0, 1, 2)),
    R(PL_DIVS, F_SCALAR, 2, 0, S1(M_TILE_DIVS, 0, 1, 2)),
    R(PL_MAXS, F_SCALAR, 2, 0, S1(M_TILE_MAXS, 0, 1, 2)),
    R(PL_MINS, F_SCALAR, 2, 0, S1(M_TILE_MINS, 0, 1, 2)),
    R(PL_ANDS, F_SCALAR, 2, 0, S1(M_TILE_ANDS, 0, 1, 2)),
    R(PL_ROW_SUM, F_ANY, 0, 0, S1(M_TILE_ROWSUM, 0, 1)),
    R(PL_ROW_MAX, F_ANY, 0, 0, S1(M_TILE_ROWMAX, 0, 1)),
    R(PL_ROW_MIN, F_ANY, 0, 0, S1(M_TILE_ROWMIN, 0, 1)),
    R(PL_COL_SUM, F_ANY, 0, 0, S1(M_TILE_COLSUM, 0, 1)),
    R(PL_COL_MAX, F_ANY, 0, 0, S1(M_TILE_COLMAX, 0, 1)),
    R(PL_COL_MIN, F_ANY, 0, 0, S1(M_TILE_COLMIN, 0, 1)),
    R(PL_ROW_EXPAND_SUB, F_ANY, 0, 0, S1(M_TILE_ROWEXP_SUB, 0, 1, 2)),
    R(PL_ROW_EXPAND_DIV, F_ANY, 0, 0, S1(M_TILE_ROWEXP_DIV, 0, 1, 2)),
    R(PL_ROW_EXPAND_MUL, F_ANY, 0, 0, S1(M_TILE_ROWEXP_MUL, 0, 1, 2)),
    R(PL_ROW_EXPAND_MAX, F_ANY, 0, 0, S1(M_TILE_ROWEXP_MAX, 0, 1, 2)),
    R(PL_ROW_EXPAND_MIN, F_ANY, 0, 0, S1(M_TILE_ROWEXP_MIN, 0, 1, 2)),
    R(PL_COL_EXPAND_SUB, F_ANY, 0, 0, S1(M_TILE_COLEXP_SUB, 0, 1, 2)),
    R(PL_COL_EXPAND_DIV, F_ANY, 0, 0, S1(M_TILE_COLEXP_DIV, 0, 1, 2)),
    R(PL_COL_EXPAND_MUL, F_ANY, 0, 0, S1(M_TILE_COLEXP_MUL, 0, 1, 2)),
    R(PL_COL_EXPAND_MAX, F_ANY, 0, 0, S1(M_TILE_COLEXP_MAX, 0, 1, 2)),
    R(PL_COL_EXPAND_MIN, F_ANY, 0, 0, S1(M_TILE_COLEXP_MIN, 0, 1, 2)),
    R(PL_SCATTER, F_ANY, 0, 0, S1(M_TILE_SCATTER, 0, 1, 2)),
    R(PL_DEQUANT, F_ANY, 0, 0, S1(M_TILE_DEQUANT, 0, 1, 2, 3)),
    /* pl.quant: SYM reads no offset, so scale stands in for an absent one (§15.22) */
    R(PL_QUANT, F_GIVEN, 3, 0, S1(M_TILE_QUANT, 0, 1, 2, 3)),
    R(PL_QUANT, F_ANY, 0, 0, S1(M_TILE_QUANT, 0, 1, 2, 2)),
    R(PL_FILL_INDEX, F_ANY, 0, 0, S1(M_TILE_FILL_INDEX, 0, 1)),
    RED(PL_ARGMAX, M_TILE_ROWARGMAX, M_TILE_COLARGMAX, 1),
    RED(PL_ARGMIN, M_TILE_ROWARGMIN, M_TILE_COLARGMIN, 1),
    R(PL_PARTADD, F_ANY, 0, 0, S1(M_TILE_PARTADD, 0, 1, 2)),
    R(PL_PARTMAX, F_ANY, 0, 0, S1(M_TILE_PARTMAX, 0, 1, 2)),
    R(PL_PARTMIN, F_ANY, 0, 0, S1(M_TILE_PARTMIN, 0, 1, 2)),
    R(PL_PARTMUL, F_ANY, 0, 0, S1(M_TILE_PARTMUL, 0, 1, 2)),
    /* pl.gather(out, src, k_value, cdst, tmp, cmp_mode=, offset=): the compare form */
    R(PL_GATHER, F_GIVEN, 4, 0, S1(M_TILE_GATHER_CMP, 0, 1, 2, 3)),
    R(PL_GATHER, F_ANY, 0, 0, S1(M_TILE_GATHER, 0, 1, 2)),
    R(PL_GATHERMASK, F_ANY, 0, 0, S1(M_TILE_GATHERMASK, 0, 1)),
    R(PL_GATHERB, F_ANY, 0, 0, S1(M_TILE_GATHERB, 0, 1, 2)),
    R(PL_SORT32, F_GIVEN, 3, 0, S1(M_TILE_SORT32T, 0, 1, 2, 3)),
    R(PL_SORT32, F_ANY, 0, 0, S1(M_TILE_SORT32, 0, 1, 2)),
    R(PL_MRGSORT, F_ANY, 0, 0, S1(M_TILE_MRGSORT, 0, 1)),
    /* pl.mrgsort2(src0, src1, dst, tmp, ...): pypto_pro passes the arguments in call order to
     * block.mrgsort2, whose lowering reads them as (dst, src0, tmp, src1, src2, src3) (§15.25) */
    R(PL_MRGSORT2, F_GIVEN, 5, 0, S1(M_TILE_MRGSORT4, 0, 1, 2, 3, 4, 5)),
    R(PL_MRGSORT2, F_GIVEN, 4, 0, S1(M_TILE_MRGSORT3, 0, 1, 2, 3, 4)),
    R(PL_MRGSORT2, F_ANY, 0, 0, S1(M_TILE_MRGSORT2, 0, 1, 2, 3)),
    R(PL_ADDC, F_ANY, 0, 0, S1(M_TILE_ADDC, 0, 1, 2, 3)),
    RED(PL_SUM, M_TILE_ROWSUM, M_TILE_COLSUM, 1),
    EXP(PL_EXPAND_SUB, M_TILE_ROWEXP_SUB, M_TILE_COLEXP_SUB),
    EXP(PL_EXPAND_DIV, M_TILE_ROWEXP_DIV, M_TILE_COLEXP_DIV),
    EXP(PL_EXPAND_MUL, M_TILE_ROWEXP_MUL, M_TILE_COLEXP_MUL),
    EXP(PL_EXPAND_MAX, M_TILE_ROWEXP_MAX, M_TILE_COLEXP_MAX),
    EXP(PL_EXPAND_MIN, M_TILE_ROWEXP_MIN, M_TILE_COLEXP_MIN),
    CMP(EQ), CMP(NE), CMP(LT), CMP(LE), CMP(GT), CMP(GE),
    R(PL_SELECT, F_TILE, 3, 0, S1(M_TILE_SEL, 0, 1, 2, 3)),
    R(PL_SELECT, F_SCALAR, 3, 0, S1(M_TILE_SELS, 0, 1, 2, 3)),
    /* fused (PP-BE's sequences): lhs is overwritten (§15.11) */
    R(PL_ADD_RELU, F_ANY, 0, 0, {{PVC_OP_M_TILE_ADD, {1, 1, 2, -1}}, {PVC_OP_M_TILE_RELU, {0, 1, -1}}}),
    R(PL_SUB_RELU, F_ANY, 0, 0, {{PVC_OP_M_TILE_SUB, {1, 1, 2, -1}}, {PVC_OP_M_TILE_RELU, {0, 1, -1}}}),
    R(PL_MUL_ADD_DST, F_ANY, 0, 0, {{PVC_OP_M_TILE_MUL, {1, 1, 2, -1}}, {PVC_OP_M_TILE_ADD, {0, 1, 0, -1}}}),
    R(PL_FUSED_MUL_ADD, F_ANY, 0, 0, {{PVC_OP_M_TILE_MUL, {1, 1, 0, -1}}, {PVC_OP_M_TILE_ADD, {0, 1, 2, -1}}}),
    R(PL_FUSED_MUL_ADD_RELU, F_ANY, 0, 0,
      {{PVC_OP_M_TILE_MUL, {1, 1, 0, -1}}, {PVC_OP_M_TILE_ADD, {1, 1, 2, -1}}, {PVC_OP_M_TILE_RELU, {0, 1, -1}}}),
    R(PL_ADD_RELU_CAST, F_ANY, 0, 0,
      {{PVC_OP_M_TILE_ADD, {1, 1, 2, -1}}, {PVC_OP_M_TILE_RELU, {1, 1, -1}}, {PVC_OP_M_TILE_CAST, {0, 1, -1}}}),
    R(PL_SUB_RELU_CAST, F_ANY, 0, 0,
      {{PVC_OP_M_TILE_SUB, {1, 1, 2, -1}}, {PVC_OP_M_TILE_RELU, {1, 1, -1}}, {PVC_OP_M_TILE_CAST, {0, 1, -1}}}),
    R(PL_MUL_CAST, F_ANY, 0, 0, {{PVC_OP_M_TILE_MUL, {1, 1, 2, -1}}, {PVC_OP_M_TILE_CAST, {0, 1, -1}}}),
};

/* The name of positional parameter k of op's DSL row (pl.add: 0 out, 1 lhs, 2 rhs). */
static int param_name(const pvc_op *op, int k, char *buf, size_t n)
{
    size_t len;
    int i = 0;
    for (const char *p = pvc_ops[op->code].pos; (p = pvc_param_next(p, &len)); p += len, i++)
        if (i == k) {
            snprintf(buf, n, "%.*s", (int)len, p);
            return 1;
        }
    return 0;
}

static const pvc_value *arg_at(const pvc_op *op, int k)
{
    char name[32];
    return param_name(op, k, name, sizeof name) ? pvc_op_arg(op, name) : NULL;
}

static int is_scalar(const pvc_value *v)
{
    return v && (v->type.kind == PVC_TY_INT || v->type.kind == PVC_TY_FLOAT || v->type.kind == PVC_TY_BOOL);
}

/* dim= as written: 1 and *dim set when it is an int constant. */
static int dim_of(const pvc_op *op, int64_t *dim)
{
    const pvc_value *v = pvc_op_arg(op, "dim");
    return v && pvc_const_int(v, dim);
}

const pvc_tile_recipe *pvc_tileop_recipe(const pvc_op *op)
{
    int64_t dim = 0;
    int has_dim = dim_of(op, &dim);
    for (size_t i = 0; i < sizeof recipes / sizeof recipes[0]; i++) {
        const pvc_tile_recipe *r = &recipes[i];
        if (r->dsl != op->code)
            continue;
        int dimmed = has_dim || r->dim0;
        switch (r->form) {
        case F_ROW: if (dimmed && dim == 0) return r; break;
        case F_COL: if (dimmed && dim != 0) return r; break;
        case F_TILE: if (!dimmed && !is_scalar(arg_at(op, r->form_arg))) return r; break;
        case F_SCALAR: if (!dimmed && is_scalar(arg_at(op, r->form_arg))) return r; break;
        case F_GIVEN: if (arg_at(op, r->form_arg)) return r; break;
        default: return r;
        }
    }
    return NULL;
}

int pvc_tileop_steps(const pvc_tile_recipe *r) { return r->step[2].code ? 3 : r->step[1].code ? 2 : 1; }

/* Operand group g of row m: its first operand's index, or -1 past the last. */
static int group_start(const pvc_mop *m, int g)
{
    for (int i = 0, k = 0; i < m->nopnd; k++) {
        if (k == g)
            return i;
        i += pvc_ok_is_tile(m->opnd[i].kind) ? 3 : 1;
    }
    return -1;
}

/* ---- checks (types pass) ---------------------------------------------------------------- */

static int col_major(const pvc_type *t) { return t->layout == PVC_TL_DN || t->dims[1] == 1; }

static int is_argred(int code) { return code >= PVC_OP_M_TILE_ROWARGMAX && code <= PVC_OP_M_TILE_COLARGMIN; }

/* The dtype the row computes at: its first tile operand not named `mask` (an arg reduction's
 * src: its out holds indices, §15.18). */
static int op_dtype(const pvc_op *op, const pvc_mop *m, const tile_step *s)
{
    if (is_argred(s->code))
        return arg_at(op, s->arg[1])->type.dtype;
    for (int g = 0, i; (i = group_start(m, g)) >= 0 && s->arg[g] >= 0; g++)
        if (pvc_ok_is_tile(m->opnd[i].kind) && strcmp(m->opnd[i].name, "mask"))
            return arg_at(op, s->arg[g])->type.dtype;
    return PVC_UNKNOWN;
}

/* PTO's static_asserts of TTRANS (§15.13): one element width, rows of whole 32-byte blocks. */
static int transpose_ok(pvc_diag *d, const pvc_op *op)
{
    const pvc_value *o = pvc_op_arg(op, "out"), *s = pvc_op_arg(op, "src");
    unsigned ob = pvc_dtype_lane_bytes((pvc_dtype)o->type.dtype), sb = pvc_dtype_lane_bytes((pvc_dtype)s->type.dtype);
    if (ob != sb) {
        pvc_error_at(d, op->loc, PVC_E_TYPE, "pl.transpose moves the bits of one element width: out is %s, src %s "
                     "(§15.13)", pvc_dtype_pyname(o->type.dtype), pvc_dtype_pyname(s->type.dtype));
        return 0;
    }
    for (int k = 0; k < 2; k++) {
        const pvc_value *v = k ? s : o;
        if (v->type.dims[1] * ob % 32) {
            pvc_error_at(d, pvc_op_arg_loc(op, k ? "src" : "out"), PVC_E_TYPE, "pl.transpose needs rows of whole "
                         "32-byte blocks: '%s' is [%lld, %lld] %s (§15.13)", k ? "src" : "out",
                         (long long)v->type.dims[0], (long long)v->type.dims[1], pvc_dtype_pyname(v->type.dtype));
            return 0;
        }
    }
    return 1;
}

/* PTO's static_asserts of THISTOGRAM (§15.14): the dtypes, idx's layout and shape by mode. */
static int histogram_ok(pvc_diag *d, const pvc_op *op)
{
    const pvc_value *s = pvc_op_arg(op, "src"), *x = pvc_op_arg(op, "idx"), *o = pvc_op_arg(op, "dst");
    const pvc_value *msb = pvc_op_arg(op, "is_msb");
    int64_t m;
    if (!pvc_const_int(msb, &m)) {
        pvc_error_at(d, op->loc, PVC_E_TYPE, "pl.histogram needs is_msb=True (the high byte) or False (the "
                     "low byte, filtered by idx) (§15.14)");
        return 0;
    }
    const char *why = NULL, *at = "src";
    if (s->type.dtype != PVC_DT_UINT16 && s->type.dtype != PVC_DT_UINT32)
        why = "src must be a UINT16 or UINT32 tile";
    else if (x->type.dtype != PVC_DT_UINT8)
        why = "idx must be a UINT8 tile", at = "idx";
    else if (s->type.dtype == PVC_DT_UINT16 && !(col_major(&x->type) && x->type.dims[1] == 1))
        why = "with a UINT16 src, idx must be a DN tile of one column ([N, 1], layout=pl.DN)", at = "idx";
    else if (s->type.dtype == PVC_DT_UINT32 && !m &&
             (col_major(&x->type) || x->type.dims[0] != 3 || x->type.dims[1] != s->type.dims[1]))
        why = "with a UINT32 src and is_msb=False, idx must be a row-major [3, src cols] tile", at = "idx";
    else if (o->type.dims[1] < 256)
        why = "dst needs at least 256 columns (one per bin)", at = "dst";
    if (why)
        pvc_error_at(d, pvc_op_arg_loc(op, at), PVC_E_TYPE, "pl.histogram: %s (THISTOGRAM's constraints, "
                     "§15.14)", why);
    return why == NULL;
}

/* PTO's static_asserts of TGATHER with a pattern and TGATHERB (§15.15, §15.16), and
 * pypto_pro's pattern_mode range. */
static int gather_ok(pvc_diag *d, const pvc_op *op)
{
    const pvc_value *o = pvc_op_arg(op, "out"), *s = pvc_op_arg(op, "src");
    if (op->code == PVC_OP_PL_GATHER && (pvc_op_arg(op, "cmp_mode") || pvc_op_arg(op, "cmp_tmp"))) {
        /* the compare form: block.gather's five arguments with cmp_mode=; TGATHER's static_asserts */
        const pvc_value *k = pvc_op_arg(op, "idx");
        int64_t mode;
        const char *why = NULL;
        if (!pvc_op_arg(op, "cmp_tmp") || !pvc_const_int(pvc_op_arg(op, "cmp_mode"), &mode)) {
            pvc_error_at(d, op->loc, PVC_E_TYPE, "pl.gather's compare form takes five arguments (out, src, "
                         "k_value, cdst, tmp) and a constant cmp_mode= (4 GT, 0 EQ), as block.gather does "
                         "(§15.23)");
            return 0;
        }
        if (s->type.dtype == PVC_DT_BF16 || s->type.dtype == PVC_DT_INT64 || s->type.dtype == PVC_DT_UINT64 ||
                 pvc_dtype_lane_bytes((pvc_dtype)s->type.dtype) > 4)
            why = "a src of 8-, 16- or 32-bit integers, FP16 or FP32";
        else if (k->type.dtype != PVC_DT_UINT16 && k->type.dtype != PVC_DT_UINT32)
            why = "a UINT16 or UINT32 k_value tile";
        if (why) {
            pvc_error_at(d, op->loc, PVC_E_TYPE, "pl.gather's compare form takes %s (TGATHER's static_asserts, "
                         "§15.23)", why);
            return 0;
        }
        return 1;
    }
    if (op->code == PVC_OP_PL_GATHER) {
        unsigned w = pvc_dtype_lane_bytes((pvc_dtype)o->type.dtype);
        int xd = pvc_op_arg(op, "idx")->type.dtype;
        unsigned xw = pvc_dtype_lane_bytes((pvc_dtype)xd);
        if (s->type.dtype != o->type.dtype || pvc_dtype_table[xd].kind == PVC_KIND_F ||
            !(xw == 4 ? w >= 2 : xw == 2 && w <= 2)) {
            pvc_error_at(d, op->loc, PVC_E_TYPE, "pl.gather takes src of out's dtype and integer indices of 16 "
                         "bits (1- or 2-byte data) or 32 bits (2- or 4-byte data) (TGATHER's static_asserts, "
                         "§15.23)");
            return 0;
        }
        return 1;
    }
    if (op->code == PVC_OP_PL_GATHERB) {
        int dt = pvc_op_arg(op, "offsets")->type.dtype;
        if (dt != PVC_DT_UINT32 && dt != PVC_DT_INT32) {
            pvc_error_at(d, pvc_op_arg_loc(op, "offsets"), PVC_E_TYPE, "pl.gatherb reads its offsets as 32-bit "
                         "byte offsets: 'offsets' is a %s tile (§15.16)", pvc_dtype_pyname(dt));
            return 0;
        }
        return 1;
    }
    int64_t p;
    if (!pvc_const_int(pvc_op_arg(op, "pattern_mode"), &p) || p < 1 || p > 7) {
        pvc_error_at(d, op->loc, PVC_E_TYPE, "pl.gathermask needs pattern_mode= 1 to 7 (P0101, P1010, P0001, "
                     "P0010, P0100, P1000, P1111) (§15.15)");
        return 0;
    }
    if (pvc_dtype_lane_bytes((pvc_dtype)o->type.dtype) != pvc_dtype_lane_bytes((pvc_dtype)s->type.dtype)) {
        pvc_error_at(d, op->loc, PVC_E_TYPE, "pl.gathermask moves elements of one width: out is %s, src %s "
                     "(§15.15)", pvc_dtype_pyname(o->type.dtype), pvc_dtype_pyname(s->type.dtype));
        return 0;
    }
    return 1;
}

static int is_sort(int code) { return code >= PVC_OP_M_TILE_SORT32 && code <= PVC_OP_M_TILE_MRGSORT4; }

/* PTO's static_asserts of TSORT32 and TMRGSORT (§15.24, §15.25): FP16 or FP32 tiles of one
 * dtype, a UINT32 idx; TMRGSORT's tiles one row each (all but a fourth list's); block_len a
 * positive constant. The row's dtype check has seen the first operand. */
static int sort_ok(pvc_diag *d, const pvc_op *op, const tile_step *s)
{
    const pvc_mop *m = pvc_mop_of(s->code);
    const char *name = pvc_ops[op->code].name;
    int dt = arg_at(op, s->arg[0])->type.dtype;
    char pname[32];
    for (int g = 1, i; (i = group_start(m, g)) >= 0; g++) {
        const pvc_value *v = arg_at(op, s->arg[g]);
        param_name(op, s->arg[g], pname, sizeof pname);
        int want = strcmp(m->opnd[i].name, "idx") ? dt : PVC_DT_UINT32;
        if (v->type.dtype != want) {
            pvc_error_at(d, pvc_op_arg_loc(op, pname), PVC_E_TYPE, "'%s' of %s must be a %s tile, not %s (%s's "
                         "static_asserts, §15.%d)", pname, name, pvc_dtype_pyname(want),
                         pvc_dtype_pyname(v->type.dtype), s->code <= PVC_OP_M_TILE_SORT32T ? "TSORT32" : "TMRGSORT",
                         s->code <= PVC_OP_M_TILE_SORT32T ? 24 : 25);
            return 0;
        }
    }
    if (s->code <= PVC_OP_M_TILE_SORT32T)
        return 1;
    for (int g = 0, i; (i = group_start(m, g)) >= 0 && strcmp(m->opnd[i].name, "src3"); g++) {
        const pvc_value *v = arg_at(op, s->arg[g]);
        param_name(op, s->arg[g], pname, sizeof pname);
        if (v->type.dims[0] != 1) {
            pvc_error_at(d, pvc_op_arg_loc(op, pname), PVC_E_TYPE, "%s merges one-row tiles: '%s' is [%lld, %lld] "
                         "(TMRGSORT's static_asserts, §15.25)", name, pname, (long long)v->type.dims[0],
                         (long long)v->type.dims[1]);
            return 0;
        }
    }
    int64_t bl;
    if (s->code == PVC_OP_M_TILE_MRGSORT && (!pvc_const_int(pvc_op_arg(op, "block_len"), &bl) || bl <= 0)) {
        pvc_error_at(d, op->loc, PVC_E_TYPE, "pl.mrgsort needs block_len=, a positive constant: the elements "
                     "(values and indices) of one sorted list (§15.25)");
        return 0;
    }
    if (s->code != PVC_OP_M_TILE_MRGSORT)
        pvc_warn_at(d, op->loc, "pl.mrgsort2 reaches the device with its arguments in call order, read as (dst, "
                    "src0, tmp, src1, ...): this call merges 'src1', 'tmp'%s into 'dst' and copies the result to "
                    "'src0' (§15.25) [%s]", s->code == PVC_OP_M_TILE_MRGSORT2 ? "" : s->code ==
                    PVC_OP_M_TILE_MRGSORT3 ? ", 'src2'" : ", 'src2', 'src3'", pvc_warn_code(PVC_W_TILE_MRGSORT2));
    return 1;
}

static int check_step(pvc_diag *d, const pvc_op *op, const tile_step *s)
{
    const pvc_mop *m = pvc_mop_of(s->code);
    const char *name = pvc_ops[op->code].name;
    char pname[32];
    for (int g = 0, i; (i = group_start(m, g)) >= 0; g++) {
        const pvc_value *v = arg_at(op, s->arg[g]);
        param_name(op, s->arg[g], pname, sizeof pname);
        pvc_span at = pvc_op_arg_loc(op, pname);
        if (pvc_ok_is_tile(m->opnd[i].kind) && (!v || v->type.kind != PVC_TY_TILE || v->type.dtype < 0)) {
            pvc_error_at(d, at, PVC_E_TYPE, "'%s' of %s must be a tile", pname, name);
            return 0;
        }
        if (!pvc_ok_is_tile(m->opnd[i].kind) && !is_scalar(v)) {
            pvc_error_at(d, at, PVC_E_TYPE, "'%s' of %s must be a tile or a number", pname, name);
            return 0;
        }
        if (m->opnd[i].kind == PVC_OK_TILE_ND && col_major(&v->type)) {
            pvc_error_at(d, at, PVC_E_TYPE, "%s takes row-major tiles: '%s' is a [%lld, %lld] column-major tile "
                         "(every [N, 1] tile is); a [1, N] tile at the same address holds the same bytes (§15.3)",
                         name, pname, (long long)v->type.dims[0], (long long)v->type.dims[1]);
            return 0;
        }
    }
    int dt = op_dtype(op, m, s);
    if (m->dtypes && (dt < 0 || !(m->dtypes >> dt & 1))) {
        pvc_error_at(d, op->loc, PVC_E_TYPE, "%s does not take %s tiles (§15.3)", name, pvc_dtype_pyname(dt));
        return 0;
    }
    for (int g = 0, i; (m->flags & PVC_MF_SAME) && (i = group_start(m, g)) >= 0; g++) {
        const pvc_value *v = arg_at(op, s->arg[g]);
        param_name(op, s->arg[g], pname, sizeof pname);
        if (pvc_ok_is_tile(m->opnd[i].kind) && strcmp(m->opnd[i].name, "mask") && v->type.dtype != dt) {
            pvc_error_at(d, pvc_op_arg_loc(op, pname), PVC_E_TYPE, "'%s' of %s is a %s tile: the op takes one "
                         "dtype (%s), no conversion (§15.3)", pname, name, pvc_dtype_pyname(v->type.dtype),
                         pvc_dtype_pyname(dt));
            return 0;
        }
    }
    if (s->code == PVC_OP_M_TILE_CAST) {
        int from = arg_at(op, s->arg[1])->type.dtype, to = arg_at(op, s->arg[0])->type.dtype;
        if (!pvc_tile_cast_legal((pvc_dtype)from, (pvc_dtype)to)) {
            pvc_error_at(d, op->loc, PVC_E_CAST, "%s has no conversion from %s to %s (TCVT's pairs, §15.6)", name,
                         pvc_dtype_pyname(from), pvc_dtype_pyname(to));
            return 0;
        }
        const pvc_value *mode = pvc_op_arg(op, "mode");
        if (mode && mode->kind == PVC_V_ENUM && mode->i == PVC_TR_ODD && !(from == PVC_DT_FP32 && to == PVC_DT_FP16))
            pvc_warn_at(d, pvc_op_arg_loc(op, "mode"), "CAST_ODD rounds to odd only from FP32 to FP16: %s to %s "
                        "runs as CAST_NONE (§15.6) [%s]", pvc_dtype_pyname(from), pvc_dtype_pyname(to),
                        pvc_warn_code(PVC_W_TILE_CAST_ODD));
    }
    if (s->code == PVC_OP_M_TILE_TRANSPOSE && !transpose_ok(d, op))
        return 0;
    if (s->code == PVC_OP_M_TILE_HISTOGRAM && !histogram_ok(d, op))
        return 0;
    if (is_sort(s->code) && !sort_ok(d, op, s))
        return 0;
    if (s->code == PVC_OP_M_TILE_SCATTER || s->code == PVC_OP_M_TILE_DEQUANT) {
        const char *why = NULL, *at = "src";
        int sd = arg_at(op, s->arg[1])->type.dtype, xd = arg_at(op, s->arg[2])->type.dtype;
        if (s->code == PVC_OP_M_TILE_SCATTER) {
            unsigned w = pvc_dtype_lane_bytes((pvc_dtype)dt) == 4 ? 4 : 2;
            if (sd != dt)
                why = "src must have out's dtype";
            else if (pvc_dtype_lane_bytes((pvc_dtype)xd) != w || pvc_dtype_table[xd].kind == PVC_KIND_F)
                why = w == 4 ? "idx must hold 32-bit integers for 4-byte data" : "idx must hold 16-bit integers for "
                      "1- and 2-byte data", at = "idx";
        } else if (sd != PVC_DT_INT8 && sd != PVC_DT_INT16) {
            why = "src must be an INT8 or INT16 tile";
        } else if (xd != PVC_DT_FP32 || arg_at(op, s->arg[3])->type.dtype != PVC_DT_FP32) {
            why = "scale and offset must be FP32 tiles", at = "scale";
        }
        if (why) {
            pvc_error_at(d, pvc_op_arg_loc(op, at), PVC_E_TYPE, "%s: %s (PTO's static_asserts, §15.%d)", name, why,
                         s->code == PVC_OP_M_TILE_SCATTER ? 20 : 21);
            return 0;
        }
    }
    if (s->code == PVC_OP_M_TILE_QUANT) {
        const pvc_value *mode = pvc_op_arg(op, "mode");
        int asym = mode && mode->kind == PVC_V_ENUM && mode->i == PVC_QUANT_ASYM;
        const char *why = NULL;
        if (arg_at(op, s->arg[1])->type.dtype != PVC_DT_FP32 || arg_at(op, s->arg[2])->type.dtype != PVC_DT_FP32)
            why = "src and scale must be FP32 tiles";
        else if (dt != (asym ? PVC_DT_UINT8 : PVC_DT_INT8))
            why = asym ? "mode=ASYM writes a UINT8 out" : "mode=SYM writes an INT8 out";
        else if (asym && !pvc_op_arg(op, "offset"))
            why = "mode=ASYM needs offset=, an FP32 tile";
        else if (asym && pvc_op_arg(op, "offset")->type.dtype != PVC_DT_FP32)
            why = "offset must be an FP32 tile";
        if (why) {
            pvc_error_at(d, op->loc, PVC_E_TYPE, "pl.quant: %s (TQUANT's static_asserts, §15.22)", why);
            return 0;
        }
    }
    if (s->code == PVC_OP_M_TILE_FILL_INDEX && arg_at(op, s->arg[0])->type.dims[0] != 1) {
        pvc_error_at(d, pvc_op_arg_loc(op, "out"), PVC_E_TYPE, "pl.fill_index fills one row: 'out' must be a "
                     "[1, N] tile (TCI's static_assert, §15.19)");
        return 0;
    }
    if (is_argred(s->code)) {
        int dt = arg_at(op, s->arg[0])->type.dtype;
        if (dt != PVC_DT_INT32 && dt != PVC_DT_UINT32) {
            pvc_error_at(d, pvc_op_arg_loc(op, "out"), PVC_E_TYPE, "%s writes 32-bit indices: 'out' must be an "
                         "INT32 or UINT32 tile, not %s (§15.18)", name, pvc_dtype_pyname(dt));
            return 0;
        }
    }
    if ((s->code == PVC_OP_M_TILE_GATHERMASK || s->code == PVC_OP_M_TILE_GATHERB || s->code == PVC_OP_M_TILE_GATHER ||
         s->code == PVC_OP_M_TILE_GATHER_CMP) &&
        !gather_ok(d, op))
        return 0;
    if (s->code == PVC_OP_M_TILE_FILLPAD && arg_at(op, s->arg[0])->type.pad == PVC_PAD_NONE) {
        pvc_error_at(d, pvc_op_arg_loc(op, "out"), PVC_E_TYPE, "pl.fillpad writes out's pad value: its "
                     "pl.TileType needs pad=pl.TilePad.zero, .max or .min (§15.10)");
        return 0;
    }
    return 1;
}

int pvc_tileop_check(pvc_diag *d, const pvc_op *op, const pvc_tile_recipe *r)
{
    for (int k = 0; k < pvc_tileop_steps(r); k++)
        if (!check_step(d, op, &r->step[k]))
            return 0;
    int64_t dim;
    if (dim_of(op, &dim) && dim != 0 && dim != 1)
        pvc_warn_at(d, pvc_op_arg_loc(op, "dim"), "dim=%lld of %s: every dim but 0 is the column form "
                    "(dim=1), not the last axis (§15.7) [%s]", (long long)dim, pvc_ops[op->code].name,
                    pvc_warn_code(PVC_W_TILE_DIM));
    if (pvc_tileop_steps(r) > 1)
        pvc_warn_at(d, op->loc, "%s overwrites its second argument with the intermediate result, as "
                    "pypto_pro's code generator emits it (§15.11) [%s]", pvc_ops[op->code].name,
                    pvc_warn_code(PVC_W_TILE_FUSED));
    if (op->code == PVC_OP_PL_SELECT) {
        const pvc_value *mk = pvc_op_arg(op, "mask");
        if (mk && mk->type.dtype >= 0 && pvc_dtype_lane_bytes((pvc_dtype)mk->type.dtype) > 1)
            pvc_warn_at(d, pvc_op_arg_loc(op, "mask"), "pl.select reads mask row r at byte r * cols, but a "
                        "compare writes it at r * cols * %u for a %s tile: rows from 1 on read the wrong "
                        "bits; use a UINT8 mask tile (§15.9) [%s]",
                        pvc_dtype_lane_bytes((pvc_dtype)mk->type.dtype), pvc_dtype_pyname(mk->type.dtype),
                        pvc_warn_code(PVC_W_TILE_MASK_PITCH));
    }
    return 1;
}

/* The valid extents of the tiles of a step, as given to the machine op: the types pass
 * records each tile argument's as attributes "<param>.vr" / "<param>.vc". */
void pvc_tileop_valid_keys(const pvc_op *op, int k, char *vr, char *vc, size_t n)
{
    char name[32];
    param_name(op, k, name, sizeof name);
    snprintf(vr, n, "%s.vr", name);
    snprintf(vc, n, "%s.vc", name);
}

/* Warns (T5) when a source's valid shape is a constant other than the destination's one:
 * the loop reads every source at dst's places (§15.2). vals[k] = argument k's extents. */
/* pl.sort32 with constant extents (§15.24): without tmp a partial last block is left out;
 * the records of a row (32 per block, 8 bytes each) past dst's row, or the padded row past
 * tmp, overwrite what follows in the UB. */
static void sort32_traps(pvc_diag *d, const pvc_op *op, const tile_step *s, pvc_value *(*vals)[2])
{
    int64_t vc;
    if (!pvc_const_int(vals[1][1], &vc))
        return;
    int tmp = s->code == PVC_OP_M_TILE_SORT32T;
    const pvc_value *dst = pvc_op_arg(op, "dst");
    unsigned eb = pvc_dtype_lane_bytes((pvc_dtype)dst->type.dtype);
    int64_t blocks = tmp ? (vc + 31) / 32 : vc / 32;
    if (!tmp && vc % 32)
        pvc_warn_at(d, pvc_op_arg_loc(op, "src"), "pl.sort32 without tmp sorts whole blocks of 32: the last %lld "
                    "values of each row of 'src' are left out and their records not written (§15.24) [%s]",
                    (long long)(vc % 32), pvc_warn_code(PVC_W_TILE_SORT32));
    if (blocks * 256 > dst->type.dims[1] * (int64_t)eb)
        pvc_warn_at(d, pvc_op_arg_loc(op, "dst"), "pl.sort32 writes %lld blocks of 32 records (%lld bytes) per "
                    "row, past the %lld bytes of a row of 'dst': what follows it in the UB is overwritten (§15.24) "
                    "[%s]", (long long)blocks, (long long)blocks * 256, (long long)(dst->type.dims[1] * eb),
                    pvc_warn_code(PVC_W_TILE_SORT32));
    if (tmp && vc % 32) {
        const pvc_value *t = pvc_op_arg(op, "tmp");
        int64_t need = vc * eb <= 32 * 255 ? (vc + 31) / 32 * 32 : 32;
        if (t->type.dims[0] * t->type.dims[1] < need)
            pvc_warn_at(d, pvc_op_arg_loc(op, "tmp"), "pl.sort32 pads %lld elements in 'tmp', which holds %lld: "
                        "what follows it in the UB is overwritten (§15.24) [%s]", (long long)need,
                        (long long)(t->type.dims[0] * t->type.dims[1]), pvc_warn_code(PVC_W_TILE_SORT32));
    }
}

void pvc_tileop_valid_traps(pvc_diag *d, const pvc_op *op, const pvc_tile_recipe *r, pvc_value *(*vals)[2])
{
    const tile_step *s = &r->step[0];
    const pvc_mop *m = pvc_mop_of(s->code);
    if (s->code == PVC_OP_M_TILE_SORT32 || s->code == PVC_OP_M_TILE_SORT32T)
        sort32_traps(d, op, s, vals);
    if (m->nres || pvc_tileop_steps(r) > 1 || s->code == PVC_OP_M_TILE_CAST || s->code == PVC_OP_M_TILE_FILLPAD ||
        s->code == PVC_OP_M_TILE_TRANSPOSE || s->code == PVC_OP_M_TILE_HISTOGRAM ||
        s->code == PVC_OP_M_TILE_GATHERMASK || s->code == PVC_OP_M_TILE_GATHERB || s->code == PVC_OP_M_TILE_GATHER ||
        s->code == PVC_OP_M_TILE_GATHER_CMP || (s->code >= PVC_OP_M_TILE_PARTADD && s->code <= PVC_OP_M_TILE_PARTMUL) ||
        is_argred(s->code) || s->code == PVC_OP_M_TILE_SCATTER || s->code == PVC_OP_M_TILE_DEQUANT ||
        s->code == PVC_OP_M_TILE_QUANT || is_sort(s->code) ||
        (s->code >= PVC_OP_M_TILE_ROWSUM && s->code <= PVC_OP_M_TILE_COLEXP_MIN) ||
        !strcmp(m->opnd[0].name, "mask"))
        return; /* the reductions and broadcasts are driven by other shapes (§15.7, §15.8) */
    int64_t d0, d1, a0, a1;
    if (!pvc_const_int(vals[s->arg[0]][0], &d0) || !pvc_const_int(vals[s->arg[0]][1], &d1))
        return;
    for (int g = 1, i; (i = group_start(m, g)) >= 0; g++) {
        if (!pvc_ok_is_tile(m->opnd[i].kind) || !strcmp(m->opnd[i].name, "mask"))
            continue;
        int k = s->arg[g];
        if (pvc_const_int(vals[k][0], &a0) && pvc_const_int(vals[k][1], &a1) && (a0 != d0 || a1 != d1)) {
            char pname[32];
            param_name(op, k, pname, sizeof pname);
            pvc_warn_at(d, pvc_op_arg_loc(op, pname), "'%s' has valid shape [%lld, %lld] but %s runs over "
                        "the destination's [%lld, %lld] and reads '%s' there (§15.2) [%s]", pname, (long long)a0,
                        (long long)a1, pvc_ops[op->code].name, (long long)d0, (long long)d1, pname,
                        pvc_warn_code(PVC_W_TILE_VALID));
        }
    }
}

/* ---- the machine ops (dispatch pass) ---------------------------------------------------- */

/* Appends the machine ops of op's recipe to out: every tile group the tile, then the valid
 * extents the types pass recorded; every scalar through bits(ctx, value, dtype); every enum
 * attribute from the keyword of its name, the row's default when absent. Returns 0 after an
 * error (reported by bits). */
int pvc_tileop_build(pvc_module *m, pvc_block *out, const pvc_op *op, const pvc_tile_recipe *r,
                     pvc_value *(*bits)(void *ctx, pvc_value *v, int dt, pvc_span at), void *ctx)
{
    for (int k = 0; k < pvc_tileop_steps(r); k++) {
        const tile_step *s = &r->step[k];
        const pvc_mop *row = pvc_mop_of(s->code);
        pvc_value *opnds[3 * 7]; /* a tile is three operands; at most six tiles */
        int n = 0, dt = op_dtype(op, row, s);
        for (int g = 0, i; (i = group_start(row, g)) >= 0; g++) {
            pvc_value *v = (pvc_value *)arg_at(op, s->arg[g]);
            if (!pvc_ok_is_tile(row->opnd[i].kind)) {
                /* pl.expands: an int into a float tile goes through float first (PP-BE casts
                 * it (float)(int64_t)x), so FP16 rounds twice (§15.4) */
                pvc_value *f = v;
                if (s->code == PVC_OP_M_TILE_EXPANDS && v->kind == PVC_V_INT && (dt == PVC_DT_FP16 || dt == PVC_DT_BF16)) {
                    f = pvc_const(m, PVC_V_FLOAT, v->loc);
                    f->f = (double)(float)v->i;
                    f->type.kind = PVC_TY_FLOAT;
                }
                if (!(opnds[n++] = bits(ctx, f, dt, op->loc)))
                    return 0;
                continue;
            }
            char vr[40], vc[40];
            pvc_tileop_valid_keys(op, s->arg[g], vr, vc, sizeof vr);
            const pvc_attr *ar = pvc_op_attr(op, vr), *ac = pvc_op_attr(op, vc);
            if (!ar || !ac)
                PVC_BUG("%s: no valid shape for argument %d", pvc_ops[op->code].name, s->arg[g]);
            opnds[n++] = v;
            opnds[n++] = ar->val;
            opnds[n++] = ac->val;
        }
        pvc_op *g = pvc_op_new(m, s->code, op->loc);
        for (int i = 0; i < n; i++)
            pvc_op_add_operand(m, g, opnds[i]);
        for (int i = 0; i < row->nattr; i++) {
            const pvc_attrdesc *a = &row->attr[i];
            const pvc_value *v = pvc_op_arg(op, a->name);
            if (a->kind == PVC_AK_INT) { /* a constant keyword (the resolve pass checked it) */
                pvc_value *c = pvc_const(m, PVC_V_INT, op->loc);
                int64_t iv;
                c->i = pvc_const_int(v, &iv) ? iv : a->dflt;
                c->type.kind = PVC_TY_INT;
                pvc_op_add_attr(m, g, a->name, c, op->loc);
                continue;
            }
            pvc_value *e = pvc_const(m, PVC_V_ENUM, op->loc);
            e->ns = a->ns;
            e->i = v && v->kind == PVC_V_ENUM && v->ns == a->ns ? v->i : a->dflt;
            e->name = pvc_enum_member_name(a->ns, e->i);
            e->type.ns = a->ns;
            pvc_op_add_attr(m, g, a->name, e, op->loc);
        }
        pvc_block_append(m, out, g);
    }
    return 1;
}

/* "(out: tile, lhs: tile, rhs: tile or scalar)": what a call of op takes, for the error when
 * no recipe fits. */
void pvc_tileop_mismatch(pvc_diag *d, const pvc_op *op)
{
    pvc_error_at(d, op->loc, PVC_E_TYPE, "%s: no form takes these arguments ('pvc help ops' lists its "
                 "machine rows, §15)", pvc_ops[op->code].name);
}
