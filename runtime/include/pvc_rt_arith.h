/* pvc_rt_arith.h - the arithmetic vf ops: binary and scalar arithmetic, unary, composite
 * (docs/SEMANTICS.md §9, §10.1-§10.6). Included by pvc_rt.h only; users include pvc_rt.h.
 * Implementation: runtime/src/vbinary.c, vunary.c, vcompose.c; runtime/ARITH.md lists the
 * [I] rules and where each lives.
 *
 * Common rules (§9):
 *   - Lanes: w = lane bytes of the dtype t, N = 256 / w, element i active iff mask bit w*i
 *     (mask NULL: every element active). Masked-off lanes are 0 (ZEROING) unless an op takes
 *     a pvc_merge and is given MERGING (then they keep the old dst). dst may alias any source.
 *   - A scalar operand is the raw bits of one element of t in the low bits of a uint64_t.
 *   - Integers wrap modulo 2^bits (§9.5). Floats (§9.4): exact ops (add, sub, mul, max, min,
 *     FMA, their scalar forms) are IEEE round-to-nearest-even with subnormals; FP16 and BF16
 *     are computed through FP32 (BF16: RNE to FP32, then RNE to BF16). Approximate ops (div,
 *     sqrt, exp, ln, log2, log10, exp_sub) flush subnormal inputs and results to the zero of
 *     their sign and are otherwise correctly rounded (exp/ln: see runtime/src/vunary.c).
 *   - NaN: an op with a NaN operand returns the first NaN operand in argument order with its
 *     quiet bit set; an invalid operation on non-NaN operands returns 0x7FFFFFFF (FP32) /
 *     0x7FFF (FP16, BF16) [I §9.4]. neg, abs_sub's abs and truncate only move sign bits.
 *   - A bad dtype, mode, layout or round mode raises PVC_FAULT_BAD_ARG and writes nothing.
 */
#ifndef PVC_RT_ARITH_H
#define PVC_RT_ARITH_H

/* ---------------------------------------------------------------------------------------
 * Register x register (§10.1). One signature for the six: mode MERGING is accepted by add,
 * max and min only (§9.2); sub, mul and div raise BAD_ARG for it (PP-BE rejects it, §12 T1).
 * Dtypes: add sub max min: INT8..UINT64, FP16, BF16, FP32; mul: INT16..UINT64, FP16, BF16,
 * FP32; div: INT8..UINT64, FP16, FP32. 64-bit integers (and 8-bit div) are what PP-BE lets
 * through, with natural wrap-around semantics (§10.1 (c), §12 T2).
 *   add  a + b                 sub  a + (-b) (= IEEE a - b; a NaN b keeps its payload, sign flipped)
 *   mul  a * b (ints: low bits)
 *   div  floats: approximate (DAZ/FTZ): a/±0 = ±inf, 0/0 = inf/inf = NaN, x/±inf = ±0;
 *        ints: quotient truncated toward zero, signed MIN / -1 = MIN; a zero divisor in an
 *        active lane raises BAD_ARG "integer division by zero in lane i" [I, §13 Q5]
 *   max / min  NaN if either is NaN; max(±0, ∓0) = +0, min(±0, ∓0) = -0
 * ------------------------------------------------------------------------------------- */
void pvc_add(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, const pvc_vreg *b,
             const pvc_mreg *mask, pvc_merge mode);
void pvc_sub(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, const pvc_vreg *b,
             const pvc_mreg *mask, pvc_merge mode);
void pvc_mul(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, const pvc_vreg *b,
             const pvc_mreg *mask, pvc_merge mode);
void pvc_div(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, const pvc_vreg *b,
             const pvc_mreg *mask, pvc_merge mode);
void pvc_max(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, const pvc_vreg *b,
             const pvc_mreg *mask, pvc_merge mode);
void pvc_min(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, const pvc_vreg *b,
             const pvc_mreg *mask, pvc_merge mode);

/* ---------------------------------------------------------------------------------------
 * Register x scalar (§10.2), zeroing: dst[i] = OP(a[i], x). x = the element bits of x_T.
 * subs computes a + (-x): float x with its sign bit flipped, integer x negated modulo
 * 2^bits (PP-BE emits vadds(d, s, -(x))). Dtypes: adds subs maxs mins: INT8..UINT64, FP16,
 * BF16, FP32; muls: INT8..UINT64, FP16, FP32 (8/64-bit: PP-BE, §12 T18, T2).
 * ------------------------------------------------------------------------------------- */
void pvc_adds(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, uint64_t x,
              const pvc_mreg *mask);
void pvc_subs(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, uint64_t x,
              const pvc_mreg *mask);
void pvc_muls(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, uint64_t x,
              const pvc_mreg *mask);
void pvc_maxs(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, uint64_t x,
              const pvc_mreg *mask);
void pvc_mins(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, uint64_t x,
              const pvc_mreg *mask);

/* ---------------------------------------------------------------------------------------
 * mull, addc, subc (§10.3): INT32 / UINT32 (all registers t); masked-off lanes 0.
 *   mull: p = a*b as the 64-bit product of t's signedness; lo[i] = low 32 bits, hi[i] = high
 *         32 bits (arithmetic for INT32).
 *   addc: s = (u32)a + (u32)b + ci[4i]; dst[i] = (u32)s; carry_out bit 4i = s >> 32 (the
 *         unsigned carry, also for INT32).
 *   subc: s = (u32)a + (u32)~b + bi[4i] (= a - b - 1 + bi); borrow_out bit 4i = s >> 32:
 *         carry-style polarity, 1 = no borrow [I, §13 Q6, §12 T15]; bi = 1 gives a - b.
 *   The flag masks are read and written at bit 4i; every other bit of the out mask is 0, and
 *   a masked-off lane's flag is 0. carry_out may alias carry_in or mask.
 * ------------------------------------------------------------------------------------- */
void pvc_mull(pvc_ctx *ctx, pvc_vreg *lo, pvc_vreg *hi, pvc_dtype t, const pvc_vreg *a,
              const pvc_vreg *b, const pvc_mreg *mask);
void pvc_addc(pvc_ctx *ctx, pvc_mreg *carry_out, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a,
              const pvc_vreg *b, const pvc_mreg *carry_in, const pvc_mreg *mask);
void pvc_subc(pvc_ctx *ctx, pvc_mreg *borrow_out, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a,
              const pvc_vreg *b, const pvc_mreg *borrow_in, const pvc_mreg *mask);

/* ---------------------------------------------------------------------------------------
 * Unary (§10.4), zeroing.
 *   neg   INT8 INT16 INT32 INT64: -a mod 2^bits (-MIN = MIN); FP16 FP32: sign bit flipped
 *         (NaN payload kept, not quieted).
 *   sqrt  FP16 FP32, approximate: sqrt(-0) = -0, x < 0 or -inf -> NaN, +inf -> +inf.
 *         precision != 0 (pypto precision=True, FP32 only: FP16 raises BAD_ARG, §12 T3):
 *         correctly rounded on [0, 2^126] without flushing subnormal inputs; every input
 *         above 2^126, +inf included, gives +0 [§10.4; +inf I].
 *   exp   FP16 FP32, approximate: exp(±0) = 1, exp(-inf) = +0, overflow / +inf -> +inf.
 *   ln    FP16 FP32, approximate: ln(±0) = -inf, ln(x < 0) = ln(-inf) = NaN. vf.log = ln.
 *   log2 / log10  FP16 FP32: RNE_T(ln_T(x) * C_T), C = 1.4426950408889634f (0x3FB8AA3B) /
 *         0.4342944819032518f (0x3EDE5BD9), for FP16 that float rounded to half (RNE):
 *         PP-BE's vln + vmuls, two roundings.
 *   prelu       FP16 FP32: signbit(a) ? RNE(a * slope) : a  (-0 is multiplied; a NaN with
 *               the sign bit clear passes through unchanged).
 *   leaky_relu  the same with a scalar alpha (element bits of t).
 * ------------------------------------------------------------------------------------- */
void pvc_neg(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src, const pvc_mreg *mask);
void pvc_sqrt(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src, const pvc_mreg *mask,
              int precision);
void pvc_exp(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src, const pvc_mreg *mask);
void pvc_ln(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src, const pvc_mreg *mask);
/* vf.log: the same op as vf.ln (PP-BE emits vln for both). */
void pvc_log(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src, const pvc_mreg *mask);
void pvc_log2(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src, const pvc_mreg *mask);
void pvc_log10(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src, const pvc_mreg *mask);
void pvc_prelu(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
               const pvc_vreg *slope, const pvc_mreg *mask);
void pvc_leaky_relu(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                    uint64_t alpha, const pvc_mreg *mask);

/* truncate (§10.5): FP16 BF16 FP32; roundToIntegral in rm = PVC_ROUND_TRUNC (pypto's
 * default), RINT, FLOOR or CEIL (others raise BAD_ARG); exact; ±inf and NaN unchanged; a zero
 * result keeps the input's sign (trunc(-0.5) = -0). Zeroing. */
void pvc_truncate(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                  const pvc_mreg *mask, pvc_round rm);

/* ---------------------------------------------------------------------------------------
 * Composite (§10.6), zeroing: a masked-off lane is 0 even when the op reads dst.
 *   abs_sub      FP16 FP32 INT64: |a - b|, the difference rounded first, then the sign bit
 *                cleared (INT64 wraps, abs(MIN) = MIN).
 *   axpy         FP16 FP32 INT64 UINT64: dst = FMA(x, src, dst_old), one rounding (NaN order
 *                x, src, dst); integers mod 2^64.
 *   mul_add_dst  INT16..UINT64, FP16 BF16 FP32: dst = FMA(a, b, dst_old) (BF16: exact, one
 *                RNE rounding [I]); integers mod 2^bits.
 *   mul_dst_add  FP16 BF16 FP32: dst = FMA(dst_old, a, b).
 *   exp_sub      t = FP32 (the destination), src_t = FP32 or FP16 (src and max_val):
 *                FP32: dst[i] = m[4i] ? exp(RNE_f32(s[i] - mx[i])) : 0 (layout ignored);
 *                FP16: dst[i] = m[4i + 2L] ? exp(RNE_f32(f32(s[2i+L]) - f32(mx[2i+L]))) : 0
 *                with L = layout (ZERO or ONE, else BAD_ARG). exp is the approximate FP32 exp.
 *   muls_cast    t = FP16, src_t = FP32: p = RNE_f32(src[i] * x) [I §13 Q7], then
 *                dst.f16[2i + L] = m[4i] ? CAST_ROUND(p) (ties away, overflow ±inf) : 0, and
 *                dst.f16[2i + 1 - L] = 0. layout ZERO or ONE.
 * ------------------------------------------------------------------------------------- */
void pvc_abs_sub(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, const pvc_vreg *b,
                 const pvc_mreg *mask);
void pvc_axpy(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src, uint64_t scalar,
              const pvc_mreg *mask);
void pvc_mul_add_dst(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a,
                     const pvc_vreg *b, const pvc_mreg *mask);
void pvc_mul_dst_add(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a,
                     const pvc_vreg *b, const pvc_mreg *mask);
void pvc_exp_sub(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, pvc_dtype src_t, const pvc_vreg *src,
                 const pvc_vreg *max_val, const pvc_mreg *mask, pvc_layout layout);
void pvc_muls_cast(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, pvc_dtype src_t,
                   const pvc_vreg *src, uint64_t scalar, const pvc_mreg *mask, pvc_layout layout);

#endif /* PVC_RT_ARITH_H */
