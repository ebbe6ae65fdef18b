/* dispatch_cube.c - the dispatch pass (dispatch.c) on the cube side (docs/SEMANTICS.md §17):
 * pl.load into Mat -> cube.load, pl.store from Acc -> fix.store / fix.store_fp, pl.move
 * Mat -> Left / Right / Bias -> cube.move / cube.move_bias, Acc -> Vec -> fix.to_vec,
 * pl.insert Vec -> Mat -> cube.insert, pl.matmul / matmul_acc -> cube.mad / cube.mad_bias,
 * pl.matmul_mx / matmul_mx_acc -> cube.mad_mx,
 * set / wait_cross_core -> cross.set / cross.wait. The types pass (types_cube.c) checked the
 * paths and left the valid extents each op reads as attributes. */
#include "passes/dispatch.h"

static int is_cube_mem(int mem) { return mem != PVC_MEM_VEC && mem != PVC_MEM_GM; }

static int mem_of(const pvc_value *v) { return v && v->type.kind == PVC_TY_TILE ? v->type.mem : PVC_MEM_VEC; }

static pvc_value *attr_val(const pvc_op *op, const char *k) { return pvc_op_attr(op, k)->val; }

static int given(const pvc_op *op, const char *k)
{
    const pvc_value *v = pvc_op_arg(op, k);
    return v && v->kind != PVC_V_NONE;
}

/* The tensor axes a cube tile's rows and columns run along (order=, default the last two; the
 * two before the last for an MX scale pair) and whether order= is descending, the transposed
 * load of §17.4.1. 0 after an error. */
static int cube_axes(dispatcher *x, const pvc_op *op, int rank, int pair, int *ra, int *ca, int *transpose)
{
    int64_t a, b;
    int given = dx_order_axes(x, op, rank, &a, &b);
    if (!given)
        return 0;
    if (pair && given == 1)
        a = rank - 3, b = rank - 2;
    *transpose = a > b;
    *ra = (int)(a < b ? a : b);
    *ca = (int)(a < b ? b : a);
    if (rank == 1 && given == 1) {
        *ra = -1, *ca = 0;
        return 1;
    }
    if (a == b || *ra < 0 || *ca >= rank || (*transpose && op->code != PVC_OP_PL_LOAD && op->code != PVC_OP_PL_LOAD_TILE)) {
        pvc_error_at(x->d, pvc_op_arg_loc(op, "order"), PVC_E_CUBE_RULE, "order= [%lld, %lld] of %s on a rank-%d "
                     "tensor: %s (§17.4.1, §17.6)", (long long)a, (long long)b, pvc_ops[op->code].name, rank,
                     op->code == PVC_OP_PL_LOAD || op->code == PVC_OP_PL_LOAD_TILE ? "two distinct axes of the tensor"
                                                : "two distinct axes; a store's order must be ascending");
        return 0;
    }
    return 1;
}

/* The deq word of a fixpipe scale= (§17.6.3): a constant's float32 bits, a run-time FP32
 * scalar's bits (fix.deq), a run-time int scalar taken as the bits; bit 46 for an INT8 output.
 * PVC_FIX_NOSCALE without a scale. */
static pvc_value *deq_of(dispatcher *x, const pvc_op *op, int out)
{
    const pvc_value *s = pvc_op_arg(op, "scale");
    int sign = out == PVC_DT_INT8;
    if (!s || s->kind == PVC_V_NONE)
        return cint(x, (int64_t)PVC_FIX_NOSCALE, op->loc);
    if (s->kind == PVC_V_INT || s->kind == PVC_V_FLOAT)
        return cint(x, (int64_t)pvc_fix_deq_of(s->kind == PVC_V_INT ? (double)s->i : s->f, sign), op->loc);
    pvc_value *deq = tmp_int(x, op->loc);
    if (s->type.kind == PVC_TY_FLOAT) {
        pvc_op *e = emit(x, PVC_OP_M_FIX_DEQ, op->loc, deq);
        operand(x, e, (pvc_value *)s);
        attr(x, e, "signed_out", cint(x, sign, op->loc));
        return deq;
    }
    if (!sign)
        return (pvc_value *)s;
    pvc_op *e = emit(x, PVC_OP_PY_BITOR, op->loc, deq);
    operand(x, e, (pvc_value *)s);
    operand(x, e, cint(x, (int64_t)PVC_FIX_SIGNED_BIT, op->loc));
    return deq;
}

int dx_cube_gm(dispatcher *x, pvc_op *op)
{
    pvc_value *tile = pvc_op_arg(op, "tile"), *tensor = pvc_op_arg(op, "tensor"), *off[PVC_MAX_RANK];
    if (!is_cube_mem(mem_of(tile)))
        return 0;
    int load = op->code == PVC_OP_PL_LOAD || op->code == PVC_OP_PL_LOAD_TILE, rank = tensor->type.rank, ra, ca,
        transpose;
    /* an MX scale load (§17.5.5): an E8M0 ZZ / NN Mat tile from a tensor whose last axis is the
     * pair of groups [..., G/2, 2] */
    int pair = load && tile->type.dtype == PVC_DT_FP8E8M0 && tensor->type.dtype == PVC_DT_FP8E8M0 && rank >= 3 &&
               tensor->type.dims[rank - 1] == 2 && (tile->type.layout == PVC_TL_ZZ || tile->type.layout == PVC_TL_NN);
    if (!cube_axes(x, op, rank, pair, &ra, &ca, &transpose) ||
        !dx_gm_offsets(x, op, rank, transpose ? ca : ra, transpose ? ra : ca, off))
        return 1;
    const pvc_value *scale = pvc_op_arg(op, "scale");
    int per_column = !load && scale && scale->type.kind == PVC_TY_TILE;
    pvc_value *deq = load || per_column ? NULL : deq_of(x, op, tensor->type.dtype);
    pvc_op *e = emit(x, load ? PVC_OP_M_CUBE_LOAD : per_column ? PVC_OP_M_FIX_STORE_FP : PVC_OP_M_FIX_STORE,
                     op->loc, NULL);
    operand(x, e, load ? tile : tensor);
    operand(x, e, load ? tensor : tile);
    for (int i = 0; i < PVC_MAX_RANK; i++)
        operand(x, e, off[i]);
    operand(x, e, attr_val(op, "valid_rows"));
    operand(x, e, attr_val(op, "valid_cols"));
    if (load) {
        pvc_value *rs, *cs;
        int strided = dx_stride_vars(x, tensor, &rs, &cs);
        operand(x, e, strided ? rs : cint(x, PVC_STRIDE_DEFAULT, op->loc));
        operand(x, e, strided ? cs : cint(x, PVC_STRIDE_DEFAULT, op->loc));
    } else {
        operand(x, e, per_column ? (pvc_value *)scale : deq);
    }
    attr(x, e, "row_axis", cint(x, ra, op->loc));
    attr(x, e, "col_axis", cint(x, ca, op->loc));
    if (load) {
        attr(x, e, "transpose", cint(x, transpose, op->loc));
        attr(x, e, "pair", cint(x, pair, op->loc));
        return 1;
    }
    attr(x, e, "relu", cint(x, given(op, "relu_pre_mode"), op->loc));
    attr(x, e, "atomic", cint(x, enum_arg(op, "atomic", PVC_NS_AtomicType, 0), op->loc));
    return 1;
}

/* pl.move Acc -> Vec through the fixpipe (§17.4.4). */
static void acc_to_vec(dispatcher *x, pvc_op *op, pvc_value *vec, pvc_value *acc)
{
    pvc_value *scale = pvc_op_arg(op, "scale");
    int per_column = scale && scale->type.kind == PVC_TY_TILE;
    pvc_value *deq = per_column ? scale : deq_of(x, op, vec->type.dtype);
    pvc_op *e = emit(x, per_column ? PVC_OP_M_FIX_TO_VEC_FP : PVC_OP_M_FIX_TO_VEC, op->loc, NULL);
    operand(x, e, vec);
    operand(x, e, acc);
    operand(x, e, attr_val(op, "valid_rows"));
    operand(x, e, attr_val(op, "valid_cols"));
    operand(x, e, deq);
    attr(x, e, "mode", cint(x, enum_arg(op, "acc_to_vec_mode", PVC_NS_AccToVecMode, PVC_ACC2VEC_SingleModeVec0),
                            op->loc));
    attr(x, e, "relu", cint(x, given(op, "relu_pre_mode"), op->loc));
}

int dx_cube_move(dispatcher *x, pvc_op *op)
{
    pvc_value *d = pvc_op_arg(op, "dst_tile"), *s = pvc_op_arg(op, "src_tile");
    int dm = mem_of(d), sm = mem_of(s);
    if (dm == PVC_MEM_MAT && sm == PVC_MEM_VEC) { /* pl.insert, or the pl.move pypto_pro makes one */
        pvc_op *e = emit(x, PVC_OP_M_CUBE_INSERT, op->loc, NULL);
        operand(x, e, d);
        operand(x, e, s);
        operand(x, e, attr_val(op, "valid_rows"));
        operand(x, e, attr_val(op, "valid_cols"));
        operand(x, e, attr_val(op, "off_row"));
        operand(x, e, attr_val(op, "off_col"));
        return 1;
    }
    if (!is_cube_mem(dm) && !is_cube_mem(sm))
        return 0;
    if (sm == PVC_MEM_ACC) {
        acc_to_vec(x, op, d, s);
        return 1;
    }
    pvc_op *e = emit(x, dm == PVC_MEM_BIAS ? PVC_OP_M_CUBE_MOVE_BIAS : PVC_OP_M_CUBE_MOVE, op->loc, NULL);
    operand(x, e, d);
    operand(x, e, s);
    if (dm != PVC_MEM_BIAS) {
        operand(x, e, attr_val(op, "off_row"));
        operand(x, e, attr_val(op, "off_col"));
    }
    return 1;
}

void dx_matmul(dispatcher *x, pvc_op *op)
{
    if (op->code == PVC_OP_PL_MATMUL_MX || op->code == PVC_OP_PL_MATMUL_MX_ACC) {
        pvc_op *e = emit(x, PVC_OP_M_CUBE_MAD_MX, op->loc, NULL);
        static const char *const args[] = {"dst_tile", "lhs_tile", "rhs_tile", "scale_a", "scale_b"};
        for (int i = 0; i < 5; i++)
            operand(x, e, pvc_op_arg(op, args[i]));
        operand(x, e, attr_val(op, "m"));
        operand(x, e, attr_val(op, "k"));
        operand(x, e, attr_val(op, "n"));
        attr(x, e, "init", cint(x, op->code == PVC_OP_PL_MATMUL_MX_ACC ? PVC_MAD_ACC : PVC_MAD_ZERO, op->loc));
        return;
    }
    pvc_value *bias = op->code == PVC_OP_PL_MATMUL ? pvc_op_arg(op, "bias_tile") : NULL;
    if (bias && bias->kind == PVC_V_NONE)
        bias = NULL;
    pvc_op *e = emit(x, bias ? PVC_OP_M_CUBE_MAD_BIAS : PVC_OP_M_CUBE_MAD, op->loc, NULL);
    operand(x, e, pvc_op_arg(op, "dst_tile"));
    operand(x, e, pvc_op_arg(op, "lhs_tile"));
    operand(x, e, pvc_op_arg(op, "rhs_tile"));
    if (bias)
        operand(x, e, bias);
    operand(x, e, attr_val(op, "m"));
    operand(x, e, attr_val(op, "k"));
    operand(x, e, attr_val(op, "n"));
    if (!bias)
        attr(x, e, "init", cint(x, op->code == PVC_OP_PL_MATMUL_ACC ? PVC_MAD_ACC : PVC_MAD_ZERO, op->loc));
}

void dx_cross(dispatcher *x, pvc_op *op)
{
    pvc_op *e = emit(x, op->code == PVC_OP_PL_SET_CROSS_CORE ? PVC_OP_M_CROSS_SET : PVC_OP_M_CROSS_WAIT, op->loc,
                     NULL);
    operand(x, e, pvc_op_arg(op, "event_id"));
    attr(x, e, "pipe", cint(x, enum_arg(op, "pipe", PVC_NS_PipeType, 0), op->loc));
    attr(x, e, "mode", cint(x, enum_arg(op, "sync_mode", PVC_NS_CrossCoreSyncMode, PVC_XSYNC_INTRA), op->loc));
}
