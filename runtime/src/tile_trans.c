/* tile_trans.c - pl.transpose of a Vec tile (pvc_rt_tile.h, docs/SEMANTICS.md §15.13). */
#include "tile_internal.h"

int64_t pvc_tile_transpose(pvc_ctx *ctx, const pvc_tile *out, int64_t out_vr, int64_t out_vc, const pvc_tile *src,
                           int64_t src_vr, int64_t src_vc)
{
    const char *op = "pl.transpose";
    rt_tv d, s;
    if (!rt_tv_make(ctx, op, &d, out, out_vr, out_vc) || !rt_tv_make(ctx, op, &s, src, src_vr, src_vc))
        return 0;
    if (d.eb != s.eb || d.col || s.col) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, out->addr, 0, "pl.transpose moves between row-major tiles of "
                        "one element width, not %s and %s", pvc_dtype_table[out->dtype].name,
                        pvc_dtype_table[src->dtype].name);
        return 0;
    }
    if (s.vc > out->rows || s.vr > out->cols) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, out->addr, 0, "the %ux%u transpose of src's valid shape does "
                        "not fit the %ux%u out tile", s.vc, s.vr, out->rows, out->cols);
        return 0;
    }
    int64_t chunks = 0;
    uint32_t lanes = rt_tv_lanes(&s);
    pvc_vreg r;
    for (uint32_t row = 0; row < s.vr; row++)
        for (uint32_t k = 0; k < s.vc; k += lanes, chunks++) {
            uint32_t n = s.vc - k < lanes ? s.vc - k : lanes;
            rt_tv_load(ctx, &s, row, k, n, &r);
            for (uint32_t i = 0; i < n; i++) { /* the scatter: lane i to out[k + i][row] */
                uint32_t a = rt_tv_at(&d, k + i, row);
                pvc_ub_touch(ctx, a, d.eb, PVC_TOUCH_VSTORE);
                memcpy(ctx->ub + a, r.b + (size_t)i * d.eb, d.eb);
            }
        }
    return rt_tile_done(ctx, chunks);
}
