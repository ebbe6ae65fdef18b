/* cube_mad.c - pl.matmul / matmul_acc / matmul with bias (docs/SEMANTICS.md §16.5).
 *
 * The operands are read through their layouts' index maps into row-major scratch (A as
 * M x K, B transposed as N x K so the inner loop walks both contiguously), then every output
 * element is one accumulation chain over k. The MAC's real order and width are not public;
 * the default rule is pto-isa's CPU model, a sequential FP32 fused multiply-add from init
 * (§16.5.4). FP16, BF16 and FP8 products are exact in FP32, so for them fmaf(a, b, acc) is
 * acc + a*b rounded once and the plain expression below is the same number. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rt_internal.h"

const char *const pvc_mad_rule_name[PVC_MAD_RULE_COUNT] = {
#define X(name, text, doc) text,
    PVC_MAD_RULES(X)
#undef X
};

static int is_fp8(pvc_dtype t)
{
    return t == PVC_DT_FP8E4M3FN || t == PVC_DT_FP8E5M2;
}

pvc_dtype pvc_mad_acc_dtype(pvc_dtype l, pvc_dtype r)
{
    if (l == PVC_DT_INT8 && r == PVC_DT_INT8)
        return PVC_DT_INT32;
    if ((l == r && (l == PVC_DT_FP16 || l == PVC_DT_BF16 || l == PVC_DT_FP32 || l == PVC_DT_HF8)) ||
        (is_fp8(l) && is_fp8(r)))
        return PVC_DT_FP32;
    return PVC_DT_COUNT;
}

/* Rows [0, rows) x cols [0, cols) of tile t (logical), as doubles / int64 row-major, or
 * transposed (out[c*rows + r]). */
static void unpack(const uint8_t *buf, const pvc_tile *t, int64_t rows, int64_t cols, int trans, double *out)
{
    pvc_tgeom g;
    pvc_tile_geom(t, &g);
    for (int64_t r = 0; r < rows; r++)
        for (int64_t c = 0; c < cols; c++) {
            const uint8_t *e = buf + pvc_tgeom_off(&g, r, c) * g.bytes;
            double v = t->dtype == PVC_DT_INT8 ? (double)(int8_t)e[0] : rt_elem_float(t->dtype, e);
            out[trans ? c * rows + r : r * cols + c] = v;
        }
}

static float chain_f32(const double *a, const double *b, int64_t k, float init, int fp32_in, int rule)
{
    if (rule == PVC_MAD_RULE_WIDE) {
        double s = init;
        for (int64_t i = 0; i < k; i++)
            s += a[i] * b[i]; /* FP16 / BF16 / FP8 products and their sums of a K <= 4095 chain */
        return (float)s;
    }
    float acc = init;
    if (fp32_in)
        for (int64_t i = 0; i < k; i++)
            acc = fmaf((float)a[i], (float)b[i], acc);
    else
        for (int64_t i = 0; i < k; i++)
            acc = acc + (float)a[i] * (float)b[i];
    return acc;
}

static int64_t chain_i32(const double *a, const double *b, int64_t k, int64_t init)
{
    int64_t acc = init; /* |products| <= 2^14, K <= 4095: no overflow of the sum (§16.5.4) */
    for (int64_t i = 0; i < k; i++)
        acc += (int64_t)a[i] * (int64_t)b[i];
    return (int64_t)(int32_t)(uint32_t)acc;
}

static int mad_operands_ok(pvc_ctx *ctx, const pvc_tile *dst, const pvc_tile *l, const pvc_tile *r,
                           int64_t m, int64_t k, int64_t n)
{
    pvc_dtype acc = pvc_mad_acc_dtype(l->dtype, r->dtype);
    if (acc == PVC_DT_COUNT || dst->dtype != acc) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "pl.matmul", dst->addr, 0, "%s x %s -> %s does not compile",
                        pvc_dtype_table[l->dtype].name, pvc_dtype_table[r->dtype].name,
                        pvc_dtype_table[dst->dtype].name);
        return 0;
    }
    if (m < 0 || k < 0 || n < 0 || m > l->rows || k > l->cols || k > r->rows || n > r->cols || m > dst->rows ||
        n > dst->cols) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "pl.matmul", dst->addr, 0,
                        "M x K x N = %lld x %lld x %lld does not fit lhs %ux%u, rhs %ux%u, dst %ux%u",
                        (long long)m, (long long)k, (long long)n, l->rows, l->cols, r->rows, r->cols, dst->rows,
                        dst->cols);
        return 0;
    }
    return 1;
}

static int64_t ceil16_within(int64_t v, uint32_t a, uint32_t b)
{
    int64_t c = (v + 15) / 16 * 16;
    if (c > a)
        c = a;
    return c > b ? b : c;
}

void pvc_mad(pvc_ctx *ctx, const pvc_tile *dst, const pvc_tile *lhs, const pvc_tile *rhs,
             const pvc_tile *bias, int64_t m, int64_t k, int64_t n, int64_t init)
{
    const char *op = "pl.matmul";
    uint8_t *d = pvc_space_bytes(ctx, op, dst), *a = d ? pvc_space_bytes(ctx, op, lhs) : NULL;
    uint8_t *b = a ? pvc_space_bytes(ctx, op, rhs) : NULL, *bt = NULL;
    if (!b || !mad_operands_ok(ctx, dst, lhs, rhs, m, k, n))
        return;
    if (init == PVC_MAD_BIAS && (!bias || !(bt = pvc_space_bytes(ctx, op, bias)) ||
                                 bias->dtype != dst->dtype || bias->cols < ceil16_within(n, dst->cols, rhs->cols))) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, dst->addr, 0, "the bias row does not match the result");
        return;
    }
    if (m == 0 || k == 0 || n == 0)
        return; /* the instruction does not execute (§16.5.3) */
    /* whole 16 x 16 result fractals, as far as the operands' static shapes reach */
    int64_t mm = ceil16_within(m, lhs->rows, dst->rows), nn = ceil16_within(n, rhs->cols, dst->cols);
    double *A = malloc(sizeof(double) * (size_t)(mm * k)), *B = malloc(sizeof(double) * (size_t)(nn * k));
    if (!A || !B) {
        free(A), free(B);
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, dst->addr, 0, "out of host memory for the operands");
        return;
    }
    unpack(a, lhs, mm, k, 0, A);
    unpack(b, rhs, k, nn, 1, B);
    pvc_tgeom g;
    pvc_tile_geom(dst, &g);
    int integer = dst->dtype == PVC_DT_INT32, fp32_in = lhs->dtype == PVC_DT_FP32;
    for (int64_t i = 0; i < mm; i++)
        for (int64_t j = 0; j < nn; j++) {
            uint8_t *e = d + pvc_tgeom_off(&g, i, j) * 4;
            uint32_t old = (uint32_t)rt_get(e, 4);
            if (init == PVC_MAD_BIAS)
                old = (uint32_t)rt_get(bt + j * 4, 4);
            else if (init == PVC_MAD_ZERO)
                old = 0;
            if (integer) {
                rt_put(e, 4, (uint32_t)chain_i32(A + i * k, B + j * k, k, (int32_t)old));
            } else {
                float f0, f;
                memcpy(&f0, &old, 4);
                f = chain_f32(A + i * k, B + j * k, k, f0, fp32_in, ctx->mad_rule);
                memcpy(&old, &f, 4);
                rt_put(e, 4, old);
            }
        }
    free(A);
    free(B);
}
