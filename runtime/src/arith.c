/* arith.c - masked register ops: vf.abs, vf.relu (§5.3), vf.full scalar and register
 * forms (§5.7), and the inactive-lane blend they share (ZEROING / MERGING, decision 5).
 * Each op computes every lane into a temporary, then blends by mask: no per-lane branch
 * on the mask. preg NULL means all lanes active. */
#include "rt_internal.h"

/* Mask expansion and blend in one pass over the 32 eight-byte chunks (dst may be res). The
 * byte mask of each chunk is computed (rt_spread8), not looked up in a table: the loop then
 * vectorises, 2x faster than the table in the AVX-512 clone (BENCHMARKS.md, the op path). */
static inline __attribute__((always_inline)) void blend_w(pvc_vreg *dst, const pvc_vreg *res,
                                                          const pvc_mreg *m, unsigned w,
                                                          pvc_merge mode)
{
    for (unsigned k = 0; k < PVC_VL / 8; k++) {
        uint64_t e = rt_spread8(rt_mask_byte_lanes(m->bits[k], w)), s, d;
        memcpy(&s, res->b + 8 * k, 8);
        if (mode == PVC_MERGE_ZEROING) {
            d = s & e;
        } else {
            memcpy(&d, dst->b + 8 * k, 8);
            d = (d & ~e) | (s & e);
        }
        memcpy(dst->b + 8 * k, &d, 8);
    }
}

RT_CLONES
void pvc_vreg_blend(pvc_vreg *dst, const pvc_vreg *res, const pvc_mreg *m, unsigned w,
                    pvc_merge mode)
{
    if (!m || rt_mask_full(m, w)) {
        memcpy(dst->b, res->b, PVC_VL);
        return;
    }
    int zero = mode == PVC_MERGE_ZEROING;
    switch (w) { /* the width and mode as constants in the loop */
    case 1:  zero ? blend_w(dst, res, m, 1, PVC_MERGE_ZEROING) : blend_w(dst, res, m, 1, PVC_MERGE_MERGING); break;
    case 2:  zero ? blend_w(dst, res, m, 2, PVC_MERGE_ZEROING) : blend_w(dst, res, m, 2, PVC_MERGE_MERGING); break;
    case 4:  zero ? blend_w(dst, res, m, 4, PVC_MERGE_ZEROING) : blend_w(dst, res, m, 4, PVC_MERGE_MERGING); break;
    default: zero ? blend_w(dst, res, m, 8, PVC_MERGE_ZEROING) : blend_w(dst, res, m, 8, PVC_MERGE_MERGING); break;
    }
}

static int bad_dtype(pvc_ctx *ctx, const char *op, pvc_dtype t)
{
    pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0, "dtype %s is not legal for %s",
                    (unsigned)t < PVC_DT_COUNT ? pvc_dtype_table[t].name : "?", op);
    return 0;
}

/* Sign bit of a w-byte element. */
static uint64_t sign_bit(unsigned w) { return 1ull << (8 * w - 1); }

/* Floats clear the sign (|-0| = +0, NaN stays NaN); ints negate modulo 2^bits. */
void pvc_abs(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, const pvc_mreg *preg)
{
    pvc_vreg r;
    unsigned w;
    int is_float;
    switch (t) {
    case PVC_DT_INT8: case PVC_DT_INT16: case PVC_DT_INT32: case PVC_DT_INT64: is_float = 0; break;
    case PVC_DT_FP16: case PVC_DT_FP32: is_float = 1; break;
    default: bad_dtype(ctx, "abs", t); return;
    }
    w = pvc_dtype_lane_bytes(t);
    for (unsigned i = 0; i < PVC_VL / w; i++) {
        uint64_t v = rt_get(a->b + w * i, w);
        if (is_float)
            v &= ~sign_bit(w);
        else if (v & sign_bit(w))
            v = 0 - v;                       /* wraps: abs(INT_MIN) = INT_MIN */
        rt_put(r.b + w * i, w, v);
    }
    pvc_vreg_blend(dst, &r, preg, w, PVC_MERGE_ZEROING);
}

/* NaN test on raw FP16 / FP32 bits. */
static int is_nan(uint64_t v, unsigned w)
{
    uint64_t mag = v & (sign_bit(w) - 1);
    return w == 2 ? mag > 0x7C00 : mag > 0x7F800000;
}

/* relu [I]: x > 0 keeps x, NaN keeps x, everything else (negatives, -0) becomes +0. */
void pvc_relu(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, const pvc_mreg *preg)
{
    pvc_vreg r;
    unsigned w;
    int is_float;
    switch (t) {
    case PVC_DT_INT32: is_float = 0; break;
    case PVC_DT_FP16: case PVC_DT_FP32: is_float = 1; break;
    default: bad_dtype(ctx, "relu", t); return;
    }
    w = pvc_dtype_lane_bytes(t);
    for (unsigned i = 0; i < PVC_VL / w; i++) {
        uint64_t v = rt_get(a->b + w * i, w);
        int keep = !(v & sign_bit(w)) || (is_float && is_nan(v, w));
        rt_put(r.b + w * i, w, keep ? v : 0);
    }
    pvc_vreg_blend(dst, &r, preg, w, PVC_MERGE_ZEROING);
}

static int full_legal(pvc_ctx *ctx, pvc_dtype t)
{
    return (unsigned)t < PVC_DT_COUNT ? 1 : bad_dtype(ctx, "full", t);
}

/* vbr (preg NULL) / vdup (masked): every lane = the element bits. */
RT_CLONES
void pvc_full(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, uint64_t bits, const pvc_mreg *preg,
              pvc_merge mode)
{
    pvc_vreg r;
    unsigned w;
    if (!full_legal(ctx, t))
        return;
    w = pvc_dtype_lane_bytes(t);
    pvc_vreg *out = rt_blend_target(dst, &r, preg, w);
    rt_splat(out, w, bits);
    rt_blend_finish(dst, &r, out, preg, w, mode);
}

RT_CLONES
void pvc_full_reg(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                  const pvc_mreg *preg, pvc_pos pos, pvc_merge mode)
{
    pvc_vreg r;
    unsigned w;
    if (!full_legal(ctx, t))
        return;
    w = pvc_dtype_lane_bytes(t);
    uint64_t bits = rt_get(src->b + (pos == PVC_POS_HIGHEST ? PVC_VL - w : 0), w);
    pvc_vreg *out = rt_blend_target(dst, &r, preg, w);
    rt_splat(out, w, bits);
    rt_blend_finish(dst, &r, out, preg, w, mode);
}
