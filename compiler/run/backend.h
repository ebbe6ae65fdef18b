/* backend.h - what `pvc run` (run.c) asks of a backend.
 *
 * run.c loads the file, runs the passes, binds the .npy inputs to the kernel's tensor
 * parameters (ARCHITECTURE.md §4), then hands the checked module to one backend:
 *
 *   native  (emit_c.c + native.c): emit C, cc it into a cached .so, call the kernel
 *   sim     (interp.c):            interpret the IR in-process, with every check on
 *
 * Both call the same runtime functions (pvc_rt.h) on the same pvc_ctx, so their outputs must
 * agree bit for bit. A kernel fault unwinds to the backend, which returns the fault kind;
 * ctx->fault then holds {kind, op, UB address, DSL loc} and run.c prints it as a located
 * error (exit 1). Backends print nothing for faults themselves.
 */
#ifndef PVC_BACKEND_H
#define PVC_BACKEND_H

#include <stdio.h>

#include "pvc.h"
#include "pvc_rt.h"

typedef struct {
    /* native */
    const char *cc;          /* NULL: $CC or cc */
    const char *cflags;      /* extra flags for cc, NULL: none */
    int verbose;             /* say whether the object came from the cache */
    /* sim */
    FILE *trace;             /* --trace[=FILE]: one JSON line per executed op; NULL: off */
    FILE *stats;             /* --stats: per-op counts, bytes moved, estimated cycles; NULL: off */
    const char *timeline;    /* --timeline FILE: Chrome trace-event JSON; NULL: off */
    FILE *notes;             /* where the sim writes notes (clipped pl.load windows): stderr */
} pvc_run_opts;

/* Runs jit kernel `kernel` of the checked module u->mod against ctx. Parameter i is bound to
 * args[i] when it is a tensor (data owned by the caller, written in place by pl.store) and to
 * scalars[i] when it is an int/bool (.i) or float (.f) (emit_c.h ABI); both arrays have
 * nparams entries, the other kind's entry unused.
 * Returns PVC_FAULT_NONE (0) or the pvc_fault_kind that stopped the kernel (details in
 * ctx->fault), or -1 for a backend failure that is not a kernel fault (cc failed, ...),
 * after printing one line saying why. */
int pvc_backend_native(pvc_unit *u, const pvc_func *kernel, pvc_ctx *ctx, pvc_tensor *args,
                       const pvc_scalar *scalars, const pvc_run_opts *o);
int pvc_backend_sim(pvc_unit *u, const pvc_func *kernel, pvc_ctx *ctx, pvc_tensor *args,
                    const pvc_scalar *scalars, const pvc_run_opts *o);

#endif /* PVC_BACKEND_H */
