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

/* Runs blocks until none is left (or all left are above a fault). */
static void work(pool *p, pvc_ctx *ctx)
{
    for (;;) {
        int blk = atomic_fetch_add(&p->next, 1);
        if (blk >= p->l->blocks || blk > atomic_load(&p->lowest))
            return;
        pvc_ctx_init(ctx);
        ctx->block_idx = blk;
        ctx->block_num = p->l->blocks;
        pvc_watchdog_watch(ctx);
        int rc = p->b->run(p->x, ctx, p->l);
        if (rc)
            record_fault(p, ctx, blk, rc);
        atomic_fetch_add(&p->ran, 1);
    }
}

static void *worker(void *arg)
{
    pool *p = arg;
    pvc_ctx *ctx = pvc_ctx_new();
    if (ctx)
        work(p, ctx);
    pvc_watchdog_unwatch(ctx);
    pvc_ctx_free(ctx);
    return NULL;
}

static int thread_count(const pvc_backend *b, int threads, int blocks)
{
    if (!b->concurrent)
        return 1;
    if (threads <= 0) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        threads = n > 0 ? (int)(n < MAX_THREADS ? n : MAX_THREADS) : 1;
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
    worker(&p);
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
