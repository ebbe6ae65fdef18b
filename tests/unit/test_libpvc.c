/* test_libpvc.c - the library API (compiler/lib/libpvc.h) with the simulator: loading and the
 * program cache, kernels and their parameters, binding (dtypes and their stand-ins, ranks,
 * dims, scalars, strided tensors), launches, faults and races as records, compile errors.
 * The native backend is exercised through the Python package (tests/py), which loads
 * libpvc.so as a foreign process would. Expected values are hand-derived. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/libpvc.h"
#include "unit.h"

/* Line numbers below count from 1 at the first line of SRC. */
static const char SRC[] =
    "import pypto_pro.language as pl\n"                                                   /* 1 */
    "\n"                                                                                    /* 2 */
    "@pl.vector_function\n"                                                                 /* 3 */
    "def copy_vf(src, dst):\n"                                                              /* 4 */
    "    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)\n"                /* 5 */
    "    vf.store_align(dst, vf.load_align(src, 0), m)\n"                                   /* 6 */
    "\n"                                                                                    /* 7 */
    "@pl.vector_function\n"                                                                 /* 8 */
    "def fill_vf(dst, value):\n"                                                            /* 9 */
    "    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)\n"                /* 10 */
    "    vf.store_align(dst, vf.full(value, dtype=pl.DT_FP32), m)\n"                        /* 11 */
    "\n"                                                                                    /* 12 */
    "@pl.vector_function\n"                                                                 /* 13 */
    "def far_vf(src):\n"                                                                    /* 14 */
    "    for i in pl.range(2):\n"                                                           /* 15 */
    "        r = vf.load_align(src, [i * 1024, 0])\n"                                       /* 16 */
    "\n"                                                                                    /* 17 */
    "@pl.jit()\n"                                                                           /* 18 */
    "def copy_row(a: pl.Tensor[[pl.DYNAMIC, 64], pl.DT_FP32],\n"                            /* 19 */
    "             out: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32], row: int):\n"       /* 20 */
    "    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)\n" /* 21 */
    "    t_in = pl.make_tile(tf, addr=0x0, size=256)\n"                                     /* 22 */
    "    t_out = pl.make_tile(tf, addr=0x100, size=256)\n"                                  /* 23 */
    "    with pl.section_vector():\n"                                                       /* 24 */
    "        pl.load(t_in, a, [row + pl.get_block_idx(), 0])\n"                             /* 25 */
    "        copy_vf(t_in, t_out)\n"                                                        /* 26 */
    "        pl.store(out, t_out, [0, 0])\n"                                                /* 27 */
    "\n"                                                                                    /* 28 */
    "@pl.jit()\n"                                                                           /* 29 */
    "def fill(out: pl.Tensor[[1, 64], pl.DT_FP32], value: float):\n"                        /* 30 */
    "    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)\n" /* 31 */
    "    t_out = pl.make_tile(tf, addr=0x100, size=256)\n"                                  /* 32 */
    "    with pl.section_vector():\n"                                                       /* 33 */
    "        fill_vf(t_out, value)\n"                                                       /* 34 */
    "        pl.store(out, t_out, [0, 0])\n"                                                /* 35 */
    "\n"                                                                                    /* 36 */
    "@pl.jit()\n"                                                                           /* 37 */
    "def far(a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32]):\n"                        /* 38 */
    "    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)\n" /* 39 */
    "    t_in = pl.make_tile(tf, addr=0x0, size=256)\n"                                     /* 40 */
    "    with pl.section_vector():\n"                                                       /* 41 */
    "        pl.load(t_in, a, [0, 0])\n"                                                    /* 42 */
    "        far_vf(t_in)\n"                                                                /* 43 */
    "\n"                                                                                    /* 44 */
    "@pl.jit()\n"                                                                           /* 45 */
    "def raw(h: pl.Tensor[[pl.DYNAMIC], pl.DT_HF8], u: pl.Tensor[[pl.DYNAMIC], pl.DT_UINT32],\n" /* 46 */
    "        b: pl.Tensor[[pl.DYNAMIC], pl.DT_BF16], f4: pl.Tensor[[8], pl.DT_FP4E2M1]):\n" /* 47 */
    "    pass\n";                                                                           /* 48 */

static pvc_diagnostics *d;

static int dt(const char *name) { return pvc_dtype_by_name(name); }

static pvc_arg tensor(void *data, const char *dtype, int rank, int64_t d0, int64_t d1)
{
    pvc_arg a = {.kind = PVC_ARG_TENSOR, .data = data, .dtype = dt(dtype), .rank = rank};
    a.shape[0] = d0;
    a.shape[1] = d1;
    return a;
}

/* 1 when the last record's message contains s. */
static int said(const char *s)
{
    size_t n = pvc_diagnostics_count(d);
    return n && strstr(pvc_diagnostics_get(d, n - 1)->message, s) != NULL;
}

static void test_tables(void)
{
    UNIT_CHECK(pvc_dtype_count() == 19, "19 dtypes (pvc help dtypes)");
    UNIT_CHECK(dt("FP32") >= 0 && dt("FP32") == dt("DT_FP32") && dt("nope") == -1, "dtype names");
    UNIT_CHECK(!strcmp(pvc_dtype_name(dt("HF8")), "HF8") && pvc_dtype_bits(dt("HF8")) == 8 &&
                   pvc_dtype_bits(dt("FP4E2M1")) == 4 && pvc_dtype_bits(dt("INT64")) == 64,
               "dtype bits");
    int found = 0;
    for (int ns = 0; ns < pvc_enum_count(); ns++) {
        if (strcmp(pvc_enum_name(ns), "MaskPattern"))
            continue;
        int64_t v = -1;
        for (int k = 0; pvc_enum_member(ns, k, &v); k++)
            found |= !strcmp(pvc_enum_member(ns, k, &v), "ALL") && pvc_enum_is_pl(ns);
    }
    UNIT_CHECK(found, "pl.MaskPattern.ALL is listed");
    UNIT_CHECK(pvc_enum_name(-1) == NULL && pvc_dtype_name(99) == NULL, "out of range");
}

static void test_program(pvc_program *p)
{
    UNIT_CHECK(pvc_program_kernel_count(p) == 4, "four kernels");
    UNIT_CHECK(pvc_program_kernel(p, NULL) == NULL, "no default kernel among four");
    const pvc_kernel *k = pvc_program_kernel(p, "copy_row");
    UNIT_CHECK(k && !strcmp(pvc_kernel_name(k), "copy_row") && pvc_kernel_param_count(k) == 3,
               "copy_row(a, out, row)");
    UNIT_CHECK(pvc_kernel_param_kind(k, 0) == 't' && pvc_kernel_param_kind(k, 2) == 'i' &&
                   pvc_kernel_param_kind(k, 3) == 0,
               "parameter kinds");
    UNIT_CHECK(pvc_kernel_param_dtype(k, 0) == dt("FP32") && pvc_kernel_param_rank(k, 0) == 2 &&
                   pvc_kernel_param_dim(k, 0, 0) == -1 && pvc_kernel_param_dim(k, 0, 1) == 64 &&
                   pvc_kernel_param_dtype(k, 2) == -1,
               "a: FP32 [DYNAMIC, 64]");
    UNIT_CHECK(!pvc_kernel_param_written(k, 0) && pvc_kernel_param_written(k, 1) &&
                   !pvc_kernel_param_written(k, 2),
               "only out is pl.stored");
    UNIT_CHECK(!strcmp(pvc_kernel_param_name(k, 1), "out") && pvc_kernel_param_name(k, 5) == NULL,
               "parameter names");
}

static void test_launch(pvc_program *p)
{
    const pvc_kernel *k = pvc_program_kernel(p, "copy_row");
    float a[3 * 64], out[64], col_major[3 * 64], strided[128];
    for (int i = 0; i < 3 * 64; i++)
        a[i] = (float)i * 0.5f - 7.0f;
    memset(out, 0, sizeof out);
    pvc_arg args[3] = {tensor(a, "FP32", 2, 3, 64), tensor(out, "FP32", 2, 1, 64),
                       {.kind = PVC_ARG_INT, .i = 1}};
    UNIT_CHECK(pvc_kernel_launch(k, args, 3, NULL, d) == PVC_STATUS_OK &&
                   pvc_diagnostics_count(d) == 0,
               "copy_row runs quietly");
    UNIT_CHECK(!memcmp(out, a + 64, sizeof out), "out = a[1, :]");

    /* strided arguments are copied in and out: a column-major a, out on every other float */
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 64; c++)
            col_major[c * 3 + r] = a[r * 64 + c];
    for (int i = 0; i < 128; i++)
        strided[i] = -1.0f;
    args[0].data = col_major, args[0].strides[0] = 1, args[0].strides[1] = 3;
    args[1].data = strided, args[1].strides[0] = 128, args[1].strides[1] = 2;
    args[2].i = 2;
    UNIT_CHECK(pvc_kernel_launch(k, args, 3, NULL, d) == PVC_STATUS_OK, "strided launch");
    int ok = 1;
    for (int c = 0; c < 64; c++)
        ok &= strided[2 * c] == a[2 * 64 + c] && strided[2 * c + 1] == -1.0f;
    UNIT_CHECK(ok, "out[0, c] = a[2, c] at every other float, the rest untouched");

    /* an int for a float parameter is float(int) */
    const pvc_kernel *f = pvc_program_kernel(p, "fill");
    pvc_arg fa[2] = {tensor(out, "FP32", 2, 1, 64), {.kind = PVC_ARG_INT, .i = 3}};
    UNIT_CHECK(pvc_kernel_launch(f, fa, 2, NULL, d) == PVC_STATUS_OK, "fill(out, 3)");
    ok = 1;
    for (int c = 0; c < 64; c++)
        ok &= out[c] == 3.0f;
    UNIT_CHECK(ok, "fill with the int 3 writes 3.0");
    fa[1] = (pvc_arg){.kind = PVC_ARG_FLOAT, .f = 0.1};
    UNIT_CHECK(pvc_kernel_launch(f, fa, 2, NULL, d) == PVC_STATUS_OK && out[63] == 0.1f,
               "fill(out, 0.1) writes FP32(0.1)");

    /* the stand-ins: UINT8 codes for HF8, INT32 for UINT32, INT16 bits for BF16, FP4 bytes */
    const pvc_kernel *r = pvc_program_kernel(p, "raw");
    uint8_t h[4] = {0}, f4[4] = {0};
    int32_t u[4] = {0};
    int16_t b[4] = {0};
    pvc_arg ra[4] = {tensor(h, "UINT8", 1, 4, 0), tensor(u, "INT32", 1, 4, 0),
                     tensor(b, "INT16", 1, 4, 0), tensor(f4, "UINT8", 1, 4, 0)};
    UNIT_CHECK(pvc_kernel_launch(r, ra, 4, NULL, d) == PVC_STATUS_OK,
               "stand-ins accepted; 4 FP4 bytes are the 8 elements f4 declares");
    ra[3].shape[0] = 8;
    UNIT_CHECK(pvc_kernel_launch(r, ra, 4, NULL, d) == PVC_STATUS_USAGE &&
                   said("dimension 0 is 16, the parameter declares 8"),
               "8 FP4 bytes are 16 elements");
    ra[3].shape[0] = 4;
    ra[0].dtype = dt("INT8");
    UNIT_CHECK(pvc_kernel_launch(r, ra, 4, NULL, d) == PVC_STATUS_USAGE &&
                   said("the parameter is DT_HF8, got an INT8 tensor (8- and 4-bit float codes are passed as UINT8)"),
               "INT8 is no stand-in for HF8");
    ra[0] = tensor(NULL, "UINT8", 1, 0, 0);
    UNIT_CHECK(pvc_kernel_launch(r, ra, 4, NULL, d) == PVC_STATUS_OK, "a zero-sized tensor may be NULL");
}

static void test_usage(pvc_program *p)
{
    const pvc_kernel *k = pvc_program_kernel(p, "copy_row");
    float a[3 * 64], out[64];
    int32_t ints[64];
    pvc_arg args[3] = {tensor(a, "FP32", 2, 3, 64), tensor(out, "FP32", 2, 1, 64),
                       {.kind = PVC_ARG_INT, .i = 0}};
    pvc_diagnostics_clear(d);
    UNIT_CHECK(pvc_kernel_launch(k, args, 2, NULL, d) == PVC_STATUS_USAGE &&
                   said("kernel 'copy_row' takes 3 arguments (a, out, row), got 2"),
               "argument count");
    const pvc_diagnostic *r = pvc_diagnostics_get(d, 0);
    UNIT_CHECK(r && !strcmp(r->severity, "error") && r->line == 0 && !strcmp(r->code, "") &&
                   !strncmp(r->rendered, "pvc: error: kernel 'copy_row' takes", 35),
               "a usage error is an unlocated record");
    args[1] = tensor(ints, "INT32", 2, 1, 64);
    UNIT_CHECK(pvc_kernel_launch(k, args, 3, NULL, d) == PVC_STATUS_USAGE &&
                   said("argument 1 ('out') of kernel 'copy_row': the parameter is DT_FP32, got an INT32 tensor"),
               "dtype");
    args[1] = tensor(out, "FP32", 1, 64, 0);
    UNIT_CHECK(pvc_kernel_launch(k, args, 3, NULL, d) == PVC_STATUS_USAGE &&
                   said("the parameter has rank 2, got a rank-1 tensor"),
               "rank");
    args[1] = tensor(out, "FP32", 2, 1, 64);
    args[0].shape[1] = 32;
    UNIT_CHECK(pvc_kernel_launch(k, args, 3, NULL, d) == PVC_STATUS_USAGE &&
                   said("dimension 1 is 32, the parameter declares 64"),
               "fixed dim");
    args[0].shape[1] = 64;
    args[2] = (pvc_arg){.kind = PVC_ARG_FLOAT, .f = 1.0};
    UNIT_CHECK(pvc_kernel_launch(k, args, 3, NULL, d) == PVC_STATUS_USAGE &&
                   said("argument 2 ('row') of kernel 'copy_row': the parameter is int, got a float"),
               "a float for an int");
    args[2] = (pvc_arg){.kind = PVC_ARG_INT, .i = 0};
    args[0] = (pvc_arg){.kind = PVC_ARG_INT};
    UNIT_CHECK(pvc_kernel_launch(k, args, 3, NULL, d) == PVC_STATUS_USAGE &&
                   said("the parameter is a tensor, got an int"),
               "an int for a tensor");
    args[0] = tensor(a, "FP32", 2, 3, 64);
    pvc_launch_options o = {.blocks = 65536};
    UNIT_CHECK(pvc_kernel_launch(k, args, 3, &o, d) == PVC_STATUS_USAGE &&
                   said("65536 blocks: a launch has 1 to 65535"),
               "too many blocks");
    o = (pvc_launch_options){.backend = 7};
    UNIT_CHECK(pvc_kernel_launch(k, args, 3, &o, d) == PVC_STATUS_USAGE && said("unknown backend 7"),
               "unknown backend");
}

static void test_faults(pvc_program *p)
{
    float a[3 * 64], out[64];
    pvc_arg fa[1] = {tensor(a, "FP32", 2, 1, 64)};
    pvc_diagnostics_clear(d);
    UNIT_CHECK(pvc_kernel_launch(pvc_program_kernel(p, "far"), fa, 1, NULL, d) == PVC_STATUS_FAULT,
               "far faults");
    const pvc_diagnostic *r = pvc_diagnostics_get(d, 0);
    /* i = 1: row 1024 of a 64-wide FP32 tile at 0 is UB byte 1024 * 256 = 0x40000 */
    UNIT_CHECK(pvc_diagnostics_count(d) == 1 && r && !strcmp(r->severity, "error") &&
                   r->line == 16 && r->col == 13 && !strcmp(r->file, "k.py") &&
                   strstr(r->message, "kernel fault: access outside the Unified Buffer (load_align, "
                                      "UB address 0x40000, ") == r->message,
               "the fault is one located error at line 16, column 13");
    UNIT_CHECK(r && strstr(r->rendered, "k.py:16:13: error: kernel fault") == r->rendered &&
                   strstr(r->rendered, "\n        r = vf.load_align(src, [i * 1024, 0])\n            ^\n"),
               "rendered with the source line and a caret");
    UNIT_CHECK(!strcmp(pvc_diagnostics_text(d), r->rendered), "the list's text is its records'");

    /* two blocks store rows 0 and 1 of a to the same bytes of out: block 1's store names block
     * 0's (the same row twice would be no race: out ends the same in either order) */
    for (int i = 0; i < 3 * 64; i++)
        a[i] = (float)i; /* out[0]: 0.0f (00 00 00 00), then 64.0f (00 00 80 42): byte 2 differs */
    pvc_arg args[3] = {tensor(a, "FP32", 2, 3, 64), tensor(out, "FP32", 2, 1, 64),
                       {.kind = PVC_ARG_INT, .i = 0}};
    pvc_launch_options o = {.blocks = 2};
    pvc_diagnostics_clear(d);
    UNIT_CHECK(pvc_kernel_launch(pvc_program_kernel(p, "copy_row"), args, 3, &o, d) == PVC_STATUS_FAULT,
               "copy_row on 2 blocks races");
    r = pvc_diagnostics_get(d, 0);
    const pvc_diagnostic *note = pvc_diagnostics_get(d, 1);
    UNIT_CHECK(pvc_diagnostics_count(d) == 2 && r->line == 27 &&
                   strstr(r->message, "kernel fault in block 1 of 2: GM bytes shared by two cores") &&
                   strstr(r->message, "block 1 writes byte 2 of 'out', which block 0 wrote at line 27"),
               "the race is located at block 1's pl.store and names block 0's");
    UNIT_CHECK(note && !strcmp(note->severity, "note") && note->line == 27, "the note points at block 0's store");
    /* reading the same row from several blocks is no race, but out still is written by all */
    o.blocks = 1;
    UNIT_CHECK(pvc_kernel_launch(pvc_program_kernel(p, "copy_row"), args, 3, &o, d) == PVC_STATUS_OK,
               "one block does not race");
}

static void test_compile_errors(void)
{
    static const char bad[] =
        "import pypto_pro.language as pl\n"
        "@pl.vector_function\n"
        "def v(src, dst):\n"
        "    r = vf.load_aligned(src, 0)\n";
    pvc_diagnostics_clear(d);
    UNIT_CHECK(pvc_program_load_source("bad.py", bad, sizeof bad - 1, d) == NULL, "bad.py has errors");
    const pvc_diagnostic *r = pvc_diagnostics_get(d, 0);
    UNIT_CHECK(r && !strcmp(r->severity, "error") && !strcmp(r->code, "E003") && r->line == 4 &&
                   r->col == 9 && !strcmp(r->message, "unknown op 'vf.load_aligned'") &&
                   !strcmp(r->rendered, "bad.py:4:9: error: unknown op 'vf.load_aligned' [E003]\n"
                                        "    r = vf.load_aligned(src, 0)\n        ^\n"),
               "E003 as a record");
    pvc_diagnostics_clear(d);
    UNIT_CHECK(pvc_program_load("tests/unit/no_such_file.py", d) == NULL &&
                   !strcmp(pvc_diagnostics_get(d, 0)->rendered,
                           "pvc: error: cannot read 'tests/unit/no_such_file.py': No such file or directory\n"),
               "an unreadable file");
}

int main(void)
{
    d = pvc_diagnostics_new();
    test_tables();
    pvc_program *p = pvc_program_load_source("k.py", SRC, sizeof SRC - 1, d);
    UNIT_CHECK(p != NULL && pvc_diagnostics_count(d) == 0, "k.py compiles quietly");
    if (!p) {
        fputs(pvc_diagnostics_text(d), stdout);
        return UNIT_DONE();
    }
    pvc_program *again = pvc_program_load_source("k.py", SRC, sizeof SRC - 1, d);
    UNIT_CHECK(again == p, "the same name and content is the cached program");
    pvc_program *other = pvc_program_load_source("k.py", SRC, sizeof SRC - 2, d);
    UNIT_CHECK(other && other != p, "new content compiles again");
    test_program(p);
    test_launch(p);
    test_usage(p);
    test_faults(p);
    test_compile_errors();
    pvc_program_release(other);
    pvc_program_release(again);
    pvc_program_release(p);
    pvc_cache_clear();
    pvc_diagnostics_delete(d);
    return UNIT_DONE();
}
