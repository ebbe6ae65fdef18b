/* launch.c - pvc_kernel_launch (libpvc.h): the caller's arguments become the runtime's tensors
 * and scalars, the backend runs the blocks (run/blocks.c), a fault becomes a located error.
 *
 * Binding, parameter by parameter, in order:
 *   tensor  the argument must be a tensor whose stored dtype is the parameter's or one of its
 *           stand-ins (pvc_dtype_stands_in, tables.c), of the declared rank, with every
 *           fixed dim; FP4/INT4 bytes count two elements in the last dim. Its memory is GM
 *           as it is when it is C-contiguous; otherwise a contiguous copy is made and
 *           copied back after the run.
 *   int     an int or a bool (Python's bool is an int)
 *   float   a float, or an int converted as Python's float(int) does (C's int64 -> double)
 *   bool    a bool, or an int 0 or 1
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "lib/lib.h"

/* ---- one launch's state ------------------------------------------------------------------ */
typedef struct {
    const pvc_kernel *k;
    const pvc_arg *args;
    pvc_diagnostics *d;
    pvc_tensor *tensors;     /* per parameter (tensor parameters only) */
    pvc_scalar *scalars;
    void **copies;           /* per parameter: a contiguous copy, or NULL */
} launch;

static int usage(launch *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int usage(launch *L, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    pvc_lib_say(L->d, pvc_program_file(L->k->program), NULL, "error", "%s", msg);
    return PVC_STATUS_USAGE;
}

static const char *const arg_kinds[] = {"a tensor", "an int", "a float", "a bool"};

static const char *arg_kind(int kind)
{
    return kind >= 0 && kind <= PVC_ARG_BOOL ? arg_kinds[kind] : "an argument of unknown kind";
}

/* ---- tensors ----------------------------------------------------------------------------- */
static size_t stored_bits(int dtype) { return pvc_dtype_table[dtype].bits; }

/* Elements of a, or -1 when a dim is negative or the bytes would overflow. */
static int64_t element_count(const pvc_arg *a)
{
    int64_t n = 1;
    for (int i = 0; i < a->rank; i++) {
        if (a->shape[i] < 0)
            return -1;
        if (a->shape[i] && n > (INT64_MAX / 8) / a->shape[i])
            return -1;
        n *= a->shape[i];
    }
    return n;
}

/* 1 when a's strides are C order (dims of extent 1 may have any stride). */
static int contiguous(const pvc_arg *a)
{
    int64_t want = 1;
    int all_zero = 1;
    for (int i = 0; i < a->rank; i++)
        all_zero &= a->strides[i] == 0;
    if (all_zero)
        return 1;
    for (int i = a->rank - 1; i >= 0; i--) {
        if (a->shape[i] != 1 && a->strides[i] != want)
            return 0;
        want *= a->shape[i];
    }
    return 1;
}

/* Copies between a strided tensor and its contiguous copy, element by element (elements
 * are whole bytes: sub-byte dtypes must be contiguous). */
static void copy_strided(const pvc_arg *a, void *packed, int to_packed)
{
    size_t esz = stored_bits(a->dtype) / 8;
    int64_t idx[PVC_ARG_MAX_RANK] = {0}, n = element_count(a);
    uint8_t *flat = packed;
    for (int64_t e = 0; e < n; e++) {
        int64_t off = 0;
        for (int i = 0; i < a->rank; i++)
            off += idx[i] * a->strides[i];
        uint8_t *host = (uint8_t *)a->data + off * (int64_t)esz;
        if (to_packed)
            memcpy(flat + e * (int64_t)esz, host, esz);
        else
            memcpy(host, flat + e * (int64_t)esz, esz);
        for (int i = a->rank - 1; i >= 0 && ++idx[i] == a->shape[i]; i--)
            idx[i] = 0;
    }
}

static uint8_t empty_tensor[8]; /* the data of zero-sized tensors: nothing is ever moved */

/* Checks argument j against tensor parameter p and makes its runtime tensor. */
static int bind_tensor(launch *L, int j, const pvc_value *p)
{
    const pvc_arg *a = &L->args[j];
    const char *kn = L->k->fn->name;
    pvc_dtype want = (pvc_dtype)p->type.dtype;
    if (a->dtype < 0 || a->dtype >= PVC_DT_COUNT)
        return usage(L, "argument %d ('%s') of kernel '%s': unknown dtype code %d", j, p->name, kn,
                     a->dtype);
    if (!pvc_dtype_stands_in(a->dtype, want, NULL))
        return usage(L, "argument %d ('%s') of kernel '%s': the parameter is %s, got a %s tensor%s",
                     j, p->name, kn, pvc_dtype_table[want].pyname, pvc_dtype_table[a->dtype].name,
                     pvc_dtype_table[want].kind == PVC_KIND_Q ? " (8- and 4-bit float codes are passed as UINT8)" : "");
    if (p->type.rank < 1 || p->type.rank > PVC_TENSOR_MAX_RANK)
        return usage(L, "parameter '%s' of kernel '%s' has rank %d; pvc binds tensors of rank 1 to %d",
                     p->name, kn, p->type.rank, PVC_TENSOR_MAX_RANK);
    if (a->rank != p->type.rank)
        return usage(L, "argument %d ('%s') of kernel '%s': the parameter has rank %d, got a rank-%d tensor",
                     j, p->name, kn, p->type.rank, a->rank);
    int64_t n = element_count(a);
    if (n < 0)
        return usage(L, "argument %d ('%s') of kernel '%s': bad shape", j, p->name, kn);
    int packs = pvc_dtype_table[want].bits == 4 && stored_bits(a->dtype) == 8;
    pvc_tensor t = {.data = a->data, .dtype = want, .rank = a->rank};
    for (int i = 0; i < a->rank; i++) {
        t.shape[i] = packs && i == a->rank - 1 ? 2 * a->shape[i] : a->shape[i];
        if (p->type.dims[i] >= 0 && t.shape[i] != p->type.dims[i])
            return usage(L, "argument %d ('%s') of kernel '%s': dimension %d is %lld, the parameter declares %lld",
                         j, p->name, kn, i, (long long)t.shape[i], (long long)p->type.dims[i]);
    }
    if (n == 0)
        t.data = empty_tensor;
    else if (!a->data)
        return usage(L, "argument %d ('%s') of kernel '%s': tensor data is NULL", j, p->name, kn);
    else if (!contiguous(a)) {
        if (stored_bits(a->dtype) < 8)
            return usage(L, "argument %d ('%s') of kernel '%s': a %s tensor must be contiguous", j,
                         p->name, kn, pvc_dtype_table[a->dtype].name);
        L->copies[j] = malloc((size_t)n * stored_bits(a->dtype) / 8);
        if (!L->copies[j])
            return usage(L, "argument %d ('%s') of kernel '%s': out of memory for a contiguous copy",
                         j, p->name, kn);
        copy_strided(a, L->copies[j], 1);
        t.data = L->copies[j];
    }
    L->tensors[j] = t;
    return PVC_STATUS_OK;
}

/* ---- scalars ----------------------------------------------------------------------------- */
static int bind_scalar(launch *L, int j, const pvc_value *p)
{
    const pvc_arg *a = &L->args[j];
    char want = pvc_param_kind_letter(p->type.kind);
    pvc_scalar *s = &L->scalars[j];
    if (want == 'i' && (a->kind == PVC_ARG_INT || a->kind == PVC_ARG_BOOL))
        s->i = a->i;
    else if (want == 'f' && a->kind == PVC_ARG_FLOAT)
        s->f = a->f;
    else if (want == 'f' && a->kind == PVC_ARG_INT)
        s->f = (double)a->i;
    else if (want == 'b' && (a->kind == PVC_ARG_BOOL || a->kind == PVC_ARG_INT) && (a->i == 0 || a->i == 1))
        s->i = a->i;
    else
        return usage(L, "argument %d ('%s') of kernel '%s': the parameter is %s, got %s%s", j, p->name,
                     L->k->fn->name, pvc_type_kind_name(p->type.kind), arg_kind(a->kind),
                     want == 'b' && a->kind == PVC_ARG_INT ? " other than 0 or 1" : "");
    return PVC_STATUS_OK;
}

static int bind_all(launch *L, int nargs)
{
    const pvc_func *f = L->k->fn;
    if (nargs != f->nparams) {
        char list[512] = "";
        for (int i = 0; i < f->nparams; i++) {
            size_t used = strlen(list);
            snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", f->params[i]->name);
        }
        return usage(L, "kernel '%s' takes %d argument%s (%s), got %d", f->name, f->nparams,
                     f->nparams == 1 ? "" : "s", list, nargs);
    }
    for (int j = 0; j < f->nparams; j++) {
        const pvc_value *p = f->params[j];
        int tensor = pvc_param_kind_letter(p->type.kind) == 't';
        if (tensor != (L->args[j].kind == PVC_ARG_TENSOR))
            return usage(L, "argument %d ('%s') of kernel '%s': the parameter is %s, got %s", j,
                         p->name, f->name, tensor ? "a tensor" : pvc_type_kind_name(p->type.kind),
                         arg_kind(L->args[j].kind));
        int rc = tensor ? bind_tensor(L, j, p) : bind_scalar(L, j, p);
        if (rc)
            return rc;
    }
    return PVC_STATUS_OK;
}

/* ---- faults ------------------------------------------------------------------------------ */
static const char *related_text(pvc_fault_kind kind)
{
    switch (kind) {
    case PVC_FAULT_HAZARD: return "the vector store that wrote those bytes";
    case PVC_FAULT_UNFLUSHED: return "the store_unalign that parked the bytes";
    case PVC_FAULT_GM_RACE: return "the other block's access of those bytes";
    default: return "the earlier op this fault refers to";
    }
}

static void report_fault(launch *L, const pvc_fault *f, int block, int blocks)
{
    const pvc_unit *u = &L->k->program->unit;
    char what[640], in[48] = "", ub[48] = "", a[24];
    if (blocks > 1)
        snprintf(in, sizeof in, " in block %d of %d", block, blocks);
    /* the UB address where the fault is about UB bytes; a scalar fault (7 // 0) has none */
    if (f->len > 0 || f->kind == PVC_FAULT_UB_BOUNDS || f->kind == PVC_FAULT_MISALIGNED)
        snprintf(ub, sizeof ub, ", UB address %s", pvc_addr_text(a, sizeof a, f->addr));
    snprintf(what, sizeof what, "kernel fault%s: %s (%s%s%s%s)", in,
             f->kind < PVC_FAULT_COUNT ? pvc_fault_text[f->kind] : "unknown fault",
             f->op ? f->op : "?", ub, f->detail[0] ? ", " : "", f->detail);
    pvc_diag d;
    pvc_diag_init(&d, &u->src, NULL);
    d.sink = pvc_lib_sink;
    d.sink_arg = L->d;
    if (f->loc.line > 0)
        pvc_report_at(&d, (pvc_span){f->loc.line, f->loc.col}, "error", "%s", what);
    else
        pvc_lib_say(L->d, u->src.name, u->src.name, "error", "%s", what);
    if (f->related.line > 0)
        pvc_report_at(&d, (pvc_span){f->related.line, f->related.col}, "note", "%s",
                      related_text(f->kind));
}

/* ---- running ----------------------------------------------------------------------------- */
static int check_options(launch *L, const pvc_launch_options *o)
{
    if (o->backend != PVC_BACKEND_SIM && o->backend != PVC_BACKEND_NATIVE)
        return usage(L, "unknown backend %d (sim is %d, native %d)", o->backend, PVC_BACKEND_SIM,
                     PVC_BACKEND_NATIVE);
    if (o->blocks < 0 || o->blocks > PVC_LAUNCH_MAX_BLOCKS)
        return usage(L, "%d blocks: a launch has 1 to %d", o->blocks, PVC_LAUNCH_MAX_BLOCKS);
    if (o->backend == PVC_BACKEND_NATIVE && (o->trace || o->stats || o->timeline))
        return usage(L, "trace, stats and timeline need the sim backend");
    return PVC_STATUS_OK;
}

/* Opens the backend, runs the blocks, closes it; internal errors trapped (the simulator runs
 * on this thread). */
static int run(launch *L, const pvc_launch_options *o)
{
    pvc_unit *u = &L->k->program->unit;
    pvc_run_opts ro = {.cc = o->cc, .cflags = o->cflags, .verbose = o->verbose, .trace = o->trace,
                       .stats = o->stats, .timeline = o->timeline,
                       .max_ops = o->max_ops == UINT64_MAX ? 0 : o->max_ops ? o->max_ops : PVC_SIM_MAX_OPS,
                       .notes = pvc_lib_sink,
                       .notes_arg = L->d};
    pvc_launch_args la = {L->tensors, L->scalars, o->blocks ? o->blocks : 1, PVC_BLOCK_VEC, 0};
    const pvc_backend *b = o->backend == PVC_BACKEND_NATIVE ? &pvc_backend_native : &pvc_backend_sim;
    char err[640] = "";
    pvc_diag d;
    pvc_diag_init(&d, &u->src, NULL);
    d.sink = pvc_lib_sink;
    d.sink_arg = L->d;
    jmp_buf trap;
    jmp_buf *volatile outer = pvc_bug_trap;
    pvc_bug_trap = &trap;
    if (setjmp(trap)) {
        pvc_bug_trap = outer;
        return pvc_lib_bug(L->d, u->src.name);
    }
    void *x = b == &pvc_backend_native ? pvc_lib_native_exec(L->k, &ro, &d, err, sizeof err)
                                       : b->open(u, L->k->fn, &ro, &la, &d, err, sizeof err);
    int status = PVC_STATUS_ERROR;
    if (x) {
        pvc_fault fault;
        int block = 0, rc = pvc_blocks_run(b, x, &la, o->threads, &fault, &block, err, sizeof err);
        if (rc > 0)
            report_fault(L, &fault, block, la.blocks);
        status = rc > 0 ? PVC_STATUS_FAULT : rc < 0 ? PVC_STATUS_ERROR : PVC_STATUS_OK;
        if (b != &pvc_backend_native && b->close(x, err, sizeof err) && status == PVC_STATUS_OK)
            status = PVC_STATUS_ERROR;
    }
    pvc_bug_trap = outer;
    if (status == PVC_STATUS_ERROR && err[0])
        pvc_lib_say(L->d, u->src.name, NULL, "error", "%s", err);
    return status;
}

int pvc_kernel_launch(const pvc_kernel *k, const pvc_arg *args, int nargs,
                      const pvc_launch_options *o, pvc_diagnostics *d)
{
    static const pvc_launch_options defaults;
    if (!k)
        return PVC_STATUS_USAGE;
    if (!o)
        o = &defaults;
    size_t n = k->fn->nparams > 0 ? (size_t)k->fn->nparams : 1;
    launch L = {k, args, d, calloc(n, sizeof(pvc_tensor)), calloc(n, sizeof(pvc_scalar)),
                calloc(n, sizeof(void *))};
    int status = PVC_STATUS_ERROR;
    if (!L.tensors || !L.scalars || !L.copies)
        pvc_lib_say(d, pvc_program_file(k->program), NULL, "error", "out of memory");
    else if (nargs > 0 && !args)
        status = usage(&L, "no arguments given for %d", nargs);
    else if (!(status = check_options(&L, o)) && !(status = bind_all(&L, nargs)))
        status = run(&L, o);
    for (int j = 0; j < k->fn->nparams && L.copies; j++)
        if (L.copies[j]) {
            if (status == PVC_STATUS_OK || status == PVC_STATUS_FAULT)
                copy_strided(&args[j], L.copies[j], 0);
            free(L.copies[j]);
        }
    free(L.tensors);
    free(L.scalars);
    free(L.copies);
    return status;
}
