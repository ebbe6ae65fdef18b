/* ops.h - every name of the DSL, described once (QBE-style X-macro tables).
 *
 * The lowering reads these tables to turn a call into an op and to check its arguments;
 * the diagnostics quote them; the dumps print their names. Later passes add columns
 * (runtime symbol, cost, legal dists) to the same rows.
 *
 * PVC_OPS(X) columns:
 *   X(ID, "name", "positional params", "keyword params", min_pos, max_pos, nres, RESULT, FLAGS)
 *     ID        C identifier, the op is PVC_OP_<ID>
 *     name      as written in Python ("vf.load_align"); methods are "tile_group.<method>"
 *     positional names of the arguments that may be given by position, in order
 *               (space-separated; they may also be given by keyword)
 *     keyword   names accepted only as keywords
 *     min/max   positional argument count (a keyword naming a positional counts toward min)
 *     nres      most results the op produces (1 or 2 targets when nres is 2)
 *     RESULT    pvc_type_kind suffix of its result(s) before the types pass (ANY = unknown)
 *     FLAGS     kind bits, see PVC_OPF_*
 * Signatures: SEMANTICS.md §2-§6.
 */
#ifndef PVC_OPS_H
#define PVC_OPS_H

#define PVC_OPS(X) \
    /* ---- core ops the lowering produces from Python syntax ---- */ \
    X(ASSIGN,   "assign",   "value", "", 1, 1, 1, ANY, CORE)                /* x = y: copy a value into a name */ \
    X(LIST,     "list",     "",      "", 0, 64, 1, LIST, CORE)              /* [a, b, ...]: offsets, shapes, ids */ \
    X(ADD,      "add",      "lhs rhs", "", 2, 2, 1, ANY, CORE)              /* a + b; tile + k is +k tile elements (§1.5) */ \
    X(SUB,      "sub",      "lhs rhs", "", 2, 2, 1, ANY, CORE)              /* a - b */ \
    X(MUL,      "mul",      "lhs rhs", "", 2, 2, 1, ANY, CORE)              /* a * b */ \
    X(FLOORDIV, "floordiv", "lhs rhs", "", 2, 2, 1, ANY, CORE)              /* a // b, Python floor division */ \
    X(MOD,      "mod",      "lhs rhs", "", 2, 2, 1, ANY, CORE)              /* a % b, Python modulo (sign of b) */ \
    X(NEG,      "neg",      "value", "", 1, 1, 1, ANY, CORE)                /* -a */ \
    X(CALL,     "call",     "", "", 0, 64, 0, NONE, CORE)                   /* jit kernel -> vector function; attr callee */ \
    /* ---- vf: registers, loads and stores (§2-§4) ---- */ \
    X(LOAD_ALIGN, "vf.load_align", "tile offset", \
      "dist dtype post_update block_stride repeat_stride data_copy_mode", 1, 2, 2, REG, VF) /* UB -> register(s) by dist; DINTLV gives two (§2) */ \
    X(STORE_ALIGN, "vf.store_align", "tile src preg offset repeat_stride", \
      "dist data_copy_mode block_stride post_update", 2, 5, 0, NONE, VF)    /* register/mask -> UB under a mask (§3); DataBlock form: 4th/5th are block/repeat stride (§3.5) */ \
    X(LOAD_UNALIGN_INIT, "vf.load_unalign_init", "", "", 0, 0, 1, UREG_LOAD, VF)  /* declare an unaligned-load register (§1.3) */ \
    X(LOAD_UNALIGN_PRE, "vf.load_unalign_pre", "ureg tile", "", 2, 2, 0, NONE, VF) /* prime it from the tile base (§4) */ \
    X(LOAD_UNALIGN, "vf.load_unalign", "ureg tile stride", "", 2, 3, 1, REG, VF)   /* unaligned load; with stride: post-updates (§4) */ \
    X(UNALIGN_REG_FOR_STORE, "vf.unalign_reg_for_store", "", "", 0, 0, 1, UREG_STORE, VF) /* declare an unaligned-store register (§1.3) */ \
    X(STORE_UNALIGN, "vf.store_unalign", "tile src ureg count", "post_update", 3, 4, 0, NONE, VF) /* append to the store stream (§4.2, §4.3) */ \
    X(STORE_UNALIGN_POST, "vf.store_unalign_post", "tile ureg stride", "post_update", 2, 3, 0, NONE, VF) /* flush the parked tail (§4.2) */ \
    X(CREATE_ADDR_REG, "vf.create_addr_reg", "s0 s1 s2 s3 s4 s5 s6 s7", "dtype", 1, 8, 1, ADDR_REG, VF) /* strides, or index/stride pairs (§1.4) */ \
    X(MEM_BAR, "vf.mem_bar", "mode", "", 0, 1, 0, NONE, VF)                 /* order vector/scalar UB accesses (§5.6) */ \
    /* ---- vf: masks and compares (§5.1, §5.2) ---- */ \
    X(CREATE_MASK, "vf.create_mask", "pattern dtype", "", 0, 2, 1, MASK, VF) /* pattern mask at dtype granularity (§5.1) */ \
    X(UPDATE_MASK, "vf.update_mask", "n dtype", "", 1, 2, 1, MASK, VF)      /* first min(n, N) elements active (§5.1) */ \
    X(EQ, "vf.eq", "a b preg", "cmp_dtype", 3, 3, 1, MASK, VF)               /* a == b per active lane -> mask (§5.2) */ \
    X(NE, "vf.ne", "a b preg", "cmp_dtype", 3, 3, 1, MASK, VF)               /* a != b */ \
    X(LT, "vf.lt", "a b preg", "cmp_dtype", 3, 3, 1, MASK, VF)               /* a < b */ \
    X(GT, "vf.gt", "a b preg", "cmp_dtype", 3, 3, 1, MASK, VF)               /* a > b */ \
    X(LE, "vf.le", "a b preg", "cmp_dtype", 3, 3, 1, MASK, VF)               /* a <= b */ \
    X(GE, "vf.ge", "a b preg", "cmp_dtype", 3, 3, 1, MASK, VF)               /* a >= b */ \
    /* ---- vf: compute and casts (§5.3-§5.7) ---- */ \
    X(ABS, "vf.abs", "src preg", "mode", 2, 2, 1, REG, VF)                   /* |x| on active lanes, 0 elsewhere (§5.3) */ \
    X(RELU, "vf.relu", "src preg", "mode", 2, 2, 1, REG, VF)                 /* max(x, 0) on active lanes (§7) */ \
    X(ASTYPE, "vf.astype", "src preg dtype", "layout round_mode saturate", 2, 3, 1, REG, VF) /* convert with lane layout (§5.4) */ \
    X(FULL, "vf.full", "value preg", "dtype pos mode", 1, 2, 1, REG, VF)     /* broadcast a scalar or lane 0/N-1 (§5.7) */ \
    /* ---- pl: jit kernel surface (§6) ---- */ \
    X(TILE_TYPE, "pl.TileType", "shape dtype target_memory", \
      "valid_shape layout fractal pad compact", 0, 3, 1, TILE_TYPE, PL)     /* 2-D UB tile descriptor */ \
    X(MAKE_TILE_GROUP, "pl.make_tile_group", "type addrs mutex_ids depth", "", 0, 4, 1, TILE_GROUP, PL) /* depth slots from UB byte address addrs */ \
    X(TG_CURRENT, "tile_group.current", "", "", 0, 0, 1, TILE, METHOD)     /* current slot, no rotation */ \
    X(TG_NEXT, "tile_group.next", "", "", 0, 0, 1, TILE, METHOD)           /* advance, then the slot */ \
    X(TG_PREVIOUS, "tile_group.previous", "", "", 0, 0, 1, TILE, METHOD)   /* step back, then the slot */ \
    X(SECTION_VECTOR, "pl.section_vector", "", "", 0, 0, 0, NONE, PL | PVC_OPF_BLOCK) /* body runs on the vector core */ \
    X(RANGE, "pl.range", "start stop step", "", 1, 3, 1, INT, PL | PVC_OPF_BLOCK) /* for v in range(...): body; Python semantics */ \
    X(LOAD, "pl.load", "tile tensor offsets", "", 2, 3, 0, NONE, PL)        /* GM tensor [r0,c0].. -> UB tile */ \
    X(STORE, "pl.store", "tensor tile offsets", "", 2, 3, 0, NONE, PL)      /* UB tile -> GM tensor at [r0,c0] */ \
    X(SET_VALIDSHAPE, "pl.set_validshape", "tile shape", "", 2, 2, 0, NONE, PL) /* valid rows/cols of a tile */ \
    X(SYNC_SRC, "pl.system.sync_src", "set_pipe wait_pipe event_id", "", 3, 3, 0, NONE, PL) /* pipe sync: set (no-op when sequential) */ \
    X(SYNC_DST, "pl.system.sync_dst", "set_pipe wait_pipe event_id", "", 3, 3, 0, NONE, PL) /* pipe sync: wait (no-op when sequential) */ \
    X(TENSOR, "pl.Tensor", "", "", 0, 0, 0, NONE, PL | PVC_OPF_ANNOT)        /* pl.Tensor[[dims], dtype]: parameter annotation only */

/* Op flags. CORE: produced from syntax, never named by the user; VF/PL: vf.* / pl.* calls;
 * METHOD: x.m() on a value, the receiver is operand 0; BLOCK: the op owns a body;
 * ANNOT: a type annotation, not callable. */
enum {
    PVC_OPF_CORE = 1 << 0,
    PVC_OPF_VF = 1 << 1,
    PVC_OPF_PL = 1 << 2,
    PVC_OPF_METHOD = 1 << 3,
    PVC_OPF_BLOCK = 1 << 4,
    PVC_OPF_ANNOT = 1 << 5,
};

typedef enum {
#define X(id, name, pos, kw, minp, maxp, nres, res, flags) PVC_OP_##id,
    PVC_OPS(X)
#undef X
    PVC_OP_COUNT
} pvc_opcode;

/* Enum namespaces reachable as pl.<NS>.<MEMBER> (SEMANTICS.md §2-§6). The members of
 * VFRoundMode come from PVC_ROUNDS in pvc_rt.h, the runtime's table. */
#define PVC_ENUM_NS(X)                                             \
    X(LoadDist,     "load distribution (§2.2-§2.5)")              \
    X(StoreDist,    "store distribution (§3.1)")                  \
    X(MaskPattern,  "create_mask pattern (§5.1)")                 \
    X(CastLayout,   "astype lane placement (§5.4)")               \
    X(VFRoundMode,  "astype rounding (§5.4)")                     \
    X(SaturateMode, "astype saturation (§5.4)")                   \
    X(MemBarMode,   "mem_bar ordering (§5.6)")                    \
    X(DataCopyMode, "contiguous or DataBlock move (§2.4, §3.5)")  \
    X(MemorySpace,  "tile memory (§6)")                           \
    X(MergeMode,    "inactive-lane rule (§5.3)")

/* X(NS, MEMBER, value, "meaning"); value is the member's index within pvc, not a hardware
 * encoding, except MaskPattern which carries the pset PAT_x value (§5.1). */
#define PVC_ENUM_MEMBERS(X)                                                        \
    X(LoadDist, NORM, 0, "256 contiguous bytes")                                   \
    X(LoadDist, BRC, 1, "broadcast one element; width from the register dtype")    \
    X(LoadDist, BRC_B8, 2, "broadcast one byte")                                   \
    X(LoadDist, BRC_B16, 3, "broadcast one 16-bit element")                        \
    X(LoadDist, BRC_B32, 4, "broadcast one 32-bit element")                        \
    X(LoadDist, US, 5, "upsample: each element twice; B8 or B16 by dtype")         \
    X(LoadDist, US_B8, 6, "upsample bytes")                                        \
    X(LoadDist, US_B16, 7, "upsample 16-bit elements")                             \
    X(LoadDist, DS, 8, "downsample: even elements; B8 or B16 by dtype")            \
    X(LoadDist, DS_B8, 9, "downsample bytes")                                      \
    X(LoadDist, DS_B16, 10, "downsample 16-bit elements")                          \
    X(LoadDist, UNPK, 11, "zero-extend in place; width from the dtype")            \
    X(LoadDist, UNPK_B8, 12, "u8 -> u16 lanes")                                    \
    X(LoadDist, UNPK_B16, 13, "u16 -> u32 lanes")                                  \
    X(LoadDist, UNPK_B32, 14, "u32 -> u64 lanes")                                  \
    X(LoadDist, UNPK4, 15, "byte -> 32-bit lane")                                  \
    X(LoadDist, UNPK4_B8, 16, "byte -> 32-bit lane")                               \
    X(LoadDist, BLK, 17, "one 32-byte block repeated 8 times")                     \
    X(LoadDist, E2B, 18, "element to block; B16 or B32 by dtype")                  \
    X(LoadDist, E2B_B16, 19, "8 x 16-bit elements, each fills a block")            \
    X(LoadDist, E2B_B32, 20, "8 x 32-bit elements, each fills a block")            \
    X(LoadDist, DINTLV_B8, 21, "de-interleave bytes into two registers")           \
    X(LoadDist, DINTLV_B16, 22, "de-interleave 16-bit elements")                   \
    X(LoadDist, DINTLV_B32, 23, "de-interleave 32-bit elements")                   \
    X(StoreDist, NORM, 0, "store active elements")                                 \
    X(StoreDist, NORM_B16, 1, "store at 16-bit granularity")                       \
    X(StoreDist, FIRST_ELEMENT, 2, "store element 0 only, mask ignored")           \
    X(StoreDist, PACK, 3, "store the low half of each element")                    \
    X(StoreDist, PACK4, 4, "store the low byte of each 32-bit element")            \
    X(StoreDist, INTLV, 5, "interleave two registers")                             \
    X(StoreDist, INTLV_B32, 6, "interleave two registers at 32 bits")              \
    X(MaskPattern, ALL, 0, "all elements")                                         \
    X(MaskPattern, VL1, 1, "lowest 1")                                             \
    X(MaskPattern, VL2, 2, "lowest 2")                                             \
    X(MaskPattern, VL3, 3, "lowest 3")                                             \
    X(MaskPattern, VL4, 4, "lowest 4")                                             \
    X(MaskPattern, VL8, 5, "lowest 8")                                             \
    X(MaskPattern, VL16, 6, "lowest 16")                                           \
    X(MaskPattern, VL32, 7, "lowest 32")                                           \
    X(MaskPattern, VL64, 8, "lowest 64")                                           \
    X(MaskPattern, VL128, 9, "lowest 128")                                         \
    X(MaskPattern, M3, 10, "indices = 0 mod 3")                                    \
    X(MaskPattern, M4, 11, "indices = 0 mod 4")                                    \
    X(MaskPattern, H, 12, "lowest half")                                           \
    X(MaskPattern, Q, 13, "lowest quarter")                                        \
    X(MaskPattern, ALLF, 15, "none")                                               \
    X(CastLayout, ZERO, 0, "lane 0 of each group")                                 \
    X(CastLayout, ONE, 1, "lane 1")                                                \
    X(CastLayout, TWO, 2, "lane 2 (4:1 casts)")                                    \
    X(CastLayout, THREE, 3, "lane 3 (4:1 casts)")                                  \
    X(SaturateMode, OFF, 0, "wrap / IEEE overflow")                                \
    X(SaturateMode, ON, 1, "clamp to the destination range")                       \
    X(MemBarMode, VST_VLD, 0, "vector store before vector load")                   \
    X(MemBarMode, VLD_VST, 1, "vector load before vector store")                   \
    X(MemBarMode, VST_VST, 2, "vector store before vector store")                  \
    X(MemBarMode, VST_LD, 3, "vector store before scalar load")                    \
    X(MemBarMode, VST_ST, 4, "vector store before scalar store")                   \
    X(MemBarMode, VLD_ST, 5, "vector load before scalar store")                    \
    X(MemBarMode, ST_VLD, 6, "scalar store before vector load")                    \
    X(MemBarMode, ST_VST, 7, "scalar store before vector store")                   \
    X(MemBarMode, LD_VST, 8, "scalar load before vector store")                    \
    X(MemBarMode, VV_ALL, 9, "all vector before all vector")                       \
    X(MemBarMode, VS_ALL, 10, "all vector before all scalar")                      \
    X(MemBarMode, SV_ALL, 11, "all scalar before all vector")                      \
    X(DataCopyMode, NORM, 0, "contiguous move")                                    \
    X(DataCopyMode, DATA_BLOCK_COPY, 1, "8 strided 32-byte blocks under a mask")   \
    X(DataCopyMode, DATA_BLOCK_LOAD, 2, "alias of DATA_BLOCK_COPY")                \
    X(MemorySpace, Vec, 0, "Unified Buffer")                                       \
    X(MemorySpace, Acc, 1, "accumulator buffer")                                   \
    X(MergeMode, ZEROING, 0, "inactive lanes become 0")                            \
    X(MergeMode, MERGING, 1, "inactive lanes keep the destination")

typedef enum {
#define X(ns, text) PVC_NS_##ns,
    PVC_ENUM_NS(X)
#undef X
    PVC_NS_COUNT
} pvc_enum_ns;

/* Top-level pl constants that are neither ops nor dtypes (§6). */
#define PVC_PL_CONSTS(X)                                  \
    X(DYNAMIC, "dimension read from the argument at call time") \
    X(STATIC,  "dimension fixed at compile time")

#endif /* PVC_OPS_H */
