/* test_gm.c - pl.load / pl.store between GM tensors and UB tiles (runtime/src/gm.c, §6).
 * Expected bytes come from the rule tile[i][j] = tensor[r0+i][c0+j] restated per case. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pvc_rt.h"
#include "unit.h"

static float fval(int r, int c) { return (float)(r * 100 + c) + 0.5f; }

static void test_full_window(pvc_ctx *ctx)
{
    float a[2][64], back[2][64];
    for (int r = 0; r < 2; r++)
        for (int c = 0; c < 64; c++)
            a[r][c] = fval(r, c);
    pvc_tensor t = {a, PVC_DT_FP32, 2, {2, 64}, {0}, 0, 0, PVC_TL_ND};
    pvc_tile tile = {.addr = 0x200, .dtype = PVC_DT_FP32, .rows = 2, .cols = 64};
    UNIT_CHECK(pvc_gm_load(ctx, &tile, &t, 0, 0, PVC_GM_WHOLE, PVC_GM_WHOLE) == 0, "full window clips nothing");
    UNIT_CHECK(memcmp(ctx->ub + 0x200, a, sizeof a) == 0, "UB row-major image of the tensor");
    memset(back, 0, sizeof back);
    pvc_tensor b = {back, PVC_DT_FP32, 2, {2, 64}, {0}, 0, 0, PVC_TL_ND};
    UNIT_CHECK(pvc_gm_store(ctx, &b, &tile, 0, 0, PVC_GM_WHOLE, PVC_GM_WHOLE) == 0, "store clips nothing");
    UNIT_CHECK(memcmp(back, a, sizeof a) == 0, "round trip");
}

/* Window [1, 2) x [60, 68) of a 2x64 tensor into a 2x8 tile: only row 0 cols 0..3 exist. */
static void test_clipped_window(pvc_ctx *ctx)
{
    float a[2][64];
    for (int r = 0; r < 2; r++)
        for (int c = 0; c < 64; c++)
            a[r][c] = fval(r, c);
    pvc_tensor t = {a, PVC_DT_FP32, 2, {2, 64}, {0}, 0, 0, PVC_TL_ND};
    pvc_tile tile = {.addr = 0x400, .dtype = PVC_DT_FP32, .rows = 2, .cols = 8};
    memset(ctx->ub + 0x400, 0xAB, 64);
    UNIT_CHECK(pvc_gm_load(ctx, &tile, &t, 1, 60, PVC_GM_WHOLE, PVC_GM_WHOLE) == 12, "16 - 4 elements clipped");
    float want[16];
    memset(want, 0xAB, sizeof want);
    for (int j = 0; j < 4; j++)
        want[j] = fval(1, 60 + j);
    UNIT_CHECK(memcmp(ctx->ub + 0x400, want, sizeof want) == 0, "clipped part keeps UB bytes");

    float out[2][64];
    memset(out, 0, sizeof out);
    pvc_tensor o = {out, PVC_DT_FP32, 2, {2, 64}, {0}, 0, 0, PVC_TL_ND};
    UNIT_CHECK(pvc_gm_store(ctx, &o, &tile, 1, 60, PVC_GM_WHOLE, PVC_GM_WHOLE) == 12, "store clips the same window");
    for (int j = 0; j < 4; j++)
        UNIT_CHECK(out[1][60 + j] == fval(1, 60 + j), "stored col %d", 60 + j);
    UNIT_CHECK(out[0][63] == 0.0f && out[1][59] == 0.0f, "nothing outside the window written");
}

/* Valid shape 2x3 of a 4x8 tile (§6 [I]): only tile[i][j], i < 2, j < 3, moves; the row
 * pitch stays 8 elements; a valid shape larger than the tile is BAD_ARG. */
static void run_load_big_valid(pvc_ctx *ctx, void *arg)
{
    pvc_tile bad = {.addr = 0x600, .dtype = PVC_DT_FP32, .rows = 2, .cols = 8};
    pvc_gm_load(ctx, &bad, arg, 0, 0, 3, 8);
}

static void test_valid_shape(pvc_ctx *ctx)
{
    float a[4][8], out[4][8];
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 8; c++)
            a[r][c] = fval(r, c);
    pvc_tensor t = {a, PVC_DT_FP32, 2, {4, 8}, {0}, 0, 0, PVC_TL_ND};
    pvc_tile tile = {.addr = 0x600, .dtype = PVC_DT_FP32, .rows = 4, .cols = 8};
    memset(ctx->ub + 0x600, 0xCD, 4 * 8 * 4);
    UNIT_CHECK(pvc_gm_load(ctx, &tile, &t, 0, 0, 2, 3) == 0, "valid region inside the tensor");
    float want[4][8];
    memset(want, 0xCD, sizeof want);
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++)
            want[i][j] = fval(i, j);
    UNIT_CHECK(memcmp(ctx->ub + 0x600, want, sizeof want) == 0, "only 2x3 loaded, pitch 8");
    memset(out, 0, sizeof out);
    pvc_tensor o = {out, PVC_DT_FP32, 2, {4, 8}, {0}, 0, 0, PVC_TL_ND};
    UNIT_CHECK(pvc_gm_store(ctx, &o, &tile, 1, 4, 2, 3) == 0, "store of the valid region at [1, 4]");
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 8; c++) {
            int in = r >= 1 && r < 3 && c >= 4 && c < 7;
            UNIT_CHECK(out[r][c] == (in ? fval(r - 1, c - 4) : 0.0f), "out[%d][%d]", r, c);
        }
    pvc_tile edge = {.addr = 0x600, .dtype = PVC_DT_FP32, .rows = 4, .cols = 8};
    UNIT_CHECK(pvc_gm_load(ctx, &edge, &t, 3, 6, 2, 3) == 6 - 2, "clip counts valid elements only");
    UNIT_CHECK(pvc_ctx_pcall(ctx, run_load_big_valid, &t) == PVC_FAULT_BAD_ARG, "valid > shape");
}

static void test_rank1_and_bytes(pvc_ctx *ctx)
{
    uint8_t v[40];
    for (int i = 0; i < 40; i++)
        v[i] = (uint8_t)(3 * i + 1);
    pvc_tensor t = {v, PVC_DT_HF8, 1, {40, 0}, {0}, 0, 0, PVC_TL_ND};
    pvc_tile tile = {.addr = 0x800, .dtype = PVC_DT_HF8, .rows = 1, .cols = 32};
    UNIT_CHECK(pvc_gm_load(ctx, &tile, &t, 0, 8, PVC_GM_WHOLE, PVC_GM_WHOLE) == 0, "rank-1 window inside");
    UNIT_CHECK(memcmp(ctx->ub + 0x800, v + 8, 32) == 0, "bytes 8..39");
}

static void test_fp4_packing(pvc_ctx *ctx)
{
    uint8_t v[2][8]; /* 2 x 16 FP4 values */
    for (int r = 0; r < 2; r++)
        for (int i = 0; i < 8; i++)
            v[r][i] = (uint8_t)(r * 16 + i);
    pvc_tensor t = {v, PVC_DT_FP4E2M1, 2, {2, 16}, {0}, 0, 0, PVC_TL_ND};
    pvc_tile tile = {.addr = 0x900, .dtype = PVC_DT_FP4E2M1, .rows = 2, .cols = 8};
    UNIT_CHECK(pvc_gm_load(ctx, &tile, &t, 0, 4, PVC_GM_WHOLE, PVC_GM_WHOLE) == 0, "fp4 window inside");
    uint8_t want[8] = {2, 3, 4, 5, 18, 19, 20, 21}; /* element 4 = byte 2 of each row */
    UNIT_CHECK(memcmp(ctx->ub + 0x900, want, 8) == 0, "fp4 rows packed, pitch 4 bytes");
}

typedef struct { pvc_tile tile; pvc_tensor t; int64_t c0; } fault_case;

static void run_load(pvc_ctx *ctx, void *arg)
{
    fault_case *f = arg;
    pvc_gm_load(ctx, &f->tile, &f->t, 0, f->c0, PVC_GM_WHOLE, PVC_GM_WHOLE);
}

/* Offsets at the ends of int64 (docs/ARCHITECTURE.md §7, B4: -r0 and cols - c0 overflowed, UBSan aborted):
 * a window that starts that far outside the tensor moves nothing, leaves the UB and the
 * tensor as they were, and clips every valid element (the count the clip note reports). A
 * window at INT64_MIN + 1 rows, column 0 is as far outside. On a rank-3 tensor the leading
 * (fixed) offset at INT64_MIN selects no plane. */
static void test_extreme_offsets(pvc_ctx *ctx)
{
    float a[2][64], keep[2][64];
    for (int r = 0; r < 2; r++)
        for (int c = 0; c < 64; c++)
            a[r][c] = keep[r][c] = fval(r, c);
    pvc_tensor t = {a, PVC_DT_FP32, 2, {2, 64}, {0}, 0, 0, PVC_TL_ND};
    pvc_tile tile = {.addr = 0x800, .dtype = PVC_DT_FP32, .rows = 2, .cols = 8};
    static const int64_t offs[][2] = {{INT64_MIN, 0}, {0, INT64_MIN}, {INT64_MIN, INT64_MIN},
                                      {INT64_MAX, 0}, {0, INT64_MAX}, {INT64_MIN + 1, 0}, {-1, INT64_MIN}};
    for (size_t k = 0; k < sizeof offs / sizeof offs[0]; k++) {
        memset(ctx->ub + 0x800, 0x5A, 64);
        UNIT_CHECK(pvc_gm_load(ctx, &tile, &t, offs[k][0], offs[k][1], PVC_GM_WHOLE, PVC_GM_WHOLE) == 16,
                   "a window at an int64 end clips all 16 elements (load)");
        UNIT_CHECK(ctx->ub[0x800] == 0x5A && ctx->ub[0x800 + 63] == 0x5A, "nothing loaded");
        UNIT_CHECK(pvc_gm_store(ctx, &t, &tile, offs[k][0], offs[k][1], PVC_GM_WHOLE, PVC_GM_WHOLE) == 16,
                   "a window at an int64 end clips all 16 elements (store)");
        UNIT_CHECK(memcmp(a, keep, sizeof a) == 0, "nothing stored");
    }
    pvc_tensor t3 = {a, PVC_DT_FP32, 3, {1, 2, 64}, {0}, 0, 0, PVC_TL_ND};
    UNIT_CHECK(pvc_gm_load_nd(ctx, &tile, &t3, INT64_MIN, 0, 0, 0, 0, 0, 0, 0, 1, 2, PVC_GM_WHOLE, PVC_GM_WHOLE) == 16,
               "a fixed axis at INT64_MIN selects no plane");
}

static void test_faults(pvc_ctx *ctx)
{
    float a[64] = {0};
    static const pvc_loc here = {"k.py", 12, 9};
    ctx->at = &here;
    fault_case f = {{.addr = PVC_UB_BYTES - 128, .dtype = PVC_DT_FP32, .rows = 1, .cols = 64}, {a, PVC_DT_FP32, 2, {1, 64}, {0}, 0, 0, PVC_TL_ND}, 0};
    UNIT_CHECK(pvc_ctx_pcall(ctx, run_load, &f) == PVC_FAULT_UB_BOUNDS, "tile past UB end");
    UNIT_CHECK(ctx->fault.loc.line == 12 && strcmp(ctx->fault.op, "pl.load") == 0, "fault names op and line");
    fault_case g = {{.addr = 0, .dtype = PVC_DT_FP16, .rows = 1, .cols = 64}, {a, PVC_DT_FP32, 2, {1, 64}, {0}, 0, 0, PVC_TL_ND}, 0};
    UNIT_CHECK(pvc_ctx_pcall(ctx, run_load, &g) == PVC_FAULT_BAD_ARG, "width mismatch");
    uint8_t q[8] = {0};
    fault_case h = {{.addr = 0, .dtype = PVC_DT_FP4E2M1, .rows = 1, .cols = 8}, {q, PVC_DT_FP4E2M1, 2, {1, 16}, {0}, 0, 0, PVC_TL_ND}, 3};
    UNIT_CHECK(pvc_ctx_pcall(ctx, run_load, &h) == PVC_FAULT_BAD_ARG, "odd fp4 offset");
    ctx->at = NULL;
}

int main(void)
{
    pvc_ctx *ctx = pvc_ctx_new();
    if (!ctx)
        return 1;
    test_full_window(ctx);
    test_clipped_window(ctx);
    test_valid_shape(ctx);
    test_rank1_and_bytes(ctx);
    test_fp4_packing(ctx);
    test_extreme_offsets(ctx);
    test_faults(ctx);
    pvc_ctx_free(ctx);
    return UNIT_DONE();
}
