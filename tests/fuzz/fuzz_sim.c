/* fuzz_sim.c - libFuzzer harness over compile-then-simulate: any bytes as a Python file,
 * compiled through the library (libpvc.h), and every jit kernel it holds run in the
 * simulator on small tensors filled from the input's bytes, with a small op budget
 * (--max-ops) so that no input runs long. Each kernel runs twice, observed (a trace to
 * /dev/null: the observing loop) and not (the fast loop, fast.c), and the two runs must
 * agree: the same status, the same diagnostics, the same tensors afterwards. A crash, a
 * sanitizer report, a leak, an internal error or a disagreement (abort) is a bug.
 * Seeds: as fuzz_frontend (run_fuzz.sh). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/libpvc.h"

enum {
    FUZZ_MAX_OPS = 20000,        /* per launch: a few ms of simulation */
    FUZZ_DYN_DIM = 64,           /* a pl.DYNAMIC dimension */
    FUZZ_MAX_BYTES = 1 << 18,    /* per tensor: larger kernels are skipped */
    FUZZ_MAX_PARAMS = 64,
    FUZZ_MAX_KERNELS = 4,
};

static FILE *null_out;

static void require(int cond, const char *what, const char *detail)
{
    if (!cond) {
        fprintf(stderr, "fuzz_sim: %s\n%s\n", what, detail ? detail : "");
        abort();
    }
}

/* 1 when a record is a bug in pvc (code "internal"), not a diagnostic of the input. */
static int has_bug(const pvc_diagnostics *d)
{
    for (size_t i = 0; i < pvc_diagnostics_count(d); i++)
        if (!strcmp(pvc_diagnostics_get(d, i)->code, "internal"))
            return 1;
    return 0;
}

/* The arguments of kernel k: tensors of its declared shape (DYNAMIC as FUZZ_DYN_DIM) filled
 * cyclically from seed, ints 3, floats 1.5, bools 1. 0 when the kernel is skipped. */
static int make_args(const pvc_kernel *k, pvc_arg *args, size_t *bytes, const uint8_t *seed,
                     size_t nseed)
{
    int n = pvc_kernel_param_count(k);
    for (int i = 0; i < n; i++) {
        pvc_arg *a = &args[i];
        switch (pvc_kernel_param_kind(k, i)) {
        case 'i': a->kind = PVC_ARG_INT, a->i = 3; continue;
        case 'b': a->kind = PVC_ARG_BOOL, a->i = 1; continue;
        case 'f': a->kind = PVC_ARG_FLOAT, a->f = 1.5; continue;
        case 't': break;
        default: return 0;
        }
        int bits = pvc_dtype_bits(pvc_kernel_param_dtype(k, i)), rank = pvc_kernel_param_rank(k, i);
        if (bits < 8 || rank < 1 || rank > PVC_ARG_MAX_RANK)
            return 0; /* 4-bit tensors are bytes of two codes: not worth the shapes here */
        size_t count = 1;
        for (int d = 0; d < rank; d++) {
            int64_t dim = pvc_kernel_param_dim(k, i, d);
            a->shape[d] = dim > 0 ? dim : FUZZ_DYN_DIM;
            if (a->shape[d] > FUZZ_MAX_BYTES || (count *= (size_t)a->shape[d]) > FUZZ_MAX_BYTES)
                return 0;
        }
        bytes[i] = count * (size_t)(bits / 8);
        if (bytes[i] > FUZZ_MAX_BYTES)
            return 0;
        a->kind = PVC_ARG_TENSOR, a->dtype = pvc_kernel_param_dtype(k, i), a->rank = rank;
        uint8_t *p = malloc(bytes[i] ? bytes[i] : 1);
        require(p != NULL, "out of memory", NULL);
        for (size_t b = 0; b < bytes[i]; b++)
            p[b] = nseed ? seed[(b * 7 + (size_t)i) % nseed] : (uint8_t)b;
        a->data = p;
    }
    return 1;
}

static void free_args(pvc_arg *args, int n)
{
    for (int i = 0; i < n; i++)
        if (args[i].kind == PVC_ARG_TENSOR)
            free(args[i].data);
}

/* One launch; the status, the diagnostics' text (a copy) and the tensors afterwards. */
static int launch(const pvc_kernel *k, pvc_arg *args, int n, FILE *trace, pvc_diagnostics *d,
                  char **text)
{
    pvc_launch_options o = {.backend = PVC_BACKEND_SIM, .blocks = 1, .trace = trace,
                            .max_ops = FUZZ_MAX_OPS};
    pvc_diagnostics_clear(d);
    int status = pvc_kernel_launch(k, args, n, &o, d);
    *text = strdup(pvc_diagnostics_text(d));
    require(*text != NULL, "out of memory", NULL);
    require(status != PVC_STATUS_INTERNAL, "internal error", *text);
    return status;
}

static void run_kernel(const pvc_kernel *k, const uint8_t *data, size_t size, pvc_diagnostics *d)
{
    pvc_arg fast[FUZZ_MAX_PARAMS], seen[FUZZ_MAX_PARAMS];
    size_t bytes[FUZZ_MAX_PARAMS] = {0};
    int n = pvc_kernel_param_count(k);
    if (n > FUZZ_MAX_PARAMS)
        return;
    memset(fast, 0, sizeof fast); /* (PVC_ARG_TENSOR is 0: free(NULL) for what was not made) */
    memset(seen, 0, sizeof seen);
    if (!make_args(k, fast, bytes, data, size) || !make_args(k, seen, bytes, data, size)) {
        free_args(fast, n);
        free_args(seen, n);
        return;
    }
    char *t_fast, *t_seen;
    int s_fast = launch(k, fast, n, NULL, d, &t_fast);
    int s_seen = launch(k, seen, n, null_out, d, &t_seen);
    require(s_fast == s_seen, "the fast and the observing loop end differently", t_fast);
    require(strcmp(t_fast, t_seen) == 0, "the fast and the observing loop say different things",
            t_seen);
    for (int i = 0; i < n; i++)
        if (fast[i].kind == PVC_ARG_TENSOR)
            require(memcmp(fast[i].data, seen[i].data, bytes[i]) == 0,
                    "the fast and the observing loop leave different tensors", t_fast);
    free(t_fast);
    free(t_seen);
    free_args(fast, n);
    free_args(seen, n);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!null_out)
        null_out = fopen("/dev/null", "w");
    pvc_diagnostics *d = pvc_diagnostics_new();
    require(d != NULL, "out of memory", NULL);
    pvc_program *p = pvc_program_load_source("fuzz.py", (const char *)data, size, d);
    if (p) {
        int nk = pvc_program_kernel_count(p);
        for (int i = 0; i < nk && i < FUZZ_MAX_KERNELS; i++)
            run_kernel(pvc_program_kernel_at(p, i), data, size, d);
        pvc_program_release(p);
    } else
        require(!has_bug(d), "internal error", pvc_diagnostics_text(d));
    pvc_cache_clear(); /* every input is a new program: keep no cache */
    pvc_diagnostics_delete(d);
    return 0;
}
