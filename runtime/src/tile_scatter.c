/* tile_scatter.c - pl.scatter, pl.dequant and pl.quant (pvc_rt_tile.h, docs/SEMANTICS.md §15.20-22):
 * PTO's TSCATTER (dst zeroed, then per chunk of idx's valid shape a vscatter of src's elements
 * to the element offsets in idx), TDEQUANT (per chunk (x - offset[r]) * scale[r] in FP32) and
 * TQUANT's INT8 forms (x * scale[r] (+ offset[r]), rounded once to an integer), as
 * the Ascend 950 implementations run them. */
#include "tile_internal.h"

int64_t pvc_tile_scatter(pvc_ctx *ctx, const pvc_tile *out, int64_t out_vr, int64_t out_vc, const pvc_tile *src,
                         int64_t src_vr, int64_t src_vc, const pvc_tile *idx, int64_t idx_vr, int64_t idx_vc)
{
    const char *op = "pl.scatter";
    rt_tv d, s, x;
    if (!rt_tv_make(ctx, op, &d, out, out_vr, out_vc) || !rt_tv_make(ctx, op, &s, src, src_vr, src_vc) ||
        !rt_tv_make(ctx, op, &x, idx, idx_vr, idx_vc) || !rt_tv_same_dtype(ctx, op, &d, &s))
        return 0;
    unsigned want = d.eb == 4 ? 4 : 2; /* PTO's pairs: 32-bit data 32-bit indices, else 16-bit */
    if (d.eb > 4 || x.eb != want || pvc_dtype_table[idx->dtype].kind == PVC_KIND_F || s.col || x.col) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, out->addr, 0, "pl.scatter takes 1-, 2- or 4-byte data, %u-byte "
                        "integer indices and row-major src and idx", want);
        return 0;
    }
    uint32_t batch = PVC_VL / x.eb;
    /* idx's window is read at src's places: src must hold it */
    if (!rt_tv_covers(ctx, op, &s, x.vr, x.vc))
        return 0;
    /* InitUBBuffer: the whole dst is zeroed first */
    uint32_t bytes = out->rows * out->cols * d.eb;
    pvc_ub_touch(ctx, out->addr, bytes, PVC_TOUCH_VSTORE);
    memset(ctx->ub + out->addr, 0, bytes);
    pvc_dtype it = x.eb == 4 ? PVC_DT_UINT32 : PVC_DT_UINT16;
    int64_t chunks = (bytes + PVC_VL - 1) / PVC_VL;
    pvc_vreg v, w, iv;
    pvc_mreg m;
    for (uint32_t r = 0; r < x.vr; r++)
        for (uint32_t c = 0; c < x.vc; c += batch, chunks++) {
            uint32_t n = x.vc - c < batch ? x.vc - c : batch;
            rt_tv_load(ctx, &x, r, c, n, &iv);
            rt_tv_load(ctx, &s, r, c, n, &v);
            if (d.eb == 1) { /* UNPK_B8: byte i into 16-bit lane i */
                memset(w.b, 0, PVC_VL);
                for (uint32_t i = 0; i < n; i++)
                    w.b[2 * i] = v.b[i];
                v = w;
            }
            rt_first_lanes(&m, n, x.eb);
            pvc_scatter(ctx, d.dt, it, out->addr, &v, &iv, &m);
        }
    return rt_tile_done(ctx, chunks);
}

int64_t pvc_tile_dequant(pvc_ctx *ctx, const pvc_tile *out, int64_t out_vr, int64_t out_vc, const pvc_tile *src,
                         int64_t src_vr, int64_t src_vc, const pvc_tile *scale, int64_t scale_vr, int64_t scale_vc,
                         const pvc_tile *offset, int64_t offset_vr, int64_t offset_vc)
{
    const char *op = "pl.dequant";
    rt_tv d, s, sc, of;
    if (!rt_tv_make(ctx, op, &d, out, out_vr, out_vc) || !rt_tv_make(ctx, op, &s, src, src_vr, src_vc) ||
        !rt_tv_make(ctx, op, &sc, scale, scale_vr, scale_vc) || !rt_tv_make(ctx, op, &of, offset, offset_vr, offset_vc))
        return 0;
    if (d.dt != PVC_DT_FP32 || sc.dt != PVC_DT_FP32 || of.dt != PVC_DT_FP32 ||
        (s.dt != PVC_DT_INT8 && s.dt != PVC_DT_INT16) || d.col || s.col) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, out->addr, 0, "pl.dequant takes an INT8 or INT16 src, FP32 out, "
                        "scale and offset, row-major out and src");
        return 0;
    }
    /* PTO's asserts: src's valid shape is out's, scale and offset one row per out row */
    if (s.vr != d.vr || s.vc != d.vc || sc.vr != d.vr || of.vr != d.vr) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, out->addr, 0, "src's valid shape [%u, %u] must be out's [%u, %u] "
                        "and scale's and offset's valid rows %u, %u out's", s.vr, s.vc, d.vr, d.vc, sc.vr, of.vr);
        return 0;
    }
    uint32_t lanes = PVC_VL / 4, n = d.vc < lanes ? d.vc : lanes; /* one predicate for every chunk (A5) */
    uint32_t reps = (d.vc + lanes - 1) / lanes;
    if (d.vr && (uint64_t)(d.vr - 1) * out->cols + (uint64_t)(reps - 1) * lanes + n > (uint64_t)out->rows * out->cols) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, out->addr, 0, "the last chunk of %u elements of out's valid cols "
                        "%u leaves the %ux%u out tile", n, d.vc, out->rows, out->cols);
        return 0;
    }
    pvc_mreg m;
    rt_first_lanes(&m, n, 4);
    int64_t chunks = 0;
    for (uint32_t r = 0; r < d.vr; r++) {
        pvc_vreg vs, vo, x, f;
        uint32_t a = rt_tv_at(&sc, r, 0), b = rt_tv_at(&of, r, 0);
        pvc_ub_touch(ctx, a, 4, PVC_TOUCH_VLOAD);
        pvc_ub_touch(ctx, b, 4, PVC_TOUCH_VLOAD);
        for (uint32_t i = 0; i < lanes; i++) { /* vlds BRC_B32 */
            memcpy(vs.b + 4 * i, ctx->ub + a, 4);
            memcpy(vo.b + 4 * i, ctx->ub + b, 4);
        }
        for (uint32_t j = 0; j < reps; j++, chunks++) {
            rt_tv_load(ctx, &s, r, j * lanes, n, &x); /* UNPK then vcvt to FP32: exact */
            for (uint32_t i = 0; i < lanes; i++) {
                uint64_t e = i < n ? rt_get(x.b + (size_t)i * s.eb, s.eb) : 0;
                uint32_t y = (uint32_t)pvc_cast_scalar(s.dt, PVC_DT_FP32, e, PVC_ROUND_RINT, PVC_SAT_ON);
                memcpy(f.b + 4 * i, &y, 4);
            }
            pvc_sub(ctx, &f, PVC_DT_FP32, &f, &vo, &m, PVC_MERGE_ZEROING);
            pvc_mul(ctx, &f, PVC_DT_FP32, &f, &vs, &m, PVC_MERGE_ZEROING);
            rt_tv_store(ctx, &d, r, j * lanes, n, &f);
        }
    }
    return rt_tile_done(ctx, chunks);
}

/* One element of TQUANT's path: x * s (+ o) in FP32 (vmul, vadd), then FP32 -> INT32 -> FP32
 * (one rounding to an integer, nearest even, saturating), FP32 -> FP16 -> 8 bits (exact
 * but for the saturation at the 8-bit range). */
static uint8_t quant_one(uint64_t q, pvc_dtype to)
{
    uint64_t i = pvc_cast_scalar(PVC_DT_FP32, PVC_DT_INT32, q, PVC_ROUND_RINT, PVC_SAT_ON);
    uint64_t f = pvc_cast_scalar(PVC_DT_INT32, PVC_DT_FP32, i, PVC_ROUND_RINT, PVC_SAT_ON);
    uint64_t h = pvc_cast_scalar(PVC_DT_FP32, PVC_DT_FP16, f, PVC_ROUND_RINT, PVC_SAT_ON);
    return (uint8_t)pvc_cast_scalar(PVC_DT_FP16, to, h, PVC_ROUND_RINT, PVC_SAT_ON);
}

int64_t pvc_tile_quant(pvc_ctx *ctx, pvc_quant_mode mode, const pvc_tile *out, int64_t out_vr, int64_t out_vc,
                       const pvc_tile *src, int64_t src_vr, int64_t src_vc, const pvc_tile *scale, int64_t scale_vr,
                       int64_t scale_vc, const pvc_tile *offset, int64_t offset_vr, int64_t offset_vc)
{
    const char *op = "pl.quant";
    rt_tv d, s, sc, of;
    if (!rt_tv_make(ctx, op, &d, out, out_vr, out_vc) || !rt_tv_make(ctx, op, &s, src, src_vr, src_vc) ||
        !rt_tv_make(ctx, op, &sc, scale, scale_vr, scale_vc) || !rt_tv_make(ctx, op, &of, offset, offset_vr, offset_vc))
        return 0;
    int asym = mode == PVC_QUANT_ASYM;
    if ((unsigned)mode >= PVC_QUANT_COUNT || s.dt != PVC_DT_FP32 || d.dt != (asym ? PVC_DT_UINT8 : PVC_DT_INT8) ||
        sc.dt != PVC_DT_FP32 || (asym && of.dt != PVC_DT_FP32) || d.col || s.col) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, out->addr, 0, "pl.quant takes an FP32 src and scale (and offset), "
                        "an INT8 out (SYM) or UINT8 out (ASYM), row-major out and src");
        return 0;
    }
    /* the loop runs over src's valid shape, out written at the same places */
    if (!rt_tv_covers(ctx, op, &d, s.vr, s.vc))
        return 0;
    uint32_t lanes = PVC_VL / 4;
    int64_t chunks = 0;
    for (uint32_t r = 0; r < s.vr; r++) {
        pvc_vreg vs, vo, x, q;
        uint32_t a = sc.t->addr + 4u * r, b = of.t->addr + 4u * r; /* vlds BRC_B32 at element r */
        pvc_ub_touch(ctx, a, 4, PVC_TOUCH_VLOAD);
        if (asym)
            pvc_ub_touch(ctx, b, 4, PVC_TOUCH_VLOAD);
        for (uint32_t i = 0; i < lanes; i++) {
            memcpy(vs.b + 4 * i, ctx->ub + a, 4);
            if (asym)
                memcpy(vo.b + 4 * i, ctx->ub + b, 4);
        }
        for (uint32_t c = 0; c < s.vc; c += lanes, chunks++) {
            uint32_t n = s.vc - c < lanes ? s.vc - c : lanes;
            pvc_mreg m;
            rt_first_lanes(&m, n, 4);
            rt_tv_load(ctx, &s, r, c, n, &x);
            pvc_mul(ctx, &q, PVC_DT_FP32, &x, &vs, &m, PVC_MERGE_ZEROING);
            if (asym)
                pvc_add(ctx, &q, PVC_DT_FP32, &q, &vo, &m, PVC_MERGE_ZEROING);
            pvc_vreg o;
            for (uint32_t i = 0; i < n; i++) /* the vcvt chain, then the PK4_B32 store */
                o.b[i] = quant_one(rt_get(q.b + 4 * i, 4), d.dt);
            rt_tv_store(ctx, &d, r, c, n, &o);
        }
    }
    return rt_tile_done(ctx, chunks);
}
