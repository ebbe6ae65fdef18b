/* decode.c - the simulator's first phase: the checked IR -> sim_func (prog.h).
 *
 * Each function reached from the kernel becomes a flat array of sim_op: opcode, operands
 * pre-resolved to slot numbers, attributes as ints, its static tiles, a pvc_loc, and for
 * pl.range the index of its end (structured loops become a begin/end pair that jump).
 * Constants get slots after the variables; the frame (register files) is allocated here
 * once per function. No string is looked at after this; interp.c runs the result.
 */
#include <stdlib.h>
#include <string.h>

#include "sim/prog.h"

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

/* The dtype an op reports in the trace: of the register it stores, its dtype attribute, or
 * of its result. */
static void trace_dtype(sim_op *o, const pvc_op *op)
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
}

/* The mask granularity (bytes) an op reports in the trace: of the mask operand it reads,
 * else of the mask it writes; 0 when it has none. */
static void trace_gran(sim_op *o, const pvc_op *op)
{
    const pvc_value *res = op->nresults ? op->results[0] : NULL;
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
    trace_dtype(o, op);
    trace_gran(o, op);
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

/* x = y: k[0] says which register file (or the slots) the copy reads. */
static void decode_assign(sim *S, sim_func *F, const pvc_op *op)
{
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
}

/* + - * // % and unary -: k[2] a float op (slots hold doubles' bits), k[i] operand i is an
 * int to widen. */
static void decode_arith(sim *S, sim_func *F, const pvc_op *op)
{
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
}

/* pl.range: the RANGE op, its body, then a SIM_LOOP_END; each knows the other's index. */
static void decode_range(sim *S, sim_func *F, const pvc_op *op)
{
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
}

/* The slot's address is static in the result type; the run checks it lies in usable UB. */
static void decode_tile(sim *S, sim_func *F, const pvc_op *op)
{
    sim_op *o = emit(S, F, op->code, op);
    o->tile = tile_of(S, F, op->results[0], op->loc);
    o->dtype = o->tile >= 0 ? (int)F->tiles[o->tile].dtype : -1;
}

/* A call of a vector function: decoded once, its arguments resolved by decode_call_args. */
static void decode_call(sim *S, sim_func *F, const pvc_op *op)
{
    const pvc_attr *c = pvc_op_attr(op, "callee");
    const pvc_func *callee = c && c->val ? pvc_func_find(S->u->mod, c->val->name) : NULL;
    if (!callee || callee->kind != PVC_FN_VECTOR || callee->nparams != op->noperands) {
        fail(S, op->loc, "a call of something other than a specialised vector function");
        return;
    }
    sim_func *cf = decode_func(S, callee);
    sim_op *o = emit(S, F, op->code, op);
    o->callee = cf;
}

static void decode_core(sim *S, sim_func *F, const pvc_op *op)
{
    switch (op->code) {
    case PVC_OP_ASSIGN: decode_assign(S, F, op); break;
    case PVC_OP_ADD: case PVC_OP_SUB: case PVC_OP_MUL: case PVC_OP_FLOORDIV: case PVC_OP_MOD:
    case PVC_OP_NEG:
        decode_arith(S, F, op);
        break;
    case PVC_OP_RANGE: decode_range(S, F, op); break;
    case PVC_OP_SECTION_VECTOR: decode_block(S, F, op->body); break;
    case PVC_OP_MAKE_TILE: case PVC_OP_TG_SLOT:
    case PVC_OP_TG_CURRENT: case PVC_OP_TG_NEXT: case PVC_OP_TG_PREVIOUS:
        decode_tile(S, F, op);
        break;
    case PVC_OP_CALL: decode_call(S, F, op); break;
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

/* The function's frame: slots (variables, then constants) and one register file per kind,
 * indexed by variable id; reused by every invocation (calls do not recurse). */
static void alloc_frame(sim_func *F)
{
    F->s = xcalloc((size_t)(F->nvars + F->nconsts), sizeof *F->s);
    F->v = xcalloc((size_t)F->nvars, sizeof *F->v);
    F->m = xcalloc((size_t)F->nvars, sizeof *F->m);
    F->ul = xcalloc((size_t)F->nvars, sizeof *F->ul);
    F->us = xcalloc((size_t)F->nvars, sizeof *F->us);
    F->def = xcalloc((size_t)F->nvars, 1);
    F->last_stu = xcalloc((size_t)F->nvars, sizeof *F->last_stu);
    F->names = xcalloc((size_t)F->nvars, sizeof *F->names);
    for (int i = 0; i < F->nvars; i++)
        F->names[i] = F->f->vars[i]->name;
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
    alloc_frame(F);
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

int sim_decode(sim *S, const pvc_func *kernel)
{
    S->funcs = xcalloc((size_t)S->u->mod->nfuncs, sizeof *S->funcs);
    if (!check_params(S, kernel))
        S->kernel = decode_func(S, kernel);
    return S->error ? -1 : 0;
}

void sim_decode_free(sim *S)
{
    if (S->funcs)
        for (int i = 0; i < S->u->mod->nfuncs; i++)
            free_func(S->funcs[i]);
    free(S->funcs);
    for (int i = 1; i <= S->nlocs; i++)
        free(S->locs[i]);
    free(S->locs);
}
