/* launch.c - pvc_kernel_launch (libpvc.h): the caller's arguments become the runtime's tensors
 * and scalars, the backend runs the blocks (backend/blocks.c), a fault becomes a located error.
 *
 * Binding, parameter by parameter, in order:
 *   tensor  the argument must be a tensor whose stored dtype is the parameter's or one of its
 *           stand-ins (pvc_dtype_stands_in, tables.c), of the declared rank, with every
 *           fixed dim; FP4/INT4 bytes count two elements in the last dim. Its memory is GM
 *           as it is when it is C-contiguous; otherwise it runs on a contiguous copy, one
 *           per view (arguments that are the same view share it), copied back after the run
 *           when the kernel writes it. A written tensor must not overlap itself or, when
 *           either is copied, another argument (layout.c; docs/SEMANTICS.md §6, "Arguments
 *           of a launch").
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
    void **copies;           /* per parameter: the contiguous copy it owns, or NULL */
    int *copy_of;            /* per parameter: whose copy it runs on (itself, or an earlier
                                argument that is the same view), -1 none */
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

/* "a" or "an" before a dtype name as it is read aloud: an INT8, an FP32, an HF8, a UINT8. */
static const char *article(const char *name)
{
    return name[0] && strchr("AEFHILMNORSX", name[0]) ? "an" : "a";
}

/* Copies between a strided tensor and its contiguous copy, element by element (elements
 * are whole bytes: sub-byte dtypes must be contiguous). */
static void copy_strided(const pvc_arg *a, void *packed, int to_packed)
{
    size_t esz = stored_bits(a->dtype) / 8;
    int64_t idx[PVC_ARG_MAX_RANK] = {0}, n = pvc_arg_elements(a);
    uint8_t *flat = packed;
    for (int64_t e = 0; e < n; e++) {
        int64_t off = 0;
        for (int i = 0; i < a->rank; i++)
            off += idx[i] * pvc_arg_stride(a, i);
        uint8_t *host = (uint8_t *)a->data + off * (int64_t)esz;
        if (to_packed)
            memcpy(flat + e * (int64_t)esz, host, esz);
        else
            memcpy(host, flat + e * (int64_t)esz, esz);
        for (int i = a->rank - 1; i >= 0 && ++idx[i] == a->shape[i]; i--)
            idx[i] = 0;
    }
}

/* An NZ parameter's GM (docs/SEMANTICS.md §17.4.6): the caller's tensor holds the logical
 * [R, C] values, as a FRACTAL_NZ tensor reads on the host; the kernel runs on a copy laid out
 * as FRACTAL_NZ, through the one NZ index map (pvc_tensor_nz_off), copied back after the run
 * when the kernel writes it. */
static void copy_nz(const pvc_arg *a, const pvc_tensor *t, void *nz, int to_nz)
{
    size_t esz = stored_bits(a->dtype) / 8;
    for (int64_t r = 0; r < t->shape[0]; r++)
        for (int64_t c = 0; c < t->shape[1]; c++) {
            uint8_t *host = (uint8_t *)a->data + (r * pvc_arg_stride(a, 0) + c * pvc_arg_stride(a, 1)) * (int64_t)esz;
            uint8_t *gm = (uint8_t *)nz + pvc_tensor_nz_off(t, r, c) * (int64_t)esz;
            if (to_nz)
                memcpy(gm, host, esz);
            else
                memcpy(host, gm, esz);
        }
}

static uint8_t empty_tensor[8]; /* the data of zero-sized tensors: nothing is ever moved */

/* A tensor the kernel writes: no two of its elements may be one location (torch refuses
 * such an in-place write too), else the result would depend on which write lands last. */
static int check_writable(launch *L, int j, const pvc_value *p)
{
    const pvc_arg *a = &L->args[j];
    const char *kn = L->k->fn->name;
    int dim = pvc_arg_stride0_dim(a), self = dim >= 0 ? 1 : pvc_arg_self_overlaps(a);
    if (self < 0)
        return usage(L, "argument %d ('%s') of kernel '%s': out of memory for its layout check", j,
                     p->name, kn);
    if (dim >= 0)
        return usage(L, "argument %d ('%s') of kernel '%s': the kernel writes it, but its dimension %d "
                     "has stride 0 (a broadcast view: its elements share memory); pass a tensor of its "
                     "own, such as .clone(), as torch asks for an in-place write", j, p->name, kn, dim);
    if (self)
        return usage(L, "argument %d ('%s') of kernel '%s': the kernel writes it, but its strides make "
                     "some of its elements one memory location; pass a tensor of its own, such as .clone()",
                     j, p->name, kn);
    return PVC_STATUS_OK;
}

/* Argument j is not contiguous: it runs on the copy of an earlier argument that is the same
 * view (so the two stay one memory, as they are on the caller's side), else on its own. */
static int run_on_copy(launch *L, int j, int64_t n)
{
    const pvc_arg *a = &L->args[j];
    for (int i = 0; i < j; i++)
        if (L->copy_of[i] == i && L->tensors[i].layout != PVC_TL_NZ && pvc_arg_same_view(&L->args[i], a)) {
            L->copy_of[j] = i;
            return PVC_STATUS_OK;
        }
    L->copies[j] = malloc((size_t)n * stored_bits(a->dtype) / 8);
    if (!L->copies[j])
        return usage(L, "argument %d ('%s') of kernel '%s': out of memory for a contiguous copy", j,
                     L->k->fn->params[j]->name, L->k->fn->name);
    copy_strided(a, L->copies[j], 1);
    L->copy_of[j] = j;
    return PVC_STATUS_OK;
}

/* The bytes of tensor argument j for the contiguous tensor t (a copy of a strided one), or a
 * usage error. */
static int bind_data(launch *L, int j, const pvc_value *p, pvc_tensor *t, int64_t n)
{
    const pvc_arg *a = &L->args[j];
    const char *kn = L->k->fn->name;
    if (n == 0)
        t->data = empty_tensor;
    else if (!a->data)
        return usage(L, "argument %d ('%s') of kernel '%s': tensor data is NULL", j, p->name, kn);
    else if (L->k->written[j] && check_writable(L, j, p))
        return PVC_STATUS_USAGE;
    else if (!pvc_arg_contiguous(a)) {
        if (stored_bits(a->dtype) < 8)
            return usage(L, "argument %d ('%s') of kernel '%s': %s %s tensor must be contiguous", j,
                         p->name, kn, article(pvc_dtype_table[a->dtype].name), pvc_dtype_table[a->dtype].name);
        int rc = run_on_copy(L, j, n);
        if (rc)
            return rc;
        t->data = L->copies[L->copy_of[j]];
    }
    return PVC_STATUS_OK;
}

/* A pl.Ptr[dtype] parameter (docs/SEMANTICS.md §6): any tensor, its bytes seen as a rank-1
 * tensor of dtype (no dtype or shape check, as pypto_pro passes data_ptr()). */
static int bind_ptr(launch *L, int j, const pvc_value *p)
{
    const pvc_arg *a = &L->args[j];
    pvc_dtype want = (pvc_dtype)p->type.dtype;
    int64_t n = pvc_arg_elements(a);
    if (n < 0)
        return usage(L, "argument %d ('%s') of kernel '%s': bad shape", j, p->name, L->k->fn->name);
    pvc_tensor t = {.data = a->data, .dtype = want, .rank = 1};
    t.shape[0] = (int64_t)((uint64_t)n * stored_bits(a->dtype) / pvc_dtype_table[want].bits);
    int rc = bind_data(L, j, p, &t, n);
    if (!rc)
        L->tensors[j] = t;
    return rc;
}

/* An NZ parameter (rank 2, static dims the caller's tensor matched): always on a copy of its
 * own in FRACTAL_NZ (copy_nz). */
static int bind_nz(launch *L, int j, const pvc_value *p, pvc_tensor *t, int64_t n)
{
    const pvc_arg *a = &L->args[j];
    if (!a->data)
        return usage(L, "argument %d ('%s') of kernel '%s': tensor data is NULL", j, p->name, L->k->fn->name);
    if (L->k->written[j] && check_writable(L, j, p))
        return PVC_STATUS_USAGE;
    L->copies[j] = malloc((size_t)n * stored_bits(a->dtype) / 8);
    if (!L->copies[j])
        return usage(L, "argument %d ('%s') of kernel '%s': out of memory for its NZ copy", j, p->name,
                     L->k->fn->name);
    t->layout = PVC_TL_NZ;
    copy_nz(a, t, L->copies[j], 1);
    t->data = L->copies[j];
    L->copy_of[j] = j;
    L->tensors[j] = *t;
    return PVC_STATUS_OK;
}

/* Checks argument j against tensor parameter p and makes its runtime tensor. */
static int bind_tensor(launch *L, int j, const pvc_value *p)
{
    const pvc_arg *a = &L->args[j];
    const char *kn = L->k->fn->name;
    pvc_dtype want = (pvc_dtype)p->type.dtype;
    if (a->dtype < 0 || a->dtype >= PVC_DT_COUNT)
        return usage(L, "argument %d ('%s') of kernel '%s': unknown dtype code %d", j, p->name, kn,
                     a->dtype);
    if (p->type.ptr)
        return bind_ptr(L, j, p);
    if (!pvc_dtype_stands_in(a->dtype, want, NULL))
        return usage(L, "argument %d ('%s') of kernel '%s': the parameter is %s, got %s %s tensor%s",
                     j, p->name, kn, pvc_dtype_table[want].pyname, article(pvc_dtype_table[a->dtype].name),
                     pvc_dtype_table[a->dtype].name,
                     pvc_dtype_table[want].kind == PVC_KIND_Q ? " (8- and 4-bit float codes are passed as UINT8)" : "");
    if (p->type.rank < 1 || p->type.rank > PVC_TENSOR_MAX_RANK)
        return usage(L, "parameter '%s' of kernel '%s' has rank %d; pvc binds tensors of rank 1 to %d",
                     p->name, kn, p->type.rank, PVC_TENSOR_MAX_RANK);
    if (a->rank != p->type.rank)
        return usage(L, "argument %d ('%s') of kernel '%s': the parameter has rank %d, got a rank-%d tensor",
                     j, p->name, kn, p->type.rank, a->rank);
    int64_t n = pvc_arg_elements(a);
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
    if (p->type.layout == PVC_TL_NZ)
        return bind_nz(L, j, p, &t, n);
    int rc = bind_data(L, j, p, &t, n);
    if (!rc)
        L->tensors[j] = t;
    return rc;
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

/* Two arguments that share bytes, one of them on a copy of its own, would not see each
 * other's writes: refused when the kernel writes either (a read-only pair may overlap). */
static int check_overlaps(launch *L)
{
    const pvc_func *f = L->k->fn;
    for (int j = 0; j < f->nparams; j++)
        for (int i = 0; i < j; i++) {
            if (L->args[i].kind != PVC_ARG_TENSOR || L->args[j].kind != PVC_ARG_TENSOR ||
                (!L->k->written[i] && !L->k->written[j]) || L->copy_of[i] == L->copy_of[j])
                continue;
            int rc = pvc_args_overlap(&L->args[i], &L->args[j]);
            int copied = L->copy_of[i] >= 0 ? i : j;
            if (rc < 0)
                return usage(L, "kernel '%s': out of memory for the overlap check of arguments %d and %d",
                             f->name, i, j);
            if (rc)
                return usage(L, "arguments %d ('%s') and %d ('%s') of kernel '%s' share memory, and '%s' is "
                             "not contiguous: it would run on a copy that does not see the other's "
                             "writes; pass tensors that do not overlap, the same view twice, or "
                             "contiguous ones", i, f->params[i]->name, j, f->params[j]->name, f->name,
                             f->params[copied]->name);
        }
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
    return check_overlaps(L);
}

/* ---- faults ------------------------------------------------------------------------------ */
static const char *related_text(pvc_fault_kind kind)
{
    switch (kind) {
    case PVC_FAULT_HAZARD: return "the vector store that wrote those bytes";
    case PVC_FAULT_UNFLUSHED: return "the store_unalign that parked the bytes";
    case PVC_FAULT_GM_RACE: return "the other core's access of those bytes";
    default: return "the earlier op this fault refers to";
    }
}

/* s: the launch was stopped (NULL: a fault of the kernel's own). */
static void report_fault(launch *L, const pvc_fault *f, int block, int blocks, const pvc_stopper *s)
{
    const pvc_unit *u = &L->k->program->unit;
    char what[640], in[48] = "", ub[48] = "", a[24];
    if (blocks > 1)
        snprintf(in, sizeof in, " in block %d of %d", block, blocks);
    /* the UB address where the fault is about UB bytes; a scalar fault (7 // 0) has none */
    if (f->len > 0 || f->kind == PVC_FAULT_UB_BOUNDS || f->kind == PVC_FAULT_MISALIGNED)
        snprintf(ub, sizeof ub, ", UB address %s", pvc_addr_text(a, sizeof a, f->addr));
    if (s && s->timed_out)
        snprintf(what, sizeof what, "the launch took longer than its timeout of %g s; it was stopped here%s",
                 s->timeout, in);
    else if (s)
        snprintf(what, sizeof what, "the launch was stopped by its caller; it was stopped here%s", in);
    else
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
/* The cores of a block (docs/SEMANTICS.md §17.1): a kernel with a section_cube runs a cube
 * core per block, two vector cores beside it when it has a section_vector too. */
static pvc_block_kind block_kind(const pvc_func *kernel)
{
    int s = pvc_func_sections(kernel);
    return !(s & PVC_SECTIONS_CUBE) ? PVC_BLOCK_VEC : (s & PVC_SECTIONS_VECTOR) ? PVC_BLOCK_MIX : PVC_BLOCK_CUBE;
}

/* §17.8 C-T11: pypto_pro neither clamps a block count above the device's cores nor refuses it
 * (its docs say both), so pvc runs every block; PVC_CORES names a device's core count, and then
 * a launch of more blocks is refused. 0 when it is unset, -1 when it is not a count. */
static int configured_cores(void)
{
    const char *env = getenv("PVC_CORES");
    if (!env || !*env)
        return 0;
    char *end;
    long n = strtol(env, &end, 10);
    return *end || n < 1 || n > PVC_LAUNCH_MAX_BLOCKS ? -1 : (int)n;
}

static int check_cores(launch *L, const pvc_launch_options *o)
{
    int cores = configured_cores(), blocks = o->blocks ? o->blocks : 1;
    if (cores < 0)
        return usage(L, "PVC_CORES=%s: it wants the device's core count, 1 to %d", getenv("PVC_CORES"),
                     PVC_LAUNCH_MAX_BLOCKS);
    if (cores && blocks > cores)
        return usage(L, "%d blocks on a device of PVC_CORES=%d cores: pypto_pro neither clamps nor refuses such a "
                     "launch (trap C-T11, docs/SEMANTICS.md §17.8)", blocks, cores);
    return PVC_STATUS_OK;
}

static int check_options(launch *L, const pvc_launch_options *o)
{
    if (o->backend != PVC_BACKEND_SIM && o->backend != PVC_BACKEND_NATIVE)
        return usage(L, "unknown backend %d (sim is %d, native %d)", o->backend, PVC_BACKEND_SIM,
                     PVC_BACKEND_NATIVE);
    if (o->blocks < 0 || o->blocks > PVC_LAUNCH_MAX_BLOCKS)
        return usage(L, "%d blocks: a launch has 1 to %d", o->blocks, PVC_LAUNCH_MAX_BLOCKS);
    if (o->backend == PVC_BACKEND_NATIVE && (o->trace || o->stats || o->timeline))
        return usage(L, "trace, stats and timeline need the sim backend");
    if (!(o->timeout >= 0 && o->timeout <= 1e9)) /* NaN too */
        return usage(L, "a timeout of %g s: it wants seconds from 0 (none) to 1e9", o->timeout);
    return check_cores(L, o);
}

/* Opens the backend, runs the blocks, closes it; internal errors trapped (the simulator runs
 * on this thread). */
static int run(launch *L, const pvc_launch_options *o)
{
    pvc_unit *u = &L->k->program->unit;
    pvc_run_opts ro = {.cc = o->cc, .cflags = o->cflags, .verbose = o->verbose, .trace = o->trace,
                       .stats = o->stats, .timeline = o->timeline,
                       .max_ops = o->max_ops == UINT64_MAX ? 0 : o->max_ops ? o->max_ops : PVC_SIM_MAX_OPS,
                       .strict_hazards = o->strict_hazards,
                       .notes = pvc_lib_sink,
                       .notes_arg = L->d};
    pvc_stopper stop;
    if (pvc_stopper_start(&stop, o->stop, o->timeout, o->sigint)) {
        pvc_lib_say(L->d, u->src.name, NULL, "error",
                    "cannot start the thread that watches the timeout, or catch SIGINT");
        return PVC_STATUS_ERROR;
    }
    pvc_launch_args la = {L->tensors, L->scalars, o->blocks ? o->blocks : 1, block_kind(L->k->fn), 0, stop.poll};
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
        pvc_stopper_end(&stop);
        return pvc_lib_bug(L->d, u->src.name);
    }
    void *x = b == &pvc_backend_native ? pvc_lib_native_exec(L->k, &ro, &d, err, sizeof err)
                                       : b->open(u, L->k->fn, &ro, &la, &d, err, sizeof err);
    int status = PVC_STATUS_ERROR;
    if (x) {
        pvc_fault fault;
        int block = 0, rc = pvc_blocks_run(b, x, &la, o->threads, &fault, &block, err, sizeof err);
        pvc_stopper_end(&stop);
        /* a stopped core of a mixed block leaves the others waiting on it: their DEADLOCK is
           the stop's too */
        int stopped = rc == PVC_FAULT_STOPPED || (rc > 0 && stop.poll && *stop.poll);
        if (rc > 0)
            report_fault(L, &fault, block, la.blocks, stopped ? &stop : NULL);
        status = stopped ? PVC_STATUS_STOPPED
               : rc > 0  ? PVC_STATUS_FAULT
               : rc < 0  ? PVC_STATUS_ERROR
                         : PVC_STATUS_OK;
        if (b != &pvc_backend_native && b->close(x, err, sizeof err) && status == PVC_STATUS_OK)
            status = PVC_STATUS_ERROR;
    }
    pvc_stopper_end(&stop); /* when open failed (a second call does nothing) */
    pvc_bug_trap = outer;
    if (status == PVC_STATUS_ERROR && err[0])
        pvc_lib_say(L->d, u->src.name, NULL, "error", "%s", err);
    return status;
}

/* Writes each copy the kernel may have changed back to the caller's memory (after a fault
 * too: what the kernel wrote before it is there, as it would be on contiguous memory), and
 * frees the copies. */
static void copy_back(launch *L, int ran)
{
    for (int i = 0; i < L->k->fn->nparams; i++) {
        if (!L->copies[i])
            continue;
        int written = 0;
        for (int j = i; j < L->k->fn->nparams; j++)
            written |= L->copy_of[j] == i && L->k->written[j];
        if (ran && written && L->tensors[i].layout == PVC_TL_NZ)
            copy_nz(&L->args[i], &L->tensors[i], L->copies[i], 0);
        else if (ran && written)
            copy_strided(&L->args[i], L->copies[i], 0);
        free(L->copies[i]);
    }
}

/* Parameters whose per-parameter arrays a launch keeps on its stack: four heap blocks per
 * launch were a measurable part of a small kernel's fixed cost (docs/PYTHON.md, "The
 * library"). Kernels with more take them from the heap. */
enum { STACK_PARAMS = 16 };

int pvc_kernel_launch(const pvc_kernel *k, const pvc_arg *args, int nargs,
                      const pvc_launch_options *o, pvc_diagnostics *d)
{
    static const pvc_launch_options defaults;
    if (!k)
        return PVC_STATUS_USAGE;
    if (!o)
        o = &defaults;
    size_t n = k->fn->nparams > 0 ? (size_t)k->fn->nparams : 1;
    pvc_tensor tensors[STACK_PARAMS];
    pvc_scalar scalars[STACK_PARAMS];
    void *copies[STACK_PARAMS];
    int copy_of[STACK_PARAMS];
    int heap = n > STACK_PARAMS;
    launch L = {k, args, d, tensors, scalars, copies, copy_of};
    if (heap)
        L = (launch){k, args, d, calloc(n, sizeof(pvc_tensor)), calloc(n, sizeof(pvc_scalar)),
                     calloc(n, sizeof(void *)), malloc(n * sizeof(int))};
    else {
        memset(tensors, 0, n * sizeof *tensors);
        memset(scalars, 0, n * sizeof *scalars);
        memset(copies, 0, n * sizeof *copies);
    }
    int status = PVC_STATUS_ERROR;
    for (size_t j = 0; L.copy_of && j < n; j++)
        L.copy_of[j] = -1;
    if (!L.tensors || !L.scalars || !L.copies || !L.copy_of)
        pvc_lib_say(d, pvc_program_file(k->program), NULL, "error", "out of memory");
    else if (nargs > 0 && !args)
        status = usage(&L, "no arguments given for %d", nargs);
    else if (!(status = check_options(&L, o)) && !(status = bind_all(&L, nargs)))
        status = run(&L, o);
    if (L.copies && L.copy_of)
        copy_back(&L, status == PVC_STATUS_OK || status == PVC_STATUS_FAULT || status == PVC_STATUS_STOPPED);
    if (heap) {
        free(L.copy_of);
        free(L.tensors);
        free(L.scalars);
        free(L.copies);
    }
    return status;
}
