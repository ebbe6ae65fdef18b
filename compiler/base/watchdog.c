/* watchdog.c - --timeout: SIGALRM stops the run with a located error (watchdog.h). */
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

#include "base/ioutil.h"
#include "base/watchdog.h"

static _Atomic(const pvc_ctx *) watched;
static unsigned limit;
static const char *run_file;

void pvc_watchdog_watch(const pvc_ctx *ctx)
{
    atomic_store(&watched, ctx);
}

void pvc_watchdog_unwatch(const pvc_ctx *ctx)
{
    atomic_compare_exchange_strong(&watched, &ctx, NULL);
}

/* ---- what the handler may call: write(2) of bytes it formats itself ---- */
typedef struct {
    char b[1024];
    size_t n;
} line;

static void put(line *l, const char *s)
{
    while (s && *s && l->n < sizeof l->b - 1)
        l->b[l->n++] = *s++;
}

static void put_uint(line *l, unsigned long v)
{
    char d[24];
    int k = 0;
    do
        d[k++] = (char)('0' + v % 10);
    while (v /= 10);
    while (k > 0 && l->n < sizeof l->b - 1)
        l->b[l->n++] = d[--k];
}

static void on_alarm(int sig)
{
    (void)sig;
    line l = {.n = 0};
    const pvc_ctx *ctx = atomic_load(&watched);
    const pvc_loc *at = ctx ? ctx->at : NULL;
    if (at && at->line > 0) { /* the file as the command line named it (native locs hold
                                 its real path) */
        put(&l, run_file), put(&l, ":"), put_uint(&l, (unsigned long)at->line);
        put(&l, ":"), put_uint(&l, (unsigned long)at->col), put(&l, ": error: ");
    } else
        put(&l, "pvc run: error: "), put(&l, run_file), put(&l, ": ");
    put(&l, "the run took longer than --timeout ");
    put_uint(&l, limit);
    put(&l, at && at->line > 0 ? " s; it was stopped here\n" : " s; it was stopped\n");
    ssize_t w = write(STDERR_FILENO, l.b, l.n);
    (void)w;
    pvc_io_remove_temporaries();
    _exit(1);
}

void pvc_watchdog_arm(unsigned secs, const char *file)
{
    if (!secs)
        return;
    limit = secs, run_file = file;
    struct sigaction sa = {.sa_handler = on_alarm};
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, NULL);
    alarm(secs);
}

void pvc_watchdog_disarm(void)
{
    alarm(0);
}
