/* front.c - front-end throughput: `pvc compile` in-process (load from memory, parse, lower,
 * every pass, emit C into a memory buffer; no cc) against the bare tree-sitter parse of the
 * same text with the same grammar objects (ts_parser_parse_string only). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tree_sitter/api.h>

#include "bench.h"
#include "emit/emit_c.h"
#include "pvc.h"

const TSLanguage *tree_sitter_python(void);

typedef struct {
    const pvc_source *src;
    TSParser *parser;
    size_t c_bytes;  /* emitted C of the last compile */
    int nkernels;    /* vector functions + kernels emitted */
    int error;
} front_arg;

static void bare_parse(void *arg, uint64_t n)
{
    front_arg *a = arg;
    for (uint64_t i = 0; i < n; i++) {
        TSTree *t = ts_parser_parse_string(a->parser, NULL, a->src->text, (uint32_t)a->src->len);
        if (!t)
            a->error = 1;
        ts_tree_delete(t);
    }
}

/* What `pvc compile FILE.py` does between reading the file and writing OUT.c. */
static void compile_once(front_arg *a)
{
    pvc_source s;
    pvc_unit u;
    if (pvc_source_from_mem(&s, a->src->name, a->src->text, a->src->len)) {
        a->error = 1;
        return;
    }
    pvc_unit_init(&u, s, NULL);
    if (pvc_run_passes(&u, NULL, NULL, NULL) != PVC_EXIT_OK) {
        a->error = 1;
    } else {
        size_t len = 0;
        char *c = pvc_emit_c_string(u.mod, &len);
        if (!c)
            a->error = 1;
        a->c_bytes = len;
        a->nkernels = u.mod->nfuncs;
        free(c);
    }
    pvc_unit_free(&u);
}

static void full_compile(void *arg, uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        compile_once(arg);
}

/* Vector functions in the emitted C: one "static void vf_" definition each. */
static int count_vf_defs(const pvc_source *src)
{
    pvc_source s;
    pvc_unit u;
    int n = 0;
    if (pvc_source_from_mem(&s, src->name, src->text, src->len))
        return 0;
    pvc_unit_init(&u, s, stderr);
    if (pvc_run_passes(&u, NULL, NULL, NULL) == PVC_EXIT_OK) {
        size_t len;
        char *c = pvc_emit_c_string(u.mod, &len);
        for (const char *p = c; p && (p = strstr(p, "\nstatic void vf_")); p++)
            n += strchr(p + 1, '\n') && strchr(p + 1, '\n')[-1] == '{';
        free(c);
    }
    pvc_unit_free(&u);
    return n;
}

int bench_front(const bench_opts *o)
{
    pvc_source src;
    if (pvc_source_load(&src, o->front_file)) {
        bench_fail("cannot read %s", o->front_file);
        return 1;
    }
    front_arg a = {.src = &src, .parser = ts_parser_new()};
    ts_parser_set_language(a.parser, tree_sitter_python());
    int nvf = count_vf_defs(&src);
    double t_parse, t_full;
    bench_median_pair(o, bare_parse, &a, full_compile, &a, &t_parse, &t_full);
    ts_parser_delete(a.parser);
    if (a.error || nvf < 1000) {
        bench_fail("front end: compile of %s failed or emitted %d < 1000 vector functions",
                   o->front_file, nvf);
        pvc_source_free(&src);
        return 1;
    }
    double bytes = (double)src.len;
    printf("front end: %s, %zu bytes, %d vector functions emitted, %zu bytes of C; "
           "parse %.2f ms, compile %.2f ms\n",
           o->front_file, src.len, nvf, a.c_bytes, t_parse * 1e3, t_full * 1e3);
    bench_row r1 = {"front end: compile bytes/s", bytes / t_full, "B/s", bytes / t_parse,
                    "bare TS parse", 0, 0};
    bench_row r2 = {"front end: compile kernels/s", nvf / t_full, "vf/s", nvf / t_parse,
                    "bare TS parse", 0, 0};
    bench_row r3 = {"front end: compile / bare parse", t_full / t_parse, "x", 0, "", 0, 0};
    /* "at most 3x the parse" = throughput ratio at least 1/3 */
    r1.target_kind = '>', r1.target = 1.0 / 3;
    bench_add(&r1);
    bench_add(&r2);
    bench_add(&r3);
    pvc_source_free(&src);
    return 0;
}
