/* types_debug.c - the types pass (types.c) for pl.dump_data (docs/SEMANTICS.md §6.2): what
 * it may dump where, and its window, refused in pypto_pro's words (its parser checks these
 * before lowering). The dispatch pass (dispatch_jit.c) turns the call into gm.dump,
 * tile.dump, tile.dump.win or acc.dump. */
#include "passes/types.h"

static const char *kind_name(const pvc_value *v)
{
    switch (v->type.kind) {
    case PVC_TY_INT: return "int";
    case PVC_TY_FLOAT: return "float";
    case PVC_TY_BOOL: return "bool";
    case PVC_TY_STR: return "str";
    default: return "ScalarType";
    }
}

/* offsets= and shapes= of a window: both or neither; each a list of one int per axis; a
 * constant shape positive. what: "tensor" or "tile" (pypto's dump_tensor / dump_tile). */
static int window_ok(typer *t, const pvc_op *op, int rank, const char *what)
{
    const pvc_value *o = pvc_op_arg(op, "offsets"), *s = pvc_op_arg(op, "shapes");
    int has_o = o && o->kind != PVC_V_NONE, has_s = s && s->kind != PVC_V_NONE;
    if (has_o != has_s) {
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "debug.dump_%s offsets and shapes must be provided together", what);
        return 0;
    }
    if (!has_o)
        return 1;
    const pvc_op *lo = def_of(t, o), *ls = def_of(t, s);
    int no = lo && lo->code == PVC_OP_LIST ? lo->noperands : -1, ns = ls && ls->code == PVC_OP_LIST ? ls->noperands : -1;
    if (no != rank || ns != rank) {
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "debug.dump_%s offsets/shapes must match %s rank %d, got %d offsets "
                     "and %d shapes", what, what, rank, no < 0 ? 1 : no, ns < 0 ? 1 : ns);
        return 0;
    }
    for (int i = 0; i < rank; i++) {
        int64_t k;
        if (!ty_int_valued(lo->operands[i]) || !ty_int_valued(ls->operands[i])) {
            pvc_error_at(t->d, op->loc, PVC_E_TYPE, "debug.dump_%s offsets and shapes are integers, one per axis",
                         what);
            return 0;
        }
        if (pvc_const_int(ls->operands[i], &k) && k <= 0) {
            pvc_error_at(t->d, ls->operands[i]->loc, PVC_E_TYPE, "debug.dump_%s shape at axis %d must be positive, "
                         "got %lld", what, i, (long long)k);
            return 0;
        }
    }
    return 1;
}

/* A tile: a Vec tile on a vector core, an Acc tile on the cube core through a workspace of
 * its dtype (the device prints only UB tiles; an Acc tile goes through GM first). */
static int tile_ok(typer *t, const pvc_op *op, const pvc_value *d, const pvc_value *ws)
{
    int mem = d->type.mem, acc = mem == PVC_MEM_ACC;
    int cube = t->section == PVC_OP_PL_SECTION_CUBE, vector = t->section == PVC_OP_PL_SECTION_VECTOR;
    if ((vector && mem != PVC_MEM_VEC) || (cube && !acc)) {
        pvc_error_at(t->d, op->loc, PVC_E_CUBE_RULE, "pl.dump_data of a %s tile is not allowed in a %s section; only "
                     "%s tiles (and GM tensors) can be dumped there", pvc_mem_name(mem), cube ? "Cube" : "Vector",
                     cube ? "Acc (L0C)" : "Vec (UB)");
        return 0;
    }
    if (mem != PVC_MEM_VEC && !acc) {
        pvc_error_at(t->d, op->loc, PVC_E_CUBE_RULE, "pl.dump_data of a %s tile: the device prints Vec (UB) tiles, "
                     "and Acc (L0C) tiles through workspace=", pvc_mem_name(mem));
        return 0;
    }
    if (pvc_dtype_table[d->type.dtype].bits < 8) {
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "pl.dump_data of a %s tile: 4-bit elements have no element access",
                     dt_name(d->type.dtype));
        return 0;
    }
    int has_ws = ws && ws->kind != PVC_V_NONE;
    if (acc && !has_ws) {
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "pl.dump_data of an Acc tile needs workspace=, a GM tensor of its "
                     "dtype that holds the whole tile");
        return 0;
    }
    if (has_ws && !acc) {
        pvc_error_at(t->d, pvc_op_arg_loc(op, "workspace"), PVC_E_TYPE, "pl.dump_data's workspace= is for an Acc "
                     "tile; a Vec tile is printed from the UB");
        return 0;
    }
    if (has_ws && (ws->type.kind != PVC_TY_TENSOR || ws->type.dtype != d->type.dtype)) {
        pvc_error_at(t->d, pvc_op_arg_loc(op, "workspace"), PVC_E_TYPE, "debug.dump_tile workspace must be a GM "
                     "tensor of the tile's dtype %s", dt_name(d->type.dtype));
        return 0;
    }
    return 1;
}

void ty_dump(typer *t, pvc_op *op)
{
    const pvc_value *d = pvc_op_arg(op, "data"), *ws = pvc_op_arg(op, "workspace");
    const pvc_attr *flag = pvc_op_attr(op, "flag");
    if (flag && flag->val->kind != PVC_V_NONE && flag->val->kind != PVC_V_STR) {
        pvc_error_at(t->d, flag->loc, PVC_E_TYPE, "debug.dump_data requires str flag, but got %s",
                     kind_name(flag->val));
        return;
    }
    if (d->type.kind == PVC_TY_TENSOR) {
        if (ws && ws->kind != PVC_V_NONE) {
            pvc_error_at(t->d, pvc_op_arg_loc(op, "workspace"), PVC_E_TYPE, "debug.dump_data: workspace is only "
                         "valid for Tile inputs, not Tensor");
            return;
        }
        if (pvc_dtype_table[d->type.dtype].bits < 8) {
            pvc_error_at(t->d, op->loc, PVC_E_TYPE, "pl.dump_data of a %s tensor: 4-bit elements have no element "
                         "access", dt_name(d->type.dtype));
            return;
        }
        if (d->type.rank > PVC_DUMP_AXES) {
            pvc_error_at(t->d, op->loc, PVC_E_NOT_SUPPORTED, "pl.dump_data of a rank-%d tensor: the device prints "
                         "through a view of %d axes", d->type.rank, PVC_DUMP_AXES);
            return;
        }
        window_ok(t, op, d->type.rank, "tensor");
        return;
    }
    if (d->type.kind != PVC_TY_TILE) {
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "debug.dump_data requires Tensor or Tile input, but got %s",
                     kind_name(d));
        return;
    }
    if (!tile_ok(t, op, d, ws) || !window_ok(t, op, 2, "tile"))
        return;
    if (d->type.mem == PVC_MEM_VEC)
        for (int i = 0; i < 2; i++)
            pvc_op_add_attr(t->m, op, i ? "valid_cols" : "valid_rows", ty_valid_dim(t, d, i, op->loc), op->loc);
}
