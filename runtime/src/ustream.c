/* ustream.c - the unified vf.load / vf.store (docs/SEMANTICS.md §10.16): the unaligned load
 * stream (§4.1) and store stream (§4.2) of unalign.c run with a fresh unaligned register,
 * as PP-BE emits them (vldas + vldus; vstus + vstas). The streams themselves are unalign.c's
 * functions; this file adds the one-span check and touch in front of them.
 * Counts and strides are in elements of the data dtype: bytes = count * lane bytes, for b64
 * too (§13 Q14 [I]: PP-BE doubles them for its 32-bit pointer, which is the same bytes). */
#include "rt_internal.h"

/* pre(A) + load(A) with a fresh register: dst = UB[A .. A+256), reading (so checking)
 * UB[floor32(A) .. floor32(A) + 288) (§4.1). */
static int uload(pvc_ctx *ctx, pvc_vreg *dst, int64_t addr)
{
    pvc_ureg_ld u;
    if (!pvc_ub_check(ctx, "load", addr, 0, 1)) /* A itself, then the span it reads */
        return 0;
    int64_t b = addr & ~(int64_t)31;
    if (!pvc_ub_check(ctx, "load", b, PVC_VL + 32, 1))
        return 0;
    pvc_load_unalign_init(&u); /* pre and load report [B, B+32) and [B+32, B+288) */
    pvc_load_unalign_pre(ctx, &u, addr);
    pvc_load_unalign(ctx, dst, &u, addr);
    return 1;
}

void pvc_load(pvc_ctx *ctx, pvc_vreg *dst, int64_t addr)
{
    uload(ctx, dst, addr);
}

void pvc_load_post(pvc_ctx *ctx, pvc_vreg *dst, int64_t *cursor, pvc_dtype t, int64_t stride)
{
    if ((unsigned)t >= PVC_DT_COUNT) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "load", rt_cur(cursor), 0, "dtype %d", (int)t);
        return;
    }
    if (uload(ctx, dst, rt_cur(cursor)))
        rt_cur_add(cursor, pvc_addr_mul(stride, pvc_dtype_lane_bytes(t)));
}

/* vstus(count) + vstas with a fresh register: exactly UB[P .. P+n) written, n = count * w;
 * the cursor always advances by n (§12 T13). */
void pvc_store(pvc_ctx *ctx, int64_t *cursor, pvc_dtype t, const pvc_vreg *src, uint32_t count)
{
    pvc_ureg_st s;
    uint32_t w, n;
    int64_t p = rt_cur(cursor);
    if ((unsigned)t >= PVC_DT_COUNT) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "store", p, 0, "dtype %d", (int)t);
        return;
    }
    w = pvc_dtype_lane_bytes(t);
    if (count > PVC_VL / w) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "store", p, 0,
                        "count %u exceeds the %u %s elements of a register", count, PVC_VL / w,
                        pvc_dtype_table[t].name);
        return;
    }
    n = count * w;
    if (!pvc_ub_check(ctx, "store", p, n, 1))
        return;
    pvc_unalign_reg_for_store(&s); /* the two calls report [P, P+n) between them */
    pvc_store_unalign(ctx, &p, src, &s, count, w, 1);   /* writes [P, floor32(P+n)), parks the tail */
    pvc_store_unalign_post(ctx, &p, &s, 0, 1);          /* the tail, at floor32(P+n) */
    *cursor = p;
}
