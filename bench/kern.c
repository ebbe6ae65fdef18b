/* kern.c - the kernels of bench/kernels.py on both backends, timed in this process.
 *
 * Native: the passes, pvc_emit_c_string, pvc_native_load (cc -O2 -> cached .so, loaded with
 * dlopen; this binary is linked -rdynamic with the whole runtime, like build/pvc), then only
 * calls of the kernel's entry point are timed. The NORM copy is compared with memcpy of the
 * same bytes between the same UB addresses. Sim: pvc_backend_sim with every check on (the
 * hazard map, undefined registers, bounds), exactly what `pvc run --backend sim` calls, once
 * per kernel call (a call is 65,536 loop iterations; 30 of them are the 125.8 M lanes of the
 * issue's "at scale"). Each kernel's result is checked first: sim and native must agree bit
 * for bit, and the copies must reproduce the input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/backend.h"
#include "bench.h"
#include "emit/emit_c.h"
#include "emit/native.h"

#define ROWS 256
#define COLS 64
#define LANES_PER_CALL (256.0 * 16384.0) /* bench/kernels.py: 256 passes of 16384 lanes */
#define SRC_UB 0x0u
#define DST_UB 0x11000u

/* X(kernel, what the lanes are, expected out[r][c] from the input a (NULL: sim = native only)) */
#define BENCH_KERNELS(X)                                                         \
    X(copy,    "NORM load_align + store_align",         expect_copy)             \
    X(brc,     "BRC_B32 broadcast + store",              expect_brc)              \
    X(dintlv,  "DINTLV_B32 + 2 stores",                  expect_dintlv)           \
    X(ds,      "DS_B16 + store (FP16 lanes)",            NULL)                    \
    X(unalign, "load_unalign + store_unalign",           expect_copy)             \
    X(blk,     "DATA_BLOCK_COPY load + store",           expect_copy)             \
    X(astype,  "FP32->FP16 astype + store",              NULL)

typedef float (*expect_fn)(const float *a, int r, int c);
static float expect_copy(const float *a, int r, int c) { return a[r * COLS + c]; }
/* BRC_B32 at element offset r broadcasts a_flat[r] to the 64 lanes of row r. */
static float expect_brc(const float *a, int r, int c) { (void)c; return a[r]; }
/* Output rows 2i, 2i+1 hold the even and odd lanes of input rows 2i, 2i+1 (512 bytes). */
static float expect_dintlv(const float *a, int r, int c)
{
    return a[(r & ~1) * COLS + 2 * c + (r & 1)];
}

typedef struct {
    const char *name;
    const char *what;
    expect_fn expect;
} kernel_row;

static const kernel_row kernel_rows[] = {
#define X(k, what, ex) {#k, what, ex},
    BENCH_KERNELS(X)
#undef X
};
#define NKERNELS (int)(sizeof kernel_rows / sizeof kernel_rows[0])

typedef struct {
    pvc_unit *u;
    const pvc_func *kernel;
    pvc_kernel_fn fn;
    pvc_ctx *ctx;
    pvc_tensor *args;
    int fault;
} kern_arg;

static void call_native(pvc_ctx *ctx, void *arg)
{
    kern_arg *k = arg;
    k->fn(ctx, k->args, NULL); /* the bench kernel has no scalar parameters */
}

static void run_native(void *arg, uint64_t n)
{
    kern_arg *k = arg;
    for (uint64_t i = 0; i < n; i++)
        k->fault |= pvc_ctx_pcall(k->ctx, call_native, k);
}

static void run_sim(void *arg, uint64_t n)
{
    kern_arg *k = arg;
    pvc_run_opts ro = {0};
    pvc_launch_args l = {k->args, NULL, 1, PVC_BLOCK_VEC, 0, NULL};
    char err[256];
    for (uint64_t i = 0; i < n; i++) {
        void *x = pvc_backend_sim.open(k->u, k->kernel, &ro, &l, &k->u->diag, err, sizeof err);
        k->fault |= !x || pvc_backend_sim.run(x, k->ctx, &l) != 0;
        if (x)
            pvc_backend_sim.close(x, err, sizeof err);
    }
}

/* The same bytes as one copy-kernel call: 256 x 64 KiB between the two tiles. */
static void *(*volatile memcpy_fn)(void *, const void *, size_t) = memcpy;
static void run_memcpy(void *arg, uint64_t n)
{
    kern_arg *k = arg;
    for (uint64_t i = 0; i < n; i++)
        for (int rep = 0; rep < 256; rep++)
            memcpy_fn(k->ctx->ub + DST_UB, k->ctx->ub + SRC_UB, ROWS * COLS * sizeof(float));
}

static const pvc_func *find_jit(const pvc_module *m, const char *name)
{
    for (int i = 0; i < m->nfuncs; i++)
        if (m->funcs[i]->kind == PVC_FN_JIT && !strcmp(m->funcs[i]->name, name))
            return m->funcs[i];
    return NULL;
}

static pvc_kernel_fn find_entry(pvc_native *so, const char *name)
{
    const pvc_kernel_entry *e = pvc_native_sym(so, PVC_KERNEL_TABLE);
    for (; e && e->name; e++)
        if (!strcmp(e->name, name))
            return e->fn;
    return NULL;
}

static int check_expect(const kernel_row *kr, const float *a, const float *out)
{
    for (int r = 0; kr->expect && r < ROWS; r++)
        for (int c = 0; c < COLS; c++)
            if (memcmp(&out[r * COLS + c], &(float){kr->expect(a, r, c)}, sizeof(float))) {
                bench_fail("%s: native out[%d][%d] = %g, expected %g", kr->name, r, c,
                           (double)out[r * COLS + c], (double)kr->expect(a, r, c));
                return 1;
            }
    return 0;
}

/* Times one kernel on both backends and adds its rows: sim and native take turns sample by
 * sample; the copy's native figure takes turns with memcpy too. */
static int bench_one(const bench_opts *o, const kernel_row *kr, kern_arg *k, pvc_native *so)
{
    char jit[64];
    snprintf(jit, sizeof jit, "bench_%s", kr->name);
    k->kernel = find_jit(k->u->mod, jit);
    k->fn = find_entry(so, jit);
    if (!k->kernel || !k->fn) {
        bench_fail("%s: no kernel %s", o->kernels_file, jit);
        return 1;
    }
    const float *a = k->args[0].data;
    float *out = k->args[1].data;
    size_t bytes = ROWS * COLS * sizeof(float);
    float *native_out = malloc(bytes);
    memset(out, 0, bytes);
    run_native(k, 1);
    memcpy(native_out, out, bytes);
    memset(out, 0, bytes);
    run_sim(k, 1);
    int bad = k->fault;
    if (k->fault)
        bad = 1, bench_fail("%s: kernel fault: %s", kr->name, pvc_fault_text[k->ctx->fault.kind]);
    else if (memcmp(native_out, out, bytes))
        bad = 1, bench_fail("%s: sim and native outputs differ", kr->name);
    else
        bad = check_expect(kr, a, native_out);
    free(native_out);
    if (bad)
        return 1;

    double t_nat, t_sim, t_nat2 = 0, t_memcpy = 0;
    bench_median_pair(o, run_sim, k, run_native, k, &t_sim, &t_nat);
    if (!strcmp(kr->name, "copy")) {
        bench_median_pair(o, run_native, k, run_memcpy, k, &t_nat2, &t_memcpy);
        /* bytes/s: memcpy moves the bytes the kernel loads (and stores) once each */
        bench_add(&(bench_row){"native copy / memcpy (same UB buffers)", LANES_PER_CALL * 4 / t_nat2, "B/s",
                               LANES_PER_CALL * 4 / t_memcpy, "glibc memcpy", '>', 0.9});
    }
    bench_row s = {"", LANES_PER_CALL / t_sim, "lanes/s", LANES_PER_CALL / t_nat, "native", 0, 0};
    snprintf(s.what, sizeof s.what, "sim / native, %s (every check on)", kr->name);
    if (!strcmp(kr->name, "copy"))
        s.target_kind = '>', s.target = 0.3;
    bench_add(&s);
    printf("kernel %-8s %-36s native %8.3f ms/call  sim %8.3f ms/call\n", kr->name, kr->what,
           t_nat * 1e3, t_sim * 1e3);
    fflush(stdout);
    k->fault = 0;
    return bad;
}

/* Emits, compiles and loads the kernels file; NULL after a message on failure. */
static pvc_native *load_native(const bench_opts *o, pvc_unit *u)
{
    char cache[1024], err[512];
    size_t len = 0;
    snprintf(cache, sizeof cache, "%s/cache-kernels", o->work_dir);
    char *c = pvc_emit_c_string(u->mod, &len);
    if (!c) {
        bench_fail("cannot emit C for %s", o->kernels_file);
        return NULL;
    }
    pvc_native_opts no = {.include_dir = o->include_dir, .cache_dir = cache, .mode = PVC_BUILD_CC,
                          .cflags = getenv("PVC_CFLAGS")};
    pvc_native *so = pvc_native_load(c, len, &no, NULL, err, sizeof err);
    free(c);
    if (!so)
        bench_fail("native backend: %s", err);
    return so;
}

int bench_kernels(const bench_opts *o)
{
    pvc_source src;
    pvc_unit u;
    if (pvc_source_load(&src, o->kernels_file)) {
        bench_fail("cannot read %s", o->kernels_file);
        return 1;
    }
    pvc_unit_init(&u, src, stderr);
    if (pvc_run_passes(&u, NULL, NULL, NULL) != PVC_EXIT_OK) {
        pvc_unit_free(&u);
        bench_fail("%s does not compile", o->kernels_file);
        return 1;
    }
    pvc_native *so = load_native(o, &u);
    pvc_ctx *ctx = pvc_ctx_new();
    float *a = malloc(ROWS * COLS * sizeof(float)), *out = malloc(ROWS * COLS * sizeof(float));
    int bad = !so || !ctx || !a || !out;
    for (int i = 0; a && i < ROWS * COLS; i++)
        a[i] = (float)(i % 4093) * 0.25f - 500.0f; /* exact in FP32 and in FP16 */
    pvc_tensor args[2] = {{a, PVC_DT_FP32, 2, {ROWS, COLS}, {0}, 0, 0, PVC_TL_ND}, {out, PVC_DT_FP32, 2, {ROWS, COLS}, {0}, 0, 0, PVC_TL_ND}};
    kern_arg k = {.u = &u, .ctx = ctx, .args = args};
    for (int i = 0; !bad && i < NKERNELS; i++)
        bad |= bench_one(o, &kernel_rows[i], &k, so);
    free(a);
    free(out);
    pvc_ctx_free(ctx);
    if (so)
        pvc_native_close(so);
    pvc_unit_free(&u);
    return bad;
}
