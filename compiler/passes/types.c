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
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "passes/passes.h"

unsigned pvc_create_mask_gran(pvc_dtype t)
{
    unsigned bits = pvc_dtype_table[t].bits;
    return bits <= 8 ? 1 : bits == 32 ? 4 : 2;
}

unsigned pvc_update_mask_gran(pvc_dtype t)
{
    unsigned bits = pvc_dtype_table[t].bits;
    if (t == PVC_DT_INT8 || t == PVC_DT_UINT8)
        return 1;
    return bits == 16 ? 2 : 4;
}

struct orig_fn {
    const pvc_func *f;
    int idx; /* in the module's functions */
};

typedef struct {
    pvc_module *m;
    pvc_diag *d;
    pvc_func *f;
    pvc_op **def;      /* per variable of f: its (last) defining op */
    int *slot;         /* per tile_group variable: current slot */
    pvc_value *(*valid)[2]; /* per tile variable: valid rows, cols now (values, §6) */
    const pvc_block **def_block; /* per variable: the control region of its definition (the
                                    function's body or a body of pl.range/if/while; section_vector
                                    is no region); NULL: defined in several */
    unsigned char *dyn_valid; /* per tile variable: its valid shape lives in run-time variables */
    pvc_value *(*vvar)[2];   /* per dyn_valid tile: those variables */
    unsigned char *rotated; /* per tile_group variable: .next()/.previous() in a loop or branch */
    unsigned char *dyn_tile; /* per variable of a kernel: a tile name bound more than once, whose
                                UB address is therefore kept at run time */
    int *ndefs;        /* per variable: the ops that define it */
    unsigned char *bad; /* per variable: VAR_BAD when its definitions so far all reported an
                           error, so its uses report nothing more (one mistake, one error);
                           VAR_GOOD once one succeeded */
    int loops;         /* enclosing pl.range / while loops */
    pvc_block *extra;  /* ops to append after the op being typed (valid-shape variables) */
    int norig;         /* functions before cloning */
    int *nclones;      /* per original function: clones made */
    struct orig_fn *by_addr; /* the original functions sorted by address (orig_index) */
    const pvc_func *calling[16]; /* the vector functions being typed, outermost first */
    int ncalling;
    pvc_stream *stream; /* a streamed compile's (make_clone), else NULL */
} typer;

static int orig_fn_cmp(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)((const struct orig_fn *)a)->f, y = (uintptr_t)((const struct orig_fn *)b)->f;
    return (x > y) - (x < y);
}

/* The index of f among the original functions, or norig: a binary search (a scan per call
 * was O(functions^2), 3% of `pvc compile` at 10,000 vector functions). */
static int orig_index(const typer *t, const pvc_func *f)
{
    struct orig_fn key = {.f = f};
    const struct orig_fn *hit =
        t->norig ? bsearch(&key, t->by_addr, (size_t)t->norig, sizeof *t->by_addr, orig_fn_cmp) : NULL;
    return hit ? hit->idx : t->norig;
}

/* The decimal digits of k >= 0, without printf, at the end of num[16]: their start. */
static const char *digits(char num[16], int k)
{
    char *p = num + 16;
    do
        *--p = (char)('0' + k % 10);
    while (k /= 10);
    return p;
}

/* "<base>.<k>", the name of a vector function's k-th clone (k >= 1). */
static const char *clone_name(pvc_arena *a, const char *base, int k)
{
    char num[16];
    const char *p = digits(num, k);
    return pvc_arena_dotted(a, base, p, (size_t)(num + 16 - p));
}

static const pvc_op *def_of(const typer *t, const pvc_value *v)
{
    return v && v->kind == PVC_V_VAR ? t->def[v->id] : NULL;
}

/* The control region a block of op belongs to: its own, except a section_vector body. */
static const pvc_block *region_of(const pvc_op *op, const pvc_block *blk, const pvc_block *region)
{
    return op->code == PVC_OP_PL_SECTION_VECTOR ? region : blk;
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
}

static int64_t lane_bytes(int dtype)
{
    return dtype >= 0 && dtype < PVC_DT_COUNT ? pvc_dtype_lane_bytes((pvc_dtype)dtype) : 1;
}

static const char *dt_name(int dtype)
{
    return pvc_dtype_pyname(dtype);
}

static int is_scalar(pvc_type_kind k)
{
    return k == PVC_TY_INT || k == PVC_TY_BOOL || k == PVC_TY_FLOAT || k == PVC_TY_NONE;
}

/* Gives v the type ty unless it already has a different concrete one (one variable per
 * Python name: its first binding decides, docs/SEMANTICS.md §2.5). */
static void set_type(typer *t, pvc_value *v, pvc_type ty, pvc_span at)
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

static pvc_type type_of(pvc_type_kind k)
{
    pvc_type ty = {.kind = k, .dtype = PVC_UNKNOWN, .ub_addr = PVC_UNKNOWN};
    return ty;
}

static pvc_type reg_type(int dtype)
{
    pvc_type ty = type_of(PVC_TY_REG);
    ty.dtype = dtype;
    return ty;
}

static int dtype_arg(const pvc_op *op, const char *name, int dflt)
{
    const pvc_value *v = pvc_op_arg(op, name);
    return v && v->kind == PVC_V_DTYPE ? (int)v->i : dflt;
}

/* The constant ints of a list value (defined by a `list` op) into out (NULL: only count
 * them); -1 if it is not one. */
static int const_list(const typer *t, const pvc_value *v, int64_t *out, int max)
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

static int expect(typer *t, const pvc_op *op, const char *arg, pvc_type_kind k)
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

/* ---- jit kernels ---- */
static pvc_value *cint(typer *t, int64_t v, pvc_span at)
{
    pvc_value *c = pvc_const(t->m, PVC_V_INT, at);
    c->i = v;
    return c;
}

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
    if (const_list(t, v, vs, 2) != 2) {
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
static void set_valid_vars(typer *t, const pvc_value *tile, pvc_value *const *vals, pvc_span at)
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
static void type_set_validshape(typer *t, pvc_op *op)
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
        set_valid_vars(t, tile, vals, op->loc);
        return;
    }
    t->valid[tile->id][0] = vals[0];
    t->valid[tile->id][1] = vals[1];
}

/* pl.load / pl.store: the tile's valid shape at this point, for the dispatch pass. */
/* Tile's valid extent in dim i (0 rows, 1 cols): what pl.set_validshape gave it, else its
 * TileType's valid_shape, else its shape (docs/SEMANTICS.md §6). */
static pvc_value *valid_dim(typer *t, const pvc_value *tile, int i, pvc_span at)
{
    pvc_value *v = tile->kind == PVC_V_VAR ? t->valid[tile->id][i] : NULL;
    if (!v) {
        int64_t k = tile->type.dims[2 + i];
        v = cint(t, k ? k : tile->type.dims[i], at);
        v->type.kind = PVC_TY_INT;
    }
    return v;
}

static void type_gm_move(typer *t, pvc_op *op)
{
    expect(t, op, "tensor", PVC_TY_TENSOR);
    if (!expect(t, op, "tile", PVC_TY_TILE))
        return;
    const pvc_value *tile = pvc_op_arg(op, "tile");
    for (int i = 0; i < 2; i++)
        pvc_op_add_attr(t->m, op, i ? "valid_cols" : "valid_rows", valid_dim(t, tile, i, op->loc), op->loc);
}

/* A tile-level op (docs/SEMANTICS.md §15): its recipe's checks (passes/tileop.c), then the
 * valid shape of every tile argument at this point, recorded as attributes "<param>.vr" and
 * "<param>.vc" for the dispatch pass, which passes them beside each tile. */
static void type_tile_op(typer *t, pvc_op *op)
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
        vals[k][0] = valid_dim(t, v, 0, op->loc);
        vals[k][1] = valid_dim(t, v, 1, op->loc);
        pvc_op_add_attr(t->m, op, pvc_arena_strndup(t->m->arena, vr, strlen(vr)), vals[k][0], op->loc);
        pvc_op_add_attr(t->m, op, pvc_arena_strndup(t->m->arena, vc, strlen(vc)), vals[k][1], op->loc);
    }
    pvc_tileop_valid_traps(t->d, op, r, vals);
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
}

static void type_tile_type(typer *t, pvc_op *op)
{
    pvc_type ty = type_of(PVC_TY_TILE_TYPE);
    int64_t dims[2];
    int before = t->d->nerrors;
    ty.dtype = dtype_arg(op, "dtype", PVC_UNKNOWN);
    if (ty.dtype < 0)
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "pl.TileType needs dtype=pl.DT_*");
    pvc_span at = pvc_op_arg_loc(op, "shape");
    /* a dim past 65536 elements cannot fit the 256 KiB UB whatever the dtype (§6) */
    if (const_list(t, pvc_op_arg(op, "shape"), dims, 2) != 2)
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
    if (t->d->nerrors == before) /* else untyped: its uses say nothing more */
        set_type(t, op->results[0], ty, op->loc);
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
    set_type(t, op->results[0], ty, op->loc);
    const pvc_value *r = op->results[0];
    pvc_value *vals[2] = {cint(t, vr ? vr : ty.dims[0], op->loc), cint(t, vc ? vc : ty.dims[1], op->loc)};
    vals[0]->type.kind = vals[1]->type.kind = PVC_TY_INT;
    if (t->dyn_valid[r->id])
        set_valid_vars(t, r, vals, op->loc);
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
static void type_make_tile(typer *t, pvc_op *op)
{
    if (!expect(t, op, "type", PVC_TY_TILE_TYPE))
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
    ty.ub_addr = addr;
    tile_defined(t, op, ty);
}

static void type_tile_group(typer *t, pvc_op *op)
{
    if (!expect(t, op, "type", PVC_TY_TILE_TYPE))
        return;
    pvc_type ty = pvc_op_arg(op, "type")->type;
    ty.kind = PVC_TY_TILE_GROUP;
    int64_t addrs[64], depth = 1; /* a list literal has at most 64 elements (E011) */
    int na = const_list(t, pvc_op_arg(op, "addrs"), addrs, 64);
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
    set_type(t, op->results[0], ty, op->loc);
}

static void type_group_slot(typer *t, pvc_op *op)
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

/* t[r0:r1, c0:c1]: a view of rows r0..r1-1 and columns c0..c1-1 at the parent's row pitch,
 * so its shape is [r1-r0, parent cols] from element (r0, c0); its valid shape is the slice
 * clipped to the parent's (§6, the subview docs). Bounds are constants (None: to the end). */
static void type_slice(typer *t, pvc_op *op)
{
    const pvc_value *p = op->operands[0];
    int64_t b[4];
    if (p->type.kind != PVC_TY_TILE || p->type.rank != 2) {
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "only a tile can be sliced, not a %s",
                     pvc_type_kind_name(p->type.kind));
        return;
    }
    for (int i = 0; i < 4; i++) {
        const pvc_value *v = op->operands[1 + i];
        int64_t lim = p->type.dims[i / 2];
        if (v->kind == PVC_V_NONE)
            b[i] = lim;
        else if (!pvc_const_int(v, &b[i])) {
            pvc_error_at(t->d, op->loc, PVC_E_STATIC_ADDR, "the bounds of a tile slice must be "
                         "compile-time constants (the view's UB address is static)");
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

static void type_block(typer *t, pvc_block *b);
static void type_vf(typer *t, pvc_func *f);

/* The specialisation key of n values: the text of each one's type, ';' after each, whole
 * however many there are, malloc'ed (it is compared, not kept: a key per call in the
 * module's arena was 50 bytes per call of a large kernel). Each type is formatted once
 * when the key fits `whole` (every call of the bench files), else a second time. */
static char *sig_of(pvc_value *const *vals, int n)
{
    char buf[192]; /* a type's text: at most a tensor of rank 4 with 20-digit dims */
    char whole[1024];
    size_t len = 0;
    for (int i = 0; i < n; i++) {
        pvc_type_str(&vals[i]->type, buf, sizeof buf);
        size_t k = strlen(buf);
        if (len + k + 1 <= sizeof whole) {
            memcpy(whole + len, buf, k);
            whole[len + k] = ';';
        }
        len += k + 1;
    }
    char *sig = malloc(len + 1), *w = sig;
    if (!sig)
        pvc_out_of_memory();
    sig[len] = '\0';
    if (len <= sizeof whole) {
        memcpy(sig, whole, len);
        return sig;
    }
    for (int i = 0; i < n; i++) {
        pvc_type_str(&vals[i]->type, buf, sizeof buf);
        size_t k = strlen(buf);
        memcpy(w, buf, k);
        w[k] = ';';
        w += k + 1;
    }
    return sig;
}

/* The k-th clone of f in the module, named in a local buffer when the name fits one. */
static pvc_func *find_clone(pvc_module *m, const pvc_func *f, int k)
{
    char buf[256], num[16];
    const char *p = digits(num, k);
    size_t nb = strlen(f->name), nk = (size_t)(num + 16 - p);
    if (nb + nk + 2 > sizeof buf)
        return pvc_func_find(m, clone_name(m->arena, f->name, k));
    memcpy(buf, f->name, nb);
    buf[nb] = '.';
    memcpy(buf + nb + 1, p, nk);
    buf[nb + nk + 1] = '\0';
    return pvc_func_find(m, buf);
}

/* The clone of f among its first n whose parameters have the types of vals, or NULL. */
static pvc_func *same_clone(pvc_module *m, const pvc_func *f, int n, pvc_value *const *vals, int nvals)
{
    char *want = sig_of(vals, nvals);
    pvc_func *hit = NULL;
    for (int k = 1; k <= n && !hit; k++) {
        pvc_func *c = find_clone(m, f, k);
        char *sig = c ? sig_of(c->params, c->nparams) : NULL;
        if (sig && !strcmp(sig, want))
            hit = c;
        free(sig);
    }
    free(want);
    return hit;
}

static int arg_typable(typer *t, const pvc_op *op, const pvc_value *a, int i)
{
    pvc_type_kind k = a->type.kind;
    if ((k == PVC_TY_TILE && (a->type.ub_addr >= 0 || a->type.dyn)) || k == PVC_TY_INT || k == PVC_TY_FLOAT ||
        k == PVC_TY_BOOL)
        return 1;
    if (k == PVC_TY_TILE) {
        pvc_error_at(t->d, op->loc, PVC_E_STATIC_ADDR, "argument %d of a vector-function call is a "
                     "tile whose UB address is not known at compile time", i + 1);
        return 0;
    }
    pvc_error_at(t->d, a->kind != PVC_V_VAR ? a->loc : op->loc, PVC_E_TYPE,
                 "argument %d of a vector-function call must be a tile or a scalar, not %s", i + 1,
                 pvc_type_kind_name(k));
    return 0;
}

/* The clone `name` of callee for the argument types of call op, typed. In a streamed
 * compile (passes/stream.c) the stream gives the body to clone (a deferred function is
 * lowered only now) and takes the typed clone back, to dispatch, check and emit it and
 * keep only its signature; NULL when it cannot (the compile is then redone whole). */
static pvc_func *make_clone(typer *t, pvc_op *op, pvc_func *callee, const char *name)
{
    const pvc_func *body = t->stream ? pvc_stream_body(t->stream, callee) : callee;
    pvc_func *clone = NULL;
    if (body) {
        clone = t->stream ? pvc_func_clone_detached(t->m, body, name) : pvc_func_clone(t->m, body, name);
        clone->called_at = op->loc;
        for (int p = 0; p < clone->nparams; p++) {
            clone->params[p]->type = op->operands[p]->type;
            clone->params[p]->type.ns = 0;
        }
        typer sub = *t;
        sub.calling[sub.ncalling++] = callee;
        int before = t->d->nerrors;
        type_vf(&sub, clone);
        pvc_note_call(t->d, clone, before);
    }
    return t->stream ? pvc_stream_done(t->stream, clone) : clone;
}

/* Points the call at the clone of its callee for these argument types (made on first use). */
static void specialise(typer *t, pvc_op *op)
{
    const pvc_attr *ca = pvc_op_attr(op, "callee");
    pvc_func *callee = ca ? pvc_func_find(t->m, ca->val->name) : NULL;
    if (!callee)
        return;
    for (int i = 0; i < op->noperands; i++)
        if (!arg_typable(t, op, op->operands[i], i))
            return;
    for (int i = 0; i < op->noperands && i < callee->nparams; i++) {
        pvc_type_kind want = callee->params[i]->type.kind, got = op->operands[i]->type.kind;
        if ((want == PVC_TY_INT || want == PVC_TY_FLOAT || want == PVC_TY_BOOL) && !is_scalar(got)) {
            pvc_error_at(t->d, op->loc, PVC_E_TYPE, "argument %d of %s must be a scalar (the parameter "
                         "is annotated %s), not a %s", i + 1, callee->name, pvc_type_kind_name(want),
                         pvc_type_kind_name(got));
            return;
        }
    }
    for (int i = 0; i < t->ncalling; i++)
        if (t->calling[i] == callee) {
            pvc_error_at(t->d, op->loc, PVC_E_FUNCTION, "recursive call of vector function '%s'",
                         callee->name);
            return;
        }
    if (t->ncalling == (int)(sizeof t->calling / sizeof t->calling[0])) {
        pvc_error_at(t->d, op->loc, PVC_E_LIMIT, "vector functions call each other more than %d deep",
                     t->ncalling);
        return;
    }
    int idx = orig_index(t, callee);
    if (idx == t->norig)
        return;
    pvc_func *clone = same_clone(t->m, callee, t->nclones[idx], op->operands, op->noperands);
    if (!clone)
        clone = make_clone(t, op, callee, clone_name(t->m->arena, callee->name, ++t->nclones[idx]));
    if (!clone)
        return;
    /* A kernel's call names its callee by a constant of its own (lower_expr.c makes one per
     * call, and kernels are never cloned): renamed in place. In a vector function the
     * constant is shared with the function's other clones: a new one. */
    if (t->f->kind == PVC_FN_JIT) {
        ca->val->name = clone->name;
        return;
    }
    pvc_value *fv = pvc_const(t->m, PVC_V_FUNC, ca->loc);
    fv->name = clone->name;
    for (int i = 0; i < op->nattrs; i++)
        if (!strcmp(op->attrs[i].key, "callee"))
            op->attrs[i].val = fv;
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
    set_type(t, op->results[0], type_of(ka == PVC_TY_FLOAT || kb == PVC_TY_FLOAT ? PVC_TY_FLOAT : PVC_TY_INT),
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
    set_type(t, op->results[0], type_of(r), op->loc);
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
    set_type(t, op->results[0], type_of(PVC_TY_INT), op->loc);
}

static int int_valued(const pvc_value *v)
{
    return v->kind == PVC_V_INT || v->kind == PVC_V_BOOL || v->type.kind == PVC_TY_INT || v->type.kind == PVC_TY_BOOL;
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
        if (!int_valued(op->operands[i]))
            pvc_error_at(t->d, op->loc, PVC_E_TYPE, "the %s index of t[r, c] must be an int, not a %s",
                         i == 1 ? "row" : "column", pvc_type_kind_name(op->operands[i]->type.kind));
    if (op->code == PVC_OP_TILE_GET) {
        set_type(t, op->results[0], type_of(float_dtype(x->type.dtype) ? PVC_TY_FLOAT : PVC_TY_INT), op->loc);
        return;
    }
    const pvc_value *v = op->operands[3];
    if (!int_valued(v) && v->kind != PVC_V_FLOAT && v->type.kind != PVC_TY_FLOAT)
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
    if (!int_valued(off))
        pvc_error_at(t->d, pvc_op_arg_loc(op, "offset"), PVC_E_TYPE, "the offset of %s (and each index of a "
                     "tensor subscript) must be an int (here: %s)", name,
                     off->kind == PVC_V_FLOAT ? "float" : pvc_type_kind_name(off->type.kind));
    if (op->code == PVC_OP_PL_GETVAL) {
        int fl = pvc_dtype_table[x->type.dtype].kind == PVC_KIND_F;
        if (op->nresults)
            set_type(t, op->results[0], type_of(fl ? PVC_TY_FLOAT : PVC_TY_INT), op->loc);
        return;
    }
    const pvc_value *v = pvc_op_arg(op, "value");
    if (!int_valued(v) && v->kind != PVC_V_FLOAT && v->type.kind != PVC_TY_FLOAT)
        pvc_error_at(t->d, pvc_op_arg_loc(op, "value"), PVC_E_TYPE, "%s writes an int, bool or float (here: %s)",
                     name, pvc_type_kind_name(v->type.kind));
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
    if (!expect(t, op, "dst_tile", PVC_TY_TILE) || !expect(t, op, "src_tile", PVC_TY_TILE))
        return;
    const pvc_value *d = pvc_op_arg(op, "dst_tile"), *s = pvc_op_arg(op, "src_tile");
    if (d->type.dtype < 0 || s->type.dtype < 0 ||
        pvc_dtype_table[d->type.dtype].bits != pvc_dtype_table[s->type.dtype].bits ||
        pvc_dtype_table[d->type.dtype].bits < 8) {
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "pl.move copies between tiles of one element width of 8 bits "
                     "or more, not %s and %s", dt_name(d->type.dtype), dt_name(s->type.dtype));
        return;
    }
    const pvc_value *o = pvc_op_arg(op, "offset");
    pvc_value *off[2] = {NULL, NULL};
    if (o && o->kind != PVC_V_NONE) {
        const pvc_op *def = def_of(t, o);
        if (!def || def->code != PVC_OP_LIST || def->noperands != 2 || !int_valued(def->operands[0]) ||
            !int_valued(def->operands[1])) {
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
        pvc_op_add_attr(t->m, op, i ? "valid_cols" : "valid_rows", valid_dim(t, moved, i, op->loc), op->loc);
        pvc_value *z = off[i] ? off[i] : cint(t, 0, op->loc);
        pvc_op_add_attr(t->m, op, i ? "off_col" : "off_row", z, op->loc);
    }
    pvc_value *ins = cint(t, insert, op->loc);
    pvc_op_add_attr(t->m, op, "insert", ins, op->loc);
}

/* pl.printf(format, args...): a string constant whose conversions (%d %i %u %x %f, with
 * flags, width and precision; %% a percent sign) take the arguments in order: %f a float,
 * the others an int or bool. */
static void type_printf(typer *t, pvc_op *op)
{
    const pvc_value *f = op->operands[0];
    if (f->kind != PVC_V_STR) {
        pvc_error_at(t->d, op->loc, PVC_E_TYPE, "the format of pl.printf must be a string constant");
        return;
    }
    int arg = 1;
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
        if (!conv || !strchr("diuxf", conv)) {
            pvc_error_at(t->d, f->loc, PVC_E_TYPE, "pl.printf takes the conversions %%d %%i %%u %%x %%f "
                         "(and %%%%), not '%%%c'", conv ? conv : ' ');
            return;
        }
        if (arg >= op->noperands) {
            pvc_error_at(t->d, op->loc, PVC_E_ARGCOUNT, "pl.printf's format has more conversions than "
                         "the %d argument%s given", op->noperands - 1, op->noperands == 2 ? "" : "s");
            return;
        }
        pvc_type_kind k = op->operands[arg]->type.kind;
        if (conv == 'f' ? !is_num(k) : (k != PVC_TY_INT && k != PVC_TY_BOOL)) {
            pvc_error_at(t->d, op->loc, PVC_E_TYPE, "argument %d of pl.printf is a %s, which '%%%c' "
                         "does not print", arg, pvc_type_kind_name(k), conv);
            return;
        }
        arg++;
    }
    if (arg != op->noperands)
        pvc_error_at(t->d, op->loc, PVC_E_ARGCOUNT, "pl.printf got %d argument%s for the %d conversions "
                     "of its format", op->noperands - 1, op->noperands == 2 ? "" : "s", arg - 1);
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
    set_type(t, op->results[0], type_of(PVC_TY_INT), op->loc);
    t->loops++;
    type_block(t, op->body);
    t->loops--;
}

static void type_control(typer *t, pvc_op *op)
{
    if (op->code == PVC_OP_WHILE) {
        type_block(t, op->cond);
        type_condition(t, op);
        t->loops++;
        type_block(t, op->body);
        t->loops--;
        return;
    }
    if (op->code == PVC_OP_IF) {
        type_condition(t, op);
        type_block(t, op->body);
        type_block(t, op->orelse);
    }
}

/* ---- vector functions ---- */
static int reg_dtype_of(typer *t, const pvc_op *op, const char *arg)
{
    const pvc_value *v = pvc_op_arg(op, arg);
    if (v && v->type.kind == PVC_TY_REG && v->type.dtype >= 0)
        return v->type.dtype;
    expect(t, op, arg, PVC_TY_REG);
    return PVC_UNKNOWN;
}

static void type_load_align(typer *t, pvc_op *op)
{
    if (!expect(t, op, "tile", PVC_TY_TILE))
        return;
    int dt = dtype_arg(op, "dtype", pvc_op_arg(op, "tile")->type.dtype);
    pvc_value *r0 = op->results[0];
    if (op->nresults == 1 && r0->type.kind == PVC_TY_MASK)
        return; /* the name was bound to a mask first: mask destination (§2.5) */
    for (int i = 0; i < op->nresults; i++)
        set_type(t, op->results[i], reg_type(dt), op->loc);
}

/* A mask result: generated at gran_bytes, declared with dtype (its IR dtype, §4.3, §9.3). */
static void type_mask(typer *t, pvc_value *r, unsigned gran_bytes, int dtype, pvc_span at)
{
    pvc_type ty = type_of(PVC_TY_MASK);
    ty.gran = (int)gran_bytes * 8;
    ty.dtype = dtype;
    set_type(t, r, ty, at);
}

/* ---- generic vf ops: typed by their ops.h rows (generic.c picks the row and dtype) ---- */
/* The granularity in bits of a GENERIC op's mask result (ops.h PVC_MF_MASK_*): that of the
 * row's first mask operand, else of the op dtype (a compare's mask, §5.2). */
static int result_gran(const pvc_op *op, const pvc_mop *m, int dt)
{
    if (m->flags & PVC_MF_MASK_ALLBITS)
        return 8; /* every bit of an element set: valid at any width (§10.14, T19) */
    int g = (int)lane_bytes(dt) * 8;
    for (int i = 0; i < m->nopnd; i++) {
        const pvc_value *v = pvc_op_arg(op, m->opnd[i].name);
        if (m->opnd[i].kind == PVC_OK_MASK && v && v->type.gran > 0) {
            g = v->type.gran;
            break;
        }
    }
    if (m->flags & PVC_MF_MASK_HALF)
        g = g > 8 ? g / 2 : 8;
    if (m->flags & PVC_MF_MASK_DOUBLE)
        g = g < 64 ? g * 2 : 64;
    return g;
}

static void type_generic_results(typer *t, pvc_op *op, const pvc_mop *m, int dt)
{
    for (int i = 0; i < m->nres && i < op->nresults; i++) {
        pvc_value *r = op->results[i];
        switch (m->res[i].kind) {
        case PVC_OK_MASK:
            if ((m->flags & PVC_MF_DECLARED) && r->type.kind == PVC_TY_MASK)
                break; /* the declared carry mask keeps its type (§10.3) */
            type_mask(t, r, (unsigned)result_gran(op, m, dt) / 8, dt, op->loc);
            break;
        case PVC_OK_INT: set_type(t, r, type_of(PVC_TY_INT), op->loc); break;
        default: set_type(t, r, reg_type(dt), op->loc); break;
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
static void type_generic(typer *t, pvc_op *op)
{
    const char *name = pvc_ops[op->code].name;
    int code = pvc_generic_variant(op);
    if (code < 0) { /* dispatch reports it with the other lowering errors; keep uses quiet */
        int dt = dtype_arg(op, "dtype", PVC_UNKNOWN);
        for (int i = 0; i < op->nresults; i++)
            set_type(t, op->results[i], pvc_ops[op->code].result == PVC_TY_MASK ? type_of(PVC_TY_MASK) : reg_type(dt),
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

static void type_vf_op(typer *t, pvc_op *op)
{
    switch (op->code) {
    case PVC_OP_VF_LOAD_ALIGN: type_load_align(t, op); break;
    case PVC_OP_VF_STORE_ALIGN:
    case PVC_OP_VF_STORE_UNALIGN:
        if (pvc_op_arg(op, "src") && pvc_op_arg(op, "src")->type.kind == PVC_TY_MASK)
            pvc_mask_store_traps(t->d, op, pvc_op_arg(op, "src"), t->def);
        /* fall through */
    case PVC_OP_VF_STORE_UNALIGN_POST: expect(t, op, "tile", PVC_TY_TILE); break;
    case PVC_OP_VF_LOAD_UNALIGN_PRE: expect(t, op, "tile", PVC_TY_TILE); break;
    case PVC_OP_VF_STORE: expect(t, op, "dst_ptr", PVC_TY_TILE); break;
    case PVC_OP_VF_LOAD: /* the tile's dtype, as load_unalign (§10.16) */
        if (expect(t, op, "src_ptr", PVC_TY_TILE))
            set_type(t, op->results[0], reg_type(pvc_op_arg(op, "src_ptr")->type.dtype), op->loc);
        break;
    case PVC_OP_VF_LOAD_UNALIGN:
        if (expect(t, op, "tile", PVC_TY_TILE))
            set_type(t, op->results[0], reg_type(pvc_op_arg(op, "tile")->type.dtype), op->loc);
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
            set_type(t, op->results[0], reg_type(dt), op->loc);
        break;
    }
    case PVC_OP_VF_CREATE_ADDR_REG: {
        pvc_type ty = type_of(PVC_TY_ADDR_REG);
        ty.dtype = dtype_arg(op, "dtype", PVC_DT_FP32);
        set_type(t, op->results[0], ty, op->loc);
        break;
    }
    default: break;
    }
}

static void type_op(typer *t, pvc_op *op)
{
    const unsigned flags = pvc_ops[op->code].flags;
    switch (op->code) {
    case PVC_OP_ASSIGN: {
        pvc_type ty = op->operands[0]->type;
        const pvc_value *src = op->operands[0], *dst = op->results[0];
        set_type(t, op->results[0], ty, op->loc);
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
                set_valid_vars(t, dst, vals, op->loc);
            else
                memcpy(t->valid[dst->id], t->valid[src->id], sizeof t->valid[0]);
        }
        return;
    }
    case PVC_OP_LIST: set_type(t, op->results[0], type_of(PVC_TY_LIST), op->loc); return;
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
        set_type(t, op->results[0], type_of(PVC_TY_INT), op->loc);
        return;
    case PVC_OP_TENSOR_DIM: type_tensor_dim(t, op); return;
    case PVC_OP_TILE_GET: case PVC_OP_TILE_SET: type_tile_elem(t, op); return;
    case PVC_OP_PL_GETVAL: case PVC_OP_PL_SETVAL: type_getval(t, op); return;
    case PVC_OP_PL_MOVE: type_move(t, op); return;
    case PVC_OP_TILE_SLICE: type_slice(t, op); return;
    case PVC_OP_PL_PRINTF: type_printf(t, op); return;
    case PVC_OP_PL_SYNC_ALL: case PVC_OP_PL_SET_CROSS_CORE: case PVC_OP_PL_WAIT_CROSS_CORE:
    case PVC_OP_PL_BAR_MTE2: case PVC_OP_PL_BAR_MTE3:
        return; /* synchronisation: its arguments are checked (resolve), nothing to type */
    case PVC_OP_CALL: specialise(t, op); return;
    case PVC_OP_PL_RANGE: type_range(t, op); return;
    case PVC_OP_PL_SECTION_VECTOR: type_block(t, op->body); return;
    case PVC_OP_PL_TILE_TYPE: type_tile_type(t, op); return;
    case PVC_OP_PL_MAKE_TILE_GROUP: type_tile_group(t, op); return;
    case PVC_OP_PL_MAKE_TILE: type_make_tile(t, op); return;
    case PVC_OP_TG_SLOT:
    case PVC_OP_TG_CURRENT: case PVC_OP_TG_NEXT: case PVC_OP_TG_PREVIOUS: type_group_slot(t, op); return;
    case PVC_OP_PL_SET_VALIDSHAPE: type_set_validshape(t, op); return;
    case PVC_OP_PL_LOAD: case PVC_OP_PL_LOAD_TILE:
    case PVC_OP_PL_STORE: case PVC_OP_PL_STORE_TILE: type_gm_move(t, op); return;
    default:
        if (flags & PVC_OPF_TILE) {
            type_tile_op(t, op);
            return;
        }
        if (flags & PVC_OPF_NOOP)
            return; /* pipe syncs, mask mode: their arguments are constants (resolve) */
        if (flags & PVC_OPF_REFUSED)
            pvc_error_at(t->d, op->loc, PVC_E_NOT_SUPPORTED, "%s: %s", pvc_ops[op->code].name,
                         pvc_ops[op->code].doc);
        else if (flags & PVC_OPF_GENERIC)
            type_generic(t, op);
        else if (flags & PVC_OPF_VF)
            type_vf_op(t, op);
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
static void type_block(typer *t, pvc_block *b)
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

static void type_vf(typer *t, pvc_func *f)
{
    begin_func(t, f);
    type_block(t, &f->body);
}

int pvc_pass_types(pvc_module *m, pvc_diag *d)
{
    return pvc_pass_types_streamed(m, d, NULL);
}

int pvc_pass_types_streamed(pvc_module *m, pvc_diag *d, pvc_stream *stream)
{
    int before = d->nerrors;
    typer t = {.m = m, .d = d, .norig = m->nfuncs, .stream = stream};
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
        qsort(t.by_addr, (size_t)t.norig, sizeof *t.by_addr, orig_fn_cmp);
    for (int i = 0; i < t.norig; i++)
        if (orig[i]->kind == PVC_FN_JIT) {
            begin_func(&t, orig[i]);
            type_block(&t, &orig[i]->body);
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
            pvc_func *c = find_clone(m, orig[i], k);
            if (c)
                m->funcs[n++] = c;
        }
        pvc_strmap_put(m->arena, &m->names, orig[i]->name, NULL);
    }
    m->nfuncs = n;
    free(t.by_addr);
    return d->nerrors - before;
}
