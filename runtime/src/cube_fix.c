/* cube_fix.c - the fixpipe: an Acc tile's results on their way to GM (pl.store) or to the
 * vector cores' UB (pl.move with acc_to_vec_mode) (docs/SEMANTICS.md §17.6, §17.4.4).
 *
 * Per element: relu (before the scale), then the scale of the deq word (x * s in FP32,
 * rounded to nearest even), then the conversion to the destination dtype. The conversions
 * that exist are the rows of fix_rules; every other pair does not compile. */
#include <math.h>
#include <string.h>

#include "rt_internal.h"

typedef struct {
    pvc_dtype acc, out;
    int plain, scaled; /* legal without / with a scale */
} fix_rule;

static const fix_rule fix_rules[] = {
    {PVC_DT_FP32, PVC_DT_FP32, 1, 1},     {PVC_DT_FP32, PVC_DT_FP16, 1, 1},
    {PVC_DT_FP32, PVC_DT_BF16, 1, 0},     {PVC_DT_FP32, PVC_DT_INT8, 0, 1},
    {PVC_DT_FP32, PVC_DT_FP8E4M3FN, 0, 1}, {PVC_DT_FP32, PVC_DT_HF8, 0, 1},
    {PVC_DT_INT32, PVC_DT_INT32, 1, 0},   {PVC_DT_INT32, PVC_DT_FP16, 0, 1},
    {PVC_DT_INT32, PVC_DT_INT8, 0, 1},
};

int pvc_fix_legal(pvc_dtype acc, pvc_dtype out, int has_scale)
{
    for (size_t i = 0; i < sizeof fix_rules / sizeof fix_rules[0]; i++)
        if (fix_rules[i].acc == acc && fix_rules[i].out == out)
            return has_scale ? fix_rules[i].scaled : fix_rules[i].plain;
    return 0;
}

static float f32_of(uint64_t bits)
{
    uint32_t u = (uint32_t)bits;
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static uint64_t bits_of(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* An integer result: round to nearest even, clamp to INT8 (signed) or [0, 255]; NaN -> 0 [I]. */
static uint64_t to_int8(float x, int is_signed)
{
    double lo = is_signed ? -128 : 0, hi = is_signed ? 127 : 255;
    if (x != x)
        return 0;
    double r = rint(x); /* the default rounding mode: nearest, ties to even */
    r = r < lo ? lo : r > hi ? hi : r;
    return (uint64_t)(uint8_t)(int8_t)(int)r;
}

uint64_t pvc_fix_convert(pvc_dtype acc, pvc_dtype out, uint64_t bits, int relu, uint64_t deq)
{
    int scaled = deq != PVC_FIX_NOSCALE;
    float s = scaled ? f32_of(deq) : 1.0f;
    if (acc == PVC_DT_INT32) {
        int32_t v = (int32_t)(uint32_t)bits;
        if (relu && v < 0)
            v = 0;
        if (out == PVC_DT_INT32)
            return (uint32_t)v;
        float x = (float)v * s; /* int32 -> FP32 nearest even, then the scale */
        if (out == PVC_DT_INT8)
            return to_int8(x, (deq & PVC_FIX_SIGNED_BIT) != 0);
        return pvc_value_encode(out, x, PVC_ROUND_RINT, PVC_SAT_OFF);
    }
    float x = f32_of(bits);
    if (relu && !(x > 0) && x == x)
        x = 0.0f; /* the vf.relu rule: NaN stays, negatives and -0 become +0 */
    if (scaled)
        x = x * s;
    switch (out) {
    case PVC_DT_FP32: return bits_of(x);
    case PVC_DT_INT8: return to_int8(x, (deq & PVC_FIX_SIGNED_BIT) != 0);
    case PVC_DT_HF8: return pvc_value_encode(out, x, PVC_ROUND_ROUND, PVC_SAT_OFF);
    default: return pvc_value_encode(out, x, PVC_ROUND_RINT, PVC_SAT_OFF);
    }
}


typedef struct {
    const uint8_t *acc;
    pvc_tgeom g;
    pvc_dtype acc_dt, out_dt;
    int relu;
    uint64_t deq;
    const uint8_t *scale; /* per-column deq words (INT64), or NULL */
} fix_src;

static uint64_t fix_elem(const fix_src *f, int64_t r, int64_t c)
{
    uint64_t bits = rt_get(f->acc + pvc_tgeom_off(&f->g, r, c) * 4, 4);
    /* a per-column word's FP32 scale is read as FP19 (sign, exponent, the top 10 mantissa bits;
     * §17.6.3): the fixpipe's deq tensor path */
    uint64_t deq = f->scale ? rt_get(f->scale + c * 8, 8) & ~(uint64_t)0x1FFF : f->deq;
    return pvc_fix_convert(f->acc_dt, f->out_dt, bits, f->relu, deq);
}

static int fix_src_of(pvc_ctx *ctx, const char *op, const pvc_tile *acc, pvc_dtype out, int64_t vr, int64_t vc,
                      int64_t relu, uint64_t deq, const pvc_tile *scale, fix_src *f)
{
    const uint8_t *a = pvc_space_bytes(ctx, op, acc);
    if (!a)
        return 0;
    const uint8_t *sc = NULL;
    if (scale && !(sc = pvc_space_bytes(ctx, op, scale)))
        return 0;
    if (acc->mem != PVC_MEM_ACC || !pvc_fix_legal(acc->dtype, out, scale || deq != PVC_FIX_NOSCALE)) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, acc->addr, 0, "the fixpipe has no %s -> %s conversion %s",
                        pvc_dtype_table[acc->dtype].name, pvc_dtype_table[out].name,
                        scale || deq != PVC_FIX_NOSCALE ? "with a scale" : "without a scale");
        return 0;
    }
    if (vr < 0 || vc < 0 || vr > acc->rows || vc > acc->cols ||
        (scale && (scale->dtype != PVC_DT_INT64 && scale->dtype != PVC_DT_UINT64 ? 1 : scale->cols < vc))) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, acc->addr, 0,
                        "valid shape %lldx%lld does not fit the %ux%u Acc tile (or its scale row)", (long long)vr,
                        (long long)vc, acc->rows, acc->cols);
        return 0;
    }
    *f = (fix_src){a, {0}, acc->dtype, out, relu != 0, deq, sc};
    pvc_tile_geom(acc, &f->g);
    return 1;
}

int64_t pvc_fix_store(pvc_ctx *ctx, const pvc_tensor *dst, const pvc_tile *acc, int64_t o0, int64_t o1,
                      int64_t o2, int64_t o3, int64_t o4, int64_t o5, int64_t o6, int64_t o7, int64_t row_axis, int64_t col_axis, int64_t valid_rows,
                      int64_t valid_cols, int64_t relu, uint64_t deq, const pvc_tile *scale, int64_t atomic)
{
    const char *op = "pl.store";
    int64_t vr = valid_rows == PVC_GM_WHOLE ? acc->rows : valid_rows;
    int64_t vc = valid_cols == PVC_GM_WHOLE ? acc->cols : valid_cols;
    const int64_t off[PVC_TENSOR_MAX_RANK] = {o0, o1, o2, o3, o4, o5, o6, o7};
    fix_src f;
    rt_cube_plane p;
    if (!rt_nz_whole(ctx, op, dst, acc, vr, vc, off) ||
        !rt_cube_plane_of(ctx, op, dst, off, (int)row_axis, (int)col_axis, &p) ||
        !fix_src_of(ctx, op, acc, dst->dtype, vr, vc, relu, deq, scale, &f))
        return 0;
    unsigned ob = pvc_dtype_table[dst->dtype].bits / 8;
    int64_t clipped = 0;
    if (atomic)
        pvc_gm_atomic_lock();
    for (int64_t r = 0; r < vr; r++)
        for (int64_t c = 0; c < vc; c++) {
            uint8_t *e = rt_cube_plane_elem(dst, &p, r, c, ob);
            if (!e) {
                clipped++;
                continue;
            }
            uint64_t v = fix_elem(&f, r, c);
            uint8_t bytes[8];
            rt_put(bytes, ob, v);
            pvc_gm_touch(ctx, e, ob, atomic ? PVC_GM_ATOMIC : PVC_GM_WRITE, atomic ? NULL : bytes);
            rt_put(e, ob, atomic ? rt_atomic_sum(dst->dtype, rt_get(e, ob), v) : v);
        }
    if (atomic)
        pvc_gm_atomic_unlock();
    return clipped;
}

/* Rows [r0, r0 + rows) x cols [c0, c0 + cols) of the result into vector core aiv's UB tile
 * vec, starting at its (0, 0). */
static void to_ub(pvc_ctx *ctx, pvc_ctx *aiv, const pvc_tile *vec, const fix_src *f, int64_t r0, int64_t c0,
                  int64_t rows, int64_t cols)
{
    if (rows > vec->rows || cols > vec->cols) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "pl.move", vec->addr, 0,
                        "a %lldx%lld result does not fit the %ux%u Vec tile", (long long)rows, (long long)cols,
                        vec->rows, vec->cols);
        return;
    }
    uint8_t *u = rt_space_at(ctx, aiv, "pl.move", vec);
    if (!u)
        return;
    pvc_tgeom g;
    pvc_tile_geom(vec, &g);
    for (int64_t r = 0; r < rows; r++)
        for (int64_t c = 0; c < cols; c++)
            rt_put(u + pvc_tgeom_off(&g, r, c) * g.bytes, g.bytes, fix_elem(f, r0 + r, c0 + c));
}

void pvc_fix_to_vec(pvc_ctx *ctx, const pvc_tile *vec, const pvc_tile *acc, int64_t valid_rows,
                    int64_t valid_cols, int64_t mode, int64_t relu, uint64_t deq, const pvc_tile *scale)
{
    const char *op = "pl.move";
    fix_src f;
    if (!fix_src_of(ctx, op, acc, vec->dtype, valid_rows, valid_cols, relu, deq, scale, &f))
        return;
    if (!ctx->aiv[0] || !ctx->aiv[1]) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, acc->addr, 0,
                        "an Acc -> Vec move runs on the cube core of a kernel with a section_vector");
        return;
    }
    int64_t m = valid_rows, n = valid_cols;
    switch (mode) {
    case PVC_ACC2VEC_SingleModeVec0: to_ub(ctx, ctx->aiv[0], vec, &f, 0, 0, m, n); return;
    case PVC_ACC2VEC_SingleModeVec1: to_ub(ctx, ctx->aiv[1], vec, &f, 0, 0, m, n); return;
    case PVC_ACC2VEC_DualModeSplitM: {
        int64_t v0 = (m + 1) / 2 * 2 / 2; /* ceil2(M) / 2 */
        to_ub(ctx, ctx->aiv[0], vec, &f, 0, 0, v0, n);
        to_ub(ctx, ctx->aiv[1], vec, &f, v0, 0, m - v0, n);
        return;
    }
    case PVC_ACC2VEC_DualModeSplitN: {
        int64_t v0 = (n + 31) / 32 * 32 / 2; /* ceil32(N) / 2 */
        v0 = v0 > n ? n : v0;
        to_ub(ctx, ctx->aiv[0], vec, &f, 0, 0, m, v0);
        to_ub(ctx, ctx->aiv[1], vec, &f, 0, v0, m, n - v0);
        return;
    }
    default:
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, acc->addr, 0, "acc_to_vec_mode %lld is not a mode", (long long)mode);
    }
}

uint64_t pvc_fix_deq_of(double scale, int64_t signed_out)
{
    float f = (float)scale;
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    return bits | (signed_out ? PVC_FIX_SIGNED_BIT : 0);
}
