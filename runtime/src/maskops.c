/* maskops.c - masks made from bits elsewhere (docs/SEMANTICS.md §10.14): the MASK special
 * register (pl.set_vec_mask writes it, vf.get_mask_spr expands it, movp_b32 / movp_b16) and
 * vf.mask_gen_with_reg_tensor (movvp: a chunk of a register's bits). Unlike the generators
 * (pvc_mask_create), each source bit fills ALL 2 or 4 mask bits of its element (§12 T19). */
#include "rt_internal.h"

const char *const pvc_mask_width_names[PVC_MASK_WIDTH_COUNT] = {
#define X(name, pyname, text) pyname,
    PVC_MASK_WIDTHS(X)
#undef X
};

void pvc_set_vec_mask(pvc_ctx *ctx, uint64_t high, uint64_t low)
{
    ctx->spr_mask[0] = low;   /* MASK0: mask bits 0..63 */
    ctx->spr_mask[1] = high;  /* MASK1: mask bits 64..127 */
}

void pvc_reset_mask(pvc_ctx *ctx)
{
    pvc_set_vec_mask(ctx, UINT64_MAX, UINT64_MAX);
}

/* Bit k of the 32 low bits of x fills bits 2k, 2k+1 (x2) of the result. */
static uint64_t fill2(uint64_t x) { return rt_bits_spread(x, 1) * 3; }
/* Bit k of the 16 low bits of x fills bits 4k .. 4k+3 of the result. */
static uint64_t fill4(uint64_t x) { return rt_bits_spread(rt_bits_spread(x & 0xFFFF, 1), 2) * 15; }

/* src: 128 bits (two words, b16: 2 mask bits each) or 64 bits (one word, b32: 4 each). */
static void fill_mask(pvc_mreg *dst, const uint64_t *src, unsigned per_bit)
{
    uint64_t d[4];
    if (per_bit == 2) {
        for (unsigned k = 0; k < 2; k++) {
            d[2 * k] = fill2(src[k]);
            d[2 * k + 1] = fill2(src[k] >> 32);
        }
    } else {
        for (unsigned k = 0; k < 4; k++)
            d[k] = fill4(src[0] >> (16 * k));
    }
    rt_mreg_set_words(dst, d);
}

void pvc_set_mask_mode(pvc_ctx *ctx, int count) { ctx->spr_mask_count = count; }

void pvc_get_mask_spr(pvc_ctx *ctx, pvc_mreg *dst, pvc_mask_width width)
{
    if (ctx->spr_mask_count) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "get_mask_spr", 0, 0,
                        "the MASK register is in counter mode (pl.set_mask_count): what a mask read gives then "
                        "is not modelled; pl.set_mask_norm first (§10.14)");
        return;
    }
    switch (width) {
    case PVC_MASK_WIDTH_B32: fill_mask(dst, ctx->spr_mask, 4); break; /* MASK0 only */
    case PVC_MASK_WIDTH_B16: fill_mask(dst, ctx->spr_mask, 2); break; /* MASK0 then MASK1 */
    default:
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "get_mask_spr", 0, 0,
                        "mask width %d is not B32 or B16", (int)width);
        break;
    }
}

/* movvp: chunk `offset` of the register (16 B for b16, 8 B for b32), LSB first [I]. */
void pvc_mask_gen_with_reg_tensor(pvc_ctx *ctx, pvc_mreg *dst, pvc_dtype t, const pvc_vreg *src,
                                  int offset)
{
    uint64_t c[2];
    unsigned bits = (unsigned)t < PVC_DT_COUNT ? pvc_dtype_table[t].bits : 0;
    if (!rt_lane_dt_in(t, RT_LANE_DT(FP16) | RT_LANE_DT(BF16) | RT_LANE_DT(INT16) |
                              RT_LANE_DT(UINT16) | RT_LANE_DT(FP32) | RT_LANE_DT(INT32) |
                              RT_LANE_DT(UINT32))) {
        rt_lane_bad_dtype(ctx, "mask_gen_with_reg_tensor", t);
        return;
    }
    int max = bits == 16 ? 15 : 31;
    if (offset < 0 || offset > max) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "mask_gen_with_reg_tensor", 0, 0,
                        "offset %d is outside 0..%d for a %u-bit source", offset, max, bits);
        return;
    }
    if (bits == 16) {
        memcpy(c, src->b + 16 * offset, 16);
        fill_mask(dst, c, 2);
    } else {
        memcpy(c, src->b + 8 * offset, 8);
        fill_mask(dst, c, 4);
    }
}
