/* front.c - the front end as a user runs it, whole processes (bench/gen_frontend.py writes
 * the inputs: N vector functions in four shapes and one @pl.jit kernel calling each, so all
 * N are specialised and emitted):
 *   `pvc compile F -o OUT.c` against `ts_parse F` (ts_parse.c: the bare tree-sitter parse)
 *   `cc -O2` on OUT.c, with the native backend's flags, against `pvc compile F`; and, as
 *   context, on the least C one C function per vector function can be (--cc-floor,
 *   bench/gen_cc_floor.py): the part of that ratio no emitter of such C can remove
 *   the peak resident memory of `pvc compile F`, per vector function, above the peak of
 *   `pvc compile` on a one-function file (the process's floor: binary, libraries, grammar)
 * Each pair takes turns sample by sample. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

/* A paired median: two commands, alternately, reps times; the peak RSS of the first; and
 * (cpu_a, cpu_b may be NULL) the median CPU time of each. */
static int pair(const bench_opts *o, char *const a[], char *const b[], double *ta, double *tb, long *rss_a,
                double *cpu_a, double *cpu_b)
{
    double va[o->reps], vb[o->reps], ca[o->reps], cb[o->reps];
    long rss[o->reps];
    for (int i = 0; i < o->reps; i++) {
        cb[i] = 0;
        va[i] = bench_run(a, NULL, &rss[i], &ca[i]);
        vb[i] = b ? bench_run(b, NULL, NULL, &cb[i]) : 0;
        if (va[i] < 0 || vb[i] < 0) {
            bench_fail("front end: `%s %s %s` or `%s %s` failed", a[0], a[1], a[2], b ? b[0] : "",
                       b ? b[1] : "");
            return 1;
        }
    }
    *ta = bench_median_of(va, o->reps);
    *tb = bench_median_of(vb, o->reps);
    if (cpu_a)
        *cpu_a = bench_median_of(ca, o->reps);
    if (cpu_b)
        *cpu_b = bench_median_of(cb, o->reps);
    if (rss_a) {
        double r[o->reps];
        for (int i = 0; i < o->reps; i++)
            r[i] = (double)rss[i];
        *rss_a = (long)bench_median_of(r, o->reps);
    }
    return 0;
}

/* Front end vs bare parse of file (n functions): rows, and the peak RSS of pvc compile. */
static int front_vs_parse(const bench_opts *o, const char *file, int n, const char *out_c, long *rss)
{
    char *compile[] = {(char *)o->pvc, "compile", (char *)file, "-o", (char *)out_c, NULL};
    char *parse[] = {(char *)o->ts_parse, (char *)file, NULL};
    double tc, tp, cc, cp;
    if (pair(o, compile, parse, &tc, &tp, rss, &cc, &cp))
        return 1;
    bench_row r = {"", tc * 1e3, "ms", tp * 1e3, "bare tree-sitter parse", '<', 1.5};
    snprintf(r.what, sizeof r.what, "pvc compile / bare parse, %d vf (whole process)", n);
    bench_add(&r);
    bench_add(&(bench_row){"  the same in CPU time (user + system)", cc * 1e3, "ms", cp * 1e3,
                           "bare tree-sitter parse", 0, 0});
    printf("front end: %s: pvc compile %.1f ms, bare parse %.1f ms, peak %ld KiB\n", file, tc * 1e3,
           tp * 1e3, *rss);
    return 0;
}

/* cc -O2 on c_file (the native backend's flags, compiler/emit/native.c: -c instead of
 * -shared), against pvc compile of file: the row `what`, with the target (0: context). */
static int cc_vs_front(const bench_opts *o, const char *file, const char *c_file, const char *out_c,
                       const char *what, double target)
{
    char inc[1100], obj[1100];
    snprintf(inc, sizeof inc, "-I%s", o->include_dir);
    snprintf(obj, sizeof obj, "%s.o", out_c);
    char *compile[] = {(char *)o->pvc, "compile", (char *)file, "-o", (char *)out_c, NULL};
    char *cc[] = {(char *)o->cc, "-std=c11", "-O2", "-fPIC", "-ffp-contract=off",
#if defined(__x86_64__)
                  "-march=native",
#endif
                  inc, "-c", (char *)c_file, "-o", obj, NULL};
    double tcc, tf;
    if (pair(o, cc, compile, &tcc, &tf, NULL, NULL, NULL))
        return 1;
    bench_row r = {"", tcc * 1e3, "ms", tf * 1e3, "pvc compile", target ? '<' : 0, target};
    snprintf(r.what, sizeof r.what, "%s", what);
    bench_add(&r);
    printf("front end: %s -O2 on %s: %.0f ms, pvc compile %.1f ms\n", o->cc, c_file, tcc * 1e3, tf * 1e3);
    return 0;
}

int bench_front(const bench_opts *o)
{
    char out_c[1024], one_py[1024], one_c[1024];
    long rss_small, rss_large, rss_floor;
    double t1, t2;
    snprintf(out_c, sizeof out_c, "%s/frontend_out.c", o->work_dir);
    snprintf(one_py, sizeof one_py, "%s/frontend_1.py", o->work_dir);
    snprintf(one_c, sizeof one_c, "%s/frontend_1.c", o->work_dir);
    char *floor_cmd[] = {(char *)o->pvc, "compile", one_py, "-o", one_c, NULL};
    if (pair(o, floor_cmd, NULL, &t1, &t2, &rss_floor, NULL, NULL) ||
        front_vs_parse(o, o->front_small, o->n_small, out_c, &rss_small) ||
        front_vs_parse(o, o->front_large, o->n_large, out_c, &rss_large))
        return 1;
    char what[200];
    snprintf(what, sizeof what, "%s -O2 on the emitted C / pvc compile, %d vf", o->cc, o->n_small);
    if (cc_vs_front(o, o->front_small, out_c, out_c, what, 3.0))
        return 1;
    snprintf(what, sizeof what, "  (context) %s -O2 on the least such C / pvc compile", o->cc);
    if (o->cc_floor && cc_vs_front(o, o->front_small, o->cc_floor, out_c, what, 0))
        return 1;
    const struct {
        int n;
        long rss;
    } m[] = {{o->n_small, rss_small}, {o->n_large, rss_large}};
    for (int i = 0; i < 2; i++) {
        bench_row r = {"", (double)(m[i].rss - rss_floor) / m[i].n, "KiB/vf", 0, "", 'm', 4.0};
        snprintf(r.what, sizeof r.what, "pvc compile peak memory per vf, %d vf", m[i].n);
        bench_add(&r);
        printf("front end: peak memory of pvc compile, %d vf: %ld KiB (%.1f KiB/vf above the %ld KiB "
               "of a one-function file; %.1f KiB/vf in all)\n",
               m[i].n, m[i].rss, (double)(m[i].rss - rss_floor) / m[i].n, rss_floor,
               (double)m[i].rss / m[i].n);
    }
    return 0;
}
