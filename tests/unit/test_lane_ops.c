/* test_lane_ops.c - the lane ops of pvc_rt_lanes.h: bitwise and shifts (docs/SEMANTICS.md
 * §10.7), select (§10.8), bit_cast / pack / unpack (§10.11), interleave (§10.12), move,
 * MASK SPR and mask_gen_with_reg_tensor (§10.14), arange (§10.15).
 *
 * Three parts: the worked checks of §11 that concern these ops; hand-derived edge cases
 * (over-wide and negative shifts, sign fill, -0 / NaN bits, partial and compare masks,
 * merging vs zeroing, aliasing, round trips, illegal arguments); and bulk vectors from
 * tools/ref_lanes.py, an independent numpy restatement of the formulas, compared byte for
 * byte. Every expected value below is derived by hand from the spec. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pvc_rt.h"
#include "unit.h"

static pvc_ctx *ctx;

static uint32_t f32_bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static uint64_t get_lane(const pvc_vreg *r, unsigned w, unsigned i)
{
    uint64_t v = 0;
    memcpy(&v, r->b + w * i, w);
    return v;
}
static void set_lane(pvc_vreg *r, unsigned w, unsigned i, uint64_t v) { memcpy(r->b + w * i, &v, w); }
static void fill_lanes(pvc_vreg *r, unsigned w, uint64_t v)
{
    for (unsigned i = 0; i < PVC_VL / w; i++)
        set_lane(r, w, i, v);
}
/* A mask with only the tested bit of element i set where act(i): generator style. */
static pvc_mreg tested_mask(unsigned w, int (*on)(unsigned i))
{
    pvc_mreg m;
    memset(&m, 0, sizeof m);
    for (unsigned i = 0; i < PVC_VL / w; i++)
        if (on(i))
            pvc_mreg_set_bit(&m, w * i, 1);
    return m;
}
static int even(unsigned i) { return i % 2 == 0; }
static int below5(unsigned i) { return i < 5; }

/* Runs fn under a protected call; the fault kind it ended with (0 = none). */
typedef struct { void (*fn)(void *); void *arg; } thunk;
static void run_thunk(pvc_ctx *c, void *p) { (void)c; ((thunk *)p)->fn(((thunk *)p)->arg); }
static int protected_call(void (*fn)(void *), void *arg)
{
    thunk t = {fn, arg};
    return pvc_ctx_pcall(ctx, run_thunk, &t);
}

/* ---------------------------------------------------------------------------------------
 * §11 worked checks
 * ------------------------------------------------------------------------------------- */
static void test_worked(void)
{
    pvc_vreg r;
    int ok = 1;
    /* arange(0, dtype=UINT32) -> 0..63 */
    pvc_arange(ctx, &r, PVC_DT_UINT32, 0, PVC_ORDER_INCREASE);
    for (unsigned i = 0; i < 64; i++)
        ok &= get_lane(&r, 4, i) == i;
    UNIT_CHECK(ok, "%s", "arange(0, UINT32) = 0..63");
    /* arange(63, DECREASE_ORDER, UINT32) == torch.arange(126, 62, -1) */
    ok = 1;
    pvc_arange(ctx, &r, PVC_DT_UINT32, 63, PVC_ORDER_DECREASE);
    for (unsigned i = 0; i < 64; i++)
        ok &= get_lane(&r, 4, i) == 126 - i;
    UNIT_CHECK(ok && get_lane(&r, 4, 0) == 126 && get_lane(&r, 4, 63) == 63, "%s",
               "arange(63, DECREASE, UINT32) = 126..63");

    /* pack LOWER then unpack LOWER of a b32 compare mask -> the same b32 mask */
    pvc_vreg a, zero;
    pvc_mreg all, cmp, packed, back;
    for (unsigned i = 0; i < 64; i++)
        set_lane(&a, 4, i, f32_bits((float)((int)(i * 37 % 64) - 30)));
    memset(&zero, 0, sizeof zero);
    pvc_mask_create(ctx, &all, PVC_PAT_ALL, 4);
    pvc_compare(ctx, &cmp, PVC_CMP_GT, PVC_DT_FP32, &a, &zero, &all);
    pvc_mask_pack(ctx, &packed, &cmp, PVC_PART_LOWER);
    pvc_mask_unpack(ctx, &back, &packed, PVC_PART_LOWER);
    UNIT_CHECK_BYTES(back.bits, cmp.bits, 32, "b32 compare mask: pack LOWER, unpack LOWER");
    int some = 0;
    for (unsigned i = 0; i < 64; i++)
        some += pvc_mreg_bit(&cmp, 4 * i);
    UNIT_CHECK(some > 10 && some < 54, "compare mask has a mix of lanes (%d)", some);
}

/* ---------------------------------------------------------------------------------------
 * Hand-derived edge cases
 * ------------------------------------------------------------------------------------- */
static void test_bitwise_edges(void)
{
    pvc_vreg a, b, r;
    pvc_mreg m;
    /* abs through and_: -0.0 & 0x7FFFFFFF = +0.0; NaN payload bits move untouched */
    fill_lanes(&a, 4, 0x80000000u);
    set_lane(&a, 4, 1, 0xFFC12345u);
    fill_lanes(&b, 4, 0x7FFFFFFFu);
    pvc_and(ctx, &r, PVC_DT_FP32, &a, &b, NULL);
    UNIT_CHECK(get_lane(&r, 4, 0) == 0 && get_lane(&r, 4, 1) == 0x7FC12345u, "%s", "and_ FP32 -0 / NaN");
    /* xor with itself under a b16 mask of even lanes: all 0, odd lanes zeroed too */
    m = tested_mask(2, even);
    pvc_xor(ctx, &r, PVC_DT_BF16, &a, &a, &m);
    int ok = 1;
    for (unsigned j = 0; j < PVC_VL; j++)
        ok &= r.b[j] == 0;
    UNIT_CHECK(ok, "%s", "xor a^a = 0");
    /* or_ INT16 under even-lanes mask: odd lanes zeroed, even lanes a | b */
    fill_lanes(&a, 2, 0x0F00);
    fill_lanes(&b, 2, 0x00F0);
    pvc_or(ctx, &r, PVC_DT_INT16, &a, &b, &m);
    UNIT_CHECK(get_lane(&r, 2, 0) == 0x0FF0 && get_lane(&r, 2, 1) == 0 && get_lane(&r, 2, 126) == 0x0FF0,
               "%s", "or_ zeroing");
    /* a mask made at b32 applied to a b16 op enables every other b16 lane (bit 4i only) */
    pvc_mask_create(ctx, &m, PVC_PAT_ALL, 4);
    pvc_not(ctx, &r, PVC_DT_UINT16, &a, &m);
    UNIT_CHECK(get_lane(&r, 2, 0) == 0xF0FF && get_lane(&r, 2, 1) == 0 && get_lane(&r, 2, 2) == 0xF0FF,
               "%s", "not_ b16 under b32 generator mask");
    /* aliasing: dst == a == b */
    fill_lanes(&a, 8, 0x0123456789ABCDEFull);
    pvc_and(ctx, &a, PVC_DT_UINT64, &a, &a, NULL);
    UNIT_CHECK(get_lane(&a, 8, 31) == 0x0123456789ABCDEFull, "%s", "and_ alias dst = a = b");

    /* pnot of a b32 mask under a b32 generator gate keeps only bits 4i (§10.7 note) */
    pvc_mreg src, g, d;
    memset(&src, 0, sizeof src);
    pvc_mreg_set_bit(&src, 8, 1);  /* element 2 active */
    pvc_mask_create(ctx, &g, PVC_PAT_ALL, 4);
    pvc_mask_not(ctx, &d, &src, &g);
    UNIT_CHECK(d.bits[0] == 0x11 && d.bits[1] == 0x10 && d.bits[31] == 0x11, "%s", "pnot b32 gate");
    /* pnot without a gate: all 256 bits flip */
    pvc_mask_not(ctx, &d, &src, NULL);
    UNIT_CHECK(d.bits[0] == 0xFF && d.bits[1] == 0xFE, "%s", "pnot no gate");
    /* pand aliasing dst = a */
    pvc_mask_and(ctx, &src, &src, &g, &g);
    UNIT_CHECK(src.bits[1] == 0x01 && src.bits[0] == 0, "%s", "pand alias");
}

static void test_shift_edges(void)
{
    pvc_vreg a, k, r;
    /* INT8: -128 >> 7 = -1, >> 8 = -1 (over-width sign fill), UINT8 0x80 >> 8 = 0 */
    fill_lanes(&a, 1, 0x80);
    pvc_shift_right(ctx, &r, PVC_DT_INT8, &a, 7, NULL);
    UNIT_CHECK(r.b[0] == 0xFF && r.b[255] == 0xFF, "%s", "INT8 -128 >> 7");
    pvc_shift_right(ctx, &r, PVC_DT_INT8, &a, 8, NULL);
    UNIT_CHECK(r.b[0] == 0xFF, "%s", "INT8 -128 >> 8 = -1");
    pvc_shift_right(ctx, &r, PVC_DT_UINT8, &a, 8, NULL);
    UNIT_CHECK(r.b[0] == 0x00, "%s", "UINT8 0x80 >> 8 = 0");
    pvc_shift_right(ctx, &r, PVC_DT_UINT8, &a, 7, NULL);
    UNIT_CHECK(r.b[0] == 0x01, "%s", "UINT8 0x80 >> 7 = 1");
    /* INT16 0x4001 << 1 = 0x8002 (wraps into the sign), << 16 = 0, << 15 = 0x8000 */
    fill_lanes(&a, 2, 0x4001);
    pvc_shift_left(ctx, &r, PVC_DT_INT16, &a, 1, NULL);
    UNIT_CHECK(get_lane(&r, 2, 5) == 0x8002, "%s", "INT16 shl 1");
    pvc_shift_left(ctx, &r, PVC_DT_INT16, &a, 16, NULL);
    UNIT_CHECK(get_lane(&r, 2, 5) == 0, "%s", "INT16 shl 16 = 0");
    pvc_shift_left(ctx, &r, PVC_DT_INT16, &a, 15, NULL);
    UNIT_CHECK(get_lane(&r, 2, 5) == 0x8000, "%s", "INT16 shl 15");
    /* the scalar amount is (int16_t): 0x10001 reads as 1 */
    pvc_shift_left(ctx, &r, PVC_DT_INT16, &a, 0x10001, NULL);
    UNIT_CHECK(get_lane(&r, 2, 5) == 0x8002, "%s", "amount is int16: 0x10001 -> 1");
    /* INT64 arithmetic: -2 >> 1 = -1; >> 100 = -1; UINT64 >> 63 = 1 */
    fill_lanes(&a, 8, (uint64_t)-2);
    pvc_shift_right(ctx, &r, PVC_DT_INT64, &a, 1, NULL);
    UNIT_CHECK(get_lane(&r, 8, 0) == UINT64_MAX, "%s", "INT64 -2 >> 1");
    pvc_shift_right(ctx, &r, PVC_DT_INT64, &a, 100, NULL);
    UNIT_CHECK(get_lane(&r, 8, 31) == UINT64_MAX, "%s", "INT64 >> 100");
    pvc_shift_right(ctx, &r, PVC_DT_UINT64, &a, 63, NULL);
    UNIT_CHECK(get_lane(&r, 8, 31) == 1, "%s", "UINT64 >> 63");
    /* register form, b32: lane amounts 0, 1, 31, 32, 1000 on INT32 0x80000010 */
    fill_lanes(&a, 4, 0x80000010u);
    memset(&k, 0, sizeof k);
    set_lane(&k, 4, 1, 1);
    set_lane(&k, 4, 2, 31);
    set_lane(&k, 4, 3, 32);
    set_lane(&k, 4, 4, 1000);
    pvc_shift_right_reg(ctx, &r, PVC_DT_INT32, &a, &k, NULL);
    UNIT_CHECK(get_lane(&r, 4, 0) == 0x80000010u && get_lane(&r, 4, 1) == 0xC0000008u &&
               get_lane(&r, 4, 2) == 0xFFFFFFFFu && get_lane(&r, 4, 3) == 0xFFFFFFFFu &&
               get_lane(&r, 4, 4) == 0xFFFFFFFFu, "%s", "shr_reg INT32 sign fill");
    pvc_shift_right_reg(ctx, &r, PVC_DT_UINT32, &a, &k, NULL);
    UNIT_CHECK(get_lane(&r, 4, 1) == 0x40000008u && get_lane(&r, 4, 2) == 1 &&
               get_lane(&r, 4, 3) == 0 && get_lane(&r, 4, 4) == 0, "%s", "shr_reg UINT32");
    pvc_shift_left_reg(ctx, &r, PVC_DT_UINT32, &a, &k, NULL);
    UNIT_CHECK(get_lane(&r, 4, 1) == 0x20u && get_lane(&r, 4, 2) == 0 && get_lane(&r, 4, 4) == 0,
               "%s", "shl_reg UINT32");
    /* register form, b16 [I]: amounts read as int16 lanes; 0xFFFF in lane 7 (= -1) but lane 7
     * masked off: no fault, lane zeroed */
    pvc_mreg m = tested_mask(2, below5);
    fill_lanes(&a, 2, 0x0003);
    memset(&k, 0, sizeof k);
    set_lane(&k, 2, 1, 2);
    set_lane(&k, 2, 7, 0xFFFF);
    ctx->fault.kind = PVC_FAULT_NONE;
    pvc_shift_left_reg(ctx, &r, PVC_DT_UINT16, &a, &k, &m);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_NONE && get_lane(&r, 2, 1) == 12 &&
               get_lane(&r, 2, 0) == 3 && get_lane(&r, 2, 7) == 0 && get_lane(&r, 2, 5) == 0,
               "%s", "shl_reg b16, negative amount in an inactive lane");
    /* aliasing: dst == src == shift */
    fill_lanes(&a, 4, 3);
    pvc_shift_left_reg(ctx, &a, PVC_DT_INT32, &a, &a, NULL);
    UNIT_CHECK(get_lane(&a, 4, 63) == 24, "%s", "shl_reg alias: 3 << 3");
}

struct neg_shift { pvc_vreg *r; const pvc_vreg *a, *k; int reg; };
static void neg_shift_fn(void *p)
{
    struct neg_shift *s = p;
    if (s->reg)
        pvc_shift_right_reg(ctx, s->r, PVC_DT_INT32, s->a, s->k, NULL);
    else
        pvc_shift_left(ctx, s->r, PVC_DT_INT32, s->a, 0xFFFF, NULL);
}

/* A negative amount is undefined on the device; pvc shifts by 0 (§10.7 [I]): no fault, the
 * source comes through (bytes of 1, shifted by 0, are bytes of 1). */
static void test_shift_faults(void)
{
    pvc_vreg a, k, r;
    memset(&a, 1, sizeof a);
    memset(&k, 0, sizeof k);
    set_lane(&k, 4, 9, (uint32_t)-3);
    set_lane(&k, 4, 10, 8u);
    memset(&r, 0x5A, sizeof r);
    struct neg_shift s = {&r, &a, &k, 0};
    UNIT_CHECK(protected_call(neg_shift_fn, &s) == PVC_FAULT_NONE, "%s", "scalar shift -1 runs");
    UNIT_CHECK_BYTES(r.b, a.b, PVC_VL, "scalar shift -1 is a shift by 0");
    s.reg = 1;
    UNIT_CHECK(protected_call(neg_shift_fn, &s) == PVC_FAULT_NONE, "%s", "register shift -3 runs");
    UNIT_CHECK(get_lane(&r, 4, 9) == 0x01010101u, "lane 9 (amount -3) shifted right by 0: %08x",
               (unsigned)get_lane(&r, 4, 9));
    UNIT_CHECK(get_lane(&r, 4, 10) == 0x00010101u, "lane 10 (amount 8) shifted right by 8: %08x",
               (unsigned)get_lane(&r, 4, 10));
    UNIT_CHECK(get_lane(&r, 4, 0) == 0x01010101u, "lane 0 (amount 0): %08x", (unsigned)get_lane(&r, 4, 0));
}

static void test_select_move(void)
{
    pvc_vreg t, f, r, old;
    pvc_mreg m = tested_mask(4, below5);
    fill_lanes(&t, 4, 0x11111111u);
    fill_lanes(&f, 4, 0x22222222u);
    /* select: no lane zeroed; sources interpreted at dst's width */
    pvc_select(ctx, &r, PVC_DT_FP32, &t, &f, &m);
    UNIT_CHECK(get_lane(&r, 4, 4) == 0x11111111u && get_lane(&r, 4, 5) == 0x22222222u &&
               get_lane(&r, 4, 63) == 0x22222222u, "%s", "select b32");
    /* same mask read at b16: tested bits 2i; bits 4i set for i < 5 -> b16 lanes 0,2,4,6,8 */
    pvc_select(ctx, &r, PVC_DT_INT16, &t, &f, &m);
    UNIT_CHECK(get_lane(&r, 2, 0) == 0x1111 && get_lane(&r, 2, 1) == 0x2222 && get_lane(&r, 2, 8) == 0x1111 &&
               get_lane(&r, 2, 10) == 0x2222, "%s", "select b16 with a b32 mask");
    /* aliasing: dst = on_false */
    pvc_select(ctx, &f, PVC_DT_UINT32, &t, &f, &m);
    UNIT_CHECK(get_lane(&f, 4, 0) == 0x11111111u && get_lane(&f, 4, 5) == 0x22222222u, "%s", "select alias");

    /* move: merging keeps the old lanes; no mask copies everything */
    fill_lanes(&old, 4, 0x33333333u);
    r = old;
    pvc_move(ctx, &r, PVC_DT_INT32, &t, &m);
    UNIT_CHECK(get_lane(&r, 4, 4) == 0x11111111u && get_lane(&r, 4, 5) == 0x33333333u, "%s", "move merging");
    pvc_move(ctx, &r, PVC_DT_INT32, &t, NULL);
    UNIT_CHECK(get_lane(&r, 4, 5) == 0x11111111u, "%s", "move without mask");
    pvc_move(ctx, &r, PVC_DT_INT32, &r, &m);
    UNIT_CHECK(get_lane(&r, 4, 5) == 0x11111111u, "%s", "move alias");
    /* pmov with a gate zeroes; psel is a bit mux */
    pvc_mreg a, g, d;
    memset(&a, 0xFF, sizeof a);
    pvc_mask_create(ctx, &g, PVC_PAT_VL16, 2);
    pvc_mask_move(ctx, &d, &a, &g);
    UNIT_CHECK(d.bits[0] == 0x55 && d.bits[3] == 0x55 && d.bits[4] == 0, "%s", "pmov gate");
    memset(&a, 0xF0, sizeof a);
    pvc_mreg z;
    memset(&z, 0x0F, sizeof z);
    pvc_mask_select(ctx, &d, &a, &z, &g);
    UNIT_CHECK(d.bits[0] == 0x5A && d.bits[4] == 0x0F, "%s", "psel");
    /* bit_cast is a byte copy, aliasing allowed */
    pvc_bit_cast(ctx, &r, &t);
    UNIT_CHECK_BYTES(r.b, t.b, PVC_VL, "bit_cast copy");
    pvc_bit_cast(ctx, &r, &r);
    UNIT_CHECK_BYTES(r.b, t.b, PVC_VL, "bit_cast alias");
}

static void test_pack_edges(void)
{
    pvc_vreg a, r;
    /* pack INT32 -> UINT16: truncation, no saturation; LOWER lanes 0..63, UPPER 64..127 */
    fill_lanes(&a, 4, 0x12345678u);
    set_lane(&a, 4, 1, 0xFFFF8000u);
    pvc_pack(ctx, &r, PVC_DT_UINT16, PVC_DT_INT32, &a, PVC_PART_LOWER);
    UNIT_CHECK(get_lane(&r, 2, 0) == 0x5678 && get_lane(&r, 2, 1) == 0x8000 &&
               get_lane(&r, 2, 63) == 0x5678 && get_lane(&r, 2, 64) == 0 && get_lane(&r, 2, 127) == 0,
               "%s", "pack LOWER i32 -> u16");
    pvc_pack(ctx, &r, PVC_DT_UINT16, PVC_DT_INT32, &a, PVC_PART_UPPER);
    UNIT_CHECK(get_lane(&r, 2, 0) == 0 && get_lane(&r, 2, 64) == 0x5678 && get_lane(&r, 2, 65) == 0x8000,
               "%s", "pack UPPER i32 -> u16");
    /* b64 path: low words of the 32 lanes into u32 lanes 0..31 (LOWER) */
    for (unsigned i = 0; i < 32; i++)
        set_lane(&a, 8, i, 0xAAAAAAAA00000000ull | i);
    pvc_pack(ctx, &a, PVC_DT_UINT32, PVC_DT_UINT64, &a, PVC_PART_LOWER); /* alias */
    UNIT_CHECK(get_lane(&a, 4, 0) == 0 && get_lane(&a, 4, 31) == 31 && get_lane(&a, 4, 32) == 0,
               "%s", "pack u64 -> u32 LOWER, aliased");
    /* unpack: sign extension by the source dtype */
    memset(&a, 0, sizeof a);
    a.b[0] = 0xFF;
    a.b[1] = 0x7F;
    a.b[128] = 0x80;
    pvc_unpack(ctx, &r, PVC_DT_INT16, PVC_DT_INT8, &a, PVC_PART_LOWER);
    UNIT_CHECK(get_lane(&r, 2, 0) == 0xFFFF && get_lane(&r, 2, 1) == 0x007F, "%s", "unpack i8 -> i16 sign");
    pvc_unpack(ctx, &r, PVC_DT_UINT16, PVC_DT_UINT8, &a, PVC_PART_LOWER);
    UNIT_CHECK(get_lane(&r, 2, 0) == 0x00FF, "%s", "unpack u8 -> u16 zero");
    pvc_unpack(ctx, &r, PVC_DT_INT16, PVC_DT_INT8, &a, PVC_PART_UPPER);
    UNIT_CHECK(get_lane(&r, 2, 0) == 0xFF80 && get_lane(&r, 2, 1) == 0, "%s", "unpack UPPER");
    fill_lanes(&a, 4, 0x80000001u);
    pvc_unpack(ctx, &r, PVC_DT_INT64, PVC_DT_INT32, &a, PVC_PART_UPPER);
    UNIT_CHECK(get_lane(&r, 8, 0) == 0xFFFFFFFF80000001ull, "%s", "unpack i32 -> i64 (vshrs pad)");
    pvc_unpack(ctx, &r, PVC_DT_UINT64, PVC_DT_UINT32, &a, PVC_PART_LOWER);
    UNIT_CHECK(get_lane(&r, 8, 31) == 0x80000001ull, "%s", "unpack u32 -> u64 (zero pad)");
    /* masks: ppack UPPER, punpack UPPER */
    pvc_mreg m, d;
    memset(&m, 0, sizeof m);
    pvc_mreg_set_bit(&m, 2, 1);   /* -> packed bit 1 */
    pvc_mreg_set_bit(&m, 255, 1); /* odd: dropped */
    pvc_mreg_set_bit(&m, 254, 1); /* -> packed bit 127 */
    pvc_mask_pack(ctx, &d, &m, PVC_PART_UPPER);
    UNIT_CHECK(pvc_mreg_bit(&d, 129) && pvc_mreg_bit(&d, 255) && !pvc_mreg_bit(&d, 1) && d.bits[0] == 0,
               "%s", "ppack UPPER");
    pvc_mask_unpack(ctx, &d, &d, PVC_PART_UPPER); /* alias */
    UNIT_CHECK(pvc_mreg_bit(&d, 2) && pvc_mreg_bit(&d, 254) && !pvc_mreg_bit(&d, 255) && !pvc_mreg_bit(&d, 3),
               "%s", "punpack UPPER, aliased");
}

static void test_interleave_edges(void)
{
    static const pvc_dtype dts[] = {PVC_DT_INT8, PVC_DT_FP16, PVC_DT_FP32, PVC_DT_UINT64};
    for (unsigned k = 0; k < 4; k++) {
        pvc_vreg a, b, x, y, a0, b0;
        unsigned w = pvc_dtype_lane_bytes(dts[k]);
        for (unsigned j = 0; j < PVC_VL; j++) {
            a.b[j] = (uint8_t)j;
            b.b[j] = (uint8_t)(255 - j);
        }
        a0 = a, b0 = b;
        pvc_interleave(ctx, &x, &y, dts[k], &a, &b);
        /* lane 1 of d0 is b's lane 0; lane 0 of d1 is a's lane N/2 */
        UNIT_CHECK(get_lane(&x, w, 1) == get_lane(&b, w, 0) && get_lane(&y, w, 0) == get_lane(&a, w, PVC_VL / w / 2),
                   "interleave b%u", 8 * w);
        /* in place: de_interleave into its own sources gives back a, b */
        pvc_de_interleave(ctx, &x, &y, dts[k], &x, &y);
        UNIT_CHECK_BYTES(x.b, a0.b, PVC_VL, "de_interleave(interleave(a, b)) = a");
        UNIT_CHECK_BYTES(y.b, b0.b, PVC_VL, "de_interleave(interleave(a, b)) = b");
    }
    /* masks at b32: interleave of two b32 masks, then de_interleave, round trip */
    pvc_mreg ma, mb, m0, m1;
    pvc_mask_create(ctx, &ma, PVC_PAT_M3, 4);
    pvc_mask_create(ctx, &mb, PVC_PAT_VL8, 4);
    pvc_mask_interleave(ctx, &m0, &m1, &ma, &mb, 4);
    /* group 1 of m0 = group 0 of mb (active): bit 4 set; group 0 = ma group 0: bit 0 */
    UNIT_CHECK(pvc_mreg_bit(&m0, 0) && pvc_mreg_bit(&m0, 4) && pvc_mreg_bit(&m0, 12) == 1 &&
               pvc_mreg_bit(&m0, 8) == 0, "%s", "pintlv_b32 groups");
    pvc_mask_de_interleave(ctx, &m0, &m1, &m0, &m1, 4);
    UNIT_CHECK_BYTES(m0.bits, ma.bits, 32, "pdintlv(pintlv) = a");
    UNIT_CHECK_BYTES(m1.bits, mb.bits, 32, "pdintlv(pintlv) = b");
}

static void test_spr_maskgen(void)
{
    pvc_mreg m;
    pvc_ctx *fresh = pvc_ctx_new();
    /* the MASK SPR is all ones when a kernel starts: every mask bit set */
    pvc_get_mask_spr(fresh, &m, PVC_MASK_WIDTH_B32);
    int ok = 1;
    for (unsigned j = 0; j < 32; j++)
        ok &= m.bits[j] == 0xFF;
    UNIT_CHECK(ok, "%s", "get_mask_spr on a fresh context: all 256 bits");
    pvc_ctx_free(fresh);
    /* set_vec_mask(high=1, low=0x5): B32 elements 0 and 2; B16 elements 0, 2, 64 */
    pvc_set_vec_mask(ctx, 1, 5);
    UNIT_CHECK(ctx->spr_mask[1] == 1 && ctx->spr_mask[0] == 5, "%s", "set_vec_mask writes MASK1:MASK0");
    pvc_get_mask_spr(ctx, &m, PVC_MASK_WIDTH_B32);
    UNIT_CHECK(m.bits[0] == 0x0F && m.bits[1] == 0x0F && m.bits[2] == 0 && m.bits[16] == 0, "%s",
               "get_mask_spr B32 (MASK1 ignored)");
    pvc_get_mask_spr(ctx, &m, PVC_MASK_WIDTH_B16);
    UNIT_CHECK(m.bits[0] == 0x33 && m.bits[1] == 0 && m.bits[16] == 0x03 && m.bits[17] == 0, "%s",
               "get_mask_spr B16");
    /* mask_gen_with_reg_tensor: PP-D's all-ones INT32 register, offset 0 -> full mask */
    pvc_vreg r;
    memset(&r, 0xFF, sizeof r);
    pvc_mask_gen_with_reg_tensor(ctx, &m, PVC_DT_INT32, &r, 0);
    ok = 1;
    for (unsigned j = 0; j < 32; j++)
        ok &= m.bits[j] == 0xFF;
    UNIT_CHECK(ok, "%s", "mask_gen all-ones INT32 offset 0");
    /* offset picks a chunk (T10): b16 offset 3 = bytes 48..63; byte 48 = 0x01 -> element 0 */
    memset(&r, 0, sizeof r);
    r.b[48] = 0x01;
    r.b[63] = 0x80; /* bit 127 -> mask bits 254, 255 */
    r.b[0] = 0xFF;  /* outside the chunk */
    pvc_mask_gen_with_reg_tensor(ctx, &m, PVC_DT_FP16, &r, 3);
    UNIT_CHECK(m.bits[0] == 0x03 && m.bits[31] == 0xC0 && m.bits[1] == 0, "%s", "mask_gen b16 chunk 3");
    /* b32 offset 31 = bytes 248..255; byte 249 bit 0 = chunk bit 8 -> mask bits 32..35 */
    memset(&r, 0, sizeof r);
    r.b[249] = 0x01;
    pvc_mask_gen_with_reg_tensor(ctx, &m, PVC_DT_UINT32, &r, 31);
    UNIT_CHECK(m.bits[4] == 0x0F && m.bits[0] == 0 && m.bits[5] == 0, "%s", "mask_gen b32 chunk 31");
}

static void test_arange_edges(void)
{
    pvc_vreg r;
    /* b64 DECREASE as emitted (T12): start, start + 2^32 - 1, start + 2^32 - 2, ... */
    pvc_arange(ctx, &r, PVC_DT_INT64, 100, PVC_ORDER_DECREASE);
    UNIT_CHECK(get_lane(&r, 8, 0) == 100 && get_lane(&r, 8, 1) == 100 + 0xFFFFFFFFull &&
               get_lane(&r, 8, 31) == 100 + 0x100000000ull - 31, "%s", "arange b64 DECREASE");
    pvc_arange(ctx, &r, PVC_DT_UINT64, UINT64_MAX, PVC_ORDER_INCREASE);
    UNIT_CHECK(get_lane(&r, 8, 0) == UINT64_MAX && get_lane(&r, 8, 1) == 0 && get_lane(&r, 8, 31) == 30,
               "%s", "arange b64 INCREASE wraps");
    /* INT8 wrap: 127, -128, ...; DECREASE from -128: lane 0 = -128 + 255 = 127 (mod 256) */
    pvc_arange(ctx, &r, PVC_DT_INT8, 127, PVC_ORDER_INCREASE);
    UNIT_CHECK(r.b[0] == 127 && r.b[1] == 0x80 && r.b[255] == 126, "%s", "arange INT8 wraps");
    pvc_arange(ctx, &r, PVC_DT_INT8, 0x80, PVC_ORDER_DECREASE);
    UNIT_CHECK(r.b[0] == 127 && r.b[255] == 0x80, "%s", "arange INT8 DECREASE");
    /* FP32 2^24 - 1 + i: 16777215, 16777216, 16777217 -> 16777216 (tie to even), 16777218 */
    pvc_arange(ctx, &r, PVC_DT_FP32, f32_bits(16777215.0f), PVC_ORDER_INCREASE);
    UNIT_CHECK(get_lane(&r, 4, 0) == f32_bits(16777215.0f) && get_lane(&r, 4, 1) == 0x4B800000u &&
               get_lane(&r, 4, 2) == 0x4B800000u && get_lane(&r, 4, 3) == 0x4B800001u,
               "%s", "arange FP32 rounds to even above 2^24");
    /* FP16 2047 + i: 2047 (0x67FF), 2048 (0x6800), 2049 -> 2048, 2050 (0x6801) */
    pvc_arange(ctx, &r, PVC_DT_FP16, 0x67FF, PVC_ORDER_INCREASE);
    UNIT_CHECK(get_lane(&r, 2, 0) == 0x67FF && get_lane(&r, 2, 1) == 0x6800 && get_lane(&r, 2, 2) == 0x6800 &&
               get_lane(&r, 2, 3) == 0x6801, "%s", "arange FP16 rounds to even above 2048");
    /* FP16 65500 + i: 65504 is the largest; 65520 and above -> +inf (i >= 20) */
    pvc_arange(ctx, &r, PVC_DT_FP16, 0x7BFE /* 65472 */, PVC_ORDER_INCREASE);
    UNIT_CHECK(get_lane(&r, 2, 0) == 0x7BFE && get_lane(&r, 2, 32) == 0x7BFF && get_lane(&r, 2, 48) == 0x7C00,
               "%s", "arange FP16 overflows to inf");
    /* -0 start: lane 0 = -0 + 0 = +0; NaN start: quieted payload in every lane; -inf stays */
    pvc_arange(ctx, &r, PVC_DT_FP32, 0x80000000u, PVC_ORDER_INCREASE);
    UNIT_CHECK(get_lane(&r, 4, 0) == 0 && get_lane(&r, 4, 1) == 0x3F800000u, "%s", "arange -0");
    pvc_arange(ctx, &r, PVC_DT_FP32, 0xFF800001u, PVC_ORDER_DECREASE);
    UNIT_CHECK(get_lane(&r, 4, 0) == 0xFFC00001u && get_lane(&r, 4, 63) == 0xFFC00001u, "%s", "arange NaN");
    pvc_arange(ctx, &r, PVC_DT_FP16, 0xFC00, PVC_ORDER_INCREASE);
    UNIT_CHECK(get_lane(&r, 2, 127) == 0xFC00, "%s", "arange -inf");
    /* DECREASE FP32 from 1.5: lane 63 = 1.5, lane 0 = 64.5 */
    pvc_arange(ctx, &r, PVC_DT_FP32, f32_bits(1.5f), PVC_ORDER_DECREASE);
    UNIT_CHECK(get_lane(&r, 4, 63) == f32_bits(1.5f) && get_lane(&r, 4, 0) == f32_bits(64.5f), "%s",
               "arange FP32 DECREASE");
}

/* Illegal dtypes and arguments: BAD_ARG, destination untouched. */
static int bad_case;
static pvc_vreg bad_r0, bad_r1;
static pvc_mreg bad_m0, bad_m1;
static void bad_fn(void *p)
{
    (void)p;
    pvc_vreg a;
    pvc_mreg m;
    memset(&a, 0, sizeof a);
    memset(&m, 0xFF, sizeof m);
    switch (bad_case) {
    case 0:  pvc_and(ctx, &bad_r0, PVC_DT_INT4, &a, &a, &m); break;
    case 1:  pvc_not(ctx, &bad_r0, PVC_DT_BF16, &a, &m); break;
    case 2:  pvc_shift_left(ctx, &bad_r0, PVC_DT_FP32, &a, 1, &m); break;
    case 3:  pvc_shift_right_reg(ctx, &bad_r0, PVC_DT_FP16, &a, &a, &m); break;
    case 4:  pvc_select(ctx, &bad_r0, PVC_DT_INT64, &a, &a, &m); break;
    case 5:  pvc_move(ctx, &bad_r0, PVC_DT_UINT64, &a, &m); break;
    case 6:  pvc_pack(ctx, &bad_r0, PVC_DT_FP16, PVC_DT_FP32, &a, PVC_PART_LOWER); break;
    case 7:  pvc_pack(ctx, &bad_r0, PVC_DT_UINT8, PVC_DT_UINT32, &a, PVC_PART_LOWER); break;
    case 8:  pvc_unpack(ctx, &bad_r0, PVC_DT_INT64, PVC_DT_INT64, &a, PVC_PART_LOWER); break;
    case 9:  pvc_pack(ctx, &bad_r0, PVC_DT_UINT8, PVC_DT_UINT16, &a, (pvc_part)7); break;
    case 10: pvc_interleave(ctx, &bad_r0, &bad_r1, PVC_DT_FP4E2M1, &a, &a); break;
    case 11: pvc_de_interleave(ctx, &bad_r0, &bad_r0, PVC_DT_INT32, &a, &a); break;
    case 12: pvc_mask_interleave(ctx, &bad_m0, &bad_m1, &m, &m, 8); break;
    case 13: pvc_mask_de_interleave(ctx, &bad_m0, &bad_m0, &m, &m, 2); break;
    case 14: pvc_get_mask_spr(ctx, &bad_m0, (pvc_mask_width)5); break;
    case 15: pvc_mask_gen_with_reg_tensor(ctx, &bad_m0, PVC_DT_INT32, &a, 32); break;
    case 16: pvc_mask_gen_with_reg_tensor(ctx, &bad_m0, PVC_DT_FP16, &a, 16); break;
    case 17: pvc_arange(ctx, &bad_r0, PVC_DT_BF16, 0, PVC_ORDER_INCREASE); break;
    case 18: pvc_arange(ctx, &bad_r0, PVC_DT_INT32, 0, (pvc_index_order)2); break;
    default: pvc_mask_unpack(ctx, &bad_m0, &m, (pvc_part)-1); break;
    }
}

static void test_bad_args(void)
{
    for (bad_case = 0; bad_case <= 19; bad_case++) {
        memset(&bad_r0, 0x5A, sizeof bad_r0);
        memset(&bad_r1, 0x5A, sizeof bad_r1);
        memset(&bad_m0, 0x5A, sizeof bad_m0);
        memset(&bad_m1, 0x5A, sizeof bad_m1);
        int kind = protected_call(bad_fn, NULL);
        int clean = 1;
        for (unsigned j = 0; j < PVC_VL; j++)
            clean &= bad_r0.b[j] == 0x5A && bad_r1.b[j] == 0x5A;
        for (unsigned j = 0; j < 32; j++)
            clean &= bad_m0.bits[j] == 0x5A && bad_m1.bits[j] == 0x5A;
        UNIT_CHECK(kind == PVC_FAULT_BAD_ARG && clean, "bad argument case %d: fault %d, untouched %d",
                   bad_case, kind, clean);
    }
}

static void test_enum_tables(void)
{
    UNIT_CHECK(strcmp(pvc_part_names[PVC_PART_UPPER], "UPPER") == 0 &&
               strcmp(pvc_mask_width_names[PVC_MASK_WIDTH_B16], "B16") == 0 &&
               strcmp(pvc_index_order_names[PVC_ORDER_DECREASE], "DECREASE_ORDER") == 0 &&
               PVC_PART_LOWER == 0 && PVC_MASK_WIDTH_B32 == 0 && PVC_ORDER_INCREASE == 0,
               "%s", "pypto member spellings");
}

/* ---------------------------------------------------------------------------------------
 * Bulk vectors from tools/ref_lanes.py
 * ------------------------------------------------------------------------------------- */
#define MAXKV 16
static char *keys[MAXKV], *vals[MAXKV];
static int nkv;

static const char *get(const char *k)
{
    for (int i = 0; i < nkv; i++)
        if (strcmp(keys[i], k) == 0)
            return vals[i];
    return NULL;
}

/* Hex into n bytes; 0 if the text is missing or not exactly 2n hex digits. */
static int unhex(const char *h, void *out, size_t n)
{
    uint8_t *o = out;
    if (!h || strlen(h) != 2 * n)
        return 0;
    for (size_t i = 0; i < 2 * n; i++) {
        char ch = h[i];
        int v = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
        if (v < 0)
            return 0;
        o[i / 2] = (uint8_t)(i % 2 ? (o[i / 2] << 4) | v : v);
    }
    return 1;
}

static pvc_dtype dtype_named(const char *s)
{
    for (unsigned t = 0; s && t < PVC_DT_COUNT; t++)
        if (strcmp(pvc_dtype_table[t].name, s) == 0)
            return (pvc_dtype)t;
    return PVC_DT_COUNT;
}

/* One parsed case: its inputs and the result slots the op writes. */
typedef struct {
    const char *op;
    pvc_dtype dt, st;
    pvc_vreg a, b, k, old;
    pvc_mreg ma, mb, m, g;
    int has_m, has_g;
    uint64_t num, num2;
    long off;
    pvc_vreg r0, r1;
    pvc_mreg q0, q1;
    int parse_ok;
} bulk_case;

static void bulk_run(void *p)
{
    bulk_case *c = p;
    const pvc_mreg *m = c->has_m ? &c->m : NULL, *g = c->has_g ? &c->g : NULL;
    const char *op = c->op;
    pvc_part part = c->num ? PVC_PART_UPPER : PVC_PART_LOWER;
    if (!strcmp(op, "and")) pvc_and(ctx, &c->r0, c->dt, &c->a, &c->b, m);
    else if (!strcmp(op, "or")) pvc_or(ctx, &c->r0, c->dt, &c->a, &c->b, m);
    else if (!strcmp(op, "xor")) pvc_xor(ctx, &c->r0, c->dt, &c->a, &c->b, m);
    else if (!strcmp(op, "not")) pvc_not(ctx, &c->r0, c->dt, &c->a, m);
    else if (!strcmp(op, "pand")) pvc_mask_and(ctx, &c->q0, &c->ma, &c->mb, g);
    else if (!strcmp(op, "por")) pvc_mask_or(ctx, &c->q0, &c->ma, &c->mb, g);
    else if (!strcmp(op, "pxor")) pvc_mask_xor(ctx, &c->q0, &c->ma, &c->mb, g);
    else if (!strcmp(op, "pnot")) pvc_mask_not(ctx, &c->q0, &c->ma, g);
    else if (!strcmp(op, "shl")) pvc_shift_left(ctx, &c->r0, c->dt, &c->a, c->num, m);
    else if (!strcmp(op, "shr")) pvc_shift_right(ctx, &c->r0, c->dt, &c->a, c->num, m);
    else if (!strcmp(op, "shlv")) pvc_shift_left_reg(ctx, &c->r0, c->dt, &c->a, &c->k, m);
    else if (!strcmp(op, "shrv")) pvc_shift_right_reg(ctx, &c->r0, c->dt, &c->a, &c->k, m);
    else if (!strcmp(op, "select")) pvc_select(ctx, &c->r0, c->dt, &c->a, &c->b, m);
    else if (!strcmp(op, "move")) pvc_move(ctx, &c->r0, c->dt, &c->a, m);
    else if (!strcmp(op, "psel")) pvc_mask_select(ctx, &c->q0, &c->ma, &c->mb, &c->m);
    else if (!strcmp(op, "pmove")) pvc_mask_move(ctx, &c->q0, &c->ma, g);
    else if (!strcmp(op, "pack")) pvc_pack(ctx, &c->r0, c->dt, c->st, &c->a, part);
    else if (!strcmp(op, "unpack")) pvc_unpack(ctx, &c->r0, c->dt, c->st, &c->a, part);
    else if (!strcmp(op, "ppack")) pvc_mask_pack(ctx, &c->q0, &c->ma, part);
    else if (!strcmp(op, "punpack")) pvc_mask_unpack(ctx, &c->q0, &c->ma, part);
    else if (!strcmp(op, "intlv")) pvc_interleave(ctx, &c->r0, &c->r1, c->dt, &c->a, &c->b);
    else if (!strcmp(op, "dintlv")) pvc_de_interleave(ctx, &c->r0, &c->r1, c->dt, &c->a, &c->b);
    else if (!strcmp(op, "pintlv")) pvc_mask_interleave(ctx, &c->q0, &c->q1, &c->ma, &c->mb, (unsigned)c->off);
    else if (!strcmp(op, "pdintlv")) pvc_mask_de_interleave(ctx, &c->q0, &c->q1, &c->ma, &c->mb, (unsigned)c->off);
    else if (!strcmp(op, "maskspr")) {
        pvc_set_vec_mask(ctx, c->num2, c->num);
        pvc_get_mask_spr(ctx, &c->q0, (pvc_mask_width)c->off);
    } else if (!strcmp(op, "maskgen")) pvc_mask_gen_with_reg_tensor(ctx, &c->q0, c->dt, &c->a, (int)c->off);
    else if (!strcmp(op, "arange")) pvc_arange(ctx, &c->r0, c->dt, c->num, (pvc_index_order)c->off);
}

/* Which result slots an op writes: bit 0 r0, 1 r1, 2 q0, 3 q1. */
static unsigned slots_of(const char *op)
{
    if (!strcmp(op, "intlv") || !strcmp(op, "dintlv")) return 3;
    if (!strcmp(op, "pintlv") || !strcmp(op, "pdintlv")) return 12;
    if (op[0] == 'p' && strcmp(op, "pack") != 0) return 4;
    if (!strcmp(op, "maskspr") || !strcmp(op, "maskgen")) return 4;
    return 1;
}

/* Parse the key=value tokens of one line into c; returns 0 on a malformed line. */
static int bulk_parse(char *line, bulk_case *c)
{
    char *save = NULL, *tok = strtok_r(line, " \n", &save);
    memset(c, 0, sizeof *c);
    nkv = 0;
    c->op = tok;
    while ((tok = strtok_r(NULL, " \n", &save)) && nkv < MAXKV) {
        char *eq = strchr(tok, '=');
        if (!eq)
            return 0;
        *eq = 0;
        keys[nkv] = tok;
        vals[nkv++] = eq + 1;
    }
    const char *v;
    c->dt = dtype_named(get("dt"));
    c->st = dtype_named(get("st"));
    int ok = 1;
    if ((v = get("a"))) ok &= strlen(v) == 64 ? unhex(v, &c->ma, 32) : unhex(v, &c->a, PVC_VL);
    if ((v = get("b"))) ok &= strlen(v) == 64 ? unhex(v, &c->mb, 32) : unhex(v, &c->b, PVC_VL);
    if ((v = get("t"))) ok &= strlen(v) == 64 ? unhex(v, &c->ma, 32) : unhex(v, &c->a, PVC_VL);
    if ((v = get("f"))) ok &= strlen(v) == 64 ? unhex(v, &c->mb, 32) : unhex(v, &c->b, PVC_VL);
    if ((v = get("old"))) ok &= unhex(v, &c->old, PVC_VL);
    if ((v = get("m")) && strcmp(v, "-") != 0) { ok &= unhex(v, &c->m, 32); c->has_m = 1; }
    if ((v = get("g")) && strcmp(v, "-") != 0) { ok &= unhex(v, &c->g, 32); c->has_g = 1; }
    if ((v = get("k"))) {
        if (strlen(v) == 2 * PVC_VL) ok &= unhex(v, &c->k, PVC_VL);
        else c->num = strtoull(v, NULL, 10);
    }
    if ((v = get("start"))) c->num = strtoull(v, NULL, 10);
    if ((v = get("lo"))) c->num = strtoull(v, NULL, 10);
    if ((v = get("hi"))) c->num2 = strtoull(v, NULL, 10);
    if ((v = get("part"))) c->num = strcmp(v, "UPPER") == 0;
    if ((v = get("w"))) c->off = strtol(v, NULL, 10);
    if ((v = get("off"))) c->off = strtol(v, NULL, 10);
    if ((v = get("order"))) c->off = strcmp(v, "DECREASE") == 0 ? PVC_ORDER_DECREASE : PVC_ORDER_INCREASE;
    if ((v = get("width"))) c->off = strcmp(v, "B16") == 0 ? PVC_MASK_WIDTH_B16 : PVC_MASK_WIDTH_B32;
    return ok && c->op;
}

static void test_bulk(void)
{
    FILE *f = popen("/usr/bin/python3 tools/ref_lanes.py", "r");
    char *line = NULL;
    size_t cap = 0;
    int cases = 0, ended = 0, faults = 0;
    static bulk_case c;
    UNIT_CHECK(f != NULL, "%s", "cannot start /usr/bin/python3 tools/ref_lanes.py");
    if (!f)
        return;
    while (getline(&line, &cap, f) > 0) {
        if (strcmp(line, "end\n") == 0) {
            ended = 1;
            break;
        }
        int ok = bulk_parse(line, &c);
        UNIT_CHECK(ok, "malformed reference line %d (op %s)", cases + 1, c.op ? c.op : "?");
        if (!ok)
            continue;
        cases++;
        /* results start as a sentinel (or the old value a merging move keeps) */
        memset(&c.r0, 0xA5, sizeof c.r0);
        memset(&c.r1, 0xA5, sizeof c.r1);
        memset(&c.q0, 0xA5, sizeof c.q0);
        memset(&c.q1, 0xA5, sizeof c.q1);
        if (get("old"))
            c.r0 = c.old;
        const char *fault = get("fault");
        int kind = protected_call(bulk_run, &c);
        unsigned slots = slots_of(c.op);
        if (fault) {
            faults++;
            int clean = 1;
            for (unsigned j = 0; j < PVC_VL; j++)
                clean &= c.r0.b[j] == 0xA5 && c.r1.b[j] == 0xA5;
            for (unsigned j = 0; j < 32; j++)
                clean &= c.q0.bits[j] == 0xA5;
            UNIT_CHECK(kind == PVC_FAULT_BAD_ARG && clean, "case %d %s %s: fault %d (want BAD_ARG), dst untouched %d",
                       cases, c.op, get("dt") ? get("dt") : "", kind, clean);
            continue;
        }
        pvc_vreg w0, w1;
        pvc_mreg v0, v1;
        char what[96];
        snprintf(what, sizeof what, "case %d %s %s", cases, c.op, get("dt") ? get("dt") : "");
        UNIT_CHECK(kind == PVC_FAULT_NONE, "%s: unexpected fault %d (%s)", what, kind, ctx->fault.detail);
        if (slots & 1) {
            ok = unhex(get(slots & 2 ? "want0" : "want"), &w0, PVC_VL);
            UNIT_CHECK(ok, "%s: bad want", what);
            if (ok) UNIT_CHECK_BYTES(c.r0.b, w0.b, PVC_VL, what);
        }
        if (slots & 2 && unhex(get("want1"), &w1, PVC_VL))
            UNIT_CHECK_BYTES(c.r1.b, w1.b, PVC_VL, what);
        if (slots & 4) {
            ok = unhex(get(slots & 8 ? "want0" : "want"), &v0, 32);
            UNIT_CHECK(ok, "%s: bad want", what);
            if (ok) UNIT_CHECK_BYTES(c.q0.bits, v0.bits, 32, what);
        }
        if (slots & 8 && unhex(get("want1"), &v1, 32))
            UNIT_CHECK_BYTES(c.q1.bits, v1.bits, 32, what);
    }
    int status = pclose(f);
    free(line);
    UNIT_CHECK(ended && status == 0,
               "tools/ref_lanes.py did not finish (exit status %d): it needs Debian's python3 and "
               "python3-numpy (apt-get install python3-numpy)", status);
    UNIT_CHECK(cases > 1500 && faults > 10, "reference cases: %d (%d faulting)", cases, faults);
    printf("ok bulk: %d reference cases, %d of them faulting\n", cases, faults);
}

int main(void)
{
    ctx = pvc_ctx_new();
    if (!ctx) {
        printf("out of memory\n");
        return 1;
    }
    test_worked();
    test_bitwise_edges();
    test_shift_edges();
    test_shift_faults();
    test_select_move();
    test_pack_edges();
    test_interleave_edges();
    test_spr_maskgen();
    test_arange_edges();
    test_bad_args();
    test_enum_tables();
    test_bulk();
    pvc_ctx_free(ctx);
    return UNIT_DONE();
}
