/* types_tile.c - the types pass (types.c) in a jit kernel: pl.TileType, pl.make_tile, tile
 * groups and their slots, slices, valid shapes (constants or run-time values), §6. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "passes/types.h"

/* The constant [m, n] of argument `arg` into out (0, 0 = the whole shape, also for
 * [-1, -1], pypto's "dynamic" default); 1 <= m <= rows, 1 <= n <= cols. Returns 0 after
 * an error. A TileType's valid shape is a constant; pl.set_validshape takes run-time values
 * (shape_values). */
static int valid_shape_of(typer *t, const pvc_op *op, const char *arg, const int64_t *shape,
                          int64_t *out)
{
    const pvc_value *v = pvc_op_arg(op, arg);
    int64_t vs[2];
    out[0] = out[1] = 0;
    if (!v || v->kind == PVC_V_NONE)
        return 1;
    if (ty_const_list(t, v, vs, 2) != 2) {
        pvc_error_at(t->d, pvc_op_arg_loc(op, arg), PVC_E_NOT_SUPPORTED,
                     "%s of %s must be two integer constants [rows, cols] (pl.set_validshape "
                     "takes run-time values)", arg, pvc_ops[op->code].name);
        return 0;
    }
    if (vs[0] == -1 && vs[1] == -1)
        return 1;
    if (vs[0] < 1 || vs[0] > shape[0] || vs[1] < 1 || vs[1] > shape[1]) {
        pvc_error_at(t->d, pvc_op_arg_loc(op, arg), PVC_E_TYPE,
                     "%s [%lld, %lld] of %s must lie in the tile shape [%lld, %lld]", arg,
                     (long long)vs[0], (long long)vs[1], pvc_ops[op->code].name,
                     (long long)shape[0], (long long)shape[1]);
        return 0;
    }
    out[0] = vs[0];
    out[1] = vs[1];
    return 1;
}

/* [m, n] of pl.set_validshape: two ints, constants within the tile's shape (a run-time
 * value is checked when it moves data, docs/SEMANTICS.md §6). 0 after an error. */
static int shape_values(typer *t, const pvc_op *op, const int64_t *shape, pvc_value **out)
{
    const pvc_value *v = pvc_op_arg(op, "shape");
    const pvc_op *l = def_of(t, v);
    if (!l || l->code != PVC_OP_LIST || l->noperands != 2) {
        pvc_error_at(t->d, pvc_op_arg_loc(op, "shape"), PVC_E_TYPE,
                     "the shape of pl.set_validshape must be [rows, cols]");
        return 0;
    }
    int ok = 1;
    char text[2][24];
    for (int i = 0; i < 2; i++) {
        pvc_value *x = l->operands[i];
        int64_t k;
        if (x->type.kind != PVC_TY_INT && x->type.kind != PVC_TY_BOOL) {
            pvc_error_at(t->d, op->loc, PVC_E_TYPE, "the shape of pl.set_validshape takes ints, not %s",
                         pvc_type_kind_name(x->type.kind));
            return 0;
        }
        int known = pvc_const_int(x, &k);
        snprintf(text[i], sizeof text[i], known ? "%lld" : "run-time", (long long)(known ? k : 0));
        ok &= !known || (k >= 1 && k <= shape[i]);
        out[i] = x;
    }
    if (!ok)
        pvc_error_at(t->d, pvc_op_arg_loc(op, "shape"), PVC_E_TYPE,
                     "shape [%s, %s] of pl.set_validshape must lie in the tile shape [%lld, %lld]",
                     text[0], text[1], (long long)shape[0], (long long)shape[1]);
    return ok;
}

/* vr, vc = m, n for a tile whose valid shape lives at run time (after the current op). */
void ty_set_valid_vars(typer *t, const pvc_value *tile, pvc_value *const *vals, pvc_span at)
{
    pvc_value **vv = t->vvar[tile->id];
    for (int i = 0; i < 2; i++) {
        if (!vv[i]) {
            const char *name = pvc_arena_printf(t->m->arena, "%s.valid_%s", tile->name ? tile->name : "tile",
                                                i ? "cols" : "rows");
            vv[i] = pvc_var_named(t->m, t->f, name, at);
            vv[i]->type.kind = PVC_TY_INT;
        }
        pvc_op *a = pvc_op_new(t->m, PVC_OP_ASSIGN, at);
        pvc_op_add_operand(t->m, a, vals[i]);
        pvc_op_add_result(t->m, a, vv[i]);
        pvc_block_append(t->m, t->extra, a);
        t->valid[tile->id][i] = vv[i];
    }
}

/* pl.set_validshape(tile, [m, n]): the valid region of later pl.load/pl.store of this tile
 * variable, constants or run-time ints (§6). */
void ty_set_validshape(typer *t, pvc_op *op)
{
    const pvc_value *tile = pvc_op_arg(op, "tile");
    pvc_value *vals[2];
    if (!tile || tile->kind != PVC_V_VAR || tile->type.kind != PVC_TY_TILE || tile->type.rank != 2) {
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "pl.set_validshape needs a tile variable");
        return;
    }
    if (!shape_values(t, op, tile->type.dims, vals))
        return;
    if (t->dyn_valid[tile->id]) {
        ty_set_valid_vars(t, tile, vals, op->loc);
        return;
    }
    t->valid[tile->id][0] = vals[0];
    t->valid[tile->id][1] = vals[1];
}

/* pl.load / pl.store: the tile's valid shape at this point, for the dispatch pass. */
/* Tile's valid extent in dim i (0 rows, 1 cols): what pl.set_validshape gave it, else its
 * TileType's valid_shape, else its shape (docs/SEMANTICS.md §6). */
pvc_value *ty_valid_dim(typer *t, const pvc_value *tile, int i, pvc_span at)
{
    pvc_value *v = tile->kind == PVC_V_VAR ? t->valid[tile->id][i] : NULL;
    if (!v) {
        int64_t k = tile->type.dims[2 + i];
        v = cint(t, k ? k : tile->type.dims[i], at);
        v->type.kind = PVC_TY_INT;
    }
    return v;
}

void ty_gm_move(typer *t, pvc_op *op)
{
    ty_expect(t, op, "tensor", PVC_TY_TENSOR);
    if (!ty_expect(t, op, "tile", PVC_TY_TILE))
        return;
    const pvc_value *tile = pvc_op_arg(op, "tile");
    for (int i = 0; i < 2; i++)
        pvc_op_add_attr(t->m, op, i ? "valid_cols" : "valid_rows", ty_valid_dim(t, tile, i, op->loc), op->loc);
}

/* layout= and pad= of a pl.TileType (resolve checked their namespaces): ND and no pad by
 * default; a tile of one column is DN whatever layout= says (pypto's code generator makes it
 * PTO's ColMajor, docs/SEMANTICS.md §15.1). */
static void tile_layout_of(const pvc_op *op, pvc_type *ty)
{
    const pvc_value *l = pvc_op_arg(op, "layout"), *p = pvc_op_arg(op, "pad");
    ty->mem = PVC_MEM_VEC;
    ty->layout = l && l->kind == PVC_V_ENUM && l->ns == PVC_NS_TensorLayout ? (int)l->i : PVC_TL_ND;
    if (ty->dims[1] == 1)
        ty->layout = PVC_TL_DN;
    ty->pad = p && p->kind == PVC_V_ENUM && p->ns == PVC_NS_TilePad ? (int)p->i : PVC_PAD_NONE;
    ty_cube_tile_of(op, ty); /* target_memory= and the cube spaces' default layouts */
}

void ty_tile_type(typer *t, pvc_op *op)
{
    pvc_type ty = type_of(PVC_TY_TILE_TYPE);
    int64_t dims[2];
    int before = t->d->nerrors;
    ty.dtype = dtype_arg(op, "dtype", PVC_UNKNOWN);
    if (ty.dtype < 0)
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "pl.TileType needs dtype=pl.DT_*");
    pvc_span at = pvc_op_arg_loc(op, "shape");
    /* a dim past 65536 elements cannot fit the 256 KiB UB whatever the dtype (§6) */
    if (ty_const_list(t, pvc_op_arg(op, "shape"), dims, 2) != 2 && ty_cube_scaling_type(op))
        pvc_error_at(t->d, at, PVC_E_CUBE_RULE, "the scale tile must be 2D, [1, N] (a Scaling tile, §17.6.1)");
    else if (ty_const_list(t, pvc_op_arg(op, "shape"), dims, 2) != 2)
        pvc_error_at(t->d, at, PVC_E_STATIC_ADDR,
                     "pl.TileType shape must be two integer constants [rows, cols]");
    else if (dims[0] <= 0 || dims[1] <= 0)
        pvc_error_at(t->d, at, PVC_E_STATIC_ADDR, "pl.TileType shape [%lld, %lld] must be positive",
                     (long long)dims[0], (long long)dims[1]);
    else if (dims[0] > 65536 || dims[1] > 65536)
        pvc_error_at(t->d, at, PVC_E_UB_RANGE, "pl.TileType shape [%lld, %lld] is too large: a tile "
                     "lies in the 256 KiB Unified Buffer, so each dimension is at most 65536",
                     (long long)dims[0], (long long)dims[1]);
    else {
        ty.rank = 2;
        ty.dims[0] = dims[0];
        ty.dims[1] = dims[1];
        valid_shape_of(t, op, "valid_shape", dims, &ty.dims[2]);
        tile_layout_of(op, &ty);
    }
    /* compact= matters to PTO only where it repacks fractals: the ops that read it check it
     * (ty_compact_ok, §17.3.3) */
    int64_t compact = 0;
    const pvc_value *cv = pvc_op_arg(op, "compact");
    if (cv && cv->kind != PVC_V_NONE && (!pvc_const_int(cv, &compact) || compact < 0 || compact > 2))
        pvc_error_at(t->d, pvc_op_arg_loc(op, "compact"), PVC_E_TYPE, "pl.TileType compact= is 0 (none), 1 (Normal) "
                     "or 2 (RowPlusOne), an integer constant (§17.3.3)");
    ty.compact = (int)compact;
    if (t->d->nerrors == before) /* else untyped: its uses say nothing more */
        ty_set_type(t, op->results[0], ty, op->loc);
}

/* A new tile in variable r: its valid shape starts as its type's (dims[2], dims[3]: the
 * TileType's, or a slice's; 0 = the shape, §6). */
static void tile_defined(typer *t, pvc_op *op, pvc_type ty)
{
    int64_t vr = ty.dims[2], vc = ty.dims[3];
    if (!op->nresults)
        return; /* `grp.next()` as a statement: only the rotation counts */
    const pvc_value *res = op->results[0];
    if (res->id < t->f->nvars && t->dyn_tile[res->id] && !ty.dyn) {
        pvc_value *ub = cint(t, ty.ub_addr, op->loc); /* the address this binding writes */
        ub->type.kind = PVC_TY_INT;
        pvc_op_add_attr(t->m, op, "ub", ub, op->loc);
    }
    ty.kind = PVC_TY_TILE;
    ty.depth = 0;
    ty.stride = 0;
    ty_set_type(t, op->results[0], ty, op->loc);
    const pvc_value *r = op->results[0];
    pvc_value *vals[2] = {cint(t, vr ? vr : ty.dims[0], op->loc), cint(t, vc ? vc : ty.dims[1], op->loc)};
    vals[0]->type.kind = vals[1]->type.kind = PVC_TY_INT;
    if (t->dyn_valid[r->id])
        ty_set_valid_vars(t, r, vals, op->loc);
    else if (vr || vc) {
        t->valid[r->id][0] = vals[0];
        t->valid[r->id][1] = vals[1];
    } else {
        t->valid[r->id][0] = t->valid[r->id][1] = NULL; /* the shape */
    }
}

/* pl.make_tile(tt, addr=A, size=S): the tile at UB byte address A. size is the buffer's
 * byte count (PP-D resource docs: given together with addr); pvc accepts it omitted. A size
 * below the tile's rows*cols*lane_bytes is a warning (W031): the docs' own examples reserve
 * only the part they write (the DINTLV example's 512-byte tile with size=256). */
void ty_make_tile(typer *t, pvc_op *op)
{
    if (!ty_expect(t, op, "type", PVC_TY_TILE_TYPE))
        return;
    pvc_type ty = pvc_op_arg(op, "type")->type;
    int64_t addr, size, need = ty.dims[0] * ty.dims[1] * lane_bytes(ty.dtype);
    if (!pvc_const_int(pvc_op_arg(op, "addr"), &addr)) {
        pvc_error_at(t->d, pvc_op_arg(op, "addr") ? pvc_op_arg_loc(op, "addr") : op->loc,
                     PVC_E_STATIC_ADDR, "addr= of pl.make_tile must be a constant UB byte address "
                     "(pvc supports only constant tile addresses)");
        return;
    }
    if (addr < 0) {
        pvc_error_at(t->d, pvc_op_arg_loc(op, "addr"), PVC_E_UB_RANGE,
                     "addr= of pl.make_tile is %lld: a UB byte address is not negative", (long long)addr);
        return;
    }
    const pvc_value *sz = pvc_op_arg(op, "size");
    if (sz && (!pvc_const_int(sz, &size) || size < 0)) {
        pvc_error_at(t->d, pvc_op_arg_loc(op, "size"), PVC_E_STATIC_ADDR,
                     "size= of pl.make_tile must be a constant byte count");
        return;
    }
    if (sz && size < need)
        pvc_warn_at(t->d, pvc_op_arg_loc(op, "size"), "size=%lld of pl.make_tile is less than the "
                    "tile's %lld bytes (rows*cols*element bytes): only the first %lld bytes are "
                    "reserved for it [%s]", (long long)size, (long long)need, (long long)size,
                    pvc_warn_code(PVC_W_TILE_SIZE));
    if (!ty_cube_make_tile(t, op, &ty, addr))
        return;
    ty.ub_addr = addr;
    tile_defined(t, op, ty);
}

void ty_tile_group(typer *t, pvc_op *op)
{
    if (!ty_expect(t, op, "type", PVC_TY_TILE_TYPE))
        return;
    pvc_type ty = pvc_op_arg(op, "type")->type;
    ty.kind = PVC_TY_TILE_GROUP;
    int64_t addrs[64], depth = 1; /* a list literal has at most 64 elements (E011) */
    int na = ty_const_list(t, pvc_op_arg(op, "addrs"), addrs, 64);
    if (na < 0 && pvc_const_int(pvc_op_arg(op, "addrs"), &addrs[0]))
        na = 0; /* one base address: slots follow each other */
    if (na < 0) {
        pvc_error_at(t->d, pvc_op_arg_loc(op, "addrs"), PVC_E_STATIC_ADDR,
                     "addrs= must be a constant UB byte address or a list of them (pvc supports only "
                     "constant tile addresses)");
        return;
    }
    for (int i = 0; i < (na ? na : 1); i++)
        if (addrs[i] < 0) {
            pvc_error_at(t->d, pvc_op_arg_loc(op, "addrs"), PVC_E_UB_RANGE,
                         "addrs= holds %lld: a UB byte address is not negative", (long long)addrs[i]);
            return;
        }
    /* one entry per slot: a mutex id, or a list of them for a slot several pipes share */
    const pvc_op *ids = def_of(t, pvc_op_arg(op, "mutex_ids"));
    int n = ids && ids->code == PVC_OP_LIST ? ids->noperands : -1;
    if (pvc_op_arg(op, "depth") && !pvc_const_int(pvc_op_arg(op, "depth"), &depth))
        depth = 0;
    else if (!pvc_op_arg(op, "depth") && n >= 1)
        depth = n;
    else if (!pvc_op_arg(op, "depth") && na >= 1)
        depth = na;
    /* Any depth pypto_pro takes (a positive integer, §6): the check pass reports a group
     * whose slots leave the usable UB. Past one slot per usable byte none can fit, and the
     * slot arithmetic stays far from overflow. */
    if (depth < 1) {
        pvc_error_at(t->d, op->loc, PVC_E_STATIC_ADDR,
                     "tile group depth must be a positive constant (depth= or len(mutex_ids))");
        return;
    }
    if (depth > (int64_t)PVC_UB_USABLE) {
        pvc_error_at(t->d, op->loc, PVC_E_UB_RANGE,
                     "a tile group of depth %lld cannot fit the usable 248 KiB of the UB (decision 3)",
                     (long long)depth);
        return;
    }
    ty.stride = ty.dims[0] * ty.dims[1] * lane_bytes(ty.dtype);
    if (na >= 1) { /* slot i at addrs[i]: one per slot, evenly spaced (base + i * stride) */
        if (na != depth) {
            pvc_error_at(t->d, pvc_op_arg_loc(op, "addrs"), PVC_E_TYPE, "addrs= lists %d addresses "
                         "for a group of depth %lld", na, (long long)depth);
            return;
        }
        if (na > 1)
            ty.stride = addrs[1] - addrs[0];
        for (int i = 2; i < na; i++)
            if (addrs[i] - addrs[i - 1] != ty.stride) {
                pvc_error_at(t->d, pvc_op_arg_loc(op, "addrs"), PVC_E_NOT_SUPPORTED,
                             "the addresses of a tile group must be evenly spaced (pvc places slot i "
                             "at addrs[0] + i * (addrs[1] - addrs[0]))");
                return;
            }
    }
    ty.ub_addr = addrs[0];
    ty.depth = (int)depth;
    ty.dyn = depth > 1 && t->rotated[op->results[0]->id];
    ty_set_type(t, op->results[0], ty, op->loc);
}

void ty_group_slot(typer *t, pvc_op *op)
{
    const pvc_value *g = op->operands[0];
    if (g->type.kind != PVC_TY_TILE_GROUP || g->type.rank != 2) {
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "%s needs a pl.make_tile_group value",
                     pvc_ops[op->code].name);
        return;
    }
    int depth = g->type.depth, *slot = &t->slot[g->id];
    if (op->code == PVC_OP_TG_SLOT) {
        int64_t i;
        const pvc_value *ix = op->operands[1];
        if (!pvc_const_int(ix, &i) && (ix->type.kind == PVC_TY_INT || ix->type.kind == PVC_TY_BOOL) &&
            t->f->kind == PVC_FN_JIT) { /* a run-time slot: its address at run time (tg.index, §6) */
            pvc_type ty = g->type;
            ty.ub_addr = PVC_UNKNOWN;
            ty.dyn = 1;
            tile_defined(t, op, ty);
            return;
        }
        if (!pvc_const_int(ix, &i) || i < 0 || i >= depth) {
            pvc_error_at(t->d, op->loc, PVC_E_STATIC_ADDR, "the slot of grp[i] must be an int in 0..%d "
                         "(the group's depth - 1)", depth - 1);
            return;
        }
        pvc_type ty = g->type;
        ty.ub_addr = g->type.ub_addr + i * g->type.stride;
        ty.dyn = 0; /* a fixed slot: static even in a rotated group */
        tile_defined(t, op, ty);
        return;
    }
    if (g->type.dyn) { /* rotated inside a loop: the dispatch pass keeps the slot at run time */
        pvc_type ty = g->type;
        ty.ub_addr = PVC_UNKNOWN;
        tile_defined(t, op, ty);
        return;
    }
    if (op->code == PVC_OP_TG_NEXT)
        *slot = (*slot + 1) % depth;
    else if (op->code == PVC_OP_TG_PREVIOUS)
        *slot = (*slot + depth - 1) % depth;
    pvc_type ty = g->type;
    ty.ub_addr = g->type.ub_addr + *slot * g->type.stride;
    tile_defined(t, op, ty);
}

/* a op b for two ints, computed after the current op (the typer's extra block) */
pvc_value *ty_int_after(typer *t, int code, pvc_value *a, pvc_value *b, pvc_span at)
{
    pvc_op *o = pvc_op_new(t->m, code, at);
    pvc_op_add_operand(t->m, o, a);
    pvc_op_add_operand(t->m, o, b);
    pvc_value *r = pvc_var_temp(t->m, t->f, at);
    r->type.kind = PVC_TY_INT;
    pvc_op_add_result(t->m, o, r);
    pvc_block_append(t->m, t->extra, o);
    return r;
}

/* t[r0:r1, c0:c1] with a run-time bound, as pypto_pro lowers it (block.subview, §6): the
 * view keeps the parent's shape and row pitch from element (r0, c0), an address at run time
 * (tile.view.at), and its valid extent is min(end, parent's valid) - start per dim. */
static void dyn_slice(typer *t, pvc_op *op)
{
    const pvc_value *p = op->operands[0];
    pvc_value *vals[2];
    for (int i = 0; i < 2; i++) {
        pvc_value *lo = op->operands[1 + 2 * i], *hi = op->operands[2 + 2 * i];
        pvc_value *dim = cint(t, p->type.dims[i], op->loc), *end = ty_valid_dim(t, p, i, op->loc);
        if (lo->kind == PVC_V_NONE)
            lo = cint(t, 0, op->loc);
        dim->type.kind = lo->type.kind = PVC_TY_INT;
        if (hi->kind != PVC_V_NONE)
            end = ty_int_after(t, PVC_OP_PY_MIN, end, ty_int_after(t, PVC_OP_PY_MIN, hi, dim, op->loc), op->loc);
        vals[i] = ty_int_after(t, PVC_OP_PY_SUB, end, lo, op->loc);
    }
    pvc_type ty = p->type;
    ty.ub_addr = PVC_UNKNOWN;
    ty.dyn = 1;
    ty.dims[2] = ty.dims[3] = 0;
    ty.depth = ty.stride = 0;
    ty_set_type(t, op->results[0], ty, op->loc);
    const pvc_value *r = op->results[0];
    if (t->dyn_valid[r->id])
        ty_set_valid_vars(t, r, vals, op->loc);
    else {
        t->valid[r->id][0] = vals[0];
        t->valid[r->id][1] = vals[1];
    }
}

/* t[r0:r1, c0:c1]: a view of rows r0..r1-1 and columns c0..c1-1 at the parent's row pitch,
 * so its shape is [r1-r0, parent cols] from element (r0, c0); its valid shape is the slice
 * clipped to the parent's (§6, the subview docs). Constant bounds (None: to the end) make a
 * static view; a run-time one, in a kernel, the view of dyn_slice. */
void ty_slice(typer *t, pvc_op *op)
{
    const pvc_value *p = op->operands[0];
    int64_t b[4];
    if (p->type.kind != PVC_TY_TILE || p->type.rank != 2) {
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "only a tile can be sliced, not a %s",
                     pvc_type_kind_name(p->type.kind));
        return;
    }
    int runtime = 0;
    for (int i = 0; i < 4; i++) {
        const pvc_value *v = op->operands[1 + i];
        runtime |= v->kind != PVC_V_NONE && !pvc_const_int(v, &b[i]) && ty_int_valued(v);
    }
    if (runtime && t->f->kind == PVC_FN_JIT && p->kind == PVC_V_VAR &&
        (p->type.layout == PVC_TL_ND || p->type.dims[1] == 1) && p->type.mem == PVC_MEM_VEC) {
        dyn_slice(t, op);
        return;
    }
    for (int i = 0; i < 4; i++) {
        const pvc_value *v = op->operands[1 + i];
        int64_t lim = p->type.dims[i / 2];
        if (v->kind == PVC_V_NONE)
            b[i] = lim;
        else if (!pvc_const_int(v, &b[i])) {
            pvc_error_at(t->d, op->loc, PVC_E_STATIC_ADDR, "a run-time bound of a tile slice needs a @pl.jit "
                         "kernel's ND Vec tile; here the bounds must be compile-time constants");
            return;
        } else if (b[i] < 0)
            b[i] += lim; /* Python's negative bounds count from the end */
        b[i] = b[i] < 0 ? 0 : b[i] > lim ? lim : b[i];
    }
    if (b[1] <= b[0] || b[3] <= b[2]) {
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "the tile slice [%lld:%lld, %lld:%lld] is empty",
                     (long long)b[0], (long long)b[1], (long long)b[2], (long long)b[3]);
        return;
    }
    pvc_type ty = p->type; /* a run-time tile's view is at run time too (tile.view) */
    if (ty.ub_addr >= 0)
        ty.ub_addr += (b[0] * ty.dims[1] + b[2]) * lane_bytes(ty.dtype);
    ty.dims[0] = b[1] - b[0];
    int64_t pv[2] = {p->type.dims[0], p->type.dims[1]};
    for (int i = 0; i < 2; i++) { /* clipped to the parent's valid shape when it is static */
        const pvc_value *v = p->kind == PVC_V_VAR && t->f->kind == PVC_FN_JIT ? t->valid[p->id][i] : NULL;
        int64_t k;
        if (v && pvc_const_int(v, &k))
            pv[i] = k;
        else if (!v && p->type.dims[2 + i])
            pv[i] = p->type.dims[2 + i];
    }
    int64_t vr = pv[0] - b[0], vc = pv[1] - b[2];
    vr = vr > b[1] - b[0] ? b[1] - b[0] : vr;
    vc = vc > b[3] - b[2] ? b[3] - b[2] : vc;
    ty.dims[2] = vr < 1 ? 1 : vr;
    ty.dims[3] = vc < 1 ? 1 : vc;
    if (vr < 1 || vc < 1)
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "the tile slice lies outside the tile's valid shape");
    tile_defined(t, op, ty);
}

/* A tile-level op (docs/SEMANTICS.md §15): its recipe's checks (passes/tileop.c), then the
 * valid shape of every tile argument at this point, recorded as attributes "<param>.vr" and
 * "<param>.vc" for the dispatch pass, which passes them beside each tile. */
void ty_tile_op(typer *t, pvc_op *op)
{
    if (t->f->kind != PVC_FN_JIT) {
        pvc_error_at(t->d, op->loc, PVC_E_UNSUPPORTED, "%s is a tile-level op of a @pl.jit kernel; "
                     "a vector function computes with vf.* ops (§15)", pvc_ops[op->code].name);
        return;
    }
    const pvc_tile_recipe *r = pvc_tileop_recipe(op);
    if (!r) {
        pvc_tileop_mismatch(t->d, op);
        return;
    }
    if (!pvc_tileop_check(t->d, op, r))
        return;
    pvc_value *vals[8][2] = {{NULL, NULL}};
    size_t len;
    int k = 0;
    for (const char *p = pvc_ops[op->code].pos; (p = pvc_param_next(p, &len)) && k < 8; p += len, k++) {
        char name[32], vr[40], vc[40];
        snprintf(name, sizeof name, "%.*s", (int)len, p);
        const pvc_value *v = pvc_op_arg(op, name);
        if (!v || v->type.kind != PVC_TY_TILE)
            continue;
        pvc_tileop_valid_keys(op, k, vr, vc, sizeof vr);
        vals[k][0] = ty_valid_dim(t, v, 0, op->loc);
        vals[k][1] = ty_valid_dim(t, v, 1, op->loc);
        pvc_op_add_attr(t->m, op, pvc_arena_strndup(t->m->arena, vr, strlen(vr)), vals[k][0], op->loc);
        pvc_op_add_attr(t->m, op, pvc_arena_strndup(t->m->arena, vc, strlen(vc)), vals[k][1], op->loc);
    }
    pvc_tileop_valid_traps(t->d, op, r, vals);
}
