/* main.c - the pvc command line (docs/CLI.md). One row per subcommand. Every
 * command's output goes through base/ioutil.h: files are written whole or not at all, and a
 * write error on stdout or stderr fails the command (pvc_io_finish). */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/ioutil.h"
#include "emit/emit_c.h"
#include "emit/native_tcc.h"
#include "emit/stream.h"
#include "lib/libpvc.h"
#include "help.h"
#include "pvc.h"
#include "run/run.h"

typedef struct {
    const char *file;
    const char *after;  /* --after PASS */
    const char *format; /* --format text|json */
    int dump_failed;    /* the JSON dump could not be built */
} options;

static int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("pvc: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputs(" (try 'pvc --help')\n", stderr);
    va_end(ap);
    return PVC_EXIT_USAGE;
}

/* Reads FILE and the options a command allows (mask: 1 --after, 2 --format). */
static int parse_options(int argc, char **argv, unsigned allowed, options *o)
{
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *val = NULL;
        const char **slot = NULL;
        if ((allowed & 1) && !strncmp(a, "--after", 7) && (a[7] == '\0' || a[7] == '='))
            slot = &o->after;
        else if ((allowed & 2) && !strncmp(a, "--format", 8) && (a[8] == '\0' || a[8] == '='))
            slot = &o->format;
        else if (a[0] == '-' && a[1] != '\0')
            return usage_error("unknown option '%s'", a);
        else if (o->file)
            return usage_error("unexpected argument '%s'", a);
        else {
            o->file = a;
            continue;
        }
        val = strchr(a, '=') ? strchr(a, '=') + 1 : (i + 1 < argc ? argv[++i] : NULL);
        if (!val || !*val)
            return usage_error("option '%s' needs a value", a);
        *slot = val;
    }
    if (!o->file)
        return usage_error("%s", "missing FILE.py");
    if (o->after && !pvc_pass_exists(o->after)) {
        fprintf(stderr, "pvc: unknown pass '%s' (passes: %s)\n", o->after, pvc_pass_list());
        return PVC_EXIT_USAGE;
    }
    if (o->format && strcmp(o->format, "text") && strcmp(o->format, "json"))
        return usage_error("--format must be text or json, not '%s'", o->format);
    return 0;
}

/* Loads o->file into u; 1 (with a message) when it cannot be read. */
static int load_unit(pvc_unit *u, const options *o)
{
    pvc_source src;
    char why[256];
    if (pvc_source_read(&src, o->file, why, sizeof why)) {
        fprintf(stderr, "pvc: error: cannot read '%s': %s\n", o->file, why);
        return PVC_EXIT_DIAG;
    }
    pvc_unit_init(u, src, stderr);
    return 0;
}

/* A write error on stdout is found by pvc_io_finish; here only a dump that failed. */
static void dump_ir(const pvc_module *m, const char *pass, void *ctx)
{
    (void)pass;
    options *o = ctx;
    if (o->format && !strcmp(o->format, "json"))
        o->dump_failed = pvc_dump_json(m, stdout) != 0 && !ferror(stdout);
    else
        pvc_dump_text(m, stdout);
}

static int cmd_ir(int argc, char **argv)
{
    options o = {0};
    pvc_unit u;
    int rc = parse_options(argc, argv, 3, &o);
    if (rc || (rc = load_unit(&u, &o)))
        return rc;
    rc = pvc_run_passes(&u, o.after, dump_ir, &o);
    if (o.dump_failed) {
        fprintf(stderr, "pvc: error: cannot build the JSON of '%s'\n", o.file);
        rc = PVC_EXIT_DIAG;
    }
    pvc_unit_free(&u);
    return rc;
}

static int cmd_check(int argc, char **argv)
{
    options o = {0};
    pvc_unit u;
    int rc = parse_options(argc, argv, 0, &o);
    if (rc || (rc = load_unit(&u, &o)))
        return rc;
    rc = pvc_run_passes(&u, NULL, NULL, NULL);
    pvc_unit_free(&u);
    return rc;
}

/* -o OUT must not be the file it is compiled from (gcc: "input file is the same as output
 * file"), and must be writable before anything is compiled: a usage error, exit 2. */
static int check_output(const char *file, const char *out)
{
    char why[512];
    pvc_file_id src, dst;
    if (!pvc_io_file_id(file, &src) && !pvc_io_file_id(out, &dst) && pvc_io_same_file(&src, &dst))
        return usage_error("-o %s is the same file as the source %s; pvc does not overwrite "
                           "a file it reads", out, file);
    if (pvc_sink_check(out, why, sizeof why)) {
        fprintf(stderr, "pvc: error: -o %s: %s\n", out, why);
        return PVC_EXIT_USAGE;
    }
    return 0;
}

/* The classic compile: every pass over the whole module, then the C written to f. */
static int compile_whole(pvc_unit *u, FILE *f)
{
    int rc = pvc_run_passes(u, NULL, NULL, NULL);
    if (rc)
        return rc;
    return pvc_emit_c(u->mod, f) ? PVC_EXIT_DIAG : PVC_EXIT_OK;
}

/* pvc compile FILE.py [-o OUT.c]: the C of every kernel, to stdout or OUT.c, streamed (a
 * vector function at a time, emit/stream.c) when the file allows, else whole. OUT.c is
 * written through a temporary renamed over it at the end (base/ioutil.h), so a failed
 * compile or write leaves the old OUT.c as it was. */
static int cmd_compile(int argc, char **argv)
{
    options o = {0};
    const char *out = NULL;
    int verbose = 0;
    pvc_unit u;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "-v") || !strcmp(argv[i], "--verbose"))
            verbose = 1;
        else if (!strcmp(argv[i], "-o")) {
            if (i + 1 >= argc || !*argv[i + 1])
                return usage_error("%s", "option '-o' needs a file name");
            out = argv[++i];
            if (!strcmp(out, "-"))
                out = NULL; /* "-o -": standard output, as cc and most tools read it */
        } else if (argv[i][0] == '-' && argv[i][1] != '\0')
            return usage_error("unknown option '%s'", argv[i]);
        else if (o.file)
            return usage_error("unexpected argument '%s'", argv[i]);
        else
            o.file = argv[i];
    }
    if (!o.file)
        return usage_error("%s", "missing FILE.py");
    int rc = out ? check_output(o.file, out) : 0;
    if (rc || (rc = load_unit(&u, &o)))
        return rc;
    char why[512];
    pvc_sink sink = {0};
    if (out && pvc_sink_open(&sink, out, why, sizeof why)) {
        fprintf(stderr, "pvc: error: cannot write '%s': %s\n", out, why);
        pvc_unit_free(&u);
        return PVC_EXIT_DIAG;
    }
    FILE *f = out ? sink.f : stdout; /* stdout is checked by pvc_io_finish */
    int streamed = pvc_compile_streamed(&u, f, verbose ? stderr : NULL);
    if (streamed == -1)
        rc = compile_whole(&u, f);
    else if (streamed == -2) { /* stdout's own error is pvc_io_finish's to report */
        if (out)
            fprintf(stderr, "pvc: error: cannot write '%s': %s\n", out, strerror(errno));
        rc = PVC_EXIT_DIAG;
    }
    pvc_unit_free(&u);
    if (out && rc)
        pvc_sink_abort(&sink);
    else if (out && pvc_sink_commit(&sink, why, sizeof why)) {
        fprintf(stderr, "pvc: error: cannot write '%s': %s\n", out, why);
        rc = PVC_EXIT_DIAG;
    }
    return rc;
}

/* pvc tcc-object DIR IN.c OUT.so: IN.c compiled by this pvc's libtcc against the runtime
 * headers of DIR into the shared object OUT.so (written by libtcc; the caller names a
 * temporary). libpvc.so cannot hold Debian's libtcc (not built -fPIC), so its first native
 * run of a kernel has the pvc beside it compile it (compiler/emit/native.c). */
static int cmd_tcc_object(int argc, char **argv)
{
    char err[512], *text = NULL;
    size_t len = 0;
    if (argc != 3)
        return usage_error("%s", "tcc-object wants DIR IN.c OUT.so");
    if (pvc_io_read_file(argv[1], (size_t)64 << 20, "64 MiB", &text, &len, err, sizeof err)) {
        fprintf(stderr, "pvc: error: %s\n", err);
        return PVC_EXIT_DIAG;
    }
    int rc = pvc_tcc_compile_object(text, len, argv[0], argv[2], err, sizeof err);
    free(text);
    if (rc)
        fprintf(stderr, "pvc: error: %s\n", err);
    return rc ? PVC_EXIT_DIAG : PVC_EXIT_OK;
}

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *help;
} commands[] = {
    {"ir", cmd_ir, "ir FILE.py [--after PASS] [--format text|json]\n"
                   "                     print the IR after PASS (default: the last pass)"},
    {"check", cmd_check, "check FILE.py      report diagnostics only"},
    {"compile", cmd_compile, "compile FILE.py [-o OUT.c] [-v|--verbose]\n"
                             "                     C11 for every jit kernel of FILE (stdout by default);\n"
                             "                     -v says whether it was streamed (PVC_STREAM=0: never)"},
    {"run", pvc_cmd_run, "run FILE.py [--kernel NAME] [--backend sim|native]\n"
                         "        [--input P=FILE.npy]... [--output P=FILE.npy]... [--expect P=FILE.npy]...\n"
                         "        [--shape P=R,C]... [--scalar P=VALUE]... [--rtol R --atol A | --ulp N] [-v|--verbose]\n"
                         "        [--blocks N] [--threads T] [--timeout SECS]\n"
                         "        [--trace[=FILE]] [--stats] [--timeline FILE] [--max-ops N] [--strict-hazards]   (sim only)\n"
                         "                     run one jit kernel on .npy tensors and scalar values\n"
                         "                     (int, float in Python syntax, True/False; default backend: sim)\n"
                         "                     on N blocks (default 1; native: T threads, default one per core);\n"
                         "                     the simulator stops after N ops (default 2^30, 0: no budget)"},
    {"py", pvc_cmd_py, "py [PYTHON ARGS]   /usr/bin/python3 with pvc's pypto_pro, torch_npu and pypto first\n"
                       "                     on the path: pvc py test_x.py, pvc py -m pytest -n auto tests/"},
    {"tcc-object", cmd_tcc_object, "tcc-object DIR IN.c OUT.so\n"
                                   "                     IN.c (emitted C) to a shared object with this pvc's libtcc:\n"
                                   "                     libpvc.so's first-run compiler"},
};

static void help(void)
{
    printf("usage: pvc COMMAND FILE.py [options]\n\n"
           "pvc compiles the @pl.vector_function / @pl.jit functions of a pypto_pro file.\n\n"
           "commands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        printf("  pvc %s\n", commands[i].help);
    printf("  pvc --help | --version\n"
           "  pvc help TOPIC     (or pvc --help TOPIC) print one of the tables pvc reads:\n");
    pvc_help_topic_list(stdout);
    printf("\npasses: %s\n"
           "exit status: 0 ok, 1 diagnostics or kernel fault, 2 usage error,\n"
           "             3 output differs from --expect, 4 internal error\n",
           pvc_pass_list());
}

/* pvc help [TOPIC] / pvc --help [TOPIC]: a topic's table, or the general help. */
static int cmd_help(int argc, char **argv)
{
    if (argc == 0) {
        help();
        return PVC_EXIT_OK;
    }
    int markdown = argc > 1 && !strcmp(argv[1], "--markdown");
    if (argc > 1 + markdown)
        return usage_error("unexpected argument '%s'", argv[1 + markdown]);
    int rc = pvc_help_topic(argv[0], markdown, stdout);
    if (rc == 0)
        return PVC_EXIT_OK;
    if (rc == -2)
        return usage_error("help topic '%s' has no --markdown form (ops has)", argv[0]);
    fprintf(stderr, "pvc: unknown help topic '%s' (topics: %s)\n", argv[0], pvc_help_topic_names());
    return PVC_EXIT_USAGE;
}

static int dispatch(int argc, char **argv)
{
    if (argc < 2)
        return usage_error("%s", "missing command");
    if (!strcmp(argv[1], "py")) /* everything after py is Python's, --help included */
        return pvc_cmd_py(argc - 2, argv + 2);
    if (!strcmp(argv[1], "help") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))
        return cmd_help(argc - 2, argv + 2);
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            help();
            return PVC_EXIT_OK;
        }
    if (!strcmp(argv[1], "--version")) {
        printf("pvc %s\n", PVC_VERSION);
        return PVC_EXIT_OK;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(argv[1], commands[i].name))
            return commands[i].run(argc - 2, argv + 2);
    return usage_error("unknown command '%s'", argv[1]);
}

int main(int argc, char **argv)
{
    pvc_io_cleanup_on_signals();
    int status = dispatch(argc, argv);
    pvc_cache_clear(); /* the programs `pvc run` left cached (run.h) */
    return pvc_io_finish(status);
}
