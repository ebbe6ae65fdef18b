/* latency.c - whole-process wall time of `pvc run` on one seed sample and its data case:
 *   cold      the native backend on an empty cache (PVC_NATIVE_BUILD=auto, the default):
 *             libtcc compiles the kernel in process and it runs; cc builds the optimised
 *             object in the background, which the bench waits for, untimed
 *   warm      the same again: a cache hit of cc's object
 *   cold cc   an empty cache with PVC_NATIVE_BUILD=cc: the run waits for cc (as before)
 *   sim       the simulator
 * The four take turns within each sample, so a busy neighbour or a cold page cache weighs
 * on all of them alike. The target: cold within 2x of warm. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"

#define MAX_ARGS 64

typedef struct {
    char *argv[MAX_ARGS];
    int argc;
    char store[4096]; /* the argument strings */
    size_t used;
} cmdline;

static void push(cmdline *c, const char *fmt, const char *a, const char *b)
{
    if (c->argc >= MAX_ARGS - 1 || c->used >= sizeof c->store)
        return;
    char *p = c->store + c->used;
    int n = snprintf(p, sizeof c->store - c->used, fmt, a, b);
    if (n < 0 || (size_t)n >= sizeof c->store - c->used)
        return;
    c->used += (size_t)n + 1;
    c->argv[c->argc++] = p;
    c->argv[c->argc] = NULL;
}

/* --input P=DIR/in_P.npy and --expect P=DIR/expect_P.npy for every file of the case, then the
 * words of DIR/args (samples/data layout). */
static void case_args(cmdline *c, const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[1536], param[256];
    while (d && (e = readdir(d))) {
        size_t n = strlen(e->d_name);
        int in = !strncmp(e->d_name, "in_", 3), ex = !strncmp(e->d_name, "expect_", 7);
        if ((!in && !ex) || n < 5 || strcmp(e->d_name + n - 4, ".npy"))
            continue;
        const char *p = e->d_name + (in ? 3 : 7);
        snprintf(param, sizeof param, "%.*s", (int)(strlen(p) - 4), p);
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        push(c, "%s", in ? "--input" : "--expect", NULL);
        push(c, "%s=%s", param, path);
    }
    if (d)
        closedir(d);
    snprintf(path, sizeof path, "%s/args", dir);
    FILE *f = fopen(path, "r");
    char word[256];
    while (f && fscanf(f, "%255s", word) == 1)
        push(c, "%s", word, NULL);
    if (f)
        fclose(f);
}

/* Empties a flat cache directory (native.c keeps a .c, a .so and while building a .lock and
 * a .log per entry there). */
static void clear_dir(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[1536];
    while (d && (e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            unlink(path);
        }
    if (d)
        closedir(d);
}

/* 1 when dir holds an object and no build is under way. */
static int built(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int so = 0, lock = 0;
    while (d && (e = readdir(d))) {
        size_t n = strlen(e->d_name);
        so |= n > 3 && !strcmp(e->d_name + n - 3, ".so");
        lock |= n > 5 && !strcmp(e->d_name + n - 5, ".lock");
    }
    if (d)
        closedir(d);
    return so && !lock;
}

/* Waits (untimed) for the background cc build of a cold run; 0 when it landed. */
static int wait_built(const char *dir)
{
    for (int i = 0; i < 1200; i++) {
        if (built(dir))
            return 0;
        nanosleep(&(struct timespec){0, 50000000}, NULL);
    }
    return -1;
}

enum { COLD, WARM, COLD_CC, SIM, NMODES };

int bench_latency(const bench_opts *o)
{
    char cache[1024], cache_cc[1024], env[NMODES][1200];
    int bad = 0;
    snprintf(cache, sizeof cache, "%s/cache-latency", o->work_dir);
    snprintf(cache_cc, sizeof cache_cc, "%s/cache-latency-cc", o->work_dir);
    mkdir(cache, 0755);
    mkdir(cache_cc, 0755);
    static const char *const backend[NMODES] = {"native", "native", "native", "sim"};
    static const char *const build[NMODES] = {"auto", "auto", "cc", "auto"};
    cmdline c[NMODES];
    double v[NMODES][o->reps], cpu[NMODES][o->reps], ms[NMODES], cpu_ms[NMODES];
    for (int m = 0; m < NMODES; m++) {
        c[m] = (cmdline){.argc = 0};
        push(&c[m], "%s", o->pvc, NULL);
        push(&c[m], "%s", "run", NULL);
        push(&c[m], "%s", o->sample, NULL);
        push(&c[m], "%s", "--backend", NULL);
        push(&c[m], "%s", backend[m], NULL);
        case_args(&c[m], o->sample_data);
        /* PVC_CACHE_DIR and PVC_NATIVE_BUILD as one extra environment entry each: the cache
         * goes through PVC_CACHE_DIR set here, the mode through the argument below */
        snprintf(env[m], sizeof env[m], "PVC_NATIVE_BUILD=%s", build[m]);
    }
    const char *prev = getenv("PVC_CACHE_DIR");
    char *saved = prev ? strdup(prev) : NULL;
    for (int i = 0; i < o->reps && !bad; i++)
        for (int m = 0; m < NMODES; m++) {
            if (m == COLD)
                clear_dir(cache);
            if (m == COLD_CC)
                clear_dir(cache_cc);
            setenv("PVC_CACHE_DIR", m == COLD_CC ? cache_cc : cache, 1);
            v[m][i] = bench_run(c[m].argv, env[m], NULL, &cpu[m][i]) * 1e3;
            cpu[m][i] *= 1e3;
            bad |= v[m][i] < 0;
            if (m == COLD && wait_built(cache)) {
                bench_fail("latency: the background cc build of %s did not land in %s", o->sample, cache);
                bad = 1;
            }
        }
    if (saved)
        setenv("PVC_CACHE_DIR", saved, 1);
    else
        unsetenv("PVC_CACHE_DIR");
    free(saved);
    if (bad) {
        bench_fail("latency: a `pvc run` of %s failed", o->sample);
        return 1;
    }
    for (int m = 0; m < NMODES; m++) {
        ms[m] = bench_median_of(v[m], o->reps);
        cpu_ms[m] = bench_median_of(cpu[m], o->reps);
    }
    printf("latency: pvc run %s (%s): first native run %.1f ms (libtcc), warm %.1f ms, first run "
           "waiting for cc %.1f ms, sim %.1f ms\n",
           o->sample, o->sample_data, ms[COLD], ms[WARM], ms[COLD_CC], ms[SIM]);
    printf("latency: CPU time (user + system, pvc's own): first native run %.2f ms, warm %.2f ms, "
           "sim %.2f ms\n", cpu_ms[COLD], cpu_ms[WARM], cpu_ms[SIM]);
    bench_add(&(bench_row){"first native run (miss: libtcc) / warm run", ms[COLD], "ms", ms[WARM],
                           "warm (cache hit)", '<', 2.0});
    /* A first run is a 3-4 ms process: on a loaded machine one preemption more or less moves
     * the wall ratio by 1 or 2 (BENCHMARKS.md); CPU time shows the work, without the wait. */
    bench_add(&(bench_row){"  the same in CPU time (user + system)", cpu_ms[COLD], "ms", cpu_ms[WARM],
                           "warm (cache hit)", 0, 0});
    bench_add(&(bench_row){"first native run (miss: libtcc) / sim", ms[COLD], "ms", ms[SIM], "sim", 0, 0});
    bench_add(&(bench_row){"first native run, PVC_NATIVE_BUILD=cc / sim", ms[COLD_CC], "ms", ms[SIM],
                           "sim", 0, 0});
    bench_add(&(bench_row){"warm native run / sim", ms[WARM], "ms", ms[SIM], "sim", 0, 0});
    return 0;
}
