/* backend.h - what a launch asks of a backend (compiler/lib/launch.c runs every launch:
 * `pvc run`, libpvc's pvc_kernel_launch, the Python package's kernel[None, N](...)).
 *
 * A launch runs one jit kernel of a checked module on N blocks (kernel[None, N],
 * docs/SEMANTICS.md §6): each block has its own context (UB, registers, special registers,
 * block_idx in [0, N), block_num = N) and all of them share GM, the caller's tensors.
 *
 *   native  (emit_c.c + native.c + backend_native.c): emit C, cc it into a cached .so, call
 *           pvc_kernel_<name> once per block; blocks may run at once on worker threads
 *   sim     (sim/interp.c): interpret the IR in-process with every check on; blocks run one
 *           after the other, and with N > 1 sim/race.c reports GM bytes two blocks share
 *           when one of them writes them (the device would not order the two)
 *
 * Both call the same runtime functions (pvc_rt.h) on the same kind of pvc_ctx, so their
 * outputs agree bit for bit. A backend is a row of three functions:
 *
 *   open   make the kernel runnable: compile and load (native), decode (sim)
 *   run    run one block on a context the caller prepared (backend/blocks.c: zeroed UB,
 *          block_idx and block_num set) inside a protected call; returns PVC_FAULT_NONE (0)
 *          or the pvc_fault_kind that stopped the block, details in ctx->fault (loc.file
 *          names the module's file)
 *   close  release it; the simulator writes --stats and --timeline here
 *
 * native's open does not look at the launch, so its handle serves any number of launches
 * of that kernel (the library keeps it with the program); sim's serves one launch. Backends
 * print nothing for faults or failures: the caller renders them.
 */
#ifndef PVC_BACKEND_H
#define PVC_BACKEND_H

#include <stdio.h>

#include "pvc.h"
#include "pvc_rt.h"

typedef struct {
    /* native */
    const char *cc;          /* NULL: $CC or cc */
    const char *cflags;      /* extra flags for cc, NULL: $PVC_CFLAGS */
    int verbose;             /* say on stderr whether the object came from the cache */
    /* sim */
    FILE *trace;             /* --trace[=FILE]: one JSON line per executed op; NULL: off */
    FILE *stats;             /* --stats: per-op counts, bytes moved, estimated cycles; NULL: off */
    const char *timeline;    /* --timeline FILE: Chrome trace-event JSON; NULL: off */
    uint64_t max_ops;        /* the launch's op budget (libpvc.h PVC_SIM_MAX_OPS); 0: none */
    int strict_hazards;      /* a hazard the device orders (W034) faults too (sim/hazard.h) */
    pvc_diag_sink notes;     /* where the sim's notes go (clipped pl.load windows); NULL: nowhere */
    void *notes_arg;
} pvc_run_opts;

/* The arguments of one launch. Parameter i is args[i] when it is a tensor (data owned by the
 * caller, written in place by pl.store) and scalars[i] when it is an int/bool (.i) or a
 * float (.f) (emit_c.h ABI); both arrays have one entry per parameter, the other kind's
 * entry unused. */
/* The cores of one block (docs/SEMANTICS.md §17.1): a vector-only kernel runs one vector
 * core, a kernel whose code is all cube sections one cube core, a mixed kernel the cube core
 * and two vector cores, each on a context of its own running the kernel's projection. */
typedef enum { PVC_BLOCK_VEC, PVC_BLOCK_CUBE, PVC_BLOCK_MIX } pvc_block_kind;
typedef struct {
    pvc_tensor *args;
    const pvc_scalar *scalars;
    int blocks;              /* N >= 1 (libpvc.h PVC_LAUNCH_MAX_BLOCKS) */
    pvc_block_kind kind;     /* PVC_BLOCK_VEC unless the kernel has a section_cube */
    int mad_rule;            /* pvc_mad_rule of the launch's matmuls */
    const volatile int *stop; /* every core's ctx->stop (pvc_poll); NULL: never stops */
} pvc_launch_args;

typedef struct {
    const char *name;        /* "sim", "native" */
    int concurrent;          /* run may be called for several blocks at once, from threads */
    int lazy_ub;             /* a vector-only block's UB may be zeroed lazily (pvc_ctx_reset_lazy) */
    /* NULL on failure: a problem at an op of the file is reported to d (err left empty),
     * any other (cc failed, out of memory, ...) is a one-line reason in err. */
    void *(*open)(pvc_unit *u, const pvc_func *kernel, const pvc_run_opts *o,
                  const pvc_launch_args *l, pvc_diag *d, char *err, size_t errlen);
    int (*run)(void *x, pvc_ctx *ctx, const pvc_launch_args *l);
    /* 0, or -1 with a reason in err (the timeline could not be written). */
    int (*close)(void *x, char *err, size_t errlen);
} pvc_backend;

extern const pvc_backend pvc_backend_native;
extern const pvc_backend pvc_backend_sim;

/* backend/blocks.c. Runs blocks 0..N-1 of launch l through backend b: each on a context of its
 * own, freshly initialised (pvc_ctx_init, then block_idx and block_num), concurrently on up to
 * `threads` worker threads when b is concurrent (threads <= 0: one per online core), else in
 * order on the calling thread. After a fault no block numbered above it starts, so the fault
 * reported is always the lowest-numbered block's, whatever the threads did.
 * Returns 0; or the fault kind, with the fault in *fault and its block in *block; or -1 with
 * a reason in err when no context or thread could be made. */
int pvc_blocks_run(const pvc_backend *b, void *x, const pvc_launch_args *l, int threads,
                   pvc_fault *fault, int *block, char *err, size_t errlen);

#endif /* PVC_BACKEND_H */
