/* bench.c - `make bench`: options, timing, child processes and the result table (bench.h).
 * A missed target prints NO but does not fail the run; a kernel that faults or computes a
 * wrong result, or a command that fails, does (exit 1). Targets are ratios only: an
 * absolute throughput says more about the machine than about pvc. */
#define _DEFAULT_SOURCE /* wait4: the peak RSS of one child */
#include <fcntl.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>

#include "bench.h"

extern char **environ;

#define MAX_ROWS 64
static bench_row rows[MAX_ROWS];
static double spreads[MAX_ROWS][3]; /* bench_add_spread: ratio, lowest, highest (0: none) */
static int nrows, failed;

uint64_t bench_now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double bench_median_of(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* n for fn: doubled until one call lasts min_ns (the first calls also warm caches). */
static uint64_t calibrate(const bench_opts *o, bench_fn fn, void *arg)
{
    uint64_t n = 1;
    for (;;) {
        uint64_t t = bench_now_ns();
        fn(arg, n);
        if (bench_now_ns() - t >= o->min_ns || n >= (1u << 30))
            return n;
        n *= 2;
    }
}

double bench_median(const bench_opts *o, bench_fn fn, void *arg)
{
    uint64_t n = calibrate(o, fn, arg), t;
    double v[o->reps];
    for (int i = 0; i < o->reps; i++) {
        t = bench_now_ns();
        fn(arg, n);
        v[i] = (double)(bench_now_ns() - t) * 1e-9 / (double)n;
    }
    return bench_median_of(v, o->reps);
}

void bench_median_pair(const bench_opts *o, bench_fn fa, void *a, bench_fn fb, void *b,
                       double *ta, double *tb)
{
    uint64_t na = calibrate(o, fa, a), nb = calibrate(o, fb, b);
    double va[o->reps], vb[o->reps];
    for (int i = 0; i < o->reps; i++) {
        uint64_t t = bench_now_ns();
        fa(a, na);
        va[i] = (double)(bench_now_ns() - t) * 1e-9 / (double)na;
        t = bench_now_ns();
        fb(b, nb);
        vb[i] = (double)(bench_now_ns() - t) * 1e-9 / (double)nb;
    }
    *ta = bench_median_of(va, o->reps);
    *tb = bench_median_of(vb, o->reps);
}

/* environ with NAME=VALUE set (replacing NAME's entry); the array is static, reused. */
static char **env_with(const char *env)
{
    static char *out[4096];
    size_t n = 0, name = env ? strcspn(env, "=") : 0;
    for (char **e = environ; *e && n < 4094; e++)
        if (!env || strncmp(*e, env, name + 1))
            out[n++] = *e;
    if (env)
        out[n++] = (char *)env;
    out[n] = NULL;
    return out;
}

double bench_run(char *const argv[], const char *env, long *maxrss_kb, double *cpu_s)
{
    posix_spawn_file_actions_t fa;
    pid_t pid;
    int status;
    struct rusage ru;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    uint64_t t = bench_now_ns();
    int err = posix_spawnp(&pid, argv[0], &fa, NULL, argv, env_with(env));
    posix_spawn_file_actions_destroy(&fa);
    if (err || wait4(pid, &status, 0, &ru) != pid || !WIFEXITED(status) || WEXITSTATUS(status))
        return -1;
    double s = (double)(bench_now_ns() - t) * 1e-9;
    if (maxrss_kb)
        *maxrss_kb = ru.ru_maxrss; /* Linux: KiB */
    if (cpu_s)
        *cpu_s = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
                 (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
    return s;
}

void bench_add(const bench_row *r)
{
    if (nrows < MAX_ROWS)
        rows[nrows++] = *r;
}

void bench_add_spread(const bench_row *r, double ratio, double lo, double hi)
{
    if (nrows < MAX_ROWS) {
        spreads[nrows][0] = ratio, spreads[nrows][1] = lo, spreads[nrows][2] = hi;
        rows[nrows++] = *r;
    }
}

void bench_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("bench: error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    failed = 1;
}

/* 1234567 -> "1.23 M": three significant digits with an SI prefix. */
static void fmt_si(char *buf, size_t n, double v)
{
    static const char *pre[] = {"", "k", "M", "G", "T"};
    int i = 0;
    while (v >= 1000 && i < 4)
        v /= 1000, i++;
    snprintf(buf, n, "%.3g %s", v, pre[i]);
}

static void fmt_value(char *buf, size_t n, double v, const char *unit)
{
    if (!strcmp(unit, "ms") || !strcmp(unit, "x") || !strcmp(unit, "KiB/vf") || !strcmp(unit, "s"))
        snprintf(buf, n, "%.3g", v);
    else
        fmt_si(buf, n, v);
}

static void print_table(void)
{
    printf("\n%-46s %10s %-8s %10s %-26s %7s %-13s %8s %4s\n", "what", "value", "unit",
           "baseline", "(of)", "ratio", "[low - high]", "target", "met?");
    for (int i = 0; i < nrows; i++) {
        const bench_row *r = &rows[i];
        char val[32], base[32] = "-", ratio[32] = "-", target[32] = "-", met[8] = "-";
        char spread[40] = "";
        const double *sp = spreads[i];
        double q = sp[0] > 0 ? sp[0] : r->base > 0 ? r->value / r->base : 0;
        if (sp[0] > 0)
            snprintf(spread, sizeof spread, "[%.2f - %.2f]", sp[1], sp[2]);
        fmt_value(val, sizeof val, r->value, r->unit);
        if (r->base > 0) {
            fmt_value(base, sizeof base, r->base, r->unit);
            snprintf(ratio, sizeof ratio, "%.3f", q);
        }
        if (r->target_kind == 'm') { /* a size per unit: the value itself at most */
            snprintf(target, sizeof target, "<= %.3g", r->target);
            strcpy(met, r->value <= r->target ? "yes" : "NO");
        } else if (r->target_kind) {
            snprintf(target, sizeof target, "%s %.3g", r->target_kind == '>' ? ">=" : "<=", r->target);
            strcpy(met, (r->target_kind == '>' ? q >= r->target : q <= r->target) ? "yes" : "NO");
        }
        printf("%-46s %10s %-8s %10s %-26s %7s %-13s %8s %4s\n", r->what, val, r->unit, base,
               r->base > 0 ? r->base_what : "", ratio, spread, target, met);
    }
}

static void usage(void)
{
    fputs("usage: pvc_bench --pvc PVC --ts-parse TS_PARSE --front N=FILE.py --front N=FILE.py\n"
          "                 --kernels FILE.py --include DIR --work DIR --sample FILE.py\n"
          "                 --sample-data DIR [--cc CC] [--reps N] [--min-ms MS]\n"
          "                 [--ops OPS.tsv] [--cc-floor FLOOR.c] [--only front|kernels|latency|ops]\n",
          stderr);
    exit(2);
}

/* --front N=FILE: the smaller N is the 1,000-function file, the larger the 10,000 one. */
static void front_file(bench_opts *o, const char *v)
{
    char *eq = strchr(v, '=');
    int n = eq ? atoi(v) : 0;
    if (!eq || n <= 0)
        usage();
    if (!o->front_small || n < o->n_small) {
        o->front_large = o->front_small, o->n_large = o->n_small;
        o->front_small = eq + 1, o->n_small = n;
    } else
        o->front_large = eq + 1, o->n_large = n;
}

int main(int argc, char **argv)
{
    bench_opts o = {.reps = 7, .min_ns = 30000000};
    const char *only = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v)
            usage();
        i++;
        if (!strcmp(a, "--pvc")) o.pvc = v;
        else if (!strcmp(a, "--ts-parse")) o.ts_parse = v;
        else if (!strcmp(a, "--front")) front_file(&o, v);
        else if (!strcmp(a, "--kernels")) o.kernels_file = v;
        else if (!strcmp(a, "--include")) o.include_dir = v;
        else if (!strcmp(a, "--work")) o.work_dir = v;
        else if (!strcmp(a, "--sample")) o.sample = v;
        else if (!strcmp(a, "--sample-data")) o.sample_data = v;
        else if (!strcmp(a, "--cc")) o.cc = v;
        else if (!strcmp(a, "--reps")) o.reps = atoi(v);
        else if (!strcmp(a, "--min-ms")) o.min_ns = (uint64_t)(atof(v) * 1e6);
        else if (!strcmp(a, "--ops")) o.ops_tsv = v;
        else if (!strcmp(a, "--cc-floor")) o.cc_floor = v;
        else if (!strcmp(a, "--only")) only = v;
        else usage();
    }
    if (!o.cc)
        o.cc = getenv("CC") && *getenv("CC") ? getenv("CC") : "cc";
    if (!o.pvc || !o.ts_parse || !o.front_small || !o.front_large || !o.kernels_file ||
        !o.include_dir || !o.work_dir || !o.sample || !o.sample_data || o.reps < 5 || o.reps > 101)
        usage();
    printf("pvc bench: medians of %d samples; ratios from interleaved samples (A B A B ...)\n", o.reps);
    fflush(stdout);
    if (!only || !strcmp(only, "latency"))
        failed |= bench_latency(&o);
    if (!only || !strcmp(only, "kernels"))
        failed |= bench_kernels(&o);
    if (!only || !strcmp(only, "front"))
        failed |= bench_front(&o);
    if (o.ops_tsv && (!only || !strcmp(only, "ops")))
        failed |= bench_ops(&o);
    print_table();
    return failed ? 1 : 0;
}
