/* ops.h - every name of the DSL, described once (QBE-style X-macro tables).
 *
 * The lowering reads these tables to turn a call into an op and to check its arguments;
 * the diagnostics quote them; the dumps print their names. Later passes add columns
 * (runtime symbol, cost, legal dists) to the same rows.
 *
 * PVC_OPS(X) columns:
 *   X(ID, "name", "positional params", "keyword params", min_pos, max_pos, nres, RESULT, FLAGS,
 *     "doc")
 *     ID        C identifier, the op is PVC_OP_<ID>
 *     name      as written in Python ("vf.load_align"); methods are "tile_group.<method>"
 *     positional names of the arguments that may be given by position, in order
 *               (space-separated; they may also be given by keyword)
 *     keyword   names accepted only as keywords
 *     min/max   positional argument count (a keyword naming a positional counts toward min)
 *     nres      most results the op produces (1 or 2 targets when nres is 2)
 *     RESULT    pvc_type_kind suffix of its result(s) before the types pass (ANY = unknown)
 *     FLAGS     kind bits, see PVC_OPF_*
 *     doc       one line of meaning, printed by `pvc help ops`
 * Signatures: SEMANTICS.md §2-§6.
 */
#ifndef PVC_OPS_H
#define PVC_OPS_H

#define PVC_OPS(X) \
    /* ---- core ops the lowering produces from Python syntax ---- */ \
    X(ASSIGN,   "assign",   "value", "", 1, 1, 1, ANY, CORE, "x = y: copy a value into a name") \
    X(LIST,     "list",     "",      "", 0, 64, 1, LIST, CORE, "[a, b, ...]: offsets, shapes, ids") \
    X(ADD,      "add",      "lhs rhs", "", 2, 2, 1, ANY, CORE, "a + b; tile + k is +k tile elements (§1.5)") \
    X(SUB,      "sub",      "lhs rhs", "", 2, 2, 1, ANY, CORE, "a - b") \
    X(MUL,      "mul",      "lhs rhs", "", 2, 2, 1, ANY, CORE, "a * b") \
    X(FLOORDIV, "floordiv", "lhs rhs", "", 2, 2, 1, ANY, CORE, "a // b, Python floor division") \
    X(MOD,      "mod",      "lhs rhs", "", 2, 2, 1, ANY, CORE, "a % b, Python modulo (sign of b)") \
    X(NEG,      "neg",      "value", "", 1, 1, 1, ANY, CORE, "-a") \
    X(CALL,     "call",     "", "", 0, 64, 0, NONE, CORE, "jit kernel -> vector function; attr callee") \
    /* ---- vf: registers, loads and stores (§2-§4) ---- */ \
    X(LOAD_ALIGN, "vf.load_align", "tile offset", \
      "dist dtype post_update block_stride repeat_stride data_copy_mode", 1, 2, 2, REG, VF, "UB -> register(s) by dist; DINTLV gives two (§2)") \
    X(STORE_ALIGN, "vf.store_align", "tile src preg offset repeat_stride", \
      "dist data_copy_mode block_stride post_update", 2, 5, 0, NONE, VF, "register/mask -> UB under a mask (§3); DataBlock form: 4th/5th are block/repeat stride (§3.5)") \
    X(LOAD_UNALIGN_INIT, "vf.load_unalign_init", "", "", 0, 0, 1, UREG_LOAD, VF, "declare an unaligned-load register (§1.3)") \
    X(LOAD_UNALIGN_PRE, "vf.load_unalign_pre", "ureg tile", "", 2, 2, 0, NONE, VF, "prime it from the tile base (§4)") \
    X(LOAD_UNALIGN, "vf.load_unalign", "ureg tile stride", "", 2, 3, 1, REG, VF, "unaligned load; with stride: post-updates (§4)") \
    X(UNALIGN_REG_FOR_STORE, "vf.unalign_reg_for_store", "", "", 0, 0, 1, UREG_STORE, VF, "declare an unaligned-store register (§1.3)") \
    X(STORE_UNALIGN, "vf.store_unalign", "tile src ureg count", "post_update", 3, 4, 0, NONE, VF, "append to the store stream (§4.2, §4.3)") \
    X(STORE_UNALIGN_POST, "vf.store_unalign_post", "tile ureg stride", "post_update", 2, 3, 0, NONE, VF, "flush the parked tail (§4.2)") \
    X(CREATE_ADDR_REG, "vf.create_addr_reg", "s0 s1 s2 s3 s4 s5 s6 s7", "dtype", 1, 8, 1, ADDR_REG, VF, "strides, or index/stride pairs (§1.4)") \
    X(MEM_BAR, "vf.mem_bar", "mode", "", 0, 1, 0, NONE, VF, "order vector/scalar UB accesses (§5.6)") \
    /* ---- vf: masks and compares (§5.1, §5.2) ---- */ \
    X(CREATE_MASK, "vf.create_mask", "pattern dtype", "", 0, 2, 1, MASK, VF, "pattern mask at dtype granularity (§5.1)") \
    X(UPDATE_MASK, "vf.update_mask", "n dtype", "", 1, 2, 1, MASK, VF, "first min(n, N) elements active (§5.1)") \
    X(EQ, "vf.eq", "a b preg", "cmp_dtype", 3, 3, 1, MASK, VF, "a == b per active lane -> mask (§5.2)") \
    X(NE, "vf.ne", "a b preg", "cmp_dtype", 3, 3, 1, MASK, VF, "a != b") \
    X(LT, "vf.lt", "a b preg", "cmp_dtype", 3, 3, 1, MASK, VF, "a < b") \
    X(GT, "vf.gt", "a b preg", "cmp_dtype", 3, 3, 1, MASK, VF, "a > b") \
    X(LE, "vf.le", "a b preg", "cmp_dtype", 3, 3, 1, MASK, VF, "a <= b") \
    X(GE, "vf.ge", "a b preg", "cmp_dtype", 3, 3, 1, MASK, VF, "a >= b") \
    /* ---- vf: compute and casts (§5.3-§5.7) ---- */ \
    X(ABS, "vf.abs", "src preg", "mode", 2, 2, 1, REG, VF, "|x| on active lanes, 0 elsewhere (§5.3)") \
    X(RELU, "vf.relu", "src preg", "mode", 2, 2, 1, REG, VF, "max(x, 0) on active lanes (§7)") \
    X(ASTYPE, "vf.astype", "src preg dtype", "layout round_mode saturate", 2, 3, 1, REG, VF, "convert with lane layout (§5.4)") \
    X(FULL, "vf.full", "value preg", "dtype pos mode", 1, 2, 1, REG, VF, "broadcast a scalar or lane 0/N-1 (§5.7)") \
    /* ---- pl: jit kernel surface (§6) ---- */ \
    X(TILE_TYPE, "pl.TileType", "shape dtype target_memory", \
      "valid_shape layout fractal pad compact", 0, 3, 1, TILE_TYPE, PL, "2-D UB tile descriptor") \
    X(MAKE_TILE_GROUP, "pl.make_tile_group", "type addrs mutex_ids depth", "", 0, 4, 1, TILE_GROUP, PL, "depth slots from UB byte address addrs") \
    X(MAKE_TILE, "pl.make_tile", "type addr size", "", 0, 3, 1, TILE, PL, "one tile at UB byte address addr; size in bytes, at least the tile's (§6)") \
    X(TG_SLOT, "tile_group[]", "index", "", 1, 1, 1, TILE, METHOD, "grp[i]: slot i, no rotation") \
    X(TG_CURRENT, "tile_group.current", "", "", 0, 0, 1, TILE, METHOD, "current slot, no rotation") \
    X(TG_NEXT, "tile_group.next", "", "", 0, 0, 1, TILE, METHOD, "advance, then the slot") \
    X(TG_PREVIOUS, "tile_group.previous", "", "", 0, 0, 1, TILE, METHOD, "step back, then the slot") \
    X(SECTION_VECTOR, "pl.section_vector", "", "", 0, 0, 0, NONE, PL | PVC_OPF_BLOCK, "body runs on the vector core") \
    X(RANGE, "pl.range", "start stop step", "", 1, 3, 1, INT, PL | PVC_OPF_BLOCK, "for v in range(...): body; Python semantics") \
    X(LOAD, "pl.load", "tile tensor offsets", "", 2, 3, 0, NONE, PL, "GM tensor [r0,c0].. -> UB tile") \
    X(STORE, "pl.store", "tensor tile offsets", "", 2, 3, 0, NONE, PL, "UB tile -> GM tensor at [r0,c0]") \
    X(SET_VALIDSHAPE, "pl.set_validshape", "tile shape", "", 2, 2, 0, NONE, PL, "valid rows/cols of a tile") \
    X(SYNC_SRC, "pl.system.sync_src", "set_pipe wait_pipe event_id", "", 3, 3, 0, NONE, PL, "pipe sync: set (no-op when sequential)") \
    X(SYNC_DST, "pl.system.sync_dst", "set_pipe wait_pipe event_id", "", 3, 3, 0, NONE, PL, "pipe sync: wait (no-op when sequential)") \
    X(BAR_ALL, "pl.system.bar_all", "", "", 0, 0, 0, NONE, PL, "barrier on every pipe (no-op when sequential)") \
    X(TENSOR, "pl.Tensor", "", "", 0, 0, 0, NONE, PL | PVC_OPF_ANNOT, "pl.Tensor[[dims], dtype]: parameter annotation only")

/* Op flags. CORE: produced from syntax, never named by the user; VF/PL: vf.* / pl.* calls;
 * METHOD: x.m() on a value, the receiver is operand 0; BLOCK: the op owns a body;
 * ANNOT: a type annotation, not callable; MACHINE: produced by the dispatch pass, maps 1:1
 * onto the runtime function of its PVC_MOPS row. */
enum {
    PVC_OPF_CORE = 1 << 0,
    PVC_OPF_VF = 1 << 1,
    PVC_OPF_PL = 1 << 2,
    PVC_OPF_METHOD = 1 << 3,
    PVC_OPF_BLOCK = 1 << 4,
    PVC_OPF_ANNOT = 1 << 5,
    PVC_OPF_MACHINE = 1 << 6,
};

/* Machine ops (docs/IR.md "Machine ops"): what the dispatch pass leaves in a vector function
 * (and gm.load/gm.store in jit kernels). Each is ONE call of the runtime function named in
 * its row, so the C emitter prints one call per op and the simulator makes the same call.
 *
 * PVC_MOPS(M) columns:
 *   M(ID, "name", "operands", "attrs", nres, RESULT, "runtime function", "doc")
 *     operands  runtime values, in order, exactly this many (space-separated names);
 *               a name starting with '*' is updated in place (a cursor or an unaligned
 *               register: the emitter passes its address)
 *     attrs     compile-time constants, every one present (ints, dtypes or enum members)
 *     nres      results (registers written); RESULT their pvc_type_kind suffix
 *     doc       one line of meaning, printed by `pvc help ops`
 * Units: addr / base / cursor are UB byte addresses (uint32); step is BYTES; count, n are
 * element counts; gran and elem_bytes are bytes; bits is the raw element encoding of a
 * scalar (pvc_value_encode: at compile time for a literal, by `encode` for a parameter). */
#define PVC_MOPS(M) \
    /* ---- addresses (§1.4, §1.5, §2.1, decisions 6 and 7) ---- */ \
    M(M_UB_ADDR, "ub.addr", "tile off", "", 1, INT, "pvc_tile_off_addr", "tile.addr + off*lane_bytes(tile dtype); off in tile elements (§2.1)") \
    M(M_CURSOR_INIT, "cursor.init", "tile", "", 1, INT, "pvc_tile_off_addr", "post-update cursor := tile base, one per tile expression per VF (§1.5)") \
    M(M_AREG, "areg", "s0 s1 s2 s3 i0 i1 i2 i3", "dtype n", 1, INT, "pvc_areg_bytes", "AddrReg bytes = sizeof(dtype)*sum s_k*i_k, k<n, outermost first; unused slots 0 (decision 6)") \
    /* ---- vf.load_align (§2) ---- */ \
    M(M_LD_REG, "ld.reg", "addr", "dist", 1, REG, "pvc_load_align", "one register by an explicit LoadDist (§2.2)") \
    M(M_LD_REG_POST, "ld.reg.post", "*cursor step", "dist", 1, REG, "pvc_load_align_post", "read at cursor, then cursor += step bytes (§2.1)") \
    M(M_LD_X2, "ld.x2", "addr", "dist", 2, REG, "pvc_load_align_x2", "DINTLV_Bw: two registers (§2.3)") \
    M(M_LD_X2_POST, "ld.x2.post", "*cursor step", "dist", 2, REG, "pvc_load_align_x2_post", "DINTLV, post-update (§2.3)") \
    M(M_LD_BLK, "ld.blk", "addr mask", "block_stride", 1, REG, "pvc_load_align_datablock", "DATA_BLOCK_COPY at the tile base (§2.4)") \
    M(M_LD_BLK_POST, "ld.blk.post", "*cursor mask", "block_stride repeat_stride", 1, REG, "pvc_load_align_datablock_post", "at cursor, then cursor += repeat_stride*32 (§2.4)") \
    M(M_LD_MASK, "ld.mask", "addr", "dist", 1, MASK, "pvc_mask_load", "mask destination, MaskDist LD_NORM/LD_US/LD_DS (§2.5)") \
    M(M_LD_MASK_POST, "ld.mask.post", "*cursor step", "dist", 1, MASK, "pvc_mask_load_post", "mask destination, cursor += step bytes (§2.5)") \
    /* ---- vf.store_align (§3) ---- */ \
    M(M_ST_REG, "st.reg", "addr src mask", "dist", 0, NONE, "pvc_store_align", "explicit HwStoreDist NORM_Bw/ONEPT_Bw/PK_Bx/PK4_B32 (§3.3)") \
    M(M_ST_REG_POST, "st.reg.post", "*cursor step src mask", "dist", 0, NONE, "pvc_store_align_post", "at cursor, then cursor += step bytes (§3.2)") \
    M(M_ST_X2, "st.x2", "addr src0 src1", "dist", 0, NONE, "pvc_store_align_x2", "INTLV_Bw, mask ignored (§3.4)") \
    M(M_ST_BLK, "st.blk", "addr src mask", "block_stride", 0, NONE, "pvc_store_align_datablock", "DATA_BLOCK_COPY store at the base (§3.5)") \
    M(M_ST_BLK_POST, "st.blk.post", "*cursor src mask", "block_stride repeat_stride", 0, NONE, "pvc_store_align_datablock_post", "at cursor, cursor += rs*32 (§3.5)") \
    M(M_ST_MASK, "st.mask", "addr src", "dist", 0, NONE, "pvc_mask_store", "mask source, MaskDist ST_NORM/ST_PACK (§3.6)") \
    M(M_ST_MASK_POST, "st.mask.post", "*cursor step src", "dist", 0, NONE, "pvc_mask_store_post", "mask source, cursor += step bytes (§3.6)") \
    /* ---- unaligned family (§4) ---- */ \
    M(M_LDU_INIT, "ldu.init", "", "", 1, UREG_LOAD, "pvc_load_unalign_init", "empty load ureg (§1.3)") \
    M(M_LDU_PRE, "ldu.pre", "*ureg addr", "", 0, NONE, "pvc_load_unalign_pre", "cache the block holding addr (§4.1)") \
    M(M_LDU, "ldu", "*ureg addr", "", 1, REG, "pvc_load_unalign", "unaligned load at addr, no update (§4.1)") \
    M(M_LDU_POST, "ldu.post", "*ureg *cursor step", "", 1, REG, "pvc_load_unalign_post", "at cursor, then cursor += step bytes (§4.1)") \
    M(M_LDU_AREG, "ldu.areg", "*ureg base areg", "", 1, REG, "pvc_load_unalign_areg", "at base + areg, no update (§4.4 [I])") \
    M(M_STU_INIT, "stu.init", "", "", 1, UREG_STORE, "pvc_unalign_reg_for_store", "empty store ureg (§1.3)") \
    M(M_STU, "stu", "*cursor src *ureg count", "elem_bytes post", 0, NONE, "pvc_store_unalign", "append count*elem_bytes bytes; post: cursor += them (§4.2, §8 #4)") \
    M(M_STU_MASK, "stu.mask", "*cursor src *ureg", "gran", 0, NONE, "pvc_mask_store_unalign", "pack the mask at gran 2 (16 B) / 4 (8 B), append, cursor += 16/8 (§4.3)") \
    M(M_STU_FLUSH, "stu.flush", "*cursor *ureg step", "post", 0, NONE, "pvc_store_unalign_post", "write parked bytes at floor32(cursor); post: cursor += step (§4.2)") \
    M(M_STU_AREG, "stu.areg", "base areg src *ureg", "elem_bytes", 0, NONE, "pvc_store_unalign_areg", "256 bytes at base + areg, no update (§4.4 [I])") \
    M(M_STU_CHECK, "stu.check", "ureg cursor", "", 0, NONE, "pvc_ureg_st_check", "end of VF: fault UNFLUSHED if bytes are still parked (§4.2)") \
    /* ---- masks, compares, compute (§5) ---- */ \
    M(M_MASK_CREATE, "mask.create", "", "pattern gran", 1, MASK, "pvc_mask_create", "pattern at gran bytes, tested bits only (§5.1)") \
    M(M_MASK_UPDATE, "mask.update", "n", "gran", 1, MASK, "pvc_mask_update", "first min(n, 256/gran) elements (§5.1)") \
    M(M_CMP, "cmp", "a b preg", "op dtype", 1, MASK, "pvc_compare", "register compare at dtype width (§5.2)") \
    M(M_CMP_S, "cmp.s", "a bits preg", "op dtype", 1, MASK, "pvc_compare_scalar", "scalar compare, bits = raw dtype encoding (§5.2)") \
    M(M_ABS, "abs", "src preg", "dtype", 1, REG, "pvc_abs", "|x| on active lanes, zeroing (§5.3)") \
    M(M_RELU, "relu", "src preg", "dtype", 1, REG, "pvc_relu", "max(x, 0) on active lanes, zeroing (§5.3)") \
    M(M_ASTYPE, "astype", "src preg", "from to layout round sat", 1, REG, "pvc_astype", "§5.4 cast, every mode explicit") \
    M(M_FULL, "full", "bits", "dtype", 1, REG, "pvc_full", "every lane = bits (vbr, preg NULL) (§5.7)") \
    M(M_FULL_M, "full.m", "bits preg", "dtype mode", 1, REG, "pvc_full", "masked broadcast, ZEROING/MERGING (vdup) (§5.7)") \
    M(M_FULL_REG, "full.reg", "src preg", "dtype pos mode", 1, REG, "pvc_full_reg", "lane 0 / N-1 of src broadcast (§5.7)") \
    M(M_ENCODE, "encode", "value", "dtype", 1, INT, "pvc_value_encode", "bits of a run-time scalar at dtype: RINT, saturate OFF, as a literal's (§5.2, §5.7)") \
    M(M_MEM_BAR, "mem_bar", "", "mode", 0, NONE, "pvc_mem_bar", "ordering hook (§5.6, decision 8)") \
    /* ---- jit kernels (§6) ---- */ \
    M(M_TG_STEP, "tg.step", "*slot", "delta depth", 0, NONE, "pvc_tile_group_step", "rotate a run-time slot: slot = (slot + delta) mod depth; next +1, previous depth-1 (§6)") \
    M(M_TG_ADDR, "tg.addr", "slot", "base slot_bytes", 1, TILE, "pvc_tile_group_addr", "the slot's tile at run time: base + slot*slot_bytes (§6)") \
    M(M_GM_LOAD, "gm.load", "tile tensor r0 c0", "valid_rows valid_cols", 0, NONE, "pvc_gm_load", "tile[i][j] = tensor[r0+i][c0+j] for i, j inside the valid shape, clipped (§6)") \
    M(M_GM_STORE, "gm.store", "tensor tile r0 c0", "valid_rows valid_cols", 0, NONE, "pvc_gm_store", "tensor[r0+i][c0+j] = tile[i][j] inside the valid shape, clipped (§6)")

typedef enum {
#define X(id, name, pos, kw, minp, maxp, nres, res, flags, doc) PVC_OP_##id,
    PVC_OPS(X)
#undef X
#define M(id, name, operands, attrs, nres, res, fn, doc) PVC_OP_##id,
    PVC_MOPS(M)
#undef M
    PVC_OP_COUNT
} pvc_opcode;

/* Enum namespaces. X(NS, "meaning", VIS): VIS PL = reachable as pl.<NS>.<MEMBER>;
 * HW = machine-op attributes only (printed without "pl."), never written by the user.
 * Members that are runtime tables come from pvc_rt.h so each list exists once (ops.c):
 * LoadDist = PVC_LOAD_DISTS, MaskPattern = PVC_MASK_PATTERNS, MemBarMode = PVC_MEMBARS,
 * VFRoundMode = PVC_ROUNDS, HwStoreDist = PVC_STORE_DISTS, MaskDist = PVC_MASK_DISTS,
 * Compare = PVC_COMPARES, DuplicatePos = PVC_POSITIONS; a member's value is the runtime enum value (pvc_load_dist, ...). */
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
    X(Compare,      "compare of cmp/cmp.s (§5.2)", HW)                \
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
