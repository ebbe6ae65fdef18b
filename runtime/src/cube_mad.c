/* cube_mad.c - pl.matmul / matmul_acc / matmul with bias (docs/SEMANTICS.md §17.5).
 *
 * The operands are read through their layouts' index maps into row-major scratch (A as
 * M x K, B transposed as N x K so the inner loop walks both contiguously), then every output
 * element is one accumulation chain over k. The MAC's real order and width are not public;
 * the default rule is pto-isa's CPU model, a sequential FP32 fused multiply-add from init
 * (§17.5.4). FP16, BF16 and FP8 products are exact in FP32, so for them fmaf(a, b, acc) is
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

/* Rows [0, rows) x cols [0, cols) of tile t (logical) as row-major values: floats (exact for
 * every input dtype of §17.5.2) and, for INT8, integers. Offsets by their row and column parts
 * (pvc_tgeom_part). */
static void unpack(const uint8_t *buf, const pvc_tile *t, int64_t rows, int64_t cols, float *f, int32_t *i)
{
    pvc_tgeom g;
    pvc_tile_geom(t, &g);
    int64_t *cp = cols > 0 ? malloc((size_t)cols * sizeof *cp) : NULL;
    for (int64_t c = 0; cp && c < cols; c++)
        cp[c] = pvc_tgeom_part(&g, 1, c) * g.bytes;
    for (int64_t r = 0; r < rows; r++) {
        const uint8_t *row = buf + pvc_tgeom_part(&g, 0, r) * g.bytes;
        for (int64_t c = 0; c < cols; c++) {
            const uint8_t *e = cp ? row + cp[c] : buf + pvc_tgeom_off(&g, r, c) * g.bytes;
            if (i)
                i[r * cols + c] = (int8_t)e[0];
            else
                f[r * cols + c] = (float)rt_elem_float(t->dtype, e);
        }
    }
    free(cp);
}

/* One output row, every column's chain in step over k (the order inside each chain is
 * k = 0, 1, ..., K-1 whatever the loop nest; the columns are independent, so the inner loop
 * is a vector loop). */
static void row_f32(float *acc, const float *a, const float *b, int64_t k, int64_t n, int fp32_in)
{
    for (int64_t kk = 0; kk < k; kk++) {
        const float aik = a[kk], *bk = b + kk * n;
        if (fp32_in)
            for (int64_t j = 0; j < n; j++)
                acc[j] = fmaf(aik, bk[j], acc[j]);
        else /* an FP16 / BF16 / FP8 product is exact in FP32: the same number as the fma */
            for (int64_t j = 0; j < n; j++)
                acc[j] = acc[j] + aik * bk[j];
    }
}

static void row_wide(float *acc, const float *a, const float *b, int64_t k, int64_t n)
{
    for (int64_t j = 0; j < n; j++) {
        double s = acc[j];
        for (int64_t kk = 0; kk < k; kk++)
            s += (double)a[kk] * b[kk * n + j];
        acc[j] = (float)s;
    }
}

/* INT8: |products| <= 2^14 and K <= 4095, so the int64 sum is exact and fits INT32 after an
 * INT32 init (wrapping, as the accumulator register would, if an init is near the edge). */
static void row_i32(int32_t *acc, const int32_t *a, const int32_t *b, int64_t k, int64_t n)
{
    for (int64_t j = 0; j < n; j++) {
        int64_t s = acc[j];
        for (int64_t kk = 0; kk < k; kk++)
            s += (int64_t)a[kk] * b[kk * n + j];
        acc[j] = (int32_t)(uint32_t)s;
    }
}

static int mad_shape_ok(pvc_ctx *ctx, const char *op, const pvc_tile *dst, const pvc_tile *l, const pvc_tile *r,
                        int64_t m, int64_t k, int64_t n)
{
    if (m < 0 || k < 0 || n < 0 || m > l->rows || k > l->cols || k > r->rows || n > r->cols || m > dst->rows ||
        n > dst->cols) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, dst->addr, 0,
                        "M x K x N = %lld x %lld x %lld does not fit lhs %ux%u, rhs %ux%u, dst %ux%u",
                        (long long)m, (long long)k, (long long)n, l->rows, l->cols, r->rows, r->cols, dst->rows,
                        dst->cols);
        return 0;
    }
    return 1;
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
    return mad_shape_ok(ctx, "pl.matmul", dst, l, r, m, k, n);
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
        return; /* the instruction does not execute (§17.5.3) */
    /* whole 16 x 16 result fractals, as far as the operands' static shapes reach */
    int64_t mm = ceil16_within(m, lhs->rows, dst->rows), nn = ceil16_within(n, rhs->cols, dst->cols);
    int integer = dst->dtype == PVC_DT_INT32, fp32_in = lhs->dtype == PVC_DT_FP32;
    size_t w = integer ? sizeof(int32_t) : sizeof(float);
    void *A = malloc(w * (size_t)(mm * k)), *B = malloc(w * (size_t)(k * nn)), *C = malloc(w * (size_t)nn);
    if (!A || !B || !C) {
        free(A), free(B), free(C);
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, dst->addr, 0, "out of host memory for the operands");
        return;
    }
    unpack(a, lhs, mm, k, A, integer ? A : NULL);
    unpack(b, rhs, k, nn, B, integer ? B : NULL);
    pvc_tgeom g;
    pvc_tile_geom(dst, &g);
    for (int64_t i = 0; i < mm; i++) {
        for (int64_t j = 0; j < nn; j++) { /* the row's init as bits: 0, dst's old values or the bias */
            uint32_t bits = init == PVC_MAD_ZERO ? 0u
                            : init == PVC_MAD_BIAS ? (uint32_t)rt_get(bt + j * 4, 4)
                                                   : (uint32_t)rt_get(d + pvc_tgeom_off(&g, i, j) * 4, 4);
            if (integer) {
                ((int32_t *)C)[j] = (int32_t)bits;
            } else {
                float f;
                memcpy(&f, &bits, 4);
                ((float *)C)[j] = f;
            }
        }
        if (integer)
            row_i32(C, (int32_t *)A + i * k, B, k, nn);
        else if (ctx->mad_rule == PVC_MAD_RULE_WIDE)
            row_wide(C, (float *)A + i * k, B, k, nn);
        else
            row_f32(C, (float *)A + i * k, B, k, nn, fp32_in);
        for (int64_t j = 0; j < nn; j++)
            memcpy(d + pvc_tgeom_off(&g, i, j) * 4, integer ? (void *)((int32_t *)C + j) : (void *)((float *)C + j), 4);
    }
    free(A);
    free(B);
    free(C);
}

/* ---- MX (§17.5.5) ---- */

static int is_fp4(pvc_dtype t)
{
    return t == PVC_DT_FP4E2M1 || t == PVC_DT_FP4E1M2;
}

/* Element (r, c) of tile t in buf as its code. */
static uint64_t code_at(const uint8_t *buf, const pvc_tile *t, int64_t r, int64_t c)
{
    pvc_tgeom g;
    pvc_tile_geom(t, &g);
    return pvc_tg_get(buf, &g, pvc_tgeom_off(&g, r, c));
}

void pvc_mad_mx(pvc_ctx *ctx, const pvc_tile *dst, const pvc_tile *lhs, const pvc_tile *rhs,
                const pvc_tile *scale_a, const pvc_tile *scale_b, int64_t m, int64_t k, int64_t n, int64_t init)
{
    const char *op = "pl.matmul_mx";
    uint8_t *d = pvc_space_bytes(ctx, op, dst), *a = d ? pvc_space_bytes(ctx, op, lhs) : NULL;
    uint8_t *b = a ? pvc_space_bytes(ctx, op, rhs) : NULL, *sa = b ? pvc_space_bytes(ctx, op, scale_a) : NULL;
    uint8_t *sb = sa ? pvc_space_bytes(ctx, op, scale_b) : NULL;
    if (!sb)
        return;
    int pair_ok = (is_fp8(lhs->dtype) && is_fp8(rhs->dtype)) || (is_fp4(lhs->dtype) && is_fp4(rhs->dtype));
    if (!pair_ok || dst->dtype != PVC_DT_FP32 || scale_a->dtype != PVC_DT_FP8E8M0 ||
        scale_b->dtype != PVC_DT_FP8E8M0) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, dst->addr, 0, "%s x %s -> %s with %s / %s scales does not compile",
                        pvc_dtype_table[lhs->dtype].name, pvc_dtype_table[rhs->dtype].name,
                        pvc_dtype_table[dst->dtype].name, pvc_dtype_table[scale_a->dtype].name,
                        pvc_dtype_table[scale_b->dtype].name);
        return;
    }
    /* the hardware reads the scales at the data tiles' addresses >> 4 (§17.2.1) */
    if (scale_a->addr != lhs->addr >> 4 || scale_b->addr != rhs->addr >> 4) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, scale_a->addr, 0,
                        "the scale tiles at 0x%x / 0x%x are not at the data tiles' addresses >> 4 (0x%x / 0x%x): "
                        "mad_mx reads the scales there", scale_a->addr, scale_b->addr, lhs->addr >> 4,
                        rhs->addr >> 4);
        return;
    }
    if (!mad_shape_ok(ctx, op, dst, lhs, rhs, m, k, n))
        return;
    if ((k + 31) / 32 > scale_a->cols || (k + 31) / 32 > scale_b->rows) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, scale_a->addr, 0,
                        "K = %lld needs %lld scale groups; scale_a has %u columns, scale_b %u rows", (long long)k,
                        (long long)((k + 31) / 32), scale_a->cols, scale_b->rows);
        return;
    }
    if (m == 0 || k == 0 || n == 0)
        return;
    int64_t mm = ceil16_within(m, lhs->rows, dst->rows), nn = ceil16_within(n, rhs->cols, dst->cols);
    if (mm > scale_a->rows)
        mm = scale_a->rows;
    if (nn > scale_b->cols)
        nn = scale_b->cols;
    int64_t g = (k + 31) / 32;
    float *A = malloc(sizeof(float) * (size_t)(mm * k)), *B = malloc(sizeof(float) * (size_t)(k * nn));
    int *EA = malloc(sizeof(int) * (size_t)(mm * g)), *EB = malloc(sizeof(int) * (size_t)(g * nn));
    if (!A || !B || !EA || !EB) {
        free(A), free(B), free(EA), free(EB);
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, dst->addr, 0, "out of host memory for the operands");
        return;
    }
    for (int64_t i = 0; i < mm; i++)
        for (int64_t kk = 0; kk < k; kk++)
            A[i * k + kk] = (float)pvc_value_decode(lhs->dtype, code_at(a, lhs, i, kk));
    for (int64_t kk = 0; kk < k; kk++)
        for (int64_t j = 0; j < nn; j++)
            B[kk * nn + j] = (float)pvc_value_decode(rhs->dtype, code_at(b, rhs, kk, j));
    for (int64_t i = 0; i < mm; i++)
        for (int64_t q = 0; q < g; q++)
            EA[i * g + q] = (int)code_at(sa, scale_a, i, q);
    for (int64_t q = 0; q < g; q++)
        for (int64_t j = 0; j < nn; j++)
            EB[q * nn + j] = (int)code_at(sb, scale_b, q, j);
    pvc_tgeom dg;
    pvc_tile_geom(dst, &dg);
    for (int64_t i = 0; i < mm; i++)
        for (int64_t j = 0; j < nn; j++) {
            float acc = 0.0f;
            if (init != PVC_MAD_ZERO) {
                uint32_t bits = (uint32_t)rt_get(d + pvc_tgeom_off(&dg, i, j) * 4, 4);
                memcpy(&acc, &bits, 4);
            }
            for (int64_t kk = 0; kk < k; kk++) {
                int ea = EA[i * g + kk / 32], eb = EB[(kk / 32) * nn + j];
                /* an FP8 / FP4 product is exact in FP32, and so is its power-of-two scaling short
                 * of the FP32 range: the one rounding is the addition's */
                double term = ea == 0xFF || eb == 0xFF ? NAN
                                                       : ldexp((double)A[i * k + kk] * B[kk * nn + j], ea + eb - 254);
                acc = (float)((double)acc + term);
            }
            memcpy(d + pvc_tgeom_off(&dg, i, j) * 4, &acc, 4);
        }
    free(A), free(B), free(EA), free(EB);
}
