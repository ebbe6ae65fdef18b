/* ops_cube.h - the cube side's rows (docs/SEMANTICS.md §17), included by ops.h: the DSL ops
 * a kernel writes inside `with pl.section_cube():` (PVC_CUBE_DSL_OPS, rows of PVC_OPS) and
 * the machine ops the dispatch pass makes of them and of the cube paths of pl.load,
 * pl.store, pl.move and pl.insert (PVC_CUBE_MOPS, rows of PVC_MOPS). Each machine row's CALL
 * is one runtime function of pvc_rt_cube.h, so both backends make the same call.
 *
 * The valid shape an op reads is an operand beside its tile (as for the tile level,
 * ops_tile.h): the load's and store's valid rows and cols, the matmul's M, K and N (lhs's
 * valid rows and cols, rhs's valid cols, §17.5.3), the insert's source window.
 */
#ifndef PVC_OPS_CUBE_H
#define PVC_OPS_CUBE_H

/* X(ID, "name", "positional", "keyword", min, max, nres, RESULT, FLAGS, LEVEL, "doc") as
 * PVC_OPS. The pipe syncs and barriers keep no state: a core runs its ops in program order
 * (§17.7), so they are NOOP rows whose arguments resolve checks. */
#define PVC_CUBE_DSL_OPS(X)                                                                           \
    X(PL_SECTION_CUBE, "pl.section_cube", "", "", 0, 0, 0, NONE, PL | PVC_OPF_BLOCK, SCALAR,           \
      "body runs on the cube core; the vector cores skip it (§17.1)")                                 \
    X(PL_MATMUL, "pl.matmul", "dst_tile lhs_tile rhs_tile bias_tile /", "phase:AccPhase", 3, 4, 0, NONE, PL, \
      CUBE, "Acc dst = lhs x rhs (+ a Bias row): M = lhs valid rows, K = lhs valid cols, N = rhs valid cols (§17.5)") \
    X(PL_MATMUL_ACC, "pl.matmul_acc", "dst_tile acc_tile lhs_tile rhs_tile /", "phase:AccPhase", 4, 4, 0, NONE, \
      PL, CUBE, "dst = dst's old value + lhs x rhs; acc_tile only gives the type (§17.5.3, trap C-T2)") \
    X(PL_MATMUL_MX, "pl.matmul_mx", "dst_tile lhs_tile rhs_tile scale_a scale_b /", "phase:AccPhase", 5, 5, 0, NONE, \
      PL, CUBE, "MX matmul: Acc dst = sum_k lhs(i, k) rhs(k, j) 2^(scale_a(i, k/32) - 127) 2^(scale_b(k/32, j) - 127), " \
      "FP8 / FP4 operands, E8M0 scales in ScaleLeft / ScaleRight (§17.5.5)")                           \
    X(PL_MATMUL_MX_ACC, "pl.matmul_mx_acc", "dst_tile acc_tile lhs_tile rhs_tile scale_a scale_b /", "phase:AccPhase", \
      6, 6, 0, NONE, PL, CUBE, "MX matmul into dst's old value; acc_tile only gives the type (§17.5.5, trap C-T2)") \
    X(PL_INSERT, "pl.insert", "dst_tile src_tile offset", "", 3, 3, 0, NONE, PL, TILE,                \
      "dst[row + i][col + j] = src[i][j] over src's valid shape; Vec -> Mat reaches the cube core's L1 (§17.4.5)") \
    X(PL_BAR_M, "pl.system.bar_m", "", "", 0, 0, 0, NONE, PL | PVC_OPF_NOOP, SCALAR,                  \
      "barrier on the M pipe (no-op: a core runs in program order)")                                 \
    X(PL_BAR_MTE1, "pl.system.bar_mte1", "", "", 0, 0, 0, NONE, PL | PVC_OPF_NOOP, SCALAR,            \
      "barrier on the MTE1 pipe (no-op: a core runs in program order)")                              \
    X(PL_BAR_FIX, "pl.system.bar_fix", "", "", 0, 0, 0, NONE, PL | PVC_OPF_NOOP, SCALAR,              \
      "barrier on the FIX pipe (no-op: a core runs in program order)")                               \
    X(PL_SET_MM_LAYOUT_TRANSFORM, "pl.system.set_mm_layout_transform", "", "enabled:bool", 0, 0, 0, NONE, \
      PL | PVC_OPF_NOOP, SCALAR, "the fixpipe's L0C read-out order: no effect on values (§17.6.5)")

/* Cost rows of the DSL ops above (sim/cost.h PVC_CORE_COSTS columns). */
#define PVC_CUBE_DSL_COSTS(X)                                            \
    X(PL_SECTION_CUBE, S, 0, 0) /* scope only */                         \
    X(PL_MATMUL, M, 100, 512)   /* dispatched to cube.mad */             \
    X(PL_MATMUL_ACC, M, 100, 512)                                        \
    X(PL_MATMUL_MX, M, 100, 512) /* dispatched to cube.mad_mx */         \
    X(PL_MATMUL_MX_ACC, M, 100, 512)                                     \
    X(PL_INSERT, MTE3, 200, 32) /* dispatched to cube.insert / tile.move */ \
    X(PL_BAR_M, S, 0, 0)                                                 \
    X(PL_BAR_MTE1, S, 0, 0)                                              \
    X(PL_BAR_FIX, S, 0, 0)                                               \
    X(PL_SET_MM_LAYOUT_TRANSFORM, S, 1, 0)

#define PVC_CUBE_FLAGS PVC_MF_FAULT

/* M(ID, ...) as PVC_MOPS. Pipes and costs: §17.2.4's table of paths (PVC_CUBE_PATHS). */
#define PVC_CUBE_MOPS(M)                                                                              \
    M(M_CUBE_LOAD, "cube.load", NONE,                                                                 \
      (O(TILE, tile) O(TENSOR, tensor) O(INT, o0) O(INT, o1) O(INT, o2) O(INT, o3) \
       O(INT, o4) O(INT, o5) O(INT, o6) O(INT, o7) O(INT, valid_rows) \
       O(INT, valid_cols) O(INT, row_stride) O(INT, col_stride)), (AI(row_axis, 0) AI(col_axis, 1) AI(transpose, 0) \
       AI(pair, 0)), (), 0, PVC_NO_TRAP, PVC_CUBE_FLAGS, CUBE, MTE2, 200, 32,                           \
      (void)pvc_cube_load(ctx, tile, tensor, o0, o1, o2, o3, o4, o5, o6, o7, row_axis, col_axis, valid_rows, valid_cols, \
                          transpose, row_stride, col_stride, pair),                                   \
      "pl.load into Mat: tile(r, c) = tensor[o + r][o + c] (transpose: [o + c][o + r]) over the valid shape, " \
      "zero fill to the fractal edge; an MX scale pair splits K over the last axis (§17.4.1, §17.5.5)") \
    M(M_CUBE_MOVE, "cube.move", NONE, (O(TILE, dst) O(TILE, src) O(INT, m) O(INT, k)), (), (), 0,      \
      PVC_NO_TRAP, PVC_CUBE_FLAGS, CUBE, MTE1, 40, 64, pvc_cube_move(ctx, dst, src, m, k),             \
      "pl.move Mat -> Left / Right: dst(r, c) = src(r + m, c + k) over dst's whole shape (§17.4.2)")  \
    M(M_CUBE_MOVE_BIAS, "cube.move_bias", NONE, (O(TILE, dst) O(TILE, src)), (), (), 0, PVC_NO_TRAP,  \
      PVC_CUBE_FLAGS, CUBE, MTE1, 40, 64, pvc_cube_move_bias(ctx, dst, src),                           \
      "pl.move Mat -> Bias: bias[c] = src[0][c] as FP32 or INT32 (§17.4.3)")                          \
    M(M_CUBE_INSERT, "cube.insert", NONE, (O(TILE, mat) OT(vec) O(INT, row) O(INT, col)), (), (), 0,   \
      PVC_NO_TRAP, PVC_CUBE_FLAGS, CUBE, MTE3, 200, 32,                                               \
      pvc_cube_insert(ctx, mat, vec, row, col, vec_vr, vec_vc),                                        \
      "pl.insert Vec -> Mat on a vector core: mat(row + i, col + j) = vec(i, j), in the cube core's L1 (§17.4.5)") \
    M(M_CUBE_MAD, "cube.mad", NONE, (O(TILE, dst) O(TILE, lhs) O(TILE, rhs) O(INT, m) O(INT, k) O(INT, n)), \
      (AI(init, 0)), (), 0, PVC_NO_TRAP, PVC_CUBE_FLAGS, CUBE, M, 100, 512,                            \
      pvc_mad(ctx, dst, lhs, rhs, NULL, m, k, n, init),                                               \
      "dst(i, j) = (0 | dst's old value) + sum_k lhs(i, k) rhs(k, j), i < m, j < n, k < k (§17.5)")   \
    M(M_CUBE_MAD_BIAS, "cube.mad_bias", NONE,                                                         \
      (O(TILE, dst) O(TILE, lhs) O(TILE, rhs) O(TILE, bias) O(INT, m) O(INT, k) O(INT, n)), (), (), 0, \
      PVC_NO_TRAP, PVC_CUBE_FLAGS, CUBE, M, 100, 512, pvc_mad(ctx, dst, lhs, rhs, bias, m, k, n, PVC_MAD_BIAS), \
      "dst(i, j) = bias[j] + sum_k lhs(i, k) rhs(k, j): the bias starts every chain (§17.5.3, C-T4)") \
    M(M_CUBE_MAD_MX, "cube.mad_mx", NONE,                                                             \
      (O(TILE, dst) O(TILE, lhs) O(TILE, rhs) O(TILE, scale_a) O(TILE, scale_b) O(INT, m) O(INT, k) O(INT, n)), \
      (AI(init, 0)), (), 0, PVC_NO_TRAP, PVC_CUBE_FLAGS, CUBE, M, 100, 512,                            \
      pvc_mad_mx(ctx, dst, lhs, rhs, scale_a, scale_b, m, k, n, init),                                 \
      "dst(i, j) = (0 | dst's old value) + sum_k lhs(i, k) rhs(k, j) 2^(scale_a(i, k/32) + scale_b(k/32, j) - 254), " \
      "i < m, j < n, k < k; scale 0xFF is NaN (§17.5.5)")                                             \
    M(M_FIX_STORE, "fix.store", NONE,                                                                 \
      (O(TENSOR, tensor) O(TILE, acc) O(INT, o0) O(INT, o1) O(INT, o2) O(INT, o3) \
       O(INT, o4) O(INT, o5) O(INT, o6) O(INT, o7) O(INT, valid_rows)  \
       O(INT, valid_cols) O(INT, deq)), (AI(row_axis, 0) AI(col_axis, 1) AI(relu, 0) AI(atomic, 0)), (), 0, \
      PVC_NO_TRAP, PVC_CUBE_FLAGS | PVC_MF_WRITES_GM, CUBE, FIX, 200, 32,                             \
      (void)pvc_fix_store(ctx, tensor, acc, o0, o1, o2, o3, o4, o5, o6, o7, row_axis, col_axis, valid_rows, valid_cols, relu, \
                          (uint64_t)deq, NULL, atomic),                                               \
      "pl.store from Acc: tensor[o + r][o + c] = convert(acc(r, c)) over the valid shape, clipped (§17.6)") \
    M(M_FIX_STORE_FP, "fix.store_fp", NONE,                                                           \
      (O(TENSOR, tensor) O(TILE, acc) O(INT, o0) O(INT, o1) O(INT, o2) O(INT, o3) \
       O(INT, o4) O(INT, o5) O(INT, o6) O(INT, o7) O(INT, valid_rows)  \
       O(INT, valid_cols) O(TILE, scale)), (AI(row_axis, 0) AI(col_axis, 1) AI(relu, 0) AI(atomic, 0)), (), 0, \
      PVC_NO_TRAP, PVC_CUBE_FLAGS | PVC_MF_WRITES_GM, CUBE, FIX, 200, 32,                             \
      (void)pvc_fix_store(ctx, tensor, acc, o0, o1, o2, o3, o4, o5, o6, o7, row_axis, col_axis, valid_rows, valid_cols, relu, \
                          PVC_FIX_NOSCALE, scale, atomic),                                            \
      "pl.store from Acc with a per-column Scaling tile of deq words (§17.6)")                        \
    M(M_FIX_TO_VEC, "fix.to_vec", NONE, (O(TILE, vec) OT(acc) O(INT, deq)), (AI(mode, 0) AI(relu, 0)), (), \
      0, PVC_NO_TRAP, PVC_CUBE_FLAGS, CUBE, FIX, 200, 32,                                              \
      pvc_fix_to_vec(ctx, vec, acc, acc_vr, acc_vc, mode, relu, (uint64_t)deq, NULL),                  \
      "pl.move Acc -> Vec: the valid result into the vector cores' UB, split by acc_to_vec_mode (§17.4.4)") \
    M(M_FIX_TO_VEC_FP, "fix.to_vec_fp", NONE, (O(TILE, vec) OT(acc) O(TILE, scale)), (AI(mode, 0) AI(relu, 0)), \
      (), 0, PVC_NO_TRAP, PVC_CUBE_FLAGS, CUBE, FIX, 200, 32,                                          \
      pvc_fix_to_vec(ctx, vec, acc, acc_vr, acc_vc, mode, relu, PVC_FIX_NOSCALE, scale),               \
      "pl.move Acc -> Vec with a per-column Scaling tile of deq words (§17.4.4)")                      \
    M(M_ACC_DUMP, "acc.dump", NONE, \
      (O(TILE, acc) O(TENSOR, workspace) O(INT, r0) O(INT, c0) O(INT, rows) O(INT, cols)), (), (), 0, PVC_NO_TRAP, \
      PVC_CUBE_FLAGS | PVC_MF_WRITES_GM, CUBE, FIX, 200, 32, pvc_acc_dump(ctx, acc, workspace, r0, c0, rows, cols), \
      "pl.dump_data of an Acc tile: the whole tile to workspace (ND), then rows x cols from r0, c0 printed (§6.2)") \
    M(M_FIX_DEQ, "fix.deq", NONE, (O(NUM, scale)), (AI(signed_out, 0)), (R(INT, deq)), 0, PVC_NO_TRAP, 0, \
      SCALAR, S, 1, 0, *deq = (int64_t)pvc_fix_deq_of(scale, signed_out),                              \
      "the deq word of a run-time FP32 scale: its bits, bit 46 for an INT8 output (§17.6.3)")         \
    M(M_CROSS_SET, "cross.set", NONE, (O(INT, id)), (AI(pipe, 0) AI(mode, 2)), (), 0, PVC_NO_TRAP,       \
      PVC_MF_FAULT, SCALAR, S, 1, 0, pvc_cross_set(ctx, pipe, id, mode),                               \
      "pl.system.set_cross_core: the flag's counter(s) + 1 (§17.7)")                                  \
    M(M_CROSS_WAIT, "cross.wait", NONE, (O(INT, id)), (AI(pipe, 0) AI(mode, 2)), (), 0, PVC_NO_TRAP,     \
      PVC_MF_FAULT, SCALAR, S, 1, 0, pvc_cross_wait(ctx, pipe, id, mode),                              \
      "pl.system.wait_cross_core: until the counter(s) are positive, then - 1; DEADLOCK if no core can set (§17.7)") \
    M(M_SUBBLOCK_IDX, "block.subidx", NONE, (), (), (R(INT, idx)), 0, PVC_NO_TRAP, 0, SCALAR, S, 1, 0,   \
      *idx = pvc_subblock_idx(ctx), "pl.get_subblock_idx() in a kernel with a section_cube: 0 on the cube core, " \
      "the vector core's 0 or 1 (§17.1)")                                                              \
    M(M_SUBBLOCK_NUM, "block.subnum", NONE, (), (), (R(INT, num)), 0, PVC_NO_TRAP, 0, SCALAR, S, 1, 0,   \
      *num = pvc_subblock_num(ctx), "pl.get_subblock_num() in a kernel with a section_cube: 1 on the cube core, 2 " \
      "on a vector core of a mixed block (§17.1)")

#endif /* PVC_OPS_CUBE_H */
