/* bind.c - values a caller binds over what a file binds (pvc.h pvc_bindings; the Python
 * package sends them, docs/SEMANTICS.md §16.5).
 *
 * pypto_pro runs the file and its kernels in Python: a kernel sees its module's globals as
 * they are when it is compiled, and the locals of the function that decorated it (a kernel
 * factory's arguments), a tiling key's fields on top. pvc reads the file without running
 * it, so what only running tells (an f-string, os.environ.get(...), a factory's argument)
 * comes from the caller: two texts of `name = value` lines, each value a literal (ints,
 * floats, bools, strings, None, lists and tuples of them, dtypes and enum members under an
 * imported pypto_pro.language). Each text is read as a module of its own, by the reader
 * the file goes through (scope.c), so a value means what the same text means in the file;
 * then `globals` replace the module's names and `locals` form a scope of their own between
 * the kernel and the scope it is defined in.
 */
#include <stdlib.h>
#include <string.h>

#include "front/lower.h"
#include "front/tsalloc.h"

/* The names text binds, read as a module (its import included); NULL for no text. The
 * tree lives in the tree-sitter arena of the file's parse (front/tsalloc.h) and goes with
 * it; its parser goes now. */
static pvc_scope *read_text(lower_ctx *c, const char *text, const char *what)
{
    if (!text || !*text)
        return NULL;
    pvc_source src;
    if (pvc_source_from_mem(&src, what, text, strlen(text)))
        pvc_out_of_memory();
    pvc_diag quiet;
    pvc_diag_init(&quiet, &src, NULL);
    pvc_cst cst = {0};
    pvc_scope *sc = scope_module(c);
    const pvc_cst *file = c->cst;
    pvc_diag *d = c->d;
    if (!pvc_parse(&cst, &src, &quiet)) {
        scope_found none = {0};
        c->cst = &cst, c->d = &quiet;
        scope_build(c, sc, ts_tree_root_node(cst.tree), &none);
        c->cst = file, c->d = d;
        free(none.defs);
        free(none.home);
    }
    if (cst.parser)
        ts_parser_delete(cst.parser);
    pvc_cst_free_names(&cst);
    pvc_source_free(&src);
    if (quiet.nerrors)
        PVC_BUG("the %s bound over the file do not parse", what);
    return sc;
}

/* Copies every name sc binds (but the module pypto_pro.language it imported to spell
 * dtypes) into dst. */
static void copy_names(lower_ctx *c, const pvc_scope *sc, pvc_scope *dst)
{
    for (uint32_t i = 0; i < sc->names.cap; i++) {
        const char *name = sc->names.keys[i];
        pvc_pyval *v = name ? sc->names.vals[i] : NULL;
        if (v && v->kind != PV_MODULE)
            pvc_strmap_put(c->m->arena, &dst->names, name, v);
    }
}

void bind_apply(lower_ctx *c, scope_found *fd, const pvc_bindings *b)
{
    pvc_scope *g = read_text(c, b->globals, "globals");
    if (g)
        copy_names(c, g, c->module);
    pvc_scope *l = read_text(c, b->locals, "locals");
    if (!l || !b->kernel)
        return;
    for (int i = 0; i < fd->n; i++) {
        if (c->m->funcs[i]->kind != PVC_FN_JIT || strcmp(c->m->funcs[i]->name, b->kernel))
            continue;
        pvc_scope *inner = scope_module(c);
        inner->up = fd->home[i];
        inner->qual = fd->home[i]->qual;
        copy_names(c, l, inner);
        fd->home[i] = inner;
    }
}
