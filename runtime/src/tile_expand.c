/* tile_expand.c - pl.expand_sub / div / mul / max / min (pvc_rt_tile.h, docs/SEMANTICS.md §15.8):
 * an element-wise op of a full tile against one value per row (TROWEXPAND*) or per column
 * (TCOLEXPAND*), broadcast into a register per chunk. The arithmetic is the tile x tile op's. */
#include "tile_internal.h"

static const char *const row_names[PVC_TB_COUNT] = {
    [PVC_TB_ADD] = "pl.row_expand_add", [PVC_TB_SUB] = "pl.expand_sub", [PVC_TB_MUL] = "pl.expand_mul",
    [PVC_TB_DIV] = "pl.expand_div", [PVC_TB_MAX] = "pl.expand_max", [PVC_TB_MIN] = "pl.expand_min",
};

typedef struct {
    rt_tv d, full, vec;
    int vec_first; /* the broadcast operand is src0: dst = OP(bcast(src0), src1) */
} expand_args;

/* The views, and which source is the full tile: src0 when its valid shape is dst's (PTO
 * compares them at run time), else src1. */
static int expand_views(pvc_ctx *ctx, pvc_tile_bin op, expand_args *x, const pvc_tile *dst, int64_t dst_vr,
                        int64_t dst_vc, const pvc_tile *src0, int64_t src0_vr, int64_t src0_vc,
                        const pvc_tile *src1, int64_t src1_vr, int64_t src1_vc)
{
    if ((unsigned)op > PVC_TB_MIN) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "tile.expand", dst->addr, 0, "no broadcast op %d", (int)op);
        return 0;
    }
    const char *name = row_names[op];
    rt_tv a, b;
    if (!rt_tv_make(ctx, name, &x->d, dst, dst_vr, dst_vc) || !rt_tv_make(ctx, name, &a, src0, src0_vr, src0_vc) ||
        !rt_tv_make(ctx, name, &b, src1, src1_vr, src1_vc) || !rt_tv_same_dtype(ctx, name, &x->d, &a) ||
        !rt_tv_same_dtype(ctx, name, &x->d, &b))
        return 0;
    x->vec_first = !(a.vr == x->d.vr && a.vc == x->d.vc);
    x->full = x->vec_first ? b : a;
    x->vec = x->vec_first ? a : b;
    return rt_tv_covers(ctx, name, &x->full, x->d.lines, x->d.len);
}

/* dst chunk = OP(full chunk, v) (or OP(v, full chunk)), stored under the chunk's lanes. */
static void expand_chunk(pvc_ctx *ctx, pvc_tile_bin op, const expand_args *x, uint32_t r, uint32_t k, uint32_t n,
                         const pvc_vreg *v)
{
    pvc_vreg f, out;
    pvc_mreg m;
    rt_first_lanes(&m, n, x->d.eb);
    rt_tv_load(ctx, &x->full, r, k, n, &f);
    rt_tile_bin_chunk(ctx, op, &out, x->d.dt, x->vec_first ? v : &f, x->vec_first ? &f : v, &m);
    rt_tv_store(ctx, &x->d, r, k, n, &out);
}

int64_t pvc_tile_row_expand(pvc_ctx *ctx, pvc_tile_bin op, const pvc_tile *dst, int64_t dst_vr, int64_t dst_vc,
                            const pvc_tile *src0, int64_t src0_vr, int64_t src0_vc, const pvc_tile *src1,
                            int64_t src1_vr, int64_t src1_vc)
{
    expand_args x;
    if (!expand_views(ctx, op, &x, dst, dst_vr, dst_vc, src0, src0_vr, src0_vc, src1, src1_vr, src1_vc))
        return 0;
    const pvc_tile *s = x.vec.t;
    unsigned eb = x.d.eb, blk = 32 / eb;
    int column = s->cols == 1 || s->layout == PVC_TL_DN;
    if ((!column && s->cols != blk) || s->rows < x.d.vr) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, row_names[op], s->addr, 0, "a %ux%u tile gives one value per "
                        "row of %u rows: it must be [N, 1], or [N, %u] (one 32-byte block per row)",
                        s->rows, s->cols, x.d.vr, blk);
        return 0;
    }
    uint32_t e = rt_tv_lanes(&x.d);
    int64_t chunks = 0;
    for (uint32_t r = 0; r < x.d.vr; r++) {
        pvc_vreg v;
        /* the row's value (vlds BRC), or its 32-byte block repeated (vlds BLK) */
        uint32_t a = s->addr + (column ? r : r * blk) * eb, len = column ? eb : 32;
        pvc_ub_touch(ctx, a, len, PVC_TOUCH_VLOAD);
        for (unsigned i = 0; i < PVC_VL; i += len)
            memcpy(v.b + i, ctx->ub + a, len);
        if (column)
            rt_splat(&v, eb, rt_get(ctx->ub + a, eb));
        for (uint32_t k = 0; k < x.d.vc; k += e, chunks++)
            expand_chunk(ctx, op, &x, r, k, x.d.vc - k < e ? x.d.vc - k : e, &v);
    }
    return rt_tile_done(ctx, chunks);
}

int64_t pvc_tile_col_expand(pvc_ctx *ctx, pvc_tile_bin op, const pvc_tile *dst, int64_t dst_vr, int64_t dst_vc,
                            const pvc_tile *src0, int64_t src0_vr, int64_t src0_vc, const pvc_tile *src1,
                            int64_t src1_vr, int64_t src1_vc)
{
    expand_args x;
    if (!expand_views(ctx, op, &x, dst, dst_vr, dst_vc, src0, src0_vr, src0_vc, src1, src1_vr, src1_vc))
        return 0;
    if (x.vec.col || x.vec.t->cols < x.d.vc) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, row_names[op], x.vec.t->addr, 0, "a %ux%u tile gives one value "
                        "per column of %u columns: it must be a row-major [1, N] tile, N >= %u",
                        x.vec.t->rows, x.vec.t->cols, x.d.vc, x.d.vc);
        return 0;
    }
    uint32_t e = rt_tv_lanes(&x.d);
    int64_t chunks = 0;
    for (uint32_t r = 0; r < x.d.vr; r++)
        for (uint32_t k = 0; k < x.d.vc; k += e, chunks++) {
            uint32_t n = x.d.vc - k < e ? x.d.vc - k : e;
            pvc_vreg v;
            rt_tv_load(ctx, &x.vec, 0, k, n, &v);
            expand_chunk(ctx, op, &x, r, k, n, &v);
        }
    return rt_tile_done(ctx, chunks);
}
