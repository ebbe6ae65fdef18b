/* backend_native.c - `pvc run --backend native`: emit the C of the kernel being run and of
 * the vector functions it calls (emit_c.c pvc_emit_c_kernel: one unit, one cache entry per
 * kernel), load or build its code (native.c: the cached optimised object, else libtcc now
 * and cc in the background), call the kernel inside a protected call (backend.h contract).
 *
 * The unit names the .py file by its canonical path (realpath), so the same kernel reached
 * by another spelling of its path is the same C text, hence the same cache entry; faults
 * are reported with the path the user gave. The code resolves the runtime from the running
 * pvc (linked -rdynamic with the whole runtime archive), so the kernel and this process
 * share one pvc_ctx model.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "run/backend.h"
#include "emit/emit_c.h"
#include "emit/native.h"

/* Where pvc_rt.h lives: $PVC_RUNTIME_INCLUDE, else the path the Makefile baked in. */
#ifndef PVC_RUNTIME_INCLUDE
#define PVC_RUNTIME_INCLUDE "runtime/include"
#endif

static const char *runtime_include(void)
{
    const char *env = getenv("PVC_RUNTIME_INCLUDE");
    return env && *env ? env : PVC_RUNTIME_INCLUDE;
}

static const pvc_kernel_entry *find_entry(pvc_native *so, const char *name)
{
    const pvc_kernel_entry *e = pvc_native_sym(so, PVC_KERNEL_TABLE);
    for (; e && e->name; e++)
        if (!strcmp(e->name, name))
            return e;
    return NULL;
}

/* The row must be this kernel's: same parameter count and kinds (a stale or foreign object
 * would otherwise read tensors as scalars). */
static int entry_matches(const pvc_kernel_entry *e, const pvc_func *kernel)
{
    if (!e || e->nparams != kernel->nparams || !e->kinds || (int)strlen(e->kinds) != e->nparams)
        return 0;
    for (int i = 0; i < kernel->nparams; i++)
        if (e->kinds[i] != pvc_param_kind_letter(kernel->params[i]->type.kind))
            return 0;
    return 1;
}

typedef struct {
    pvc_kernel_fn fn;
    pvc_tensor *args;
    const pvc_scalar *scalars;
} kernel_call;

static void call_kernel(pvc_ctx *ctx, void *arg)
{
    kernel_call *c = arg;
    c->fn(ctx, c->args, c->scalars);
}

int pvc_backend_native(pvc_unit *u, const pvc_func *kernel, pvc_ctx *ctx, pvc_tensor *args,
                       const pvc_scalar *scalars, const pvc_run_opts *o)
{
    size_t len = 0;
    char err[512];
    int hit = 0;
    char *canon = u->mod->file ? realpath(u->mod->file, NULL) : NULL;
    char *c_src = pvc_emit_c_kernel(u->mod, kernel, canon, &len);
    free(canon);
    if (!c_src)
        return -1;
    pvc_native_opts no = {.cc = o->cc, .include_dir = runtime_include(), .verbose = o->verbose ? stderr : NULL};
    no.cflags = o->cflags ? o->cflags : getenv("PVC_CFLAGS");
    pvc_native *so = pvc_native_load(c_src, len, &no, &hit, err, sizeof err);
    free(c_src);
    if (!so) {
        fprintf(stderr, "pvc: error: native backend: %s\n", err);
        return -1;
    }
    const pvc_kernel_entry *e = find_entry(so, kernel->name);
    if (!entry_matches(e, kernel)) {
        fprintf(stderr, "pvc: error: native backend: %s has no kernel '%s' with these %d parameters\n",
                pvc_native_path(so), kernel->name, kernel->nparams);
        pvc_native_close(so);
        return -1;
    }
    kernel_call call = {e->fn, args, scalars};
    int rc = pvc_ctx_pcall(ctx, call_kernel, &call);
    /* The fault's file names point into the object we are about to unload; every op site
     * of the emitted file is in this module's file. */
    if (rc) {
        ctx->fault.loc.file = u->mod->file;
        if (ctx->fault.related.line)
            ctx->fault.related.file = u->mod->file;
    }
    ctx->at = NULL;
    pvc_native_close(so);
    return rc;
}
