/* hand_rows.c - the row softmax, layernorm and rmsnorm of the samples softmax_rows.py,
 * layernorm_rows.py and rmsnorm_rows.py written by hand in C, with the same bits as pvc's
 * output: the baseline `make bench` divides pvc native by (tools/bench_ops.py loads this
 * file's shared object and compares its output with pvc's byte for byte in every run).
 *
 * "The same bits" means the same arithmetic in the same order as the samples' vector
 * functions under docs/SEMANTICS.md, on finite inputs (the bench's data; a NaN input would
 * need the §9.4 propagation rules, which this file does not implement):
 *   - a register's reduce_sum is the pairwise tree x[k] = x[2k] + x[2k+1] over its 64 lanes
 *     (§10.10), a row's sum the in-order sum ((0 + t0) + t1) + ... of its four registers'
 *     trees, as the samples write it;
 *   - a row's max is the max of its 256 lanes (max is exact and associative on non-NaN
 *     values, ±0 combined as §10.1 (d) says: +0 wins);
 *   - exp is the runtime's own (pvc_exp, the correctly rounded FP32 exp of §9.4, DAZ and FTZ
 *     included), called per 64 lanes as the vector function does;
 *   - div and sqrt flush subnormal inputs and results to zero (§9.4); add, sub and mul are
 *     plain binary32, never contracted (this file is built with -ffp-contract=off);
 *   - rmsnorm's sum of squares is the sample's: four fused multiply-adds per lane into a
 *     64-lane accumulator, then one tree.
 * Everything else is what a C programmer would write: one pass over each row per use,
 * straight from the input array to the output array (no Unified Buffer, no staging). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "pvc_rt.h"

enum { COLS = 256, REG = 64 };

/* 16 FP32 lanes: one AVX-512 register, two AVX2 ones; gcc's vector extensions, so the code
 * says what a vectorising programmer would write without naming an instruction set. */
typedef float v16f __attribute__((vector_size(64)));
typedef int32_t v16i __attribute__((vector_size(64)));

static v16f ld(const float *p)
{
    v16f v;
    memcpy(&v, p, sizeof v);
    return v;
}
static void st(float *p, v16f v) { memcpy(p, &v, sizeof v); }
static v16i bits(v16f v) { return (v16i)v; }

/* Subnormals to the zero of their sign (§9.4's DAZ / FTZ). */
static v16f flush(v16f v)
{
    v16i u = bits(v), tiny = (u & 0x7FFFFFFF) < 0x00800000; /* lanes all ones or 0 */
    return (v16f)((u & ~tiny) | (u & tiny & (int32_t)0x80000000));
}
static float flush1(float v) { return fabsf(v) < 0x1p-126f ? copysignf(0.0f, v) : v; }

static v16f fdiv(v16f a, v16f b) { return flush(flush(a) / flush(b)); }

/* The root of the pairwise tree x[k] = x[2k] + x[2k+1] over 64 lanes: each level adds the
 * even lanes to the odd ones. */
static float tree64(const float *x)
{
    static const v16i ev = {0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30};
    static const v16i od = {1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31};
    v16f a0 = ld(x), a1 = ld(x + 16), a2 = ld(x + 32), a3 = ld(x + 48);
    v16f b0 = __builtin_shuffle(a0, a1, ev) + __builtin_shuffle(a0, a1, od);
    v16f b1 = __builtin_shuffle(a2, a3, ev) + __builtin_shuffle(a2, a3, od);
    v16f c = __builtin_shuffle(b0, b1, ev) + __builtin_shuffle(b0, b1, od);
    for (int n = 16; n > 1; n /= 2) /* lanes below n / 2 hold the next level */
        c = __builtin_shuffle(c, c, ev) + __builtin_shuffle(c, c, od);
    return c[0];
}

/* Float bits as integers ordered as §10.1 (d)'s max orders non-NaN values: -0 below +0, so
 * the integer max of keys is the max with ±0 combined to +0. */
static v16i key(v16f v)
{
    v16i u = bits(v);
    return u ^ ((u >> 31) & 0x7FFFFFFF);
}

static float row_max(const float *x)
{
    v16i m = key(ld(x));
    for (int j = 16; j < COLS; j += 16) {
        v16i k = key(ld(x + j));
        v16i gt = k > m;
        m = (k & gt) | (m & ~gt);
    }
    int32_t b = m[0];
    for (int l = 1; l < 16; l++)
        b = m[l] > b ? m[l] : b;
    b ^= (b >> 31) & 0x7FFFFFFF;
    float f;
    memcpy(&f, &b, 4);
    return f;
}

static pvc_ctx *exp_ctx;

void hand_softmax(const float *x, float *y, long rows)
{
    if (!exp_ctx && !(exp_ctx = pvc_ctx_new()))
        return;
    for (long i = 0; i < rows; i++) {
        const float *xr = x + i * COLS;
        float *yr = y + i * COLS, m = row_max(xr), s = 0.0f;
        for (int r = 0; r < COLS; r += REG) {
            _Alignas(64) pvc_vreg d, e;
            for (int j = 0; j < REG; j += 16)
                st((float *)(void *)(d.b + 4 * j), ld(xr + r + j) - m);
            pvc_exp(exp_ctx, &e, PVC_DT_FP32, &d, NULL);
            memcpy(yr + r, e.b, sizeof e.b);
            s = s + tree64(yr + r);
        }
        for (int j = 0; j < COLS; j += 16)
            st(yr + j, fdiv(ld(yr + j), (v16f){0} + s));
    }
}

void hand_layernorm(const float *x, const float *gamma, const float *beta, float *y, long rows,
                    float inv_n, float eps)
{
    for (long i = 0; i < rows; i++) {
        const float *xr = x + i * COLS;
        float *yr = y + i * COLS, s = 0.0f, q = 0.0f, sq[REG];
        for (int r = 0; r < COLS; r += REG)
            s = s + tree64(xr + r);
        float mean = s * inv_n;
        for (int r = 0; r < COLS; r += REG) {
            for (int j = 0; j < REG; j += 16) {
                v16f c = ld(xr + r + j) - mean;
                st(sq + j, c * c);
            }
            q = q + tree64(sq);
        }
        v16f std = (v16f){0} + flush1(sqrtf(flush1(q * inv_n + eps)));
        for (int j = 0; j < COLS; j += 16)
            st(yr + j, fdiv(ld(xr + j) - mean, std) * ld(gamma + j) + ld(beta + j));
    }
}

void hand_rmsnorm(const float *x, const float *gamma, float *y, long rows, float inv_n, float eps)
{
    for (long i = 0; i < rows; i++) {
        const float *xr = x + i * COLS;
        float *yr = y + i * COLS, acc[REG] = {0};
        for (int r = 0; r < COLS; r += REG)
            for (int j = 0; j < REG; j++) /* gcc vectorises it: one FMA per 16 lanes */
                acc[j] = fmaf(xr[r + j], xr[r + j], acc[j]);
        float ms = tree64(acc) * inv_n;
        v16f rstd = fdiv((v16f){0} + 1.0f, (v16f){0} + flush1(sqrtf(flush1(ms + eps))));
        for (int j = 0; j < COLS; j += 16)
            st(yr + j, ld(xr + j) * rstd * ld(gamma + j));
    }
}
