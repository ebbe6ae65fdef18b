/* permute.c - pack / unpack (docs/SEMANTICS.md §10.11) and interleave / de_interleave
 * (§10.12), each on registers (typed loops over the lanes) and on masks (bit-group spreading
 * and compressing on 64-bit words, rt_bits_spread / rt_bits_compress). */
#include "rt_internal.h"

const char *const pvc_part_names[PVC_PART_COUNT] = {
#define X(name, pyname, text) pyname,
    PVC_PARTS(X)
#undef X
};

#define INT_DTYPES                                                                              \
    (RT_LANE_DT(INT8) | RT_LANE_DT(UINT8) | RT_LANE_DT(INT16) | RT_LANE_DT(UINT16) |            \
     RT_LANE_DT(INT32) | RT_LANE_DT(UINT32) | RT_LANE_DT(INT64) | RT_LANE_DT(UINT64))
/* interleave / de_interleave: any 8/16/32/64-bit dtype (PP-BE checks only the width). */
#define INTLV_DTYPES                                                                            \
    (INT_DTYPES | RT_LANE_DT(FP16) | RT_LANE_DT(BF16) | RT_LANE_DT(FP32) |                      \
     RT_LANE_DT(FP8E4M3FN) | RT_LANE_DT(FP8E5M2) | RT_LANE_DT(FP8E8M0) | RT_LANE_DT(HF8))

static int part_ok(pvc_ctx *ctx, const char *op, pvc_part part)
{
    if ((unsigned)part < PVC_PART_COUNT)
        return 1;
    pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0, "part %d is not LOWER or UPPER", (int)part);
    return 0;
}

/* ---------------------------------------------------------------------------------------
 * pack: the low half of each source lane, into the low (LOWER) or high (UPPER) half of dst;
 * the other half 0. DT is the narrow type, ST the wide one.
 * ------------------------------------------------------------------------------------- */
#define PACK_FUNC(DT, ST, NAME)                                                                 \
    static void NAME(uint8_t *out, const uint8_t *in, unsigned upper)                           \
    {                                                                                           \
        ST s[PVC_VL / sizeof(ST)];                                                              \
        DT d[PVC_VL / sizeof(DT)];                                                              \
        enum { N = PVC_VL / sizeof(ST) };                                                       \
        memcpy(s, in, PVC_VL);                                                                  \
        memset(d, 0, sizeof d);                                                                 \
        for (unsigned i = 0; i < N; i++)                                                        \
            d[upper * N + i] = (DT)s[i];                                                        \
        memcpy(out, d, PVC_VL);                                                                 \
    }
PACK_FUNC(uint8_t, uint16_t, pack_16)
PACK_FUNC(uint16_t, uint32_t, pack_32)
PACK_FUNC(uint32_t, uint64_t, pack_64)

void pvc_pack(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype dst_t, pvc_dtype src_t, const pvc_vreg *src,
              pvc_part part)
{
    pvc_vreg r;
    if (!rt_lane_dt_in(src_t, INT_DTYPES) || !rt_lane_dt_in(dst_t, INT_DTYPES) ||
        pvc_dtype_table[src_t].bits < 16 ||
        pvc_dtype_table[dst_t].bits * 2 != pvc_dtype_table[src_t].bits) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "pack", 0, 0, "pack %s -> %s is not a pair",
                        (unsigned)src_t < PVC_DT_COUNT ? pvc_dtype_table[src_t].name : "?",
                        (unsigned)dst_t < PVC_DT_COUNT ? pvc_dtype_table[dst_t].name : "?");
        return;
    }
    if (!part_ok(ctx, "pack", part))
        return;
    unsigned upper = part == PVC_PART_UPPER;
    switch (pvc_dtype_table[src_t].bits) {
    case 16: pack_16(r.b, src->b, upper); break;
    case 32: pack_32(r.b, src->b, upper); break;
    default: pack_64(r.b, src->b, upper); break;
    }
    *dst = r;
}

/* ---------------------------------------------------------------------------------------
 * unpack: lanes [first, first + N2) of the source, widened by the source's signedness
 * (ST signed / UT unsigned narrow type, WT the wide unsigned type).
 * ------------------------------------------------------------------------------------- */
#define UNPACK_FUNC(ST, UT, WT, NAME)                                                           \
    static void NAME(uint8_t *out, const uint8_t *in, unsigned upper, int sign)                 \
    {                                                                                           \
        enum { N2 = PVC_VL / sizeof(WT) };                                                      \
        UT s[PVC_VL / sizeof(UT)];                                                              \
        WT d[N2];                                                                               \
        memcpy(s, in, PVC_VL);                                                                  \
        if (sign) {                                                                             \
            for (unsigned i = 0; i < N2; i++) {                                                 \
                ST v;                                                                           \
                memcpy(&v, &s[upper * N2 + i], sizeof v);                                       \
                d[i] = (WT)(int64_t)v; /* sign extension, then modulo 2^bits */                 \
            }                                                                                   \
        } else {                                                                                \
            for (unsigned i = 0; i < N2; i++)                                                   \
                d[i] = (WT)s[upper * N2 + i];                                                   \
        }                                                                                       \
        memcpy(out, d, PVC_VL);                                                                 \
    }
UNPACK_FUNC(int8_t, uint8_t, uint16_t, unpack_8)
UNPACK_FUNC(int16_t, uint16_t, uint32_t, unpack_16)
UNPACK_FUNC(int32_t, uint32_t, uint64_t, unpack_32)

void pvc_unpack(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype dst_t, pvc_dtype src_t,
                const pvc_vreg *src, pvc_part part)
{
    pvc_vreg r;
    if (!rt_lane_dt_in(src_t, INT_DTYPES) || !rt_lane_dt_in(dst_t, INT_DTYPES) ||
        pvc_dtype_table[dst_t].bits != 2 * pvc_dtype_table[src_t].bits) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "unpack", 0, 0, "unpack %s -> %s is not a pair",
                        (unsigned)src_t < PVC_DT_COUNT ? pvc_dtype_table[src_t].name : "?",
                        (unsigned)dst_t < PVC_DT_COUNT ? pvc_dtype_table[dst_t].name : "?");
        return;
    }
    if (!part_ok(ctx, "unpack", part))
        return;
    unsigned upper = part == PVC_PART_UPPER;
    int sign = pvc_dtype_table[src_t].kind == PVC_KIND_S;
    switch (pvc_dtype_table[src_t].bits) {
    case 8:  unpack_8(r.b, src->b, upper, sign); break;
    case 16: unpack_16(r.b, src->b, upper, sign); break;
    default: unpack_32(r.b, src->b, upper, sign); break;
    }
    *dst = r;
}

/* ---------------------------------------------------------------------------------------
 * ppack / punpack on the four 64-bit words of a mask: ppack keeps the even bits (compress,
 * groups of 1), punpack puts bit k at 2k (spread, groups of 1).
 * ------------------------------------------------------------------------------------- */
void pvc_mask_pack(pvc_ctx *ctx, pvc_mreg *dst, const pvc_mreg *src, pvc_part part)
{
    uint64_t s[4], d[4] = {0, 0, 0, 0};
    if (!part_ok(ctx, "pack", part))
        return;
    rt_mreg_words(s, src);
    unsigned base = part == PVC_PART_UPPER ? 2 : 0; /* the result fills 128 bits = 2 words */
    for (unsigned k = 0; k < 2; k++)
        d[base + k] = rt_bits_compress(s[2 * k], 1) | rt_bits_compress(s[2 * k + 1], 1) << 32;
    rt_mreg_set_words(dst, d);
}

void pvc_mask_unpack(pvc_ctx *ctx, pvc_mreg *dst, const pvc_mreg *src, pvc_part part)
{
    uint64_t s[4], d[4];
    if (!part_ok(ctx, "unpack", part))
        return;
    rt_mreg_words(s, src);
    unsigned base = part == PVC_PART_UPPER ? 2 : 0; /* source bits 0..127 or 128..255 */
    for (unsigned k = 0; k < 2; k++) {
        d[2 * k] = rt_bits_spread(s[base + k], 1);
        d[2 * k + 1] = rt_bits_spread(s[base + k] >> 32, 1);
    }
    rt_mreg_set_words(dst, d);
}

/* ---------------------------------------------------------------------------------------
 * interleave / de_interleave on registers: one typed loop per lane width (T the unsigned
 * lane type, so floats move as bits).
 * ------------------------------------------------------------------------------------- */
#define INTLV_FUNCS(T, B)                                                                       \
    static void intlv_##B(uint8_t *o0, uint8_t *o1, const uint8_t *ia, const uint8_t *ib)       \
    {                                                                                           \
        enum { N = PVC_VL / sizeof(T), H = N / 2 };                                             \
        T a[N], b[N], d0[N], d1[N];                                                             \
        memcpy(a, ia, PVC_VL);                                                                  \
        memcpy(b, ib, PVC_VL);                                                                  \
        for (unsigned i = 0; i < H; i++) {                                                      \
            d0[2 * i] = a[i];                                                                   \
            d0[2 * i + 1] = b[i];                                                               \
            d1[2 * i] = a[H + i];                                                               \
            d1[2 * i + 1] = b[H + i];                                                           \
        }                                                                                       \
        memcpy(o0, d0, PVC_VL);                                                                 \
        memcpy(o1, d1, PVC_VL);                                                                 \
    }                                                                                           \
    static void dintlv_##B(uint8_t *o0, uint8_t *o1, const uint8_t *ia, const uint8_t *ib)      \
    {                                                                                           \
        enum { N = PVC_VL / sizeof(T), H = N / 2 };                                             \
        T c[2 * N], d0[N], d1[N];                                                               \
        memcpy(c, ia, PVC_VL);                                                                  \
        memcpy(c + N, ib, PVC_VL);                                                              \
        for (unsigned i = 0; i < N; i++) {                                                      \
            d0[i] = c[2 * i];                                                                   \
            d1[i] = c[2 * i + 1];                                                               \
        }                                                                                       \
        memcpy(o0, d0, PVC_VL);                                                                 \
        memcpy(o1, d1, PVC_VL);                                                                 \
    }
INTLV_FUNCS(uint8_t, 8)
INTLV_FUNCS(uint16_t, 16)
INTLV_FUNCS(uint32_t, 32)
INTLV_FUNCS(uint64_t, 64) /* §12 T8: b64 registers, unverified on the device */

static int intlv_args_ok(pvc_ctx *ctx, const char *op, const void *d0, const void *d1, pvc_dtype t)
{
    if (!rt_lane_dt_in(t, INTLV_DTYPES)) {
        rt_lane_bad_dtype(ctx, op, t);
        return 0;
    }
    if (d0 == d1) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0, "the two results must be different registers");
        return 0;
    }
    return 1;
}

void pvc_interleave(pvc_ctx *ctx, pvc_vreg *d0, pvc_vreg *d1, pvc_dtype t, const pvc_vreg *a,
                    const pvc_vreg *b)
{
    pvc_vreg r0, r1;
    if (!intlv_args_ok(ctx, "interleave", d0, d1, t))
        return;
    switch (pvc_dtype_lane_bytes(t)) {
    case 1:  intlv_8(r0.b, r1.b, a->b, b->b); break;
    case 2:  intlv_16(r0.b, r1.b, a->b, b->b); break;
    case 4:  intlv_32(r0.b, r1.b, a->b, b->b); break;
    default: intlv_64(r0.b, r1.b, a->b, b->b); break;
    }
    *d0 = r0;
    *d1 = r1;
}

void pvc_de_interleave(pvc_ctx *ctx, pvc_vreg *d0, pvc_vreg *d1, pvc_dtype t, const pvc_vreg *a,
                       const pvc_vreg *b)
{
    pvc_vreg r0, r1;
    if (!intlv_args_ok(ctx, "de_interleave", d0, d1, t))
        return;
    switch (pvc_dtype_lane_bytes(t)) {
    case 1:  dintlv_8(r0.b, r1.b, a->b, b->b); break;
    case 2:  dintlv_16(r0.b, r1.b, a->b, b->b); break;
    case 4:  dintlv_32(r0.b, r1.b, a->b, b->b); break;
    default: dintlv_64(r0.b, r1.b, a->b, b->b); break;
    }
    *d0 = r0;
    *d1 = r1;
}

/* ---------------------------------------------------------------------------------------
 * pintlv_b* / pdintlv_b*: groups of g = w bits. A mask is eight 32-bit chunks; interleave
 * spreads chunk k of a and of b (k < 4: the low 128 bits) into word k of d0, chunk 4 + k
 * into word k of d1; de_interleave compresses words of a ++ b back.
 * ------------------------------------------------------------------------------------- */
static int group_ok(pvc_ctx *ctx, const char *op, const void *d0, const void *d1, unsigned w)
{
    if (w != 1 && w != 2 && w != 4) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0,
                        "mask granularity %u bytes is not 1, 2 or 4 (b8/b16/b32)", w);
        return 0;
    }
    if (d0 == d1) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0, "the two results must be different registers");
        return 0;
    }
    return 1;
}

static uint64_t chunk32(const uint64_t *q, unsigned k) { return q[k / 2] >> (32 * (k % 2)) & 0xFFFFFFFFull; }

void pvc_mask_interleave(pvc_ctx *ctx, pvc_mreg *d0, pvc_mreg *d1, const pvc_mreg *a,
                         const pvc_mreg *b, unsigned w)
{
    uint64_t qa[4], qb[4], r0[4], r1[4];
    if (!group_ok(ctx, "interleave", d0, d1, w))
        return;
    rt_mreg_words(qa, a);
    rt_mreg_words(qb, b);
    for (unsigned k = 0; k < 4; k++) {
        r0[k] = rt_bits_spread(chunk32(qa, k), w) | rt_bits_spread(chunk32(qb, k), w) << w;
        r1[k] = rt_bits_spread(chunk32(qa, 4 + k), w) | rt_bits_spread(chunk32(qb, 4 + k), w) << w;
    }
    rt_mreg_set_words(d0, r0);
    rt_mreg_set_words(d1, r1);
}

void pvc_mask_de_interleave(pvc_ctx *ctx, pvc_mreg *d0, pvc_mreg *d1, const pvc_mreg *a,
                            const pvc_mreg *b, unsigned w)
{
    uint64_t c[8], r0[4], r1[4];
    if (!group_ok(ctx, "de_interleave", d0, d1, w))
        return;
    rt_mreg_words(c, a);
    rt_mreg_words(c + 4, b);
    for (unsigned k = 0; k < 4; k++) { /* word k of a result = two 64-bit words of c */
        r0[k] = rt_bits_compress(c[2 * k], w) | rt_bits_compress(c[2 * k + 1], w) << 32;
        r1[k] = rt_bits_compress(c[2 * k] >> w, w) | rt_bits_compress(c[2 * k + 1] >> w, w) << 32;
    }
    rt_mreg_set_words(d0, r0);
    rt_mreg_set_words(d1, r1);
}
