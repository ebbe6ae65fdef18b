/* tile_argred.c - pl.argmax / pl.argmin (pvc_rt_tile.h, docs/SEMANTICS.md §15.18): PTO's
 * TROWARGMAX / TROWARGMIN (per chunk vcmax / vcmin with its index, the chunk winning only when
 * strictly better than the best so far) and TCOLARGMAX / TCOLARGMIN (row 0, then each row
 * replacing the lanes where it is strictly better), as the Ascend 950 implementations run them. */
#include "tile_internal.h"

static int arg_views(pvc_ctx *ctx, const char *op, rt_tv *d, rt_tv *s, const pvc_tile *dst, int64_t dst_vr,
                     int64_t dst_vc, const pvc_tile *src, int64_t src_vr, int64_t src_vc, int row)
{
    if (!rt_tv_make(ctx, op, d, dst, dst_vr, dst_vc) || !rt_tv_make(ctx, op, s, src, src_vr, src_vc))
        return 0;
    const char *why = NULL;
    if (dst->dtype != PVC_DT_INT32 && dst->dtype != PVC_DT_UINT32)
        why = "an INT32 or UINT32 index tile";
    else if (s->col)
        why = "a row-major src";
    else if (row ? s->vr > dst->rows : s->vc > dst->cols || d->col)
        why = row ? "an index tile of a row per src valid row" : "a row-major index tile of src's valid cols";
    if (why)
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, dst->addr, 0, "%s takes %s", op, why);
    return why == NULL;
}

/* Lane i of v (lane width w), read unsigned. */
static uint32_t lane_u(const pvc_vreg *v, unsigned w, unsigned i)
{
    uint32_t x = 0;
    memcpy(&x, v->b + (size_t)i * w, w);
    return x;
}

int64_t pvc_tile_row_argreduce(pvc_ctx *ctx, int is_max, const pvc_tile *dst, int64_t dst_vr, int64_t dst_vc,
                               const pvc_tile *src, int64_t src_vr, int64_t src_vc)
{
    const char *op = is_max ? "pl.argmax" : "pl.argmin";
    rt_tv d, s;
    if (!arg_views(ctx, op, &d, &s, dst, dst_vr, dst_vc, src, src_vr, src_vc, 1))
        return 0;
    uint32_t lanes = rt_tv_lanes(&s);
    int64_t chunks = 0;
    pvc_mreg one, m, better;
    rt_first_lanes(&one, 1, s.eb);
    for (uint32_t r = 0; r < s.vr; r++) {
        pvc_vreg best, v, p;
        uint32_t idx = 0;
        uint64_t init = rt_extreme_of(s.dt, !is_max); /* Padding Min for max, Max for min */
        memset(best.b, 0, PVC_VL);
        memcpy(best.b, &init, s.eb);
        for (uint32_t c = 0; c < s.vc; c += lanes, chunks++) {
            uint32_t n = s.vc - c < lanes ? s.vc - c : lanes;
            rt_tv_load(ctx, &s, r, c, n, &v);
            rt_first_lanes(&m, n, s.eb);
            (is_max ? pvc_reduce_max : pvc_reduce_min)(ctx, &p, s.dt, &v, &m);
            /* vcmp_lt(best, chunk) for max, vcmp_gt for min, on lane 0 */
            pvc_compare(ctx, &better, is_max ? PVC_CMP_LT : PVC_CMP_GT, s.dt, &best, &p, &one);
            if (pvc_mreg_bit(&better, 0)) {
                memcpy(best.b, p.b, s.eb);
                idx = c + lane_u(&p, s.eb, 1);
            }
        }
        uint32_t a = rt_tv_at(&d, r, 0);
        pvc_ub_touch(ctx, a, 4, PVC_TOUCH_VSTORE);
        memcpy(ctx->ub + a, &idx, 4);
    }
    return rt_tile_done(ctx, chunks);
}

int64_t pvc_tile_col_argreduce(pvc_ctx *ctx, int is_max, const pvc_tile *dst, int64_t dst_vr, int64_t dst_vc,
                               const pvc_tile *src, int64_t src_vr, int64_t src_vc)
{
    const char *op = is_max ? "pl.argmax" : "pl.argmin";
    rt_tv d, s;
    if (!arg_views(ctx, op, &d, &s, dst, dst_vr, dst_vc, src, src_vr, src_vc, 0))
        return 0;
    uint32_t lanes = rt_tv_lanes(&s);
    int64_t chunks = 0;
    for (uint32_t c = 0; c < s.vc && s.vr; c += lanes) {
        uint32_t n = s.vc - c < lanes ? s.vc - c : lanes, idx[256] = {0};
        pvc_vreg best, v;
        pvc_mreg m, better;
        rt_first_lanes(&m, n, s.eb);
        rt_tv_load(ctx, &s, 0, c, n, &best);
        chunks++;
        for (uint32_t r = 1; r < s.vr; r++, chunks++) {
            rt_tv_load(ctx, &s, r, c, n, &v);
            pvc_compare(ctx, &better, is_max ? PVC_CMP_GT : PVC_CMP_LT, s.dt, &v, &best, &m);
            for (uint32_t i = 0; i < n; i++) /* vsel of the values and of the row indices */
                if (pvc_mreg_bit(&better, i * s.eb)) {
                    memcpy(best.b + (size_t)i * s.eb, v.b + (size_t)i * s.eb, s.eb);
                    idx[i] = r;
                }
        }
        uint32_t a = rt_tv_at(&d, 0, c);
        pvc_ub_touch(ctx, a, 4 * n, PVC_TOUCH_VSTORE);
        memcpy(ctx->ub + a, idx, 4 * (size_t)n);
    }
    return rt_tile_done(ctx, chunks);
}
