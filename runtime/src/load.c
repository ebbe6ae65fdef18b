/* load.c - vf.load_align into vector registers: the LoadDist table and its resolution
 * (§2.2), every dist (§2.2, §2.3), post-update (§1.5, §2.1) and DATA_BLOCK_COPY (§2.4). */
#include "rt_internal.h"

const pvc_dist_info pvc_load_dist_table[PVC_LD_COUNT] = {
#define X(name, kind, w, bytes, align, ndst, formula) \
    {#name, PVC_DIST_##kind, w, ndst, bytes, align, formula},
    PVC_LOAD_DISTS(X)
#undef X
};

/* [generic][log2 width] -> explicit; rows for explicit dists stay zero and are not read. */
static const uint8_t load_resolve[PVC_LD_COUNT][4] = {
#define X(g, b8, b16, b32, b64) \
    [PVC_LD_##g] = {PVC_LD_##b8, PVC_LD_##b16, PVC_LD_##b32, PVC_LD_##b64},
    PVC_LOAD_RESOLVE(X)
#undef X
};

static unsigned width_index(pvc_dtype t)
{
    unsigned w = pvc_dtype_lane_bytes(t);
    return w == 1 ? 0 : w == 2 ? 1 : w == 4 ? 2 : 3;
}

pvc_load_dist pvc_load_dist_resolve(pvc_load_dist d, pvc_dtype reg)
{
    if ((unsigned)d >= PVC_LD_COUNT || (unsigned)reg >= PVC_DT_COUNT)
        return PVC_LD_NONE;
    if (pvc_load_dist_table[d].kind == PVC_DIST_E)
        return d;
    return (pvc_load_dist)load_resolve[d][width_index(reg)];
}

/* R.e_w[i] = UBw[p + w*src(i)] for every destination element: US, DS, E2B, BRC. */
static void gather(pvc_vreg *r, const uint8_t *p, unsigned w, unsigned shift, unsigned mode)
{
    unsigned n = PVC_VL / w;
    for (unsigned i = 0; i < n; i++) {
        unsigned s = mode == 0 ? 0            /* BRC: element 0 everywhere */
                   : mode == 1 ? i >> shift   /* US (shift 1), E2B (one value per block) */
                   : 2 * i;                   /* DS: even elements */
        memcpy(r->b + w * i, p + w * s, w);
    }
}

/* R.e_w[2k] = UBw[p + w*k], odd lanes 0 (UNPK); UNPK4_B8 is the same with stride 4. */
static void unpack(pvc_vreg *r, const uint8_t *p, unsigned w, unsigned spread)
{
    memset(r->b, 0, PVC_VL);
    for (unsigned k = 0; k < PVC_VL / (w * spread); k++)
        memcpy(r->b + w * spread * k, p + w * k, w);
}

/* Executes one checked single-destination dist reading from p = &UB[A]. */
static void load_exec(pvc_vreg *r, const uint8_t *p, pvc_load_dist d)
{
    switch (d) {
    case PVC_LD_NORM:     memcpy(r->b, p, PVC_VL); break;
    case PVC_LD_BRC_B8:   gather(r, p, 1, 0, 0); break;
    case PVC_LD_BRC_B16:  gather(r, p, 2, 0, 0); break;
    case PVC_LD_BRC_B32:  gather(r, p, 4, 0, 0); break;
    case PVC_LD_US_B8:    gather(r, p, 1, 1, 1); break;
    case PVC_LD_US_B16:   gather(r, p, 2, 1, 1); break;
    case PVC_LD_DS_B8:    gather(r, p, 1, 0, 2); break;
    case PVC_LD_DS_B16:   gather(r, p, 2, 0, 2); break;
    case PVC_LD_UNPK_B8:  unpack(r, p, 1, 2); break;
    case PVC_LD_UNPK_B16: unpack(r, p, 2, 2); break;
    case PVC_LD_UNPK_B32: unpack(r, p, 4, 2); break;
    case PVC_LD_UNPK4_B8: unpack(r, p, 1, 4); break;
    case PVC_LD_BLK:
        for (unsigned k = 0; k < PVC_VL / 32; k++)
            memcpy(r->b + 32 * k, p, 32);
        break;
    case PVC_LD_E2B_B16:  gather(r, p, 2, 4, 1); break; /* 16 lanes of 2 B per block */
    case PVC_LD_E2B_B32:  gather(r, p, 4, 3, 1); break; /* 8 lanes of 4 B per block */
    default: break;                                      /* unreachable: checked */
    }
}

/* R0.e_w[i] = UBw[p + 2wi], R1.e_w[i] = UBw[p + 2wi + w] (§2.3). */
static void dintlv_exec(pvc_vreg *r0, pvc_vreg *r1, const uint8_t *p, unsigned w)
{
    for (unsigned i = 0; i < PVC_VL / w; i++) {
        memcpy(r0->b + w * i, p + 2 * w * i, w);
        memcpy(r1->b + w * i, p + 2 * w * i + w, w);
    }
}

/* Dist legality, UB bounds and alignment of A and of the post step. */
static int load_check(pvc_ctx *ctx, const char *op, int64_t addr, int64_t step,
                      pvc_load_dist d, unsigned nreg)
{
    const pvc_dist_info *di;
    if ((unsigned)d >= PVC_LD_COUNT || pvc_load_dist_table[d].kind != PVC_DIST_E ||
        pvc_load_dist_table[d].nreg != nreg) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, addr, 0, "dist %d is not an explicit %u-register load dist",
                        (int)d, nreg);
        return 0;
    }
    di = &pvc_load_dist_table[d];
    if (step % di->align != 0) {
        pvc_fault_raise(ctx, PVC_FAULT_MISALIGNED, op, addr, di->bytes,
                        "post-update step %lld is not a multiple of %u (%s)", (long long)step,
                        di->align, di->name);
        return 0;
    }
    return rt_ub_access(ctx, op, addr, di->bytes, di->align, PVC_TOUCH_VLOAD);
}

void pvc_load_align(pvc_ctx *ctx, pvc_vreg *dst, int64_t addr, pvc_load_dist d)
{
    if (load_check(ctx, "load_align", addr, 0, d, 1))
        load_exec(dst, ctx->ub + addr, d);
}

void pvc_load_align_post(pvc_ctx *ctx, pvc_vreg *dst, int64_t *cursor, int64_t step,
                         pvc_load_dist d)
{
    if (!load_check(ctx, "load_align", rt_cur(cursor), step, d, 1))
        return;
    load_exec(dst, ctx->ub + rt_cur(cursor), d);
    rt_cur_add(cursor, step);
}

void pvc_load_align_x2(pvc_ctx *ctx, pvc_vreg *d0, pvc_vreg *d1, int64_t addr, pvc_load_dist d)
{
    if (load_check(ctx, "load_align", addr, 0, d, 2))
        dintlv_exec(d0, d1, ctx->ub + addr, pvc_load_dist_table[d].w);
}

void pvc_load_align_x2_post(pvc_ctx *ctx, pvc_vreg *d0, pvc_vreg *d1, int64_t *cursor,
                            int64_t step, pvc_load_dist d)
{
    if (!load_check(ctx, "load_align", rt_cur(cursor), step, d, 2))
        return;
    dintlv_exec(d0, d1, ctx->ub + rt_cur(cursor), pvc_load_dist_table[d].w);
    rt_cur_add(cursor, step);
}

/* ---- DATA_BLOCK_COPY (§2.4) ---------------------------------------------------------- */

static int datablock_load(pvc_ctx *ctx, const char *op, pvc_vreg *dst, int64_t a, uint32_t bs,
                          const pvc_mreg *m)
{
    if (!rt_datablock_access(ctx, op, a, bs, m, PVC_TOUCH_VLOAD))
        return 0;
    for (unsigned k = 0; k < 8; k++) {
        if (rt_block_enabled(m, k))
            memcpy(dst->b + 32 * k, ctx->ub + a + 32ll * k * bs, 32);
        else
            memset(dst->b + 32 * k, 0, 32);
    }
    return 1;
}

void pvc_load_align_datablock(pvc_ctx *ctx, pvc_vreg *dst, int64_t addr, uint16_t block_stride,
                              const pvc_mreg *mask)
{
    datablock_load(ctx, "load_align", dst, addr, block_stride, mask);
}

void pvc_load_align_datablock_post(pvc_ctx *ctx, pvc_vreg *dst, int64_t *cursor,
                                   uint16_t block_stride, uint16_t repeat_stride,
                                   const pvc_mreg *mask)
{
    if (datablock_load(ctx, "load_align", dst, rt_cur(cursor), block_stride, mask))
        rt_cur_add(cursor, 32 * (int64_t)repeat_stride);
}

void pvc_asc_loadalign_datablock_strided(pvc_ctx *ctx, pvc_vreg *dst, int64_t src,
                                         uint16_t block_stride, uint16_t repeat_stride,
                                         const pvc_mreg *mask)
{
    datablock_load(ctx, "asc_loadalign_datablock_strided", dst, pvc_addr_add(src, 32ll * repeat_stride),
                   block_stride, mask);
}
