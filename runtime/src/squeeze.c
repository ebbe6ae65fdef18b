/* squeeze.c - vf.squeeze / vf.unsqueeze (docs/SEMANTICS.md §10.9) and the special registers
 * they feed: SQZN (set by a STORE_REG squeeze), AR (the offset of the count-less
 * store_unalign, vstur, §4 table), vf.clear_spr and pl.get_spr (§10.14). AR and SQZN are
 * two registers (§13 Q8). The store stream itself is unalign.c's (§4.2): vstur and vstar
 * only compute the address and call pvc_store_unalign / pvc_store_unalign_post. */
#include "rt_internal.h"

static int bad_dtype(pvc_ctx *ctx, const char *op, pvc_dtype t)
{
    pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0, "dtype %s is not legal for %s",
                    (unsigned)t < PVC_DT_COUNT ? pvc_dtype_table[t].name : "?", op);
    return 0;
}

/* Branch-free compaction at constant width W: every lane is copied to slot j, and j moves on
 * only past an active lane, so slot j ends up holding the next active lane. Returns j. */
static inline __attribute__((always_inline)) unsigned
compact_w(uint8_t *out, const uint8_t *in, const pvc_mreg *m, unsigned W)
{
    unsigned j = 0;
    for (unsigned i = 0; i < PVC_VL / W; i++) {
        memcpy(out + W * j, in + W * i, W);
        j += (unsigned)(m ? pvc_mreg_bit(m, W * i) : 1);
    }
    return j;
}

void pvc_squeeze(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                 const pvc_mreg *mask, pvc_squeeze_mode mode)
{
    pvc_vreg r;
    unsigned w, j;
    switch (t) {
    case PVC_DT_INT8: case PVC_DT_UINT8: case PVC_DT_INT16: case PVC_DT_UINT16:
    case PVC_DT_FP16: case PVC_DT_INT32: case PVC_DT_UINT32: case PVC_DT_FP32:
        break;
    default:
        bad_dtype(ctx, "squeeze", t);
        return;
    }
    if ((unsigned)mode >= PVC_SQZ_COUNT) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "squeeze", 0, 0, "squeeze mode %d", (int)mode);
        return;
    }
    w = pvc_dtype_lane_bytes(t);
    switch (w) {
    case 1:  j = compact_w(r.b, src->b, mask, 1); break;
    case 2:  j = compact_w(r.b, src->b, mask, 2); break;
    default: j = compact_w(r.b, src->b, mask, 4); break;
    }
    memset(r.b + w * j, 0, PVC_VL - w * j); /* the tail is zeroed (§10.9) */
    *dst = r;
    if (mode == PVC_SQZ_STORE_REG)
        ctx->spr_sqzn = w * j; /* byte count of the packed prefix */
}

void pvc_unsqueeze(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_mreg *mask)
{
    pvc_vreg r;
    unsigned w;
    uint64_t cnt = 0;
    switch (t) {
    case PVC_DT_INT8: case PVC_DT_UINT8: case PVC_DT_INT16: case PVC_DT_UINT16:
    case PVC_DT_INT32: case PVC_DT_UINT32:
        break;
    default:
        bad_dtype(ctx, "unsqueeze", t);
        return;
    }
    w = pvc_dtype_lane_bytes(t);
    /* §12 T5: lane i counts the tested bits of lanes 0..i-1 (exclusive prefix count) */
    for (unsigned i = 0; i < PVC_VL / w; i++) {
        rt_put(r.b + w * i, w, cnt);
        cnt += mask ? (uint64_t)pvc_mreg_bit(mask, w * i) : 1u;
    }
    *dst = r;
}

void pvc_store_unalign_ar(pvc_ctx *ctx, int64_t cursor, const pvc_vreg *src, pvc_ureg_st *s)
{
    int64_t at = pvc_addr_add(cursor, ctx->spr_ar);
    uint32_t n = ctx->spr_sqzn;
    if (!pvc_ub_check(ctx, "store_unalign", at, n, 1))
        return;
    pvc_store_unalign(ctx, &at, src, s, n, 1, 0); /* n <= 256: cannot fault after the check */
    ctx->spr_ar += n;
}

void pvc_store_unalign_post_ar(pvc_ctx *ctx, int64_t cursor, pvc_ureg_st *s)
{
    int64_t at = pvc_addr_add(cursor, ctx->spr_ar);
    pvc_store_unalign_post(ctx, &at, s, 0, 0); /* checks and reports the parked span */
}

void pvc_clear_spr(pvc_ctx *ctx)
{
    ctx->spr_ar = 0;
}

int64_t pvc_get_spr(const pvc_ctx *ctx)
{
    return (int64_t)ctx->spr_ar;
}
