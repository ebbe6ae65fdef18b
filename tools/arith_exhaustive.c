/* arith_exhaustive.c - every FP32 input through pvc_exp or pvc_ln, compared with the
 * correctly rounded result: long double expl / logl (64-bit significand) rounded once to
 * float, with the §9.4 rules around it (DAZ input, FTZ result, generated NaN 0x7FFFFFFF, a NaN
 * input quieted). Prints the exact / 1-ulp / worse counts and the first 1-ulp inputs. Not a
 * unit test (minutes per op); runtime/ARITH.md quotes its result.
 *
 *   cc -O2 -Iruntime/include tools/arith_exhaustive.c build/libpvcrt.a -lm -o build/arith_exhaustive
 *   build/arith_exhaustive exp 0 2 & build/arith_exhaustive exp 1 2    (op, part, parts)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pvc_rt.h"

static uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float bitsf(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint32_t flush(uint32_t u) { return (u & 0x7F800000u) ? u : (u & 0x80000000u); }

static uint32_t reference(int ln, uint32_t u)
{
    uint32_t x = flush(u);
    if ((x & 0x7FFFFFFFu) > 0x7F800000u)
        return x | 0x00400000u;
    long double v = bitsf(x);
    float f = (float)(ln ? logl(v) : expl(v));
    return isnan(f) ? 0x7FFFFFFFu : flush(fbits(f));
}

int main(int argc, char **argv)
{
    if (argc != 4 || (strcmp(argv[1], "exp") && strcmp(argv[1], "ln"))) {
        fprintf(stderr, "usage: %s exp|ln part parts\n", argv[0]);
        return 2;
    }
    int ln = !strcmp(argv[1], "ln");
    uint64_t part = strtoull(argv[2], NULL, 10), parts = strtoull(argv[3], NULL, 10);
    uint64_t lo = (1ull << 32) / parts * part, hi = (1ull << 32) / parts * (part + 1);
    pvc_ctx *ctx = pvc_ctx_new();
    pvc_vreg a, d;
    uint64_t exact = 0, one = 0, bad = 0;
    if (!ctx || parts == 0 || part >= parts)
        return 2;
    for (uint64_t base = lo; base < hi; base += 64) {
        for (unsigned i = 0; i < 64; i++) {
            uint32_t u = (uint32_t)(base + i);
            memcpy(a.b + 4 * i, &u, 4);
        }
        if (ln)
            pvc_ln(ctx, &d, PVC_DT_FP32, &a, NULL);
        else
            pvc_exp(ctx, &d, PVC_DT_FP32, &a, NULL);
        for (unsigned i = 0; i < 64; i++) {
            uint32_t u = (uint32_t)(base + i), g, w = reference(ln, u);
            memcpy(&g, d.b + 4 * i, 4);
            if (g == w) {
                exact++;
                continue;
            }
            uint32_t gm = g & 0x7FFFFFFFu, wm = w & 0x7FFFFFFFu;
            int special = gm == 0 || wm == 0 || gm >= 0x7F800000u || wm >= 0x7F800000u ||
                          (g >> 31) != (w >> 31);
            if (!special && (gm > wm ? gm - wm : wm - gm) == 1) {
                if (one++ < 20)
                    printf("1 ulp: x = 0x%08x (%.9g): got 0x%08x, correctly rounded 0x%08x\n", u,
                           bitsf(u), g, w);
            } else if (bad++ < 20) {
                printf("WRONG: x = 0x%08x (%.9g): got 0x%08x, want 0x%08x\n", u, bitsf(u), g, w);
            }
        }
    }
    printf("%s part %llu/%llu: %llu exact, %llu 1 ulp, %llu worse\n", argv[1],
           (unsigned long long)part, (unsigned long long)parts, (unsigned long long)exact,
           (unsigned long long)one, (unsigned long long)bad);
    pvc_ctx_free(ctx);
    return bad != 0;
}
