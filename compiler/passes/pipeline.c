/* pipeline.c - the pass list (QBE style): one table, in order, the verifier between
 * passes and a dump hook after the requested one. A new pass is one row here. */
#include <string.h>

#include "passes/passes.h"
#include "pvc.h"

/* A pass reads and rewrites u->mod and returns the number of errors it reported. */
typedef int (*pvc_pass_fn)(pvc_unit *u);

/* parse + lower: tree-sitter CST -> IR (parse.c, lower.c). Syntax errors stop here. */
static int pass_lower(pvc_unit *u)
{
    int before = u->diag.nerrors;
    if (pvc_check_indent(&u->src, &u->diag))
        return u->diag.nerrors - before;
    if (pvc_parse(&u->cst, &u->src, &u->diag))
        return u->diag.nerrors - before;
    u->mod = pvc_lower(&u->cst, &u->diag);
    return u->diag.nerrors - before;
}

static int pass_resolve(pvc_unit *u) { return u->mod ? pvc_pass_resolve(u->mod, &u->diag) : 0; }
static int pass_types(pvc_unit *u) { return u->mod ? pvc_pass_types(u->mod, &u->diag) : 0; }
static int pass_dispatch(pvc_unit *u) { return u->mod ? pvc_pass_dispatch(u->mod, &u->diag) : 0; }
static int pass_check(pvc_unit *u) { return u->mod ? pvc_pass_check(u->mod, &u->diag) : 0; }

static const struct {
    const char *name;
    pvc_pass_fn run;
} passes[] = {
    {"lower", pass_lower},       /* parse + lower (lower.c) */
    {"resolve", pass_resolve},   /* constants, enum arguments (resolve.c) */
    {"types", pass_types},       /* types, static tiles, VF specialisation (types.c) */
    {"dispatch", pass_dispatch}, /* DSL ops -> machine ops (dispatch.c) */
    {"check", pass_check},       /* constraint checks, trap warnings (check.c) */
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
