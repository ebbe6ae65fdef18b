/* ops_tile.h - the tile level (docs/SEMANTICS.md §15), included by ops.h: the DSL rows of the
 * whole-tile pl.* ops (PVC_TILE_DSL_OPS, inside PVC_OPS) and their machine rows
 * (PVC_TILE_MOPS, inside PVC_MOPS). Each machine row's CALL is one runtime function of
 * pvc_rt_tile.h that runs the whole-tile loop over the register ops, so both backends run the
 * same loop. Which rows a DSL call becomes (its form: a tile or a scalar operand, dim=, the
 * fused ops' sequences) is the recipe table of passes/tileop.c.
 *
 * A tile operand is three operands (OT / OTN below): the tile, then its valid rows and
 * valid cols at this use (`<name>_vr`, `<name>_vc`: constants, or the run-time variables a
 * pl.set_validshape in a branch or loop wrote, docs/IR.md "types"). OTN marks a tile the
 * checker requires to be row-major (TILE_ND); OT takes any layout. A row's operands are the
 * DSL call's arguments its recipe names, in order; a row of a compare names its result tile
 * `mask` (its dtype is not the op's). The family macros below hold the columns shared by a family;
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


/* ---- DSL rows: X(ID, "name", positional, keywords, min, max, nres, RESULT, FLAGS, doc) ---- */
#define PVC_TILE_DSL(X, ID, name, pos, kw, minp, maxp, doc) \
    X(ID, name, pos, kw, minp, maxp, 0, NONE, PL | PVC_OPF_TILE, TILE, doc)
#define PVC_TILE_DSL_OPS(X)                                                                            \
    PVC_TILE_DSL(X, PL_ADD, "pl.add", "out lhs rhs", "", 3, 3, "out = lhs + rhs, rhs a tile or a scalar (§15.4)") \
    PVC_TILE_DSL(X, PL_SUB, "pl.sub", "out lhs rhs", "", 3, 3, "out = lhs - rhs (§15.4)")             \
    PVC_TILE_DSL(X, PL_MUL, "pl.mul", "out lhs rhs", "", 3, 3, "out = lhs * rhs (§15.4)")             \
    PVC_TILE_DSL(X, PL_DIV, "pl.div", "out lhs rhs", "", 3, 3, "out = lhs / rhs, 1 ulp (§15.4)")      \
    PVC_TILE_DSL(X, PL_MAXIMUM, "pl.maximum", "out lhs rhs", "dim:int", 3, 3,                             \
                 "element-wise max; with dim= the max of each row (0) or column (§15.4, §15.7)")      \
    PVC_TILE_DSL(X, PL_MINIMUM, "pl.minimum", "out lhs rhs", "dim:int", 3, 3,                             \
                 "element-wise min; with dim= the min of each row (0) or column (§15.4, §15.7)")      \
    PVC_TILE_DSL(X, PL_AND, "pl.and_", "out lhs rhs", "", 3, 3, "out = lhs & rhs (§15.4)")            \
    PVC_TILE_DSL(X, PL_XOR, "pl.xor", "out lhs rhs tmp", "", 3, 4, "out = lhs ^ rhs; tmp unused (§15.4)") \
    PVC_TILE_DSL(X, PL_SHL, "pl.shl", "out lhs rhs", "", 3, 3, "out = lhs << rhs per element (§15.4)") \
    PVC_TILE_DSL(X, PL_SHR, "pl.shr", "out lhs rhs", "", 3, 3, "out = lhs >> rhs per element (§15.4)") \
    PVC_TILE_DSL(X, PL_EXPANDS, "pl.expands", "out scalar", "", 2, 2, "every valid element of out = scalar (§15.4)") \
    PVC_TILE_DSL(X, PL_AXPY, "pl.axpy", "out src alpha", "", 3, 3, "out = alpha * src + out, one rounding (§15.4)") \
    PVC_TILE_DSL(X, PL_EXP, "pl.exp", "out src", "", 2, 2, "out = e^src, 1 ulp (§15.5)")             \
    PVC_TILE_DSL(X, PL_LOG, "pl.log", "out src", "", 2, 2, "out = ln(src), 1 ulp (§15.5)")           \
    PVC_TILE_DSL(X, PL_SQRT, "pl.sqrt", "out src", "", 2, 2, "out = sqrt(src), 1 ulp (§15.5)")       \
    PVC_TILE_DSL(X, PL_RSQRT, "pl.rsqrt", "out src", "", 2, 2, "out = 1 / sqrt(src), two roundings (§15.5)") \
    PVC_TILE_DSL(X, PL_RECIP, "pl.recip", "out src", "", 2, 2, "out = 1 / src, 1 ulp (§15.5)")       \
    PVC_TILE_DSL(X, PL_RELU, "pl.relu", "out src", "", 2, 2, "out = max(src, 0) (§15.5)")            \
    PVC_TILE_DSL(X, PL_ABS, "pl.abs", "out src", "", 2, 2, "out = |src| (§15.5)")                    \
    PVC_TILE_DSL(X, PL_NEG, "pl.neg", "out src", "", 2, 2, "out = src * -1 (§15.5)")                 \
    PVC_TILE_DSL(X, PL_CAST, "pl.cast", "out src", "mode:RoundMode", 2, 2,                                      \
                 "out = src converted to out's dtype, mode= a pl.RoundMode, CAST_ROUND by default (§15.6)") \
    PVC_TILE_DSL(X, PL_SUM, "pl.sum", "out src tmp", "dim:int", 2, 3,                                     \
                 "the sum of each row (dim=0, the default) or column; tmp unused (§15.7)")            \
    PVC_TILE_DSL(X, PL_EXPAND_SUB, "pl.expand_sub", "out src scalar", "dim:int", 3, 3,                    \
                 "out = src - one value per row (dim=0: scalar an [N, 1] tile) or column (§15.8)")   \
    PVC_TILE_DSL(X, PL_EXPAND_DIV, "pl.expand_div", "out src scalar", "dim:int", 3, 3, "out = src / a value per row or column (§15.8)") \
    PVC_TILE_DSL(X, PL_EXPAND_MUL, "pl.expand_mul", "out src scalar", "dim:int", 3, 3, "out = src * a value per row or column (§15.8)") \
    PVC_TILE_DSL(X, PL_EXPAND_MAX, "pl.expand_max", "out src scalar", "dim:int", 3, 3, "out = max(src, a value per row or column) (§15.8)") \
    PVC_TILE_DSL(X, PL_EXPAND_MIN, "pl.expand_min", "out src scalar", "dim:int", 3, 3, "out = min(src, a value per row or column) (§15.8)") \
    PVC_TILE_DSL(X, PL_EQ, "pl.eq", "out lhs rhs", "", 3, 3, "bit mask of lhs == rhs, one bit per element (§15.9)") \
    PVC_TILE_DSL(X, PL_NE, "pl.ne", "out lhs rhs", "", 3, 3, "bit mask of lhs != rhs (§15.9)")       \
    PVC_TILE_DSL(X, PL_LT, "pl.lt", "out lhs rhs", "", 3, 3, "bit mask of lhs < rhs (§15.9)")        \
    PVC_TILE_DSL(X, PL_LE, "pl.le", "out lhs rhs", "", 3, 3, "bit mask of lhs <= rhs (§15.9)")       \
    PVC_TILE_DSL(X, PL_GT, "pl.gt", "out lhs rhs", "", 3, 3, "bit mask of lhs > rhs (§15.9)")        \
    PVC_TILE_DSL(X, PL_GE, "pl.ge", "out lhs rhs", "", 3, 3, "bit mask of lhs >= rhs (§15.9)")       \
    PVC_TILE_DSL(X, PL_SELECT, "pl.select", "out mask lhs rhs tmp", "", 4, 5,                         \
                 "out = mask bit ? lhs : rhs, rhs a tile or a scalar; tmp unused (§15.9)")           \
    PVC_TILE_DSL(X, PL_FILLPAD, "pl.fillpad", "out src", "mode:FillPadMode", 2, 2,                                \
                 "copy src's valid shape, write out's pad value around it (§15.10)")                 \
    PVC_TILE_DSL(X, PL_TRANSPOSE, "pl.transpose", "out src", "", 2, 2,                                 \
                 "out[c][r] = src[r][c] over src's valid shape, row-major tiles (§15.13)")           \
    PVC_TILE_DSL(X, PL_HISTOGRAM, "pl.histogram", "dst src idx", "is_msb:bool", 3, 3,                  \
                 "dst row r = the 256-bin cumulative count of one byte of src row r (§15.14)")      \
    PVC_TILE_DSL(X, PL_SORT32, "pl.sort32", "dst src idx tmp", "", 3, 4,                               \
                 "(value, index) records of each block of 32 of src row r, largest first (§15.24)") \
    PVC_TILE_DSL(X, PL_MRGSORT, "pl.mrgsort", "dst src", "block_len:int", 2, 2,                       \
                 "merges each four sorted record lists of block_len elements of src (§15.25)")    \
    PVC_TILE_DSL(X, PL_MRGSORT2, "pl.mrgsort2", "src0 src1 dst tmp src2 src3", "exhausted:bool", 4, 6,  \
                 "merges 2 to 4 sorted record lists, in the lowering's argument order (§15.25)")  \
    PVC_TILE_DSL(X, PL_ADDC, "pl.addc", "out a b c", "", 4, 4, "out = (a + b) + c, two roundings (§15.26)") \
    /* the IR op names pypto_pro's parser also takes (block.row_sum, ...): the same rows */ \
    PVC_TILE_DSL(X, PL_ADDS, "pl.adds", "out lhs scalar", "", 3, 3, "pl.add with a scalar: out = lhs + scalar (§15.4)") \
    PVC_TILE_DSL(X, PL_SUBS, "pl.subs", "out lhs scalar", "", 3, 3, "pl.sub with a scalar (§15.4)") \
    PVC_TILE_DSL(X, PL_MULS, "pl.muls", "out lhs scalar", "", 3, 3, "pl.mul with a scalar (§15.4)") \
    PVC_TILE_DSL(X, PL_DIVS, "pl.divs", "out lhs scalar", "", 3, 3, "pl.div with a scalar (§15.4)") \
    PVC_TILE_DSL(X, PL_MAXS, "pl.maxs", "out lhs scalar", "", 3, 3, "pl.maximum with a scalar (§15.4)") \
    PVC_TILE_DSL(X, PL_MINS, "pl.mins", "out lhs scalar", "", 3, 3, "pl.minimum with a scalar (§15.4)") \
    PVC_TILE_DSL(X, PL_ANDS, "pl.ands", "out lhs scalar", "", 3, 3, "pl.and_ with a scalar (§15.4)") \
    PVC_TILE_DSL(X, PL_ROW_SUM, "pl.row_sum", "out src tmp", "", 2, 3, "pl.sum with dim=0: the sum of each row (§15.7)") \
    PVC_TILE_DSL(X, PL_ROW_MAX, "pl.row_max", "out src tmp", "", 2, 3, "pl.maximum with dim=0: the max of each row (§15.7)") \
    PVC_TILE_DSL(X, PL_ROW_MIN, "pl.row_min", "out src tmp", "", 2, 3, "pl.minimum with dim=0: the min of each row (§15.7)") \
    PVC_TILE_DSL(X, PL_COL_SUM, "pl.col_sum", "out src tmp", "", 2, 3, "pl.sum with dim=1: the sum of each column (§15.7)") \
    PVC_TILE_DSL(X, PL_COL_MAX, "pl.col_max", "out src tmp", "", 2, 3, "pl.maximum with dim=1: the max of each column (§15.7)") \
    PVC_TILE_DSL(X, PL_COL_MIN, "pl.col_min", "out src tmp", "", 2, 3, "pl.minimum with dim=1: the min of each column (§15.7)") \
    PVC_TILE_DSL(X, PL_ROW_EXPAND_SUB, "pl.row_expand_sub", "out src scalar", "", 3, 3, "pl.expand_sub with dim=0 (§15.8)") \
    PVC_TILE_DSL(X, PL_ROW_EXPAND_DIV, "pl.row_expand_div", "out src scalar", "", 3, 3, "pl.expand_div with dim=0 (§15.8)") \
    PVC_TILE_DSL(X, PL_ROW_EXPAND_MUL, "pl.row_expand_mul", "out src scalar", "", 3, 3, "pl.expand_mul with dim=0 (§15.8)") \
    PVC_TILE_DSL(X, PL_ROW_EXPAND_MAX, "pl.row_expand_max", "out src scalar", "", 3, 3, "pl.expand_max with dim=0 (§15.8)") \
    PVC_TILE_DSL(X, PL_ROW_EXPAND_MIN, "pl.row_expand_min", "out src scalar", "", 3, 3, "pl.expand_min with dim=0 (§15.8)") \
    PVC_TILE_DSL(X, PL_COL_EXPAND_SUB, "pl.col_expand_sub", "out src scalar", "", 3, 3, "pl.expand_sub with dim=1 (§15.8)") \
    PVC_TILE_DSL(X, PL_COL_EXPAND_DIV, "pl.col_expand_div", "out src scalar", "", 3, 3, "pl.expand_div with dim=1 (§15.8)") \
    PVC_TILE_DSL(X, PL_COL_EXPAND_MUL, "pl.col_expand_mul", "out src scalar", "", 3, 3, "pl.expand_mul with dim=1 (§15.8)") \
    PVC_TILE_DSL(X, PL_COL_EXPAND_MAX, "pl.col_expand_max", "out src scalar", "", 3, 3, "pl.expand_max with dim=1 (§15.8)") \
    PVC_TILE_DSL(X, PL_COL_EXPAND_MIN, "pl.col_expand_min", "out src scalar", "", 3, 3, "pl.expand_min with dim=1 (§15.8)") \
    PVC_TILE_DSL(X, PL_SCATTER, "pl.scatter", "out src idx", "", 3, 3,                                 \
                 "out zeroed, then out element idx[r][c] = src[r][c] over idx's valid shape (§15.20)") \
    PVC_TILE_DSL(X, PL_DEQUANT, "pl.dequant", "out src scale offset", "", 4, 4,                        \
                 "out = (src - offset[r]) * scale[r] in FP32 (§15.21)")                              \
    PVC_TILE_DSL(X, PL_QUANT, "pl.quant", "out src scale offset", "mode:QuantMode", 3, 4,               \
                 "out = sat(rint(src * scale[r] (+ offset[r]))), INT8 (SYM) or UINT8 (ASYM) (§15.22)") \
    PVC_TILE_DSL(X, PL_FILL_INDEX, "pl.fill_index", "out start", "", 2, 2,                             \
                 "out[0][j] = start + j over out's valid cols, a [1, N] 16/32-bit int tile (§15.19)") \
    PVC_TILE_DSL(X, PL_ARGMAX, "pl.argmax", "out src tmp", "dim:int", 2, 3,                             \
                 "the index of the max of each row (dim=0, the default) or column; tmp unused (§15.18)") \
    PVC_TILE_DSL(X, PL_ARGMIN, "pl.argmin", "out src tmp", "dim:int", 2, 3,                             \
                 "the index of the min of each row (dim=0) or column; tmp unused (§15.18)")          \
    PVC_TILE_DSL(X, PL_PARTADD, "pl.partadd", "out src0 src1", "", 3, 3,                               \
                 "src0 + src1 over the overlap of their valid shapes, the larger source around it (§15.17)") \
    PVC_TILE_DSL(X, PL_PARTMAX, "pl.partmax", "out src0 src1", "", 3, 3, "max over the overlap, the larger source around it (§15.17)") \
    PVC_TILE_DSL(X, PL_PARTMIN, "pl.partmin", "out src0 src1", "", 3, 3, "min over the overlap, the larger source around it (§15.17)") \
    PVC_TILE_DSL(X, PL_PARTMUL, "pl.partmul", "out src0 src1", "", 3, 3, "product over the overlap, the larger source around it (§15.17)") \
    PVC_TILE_DSL(X, PL_GATHER, "pl.gather", "out src idx tmp cmp_tmp", "cmp_mode:int offset:int", 3, 5, \
                 "out[r][c] = src element idx[r][c], tmp unused; with cmp_mode= (out, src, k_value, cdst, tmp) "  \
                 "the indices of src's elements GT / EQ k (§15.23)")                                \
    PVC_TILE_DSL(X, PL_GATHERMASK, "pl.gathermask", "out src", "pattern_mode:int", 2, 2,              \
                 "the lanes of each chunk of src a pattern keeps, packed into out (§15.15)")        \
    PVC_TILE_DSL(X, PL_GATHERB, "pl.gatherb", "out src offsets", "", 3, 3,                            \
                 "out = the 32-byte blocks of src at the byte offsets of offsets (§15.16)")         \
    PVC_TILE_DSL(X, PL_ADD_RELU, "pl.add_relu", "out lhs rhs", "", 3, 3, "lhs = lhs + rhs, then out = relu(lhs) (§15.11)") \
    PVC_TILE_DSL(X, PL_SUB_RELU, "pl.sub_relu", "out lhs rhs", "", 3, 3, "lhs = lhs - rhs, then out = relu(lhs) (§15.11)") \
    PVC_TILE_DSL(X, PL_MUL_ADD_DST, "pl.mul_add_dst", "out lhs rhs", "", 3, 3, "lhs = lhs * rhs, then out = lhs + out (§15.11)") \
    PVC_TILE_DSL(X, PL_FUSED_MUL_ADD, "pl.fused_mul_add", "out lhs rhs", "", 3, 3, "lhs = lhs * out, then out = lhs + rhs (§15.11)") \
    PVC_TILE_DSL(X, PL_FUSED_MUL_ADD_RELU, "pl.fused_mul_add_relu", "out a b", "", 3, 3,              \
                 "a = a * out, a = a + b, then out = relu(a) (§15.11)")                               \
    PVC_TILE_DSL(X, PL_ADD_RELU_CAST, "pl.add_relu_cast", "out lhs rhs", "target_type:dtype mode:RoundMode", 3, 3,    \
                 "lhs = relu(lhs + rhs), then out = cast(lhs) (§15.11)")                              \
    PVC_TILE_DSL(X, PL_SUB_RELU_CAST, "pl.sub_relu_cast", "out lhs rhs", "target_type:dtype mode:RoundMode", 3, 3,    \
                 "lhs = relu(lhs - rhs), then out = cast(lhs) (§15.11)")                              \
    PVC_TILE_DSL(X, PL_MUL_CAST, "pl.mul_cast", "out lhs rhs", "target_type:dtype mode:RoundMode", 3, 3,              \
                 "lhs = lhs * rhs, then out = cast(lhs) (§15.11)")

#define PVC_TILE_FLAGS (PVC_MF_FAULT | PVC_MF_TILE)

/* out = OP(lhs, rhs), three row-major tiles of one dtype. */
#define PVC_TILE_VV(M, ID, name, from, dts, top, doc)                                              \
    M(ID, name, from, (OTN(out) OTN(lhs) OTN(rhs)), (), (), dts, PVC_NO_TRAP,                     \
      PVC_TILE_FLAGS | PVC_MF_SAME, TILE, V, 16, 256,                                                   \
      (void)pvc_tile_binary(ctx, top, out, out_vr, out_vc, lhs, lhs_vr, lhs_vc, rhs, rhs_vr, rhs_vc), doc)
/* out = OP(lhs, rhs) with rhs a scalar: the element bits of the tile's dtype. */
#define PVC_TILE_VS(M, ID, name, from, dts, top, doc)                                              \
    M(ID, name, from, (OT(out) OT(lhs) O(BITS, rhs)), (), (), dts, PVC_NO_TRAP,                   \
      PVC_TILE_FLAGS | PVC_MF_SAME, TILE, V, 16, 256,                                                   \
      (void)pvc_tile_scalar(ctx, top, out, out_vr, out_vc, lhs, lhs_vr, lhs_vc, rhs), doc)
/* out = OP(src). */
#define PVC_TILE_U(M, ID, name, from, dts, top, doc)                                               \
    M(ID, name, from, (OTN(out) OTN(src)), (), (), dts, PVC_NO_TRAP, PVC_TILE_FLAGS | PVC_MF_SAME, \
      TILE, V, 16, 256, (void)pvc_tile_unary(ctx, top, out, out_vr, out_vc, src, src_vr, src_vc), doc)
/* Reductions: dst one value per row (any layout: an [N, 1] tile) or per column. */
#define PVC_TILE_ROWRED(M, ID, name, dts, top, doc)                                                \
    M(ID, name, NONE, (OT(out) OTN(src)), (), (), dts, PVC_NO_TRAP, PVC_TILE_FLAGS | PVC_MF_SAME, \
      TILE, V, 16, 256, (void)pvc_tile_row_reduce(ctx, top, out, out_vr, out_vc, src, src_vr, src_vc), doc)
#define PVC_TILE_COLRED(M, ID, name, dts, top, doc)                                                \
    M(ID, name, NONE, (OTN(out) OTN(src)), (), (), dts, PVC_NO_TRAP, PVC_TILE_FLAGS | PVC_MF_SAME, \
      TILE, V, 16, 256, (void)pvc_tile_col_reduce(ctx, top, out, out_vr, out_vc, src, src_vr, src_vc), doc)
/* Broadcasts: src full, scalar one value per row ([N, 1]) or column ([1, N]). */
#define PVC_TILE_ROWEXP(M, ID, name, dts, top, doc)                                                \
    M(ID, name, NONE, (OTN(out) OTN(src) OT(scalar)), (), (), dts, PVC_NO_TRAP,                   \
      PVC_TILE_FLAGS | PVC_MF_SAME, TILE, V, 16, 256,                                                   \
      (void)pvc_tile_row_expand(ctx, top, out, out_vr, out_vc, src, src_vr, src_vc, scalar, scalar_vr, scalar_vc), doc)
#define PVC_TILE_COLEXP(M, ID, name, dts, top, doc)                                                \
    M(ID, name, NONE, (OTN(out) OTN(src) OTN(scalar)), (), (), dts, PVC_NO_TRAP,                  \
      PVC_TILE_FLAGS | PVC_MF_SAME, TILE, V, 16, 256,                                                   \
      (void)pvc_tile_col_expand(ctx, top, out, out_vr, out_vc, src, src_vr, src_vc, scalar, scalar_vr, scalar_vc), doc)
/* Arg reductions: an INT32 / UINT32 index tile from a src of the row's dtypes (checked in
 * tileop.c: the row's DTYPES are src's). */
#define PVC_DT_TILE_ARGROW (PVC_DT1(INT16) | PVC_DT1(UINT16) | PVC_DT1(INT32) | PVC_DT1(UINT32) | PVC_DT_F16_F32)
#define PVC_TILE_ARGRED(M, ID, name, OUT, dts, form, is_max, doc)                                  \
    M(ID, name, NONE, (OUT(out) OTN(src)), (), (), dts, PVC_NO_TRAP, PVC_TILE_FLAGS, TILE, V, 16, 256, \
      (void)pvc_tile_##form##_argreduce(ctx, is_max, out, out_vr, out_vc, src, src_vr, src_vc), doc)
/* Part ops: OP over the overlap of the sources' valid shapes, the larger source around it. */
#define PVC_TILE_PART(M, ID, name, from, dts, top, vop)                                            \
    M(ID, name, from, (OTN(out) OTN(src0) OTN(src1)), (), (), dts, PVC_NO_TRAP,                   \
      PVC_TILE_FLAGS | PVC_MF_SAME, TILE, V, 16, 256,                                                   \
      (void)pvc_tile_part(ctx, top, out, out_vr, out_vc, src0, src0_vr, src0_vc, src1, src1_vr, src1_vc), \
      "out = " vop " over the overlap of src0's and src1's valid shapes, the larger source elsewhere")
/* Compares: the result is a bit mask tile (named mask: its dtype is not the op's). */
#define PVC_TILE_CMP(M, C, c)                                                                       \
    M(M_TILE_CMP_##C, "tile.cmp." #c, PL_##C, (OT(mask) OTN(lhs) OTN(rhs)), (), (), PVC_DT_TILE_CMP, \
      PVC_NO_TRAP, PVC_TILE_FLAGS | PVC_MF_SAME, TILE, V, 16, 256,                                        \
      (void)pvc_tile_cmp(ctx, PVC_CMP_##C, mask, mask_vr, mask_vc, lhs, lhs_vr, lhs_vc, rhs, rhs_vr, rhs_vc), \
      "mask bit (r, c) = lhs " #c " rhs over lhs's valid shape (vcmp, §15.9)")                     \
    M(M_TILE_CMPS_##C, "tile.cmps." #c, PL_##C, (OT(mask) OT(lhs) O(BITS, rhs)), (), (), PVC_DT_TILE_CMP, \
      PVC_NO_TRAP, PVC_TILE_FLAGS | PVC_MF_SAME, TILE, V, 16, 256,                                        \
      (void)pvc_tile_cmps(ctx, PVC_CMP_##C, mask, mask_vr, mask_vc, lhs, lhs_vr, lhs_vc, rhs),      \
      "the same against a scalar (vcmps)")

/* Dtype sets of the tile level (SEMANTICS §15, from PTO's static_asserts). */
#define PVC_DT_TILE_CMP (PVC_DT_INTS_32 | PVC_DT_FLOATS)
#define PVC_DT_TILE_ROWSUM (PVC_DT1(INT16) | PVC_DT1(INT32) | PVC_DT_B64 | PVC_DT_F16_F32)
#define PVC_DT_TILE_ROWMAX (PVC_DT1(INT8) | PVC_DT1(UINT8) | PVC_DT1(INT16) | PVC_DT1(INT32) | PVC_DT_B64 | \
                            PVC_DT_F16_F32)
#define PVC_DT_TILE_COLSUM (PVC_DT_INTS_32 | PVC_DT_FLOATS)
#define PVC_DT_TILE_EXPAND (PVC_DT_INTS_32 | PVC_DT_FLOATS)
#define PVC_DT_TILE_BITS (PVC_DT_INTS_32 | PVC_DT_B64 | PVC_DT_FLOATS)
/* TADDC: the b16 and b32 dtypes (pypto_pro's docs) */
#define PVC_DT_TILE_ADDC (PVC_DT_INTS_16UP | PVC_DT_FLOATS)
/* TTRANS moves 1-, 2- and 4-byte elements */
#define PVC_DT_TILE_TRANS (PVC_DT_BITS & ~PVC_DT_B64)

#define PVC_TILE_MOPS(M)                                                                              \
    /* ---- element-wise, tile x tile (§15.4) ---- */                                                \
    PVC_TILE_VV(M, M_TILE_ADD, "tile.add", PL_ADD, PVC_DT_TILE_ADD, PVC_TB_ADD, "out = lhs + rhs (vadd per chunk, §15.4)") \
    PVC_TILE_VV(M, M_TILE_SUB, "tile.sub", PL_SUB, PVC_DT_TILE_ADD, PVC_TB_SUB, "out = lhs - rhs (vsub)") \
    PVC_TILE_VV(M, M_TILE_MUL, "tile.mul", PL_MUL, PVC_DT_TILE_MUL, PVC_TB_MUL, "out = lhs * rhs (vmul)") \
    PVC_TILE_VV(M, M_TILE_DIV, "tile.div", PL_DIV, PVC_DT_TILE_DIV, PVC_TB_DIV, "out = lhs / rhs (vdiv, 1 ulp)") \
    PVC_TILE_VV(M, M_TILE_MAX, "tile.max", PL_MAXIMUM, PVC_DT_TILE_ADD, PVC_TB_MAX, "out = max(lhs, rhs), NaN wins (vmax)") \
    PVC_TILE_VV(M, M_TILE_MIN, "tile.min", PL_MINIMUM, PVC_DT_TILE_ADD, PVC_TB_MIN, "out = min(lhs, rhs), NaN wins (vmin)") \
    PVC_TILE_VV(M, M_TILE_AND, "tile.and", PL_AND, PVC_DT_TILE_INTS, PVC_TB_AND, "out = lhs & rhs (vand)") \
    PVC_TILE_VV(M, M_TILE_XOR, "tile.xor", PL_XOR, PVC_DT_TILE_INTS, PVC_TB_XOR, "out = lhs ^ rhs (vxor)") \
    PVC_TILE_VV(M, M_TILE_SHL, "tile.shl", PL_SHL, PVC_DT_INTS_32, PVC_TB_SHL, "out = lhs << rhs per element (vshl)") \
    PVC_TILE_VV(M, M_TILE_SHR, "tile.shr", PL_SHR, PVC_DT_INTS_32, PVC_TB_SHR, "out = lhs >> rhs, arithmetic if signed (vshr)") \
    /* ---- element-wise, tile x scalar (§15.4) ---- */                                              \
    PVC_TILE_VS(M, M_TILE_ADDS, "tile.adds", PL_ADD, PVC_DT_TILE_ADD, PVC_TS_ADDS, "out = lhs + s (vadds)") \
    PVC_TILE_VS(M, M_TILE_SUBS, "tile.subs", PL_SUB, PVC_DT_TILE_ADD, PVC_TS_SUBS, "out = lhs + (-s) (vadds)") \
    PVC_TILE_VS(M, M_TILE_MULS, "tile.muls", PL_MUL, PVC_DT_TILE_MUL, PVC_TS_MULS, "out = lhs * s (vmuls)") \
    PVC_TILE_VS(M, M_TILE_DIVS, "tile.divs", PL_DIV, PVC_DT_TILE_DIV, PVC_TS_DIVS, "out = lhs / s (vdiv by a register of s)") \
    PVC_TILE_VS(M, M_TILE_MAXS, "tile.maxs", PL_MAXIMUM, PVC_DT_TILE_ADD, PVC_TS_MAXS, "out = max(lhs, s) (vmaxs)") \
    PVC_TILE_VS(M, M_TILE_MINS, "tile.mins", PL_MINIMUM, PVC_DT_TILE_ADD, PVC_TS_MINS, "out = min(lhs, s) (vmins)") \
    PVC_TILE_VS(M, M_TILE_ANDS, "tile.ands", PL_AND, PVC_DT_TILE_INTS, PVC_TS_ANDS, "out = lhs & s (vand)") \
    PVC_TILE_VS(M, M_TILE_AXPY, "tile.axpy", PL_AXPY, PVC_DT_F16_F32, PVC_TS_AXPY, "out = s * lhs + out, one rounding (vaxpy)") \
    M(M_TILE_EXPANDS, "tile.expands", PL_EXPANDS, (OT(out) O(BITS, scalar)), (), (),                \
      PVC_DT_TILE_ADD, PVC_NO_TRAP, PVC_TILE_FLAGS, TILE, V, 16, 256,                                       \
      (void)pvc_tile_expands(ctx, out, out_vr, out_vc, scalar), "every element of out's valid shape = scalar (vdup)") \
    /* ---- unary (§15.5) ---- */                                                                    \
    PVC_TILE_U(M, M_TILE_EXP, "tile.exp", PL_EXP, PVC_DT_F16_F32, PVC_TU_EXP, "out = e^src (vexp, 1 ulp)") \
    PVC_TILE_U(M, M_TILE_LOG, "tile.log", PL_LOG, PVC_DT_F16_F32, PVC_TU_LOG, "out = ln(src) (vln, 1 ulp)") \
    PVC_TILE_U(M, M_TILE_SQRT, "tile.sqrt", PL_SQRT, PVC_DT_F16_F32, PVC_TU_SQRT, "out = sqrt(src) (vsqrt, 1 ulp)") \
    PVC_TILE_U(M, M_TILE_RSQRT, "tile.rsqrt", PL_RSQRT, PVC_DT_F16_F32, PVC_TU_RSQRT, "out = 1 / sqrt(src): vsqrt then vdiv") \
    PVC_TILE_U(M, M_TILE_RECIP, "tile.recip", PL_RECIP, PVC_DT_F16_F32, PVC_TU_RECIP, "out = 1 / src (vdiv)") \
    PVC_TILE_U(M, M_TILE_RELU, "tile.relu", PL_RELU, PVC_DT_TILE_RELU, PVC_TU_RELU, "out = max(src, 0), relu(-0) = +0 (vrelu)") \
    PVC_TILE_U(M, M_TILE_ABS, "tile.abs", PL_ABS, PVC_DT_TILE_ABS, PVC_TU_ABS, "out = |src| (vabs)") \
    PVC_TILE_U(M, M_TILE_NEG, "tile.neg", PL_NEG, PVC_DT_TILE_NEG, PVC_TU_NEG, "out = src * -1 (vmuls)") \
    /* ---- pl.cast (§15.6) ---- */                                                                  \
    M(M_TILE_CAST, "tile.cast", PL_CAST, (OT(out) OT(src)), (AE(mode, RoundMode, PVC_TR_ROUND, 0)), (), \
      0, PVC_NO_TRAP, PVC_TILE_FLAGS, TILE, V, 16, 256,                                                     \
      (void)pvc_tile_cast(ctx, out, out_vr, out_vc, src, src_vr, src_vc, mode),                      \
      "out = src converted to out's dtype by TCVT's round mode and saturation (vcvt)")              \
    /* ---- reductions (§15.7) ---- */                                                               \
    PVC_TILE_ROWRED(M, M_TILE_ROWSUM, "tile.rowsum", PVC_DT_TILE_ROWSUM, PVC_RED_SUM, "out[r] = sum of row r: vcadd per chunk, partials in order") \
    PVC_TILE_ROWRED(M, M_TILE_ROWMAX, "tile.rowmax", PVC_DT_TILE_ROWMAX, PVC_RED_MAX, "out[r] = max of row r (vcmax)") \
    PVC_TILE_ROWRED(M, M_TILE_ROWMIN, "tile.rowmin", PVC_DT_TILE_ROWMAX, PVC_RED_MIN, "out[r] = min of row r (vcmin)") \
    PVC_TILE_COLRED(M, M_TILE_COLSUM, "tile.colsum", PVC_DT_TILE_COLSUM, PVC_RED_SUM, "out[0][c] = r0 + (r1 + r2) + ... of column c (vadd)") \
    PVC_TILE_COLRED(M, M_TILE_COLMAX, "tile.colmax", PVC_DT_TILE_BITS, PVC_RED_MAX, "out[0][c] = max of column c (vmax)") \
    PVC_TILE_COLRED(M, M_TILE_COLMIN, "tile.colmin", PVC_DT_TILE_BITS, PVC_RED_MIN, "out[0][c] = min of column c (vmin)") \
    /* ---- broadcasts (§15.8) ---- */                                                               \
    PVC_TILE_ROWEXP(M, M_TILE_ROWEXP_SUB, "tile.rowexp.sub", PVC_DT_TILE_EXPAND, PVC_TB_SUB, "out = src - s[r] (vsub)") \
    PVC_TILE_ROWEXP(M, M_TILE_ROWEXP_DIV, "tile.rowexp.div", PVC_DT_TILE_EXPAND, PVC_TB_DIV, "out = src / s[r] (vdiv)") \
    PVC_TILE_ROWEXP(M, M_TILE_ROWEXP_MUL, "tile.rowexp.mul", PVC_DT_TILE_EXPAND, PVC_TB_MUL, "out = src * s[r] (vmul)") \
    PVC_TILE_ROWEXP(M, M_TILE_ROWEXP_MAX, "tile.rowexp.max", PVC_DT_TILE_EXPAND, PVC_TB_MAX, "out = max(src, s[r]) (vmax)") \
    PVC_TILE_ROWEXP(M, M_TILE_ROWEXP_MIN, "tile.rowexp.min", PVC_DT_TILE_EXPAND, PVC_TB_MIN, "out = min(src, s[r]) (vmin)") \
    PVC_TILE_COLEXP(M, M_TILE_COLEXP_SUB, "tile.colexp.sub", PVC_DT_TILE_EXPAND, PVC_TB_SUB, "out = src - s[0][c] (vsub)") \
    PVC_TILE_COLEXP(M, M_TILE_COLEXP_DIV, "tile.colexp.div", PVC_DT_TILE_EXPAND, PVC_TB_DIV, "out = src / s[0][c] (vdiv)") \
    PVC_TILE_COLEXP(M, M_TILE_COLEXP_MUL, "tile.colexp.mul", PVC_DT_TILE_EXPAND, PVC_TB_MUL, "out = src * s[0][c] (vmul)") \
    PVC_TILE_COLEXP(M, M_TILE_COLEXP_MAX, "tile.colexp.max", PVC_DT_TILE_EXPAND, PVC_TB_MAX, "out = max(src, s[0][c]) (vmax)") \
    PVC_TILE_COLEXP(M, M_TILE_COLEXP_MIN, "tile.colexp.min", PVC_DT_TILE_EXPAND, PVC_TB_MIN, "out = min(src, s[0][c]) (vmin)") \
    /* ---- compares and select (§15.9) ---- */                                                      \
    PVC_TILE_CMP(M, EQ, eq) PVC_TILE_CMP(M, NE, ne) PVC_TILE_CMP(M, LT, lt)                           \
    PVC_TILE_CMP(M, GT, gt) PVC_TILE_CMP(M, LE, le) PVC_TILE_CMP(M, GE, ge)                           \
    M(M_TILE_SEL, "tile.sel", PL_SELECT, (OTN(out) OT(mask) OTN(lhs) OTN(rhs)), (), (), PVC_DT_TILE_BITS, \
      PVC_NO_TRAP, PVC_TILE_FLAGS | PVC_MF_SAME, TILE, V, 16, 256,                                          \
      (void)pvc_tile_select(ctx, out, out_vr, out_vc, mask, mask_vr, mask_vc, lhs, lhs_vr, lhs_vc, rhs, rhs_vr, rhs_vc), \
      "out = mask bit (r, c) ? lhs : rhs over out's valid shape (vsel)")                             \
    M(M_TILE_SELS, "tile.sels", PL_SELECT, (OTN(out) OT(mask) OTN(lhs) O(BITS, rhs)), (), (), PVC_DT_TILE_BITS, \
      PVC_NO_TRAP, PVC_TILE_FLAGS | PVC_MF_SAME, TILE, V, 16, 256,                                          \
      (void)pvc_tile_selects(ctx, out, out_vr, out_vc, mask, mask_vr, mask_vc, lhs, lhs_vr, lhs_vc, rhs), \
      "out = mask bit ? lhs : scalar (vsel)")                                                        \
    /* ---- pl.fillpad (§15.10) ---- */                                                              \
    M(M_TILE_FILLPAD, "tile.fillpad", PL_FILLPAD, (OT(out) OT(src)), (AE(mode, FillPadMode, PVC_FILLPAD_NORMAL, 0)), (), \
      PVC_DT_BITS, PVC_NO_TRAP, PVC_TILE_FLAGS | PVC_MF_SAME, TILE, V, 16, 256,                             \
      (void)pvc_tile_fillpad(ctx, mode, out, out_vr, out_vc, src, src_vr, src_vc),                   \
      "out = src's valid shape, out's pad value to the row ends and down to out's valid rows") \
    /* ---- pl.histogram (§15.14) ---- */                                                            \
    M(M_TILE_HISTOGRAM, "tile.histogram", PL_HISTOGRAM, (OTN(dst) OTN(src) OT(idx)), (AI(is_msb, 1)), (),  \
      PVC_DT1(UINT32), PVC_NO_TRAP, PVC_TILE_FLAGS, TILE, V, 16, 256,                                    \
      (void)pvc_tile_histogram(ctx, dst, dst_vr, dst_vc, src, src_vr, src_vc, idx, idx_vr, idx_vc, is_msb), \
      "dst[256r + b] = #{c : byte of src[r][c] <= b, filtered by idx} (THISTOGRAM: chistv2, vadd)") \
    /* ---- pl.sort32, pl.mrgsort, pl.mrgsort2 (§15.24, §15.25) ---- */                              \
    M(M_TILE_SORT32, "tile.sort32", PL_SORT32, (OTN(dst) OTN(src) OTN(idx)), (), (), PVC_DT_F16_F32,   \
      PVC_NO_TRAP, PVC_TILE_FLAGS, TILE, V, 16, 256,                                                   \
      (void)pvc_tile_sort32(ctx, dst, dst_vr, dst_vc, src, src_vr, src_vc, idx, idx_vr, idx_vc, NULL, 0, 0), \
      "dst row r = 32 sorted (value, index) records per whole block of 32 of src row r (vbitsort)") \
    M(M_TILE_SORT32T, "tile.sort32.tmp", PL_SORT32, (OTN(dst) OTN(src) OTN(idx) OTN(tmp)), (), (),      \
      PVC_DT_F16_F32, PVC_NO_TRAP, PVC_TILE_FLAGS, TILE, V, 16, 256,                                   \
      (void)pvc_tile_sort32(ctx, dst, dst_vr, dst_vc, src, src_vr, src_vc, idx, idx_vr, idx_vc, tmp, tmp_vr, tmp_vc), \
      "the same, a partial last block padded with -NaN through tmp (vbitsort)")                      \
    M(M_TILE_MRGSORT, "tile.mrgsort", PL_MRGSORT, (OTN(dst) OTN(src)), (AI(block_len, 0)), (),          \
      PVC_DT_F16_F32, PVC_NO_TRAP, PVC_TILE_FLAGS, TILE, V, 16, 256,                                   \
      (void)pvc_tile_mrgsort(ctx, dst, dst_vr, dst_vc, src, src_vr, src_vc, block_len),               \
      "each four consecutive sorted lists of src merged into dst at their place (vmrgsort4)")       \
    M(M_TILE_MRGSORT2, "tile.mrgsort.2", PL_MRGSORT2, (OTN(dst) OTN(src0) OTN(tmp) OTN(src1)),           \
      (AI(exhausted, 0)), (), PVC_DT_F16_F32, PVC_NO_TRAP, PVC_TILE_FLAGS, TILE, V, 16, 256,             \
      (void)pvc_tile_mrgsort_lists(ctx, 2, exhausted, dst, dst_vr, dst_vc, tmp, tmp_vr, tmp_vc, src0, src0_vr, \
                                   src0_vc, src1, src1_vr, src1_vc, NULL, 0, 0, NULL, 0, 0),          \
      "tmp = merge of src0, src1 (vmrgsort4), then dst's valid cols copied from tmp")                \
    M(M_TILE_MRGSORT3, "tile.mrgsort.3", PL_MRGSORT2, (OTN(dst) OTN(src0) OTN(tmp) OTN(src1) OTN(src2)), \
      (AI(exhausted, 0)), (), PVC_DT_F16_F32, PVC_NO_TRAP, PVC_TILE_FLAGS, TILE, V, 16, 256,             \
      (void)pvc_tile_mrgsort_lists(ctx, 3, exhausted, dst, dst_vr, dst_vc, tmp, tmp_vr, tmp_vc, src0, src0_vr, \
                                   src0_vc, src1, src1_vr, src1_vc, src2, src2_vr, src2_vc, NULL, 0, 0), \
      "the same of three lists")                                                                     \
    M(M_TILE_MRGSORT4, "tile.mrgsort.4", PL_MRGSORT2,                                                  \
      (OTN(dst) OTN(src0) OTN(tmp) OTN(src1) OTN(src2) OTN(src3)), (AI(exhausted, 0)), (), PVC_DT_F16_F32, \
      PVC_NO_TRAP, PVC_TILE_FLAGS, TILE, V, 16, 256,                                                   \
      (void)pvc_tile_mrgsort_lists(ctx, 4, exhausted, dst, dst_vr, dst_vc, tmp, tmp_vr, tmp_vc, src0, src0_vr, \
                                   src0_vc, src1, src1_vr, src1_vc, src2, src2_vr, src2_vc, src3, src3_vr, \
                                   src3_vc),                                                         \
      "the same of four lists")                                                                      \
    /* ---- pl.addc (§15.26) ---- */                                                                 \
    M(M_TILE_ADDC, "tile.addc", PL_ADDC, (OTN(out) OTN(a) OTN(b) OTN(c)), (), (), PVC_DT_TILE_ADDC,     \
      PVC_NO_TRAP, PVC_TILE_FLAGS | PVC_MF_SAME, TILE, V, 16, 256,                                     \
      (void)pvc_tile_addc(ctx, out, out_vr, out_vc, a, a_vr, a_vc, b, b_vr, b_vc, c, c_vr, c_vc),     \
      "out = (a + b) + c, each add rounded (two vadds per chunk)")                                   \
    /* ---- pl.scatter, pl.dequant (§15.20, §15.21) ---- */                                         \
    M(M_TILE_SCATTER, "tile.scatter", PL_SCATTER, (OT(out) OTN(src) OTN(idx)), (), (), PVC_DT_TILE_TRANS, \
      PVC_NO_TRAP, PVC_TILE_FLAGS, TILE, V, 16, 256,                                                     \
      (void)pvc_tile_scatter(ctx, out, out_vr, out_vc, src, src_vr, src_vc, idx, idx_vr, idx_vc),    \
      "out = 0, then out element idx[r][c] = src[r][c] (TSCATTER: vscatter per chunk)")              \
    M(M_TILE_DEQUANT, "tile.dequant", PL_DEQUANT, (OTN(out) OTN(src) OT(scale) OT(offset)), (), (),     \
      PVC_DT1(FP32), PVC_NO_TRAP, PVC_TILE_FLAGS, TILE, V, 16, 256,                                      \
      (void)pvc_tile_dequant(ctx, out, out_vr, out_vc, src, src_vr, src_vc, scale, scale_vr, scale_vc, offset, \
                             offset_vr, offset_vc),                                                  \
      "out = (FP32(src) - offset[r]) * scale[r] (TDEQUANT: vsub, vmul)")                             \
    M(M_TILE_QUANT, "tile.quant", PL_QUANT, (OTN(out) OTN(src) OT(scale) OT(offset)),                 \
      (AE(mode, QuantMode, PVC_QUANT_SYM, 0)), (), PVC_DT1(INT8) | PVC_DT1(UINT8), PVC_NO_TRAP,          \
      PVC_TILE_FLAGS, TILE, V, 16, 256,                                                                  \
      (void)pvc_tile_quant(ctx, mode, out, out_vr, out_vc, src, src_vr, src_vc, scale, scale_vr, scale_vc, offset, \
                           offset_vr, offset_vc),                                                    \
      "out = 8-bit sat(rint(src * scale[r] (+ offset[r]))) (TQUANT: vmul, vadd, the vcvt chain)")    \
    /* ---- pl.fill_index (§15.19) ---- */                                                            \
    M(M_TILE_FILL_INDEX, "tile.fill_index", PL_FILL_INDEX, (OTN(out) O(BITS, start)), (), (),           \
      PVC_DT1(INT16) | PVC_DT1(UINT16) | PVC_DT1(INT32) | PVC_DT1(UINT32), PVC_NO_TRAP, PVC_TILE_FLAGS, \
      TILE, S, 16, 4, (void)pvc_tile_fill_index(ctx, out, out_vr, out_vc, start),                    \
      "out[0][j] = start + j, j below out's valid cols (TCI: a scalar loop)")                         \
    /* ---- argmax / argmin (§15.18) ---- */                                                         \
    PVC_TILE_ARGRED(M, M_TILE_ROWARGMAX, "tile.rowargmax", OT, PVC_DT_TILE_ARGROW, row, 1, "out[r][0] = index of the max of row r (vcmax per chunk)") \
    PVC_TILE_ARGRED(M, M_TILE_ROWARGMIN, "tile.rowargmin", OT, PVC_DT_TILE_ARGROW, row, 0, "out[r][0] = index of the min of row r (vcmin per chunk)") \
    PVC_TILE_ARGRED(M, M_TILE_COLARGMAX, "tile.colargmax", OTN, PVC_DT_TILE_TRANS, col, 1, "out[0][c] = row of the max of column c (vcmp, vsel)") \
    PVC_TILE_ARGRED(M, M_TILE_COLARGMIN, "tile.colargmin", OTN, PVC_DT_TILE_TRANS, col, 0, "out[0][c] = row of the min of column c (vcmp, vsel)") \
    /* ---- part ops (§15.17) ---- */                                                                \
    PVC_TILE_PART(M, M_TILE_PARTADD, "tile.partadd", PL_PARTADD, PVC_DT_TILE_ADD, PVC_TB_ADD, "vadd") \
    PVC_TILE_PART(M, M_TILE_PARTMAX, "tile.partmax", PL_PARTMAX, PVC_DT_TILE_ADD, PVC_TB_MAX, "vmax") \
    PVC_TILE_PART(M, M_TILE_PARTMIN, "tile.partmin", PL_PARTMIN, PVC_DT_TILE_ADD, PVC_TB_MIN, "vmin") \
    PVC_TILE_PART(M, M_TILE_PARTMUL, "tile.partmul", PL_PARTMUL, PVC_DT_INTS_16UP | PVC_DT_FLOATS, PVC_TB_MUL, "vmul") \
    /* ---- pl.gathermask, pl.gatherb (§15.15, §15.16) ---- */                                      \
    M(M_TILE_GATHERMASK, "tile.gathermask", PL_GATHERMASK, (OTN(out) OTN(src)), (AI(pattern_mode, 0)), (),  \
      PVC_DT_TILE_TRANS, PVC_NO_TRAP, PVC_TILE_FLAGS, TILE, V, 16, 256,                                  \
      (void)pvc_tile_gathermask(ctx, out, out_vr, out_vc, src, src_vr, src_vc, pattern_mode),        \
      "the src lanes pattern_mode keeps per chunk, one packed stream into out (TGATHER: vsqz, vstur)") \
    M(M_TILE_GATHER, "tile.gather", PL_GATHER, (OTN(out) OT(src) OTN(idx)), (), (), PVC_DT_TILE_TRANS,     \
      PVC_NO_TRAP, PVC_TILE_FLAGS, TILE, V, 16, 256,                                                     \
      (void)pvc_tile_gather(ctx, out, out_vr, out_vc, src, src_vr, src_vc, idx, idx_vr, idx_vc),     \
      "out[r][c] = src element idx[r][c] (TGATHER: vgather2 per chunk)")                             \
    M(M_TILE_GATHER_CMP, "tile.gather.cmp", PL_GATHER, (OTN(out) OTN(src) OT(kv) OT(cdst)),                \
      (AI(cmp_mode, 0) AI(offset, 0)), (), PVC_DT1(INT32) | PVC_DT1(UINT32), PVC_NO_TRAP, PVC_TILE_FLAGS, TILE, V, \
      16, 256,                                                                                          \
      (void)pvc_tile_gather_cmp(ctx, out, out_vr, out_vc, src, src_vr, src_vc, kv, kv_vr, kv_vc, cdst, cdst_vr, \
                                cdst_vc, cmp_mode, offset),                                          \
      "out row r = the indices of src row r's elements GT / EQ k[r], cdst[r] their bytes (TGATHER: vcmp, vsqz)") \
    M(M_TILE_GATHERB, "tile.gatherb", PL_GATHERB, (OTN(out) OT(src) OTN(offsets)), (), (),            \
      PVC_DT_TILE_TRANS, PVC_NO_TRAP, PVC_TILE_FLAGS, TILE, V, 16, 256,                                  \
      (void)pvc_tile_gatherb(ctx, out, out_vr, out_vc, src, src_vr, src_vc, offsets, offsets_vr, offsets_vc), \
      "out chunk (r, j) = 32-byte blocks at src + offsets[r][8j..8j+7] bytes (TGATHERB: vgatherb)") \
    /* ---- pl.transpose (§15.13) ---- */                                                            \
    M(M_TILE_TRANSPOSE, "tile.transpose", PL_TRANSPOSE, (OTN(out) OTN(src)), (), (), PVC_DT_TILE_TRANS,       \
      PVC_NO_TRAP, PVC_TILE_FLAGS, TILE, V, 16, 256,                                                        \
      (void)pvc_tile_transpose(ctx, out, out_vr, out_vc, src, src_vr, src_vc),                      \
      "out[c][r] = src[r][c] over src's valid shape (TTRANS: vlds per row, vscatter)")

#endif /* PVC_OPS_TILE_H */
