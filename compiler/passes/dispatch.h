/* dispatch.h - what the files of the dispatch pass share (dispatch.c walks the functions;
 * dispatch_addr.c, dispatch_mem.c, dispatch_compute.c and dispatch_jit.c lower one family
 * of ops each). Private to passes/: the pass's API is passes.h. */
#ifndef PVC_DISPATCH_H
#define PVC_DISPATCH_H

#include "passes/passes.h"

typedef struct {
    int base_id;
    int64_t off;
    pvc_value *cursor;
} cursor_ent;

typedef struct {
    pvc_module *m;
    pvc_diag *d;
    pvc_func *f;
    pvc_block *out;        /* block being built */
    pvc_block prelude;     /* cursor.init ops, hoisted to the top of the function */
    pvc_op **def;          /* per variable: defining op (lists) */
    pvc_value **tbase;     /* per tile variable: the tile parameter it views */
    pvc_value **toff;      /* per tile variable: its offset in tile elements (int value) */
    cursor_ent *cursors;
    int ncursors;
    /* Sized when a function begins, so no program can have more: loops by its pl.range ops,
     * uregs by its variables (every store ureg is one of them). */
    pvc_op **loops;        /* enclosing pl.range ops, outermost first */
    int nloops;
    pvc_value **uregs;     /* store uregs in creation order, with their last cursor */
    pvc_value **ucur;
    int nuregs, capuregs;
    pvc_value **gslot;     /* jit: per rotated tile_group variable, its run-time slot */
    int sections;          /* jit: the kernel's PVC_SECTIONS_* bits (ir.h) */
} dispatcher;

/* ---- values: constants, temporaries and ops appended to the block being built ---- */
static inline pvc_value *cint(dispatcher *x, int64_t v, pvc_span at)
{
    pvc_value *c = pvc_const(x->m, PVC_V_INT, at);
    c->i = v;
    return c;
}

static inline pvc_value *cbool(dispatcher *x, int v, pvc_span at)
{
    pvc_value *c = pvc_const(x->m, PVC_V_BOOL, at);
    c->i = !!v;
    return c;
}

static inline pvc_value *cdtype(dispatcher *x, int dt, pvc_span at)
{
    pvc_value *c = pvc_const(x->m, PVC_V_DTYPE, at);
    c->i = dt;
    return c;
}

static inline pvc_value *cenum(dispatcher *x, int ns, int64_t v, pvc_span at)
{
    pvc_value *c = pvc_const(x->m, PVC_V_ENUM, at);
    c->ns = ns;
    c->i = v;
    c->name = pvc_enum_member_name(ns, v);
    c->type.ns = ns;
    if (!c->name)
        PVC_BUG("no member %d in enum namespace %s", (int)v, pvc_enum_ns_name(ns));
    return c;
}

static inline pvc_value *tmp_int(dispatcher *x, pvc_span at)
{
    pvc_value *v = pvc_var_temp(x->m, x->f, at);
    v->type.kind = PVC_TY_INT;
    return v;
}

static inline pvc_op *emit(dispatcher *x, pvc_opcode code, pvc_span at, pvc_value *result)
{
    pvc_op *op = pvc_op_new(x->m, code, at);
    if (result)
        pvc_op_add_result(x->m, op, result);
    pvc_block_append(x->m, x->out, op);
    return op;
}

static inline void operand(dispatcher *x, pvc_op *op, pvc_value *v) { pvc_op_add_operand(x->m, op, v); }
static inline void attr(dispatcher *x, pvc_op *op, const char *k, pvc_value *v) { pvc_op_add_attr(x->m, op, k, v, op->loc); }

/* a OP b on ints, folded when both are constants. */
static inline pvc_value *int_op(dispatcher *x, pvc_opcode code, pvc_value *a, pvc_value *b, pvc_span at)
{
    int64_t ka, kb;
    int ca = pvc_const_int(a, &ka), cb = pvc_const_int(b, &kb);
    int64_t r;
    if (ca && cb && !(code == PVC_OP_PY_ADD   ? __builtin_add_overflow(ka, kb, &r)
                      : code == PVC_OP_PY_SUB ? __builtin_sub_overflow(ka, kb, &r)
                                           : __builtin_mul_overflow(ka, kb, &r)))
        return cint(x, r, at);
    if (code == PVC_OP_PY_ADD && ca && ka == 0)
        return b;
    if ((code == PVC_OP_PY_ADD || code == PVC_OP_PY_SUB) && cb && kb == 0)
        return a;
    if (code == PVC_OP_PY_MUL && cb && kb == 1)
        return a;
    pvc_value *t = tmp_int(x, at);
    pvc_op *op = emit(x, code, at, t);
    operand(x, op, a);
    operand(x, op, b);
    return t;
}

/* The `list` op that made v, through the assigns that copied it (`offs = helper(...)`
 * returning [r, c]), else NULL. */
static inline const pvc_op *dx_list_def(const dispatcher *x, const pvc_value *v)
{
    for (int hops = 0; v && v->kind == PVC_V_VAR && hops < 16; hops++) {
        const pvc_op *l = x->def[v->id];
        if (!l || l->code != PVC_OP_ASSIGN || l->noperands != 1)
            return l && l->code == PVC_OP_LIST ? l : NULL;
        v = l->operands[0];
    }
    return NULL;
}
static inline int kind_of(const pvc_value *v) { return v ? (int)v->type.kind : PVC_TY_NONE; }
static inline int is_int(const pvc_value *v) { return v && (v->type.kind == PVC_TY_INT || v->type.kind == PVC_TY_BOOL); }
static inline int64_t lane(int dt) { return dt >= 0 && dt < PVC_DT_COUNT ? pvc_dtype_lane_bytes((pvc_dtype)dt) : 1; }

static inline int flag_arg(const pvc_op *op, const char *name)
{
    const pvc_value *v = pvc_op_arg(op, name);
    return v && v->kind == PVC_V_BOOL && v->i;
}

static inline int enum_arg(const pvc_op *op, const char *name, int ns, int dflt)
{
    const pvc_value *v = pvc_op_arg(op, name);
    return v && v->kind == PVC_V_ENUM && v->ns == ns ? (int)v->i : dflt;
}

static inline int is_datablock(const pvc_op *op)
{
    return enum_arg(op, "data_copy_mode", PVC_NS_DataCopyMode, 0) != 0;
}


static inline void keep(dispatcher *x, pvc_op *op) { pvc_block_append(x->m, x->out, op); }

/* ---- dispatch_addr.c: tiles, addresses, cursors, AddrReg (§1.4, §1.5, §2.1) ---- */
/* The base tile and element offset of tile argument `arg`; 0 after an error. */
int dx_tile_of(dispatcher *x, const pvc_op *op, const char *arg, pvc_value **base, pvc_value **off);
pvc_value *dx_elem_bytes(dispatcher *x, pvc_value *k, int dt, pvc_span at);
pvc_value *dx_elem_offset(dispatcher *x, const pvc_op *op, pvc_value *v, const pvc_value *base);
pvc_value *dx_ub_addr(dispatcher *x, pvc_value *base, pvc_value *off, pvc_value *extra, pvc_span at);
pvc_value *dx_cursor_of(dispatcher *x, pvc_value *base, pvc_value *off, pvc_span at);
void dx_lower_addr_reg(dispatcher *x, pvc_op *op);
int dx_is_areg(const pvc_value *v);

/* Where a vf load or store of the align, mask and DATA_BLOCK families reaches UB: `at` an
 * address, or `cursor` and `step` (post_update: the access at the cursor, which then moves
 * by step bytes; no step for DATA_BLOCK, whose repeat_stride says it). One rule for every
 * family, its offset argument read by the family's unit: */
typedef enum {
    DX_OFF_ELEMS, /* an int or [row, col] in tile elements (§1.5, §2.1, §3.2) */
    DX_OFF_BYTES, /* a byte count (mask loads, §2.5) */
    DX_OFF_STEP,  /* a byte count only post_update reads: a mask store drops it else (§3.6) */
    DX_OFF_BASE   /* none: the tile base (DATA_BLOCK, §2.4, §3.5) */
} dx_off_unit;
typedef struct {
    pvc_value *at, *cursor, *step;
    int dropped;  /* DX_OFF_STEP: a nonzero offset was dropped (the caller warns, W001) */
} dx_place;
/* The place of op's access of tile (base, toff) with offset off; an AddrReg offset is added to
 * the base and, for ELEMS, takes no post_update (an error citing `section`). 0 after an error. */
int dx_place_of(dispatcher *x, const pvc_op *op, pvc_value *base, pvc_value *toff, pvc_value *off,
                dx_off_unit unit, int post, const char *section, dx_place *p);
/* The place as the first operands of machine op mop: the address, or the cursor and step. */
void dx_place_operands(dispatcher *x, pvc_op *mop, const dx_place *p);

/* ---- dispatch_mem.c: vf loads and stores (§2-§4, §10.16) ---- */
void dx_load_align(dispatcher *x, pvc_op *op);
void dx_store_align(dispatcher *x, pvc_op *op);
void dx_remember_ureg(dispatcher *x, pvc_value *u, pvc_value *cursor);
void dx_load_unalign(dispatcher *x, pvc_op *op);
void dx_store_unalign(dispatcher *x, pvc_op *op);
void dx_store_unalign_post(dispatcher *x, pvc_op *op);
void dx_unified_load(dispatcher *x, pvc_op *op);
void dx_unified_store(dispatcher *x, pvc_op *op);

/* ---- dispatch_compute.c: masks, compute, casts, the GENERIC rows (§5, §10) ---- */
void dx_create_mask(dispatcher *x, pvc_op *op);
void dx_update_mask(dispatcher *x, pvc_op *op);
void dx_generic(dispatcher *x, pvc_op *op);
void dx_astype(dispatcher *x, pvc_op *op);
/* A scalar operand as raw element bits of dt (§9.6): a literal now (a float through its "%f"
 * text, W026), a scalar variable by an encode op at run time; NULL if v is neither. */
pvc_value *dx_scalar_bits(dispatcher *x, pvc_value *v, int dt, pvc_span at);

/* ---- dispatch.c ---- */
/* pl.get_block_idx and the like, in either kind of function. */
void dx_block_op(dispatcher *x, pvc_op *op);

/* ---- dispatch_jit.c: jit kernels (§6) ---- */
void dx_jit_block(dispatcher *x, pvc_block *b);
/* The offsets of pl.load / pl.store (/ _tile), one per axis of the rank-`rank` tensor (0 for
 * the axes of a missing list); those of load_tile / store_tile count the tile's rows along
 * rows_axis and its columns along cols_axis (-1: none). 0 after an error. */
/* A GM op's order= (default the last two axes), negative axes counted from the end: 1 when
 * defaulted, 2 when given, 0 after an error (not two constants). */
int dx_order_axes(dispatcher *x, const pvc_op *op, int rank, int64_t *a, int64_t *b);
int dx_gm_offsets(dispatcher *x, const pvc_op *op, int rank, int rows_axis, int cols_axis, pvc_value **off);

/* ---- dispatch_cube.c: the cube side (§17) ---- */
/* pl.load into Mat / pl.store from Acc: 1 when op is one (and was lowered). */
int dx_cube_gm(dispatcher *x, pvc_op *op);
/* The stride variables pl.set_stride gave tensor t (front/lower_elem.c); 0 when it has none. */
int dx_stride_vars(dispatcher *x, const pvc_value *t, pvc_value **rs, pvc_value **cs);
/* pl.move out of a cube tile or into Mat, pl.insert: 1 when op is one. */
int dx_cube_move(dispatcher *x, pvc_op *op);
void dx_matmul(dispatcher *x, pvc_op *op);
void dx_cross(dispatcher *x, pvc_op *op);

#endif /* PVC_DISPATCH_H */
