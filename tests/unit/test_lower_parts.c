/* test_lower_parts.c - a file lowered in parts (pipeline.c lower_in_parts: each part's tree
 * freed before the next is parsed, its bindings read into the module scope and its DSL
 * functions lowered at once) gives the IR and the diagnostics of the file lowered whole
 * (pvc_parse + pvc_lower, which reads every binding of the file before any function). Where
 * the parts cannot know what the whole file says - a call to a later function, a module
 * name bound again further down, a helper inlined from a part whose tree is gone, a late
 * import shadowing the DSL's namespace - the parts' lowering must be dropped (in_parts 0)
 * and the file lowered whole; where they can, it must be kept (in_parts 1), or the memory
 * bound of lowering in parts is lost without a test noticing. Parts are made small here
 * (pvc_lower_unit's part size) so that files of a few KB make many. */
#include <stdlib.h>
#include <string.h>

#include "front/front.h"
#include "pvc.h"
#include "unit.h"

enum { PART = 1024 };

/* Four vector functions in turn (bench/gen_frontend.py's shapes), vf_<n>; `k` is the
 * column offset expression, a literal or a module constant. */
static void put_vf(FILE *f, int n, const char *k)
{
    static const char *const shapes[] = {
        "@pl.vector_function\n"
        "def vf_%d(src_tile, dst_tile):\n"
        "    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)\n"
        "    for i in pl.range(2):\n"
        "        reg = vf.load_align(src_tile, [i, %s])\n"
        "        vf.store_align(dst_tile + i * 128, reg, preg)\n",
        "@pl.vector_function\n"
        "def vf_%d(src_tile, dst_tile):\n"
        "    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)\n"
        "    even, odd = vf.load_align(src_tile, %s, dist=pl.LoadDist.DINTLV)\n"
        "    vf.store_align(dst_tile, even, preg)\n",
        "@pl.vector_function\n"
        "def vf_%d(src_tile, dst_tile):\n"
        "    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)\n"
        "    for i in pl.range(0, 2, 1):\n"
        "        a_reg = vf.create_addr_reg(64, dtype=pl.DT_FP32)\n"
        "        reg = vf.load_align(src_tile, a_reg)\n"
        "        vf.store_align(dst_tile, reg, preg, a_reg + %s)\n",
        "@pl.vector_function\n"
        "def vf_%d(src_tile, dst_tile):\n"
        "    ureg = vf.load_unalign_init()\n"
        "    vf.load_unalign_pre(ureg, src_tile)\n"
        "    src_reg = vf.load_unalign(ureg, src_tile, 64)\n"
        "    store_ureg = vf.unalign_reg_for_store()\n"
        "    vf.store_unalign(dst_tile, src_reg, store_ureg, %s, post_update=True)\n"
        "    vf.store_unalign_post(dst_tile, store_ureg, 0, post_update=True)\n",
    };
    fprintf(f, shapes[n % 4], n, k);
}

/* A kernel calling vf_0 .. vf_<nvf-1>; `pre` goes first in its body. */
static void put_kernel(FILE *f, const char *name, int nvf, const char *pre)
{
    fprintf(f, "@pl.jit()\n"
               "def %s(a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32]):\n%s"
               "    tf = pl.TileType(shape=[4, 128], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)\n"
               "    g = pl.make_tile_group(type=tf, addrs=0x0, mutex_ids=[0, 1])\n"
               "    t_in = g.current()\n"
               "    t_out = g.next()\n"
               "    with pl.section_vector():\n"
               "        pl.load(t_in, a, [0, 0])\n",
            name, pre);
    for (int i = 0; i < nvf; i++)
        fprintf(f, "        vf_%d(t_in, t_out)\n", i);
    fputs("        pl.store(a, t_out, [0, 0])\n", f);
}

typedef enum {
    PLAIN,        /* vector functions, then the kernel */
    KERNEL_FIRST, /* the kernel calls functions of later parts */
    CONSTS,       /* module constants at the top, read by every part */
    REBOUND,      /* a constant read early, bound again at the end */
    HELPER_EARLY, /* a helper at the top, inlined by the kernel at the end */
    HELPER_LATE,  /* a helper right before the kernel that inlines it */
    NESTED,       /* DSL functions defined inside test functions */
    SHADOW,       /* `def min` at the end: early parts read the builtin */
    STRINGS,      /* module strings whose lines look like definitions */
    SYNTAX,       /* a syntax error far into the file */
    UNDEFINED,    /* an undefined name in a late vector function */
    CRLF,         /* PLAIN with \r\n line ends */
} shape;

static char *make_source(shape s, int nvf, size_t *len)
{
    char *text = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&text, &n);
    fputs("import pypto_pro.language as pl\n\n", f);
    if (s == CONSTS || s == REBOUND)
        fputs("COL = 64\nROWS, COLS = 4, 128\nDT = pl.DT_FP32\n\n", f);
    if (s == HELPER_EARLY)
        fputs("def rows_of(n):\n    return n * 2\n\n", f);
    if (s == KERNEL_FIRST)
        put_kernel(f, "kern", nvf, "");
    for (int i = 0; i < nvf; i++) {
        if (s == STRINGS && i % 9 == 4)
            fprintf(f, "DOC_%d = \"\"\"\n@pl.jit()\ndef not_code_%d(x):\n    pass\n\"\"\"\n", i, i);
        if (s == SYNTAX && i == nvf - 3)
            fputs("def broken(:\n    pass\n", f);
        if (s == UNDEFINED && i == nvf - 3)
            fputs("@pl.vector_function\ndef bad_vf(src_tile):\n    r = vf.load_align(nowhere, 0)\n", f);
        if (s == NESTED) {
            fprintf(f, "def test_%d():\n    K = %d\n\n", i, 64 * (i % 2));
            char *one = NULL;
            size_t m = 0;
            FILE *g = open_memstream(&one, &m);
            put_vf(g, i, "K");
            put_kernel(g, "kern", 0, "");
            fclose(g);
            for (char *line = one; *line;) { /* indented into the test function */
                char *nl = strchr(line, '\n');
                fprintf(f, "    %.*s\n", (int)(nl - line), line);
                line = nl + 1;
            }
            free(one);
            continue;
        }
        put_vf(f, i, s == CONSTS || s == REBOUND ? "COL" : "0");
    }
    if (s == REBOUND)
        fputs("COL = 0\n", f);
    if (s == SHADOW)
        fputs("def min(a, b):\n    return b\n", f);
    if (s == HELPER_LATE)
        fputs("def rows_of(n):\n    return n * 2\n\n", f);
    if (s != KERNEL_FIRST && s != NESTED)
        put_kernel(f, "kern", nvf, s == HELPER_EARLY || s == HELPER_LATE ? "    r = rows_of(2)\n"
                                 : s == SHADOW ? "    r = min(2, 3)\n" : "");
    fclose(f);
    if (s == CRLF) {
        char *out = malloc(2 * n + 1);
        size_t k = 0;
        for (size_t i = 0; i < n; i++) {
            if (text[i] == '\n')
                out[k++] = '\r';
            out[k++] = text[i];
        }
        out[k] = '\0';
        free(text);
        text = out, n = k;
    }
    *len = n;
    return text;
}

typedef struct {
    char *ir, *diag;
    size_t nir, ndiag;
    int errors, in_parts;
} result;

static void dump(const pvc_module *m, result *r)
{
    FILE *f = open_memstream(&r->ir, &r->nir);
    pvc_dump_text(m, f);
    fclose(f);
}

/* The lower pass as pvc runs it (in parts, whole when that cannot be kept). */
static result lower_pipeline(const char *text, size_t len, size_t part)
{
    result r = {0};
    pvc_source src;
    pvc_source_from_mem(&src, "t.py", text, len);
    FILE *dg = open_memstream(&r.diag, &r.ndiag);
    pvc_unit u;
    pvc_unit_init(&u, src, dg);
    r.errors = pvc_lower_unit(&u, part, &r.in_parts);
    if (u.mod && !r.errors)
        dump(u.mod, &r);
    pvc_unit_free(&u);
    fclose(dg);
    return r;
}

/* The file parsed and lowered whole. */
static result lower_whole(const char *text, size_t len)
{
    result r = {0};
    pvc_source src;
    pvc_source_from_mem(&src, "t.py", text, len);
    FILE *dg = open_memstream(&r.diag, &r.ndiag);
    pvc_diag d;
    pvc_diag_init(&d, &src, dg);
    pvc_cst cst = {0};
    pvc_module *m = NULL;
    if (!pvc_parse(&cst, &src, &d))
        m = pvc_lower(&cst, &d);
    pvc_cst_free(&cst);
    r.errors = d.nerrors;
    if (m && !d.nerrors)
        dump(m, &r);
    pvc_module_free(m);
    fclose(dg);
    pvc_source_free(&src);
    return r;
}

/* want_parts: 1 the parts' lowering is kept, 0 it is dropped, -1 either. */
static void same(const char *what, shape s, int want_parts, int want_errors)
{
    size_t len;
    char *text = make_source(s, 40, &len);
    result p = lower_pipeline(text, len, PART), w = lower_whole(text, len);
    UNIT_CHECK(len > 4 * PART, "%s: %zu bytes make several parts", what, len);
    UNIT_CHECK(want_parts < 0 || p.in_parts == want_parts, "%s: lowered %s", what, p.in_parts ? "in parts" : "whole");
    UNIT_CHECK((p.errors > 0) == want_errors && (w.errors > 0) == want_errors,
               "%s: %d errors in parts, %d whole, expected %s", what, p.errors, w.errors,
               want_errors ? "some" : "none");
    UNIT_CHECK(p.ndiag == w.ndiag && !memcmp(p.diag, w.diag, p.ndiag),
               "%s: the same diagnostics (parts:\n%.400s\nwhole:\n%.400s)", what, p.diag, w.diag);
    UNIT_CHECK((!p.ir && !w.ir) || (p.ir && w.ir && p.nir == w.nir && !memcmp(p.ir, w.ir, p.nir)),
               "%s: the same IR (%zu and %zu bytes, first difference at %zu)", what, p.nir, w.nir,
               p.ir && w.ir ? unit_first_diff(p.ir, w.ir, p.nir < w.nir ? p.nir : w.nir) : 0);
    UNIT_CHECK(want_errors || (p.ir && strstr(p.ir, "kern(")), "%s: the kernel is lowered", what);
    free(p.ir), free(p.diag), free(w.ir), free(w.diag), free(text);
}

int main(void)
{
    same("plain", PLAIN, 1, 0);
    same("CRLF", CRLF, 1, 0);
    same("module constants", CONSTS, 1, 0);
    same("nested DSL functions", NESTED, 1, 0);
    same("kernel first", KERNEL_FIRST, 0, 0);
    same("constant bound again later", REBOUND, 0, 0);
    same("helper in an early part", HELPER_EARLY, 0, 0);
    same("builtin shadowed later", SHADOW, 0, 0);
    same("strings over cut lines", STRINGS, -1, 0);
    same("helper in the kernel's part", HELPER_LATE, 1, 0);
    same("syntax error", SYNTAX, 0, 1);
    same("undefined name", UNDEFINED, 0, 1);
    /* small files: one part, or none */
    static const char *const small[] = {"", "\n", "import pypto_pro.language as pl",
                                        "@pl.vector_function\ndef f(t):\n    pass"};
    for (size_t i = 0; i < sizeof small / sizeof *small; i++) {
        result p = lower_pipeline(small[i], strlen(small[i]), 0), w = lower_whole(small[i], strlen(small[i]));
        UNIT_CHECK(p.nir == w.nir && (!p.nir || !memcmp(p.ir, w.ir, p.nir)) && p.ndiag == w.ndiag &&
                   (!p.ndiag || !memcmp(p.diag, w.diag, p.ndiag)),
                   "small file %zu: the same IR and diagnostics", i);
        free(p.ir), free(p.diag), free(w.ir), free(w.diag);
    }
    return UNIT_DONE();
}
