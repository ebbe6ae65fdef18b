/* ops.c - the op path on real kernels: the softmax, layernorm and rmsnorm samples at 512 and
 * 4,096 x 256 FP32 rows (2 and 16 times the Unified Buffer), pvc's native backend vs
 * hand-written C computing the same bits (bench/hand_rows.c), numpy vs that C, and the
 * simulator vs native. tools/bench_ops.py measures them in process through the pvc package
 * (contestants in turns, each sample at least 30 ms of the process's CPU time; the hand C's
 * output is compared with pvc's byte for byte first) and writes one line per kernel and size
 * to a TSV file, which `make bench` hands to pvc_bench with --ops; this file turns each line
 * into three rows of the table, the ratio being the median of the per-turn ratios with their
 * lowest and highest beside it.
 * Targets (BENCHMARKS.md): native within 1.5x of the hand C, sim within 10x of native; numpy
 * against the hand C is context. */
#include <stdio.h>
#include <string.h>

#include "bench.h"

int bench_ops(const bench_opts *o)
{
    FILE *f = fopen(o->ops_tsv, "r");
    char line[512];
    int n = 0;
    if (!f) {
        bench_fail("ops: cannot read %s (tools/bench_ops.py --tsv writes it)", o->ops_tsv);
        return 1;
    }
    while (fgets(line, sizeof line, f)) {
        char name[32];
        int rows;
        double nat, sim, np, hand, r[9];
        if (sscanf(line, "%31s %d %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf", name, &rows,
                   &nat, &sim, &np, &hand, &r[0], &r[1], &r[2], &r[3], &r[4], &r[5], &r[6], &r[7],
                   &r[8]) != 15 || nat <= 0 || np <= 0 || sim <= 0 || hand <= 0) {
            bench_fail("ops: %s: a line that is not kernel, R, four times and nine ratios",
                       o->ops_tsv);
            fclose(f);
            return 1;
        }
        bench_row a = {"", nat, "ms", hand, "hand C (same bits)", '<', 1.5};
        snprintf(a.what, sizeof a.what, "native / hand C, %s %d x 256 FP32", name, rows);
        bench_add_spread(&a, r[0], r[1], r[2]);
        bench_row p = {"", np, "ms", hand, "hand C (same bits)", 0, 0};
        snprintf(p.what, sizeof p.what, "(context) numpy / hand C, %s %d x 256", name, rows);
        bench_add_spread(&p, r[3], r[4], r[5]);
        bench_row s = {"", sim, "ms", nat, "native", '<', 10.0};
        snprintf(s.what, sizeof s.what, "sim / native, %s %d x 256 FP32", name, rows);
        bench_add_spread(&s, r[6], r[7], r[8]);
        n++;
    }
    fclose(f);
    if (!n) {
        bench_fail("ops: %s has no kernel line", o->ops_tsv);
        return 1;
    }
    return 0;
}
