/* test_caller_memory.c - the library's side of memory the caller owns and of launches that
 * stop (libpvc.h; docs/SEMANTICS.md §6, "Arguments of a launch"): which parameters a kernel
 * writes (every op whose row says PVC_MF_WRITES_GM), the layout queries of compiler/lib/
 * layout.c on hand-made strides, broadcast and overlapping arguments refused or shared, the
 * stop flag and the timeout in the simulator, and out-of-memory records. Expected values are
 * hand-derived; tests/py/test_caller_memory.py runs the same rules in both backends. */
#include <string.h>
#include <time.h>

#include "lib/lib.h"
#include "unit.h"

static const char SRC[] =
    "import pypto_pro.language as pl\n"
    "\n"
    "def put(t):\n"
    "    t[0, 2] = 1.0\n"
    "\n"
    "@pl.jit()\n"
    "def writes(a: pl.Tensor[[1, 64], pl.DT_FP32], b: pl.Tensor[[1, 64], pl.DT_FP32],\n"
    "           c: pl.Tensor[[1, 64], pl.DT_FP32], d: pl.Tensor[[1, 1, 64], pl.DT_FP32],\n"
    "           e: pl.Tensor[[1, 64], pl.DT_FP32], n: int):\n"
    "    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)\n"
    "    t = pl.make_tile(tf, addr=0x0, size=256)\n"
    "    with pl.section_vector():\n"
    "        pl.load(t, e, [0, 0])\n"
    "        if n > 0:\n"
    "            a[0, 1] = 1.0\n"
    "        pl.setval(b, 0, 2.0)\n"
    "        put(c)\n"
    "        pl.store(d, t, [0, 0, 0])\n"
    "\n"
    "@pl.jit()\n"
    "def copy_rows(a: pl.Tensor[[pl.DYNAMIC, 4], pl.DT_INT32], out: pl.Tensor[[pl.DYNAMIC, 4], pl.DT_INT32]):\n"
    "    for r in pl.range(a.shape[0]):\n"
    "        for c in pl.range(4):\n"
    "            out[r, c] = a[r, c] + 1\n"
    "\n"
    "@pl.jit()\n"
    "def spin(out: pl.Tensor[[1, 64], pl.DT_FP32], n: int):\n"
    "    k = 0\n"
    "    with pl.section_vector():\n"
    "        for i in pl.range(n):\n"
    "            k = k + 1\n";

static pvc_diagnostics *d;

static int said(const char *s)
{
    size_t n = pvc_diagnostics_count(d);
    return n && strstr(pvc_diagnostics_get(d, n - 1)->message, s) != NULL;
}

static pvc_arg ints(int32_t *data, int64_t d0, int64_t d1, int64_t s0, int64_t s1)
{
    pvc_arg a = {.kind = PVC_ARG_TENSOR, .data = data, .dtype = pvc_dtype_by_name("INT32"), .rank = 2,
                 .shape = {d0, d1}, .strides = {s0, s1}, .flags = PVC_ARG_STRIDES};
    return a;
}

static void test_written(pvc_program *p)
{
    const pvc_kernel *k = pvc_program_kernel(p, "writes");
    UNIT_CHECK(k && pvc_kernel_param_written(k, 0) && pvc_kernel_param_written(k, 1) &&
                   pvc_kernel_param_written(k, 2) && pvc_kernel_param_written(k, 3),
               "t[i, j] = v behind an if, pl.setval, a helper's t[i, j] = v and a rank-3 pl.store write");
    UNIT_CHECK(k && !pvc_kernel_param_written(k, 4) && !pvc_kernel_param_written(k, 5),
               "pl.load reads, and a scalar is never written");
}

static void test_layout(void)
{
    int32_t m[64];
    pvc_arg c = ints(m, 4, 4, 4, 1), t = ints(m, 4, 4, 1, 4), b = ints(m, 4, 4, 0, 1);
    UNIT_CHECK(pvc_arg_contiguous(&c) && !pvc_arg_contiguous(&t) && !pvc_arg_contiguous(&b), "contiguity");
    pvc_arg zero = c;
    zero.strides[0] = zero.strides[1] = 0;
    zero.flags = 0;
    UNIT_CHECK(pvc_arg_contiguous(&zero) && pvc_arg_stride(&zero, 0) == 4, "strides all 0 without the flag: C order");
    zero.flags = PVC_ARG_STRIDES;
    UNIT_CHECK(!pvc_arg_contiguous(&zero) && pvc_arg_stride0_dim(&zero) == 0, "with it: a broadcast");
    UNIT_CHECK(pvc_arg_stride0_dim(&b) == 0 && pvc_arg_self_overlaps(&b) == 1 && pvc_arg_self_overlaps(&t) == 0,
               "a stride-0 dim overlaps itself, a transpose does not");
    pvc_arg odd = ints(m, 2, 3, 3, 2); /* offsets 0 2 4 3 5 7: distinct though the strides interleave */
    pvc_arg dup = ints(m, 2, 3, 2, 1); /* offsets 0 1 2 2 3 4: element [0, 2] is element [1, 0] */
    UNIT_CHECK(pvc_arg_self_overlaps(&odd) == 0 && pvc_arg_self_overlaps(&dup) == 1, "exact self-overlap");
    pvc_arg even = ints(m, 4, 4, 8, 2), oddc = ints(m + 1, 4, 4, 8, 2), rows = ints(m + 8, 1, 8, 8, 1);
    UNIT_CHECK(pvc_args_overlap(&even, &oddc) == 0 && pvc_args_overlap(&even, &rows) == 1 &&
                   pvc_args_overlap(&oddc, &rows) == 1,
               "interleaved columns share no byte; a row of both shares some");
    pvc_arg tail = ints(m + 7, 1, 1, 1, 1), gap = ints(m + 1, 1, 1, 1, 1);
    UNIT_CHECK(pvc_args_overlap(&even, &tail) == 0 && pvc_args_overlap(&even, &gap) == 0 &&
                   pvc_args_overlap(&c, &gap) == 1,
               "a lone element in a hole of a strided view, and inside a contiguous one");
    UNIT_CHECK(pvc_arg_same_view(&t, &t) && !pvc_arg_same_view(&t, &c), "same view");
}

static void test_binding(pvc_program *p)
{
    const pvc_kernel *k = pvc_program_kernel(p, "copy_rows");
    int32_t m[16], one = 7;
    for (int i = 0; i < 16; i++)
        m[i] = i;
    /* a (4, 4) transpose of m passed twice: one copy, so out[r, c] = a[r, c] + 1 in place */
    pvc_arg args[2] = {ints(m, 4, 4, 1, 4), ints(m, 4, 4, 1, 4)};
    int ok = pvc_kernel_launch(k, args, 2, NULL, d) == PVC_STATUS_OK;
    for (int i = 0; i < 16; i++)
        ok &= m[i] == i + 1;
    UNIT_CHECK(ok, "one copy for one view passed twice: every element once + 1");
    args[1] = ints(m, 4, 4, 4, 1);
    UNIT_CHECK(pvc_kernel_launch(k, args, 2, NULL, d) == PVC_STATUS_USAGE &&
                   said("arguments 0 ('a') and 1 ('out') of kernel 'copy_rows' share memory, and 'a' is not contiguous"),
               "a copied view over the memory of the written one");
    args[0] = ints(&one, 4, 4, 0, 0);
    int32_t out[16] = {0};
    args[1] = ints(out, 4, 4, 4, 1);
    ok = pvc_kernel_launch(k, args, 2, NULL, d) == PVC_STATUS_OK;
    for (int i = 0; i < 16; i++)
        ok &= out[i] == 8;
    UNIT_CHECK(ok, "a read broadcast of one element (strides 0, 0 with PVC_ARG_STRIDES)");
    args[1] = ints(out, 4, 4, 0, 1);
    UNIT_CHECK(pvc_kernel_launch(k, args, 2, NULL, d) == PVC_STATUS_USAGE &&
                   said("the kernel writes it, but its dimension 0 has stride 0"),
               "a written broadcast");
    args[1] = ints(out, 4, 4, 2, 1);
    UNIT_CHECK(pvc_kernel_launch(k, args, 2, NULL, d) == PVC_STATUS_USAGE &&
                   said("the kernel writes it, but its strides make some of its elements one memory location"),
               "written rows that overlap");
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void test_stop(pvc_program *p)
{
    const pvc_kernel *k = pvc_program_kernel(p, "spin");
    float out[64];
    pvc_arg args[2] = {{.kind = PVC_ARG_TENSOR, .data = out, .dtype = pvc_dtype_by_name("FP32"), .rank = 2,
                        .shape = {1, 64}},
                       {.kind = PVC_ARG_INT, .i = INT64_MAX}};
    pvc_arg *n = &args[1];
    volatile int stop = 1;
    pvc_launch_options o = {.blocks = 3, .stop = &stop, .max_ops = UINT64_MAX};
    pvc_diagnostics_clear(d);
    UNIT_CHECK(pvc_kernel_launch(k, args, 2, &o, d) == PVC_STATUS_STOPPED &&
                   said("the launch was stopped by its caller; it was stopped here in block 0 of 3"),
               "a stop flag already set stops the first iteration");
    const pvc_diagnostic *r = pvc_diagnostics_get(d, 0);
    UNIT_CHECK(r && r->line == 30 && r->col == 9, "located at the loop (30:9), not %d:%d", r ? r->line : 0,
               r ? r->col : 0);
    stop = 0;
    o.timeout = 0.1;
    double t0 = now();
    int rc = pvc_kernel_launch(k, args, 2, &o, d);
    double took = now() - t0;
    UNIT_CHECK(rc == PVC_STATUS_STOPPED && said("the launch took longer than its timeout of 0.1 s"),
               "the timeout stops an endless loop");
    UNIT_CHECK(took >= 0.1 && took < 2.0, "within its time (%.3f s)", took);
    n->i = 10;
    UNIT_CHECK(pvc_kernel_launch(k, args, 2, &o, d) == PVC_STATUS_OK, "a short launch ends before its timeout");
    o.timeout = -1;
    UNIT_CHECK(pvc_kernel_launch(k, args, 2, &o, d) == PVC_STATUS_USAGE && said("a timeout of -1 s"),
               "a negative timeout");
}

static void test_out_of_memory(void)
{
    pvc_diagnostics_clear(d);
    pvc_lib_say(d, "f.py", NULL, "error", "out of memory for the simulator's map of shared GM");
    pvc_lib_say(d, "f.py", NULL, "error", "argument 0 ('a') of kernel 'k': out of memory for a contiguous copy");
    pvc_lib_say(d, "f.py", NULL, "error", "the kernel is about out of memory errors");
    UNIT_CHECK(!strcmp(pvc_diagnostics_get(d, 0)->code, "nomem") && !strcmp(pvc_diagnostics_get(d, 1)->code, "nomem") &&
                   !strcmp(pvc_diagnostics_get(d, 2)->code, ""),
               "out-of-memory records carry the code nomem");
}

int main(void)
{
    d = pvc_diagnostics_new();
    pvc_program *p = pvc_program_load_source("m.py", SRC, sizeof SRC - 1, d);
    UNIT_CHECK(p != NULL, "m.py compiles");
    if (!p) {
        fputs(pvc_diagnostics_text(d), stdout);
        return UNIT_DONE();
    }
    test_written(p);
    test_layout();
    test_binding(p);
    test_stop(p);
    test_out_of_memory();
    pvc_program_release(p);
    pvc_cache_clear();
    pvc_diagnostics_delete(d);
    return UNIT_DONE();
}
