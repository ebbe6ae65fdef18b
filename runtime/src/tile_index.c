/* tile_index.c - pl.fill_index (pvc_rt_tile.h, docs/SEMANTICS.md §15.19): PTO's TCI, whose
 * Ascend 950 form for a tile without tmp is a scalar loop. */
#include "tile_internal.h"

int64_t pvc_tile_fill_index(pvc_ctx *ctx, const pvc_tile *out, int64_t out_vr, int64_t out_vc, uint64_t start)
{
    const char *op = "pl.fill_index";
    rt_tv d;
    if (!rt_tv_make(ctx, op, &d, out, out_vr, out_vc))
        return 0;
    if (out->rows != 1 || d.eb < 2 || d.eb > 4 || pvc_dtype_table[out->dtype].kind == PVC_KIND_F) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, out->addr, 0, "pl.fill_index takes a [1, N] tile of 16- or "
                        "32-bit integers");
        return 0;
    }
    /* TCI's scalar loop: element j = start + j in the element type (wrapping) */
    pvc_ub_touch(ctx, out->addr, d.vc * d.eb, PVC_TOUCH_VSTORE);
    for (uint32_t j = 0; j < d.vc; j++) {
        uint32_t v = (uint32_t)(start + j);
        memcpy(ctx->ub + out->addr + (size_t)j * d.eb, &v, d.eb);
    }
    return rt_tile_done(ctx, (d.vc * d.eb + PVC_VL - 1) / PVC_VL);
}
