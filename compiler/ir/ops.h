/* ops.h - every op pvc knows, described once (QBE / Lua style X-macro tables). Section
 * numbers (§n) cite docs/SEMANTICS.md.
 *
 * Two tables, two namespaces:
 *   PVC_OPS   the DSL: what a Python file may call (vf.*, pl.*, tile-group methods) and the
 *             core ops the lowering makes from Python syntax (py.add for `+` on scalars, ...).
 *   PVC_MOPS  machine ops: what the dispatch pass leaves in a vector function (and gm moves in
 *             a kernel). Each is ONE call of the runtime, written once in its row: the C
 *             emitter prints that call with the op's variables, the simulator compiles the
 *             same call over its frame (sim/interp.c). So both backends make the same call.
 * A DSL op marked GENERIC maps one-to-one onto the machine rows whose FROM column names it:
 * the types pass picks the first such row whose operand kinds match the arguments, and the
 * dispatch pass builds it from the row alone (passes/types.c, passes/dispatch.c
 * "generic"). Every other DSL op has a hand-written lowering in passes/dispatch.c.
 *
 * PVC_OPS(X) columns:
 *   X(ID, "name", "positional params", "keyword params", min_pos, max_pos, nres, RESULT, FLAGS,
 *     "doc")
 *     ID        C identifier, the op is PVC_OP_<ID> (PY_ Python syntax, VF_ vf.*, PL_ pl.*)
 *     name      as written in Python ("vf.load_align"); methods are "tile_group.<method>";
 *               core ops have IR names ("py.add")
 *     positional names of the arguments that may be given by position, in order
 *               (space-separated; they may also be given by keyword)
 *     keyword   names accepted only as keywords
 *     min/max   positional argument count (a keyword naming a positional counts toward min)
 *     nres      most results the op produces (1 or 2 targets when nres is 2)
 *     RESULT    pvc_type_kind suffix of its result(s) before the types pass (ANY = unknown)
 *     FLAGS     kind bits, see PVC_OPF_*
 *     doc       one line of meaning, printed by `pvc help ops`
 */
#ifndef PVC_OPS_H
#define PVC_OPS_H

#include <stdint.h>

#define PVC_OPS(X) \
    /* ---- core ops the lowering produces from Python syntax ---- */ \
    X(ASSIGN,   "assign",   "value", "", 1, 1, 1, ANY, CORE, "x = y: copy a value into a name") \
    X(LIST,     "list",     "",      "", 0, 64, 1, LIST, CORE, "[a, b, ...]: offsets, shapes, ids") \
    X(PY_ADD,      "py.add",      "lhs rhs", "", 2, 2, 1, ANY, CORE, "a + b; tile + k is +k tile elements (§1.5)") \
    X(PY_SUB,      "py.sub",      "lhs rhs", "", 2, 2, 1, ANY, CORE, "a - b") \
    X(PY_MUL,      "py.mul",      "lhs rhs", "", 2, 2, 1, ANY, CORE, "a * b") \
    X(PY_FLOORDIV, "py.floordiv", "lhs rhs", "", 2, 2, 1, ANY, CORE, "a // b, Python floor division") \
    X(PY_MOD,      "py.mod",      "lhs rhs", "", 2, 2, 1, ANY, CORE, "a % b, Python modulo (sign of b)") \
    X(PY_NEG,      "py.neg",      "value", "", 1, 1, 1, ANY, CORE, "-a") \
    X(CALL,     "call",     "", "", 0, 64, 0, NONE, CORE, "jit kernel -> vector function; attr callee") \
    /* ---- vf: registers, loads and stores (§2-§4) ---- */ \
    X(VF_LOAD_ALIGN, "vf.load_align", "tile offset", \
      "dist dtype post_update block_stride repeat_stride data_copy_mode", 1, 2, 2, REG, VF, "UB -> register(s) by dist; DINTLV gives two (§2)") \
    X(VF_STORE_ALIGN, "vf.store_align", "tile src preg offset repeat_stride", \
      "dist data_copy_mode block_stride post_update", 2, 5, 0, NONE, VF, "register/mask -> UB under a mask (§3); DataBlock form: 4th/5th are block/repeat stride (§3.5)") \
    X(VF_LOAD_UNALIGN_INIT, "vf.load_unalign_init", "", "", 0, 0, 1, UREG_LOAD, VF, "declare an unaligned-load register (§1.3)") \
    X(VF_LOAD_UNALIGN_PRE, "vf.load_unalign_pre", "ureg tile", "", 2, 2, 0, NONE, VF, "prime it from the tile base (§4)") \
    X(VF_LOAD_UNALIGN, "vf.load_unalign", "ureg tile stride", "", 2, 3, 1, REG, VF, "unaligned load; with stride: post-updates (§4)") \
    X(VF_UNALIGN_REG_FOR_STORE, "vf.unalign_reg_for_store", "", "", 0, 0, 1, UREG_STORE, VF, "declare an unaligned-store register (§1.3)") \
    X(VF_STORE_UNALIGN, "vf.store_unalign", "tile src ureg count", "post_update", 3, 4, 0, NONE, VF, "append to the store stream (§4.2, §4.3)") \
    X(VF_STORE_UNALIGN_POST, "vf.store_unalign_post", "tile ureg stride", "post_update", 2, 3, 0, NONE, VF, "flush the parked tail (§4.2)") \
    X(VF_CREATE_ADDR_REG, "vf.create_addr_reg", "s0 s1 s2 s3 s4 s5 s6 s7", "dtype", 1, 8, 1, ADDR_REG, VF, "strides, or index/stride pairs (§1.4)") \
    X(VF_MEM_BAR, "vf.mem_bar", "mode", "", 0, 1, 0, NONE, VF, "order vector/scalar UB accesses (§5.6)") \
    /* ---- vf: masks and compares (§5.1, §5.2) ---- */ \
    X(VF_CREATE_MASK, "vf.create_mask", "pattern dtype", "", 0, 2, 1, MASK, VF, "pattern mask at dtype granularity (§5.1)") \
    X(VF_UPDATE_MASK, "vf.update_mask", "n dtype", "", 1, 2, 1, MASK, VF, "first min(n, N) elements active (§5.1)") \
    X(VF_EQ, "vf.eq", "a b preg", "cmp_dtype", 3, 3, 1, MASK, VF | PVC_OPF_GENERIC, "a == b per active lane -> mask (§5.2)") \
    X(VF_NE, "vf.ne", "a b preg", "cmp_dtype", 3, 3, 1, MASK, VF | PVC_OPF_GENERIC, "a != b") \
    X(VF_LT, "vf.lt", "a b preg", "cmp_dtype", 3, 3, 1, MASK, VF | PVC_OPF_GENERIC, "a < b") \
    X(VF_GT, "vf.gt", "a b preg", "cmp_dtype", 3, 3, 1, MASK, VF | PVC_OPF_GENERIC, "a > b") \
    X(VF_LE, "vf.le", "a b preg", "cmp_dtype", 3, 3, 1, MASK, VF | PVC_OPF_GENERIC, "a <= b") \
    X(VF_GE, "vf.ge", "a b preg", "cmp_dtype", 3, 3, 1, MASK, VF | PVC_OPF_GENERIC, "a >= b") \
    /* ---- vf: compute and casts (§5.3-§5.7) ---- */ \
    X(VF_ABS, "vf.abs", "src preg", "mode", 2, 2, 1, REG, VF | PVC_OPF_GENERIC, "|x| on active lanes, 0 elsewhere (§5.3)") \
    X(VF_RELU, "vf.relu", "src preg", "mode", 2, 2, 1, REG, VF | PVC_OPF_GENERIC, "max(x, 0) on active lanes (§7)") \
    X(VF_ASTYPE, "vf.astype", "src preg dtype", "layout round_mode saturate", 2, 3, 1, REG, VF, "convert with lane layout (§5.4)") \
    X(VF_FULL, "vf.full", "value preg", "dtype pos mode", 1, 2, 1, REG, VF | PVC_OPF_GENERIC, "broadcast a scalar or lane 0/N-1 (§5.7)") \
    /* ---- pl: jit kernel surface (§6) ---- */ \
    X(PL_TILE_TYPE, "pl.TileType", "shape dtype target_memory", \
      "valid_shape layout fractal pad compact", 0, 3, 1, TILE_TYPE, PL, "2-D UB tile descriptor") \
    X(PL_MAKE_TILE_GROUP, "pl.make_tile_group", "type addrs mutex_ids depth", "", 0, 4, 1, TILE_GROUP, PL, "depth slots from UB byte address addrs") \
    X(PL_MAKE_TILE, "pl.make_tile", "type addr size", "", 0, 3, 1, TILE, PL, "one tile at UB byte address addr; size in bytes, at least the tile's (§6)") \
    X(TG_SLOT, "tile_group[]", "index", "", 1, 1, 1, TILE, METHOD, "grp[i]: slot i, no rotation") \
    X(TG_CURRENT, "tile_group.current", "", "", 0, 0, 1, TILE, METHOD, "current slot, no rotation") \
    X(TG_NEXT, "tile_group.next", "", "", 0, 0, 1, TILE, METHOD, "advance, then the slot") \
    X(TG_PREVIOUS, "tile_group.previous", "", "", 0, 0, 1, TILE, METHOD, "step back, then the slot") \
    X(PL_SECTION_VECTOR, "pl.section_vector", "", "", 0, 0, 0, NONE, PL | PVC_OPF_BLOCK, "body runs on the vector core") \
    X(PL_RANGE, "pl.range", "start stop step", "", 1, 3, 1, INT, PL | PVC_OPF_BLOCK, "for v in range(...): body; Python semantics") \
    X(PL_LOAD, "pl.load", "tile tensor offsets", "", 2, 3, 0, NONE, PL, "GM tensor [r0,c0].. -> UB tile") \
    X(PL_STORE, "pl.store", "tensor tile offsets", "", 2, 3, 0, NONE, PL, "UB tile -> GM tensor at [r0,c0]") \
    X(PL_SET_VALIDSHAPE, "pl.set_validshape", "tile shape", "", 2, 2, 0, NONE, PL, "valid rows/cols of a tile") \
    X(PL_SYNC_SRC, "pl.system.sync_src", "set_pipe wait_pipe event_id", "", 3, 3, 0, NONE, PL, "pipe sync: set (no-op when sequential)") \
    X(PL_SYNC_DST, "pl.system.sync_dst", "set_pipe wait_pipe event_id", "", 3, 3, 0, NONE, PL, "pipe sync: wait (no-op when sequential)") \
    X(PL_BAR_ALL, "pl.system.bar_all", "", "", 0, 0, 0, NONE, PL, "barrier on every pipe (no-op when sequential)") \
    X(PL_TENSOR, "pl.Tensor", "", "", 0, 0, 0, NONE, PL | PVC_OPF_ANNOT, "pl.Tensor[[dims], dtype]: parameter annotation only")


/* Op flags. CORE: produced from syntax, never named by the user; VF/PL: vf.* / pl.* calls;
 * METHOD: x.m() on a value, the receiver is operand 0; BLOCK: the op owns a body;
 * ANNOT: a type annotation, not callable; GENERIC: lowered by the table alone (the PVC_MOPS
 * rows whose FROM is this op); MACHINE: a PVC_MOPS row. */
enum {
    PVC_OPF_CORE = 1 << 0,
    PVC_OPF_VF = 1 << 1,
    PVC_OPF_PL = 1 << 2,
    PVC_OPF_METHOD = 1 << 3,
    PVC_OPF_BLOCK = 1 << 4,
    PVC_OPF_ANNOT = 1 << 5,
    PVC_OPF_MACHINE = 1 << 6,
    PVC_OPF_GENERIC = 1 << 7,
};

/* Pipes a machine op runs on (the cost column, the timeline's rows): X(NAME, tid, what). */
#define PVC_PIPES(X)                                          \
    X(V,    1, "vector unit: vf.* machine ops")               \
    X(MTE2, 2, "GM -> UB moves (pl.load)")                    \
    X(MTE3, 3, "UB -> GM moves (pl.store)")                   \
    X(S,    4, "scalar unit: loops, index arithmetic, calls")

typedef enum {
#define X(name, tid, text) PVC_PIPE_##name,
    PVC_PIPES(X)
#undef X
    PVC_PIPE_COUNT
} pvc_pipe;

/* ---------------------------------------------------------------------------------------
 * Machine ops. PVC_MOPS(M) columns:
 *   M(ID, "name", FROM, (OPERANDS), (ATTRS), (RESULTS), DTYPES, FLAGS, PIPE, BASE, BPC, CALL,
 *     "doc")
 *   ID        PVC_OP_<ID>
 *   name      the IR name (docs/IR.md "Machine ops")
 *   FROM      the GENERIC DSL op this row lowers (VF_ABS), or NONE: made by hand-written code
 *   OPERANDS  O(KIND, name)..., in order. KIND (PVC_OK_*), and how the call sees it:
 *               VREG   const pvc_vreg *      a register read
 *               MASK   const pvc_mreg *      a mask read
 *               PRED   const pvc_mreg *      the lane predicate, tested at the op's dtype
 *                                            (checked for granularity, counted by --trace)
 *               BITS   uint64_t              a scalar as raw element bits of the op's dtype;
 *                                            GENERIC: the dispatch pass encodes the argument
 *               INT    int64_t               a scalar
 *               NUM    double                a float scalar
 *               ADDR   uint32_t              a UB byte address
 *               CURSOR uint32_t *            a post-update cursor, read and advanced
 *               SLOT   int64_t *             an int updated in place
 *               ULD / UST  pvc_ureg_ld * / pvc_ureg_st *   an unaligned register, in place
 *               TILE   const pvc_tile *      a tile (compile-time, or a run-time address)
 *               TENSOR pvc_tensor *          a kernel's tensor parameter
 *             GENERIC rows name each operand after the DSL argument it comes from.
 *   ATTRS     compile-time constants, present on every instance of the op:
 *               AD(name)        a pvc_dtype; GENERIC: dtype = the op's dtype (its result's,
 *                               else its first register's), from = its first register's
 *               AE(name, NS, DEFAULT, LEGAL)  a member of enum namespace NS; GENERIC: from
 *                               the keyword `name`, DEFAULT when absent, a member outside the
 *                               bit set LEGAL (0: any) is an error
 *               AZ(name)        GENERIC only: keyword `name` (a MergeMode) must be ZEROING;
 *                               no attribute (§12 T1)
 *               AI(name, DEFAULT)  an int; GENERIC: the constant keyword `name`
 *   RESULTS   R(KIND, name)...: VREG pvc_vreg *, MASK pvc_mreg *, INT / ADDR int64_t * (the
 *             call assigns *name; an ADDR is a uint32_t UB address in the emitted C), ULD / UST
 *   DTYPES    the op dtypes a GENERIC op takes, PVC_DT1(T) | ... (0: checked elsewhere)
 *   FLAGS     PVC_MF_*: FAULT the call can raise a fault (the emitted C names the op's line
 *             first); READS_DST the call reads its result's old value; SAME every register
 *             operand must have the op's dtype
 *   PIPE BASE BPC  cost: cycles = BASE + ceil(UB bytes moved / BPC) (BPC 0: BASE) on pipe
 *             PIPE; nearly all assumed (docs/COSTS.md): an estimate, never a measurement
 *   CALL      the runtime call over the operand, result and attribute names, `ctx` and
 *             `at` (const pvc_loc *, the op's source position): a FAULT op whose call takes
 *             `at` sets ctx->at itself, only on the path that can fault (the inline fast
 *             paths of pvc_rt_inline.h); before any other FAULT op's call the emitted C sets
 *             ctx->at
 *   doc       one line of meaning, printed by `pvc help ops`
 * Units: ADDR and CURSOR are UB byte addresses; post-update steps are BYTES; counts are
 * elements; gran and elem_bytes are bytes.
 * ------------------------------------------------------------------------------------- */
enum {
    PVC_MF_FAULT = 1 << 0,
    PVC_MF_READS_DST = 1 << 1,
    PVC_MF_SAME = 1 << 2,
};
#define PVC_DT1(t) (1u << PVC_DT_##t)
#define PVC_DT_INTS_32 (PVC_DT1(INT8) | PVC_DT1(UINT8) | PVC_DT1(INT16) | PVC_DT1(UINT16) | \
                        PVC_DT1(INT32) | PVC_DT1(UINT32))
#define PVC_DT_FLOATS (PVC_DT1(FP16) | PVC_DT1(BF16) | PVC_DT1(FP32))
#define PVC_DT_ANY 0xFFFFFFFFu

/* A compare (§5.2): b a register or a scalar; the result mask at the compared dtype. */
#define PVC_CMP_ROWS(M, C, c)                                                                   \
    M(M_CMP_##C, "cmp." #c, VF_##C, (O(VREG, a) O(VREG, b) O(PRED, preg)), (AD(dtype)),         \
      (R(MASK, dst)), PVC_DT_INTS_32 | PVC_DT_FLOATS, 0, V, 1, 0,                               \
      pvc_compare(ctx, dst, PVC_CMP_##C, dtype, a, b, preg),                                    \
      "dst bit w*i = preg bit w*i && a " #c " b, every other bit 0 (§5.2)")                    \
    M(M_CMPS_##C, "cmps." #c, VF_##C, (O(VREG, a) O(BITS, b) O(PRED, preg)), (AD(dtype)),       \
      (R(MASK, dst)), PVC_DT_INTS_32 | PVC_DT_FLOATS, 0, V, 1, 0,                               \
      pvc_compare_scalar(ctx, dst, PVC_CMP_##C, dtype, a, b, preg),                             \
      "the same against a scalar b, raw bits of dtype (§5.2)")

#define PVC_MOPS(M) \
    /* ---- addresses (§1.4, §1.5, §2.1, decisions 6 and 7) ---- */ \
    M(M_UB_ADDR, "ub.addr", NONE, (O(TILE, tile) O(INT, off)), (), (R(ADDR, addr)), 0, 0, S, 1, 0, \
      *addr = pvc_tile_off_addr(tile, off), \
      "tile.addr + off*lane_bytes(tile dtype); off in tile elements (§2.1)") \
    M(M_CURSOR_INIT, "cursor.init", NONE, (O(TILE, tile)), (), (R(ADDR, cursor)), 0, 0, S, 1, 0, \
      *cursor = pvc_tile_off_addr(tile, 0), \
      "post-update cursor := tile base, one per tile expression per VF (§1.5)") \
    M(M_AREG, "areg", NONE, \
      (O(INT, s0) O(INT, s1) O(INT, s2) O(INT, s3) O(INT, i0) O(INT, i1) O(INT, i2) O(INT, i3)), \
      (AD(dtype) AI(n, 0)), (R(ADDR, areg)), 0, 0, S, 1, 0, \
      *areg = pvc_areg4(dtype, n, s0, s1, s2, s3, i0, i1, i2, i3), \
      "AddrReg bytes = sizeof(dtype)*sum s_k*i_k, k<n, outermost loop first; unused slots 0 (decision 6)") \
    /* ---- vf.load_align (§2) ---- */ \
    M(M_LD_REG, "ld.reg", NONE, (O(ADDR, addr)), (AE(dist, LoadDist, 0, 0)), (R(VREG, dst)), \
      0, PVC_MF_FAULT, V, 0, 256, \
      pvc_load_align_fast(ctx, dst, addr, dist, at), "one register by an explicit LoadDist (§2.2)") \
    M(M_LD_REG_POST, "ld.reg.post", NONE, (O(CURSOR, cursor) O(INT, step)), (AE(dist, LoadDist, 0, 0)), \
      (R(VREG, dst)), 0, PVC_MF_FAULT, V, 0, 256, \
      pvc_load_align_post(ctx, dst, cursor, (int32_t)step, dist), \
      "read at cursor, then cursor += step bytes (§2.1)") \
    M(M_LD_X2, "ld.x2", NONE, (O(ADDR, addr)), (AE(dist, LoadDist, 0, 0)), (R(VREG, d0) R(VREG, d1)), \
      0, PVC_MF_FAULT, V, 0, 256, \
      pvc_load_align_x2(ctx, d0, d1, addr, dist), "DINTLV_Bw: two registers (§2.3)") \
    M(M_LD_X2_POST, "ld.x2.post", NONE, (O(CURSOR, cursor) O(INT, step)), (AE(dist, LoadDist, 0, 0)), \
      (R(VREG, d0) R(VREG, d1)), 0, PVC_MF_FAULT, V, 0, 256, \
      pvc_load_align_x2_post(ctx, d0, d1, cursor, (int32_t)step, dist), "DINTLV, post-update (§2.3)") \
    M(M_LD_BLK, "ld.blk", NONE, (O(ADDR, addr) O(MASK, mask)), (AI(block_stride, 1)), (R(VREG, dst)), \
      0, PVC_MF_FAULT, V, 1, 0, \
      pvc_load_align_datablock(ctx, dst, addr, (uint16_t)block_stride, mask), \
      "DATA_BLOCK_COPY at the tile base (§2.4)") \
    M(M_LD_BLK_POST, "ld.blk.post", NONE, (O(CURSOR, cursor) O(MASK, mask)), \
      (AI(block_stride, 1) AI(repeat_stride, 0)), (R(VREG, dst)), 0, PVC_MF_FAULT, V, 1, 0, \
      pvc_load_align_datablock_post(ctx, dst, cursor, (uint16_t)block_stride, (uint16_t)repeat_stride, mask), \
      "at cursor, then cursor += repeat_stride*32 (§2.4)") \
    M(M_LD_MASK, "ld.mask", NONE, (O(ADDR, addr)), (AE(dist, MaskDist, 0, 0)), (R(MASK, dst)), \
      0, PVC_MF_FAULT, V, 1, 0, \
      pvc_mask_load(ctx, dst, addr, dist), "mask destination, MaskDist LD_NORM/LD_US/LD_DS (§2.5)") \
    M(M_LD_MASK_POST, "ld.mask.post", NONE, (O(CURSOR, cursor) O(INT, step)), (AE(dist, MaskDist, 0, 0)), \
      (R(MASK, dst)), 0, PVC_MF_FAULT, V, 1, 0, \
      pvc_mask_load_post(ctx, dst, cursor, (int32_t)step, dist), \
      "mask destination, cursor += step bytes (§2.5)") \
    /* ---- vf.store_align (§3) ---- */ \
    M(M_ST_REG, "st.reg", NONE, (O(ADDR, addr) O(VREG, src) O(PRED, mask)), (AE(dist, HwStoreDist, 0, 0)), (), \
      0, PVC_MF_FAULT, V, 0, 256, \
      pvc_store_align_fast(ctx, addr, src, mask, dist, at), \
      "explicit HwStoreDist NORM_Bw/ONEPT_Bw/PK_Bx/PK4_B32 (§3.3)") \
    M(M_ST_REG_POST, "st.reg.post", NONE, (O(CURSOR, cursor) O(INT, step) O(VREG, src) O(PRED, mask)), \
      (AE(dist, HwStoreDist, 0, 0)), (), 0, PVC_MF_FAULT, V, 0, 256, \
      pvc_store_align_post(ctx, cursor, (int32_t)step, src, mask, dist), \
      "at cursor, then cursor += step bytes (§3.2)") \
    M(M_ST_X2, "st.x2", NONE, (O(ADDR, addr) O(VREG, src0) O(VREG, src1)), (AE(dist, HwStoreDist, 0, 0)), (), \
      0, PVC_MF_FAULT, V, 0, 256, \
      pvc_store_align_x2(ctx, addr, src0, src1, dist), "INTLV_Bw, mask ignored (§3.4)") \
    M(M_ST_BLK, "st.blk", NONE, (O(ADDR, addr) O(VREG, src) O(MASK, mask)), (AI(block_stride, 1)), (), \
      0, PVC_MF_FAULT, V, 1, 0, \
      pvc_store_align_datablock(ctx, addr, src, mask, (uint16_t)block_stride), \
      "DATA_BLOCK_COPY store at the base (§3.5)") \
    M(M_ST_BLK_POST, "st.blk.post", NONE, (O(CURSOR, cursor) O(VREG, src) O(MASK, mask)), \
      (AI(block_stride, 1) AI(repeat_stride, 0)), (), 0, PVC_MF_FAULT, V, 1, 0, \
      pvc_store_align_datablock_post(ctx, cursor, src, mask, (uint16_t)block_stride, (uint16_t)repeat_stride), \
      "at cursor, cursor += repeat_stride*32 (§3.5)") \
    M(M_ST_MASK, "st.mask", NONE, (O(ADDR, addr) O(MASK, src)), (AE(dist, MaskDist, 0, 0)), (), \
      0, PVC_MF_FAULT, V, 1, 0, \
      pvc_mask_store(ctx, addr, src, dist), "mask source, MaskDist ST_NORM/ST_PACK (§3.6)") \
    M(M_ST_MASK_POST, "st.mask.post", NONE, (O(CURSOR, cursor) O(INT, step) O(MASK, src)), \
      (AE(dist, MaskDist, 0, 0)), (), 0, PVC_MF_FAULT, V, 1, 0, \
      pvc_mask_store_post(ctx, cursor, (int32_t)step, src, dist), \
      "mask source, cursor += step bytes (§3.6)") \
    /* ---- unaligned family (§4) ---- */ \
    M(M_LDU_INIT, "ldu.init", NONE, (), (), (R(ULD, u)), 0, 0, V, 0, 0, \
      pvc_load_unalign_init(u), "empty load ureg (§1.3)") \
    M(M_LDU_PRE, "ldu.pre", NONE, (O(ULD, u) O(ADDR, addr)), (), (), 0, PVC_MF_FAULT, V, 1, 0, \
      pvc_load_unalign_pre(ctx, u, addr), "cache the block holding addr (§4.1)") \
    M(M_LDU, "ldu", NONE, (O(ULD, u) O(ADDR, addr)), (), (R(VREG, dst)), 0, PVC_MF_FAULT, V, 1, 0, \
      pvc_load_unalign(ctx, dst, u, addr), "unaligned load at addr, no update (§4.1)") \
    M(M_LDU_POST, "ldu.post", NONE, (O(ULD, u) O(CURSOR, cursor) O(INT, step)), (), (R(VREG, dst)), \
      0, PVC_MF_FAULT, V, 1, 0, \
      pvc_load_unalign_post(ctx, dst, u, cursor, (int32_t)step), \
      "at cursor, then cursor += step bytes (§4.1)") \
    M(M_LDU_AREG, "ldu.areg", NONE, (O(ULD, u) O(ADDR, base) O(ADDR, areg)), (), (R(VREG, dst)), \
      0, PVC_MF_FAULT, V, 1, 0, \
      pvc_load_unalign_areg(ctx, dst, u, base, areg), "at base + areg, no update (§4.4 [I])") \
    M(M_STU_INIT, "stu.init", NONE, (), (), (R(UST, u)), 0, 0, V, 0, 0, \
      pvc_unalign_reg_for_store(u), "empty store ureg (§1.3)") \
    M(M_STU, "stu", NONE, (O(CURSOR, cursor) O(VREG, src) O(UST, u) O(INT, count)), \
      (AI(elem_bytes, 0) AI(post, 0)), (), 0, PVC_MF_FAULT, V, 1, 0, \
      pvc_store_unalign(ctx, cursor, src, u, (uint32_t)count, elem_bytes, post), \
      "append count*elem_bytes bytes; post: cursor += them (§4.2, §8 #4)") \
    M(M_STU_MASK, "stu.mask", NONE, (O(CURSOR, cursor) O(MASK, src) O(UST, u)), (AI(gran, 0)), (), \
      0, PVC_MF_FAULT, V, 1, 0, \
      pvc_mask_store_unalign(ctx, cursor, src, u, gran), \
      "pack the mask at gran 2 (16 B) / 4 (8 B), append, cursor += 16/8 (§4.3)") \
    M(M_STU_FLUSH, "stu.flush", NONE, (O(CURSOR, cursor) O(UST, u) O(INT, step)), (AI(post, 0)), (), \
      0, PVC_MF_FAULT, V, 1, 0, \
      pvc_store_unalign_post(ctx, cursor, u, (int32_t)step, post), \
      "write parked bytes at floor32(cursor); post: cursor += step (§4.2)") \
    M(M_STU_AREG, "stu.areg", NONE, (O(ADDR, base) O(ADDR, areg) O(VREG, src) O(UST, u)), (AI(elem_bytes, 0)), (), \
      0, PVC_MF_FAULT, V, 1, 0, \
      pvc_store_unalign_areg(ctx, base, areg, src, u, elem_bytes), "256 bytes at base + areg, no update (§4.4 [I])") \
    M(M_STU_CHECK, "stu.check", NONE, (O(UST, u) O(ADDR, cursor)), (), (), 0, PVC_MF_FAULT, S, 0, 0, \
      pvc_ureg_st_check(ctx, u, cursor), "end of VF: fault UNFLUSHED if bytes are still parked (§4.2)") \
    /* ---- masks, compares, compute (§5) ---- */ \
    M(M_MASK_CREATE, "mask.create", NONE, (), (AE(pattern, MaskPattern, 0, 0) AI(gran, 0)), (R(MASK, dst)), \
      0, 0, V, 1, 0, \
      pvc_mask_create(ctx, dst, pattern, gran), "pattern at gran bytes, tested bits only (§5.1)") \
    M(M_MASK_UPDATE, "mask.update", NONE, (O(INT, n)), (AI(gran, 0)), (R(MASK, dst)), 0, 0, V, 1, 0, \
      (void)pvc_mask_update(ctx, dst, (uint32_t)n, gran), "first min(n, 256/gran) elements (§5.1)") \
    PVC_CMP_ROWS(M, EQ, eq) PVC_CMP_ROWS(M, NE, ne) PVC_CMP_ROWS(M, LT, lt) \
    PVC_CMP_ROWS(M, GT, gt) PVC_CMP_ROWS(M, LE, le) PVC_CMP_ROWS(M, GE, ge) \
    M(M_ABS, "abs", VF_ABS, (O(VREG, src) O(PRED, preg)), (AD(dtype) AZ(mode)), (R(VREG, dst)), \
      PVC_DT1(INT8) | PVC_DT1(INT16) | PVC_DT1(INT32) | PVC_DT1(INT64) | PVC_DT1(FP16) | PVC_DT1(FP32), \
      PVC_MF_SAME, V, 1, 0, \
      pvc_abs(ctx, dst, dtype, src, preg), "|x| on active lanes, zeroing (§5.3)") \
    M(M_RELU, "relu", VF_RELU, (O(VREG, src) O(PRED, preg)), (AD(dtype) AZ(mode)), (R(VREG, dst)), \
      PVC_DT1(INT32) | PVC_DT1(FP16) | PVC_DT1(FP32), PVC_MF_SAME, V, 1, 0, \
      pvc_relu(ctx, dst, dtype, src, preg), "max(x, 0) on active lanes, zeroing (§5.3)") \
    M(M_ASTYPE, "astype", NONE, (O(VREG, src) O(PRED, preg)), \
      (AD(from) AD(to) AE(layout, CastLayout, 0, 0) AE(round, VFRoundMode, 0, 0) AE(sat, SaturateMode, 0, 0)), \
      (R(VREG, dst)), 0, 0, V, 1, 0, \
      pvc_astype(dst, src, preg, from, to, layout, round, sat), "§5.4 cast, every mode explicit") \
    M(M_FULL_REG, "full.reg", VF_FULL, (O(VREG, value) O(PRED, preg)), \
      (AD(dtype) AE(pos, DuplicatePos, PVC_POS_LOWEST, 0) AE(mode, MergeMode, PVC_MERGE_ZEROING, 0)), \
      (R(VREG, dst)), PVC_DT_ANY, 0, V, 1, 0, \
      pvc_full_reg(ctx, dst, dtype, value, preg, pos, mode), "lane 0 / N-1 of value broadcast (§5.7)") \
    M(M_FULL_M, "full.m", VF_FULL, (O(BITS, value) O(PRED, preg)), \
      (AD(dtype) AE(mode, MergeMode, PVC_MERGE_ZEROING, 0)), (R(VREG, dst)), PVC_DT_ANY, 0, V, 1, 0, \
      pvc_full(ctx, dst, dtype, value, preg, mode), "masked broadcast, ZEROING/MERGING (vdup) (§5.7)") \
    M(M_FULL, "full", VF_FULL, (O(BITS, value)), (AD(dtype)), (R(VREG, dst)), PVC_DT_ANY, 0, V, 1, 0, \
      pvc_full(ctx, dst, dtype, value, NULL, PVC_MERGE_ZEROING), "every lane = value (vbr) (§5.7)") \
    M(M_ENCODE_I, "encode.i", NONE, (O(INT, value)), (AD(dtype)), (R(INT, bits)), 0, 0, S, 1, 0, \
      *bits = (int64_t)pvc_value_encode(dtype, (double)value, PVC_ROUND_RINT, PVC_SAT_OFF), \
      "bits of a run-time int at dtype: RINT, saturate OFF, as a literal's (§5.2, §5.7)") \
    M(M_ENCODE_F, "encode.f", NONE, (O(NUM, value)), (AD(dtype)), (R(INT, bits)), 0, 0, S, 1, 0, \
      *bits = (int64_t)pvc_value_encode(dtype, value, PVC_ROUND_RINT, PVC_SAT_OFF), \
      "bits of a run-time float at dtype, as a literal's (§5.2, §5.7)") \
    M(M_MEM_BAR, "mem_bar", NONE, (), (AE(mode, MemBarMode, 0, 0)), (), 0, 0, V, 1, 0, \
      pvc_mem_bar(ctx, mode), "ordering hook (§5.6, decision 8)") \
    /* ---- jit kernels (§6) ---- */ \
    M(M_TG_STEP, "tg.step", NONE, (O(SLOT, slot)), (AI(delta, 0) AI(depth, 0)), (), 0, 0, S, 2, 0, \
      pvc_tile_group_step(slot, delta, depth), \
      "rotate a run-time slot: slot = (slot + delta) mod depth; next +1, previous depth-1 (§6)") \
    M(M_TG_ADDR, "tg.addr", NONE, (O(INT, slot)), (AI(base, 0) AI(slot_bytes, 0)), (R(ADDR, addr)), \
      0, 0, S, 2, 0, \
      *addr = pvc_tile_group_addr((uint32_t)base, slot, (uint32_t)slot_bytes), \
      "the slot's tile at run time: base + slot*slot_bytes (§6)") \
    M(M_GM_LOAD, "gm.load", NONE, \
      (O(TILE, tile) O(TENSOR, tensor) O(INT, r0) O(INT, c0) O(INT, valid_rows) O(INT, valid_cols)), (), (), \
      0, PVC_MF_FAULT, MTE2, 200, 32, \
      (void)pvc_gm_load(ctx, tile, tensor, r0, c0, valid_rows, valid_cols), \
      "tile[i][j] = tensor[r0+i][c0+j] for i, j inside the valid shape, clipped (§6)") \
    M(M_GM_STORE, "gm.store", NONE, \
      (O(TENSOR, tensor) O(TILE, tile) O(INT, r0) O(INT, c0) O(INT, valid_rows) O(INT, valid_cols)), (), (), \
      0, PVC_MF_FAULT, MTE3, 200, 32, \
      (void)pvc_gm_store(ctx, tensor, tile, r0, c0, valid_rows, valid_cols), \
      "tensor[r0+i][c0+j] = tile[i][j] inside the valid shape, clipped (§6)")

typedef enum {
    PVC_OP_NONE = -1, /* FROM of a machine op made by hand-written code */
#define X(id, name, pos, kw, minp, maxp, nres, res, flags, doc) PVC_OP_##id,
    PVC_OPS(X)
#undef X
#define M(id, ...) PVC_OP_##id,
    PVC_MOPS(M)
#undef M
    PVC_OP_COUNT
} pvc_opcode;

/* The first machine opcode: pvc_mops[code - PVC_OP_MFIRST] is machine op `code`. */
enum {
#define X(id, name, pos, kw, minp, maxp, nres, res, flags, doc) PVC_OPROW_##id,
    PVC_OPS(X)
#undef X
    PVC_OP_MFIRST
};
#define PVC_MOP_COUNT (PVC_OP_COUNT - PVC_OP_MFIRST)

/* Operand / result kinds of a machine op (the OPERANDS and RESULTS columns). */
typedef enum {
    PVC_OK_VREG, PVC_OK_MASK, PVC_OK_PRED, PVC_OK_BITS, PVC_OK_INT, PVC_OK_NUM, PVC_OK_ADDR,
    PVC_OK_CURSOR, PVC_OK_SLOT, PVC_OK_ULD, PVC_OK_UST, PVC_OK_TILE, PVC_OK_TENSOR,
    PVC_OK_END /* closes each row's lists */
} pvc_opnd_kind;

/* Attribute kinds (the ATTRS column); an AZ entry checks the DSL call and makes no attribute. */
typedef enum { PVC_AK_DTYPE, PVC_AK_ENUM, PVC_AK_INT, PVC_AK_ZEROING, PVC_AK_END } pvc_attr_kind;

typedef struct {
    pvc_opnd_kind kind;
    const char *name;
} pvc_opnd;

typedef struct {
    pvc_attr_kind kind;
    const char *name;
    int ns;         /* ENUM: pvc_enum_ns */
    int64_t dflt;   /* ENUM, INT: value when a GENERIC call omits the keyword */
    uint64_t legal; /* ENUM: bit v set = member v allowed (0: any) */
} pvc_attrdesc;

typedef struct {
    const char *name;
    int from;                  /* GENERIC DSL opcode, or PVC_OP_NONE */
    const pvc_opnd *opnd;      /* nopnd operands, then an END row */
    const pvc_attrdesc *attr;  /* nattr entries (AZ checks included), then an END row */
    const pvc_opnd *res;       /* nres results, then an END row */
    int nopnd, nattr, nres;
    uint32_t dtypes;           /* bit t = pvc_dtype t legal as the op dtype; 0 = unchecked */
    unsigned flags;            /* PVC_MF_* */
    pvc_pipe pipe;
    unsigned base, bpc;        /* cost: base + ceil(bytes / bpc) cycles */
    const char *call;          /* the CALL column as text (the emitter expands it) */
    const char *doc;
} pvc_mop;

extern const pvc_mop pvc_mops[PVC_MOP_COUNT];

/* The row of machine op `code`, or NULL for a DSL op. */
static inline const pvc_mop *pvc_mop_of(int code)
{
    return code >= PVC_OP_MFIRST && code < PVC_OP_COUNT ? &pvc_mops[code - PVC_OP_MFIRST] : 0;
}

/* Estimated cycles of one execution that moved `bytes` UB bytes (the cost columns). */
static inline uint64_t pvc_mop_cycles(const pvc_mop *m, uint64_t bytes)
{
    return m->base + (m->bpc ? (bytes + m->bpc - 1) / m->bpc : 0);
}

/* Enum namespaces. X(NS, "meaning", VIS): VIS PL = reachable as pl.<NS>.<MEMBER>;
 * HW = machine-op attributes only (printed without "pl."), never written by the user.
 * Members that are runtime tables come from pvc_rt.h so each list exists once (ops.c):
 * LoadDist = PVC_LOAD_DISTS, MaskPattern = PVC_MASK_PATTERNS, MemBarMode = PVC_MEMBARS,
 * VFRoundMode = PVC_ROUNDS, HwStoreDist = PVC_STORE_DISTS, MaskDist = PVC_MASK_DISTS,
 * DuplicatePos = PVC_POSITIONS; a member's value is the runtime enum value (pvc_load_dist, ...). */
#define PVC_ENUM_NS(X)                                                 \
    X(LoadDist,     "load distribution (§2.2-§2.5)", PL)              \
    X(StoreDist,    "store distribution (§3.1)", PL)                  \
    X(MaskPattern,  "create_mask pattern (§5.1)", PL)                 \
    X(CastLayout,   "astype lane placement (§5.4)", PL)               \
    X(VFRoundMode,  "astype rounding (§5.4)", PL)                     \
    X(SaturateMode, "astype saturation (§5.4)", PL)                   \
    X(MemBarMode,   "mem_bar ordering (§5.6)", PL)                    \
    X(DataCopyMode, "contiguous or DataBlock move (§2.4, §3.5)", PL)  \
    X(MemorySpace,  "tile memory (§6)", PL)                           \
    X(MergeMode,    "inactive-lane rule (§5.3)", PL)                  \
    X(HwStoreDist,  "explicit store dist of st.* (§3.1, §3.3)", HW)   \
    X(MaskDist,     "mask load/store dist of ld.mask/st.mask (§2.5, §3.6)", HW) \
    X(DuplicatePos, "lane broadcast by vf.full of a register (§5.7)", PL) \
    X(PipeType,     "pipe of pl.system.sync_src/sync_dst (§6; no-op here)", PL)

/* Hand-written members: X(NS, MEMBER, value, "meaning"); value is the runtime enum value
 * where one exists (pvc_rt.h), else pvc's own index. The pypto StoreDist names map onto the
 * runtime's generic/explicit store dists (PVC_STORE_DISTS, resolved by PVC_STORE_RESOLVE). */
#define PVC_ENUM_MEMBERS(X)                                                        \
    X(StoreDist, NORM, PVC_ST_NORM, "store active elements")                       \
    X(StoreDist, NORM_B16, PVC_ST_NORM_B16, "store at 16-bit granularity")         \
    X(StoreDist, FIRST_ELEMENT, PVC_ST_FIRST_ELEMENT, "store element 0 only, mask ignored") \
    X(StoreDist, PACK, PVC_ST_PACK, "store the low half of each element")          \
    X(StoreDist, PACK4, PVC_ST_PACK4, "store the low byte of each 32-bit element") \
    X(StoreDist, INTLV, PVC_ST_INTLV, "interleave two registers")                  \
    X(StoreDist, INTLV_B32, PVC_ST_INTLV_B32, "interleave two registers at 32 bits") \
    X(CastLayout, ZERO, PVC_LAYOUT_ZERO, "lane 0 of each group")                   \
    X(CastLayout, ONE, PVC_LAYOUT_ONE, "lane 1")                                   \
    X(CastLayout, TWO, PVC_LAYOUT_TWO, "lane 2 (4:1 casts)")                       \
    X(CastLayout, THREE, PVC_LAYOUT_THREE, "lane 3 (4:1 casts)")                   \
    X(SaturateMode, OFF, PVC_SAT_OFF, "wrap / IEEE overflow")                      \
    X(SaturateMode, ON, PVC_SAT_ON, "clamp to the destination range")              \
    X(DataCopyMode, NORM, 0, "contiguous move")                                    \
    X(DataCopyMode, DATA_BLOCK_COPY, 1, "8 strided 32-byte blocks under a mask")   \
    X(DataCopyMode, DATA_BLOCK_LOAD, 2, "alias of DATA_BLOCK_COPY")                \
    X(MemorySpace, Vec, 0, "Unified Buffer")                                       \
    X(MemorySpace, Acc, 1, "accumulator buffer")                                   \
    X(MergeMode, ZEROING, PVC_MERGE_ZEROING, "inactive lanes become 0")            \
    X(MergeMode, MERGING, PVC_MERGE_MERGING, "inactive lanes keep the destination") \
    X(PipeType, S, 0, "scalar pipe")                                               \
    X(PipeType, V, 1, "vector pipe")                                               \
    X(PipeType, M, 2, "cube (matrix) pipe")                                        \
    X(PipeType, MTE1, 3, "L1 -> L0A/L0B moves")                                    \
    X(PipeType, MTE2, 4, "GM -> on-chip moves (pl.load)")                          \
    X(PipeType, MTE3, 5, "UB -> GM moves (pl.store)")                              \
    X(PipeType, FIX, 6, "L0C -> GM moves (fixpipe)")

typedef enum {
#define X(ns, text, vis) PVC_NS_##ns,
    PVC_ENUM_NS(X)
#undef X
    PVC_NS_COUNT
} pvc_enum_ns;

/* Top-level pl constants that are neither ops nor dtypes (§6). */
#define PVC_PL_CONSTS(X)                                  \
    X(DYNAMIC, "dimension read from the argument at call time") \
    X(STATIC,  "dimension fixed at compile time")

#endif /* PVC_OPS_H */
