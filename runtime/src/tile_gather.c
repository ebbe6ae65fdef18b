/* tile_gather.c - pl.gathermask, pl.gatherb and pl.gather (pvc_rt_tile.h, docs/SEMANTICS.md
 * §15.15, §15.16, §15.23): PTO's TGATHER with a MaskPattern (per chunk a fixed lane pattern, vsqz, vstur: the
 * kept elements streamed into dst) and TGATHERB (per chunk vgatherb of 32-byte blocks at the
 * byte offsets of the offset tile) and TGATHER by index (per chunk vgather2 of the element
 * offsets in idx), as the Ascend 950 implementations run them. */
#include "tile_internal.h"

/* Lane i of a chunk is kept by pattern p (pl.gathermask's pattern_mode 1..7: P0101, P1010,
 * P0001, P0010, P0100, P1000, P1111; the pattern's rightmost digit is lane 0). */
static int pattern_keeps(int64_t p, uint32_t i)
{
    switch (p) {
    case 1: return i % 2 == 0;
    case 2: return i % 2 == 1;
    case 7: return 1;
    default: return i % 4 == (uint32_t)(p - 3);
    }
}

/* The same-width dtype vsqz packs for t (it moves bits: a BF16 or 8-bit float as an int). */
static pvc_dtype squeeze_dtype(unsigned eb) { return eb == 1 ? PVC_DT_UINT8 : eb == 2 ? PVC_DT_UINT16 : PVC_DT_UINT32; }

int64_t pvc_tile_gathermask(pvc_ctx *ctx, const pvc_tile *out, int64_t out_vr, int64_t out_vc, const pvc_tile *src,
                            int64_t src_vr, int64_t src_vc, int64_t pattern_mode)
{
    const char *op = "pl.gathermask";
    rt_tv d, s;
    if (!rt_tv_make(ctx, op, &d, out, out_vr, out_vc) || !rt_tv_make(ctx, op, &s, src, src_vr, src_vc))
        return 0;
    if (pattern_mode < 1 || pattern_mode > 7 || d.eb != s.eb || s.eb > 4 || d.col || s.col) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, out->addr, 0, "pl.gathermask takes pattern_mode 1..7 (%lld) "
                        "and row-major tiles of one element width up to 4 bytes", (long long)pattern_mode);
        return 0;
    }
    /* the kept elements are one stream from dst's base: they must fit dst */
    uint64_t kept = 0;
    uint32_t lanes = rt_tv_lanes(&s);
    for (uint32_t c = 0; c < s.vc; c++)
        kept += pattern_keeps(pattern_mode, c % lanes);
    if (kept * s.vr > (uint64_t)out->rows * out->cols) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, out->addr, 0, "the %llu kept elements do not fit the %ux%u out "
                        "tile", (unsigned long long)(kept * s.vr), out->rows, out->cols);
        return 0;
    }
    pvc_mreg pat, m;
    memset(&pat, 0, sizeof pat);
    for (uint32_t i = 0; i < lanes; i++)
        pvc_mreg_set_bit(&pat, i * s.eb, pattern_keeps(pattern_mode, i));
    pvc_ureg_st u;
    memset(&u, 0, sizeof u);
    pvc_clear_spr(ctx); /* sprclr(AR) */
    int64_t chunks = 0;
    pvc_vreg v, q;
    for (uint32_t r = 0; r < s.vr; r++)
        for (uint32_t c = 0; c < s.vc; c += lanes, chunks++) {
            uint32_t n = s.vc - c < lanes ? s.vc - c : lanes;
            rt_tv_load(ctx, &s, r, c, n, &v);
            rt_first_lanes(&m, n, s.eb);
            for (unsigned b = 0; b < sizeof m.bits; b++) /* pand(pattern, the chunk's lanes) */
                m.bits[b] &= pat.bits[b];
            pvc_squeeze(ctx, &q, squeeze_dtype(s.eb), &v, &m, PVC_SQZ_STORE_REG);
            pvc_store_unalign_ar(ctx, out->addr, &q, &u);
        }
    pvc_store_unalign_post_ar(ctx, out->addr, &u); /* vstar */
    return rt_tile_done(ctx, chunks);
}

int64_t pvc_tile_gatherb(pvc_ctx *ctx, const pvc_tile *out, int64_t out_vr, int64_t out_vc, const pvc_tile *src,
                         int64_t src_vr, int64_t src_vc, const pvc_tile *offsets, int64_t offsets_vr,
                         int64_t offsets_vc)
{
    const char *op = "pl.gatherb";
    rt_tv d, s, o;
    if (!rt_tv_make(ctx, op, &d, out, out_vr, out_vc) || !rt_tv_make(ctx, op, &s, src, src_vr, src_vc) ||
        !rt_tv_make(ctx, op, &o, offsets, offsets_vr, offsets_vc))
        return 0;
    if (d.eb > 4 || o.eb != 4 || d.col || o.col) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, out->addr, 0, "pl.gatherb takes a row-major out of 1-, 2- or "
                        "4-byte elements and row-major 32-bit offsets");
        return 0;
    }
    uint32_t lanes = rt_tv_lanes(&d), reps = (d.vc + lanes - 1) / lanes;
    /* each chunk reads 8 offsets at element 8j of its row: they must lie in the offset tile */
    if (d.vr && reps && (uint64_t)(d.vr - 1) * offsets->cols + 8u * reps > (uint64_t)offsets->rows * offsets->cols) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, offsets->addr, 0, "out's valid shape [%u, %u] reads %u offsets "
                        "per row past the %ux%u offset tile", d.vr, d.vc, 8 * reps, offsets->rows, offsets->cols);
        return 0;
    }
    /* PTO walks rows inside chunks when out has more rows than chunks per row (TGatherBColWise) */
    int colwise = (out->cols + lanes - 1) / lanes <= out->rows;
    int64_t chunks = 0;
    for (uint32_t a = 0; a < (colwise ? reps : d.vr); a++)
        for (uint32_t b = 0; b < (colwise ? d.vr : reps); b++, chunks++) {
            uint32_t r = colwise ? b : a, j = colwise ? a : b;
            uint32_t n = d.vc - j * lanes < lanes ? d.vc - j * lanes : lanes;
            pvc_vreg idx, v;
            pvc_mreg m;
            uint32_t oa = offsets->addr + 4u * (r * offsets->cols + 8u * j);
            pvc_ub_touch(ctx, oa, 32, PVC_TOUCH_VLOAD);
            memset(idx.b, 0, PVC_VL);
            memcpy(idx.b, ctx->ub + oa, 32);
            rt_first_lanes(&m, n, d.eb);
            pvc_gather_datablock(ctx, &v, src->addr, &idx, &m);
            rt_tv_store(ctx, &d, r, j * lanes, n, &v);
        }
    return rt_tile_done(ctx, chunks);
}

int64_t pvc_tile_gather(pvc_ctx *ctx, const pvc_tile *out, int64_t out_vr, int64_t out_vc, const pvc_tile *src,
                        int64_t src_vr, int64_t src_vc, const pvc_tile *idx, int64_t idx_vr, int64_t idx_vc)
{
    const char *op = "pl.gather";
    rt_tv d, s, x;
    if (!rt_tv_make(ctx, op, &d, out, out_vr, out_vc) || !rt_tv_make(ctx, op, &s, src, src_vr, src_vc) ||
        !rt_tv_make(ctx, op, &x, idx, idx_vr, idx_vc) || !rt_tv_same_dtype(ctx, op, &d, &s))
        return 0;
    if (d.eb > 4 || (x.eb != 2 && x.eb != 4) || (d.eb == 4 && x.eb != 4) || (d.eb == 1 && x.eb != 2) || d.col ||
        x.col) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, out->addr, 0, "pl.gather takes 1-, 2- or 4-byte data with 16-bit "
                        "(1, 2 bytes) or 32-bit (2, 4 bytes) indices, row-major out and idx");
        return 0;
    }
    if (!rt_tv_covers(ctx, op, &x, d.lines, d.len))
        return 0;
    uint32_t lanes = PVC_VL / x.eb;
    pvc_dtype it = x.eb == 4 ? PVC_DT_UINT32 : PVC_DT_UINT16;
    int64_t chunks = 0;
    pvc_vreg iv, v, w;
    pvc_mreg m;
    for (uint32_t r = 0; r < d.vr; r++)
        for (uint32_t c = 0; c < d.vc; c += lanes, chunks++) {
            uint32_t n = d.vc - c < lanes ? d.vc - c : lanes;
            rt_tv_load(ctx, &x, r, c, n, &iv);
            rt_first_lanes(&m, n, x.eb);
            pvc_gather(ctx, &v, d.dt, it, src->addr, &iv, &m); /* vgather2 / vgather2_bc */
            if (d.eb < x.eb || d.eb == 1) { /* PK_B32 / PK_B16: each lane's low element */
                unsigned step = d.eb == 1 ? 2 : x.eb;
                for (uint32_t i = 0; i < n; i++)
                    memcpy(w.b + (size_t)i * d.eb, v.b + (size_t)i * step, d.eb);
                v = w;
            }
            rt_tv_store(ctx, &d, r, c, n, &v);
        }
    return rt_tile_done(ctx, chunks);
}

/* ---- the compare form (§15.23) ------------------------------------------------------------
 * TGATHER with a k-value tile, as the Ascend 950 implementation's ten variants run it: per
 * src row, the elements compared with that row's k, the indices of those that pass squeezed
 * into out's row (vsqz, vstur), the row's byte count into cdst. What each variant compares: */
typedef struct {
    uint32_t per;  /* elements per repeat; an index register of 64 lanes advances 64 a group */
    int tail_mask; /* the last repeat's lanes past the valid cols are off (else compared too) */
    int as_float;  /* compare the values as floats (else as uint32) */
} cmp_form;

static cmp_form cmp_form_of(pvc_dtype dt)
{
    switch (pvc_dtype_lane_bytes(dt)) {
    case 1: return (cmp_form){128, 0, 0};                      /* TGather_b8_*: zero-extended */
    case 2: return (cmp_form){64, 0, dt == PVC_DT_FP16};       /* TGather_half_*, TGather_b16_* */
    default: return (cmp_form){64, 1, 0};                      /* TGather_float_*, TGather_b32_* */
    }
}

static uint32_t rd_le(const uint8_t *p, unsigned n)
{
    uint32_t v = 0;
    memcpy(&v, p, n);
    return v;
}

/* Element c of a row, as the variant's compare sees it: bits (uint32) or a float. */
static uint32_t cmp_elem(pvc_dtype dt, uint32_t bits, float *f)
{
    switch (dt) {
    case PVC_DT_FP32: /* vcvt to s32, round to nearest, no saturation; compared as uint32 */
        return (uint32_t)pvc_cast_scalar(PVC_DT_FP32, PVC_DT_INT32, bits, PVC_ROUND_RINT, PVC_SAT_OFF);
    case PVC_DT_FP16: { /* unpacked to FP32, exact */
        uint32_t w = (uint32_t)pvc_cast_scalar(PVC_DT_FP16, PVC_DT_FP32, bits, PVC_ROUND_RINT, PVC_SAT_OFF);
        memcpy(f, &w, 4);
        return w;
    }
    default: return bits; /* integers zero-extended (UNPK_B8, UNPK_B16, a 32-bit lane) */
    }
}

/* The row's k as the variant broadcasts it: FP32 and 32-bit ints the k bits zero-extended; FP16
 * k's low 16 bits as a signed integer converted to FP32; 1- and 2-byte ints (uint32)(float)k. */
static uint32_t cmp_k(pvc_dtype dt, uint32_t k, float *f)
{
    switch (pvc_dtype_lane_bytes(dt)) {
    case 4: return k;
    default:
        if (dt == PVC_DT_FP16) {
            *f = (float)(int16_t)(uint16_t)k;
            return 0;
        }
        float kf = pvc_dtype_lane_bytes(dt) == 1 ? (float)(int32_t)k : (float)k;
        return kf >= 4294967296.0f ? UINT32_MAX : kf < 0 ? 0 : (uint32_t)kf; /* [I] out of range */
    }
}

int64_t pvc_tile_gather_cmp(pvc_ctx *ctx, const pvc_tile *out, int64_t out_vr, int64_t out_vc, const pvc_tile *src,
                            int64_t src_vr, int64_t src_vc, const pvc_tile *kv, int64_t kv_vr, int64_t kv_vc,
                            const pvc_tile *cdst, int64_t cdst_vr, int64_t cdst_vc, int64_t cmp_mode, int64_t offset)
{
    const char *op = "pl.gather";
    rt_tv d, s, k, c;
    if (!rt_tv_make(ctx, op, &d, out, out_vr, out_vc) || !rt_tv_make(ctx, op, &s, src, src_vr, src_vc) ||
        !rt_tv_make(ctx, op, &k, kv, kv_vr, kv_vc) || !rt_tv_make(ctx, op, &c, cdst, cdst_vr, cdst_vc))
        return 0;
    if ((d.dt != PVC_DT_INT32 && d.dt != PVC_DT_UINT32) || (k.dt != PVC_DT_UINT16 && k.dt != PVC_DT_UINT32) ||
        s.eb > 4 || s.dt == PVC_DT_BF16 || d.col || s.col) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, out->addr, 0, "the compare form takes an INT32/UINT32 out, "
                        "8- to 32-bit integer or FP16/FP32 src, UINT16/UINT32 k values, row-major out and src");
        return 0;
    }
    /* TGather_cmp's dispatch: cmp_mode 4 is GT, every other EQ; a UINT16 src runs the EQ
     * compare whatever the mode (only INT16 has a b16 GT variant) */
    int gt = cmp_mode == 4 && s.dt != PVC_DT_UINT16;
    cmp_form f = cmp_form_of(s.dt);
    uint32_t repeats = (s.vc + f.per - 1) / f.per, index = (uint32_t)offset;
    int64_t chunks = 0;
    for (uint32_t r = 0; r < s.vr; r++) {
        uint32_t kaddr = kv->addr + r * k.eb, row = src->addr + r * src->cols * s.eb;
        if (!rt_ub_access(ctx, op, kaddr, k.eb, 1, PVC_TOUCH_VLOAD))
            return 0;
        float kf = 0, xf = 0;
        uint32_t kk = cmp_k(s.dt, rd_le(ctx->ub + kaddr, k.eb), &kf), n = 0;
        uint32_t to = out->addr + r * out->cols * 4u;
        for (uint32_t j = 0; j < repeats; j++, chunks++) {
            uint32_t at = row + j * f.per * s.eb;
            if (!rt_ub_access(ctx, op, at, f.per * s.eb, 1, PVC_TOUCH_VLOAD))
                return 0;
            for (uint32_t g = 0; g < f.per; g += 64, index += 64) /* a 64-lane index register */
                for (uint32_t l = 0; l < 64; l++) {
                    uint32_t e = j * f.per + g + l;
                    if (f.tail_mask && e >= s.vc)
                        continue;
                    uint32_t x = cmp_elem(s.dt, rd_le(ctx->ub + at + (g + l) * s.eb, s.eb), &xf);
                    int hit = f.as_float ? (gt ? xf > kf : xf == kf) : (gt ? x > kk : x == kk);
                    if (!hit)
                        continue;
                    uint32_t v = index + l;
                    if (!rt_ub_access(ctx, op, to + 4 * n, 4, 1, PVC_TOUCH_VSTORE))
                        return 0;
                    memcpy(ctx->ub + to + 4 * n++, &v, 4);
                }
        }
        /* sprsts: the row's byte count (AR) into cdst element r */
        uint32_t bytes = 4 * n, ca = cdst->addr + r * c.eb;
        if (!rt_ub_access(ctx, op, ca, c.eb, 1, PVC_TOUCH_VSTORE))
            return 0;
        memcpy(ctx->ub + ca, &bytes, c.eb < 4 ? c.eb : 4);
    }
    return rt_tile_done(ctx, chunks);
}
