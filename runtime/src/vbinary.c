/* vbinary.c - register x register and register x scalar arithmetic: vf.add, sub, mul, div,
 * max, min (docs/SEMANTICS.md §10.1), adds, subs, muls, maxs, mins (§10.2), mull, addc, subc
 * (§10.3); the NaN fix-up and the whole-register binary kernel the other op files reuse.
 *
 * Each op: check dtype and mode, compute every lane into a temporary register with one typed
 * loop per dtype (the dtype switch is hoisted out of the lane loop), then blend by mask
 * (pvc_vreg_blend). Floating point follows §9.4: exact ops are IEEE RNE with subnormals,
 * FP16 computed in FP32 (innocuous double rounding, fp_internal.h), BF16 in FP32 then RNE to
 * BF16 as §9.4 prescribes; div is the approximate op (DAZ / FTZ).
 */
#include "fp_internal.h"

int rt_arith_bad_dtype(pvc_ctx *ctx, const char *op, pvc_dtype t)
{
    pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0, "dtype %s is not legal for %s",
                    (unsigned)t < PVC_DT_COUNT ? pvc_dtype_table[t].name : "?", op);
    return 0;
}

/* ---------------------------------------------------------------------------------------
 * NaN fix-up (§9.4 [I], fp_internal.h)
 * ------------------------------------------------------------------------------------- */
void rt_arith_nan_repair32(uint32_t *r, const void *a, const void *b, const void *c, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        if (!fp_isnan32(r[i]))
            continue;
        uint32_t x = (uint32_t)rt_get((const uint8_t *)a + 4 * i, 4);
        uint32_t y = (uint32_t)rt_get((const uint8_t *)b + 4 * i, 4);
        uint32_t z = (uint32_t)rt_get((const uint8_t *)c + 4 * i, 4);
        uint32_t q = fp_isnan32(x) ? x : fp_isnan32(y) ? y : z;
        r[i] = fp_isnan32(q) ? q | 0x00400000u : FP_F32_GEN_NAN;
    }
}

void rt_arith_nan_repair16(uint16_t *r, const void *a, const void *b, const void *c, unsigned n, int bf)
{
    for (unsigned i = 0; i < n; i++) {
        if (!fp_isnan16(r[i], bf))
            continue;
        uint16_t x = (uint16_t)rt_get((const uint8_t *)a + 2 * i, 2);
        uint16_t y = (uint16_t)rt_get((const uint8_t *)b + 2 * i, 2);
        uint16_t z = (uint16_t)rt_get((const uint8_t *)c + 2 * i, 2);
        uint16_t q = fp_isnan16(x, bf) ? x : fp_isnan16(y, bf) ? y : z;
        r[i] = fp_isnan16(q, bf) ? (uint16_t)(q | fp_h_quiet(bf)) : (uint16_t)FP_H16_GEN_NAN;
    }
}

void rt_arith_nan_binary32(uint32_t *r, fp_binop op, const pvc_vreg *a, const pvc_vreg *b)
{
    uint32_t nb[64];
    memcpy(nb, b->b, PVC_VL);
    if (op == FP_SUB)
        for (unsigned i = 0; i < 64; i++)
            nb[i] ^= 0x80000000u;
    rt_arith_nan_repair32(r, a->b, nb, nb, 64);
}

/* ---------------------------------------------------------------------------------------
 * Float kernels: FP32 is fp_bin_f32 (fp_internal.h). SUB never reaches the FP16/BF16 one:
 * rt_arith_binary turns a - b into a + (-b) first (§9.4: sub = add(x, neg(y)); identical to
 * IEEE a - b including signed zeros, and a NaN b propagates with its sign flipped [I]).
 * ------------------------------------------------------------------------------------- */

/* FP16 / BF16 lanes through FP32 (fp_internal.h). DIV (FP16 only) flushes FP16 subnormals. */
FP_INLINE void bin_f16_impl(fp_binop op, pvc_vreg *out, const pvc_vreg *a, const pvc_vreg *b,
                            int bf)
{
    uint16_t xa[128], yb[128], rb[128];
    float x[128], y[128], r[128];
    memcpy(xa, a->b, PVC_VL);
    memcpy(yb, b->b, PVC_VL);
    if (op == FP_DIV)
        for (unsigned i = 0; i < 128; i++) {
            xa[i] = fp_flush16(xa[i], bf);
            yb[i] = fp_flush16(yb[i], bf);
        }
    for (unsigned i = 0; i < 128; i++) {
        x[i] = fp_x2f(xa[i], bf);
        y[i] = fp_x2f(yb[i], bf);
    }
    fp_f32_kernel(op, r, x, y, 128);
    for (unsigned i = 0; i < 128; i++)
        rb[i] = fp_f2x(r[i], bf);
    if (op == FP_DIV)
        for (unsigned i = 0; i < 128; i++)
            rb[i] = fp_flush16(rb[i], bf);
    fp_nan_fix16(rb, a->b, b->b, b->b, 128, bf);
    memcpy(out->b, rb, PVC_VL);
}

/* One instance per (format, op): the op is a constant inside every loop. */
#define FLOAT_OPS(F, ...)                                         \
    switch (op) {                                                 \
    case FP_ADD: F(FP_ADD, __VA_ARGS__); break;                   \
    case FP_SUB: F(FP_SUB, __VA_ARGS__); break;                   \
    case FP_MUL: F(FP_MUL, __VA_ARGS__); break;                   \
    case FP_DIV: F(FP_DIV, __VA_ARGS__); break;                   \
    case FP_MAX: F(FP_MAX, __VA_ARGS__); break;                   \
    default:     F(FP_MIN, __VA_ARGS__); break;                   \
    }
FP_INLINE void bin_f32(fp_binop op, pvc_vreg *o, const pvc_vreg *a, const pvc_vreg *b)
{
    FLOAT_OPS(fp_bin_f32, o, a, b)
}
FP_INLINE void bin_fp16(fp_binop op, pvc_vreg *o, const pvc_vreg *a, const pvc_vreg *b)
{
    FLOAT_OPS(bin_f16_impl, o, a, b, 0)
}
FP_INLINE void bin_bf16(fp_binop op, pvc_vreg *o, const pvc_vreg *a, const pvc_vreg *b)
{
    FLOAT_OPS(bin_f16_impl, o, a, b, 1)
}

/* ---------------------------------------------------------------------------------------
 * Integer kernels (§9.5): add/sub/mul modulo 2^bits computed in unsigned types (M is wide
 * enough that the C promotion cannot overflow: 8/16-bit lanes multiply in uint32_t); max/min
 * by the dtype's signedness; div truncates toward zero [I, §10.1 (d)] with a zero divisor
 * giving 0 (the op faulted before, or the lane is masked off) and signed MIN / -1 = MIN.
 * ------------------------------------------------------------------------------------- */
#define INT_KERNEL(NAME, T, U, M, SIGNED)                                                   \
    FP_INLINE void NAME(fp_binop op, pvc_vreg *out, const pvc_vreg *a, const pvc_vreg *b)      \
    {                                                                                       \
        enum { N = PVC_VL / sizeof(T) };                                                    \
        T x[N], y[N];                                                                       \
        U z[N];                                                                             \
        memcpy(x, a->b, PVC_VL);                                                            \
        memcpy(y, b->b, PVC_VL);                                                            \
        switch (op) {                                                                       \
        case FP_ADD: for (unsigned i = 0; i < N; i++) z[i] = (U)((M)(U)x[i] + (M)(U)y[i]); break; \
        case FP_SUB: for (unsigned i = 0; i < N; i++) z[i] = (U)((M)(U)x[i] - (M)(U)y[i]); break; \
        case FP_MUL: for (unsigned i = 0; i < N; i++) z[i] = (U)((M)(U)x[i] * (M)(U)y[i]); break; \
        case FP_MAX: for (unsigned i = 0; i < N; i++) z[i] = (U)(x[i] > y[i] ? x[i] : y[i]); break; \
        case FP_MIN: for (unsigned i = 0; i < N; i++) z[i] = (U)(x[i] < y[i] ? x[i] : y[i]); break; \
        case FP_DIV:                                                                        \
            for (unsigned i = 0; i < N; i++) {                                              \
                T d = y[i] == 0 ? (T)1 : y[i];                                              \
                if (SIGNED && d == (T)-1)                                                   \
                    z[i] = (U)((M)0 - (M)(U)x[i]); /* wraps: MIN / -1 = MIN */              \
                else                                                                        \
                    z[i] = y[i] == 0 ? 0 : (U)(x[i] / d);                                   \
            }                                                                               \
            break;                                                                          \
        }                                                                                   \
        memcpy(out->b, z, PVC_VL);                                                          \
    }

INT_KERNEL(bin_i8, int8_t, uint8_t, uint32_t, 1)
INT_KERNEL(bin_u8, uint8_t, uint8_t, uint32_t, 0)
INT_KERNEL(bin_i16, int16_t, uint16_t, uint32_t, 1)
INT_KERNEL(bin_u16, uint16_t, uint16_t, uint32_t, 0)
INT_KERNEL(bin_i32, int32_t, uint32_t, uint32_t, 1)
INT_KERNEL(bin_u32, uint32_t, uint32_t, uint32_t, 0)
INT_KERNEL(bin_i64, int64_t, uint64_t, uint64_t, 1)
INT_KERNEL(bin_u64, uint64_t, uint64_t, uint64_t, 0)

/* Sign bit of every lane flipped (float neg, §10.4; NaN payload kept). */
static void flip_signs(pvc_vreg *r, const pvc_vreg *a, unsigned w)
{
    uint64_t m = w == 2 ? 0x8000800080008000ull : 0x8000000080000000ull, v;
    for (unsigned k = 0; k < PVC_VL; k += 8) {
        memcpy(&v, a->b + k, 8);
        v ^= m;
        memcpy(r->b + k, &v, 8);
    }
}

RT_CLONES void rt_arith_binary(pvc_vreg *r, fp_binop op, pvc_dtype t, const pvc_vreg *a,
                               const pvc_vreg *b)
{
    pvc_vreg nb;
    if (t == PVC_DT_FP32) {
        bin_f32(op, r, a, b);
        return;
    }
    if (op == FP_SUB && rt_dtype_is_float(t)) {
        flip_signs(&nb, b, pvc_dtype_lane_bytes(t)); /* sub = add(a, neg b), §9.4 */
        b = &nb;
        op = FP_ADD;
    }
    switch (t) {
    case PVC_DT_INT8:   bin_i8(op, r, a, b); break;
    case PVC_DT_UINT8:  bin_u8(op, r, a, b); break;
    case PVC_DT_INT16:  bin_i16(op, r, a, b); break;
    case PVC_DT_UINT16: bin_u16(op, r, a, b); break;
    case PVC_DT_INT32:  bin_i32(op, r, a, b); break;
    case PVC_DT_UINT32: bin_u32(op, r, a, b); break;
    case PVC_DT_INT64:  bin_i64(op, r, a, b); break;
    case PVC_DT_UINT64: bin_u64(op, r, a, b); break;
    case PVC_DT_FP16:   bin_fp16(op, r, a, b); break;
    case PVC_DT_BF16:   bin_bf16(op, r, a, b); break;
    default:            memset(r->b, 0, PVC_VL); break;
    }
}

/* ---------------------------------------------------------------------------------------
 * The public binary and scalar ops
 * ------------------------------------------------------------------------------------- */
#define DT(x) (1u << PVC_DT_##x)
#define DT_INTS (DT(INT8) | DT(UINT8) | DT(INT16) | DT(UINT16) | DT(INT32) | DT(UINT32) | \
                 DT(INT64) | DT(UINT64))
#define DT_FLOATS (DT(FP16) | DT(BF16) | DT(FP32))

/* Legal dtypes (§10.1 (c), §10.2 (c)): PP-D's lists widened by what PP-BE lets through
 * (64-bit integers everywhere, 8-bit integers for div and muls); b64 lanes are the natural
 * wrap-around semantics pvc implements for §12 T2. */
static const struct {
    const char *name;
    fp_binop op;
    uint32_t dtypes;
    int merging; /* MERGING accepted (add/max/min, §9.2) */
} bin_ops[] = {
    {"add", FP_ADD, DT_INTS | DT_FLOATS, 1},
    {"sub", FP_SUB, DT_INTS | DT_FLOATS, 0},
    {"mul", FP_MUL, (DT_INTS & ~(DT(INT8) | DT(UINT8))) | DT_FLOATS, 0},
    {"div", FP_DIV, DT_INTS | DT(FP16) | DT(FP32), 0},
    {"max", FP_MAX, DT_INTS | DT_FLOATS, 1},
    {"min", FP_MIN, DT_INTS | DT_FLOATS, 1},
    /* scalar forms, zeroing only */
    {"adds", FP_ADD, DT_INTS | DT_FLOATS, 0},
    {"subs", FP_SUB, DT_INTS | DT_FLOATS, 0},
    {"muls", FP_MUL, DT_INTS | DT(FP16) | DT(FP32), 0},
    {"maxs", FP_MAX, DT_INTS | DT_FLOATS, 0},
    {"mins", FP_MIN, DT_INTS | DT_FLOATS, 0},
};
enum { OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MAX, OP_MIN, OP_ADDS, OP_SUBS, OP_MULS, OP_MAXS, OP_MINS };

FP_INLINE int bin_check(pvc_ctx *ctx, unsigned k, pvc_dtype t, pvc_merge mode)
{
    if ((unsigned)t >= PVC_DT_COUNT || !((bin_ops[k].dtypes >> t) & 1))
        return rt_arith_bad_dtype(ctx, bin_ops[k].name, t);
    if (mode != PVC_MERGE_ZEROING && !(bin_ops[k].merging && mode == PVC_MERGE_MERGING)) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, bin_ops[k].name, 0, 0,
                        "%s takes mode=ZEROING only (docs/SEMANTICS.md §9.2, §12 T1)",
                        bin_ops[k].name);
        return 0;
    }
    return 1;
}

/* Integer division by zero in an active lane faults before anything is written [I, §13 Q5]. */
static int div_check(pvc_ctx *ctx, pvc_dtype t, const pvc_vreg *b, const pvc_mreg *mask)
{
    unsigned w = pvc_dtype_lane_bytes(t);
    if (rt_dtype_is_float(t))
        return 1;
    for (unsigned i = 0; i < PVC_VL / w; i++)
        if (rt_get(b->b + w * i, w) == 0 && fp_active(mask, w, i)) {
            pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "div", 0, 0,
                            "integer division by zero in lane %u", i);
            return 0;
        }
    return 1;
}

/* Inlined into each public op (k a constant), which is built per vector width (RT_CLONES):
 * FP32, the dtype of the real kernels, runs its kernel inline; the others call the (also
 * cloned) rt_arith_binary. */
FP_INLINE void binary_op(pvc_ctx *ctx, unsigned k, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a,
                         const pvc_vreg *b, const pvc_mreg *mask, pvc_merge mode)
{
    pvc_vreg r;
    if (!bin_check(ctx, k, t, mode))
        return;
    if (bin_ops[k].op == FP_DIV && !div_check(ctx, t, b, mask))
        return;
    unsigned w = pvc_dtype_lane_bytes(t);
    pvc_vreg *out = rt_blend_target(dst, &r, mask, w);
    if (t == PVC_DT_FP32)
        bin_f32(bin_ops[k].op, out, a, b);
    else
        rt_arith_binary(out, bin_ops[k].op, t, a, b);
    rt_blend_finish(dst, &r, out, mask, w, mode);
}

RT_CLONES
void pvc_add(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, const pvc_vreg *b,
             const pvc_mreg *mask, pvc_merge mode)
{
    binary_op(ctx, OP_ADD, dst, t, a, b, mask, mode);
}
RT_CLONES
void pvc_sub(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, const pvc_vreg *b,
             const pvc_mreg *mask, pvc_merge mode)
{
    binary_op(ctx, OP_SUB, dst, t, a, b, mask, mode);
}
RT_CLONES
void pvc_mul(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, const pvc_vreg *b,
             const pvc_mreg *mask, pvc_merge mode)
{
    binary_op(ctx, OP_MUL, dst, t, a, b, mask, mode);
}
RT_CLONES
void pvc_div(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, const pvc_vreg *b,
             const pvc_mreg *mask, pvc_merge mode)
{
    binary_op(ctx, OP_DIV, dst, t, a, b, mask, mode);
}
RT_CLONES
void pvc_max(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, const pvc_vreg *b,
             const pvc_mreg *mask, pvc_merge mode)
{
    binary_op(ctx, OP_MAX, dst, t, a, b, mask, mode);
}
RT_CLONES
void pvc_min(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, const pvc_vreg *b,
             const pvc_mreg *mask, pvc_merge mode)
{
    binary_op(ctx, OP_MIN, dst, t, a, b, mask, mode);
}

/* Scalar forms (§10.2 (d)): the scalar is one element's bits, broadcast. subs adds the
 * negation (float: sign bit flipped, so a NaN scalar keeps its payload; integer: two's
 * complement modulo 2^bits), as PP-BE's vadds(d, s, -(x)). */
FP_INLINE void scalar_op(pvc_ctx *ctx, unsigned k, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a,
                         uint64_t x, const pvc_mreg *mask)
{
    pvc_vreg s;
    if (!bin_check(ctx, k, t, PVC_MERGE_ZEROING))
        return;
    unsigned w = pvc_dtype_lane_bytes(t);
    fp_binop op = bin_ops[k].op;
    if (op == FP_SUB) {
        x = rt_dtype_is_float(t) ? x ^ (1ull << (8 * w - 1)) : 0 - x;
        op = FP_ADD;
    }
    rt_splat(&s, w, x);
    pvc_vreg *out = rt_blend_target(dst, &s, mask, w);
    if (t == PVC_DT_FP32)
        bin_f32(op, out, a, &s);
    else
        rt_arith_binary(out, op, t, a, &s);
    rt_blend_finish(dst, &s, out, mask, w, PVC_MERGE_ZEROING);
}

RT_CLONES
void pvc_adds(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, uint64_t x,
              const pvc_mreg *mask)
{
    scalar_op(ctx, OP_ADDS, dst, t, a, x, mask);
}
RT_CLONES
void pvc_subs(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, uint64_t x,
              const pvc_mreg *mask)
{
    scalar_op(ctx, OP_SUBS, dst, t, a, x, mask);
}
RT_CLONES
void pvc_muls(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, uint64_t x,
              const pvc_mreg *mask)
{
    scalar_op(ctx, OP_MULS, dst, t, a, x, mask);
}
RT_CLONES
void pvc_maxs(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, uint64_t x,
              const pvc_mreg *mask)
{
    scalar_op(ctx, OP_MAXS, dst, t, a, x, mask);
}
RT_CLONES
void pvc_mins(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, uint64_t x,
              const pvc_mreg *mask)
{
    scalar_op(ctx, OP_MINS, dst, t, a, x, mask);
}

/* ---------------------------------------------------------------------------------------
 * mull, addc, subc (§10.3): INT32 / UINT32 only; masked-off lanes 0 [I: no mode operand].
 * ------------------------------------------------------------------------------------- */
static int i32_check(pvc_ctx *ctx, const char *op, pvc_dtype t)
{
    return t == PVC_DT_INT32 || t == PVC_DT_UINT32 ? 1 : rt_arith_bad_dtype(ctx, op, t);
}

void pvc_mull(pvc_ctx *ctx, pvc_vreg *lo, pvc_vreg *hi, pvc_dtype t, const pvc_vreg *a,
              const pvc_vreg *b, const pvc_mreg *mask)
{
    uint32_t x[64], y[64], l[64], h[64];
    pvc_vreg rl, rh;
    if (!i32_check(ctx, "mull", t))
        return;
    memcpy(x, a->b, PVC_VL);
    memcpy(y, b->b, PVC_VL);
    if (t == PVC_DT_INT32) {
        for (unsigned i = 0; i < 64; i++) {
            /* (int32 -> int64 sign extension through the unsigned image: no implementation-defined casts) */
            uint64_t xs = (uint64_t)x[i] - ((uint64_t)(x[i] >> 31) << 32);
            uint64_t ys = (uint64_t)y[i] - ((uint64_t)(y[i] >> 31) << 32);
            uint64_t p = xs * ys; /* low 64 bits of the signed product = the product itself */
            l[i] = (uint32_t)p;
            h[i] = (uint32_t)(p >> 32); /* = arithmetic p >> 32, truncated */
        }
    } else {
        for (unsigned i = 0; i < 64; i++) {
            uint64_t p = (uint64_t)x[i] * y[i];
            l[i] = (uint32_t)p;
            h[i] = (uint32_t)(p >> 32);
        }
    }
    memcpy(rl.b, l, PVC_VL);
    memcpy(rh.b, h, PVC_VL);
    pvc_vreg_blend(lo, &rl, mask, 4, PVC_MERGE_ZEROING);
    pvc_vreg_blend(hi, &rh, mask, 4, PVC_MERGE_ZEROING);
}

/* addc: s = a + b + ci; subc: s = a + ~b + bi. Carry-style borrow, 1 = no borrow in and out
 * [I, §13 Q6: the PP-D example and AscendC's 64-bit SubC chain need it]; the unsigned carry
 * for INT32 too [I]. The flag in and out is mask bit 4i; bits 4i+1..4i+3 of the result mask
 * are 0 [C]; a masked-off lane's flag is 0 [I: zeroing]. */
static void add_carry(pvc_ctx *ctx, const char *op, int sub, pvc_mreg *co, pvc_vreg *dst,
                      pvc_dtype t, const pvc_vreg *a, const pvc_vreg *b, const pvc_mreg *ci,
                      const pvc_mreg *mask)
{
    uint32_t x[64], y[64], d[64];
    uint8_t c[64];
    pvc_vreg r;
    pvc_mreg out;
    if (!i32_check(ctx, op, t))
        return;
    if (!ci) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0, "%s needs a carry-in mask", op);
        return;
    }
    memcpy(x, a->b, PVC_VL);
    memcpy(y, b->b, PVC_VL);
    for (unsigned i = 0; i < 64; i++) {
        uint32_t yy = sub ? ~y[i] : y[i];
        uint64_t s = (uint64_t)x[i] + yy + (uint64_t)pvc_mreg_bit(ci, 4 * i);
        d[i] = (uint32_t)s;
        c[i] = (uint8_t)((s >> 32) & (unsigned)fp_active(mask, 4, i));
    }
    for (unsigned k = 0; k < 32; k++)
        out.bits[k] = (uint8_t)(c[2 * k] | c[2 * k + 1] << 4);
    memcpy(r.b, d, PVC_VL);
    pvc_vreg_blend(dst, &r, mask, 4, PVC_MERGE_ZEROING);
    *co = out;
}

void pvc_addc(pvc_ctx *ctx, pvc_mreg *carry_out, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a,
              const pvc_vreg *b, const pvc_mreg *carry_in, const pvc_mreg *mask)
{
    add_carry(ctx, "addc", 0, carry_out, dst, t, a, b, carry_in, mask);
}

void pvc_subc(pvc_ctx *ctx, pvc_mreg *borrow_out, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a,
              const pvc_vreg *b, const pvc_mreg *borrow_in, const pvc_mreg *mask)
{
    add_carry(ctx, "subc", 1, borrow_out, dst, t, a, b, borrow_in, mask);
}
