/* tile_sort.c - pl.sort32, pl.mrgsort, pl.mrgsort2 (pvc_rt_tile.h, docs/SEMANTICS.md §15.24,
 * §15.25): PTO's TSORT32 and TMRGSORT as the Ascend 950 implementation runs them, over the two
 * sorting instructions of the vector unit, modelled here once:
 *   vbitsort   sorts blocks of 32 (value, index) pairs, writing 8-byte records;
 *   vmrgsort4  merges up to four sorted record lists.
 * Both order values descending by the bits' total order (sign-magnitude: -NaN < -inf < ... <
 * -0 < +0 < ... < +inf < +NaN, §15.24 [I]) and never reorder equal keys. A record is 8 bytes:
 * FP32 [value, index]; FP16 [value, 0x0000, index] (index a little-endian uint32). */
#include <stdlib.h>

#include "tile_internal.h"

enum { SORT_BLOCK = 32, REC = 8, REPEAT_MAX = 255, MAX_UB_TMP = 32 * 255 };

/* The padding value of TSORT32's tail block: -(0.0 / 0.0), a NaN with the sign set, the lowest
 * key, so the padding sorts last (§15.24). */
static uint32_t pad_bits(pvc_dtype dt) { return dt == PVC_DT_FP32 ? 0xFFC00000u : 0xFE00u; }

/* The sort key of a value's bits: unsigned order of the keys is the total order above. */
static uint32_t key_of(pvc_dtype dt, uint32_t bits)
{
    uint32_t sign = dt == PVC_DT_FP32 ? 0x80000000u : 0x8000u, all = dt == PVC_DT_FP32 ? 0xFFFFFFFFu : 0xFFFFu;
    return bits & sign ? ~bits & all : bits | sign;
}

static uint32_t rd(const uint8_t *p, unsigned n)
{
    uint32_t v = 0;
    memcpy(&v, p, n);
    return v;
}

/* A record's value bits. */
static uint32_t rec_value(pvc_dtype dt, const uint8_t *rec) { return rd(rec, dt == PVC_DT_FP32 ? 4 : 2); }

/* vbitsort: `repeat` blocks, block b of 32 values at src + 32b elements and 32 indices at
 * idx + 32b, to 32 records at dst + 256b bytes, descending, equal keys by the smaller index,
 * then in input order (the PTO CPU model's stable sort). Each block is read whole before its
 * records are written. */
static int vbitsort(pvc_ctx *ctx, const char *op, pvc_dtype dt, uint32_t dst, uint32_t src, uint32_t idx,
                    uint32_t repeat)
{
    unsigned eb = dt == PVC_DT_FP32 ? 4 : 2;
    for (uint32_t b = 0; b < repeat; b++) {
        uint32_t s = src + b * SORT_BLOCK * eb, x = idx + b * SORT_BLOCK * 4, d = dst + b * SORT_BLOCK * REC;
        if (!rt_ub_access(ctx, op, s, SORT_BLOCK * eb, 1, PVC_TOUCH_VLOAD) ||
            !rt_ub_access(ctx, op, x, SORT_BLOCK * 4, 1, PVC_TOUCH_VLOAD))
            return 0;
        uint32_t val[SORT_BLOCK], ix[SORT_BLOCK], key[SORT_BLOCK];
        int ord[SORT_BLOCK];
        for (int k = 0; k < SORT_BLOCK; k++) {
            val[k] = rd(ctx->ub + s + (uint32_t)k * eb, eb);
            ix[k] = rd(ctx->ub + x + 4u * (uint32_t)k, 4);
            key[k] = key_of(dt, val[k]);
            ord[k] = k;
        }
        for (int i = 1; i < SORT_BLOCK; i++) { /* insertion sort: stable */
            int t = ord[i], j = i;
            for (; j > 0; j--) {
                int p = ord[j - 1];
                if (key[p] > key[t] || (key[p] == key[t] && ix[p] <= ix[t]))
                    break;
                ord[j] = p;
            }
            ord[j] = t;
        }
        if (!rt_ub_access(ctx, op, d, SORT_BLOCK * REC, 1, PVC_TOUCH_VSTORE))
            return 0;
        for (int k = 0; k < SORT_BLOCK; k++) {
            uint8_t *r = ctx->ub + d + (uint32_t)k * REC;
            memset(r, 0, REC);
            memcpy(r, &val[ord[k]], eb);
            memcpy(r + 4, &ix[ord[k]], 4);
        }
    }
    return 1;
}

/* The end of one instruction of the sequence: PTO's vector scopes order its stores before
 * the next instruction's loads (as rt_tile_done orders the op's before what follows). */
static void step_done(pvc_ctx *ctx) { pvc_mem_bar(ctx, PVC_MEMBAR_VV_ALL); }

/* A UB-to-UB copy of `blocks` 32-byte blocks (pto_copy_ubuf_to_ubuf), read whole, then written. */
static int ub_copy(pvc_ctx *ctx, const char *op, uint32_t dst, uint32_t src, uint32_t blocks)
{
    uint32_t n = blocks * 32;
    if (!rt_ub_access(ctx, op, src, n, 1, PVC_TOUCH_VLOAD))
        return 0;
    uint8_t *buf = malloc(n ? n : 1);
    if (!buf) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, dst, 0, "out of host memory");
        return 0;
    }
    memcpy(buf, ctx->ub + src, n);
    int ok = rt_ub_access(ctx, op, dst, n, 1, PVC_TOUCH_VSTORE);
    if (ok)
        memcpy(ctx->ub + dst, buf, n);
    free(buf);
    step_done(ctx);
    return ok;
}

/* TSORT32's tail padding: the 32 elements at `at` keep their first `tail` values, the rest
 * become the pad value (vlds, vdup under the inverted tail predicate, vsts of 32 elements). */
static int pad_block(pvc_ctx *ctx, const char *op, pvc_dtype dt, uint32_t at, uint32_t tail)
{
    unsigned eb = dt == PVC_DT_FP32 ? 4 : 2;
    if (!rt_ub_access(ctx, op, at, SORT_BLOCK * eb, 1, PVC_TOUCH_VSTORE))
        return 0;
    uint32_t p = pad_bits(dt);
    for (uint32_t k = tail; k < SORT_BLOCK; k++)
        memcpy(ctx->ub + at + k * eb, &p, eb);
    step_done(ctx);
    return 1;
}

static int sort_args(pvc_ctx *ctx, const char *op, const rt_tv *d, const rt_tv *s, const rt_tv *x, const rt_tv *t)
{
    const char *why = NULL;
    if ((s->dt != PVC_DT_FP32 && s->dt != PVC_DT_FP16) || d->dt != s->dt || (t && t->dt != s->dt))
        why = "dst, src (and tmp) of one dtype, FP16 or FP32";
    else if (x->dt != PVC_DT_UINT32)
        why = "a UINT32 idx";
    else if (d->col || s->col || x->col || (t && t->col))
        why = "row-major tiles";
    if (why)
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, d->t->addr, 0, "%s takes %s", op, why);
    return why == NULL;
}

int64_t pvc_tile_sort32(pvc_ctx *ctx, const pvc_tile *dst, int64_t dst_vr, int64_t dst_vc, const pvc_tile *src,
                        int64_t src_vr, int64_t src_vc, const pvc_tile *idx, int64_t idx_vr, int64_t idx_vc,
                        const pvc_tile *tmp, int64_t tmp_vr, int64_t tmp_vc)
{
    const char *op = "pl.sort32";
    rt_tv d, s, x, t;
    if (!rt_tv_make(ctx, op, &d, dst, dst_vr, dst_vc) || !rt_tv_make(ctx, op, &s, src, src_vr, src_vc) ||
        !rt_tv_make(ctx, op, &x, idx, idx_vr, idx_vc) || (tmp && !rt_tv_make(ctx, op, &t, tmp, tmp_vr, tmp_vc)) ||
        !sort_args(ctx, op, &d, &s, &x, tmp ? &t : NULL))
        return 0;
    unsigned eb = s.eb, coef = REC / eb;
    uint32_t vc = s.vc, tail = vc % SORT_BLOCK;
    uint32_t dstride = dst->cols * eb, sstride = src->cols * eb, xstride = x.vr == 1 ? 0 : idx->cols * 4u;
    int64_t blocks = 0;
    for (uint32_t r = 0; r < d.vr; r++) {
        uint32_t dr = dst->addr + r * dstride, sr = src->addr + r * sstride, xr = idx->addr + r * xstride;
        if (!tmp || tail == 0) {
            /* the aligned form: vc / 32 blocks, in calls of at most 255; the last call's
             * count is repeat % 255, 0 when repeat is a multiple of 255 above 255 */
            uint32_t repeat = vc / SORT_BLOCK;
            if (repeat <= REPEAT_MAX) {
                if (!vbitsort(ctx, op, s.dt, dr, sr, xr, repeat))
                    return 0;
                blocks += repeat;
                continue;
            }
            uint32_t loops = (repeat + REPEAT_MAX - 1) / REPEAT_MAX;
            for (uint32_t j = 0; j < loops; j++) {
                uint32_t n = j == loops - 1 ? repeat % REPEAT_MAX : REPEAT_MAX, off = j * REPEAT_MAX * SORT_BLOCK;
                if (!vbitsort(ctx, op, s.dt, dr + off * coef * eb, sr + off * eb, xr + off * 4, n))
                    return 0;
                blocks += n;
            }
            continue;
        }
        uint32_t repeat = (vc + SORT_BLOCK - 1) / SORT_BLOCK, last = (repeat - 1) * SORT_BLOCK;
        if (vc * eb <= MAX_UB_TMP) {
            /* the whole row into tmp, its last block padded, sorted from tmp */
            if (!ub_copy(ctx, op, tmp->addr, sr, (vc * eb + 31) / 32) ||
                !pad_block(ctx, op, s.dt, tmp->addr + last * eb, tail) ||
                !vbitsort(ctx, op, s.dt, dr, tmp->addr, xr, repeat))
                return 0;
        } else {
            /* the full blocks from src, the tail block alone through tmp */
            if (repeat % REPEAT_MAX == 0) {
                pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, dst->addr, 0, "a row of %u blocks, a multiple of 255 "
                                "with a tail: TSORT32's tail call gets a block count of -1 (§15.24)", repeat);
                return 0;
            }
            for (uint32_t j = 0; j * REPEAT_MAX * SORT_BLOCK < last; j++) {
                uint32_t off = j * REPEAT_MAX * SORT_BLOCK, n = (last - off) / SORT_BLOCK;
                n = n < REPEAT_MAX ? n : REPEAT_MAX;
                if (!vbitsort(ctx, op, s.dt, dr + off * coef * eb, sr + off * eb, xr + off * 4, n))
                    return 0;
            }
            if (!ub_copy(ctx, op, tmp->addr, sr + last * eb, (tail * eb + 31) / 32) ||
                !pad_block(ctx, op, s.dt, tmp->addr, tail) ||
                !vbitsort(ctx, op, s.dt, dr + last * coef * eb, tmp->addr, xr + last * 4, 1))
                return 0;
        }
        blocks += repeat;
    }
    return rt_tile_done(ctx, blocks);
}

/* ---- vmrgsort4 ------------------------------------------------------------------------- */

typedef struct {
    uint32_t addr, count; /* a list: `count` records from `addr` */
} rec_list;

/* Merges lists[0..n) into records from `dst`, the largest key first, equal keys by the lower
 * list; with `exhausted` the merge stops once a list has given its last record. The lists are
 * read whole before a record is written. Returns the records written, or -1 after a fault. */
static int64_t vmrgsort4(pvc_ctx *ctx, const char *op, pvc_dtype dt, uint32_t dst, const rec_list *lists, int n,
                         int exhausted)
{
    uint64_t total = 0;
    for (int k = 0; k < n; k++) {
        if (!rt_ub_access(ctx, op, lists[k].addr, (uint64_t)lists[k].count * REC, 8, PVC_TOUCH_VLOAD))
            return -1;
        total += lists[k].count;
    }
    uint8_t *in = malloc(total * REC + 1), *out = malloc(total * REC + 1);
    if (!in || !out) {
        free(in);
        free(out);
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, dst, 0, "out of host memory");
        return -1;
    }
    uint64_t at[4], end[4], w = 0;
    for (int k = 0, o = 0; k < n; o += (int)lists[k].count, k++) {
        memcpy(in + (size_t)o * REC, ctx->ub + lists[k].addr, (size_t)lists[k].count * REC);
        at[k] = (uint64_t)o;
        end[k] = (uint64_t)o + lists[k].count;
    }
    for (;;) {
        int best = -1;
        uint32_t bk = 0;
        for (int k = 0; k < n; k++) {
            if (at[k] == end[k])
                continue;
            uint32_t key = key_of(dt, rec_value(dt, in + at[k] * REC));
            if (best < 0 || key > bk)
                best = k, bk = key;
        }
        if (best < 0)
            break;
        memcpy(out + w * REC, in + at[best] * REC, REC);
        w++;
        if (++at[best] == end[best] && exhausted)
            break;
    }
    int ok = rt_ub_access(ctx, op, dst, w * REC, 8, PVC_TOUCH_VSTORE);
    if (ok)
        memcpy(ctx->ub + dst, out, w * REC);
    free(in);
    free(out);
    return ok ? (int64_t)w : -1;
}

static int mrg_args(pvc_ctx *ctx, const char *op, const rt_tv *const *v, int n)
{
    for (int k = 0; k < n; k++) {
        const char *why = NULL;
        if (v[k]->dt != PVC_DT_FP32 && v[k]->dt != PVC_DT_FP16)
            why = "FP16 or FP32 tiles";
        else if (v[k]->dt != v[0]->dt)
            why = "tiles of one dtype";
        else if (v[k]->col)
            why = "row-major tiles";
        if (why) {
            pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, v[k]->t->addr, 0, "%s takes %s", op, why);
            return 0;
        }
    }
    return 1;
}

int64_t pvc_tile_mrgsort(pvc_ctx *ctx, const pvc_tile *dst, int64_t dst_vr, int64_t dst_vc, const pvc_tile *src,
                         int64_t src_vr, int64_t src_vc, int64_t block_len)
{
    const char *op = "pl.mrgsort";
    rt_tv d, s;
    if (!rt_tv_make(ctx, op, &d, dst, dst_vr, dst_vc) || !rt_tv_make(ctx, op, &s, src, src_vr, src_vc) ||
        !mrg_args(ctx, op, (const rt_tv *const[]){&d, &s}, 2))
        return 0;
    if (block_len <= 0 || block_len > 0xFFFFFF) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, dst->addr, 0, "block_len=%lld: a positive element count",
                        (long long)block_len);
        return 0;
    }
    /* TMRGSORT_IMPL: four lists of block_len elements' worth of records, repeated
     * src cols / (4 block_len) times (an 8-bit count), each repeat four lists further on */
    uint32_t recs = (uint32_t)block_len * s.eb / REC, repeat = (uint8_t)(s.vc / ((uint32_t)block_len * 4));
    int64_t written = 0;
    for (uint32_t k = 0; k < repeat; k++) {
        rec_list l[4];
        for (int j = 0; j < 4; j++)
            l[j] = (rec_list){src->addr + (k * 4 + (uint32_t)j) * recs * REC, recs};
        int64_t w = vmrgsort4(ctx, op, s.dt, dst->addr + k * 4 * recs * REC, l, 4, 0);
        if (w < 0)
            return 0;
        written += w;
    }
    return rt_tile_done(ctx, (written * REC + PVC_VL - 1) / PVC_VL);
}

int64_t pvc_tile_mrgsort_lists(pvc_ctx *ctx, int64_t nlists, int64_t exhausted, const pvc_tile *dst, int64_t dst_vr,
                               int64_t dst_vc, const pvc_tile *tmp, int64_t tmp_vr, int64_t tmp_vc,
                               const pvc_tile *src0, int64_t src0_vr, int64_t src0_vc, const pvc_tile *src1,
                               int64_t src1_vr, int64_t src1_vc, const pvc_tile *src2, int64_t src2_vr,
                               int64_t src2_vc, const pvc_tile *src3, int64_t src3_vr, int64_t src3_vc)
{
    const char *op = "pl.mrgsort2";
    const pvc_tile *st[4] = {src0, src1, src2, src3};
    int64_t svr[4] = {src0_vr, src1_vr, src2_vr, src3_vr}, svc[4] = {src0_vc, src1_vc, src2_vc, src3_vc};
    rt_tv d, t, s[4];
    const rt_tv *all[6] = {&d, &t};
    if (nlists < 2 || nlists > 4) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, dst->addr, 0, "%lld lists: TMRGSORT merges 2 to 4",
                        (long long)nlists);
        return 0;
    }
    if (!rt_tv_make(ctx, op, &d, dst, dst_vr, dst_vc) || !rt_tv_make(ctx, op, &t, tmp, tmp_vr, tmp_vc))
        return 0;
    for (int k = 0; k < nlists; k++) {
        if (!rt_tv_make(ctx, op, &s[k], st[k], svr[k], svc[k]))
            return 0;
        all[2 + k] = &s[k];
    }
    if (!mrg_args(ctx, op, all, 2 + (int)nlists))
        return 0;
    /* TMRGSORT_IMPL: list k is src k's valid cols' records; the merge goes to tmp, then dst's
     * valid cols (whole 32-byte blocks) are copied from tmp */
    rec_list l[4];
    for (int k = 0; k < nlists; k++)
        l[k] = (rec_list){st[k]->addr, s[k].vc * s[k].eb / REC};
    int64_t w = vmrgsort4(ctx, op, d.dt, tmp->addr, l, (int)nlists, exhausted != 0);
    step_done(ctx);
    if (w < 0 || !ub_copy(ctx, op, dst->addr, tmp->addr, (d.vc * d.eb + 31) / 32))
        return 0;
    return rt_tile_done(ctx, (w * REC + PVC_VL - 1) / PVC_VL);
}
