/* tile_view.c - a tile at one use and its chunk moves (tile_internal.h, docs/SEMANTICS.md
 * §15.2): the part of the tile-level loop every tile op shares. */
#include "tile_internal.h"

int rt_tv_make(pvc_ctx *ctx, const char *op, rt_tv *v, const pvc_tile *t, int64_t vr, int64_t vc)
{
    if ((unsigned)t->dtype >= PVC_DT_COUNT || pvc_dtype_table[t->dtype].bits < 8) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, t->addr, 0, "a tile of %s: tile ops take whole-byte elements",
                        (unsigned)t->dtype < PVC_DT_COUNT ? pvc_dtype_table[t->dtype].name : "?");
        return 0;
    }
    if (vr < 0 || vc < 0 || vr > t->rows || vc > t->cols) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, t->addr, 0,
                        "valid shape [%lld, %lld] does not fit the %ux%u tile at UB address 0x%x",
                        (long long)vr, (long long)vc, t->rows, t->cols, t->addr);
        return 0;
    }
    v->t = t;
    v->dt = t->dtype;
    v->eb = pvc_dtype_lane_bytes(t->dtype);
    if (!pvc_ub_check(ctx, op, t->addr, (uint64_t)t->rows * t->cols * v->eb, 1))
        return 0;
    v->vr = (uint32_t)vr;
    v->vc = (uint32_t)vc;
    int col = t->layout == PVC_TL_DN || t->cols == 1;
    v->col = col;
    v->lines = col ? v->vc : v->vr;
    v->len = col ? v->vr : v->vc;
    v->pitch = col ? t->rows : t->cols;
    return 1;
}

int rt_tv_covers(pvc_ctx *ctx, const char *op, const rt_tv *src, uint32_t lines, uint32_t len)
{
    const pvc_tile *t = src->t;
    uint32_t have_lines = src->col ? t->cols : t->rows, have_len = src->col ? t->rows : t->cols;
    if (lines <= have_lines && len <= have_len)
        return 1;
    pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, t->addr, 0, "the %ux%u tile at UB address 0x%x is smaller than "
                    "the window the op reads from it (%u %s of %u)", t->rows, t->cols, t->addr, lines,
                    src->col ? "columns" : "rows", len);
    return 0;
}

int rt_tv_same_dtype(pvc_ctx *ctx, const char *op, const rt_tv *a, const rt_tv *b)
{
    if (a->dt == b->dt)
        return 1;
    pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, b->t->addr, 0, "tiles of %s and %s: the op takes one dtype",
                    pvc_dtype_table[a->dt].name, pvc_dtype_table[b->dt].name);
    return 0;
}

void rt_first_lanes(pvc_mreg *m, uint32_t n, unsigned w)
{
    memset(m, 0, sizeof *m);
    for (uint32_t i = 0; i < n && i * w < PVC_VL; i++)
        pvc_mreg_set_bit(m, i * w, 1);
}

void rt_tv_load(pvc_ctx *ctx, const rt_tv *v, uint32_t line, uint32_t k, uint32_t n, pvc_vreg *r)
{
    uint32_t a = rt_tv_addr(v, line, k), len = n * v->eb;
    memset(r, 0, sizeof *r);
    pvc_ub_touch(ctx, a, len, PVC_TOUCH_VLOAD);
    memcpy(r->b, ctx->ub + a, len);
}

void rt_tv_store(pvc_ctx *ctx, const rt_tv *v, uint32_t line, uint32_t k, uint32_t n, const pvc_vreg *r)
{
    uint32_t a = rt_tv_addr(v, line, k), len = n * v->eb;
    pvc_ub_touch(ctx, a, len, PVC_TOUCH_VSTORE);
    memcpy(ctx->ub + a, r->b, len);
}

/* The lowest / highest value of t as element bits: -inf / +inf for floats, the integer range
 * otherwise (PTO's pad values, where a max / min reduction starts). */
uint64_t rt_extreme_of(pvc_dtype t, int highest)
{
    unsigned bits = pvc_dtype_table[t].bits;
    uint64_t all = bits == 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1;
    switch (t) {
    case PVC_DT_FP32: return highest ? 0x7F800000u : 0xFF800000u;
    case PVC_DT_FP16: return highest ? 0x7C00u : 0xFC00u;
    case PVC_DT_BF16: return highest ? 0x7F80u : 0xFF80u;
    default:
        if (pvc_dtype_table[t].kind == PVC_KIND_U)
            return highest ? all : 0;
        return highest ? all >> 1 : (all >> 1) + 1;
    }
}
