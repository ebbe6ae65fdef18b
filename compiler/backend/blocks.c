/* blocks.c - the blocks of one launch (backend.h pvc_blocks_run): one context per worker,
 * re-initialised for every block it runs, blocks handed out in increasing order.
 *
 * Workers claim block numbers from one counter, so when block b faults every block below b
 * has already been claimed and runs to its end; blocks above the lowest fault seen are not
 * started. The fault reported is therefore the lowest-numbered faulting block's in every
 * schedule, and a single-threaded run stops at the first fault as a sequential one would. */
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backend/backend.h"
#include "base/watchdog.h"

enum { MAX_THREADS = 256 };

typedef struct {
    const pvc_backend *b;
    void *x;
    const pvc_launch_args *l;
    atomic_int next;        /* the next block to claim */
    atomic_int lowest;      /* lowest faulting block so far, INT_MAX none */
    atomic_int ran;         /* blocks finished or faulted */
    pthread_mutex_t lock;   /* guards the three below */
    int rc, block;
    pvc_fault fault;
} pool;

static void record_fault(pool *p, const pvc_ctx *ctx, int blk, int rc)
{
    pthread_mutex_lock(&p->lock);
    if (p->block < 0 || blk < p->block) {
        p->rc = rc;
        p->block = blk;
        pvc_fault_copy(&p->fault, &ctx->fault);
    }
    pthread_mutex_unlock(&p->lock);
    int low = atomic_load(&p->lowest);
    while (blk < low && !atomic_compare_exchange_weak(&p->lowest, &low, blk))
        ;
}

/* The memories a worker's contexts keep between blocks: the cube core's (L1, L0A, ...) and
 * the vector cores' of a mixed block (docs/SEMANTICS.md §17.1); NULL until a block needs them. */
typedef struct {
    uint8_t *cube;
    pvc_ctx *aiv[2];
} core_mem;

/* A fresh core: zeroed memories, this block's indices (§17.1's table: a vector core of a mixed
 * block is block 2b + sub of 2N). */
static void core_init(pvc_ctx *ctx, const pool *p, int blk, int core, int sub, int subs)
{
    /* every context here is pvc_ctx_new's; a vector-only block's UB only its own ops touch */
    if (p->b->lazy_ub && p->l->kind == PVC_BLOCK_VEC)
        pvc_ctx_reset_lazy(ctx);
    else
        pvc_ctx_reset(ctx);
    ctx->core = core;
    ctx->block_num = p->l->blocks;
    ctx->block_idx = core == PVC_CORE_AIV ? (int64_t)blk * subs + sub : blk;
    ctx->subblock_idx = sub;
    ctx->subblock_num = subs;
    ctx->mad_rule = p->l->mad_rule;
    if (p->l->stop)
        ctx->stop = p->l->stop;
}

typedef struct {
    pool *p;
    pvc_ctx *ctx;
    int rc;
} core_run;

static void *run_core(void *arg)
{
    core_run *c = arg;
    pvc_xsync_start(c->ctx);
    c->rc = c->p->b->run(c->p->x, c->ctx, c->p->l);
    pvc_xsync_finish(c->ctx);
    return NULL;
}

/* The fault a mixed block reports: the first core's (cube, vector 0, vector 1) that is not a
 * deadlock, since a core that stops on a fault leaves the others waiting for it. */
static int pick_fault(core_run *c, int n)
{
    for (int i = 0; i < n; i++)
        if (c[i].rc && c[i].rc != PVC_FAULT_DEADLOCK)
            return i;
    for (int i = 0; i < n; i++)
        if (c[i].rc)
            return i;
    return -1;
}

/* One block of a kernel with a section_cube: the cube core on ctx, and for a mixed kernel
 * its two vector cores on threads of their own, ordered only by the cross-core flags (the
 * simulator's one at a time, deterministically: cube_sync.c). */
static int run_cube_block(pool *p, pvc_ctx *ctx, core_mem *m, int blk)
{
    int mix = p->l->kind == PVC_BLOCK_MIX, n = mix ? 3 : 1;
    if (!m->cube && !(m->cube = malloc(PVC_CUBE_BYTES)))
        return -1;
    for (int i = 0; mix && i < 2; i++)
        if (!m->aiv[i] && !(m->aiv[i] = pvc_ctx_new()))
            return -1;
    pvc_xsync *x = mix ? pvc_xsync_new(!p->b->concurrent) : NULL;
    if (mix && !x)
        return -1;
    memset(m->cube, 0, PVC_CUBE_BYTES);
    core_init(ctx, p, blk, PVC_CORE_AIC, 0, 1);
    ctx->cube = m->cube;
    ctx->xsync = x;
    core_run c[3] = {{p, ctx, 0}, {p, m->aiv[0], 0}, {p, m->aiv[1], 0}};
    for (int i = 0; mix && i < 2; i++) {
        core_init(m->aiv[i], p, blk, PVC_CORE_AIV, i, 2);
        m->aiv[i]->aic = ctx;
        m->aiv[i]->xsync = x;
        ctx->aiv[i] = m->aiv[i];
    }
    pthread_t tid[2];
    int spawned = 0;
    for (int i = 1; i < n; i++, spawned++)
        if (pthread_create(&tid[i - 1], NULL, run_core, &c[i]) != 0)
            break;
    if (spawned == n - 1)
        run_core(&c[0]);
    else
        pvc_xsync_finish(ctx); /* the cube core never starts: the others see it finished */
    for (int i = 0; i < spawned; i++)
        pthread_join(tid[i], NULL);
    pvc_xsync_free(x);
    if (spawned != n - 1)
        return -1;
    int f = pick_fault(c, n);
    if (f > 0)
        pvc_fault_copy(&ctx->fault, &c[f].ctx->fault);
    return f < 0 ? 0 : c[f].rc;
}

/* Runs blocks until none is left (or all left are above a fault). */
static void work(pool *p, pvc_ctx *ctx)
{
    core_mem m = {NULL, {NULL, NULL}};
    for (;;) {
        int blk = atomic_fetch_add(&p->next, 1);
        if (blk >= p->l->blocks || blk > atomic_load(&p->lowest))
            break;
        int rc;
        pvc_watchdog_watch(ctx);
        if (p->l->kind == PVC_BLOCK_VEC) {
            core_init(ctx, p, blk, PVC_CORE_AIV, 0, 1);
            rc = p->b->run(p->x, ctx, p->l);
        } else if ((rc = run_cube_block(p, ctx, &m, blk)) < 0) {
            break; /* out of memory or threads: the count of blocks that ran says so */
        }
        if (rc)
            record_fault(p, ctx, blk, rc);
        atomic_fetch_add(&p->ran, 1);
    }
    free(m.cube);
    pvc_ctx_free(m.aiv[0]);
    pvc_ctx_free(m.aiv[1]);
}

/* The calling thread's context between launches: a context is a quarter megabyte, and
 * allocating one per launch (a fresh mapping, its pages faulted in) cost more than a small
 * kernel's whole run. core_init zeroes it for every block all the same. Freed when the thread
 * ends. */
static pthread_key_t spare_key;
static pthread_once_t spare_once = PTHREAD_ONCE_INIT;
static int spare_ok;

static void spare_free(void *ctx) { pvc_ctx_free(ctx); }
static void spare_init(void) { spare_ok = pthread_key_create(&spare_key, spare_free) == 0; }

static pvc_ctx *ctx_take(int keep)
{
    pvc_ctx *ctx = NULL;
    if (keep && (pthread_once(&spare_once, spare_init), spare_ok) &&
        (ctx = pthread_getspecific(spare_key)))
        pthread_setspecific(spare_key, NULL);
    return ctx ? ctx : pvc_ctx_new();
}

static void ctx_give(pvc_ctx *ctx, int keep)
{
    if (ctx && keep && spare_ok && !pthread_getspecific(spare_key) &&
        pthread_setspecific(spare_key, ctx) == 0)
        return;
    pvc_ctx_free(ctx);
}

/* keep: the calling thread's worker, whose context outlives the launch. */
static void run_worker(pool *p, int keep)
{
    pvc_ctx *ctx = ctx_take(keep);
    if (ctx)
        work(p, ctx);
    pvc_watchdog_unwatch(ctx);
    ctx_give(ctx, keep);
}

static void *worker(void *arg)
{
    run_worker(arg, 0);
    return NULL;
}

/* The online cores, read once: sysconf reads a file of /sys each time it is asked. */
static int cores;
static pthread_once_t cores_once = PTHREAD_ONCE_INIT;
static void cores_init(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    cores = n > 0 ? (int)(n < MAX_THREADS ? n : MAX_THREADS) : 1;
}

static int thread_count(const pvc_backend *b, int threads, int blocks)
{
    if (!b->concurrent || blocks <= 1)
        return 1;
    if (threads <= 0) {
        pthread_once(&cores_once, cores_init);
        threads = cores;
    }
    if (threads > MAX_THREADS)
        threads = MAX_THREADS;
    return threads < blocks ? threads : blocks;
}

int pvc_blocks_run(const pvc_backend *b, void *x, const pvc_launch_args *l, int threads,
                   pvc_fault *fault, int *block, char *err, size_t errlen)
{
    pool p = {.b = b, .x = x, .l = l, .rc = 0, .block = -1};
    pthread_t tid[MAX_THREADS];
    int spawned = 0, n = thread_count(b, threads, l->blocks);
    atomic_init(&p.next, 0);
    atomic_init(&p.lowest, INT_MAX);
    atomic_init(&p.ran, 0);
    pthread_mutex_init(&p.lock, NULL);
    /* The calling thread is worker 0; a thread that cannot be created is one worker less. */
    for (int i = 1; i < n; i++)
        if (pthread_create(&tid[spawned], NULL, worker, &p) == 0)
            spawned++;
    run_worker(&p, 1);
    for (int i = 0; i < spawned; i++)
        pthread_join(tid[i], NULL);
    pthread_mutex_destroy(&p.lock);
    if (p.block >= 0) {
        pvc_fault_copy(fault, &p.fault);
        *block = p.block;
        return p.rc;
    }
    if (atomic_load(&p.ran) < l->blocks) {
        snprintf(err, errlen, "out of memory for the blocks' contexts (%d of %d blocks ran)",
                 atomic_load(&p.ran), l->blocks);
        return -1;
    }
    return 0;
}
