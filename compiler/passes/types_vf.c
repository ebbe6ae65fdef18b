/* types_vf.c - the types pass (types.c) in a vector function: registers, masks and their
 * granularity, the GENERIC vf ops typed by their ops.h rows (generic.c picks the row). */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "passes/types.h"

static int reg_dtype_of(typer *t, const pvc_op *op, const char *arg)
{
    const pvc_value *v = pvc_op_arg(op, arg);
    if (v && v->type.kind == PVC_TY_REG && v->type.dtype >= 0)
        return v->type.dtype;
    ty_expect(t, op, arg, PVC_TY_REG);
    return PVC_UNKNOWN;
}

static void type_load_align(typer *t, pvc_op *op)
{
    if (!ty_expect(t, op, "tile", PVC_TY_TILE))
        return;
    int dt = dtype_arg(op, "dtype", pvc_op_arg(op, "tile")->type.dtype);
    pvc_value *r0 = op->results[0];
    if (op->nresults == 1 && r0->type.kind == PVC_TY_MASK)
        return; /* the name was bound to a mask first: mask destination (§2.5) */
    for (int i = 0; i < op->nresults; i++)
        ty_set_type(t, op->results[i], reg_type(dt), op->loc);
}

/* A mask result: generated at gran_bytes, declared with dtype (its IR dtype, §4.3, §9.3). */
static void type_mask(typer *t, pvc_value *r, unsigned gran_bytes, int dtype, pvc_span at)
{
    pvc_type ty = type_of(PVC_TY_MASK);
    ty.gran = (int)gran_bytes * 8;
    ty.dtype = dtype;
    ty_set_type(t, r, ty, at);
}

static void type_generic_results(typer *t, pvc_op *op, const pvc_mop *m, int dt)
{
    for (int i = 0; i < m->nres && i < op->nresults; i++) {
        pvc_value *r = op->results[i];
        switch (m->res[i].kind) {
        case PVC_OK_MASK:
            if ((m->flags & PVC_MF_DECLARED) && r->type.kind == PVC_TY_MASK)
                break; /* the declared carry mask keeps its type (§10.3) */
            type_mask(t, r, (unsigned)pvc_mask_result_gran(op, m, dt) / 8, dt, op->loc);
            break;
        case PVC_OK_INT: ty_set_type(t, r, type_of(PVC_TY_INT), op->loc); break;
        default: ty_set_type(t, r, reg_type(dt), op->loc); break;
        }
    }
}

/* dt is one of the row's DTYPES; reports the legal ones when not. */
static int dtype_legal(typer *t, const pvc_op *op, const pvc_mop *m, int dt)
{
    if (!m->dtypes || (m->dtypes >> dt & 1))
        return 1;
    char legal[256] = "";
    for (int k = 0; k < PVC_DT_COUNT; k++)
        if (m->dtypes >> k & 1)
            snprintf(legal + strlen(legal), sizeof legal - strlen(legal), "%s%s", legal[0] ? " " : "",
                     pvc_dtype_table[k].name);
    pvc_error_at(t->d, op->loc, PVC_E_TYPE, "%s does not take %s (it takes %s)", pvc_ops[op->code].name,
                 dt_name(dt), legal);
    return 0;
}

/* A GENERIC vf op: its row by its arguments, its dtype (§9.3), the dtype's legality, the
 * op's traps (traps.c), its results. */
void ty_generic(typer *t, pvc_op *op)
{
    const char *name = pvc_ops[op->code].name;
    int code = pvc_generic_variant(op);
    if (code < 0) { /* dispatch reports it with the other lowering errors; keep uses quiet */
        int dt = dtype_arg(op, "dtype", PVC_UNKNOWN);
        for (int i = 0; i < op->nresults; i++)
            ty_set_type(t, op->results[i], pvc_ops[op->code].result == PVC_TY_MASK ? type_of(PVC_TY_MASK) : reg_type(dt),
                     op->loc);
        return;
    }
    const pvc_mop *m = pvc_mop_of(code);
    if ((m->flags & PVC_MF_NEEDS_DTYPE) && dtype_arg(op, "dtype", PVC_UNKNOWN) < 0) {
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "%s needs dtype=pl.DT_*: its result's dtype is not its "
                     "source's (§9.3)", name);
        return;
    }
    int dt = pvc_generic_dtype(op, code), fresh = pvc_generic_fresh_dtype(op);
    if (dt < 0) {
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "%s: no argument carries a dtype (an int literal has "
                     "none); write dtype=pl.DT_* (§9.3)", name);
        return;
    }
    if (fresh >= 0 && fresh != dt && !(m->flags & (PVC_MF_READS_DST | PVC_MF_MERGES))) /* it exists on purpose */
        pvc_warn_at(t->d, op->loc, "'%s' is already a %s register: %s writes into it as %s, not as %s "
                    "(§9.3, T23) [%s]", op->results[0]->name ? op->results[0]->name : "?", dt_name(dt), name,
                    dt_name(dt), dt_name(fresh), pvc_warn_code(PVC_W_REASSIGN));
    if (pvc_generic_traps(t->d, op, code, dt, t->def) || !dtype_legal(t, op, m, dt))
        return;
    for (int i = 0; (m->flags & PVC_MF_SAME) && i < m->nopnd; i++) {
        const pvc_value *v = pvc_op_arg(op, m->opnd[i].name);
        if (m->opnd[i].kind == PVC_OK_VREG && v->type.dtype != dt)
            pvc_error_at(t->d, op->loc, PVC_E_TYPE, "%s works on %s here but '%s' is %s", name, dt_name(dt),
                         m->opnd[i].name, dt_name(v->type.dtype));
    }
    type_generic_results(t, op, m, dt);
}

void ty_vf_op(typer *t, pvc_op *op)
{
    switch (op->code) {
    case PVC_OP_VF_LOAD_ALIGN: type_load_align(t, op); break;
    case PVC_OP_VF_STORE_ALIGN:
    case PVC_OP_VF_STORE_UNALIGN:
        if (pvc_op_arg(op, "src") && pvc_op_arg(op, "src")->type.kind == PVC_TY_MASK)
            pvc_mask_store_traps(t->d, op, pvc_op_arg(op, "src"), t->def);
        /* fall through */
    case PVC_OP_VF_STORE_UNALIGN_POST: ty_expect(t, op, "tile", PVC_TY_TILE); break;
    case PVC_OP_VF_LOAD_UNALIGN_PRE: ty_expect(t, op, "tile", PVC_TY_TILE); break;
    case PVC_OP_VF_STORE: ty_expect(t, op, "dst_ptr", PVC_TY_TILE); break;
    case PVC_OP_VF_LOAD: /* the tile's dtype, as load_unalign (§10.16) */
        if (ty_expect(t, op, "src_ptr", PVC_TY_TILE))
            ty_set_type(t, op->results[0], reg_type(pvc_op_arg(op, "src_ptr")->type.dtype), op->loc);
        break;
    case PVC_OP_VF_LOAD_UNALIGN:
        if (ty_expect(t, op, "tile", PVC_TY_TILE))
            ty_set_type(t, op->results[0], reg_type(pvc_op_arg(op, "tile")->type.dtype), op->loc);
        break;
    case PVC_OP_VF_CREATE_MASK:
        /* generated at dtype= (FP32 when omitted), declared UINT16 when omitted (§5.1, §12 T21) */
        type_mask(t, op->results[0], pvc_create_mask_gran((pvc_dtype)dtype_arg(op, "dtype", PVC_DT_FP32)),
                  dtype_arg(op, "dtype", PVC_DT_UINT16), op->loc);
        break;
    case PVC_OP_VF_UPDATE_MASK:
        type_mask(t, op->results[0], pvc_update_mask_gran((pvc_dtype)dtype_arg(op, "dtype", PVC_DT_FP32)),
                  dtype_arg(op, "dtype", PVC_DT_UINT16), op->loc);
        break;
    case PVC_OP_VF_ASTYPE: {
        reg_dtype_of(t, op, "src");
        int dt = dtype_arg(op, "dtype", PVC_UNKNOWN);
        if (dt < 0)
            pvc_error_at(t->d, op->loc, PVC_E_TYPE, "vf.astype needs dtype=pl.DT_*");
        else
            ty_set_type(t, op->results[0], reg_type(dt), op->loc);
        break;
    }
    case PVC_OP_VF_CREATE_ADDR_REG: {
        pvc_type ty = type_of(PVC_TY_ADDR_REG);
        ty.dtype = dtype_arg(op, "dtype", PVC_DT_FP32);
        ty_set_type(t, op->results[0], ty, op->loc);
        break;
    }
    default: break;
    }
}
