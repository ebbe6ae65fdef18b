/* test_store.c - vf.store_align: every StoreDist (§3.3, §3.4) with sparse masks whose
 * masked-off elements keep old memory, the resolution table (§3.1), post-update,
 * DATA_BLOCK_COPY stores (§3.5) and mask-register stores (§3.6). */
#include "pvc_rt.h"
#include "unit.h"

#define OLD 0xEE

static pvc_vreg reg_pattern(unsigned seed)
{
    pvc_vreg r;
    for (unsigned j = 0; j < 256; j++) r.b[j] = (uint8_t)(5 * j + seed);
    return r;
}

/* Elements i % 3 != 1 active at granularity w, plus junk in every non-tested bit (which
 * the stores must ignore, §1.2). */
static pvc_mreg sparse_mask(unsigned w)
{
    pvc_mreg m;
    memset(&m, 0, sizeof m);
    for (unsigned b = 0; b < 256; b++)
        if (b % w != 0 || (b / w) % 3 != 1)
            pvc_mreg_set_bit(&m, b, 1);
    return m;
}

static int active(unsigned i) { return i % 3 != 1; }

static void test_norm(pvc_ctx *ctx)
{
    static const pvc_store_dist d[] = {PVC_ST_NORM_B8, PVC_ST_NORM_B16, PVC_ST_NORM_B32};
    pvc_vreg r = reg_pattern(1);
    uint8_t want[256 + 64];
    for (unsigned k = 0; k < 3; k++) {
        unsigned w = 1u << k;
        pvc_mreg m = sparse_mask(w);
        memset(ctx->ub + 0x1000, OLD, sizeof want);
        for (unsigned j = 0; j < sizeof want; j++)
            want[j] = j < 256 && active(j / w) ? r.b[j] : OLD;
        pvc_store_align(ctx, 0x1000, &r, &m, d[k]);
        UNIT_CHECK_BYTES(ctx->ub + 0x1000, want, sizeof want, pvc_store_dist_table[d[k]].name);
    }
    /* full mask fast path; b64 source as NORM_B32 with a b32 ALL mask writes everything */
    {
        pvc_mreg all;
        int64_t cur = 0x1400;
        pvc_mask_create(ctx, &all, PVC_PAT_ALL, 4);
        memset(ctx->ub + 0x1400, OLD, 512);
        pvc_store_align_post(ctx, &cur, 256, &r, &all, PVC_ST_NORM_B32);
        pvc_store_align_post(ctx, &cur, 256, &r, &all, PVC_ST_NORM_B32);
        UNIT_CHECK_BYTES(ctx->ub + 0x1400, r.b, 256, "NORM_B32 full mask, post 1st");
        UNIT_CHECK_BYTES(ctx->ub + 0x1500, r.b, 256, "NORM_B32 full mask, post 2nd at +256");
        UNIT_CHECK(cur == 0x1600, "post cursor 0x%x", (unsigned)cur);
    }
}

static void test_onept(pvc_ctx *ctx)
{
    static const pvc_store_dist d[] = {PVC_ST_ONEPT_B8, PVC_ST_ONEPT_B16, PVC_ST_ONEPT_B32};
    pvc_vreg r = reg_pattern(9);
    pvc_mreg none;
    uint8_t want[16];
    memset(&none, 0, sizeof none);                 /* FIRST_ELEMENT ignores the mask */
    for (unsigned k = 0; k < 3; k++) {
        unsigned w = 1u << k;
        memset(ctx->ub + 0x1800, OLD, 16);
        for (unsigned j = 0; j < 16; j++) want[j] = j < w ? r.b[j] : OLD;
        pvc_store_align(ctx, 0x1800 + 0, &r, &none, d[k]);
        UNIT_CHECK_BYTES(ctx->ub + 0x1800, want, 16, pvc_store_dist_table[d[k]].name);
    }
}

static void test_pack(pvc_ctx *ctx)
{
    static const struct { pvc_store_dist d; unsigned w, keep; } rows[] = {
        {PVC_ST_PK_B16, 2, 1}, {PVC_ST_PK_B32, 4, 2}, {PVC_ST_PK_B64, 8, 4}, {PVC_ST_PK4_B32, 4, 1}};
    pvc_vreg r = reg_pattern(3);
    uint8_t want[256];
    for (unsigned k = 0; k < 4; k++) {
        unsigned w = rows[k].w, keep = rows[k].keep;
        pvc_mreg m = sparse_mask(w);
        memset(ctx->ub + 0x2000, OLD, 256);
        memset(want, OLD, 256);
        for (unsigned i = 0; i < 256 / w; i++)     /* element i -> low `keep` bytes at keep*i */
            for (unsigned t = 0; t < keep; t++)
                if (active(i)) want[keep * i + t] = r.b[w * i + t];
        pvc_store_align(ctx, 0x2000, &r, &m, rows[k].d);
        UNIT_CHECK_BYTES(ctx->ub + 0x2000, want, 256, pvc_store_dist_table[rows[k].d].name);
    }
    /* ASC-R byte example: u16 0x3210, 0x7654, 0xBA98, 0xFEDC -> u16 0x5410, 0xDC98 */
    {
        static const uint8_t in[8] = {0x10, 0x32, 0x54, 0x76, 0x98, 0xBA, 0xDC, 0xFE};
        static const uint8_t out[4] = {0x10, 0x54, 0x98, 0xDC};
        pvc_mreg all;
        memset(&r, 0, sizeof r);
        memcpy(r.b, in, 8);
        pvc_mask_create(ctx, &all, PVC_PAT_ALL, 2);
        pvc_store_align(ctx, 0x2000, &r, &all, PVC_ST_PK_B16);
        UNIT_CHECK_BYTES(ctx->ub + 0x2000, out, 4, "PK_B16 doc example");
    }
}

static void test_intlv(pvc_ctx *ctx)
{
    static const pvc_store_dist d[] = {PVC_ST_INTLV_B8, PVC_ST_INTLV_B16, PVC_ST_INTLV_B32};
    pvc_vreg r0 = reg_pattern(0), r1 = reg_pattern(100);
    uint8_t want[512];
    for (unsigned k = 0; k < 3; k++) {
        unsigned w = 1u << k;
        for (unsigned j = 0; j < 256; j++) {
            want[2 * w * (j / w) + j % w] = r0.b[j];
            want[2 * w * (j / w) + w + j % w] = r1.b[j];
        }
        memset(ctx->ub + 0x3000, OLD, 512);
        pvc_store_align_x2(ctx, 0x3000, &r0, &r1, d[k]);
        UNIT_CHECK_BYTES(ctx->ub + 0x3000, want, 512, pvc_store_dist_table[d[k]].name);
    }
    /* DINTLV_B32 then INTLV_B32 is the identity (pypto round-trip example) */
    {
        pvc_vreg e, o;
        for (unsigned j = 0; j < 512; j++) ctx->ub[0x3400 + j] = (uint8_t)(j * 13 + 7);
        pvc_load_align_x2(ctx, &e, &o, 0x3400, PVC_LD_DINTLV_B32);
        pvc_store_align_x2(ctx, 0x3800, &e, &o, PVC_ST_INTLV_B32);
        UNIT_CHECK_BYTES(ctx->ub + 0x3800, ctx->ub + 0x3400, 512, "DINTLV/INTLV round trip");
    }
}

static void test_resolve(void)
{
    static const struct { pvc_store_dist g; pvc_dtype t; pvc_store_dist want; } rows[] = {
        {PVC_ST_NORM, PVC_DT_INT8, PVC_ST_NORM_B8},     {PVC_ST_NORM, PVC_DT_FP16, PVC_ST_NORM_B16},
        {PVC_ST_NORM, PVC_DT_FP32, PVC_ST_NORM_B32},    {PVC_ST_NORM, PVC_DT_INT64, PVC_ST_NORM_B32},
        {PVC_ST_FIRST_ELEMENT, PVC_DT_UINT8, PVC_ST_ONEPT_B8},
        {PVC_ST_FIRST_ELEMENT, PVC_DT_INT32, PVC_ST_ONEPT_B32},
        {PVC_ST_PACK, PVC_DT_INT8, PVC_ST_PK_B16},      {PVC_ST_PACK, PVC_DT_BF16, PVC_ST_PK_B16},
        {PVC_ST_PACK, PVC_DT_FP32, PVC_ST_PK_B32},      {PVC_ST_PACK, PVC_DT_INT64, PVC_ST_PK_B64},
        {PVC_ST_PACK4, PVC_DT_INT32, PVC_ST_PK4_B32},   {PVC_ST_INTLV, PVC_DT_FP16, PVC_ST_INTLV_B16},
        {PVC_ST_INTLV, PVC_DT_UINT64, PVC_ST_NONE},     {PVC_ST_NORM_B16, PVC_DT_FP32, PVC_ST_NORM_B16},
        {PVC_ST_INTLV_B32, PVC_DT_FP32, PVC_ST_INTLV_B32},
    };
    for (unsigned k = 0; k < sizeof rows / sizeof rows[0]; k++)
        UNIT_CHECK(pvc_store_dist_resolve(rows[k].g, rows[k].t) == rows[k].want,
                   "store resolve row %u", k);
}

static void test_datablock(pvc_ctx *ctx)
{
    pvc_vreg r = reg_pattern(77);
    pvc_mreg m;
    uint8_t want[1024];
    int64_t cur = 0x4000;
    memset(&m, 0, sizeof m);
    m.bits[0] = 1; m.bits[4 * 2 + 3] = 0x80; m.bits[4 * 5 + 1] = 0x10;   /* blocks 0, 2, 5 */
    memset(ctx->ub + 0x4000, OLD, 1024);
    memset(want, OLD, 1024);
    for (unsigned k = 0; k < 8; k++)
        if (k == 0 || k == 2 || k == 5)
            memcpy(want + 64 * k, r.b + 32 * k, 32);
    pvc_store_align_datablock_post(ctx, &cur, &r, &m, 2, 4);
    UNIT_CHECK_BYTES(ctx->ub + 0x4000, want, 1024, "DATA_BLOCK store bs 2, blocks 0/2/5");
    UNIT_CHECK(cur == 0x4000 + 128, "datablock store post cursor 0x%x", (unsigned)cur);
}

static void test_mask_stores(pvc_ctx *ctx)
{
    pvc_mreg m;
    uint8_t want[32];
    int64_t cur = 0x5010;
    for (unsigned k = 0; k < 32; k++) m.bits[k] = (uint8_t)(k * 37 + 11);
    memset(ctx->ub + 0x5000, OLD, 64);
    pvc_mask_store(ctx, 0x5020, &m, PVC_MD_ST_NORM);
    UNIT_CHECK_BYTES(ctx->ub + 0x5020, m.bits, 32, "mask NORM store = raw image");
    /* PACK: membit(k) = m[2k] -> each output byte takes the even bits of two mask bytes */
    for (unsigned b = 0; b < 16; b++) {
        uint8_t lo = m.bits[2 * b], hi = m.bits[2 * b + 1], v = 0;
        for (unsigned q = 0; q < 4; q++)
            v |= (uint8_t)((((lo >> (2 * q)) & 1) << q) | (((hi >> (2 * q)) & 1) << (q + 4)));
        want[b] = v;
    }
    pvc_mask_store_post(ctx, &cur, 16, &m, PVC_MD_ST_PACK);
    UNIT_CHECK_BYTES(ctx->ub + 0x5010, want, 16, "mask PACK store keeps even bits");
    UNIT_CHECK(cur == 0x5020, "mask post cursor 0x%x", (unsigned)cur);
    UNIT_CHECK(ctx->ub[0x500F] == OLD, "%s", "byte before untouched");
}

int main(void)
{
    pvc_ctx *ctx = pvc_ctx_new();
    if (!ctx) return 1;
    test_norm(ctx);
    test_onept(ctx);
    test_pack(ctx);
    test_intlv(ctx);
    test_resolve();
    test_datablock(ctx);
    test_mask_stores(ctx);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_NONE, "unexpected fault: %s", ctx->fault.detail);
    pvc_ctx_free(ctx);
    return UNIT_DONE();
}
