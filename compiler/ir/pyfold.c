/* pyfold.c - the scalar arithmetic of ops.h PVC_PY_OPS as text (pvc_pyop_of, for the emitter)
 * and on constants (pvc_fold_int / pvc_fold_float): the one constant evaluator, called by the
 * front end's Python values (front/pyval.c) and by the resolve pass's folding, so a constant
 * comes out the same whichever way it is written (docs/SEMANTICS.md §6). */
#include <string.h>

#include "ir/ir.h"

static const pvc_pyop pyops[] = {
#define X(id, on_int, on_float, faults, exact, what) {PVC_OP_##id, #on_int, #on_float, #faults, what},
    PVC_PY_OPS(X)
#undef X
};

const pvc_pyop *pvc_pyop_of(int code)
{
    for (size_t i = 0; i < sizeof pyops / sizeof pyops[0]; i++)
        if (pyops[i].code == code)
            return &pyops[i];
    return NULL;
}

int pvc_pyop_has(const char *call) { return strcmp(call, "NONE") != 0; }

/* Each row's FAULTS first (a constant evaluation has no context, ctx is NULL, so it never
 * runs a call that would fault), then its call, then EXACT. NONE is a form the row lacks. */
#define NONE 0

pvc_fold_status pvc_fold_int(int code, int64_t a, int64_t b, int64_t *out)
{
    pvc_ctx *ctx = NULL;
    switch (code) {
#define X(id, on_int, on_float, faults, exact, what)                 \
    case PVC_OP_##id:                                                \
        if (!pvc_pyop_has(#on_int))                                  \
            return PVC_FOLD_NONE;                                    \
        if (faults)                                                  \
            return PVC_FOLD_FAULT;                                   \
        *out = on_int;                                               \
        return (exact) ? PVC_FOLD_OK : PVC_FOLD_OVERFLOW;
        PVC_PY_OPS(X)
#undef X
    default: return PVC_FOLD_NONE;
    }
}

pvc_fold_status pvc_fold_float(int code, double a, double b, double *out)
{
    pvc_ctx *ctx = NULL;
    switch (code) {
#define X(id, on_int, on_float, faults, exact, what) \
    case PVC_OP_##id:                                \
        if (!pvc_pyop_has(#on_float))                \
            return PVC_FOLD_NONE;                    \
        if (faults)                                  \
            return PVC_FOLD_FAULT;                   \
        *out = on_float;                             \
        return PVC_FOLD_OK;
        PVC_PY_OPS(X)
#undef X
    default: return PVC_FOLD_NONE;
    }
}
#undef NONE
