/* vcompose.c - the composite vf ops (docs/SEMANTICS.md §10.6): abs_sub, axpy, exp_sub,
 * mul_add_dst, mul_dst_add, muls_cast; and the fused multiply-add kernel rt_arith_fma.
 *
 * All zeroing: a masked-off lane is 0 even when the op reads dst (the accumulator of that
 * lane is lost, §9.2). The FMA ops round once (§10.6 [C] for FP16/FP32, [I] for BF16) and
 * keep subnormals (§13 Q4 default: only the approximate ops flush).
 */
#include "fp_internal.h"
#include "formats.h"

#define DT(x) (1u << PVC_DT_##x)

static int legal(pvc_ctx *ctx, const char *op, pvc_dtype t, uint32_t set)
{
    return (unsigned)t < PVC_DT_COUNT && ((set >> t) & 1) ? 1 : rt_arith_bad_dtype(ctx, op, t);
}

/* ---------------------------------------------------------------------------------------
 * rt_arith_fma: r = a*b + c. Floats: exact product and sum rounded to odd in double, then one
 * RNE rounding to the element type (fp_internal.h); NaN rules of §9.4 with the operands in
 * the order a, b, c (0 * inf and inf - inf generate 0x7FFFFFFF / 0x7FFF). Integers: modulo
 * 2^bits (§10.6 [I]).
 * ------------------------------------------------------------------------------------- */
FP_INLINE void fma_f32(pvc_vreg *out, const pvc_vreg *a, const pvc_vreg *b, const pvc_vreg *c)
{
    const fp_f32_lane *x = fp_f32_lanes(a), *y = fp_f32_lanes(b), *z = fp_f32_lanes(c);
    float r[64];
    int nan = 0;
    if (RT_HW_FMA()) /* the fused instruction: the same correctly rounded result */
        for (unsigned i = 0; i < 64; i++)
            r[i] = __builtin_fmaf(x[i], y[i], z[i]);
    else
        for (unsigned i = 0; i < 64; i++)
            r[i] = (float)fp_fma_odd((double)x[i], (double)y[i], (double)z[i]);
    for (unsigned i = 0; i < 64; i++)
        nan |= r[i] != r[i];
    if (nan) { /* before out is written: out may be a, b or c */
        uint32_t rb[64];
        memcpy(rb, r, PVC_VL);
        rt_arith_nan_repair32(rb, a->b, b->b, c->b, 64);
        memcpy(r, rb, PVC_VL);
    }
    memcpy(out->b, r, PVC_VL);
}

FP_INLINE void fma_f16(pvc_vreg *out, const pvc_vreg *a, const pvc_vreg *b, const pvc_vreg *c,
                       int bf)
{
    uint16_t xa[128], ya[128], za[128], rb[128];
    memcpy(xa, a->b, PVC_VL);
    memcpy(ya, b->b, PVC_VL);
    memcpy(za, c->b, PVC_VL);
    for (unsigned i = 0; i < 128; i++) {
        double v = fp_fma_odd((double)fp_x2f(xa[i], bf), (double)fp_x2f(ya[i], bf),
                              (double)fp_x2f(za[i], bf));
        rb[i] = fp_f2x(fp_d2f_odd(v), bf);
    }
    fp_nan_fix16(rb, a->b, b->b, c->b, 128, bf);
    memcpy(out->b, rb, PVC_VL);
}

#define INT_FMA(T, M)                                                                  \
    do {                                                                               \
        enum { N = PVC_VL / sizeof(T) };                                               \
        T x[N], y[N], z[N];                                                            \
        memcpy(x, a->b, PVC_VL);                                                       \
        memcpy(y, b->b, PVC_VL);                                                       \
        memcpy(z, c->b, PVC_VL);                                                       \
        for (unsigned i = 0; i < N; i++)                                               \
            z[i] = (T)((M)x[i] * (M)y[i] + (M)z[i]);                                   \
        memcpy(r->b, z, PVC_VL);                                                       \
    } while (0)

/* Cloned (RT_CLONES): FP32 on a CPU with FMA runs the fused instruction (RT_HW_FMA), 16 lanes
 * per AVX-512 instruction; otherwise, and for FP16 / BF16 (whose one rounding is to 11 or 8
 * bits, not 24), the double-precision TwoSum and round-to-odd, as wide as the clone allows.
 * Both compute the correctly rounded a*b + c, so every path gives the same bits (NaN lanes
 * are then rebuilt from the operands alike). r may alias a, b or c: every kernel reads its
 * operands whole before it writes r. */
RT_CLONES
void rt_arith_fma(pvc_vreg *r, pvc_dtype t, const pvc_vreg *a, const pvc_vreg *b, const pvc_vreg *c)
{
    /* Integers in their unsigned image: the low bits of a*b + c do not depend on signedness. */
    switch (t) {
    case PVC_DT_INT16: case PVC_DT_UINT16: INT_FMA(uint16_t, uint32_t); break;
    case PVC_DT_INT32: case PVC_DT_UINT32: INT_FMA(uint32_t, uint32_t); break;
    case PVC_DT_INT64: case PVC_DT_UINT64: INT_FMA(uint64_t, uint64_t); break;
    case PVC_DT_FP32: fma_f32(r, a, b, c); break;
    case PVC_DT_FP16: fma_f16(r, a, b, c, 0); break;
    case PVC_DT_BF16: fma_f16(r, a, b, c, 1); break;
    default: memset(r->b, 0, PVC_VL); break;
    }
}

/* axpy (§10.6): dst = FMA(x, src, dst_old); FP16 FP32 INT64 UINT64. */
void pvc_axpy(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src, uint64_t scalar,
              const pvc_mreg *mask)
{
    pvc_vreg r, x;
    if (!legal(ctx, "axpy", t, DT(FP16) | DT(FP32) | DT(INT64) | DT(UINT64)))
        return;
    unsigned w = pvc_dtype_lane_bytes(t);
    rt_splat(&x, w, scalar);
    pvc_vreg *out = rt_blend_target(dst, &r, mask, w);
    rt_arith_fma(out, t, &x, src, dst);
    rt_blend_finish(dst, &r, out, mask, w, PVC_MERGE_ZEROING);
}

/* mul_add_dst (§10.6): dst = FMA(a, b, dst_old); INT16..UINT64 (not 8-bit), FP16 BF16 FP32. */
void pvc_mul_add_dst(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a,
                     const pvc_vreg *b, const pvc_mreg *mask)
{
    pvc_vreg r;
    if (!legal(ctx, "mul_add_dst", t,
               DT(INT16) | DT(UINT16) | DT(INT32) | DT(UINT32) | DT(INT64) | DT(UINT64) |
                   DT(FP16) | DT(BF16) | DT(FP32)))
        return;
    pvc_vreg *out = rt_blend_target(dst, &r, mask, pvc_dtype_lane_bytes(t));
    rt_arith_fma(out, t, a, b, dst);
    rt_blend_finish(dst, &r, out, mask, pvc_dtype_lane_bytes(t), PVC_MERGE_ZEROING);
}

/* mul_dst_add (§10.6): dst = FMA(dst_old, a, b) (dst the multiplicand, b the addend). */
void pvc_mul_dst_add(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a,
                     const pvc_vreg *b, const pvc_mreg *mask)
{
    pvc_vreg r;
    if (!legal(ctx, "mul_dst_add", t, DT(FP16) | DT(BF16) | DT(FP32)))
        return;
    pvc_vreg *out = rt_blend_target(dst, &r, mask, pvc_dtype_lane_bytes(t));
    rt_arith_fma(out, t, dst, a, b);
    rt_blend_finish(dst, &r, out, mask, pvc_dtype_lane_bytes(t), PVC_MERGE_ZEROING);
}

/* abs_sub (§10.6): |a - b| in two steps: the difference rounded (RNE), then the sign bit
 * cleared (a NaN keeps its payload, sign cleared); INT64 wraps then takes abs (abs(MIN) =
 * MIN). FP16 FP32 INT64. */
void pvc_abs_sub(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, const pvc_vreg *b,
                 const pvc_mreg *mask)
{
    pvc_vreg r;
    if (!legal(ctx, "abs_sub", t, DT(FP16) | DT(FP32) | DT(INT64)))
        return;
    rt_arith_binary(&r, FP_SUB, t, a, b);
    if (t == PVC_DT_INT64) {
        uint64_t v[32];
        memcpy(v, r.b, PVC_VL);
        for (unsigned i = 0; i < 32; i++)
            v[i] = (v[i] >> 63) ? 0 - v[i] : v[i];
        memcpy(r.b, v, PVC_VL);
    } else {
        uint64_t m = t == PVC_DT_FP16 ? 0x7FFF7FFF7FFF7FFFull : 0x7FFFFFFF7FFFFFFFull, v;
        for (unsigned k = 0; k < PVC_VL; k += 8) {
            memcpy(&v, r.b + k, 8);
            v &= m;
            memcpy(r.b + k, &v, 8);
        }
    }
    pvc_vreg_blend(dst, &r, mask, pvc_dtype_lane_bytes(t), PVC_MERGE_ZEROING);
}

/* ---------------------------------------------------------------------------------------
 * exp_sub (§10.6): FP32 result lanes i < 64.
 *   FP32 src: dst[i] = m[4i]      ? exp(RNE_f32(s[i] - mx[i])) : 0      (layout ignored)
 *   FP16 src: dst[i] = m[4i + 2L] ? exp(RNE_f32(f32(s[2i+L]) - f32(mx[2i+L]))) : 0
 * The difference is an exact op (sub = add of the negation, subnormals kept, NaN rules);
 * exp is the approximate FP32 exp of §9.4 (DAZ of the difference, FTZ of the result). An FP16
 * NaN operand becomes the FP32 NaN with the same payload (shifted as by a cast), quieted [I:
 * the §9.4 propagation rule applied across the widening].
 * ------------------------------------------------------------------------------------- */
RT_CLONES
void pvc_exp_sub(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, pvc_dtype src_t, const pvc_vreg *src,
                 const pvc_vreg *max_val, const pvc_mreg *mask, pvc_layout layout)
{
    pvc_vreg s, m, d, r;
    pvc_mreg act;
    if (t != PVC_DT_FP32) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "exp_sub", 0, 0,
                        "exp_sub writes an FP32 register (dtype=DT_FP32, §12 T16)");
        return;
    }
    if (!legal(ctx, "exp_sub", src_t, DT(FP16) | DT(FP32)))
        return;
    if (layout != PVC_LAYOUT_ZERO && layout != PVC_LAYOUT_ONE) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "exp_sub", 0, 0,
                        "exp_sub takes layout ZERO or ONE (docs/SEMANTICS.md §10.6)");
        return;
    }
    if (src_t == PVC_DT_FP32) {
        pvc_vreg *out = rt_blend_target(dst, &r, mask, 4);
        fp_bin_f32(FP_SUB, &d, src, max_val);
        rt_arith_exp(out, PVC_DT_FP32, &d);
        rt_blend_finish(dst, &r, out, mask, 4, PVC_MERGE_ZEROING);
        return;
    }
    unsigned L = (unsigned)layout;
    uint16_t a16[128], b16[128];
    uint32_t a32[64], b32[64];
    memcpy(a16, src->b, PVC_VL);
    memcpy(b16, max_val->b, PVC_VL);
    for (unsigned i = 0; i < 64; i++) {
        uint32_t x = fp_u32(fp_h2f(a16[2 * i + L])), y = fp_u32(fp_h2f(b16[2 * i + L]));
        a32[i] = fp_isnan32(x) ? x | 0x00400000u : x;
        b32[i] = fp_isnan32(y) ? y | 0x00400000u : y;
    }
    memcpy(s.b, a32, PVC_VL);
    memcpy(m.b, b32, PVC_VL);
    rt_arith_binary(&d, FP_SUB, PVC_DT_FP32, &s, &m);
    rt_arith_exp(&r, PVC_DT_FP32, &d);
    /* The FP16 element's own mask bit m[2j], j = 2i + L, moved to the FP32 tested bit 4i. */
    memset(&act, 0, sizeof act);
    if (mask)
        for (unsigned i = 0; i < 64; i++)
            pvc_mreg_set_bit(&act, 4 * i, pvc_mreg_bit(mask, 4 * i + 2 * L));
    pvc_vreg_blend(dst, &r, mask ? &act : NULL, 4, PVC_MERGE_ZEROING);
}

/* ---------------------------------------------------------------------------------------
 * muls_cast (§10.6): FP32 src x FP32 scalar -> FP16 at lanes 2i + L, the other FP16 lane of
 * each pair 0 [I, RegLayout rule]; active iff m[4i] (the FP32 source granularity).
 *   p = RNE_f32(s[i] * x)                 [I, §13 Q7: the product is rounded to FP32 first]
 *   dst.f16[2i + L] = CAST_ROUND(p)       nearest, ties away from zero; overflow -> ±inf
 * The product is the exact-op FP32 mul (NaN rules, 0 * inf = 0x7FFFFFFF -> FP16 0x7FFF);
 * the conversion is the cast library's FP32 -> FP16 path (formats.c, pvc_convert_n).
 * ------------------------------------------------------------------------------------- */
void pvc_muls_cast(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, pvc_dtype src_t,
                   const pvc_vreg *src, uint64_t scalar, const pvc_mreg *mask, pvc_layout layout)
{
    pvc_vreg p, x, r;
    uint32_t p32[64];
    uint64_t in[64], cv[64];
    uint16_t h[128];
    if (t != PVC_DT_FP16 || src_t != PVC_DT_FP32) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "muls_cast", 0, 0,
                        "muls_cast is FP32 x FP32 -> FP16 only (docs/SEMANTICS.md §10.6)");
        return;
    }
    if (layout != PVC_LAYOUT_ZERO && layout != PVC_LAYOUT_ONE) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "muls_cast", 0, 0,
                        "muls_cast takes layout ZERO or ONE (docs/SEMANTICS.md §10.6)");
        return;
    }
    rt_splat(&x, 4, scalar);
    rt_arith_binary(&p, FP_MUL, PVC_DT_FP32, src, &x);
    memcpy(p32, p.b, PVC_VL);
    for (unsigned i = 0; i < 64; i++)
        in[i] = p32[i];
    pvc_convert_n(PVC_DT_FP32, PVC_DT_FP16, in, cv, 64, PVC_ROUND_ROUND, PVC_SAT_OFF);
    memset(h, 0, sizeof h);
    for (unsigned i = 0; i < 64; i++)
        h[2 * i + (unsigned)layout] = fp_active(mask, 4, i) ? (uint16_t)cv[i] : 0;
    memcpy(r.b, h, PVC_VL);
    *dst = r;
}
