/* vunary.c - the unary vf ops: neg, sqrt, exp, ln/log, log2, log10, prelu, leaky_relu
 * (docs/SEMANTICS.md §10.4) and truncate (§10.5); the double-precision exp / ln kernels.
 *
 * sqrt, exp and ln are the approximate ops of §9.4: pvc flushes subnormal inputs to the zero
 * of their sign (DAZ), computes the correctly rounded result (see each kernel for the exact
 * claim), rounds it to the element type, flushes a subnormal result to the zero of its sign
 * (FTZ, after rounding [I]: a value that rounds up to the smallest normal is kept), and
 * applies the NaN rules (a NaN operand propagates quieted, an invalid operation gives
 * 0x7FFFFFFF / 0x7FFF). Zeroing only; masked-off lanes are 0.
 */
#include <math.h>

#include "fp_internal.h"

#define DT(x) (1u << PVC_DT_##x)

static int legal(pvc_ctx *ctx, const char *op, pvc_dtype t, uint32_t set)
{
    return (unsigned)t < PVC_DT_COUNT && ((set >> t) & 1) ? 1 : rt_arith_bad_dtype(ctx, op, t);
}

/* ---------------------------------------------------------------------------------------
 * Double-precision exp and ln, branch-free (selects only) so gcc vectorises the lane loops.
 * Their arguments are FP32 / FP16 values (after DAZ); the claims below are for those.
 *
 * Accuracy. Both return the double nearest the true value to within a relative error below
 * 2^-51 (derivations beside the code). The result is then rounded once to FP32 (or to odd
 * at 24 bits and RNE at 11 bits for FP16). So a lane is correctly rounded unless the true
 * value lies within 2^-51 (relative) of a rounding boundary of the element type, and it is
 * never more than 1 ulp off (§9.4 allows 1 ulp). Checked exhaustively over every FP32 input
 * against expl / logl (64-bit significand) rounded once (tools/arith_exhaustive.c): exp is
 * correctly rounded for all 2^32 inputs, ln for all but 5, which are 1 ulp off (their true
 * value lies within 1e-16 of a midpoint; list in runtime/ARITH.md). Every FP16 input of exp
 * and ln is checked by test_arith_ops.
 * ------------------------------------------------------------------------------------- */
#define LN2_HI 0x1.62e42fee00000p-1  /* 32 significant bits: k * LN2_HI is exact, |k| < 2^21 */
#define LN2_LO 0x1.a39ef35793c76p-33 /* ln 2 - LN2_HI */
#define SHIFT 0x1.8p52               /* adding it rounds a double below 2^51 to an integer */

/* The argument of exp, as float bits, clamped to [-120, 100] in the integer domain (exp of
 * the bounds already rounds to 0 / inf in FP32 and FP16); a NaN is kept. Done on the bits
 * because a double select feeding arithmetic keeps gcc from vectorising the loop. */
FP_INLINE uint32_t exp_arg(uint32_t u)
{
    uint32_t mag = u & 0x7FFFFFFFu;
    int nan = mag > 0x7F800000u;
    u = fp_sel((u >> 31) & (mag > 0x42F00000u) & !nan, 0xC2F00000u, u); /* < -120 */
    return fp_sel(!(u >> 31) & (mag > 0x42C80000u) & !nan, 0x42C80000u, u); /* > 100 */
}

/* 2^(j/64), j < 64, each the double nearest the true value (from a 60-digit computation). */
static const double exp2_64th[64] = {
    0x1.0000000000000p+0, 0x1.02c9a3e778061p+0, 0x1.059b0d3158574p+0, 0x1.0874518759bc8p+0,
    0x1.0b5586cf9890fp+0, 0x1.0e3ec32d3d1a2p+0, 0x1.11301d0125b51p+0, 0x1.1429aaea92de0p+0,
    0x1.172b83c7d517bp+0, 0x1.1a35beb6fcb75p+0, 0x1.1d4873168b9aap+0, 0x1.2063b88628cd6p+0,
    0x1.2387a6e756238p+0, 0x1.26b4565e27cddp+0, 0x1.29e9df51fdee1p+0, 0x1.2d285a6e4030bp+0,
    0x1.306fe0a31b715p+0, 0x1.33c08b26416ffp+0, 0x1.371a7373aa9cbp+0, 0x1.3a7db34e59ff7p+0,
    0x1.3dea64c123422p+0, 0x1.4160a21f72e2ap+0, 0x1.44e086061892dp+0, 0x1.486a2b5c13cd0p+0,
    0x1.4bfdad5362a27p+0, 0x1.4f9b2769d2ca7p+0, 0x1.5342b569d4f82p+0, 0x1.56f4736b527dap+0,
    0x1.5ab07dd485429p+0, 0x1.5e76f15ad2148p+0, 0x1.6247eb03a5585p+0, 0x1.6623882552225p+0,
    0x1.6a09e667f3bcdp+0, 0x1.6dfb23c651a2fp+0, 0x1.71f75e8ec5f74p+0, 0x1.75feb564267c9p+0,
    0x1.7a11473eb0187p+0, 0x1.7e2f336cf4e62p+0, 0x1.82589994cce13p+0, 0x1.868d99b4492edp+0,
    0x1.8ace5422aa0dbp+0, 0x1.8f1ae99157736p+0, 0x1.93737b0cdc5e5p+0, 0x1.97d829fde4e50p+0,
    0x1.9c49182a3f090p+0, 0x1.a0c667b5de565p+0, 0x1.a5503b23e255dp+0, 0x1.a9e6b5579fdbfp+0,
    0x1.ae89f995ad3adp+0, 0x1.b33a2b84f15fbp+0, 0x1.b7f76f2fb5e47p+0, 0x1.bcc1e904bc1d2p+0,
    0x1.c199bdd85529cp+0, 0x1.c67f12e57d14bp+0, 0x1.cb720dcef9069p+0, 0x1.d072d4a07897cp+0,
    0x1.d5818dcfba487p+0, 0x1.da9e603db3285p+0, 0x1.dfc97337b9b5fp+0, 0x1.e502ee78b3ff6p+0,
    0x1.ea4afa2a490dap+0, 0x1.efa1bee615a27p+0, 0x1.f50765b6e4540p+0, 0x1.fa7c1819e90d8p+0,
};

/* exp of n float lanes (bits, already through exp_arg), into doubles. exp(x) = 2^(k/64) *
 * exp(r): k = round(64 x / ln 2), r = x - k ln2/64, |r| <= ln2/128 + 2^-40 < 0.00542.
 * k * LN2_HI/64 is exact (|k| < 2^14, LN2_HI has 32 significant bits) and x is within a
 * factor 2 of it when k != 0, so x - k LN2_HI/64 is exact (Sterbenz); subtracting k LN2_LO/64
 * adds below 2^-53 |r| + 2^-84. exp(r) by its Taylor polynomial of degree 5: truncation below
 * 0.00542^6/720 < 2^-54; evaluation about 2^-53 (the final 1 + ... dominates). Times the
 * table value (2^-53) and the product's rounding (2^-53): below 2^-51 in all. 2^(k >> 6)
 * is an exact power of two (k + 65536 is positive, so the shift is a floor). NaN gives NaN.
 * Three loops: the reduction and the polynomial vectorise; the table lookup is a short
 * scalar loop between them (SSE2 has no gather). */
FP_INLINE void exp_lanes(double *y, const uint32_t *xb, unsigned n)
{
    double r[128], tv[128];
    uint64_t kb[128];
    for (unsigned i = 0; i < n; i++) {
        double x = (double)fp_f32(exp_arg(xb[i]));
        double t = x * 0x1.71547652b82fep6 + SHIFT; /* 64 x / ln 2 rounded to an integer */
        double kd = t - SHIFT;
        r[i] = (x - kd * (LN2_HI / 64)) - kd * (LN2_LO / 64);
        kb[i] = fp_u64(t) - fp_u64(SHIFT) + 65536u; /* k + 65536 (k sits in t's low bits) */
    }
    for (unsigned i = 0; i < n; i++)
        tv[i] = exp2_64th[kb[i] & 63u];
    for (unsigned i = 0; i < n; i++) {
        double x = r[i], x2 = x * x;
        double p = 1.0 + (x + x2 * ((0.5 + x * (1.0 / 6.0)) + x2 * (1.0 / 24.0 + x * (1.0 / 120.0))));
        uint64_t scale = ((kb[i] >> 6) - 1024u + 1023u) << 52; /* 2^(floor(k / 64)) */
        y[i] = tv[i] * p * fp_f64(scale);
    }
}

#if RT_FMA_KERNELS
/* The same exp on a CPU with FMA (RT_HW_FMA), FP32 lanes only, in fewer operations: a
 * 16-entry table held in two vector registers (one two-source permute per 8 lanes, where the
 * 64-entry one needs a scalar load per lane), the reduction and a degree-7 polynomial in FMAs,
 * 2^(k >> 4) added to the table value's exponent. k = round(16 x / ln 2) (one rounding of the
 * fused x * 16/ln2 + SHIFT), r = x - k ln2/16 (the LN2_HI step exact as above, the LN2_LO
 * step one rounding), |r| <= ln2/32 + 2^-40 < 0.02167; exp(r) - 1 by its Taylor polynomial
 * of degree 7 (truncation below 0.02167^8/8! < 2^-59), then t * (1 + q) as one fma of the
 * scaled table value t: below 2^-51 in all, as the kernel above. Both kernels return a double
 * that rounds to the correctly rounded FP32 result for every FP32 input, checked exhaustively
 * (tools/arith_exhaustive.c, runtime/ARITH.md), so both give the same bits. 81 -> 61 ns per
 * register (BENCHMARKS.md, the op path). */
typedef double rt_v8d __attribute__((vector_size(64)));
typedef int64_t rt_v8l __attribute__((vector_size(64)));
static const rt_v8d exp2_16th_lo = { /* 2^(j/16) = exp2_64th[4j], j < 8 */
    0x1.0000000000000p+0, 0x1.0b5586cf9890fp+0, 0x1.172b83c7d517bp+0, 0x1.2387a6e756238p+0,
    0x1.306fe0a31b715p+0, 0x1.3dea64c123422p+0, 0x1.4bfdad5362a27p+0, 0x1.5ab07dd485429p+0,
};
static const rt_v8d exp2_16th_hi = { /* j = 8..15 */
    0x1.6a09e667f3bcdp+0, 0x1.7a11473eb0187p+0, 0x1.8ace5422aa0dbp+0, 0x1.9c49182a3f090p+0,
    0x1.ae89f995ad3adp+0, 0x1.c199bdd85529cp+0, 0x1.d5818dcfba487p+0, 0x1.ea4afa2a490dap+0,
};

FP_INLINE void exp_lanes_fma(double *y, const uint32_t *xb)
{
    double r[64], tv[64];
    uint64_t kb[64];
    for (unsigned i = 0; i < 64; i++) {
        double x = (double)fp_f32(exp_arg(xb[i]));
        double t = __builtin_fma(x, 0x1.71547652b82fep4, SHIFT); /* 16 x / ln 2, rounded */
        double kd = t - SHIFT;
        r[i] = __builtin_fma(-kd, LN2_LO / 16, __builtin_fma(-kd, LN2_HI / 16, x));
        kb[i] = fp_u64(t) - fp_u64(SHIFT) + 65536u; /* k + 65536 */
    }
    for (unsigned g = 0; g < 64; g += 8) {
        rt_v8l idx;
        rt_v8d t;
        memcpy(&idx, kb + g, sizeof idx);
        t = __builtin_shuffle(exp2_16th_lo, exp2_16th_hi, idx & 15);
        memcpy(tv + g, &t, sizeof t);
    }
    for (unsigned i = 0; i < 64; i++) {
        double x = r[i], x2 = x * x, x4 = x2 * x2;
        double a23 = __builtin_fma(x, 1.0 / 6.0, 0.5);
        double a45 = __builtin_fma(x, 1.0 / 120.0, 1.0 / 24.0);
        double a67 = __builtin_fma(x, 1.0 / 5040.0, 1.0 / 720.0);
        double q = __builtin_fma(x2, __builtin_fma(x4, a67, __builtin_fma(x2, a45, a23)), x);
        double t = fp_f64(fp_u64(tv[i]) + (((kb[i] >> 4) - 4096u) << 52)); /* * 2^(k >> 4) */
        y[i] = __builtin_fma(t, q, t);
    }
}
#endif

/* ln(x) for a positive normal float x (bits u; any other input gives a finite value that
 * ln_special replaces). x = 2^e m with m in [sqrt(1/2), sqrt(2)), taken from the bits in the
 * integer domain; ln(m) = 2 atanh(s), s = (m - 1) / (m + 1), |s| <= 0.1716, z = s^2 <=
 * 0.0295: 2s + 2s^3/3 + ... + 2s^19/19, truncation z^10/21 < 2^-55 relative. m - 1 is exact
 * (Sterbenz), m + 1 and the quotient round once each: s within 2^-52 relative, and ln(m)
 * with it. e*LN2_HI is exact; for e != 0, |ln x| >= ln(sqrt 2) > |ln m|, so the sum adds at
 * most 2^-52. */
FP_INLINE double ln_core(uint32_t u)
{
    uint32_t mant = u & 0x007FFFFFu;
    int big = mant > 0x003504F3u;                            /* m > sqrt 2: m / 2, e + 1 */
    float mf = fp_f32(mant | fp_sel(big, 0x3F000000u, 0x3F800000u));
    int32_t ei = (int32_t)((u >> 23) & 0xFFu) - 127 + big;
    double e = (double)ei;
    double f = (double)mf - 1.0;
    double s = f / (2.0 + f);
    double z = s * s;
    double z2 = z * z, z4 = z2 * z2, z8 = z4 * z4; /* Estrin: depth 4 instead of Horner 9 */
    double p = ((2.0 / 3.0 + z * (2.0 / 5.0)) + z2 * (2.0 / 7.0 + z * (2.0 / 9.0))) +
               z4 * ((2.0 / 11.0 + z * (2.0 / 13.0)) + z2 * (2.0 / 15.0 + z * (2.0 / 17.0))) +
               z8 * (2.0 / 19.0);
    double lnm = 2.0 * s + s * (z * p);
    return e * LN2_HI + (e * LN2_LO + lnm);
}

/* The special lanes of ln on float bits: ln(±0) = -inf, ln(x < 0) = NaN (generated; -inf
 * included), ln(+inf) = +inf, a NaN stays NaN (the NaN repair quiets it). */
FP_INLINE uint32_t ln_special(uint32_t u, uint32_t r)
{
    uint32_t mag = u & 0x7FFFFFFFu;
    r = fp_sel((u >> 31) & (mag <= 0x7F800000u), FP_F32_GEN_NAN, r);
    r = fp_sel(mag == 0, 0xFF800000u, r);
    return fp_sel((mag > 0x7F800000u) | (u == 0x7F800000u), u, r); /* NaN, +inf */
}

/* ---------------------------------------------------------------------------------------
 * The approximate-op pipeline: DAZ, the double kernel, round once to the element type
 * (FP32: one RNE conversion of the double; FP16: round to odd at 24 bits, then RNE at 11,
 * which equals one RNE rounding of the double), FTZ, NaN rules. One instance per kernel
 * (k: 0 exp, 1 ln) and format, every loop over a constant lane count.
 * ------------------------------------------------------------------------------------- */
/* y[i] = exp or ln (k = 0 / 1) of the float lanes xb[i], before ln_special. */
FP_INLINE void kernel_lanes(int k, double *y, const uint32_t *xb, unsigned n)
{
    if (k)
        for (unsigned i = 0; i < n; i++)
            y[i] = ln_core(xb[i]);
    else
        exp_lanes(y, xb, n);
}

FP_INLINE void approx_f32(pvc_vreg *out, const pvc_vreg *a, int k)
{
    uint32_t xa[64], rb[64];
    double y[64];
    memcpy(xa, a->b, PVC_VL);
    for (unsigned i = 0; i < 64; i++)
        xa[i] = fp_flush32(xa[i]);
#if RT_FMA_KERNELS
    if (!k && RT_HW_FMA())
        exp_lanes_fma(y, xa);
    else
#endif
        kernel_lanes(k, y, xa, 64);
    for (unsigned i = 0; i < 64; i++)
        rb[i] = fp_flush32(fp_u32((float)y[i]));
    if (k)
        for (unsigned i = 0; i < 64; i++)
            rb[i] = ln_special(xa[i], rb[i]);
    fp_nan_fix32(rb, a->b, a->b, a->b, 64);
    memcpy(out->b, rb, PVC_VL);
}

FP_INLINE void approx_f16(pvc_vreg *out, const pvc_vreg *a, int k)
{
    uint16_t xa[128], rb[128];
    uint32_t xf[128], rf[128];
    double y[128];
    memcpy(xa, a->b, PVC_VL);
    for (unsigned i = 0; i < 128; i++)
        xf[i] = fp_u32(fp_h2f(fp_flush16(xa[i], 0)));
    kernel_lanes(k, y, xf, 128);
    for (unsigned i = 0; i < 128; i++)
        rf[i] = fp_u32(fp_d2f_odd(y[i]));
    if (k)
        for (unsigned i = 0; i < 128; i++)
            rf[i] = ln_special(xf[i], rf[i]);
    for (unsigned i = 0; i < 128; i++)
        rb[i] = fp_flush16(fp_f2h(fp_f32(rf[i])), 0);
    fp_nan_fix16(rb, a->b, a->b, a->b, 128, 0);
    memcpy(out->b, rb, PVC_VL);
}

RT_CLONES void rt_arith_exp(pvc_vreg *r, pvc_dtype t, const pvc_vreg *a)
{
    if (t == PVC_DT_FP32)
        approx_f32(r, a, 0);
    else
        approx_f16(r, a, 0);
}

RT_CLONES void rt_arith_ln(pvc_vreg *r, pvc_dtype t, const pvc_vreg *a)
{
    if (t == PVC_DT_FP32)
        approx_f32(r, a, 1);
    else
        approx_f16(r, a, 1);
}

/* exp: exp(±0) = 1, exp(-inf) = +0, exp(+inf) = +inf, overflow +inf (§10.4). */
void pvc_exp(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src, const pvc_mreg *mask)
{
    pvc_vreg r, *out;
    if (!legal(ctx, "exp", t, DT(FP16) | DT(FP32)))
        return;
    out = rt_blend_target(dst, &r, mask, pvc_dtype_lane_bytes(t));
    rt_arith_exp(out, t, src);
    rt_blend_finish(dst, &r, out, mask, pvc_dtype_lane_bytes(t), PVC_MERGE_ZEROING);
}

/* ln: ln(±0) = -inf, ln(x < 0) = NaN, ln(+inf) = +inf (§10.4). */
void pvc_ln(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src, const pvc_mreg *mask)
{
    pvc_vreg r, *out;
    if (!legal(ctx, "ln", t, DT(FP16) | DT(FP32)))
        return;
    out = rt_blend_target(dst, &r, mask, pvc_dtype_lane_bytes(t));
    rt_arith_ln(out, t, src);
    rt_blend_finish(dst, &r, out, mask, pvc_dtype_lane_bytes(t), PVC_MERGE_ZEROING);
}

void pvc_log(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src, const pvc_mreg *mask)
{
    pvc_ln(ctx, dst, t, src, mask);
}

/* log2 / log10 (§10.4): vln then vmuls by the FP32 literal converted to T (FP32 0x3FB8AA3B /
 * 0x3EDE5BD9; FP16: that float rounded to half, RNE [I §9.6]): two roundings. */
static void log_scaled(pvc_ctx *ctx, const char *op, pvc_vreg *dst, pvc_dtype t,
                       const pvc_vreg *src, const pvc_mreg *mask, uint32_t c32)
{
    pvc_vreg r, c;
    if (!legal(ctx, op, t, DT(FP16) | DT(FP32)))
        return;
    unsigned w = pvc_dtype_lane_bytes(t);
    rt_arith_ln(&r, t, src);
    rt_splat(&c, w, t == PVC_DT_FP32 ? c32 : fp_f2h(fp_f32(c32)));
    rt_arith_binary(&r, FP_MUL, t, &r, &c);
    pvc_vreg_blend(dst, &r, mask, w, PVC_MERGE_ZEROING);
}

void pvc_log2(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src, const pvc_mreg *mask)
{
    log_scaled(ctx, "log2", dst, t, src, mask, 0x3FB8AA3Bu); /* 1.4426950408889634f */
}

void pvc_log10(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src, const pvc_mreg *mask)
{
    log_scaled(ctx, "log10", dst, t, src, mask, 0x3EDE5BD9u); /* 0.4342944819032518f */
}

/* ---------------------------------------------------------------------------------------
 * sqrt (§10.4). Default: approximate (DAZ, sqrt(-0) = -0, x < 0 or -inf -> generated NaN,
 * +inf -> +inf). The float square root is IEEE correctly rounded; FP16 goes through it
 * (innocuous double rounding). No result of a square root is subnormal, so FTZ never acts.
 * precision=True (FP32 only, §12 T3): correctly rounded on [0, 2^126] with subnormal
 * inputs kept [I: the documented range starts at 0]; every input above 2^126, +inf
 * included, gives +0 [C for finite inputs, I for +inf: "inputs above that give 0"].
 * The argument is clamped to >= 0 before sqrtf so the libm errno path is never taken.
 * ------------------------------------------------------------------------------------- */
FP_INLINE void sqrt_f32(pvc_vreg *out, const pvc_vreg *a, int precise)
{
    uint32_t xa[64], rb[64];
    float x[64];
    memcpy(xa, a->b, PVC_VL);
    for (unsigned i = 0; i < 64; i++) {
        uint32_t u = precise ? xa[i] : fp_flush32(xa[i]);
        float v = fp_f32(u);
        x[i] = v < 0 ? 0.0f : v;
    }
    for (unsigned i = 0; i < 64; i++) {
        uint32_t u = precise ? xa[i] : fp_flush32(xa[i]);
        uint32_t s = fp_u32(sqrtf(x[i]));
        int neg = (u >> 31) & ((u & 0x7FFFFFFFu) != 0); /* below -0 (NaN fixed up below) */
        s = neg ? FP_F32_GEN_NAN : s;
        if (precise)
            s = u > 0x7E800000u && u <= 0x7F800000u ? 0 : s; /* 2^126 < x <= +inf -> +0 */
        rb[i] = s;
    }
    fp_nan_fix32(rb, a->b, a->b, a->b, 64);
    memcpy(out->b, rb, PVC_VL);
}

FP_INLINE void sqrt_f16(pvc_vreg *out, const pvc_vreg *a)
{
    uint16_t xa[128], rb[128];
    float x[128];
    memcpy(xa, a->b, PVC_VL);
    for (unsigned i = 0; i < 128; i++) {
        float v = fp_h2f(fp_flush16(xa[i], 0));
        x[i] = v < 0 ? 0.0f : v;
    }
    for (unsigned i = 0; i < 128; i++) {
        uint16_t u = fp_flush16(xa[i], 0);
        uint16_t s = fp_f2h(sqrtf(x[i]));
        rb[i] = ((u >> 15) & ((u & 0x7FFFu) != 0)) ? (uint16_t)FP_H16_GEN_NAN : s;
    }
    fp_nan_fix16(rb, a->b, a->b, a->b, 128, 0);
    memcpy(out->b, rb, PVC_VL);
}

RT_CLONES
void pvc_sqrt(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src, const pvc_mreg *mask,
              int precision)
{
    pvc_vreg r, *out;
    if (!legal(ctx, "sqrt", t, DT(FP16) | DT(FP32)))
        return;
    if (precision && t != PVC_DT_FP32) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "sqrt", 0, 0,
                        "sqrt(precision=True) is FP32 only (docs/SEMANTICS.md §12 T3)");
        return;
    }
    out = rt_blend_target(dst, &r, mask, pvc_dtype_lane_bytes(t));
    if (t == PVC_DT_FP32 && precision)
        sqrt_f32(out, src, 1); /* a constant in each instance: branch-free loops */
    else if (t == PVC_DT_FP32)
        sqrt_f32(out, src, 0);
    else
        sqrt_f16(out, src);
    rt_blend_finish(dst, &r, out, mask, pvc_dtype_lane_bytes(t), PVC_MERGE_ZEROING);
}

/* ---------------------------------------------------------------------------------------
 * neg (§10.4): floats flip the sign bit (NaN keeps its payload, sign flipped; no quieting:
 * ASC-PREC "sign bit negated"); integers (-a) mod 2^bits, -MIN = MIN [I].
 * ------------------------------------------------------------------------------------- */
void pvc_neg(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src, const pvc_mreg *mask)
{
    pvc_vreg r, z;
    if (!legal(ctx, "neg", t, DT(INT8) | DT(INT16) | DT(INT32) | DT(INT64) | DT(FP16) | DT(FP32)))
        return;
    unsigned w = pvc_dtype_lane_bytes(t);
    if (rt_dtype_is_float(t)) {
        uint64_t m = w == 2 ? 0x8000800080008000ull : 0x8000000080000000ull, v;
        for (unsigned k = 0; k < PVC_VL; k += 8) {
            memcpy(&v, src->b + k, 8);
            v ^= m;
            memcpy(r.b + k, &v, 8);
        }
    } else {
        rt_splat(&z, w, 0);
        rt_arith_binary(&r, FP_SUB, t, &z, src);
    }
    pvc_vreg_blend(dst, &r, mask, w, PVC_MERGE_ZEROING);
}

/* ---------------------------------------------------------------------------------------
 * prelu / leaky_relu (§10.4): sign bit of s set ? RNE(s * k) : s. -0 takes the multiply
 * (prelu(-0, MAX) = -0, prelu(-0, ±inf) = NaN); a positive NaN s passes through unchanged
 * (the non-negative branch is a plain copy [I]); the product follows the mul NaN rules.
 * ------------------------------------------------------------------------------------- */
static void prelu_lanes(pvc_vreg *out, pvc_dtype t, const pvc_vreg *s, const pvc_vreg *k)
{
    pvc_vreg p;
    rt_arith_binary(&p, FP_MUL, t, s, k);
    if (t == PVC_DT_FP32) {
        uint32_t x[64], y[64];
        memcpy(x, s->b, PVC_VL);
        memcpy(y, p.b, PVC_VL);
        for (unsigned i = 0; i < 64; i++)
            y[i] = (x[i] >> 31) ? y[i] : x[i];
        memcpy(out->b, y, PVC_VL);
    } else {
        uint16_t x[128], y[128];
        memcpy(x, s->b, PVC_VL);
        memcpy(y, p.b, PVC_VL);
        for (unsigned i = 0; i < 128; i++)
            y[i] = (x[i] >> 15) ? y[i] : x[i];
        memcpy(out->b, y, PVC_VL);
    }
}

void pvc_prelu(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
               const pvc_vreg *slope, const pvc_mreg *mask)
{
    pvc_vreg r;
    if (!legal(ctx, "prelu", t, DT(FP16) | DT(FP32)))
        return;
    prelu_lanes(&r, t, src, slope);
    pvc_vreg_blend(dst, &r, mask, pvc_dtype_lane_bytes(t), PVC_MERGE_ZEROING);
}

void pvc_leaky_relu(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                    uint64_t alpha, const pvc_mreg *mask)
{
    pvc_vreg r, k;
    if (!legal(ctx, "leaky_relu", t, DT(FP16) | DT(FP32)))
        return;
    rt_splat(&k, pvc_dtype_lane_bytes(t), alpha);
    prelu_lanes(&r, t, src, &k);
    pvc_vreg_blend(dst, &r, mask, pvc_dtype_lane_bytes(t), PVC_MERGE_ZEROING);
}

/* ---------------------------------------------------------------------------------------
 * truncate (§10.5): roundToIntegral in mode RINT / CEIL / FLOOR / TRUNC, exact, result in
 * the same float type; ±inf and NaN unchanged (bits kept); a zero result has the sign of
 * the input (IEEE roundToIntegral never changes the sign). Computed on the magnitude:
 * |x| < 2^23 rounds to even by adding and subtracting 2^23 (exact: the sum lies in
 * [2^23, 2^24) where the ulp is 1), then moves one step for the directed modes; |x| >= 2^23
 * is already integral. FP16 / BF16 lanes are exact floats and their integral values are
 * representable again (every FP16 >= 1024 and BF16 >= 128 is an integer), so FP32 does it.
 * ------------------------------------------------------------------------------------- */
FP_INLINE uint32_t trunc_bits(uint32_t u, pvc_round rm)
{
    uint32_t sign = u & 0x80000000u, ab = u ^ sign;
    float ax = fp_f32(ab);
    float t = (ax + 8388608.0f) - 8388608.0f;                      /* RNE integral of |x| */
    float down = t - fp_fsel(t > ax, 1.0f, 0.0f), up = t + fp_fsel(t < ax, 1.0f, 0.0f);
    int neg = sign != 0;
    float m = rm == PVC_ROUND_RINT ? t
            : rm == PVC_ROUND_TRUNC ? down
            : rm == PVC_ROUND_FLOOR ? fp_fsel(neg, up, down)
            : fp_fsel(neg, down, up); /* CEIL */
    return fp_sel(ab >= 0x4B000000u, u, fp_u32(m) | sign);
}

FP_INLINE void trunc_f32(pvc_vreg *out, const pvc_vreg *a, pvc_round rm)
{
    uint32_t x[64];
    memcpy(x, a->b, PVC_VL);
    for (unsigned i = 0; i < 64; i++)
        x[i] = trunc_bits(x[i], rm);
    memcpy(out->b, x, PVC_VL);
}

FP_INLINE void trunc_f16(pvc_vreg *out, const pvc_vreg *a, pvc_round rm, int bf)
{
    uint16_t x[128];
    memcpy(x, a->b, PVC_VL);
    for (unsigned i = 0; i < 128; i++) {
        uint32_t r = fp_f2x(fp_f32(trunc_bits(fp_u32(fp_x2f(x[i], bf)), rm)), bf);
        x[i] = (uint16_t)fp_sel(fp_isnan16(x[i], bf), x[i], r);
    }
    memcpy(out->b, x, PVC_VL);
}

/* One instance per (dtype, mode): the mode is a constant inside each loop. */
#define TRUNC_MODES(F, ...)                                                           \
    switch (rm) {                                                                     \
    case PVC_ROUND_RINT:  F(__VA_ARGS__, PVC_ROUND_RINT); break;                       \
    case PVC_ROUND_TRUNC: F(__VA_ARGS__, PVC_ROUND_TRUNC); break;                      \
    case PVC_ROUND_FLOOR: F(__VA_ARGS__, PVC_ROUND_FLOOR); break;                      \
    default:              F(__VA_ARGS__, PVC_ROUND_CEIL); break;                       \
    }
#define TRUNC32(o, a, m) trunc_f32(o, a, m)
#define TRUNC16(o, a, m) trunc_f16(o, a, m, 0)
#define TRUNCB16(o, a, m) trunc_f16(o, a, m, 1)

void pvc_truncate(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                  const pvc_mreg *mask, pvc_round rm)
{
    pvc_vreg r;
    if (!legal(ctx, "truncate", t, DT(FP16) | DT(BF16) | DT(FP32)))
        return;
    if (rm != PVC_ROUND_RINT && rm != PVC_ROUND_CEIL && rm != PVC_ROUND_FLOOR &&
        rm != PVC_ROUND_TRUNC) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "truncate", 0, 0,
                        "truncate takes round_mode CAST_RINT, CAST_CEIL, CAST_FLOOR or "
                        "CAST_TRUNC (docs/SEMANTICS.md §10.5)");
        return;
    }
    if (t == PVC_DT_FP32) {
        TRUNC_MODES(TRUNC32, &r, src)
    } else if (t == PVC_DT_FP16) {
        TRUNC_MODES(TRUNC16, &r, src)
    } else {
        TRUNC_MODES(TRUNCB16, &r, src)
    }
    pvc_vreg_blend(dst, &r, mask, pvc_dtype_lane_bytes(t), PVC_MERGE_ZEROING);
}
