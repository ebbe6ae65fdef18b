/* passes.h - the passes after `lower` (pipeline.c runs them in this order) and the few
 * helpers they share. Each pass reads and rewrites the module and returns the number of
 * errors it reported (docs/IR.md "Passes").
 *
 *   resolve   names -> values: constants propagated and folded, enum arguments checked
 *             against their namespace and for being compile-time constants
 *   types     every value typed; tiles get static UB addresses; vector functions cloned
 *             per distinct argument-type signature (<name>.<k>)
 *   dispatch  DSL vf ops -> machine ops (ops.h PVC_MOPS), pl.load/store -> gm.load/store
 *   check     constraint checks and trap warnings on the machine IR (docs/SEMANTICS.md decision 1)
 */
#ifndef PVC_PASSES_H
#define PVC_PASSES_H

#include <string.h>

#include "ir/diag.h"
#include "ir/ir.h"

int pvc_pass_resolve(pvc_module *m, pvc_diag *d);
int pvc_pass_types(pvc_module *m, pvc_diag *d);
int pvc_pass_dispatch(pvc_module *m, pvc_diag *d);
int pvc_pass_check(pvc_module *m, pvc_diag *d);

/* Where the types pass gets the functions it specialises. The pipeline clones each callee
 * in the module (hooks NULL). A streamed compile (emit/stream.c) runs the passes one vector
 * function at a time and installs the hooks: `body` gives the body of a callee about to be
 * specialised (a deferred function is lowered and resolved now, in an arena of its own);
 * `done` takes the typed clone (NULL when there was no body), dispatches, checks and emits
 * it, frees it, and returns what stays: the clone's signature in the module. Clones are then
 * detached (pvc_func_clone_detached): the stream owns their arenas. */
typedef struct {
    const pvc_func *(*body)(void *ctx, pvc_func *callee);
    pvc_func *(*done)(void *ctx, pvc_func *clone);
    void *ctx;
} pvc_clone_hooks;
int pvc_pass_types_hooked(pvc_module *m, pvc_diag *d, const pvc_clone_hooks *h);
/* What a note of ops.h's parameter lists asks of its argument ("dist:LoadDist": a constant
 * of pl.LoadDist; "dtype:dtype", "x:bool", "x:int"): a pvc_enum_ns or one of WANT_*; WANT_NONE
 * for a note that names nothing (tests/unit/test_passes.c rules it out). resolve.c checks it. */
enum { WANT_DTYPE = -1, WANT_BOOL = -2, WANT_INT = -3, WANT_NONE = -4 };
int pvc_param_want(const char *note, size_t len);

/* One function's share of a pass: what the pass does to each function of the module. */
int pvc_resolve_func(pvc_module *m, pvc_diag *d, pvc_func *f);
int pvc_dispatch_func(pvc_module *m, pvc_diag *d, pvc_func *f);
int pvc_check_func(pvc_module *m, pvc_diag *d, pvc_func *f);

/* A GENERIC vf op (ops.h): the machine row its typed arguments select, or -1; and the
 * dtype it works at in that row (types.c). Types and dispatch both ask. */
int pvc_generic_variant(const pvc_op *op);
int pvc_generic_dtype(const pvc_op *op, int code);
/* The dtype §9.3 gives a fresh destination (dtype=, else the first argument's), ignoring an
 * existing one; PVC_UNKNOWN if none. */
int pvc_generic_fresh_dtype(const pvc_op *op);
/* The traps of a GENERIC call in row `code` at dtype dt (traps.c, docs/SEMANTICS.md §12):
 * warnings, and errors for the forms the lowering rejects; def[id] is each variable's
 * (last) defining op. Returns 1 when it reported an error. */
int pvc_generic_traps(pvc_diag *d, const pvc_op *op, int code, int dt, pvc_op *const *def);
/* T19: a mask from get_mask_spr / mask_gen_with_reg_tensor stored as raw bits (traps.c). */
void pvc_mask_store_traps(pvc_diag *d, const pvc_op *op, const pvc_value *mask, pvc_op *const *def);
/* The located error for a GENERIC call no row fits: what the rows take, what was given. */
void pvc_generic_mismatch(pvc_diag *d, const pvc_op *op);

/* After errors inside a vector function's clone (d->nerrors above before), a note at the
 * call it was specialised for: its arguments are what made the callee's ops wrong. */
static inline void pvc_note_call(pvc_diag *d, const pvc_func *f, int before)
{
    if (d->nerrors > before && f->called_at.line > 0) {
        const char *dot = strrchr(f->name, '.');
        int len = dot ? (int)(dot - f->name) : (int)strlen(f->name);
        pvc_report_at(d, f->called_at, "note", "in this call of vector function '%.*s'", len, f->name);
    }
}

/* The tile-level ops of a jit kernel (tileop.c, docs/SEMANTICS.md §15): the recipe a call
 * takes (NULL: none fits; pvc_tileop_mismatch reports it), its compile-time checks (errors,
 * returns 0, and trap warnings), the attribute keys under which the types pass records the
 * valid extents of positional argument k, the T5 trap over those extents (vals[k][0..1]), and
 * the machine ops dispatch appends to out (scalars encoded by bits; 0 after an error). */
typedef struct pvc_tile_recipe pvc_tile_recipe;
const pvc_tile_recipe *pvc_tileop_recipe(const pvc_op *op);
int pvc_tileop_steps(const pvc_tile_recipe *r);
int pvc_tileop_check(pvc_diag *d, const pvc_op *op, const pvc_tile_recipe *r);
void pvc_tileop_mismatch(pvc_diag *d, const pvc_op *op);
void pvc_tileop_valid_keys(const pvc_op *op, int k, char *vr, char *vc, size_t n);
void pvc_tileop_valid_traps(pvc_diag *d, const pvc_op *op, const pvc_tile_recipe *r, pvc_value *(*vals)[2]);
int pvc_tileop_build(pvc_module *m, pvc_block *out, const pvc_op *op, const pvc_tile_recipe *r,
                     pvc_value *(*bits)(void *ctx, pvc_value *v, int dt, pvc_span at), void *ctx);

/* Constant value of v if it is an int/bool constant: 1 and *out set, else 0. */
int pvc_const_int(const pvc_value *v, int64_t *out);

#endif /* PVC_PASSES_H */
