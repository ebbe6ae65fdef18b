/* bench.c - `make bench`: options, timing and the result table (bench.h). Targets that are
 * missed print "no" but do not fail the run; a kernel that faults or computes a wrong result
 * does (exit 1). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"

#define MAX_ROWS 64
static bench_row rows[MAX_ROWS];
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

void bench_add(const bench_row *r)
{
    if (nrows < MAX_ROWS)
        rows[nrows++] = *r;
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

/* 1234567 -> "1.23 M" style: three significant digits with an SI prefix. */
static void fmt_si(char *buf, size_t n, double v)
{
    static const char *pre[] = {"", "k", "M", "G", "T"};
    int i = 0;
    while (v >= 1000 && i < 4)
        v /= 1000, i++;
    snprintf(buf, n, "%.3g %s", v, pre[i]);
}

static void print_table(void)
{
    printf("\n%-34s %12s %-9s %12s %-16s %9s %10s %5s\n", "what", "value", "unit", "baseline",
           "(of)", "ratio", "target", "met?");
    for (int i = 0; i < nrows; i++) {
        const bench_row *r = &rows[i];
        char val[32], base[32] = "-", ratio[32] = "-", target[32] = "-", met[8] = "-";
        double q = r->base > 0 ? r->value / r->base : 0;
        if (!strcmp(r->unit, "ms") || !strcmp(r->unit, "x"))
            snprintf(val, sizeof val, "%.3g", r->value);
        else
            fmt_si(val, sizeof val, r->value);
        if (r->base > 0) {
            if (!strcmp(r->unit, "ms"))
                snprintf(base, sizeof base, "%.3g", r->base);
            else
                fmt_si(base, sizeof base, r->base);
            snprintf(ratio, sizeof ratio, "%.3f", q);
        }
        if (r->target_kind == '>' || r->target_kind == '<') {
            snprintf(target, sizeof target, "%s %.3g", r->target_kind == '>' ? ">=" : "<=", r->target);
            strcpy(met, (r->target_kind == '>' ? q >= r->target : q <= r->target) ? "yes" : "NO");
        } else if (r->target_kind == 'v') {
            fmt_si(target, sizeof target, r->target);
            memmove(target + 3, target, strlen(target) + 1);
            memcpy(target, ">= ", 3);
            strcpy(met, r->value >= r->target ? "yes" : "NO");
        }
        printf("%-34s %12s %-9s %12s %-16s %9s %10s %5s\n", r->what, val, r->unit, base,
               r->base > 0 ? r->base_what : "", ratio, target, met);
    }
}

static void usage(void)
{
    fputs("usage: pvc_bench --pvc PVC --front FILE.py --kernels FILE.py --include DIR\n"
          "                 --work DIR --sample FILE.py --sample-data DIR [--reps N] [--min-ms MS]\n"
          "                 [--only front|kernels|latency]\n",
          stderr);
    exit(2);
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
        else if (!strcmp(a, "--front")) o.front_file = v;
        else if (!strcmp(a, "--kernels")) o.kernels_file = v;
        else if (!strcmp(a, "--include")) o.include_dir = v;
        else if (!strcmp(a, "--work")) o.work_dir = v;
        else if (!strcmp(a, "--sample")) o.sample = v;
        else if (!strcmp(a, "--sample-data")) o.sample_data = v;
        else if (!strcmp(a, "--reps")) o.reps = atoi(v);
        else if (!strcmp(a, "--min-ms")) o.min_ns = (uint64_t)(atof(v) * 1e6);
        else if (!strcmp(a, "--only")) only = v;
        else usage();
    }
    if (!o.pvc || !o.front_file || !o.kernels_file || !o.include_dir || !o.work_dir || !o.sample ||
        !o.sample_data || o.reps < 5 || o.reps > 101)
        usage();
    printf("pvc bench: medians of %d samples, each >= %.0f ms\n", o.reps, (double)o.min_ns / 1e6);
    fflush(stdout);
    if (!only || !strcmp(only, "front"))
        failed |= bench_front(&o);
    if (!only || !strcmp(only, "kernels"))
        failed |= bench_kernels(&o);
    if (!only || !strcmp(only, "latency"))
        failed |= bench_latency(&o);
    print_table();
    return failed ? 1 : 0;
}
