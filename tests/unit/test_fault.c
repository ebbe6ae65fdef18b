/* test_fault.c - kernel faults (decisions 3, 4): out of bounds at both ends, misaligned
 * addresses for several dists, unflushed store_unalign state, bad operands, tiles in the
 * spill reserve; the fault record (kind, op, address, len, loc copied from ctx->at); the
 * protected call; and that no byte outside the model is written. */
#include <stdlib.h>

#include "pvc_rt.h"
#include "unit.h"

#define GUARD 0xA5

typedef struct {
    uint8_t pre[256];
    pvc_ctx ctx;
    uint8_t post[256];
} guarded;

/* One faulting op per case, run under pvc_ctx_pcall. */
typedef struct {
    int which;
    pvc_vreg r;
    int64_t cursor;
    int reached_end;                 /* set if the op returned instead of unwinding */
} job;

static void run(pvc_ctx *ctx, void *arg)
{
    job *j = arg;
    pvc_mreg all, m;
    pvc_ureg_st s;
    pvc_tile f32 = {.addr = 0, .dtype = PVC_DT_FP32, .rows = 1, .cols = 64}, big = {.addr = PVC_UB_USABLE - 128, .dtype = PVC_DT_UINT8, .rows = 1, .cols = 256};
    memset(&all, 0xFF, sizeof all);
    switch (j->which) {
    case 0: pvc_load_align(ctx, &j->r, PVC_UB_BYTES - 128, PVC_LD_NORM); break;
    case 1: pvc_load_align(ctx, &j->r, pvc_tile_off_addr(&f32, -64), PVC_LD_NORM); break;
    case 2: pvc_store_align(ctx, PVC_UB_BYTES - 128, &j->r, &all, PVC_ST_NORM_B32); break;
    case 3: pvc_load_align(ctx, &j->r, 16, PVC_LD_NORM); break;
    case 4: pvc_load_align(ctx, &j->r, 8, PVC_LD_US_B8); break;
    case 5: pvc_load_align(ctx, &j->r, 8, PVC_LD_E2B_B16); break;
    case 6: pvc_load_align(ctx, &j->r, 2, PVC_LD_BRC_B32); break;
    case 7: pvc_store_align(ctx, 0x110, &j->r, &all, PVC_ST_PK_B32); break;
    case 8: pvc_mask_load(ctx, &m, 8, PVC_MD_LD_US); break;
    case 9: pvc_load_align_post(ctx, &j->r, &j->cursor, 16, PVC_LD_NORM); break;
    case 10: pvc_unalign_reg_for_store(&s);
             pvc_mask_store_unalign(ctx, &j->cursor, &all, &s, 4); break;
    case 11: pvc_load_align_datablock(ctx, &j->r, 16, 1, &all); break;
    case 12: memset(&m, 0, sizeof m); m.bits[28] = 1;        /* only block 7 enabled */
             pvc_asc_loadalign_datablock_strided(ctx, &j->r, PVC_UB_BYTES - 480, 2, 1, &m); break;
    case 13: pvc_unalign_reg_for_store(&s);
             pvc_store_unalign(ctx, &j->cursor, &j->r, &s, 2, 4, 1);
             pvc_ureg_st_check(ctx, &s, j->cursor); break;
    case 14: pvc_load_align(ctx, &j->r, 0, PVC_LD_US); break;          /* generic, unresolved */
    case 15: pvc_unalign_reg_for_store(&s);
             pvc_store_unalign(ctx, &j->cursor, &j->r, &s, 65, 4, 1); break;
    case 16: pvc_compare(ctx, &m, PVC_CMP_EQ, PVC_DT_INT64, &j->r, &j->r, &all); break;
    case 17: pvc_tile_check(ctx, &big); break;
    case 18: { pvc_ureg_ld u; pvc_load_unalign_init(&u);
               pvc_load_unalign(ctx, &j->r, &u, PVC_UB_BYTES - 256); } break;
    case 19: pvc_store_align_x2(ctx, PVC_UB_BYTES - 256, &j->r, &j->r, PVC_ST_INTLV_B16); break;
    /* B11: 64-bit addresses, saturating; 32-bit arithmetic would land on 0 / 0x200 again */
    case 20: pvc_load_align(ctx, &j->r, pvc_tile_off_addr(&f32, INT64_C(1) << 30), PVC_LD_NORM); break;
    case 21: pvc_load_align(ctx, &j->r, pvc_areg4(PVC_DT_FP32, 1, INT64_C(1) << 30, 0, 0, 0, 1, 0, 0, 0),
                            PVC_LD_NORM); break;
    case 22: pvc_load_align(ctx, &j->r, pvc_tile_off_addr(&f32, INT64_MIN), PVC_LD_NORM); break;
    case 23: pvc_load_align(ctx, &j->r, pvc_tile_rc_addr(&f32, INT64_C(1) << 62, 0), PVC_LD_NORM); break;
    }
    j->reached_end = 1;
}

static const struct {
    int which;
    pvc_fault_kind kind;
    const char *op;
    int64_t addr;
    uint32_t len;
    const char *what;
} cases[] = {
    {0,  PVC_FAULT_UB_BOUNDS,  "load_align",  PVC_UB_BYTES - 128, 256, "NORM load past the UB end"},
    {1,  PVC_FAULT_UB_BOUNDS,  "load_align",  -256,               256, "NORM load below UB 0"},
    {2,  PVC_FAULT_UB_BOUNDS,  "store_align", PVC_UB_BYTES - 128, 256, "NORM store past the UB end"},
    {3,  PVC_FAULT_MISALIGNED, "load_align",  16,    256, "NORM at 16"},
    {4,  PVC_FAULT_MISALIGNED, "load_align",  8,     128, "US_B8 at 8"},
    {5,  PVC_FAULT_MISALIGNED, "load_align",  8,     16,  "E2B_B16 at 8"},
    {6,  PVC_FAULT_MISALIGNED, "load_align",  2,     4,   "BRC_B32 at 2"},
    {7,  PVC_FAULT_MISALIGNED, "store_align", 0x110, 128, "PK_B32 at 0x110"},
    {8,  PVC_FAULT_MISALIGNED, "load_align",  8,     16,  "mask US at 8"},
    {9,  PVC_FAULT_MISALIGNED, "load_align",  0x200, 256, "NORM post step 16"},
    {10, PVC_FAULT_MISALIGNED, "store_unalign", 0x204, 8, "b32 mask pstu at 4 mod 8"},
    {11, PVC_FAULT_MISALIGNED, "load_align",  16,    32,  "DATA_BLOCK start 16"},
    {12, PVC_FAULT_UB_BOUNDS,  "asc_loadalign_datablock_strided", PVC_UB_BYTES, 32,
         "enabled block 7 at the UB end"},
    {13, PVC_FAULT_UNFLUSHED,  "store_unalign", 0x200, 8, "parked bytes never flushed"},
    {14, PVC_FAULT_BAD_ARG,    "load_align",  0,     0,   "generic dist US not resolved"},
    {15, PVC_FAULT_BAD_ARG,    "store_unalign", 0x200, 260, "count 65 x 4 > 256"},
    {16, PVC_FAULT_BAD_ARG,    "compare",     0,     0,   "compare on INT64"},
    {17, PVC_FAULT_UB_RESERVED, "tile",       PVC_UB_USABLE - 128, 256, "tile in the reserve"},
    {18, PVC_FAULT_UB_BOUNDS,  "load_unalign", PVC_UB_BYTES - 224, 256, "load_unalign reads 32 B ahead"},
    {19, PVC_FAULT_UB_BOUNDS,  "store_align", PVC_UB_BYTES - 256, 512, "INTLV 512 B past the end"},
    {20, PVC_FAULT_UB_BOUNDS,  "load_align",  INT64_C(0x100000000), 256, "offset 2^30 FP32 = 2^32 bytes"},
    {21, PVC_FAULT_UB_BOUNDS,  "load_align",  INT64_C(0x100000000), 256, "AddrReg stride 2^30 FP32"},
    {22, PVC_FAULT_UB_BOUNDS,  "load_align",  INT64_MIN,          256, "offset -2^63 saturates"},
    {23, PVC_FAULT_UB_BOUNDS,  "load_align",  INT64_MAX,          256, "[2^62, 0] saturates"},
};

static int guards_intact(const guarded *g)
{
    for (unsigned k = 0; k < 256; k++)
        if (g->pre[k] != GUARD || g->post[k] != GUARD) return 0;
    return 1;
}

static void test_cases(guarded *g)
{
    pvc_ctx *ctx = &g->ctx;
    pvc_loc loc = {"kernel.py", 12, 5};
    uint8_t tail[256];
    for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        job j;
        pvc_vreg before;
        int kind;
        memset(&j, 0, sizeof j);
        j.which = cases[c].which;
        j.cursor = cases[c].which == 10 ? 0x204 : 0x200;
        memset(&j.r, 0x3C, sizeof j.r);
        before = j.r;
        memcpy(tail, ctx->ub + PVC_UB_BYTES - 256, 256);
        ctx->at = &loc;
        kind = pvc_ctx_pcall(ctx, run, &j);
        loc.line++;                                /* the record must hold a copy */
        UNIT_CHECK(kind == (int)cases[c].kind && !j.reached_end, "%s: kind %d", cases[c].what, kind);
        UNIT_CHECK(ctx->fault.kind == cases[c].kind && strcmp(ctx->fault.op, cases[c].op) == 0,
                   "%s: op %s", cases[c].what, ctx->fault.op ? ctx->fault.op : "(null)");
        UNIT_CHECK(ctx->fault.addr == cases[c].addr && ctx->fault.len == cases[c].len,
                   "%s: addr %lld len %u", cases[c].what, (long long)ctx->fault.addr, ctx->fault.len);
        UNIT_CHECK(ctx->fault.loc.line == 12 + (int)c && ctx->fault.loc.col == 5 &&
                   strcmp(ctx->fault.loc.file, "kernel.py") == 0, "%s: loc line %d",
                   cases[c].what, ctx->fault.loc.line);
        UNIT_CHECK(ctx->fault.detail[0] != 0, "%s: detail text", cases[c].what);
        UNIT_CHECK_BYTES(j.r.b, before.b, 256, "destination register untouched");
        UNIT_CHECK_BYTES(ctx->ub + PVC_UB_BYTES - 256, tail, 256, "UB tail untouched");
        UNIT_CHECK(j.cursor == (cases[c].which == 10 ? 0x204u : 0x200u) || cases[c].which == 13, "%s: cursor not advanced", cases[c].what);
        UNIT_CHECK(ctx->unwind == NULL, "%s", "pcall restored the unwind pointer");
    }
    ctx->at = NULL;
    UNIT_CHECK(guards_intact(g), "%s", "no byte outside the model written");
}

/* Outside a pcall a fault is recorded and the op does nothing. */
static void test_unprotected(guarded *g)
{
    pvc_ctx *ctx = &g->ctx;
    pvc_vreg r, before;
    pvc_mreg all;
    int64_t cur = 0x100;
    memset(&r, 0x42, sizeof r);
    before = r;
    memset(&all, 0xFF, sizeof all);
    pvc_load_align(ctx, &r, PVC_UB_BYTES - 32, PVC_LD_NORM);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_UB_BOUNDS && ctx->fault.loc.file == NULL,
               "%s", "recorded without a pcall, no loc");
    UNIT_CHECK_BYTES(r.b, before.b, 256, "register untouched");
    pvc_store_align_post(ctx, &cur, 8, &r, &all, PVC_ST_NORM_B8);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_MISALIGNED && cur == 0x100, "%s", "post cursor kept");
    UNIT_CHECK(ctx->ub[0x100] == 0, "%s", "nothing stored");
    UNIT_CHECK(guards_intact(g), "%s", "guards intact");
}

static void inner(pvc_ctx *ctx, void *arg)
{
    pvc_vreg r;
    (void)arg;
    pvc_load_align(ctx, &r, 1, PVC_LD_NORM);
}

static void outer(pvc_ctx *ctx, void *arg)
{
    int *seen = arg;
    *seen = pvc_ctx_pcall(ctx, inner, NULL);
    seen[1] = 1;                                   /* reached after the inner fault */
}

/* B11: a post-update step of 2^32 bytes moves the cursor by 2^32 (32-bit arithmetic left it
 * in place): the first load at 0x200 goes ahead, the second faults at 0x100000200 and leaves
 * the cursor there. */
static void post_twice(pvc_ctx *ctx, void *arg)
{
    job *j = arg;
    pvc_load_align_post(ctx, &j->r, &j->cursor, INT64_C(1) << 32, PVC_LD_NORM);
    j->reached_end = 1; /* marks the first load done */
    pvc_load_align_post(ctx, &j->r, &j->cursor, INT64_C(1) << 32, PVC_LD_NORM);
    j->reached_end = 2;
}

static void test_post_wide(guarded *g)
{
    job j;
    memset(&j, 0, sizeof j);
    j.cursor = 0x200;
    int kind = pvc_ctx_pcall(&g->ctx, post_twice, &j);
    UNIT_CHECK(kind == PVC_FAULT_UB_BOUNDS && j.reached_end == 1, "post 2^32: kind %d, reached %d", kind,
               j.reached_end);
    UNIT_CHECK(g->ctx.fault.addr == INT64_C(0x100000200) && j.cursor == INT64_C(0x100000200),
               "post 2^32: fault at %lld, cursor %lld", (long long)g->ctx.fault.addr, (long long)j.cursor);
}

static void test_nested(guarded *g)
{
    int seen[2] = {0, 0};
    int kind = pvc_ctx_pcall(&g->ctx, outer, seen);
    UNIT_CHECK(kind == PVC_FAULT_NONE && seen[0] == PVC_FAULT_MISALIGNED && seen[1] == 1,
               "%s", "inner pcall catches, outer continues");
    UNIT_CHECK(g->ctx.unwind == NULL, "%s", "unwind restored");
}

int main(void)
{
    guarded *g = aligned_alloc(64, sizeof(guarded));
    if (!g) return 1;
    memset(g->pre, GUARD, sizeof g->pre);
    memset(g->post, GUARD, sizeof g->post);
    pvc_ctx_init(&g->ctx);
    test_cases(g);
    test_unprotected(g);
    test_nested(g);
    test_post_wide(g);
    UNIT_CHECK(strcmp(pvc_fault_text[PVC_FAULT_UNFLUSHED],
                      "store_unalign state not flushed by store_unalign_post") == 0, "%s", "fault text table");
    free(g);
    return UNIT_DONE();
}
