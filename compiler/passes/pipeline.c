/* pipeline.c - the pass list (QBE style): one table, in order, the verifier between
 * passes and a dump hook after the requested one. A new pass is one row here. */
#include <string.h>

#include "front/front.h"
#include "front/tsalloc.h"
#include "passes/passes.h"
#include "pvc.h"

/* A pass reads and rewrites u->mod and returns the number of errors it reported. */
typedef int (*pvc_pass_fn)(pvc_unit *u);

/* The CST goes as soon as the IR exists: the grammar's scanner state is libc memory, freed
 * with the parser; the tree goes with the arena (front/tsalloc.c), without a walk. */
static void drop_cst(pvc_unit *u)
{
    if (u->cst.parser)
        ts_parser_delete(u->cst.parser);
    pvc_cst_free_names(&u->cst); /* libc memory, not the arena's */
    u->cst.tree = NULL;
    u->cst.parser = NULL;
    pvc_ts_arena_end();
}

enum { PART = PVC_LOWER_PART };

int pvc_opens_definition(const pvc_source *s, size_t p)
{
    return s->text[p] == '@' || (s->len - p > 4 && memcmp(s->text + p, "def ", 4) == 0);
}

/* The end of the part starting at byte start: the start of the first line `part` bytes on
 * that opens a top-level function or decorated definition ('@' or "def " in column 0, the
 * line before not a decorator), or the end of the file; *row counts the lines passed. A
 * line like that inside a string or brackets leaves a part with a syntax error, and the
 * file is then parsed whole. */
static size_t part_end(const pvc_source *s, size_t start, size_t part, uint32_t *row)
{
    const char *t = s->text;
    size_t n = s->len, p = start;
    for (;;) {
        const char *nl = memchr(t + p, '\n', n - p);
        if (!nl)
            return n;
        int after_decorator = t[p] == '@';
        p = (size_t)(nl - t) + 1;
        ++*row;
        if (p >= n)
            return n;
        if (p - start >= part && !after_decorator && pvc_opens_definition(s, p))
            return p;
    }
}

int pvc_lower_segment(pvc_unit *u, pvc_lowering *L, size_t start, size_t end, uint32_t row, uint32_t end_row)
{
    if (start == end)
        return 1;
    pvc_ts_arena_begin();
    int ok = !pvc_parse_part(&u->cst, &u->src, (uint32_t)start, (uint32_t)end, row, end_row);
    if (ok)
        pvc_lower_part(L, &u->cst);
    drop_cst(u);
    return ok;
}

/* Lowers the file part by part (lower.c pvc_lower_part), silently; 0 when a part has a
 * syntax error, any diagnostic came up or the parts do not give the whole file's IR
 * (pvc_lower_end), with nothing kept: the file is then lowered whole, which reports
 * everything as it always does. */
static int lower_in_parts(pvc_unit *u, size_t part)
{
    pvc_diag saved = u->diag;
    u->diag.out = NULL;
    u->diag.sink = NULL;
    pvc_lowering *L = pvc_lower_begin(u->src.name, &u->diag);
    int ok = 1, same = 0;
    uint32_t row = 0;
    for (size_t start = 0; ok && start < u->src.len;) {
        uint32_t end_row = row;
        size_t end = part_end(&u->src, start, part, &end_row);
        ok = pvc_lower_segment(u, L, start, end, row, end_row);
        ok = ok && u->diag.nerrors == saved.nerrors && u->diag.nwarnings == saved.nwarnings;
        start = end, row = end_row;
    }
    pvc_module *m = pvc_lower_end(L, &same);
    if (!ok || !same || u->diag.nerrors != saved.nerrors || u->diag.nwarnings != saved.nwarnings) {
        pvc_module_free(m);
        u->diag = saved;
        return 0;
    }
    u->diag.out = saved.out;
    u->diag.sink = saved.sink;
    u->mod = m;
    return 1;
}

/* parse + lower: tree-sitter CST -> IR (parse.c, lower.c). Syntax errors stop here. The
 * CST lives in an arena (front/tsalloc.c) that goes as soon as the IR exists: nothing after
 * lowering reads it (diagnostics quote the source text). A file is lowered in parts
 * first, so that one part's tree is in memory at a time, and whole when that cannot give
 * the same IR or reported anything (the module's constants and helpers are then read
 * before any function, front/scope.c). */
static int lower_file(pvc_unit *u, size_t part, int *in_parts)
{
    int before = u->diag.nerrors;
    if (pvc_check_indent(&u->src, &u->diag))
        return u->diag.nerrors - before;
    /* bound values are read once, for the whole file */
    *in_parts = !u->bind && u->src.len <= UINT32_MAX / 2 && lower_in_parts(u, part);
    if (!*in_parts) {
        pvc_ts_arena_begin();
        if (!pvc_parse(&u->cst, &u->src, &u->diag))
            u->mod = pvc_lower_bound(&u->cst, &u->diag, u->bind);
        drop_cst(u);
    }
    if (u->mod && u->diag.nmute) /* the functions a per-kernel load left out (lib/program.c) */
        pvc_module_drop(u->mod, u->diag.mute, u->diag.nmute);
    return u->diag.nerrors - before;
}

static int pass_lower(pvc_unit *u)
{
    int in_parts;
    return lower_file(u, PART, &in_parts);
}

int pvc_lower_unit(pvc_unit *u, size_t part, int *in_parts)
{
    return lower_file(u, part ? part : PART, in_parts);
}

static int pass_resolve(pvc_unit *u) { return u->mod ? pvc_pass_resolve(u->mod, &u->diag) : 0; }
static int pass_types(pvc_unit *u) { return u->mod ? pvc_pass_types(u->mod, &u->diag) : 0; }
static int pass_dispatch(pvc_unit *u) { return u->mod ? pvc_pass_dispatch(u->mod, &u->diag) : 0; }
static int pass_check(pvc_unit *u) { return u->mod ? pvc_pass_check(u->mod, &u->diag) : 0; }

/* compact: the live IR moves to a fresh arena after the pass (compact.c), the old arena
 * freed; while it copies, old and new exist together. After types, which leaves the functions it specialised behind (1.8x the live IR at
 * 1,000 vf), a compaction pays: dispatch then starts from the live IR alone. After
 * dispatch (1.5x) it does not: the copy and the old arena together (14.1 MB at 1,000 vf)
 * outweigh the old arena and the C text together (12.0 MB), and it cost 4% of a compile. */
static const struct {
    const char *name;
    pvc_pass_fn run;
    int compact;
} passes[] = {
    /* emit/stream.c runs resolve .. check per function for `pvc compile`: a pass added
     * here needs its per-function form there too (make golden compares the two C's) */
    {"lower", pass_lower, 0},       /* parse + lower (lower.c) */
    {"resolve", pass_resolve, 0},   /* constants, enum arguments (resolve.c) */
    {"types", pass_types, 1},       /* types, static tiles, VF specialisation (types.c) */
    {"dispatch", pass_dispatch, 0}, /* DSL ops -> machine ops (dispatch.c) */
    {"check", pass_check, 0},       /* constraint checks, trap warnings (check.c) */
};

#define NPASSES (int)(sizeof passes / sizeof passes[0])

int pvc_pass_exists(const char *name)
{
    for (int i = 0; i < NPASSES; i++)
        if (strcmp(passes[i].name, name) == 0)
            return 1;
    return 0;
}

const char *pvc_pass_list(void)
{
    static char buf[256];
    buf[0] = '\0';
    for (int i = 0; i < NPASSES; i++) {
        strncat(buf, i ? ", " : "", sizeof buf - strlen(buf) - 1);
        strncat(buf, passes[i].name, sizeof buf - strlen(buf) - 1);
    }
    return buf;
}

int pvc_run_passes(pvc_unit *u, const char *stop_after, pvc_dump_hook dump, void *ctx)
{
    for (int i = 0; i < NPASSES; i++) {
        int errors = passes[i].run(u);
        /* After user errors the IR may be partial by design; only a clean pass must
         * leave valid IR. */
        if (!errors && u->mod && pvc_verify(u->mod, passes[i].name, stderr))
            PVC_BUG("IR verification failed after pass '%s'", passes[i].name);
        if (errors)
            return PVC_EXIT_DIAG;
        if (passes[i].compact && u->mod)
            pvc_module_compact(u->mod); /* drop what the pass replaced (compact.c) */
        if (i == NPASSES - 1 || (stop_after && strcmp(stop_after, passes[i].name) == 0)) {
            if (dump)
                dump(u->mod, passes[i].name, ctx);
            return PVC_EXIT_OK;
        }
    }
    return PVC_EXIT_OK;
}

void pvc_unit_init(pvc_unit *u, pvc_source src, FILE *diag_out)
{
    memset(u, 0, sizeof *u);
    u->src = src;
    pvc_diag_init(&u->diag, &u->src, diag_out);
}

void pvc_unit_free(pvc_unit *u)
{
    pvc_module_free(u->mod);
    u->mod = NULL;
    pvc_cst_free(&u->cst);
    pvc_source_free(&u->src);
}
