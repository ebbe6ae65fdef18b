/* test_load.c - vf.load_align: every LoadDist at every width (§2.2, §2.3), resolution,
 * post-update, offsets/AddrReg helpers (§1.4, §2.1), DATA_BLOCK_COPY incl. seed 003 (§2.4)
 * and mask-register loads (§2.5). Expected bytes restate the docs/SEMANTICS.md formulas. */
#include <stdlib.h>

#include "pvc_rt.h"
#include "unit.h"

static uint8_t pat(uint32_t k) { return (uint8_t)((7u * k + 3u) % 256u); }

static pvc_ctx *patterned(void)
{
    pvc_ctx *ctx = pvc_ctx_new();
    for (uint32_t k = 0; k < PVC_UB_BYTES; k++)
        ctx->ub[k] = pat(k);
    return ctx;
}

static void check_dist(pvc_ctx *ctx, pvc_load_dist d, uint32_t a, const uint8_t *want)
{
    pvc_vreg r;
    memset(&r, 0xCD, sizeof r);
    pvc_load_align(ctx, &r, a, d);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_NONE, "%s faulted", pvc_load_dist_table[d].name);
    UNIT_CHECK_BYTES(r.b, want, 256, pvc_load_dist_table[d].name);
}

static void test_single_dists(pvc_ctx *ctx)
{
    uint8_t want[256];
    uint32_t a = 0x1000;
    static const struct { pvc_load_dist d; unsigned w; } brc[] = {
        {PVC_LD_BRC_B8, 1}, {PVC_LD_BRC_B16, 2}, {PVC_LD_BRC_B32, 4}};
    static const struct { pvc_load_dist us, ds; unsigned w; } usds[] = {
        {PVC_LD_US_B8, PVC_LD_DS_B8, 1}, {PVC_LD_US_B16, PVC_LD_DS_B16, 2}};
    static const struct { pvc_load_dist d; unsigned w; } unpk[] = {
        {PVC_LD_UNPK_B8, 1}, {PVC_LD_UNPK_B16, 2}, {PVC_LD_UNPK_B32, 4}};

    for (unsigned j = 0; j < 256; j++) want[j] = pat(a + j);
    check_dist(ctx, PVC_LD_NORM, a, want);

    for (unsigned k = 0; k < 3; k++) {              /* R.e_w[i] = UBw[A], A only w-aligned */
        uint32_t b = a + 96 + brc[k].w;
        for (unsigned j = 0; j < 256; j++) want[j] = pat(b + j % brc[k].w);
        check_dist(ctx, brc[k].d, b, want);
    }
    for (unsigned k = 0; k < 2; k++) {
        unsigned w = usds[k].w;
        for (unsigned j = 0; j < 256; j++)          /* US: element i from source i/2 */
            want[j] = pat(a + w * ((j / w) / 2) + j % w);
        check_dist(ctx, usds[k].us, a, want);
        for (unsigned j = 0; j < 256; j++)          /* DS: element i from source 2i */
            want[j] = pat(a + w * (2 * (j / w)) + j % w);
        check_dist(ctx, usds[k].ds, a, want);
    }
    for (unsigned k = 0; k < 3; k++) {
        unsigned w = unpk[k].w;
        for (unsigned j = 0; j < 256; j++) {        /* even lanes: source k, odd lanes 0 */
            unsigned e = j / w;
            want[j] = e % 2 ? 0 : pat(a + w * (e / 2) + j % w);
        }
        check_dist(ctx, unpk[k].d, a, want);
    }
    for (unsigned j = 0; j < 256; j++) want[j] = j % 4 ? 0 : pat(a + j / 4);
    check_dist(ctx, PVC_LD_UNPK4_B8, a, want);
    for (unsigned j = 0; j < 256; j++) want[j] = pat(a + j % 32);
    check_dist(ctx, PVC_LD_BLK, a, want);
    for (unsigned j = 0; j < 256; j++) want[j] = pat(a + 16 + 2 * ((j / 2) / 16) + j % 2);
    check_dist(ctx, PVC_LD_E2B_B16, a + 16, want); /* 16-byte alignment suffices */
    for (unsigned j = 0; j < 256; j++) want[j] = pat(a + 4 * ((j / 4) / 8) + j % 4);
    check_dist(ctx, PVC_LD_E2B_B32, a, want);
}

static void test_dintlv(pvc_ctx *ctx)
{
    static const pvc_load_dist d[] = {PVC_LD_DINTLV_B8, PVC_LD_DINTLV_B16, PVC_LD_DINTLV_B32};
    uint32_t a = 0x2040;
    for (unsigned k = 0; k < 3; k++) {
        unsigned w = 1u << k;
        uint8_t w0[256], w1[256];
        pvc_vreg r0, r1;
        int64_t cur = a;
        for (unsigned j = 0; j < 256; j++) {
            w0[j] = pat(a + 2 * w * (j / w) + j % w);
            w1[j] = pat(a + 2 * w * (j / w) + w + j % w);
        }
        pvc_load_align_x2(ctx, &r0, &r1, a, d[k]);
        UNIT_CHECK_BYTES(r0.b, w0, 256, "DINTLV even");
        UNIT_CHECK_BYTES(r1.b, w1, 256, "DINTLV odd");
        memset(&r0, 0, sizeof r0);
        pvc_load_align_x2_post(ctx, &r0, &r1, &cur, 512, d[k]);
        UNIT_CHECK_BYTES(r0.b, w0, 256, "DINTLV post even");
        UNIT_CHECK(cur == a + 512, "DINTLV post cursor 0x%x", (unsigned)cur);
    }
}

static void test_resolve(void)
{
    static const struct { pvc_load_dist g; pvc_dtype t; pvc_load_dist want; } rows[] = {
        {PVC_LD_BRC, PVC_DT_INT8, PVC_LD_BRC_B8},     {PVC_LD_BRC, PVC_DT_BF16, PVC_LD_BRC_B16},
        {PVC_LD_BRC, PVC_DT_FP32, PVC_LD_BRC_B32},    {PVC_LD_BRC, PVC_DT_INT64, PVC_LD_BRC_B32},
        {PVC_LD_US, PVC_DT_UINT8, PVC_LD_US_B8},      {PVC_LD_US, PVC_DT_FP32, PVC_LD_US_B16},
        {PVC_LD_DS, PVC_DT_HF8, PVC_LD_DS_B8},        {PVC_LD_DS, PVC_DT_INT32, PVC_LD_DS_B16},
        {PVC_LD_UNPK, PVC_DT_INT8, PVC_LD_UNPK_B8},   {PVC_LD_UNPK, PVC_DT_FP16, PVC_LD_UNPK_B16},
        {PVC_LD_UNPK, PVC_DT_UINT32, PVC_LD_UNPK_B32},{PVC_LD_UNPK, PVC_DT_INT64, PVC_LD_NONE},
        {PVC_LD_UNPK4, PVC_DT_INT8, PVC_LD_UNPK4_B8}, {PVC_LD_E2B, PVC_DT_INT8, PVC_LD_E2B_B32},
        {PVC_LD_E2B, PVC_DT_FP16, PVC_LD_E2B_B16},    {PVC_LD_E2B, PVC_DT_FP32, PVC_LD_E2B_B32},
        {PVC_LD_DINTLV, PVC_DT_INT8, PVC_LD_DINTLV_B8}, {PVC_LD_DINTLV, PVC_DT_FP32, PVC_LD_DINTLV_B32},
        {PVC_LD_DINTLV, PVC_DT_UINT64, PVC_LD_NONE},  {PVC_LD_NORM, PVC_DT_INT64, PVC_LD_NORM},
        {PVC_LD_US_B8, PVC_DT_FP32, PVC_LD_US_B8},    {PVC_LD_BLK, PVC_DT_FP16, PVC_LD_BLK},
    };
    for (unsigned k = 0; k < sizeof rows / sizeof rows[0]; k++)
        UNIT_CHECK(pvc_load_dist_resolve(rows[k].g, rows[k].t) == rows[k].want,
                   "resolve row %u", k);
    UNIT_CHECK(pvc_load_dist_table[PVC_LD_DS_B16].bytes == 512 &&
               pvc_load_dist_table[PVC_LD_E2B_B16].align == 16 &&
               pvc_load_dist_table[PVC_LD_DINTLV_B32].nreg == 2, "%s", "table columns");
}

/* §1.5, §2.1: post = access at cursor, then advance; offsets in tile elements; AddrReg. */
static void test_addressing(pvc_ctx *ctx)
{
    pvc_tile f32 = {.addr = 0x3000, .dtype = PVC_DT_FP32, .rows = 2, .cols = 64}, i8 = {.addr = 0x3000, .dtype = PVC_DT_INT8, .rows = 4, .cols = 256};
    pvc_vreg r;
    uint8_t want[256];
    int64_t cur = f32.addr;
    int64_t s1[] = {64}, i1[] = {1}, s2[] = {128, 8}, i2[] = {2, 3}, s3[] = {4}, i3[] = {5};

    UNIT_CHECK(pvc_tile_off_addr(&f32, 64) == 0x3100, "%s", "FP32 tile + 64 = +256 B");
    UNIT_CHECK(pvc_tile_rc_addr(&f32, 1, 0) == 0x3100, "%s", "[1,0] on [2,64] FP32 = +256 B");
    UNIT_CHECK(pvc_tile_off_addr(&i8, 3) == 0x3003, "%s", "INT8 tile + 3 = +3 B");
    UNIT_CHECK(pvc_tile_rc_addr(&i8, 2, 5) == 0x3000 + 517, "%s", "[2,5] on INT8 [4,256]");
    UNIT_CHECK(pvc_areg_bytes(PVC_DT_FP32, 1, s1, i1) == 256, "%s", "areg FP32 64*1");
    UNIT_CHECK(pvc_areg_bytes(PVC_DT_INT16, 2, s2, i2) == 2 * (256 + 24), "%s", "areg 2 axes");
    UNIT_CHECK(pvc_areg_bytes(PVC_DT_INT64, 1, s3, i3) == 160, "%s", "areg INT64");

    pvc_load_align_post(ctx, &r, &cur, 256, PVC_LD_NORM);
    for (unsigned j = 0; j < 256; j++) want[j] = pat(0x3000 + j);
    UNIT_CHECK_BYTES(r.b, want, 256, "post first access at the cursor");
    pvc_load_align_post(ctx, &r, &cur, 0, PVC_LD_NORM);
    for (unsigned j = 0; j < 256; j++) want[j] = pat(0x3100 + j);
    UNIT_CHECK_BYTES(r.b, want, 256, "post second access after +256");
    UNIT_CHECK(cur == 0x3100, "offset 0 keeps the cursor: 0x%x", (unsigned)cur);
}

/* Seed 003: input byte i = i % 251 + 1 (16 blocks), bs 2, rs 1, ALL b8 mask. */
static void test_seed003(pvc_ctx *ctx)
{
    uint32_t in = 0x8000;
    uint8_t golden[256];
    pvc_vreg r;
    pvc_mreg all, some;
    memset(ctx->ub + in, 0, 1024);
    for (uint32_t i = 0; i < 16 * 32; i++) ctx->ub[in + i] = (uint8_t)(i % 251 + 1);
    for (uint32_t b = 0; b < 8; b++)
        for (uint32_t i = 0; i < 32; i++)
            golden[32 * b + i] = (uint8_t)(((1 + b * 2) * 32 + i) % 251 + 1);
    pvc_mask_create(ctx, &all, PVC_PAT_ALL, 1);
    memset(&r, 0xFF, sizeof r);
    pvc_asc_loadalign_datablock_strided(ctx, &r, in, 2, 1, &all);
    UNIT_CHECK_BYTES(r.b, golden, 256, "seed 003 golden");

    /* blocks 1 and 5 disabled (zero), block 2 enabled by a single non-tested bit */
    memset(&some, 0, sizeof some);
    for (unsigned k = 0; k < 8; k++)
        if (k != 1 && k != 5 && k != 2) some.bits[4 * k] = 0x01;
    some.bits[4 * 2 + 2] = 0x02;                    /* bit 32*2 + 17 */
    for (unsigned k = 0; k < 32; k++) golden[32 + k] = golden[160 + k] = 0;
    memset(&r, 0xFF, sizeof r);
    pvc_asc_loadalign_datablock_strided(ctx, &r, in, 2, 1, &some);
    UNIT_CHECK_BYTES(r.b, golden, 256, "seed 003 with blocks 1 and 5 masked off");
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_NONE, "%s", "no fault");
}

/* Disabled block beyond the end of UB reads nothing and does not fault. */
static void test_datablock_edge(pvc_ctx *ctx)
{
    uint32_t src = PVC_UB_BYTES - 480;              /* bs 2, rs 1: block 7 starts at UB end */
    pvc_mreg m;
    pvc_vreg r;
    uint8_t want[256];
    int64_t cur = 0x5000;
    memset(&m, 0, sizeof m);
    for (unsigned k = 0; k < 7; k++) m.bits[4 * k] = 0x11;
    for (unsigned b = 0; b < 8; b++)
        for (unsigned t = 0; t < 32; t++)
            want[32 * b + t] = b == 7 ? 0 : pat(src + 32 + 64 * b + t);
    pvc_asc_loadalign_datablock_strided(ctx, &r, src, 2, 1, &m);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_NONE, "%s", "disabled block past the UB end: no fault");
    UNIT_CHECK_BYTES(r.b, want, 256, "datablock at the UB end");

    /* pypto post form: A = cursor (no rs offset), then cursor += rs*32; bs 0 repeats block 0 */
    memset(&m, 0xFF, sizeof m);
    for (unsigned j = 0; j < 256; j++) want[j] = pat(0x5000 + j % 32);
    pvc_load_align_datablock_post(ctx, &r, &cur, 0, 3, &m);
    UNIT_CHECK_BYTES(r.b, want, 256, "datablock post, bs 0");
    UNIT_CHECK(cur == 0x5000 + 96, "datablock post cursor 0x%x", (unsigned)cur);
    for (unsigned j = 0; j < 256; j++) want[j] = pat(0x5000 + 32 * 3 * (j / 32) + j % 32);
    pvc_load_align_datablock(ctx, &r, 0x5000, 3, &m);
    UNIT_CHECK_BYTES(r.b, want, 256, "datablock non-post, bs 3");
}

static int membit(uint32_t a, unsigned p) { return (pat(a + p / 8) >> (p % 8)) & 1; }

static void test_mask_loads(pvc_ctx *ctx)
{
    pvc_mreg m;
    uint32_t a = 0x6000;
    int64_t cur = 0x6010;
    int ok;
    pvc_mask_load(ctx, &m, a, PVC_MD_LD_NORM);
    ok = 1;
    for (unsigned j = 0; j < 256; j++) ok &= pvc_mreg_bit(&m, j) == membit(a, j);
    UNIT_CHECK(ok, "%s", "mask NORM: m[j] = membit(j)");
    pvc_mask_load_post(ctx, &m, &cur, 16, PVC_MD_LD_US);
    ok = 1;
    for (unsigned j = 0; j < 256; j++) ok &= pvc_mreg_bit(&m, j) == membit(0x6010, j / 2);
    UNIT_CHECK(ok && cur == 0x6020, "%s", "mask US: m[j] = membit(j/2), post +16");
    pvc_mask_load(ctx, &m, a + 32, PVC_MD_LD_DS);
    ok = 1;
    for (unsigned j = 0; j < 256; j++) ok &= pvc_mreg_bit(&m, j) == membit(a + 32, 2 * j);
    UNIT_CHECK(ok, "%s", "mask DS: m[j] = membit(2j)");
}

int main(void)
{
    pvc_ctx *ctx = patterned();
    if (!ctx) return 1;
    test_single_dists(ctx);
    test_dintlv(ctx);
    test_resolve();
    test_addressing(ctx);
    test_datablock_edge(ctx);
    test_mask_loads(ctx);
    test_seed003(ctx);
    pvc_ctx_free(ctx);
    return UNIT_DONE();
}
