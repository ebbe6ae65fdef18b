/* decode.c - the simulator's first phase: the checked IR -> sim_func (prog.h).
 *
 * Each function reached from the kernel becomes a flat array of sim_op. A machine op is
 * decoded from its ops.h row alone: each operand to its storage in the frame (a register,
 * a slot, a tile, a tensor), each attribute to an int in row order, and its compiled row
 * (sim_runs). The scalar language keeps slot numbers; pl.range becomes a begin/end pair
 * that jump, if and while ops jump on their condition, break / continue / return become
 * jumps. Constants get slots after the variables; the frame is allocated once per
 * function. No string is looked at after this; interp.c runs the result.
 */
#include <stdlib.h>
#include <string.h>

#include "sim/prog.h"

/* ---- small allocation helpers (decode time only) ------------------------------------- */
static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        pvc_out_of_memory();
    return p;
}

/* Zeroed memory on 64-byte boundaries: a register on a cache line of its own, so the
 * runtime's wide moves into it never straddle two (as the emitted C's _Alignas(64)). */
static void *xalloc_lines(size_t n)
{
    n = (n + 63) / 64 * 64;
    void *p = aligned_alloc(64, n ? n : 64);
    if (!p)
        pvc_out_of_memory();
    return memset(p, 0, n ? n : 64);
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
        pvc_out_of_memory();
    *cap = c;
    return p;
}

static void fail(sim *S, pvc_span at, const char *what)
{
    if (!S->error) {
        snprintf(S->errbuf, sizeof S->errbuf, "the simulator cannot run this: %s", what);
        S->error = S->errbuf;
        S->error_at = at;
    }
}

/* ---- decode -------------------------------------------------------------------------- */
static uint32_t new_loc(sim *S, pvc_span at)
{
    S->locs = xgrow(S->locs, &S->caplocs, S->nlocs + 2, sizeof *S->locs);
    pvc_loc *l = xcalloc(1, sizeof *l);
    *l = (pvc_loc){S->u->mod->file ? S->u->mod->file : S->u->src.name, at.line, at.col};
    S->locs[++S->nlocs] = l; /* ids start at 1: 0 means "no store" in the hazard map */
    S->bases = xgrow(S->bases, &S->capbases, S->nlocs + 1, sizeof *S->bases);
    S->bases[S->nlocs] = (sim_base){.ub = -1};
    return (uint32_t)S->nlocs;
}

static int add_const(sim_func *F, int64_t v)
{
    F->consts = realloc(F->consts, (size_t)(F->nconsts + 1) * sizeof *F->consts);
    if (!F->consts)
        pvc_out_of_memory();
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
        pvc_out_of_memory();
    F->tile_slot[F->ntiles] = dyn ? v->id : -1; /* a rotated group slot: address in s[v] */
    F->tiles[F->ntiles] = (sim_tile){{dyn ? 0 : (uint32_t)t->ub_addr, (pvc_dtype)t->dtype,
                                      (uint32_t)t->dims[0], (uint32_t)t->dims[1], (pvc_mem)t->mem,
                                      (pvc_tile_layout)t->layout, (pvc_tile_pad)t->pad}, NULL};
    return F->ntiles++;
}

static int is_reg_kind(pvc_type_kind k)
{
    return k == PVC_TY_REG || k == PVC_TY_MASK || k == PVC_TY_UREG_LOAD || k == PVC_TY_UREG_STORE;
}

static sim_op *emit(sim *S, sim_func *F, int code, const pvc_op *ir)
{
    F->ops = xgrow(F->ops, &F->cap, F->nops + 1, sizeof *F->ops);
    sim_op *o = &F->ops[F->nops++];
    memset(o, 0, sizeof *o);
    o->code = code;
    o->r[0] = o->r[1] = -1;
    o->merge_reg = -1;
    o->tile = -1;
    o->dtype = -1;
    o->mask = -2;
    o->cursor = -1;
    o->ir = ir;
    o->id = new_loc(S, ir->loc);
    o->loc = S->locs[o->id];
    return o;
}

static sim_func *decode_func(sim *S, const pvc_func *f);

/* The attributes of a machine op, in row order (AZ entries are checks, not attributes). */
static void decode_attrs(sim *S, sim_op *o, const pvc_op *op, const pvc_mop *m)
{
    int n = 0;
    for (int i = 0; i < m->nattr; i++) {
        if (m->attr[i].kind == PVC_AK_CHECK)
            continue;
        const pvc_attr *a = pvc_op_attr(op, m->attr[i].name);
        if (!a || !a->val || n == SIM_MAX_ATTR) {
            fail(S, op->loc, "a machine op without one of its attributes");
            return;
        }
        o->k[n++] = a->val->i;
    }
}

static int reg_dtype(const pvc_value *v)
{
    return v && v->type.dtype >= 0 && v->type.dtype < PVC_DT_COUNT ? v->type.dtype : -1;
}

static int attr_value(const pvc_op *op, const char *key, int dflt)
{
    const pvc_attr *a = pvc_op_attr(op, key);
    return a && a->val ? (int)a->val->i : dflt;
}

/* What --trace says of a machine op: the dtype it computes or moves (its dtype / to
 * attribute, else its first register operand, else its register result, else a GM move's
 * tile), the mask it counts (the mask it makes, else its PRED operand, else its first mask
 * operand) and at which granularity, and where its cursor and scalar result are. */
static void decode_trace(sim_op *o, const pvc_op *op, const pvc_mop *m)
{
    const pvc_value *res = op->nresults ? op->results[0] : NULL;
    int dt = attr_value(op, "dtype", attr_value(op, "to", -1));
    int mask_opnd = -1, pred = 0;
    for (int i = 0; i < m->nopnd && dt < 0; i++)
        if (m->opnd[i].kind == PVC_OK_VREG)
            dt = reg_dtype(op->operands[i]);
    if (dt < 0 && res && res->type.kind == PVC_TY_REG)
        dt = reg_dtype(res);
    for (int i = 0; i < m->nopnd && dt < 0 && m->pipe != PVC_PIPE_V && m->pipe != PVC_PIPE_S; i++)
        if (pvc_ok_is_tile(m->opnd[i].kind))
            dt = op->operands[i]->type.dtype;
    o->dtype = dt;
    for (int i = 0; i < m->nopnd; i++) {
        if (m->opnd[i].kind == PVC_OK_PRED && !pred)
            mask_opnd = i, pred = 1;
        else if (m->opnd[i].kind == PVC_OK_MASK && mask_opnd < 0)
            mask_opnd = i;
        else if (m->opnd[i].kind == PVC_OK_CURSOR)
            o->cursor = i;
    }
    const pvc_value *mv = mask_opnd >= 0 ? op->operands[mask_opnd] : NULL;
    if (res && res->type.kind == PVC_TY_MASK) /* a mask it makes says more than its predicate */
        o->mask = -1, mv = res, pred = 0;
    else if (mask_opnd >= 0)
        o->mask = mask_opnd;
    int g = attr_value(op, "gran", 0);
    if (!g && pred)
        g = pvc_mop_pred_width(op);
    if (!g && mv)
        g = dt >= 0 && mv == res ? (int)pvc_dtype_lane_bytes((pvc_dtype)dt) : mv->type.gran / 8;
    o->gran = mv ? (g == 1 || g == 2 || g == 4 || g == 8 ? g : 1) : 0;
    if (!mv)
        o->mask = -2;
    o->scalar_res = m->nres && (m->res[0].kind == PVC_OK_INT || m->res[0].kind == PVC_OK_ADDR);
}

/* An operand of kind k: a slot number, a register variable, a tile or a tensor parameter.
 * interp.c's bind turns it into an address in the frame once the frame exists. */
static const pvc_op def_twice; /* below: a variable assigned more than once */
static void decode_operand(sim *S, sim_func *F, sim_op *o, int i, pvc_opnd_kind k, const pvc_value *v,
                           pvc_span at)
{
    switch (k) {
    case PVC_OK_TILE: case PVC_OK_TILE_ND: o->a[i] = tile_of(S, F, v, at); return;
    case PVC_OK_TENSOR:
        o->a[i] = -1; /* kernel parameter p, through names bound to it once (b = a) */
        for (int depth = 0; depth < 16 && v->kind == PVC_V_VAR && v->id >= 0 && v->id < F->nvars; depth++) {
            const pvc_op *d = F->defs[v->id];
            if (!d || d == &def_twice || d->code != PVC_OP_ASSIGN || d->noperands != 1)
                break;
            v = d->operands[0];
        }
        for (int p = 0; p < F->f->nparams; p++)
            if (F->f->params[p] == v)
                o->a[i] = p;
        if (o->a[i] < 0 && v->kind == PVC_V_VAR && v->type.view && v->id >= 0 && v->id < F->nvars) {
            if (!S->views) { /* a view's pvc_tensor, which gm.view fills (§6): slot nparams + id */
                S->views = xcalloc((size_t)F->nvars, sizeof *S->views);
                S->nargs = F->f->nparams;
            }
            o->a[i] = S->nargs + v->id;
        }
        if (o->a[i] < 0)
            fail(S, at, "a tensor that is not a kernel parameter");
        return;
    case PVC_OK_VREG: case PVC_OK_MASK: case PVC_OK_PRED: case PVC_OK_ULD: case PVC_OK_UST:
        if (v->kind != PVC_V_VAR || !is_reg_kind(v->type.kind)) {
            fail(S, at, "a register operand that is not a register variable");
            return;
        }
        o->a[i] = v->id;
        o->chk[o->nchk++] = v->id; /* in-place unaligned registers are read too */
        return;
    case PVC_OK_NUM: o->a[i] = float_slot(S, F, v, at); return;
    case PVC_OK_CURSOR: case PVC_OK_SLOT:
        if (v->kind != PVC_V_VAR)
            fail(S, at, "an in-place operand that is not a variable");
        o->a[i] = v->id;
        return;
    default: o->a[i] = scalar_slot(S, F, v, at); return;
    }
}

/* ---- the tile of a vector access (prog.h sim_base) ------------------------------------ */
static const pvc_op def_twice; /* a variable assigned more than once: no one definition */

/* defs[v]: the op that assigns variable v, for every block of b at any depth. */
static void find_defs(const pvc_block *b, const pvc_op **defs, int nvars)
{
    for (int i = 0; i < b->nops; i++) {
        const pvc_op *op = b->ops[i];
        for (int r = 0; r < op->nresults; r++) {
            int id = op->results[r]->id;
            if (op->results[r]->kind == PVC_V_VAR && id >= 0 && id < nvars)
                defs[id] = defs[id] ? &def_twice : op;
        }
        pvc_block *sub[3];
        for (int k = pvc_op_blocks(op, sub); k-- > 0;)
            find_defs(sub[k], defs, nvars);
    }
}

/* The tile an address value derives from: ub.addr and cursor.init of a tile, + an offset
 * (an AddrReg), a copy. */
static sim_base base_of(const pvc_op **defs, int nvars, const pvc_value *v, int depth)
{
    sim_base none = {.ub = -1};
    if (!v || v->kind != PVC_V_VAR || depth > 16)
        return none;
    const pvc_type *t = &v->type;
    if (t->kind == PVC_TY_TILE)
        return t->dyn || t->ub_addr < 0 ? none
                                        : (sim_base){t->ub_addr, t->dims[0], t->dims[1], t->dtype, t->layout, 0};
    const pvc_op *d = v->id >= 0 && v->id < nvars ? defs[v->id] : NULL;
    if (!d || d == &def_twice || d->noperands < 1)
        return none;
    switch (d->code) {
    case PVC_OP_M_UB_ADDR: case PVC_OP_ASSIGN: return base_of(defs, nvars, d->operands[0], depth + 1);
    case PVC_OP_M_CURSOR_INIT: {
        sim_base b = base_of(defs, nvars, d->operands[0], depth + 1);
        b.cursor = 1;
        return b;
    }
    case PVC_OP_PY_ADD: {
        sim_base b0 = base_of(defs, nvars, d->operands[0], depth + 1);
        sim_base b1 = d->noperands > 1 ? base_of(defs, nvars, d->operands[1], depth + 1) : none;
        return b0.ub >= 0 && b1.ub >= 0 ? none : b0.ub >= 0 ? b0 : b1;
    }
    default: return none;
    }
}

/* A vector function's op addressing UB through an ADDR or CURSOR operand: its tile. */
static void decode_base(sim *S, sim_func *F, const sim_op *o, const pvc_op *op, const pvc_mop *m)
{
    if (F->f->kind != PVC_FN_VECTOR || !F->defs)
        return;
    for (int i = 0; i < m->nopnd; i++)
        if (m->opnd[i].kind == PVC_OK_ADDR || m->opnd[i].kind == PVC_OK_CURSOR) {
            S->bases[o->id] = base_of(F->defs, F->nvars, op->operands[i], 0);
            return;
        }
}

static void decode_machine(sim *S, sim_func *F, const pvc_op *op)
{
    const pvc_mop *m = pvc_mop_of(op->code);
    sim_op *o = emit(S, F, op->code, op);
    if (m->nopnd != op->noperands || m->nres != op->nresults) {
        fail(S, op->loc, "a machine op with the wrong number of operands or results");
        return;
    }
    o->run = sim_runs[op->code - PVC_OP_MFIRST];
    o->ust = -1;
    o->gm = op->code == PVC_OP_M_GM_LOAD || op->code == PVC_OP_M_GM_STORE;
    for (int i = 0; i < m->nopnd; i++) {
        decode_operand(S, F, o, i, m->opnd[i].kind, op->operands[i], op->loc);
        if (m->opnd[i].kind == PVC_OK_UST)
            o->ust = i;
    }
    for (int i = 0; i < m->nres; i++)
        o->r[i] = op->results[i]->id;
    /* An op that reads its result's old value: that register must be defined first; a
     * merging op reads it only where its mask is off (interp.c check_defined). */
    if (m->flags & PVC_MF_READS_DST)
        for (int i = 0; i < m->nres; i++)
            o->chk[o->nchk++] = o->r[i];
    else if ((m->flags & PVC_MF_MERGES) || attr_value(op, "mode", PVC_MERGE_ZEROING) == PVC_MERGE_MERGING)
        for (int i = 0; i < m->nopnd; i++)
            if (m->opnd[i].kind == PVC_OK_PRED) {
                o->merge_reg = o->r[0];
                o->merge_pred = op->operands[i]->id;
                o->merge_w = pvc_mop_pred_width(op);
            }
    decode_attrs(S, o, op, m);
    decode_trace(o, op, m);
    decode_base(S, F, o, op, m);
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

/* + - * // % and unary -: fl bit 2 a float op (slots hold doubles' bits), bit i operand i
 * is an int to widen. */
static void decode_arith(sim *S, sim_func *F, const pvc_op *op)
{
    sim_op *o = emit(S, F, op->code, op);
    pvc_type_kind rk = op->results[0]->type.kind;
    if (rk != PVC_TY_INT && rk != PVC_TY_BOOL && rk != PVC_TY_FLOAT) {
        fail(S, op->loc, "arithmetic on something other than ints and floats");
        return;
    }
    o->r[0] = op->results[0]->id;
    int is_float = rk == PVC_TY_FLOAT;
    o->fl = is_float << 2;
    for (int i = 0; i < op->noperands && i < 2; i++) {
        const pvc_value *v = op->operands[i];
        int widen = is_float && v->type.kind != PVC_TY_FLOAT;
        o->fl |= widen << i;
        o->a[i] = is_float && !widen ? float_slot(S, F, v, op->loc) : scalar_slot(S, F, v, op->loc);
    }
}

/* The ops of a block as `pvc ir` prints them, nested blocks' ops included: what the op
 * budget charges (sim.h). A definition a reader can count, whatever decoding adds (end
 * markers, jumps). */
static uint64_t ir_ops(const pvc_block *b)
{
    uint64_t n = 0;
    for (int i = 0; i < b->nops; i++) {
        pvc_block *inner[3];
        int k = pvc_op_blocks(b->ops[i], inner);
        n++;
        while (k-- > 0)
            n += ir_ops(inner[k]);
    }
    return n;
}

/* The breaks (jump -1) and continues (jump -2) of ops [from, F->nops) that no inner loop
 * took: they leave to brk and continue at cont. */
enum { JUMP_BREAK = -1, JUMP_CONTINUE = -2 };

static void patch_loop(sim_func *F, int from, int brk, int cont)
{
    for (int i = from; i < F->nops; i++)
        if (F->ops[i].code == SIM_JUMP && F->ops[i].jump < 0)
            F->ops[i].jump = F->ops[i].jump == JUMP_BREAK ? brk : cont;
}

/* pl.range: the RANGE op, its body, then a SIM_LOOP_END; each knows the other's index. A
 * continue goes to the LOOP_END (next iteration), a break past it. */
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
    F->ops[begin].cost = 1 + ir_ops(op->body); /* the loop and its body */
    patch_loop(F, begin + 1, F->nops, F->nops - 1);
}

/* A condition operand: its slot (a float's bits) and whether it is a float (fl bit 0). */
static void decode_cond(sim *S, sim_func *F, int at, const pvc_value *v, pvc_span loc)
{
    int fl = v->type.kind == PVC_TY_FLOAT || v->kind == PVC_V_FLOAT;
    int slot = fl ? float_slot(S, F, v, loc) : scalar_slot(S, F, v, loc);
    F->ops[at].a[0] = slot;
    F->ops[at].fl = fl;
}

/* if: the IF op jumps to the else block when its condition is false; the then block ends
 * with a jump past the else block when there is one. */
static void decode_if(sim *S, sim_func *F, const pvc_op *op)
{
    emit(S, F, op->code, op);
    int at = F->nops - 1;
    decode_cond(S, F, at, op->operands[0], op->loc);
    decode_block(S, F, op->body);
    if (!op->orelse->nops) {
        F->ops[at].jump = F->nops;
        return;
    }
    emit(S, F, SIM_JUMP, op);
    int skip = F->nops - 1;
    F->ops[at].jump = F->nops;
    decode_block(S, F, op->orelse);
    F->ops[skip].jump = F->nops;
}

/* while: the condition block, the WHILE op (out of the loop when false), the body, a jump
 * back to the condition; a continue runs the condition again. */
static void decode_while(sim *S, sim_func *F, const pvc_op *op)
{
    int top = F->nops;
    decode_block(S, F, op->cond);
    emit(S, F, op->code, op);
    int at = F->nops - 1;
    decode_cond(S, F, at, op->operands[0], op->loc);
    decode_block(S, F, op->body);
    emit(S, F, SIM_JUMP, op)->jump = top;
    F->ops[at].jump = F->nops;
    F->ops[at].cost = 1 + ir_ops(op->cond) + ir_ops(op->body); /* the loop, condition, body */
    patch_loop(F, at + 1, F->nops, top);
}

/* == != < <= > >=: fl bit i set when operand i is a float (an int against a float compares
 * exactly, pvc_py_ifcmp); not / bool: fl bit 0 for a float operand. */
static void decode_compare(sim *S, sim_func *F, const pvc_op *op)
{
    sim_op *o = emit(S, F, op->code, op);
    o->r[0] = op->results[0]->id;
    for (int i = 0; i < op->noperands && i < 2; i++) {
        const pvc_value *v = op->operands[i];
        int fl = v->type.kind == PVC_TY_FLOAT || v->kind == PVC_V_FLOAT;
        o->fl |= fl << i;
        o->a[i] = fl ? float_slot(S, F, v, op->loc) : scalar_slot(S, F, v, op->loc);
    }
}

/* pl.printf: the format, each argument's slot and kind. */
static void decode_printf(sim *S, sim_func *F, const pvc_op *op)
{
    sim_op *o = emit(S, F, op->code, op);
    o->text = op->operands[0]->name;
    o->nchk = 0;
    for (int i = 1; i < op->noperands && i <= SIM_MAX_OPND; i++) {
        const pvc_value *v = op->operands[i];
        int fl = v->type.kind == PVC_TY_FLOAT || v->kind == PVC_V_FLOAT;
        o->kinds[i - 1] = fl ? 'f' : 'i';
        o->a[i - 1] = fl ? float_slot(S, F, v, op->loc) : scalar_slot(S, F, v, op->loc);
    }
    o->aux = op->noperands - 1;
}

/* The slot's address is static in the result type; the run checks it lies in usable UB. */
static void decode_tile(sim *S, sim_func *F, const pvc_op *op)
{
    sim_op *o = emit(S, F, op->code, op);
    o->tile = tile_of(S, F, op->results[0], op->loc);
    o->dtype = o->tile >= 0 ? (int)F->tiles[o->tile].tile.dtype : -1;
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
    o->cost = 1 + ir_ops(&callee->body); /* the call and the callee's body */
}

static void decode_core(sim *S, sim_func *F, const pvc_op *op)
{
    switch (op->code) {
    case PVC_OP_ASSIGN: decode_assign(S, F, op); break;
#define X(id, ...) case PVC_OP_##id:
    PVC_PY_OPS(X) /* the scalar arithmetic */
#undef X
        decode_arith(S, F, op);
        break;
    case PVC_OP_PY_EQ: case PVC_OP_PY_NE: case PVC_OP_PY_LT: case PVC_OP_PY_LE: case PVC_OP_PY_GT:
    case PVC_OP_PY_GE: case PVC_OP_PY_NOT: case PVC_OP_PY_BOOL:
        decode_compare(S, F, op);
        break;
    case PVC_OP_PL_RANGE: decode_range(S, F, op); break;
    case PVC_OP_IF: decode_if(S, F, op); break;
    case PVC_OP_WHILE: decode_while(S, F, op); break;
    case PVC_OP_BREAK: emit(S, F, SIM_JUMP, op)->jump = JUMP_BREAK; break;
    case PVC_OP_CONTINUE: emit(S, F, SIM_JUMP, op)->jump = JUMP_CONTINUE; break;
    case PVC_OP_RETURN: emit(S, F, SIM_RET, op); break;
    case PVC_OP_PL_PRINTF: decode_printf(S, F, op); break;
    case PVC_OP_PL_SECTION_VECTOR: /* the projection of this instance's core (§17.1) */
    case PVC_OP_PL_SECTION_CUBE:
        if (S->core == (op->code == PVC_OP_PL_SECTION_CUBE ? PVC_CORE_AIC : PVC_CORE_AIV))
            decode_block(S, F, op->body);
        break;
    case PVC_OP_PL_MAKE_TILE: case PVC_OP_TG_SLOT: case PVC_OP_TILE_SLICE:
    case PVC_OP_TG_CURRENT: case PVC_OP_TG_NEXT: case PVC_OP_TG_PREVIOUS:
        decode_tile(S, F, op);
        break;
    case PVC_OP_CALL: decode_call(S, F, op); break;
    case PVC_OP_PL_SET_VALIDSHAPE: /* the types pass put the valid shape on each gm.load/store */
    case PVC_OP_PL_TILE_TYPE: case PVC_OP_PL_MAKE_TILE_GROUP: case PVC_OP_LIST:
        break; /* descriptors: nothing happens at run time */
    default:
        if (!(pvc_ops[op->code].flags & PVC_OPF_NOOP)) /* pipe syncs etc.: sequential model */
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
        o->cargs = xcalloc((size_t)op->noperands, sizeof *o->cargs);
        for (int j = 0; j < op->noperands; j++) {
            const pvc_value *p = o->callee->f->params[j];
            if (p->type.kind == PVC_TY_INT || p->type.kind == PVC_TY_BOOL)
                o->cargs[j] = scalar_slot(S, F, op->operands[j], op->loc);
            else if (p->type.kind == PVC_TY_FLOAT)
                o->cargs[j] = float_slot(S, F, op->operands[j], op->loc);
            else if (p->type.kind == PVC_TY_TILE && p->type.dyn)
                o->cargs[j] = op->operands[j]->id; /* the caller's run-time tile address */
            else if (p->type.kind == PVC_TY_TILE)
                o->cargs[j] = -1; /* static: the callee's parameter type carries the tile */
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
    F->v = xalloc_lines((size_t)F->nvars * sizeof *F->v);
    F->m = xcalloc((size_t)F->nvars, sizeof *F->m);
    F->ul = xcalloc((size_t)F->nvars, sizeof *F->ul);
    F->us = xcalloc((size_t)F->nvars, sizeof *F->us);
    F->def = xcalloc((size_t)F->nvars, 1);
    F->last_stu = xcalloc((size_t)F->nvars, sizeof *F->last_stu);
    F->names = xcalloc((size_t)F->nvars, sizeof *F->names);
    for (int i = 0; i < F->nvars; i++)
        F->names[i] = F->f->vars[i]->name;
    for (int t = 0; t < F->ntiles; t++) /* a rotated group slot: its address in s[] */
        F->tiles[t].addr = F->tile_slot[t] >= 0 ? &F->s[F->tile_slot[t]] : NULL;
}

/* Where a machine operand or result of kind k numbered a (decode_operand) lives. */
static void *storage(sim *S, sim_func *F, pvc_opnd_kind k, int a)
{
    switch (k) {
    case PVC_OK_VREG: return &F->v[a];
    case PVC_OK_MASK: case PVC_OK_PRED: return &F->m[a];
    case PVC_OK_ULD: return &F->ul[a];
    case PVC_OK_UST: return &F->us[a];
    case PVC_OK_TILE: case PVC_OK_TILE_ND: return &F->tiles[a];
    case PVC_OK_TENSOR: return a < S->nargs || !S->views ? &S->args[a] : &S->views[a - S->nargs];
    default: return &F->s[a]; /* every scalar kind lives in a slot */
    }
}

/* Machine ops address their operands directly once the frame exists. */
static void bind(sim *S, sim_func *F)
{
    for (int i = 0; i < F->nops; i++) {
        sim_op *o = &F->ops[i];
        const pvc_mop *m = o->run ? pvc_mop_of(o->code) : NULL;
        for (int j = 0; m && j < m->nopnd; j++)
            o->p[j] = storage(S, F, m->opnd[j].kind, o->a[j]);
        for (int j = 0; m && j < m->nres; j++)
            o->rp[j] = storage(S, F, m->res[j].kind, o->r[j]);
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
    F->defs = xcalloc((size_t)F->nvars, sizeof *F->defs);
    find_defs(&f->body, F->defs, F->nvars);
    decode_block(S, F, &f->body);
    free(F->defs); /* decode time only */
    F->defs = NULL;
    decode_call_args(S, F);
    alloc_frame(F);
    if (!S->error) {
        bind(S, F);
        sim_fast_build(S, F); /* the fast loop's ops, bound to the same frame */
    }
    return F;
}

static void free_func(sim_func *F)
{
    if (!F)
        return;
    for (int i = 0; i < F->nops; i++)
        free(F->ops[i].cargs);
    sim_fast_free(F); /* its copies share cargs with ops */
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
    free(S->bases);
}
