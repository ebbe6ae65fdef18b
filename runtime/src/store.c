/* store.c - vf.store_align from vector registers: the StoreDist table and its resolution
 * (§3.1), NORM / ONEPT / PK / PK4 (§3.3), INTLV (§3.4) and DATA_BLOCK_COPY (§3.5).
 * Masked-off elements are never written (decision 5); a fault writes nothing. */
#include "rt_internal.h"

const pvc_dist_info pvc_store_dist_table[PVC_ST_COUNT] = {
#define X(name, kind, w, bytes, align, nsrc, formula) \
    {#name, PVC_DIST_##kind, w, nsrc, bytes, align, formula},
    PVC_STORE_DISTS(X)
#undef X
};

static const uint8_t store_resolve[PVC_ST_COUNT][4] = {
#define X(g, b8, b16, b32, b64) \
    [PVC_ST_##g] = {PVC_ST_##b8, PVC_ST_##b16, PVC_ST_##b32, PVC_ST_##b64},
    PVC_STORE_RESOLVE(X)
#undef X
};

pvc_store_dist pvc_store_dist_resolve(pvc_store_dist d, pvc_dtype src)
{
    unsigned w;
    if ((unsigned)d >= PVC_ST_COUNT || (unsigned)src >= PVC_DT_COUNT)
        return PVC_ST_NONE;
    if (pvc_store_dist_table[d].kind == PVC_DIST_E)
        return d;
    w = pvc_dtype_lane_bytes(src);
    return (pvc_store_dist)store_resolve[d][w == 1 ? 0 : w == 2 ? 1 : w == 4 ? 2 : 3];
}

static int store_check(pvc_ctx *ctx, int64_t addr, int64_t step, pvc_store_dist d, unsigned nsrc)
{
    const pvc_dist_info *di;
    if ((unsigned)d >= PVC_ST_COUNT || pvc_store_dist_table[d].kind != PVC_DIST_E ||
        pvc_store_dist_table[d].nreg != nsrc) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "store_align", addr, 0,
                        "dist %d is not an explicit %u-register store dist", (int)d, nsrc);
        return 0;
    }
    di = &pvc_store_dist_table[d];
    if (step % di->align != 0) {
        pvc_fault_raise(ctx, PVC_FAULT_MISALIGNED, "store_align", addr, di->bytes,
                        "post-update step %lld is not a multiple of %u (%s)", (long long)step,
                        di->align, di->name);
        return 0;
    }
    return rt_ub_access(ctx, "store_align", addr, di->bytes, di->align, PVC_TOUCH_VSTORE);
}

/* NORM_Bw: full mask -> one memcpy; otherwise a branch-free byte blend. */
static void store_norm(uint8_t *p, const pvc_vreg *r, const pvc_mreg *m, unsigned w)
{
    pvc_vreg e;
    if (rt_mask_full(m, w)) {
        memcpy(p, r->b, PVC_VL);
        return;
    }
    rt_mask_expand(&e, m, w);
    rt_blend_bytes(p, r->b, e.b, PVC_VL);
}

/* PK_Bx / PK4_B32: element i (width w) -> its low `keep` bytes at p + keep*i, if m[w*i]. */
static void store_pack(uint8_t *p, const pvc_vreg *r, const pvc_mreg *m, unsigned w, unsigned keep)
{
    uint8_t data[PVC_VL / 2], en[PVC_VL / 2];
    unsigned n = PVC_VL / w;
    for (unsigned i = 0; i < n; i++) {
        uint8_t on = (uint8_t)-pvc_mreg_bit(m, w * i);
        memcpy(data + keep * i, r->b + w * i, keep);
        memset(en + keep * i, on, keep);
    }
    rt_blend_bytes(p, data, en, (size_t)n * keep);
}

static void store_exec(uint8_t *p, const pvc_vreg *r, const pvc_mreg *m, pvc_store_dist d)
{
    switch (d) {
    case PVC_ST_NORM_B8:   store_norm(p, r, m, 1); break;
    case PVC_ST_NORM_B16:  store_norm(p, r, m, 2); break;
    case PVC_ST_NORM_B32:  store_norm(p, r, m, 4); break;
    case PVC_ST_ONEPT_B8:  memcpy(p, r->b, 1); break;
    case PVC_ST_ONEPT_B16: memcpy(p, r->b, 2); break;
    case PVC_ST_ONEPT_B32: memcpy(p, r->b, 4); break;
    case PVC_ST_PK_B16:    store_pack(p, r, m, 2, 1); break;
    case PVC_ST_PK_B32:    store_pack(p, r, m, 4, 2); break;
    case PVC_ST_PK_B64:    store_pack(p, r, m, 8, 4); break;
    case PVC_ST_PK4_B32:   store_pack(p, r, m, 4, 1); break;
    default: break;        /* unreachable: checked */
    }
}

void pvc_store_align(pvc_ctx *ctx, int64_t addr, const pvc_vreg *src, const pvc_mreg *mask,
                     pvc_store_dist d)
{
    if (store_check(ctx, addr, 0, d, 1))
        store_exec(ctx->ub + addr, src, mask, d);
}

void pvc_store_align_post(pvc_ctx *ctx, int64_t *cursor, int64_t step, const pvc_vreg *src,
                          const pvc_mreg *mask, pvc_store_dist d)
{
    if (!store_check(ctx, rt_cur(cursor), step, d, 1))
        return;
    store_exec(ctx->ub + rt_cur(cursor), src, mask, d);
    rt_cur_add(cursor, step);
}

/* INTLV_Bw (§3.4): UBw[A + 2wi] = R0.e_w[i], UBw[A + 2wi + w] = R1.e_w[i]; mask ignored. */
void pvc_store_align_x2(pvc_ctx *ctx, int64_t addr, const pvc_vreg *s0, const pvc_vreg *s1,
                        pvc_store_dist d)
{
    unsigned w;
    uint8_t *p;
    if (!store_check(ctx, addr, 0, d, 2))
        return;
    w = pvc_store_dist_table[d].w;
    p = ctx->ub + addr;
    for (unsigned i = 0; i < PVC_VL / w; i++) {
        memcpy(p + 2 * w * i, s0->b + w * i, w);
        memcpy(p + 2 * w * i + w, s1->b + w * i, w);
    }
}

/* ---- DATA_BLOCK_COPY store (§3.5) ---------------------------------------------------- */

static int datablock_store(pvc_ctx *ctx, int64_t a, const pvc_vreg *src, const pvc_mreg *m,
                           uint32_t bs)
{
    if (!rt_datablock_access(ctx, "store_align", a, bs, m, PVC_TOUCH_VSTORE))
        return 0;
    for (unsigned k = 0; k < 8; k++)
        if (rt_block_enabled(m, k))
            memcpy(ctx->ub + a + 32ll * k * bs, src->b + 32 * k, 32);
    return 1;
}

void pvc_store_align_datablock(pvc_ctx *ctx, int64_t addr, const pvc_vreg *src,
                               const pvc_mreg *mask, uint16_t block_stride)
{
    datablock_store(ctx, addr, src, mask, block_stride);
}

void pvc_store_align_datablock_post(pvc_ctx *ctx, int64_t *cursor, const pvc_vreg *src,
                                    const pvc_mreg *mask, uint16_t block_stride,
                                    uint16_t repeat_stride)
{
    if (datablock_store(ctx, rt_cur(cursor), src, mask, block_stride))
        rt_cur_add(cursor, 32 * (int64_t)repeat_stride);
}
