/* reduce.c - reductions (docs/SEMANTICS.md §10.10): vcadd / vcmax / vcmin over the whole
 * register, their per-DataBlock forms vcgadd / vcgmax / vcgmin, and vcpadd.
 *
 * Inactive lanes take the identity of the reduction, branch-free through the expanded mask:
 * sums zero them (+0.0 / 0), max/min give them the lowest key of an order-preserving integer
 * key (so they act as LOWEST / HIGHEST). Loops are specialised per lane width with constant
 * trip counts so gcc -O2 vectorises them. Float sums run the pairwise tree on plain binary32
 * adds; only when the root comes out NaN (so some add met or made a NaN) is the tree run
 * again with the §9.4 NaN rules spelled out, which keeps the common case a tight loop. */
#include "formats.h"
#include "rt_internal.h"

static int bad_dtype(pvc_ctx *ctx, const char *op, pvc_dtype t)
{
    pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0, "dtype %s is not legal for %s",
                    (unsigned)t < PVC_DT_COUNT ? pvc_dtype_table[t].name : "?", op);
    return 0;
}

/* x = src with every inactive lane (tested bit m[w*i] clear) set to +0.0 / 0 (the SUM
 * identity, §13 Q12); mask NULL: x = src. Branch-free (expanded mask). */
static inline __attribute__((always_inline)) void masked_zero(pvc_vreg *x, const pvc_vreg *src,
                                                              const pvc_mreg *mask, unsigned w)
{
    pvc_vreg e;
    *x = *src;
    if (!mask || rt_mask_full(mask, w))
        return;
    rt_mask_expand(&e, mask, w);
    for (unsigned j = 0; j < PVC_VL; j += 8) {
        uint64_t s, m;
        memcpy(&s, x->b + j, 8);
        memcpy(&m, e.b + j, 8);
        s &= m;
        memcpy(x->b + j, &s, 8);
    }
}

/* dst = a register whose lanes 0 and 1 (width w) hold v0 and v1 and all others 0, built in
 * vector registers and stored whole: the next op loads it full width, and a narrow store of a
 * lane in front of those loads would stall them (store forwarding fails across sizes). */
#define PUT_TWO(T)                                                                            \
    do {                                                                                      \
        T r[PVC_VL / sizeof(T)];                                                              \
        for (unsigned i = 0; i < PVC_VL / sizeof(T); i++)                                     \
            r[i] = (T)(i == 0 ? v0 : i == 1 ? v1 : 0);                                        \
        memcpy(dst->b, r, PVC_VL);                                                            \
    } while (0)
static inline __attribute__((always_inline)) void put_two(pvc_vreg *dst, unsigned w, uint64_t v0,
                                                          uint64_t v1)
{
    switch (w) {
    case 2:  PUT_TWO(uint16_t); break;
    case 4:  PUT_TWO(uint32_t); break;
    default: PUT_TWO(uint64_t); break;
    }
}

/* ---- floating-point sums ------------------------------------------------------------- */

#define F32_QUIET   0x00400000u
#define F32_GEN_NAN 0x7FFFFFFFu /* §9.4: NaN made from non-NaN operands */

static inline int f32_isnan(uint32_t b) { return (b & 0x7FFFFFFFu) > 0x7F800000u; }
static inline float f32_of(uint32_t b) { float f; memcpy(&f, &b, 4); return f; }
static inline uint32_t f32_bits(float f) { uint32_t b; memcpy(&b, &f, 4); return b; }

/* One binary32 add with the §9.4 NaN rules: first NaN operand, quieted; inf - inf made. */
static uint32_t add_f32(uint32_t a, uint32_t b)
{
    if (f32_isnan(a))
        return a | F32_QUIET;
    if (f32_isnan(b))
        return b | F32_QUIET;
    uint32_t r = f32_bits(f32_of(a) + f32_of(b));
    return f32_isnan(r) ? F32_GEN_NAN : r;
}

/* One tree level over m lanes: y[k] = x[2k] + x[2k+1], k < m/2 (m a constant after inlining
 * and y apart from x, so the vectoriser takes the loop). */
static inline __attribute__((always_inline)) void halve(float *restrict y, const float *restrict x,
                                                        unsigned m)
{
    for (unsigned k = 0; k < m / 2; k++)
        y[k] = x[2 * k] + x[2 * k + 1];
}

/* Root of the pairwise tree x[k] = x[2k] + x[2k+1] over in[0..n), n a power of two in 8..128,
 * every add binary32 RNE. A NaN anywhere reaches the root, so a non-NaN root is final;
 * otherwise the tree runs again with the §9.4 rules spelled out (add_f32). */
static inline __attribute__((always_inline)) uint32_t tree_f32(const uint32_t *in, unsigned n)
{
    float a[128], b[64], c[32], d[16], e[8], f[4], g[2], x[1];
    uint32_t y[128];
    memcpy(a, in, 4 * n);
    /* one call per level, each with a constant trip count; the level that starts from n
     * reads a */
    if (n >= 128) halve(b, a, 128);
    if (n >= 64) halve(c, n == 64 ? a : b, 64);
    if (n >= 32) halve(d, n == 32 ? a : c, 32);
    if (n >= 16) halve(e, n == 16 ? a : d, 16);
    if (n >= 8) halve(f, n == 8 ? a : e, 8);
    halve(g, n == 4 ? a : f, 4);
    halve(x, g, 2);
    if (!f32_isnan(f32_bits(x[0])))
        return f32_bits(x[0]);
    memcpy(y, in, 4 * n);
    for (unsigned m = n; m > 1; m /= 2)
        for (unsigned k = 0; k < m / 2; k++)
            y[k] = add_f32(y[2 * k], y[2 * k + 1]);
    return y[0];
}

/* FP16 bits -> the equal FP32 bits, exact and branch-free: the FP16 exponent/fraction moved
 * into FP32 position is the value times 2^-112 (an FP32 denormal for an FP16 denormal), so
 * one exact multiply by 2^112 rebiases it; inf / NaN (exponent 31) take the all-ones FP32
 * exponent with the payload left-aligned (quieted by the first add). Widening only: the
 * rounding direction uses pvc_convert. */
static inline uint32_t f16_widen(uint16_t h)
{
    uint32_t mag = (uint32_t)(h & 0x7FFFu) << 13, sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t fin = f32_bits(f32_of(mag) * 0x1p112f);
    uint32_t spec = 0x7F800000u | (mag & 0x007FE000u);
    uint32_t is_spec = 0u - (uint32_t)((h & 0x7C00u) == 0x7C00u);
    return sign | (spec & is_spec) | (fin & ~is_spec);
}

/* FP32 bits -> FP16, RNE, overflow to inf, NaN quiet with its leading payload (§9.4). */
static inline uint16_t f16_round(uint32_t b)
{
    return (uint16_t)pvc_convert(PVC_DT_FP32, PVC_DT_FP16, b, PVC_ROUND_RINT, PVC_SAT_OFF);
}

/* SUM of the lanes of x (inactive lanes already +0 / 0): the whole register (full) or block
 * `blk` of 32 bytes. FP32 / FP16 tree (FP16 through FP32, §13 Q9); integers wrap at the lane
 * width. always_inline so that full is a constant and every loop has a fixed trip count. */
static inline __attribute__((always_inline)) uint64_t sum_range(const pvc_vreg *x, pvc_dtype t,
                                                                  unsigned blk, int full)
{
    uint32_t in[128];
    uint16_t h[128];
    const uint8_t *p = x->b + (full ? 0 : 32 * blk);
    unsigned bytes = full ? PVC_VL : 32;
    switch (t) {
    case PVC_DT_FP32:
        memcpy(in, p, bytes);
        return tree_f32(in, bytes / 4);
    case PVC_DT_FP16:
        memcpy(h, p, bytes);
        for (unsigned i = 0; i < bytes / 2; i++)
            in[i] = f16_widen(h[i]);
        return f16_round(tree_f32(in, bytes / 2));
    case PVC_DT_INT16: case PVC_DT_UINT16: {
        uint16_t v[128], s = 0;
        memcpy(v, p, bytes);
        for (unsigned i = 0; i < bytes / 2; i++)
            s = (uint16_t)(s + v[i]);
        return s;
    }
    case PVC_DT_INT32: case PVC_DT_UINT32: {
        uint32_t v[64], s = 0;
        memcpy(v, p, bytes);
        for (unsigned i = 0; i < bytes / 4; i++)
            s += v[i];
        return s;
    }
    default: { /* INT64 / UINT64 */
        uint64_t v[32], s = 0;
        memcpy(v, p, bytes);
        for (unsigned i = 0; i < bytes / 8; i++)
            s += v[i];
        return s;
    }
    }
}

static int sum_legal(pvc_dtype t, int datablock)
{
    switch (t) {
    case PVC_DT_FP16: case PVC_DT_FP32: case PVC_DT_INT16: case PVC_DT_UINT16:
    case PVC_DT_INT32: case PVC_DT_UINT32:
        return 1;
    case PVC_DT_INT64: case PVC_DT_UINT64:
        return !datablock;
    default:
        return 0;
    }
}

RT_CLONES
void pvc_reduce_sum(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                    const pvc_mreg *mask)
{
    pvc_vreg x;
    unsigned w;
    if ((unsigned)t >= PVC_DT_COUNT || !sum_legal(t, 0)) {
        bad_dtype(ctx, "reduce_sum", t);
        return;
    }
    w = pvc_dtype_lane_bytes(t);
    if (t == PVC_DT_FP32 && (!mask || rt_mask_full(mask, 4))) {
        /* the real kernels' case: the tree straight from the register, into lane 0 */
        put_two(dst, 4, tree_f32((const uint32_t *)(const void *)src->b, 64), 0);
        return;
    }
    masked_zero(&x, src, mask, w);
    if (t == PVC_DT_INT16 || t == PVC_DT_UINT16) {
        /* §12 T6: the hardware sum of b16 integers is 32-bit (i16 -> i32, u16 -> u32) */
        uint16_t v[128];
        uint32_t s = 0;
        memcpy(v, x.b, PVC_VL);
        if (t == PVC_DT_INT16)
            for (unsigned i = 0; i < 128; i++)
                s += (uint32_t)(int32_t)(int16_t)v[i];
        else
            for (unsigned i = 0; i < 128; i++)
                s += v[i];
        put_two(dst, 4, s, 0);
    } else {
        put_two(dst, w, sum_range(&x, t, 0, 1), 0);
    }
}

void pvc_reduce_sum_datablock(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                              const pvc_mreg *mask)
{
    pvc_vreg x, r;
    unsigned w;
    if ((unsigned)t >= PVC_DT_COUNT || !sum_legal(t, 1)) {
        bad_dtype(ctx, "reduce_sum", t);
        return;
    }
    w = pvc_dtype_lane_bytes(t);
    masked_zero(&x, src, mask, w);
    memset(r.b, 0, PVC_VL);
    for (unsigned k = 0; k < 8; k++)
        rt_put(r.b + w * k, w, sum_range(&x, t, k, 0));
    *dst = r;
}

/* ---- max / min ------------------------------------------------------------------------ */

typedef enum { KIND_U, KIND_S, KIND_F } num_kind;

typedef struct {
    uint64_t v, idx;
} mm_result;

/* MAX (is_max) or MIN of lanes [lo, lo + n) of src at lane type UT (W bytes); e = the
 * expanded mask (lane bytes all 0xFF when active; NULL = all active); idx is relative to lo.
 * Each value maps to an unsigned key that sorts like it (ints: offset binary; floats:
 * sign-magnitude flipped, so -inf < ... < -0 < +0 < ... < +inf), inverted for MIN, so both
 * are a max over keys; inactive lanes get key 0, the identity. The first lane with a property
 * is a min over lane numbers (n where it fails), so every loop is branch-free with a constant
 * trip count (n is a constant at every call site) and vectorises. */
#define MM_ACT(i) (e ? am[i] : all_on) /* lane i's activity: all ones or 0 */
#define DEF_MAXMIN(W, UT, INF, QUIET)                                                          \
    static inline __attribute__((always_inline)) mm_result                                     \
    maxmin_body_##W(const pvc_vreg *src, const pvc_vreg *e, num_kind k, int is_max,            \
                    unsigned lo, unsigned n)                                                   \
    {                                                                                          \
        const UT sign = (UT)((UT)1 << (8 * W - 1)), flip = is_max ? (UT)0 : (UT)~(UT)0;       \
        const UT all_on = (UT)~(UT)0;                                                          \
        UT v[PVC_VL / W], am[PVC_VL / W], key[PVC_VL / W], best = 0, any = 0;                 \
        UT nan_at = (UT)n, at = (UT)n;                                                         \
        mm_result res = {0, 0};                                                                \
        memcpy(v, src->b + W * lo, W * n);                                                     \
        if (e) /* e is NULL or not at compile time (maxmin_range): ACT folds */               \
            memcpy(am, e->b + W * lo, W * n);                                                  \
        for (unsigned i = 0; i < n; i++) {                                                     \
            UT x = k == KIND_U ? v[i]                                                          \
                 : k == KIND_S ? (UT)(v[i] ^ sign)                                             \
                               : (UT)(v[i] ^ ((UT)((UT)0 - (UT)(v[i] >> (8 * W - 1))) | sign)); \
            UT kk = (UT)((x ^ flip) & MM_ACT(i));                                              \
            key[i] = kk;                                                                       \
            best = kk > best ? kk : best;                                                      \
            any |= MM_ACT(i);                                                                  \
            if (k == KIND_F) {                                                                 \
                UT nan = (UT)((UT)((UT)0 - (UT)((v[i] & (UT)(sign - 1)) > (UT)(INF))) & MM_ACT(i)); \
                UT cand = (UT)(((UT)i & nan) | ((UT)n & (UT)~nan));                            \
                nan_at = cand < nan_at ? cand : nan_at;                                        \
            }                                                                                  \
        }                                                                                      \
        if (k == KIND_F && nan_at < n) {                                                       \
            /* §9.4: the first active NaN, quieted [I]; its lane is the index */              \
            res.v = (UT)(v[nan_at] | (UT)(QUIET));                                             \
            res.idx = nan_at;                                                                  \
            return res;                                                                        \
        }                                                                                      \
        if (!any) {                                                                            \
            /* no active lane: LOWEST / HIGHEST (floats -inf / +inf, §13 Q10), index 0 */      \
            if (k == KIND_F)                                                                   \
                res.v = is_max ? (UT)(sign | (UT)(INF)) : (UT)(INF);                           \
            else if (k == KIND_S)                                                              \
                res.v = is_max ? sign : (UT)(sign - 1);                                        \
            else                                                                               \
                res.v = flip;                                                                  \
            return res;                                                                        \
        }                                                                                      \
        for (unsigned i = 0; i < n; i++) { /* the lowest active lane holding the result */    \
            UT hit = (UT)((UT)((UT)0 - (UT)(key[i] == best)) & MM_ACT(i));                     \
            UT cand = (UT)(((UT)i & hit) | ((UT)n & (UT)~hit));                                \
            at = cand < at ? cand : at;                                                        \
        }                                                                                      \
        res.v = v[at];                                                                         \
        res.idx = at;                                                                          \
        return res;                                                                            \
    }                                                                                          \
    /* the kind as a constant in each body: the loops then have no branch to unswitch */    \
    static inline __attribute__((always_inline)) mm_result                                     \
    maxmin_kinds_##W(const pvc_vreg *src, const pvc_vreg *e, num_kind k, int is_max,           \
                     unsigned lo, unsigned n)                                                  \
    {                                                                                          \
        switch (k) {                                                                           \
        case KIND_U: return maxmin_body_##W(src, e, KIND_U, is_max, lo, n);                    \
        case KIND_S: return maxmin_body_##W(src, e, KIND_S, is_max, lo, n);                    \
        default:     return maxmin_body_##W(src, e, KIND_F, is_max, lo, n);                    \
        }                                                                                      \
    }                                                                                          \
    static inline __attribute__((always_inline)) mm_result                                     \
    maxmin_full_##W(const pvc_vreg *src, const pvc_vreg *e, num_kind k, int is_max)            \
    {                                                                                          \
        return maxmin_kinds_##W(src, e, k, is_max, 0, PVC_VL / W);                             \
    }                                                                                          \
    static inline __attribute__((always_inline)) mm_result                                     \
    maxmin_block_##W(const pvc_vreg *src, const pvc_vreg *e, num_kind k, int is_max,           \
                     unsigned blk)                                                             \
    {                                                                                          \
        return maxmin_kinds_##W(src, e, k, is_max, blk * (32 / W), 32 / W);                   \
    }

DEF_MAXMIN(2, uint16_t, 0x7C00u, 0x200u)
DEF_MAXMIN(4, uint32_t, 0x7F800000u, 0x400000u)
DEF_MAXMIN(8, uint64_t, 0x7FF0000000000000ull, 0x8000000000000ull) /* ints only */

/* blk < 0: the whole register, else 32-byte block blk. */
static inline __attribute__((always_inline)) mm_result
maxmin_range(const pvc_vreg *src, const pvc_vreg *e, unsigned w, num_kind k, int is_max, int blk)
{
    switch (w) {
    case 2:  return blk < 0 ? maxmin_full_2(src, e, k, is_max) : maxmin_block_2(src, e, k, is_max, (unsigned)blk);
    case 4:  return blk < 0 ? maxmin_full_4(src, e, k, is_max) : maxmin_block_4(src, e, k, is_max, (unsigned)blk);
    default: return blk < 0 ? maxmin_full_8(src, e, k, is_max) : maxmin_block_8(src, e, k, is_max, (unsigned)blk);
    }
}


static int maxmin_kind(pvc_dtype t, int datablock, num_kind *k)
{
    switch (t) {
    case PVC_DT_UINT16: case PVC_DT_UINT32: *k = KIND_U; return 1;
    case PVC_DT_INT16: case PVC_DT_INT32:   *k = KIND_S; return 1;
    case PVC_DT_FP16: case PVC_DT_FP32:     *k = KIND_F; return 1;
    case PVC_DT_UINT64: *k = KIND_U; return !datablock;
    case PVC_DT_INT64:  *k = KIND_S; return !datablock;
    default: return 0;
    }
}

static inline __attribute__((always_inline)) void
reduce_maxmin(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src, const pvc_mreg *mask,
              int is_max, int datablock)
{
    const char *op = is_max ? "reduce_max" : "reduce_min";
    pvc_vreg r, e, *ep = NULL;
    num_kind k;
    unsigned w;
    if ((unsigned)t >= PVC_DT_COUNT || !maxmin_kind(t, datablock, &k)) {
        bad_dtype(ctx, op, t);
        return;
    }
    w = pvc_dtype_lane_bytes(t);
    if (mask && !rt_mask_full(mask, w)) {
        rt_mask_expand(&e, mask, w);
        ep = &e;
    }
    if (datablock) {
        memset(r.b, 0, PVC_VL);
        for (unsigned b = 0; b < 8; b++)
            rt_put(r.b + w * b, w, maxmin_range(src, ep, w, k, is_max, (int)b).v);
        *dst = r;
    } else {
        /* FP32 with every lane active, the real kernels' case, has its own instance (e NULL
         * as a constant: no mask array) */
        mm_result m = w == 4 && k == KIND_F && !ep ? maxmin_body_4(src, NULL, KIND_F, is_max, 0, 64)
                                                  : maxmin_range(src, ep, w, k, is_max, -1);
        put_two(dst, w, m.v, m.idx);
    }
}

RT_CLONES
void pvc_reduce_max(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                    const pvc_mreg *mask)
{
    reduce_maxmin(ctx, dst, t, src, mask, 1, 0);
}

RT_CLONES
void pvc_reduce_min(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                    const pvc_mreg *mask)
{
    reduce_maxmin(ctx, dst, t, src, mask, 0, 0);
}

void pvc_reduce_max_datablock(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                              const pvc_mreg *mask)
{
    reduce_maxmin(ctx, dst, t, src, mask, 1, 1);
}

void pvc_reduce_min_datablock(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                              const pvc_mreg *mask)
{
    reduce_maxmin(ctx, dst, t, src, mask, 0, 1);
}

/* ---- pair_reduce_sum ------------------------------------------------------------------ */

/* out[i] = a[2i] + a[2i+1], i < n, binary32 RNE with the §9.4 NaN rules (the rules run only
 * on the lanes whose plain sum came out NaN). */
static void pair_f32(uint32_t *out, const uint32_t *a, unsigned n)
{
    float x[128], y[64];
    unsigned nan_any = 0;
    memcpy(x, a, 4 * 2 * n);
    for (unsigned i = 0; i < n; i++) {
        y[i] = x[2 * i] + x[2 * i + 1];
        nan_any |= y[i] != y[i];
    }
    memcpy(out, y, 4 * n);
    if (nan_any)
        for (unsigned i = 0; i < n; i++)
            if (f32_isnan(out[i]))
                out[i] = add_f32(a[2 * i], a[2 * i + 1]);
}

void pvc_pair_reduce_sum(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                         const pvc_mreg *mask)
{
    pvc_vreg x, r;
    uint32_t a[128], s[64];
    if (t != PVC_DT_FP32 && t != PVC_DT_FP16) {
        bad_dtype(ctx, "pair_reduce_sum", t);
        return;
    }
    memset(r.b, 0, PVC_VL);
    if (t == PVC_DT_FP32) {
        masked_zero(&x, src, mask, 4);
        memcpy(a, x.b, PVC_VL);
        pair_f32(s, a, 32);
        memcpy(r.b, s, 128);
    } else {
        /* FP16: exact in FP32 before the one rounding to FP16 (a sum of two FP16 values
         * rounded to binary32 then binary16 equals the direct binary16 rounding, since
         * 24 >= 2 * 11 + 2) */
        uint16_t h[128];
        uint64_t in[64], out[64];
        masked_zero(&x, src, mask, 2);
        memcpy(h, x.b, PVC_VL);
        for (unsigned i = 0; i < 128; i++)
            a[i] = f16_widen(h[i]);
        pair_f32(s, a, 64);
        for (unsigned i = 0; i < 64; i++)
            in[i] = s[i];
        pvc_convert_n(PVC_DT_FP32, PVC_DT_FP16, in, out, 64, PVC_ROUND_RINT, PVC_SAT_OFF);
        for (unsigned i = 0; i < 64; i++)
            rt_put(r.b + 2 * i, 2, out[i]);
    }
    *dst = r;
}
