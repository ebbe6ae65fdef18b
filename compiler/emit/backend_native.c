/* backend_native.c - the native backend (backend/backend.h): emit the C of the kernel being run
 * and of the vector functions it calls (emit_c.c pvc_emit_c_kernel: one unit, one cache entry
 * per kernel), load or build its code (native.c: the cached optimised object, else libtcc now
 * and cc in the background), call the kernel once per block inside a protected call. Blocks
 * may run at once: the emitted code keeps no state outside its pvc_ctx.
 *
 * The unit names the .py file by its canonical path (realpath), so the same kernel reached
 * by another spelling of its path is the same C text, hence the same cache entry; faults
 * are reported with the path the user gave. The code resolves the runtime from the running
 * pvc or libpvc.so (both export the whole runtime archive), so the kernel and this process
 * share one pvc_ctx model.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "backend/backend.h"
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
    pvc_native *so;
    pvc_kernel_fn fn;
    const char *file;        /* the module's file: faults name it, not the object's copy */
} native_exec;

typedef struct {
    pvc_kernel_fn fn;
    const pvc_launch_args *l;
} kernel_call;

static void call_kernel(pvc_ctx *ctx, void *arg)
{
    kernel_call *c = arg;
    /* A vector-only core with no hooks may defer its pl.loads (docs/ARCHITECTURE.md "Deferred
     * loads"): nothing but its own ops, which the emitted C settles around, sees its UB. A
     * mixed block's cube core writes its vector cores' UBs, so those never defer. */
    ctx->defer_ok = ctx->core == PVC_CORE_AIV && !ctx->aic && !ctx->touch && !ctx->gm_touch;
    c->fn(ctx, c->l->args, c->l->scalars);
}

static void *native_open(pvc_unit *u, const pvc_func *kernel, const pvc_run_opts *o,
                         const pvc_launch_args *l, pvc_diag *d, char *err, size_t errlen)
{
    (void)l, (void)d;
    size_t len = 0;
    char why[512];
    int hit = 0;
    char *canon = u->mod->file ? realpath(u->mod->file, NULL) : NULL;
    char *c_src = pvc_emit_c_kernel(u->mod, kernel, canon, &len);
    free(canon);
    if (!c_src) {
        snprintf(err, errlen, "native backend: cannot emit C for '%s'", u->mod->file);
        return NULL;
    }
    pvc_native_opts no = {.cc = o->cc, .include_dir = runtime_include(), .verbose = o->verbose ? stderr : NULL};
    no.cflags = o->cflags ? o->cflags : getenv("PVC_CFLAGS");
    pvc_native *so = pvc_native_load(c_src, len, &no, &hit, why, sizeof why);
    free(c_src);
    if (!so) {
        snprintf(err, errlen, "native backend: %s", why);
        return NULL;
    }
    const pvc_kernel_entry *e = find_entry(so, kernel->name);
    if (!entry_matches(e, kernel)) {
        snprintf(err, errlen, "native backend: %s has no kernel '%s' with these %d parameters",
                 pvc_native_path(so), kernel->name, kernel->nparams);
        pvc_native_close(so);
        return NULL;
    }
    native_exec *x = malloc(sizeof *x);
    if (!x) {
        snprintf(err, errlen, "out of memory");
        pvc_native_close(so);
        return NULL;
    }
    *x = (native_exec){so, e->fn, u->mod->file};
    return x;
}

/* The fault's file names point into the object, which a caller may unload before it prints
 * the fault; every op site of the emitted file is in the module's file. */
static int native_run(void *xp, pvc_ctx *ctx, const pvc_launch_args *l)
{
    native_exec *x = xp;
    kernel_call call = {x->fn, l};
    int rc = pvc_ctx_pcall(ctx, call_kernel, &call);
    ctx->defer_ok = 0; /* what the block left in its UB is not read again: the next one resets it */
    ctx->ndefer = 0;
    ctx->dpages = ctx->zpages = 0;
    if (rc) {
        ctx->fault.loc.file = x->file;
        if (ctx->fault.related.line)
            ctx->fault.related.file = x->file;
    }
    ctx->at = NULL;
    return rc;
}

static int native_close(void *xp, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    native_exec *x = xp;
    if (x)
        pvc_native_close(x->so);
    free(x);
    return 0;
}

const pvc_backend pvc_backend_native = {"native", 1, 1, native_open, native_run, native_close};
