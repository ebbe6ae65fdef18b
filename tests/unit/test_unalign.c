/* test_unalign.c - the unaligned family (§4): the §4.1 and §4.2 worked examples byte for
 * byte, the stale cached block, short streams, seed S1 (basic copy, INT64 count, mask
 * packing at 16- and 32-bit granularity) and the §4.4 AddrReg forms. */
#include "pvc_rt.h"
#include "unit.h"

static void put_u32(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }

/* R holds u32 values first, first+1, ... */
static pvc_vreg u32_run(uint32_t first)
{
    pvc_vreg r;
    for (unsigned i = 0; i < 64; i++) put_u32(r.b + 4 * i, first + i);
    return r;
}

/* §4.1: u32 1..128 at UB 48..560; pre(48); load(48) = [1..64]; next load at 304 = [65..128]. */
static void test_load_example(pvc_ctx *ctx)
{
    pvc_ureg_ld u;
    pvc_vreg r, want;
    int64_t cur = 48;
    uint8_t ubuf[32];
    memset(ctx->ub, 0x5A, 1024);
    for (uint32_t i = 0; i < 128; i++) put_u32(ctx->ub + 48 + 4 * i, i + 1);
    pvc_load_unalign_init(&u);
    pvc_load_unalign_pre(ctx, &u, 48);
    memset(ubuf, 0x5A, 16);                        /* block 32..64: 16 B before the data */
    for (uint32_t i = 0; i < 4; i++) put_u32(ubuf + 16 + 4 * i, i + 1);
    UNIT_CHECK_BYTES(u.buf, ubuf, 32, "pre(48) caches block 32..64");
    pvc_load_unalign_post(ctx, &r, &u, &cur, 256);
    want = u32_run(1);
    UNIT_CHECK_BYTES(r.b, want.b, 256, "load(48) = [1..64]");
    for (uint32_t i = 0; i < 8; i++) put_u32(ubuf + 4 * i, 61 + i);
    UNIT_CHECK_BYTES(u.buf, ubuf, 32, "u := UB 288..320 = [61..68]");
    UNIT_CHECK(cur == 304, "cursor 304, got %u", (unsigned)cur);
    pvc_load_unalign_post(ctx, &r, &u, &cur, 256);
    want = u32_run(65);
    UNIT_CHECK_BYTES(r.b, want.b, 256, "load(304) = [65..128]");

    /* stride != VL: the cached block is stale and used blindly (§4.1, §8 #9) */
    pvc_load_unalign_pre(ctx, &u, 48);
    pvc_load_unalign(ctx, &r, &u, 48);             /* u := UB 288..320 */
    pvc_load_unalign(ctx, &r, &u, 176);            /* off 16, B 160 */
    memcpy(want.b, ctx->ub + 304, 16);             /* u.buf[16..32) = UB 304..320 */
    memcpy(want.b + 16, ctx->ub + 192, 240);       /* UB[B+32 .. A+256) */
    UNIT_CHECK_BYTES(r.b, want.b, 256, "stale block after a 128-byte step");
    UNIT_CHECK_BYTES(u.buf, ctx->ub + 160 + 256, 32, "u := UB[B+256..B+288)");

    /* §4.4 AddrReg form: address = cursor + areg, no advance */
    pvc_load_unalign_pre(ctx, &u, 48 + 64);
    pvc_load_unalign_areg(ctx, &r, &u, 48, 64);
    want = u32_run(17);
    UNIT_CHECK_BYTES(r.b, want.b, 256, "load_unalign AddrReg form");
}

/* §4.2 worked example: stores of [1..64] at 48 and [65..128] at 304, then the post. */
static void test_store_example(pvc_ctx *ctx)
{
    pvc_ureg_st s;
    pvc_vreg a = u32_run(1), b = u32_run(65);
    uint8_t want[640];
    int64_t cur = 48;
    memset(ctx->ub, 0xAA, 640);
    memset(want, 0xAA, 640);
    pvc_unalign_reg_for_store(&s);
    UNIT_CHECK(!pvc_ureg_st_pending(&s), "%s", "fresh ureg is empty");

    pvc_store_unalign(ctx, &cur, &a, &s, 64, 4, 1);
    for (uint32_t i = 0; i < 60; i++) put_u32(want + 48 + 4 * i, i + 1);   /* 48..288 */
    UNIT_CHECK_BYTES(ctx->ub, want, 640, "first store writes 48..288 only");
    UNIT_CHECK(s.valid == 0xFFFFu && cur == 304, "parked 288..304, cursor %u", (unsigned)cur);

    pvc_store_unalign(ctx, &cur, &b, &s, 64, 4, 1);
    for (uint32_t i = 60; i < 124; i++) put_u32(want + 48 + 4 * i, i + 1); /* 288..544 */
    UNIT_CHECK_BYTES(ctx->ub, want, 640, "second store writes 288..544");
    UNIT_CHECK(pvc_ureg_st_pending(&s) && cur == 560, "parked 544..560, cursor %u", (unsigned)cur);

    pvc_store_unalign_post(ctx, &cur, &s, 0, 1);
    for (uint32_t i = 124; i < 128; i++) put_u32(want + 48 + 4 * i, i + 1); /* 544..560 */
    UNIT_CHECK_BYTES(ctx->ub, want, 640, "post writes 544..560");
    UNIT_CHECK(!pvc_ureg_st_pending(&s) && cur == 560, "flushed, cursor %u", (unsigned)cur);
}

/* A first store that does not reach a 32-B boundary must not clobber bytes in front. */
static void test_short_store(pvc_ctx *ctx)
{
    pvc_ureg_st s;
    pvc_vreg r = u32_run(0x01020304);
    uint8_t want[64];
    int64_t cur = 40;
    memset(ctx->ub, 0xAA, 64);
    memcpy(want, ctx->ub, 64);
    pvc_unalign_reg_for_store(&s);
    pvc_store_unalign(ctx, &cur, &r, &s, 2, 4, 1);            /* 8 bytes at 40..48 */
    UNIT_CHECK_BYTES(ctx->ub, want, 64, "nothing written before the flush");
    pvc_store_unalign_post(ctx, &cur, &s, 0, 1);
    memcpy(want + 40, r.b, 8);
    UNIT_CHECK_BYTES(ctx->ub, want, 64, "flush writes exactly 40..48");
}

/* Seed S1: aligned dst, count 64 FP32 -> written at once; INT64 count in 32-bit units. */
static void test_seed_s1(pvc_ctx *ctx)
{
    pvc_ureg_st s;
    pvc_vreg r;
    int64_t cur = 0x100;
    for (unsigned j = 0; j < 256; j++) r.b[j] = (uint8_t)(j ^ 0x3C);
    memset(ctx->ub + 0x100, 0, 512);
    pvc_unalign_reg_for_store(&s);
    pvc_store_unalign(ctx, &cur, &r, &s, 64, 4, 1);
    UNIT_CHECK(!pvc_ureg_st_pending(&s), "%s", "aligned 256 B: nothing parked");
    pvc_store_unalign_post(ctx, &cur, &s, 0, 1);
    UNIT_CHECK_BYTES(ctx->ub + 0x100, r.b, 256, "S1 basic copy");
    UNIT_CHECK(cur == 0x200, "cursor 0x%x", (unsigned)cur);

    /* INT64 [1,32] register: PP-BE passes count 64 through a 32-bit pointer = 256 bytes */
    pvc_store_unalign(ctx, &cur, &r, &s, 64, 4, 1);
    pvc_store_unalign_post(ctx, &cur, &s, 0, 1);
    UNIT_CHECK_BYTES(ctx->ub + 0x200, r.b, 256, "S1 INT64 copy, count 64 x 4 B");

    /* §4.4 AddrReg store: cursor + areg, one register, no advance */
    memset(ctx->ub + 0x400, 0, 512);
    pvc_store_unalign_areg(ctx, 0x400, 0x40, &r, &s, 4);
    UNIT_CHECK_BYTES(ctx->ub + 0x440, r.b, 256, "store_unalign AddrReg form");
    UNIT_CHECK(!pvc_ureg_st_pending(&s), "%s", "aligned AddrReg store parks nothing");
}

/* S1 mask section: a = all +1.0, ge 0 sets m[4i]; b16 packing -> 16 x 0x55, b32 -> 8 x 0xFF. */
static void test_mask_pstu(pvc_ctx *ctx)
{
    pvc_vreg a;
    pvc_mreg all, m;
    pvc_ureg_st s;
    uint8_t want[48];
    int64_t cur = 0x600;
    for (unsigned i = 0; i < 64; i++) put_u32(a.b + 4 * i, 0x3F800000u);
    pvc_mask_create(ctx, &all, PVC_PAT_ALL, 4);
    pvc_compare_scalar(ctx, &m, PVC_CMP_GE, PVC_DT_FP32, &a, 0, &all);
    memset(ctx->ub + 0x600, 0, 48);
    memset(want, 0, 48);
    pvc_unalign_reg_for_store(&s);
    pvc_mask_store_unalign(ctx, &cur, &m, &s, 2);
    UNIT_CHECK(cur == 0x610 && pvc_ureg_st_pending(&s), "b16 pstu parks 16 B, cursor 0x%x", (unsigned)cur);
    UNIT_CHECK_BYTES(ctx->ub + 0x600, want, 48, "nothing written before the post");
    pvc_store_unalign_post(ctx, &cur, &s, 0, 1);
    memset(want, 0x55, 16);
    UNIT_CHECK_BYTES(ctx->ub + 0x600, want, 48, "b16 packing: 16 bytes of 0x55");

    cur = 0x608;                                    /* 8-aligned is enough at b32 */
    memset(ctx->ub + 0x600, 0, 48);
    memset(want, 0, 48);
    pvc_mask_store_unalign(ctx, &cur, &m, &s, 4);
    pvc_store_unalign_post(ctx, &cur, &s, 0, 1);
    memset(want + 8, 0xFF, 8);
    UNIT_CHECK_BYTES(ctx->ub + 0x600, want, 48, "b32 packing: 8 bytes of 0xFF at +8");
    UNIT_CHECK(cur == 0x610, "cursor 0x%x", (unsigned)cur);
}

int main(void)
{
    pvc_ctx *ctx = pvc_ctx_new();
    if (!ctx) return 1;
    test_load_example(ctx);
    test_store_example(ctx);
    test_short_store(ctx);
    test_seed_s1(ctx);
    test_mask_pstu(ctx);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_NONE, "unexpected fault: %s", ctx->fault.detail);
    pvc_ctx_free(ctx);
    return UNIT_DONE();
}
