/* formats.c - scalar codecs: decode any element to a pvc_num, encode a pvc_num to any
 * element type with one rounding (docs/SEMANTICS.md §5.4, §5.5, decision 9).
 *
 * All rounding is integer work on the 64-bit significand (round_shift); the host FPU is
 * never asked to round, so results do not depend on compiler, flags or fesetround.
 */
#include "formats.h"

#include <math.h>

/* Indexed by dtype; ebits == 0 marks a dtype that is not an IEEE-like row. */
static const pvc_fmt fmt_table[PVC_DT_COUNT] = {
#define X(t, e, m, bias, inf, nan, maxc) [PVC_DT_##t] = {PVC_DT_##t, e, m, bias, inf, nan, maxc},
    PVC_FLOAT_FORMATS(X)
#undef X
};

const pvc_fmt *pvc_fmt_of(pvc_dtype t)
{
    return (unsigned)t < PVC_DT_COUNT && fmt_table[t].ebits ? &fmt_table[t] : NULL;
}

static uint64_t low_bits(unsigned n) { return n >= 64 ? ~0ull : (1ull << n) - 1; }

/* |value| = mag * 2^scale, normalised so bit 63 of sig is the leading one. */
static pvc_num num_from_int(int neg, uint64_t mag, int scale)
{
    pvc_num x = {PVC_NUM_ZERO, neg, 0, 0};
    if (mag == 0)
        return x;
    int lead = 63 - __builtin_clzll(mag);
    x.kind = PVC_NUM_FINITE;
    x.sig = mag << (63 - lead);
    x.exp = lead + scale;
    return x;
}

static pvc_num num_special(pvc_num_kind kind, int neg, uint64_t payload)
{
    pvc_num x = {kind, neg, 0, payload};
    return x;
}

/* ---------------------------------------------------------------------------------------
 * Rounding (§5.4 round modes): drop the low `sh` bits of sig, return the kept integer
 * rounded per mode r for a value of sign neg. The kept part may carry into one more bit;
 * callers absorb the carry. HYBRID is HiFloat8's own (enc_hf8) and rounds like ROUND here.
 * ------------------------------------------------------------------------------------- */
static inline __attribute__((always_inline)) uint64_t round_shift(uint64_t sig, int sh, int neg,
                                                                   pvc_round r)
{
    uint64_t kept;
    int half, sticky;
    if (sh <= 0)
        return sig;
    if (sh > 64) {
        kept = 0, half = 0, sticky = sig != 0;
    } else {
        kept = sh == 64 ? 0 : sig >> sh;
        half = (int)((sig >> (sh - 1)) & 1);
        sticky = (sig & low_bits((unsigned)sh - 1)) != 0;
    }
    int inexact = half || sticky;
    switch (r) {
    case PVC_ROUND_RINT:  return kept + (half && (sticky || (kept & 1)));
    case PVC_ROUND_FLOOR: return kept + (neg && inexact);
    case PVC_ROUND_CEIL:  return kept + (!neg && inexact);
    case PVC_ROUND_TRUNC: return kept;
    case PVC_ROUND_ODD:   return inexact ? kept | 1 : kept; /* set the kept LSB if anything dropped */
    default:              return kept + half;               /* ROUND (and HYBRID): ties away */
    }
}

/* Modes whose overflow stops at the largest finite value instead of inf (IEEE 754 §7.4);
 * round-to-odd never produces inf from a finite value [I]. */
static int rounds_toward_zero(pvc_round r, int neg)
{
    return r == PVC_ROUND_TRUNC || r == PVC_ROUND_ODD || (r == PVC_ROUND_FLOOR && !neg) ||
           (r == PVC_ROUND_CEIL && neg);
}

/* ---------------------------------------------------------------------------------------
 * IEEE-like formats (table rows in formats.h)
 * ------------------------------------------------------------------------------------- */
static pvc_num dec_ieee(const pvc_fmt *f, uint64_t code)
{
    unsigned m = f->mbits, w = 1 + f->ebits + m;
    uint64_t mag = code & low_bits(w - 1), ef = mag >> m, mf = mag & low_bits(m);
    int neg = (int)((code >> (w - 1)) & 1);
    if (f->has_inf && ef == low_bits(f->ebits))
        return mf ? num_special(PVC_NUM_NAN, neg, mf << (64 - m)) : num_special(PVC_NUM_INF, neg, 0);
    if (!f->has_inf && f->has_nan && mag == low_bits(w - 1)) /* E4M3FN: one NaN, no payload */
        return num_special(PVC_NUM_NAN, neg, 0);
    if (ef == 0) /* zero or denormal: mf * 2^(1 - bias - m) */
        return num_from_int(neg, mf, 1 - f->bias - (int)m);
    return num_from_int(neg, mf | (1ull << m), (int)ef - f->bias - (int)m);
}

/* Out of range after rounding (§5.4 saturation): ON, or a format without inf/NaN (FP4), or a
 * mode rounding toward zero -> largest finite; else inf, or NaN for E4M3FN (no inf). */
static uint64_t ieee_overflow(const pvc_fmt *f, uint64_t s, int neg, pvc_round r, pvc_sat sat)
{
    if (sat == PVC_SAT_ON || (!f->has_inf && !f->has_nan) || rounds_toward_zero(r, neg))
        return s | f->max_code;
    uint64_t inf = low_bits(f->ebits) << f->mbits;
    return f->has_inf ? s | inf : s | low_bits(f->ebits + f->mbits);
}

static inline __attribute__((always_inline)) uint64_t enc_ieee(const pvc_fmt *f, const pvc_num *x,
                                                                pvc_round r, pvc_sat sat)
{
    unsigned m = f->mbits;
    uint64_t s = x->neg ? 1ull << (f->ebits + m) : 0;
    switch (x->kind) {
    case PVC_NUM_ZERO:
        return s; /* signed zero */
    case PVC_NUM_NAN:
        /* ON: NaN -> 0; FP4 has no NaN: 0. OFF: quiet NaN, same sign, leading payload kept [I]. */
        if (sat == PVC_SAT_ON || !f->has_nan)
            return 0;
        if (!f->has_inf)
            return s | low_bits(f->ebits + m);
        return s | (low_bits(f->ebits) << m) | (1ull << (m - 1)) | (x->sig >> (64 - m));
    case PVC_NUM_INF:
        if (sat == PVC_SAT_ON || !f->has_inf)
            return ieee_overflow(f, s, x->neg, PVC_ROUND_RINT, sat);
        return s | (low_bits(f->ebits) << m);
    default:
        break;
    }
    /* Quantum 2^q: the value's own ulp, or the denormal ulp below the normal range. Adding
     * kept (hidden bit included) onto (biased exponent - 1) << m yields the code and turns a
     * rounding carry into the next binade (or from the top denormal into the first normal). */
    int emin = 1 - f->bias;
    int q = (x->exp > emin ? x->exp : emin) - (int)m;
    uint64_t kept = round_shift(x->sig, 63 + q - x->exp, x->neg, r);
    uint64_t mag = ((uint64_t)(q + (int)m + f->bias - 1) << m) + kept;
    if (mag > f->max_code)
        return ieee_overflow(f, s, x->neg, r, sat);
    return s | mag;
}

/* ---------------------------------------------------------------------------------------
 * HiFloat8 (§5.5). Specials 0x00 zero, 0x80 NaN, 0x6F/0xEF +-inf. A prefix ("dot") in bits
 * 6..3 fixes how many exponent and mantissa bits follow:
 *
 *   bits 6..0    class   |E|        mantissa
 *   11 s ttt m    D4     8 + t      1
 *   10 s tt mm    D3     4 + t      2
 *   01 s t mmm    D2     2 + t      3
 *   001 s mmm     D1     1          3
 *   0001 mmm      D0     0          3
 *   0000 mmm      DML    value 2^(m - 23), m = 1..7
 * (s = exponent sign, 1 = negative)
 * ------------------------------------------------------------------------------------- */
static pvc_num dec_hf8(uint64_t code)
{
    unsigned c = (unsigned)(code & 0x7F), e, es, m, mb;
    int neg = (int)((code >> 7) & 1);
    if ((code & 0xFF) == 0x80)
        return num_special(PVC_NUM_NAN, 0, 0);
    if (c == 0x6F)
        return num_special(PVC_NUM_INF, neg, 0);
    if (c >> 5 == 3)
        es = (c >> 4) & 1, e = 8 + ((c >> 1) & 7), mb = 1, m = c & 1;
    else if (c >> 5 == 2)
        es = (c >> 4) & 1, e = 4 + ((c >> 2) & 3), mb = 2, m = c & 3;
    else if (c >> 5 == 1)
        es = (c >> 4) & 1, e = 2 + ((c >> 3) & 1), mb = 3, m = c & 7;
    else if (c >> 4 == 1)
        es = (c >> 3) & 1, e = 1, mb = 3, m = c & 7;
    else if (c >> 3 == 1)
        es = 0, e = 0, mb = 3, m = c & 7;
    else /* DML: c = 0 is zero (0x00; 0x80 was NaN) */
        return num_from_int(neg, c ? 1 : 0, (int)c - 23);
    int exp = es ? -(int)e : (int)e;
    return num_from_int(neg, (1u << mb) | m, exp - (int)mb);
}

/* Mantissa bits HiFloat8 keeps at exponent e (-22..15): 0 in the DML range. */
static unsigned hf8_mbits(int e)
{
    int a = e < 0 ? -e : e;
    return e < -15 ? 0 : a <= 3 ? 3 : a <= 7 ? 2 : 1;
}

/* Magnitude code of 2^e * (1 + m / 2^mbits). */
static unsigned hf8_code(int e, unsigned m)
{
    unsigned a = (unsigned)(e < 0 ? -e : e), ns = e < 0;
    if (e < -15)
        return (unsigned)(e + 23);
    if (a == 0)
        return 0x08 | m;
    if (a == 1)
        return 0x10 | ns << 3 | m;
    if (a <= 3)
        return 0x20 | ns << 4 | (a - 2) << 3 | m;
    if (a <= 7)
        return 0x40 | ns << 4 | (a - 4) << 2 | m;
    return 0x60 | ns << 4 | (a - 8) << 1 | m;
}

/* HYBRID's "stochastic" round-up test for |E| >= 4 (§5.5, ASC-HIF8): the dropped part of
 * the source fraction (below the `bits` kept ones) is split into a value field F and a
 * threshold T; round up iff F >= T.
 *   FP32 source (23-bit fraction): F = top 14 dropped bits, T = low 14 fraction bits.
 *   FP16 source (10-bit fraction): F = top 2 dropped bits,  T = 2 * (lowest bit) + 1. */
static int hf8_hybrid_up(uint64_t sig, unsigned bits, int src_fp16)
{
    if (src_fp16) {
        uint32_t rem = (uint32_t)((sig >> 53) & low_bits(10 - bits));
        return (rem >> (8 - bits)) >= (rem & 1) * 2 + 1;
    }
    uint32_t rem = (uint32_t)((sig >> 40) & low_bits(23 - bits));
    return (rem >> (9 - bits)) >= (rem & 0x3FFF);
}

/* Encoding (§5.5, §8 #13): saturate ON = the golden script's over_mode false (NaN -> 0,
 * overflow/inf -> +-32768); every mode except HYBRID rounds as ROUND (ties away), which is
 * also what PP-BE executes for the CAST_RINT default [I]. */
static uint64_t enc_hf8(const pvc_num *x, pvc_round r, pvc_sat sat, int src_fp16)
{
    uint64_t s = x->neg ? 0x80 : 0, over = s | (sat == PVC_SAT_ON ? 0x6E : 0x6F);
    int hybrid = r == PVC_ROUND_HYBRID;
    switch (x->kind) {
    case PVC_NUM_ZERO: return 0; /* no -0: 0x80 is NaN */
    case PVC_NUM_NAN:  return sat == PVC_SAT_ON ? 0 : 0x80;
    case PVC_NUM_INF:  return over;
    default:           break;
    }
    int e = x->exp;
    /* Golden overflow threshold |x| >= 1.25 * 2^15 (1.25 = sig 0xA000...). */
    if (e > 15 || (e == 15 && x->sig >= 0xA000000000000000ull))
        return over;
    if (e < -23)
        return 0;
    if (e == -23) /* below the smallest DML 2^-22: ROUND -> 2^-22, HYBRID -> threshold test */
        return !hybrid || hf8_hybrid_up(x->sig, 0, src_fp16) ? s | 0x01 : 0;
    unsigned bits = hf8_mbits(e);
    uint64_t m;
    if (!hybrid || (e > -4 && e < 4)) { /* ties away on the first dropped bit */
        uint64_t kept = round_shift(x->sig, 63 - (int)bits, x->neg, PVC_ROUND_ROUND);
        if (kept >> (bits + 1))
            e++, m = 0;
        else
            m = kept - (1ull << bits);
    } else {
        m = (x->sig >> (63 - bits)) & low_bits(bits);
        if (hf8_hybrid_up(x->sig, bits, src_fp16)) {
            if (m == low_bits(bits))
                e++, m = 0;
            else
                m++;
        }
    }
    if (e > 15 || (e == 15 && m == 1)) /* E=15, m=1 is the inf code */
        return over;
    return s | hf8_code(e, (unsigned)m);
}

/* ---------------------------------------------------------------------------------------
 * FP8E8M0 (§5.5, §5.4, §8 #12): 2^(e-127), 0xFF NaN, no zero, no sign.
 * Encoding takes the exponent (truncates, ignores sign and round mode); inf or too large ->
 * 0xFE, NaN -> 0xFF, zero and values below 2^-127 -> 0x00 [I, §8 #12].
 * ------------------------------------------------------------------------------------- */
static pvc_num dec_e8m0(uint64_t code)
{
    unsigned e = (unsigned)(code & 0xFF);
    if (e == 0xFF)
        return num_special(PVC_NUM_NAN, 0, 0);
    return num_from_int(0, 1, (int)e - 127);
}

static uint64_t enc_e8m0(const pvc_num *x)
{
    switch (x->kind) {
    case PVC_NUM_NAN:  return 0xFF;
    case PVC_NUM_INF:  return 0xFE;
    case PVC_NUM_ZERO: return 0x00;
    default:           break;
    }
    int f = x->exp + 127;
    return f < 0 ? 0x00 : f > 0xFE ? 0xFE : (uint64_t)f;
}

/* ---------------------------------------------------------------------------------------
 * Integers (§5.4 saturation). To an n-bit integer: round per mode, then
 *   OFF: keep the low n bits of the two's complement (half 257 -> u8 1, 3.4e38 -> i32 0);
 *   ON:  clamp to [min, max].
 * Both: NaN -> 0, +-inf -> max/min.
 * ------------------------------------------------------------------------------------- */
static pvc_num dec_int(uint64_t code, unsigned bits, int is_signed)
{
    uint64_t v = code & low_bits(bits);
    int neg = is_signed && ((v >> (bits - 1)) & 1);
    uint64_t mag = neg ? (~v + 1) & low_bits(bits) : v; /* INT64 min: 2^63, fits */
    return num_from_int(neg, mag, 0);
}

static uint64_t enc_int(const pvc_num *x, unsigned bits, int is_signed, pvc_round r, pvc_sat sat)
{
    uint64_t mask = low_bits(bits);
    uint64_t max = is_signed ? mask >> 1 : mask;
    uint64_t min_mag = is_signed ? (mask >> 1) + 1 : 0; /* |min| */
    uint64_t min_code = (~min_mag + 1) & mask;
    switch (x->kind) {
    case PVC_NUM_ZERO:
    case PVC_NUM_NAN: return 0;
    case PVC_NUM_INF: return x->neg ? min_code : max;
    default:          break;
    }
    uint64_t mag;
    int huge = 0; /* magnitude >= 2^64 */
    if (x->exp < 63)
        mag = round_shift(x->sig, 63 - x->exp, x->neg, r);
    else if (x->exp < 127)
        mag = x->sig << (x->exp - 63), huge = x->exp > 63; /* low 64 bits of an integer */
    else
        mag = 0, huge = 1;
    if (sat == PVC_SAT_ON) {
        if (x->neg)
            return (huge || mag > min_mag) ? min_code : (~mag + 1) & mask;
        return (huge || mag > max) ? max : mag;
    }
    return (x->neg ? ~mag + 1 : mag) & mask;
}

/* ---------------------------------------------------------------------------------------
 * Dispatch by dtype
 * ------------------------------------------------------------------------------------- */
static inline pvc_num num_decode(pvc_dtype t, uint64_t code)
{
    if ((unsigned)t >= PVC_DT_COUNT)
        return num_special(PVC_NUM_ZERO, 0, 0);
    const pvc_dtype_info *d = &pvc_dtype_table[t];
    if (d->kind == PVC_KIND_S || d->kind == PVC_KIND_U)
        return dec_int(code, d->bits, d->kind == PVC_KIND_S);
    if (t == PVC_DT_HF8)
        return dec_hf8(code);
    if (t == PVC_DT_FP8E8M0)
        return dec_e8m0(code);
    return dec_ieee(&fmt_table[t], code);
}

static inline uint64_t num_encode(pvc_dtype t, const pvc_num *x, pvc_round r, pvc_sat sat,
                                  pvc_dtype src)
{
    if ((unsigned)t >= PVC_DT_COUNT)
        return 0;
    const pvc_dtype_info *d = &pvc_dtype_table[t];
    if (d->kind == PVC_KIND_S || d->kind == PVC_KIND_U)
        return enc_int(x, d->bits, d->kind == PVC_KIND_S, r, sat);
    if (t == PVC_DT_HF8)
        return enc_hf8(x, r, sat, src == PVC_DT_FP16);
    if (t == PVC_DT_FP8E8M0)
        return enc_e8m0(x);
    return enc_ieee(&fmt_table[t], x, r, sat);
}

pvc_num pvc_num_decode(pvc_dtype t, uint64_t code) { return num_decode(t, code); }

uint64_t pvc_num_encode(pvc_dtype t, const pvc_num *x, pvc_round r, pvc_sat sat, pvc_dtype src)
{
    return num_encode(t, x, r, sat, src);
}

/* FP32 decode without the generic row walk: a normal FP32 is sig = 1.mant << 40, exp = e-127.
 * Zero, denormals, inf and NaN take the generic decoder. Same pvc_num either way. */
static inline pvc_num decode_f32(uint32_t b)
{
    uint32_t e = (b >> 23) & 0xFF;
    if (e == 0 || e == 0xFF)
        return dec_ieee(&fmt_table[PVC_DT_FP32], b);
    pvc_num x = {PVC_NUM_FINITE, (int)(b >> 31), (int)e - 127, (uint64_t)((b & 0x7FFFFF) | 0x800000) << 40};
    return x;
}

uint64_t pvc_convert(pvc_dtype from, pvc_dtype to, uint64_t code, pvc_round r, pvc_sat sat)
{
    pvc_num x = from == PVC_DT_FP32 ? decode_f32((uint32_t)code) : num_decode(from, code);
    return num_encode(to, &x, r, sat, from);
}

/* n conversions with the dispatch hoisted out of the loop (vf.astype's hot path, a register
 * at a time). For FP32 -> FP16/BF16 the loop is instantiated once per (format, round mode):
 * decode_f32, enc_ieee and round_shift are inlined with the row and the mode as constants,
 * so the per-lane work is the bit arithmetic alone. Every other pair loops over
 * pvc_convert. out[i] == pvc_convert(from, to, in[i], r, sat) either way: the same code runs. */
static inline __attribute__((always_inline)) void
convert_f32_ieee(const pvc_fmt *f, const uint64_t *in, uint64_t *out, unsigned n, pvc_round r,
                 pvc_sat sat)
{
    for (unsigned i = 0; i < n; i++) {
        pvc_num x = decode_f32((uint32_t)in[i]);
        out[i] = enc_ieee(f, &x, r, sat);
    }
}

/* One instantiation per round mode (PVC_ROUNDS) for the format row f. */
static void convert_f32_to(const pvc_fmt *f, const uint64_t *in, uint64_t *out, unsigned n,
                           pvc_round r, pvc_sat sat)
{
    switch (r) {
#define X(name, pyname, text) \
    case PVC_ROUND_##name: convert_f32_ieee(f, in, out, n, PVC_ROUND_##name, sat); break;
        PVC_ROUNDS(X)
#undef X
    default: convert_f32_ieee(f, in, out, n, r, sat); break;
    }
}

static void convert_f32_fp16(const uint64_t *in, uint64_t *out, unsigned n, pvc_round r, pvc_sat sat)
{
    convert_f32_to(&fmt_table[PVC_DT_FP16], in, out, n, r, sat);
}

static void convert_f32_bf16(const uint64_t *in, uint64_t *out, unsigned n, pvc_round r, pvc_sat sat)
{
    convert_f32_to(&fmt_table[PVC_DT_BF16], in, out, n, r, sat);
}

void pvc_convert_n(pvc_dtype from, pvc_dtype to, const uint64_t *in, uint64_t *out, unsigned n,
                   pvc_round r, pvc_sat sat)
{
    if (from == PVC_DT_FP32 && to == PVC_DT_FP16)
        convert_f32_fp16(in, out, n, r, sat);
    else if (from == PVC_DT_FP32 && to == PVC_DT_BF16)
        convert_f32_bf16(in, out, n, r, sat);
    else
        for (unsigned i = 0; i < n; i++)
            out[i] = pvc_convert(from, to, in[i], r, sat);
}

pvc_num pvc_num_from_double(double v)
{
    uint64_t b;
    memcpy(&b, &v, 8);
    int neg = (int)(b >> 63), e = (int)((b >> 52) & 0x7FF);
    uint64_t f = b & low_bits(52);
    if (e == 0x7FF)
        return f ? num_special(PVC_NUM_NAN, neg, f << 12) : num_special(PVC_NUM_INF, neg, 0);
    if (e == 0)
        return num_from_int(neg, f, -1074);
    return num_from_int(neg, f | (1ull << 52), e - 1075);
}

double pvc_num_to_double(const pvc_num *x)
{
    switch (x->kind) {
    case PVC_NUM_ZERO: return x->neg ? -0.0 : 0.0;
    case PVC_NUM_INF:  return x->neg ? -HUGE_VAL : HUGE_VAL;
    case PVC_NUM_NAN:  return x->neg ? -NAN : NAN;
    default:           break;
    }
    double v = ldexp((double)x->sig, x->exp - 63);
    return x->neg ? -v : v;
}

/* Public (pvc_rt_cast.h) ------------------------------------------------------------- */
double pvc_value_decode(pvc_dtype t, uint64_t code)
{
    pvc_num x = pvc_num_decode(t, code);
    return pvc_num_to_double(&x);
}

uint64_t pvc_value_encode(pvc_dtype t, double v, pvc_round r, pvc_sat sat)
{
    pvc_num x = pvc_num_from_double(v);
    return pvc_num_encode(t, &x, r, sat, PVC_DT_COUNT);
}

/* A scalar operand as element bits of t, by the C++ conversions of the emitted call
 * (docs/SEMANTICS.md §9.6, Q16): float -> float type rounds to nearest even once, float ->
 * integer truncates toward zero, integer -> narrower integer keeps the low bits, integer ->
 * float type rounds to nearest even once. A float that no int64 holds (C++ leaves it
 * undefined) truncates to the nearest int64 end, NaN to 0, then keeps the low bits [I]. */
uint64_t pvc_scalar_bits(pvc_dtype t, int64_t i, float f, int is_float)
{
    pvc_dtype_kind k = pvc_dtype_table[t].kind;
    unsigned bits = pvc_dtype_table[t].bits;
    uint64_t low = bits >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << bits) - 1;
    if (is_float && t == PVC_DT_FP32 && f == f) { /* a float is its own FP32 encoding: the */
        uint32_t u;                               /* per-call case of FP32 kernel scalars */
        memcpy(&u, &f, 4);
        return u;
    }
    if (k == PVC_KIND_S || k == PVC_KIND_U) {
        if (is_float)
            i = f != f ? 0 : f >= 0x1p63f ? INT64_MAX : f <= -0x1p63f ? INT64_MIN : (int64_t)f;
        return (uint64_t)i & low;
    }
    pvc_num x = is_float ? pvc_num_from_double((double)f)
                         : num_from_int(i < 0, i < 0 ? 0 - (uint64_t)i : (uint64_t)i, 0);
    return pvc_num_encode(t, &x, PVC_ROUND_RINT, PVC_SAT_OFF, PVC_DT_COUNT);
}
