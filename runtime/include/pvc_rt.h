/* pvc_rt.h - the pvc runtime: a bit-exact host model of the Ascend 950 (dav-3510)
 * vector-function register semantics. The one public header of runtime/.
 *
 * Every rule here implements ../shared/SEMANTICS.md (cited as §n). Both backends call
 * these functions: the C that `pvc compile` emits, and the in-process simulator.
 *
 * Naming follows tree-sitter: pvc_<object>_<verb>, types pvc_<object>.
 *
 * SKELETON: this first version fixes the shared vocabulary (dtypes, registers, the UB
 * context and faults, the cast entry point). The runtime owner extends it.
 */
#ifndef PVC_RT_H
#define PVC_RT_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>

/* ---------------------------------------------------------------------------------------
 * Data types (§1.1). One row each: X(NAME, pypto name, bits, kind).
 * bits is the storage width of one element; FP4/INT4 are 4 (two per byte).
 * kind: S signed int, U unsigned int, F IEEE-like float, Q 8/4-bit storage-only float.
 * ------------------------------------------------------------------------------------- */
#define PVC_DTYPES(X)                        \
    X(INT4,      "DT_INT4",      4,  S)      \
    X(INT8,      "DT_INT8",      8,  S)      \
    X(UINT8,     "DT_UINT8",     8,  U)      \
    X(INT16,     "DT_INT16",     16, S)      \
    X(UINT16,    "DT_UINT16",    16, U)      \
    X(INT32,     "DT_INT32",     32, S)      \
    X(UINT32,    "DT_UINT32",    32, U)      \
    X(INT64,     "DT_INT64",     64, S)      \
    X(UINT64,    "DT_UINT64",    64, U)      \
    X(FP16,      "DT_FP16",      16, F)      \
    X(BF16,      "DT_BF16",      16, F)      \
    X(FP32,      "DT_FP32",      32, F)      \
    X(FP8E4M3FN, "DT_FP8E4M3FN", 8,  Q)      \
    X(FP8E5M2,   "DT_FP8E5M2",   8,  Q)      \
    X(FP8E8M0,   "DT_FP8E8M0",   8,  Q)      \
    X(HF8,       "DT_HF8",       8,  Q)      \
    X(FP4E2M1,   "DT_FP4E2M1",   4,  Q)      \
    X(FP4E1M2,   "DT_FP4E1M2",   4,  Q)

typedef enum {
#define X(name, pyname, bits, kind) PVC_DT_##name,
    PVC_DTYPES(X)
#undef X
    PVC_DT_COUNT
} pvc_dtype;

typedef enum { PVC_KIND_S, PVC_KIND_U, PVC_KIND_F, PVC_KIND_Q } pvc_dtype_kind;

typedef struct {
    const char *name;    /* "FP32" */
    const char *pyname;  /* "DT_FP32" as written after pl. */
    unsigned bits;       /* 4, 8, 16, 32, 64 */
    pvc_dtype_kind kind;
} pvc_dtype_info;

extern const pvc_dtype_info pvc_dtype_table[PVC_DT_COUNT];

/* Bytes one element occupies in a register lane; FP4/INT4 lanes are bytes (§1.1). */
static inline unsigned pvc_dtype_lane_bytes(pvc_dtype t)
{
    unsigned bits = pvc_dtype_table[t].bits;
    return bits < 8 ? 1 : bits / 8;
}

/* ---------------------------------------------------------------------------------------
 * Registers (§1.1 - §1.4, Appendix B).
 *
 *   pvc_vreg: 256 bytes, little-endian elements; element i of width w at b[w*i .. w*i+w-1]
 *
 *     byte  0   1   2   3   4   5   6   7  ...  252 253 254 255
 *     b8   e0  e1  e2  e3  e4  e5  e6  e7  ...  e252 ...      e255
 *     b16  |--e0--| |--e1--| |--e2--| ...          |--e127--|
 *     b32  |------e0------| |------e1------| ...   |---e63---|
 *
 *   pvc_mreg: 256 bits, one per register byte; bit j = (bits[j>>3] >> (j&7)) & 1.
 *   Element i of width w owns bits w*i .. w*i+w-1 and only bit w*i is tested (§1.2):
 *
 *     bit   0 1 2 3 4 5 6 7 8 ...
 *     b8    T T T T T T T T T      (every bit tested)
 *     b16   T . T . T . T . T      (even bits)
 *     b32   T . . . T . . . T      (bit 4i)
 *     b64   T . . . . . . . T      (bit 8i)
 * ------------------------------------------------------------------------------------- */
#define PVC_VL 256

typedef struct { _Alignas(32) uint8_t b[PVC_VL]; } pvc_vreg;
typedef struct { uint8_t bits[PVC_VL / 8]; } pvc_mreg;

/* ---------------------------------------------------------------------------------------
 * Unified Buffer and faults (decisions 3 and 4). A kernel runs against one pvc_ctx.
 * Faults never abort and never touch memory outside ctx->ub: the faulting op records a
 * pvc_fault and longjmps to the innermost pvc_ctx_pcall (Lua-style protected call).
 * ------------------------------------------------------------------------------------- */
#define PVC_UB_BYTES  (256u * 1024u)
#define PVC_UB_USABLE (248u * 1024u) /* top 8 KiB: register-spill reserve (§6) */

/* A DSL source position; the caller sets ctx->at before each op so a fault names it. */
typedef struct {
    const char *file;
    int line, col;
} pvc_loc;

#define PVC_FAULTS(X)                                                   \
    X(NONE,       "no fault")                                           \
    X(UB_BOUNDS,  "access outside the Unified Buffer")                  \
    X(MISALIGNED, "misaligned UB address")                              \
    X(UNFLUSHED,  "store_unalign state not flushed by store_unalign_post") \
    X(BAD_ARG,    "invalid operand for this op")

typedef enum {
#define X(name, text) PVC_FAULT_##name,
    PVC_FAULTS(X)
#undef X
    PVC_FAULT_COUNT
} pvc_fault_kind;

typedef struct {
    pvc_fault_kind kind;
    const char *op;     /* runtime op name, e.g. "load_align" */
    uint32_t addr;      /* first offending UB byte address */
    uint32_t len;       /* bytes of the access */
    pvc_loc loc;        /* copy of *ctx->at when the fault happened */
    char detail[160];   /* human-readable specifics */
} pvc_fault;

typedef struct pvc_ctx {
    _Alignas(64) uint8_t ub[PVC_UB_BYTES];
    const pvc_loc *at;      /* source position of the op being executed (may be NULL) */
    pvc_fault fault;        /* the last fault */
    jmp_buf *unwind;        /* innermost protected call, NULL outside one */
} pvc_ctx;

/* ---------------------------------------------------------------------------------------
 * Casts (§5.4, §5.5).
 * ------------------------------------------------------------------------------------- */
typedef enum { PVC_LAYOUT_ZERO, PVC_LAYOUT_ONE, PVC_LAYOUT_TWO, PVC_LAYOUT_THREE } pvc_layout;

/* pl.VFRoundMode -> hw round mode (§5.4). */
#define PVC_ROUNDS(X)                                       \
    X(RINT,   "CAST_RINT",   "nearest, ties to even")       \
    X(ROUND,  "CAST_ROUND",  "nearest, ties away from zero") \
    X(FLOOR,  "CAST_FLOOR",  "toward -inf")                 \
    X(CEIL,   "CAST_CEIL",   "toward +inf")                 \
    X(TRUNC,  "CAST_TRUNC",  "toward zero")                 \
    X(ODD,    "CAST_ODD",    "round to odd")                \
    X(HYBRID, "CAST_HYBRID", "HiFloat8 hybrid rounding")

typedef enum {
#define X(name, pyname, text) PVC_ROUND_##name,
    PVC_ROUNDS(X)
#undef X
    PVC_ROUND_COUNT
} pvc_round;

typedef enum { PVC_SAT_OFF, PVC_SAT_ON } pvc_sat;

#include "pvc_rt_cast.h" /* cast and format entry points */

#endif /* PVC_RT_H */
