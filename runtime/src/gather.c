/* gather.c - vf.gather from a UB tile (vgather2, vgather2_bc, vgatherb), vf.gather between
 * registers (vselr) and vf.scatter (vscatter) (docs/SEMANTICS.md §10.13).
 *
 * Every tile form is one row of a small shape table: lanes, bytes per element, index lane
 * bytes and the lane slot (the register bytes one lane owns = its mask granularity). Lane i
 * moves `ew` bytes between register bytes slot*i.. and UB[A + ew*idx_i ..]. Order of work:
 * every check (dtype, base alignment, each active lane's span), then one touch per active
 * element span, then the bytes; a fault leaves registers and UB as they were. */
#include "rt_internal.h"

typedef struct {
    unsigned lanes, ew, iw, slot;
} xshape;

static int bad_types(pvc_ctx *ctx, const char *op, pvc_dtype t, pvc_dtype it)
{
    pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0, "%s data with %s indices is not a %s form",
                    (unsigned)t < PVC_DT_COUNT ? pvc_dtype_table[t].name : "?",
                    (unsigned)it < PVC_DT_COUNT ? pvc_dtype_table[it].name : "?", op);
    return 0;
}

/* Index lane bytes of an integer index dtype (signedness ignored: lanes are read unsigned);
 * 0 when it is not an index type. */
static unsigned index_bytes(pvc_dtype it)
{
    switch (it) {
    case PVC_DT_INT16: case PVC_DT_UINT16: return 2;
    case PVC_DT_INT32: case PVC_DT_UINT32: return 4;
    case PVC_DT_INT64: case PVC_DT_UINT64: return 8;
    default: return 0;
    }
}

/* The data-width class of t: 1 (INT8/UINT8), 2, 4, 8, or 0 when t has no gather form. */
static unsigned data_bytes(pvc_dtype t)
{
    switch (t) {
    case PVC_DT_INT8: case PVC_DT_UINT8: return 1;
    case PVC_DT_INT16: case PVC_DT_UINT16: case PVC_DT_FP16: case PVC_DT_BF16: return 2;
    case PVC_DT_INT32: case PVC_DT_UINT32: case PVC_DT_FP32: return 4;
    case PVC_DT_INT64: case PVC_DT_UINT64: return 8;
    default: return 0;
    }
}

/* Shape of a tile form (§10.13 table); 0 when (t, it) is not one. */
static int tile_shape(pvc_dtype t, pvc_dtype it, int scatter, xshape *s)
{
    unsigned w = data_bytes(t), iw = index_bytes(it);
    xshape r = {0, 0, iw, 0};
    if (w == 1 && iw == 2)
        r.lanes = 128, r.ew = 1, r.slot = 2;         /* b8: bytes <-> 16-bit lanes */
    else if (w == 2 && iw == 2)
        r.lanes = 128, r.ew = 2, r.slot = 2;
    else if (w == 2 && iw == 4 && !scatter)
        r.lanes = 64, r.ew = 2, r.slot = 4;          /* vgather2_bc: even 16-bit lanes */
    else if (w == 4 && iw == 4)
        r.lanes = 64, r.ew = 4, r.slot = 4;
    else if (w == 8 && (iw == 4 || iw == 8 || (scatter && iw == 2)))
        r.lanes = 32, r.ew = 8, r.slot = 8;          /* b64: the first 32 index lanes */
    else
        return 0;
    *s = r;
    return 1;
}

/* Per-lane byte offsets (ew * index, 0 for an inactive lane) and activity at constant
 * shape; returns 1 + the largest end offset of an active lane (0: no active lane). */
static inline __attribute__((always_inline)) uint64_t
lane_offsets(uint64_t *off, uint8_t *act, const pvc_vreg *idx, const pvc_mreg *mask,
             unsigned lanes, unsigned ew, unsigned iw, unsigned slot)
{
    uint64_t top = 0;
    for (unsigned i = 0; i < lanes; i++) {
        uint8_t a = (uint8_t)(mask ? pvc_mreg_bit(mask, slot * i) : 1);
        uint64_t v = rt_get(idx->b + iw * i, iw);
        uint64_t o = (uint64_t)ew * (v < (1ull << 32) ? v : 1ull << 32) * a; /* no wrap */
        uint64_t end = (o + ew) * a;
        off[i] = o;
        act[i] = a;
        top = end > top ? end : top;
    }
    return top;
}

static uint64_t offsets(uint64_t *off, uint8_t *act, const pvc_vreg *idx, const pvc_mreg *mask,
                        const xshape *s)
{
    switch (s->slot * 16 + s->iw) {
    case 2 * 16 + 2: return lane_offsets(off, act, idx, mask, s->lanes, s->ew, 2, 2);
    case 4 * 16 + 4: return lane_offsets(off, act, idx, mask, s->lanes, s->ew, 4, 4);
    case 8 * 16 + 4: return lane_offsets(off, act, idx, mask, 32, 8, 4, 8);
    case 8 * 16 + 8: return lane_offsets(off, act, idx, mask, 32, 8, 8, 8);
    default:         return lane_offsets(off, act, idx, mask, s->lanes, s->ew, s->iw, s->slot);
    }
}

/* Base alignment and every active lane's span [A + off, + ew) inside the UB; on failure the
 * fault names the lowest offending lane. Then the touches. Returns 1 to go ahead. */
static int check_and_touch(pvc_ctx *ctx, const char *op, int64_t base, const uint64_t *off,
                           const uint8_t *act, uint64_t top, const xshape *s,
                           pvc_touch_kind kind)
{
    if (!pvc_ub_check(ctx, op, base, 0, 1)) /* the base itself: then the sums below are exact */
        return 0;
    if (base % 32 != 0) {
        pvc_fault_raise(ctx, PVC_FAULT_MISALIGNED, op, base, 32,
                        "%s tile base 0x%llx is not 32-byte aligned", op, (unsigned long long)base);
        return 0;
    }
    if (top && (uint64_t)base + top > PVC_UB_BYTES)
        for (unsigned i = 0; i < s->lanes; i++)
            if (act[i] && !pvc_ub_check(ctx, op, base + (int64_t)off[i], s->ew, 1))
                return 0;
    if (ctx->touch)
        for (unsigned i = 0; i < s->lanes; i++)
            if (act[i])
                pvc_ub_touch(ctx, (uint32_t)base + (uint32_t)off[i], s->ew, kind);
    return 1;
}

void pvc_gather(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, pvc_dtype it, int64_t base,
                const pvc_vreg *idx, const pvc_mreg *mask)
{
    xshape s;
    uint64_t off[128], top;
    uint8_t act[128];
    pvc_vreg r;
    if (!tile_shape(t, it, 0, &s)) {
        bad_types(ctx, "gather", t, it);
        return;
    }
    top = offsets(off, act, idx, mask, &s);
    if (!check_and_touch(ctx, "gather", base, off, act, top, &s, PVC_TOUCH_VLOAD))
        return;
    memset(r.b, 0, PVC_VL);
    /* inactive lanes read UB[A .. A+ew), inside the UB whenever a lane is active (top >= ew);
     * the blend below zeroes them (§13 Q15 [I]) */
    if (top) {
        const uint8_t *p = ctx->ub + base;
        for (unsigned i = 0; i < s.lanes; i++)
            memcpy(r.b + s.slot * i, p + off[i], s.ew);
    }
    pvc_vreg_blend(dst, &r, mask, s.slot, PVC_MERGE_ZEROING);
}

/* vgatherb: block k enabled when any of m[32k .. 32k+31] is set (as DATA_BLOCK loads, §2.4). */
static int block_on(const pvc_mreg *m, unsigned k)
{
    uint32_t v;
    if (!m)
        return 1;
    memcpy(&v, m->bits + 4 * k, 4);
    return v != 0;
}

void pvc_gather_datablock(pvc_ctx *ctx, pvc_vreg *dst, int64_t base, const pvc_vreg *idx,
                          const pvc_mreg *mask)
{
    uint32_t off[8];
    pvc_vreg r;
    if (!pvc_ub_check(ctx, "gather", base, 0, 1)) /* the base itself: then the sums are exact */
        return;
    if (base % 32 != 0) {
        pvc_fault_raise(ctx, PVC_FAULT_MISALIGNED, "gather", base, 32,
                        "DATA_BLOCK_LOAD tile base 0x%llx is not 32-byte aligned", (unsigned long long)base);
        return;
    }
    memcpy(off, idx->b, sizeof off);
    for (unsigned k = 0; k < 8; k++) {
        if (!block_on(mask, k))
            continue;
        if (off[k] % 32 != 0) { /* [I] byte offsets must name whole 32-byte blocks */
            pvc_fault_raise(ctx, PVC_FAULT_MISALIGNED, "gather", base + off[k], 32,
                            "DATA_BLOCK_LOAD index %u = %u is not a multiple of 32", k, off[k]);
            return;
        }
        if (!pvc_ub_check(ctx, "gather", base + off[k], 32, 32))
            return;
    }
    for (unsigned k = 0; k < 8; k++)
        if (block_on(mask, k))
            pvc_ub_touch(ctx, (uint32_t)base + off[k], 32, PVC_TOUCH_VLOAD);
    for (unsigned k = 0; k < 8; k++) {
        if (block_on(mask, k))
            memcpy(r.b + 32 * k, ctx->ub + base + off[k], 32);
        else
            memset(r.b + 32 * k, 0, 32);
    }
    *dst = r;
}

/* vselr at constant width W: dst.e[i] = src.e[idx.uW[i] mod N]. */
static inline __attribute__((always_inline)) void
select_w(pvc_vreg *r, const pvc_vreg *src, const pvc_vreg *idx, unsigned W)
{
    unsigned n = PVC_VL / W;
    for (unsigned i = 0; i < n; i++) {
        unsigned k = (unsigned)rt_get(idx->b + W * i, W) & (n - 1);
        memcpy(r->b + W * i, src->b + W * k, W);
    }
}

void pvc_gather_reg(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                    const pvc_vreg *idx)
{
    pvc_vreg r;
    unsigned w = (unsigned)t < PVC_DT_COUNT ? pvc_dtype_lane_bytes(t) : 0;
    switch (w) {
    case 1: select_w(&r, src, idx, 1); break;
    case 2: select_w(&r, src, idx, 2); break;
    case 4: select_w(&r, src, idx, 4); break;
    default:
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "gather", 0, 0,
                        "register gather of %s: lanes must be 8, 16 or 32 bits",
                        (unsigned)t < PVC_DT_COUNT ? pvc_dtype_table[t].name : "?");
        return;
    }
    *dst = r;
}

void pvc_scatter(pvc_ctx *ctx, pvc_dtype t, pvc_dtype it, int64_t base, const pvc_vreg *src,
                 const pvc_vreg *idx, const pvc_mreg *mask)
{
    xshape s;
    uint64_t off[128], top;
    uint8_t act[128];
    if (!tile_shape(t, it, 1, &s)) {
        bad_types(ctx, "scatter", t, it);
        return;
    }
    top = offsets(off, act, idx, mask, &s);
    if (!check_and_touch(ctx, "scatter", base, off, act, top, &s, PVC_TOUCH_VSTORE))
        return;
    /* lanes in increasing order: on a duplicate index the highest active lane wins [I];
     * b8 moves byte 2i of the source (the low byte of 16-bit lane i) */
    for (unsigned i = 0; i < s.lanes; i++)
        if (act[i])
            memcpy(ctx->ub + base + off[i], src->b + s.slot * i, s.ew);
}

void pvc_gather_tile(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, pvc_dtype it, int64_t base,
                     const pvc_vreg *idx, const pvc_mreg *mask, int data_copy_mode)
{
    if (data_copy_mode == 0)
        pvc_gather(ctx, dst, t, it, base, idx, mask);
    else
        pvc_gather_datablock(ctx, dst, base, idx, mask);
}
