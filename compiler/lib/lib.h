/* lib.h - what the library's files share (libpvc.h is the public side):
 *
 *   diagnostics.c  the record list, and the sink that fills it from pvc_diag
 *   program.c      loading and compiling, the program cache, kernels and their parameters
 *   launch.c       arguments -> runtime tensors, the backends over the blocks, faults
 *   layout.c       where a tensor argument's elements lie: contiguity, overlaps
 *   stop.c         stopping a launch: the caller's stop flag and the timeout
 *   tables.c       dtypes and enums for callers (the Python package mirrors pvc's tables), and
 *                  the stand-in rule: which stored dtypes a parameter of another dtype takes
 */
#ifndef PVC_LIB_H
#define PVC_LIB_H

#include <pthread.h>
#include <signal.h>

#include "backend/backend.h"
#include "lib/libpvc.h"
#include "pvc.h"

struct pvc_kernel {
    const pvc_func *fn;          /* a @pl.jit function of the program's module */
    pvc_program *program;
    unsigned char *written;      /* per parameter: the kernel writes it (pvc_kernel_param_written) */
};

/* A native object kept for later launches of one kernel with one cc and cflags. */
typedef struct native_slot {
    struct native_slot *next;
    const pvc_kernel *kernel;
    char *cc, *cflags;           /* as given (NULL: the environment's) */
    void *exec;                  /* pvc_backend_native's handle */
} native_slot;

/* A function a per-kernel load left out for its errors (program.c). */
typedef struct {
    char *name;                  /* as pvc names it: test_x.k for a nested one */
    int is_kernel;
    pvc_span range[2];           /* its def, from .. to */
    pvc_diagnostics *said;       /* its errors and their notes */
} failed_func;

struct pvc_program {
    pvc_unit unit;               /* source, diagnostics state, checked module */
    pvc_kernel *kernels;
    int nkernels;
    int each;                    /* loaded by pvc_program_load_each */
    failed_func *failed;         /* functions left out for their errors (each only) */
    int nfailed;
    pvc_span *mute;              /* their ranges, pairs, as unit.diag.mute reads them */
    pvc_diagnostics *warnings;   /* what compiling it said, replayed on every load */
    unsigned long long hash[2];  /* content hash (and the bindings'): the cache key with the name */
    pvc_bindings bind;           /* what pvc_program_load_bound bound (strdup'ed), else NULLs */
    char *name;
    int refs;                    /* guarded by pvc_lib_lock */
    native_slot *natives;        /* guarded by pvc_lib_lock */
};

/* One lock for the cache, reference counts and native builds (cc runs, dlopen). */
extern pthread_mutex_t pvc_lib_lock;

/* diagnostics.c */
/* The pvc_diag sink that appends to the pvc_diagnostics in arg. */
void pvc_lib_sink(void *arg, const pvc_diag_record *r);
/* Appends a record about file not located in it, rendered "<prefix>: <severity>: message"
 * (prefix NULL: "pvc"). */
void pvc_lib_say(pvc_diagnostics *d, const char *file, const char *prefix, const char *severity,
                 const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* Appends the internal error PVC_BUG left in pvc_bug_text (code "internal"), rendered as
 * pvc prints one, and returns PVC_STATUS_INTERNAL; after pvc_out_of_memory, the error "out
 * of memory" instead, and PVC_STATUS_ERROR. */
int pvc_lib_bug(pvc_diagnostics *d, const char *file);
/* Copies every record of src to the end of dst. */
void pvc_lib_append(pvc_diagnostics *dst, const pvc_diagnostics *src);

/* layout.c: a tensor argument's elements in the caller's memory. Strides as launch.c binds
 * them (all 0 without PVC_ARG_STRIDES: C order). */
int64_t pvc_arg_elements(const pvc_arg *a);      /* -1 for a negative dim or overflow */
int64_t pvc_arg_stride(const pvc_arg *a, int i); /* of dim i, in stored elements */
int pvc_arg_contiguous(const pvc_arg *a);        /* C order (dims of extent 1 any stride) */
int pvc_arg_stride0_dim(const pvc_arg *a);       /* a dim of extent > 1 and stride 0, or -1 */
/* 1 when two elements of a are one memory location; -1 out of memory. */
int pvc_arg_self_overlaps(const pvc_arg *a);
/* 1 when a and b are one view: the same data, element size, shape and strides. */
int pvc_arg_same_view(const pvc_arg *a, const pvc_arg *b);
/* 1 when an element of a shares a byte with one of b; -1 out of memory. */
int pvc_args_overlap(const pvc_arg *a, const pvc_arg *b);

/* stop.c: what stops one launch. poll is the flag its blocks read (NULL: nothing can). */
typedef struct {
    const volatile int *poll;
    const volatile int *caller;  /* options.stop */
    double timeout;              /* options.timeout, seconds (<= 0: none) */
    volatile int flag;           /* set by the watcher thread (a timeout was given) */
    int timed_out;               /* read after pvc_stopper_end */
    int watching, done;
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int sigint;                  /* SIGINT sets *caller to 2 until pvc_stopper_end */
    struct sigaction old_int;    /* the disposition it restores */
} pvc_stopper;
/* 0, or -1 when the timeout's watcher thread cannot start or SIGINT cannot be caught.
 * sigint (with a caller's flag): for the launch, SIGINT sets that flag to 2. */
int pvc_stopper_start(pvc_stopper *s, const volatile int *caller, double timeout, int sigint);
void pvc_stopper_end(pvc_stopper *s);

/* program.c: the native handle of kernel k for options o, opened on first use; NULL with a
 * reason in err (or a located diagnostic in d). */
void *pvc_lib_native_exec(const pvc_kernel *k, const pvc_run_opts *o, pvc_diag *d, char *err,
                          size_t errlen);

#endif /* PVC_LIB_H */
