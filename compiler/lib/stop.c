/* stop.c - stopping a launch (libpvc.h options.stop and options.timeout; lib.h).
 *
 * The blocks poll one flag (pvc_rt.h pvc_poll: every loop iteration, in both backends). With
 * no timeout that flag is the caller's own, read as it is. With a timeout a watcher thread
 * sleeps until the deadline, waking every few milliseconds to copy a caller's flag that
 * became nonzero, and sets the flag the blocks poll; the launch then knows which of the two
 * stopped it. The thread is joined before the launch returns.
 *
 * options.sigint: while the launch runs, SIGINT sets the caller's flag to 2 (and so stops the
 * launch) instead of reaching the process's own handler, which is put back before the launch
 * returns. Python's handler, which only sets a flag its main thread reads between bytecodes,
 * could not stop a launch running in that thread; so the pvc package asks for this instead
 * of running each launch on a thread of its own (whose start costs more than a small
 * kernel's whole run). The caller tells an interrupt from other stops by the 2.
 */
#include <errno.h>
#include <signal.h>
#include <time.h>

#include <string.h>

#include "lib/lib.h"

enum { CALLER_TICK_NS = 10 * 1000 * 1000 }; /* how often a caller's flag is read */

static struct timespec after(struct timespec t, double secs)
{
    double whole = (double)(time_t)secs;
    t.tv_sec += (time_t)secs;
    t.tv_nsec += (long)((secs - whole) * 1e9);
    if (t.tv_nsec >= 1000000000L)
        t.tv_sec++, t.tv_nsec -= 1000000000L;
    return t;
}

static int before(struct timespec a, struct timespec b)
{
    return a.tv_sec < b.tv_sec || (a.tv_sec == b.tv_sec && a.tv_nsec < b.tv_nsec);
}

static void *watch(void *arg)
{
    pvc_stopper *s = arg;
    struct timespec now, deadline;
    clock_gettime(CLOCK_MONOTONIC, &now);
    deadline = after(now, s->timeout);
    pthread_mutex_lock(&s->lock);
    while (!s->done) {
        struct timespec wake = deadline, tick = after(now, CALLER_TICK_NS / 1e9);
        if (s->caller && before(tick, wake))
            wake = tick;
        int rc = pthread_cond_timedwait(&s->cond, &s->lock, &wake);
        clock_gettime(CLOCK_MONOTONIC, &now);
        if (s->done)
            break;
        if (s->caller && *s->caller) {
            s->flag = 1;
            break;
        }
        if (rc == ETIMEDOUT && !before(now, deadline)) {
            s->timed_out = 1;
            s->flag = 1;
            break;
        }
    }
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

/* The flag SIGINT sets: one launch at a time asks for it (the thread that owns the
 * process's SIGINT handler, as Python's main thread does). */
static volatile int *volatile sigint_flag;

static void on_sigint(int sig)
{
    (void)sig;
    volatile int *f = sigint_flag;
    if (f)
        *f = 2;
}

static int catch_sigint(pvc_stopper *s)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sigint_flag = (volatile int *)s->caller; /* the caller's own flag, writable by its contract */
    if (sigaction(SIGINT, &sa, &s->old_int)) {
        sigint_flag = NULL;
        return -1;
    }
    s->sigint = 1;
    return 0;
}

static void release_sigint(pvc_stopper *s)
{
    if (!s->sigint)
        return;
    sigaction(SIGINT, &s->old_int, NULL);
    sigint_flag = NULL;
    s->sigint = 0;
}

int pvc_stopper_start(pvc_stopper *s, const volatile int *caller, double timeout, int sigint)
{
    *s = (pvc_stopper){.caller = caller, .timeout = timeout};
    s->poll = caller;
    if (sigint && caller && catch_sigint(s))
        return -1;
    if (timeout <= 0)
        return 0;
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&s->cond, &ca);
    pthread_condattr_destroy(&ca);
    pthread_mutex_init(&s->lock, NULL);
    s->poll = &s->flag;
    if (pthread_create(&s->thread, NULL, watch, s)) {
        pthread_cond_destroy(&s->cond);
        pthread_mutex_destroy(&s->lock);
        release_sigint(s);
        return -1;
    }
    s->watching = 1;
    return 0;
}

void pvc_stopper_end(pvc_stopper *s)
{
    release_sigint(s);
    if (!s->watching)
        return;
    pthread_mutex_lock(&s->lock);
    s->done = 1;
    pthread_cond_signal(&s->cond);
    pthread_mutex_unlock(&s->lock);
    pthread_join(s->thread, NULL);
    pthread_cond_destroy(&s->cond);
    pthread_mutex_destroy(&s->lock);
    s->watching = 0;
}
