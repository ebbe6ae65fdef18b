/* cube_sync.c - the cross-core flags of a mixed block and the scheduling of its three cores
 * (docs/SEMANTICS.md §17.1, §17.7).
 *
 * Each core of a block (0 the cube core, 1 and 2 the vector cores) runs on a thread of its
 * own. The only order between them is the flags: per direction and vector core, 16 counters
 * C2V[aiv][id] (the cube core sets, a vector core waits) and V2C[aiv][id]. A set increments,
 * a wait blocks until its counter(s) are positive, then decrements them.
 *
 *   INTRA_BLOCK    cube set: C2V[0][id]++ and C2V[1][id]++; cube wait: V2C[0][id] and V2C[1][id]
 *                  vector core a set: V2C[a][id]++; wait: C2V[a][id]
 *   UNICAST_BLOCK  the cube core names one vector core: id < 16 core 0, id - 16 core 1
 *   INTER_SUBBLOCK the two vector cores: a set sends V2V[0][id]++ and V2V[1][id]++ (to both,
 *                  itself included); a wait needs V2V[a][id] >= 2 and takes 2, so it returns
 *                  once both vector cores have set: a barrier of the pair [I]
 *
 * Concurrent (native): the cores run at once and block on a condition variable.
 * Deterministic (the simulator): one baton; only its holder runs, and it passes the baton at
 * every set, wait and end to the next core (cube, vector 0, vector 1, cyclically) that can
 * go on, so a run is the same every time. In both, when every core that has not finished
 * waits on a flag no running core can set, each of them faults DEADLOCK, naming the waits.
 *
 * The flags are also the block's only happens-before order, which the simulator's race map
 * reads (§17.7): each core has a vector clock clk[c][0..2], its own entry its epoch. A set
 * joins the setter's clock into each counter it increments and then starts a new epoch; a
 * wait joins the counters' clocks into the waiter's. A counter keeps the join of every set
 * so far, so a wait may be credited with a later set than the one it consumed: the order
 * is never stricter than the flags' (a race may go unseen, none is invented). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rt_internal.h"

enum { CORES = PVC_XSYNC_CORES, IDS = 16 };

typedef struct {
    int active;          /* 1 while the core waits */
    int id, mode;
    const pvc_loc *at;   /* the wait's source position */
} pending;

struct pvc_xsync {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int deterministic, turn;
    int c2v[2][IDS], v2c[2][IDS], v2v[2][IDS];
    uint32_t clk[CORES][CORES];               /* clk[c][k]: core k's last epoch core c follows */
    uint32_t c2v_clk[2][IDS][CORES], v2c_clk[2][IDS][CORES], v2v_clk[2][IDS][CORES];
    int done[CORES];
    pending wait[CORES];
    int dead;            /* a deadlock was found: every waiting core faults */
    char dead_why[256];  /* where each core was when it was found: every fault says the same,
                          * whichever core unwinds (and finishes) first */
};

pvc_xsync *pvc_xsync_new(int deterministic)
{
    pvc_xsync *x = calloc(1, sizeof *x);
    if (!x)
        return NULL;
    pthread_mutex_init(&x->lock, NULL);
    pthread_cond_init(&x->cond, NULL);
    x->deterministic = deterministic;
    for (int c = 0; c < CORES; c++)
        x->clk[c][c] = 1; /* epoch 0 is "none": a core follows no other before their first flag */
    return x;
}

void pvc_xsync_free(pvc_xsync *x)
{
    if (!x)
        return;
    pthread_mutex_destroy(&x->lock);
    pthread_cond_destroy(&x->cond);
    free(x);
}

static int core_of(const pvc_ctx *ctx)
{
    return ctx->core == PVC_CORE_AIC ? 0 : 1 + (int)(ctx->subblock_idx & 1);
}

int pvc_xsync_core(const pvc_ctx *ctx)
{
    return ctx->xsync ? core_of(ctx) : 0;
}

void pvc_xsync_clock(const pvc_ctx *ctx, uint32_t clk[PVC_XSYNC_CORES])
{
    pvc_xsync *x = ctx->xsync;
    for (int k = 0; k < CORES; k++)
        clk[k] = x ? x->clk[core_of(ctx)][k] : 0;
}

static void join_clock(uint32_t *into, const uint32_t *from)
{
    for (int k = 0; k < CORES; k++)
        if (from[k] > into[k])
            into[k] = from[k];
}

/* The clock a counter carries, beside the counter (same indices). */
static uint32_t *clock_of(pvc_xsync *x, const int *cnt)
{
    if (cnt >= &x->c2v[0][0] && cnt < &x->c2v[0][0] + 2 * IDS)
        return x->c2v_clk[(cnt - &x->c2v[0][0]) / IDS][(cnt - &x->c2v[0][0]) % IDS];
    if (cnt >= &x->v2v[0][0] && cnt < &x->v2v[0][0] + 2 * IDS)
        return x->v2v_clk[(cnt - &x->v2v[0][0]) / IDS][(cnt - &x->v2v[0][0]) % IDS];
    return x->v2c_clk[(cnt - &x->v2c[0][0]) / IDS][(cnt - &x->v2c[0][0]) % IDS];
}

/* A set by core c raises each counter of cnt and hands it c's clock; c's next ops belong
 * to a new epoch. */
static void raise_counters(pvc_xsync *x, int c, int **cnt, int n)
{
    for (int i = 0; i < n; i++) {
        (*cnt[i])++;
        join_clock(clock_of(x, cnt[i]), x->clk[c]);
    }
    x->clk[c][c]++;
}

/* The counters core c's wait on (id, mode) reads: one or two. */
static int wait_counters(pvc_xsync *x, int c, int id, int mode, int *cnt[2])
{
    if (mode == PVC_XSYNC_INTER_SUBBLOCK)
        return cnt[0] = &x->v2v[c - 1][id], 1;
    if (c == 0 && mode == PVC_XSYNC_UNICAST)
        return cnt[0] = &x->v2c[id / IDS][id % IDS], 1;
    if (c == 0)
        return cnt[0] = &x->v2c[0][id], cnt[1] = &x->v2c[1][id], 2;
    return cnt[0] = &x->c2v[c - 1][id], 1;
}

/* What a wait takes from each of its counters: both vector cores' sets for INTER_SUBBLOCK. */
static int need_of(int mode) { return mode == PVC_XSYNC_INTER_SUBBLOCK ? 2 : 1; }

static int satisfied(pvc_xsync *x, int c)
{
    int *cnt[2];
    const pending *p = &x->wait[c];
    if (!p->active)
        return 1;
    int n = wait_counters(x, c, p->id, p->mode, cnt);
    for (int i = 0; i < n; i++)
        if (*cnt[i] < need_of(p->mode))
            return 0;
    return 1;
}

static int can_run(pvc_xsync *x, int c)
{
    return !x->done[c] && satisfied(x, c);
}

/* Every unfinished core waits with nothing to satisfy it (and one does wait). */
static int deadlocked(pvc_xsync *x)
{
    int waiting = 0;
    for (int c = 0; c < CORES; c++) {
        if (can_run(x, c))
            return 0;
        waiting += !x->done[c];
    }
    return waiting > 0;
}

static void mark_dead(pvc_xsync *x);

/* Deterministic: the baton to the first core after `from` that can go on (from itself
 * last). Called with the lock held; wakes everyone so the holder sees it. */
static void pass_baton(pvc_xsync *x, int from)
{
    for (int i = 1; i <= CORES; i++) {
        int c = (from + i) % CORES;
        if (can_run(x, c)) {
            x->turn = c;
            break;
        }
    }
    if (deadlocked(x))
        mark_dead(x);
    pthread_cond_broadcast(&x->cond);
}

static int may_go(pvc_xsync *x, int c)
{
    return x->dead || (satisfied(x, c) && (!x->deterministic || x->turn == c));
}

static const char *core_name(int c)
{
    return c == 0 ? "the cube core" : c == 1 ? "vector core 0" : "vector core 1";
}

/* The message of a deadlock: where each core waits, or that it has finished. */
static void deadlock_text(pvc_xsync *x, char *buf, size_t n)
{
    size_t len = 0;
    for (int c = 0; c < CORES && len < n; c++) {
        const pending *p = &x->wait[c];
        if (p->active && p->at && p->at->file)
            len += (size_t)snprintf(buf + len, n - len, "%s%s waits at line %d (event_id %d)", c ? "; " : "",
                                    core_name(c), p->at->line, p->id);
        else
            len += (size_t)snprintf(buf + len, n - len, "%s%s %s", c ? "; " : "", core_name(c),
                                    x->done[c] ? "has finished" : "waits");
    }
}

/* The deadlock found: its text taken now, while every core is where the deadlock holds it. */
static void mark_dead(pvc_xsync *x)
{
    if (x->dead)
        return;
    x->dead = 1;
    deadlock_text(x, x->dead_why, sizeof x->dead_why);
}

void pvc_xsync_start(pvc_ctx *ctx)
{
    pvc_xsync *x = ctx->xsync;
    if (!x || !x->deterministic)
        return;
    int c = core_of(ctx);
    pthread_mutex_lock(&x->lock);
    while (x->turn != c && !x->dead)
        pthread_cond_wait(&x->cond, &x->lock);
    pthread_mutex_unlock(&x->lock);
}

void pvc_xsync_finish(pvc_ctx *ctx)
{
    pvc_xsync *x = ctx->xsync;
    if (!x)
        return;
    int c = core_of(ctx);
    pthread_mutex_lock(&x->lock);
    x->done[c] = 1;
    x->wait[c].active = 0;
    if (x->deterministic)
        pass_baton(x, c);
    else if (deadlocked(x))
        mark_dead(x);
    pthread_cond_broadcast(&x->cond);
    pthread_mutex_unlock(&x->lock);
}

static int flag_args_ok(pvc_ctx *ctx, const char *op, int c, int64_t id, int64_t mode)
{
    int max = c == 0 && mode == PVC_XSYNC_UNICAST ? 2 * IDS : IDS;
    if (mode != PVC_XSYNC_INTRA && mode != PVC_XSYNC_UNICAST && mode != PVC_XSYNC_INTER_SUBBLOCK) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0,
                        "sync_mode %lld between blocks is not modelled (INTRA_BLOCK, UNICAST_BLOCK and "
                        "INTER_SUBBLOCK are)", (long long)mode);
        return 0;
    }
    if (mode == PVC_XSYNC_INTER_SUBBLOCK && c == 0) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0, "sync_mode INTER_SUBBLOCK syncs the two vector cores; "
                        "the cube core takes no part in it");
        return 0;
    }
    if (id < 0 || id >= max) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0, "event_id %lld is outside [0, %d)", (long long)id, max);
        return 0;
    }
    return 1;
}

void pvc_cross_set(pvc_ctx *ctx, int64_t pipe, int64_t id, int64_t mode)
{
    pvc_xsync *x = ctx->xsync;
    (void)pipe; /* a core runs its ops in order: every earlier op of the pipe has completed */
    if (!x)
        return; /* one core per block: nothing to signal */
    int c = core_of(ctx);
    if (!flag_args_ok(ctx, "pl.system.set_cross_core", c, id, mode))
        return;
    pthread_mutex_lock(&x->lock);
    int *cnt[2], n = 1;
    if (mode == PVC_XSYNC_INTER_SUBBLOCK)
        cnt[0] = &x->v2v[0][id], cnt[1] = &x->v2v[1][id], n = 2;
    else if (c == 0 && mode == PVC_XSYNC_UNICAST)
        cnt[0] = &x->c2v[id / IDS][id % IDS];
    else if (c == 0)
        cnt[0] = &x->c2v[0][id], cnt[1] = &x->c2v[1][id], n = 2;
    else
        cnt[0] = &x->v2c[c - 1][id];
    raise_counters(x, c, cnt, n);
    if (x->deterministic) {
        pass_baton(x, c);
        while (!may_go(x, c))
            pthread_cond_wait(&x->cond, &x->lock);
    } else {
        pthread_cond_broadcast(&x->cond);
    }
    pthread_mutex_unlock(&x->lock);
}

void pvc_cross_wait(pvc_ctx *ctx, int64_t pipe, int64_t id, int64_t mode)
{
    pvc_xsync *x = ctx->xsync;
    (void)pipe;
    if (!x)
        return;
    int c = core_of(ctx);
    if (!flag_args_ok(ctx, "pl.system.wait_cross_core", c, id, mode))
        return;
    pthread_mutex_lock(&x->lock);
    x->wait[c] = (pending){1, (int)id, (int)mode, ctx->at};
    if (x->deterministic)
        pass_baton(x, c);
    else if (deadlocked(x))
        mark_dead(x), pthread_cond_broadcast(&x->cond);
    while (!may_go(x, c))
        pthread_cond_wait(&x->cond, &x->lock);
    if (x->dead && !satisfied(x, c)) {
        char why[sizeof x->dead_why];
        memcpy(why, x->dead_why, sizeof why);
        pthread_mutex_unlock(&x->lock);
        pvc_fault_raise(ctx, PVC_FAULT_DEADLOCK, "pl.system.wait_cross_core", 0, 0, "%s", why);
        return;
    }
    int *cnt[2], n = wait_counters(x, c, (int)id, (int)mode, cnt);
    for (int i = 0; i < n; i++) {
        *cnt[i] -= need_of((int)mode);
        join_clock(x->clk[c], clock_of(x, cnt[i]));
    }
    x->wait[c].active = 0;
    pthread_mutex_unlock(&x->lock);
}
