/* ops_tile.h - the machine rows of the tile level (docs/SEMANTICS.md §15), included by ops.h
 * inside PVC_MOPS. Each row's CALL is one runtime function of pvc_rt_tile.h that runs the
 * whole-tile loop over the register ops, so both backends run the same loop.
 *
 * A tile operand is three operands (OT / OTN below): the tile, then its valid rows and
 * valid cols at this use (`<name>_vr`, `<name>_vc`: constants, or the run-time variables a
 * pl.set_validshape in a branch or loop wrote, docs/IR.md "types"). OTN marks a tile the
 * checker requires to be row-major (TILE_ND); OT takes any layout. Operands are named after
 * the DSL parameters they come from (pl.add's out, lhs, rhs), so the passes fill each one
 * by name, as for GENERIC rows. The family macros below hold the columns shared by a family;
 * a row is one line. A CALL spells every operand name out (the emitter prints the CALL's
 * text with each name replaced, so it must not hide names in a macro).
 */
#ifndef PVC_OPS_TILE_H
#define PVC_OPS_TILE_H

#define OT(name) O(TILE, name) O(INT, name##_vr) O(INT, name##_vc)
#define OTN(name) O(TILE_ND, name) O(INT, name##_vr) O(INT, name##_vc)

/* Dtype sets of the tile level (SEMANTICS §15.4, from PTO's static_asserts). */
#define PVC_DT_TILE_ADD (PVC_DT_INTS_32 | PVC_DT_B64 | PVC_DT_FLOATS)
#define PVC_DT_TILE_MUL (PVC_DT_INTS_16UP | PVC_DT_B64 | PVC_DT_FLOATS)
#define PVC_DT_TILE_DIV (PVC_DT_INTS_16UP | PVC_DT_B64 | PVC_DT_F16_F32)
#define PVC_DT_TILE_INTS (PVC_DT_INTS_32 | PVC_DT_B64)
#define PVC_DT_TILE_NEG (PVC_DT_INTS_16UP | PVC_DT1(INT64) | PVC_DT_FLOATS)
#define PVC_DT_TILE_RELU (PVC_DT1(INT32) | PVC_DT_F16_F32)
#define PVC_DT_TILE_ABS (PVC_DT1(INT8) | PVC_DT1(INT16) | PVC_DT1(INT32) | PVC_DT_F16_F32)

#define PVC_TILE_FLAGS (PVC_MF_FAULT | PVC_MF_TILE)

/* out = OP(lhs, rhs), three row-major tiles of one dtype. */
#define PVC_TILE_VV(M, ID, name, dts, top, doc)                                                    \
    M(ID, name, NONE, (OTN(out) OTN(lhs) OTN(rhs)), (), (), dts, PVC_NO_TRAP,                     \
      PVC_TILE_FLAGS | PVC_MF_SAME, TILE, V, 16, 256,                                                   \
      (void)pvc_tile_binary(ctx, top, out, out_vr, out_vc, lhs, lhs_vr, lhs_vc, rhs, rhs_vr, rhs_vc), doc)
/* out = OP(lhs, rhs) with rhs a scalar: the element bits of the tile's dtype. */
#define PVC_TILE_VS(M, ID, name, dts, top, doc)                                                    \
    M(ID, name, NONE, (OT(out) OT(lhs) O(BITS, rhs)), (), (), dts, PVC_NO_TRAP,                   \
      PVC_TILE_FLAGS | PVC_MF_SAME, TILE, V, 16, 256,                                                   \
      (void)pvc_tile_scalar(ctx, top, out, out_vr, out_vc, lhs, lhs_vr, lhs_vc, rhs), doc)
/* out = OP(src). */
#define PVC_TILE_U(M, ID, name, dts, top, doc)                                                     \
    M(ID, name, NONE, (OTN(out) OTN(src)), (), (), dts, PVC_NO_TRAP, PVC_TILE_FLAGS | PVC_MF_SAME, \
      TILE, V, 16, 256, (void)pvc_tile_unary(ctx, top, out, out_vr, out_vc, src, src_vr, src_vc), doc)

#define PVC_TILE_MOPS(M)                                                                              \
    /* ---- element-wise, tile x tile (§15.4) ---- */                                                \
    PVC_TILE_VV(M, M_TILE_ADD, "tile.add", PVC_DT_TILE_ADD, PVC_TB_ADD, "out = lhs + rhs (vadd per chunk, §15.4)") \
    PVC_TILE_VV(M, M_TILE_SUB, "tile.sub", PVC_DT_TILE_ADD, PVC_TB_SUB, "out = lhs - rhs (vsub)")    \
    PVC_TILE_VV(M, M_TILE_MUL, "tile.mul", PVC_DT_TILE_MUL, PVC_TB_MUL, "out = lhs * rhs (vmul)")    \
    PVC_TILE_VV(M, M_TILE_DIV, "tile.div", PVC_DT_TILE_DIV, PVC_TB_DIV, "out = lhs / rhs (vdiv, 1 ulp)") \
    PVC_TILE_VV(M, M_TILE_MAX, "tile.max", PVC_DT_TILE_ADD, PVC_TB_MAX, "out = max(lhs, rhs), NaN wins (vmax)") \
    PVC_TILE_VV(M, M_TILE_MIN, "tile.min", PVC_DT_TILE_ADD, PVC_TB_MIN, "out = min(lhs, rhs), NaN wins (vmin)") \
    PVC_TILE_VV(M, M_TILE_AND, "tile.and", PVC_DT_TILE_INTS, PVC_TB_AND, "out = lhs & rhs (vand)")   \
    PVC_TILE_VV(M, M_TILE_OR, "tile.or", PVC_DT_TILE_INTS, PVC_TB_OR, "out = lhs | rhs (vor)")       \
    PVC_TILE_VV(M, M_TILE_XOR, "tile.xor", PVC_DT_TILE_INTS, PVC_TB_XOR, "out = lhs ^ rhs (vxor)")   \
    PVC_TILE_VV(M, M_TILE_SHL, "tile.shl", PVC_DT_INTS_32, PVC_TB_SHL, "out = lhs << rhs per element (vshl)") \
    PVC_TILE_VV(M, M_TILE_SHR, "tile.shr", PVC_DT_INTS_32, PVC_TB_SHR, "out = lhs >> rhs, arithmetic if signed (vshr)") \
    /* ---- element-wise, tile x scalar (§15.4) ---- */                                              \
    PVC_TILE_VS(M, M_TILE_ADDS, "tile.adds", PVC_DT_TILE_ADD, PVC_TS_ADDS, "out = lhs + s (vadds)")  \
    PVC_TILE_VS(M, M_TILE_SUBS, "tile.subs", PVC_DT_TILE_ADD, PVC_TS_SUBS, "out = lhs + (-s) (vadds)") \
    PVC_TILE_VS(M, M_TILE_MULS, "tile.muls", PVC_DT_TILE_MUL, PVC_TS_MULS, "out = lhs * s (vmuls)")  \
    PVC_TILE_VS(M, M_TILE_DIVS, "tile.divs", PVC_DT_TILE_DIV, PVC_TS_DIVS, "out = lhs / s (vdiv by a register of s)") \
    PVC_TILE_VS(M, M_TILE_MAXS, "tile.maxs", PVC_DT_TILE_ADD, PVC_TS_MAXS, "out = max(lhs, s) (vmaxs)") \
    PVC_TILE_VS(M, M_TILE_MINS, "tile.mins", PVC_DT_TILE_ADD, PVC_TS_MINS, "out = min(lhs, s) (vmins)") \
    PVC_TILE_VS(M, M_TILE_ANDS, "tile.ands", PVC_DT_TILE_INTS, PVC_TS_ANDS, "out = lhs & s (vand)")  \
    PVC_TILE_VS(M, M_TILE_AXPY, "tile.axpy", PVC_DT_F16_F32, PVC_TS_AXPY, "out = s * lhs + out, one rounding (vaxpy)") \
    /* ---- unary (§15.5) ---- */                                                                    \
    PVC_TILE_U(M, M_TILE_EXP, "tile.exp", PVC_DT_F16_F32, PVC_TU_EXP, "out = e^src (vexp, 1 ulp)")   \
    PVC_TILE_U(M, M_TILE_LOG, "tile.log", PVC_DT_F16_F32, PVC_TU_LOG, "out = ln(src) (vln, 1 ulp)")  \
    PVC_TILE_U(M, M_TILE_SQRT, "tile.sqrt", PVC_DT_F16_F32, PVC_TU_SQRT, "out = sqrt(src) (vsqrt, 1 ulp)") \
    PVC_TILE_U(M, M_TILE_RSQRT, "tile.rsqrt", PVC_DT_F16_F32, PVC_TU_RSQRT, "out = 1 / sqrt(src): vsqrt then vdiv") \
    PVC_TILE_U(M, M_TILE_RECIP, "tile.recip", PVC_DT_F16_F32, PVC_TU_RECIP, "out = 1 / src (vdiv)")  \
    PVC_TILE_U(M, M_TILE_RELU, "tile.relu", PVC_DT_TILE_RELU, PVC_TU_RELU, "out = max(src, 0), relu(-0) = +0 (vrelu)") \
    PVC_TILE_U(M, M_TILE_ABS, "tile.abs", PVC_DT_TILE_ABS, PVC_TU_ABS, "out = |src| (vabs)")         \
    PVC_TILE_U(M, M_TILE_NEG, "tile.neg", PVC_DT_TILE_NEG, PVC_TU_NEG, "out = src * -1 (vmuls)")     \
    PVC_TILE_U(M, M_TILE_NOT, "tile.not", PVC_DT_TILE_INTS, PVC_TU_NOT, "out = ~src (vnot)")         \
    /* ---- broadcast (§15.4) ---- */                                                                \
    M(M_TILE_EXPANDS, "tile.expands", NONE, (OT(out) O(BITS, scalar)), (), (),                        \
      PVC_DT_TILE_ADD, PVC_NO_TRAP, PVC_TILE_FLAGS, TILE, V, 16, 256,                                       \
      (void)pvc_tile_expands(ctx, out, out_vr, out_vc, scalar), "every element of out's valid shape = scalar (vdup)")

#endif /* PVC_OPS_TILE_H */
