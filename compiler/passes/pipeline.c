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
    u->cst.tree = NULL;
    u->cst.parser = NULL;
    pvc_ts_arena_end();
}

/* parse + lower: tree-sitter CST -> IR (parse.c, lower.c). Syntax errors stop here. The
 * CST lives in an arena (front/tsalloc.c) that goes as soon as the IR exists: nothing after
 * lowering reads it (diagnostics quote the source text). The file is lowered whole: the
 * module's constants and helpers are read before any function (front/scope.c). */
static int pass_lower(pvc_unit *u)
{
    int before = u->diag.nerrors;
    if (pvc_check_indent(&u->src, &u->diag))
        return u->diag.nerrors - before;
    pvc_ts_arena_begin();
    if (!pvc_parse(&u->cst, &u->src, &u->diag))
        u->mod = pvc_lower(&u->cst, &u->diag);
    drop_cst(u);
    return u->diag.nerrors - before;
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
