/* test_mask.c - mask generators (§5.1), compares (§5.2), abs/relu with the zeroing rule
 * (§5.3), vf.full (§5.7), the mem_bar hook (§5.6) and the seed-000 mask round trip
 * (compare ge -> store PACK -> load US into a mask -> abs). */
#include <math.h>

#include "pvc_rt.h"
#include "unit.h"

static uint32_t f32_bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static void put(uint8_t *p, unsigned w, uint64_t v) { memcpy(p, &v, w); }

/* Independent restatement of the §5.1 table. */
static int want_active(pvc_mask_pattern p, unsigned i, unsigned n)
{
    static const unsigned vl[] = {1, 2, 3, 4, 8, 16, 32, 64, 128};
    if (p >= PVC_PAT_VL1 && p <= PVC_PAT_VL128) return i < vl[p - PVC_PAT_VL1];
    switch (p) {
    case PVC_PAT_ALL:  return 1;
    case PVC_PAT_M3:   return i % 3 == 0;
    case PVC_PAT_M4:   return i % 4 == 0;
    case PVC_PAT_H:    return i < n / 2;
    case PVC_PAT_Q:    return i < n / 4;
    default:           return 0;
    }
}

static void test_patterns(pvc_ctx *ctx)
{
    pvc_mreg m;
    for (unsigned p = 0; p < PVC_PAT_COUNT; p++)
        for (unsigned w = 1; w <= 8; w *= 2) {
            int ok = 1;
            pvc_mask_create(ctx, &m, (pvc_mask_pattern)p, w);
            for (unsigned b = 0; b < 256; b++)        /* only tested bits, only active elements */
                ok &= pvc_mreg_bit(&m, b) == (b % w == 0 && want_active((pvc_mask_pattern)p, b / w, 256 / w));
            UNIT_CHECK(ok, "pattern %s at b%u", pvc_mask_pattern_table[p].name, 8 * w);
        }
    /* hand-written images */
    pvc_mask_create(ctx, &m, PVC_PAT_ALL, 4);
    UNIT_CHECK(m.bits[0] == 0x11 && m.bits[31] == 0x11, "%s", "b32 ALL = 0x11 bytes");
    pvc_mask_create(ctx, &m, PVC_PAT_ALL, 2);
    UNIT_CHECK(m.bits[0] == 0x55 && m.bits[31] == 0x55, "%s", "b16 ALL = 0x55 bytes");
    pvc_mask_create(ctx, &m, PVC_PAT_VL3, 4);
    UNIT_CHECK(m.bits[0] == 0x11 && m.bits[1] == 0x01 && m.bits[2] == 0, "%s", "b32 VL3");
    pvc_mask_create(ctx, &m, PVC_PAT_M3, 1);
    UNIT_CHECK(m.bits[0] == 0x49 && m.bits[1] == 0x92, "%s", "b8 M3 = bits 0,3,6,9,12,15");
    pvc_mask_create(ctx, &m, PVC_PAT_Q, 8);
    UNIT_CHECK(m.bits[7] == 0x01 && m.bits[8] == 0, "%s", "b64 Q = 8 elements");
    pvc_mask_create(ctx, &m, PVC_PAT_VL128, 4);
    UNIT_CHECK(m.bits[31] == 0x11, "%s", "b32 VL128 clipped to all 64");
    UNIT_CHECK(pvc_mask_pattern_table[PVC_PAT_ALLF].hw == 15 &&
               pvc_mask_pattern_table[PVC_PAT_M3].hw == 10 &&
               pvc_mask_pattern_table[PVC_PAT_VL128].hw == 9, "%s", "hw pattern values");
}

static void test_update(pvc_ctx *ctx)
{
    pvc_mreg m;
    uint32_t n = 100, left;
    left = pvc_mask_update(ctx, &m, n, 4);
    UNIT_CHECK(left == 36 && n == 100 && m.bits[31] == 0x11, "%s", "plt_b32(100): 64 active, 36 left");
    left = pvc_mask_update(ctx, &m, left, 4);
    UNIT_CHECK(left == 0 && m.bits[17] == 0x11 && m.bits[18] == 0, /* 2 elements per byte */
               "%s", "plt_b32(36): 36 active");
    left = pvc_mask_update(ctx, &m, 0, 1);
    UNIT_CHECK(left == 0 && m.bits[0] == 0, "%s", "plt(0): none");
    left = pvc_mask_update(ctx, &m, 130, 2);
    UNIT_CHECK(left == 2 && m.bits[31] == 0x55, "%s", "plt_b16(130): 128 active, 2 left");
}

static void test_compares(pvc_ctx *ctx)
{
    pvc_vreg a, b;
    pvc_mreg all, m, p;
    memset(&a, 0, sizeof a); memset(&b, 0, sizeof b);
    pvc_mask_create(ctx, &all, PVC_PAT_ALL, 1);

    /* int8 vs uint8: 0xFF is -1 signed, 255 unsigned; compare with scalar 0 */
    a.b[0] = 0xFF; a.b[1] = 0x01; a.b[2] = 0x00; a.b[3] = 0x80;
    pvc_compare_scalar(ctx, &m, PVC_CMP_LT, PVC_DT_INT8, &a, 0, &all);
    UNIT_CHECK(m.bits[0] == 0x09, "INT8 lt 0: elements 0 and 3, got 0x%02x", m.bits[0]);
    pvc_compare_scalar(ctx, &m, PVC_CMP_GT, PVC_DT_UINT8, &a, 0, &all);
    UNIT_CHECK(m.bits[0] == 0x0B, "UINT8 gt 0: elements 0,1,3, got 0x%02x", m.bits[0]);
    pvc_compare_scalar(ctx, &m, PVC_CMP_EQ, PVC_DT_INT8, &a, 0xFF, &all);
    UNIT_CHECK(m.bits[0] == 0x01, "INT8 eq -1, got 0x%02x", m.bits[0]);

    /* FP32 vector compares: NaN, +0 vs -0, inf; only bit 4i set */
    {
        float av[4] = {NAN, 0.0f, -1.0f, INFINITY}, bv[4] = {1.0f, -0.0f, 2.0f, INFINITY};
        static const struct { pvc_cmp op; uint8_t b0, b1; } rows[] = {
            /* element k -> bit 4k: elements 0,1 in byte 0 (bits 0, 4), 2,3 in byte 1 */
            {PVC_CMP_EQ, 0x10, 0x10}, {PVC_CMP_NE, 0x01, 0x01}, {PVC_CMP_LT, 0x00, 0x01},
            {PVC_CMP_GT, 0x00, 0x00}, {PVC_CMP_LE, 0x10, 0x11}, {PVC_CMP_GE, 0x10, 0x10}};
        memset(&a, 0, sizeof a); memset(&b, 0, sizeof b);
        for (unsigned k = 0; k < 4; k++) { put(a.b + 4 * k, 4, f32_bits(av[k])); put(b.b + 4 * k, 4, f32_bits(bv[k])); }
        for (unsigned r = 0; r < 6; r++) {
            pvc_compare(ctx, &m, rows[r].op, PVC_DT_FP32, &a, &b, &all);
            UNIT_CHECK(m.bits[0] == rows[r].b0 && m.bits[1] == rows[r].b1,
                       "FP32 %s: 0x%02x 0x%02x", pvc_cmp_names[rows[r].op], m.bits[0], m.bits[1]);
        }
        /* remaining 60 elements are 0 vs 0: eq true for all of them */
        pvc_compare(ctx, &m, PVC_CMP_EQ, PVC_DT_FP32, &a, &b, &all);
        UNIT_CHECK(m.bits[2] == 0x11 && m.bits[31] == 0x11, "%s", "0 == 0 elsewhere, bit 4i only");
        /* preg gating: only even elements */
        memset(&p, 0, sizeof p);
        for (unsigned i = 0; i < 64; i += 2) pvc_mreg_set_bit(&p, 4 * i, 1);
        pvc_compare(ctx, &m, PVC_CMP_EQ, PVC_DT_FP32, &a, &b, &p);
        UNIT_CHECK(m.bits[0] == 0x00 && m.bits[2] == 0x01 && m.bits[31] == 0x01, "%s", "preg gates");
    }
    /* FP16: 0x7E00 NaN, 0x8000 -0, 0x3C00 1.0, 0xFC00 -inf; BF16: 0x3F80 1.0, 0xBF80 -1.0 */
    {
        static const uint16_t h[4] = {0x7E00, 0x8000, 0x3C00, 0xFC00};
        static const uint16_t bf[4] = {0x3F80, 0xBF80, 0x7FC0, 0x0001};
        memset(&a, 0, sizeof a);
        for (unsigned k = 0; k < 4; k++) put(a.b + 2 * k, 2, h[k]);
        pvc_compare_scalar(ctx, &m, PVC_CMP_GE, PVC_DT_FP16, &a, 0x0000, &all);
        UNIT_CHECK(m.bits[0] == 0x14 && m.bits[1] == 0x55, "FP16 ge 0 (-0, 1.0): 0x%02x", m.bits[0]);
        pvc_compare_scalar(ctx, &m, PVC_CMP_NE, PVC_DT_FP16, &a, 0x3C00, &all);
        UNIT_CHECK(m.bits[0] == 0x45, "FP16 ne 1.0: 0x%02x", m.bits[0]);
        memset(&a, 0, sizeof a);
        for (unsigned k = 0; k < 4; k++) put(a.b + 2 * k, 2, bf[k]);
        pvc_compare_scalar(ctx, &m, PVC_CMP_GT, PVC_DT_BF16, &a, 0x0000, &all);
        UNIT_CHECK(m.bits[0] == 0x41, "BF16 gt 0 (1.0, denormal): 0x%02x", m.bits[0]);
        pvc_compare_scalar(ctx, &m, PVC_CMP_LE, PVC_DT_BF16, &a, 0xBF80, &all);
        UNIT_CHECK(m.bits[0] == 0x04, "BF16 le -1.0: 0x%02x", m.bits[0]);
    }
    /* int16 / uint32 vector compares */
    memset(&a, 0, sizeof a); memset(&b, 0, sizeof b);
    put(a.b, 2, 0x8000); put(b.b, 2, 0x7FFF);
    pvc_compare(ctx, &m, PVC_CMP_LT, PVC_DT_INT16, &a, &b, &all);
    UNIT_CHECK(m.bits[0] == 0x01, "INT16 -32768 < 32767: 0x%02x", m.bits[0]);
    pvc_compare(ctx, &m, PVC_CMP_LT, PVC_DT_UINT16, &a, &b, &all);
    UNIT_CHECK(m.bits[0] == 0x00, "UINT16 32768 < 32767 false: 0x%02x", m.bits[0]);
    put(a.b, 4, 0xFFFFFFFFu);
    pvc_compare_scalar(ctx, &m, PVC_CMP_GT, PVC_DT_UINT32, &a, 1, &all);
    UNIT_CHECK(m.bits[0] == 0x01, "UINT32 max > 1: 0x%02x", m.bits[0]);
    pvc_compare_scalar(ctx, &m, PVC_CMP_GT, PVC_DT_INT32, &a, 1, &all);
    UNIT_CHECK(m.bits[0] == 0x00, "INT32 -1 > 1 false: 0x%02x", m.bits[0]);
}

static void test_abs_relu_full(pvc_ctx *ctx)
{
    pvc_vreg a, r, want;
    pvc_mreg all, even;
    pvc_mask_create(ctx, &all, PVC_PAT_ALL, 1);
    memset(&even, 0, sizeof even);
    for (unsigned i = 0; i < 256; i += 2) pvc_mreg_set_bit(&even, i, 1);

    for (unsigned j = 0; j < 256; j++) a.b[j] = (uint8_t)(j + 0x7E);   /* 0x7E, 0x7F, 0x80, ... */
    pvc_abs(ctx, &r, PVC_DT_INT8, &a, &even);
    for (unsigned j = 0; j < 256; j++) {
        int8_t v = (int8_t)a.b[j];
        want.b[j] = j % 2 ? 0 : (uint8_t)(v == -128 ? -128 : v < 0 ? -v : v);
    }
    UNIT_CHECK_BYTES(r.b, want.b, 256, "INT8 abs, odd lanes zeroed, -128 wraps");

    memset(&a, 0, sizeof a);
    put(a.b + 0, 4, 0x80000000u); put(a.b + 4, 4, 0xFFC00001u); put(a.b + 8, 4, 0xC0490FDBu);
    pvc_abs(ctx, &r, PVC_DT_FP32, &a, &all);
    memset(&want, 0, sizeof want);
    put(want.b + 4, 4, 0x7FC00001u); put(want.b + 8, 4, 0x40490FDBu);
    UNIT_CHECK_BYTES(r.b, want.b, 256, "FP32 abs: -0 -> +0, NaN keeps payload");

    memset(&a, 0, sizeof a);
    put(a.b + 0, 2, 0x8000); put(a.b + 2, 2, 0xBC00); put(a.b + 4, 2, 0x3C00); put(a.b + 6, 2, 0xFE00);
    pvc_relu(ctx, &r, PVC_DT_FP16, &a, &all);
    memset(&want, 0, sizeof want);
    put(want.b + 4, 2, 0x3C00); put(want.b + 6, 2, 0xFE00);
    UNIT_CHECK_BYTES(r.b, want.b, 256, "FP16 relu: -0, -1 -> +0; 1 kept; NaN kept");
    put(a.b, 4, 0xFFFFFFF0u); put(a.b + 4, 4, 5);
    pvc_relu(ctx, &r, PVC_DT_INT32, &a, &all);
    UNIT_CHECK(r.b[0] == 0 && r.b[4] == 5, "%s", "INT32 relu");

    /* vf.full: vbr, vdup ZEROING / MERGING, register LOWEST / HIGHEST */
    pvc_full(ctx, &r, PVC_DT_INT16, 0x1234, NULL, PVC_MERGE_ZEROING);
    UNIT_CHECK(r.b[0] == 0x34 && r.b[1] == 0x12 && r.b[254] == 0x34 && r.b[255] == 0x12, "%s", "full unmasked");
    {
        pvc_mreg vl2;
        pvc_mask_create(ctx, &vl2, PVC_PAT_VL2, 4);
        memset(&r, 0x77, sizeof r);
        pvc_full(ctx, &r, PVC_DT_FP32, f32_bits(1.5f), &vl2, PVC_MERGE_MERGING);
        memset(&want, 0x77, sizeof want);
        put(want.b, 4, 0x3FC00000u); put(want.b + 4, 4, 0x3FC00000u);
        UNIT_CHECK_BYTES(r.b, want.b, 256, "full masked MERGING");
        pvc_full(ctx, &r, PVC_DT_FP32, f32_bits(1.5f), &vl2, PVC_MERGE_ZEROING);
        memset(want.b + 8, 0, 248);
        UNIT_CHECK_BYTES(r.b, want.b, 256, "full masked ZEROING");
        for (unsigned j = 0; j < 256; j++) a.b[j] = (uint8_t)j;
        pvc_full_reg(ctx, &r, PVC_DT_FP32, &a, &vl2, PVC_POS_HIGHEST, PVC_MERGE_ZEROING);
        memset(&want, 0, sizeof want);
        for (unsigned j = 0; j < 8; j++) want.b[j] = (uint8_t)(252 + j % 4);
        UNIT_CHECK_BYTES(r.b, want.b, 256, "full register HIGHEST");
        pvc_full_reg(ctx, &r, PVC_DT_INT8, &a, NULL, PVC_POS_LOWEST, PVC_MERGE_ZEROING);
        memset(&want, 0, sizeof want);
        UNIT_CHECK_BYTES(r.b, want.b, 256, "full register LOWEST (element 0 = 0)");
    }
}

/* Seed 000: ge(a, 0.0) -> store PACK -> load US into a declared mask -> abs(a, m). */
static void test_seed000(pvc_ctx *ctx)
{
    static const uint8_t packed[16] = {0x51, 0x04, 0x51, 0x04, 0x51, 0x04, 0x51, 0x04,
                                       0x51, 0x04, 0x51, 0x04, 0x51, 0x04, 0x51, 0x45};
    float g1[4] = {1.5f, -2.0f, 0.0f, -0.0f}, g2[4] = {-3.25f, 4.0f, NAN, -INFINITY};
    float last[4] = {INFINITY, 5.0f, -1e-45f, 7.0f};
    uint32_t o1[4] = {0x3FC00000u, 0, 0, 0}, o2[4] = {0, 0x40800000u, 0, 0};
    uint32_t olast[4] = {0x7F800000u, 0x40A00000u, 0, 0x40E00000u};
    pvc_vreg a, r, want;
    pvc_mreg all, ge, m;
    for (unsigned g = 0; g < 16; g++)
        for (unsigned q = 0; q < 4; q++) {
            float v = g == 15 ? last[q] : g % 2 ? g2[q] : g1[q];
            uint32_t o = g == 15 ? olast[q] : g % 2 ? o2[q] : o1[q];
            put(a.b + 16 * g + 4 * q, 4, f32_bits(v));
            put(want.b + 16 * g + 4 * q, 4, o);
        }
    pvc_mask_create(ctx, &all, PVC_PAT_ALL, 4);
    pvc_compare_scalar(ctx, &ge, PVC_CMP_GE, PVC_DT_FP32, &a, f32_bits(0.0f), &all);
    memset(ctx->ub + 0x7000, 0xCC, 64);
    pvc_mask_store(ctx, 0x7000, &ge, PVC_MD_ST_PACK);
    UNIT_CHECK_BYTES(ctx->ub + 0x7000, packed, 16, "PACK bytes = sum [a>=0] << 2q");
    UNIT_CHECK(ctx->ub[0x7010] == 0xCC, "%s", "PACK writes 16 bytes only");
    pvc_mask_create(ctx, &m, PVC_PAT_ALLF, 4);   /* declared first, as the seed does */
    pvc_mask_load(ctx, &m, 0x7000, PVC_MD_LD_US);
    for (unsigned i = 0; i < 64; i++)
        if (pvc_mreg_bit(&m, 4 * i) != pvc_mreg_bit(&ge, 4 * i))
            UNIT_CHECK(0, "US restores bit 4*%u", i);
    memset(&r, 0x99, sizeof r);
    pvc_abs(ctx, &r, PVC_DT_FP32, &a, &m);
    UNIT_CHECK_BYTES(r.b, want.b, 256, "seed 000: a >= 0 ? |a| : +0");
}

static unsigned bar_calls;
static pvc_membar bar_last;
static void on_bar(pvc_ctx *ctx, pvc_membar mode) { (void)ctx; bar_calls++; bar_last = mode; }

static void test_mem_bar(pvc_ctx *ctx)
{
    pvc_mem_bar(ctx, PVC_MEMBAR_VST_VLD);            /* no hook: nothing happens */
    ctx->mem_bar = on_bar;
    pvc_mem_bar(ctx, PVC_MEMBAR_SV_ALL);
    UNIT_CHECK(bar_calls == 1 && bar_last == PVC_MEMBAR_SV_ALL, "%s", "mem_bar hook called");
    ctx->mem_bar = NULL;
}

int main(void)
{
    pvc_ctx *ctx = pvc_ctx_new();
    if (!ctx) return 1;
    test_patterns(ctx);
    test_update(ctx);
    test_compares(ctx);
    test_abs_relu_full(ctx);
    test_seed000(ctx);
    test_mem_bar(ctx);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_NONE, "unexpected fault: %s", ctx->fault.detail);
    pvc_ctx_free(ctx);
    return UNIT_DONE();
}
