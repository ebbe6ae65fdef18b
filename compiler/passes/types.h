/* types.h - what the files of the types pass share (types.c walks the functions and types
 * the ops of both kinds; types_tile.c, types_clone.c and types_vf.c one topic each). Private
 * to passes/: the pass's API is passes.h. */
#ifndef PVC_TYPES_H
#define PVC_TYPES_H

#include <stdint.h>

#include "passes/passes.h"

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
    const pvc_clone_hooks *hooks; /* a streamed compile's (make_clone), else NULL */
    int sections;      /* the kernel's PVC_SECTIONS_* bits (ir.h) */
    int section;       /* the enclosing pl.section_cube / section_vector opcode, 0 none */
} typer;

static inline const pvc_op *def_of(const typer *t, const pvc_value *v)
{
    return v && v->kind == PVC_V_VAR ? t->def[v->id] : NULL;
}

static inline int64_t lane_bytes(int dtype)
{
    return dtype >= 0 && dtype < PVC_DT_COUNT ? pvc_dtype_lane_bytes((pvc_dtype)dtype) : 1;
}

static inline const char *dt_name(int dtype)
{
    return pvc_dtype_pyname(dtype);
}

static inline int is_scalar(pvc_type_kind k)
{
    return k == PVC_TY_INT || k == PVC_TY_BOOL || k == PVC_TY_FLOAT || k == PVC_TY_NONE;
}

static inline int ty_int_valued(const pvc_value *v)
{
    return v->kind == PVC_V_INT || v->kind == PVC_V_BOOL || v->type.kind == PVC_TY_INT || v->type.kind == PVC_TY_BOOL;
}

static inline pvc_type type_of(pvc_type_kind k)
{
    pvc_type ty = {.kind = k, .dtype = PVC_UNKNOWN, .ub_addr = PVC_UNKNOWN};
    return ty;
}

static inline pvc_type reg_type(int dtype)
{
    pvc_type ty = type_of(PVC_TY_REG);
    ty.dtype = dtype;
    return ty;
}

static inline int dtype_arg(const pvc_op *op, const char *name, int dflt)
{
    const pvc_value *v = pvc_op_arg(op, name);
    return v && v->kind == PVC_V_DTYPE ? (int)v->i : dflt;
}

static inline pvc_value *cint(typer *t, int64_t v, pvc_span at)
{
    pvc_value *c = pvc_const(t->m, PVC_V_INT, at);
    c->i = v;
    return c;
}

/* ---- types.c ---- */
void ty_set_type(typer *t, pvc_value *v, pvc_type ty, pvc_span at);
int ty_const_list(const typer *t, const pvc_value *v, int64_t *out, int max);
int ty_expect(typer *t, const pvc_op *op, const char *arg, pvc_type_kind k);
/* Types every op of a block, and a vector function's clone whole. */
void ty_block(typer *t, pvc_block *b);
void ty_vf(typer *t, pvc_func *f);

/* ---- types_clone.c: vector functions specialised per call (<name>.<k>) ---- */
pvc_func *ty_find_clone(pvc_module *m, const pvc_func *f, int k);
void ty_specialise(typer *t, pvc_op *op);
int ty_orig_fn_cmp(const void *a, const void *b);

/* ---- types_tile.c: the tiles of a jit kernel (§6) ---- */
void ty_set_valid_vars(typer *t, const pvc_value *tile, pvc_value *const *vals, pvc_span at);
void ty_set_validshape(typer *t, pvc_op *op);
pvc_value *ty_valid_dim(typer *t, const pvc_value *tile, int i, pvc_span at);
void ty_gm_move(typer *t, pvc_op *op);
void ty_tile_type(typer *t, pvc_op *op);
void ty_make_tile(typer *t, pvc_op *op);
void ty_tile_group(typer *t, pvc_op *op);
void ty_group_slot(typer *t, pvc_op *op);
void ty_slice(typer *t, pvc_op *op);
/* a op b for two ints, computed after the op being typed (t->extra); an int variable */
pvc_value *ty_int_after(typer *t, int code, pvc_value *a, pvc_value *b, pvc_span at);
void ty_tile_op(typer *t, pvc_op *op); /* a tile-level op (§15, passes/tileop.c) */

/* ---- types_cube.c: the cube side (§17) ---- */
void ty_cube_tile_of(const pvc_op *op, pvc_type *ty);
int ty_cube_scaling_type(const pvc_op *op);
int ty_cube_make_tile(typer *t, const pvc_op *op, const pvc_type *ty, int64_t addr);
int ty_cube_gm(typer *t, pvc_op *op);
int ty_cube_move(typer *t, pvc_op *op);
void ty_insert(typer *t, pvc_op *op);
int ty_compact_ok(typer *t, pvc_op *op, const char *arg, int refused);
void ty_matmul(typer *t, pvc_op *op);
void ty_cross(typer *t, pvc_op *op);
/* pl.get_block_idx() and the like: trap C-T1's warning (§17.8) */
void ty_cube_block_idx(typer *t, const pvc_op *op);

/* ---- types_debug.c: pl.dump_data (§6.2) ---- */
void ty_dump(typer *t, pvc_op *op);

/* ---- types_vf.c: the vf ops ---- */
void ty_generic(typer *t, pvc_op *op);
void ty_vf_op(typer *t, pvc_op *op);

#endif /* PVC_TYPES_H */
