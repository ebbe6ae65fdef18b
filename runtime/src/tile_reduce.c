/* tile_reduce.c - pl.sum / pl.maximum / pl.minimum with dim= (pvc_rt_tile.h, docs/SEMANTICS.md
 * §15.7): row reductions (TROWSUM/TROWMAX/TROWMIN: the chunk reductions vcadd/vcmax/vcmin,
 * then the partials one after the other) and column reductions (TCOLSUM/TCOLMAX/TCOLMIN: row 0,
 * then pairs of rows). The arithmetic is the register ops'. */
#include "tile_internal.h"

static const char *const red_names[PVC_RED_COUNT] = {"pl.sum", "pl.maximum", "pl.minimum"};

/* The dtype a row reduction accumulates in: INT32 for a 16-bit integer sum (vcadd widens),
 * 16 bits for an 8-bit max / min (reduced widened), else the element's. */
static pvc_dtype acc_dtype(pvc_tile_reduce op, pvc_dtype t)
{
    if (op == PVC_RED_SUM && (t == PVC_DT_INT16 || t == PVC_DT_UINT16))
        return PVC_DT_INT32;
    if (op != PVC_RED_SUM && t == PVC_DT_INT8)
        return PVC_DT_INT16;
    if (op != PVC_RED_SUM && t == PVC_DT_UINT8)
        return PVC_DT_UINT16;
    return t;
}

/* d = OP(a, b) on the first n lanes of dtype t (a vadd / vmax / vmin). */
static void combine(pvc_ctx *ctx, pvc_tile_reduce op, pvc_dtype t, pvc_vreg *d, const pvc_vreg *a,
                    const pvc_vreg *b, uint32_t n)
{
    pvc_mreg m;
    rt_first_lanes(&m, n, pvc_dtype_lane_bytes(t));
    if (op == PVC_RED_SUM)
        pvc_add(ctx, d, t, a, b, &m, PVC_MERGE_ZEROING);
    else if (op == PVC_RED_MAX)
        pvc_max(ctx, d, t, a, b, &m, PVC_MERGE_ZEROING);
    else
        pvc_min(ctx, d, t, a, b, &m, PVC_MERGE_ZEROING);
}

/* An 8-bit chunk's n lanes as 16-bit lanes: lanes 0..127 into lo, 128..255 into hi, sign- or
 * zero-extended (PTO widens 8-bit max / min through vcvt; the values are the same). */
static void widen8(const pvc_vreg *v, pvc_dtype t, pvc_vreg *lo, pvc_vreg *hi)
{
    int sign = t == PVC_DT_INT8;
    for (unsigned i = 0; i < 256; i++) {
        uint16_t x = sign ? (uint16_t)(int16_t)(int8_t)v->b[i] : v->b[i];
        memcpy((i < 128 ? lo : hi)->b + 2 * (i & 127), &x, 2);
    }
}

/* p lane 0 = the chunk reduction of v's first n lanes (vcadd / vcmax / vcmin) at dtype at
 * (acc_dtype): an 8-bit max / min reduces both halves widened and combines them. */
static void chunk_reduce(pvc_ctx *ctx, pvc_tile_reduce op, pvc_dtype t, pvc_dtype at, const pvc_vreg *v,
                         uint32_t n, pvc_vreg *p)
{
    pvc_mreg m;
    void (*red)(pvc_ctx *, pvc_vreg *, pvc_dtype, const pvc_vreg *, const pvc_mreg *) =
        op == PVC_RED_SUM ? pvc_reduce_sum : op == PVC_RED_MAX ? pvc_reduce_max : pvc_reduce_min;
    if (at != t && op != PVC_RED_SUM) {
        pvc_vreg lo, hi, q;
        widen8(v, t, &lo, &hi);
        rt_first_lanes(&m, n < 128 ? n : 128, 2);
        red(ctx, p, at, &lo, &m);
        if (n > 128) {
            rt_first_lanes(&m, n - 128, 2);
            red(ctx, &q, at, &hi, &m);
            combine(ctx, op, at, p, p, &q, 1);
        }
        return;
    }
    rt_first_lanes(&m, n, pvc_dtype_lane_bytes(t));
    red(ctx, p, t, v, &m);
}

static int reduce_views(pvc_ctx *ctx, pvc_tile_reduce op, rt_tv *d, rt_tv *s, const pvc_tile *dst,
                        int64_t dst_vr, int64_t dst_vc, const pvc_tile *src, int64_t src_vr, int64_t src_vc)
{
    if ((unsigned)op >= PVC_RED_COUNT) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "tile.reduce", dst->addr, 0, "no reduction %d", (int)op);
        return 0;
    }
    const char *name = red_names[op];
    return rt_tv_make(ctx, name, d, dst, dst_vr, dst_vc) && rt_tv_make(ctx, name, s, src, src_vr, src_vc) &&
           rt_tv_same_dtype(ctx, name, d, s);
}

int64_t pvc_tile_row_reduce(pvc_ctx *ctx, pvc_tile_reduce op, const pvc_tile *dst, int64_t dst_vr,
                            int64_t dst_vc, const pvc_tile *src, int64_t src_vr, int64_t src_vc)
{
    rt_tv d, s;
    if (!reduce_views(ctx, op, &d, &s, dst, dst_vr, dst_vc, src, src_vr, src_vc))
        return 0;
    if (s.vr > dst->rows) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, red_names[op], dst->addr, 0, "%u rows reduced into a %ux%u "
                        "destination", s.vr, dst->rows, dst->cols);
        return 0;
    }
    uint32_t e = rt_tv_lanes(&s);
    int64_t chunks = 0;
    pvc_dtype at = acc_dtype(op, s.dt);
    uint64_t init = rt_extreme_of(s.dt, op == PVC_RED_MIN);
    if (s.dt == PVC_DT_INT8 && at != s.dt)
        init = (uint64_t)(int64_t)(int8_t)init;
    for (uint32_t r = 0; r < s.vr; r++) {
        pvc_vreg acc, v, p;
        memset(&acc, 0, sizeof acc);
        if (op != PVC_RED_SUM) /* the element type's extreme, sign-extended to a widened acc */
            rt_put(acc.b, pvc_dtype_lane_bytes(at), init);
        for (uint32_t k = 0; k < s.vc; k += e, chunks++) {
            uint32_t n = s.vc - k < e ? s.vc - k : e;
            rt_tv_load(ctx, &s, r, k, n, &v);
            chunk_reduce(ctx, op, s.dt, at, &v, n, &p);
            combine(ctx, op, at, &acc, &acc, &p, 1);
        }
        uint32_t a = rt_tv_at(&d, r, 0);
        pvc_ub_touch(ctx, a, d.eb, PVC_TOUCH_VSTORE);
        memcpy(ctx->ub + a, acc.b, d.eb); /* the low bytes: an INT32 partial wraps to INT16 */
    }
    return rt_tile_done(ctx, chunks);
}

int64_t pvc_tile_col_reduce(pvc_ctx *ctx, pvc_tile_reduce op, const pvc_tile *dst, int64_t dst_vr,
                            int64_t dst_vc, const pvc_tile *src, int64_t src_vr, int64_t src_vc)
{
    rt_tv d, s;
    if (!reduce_views(ctx, op, &d, &s, dst, dst_vr, dst_vc, src, src_vr, src_vc))
        return 0;
    if (s.vc > dst->cols) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, red_names[op], dst->addr, 0, "%u columns reduced into a %ux%u "
                        "destination", s.vc, dst->rows, dst->cols);
        return 0;
    }
    uint32_t e = rt_tv_lanes(&s), rows = s.vr;
    int64_t chunks = 0;
    for (uint32_t k = 0; rows && k < s.vc; k += e) {
        uint32_t n = s.vc - k < e ? s.vc - k : e;
        pvc_vreg acc, a, b;
        rt_tv_load(ctx, &s, 0, k, n, &acc);
        chunks++;
        for (uint32_t i = 0; i < (rows - 1) / 2; i++, chunks += 2) {
            rt_tv_load(ctx, &s, 1 + 2 * i, k, n, &a);
            rt_tv_load(ctx, &s, 2 + 2 * i, k, n, &b);
            combine(ctx, op, s.dt, &a, &a, &b, n);
            combine(ctx, op, s.dt, &acc, &acc, &a, n);
        }
        if ((rows - 1) % 2) {
            rt_tv_load(ctx, &s, rows - 1, k, n, &a);
            combine(ctx, op, s.dt, &acc, &acc, &a, n);
            chunks++;
        }
        rt_tv_store(ctx, &d, 0, k, n, &acc);
    }
    return rt_tile_done(ctx, chunks);
}
