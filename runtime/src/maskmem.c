/* maskmem.c - mask registers to and from UB (§2.5 plds/pld, §3.6 psts/pst).
 * Memory image LSB-first: membit(p) = bit p%8 of UB[A + p/8] (§1.2 [I]). */
#include "rt_internal.h"

const pvc_dist_info pvc_mask_dist_table[PVC_MD_COUNT] = {
#define X(name, bytes, align, formula) {#name, PVC_DIST_E, 0, 1, bytes, align, formula},
    PVC_MASK_DISTS(X)
#undef X
};

static int membit(const uint8_t *p, unsigned k) { return (p[k >> 3] >> (k & 7)) & 1; }

static int mask_check(pvc_ctx *ctx, const char *op, int64_t addr, int64_t step, pvc_mask_dist d,
                      int load)
{
    const pvc_dist_info *di;
    int is_load = d == PVC_MD_LD_NORM || d == PVC_MD_LD_US || d == PVC_MD_LD_DS;
    if ((unsigned)d >= PVC_MD_COUNT || is_load != load) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, addr, 0, "mask dist %d is not a mask %s dist",
                        (int)d, load ? "load" : "store");
        return 0;
    }
    di = &pvc_mask_dist_table[d];
    if (step % di->align != 0) {
        pvc_fault_raise(ctx, PVC_FAULT_MISALIGNED, op, addr, di->bytes,
                        "post-update step %lld is not a multiple of %u (%s)", (long long)step,
                        di->align, di->name);
        return 0;
    }
    return rt_ub_access(ctx, op, addr, di->bytes, di->align, load ? PVC_TOUCH_VLOAD : PVC_TOUCH_VSTORE);
}

static void mask_load_exec(pvc_mreg *m, const uint8_t *p, pvc_mask_dist d)
{
    pvc_mreg r;
    if (d == PVC_MD_LD_NORM) {
        memcpy(m->bits, p, sizeof m->bits);
        return;
    }
    memset(&r, 0, sizeof r);
    for (unsigned j = 0; j < PVC_VL; j++)   /* US: bit j/2; DS: bit 2j */
        pvc_mreg_set_bit(&r, j, membit(p, d == PVC_MD_LD_US ? j / 2 : 2 * j));
    *m = r;
}

static void mask_store_exec(uint8_t *p, const pvc_mreg *m, pvc_mask_dist d)
{
    if (d == PVC_MD_ST_NORM) {
        memcpy(p, m->bits, sizeof m->bits);
        return;
    }
    for (unsigned b = 0; b < 16; b++) {      /* PACK: membit(k) = m[2k], k < 128 */
        uint8_t v = 0;
        for (unsigned q = 0; q < 8; q++)
            v |= (uint8_t)(pvc_mreg_bit(m, 2 * (8 * b + q)) << q);
        p[b] = v;
    }
}

void pvc_mask_load(pvc_ctx *ctx, pvc_mreg *dst, int64_t addr, pvc_mask_dist d)
{
    if (mask_check(ctx, "load_align", addr, 0, d, 1))
        mask_load_exec(dst, ctx->ub + addr, d);
}

void pvc_mask_load_post(pvc_ctx *ctx, pvc_mreg *dst, int64_t *cursor, int64_t step,
                        pvc_mask_dist d)
{
    if (!mask_check(ctx, "load_align", rt_cur(cursor), step, d, 1))
        return;
    mask_load_exec(dst, ctx->ub + rt_cur(cursor), d);
    rt_cur_add(cursor, step);
}

void pvc_mask_store(pvc_ctx *ctx, int64_t addr, const pvc_mreg *src, pvc_mask_dist d)
{
    if (mask_check(ctx, "store_align", addr, 0, d, 0))
        mask_store_exec(ctx->ub + addr, src, d);
}

void pvc_mask_store_post(pvc_ctx *ctx, int64_t *cursor, int64_t step, const pvc_mreg *src,
                         pvc_mask_dist d)
{
    if (!mask_check(ctx, "store_align", rt_cur(cursor), step, d, 0))
        return;
    mask_store_exec(ctx->ub + rt_cur(cursor), src, d);
    rt_cur_add(cursor, step);
}
