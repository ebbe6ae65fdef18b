/* pvc_cases.c - the case runner (build/pvc-cases, tests/cases/README.md): many kernel cases,
 * every backend, one process.
 *
 *   pvc-cases [--backends sim,native,...] [--work DIR] [--strip PREFIX] [--known FILE]
 *             [--also FILE] [--covered FILE] [--cover NAMES] [--jobs N] CASE_DIR...
 *
 * A case is a directory: the kernel to run (its `kernel` file, or the nearest parent
 * directory's), the inputs and expected outputs beside it (in_P.npy, expect_P.npy), extra
 * `pvc run` flags (`args`) and what else must hold (`fault`, `stdout`, `stderr`, `status`).
 * Each backend runs `pvc run` in this process (pvc_cmd_run, run/run.h) with stdout and
 * stderr sent to files under --work; then every output is compared with its expected file
 * (by pvc run's own --expect) and between the backends, byte for byte. Backends run one
 * after the other over all the cases (the library's program cache holds each file's program
 * for the pass), so a file is compiled once per backend, not once per case.
 *
 * Each check prints one verdict; --known lists checks pvc gets wrong today (XFAIL, and XPASS
 * when one passes); the last line is "N passed, M failed" and the exit status 1 when M > 0.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib/libpvc.h"
#include "run/run.h"

/* ---- backends ------------------------------------------------------------------------
 * One row per backend a case can run on: how `pvc run` is asked for it. A simulator row
 * runs with CC naming no compiler (the simulator must need none); a native row sets
 * PVC_NATIVE_BUILD (NULL: as the environment says, compiler/emit/native.h). */
typedef struct {
    const char *name;    /* as --backends and the reports spell it */
    const char *backend; /* pvc run --backend */
    const char *build;   /* PVC_NATIVE_BUILD for a native row */
    const char *flag;    /* one more pvc run flag, or NULL */
} backend_row;

static const backend_row backend_rows[] = {
    {"sim", "sim", NULL, NULL},         /* the simulator's fast loop (compiler/sim/fast.c) */
    {"obs", "sim", NULL, "--stats"},    /* its observing loop (--stats; --trace with --covered) */
    {"native", "native", NULL, NULL},   /* the native backend as $PVC_NATIVE_BUILD says */
    {"cc", "native", "cc", NULL},       /* native, cc -O2's object (a miss waits for cc) */
    {"tcc", "native", "tcc", NULL},     /* native, the libtcc build (no cache) */
};
enum { NROWS = sizeof backend_rows / sizeof *backend_rows, MAX_BACKENDS = NROWS };

/* ---- small helpers -------------------------------------------------------------------- */
static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fputs("pvc-cases: out of memory\n", stderr);
        exit(2);
    }
    return p;
}

static char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}

static char *fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
static char *fmt(const char *f, ...)
{
    va_list ap;
    va_start(ap, f);
    int n = vsnprintf(NULL, 0, f, ap);
    va_end(ap);
    char *s = xmalloc((size_t)n + 1);
    va_start(ap, f);
    vsnprintf(s, (size_t)n + 1, f, ap);
    va_end(ap);
    return s;
}

/* The whole file, NUL-terminated (*len its size); NULL when it cannot be read. */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0, got;
    char *b = xmalloc(cap);
    while ((got = fread(b + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (cap - n - 1 == 0)
            b = realloc(b, cap *= 2);
        if (!b)
            exit(2);
    }
    fclose(f);
    b[n] = '\0';
    if (len)
        *len = n;
    return b;
}

static int same_bytes(const char *a, const char *b)
{
    size_t na, nb;
    char *x = slurp(a, &na), *y = slurp(b, &nb);
    int same = x && y && na == nb && !memcmp(x, y, na);
    free(x);
    free(y);
    return same;
}

/* mkdir -p */
static void make_dirs(const char *path)
{
    char *p = xstrdup(path);
    for (char *s = p + 1; *s; s++)
        if (*s == '/') {
            *s = '\0';
            mkdir(p, 0777);
            *s = '/';
        }
    mkdir(p, 0777);
    free(p);
}

/* A growing array of strings. */
typedef struct {
    char **v;
    int n, cap;
} strv;

static void strv_push(strv *a, char *s)
{
    if (a->n + 1 >= a->cap) {
        a->cap = a->cap ? 2 * a->cap : 16;
        a->v = realloc(a->v, (size_t)a->cap * sizeof *a->v);
        if (!a->v)
            exit(2);
    }
    a->v[a->n++] = s;
    a->v[a->n] = NULL;
}

static void strv_free(strv *a)
{
    for (int i = 0; i < a->n; i++)
        free(a->v[i]);
    free(a->v);
    *a = (strv){0};
}

/* Splits text at blanks and newlines into a (no quoting: the flags of an args file). */
static void split_words(const char *text, strv *a)
{
    const char *s = text;
    while (*s) {
        while (*s && isspace((unsigned char)*s))
            s++;
        const char *e = s;
        while (*e && !isspace((unsigned char)*e))
            e++;
        if (e > s)
            strv_push(a, fmt("%.*s", (int)(e - s), s));
        s = e;
    }
}

/* One line of text for a report: tabs and newlines become blanks, at most max bytes. */
static char *one_line(const char *s, size_t max)
{
    size_t n = strlen(s);
    char *r = xmalloc((n < max ? n : max) + 1), *w = r;
    for (size_t i = 0; i < n && i < max; i++)
        *w++ = s[i] == '\n' || s[i] == '\t' || s[i] == '\r' ? ' ' : s[i];
    while (w > r && w[-1] == ' ')
        w--;
    *w = '\0';
    return r;
}

/* ---- a case -------------------------------------------------------------------------- */
typedef struct {
    char *dir;     /* as given */
    char *name;    /* dir without --strip's prefix: what the verdicts name */
    char *work;    /* --work/<name>: each backend's outputs, stdout and stderr */
    char *file;    /* the kernel's .py file */
    char *kernel;  /* its name, or NULL: the file's only kernel */
    strv ins, expects, outs; /* parameter names of in_P.npy, expect_P.npy; outputs compared */
    strv args;     /* words of the args file */
    char *fault;   /* the fault file's text, or NULL */
    char *want_out, *want_err; /* the stdout and stderr files' text, or NULL */
    int status;    /* the exit status wanted of every backend */
    int exact;     /* an `exact` file: expected outputs are compared byte for byte too */
    int backends[MAX_BACKENDS], nbackends; /* rows; from the case's backends file or --backends */
    int rc[MAX_BACKENDS];
    char *error;   /* the case cannot run: why */
} test_case;

typedef struct {
    int backends[MAX_BACKENDS], nbackends;
    const char *work, *known, *also, *covered, *cover;
    strv strips;   /* --strip prefixes: the first a case's directory starts with is cut */
    int jobs;
} config;

static int backend_by_name(const char *name, size_t len)
{
    for (int i = 0; i < NROWS; i++)
        if (strlen(backend_rows[i].name) == len && !strncmp(backend_rows[i].name, name, len))
            return i;
    return -1;
}

/* "sim,native" or "sim native" -> rows; 0, or -1 naming the bad word in *bad. */
static int parse_backends(const char *list, int *rows, int *n, char **bad)
{
    *n = 0;
    for (const char *s = list; *s;) {
        size_t len = strcspn(s, ", \t\n");
        if (len) {
            int r = backend_by_name(s, len);
            if (r < 0 || *n == MAX_BACKENDS) {
                *bad = fmt("%.*s", (int)len, s);
                return -1;
            }
            rows[(*n)++] = r;
        }
        s += len + (s[len] != '\0');
    }
    return 0;
}

/* The `kernel` file of dir or of its nearest parent: "FILE.py [KERNEL]". */
static char *find_kernel_file(const char *dir)
{
    char *d = xstrdup(dir);
    for (;;) {
        char *path = fmt("%s/kernel", d), *text = slurp(path, NULL);
        free(path);
        char *slash = strrchr(d, '/');
        if (text || !slash || slash == d) {
            free(d);
            return text;
        }
        *slash = '\0';
    }
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Parameter names P of dir's PREFIX P .npy files, sorted. */
static void list_params(const char *dir, const char *prefix, strv *out)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    size_t np = strlen(prefix);
    while (d && (e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n > np + 4 && !strncmp(e->d_name, prefix, np) && !strcmp(e->d_name + n - 4, ".npy"))
            strv_push(out, fmt("%.*s", (int)(n - np - 4), e->d_name + np));
    }
    if (d)
        closedir(d);
    if (out->n > 1)
        qsort(out->v, (size_t)out->n, sizeof *out->v, by_name);
}

static char *case_file(const test_case *c, const char *leaf)
{
    char *path = fmt("%s/%s", c->dir, leaf), *text = slurp(path, NULL);
    free(path);
    return text;
}

static int has(const strv *a, const char *s)
{
    for (int i = 0; i < a->n; i++)
        if (!strcmp(a->v[i], s))
            return 1;
    return 0;
}

/* The tensor parameters compared between the backends: the expected ones and every other
 * one the kernel writes (a fault case writes none). */
static void choose_outputs(test_case *c)
{
    if (c->fault)
        return;
    for (int i = 0; i < c->expects.n; i++)
        strv_push(&c->outs, xstrdup(c->expects.v[i]));
    pvc_diagnostics *d = pvc_diagnostics_new();
    pvc_program *p = d ? pvc_program_load(c->file, d) : NULL;
    const pvc_kernel *k = p ? pvc_program_kernel(p, c->kernel) : NULL;
    for (int i = 0; k && i < pvc_kernel_param_count(k); i++)
        if (pvc_kernel_param_written(k, i) && !has(&c->outs, pvc_kernel_param_name(k, i)))
            strv_push(&c->outs, xstrdup(pvc_kernel_param_name(k, i)));
    pvc_program_release(p);
    pvc_diagnostics_delete(d);
}

static void read_case(test_case *c, const config *cf)
{
    const char *name = c->dir;
    for (int i = 0; i < cf->strips.n && name == c->dir; i++)
        if (!strncmp(c->dir, cf->strips.v[i], strlen(cf->strips.v[i])))
            name = c->dir + strlen(cf->strips.v[i]);
    c->name = xstrdup(name);
    c->work = fmt("%s/%s", cf->work, c->name);
    char *spec = find_kernel_file(c->dir), *text;
    strv words = {0};
    if (spec)
        split_words(spec, &words);
    free(spec);
    if (words.n < 1 || words.n > 2)
        c->error = xstrdup("no kernel file (FILE.py [KERNEL]) in the case or a parent directory");
    else {
        c->file = xstrdup(words.v[0]);
        c->kernel = words.n > 1 ? xstrdup(words.v[1]) : NULL;
    }
    strv_free(&words);
    list_params(c->dir, "in_", &c->ins);
    list_params(c->dir, "expect_", &c->expects);
    if ((text = case_file(c, "args")))
        split_words(text, &c->args);
    free(text);
    c->fault = case_file(c, "fault");
    c->want_out = case_file(c, "stdout");
    c->want_err = case_file(c, "stderr");
    c->status = c->fault ? 1 : 0;
    if ((text = case_file(c, "exact")))
        c->exact = 1;
    free(text);
    if ((text = case_file(c, "status")))
        c->status = atoi(text);
    free(text);
    memcpy(c->backends, cf->backends, sizeof c->backends);
    c->nbackends = cf->nbackends;
    char *bad = NULL;
    if ((text = case_file(c, "backends")) && parse_backends(text, c->backends, &c->nbackends, &bad))
        c->error = fmt("its backends file names '%s', not a backend", bad);
    free(bad);
    free(text);
    if (!c->error)
        choose_outputs(c);
}

static void free_case(test_case *c)
{
    free(c->name);
    free(c->work);
    free(c->file);
    free(c->kernel);
    strv_free(&c->ins);
    strv_free(&c->expects);
    strv_free(&c->outs);
    strv_free(&c->args);
    free(c->fault);
    free(c->want_out);
    free(c->want_err);
    free(c->error);
}

/* ---- running one backend of a case ---------------------------------------------------- */
static char *out_path(const test_case *c, int row, const char *what)
{
    return fmt("%s/%s.%s", c->work, backend_rows[row].name, what);
}

/* The obs backend traces every op to a file instead of counting them (--covered needs the
 * trace; a benchmark's trace takes gigabytes). */
static int trace_obs;

/* pvc run's command line (after `run`) for backend row of case c. */
static void run_argv(const test_case *c, int row, strv *a)
{
    const backend_row *b = &backend_rows[row];
    strv_push(a, xstrdup(c->file));
    if (c->kernel)
        strv_push(a, fmt("--kernel=%s", c->kernel));
    strv_push(a, fmt("--backend=%s", b->backend));
    if (b->flag && !strcmp(b->flag, "--stats") && trace_obs) { /* the trace --covered reads */
        char *trace = out_path(c, row, "trace");
        strv_push(a, fmt("--trace=%s", trace));
        free(trace);
    } else if (b->flag)
        strv_push(a, xstrdup(b->flag));
    for (int i = 0; i < c->ins.n; i++)
        strv_push(a, fmt("--input=%s=%s/in_%s.npy", c->ins.v[i], c->dir, c->ins.v[i]));
    for (int i = 0; i < c->expects.n; i++)
        strv_push(a, fmt("--expect=%s=%s/expect_%s.npy", c->expects.v[i], c->dir, c->expects.v[i]));
    for (int i = 0; i < c->outs.n; i++) {
        char *leaf = fmt("%s.npy", c->outs.v[i]), *path = out_path(c, row, leaf);
        strv_push(a, fmt("--output=%s=%s", c->outs.v[i], path));
        free(path);
        free(leaf);
    }
    for (int i = 0; i < c->args.n; i++)
        strv_push(a, xstrdup(c->args.v[i]));
}

/* Sets (value) or restores (NULL: the value the process started with) one variable. */
static void set_env(const char *name, const char *value, const char *saved)
{
    const char *v = value ? value : saved;
    if (v)
        setenv(name, v, 1);
    else
        unsetenv(name);
}

/* Runs argv with stdout and stderr sent to the files out and err; returns pvc run's status. */
static int run_captured(strv *a, const char *out, const char *err)
{
    fflush(stdout);
    fflush(stderr);
    int keep_out = dup(1), keep_err = dup(2);
    int fo = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int fe = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (keep_out < 0 || keep_err < 0 || fo < 0 || fe < 0) {
        fprintf(stderr, "pvc-cases: cannot capture the output of a run in %s: %s\n", out,
                strerror(errno));
        exit(2);
    }
    dup2(fo, 1);
    dup2(fe, 2);
    close(fo);
    close(fe);
    int rc = pvc_cmd_run(a->n, a->v);
    fflush(stdout);
    fflush(stderr);
    dup2(keep_out, 1);
    dup2(keep_err, 2);
    close(keep_out);
    close(keep_err);
    clearerr(stdout);
    clearerr(stderr);
    return rc;
}

static const char *start_cc, *start_build;

static void run_backend(test_case *c, int k)
{
    int row = c->backends[k];
    const backend_row *b = &backend_rows[row];
    strv a = {0};
    run_argv(c, row, &a);
    make_dirs(c->work);
    set_env("CC", strcmp(b->backend, "sim") ? NULL : "/nonexistent/cc-the-simulator-needs-none",
            start_cc);
    set_env("PVC_NATIVE_BUILD", b->build, start_build);
    char *out = out_path(c, row, "out"), *err = out_path(c, row, "err");
    c->rc[k] = run_captured(&a, out, err);
    set_env("CC", NULL, start_cc);
    set_env("PVC_NATIVE_BUILD", NULL, start_build);
    free(out);
    free(err);
    strv_free(&a);
}

/* ---- verdicts ------------------------------------------------------------------------ */
/* One check's verdict, written as a record "INDEX\tPASS|FAIL\tCHECK\tDETAIL\n" (INDEX: the
 * case's place on the command line, so that the records of several workers sort). */
static void record(FILE *rec, int index, int pass, const char *check, const char *detail)
{
    char *d = one_line(detail ? detail : "", 400);
    fprintf(rec, "%d\t%s\t%s\t%s\n", index, pass ? "PASS" : "FAIL", check, d);
    free(d);
}

static char *backend_text(const test_case *c, int k, const char *what)
{
    char *path = out_path(c, c->backends[k], what), *text = slurp(path, NULL);
    free(path);
    return text ? text : xstrdup("");
}

/* The first line of text holding needle, or NULL. */
static char *line_with(const char *text, const char *needle)
{
    for (const char *s = text; *s;) {
        size_t n = strcspn(s, "\n");
        char *line = fmt("%.*s", (int)n, s);
        if (strstr(line, needle))
            return line;
        free(line);
        s += n + (s[n] != '\0');
    }
    return NULL;
}

/* Why backend k's stderr fails the case's fault file (NULL: it holds). */
static char *fault_problem(const test_case *c, int k)
{
    const char *be = backend_rows[c->backends[k]].name;
    char *err = backend_text(c, k, "err"), *line = line_with(err, "error: kernel fault"), *why = NULL;
    for (const char *w = c->fault; *w && !why;) {
        size_t n = strcspn(w, "\n");
        char *want = fmt("%.*s", (int)n, w);
        if (n && (!line || !strstr(line, want)))
            why = fmt("%s: wanted a kernel fault with '%s', got: %.200s", be, want, line ? line : err);
        free(want);
        w += n + (w[n] != '\0');
    }
    free(line);
    free(err);
    return why;
}

/* Why backend k failed to produce a matching output p (NULL: it did). pvc run's report of
 * a mismatch starts with a line "P: ...". */
static char *output_problem(const test_case *c, int k, const char *p)
{
    const char *be = backend_rows[c->backends[k]].name;
    char *err = backend_text(c, k, "err"), *why = NULL;
    if (c->rc[k] != 0 && c->rc[k] != 3) {
        char *first = fmt("%.*s", (int)strcspn(err, "\n"), err);
        why = fmt("%s exit %d: %s", be, c->rc[k], first);
        free(first);
    } else {
        char *head = fmt("%s: ", p);
        for (const char *s = err; *s && !why; s += strcspn(s, "\n"), s += *s != '\0')
            if (!strncmp(s, head, strlen(head)))
                why = fmt("%s: %.300s", be, s); /* the report and the lines after it */
        free(head);
    }
    free(err);
    return why;
}

/* The data of a .npy file image (after its header), or NULL when it is not one. */
static const char *npy_data(const char *img, size_t len, size_t *n)
{
    if (len < 12 || memcmp(img, "\x93NUMPY", 6))
        return NULL;
    const unsigned char *u = (const unsigned char *)img;
    size_t head = u[6] == 1 ? 10 + (u[8] | (size_t)u[9] << 8)
                            : 12 + (u[8] | (size_t)u[9] << 8 | (size_t)u[10] << 16 | (size_t)u[11] << 24);
    if (head > len)
        return NULL;
    *n = len - head;
    return img + head;
}

/* With an `exact` file: backend k's output p holds the expected file's bytes (NaN payloads
 * and signed zeros included, which a comparison of values passes). NULL, or where not. */
static char *bytes_problem(const test_case *c, int k, const char *p)
{
    char *leaf = fmt("%s.npy", p), *got_path = out_path(c, c->backends[k], leaf);
    char *want_path = fmt("%s/expect_%s.npy", c->dir, p), *why = NULL;
    size_t gl = 0, wl = 0, gn = 0, wn = 0;
    char *got = slurp(got_path, &gl), *want = slurp(want_path, &wl);
    const char *g = got ? npy_data(got, gl, &gn) : NULL, *w = want ? npy_data(want, wl, &wn) : NULL;
    if (!g || !w || gn != wn)
        why = fmt("%s: %s is not an array of the expected file's size", backend_rows[c->backends[k]].name, p);
    else if (memcmp(g, w, gn)) {
        size_t i = 0;
        while (g[i] == w[i])
            i++;
        why = fmt("%s: %s differs from the expected bytes at byte %zu of its data",
                  backend_rows[c->backends[k]].name, p, i);
    }
    free(got);
    free(want);
    free(got_path);
    free(want_path);
    free(leaf);
    return why;
}

/* Every backend's output p is the same bytes; NULL or which two differ. */
static char *outputs_differ(const test_case *c, const char *p)
{
    char *leaf = fmt("%s.npy", p), *first = out_path(c, c->backends[0], leaf), *why = NULL;
    for (int k = 1; k < c->nbackends && !why; k++) {
        char *other = out_path(c, c->backends[k], leaf);
        if (!same_bytes(first, other))
            why = fmt("%s and %s outputs differ", backend_rows[c->backends[0]].name,
                      backend_rows[c->backends[k]].name);
        free(other);
    }
    free(first);
    free(leaf);
    return why;
}

/* Appends "; " and more to *why (which may be NULL); frees more. */
static void add_why(char **why, char *more)
{
    if (!more)
        return;
    char *s = *why ? fmt("%s; %s", *why, more) : xstrdup(more);
    free(*why);
    free(more);
    *why = s;
}

static void judge_status(const test_case *c, FILE *rec, int index)
{
    char *why = NULL;
    for (int k = 0; k < c->nbackends; k++)
        if (c->rc[k] != c->status) {
            char *err = backend_text(c, k, "err");
            add_why(&why, fmt("%s exit %d, expected %d: %.200s", backend_rows[c->backends[k]].name,
                              c->rc[k], c->status, err));
            free(err);
        }
    record(rec, index, !why, c->name, why);
    free(why);
}

static void judge_fault(const test_case *c, FILE *rec, int index)
{
    char *why = NULL;
    for (int k = 0; k < c->nbackends && !why; k++)
        why = c->rc[k] != 1 ? fmt("%s exit %d, expected 1 (a kernel fault)",
                                  backend_rows[c->backends[k]].name, c->rc[k])
                            : fault_problem(c, k);
    record(rec, index, !why, c->name, why);
    free(why);
}

static void judge_outputs(const test_case *c, FILE *rec, int index)
{
    for (int i = 0; i < c->outs.n; i++) {
        const char *p = c->outs.v[i];
        char *why = NULL, *check = fmt("%s/%s", c->name, p);
        for (int k = 0; k < c->nbackends; k++)
            add_why(&why, output_problem(c, k, p));
        for (int k = 0; !why && c->exact && has(&c->expects, p) && k < c->nbackends; k++)
            add_why(&why, bytes_problem(c, k, p));
        if (!why)
            why = outputs_differ(c, p);
        record(rec, index, !why, check, why);
        free(why);
        free(check);
    }
}

/* stdout: exactly the stdout file (not in obs when --stats prints there too); stderr: every
 * line of the stderr file within some line of the backend's stderr. */
static void judge_streams(const test_case *c, FILE *rec, int index)
{
    char *why = NULL, *check;
    for (int k = 0; c->want_out && k < c->nbackends; k++) {
        char *got = backend_text(c, k, "out");
        if ((trace_obs || strcmp(backend_rows[c->backends[k]].name, "obs")) && strcmp(got, c->want_out))
            add_why(&why, fmt("%s printed: %.200s", backend_rows[c->backends[k]].name, got));
        free(got);
    }
    if (c->want_out) {
        record(rec, index, !why, check = fmt("%s/stdout", c->name), why);
        free(check);
    }
    free(why);
    why = NULL;
    for (int k = 0; c->want_err && k < c->nbackends; k++) {
        char *got = backend_text(c, k, "err");
        for (const char *w = c->want_err; *w; w += strcspn(w, "\n"), w += *w != '\0') {
            char *want = fmt("%.*s", (int)strcspn(w, "\n"), w), *line = *want ? line_with(got, want) : NULL;
            if (*want && !line)
                add_why(&why, fmt("%s: no line with '%s' in: %.200s", backend_rows[c->backends[k]].name,
                                  want, got));
            free(line);
            free(want);
        }
        free(got);
    }
    if (c->want_err) {
        record(rec, index, !why, check = fmt("%s/stderr", c->name), why);
        free(check);
    }
    free(why);
}

/* ---- calls covered -------------------------------------------------------------------
 * What "an op is covered" means (tests/cases/README.md): a case compared its outputs with
 * expected files, and the simulator's observing loop executed the op. The trace locates
 * every op it ran (line, col); the source text there names the DSL call ("vf.add(..."). */
static int trace_number(const char *line, const char *key)
{
    const char *at = strstr(line, key);
    return at ? atoi(at + strlen(key)) : 0;
}

/* The dotted name at 1-based (line, col) of the lines of a source, or NULL. */
static char *name_at(strv *lines, int line, int col)
{
    if (line < 1 || line > lines->n || col < 1 || (size_t)col > strlen(lines->v[line - 1]))
        return NULL;
    const char *s = lines->v[line - 1] + col - 1;
    size_t n = 0;
    while (isalnum((unsigned char)s[n]) || s[n] == '_' || s[n] == '.')
        n++;
    return n ? fmt("%.*s", (int)n, s) : NULL;
}

static void split_lines(const char *text, strv *out)
{
    for (const char *s = text; *s;) {
        size_t n = strcspn(s, "\n");
        strv_push(out, fmt("%.*s", (int)n, s));
        s += n + (s[n] != '\0');
    }
}

static int compared_outputs(const test_case *c)
{
    if (c->error || c->fault || !c->expects.n)
        return 0;
    for (int k = 0; k < c->nbackends; k++)
        if (c->rc[k] != 0 && c->rc[k] != 3)
            return 0;
    return 1;
}

/* Records "CALL NAME FILE:LINE" once per vf./pl. call the case's obs run executed. */
static void record_calls(const test_case *c, FILE *rec, int index)
{
    int k = 0;
    while (k < c->nbackends && strcmp(backend_rows[c->backends[k]].name, "obs"))
        k++;
    if (k == c->nbackends || !compared_outputs(c))
        return;
    char *trace = backend_text(c, k, "trace"), *src = slurp(c->file, NULL);
    strv lines = {0}, seen = {0};
    split_lines(src ? src : "", &lines);
    for (const char *t = trace; *t; t += strcspn(t, "\n"), t += *t != '\0') {
        int line = trace_number(t, "\"line\":"), col = trace_number(t, "\"col\":");
        char *name = name_at(&lines, line, col);
        int dup = !name || (strncmp(name, "vf.", 3) && strncmp(name, "pl.", 3));
        for (int i = 0; i < seen.n && !dup; i++)
            dup = !strcmp(seen.v[i], name);
        if (!dup) {
            fprintf(rec, "%d\tCALL\t%s\t%s:%d\n", index, name, c->file, line);
            strv_push(&seen, name);
        } else
            free(name);
    }
    strv_free(&lines);
    strv_free(&seen);
    free(trace);
    free(src);
}

/* The checks of a case that has run on all its backends. */
static void judge(const test_case *c, FILE *rec, int index)
{
    if (c->error) {
        record(rec, index, 0, c->name, c->error);
        return;
    }
    if (c->fault)
        judge_fault(c, rec, index);
    else if (c->outs.n && c->status == 0)
        judge_outputs(c, rec, index);
    else
        judge_status(c, rec, index);
    judge_streams(c, rec, index);
}

/* ---- a shard of the cases: every backend over them, then the verdicts ---------------- */
/* The rows any case runs on, in the order of the rows table. */
static int rows_used(test_case *cases, int n, int *rows)
{
    int used[NROWS] = {0}, m = 0;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < cases[i].nbackends; k++)
            used[cases[i].backends[k]] = 1;
    for (int r = 0; r < NROWS; r++)
        if (used[r])
            rows[m++] = r;
    return m;
}

/* Cases i with i % nshards == shard. A backend's pass over them ends by forgetting the
 * programs, so the next (a native row with another build) loads its own objects. */
static void run_shard(test_case *cases, int n, int shard, int nshards, FILE *rec)
{
    int rows[NROWS], nrows = rows_used(cases, n, rows);
    for (int r = 0; r < nrows; r++) {
        for (int i = shard; i < n; i += nshards)
            for (int k = 0; !cases[i].error && k < cases[i].nbackends; k++)
                if (cases[i].backends[k] == rows[r])
                    run_backend(&cases[i], k);
        pvc_cache_clear();
    }
    for (int i = shard; i < n; i += nshards) {
        judge(&cases[i], rec, i);
        record_calls(&cases[i], rec, i);
    }
    fflush(rec);
}

/* ---- known failures and the report ---------------------------------------------------- */
typedef struct {
    strv pats;
    int *hits;
} known_list;

static void read_known(const char *path, known_list *kl)
{
    size_t len;
    char *text = path ? slurp(path, &len) : NULL;
    if (path && !text) {
        fprintf(stderr, "pvc-cases: cannot read --known %s\n", path);
        exit(2);
    }
    for (char *s = text; s && *s;) {
        size_t n = strcspn(s, "\n");
        char *line = fmt("%.*s", (int)n, s);
        strv w = {0};
        if (line[0] != '#')
            split_words(line, &w);
        if (w.n)
            strv_push(&kl->pats, xstrdup(w.v[0]));
        strv_free(&w);
        free(line);
        s += n + (s[n] != '\0');
    }
    free(text);
    kl->hits = calloc((size_t)kl->pats.n + 1, sizeof *kl->hits);
}

static int listed(known_list *kl, const char *check)
{
    int hit = 0;
    for (int i = 0; i < kl->pats.n; i++)
        if (!fnmatch(kl->pats.v[i], check, 0))
            hit = kl->hits[i] = 1;
    return hit;
}

typedef struct {
    int index, seq, pass; /* seq: the order records were read in */
    char *check, *detail;
} verdict;

static int by_index(const void *a, const void *b)
{
    const verdict *x = a, *y = b;
    return x->index != y->index ? (x->index > y->index) - (x->index < y->index)
                                : (x->seq > y->seq) - (x->seq < y->seq);
}

static void add_verdict(verdict **v, int *n, int *cap, int index, const char *status,
                        const char *check, const char *detail)
{
    if (*n == *cap && !(*v = realloc(*v, (size_t)(*cap = *cap ? 2 * *cap : 256) * sizeof **v)))
        exit(2);
    (*v)[*n] = (verdict){index, *n, !strcmp(status, "PASS"), xstrdup(check), xstrdup(detail)};
    (*n)++;
}

/* The next field of *s up to sep (the rest of the line when sep is 0), advancing *s. */
static char *field(char **s, int sep)
{
    char *f = *s, *e = sep ? strchr(f, sep) : NULL;
    if (e)
        *e++ = '\0';
    *s = e ? e : f + strlen(f);
    return f;
}

/* Reads the records of path (see record), or with also >= 0 the lines "STATUS CHECK DETAIL"
 * of an --also file, which all get the index `also`. */
static void read_records(const char *path, int also, verdict **v, int *n, int *cap, strv *calls)
{
    char *text = slurp(path, NULL);
    for (char *s = text; s && *s;) {
        size_t len = strcspn(s, "\n");
        char *line = fmt("%.*s", (int)len, s), *p = line;
        int sep = also >= 0 ? ' ' : '\t';
        int index = also >= 0 ? also : atoi(field(&p, '\t'));
        char *status = field(&p, sep), *check = field(&p, sep), *detail = field(&p, 0);
        if (!strcmp(status, "CALL"))
            strv_push(calls, fmt("%s %s", check, detail));
        else if (*check)
            add_verdict(v, n, cap, index, status, check, detail);
        free(line);
        s += len + (s[len] != '\0');
    }
    free(text);
}

/* What a passing check is counted under: its case, or for an --also record the part of
 * the check before its first '/'. */
static char *group_of(const verdict *v, const test_case *cases, int ncases)
{
    if (v->index < ncases)
        return xstrdup(cases[v->index].name);
    return fmt("%.*s", (int)strcspn(v->check, "/"), v->check);
}

/* Prints the verdicts: passing checks one line per case ("PASS case (N checks)"), the
 * others one line each. Returns the number of failures; *npass counts the passes. */
static int report(const verdict *v, int n, const test_case *cases, int ncases, known_list *kl,
                  int *npass)
{
    int fails = 0, run = 0;
    char *group = NULL;
    for (int i = 0; i <= n; i++) {
        int is_listed = i < n && listed(kl, v[i].check);
        char *g = i < n ? group_of(&v[i], cases, ncases) : NULL;
        if (group && (i == n || is_listed || !v[i].pass || strcmp(g, group))) {
            printf("PASS %s (%d check%s)\n", group, run, run == 1 ? "" : "s");
            free(group);
            group = NULL, run = 0;
        }
        if (i == n)
            break;
        if (is_listed && v[i].pass)
            printf("XPASS %s: listed as a known failure but passes\n", v[i].check), fails++;
        else if (is_listed)
            printf("XFAIL %s (%s)\n", v[i].check, v[i].detail), (*npass)++;
        else if (!v[i].pass)
            printf("FAIL %s: %s\n", v[i].check, v[i].detail), fails++;
        else {
            if (!group)
                group = g, g = NULL;
            run++, (*npass)++;
        }
        free(g);
    }
    for (int i = 0; i < kl->pats.n; i++)
        if (!kl->hits[i])
            printf("FAIL %s: listed as a known failure but matches no check\n", kl->pats.v[i]), fails++;
    return fails;
}

/* --covered FILE: "NAME FILE:LINE" per call, the first site of each name, sorted. */
static void write_calls(const char *path, strv *calls)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "pvc-cases: cannot write --covered %s: %s\n", path, strerror(errno));
        exit(2);
    }
    if (calls->n > 1)
        qsort(calls->v, (size_t)calls->n, sizeof *calls->v, by_name);
    for (int i = 0; i < calls->n; i++) {
        size_t n = strcspn(calls->v[i], " ");
        if (i == 0 || strncmp(calls->v[i], calls->v[i - 1], n) || calls->v[i - 1][n] != ' ')
            fprintf(f, "%s\n", calls->v[i]);
    }
    fclose(f);
}

/* --cover NAMES: one check, "coverage": every name ran in a case that compared outputs. */
static void judge_cover(const char *names, const strv *calls, int index, verdict **v, int *n,
                        int *cap)
{
    strv want = {0};
    char *missing = xstrdup("");
    split_words(names, &want);
    for (int i = 0; i < want.n; i++) {
        size_t len = strlen(want.v[i]);
        int hit = 0;
        for (int j = 0; j < calls->n && !hit; j++)
            hit = !strncmp(calls->v[j], want.v[i], len) && calls->v[j][len] == ' ';
        if (!hit) {
            char *m = fmt("%s %s", missing, want.v[i]);
            free(missing);
            missing = m;
        }
    }
    char *detail = *missing ? fmt("not run by a case that compares its outputs:%s", missing) : NULL;
    add_verdict(v, n, cap, index, detail ? "FAIL" : "PASS", "coverage", detail ? detail : "");
    free(detail);
    free(missing);
    strv_free(&want);
}

/* ---- main ---------------------------------------------------------------------------- */
static int usage(void)
{
    fputs("usage: pvc-cases [--backends sim,native,...] [--work DIR] [--strip PREFIX]\n"
          "                 [--known FILE] [--also FILE] [--covered FILE] [--cover NAMES]\n"
          "                 [--jobs N] CASE_DIR...\n"
          "backends: sim obs native cc tcc (tests/cases/README.md)\n",
          stderr);
    return 2;
}

static int parse_args(int argc, char **argv, config *cf, strv *dirs)
{
    const char *backends = "sim,native";
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], **slot = NULL;
        if (!strcmp(a, "--backends")) slot = &backends;
        else if (!strcmp(a, "--work")) slot = &cf->work;
        else if (!strcmp(a, "--strip") && i + 1 < argc) strv_push(&cf->strips, xstrdup(argv[++i]));
        else if (!strcmp(a, "--known")) slot = &cf->known;
        else if (!strcmp(a, "--also")) slot = &cf->also;
        else if (!strcmp(a, "--covered")) slot = &cf->covered;
        else if (!strcmp(a, "--cover")) slot = &cf->cover;
        else if (!strcmp(a, "--jobs") && i + 1 < argc) cf->jobs = atoi(argv[++i]);
        else if (a[0] == '-')
            return usage();
        else
            strv_push(dirs, xstrdup(a));
        if (slot && i + 1 >= argc)
            return usage();
        if (slot)
            *slot = argv[++i];
    }
    char *bad = NULL;
    if (parse_backends(backends, cf->backends, &cf->nbackends, &bad) || !cf->nbackends) {
        fprintf(stderr, "pvc-cases: --backends: '%s' is not a backend\n", bad ? bad : "");
        free(bad);
        return usage();
    }
    if (cf->jobs < 1 || cf->jobs > 64)
        cf->jobs = 1;
    return 0;
}

/* Runs the shards: in this process for one job, else one forked worker each (a worker
 * that dies leaves its cases without records: each is then one failure). */
static void run_all(test_case *cases, int n, const config *cf, const char *recdir)
{
    for (int w = 0; w < cf->jobs; w++) {
        char *path = fmt("%s/records.%d", recdir, w);
        pid_t pid = cf->jobs > 1 ? fork() : 0;
        if (pid == 0) {
            FILE *rec = fopen(path, "w");
            if (!rec)
                exit(2);
            run_shard(cases, n, w, cf->jobs, rec);
            fclose(rec);
            if (cf->jobs > 1)
                _exit(0);
        }
        free(path);
    }
    while (cf->jobs > 1 && wait(NULL) > 0)
        ;
}

int main(int argc, char **argv)
{
    config cf = {.work = "build/cases", .jobs = 1};
    strv dirs = {0};
    if (parse_args(argc, argv, &cf, &dirs))
        return 2;
    start_cc = getenv("CC") ? xstrdup(getenv("CC")) : NULL;
    start_build = getenv("PVC_NATIVE_BUILD") ? xstrdup(getenv("PVC_NATIVE_BUILD")) : NULL;
    make_dirs(cf.work);
    trace_obs = cf.covered || cf.cover;
    test_case *cases = calloc((size_t)dirs.n + 1, sizeof *cases);
    for (int i = 0; i < dirs.n; i++) {
        size_t len = strlen(dirs.v[i]);
        while (len > 1 && dirs.v[i][len - 1] == '/')
            dirs.v[i][--len] = '\0';
        cases[i].dir = dirs.v[i];
        read_case(&cases[i], &cf);
        for (int j = 0; j < i && !cases[i].error; j++)
            if (!strcmp(cases[j].name, cases[i].name)) /* one work directory each */
                cases[i].error = fmt("another case (%s) has this name", cases[j].dir);
    }
    pvc_cache_clear();
    run_all(cases, dirs.n, &cf, cf.work);

    verdict *v = NULL;
    int nv = 0, cap = 0, npass = 0, fails = 0;
    strv calls = {0};
    for (int w = 0; w < cf.jobs; w++) {
        char *path = fmt("%s/records.%d", cf.work, w);
        read_records(path, -1, &v, &nv, &cap, &calls);
        unlink(path);
        free(path);
    }
    if (cf.also)
        read_records(cf.also, dirs.n, &v, &nv, &cap, &calls);
    if (cf.covered)
        write_calls(cf.covered, &calls);
    if (cf.cover)
        judge_cover(cf.cover, &calls, dirs.n, &v, &nv, &cap);
    qsort(v, (size_t)nv, sizeof *v, by_index);
    char *seen = calloc((size_t)dirs.n + 1, 1);
    for (int i = 0; i < nv; i++)
        if (v[i].index < dirs.n)
            seen[v[i].index] = 1;
    for (int i = 0; i < dirs.n; i++)
        if (!seen[i])
            printf("FAIL %s: no verdict (the worker running it died)\n", cases[i].name), fails++;
    known_list kl = {0};
    read_known(cf.known, &kl);
    fails += report(v, nv, cases, dirs.n, &kl, &npass);
    printf("%d passed, %d failed\n", npass, fails);

    for (int i = 0; i < nv; i++)
        free(v[i].check), free(v[i].detail);
    free(v);
    free(seen);
    for (int i = 0; i < dirs.n; i++)
        free_case(&cases[i]);
    free(cases);
    strv_free(&dirs);
    strv_free(&cf.strips);
    strv_free(&calls);
    strv_free(&kl.pats);
    free(kl.hits);
    free((char *)start_cc);
    free((char *)start_build);
    return fails ? 1 : 0;
}
