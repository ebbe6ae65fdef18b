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
 * dispatch pass builds it from the row alone (passes/types_vf.c, passes/dispatch_compute.c
 * "generic"). Every other DSL op has a hand-written lowering in passes/dispatch*.c.
 *
 * PVC_OPS(X) columns:
 *   X(ID, "name", "positional params", "keyword params", min_pos, max_pos, nres, RESULT, FLAGS,
 *     LEVEL, "doc")
 *     ID        C identifier, the op is PVC_OP_<ID> (PY_ Python syntax, VF_ vf.*, PL_ pl.*)
 *     name      as written in Python ("vf.load_align"); methods are "tile_group.<method>";
 *               core ops have IR names ("py.add")
 *     positional names of the arguments that may be given by position, in order
 *               (space-separated; they may also be given by keyword, except the names
 *               before a "/", as in a Python signature)
 *     keyword   names accepted only as keywords
 *               A name of either list may carry a note, `name:KIND`: the argument must be a
 *               compile-time constant of that kind, checked by the resolve pass: `dtype` a
 *               pl.DT_*, `bool` True/False, `int` an integer, or an enum namespace of
 *               PVC_ENUM_NS (`dist:LoadDist` a pl.LoadDist member)
 *     min/max   positional argument count (a keyword naming a positional counts toward min)
 *     nres      most results the op produces (1 or 2 targets when nres is 2)
 *     RESULT    pvc_type_kind suffix of its result(s) before the types pass (ANY = unknown)
 *     FLAGS     kind bits, see PVC_OPF_*
 *     LEVEL     what one call works on, a row of PVC_LEVELS (SCALAR, REGISTER, TILE, CUBE)
 *     doc       one line of meaning, printed by `pvc help ops`
 */
#ifndef PVC_OPS_H
#define PVC_OPS_H

#include <stdint.h>

#include "ir/diag.h"

/* Levels: what one call of an op works on. A register op and a tile op are rows of the same
 * tables; a tile op's runtime is a loop over the register level's functions.
 * X(NAME, "meaning"). */
#define PVC_LEVELS(X)                                                                      \
    X(SCALAR,   "a scalar: Python values, addresses, one element, control flow, sync")    \
    X(REGISTER, "one 256-byte vector register or mask (vf.*, the mask SPRs)")              \
    X(TILE,     "a whole UB tile: its declaration, GM <-> UB moves, tile compute")          \
    X(CUBE,     "the cube core: L1/L0 buffers, matmul")

typedef enum {
#define X(name, text) PVC_LV_##name,
    PVC_LEVELS(X)
#undef X
    PVC_LV_COUNT
} pvc_level;

#include "ir/ops_tile.h"
#include "ir/ops_cube.h"

#define PVC_OPS(X) \
    /* ---- core ops the lowering produces from Python syntax ---- */ \
    X(ASSIGN,   "assign",   "value", "", 1, 1, 1, ANY, CORE, SCALAR, "x = y: copy a value into a name") \
    X(LIST,     "list",     "",      "", 0, 64, 1, LIST, CORE, SCALAR, "[a, b, ...]: offsets, shapes, ids") \
    X(PY_ADD,      "py.add",      "lhs rhs", "", 2, 2, 1, ANY, CORE, SCALAR, "a + b; tile + k is +k tile elements (§1.5)") \
    X(PY_SUB,      "py.sub",      "lhs rhs", "", 2, 2, 1, ANY, CORE, SCALAR, "a - b") \
    X(PY_MUL,      "py.mul",      "lhs rhs", "", 2, 2, 1, ANY, CORE, SCALAR, "a * b") \
    X(PY_FLOORDIV, "py.floordiv", "lhs rhs", "", 2, 2, 1, ANY, CORE, SCALAR, "a // b, Python floor division") \
    X(PY_MOD,      "py.mod",      "lhs rhs", "", 2, 2, 1, ANY, CORE, SCALAR, "a % b, Python modulo (sign of b)") \
    X(PY_NEG,      "py.neg",      "value", "", 1, 1, 1, ANY, CORE, SCALAR, "-a") \
    X(PY_TRUEDIV,  "py.truediv",  "lhs rhs", "", 2, 2, 1, ANY, CORE, SCALAR, "a / b, Python true division: a float") \
    X(PY_BITAND,   "py.bitand",   "lhs rhs", "", 2, 2, 1, ANY, CORE, SCALAR, "a & b on ints (two's complement)") \
    X(PY_BITOR,    "py.bitor",    "lhs rhs", "", 2, 2, 1, ANY, CORE, SCALAR, "a | b on ints") \
    X(PY_BITXOR,   "py.bitxor",   "lhs rhs", "", 2, 2, 1, ANY, CORE, SCALAR, "a ^ b on ints") \
    X(PY_LSHIFT,   "py.lshift",   "lhs rhs", "", 2, 2, 1, ANY, CORE, SCALAR, "a << b on ints, wraps at 64 bits; b < 0 faults") \
    X(PY_RSHIFT,   "py.rshift",   "lhs rhs", "", 2, 2, 1, ANY, CORE, SCALAR, "a >> b on ints, arithmetic; b < 0 faults") \
    X(PY_INVERT,   "py.invert",   "value", "", 1, 1, 1, ANY, CORE, SCALAR, "~a on ints") \
    X(PY_EQ,       "py.eq",       "lhs rhs", "", 2, 2, 1, BOOL, CORE, SCALAR, "a == b, Python's comparison (int vs float exact)") \
    X(PY_NE,       "py.ne",       "lhs rhs", "", 2, 2, 1, BOOL, CORE, SCALAR, "a != b") \
    X(PY_LT,       "py.lt",       "lhs rhs", "", 2, 2, 1, BOOL, CORE, SCALAR, "a < b") \
    X(PY_LE,       "py.le",       "lhs rhs", "", 2, 2, 1, BOOL, CORE, SCALAR, "a <= b") \
    X(PY_GT,       "py.gt",       "lhs rhs", "", 2, 2, 1, BOOL, CORE, SCALAR, "a > b") \
    X(PY_GE,       "py.ge",       "lhs rhs", "", 2, 2, 1, BOOL, CORE, SCALAR, "a >= b") \
    X(PY_NOT,      "py.not",      "value", "", 1, 1, 1, BOOL, CORE, SCALAR, "not a") \
    X(PY_BOOL,     "py.bool",     "value", "", 1, 1, 1, BOOL, CORE, SCALAR, "bool(a): Python truthiness (and/or conditions)") \
    X(PY_MIN,      "py.min",      "lhs rhs", "", 2, 2, 1, ANY, CORE, SCALAR, "min(a, b) and pl.min(a, b): b if b < a else a") \
    X(PY_MAX,      "py.max",      "lhs rhs", "", 2, 2, 1, ANY, CORE, SCALAR, "max(a, b) and pl.max(a, b): b if b > a else a") \
    X(CALL,     "call",     "", "", 0, 64, 0, NONE, CORE, SCALAR, "jit kernel -> vector function; attr callee") \
    /* ---- structured control flow from Python statements (docs/IR.md "Control flow") ---- */ \
    X(IF,       "if",       "cond", "", 1, 1, 0, NONE, CTRL | PVC_OPF_BLOCK, SCALAR, "if cond (truthiness): body, else the else block") \
    X(WHILE,    "while",    "cond", "", 1, 1, 0, NONE, CTRL | PVC_OPF_BLOCK, SCALAR, "run the cond block; while its value cond is true run body, repeat") \
    X(BREAK,    "break",    "", "", 0, 0, 0, NONE, CTRL, SCALAR, "leave the innermost loop (not a vector function's pl.range, §6)") \
    X(CONTINUE, "continue", "", "", 0, 0, 0, NONE, CTRL, SCALAR, "next iteration of the innermost loop") \
    X(RETURN,   "return",   "", "", 0, 0, 0, NONE, CTRL, SCALAR, "leave the kernel") \
    /* ---- vf: registers, loads and stores (§2-§4) ---- */ \
    X(VF_LOAD_ALIGN, "vf.load_align", "tile offset", \
      "dist:LoadDist dtype:dtype post_update:bool block_stride:int repeat_stride:int data_copy_mode:DataCopyMode", 1, 2, 2, REG, VF, REGISTER, "UB -> register(s) by dist; DINTLV gives two (§2)") \
    X(VF_STORE_ALIGN, "vf.store_align", "tile src preg offset repeat_stride", \
      "dist:StoreDist data_copy_mode:DataCopyMode block_stride:int post_update:bool", 2, 5, 0, NONE, VF, REGISTER, "register/mask -> UB under a mask (§3); DataBlock form: 4th/5th are block/repeat stride (§3.5)") \
    X(VF_LOAD_UNALIGN_INIT, "vf.load_unalign_init", "", "", 0, 0, 1, UREG_LOAD, VF, REGISTER, "declare an unaligned-load register (§1.3)") \
    X(VF_LOAD_UNALIGN_PRE, "vf.load_unalign_pre", "ureg tile", "", 2, 2, 0, NONE, VF, REGISTER, "prime it from the tile base (§4)") \
    X(VF_LOAD_UNALIGN, "vf.load_unalign", "ureg tile stride", "post_update", 2, 3, 1, REG, VF, REGISTER, "unaligned load; with stride: post-updates, post_update= is not read (§4, T13)") \
    X(VF_UNALIGN_REG_FOR_STORE, "vf.unalign_reg_for_store", "", "", 0, 0, 1, UREG_STORE, VF, REGISTER, "declare an unaligned-store register (§1.3)") \
    X(VF_STORE_UNALIGN, "vf.store_unalign", "tile src ureg count", "post_update:bool", 3, 4, 0, NONE, VF, REGISTER, "append to the store stream (§4.2, §4.3)") \
    X(VF_STORE_UNALIGN_POST, "vf.store_unalign_post", "tile ureg stride", "post_update:bool", 2, 3, 0, NONE, VF, REGISTER, "flush the parked tail (§4.2)") \
    X(VF_CREATE_ADDR_REG, "vf.create_addr_reg", "s0 s1 s2 s3 s4 s5 s6 s7", "dtype:dtype", 1, 8, 1, ADDR_REG, VF, REGISTER, "strides, or index/stride pairs (§1.4)") \
    X(VF_MEM_BAR, "vf.mem_bar", "mode:MemBarMode", "", 0, 1, 0, NONE, VF, REGISTER, "order vector/scalar UB accesses (§5.6)") \
    /* ---- vf: masks and compares (§5.1, §5.2) ---- */ \
    X(VF_CREATE_MASK, "vf.create_mask", "pattern:MaskPattern dtype:dtype", "", 0, 2, 1, MASK, VF, REGISTER, "pattern mask at dtype granularity (§5.1)") \
    X(VF_UPDATE_MASK, "vf.update_mask", "n dtype:dtype", "", 1, 2, 1, MASK, VF, REGISTER, "first min(n, N) elements active (§5.1)") \
    X(VF_EQ, "vf.eq", "a b preg", "cmp_dtype", 3, 3, 1, MASK, VF | PVC_OPF_GENERIC, REGISTER, "a == b per active lane -> mask (§5.2)") \
    X(VF_NE, "vf.ne", "a b preg", "cmp_dtype", 3, 3, 1, MASK, VF | PVC_OPF_GENERIC, REGISTER, "a != b") \
    X(VF_LT, "vf.lt", "a b preg", "cmp_dtype", 3, 3, 1, MASK, VF | PVC_OPF_GENERIC, REGISTER, "a < b") \
    X(VF_GT, "vf.gt", "a b preg", "cmp_dtype", 3, 3, 1, MASK, VF | PVC_OPF_GENERIC, REGISTER, "a > b") \
    X(VF_LE, "vf.le", "a b preg", "cmp_dtype", 3, 3, 1, MASK, VF | PVC_OPF_GENERIC, REGISTER, "a <= b") \
    X(VF_GE, "vf.ge", "a b preg", "cmp_dtype", 3, 3, 1, MASK, VF | PVC_OPF_GENERIC, REGISTER, "a >= b") \
    /* ---- vf: compute and casts (§5.3-§5.7) ---- */ \
    X(VF_ABS, "vf.abs", "src preg", "mode", 2, 2, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "|x| on active lanes, 0 elsewhere (§5.3)") \
    X(VF_RELU, "vf.relu", "src preg", "mode", 2, 2, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "max(x, 0) on active lanes (§7)") \
    X(VF_ASTYPE, "vf.astype", "src preg dtype:dtype", "layout:CastLayout round_mode:VFRoundMode saturate:SaturateMode", 2, 3, 1, REG, VF, REGISTER, "convert with lane layout (§5.4)") \
    X(VF_FULL, "vf.full", "value preg", "dtype pos mode", 1, 2, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "broadcast a scalar or lane 0/N-1 (§5.7)") \
    /* ---- vf: arithmetic (§10.1-§10.3) ---- */ \
    X(VF_ADD, "vf.add", "src0 src1 mask", "mode", 3, 3, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "src0 + src1 on active lanes; MERGING keeps dst elsewhere (§10.1)") \
    X(VF_SUB, "vf.sub", "src0 src1 mask", "mode", 3, 3, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "src0 - src1 (§10.1)") \
    X(VF_MUL, "vf.mul", "src0 src1 mask", "mode", 3, 3, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "src0 * src1; integers keep the low bits (§10.1)") \
    X(VF_DIV, "vf.div", "src0 src1 mask", "mode", 3, 3, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "src0 / src1; floats approximate (1 ulp, §9.4), integers truncate (§10.1)") \
    X(VF_MAX, "vf.max", "src0 src1 mask", "mode", 3, 3, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "the larger lane; NaN wins, max(-0, +0) = +0 (§10.1)") \
    X(VF_MIN, "vf.min", "src0 src1 mask", "mode", 3, 3, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "the smaller lane; NaN wins, min(-0, +0) = -0 (§10.1)") \
    X(VF_ADDS, "vf.adds", "src scalar mask", "mode", 3, 3, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "src + scalar (§10.2)") \
    X(VF_SUBS, "vf.subs", "src scalar mask", "mode", 3, 3, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "src - scalar, as src + (-scalar) (§10.2)") \
    X(VF_MULS, "vf.muls", "src scalar mask", "mode", 3, 3, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "src * scalar (§10.2)") \
    X(VF_MAXS, "vf.maxs", "src scalar mask", "mode", 3, 3, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "max(src, scalar) (§10.2)") \
    X(VF_MINS, "vf.mins", "src scalar mask", "mode", 3, 3, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "min(src, scalar) (§10.2)") \
    X(VF_MULL, "vf.mull", "src0 src1 mask", "mode", 3, 3, 2, REG, VF | PVC_OPF_GENERIC, REGISTER, "lo, hi = the 64-bit product of 32-bit lanes (§10.3)") \
    X(VF_ADDC, "vf.addc", "src0 src1 carry_in mask", "mode", 4, 4, 2, ANY, VF | PVC_OPF_GENERIC, REGISTER, "carry, dst = src0 + src1 + carry_in; carry a declared mask (§10.3)") \
    X(VF_SUBC, "vf.subc", "src0 src1 borrow_in mask", "mode", 4, 4, 2, ANY, VF | PVC_OPF_GENERIC, REGISTER, "borrow, dst = src0 - src1 - 1 + borrow_in; 1 = no borrow (§10.3)") \
    /* ---- vf: unary (§10.4, §10.5) ---- */ \
    X(VF_NEG, "vf.neg", "src mask", "mode", 2, 2, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "-x; floats flip the sign bit (§10.4)") \
    X(VF_SQRT, "vf.sqrt", "src mask", "mode precision", 2, 2, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "square root; 1 ulp, or exact on [0, 2^126] with precision=True (§10.4)") \
    X(VF_EXP, "vf.exp", "src mask", "mode precision", 2, 2, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "e^x, 1 ulp (§10.4)") \
    X(VF_LN, "vf.ln", "src mask", "mode precision", 2, 2, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "natural log, 1 ulp (§10.4)") \
    X(VF_LOG, "vf.log", "src mask", "mode precision", 2, 2, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "vf.ln under another name (§10.4)") \
    X(VF_LOG2, "vf.log2", "src mask", "mode", 2, 2, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "ln(x) * log2(e), two roundings (§10.4)") \
    X(VF_LOG10, "vf.log10", "src mask", "mode", 2, 2, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "ln(x) * log10(e), two roundings (§10.4)") \
    X(VF_PRELU, "vf.prelu", "src slope mask", "mode", 3, 3, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "x < 0 (sign bit) ? x * slope : x, per lane slope (§10.4)") \
    X(VF_LEAKY_RELU, "vf.leaky_relu", "src alpha mask", "mode", 3, 3, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "x < 0 (sign bit) ? x * alpha : x (§10.4)") \
    X(VF_TRUNCATE, "vf.truncate", "src mask", "mode round_mode", 2, 2, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "round to an integral value, same type; TRUNC unless round_mode= (§10.5)") \
    /* ---- vf: composite (§10.6) ---- */ \
    X(VF_ABS_SUB, "vf.abs_sub", "src0 src1 mask", "mode", 3, 3, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "|src0 - src1|, the difference rounded first (§10.6)") \
    X(VF_AXPY, "vf.axpy", "src scalar mask", "mode", 3, 3, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "dst = scalar * src + dst, one rounding (§10.6)") \
    X(VF_EXP_SUB, "vf.exp_sub", "src max_val mask", "layout dtype", 3, 3, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "FP32 e^(src - max_val); FP16 sources by layout (§10.6)") \
    X(VF_MUL_ADD_DST, "vf.mul_add_dst", "src0 src1 mask", "mode", 3, 3, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "dst = src0 * src1 + dst, one rounding (§10.6)") \
    X(VF_MUL_DST_ADD, "vf.mul_dst_add", "src0 src1 mask", "mode", 3, 3, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "dst = dst * src0 + src1, one rounding (§10.6)") \
    X(VF_MULS_CAST, "vf.muls_cast", "src scalar mask", "dtype layout", 3, 3, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "FP16(FP32 src * scalar), ties away, into lanes 2i+layout (§10.6)") \
    /* ---- vf: bitwise and shifts (§10.7) ---- */ \
    X(VF_AND, "vf.and_", "src0 src1 mask", "mode", 3, 3, 1, ANY, VF | PVC_OPF_GENERIC, REGISTER, "src0 & src1 on registers, or on masks under the mask (§10.7)") \
    X(VF_OR, "vf.or_", "src0 src1 mask", "mode", 3, 3, 1, ANY, VF | PVC_OPF_GENERIC, REGISTER, "src0 | src1 (§10.7)") \
    X(VF_XOR, "vf.xor", "src0 src1 mask", "mode dtype", 3, 3, 1, ANY, VF | PVC_OPF_GENERIC, REGISTER, "src0 ^ src1 (§10.7)") \
    X(VF_NOT, "vf.not_", "src mask", "mode", 2, 2, 1, ANY, VF | PVC_OPF_GENERIC, REGISTER, "~src (§10.7)") \
    X(VF_SHIFT_LEFT, "vf.shift_left", "src shift mask", "mode", 3, 3, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "src << shift, by a scalar or per lane; over-width gives 0 (§10.7)") \
    X(VF_SHIFT_RIGHT, "vf.shift_right", "src shift mask", "mode dtype", 3, 3, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "src >> shift, arithmetic for signed types (§10.7)") \
    /* ---- vf: select and squeeze (§10.8, §10.9) ---- */ \
    X(VF_SELECT, "vf.select", "src_true src_false mask", "mode", 3, 3, 1, ANY, VF | PVC_OPF_GENERIC, REGISTER, "mask ? src_true : src_false per lane, or per mask bit (§10.8)") \
    X(VF_SQUEEZE, "vf.squeeze", "src mask", "gather_mode dtype", 2, 2, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "the active lanes packed low, the rest 0; STORE_REG keeps the byte count (§10.9)") \
    X(VF_UNSQUEEZE, "vf.unsqueeze", "mask", "dtype", 1, 1, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "lane i = active lanes before i (exclusive prefix count, §10.9)") \
    /* ---- vf: reductions (§10.10) ---- */ \
    X(VF_REDUCE_SUM, "vf.reduce_sum", "src mask", "datablock merge_mode", 2, 2, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "pairwise-tree sum of the active lanes into lane 0; datablock=True per 32-byte block (§10.10)") \
    X(VF_REDUCE_MAX, "vf.reduce_max", "src mask", "datablock merge_mode", 2, 2, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "the largest active lane in lane 0, its index in lane 1 (§10.10)") \
    X(VF_REDUCE_MIN, "vf.reduce_min", "src mask", "datablock merge_mode", 2, 2, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "the smallest active lane in lane 0, its index in lane 1 (§10.10)") \
    X(VF_PAIR_REDUCE_SUM, "vf.pair_reduce_sum", "src mask", "mode", 2, 2, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "lane i = lane 2i + lane 2i+1, upper half 0 (§10.10)") \
    /* ---- vf: reinterpretation, pack, interleave (§10.11, §10.12) ---- */ \
    X(VF_BIT_CAST, "vf.bit_cast", "src", "dtype", 1, 1, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "the same 256 bytes as another dtype (§10.11)") \
    X(VF_PACK, "vf.pack", "src", "dtype part", 1, 1, 1, ANY, VF | PVC_OPF_GENERIC, REGISTER, "low halves of the lanes into one half of dst, or even mask bits (§10.11)") \
    X(VF_UNPACK, "vf.unpack", "src", "dtype part", 1, 1, 1, ANY, VF | PVC_OPF_GENERIC, REGISTER, "one half widened with its sign, or mask bits doubled (§10.11)") \
    X(VF_INTERLEAVE, "vf.interleave", "src0 src1", "dtype", 2, 2, 2, ANY, VF | PVC_OPF_GENERIC, REGISTER, "d0, d1 = src0 and src1 lanes alternated (§10.12)") \
    X(VF_DE_INTERLEAVE, "vf.de_interleave", "src0 src1", "dtype", 2, 2, 2, ANY, VF | PVC_OPF_GENERIC, REGISTER, "d0, d1 = even and odd lanes of src0 ++ src1 (§10.12)") \
    /* ---- vf: gather and scatter (§10.13) ---- */ \
    X(VF_GATHER, "vf.gather", "src indices mask", "data_copy_mode dtype", 2, 3, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "lanes from a tile at indices (or 32-byte blocks), or from a register (§10.13)") \
    X(VF_SCATTER, "vf.scatter", "base_ptr src index mask", "", 4, 4, 0, NONE, VF | PVC_OPF_GENERIC, REGISTER, "active lanes to tile elements at index (§10.13)") \
    /* ---- vf: registers and special registers (§10.14) ---- */ \
    X(VF_MOVE, "vf.move", "src mask", "mode", 1, 2, 1, ANY, VF | PVC_OPF_GENERIC, REGISTER, "copy; with a mask, merging into dst (§10.14)") \
    X(VF_CLEAR_SPR, "vf.clear_spr", "", "", 0, 0, 0, NONE, VF | PVC_OPF_GENERIC, REGISTER, "AR = 0, the offset of count-less store_unalign (§10.14)") \
    X(VF_GET_MASK_SPR, "vf.get_mask_spr", "width", "", 0, 1, 1, MASK, VF | PVC_OPF_GENERIC, REGISTER, "the MASK register spread to 4 (B32) or 2 (B16) bits per bit (§10.14)") \
    X(VF_MASK_GEN, "vf.mask_gen_with_reg_tensor", "src offset", "", 1, 2, 1, MASK, VF | PVC_OPF_GENERIC, REGISTER, "chunk `offset` of a register as a mask, 2/4 bits per bit (§10.14)") \
    /* ---- vf: index and histogram (§10.15) ---- */ \
    X(VF_ARANGE, "vf.arange", "start", "dtype index_order", 1, 1, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "lane i = start + i, or start + N-1-i for DECREASE_ORDER (§10.15)") \
    X(VF_HISTOGRAMS, "vf.histograms", "src mask", "bin_type hist_type", 2, 2, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "adds byte counts into a UINT16 dst, 128 bins (§10.15)") \
    /* ---- vf: unified unaligned load and store (§10.16) ---- */ \
    X(VF_LOAD, "vf.load", "src_ptr stride", "post_update repeat_stride count", 1, 2, 1, REG, VF, REGISTER, "256 bytes at any address; with stride the cursor advances (§10.16)") \
    X(VF_STORE, "vf.store", "dst_ptr src count", "post_update repeat_stride", 2, 3, 0, NONE, VF, REGISTER, "count elements at the cursor, which always advances (§10.16)") \
    /* ---- pl: jit kernel surface (§6) ---- */ \
    X(PL_TILE_TYPE, "pl.TileType", "shape dtype:dtype target_memory:MemorySpace", \
      "valid_shape layout:TensorLayout fractal pad:TilePad compact", 0, 3, 1, TILE_TYPE, PL, TILE, "2-D UB tile descriptor") \
    X(PL_MAKE_TILE_GROUP, "pl.make_tile_group", "type addrs mutex_ids depth", "", 0, 4, 1, TILE_GROUP, PL, TILE, "depth slots from UB byte address addrs") \
    X(PL_MAKE_TILE, "pl.make_tile", "type addr size", "", 0, 3, 1, TILE, PL, TILE, "one tile at UB byte address addr; size in bytes, at least the tile's (§6)") \
    X(TG_SLOT, "tile_group[]", "index", "", 1, 1, 1, TILE, METHOD, TILE, "grp[i]: slot i, no rotation") \
    X(TG_CURRENT, "tile_group.current", "", "", 0, 0, 1, TILE, METHOD, TILE, "current slot, no rotation") \
    X(TG_NEXT, "tile_group.next", "", "", 0, 0, 1, TILE, METHOD, TILE, "advance, then the slot") \
    X(TG_PREVIOUS, "tile_group.previous", "", "", 0, 0, 1, TILE, METHOD, TILE, "step back, then the slot") \
    X(PL_SECTION_VECTOR, "pl.section_vector", "", "", 0, 0, 0, NONE, PL | PVC_OPF_BLOCK, SCALAR, "body runs on the vector core") \
    X(PL_RANGE, "pl.range", "start stop step", "", 1, 3, 1, INT, PL | PVC_OPF_BLOCK, SCALAR, "for v in range(...): body; Python semantics") \
    X(PL_LOAD, "pl.load", "tile tensor offsets", "order", 2, 3, 0, NONE, PL, TILE, "GM tensor at one offset per axis -> UB tile (rows, cols: order=, default the last two axes)") \
    X(PL_STORE, "pl.store", "tensor tile offsets", "order relu_pre_mode:ReluPreMode scale atomic:AtomicType phase:STPhase", 2, 3, 0, NONE, PL, TILE, "UB or Acc tile -> GM tensor at one offset per axis; from Acc through the fixpipe (relu, scale, atomic add, §17.6)") \
    X(PL_LOAD_TILE, "pl.load_tile", "tile tensor offsets", "order", 2, 3, 0, NONE, PL, TILE, "pl.load at offsets in tile units: the tile's axes times its shape (§6)") \
    X(PL_STORE_TILE, "pl.store_tile", "tensor tile offsets", "order relu_pre_mode:ReluPreMode scale atomic:AtomicType phase:STPhase", 2, 3, 0, NONE, PL, TILE, "pl.store at offsets in tile units, the fixpipe's keywords as pl.store's (§6, §17.6)") \
    X(PL_SET_VALIDSHAPE, "pl.set_validshape", "tile shape", "", 2, 2, 0, NONE, PL, TILE, "valid rows/cols of a tile") \
    X(PL_SYNC_SRC, "pl.system.sync_src", "set_pipe:PipeType wait_pipe:PipeType event_id", "", 3, 3, 0, NONE, PL | PVC_OPF_NOOP, SCALAR, "pipe sync: set (no-op when sequential)") \
    X(PL_SYNC_DST, "pl.system.sync_dst", "set_pipe:PipeType wait_pipe:PipeType event_id", "", 3, 3, 0, NONE, PL | PVC_OPF_NOOP, SCALAR, "pipe sync: wait (no-op when sequential)") \
    X(PL_MUTEX_LOCK, "pl.system.mutex_lock", "", "pipe:PipeType mutex_id mode:int max_mutex_id:int mutex_ids", 0, 0, 0, NONE, PL | PVC_OPF_NOOP, SCALAR, "take a pipe's buffer-id token (no-op when sequential)") \
    X(PL_MUTEX_UNLOCK, "pl.system.mutex_unlock", "", "pipe:PipeType mutex_id mode:int max_mutex_id:int mutex_ids", 0, 0, 0, NONE, PL | PVC_OPF_NOOP, SCALAR, "release a pipe's buffer-id token (no-op when sequential)") \
    X(PL_DCCI, "pl.system.dcci", "target offset", "cache_line:CacheLine dst:DcciDst", 1, 2, 0, NONE, PL | PVC_OPF_NOOP, SCALAR, "clean and invalidate a data cache line: a no-op, pvc's GM and UB have no caches (§6)") \
    X(PL_BAR_ALL, "pl.system.bar_all", "", "", 0, 0, 0, NONE, PL | PVC_OPF_NOOP, SCALAR, "barrier on every pipe (no-op when sequential)") \
    X(PL_GET_BLOCK_IDX, "pl.get_block_idx", "", "", 0, 0, 1, INT, PL, SCALAR, "this block's index, 0 .. get_block_num() - 1 (§6)") \
    X(PL_GET_BLOCK_NUM, "pl.get_block_num", "", "", 0, 0, 1, INT, PL, SCALAR, "blocks of the launch, kernel[None, N] / pvc run --blocks N (§6)") \
    X(PL_GET_SUBBLOCK_IDX, "pl.get_subblock_idx", "", "", 0, 0, 1, INT, PL, SCALAR, "0: a vector-only launch has one subblock per block (§6)") \
    X(PL_GET_SUBBLOCK_NUM, "pl.get_subblock_num", "", "", 0, 0, 1, INT, PL, SCALAR, "1: a vector-only launch has one subblock per block (§6)") \
    X(TILE_VALID, "tile.valid_shape[]", "axis", "", 1, 1, 1, INT, METHOD, SCALAR, "t.valid_shape[i] of a tile: its valid rows (0) or cols (1) at this point, as pl.set_validshape left them (§6)") \
    X(PL_MAKE_TENSOR, "pl.make_tensor", "ptr offset dtype shape stride", "", 5, 5, 1, ANY, PL, SCALAR, "pl.make_tensor(ptr, shape, stride, dtype=), pl.addptr(ptr, offset), pl.make_ptr(ptr, dtype): a GM tensor view (rank 1-4) over the bytes of ptr from element offset on (§6)") \
    X(TENSOR_DIM, "tensor.shape[]", "axis", "", 1, 1, 1, INT, METHOD, SCALAR, "t.shape[i]: a constant dim, else read from the bound tensor (§6)") \
    X(TILE_SLICE, "tile[:]", "r0 r1 c0 c1", "", 4, 4, 1, TILE, METHOD, TILE, "t[r0:r1, c0:c1]: a view at the parent's row pitch, valid shape clipped (§6)") \
    X(TILE_GET, "tile[,]", "r c", "", 2, 2, 1, ANY, METHOD, SCALAR, "t[r, c]: one element of a UB tile, an int (a float for a float dtype) (§6)") \
    X(TILE_SET, "tile[,]=", "r c value", "", 3, 3, 0, NONE, METHOD, SCALAR, "t[r, c] = v: one element, converted as a scalar store converts (§6, §9.6)") \
    X(PL_GETVAL, "pl.getval", "container offset", "", 2, 2, 1, ANY, PL, SCALAR, "one element of a tile or GM tensor at a linear offset: an int (a float for a float dtype); t[i, j] of a tensor (§6.1)") \
    X(PL_SETVAL, "pl.setval", "container offset value", "", 3, 3, 0, NONE, PL, SCALAR, "write one element at a linear offset, converted as t[r, c] = v converts; t[i, j] = v of a tensor (§6.1, §9.6)") \
    X(STRUCT_GET, "struct.get", "offset index count dtype", "", 4, 4, 1, ANY, METHOD, SCALAR, "s.f, s.arr[i], t.f of a tiling argument: one field element (at offset, of count; 0 a scalar field) of the struct at base, a scalar of the field's dtype (§16.8)") \
    X(STRUCT_SET, "struct.set", "offset index count dtype value", "", 5, 5, 0, NONE, METHOD, SCALAR, "s.f = v, s.arr[i] = v: one field element, converted as C++ assigns to the member (§16.8)") \
    X(STRUCT_SLOT, "struct.slot", "index count stride", "", 3, 3, 1, INT, METHOD, SCALAR, "arr[i] of a pl.struct_array: the address of slot i, i checked at run time (§16.8)") \
    X(STRUCT_LOAD, "struct.load", "addr bytes", "", 2, 2, 0, NONE, METHOD, SCALAR, "a kernel's entry copy of its tiling argument into its struct memory (§16.8)") \
    X(PL_MOVE, "pl.move", "dst_tile src_tile offset", "acc_to_vec_mode:AccToVecMode relu_pre_mode:ReluPreMode scale", 2, 3, 0, NONE, PL, TILE, "tile copy: Vec -> Vec (dst's valid shape from src at offset, or a smaller src into dst at offset, §6), Mat -> Left / Right / Bias, Acc -> Vec (§17.4)") \
    X(PL_PRINTF, "pl.printf", "format a0 a1 a2 a3 a4 a5 a6 a7", "loc:bool", 1, 9, 0, NONE, PL, SCALAR, "print scalars by a printf format (%d %i %u %x %f), after \"[block N] \" (§6)") \
    X(PL_SSBUF_STORE, "pl.ssbuf_store", "struct_var offset", "", 2, 2, 0, NONE, PL | PVC_OPF_GENERIC, SCALAR, "copy a pl.struct's 32-bit words to the block's SSBUF at byte offset (§16.8)") \
    X(PL_SSBUF_LOAD, "pl.ssbuf_load", "struct_var offset", "", 2, 2, 0, NONE, PL | PVC_OPF_GENERIC, SCALAR, "fill a pl.struct's 32-bit words from the block's SSBUF at byte offset (§16.8)") \
    X(PL_PTO_ASSERT, "pl.pto_assert", "condition format_str a0 a1 a2 a3 a4 a5 a6 a7", "loc:bool", 1, 10, 0, NONE, PL, SCALAR, "when condition (a bool) is false, print 'Assertion failed: <its text>' and the formatted message; the kernel goes on, as on the device (§6.2)") \
    X(PL_DUMP_DATA, "pl.dump_data", "data offsets shapes", "workspace loc:bool flag", 1, 3, 0, NONE, PL, SCALAR, "print a GM tensor, a Vec tile, a window of either, or an Acc tile through workspace=, as the device prints them (§6.2)") \
    X(PL_SYNC_ALL, "pl.system.sync_all", "workspaces", "core_type:SyncCoreType mode:SyncAllMode", 0, 1, 0, NONE, PL | PVC_OPF_NOOP, SCALAR, "all-core barrier: a no-op, each block runs to completion (§6)") \
    X(PL_SET_CROSS_CORE, "pl.system.set_cross_core", "", "pipe:PipeType event_id sync_mode:CrossCoreSyncMode", 0, 0, 0, NONE, PL, SCALAR, "cross-core signal: the flag's counters + 1 (§17.7)") \
    X(PL_WAIT_CROSS_CORE, "pl.system.wait_cross_core", "", "pipe:PipeType event_id sync_mode:CrossCoreSyncMode", 0, 0, 0, NONE, PL, SCALAR, "cross-core wait: until the flag is set, then - 1 (§17.7)") \
    X(PL_BAR_MTE2, "pl.system.bar_mte2", "", "", 0, 0, 0, NONE, PL | PVC_OPF_NOOP, SCALAR, "barrier on the MTE2 pipe (no-op when sequential)") \
    X(PL_BAR_MTE3, "pl.system.bar_mte3", "", "", 0, 0, 0, NONE, PL | PVC_OPF_NOOP, SCALAR, "barrier on the MTE3 pipe (no-op when sequential)") \
    X(PL_GET_SPR, "pl.get_spr", "", "", 0, 0, 1, INT, PL | PVC_OPF_GENERIC, REGISTER, "AR, the count-less store_unalign offset (§10.14)") \
    X(PL_SET_MASK_NORM, "pl.set_mask_norm", "", "", 0, 0, 0, NONE, PL | PVC_OPF_GENERIC, REGISTER, "the MASK register in per-bit (norm) mode, the mode a kernel starts in (§10.14)") \
    X(PL_SET_MASK_COUNT, "pl.set_mask_count", "", "", 0, 0, 0, NONE, PL | PVC_OPF_GENERIC, REGISTER, "the MASK register in counter mode: vf.get_mask_spr then faults, its value is not modelled (§10.14)") \
    X(PL_RESET_MASK, "pl.reset_mask", "", "", 0, 0, 0, NONE, PL | PVC_OPF_GENERIC, REGISTER, "MASK1 = MASK0 = all ones, no masking (§10.14)") \
    X(PL_SET_VEC_MASK, "pl.set_vec_mask", "mask_high mask_low", "", 2, 2, 0, NONE, PL | PVC_OPF_GENERIC, REGISTER, "MASK1 = mask_high, MASK0 = mask_low, read by vf.get_mask_spr (§10.14)") \
    X(PL_TENSOR, "pl.Tensor", "", "", 0, 0, 0, NONE, PL | PVC_OPF_ANNOT, SCALAR, "pl.Tensor[[dims], dtype]: parameter annotation only") \
    PVC_TILE_DSL_OPS(X) \
    PVC_CUBE_DSL_OPS(X)


/* Op flags. CORE: produced from syntax, never named by the user (the scalar language);
 * CTRL: structured control flow from Python statements (if, while, break, continue, return);
 * VF/PL: vf.* / pl.* calls;
 * METHOD: x.m() on a value, the receiver is operand 0; BLOCK: the op owns a body;
 * ANNOT: a type annotation, not callable; GENERIC: lowered by the table alone (the PVC_MOPS
 * rows whose FROM is this op); MACHINE: a PVC_MOPS row; NOOP: nothing happens in pvc's model
 * (one block at a time, in program order, the mask in norm mode), so every pass keeps it and
 * both backends skip it; REFUSED: pypto_pro has it but pvc does not model it: the types
 * pass reports E023 with the row's doc as the reason; TILE: a tile-level op of a jit kernel
 * (ops_tile.h), typed and dispatched by its recipe (passes/tileop.c). */
enum {
    PVC_OPF_CORE = 1 << 0,
    PVC_OPF_VF = 1 << 1,
    PVC_OPF_PL = 1 << 2,
    PVC_OPF_METHOD = 1 << 3,
    PVC_OPF_BLOCK = 1 << 4,
    PVC_OPF_ANNOT = 1 << 5,
    PVC_OPF_MACHINE = 1 << 6,
    PVC_OPF_GENERIC = 1 << 7,
    PVC_OPF_CTRL = 1 << 8,
    PVC_OPF_NOOP = 1 << 9,
    PVC_OPF_REFUSED = 1 << 10,
    PVC_OPF_TILE = 1 << 11,
};

/* The scalar language's arithmetic: the runtime call of each py.* op (pvc_rt.h "Python
 * scalars"), written once here for the emitter, the simulator and the constant evaluator
 * (ir/pyfold.c, which the front end and the resolve pass call). Columns:
 *   X(ID, INT, FLOAT, FAULTS, EXACT, "what")
 *   INT, FLOAT  the call on int64 and on double operands, over `a`, `b` (b unused by the
 *               unary ops) and `ctx`; NONE: no such form (bit ops on floats; / always gives
 *               a float, its int operands converted by pvc_py_float)
 *   FAULTS      when the call faults (a zero divisor, a negative shift): the emitted C names
 *               the op's line before it (0: never), and a constant evaluation leaves the op to
 *               run time, where it faults
 *   EXACT       when INT's int64 result is Python's exact one; where it is not, the device
 *               would wrap, and a constant expression is error E009 naming `what`
 *               (docs/SEMANTICS.md §6: pypto_pro folds in Python and rejects the constant)
 */
#define PVC_PY_OPS(X)                                                                                \
    X(PY_ADD, pvc_py_add(a, b), pvc_py_fadd(a, b), 0, !__builtin_add_overflow(a, b, &(int64_t){0}), "the sum") \
    X(PY_SUB, pvc_py_sub(a, b), pvc_py_fsub(a, b), 0, !__builtin_sub_overflow(a, b, &(int64_t){0}),       \
      "the difference")                                                                              \
    X(PY_MUL, pvc_py_mul(a, b), pvc_py_fmul(a, b), 0, !__builtin_mul_overflow(a, b, &(int64_t){0}),       \
      "the product")                                                                                 \
    X(PY_NEG, pvc_py_neg(a), pvc_py_fneg(a), 0, a != INT64_MIN, "the negation")                       \
    X(PY_FLOORDIV, pvc_py_floordiv(ctx, a, b), pvc_py_ffloordiv(ctx, a, b), b == 0,                   \
      !(a == INT64_MIN && b == -1), "the quotient")                                                  \
    X(PY_MOD, pvc_py_mod(ctx, a, b), pvc_py_fmod(ctx, a, b), b == 0, 1, "the remainder")             \
    X(PY_TRUEDIV, NONE, pvc_py_ftruediv(ctx, a, b), b == 0, 1, "the quotient")                      \
    X(PY_BITAND, pvc_py_bitand(a, b), NONE, 0, 1, "the result")                                      \
    X(PY_BITOR, pvc_py_bitor(a, b), NONE, 0, 1, "the result")                                        \
    X(PY_BITXOR, pvc_py_bitxor(a, b), NONE, 0, 1, "the result")                                      \
    X(PY_INVERT, pvc_py_invert(a), NONE, 0, 1, "the result")                                         \
    X(PY_LSHIFT, pvc_py_lshift(ctx, a, b), NONE, b < 0,                                              \
      !a || (b < 64 && a >= (INT64_MIN >> b) && a <= (INT64_MAX >> b)), "the shifted value")         \
    X(PY_RSHIFT, pvc_py_rshift(ctx, a, b), NONE, b < 0, 1, "the result")                             \
    X(PY_MIN, pvc_py_imin(a, b), pvc_py_fmin(a, b), 0, 1, "the result")                              \
    X(PY_MAX, pvc_py_imax(a, b), pvc_py_fmax(a, b), 0, 1, "the result")

/* Pipes a machine op runs on (the cost column, the timeline's rows): X(NAME, tid, what). */
#define PVC_PIPES(X)                                          \
    X(V,    1, "vector unit: vf.* machine ops")               \
    X(MTE2, 2, "GM -> UB moves (pl.load)")                    \
    X(MTE3, 3, "UB -> GM moves (pl.store)")                   \
    X(S,    4, "scalar unit: loops, index arithmetic, calls") \
    X(MTE1, 5, "L1 -> L0A / L0B / bias moves (pl.move on the cube core)") \
    X(M,    6, "cube unit: matmul") \
    X(FIX,  7, "fixpipe: L0C -> GM and L0C -> UB (pl.store, pl.move from Acc)")

typedef enum {
#define X(name, tid, text) PVC_PIPE_##name,
    PVC_PIPES(X)
#undef X
    PVC_PIPE_COUNT
} pvc_pipe;

/* ---------------------------------------------------------------------------------------
 * Machine ops. PVC_MOPS(M) columns:
 *   M(ID, "name", FROM, (OPERANDS), (ATTRS), (RESULTS), DTYPES, TRAP, FLAGS, LEVEL, PIPE, BASE,
 *     BPC, CALL, "doc")
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
 *               AC(name, NS, DEFAULT, LEGAL)  GENERIC only: the keyword is checked as AE
 *                               does, and makes no attribute (the call does not need it)
 *               AZ(name)        AC of a MergeMode that must be ZEROING (§12 T1)
 *               AI(name, DEFAULT)  an int; GENERIC: the constant keyword `name`
 *   RESULTS   R(KIND, name)...: VREG pvc_vreg *, MASK pvc_mreg *, INT / ADDR int64_t * (the
 *             call assigns *name; an ADDR is an int64_t UB address, never wrapped: pvc_rt.h
 *             "tiles"), NUM void * (a float scalar: the call stores a double there with
 *             memcpy), ULD / UST
 *   DTYPES    the op dtypes a GENERIC op takes, PVC_DT1(T) | ... (0: checked elsewhere)
 *   TRAP      PVC_TRAP(dtypes, W): a GENERIC op on one of these dtypes compiles with warning
 *             PVC_W_<W> (a trap of docs/SEMANTICS.md §12, diag.h); PVC_NO_TRAP none
 *   FLAGS     PVC_MF_*: FAULT the call can raise a fault (the emitted C names the op's line
 *             first); READS_DST the call reads its result's old value; SAME every register
 *             operand must have the op's dtype; NEEDS_DTYPE the call must say dtype= (the
 *             result's dtype differs from the source's, docs/SEMANTICS.md §9.3).
 *             A mask result has the granularity of the row's first mask operand, else of
 *             the op dtype (a compare), except: MASK_HALF half of it (pack), MASK_DOUBLE
 *             twice (unpack), MASK_ALLBITS every bit meaningful (get_mask_spr, §10.14 T19).
 *             DECLARED: the mask result must name an existing mask (addc/subc, §10.3);
 *             MERGES the call keeps its result's old value in the lanes its PRED leaves off
 *             (move; as mode=MERGING does), so only those lanes read it; TILE a tile-level
 *             op (ops_tile.h): its tile operands carry their valid shapes, the call runs a
 *             whole-tile loop (one trace entry); WRITES_GM the call writes its TENSOR
 *             operand, memory the caller owns (a launch refuses a read-only or stride-0
 *             argument for it, compiler/lib/launch.c). Deferred loads (docs/ARCHITECTURE.md
 *             "Deferred loads"): the emitted C settles the deferred windows before every op
 *             that may touch UB or GM (pvc_mop_touches_memory: an ADDR, CURSOR, ULD, UST,
 *             TILE or TENSOR operand, or the TILE or CUBE level), except NO_MEM, the call
 *             touches no UB or GM byte though an operand names a tile or tensor (it
 *             computes an address, reads a shape), and SETTLES, the call settles what it
 *             touches itself (pvc_rt_inline.h, runtime/src/gm.c). A row missing NO_MEM
 *             only settles sooner; SETTLES is a promise its call keeps.
 *             LANEWISE: each element of the result is the same function of the same
 *             element of each register operand (and of the result's old value, READS_DST)
 *             and of the scalars, whichever element it is, faults and NaN rules included;
 *             BROADCAST: every element the call sets gets the same value. Under a mask
 *             with every element on, either makes a register whose four 64-byte pieces
 *             are equal of registers that are (compiler/ir/uniform.c); a row missing one
 *             only loses that knowledge
 *   LEVEL     what one call works on (PVC_LEVELS): SCALAR an address or element, REGISTER a
 *             register or special register, TILE a whole tile (gm.load, tile.move, the rows
 *             of ops_tile.h), CUBE the cube's buffers; a GENERIC row has its FROM op's level
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
    PVC_MF_NEEDS_DTYPE = 1 << 3,
    PVC_MF_MASK_HALF = 1 << 4,
    PVC_MF_MASK_DOUBLE = 1 << 5,
    PVC_MF_MASK_ALLBITS = 1 << 6,
    PVC_MF_DECLARED = 1 << 7,
    PVC_MF_MERGES = 1 << 8,
    PVC_MF_TILE = 1 << 9,
    PVC_MF_WRITES_GM = 1 << 10,
    PVC_MF_NO_MEM = 1 << 11,
    PVC_MF_SETTLES = 1 << 12,
    PVC_MF_LANEWISE = 1 << 13,
    PVC_MF_BROADCAST = 1 << 14,
};
#define PVC_DT1(t) (1u << PVC_DT_##t)
#define PVC_DT_INTS_32 (PVC_DT1(INT8) | PVC_DT1(UINT8) | PVC_DT1(INT16) | PVC_DT1(UINT16) | \
                        PVC_DT1(INT32) | PVC_DT1(UINT32))
#define PVC_DT_FLOATS (PVC_DT1(FP16) | PVC_DT1(BF16) | PVC_DT1(FP32))
#define PVC_DT_INTS_16UP (PVC_DT1(INT16) | PVC_DT1(UINT16) | PVC_DT1(INT32) | PVC_DT1(UINT32))
#define PVC_DT_F16_F32 (PVC_DT1(FP16) | PVC_DT1(FP32))
#define PVC_DT_ANY 0xFFFFFFFFu
#define PVC_DT_B64 (PVC_DT1(INT64) | PVC_DT1(UINT64))
/* Every whole-byte dtype: the bit-pattern ops (and, interleave) see lanes, not numbers. */
#define PVC_DT_BITS (PVC_DT_ANY & ~(PVC_DT1(INT4) | PVC_DT1(FP4E2M1) | PVC_DT1(FP4E1M2)))
/* Legal rounding modes of truncate (§10.5); exp_sub and muls_cast take the cast layouts
 * PVC_LS_01 (pvc_rt_cast.h, §10.6). */
#define PVC_RS_TRUNCATE ((1u << PVC_ROUND_TRUNC) | (1u << PVC_ROUND_RINT) | (1u << PVC_ROUND_FLOOR) | \
                         (1u << PVC_ROUND_CEIL))
#define PVC_TRAP(dtypes, w) dtypes, PVC_W_##w
#define PVC_NO_TRAP 0, PVC_W_NONE
#define AZ(name) AC(name, MergeMode, PVC_MERGE_ZEROING, 1u << PVC_MERGE_ZEROING)

/* A compare (§5.2): b a register or a scalar; the result mask at the compared dtype. */
#define PVC_CMP_ROWS(M, C, c)                                                                   \
    M(M_CMP_##C, "cmp." #c, VF_##C, (O(VREG, a) O(VREG, b) O(PRED, preg)), (AD(dtype)),         \
      (R(MASK, dst)), PVC_DT_INTS_32 | PVC_DT_FLOATS, PVC_NO_TRAP, 0, REGISTER, V, 1, 0,                               \
      pvc_compare(ctx, dst, PVC_CMP_##C, dtype, a, b, preg),                                    \
      "dst bit w*i = preg bit w*i && a " #c " b, every other bit 0 (§5.2)")                    \
    M(M_CMPS_##C, "cmps." #c, VF_##C, (O(VREG, a) O(BITS, b) O(PRED, preg)), (AD(dtype)),       \
      (R(MASK, dst)), PVC_DT_INTS_32 | PVC_DT_FLOATS, PVC_NO_TRAP, 0, REGISTER, V, 1, 0,                               \
      pvc_compare_scalar(ctx, dst, PVC_CMP_##C, dtype, a, b, preg),                             \
      "the same against a scalar b, raw bits of dtype (§5.2)")

#define PVC_MOPS(M) \
    /* ---- addresses (§1.4, §1.5, §2.1, decisions 6 and 7) ---- */ \
    M(M_UB_ADDR, "ub.addr", NONE, (O(TILE, tile) O(INT, off)), (), (R(ADDR, addr)), 0, PVC_NO_TRAP, PVC_MF_NO_MEM, SCALAR, S, 1, 0, \
      *addr = pvc_tile_off_addr(tile, off), \
      "tile.addr + off*lane_bytes(tile dtype); off in tile elements (§2.1)") \
    M(M_ADDR_MAC, "addr.mac", NONE, (O(INT, a) O(INT, b) O(INT, c)), (), (R(INT, r)), 0, PVC_NO_TRAP, 0, SCALAR, S, 1, 0, \
      *r = pvc_addr_add(pvc_addr_mul(a, b), c), \
      "a*b + c saturating at the ends of int64, never wrapping: a [row, col] offset, a step in bytes (§1.5)") \
    M(M_CURSOR_INIT, "cursor.init", NONE, (O(TILE, tile)), (), (R(ADDR, cursor)), 0, PVC_NO_TRAP, PVC_MF_NO_MEM, SCALAR, S, 1, 0, \
      *cursor = pvc_tile_off_addr(tile, 0), \
      "post-update cursor := tile base, one per tile expression per VF (§1.5)") \
    M(M_AREG, "areg", NONE, \
      (O(INT, s0) O(INT, s1) O(INT, s2) O(INT, s3) O(INT, i0) O(INT, i1) O(INT, i2) O(INT, i3)), \
      (AD(dtype) AI(n, 0)), (R(ADDR, areg)), 0, PVC_NO_TRAP, 0, SCALAR, S, 1, 0, \
      *areg = pvc_areg4(dtype, n, s0, s1, s2, s3, i0, i1, i2, i3), \
      "AddrReg bytes = sizeof(dtype)*sum s_k*i_k, k<n, outermost loop first; unused slots 0 (decision 6)") \
    /* ---- vf.load_align (§2) ---- */ \
    M(M_LD_REG, "ld.reg", NONE, (O(ADDR, addr)), (AE(dist, LoadDist, 0, 0)), (R(VREG, dst)), \
      0, PVC_NO_TRAP, PVC_MF_FAULT | PVC_MF_SETTLES, REGISTER, V, 0, 256, \
      pvc_load_align_fast(ctx, dst, addr, dist, at), "one register by an explicit LoadDist (§2.2)") \
    M(M_LD_REG_POST, "ld.reg.post", NONE, (O(CURSOR, cursor) O(INT, step)), (AE(dist, LoadDist, 0, 0)), \
      (R(VREG, dst)), 0, PVC_NO_TRAP, PVC_MF_FAULT, REGISTER, V, 0, 256, \
      pvc_load_align_post(ctx, dst, cursor, step, dist), \
      "read at cursor, then cursor += step bytes (§2.1)") \
    M(M_LD_X2, "ld.x2", NONE, (O(ADDR, addr)), (AE(dist, LoadDist, 0, 0)), (R(VREG, d0) R(VREG, d1)), \
      0, PVC_NO_TRAP, PVC_MF_FAULT, REGISTER, V, 0, 256, \
      pvc_load_align_x2(ctx, d0, d1, addr, dist), "DINTLV_Bw: two registers (§2.3)") \
    M(M_LD_X2_POST, "ld.x2.post", NONE, (O(CURSOR, cursor) O(INT, step)), (AE(dist, LoadDist, 0, 0)), \
      (R(VREG, d0) R(VREG, d1)), 0, PVC_NO_TRAP, PVC_MF_FAULT, REGISTER, V, 0, 256, \
      pvc_load_align_x2_post(ctx, d0, d1, cursor, step, dist), "DINTLV, post-update (§2.3)") \
    M(M_LD_BLK, "ld.blk", NONE, (O(ADDR, addr) O(MASK, mask)), (AI(block_stride, 1)), (R(VREG, dst)), \
      0, PVC_NO_TRAP, PVC_MF_FAULT, REGISTER, V, 1, 0, \
      pvc_load_align_datablock(ctx, dst, addr, (uint16_t)block_stride, mask), \
      "DATA_BLOCK_COPY at the tile base (§2.4)") \
    M(M_LD_BLK_POST, "ld.blk.post", NONE, (O(CURSOR, cursor) O(MASK, mask)), \
      (AI(block_stride, 1) AI(repeat_stride, 0)), (R(VREG, dst)), 0, PVC_NO_TRAP, PVC_MF_FAULT, REGISTER, V, 1, 0, \
      pvc_load_align_datablock_post(ctx, dst, cursor, (uint16_t)block_stride, (uint16_t)repeat_stride, mask), \
      "at cursor, then cursor += repeat_stride*32 (§2.4)") \
    M(M_LD_MASK, "ld.mask", NONE, (O(ADDR, addr)), (AE(dist, MaskDist, 0, 0)), (R(MASK, dst)), \
      0, PVC_NO_TRAP, PVC_MF_FAULT, REGISTER, V, 1, 0, \
      pvc_mask_load(ctx, dst, addr, dist), "mask destination, MaskDist LD_NORM/LD_US/LD_DS (§2.5)") \
    M(M_LD_MASK_POST, "ld.mask.post", NONE, (O(CURSOR, cursor) O(INT, step)), (AE(dist, MaskDist, 0, 0)), \
      (R(MASK, dst)), 0, PVC_NO_TRAP, PVC_MF_FAULT, REGISTER, V, 1, 0, \
      pvc_mask_load_post(ctx, dst, cursor, step, dist), \
      "mask destination, cursor += step bytes (§2.5)") \
    /* ---- vf.store_align (§3) ---- */ \
    M(M_ST_REG, "st.reg", NONE, (O(ADDR, addr) O(VREG, src) O(PRED, mask)), (AE(dist, HwStoreDist, 0, 0)), (), \
      0, PVC_NO_TRAP, PVC_MF_FAULT | PVC_MF_SETTLES, REGISTER, V, 0, 256, \
      pvc_store_align_fast(ctx, addr, src, mask, dist, at), \
      "explicit HwStoreDist NORM_Bw/ONEPT_Bw/PK_Bx/PK4_B32 (§3.3)") \
    M(M_ST_REG_POST, "st.reg.post", NONE, (O(CURSOR, cursor) O(INT, step) O(VREG, src) O(PRED, mask)), \
      (AE(dist, HwStoreDist, 0, 0)), (), 0, PVC_NO_TRAP, PVC_MF_FAULT, REGISTER, V, 0, 256, \
      pvc_store_align_post(ctx, cursor, step, src, mask, dist), \
      "at cursor, then cursor += step bytes (§3.2)") \
    M(M_ST_X2, "st.x2", NONE, (O(ADDR, addr) O(VREG, src0) O(VREG, src1)), (AE(dist, HwStoreDist, 0, 0)), (), \
      0, PVC_NO_TRAP, PVC_MF_FAULT, REGISTER, V, 0, 256, \
      pvc_store_align_x2(ctx, addr, src0, src1, dist), "INTLV_Bw, mask ignored (§3.4)") \
    M(M_ST_BLK, "st.blk", NONE, (O(ADDR, addr) O(VREG, src) O(MASK, mask)), (AI(block_stride, 1)), (), \
      0, PVC_NO_TRAP, PVC_MF_FAULT, REGISTER, V, 1, 0, \
      pvc_store_align_datablock(ctx, addr, src, mask, (uint16_t)block_stride), \
      "DATA_BLOCK_COPY store at the base (§3.5)") \
    M(M_ST_BLK_POST, "st.blk.post", NONE, (O(CURSOR, cursor) O(VREG, src) O(MASK, mask)), \
      (AI(block_stride, 1) AI(repeat_stride, 0)), (), 0, PVC_NO_TRAP, PVC_MF_FAULT, REGISTER, V, 1, 0, \
      pvc_store_align_datablock_post(ctx, cursor, src, mask, (uint16_t)block_stride, (uint16_t)repeat_stride), \
      "at cursor, cursor += repeat_stride*32 (§3.5)") \
    M(M_ST_MASK, "st.mask", NONE, (O(ADDR, addr) O(MASK, src)), (AE(dist, MaskDist, 0, 0)), (), \
      0, PVC_NO_TRAP, PVC_MF_FAULT, REGISTER, V, 1, 0, \
      pvc_mask_store(ctx, addr, src, dist), "mask source, MaskDist ST_NORM/ST_PACK (§3.6)") \
    M(M_ST_MASK_POST, "st.mask.post", NONE, (O(CURSOR, cursor) O(INT, step) O(MASK, src)), \
      (AE(dist, MaskDist, 0, 0)), (), 0, PVC_NO_TRAP, PVC_MF_FAULT, REGISTER, V, 1, 0, \
      pvc_mask_store_post(ctx, cursor, step, src, dist), \
      "mask source, cursor += step bytes (§3.6)") \
    /* ---- unaligned family (§4) ---- */ \
    M(M_LDU_INIT, "ldu.init", NONE, (), (), (R(ULD, u)), 0, PVC_NO_TRAP, 0, REGISTER, V, 0, 0, \
      pvc_load_unalign_init(u), "empty load ureg (§1.3)") \
    M(M_LDU_PRE, "ldu.pre", NONE, (O(ULD, u) O(ADDR, addr)), (), (), 0, PVC_NO_TRAP, PVC_MF_FAULT, REGISTER, V, 1, 0, \
      pvc_load_unalign_pre(ctx, u, addr), "cache the block holding addr (§4.1)") \
    M(M_LDU, "ldu", NONE, (O(ULD, u) O(ADDR, addr)), (), (R(VREG, dst)), 0, PVC_NO_TRAP, PVC_MF_FAULT, REGISTER, V, 1, 0, \
      pvc_load_unalign(ctx, dst, u, addr), "unaligned load at addr, no update (§4.1)") \
    M(M_LDU_POST, "ldu.post", NONE, (O(ULD, u) O(CURSOR, cursor) O(INT, step)), (), (R(VREG, dst)), \
      0, PVC_NO_TRAP, PVC_MF_FAULT, REGISTER, V, 1, 0, \
      pvc_load_unalign_post(ctx, dst, u, cursor, step), \
      "at cursor, then cursor += step bytes (§4.1)") \
    M(M_LDU_AREG, "ldu.areg", NONE, (O(ULD, u) O(ADDR, base) O(ADDR, areg)), (), (R(VREG, dst)), \
      0, PVC_NO_TRAP, PVC_MF_FAULT, REGISTER, V, 1, 0, \
      pvc_load_unalign_areg(ctx, dst, u, base, areg), "at base + areg, no update (§4.4 [I])") \
    M(M_STU_INIT, "stu.init", NONE, (), (), (R(UST, u)), 0, PVC_NO_TRAP, 0, REGISTER, V, 0, 0, \
      pvc_unalign_reg_for_store(u), "empty store ureg (§1.3)") \
    M(M_STU, "stu", NONE, (O(CURSOR, cursor) O(VREG, src) O(UST, u) O(INT, count)), \
      (AI(elem_bytes, 0) AI(post, 0)), (), 0, PVC_NO_TRAP, PVC_MF_FAULT, REGISTER, V, 1, 0, \
      pvc_store_unalign(ctx, cursor, src, u, (uint32_t)count, elem_bytes, post), \
      "append count*elem_bytes bytes; post: cursor += them (§4.2, §8 #4)") \
    M(M_STU_MASK, "stu.mask", NONE, (O(CURSOR, cursor) O(MASK, src) O(UST, u)), (AI(gran, 0)), (), \
      0, PVC_NO_TRAP, PVC_MF_FAULT, REGISTER, V, 1, 0, \
      pvc_mask_store_unalign(ctx, cursor, src, u, gran), \
      "pack the mask at gran 2 (16 B) / 4 (8 B), append, cursor += 16/8 (§4.3)") \
    M(M_STU_FLUSH, "stu.flush", NONE, (O(CURSOR, cursor) O(UST, u) O(INT, step)), (AI(post, 0)), (), \
      0, PVC_NO_TRAP, PVC_MF_FAULT, REGISTER, V, 1, 0, \
      pvc_store_unalign_post(ctx, cursor, u, step, post), \
      "write parked bytes at floor32(cursor); post: cursor += step (§4.2)") \
    M(M_STU_AREG, "stu.areg", NONE, (O(ADDR, base) O(ADDR, areg) O(VREG, src) O(UST, u)), (AI(elem_bytes, 0)), (), \
      0, PVC_NO_TRAP, PVC_MF_FAULT, REGISTER, V, 1, 0, \
      pvc_store_unalign_areg(ctx, base, areg, src, u, elem_bytes), "256 bytes at base + areg, no update (§4.4 [I])") \
    M(M_STU_CHECK, "stu.check", NONE, (O(UST, u) O(ADDR, cursor)), (), (), 0, PVC_NO_TRAP, PVC_MF_FAULT, SCALAR, S, 0, 0, \
      pvc_ureg_st_check(ctx, u, cursor), "end of VF: fault UNFLUSHED if bytes are still parked (§4.2)") \
    /* ---- masks, compares, compute (§5) ---- */ \
    M(M_MASK_CREATE, "mask.create", NONE, (), (AE(pattern, MaskPattern, 0, 0) AI(gran, 0)), (R(MASK, dst)), \
      0, PVC_NO_TRAP, 0, REGISTER, V, 1, 0, \
      pvc_mask_create_fast(ctx, dst, pattern, gran), "pattern at gran bytes, tested bits only (§5.1)") \
    M(M_MASK_UPDATE, "mask.update", NONE, (O(INT, n)), (AI(gran, 0)), (R(MASK, dst)), 0, PVC_NO_TRAP, 0, REGISTER, V, 1, 0, \
      (void)pvc_mask_update(ctx, dst, (uint32_t)n, gran), "first min(n, 256/gran) elements (§5.1)") \
    PVC_CMP_ROWS(M, EQ, eq) PVC_CMP_ROWS(M, NE, ne) PVC_CMP_ROWS(M, LT, lt) \
    PVC_CMP_ROWS(M, GT, gt) PVC_CMP_ROWS(M, LE, le) PVC_CMP_ROWS(M, GE, ge) \
    M(M_ABS, "abs", VF_ABS, (O(VREG, src) O(PRED, preg)), (AD(dtype) AZ(mode)), (R(VREG, dst)), \
      PVC_DT1(INT8) | PVC_DT1(INT16) | PVC_DT1(INT32) | PVC_DT1(INT64) | PVC_DT1(FP16) | PVC_DT1(FP32), \
      PVC_TRAP(PVC_DT_B64, B64_ARITH), PVC_MF_SAME, REGISTER, V, 1, 0, \
      pvc_abs(ctx, dst, dtype, src, preg), "|x| on active lanes, zeroing (§5.3)") \
    M(M_RELU, "relu", VF_RELU, (O(VREG, src) O(PRED, preg)), (AD(dtype) AZ(mode)), (R(VREG, dst)), \
      PVC_DT1(INT32) | PVC_DT1(FP16) | PVC_DT1(FP32), PVC_NO_TRAP, PVC_MF_SAME, REGISTER, V, 1, 0, \
      pvc_relu(ctx, dst, dtype, src, preg), "max(x, 0) on active lanes, zeroing (§5.3)") \
    M(M_ASTYPE, "astype", NONE, (O(VREG, src) O(PRED, preg)), \
      (AD(from) AD(to) AE(layout, CastLayout, 0, 0) AE(round, VFRoundMode, 0, 0) AE(sat, SaturateMode, 0, 0)), \
      (R(VREG, dst)), 0, PVC_NO_TRAP, 0, REGISTER, V, 1, 0, \
      pvc_astype(dst, src, preg, from, to, layout, round, sat), "§5.4 cast, every mode explicit") \
    M(M_FULL_REG, "full.reg", VF_FULL, (O(VREG, value) O(PRED, preg)), \
      (AD(dtype) AE(pos, DuplicatePos, PVC_POS_LOWEST, 0) AE(mode, MergeMode, PVC_MERGE_ZEROING, 0)), \
      (R(VREG, dst)), PVC_DT_ANY, PVC_NO_TRAP, PVC_MF_BROADCAST, REGISTER, V, 1, 0, \
      pvc_full_reg_fast(ctx, dst, dtype, value, preg, pos, mode), "lane 0 / N-1 of value broadcast (§5.7)") \
    M(M_FULL_M, "full.m", VF_FULL, (O(BITS, value) O(PRED, preg)), \
      (AD(dtype) AE(mode, MergeMode, PVC_MERGE_ZEROING, 0)), (R(VREG, dst)), PVC_DT_ANY, PVC_NO_TRAP, PVC_MF_BROADCAST, REGISTER, V, 1, 0, \
      pvc_full_fast(ctx, dst, dtype, value, preg, mode), "masked broadcast, ZEROING/MERGING (vdup) (§5.7)") \
    M(M_FULL, "full", VF_FULL, (O(BITS, value)), (AD(dtype)), (R(VREG, dst)), PVC_DT_ANY, PVC_NO_TRAP, PVC_MF_BROADCAST, REGISTER, V, 1, 0, \
      pvc_full_fast(ctx, dst, dtype, value, NULL, PVC_MERGE_ZEROING), "every lane = value (vbr) (§5.7)") \
    M(M_ENCODE_I, "encode.i", NONE, (O(INT, value)), (AD(dtype)), (R(INT, bits)), 0, PVC_NO_TRAP, 0, SCALAR, S, 1, 0, \
      *bits = (int64_t)pvc_scalar_bits(dtype, value, 0.0f, 0), \
      "bits of a run-time int at dtype by the C++ conversion a literal gets (§9.6)") \
    M(M_ENCODE_F, "encode.f", NONE, (O(NUM, value)), (AD(dtype)), (R(INT, bits)), 0, PVC_NO_TRAP, 0, SCALAR, S, 1, 0, \
      *bits = (int64_t)pvc_scalar_bits_f(dtype, (float)value), \
      "bits of a run-time float (a device float) at dtype by C++ conversion (§9.6)") \
    M(M_MEM_BAR, "mem_bar", NONE, (), (AE(mode, MemBarMode, 0, 0)), (), 0, PVC_NO_TRAP, 0, REGISTER, V, 1, 0, \
      pvc_mem_bar(ctx, mode), "ordering hook (§5.6, decision 8)") \
    /* ---- arithmetic (§10.1-§10.3); MERGING only for add/max/min (§9.2, §12 T1) ---- */ \
    M(M_ADD, "add", VF_ADD, (O(VREG, src0) O(VREG, src1) O(PRED, mask)), (AD(dtype) AE(mode, MergeMode, PVC_MERGE_ZEROING, 0)), \
      (R(VREG, dst)), PVC_DT_INTS_32 | PVC_DT_B64 | PVC_DT_FLOATS, PVC_TRAP(PVC_DT_B64, B64_ARITH), PVC_MF_SAME | PVC_MF_LANEWISE, REGISTER, V, 1, 0, \
      pvc_add_fast(ctx, dst, dtype, src0, src1, mask, mode), "dst = src0 + src1 (§10.1)") \
    M(M_SUB, "sub", VF_SUB, (O(VREG, src0) O(VREG, src1) O(PRED, mask)), (AD(dtype) AZ(mode)), \
      (R(VREG, dst)), PVC_DT_INTS_32 | PVC_DT_B64 | PVC_DT_FLOATS, PVC_TRAP(PVC_DT_B64, B64_ARITH), PVC_MF_SAME | PVC_MF_LANEWISE, REGISTER, V, 1, 0, \
      pvc_sub_fast(ctx, dst, dtype, src0, src1, mask, PVC_MERGE_ZEROING), "dst = src0 - src1 (§10.1)") \
    M(M_MUL, "mul", VF_MUL, (O(VREG, src0) O(VREG, src1) O(PRED, mask)), (AD(dtype) AZ(mode)), \
      (R(VREG, dst)), PVC_DT_INTS_16UP | PVC_DT_B64 | PVC_DT_FLOATS, PVC_TRAP(PVC_DT_B64, B64_ARITH), PVC_MF_SAME | PVC_MF_LANEWISE, REGISTER, V, 1, 0, \
      pvc_mul_fast(ctx, dst, dtype, src0, src1, mask, PVC_MERGE_ZEROING), "dst = src0 * src1 (§10.1)") \
    M(M_DIV, "div", VF_DIV, (O(VREG, src0) O(VREG, src1) O(PRED, mask)), (AD(dtype) AZ(mode)), \
      (R(VREG, dst)), PVC_DT_INTS_32 | PVC_DT_B64 | PVC_DT_F16_F32, \
      PVC_TRAP(PVC_DT_B64 | PVC_DT1(INT8) | PVC_DT1(UINT8), B64_ARITH), PVC_MF_SAME | PVC_MF_FAULT | PVC_MF_LANEWISE, REGISTER, V, 1, 0, \
      pvc_div_fast(ctx, dst, dtype, src0, src1, mask, PVC_MERGE_ZEROING), "dst = src0 / src1; an integer zero divisor faults (§10.1)") \
    M(M_MAX, "max", VF_MAX, (O(VREG, src0) O(VREG, src1) O(PRED, mask)), (AD(dtype) AE(mode, MergeMode, PVC_MERGE_ZEROING, 0)), \
      (R(VREG, dst)), PVC_DT_INTS_32 | PVC_DT_B64 | PVC_DT_FLOATS, PVC_TRAP(PVC_DT_B64, B64_ARITH), PVC_MF_SAME | PVC_MF_LANEWISE, REGISTER, V, 1, 0, \
      pvc_max_fast(ctx, dst, dtype, src0, src1, mask, mode), "dst = max(src0, src1) (§10.1)") \
    M(M_MIN, "min", VF_MIN, (O(VREG, src0) O(VREG, src1) O(PRED, mask)), (AD(dtype) AE(mode, MergeMode, PVC_MERGE_ZEROING, 0)), \
      (R(VREG, dst)), PVC_DT_INTS_32 | PVC_DT_B64 | PVC_DT_FLOATS, PVC_TRAP(PVC_DT_B64, B64_ARITH), PVC_MF_SAME | PVC_MF_LANEWISE, REGISTER, V, 1, 0, \
      pvc_min(ctx, dst, dtype, src0, src1, mask, mode), "dst = min(src0, src1) (§10.1)") \
    M(M_ADDS, "adds", VF_ADDS, (O(VREG, src) O(BITS, scalar) O(PRED, mask)), (AD(dtype) AZ(mode)), (R(VREG, dst)), \
      PVC_DT_INTS_32 | PVC_DT_B64 | PVC_DT_FLOATS, PVC_TRAP(PVC_DT_B64, B64_ARITH), PVC_MF_SAME | PVC_MF_LANEWISE, REGISTER, V, 1, 0, \
      pvc_adds_fast(ctx, dst, dtype, src, scalar, mask), "dst = src + scalar (§10.2)") \
    M(M_SUBS, "subs", VF_SUBS, (O(VREG, src) O(BITS, scalar) O(PRED, mask)), (AD(dtype) AZ(mode)), (R(VREG, dst)), \
      PVC_DT_INTS_32 | PVC_DT_B64 | PVC_DT_FLOATS, PVC_TRAP(PVC_DT_B64, B64_ARITH), PVC_MF_SAME | PVC_MF_LANEWISE, REGISTER, V, 1, 0, \
      pvc_subs(ctx, dst, dtype, src, scalar, mask), "dst = src + (-scalar) (§10.2)") \
    M(M_MULS, "muls", VF_MULS, (O(VREG, src) O(BITS, scalar) O(PRED, mask)), (AD(dtype) AZ(mode)), (R(VREG, dst)), \
      PVC_DT_INTS_32 | PVC_DT_B64 | PVC_DT_F16_F32, PVC_TRAP(PVC_DT_B64, B64_ARITH), PVC_MF_SAME | PVC_MF_LANEWISE, REGISTER, V, 1, 0, \
      pvc_muls_fast(ctx, dst, dtype, src, scalar, mask), "dst = src * scalar (§10.2)") \
    M(M_MAXS, "maxs", VF_MAXS, (O(VREG, src) O(BITS, scalar) O(PRED, mask)), (AD(dtype) AZ(mode)), (R(VREG, dst)), \
      PVC_DT_INTS_32 | PVC_DT_B64 | PVC_DT_FLOATS, PVC_TRAP(PVC_DT_B64, B64_ARITH), PVC_MF_SAME | PVC_MF_LANEWISE, REGISTER, V, 1, 0, \
      pvc_maxs(ctx, dst, dtype, src, scalar, mask), "dst = max(src, scalar) (§10.2)") \
    M(M_MINS, "mins", VF_MINS, (O(VREG, src) O(BITS, scalar) O(PRED, mask)), (AD(dtype) AZ(mode)), (R(VREG, dst)), \
      PVC_DT_INTS_32 | PVC_DT_B64 | PVC_DT_FLOATS, PVC_TRAP(PVC_DT_B64, B64_ARITH), PVC_MF_SAME | PVC_MF_LANEWISE, REGISTER, V, 1, 0, \
      pvc_mins(ctx, dst, dtype, src, scalar, mask), "dst = min(src, scalar) (§10.2)") \
    M(M_MULL, "mull", VF_MULL, (O(VREG, src0) O(VREG, src1) O(PRED, mask)), (AD(dtype) AZ(mode)), \
      (R(VREG, lo) R(VREG, hi)), PVC_DT1(INT32) | PVC_DT1(UINT32), PVC_NO_TRAP, PVC_MF_SAME, REGISTER, V, 1, 0, \
      pvc_mull(ctx, lo, hi, dtype, src0, src1, mask), "lo, hi = low and high words of src0 * src1 (§10.3)") \
    M(M_ADDC, "addc", VF_ADDC, (O(VREG, src0) O(VREG, src1) O(MASK, carry_in) O(PRED, mask)), (AD(dtype) AZ(mode)), \
      (R(MASK, carry) R(VREG, dst)), PVC_DT1(INT32) | PVC_DT1(UINT32), PVC_NO_TRAP, PVC_MF_SAME | PVC_MF_DECLARED, REGISTER, V, 1, 0, \
      pvc_addc(ctx, carry, dst, dtype, src0, src1, carry_in, mask), "dst = src0 + src1 + carry_in, carry out at bit 4i (§10.3)") \
    M(M_SUBC, "subc", VF_SUBC, (O(VREG, src0) O(VREG, src1) O(MASK, borrow_in) O(PRED, mask)), (AD(dtype) AZ(mode)), \
      (R(MASK, borrow) R(VREG, dst)), PVC_DT1(INT32) | PVC_DT1(UINT32), \
      PVC_TRAP(PVC_DT1(INT32) | PVC_DT1(UINT32), SUBC_POLARITY), PVC_MF_SAME | PVC_MF_DECLARED, REGISTER, V, 1, 0, \
      pvc_subc(ctx, borrow, dst, dtype, src0, src1, borrow_in, mask), "dst = src0 - src1 - 1 + borrow_in, 1 = no borrow (§10.3)") \
    /* ---- unary (§10.4, §10.5) ---- */ \
    M(M_NEG, "neg", VF_NEG, (O(VREG, src) O(PRED, mask)), (AD(dtype) AZ(mode)), (R(VREG, dst)), \
      PVC_DT1(INT8) | PVC_DT1(INT16) | PVC_DT1(INT32) | PVC_DT1(INT64) | PVC_DT_F16_F32, \
      PVC_TRAP(PVC_DT1(INT64), B64_ARITH), PVC_MF_SAME, REGISTER, V, 1, 0, pvc_neg(ctx, dst, dtype, src, mask), "dst = -src (§10.4)") \
    M(M_SQRT, "sqrt", VF_SQRT, (O(VREG, src) O(PRED, mask)), (AD(dtype) AZ(mode) AI(precision, 0)), (R(VREG, dst)), \
      PVC_DT_F16_F32, PVC_NO_TRAP, PVC_MF_SAME | PVC_MF_LANEWISE, REGISTER, V, 1, 0, \
      pvc_sqrt_fast(ctx, dst, dtype, src, mask, precision), "dst = sqrt(src) (§10.4)") \
    M(M_EXP, "exp", VF_EXP, (O(VREG, src) O(PRED, mask)), (AD(dtype) AZ(mode)), (R(VREG, dst)), \
      PVC_DT_F16_F32, PVC_NO_TRAP, PVC_MF_SAME | PVC_MF_LANEWISE, REGISTER, V, 1, 0, pvc_exp(ctx, dst, dtype, src, mask), "dst = e^src (§10.4)") \
    M(M_LN, "ln", VF_LN, (O(VREG, src) O(PRED, mask)), (AD(dtype) AZ(mode)), (R(VREG, dst)), \
      PVC_DT_F16_F32, PVC_NO_TRAP, PVC_MF_SAME, REGISTER, V, 1, 0, pvc_ln(ctx, dst, dtype, src, mask), "dst = ln(src) (§10.4)") \
    M(M_LOG, "log", VF_LOG, (O(VREG, src) O(PRED, mask)), (AD(dtype) AZ(mode)), (R(VREG, dst)), \
      PVC_DT_F16_F32, PVC_NO_TRAP, PVC_MF_SAME, REGISTER, V, 1, 0, pvc_ln(ctx, dst, dtype, src, mask), "vf.log: the same vln (§10.4)") \
    M(M_LOG2, "log2", VF_LOG2, (O(VREG, src) O(PRED, mask)), (AD(dtype) AZ(mode)), (R(VREG, dst)), \
      PVC_DT_F16_F32, PVC_NO_TRAP, PVC_MF_SAME, REGISTER, V, 2, 0, pvc_log2(ctx, dst, dtype, src, mask), "dst = ln(src) * log2(e) (vln + vmuls, §10.4)") \
    M(M_LOG10, "log10", VF_LOG10, (O(VREG, src) O(PRED, mask)), (AD(dtype) AZ(mode)), (R(VREG, dst)), \
      PVC_DT_F16_F32, PVC_NO_TRAP, PVC_MF_SAME, REGISTER, V, 2, 0, pvc_log10(ctx, dst, dtype, src, mask), "dst = ln(src) * log10(e) (vln + vmuls, §10.4)") \
    M(M_PRELU, "prelu", VF_PRELU, (O(VREG, src) O(VREG, slope) O(PRED, mask)), (AD(dtype) AZ(mode)), (R(VREG, dst)), \
      PVC_DT_F16_F32, PVC_NO_TRAP, PVC_MF_SAME, REGISTER, V, 1, 0, pvc_prelu(ctx, dst, dtype, src, slope, mask), \
      "dst = sign(src) ? src * slope : src (§10.4)") \
    M(M_LEAKY_RELU, "leaky_relu", VF_LEAKY_RELU, (O(VREG, src) O(BITS, alpha) O(PRED, mask)), (AD(dtype) AZ(mode)), \
      (R(VREG, dst)), PVC_DT_F16_F32, PVC_NO_TRAP, PVC_MF_SAME, REGISTER, V, 1, 0, pvc_leaky_relu(ctx, dst, dtype, src, alpha, mask), \
      "dst = sign(src) ? src * alpha : src (§10.4)") \
    M(M_TRUNCATE, "truncate", VF_TRUNCATE, (O(VREG, src) O(PRED, mask)), \
      (AD(dtype) AZ(mode) AE(round_mode, VFRoundMode, PVC_ROUND_TRUNC, PVC_RS_TRUNCATE)), (R(VREG, dst)), \
      PVC_DT_FLOATS, PVC_NO_TRAP, PVC_MF_SAME, REGISTER, V, 1, 0, pvc_truncate(ctx, dst, dtype, src, mask, round_mode), \
      "dst = src rounded to an integral value in round_mode (§10.5)") \
    /* ---- composite (§10.6) ---- */ \
    M(M_ABS_SUB, "abs_sub", VF_ABS_SUB, (O(VREG, src0) O(VREG, src1) O(PRED, mask)), (AD(dtype) AZ(mode)), (R(VREG, dst)), \
      PVC_DT_F16_F32 | PVC_DT1(INT64), PVC_TRAP(PVC_DT1(INT64), B64_ARITH), PVC_MF_SAME, REGISTER, V, 1, 0, \
      pvc_abs_sub(ctx, dst, dtype, src0, src1, mask), "dst = |src0 - src1| (§10.6)") \
    M(M_AXPY, "axpy", VF_AXPY, (O(VREG, src) O(BITS, scalar) O(PRED, mask)), (AD(dtype) AZ(mode)), (R(VREG, dst)), \
      PVC_DT_F16_F32 | PVC_DT_B64, PVC_TRAP(PVC_DT_B64, B64_ARITH), PVC_MF_SAME | PVC_MF_READS_DST, REGISTER, V, 1, 0, \
      pvc_axpy(ctx, dst, dtype, src, scalar, mask), "dst = FMA(scalar, src, dst) (§10.6)") \
    M(M_EXP_SUB, "exp_sub", VF_EXP_SUB, (O(VREG, src) O(VREG, max_val) O(PRED, mask)), \
      (AD(dtype) AD(from) AE(layout, CastLayout, PVC_LAYOUT_ZERO, PVC_LS_01)), (R(VREG, dst)), \
      PVC_DT1(FP32), PVC_NO_TRAP, 0, REGISTER, V, 1, 0, pvc_exp_sub_fast(ctx, dst, dtype, from, src, max_val, mask, layout), \
      "FP32 dst = e^(src - max_val); FP16 sources at lanes 2i+layout (§10.6)") \
    M(M_MUL_ADD_DST, "mul_add_dst", VF_MUL_ADD_DST, (O(VREG, src0) O(VREG, src1) O(PRED, mask)), (AD(dtype) AZ(mode)), \
      (R(VREG, dst)), PVC_DT_INTS_16UP | PVC_DT_B64 | PVC_DT_FLOATS, PVC_TRAP(PVC_DT_B64, B64_ARITH), \
      PVC_MF_SAME | PVC_MF_READS_DST | PVC_MF_LANEWISE, REGISTER, V, 1, 0, pvc_mul_add_dst_fast(ctx, dst, dtype, src0, src1, mask), \
      "dst = FMA(src0, src1, dst) (§10.6)") \
    M(M_MUL_DST_ADD, "mul_dst_add", VF_MUL_DST_ADD, (O(VREG, src0) O(VREG, src1) O(PRED, mask)), (AD(dtype) AZ(mode)), \
      (R(VREG, dst)), PVC_DT_FLOATS, PVC_NO_TRAP, PVC_MF_SAME | PVC_MF_READS_DST, REGISTER, V, 1, 0, \
      pvc_mul_dst_add(ctx, dst, dtype, src0, src1, mask), "dst = FMA(dst, src0, src1) (§10.6)") \
    M(M_MULS_CAST, "muls_cast", VF_MULS_CAST, (O(VREG, src) O(BITS, scalar) O(PRED, mask)), \
      (AD(dtype) AD(from) AE(layout, CastLayout, PVC_LAYOUT_ZERO, PVC_LS_01)), (R(VREG, dst)), \
      PVC_DT1(FP16), PVC_NO_TRAP, PVC_MF_NEEDS_DTYPE, REGISTER, V, 1, 0, \
      pvc_muls_cast(ctx, dst, dtype, from, src, scalar, mask, layout), "FP16 dst lanes 2i+layout = FP32 src * scalar (§10.6)") \
    /* ---- bitwise and shifts (§10.7): registers, or masks when src0 is one ---- */ \
    M(M_AND, "and", VF_AND, (O(VREG, src0) O(VREG, src1) O(PRED, mask)), (AD(dtype) AZ(mode)), (R(VREG, dst)), \
      PVC_DT_BITS, PVC_NO_TRAP, PVC_MF_SAME, REGISTER, V, 1, 0, pvc_and(ctx, dst, dtype, src0, src1, mask), "dst = src0 & src1 (§10.7)") \
    M(M_OR, "or", VF_OR, (O(VREG, src0) O(VREG, src1) O(PRED, mask)), (AD(dtype) AZ(mode)), (R(VREG, dst)), \
      PVC_DT_BITS, PVC_NO_TRAP, PVC_MF_SAME, REGISTER, V, 1, 0, pvc_or(ctx, dst, dtype, src0, src1, mask), "dst = src0 | src1 (§10.7)") \
    M(M_XOR, "xor", VF_XOR, (O(VREG, src0) O(VREG, src1) O(PRED, mask)), (AD(dtype) AZ(mode)), (R(VREG, dst)), \
      PVC_DT_BITS, PVC_NO_TRAP, 0, REGISTER, V, 1, 0, pvc_xor(ctx, dst, dtype, src0, src1, mask), "dst = src0 ^ src1 (§10.7)") \
    M(M_NOT, "not", VF_NOT, (O(VREG, src) O(PRED, mask)), (AD(dtype) AZ(mode)), (R(VREG, dst)), \
      PVC_DT_INTS_32 | PVC_DT_B64 | PVC_DT_F16_F32, PVC_NO_TRAP, PVC_MF_SAME, REGISTER, V, 1, 0, \
      pvc_not(ctx, dst, dtype, src, mask), "dst = ~src; i8..u64, f16, f32 (§10.7)") \
    M(M_MASK_AND, "mask.and", VF_AND, (O(MASK, src0) O(MASK, src1) O(MASK, mask)), (AZ(mode)), (R(MASK, dst)), \
      0, PVC_NO_TRAP, 0, REGISTER, V, 1, 0, pvc_mask_and(ctx, dst, src0, src1, mask), "dst bit = mask & src0 & src1, all 256 bits (§10.7)") \
    M(M_MASK_OR, "mask.or", VF_OR, (O(MASK, src0) O(MASK, src1) O(MASK, mask)), (AZ(mode)), (R(MASK, dst)), \
      0, PVC_NO_TRAP, 0, REGISTER, V, 1, 0, pvc_mask_or(ctx, dst, src0, src1, mask), "dst bit = mask & (src0 | src1) (§10.7)") \
    M(M_MASK_XOR, "mask.xor", VF_XOR, (O(MASK, src0) O(MASK, src1) O(MASK, mask)), (AZ(mode)), (R(MASK, dst)), \
      0, PVC_NO_TRAP, 0, REGISTER, V, 1, 0, pvc_mask_xor(ctx, dst, src0, src1, mask), "dst bit = mask & (src0 ^ src1) (§10.7)") \
    M(M_MASK_NOT, "mask.not", VF_NOT, (O(MASK, src) O(MASK, mask)), (AZ(mode)), (R(MASK, dst)), \
      0, PVC_NO_TRAP, 0, REGISTER, V, 1, 0, pvc_mask_not(ctx, dst, src, mask), "dst bit = mask & ~src (§10.7)") \
    M(M_SHL_S, "shl.s", VF_SHIFT_LEFT, (O(VREG, src) O(INT, shift) O(PRED, mask)), (AD(dtype) AZ(mode)), (R(VREG, dst)), \
      PVC_DT_INTS_32 | PVC_DT_B64, PVC_TRAP(PVC_DT_B64, B64_ARITH), PVC_MF_SAME | PVC_MF_FAULT, REGISTER, V, 1, 0, \
      pvc_shift_left(ctx, dst, dtype, src, (uint64_t)shift, mask), "dst = src << (int16)shift; a negative shift is by 0 (§10.7)") \
    M(M_SHL, "shl", VF_SHIFT_LEFT, (O(VREG, src) O(VREG, shift) O(PRED, mask)), (AD(dtype) AZ(mode)), (R(VREG, dst)), \
      PVC_DT_INTS_32 | PVC_DT_B64, PVC_NO_TRAP, PVC_MF_FAULT, REGISTER, V, 1, 0, pvc_shift_left_reg(ctx, dst, dtype, src, shift, mask), "dst lane = src << shift lane (§10.7)") \
    M(M_SHR_S, "shr.s", VF_SHIFT_RIGHT, (O(VREG, src) O(INT, shift) O(PRED, mask)), (AD(dtype) AZ(mode)), (R(VREG, dst)), \
      PVC_DT_INTS_32 | PVC_DT_B64, PVC_TRAP(PVC_DT_B64, B64_ARITH), PVC_MF_FAULT, REGISTER, V, 1, 0, \
      pvc_shift_right(ctx, dst, dtype, src, (uint64_t)shift, mask), "dst = src >> (int16)shift, arithmetic if signed (§10.7)") \
    M(M_SHR, "shr", VF_SHIFT_RIGHT, (O(VREG, src) O(VREG, shift) O(PRED, mask)), (AD(dtype) AZ(mode)), (R(VREG, dst)), \
      PVC_DT_INTS_32 | PVC_DT_B64, PVC_NO_TRAP, PVC_MF_FAULT, REGISTER, V, 1, 0, pvc_shift_right_reg(ctx, dst, dtype, src, shift, mask), "dst lane = src >> shift lane (§10.7)") \
    /* ---- select, squeeze (§10.8, §10.9) ---- */ \
    M(M_SELECT, "select", VF_SELECT, (O(VREG, src_true) O(VREG, src_false) O(PRED, mask)), (AD(dtype)), (R(VREG, dst)), \
      PVC_DT_INTS_32 | PVC_DT_FLOATS, PVC_NO_TRAP, 0, REGISTER, V, 1, 0, pvc_select(ctx, dst, dtype, src_true, src_false, mask), \
      "dst lane = mask ? src_true : src_false; no lane is zeroed (§10.8)") \
    M(M_MASK_SELECT, "mask.select", VF_SELECT, (O(MASK, src_true) O(MASK, src_false) O(MASK, mask)), (), (R(MASK, dst)), \
      0, PVC_NO_TRAP, 0, REGISTER, V, 1, 0, pvc_mask_select(ctx, dst, src_true, src_false, mask), "dst bit = mask ? src_true : src_false (§10.8)") \
    M(M_SQUEEZE, "squeeze", VF_SQUEEZE, (O(VREG, src) O(PRED, mask)), \
      (AD(dtype) AE(gather_mode, SqueezeMode, PVC_SQZ_STORE_REG, 0)), (R(VREG, dst)), \
      PVC_DT1(INT8) | PVC_DT1(UINT8) | PVC_DT1(INT16) | PVC_DT1(UINT16) | PVC_DT1(FP16) | PVC_DT1(INT32) | PVC_DT1(UINT32) | PVC_DT1(FP32), \
      PVC_NO_TRAP, 0, REGISTER, V, 1, 0, pvc_squeeze(ctx, dst, dtype, src, mask, gather_mode), \
      "active lanes packed low, the rest 0; STORE_REG: SQZN = their bytes (§10.9)") \
    M(M_UNSQUEEZE, "unsqueeze", VF_UNSQUEEZE, (O(PRED, mask)), (AD(dtype)), (R(VREG, dst)), \
      PVC_DT_INTS_32, PVC_TRAP(PVC_DT_INTS_32, UNSQUEEZE), 0, REGISTER, V, 1, 0, pvc_unsqueeze(ctx, dst, dtype, mask), \
      "lane i = number of active lanes below i (§10.9)") \
    /* ---- reductions (§10.10) ---- */ \
    M(M_REDUCE_SUM, "reduce_sum", VF_REDUCE_SUM, (O(VREG, src) O(PRED, mask)), (AD(dtype) AI(datablock, 0) AZ(merge_mode)), \
      (R(VREG, dst)), PVC_DT_INTS_16UP | PVC_DT_B64 | PVC_DT_F16_F32, PVC_TRAP(PVC_DT1(INT16) | PVC_DT1(UINT16), SUM_B16), \
      PVC_MF_SAME, REGISTER, V, 1, 0, (datablock ? pvc_reduce_sum_datablock : pvc_reduce_sum_fast)(ctx, dst, dtype, src, mask), \
      "tree sum of the active lanes in lane 0, or per block in lanes 0..7 (§10.10)") \
    M(M_REDUCE_MAX, "reduce_max", VF_REDUCE_MAX, (O(VREG, src) O(PRED, mask)), (AD(dtype) AI(datablock, 0) AZ(merge_mode)), \
      (R(VREG, dst)), PVC_DT_INTS_16UP | PVC_DT_B64 | PVC_DT_F16_F32, PVC_NO_TRAP, \
      PVC_MF_SAME, REGISTER, V, 1, 0, (datablock ? pvc_reduce_max_datablock : pvc_reduce_max_fast)(ctx, dst, dtype, src, mask), \
      "the largest active lane in lane 0 and its index in lane 1, or per block (§10.10)") \
    M(M_REDUCE_MIN, "reduce_min", VF_REDUCE_MIN, (O(VREG, src) O(PRED, mask)), (AD(dtype) AI(datablock, 0) AZ(merge_mode)), \
      (R(VREG, dst)), PVC_DT_INTS_16UP | PVC_DT_B64 | PVC_DT_F16_F32, PVC_NO_TRAP, \
      PVC_MF_SAME, REGISTER, V, 1, 0, (datablock ? pvc_reduce_min_datablock : pvc_reduce_min)(ctx, dst, dtype, src, mask), \
      "the smallest active lane in lane 0 and its index in lane 1, or per block (§10.10)") \
    M(M_PAIR_REDUCE_SUM, "pair_reduce_sum", VF_PAIR_REDUCE_SUM, (O(VREG, src) O(PRED, mask)), (AD(dtype) AZ(mode)), \
      (R(VREG, dst)), PVC_DT_F16_F32, PVC_NO_TRAP, PVC_MF_SAME, REGISTER, V, 1, 0, pvc_pair_reduce_sum(ctx, dst, dtype, src, mask), \
      "lane i = lane 2i + lane 2i+1, the upper half 0 (§10.10)") \
    /* ---- bit_cast, pack, unpack (§10.11) ---- */ \
    M(M_BIT_CAST, "bit_cast", VF_BIT_CAST, (O(VREG, src)), (), (R(VREG, dst)), PVC_DT_ANY, PVC_NO_TRAP, PVC_MF_NEEDS_DTYPE, REGISTER, V, 0, 0, \
      pvc_bit_cast(ctx, dst, src), "the same bytes, another dtype (§10.11)") \
    M(M_PACK, "pack", VF_PACK, (O(VREG, src)), (AD(dtype) AD(from) AE(part, PackPart, PVC_PART_LOWER, 0)), (R(VREG, dst)), \
      PVC_DT_ANY, PVC_NO_TRAP, PVC_MF_NEEDS_DTYPE, REGISTER, V, 1, 0, pvc_pack(ctx, dst, dtype, from, src, part), \
      "low halves of the lanes into the LOWER or UPPER half, the other half 0 (§10.11)") \
    M(M_UNPACK, "unpack", VF_UNPACK, (O(VREG, src)), (AD(dtype) AD(from) AE(part, PackPart, PVC_PART_LOWER, 0)), (R(VREG, dst)), \
      PVC_DT_ANY, PVC_NO_TRAP, PVC_MF_NEEDS_DTYPE, REGISTER, V, 1, 0, pvc_unpack(ctx, dst, dtype, from, src, part), \
      "the LOWER or UPPER half widened, sign- or zero-extended (§10.11)") \
    M(M_MASK_PACK, "mask.pack", VF_PACK, (O(MASK, src)), (AE(part, PackPart, PVC_PART_LOWER, 0)), (R(MASK, dst)), \
      0, PVC_NO_TRAP, PVC_MF_MASK_HALF, REGISTER, V, 1, 0, pvc_mask_pack(ctx, dst, src, part), "even mask bits into one half, the other half 0 (§10.11)") \
    M(M_MASK_UNPACK, "mask.unpack", VF_UNPACK, (O(MASK, src)), (AE(part, PackPart, PVC_PART_LOWER, 0)), (R(MASK, dst)), \
      0, PVC_NO_TRAP, PVC_MF_MASK_DOUBLE, REGISTER, V, 1, 0, pvc_mask_unpack(ctx, dst, src, part), "each bit of one half to an even bit, odd bits 0 (§10.11)") \
    /* ---- interleave (§10.12) ---- */ \
    M(M_INTERLEAVE, "interleave", VF_INTERLEAVE, (O(VREG, src0) O(VREG, src1)), (AD(dtype)), (R(VREG, d0) R(VREG, d1)), \
      PVC_DT_BITS, PVC_TRAP(PVC_DT_B64, INTLV_B64), 0, REGISTER, V, 1, 0, pvc_interleave(ctx, d0, d1, dtype, src0, src1), \
      "d0, d1 = the lanes of src0 and src1 alternated (§10.12)") \
    M(M_DE_INTERLEAVE, "de_interleave", VF_DE_INTERLEAVE, (O(VREG, src0) O(VREG, src1)), (AD(dtype)), (R(VREG, d0) R(VREG, d1)), \
      PVC_DT_BITS, PVC_TRAP(PVC_DT_B64, INTLV_B64), 0, REGISTER, V, 1, 0, pvc_de_interleave(ctx, d0, d1, dtype, src0, src1), \
      "d0, d1 = the even and odd lanes of src0 ++ src1 (§10.12)") \
    M(M_MASK_INTERLEAVE, "mask.interleave", VF_INTERLEAVE, (O(MASK, src0) O(MASK, src1)), (AD(dtype)), (R(MASK, d0) R(MASK, d1)), \
      0, PVC_NO_TRAP, 0, REGISTER, V, 1, 0, pvc_mask_interleave(ctx, d0, d1, src0, src1, pvc_mask_group_bytes(dtype)), \
      "the same over groups of 1, 2 or 4 mask bits (§10.12)") \
    M(M_MASK_DE_INTERLEAVE, "mask.de_interleave", VF_DE_INTERLEAVE, (O(MASK, src0) O(MASK, src1)), (AD(dtype)), \
      (R(MASK, d0) R(MASK, d1)), 0, PVC_NO_TRAP, 0, REGISTER, V, 1, 0, \
      pvc_mask_de_interleave(ctx, d0, d1, src0, src1, pvc_mask_group_bytes(dtype)), "the same over groups of mask bits (§10.12)") \
    /* ---- gather and scatter (§10.13) ---- */ \
    M(M_GATHER, "gather", VF_GATHER, (O(ADDR, src) O(VREG, indices) O(PRED, mask)), \
      (AD(dtype) AD(indices_dt) AE(data_copy_mode, DataCopyMode, 0, 0)), (R(VREG, dst)), \
      PVC_DT_INTS_32 | PVC_DT_B64 | PVC_DT1(FP16) | PVC_DT1(BF16) | PVC_DT1(FP32), PVC_NO_TRAP, PVC_MF_FAULT, REGISTER, V, 1, 0, \
      pvc_gather_tile(ctx, dst, dtype, indices_dt, src, indices, mask, data_copy_mode), \
      "lane i = tile element indices[i], or 32-byte blocks at byte offsets (§10.13)") \
    M(M_GATHER_REG, "gather.reg", VF_GATHER, (O(VREG, src) O(VREG, indices)), (AD(dtype)), (R(VREG, dst)), \
      PVC_DT_INTS_32 | PVC_DT1(FP16) | PVC_DT1(BF16) | PVC_DT1(FP32), PVC_NO_TRAP, 0, REGISTER, V, 1, 0, \
      pvc_gather_reg(ctx, dst, dtype, src, indices), "lane i = src lane indices[i] mod N (§10.13)") \
    M(M_SCATTER, "scatter", VF_SCATTER, (O(ADDR, base_ptr) O(VREG, src) O(VREG, index) O(PRED, mask)), \
      (AD(dtype) AD(index_dt)), (), PVC_DT_INTS_32 | PVC_DT_B64 | PVC_DT1(FP16) | PVC_DT1(BF16) | PVC_DT1(FP32), \
      PVC_TRAP(PVC_DT_B64, INDEX_B64), PVC_MF_FAULT, REGISTER, V, 1, 0, \
      pvc_scatter(ctx, dtype, index_dt, base_ptr, src, index, mask), "tile element index[i] = src lane i, active lanes (§10.13)") \
    /* ---- registers and special registers (§10.14) ---- */ \
    M(M_MOVE_M, "move.m", VF_MOVE, (O(VREG, src) O(PRED, mask)), \
      (AD(dtype) AC(mode, MergeMode, PVC_MERGE_MERGING, 1u << PVC_MERGE_MERGING)), (R(VREG, dst)), \
      PVC_DT_INTS_32 | PVC_DT_FLOATS, PVC_NO_TRAP, PVC_MF_SAME | PVC_MF_MERGES, REGISTER, V, 1, 0, \
      pvc_move(ctx, dst, dtype, src, mask), "dst lane = mask ? src : dst, merging (§10.14)") \
    M(M_MOVE, "move", VF_MOVE, (O(VREG, src)), (AD(dtype)), (R(VREG, dst)), PVC_DT_ANY, PVC_NO_TRAP, 0, REGISTER, V, 1, 0, \
      pvc_move(ctx, dst, dtype, src, NULL), "dst = src (§10.14)") \
    M(M_MASK_MOVE_M, "mask.move.m", VF_MOVE, (O(MASK, src) O(MASK, mask)), (), (R(MASK, dst)), 0, PVC_NO_TRAP, 0, REGISTER, V, 1, 0, \
      pvc_mask_move(ctx, dst, src, mask), "dst bit = mask & src (§10.14)") \
    M(M_MASK_MOVE, "mask.move", VF_MOVE, (O(MASK, src)), (), (R(MASK, dst)), 0, PVC_NO_TRAP, 0, REGISTER, V, 1, 0, \
      pvc_mask_move(ctx, dst, src, NULL), "dst = src (§10.14)") \
    M(M_CLEAR_SPR, "spr.clear", VF_CLEAR_SPR, (), (), (), 0, PVC_NO_TRAP, 0, REGISTER, S, 1, 0, pvc_clear_spr(ctx), "AR = 0 (§10.14)") \
    M(M_GET_SPR, "spr.get", PL_GET_SPR, (), (), (R(INT, value)), 0, PVC_NO_TRAP, 0, REGISTER, S, 1, 0, *value = pvc_get_spr(ctx), \
      "value = AR (§10.14)") \
    M(M_SET_VEC_MASK, "spr.set_mask", PL_SET_VEC_MASK, (O(INT, mask_high) O(INT, mask_low)), (), (), 0, PVC_NO_TRAP, 0, REGISTER, S, 1, 0, \
      pvc_set_vec_mask(ctx, (uint64_t)mask_high, (uint64_t)mask_low), "MASK1 = mask_high, MASK0 = mask_low (§10.14)") \
    M(M_SET_MASK_NORM, "spr.mask_norm", PL_SET_MASK_NORM, (), (), (), 0, PVC_NO_TRAP, 0, REGISTER, S, 1, 0, \
      pvc_set_mask_mode(ctx, 0), "the MASK register in per-bit mode (§10.14)") \
    M(M_SET_MASK_COUNT, "spr.mask_count", PL_SET_MASK_COUNT, (), (), (), 0, PVC_NO_TRAP, 0, REGISTER, S, 1, 0, \
      pvc_set_mask_mode(ctx, 1), "the MASK register in counter mode (§10.14)") \
    M(M_RESET_MASK, "spr.reset_mask", PL_RESET_MASK, (), (), (), 0, PVC_NO_TRAP, 0, REGISTER, S, 1, 0, pvc_reset_mask(ctx), \
      "MASK1 = MASK0 = all ones (§10.14)") \
    M(M_GET_MASK_SPR, "spr.mask", VF_GET_MASK_SPR, (), (AE(width, MaskWidth, PVC_MASK_WIDTH_B32, 0)), (R(MASK, dst)), \
      0, PVC_NO_TRAP, PVC_MF_FAULT | PVC_MF_MASK_ALLBITS, REGISTER, V, 1, 0, pvc_get_mask_spr(ctx, dst, width), "the MASK register, each bit in 4 (B32) or 2 (B16) mask bits (§10.14)") \
    M(M_MASK_GEN, "mask.gen", VF_MASK_GEN, (O(VREG, src)), (AD(dtype) AI(offset, 0)), (R(MASK, dst)), \
      PVC_DT1(INT16) | PVC_DT1(UINT16) | PVC_DT1(FP16) | PVC_DT1(BF16) | PVC_DT1(INT32) | PVC_DT1(UINT32) | PVC_DT1(FP32), \
      PVC_NO_TRAP, PVC_MF_FAULT | PVC_MF_MASK_ALLBITS, REGISTER, V, 1, 0, pvc_mask_gen_with_reg_tensor(ctx, dst, dtype, src, offset), \
      "register chunk `offset` as mask bits, each in 2/4 bits (§10.14)") \
    /* ---- index and histogram (§10.15) ---- */ \
    M(M_ARANGE, "arange", VF_ARANGE, (O(BITS, start)), (AD(dtype) AE(index_order, IndexOrder, PVC_ORDER_INCREASE, 0)), \
      (R(VREG, dst)), PVC_DT_INTS_32 | PVC_DT_B64 | PVC_DT_F16_F32, PVC_TRAP(PVC_DT_B64, B64_ARITH), 0, REGISTER, V, 1, 0, \
      pvc_arange(ctx, dst, dtype, start, index_order), "lane i = start + i (INCREASE) or start + N-1-i (DECREASE) (§10.15)") \
    M(M_HISTOGRAMS, "histograms", VF_HISTOGRAMS, (O(VREG, src) O(PRED, mask)), \
      (AE(bin_type, BinType, PVC_HIST_BIN0, 0) AE(hist_type, HistType, PVC_HIST_ACCUMULATE, 0)), (R(VREG, dst)), \
      PVC_DT1(UINT16), PVC_NO_TRAP, PVC_MF_READS_DST, REGISTER, V, 1, 0, pvc_histograms(ctx, dst, src, mask, bin_type, hist_type), \
      "UINT16 dst bins += counts of the active UINT8 lanes (§10.15)") \
    /* ---- unified unaligned load and store, the count-less store_unalign (§10.16, §4) ---- */ \
    M(M_ULD, "uld", NONE, (O(ADDR, addr)), (), (R(VREG, dst)), 0, PVC_NO_TRAP, PVC_MF_FAULT, REGISTER, V, 1, 0, \
      pvc_load(ctx, dst, addr), "256 bytes at addr through a fresh unaligned register (§10.16)") \
    M(M_ULD_POST, "uld.post", NONE, (O(CURSOR, cursor) O(INT, stride)), (AD(dtype)), (R(VREG, dst)), 0, PVC_NO_TRAP, \
      PVC_MF_FAULT, REGISTER, V, 1, 0, pvc_load_post(ctx, dst, cursor, dtype, stride), \
      "256 bytes at the cursor, then cursor += stride elements (§10.16)") \
    M(M_UST, "ust", NONE, (O(CURSOR, cursor) O(VREG, src) O(INT, count)), (AD(dtype)), (), 0, PVC_NO_TRAP, PVC_MF_FAULT, REGISTER, V, 1, 0, \
      pvc_store(ctx, cursor, dtype, src, (uint32_t)count), "count elements at the cursor, which advances by them (§10.16)") \
    M(M_STU_AR, "stu.ar", NONE, (O(ADDR, cursor) O(VREG, src) O(UST, u)), (), (), 0, PVC_NO_TRAP, PVC_MF_FAULT, REGISTER, V, 1, 0, \
      pvc_store_unalign_ar(ctx, cursor, src, u), "SQZN bytes at cursor + AR, then AR += SQZN (vstur, §4, §10.9)") \
    M(M_STU_FLUSH_AR, "stu.flush.ar", NONE, (O(ADDR, cursor) O(UST, u)), (), (), 0, PVC_NO_TRAP, PVC_MF_FAULT, REGISTER, V, 1, 0, \
      pvc_store_unalign_post_ar(ctx, cursor, u), "write parked bytes at floor32(cursor + AR) (vstar, §4)") \
    /* ---- jit kernels (§6) ---- */ \
    M(M_TG_STEP, "tg.step", NONE, (O(SLOT, slot)), (AI(delta, 0) AI(depth, 0)), (), 0, PVC_NO_TRAP, 0, SCALAR, S, 2, 0, \
      pvc_tile_group_step(slot, delta, depth), \
      "rotate a run-time slot: slot = (slot + delta) mod depth; next +1, previous depth-1 (§6)") \
    M(M_TG_ADDR, "tg.addr", NONE, (O(INT, slot)), (AI(base, 0) AI(slot_bytes, 0)), (R(ADDR, addr)), \
      0, PVC_NO_TRAP, 0, SCALAR, S, 2, 0, \
      *addr = pvc_tile_group_addr(base, slot, slot_bytes), \
      "the slot's tile at run time: base + slot*slot_bytes, slot_bytes the slots' spacing (§6)") \
    M(M_TG_INDEX, "tg.index", NONE, (O(INT, i)), (AI(base, 0) AI(depth, 1) AI(slot_bytes, 0)), (R(ADDR, addr)), \
      0, PVC_NO_TRAP, PVC_MF_FAULT, SCALAR, S, 2, 0, \
      *addr = pvc_tile_group_index(ctx, (uint32_t)base, i, depth, (uint32_t)slot_bytes), \
      "grp[i] with a run-time i: base + i*slot_bytes; i outside [0, depth) faults BAD_ARG (§6)") \
    M(M_TILE_VIEW, "tile.view", NONE, (O(ADDR, base)), (AI(off, 0)), (R(ADDR, addr)), 0, PVC_NO_TRAP, PVC_MF_NO_MEM, SCALAR, S, 1, 0, \
      *addr = pvc_tile_view_addr(base, off), \
      "the address of t[r0:r1, c0:c1] of a run-time tile t: its base + off bytes (§6)") \
    M(M_TILE_VIEW_AT, "tile.view.at", NONE, (O(ADDR, base) O(INT, r) O(INT, c)), \
      (AI(rows, 0) AI(cols, 0) AI(lane, 0)), (R(ADDR, addr)), 0, PVC_NO_TRAP, PVC_MF_FAULT | PVC_MF_NO_MEM, SCALAR, S, 1, 0, \
      *addr = pvc_tile_view_at(ctx, base, r, c, rows, cols, lane), \
      "the address of t[r0:, c0:] with a run-time r0 or c0: base + (r0*cols + c0)*lane; a start outside "\
      "[0, rows) x [0, cols) faults BAD_ARG (§6)") \
    M(M_TILE_GET_I, "tile.get.i", NONE, (O(TILE, tile) O(INT, r) O(INT, c)), (), (R(INT, v)), 0, PVC_NO_TRAP, \
      PVC_MF_FAULT, SCALAR, S, 1, 0, *v = pvc_tile_get_i(ctx, tile, r, c), \
      "t[r, c] of an integer tile, sign- or zero-extended to int64 (§6)") \
    M(M_TILE_GET_F, "tile.get.f", NONE, (O(TILE, tile) O(INT, r) O(INT, c)), (), (R(NUM, v)), 0, PVC_NO_TRAP, \
      PVC_MF_FAULT, SCALAR, S, 1, 0, pvc_tile_get_f(ctx, tile, r, c, v), \
      "t[r, c] of a float tile (FP8/HF8 codes decoded) as a double (§6)") \
    M(M_TILE_SET_I, "tile.set.i", NONE, (O(TILE, tile) O(INT, r) O(INT, c) O(INT, v)), (), (), 0, PVC_NO_TRAP, \
      PVC_MF_FAULT, SCALAR, S, 1, 0, pvc_tile_set_i(ctx, tile, r, c, v), \
      "t[r, c] = v of an int: the element's bits by the C++ conversion (§6, §9.6)") \
    M(M_TILE_SET_F, "tile.set.f", NONE, (O(TILE, tile) O(INT, r) O(INT, c) O(NUM, v)), (), (), 0, PVC_NO_TRAP, \
      PVC_MF_FAULT, SCALAR, S, 1, 0, pvc_tile_set_f(ctx, tile, r, c, v), \
      "t[r, c] = v of a float: the element's bits by the C++ conversion of the float (§6, §9.6)") \
    M(M_TILE_GETVAL_I, "tile.getval.i", NONE, (O(TILE, tile) O(INT, off)), (), (R(INT, v)), 0, PVC_NO_TRAP, \
      PVC_MF_FAULT, SCALAR, S, 1, 0, *v = pvc_tile_getval_i(ctx, tile, off), \
      "pl.getval(t, off) of an integer tile: element off = r*cols + c, extended to int64 (§6.1)") \
    M(M_TILE_GETVAL_F, "tile.getval.f", NONE, (O(TILE, tile) O(INT, off)), (), (R(NUM, v)), 0, PVC_NO_TRAP, \
      PVC_MF_FAULT, SCALAR, S, 1, 0, pvc_tile_getval_f(ctx, tile, off, v), \
      "pl.getval(t, off) of a float tile, as a double (§6.1)") \
    M(M_TILE_SETVAL_I, "tile.setval.i", NONE, (O(TILE, tile) O(INT, off) O(INT, v)), (), (), 0, PVC_NO_TRAP, \
      PVC_MF_FAULT, SCALAR, S, 1, 0, pvc_tile_setval_i(ctx, tile, off, v), \
      "pl.setval(t, off, v) of an int: the element's bits by the C++ conversion (§6.1, §9.6)") \
    M(M_TILE_SETVAL_F, "tile.setval.f", NONE, (O(TILE, tile) O(INT, off) O(NUM, v)), (), (), 0, PVC_NO_TRAP, \
      PVC_MF_FAULT, SCALAR, S, 1, 0, pvc_tile_setval_f(ctx, tile, off, v), \
      "pl.setval(t, off, v) of a float: the element's bits by the C++ conversion of the float (§6.1, §9.6)") \
    M(M_SMEM_GET_I, "smem.get.i", NONE, (O(INT, addr) O(INT, idx)), (AI(n, 0) AD(dtype)), (R(INT, v)), 0, \
      PVC_NO_TRAP, PVC_MF_FAULT, SCALAR, S, 1, 0, *v = pvc_smem_get_i(ctx, addr, idx, n, dtype), \
      "struct field element idx (of n; 0: a scalar field) at struct byte addr: an int64 or bool field (§16.8)") \
    M(M_SMEM_GET_F, "smem.get.f", NONE, (O(INT, addr) O(INT, idx)), (AI(n, 0) AD(dtype)), (R(NUM, v)), 0, \
      PVC_NO_TRAP, PVC_MF_FAULT, SCALAR, S, 1, 0, pvc_smem_get_f(ctx, addr, idx, n, dtype, v), \
      "struct field element of an fp32 field, as a double (§16.8)") \
    M(M_SMEM_SET_I, "smem.set.i", NONE, (O(INT, addr) O(INT, idx) O(INT, v)), (AI(n, 0) AD(dtype)), (), 0, \
      PVC_NO_TRAP, PVC_MF_FAULT, SCALAR, S, 1, 0, pvc_smem_set_i(ctx, addr, idx, n, dtype, v), \
      "write an int or bool into a struct field element, converted to the member's dtype (§16.8)") \
    M(M_SMEM_SET_F, "smem.set.f", NONE, (O(INT, addr) O(INT, idx) O(NUM, v)), (AI(n, 0) AD(dtype)), (), 0, \
      PVC_NO_TRAP, PVC_MF_FAULT, SCALAR, S, 1, 0, pvc_smem_set_f(ctx, addr, idx, n, dtype, v), \
      "write a float into a struct field element, converted to the member's dtype (§16.8)") \
    M(M_SMEM_SLOT, "smem.slot", NONE, (O(INT, base) O(INT, idx)), (AI(n, 1) AI(stride, 0)), (R(INT, addr)), 0, \
      PVC_NO_TRAP, PVC_MF_FAULT, SCALAR, S, 1, 0, *addr = pvc_smem_slot(ctx, base, idx, n, stride), \
      "arr[i] of a pl.struct_array of n structs: base + i*stride; i outside [0, n) faults BAD_ARG (§16.8)") \
    M(M_SMEM_LOAD, "smem.load", NONE, (O(TENSOR, tensor) O(INT, addr)), (AI(bytes, 0)), (), 0, PVC_NO_TRAP, \
      PVC_MF_FAULT, SCALAR, S, 1, 0, pvc_smem_load(ctx, tensor, addr, bytes), \
      "the kernel's entry copy of the tiling argument (bytes of a uint8 tensor) to struct byte addr (§16.8)") \
    M(M_SSBUF_STORE, "ssbuf.store", PL_SSBUF_STORE, (O(INT, struct_var) O(INT, offset)), (AI(bytes, 0)), (), 0, \
      PVC_NO_TRAP, PVC_MF_FAULT, SCALAR, S, 1, 0, pvc_ssbuf_store(ctx, struct_var, offset, bytes), \
      "SSBUF[offset ..] = the bytes / 4 words of the struct at struct byte struct_var (§16.8)") \
    M(M_SSBUF_LOAD, "ssbuf.load", PL_SSBUF_LOAD, (O(INT, struct_var) O(INT, offset)), (AI(bytes, 0)), (), 0, \
      PVC_NO_TRAP, PVC_MF_FAULT, SCALAR, S, 1, 0, pvc_ssbuf_load(ctx, struct_var, offset, bytes), \
      "the struct's bytes / 4 words = SSBUF[offset ..] (§16.8)") \
    M(M_GM_DUMP, "gm.dump", NONE, \
      (O(TENSOR, tensor) O(INT, o0) O(INT, o1) O(INT, o2) O(INT, o3) O(INT, o4) O(INT, n0) O(INT, n1) O(INT, n2) \
       O(INT, n3) O(INT, n4)), (AI(dn, 0)), (), 0, PVC_NO_TRAP, PVC_MF_FAULT, SCALAR, S, 1, 0, \
      pvc_gm_dump(ctx, tensor, (const int64_t[]){o0, o1, o2, o3, o4}, (const int64_t[]){n0, n1, n2, n3, n4}, dn), \
      "pl.dump_data of a GM tensor: the window o .. o + n of each axis (n PVC_GM_WHOLE the whole axis) (§6.2)") \
    M(M_TILE_DUMP, "tile.dump", NONE, (O(TILE, tile) O(INT, valid_rows) O(INT, valid_cols)), (), (), 0, \
      PVC_NO_TRAP, PVC_MF_FAULT, SCALAR, S, 1, 0, pvc_tile_dump(ctx, tile, valid_rows, valid_cols), \
      "pl.dump_data of a Vec tile: every element of its shape, the valid shape marked (§6.2)") \
    M(M_TILE_DUMP_WIN, "tile.dump.win", NONE, \
      (O(TILE, tile) O(INT, valid_rows) O(INT, valid_cols) O(INT, r0) O(INT, c0) O(INT, rows) O(INT, cols)), (), (), \
      0, PVC_NO_TRAP, PVC_MF_FAULT, SCALAR, S, 1, 0, \
      pvc_tile_dump_window(ctx, tile, valid_rows, valid_cols, r0, c0, rows, cols), \
      "pl.dump_data of a Vec tile window: rows x cols from r0, c0, clipped to the valid shape (§6.2)") \
    /* the four gm.getval / gm.setval rows stay consecutive: sim/interp.c tells them by range */ \
    M(M_GM_GETVAL_I, "gm.getval.i", NONE, (O(TENSOR, tensor) O(INT, off)), (), (R(INT, v)), 0, PVC_NO_TRAP, \
      PVC_MF_FAULT, SCALAR, S, 1, 0, *v = pvc_gm_getval_i(ctx, tensor, off), \
      "pl.getval / t[i, j] of an integer GM tensor: row-major element off, extended to int64 (§6.1)") \
    M(M_GM_GETVAL_F, "gm.getval.f", NONE, (O(TENSOR, tensor) O(INT, off)), (), (R(NUM, v)), 0, PVC_NO_TRAP, \
      PVC_MF_FAULT, SCALAR, S, 1, 0, pvc_gm_getval_f(ctx, tensor, off, v), \
      "pl.getval / t[i, j] of a float GM tensor, as a double (§6.1)") \
    M(M_GM_SETVAL_I, "gm.setval.i", NONE, (O(TENSOR, tensor) O(INT, off) O(INT, v)), (), (), 0, PVC_NO_TRAP, \
      PVC_MF_FAULT | PVC_MF_WRITES_GM, SCALAR, S, 1, 0, pvc_gm_setval_i(ctx, tensor, off, v), \
      "pl.setval / t[i, j] = v of an int into a GM tensor, converted as tile.set.i (§6.1, §9.6)") \
    M(M_GM_SETVAL_F, "gm.setval.f", NONE, (O(TENSOR, tensor) O(INT, off) O(NUM, v)), (), (), 0, PVC_NO_TRAP, \
      PVC_MF_FAULT | PVC_MF_WRITES_GM, SCALAR, S, 1, 0, pvc_gm_setval_f(ctx, tensor, off, v), \
      "pl.setval / t[i, j] = v of a float into a GM tensor, converted as tile.set.f (§6.1, §9.6)") \
    M(M_TILE_MOVE, "tile.move", NONE, \
      (O(TILE, dst) O(TILE, src) O(INT, r0) O(INT, c0) O(INT, rows) O(INT, cols)), (AI(insert, 0)), (), 0, \
      PVC_NO_TRAP, PVC_MF_FAULT, TILE, V, 1, 0, pvc_tile_move(ctx, dst, src, r0, c0, rows, cols, insert), \
      "pl.move Vec -> Vec: dst[i][j] = src[r0+i][c0+j] (insert 1: dst[r0+i][c0+j] = src[i][j]), rows x cols (§6)") \
    M(M_GM_LOAD, "gm.load", NONE, \
      (O(TILE, tile) O(TENSOR, tensor) O(INT, r0) O(INT, c0) O(INT, valid_rows) O(INT, valid_cols)), (), (), \
      0, PVC_NO_TRAP, PVC_MF_FAULT | PVC_MF_SETTLES, TILE, MTE2, 200, 32, \
      (void)pvc_gm_load(ctx, tile, tensor, r0, c0, valid_rows, valid_cols), \
      "tile[i][j] = tensor[r0+i][c0+j] for i, j inside the valid shape, clipped (§6)") \
    M(M_GM_STORE, "gm.store", NONE, \
      (O(TENSOR, tensor) O(TILE, tile) O(INT, r0) O(INT, c0) O(INT, valid_rows) O(INT, valid_cols)), (), (), \
      0, PVC_NO_TRAP, PVC_MF_FAULT | PVC_MF_WRITES_GM | PVC_MF_SETTLES, TILE, MTE3, 200, 32, \
      (void)pvc_gm_store(ctx, tensor, tile, r0, c0, valid_rows, valid_cols), \
      "tensor[r0+i][c0+j] = tile[i][j] inside the valid shape, clipped (§6)") \
    M(M_GM_STORE_ADD, "gm.store.add", NONE, \
      (O(TENSOR, tensor) O(TILE, tile) O(INT, r0) O(INT, c0) O(INT, valid_rows) O(INT, valid_cols)), (), (), \
      0, PVC_NO_TRAP, PVC_MF_FAULT | PVC_MF_WRITES_GM | PVC_MF_SETTLES, TILE, MTE3, 200, 32, \
      (void)pvc_gm_store_add(ctx, tensor, tile, r0, c0, valid_rows, valid_cols), \
      "tensor[r0+i][c0+j] += tile[i][j] inside the valid shape, clipped: pl.store's atomic=AtomicAdd (§6)") \
    M(M_GM_LOAD_STRIDED, "gm.load.strided", NONE, \
      (O(TILE, tile) O(TENSOR, tensor) O(INT, r0) O(INT, c0) O(INT, valid_rows) O(INT, valid_cols) O(INT, rs) \
       O(INT, cs)), (), (), 0, PVC_NO_TRAP, PVC_MF_FAULT, TILE, MTE2, 200, 32, \
      (void)pvc_gm_load_strided(ctx, tile, tensor, r0, c0, valid_rows, valid_cols, rs, cs), \
      "after pl.set_stride: tile[i][j] = GM element r0*cols + c0 + i*rs + j*cs, each inside the tensor (§6)") \
    M(M_GM_STORE_STRIDED, "gm.store.strided", NONE, \
      (O(TENSOR, tensor) O(TILE, tile) O(INT, r0) O(INT, c0) O(INT, valid_rows) O(INT, valid_cols) O(INT, rs) \
       O(INT, cs)), (AI(add, 0)), (), 0, PVC_NO_TRAP, PVC_MF_FAULT | PVC_MF_WRITES_GM, TILE, MTE3, 200, 32, \
      (void)pvc_gm_store_strided(ctx, tensor, tile, r0, c0, valid_rows, valid_cols, rs, cs, add), \
      "after pl.set_stride: the inverse of gm.load.strided (add: the atomic add) (§6)") \
    M(M_GM_LOAD_ND, "gm.load.nd", NONE, \
      (O(TILE, tile) O(TENSOR, tensor) O(INT, o0) O(INT, o1) O(INT, o2) O(INT, o3) \
       O(INT, o4) O(INT, o5) O(INT, o6) O(INT, o7) O(INT, valid_rows) \
       O(INT, valid_cols)), (AI(row_axis, 0) AI(col_axis, 1)), (), 0, PVC_NO_TRAP, PVC_MF_FAULT | PVC_MF_SETTLES, TILE, MTE2, 200, 32, \
      (void)pvc_gm_load_nd(ctx, tile, tensor, o0, o1, o2, o3, o4, o5, o6, o7, row_axis, col_axis, valid_rows, valid_cols), \
      "rank 3-8: tile[i][j] = tensor at offsets o, +i on row_axis, +j on col_axis (the last), clipped (§6)") \
    M(M_GM_STORE_ND, "gm.store.nd", NONE, \
      (O(TENSOR, tensor) O(TILE, tile) O(INT, o0) O(INT, o1) O(INT, o2) O(INT, o3) \
       O(INT, o4) O(INT, o5) O(INT, o6) O(INT, o7) O(INT, valid_rows) \
       O(INT, valid_cols)), (AI(row_axis, 0) AI(col_axis, 1)), (), 0, PVC_NO_TRAP, \
      PVC_MF_FAULT | PVC_MF_WRITES_GM | PVC_MF_SETTLES, TILE, MTE3, 200, 32, \
      (void)pvc_gm_store_nd(ctx, tensor, tile, o0, o1, o2, o3, o4, o5, o6, o7, row_axis, col_axis, valid_rows, valid_cols), \
      "rank 3-8: the inverse of gm.load.nd (§6)") \
    M(M_GM_VIEW, "gm.view", NONE, \
      (O(TENSOR, view) O(TENSOR, base) O(INT, off) O(INT, d0) O(INT, d1) O(INT, d2) O(INT, d3) O(INT, s0) O(INT, s1) \
       O(INT, s2) O(INT, s3)), (AI(dtype, 0) AI(rank, 1)), (), 0, PVC_NO_TRAP, PVC_MF_FAULT | PVC_MF_NO_MEM, SCALAR, S, 1, 0, \
      pvc_gm_view(ctx, view, base, off, dtype, rank, d0, d1, d2, d3, s0, s1, s2, s3), \
      "view = the rank-`rank` tensor of dtype `dtype` at element off of base, dims d, strides s (§6)") \
    M(M_GM_DIM, "gm.dim", NONE, (O(TENSOR, tensor)), (AI(axis, 0)), (R(INT, dim)), 0, PVC_NO_TRAP, PVC_MF_NO_MEM, SCALAR, S, 1, 0, \
      *dim = pvc_tensor_dim(tensor, axis), "t.shape[axis] of the tensor bound at run time (§6)") \
    M(M_GM_ADDR, "gm.addr", NONE, (O(TENSOR, tensor)), (), (R(INT, addr)), 0, PVC_NO_TRAP, PVC_MF_NO_MEM, SCALAR, S, 1, 0, \
      *addr = pvc_tensor_addr(tensor), "the GM address of a pointer, as pl.printf's %p prints it (§6)") \
    M(M_BLOCK_IDX, "block.idx", NONE, (), (), (R(INT, idx)), 0, PVC_NO_TRAP, 0, SCALAR, S, 1, 0, \
      *idx = pvc_block_idx(ctx), "pl.get_block_idx(): the block this context runs (§6)") \
    M(M_BLOCK_NUM, "block.num", NONE, (), (), (R(INT, num)), 0, PVC_NO_TRAP, 0, SCALAR, S, 1, 0, \
      *num = pvc_block_num(ctx), "pl.get_block_num(): the blocks of the launch (§6)") \
    PVC_TILE_MOPS(M) \
    PVC_CUBE_MOPS(M)

typedef enum {
    PVC_OP_NONE = -1, /* FROM of a machine op made by hand-written code */
#define X(id, name, pos, kw, minp, maxp, nres, res, flags, level, doc) PVC_OP_##id,
    PVC_OPS(X)
#undef X
#define M(id, ...) PVC_OP_##id,
    PVC_MOPS(M)
#undef M
    PVC_OP_COUNT
} pvc_opcode;

/* The first machine opcode: pvc_mops[code - PVC_OP_MFIRST] is machine op `code`. */
enum {
#define X(id, name, pos, kw, minp, maxp, nres, res, flags, level, doc) PVC_OPROW_##id,
    PVC_OPS(X)
#undef X
    PVC_OP_MFIRST
};
#define PVC_MOP_COUNT (PVC_OP_COUNT - PVC_OP_MFIRST)

/* Operand / result kinds of a machine op (the OPERANDS and RESULTS columns). */
typedef enum {
    PVC_OK_VREG, PVC_OK_MASK, PVC_OK_PRED, PVC_OK_BITS, PVC_OK_INT, PVC_OK_NUM, PVC_OK_ADDR,
    PVC_OK_CURSOR, PVC_OK_SLOT, PVC_OK_ULD, PVC_OK_UST, PVC_OK_TILE, PVC_OK_TENSOR, PVC_OK_TILE_ND,
    PVC_OK_END /* closes each row's lists */
} pvc_opnd_kind;

/* TILE_ND is a TILE the checker requires to be row-major (ND); both backends pass it as a
 * TILE. */
static inline int pvc_ok_is_tile(pvc_opnd_kind k) { return k == PVC_OK_TILE || k == PVC_OK_TILE_ND; }

/* Attribute kinds (the ATTRS column); an AC / AZ entry checks the DSL call and makes no
 * attribute. */
typedef enum { PVC_AK_DTYPE, PVC_AK_ENUM, PVC_AK_INT, PVC_AK_CHECK, PVC_AK_END } pvc_attr_kind;

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
    uint32_t trap_dtypes;      /* op dtypes that compile with warning `trap` */
    int trap;                  /* pvc_warn_kind (diag.h), PVC_W_NONE none */
    unsigned flags;            /* PVC_MF_* */
    pvc_level level;
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

/* A row of PVC_PY_OPS as text (the emitter prints a call with its operands substituted);
 * NULL for an op that is not scalar arithmetic. */
typedef struct {
    int code;
    const char *on_int, *on_float; /* the INT and FLOAT calls; "NONE": no such form */
    const char *faults;        /* the FAULTS condition; "0": never */
    const char *what;
} pvc_pyop;
const pvc_pyop *pvc_pyop_of(int code);
int pvc_pyop_has(const char *call); /* 0 for "NONE" */

/* ir/pyfold.c: a py.* op on constants, by the calls of PVC_PY_OPS and Python's rules. */
typedef enum {
    PVC_FOLD_OK,       /* *out is the value */
    PVC_FOLD_FAULT,    /* the call would fault: left to run time */
    PVC_FOLD_OVERFLOW, /* Python's int does not fit in int64: error E009 (*out: the wrapped value) */
    PVC_FOLD_NONE      /* not arithmetic, or no form for these operands */
} pvc_fold_status;
pvc_fold_status pvc_fold_int(int code, int64_t a, int64_t b, int64_t *out);
/* The message of E009 for an int constant outside int64, over `what`. */
#define PVC_OVERFLOW_TEXT "%s does not fit in int64 (pvc's ints are 64-bit)"
pvc_fold_status pvc_fold_float(int code, double a, double b, double *out);

/* Estimated cycles of one execution that moved `bytes` UB bytes (the cost columns). */
static inline uint64_t pvc_mop_cycles(const pvc_mop *m, uint64_t bytes)
{
    return m->base + (m->bpc ? (bytes + m->bpc - 1) / m->bpc : 0);
}

/* Enum namespaces. X(NS, "meaning", VIS): VIS PL = reachable as pl.<NS>.<MEMBER>;
 * HW = machine-op attributes only (printed without "pl."), never written by the user.
 * Members that are runtime tables come from the runtime headers so each list exists once
 * (ops.c): LoadDist = PVC_LOAD_DISTS, MaskPattern = PVC_MASK_PATTERNS, MemBarMode =
 * PVC_MEMBARS, VFRoundMode = PVC_ROUNDS, HwStoreDist = PVC_STORE_DISTS, MaskDist =
 * PVC_MASK_DISTS, DuplicatePos = PVC_POSITIONS, PackPart = PVC_PARTS, MaskWidth =
 * PVC_MASK_WIDTHS, IndexOrder = PVC_INDEX_ORDERS, SqueezeMode = PVC_SQUEEZE_MODES, BinType =
 * PVC_HIST_BINS, HistType = PVC_HIST_TYPES, TensorLayout = PVC_TILE_LAYOUTS, TilePad =
 * PVC_TILE_PADS, RoundMode = PVC_TILE_ROUNDS, FillPadMode = PVC_FILLPAD_MODES, QuantMode =
 * PVC_QUANT_MODES; a member's
 * value is the runtime enum value. */
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
    X(PipeType,     "pipe of pl.system.sync_src/sync_dst (§6; no-op here)", PL) \
    X(PackPart,     "half that vf.pack fills / vf.unpack widens (§10.11)", PL) \
    X(MaskWidth,    "how vf.get_mask_spr spreads the MASK register (§10.14)", PL) \
    X(IndexOrder,   "direction of vf.arange (§10.15)", PL)            \
    X(SqueezeMode,  "whether vf.squeeze leaves its byte count for store_unalign (§10.9)", PL) \
    X(BinType,      "which half of the byte range vf.histograms counts (§10.15)", PL) \
    X(HistType,     "cumulative or per-value vf.histograms (§10.15)", PL) \
    X(SyncCoreType, "cores pl.system.sync_all waits for (§6; no-op here)", PL) \
    X(SyncAllMode,  "hardware or GM-polling pl.system.sync_all (§6; no-op here)", PL) \
    X(CrossCoreSyncMode, "scope of pl.system.set/wait_cross_core (§6; no-op here)", PL) \
    X(TensorLayout, "tile layout, also pl.ND, pl.DN, ... (§15.1)", PL) \
    X(TilePad,      "the value pl.fillpad writes outside the valid shape (§15.1)", PL) \
    X(RoundMode,    "pl.cast rounding (§15.6)", PL) \
    X(FillPadMode,  "pl.fillpad form (§15.9)", PL) \
    X(QuantMode,    "pl.quant form (§15.22)", PL) \
    X(AccToVecMode, "how pl.move splits an Acc result between the vector cores (§17.4.4)", PL) \
    X(ReluPreMode,  "ReLU in the fixpipe, before the scale (§17.6)", PL) \
    X(AtomicType,   "pl.store from Acc: overwrite or add into GM (§17.6)", PL) \
    X(AccPhase,     "unit-flag phase of a matmul: no effect on values (§17.5)", PL) \
    X(STPhase,      "unit-flag phase of a fixpipe store: no effect on values (§17.6)", PL) \
    X(CacheLine,    "what pl.system.dcci cleans: one line or the whole data cache (§6; no-op here)", PL) \
    X(DcciDst,      "which cache pl.system.dcci cleans (§6; no-op here)", PL)

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
    X(ReluPreMode, NormalRelu, 0, "max(x, 0) before the scale")                    \
    X(AtomicType, AtomicNone, 0, "overwrite")                                      \
    X(AtomicType, AtomicAdd, 1, "old + new in the tensor's dtype")                 \
    X(AccPhase, Unspecified, 0, "no unit flag")                                    \
    X(AccPhase, Partial, 1, "a K step that leaves the unit flag")                  \
    X(AccPhase, Final, 2, "the last K step: sets the unit flag")                   \
    X(STPhase, Unspecified, 0, "no unit flag")                                     \
    X(STPhase, Partial, 1, "a read that leaves the unit flag")                     \
    X(STPhase, Final, 2, "the last read: clears the unit flag")                    \
    X(SyncCoreType, MIX, 0, "vector and cube cores")                               \
    X(SyncCoreType, AIV_ONLY, 1, "vector cores only")                              \
    X(SyncCoreType, AIC_ONLY, 2, "cube cores only")                                \
    X(SyncAllMode, HARD, 0, "hardware signal")                                     \
    X(SyncAllMode, SOFT, 1, "GM polling through a workspace")                      \
    X(CrossCoreSyncMode, INTER_BLOCK, 0, "between the cores of one kind")          \
    X(CrossCoreSyncMode, INTER_SUBBLOCK, 1, "between the vector cores of a block") \
    X(CrossCoreSyncMode, INTRA_BLOCK, 2, "between a block's cube and vector cores") \
    X(CrossCoreSyncMode, UNICAST_BLOCK, 3, "cube waits for one vector core")       \
    X(MergeMode, ZEROING, PVC_MERGE_ZEROING, "inactive lanes become 0")            \
    X(MergeMode, MERGING, PVC_MERGE_MERGING, "inactive lanes keep the destination") \
    X(PipeType, S, 0, "scalar pipe")                                               \
    X(PipeType, V, 1, "vector pipe")                                               \
    X(PipeType, M, 2, "cube (matrix) pipe")                                        \
    X(PipeType, MTE1, 3, "L1 -> L0A/L0B moves")                                    \
    X(PipeType, MTE2, 4, "GM -> on-chip moves (pl.load)")                          \
    X(PipeType, MTE3, 5, "UB -> GM moves (pl.store)")                              \
    X(PipeType, FIX, 6, "L0C -> GM moves (fixpipe)")                                \
    X(CacheLine, SINGLE_CACHE_LINE, 0, "the cache line of the address")             \
    X(CacheLine, ENTIRE_DATA_CACHE, 1, "the whole data cache")                      \
    X(DcciDst, AUTO, 0, "a tensor's GM line, a tile's UB line")                     \
    X(DcciDst, CACHELINE_OUT, 1, "the GM (out) cache line")                         \
    X(DcciDst, CACHELINE_UB, 2, "the UB cache line")                                \
    X(DcciDst, CACHELINE_ALL, 3, "every cache")                                     \
    X(DcciDst, CACHELINE_ATOMIC, 4, "the atomic cache")

typedef enum {
#define X(ns, text, vis) PVC_NS_##ns,
    PVC_ENUM_NS(X)
#undef X
    PVC_NS_COUNT
} pvc_enum_ns;

/* Names the pypto parser still knows but nothing lowers (docs/SEMANTICS.md §10.17): pvc
 * rejects each with the call that does the job. X("name", "what to write instead"). */
#define PVC_LEGACY_OPS(X)                                                                    \
    X("vf.store_align_pack", "vf.store_align(tile, reg, mask, dist=pl.StoreDist.PACK)")       \
    X("vf.store_align_intlv", "vf.store_align(tile, even, odd, mask, dist=pl.StoreDist.INTLV)") \
    X("vf.store_align_pack_postupdate",                                                      \
      "vf.store_align(tile, reg, mask, dist=pl.StoreDist.PACK, post_update=True)")

/* Top-level pl constants that are neither ops nor dtypes (§6). */
#define PVC_PL_CONSTS(X)                                  \
    X(DYNAMIC, "dimension read from the argument at call time") \
    X(STATIC,  "dimension fixed at compile time")

#endif /* PVC_OPS_H */
