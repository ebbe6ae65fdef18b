/* tile_pad.c - pl.fillpad (pvc_rt_tile.h, docs/SEMANTICS.md §15.10): PTO's TFILLPAD copies
 * src's valid shape and writes dst's pad value to the rest of each of those rows, up to the
 * physical row end, and to the whole rows below them down to dst's valid rows. A bit copy:
 * no arithmetic. */
#include "tile_internal.h"

/* pad value P of t's dtype (pvc_rt.h PVC_TILE_PADS) as element bits. */
static uint64_t pad_bits(const pvc_tile *t)
{
    switch (t->pad) {
    case PVC_PAD_MAX: return rt_extreme_of(t->dtype, 1);
    case PVC_PAD_MIN: return rt_extreme_of(t->dtype, 0);
    default: return 0;
    }
}

static void fill(pvc_ctx *ctx, const rt_tv *d, uint32_t r, uint32_t c0, uint32_t c1, uint64_t p)
{
    if (c1 <= c0)
        return;
    uint32_t a = rt_tv_at(d, r, c0);
    pvc_ub_touch(ctx, a, (c1 - c0) * d->eb, PVC_TOUCH_VSTORE);
    for (uint32_t c = c0; c < c1; c++)
        rt_put(ctx->ub + a + (c - c0) * d->eb, d->eb, p);
}

int64_t pvc_tile_fillpad(pvc_ctx *ctx, pvc_fillpad_mode mode, const pvc_tile *out, int64_t out_vr, int64_t out_vc,
                         const pvc_tile *src, int64_t src_vr, int64_t src_vc)
{
    rt_tv d, s;
    if (!rt_tv_make(ctx, "pl.fillpad", &d, out, out_vr, out_vc) ||
        !rt_tv_make(ctx, "pl.fillpad", &s, src, src_vr, src_vc))
        return 0;
    int same = out->rows == src->rows && out->cols == src->cols;
    if (out->pad == PVC_PAD_NONE || (unsigned)mode >= PVC_FILLPAD_COUNT || d.eb != s.eb || d.col || s.col ||
        (mode == PVC_FILLPAD_EXPAND ? out->rows < src->rows || out->cols < src->cols : !same)) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "pl.fillpad", out->addr, 0, "fillpad of a %ux%u %s tile into a "
                        "%ux%u %s tile with pad %s", src->rows, src->cols, pvc_dtype_table[s.dt].name, out->rows,
                        out->cols, pvc_dtype_table[d.dt].name, out->pad == PVC_PAD_NONE ? "null" : "value");
        return 0;
    }
    uint64_t p = pad_bits(out);
    uint32_t rows = s.vr > d.vr ? s.vr : d.vr;
    for (uint32_t r = 0; r < rows; r++) {
        uint32_t kept = r < s.vr ? s.vc : 0;
        if (kept && mode != PVC_FILLPAD_INPLACE) {
            uint32_t from = rt_tv_at(&s, r, 0), to = rt_tv_at(&d, r, 0);
            pvc_ub_touch(ctx, from, kept * s.eb, PVC_TOUCH_VLOAD);
            pvc_ub_touch(ctx, to, kept * d.eb, PVC_TOUCH_VSTORE);
            memmove(ctx->ub + to, ctx->ub + from, kept * d.eb);
        }
        if (r < s.vr || r < d.vr)
            fill(ctx, &d, r, kept, out->cols, p);
    }
    return rt_tile_done(ctx, rt_tv_chunks(rows, out->cols, d.eb));
}
