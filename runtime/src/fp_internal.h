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
 * The host FPU is used in its default state (round to nearest even, no flush-to-zero or
 * denormals-are-zero) and nothing here relies on contraction: the exact ops are single C
 * operations and the FMA is fp_fma_odd. The runtime is built -ffp-contract=off all the same:
 * a fused a*b + c in the exp/ln polynomials would be more accurate but differ in the last bit
 * from the clones built without FMA (RT_CLONES, rt_internal.h), whose bits must be one.
 */
#ifndef PVC_FP_INTERNAL_H
#define PVC_FP_INTERNAL_H

#include "rt_internal.h"

#define FP_INLINE static inline __attribute__((always_inline))

/* Generated NaNs (docs/SEMANTICS.md §9.4 [I]): an invalid operation on non-NaN operands. */
#define FP_F32_GEN_NAN 0x7FFFFFFFu
#define FP_H16_GEN_NAN 0x7FFFu /* FP16 and BF16 alike */

/* A register's bytes read in place as FP32 lanes (GCC's may_alias: no copy, no aliasing
 * assumption broken). Kernels read their operands through these and write a local array, so
 * the loop vectorises with no overlap test even when the destination is an operand. */
typedef float fp_f32_lane __attribute__((may_alias));
FP_INLINE const fp_f32_lane *fp_f32_lanes(const pvc_vreg *r)
{
    return (const fp_f32_lane *)(const void *)r->b;
}

FP_INLINE float fp_f32(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
FP_INLINE uint32_t fp_u32(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
FP_INLINE double fp_f64(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }
FP_INLINE uint64_t fp_u64(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }

/* ---------------------------------------------------------------------------------------
 * The two 16-bit float formats, as compile-time rows: kernels take `int bf` (0 FP16, 1 BF16)
 * as a constant after inlining.
 * ------------------------------------------------------------------------------------- */
FP_INLINE uint32_t fp_h_expmask(int bf) { return bf ? 0x7F80u : 0x7C00u; }
FP_INLINE uint32_t fp_h_quiet(int bf) { return bf ? 0x0040u : 0x0200u; }

/* c ? a : b on all lanes at once: an integer mask, so gcc keeps both arms computed and the
 * loop vectorised (a ?: whose arm holds a float op can become a branch, which blocks it). */
FP_INLINE uint32_t fp_sel(int c, uint32_t a, uint32_t b)
{
    uint32_t m = 0u - (uint32_t)(c != 0);
    return (a & m) | (b & ~m);
}

/* c ? a : b for floats, through the integer select. */
FP_INLINE float fp_fsel(int c, float a, float b) { return fp_f32(fp_sel(c, fp_u32(a), fp_u32(b))); }

/* FP16 bits -> float, exact (NaN payload shifted into place, not quieted). The exponent and
 * fraction placed at float positions read as 2^(e-127)(1 + f) (a float subnormal when e = 0);
 * times 2^112 that is the half's value, exactly. Exponent 31 (inf, NaN) is set to 255. */
FP_INLINE float fp_h2f(uint16_t h)
{
    uint32_t o = (uint32_t)(h & 0x7FFFu) << 13;
    uint32_t v = fp_u32(fp_f32(o) * 0x1p112f) | fp_sel(o >= 0x0F800000u, 0x7F800000u, 0);
    return fp_f32(v | (uint32_t)(h & 0x8000u) << 16);
}

/* float -> FP16, round to nearest even; overflow -> inf; NaN -> quiet NaN keeping the top
 * 10 payload bits (the formats.c rule). Subnormal results are exact IEEE (no flush). */
FP_INLINE uint16_t fp_f2h(float f)
{
    uint32_t u = fp_u32(f), sign = u & 0x80000000u, a = u ^ sign;
    /* |f| >= 65536: inf, NaN or overflow. (65520 <= |f| < 65536 overflows below.) */
    uint32_t big = fp_sel(a > 0x7F800000u, 0x7E00u | ((a >> 13) & 0x3FFu), 0x7C00u);
    /* |f| < 2^-14: add 0.5 (ulp 2^-24 = the FP16 subnormal quantum) so the FPU rounds once. */
    uint32_t tiny = fp_u32(fp_f32(a) + 0.5f) - 0x3F000000u;
    /* Normal: rebias, add half an ulp minus one plus the kept LSB (ties to even), shift. */
    uint32_t norm = (a + 0xC8000FFFu + ((a >> 13) & 1u)) >> 13;
    uint32_t r = fp_sel(a >= 0x47800000u, big, fp_sel(a < 0x38800000u, tiny, norm));
    return (uint16_t)(r | (sign >> 16));
}

/* BF16 bits -> float: the top half. */
FP_INLINE float fp_b2f(uint16_t h) { return fp_f32((uint32_t)h << 16); }

/* float -> BF16, round to nearest even (overflow -> inf through the carry); NaN -> quiet
 * NaN keeping the top 7 payload bits. */
FP_INLINE uint16_t fp_f2b(float f)
{
    uint32_t u = fp_u32(f);
    uint32_t nan = (u >> 16) | 0x0040u;
    uint32_t rne = (u + 0x7FFFu + ((u >> 16) & 1u)) >> 16;
    return (uint16_t)((u & 0x7FFFFFFFu) > 0x7F800000u ? nan : rne);
}

FP_INLINE float fp_x2f(uint16_t h, int bf) { return bf ? fp_b2f(h) : fp_h2f(h); }
FP_INLINE uint16_t fp_f2x(float f, int bf) { return bf ? fp_f2b(f) : fp_f2h(f); }

/* double -> float rounded to odd (see the header comment): the RNE neighbour, moved one
 * code toward d when it is inexact and even. An overflow gives FLT_MAX, never inf. */
FP_INLINE float fp_d2f_odd(double d)
{
    float f = (float)d;
    double back = (double)f;
    uint32_t fb = fp_u32(f);
    int adj = back != d && !(fb & 1u);
    int up = (back < 0 ? -back : back) < (d < 0 ? -d : d);
    return fp_f32(fb + (adj ? (up ? 1u : 0xFFFFFFFFu) : 0u));
}

/* Exact a*b + c rounded to odd at 53 bits; a, b, c are FP32/FP16/BF16 values (so a*b is
 * exact and nothing overflows). inf and NaN pass through as IEEE double arithmetic gives
 * them (the caller's NaN fix-up decides NaN results). */
FP_INLINE double fp_fma_odd(double a, double b, double c)
{
    double p = a * b;
    double s = p + c;
    double bp = s - p;
    double e = (p - (s - bp)) + (c - bp); /* TwoSum: s + e == p + c */
    uint64_t sb = fp_u64(s);
    /* Move one code when s is inexact (e != 0), finite and even: away from zero when e has
     * the sign of s, else toward it. Integer masks only (SSE2 has no 64-bit compare). */
    double all = fp_f64(~0ull);
    uint64_t need = fp_u64(e != 0.0 ? all : 0.0) & fp_u64(s - s == 0.0 ? all : 0.0);
    uint64_t even = (sb & 1u) - 1u;                   /* all ones when even */
    uint64_t down = (fp_u64(e) ^ sb) >> 63;           /* 1: opposite signs */
    return fp_f64(sb + ((1u - 2u * down) & need & even));
}

/* ---------------------------------------------------------------------------------------
 * DAZ / FTZ for the approximate ops (§9.4 [I]): a subnormal becomes the zero of its sign.
 * ------------------------------------------------------------------------------------- */
FP_INLINE uint32_t fp_flush32(uint32_t u) { return (u & 0x7F800000u) ? u : u & 0x80000000u; }
FP_INLINE uint16_t fp_flush16(uint16_t h, int bf)
{
    return (uint16_t)((h & fp_h_expmask(bf)) ? h : h & 0x8000u);
}

FP_INLINE int fp_isnan32(uint32_t u) { return (u & 0x7FFFFFFFu) > 0x7F800000u; }
FP_INLINE int fp_isnan16(uint32_t h, int bf) { return (h & 0x7FFFu) > fp_h_expmask(bf); }

/* ---------------------------------------------------------------------------------------
 * NaN results (§9.4 [I]): a NaN result lane gets the first NaN operand in argument order
 * (a, b, c; pass a repeated pointer for fewer operands) with its quiet bit set, or the
 * generated NaN when no operand is NaN. Every kernel produces a NaN result lane whenever an
 * operand of that lane is NaN (IEEE arithmetic does; max/min and the selects make sure), so
 * one vectorised scan of the result decides whether the out-of-line repair runs at all.
 * ------------------------------------------------------------------------------------- */
FP_INLINE int fp_has_nan32(const uint32_t *r, unsigned n)
{
    uint32_t acc = 0;
    for (unsigned i = 0; i < n; i++)
        acc |= 0x7F800000u - (r[i] & 0x7FFFFFFFu); /* wraps (top bit set) iff NaN */
    return (int)(acc >> 31);
}
FP_INLINE int fp_has_nan16(const uint16_t *r, unsigned n, int bf)
{
    uint16_t acc = 0;
    for (unsigned i = 0; i < n; i++)
        acc |= (uint16_t)(fp_h_expmask(bf) - (r[i] & 0x7FFFu));
    return acc >> 15;
}
/* The operands are the little-endian images of n lanes (a register's bytes, or an array). */
void rt_arith_nan_repair32(uint32_t *r, const void *a, const void *b, const void *c, unsigned n);
void rt_arith_nan_repair16(uint16_t *r, const void *a, const void *b, const void *c, unsigned n, int bf);
FP_INLINE void fp_nan_fix32(uint32_t *r, const void *a, const void *b, const void *c, unsigned n)
{
    if (fp_has_nan32(r, n))
        rt_arith_nan_repair32(r, a, b, c, n);
}
FP_INLINE void fp_nan_fix16(uint16_t *r, const void *a, const void *b, const void *c, unsigned n,
                            int bf)
{
    if (fp_has_nan16(r, n, bf))
        rt_arith_nan_repair16(r, a, b, c, n, bf);
}

/* ---------------------------------------------------------------------------------------
 * Whole-register kernels (every lane, no mask; the dtype must be legal for the op).
 * ------------------------------------------------------------------------------------- */
typedef enum { FP_ADD, FP_SUB, FP_MUL, FP_DIV, FP_MAX, FP_MIN } fp_binop;

/* r = a OP b (docs/SEMANTICS.md §10.1 (d)). Integer DIV: a zero divisor gives 0 (callers
 * fault first); signed MIN / -1 = MIN. r may alias a or b. */
void rt_arith_binary(pvc_vreg *r, fp_binop op, pvc_dtype t, const pvc_vreg *a, const pvc_vreg *b);

/* The NaN lanes of an FP32 a OP b, repaired (§9.4): SUB takes b negated, as sub = add(a,
 * neg b) (§9.4 [I]). Out of line: it runs only when a result lane is NaN. */
void rt_arith_nan_binary32(uint32_t *r, fp_binop op, const pvc_vreg *a, const pvc_vreg *b);

/* max/min on values, result taken as bits. Equal values (+0 and -0 included) combine their
 * bits: AND for max gives +0, OR for min gives -0 (§10.1 (d)). Unordered (a NaN operand):
 * some NaN, which the NaN repair replaces by the right operand. Never libm fmax (it drops
 * NaN). */
FP_INLINE uint32_t fp_max_bits(float x, float y)
{
    uint32_t xb = fp_u32(x), yb = fp_u32(y);
    return x > y ? xb : x < y ? yb : x == y ? (xb & yb) : 0x7FC00000u;
}
FP_INLINE uint32_t fp_min_bits(float x, float y)
{
    uint32_t xb = fp_u32(x), yb = fp_u32(y);
    return x < y ? xb : x > y ? yb : x == y ? (xb | yb) : 0x7FC00000u;
}

/* r = x OP y on n float lanes (DIV: the caller flushed the inputs). n is a constant after
 * inlining, so each loop vectorises. SUB is x - y, which IEEE defines as x + (-y): the same
 * bits as §9.4's add(x, neg y) on every lane but a NaN one, which the NaN repair decides. */
FP_INLINE void fp_f32_kernel(fp_binop op, float *r, const fp_f32_lane *x, const fp_f32_lane *y,
                             unsigned n)
{
    switch (op) {
    case FP_ADD: for (unsigned i = 0; i < n; i++) r[i] = x[i] + y[i]; break;
    case FP_SUB: for (unsigned i = 0; i < n; i++) r[i] = x[i] - y[i]; break;
    case FP_MUL: for (unsigned i = 0; i < n; i++) r[i] = x[i] * y[i]; break;
    case FP_DIV: for (unsigned i = 0; i < n; i++) r[i] = x[i] / y[i]; break;
    case FP_MAX: for (unsigned i = 0; i < n; i++) r[i] = fp_f32(fp_max_bits(x[i], y[i])); break;
    default:     for (unsigned i = 0; i < n; i++) r[i] = fp_f32(fp_min_bits(x[i], y[i])); break;
    }
}

/* out = a OP b on the 64 FP32 lanes (out may alias a or b); inlined into the ops that call
 * it, so it runs at their clone's width (RT_CLONES). DIV is approximate (§9.4): inputs and
 * result flushed; the quotient itself is the IEEE correctly rounded one. */
FP_INLINE void fp_bin_f32(fp_binop op, pvc_vreg *out, const pvc_vreg *a, const pvc_vreg *b)
{
    const fp_f32_lane *x = fp_f32_lanes(a), *y = fp_f32_lanes(b);
    float r[64];
    int nan = 0;
    if (op == FP_DIV) {
        float xf[64], yf[64];
        for (unsigned i = 0; i < 64; i++) {
            xf[i] = fp_f32(fp_flush32(fp_u32(x[i])));
            yf[i] = fp_f32(fp_flush32(fp_u32(y[i])));
        }
        fp_f32_kernel(op, r, xf, yf, 64);
        for (unsigned i = 0; i < 64; i++)
            r[i] = fp_f32(fp_flush32(fp_u32(r[i])));
    } else {
        fp_f32_kernel(op, r, x, y, 64);
    }
    for (unsigned i = 0; i < 64; i++)
        nan |= r[i] != r[i];
    if (nan) { /* before out is written: out may be a or b */
        uint32_t rb[64];
        memcpy(rb, r, PVC_VL);
        rt_arith_nan_binary32(rb, op, a, b);
        memcpy(r, rb, PVC_VL);
    }
    memcpy(out->b, r, PVC_VL);
}

/* r = a*b + c with one rounding (floats) or modulo 2^bits (integers). r may alias. */
void rt_arith_fma(pvc_vreg *r, pvc_dtype t, const pvc_vreg *a, const pvc_vreg *b, const pvc_vreg *c);

/* The approximate exp / ln of FP32 or FP16 lanes, §9.4 rule (DAZ, FTZ, NaN rules). */
void rt_arith_exp(pvc_vreg *r, pvc_dtype t, const pvc_vreg *a);
void rt_arith_ln(pvc_vreg *r, pvc_dtype t, const pvc_vreg *a);

/* Shared argument checks: BAD_ARG fault naming op and dtype; returns 0. */
int rt_arith_bad_dtype(pvc_ctx *ctx, const char *op, pvc_dtype t);

/* 1 when element i of width w is active (mask NULL: every element). */
static inline int fp_active(const pvc_mreg *m, unsigned w, unsigned i)
{
    return !m || pvc_mreg_bit(m, w * i);
}

#endif /* PVC_FP_INTERNAL_H */
