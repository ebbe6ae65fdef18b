/* test_lower_parts.c - a file lowered in parts (pipeline.c lower_in_parts: 32 KB of
 * source at a time, each part's tree freed before the next is parsed) is the file lowered
 * whole (pvc_parse + pvc_lower): the same IR, every op at the same line and column, and the
 * same diagnostics. The inputs are large enough to make several parts, and put what a
 * split by lines cannot see at the split points: a string or brackets that continue over
 * a line that looks like a definition, a kernel that calls functions defined after it,
 * errors in a late part, CRLF line ends. */
#include <stdlib.h>
#include <string.h>

#include "front/front.h"
#include "pvc.h"
#include "unit.h"

/* Four vector functions in turn (bench/gen_frontend.py's shapes), vf_<n>. */
static void put_vf(FILE *f, int n)
{
    static const char *const shapes[] = {
        "@pl.vector_function\n"
        "def vf_%d(src_tile, dst_tile):\n"
        "    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)\n"
        "    for i in pl.range(2):\n"
        "        reg = vf.load_align(src_tile, [i, 0])\n"
        "        vf.store_align(dst_tile + i * 128, reg, preg)\n",
        "@pl.vector_function\n"
        "def vf_%d(src_tile, dst_tile):\n"
        "    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)\n"
        "    even, odd = vf.load_align(src_tile, 0, dist=pl.LoadDist.DINTLV)\n"
        "    vf.store_align(dst_tile, even, preg)\n",
        "@pl.vector_function\n"
        "def vf_%d(src_tile, dst_tile):\n"
        "    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)\n"
        "    for i in pl.range(0, 2, 1):\n"
        "        a_reg = vf.create_addr_reg(64, dtype=pl.DT_FP32)\n"
        "        reg = vf.load_align(src_tile, a_reg)\n"
        "        vf.store_align(dst_tile, reg, preg, a_reg)\n",
        "@pl.vector_function\n"
        "def vf_%d(src_tile, dst_tile):\n"
        "    ureg = vf.load_unalign_init()\n"
        "    vf.load_unalign_pre(ureg, src_tile)\n"
        "    src_reg = vf.load_unalign(ureg, src_tile, 64)\n"
        "    store_ureg = vf.unalign_reg_for_store()\n"
        "    vf.store_unalign(dst_tile, src_reg, store_ureg, 0, post_update=True)\n"
        "    vf.store_unalign_post(dst_tile, store_ureg, 0, post_update=True)\n",
    };
    fprintf(f, shapes[n % 4], n);
}

static void put_kernel(FILE *f, int nvf)
{
    fputs("@pl.jit()\n"
          "def kern(a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32]):\n"
          "    tf = pl.TileType(shape=[4, 128], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)\n"
          "    g = pl.make_tile_group(type=tf, addrs=0x0, mutex_ids=[0, 1])\n"
          "    t_in = g.current()\n"
          "    t_out = g.next()\n"
          "    with pl.section_vector():\n"
          "        pl.load(t_in, a, [0, 0])\n",
          f);
    for (int i = 0; i < nvf; i++)
        fprintf(f, "        vf_%d(t_in, t_out)\n", i);
    fputs("        pl.store(a, t_out, [0, 0])\n", f);
}

/* What goes between vf_<i-1> and vf_<i> in each case. */
typedef enum {
    PLAIN,
    STRINGS,     /* module-level strings whose lines look like definitions */
    COMMENTS,    /* a comment between decorator and def */
    MATMUL,      /* a bracketed expression continued at column 0 with '@' */
    PYTHON,      /* plain Python: functions, a class, imports */
    SYNTAX,      /* a syntax error far into the file */
    UNDEFINED,   /* an undefined name in a late vector function */
    TWICE,       /* a vector function defined twice, parts apart */
} between;

static void put_between(FILE *f, between what, int i)
{
    switch (what) {
    case STRINGS:
        if (i % 97 == 50)
            fprintf(f, "DOC_%d = \"\"\"\n@pl.jit()\ndef not_code_%d(x):\n    pass\n%s\"\"\"\n", i, i,
                    "def again(y):\n    return y\n");
        break;
    case COMMENTS:
        break; /* put_vf_with_comment below */
    case MATMUL:
        if (i % 61 == 30)
            fprintf(f, "m_%d = (a\n@ b)\n", i);
        break;
    case PYTHON:
        if (i % 53 == 7)
            fprintf(f, "import os\n\ndef helper_%d(x):\n    return x + 1\n\nclass C%d:\n    def m(self):\n        pass\n\n@staticmethod\ndef other_%d():\n    pass\n",
                    i, i, i);
        break;
    case SYNTAX:
        if (i == 300)
            fputs("def broken(:\n    pass\n", f);
        break;
    case UNDEFINED:
        if (i == 310)
            fputs("@pl.vector_function\ndef bad_vf(src_tile):\n    r = vf.load_align(nowhere, 0)\n", f);
        break;
    case TWICE:
        if (i == 320)
            put_vf(f, 3);
        break;
    case PLAIN:
        break;
    }
}

/* A file of nvf vector functions and one kernel (first or last), with `what` between them. */
static char *make_source(between what, int nvf, int kernel_first, int crlf, size_t *len)
{
    char *text = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&text, &n);
    fputs("import pypto_pro.language as pl\n\n", f);
    if (kernel_first)
        put_kernel(f, nvf);
    for (int i = 0; i < nvf; i++) {
        put_between(f, what, i);
        if (what == COMMENTS && i % 7 == 3) {
            fprintf(f, "@pl.vector_function\n# vf_%d copies\n", i);
            char *one = NULL;
            size_t m = 0;
            FILE *g = open_memstream(&one, &m);
            put_vf(g, i);
            fclose(g);
            fputs(strchr(one, '\n') + 1, f); /* without its decorator line */
            free(one);
        } else
            put_vf(f, i);
    }
    if (!kernel_first)
        put_kernel(f, nvf);
    fclose(f);
    if (crlf) { /* every "\n" becomes "\r\n" */
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
    int errors;
} result;

static void dump_hook(const pvc_module *m, const char *pass, void *ctx)
{
    (void)pass;
    result *r = ctx;
    FILE *f = open_memstream(&r->ir, &r->nir);
    pvc_dump_text(m, f);
    fclose(f);
}

/* The lower pass as pvc runs it (in parts, whole after a diagnostic). */
static result lower_pipeline(const char *text, size_t len)
{
    result r = {0};
    pvc_source src;
    pvc_source_from_mem(&src, "t.py", text, len);
    FILE *dg = open_memstream(&r.diag, &r.ndiag);
    pvc_unit u;
    pvc_unit_init(&u, src, dg);
    pvc_run_passes(&u, "lower", dump_hook, &r);
    r.errors = u.diag.nerrors;
    pvc_unit_free(&u);
    fclose(dg);
    return r;
}

/* The file parsed and lowered whole, with libc's allocator. */
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
        dump_hook(m, "lower", &r);
    pvc_module_free(m);
    fclose(dg);
    pvc_source_free(&src);
    return r;
}

static void same(const char *what, between b, int kernel_first, int crlf, int want_errors)
{
    size_t len;
    char *text = make_source(b, 400, kernel_first, crlf, &len);
    result p = lower_pipeline(text, len), w = lower_whole(text, len);
    UNIT_CHECK(len > 3 * 32 * 1024, "%s: %zu bytes make several parts", what, len);
    UNIT_CHECK((p.errors > 0) == want_errors && (w.errors > 0) == want_errors,
               "%s: %d errors in parts, %d whole, expected %s", what, p.errors, w.errors,
               want_errors ? "some" : "none");
    UNIT_CHECK(p.ndiag == w.ndiag && !memcmp(p.diag, w.diag, p.ndiag),
               "%s: the same diagnostics (parts:\n%.400s\nwhole:\n%.400s)", what, p.diag, w.diag);
    UNIT_CHECK((!p.ir && !w.ir) || (p.ir && w.ir && p.nir == w.nir && !memcmp(p.ir, w.ir, p.nir)),
               "%s: the same IR (%zu and %zu bytes, first difference at %zu)", what, p.nir, w.nir,
               p.ir && w.ir ? unit_first_diff(p.ir, w.ir, p.nir < w.nir ? p.nir : w.nir) : 0);
    UNIT_CHECK(want_errors || (p.ir && strstr(p.ir, "jit kern(")), "%s: the kernel is lowered", what);
    free(p.ir), free(p.diag), free(w.ir), free(w.diag), free(text);
}

/* Lowers text in parts cut before every line that starts with `cut` at least every 32 KB
 * (as pipeline.c cuts it), through the part API itself: returns the number of diagnostics
 * and, without any, the IR in *ir; *syntax is set when a part had a syntax error. */
static int lower_cut(const char *text, size_t len, const char *cut, char **ir, size_t *nir, int *syntax)
{
    pvc_source src;
    pvc_source_from_mem(&src, "t.py", text, len);
    pvc_diag d;
    pvc_diag_init(&d, &src, NULL);
    pvc_lowering *L = pvc_lower_begin("t.py", &d);
    *syntax = 0;
    uint32_t row = 0, end_row = 0;
    size_t start = 0, cutlen = strlen(cut);
    int parts = 0;
    for (size_t i = 0; i <= len; i++) {
        int line_start = i == len || (i > 0 && text[i - 1] == '\n');
        if (i > 0 && text[i - 1] == '\n')
            end_row++;
        if (!line_start || (i < len && (i - start < 32 * 1024 || len - i < cutlen || memcmp(text + i, cut, cutlen))))
            continue;
        if (i == start)
            continue;
        pvc_cst cst = {0};
        if (pvc_parse_part(&cst, &src, (uint32_t)start, (uint32_t)i, row, end_row))
            *syntax = 1;
        else
            pvc_lower_part(L, &cst);
        pvc_cst_free(&cst);
        parts++;
        start = i, row = end_row;
    }
    pvc_module *m = pvc_lower_end(L);
    *ir = NULL, *nir = 0;
    if (!d.nerrors && !*syntax) {
        result r = {0};
        dump_hook(m, "lower", &r);
        *ir = r.ir, *nir = r.nir;
    }
    pvc_module_free(m);
    pvc_source_free(&src);
    UNIT_CHECK(parts >= 3, "cut at \"%s\": %d parts", cut, parts);
    return d.nerrors + d.nwarnings;
}

/* The part API alone: what pipeline.c relies on to keep or drop a lowering in parts. */
static void test_cuts(void)
{
    size_t len, nir;
    int syntax;
    char *ir;
    char *text = make_source(PLAIN, 400, 0, 0, &len);
    result w = lower_whole(text, len);
    UNIT_CHECK(lower_cut(text, len, "@pl.vector_function", &ir, &nir, &syntax) == 0 && !syntax,
               "parts cut before decorators lower without a diagnostic");
    UNIT_CHECK(ir && nir == w.nir && !memcmp(ir, w.ir, nir), "and give the IR of the whole file");
    free(ir), free(w.ir), free(w.diag);
    /* cut between a decorator and its def: both parts have a syntax error */
    lower_cut(text, len, "def vf_", &ir, &nir, &syntax);
    UNIT_CHECK(syntax && !ir, "a part ending in a decorator is a syntax error");
    free(text);
    /* cut inside a string: the part that opens it has a syntax error */
    text = make_source(STRINGS, 400, 0, 0, &len);
    lower_cut(text, len, "def not_code_", &ir, &nir, &syntax);
    UNIT_CHECK(syntax && !ir, "a part ending inside a string is a syntax error");
    free(text);
    /* the kernel first: its calls reach functions of later parts, which are diagnostics */
    text = make_source(PLAIN, 400, 1, 0, &len);
    UNIT_CHECK(lower_cut(text, len, "@pl.vector_function", &ir, &nir, &syntax) > 0 && !syntax && !ir,
               "a call to a function of a later part is a diagnostic in parts");
    free(text);
}

int main(void)
{
    test_cuts();
    same("plain", PLAIN, 0, 0, 0);
    same("kernel first", PLAIN, 1, 0, 0);
    same("CRLF", PLAIN, 0, 1, 0);
    same("strings", STRINGS, 0, 0, 0);
    same("comments after decorators", COMMENTS, 0, 0, 0);
    same("brackets continued with '@'", MATMUL, 0, 0, 0);
    same("plain Python between", PYTHON, 0, 0, 0);
    same("syntax error", SYNTAX, 0, 0, 1);
    same("undefined name", UNDEFINED, 0, 0, 1);
    same("defined twice", TWICE, 0, 0, 1);
    /* small files: one part, or none */
    static const char *const small[] = {"", "\n", "import pypto_pro.language as pl",
                                        "@pl.vector_function\ndef f(t):\n    pass"};
    for (size_t i = 0; i < sizeof small / sizeof *small; i++) {
        result p = lower_pipeline(small[i], strlen(small[i])), w = lower_whole(small[i], strlen(small[i]));
        UNIT_CHECK(p.nir == w.nir && (!p.nir || !memcmp(p.ir, w.ir, p.nir)) && p.ndiag == w.ndiag,
                   "small file %zu: the same IR and diagnostics", i);
        free(p.ir), free(p.diag), free(w.ir), free(w.diag);
    }
    return UNIT_DONE();
}
