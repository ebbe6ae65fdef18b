/* test_tile.c - the tile-level loop (runtime/src/tile_*.c, docs/SEMANTICS.md §15.2): which
 * elements a whole-tile op writes (dst's valid shape only, row by row in 256-byte chunks),
 * the chunk count it returns, in-place use, [N, 1] column tiles and the faults of a bad
 * valid shape. Expected values are worked out by hand from the per-element rules of §10
 * (IEEE binary32 sums of small integers are exact; int16 wraps modulo 2^16). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "pvc_rt.h"
#include "unit.h"

static float *f32_at(pvc_ctx *ctx, const pvc_tile *t, int r, int c)
{
    return (float *)(ctx->ub + t->addr) + (size_t)r * t->cols + (size_t)c;
}

static uint32_t bits_of(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* a[r][c] = r*100 + c, b = 0.5, dst prefilled with -7; add over valid [3, 70] of a 4x80 tile:
 * 3 rows of ceil(70 / 64) = 2 chunks; everything else of dst stays -7. */
static void test_add_window(pvc_ctx *ctx)
{
    pvc_tile a = {.addr = 0x0, .dtype = PVC_DT_FP32, .rows = 4, .cols = 80};
    pvc_tile b = {.addr = 0x1000, .dtype = PVC_DT_FP32, .rows = 4, .cols = 80};
    pvc_tile d = {.addr = 0x2000, .dtype = PVC_DT_FP32, .rows = 4, .cols = 80};
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 80; c++) {
            *f32_at(ctx, &a, r, c) = (float)(r * 100 + c);
            *f32_at(ctx, &b, r, c) = 0.5f;
            *f32_at(ctx, &d, r, c) = -7.0f;
        }
    int64_t n = pvc_tile_binary(ctx, PVC_TB_ADD, &d, 3, 70, &a, 3, 70, &b, 3, 70);
    UNIT_CHECK(n == 6, "chunks: %lld, want 6", (long long)n);
    int bad = 0;
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 80; c++) {
            float want = r < 3 && c < 70 ? (float)(r * 100 + c) + 0.5f : -7.0f;
            bad += *f32_at(ctx, &d, r, c) != want;
        }
    UNIT_CHECK(bad == 0, "%d elements differ from a + b inside [3, 70] and -7 outside", bad);
    /* in place: a = a * a over the whole tile, each element read before it is written */
    pvc_tile_binary(ctx, PVC_TB_MUL, &a, 4, 80, &a, 4, 80, &a, 4, 80);
    UNIT_CHECK(*f32_at(ctx, &a, 3, 79) == 379.0f * 379.0f, "in place: %g", *f32_at(ctx, &a, 3, 79));
}

/* INT16 subs: -32768 - 1 wraps to 32767 (TSUBS = vadds(x, -s)); FP32 neg of +0 is -0 (x * -1)
 * and relu of -0 is +0. */
static void test_scalar_unary(pvc_ctx *ctx)
{
    pvc_tile s = {.addr = 0x3000, .dtype = PVC_DT_INT16, .rows = 1, .cols = 16};
    int16_t *e = (int16_t *)(ctx->ub + s.addr);
    for (int i = 0; i < 16; i++)
        e[i] = (int16_t)(i == 0 ? -32768 : i);
    pvc_tile_scalar(ctx, PVC_TS_SUBS, &s, 1, 16, &s, 1, 16, 1);
    UNIT_CHECK(e[0] == 32767 && e[5] == 4, "int16 subs: %d %d", e[0], e[5]);

    pvc_tile f = {.addr = 0x3100, .dtype = PVC_DT_FP32, .rows = 1, .cols = 8};
    float *x = f32_at(ctx, &f, 0, 0);
    x[0] = 0.0f;
    x[1] = 2.5f;
    pvc_tile_unary(ctx, PVC_TU_NEG, &f, 1, 2, &f, 1, 2);
    UNIT_CHECK(bits_of(x[0]) == 0x80000000u && x[1] == -2.5f, "neg: %08x %g", bits_of(x[0]), x[1]);
    pvc_tile_unary(ctx, PVC_TU_RELU, &f, 1, 2, &f, 1, 2);
    UNIT_CHECK(bits_of(x[0]) == 0 && x[1] == 0.0f, "relu: %08x %g", bits_of(x[0]), x[1]);
    x[0] = 0.0f;
    x[1] = 2.0f;
    pvc_tile_unary(ctx, PVC_TU_RECIP, &f, 1, 2, &f, 1, 2);
    UNIT_CHECK(isinf(x[0]) && x[0] > 0 && x[1] == 0.5f, "recip: %g %g", x[0], x[1]);
}

/* A [70, 1] column tile (column-major) under a scalar op: one line of 70 contiguous elements,
 * 2 chunks; valid rows 65 leave element 65 on. FP16 expands over [2, 130] of a 2x200 tile:
 * 2 rows of 2 chunks (128 lanes each). */
static void test_column_and_expands(pvc_ctx *ctx)
{
    pvc_tile c = {.addr = 0x4000, .dtype = PVC_DT_FP32, .rows = 70, .cols = 1, .layout = PVC_TL_DN};
    for (int r = 0; r < 70; r++)
        *f32_at(ctx, &c, r, 0) = (float)r;
    int64_t n = pvc_tile_scalar(ctx, PVC_TS_ADDS, &c, 65, 1, &c, 65, 1, pvc_bits_f32(1.0f));
    UNIT_CHECK(n == 2, "column chunks: %lld", (long long)n);
    UNIT_CHECK(*f32_at(ctx, &c, 64, 0) == 65.0f && *f32_at(ctx, &c, 65, 0) == 65.0f, "column: %g %g",
               *f32_at(ctx, &c, 64, 0), *f32_at(ctx, &c, 65, 0));

    pvc_tile h = {.addr = 0x5000, .dtype = PVC_DT_FP16, .rows = 2, .cols = 200};
    uint16_t *e = (uint16_t *)(ctx->ub + h.addr);
    for (int i = 0; i < 400; i++)
        e[i] = 0x1234;
    n = pvc_tile_expands(ctx, &h, 2, 130, 0x3C00); /* FP16 1.0 */
    UNIT_CHECK(n == 4, "expands chunks: %lld", (long long)n);
    UNIT_CHECK(e[0] == 0x3C00 && e[129] == 0x3C00 && e[130] == 0x1234 && e[200 + 129] == 0x3C00 &&
                   e[200 + 130] == 0x1234,
               "expands window: %04x %04x %04x", e[129], e[130], e[330]);
}

/* Row sum FP32 of one 256-element row: 4 chunks of 64, each a pairwise tree, the partials added
 * left to right from +0. x0 = 2^24, x2 = x3 = x128 = x192 = 1: chunk 0 is (2^24 + 0) + (1 + 1)
 * = 16777218 exactly; then + 0, + 1 (16777219: a tie, to even 16777220), + 1 (16777221: a tie,
 * to 16777220). A plain left-to-right sum would give 16777216. The result lands in element
 * (0, 0) of a [2, 1] column tile; element (1, 0) is untouched (valid rows 1). */
static void test_row_sum(pvc_ctx *ctx)
{
    pvc_tile s = {.addr = 0x0, .dtype = PVC_DT_FP32, .rows = 1, .cols = 256};
    pvc_tile d = {.addr = 0x1000, .dtype = PVC_DT_FP32, .rows = 2, .cols = 1, .layout = PVC_TL_DN};
    float *x = f32_at(ctx, &s, 0, 0);
    memset(x, 0, 1024);
    x[0] = 16777216.0f;
    x[2] = x[3] = x[128] = x[192] = 1.0f;
    *f32_at(ctx, &d, 1, 0) = -3.0f;
    int64_t n = pvc_tile_row_reduce(ctx, PVC_RED_SUM, &d, 1, 1, &s, 1, 256);
    UNIT_CHECK(n == 4 && *f32_at(ctx, &d, 0, 0) == 16777220.0f && *f32_at(ctx, &d, 1, 0) == -3.0f,
               "row sum %lld chunks: %.1f %.1f", (long long)n, *f32_at(ctx, &d, 0, 0), *f32_at(ctx, &d, 1, 0));

    /* INT16: 128 + 10 elements of 300 sum to 41400 in INT32, kept as the low 16 bits: -24136 */
    pvc_tile s16 = {.addr = 0x2000, .dtype = PVC_DT_INT16, .rows = 1, .cols = 200};
    pvc_tile d16 = {.addr = 0x3000, .dtype = PVC_DT_INT16, .rows = 1, .cols = 1};
    int16_t *e = (int16_t *)(ctx->ub + s16.addr);
    for (int i = 0; i < 200; i++)
        e[i] = 300;
    pvc_tile_row_reduce(ctx, PVC_RED_SUM, &d16, 1, 1, &s16, 1, 138);
    UNIT_CHECK(*(int16_t *)(ctx->ub + d16.addr) == -24136, "int16 row sum %d", *(int16_t *)(ctx->ub + d16.addr));

    /* INT8 max / min over 300 elements (a 256-lane chunk and 44 more): -5 everywhere, 100 at 299,
     * -128 at 10 */
    pvc_tile s8 = {.addr = 0x4000, .dtype = PVC_DT_INT8, .rows = 1, .cols = 300};
    pvc_tile d8 = {.addr = 0x5000, .dtype = PVC_DT_INT8, .rows = 1, .cols = 1};
    int8_t *b = (int8_t *)(ctx->ub + s8.addr);
    memset(b, -5, 300);
    b[299] = 100;
    b[10] = -128;
    pvc_tile_row_reduce(ctx, PVC_RED_MAX, &d8, 1, 1, &s8, 1, 300);
    int8_t mx = *(int8_t *)(ctx->ub + d8.addr);
    pvc_tile_row_reduce(ctx, PVC_RED_MIN, &d8, 1, 1, &s8, 1, 300);
    UNIT_CHECK(mx == 100 && *(int8_t *)(ctx->ub + d8.addr) == -128, "int8 max %d min %d", mx,
               *(int8_t *)(ctx->ub + d8.addr));
}

/* Column sum FP16 over 4 rows is r0 + (r1 + r2) + r3: 2048 + 2 = 2050, + 1 = 2051, a tie
 * rounded to even: 2052 (0x6802); row by row it would stay 2048. Column 1 (outside valid
 * cols 1) of the [1, 2] destination is untouched. */
static void test_col_sum(pvc_ctx *ctx)
{
    pvc_tile s = {.addr = 0x0, .dtype = PVC_DT_FP16, .rows = 4, .cols = 2};
    pvc_tile d = {.addr = 0x100, .dtype = PVC_DT_FP16, .rows = 1, .cols = 2};
    uint16_t *e = (uint16_t *)(ctx->ub + s.addr), *o = (uint16_t *)(ctx->ub + d.addr);
    e[0] = 0x6800; /* 2048 */
    e[2] = e[4] = e[6] = 0x3C00; /* 1.0 */
    o[1] = 0xABCD;
    int64_t n = pvc_tile_col_reduce(ctx, PVC_RED_SUM, &d, 1, 1, &s, 4, 1);
    UNIT_CHECK(n == 4 && o[0] == 0x6802 && o[1] == 0xABCD, "col sum %lld: %04x %04x", (long long)n, o[0], o[1]);
}

/* expand_sub, row form: dst[r][c] = src[r][c] - s[r] with s a [3, 1] column; swapped roles when
 * src0's valid shape is not dst's: dst = s[r] - src1[r][c] (operand order kept). Column form:
 * dst[r][c] = src[r][c] * s[0][c]. Values are small integers, exact in FP32. */
static void test_expand(pvc_ctx *ctx)
{
    pvc_tile x = {.addr = 0x0, .dtype = PVC_DT_FP32, .rows = 3, .cols = 70};
    pvc_tile s = {.addr = 0x1000, .dtype = PVC_DT_FP32, .rows = 3, .cols = 1, .layout = PVC_TL_DN};
    pvc_tile d = {.addr = 0x2000, .dtype = PVC_DT_FP32, .rows = 3, .cols = 70};
    for (int r = 0; r < 3; r++) {
        *f32_at(ctx, &s, r, 0) = (float)(10 * r);
        for (int c = 0; c < 70; c++)
            *f32_at(ctx, &x, r, c) = (float)c;
    }
    int64_t n = pvc_tile_row_expand(ctx, PVC_TB_SUB, &d, 3, 70, &x, 3, 70, &s, 3, 1);
    UNIT_CHECK(n == 6 && *f32_at(ctx, &d, 2, 69) == 49.0f && *f32_at(ctx, &d, 1, 0) == -10.0f,
               "row expand_sub %lld: %g %g", (long long)n, *f32_at(ctx, &d, 2, 69), *f32_at(ctx, &d, 1, 0));
    pvc_tile_row_expand(ctx, PVC_TB_SUB, &d, 3, 70, &s, 3, 1, &x, 3, 70);
    UNIT_CHECK(*f32_at(ctx, &d, 2, 69) == -49.0f, "swapped roles: %g", *f32_at(ctx, &d, 2, 69));

    pvc_tile row = {.addr = 0x3000, .dtype = PVC_DT_FP32, .rows = 1, .cols = 70};
    for (int c = 0; c < 70; c++)
        *f32_at(ctx, &row, 0, c) = 2.0f;
    pvc_tile_col_expand(ctx, PVC_TB_MUL, &d, 3, 70, &x, 3, 70, &row, 1, 70);
    UNIT_CHECK(*f32_at(ctx, &d, 2, 69) == 138.0f, "col expand_mul: %g", *f32_at(ctx, &d, 2, 69));
}

/* pl.cast element rules (§5.4 with TCVT's choices): FP32 -> FP16 CAST_ROUND ties away
 * (1 + 2^-11 -> 0x3C01; RINT keeps 0x3C00), saturating (65520 -> 65504 = 0x7BFF, NaN -> 0);
 * FP32 -> INT32 CAST_NONE truncates (-2.7 -> -2); FP32 -> INT16 with saturation off is the
 * INT32 result's low half (40000 -> -25536); FP32 -> FP32 rounds to integral (2.5 -> 3 ties
 * away, -0.4 -> -0). */
static void test_cast(pvc_ctx *ctx)
{
    pvc_tile f = {.addr = 0x0, .dtype = PVC_DT_FP32, .rows = 1, .cols = 8};
    pvc_tile h = {.addr = 0x100, .dtype = PVC_DT_FP16, .rows = 1, .cols = 8};
    float *x = f32_at(ctx, &f, 0, 0);
    uint16_t *y = (uint16_t *)(ctx->ub + h.addr);
    x[0] = 1.0f + 1.0f / 2048;
    x[1] = 65520.0f;
    x[2] = NAN;
    pvc_tile_cast(ctx, &h, 1, 3, &f, 1, 3, PVC_TR_ROUND);
    UNIT_CHECK(y[0] == 0x3C01 && y[1] == 0x7BFF && y[2] == 0, "f32->f16 round: %04x %04x %04x", y[0], y[1], y[2]);
    pvc_tile_cast(ctx, &h, 1, 1, &f, 1, 1, PVC_TR_RINT);
    UNIT_CHECK(y[0] == 0x3C00, "f32->f16 rint: %04x", y[0]);

    pvc_tile i32 = {.addr = 0x200, .dtype = PVC_DT_INT32, .rows = 1, .cols = 8};
    pvc_tile i16 = {.addr = 0x300, .dtype = PVC_DT_INT16, .rows = 1, .cols = 8};
    x[0] = -2.7f;
    x[1] = 40000.0f;
    pvc_tile_cast(ctx, &i32, 1, 1, &f, 1, 1, PVC_TR_NONE);
    pvc_tile_cast(ctx, &i16, 1, 2, &f, 1, 2, PVC_TR_NONE);
    int32_t *a = (int32_t *)(ctx->ub + i32.addr);
    int16_t *b = (int16_t *)(ctx->ub + i16.addr);
    UNIT_CHECK(a[0] == -2 && b[1] == -25536, "f32->i32 %d, f32->i16 %d", a[0], b[1]);

    pvc_tile g = {.addr = 0x400, .dtype = PVC_DT_FP32, .rows = 1, .cols = 8};
    x[0] = 2.5f;
    x[1] = -0.4f;
    pvc_tile_cast(ctx, &g, 1, 2, &f, 1, 2, PVC_TR_ROUND);
    float *z = f32_at(ctx, &g, 0, 0);
    UNIT_CHECK(z[0] == 3.0f && bits_of(z[1]) == 0x80000000u, "f32 round: %g %08x", z[0], bits_of(z[1]));
}

/* gt against the scalar 35 over [2, 70] FP32 (x = c): row 0 of the UINT8 [2, 32] mask gets one
 * 128-element group = 16 bytes: bits 36..69 set (byte 4 = 0xF0, bytes 5..7 = 0xFF, byte 8 =
 * 0x3F), the rest 0; bytes 16..31 keep their 0xAA; row 1 starts at byte 32. select then picks
 * x where the bit is set and -1 elsewhere. fillpad of an INT32 [2, 8] with valid [1, 3] into
 * a pad=max tile of valid rows 2: row 0 keeps 3 values and gets INT32_MAX after them, row 1 is
 * INT32_MAX throughout. */
static void test_cmp_select_pad(pvc_ctx *ctx)
{
    pvc_tile x = {.addr = 0x0, .dtype = PVC_DT_FP32, .rows = 2, .cols = 70};
    pvc_tile m = {.addr = 0x1000, .dtype = PVC_DT_UINT8, .rows = 2, .cols = 32};
    pvc_tile o = {.addr = 0x2000, .dtype = PVC_DT_FP32, .rows = 2, .cols = 70};
    pvc_tile neg = {.addr = 0x3000, .dtype = PVC_DT_FP32, .rows = 2, .cols = 70};
    for (int r = 0; r < 2; r++)
        for (int c = 0; c < 70; c++) {
            *f32_at(ctx, &x, r, c) = (float)c;
            *f32_at(ctx, &neg, r, c) = -1.0f;
        }
    uint8_t *mb = ctx->ub + m.addr;
    memset(mb, 0xAA, 64);
    pvc_tile_cmps(ctx, PVC_CMP_GT, &m, 2, 32, &x, 2, 70, pvc_bits_f32(35.0f));
    UNIT_CHECK(mb[3] == 0 && mb[4] == 0xF0 && mb[7] == 0xFF && mb[8] == 0x3F && mb[15] == 0 && mb[16] == 0xAA &&
                   mb[36] == 0xF0,
               "gt mask bytes %02x %02x %02x %02x %02x", mb[4], mb[7], mb[8], mb[16], mb[36]);
    pvc_tile_select(ctx, &o, 2, 70, &m, 2, 32, &x, 2, 70, &neg, 2, 70);
    UNIT_CHECK(*f32_at(ctx, &o, 1, 35) == -1.0f && *f32_at(ctx, &o, 1, 36) == 36.0f, "select: %g %g",
               *f32_at(ctx, &o, 1, 35), *f32_at(ctx, &o, 1, 36));

    pvc_tile s = {.addr = 0x4000, .dtype = PVC_DT_INT32, .rows = 2, .cols = 8};
    pvc_tile d = {.addr = 0x4100, .dtype = PVC_DT_INT32, .rows = 2, .cols = 8, .pad = PVC_PAD_MAX};
    int32_t *sv = (int32_t *)(ctx->ub + s.addr), *dv = (int32_t *)(ctx->ub + d.addr);
    for (int i = 0; i < 16; i++)
        sv[i] = i, dv[i] = -9;
    pvc_tile_fillpad(ctx, PVC_FILLPAD_NORMAL, &d, 2, 8, &s, 1, 3);
    UNIT_CHECK(dv[2] == 2 && dv[3] == INT32_MAX && dv[7] == INT32_MAX && dv[8] == INT32_MAX && dv[15] == INT32_MAX,
               "fillpad: %d %d %d %d", dv[2], dv[3], dv[8], dv[15]);
}

static int run_fault(pvc_ctx *ctx, void (*fn)(pvc_ctx *, void *))
{
    return pvc_ctx_pcall(ctx, fn, NULL);
}

static void bad_valid(pvc_ctx *ctx, void *arg)
{
    (void)arg;
    pvc_tile t = {.addr = 0x0, .dtype = PVC_DT_FP32, .rows = 2, .cols = 8};
    pvc_tile_binary(ctx, PVC_TB_ADD, &t, 3, 8, &t, 3, 8, &t, 3, 8);
}

static void past_ub(pvc_ctx *ctx, void *arg)
{
    (void)arg;
    pvc_tile t = {.addr = PVC_UB_BYTES - 64, .dtype = PVC_DT_FP32, .rows = 2, .cols = 64};
    pvc_tile_expands(ctx, &t, 1, 1, 0);
}

static void int_div0(pvc_ctx *ctx, void *arg)
{
    (void)arg;
    pvc_tile t = {.addr = 0x0, .dtype = PVC_DT_INT32, .rows = 1, .cols = 8};
    pvc_tile_scalar(ctx, PVC_TS_DIVS, &t, 1, 8, &t, 1, 8, 0);
}

static void mixed_dtypes(pvc_ctx *ctx, void *arg)
{
    (void)arg;
    pvc_tile f = {.addr = 0x0, .dtype = PVC_DT_FP32, .rows = 1, .cols = 8};
    pvc_tile h = {.addr = 0x100, .dtype = PVC_DT_FP16, .rows = 1, .cols = 8};
    pvc_tile_binary(ctx, PVC_TB_ADD, &f, 1, 8, &f, 1, 8, &h, 1, 8);
}

static void small_source(pvc_ctx *ctx, void *arg)
{
    (void)arg;
    pvc_tile big = {.addr = 0x0, .dtype = PVC_DT_FP32, .rows = 4, .cols = 64};
    pvc_tile one = {.addr = 0x1000, .dtype = PVC_DT_FP32, .rows = 1, .cols = 64};
    pvc_tile_binary(ctx, PVC_TB_ADD, &big, 4, 64, &big, 4, 64, &one, 1, 64);
}

static void test_faults(pvc_ctx *ctx)
{
    UNIT_CHECK(run_fault(ctx, small_source) == PVC_FAULT_BAD_ARG, "%s", "a source smaller than dst's window");
    UNIT_CHECK(run_fault(ctx, bad_valid) == PVC_FAULT_BAD_ARG, "%s", "valid rows 3 of a 2-row tile");
    UNIT_CHECK(strstr(ctx->fault.detail, "valid shape [3, 8]") != NULL, "detail: %s", ctx->fault.detail);
    UNIT_CHECK(run_fault(ctx, past_ub) == PVC_FAULT_UB_BOUNDS, "%s", "a tile leaving the UB");
    UNIT_CHECK(run_fault(ctx, int_div0) == PVC_FAULT_BAD_ARG, "%s", "integer division by zero");
    UNIT_CHECK(run_fault(ctx, mixed_dtypes) == PVC_FAULT_BAD_ARG, "%s", "FP32 + FP16 tiles");
}

static void hist_wide_idx(pvc_ctx *ctx, void *arg)
{
    (void)arg;
    pvc_tile s = {.addr = 0x0, .dtype = PVC_DT_UINT16, .rows = 2, .cols = 320};
    pvc_tile x = {.addr = 0x400, .dtype = PVC_DT_UINT8, .rows = 1, .cols = 32};
    pvc_tile d = {.addr = 0x800, .dtype = PVC_DT_UINT32, .rows = 2, .cols = 256};
    pvc_tile_histogram(ctx, &d, 2, 256, &s, 1, 300, &x, 1, 32, 0);
}

/* pl.histogram, UINT16 MSB over valid [1, 300] (two chunks: 256 + 44): src[c] = c << 8 | 0xAB,
 * so high byte c appears once for c < 256 and c - 256 again for c >= 256; bin b counts the
 * high bytes <= b: b + 1 + min(b + 1, 44). Row 1 of dst (src valid rows 1) keeps its 0xEE.
 * LSB with idx byte 0x05: only src[5] and src[261] have high byte 5, both low byte 0xAB. */
static void test_histogram(pvc_ctx *ctx)
{
    pvc_tile s = {.addr = 0x0, .dtype = PVC_DT_UINT16, .rows = 2, .cols = 320};
    pvc_tile x = {.addr = 0x400, .dtype = PVC_DT_UINT8, .rows = 2, .cols = 1, .layout = PVC_TL_DN};
    pvc_tile d = {.addr = 0x800, .dtype = PVC_DT_UINT32, .rows = 2, .cols = 256};
    uint16_t *e = (uint16_t *)(ctx->ub + s.addr);
    uint32_t *o = (uint32_t *)(ctx->ub + d.addr);
    for (int c = 0; c < 320; c++)
        e[c] = (uint16_t)((c & 0xFF) << 8 | 0xAB);
    memset(o, 0xEE, 2 * 256 * 4);
    ctx->ub[x.addr] = 0x05;
    int64_t n = pvc_tile_histogram(ctx, &d, 2, 256, &s, 1, 300, &x, 2, 1, 1);
    int bad = 0;
    for (int b = 0; b < 256; b++) {
        bad += o[b] != (uint32_t)(b + 1 + (b + 1 < 44 ? b + 1 : 44));
        bad += o[256 + b] != 0xEEEEEEEEu;
    }
    UNIT_CHECK(n == 2 && bad == 0, "MSB: %lld chunks, %d bins differ", (long long)n, bad);
    pvc_tile_histogram(ctx, &d, 2, 256, &s, 1, 300, &x, 2, 1, 0);
    bad = 0;
    for (int b = 0; b < 256; b++)
        bad += o[b] != (b < 0xAB ? 0u : 2u);
    UNIT_CHECK(bad == 0, "LSB filtered by 0x05: %d bins differ", bad);
    UNIT_CHECK(run_fault(ctx, hist_wide_idx) == PVC_FAULT_BAD_ARG, "%s", "a [1, 32] idx with a UINT16 src");
}

static void mrg_misaligned(pvc_ctx *ctx, void *arg)
{
    (void)arg;
    pvc_tile a = {.addr = 0x4, .dtype = PVC_DT_FP32, .rows = 1, .cols = 8};
    pvc_tile d = {.addr = 0x100, .dtype = PVC_DT_FP32, .rows = 1, .cols = 16};
    pvc_tile_mrgsort_lists(ctx, 2, 0, &d, 1, 16, &d, 1, 16, &a, 1, 8, &a, 1, 8, NULL, 0, 0, NULL, 0, 0);
}

/* pl.sort32, FP32 [1, 32]: value k % 4 with index 31 - k, so the records run 3.0 (indices
 * 0, 4, ..., 28: the smaller index first among equal values), then 2.0 (1, 5, ...), down to
 * 0.0 with index 31 last (§15.24). pl.mrgsort2 of two lists of FP16 records at a 4-byte
 * address is MISALIGNED (vmrgsort4 reads 8-byte records, §15.25). */
static void test_sort(pvc_ctx *ctx)
{
    pvc_tile s = {.addr = 0x0, .dtype = PVC_DT_FP32, .rows = 1, .cols = 32};
    pvc_tile x = {.addr = 0x100, .dtype = PVC_DT_UINT32, .rows = 1, .cols = 32};
    pvc_tile d = {.addr = 0x200, .dtype = PVC_DT_FP32, .rows = 1, .cols = 64};
    float *v = (float *)(ctx->ub + s.addr), *o = (float *)(ctx->ub + d.addr);
    uint32_t *ix = (uint32_t *)(ctx->ub + x.addr), *oi = (uint32_t *)(ctx->ub + d.addr);
    for (int k = 0; k < 32; k++) {
        v[k] = (float)(k % 4);
        ix[k] = (uint32_t)(31 - k);
    }
    int64_t n = pvc_tile_sort32(ctx, &d, 1, 64, &s, 1, 32, &x, 1, 32, NULL, 0, 0);
    int bad = 0;
    for (int j = 0; j < 32; j++)
        bad += o[2 * j] != (float)(3 - j / 8) || oi[2 * j + 1] != (uint32_t)(4 * (j % 8) + j / 8);
    UNIT_CHECK(n == 1 && bad == 0, "sort32: %lld blocks, %d records differ", (long long)n, bad);
    UNIT_CHECK(run_fault(ctx, mrg_misaligned) == PVC_FAULT_MISALIGNED, "%s", "mrgsort2 lists at 0x4");
}

int main(void)
{
    pvc_ctx *ctx = pvc_ctx_new();
    if (!ctx)
        return 1;
    test_add_window(ctx);
    test_scalar_unary(ctx);
    test_column_and_expands(ctx);
    test_row_sum(ctx);
    test_col_sum(ctx);
    test_expand(ctx);
    test_cast(ctx);
    test_cmp_select_pad(ctx);
    test_faults(ctx);
    test_histogram(ctx);
    test_sort(ctx);
    pvc_ctx_free(ctx);
    return UNIT_DONE();
}
