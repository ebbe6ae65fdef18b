/* interp.c - the simulated backend (`pvc run --backend sim`): runs the checked IR in
 * process, making the same runtime call per machine op as the emitted C, with every check
 * the device hides switched on (SEMANTICS.md decisions 3, 4, 8; README "pvc run --backend sim").
 *
 * Two steps:
 *   decode  each function reached from the kernel becomes a flat array of sim_op: opcode,
 *           operands pre-resolved to slot numbers, attributes as ints, its static tiles,
 *           a pvc_loc, and for pl.range the index of its end (structured loops become a
 *           begin/end pair that jump). No string is looked at after this.
 *   run     one switch per op over the register files of the function's frame:
 *             s[]   int64 scalars (ints, addresses, cursors), constants after the variables
 *             v[] m[] ul[] us[]   vregs, mregs, unaligned registers, indexed by variable id
 *             def[] the written bit of each register variable (UNDEF_REG)
 *
 * Faults: the runtime raises UB_BOUNDS / MISALIGNED / UNFLUSHED / ... itself (ctx->at is
 * the op's loc); the simulator fills ctx->fault for UNDEF_REG and HAZARD and unwinds.
 * pvc_backend_sim runs the kernel inside pvc_ctx_pcall and returns the fault kind.
 */
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "cost.h"
#include "emit_c.h"
#include "interp.h"

/* Pseudo-opcodes after the ops.h ones. */
enum { SIM_LOOP_END = PVC_OP_COUNT, SIM_NOP };

/* How ASSIGN copies: by the result's kind. */
enum { CP_INT, CP_VREG, CP_MREG, CP_ULD, CP_UST, CP_NONE };

#define MAX_OPND 8

typedef struct sim_func sim_func;

typedef struct {
    int code;                /* pvc_opcode or SIM_* */
    int a[MAX_OPND];         /* operands: slot numbers (variable id, or constant slot) */
    int r[2];                /* result variable ids (-1 none) */
    int k[5];                /* attributes, as ints */
    int chk[4], nchk;        /* register variables the op reads (UNDEF_REG) */
    int jump;                /* RANGE: index of its SIM_LOOP_END; LOOP_END: its RANGE */
    int aux;                 /* RANGE: first of 2 hidden slots (counter, stop, step) */
    int tile, tile2;         /* index into the function's tile table, -1 none */
    int dtype;               /* dtype for the trace, -1 none */
    int gran;                /* mask granularity (bytes) for the trace, 0 none */
    uint32_t id;             /* module-wide op id (1-based): a hazard's store */
    const pvc_loc *loc;
    sim_func *callee;        /* CALL */
    const pvc_op *ir;
} sim_op;

struct sim_func {
    const pvc_func *f;
    sim_op *ops;
    int nops, cap;
    int nvars, nslots;
    int64_t *consts;         /* initial values of slots nvars.. */
    int nconsts;
    pvc_tile *tiles;
    int *tile_slot;          /* per tile: the slot holding its run-time address, -1 static */
    int ntiles;
    /* frame */
    int64_t *s;
    pvc_vreg *v;
    pvc_mreg *m;
    pvc_ureg_ld *ul;
    pvc_ureg_st *us;
    uint8_t *def;
    uint32_t *last_stu;      /* per store ureg: op id of the last op that parked bytes in it */
    const char **names;      /* variable names for messages */
};

typedef struct {
    pvc_unit *u;
    pvc_ctx *ctx;
    pvc_tensor *args;
    const pvc_scalar *scalars; /* the kernel's scalar parameters, by parameter index */
    const pvc_run_opts *o;
    pvc_hazard *hz;
    pvc_sim_obs obs;
    int observing;
    sim_func **funcs;        /* decoded, by index in the module */
    pvc_loc **locs;          /* by op id */
    int nlocs, caplocs;
    const char *error;       /* decode failure */
    char errbuf[256];
    sim_func *kernel;
} sim;

/* ---- small allocation helpers (decode time only) ------------------------------------- */
static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        PVC_BUG("out of memory");
    return p;
}

static void *xgrow(void *p, int *cap, int need, size_t size)
{
    if (need <= *cap)
        return p;
    int c = *cap ? *cap * 2 : 16;
    while (c < need)
        c *= 2;
    p = realloc(p, (size_t)c * size);
    if (!p)
        PVC_BUG("out of memory");
    *cap = c;
    return p;
}

static void fail(sim *S, pvc_span at, const char *what)
{
    if (!S->error) {
        snprintf(S->errbuf, sizeof S->errbuf, "%s:%d:%d: error: the simulator cannot run this: %s",
                 S->u->src.name, at.line, at.col, what);
        S->error = S->errbuf;
    }
}

/* ---- decode -------------------------------------------------------------------------- */
static uint32_t new_loc(sim *S, pvc_span at)
{
    S->locs = xgrow(S->locs, &S->caplocs, S->nlocs + 2, sizeof *S->locs);
    pvc_loc *l = xcalloc(1, sizeof *l);
    *l = (pvc_loc){S->u->mod->file ? S->u->mod->file : S->u->src.name, at.line, at.col};
    S->locs[++S->nlocs] = l; /* ids start at 1: 0 means "no store" in the hazard map */
    return (uint32_t)S->nlocs;
}

static int add_const(sim_func *F, int64_t v)
{
    F->consts = realloc(F->consts, (size_t)(F->nconsts + 1) * sizeof *F->consts);
    if (!F->consts)
        PVC_BUG("out of memory");
    F->consts[F->nconsts] = v;
    return F->nvars + F->nconsts++;
}

/* A scalar operand: a variable's slot, or a new constant slot. */
static int scalar_slot(sim *S, sim_func *F, const pvc_value *v, pvc_span at)
{
    switch (v->kind) {
    case PVC_V_VAR: return v->id;
    case PVC_V_INT:
    case PVC_V_BOOL:
    case PVC_V_ENUM:
    case PVC_V_DTYPE: return add_const(F, v->i);
    case PVC_V_NONE: return add_const(F, 0);
    default: fail(S, at, "a non-integer scalar operand"); return add_const(F, 0);
    }
}

/* A float scalar (a vector-function parameter of type float) lives in its int64 slot as the
 * bits of the double; an int or bool as itself. */
static int64_t double_bits(double d)
{
    int64_t b;
    memcpy(&b, &d, sizeof b);
    return b;
}

static double slot_double(int64_t b)
{
    double d;
    memcpy(&d, &b, sizeof d);
    return d;
}

/* A call argument for a float parameter: a float variable's slot, or a constant's bits. */
static int float_slot(sim *S, sim_func *F, const pvc_value *v, pvc_span at)
{
    if (v->kind == PVC_V_VAR)
        return v->id;
    if (v->kind == PVC_V_FLOAT)
        return add_const(F, double_bits(v->f));
    if (v->kind == PVC_V_INT || v->kind == PVC_V_BOOL)
        return add_const(F, double_bits(pvc_py_float(v->i)));
    fail(S, at, "a float argument that is not a number");
    return add_const(F, 0);
}

static int tile_of(sim *S, sim_func *F, const pvc_value *v, pvc_span at)
{
    const pvc_type *t = &v->type;
    int dyn = t->kind == PVC_TY_TILE && t->dyn && v->kind == PVC_V_VAR;
    if (t->kind != PVC_TY_TILE || (t->ub_addr < 0 && !dyn) || t->ub_addr > UINT32_MAX || t->dtype < 0 ||
        t->dtype >= PVC_DT_COUNT || t->dims[0] < 0 || t->dims[1] < 0) {
        fail(S, at, "a tile without a static UB address, dtype and shape");
        return -1;
    }
    F->tiles = realloc(F->tiles, (size_t)(F->ntiles + 1) * sizeof *F->tiles);
    F->tile_slot = realloc(F->tile_slot, (size_t)(F->ntiles + 1) * sizeof *F->tile_slot);
    if (!F->tiles || !F->tile_slot)
        PVC_BUG("out of memory");
    F->tile_slot[F->ntiles] = dyn ? v->id : -1; /* a rotated group slot: address in s[v] */
    F->tiles[F->ntiles] = (pvc_tile){dyn ? 0 : (uint32_t)t->ub_addr, (pvc_dtype)t->dtype, (uint32_t)t->dims[0],
                                     (uint32_t)t->dims[1], 0, 0}; /* gm ops set the valid shape */
    return F->ntiles++;
}

static int is_reg_kind(pvc_type_kind k)
{
    return k == PVC_TY_REG || k == PVC_TY_MASK || k == PVC_TY_UREG_LOAD || k == PVC_TY_UREG_STORE;
}

static int64_t attr_int(sim *S, const pvc_op *op, const char *key)
{
    const pvc_attr *a = pvc_op_attr(op, key);
    if (!a || !a->val) {
        fail(S, op->loc, "a machine op without one of its attributes");
        return 0;
    }
    return a->val->i;
}

static sim_op *emit(sim *S, sim_func *F, int code, const pvc_op *ir)
{
    F->ops = xgrow(F->ops, &F->cap, F->nops + 1, sizeof *F->ops);
    sim_op *o = &F->ops[F->nops++];
    memset(o, 0, sizeof *o);
    o->code = code;
    o->r[0] = o->r[1] = -1;
    o->tile = o->tile2 = -1;
    o->dtype = -1;
    o->ir = ir;
    o->id = new_loc(S, ir->loc);
    o->loc = S->locs[o->id];
    return o;
}

static sim_func *decode_func(sim *S, const pvc_func *f);

/* The attribute columns of each machine op, in the order the runner reads o->k[]. */
static void decode_attrs(sim *S, sim_op *o, const pvc_op *op)
{
    const char *kw = pvc_ops[op->code].kw;
    int n = 0;
    while (*kw && n < 5) {
        char key[32];
        size_t len = strcspn(kw, " ");
        if (len >= sizeof key)
            len = sizeof key - 1;
        memcpy(key, kw, len);
        key[len] = '\0';
        o->k[n++] = (int)attr_int(S, op, key);
        kw += len;
        while (*kw == ' ')
            kw++;
    }
}

static int reg_dtype(const pvc_value *v)
{
    return v && v->type.dtype >= 0 && v->type.dtype < PVC_DT_COUNT ? v->type.dtype : -1;
}

/* The dtype and mask granularity an op reports in the trace. */
static void decode_trace_info(sim_op *o, const pvc_op *op)
{
    const pvc_value *res = op->nresults ? op->results[0] : NULL;
    switch (o->code) {
    case PVC_OP_M_ST_REG: case PVC_OP_M_ST_REG_POST: case PVC_OP_M_ST_X2:
    case PVC_OP_M_ST_BLK: case PVC_OP_M_ST_BLK_POST: case PVC_OP_M_STU: case PVC_OP_M_STU_AREG: {
        const char *pos = pvc_ops[op->code].pos;
        int si = pvc_param_index(pos, "src", 3);
        if (si < 0)
            si = pvc_param_index(pos, "src0", 4);
        o->dtype = si >= 0 && si < op->noperands ? reg_dtype(op->operands[si]) : -1;
        break;
    }
    case PVC_OP_M_CMP: case PVC_OP_M_CMP_S: case PVC_OP_M_ABS: case PVC_OP_M_RELU:
    case PVC_OP_M_FULL: case PVC_OP_M_FULL_M: case PVC_OP_M_FULL_REG:
        o->dtype = (int)o->k[o->code == PVC_OP_M_CMP || o->code == PVC_OP_M_CMP_S ? 1 : 0];
        break;
    case PVC_OP_M_ASTYPE:
        o->dtype = o->k[1];
        break;
    default:
        o->dtype = reg_dtype(res);
        break;
    }
    /* granularity: of the mask operand the op reads, else of the mask it writes */
    int mi = pvc_param_index(pvc_ops[op->code].pos, "mask", 4);
    if (mi < 0)
        mi = pvc_param_index(pvc_ops[op->code].pos, "preg", 4);
    if (mi < 0 && (o->code == PVC_OP_M_ST_MASK || o->code == PVC_OP_M_ST_MASK_POST ||
                   o->code == PVC_OP_M_STU_MASK))
        mi = pvc_param_index(pvc_ops[op->code].pos, "src", 3); /* the mask being stored */
    const pvc_value *mv = mi >= 0 && mi < op->noperands ? op->operands[mi] : NULL;
    if (!mv && res && res->type.kind == PVC_TY_MASK)
        mv = res;
    if (mv) {
        int g = mv->type.gran / 8;
        if (o->code == PVC_OP_M_MASK_CREATE || o->code == PVC_OP_M_MASK_UPDATE)
            g = o->k[o->code == PVC_OP_M_MASK_CREATE ? 1 : 0];
        else if (o->dtype >= 0 && (g <= 0 || o->code == PVC_OP_M_CMP || o->code == PVC_OP_M_CMP_S))
            g = (int)pvc_dtype_lane_bytes((pvc_dtype)o->dtype);
        if ((o->code == PVC_OP_M_ST_REG || o->code == PVC_OP_M_ST_REG_POST) &&
            pvc_store_dist_table[o->k[0]].w)
            g = pvc_store_dist_table[o->k[0]].w; /* the store tests m[w*i] (§3.3) */
        o->gran = g == 1 || g == 2 || g == 4 || g == 8 ? g : 1;
    }
}

static void decode_machine(sim *S, sim_func *F, const pvc_op *op)
{
    sim_op *o = emit(S, F, op->code, op);
    int n = pvc_mop_noperands(op->code);
    if (n != op->noperands || n > MAX_OPND || op->nresults > 2) {
        fail(S, op->loc, "a machine op with the wrong number of operands");
        return;
    }
    for (int i = 0; i < n; i++) {
        const pvc_value *v = op->operands[i];
        if (v->kind == PVC_V_VAR && v->type.kind == PVC_TY_TILE) {
            int t = tile_of(S, F, v, op->loc);
            if (o->tile < 0)
                o->tile = t;
            else
                o->tile2 = t;
            o->a[i] = -1;
        } else if (v->kind == PVC_V_VAR && v->type.kind == PVC_TY_TENSOR) {
            o->a[i] = -1; /* a kernel parameter p is slot -2 - p: args[p] */
            for (int p = 0; p < F->f->nparams; p++)
                if (F->f->params[p] == v)
                    o->a[i] = -2 - p;
            if (o->a[i] == -1)
                fail(S, op->loc, "a tensor that is not a kernel parameter");
        } else if (v->kind == PVC_V_VAR && is_reg_kind(v->type.kind)) {
            o->a[i] = v->id;
            /* in-place unaligned registers are read too: stu.init / ldu.init must come first */
            if (o->nchk < 4)
                o->chk[o->nchk++] = v->id;
        } else {
            o->a[i] = scalar_slot(S, F, v, op->loc);
        }
    }
    for (int i = 0; i < op->nresults; i++)
        o->r[i] = op->results[i]->id;
    decode_attrs(S, o, op);
    decode_trace_info(o, op);
    if ((o->code == PVC_OP_M_GM_LOAD || o->code == PVC_OP_M_GM_STORE) && o->tile >= 0) {
        o->dtype = F->tiles[o->tile].dtype;
        F->tiles[o->tile].valid_rows = (uint32_t)o->k[0]; /* the copied region (§6) */
        F->tiles[o->tile].valid_cols = (uint32_t)o->k[1];
    }
    if (o->code == PVC_OP_M_ENCODE) /* k[1]: the value slot holds a double's bits */
        o->k[1] = op->operands[0]->type.kind == PVC_TY_FLOAT;
}

static int copy_kind(const pvc_value *res)
{
    switch (res->type.kind) {
    case PVC_TY_INT: case PVC_TY_BOOL: case PVC_TY_FLOAT: return CP_INT; /* float: its bits */
    case PVC_TY_TILE: return res->type.dyn ? CP_INT : CP_NONE; /* a run-time address */
    case PVC_TY_REG: return CP_VREG;
    case PVC_TY_MASK: return CP_MREG;
    case PVC_TY_UREG_LOAD: return CP_ULD;
    case PVC_TY_UREG_STORE: return CP_UST;
    default: return CP_NONE; /* tiles, descriptors: static, nothing to copy at run time */
    }
}

static void decode_block(sim *S, sim_func *F, const pvc_block *b);

static void decode_core(sim *S, sim_func *F, const pvc_op *op)
{
    switch (op->code) {
    case PVC_OP_ASSIGN: {
        sim_op *o = emit(S, F, op->code, op);
        o->r[0] = op->results[0]->id;
        o->k[0] = copy_kind(op->results[0]);
        const pvc_value *src = op->operands[0];
        if (o->k[0] == CP_INT)
            o->a[0] = op->results[0]->type.kind == PVC_TY_FLOAT ? float_slot(S, F, src, op->loc)
                                                               : scalar_slot(S, F, src, op->loc);
        else if (o->k[0] != CP_NONE) {
            if (src->kind != PVC_V_VAR)
                fail(S, op->loc, "a register assigned from a constant");
            o->a[0] = src->id;
            o->chk[o->nchk++] = src->id;
        }
        o->dtype = reg_dtype(op->results[0]);
        break;
    }
    case PVC_OP_ADD: case PVC_OP_SUB: case PVC_OP_MUL: case PVC_OP_FLOORDIV: case PVC_OP_MOD:
    case PVC_OP_NEG: {
        /* k[2]: a float op (slots hold doubles' bits); k[i]: operand i is an int to widen */
        sim_op *o = emit(S, F, op->code, op);
        pvc_type_kind rk = op->results[0]->type.kind;
        if (rk != PVC_TY_INT && rk != PVC_TY_BOOL && rk != PVC_TY_FLOAT) {
            fail(S, op->loc, "arithmetic on something other than ints and floats");
            return;
        }
        o->r[0] = op->results[0]->id;
        o->k[2] = rk == PVC_TY_FLOAT;
        for (int i = 0; i < op->noperands && i < 2; i++) {
            const pvc_value *v = op->operands[i];
            o->k[i] = o->k[2] && v->type.kind != PVC_TY_FLOAT;
            o->a[i] = o->k[2] && !o->k[i] ? float_slot(S, F, v, op->loc) : scalar_slot(S, F, v, op->loc);
        }
        break;
    }
    case PVC_OP_RANGE: {
        sim_op *o = emit(S, F, op->code, op);
        int begin = F->nops - 1;
        o->r[0] = op->results[0]->id;
        for (int i = 0; i < 3; i++)
            o->a[i] = scalar_slot(S, F, op->operands[i], op->loc);
        o->aux = add_const(F, 0); /* hidden: iteration, count, start, step */
        for (int i = 1; i < 4; i++)
            add_const(F, 0);
        decode_block(S, F, op->body);
        sim_op *e = emit(S, F, SIM_LOOP_END, op);
        e->jump = begin;
        e->aux = F->ops[begin].aux;
        e->r[0] = F->ops[begin].r[0];
        F->ops[begin].jump = F->nops - 1;
        break;
    }
    case PVC_OP_SECTION_VECTOR:
        decode_block(S, F, op->body);
        break;
    case PVC_OP_MAKE_TILE: case PVC_OP_TG_SLOT:
    case PVC_OP_TG_CURRENT: case PVC_OP_TG_NEXT: case PVC_OP_TG_PREVIOUS: {
        /* the slot's address is static in the result type; check it lies in usable UB */
        sim_op *o = emit(S, F, op->code, op);
        o->tile = tile_of(S, F, op->results[0], op->loc);
        o->dtype = o->tile >= 0 ? (int)F->tiles[o->tile].dtype : -1;
        break;
    }
    case PVC_OP_CALL: {
        const pvc_attr *c = pvc_op_attr(op, "callee");
        const pvc_func *callee = c && c->val ? pvc_func_find(S->u->mod, c->val->name) : NULL;
        if (!callee || callee->kind != PVC_FN_VECTOR || callee->nparams != op->noperands) {
            fail(S, op->loc, "a call of something other than a specialised vector function");
            return;
        }
        sim_func *cf = decode_func(S, callee);
        sim_op *o = emit(S, F, op->code, op);
        o->callee = cf;
        break;
    }
    case PVC_OP_SET_VALIDSHAPE: /* the types pass put the valid shape on each gm.load/store */
    case PVC_OP_TILE_TYPE: case PVC_OP_MAKE_TILE_GROUP: case PVC_OP_LIST:
    case PVC_OP_SYNC_SRC: case PVC_OP_SYNC_DST: case PVC_OP_BAR_ALL:
        break; /* descriptors and pipe syncs: nothing happens at run time (sequential model) */
    default:
        fail(S, op->loc, "an op the check pass should have lowered to machine ops");
        break;
    }
}

static void decode_block(sim *S, sim_func *F, const pvc_block *b)
{
    for (int i = 0; i < b->nops && !S->error; i++) {
        const pvc_op *op = b->ops[i];
        if (pvc_ops[op->code].flags & PVC_OPF_MACHINE)
            decode_machine(S, F, op);
        else
            decode_core(S, F, op);
    }
}

/* Call arguments: slot of each actual in the caller, resolved now that the callee exists. */
static void decode_call_args(sim *S, sim_func *F)
{
    for (int i = 0; i < F->nops; i++) {
        sim_op *o = &F->ops[i];
        if (o->code != PVC_OP_CALL)
            continue;
        const pvc_op *op = o->ir;
        if (op->noperands > MAX_OPND) {
            fail(S, op->loc, "a call with more than 8 arguments");
            return;
        }
        for (int j = 0; j < op->noperands; j++) {
            const pvc_value *p = o->callee->f->params[j];
            if (p->type.kind == PVC_TY_INT || p->type.kind == PVC_TY_BOOL)
                o->a[j] = scalar_slot(S, F, op->operands[j], op->loc);
            else if (p->type.kind == PVC_TY_FLOAT)
                o->a[j] = float_slot(S, F, op->operands[j], op->loc);
            else if (p->type.kind == PVC_TY_TILE && p->type.dyn)
                o->a[j] = op->operands[j]->id; /* the caller's run-time tile address */
            else if (p->type.kind == PVC_TY_TILE)
                o->a[j] = -1; /* static: the callee's parameter type carries the tile */
            else
                fail(S, op->loc, "a vector-function parameter that is neither a tile nor a scalar");
        }
    }
}

static sim_func *decode_func(sim *S, const pvc_func *f)
{
    int idx = 0;
    while (idx < S->u->mod->nfuncs && S->u->mod->funcs[idx] != f)
        idx++;
    if (S->funcs[idx])
        return S->funcs[idx];
    sim_func *F = xcalloc(1, sizeof *F);
    S->funcs[idx] = F;
    F->f = f;
    F->nvars = f->nvars;
    decode_block(S, F, &f->body);
    decode_call_args(S, F);
    F->nslots = F->nvars + F->nconsts;
    F->s = xcalloc((size_t)F->nslots, sizeof *F->s);
    F->v = xcalloc((size_t)F->nvars, sizeof *F->v);
    F->m = xcalloc((size_t)F->nvars, sizeof *F->m);
    F->ul = xcalloc((size_t)F->nvars, sizeof *F->ul);
    F->us = xcalloc((size_t)F->nvars, sizeof *F->us);
    F->def = xcalloc((size_t)F->nvars, 1);
    F->last_stu = xcalloc((size_t)F->nvars, sizeof *F->last_stu);
    F->names = xcalloc((size_t)F->nvars, sizeof *F->names);
    for (int i = 0; i < F->nvars; i++)
        F->names[i] = f->vars[i]->name;
    return F;
}

static void free_func(sim_func *F)
{
    if (!F)
        return;
    free(F->ops);
    free(F->consts);
    free(F->tiles);
    free(F->tile_slot);
    free(F->s);
    free(F->v);
    free(F->m);
    free(F->ul);
    free(F->us);
    free(F->def);
    free(F->last_stu);
    free(F->names);
    free(F);
}

/* ---- checks the simulator adds ------------------------------------------------------- */
static void fault_at(sim *S, const sim_op *o, pvc_fault_kind kind, uint32_t addr, uint32_t len)
{
    pvc_fault *f = &S->ctx->fault;
    memset(f, 0, sizeof *f);
    f->kind = kind;
    f->op = o->code < PVC_OP_COUNT ? pvc_ops[o->code].name : "?";
    f->addr = addr;
    f->len = len;
    f->loc = *o->loc;
}

static void undef_reg(sim *S, const sim_func *F, const sim_op *o, int var)
{
    fault_at(S, o, PVC_FAULT_UNDEF_REG, 0, 0);
    if (F->names[var])
        snprintf(S->ctx->fault.detail, sizeof S->ctx->fault.detail,
                 "register '%s' is read before any op of this vector function wrote it", F->names[var]);
    else
        snprintf(S->ctx->fault.detail, sizeof S->ctx->fault.detail,
                 "a register is read before any op of this vector function wrote it");
    pvc_fault_unwind(S->ctx);
}

static const char *const membar_names[PVC_MEMBAR_COUNT] = {
#define X(name, pyname) pyname,
    PVC_MEMBARS(X)
#undef X
};

/* Decision 8: a read of kind k of [addr, addr+len) after an unordered vector store. */
static void hazard_read(sim *S, const sim_op *o, int k, uint32_t addr, uint32_t len)
{
    uint32_t at = 0, id = pvc_hazard_read(S->hz, k, addr, len, &at);
    if (!id)
        return;
    fault_at(S, o, PVC_FAULT_HAZARD, at, len);
    const pvc_loc *st = S->locs[id];
    S->ctx->fault.related = *st;
    snprintf(S->ctx->fault.detail, sizeof S->ctx->fault.detail,
             "%s of [0x%x, 0x%x) reads byte 0x%x, stored at line %d; a vf.mem_bar(%s) between "
             "them would order it",
             k == PVC_HZ_VLOAD ? "vector load" : "read", addr, addr + len, at, st->line,
             k == PVC_HZ_VLOAD ? membar_names[PVC_MEMBAR_VST_VLD] : membar_names[PVC_MEMBAR_VST_LD]);
    pvc_fault_unwind(S->ctx);
}

/* The runtime's vf.mem_bar hook (pvc_rt.h pvc_mem_bar): the op calls pvc_mem_bar as the
 * emitted C does; in the simulator the hook orders the hazard map. */
static void sim_mem_bar(pvc_ctx *ctx, pvc_membar mode)
{
    sim *S = ctx->user;
    if (mode < PVC_MEMBAR_COUNT)
        pvc_hazard_barrier(S->hz, mode);
}

/* ---- scalar arithmetic: the runtime's Python rules (pvc_rt.h), as the emitted C ------- */
static int64_t int_arith(pvc_ctx *ctx, int code, int64_t a, int64_t b)
{
    switch (code) {
    case PVC_OP_ADD: return pvc_py_add(a, b);
    case PVC_OP_SUB: return pvc_py_sub(a, b);
    case PVC_OP_MUL: return pvc_py_mul(a, b);
    case PVC_OP_FLOORDIV: return pvc_py_floordiv(ctx, a, b);
    case PVC_OP_MOD: return pvc_py_mod(ctx, a, b);
    default: return pvc_py_neg(a);
    }
}

static double float_arith(pvc_ctx *ctx, int code, double a, double b)
{
    switch (code) {
    case PVC_OP_ADD: return pvc_py_fadd(a, b);
    case PVC_OP_SUB: return pvc_py_fsub(a, b);
    case PVC_OP_MUL: return pvc_py_fmul(a, b);
    case PVC_OP_FLOORDIV: return pvc_py_ffloordiv(ctx, a, b);
    case PVC_OP_MOD: return pvc_py_fmod(ctx, a, b);
    default: return pvc_py_fneg(a);
    }
}

/* A float op's operand: a double's bits, or an int (k[i]) widened as the emitted C does. */
static double float_operand(const sim_op *o, int i, int64_t slot)
{
    return o->k[i] ? pvc_py_float(slot) : slot_double(slot);
}

/* ---- events -------------------------------------------------------------------------- */
/* Active elements at granularity w: bits w*i of the mask (§1.2). */
static int64_t mask_population(const pvc_mreg *m, unsigned w)
{
    static const uint8_t sel[9] = {0, 0xff, 0x55, 0, 0x11, 0, 0, 0, 0x01};
    int64_t n = 0;
    for (int j = 0; j < 32; j++)
        n += __builtin_popcount((unsigned)(m->bits[j] & sel[w]));
    return n;
}

static pvc_sim_event event_of(const sim_op *o)
{
    pvc_sim_event e;
    memset(&e, 0, sizeof e);
    e.opcode = o->code < PVC_OP_COUNT ? o->code : PVC_OP_RANGE;
    e.name = pvc_ops[e.opcode].name;
    e.loc = o->loc;
    e.pipe = pvc_cost_table[e.opcode].pipe;
    e.dtype = o->dtype;
    e.addr = e.bytes = e.mask = e.cursor = e.value = -1;
    return e;
}

/* ---- the runner ---------------------------------------------------------------------- */
/* Everything one op needs to report, filled by the op's case when observing. */
typedef struct {
    int64_t addr, bytes, cursor, value;
    const pvc_mreg *mask;
    int has_value, read, write; /* read/write: UB bytes direction for --stats */
    uint64_t gm_in, gm_out;
} op_info;

static void observe(sim *S, const sim_op *o, const op_info *in)
{
    pvc_sim_event e = event_of(o);
    e.addr = in->addr;
    e.bytes = in->bytes;
    e.cursor = in->cursor;
    e.value = in->value;
    e.has_value = in->has_value;
    if (in->mask && o->gran)
        e.mask = mask_population(in->mask, (unsigned)o->gran);
    if (in->bytes > 0 && in->read)
        e.ub_read = (uint64_t)in->bytes;
    if (in->bytes > 0 && in->write)
        e.ub_write = (uint64_t)in->bytes;
    e.gm_in = in->gm_in;
    e.gm_out = in->gm_out;
    pvc_sim_observe(&S->obs, &e);
}

static void run_func(sim *S, sim_func *F);

#define VR(i) (&F->v[o->a[i]])
#define MR(i) (&F->m[o->a[i]])
#define SV(i) (F->s[o->a[i]])

/* Tile t of the function, its address refreshed from its slot when it is a run-time one. */
static const pvc_tile *sim_tile(sim_func *F, int t)
{
    if (F->tile_slot[t] >= 0)
        F->tiles[t].addr = (uint32_t)F->s[F->tile_slot[t]];
    return &F->tiles[t];
}
#define TILE(t) sim_tile(F, t)

static uint32_t floor32(uint32_t a) { return a & ~31u; }

/* UB span of a DataBlock access (§2.4, §3.5): blocks k with any mask bit 32k..32k+31 set. */
static uint32_t datablock_bytes(const pvc_mreg *m)
{
    uint32_t n = 0;
    for (int k = 0; k < 8; k++)
        n += (m->bits[4 * k] | m->bits[4 * k + 1] | m->bits[4 * k + 2] | m->bits[4 * k + 3]) ? 32 : 0;
    return n;
}

static void datablock_hazard(sim *S, const sim_op *o, uint32_t addr, const pvc_mreg *m,
                             uint32_t bs, int store)
{
    for (uint32_t k = 0; k < 8; k++) {
        if (!(m->bits[4 * k] | m->bits[4 * k + 1] | m->bits[4 * k + 2] | m->bits[4 * k + 3]))
            continue;
        uint32_t a = addr + 32u * k * bs;
        if (store)
            pvc_hazard_store(S->hz, a, 32, o->id);
        else
            hazard_read(S, o, PVC_HZ_VLOAD, a, 32);
    }
}

/* Bytes a store stream writes when P advances to E (§4.2): [floor32(P), floor32(E)). */
static void stream_store(sim *S, const sim_op *o, uint32_t p, uint32_t n, op_info *in)
{
    uint32_t lo = floor32(p), hi = floor32(p + n);
    if (hi > lo)
        pvc_hazard_store(S->hz, lo, hi - lo, o->id);
    in->addr = lo;
    in->bytes = hi - lo;
    in->write = 1;
}

/* Parked bytes of s flushed at floor32(p): the span up to the highest valid byte. */
static void flush_store(sim *S, const sim_op *o, const pvc_ureg_st *s, uint32_t p, op_info *in)
{
    uint32_t hi = 0;
    for (uint32_t k = 0; k < 32; k++)
        if (s->valid >> k & 1)
            hi = k + 1;
    if (hi)
        pvc_hazard_store(S->hz, floor32(p), hi, o->id);
    in->addr = floor32(p);
    in->bytes = hi;
    in->write = 1;
}

static void note_clipped(sim *S, const sim_op *o, const char *what, int64_t clipped,
                         const pvc_tile *t, const pvc_tensor *x, int64_t r0, int64_t c0)
{
    if (!clipped || !S->o->notes)
        return;
    pvc_diag d;
    pvc_diag_init(&d, &S->u->src, S->o->notes);
    pvc_report_at(&d, (pvc_span){o->loc->line, o->loc->col}, "note",
                  "%s window [%lld, %lld] + %ux%u crosses the edge of the %lldx%lld tensor: "
                  "%lld of %u tile elements are not copied",
                  what, (long long)r0, (long long)c0, t->rows, t->cols,
                  (long long)(x->rank == 1 ? 1 : x->shape[0]),
                  (long long)(x->rank == 1 ? x->shape[0] : x->shape[1]), (long long)clipped,
                  t->rows * t->cols);
}

static uint64_t tile_data_bytes(const pvc_tile *t, int64_t elems)
{
    return (uint64_t)elems * pvc_dtype_table[t->dtype].bits / 8;
}

static void run_gm(sim *S, sim_func *F, const sim_op *o, op_info *in)
{
    const pvc_tile *t = TILE(o->tile);
    int load = o->code == PVC_OP_M_GM_LOAD;
    const pvc_tensor *x = &S->args[-2 - o->a[load ? 1 : 0]];
    int64_t r0 = SV(2), c0 = SV(3);
    int64_t elems = (int64_t)t->rows * t->cols;
    in->addr = t->addr;
    if (!load)
        hazard_read(S, o, PVC_HZ_SREAD, t->addr, pvc_tile_bytes(t));
    int64_t clipped = load ? pvc_gm_load(S->ctx, t, x, r0, c0) : pvc_gm_store(S->ctx, x, t, r0, c0);
    uint64_t moved = tile_data_bytes(t, elems - clipped);
    in->bytes = (int64_t)moved;
    if (load)
        in->gm_in = moved;
    else
        in->gm_out = moved;
    note_clipped(S, o, load ? "pl.load" : "pl.store", clipped, t, x, r0, c0);
}

static void run_call(sim *S, sim_func *F, const sim_op *o)
{
    sim_func *C = o->callee;
    for (int j = 0; j < C->f->nparams; j++)
        if (o->a[j] >= 0)
            C->s[C->f->params[j]->id] = F->s[o->a[j]];
    memset(C->def, 0, (size_t)C->nvars); /* registers start undefined in every invocation */
    pvc_hazard_settle(S->hz);            /* the kernel's earlier moves are complete */
    run_func(S, C);
    pvc_hazard_settle(S->hz);            /* end of the VF completes its stores (interp.h) */
}

/* Loads (one register or two, or a mask) by dist, plain or post-update. */
static void run_load(sim *S, sim_func *F, const sim_op *o, op_info *in)
{
    pvc_ctx *ctx = S->ctx;
    uint32_t cur, addr;
    int post = o->code == PVC_OP_M_LD_REG_POST || o->code == PVC_OP_M_LD_X2_POST ||
               o->code == PVC_OP_M_LD_MASK_POST;
    uint32_t bytes = o->code == PVC_OP_M_LD_MASK || o->code == PVC_OP_M_LD_MASK_POST
                         ? pvc_mask_dist_table[o->k[0]].bytes
                         : pvc_load_dist_table[o->k[0]].bytes;
    cur = (uint32_t)(post ? SV(0) : 0);
    addr = post ? cur : (uint32_t)SV(0);
    switch (o->code) {
    case PVC_OP_M_LD_REG: pvc_load_align_fast(ctx, &F->v[o->r[0]], addr, (pvc_load_dist)o->k[0]); break;
    case PVC_OP_M_LD_REG_POST:
        pvc_load_align_post(ctx, &F->v[o->r[0]], &cur, (int32_t)SV(1), (pvc_load_dist)o->k[0]);
        break;
    case PVC_OP_M_LD_X2:
        pvc_load_align_x2(ctx, &F->v[o->r[0]], &F->v[o->r[1]], addr, (pvc_load_dist)o->k[0]);
        break;
    case PVC_OP_M_LD_X2_POST:
        pvc_load_align_x2_post(ctx, &F->v[o->r[0]], &F->v[o->r[1]], &cur, (int32_t)SV(1),
                               (pvc_load_dist)o->k[0]);
        break;
    case PVC_OP_M_LD_MASK: pvc_mask_load(ctx, &F->m[o->r[0]], addr, (pvc_mask_dist)o->k[0]); break;
    default:
        pvc_mask_load_post(ctx, &F->m[o->r[0]], &cur, (int32_t)SV(1), (pvc_mask_dist)o->k[0]);
        break;
    }
    hazard_read(S, o, PVC_HZ_VLOAD, addr, bytes);
    if (post) {
        SV(0) = cur;
        in->cursor = cur;
    }
    if (o->code == PVC_OP_M_LD_MASK || o->code == PVC_OP_M_LD_MASK_POST)
        in->mask = &F->m[o->r[0]];
    in->addr = addr;
    in->bytes = bytes;
    in->read = 1;
}

static void run_store(sim *S, sim_func *F, const sim_op *o, op_info *in)
{
    pvc_ctx *ctx = S->ctx;
    uint32_t cur = 0, addr, bytes;
    switch (o->code) {
    case PVC_OP_M_ST_REG:
        addr = (uint32_t)SV(0);
        pvc_store_align_fast(ctx, addr, VR(1), MR(2), (pvc_store_dist)o->k[0]);
        bytes = pvc_store_dist_table[o->k[0]].bytes;
        in->mask = MR(2);
        break;
    case PVC_OP_M_ST_REG_POST:
        addr = cur = (uint32_t)SV(0);
        pvc_store_align_post(ctx, &cur, (int32_t)SV(1), VR(2), MR(3), (pvc_store_dist)o->k[0]);
        bytes = pvc_store_dist_table[o->k[0]].bytes;
        in->mask = MR(3);
        break;
    case PVC_OP_M_ST_X2:
        addr = (uint32_t)SV(0);
        pvc_store_align_x2(ctx, addr, VR(1), VR(2), (pvc_store_dist)o->k[0]);
        bytes = pvc_store_dist_table[o->k[0]].bytes;
        break;
    case PVC_OP_M_ST_MASK:
        addr = (uint32_t)SV(0);
        pvc_mask_store(ctx, addr, MR(1), (pvc_mask_dist)o->k[0]);
        bytes = pvc_mask_dist_table[o->k[0]].bytes;
        in->mask = MR(1);
        break;
    default: /* ST_MASK_POST */
        addr = cur = (uint32_t)SV(0);
        pvc_mask_store_post(ctx, &cur, (int32_t)SV(1), MR(2), (pvc_mask_dist)o->k[0]);
        bytes = pvc_mask_dist_table[o->k[0]].bytes;
        in->mask = MR(2);
        break;
    }
    pvc_hazard_store(S->hz, addr, bytes, o->id);
    if (o->code == PVC_OP_M_ST_REG_POST || o->code == PVC_OP_M_ST_MASK_POST) {
        SV(0) = cur;
        in->cursor = cur;
    }
    in->addr = addr;
    in->bytes = bytes;
    in->write = 1;
}

static void run_datablock(sim *S, sim_func *F, const sim_op *o, op_info *in)
{
    pvc_ctx *ctx = S->ctx;
    int post = o->code == PVC_OP_M_LD_BLK_POST || o->code == PVC_OP_M_ST_BLK_POST;
    int store = o->code == PVC_OP_M_ST_BLK || o->code == PVC_OP_M_ST_BLK_POST;
    uint32_t cur = (uint32_t)SV(0), addr = cur;
    const pvc_mreg *m = store ? MR(2) : MR(1);
    switch (o->code) {
    case PVC_OP_M_LD_BLK:
        pvc_load_align_datablock(ctx, &F->v[o->r[0]], addr, (uint16_t)o->k[0], m);
        break;
    case PVC_OP_M_LD_BLK_POST:
        pvc_load_align_datablock_post(ctx, &F->v[o->r[0]], &cur, (uint16_t)o->k[0], (uint16_t)o->k[1], m);
        break;
    case PVC_OP_M_ST_BLK:
        pvc_store_align_datablock(ctx, addr, VR(1), m, (uint16_t)o->k[0]);
        break;
    default:
        pvc_store_align_datablock_post(ctx, &cur, VR(1), m, (uint16_t)o->k[0], (uint16_t)o->k[1]);
        break;
    }
    datablock_hazard(S, o, addr, m, (uint32_t)(uint16_t)o->k[0], store);
    if (post) {
        SV(0) = cur;
        in->cursor = cur;
    }
    in->addr = addr;
    in->bytes = datablock_bytes(m);
    in->mask = m;
    in->read = !store;
    in->write = store;
}

/* stu.check at the end of a VF: the runtime raises UNFLUSHED; the simulator adds the
 * store_unalign that parked the bytes as the related location. */
typedef struct {
    const pvc_ureg_st *s;
    uint32_t cursor;
} unflushed_arg;

static void unflushed_runtime_check(pvc_ctx *ctx, void *arg)
{
    const unflushed_arg *a = arg;
    pvc_ureg_st_check(ctx, a->s, a->cursor);
}

static void unflushed_check(sim *S, sim_func *F, const sim_op *o)
{
    unflushed_arg a = {&F->us[o->a[0]], (uint32_t)SV(1)};
    if (!pvc_ureg_st_pending(a.s))
        return;
    if (pvc_ctx_pcall(S->ctx, unflushed_runtime_check, &a) == PVC_FAULT_NONE)
        return;
    if (F->last_stu[o->a[0]])
        S->ctx->fault.related = *S->locs[F->last_stu[o->a[0]]];
    pvc_fault_unwind(S->ctx);
}

/* The unaligned family (§4): the hazard spans follow the state machines of pvc_rt.h. */
static void run_unalign(sim *S, sim_func *F, const sim_op *o, op_info *in)
{
    pvc_ctx *ctx = S->ctx;
    uint32_t cur, a;
    switch (o->code) {
    case PVC_OP_M_LDU_INIT: pvc_load_unalign_init(&F->ul[o->r[0]]); break;
    case PVC_OP_M_STU_INIT: pvc_unalign_reg_for_store(&F->us[o->r[0]]); break;
    case PVC_OP_M_LDU_PRE:
        a = (uint32_t)SV(1);
        pvc_load_unalign_pre(ctx, &F->ul[o->a[0]], a);
        hazard_read(S, o, PVC_HZ_VLOAD, floor32(a), 32);
        in->addr = floor32(a), in->bytes = 32, in->read = 1;
        break;
    case PVC_OP_M_LDU:
    case PVC_OP_M_LDU_POST:
    case PVC_OP_M_LDU_AREG:
        if (o->code == PVC_OP_M_LDU) {
            a = (uint32_t)SV(1);
            pvc_load_unalign(ctx, &F->v[o->r[0]], &F->ul[o->a[0]], a);
        } else if (o->code == PVC_OP_M_LDU_POST) {
            a = cur = (uint32_t)SV(1);
            pvc_load_unalign_post(ctx, &F->v[o->r[0]], &F->ul[o->a[0]], &cur, (int32_t)SV(2));
            SV(1) = cur;
            in->cursor = cur;
        } else {
            a = (uint32_t)SV(1) + (uint32_t)SV(2);
            pvc_load_unalign_areg(ctx, &F->v[o->r[0]], &F->ul[o->a[0]], (uint32_t)SV(1), (uint32_t)SV(2));
        }
        /* reads UB[B+32 .. B+288): the rest of the register and the next cached block */
        hazard_read(S, o, PVC_HZ_VLOAD, floor32(a) + 32, 256);
        in->addr = floor32(a) + 32, in->bytes = 256, in->read = 1;
        break;
    case PVC_OP_M_STU: {
        uint32_t n = (uint32_t)SV(3) * (uint32_t)o->k[0];
        cur = (uint32_t)SV(0);
        uint32_t p = cur;
        pvc_store_unalign(ctx, &cur, VR(1), &F->us[o->a[2]], (uint32_t)SV(3), (unsigned)o->k[0], o->k[1]);
        F->last_stu[o->a[2]] = o->id;
        stream_store(S, o, p, n, in);
        SV(0) = cur;
        in->cursor = cur;
        break;
    }
    case PVC_OP_M_STU_MASK: {
        cur = (uint32_t)SV(0);
        uint32_t p = cur;
        pvc_mask_store_unalign(ctx, &cur, MR(1), &F->us[o->a[2]], (unsigned)o->k[0]);
        F->last_stu[o->a[2]] = o->id;
        stream_store(S, o, p, o->k[0] == 2 ? 16 : 8, in);
        SV(0) = cur;
        in->cursor = cur;
        in->mask = MR(1);
        break;
    }
    case PVC_OP_M_STU_FLUSH: {
        pvc_ureg_st before = F->us[o->a[1]];
        cur = (uint32_t)SV(0);
        uint32_t p = cur;
        pvc_store_unalign_post(ctx, &cur, &F->us[o->a[1]], (int32_t)SV(2), o->k[0]);
        flush_store(S, o, &before, p, in);
        SV(0) = cur;
        in->cursor = cur;
        break;
    }
    case PVC_OP_M_STU_AREG: {
        a = (uint32_t)SV(0) + (uint32_t)SV(1);
        pvc_store_unalign_areg(ctx, (uint32_t)SV(0), (uint32_t)SV(1), VR(2), &F->us[o->a[3]], (unsigned)o->k[0]);
        F->last_stu[o->a[3]] = o->id;
        stream_store(S, o, a, 256, in);
        break;
    }
    default: /* STU_CHECK */
        unflushed_check(S, F, o);
        break;
    }
}

/* Masks, compares, compute, casts, barriers, addresses. */
static void run_compute(sim *S, sim_func *F, const sim_op *o, op_info *in)
{
    pvc_ctx *ctx = S->ctx;
    switch (o->code) {
    case PVC_OP_M_MASK_CREATE:
        pvc_mask_create(ctx, &F->m[o->r[0]], (pvc_mask_pattern)o->k[0], (unsigned)o->k[1]);
        in->mask = &F->m[o->r[0]];
        break;
    case PVC_OP_M_MASK_UPDATE:
        (void)pvc_mask_update(ctx, &F->m[o->r[0]], (uint32_t)SV(0), (unsigned)o->k[0]);
        in->mask = &F->m[o->r[0]];
        break;
    case PVC_OP_M_CMP:
        pvc_compare(ctx, &F->m[o->r[0]], (pvc_cmp)o->k[0], (pvc_dtype)o->k[1], VR(0), VR(1), MR(2));
        in->mask = &F->m[o->r[0]]; /* lanes where the compare holds */
        break;
    case PVC_OP_M_CMP_S:
        pvc_compare_scalar(ctx, &F->m[o->r[0]], (pvc_cmp)o->k[0], (pvc_dtype)o->k[1], VR(0),
                           (uint64_t)SV(1), MR(2));
        in->mask = &F->m[o->r[0]];
        break;
    case PVC_OP_M_ABS: pvc_abs(ctx, &F->v[o->r[0]], (pvc_dtype)o->k[0], VR(0), MR(1)); in->mask = MR(1); break;
    case PVC_OP_M_RELU: pvc_relu(ctx, &F->v[o->r[0]], (pvc_dtype)o->k[0], VR(0), MR(1)); in->mask = MR(1); break;
    case PVC_OP_M_ASTYPE:
        pvc_astype(&F->v[o->r[0]], VR(0), MR(1), (pvc_dtype)o->k[0], (pvc_dtype)o->k[1],
                   (pvc_layout)o->k[2], (pvc_round)o->k[3], (pvc_sat)o->k[4]);
        in->mask = MR(1);
        break;
    case PVC_OP_M_FULL:
        pvc_full(ctx, &F->v[o->r[0]], (pvc_dtype)o->k[0], (uint64_t)SV(0), NULL, PVC_MERGE_ZEROING);
        break;
    case PVC_OP_M_FULL_M:
        if (o->k[1] == PVC_MERGE_MERGING && !F->def[o->r[0]])
            undef_reg(S, F, o, o->r[0]); /* merging keeps lanes of a register never written */
        pvc_full(ctx, &F->v[o->r[0]], (pvc_dtype)o->k[0], (uint64_t)SV(0), MR(1), (pvc_merge)o->k[1]);
        in->mask = MR(1);
        break;
    case PVC_OP_M_FULL_REG:
        if (o->k[2] == PVC_MERGE_MERGING && !F->def[o->r[0]])
            undef_reg(S, F, o, o->r[0]);
        pvc_full_reg(ctx, &F->v[o->r[0]], (pvc_dtype)o->k[0], VR(0), MR(1), (pvc_pos)o->k[1],
                     (pvc_merge)o->k[2]);
        in->mask = MR(1);
        break;
    case PVC_OP_M_MEM_BAR:
        pvc_mem_bar(ctx, (pvc_membar)o->k[0]);
        break;
    default:
        break;
    }
}

static void run_address(sim *S, sim_func *F, const sim_op *o, op_info *in)
{
    (void)S;
    switch (o->code) {
    case PVC_OP_M_UB_ADDR:
        F->s[o->r[0]] = pvc_tile_off_addr(TILE(o->tile), SV(1));
        break;
    case PVC_OP_M_CURSOR_INIT:
        F->s[o->r[0]] = pvc_tile_off_addr(TILE(o->tile), 0);
        break;
    default: { /* AREG */
        int64_t strides[4], iters[4];
        for (int k = 0; k < 4; k++) {
            strides[k] = SV(k);
            iters[k] = SV(4 + k);
        }
        unsigned n = o->k[1] < 0 ? 0 : o->k[1] > 4 ? 4 : (unsigned)o->k[1];
        F->s[o->r[0]] = pvc_areg_bytes((pvc_dtype)o->k[0], n, strides, iters);
        break;
    }
    }
    in->value = F->s[o->r[0]];
    in->has_value = 1;
}

static void run_assign(sim_func *F, const sim_op *o)
{
    int d = o->r[0], s = o->a[0];
    switch (o->k[0]) {
    case CP_INT: F->s[d] = F->s[s]; break;
    case CP_VREG: F->v[d] = F->v[s]; break;
    case CP_MREG: F->m[d] = F->m[s]; break;
    case CP_ULD: F->ul[d] = F->ul[s]; break;
    case CP_UST: F->us[d] = F->us[s]; break;
    default: break;
    }
}

static void run_func(sim *S, sim_func *F)
{
    pvc_ctx *ctx = S->ctx;
    memcpy(F->s + F->nvars, F->consts, (size_t)F->nconsts * sizeof *F->s);
    for (int pc = 0; pc < F->nops; pc++) {
        const sim_op *o = &F->ops[pc];
        op_info in = {-1, -1, -1, -1, NULL, 0, 0, 0, 0, 0};
        ctx->at = o->loc;
        for (int c = 0; c < o->nchk; c++)
            if (!F->def[o->chk[c]])
                undef_reg(S, F, o, o->chk[c]);
        switch (o->code) {
        case PVC_OP_RANGE: {
            int64_t *h = &F->s[o->aux]; /* iteration, count, start, step: as the emitted C */
            h[0] = 0, h[1] = (int64_t)pvc_py_range_len(ctx, SV(0), SV(1), SV(2));
            h[2] = SV(0), h[3] = SV(2);
            if (h[1] == 0) {
                pc = o->jump; /* skip the body and its end marker */
                continue;
            }
            F->s[o->r[0]] = h[2];
            in.value = h[2], in.has_value = 1;
            break;
        }
        case SIM_LOOP_END: {
            int64_t *h = &F->s[o->aux];
            h[0] = pvc_py_add(h[0], 1);
            if ((uint64_t)h[0] < (uint64_t)h[1]) {
                F->s[o->r[0]] = pvc_py_range_at(h[2], (uint64_t)h[0], h[3]);
                pc = o->jump; /* to the first op of the body */
                if (S->observing) {
                    in.value = F->s[o->r[0]], in.has_value = 1;
                    observe(S, &F->ops[o->jump], &in);
                }
            }
            continue;
        }
        case PVC_OP_ASSIGN: run_assign(F, o); if (o->k[0] == CP_INT) in.value = F->s[o->r[0]], in.has_value = 1; break;
        case PVC_OP_ADD: case PVC_OP_SUB: case PVC_OP_MUL: case PVC_OP_FLOORDIV: case PVC_OP_MOD:
        case PVC_OP_NEG:
            if (o->k[2]) { /* trace values are integers: a float result shows none */
                F->s[o->r[0]] = double_bits(float_arith(ctx, o->code, float_operand(o, 0, SV(0)),
                                                        float_operand(o, 1, SV(1))));
                break;
            }
            F->s[o->r[0]] = int_arith(ctx, o->code, SV(0), SV(1));
            in.value = F->s[o->r[0]], in.has_value = 1;
            break;
        case PVC_OP_MAKE_TILE: case PVC_OP_TG_SLOT:
        case PVC_OP_TG_CURRENT: case PVC_OP_TG_NEXT: case PVC_OP_TG_PREVIOUS:
            pvc_tile_check(ctx, TILE(o->tile));
            in.addr = TILE(o->tile)->addr;
            in.bytes = pvc_tile_bytes(TILE(o->tile));
            break;
        case PVC_OP_CALL:
            if (S->observing)
                observe(S, o, &in);
            run_call(S, F, o);
            continue;
        case PVC_OP_M_TG_STEP: {
            int64_t slot = SV(0);
            pvc_tile_group_step(&slot, o->k[0], o->k[1]);
            F->s[o->a[0]] = slot;
            in.value = slot, in.has_value = 1;
            break;
        }
        case PVC_OP_M_TG_ADDR:
            F->s[o->r[0]] = pvc_tile_group_addr((uint32_t)o->k[0], SV(0), (uint32_t)o->k[1]);
            in.value = F->s[o->r[0]], in.has_value = 1;
            break;
        case PVC_OP_M_ENCODE: /* same rounding as a literal's compile-time encoding */
            F->s[o->r[0]] = (int64_t)pvc_value_encode((pvc_dtype)o->k[0],
                                                      o->k[1] ? slot_double(SV(0)) : (double)SV(0),
                                                      PVC_ROUND_RINT, PVC_SAT_OFF);
            in.value = F->s[o->r[0]], in.has_value = 1;
            break;
        case PVC_OP_M_GM_LOAD: case PVC_OP_M_GM_STORE: run_gm(S, F, o, &in); break;
        case PVC_OP_M_UB_ADDR: case PVC_OP_M_CURSOR_INIT: case PVC_OP_M_AREG: run_address(S, F, o, &in); break;
        case PVC_OP_M_LD_REG: case PVC_OP_M_LD_REG_POST: case PVC_OP_M_LD_X2: case PVC_OP_M_LD_X2_POST:
        case PVC_OP_M_LD_MASK: case PVC_OP_M_LD_MASK_POST:
            run_load(S, F, o, &in);
            break;
        case PVC_OP_M_ST_REG: case PVC_OP_M_ST_REG_POST: case PVC_OP_M_ST_X2: case PVC_OP_M_ST_MASK:
        case PVC_OP_M_ST_MASK_POST:
            run_store(S, F, o, &in);
            break;
        case PVC_OP_M_LD_BLK: case PVC_OP_M_LD_BLK_POST: case PVC_OP_M_ST_BLK: case PVC_OP_M_ST_BLK_POST:
            run_datablock(S, F, o, &in);
            break;
        case PVC_OP_M_LDU_INIT: case PVC_OP_M_LDU_PRE: case PVC_OP_M_LDU: case PVC_OP_M_LDU_POST:
        case PVC_OP_M_LDU_AREG: case PVC_OP_M_STU_INIT: case PVC_OP_M_STU: case PVC_OP_M_STU_MASK:
        case PVC_OP_M_STU_FLUSH: case PVC_OP_M_STU_AREG: case PVC_OP_M_STU_CHECK:
            run_unalign(S, F, o, &in);
            break;
        default:
            run_compute(S, F, o, &in);
            break;
        }
        if (o->r[0] >= 0 && o->r[0] < F->nvars)
            F->def[o->r[0]] = 1;
        if (o->r[1] >= 0)
            F->def[o->r[1]] = 1;
        if (S->observing)
            observe(S, o, &in);
    }
}

/* ---- entry --------------------------------------------------------------------------- */
/* Scalar parameters go into their variables' slots as every scalar lives there: an int or
 * bool as itself, a float as the bits of its double (the emitted C's scalars[i].i / .f). */
static void bind_scalars(sim *S, sim_func *F)
{
    for (int i = 0; i < F->f->nparams; i++) {
        const pvc_value *p = F->f->params[i];
        if (p->type.kind == PVC_TY_FLOAT)
            F->s[p->id] = double_bits(S->scalars[i].f);
        else if (p->type.kind != PVC_TY_TENSOR)
            F->s[p->id] = S->scalars[i].i;
    }
}

static void run_kernel(pvc_ctx *ctx, void *arg)
{
    sim *S = arg;
    (void)ctx;
    bind_scalars(S, S->kernel);
    run_func(S, S->kernel);
}

static void sim_free(sim *S)
{
    if (S->funcs)
        for (int i = 0; i < S->u->mod->nfuncs; i++)
            free_func(S->funcs[i]);
    free(S->funcs);
    for (int i = 1; i <= S->nlocs; i++)
        free(S->locs[i]);
    free(S->locs);
    pvc_hazard_free(S->hz);
}

/* Kernel parameters are what args[] (tensors) and scalars[] (int, bool, float) bind. */
static int check_params(sim *S, const pvc_func *kernel)
{
    for (int i = 0; i < kernel->nparams; i++)
        if (pvc_param_kind_letter(kernel->params[i]->type.kind) == '?') {
            fail(S, kernel->params[i]->loc, "a kernel parameter that is neither a tensor nor int/float/bool");
            return -1;
        }
    return 0;
}

int pvc_backend_sim(pvc_unit *u, const pvc_func *kernel, pvc_ctx *ctx, pvc_tensor *args,
                    const pvc_scalar *scalars, const pvc_run_opts *o)
{
    sim S;
    pvc_stats stats;
    memset(&S, 0, sizeof S);
    memset(&stats, 0, sizeof stats);
    S.u = u, S.ctx = ctx, S.args = args, S.scalars = scalars, S.o = o;
    S.funcs = xcalloc((size_t)u->mod->nfuncs, sizeof *S.funcs);
    S.hz = pvc_hazard_new();
    if (!S.hz) {
        fprintf(stderr, "pvc: error: out of memory for the hazard map\n");
        sim_free(&S);
        return -1;
    }
    if (!check_params(&S, kernel))
        S.kernel = decode_func(&S, kernel);
    if (S.error) {
        fprintf(stderr, "%s\n", S.error);
        sim_free(&S);
        return -1;
    }
    S.obs.trace = o->trace;
    S.obs.stats = o->stats ? &stats : NULL;
    if (o->timeline && !(S.obs.timeline = pvc_timeline_open(o->timeline))) {
        fprintf(stderr, "pvc: error: --timeline %s: cannot write it\n", o->timeline);
        sim_free(&S);
        return -1;
    }
    S.observing = pvc_sim_observing(&S.obs);

    pvc_mem_bar_fn saved_hook = ctx->mem_bar;
    void *saved_user = ctx->user;
    ctx->mem_bar = sim_mem_bar;
    ctx->user = &S;
    int rc = pvc_ctx_pcall(ctx, run_kernel, &S);
    ctx->mem_bar = saved_hook;
    ctx->user = saved_user;
    ctx->at = NULL;

    if (o->trace)
        fflush(o->trace);
    if (o->stats)
        pvc_stats_print(&stats, o->stats);
    int terr = pvc_timeline_close(S.obs.timeline);
    sim_free(&S);
    if (terr && !rc) {
        fprintf(stderr, "pvc: error: --timeline %s: write failed\n", o->timeline);
        return -1;
    }
    return rc;
}
