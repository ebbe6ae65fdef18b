/* tile_cvt.c - pl.cast (pvc_rt_tile.h, docs/SEMANTICS.md §15.6): PTO's TCVT over dst's valid
 * shape, each element converted by the cast library's rule (pvc_cast_scalar, the one vf.astype
 * uses) with the round mode and saturation TCVT picks for the pair. */
#include "tile_internal.h"

int pvc_tile_cast_legal(pvc_dtype from, pvc_dtype to)
{
#define X(f, t) if (from == PVC_DT_##f && to == PVC_DT_##t) return 1;
    PVC_TILE_CASTS(X)
#undef X
    return 0;
}

static int is_float(pvc_dtype t) { return pvc_dtype_table[t].kind == PVC_KIND_F || pvc_dtype_table[t].kind == PVC_KIND_Q; }
static int is_int(pvc_dtype t) { return pvc_dtype_table[t].kind == PVC_KIND_S || pvc_dtype_table[t].kind == PVC_KIND_U; }

pvc_round pvc_tile_cast_round(pvc_tile_round mode, pvc_dtype from, pvc_dtype to)
{
    switch (mode) {
    case PVC_TR_RINT: return PVC_ROUND_RINT;
    case PVC_TR_ROUND: return PVC_ROUND_ROUND;
    case PVC_TR_FLOOR: return PVC_ROUND_FLOOR;
    case PVC_TR_CEIL: return PVC_ROUND_CEIL;
    case PVC_TR_TRUNC: return PVC_ROUND_TRUNC;
    case PVC_TR_ODD:
        if (from == PVC_DT_FP32 && to == PVC_DT_FP16)
            return PVC_ROUND_ODD;
        break;
    default: break;
    }
    return is_float(from) && is_int(to) ? PVC_ROUND_TRUNC : PVC_ROUND_RINT;
}

pvc_sat pvc_tile_cast_sat(pvc_dtype from, pvc_dtype to)
{
    static const struct { pvc_dtype from, to; } off[] = {
        {PVC_DT_FP16, PVC_DT_UINT8}, {PVC_DT_FP16, PVC_DT_INT8}, {PVC_DT_FP32, PVC_DT_INT16},
        {PVC_DT_FP16, PVC_DT_INT16}, {PVC_DT_INT64, PVC_DT_INT32}, {PVC_DT_INT32, PVC_DT_INT16},
    };
    for (size_t i = 0; i < sizeof off / sizeof off[0]; i++)
        if (off[i].from == from && off[i].to == to)
            return PVC_SAT_OFF;
    return PVC_SAT_ON;
}

/* FP32 -> FP32 (vtrc): x rounded to an integral value by r; below 2^23 through the INT64
 * conversion (exact there), the zero keeping x's sign; larger values, inf and NaN as they are. */
static uint64_t round_integral(uint64_t code, pvc_round r)
{
    uint32_t u = (uint32_t)code, mag = u & 0x7FFFFFFFu;
    if (mag >= 0x4B000000u) /* |x| >= 2^23, inf, NaN: already integral or not a number */
        return u;
    uint64_t i = pvc_cast_scalar(PVC_DT_FP32, PVC_DT_INT64, u, r, PVC_SAT_ON);
    uint32_t y = (uint32_t)pvc_cast_scalar(PVC_DT_INT64, PVC_DT_FP32, i, PVC_ROUND_RINT, PVC_SAT_ON);
    return (y & 0x7FFFFFFFu) ? y : (u & 0x80000000u); /* a zero result keeps x's sign */
}

/* One element from -> to by TCVT's path (above). */
static uint64_t convert(pvc_dtype from, pvc_dtype to, uint64_t code, pvc_round r, pvc_sat sat)
{
    if (from == PVC_DT_FP32 && to == PVC_DT_FP32)
        return round_integral(code, r);
    if (sat == PVC_SAT_OFF && to == PVC_DT_INT16 && (from == PVC_DT_FP32 || from == PVC_DT_FP16))
        return pvc_cast_scalar(from, PVC_DT_INT32, code, r, sat) & 0xFFFFu;
    if (sat == PVC_SAT_OFF && from == PVC_DT_FP16 && (to == PVC_DT_INT8 || to == PVC_DT_UINT8))
        return pvc_cast_scalar(from, PVC_DT_INT16, code, r, sat) & 0xFFu;
    return pvc_cast_scalar(from, to, code, r, sat);
}

/* A 4-bit tile's place in the UB: rows of cols / 2 bytes, valid extents inside the shape,
 * row-major (TCVT's FP4 paths count a row's columns as nibbles, §15.6). */
static int nibble_tile(pvc_ctx *ctx, const pvc_tile *t, int64_t vr, int64_t vc)
{
    if (vr < 0 || vc < 0 || vr > t->rows || vc > t->cols || t->cols % 2 || t->layout == PVC_TL_DN) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "pl.cast", t->addr, 0, "a %ux%u %s tile with valid shape [%lld, "
                        "%lld]: 4-bit tiles are row-major, an even number of columns, the valid shape inside",
                        t->rows, t->cols, pvc_dtype_table[t->dtype].name, (long long)vr, (long long)vc);
        return 0;
    }
    return pvc_ub_check(ctx, "pl.cast", t->addr, (uint64_t)t->rows * t->cols / 2, 1);
}

/* TCVT between BF16 and FP4 (TCvt.hpp castBf16toFp4 / castFp4toBf16): the rows of dst's valid
 * shape, elements 2k and 2k+1 of a row the low and high nibble of its byte k. To FP4, dst's
 * first valid-rows rows are zeroed whole first and each row gets its complete bytes only, so
 * the last element of an odd valid width is not written. */
static int64_t cast_nibbles(pvc_ctx *ctx, const pvc_tile *dst, int64_t dvr, int64_t dvc, const pvc_tile *src,
                            int64_t svr, int64_t svc, pvc_round r, pvc_sat sat)
{
    int to4 = pvc_dtype_table[dst->dtype].bits == 4;
    const pvc_tile *wide = to4 ? src : dst;
    if (!nibble_tile(ctx, to4 ? dst : src, to4 ? dvr : svr, to4 ? dvc : svc) ||
        !pvc_ub_check(ctx, "pl.cast", wide->addr, (uint64_t)wide->rows * wide->cols * 2, 1))
        return 0;
    if (dvr > src->rows || dvc > src->cols) { /* src is read at dst's places */
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "pl.cast", dst->addr, 0, "valid shape [%lld, %lld] outside a tile",
                        (long long)dvr, (long long)dvc);
        return 0;
    }
    uint32_t rows = (uint32_t)dvr, cols = (uint32_t)dvc;
    if (to4) {
        uint32_t fill = rows * (dst->cols / 2), pitch = dst->cols / 2;
        pvc_ub_touch(ctx, src->addr, rows * src->cols * 2, PVC_TOUCH_VLOAD);
        pvc_ub_touch(ctx, dst->addr, fill, PVC_TOUCH_VSTORE);
        memset(ctx->ub + dst->addr, 0, fill);
        for (uint32_t i = 0; i < rows; i++)
            for (uint32_t c = 0; c + 2 <= cols; c += 2) { /* complete bytes only */
                uint8_t *sp = ctx->ub + src->addr + (i * src->cols + c) * 2;
                uint64_t lo = pvc_cast_scalar(src->dtype, dst->dtype, rt_get(sp, 2), r, sat) & 0xF;
                uint64_t hi = pvc_cast_scalar(src->dtype, dst->dtype, rt_get(sp + 2, 2), r, sat) & 0xF;
                ctx->ub[dst->addr + i * pitch + c / 2] = (uint8_t)(lo | hi << 4);
            }
    } else {
        pvc_ub_touch(ctx, src->addr, rows * (src->cols / 2), PVC_TOUCH_VLOAD);
        pvc_ub_touch(ctx, dst->addr, rows * dst->cols * 2, PVC_TOUCH_VSTORE);
        for (uint32_t i = 0; i < rows; i++)
            for (uint32_t c = 0; c < cols; c++) {
                uint8_t b = ctx->ub[src->addr + i * (src->cols / 2) + c / 2];
                uint64_t v = pvc_cast_scalar(src->dtype, dst->dtype, c & 1 ? b >> 4 : b & 0xF, r, sat);
                rt_put(ctx->ub + dst->addr + (i * dst->cols + c) * 2, 2, v);
            }
    }
    return rt_tile_done(ctx, rt_tv_chunks(rows, cols, 2));
}

int64_t pvc_tile_cast(pvc_ctx *ctx, const pvc_tile *dst, int64_t dst_vr, int64_t dst_vc, const pvc_tile *src,
                      int64_t src_vr, int64_t src_vc, pvc_tile_round mode)
{
    if ((unsigned)dst->dtype < PVC_DT_COUNT && (unsigned)src->dtype < PVC_DT_COUNT &&
        pvc_tile_cast_legal(src->dtype, dst->dtype) && (unsigned)mode < PVC_TR_COUNT &&
        (pvc_dtype_table[dst->dtype].bits == 4 || pvc_dtype_table[src->dtype].bits == 4))
        return cast_nibbles(ctx, dst, dst_vr, dst_vc, src, src_vr, src_vc,
                            pvc_tile_cast_round(mode, src->dtype, dst->dtype), pvc_tile_cast_sat(src->dtype, dst->dtype));
    rt_tv d, s;
    if (!rt_tv_make(ctx, "pl.cast", &d, dst, dst_vr, dst_vc) || !rt_tv_make(ctx, "pl.cast", &s, src, src_vr, src_vc) ||
        !rt_tv_covers(ctx, "pl.cast", &s, d.lines, d.len))
        return 0;
    if (!pvc_tile_cast_legal(s.dt, d.dt) || (unsigned)mode >= PVC_TR_COUNT) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "pl.cast", dst->addr, 0, "no cast from %s to %s",
                        pvc_dtype_table[s.dt].name, pvc_dtype_table[d.dt].name);
        return 0;
    }
    pvc_round r = pvc_tile_cast_round(mode, s.dt, d.dt);
    pvc_sat sat = pvc_tile_cast_sat(s.dt, d.dt);
    unsigned wide = s.eb > d.eb ? s.eb : d.eb;
    uint32_t e = PVC_VL / wide;
    for (uint32_t line = 0; line < d.lines; line++)
        for (uint32_t k = 0; k < d.len; k += e) { /* per chunk: all loads before the stores */
            uint32_t n = d.len - k < e ? d.len - k : e, sa = rt_tv_addr(&s, line, k), da = rt_tv_addr(&d, line, k);
            uint64_t v[PVC_VL];
            pvc_ub_touch(ctx, sa, n * s.eb, PVC_TOUCH_VLOAD);
            for (uint32_t i = 0; i < n; i++)
                v[i] = convert(s.dt, d.dt, rt_get(ctx->ub + sa + i * s.eb, s.eb), r, sat);
            pvc_ub_touch(ctx, da, n * d.eb, PVC_TOUCH_VSTORE);
            for (uint32_t i = 0; i < n; i++)
                rt_put(ctx->ub + da + i * d.eb, d.eb, v[i]);
        }
    return rt_tile_done(ctx, rt_tv_chunks(d.lines, d.len, wide));
}
