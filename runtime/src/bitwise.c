/* bitwise.c - vf.and_ / or_ / xor / not_ on registers and masks, shift_left / shift_right in
 * their scalar and register forms (docs/SEMANTICS.md §10.7), select (§10.8), move (§10.14)
 * and bit_cast (§10.11).
 *
 * Bitwise results do not depend on the lane width, so they run over 64-bit words and only
 * the zeroing blend looks at the dtype. Shifts run one typed loop per width (memcpy into a
 * typed array, compute every lane, memcpy out, then blend by mask: no per-lane branch). */
#include "rt_internal.h"

/* and_ / or_ / xor: every 8..64-bit dtype PP-BE lists (incl. FP8, HF8); not the 4-bit ones. */
#define BITWISE_DTYPES                                                                          \
    (RT_LANE_DT(INT8) | RT_LANE_DT(UINT8) | RT_LANE_DT(INT16) | RT_LANE_DT(UINT16) |            \
     RT_LANE_DT(INT32) | RT_LANE_DT(UINT32) | RT_LANE_DT(INT64) | RT_LANE_DT(UINT64) |          \
     RT_LANE_DT(FP16) | RT_LANE_DT(BF16) | RT_LANE_DT(FP32) | RT_LANE_DT(FP8E4M3FN) |           \
     RT_LANE_DT(FP8E5M2) | RT_LANE_DT(FP8E8M0) | RT_LANE_DT(HF8))
#define INT_DTYPES                                                                              \
    (RT_LANE_DT(INT8) | RT_LANE_DT(UINT8) | RT_LANE_DT(INT16) | RT_LANE_DT(UINT16) |            \
     RT_LANE_DT(INT32) | RT_LANE_DT(UINT32) | RT_LANE_DT(INT64) | RT_LANE_DT(UINT64))
/* not_: PP-BE's list (no BF16, no FP8). */
#define NOT_DTYPES (INT_DTYPES | RT_LANE_DT(FP16) | RT_LANE_DT(FP32))
/* select / move: PP-BE's list without BOOL (no pvc dtype; no b64). */
#define SELECT_DTYPES                                                                           \
    (RT_LANE_DT(INT8) | RT_LANE_DT(UINT8) | RT_LANE_DT(INT16) | RT_LANE_DT(UINT16) |            \
     RT_LANE_DT(FP16) | RT_LANE_DT(BF16) | RT_LANE_DT(INT32) | RT_LANE_DT(UINT32) |             \
     RT_LANE_DT(FP32))

/* dst = the 256 result bytes r with every byte of an inactive lane (tested bit w*i clear)
 * zeroed (§9.2 ZEROING); r is local, so dst may alias any source. */
static void store_zeroing(pvc_vreg *dst, const uint64_t *r, const pvc_mreg *mask, unsigned w)
{
    uint64_t e[PVC_VL / 8];
    if (!mask || rt_mask_full(mask, w)) {
        memcpy(dst->b, r, PVC_VL);
        return;
    }
    pvc_vreg ev;
    rt_mask_expand(&ev, mask, w);
    memcpy(e, ev.b, PVC_VL);
    for (unsigned q = 0; q < PVC_VL / 8; q++)
        e[q] &= r[q];
    memcpy(dst->b, e, PVC_VL);
}

/* ---------------------------------------------------------------------------------------
 * Registers: and_ / or_ / xor / not_ (vand vor vxor vnot), zeroing.
 * ------------------------------------------------------------------------------------- */
typedef enum { BIT_AND, BIT_OR, BIT_XOR, BIT_NOT } bit_op;

static void bitwise(pvc_ctx *ctx, const char *name, bit_op op, uint32_t legal, pvc_vreg *dst,
                    pvc_dtype t, const pvc_vreg *a, const pvc_vreg *b, const pvc_mreg *mask)
{
    uint64_t x[PVC_VL / 8], y[PVC_VL / 8];
    if (!rt_lane_dt_in(t, legal)) {
        rt_lane_bad_dtype(ctx, name, t);
        return;
    }
    memcpy(x, a->b, PVC_VL);
    memcpy(y, (b ? b : a)->b, PVC_VL);
    switch (op) {
    case BIT_AND: for (unsigned k = 0; k < PVC_VL / 8; k++) x[k] &= y[k]; break;
    case BIT_OR:  for (unsigned k = 0; k < PVC_VL / 8; k++) x[k] |= y[k]; break;
    case BIT_XOR: for (unsigned k = 0; k < PVC_VL / 8; k++) x[k] ^= y[k]; break;
    default:      for (unsigned k = 0; k < PVC_VL / 8; k++) x[k] = ~x[k]; break;
    }
    store_zeroing(dst, x, mask, pvc_dtype_lane_bytes(t));
}

void pvc_and(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, const pvc_vreg *b,
             const pvc_mreg *mask)
{
    bitwise(ctx, "and_", BIT_AND, BITWISE_DTYPES, dst, t, a, b, mask);
}

void pvc_or(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, const pvc_vreg *b,
            const pvc_mreg *mask)
{
    bitwise(ctx, "or_", BIT_OR, BITWISE_DTYPES, dst, t, a, b, mask);
}

void pvc_xor(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, const pvc_vreg *b,
             const pvc_mreg *mask)
{
    bitwise(ctx, "xor", BIT_XOR, BITWISE_DTYPES, dst, t, a, b, mask);
}

void pvc_not(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, const pvc_mreg *mask)
{
    bitwise(ctx, "not_", BIT_NOT, NOT_DTYPES, dst, t, a, NULL, mask);
}

/* ---------------------------------------------------------------------------------------
 * Masks: pand / por / pxor / pnot over all 256 bits, zeroing outside the gate g [I: by
 * analogy with pmov, §10.7]. g NULL = all ones.
 * ------------------------------------------------------------------------------------- */
static void mask_bitwise(pvc_mreg *dst, bit_op op, const pvc_mreg *a, const pvc_mreg *b,
                         const pvc_mreg *g)
{
    uint64_t x[4], y[4], z[4] = {~0ull, ~0ull, ~0ull, ~0ull};
    rt_mreg_words(x, a);
    rt_mreg_words(y, b ? b : a);
    if (g)
        rt_mreg_words(z, g);
    for (unsigned k = 0; k < 4; k++) {
        uint64_t v = op == BIT_AND ? x[k] & y[k] : op == BIT_OR ? x[k] | y[k]
                   : op == BIT_XOR ? x[k] ^ y[k] : ~x[k];
        x[k] = v & z[k];
    }
    rt_mreg_set_words(dst, x);
}

void pvc_mask_and(pvc_ctx *ctx, pvc_mreg *dst, const pvc_mreg *a, const pvc_mreg *b,
                  const pvc_mreg *g)
{
    (void)ctx;
    mask_bitwise(dst, BIT_AND, a, b, g);
}

void pvc_mask_or(pvc_ctx *ctx, pvc_mreg *dst, const pvc_mreg *a, const pvc_mreg *b,
                 const pvc_mreg *g)
{
    (void)ctx;
    mask_bitwise(dst, BIT_OR, a, b, g);
}

void pvc_mask_xor(pvc_ctx *ctx, pvc_mreg *dst, const pvc_mreg *a, const pvc_mreg *b,
                  const pvc_mreg *g)
{
    (void)ctx;
    mask_bitwise(dst, BIT_XOR, a, b, g);
}

void pvc_mask_not(pvc_ctx *ctx, pvc_mreg *dst, const pvc_mreg *a, const pvc_mreg *g)
{
    (void)ctx;
    mask_bitwise(dst, BIT_NOT, a, NULL, g);
}

/* ---------------------------------------------------------------------------------------
 * Shifts (§10.7). UT is the unsigned type of B bits; signed lanes are handled on the
 * unsigned bits (arithmetic shift = xor with the sign fill, logical shift, xor back), so
 * no signed shift (implementation-defined) or over-wide shift (undefined) is ever executed.
 *   SHL:  k < B ? x << k : 0        SHRU: k < B ? x >> k : 0
 *   SHRS: x >> min(k, B-1) arithmetic (k >= B gives the sign fill, -1 or 0)
 * k is unsigned here: a negative amount (raised before we get here in active lanes) reads
 * as huge, i.e. over-width; those lanes are masked off and zeroed by the blend anyway.
 * ------------------------------------------------------------------------------------- */
typedef enum { SH_LEFT, SH_RIGHT_U, SH_RIGHT_S } shift_kind;

#define SHIFT_FUNCS(UT, B)                                                                      \
    static inline UT shift_lane_##B(UT x, UT k, shift_kind kind)                                \
    {                                                                                           \
        UT sign = (UT)(0u - (UT)(x >> (B - 1)));                                                \
        UT kc = k < B ? k : (UT)(B - 1);                                                        \
        switch (kind) {                                                                         \
        case SH_LEFT:    return k < B ? (UT)(x << (k % B)) : 0;                                 \
        case SH_RIGHT_U: return k < B ? (UT)(x >> (k % B)) : 0;                                 \
        default:         return (UT)((UT)((UT)(x ^ sign) >> kc) ^ sign);                        \
        }                                                                                       \
    }                                                                                           \
    /* Every lane by the same amount k. */                                                      \
    static void shift_scalar_##B(uint8_t *out, const uint8_t *in, UT k, shift_kind kind)        \
    {                                                                                           \
        UT x[PVC_VL / (B / 8)];                                                                 \
        memcpy(x, in, PVC_VL);                                                                  \
        switch (kind) { /* the kind outside the loop: three plain loops to vectorise */         \
        case SH_LEFT:                                                                           \
            for (unsigned i = 0; i < PVC_VL / (B / 8); i++) x[i] = shift_lane_##B(x[i], k, SH_LEFT); \
            break;                                                                              \
        case SH_RIGHT_U:                                                                        \
            for (unsigned i = 0; i < PVC_VL / (B / 8); i++) x[i] = shift_lane_##B(x[i], k, SH_RIGHT_U); \
            break;                                                                              \
        default:                                                                                \
            for (unsigned i = 0; i < PVC_VL / (B / 8); i++) x[i] = shift_lane_##B(x[i], k, SH_RIGHT_S); \
            break;                                                                              \
        }                                                                                       \
        memcpy(out, x, PVC_VL);                                                                 \
    }                                                                                           \
    /* Lane i by lane i of the shift register (same width). */                                  \
    static void shift_vector_##B(uint8_t *out, const uint8_t *in, const uint8_t *amt,          \
                                 shift_kind kind)                                               \
    {                                                                                           \
        UT x[PVC_VL / (B / 8)], k[PVC_VL / (B / 8)];                                            \
        memcpy(x, in, PVC_VL);                                                                  \
        memcpy(k, amt, PVC_VL);                                                                 \
        switch (kind) {                                                                         \
        case SH_LEFT:                                                                           \
            for (unsigned i = 0; i < PVC_VL / (B / 8); i++) x[i] = shift_lane_##B(x[i], k[i], SH_LEFT); \
            break;                                                                              \
        case SH_RIGHT_U:                                                                        \
            for (unsigned i = 0; i < PVC_VL / (B / 8); i++) x[i] = shift_lane_##B(x[i], k[i], SH_RIGHT_U); \
            break;                                                                              \
        default:                                                                                \
            for (unsigned i = 0; i < PVC_VL / (B / 8); i++) x[i] = shift_lane_##B(x[i], k[i], SH_RIGHT_S); \
            break;                                                                              \
        }                                                                                       \
        memcpy(out, x, PVC_VL);                                                                 \
    }

SHIFT_FUNCS(uint8_t, 8)
SHIFT_FUNCS(uint16_t, 16)
SHIFT_FUNCS(uint32_t, 32)
SHIFT_FUNCS(uint64_t, 64)

/* SHL / SHRU / SHRS for dtype t and direction right. */
static shift_kind kind_of(pvc_dtype t, int right)
{
    if (!right)
        return SH_LEFT;
    return pvc_dtype_table[t].kind == PVC_KIND_S ? SH_RIGHT_S : SH_RIGHT_U;
}

static void shift_scalar(pvc_ctx *ctx, const char *name, int right, pvc_vreg *dst, pvc_dtype t,
                         const pvc_vreg *src, uint64_t shift, const pvc_mreg *mask)
{
    pvc_vreg r;
    uint64_t q[PVC_VL / 8];
    int16_t k;
    uint16_t k16 = (uint16_t)shift;
    if (!rt_lane_dt_in(t, INT_DTYPES)) {
        rt_lane_bad_dtype(ctx, name, t);
        return;
    }
    memcpy(&k, &k16, 2); /* (int16_t)(k) of the lowering */
    if (k < 0)
        k = 0; /* undefined on the device: pvc shifts by 0 (§10.7 [I]) */
    shift_kind kind = kind_of(t, right);
    unsigned w = pvc_dtype_lane_bytes(t);
    switch (w) {
    case 1:  shift_scalar_8(r.b, src->b, (uint8_t)(k < 8 ? k : 8), kind); break;
    case 2:  shift_scalar_16(r.b, src->b, (uint16_t)k, kind); break;
    case 4:  shift_scalar_32(r.b, src->b, (uint32_t)k, kind); break;
    default: shift_scalar_64(r.b, src->b, (uint64_t)k, kind); break;
    }
    memcpy(q, r.b, PVC_VL);
    store_zeroing(dst, q, mask, w);
}

void pvc_shift_left(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                    uint64_t shift, const pvc_mreg *mask)
{
    shift_scalar(ctx, "shift_left", 0, dst, t, src, shift, mask);
}

void pvc_shift_right(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                     uint64_t shift, const pvc_mreg *mask)
{
    shift_scalar(ctx, "shift_right", 1, dst, t, src, shift, mask);
}

/* Register form: the amount register is read as signed lanes of the data width (for b32
 * the lowering's vector_s32 view; §12 T4 for the other widths [I]). */
static void shift_vector(pvc_ctx *ctx, const char *name, int right, pvc_vreg *dst, pvc_dtype t,
                         const pvc_vreg *src, const pvc_vreg *shift, const pvc_mreg *mask)
{
    uint64_t e[PVC_VL / 8], r[PVC_VL / 8];
    pvc_vreg res;
    if (!rt_lane_dt_in(t, INT_DTYPES)) {
        rt_lane_bad_dtype(ctx, name, t);
        return;
    }
    unsigned w = pvc_dtype_lane_bytes(t);
    if (mask) {
        pvc_vreg ev;
        rt_mask_expand(&ev, mask, w);
        memcpy(e, ev.b, PVC_VL);
    } else {
        memset(e, 0xFF, PVC_VL);
    }
    /* A negative amount is undefined on the device: pvc shifts that lane by 0 (§10.7 [I]). */
    pvc_vreg amount = *shift;
    for (unsigned i = w - 1; i < PVC_VL; i += w) /* the lane's top byte holds its sign */
        if (amount.b[i] & 0x80)
            memset(amount.b + i + 1 - w, 0, w);
    shift = &amount;
    shift_kind kind = kind_of(t, right);
    switch (w) {
    case 1:  shift_vector_8(res.b, src->b, shift->b, kind); break;
    case 2:  shift_vector_16(res.b, src->b, shift->b, kind); break;
    case 4:  shift_vector_32(res.b, src->b, shift->b, kind); break;
    default: shift_vector_64(res.b, src->b, shift->b, kind); break;
    }
    memcpy(r, res.b, PVC_VL);
    for (unsigned q = 0; q < PVC_VL / 8; q++) /* zeroing with the mask already expanded */
        r[q] &= e[q];
    memcpy(dst->b, r, PVC_VL);
}

void pvc_shift_left_reg(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                        const pvc_vreg *shift, const pvc_mreg *mask)
{
    shift_vector(ctx, "shift_left", 0, dst, t, src, shift, mask);
}

void pvc_shift_right_reg(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                         const pvc_vreg *shift, const pvc_mreg *mask)
{
    shift_vector(ctx, "shift_right", 1, dst, t, src, shift, mask);
}

/* ---------------------------------------------------------------------------------------
 * select (vsel / psel, §10.8) and move (vmov / pmov, §10.14).
 * ------------------------------------------------------------------------------------- */
void pvc_select(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *on_true,
                const pvc_vreg *on_false, const pvc_mreg *mask)
{
    pvc_vreg r, e;
    if (!rt_lane_dt_in(t, SELECT_DTYPES)) {
        rt_lane_bad_dtype(ctx, "select", t);
        return;
    }
    r = *on_false;
    if (mask) {
        rt_mask_expand(&e, mask, pvc_dtype_lane_bytes(t));
        rt_blend_bytes(r.b, on_true->b, e.b, PVC_VL);
    } else {
        r = *on_true;
    }
    *dst = r;
}

void pvc_mask_select(pvc_ctx *ctx, pvc_mreg *dst, const pvc_mreg *on_true,
                     const pvc_mreg *on_false, const pvc_mreg *m)
{
    uint64_t a[4], b[4], s[4] = {~0ull, ~0ull, ~0ull, ~0ull};
    (void)ctx;
    rt_mreg_words(a, on_true);
    rt_mreg_words(b, on_false);
    if (m) /* NULL: every bit from on_true, like the register form */
        rt_mreg_words(s, m);
    for (unsigned k = 0; k < 4; k++)
        a[k] = (a[k] & s[k]) | (b[k] & ~s[k]);
    rt_mreg_set_words(dst, a);
}

void pvc_move(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src, const pvc_mreg *mask)
{
    if (!rt_lane_dt_in(t, SELECT_DTYPES)) {
        rt_lane_bad_dtype(ctx, "move", t);
        return;
    }
    if (dst == src)
        return; /* merging or not, every lane keeps its value */
    if (!mask)
        memcpy(dst->b, src->b, PVC_VL);
    else
        pvc_vreg_blend(dst, src, mask, pvc_dtype_lane_bytes(t), PVC_MERGE_MERGING);
}

void pvc_mask_move(pvc_ctx *ctx, pvc_mreg *dst, const pvc_mreg *src, const pvc_mreg *g)
{
    uint64_t a[4], z[4];
    (void)ctx;
    rt_mreg_words(a, src);
    if (g) {
        rt_mreg_words(z, g);
        for (unsigned k = 0; k < 4; k++)
            a[k] &= z[k];
    }
    rt_mreg_set_words(dst, a);
}

/* bit_cast (§10.11): the byte image is the value; only the caller's dtype changes. */
void pvc_bit_cast(pvc_ctx *ctx, pvc_vreg *dst, const pvc_vreg *src)
{
    (void)ctx;
    if (dst != src)
        memcpy(dst->b, src->b, PVC_VL);
}
