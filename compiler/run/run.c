/* run.c - `pvc run` (run.h, docs/CLI.md), a client of the library (lib/libpvc.h):
 * options -> pvc_program_load -> one jit kernel with every tensor parameter bound to a .npy
 * array -> pvc_kernel_launch -> --output files and the assert_close comparison against
 * --expect files. Diagnostics and faults are the library's records, echoed to stderr as
 * they arrive.
 *
 * Binding order for a tensor parameter P (the first that applies):
 *   --input P=FILE     the file's data (its dtype must be the one P is declared with)
 *   --expect P=FILE    zeros with that file's dtype and shape
 *   --shape P=R,C      zeros of P's declared dtype and that logical shape
 * A parameter with none of these is a usage error: pvc never invents a shape.
 * A scalar parameter (int, float, bool) is bound by --scalar P=VALUE, read as Python reads a
 * literal of its type (scalar_value); a missing or ill-typed value is a usage error too.
 *
 * Files (docs/ARCHITECTURE.md §7): before anything is read or run, no file pvc writes (--output, --trace=FILE,
 * --timeline) may be one it reads (FILE.py, --input, --expect) or another it writes, and every
 * one of them must be writable (check_files); each is then written whole or not at all
 * (base/ioutil.h). After the run the --expect files are compared first, then the --output
 * files written, a mismatch included. A .npy that cannot be used is an error naming the
 * option and the file once ("pvc run: error: --input a=x.npy: ..."), exit 2.
 */
#include "run/run.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/ioutil.h"
#include "base/watchdog.h"
#include "lib/libpvc.h"
#include "pvc.h"
#include "run/compare.h"
#include "run/npy.h"

typedef struct {
    const char *param; /* P=VALUE as given; the name P runs up to the '=' */
    const char *value; /* FILE.npy or R,C */
} binding;

typedef struct {
    binding *items;    /* as many as the command line has */
    int n, cap;
} binding_list;

typedef struct {
    const char *file, *kernel, *backend;
    binding_list inputs, outputs, expects, shapes, scalars;
    double rtol, atol;
    int have_rtol, have_atol, verbose, stats;
    int strict_hazards;   /* --strict-hazards (sim): a hazard the device orders faults too */
    int blocks, threads;  /* --blocks N (kernel[None, N]), --threads T (native workers) */
    uint64_t max_ops;     /* --max-ops N (sim); 0: the default, UINT64_MAX: none */
    unsigned timeout;     /* --timeout SECS (both backends); 0: none */
    long ulp; /* --ulp N, -1 when absent */
    const char *trace;    /* "-" = stderr: --trace[=FILE] writes to stderr or FILE */
    const char *timeline;
} run_options;

static int usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int usage(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("pvc run: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputs(" (try 'pvc --help')\n", stderr);
    va_end(ap);
    return PVC_EXIT_USAGE;
}

/* A file's problem, not the command line's: "pvc run: error: --input a=x.npy: <what>". */
static int file_error(const char *opt, const char *arg, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int file_error(const char *opt, const char *arg, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "pvc run: error: %s%s: ", opt, arg);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return PVC_EXIT_USAGE;
}

/* ---- options ------------------------------------------------------------------------- */
static int add_binding(binding_list *l, const char *opt, const char *arg)
{
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg || !eq[1])
        return usage("%s wants P=VALUE, not '%s'", opt, arg);
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 8;
        binding *items = realloc(l->items, (size_t)cap * sizeof *items);
        if (!items) {
            fprintf(stderr, "pvc: error: out of memory\n");
            return PVC_EXIT_DIAG;
        }
        l->items = items;
        l->cap = cap;
    }
    /* arg lives in argv for the whole run; cut the name off in a copy-free way by
     * remembering where '=' is: the name is [arg, eq). */
    l->items[l->n].param = arg;
    l->items[l->n].value = eq + 1;
    l->n++;
    return 0;
}

static void free_options(run_options *o)
{
    free(o->inputs.items);
    free(o->outputs.items);
    free(o->expects.items);
    free(o->shapes.items);
    free(o->scalars.items);
}

/* 1 when binding b names parameter `name` (b->param runs up to its '='). */
static int names(const binding *b, const char *name)
{
    size_t n = strlen(name);
    return !strncmp(b->param, name, n) && b->param[n] == '=';
}

static const binding *find_binding(const binding_list *l, const char *name)
{
    for (int i = 0; i < l->n; i++)
        if (names(&l->items[i], name))
            return &l->items[i];
    return NULL;
}

static int parse_tol(const char *opt, const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end || !isfinite(v) || v < 0)
        return usage("%s wants a non-negative number, not '%s'", opt, s);
    *out = v;
    return 0;
}

static int parse_ulp(const char *s, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < 0)
        return usage("--ulp wants a non-negative integer, not '%s'", s);
    *out = v;
    return 0;
}

/* --blocks / --threads: a whole number in [1, max]. */
static int parse_count(const char *opt, const char *s, int max, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < 1 || v > max)
        return usage("%s wants a whole number from 1 to %d, not '%s'", opt, max, s);
    *out = (int)v;
    return 0;
}

/* Options that take a value: index into this table gives the slot to fill. */
enum { O_KERNEL, O_BACKEND, O_INPUT, O_OUTPUT, O_EXPECT, O_SHAPE, O_SCALAR, O_RTOL, O_ATOL,
       O_ULP, O_BLOCKS, O_THREADS, O_MAX_OPS, O_TIMEOUT, O_TIMELINE };
static const char *const valued[] = {"--kernel", "--backend", "--input",   "--output",
                                     "--expect", "--shape",   "--scalar",  "--rtol",
                                     "--atol",   "--ulp",     "--blocks",  "--threads",
                                     "--max-ops", "--timeout", "--timeline"};

/* --max-ops N: a whole number, 0 for no budget (UINT64_MAX in the launch options). */
static int parse_max_ops(const char *s, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = s[0] == '-' ? 0 : strtoull(s, &end, 10);
    if (s[0] == '-' || errno || end == s || *end)
        return usage("--max-ops wants a whole number of ops (0: no budget), not '%s'", s);
    *out = v ? (uint64_t)v : UINT64_MAX;
    return 0;
}

/* --timeout SECS: whole seconds, 1 to a day. */
static int parse_timeout(const char *s, unsigned *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < 1 || v > 86400)
        return usage("--timeout wants whole seconds from 1 to 86400, not '%s'", s);
    *out = (unsigned)v;
    return 0;
}

static int set_valued(run_options *o, int which, const char *val)
{
    switch (which) {
    case O_KERNEL: o->kernel = val; return 0;
    case O_BACKEND: o->backend = val; return 0;
    case O_INPUT: return add_binding(&o->inputs, "--input", val);
    case O_OUTPUT: return add_binding(&o->outputs, "--output", val);
    case O_EXPECT: return add_binding(&o->expects, "--expect", val);
    case O_SHAPE: return add_binding(&o->shapes, "--shape", val);
    case O_SCALAR: return add_binding(&o->scalars, "--scalar", val);
    case O_RTOL: o->have_rtol = 1; return parse_tol("--rtol", val, &o->rtol);
    case O_ATOL: o->have_atol = 1; return parse_tol("--atol", val, &o->atol);
    case O_ULP: return parse_ulp(val, &o->ulp);
    case O_BLOCKS: return parse_count("--blocks", val, PVC_LAUNCH_MAX_BLOCKS, &o->blocks);
    case O_THREADS: return parse_count("--threads", val, 256, &o->threads);
    case O_MAX_OPS: return parse_max_ops(val, &o->max_ops);
    case O_TIMEOUT: return parse_timeout(val, &o->timeout);
    default: o->timeline = val; return 0;
    }
}

static int parse_run_options(int argc, char **argv, run_options *o)
{
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        int which = -1;
        for (int k = 0; k < (int)(sizeof valued / sizeof *valued); k++) {
            size_t n = strlen(valued[k]);
            if (!strncmp(a, valued[k], n) && (a[n] == '\0' || a[n] == '='))
                which = k;
        }
        if (which >= 0) {
            const char *eq = strchr(a, '=');
            const char *val = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
            if (!val || !*val)
                return usage("option '%s' needs a value", valued[which]);
            int rc = set_valued(o, which, val);
            if (rc)
                return rc;
        } else if (!strcmp(a, "--trace"))
            o->trace = "-";
        else if (!strncmp(a, "--trace=", 8) && a[8])
            o->trace = a + 8;
        else if (!strcmp(a, "--stats"))
            o->stats = 1;
        else if (!strcmp(a, "--strict-hazards"))
            o->strict_hazards = 1;
        else if (!strcmp(a, "-v") || !strcmp(a, "--verbose"))
            o->verbose = 1;
        else if (a[0] == '-' && a[1] != '\0')
            return usage("unknown option '%s'", a);
        else if (o->file)
            return usage("unexpected argument '%s'", a);
        else
            o->file = a;
    }
    if (!o->file)
        return usage("missing FILE.py");
    if (!o->backend)
        o->backend = "sim";
    if (strcmp(o->backend, "sim") && strcmp(o->backend, "native"))
        return usage("--backend must be sim or native, not '%s'", o->backend);
    if (!strcmp(o->backend, "native") && (o->trace || o->stats || o->timeline || o->strict_hazards))
        return usage("--trace, --stats, --timeline and --strict-hazards need --backend sim");
    if (!strcmp(o->backend, "native") && o->max_ops)
        return usage("--max-ops needs --backend sim (a native run is bounded by --timeout)");
    /* torch.testing.assert_close takes both tolerances or neither. */
    if (o->have_rtol != o->have_atol)
        return usage("--rtol and --atol must be given together");
    if (o->ulp >= 0 && o->have_rtol)
        return usage("--ulp replaces --rtol/--atol; give one or the other");
    return 0;
}

/* ---- the kernel and its parameters --------------------------------------------------- */
static void list_kernels(const pvc_program *p, char *buf, size_t n)
{
    buf[0] = '\0';
    for (int i = 0; i < pvc_program_kernel_count(p); i++) {
        size_t used = strlen(buf);
        snprintf(buf + used, n - used, "%s%s", used ? ", " : "",
                 pvc_kernel_name(pvc_program_kernel_at(p, i)));
    }
    if (!buf[0])
        snprintf(buf, n, "none");
}

static const pvc_kernel *find_kernel(const pvc_program *p, const char *name, int *status)
{
    char list[1024];
    const pvc_kernel *k = pvc_program_kernel(p, name);
    if (k)
        return k;
    list_kernels(p, list, sizeof list);
    if (name)
        *status = usage("%s has no jit kernel '%s' (kernels: %s)", pvc_program_file(p), name, list);
    else
        *status = usage("%s: choose one with --kernel NAME (kernels: %s)", pvc_program_file(p), list);
    return NULL;
}

static const char *pname(const pvc_kernel *k, int i) { return pvc_kernel_param_name(k, i); }
static int is_tensor(const pvc_kernel *k, int i) { return pvc_kernel_param_kind(k, i) == 't'; }
static pvc_dtype pdtype(const pvc_kernel *k, int i) { return (pvc_dtype)pvc_kernel_param_dtype(k, i); }

/* Index of the parameter binding b names, or -1. */
static int find_param(const pvc_kernel *k, const binding *b)
{
    for (int i = 0; i < pvc_kernel_param_count(k); i++)
        if (names(b, pname(k, i)))
            return i;
    return -1;
}

static void list_params(const pvc_kernel *k, char *buf, size_t n)
{
    buf[0] = '\0';
    for (int i = 0; i < pvc_kernel_param_count(k); i++) {
        size_t used = strlen(buf);
        snprintf(buf + used, n - used, "%s%s", used ? ", " : "", pname(k, i));
    }
}

/* Every P=... names a parameter of k of the option's kind (--scalar: a scalar, the others a
 * tensor), and no list names one twice. */
static int check_binding_names(const pvc_kernel *k, const binding_list *l, const char *opt)
{
    int want_tensor = strcmp(opt, "--scalar") != 0;
    char list[1024];
    for (int i = 0; i < l->n; i++) {
        const binding *b = &l->items[i];
        int len = (int)(b->value - 1 - b->param);
        int p = find_param(k, b);
        if (p < 0) {
            list_params(k, list, sizeof list);
            return usage("%s %.*s: kernel '%s' has no parameter '%.*s' (parameters: %s)", opt,
                         len, b->param, pvc_kernel_name(k), len, b->param, list);
        }
        if (want_tensor && !is_tensor(k, p))
            return usage("%s: parameter '%s' is not a tensor; bind it with --scalar %s=VALUE", opt,
                         pname(k, p), pname(k, p));
        if (!want_tensor && is_tensor(k, p))
            return usage("--scalar: parameter '%s' is a tensor; bind it with --input, --expect "
                         "or --shape", pname(k, p));
        for (int j = 0; j < i; j++)
            if (names(&l->items[j], pname(k, p)))
                return usage("%s given twice for parameter '%s'", opt, pname(k, p));
    }
    return 0;
}

/* ---- binding arrays ------------------------------------------------------------------ */
/* Reads the .npy file of binding b (option opt) for parameter p. Its dtype must be the one p
 * is stored as or, by the library's rule, a stand-in of it (int32 data for a UINT32 tensor,
 * as torch has no uint32): then, when note is set, one line says how it is read. */
static int read_for(const pvc_kernel *k, int p, const char *opt, const binding *b, int note,
                    pvc_npy *a)
{
    char err[256];
    const char *standin = NULL;
    if (pvc_npy_read(b->value, a, err, sizeof err))
        return file_error(opt, b->param, "%s", err);
    if (pvc_npy_check_dtype(a, pdtype(k, p), &standin, err, sizeof err)) {
        pvc_npy_free(a);
        return file_error(opt, b->param, "%s", err);
    }
    if (standin && note)
        fprintf(stderr, "pvc run: note: %s%s: %s data for the %s parameter '%s', read as %s\n", opt,
                b->param, pvc_npy_descr_name(a->descr), pvc_dtype_table[pdtype(k, p)].name,
                pname(k, p), standin);
    return 0;
}

/* Logical dims of a bound array: FP4/INT4 store two codes per byte of the last dim. */
static int64_t logical_dim(pvc_dtype t, const pvc_npy *a, int d)
{
    int64_t n = a->shape[d];
    return (d == a->rank - 1 && pvc_npy_packs_nibbles(t)) ? 2 * n : n;
}

/* The array must have the declared rank (1 to 8, what pl.load copies) and every fixed dim.
 * opt and arg name where it came from: a file's problem for --input/--expect, a usage error
 * for --shape. */
static int check_shape(const pvc_kernel *k, int p, const pvc_npy *a, const char *opt, const char *arg)
{
    char what[300] = "";
    int rank = pvc_kernel_param_rank(k, p);
    if (rank < 1 || rank > PVC_TENSOR_MAX_RANK)
        return usage("parameter '%s' has rank %d; pvc run binds tensors of rank 1 to %d", pname(k, p),
                     rank, PVC_TENSOR_MAX_RANK);
    if (a->rank != rank)
        snprintf(what, sizeof what, "the array has rank %d; kernel '%s' declares '%s' with rank %d",
                 a->rank, pvc_kernel_name(k), pname(k, p), rank);
    for (int d = 0; d < rank && !what[0]; d++) {
        int64_t want = pvc_kernel_param_dim(k, p, d), got = logical_dim(pdtype(k, p), a, d);
        if (want >= 0 && got != want)
            snprintf(what, sizeof what, "dimension %d is %lld, the kernel declares %lld", d,
                     (long long)got, (long long)want);
    }
    if (!what[0])
        return 0;
    if (!strcmp(opt, "--shape "))
        return usage("%s%s: %s", opt, arg, what);
    return file_error(opt, arg, "%s", what);
}

/* "N", "R,C", ... up to 4 sizes -> dims; 0 on success. */
static int parse_shape(const char *s, int *rank, int64_t *dims)
{
    *rank = 0;
    for (;;) {
        char *end;
        errno = 0;
        long long v = strtoll(s, &end, 10);
        if (errno || end == s || v <= 0 || v > (1LL << 31) || *rank == PVC_TENSOR_MAX_RANK)
            return -1;
        dims[(*rank)++] = v;
        if (*end == '\0')
            return 0;
        if (*end != ',')
            return -1;
        s = end + 1;
    }
}

/* A --shape of a parameter whose --input or --expect file gives the shape (opt, from) is
 * not used; when it says another shape, one warning says which one is. */
static void shape_ignored(const run_options *o, const pvc_kernel *k, int p, const pvc_npy *a,
                          const char *opt, const binding *from)
{
    const binding *s = find_binding(&o->shapes, pname(k, p));
    int rank, same;
    int64_t dims[PVC_TENSOR_MAX_RANK];
    if (!s)
        return;
    same = !parse_shape(s->value, &rank, dims) && rank == a->rank;
    for (int d = 0; same && d < rank; d++)
        same = dims[d] == logical_dim(pdtype(k, p), a, d);
    if (same)
        return;
    char have[128] = "";
    for (int d = 0; d < a->rank; d++)
        snprintf(have + strlen(have), sizeof have - strlen(have), "%s%lld", d ? "," : "",
                 (long long)logical_dim(pdtype(k, p), a, d));
    fprintf(stderr, "pvc run: warning: --shape %s is not used: %s%s gives '%s' the shape %s\n", s->param,
            opt, from->param, pname(k, p), have);
}

static int bind_param(const run_options *o, const pvc_kernel *k, int p, pvc_npy *a)
{
    const binding *b;
    const char *name = pname(k, p);
    char err[256];
    if ((b = find_binding(&o->inputs, name))) {
        int rc = read_for(k, p, "--input ", b, 1, a);
        if (rc || (rc = check_shape(k, p, a, "--input ", b->param)))
            return rc;
        shape_ignored(o, k, p, a, "--input ", b);
        return 0;
    }
    if ((b = find_binding(&o->expects, name))) {
        pvc_npy e; /* only its dtype and shape; compare_expects reads it again (and notes) */
        int rc = read_for(k, p, "--expect ", b, 0, &e);
        if (rc || (rc = check_shape(k, p, &e, "--expect ", b->param))) {
            pvc_npy_free(&e);
            return rc;
        }
        rc = pvc_npy_alloc(a, e.descr, e.rank, e.shape, err, sizeof err);
        pvc_npy_free(&e);
        if (!rc)
            shape_ignored(o, k, p, a, "--expect ", b);
        return rc ? file_error("--expect ", b->param, "%s", err) : 0;
    }
    if ((b = find_binding(&o->shapes, name))) {
        int rank;
        int64_t dims[PVC_TENSOR_MAX_RANK];
        if (parse_shape(b->value, &rank, dims))
            return usage("--shape %s=%s: want 1 to %d positive sizes, as R,C or N", name, b->value,
                         PVC_TENSOR_MAX_RANK);
        if (pvc_npy_alloc_for(a, pdtype(k, p), rank, dims, err, sizeof err))
            return usage("--shape %s=%s: %s", name, b->value, err);
        return check_shape(k, p, a, "--shape ", b->param);
    }
    return usage("no data for parameter '%s': give --input %s=FILE.npy, --expect %s=FILE.npy "
                 "or --shape %s=R,C",
                 name, name, name, name);
}

/* The launch argument of a bound array: its declared dtype and logical shape, contiguous. */
static pvc_arg tensor_arg(const pvc_kernel *k, int p, const pvc_npy *a)
{
    pvc_arg t = {.kind = PVC_ARG_TENSOR, .data = a->data, .dtype = pdtype(k, p), .rank = a->rank};
    for (int d = 0; d < a->rank; d++)
        t.shape[d] = logical_dim(pdtype(k, p), a, d);
    return t;
}

/* ---- scalar values ------------------------------------------------------------------- */
/* Python's digitpart: digit (["_"] digit)*. Copies the digits to *out (underscores dropped)
 * and returns the end, or NULL when s does not start with one. */
static const char *digitpart(const char *s, char **out)
{
    if (*s < '0' || *s > '9')
        return NULL;
    while ((*s >= '0' && *s <= '9') || (*s == '_' && s[1] >= '0' && s[1] <= '9'))
        if (*s++ != '_')
            *(*out)++ = s[-1];
    return s;
}

/* int(text) for a base-10 Python int that fits the kernel's int64; 0 on success. */
static int parse_py_int(const char *text, int64_t *v)
{
    char buf[128], *w = buf;
    const char *s = text;
    if (strlen(text) >= sizeof buf)
        return -1;
    if (*s == '+' || *s == '-')
        *w++ = *s++;
    if (!(s = digitpart(s, &w)) || *s)
        return -1;
    *w = '\0';
    errno = 0;
    long long r = strtoll(buf, NULL, 10);
    if (errno)
        return -1;
    *v = r;
    return 0;
}

/* float(text) in Python's float syntax: [sign] (inf | infinity | nan | decimal [exponent]),
 * case-insensitive words, underscores between digits; too large a value is inf, as in
 * Python. No hex floats: strtod takes them, float() does not. 0 on success. */
static int parse_py_float(const char *text, double *v)
{
    char buf[128], *w = buf;
    const char *s = text, *words[] = {"inf", "infinity", "nan"};
    if (strlen(text) >= sizeof buf)
        return -1;
    if (*s == '+' || *s == '-')
        *w++ = *s++;
    for (int i = 0; i < 3; i++)
        if (!strcasecmp(s, words[i])) {
            *v = (text[0] == '-' ? -1 : 1) * (i < 2 ? HUGE_VAL : NAN);
            return 0;
        }
    const char *d = digitpart(s, &w);
    if (*(d ? d : s) == '.') {
        *w++ = '.';
        const char *f = digitpart((d ? d : s) + 1, &w);
        if (!d && !f)
            return -1;
        d = f ? f : (d ? d : s) + 1;
    }
    if (!d)
        return -1;
    if (*d == 'e' || *d == 'E') {
        *w++ = *d++;
        if (*d == '+' || *d == '-')
            *w++ = *d++;
        if (!(d = digitpart(d, &w)))
            return -1;
    }
    if (*d)
        return -1;
    *w = '\0';
    *v = strtod(buf, NULL); /* ERANGE: +-HUGE_VAL (inf) or a denormal/0, both Python's value */
    return 0;
}

/* --scalar P=VALUE for scalar parameter p, read as the parameter's Python type. */
static int bind_scalar(const run_options *o, const pvc_kernel *k, int p, pvc_arg *out)
{
    const char *name = pname(k, p);
    const binding *b = find_binding(&o->scalars, name);
    char kind = (char)pvc_kernel_param_kind(k, p);
    const char *ty = kind == 'i' ? "int" : kind == 'f' ? "float" : "bool";
    if (!b)
        return usage("no value for %s parameter '%s': give --scalar %s=VALUE", ty, name, name);
    out->kind = kind == 'i' ? PVC_ARG_INT : kind == 'f' ? PVC_ARG_FLOAT : PVC_ARG_BOOL;
    if (kind == 'i' && !parse_py_int(b->value, &out->i))
        return 0;
    if (kind == 'f' && !parse_py_float(b->value, &out->f))
        return 0;
    if (kind == 'b' && (!strcmp(b->value, "True") || !strcmp(b->value, "False"))) {
        out->i = b->value[0] == 'T';
        return 0;
    }
    return usage("--scalar %s=%s: parameter '%s' is %s, which wants %s", name, b->value, name,
                 ty, kind == 'i'   ? "a decimal integer in int64 range"
                     : kind == 'f' ? "a Python float (1.5, -2e-3, inf, nan)"
                                   : "True or False");
}

/* ---- files: no sink is a source, every sink writable ----------------------------------- */
/* A file of the command line: how to name it ("--input " + "a=x.npy") and what it is. */
typedef struct {
    const char *opt, *arg, *path;
    pvc_file_id id;
    int known;              /* id could be taken */
} file_ref;

static int add_ref(file_ref *r, int n, const char *opt, const char *arg, const char *path)
{
    r[n] = (file_ref){opt, arg, path, {0}, 0};
    r[n].known = pvc_io_file_id(path, &r[n].id) == 0;
    return n + 1;
}

/* What the run reads (sources first) and writes; returns the count, *nsrc the sources. */
static int list_files(const run_options *o, file_ref *r, int *nsrc)
{
    int n = add_ref(r, 0, "the source ", o->file, o->file);
    for (int i = 0; i < o->inputs.n; i++)
        n = add_ref(r, n, "--input ", o->inputs.items[i].param, o->inputs.items[i].value);
    for (int i = 0; i < o->expects.n; i++)
        n = add_ref(r, n, "--expect ", o->expects.items[i].param, o->expects.items[i].value);
    *nsrc = n;
    for (int i = 0; i < o->outputs.n; i++)
        n = add_ref(r, n, "--output ", o->outputs.items[i].param, o->outputs.items[i].value);
    if (o->trace && strcmp(o->trace, "-"))
        n = add_ref(r, n, "--trace=", o->trace, o->trace);
    if (o->timeline)
        n = add_ref(r, n, "--timeline ", o->timeline, o->timeline);
    return n;
}

/* Before anything is read or run: a sink that is a source (or an earlier sink) would destroy
 * what the run reads or writes, so it is a usage error (compared by st_dev/st_ino: links
 * and other spellings of a path are caught). Devices (/dev/null) may repeat. Then every
 * sink is checked as it will be written (a temporary made and removed). */
static int check_files(const run_options *o)
{
    int nsrc, n = 1 + o->inputs.n + o->expects.n + o->outputs.n + 2;
    file_ref *r = malloc((size_t)n * sizeof *r);
    if (!r) {
        fprintf(stderr, "pvc: error: out of memory\n");
        return PVC_EXIT_DIAG;
    }
    n = list_files(o, r, &nsrc);
    int status = 0;
    for (int i = nsrc; i < n && !status; i++) {
        char why[512];
        for (int j = 0; j < i && !status && r[i].known && (r[i].id.regular || !r[i].id.exists); j++)
            if (r[j].known && pvc_io_same_file(&r[i].id, &r[j].id))
                status = usage("%s%s is the same file as %s%s; pvc does not %s", r[i].opt, r[i].arg,
                               r[j].opt, r[j].arg,
                               j < nsrc ? "overwrite a file it reads" : "write one file twice");
        if (!status && pvc_sink_check(r[i].path, why, sizeof why))
            status = file_error(r[i].opt, r[i].arg, "%s", why);
    }
    free(r);
    return status;
}

/* ---- after the run ------------------------------------------------------------------- */
/* Every --output, each replacing its file whole; a write error is exit 1. */
static int write_outputs(const run_options *o, const pvc_kernel *k, const pvc_npy *arrays)
{
    char err[512];
    int status = PVC_EXIT_OK;
    for (int i = 0; i < o->outputs.n; i++) {
        const binding *b = &o->outputs.items[i];
        for (int j = 0; j < pvc_kernel_param_count(k); j++)
            if (names(b, pname(k, j)) && pvc_npy_write(b->value, &arrays[j], err, sizeof err)) {
                file_error("--output ", b->param, "%s", err);
                status = PVC_EXIT_DIAG;
            }
    }
    return status;
}

/* Compares every --expect; the mismatch reports go to stderr. */
static int compare_expects(const run_options *o, const pvc_kernel *k, const pvc_npy *arrays)
{
    int status = PVC_EXIT_OK;
    for (int j = 0; j < pvc_kernel_param_count(k); j++) {
        const binding *b = find_binding(&o->expects, pname(k, j));
        pvc_npy e;
        if (!b)
            continue;
        int rc = read_for(k, j, "--expect ", b, 1, &e);
        if (rc)
            return rc;
        int same = o->ulp >= 0
            ? pvc_result_compare_ulp(pname(k, j), pdtype(k, j), &arrays[j], &e, o->ulp, stderr)
            : pvc_result_compare(pname(k, j), pdtype(k, j), &arrays[j], &e, o->rtol, o->atol,
                                 o->have_rtol, stderr);
        if (!same)
            status = PVC_EXIT_MISMATCH;
        pvc_npy_free(&e);
    }
    return status;
}

/* ---- the run ------------------------------------------------------------------------- */
/* The library's status as pvc's exit status (a fault is a diagnostic, exit 1). */
static int exit_status(int status)
{
    switch (status) {
    case PVC_STATUS_OK: return PVC_EXIT_OK;
    case PVC_STATUS_USAGE: return PVC_EXIT_USAGE;
    case PVC_STATUS_INTERNAL: return PVC_EXIT_INTERNAL;
    default: return PVC_EXIT_DIAG;
    }
}

/* Runs the kernel; --trace=FILE is written through a sink (whole or not at all), kept when
 * the kernel faults: the trace of a fault is what one debugs it with. */
static int execute(const run_options *o, const pvc_kernel *k, const pvc_arg *args,
                   pvc_diagnostics *d)
{
    pvc_launch_options lo = {
        .backend = strcmp(o->backend, "native") ? PVC_BACKEND_SIM : PVC_BACKEND_NATIVE,
        .blocks = o->blocks, .threads = o->threads, .verbose = o->verbose,
        .stats = o->stats ? stdout : NULL, .timeline = o->timeline, .max_ops = o->max_ops,
        .strict_hazards = o->strict_hazards};
    pvc_sink trace = {0};
    char err[512];
    if (o->trace && strcmp(o->trace, "-")) {
        if (pvc_sink_open(&trace, o->trace, err, sizeof err))
            return file_error("--trace=", o->trace, "%s", err);
        lo.trace = trace.f;
    } else if (o->trace)
        lo.trace = stderr;
    pvc_watchdog_arm(o->timeout, o->file);
    int status = exit_status(pvc_kernel_launch(k, args, pvc_kernel_param_count(k), &lo, d));
    pvc_watchdog_disarm();
    if (trace.f && pvc_sink_commit(&trace, err, sizeof err)) {
        file_error("--trace=", o->trace, "%s", err);
        status = status ? status : PVC_EXIT_DIAG;
    }
    pvc_io_flush_stdout(); /* --stats before the comparison's reports */
    return status;
}

static int run_kernel(const run_options *o, const pvc_kernel *k, pvc_diagnostics *d)
{
    int np = pvc_kernel_param_count(k);
    size_t n = np > 0 ? (size_t)np : 1;
    pvc_npy *arrays = calloc(n, sizeof *arrays);
    pvc_arg *args = calloc(n, sizeof *args);
    int status = PVC_EXIT_OK;
    if (!arrays || !args) {
        free(arrays);
        free(args);
        fprintf(stderr, "pvc: error: out of memory\n");
        return PVC_EXIT_DIAG;
    }
    if ((status = check_binding_names(k, &o->inputs, "--input")) ||
        (status = check_binding_names(k, &o->outputs, "--output")) ||
        (status = check_binding_names(k, &o->expects, "--expect")) ||
        (status = check_binding_names(k, &o->shapes, "--shape")) ||
        (status = check_binding_names(k, &o->scalars, "--scalar")))
        goto done;
    for (int j = 0; j < np && !status; j++) {
        if (!is_tensor(k, j))
            status = bind_scalar(o, k, j, &args[j]);
        else if (!(status = bind_param(o, k, j, &arrays[j])))
            args[j] = tensor_arg(k, j, &arrays[j]);
    }
    if (status || (status = execute(o, k, args, d)))
        goto done;
    status = compare_expects(o, k, arrays);
    if (status == PVC_EXIT_OK || status == PVC_EXIT_MISMATCH) {
        int wrote = write_outputs(o, k, arrays);
        status = wrote ? wrote : status; /* a lost --output fails the run, a mismatch or not */
    }
done:
    for (int j = 0; j < np; j++)
        pvc_npy_free(&arrays[j]);
    free(arrays);
    free(args);
    return status;
}

int pvc_cmd_run(int argc, char **argv)
{
    run_options o = {.ulp = -1};
    int status = parse_run_options(argc, argv, &o);
    if (status || (status = check_files(&o))) {
        free_options(&o);
        return status;
    }
    pvc_diagnostics *d = pvc_diagnostics_new();
    if (!d) {
        fprintf(stderr, "pvc: error: out of memory\n");
        free_options(&o);
        return PVC_EXIT_DIAG;
    }
    pvc_diagnostics_set_echo(d, stderr);
    pvc_program *p = pvc_program_load(o.file, d);
    int internal = 0;
    for (size_t i = 0; i < pvc_diagnostics_count(d); i++)
        internal |= !strcmp(pvc_diagnostics_get(d, i)->code, "internal");
    if (!p)
        status = internal ? PVC_EXIT_INTERNAL : PVC_EXIT_DIAG;
    else {
        const pvc_kernel *k = find_kernel(p, o.kernel, &status);
        if (k)
            status = run_kernel(&o, k, d);
    }
    pvc_program_release(p); /* the program stays cached: the caller clears the cache (main.c,
                               the case runner after each backend's pass over its cases) */
    pvc_diagnostics_delete(d);
    free_options(&o);
    return status;
}
