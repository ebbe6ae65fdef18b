/* types.c - the types pass: every value gets its type.
 *
 * jit kernels: pl.TileType gives dtype, static shape and valid shape; pl.make_tile a tile at
 * a constant UB address; pl.make_tile_group a UB base address, a slot stride and a depth;
 * .current()/.next()/.previous() and grp[i] a tile at a static address (slot i at
 * addrs + i*stride, or addrs[i] of an evenly spaced list; depth = len(mutex_ids) or depth=,
 * §6). A group rotated inside a loop or an if is the one run-time case: its tiles are
 * `ub=run-time` (the dispatch pass keeps the slot). t[r0:r1, c0:c1] is a view at the
 * parent's row pitch. Valid shapes (constants or run-time values) are tracked per tile
 * variable in program order and recorded on each pl.load / pl.store; a tile whose
 * pl.set_validshape stands in another block than its definition (a branch, a loop) keeps
 * its valid shape in two int variables at run time instead.
 *
 * vector functions are typed per call: each jit `call` whose argument types (tiles with
 * their address, scalars) have not been seen for that callee gets a clone of the function
 * named <name>.<k>, its parameters typed from the arguments, its body typed, and the call
 * points at it. The untyped originals are dropped. Inside a VF: registers carry their
 * dtype (dtype= reinterprets, §2.1), masks their granularity as PP-BE picks it (§5.1;
 * compare results the compared width, flagged as compare masks, §4.3), `tile + k` is a
 * tile view at +k elements (§1.5), and a name first bound by create_mask stays a mask, so a
 * later load_align into it takes the mask path (§2.5).
 *
 * Files (types.h is what they share): this one holds the typer's state, the ops of both
 * kinds of function and the walk; types_tile.c the tiles of a jit kernel (types, groups,
 * slices, valid shapes, §6); types_clone.c the specialisation of vector functions per call;
 * types_vf.c the vf ops, the GENERIC ones by their ops.h rows.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "passes/types.h"

/* The control region a block of op belongs to: its own, except a section body. */
static const pvc_block *region_of(const pvc_op *op, const pvc_block *blk, const pvc_block *region)
{
    return op->code == PVC_OP_PL_SECTION_VECTOR || op->code == PVC_OP_PL_SECTION_CUBE ? region : blk;
}

static void note_defs(typer *t, const pvc_block *b, const pvc_block *region)
{
    for (int i = 0; i < b->nops; i++) {
        pvc_block *blocks[3];
        for (int k = 0; k < b->ops[i]->nresults; k++) {
            int id = b->ops[i]->results[k]->id;
            if (t->def[id] && t->def_block[id] != region)
                t->def_block[id] = NULL; /* defined in several regions */
            else if (!t->def[id])
                t->def_block[id] = region;
            t->def[id] = b->ops[i];
            t->ndefs[id]++;
        }
        for (int k = 0, n = pvc_op_blocks(b->ops[i], blocks); k < n; k++)
            note_defs(t, blocks[k], region_of(b->ops[i], blocks[k], region));
    }
}

/* Groups whose slot moves inside a loop or a branch: their slot is kept at run time (§6).
 * Tiles whose pl.set_validshape is in another block than their one definition (or that
 * copy such a tile): their valid shape is kept at run time. */
static void note_dynamic(typer *t, const pvc_block *b, const pvc_block *region, int ctrl)
{
    for (int i = 0; i < b->nops; i++) {
        const pvc_op *op = b->ops[i];
        pvc_block *blocks[3];
        const pvc_value *v = op->noperands ? op->operands[0] : NULL;
        if ((op->code == PVC_OP_TG_NEXT || op->code == PVC_OP_TG_PREVIOUS) && ctrl && v->kind == PVC_V_VAR)
            t->rotated[v->id] = 1;
        if (op->code == PVC_OP_PL_SET_VALIDSHAPE && v && v->kind == PVC_V_VAR && t->def_block[v->id] != region)
            t->dyn_valid[v->id] = 1;
        if (op->code == PVC_OP_ASSIGN && v->kind == PVC_V_VAR && t->dyn_valid[v->id])
            t->dyn_valid[op->results[0]->id] = 1;
        for (int k = 0, n = pvc_op_blocks(op, blocks); k < n; k++)
            note_dynamic(t, blocks[k], region_of(op, blocks[k], region),
                         ctrl + (op->code == PVC_OP_PL_RANGE || op->code == PVC_OP_IF || op->code == PVC_OP_WHILE));
    }
}

static int makes_tile(const pvc_op *op)
{
    switch (op->code) {
    case PVC_OP_PL_MAKE_TILE: case PVC_OP_TG_SLOT: case PVC_OP_TG_CURRENT: case PVC_OP_TG_NEXT:
    case PVC_OP_TG_PREVIOUS: case PVC_OP_TILE_SLICE:
        return 1;
    default:
        return 0;
    }
}

/* Marks the variables a tile flows into (a tile op's result, an assign from one) in b. */
static int flow_tiles(typer *t, const pvc_block *b)
{
    int changed = 0;
    for (int i = 0; i < b->nops; i++) {
        const pvc_op *op = b->ops[i];
        pvc_block *blocks[3];
        if (op->nresults && !t->dyn_tile[op->results[0]->id] &&
            (makes_tile(op) || (op->code == PVC_OP_ASSIGN && op->operands[0]->kind == PVC_V_VAR &&
                                t->dyn_tile[op->operands[0]->id] >= 2)))
            t->dyn_tile[op->results[0]->id] = 2, changed = 1;
        for (int k = 0, n = pvc_op_blocks(op, blocks); k < n; k++)
            changed |= flow_tiles(t, blocks[k]);
    }
    return changed;
}

/* A kernel's tile name bound more than once (x = a if c else b, a rebinding in a branch or
 * in straight line) holds its tile's UB address at run time, as a rotated group's slot does
 * (§6): every binding then writes the address into it. dyn_tile: 2 = a tile flows into the
 * variable, 1 = and it is bound more than once. */
static void note_tiles(typer *t, pvc_func *f)
{
    if (f->kind != PVC_FN_JIT)
        return;
    for (int round = 0; round < f->nvars + 1 && flow_tiles(t, &f->body); round++)
        ;
    for (int i = 0; i < f->nvars; i++)
        t->dyn_tile[i] = t->dyn_tile[i] == 2 && t->ndefs[i] > 1;
}

static void begin_func(typer *t, pvc_func *f)
{
    t->f = f;
    t->def = pvc_arena_alloc(t->m->arena, ((size_t)f->nvars + 1) * sizeof *t->def);
    t->slot = pvc_arena_alloc(t->m->arena, ((size_t)f->nvars + 1) * sizeof *t->slot);
    t->valid = pvc_arena_alloc(t->m->arena, ((size_t)f->nvars + 1) * sizeof *t->valid);
    t->def_block = pvc_arena_alloc(t->m->arena, ((size_t)f->nvars + 1) * sizeof *t->def_block);
    t->dyn_valid = pvc_arena_alloc(t->m->arena, (size_t)f->nvars + 1);
    t->vvar = pvc_arena_alloc(t->m->arena, ((size_t)f->nvars + 1) * sizeof *t->vvar);
    t->loops = 0;
    t->rotated = pvc_arena_alloc(t->m->arena, (size_t)f->nvars + 1);
    t->dyn_tile = pvc_arena_alloc(t->m->arena, (size_t)f->nvars + 1);
    t->ndefs = pvc_arena_alloc(t->m->arena, ((size_t)f->nvars + 1) * sizeof *t->ndefs);
    t->bad = pvc_arena_alloc(t->m->arena, (size_t)f->nvars + 1);
    note_defs(t, &f->body, &f->body);
    note_tiles(t, f);
    for (int i = 0; i < f->nparams; i++)
        t->def_block[f->params[i]->id] = &f->body;
    note_dynamic(t, &f->body, &f->body, 0);
    t->sections = f->kind == PVC_FN_JIT ? pvc_func_sections(f) : 0;
    t->section = 0;
}

/* Gives v the type ty unless it already has a different concrete one (one variable per
 * Python name: its first binding decides, docs/SEMANTICS.md §2.5). */
void ty_set_type(typer *t, pvc_value *v, pvc_type ty, pvc_span at)
{
    pvc_type *cur = &v->type;
    if (ty.kind == PVC_TY_TILE && v->kind == PVC_V_VAR && v->id < t->f->nvars && t->dyn_tile[v->id]) {
        ty.ub_addr = PVC_UNKNOWN; /* bound to several tiles: the address at run time (§6) */
        ty.dyn = 1;
        int known = cur->kind == PVC_TY_TILE && cur->dtype >= 0;
        if (known && (cur->dtype != ty.dtype || cur->dims[0] != ty.dims[0] || cur->dims[1] != ty.dims[1]))
            pvc_error_at(t->d, at, PVC_E_TYPE, "'%s' names tiles of two shapes or dtypes; pvc keeps "
                         "one per name (use another name)", v->name ? v->name : "(temporary)");
        if (known)
            return;
    }
    if (cur->kind == PVC_TY_ANY || (cur->kind == ty.kind && cur->dtype < 0 && cur->gran == 0)) {
        *cur = ty;
        return;
    }
    if ((cur->kind == PVC_TY_FLOAT) != (ty.kind == PVC_TY_FLOAT) && is_scalar(cur->kind) &&
        is_scalar(ty.kind) && cur->kind != PVC_TY_NONE && ty.kind != PVC_TY_NONE)
        pvc_error_at(t->d, at, PVC_E_TYPE, "'%s' holds a %s here but first held %s %s; pvc keeps "
                     "one scalar type per name (use another name)",
                     v->name ? v->name : "(temporary)", pvc_type_kind_name(ty.kind),
                     cur->kind == PVC_TY_INT ? "an" : "a", pvc_type_kind_name(cur->kind));
    else if (cur->kind != ty.kind && !(is_scalar(cur->kind) && is_scalar(ty.kind)))
        pvc_error_at(t->d, at, PVC_E_TYPE, "'%s' is a %s here but was first bound to a %s; use "
                     "another name", v->name ? v->name : "(temporary)", pvc_type_kind_name(ty.kind),
                     pvc_type_kind_name(cur->kind));
    else if (cur->kind == PVC_TY_REG && ty.kind == PVC_TY_REG && cur->dtype != ty.dtype && ty.dtype >= 0)
        /* one register per name for the whole VF, declared at its first binding (§9.3) */
        pvc_warn_at(t->d, at, "register '%s' was first set as %s: this %s result is written into it "
                    "and it stays %s (§9.3, §12 T23) [%s]", v->name ? v->name : "(temporary)",
                    dt_name(cur->dtype), dt_name(ty.dtype), dt_name(cur->dtype),
                    pvc_warn_code(PVC_W_REASSIGN));
    else if (cur->kind == PVC_TY_TILE && ty.kind == PVC_TY_TILE && cur->ub_addr != ty.ub_addr)
        pvc_error_at(t->d, at, PVC_E_STATIC_ADDR,
                     "'%s' names tiles at two UB addresses; pvc needs one static address per name",
                     v->name ? v->name : "(temporary)");
}

/* The constant ints of a list value (defined by a `list` op) into out (NULL: only count
 * them); -1 if it is not one. */
int ty_const_list(const typer *t, const pvc_value *v, int64_t *out, int max)
{
    const pvc_op *l = def_of(t, v);
    int64_t x;
    if (!l || l->code != PVC_OP_LIST || l->noperands > max)
        return -1;
    for (int i = 0; i < l->noperands; i++)
        if (!pvc_const_int(l->operands[i], out ? &out[i] : &x))
            return -1;
    return l->noperands;
}

int ty_expect(typer *t, const pvc_op *op, const char *arg, pvc_type_kind k)
{
    const pvc_value *v = pvc_op_arg(op, arg);
    if (v && v->type.kind == k)
        return 1;
    if (v || k != PVC_TY_NONE)
        pvc_error_at(t->d, v && v->kind != PVC_V_VAR ? v->loc : op->loc, PVC_E_TYPE,
                     "'%s' of %s must be a %s%s", arg, pvc_ops[op->code].name,
                     pvc_type_kind_name(k), v ? "" : " (missing)");
    return 0;
}

/* ---- both kinds ---- */
static int is_num(pvc_type_kind k)
{
    return k == PVC_TY_INT || k == PVC_TY_BOOL || k == PVC_TY_FLOAT;
}

/* add/sub/mul/floordiv/mod/neg: ints and floats, or `tile + k` / `tile - k` in a VF. */
static void type_arith(typer *t, pvc_op *op)
{
    const pvc_value *a = op->operands[0], *b = op->noperands > 1 ? op->operands[1] : NULL;
    pvc_type_kind ka = a->type.kind, kb = b ? b->type.kind : PVC_TY_INT;
    const pvc_value *tile = ka == PVC_TY_TILE ? a : (kb == PVC_TY_TILE && op->code == PVC_OP_PY_ADD) ? b : NULL;
    if (tile) {
        const pvc_value *k = tile == a ? b : a;
        if (t->f->kind != PVC_FN_VECTOR || !b || !(op->code == PVC_OP_PY_ADD || (op->code == PVC_OP_PY_SUB && tile == a)) ||
            !(k->type.kind == PVC_TY_INT || k->type.kind == PVC_TY_BOOL)) {
            pvc_error_at(t->d, op->loc, PVC_E_TYPE,
                         "only 'tile + int' and 'tile - int' inside a vector function address a "
                         "tile (§1.5)");
            return;
        }
        pvc_type ty = tile->type;
        int64_t off;
        if (pvc_const_int(k, &off) && ty.ub_addr >= 0)
            ty.ub_addr += (op->code == PVC_OP_PY_SUB ? -off : off) * lane_bytes(ty.dtype);
        else
            ty.ub_addr = PVC_UNKNOWN;
        ty.dyn = 0; /* a view the dispatch pass folds into its base tile's offsets */
        op->results[0]->type = ty; /* each tile expression is its own temporary */
        return;
    }
    if (!is_num(ka) || !is_num(kb)) {
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "%s of %s and %s is not supported",
                     pvc_ops[op->code].name, pvc_type_kind_name(ka), pvc_type_kind_name(kb));
        return;
    }
    ty_set_type(t, op->results[0], type_of(ka == PVC_TY_FLOAT || kb == PVC_TY_FLOAT ? PVC_TY_FLOAT : PVC_TY_INT),
             op->loc);
}

/* The scalar ops added for Python's syntax beyond + - * // % (ops.h "core"): comparisons,
 * not and bool give bools; / a float; bitwise ops and shifts take ints; min/max follow
 * their operands (a float when one is). */
static void type_scalar_op(typer *t, pvc_op *op)
{
    const pvc_value *a = op->operands[0], *b = op->noperands > 1 ? op->operands[1] : a;
    pvc_type_kind ka = a->type.kind, kb = b->type.kind, r;
    int ints = (ka == PVC_TY_INT || ka == PVC_TY_BOOL) && (kb == PVC_TY_INT || kb == PVC_TY_BOOL);
    switch (op->code) {
    case PVC_OP_PY_NOT: case PVC_OP_PY_BOOL:
        if (!is_num(ka) && ka != PVC_TY_NONE)
            goto bad;
        r = PVC_TY_BOOL;
        break;
    case PVC_OP_PY_EQ: case PVC_OP_PY_NE: case PVC_OP_PY_LT: case PVC_OP_PY_LE: case PVC_OP_PY_GT:
    case PVC_OP_PY_GE:
        if (!is_num(ka) || !is_num(kb))
            goto bad;
        r = PVC_TY_BOOL;
        break;
    case PVC_OP_PY_TRUEDIV:
        if (!is_num(ka) || !is_num(kb))
            goto bad;
        r = PVC_TY_FLOAT;
        break;
    case PVC_OP_PY_MIN: case PVC_OP_PY_MAX:
        if (!is_num(ka) || !is_num(kb))
            goto bad;
        r = ka == PVC_TY_FLOAT || kb == PVC_TY_FLOAT ? PVC_TY_FLOAT : PVC_TY_INT;
        break;
    default: /* & | ^ << >> ~ */
        if (!ints)
            goto bad;
        r = PVC_TY_INT;
    }
    ty_set_type(t, op->results[0], type_of(r), op->loc);
    return;
bad:
    pvc_error_at(t->d, op->loc, PVC_E_TYPE, "%s of %s%s%s is not supported", pvc_ops[op->code].name,
                 pvc_type_kind_name(ka), op->noperands > 1 ? " and " : "",
                 op->noperands > 1 ? pvc_type_kind_name(kb) : "");
}

/* The condition of an if / while: a scalar, tested for Python's truth value. */
static void type_condition(typer *t, const pvc_op *op)
{
    pvc_type_kind k = op->operands[0]->type.kind;
    if (!is_num(k) && k != PVC_TY_NONE)
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "the condition of %s must be a scalar, not a %s",
                     op->code == PVC_OP_IF ? "an if" : "a while", pvc_type_kind_name(k));
}

/* t.shape[i]: i a constant in [-rank, rank) (Python's negative indices). */
static void type_tensor_dim(typer *t, pvc_op *op)
{
    const pvc_value *x = op->operands[0];
    int64_t i;
    if (x->type.kind != PVC_TY_TENSOR)
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, ".shape is read from a tensor parameter, not a %s",
                     pvc_type_kind_name(x->type.kind));
    else if (!pvc_const_int(op->operands[1], &i) || i < -x->type.rank || i >= x->type.rank)
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "the index of %s.shape must be a constant in [%d, %d)",
                     x->name ? x->name : "tensor", -x->type.rank, x->type.rank);
    ty_set_type(t, op->results[0], type_of(PVC_TY_INT), op->loc);
}

/* The `list` op that made v, through the names that copied it, else NULL. */
static const pvc_op *list_def(const typer *t, const pvc_value *v)
{
    for (int hops = 0; v && v->kind == PVC_V_VAR && hops < 16; hops++) {
        const pvc_op *l = def_of(t, v);
        if (!l || l->code != PVC_OP_ASSIGN || l->noperands != 1)
            return l && l->code == PVC_OP_LIST ? l : NULL;
        v = l->operands[0];
    }
    return NULL;
}

/* pl.make_tensor(ptr, shape, stride, dtype=) / pl.addptr / pl.make_ptr (§6): a view of the
 * pointer or tensor operand 0 of rank 1 to 4 (shape -1: pl.addptr's rank-1 rest of the bytes). */
static void type_make_tensor(typer *t, pvc_op *op)
{
    const pvc_value *b = op->operands[0], *dt = op->operands[2], *sh = op->operands[3], *st = op->operands[4];
    const pvc_op *ls = sh->kind == PVC_V_INT ? NULL : list_def(t, sh), *lt = st->kind == PVC_V_NONE ? NULL : list_def(t, st);
    if (b->type.kind != PVC_TY_TENSOR) {
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "pl.make_tensor views a pl.Ptr or a tensor, not a %s",
                     pvc_type_kind_name(b->type.kind));
        return;
    }
    if (dt->kind != PVC_V_DTYPE) {
        pvc_error_at(t->d, pvc_op_arg_loc(op, "dtype"), PVC_E_NOT_CONST, "dtype= of pl.make_tensor must be a pl.DT_* "
                     "constant when the kernel compiles");
        return;
    }
    if (sh->kind != PVC_V_INT && (!ls || ls->noperands < 1 || ls->noperands > 4)) {
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "the shape of pl.make_tensor must be a list of 1 to 4 integers "
                     "(pvc's views have rank 1 to 4)");
        return;
    }
    int rank = ls ? ls->noperands : 1;
    if (st->kind != PVC_V_NONE && (!lt || lt->noperands != rank)) {
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "the stride of pl.make_tensor must be a list of %d integer%s, one "
                     "per dim", rank, rank == 1 ? "" : "s");
        return;
    }
    for (int k = 0; k < 2 * rank + 1; k++) {
        const pvc_value *v = k == 0 ? op->operands[1] : k <= rank ? (ls ? ls->operands[k - 1] : sh)
                                                                  : lt ? lt->operands[k - rank - 1] : NULL;
        if (v && !ty_int_valued(v)) {
            pvc_error_at(t->d, op->loc, PVC_E_TYPE, "the %s of pl.make_tensor / pl.addptr must be integers, not a %s",
                         k == 0 ? "offset" : k <= rank ? "dims" : "strides", pvc_type_kind_name(v->type.kind));
            return;
        }
    }
    pvc_type ty = op->results[0]->type;
    ty.kind = PVC_TY_TENSOR;
    ty.dtype = (int)dt->i;
    ty.rank = rank;
    for (int k = 0; k < PVC_MAX_RANK; k++) {
        int64_t d;
        ty.dims[k] = ls && k < rank && pvc_const_int(ls->operands[k], &d) && d >= 0 ? d : PVC_DIM_DYNAMIC;
    }
    ty.view = 1;
    pvc_type *cur = &op->results[0]->type;
    if (cur->kind == PVC_TY_TENSOR && cur->view && cur->rank && cur->rank != ty.rank)
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "'%s' names views of ranks %d and %d; pvc keeps one rank per name",
                     op->results[0]->name ? op->results[0]->name : "(temporary)", cur->rank, ty.rank);
    else if (cur->kind == PVC_TY_TENSOR && cur->view) /* the front end's guess (front/lower_elem.c) */
        *cur = ty;
    else
        ty_set_type(t, op->results[0], ty, op->loc);
}

/* t.valid_shape[i] (§6): the value the tile's valid extent has here (a constant, or the
 * run-time variable pl.set_validshape writes); the op becomes a copy of it. */
static void type_tile_valid(typer *t, pvc_op *op)
{
    const pvc_value *x = op->operands[0];
    int64_t i;
    if (x->type.kind != PVC_TY_TILE || x->type.rank != 2) {
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, ".valid_shape is read from a tile, not a %s",
                     pvc_type_kind_name(x->type.kind));
        return;
    }
    if (!pvc_const_int(op->operands[1], &i) || i < -2 || i > 1) {
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "the index of .valid_shape must be a constant 0 or 1 (or -2, -1)");
        return;
    }
    pvc_value *v = ty_valid_dim(t, x, (int)(i < 0 ? i + 2 : i), op->loc);
    op->code = PVC_OP_ASSIGN;
    op->noperands = 0;
    pvc_op_add_operand(t->m, op, v);
    ty_set_type(t, op->results[0], type_of(PVC_TY_INT), op->loc);
}

static int float_dtype(int dt)
{
    return dt >= 0 && dt < PVC_DT_COUNT && (pvc_dtype_table[dt].kind == PVC_KIND_F || pvc_dtype_table[dt].kind == PVC_KIND_Q);
}

/* t[r, c] / t[r, c] = v in a kernel (§6): a tile of 8 bits or more, int indices; the element
 * is an int, or a float for a float dtype; the value written an int, bool or float. */
static void type_tile_elem(typer *t, pvc_op *op)
{
    const pvc_value *x = op->operands[0];
    if (x->type.kind == PVC_TY_ANY && x->kind == PVC_V_VAR && x->is_param && t->f->kind == PVC_FN_JIT) {
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "'%s' has no type pvc knows: annotate the kernel parameter "
                     "(pl.Tensor[[dims], pl.DT_*] for a tensor, t[i, j] then reads one element)",
                     x->name ? x->name : "?");
        return;
    }
    if (x->type.kind != PVC_TY_TILE || x->type.dtype < 0) {
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "t[r, c] reads or writes an element of a tile, not of this %s",
                     pvc_type_kind_name(x->type.kind));
        return;
    }
    if (pvc_dtype_table[x->type.dtype].bits < 8) {
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "a %s tile has no element access (two elements share a byte)",
                     dt_name(x->type.dtype));
        return;
    }
    for (int i = 1; i <= 2; i++)
        if (!ty_int_valued(op->operands[i]))
            pvc_error_at(t->d, op->loc, PVC_E_TYPE, "the %s index of t[r, c] must be an int, not a %s",
                         i == 1 ? "row" : "column", pvc_type_kind_name(op->operands[i]->type.kind));
    if (op->code == PVC_OP_TILE_GET) {
        ty_set_type(t, op->results[0], type_of(float_dtype(x->type.dtype) ? PVC_TY_FLOAT : PVC_TY_INT), op->loc);
        return;
    }
    const pvc_value *v = op->operands[3];
    if (!ty_int_valued(v) && v->kind != PVC_V_FLOAT && v->type.kind != PVC_TY_FLOAT)
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "t[r, c] = v takes an int, bool or float, not a %s",
                     pvc_type_kind_name(v->type.kind));
}

/* The dtypes pl.getval / pl.setval take (§6.1): integers and floats of 8 bits or more, not the
 * storage-only formats (4-bit ints and floats, the 8-bit float codes), as the pypto_pro
 * getval/setval pages list them. */
static int elem_dtype(int dt)
{
    return dt >= 0 && dt < PVC_DT_COUNT && pvc_dtype_table[dt].bits >= 8 && pvc_dtype_table[dt].kind != PVC_KIND_Q;
}

/* pl.getval(x, off) / pl.setval(x, off, v), and t[i, j] / t[i, j] = v of a GM tensor, which the
 * lowering linearises into them (§6.1): in a kernel, on a tile or a tensor of an elem_dtype,
 * an int offset; the element an int, or a float for a float dtype; the value written an int,
 * bool or float. */
static void type_getval(typer *t, pvc_op *op)
{
    const char *name = pvc_ops[op->code].name;
    const pvc_value *x = pvc_op_arg(op, "container"), *off = pvc_op_arg(op, "offset");
    int holder = x->type.kind == PVC_TY_TILE || x->type.kind == PVC_TY_TENSOR;
    if (t->f->kind != PVC_FN_JIT) {
        pvc_error_at(t->d, op->loc, PVC_E_UNSUPPORTED, "%s reaches one element in a @pl.jit kernel; a vector "
                     "function moves tile data with vf loads and stores", name);
        return;
    }
    if (!holder || !elem_dtype(x->type.dtype)) {
        if (!holder)
            pvc_error_at(t->d, pvc_op_arg_loc(op, "container"), PVC_E_TYPE, "%s takes a tile or a GM tensor "
                         "(here: %s)", name, pvc_type_kind_name(x->type.kind));
        else
            pvc_error_at(t->d, op->loc, PVC_E_TYPE, "%s of a %s %s: 4-bit and 8-bit float formats are "
                         "storage-only and have no element access", name, dt_name(x->type.dtype),
                         pvc_type_kind_name(x->type.kind));
        return;
    }
    if (!ty_int_valued(off))
        pvc_error_at(t->d, pvc_op_arg_loc(op, "offset"), PVC_E_TYPE, "the offset of %s (and each index of a "
                     "tensor subscript) must be an int (here: %s)", name,
                     off->kind == PVC_V_FLOAT ? "float" : pvc_type_kind_name(off->type.kind));
    if (op->code == PVC_OP_PL_GETVAL) {
        int fl = pvc_dtype_table[x->type.dtype].kind == PVC_KIND_F;
        if (op->nresults)
            ty_set_type(t, op->results[0], type_of(fl ? PVC_TY_FLOAT : PVC_TY_INT), op->loc);
        return;
    }
    const pvc_value *v = pvc_op_arg(op, "value");
    if (!ty_int_valued(v) && v->kind != PVC_V_FLOAT && v->type.kind != PVC_TY_FLOAT)
        pvc_error_at(t->d, pvc_op_arg_loc(op, "value"), PVC_E_TYPE, "%s writes an int, bool or float (here: %s)",
                     name, pvc_type_kind_name(v->type.kind));
}

/* The struct ops the lowering makes (§16.8): a field read is a scalar of the field's dtype
 * (an int64 field an int, an fp32 field a float, a bool field a bool); a write takes an int,
 * bool or float, converted as C++ assigns it; an index is an int. */
static void type_struct(typer *t, pvc_op *op)
{
    int idx = op->code == PVC_OP_STRUCT_SLOT ? 1 : op->code == PVC_OP_STRUCT_LOAD ? -1 : 2;
    if (idx > 0 && !ty_int_valued(op->operands[idx]))
        pvc_error_at(t->d, op->operands[idx]->loc, PVC_E_TYPE, "the index of a struct array field or of a "
                     "pl.struct_array must be an int (here: %s)",
                     op->operands[idx]->kind == PVC_V_FLOAT ? "float" : pvc_type_kind_name(op->operands[idx]->type.kind));
    if (op->code == PVC_OP_STRUCT_GET) {
        int dt = (int)op->operands[4]->i;
        ty_set_type(t, op->results[0], type_of(dt == PVC_DT_FP32 ? PVC_TY_FLOAT : dt == PVC_DT_BOOL ? PVC_TY_BOOL
                                                                                                 : PVC_TY_INT), op->loc);
    } else if (op->code == PVC_OP_STRUCT_SLOT) {
        ty_set_type(t, op->results[0], type_of(PVC_TY_INT), op->loc);
    } else if (op->code == PVC_OP_STRUCT_SET) {
        const pvc_value *v = op->operands[5];
        if (!ty_int_valued(v) && v->kind != PVC_V_FLOAT && v->type.kind != PVC_TY_FLOAT)
            pvc_error_at(t->d, v->loc, PVC_E_TYPE, "a struct field holds an int, a float or a bool, not a %s",
                         pvc_type_kind_name(v->type.kind));
    }
}

/* pl.move(dst, src, offset=None) between two Vec tiles (§6, PP-DO/memory_data_movement/move.md):
 * one element width; src at least dst's shape: extract dst's valid shape at offset; src no
 * larger than dst in either dim, smaller in one, with an offset: insert src's valid shape
 * at offset. The fixpipe keywords belong to Acc -> Vec moves (cube code). */
static void type_move(typer *t, pvc_op *op)
{
    static const char *const fix[] = {"acc_to_vec_mode", "relu_pre_mode", "scale"};
    for (int i = 0; i < 3; i++) {
        const pvc_value *k = pvc_op_arg(op, fix[i]);
        if (k && k->kind != PVC_V_NONE)
            pvc_error_at(t->d, pvc_op_arg_loc(op, fix[i]), PVC_E_NOT_SUPPORTED, "pl.move's %s belongs to a move "
                         "out of an Acc (cube) tile; pvc moves between Vec tiles only", fix[i]);
    }
    if (!ty_expect(t, op, "dst_tile", PVC_TY_TILE) || !ty_expect(t, op, "src_tile", PVC_TY_TILE))
        return;
    const pvc_value *d = pvc_op_arg(op, "dst_tile"), *s = pvc_op_arg(op, "src_tile");
    if (d->type.dtype < 0 || s->type.dtype < 0 ||
        pvc_dtype_table[d->type.dtype].bits != pvc_dtype_table[s->type.dtype].bits ||
        pvc_dtype_table[d->type.dtype].bits < 8) {
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "pl.move copies between tiles of one element width of 8 bits "
                     "or more, not %s and %s", dt_name(d->type.dtype), dt_name(s->type.dtype));
        return;
    }
    if (!ty_compact_ok(t, op, "dst_tile", d->type.layout != PVC_TL_ND)) /* TMov ND -> NZ repacks */
        return;
    const pvc_value *o = pvc_op_arg(op, "offset");
    pvc_value *off[2] = {NULL, NULL};
    if (o && o->kind != PVC_V_NONE) {
        const pvc_op *def = def_of(t, o);
        if (!def || def->code != PVC_OP_LIST || def->noperands != 2 || !ty_int_valued(def->operands[0]) ||
            !ty_int_valued(def->operands[1])) {
            pvc_error_at(t->d, pvc_op_arg_loc(op, "offset"), PVC_E_TYPE, "the offset of pl.move is [row, col], "
                         "two ints");
            return;
        }
        off[0] = def->operands[0], off[1] = def->operands[1];
    }
    int grows = s->type.dims[0] <= d->type.dims[0] && s->type.dims[1] <= d->type.dims[1] &&
                (s->type.dims[0] < d->type.dims[0] || s->type.dims[1] < d->type.dims[1]);
    int insert = off[0] && grows;
    if (!insert && (s->type.dims[0] < d->type.dims[0] || s->type.dims[1] < d->type.dims[1])) {
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "pl.move of a %lldx%lld tile into a %lldx%lld one needs an "
                     "offset (it inserts the smaller source there)", (long long)s->type.dims[0],
                     (long long)s->type.dims[1], (long long)d->type.dims[0], (long long)d->type.dims[1]);
        return;
    }
    const pvc_value *moved = insert ? s : d; /* whose valid shape is the window */
    for (int i = 0; i < 2; i++) {
        pvc_op_add_attr(t->m, op, i ? "valid_cols" : "valid_rows", ty_valid_dim(t, moved, i, op->loc), op->loc);
        pvc_value *z = off[i] ? off[i] : cint(t, 0, op->loc);
        pvc_op_add_attr(t->m, op, i ? "off_col" : "off_row", z, op->loc);
    }
    pvc_value *ins = cint(t, insert, op->loc);
    pvc_op_add_attr(t->m, op, "insert", ins, op->loc);
}

/* pl.printf(format, args...): a string constant whose conversions (%d %i %u %x %f, with
 * flags, width and precision; %% a percent sign) take the arguments in order: %f a float,
 * %p (pl.printf only) a pointer, the others an int or bool. */
static void type_format(typer *t, pvc_op *op, int first)
{
    const char *name = pvc_ops[op->code].name;
    const pvc_value *f = op->operands[first];
    if (f->kind != PVC_V_STR) {
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "the format of %s must be a string constant", name);
        return;
    }
    int arg = first + 1, nargs = op->noperands - first - 1;
    for (int64_t i = 0; i < f->i; i++) {
        if (f->name[i] != '%')
            continue;
        i++;
        while (i < f->i && strchr("-+ #0", f->name[i]))
            i++;
        while (i < f->i && ((f->name[i] >= '0' && f->name[i] <= '9') || f->name[i] == '.'))
            i++;
        char conv = i < f->i ? f->name[i] : '\0';
        if (conv == '%')
            continue;
        int ptr_ok = op->code == PVC_OP_PL_PRINTF; /* %p: pl.printf's lowering only */
        if (!conv || !strchr(ptr_ok ? "diuxfp" : "diuxf", conv)) {
            pvc_error_at(t->d, f->loc, PVC_E_TYPE, "%s takes the conversions %%d %%i %%u %%x %%f%s "
                         "(and %%%%), not '%%%c'", name, ptr_ok ? " %p" : "", conv ? conv : ' ');
            return;
        }
        if (arg >= op->noperands) {
            pvc_error_at(t->d, op->loc, PVC_E_ARGCOUNT, "%s's format has more conversions than "
                         "the %d argument%s given", name, nargs, nargs == 1 ? "" : "s");
            return;
        }
        pvc_type_kind k = op->operands[arg]->type.kind;
        if (conv == 'p' && !(k == PVC_TY_TENSOR && op->operands[arg]->type.ptr)) {
            pvc_error_at(t->d, op->loc, PVC_E_TYPE, "argument %d of %s is a %s%s; '%%p' prints a pointer (a "
                         "pl.Ptr parameter, pl.addptr, pl.make_ptr)", arg - first, name, pvc_type_kind_name(k),
                         k == PVC_TY_TENSOR ? " that is not a pointer" : "");
            return;
        }
        if (conv == 'p') {
            arg++;
            continue;
        }
        if (conv == 'f' ? !is_num(k) : (k != PVC_TY_INT && k != PVC_TY_BOOL)) {
            pvc_error_at(t->d, op->loc, PVC_E_TYPE, "argument %d of %s is a %s, which '%%%c' "
                         "does not print", arg - first, name, pvc_type_kind_name(k), conv);
            return;
        }
        arg++;
    }
    if (arg != op->noperands)
        pvc_error_at(t->d, op->loc, PVC_E_ARGCOUNT, "%s got %d argument%s for the %d conversions "
                     "of its format", name, nargs, nargs == 1 ? "" : "s", arg - first - 1);
}

/* pl.pto_assert(condition, format_str, args...): a bool condition (pypto_pro refuses an int),
 * then an optional format checked as pl.printf's. */
static void type_assert(typer *t, pvc_op *op)
{
    const pvc_value *c = op->operands[0];
    if (c->type.kind != PVC_TY_BOOL && c->kind != PVC_V_BOOL) {
        pvc_error_at(t->d, c->kind == PVC_V_VAR ? op->loc : c->loc, PVC_E_TYPE,
                     "debug.pto_assert requires a scalar bool condition, but got %s",
                     pvc_type_kind_name(c->type.kind));
        return;
    }
    if (op->noperands > 1)
        type_format(t, op, 1);
}

static void type_range(typer *t, pvc_op *op)
{
    for (int i = 0; i < 3; i++) {
        pvc_type_kind k = op->operands[i]->type.kind;
        if (k != PVC_TY_INT && k != PVC_TY_BOOL)
            pvc_error_at(t->d, op->operands[i]->kind == PVC_V_VAR ? op->loc : op->operands[i]->loc,
                         PVC_E_TYPE, "pl.range bounds must be integers, not %s", pvc_type_kind_name(k));
    }
    int64_t step;
    if (pvc_const_int(op->operands[2], &step) && step == 0)
        pvc_error_at(t->d, op->operands[2]->loc, PVC_E_TYPE, "pl.range step must not be zero");
    ty_set_type(t, op->results[0], type_of(PVC_TY_INT), op->loc);
    t->loops++;
    ty_block(t, op->body);
    t->loops--;
}

static void type_control(typer *t, pvc_op *op)
{
    if (op->code == PVC_OP_WHILE) {
        ty_block(t, op->cond);
        type_condition(t, op);
        t->loops++;
        ty_block(t, op->body);
        t->loops--;
        return;
    }
    if (op->code == PVC_OP_IF) {
        type_condition(t, op);
        ty_block(t, op->body);
        ty_block(t, op->orelse);
    }
}

/* with pl.section_cube() / section_vector(): the body is the projection of one kind of core
 * (§17.1); sections do not nest. */
static void type_section(typer *t, pvc_op *op)
{
    if (t->section)
        pvc_error_at(t->d, op->loc, PVC_E_UNSUPPORTED, "%s inside %s: sections do not nest",
                     pvc_ops[op->code].name, pvc_ops[t->section].name);
    int saved = t->section;
    t->section = op->code;
    ty_block(t, op->body);
    t->section = saved;
}

/* ---- walking ---- */
static void type_op(typer *t, pvc_op *op)
{
    const unsigned flags = pvc_ops[op->code].flags;
    switch (op->code) {
    case PVC_OP_ASSIGN: {
        pvc_type ty = op->operands[0]->type;
        const pvc_value *src = op->operands[0], *dst = op->results[0];
        ty_set_type(t, op->results[0], ty, op->loc);
        if (ty.kind == PVC_TY_TILE && src->kind == PVC_V_VAR && t->f->kind == PVC_FN_JIT) { /* same tile */
            pvc_value *vals[2];
            for (int i = 0; i < 2; i++) {
                vals[i] = t->valid[src->id][i];
                if (!vals[i]) {
                    vals[i] = cint(t, ty.dims[i], op->loc);
                    vals[i]->type.kind = PVC_TY_INT;
                }
            }
            if (t->dyn_valid[dst->id])
                ty_set_valid_vars(t, dst, vals, op->loc);
            else
                memcpy(t->valid[dst->id], t->valid[src->id], sizeof t->valid[0]);
        }
        return;
    }
    case PVC_OP_LIST: ty_set_type(t, op->results[0], type_of(PVC_TY_LIST), op->loc); return;
    case PVC_OP_PY_ADD: case PVC_OP_PY_SUB: case PVC_OP_PY_MUL:
    case PVC_OP_PY_FLOORDIV: case PVC_OP_PY_MOD: case PVC_OP_PY_NEG: type_arith(t, op); return;
    case PVC_OP_PY_TRUEDIV: case PVC_OP_PY_BITAND: case PVC_OP_PY_BITOR: case PVC_OP_PY_BITXOR:
    case PVC_OP_PY_LSHIFT: case PVC_OP_PY_RSHIFT: case PVC_OP_PY_INVERT: case PVC_OP_PY_EQ:
    case PVC_OP_PY_NE: case PVC_OP_PY_LT: case PVC_OP_PY_LE: case PVC_OP_PY_GT: case PVC_OP_PY_GE:
    case PVC_OP_PY_NOT: case PVC_OP_PY_BOOL: case PVC_OP_PY_MIN: case PVC_OP_PY_MAX:
        type_scalar_op(t, op);
        return;
    case PVC_OP_IF: case PVC_OP_WHILE: case PVC_OP_BREAK: case PVC_OP_CONTINUE: case PVC_OP_RETURN:
        type_control(t, op);
        return;
    case PVC_OP_PL_GET_BLOCK_IDX: case PVC_OP_PL_GET_BLOCK_NUM: case PVC_OP_PL_GET_SUBBLOCK_IDX:
    case PVC_OP_PL_GET_SUBBLOCK_NUM:
        ty_cube_block_idx(t, op);
        ty_set_type(t, op->results[0], type_of(PVC_TY_INT), op->loc);
        return;
    case PVC_OP_TENSOR_DIM: type_tensor_dim(t, op); return;
    case PVC_OP_PL_MAKE_TENSOR: type_make_tensor(t, op); return;
    case PVC_OP_TILE_VALID: type_tile_valid(t, op); return;
    case PVC_OP_TILE_GET: case PVC_OP_TILE_SET: type_tile_elem(t, op); return;
    case PVC_OP_PL_GETVAL: case PVC_OP_PL_SETVAL: type_getval(t, op); return;
    case PVC_OP_STRUCT_GET: case PVC_OP_STRUCT_SET: case PVC_OP_STRUCT_SLOT: case PVC_OP_STRUCT_LOAD:
        type_struct(t, op);
        return;
    case PVC_OP_PL_MOVE:
        if (!ty_cube_move(t, op))
            type_move(t, op);
        return;
    case PVC_OP_PL_INSERT: ty_insert(t, op); return;
    case PVC_OP_PL_MATMUL: case PVC_OP_PL_MATMUL_ACC: ty_matmul(t, op); return;
    case PVC_OP_PL_MATMUL_MX: case PVC_OP_PL_MATMUL_MX_ACC: ty_matmul(t, op); return;
    case PVC_OP_TILE_SLICE: ty_slice(t, op); return;
    case PVC_OP_PL_PRINTF: type_format(t, op, 0); return;
    case PVC_OP_PL_PTO_ASSERT: type_assert(t, op); return;
    case PVC_OP_PL_DUMP_DATA: ty_dump(t, op); return;
    case PVC_OP_PL_SYNC_ALL: case PVC_OP_PL_BAR_MTE2: case PVC_OP_PL_BAR_MTE3:
        return; /* synchronisation: its arguments are checked (resolve), nothing to type */
    case PVC_OP_PL_SET_CROSS_CORE: case PVC_OP_PL_WAIT_CROSS_CORE: ty_cross(t, op); return;
    case PVC_OP_CALL: ty_specialise(t, op); return;
    case PVC_OP_PL_RANGE: type_range(t, op); return;
    case PVC_OP_PL_SECTION_VECTOR: case PVC_OP_PL_SECTION_CUBE: type_section(t, op); return;
    case PVC_OP_PL_TILE_TYPE: ty_tile_type(t, op); return;
    case PVC_OP_PL_MAKE_TILE_GROUP: ty_tile_group(t, op); return;
    case PVC_OP_PL_MAKE_TILE: ty_make_tile(t, op); return;
    case PVC_OP_TG_SLOT:
    case PVC_OP_TG_CURRENT: case PVC_OP_TG_NEXT: case PVC_OP_TG_PREVIOUS: ty_group_slot(t, op); return;
    case PVC_OP_PL_SET_VALIDSHAPE: ty_set_validshape(t, op); return;
    case PVC_OP_PL_LOAD: case PVC_OP_PL_LOAD_TILE:
    case PVC_OP_PL_STORE: case PVC_OP_PL_STORE_TILE:
        if (!ty_cube_gm(t, op))
            ty_gm_move(t, op);
        return;
    default:
        if (flags & PVC_OPF_TILE) {
            ty_tile_op(t, op);
            return;
        }
        if (flags & PVC_OPF_NOOP)
            return; /* pipe syncs, mask mode: their arguments are constants (resolve) */
        if (flags & PVC_OPF_REFUSED)
            pvc_error_at(t->d, op->loc, PVC_E_NOT_SUPPORTED, "%s: %s", pvc_ops[op->code].name,
                         pvc_ops[op->code].doc);
        else if (flags & PVC_OPF_GENERIC)
            ty_generic(t, op);
        else if (flags & PVC_OPF_VF)
            ty_vf_op(t, op);
        else
            PVC_BUG("the types pass has no rule for '%s'", pvc_ops[op->code].name);
    }
}

enum { VAR_UNSEEN, VAR_BAD, VAR_GOOD };

/* 1 when an operand or keyword argument of op is a variable whose definition failed. */
static int uses_bad(const typer *t, const pvc_op *op)
{
    for (int i = 0; i < op->noperands + op->nattrs; i++) {
        const pvc_value *v = i < op->noperands ? op->operands[i] : op->attrs[i - op->noperands].val;
        if (v->kind == PVC_V_VAR && v->id < t->f->nvars && t->bad[v->id] == VAR_BAD)
            return 1;
    }
    return 0;
}

/* Types op, unless it uses a value whose definition failed: then it is skipped and its
 * results fail too, so a bad tile group is one error, not one more per use. A variable
 * that an earlier op defined cleanly keeps that definition's type and stays usable. */
static void type_op_once(typer *t, pvc_op *op)
{
    pvc_block *blocks[3];
    int before = t->d->nerrors, skip = !pvc_op_blocks(op, blocks) && uses_bad(t, op);
    if (!skip)
        type_op(t, op);
    int failed = skip || t->d->nerrors > before;
    for (int k = 0; k < op->nresults; k++) {
        unsigned char *b = op->results[k]->id < t->f->nvars ? &t->bad[op->results[k]->id] : NULL;
        if (b && (!failed || *b != VAR_GOOD))
            *b = failed ? VAR_BAD : VAR_GOOD;
    }
}

/* Each op typed in order; the assignments of run-time valid shapes go right after the op
 * that makes or reshapes the tile (t->extra). */
void ty_block(typer *t, pvc_block *b)
{
    pvc_block out = {0}, extra = {0}, *saved = t->extra;
    for (int i = 0; i < b->nops; i++) {
        t->extra = &extra;
        type_op_once(t, b->ops[i]);
        pvc_block_append(t->m, &out, b->ops[i]);
        for (int k = 0; k < extra.nops; k++)
            pvc_block_append(t->m, &out, extra.ops[k]);
        extra.nops = 0;
    }
    t->extra = saved;
    *b = out;
}

void ty_vf(typer *t, pvc_func *f)
{
    begin_func(t, f);
    ty_block(t, &f->body);
}

int pvc_pass_types(pvc_module *m, pvc_diag *d)
{
    return pvc_pass_types_hooked(m, d, NULL);
}

int pvc_pass_types_hooked(pvc_module *m, pvc_diag *d, const pvc_clone_hooks *hooks)
{
    int before = d->nerrors;
    typer t = {.m = m, .d = d, .norig = m->nfuncs, .hooks = hooks};
    t.nclones = pvc_arena_alloc(m->arena, ((size_t)m->nfuncs + 1) * sizeof *t.nclones);
    pvc_func **orig = pvc_arena_alloc(m->arena, ((size_t)m->nfuncs + 1) * sizeof *orig);
    if (m->nfuncs)
        memcpy(orig, m->funcs, (size_t)m->nfuncs * sizeof *orig);
    t.by_addr = malloc(((size_t)t.norig + 1) * sizeof *t.by_addr);
    if (!t.by_addr)
        pvc_out_of_memory();
    for (int i = 0; i < t.norig; i++)
        t.by_addr[i] = (struct orig_fn){orig[i], i};
    if (t.norig)
        qsort(t.by_addr, (size_t)t.norig, sizeof *t.by_addr, ty_orig_fn_cmp);
    for (int i = 0; i < t.norig; i++)
        if (orig[i]->kind == PVC_FN_JIT) {
            begin_func(&t, orig[i]);
            ty_block(&t, &orig[i]->body);
        }
    /* Source order, each vector function replaced by its clones <name>.1, <name>.2, ... */
    int n = 0;
    for (int i = 0; i < t.norig; i++) {
        if (orig[i]->kind == PVC_FN_JIT) {
            m->funcs[n++] = orig[i];
            continue;
        }
        if (!t.nclones[i] && d->nerrors == before)
            pvc_warn_at(d, orig[i]->loc, "vector function '%s' is never called by a @pl.jit "
                        "kernel; it is not compiled [%s]", orig[i]->name,
                        pvc_warn_code(PVC_W_VF_UNUSED));
        for (int k = 1; k <= t.nclones[i]; k++) {
            /* by name: a scan was O(functions^2) */
            pvc_func *c = ty_find_clone(m, orig[i], k);
            if (c)
                m->funcs[n++] = c;
        }
        pvc_strmap_put(m->arena, &m->names, orig[i]->name, NULL);
    }
    m->nfuncs = n;
    free(t.by_addr);
    return d->nerrors - before;
}
