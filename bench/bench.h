/* bench.h - the parts of `make bench` (BENCHMARKS.md).
 *
 *   bench.c     options, timing, child processes, the result table
 *   kern.c      kernels of bench/kernels.py: native vs memcpy, sim vs native (in process)
 *   front.c     `pvc compile` vs the bare parse and vs cc on its output, and its peak memory
 *               (whole processes)
 *   latency.c   `pvc run`: the first native run (a cache miss) vs a warm one, and the sim
 *   ops.c       the rows of tools/bench_ops.py: softmax, layernorm, rmsnorm native vs numpy,
 *               sim vs native (in process, measured by that script; read from its TSV)
 *   ts_parse.c  (a program of its own) the bare tree-sitter parse of a file, whole process
 *
 * Every figure is a median over `reps` samples. A ratio compares two workloads that take
 * turns sample by sample (A B A B ...), so a neighbour's load on the machine weighs on both
 * alike; in-process samples repeat their work until they last at least `min_ns`.
 */
#ifndef PVC_BENCH_H
#define PVC_BENCH_H
#include <stdint.h>

typedef struct {
    const char *pvc;          /* the pvc binary */
    const char *ts_parse;     /* the bare-parse binary (ts_parse.c) */
    const char *front_small;  /* generated 1,000-function file */
    const char *front_large;  /* generated 10,000-function file */
    int n_small, n_large;     /* their vector functions */
    const char *kernels_file; /* bench/kernels.py */
    const char *include_dir;  /* runtime/include, for the native backend */
    const char *work_dir;     /* scratch: caches, emitted C */
    const char *sample;       /* samples/load_align_norm.py */
    const char *sample_data;  /* its samples/data/<sample>/<case> directory */
    const char *cc;           /* the C compiler the native backend runs ($CC or cc) */
    int reps;                 /* samples per figure (>= 5) */
    uint64_t min_ns;          /* shortest in-process sample */
    const char *ops_tsv;      /* tools/bench_ops.py --tsv output (NULL: no op rows) */
    const char *cc_floor;     /* bench/gen_cc_floor.py's C for front_small (NULL: no row) */
} bench_opts;

/* One row of the table: value in unit; base (0: none) in the same unit; the ratio is
 * value / base. target_kind '>' ratio at least target, '<' ratio at most, 'm' the value
 * (a size per unit, never a throughput) at most, 0 none. */
typedef struct {
    char what[72];
    double value;
    char unit[12];
    double base;
    char base_what[28];
    char target_kind;
    double target;
} bench_row;

typedef void (*bench_fn)(void *arg, uint64_t n);

uint64_t bench_now_ns(void);
/* Median seconds per unit of work of fn(arg, n) (n doubled until a call lasts min_ns). */
double bench_median(const bench_opts *o, bench_fn fn, void *arg);
/* The same for two workloads timed alternately, sample by sample. */
void bench_median_pair(const bench_opts *o, bench_fn fa, void *a, bench_fn fb, void *b,
                       double *ta, double *tb);
/* Median of n values (sorts v). */
double bench_median_of(double *v, int n);

/* Runs argv (NULL-terminated) with `env` (NAME=VALUE, may be NULL) added, its output to
 * /dev/null; wall seconds, the child's peak resident set in KiB in *maxrss_kb and its CPU
 * seconds (user + system, its own, not those of processes it leaves running) in *cpu_s
 * (either may be NULL); -1 when it could not run or exited non-zero. */
double bench_run(char *const argv[], const char *env, long *maxrss_kb, double *cpu_s);

void bench_add(const bench_row *r);
/* A row whose ratio is the median of per-turn ratios (not value / base of the medians),
 * printed with the lowest and highest of them. */
void bench_add_spread(const bench_row *r, double ratio, double lo, double hi);
void bench_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

int bench_kernels(const bench_opts *o);
int bench_front(const bench_opts *o);
int bench_latency(const bench_opts *o);
int bench_ops(const bench_opts *o);
#endif /* PVC_BENCH_H */
