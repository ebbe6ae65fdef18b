/* test_blocks.c - the blocks of a launch (backend/blocks.c), the simulator's map of GM shared
 * between blocks (sim/race.c) and the runtime's gm_touch reports (gm.c) that feed it.
 * Every expected value is derived by hand from the rules in backend/backend.h and sim.h. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/backend.h"
#include "sim/sim.h"
#include "unit.h"

/* ---- a backend that records what each block saw ------------------------------------------ */
enum { MAXB = 64 };

typedef struct {
    atomic_int runs[MAXB];     /* times block b ran */
    int64_t seen_num[MAXB];    /* ctx->block_num in block b */
    int ub_dirty[MAXB];        /* block b found a non-zero UB byte at start */
    int fault_from;            /* blocks >= this fault (kind BAD_ARG), -1 none */
    atomic_int concurrent, peak; /* blocks running at once */
} rec;

static int rec_run(void *x, pvc_ctx *ctx, const pvc_launch_args *l)
{
    (void)l;
    rec *r = x;
    int b = (int)ctx->block_idx;
    int now = atomic_fetch_add(&r->concurrent, 1) + 1, peak = atomic_load(&r->peak);
    while (now > peak && !atomic_compare_exchange_weak(&r->peak, &peak, now))
        ;
    atomic_fetch_add(&r->runs[b], 1);
    r->seen_num[b] = ctx->block_num;
    for (size_t i = 0; i < PVC_UB_BYTES; i++)
        r->ub_dirty[b] |= ctx->ub[i] != 0;
    memset(ctx->ub, 0xA5, 4096); /* the next block on this context must not see this */
    for (volatile int spin = 0; spin < 20000; spin++)
        ;
    atomic_fetch_sub(&r->concurrent, 1);
    if (r->fault_from >= 0 && b >= r->fault_from) {
        memset(&ctx->fault, 0, sizeof ctx->fault);
        ctx->fault.kind = PVC_FAULT_BAD_ARG;
        ctx->fault.addr = (uint32_t)b; /* tells the test which block's fault came back */
        return PVC_FAULT_BAD_ARG;
    }
    return 0;
}

static const pvc_backend seq = {"seq", 0, 0, NULL, rec_run, NULL};
static const pvc_backend par = {"par", 1, 0, NULL, rec_run, NULL};

static void check_all_once(const rec *r, int n, const char *what)
{
    int once = 1, num = 1, clean = 1;
    for (int b = 0; b < n; b++) {
        once &= atomic_load(&r->runs[b]) == 1;
        num &= r->seen_num[b] == n;
        clean &= !r->ub_dirty[b];
    }
    UNIT_CHECK(once, "%s: every block runs exactly once", what);
    UNIT_CHECK(num, "%s: every block sees block_num %d", what, n);
    UNIT_CHECK(clean, "%s: every block starts on a zeroed UB", what);
}

static void test_blocks(void)
{
    char err[128];
    pvc_fault f;
    int blk = -1;
    for (int n = 1; n <= 8; n += 7) {
        rec *r = calloc(1, sizeof *r);
        r->fault_from = -1;
        pvc_launch_args l = {NULL, NULL, n, PVC_BLOCK_VEC, 0, NULL};
        UNIT_CHECK(pvc_blocks_run(&seq, r, &l, 4, &f, &blk, err, sizeof err) == 0, "seq %d: no fault", n);
        check_all_once(r, n, n == 1 ? "seq 1" : "seq 8");
        UNIT_CHECK(atomic_load(&r->peak) == 1, "a non-concurrent backend runs one block at a time");
        free(r);
    }
    rec *r = calloc(1, sizeof *r);
    r->fault_from = -1;
    pvc_launch_args l = {NULL, NULL, 40, PVC_BLOCK_VEC, 0, NULL};
    UNIT_CHECK(pvc_blocks_run(&par, r, &l, 4, &f, &blk, err, sizeof err) == 0, "par 40: no fault");
    check_all_once(r, 40, "par 40 on 4 threads");
    UNIT_CHECK(atomic_load(&r->peak) <= 4, "at most 4 blocks at once on 4 threads (peak %d)",
               atomic_load(&r->peak));
    free(r);

    /* faults: blocks 5.. fault; the reported one is block 5 whatever the schedule, and in
     * order (one thread) no block after 5 starts */
    for (int threads = 1; threads <= 3; threads += 2) {
        r = calloc(1, sizeof *r);
        r->fault_from = 5;
        l.blocks = 12;
        int rc = pvc_blocks_run(&par, r, &l, threads, &f, &blk, err, sizeof err);
        UNIT_CHECK(rc == PVC_FAULT_BAD_ARG && blk == 5 && f.addr == 5,
                   "%d threads: the lowest faulting block (5) is reported, got rc %d block %d",
                   threads, rc, blk);
        int before = 1;
        for (int b = 0; b < 5; b++)
            before &= atomic_load(&r->runs[b]) == 1;
        UNIT_CHECK(before, "%d threads: every block below the fault ran", threads);
        if (threads == 1) {
            int after = 0;
            for (int b = 6; b < 12; b++)
                after += atomic_load(&r->runs[b]);
            UNIT_CHECK(after == 0, "in order, no block after the fault starts (%d did)", after);
        }
        free(r);
    }
}

/* ---- the race map ---------------------------------------------------------------------- */
/* Core 0 of a block of one core (a vector-only launch: no flags, every clock 0). */
static int acc(pvc_race *r, int block, const pvc_loc *loc, const void *gm, uint64_t len, int write, pvc_race_hit *h)
{
    pvc_race_who who = {block, 0, {0}};
    return pvc_race_access(r, &who, loc, gm, len, write ? PVC_GM_WRITE : PVC_GM_READ, NULL, h);
}

static void test_race(void)
{
    static const pvc_loc l1 = {"k.py", 10, 5}, l2 = {"k.py", 20, 9}, l3 = {"k.py", 30, 1};
    float a[64], out[64];
    pvc_tensor args[3] = {{a, PVC_DT_FP32, 2, {1, 64}, {0}, 0, 0, PVC_TL_ND}, {out, PVC_DT_FP32, 1, {64}, {0}, 0, 0, PVC_TL_ND}, {0}};
    const char *names[3] = {"a", "out", "n"};
    pvc_race_hit h;
    pvc_race *r = pvc_race_new(args, names, 3);
    UNIT_CHECK(r != NULL, "race map made");
    /* shared reads are no race */
    UNIT_CHECK(!acc(r, 0, &l1, a, 256, 0, &h), "block 0 reads a");
    UNIT_CHECK(!acc(r, 1, &l1, a, 256, 0, &h), "block 1 reads a too");
    UNIT_CHECK(!acc(r, 2, &l1, a + 8, 16, 0, &h), "block 2 reads part of a");
    /* a block's own writes after its reads are program order */
    UNIT_CHECK(!acc(r, 0, &l2, out, 128, 1, &h), "block 0 writes out[0..32)");
    UNIT_CHECK(!acc(r, 0, &l3, out, 128, 0, &h), "block 0 reads back what it wrote");
    UNIT_CHECK(!acc(r, 1, &l2, out + 32, 128, 1, &h), "block 1 writes out[32..64)");
    /* write after another block's write: byte 124 of out (float 31) */
    UNIT_CHECK(acc(r, 1, &l2, (uint8_t *)out + 124, 8, 1, &h) && h.block == 0 &&
                   h.did == PVC_GM_WRITE && h.loc == &l2 && !strcmp(h.param, "out") && h.offset == 124,
               "block 1 writing out bytes 124.. conflicts with block 0's write at line 20");
    /* read of another block's write */
    UNIT_CHECK(acc(r, 2, &l1, out + 40, 4, 0, &h) && h.block == 1 && h.did == PVC_GM_WRITE &&
                   h.offset == 160,
               "block 2 reading out[40] conflicts with block 1's write");
    /* write of bytes other blocks read: with readers 0 and 1 on record, block 0 finds 1 and
     * block 1 finds 0 (a third reader, block 2, is not needed to catch either) */
    UNIT_CHECK(acc(r, 0, &l3, a, 4, 1, &h) && h.block == 1 && h.did == PVC_GM_READ &&
                   h.loc == &l1 && !strcmp(h.param, "a") && h.offset == 0,
               "block 0 writing a[0] conflicts with block 1's read");
    UNIT_CHECK(acc(r, 1, &l3, (uint8_t *)a + 4, 4, 1, &h) && h.block == 0,
               "block 1 writing a[1] conflicts with block 0's read");
    UNIT_CHECK(acc(r, 2, &l3, (uint8_t *)a + 40, 4, 1, &h) && h.block != 2 && h.did == PVC_GM_READ,
               "block 2 writing a[10] conflicts with another block's read");
    /* memory that is no tensor of the launch is not tracked */
    float other[4];
    UNIT_CHECK(!acc(r, 3, &l1, other, 16, 1, &h), "untracked memory");
    pvc_race_free(r);

    /* a tensor passed twice (views of one buffer) is one region */
    float buf[128];
    pvc_tensor views[2] = {{buf, PVC_DT_FP32, 1, {128}, {0}, 0, 0, PVC_TL_ND}, {buf + 64, PVC_DT_FP32, 1, {64}, {0}, 0, 0, PVC_TL_ND}};
    const char *vn[2] = {"x", "y"};
    r = pvc_race_new(views, vn, 2);
    UNIT_CHECK(!acc(r, 0, &l1, buf + 64, 4, 1, &h), "block 0 writes y[0]");
    UNIT_CHECK(acc(r, 1, &l2, buf + 64, 4, 0, &h) && h.block == 0 && h.offset == 256,
               "block 1 reading x[64], the same byte through the other view, conflicts");
    pvc_race_free(r);
}

/* The cores of one mixed block (§17.7): ordered by the clocks the flags give them. The
 * clocks here are what cube_sync.c hands out: each core's own epoch starts at 1; the cube's
 * set carries {1,0,0} to both vector cores' waits and starts the cube's epoch 2. */
static void test_race_cores(void)
{
    static const pvc_loc ls = {"k.py", 5, 9}, lv = {"k.py", 8, 9}, lw = {"k.py", 9, 9}, la = {"k.py", 12, 9};
    float out[16];
    pvc_tensor args[1] = {{out, PVC_DT_FP32, 1, {16}, {0}, 0, 0, PVC_TL_ND}};
    const char *names[1] = {"out"};
    pvc_race_hit h;
    pvc_race *r = pvc_race_new(args, names, 1);
    pvc_race_who cube = {0, 0, {1, 0, 0}}, v0 = {0, 1, {0, 1, 0}}, v1 = {0, 2, {0, 0, 1}};
    UNIT_CHECK(!pvc_race_access(r, &cube, &ls, out, 64, PVC_GM_WRITE, NULL, &h), "the cube core stores out");
    /* before its wait, vector core 0 follows nothing of the cube */
    UNIT_CHECK(pvc_race_access(r, &v0, &lv, out, 4, PVC_GM_READ, NULL, &h) && h.core == 0 && h.did == PVC_GM_WRITE &&
                   h.loc == &ls,
               "vector core 0 reading out before the flag races with the cube's store");
    /* after the wait: the cube's epoch 1 is within both vector cores' clocks */
    v0.clk[0] = v1.clk[0] = 1;
    UNIT_CHECK(!pvc_race_access(r, &v0, &lv, out, 64, PVC_GM_READ, NULL, &h), "vector core 0 reads out after the wait");
    UNIT_CHECK(!pvc_race_access(r, &v1, &lv, out, 64, PVC_GM_READ, NULL, &h), "vector core 1 reads out after the wait");
    /* both vector cores read-modify-write out: the second write meets the other's read */
    UNIT_CHECK(pvc_race_access(r, &v0, &lw, out, 64, PVC_GM_WRITE, NULL, &h) && h.core == 2 && h.did == PVC_GM_READ,
               "vector core 0 writing out races with vector core 1's read (no flag between them)");
    /* a cube write after its set (epoch 2) is not ordered before the vector cores' reads */
    cube.clk[0] = 2;
    UNIT_CHECK(pvc_race_access(r, &cube, &ls, out + 8, 4, PVC_GM_WRITE, NULL, &h) && h.core != 0 && h.did == PVC_GM_READ,
               "a cube store after the set races with the vector cores' reads");
    pvc_race_free(r);

    /* two blocks storing the same bytes (each computed the whole result): the byte ends the
     * same in either order; a different value, or a read of it, is a race */
    r = pvc_race_new(args, names, 1);
    pvc_race_who c0 = {0, 0, {0}}, c1 = {1, 0, {0}}, c2 = {2, 0, {0}};
    float ones[16], twos[16];
    for (int i = 0; i < 16; i++)
        ones[i] = 1.0f, twos[i] = 2.0f;
    memcpy(out, ones, sizeof out); /* what block 0's store leaves */
    UNIT_CHECK(!pvc_race_access(r, &c0, &ls, out, 64, PVC_GM_WRITE, ones, &h), "block 0 stores ones");
    UNIT_CHECK(!pvc_race_access(r, &c1, &ls, out, 64, PVC_GM_WRITE, ones, &h), "block 1 stores the same ones: no race");
    /* 1.0f is 00 00 80 3f, 2.0f 00 00 00 40: out[4]'s first two bytes stay, byte 18 is the first
     * that changes */
    UNIT_CHECK(pvc_race_access(r, &c2, &ls, out + 4, 8, PVC_GM_WRITE, twos, &h) && h.block == 1 &&
                   h.did == PVC_GM_WRITE && h.offset == 18,
               "block 2 storing twos over them races with block 1's store");
    UNIT_CHECK(pvc_race_access(r, &c2, &lv, out, 4, PVC_GM_READ, NULL, &h) && h.block == 1, "block 2 reading them races");
    pvc_race_free(r);

    /* atomic writes of two blocks do not race each other, a plain read of them does */
    r = pvc_race_new(args, names, 1);
    pvc_race_who b0 = {0, 0, {1, 0, 0}}, b1 = {1, 0, {1, 0, 0}};
    UNIT_CHECK(!pvc_race_access(r, &b0, &la, out, 64, PVC_GM_ATOMIC, NULL, &h), "block 0 adds to out");
    UNIT_CHECK(!pvc_race_access(r, &b1, &la, out, 64, PVC_GM_ATOMIC, NULL, &h), "block 1 adds to out too: no race");
    UNIT_CHECK(pvc_race_access(r, &b1, &lv, out, 4, PVC_GM_READ, NULL, &h) && h.block == 0 && h.did == PVC_GM_ATOMIC,
               "block 1 reading out meets block 0's atomic add");
    UNIT_CHECK(pvc_race_access(r, &b0, &lw, out + 4, 4, PVC_GM_WRITE, NULL, &h) && h.block == 1 && h.did == PVC_GM_ATOMIC,
               "block 0 storing out meets block 1's atomic add");
    pvc_race_free(r);
}

/* The map keeps a shadow of the bytes the cores touch, not of the tensors (race.c): a
 * 1 GiB tensor of which a few spans are touched. Its pages are 4 KiB of the host address
 * range; a span crossing pages, a page split into more pieces than its runs hold, and the
 * same-value write over a page's runs answer as byte by byte. */
static void test_race_pages(void)
{
    static const pvc_loc lw = {"k.py", 40, 5}, lr = {"k.py", 41, 5}, lz = {"k.py", 42, 5};
    uint8_t *buf = aligned_alloc(4096, 4 * 4096), zeros[64] = {0}, mixed[4] = {0, 0, 7, 7};
    memset(buf, 0, 4 * 4096);
    pvc_tensor args[1] = {{buf, PVC_DT_INT8, 1, {(int64_t)1 << 30}, {0}, 0, 0, PVC_TL_ND}};
    const char *names[1] = {"big"};
    pvc_race_hit h;
    pvc_race *r = pvc_race_new(args, names, 1);
    UNIT_CHECK(r != NULL, "race map of a 1 GiB tensor made");
    /* bytes 4000..4200 cross from the first page into the second */
    UNIT_CHECK(!acc(r, 0, &lw, buf + 4000, 200, 1, &h), "block 0 writes bytes 4000..4200");
    UNIT_CHECK(acc(r, 1, &lr, buf + 4100, 4, 0, &h) && h.block == 0 && h.offset == 4100 && h.loc == &lw,
               "block 1 reading byte 4100 (second page) conflicts with block 0's write");
    UNIT_CHECK(!acc(r, 1, &lr, buf + 3000, 1000, 0, &h), "block 1 reads bytes 3000..4000: none written");
    UNIT_CHECK(acc(r, 1, &lr, buf + 3990, 11, 0, &h) && h.offset == 4000, "block 1 reading 3990..4001 meets byte 4000");
    /* 200 one-byte writes at every other byte of the third page: more pieces than runs */
    for (int k = 0; k < 200; k++)
        UNIT_CHECK(!acc(r, 0, &lw, buf + 8192 + 2 * k, 1, 1, &h), "block 0 writes byte %d", 8192 + 2 * k);
    UNIT_CHECK(!acc(r, 1, &lr, buf + 8192 + 301, 1, 0, &h), "block 1 reads byte 8493: not written");
    UNIT_CHECK(acc(r, 1, &lr, buf + 8192 + 299, 4, 0, &h) && h.block == 0 && h.offset == 8192 + 300,
               "block 1 reading 8491..8495 meets block 0's write of byte 8492");
    /* the same values over another block's writes are no race; a different one is */
    UNIT_CHECK(!pvc_race_access(r, &(pvc_race_who){0, 0, {0}}, &lz, buf + 12288, 64, PVC_GM_WRITE, zeros, &h),
               "block 0 stores zeros to bytes 12288..12352");
    UNIT_CHECK(!pvc_race_access(r, &(pvc_race_who){1, 0, {0}}, &lz, buf + 12288, 64, PVC_GM_WRITE, zeros, &h),
               "block 1 stores the same zeros: no race");
    UNIT_CHECK(pvc_race_access(r, &(pvc_race_who){2, 0, {0}}, &lz, buf + 12288 + 30, 4, PVC_GM_WRITE, mixed, &h) &&
                   h.block == 1 && h.did == PVC_GM_WRITE && h.offset == 12288 + 32,
               "block 2 storing 0 0 7 7 at 12318 races with block 1 at the first 7");
    UNIT_CHECK(!acc(r, 1, &lr, buf + 8193, 1, 1, &h), "block 1 writes byte 8193: nobody touched it");
    pvc_race_free(r);
    free(buf);
}

/* ---- gm.c reports its GM spans --------------------------------------------------------- */
typedef struct {
    const void *p[8];
    uint64_t len[8];
    int kind[8], n;
} spans;

static void gm_hook(pvc_ctx *ctx, const void *gm, uint64_t len, pvc_gm_access kind, const void *data)
{
    spans *s = ctx->user;
    (void)data;
    if (s->n < 8) {
        s->p[s->n] = gm, s->len[s->n] = len, s->kind[s->n] = kind;
        s->n++;
    }
}

static void test_gm_touch(void)
{
    pvc_ctx *ctx = pvc_ctx_new();
    float t[4 * 64];
    spans s = {0};
    pvc_tensor x = {t, PVC_DT_FP32, 2, {4, 64}, {0}, 0, 0, PVC_TL_ND};
    pvc_tile tile = {.addr = 0x100, .dtype = PVC_DT_FP32, .rows = 2, .cols = 64};
    UNIT_CHECK(ctx && ctx->block_idx == 0 && ctx->block_num == 1, "a fresh context is block 0 of 1");
    ctx->gm_touch = gm_hook;
    ctx->user = &s;
    /* rows 1 and 2 of the tensor, 64 floats each: two spans of 256 bytes */
    pvc_gm_load(ctx, &tile, &x, 1, 0, PVC_GM_WHOLE, PVC_GM_WHOLE);
    UNIT_CHECK(s.n == 2 && s.p[0] == t + 64 && s.p[1] == t + 128 && s.len[0] == 256 &&
                   s.len[1] == 256 && s.kind[0] == PVC_GM_READ && s.kind[1] == PVC_GM_READ,
               "pl.load reports each row it reads (%d spans)", s.n);
    /* a 2 x 16 window at (3, 8) keeps row 3 only, 16 floats of it; a store writes */
    s.n = 0;
    pvc_gm_store(ctx, &x, &tile, 3, 8, PVC_GM_WHOLE, 16);
    UNIT_CHECK(s.n == 1 && s.p[0] == t + 3 * 64 + 8 && s.len[0] == 64 && s.kind[0] == PVC_GM_WRITE,
               "pl.store reports the clipped row it writes");
    pvc_ctx_free(ctx);
}

/* ---- mixed blocks: one cube core and two vector cores, ordered by the flags ------------- */
typedef struct {
    int deadlock;                 /* the vector cores never set flag 1 */
    char log[3 * MAXB][8];        /* the deterministic schedule's events, in order */
    atomic_int n;
    int64_t idx[3][MAXB], subnum[3][MAXB];
    int had_cube[3];
} mixrec;

static const pvc_loc wait_at = {"k.py", 7, 9};

static void say(mixrec *r, const char *what)
{
    int i = atomic_fetch_add(&r->n, 1);
    if (i < 3 * MAXB)
        snprintf(r->log[i], sizeof r->log[i], "%s", what);
}

static void mix_body(pvc_ctx *ctx, void *arg)
{
    mixrec *r = arg;
    int c = ctx->core == PVC_CORE_AIC ? 0 : 1 + (int)ctx->subblock_idx;
    r->idx[c][ctx->block_idx / (c ? 2 : 1)] = ctx->block_idx;
    r->subnum[c][ctx->block_idx / (c ? 2 : 1)] = ctx->subblock_num;
    r->had_cube[c] |= ctx->cube != NULL;
    ctx->at = &wait_at;
    if (c == 0) {
        pvc_cross_set(ctx, 0, 0, PVC_XSYNC_INTRA);
        say(r, "A-set");
        pvc_cross_wait(ctx, 0, 1, PVC_XSYNC_INTRA);
        say(r, "A-wait");
    } else {
        pvc_cross_wait(ctx, 0, 0, PVC_XSYNC_INTRA);
        say(r, c == 1 ? "V0-wait" : "V1-wait");
        if (!r->deadlock) {
            say(r, c == 1 ? "V0-set" : "V1-set");
            pvc_cross_set(ctx, 0, 1, PVC_XSYNC_INTRA);
        }
    }
}

static int mix_run(void *x, pvc_ctx *ctx, const pvc_launch_args *l)
{
    (void)l;
    return pvc_ctx_pcall(ctx, mix_body, x);
}

static const pvc_backend mix_seq = {"mix-seq", 0, 0, NULL, mix_run, NULL};
static const pvc_backend mix_par = {"mix-par", 1, 0, NULL, mix_run, NULL};

static void test_mixed(void)
{
    char err[128];
    pvc_fault f;
    int blk = -1;
    mixrec *r = calloc(1, sizeof *r);
    pvc_launch_args l = {NULL, NULL, 1, PVC_BLOCK_MIX, 0, NULL};
    UNIT_CHECK(pvc_blocks_run(&mix_seq, r, &l, 1, &f, &blk, err, sizeof err) == 0, "mixed, deterministic: no fault");
    /* cube sets 0 and runs on until the baton passes (to vector 0, which waits, then vector 1,
     * which waits, then back to the cube, whose set returns); the cube waits for 1, each
     * vector core in turn takes flag 0 and sets 1, and the cube's wait returns */
    static const char *const want[6] = {"A-set", "V0-wait", "V0-set", "V1-wait", "V1-set", "A-wait"};
    int same = atomic_load(&r->n) == 6;
    for (int i = 0; same && i < 6; i++)
        same = strcmp(r->log[i], want[i]) == 0;
    UNIT_CHECK(same, "the deterministic schedule (%d events, first %s)", atomic_load(&r->n), r->log[0]);
    UNIT_CHECK(r->had_cube[0] && !r->had_cube[1] && !r->had_cube[2], "%s", "only the cube core has the cube memories");
    free(r);

    r = calloc(1, sizeof *r);
    l.blocks = 8;
    UNIT_CHECK(pvc_blocks_run(&mix_par, r, &l, 2, &f, &blk, err, sizeof err) == 0, "mixed, 8 blocks on threads: no fault");
    int idx_ok = atomic_load(&r->n) == 48;
    for (int b = 0; b < 8; b++)
        idx_ok &= r->idx[0][b] == b && r->idx[1][b] == 2 * b && r->idx[2][b] == 2 * b + 1 && r->subnum[0][b] == 1 &&
                  r->subnum[1][b] == 2;
    UNIT_CHECK(idx_ok, "%s", "block indices: cube b, vector cores 2b and 2b + 1 (subblock num 1 / 2)");
    free(r);

    for (int par = 0; par < 2; par++) {
        r = calloc(1, sizeof *r);
        r->deadlock = 1;
        l.blocks = 1;
        int rc = pvc_blocks_run(par ? &mix_par : &mix_seq, r, &l, 1, &f, &blk, err, sizeof err);
        UNIT_CHECK(rc == PVC_FAULT_DEADLOCK && f.loc.line == 7 &&
                       strstr(f.detail, "the cube core waits at line 7 (event_id 1)") &&
                       strstr(f.detail, "vector core 1 has finished"),
                   "%s: a wait nobody satisfies is a deadlock: rc %d, %s", par ? "threads" : "deterministic", rc,
                   f.detail);
        free(r);
    }
}

int main(void)
{
    test_blocks();
    test_mixed();
    test_race();
    test_race_cores();
    test_race_pages();
    test_gm_touch();
    return UNIT_DONE();
}
