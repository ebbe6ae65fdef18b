/* unalign.c - the unaligned family (§4): load stream with a cached 32-B block (§4.1),
 * store stream with a byte-valid parking register (§4.2 [I]), mask packing for pstu
 * (§4.3) and the AddrReg forms (§4.4 [I]). No address alignment is required except the
 * 16 / 8 bytes of a packed mask. */
#include "rt_internal.h"

/* The 32-byte block holding a: floor(a / 32) * 32, also below 0. */
static inline int64_t floor32(int64_t a)
{
    return a - (int64_t)((uint64_t)a & 31);
}

/* ---- load (§4.1) ---------------------------------------------------------------------- */

void pvc_load_unalign_init(pvc_ureg_ld *u)
{
    memset(u, 0, sizeof *u);
}

/* vldas: cache the 32-B block that holds A (which must itself be a UB address). */
void pvc_load_unalign_pre(pvc_ctx *ctx, pvc_ureg_ld *u, int64_t addr)
{
    int64_t b = floor32(addr);
    if (pvc_ub_check(ctx, "load_unalign_pre", addr, 0, 1) &&
        rt_ub_access(ctx, "load_unalign_pre", b, 32, 1, PVC_TOUCH_VLOAD))
        memcpy(u->buf, ctx->ub + b, 32);
}

/* vldus: R = u.buf[off..32) ++ UB[B+32 .. A+256); u.buf = UB[B+256 .. B+288). The cached
 * block is used blindly, as the hardware does (§4.1, §8 #9). Reads UB[B+32, B+288). */
static int load_unalign_at(pvc_ctx *ctx, pvc_vreg *dst, pvc_ureg_ld *u, int64_t addr)
{
    int64_t b = floor32(addr);
    uint32_t off = (uint32_t)(addr - b);
    if (!pvc_ub_check(ctx, "load_unalign", addr, 0, 1) ||
        !rt_ub_access(ctx, "load_unalign", b + 32, PVC_VL, 1, PVC_TOUCH_VLOAD))
        return 0;
    memcpy(dst->b, u->buf + off, 32 - off);
    memcpy(dst->b + (32 - off), ctx->ub + b + 32, PVC_VL - (32 - off));
    memcpy(u->buf, ctx->ub + b + PVC_VL, 32);
    return 1;
}

void pvc_load_unalign(pvc_ctx *ctx, pvc_vreg *dst, pvc_ureg_ld *u, int64_t addr)
{
    load_unalign_at(ctx, dst, u, addr);
}

void pvc_load_unalign_post(pvc_ctx *ctx, pvc_vreg *dst, pvc_ureg_ld *u, int64_t *cursor,
                           int64_t step)
{
    if (load_unalign_at(ctx, dst, u, rt_cur(cursor)))
        rt_cur_add(cursor, step);
}

void pvc_load_unalign_areg(pvc_ctx *ctx, pvc_vreg *dst, pvc_ureg_ld *u, int64_t cursor,
                           int64_t areg)
{
    pvc_load_unalign(ctx, dst, u, pvc_addr_add(cursor, areg));
}

/* ---- store (§4.2) --------------------------------------------------------------------- */

void pvc_unalign_reg_for_store(pvc_ureg_st *s)
{
    memset(s, 0, sizeof *s);
}

/* Appends S[0..n) at P: every byte below floor32(P+n) is written now (parked bytes of block
 * floor32(P) first), the rest is parked. n <= 256. Returns 0 after a fault. The span
 * reported as written runs from the first byte written (a parked one, or P) to floor32(E). */
static int stream(pvc_ctx *ctx, const char *op, int64_t p, const uint8_t *src, uint32_t n,
                  pvc_ureg_st *s)
{
    if (!pvc_ub_check(ctx, op, p, n, 1))
        return 0;
    int64_t e = p + n, bp = floor32(p), be = floor32(e); /* in the UB: no overflow */
    if (be > bp) {
        int64_t first = p;
        for (int64_t a = bp; a < p && first == p; a++)
            if (s->valid >> (a - bp) & 1)
                first = a;
        pvc_ub_touch(ctx, (uint32_t)first, (uint32_t)(be - first), PVC_TOUCH_VSTORE);
        for (int64_t a = bp; a < p; a++)         /* parked bytes in front of P */
            if (s->valid >> (a - bp) & 1)
                ctx->ub[a] = s->buf[a - bp];
        if (be > p)
            memcpy(ctx->ub + p, src, (size_t)(be - p));
        s->valid = 0;
    }
    for (int64_t a = be > p ? be : p; a < e; a++) { /* park the tail of the last block */
        s->buf[a - be] = src[a - p];
        s->valid |= 1u << (a - be);
    }
    return 1;
}

void pvc_store_unalign(pvc_ctx *ctx, int64_t *cursor, const pvc_vreg *src, pvc_ureg_st *s,
                       uint32_t count, unsigned elem_bytes, int post)
{
    uint64_t n = (uint64_t)count * elem_bytes;
    if (!rt_gran_ok(elem_bytes) || n > PVC_VL) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "store_unalign", rt_cur(cursor), (uint32_t)n,
                        "count %u x %u bytes exceeds one 256-byte register", count, elem_bytes);
        return;
    }
    if (stream(ctx, "store_unalign", rt_cur(cursor), src->b, (uint32_t)n, s) && post)
        rt_cur_add(cursor, (int64_t)n);
}

/* pstu (§4.3): packed bit k = m[gran*k]; 16 B at b16, 8 B at b32; cursor always advances. */
void pvc_mask_store_unalign(pvc_ctx *ctx, int64_t *cursor, const pvc_mreg *m, pvc_ureg_st *s,
                            unsigned gran)
{
    uint8_t packed[16];
    unsigned nbytes = pvc_mask_stu_bytes(gran);
    int64_t p = rt_cur(cursor);
    char a[24];
    if (gran != 2 && gran != 4) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "store_unalign", p, 0,
                        "mask packing granularity %u is not 2 or 4 bytes", gran);
        return;
    }
    if (!pvc_ub_check(ctx, "store_unalign", p, 0, 1))
        return;
    if (p % nbytes != 0) {
        pvc_fault_raise(ctx, PVC_FAULT_MISALIGNED, "store_unalign", p, nbytes,
                        "mask store_unalign at %s is not %u-byte aligned", pvc_addr_text(a, sizeof a, p), nbytes);
        return;
    }
    memset(packed, 0, sizeof packed);
    for (unsigned k = 0; k < 8 * nbytes; k++)
        packed[k / 8] |= (uint8_t)(pvc_mreg_bit(m, gran * k) << (k % 8));
    if (stream(ctx, "store_unalign", p, packed, nbytes, s))
        rt_cur_add(cursor, nbytes);
}

/* vstas / vstar: write the parked bytes into block floor32(*cursor), empty s. */
void pvc_store_unalign_post(pvc_ctx *ctx, int64_t *cursor, pvc_ureg_st *s, int64_t step, int post)
{
    int64_t bp = floor32(rt_cur(cursor));
    if (s->valid) {
        unsigned lo = 0, hi = 31;
        while (!(s->valid >> lo & 1))
            lo++;
        while (!(s->valid >> hi & 1))
            hi--;
        if (!rt_ub_access(ctx, "store_unalign_post", pvc_addr_add(bp, lo), hi - lo + 1, 1, PVC_TOUCH_VSTORE))
            return;
        for (unsigned k = lo; k <= hi; k++)
            if (s->valid >> k & 1)
                ctx->ub[bp + k] = s->buf[k];
        s->valid = 0;
    }
    if (post)
        rt_cur_add(cursor, step);
}

void pvc_ureg_st_check(pvc_ctx *ctx, const pvc_ureg_st *s, int64_t cursor)
{
    unsigned n = 0;
    for (uint32_t v = s->valid; v; v &= v - 1)
        n++;
    if (n)
        pvc_fault_raise(ctx, PVC_FAULT_UNFLUSHED, "store_unalign", floor32(cursor), n,
                        "%u parked byte(s) never flushed by store_unalign_post", n);
}

/* §4.4 [I]: address = cursor + areg, one full register (256 bytes), no cursor advance. */
void pvc_store_unalign_areg(pvc_ctx *ctx, int64_t cursor, int64_t areg, const pvc_vreg *src,
                            pvc_ureg_st *s, unsigned elem_bytes)
{
    int64_t p = pvc_addr_add(cursor, areg);
    if (!rt_gran_ok(elem_bytes)) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "store_unalign", p, 0,
                        "element width %u is not 1, 2, 4 or 8", elem_bytes);
        return;
    }
    pvc_store_unalign(ctx, &p, src, s, PVC_VL / elem_bytes, elem_bytes, 0);
}
