/* bench_rt.c - nanoseconds per call of the runtime's register ops on the paths the real-kernel
 * samples take (softmax, layernorm: FP32, the full mask a `create_mask(ALL)` gives), plus a few
 * neighbours (a partial mask, FP16) so a change that helps one path and hurts another shows.
 * Run by tools/bench_rt.sh, which builds it against one or two runtime libraries and, for two,
 * runs them in turns (A B A B ...) and prints the median B/A ratio per op.
 *
 *   bench_rt [ROUNDS]   one line per op: "name ns_per_call" (median over ROUNDS rounds; every
 *                       round runs every op once, in table order, CALLS calls each)
 *
 * The inputs are what the samples feed: N(0, 3) values for the binary ops and the reductions,
 * x - max (all <= 0) for exp, positive values for sqrt and the divisor. Each call reads the
 * same source registers and writes its own destination, so calls do not depend on each other
 * (throughput, as in the kernels' unrolled loops) and a result never feeds a NaN back.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pvc_rt.h"

enum { CALLS = 4096, MAX_ROUNDS = 101 };

static pvc_ctx *ctx;
static pvc_vreg xa, xb, xneg, xpos, dst, h16;
static pvc_mreg all32, part32, all16;

/* The ops: one line each, a name and a call on the registers above. */
#define BENCH_OPS(X)                                                                          \
    X(add,          pvc_add(ctx, &dst, PVC_DT_FP32, &xa, &xb, &all32, PVC_MERGE_ZEROING))      \
    X(add_partial,  pvc_add(ctx, &dst, PVC_DT_FP32, &xa, &xb, &part32, PVC_MERGE_ZEROING))     \
    X(sub,          pvc_sub(ctx, &dst, PVC_DT_FP32, &xa, &xb, &all32, PVC_MERGE_ZEROING))      \
    X(mul,          pvc_mul(ctx, &dst, PVC_DT_FP32, &xa, &xb, &all32, PVC_MERGE_ZEROING))      \
    X(div,          pvc_div(ctx, &dst, PVC_DT_FP32, &xa, &xpos, &all32, PVC_MERGE_ZEROING))    \
    X(max,          pvc_max(ctx, &dst, PVC_DT_FP32, &xa, &xb, &all32, PVC_MERGE_ZEROING))      \
    X(adds,         pvc_adds(ctx, &dst, PVC_DT_FP32, &xa, pvc_bits_f32(1e-5f), &all32))        \
    X(muls,         pvc_muls(ctx, &dst, PVC_DT_FP32, &xa, pvc_bits_f32(0.00390625f), &all32))  \
    X(sqrt,         pvc_sqrt(ctx, &dst, PVC_DT_FP32, &xpos, &all32, 0))                       \
    X(exp,          pvc_exp(ctx, &dst, PVC_DT_FP32, &xneg, &all32))                           \
    X(exp_sub,      pvc_exp_sub(ctx, &dst, PVC_DT_FP32, PVC_DT_FP32, &xa, &xb, &all32,         \
                                PVC_LAYOUT_ZERO))                                              \
    X(ln,           pvc_ln(ctx, &dst, PVC_DT_FP32, &xpos, &all32))                            \
    X(mul_add_dst,  pvc_mul_add_dst(ctx, &dst, PVC_DT_FP32, &xa, &xb, &all32))                 \
    X(reduce_sum,   pvc_reduce_sum(ctx, &dst, PVC_DT_FP32, &xa, &all32))                      \
    X(reduce_max,   pvc_reduce_max(ctx, &dst, PVC_DT_FP32, &xa, &all32))                      \
    X(full,         pvc_full(ctx, &dst, PVC_DT_FP32, 0, &all32, PVC_MERGE_ZEROING))           \
    X(full_reg,     pvc_full_reg(ctx, &dst, PVC_DT_FP32, &xa, &all32, PVC_POS_LOWEST,          \
                                 PVC_MERGE_ZEROING))                                           \
    X(add_fp16,     pvc_add(ctx, &dst, PVC_DT_FP16, &h16, &h16, &all16, PVC_MERGE_ZEROING))    \
    X(exp_fp16,     pvc_exp(ctx, &dst, PVC_DT_FP16, &h16, &all16))

#define BENCH_FN(name, call)                                                                  \
    static void run_##name(void)                                                              \
    {                                                                                         \
        for (unsigned i = 0; i < CALLS; i++)                                                  \
            call;                                                                             \
    }
BENCH_OPS(BENCH_FN)

static const struct {
    const char *name;
    void (*run)(void);
} ops[] = {
#define BENCH_ROW(name, call) {#name, run_##name},
    BENCH_OPS(BENCH_ROW)
};
enum { NOPS = sizeof ops / sizeof ops[0] };

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Box-Muller normal deviates from a fixed LCG: the same inputs on every run. */
static double normal(void)
{
    static uint64_t s = 20240611;
    double u[2];
    for (int k = 0; k < 2; k++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        u[k] = ((s >> 11) + 0.5) / 9007199254740992.0;
    }
    return sqrt(-2 * log(u[0])) * cos(6.283185307179586 * u[1]);
}

static void fill(void)
{
    float a[64], b[64], n[64], p[64], mx = -INFINITY;
    for (unsigned i = 0; i < 64; i++) {
        a[i] = (float)(3 * normal());
        b[i] = (float)(3 * normal());
        p[i] = (float)fabs(normal()) + 0.5f;
        mx = a[i] > mx ? a[i] : mx;
    }
    for (unsigned i = 0; i < 64; i++)
        n[i] = a[i] - mx;
    memcpy(xa.b, a, PVC_VL);
    memcpy(xb.b, b, PVC_VL);
    memcpy(xneg.b, n, PVC_VL);
    memcpy(xpos.b, p, PVC_VL);
    for (unsigned i = 0; i < 128; i++) { /* FP16 values in [-4, 4): sign, exponent 13..16 */
        uint16_t h = (uint16_t)(((i & 1) << 15) | ((13 + i % 4) << 10) | (i * 37 % 1024));
        memcpy(h16.b + 2 * i, &h, 2);
    }
    pvc_mask_create(ctx, &all32, PVC_PAT_ALL, 4);
    pvc_mask_create(ctx, &all16, PVC_PAT_ALL, 2);
    pvc_mask_create(ctx, &part32, PVC_PAT_VL32, 4);
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 9;
    static double t[NOPS][MAX_ROUNDS];
    if (rounds < 1 || rounds > MAX_ROUNDS) {
        fprintf(stderr, "usage: %s [ROUNDS 1..%d]\n", argv[0], MAX_ROUNDS);
        return 2;
    }
    ctx = pvc_ctx_new();
    if (!ctx)
        return 1;
    fill();
    for (int r = 0; r < rounds; r++)
        for (unsigned k = 0; k < NOPS; k++) {
            double t0 = now();
            ops[k].run();
            t[k][r] = (now() - t0) / CALLS * 1e9;
        }
    for (unsigned k = 0; k < NOPS; k++) {
        qsort(t[k], (size_t)rounds, sizeof(double), cmp_double);
        printf("%s %.1f\n", ops[k].name, t[k][rounds / 2]);
    }
    int faulted = ctx->fault.kind != PVC_FAULT_NONE; /* a bad call would time a fault path */
    if (faulted)
        fprintf(stderr, "bench_rt: an op faulted: %s\n", ctx->fault.detail);
    pvc_ctx_free(ctx);
    return faulted;
}
