/* tile_hist.c - pl.histogram (pvc_rt_tile.h, docs/SEMANTICS.md §15.14): PTO's THISTOGRAM, a
 * 256-bin cumulative byte histogram per source row, as the Ascend 950 implementation runs it:
 * per 256-element chunk the selected byte of each element, two chistv2 (vf.histograms
 * ACCUMULATE, BIN0 and BIN1) into zeroed 16-bit bins, widened and added into 32-bit bins. */
#include "tile_internal.h"

/* Byte `k` (0 the lowest) of element i of chunk v, eb-byte elements, into lane i of b. */
static void byte_lanes(const pvc_vreg *v, unsigned eb, unsigned k, uint32_t n, pvc_vreg *b)
{
    memset(b->b, 0, PVC_VL);
    for (uint32_t i = 0; i < n; i++)
        b->b[i] = v->b[(size_t)i * eb + k];
}

/* The bytes of row r of src from element c as 256 byte lanes (bytes[k] = byte k of each
 * element), n elements active: the chunk is two or four registers of src's elements. */
static void load_bytes(pvc_ctx *ctx, const rt_tv *s, uint32_t r, uint32_t c, uint32_t n, pvc_vreg bytes[4])
{
    uint32_t per = rt_tv_lanes(s);
    for (uint32_t part = 0; part * per < n; part++) {
        pvc_vreg v, b;
        uint32_t m = n - part * per < per ? n - part * per : per;
        rt_tv_load(ctx, s, r, c + part * per, m, &v);
        for (unsigned k = 0; k < s->eb; k++) {
            byte_lanes(&v, s->eb, k, m, &b);
            memcpy(bytes[k].b + (size_t)part * per, b.b, m);
        }
    }
}

/* PTO's static_asserts, checked again at run time (the compiler reports them, §15.14). */
static int hist_args(pvc_ctx *ctx, const char *op, const rt_tv *d, const rt_tv *s, const rt_tv *x, int msb)
{
    const char *why = NULL;
    if (d->dt != PVC_DT_UINT32 || x->dt != PVC_DT_UINT8 || (s->dt != PVC_DT_UINT16 && s->dt != PVC_DT_UINT32))
        why = "dst UINT32, src UINT16 or UINT32, idx UINT8";
    else if (d->col || s->col)
        why = "row-major dst and src";
    else if (s->dt == PVC_DT_UINT16 && !(x->col && x->t->cols == 1))
        why = "a UINT16 src's idx a column-major [N, 1] tile";
    else if (s->dt == PVC_DT_UINT32 && !msb && (x->col || x->t->rows != 3 || x->t->cols != s->t->cols))
        why = "a UINT32 src's idx (is_msb=False) a row-major [3, src cols] tile";
    else if ((uint64_t)s->vr * 256 > (uint64_t)d->t->rows * d->t->cols)
        why = "256 bins per src valid row inside dst";
    else if (s->dt == PVC_DT_UINT16 && s->vr > x->t->rows)
        why = "one idx byte per src valid row";
    if (why)
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, d->t->addr, 0, "pl.histogram takes %s", why);
    return why == NULL;
}

int64_t pvc_tile_histogram(pvc_ctx *ctx, const pvc_tile *dst, int64_t dst_vr, int64_t dst_vc, const pvc_tile *src,
                           int64_t src_vr, int64_t src_vc, const pvc_tile *idx, int64_t idx_vr, int64_t idx_vc,
                           int64_t is_msb)
{
    const char *op = "pl.histogram";
    rt_tv d, s, x;
    if (!rt_tv_make(ctx, op, &d, dst, dst_vr, dst_vc) || !rt_tv_make(ctx, op, &s, src, src_vr, src_vc) ||
        !rt_tv_make(ctx, op, &x, idx, idx_vr, idx_vc) || !hist_args(ctx, op, &d, &s, &x, is_msb != 0))
        return 0;
    /* the byte counted and the bytes that must equal idx: UINT16 MSB byte 1, LSB byte 0 where
     * byte 1 is idx[r]; UINT32 MSB byte 3, LSB byte 0 where bytes 3, 2, 1 are idx rows 0..2 */
    unsigned top = s.eb - 1, counted = is_msb ? top : 0, nfilt = is_msb ? 0 : top;
    int64_t chunks = 0;
    pvc_mreg all32;
    rt_first_lanes(&all32, 64, 4);
    for (uint32_t r = 0; r < s.vr; r++) {
        uint8_t want[3];
        for (unsigned f = 0; f < nfilt; f++) { /* vlds BRC_B8: one byte broadcast */
            uint32_t a = s.eb == 2 ? rt_tv_at(&x, r, 0) : rt_tv_at(&x, f, 0);
            pvc_ub_touch(ctx, a, 1, PVC_TOUCH_VLOAD);
            want[f] = ctx->ub[a];
        }
        pvc_vreg acc[4];
        memset(acc, 0, sizeof acc);
        for (uint32_t c = 0; c < s.vc; c += PVC_VL, chunks++) {
            uint32_t n = s.vc - c < PVC_VL ? s.vc - c : PVC_VL;
            pvc_vreg bytes[4], h[2], w, bv;
            pvc_mreg m;
            load_bytes(ctx, &s, r, c, n, bytes);
            rt_first_lanes(&m, n, 1);
            for (unsigned f = 0; f < nfilt; f++) { /* vcmp_eq, chained through the predicate */
                memset(bv.b, want[f], PVC_VL);
                pvc_compare(ctx, &m, PVC_CMP_EQ, PVC_DT_UINT8, &bytes[top - f], &bv, &m);
            }
            memset(h, 0, sizeof h);
            pvc_histograms(ctx, &h[0], &bytes[counted], &m, PVC_HIST_BIN0, PVC_HIST_ACCUMULATE);
            pvc_histograms(ctx, &h[1], &bytes[counted], &m, PVC_HIST_BIN1, PVC_HIST_ACCUMULATE);
            for (unsigned q = 0; q < 4; q++) { /* vcvt u16 -> u32, then vadd into the bins */
                for (unsigned i = 0; i < 64; i++) {
                    uint32_t v = (uint32_t)h[q / 2].b[2 * (64 * (q % 2) + i)] |
                                 (uint32_t)h[q / 2].b[2 * (64 * (q % 2) + i) + 1] << 8;
                    memcpy(w.b + 4 * i, &v, 4);
                }
                pvc_add(ctx, &acc[q], PVC_DT_UINT32, &acc[q], &w, &all32, PVC_MERGE_ZEROING);
            }
        }
        /* the 256 bins of row r at element 256 * r, whatever dst's cols (vsts at 256 * r) */
        uint32_t a = dst->addr + 256u * 4u * r;
        pvc_ub_touch(ctx, a, 1024, PVC_TOUCH_VSTORE);
        for (unsigned q = 0; q < 4; q++)
            memcpy(ctx->ub + a + 256u * q, acc[q].b, PVC_VL);
    }
    return rt_tile_done(ctx, chunks);
}
