/* fp_internal.h - FP32 / FP16 / BF16 lane helpers and the whole-register kernels the
 * arithmetic op files share (vbinary.c, vunary.c, vcompose.c). Not part of the public API.
 *
 * Floating-point model: docs/SEMANTICS.md §9.4. Every helper here is branch-free so that the
 * per-register loops calling it stay vectorisable. The FP16/BF16 codecs of formats.c are the
 * reference (they are generic, one pvc_num at a time); the conversions below are their fast
 * special cases and test_arith_ops checks them against pvc_cast_scalar: every FP16 and BF16
 * code decoded, and FP32 values around every FP16/BF16 rounding boundary encoded.
 *
 * Rounding arguments used by the kernels (p = significand bits):
 *   - FP16 (p 11) and BF16 (p 8) values are exact in FP32 (p 24) and in double (p 53).
 *   - One IEEE op (+ - * / sqrt) done in FP32 then rounded to FP16 equals the op rounded once
 *     to FP16: double rounding is innocuous when p' >= 2p + 2 (24 >= 2*11 + 2; Figueroa,
 *     "When is double rounding innocuous?", SIGNUM 1995). For BF16, §9.4 prescribes exactly
 *     this FP32-then-BF16 path.
 *   - FMA is not such an op, so it is computed exactly: a*b is exact in double (at most 48
 *     significant bits), TwoSum gives a*b + c = s + e exactly, and s is moved to round-to-odd
 *     (RO); RO to p+2 or more bits followed by RNE to p bits is the correctly rounded RNE
 *     result (Boldo & Melquiond, "Emulation of FMA and correctly rounded sums: proved
 *     algorithms using rounding to odd", IEEE TC 2008), and RO_24(RO_53(x)) = RO_24(x).
 */
#ifndef PVC_FP_INTERNAL_H
#define PVC_FP_INTERNAL_H

#include "rt_internal.h"

#define RT_INLINE static inline __attribute__((always_inline))

/* Generated NaNs (docs/SEMANTICS.md §9.4 [I]): an invalid operation on non-NaN operands. */
#define RT_F32_GEN_NAN 0x7FFFFFFFu
#define RT_H16_GEN_NAN 0x7FFFu /* FP16 and BF16 alike */

RT_INLINE float rt_f32(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
RT_INLINE uint32_t rt_u32(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
RT_INLINE double rt_f64(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }
RT_INLINE uint64_t rt_u64(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }

/* ---------------------------------------------------------------------------------------
 * The two 16-bit float formats, as compile-time rows: kernels take `int bf` (0 FP16, 1 BF16)
 * as a constant after inlining.
 * ------------------------------------------------------------------------------------- */
RT_INLINE uint32_t rt_h_expmask(int bf) { return bf ? 0x7F80u : 0x7C00u; }
RT_INLINE uint32_t rt_h_quiet(int bf) { return bf ? 0x0040u : 0x0200u; }

/* FP16 bits -> float, exact (NaN payload shifted into place, not quieted). */
RT_INLINE float rt_h2f(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t o = (uint32_t)(h & 0x7FFFu) << 13; /* exponent and fraction in place */
    uint32_t e = o & 0x0F800000u;
    uint32_t norm = o + ((127u - 15u) << 23);                 /* rebias */
    uint32_t special = norm + ((128u - 16u) << 23);           /* exponent 31 -> 255 */
    /* Zero / subnormal: 2^-14 * (1 + f/1024) - 2^-14 = f * 2^-24, one exact subtraction. */
    uint32_t sub = rt_u32(rt_f32(o + (113u << 23)) - rt_f32(113u << 23));
    uint32_t r = e == 0x0F800000u ? special : e == 0 ? sub : norm;
    return rt_f32(r | sign);
}

/* float -> FP16, round to nearest even; overflow -> inf; NaN -> quiet NaN keeping the top
 * 10 payload bits (the formats.c rule). Subnormal results are exact IEEE (no flush). */
RT_INLINE uint16_t rt_f2h(float f)
{
    uint32_t u = rt_u32(f), sign = u & 0x80000000u, a = u ^ sign;
    /* |f| >= 65536: inf, NaN or overflow. (65520 <= |f| < 65536 overflows below.) */
    uint32_t big = a > 0x7F800000u ? 0x7E00u | ((a >> 13) & 0x3FFu) : 0x7C00u;
    /* |f| < 2^-14: add 0.5 (ulp 2^-24 = the FP16 subnormal quantum) so the FPU rounds once. */
    uint32_t tiny = rt_u32(rt_f32(a) + 0.5f) - 0x3F000000u;
    /* Normal: rebias, add half an ulp minus one plus the kept LSB (ties to even), shift. */
    uint32_t norm = (a + 0xC8000FFFu + ((a >> 13) & 1u)) >> 13;
    uint32_t r = a >= 0x47800000u ? big : a < 0x38800000u ? tiny : norm;
    return (uint16_t)(r | (sign >> 16));
}

/* BF16 bits -> float: the top half. */
RT_INLINE float rt_b2f(uint16_t h) { return rt_f32((uint32_t)h << 16); }

/* float -> BF16, round to nearest even (overflow -> inf through the carry); NaN -> quiet
 * NaN keeping the top 7 payload bits. */
RT_INLINE uint16_t rt_f2b(float f)
{
    uint32_t u = rt_u32(f);
    uint32_t nan = (u >> 16) | 0x0040u;
    uint32_t rne = (u + 0x7FFFu + ((u >> 16) & 1u)) >> 16;
    return (uint16_t)((u & 0x7FFFFFFFu) > 0x7F800000u ? nan : rne);
}

RT_INLINE float rt_x2f(uint16_t h, int bf) { return bf ? rt_b2f(h) : rt_h2f(h); }
RT_INLINE uint16_t rt_f2x(float f, int bf) { return bf ? rt_f2b(f) : rt_f2h(f); }

/* double -> float rounded to odd (see the header comment): the RNE neighbour, moved one
 * code toward d when it is inexact and even. An overflow gives FLT_MAX, never inf. */
RT_INLINE float rt_d2f_odd(double d)
{
    float f = (float)d;
    double back = (double)f;
    uint32_t fb = rt_u32(f);
    int adj = back != d && !(fb & 1u);
    int up = (back < 0 ? -back : back) < (d < 0 ? -d : d);
    return rt_f32(fb + (adj ? (up ? 1u : 0xFFFFFFFFu) : 0u));
}

/* Exact a*b + c rounded to odd at 53 bits; a, b, c are FP32/FP16/BF16 values (so a*b is
 * exact and nothing overflows). inf and NaN pass through as IEEE double arithmetic gives
 * them (the caller's NaN fix-up decides NaN results). */
RT_INLINE double rt_fma_odd(double a, double b, double c)
{
    double p = a * b;
    double s = p + c;
    double bp = s - p;
    double e = (p - (s - bp)) + (c - bp); /* TwoSum: s + e == p + c */
    uint64_t sb = rt_u64(s);
    int finite = (sb & 0x7FF0000000000000ull) != 0x7FF0000000000000ull;
    int adj = finite && e != 0 && !(sb & 1u);
    int up = ((rt_u64(e) ^ sb) >> 63) == 0; /* e has the sign of s: move away from zero */
    return rt_f64(sb + (adj ? (up ? 1u : ~0ull) : 0u));
}

/* ---------------------------------------------------------------------------------------
 * DAZ / FTZ for the approximate ops (§9.4 [I]): a subnormal becomes the zero of its sign.
 * ------------------------------------------------------------------------------------- */
RT_INLINE uint32_t rt_flush32(uint32_t u) { return (u & 0x7F800000u) ? u : u & 0x80000000u; }
RT_INLINE uint16_t rt_flush16(uint16_t h, int bf)
{
    return (uint16_t)((h & rt_h_expmask(bf)) ? h : h & 0x8000u);
}

RT_INLINE int rt_isnan32(uint32_t u) { return (u & 0x7FFFFFFFu) > 0x7F800000u; }
RT_INLINE int rt_isnan16(uint32_t h, int bf) { return (h & 0x7FFFu) > rt_h_expmask(bf); }

/* ---------------------------------------------------------------------------------------
 * NaN results (§9.4 [I]): a lane whose result or any operand is NaN gets the first NaN
 * operand in argument order with its quiet bit set, or the generated NaN when no operand is
 * NaN. Operands a, b, c (pass a repeated pointer for fewer). Returns after one vectorisable
 * scan when no lane is concerned (the common case).
 * ------------------------------------------------------------------------------------- */
void rt_nan_fix32(uint32_t *r, const uint32_t *a, const uint32_t *b, const uint32_t *c,
                  unsigned n);
void rt_nan_fix16(uint16_t *r, const uint16_t *a, const uint16_t *b, const uint16_t *c,
                  unsigned n, int bf);

/* ---------------------------------------------------------------------------------------
 * Whole-register kernels (every lane, no mask; the dtype must be legal for the op).
 * ------------------------------------------------------------------------------------- */
typedef enum { RT_ADD, RT_SUB, RT_MUL, RT_DIV, RT_MAX, RT_MIN } rt_binop;

/* r = a OP b (docs/SEMANTICS.md §10.1 (d)). Integer DIV: a zero divisor gives 0 (callers
 * fault first); signed MIN / -1 = MIN. r may alias a or b. */
void rt_binary(pvc_vreg *r, rt_binop op, pvc_dtype t, const pvc_vreg *a, const pvc_vreg *b);

/* r = a*b + c with one rounding (floats) or modulo 2^bits (integers). r may alias. */
void rt_fma(pvc_vreg *r, pvc_dtype t, const pvc_vreg *a, const pvc_vreg *b, const pvc_vreg *c);

/* Every lane of r = the element bits `bits` at width w. */
void rt_splat(pvc_vreg *r, unsigned w, uint64_t bits);

/* The approximate exp / ln of FP32 or FP16 lanes, §9.4 rule (DAZ, FTZ, NaN rules). */
void rt_exp(pvc_vreg *r, pvc_dtype t, const pvc_vreg *a);
void rt_ln(pvc_vreg *r, pvc_dtype t, const pvc_vreg *a);

/* Double-precision kernels over n lanes (vunary.c): y[i] = exp(x[i]) / ln(x[i]) with a
 * relative error below 2^-50 for every argument an FP32 or FP16 lane can give (see vunary.c),
 * IEEE special values. */
void rt_exp_f64(double *y, const double *x, unsigned n);
void rt_ln_f64(double *y, const double *x, unsigned n);

/* Shared argument checks: BAD_ARG fault naming op and dtype; returns 0. */
int rt_bad_dtype(pvc_ctx *ctx, const char *op, pvc_dtype t);

/* 1 when element i of width w is active (mask NULL: every element). */
static inline int rt_active(const pvc_mreg *m, unsigned w, unsigned i)
{
    return !m || pvc_mreg_bit(m, w * i);
}

#endif /* PVC_FP_INTERNAL_H */
