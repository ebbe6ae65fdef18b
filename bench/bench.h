/* bench.h - the parts of `make bench` (bench/README in BENCHMARKS.md).
 *
 *   bench.c    options, timing (medians of repeated samples), the result table
 *   front.c    front end: bare tree-sitter parse vs parse + passes + emit, in-process
 *   kern.c     kernels of bench/kernels.py: native (emitted C, dlopen'd) vs memcpy, and sim
 *   latency.c  whole-process wall time of `pvc run`: sim, native cold, native warm
 *
 * Every figure is a median over `reps` samples; a sample repeats the timed work until it lasts
 * at least `min_ns`, so clock resolution and one-off stalls do not move the median.
 */
#ifndef PVC_BENCH_H
#define PVC_BENCH_H
#include <stdint.h>

typedef struct {
    const char *pvc;          /* the pvc binary (latency) */
    const char *front_file;   /* generated 1,000-function file */
    const char *kernels_file; /* bench/kernels.py */
    const char *include_dir;  /* runtime/include, for the native backend's cc */
    const char *work_dir;     /* scratch: caches of the native backend */
    const char *sample;       /* samples/load_align_norm.py */
    const char *sample_data;  /* its samples/data/<sample>/<case> directory */
    int reps;                 /* samples per figure (>= 5) */
    uint64_t min_ns;          /* shortest sample */
} bench_opts;

/* One row of the table. A figure with no baseline has base == 0; a row with no target has
 * target_kind == 0. ratio = value / base. met: ratio >= target (kind '>') or <= (kind '<'). */
typedef struct {
    char what[64];
    double value;
    char unit[16];
    double base;
    char base_what[24];
    char target_kind;   /* '>' ratio at least, '<' ratio at most, 'v' value at least, 0 none */
    double target;
} bench_row;

typedef void (*bench_fn)(void *arg, uint64_t n);

uint64_t bench_now_ns(void);
/* Median seconds per unit of work: fn(arg, n) does n units; n is doubled until one call lasts
 * min_ns, then `reps` calls of that n are timed. */
double bench_median(const bench_opts *o, bench_fn fn, void *arg);
/* The same for two workloads timed alternately, sample by sample, so a neighbour's load on
 * the machine hits both alike (the native copy and its memcpy baseline). */
void bench_median_pair(const bench_opts *o, bench_fn fa, void *a, bench_fn fb, void *b,
                       double *ta, double *tb);
/* Median of reps already measured values (sorts v). */
double bench_median_of(double *v, int n);
void bench_add(const bench_row *r);
void bench_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

int bench_front(const bench_opts *o);
int bench_kernels(const bench_opts *o);
int bench_latency(const bench_opts *o);
#endif /* PVC_BENCH_H */
