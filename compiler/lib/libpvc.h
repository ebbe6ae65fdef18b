/* libpvc.h - pvc as a library (build/libpvc.so): compile a pypto_pro file once, launch its
 * @pl.jit kernels on the caller's tensors, get errors and kernel faults back as records.
 * `pvc run` and the Python package (python/) are both clients of this API.
 *
 *   pvc_diagnostics *d = pvc_diagnostics_new();
 *   pvc_program *p = pvc_program_load("kernel.py", d);        compiled once per content
 *   const pvc_kernel *k = pvc_program_kernel(p, "my_kernel"); NULL name: the only kernel
 *   pvc_arg args[2] = {{.kind = PVC_ARG_TENSOR, .data = x, .dtype = fp32, .rank = 2,
 *                       .shape = {rows, cols}}, ...};
 *   pvc_launch_options o = {.backend = PVC_BACKEND_NATIVE, .blocks = 8};
 *   int status = pvc_kernel_launch(k, args, 2, &o, d);        PVC_STATUS_OK, ...
 *   for (size_t i = 0; i < pvc_diagnostics_count(d); i++)
 *       fputs(pvc_diagnostics_get(d, i)->rendered, stderr);
 *   pvc_program_release(p);
 *   pvc_diagnostics_delete(d);
 *
 * Nothing here exits or prints unless asked (pvc_diagnostics_set_echo, options.verbose).
 * Memory: GM *is* the caller's memory. A launch reads and writes the tensors in place; a
 * tensor that is not C-contiguous is copied into a contiguous buffer before the run and back
 * after it (also after a fault), so kernels always see row-major data.
 *
 * Threads: every function may be called from any thread, a diagnostics list by one thread at
 * a time. Compiles and native builds are serialised; launches run at once, each on contexts
 * of its own.
 *
 * Symbols: libpvc.so exports the whole runtime (pvc_rt.h); the native backend's kernels are
 * shared objects that call it through those symbols, so the library makes them global when it
 * first loads a kernel (a ctypes.CDLL with the default RTLD_LOCAL works).
 *
 * Naming follows tree-sitter: pvc_<object>_<verb>.
 */
#ifndef LIBPVC_H
#define LIBPVC_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What a call returns. The numbers are part of the ABI. */
typedef enum {
    PVC_STATUS_OK = 0,
    PVC_STATUS_ERROR = 1,    /* the file has errors, cannot be read, or a backend failed */
    PVC_STATUS_USAGE = 2,    /* a bad call: unknown kernel, wrong arguments or options */
    PVC_STATUS_FAULT = 3,    /* a kernel fault; the diagnostics locate it in the file */
    PVC_STATUS_INTERNAL = 4, /* a bug in pvc; the diagnostic says where */
    PVC_STATUS_STOPPED = 5,  /* the launch was stopped (options.stop, options.timeout); the
                                diagnostic names the op the lowest stopped block last reached */
} pvc_status;

/* ---- diagnostics ----------------------------------------------------------------------
 * A list of records; each is what pvc prints for one message, taken apart. */
typedef struct {
    const char *severity;  /* "error", "warning" or "note" */
    const char *file;      /* the .py file (as the caller named it) */
    int line, col;         /* 1-based line and byte column; 0 when not located in the file */
    const char *code;      /* "E004", "W005"; "internal" for a bug in pvc; "nomem" when pvc
                              ran out of memory; "" for faults, notes and usage errors */
    const char *message;   /* the message alone: "kernel fault: access outside ..." */
    const char *rendered;  /* the full text: "file:line:col: error: ...\n", the source
                              line and a caret (or "pvc: error: ...\n" when not located) */
} pvc_diagnostic;

typedef struct pvc_diagnostics pvc_diagnostics;

pvc_diagnostics *pvc_diagnostics_new(void);              /* NULL when out of memory */
void pvc_diagnostics_delete(pvc_diagnostics *d);
size_t pvc_diagnostics_count(const pvc_diagnostics *d);
/* Record i (valid until the list is cleared or deleted), NULL past the end. */
const pvc_diagnostic *pvc_diagnostics_get(const pvc_diagnostics *d, size_t i);
/* Every record's rendered text, concatenated ("" when empty); valid until the next change. */
const char *pvc_diagnostics_text(pvc_diagnostics *d);
void pvc_diagnostics_clear(pvc_diagnostics *d);
/* Also print each record's rendered text to out as it arrives (NULL: stop). */
void pvc_diagnostics_set_echo(pvc_diagnostics *d, FILE *out);

/* ---- dtypes ----------------------------------------------------------------------------
 * pvc's element types (`pvc help dtypes`): codes 0 .. pvc_dtype_count()-1. */
int pvc_dtype_count(void);
const char *pvc_dtype_name(int dtype);        /* "FP32"; NULL when out of range */
int pvc_dtype_by_name(const char *name);      /* "FP32" or "DT_FP32" -> code, -1 unknown */
int pvc_dtype_bits(int dtype);                /* storage bits of one element: 4 .. 64 */
/* 1 when a tensor stored as dtype `stored` may be bound to a parameter of dtype `param`:
 * the same dtype, or one of its stand-ins (pvc_arg below); *why (may be NULL) is then NULL
 * for the same dtype, else how the stored elements are read ("the same bits (torch has no
 * uint32 before 2.3)"). */
int pvc_dtype_stands_in(int stored, int param, const char **why);

/* ---- enums -----------------------------------------------------------------------------
 * The pl.<Namespace>.<MEMBER> constants a file may name (`pvc help enums`). */
int pvc_enum_count(void);                     /* namespaces 0 .. count-1 */
const char *pvc_enum_name(int ns);            /* "MaskPattern"; NULL when out of range */
int pvc_enum_is_pl(int ns);                   /* 1: reachable as pl.<name> */
/* Member k of namespace ns and its value; NULL past the last. */
const char *pvc_enum_member(int ns, int k, int64_t *value);

/* ---- programs and kernels ---------------------------------------------------------------
 * A program is one compiled .py file. Loading the same file name with the same content
 * again returns the same program (an in-memory cache keyed by name and a content hash;
 * native objects are cached on disk besides, native.h). */
typedef struct pvc_program pvc_program;
typedef struct pvc_kernel pvc_kernel;

/* Reads and compiles path. NULL when it cannot be read or has errors (in d); warnings go to
 * d either way. The program is the caller's until pvc_program_release. */
pvc_program *pvc_program_load(const char *path, pvc_diagnostics *d);
/* As pvc_program_load, but a function with errors leaves out only itself and the kernels
 * that call it: the rest of the file compiles and runs (a test file whose other kernels use
 * what pvc does not compile). NULL when no kernel is left, or an error lies outside every
 * function (a syntax error, a bad module constant). */
pvc_program *pvc_program_load_each(const char *path, pvc_diagnostics *d);
/* As pvc_program_load_each, with values bound over what the file binds, as Python text of
 * `name = value` lines (values: literals, lists and tuples of them, dtypes and enum members
 * spelled through an `import pypto_pro.language as X` line of the same text): `globals`
 * replace the module's names; `locals` are seen first by the jit kernel `kernel` (a name
 * as pvc names kernels: test_x.k), before the scope it is defined in. This is how pypto_pro
 * compiles: a kernel sees its module as it is when it is launched and its decoration-time
 * locals (a kernel factory's arguments), a tiling key's fields on top. NULL or "" binds
 * nothing; a program is cached per file content and bindings. Unlike pvc_program_load_each
 * it gives a program even when every kernel has errors (an error outside every function
 * still fails the load): pvc_program_kernel_errors then says each kernel's own. */
pvc_program *pvc_program_load_bound(const char *path, const char *kernel, const char *globals,
                                    const char *locals, pvc_diagnostics *d);
/* For a kernel that pvc_program_load_each left out: 1, and its errors (with their notes)
 * appended to d. 0 for any other name. */
int pvc_program_kernel_errors(const pvc_program *p, const char *name, pvc_diagnostics *d);
/* The same for text held in memory, diagnostics naming it `name`. */
pvc_program *pvc_program_load_source(const char *name, const char *text, size_t len,
                                     pvc_diagnostics *d);
void pvc_program_release(pvc_program *p);
/* Forgets every cached program (those still held stay valid until released). */
void pvc_cache_clear(void);

const char *pvc_program_file(const pvc_program *p);
int pvc_program_kernel_count(const pvc_program *p);
const pvc_kernel *pvc_program_kernel_at(const pvc_program *p, int i);
/* The @pl.jit kernel called name; with name NULL, the file's only kernel. NULL otherwise. */
const pvc_kernel *pvc_program_kernel(const pvc_program *p, const char *name);

const char *pvc_kernel_name(const pvc_kernel *k);
int pvc_kernel_param_count(const pvc_kernel *k);
const char *pvc_kernel_param_name(const pvc_kernel *k, int i);
/* 't' tensor, 'i' int, 'f' float, 'b' bool; 0 when i is out of range. */
int pvc_kernel_param_kind(const pvc_kernel *k, int i);
/* Tensor parameters: the declared dtype, rank and dims (-1 pl.DYNAMIC / pl.STATIC). */
int pvc_kernel_param_dtype(const pvc_kernel *k, int i);
int pvc_kernel_param_rank(const pvc_kernel *k, int i);
int64_t pvc_kernel_param_dim(const pvc_kernel *k, int i, int dim);
/* 1 when the kernel writes tensor parameter i: pl.store, t[i, j] = v, pl.setval (any op whose
 * row in compiler/ir/ops.h says PVC_MF_WRITES_GM). */
int pvc_kernel_param_written(const pvc_kernel *k, int i);
/* Tensor parameters: 1 for a FRACTAL_NZ one (pl.Tensor[[R, C], dtype, pl.NZ]), whose argument
 * holds the logical values and runs on an NZ copy (docs/SEMANTICS.md §17.4.6); 0 otherwise. */
int pvc_kernel_param_nz(const pvc_kernel *k, int i);

/* A kernel whose last parameter is a tiling class (docs/SEMANTICS.md §16.8): the bytes of
 * the class's C struct, which that parameter takes as a uint8 tensor; 0 for any other kernel. */
int64_t pvc_kernel_tiling_size(const pvc_kernel *k);
int pvc_kernel_tiling_field_count(const pvc_kernel *k);
/* Field i of the tiling class, in declaration order: its name (NULL past the last), dtype
 * (INT64 for int, FP32 for float, BOOL for bool), element count (0: a scalar, else T[count])
 * and byte offset in the struct: where the host writes the field's value and the kernel
 * reads it (one layout rule for both, natural C alignment). */
const char *pvc_kernel_tiling_field(const pvc_kernel *k, int i, int *dtype, int *count, int64_t *offset);

/* ---- launching ----------------------------------------------------------------------- */
enum { PVC_ARG_TENSOR = 0, PVC_ARG_INT = 1, PVC_ARG_FLOAT = 2, PVC_ARG_BOOL = 3 };

#define PVC_ARG_MAX_RANK 8

/* One argument, bound to the kernel's parameters in order. A tensor is the caller's memory:
 * dtype is how its elements are stored, which must be the parameter's dtype or its stand-in
 * (FP8/HF8 as UINT8 raw codes; FP4/INT4 as UINT8 (or INT8 for INT4) bytes of two codes, low
 * nibble first, the last dim counting bytes; BF16 as UINT16 or INT16 bits; an unsigned
 * integer type as the signed type of its width, which torch lacks). Shapes and strides count
 * stored elements; strides all 0 means C-contiguous unless flags holds PVC_ARG_STRIDES (then a
 * stride of 0 is one: a broadcast dim). Zero-sized tensors may have NULL data.
 * A tensor that is not C-contiguous runs on a contiguous copy (one per view: arguments that
 * are the same view share it), copied back after the run when the kernel writes it. A tensor
 * the kernel writes is refused when two of its elements are one memory location (a stride-0
 * dim), or when it shares bytes with another argument and one of the two is copied (the
 * copies would not see each other's writes). */
typedef struct {
    int kind;                         /* PVC_ARG_* */
    void *data;                       /* tensor */
    int dtype;
    int rank;                         /* 1 .. PVC_ARG_MAX_RANK */
    int64_t shape[PVC_ARG_MAX_RANK];
    int64_t strides[PVC_ARG_MAX_RANK];
    int64_t i;                        /* int, bool (0 or 1) */
    double f;                         /* float */
    int flags;                        /* tensor: PVC_ARG_STRIDES */
} pvc_arg;

enum { PVC_ARG_STRIDES = 1 /* the strides are as given, even all 0 */ };

enum { PVC_BACKEND_SIM = 0, PVC_BACKEND_NATIVE = 1 };

/* Most blocks of one launch: pvc's own bound. A 950PR card offers 56 vector cores and pypto
 * refuses more (docs/SEMANTICS.md §6); pvc does not model the card, so a kernel written for
 * 32 or 64 cores runs anywhere. More is a PVC_STATUS_USAGE error. */
#define PVC_LAUNCH_MAX_BLOCKS 65535

/* All zero: the simulator, 1 block, one worker thread per core, quiet. */
typedef struct {
    int backend;                 /* PVC_BACKEND_SIM or PVC_BACKEND_NATIVE */
    int blocks;                  /* N of kernel[None, N], 1 .. PVC_LAUNCH_MAX_BLOCKS; 0 means 1 */
    int threads;                 /* native: worker threads for the blocks; 0: one per core */
    int verbose;                 /* native: say on stderr whether cc ran or the cache hit */
    const char *cc;              /* native: compiler command; NULL: $CC, else cc */
    const char *cflags;          /* native: extra flags; NULL: $PVC_CFLAGS */
    FILE *trace;                 /* sim: one JSON line per executed op; NULL off */
    FILE *stats;                 /* sim: op counts and estimated cycles at the end; NULL off */
    const char *timeline;        /* sim: write Chrome trace-event JSON to this file; NULL off */
    uint64_t max_ops;            /* sim: the launch's op budget (OP_BUDGET fault past it);
                                    0: PVC_SIM_MAX_OPS, UINT64_MAX: none */
    const volatile int *stop;    /* NULL, or a flag the caller may set nonzero from any thread
                                    or a signal handler: the launch then stops within one loop
                                    iteration, PVC_STATUS_STOPPED (both backends) */
    double timeout;              /* seconds of wall time, as `pvc run --timeout` (0: none):
                                    past it the launch stops, PVC_STATUS_STOPPED */
    int strict_hazards;          /* sim: a hazard the device orders through one tile (a warning
                                    W034 otherwise, docs/SEMANTICS.md §5.6) faults too */
    int sigint;                  /* 1 (with stop): while the launch runs, SIGINT sets *stop to 2
                                    (so the launch stops, PVC_STATUS_STOPPED) instead of reaching
                                    the process's handler, which is restored before the call
                                    returns; for a caller whose handler cannot stop a launch in
                                    its own thread (Python's). One launch at a time. */
} pvc_launch_options;

/* The simulator's default op budget of one launch: a loop that would not end stops with a
 * located fault. Every iteration of a loop charges 1 + the ops of its body (and of a while's
 * condition), every call of a vector function 1 + the ops of the callee's body, counted as
 * `pvc ir` prints them, nested blocks included (straight-line code is bounded by the file).
 * 2^30 ops is about half a minute of simulation; the kernels of tests/ use a few million. */
#define PVC_SIM_MAX_OPS (UINT64_C(1) << 30)

/* Runs kernel k on N blocks. Every block has its own UB, registers and special registers;
 * pl.get_block_idx() is the block's index in [0, N), pl.get_block_num() is N, and (a
 * vector-only launch) pl.get_subblock_idx() is 0 and pl.get_subblock_num() 1. Natively the
 * blocks run on worker threads; the simulator runs them in order and reports GM bytes that
 * two blocks share when one of them writes them (a race the device would not order).
 * A fault stops the launch: the lowest-numbered faulting block's fault is reported.
 * o NULL: all defaults. Returns a pvc_status; the diagnostics say why. */
int pvc_kernel_launch(const pvc_kernel *k, const pvc_arg *args, int nargs,
                      const pvc_launch_options *o, pvc_diagnostics *d);

#ifdef __cplusplus
}
#endif

#endif /* LIBPVC_H */
