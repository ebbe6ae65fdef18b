/* latency.c - whole-process wall time of `pvc run` on one seed sample and its data case:
 * the simulator, the native backend cold (an empty PVC_CACHE_DIR: cc runs) and warm (the
 * same cache again: a hit). Each sample is one fork + exec + wait. */
#include <dirent.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"

extern char **environ;

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
 * words of DIR/args (samples/data layout, phase 2 notes). */
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

/* Runs the command with PVC_CACHE_DIR=cache, output to /dev/null; wall seconds, or -1. */
static double run_once(cmdline *c, const char *cache)
{
    posix_spawn_file_actions_t fa;
    pid_t pid;
    int status;
    setenv("PVC_CACHE_DIR", cache, 1);
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    uint64_t t = bench_now_ns();
    int err = posix_spawn(&pid, c->argv[0], &fa, NULL, c->argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (err || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status))
        return -1;
    return (double)(bench_now_ns() - t) * 1e-9;
}

/* Empties a flat cache directory (native.c keeps one .c and one .so per entry there). */
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

int bench_latency(const bench_opts *o)
{
    char cache[1024];
    int bad = 0;
    snprintf(cache, sizeof cache, "%s/cache-latency", o->work_dir);
    mkdir(cache, 0755);
    const char *prev = getenv("PVC_CACHE_DIR");
    char *saved = prev ? strdup(prev) : NULL;
    static const struct {
        const char *what, *backend;
    } modes[] = {
        {"latency: pvc run sim", "sim"},
        {"latency: pvc run native cold", "native"}, /* the cache emptied first: cc runs */
        {"latency: pvc run native warm", "native"}, /* right after cold: a cache hit */
    };
    cmdline c[3];
    double v[3][o->reps], ms[3];
    for (int m = 0; m < 3; m++) {
        c[m] = (cmdline){.argc = 0};
        push(&c[m], "%s", o->pvc, NULL);
        push(&c[m], "%s", "run", NULL);
        push(&c[m], "%s", o->sample, NULL);
        push(&c[m], "%s", "--backend", NULL);
        push(&c[m], "%s", modes[m].backend, NULL);
        case_args(&c[m], o->sample_data);
    }
    /* The three modes take turns within each sample, so a busy neighbour or a cold page
     * cache weighs on all of them alike. */
    for (int i = 0; i < o->reps; i++)
        for (int m = 0; m < 3; m++) {
            if (m == 1)
                clear_dir(cache);
            v[m][i] = run_once(&c[m], cache) * 1e3;
            bad |= v[m][i] < 0;
        }
    for (int m = 0; m < 3; m++) {
        ms[m] = bench_median_of(v[m], o->reps);
        bench_row r = {"", ms[m], "ms", m ? ms[0] : 0, "sim", 0, 0};
        snprintf(r.what, sizeof r.what, "%s", modes[m].what);
        bench_add(&r);
    }
    printf("latency: %s (%s): sim %.1f ms, native cold %.1f ms, warm %.1f ms\n", o->sample,
           o->sample_data, ms[0], ms[1], ms[2]);
    if (saved)
        setenv("PVC_CACHE_DIR", saved, 1);
    else
        unsetenv("PVC_CACHE_DIR");
    free(saved);
    if (bad)
        bench_fail("latency: a `pvc run` of %s failed", o->sample);
    return bad;
}
