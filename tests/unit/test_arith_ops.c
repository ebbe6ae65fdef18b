/* test_arith_ops.c - the arithmetic vf ops (docs/SEMANTICS.md §9, §10.1-§10.6).
 *
 *   1. the worked checks of docs/SEMANTICS.md §11 that concern these ops, hand-derived;
 *   2. hand-derived edge cases: wrap-around, signed zeros, inf, NaN payloads and generated
 *      NaNs, subnormals kept by exact ops and flushed by approximate ones, FMA single
 *      rounding, ties-away, masks (patterns, update_mask tails, compare masks, untested
 *      bits), merging vs zeroing, aliasing, faults;
 *   3. the fast FP16/BF16 conversions of runtime/src/fp_internal.h against the cast library;
 *   4. bulk vectors from tools/ref_arith.py (numpy / exact rationals, written from the spec),
 *      compared byte for byte, or within 1 ulp with special values exact for the
 *      approximate ops; every op is also run with dst aliasing its first source.
 * Every expected value in 1-2 is worked out in the comment beside it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pvc_rt.h"
#include "unit.h"
#include "../../runtime/src/fp_internal.h"

static pvc_ctx *ctx;

/* ---------------------------------------------------------------------------------------
 * Register helpers
 * ------------------------------------------------------------------------------------- */
static uint32_t fb(float f) { return fp_u32(f); }
static void put32(pvc_vreg *r, unsigned i, uint32_t v) { memcpy(r->b + 4 * i, &v, 4); }
static uint32_t get32(const pvc_vreg *r, unsigned i) { uint32_t v; memcpy(&v, r->b + 4 * i, 4); return v; }
static void put16(pvc_vreg *r, unsigned i, uint16_t v) { memcpy(r->b + 2 * i, &v, 2); }
static uint16_t get16(const pvc_vreg *r, unsigned i) { uint16_t v; memcpy(&v, r->b + 2 * i, 2); return v; }
static void put64(pvc_vreg *r, unsigned i, uint64_t v) { memcpy(r->b + 8 * i, &v, 8); }
static uint64_t get64(const pvc_vreg *r, unsigned i) { uint64_t v; memcpy(&v, r->b + 8 * i, 8); return v; }
static void put8(pvc_vreg *r, unsigned i, uint8_t v) { r->b[i] = v; }

static pvc_vreg splat32(uint32_t v) { pvc_vreg r; for (unsigned i = 0; i < 64; i++) put32(&r, i, v); return r; }
static pvc_vreg splat16(uint16_t v) { pvc_vreg r; for (unsigned i = 0; i < 128; i++) put16(&r, i, v); return r; }
static pvc_vreg splat64(uint64_t v) { pvc_vreg r; for (unsigned i = 0; i < 32; i++) put64(&r, i, v); return r; }
static pvc_vreg fill(uint8_t b) { pvc_vreg r; memset(&r, b, sizeof r); return r; }

static pvc_mreg all_w(unsigned w) { pvc_mreg m; pvc_mask_create(ctx, &m, PVC_PAT_ALL, w); return m; }
static pvc_mreg pat_w(pvc_mask_pattern p, unsigned w) { pvc_mreg m; pvc_mask_create(ctx, &m, p, w); return m; }

static int fault_is(pvc_fault_kind k) { int ok = ctx->fault.kind == k; ctx->fault.kind = PVC_FAULT_NONE; return ok; }

/* ---------------------------------------------------------------------------------------
 * 1. Worked checks (docs/SEMANTICS.md §11)
 * ------------------------------------------------------------------------------------- */
static void test_worked_checks(void)
{
    pvc_vreg a, b, d, lo, hi;
    pvc_mreg all4 = all_w(4), ci, co;

    /* addc with carry_in = ALL: a + b + 1; subc with borrow_in = ALL: a - b. */
    for (unsigned i = 0; i < 64; i++) {
        put32(&a, i, 1000u * i + 7u);
        put32(&b, i, 3u * i);
    }
    put32(&a, 5, 0xFFFFFFFFu);  /* 0xFFFFFFFF + 15 + 1 = 0x1_0000_000F: carry out 1 */
    ci = all4;
    pvc_addc(ctx, &co, &d, PVC_DT_UINT32, &a, &b, &ci, &all4);
    int ok = 1;
    for (unsigned i = 0; i < 64; i++)
        ok &= get32(&d, i) == get32(&a, i) + get32(&b, i) + 1u;
    UNIT_CHECK(ok, "%s", "addc carry_in ALL: a + b + 1");
    UNIT_CHECK(co.bits[2] == 0x10 && pvc_mreg_bit(&co, 20), "addc carry out at bit 4*5 only: byte 2 = 0x%02x", co.bits[2]);
    pvc_subc(ctx, &co, &d, PVC_DT_INT32, &a, &b, &ci, &all4);
    ok = 1;
    for (unsigned i = 0; i < 64; i++)
        ok &= get32(&d, i) == get32(&a, i) - get32(&b, i);
    UNIT_CHECK(ok, "%s", "subc borrow_in ALL: a - b");
    /* a >= b in every lane (unsigned), so no borrow: carry-style flag 1 in every lane. */
    UNIT_CHECK(memcmp(&co, &all4, sizeof co) == 0, "%s", "subc no borrow -> flag 1 at every 4i (§13 Q6)");

    /* mull i32 with a, b < 1000: lo = a*b, hi = 0. */
    for (unsigned i = 0; i < 64; i++) {
        put32(&a, i, 999u - 7u * i);
        put32(&b, i, 13u * i + 1u);
    }
    pvc_mull(ctx, &lo, &hi, PVC_DT_INT32, &a, &b, &all4);
    ok = 1;
    for (unsigned i = 0; i < 64; i++)
        ok &= get32(&lo, i) == (999u - 7u * i) * (13u * i + 1u) && get32(&hi, i) == 0;
    UNIT_CHECK(ok, "%s", "mull small: lo = a*b, hi = 0");

    /* ASC-BND T17: u32 MAX*MAX = 0xFFFFFFFE_00000001 -> (1, 4294967294); i32 MIN*MIN = 2^62
     * -> (0, 0x40000000); i32 MIN*MAX = -2^62 + 2^31 -> (0x80000000, 0xC0000000). */
    a = splat32(0xFFFFFFFFu);
    pvc_mull(ctx, &lo, &hi, PVC_DT_UINT32, &a, &a, &all4);
    UNIT_CHECK(get32(&lo, 3) == 1 && get32(&hi, 3) == 4294967294u, "u32 MAX*MAX lo %u hi %u", get32(&lo, 3), get32(&hi, 3));
    a = splat32(0x80000000u);
    pvc_mull(ctx, &lo, &hi, PVC_DT_INT32, &a, &a, &all4);
    UNIT_CHECK(get32(&lo, 0) == 0 && get32(&hi, 0) == 0x40000000u, "%s", "i32 MIN*MIN");
    b = splat32(0x7FFFFFFFu);
    pvc_mull(ctx, &lo, &hi, PVC_DT_INT32, &a, &b, &all4);
    UNIT_CHECK(get32(&lo, 0) == 0x80000000u && get32(&hi, 0) == 0xC0000000u, "%s", "i32 MIN*MAX");

    /* exp_sub FP16 -> FP32, layout ZERO: out[i] = exp(f32(a[2i]) - f32(b[2i])).
     * Even lanes: a = 2.0 (0x4000), b = 1.0 (0x3C00) -> exp(1) = e, FP32 RNE 0x402DF854;
     * odd lanes: a = 1.0, b = 2.0 -> exp(-1) = 0x3EBC5AB2. Layout ONE picks the odd ones. */
    for (unsigned j = 0; j < 128; j++) {
        put16(&a, j, j % 2 ? 0x3C00 : 0x4000);
        put16(&b, j, j % 2 ? 0x4000 : 0x3C00);
    }
    pvc_mreg all2 = all_w(2);
    pvc_exp_sub(ctx, &d, PVC_DT_FP32, PVC_DT_FP16, &a, &b, &all2, PVC_LAYOUT_ZERO);
    UNIT_CHECK(get32(&d, 0) == 0x402DF854u && get32(&d, 63) == 0x402DF854u, "exp_sub ZERO: 0x%08x", get32(&d, 0));
    pvc_exp_sub(ctx, &d, PVC_DT_FP32, PVC_DT_FP16, &a, &b, &all2, PVC_LAYOUT_ONE);
    UNIT_CHECK(get32(&d, 0) == 0x3EBC5AB2u && get32(&d, 63) == 0x3EBC5AB2u, "exp_sub ONE: 0x%08x", get32(&d, 0));
    /* The FP16 element's own bit m[2j]: a b32-granular mask (bits 4i) enables the even
     * elements only, so layout ONE sees every lane off. */
    pvc_exp_sub(ctx, &d, PVC_DT_FP32, PVC_DT_FP16, &a, &b, &all4, PVC_LAYOUT_ONE);
    UNIT_CHECK(get32(&d, 0) == 0 && get32(&d, 40) == 0, "%s", "exp_sub ONE with a b32 mask: all off");
    pvc_exp_sub(ctx, &d, PVC_DT_FP32, PVC_DT_FP16, &a, &b, &all4, PVC_LAYOUT_ZERO);
    UNIT_CHECK(get32(&d, 7) == 0x402DF854u, "%s", "exp_sub ZERO with a b32 mask: all on");
}

/* ---------------------------------------------------------------------------------------
 * 2. Integers (§9.5, §10.1 (d))
 * ------------------------------------------------------------------------------------- */
static void test_integers(void)
{
    pvc_vreg a, b, d, keep;
    pvc_mreg m2 = all_w(2), m4 = all_w(4), m1 = all_w(1), m8 = all_w(8);

    a = splat16(0x7FFF);
    pvc_add(ctx, &d, PVC_DT_INT16, &a, &a, &m2, PVC_MERGE_ZEROING);
    UNIT_CHECK(get16(&d, 9) == 0xFFFE, "%s", "int16 MAX + MAX = -2");
    pvc_mul(ctx, &d, PVC_DT_INT16, &a, &a, &m2, PVC_MERGE_ZEROING);
    UNIT_CHECK(get16(&d, 9) == 1, "%s", "int16 MAX * MAX = 1 (low bits of 0x3FFF0001)");
    a = splat16(0x8000);
    pvc_mul(ctx, &d, PVC_DT_INT16, &a, &a, &m2, PVC_MERGE_ZEROING);
    UNIT_CHECK(get16(&d, 0) == 0, "%s", "int16 MIN * MIN = 0 (2^30 mod 2^16)");
    a = splat16(0xFFFF);
    pvc_mul(ctx, &d, PVC_DT_UINT16, &a, &a, &m2, PVC_MERGE_ZEROING);
    UNIT_CHECK(get16(&d, 0) == 1, "%s", "uint16 0xFFFF^2 = 0xFFFE0001 -> 1");
    a = splat32(0x80000000u);
    b = splat32(0x7FFFFFFFu);
    pvc_sub(ctx, &d, PVC_DT_INT32, &a, &b, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 1, "%s", "int32 MIN - MAX = 1");
    a = splat64(0x8000000000000000ull);
    b = splat64(0x7FFFFFFFFFFFFFFFull);
    pvc_sub(ctx, &d, PVC_DT_INT64, &a, &b, &m8, PVC_MERGE_ZEROING);
    UNIT_CHECK(get64(&d, 31) == 1, "%s", "int64 MIN - MAX = 1");
    pvc_mul(ctx, &d, PVC_DT_UINT64, &b, &b, &m8, PVC_MERGE_ZEROING);
    UNIT_CHECK(get64(&d, 0) == 1, "%s", "(2^63-1)^2 = 2^126 - 2^64 + 1 -> 1 mod 2^64");

    /* max / min by signedness: 0xFFFFFFFF is -1 for INT32, the largest for UINT32. */
    a = splat32(0xFFFFFFFFu);
    b = splat32(5);
    pvc_max(ctx, &d, PVC_DT_INT32, &a, &b, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 5, "%s", "max(-1, 5) = 5 signed");
    pvc_max(ctx, &d, PVC_DT_UINT32, &a, &b, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 0xFFFFFFFFu, "%s", "max(0xFFFFFFFF, 5) unsigned");
    pvc_mins(ctx, &d, PVC_DT_INT8, &a, 0x80, &m1);
    UNIT_CHECK(d.b[0] == 0x80, "%s", "mins(int8 -1, -128) = -128");

    /* div: truncation toward zero; MIN / -1 = MIN. */
    for (unsigned i = 0; i < 64; i++) {
        put32(&a, i, (uint32_t)(i % 2 ? -7 : 7));
        put32(&b, i, (uint32_t)(i % 4 < 2 ? -2 : 2));
    }
    pvc_div(ctx, &d, PVC_DT_INT32, &a, &b, &m4, PVC_MERGE_ZEROING);
    /* lane 0: 7 / -2 = -3; lane 1: -7 / -2 = 3; lane 2: 7 / 2 = 3; lane 3: -7 / 2 = -3 */
    UNIT_CHECK(get32(&d, 0) == (uint32_t)-3 && get32(&d, 1) == 3 && get32(&d, 2) == 3 &&
               get32(&d, 3) == (uint32_t)-3, "%s", "int32 div truncates toward zero");
    a = splat32(0x80000000u);
    b = splat32(0xFFFFFFFFu);
    pvc_div(ctx, &d, PVC_DT_INT32, &a, &b, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 0x80000000u && ctx->fault.kind == PVC_FAULT_NONE, "%s", "INT32 MIN / -1 = MIN, no fault");
    pvc_div(ctx, &d, PVC_DT_UINT32, &a, &b, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 0, "%s", "u32 0x80000000 / 0xFFFFFFFF = 0");
    memset(&a, 0x80, sizeof a);
    memset(&b, 0xFF, sizeof b);
    pvc_div(ctx, &d, PVC_DT_INT8, &a, &b, &m1, PVC_MERGE_ZEROING);
    UNIT_CHECK(d.b[17] == 0x80, "%s", "INT8 -128 / -1 = -128");
    a = splat64(0x8000000000000000ull);
    b = splat64(~0ull);
    pvc_div(ctx, &d, PVC_DT_INT64, &a, &b, &m8, PVC_MERGE_ZEROING);
    UNIT_CHECK(get64(&d, 3) == 0x8000000000000000ull, "%s", "INT64 MIN / -1 = MIN");

    /* A zero divisor in an active lane: BAD_ARG naming the lane, dst untouched. */
    a = splat32(10);
    b = splat32(3);
    put32(&b, 5, 0);
    d = fill(0x5A);
    keep = d;
    pvc_div(ctx, &d, PVC_DT_INT32, &a, &b, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_BAD_ARG && strstr(ctx->fault.detail, "division by zero in lane 5"),
               "div by zero: fault %d '%s'", ctx->fault.kind, ctx->fault.detail);
    ctx->fault.kind = PVC_FAULT_NONE;
    UNIT_CHECK_BYTES(d.b, keep.b, 256, "div by zero leaves dst untouched");
    /* ... but not when that lane is masked off (VL4: lanes 0..3 only). */
    pvc_mreg vl4 = pat_w(PVC_PAT_VL4, 4);
    pvc_div(ctx, &d, PVC_DT_INT32, &a, &b, &vl4, PVC_MERGE_ZEROING);
    UNIT_CHECK(fault_is(PVC_FAULT_NONE) && get32(&d, 0) == 3 && get32(&d, 5) == 0 && get32(&d, 4) == 0,
               "%s", "zero divisor in a masked-off lane: no fault, lane 0");

    /* Integer neg: -MIN = MIN; abs_sub INT64 MIN - MAX = 1 -> 1 (ASC-BND T26). */
    memset(&a, 0x80, sizeof a);
    pvc_neg(ctx, &d, PVC_DT_INT8, &a, &m1);
    UNIT_CHECK(d.b[0] == 0x80 && d.b[255] == 0x80, "%s", "neg(int8 -128) = -128");
    put8(&a, 1, 5);
    pvc_neg(ctx, &d, PVC_DT_INT8, &a, &m1);
    UNIT_CHECK(d.b[1] == 0xFB, "%s", "neg(5) = -5");
    a = splat64(0x8000000000000000ull);
    b = splat64(0x7FFFFFFFFFFFFFFFull);
    pvc_abs_sub(ctx, &d, PVC_DT_INT64, &a, &b, &m8);
    UNIT_CHECK(get64(&d, 0) == 1, "%s", "abs_sub int64 MIN - MAX = 1");
    pvc_abs_sub(ctx, &d, PVC_DT_INT64, &b, &a, &m8);
    UNIT_CHECK(get64(&d, 0) == 1, "%s", "abs_sub int64 MAX - MIN = -1 -> 1");

    /* Scalar forms: subs on unsigned wraps (a - x mod 2^8); adds int64. */
    memset(&a, 3, sizeof a);
    pvc_subs(ctx, &d, PVC_DT_UINT8, &a, 5, &m1);
    UNIT_CHECK(d.b[0] == 0xFE, "%s", "u8 3 - 5 = 254");
    a = splat64(1);
    pvc_adds(ctx, &d, PVC_DT_INT64, &a, ~0ull, &m8);
    UNIT_CHECK(get64(&d, 0) == 0, "%s", "int64 1 + (-1) = 0");
    a = splat16(300);
    pvc_muls(ctx, &d, PVC_DT_INT16, &a, 300, &m2);
    UNIT_CHECK(get16(&d, 0) == (uint16_t)(90000 % 65536), "%s", "int16 300*300 = 90000 mod 2^16");

    /* Integer mul_add_dst: (a*b + d) mod 2^16; axpy UINT64. */
    a = splat16(0x0100);
    b = splat16(0x0101);
    d = splat16(0x0005);
    pvc_mul_add_dst(ctx, &d, PVC_DT_INT16, &a, &b, &m2);
    UNIT_CHECK(get16(&d, 0) == 0x0105, "%s", "0x100*0x101 + 5 = 0x10105 -> 0x0105");
    a = splat64(3);
    d = splat64(10);
    pvc_axpy(ctx, &d, PVC_DT_UINT64, &a, 0xFFFFFFFFFFFFFFFFull, &m8);
    UNIT_CHECK(get64(&d, 0) == 7, "%s", "axpy u64: (2^64-1)*3 + 10 = 7 mod 2^64");
}

/* ---------------------------------------------------------------------------------------
 * 2. Floating point (§9.4, §10.1 (d))
 * ------------------------------------------------------------------------------------- */
static void test_float_binary(void)
{
    pvc_vreg a, b, d;
    pvc_mreg m4 = all_w(4), m2 = all_w(2);

    /* Exact ops keep subnormals: 2^-149 + 2^-149 = 2^-148; 2^-100 * 2^-40 = 2^-140. */
    a = splat32(1);
    pvc_add(ctx, &d, PVC_DT_FP32, &a, &a, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 2, "%s", "FP32 subnormal add exact");
    a = splat32(fb(0x1p-100f));
    b = splat32(fb(0x1p-40f));
    pvc_mul(ctx, &d, PVC_DT_FP32, &a, &b, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == fb(0x1p-140f), "%s", "FP32 mul to a subnormal kept");
    a = splat16(0x0001);
    pvc_add(ctx, &d, PVC_DT_FP16, &a, &a, &m2, PVC_MERGE_ZEROING);
    UNIT_CHECK(get16(&d, 0) == 0x0002, "%s", "FP16 2^-24 + 2^-24 = 2^-23");

    /* Signed zeros: +0 - +0 = +0; -0 - +0 = -0; -0 + -0 = -0. */
    a = splat32(0);
    pvc_sub(ctx, &d, PVC_DT_FP32, &a, &a, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 0, "%s", "+0 - +0 = +0");
    b = splat32(0x80000000u);
    pvc_sub(ctx, &d, PVC_DT_FP32, &b, &a, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 0x80000000u, "%s", "-0 - +0 = -0");
    pvc_adds(ctx, &d, PVC_DT_FP32, &b, 0x80000000u, &m4);
    UNIT_CHECK(get32(&d, 0) == 0x80000000u, "%s", "-0 + -0 = -0 (adds)");
    pvc_subs(ctx, &d, PVC_DT_FP32, &b, 0, &m4);
    UNIT_CHECK(get32(&d, 0) == 0x80000000u, "%s", "subs: -0 - (+0) = -0 + -0 = -0");

    /* NaN rules (§9.4 [I]). */
    a = splat32(0x7FC01234u);
    b = splat32(fb(1.0f));
    pvc_add(ctx, &d, PVC_DT_FP32, &a, &b, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 0x7FC01234u, "%s", "qNaN + 1 keeps the payload");
    a = splat32(0x7F800001u);
    pvc_mul(ctx, &d, PVC_DT_FP32, &b, &a, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 0x7FC00001u, "%s", "1 * sNaN -> the sNaN quieted");
    a = splat32(0xFFC00005u);
    b = splat32(0x7FC00007u);
    pvc_add(ctx, &d, PVC_DT_FP32, &a, &b, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 0xFFC00005u, "%s", "two NaNs: the first operand wins");
    pvc_add(ctx, &d, PVC_DT_FP32, &b, &a, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 0x7FC00007u, "%s", "two NaNs, swapped: the first operand wins");
    a = splat32(fb(1.0f));
    pvc_sub(ctx, &d, PVC_DT_FP32, &a, &b, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 0xFFC00007u, "%s", "1 - NaN = add(1, neg NaN): sign flipped [I]");
    a = splat32(0x7F800000u);
    b = splat32(0xFF800000u);
    pvc_add(ctx, &d, PVC_DT_FP32, &a, &b, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 0x7FFFFFFFu, "%s", "inf + -inf = generated NaN 0x7FFFFFFF");
    b = splat32(0);
    pvc_mul(ctx, &d, PVC_DT_FP32, &a, &b, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 0x7FFFFFFFu, "%s", "inf * 0 = 0x7FFFFFFF");
    a = splat16(0x7C00);
    b = splat16(0xFC00);
    pvc_add(ctx, &d, PVC_DT_FP16, &a, &b, &m2, PVC_MERGE_ZEROING);
    UNIT_CHECK(get16(&d, 0) == 0x7FFF, "%s", "FP16 inf - inf = 0x7FFF");
    a = splat16(0x7C01);
    b = splat16(0x3C00);
    pvc_add(ctx, &d, PVC_DT_FP16, &a, &b, &m2, PVC_MERGE_ZEROING);
    UNIT_CHECK(get16(&d, 0) == 0x7E01, "%s", "FP16 sNaN 0x7C01 + 1 -> 0x7E01");
    a = splat16(0x7F81);
    pvc_mul(ctx, &d, PVC_DT_BF16, &b, &a, &m2, PVC_MERGE_ZEROING);
    UNIT_CHECK(get16(&d, 0) == 0x7FC1, "%s", "BF16 x * sNaN 0x7F81 -> 0x7FC1");
    a = splat16(0x7F80);
    b = splat16(0x0000);
    pvc_mul(ctx, &d, PVC_DT_BF16, &a, &b, &m2, PVC_MERGE_ZEROING);
    UNIT_CHECK(get16(&d, 0) == 0x7FFF, "%s", "BF16 inf * 0 = 0x7FFF");

    /* FP16 rounding: 2048 + 1 = 2049 is a tie between 2048 and 2050 -> even 2048 (0x6800);
     * 2050 + 1 = 2051 -> tie -> 2052 (0x6802). */
    a = splat16(0x6800);
    b = splat16(0x3C00);
    pvc_add(ctx, &d, PVC_DT_FP16, &a, &b, &m2, PVC_MERGE_ZEROING);
    UNIT_CHECK(get16(&d, 0) == 0x6800, "FP16 2048 + 1 = 0x%04x", get16(&d, 0));
    a = splat16(0x6801);
    pvc_add(ctx, &d, PVC_DT_FP16, &a, &b, &m2, PVC_MERGE_ZEROING);
    UNIT_CHECK(get16(&d, 0) == 0x6802, "FP16 2050 + 1 = 0x%04x", get16(&d, 0));
    /* FP16 overflow: 65504 + 16 = 65520 is the tie to 65536 -> inf; 65504 + 8 -> 65504. */
    a = splat16(0x7BFF);
    b = splat16(0x4C00);
    pvc_add(ctx, &d, PVC_DT_FP16, &a, &b, &m2, PVC_MERGE_ZEROING);
    UNIT_CHECK(get16(&d, 0) == 0x7C00, "FP16 65504 + 16 = 0x%04x", get16(&d, 0));
    b = splat16(0x4800);
    pvc_add(ctx, &d, PVC_DT_FP16, &a, &b, &m2, PVC_MERGE_ZEROING);
    UNIT_CHECK(get16(&d, 0) == 0x7BFF, "FP16 65504 + 8 = 0x%04x", get16(&d, 0));
    /* BF16 add: 1 + 2^-8 is the tie between 1 (0x3F80) and 1 + 2^-7 -> even 0x3F80;
     * 1 + (2^-8 + 2^-15) is above it -> 0x3F81. */
    a = splat16(0x3F80);
    b = splat16(0x3B80);
    pvc_add(ctx, &d, PVC_DT_BF16, &a, &b, &m2, PVC_MERGE_ZEROING);
    UNIT_CHECK(get16(&d, 0) == 0x3F80, "BF16 1 + 2^-8 = 0x%04x", get16(&d, 0));
    b = splat16(0x3B81);
    pvc_add(ctx, &d, PVC_DT_BF16, &a, &b, &m2, PVC_MERGE_ZEROING);
    UNIT_CHECK(get16(&d, 0) == 0x3F81, "BF16 1 + 2^-8(1+2^-7) = 0x%04x", get16(&d, 0));

    /* max / min (§10.1 (d)): signed zeros both orders; NaN propagation; never fmax. */
    a = splat32(0x80000000u);
    b = splat32(0);
    pvc_max(ctx, &d, PVC_DT_FP32, &a, &b, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 0, "%s", "max(-0, +0) = +0");
    pvc_max(ctx, &d, PVC_DT_FP32, &b, &a, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 0, "%s", "max(+0, -0) = +0");
    pvc_min(ctx, &d, PVC_DT_FP32, &a, &b, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 0x80000000u, "%s", "min(-0, +0) = -0");
    pvc_min(ctx, &d, PVC_DT_FP32, &b, &a, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 0x80000000u, "%s", "min(+0, -0) = -0");
    pvc_maxs(ctx, &d, PVC_DT_FP32, &a, 0, &m4);
    UNIT_CHECK(get32(&d, 0) == 0, "%s", "maxs(-0, +0) = +0");
    pvc_mins(ctx, &d, PVC_DT_FP32, &b, 0x80000000u, &m4);
    UNIT_CHECK(get32(&d, 0) == 0x80000000u, "%s", "mins(+0, -0) = -0");
    a = splat32(0x7FC00003u);
    b = splat32(fb(1.0f));
    pvc_max(ctx, &d, PVC_DT_FP32, &b, &a, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 0x7FC00003u, "%s", "max(1, NaN) = NaN");
    a = splat32(0xFF800000u);
    b = splat32(0x7F800002u);
    pvc_min(ctx, &d, PVC_DT_FP32, &a, &b, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 0x7FC00002u, "%s", "min(-inf, sNaN) = the NaN quieted");
    a = splat16(0xFC00);
    b = splat16(0xFE00);
    pvc_max(ctx, &d, PVC_DT_FP16, &a, &b, &m2, PVC_MERGE_ZEROING);
    UNIT_CHECK(get16(&d, 0) == 0xFE00, "%s", "FP16 max(-inf, -NaN) = -NaN");
    a = splat16(0x3F80);
    b = splat16(0x3F81);
    pvc_max(ctx, &d, PVC_DT_BF16, &a, &b, &m2, PVC_MERGE_ZEROING);
    UNIT_CHECK(get16(&d, 0) == 0x3F81, "%s", "BF16 max by value");

    /* div (approximate, §9.4): IEEE specials, DAZ and FTZ. */
    a = splat32(fb(1.0f));
    b = splat32(0);
    pvc_div(ctx, &d, PVC_DT_FP32, &a, &b, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 0x7F800000u, "%s", "1 / +0 = +inf");
    b = splat32(0x80000000u);
    pvc_div(ctx, &d, PVC_DT_FP32, &a, &b, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 0xFF800000u, "%s", "1 / -0 = -inf");
    pvc_div(ctx, &d, PVC_DT_FP32, &b, &b, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 0x7FFFFFFFu, "%s", "0 / 0 = 0x7FFFFFFF");
    b = splat32(0xFF800000u);
    pvc_div(ctx, &d, PVC_DT_FP32, &a, &b, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 0x80000000u, "%s", "1 / -inf = -0");
    pvc_div(ctx, &d, PVC_DT_FP32, &b, &b, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 0x7FFFFFFFu, "%s", "inf / inf = 0x7FFFFFFF");
    /* ASC-R Div 表8: 1 / -5.019e-39 = -inf; 1.86e-39 / 7.70e-39 = NaN (0x7FFFFFFF). */
    b = splat32(fb(-5.019e-39f));
    pvc_div(ctx, &d, PVC_DT_FP32, &a, &b, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 0xFF800000u, "1 / -5.019e-39 = 0x%08x", get32(&d, 0));
    a = splat32(fb(1.86e-39f));
    b = splat32(fb(7.70e-39f));
    pvc_div(ctx, &d, PVC_DT_FP32, &a, &b, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 0x7FFFFFFFu, "1.86e-39 / 7.70e-39 = 0x%08x", get32(&d, 0));
    a = splat32(fb(0x1p-120f));
    b = splat32(fb(0x1p10f));
    pvc_div(ctx, &d, PVC_DT_FP32, &a, &b, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 0, "%s", "2^-120 / 2^10 = 2^-130 flushed to +0");
    a = splat32(fb(-0x1p-120f));
    pvc_div(ctx, &d, PVC_DT_FP32, &a, &b, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 0x80000000u, "%s", "-2^-130 flushed to -0");
    a = splat32(fb(1.0f));
    b = splat32(fb(3.0f));
    pvc_div(ctx, &d, PVC_DT_FP32, &a, &b, &m4, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 0x3EAAAAABu, "%s", "1/3 = 0x3EAAAAAB (RNE of 0.0101..)");
    a = splat16(0x3C00);
    b = splat16(0x0001);
    pvc_div(ctx, &d, PVC_DT_FP16, &a, &b, &m2, PVC_MERGE_ZEROING);
    UNIT_CHECK(get16(&d, 0) == 0x7C00, "%s", "FP16 1 / 2^-24 (DAZ -> 1/0) = inf");
    a = splat16(0x0400);
    b = splat16(0x4000);
    pvc_div(ctx, &d, PVC_DT_FP16, &a, &b, &m2, PVC_MERGE_ZEROING);
    UNIT_CHECK(get16(&d, 0) == 0x0000, "%s", "FP16 2^-14 / 2 = 2^-15 flushed");
    a = splat16(0x3C00);
    b = splat16(0x4200);
    pvc_div(ctx, &d, PVC_DT_FP16, &a, &b, &m2, PVC_MERGE_ZEROING);
    UNIT_CHECK(get16(&d, 0) == 0x3555, "FP16 1/3 = 0x%04x (0x3555: 1.0101010101b * 2^-2)", get16(&d, 0));
}

/* ---------------------------------------------------------------------------------------
 * 2. Unary ops (§10.4, §10.5)
 * ------------------------------------------------------------------------------------- */
static void test_unary(void)
{
    pvc_vreg a, d, k;
    pvc_mreg m4 = all_w(4), m2 = all_w(2);
    struct { const char *what; uint32_t in, want; } sq[] = {
        {"sqrt(-0) = -0", 0x80000000u, 0x80000000u},
        {"sqrt(+0) = +0", 0, 0},
        {"sqrt(-1) = NaN", 0xBF800000u, 0x7FFFFFFFu},
        {"sqrt(-inf) = NaN", 0xFF800000u, 0x7FFFFFFFu},
        {"sqrt(+inf) = +inf", 0x7F800000u, 0x7F800000u},
        {"sqrt(4) = 2", 0x40800000u, 0x40000000u},
        {"sqrt(2) = 0x3FB504F3", 0x40000000u, 0x3FB504F3u},
        {"sqrt(2^-149) = 0 (DAZ)", 1, 0},
        {"sqrt(-2^-149) = -0 (DAZ)", 0x80000001u, 0x80000000u},
        {"sqrt(NaN) keeps payload", 0xFFC00321u, 0xFFC00321u},
        {"sqrt(2^-126) = 2^-63", 0x00800000u, 0x20000000u},
    };
    for (unsigned c = 0; c < sizeof sq / sizeof sq[0]; c++) {
        a = splat32(sq[c].in);
        pvc_sqrt(ctx, &d, PVC_DT_FP32, &a, &m4, 0);
        UNIT_CHECK(get32(&d, 0) == sq[c].want, "%s: 0x%08x", sq[c].what, get32(&d, 0));
    }
    /* precision=True: subnormals kept, > 2^126 -> +0. */
    struct { const char *what; uint32_t in, want; } hp[] = {
        {"hp sqrt(2^-148) = 2^-74", 2, 0x1A800000u},
        {"hp sqrt(2^126) = 2^63", 0x7E800000u, 0x5F000000u},
        {"hp sqrt(2^126 + ulp) = 0", 0x7E800001u, 0},
        {"hp sqrt(FLT_MAX) = 0", 0x7F7FFFFFu, 0},
        {"hp sqrt(+inf) = 0 [I]", 0x7F800000u, 0},
        {"hp sqrt(-4) = NaN", 0xC0800000u, 0x7FFFFFFFu},
        {"hp sqrt(-0) = -0", 0x80000000u, 0x80000000u},
    };
    for (unsigned c = 0; c < sizeof hp / sizeof hp[0]; c++) {
        a = splat32(hp[c].in);
        pvc_sqrt(ctx, &d, PVC_DT_FP32, &a, &m4, 1);
        UNIT_CHECK(get32(&d, 0) == hp[c].want, "%s: 0x%08x", hp[c].what, get32(&d, 0));
    }
    a = splat16(0x4400);  /* FP16 sqrt(4) = 2 */
    pvc_sqrt(ctx, &d, PVC_DT_FP16, &a, &m2, 0);
    UNIT_CHECK(get16(&d, 0) == 0x4000, "%s", "FP16 sqrt(4) = 2");
    d = fill(0x11);
    pvc_sqrt(ctx, &d, PVC_DT_FP16, &a, &m2, 1);
    UNIT_CHECK(fault_is(PVC_FAULT_BAD_ARG) && d.b[0] == 0x11, "%s", "FP16 precision=True: BAD_ARG (§12 T3)");

    struct { const char *what; uint32_t in, want; } ex[] = {
        {"exp(+0) = 1", 0, 0x3F800000u},
        {"exp(-0) = 1", 0x80000000u, 0x3F800000u},
        {"exp(-inf) = +0", 0xFF800000u, 0},
        {"exp(+inf) = +inf", 0x7F800000u, 0x7F800000u},
        {"exp(100) overflows to +inf", 0x42C80000u, 0x7F800000u},
        {"exp(-100) = 3.7e-44 subnormal -> +0 (FTZ)", 0xC2C80000u, 0},
        {"exp(2^-149) = exp(0) = 1 (DAZ)", 1, 0x3F800000u},
        {"exp(1) = e = 0x402DF854", 0x3F800000u, 0x402DF854u},
        {"exp(-1) = 0x3EBC5AB2", 0xBF800000u, 0x3EBC5AB2u},
        {"exp(ln 2 as float) rounds to 2", 0x3F317218u, 0x40000000u},
        {"exp(qNaN) keeps payload", 0x7FC00123u, 0x7FC00123u},
        {"exp(sNaN) quieted", 0x7F800001u, 0x7FC00001u},
    };
    for (unsigned c = 0; c < sizeof ex / sizeof ex[0]; c++) {
        a = splat32(ex[c].in);
        pvc_exp(ctx, &d, PVC_DT_FP32, &a, &m4);
        UNIT_CHECK(get32(&d, 0) == ex[c].want, "%s: 0x%08x", ex[c].what, get32(&d, 0));
    }
    struct { const char *what; uint32_t in, want; } ln[] = {
        {"ln(1) = +0", 0x3F800000u, 0},
        {"ln(+0) = -inf", 0, 0xFF800000u},
        {"ln(-0) = -inf", 0x80000000u, 0xFF800000u},
        {"ln(2^-149) = ln(0) = -inf (DAZ)", 1, 0xFF800000u},
        {"ln(-1) = NaN", 0xBF800000u, 0x7FFFFFFFu},
        {"ln(-inf) = NaN", 0xFF800000u, 0x7FFFFFFFu},
        {"ln(+inf) = +inf", 0x7F800000u, 0x7F800000u},
        /* e as float = 2.7182817459 = e - 8.25e-8: ln = 1 - 3.04e-8, more than half an ulp
         * (2.98e-8) below 1 -> 0x3F7FFFFF. */
        {"ln(e as float) = 1 - 2^-24", 0x402DF854u, 0x3F7FFFFFu},
        {"ln(2) = 0x3F317218", 0x40000000u, 0x3F317218u},
        {"ln(-NaN) keeps payload", 0xFFC00005u, 0xFFC00005u},
    };
    for (unsigned c = 0; c < sizeof ln / sizeof ln[0]; c++) {
        a = splat32(ln[c].in);
        pvc_ln(ctx, &d, PVC_DT_FP32, &a, &m4);
        UNIT_CHECK(get32(&d, 0) == ln[c].want, "%s: 0x%08x", ln[c].what, get32(&d, 0));
    }
    /* log2(2): ln2_f32 (0x3F317218 = 0.6931471824646) * 0x3FB8AA3B (1.4426950216293) =
     * 1 - 1.06e-8, within half an ulp (2.98e-8) of 1 -> 1.0. log10(10): 0x40135D8E
     * (2.3025851249695) * 0x3EDE5BD9 (0.4342944920063) = 1 + 3.7e-8 < 1 + 5.96e-8 -> 1.0.
     * FP16 log2(2): ln 2 -> 0x398C (0.69336), C -> half 0x3DC5 (1.44238); product
     * 1.0000876 < 1 + 2^-11 -> 0x3C00. */
    a = splat32(0x40000000u);
    pvc_log2(ctx, &d, PVC_DT_FP32, &a, &m4);
    UNIT_CHECK(get32(&d, 0) == 0x3F800000u, "log2(2) = 0x%08x", get32(&d, 0));
    a = splat32(0x41200000u);
    pvc_log10(ctx, &d, PVC_DT_FP32, &a, &m4);
    UNIT_CHECK(get32(&d, 0) == 0x3F800000u, "log10(10) = 0x%08x", get32(&d, 0));
    a = splat16(0x4000);
    pvc_log2(ctx, &d, PVC_DT_FP16, &a, &m2);
    UNIT_CHECK(get16(&d, 0) == 0x3C00, "FP16 log2(2) = 0x%04x", get16(&d, 0));
    a = splat32(0x40000000u);
    pvc_log(ctx, &d, PVC_DT_FP32, &a, &m4);
    UNIT_CHECK(get32(&d, 0) == 0x3F317218u, "%s", "log = ln: log(2) = 0x3F317218");
    a = splat32(0);
    pvc_log2(ctx, &d, PVC_DT_FP32, &a, &m4);
    UNIT_CHECK(get32(&d, 0) == 0xFF800000u, "%s", "log2(0) = -inf (-inf * C)");
    a = splat32(0xC0000000u);
    pvc_log10(ctx, &d, PVC_DT_FP32, &a, &m4);
    UNIT_CHECK(get32(&d, 0) == 0x7FFFFFFFu, "%s", "log10(-2) = generated NaN, kept by the multiply");
    a = splat32(0x3F800000u);
    pvc_log2(ctx, &d, PVC_DT_FP32, &a, &m4);
    UNIT_CHECK(get32(&d, 0) == 0, "%s", "log2(1) = +0");
    /* FP16 exp / ln specials. */
    a = splat16(0x0000);
    pvc_exp(ctx, &d, PVC_DT_FP16, &a, &m2);
    UNIT_CHECK(get16(&d, 0) == 0x3C00, "%s", "FP16 exp(0) = 1");
    a = splat16(0x4C00);  /* exp(16) = 8.9e6 > 65504 */
    pvc_exp(ctx, &d, PVC_DT_FP16, &a, &m2);
    UNIT_CHECK(get16(&d, 0) == 0x7C00, "%s", "FP16 exp(16) = inf");
    a = splat16(0xC900);  /* exp(-10) = 4.5e-5 < 2^-14 = 6.1e-5: subnormal -> +0 */
    pvc_exp(ctx, &d, PVC_DT_FP16, &a, &m2);
    UNIT_CHECK(get16(&d, 0) == 0x0000, "FP16 exp(-10) flushed: 0x%04x", get16(&d, 0));
    a = splat16(0x8001);
    pvc_ln(ctx, &d, PVC_DT_FP16, &a, &m2);
    UNIT_CHECK(get16(&d, 0) == 0xFC00, "%s", "FP16 ln(-2^-24) = ln(-0) = -inf (DAZ)");

    /* neg: sign flip, NaN payload kept and not quieted. */
    a = splat32(0x7F800001u);
    pvc_neg(ctx, &d, PVC_DT_FP32, &a, &m4);
    UNIT_CHECK(get32(&d, 0) == 0xFF800001u, "%s", "neg(sNaN) flips the sign only");
    a = splat16(0x8000);
    pvc_neg(ctx, &d, PVC_DT_FP16, &a, &m2);
    UNIT_CHECK(get16(&d, 0) == 0x0000, "%s", "neg(-0) = +0");

    /* prelu (ASC-BND T10): sign-bit branch. */
    struct { const char *what; uint32_t s, k, want; } pr[] = {
        {"prelu(-0, MAX) = -0", 0x80000000u, 0x7F7FFFFFu, 0x80000000u},
        {"prelu(-0, MIN) = +0", 0x80000000u, 0xFF7FFFFFu, 0},
        {"prelu(-0, +inf) = NaN", 0x80000000u, 0x7F800000u, 0x7FFFFFFFu},
        {"prelu(+0, NaN) = +0", 0, 0x7FC00000u, 0},
        {"prelu(-inf, 0) = NaN", 0xFF800000u, 0, 0x7FFFFFFFu},
        {"prelu(-2, 0.5) = -1", 0xC0000000u, 0x3F000000u, 0xBF800000u},
        {"prelu(3, 0.5) = 3", 0x40400000u, 0x3F000000u, 0x40400000u},
        {"prelu(+sNaN, k) passes unchanged [I]", 0x7F800001u, 0x3F000000u, 0x7F800001u},
        {"prelu(-sNaN, k) = the NaN quieted", 0xFF800001u, 0x3F000000u, 0xFFC00001u},
        {"prelu(-1, NaN) = the slope NaN", 0xBF800000u, 0x7FC00009u, 0x7FC00009u},
    };
    for (unsigned c = 0; c < sizeof pr / sizeof pr[0]; c++) {
        a = splat32(pr[c].s);
        k = splat32(pr[c].k);
        pvc_prelu(ctx, &d, PVC_DT_FP32, &a, &k, &m4);
        UNIT_CHECK(get32(&d, 0) == pr[c].want, "%s: 0x%08x", pr[c].what, get32(&d, 0));
        pvc_leaky_relu(ctx, &d, PVC_DT_FP32, &a, pr[c].k, &m4);
        UNIT_CHECK(get32(&d, 0) == pr[c].want, "leaky %s: 0x%08x", pr[c].what, get32(&d, 0));
    }
    a = splat16(0xC400);  /* FP16 -4 * 0.25 = -1 */
    pvc_leaky_relu(ctx, &d, PVC_DT_FP16, &a, 0x3400, &m2);
    UNIT_CHECK(get16(&d, 0) == 0xBC00, "%s", "FP16 leaky_relu(-4, 0.25) = -1");

    /* truncate (§10.5). */
    struct { const char *what; pvc_round rm; uint32_t in, want; } tr[] = {
        {"trunc(-0.5) = -0", PVC_ROUND_TRUNC, 0xBF000000u, 0x80000000u},
        {"trunc(2.7) = 2", PVC_ROUND_TRUNC, fb(2.7f), 0x40000000u},
        {"trunc(-2.7) = -2", PVC_ROUND_TRUNC, fb(-2.7f), 0xC0000000u},
        {"rint(2.5) = 2", PVC_ROUND_RINT, 0x40200000u, 0x40000000u},
        {"rint(3.5) = 4", PVC_ROUND_RINT, 0x40600000u, 0x40800000u},
        {"rint(-0.5) = -0", PVC_ROUND_RINT, 0xBF000000u, 0x80000000u},
        {"floor(-0.5) = -1", PVC_ROUND_FLOOR, 0xBF000000u, 0xBF800000u},
        {"floor(0.5) = +0", PVC_ROUND_FLOOR, 0x3F000000u, 0},
        {"ceil(-0.5) = -0", PVC_ROUND_CEIL, 0xBF000000u, 0x80000000u},
        {"ceil(0.2) = 1", PVC_ROUND_CEIL, fb(0.2f), 0x3F800000u},
        {"ceil(2^-149) = 1", PVC_ROUND_CEIL, 1, 0x3F800000u},
        {"floor(-2^-149) = -1", PVC_ROUND_FLOOR, 0x80000001u, 0xBF800000u},
        {"ceil(8388607.5) = 8388608", PVC_ROUND_CEIL, 0x4AFFFFFFu, 0x4B000000u},
        {"trunc(2^23 + 1) unchanged", PVC_ROUND_TRUNC, 0x4B000001u, 0x4B000001u},
        {"floor(-inf) = -inf", PVC_ROUND_FLOOR, 0xFF800000u, 0xFF800000u},
        {"rint(sNaN) unchanged", PVC_ROUND_RINT, 0x7F800001u, 0x7F800001u},
    };
    for (unsigned c = 0; c < sizeof tr / sizeof tr[0]; c++) {
        a = splat32(tr[c].in);
        pvc_truncate(ctx, &d, PVC_DT_FP32, &a, &m4, tr[c].rm);
        UNIT_CHECK(get32(&d, 0) == tr[c].want, "%s: 0x%08x", tr[c].what, get32(&d, 0));
    }
    a = splat16(0x3800);  /* FP16 rint(0.5) = +0; BF16 ceil(1.5) = 2 */
    pvc_truncate(ctx, &d, PVC_DT_FP16, &a, &m2, PVC_ROUND_RINT);
    UNIT_CHECK(get16(&d, 0) == 0, "%s", "FP16 rint(0.5) = +0");
    a = splat16(0x3FC0);
    pvc_truncate(ctx, &d, PVC_DT_BF16, &a, &m2, PVC_ROUND_CEIL);
    UNIT_CHECK(get16(&d, 0) == 0x4000, "%s", "BF16 ceil(1.5) = 2");
    a = splat16(0x7C01);
    pvc_truncate(ctx, &d, PVC_DT_FP16, &a, &m2, PVC_ROUND_FLOOR);
    UNIT_CHECK(get16(&d, 0) == 0x7C01, "%s", "FP16 floor(sNaN) unchanged");
    d = fill(0x22);
    pvc_truncate(ctx, &d, PVC_DT_FP32, &a, &m4, PVC_ROUND_ROUND);
    UNIT_CHECK(fault_is(PVC_FAULT_BAD_ARG) && d.b[3] == 0x22, "%s", "truncate CAST_ROUND: BAD_ARG");
}

/* ---------------------------------------------------------------------------------------
 * 2. Composite ops (§10.6)
 * ------------------------------------------------------------------------------------- */
static void test_composite(void)
{
    pvc_vreg a, b, d;
    pvc_mreg m4 = all_w(4), m2 = all_w(2), vl16 = pat_w(PVC_PAT_VL16, 4);

    /* axpy: 3 * 2 + 1 = 7; masked-off accumulator lanes are zeroed (§9.2). */
    a = splat32(fb(2.0f));
    d = splat32(fb(1.0f));
    pvc_axpy(ctx, &d, PVC_DT_FP32, &a, fb(3.0f), &vl16);
    UNIT_CHECK(get32(&d, 15) == fb(7.0f) && get32(&d, 16) == 0, "%s", "axpy 3*2 + 1 = 7; lane 16 zeroed");
    /* Single rounding: (1 + 2^-12)^2 - (1 + 2^-11) = 2^-24 exactly (0x33800000); a separate
     * multiply would round 1 + 2^-11 + 2^-24 (a tie) to 1 + 2^-11 and give 0. */
    a = splat32(fb(1.0f + 0x1p-12f));
    d = splat32(fb(-(1.0f + 0x1p-11f)));
    pvc_axpy(ctx, &d, PVC_DT_FP32, &a, fb(1.0f + 0x1p-12f), &m4);
    UNIT_CHECK(get32(&d, 0) == 0x33800000u, "axpy fused: 0x%08x", get32(&d, 0));
    b = a;
    d = splat32(fb(-(1.0f + 0x1p-11f)));
    pvc_mul_add_dst(ctx, &d, PVC_DT_FP32, &a, &b, &m4);
    UNIT_CHECK(get32(&d, 0) == 0x33800000u, "mul_add_dst fused: 0x%08x", get32(&d, 0));
    d = a;
    b = splat32(fb(-(1.0f + 0x1p-11f)));
    pvc_mul_dst_add(ctx, &d, PVC_DT_FP32, &a, &b, &m4);
    UNIT_CHECK(get32(&d, 0) == 0x33800000u, "mul_dst_add fused: 0x%08x", get32(&d, 0));
    /* Operand roles: mul_add_dst = a*b + d; mul_dst_add = d*a + b. With a = 2, b = 3, d = 1:
     * 7 and 5. */
    a = splat32(fb(2.0f));
    b = splat32(fb(3.0f));
    d = splat32(fb(1.0f));
    pvc_mul_add_dst(ctx, &d, PVC_DT_FP32, &a, &b, &m4);
    UNIT_CHECK(get32(&d, 0) == fb(7.0f), "%s", "mul_add_dst = a*b + dst");
    d = splat32(fb(1.0f));
    pvc_mul_dst_add(ctx, &d, PVC_DT_FP32, &a, &b, &m4);
    UNIT_CHECK(get32(&d, 0) == fb(5.0f), "%s", "mul_dst_add = dst*a + b");
    /* FP16: (1 + 2^-6)^2 - (1 + 2^-5) = 2^-12 (0x0C00); BF16: (1 + 2^-4)^2 - (1 + 2^-3) =
     * 2^-8 (0x3B80). */
    a = splat16(0x3C10);
    d = splat16(0xBC20);
    pvc_mul_add_dst(ctx, &d, PVC_DT_FP16, &a, &a, &m2);
    UNIT_CHECK(get16(&d, 0) == 0x0C00, "FP16 fused: 0x%04x", get16(&d, 0));
    a = splat16(0x3F88);
    d = splat16(0xBF90);
    pvc_mul_add_dst(ctx, &d, PVC_DT_BF16, &a, &a, &m2);
    UNIT_CHECK(get16(&d, 0) == 0x3B80, "BF16 fused: 0x%04x", get16(&d, 0));
    /* Double rounding through FP32 would be wrong here. FP16: 0x0420 * 0x47C2 =
     * (1056 * 2^-24) * (1986 * 2^-8)... = 2^-11 + 2^-26 exactly, so 1 + that is just above the
     * FP16 tie 1 + 2^-11 -> 0x3C01; rounded to FP32 first it would sit on the tie and go to
     * the even 0x3C00. BF16: 1.125 (0x3F90) * 0.90625 (0x3F68) = 261/256, the tie between
     * 260/256 (0x3F82, even) and 262/256 (0x3F83); + 2^-30 (0x3080) puts it above -> 0x3F83,
     * while FP32 would drop the 2^-30 and round the tie to 0x3F82. */
    a = splat16(0x0420);
    b = splat16(0x47C2);
    d = splat16(0x3C00);
    pvc_mul_add_dst(ctx, &d, PVC_DT_FP16, &a, &b, &m2);
    UNIT_CHECK(get16(&d, 0) == 0x3C01, "FP16 FMA no double rounding: 0x%04x", get16(&d, 0));
    d = a;
    pvc_vreg one = splat16(0x3C00);
    pvc_mul_dst_add(ctx, &d, PVC_DT_FP16, &b, &one, &m2);
    UNIT_CHECK(get16(&d, 0) == 0x3C01, "FP16 mul_dst_add no double rounding: 0x%04x", get16(&d, 0));
    d = splat16(0x3C00);
    pvc_axpy(ctx, &d, PVC_DT_FP16, &b, 0x0420, &m2);
    UNIT_CHECK(get16(&d, 0) == 0x3C01, "FP16 axpy no double rounding: 0x%04x", get16(&d, 0));
    a = splat16(0x3F90);
    b = splat16(0x3F68);
    d = splat16(0x3080);
    pvc_mul_add_dst(ctx, &d, PVC_DT_BF16, &a, &b, &m2);
    UNIT_CHECK(get16(&d, 0) == 0x3F83, "BF16 FMA no double rounding: 0x%04x", get16(&d, 0));
    /* FMA zero signs: (-0)(1) + (-0) = -0; (1)(1) + (-1) = +0; 0 * inf + 1 = NaN. */
    a = splat32(0x80000000u);
    b = splat32(fb(1.0f));
    d = splat32(0x80000000u);
    pvc_mul_add_dst(ctx, &d, PVC_DT_FP32, &a, &b, &m4);
    UNIT_CHECK(get32(&d, 0) == 0x80000000u, "%s", "-0*1 + -0 = -0");
    d = splat32(fb(-1.0f));
    pvc_mul_add_dst(ctx, &d, PVC_DT_FP32, &b, &b, &m4);
    UNIT_CHECK(get32(&d, 0) == 0, "%s", "1*1 - 1 = +0");
    a = splat32(0x7F800000u);
    b = splat32(0);
    d = splat32(fb(1.0f));
    pvc_mul_add_dst(ctx, &d, PVC_DT_FP32, &a, &b, &m4);
    UNIT_CHECK(get32(&d, 0) == 0x7FFFFFFFu, "%s", "inf*0 + 1 = 0x7FFFFFFF");
    d = splat32(0x7FC00042u);
    pvc_mul_add_dst(ctx, &d, PVC_DT_FP32, &a, &b, &m4);
    UNIT_CHECK(get32(&d, 0) == 0x7FC00042u, "%s", "inf*0 + NaN = the NaN operand");
    /* Subnormal FMA result kept (no FTZ): 2^-75 * 2^-75 + 0 = 2^-150 -> tie to 0 / 2^-149:
     * even is 0; 2^-75 * (2^-75 * 1.5) = 1.5 * 2^-150 -> 2^-149. */
    a = splat32(fb(0x1p-75f));
    b = splat32(fb(0x1.8p-75f));
    d = splat32(0);
    pvc_mul_add_dst(ctx, &d, PVC_DT_FP32, &a, &b, &m4);
    UNIT_CHECK(get32(&d, 0) == 1, "FMA subnormal result: 0x%08x", get32(&d, 0));

    /* abs_sub: |1 - 3| = 2; inf - inf = NaN (0x7FFFFFFF, sign already clear); a negative
     * NaN loses its sign. */
    a = splat32(fb(1.0f));
    b = splat32(fb(3.0f));
    pvc_abs_sub(ctx, &d, PVC_DT_FP32, &a, &b, &m4);
    UNIT_CHECK(get32(&d, 0) == fb(2.0f), "%s", "abs_sub |1 - 3| = 2");
    a = splat32(0x7F800000u);
    pvc_abs_sub(ctx, &d, PVC_DT_FP32, &a, &a, &m4);
    UNIT_CHECK(get32(&d, 0) == 0x7FFFFFFFu, "%s", "abs_sub inf - inf = NaN");
    a = splat16(0xFE07);
    b = splat16(0x3C00);
    pvc_abs_sub(ctx, &d, PVC_DT_FP16, &a, &b, &m2);
    UNIT_CHECK(get16(&d, 0) == 0x7E07, "%s", "abs_sub(-NaN, 1) = +NaN payload kept");

    /* muls_cast (§10.6): lanes 2i + L, the other half 0; ties away; Q7 FP32 product first. */
    a = splat32(fb(1.0f));
    d = fill(0x77);
    pvc_muls_cast(ctx, &d, PVC_DT_FP16, PVC_DT_FP32, &a, fb(0.5f), &m4, PVC_LAYOUT_ZERO);
    UNIT_CHECK(get16(&d, 0) == 0x3800 && get16(&d, 1) == 0 && get16(&d, 126) == 0x3800,
               "%s", "muls_cast 1 * 0.5 -> 0x3800 at even lanes, odd lanes 0");
    pvc_muls_cast(ctx, &d, PVC_DT_FP16, PVC_DT_FP32, &a, fb(0.5f), &vl16, PVC_LAYOUT_ONE);
    UNIT_CHECK(get16(&d, 0) == 0 && get16(&d, 1) == 0x3800 && get16(&d, 31) == 0x3800 &&
               get16(&d, 33) == 0, "%s", "muls_cast layout ONE, VL16");
    /* 1 + 2^-11 is the FP16 tie between 1 (0x3C00) and 1 + 2^-10 (0x3C01): ties away. */
    a = splat32(fb(1.0f + 0x1p-11f));
    pvc_muls_cast(ctx, &d, PVC_DT_FP16, PVC_DT_FP32, &a, fb(1.0f), &m4, PVC_LAYOUT_ZERO);
    UNIT_CHECK(get16(&d, 0) == 0x3C01, "muls_cast tie away: 0x%04x", get16(&d, 0));
    pvc_muls_cast(ctx, &d, PVC_DT_FP16, PVC_DT_FP32, &a, fb(-1.0f), &m4, PVC_LAYOUT_ZERO);
    UNIT_CHECK(get16(&d, 0) == 0xBC01, "muls_cast -tie away: 0x%04x", get16(&d, 0));
    /* (1 + 2^-11 + 2^-23)(1 - 2^-23) = 1 + 2^-11 - 2^-34 - 2^-46: FP32 rounds it onto the tie
     * 1 + 2^-11, which then goes away to 0x3C01; converted directly it would be 0x3C00. */
    a = splat32(0x3F801001u);
    pvc_muls_cast(ctx, &d, PVC_DT_FP16, PVC_DT_FP32, &a, 0x3F7FFFFEu, &m4, PVC_LAYOUT_ZERO);
    UNIT_CHECK(get16(&d, 0) == 0x3C01, "muls_cast product rounded to FP32 first (§13 Q7): 0x%04x", get16(&d, 0));
    a = splat32(fb(65520.0f));
    pvc_muls_cast(ctx, &d, PVC_DT_FP16, PVC_DT_FP32, &a, fb(1.0f), &m4, PVC_LAYOUT_ZERO);
    UNIT_CHECK(get16(&d, 0) == 0x7C00, "%s", "muls_cast 65520 -> inf");
    a = splat32(0x7F800000u);
    pvc_muls_cast(ctx, &d, PVC_DT_FP16, PVC_DT_FP32, &a, 0, &m4, PVC_LAYOUT_ZERO);
    UNIT_CHECK(get16(&d, 0) == 0x7FFF, "%s", "muls_cast inf * 0 -> 0x7FFF");

    /* exp_sub FP32: exp(s - mx); inf - inf = NaN; mask at bit 4i. */
    a = splat32(fb(3.0f));
    b = splat32(fb(3.0f));
    pvc_exp_sub(ctx, &d, PVC_DT_FP32, PVC_DT_FP32, &a, &b, &vl16, PVC_LAYOUT_ZERO);
    UNIT_CHECK(get32(&d, 0) == 0x3F800000u && get32(&d, 16) == 0, "%s", "exp_sub(3, 3) = 1, lane 16 off");
    a = splat32(0x7F800000u);
    pvc_exp_sub(ctx, &d, PVC_DT_FP32, PVC_DT_FP32, &a, &a, &m4, PVC_LAYOUT_ZERO);
    UNIT_CHECK(get32(&d, 0) == 0x7FFFFFFFu, "%s", "exp_sub(inf, inf) = NaN");
    b = splat32(0xFF800000u);
    a = splat32(fb(1.0f));
    pvc_exp_sub(ctx, &d, PVC_DT_FP32, PVC_DT_FP32, &b, &a, &m4, PVC_LAYOUT_ZERO);
    UNIT_CHECK(get32(&d, 0) == 0, "%s", "exp_sub(-inf, 1) = exp(-inf) = +0");
    a = splat16(0x7C05);  /* FP16 sNaN: payload 5 shifted by 13, quieted: 0x7FC0A000 */
    b = splat16(0x3C00);
    pvc_exp_sub(ctx, &d, PVC_DT_FP32, PVC_DT_FP16, &a, &b, &m2, PVC_LAYOUT_ZERO);
    UNIT_CHECK(get32(&d, 0) == 0x7FC0A000u, "exp_sub FP16 NaN payload: 0x%08x", get32(&d, 0));
}

/* ---------------------------------------------------------------------------------------
 * 2. Masks, merging, aliasing, faults
 * ------------------------------------------------------------------------------------- */
static void test_masks_and_faults(void)
{
    pvc_vreg a, b, d, keep;
    pvc_mreg m, co, ci;

    /* Merging add keeps the old lanes; zeroing clears them; mask NULL = all lanes. */
    a = splat32(fb(1.0f));
    b = splat32(fb(2.0f));
    d = splat32(0xDEADBEEFu);
    m = pat_w(PVC_PAT_M4, 4);  /* lanes 0, 4, 8, ... */
    pvc_add(ctx, &d, PVC_DT_FP32, &a, &b, &m, PVC_MERGE_MERGING);
    UNIT_CHECK(get32(&d, 0) == fb(3.0f) && get32(&d, 1) == 0xDEADBEEFu && get32(&d, 4) == fb(3.0f),
               "%s", "add MERGING keeps masked-off lanes");
    pvc_max(ctx, &d, PVC_DT_FP32, &a, &b, &m, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == fb(2.0f) && get32(&d, 1) == 0, "%s", "max ZEROING clears them");
    pvc_min(ctx, &d, PVC_DT_FP32, &a, &b, NULL, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 63) == fb(1.0f), "%s", "mask NULL: every lane");
    /* Only the tested bit counts: bits 4i+1 set, 4i clear -> every FP32 lane off. */
    memset(&m, 0x22, sizeof m);
    pvc_add(ctx, &d, PVC_DT_FP32, &a, &b, &m, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&d, 0) == 0 && get32(&d, 63) == 0, "%s", "untested mask bits ignored");
    /* update_mask tail: the first 10 FP32 lanes. */
    pvc_mask_update(ctx, &m, 10, 4);
    pvc_exp(ctx, &d, PVC_DT_FP32, &a, &m);
    UNIT_CHECK(get32(&d, 9) == 0x402DF854u && get32(&d, 10) == 0, "%s", "update_mask(10) tail");
    /* A compare mask: lanes where a > 0. */
    for (unsigned i = 0; i < 64; i++)
        put32(&a, i, fb(i % 3 ? 1.0f : -1.0f));
    pvc_compare_scalar(ctx, &m, PVC_CMP_GT, PVC_DT_FP32, &a, 0, NULL);
    pvc_sqrt(ctx, &d, PVC_DT_FP32, &a, &m, 0);
    UNIT_CHECK(get32(&d, 0) == 0 && get32(&d, 1) == fb(1.0f) && get32(&d, 3) == 0, "%s",
               "compare mask: sqrt(-1) lanes off (0), not NaN");

    /* Aliasing: dst == a == b. */
    a = splat32(fb(1.5f));
    pvc_mul(ctx, &a, PVC_DT_FP32, &a, &a, NULL, PVC_MERGE_ZEROING);
    UNIT_CHECK(get32(&a, 7) == fb(2.25f), "%s", "mul dst == a == b");
    a = splat16(0x3C00);
    pvc_exp_sub(ctx, &a, PVC_DT_FP32, PVC_DT_FP16, &a, &a, NULL, PVC_LAYOUT_ZERO);
    UNIT_CHECK(get32(&a, 0) == 0x3F800000u, "%s", "exp_sub FP16 dst == src == max");
    a = splat32(0xFFFFFFFFu);
    b = splat32(1);
    memset(&ci, 0, sizeof ci);
    m = all_w(4);
    pvc_addc(ctx, &ci, &a, PVC_DT_UINT32, &a, &b, &ci, &m);
    UNIT_CHECK(get32(&a, 0) == 0 && memcmp(&ci, &m, sizeof m) == 0, "%s", "addc carry_out == carry_in, dst == a");
    /* addc masked: lanes off give 0 and flag 0; subc a < b borrows (flag 0). */
    a = splat32(1);
    b = splat32(2);
    m = pat_w(PVC_PAT_VL1, 4);
    memset(&ci, 0xFF, sizeof ci);
    pvc_subc(ctx, &co, &d, PVC_DT_UINT32, &a, &b, &ci, &m);
    UNIT_CHECK(get32(&d, 0) == 0xFFFFFFFFu && get32(&d, 1) == 0 && !pvc_mreg_bit(&co, 0) &&
               co.bits[0] == 0, "%s", "subc 1 - 2: borrow -> flag 0; lane 1 off");
    memset(&ci, 0, sizeof ci);
    pvc_subc(ctx, &co, &d, PVC_DT_UINT32, &b, &a, &ci, &m);
    UNIT_CHECK(get32(&d, 0) == 0 && pvc_mreg_bit(&co, 0), "%s", "subc 2 - 1 - 1 (bi = 0) = 0, no borrow -> 1");

    /* Faults: BAD_ARG, nothing written. */
    d = fill(0x33);
    keep = d;
    a = splat32(0);
    m = all_w(4);
    struct { const char *what; int which; } f[] = {
        {"sub MERGING", 0}, {"mul INT8", 1}, {"div BF16", 2}, {"muls BF16", 3},
        {"exp BF16", 4}, {"neg UINT32", 5}, {"addc INT16", 6}, {"exp_sub layout TWO", 7},
        {"exp_sub dst FP16", 8}, {"muls_cast src FP16", 9}, {"mul_dst_add INT32", 10},
        {"axpy BF16", 11}, {"abs_sub INT32", 12}, {"prelu BF16", 13}, {"mull INT64", 14},
        {"add FP8", 15}, {"div MERGING", 16}, {"add mode 7", 17},
    };
    for (unsigned c = 0; c < sizeof f / sizeof f[0]; c++) {
        pvc_mreg mo = m;
        switch (f[c].which) {
        case 0: pvc_sub(ctx, &d, PVC_DT_FP32, &a, &a, &m, PVC_MERGE_MERGING); break;
        case 1: pvc_mul(ctx, &d, PVC_DT_INT8, &a, &a, &m, PVC_MERGE_ZEROING); break;
        case 2: pvc_div(ctx, &d, PVC_DT_BF16, &a, &a, &m, PVC_MERGE_ZEROING); break;
        case 3: pvc_muls(ctx, &d, PVC_DT_BF16, &a, 0, &m); break;
        case 4: pvc_exp(ctx, &d, PVC_DT_BF16, &a, &m); break;
        case 5: pvc_neg(ctx, &d, PVC_DT_UINT32, &a, &m); break;
        case 6: pvc_addc(ctx, &mo, &d, PVC_DT_INT16, &a, &a, &m, &m); break;
        case 7: pvc_exp_sub(ctx, &d, PVC_DT_FP32, PVC_DT_FP16, &a, &a, &m, PVC_LAYOUT_TWO); break;
        case 8: pvc_exp_sub(ctx, &d, PVC_DT_FP16, PVC_DT_FP16, &a, &a, &m, PVC_LAYOUT_ZERO); break;
        case 9: pvc_muls_cast(ctx, &d, PVC_DT_FP16, PVC_DT_FP16, &a, 0, &m, PVC_LAYOUT_ZERO); break;
        case 10: pvc_mul_dst_add(ctx, &d, PVC_DT_INT32, &a, &a, &m); break;
        case 11: pvc_axpy(ctx, &d, PVC_DT_BF16, &a, 0, &m); break;
        case 12: pvc_abs_sub(ctx, &d, PVC_DT_INT32, &a, &a, &m); break;
        case 13: pvc_prelu(ctx, &d, PVC_DT_BF16, &a, &a, &m); break;
        case 14: pvc_mull(ctx, &d, &d, PVC_DT_INT64, &a, &a, &m); break;
        case 15: pvc_add(ctx, &d, PVC_DT_FP8E4M3FN, &a, &a, &m, PVC_MERGE_ZEROING); break;
        case 16: pvc_div(ctx, &d, PVC_DT_FP32, &a, &a, &m, PVC_MERGE_MERGING); break;
        case 17: pvc_add(ctx, &d, PVC_DT_FP32, &a, &a, &m, (pvc_merge)7); break;
        }
        UNIT_CHECK(ctx->fault.kind == PVC_FAULT_BAD_ARG && memcmp(&d, &keep, sizeof d) == 0 &&
                   memcmp(&mo, &m, sizeof m) == 0, "fault %s: kind %d", f[c].what, ctx->fault.kind);
        ctx->fault.kind = PVC_FAULT_NONE;
    }
}

/* The division fault unwinds a protected call. */
static void div_by_zero(pvc_ctx *c, void *arg)
{
    pvc_vreg *r = arg, z = splat16(0);
    pvc_div(c, r, PVC_DT_INT16, r, &z, NULL, PVC_MERGE_ZEROING);
    memset(r, 0, sizeof *r); /* not reached */
}

static void test_div_pcall(void)
{
    pvc_vreg r = splat16(9);
    int kind = pvc_ctx_pcall(ctx, div_by_zero, &r);
    UNIT_CHECK(kind == PVC_FAULT_BAD_ARG && strcmp(ctx->fault.op, "div") == 0 &&
               strstr(ctx->fault.detail, "lane 0") && get16(&r, 0) == 9,
               "div by zero under pcall: kind %d", kind);
    ctx->fault.kind = PVC_FAULT_NONE;
}

/* ---------------------------------------------------------------------------------------
 * 3. Fast conversions (fp_internal.h) = the cast library (formats.c)
 * ------------------------------------------------------------------------------------- */
static void test_conversions(void)
{
    unsigned bad_h = 0, bad_b = 0, bad_fh = 0, bad_fb = 0, first = 0;
    for (uint32_t h = 0; h < 65536; h++) {
        uint32_t want = (uint32_t)pvc_cast_scalar(PVC_DT_FP16, PVC_DT_FP32, h, PVC_ROUND_RINT, PVC_SAT_OFF);
        uint32_t got = fp_u32(fp_h2f((uint16_t)h));
        if (fp_isnan32(got))
            got |= 0x00400000u; /* the codec quiets; fp_h2f keeps the payload raw */
        if (got != want && bad_h++ == 0)
            first = h;
        want = (uint32_t)pvc_cast_scalar(PVC_DT_BF16, PVC_DT_FP32, h, PVC_ROUND_RINT, PVC_SAT_OFF);
        got = fp_u32(fp_b2f((uint16_t)h));
        if (fp_isnan32(got))
            got |= 0x00400000u;
        bad_b += got != want;
    }
    UNIT_CHECK(bad_h == 0, "fp_h2f: %u codes differ, first 0x%04x", bad_h, first);
    UNIT_CHECK(bad_b == 0, "fp_b2f: %u codes differ", bad_b);
    /* Encoders: every FP32 value at and next to each FP16 / BF16 rounding boundary (the
     * midpoint between consecutive codes, +-1, +-2 ulp), both signs, plus pseudo-random bits. */
    for (uint32_t c = 0; c < 0x7C00; c++) {
        float lo = fp_h2f((uint16_t)c), hi = fp_h2f((uint16_t)(c + 1));
        uint32_t mid = fp_u32((lo + hi) / 2); /* exact: 12 significant bits */
        for (int dlt = -2; dlt <= 2; dlt++)
            for (uint32_t s = 0; s < 2; s++) {
                uint32_t u = (mid + (uint32_t)dlt) | s << 31;
                if ((u & 0x7FFFFFFFu) > 0x7F800000u)
                    continue;
                bad_fh += fp_f2h(fp_f32(u)) != (uint16_t)pvc_cast_scalar(PVC_DT_FP32, PVC_DT_FP16, u, PVC_ROUND_RINT, PVC_SAT_OFF);
            }
    }
    for (uint32_t c = 0; c < 0x7F80; c++) {
        uint32_t mid = (c << 16) + 0x8000u;
        for (int dlt = -2; dlt <= 2; dlt++)
            for (uint32_t s = 0; s < 2; s++) {
                uint32_t u = (mid + (uint32_t)dlt) | s << 31;
                bad_fb += fp_f2b(fp_f32(u)) != (uint16_t)pvc_cast_scalar(PVC_DT_FP32, PVC_DT_BF16, u, PVC_ROUND_RINT, PVC_SAT_OFF);
            }
    }
    uint32_t x = 0x12345678u;
    for (unsigned n = 0; n < 1000000; n++) {
        x ^= x << 13, x ^= x >> 17, x ^= x << 5;
        bad_fh += fp_f2h(fp_f32(x)) != (uint16_t)pvc_cast_scalar(PVC_DT_FP32, PVC_DT_FP16, x, PVC_ROUND_RINT, PVC_SAT_OFF);
        bad_fb += fp_f2b(fp_f32(x)) != (uint16_t)pvc_cast_scalar(PVC_DT_FP32, PVC_DT_BF16, x, PVC_ROUND_RINT, PVC_SAT_OFF);
    }
    UNIT_CHECK(bad_fh == 0, "fp_f2h: %u values differ from the codec", bad_fh);
    UNIT_CHECK(bad_fb == 0, "fp_f2b: %u values differ from the codec", bad_fb);
    /* fp_d2f_odd: exact values unchanged; inexact ones land on the odd neighbour, on the
     * same side of d as neither rounding would cross it. */
    unsigned bad_o = 0;
    uint64_t y = 0x9E3779B97F4A7C15ull;
    for (unsigned n = 0; n < 200000; n++) {
        y ^= y << 7, y ^= y >> 9;
        double d = fp_f64((y & 0x800FFFFFFFFFFFFFull) | (uint64_t)(896 + (y >> 52) % 260) << 52);
        float f = fp_d2f_odd(d), below = nextafterf(f, -INFINITY), above = nextafterf(f, INFINITY);
        int ok = (double)f == d ||
                 ((fp_u32(f) & 1) && (isinf(f) == 0) && (double)below < d && d < (double)above);
        bad_o += !ok;
    }
    UNIT_CHECK(bad_o == 0, "fp_d2f_odd: %u of 200000 wrong", bad_o);
}

/* ---------------------------------------------------------------------------------------
 * 4. Bulk vectors from tools/ref_arith.py
 * ------------------------------------------------------------------------------------- */
typedef struct {
    char op[24], dt[12], sdt[12], rm[8];
    int mode, layout, prec, tol;
    uint64_t x;
    int has[8]; /* a b c cin out out2 mout mask */
    pvc_vreg a, b, c, out, out2;
    pvc_mreg mask, cin, mout;
} vcase;

enum { H_A, H_B, H_C, H_CIN, H_OUT, H_OUT2, H_MOUT, H_MASK };

static int unhex(const char *s, uint8_t *out, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        if (sscanf(s + 2 * i, "%2x", &v) != 1)
            return 0;
        out[i] = (uint8_t)v;
    }
    return s[2 * n] == 0;
}

static pvc_dtype dtype_named(const char *s)
{
    for (int t = 0; t < PVC_DT_COUNT; t++)
        if (strcmp(pvc_dtype_table[t].name, s) == 0)
            return (pvc_dtype)t;
    return PVC_DT_COUNT;
}

static pvc_round round_named(const char *s)
{
    return strcmp(s, "RINT") == 0 ? PVC_ROUND_RINT : strcmp(s, "CEIL") == 0 ? PVC_ROUND_CEIL
         : strcmp(s, "FLOOR") == 0 ? PVC_ROUND_FLOOR : PVC_ROUND_TRUNC;
}

static int parse_case(char *line, vcase *v)
{
    memset(v, 0, sizeof *v);
    for (char *tok = strtok(line, " \n"); tok; tok = strtok(NULL, " \n")) {
        char *eq = strchr(tok, '=');
        if (!eq)
            return 0;
        *eq = 0;
        const char *k = tok, *val = eq + 1;
        int ok = 1;
        if (!strcmp(k, "op")) snprintf(v->op, sizeof v->op, "%s", val);
        else if (!strcmp(k, "dt")) snprintf(v->dt, sizeof v->dt, "%s", val);
        else if (!strcmp(k, "sdt")) snprintf(v->sdt, sizeof v->sdt, "%s", val);
        else if (!strcmp(k, "rm")) snprintf(v->rm, sizeof v->rm, "%s", val);
        else if (!strcmp(k, "mode")) v->mode = val[0] == 'M';
        else if (!strcmp(k, "layout")) v->layout = atoi(val);
        else if (!strcmp(k, "prec")) v->prec = atoi(val);
        else if (!strcmp(k, "tol")) v->tol = atoi(val);
        else if (!strcmp(k, "x")) v->x = strtoull(val, NULL, 16);
        else if (!strcmp(k, "mask")) ok = unhex(val, v->mask.bits, 32), v->has[H_MASK] = 1;
        else if (!strcmp(k, "cin")) ok = unhex(val, v->cin.bits, 32), v->has[H_CIN] = 1;
        else if (!strcmp(k, "mout")) ok = unhex(val, v->mout.bits, 32), v->has[H_MOUT] = 1;
        else if (!strcmp(k, "a")) ok = unhex(val, v->a.b, 256), v->has[H_A] = 1;
        else if (!strcmp(k, "b")) ok = unhex(val, v->b.b, 256), v->has[H_B] = 1;
        else if (!strcmp(k, "c")) ok = unhex(val, v->c.b, 256), v->has[H_C] = 1;
        else if (!strcmp(k, "out")) ok = unhex(val, v->out.b, 256), v->has[H_OUT] = 1;
        else if (!strcmp(k, "out2")) ok = unhex(val, v->out2.b, 256), v->has[H_OUT2] = 1;
        else return 0;
        if (!ok)
            return 0;
    }
    return v->op[0] && v->has[H_MASK] && v->has[H_A] && v->has[H_OUT];
}

/* Runs the case's op. alias: dst is the a register itself (ops that do not read dst). */
static int run_case(const vcase *v, pvc_vreg *dst, pvc_vreg *dst2, pvc_mreg *mo, int alias)
{
    pvc_dtype t = dtype_named(v->dt), st = dtype_named(v->sdt);
    pvc_merge mode = v->mode ? PVC_MERGE_MERGING : PVC_MERGE_ZEROING;
    const pvc_mreg *m = &v->mask;
    pvc_vreg a = v->a;
    const pvc_vreg *src = alias ? dst : &a;
    const char *op = v->op;
    if (alias)
        *dst = v->a;
    else if (v->has[H_C])
        *dst = v->c;
    else
        memset(dst, 0xA5, sizeof *dst); /* garbage: zeroing ops must not read it */
    if (!strcmp(op, "add")) pvc_add(ctx, dst, t, src, &v->b, m, mode);
    else if (!strcmp(op, "sub")) pvc_sub(ctx, dst, t, src, &v->b, m, mode);
    else if (!strcmp(op, "mul")) pvc_mul(ctx, dst, t, src, &v->b, m, mode);
    else if (!strcmp(op, "div")) pvc_div(ctx, dst, t, src, &v->b, m, mode);
    else if (!strcmp(op, "max")) pvc_max(ctx, dst, t, src, &v->b, m, mode);
    else if (!strcmp(op, "min")) pvc_min(ctx, dst, t, src, &v->b, m, mode);
    else if (!strcmp(op, "adds")) pvc_adds(ctx, dst, t, src, v->x, m);
    else if (!strcmp(op, "subs")) pvc_subs(ctx, dst, t, src, v->x, m);
    else if (!strcmp(op, "muls")) pvc_muls(ctx, dst, t, src, v->x, m);
    else if (!strcmp(op, "maxs")) pvc_maxs(ctx, dst, t, src, v->x, m);
    else if (!strcmp(op, "mins")) pvc_mins(ctx, dst, t, src, v->x, m);
    else if (!strcmp(op, "mull")) pvc_mull(ctx, dst, dst2, t, src, &v->b, m);
    else if (!strcmp(op, "addc")) pvc_addc(ctx, mo, dst, t, src, &v->b, &v->cin, m);
    else if (!strcmp(op, "subc")) pvc_subc(ctx, mo, dst, t, src, &v->b, &v->cin, m);
    else if (!strcmp(op, "neg")) pvc_neg(ctx, dst, t, src, m);
    else if (!strcmp(op, "sqrt")) pvc_sqrt(ctx, dst, t, src, m, v->prec);
    else if (!strcmp(op, "exp")) pvc_exp(ctx, dst, t, src, m);
    else if (!strcmp(op, "ln")) pvc_ln(ctx, dst, t, src, m);
    else if (!strcmp(op, "log2")) pvc_log2(ctx, dst, t, src, m);
    else if (!strcmp(op, "log10")) pvc_log10(ctx, dst, t, src, m);
    else if (!strcmp(op, "prelu")) pvc_prelu(ctx, dst, t, src, &v->b, m);
    else if (!strcmp(op, "leaky_relu")) pvc_leaky_relu(ctx, dst, t, src, v->x, m);
    else if (!strcmp(op, "truncate")) pvc_truncate(ctx, dst, t, src, m, round_named(v->rm));
    else if (!strcmp(op, "abs_sub")) pvc_abs_sub(ctx, dst, t, src, &v->b, m);
    else if (!strcmp(op, "axpy")) pvc_axpy(ctx, dst, t, &a, v->x, m);
    else if (!strcmp(op, "mul_add_dst")) pvc_mul_add_dst(ctx, dst, t, &a, &v->b, m);
    else if (!strcmp(op, "mul_dst_add")) pvc_mul_dst_add(ctx, dst, t, &a, &v->b, m);
    else if (!strcmp(op, "exp_sub")) pvc_exp_sub(ctx, dst, t, st, src, &v->b, m, (pvc_layout)v->layout);
    else if (!strcmp(op, "muls_cast")) pvc_muls_cast(ctx, dst, t, st, src, v->x, m, (pvc_layout)v->layout);
    else return 0;
    return 1;
}

/* Ops whose result does not depend on the old dst (so dst may be the first source). */
static int aliasable(const vcase *v)
{
    static const char *const reads_dst[] = {"axpy", "mul_add_dst", "mul_dst_add", "mull", NULL};
    if (v->mode)
        return 0;
    for (int i = 0; reads_dst[i]; i++)
        if (!strcmp(v->op, reads_dst[i]))
            return 0;
    return 1;
}

/* Float lanes within 1 ulp (same sign, magnitudes one code apart); zeros, infinities and
 * NaNs exact (§9.4 approximate ops). */
static int ulp_close(uint32_t g, uint32_t e, unsigned w)
{
    uint32_t sign = w == 2 ? 0x8000u : 0x80000000u, inf = w == 2 ? 0x7C00u : 0x7F800000u;
    uint32_t ge = g & ~sign, ee = e & ~sign;
    if (g == e)
        return 1;
    if (ee == 0 || ge == 0 || ee >= inf || ge >= inf || (g & sign) != (e & sign))
        return 0;
    return (ge > ee ? ge - ee : ee - ge) <= 1;
}

/* Index of the first lane that differs (tolerance per tol), or -1. */
static int first_bad_lane(const pvc_vreg *got, const pvc_vreg *want, unsigned w, int tol)
{
    for (unsigned i = 0; i < PVC_VL / w; i++) {
        uint32_t g = (uint32_t)rt_get(got->b + w * i, w), e = (uint32_t)rt_get(want->b + w * i, w);
        if (w == 8 ? rt_get(got->b + 8 * i, 8) != rt_get(want->b + 8 * i, 8)
                   : tol ? !ulp_close(g, e, w) : g != e)
            return (int)i;
    }
    return -1;
}

typedef struct {
    char key[64];
    unsigned lines, bad, exact, alias_bad;
    char first[200];
} group;

static group groups[256];
static unsigned ngroups;

static group *group_of(const vcase *v)
{
    char key[64];
    snprintf(key, sizeof key, "%s %s%s%s%s", v->op, v->dt, v->sdt[0] ? "<-" : "", v->sdt,
             v->prec ? " precise" : "");
    for (unsigned i = 0; i < ngroups; i++)
        if (!strcmp(groups[i].key, key))
            return &groups[i];
    if (ngroups == sizeof groups / sizeof groups[0])
        return &groups[0];
    snprintf(groups[ngroups].key, sizeof groups[ngroups].key, "%s", key);
    return &groups[ngroups++];
}

static void check_case(const vcase *v)
{
    pvc_vreg dst, dst2;
    pvc_mreg mo;
    group *g = group_of(v);
    unsigned w = pvc_dtype_lane_bytes(dtype_named(v->dt));
    g->lines++;
    memset(&dst2, 0xA5, sizeof dst2);
    memset(&mo, 0xA5, sizeof mo);
    if (!run_case(v, &dst, &dst2, &mo, 0) || ctx->fault.kind != PVC_FAULT_NONE) {
        ctx->fault.kind = PVC_FAULT_NONE;
        if (g->bad++ == 0)
            snprintf(g->first, sizeof g->first, "unknown op or fault: %s", ctx->fault.detail);
        return;
    }
    int lane = first_bad_lane(&dst, &v->out, w, v->tol);
    int lane2 = v->has[H_OUT2] ? first_bad_lane(&dst2, &v->out2, w, 0) : -1;
    int mbad = v->has[H_MOUT] && memcmp(&mo, &v->mout, sizeof mo) != 0;
    if (lane >= 0 || lane2 >= 0 || mbad) {
        if (g->bad++ == 0) {
            const pvc_vreg *gr = lane >= 0 ? &dst : &dst2, *wr = lane >= 0 ? &v->out : &v->out2;
            int l = lane >= 0 ? lane : lane2 >= 0 ? lane2 : 0;
            snprintf(g->first, sizeof g->first,
                     "lane %d: a=0x%llx b=0x%llx got 0x%llx want 0x%llx%s", l,
                     (unsigned long long)rt_get(v->a.b + w * l, w),
                     (unsigned long long)rt_get(v->b.b + w * l, w),
                     (unsigned long long)rt_get(gr->b + w * l, w),
                     (unsigned long long)rt_get(wr->b + w * l, w), mbad ? " (carry mask differs)" : "");
        }
        return;
    }
    g->exact += memcmp(&dst, &v->out, sizeof dst) == 0;
    if (aliasable(v)) {
        pvc_vreg alias;
        run_case(v, &alias, &dst2, &mo, 1);
        if (memcmp(&alias, &dst, sizeof dst) != 0)
            g->alias_bad++;
    }
}

static void test_bulk(void)
{
    const char *cmd = "/usr/bin/python3 tools/ref_arith.py 2>&1";
    FILE *p = popen(cmd, "r");
    char *line = NULL;
    size_t cap = 0;
    unsigned parsed = 0, garbage = 0;
    int ended = 0;
    UNIT_CHECK(p != NULL, "%s", "popen /usr/bin/python3 tools/ref_arith.py");
    if (!p)
        return;
    while (getline(&line, &cap, p) > 0) {
        vcase v;
        if (!strcmp(line, "end\n")) {
            ended = 1;
            break;
        }
        if (!parse_case(line, &v)) {
            if (garbage++ < 5)
                printf("ref_arith.py: %.200s", line);
            continue;
        }
        parsed++;
        check_case(&v);
    }
    free(line);
    int rc = pclose(p);
    UNIT_CHECK(ended && rc == 0 && garbage == 0 && parsed > 5000,
               "tools/ref_arith.py needs the Debian python3 with numpy (python3-numpy): "
               "exit %d, %u cases, %u bad lines, end %d", rc, parsed, garbage, ended);
    unsigned approx_lines = 0, approx_exact = 0;
    for (unsigned i = 0; i < ngroups; i++) {
        group *g = &groups[i];
        UNIT_CHECK(g->bad == 0, "%s: %u of %u vectors differ; first %s", g->key, g->bad, g->lines, g->first);
        UNIT_CHECK(g->alias_bad == 0, "%s: %u vectors differ with dst aliasing the source", g->key, g->alias_bad);
        if (strstr(g->key, "exp") || strstr(g->key, "ln") || strstr(g->key, "log"))
            approx_lines += g->lines, approx_exact += g->exact;
    }
    printf("ok bulk: %u vectors in %u groups; approximate ops bit-identical to the reference in "
           "%u of %u vectors\n", parsed, ngroups, approx_exact, approx_lines);
}

int main(void)
{
    ctx = pvc_ctx_new();
    if (!ctx)
        return 1;
    test_worked_checks();
    test_integers();
    test_float_binary();
    test_unary();
    test_composite();
    test_masks_and_faults();
    test_div_pcall();
    test_conversions();
    test_bulk();
    pvc_ctx_free(ctx);
    return UNIT_DONE();
}
