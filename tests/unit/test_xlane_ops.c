/* test_xlane_ops.c - the cross-lane ops of pvc_rt_xlane.h: reductions (docs/SEMANTICS.md
 * §10.10), squeeze / unsqueeze and the AR / SQZN registers with vstur / vstar (§10.9, §10.14,
 * §4.2), gathers and scatter (§10.13), histograms (§10.15), the unified vf.load / vf.store
 * (§10.16).
 *
 * 1. The worked checks of §11 that concern these ops, with hand-derived values.
 * 2. Hand-derived edge cases: tree order, FP16 through FP32, NaN payloads and generated NaN,
 *    signed zeros, subnormals, overflow, integer wrap, empty and partial masks, aliasing,
 *    faults that leave everything unchanged, the touch hook.
 * 3. Bulk cases from tools/ref_xlane.py (an independent numpy reference), compared byte for
 *    byte; the test fails if python3 with numpy is not available.
 */
#include "pvc_rt.h"
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DT(x) PVC_DT_##x
#define BASE 0x2000u /* tile base of the bulk gather / scatter cases (32-byte aligned) */
#define TILE_BYTES 4096u

static pvc_ctx *ctx;

static uint32_t f32b(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static uint64_t lane(const pvc_vreg *r, unsigned w, unsigned i)
{
    uint64_t v = 0;
    memcpy(&v, r->b + w * i, w);
    return v;
}
static uint32_t rd32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static void set_lane(pvc_vreg *r, unsigned w, unsigned i, uint64_t v) { memcpy(r->b + w * i, &v, w); }
static int rest_zero(const pvc_vreg *r, unsigned from_byte)
{
    for (unsigned j = from_byte; j < PVC_VL; j++)
        if (r->b[j])
            return 0;
    return 1;
}
static pvc_mreg mask_all(void) { pvc_mreg m; memset(m.bits, 0xFF, 32); return m; }
static pvc_mreg mask_none(void) { pvc_mreg m; memset(m.bits, 0, 32); return m; }
/* Only the tested bit w*i of each listed-active lane set (as generators do). */
static pvc_mreg mask_lanes(unsigned w, int (*on)(unsigned))
{
    pvc_mreg m = mask_none();
    for (unsigned i = 0; i < PVC_VL / w; i++)
        if (on(i))
            pvc_mreg_set_bit(&m, w * i, 1);
    return m;
}
static void clear_fault(void) { ctx->fault.kind = PVC_FAULT_NONE; }

/* ---- §11 worked checks ---------------------------------------------------------------- */

/* reduce_sum FP32, full mask: the pairwise tree ((a0+a1)+(a2+a3))+... Lanes 2^24, 0, 1, 1:
 * the tree adds 1+1 first and keeps 2^24+2; a left-to-right sum would lose both ones. */
static void test_sum_tree(void)
{
    pvc_vreg a, r;
    pvc_mreg all = mask_all();
    memset(a.b, 0, PVC_VL);
    set_lane(&a, 4, 0, f32b(16777216.0f));
    set_lane(&a, 4, 2, f32b(1.0f));
    set_lane(&a, 4, 3, f32b(1.0f));
    pvc_reduce_sum(ctx, &r, DT(FP32), &a, &all);
    UNIT_CHECK(lane(&r, 4, 0) == f32b(16777218.0f), "tree sum 2^24+2, got 0x%08x", (unsigned)lane(&r, 4, 0));
    UNIT_CHECK(rest_zero(&r, 4), "%s", "lanes 1.. zero");

    /* 0.5 * i, i < 64: every partial sum exact, total 1008 */
    for (unsigned i = 0; i < 64; i++)
        set_lane(&a, 4, i, f32b(0.5f * (float)i));
    pvc_reduce_sum(ctx, &r, DT(FP32), &a, NULL);
    UNIT_CHECK(lane(&r, 4, 0) == f32b(1008.0f), "sum 0.5*i = 1008, got 0x%08x", (unsigned)lane(&r, 4, 0));
}

/* reduce_max FP32: out[0] = max, out[1] = uint32 index of the first maximum. */
static void test_max_index(void)
{
    pvc_vreg a, r;
    for (unsigned i = 0; i < 64; i++)
        set_lane(&a, 4, i, f32b(0.5f * (float)i));
    set_lane(&a, 4, 10, f32b(100.0f));
    set_lane(&a, 4, 40, f32b(100.0f));
    pvc_reduce_max(ctx, &r, DT(FP32), &a, NULL);
    UNIT_CHECK(lane(&r, 4, 0) == 0x42C80000u && lane(&r, 4, 1) == 10, "max 100 at 10, got 0x%08x @%u",
               (unsigned)lane(&r, 4, 0), (unsigned)lane(&r, 4, 1));
    UNIT_CHECK(rest_zero(&r, 8), "%s", "lanes 2.. zero");
    pvc_reduce_min(ctx, &r, DT(FP32), &a, NULL);
    UNIT_CHECK(lane(&r, 4, 0) == 0 && lane(&r, 4, 1) == 0, "min +0 at 0, got 0x%08x @%u",
               (unsigned)lane(&r, 4, 0), (unsigned)lane(&r, 4, 1));
}

/* pair_reduce_sum FP32: out[:32] = a[0::2] + a[1::2], out[32:] = 0. a[i] = i: 4i + 1. */
static void test_pair_example(void)
{
    pvc_vreg a, r;
    int ok = 1;
    for (unsigned i = 0; i < 64; i++)
        set_lane(&a, 4, i, f32b((float)i));
    pvc_pair_reduce_sum(ctx, &r, DT(FP32), &a, NULL);
    for (unsigned i = 0; i < 32; i++)
        ok &= lane(&r, 4, i) == f32b((float)(4 * i + 1));
    UNIT_CHECK(ok && rest_zero(&r, 128), "%s", "pair sums 4i+1, upper half 0");
}

/* gather b16 with u32 indices 0..63 (vgather2_bc), stored NORM_B16: out[::2] = a[:64],
 * out[1::2] = 0. */
static void test_gather_bc_example(void)
{
    pvc_vreg idx, r;
    pvc_mreg all = mask_all();
    uint16_t a[128], out[128];
    int ok = 1;
    for (unsigned i = 0; i < 128; i++)
        a[i] = (uint16_t)(0x3C00 + i);               /* distinct FP16 codes */
    memcpy(ctx->ub + BASE, a, sizeof a);
    for (unsigned i = 0; i < 64; i++)
        set_lane(&idx, 4, i, i);
    pvc_gather(ctx, &r, DT(FP16), DT(UINT32), BASE, &idx, &all);
    pvc_store_align(ctx, 0x8000, &r, &all, PVC_ST_NORM_B16);
    memcpy(out, ctx->ub + 0x8000, sizeof out);
    for (unsigned i = 0; i < 64; i++)
        ok &= out[2 * i] == a[i] && out[2 * i + 1] == 0;
    UNIT_CHECK(ok, "%s", "gather_bc: out[::2] = a[:64], out[1::2] = 0");
}

/* gather DATA_BLOCK_LOAD with idx = arange(0) << 5 reproduces the tile (FP32 and INT8). */
static void test_gatherb_example(void)
{
    pvc_vreg idx, r;
    pvc_mreg all = mask_all();
    for (unsigned i = 0; i < 64; i++)
        set_lane(&idx, 4, i, i << 5);
    for (unsigned i = 0; i < 64; i++) {                /* FP32 tile */
        uint32_t v = f32b(1.5f * (float)i - 7.0f);
        memcpy(ctx->ub + BASE + 4 * i, &v, 4);
    }
    pvc_gather_datablock(ctx, &r, BASE, &idx, &all);
    UNIT_CHECK_BYTES(r.b, ctx->ub + BASE, PVC_VL, "DATA_BLOCK_LOAD FP32 = tile");
    for (unsigned i = 0; i < 256; i++)                 /* INT8 tile */
        ctx->ub[BASE + i] = (uint8_t)(i * 7 - 128);
    pvc_gather_datablock(ctx, &r, BASE, &idx, &all);
    UNIT_CHECK_BYTES(r.b, ctx->ub + BASE, PVC_VL, "DATA_BLOCK_LOAD INT8 = tile");
}

/* histograms BIN0 ACCUMULATE on 256 pseudo-random u8 into a zero dst: dst[n] = #{v <= n}. */
static void test_hist_example(void)
{
    pvc_vreg src, dst;
    pvc_mreg all = mask_all();
    unsigned seen[256] = {0};
    uint32_t s = 12345;
    int ok = 1;
    for (unsigned i = 0; i < 256; i++) {
        s = s * 1103515245u + 12345u;
        src.b[i] = (uint8_t)(s >> 16);
        seen[src.b[i]]++;
    }
    memset(dst.b, 0, PVC_VL);
    pvc_histograms(ctx, &dst, &src, &all, PVC_HIST_BIN0, PVC_HIST_ACCUMULATE);
    for (unsigned n = 0; n < 128; n++) {
        unsigned c = 0;
        for (unsigned v = 0; v <= n; v++)
            c += seen[v];
        ok &= lane(&dst, 2, n) == c;
    }
    UNIT_CHECK(ok, "%s", "BIN0 ACCUMULATE: dst[n] = #{v <= n}");
}

/* ---- reductions: edge cases ----------------------------------------------------------- */

static int even_lane(unsigned i) { return i % 2 == 0; }
static int lane_lt3(unsigned i) { return i < 3; }
static int not_lane0(unsigned i) { return i != 0; }

static void test_sum_edges(void)
{
    pvc_vreg a, r;
    pvc_mreg all = mask_all(), none = mask_none(), odd0;

    /* NaN payloads: the first NaN in tree order wins, quieted */
    memset(a.b, 0, PVC_VL);
    set_lane(&a, 4, 3, 0x7F800123u);                   /* signalling */
    set_lane(&a, 4, 7, 0xFFC00042u);
    pvc_reduce_sum(ctx, &r, DT(FP32), &a, &all);
    UNIT_CHECK(lane(&r, 4, 0) == 0x7FC00123u, "NaN payload kept and quieted, got 0x%08x", (unsigned)lane(&r, 4, 0));
    /* inf + -inf made first (lanes 0,1), then a payload NaN at lane 2: generated NaN wins */
    memset(a.b, 0, PVC_VL);
    set_lane(&a, 4, 0, 0x7F800000u);
    set_lane(&a, 4, 1, 0xFF800000u);
    set_lane(&a, 4, 2, 0x7FC00099u);
    pvc_reduce_sum(ctx, &r, DT(FP32), &a, &all);
    UNIT_CHECK(lane(&r, 4, 0) == 0x7FFFFFFFu, "generated NaN 0x7FFFFFFF, got 0x%08x", (unsigned)lane(&r, 4, 0));
    /* the payload NaN masked off: only inf - inf remains */
    odd0 = mask_lanes(4, not_lane0);
    set_lane(&a, 4, 0, 0x7FC00099u);
    set_lane(&a, 4, 2, 0);
    pvc_reduce_sum(ctx, &r, DT(FP32), &a, &odd0);
    UNIT_CHECK(lane(&r, 4, 0) == 0xFF800000u, "inactive NaN ignored: -inf, got 0x%08x", (unsigned)lane(&r, 4, 0));

    /* signed zeros: all -0 with every lane active -> -0; one inactive lane (+0) -> +0 */
    for (unsigned i = 0; i < 64; i++)
        set_lane(&a, 4, i, 0x80000000u);
    pvc_reduce_sum(ctx, &r, DT(FP32), &a, &all);
    UNIT_CHECK(lane(&r, 4, 0) == 0x80000000u, "all -0 -> -0, got 0x%08x", (unsigned)lane(&r, 4, 0));
    pvc_reduce_sum(ctx, &r, DT(FP32), &a, &odd0);
    UNIT_CHECK(lane(&r, 4, 0) == 0, "inactive lane is +0 -> +0, got 0x%08x", (unsigned)lane(&r, 4, 0));
    /* empty mask -> +0 */
    set_lane(&a, 4, 5, f32b(3.0f));
    pvc_reduce_sum(ctx, &r, DT(FP32), &a, &none);
    UNIT_CHECK(lane(&r, 4, 0) == 0 && rest_zero(&r, 0), "%s", "empty mask: +0");
    /* subnormals are exact: 64 x 2^-149 = 2^-143 */
    for (unsigned i = 0; i < 64; i++)
        set_lane(&a, 4, i, 1);
    pvc_reduce_sum(ctx, &r, DT(FP32), &a, NULL);
    UNIT_CHECK(lane(&r, 4, 0) == 64, "64 subnormal ulps, got 0x%08x", (unsigned)lane(&r, 4, 0));
    /* overflow to inf */
    for (unsigned i = 0; i < 64; i++)
        set_lane(&a, 4, i, 0x7F000000u);                /* 2^127 */
    pvc_reduce_sum(ctx, &r, DT(FP32), &a, NULL);
    UNIT_CHECK(lane(&r, 4, 0) == 0x7F800000u, "overflow -> +inf, got 0x%08x", (unsigned)lane(&r, 4, 0));

    /* FP16 through FP32 (§13 Q9): 1 + 2^-11 + 2^-11 = 1 + 2^-10 exactly (0x3C01); FP16 adds
     * would round each 1 + 2^-11 tie back to 1.0 */
    memset(a.b, 0, PVC_VL);
    set_lane(&a, 2, 0, 0x3C00);
    set_lane(&a, 2, 1, 0x1000);
    set_lane(&a, 2, 2, 0x1000);
    pvc_reduce_sum(ctx, &r, DT(FP16), &a, NULL);
    UNIT_CHECK(lane(&r, 2, 0) == 0x3C01 && rest_zero(&r, 2), "FP16 sum via FP32 = 0x3C01, got 0x%04x",
               (unsigned)lane(&r, 2, 0));
    /* FP16 root overflows: 128 x 1024 = 131072 > 65504 -> inf */
    for (unsigned i = 0; i < 128; i++)
        set_lane(&a, 2, i, 0x6400);
    pvc_reduce_sum(ctx, &r, DT(FP16), &a, NULL);
    UNIT_CHECK(lane(&r, 2, 0) == 0x7C00, "FP16 sum overflow -> inf, got 0x%04x", (unsigned)lane(&r, 2, 0));
    /* FP16 NaN: payload through FP32 and back, quieted */
    set_lane(&a, 2, 9, 0x7C01);
    pvc_reduce_sum(ctx, &r, DT(FP16), &a, NULL);
    UNIT_CHECK(lane(&r, 2, 0) == 0x7E01, "FP16 NaN 0x7C01 -> 0x7E01, got 0x%04x", (unsigned)lane(&r, 2, 0));
    set_lane(&a, 2, 9, 0x6400);
    set_lane(&a, 2, 4, 0x7C00);
    set_lane(&a, 2, 5, 0xFC00);
    pvc_reduce_sum(ctx, &r, DT(FP16), &a, NULL);
    UNIT_CHECK(lane(&r, 2, 0) == 0x7FFF, "FP16 inf - inf -> 0x7FFF, got 0x%04x", (unsigned)lane(&r, 2, 0));

    /* §12 T6: b16 integer sums are 32-bit, in bytes 0..3 */
    for (unsigned i = 0; i < 128; i++)
        set_lane(&a, 2, i, 0x7FFF);
    pvc_reduce_sum(ctx, &r, DT(INT16), &a, NULL);
    UNIT_CHECK(lane(&r, 4, 0) == 32767u * 128u && rest_zero(&r, 4), "INT16 sum 32-bit, got 0x%08x",
               (unsigned)lane(&r, 4, 0));
    for (unsigned i = 0; i < 128; i++)
        set_lane(&a, 2, i, 0xFFFF);
    pvc_reduce_sum(ctx, &r, DT(INT16), &a, NULL);
    UNIT_CHECK(lane(&r, 4, 0) == 0xFFFFFF80u, "INT16 -1 x 128 = -128, got 0x%08x", (unsigned)lane(&r, 4, 0));
    pvc_reduce_sum(ctx, &r, DT(UINT16), &a, NULL);
    UNIT_CHECK(lane(&r, 4, 0) == 0xFFFFu * 128u, "UINT16 sum zero-extended, got 0x%08x", (unsigned)lane(&r, 4, 0));
    /* INT32 wraps: 64 x (2^31 - 1) = 2^37 - 64 = -64 mod 2^32 */
    for (unsigned i = 0; i < 64; i++)
        set_lane(&a, 4, i, 0x7FFFFFFFu);
    pvc_reduce_sum(ctx, &r, DT(INT32), &a, NULL);
    UNIT_CHECK(lane(&r, 4, 0) == 0xFFFFFFC0u, "INT32 wrap, got 0x%08x", (unsigned)lane(&r, 4, 0));
    /* UINT64, even lanes only */
    for (unsigned i = 0; i < 32; i++)
        set_lane(&a, 8, i, 0x8000000000000001ull);
    {
        pvc_mreg ev = mask_lanes(8, even_lane);
        pvc_reduce_sum(ctx, &r, DT(UINT64), &a, &ev);
        UNIT_CHECK(lane(&r, 8, 0) == 16, "UINT64 16 x (2^63+1) = 16 mod 2^64, got %llu",
                   (unsigned long long)lane(&r, 8, 0));
    }

    /* dst aliasing src */
    for (unsigned i = 0; i < 64; i++)
        set_lane(&a, 4, i, f32b(2.0f));
    pvc_reduce_sum(ctx, &a, DT(FP32), &a, NULL);
    UNIT_CHECK(lane(&a, 4, 0) == f32b(128.0f) && rest_zero(&a, 4), "%s", "dst == src");

    /* illegal dtypes */
    clear_fault();
    pvc_reduce_sum(ctx, &r, DT(BF16), &a, NULL);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_BAD_ARG, "%s", "BF16 sum is BAD_ARG");
    clear_fault();
    pvc_reduce_sum(ctx, &r, DT(INT8), &a, NULL);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_BAD_ARG, "%s", "INT8 sum is BAD_ARG");
    clear_fault();
    pvc_reduce_sum_datablock(ctx, &r, DT(INT64), &a, NULL);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_BAD_ARG, "%s", "INT64 datablock sum is BAD_ARG");
    clear_fault();
}

/* Every FP16 code through the FP32 sum: lane 0 = h, the other lanes inactive (+0). h + 0 is h
 * (widening exact, one rounding back), except -0 + +0 = +0 and a NaN comes back quieted. */
static void test_sum_fp16_all_codes(void)
{
    pvc_vreg a, r;
    pvc_mreg one = mask_none();
    unsigned bad = 0, first = 0;
    pvc_mreg_set_bit(&one, 0, 1);
    memset(a.b, 0x55, PVC_VL);                       /* inactive lanes hold garbage */
    for (uint32_t h = 0; h < 0x10000; h++) {
        uint16_t want = (uint16_t)h;
        if ((h & 0x7FFF) > 0x7C00)
            want = (uint16_t)(h | 0x200);
        else if (h == 0x8000)
            want = 0;
        set_lane(&a, 2, 0, h);
        pvc_reduce_sum(ctx, &r, DT(FP16), &a, &one);
        if (lane(&r, 2, 0) != want && bad++ == 0)
            first = h;
    }
    UNIT_CHECK(bad == 0, "FP16 code 0x%04x (and %u more) not kept by a one-lane sum", first, bad ? bad - 1 : 0);
}

static void test_maxmin_edges(void)
{
    pvc_vreg a, r;
    pvc_mreg none = mask_none(), first3 = mask_lanes(4, lane_lt3);

    /* empty mask: LOWEST / HIGHEST, index 0 */
    for (unsigned i = 0; i < 64; i++)
        set_lane(&a, 4, i, f32b(1.0f));
    pvc_reduce_max(ctx, &r, DT(FP32), &a, &none);
    UNIT_CHECK(lane(&r, 4, 0) == 0xFF800000u && lane(&r, 4, 1) == 0, "%s", "empty max: -inf, 0");
    pvc_reduce_min(ctx, &r, DT(FP32), &a, &none);
    UNIT_CHECK(lane(&r, 4, 0) == 0x7F800000u && lane(&r, 4, 1) == 0, "%s", "empty min: +inf, 0");
    pvc_reduce_max(ctx, &r, DT(INT16), &a, &none);
    UNIT_CHECK(lane(&r, 2, 0) == 0x8000 && lane(&r, 2, 1) == 0, "%s", "empty INT16 max: INT16_MIN");
    pvc_reduce_min(ctx, &r, DT(UINT32), &a, &none);
    UNIT_CHECK(lane(&r, 4, 0) == 0xFFFFFFFFu, "%s", "empty UINT32 min: UINT32_MAX");
    pvc_reduce_min(ctx, &r, DT(INT64), &a, &none);
    UNIT_CHECK(lane(&r, 8, 0) == 0x7FFFFFFFFFFFFFFFull, "%s", "empty INT64 min: INT64_MAX");

    /* -0 < +0: all -0 but lane 5 = +0 */
    for (unsigned i = 0; i < 64; i++)
        set_lane(&a, 4, i, 0x80000000u);
    set_lane(&a, 4, 5, 0);
    pvc_reduce_max(ctx, &r, DT(FP32), &a, NULL);
    UNIT_CHECK(lane(&r, 4, 0) == 0 && lane(&r, 4, 1) == 5, "max(-0, +0) = +0 at 5, got 0x%08x @%u",
               (unsigned)lane(&r, 4, 0), (unsigned)lane(&r, 4, 1));
    pvc_reduce_min(ctx, &r, DT(FP32), &a, NULL);
    UNIT_CHECK(lane(&r, 4, 0) == 0x80000000u && lane(&r, 4, 1) == 0, "%s", "min -0 at 0");

    /* NaN wins, index of the first active NaN; an inactive NaN is ignored */
    for (unsigned i = 0; i < 64; i++)
        set_lane(&a, 4, i, f32b((float)i));
    set_lane(&a, 4, 1, 0xFFC00007u);
    set_lane(&a, 4, 9, 0x7F800001u);
    pvc_reduce_max(ctx, &r, DT(FP32), &a, NULL);
    UNIT_CHECK(lane(&r, 4, 0) == 0xFFC00007u && lane(&r, 4, 1) == 1, "NaN max: lane 1, got 0x%08x @%u",
               (unsigned)lane(&r, 4, 0), (unsigned)lane(&r, 4, 1));
    {
        pvc_mreg no1 = mask_lanes(4, not_lane0);
        pvc_mreg_set_bit(&no1, 4, 0);
        pvc_reduce_min(ctx, &r, DT(FP32), &a, &no1);
        UNIT_CHECK(lane(&r, 4, 0) == 0x7FC00001u && lane(&r, 4, 1) == 9, "NaN min quieted at 9, got 0x%08x @%u",
                   (unsigned)lane(&r, 4, 0), (unsigned)lane(&r, 4, 1));
    }
    /* partial mask: lanes 0..2 active of values 7, 3, 3 -> min 3 at 1 */
    set_lane(&a, 4, 0, 7);
    set_lane(&a, 4, 1, 3);
    set_lane(&a, 4, 2, 3);
    pvc_reduce_min(ctx, &r, DT(UINT32), &a, &first3);
    UNIT_CHECK(lane(&r, 4, 0) == 3 && lane(&r, 4, 1) == 1, "%s", "UINT32 min first index");
    /* signed vs unsigned order */
    set_lane(&a, 4, 0, 0xFFFFFFFFu);
    pvc_reduce_max(ctx, &r, DT(INT32), &a, &first3);
    UNIT_CHECK(lane(&r, 4, 0) == 3 && lane(&r, 4, 1) == 1, "%s", "INT32 max: -1 < 3");
    pvc_reduce_max(ctx, &r, DT(UINT32), &a, &first3);
    UNIT_CHECK(lane(&r, 4, 0) == 0xFFFFFFFFu && lane(&r, 4, 1) == 0, "%s", "UINT32 max: 0xFFFFFFFF");
    /* FP16 index as uint16 bits; dst aliasing src */
    for (unsigned i = 0; i < 128; i++)
        set_lane(&a, 2, i, 0x3C00);
    set_lane(&a, 2, 77, 0x4000);
    pvc_reduce_max(ctx, &a, DT(FP16), &a, NULL);
    UNIT_CHECK(lane(&a, 2, 0) == 0x4000 && lane(&a, 2, 1) == 77 && rest_zero(&a, 4), "%s",
               "FP16 max 2.0 at 77, aliased");
    clear_fault();
    pvc_reduce_max(ctx, &r, DT(INT8), &a, NULL);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_BAD_ARG, "%s", "INT8 max is BAD_ARG");
    clear_fault();
}

static void test_datablock_edges(void)
{
    pvc_vreg a, r;
    int ok = 1;
    /* FP32 blocks of 8 lanes, block k all k+1: sums 8(k+1) packed in lanes 0..7 (§12 T7) */
    for (unsigned i = 0; i < 64; i++)
        set_lane(&a, 4, i, f32b((float)(i / 8 + 1)));
    pvc_reduce_sum_datablock(ctx, &r, DT(FP32), &a, NULL);
    for (unsigned k = 0; k < 8; k++)
        ok &= lane(&r, 4, k) == f32b((float)(8 * (k + 1)));
    UNIT_CHECK(ok && rest_zero(&r, 32), "%s", "datablock sums packed into lanes 0..7");
    /* INT16 blocks of 16 lanes, max with only lane 16k+k active: value = that lane */
    for (unsigned i = 0; i < 128; i++)
        set_lane(&a, 2, i, (uint64_t)(int64_t)(-(int)i));
    {
        pvc_mreg m = mask_none();
        for (unsigned k = 0; k < 8; k++)
            pvc_mreg_set_bit(&m, 2 * (16 * k + k), 1);
        pvc_reduce_max_datablock(ctx, &r, DT(INT16), &a, &m);
        ok = 1;
        for (unsigned k = 0; k < 8; k++)
            ok &= lane(&r, 2, k) == (uint16_t)(-(int)(17 * k));
        UNIT_CHECK(ok && rest_zero(&r, 16), "%s", "INT16 datablock max, one lane per block");
        /* block 3 empty: min = INT16_MAX there */
        pvc_mreg_set_bit(&m, 2 * (16 * 3 + 3), 0);
        pvc_reduce_min_datablock(ctx, &r, DT(INT16), &a, &m);
        UNIT_CHECK(lane(&r, 2, 3) == 0x7FFF && lane(&r, 2, 2) == (uint16_t)-34, "%s", "empty block min INT16_MAX");
    }
    /* FP16 block sums through FP32; a NaN only poisons its block */
    for (unsigned i = 0; i < 128; i++)
        set_lane(&a, 2, i, 0x3C00);                      /* 1.0 */
    set_lane(&a, 2, 40, 0xFE05);
    pvc_reduce_sum_datablock(ctx, &r, DT(FP16), &a, NULL);
    UNIT_CHECK(lane(&r, 2, 0) == 0x4C00 && lane(&r, 2, 2) == 0xFE05 && lane(&r, 2, 7) == 0x4C00,
               "FP16 block sums 16.0, NaN block 2, got 0x%04x 0x%04x", (unsigned)lane(&r, 2, 0),
               (unsigned)lane(&r, 2, 2));
    /* INT16 block sum wraps mod 2^16 [I] */
    for (unsigned i = 0; i < 128; i++)
        set_lane(&a, 2, i, 0x1000);
    pvc_reduce_sum_datablock(ctx, &r, DT(UINT16), &a, NULL);
    UNIT_CHECK(lane(&r, 2, 0) == 0 && lane(&r, 2, 7) == 0, "%s", "16 x 0x1000 wraps to 0");
}

static void test_pair_edges(void)
{
    pvc_vreg a, r;
    pvc_mreg ev = mask_lanes(2, even_lane);
    for (unsigned i = 0; i < 128; i++)
        set_lane(&a, 2, i, 0x3C00);
    pvc_pair_reduce_sum(ctx, &r, DT(FP16), &a, NULL);
    UNIT_CHECK(lane(&r, 2, 0) == 0x4000 && lane(&r, 2, 63) == 0x4000 && rest_zero(&r, 128), "%s",
               "FP16 pairs 1+1 = 2, upper half 0");
    /* only a(2i) active: a; -0 with its partner inactive gives +0 [I] */
    set_lane(&a, 2, 0, 0x8000);
    set_lane(&a, 2, 2, 0xC200);
    pvc_pair_reduce_sum(ctx, &r, DT(FP16), &a, &ev);
    UNIT_CHECK(lane(&r, 2, 0) == 0 && lane(&r, 2, 1) == 0xC200 && lane(&r, 2, 2) == 0x3C00, "%s",
               "pair with inactive partner: -0 -> +0, a kept");
    /* FP16 rounding of the pair: 2048 + 1 = 2049 -> 2048 (tie to even), 2048 + 3 -> 2052 */
    set_lane(&a, 2, 0, 0x6800);
    set_lane(&a, 2, 1, 0x3C00);
    set_lane(&a, 2, 2, 0x6800);
    set_lane(&a, 2, 3, 0x4200);
    pvc_pair_reduce_sum(ctx, &r, DT(FP16), &a, NULL);
    UNIT_CHECK(lane(&r, 2, 0) == 0x6800 && lane(&r, 2, 1) == 0x6802, "FP16 pair RNE, got 0x%04x 0x%04x",
               (unsigned)lane(&r, 2, 0), (unsigned)lane(&r, 2, 1));
    /* FP32 NaN: second operand NaN quieted; inf - inf generated */
    for (unsigned i = 0; i < 64; i++)
        set_lane(&a, 4, i, f32b(1.0f));
    set_lane(&a, 4, 1, 0x7F800005u);
    set_lane(&a, 4, 2, 0x7F800000u);
    set_lane(&a, 4, 3, 0xFF800000u);
    pvc_pair_reduce_sum(ctx, &a, DT(FP32), &a, NULL);
    UNIT_CHECK(lane(&a, 4, 0) == 0x7FC00005u && lane(&a, 4, 1) == 0x7FFFFFFFu && lane(&a, 4, 2) == f32b(2.0f),
               "%s", "pair NaN rules, aliased");
}

/* ---- squeeze, unsqueeze, AR / SQZN, vstur ------------------------------------------------ */

static int sq_on(unsigned i) { return i == 0 || i == 2 || i == 3 || i == 5; }

static void test_squeeze(void)
{
    pvc_vreg a, r;
    pvc_mreg m = mask_lanes(4, sq_on);
    for (unsigned i = 0; i < 64; i++)
        set_lane(&a, 4, i, 100 + i);
    ctx->spr_sqzn = 77;
    pvc_squeeze(ctx, &r, DT(INT32), &a, &m, PVC_SQZ_NO_STORE_REG);
    UNIT_CHECK(lane(&r, 4, 0) == 100 && lane(&r, 4, 1) == 102 && lane(&r, 4, 2) == 103 &&
               lane(&r, 4, 3) == 105 && rest_zero(&r, 16), "%s", "squeeze packs a, b, c, d, zeros");
    UNIT_CHECK(ctx->spr_sqzn == 77, "%s", "NO_STORE_REG leaves SQZN");
    pvc_squeeze(ctx, &a, DT(INT32), &a, &m, PVC_SQZ_STORE_REG);
    UNIT_CHECK_BYTES(a.b, r.b, PVC_VL, "squeeze with dst == src");
    UNIT_CHECK(ctx->spr_sqzn == 16, "STORE_REG: SQZN = 4 lanes x 4 B, got %u", ctx->spr_sqzn);
    /* b8 with every bit tested; full mask copies, empty mask zeroes and counts 0 */
    for (unsigned j = 0; j < 256; j++)
        a.b[j] = (uint8_t)(j + 1);
    {
        pvc_mreg all = mask_all(), none = mask_none();
        pvc_squeeze(ctx, &r, DT(UINT8), &a, &all, PVC_SQZ_STORE_REG);
        UNIT_CHECK_BYTES(r.b, a.b, PVC_VL, "full-mask squeeze = copy");
        UNIT_CHECK(ctx->spr_sqzn == 256, "SQZN 256, got %u", ctx->spr_sqzn);
        pvc_squeeze(ctx, &r, DT(UINT8), &a, &none, PVC_SQZ_STORE_REG);
        UNIT_CHECK(rest_zero(&r, 0) && ctx->spr_sqzn == 0, "%s", "empty squeeze: zeros, SQZN 0");
    }
    clear_fault();
    pvc_squeeze(ctx, &r, DT(BF16), &a, NULL, PVC_SQZ_STORE_REG);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_BAD_ARG, "%s", "BF16 squeeze is BAD_ARG");
    clear_fault();
}

static int m3(unsigned i) { return i % 3 == 0; }

static void test_unsqueeze(void)
{
    pvc_vreg r;
    pvc_mreg m = mask_lanes(4, sq_on), all = mask_all();
    int ok = 1;
    pvc_unsqueeze(ctx, &r, DT(INT32), &m);
    /* active 0, 2, 3, 5: exclusive counts 0, 1, 1, 2, 3, 3, 4, 4, ... */
    static const unsigned want[8] = {0, 1, 1, 2, 3, 3, 4, 4};
    for (unsigned i = 0; i < 8; i++)
        ok &= lane(&r, 4, i) == want[i];
    UNIT_CHECK(ok && lane(&r, 4, 63) == 4, "%s", "unsqueeze: exclusive prefix count (§12 T5)");
    /* b8, all active: lane i = i, the last bit ignored */
    pvc_unsqueeze(ctx, &r, DT(UINT8), &all);
    ok = 1;
    for (unsigned i = 0; i < 256; i++)
        ok &= r.b[i] == i;
    UNIT_CHECK(ok, "%s", "unsqueeze b8 all: 0..255");
    pvc_unsqueeze(ctx, &r, DT(UINT16), NULL);
    UNIT_CHECK(lane(&r, 2, 0) == 0 && lane(&r, 2, 127) == 127, "%s", "unsqueeze, mask NULL = all active");
    m = mask_lanes(2, m3);
    pvc_unsqueeze(ctx, &r, DT(INT16), &m);
    UNIT_CHECK(lane(&r, 2, 0) == 0 && lane(&r, 2, 1) == 1 && lane(&r, 2, 3) == 1 && lane(&r, 2, 4) == 2 &&
               lane(&r, 2, 127) == 43, "%s", "unsqueeze M3 at b16");
}

static void test_vstur(void)
{
    pvc_vreg a, r;
    pvc_ureg_st s;
    pvc_mreg m1 = mask_lanes(4, sq_on), m2 = mask_lanes(4, lane_lt3);
    uint8_t want[128];
    uint32_t cur = 0x3008;
    for (unsigned i = 0; i < 64; i++)
        set_lane(&a, 4, i, 0xA0 + i);
    memset(ctx->ub + 0x3000, 0xEE, 128);
    memset(want, 0xEE, sizeof want);
    pvc_spr_reset(ctx);
    pvc_unalign_reg_for_store(&s);
    /* squeeze 4 lanes -> 16 bytes at cursor + 0 */
    pvc_squeeze(ctx, &r, DT(UINT32), &a, &m1, PVC_SQZ_STORE_REG);
    UNIT_CHECK(pvc_get_spr(ctx) == 0, "%s", "squeeze does not move AR (§13 Q8)");
    pvc_store_unalign_ar(ctx, cur, &r, &s);
    UNIT_CHECK(pvc_get_spr(ctx) == 16, "AR += SQZN = 16, got %lld", (long long)pvc_get_spr(ctx));
    /* squeeze 3 lanes -> 12 bytes at cursor + 16 */
    pvc_squeeze(ctx, &r, DT(UINT32), &a, &m2, PVC_SQZ_STORE_REG);
    pvc_store_unalign_ar(ctx, cur, &r, &s);
    UNIT_CHECK(pvc_get_spr(ctx) == 28, "AR = 28, got %lld", (long long)pvc_get_spr(ctx));
    /* cursor 0x3008: stream covers 0x3008..0x3024; 0x3020..0x3024 still parked */
    static const uint32_t vals[7] = {0xA0, 0xA2, 0xA3, 0xA5, 0xA0, 0xA1, 0xA2};
    for (unsigned i = 0; i < 6; i++)
        memcpy(want + 8 + 4 * i, &vals[i], 4);
    UNIT_CHECK_BYTES(ctx->ub + 0x3000, want, 128, "vstur writes whole blocks, parks the tail");
    UNIT_CHECK(pvc_ureg_st_pending(&s), "%s", "tail parked");
    pvc_store_unalign_post_ar(ctx, cur, &s);
    memcpy(want + 8 + 24, &vals[6], 4);
    UNIT_CHECK_BYTES(ctx->ub + 0x3000, want, 128, "vstar flushes at floor32(cursor + AR)");
    UNIT_CHECK(!pvc_ureg_st_pending(&s) && pvc_get_spr(ctx) == 28, "%s", "flushed, AR kept");
    pvc_clear_spr(ctx);
    UNIT_CHECK(pvc_get_spr(ctx) == 0 && ctx->spr_sqzn == 12, "%s", "clear_spr: AR = 0 (SQZN kept)");
    /* out of the UB: nothing happens, AR unchanged */
    clear_fault();
    ctx->spr_ar = 8;
    pvc_store_unalign_ar(ctx, PVC_UB_BYTES - 12, &r, &s);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_UB_BOUNDS && ctx->spr_ar == 8 && !pvc_ureg_st_pending(&s), "%s",
               "vstur past the UB faults, AR kept");
    clear_fault();
    pvc_spr_reset(ctx);
}

/* ---- gathers, scatter: hand cases and faults ---------------------------------------------- */

static void test_gather_hand(void)
{
    pvc_vreg idx, r, old;
    pvc_mreg all = mask_all(), ev;
    int ok = 1;
    for (unsigned j = 0; j < 1024; j++)
        ctx->ub[BASE + j] = (uint8_t)(j * 13 + 5);
    /* b8 tile -> zero-extended 16-bit values, negative bytes too (-40 -> 216) */
    ctx->ub[BASE + 3] = (uint8_t)-40;
    for (unsigned i = 0; i < 128; i++)
        set_lane(&idx, 2, i, (127 - i) * 3 % 256);
    set_lane(&idx, 2, 0, 3);
    pvc_gather(ctx, &r, DT(INT8), DT(UINT16), BASE, &idx, &all);
    for (unsigned i = 0; i < 128; i++)
        ok &= lane(&r, 2, i) == ctx->ub[BASE + lane(&idx, 2, i)];
    UNIT_CHECK(ok && lane(&r, 2, 0) == 216, "%s", "byte gather zero-extends");
    /* b32, even lanes active: odd lanes 0 even with out-of-range indices */
    ev = mask_lanes(4, even_lane);
    for (unsigned i = 0; i < 64; i++)
        set_lane(&idx, 4, i, i % 2 ? 0xFFFFFFF0u : 63 - i);
    pvc_gather(ctx, &r, DT(FP32), DT(UINT32), BASE, &idx, &ev);
    ok = ctx->fault.kind == PVC_FAULT_NONE;
    for (unsigned i = 0; i < 64; i++)
        ok &= lane(&r, 4, i) == (i % 2 ? 0 : rd32(ctx->ub + BASE + 4 * (63 - i)));
    UNIT_CHECK(ok, "%s", "b32 gather, inactive lanes 0 and never read");
    /* faults leave dst unchanged */
    memset(old.b, 0x5A, PVC_VL);
    r = old;
    clear_fault();
    pvc_gather(ctx, &r, DT(FP32), DT(UINT32), BASE + 4, &idx, &ev);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_MISALIGNED, "%s", "unaligned base -> MISALIGNED");
    clear_fault();
    set_lane(&idx, 4, 6, (PVC_UB_BYTES - BASE) / 4);   /* active lane 6: just past the UB */
    set_lane(&idx, 4, 8, (PVC_UB_BYTES - BASE) / 4 + 9);
    pvc_gather(ctx, &r, DT(FP32), DT(UINT32), BASE, &idx, &ev);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_UB_BOUNDS && ctx->fault.addr == PVC_UB_BYTES, "UB_BOUNDS at lane 6, addr 0x%llx",
               (long long)ctx->fault.addr);
    UNIT_CHECK_BYTES(r.b, old.b, PVC_VL, "faulting gather leaves dst");
    clear_fault();
    set_lane(&idx, 4, 6, (PVC_UB_BYTES - BASE) / 4 - 1); /* the last element of the UB: fine */
    set_lane(&idx, 4, 8, 0);
    pvc_gather(ctx, &r, DT(FP32), DT(UINT32), BASE, &idx, &ev);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_NONE, "%s", "last UB element is in range");
    /* b64 u64 indices: huge index on an active lane faults (no wrap) */
    for (unsigned i = 0; i < 32; i++)
        set_lane(&idx, 8, i, i);
    set_lane(&idx, 8, 4, 0x2000000000000001ull);
    pvc_gather(ctx, &r, DT(INT64), DT(UINT64), BASE, &idx, &all);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_UB_BOUNDS, "%s", "u64 index 2^61+1 faults");
    clear_fault();
    /* illegal forms */
    pvc_gather(ctx, &r, DT(FP32), DT(UINT16), BASE, &idx, &all);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_BAD_ARG, "%s", "b32 data, u16 index: BAD_ARG");
    clear_fault();
    pvc_gather(ctx, &r, DT(FP8E4M3FN), DT(UINT16), BASE, &idx, &all);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_BAD_ARG, "%s", "FP8 gather: BAD_ARG");
    clear_fault();
}

static void test_gatherb_edges(void)
{
    pvc_vreg idx, r, old;
    pvc_mreg m = mask_none();
    for (unsigned j = 0; j < 1024; j++)
        ctx->ub[BASE + j] = (uint8_t)(j ^ 0x99);
    for (unsigned i = 0; i < 64; i++)
        set_lane(&idx, 4, i, 7);                       /* misaligned everywhere */
    set_lane(&idx, 4, 2, 640);
    set_lane(&idx, 4, 5, 32);
    pvc_mreg_set_bit(&m, 32 * 2 + 31, 1);              /* a single, non-tested bit enables a block */
    pvc_mreg_set_bit(&m, 32 * 5 + 9, 1);
    pvc_gather_datablock(ctx, &r, BASE, &idx, &m);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_NONE, "%s", "disabled blocks never fault");
    UNIT_CHECK_BYTES(r.b + 64, ctx->ub + BASE + 640, 32, "block 2 from byte 640");
    UNIT_CHECK_BYTES(r.b + 160, ctx->ub + BASE + 32, 32, "block 5 from byte 32");
    UNIT_CHECK(rest_zero(&r, 192) && r.b[0] == 0 && r.b[100] == 0, "%s", "disabled blocks are 0");
    memset(old.b, 0x11, PVC_VL);
    r = old;
    pvc_mreg_set_bit(&m, 32 * 7, 1);
    pvc_gather_datablock(ctx, &r, BASE, &idx, &m);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_MISALIGNED, "%s", "enabled block with offset 7: MISALIGNED");
    UNIT_CHECK_BYTES(r.b, old.b, PVC_VL, "dst unchanged after the fault");
    clear_fault();
    set_lane(&idx, 4, 7, PVC_UB_BYTES - BASE);
    pvc_gather_datablock(ctx, &r, BASE, &idx, &m);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_UB_BOUNDS, "%s", "block past the UB: UB_BOUNDS");
    clear_fault();
}

static void test_gather_reg(void)
{
    pvc_vreg src, idx, r;
    for (unsigned i = 0; i < 128; i++)
        set_lane(&src, 2, i, 1000 + i);
    for (unsigned i = 0; i < 128; i++)
        set_lane(&idx, 2, i, 127 - i);
    set_lane(&idx, 2, 0, 168);                       /* 168 mod 128 = 40 (the ASC example) */
    pvc_gather_reg(ctx, &r, DT(FP16), &src, &idx);
    UNIT_CHECK(lane(&r, 2, 0) == 1040 && lane(&r, 2, 1) == 1126 && lane(&r, 2, 127) == 1000, "%s",
               "vselr: index mod N");
    pvc_gather_reg(ctx, &idx, DT(FP16), &src, &idx);  /* dst aliasing idx */
    UNIT_CHECK_BYTES(idx.b, r.b, PVC_VL, "vselr with dst == idx");
    clear_fault();
    pvc_gather_reg(ctx, &r, DT(INT64), &src, &idx);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_BAD_ARG, "%s", "b64 register gather: BAD_ARG");
    clear_fault();
}

static void test_scatter_hand(void)
{
    pvc_vreg src, idx;
    pvc_mreg all = mask_all(), ev = mask_lanes(2, even_lane);
    uint8_t want[512];
    for (unsigned j = 0; j < 256; j++)
        src.b[j] = (uint8_t)(0x80 + j);
    /* b8: only even source bytes, at byte offsets; duplicates -> highest lane */
    memset(ctx->ub + BASE, 0, 512);
    memset(want, 0, sizeof want);
    for (unsigned i = 0; i < 128; i++)
        set_lane(&idx, 2, i, 300 - 2 * i);
    set_lane(&idx, 2, 100, 300);                     /* same as lane 0 */
    pvc_scatter(ctx, DT(UINT8), DT(UINT16), BASE, &src, &idx, &all);
    for (unsigned i = 0; i < 128; i++)
        want[lane(&idx, 2, i)] = src.b[2 * i];
    UNIT_CHECK_BYTES(ctx->ub + BASE, want, 512, "b8 scatter, even bytes, highest lane wins");
    UNIT_CHECK(ctx->ub[BASE + 300] == src.b[200], "%s", "duplicate index 300: lane 100 wins");
    /* b16, even lanes only: odd lanes write nothing */
    memset(ctx->ub + BASE, 0xCC, 512);
    memset(want, 0xCC, sizeof want);
    for (unsigned i = 0; i < 128; i++)
        set_lane(&idx, 2, i, i);
    pvc_scatter(ctx, DT(FP16), DT(UINT16), BASE, &src, &idx, &ev);
    for (unsigned i = 0; i < 128; i += 2)
        memcpy(want + 2 * i, src.b + 2 * i, 2);
    UNIT_CHECK_BYTES(ctx->ub + BASE, want, 512, "masked-off lanes write nothing");
    /* a fault writes nothing */
    memcpy(want, ctx->ub + BASE, 512);
    set_lane(&idx, 2, 127, 1);                       /* fine (lane 127 is odd: inactive anyway) */
    set_lane(&idx, 2, 126, 0xFFFF);
    clear_fault();
    pvc_scatter(ctx, DT(FP16), DT(UINT16), PVC_UB_BYTES - 1024, &src, &idx, &ev);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_UB_BOUNDS, "%s", "scatter past the UB");
    UNIT_CHECK_BYTES(ctx->ub + BASE, want, 512, "nothing written");
    clear_fault();
    pvc_scatter(ctx, DT(FP16), DT(UINT32), BASE, &src, &idx, &ev);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_BAD_ARG, "%s", "b16 scatter with u32 index: BAD_ARG");
    clear_fault();
}

/* The touch hook sees every element span before any byte moves. */
static uint32_t tspan[600][2];
static unsigned ntouch, nkind[4];
static uint8_t ub_at_first_touch;
static void touch_rec(pvc_ctx *c, uint32_t addr, uint32_t len, pvc_touch_kind kind)
{
    if (ntouch == 0)
        ub_at_first_touch = c->ub[addr];
    if (ntouch < 600) {
        tspan[ntouch][0] = addr;
        tspan[ntouch][1] = len;
    }
    ntouch++;
    nkind[kind]++;
}

static void test_touch(void)
{
    pvc_vreg src, idx, r;
    pvc_mreg ev = mask_lanes(4, even_lane), all = mask_all();
    int64_t cur;
    for (unsigned i = 0; i < 64; i++)
        set_lane(&idx, 4, i, 2 * i + 1);
    memset(src.b, 0x77, PVC_VL);
    ctx->touch = touch_rec;
    ntouch = 0;
    memset(nkind, 0, sizeof nkind);
    pvc_gather(ctx, &r, DT(FP32), DT(UINT32), BASE, &idx, &ev);
    UNIT_CHECK(ntouch == 32 && nkind[PVC_TOUCH_VLOAD] == 32 && tspan[1][0] == BASE + 4 * 5 && tspan[1][1] == 4,
               "gather: one VLOAD touch per active element, got %u", ntouch);
    ntouch = 0;
    memset(nkind, 0, sizeof nkind);
    ctx->ub[BASE + 4] = 0x12;
    pvc_scatter(ctx, DT(FP32), DT(UINT32), BASE, &src, &idx, &ev);
    UNIT_CHECK(ntouch == 32 && nkind[PVC_TOUCH_VSTORE] == 32 && ub_at_first_touch == 0x12, "%s",
               "scatter: VSTORE touches before any byte is written");
    ntouch = 0;
    for (unsigned i = 0; i < 8; i++)
        set_lane(&idx, 4, i, 32 * i);
    pvc_gather_datablock(ctx, &r, BASE, &idx, &all);
    UNIT_CHECK(ntouch == 8 && tspan[3][0] == BASE + 96 && tspan[3][1] == 32, "%s", "gatherb: one touch per block");
    ntouch = 0;
    pvc_load(ctx, &r, BASE + 5);
    /* pre reads the block of A, the load B+32..B+288 (§4.1): together floor32(A)..+288 */
    UNIT_CHECK(ntouch == 2 && tspan[0][0] == BASE && tspan[0][1] == 32 && tspan[1][0] == BASE + 32 &&
               tspan[1][1] == 256, "%s", "vf.load touches floor32(A)..+288");
    ntouch = 0;
    cur = BASE + 3;
    pvc_store(ctx, &cur, DT(FP16), &src, 7);
    UNIT_CHECK(ntouch == 1 && tspan[0][0] == BASE + 3 && tspan[0][1] == 14, "%s", "vf.store touches [P, P+n)");
    ctx->touch = NULL;
}

/* ---- histograms ------------------------------------------------------------------------ */

static void test_hist_edges(void)
{
    pvc_vreg src, dst;
    pvc_mreg all = mask_all(), m = mask_none();
    for (unsigned i = 0; i < 256; i++)
        src.b[i] = (uint8_t)i;
    /* FREQUENCY BIN1 over 0..255: one of each -> every bin 1 more than before */
    for (unsigned n = 0; n < 128; n++)
        set_lane(&dst, 2, n, n);
    pvc_histograms(ctx, &dst, &src, &all, PVC_HIST_BIN1, PVC_HIST_FREQUENCY);
    UNIT_CHECK(lane(&dst, 2, 0) == 1 && lane(&dst, 2, 127) == 128, "%s", "FREQUENCY BIN1 adds 1 per bin");
    /* ACCUMULATE BIN1: bin n counts 0..128+n, BIN0's running count continued (§10.15) */
    memset(dst.b, 0, PVC_VL);
    pvc_histograms(ctx, &dst, &src, &all, PVC_HIST_BIN1, PVC_HIST_ACCUMULATE);
    UNIT_CHECK(lane(&dst, 2, 0) == 129 && lane(&dst, 2, 127) == 256, "%s", "ACCUMULATE BIN1 from 0");
    /* masked lanes do not count; every dst lane keeps its old value plus the count, mod 2^16 */
    memset(src.b, 5, PVC_VL);
    pvc_mreg_set_bit(&m, 3, 1);                      /* b8: bit 3 is lane 3 */
    pvc_mreg_set_bit(&m, 200, 1);
    for (unsigned n = 0; n < 128; n++)
        set_lane(&dst, 2, n, 0xFFFF);
    pvc_histograms(ctx, &dst, &src, &m, PVC_HIST_BIN0, PVC_HIST_ACCUMULATE);
    UNIT_CHECK(lane(&dst, 2, 4) == 0xFFFF && lane(&dst, 2, 5) == 1 && lane(&dst, 2, 127) == 1, "%s",
               "two active lanes of value 5, wrap mod 2^16");
    pvc_histograms(ctx, &dst, &src, &m, PVC_HIST_BIN0, PVC_HIST_FREQUENCY);
    UNIT_CHECK(lane(&dst, 2, 5) == 3 && lane(&dst, 2, 6) == 1, "%s", "FREQUENCY: only bin 5");
    clear_fault();
    pvc_histograms(ctx, &dst, &src, &m, (pvc_hist_bin)2, PVC_HIST_FREQUENCY);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_BAD_ARG, "%s", "bad bin_type: BAD_ARG");
    clear_fault();
}

/* ---- unified vf.load / vf.store ---------------------------------------------------------- */

static void test_ustream(void)
{
    pvc_vreg r, src;
    uint8_t want[1024];
    int64_t cur;
    for (unsigned j = 0; j < 1024; j++)
        ctx->ub[0x4000 + j] = (uint8_t)(j * 31 + 7);
    pvc_load(ctx, &r, 0x4000 + 45);
    UNIT_CHECK_BYTES(r.b, ctx->ub + 0x4000 + 45, PVC_VL, "vf.load = 256 bytes at A (unaligned)");
    pvc_load(ctx, &r, 0x4000 + 64);
    UNIT_CHECK_BYTES(r.b, ctx->ub + 0x4000 + 64, PVC_VL, "vf.load aligned");
    cur = 0x4000 + 3;
    pvc_load_post(ctx, &r, &cur, DT(INT64), 5);
    UNIT_CHECK_BYTES(r.b, ctx->ub + 0x4003, PVC_VL, "post form reads at the cursor");
    UNIT_CHECK(cur == 0x4003 + 40, "cursor += 5 INT64 elements = 40 bytes (§13 Q14), got 0x%x", (unsigned)cur);
    pvc_load_post(ctx, &r, &cur, DT(FP16), -3);
    UNIT_CHECK(cur == 0x4003 + 34, "negative stride, got 0x%x", (unsigned)cur);
    /* the §4.1 read reaches floor32(A) + 288: the last aligned register of the UB faults */
    clear_fault();
    pvc_load(ctx, &r, PVC_UB_BYTES - 288);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_NONE && r.b[0] == ctx->ub[PVC_UB_BYTES - 288], "%s", "UB - 288 loads");
    cur = PVC_UB_BYTES - 256;
    pvc_load_post(ctx, &r, &cur, DT(FP32), 64);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_UB_BOUNDS && cur == PVC_UB_BYTES - 256, "%s",
               "UB - 256 faults (reads 32 B past), cursor kept");
    clear_fault();

    /* store: exactly n = count * w bytes, cursor always advances (§12 T13) */
    for (unsigned j = 0; j < 256; j++)
        src.b[j] = (uint8_t)(0xF0 ^ j);
    memset(ctx->ub + 0x5000, 0xAB, 1024);
    memset(want, 0xAB, sizeof want);
    cur = 0x5000 + 13;
    pvc_store(ctx, &cur, DT(FP32), &src, 5);
    memcpy(want + 13, src.b, 20);
    UNIT_CHECK_BYTES(ctx->ub + 0x5000, want, 1024, "store writes exactly 20 bytes at P");
    UNIT_CHECK(cur == 0x5000 + 33, "cursor += 20, got 0x%x", (unsigned)cur);
    pvc_store(ctx, &cur, DT(FP32), &src, 64);
    memcpy(want + 33, src.b, 256);
    UNIT_CHECK_BYTES(ctx->ub + 0x5000, want, 1024, "consecutive stores are consecutive (T13)");
    pvc_store(ctx, &cur, DT(UINT64), &src, 3);
    memcpy(want + 289, src.b, 24);
    UNIT_CHECK_BYTES(ctx->ub + 0x5000, want, 1024, "INT64 count 3 = 24 bytes");
    UNIT_CHECK(cur == 0x5000 + 313, "cursor 0x%x", (unsigned)cur);
    pvc_store(ctx, &cur, DT(INT8), &src, 0);
    UNIT_CHECK(cur == 0x5000 + 313, "%s", "count 0: nothing");
    cur = 0x5000 + 32;
    pvc_store(ctx, &cur, DT(INT8), &src, 256);
    memcpy(want + 32, src.b, 256);
    UNIT_CHECK_BYTES(ctx->ub + 0x5000, want, 1024, "aligned full register");
    clear_fault();
    pvc_store(ctx, &cur, DT(FP32), &src, 65);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_BAD_ARG && cur == 0x5000 + 288, "%s", "count 65 FP32: BAD_ARG");
    clear_fault();
    cur = PVC_UB_BYTES - 10;
    pvc_store(ctx, &cur, DT(FP32), &src, 3);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_UB_BOUNDS && cur == PVC_UB_BYTES - 10, "%s", "store past the UB");
    clear_fault();
}

/* ---- bulk cases from tools/ref_xlane.py --------------------------------------------------- */

static int unhex(const char *s, uint8_t *out, size_t n)
{
    if (!s || strlen(s) != 2 * n)
        return 0;
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        if (sscanf(s + 2 * i, "%2x", &v) != 1)
            return 0;
        out[i] = (uint8_t)v;
    }
    return 1;
}

static int dtype_of(const char *name, pvc_dtype *t)
{
    for (unsigned i = 0; name && i < PVC_DT_COUNT; i++)
        if (strcmp(pvc_dtype_table[i].name, name) == 0) {
            *t = (pvc_dtype)i;
            return 1;
        }
    return 0;
}

typedef void (*red_fn)(pvc_ctx *, pvc_vreg *, pvc_dtype, const pvc_vreg *, const pvc_mreg *);

static red_fn red_of(const char *op)
{
    static const struct { const char *name; red_fn fn; } t[] = {
        {"sum", pvc_reduce_sum}, {"max", pvc_reduce_max}, {"min", pvc_reduce_min},
        {"sumdb", pvc_reduce_sum_datablock}, {"maxdb", pvc_reduce_max_datablock},
        {"mindb", pvc_reduce_min_datablock}, {"pair", pvc_pair_reduce_sum},
    };
    for (size_t i = 0; op && i < sizeof t / sizeof t[0]; i++)
        if (strcmp(t[i].name, op) == 0)
            return t[i].fn;
    return NULL;
}

static char *tok(char **save) { return strtok_r(NULL, " \n", save); }

/* One case; returns 0 when the line is malformed. ncase counts it for the fail messages. */
static int run_case(char *line, unsigned lineno)
{
    static uint8_t tile[TILE_BYTES], tile2[TILE_BYTES];
    char *save, *kind = strtok_r(line, " \n", &save);
    pvc_vreg a, b, r, want;
    pvc_mreg m;
    pvc_dtype t, it;
    if (!kind)
        return 0;
    if (strcmp(kind, "red") == 0) {
        char *op = tok(&save);
        red_fn fn = red_of(op);
        if (!fn || !dtype_of(tok(&save), &t) || !unhex(tok(&save), m.bits, 32) || !unhex(tok(&save), a.b, 256) ||
            !unhex(tok(&save), want.b, 256))
            return 0;
        memset(r.b, 0xEE, PVC_VL);
        clear_fault();
        fn(ctx, &r, t, &a, &m);
        UNIT_CHECK(ctx->fault.kind == PVC_FAULT_NONE, "line %u: %s %s faulted", lineno, op, pvc_dtype_table[t].name);
        if (unit_first_diff(r.b, want.b, PVC_VL) != PVC_VL) {
            size_t k = unit_first_diff(r.b, want.b, PVC_VL);
            UNIT_CHECK(0, "line %u: reduce %s %s: byte %zu is 0x%02x, want 0x%02x", lineno, op,
                       pvc_dtype_table[t].name, k, r.b[k], want.b[k]);
        } else {
            UNIT_CHECK(1, "%s", "");
        }
        if (lineno % 5 == 0) {                       /* dst aliasing src */
            fn(ctx, &a, t, &a, &m);
            UNIT_CHECK(memcmp(a.b, want.b, PVC_VL) == 0, "line %u: %s %s aliased", lineno, op, pvc_dtype_table[t].name);
        }
        return 1;
    }
    if (strcmp(kind, "sqz") == 0) {
        char *mode = NULL, *sq = NULL;
        if (!dtype_of(tok(&save), &t) || !(mode = tok(&save)) || !unhex(tok(&save), m.bits, 32) ||
            !unhex(tok(&save), a.b, 256) || !unhex(tok(&save), want.b, 256) || !(sq = tok(&save)))
            return 0;
        ctx->spr_sqzn = 4660;
        pvc_squeeze(ctx, &r, t, &a, &m, atoi(mode) ? PVC_SQZ_NO_STORE_REG : PVC_SQZ_STORE_REG);
        UNIT_CHECK(memcmp(r.b, want.b, PVC_VL) == 0 && ctx->spr_sqzn == (uint32_t)atoi(sq),
                   "line %u: squeeze %s mode %s (SQZN %u, want %s)", lineno, pvc_dtype_table[t].name, mode,
                   ctx->spr_sqzn, sq);
        return 1;
    }
    if (strcmp(kind, "usqz") == 0) {
        if (!dtype_of(tok(&save), &t) || !unhex(tok(&save), m.bits, 32) || !unhex(tok(&save), want.b, 256))
            return 0;
        pvc_unsqueeze(ctx, &r, t, &m);
        UNIT_CHECK(memcmp(r.b, want.b, PVC_VL) == 0, "line %u: unsqueeze %s", lineno, pvc_dtype_table[t].name);
        return 1;
    }
    if (strcmp(kind, "gat") == 0) {
        if (!dtype_of(tok(&save), &t) || !dtype_of(tok(&save), &it) || !unhex(tok(&save), m.bits, 32) ||
            !unhex(tok(&save), b.b, 256) || !unhex(tok(&save), tile, TILE_BYTES) || !unhex(tok(&save), want.b, 256))
            return 0;
        memcpy(ctx->ub + BASE, tile, TILE_BYTES);
        memset(r.b, 0xEE, PVC_VL);
        clear_fault();
        pvc_gather(ctx, &r, t, it, BASE, &b, &m);
        UNIT_CHECK(ctx->fault.kind == PVC_FAULT_NONE && memcmp(r.b, want.b, PVC_VL) == 0,
                   "line %u: gather %s <- %s idx (fault %d)", lineno, pvc_dtype_table[t].name,
                   pvc_dtype_table[it].name, (int)ctx->fault.kind);
        return 1;
    }
    if (strcmp(kind, "gdb") == 0) {
        if (!unhex(tok(&save), m.bits, 32) || !unhex(tok(&save), b.b, 256) || !unhex(tok(&save), tile, TILE_BYTES) ||
            !unhex(tok(&save), want.b, 256))
            return 0;
        memcpy(ctx->ub + BASE, tile, TILE_BYTES);
        clear_fault();
        pvc_gather_datablock(ctx, &r, BASE, &b, &m);
        UNIT_CHECK(ctx->fault.kind == PVC_FAULT_NONE && memcmp(r.b, want.b, PVC_VL) == 0,
                   "line %u: gather DATA_BLOCK_LOAD", lineno);
        return 1;
    }
    if (strcmp(kind, "gsel") == 0) {
        if (!dtype_of(tok(&save), &t) || !unhex(tok(&save), a.b, 256) || !unhex(tok(&save), b.b, 256) ||
            !unhex(tok(&save), want.b, 256))
            return 0;
        pvc_gather_reg(ctx, &r, t, &a, &b);
        UNIT_CHECK(memcmp(r.b, want.b, PVC_VL) == 0, "line %u: register gather %s", lineno, pvc_dtype_table[t].name);
        return 1;
    }
    if (strcmp(kind, "sct") == 0) {
        if (!dtype_of(tok(&save), &t) || !dtype_of(tok(&save), &it) || !unhex(tok(&save), m.bits, 32) ||
            !unhex(tok(&save), a.b, 256) || !unhex(tok(&save), b.b, 256) || !unhex(tok(&save), tile, TILE_BYTES) ||
            !unhex(tok(&save), tile2, TILE_BYTES))
            return 0;
        memcpy(ctx->ub + BASE, tile, TILE_BYTES);
        clear_fault();
        pvc_scatter(ctx, t, it, BASE, &a, &b, &m);
        UNIT_CHECK(ctx->fault.kind == PVC_FAULT_NONE && memcmp(ctx->ub + BASE, tile2, TILE_BYTES) == 0,
                   "line %u: scatter %s with %s idx", lineno, pvc_dtype_table[t].name, pvc_dtype_table[it].name);
        return 1;
    }
    if (strcmp(kind, "hist") == 0) {
        char *bin = tok(&save), *ty = tok(&save);
        if (!bin || !ty || !unhex(tok(&save), m.bits, 32) || !unhex(tok(&save), a.b, 256) ||
            !unhex(tok(&save), r.b, 256) || !unhex(tok(&save), want.b, 256))
            return 0;
        pvc_histograms(ctx, &r, &a, &m, atoi(bin) ? PVC_HIST_BIN1 : PVC_HIST_BIN0,
                       atoi(ty) ? PVC_HIST_FREQUENCY : PVC_HIST_ACCUMULATE);
        UNIT_CHECK(memcmp(r.b, want.b, PVC_VL) == 0, "line %u: histograms bin %s type %s", lineno, bin, ty);
        return 1;
    }
    return 0;
}

#define REF_CMD                                                                                 \
    "for p in python3 /usr/bin/python3; do "                                                    \
    "if $p -c 'import numpy' 2>/dev/null; then exec $p tools/ref_xlane.py; fi; done; "         \
    "echo 'error no python3 with numpy found'"

static void test_reference(void)
{
    FILE *f = popen(REF_CMD, "r");
    char *line = NULL;
    size_t cap = 0;
    unsigned lineno = 0, cases = 0, bad = 0;
    long end = -1;
    UNIT_CHECK(f != NULL, "%s", "cannot run tools/ref_xlane.py");
    if (!f)
        return;
    while (getline(&line, &cap, f) > 0) {
        lineno++;
        if (strncmp(line, "error", 5) == 0) {
            UNIT_CHECK(0, "tools/ref_xlane.py: %s", line);
            continue;
        }
        if (strncmp(line, "end ", 4) == 0) {
            end = atol(line + 4);
            continue;
        }
        if (run_case(line, lineno))
            cases++;
        else
            bad++;
    }
    free(line);
    pclose(f);
    UNIT_CHECK(bad == 0, "%u malformed reference line(s)", bad);
    UNIT_CHECK(end >= 0 && (unsigned long)end == cases, "reference: %u cases run, generator announced %ld", cases, end);
    printf("ok reference: %u cases from tools/ref_xlane.py\n", cases);
}

int main(void)
{
    ctx = pvc_ctx_new();
    if (!ctx)
        return 1;
    test_sum_tree();
    test_max_index();
    test_pair_example();
    test_gather_bc_example();
    test_gatherb_example();
    test_hist_example();
    test_sum_edges();
    test_sum_fp16_all_codes();
    test_maxmin_edges();
    test_datablock_edges();
    test_pair_edges();
    test_squeeze();
    test_unsqueeze();
    test_vstur();
    test_gather_hand();
    test_gatherb_edges();
    test_gather_reg();
    test_scatter_hand();
    test_touch();
    test_hist_edges();
    test_ustream();
    test_reference();
    pvc_ctx_free(ctx);
    return UNIT_DONE();
}
