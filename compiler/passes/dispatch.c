/* dispatch.c - the dispatch pass: DSL vf ops -> machine ops (ops.h PVC_MOPS).
 *
 * Every vf.* call of a (specialised, typed) vector function becomes the machine op that
 * makes exactly one runtime call, with everything the DSL leaves implicit made explicit:
 *   - addresses are integer values: `ub.addr(tile, off)` (off in tile elements, §2.1);
 *     `tile + k` folds into off; `[r, c]` is r*cols + c with the static cols (§1.5);
 *     mask loads/stores add BYTE offsets (§2.5, §3.6);
 *   - an AddrReg is integer arithmetic on the enclosing pl.range variables (`areg`,
 *     decision 6), added to the tile base;
 *   - post-update cursors are variables `<tile>.cursor`, initialised by `cursor.init` at
 *     the top of the function, one per tile expression, shared by every post access and
 *     every unaligned store to it (decision 7); post ops take the step in BYTES;
 *   - generic dists are resolved to explicit widths with the runtime's own tables
 *     (PVC_LOAD_RESOLVE / PVC_STORE_RESOLVE, §2.2, §3.1); DINTLV gives ld.x2;
 *   - every mode is an attribute: mask granularity, compare op and dtype, cast layout /
 *     round / saturate, merge mode, mem_bar mode;
 *   - each store ureg gets `stu.check` at the end of the function, so both backends fault
 *     alike when a store_unalign_post is missing (§4.2).
 * A form the device rejects or pvc does not model is a located error here; the traps that
 * the device accepts but that do not do what they say are warnings (decision 1).
 * In jit kernels pl.load / pl.store become gm.load / gm.store (gm.load.nd / gm.store.nd for
 * rank 3 and 4), t.shape[i] a constant or gm.dim, pl.get_block_idx/num block.idx/num; the
 * rest stays structured. if / while bodies are dispatched in place in both kinds.
 *
 * Files, one family each (dispatch.h is what they share): this one walks the functions;
 * dispatch_addr.c tiles, addresses, cursors and AddrRegs; dispatch_mem.c loads and stores;
 * dispatch_compute.c masks, casts and the GENERIC rows; dispatch_jit.c the jit kernels.
 */
#include "passes/dispatch.h"

/* ---- walking ---- */
static void dispatch_block(dispatcher *x, pvc_block *b);

/* The block b rebuilt by fn into a new block (x->out while fn runs). */
static pvc_block *rebuilt(dispatcher *x, pvc_block *b, void (*fn)(dispatcher *, pvc_block *))
{
    pvc_block *save = x->out, *nb = pvc_arena_alloc(x->m->arena, sizeof *nb);
    x->out = nb;
    fn(x, b);
    x->out = save;
    return nb;
}

/* A vector function calling one: a tile argument is its base tile when the callee's parameter
 * has a static address (the value is not read), else the address itself (ub.addr). */
static void vf_call(dispatcher *x, pvc_op *op)
{
    const pvc_attr *ca = pvc_op_attr(op, "callee");
    const pvc_func *callee = ca ? pvc_func_find(x->m, ca->val->name) : NULL;
    for (int i = 0; callee && i < op->noperands && i < callee->nparams; i++) {
        pvc_value *v = op->operands[i];
        if (v->kind != PVC_V_VAR || v->type.kind != PVC_TY_TILE || !x->tbase[v->id])
            continue;
        op->operands[i] = callee->params[i]->type.dyn ? dx_ub_addr(x, x->tbase[v->id], x->toff[v->id], NULL, op->loc)
                                                     : x->tbase[v->id];
    }
    keep(x, op);
}

/* pl.get_block_idx / get_block_num: the block's registers; get_subblock_idx / num the
 * constants of a vector-only launch (0 and 1, docs/SEMANTICS.md §6; resolve folded most). */
void dx_block_op(dispatcher *x, pvc_op *op)
{
    pvc_opcode m = op->code == PVC_OP_PL_GET_BLOCK_IDX ? PVC_OP_M_BLOCK_IDX
                 : op->code == PVC_OP_PL_GET_BLOCK_NUM ? PVC_OP_M_BLOCK_NUM : PVC_OP_ASSIGN;
    pvc_op *b = emit(x, m, op->loc, op->results[0]);
    if (m == PVC_OP_ASSIGN)
        operand(x, b, cint(x, op->code == PVC_OP_PL_GET_SUBBLOCK_NUM, op->loc));
}

static void tile_expr(dispatcher *x, pvc_op *op)
{
    pvc_value *a = op->operands[0], *b = op->operands[1];
    int tile_left = a->kind == PVC_V_VAR && x->tbase[a->id];
    pvc_value *t = tile_left ? a : b, *k = tile_left ? b : a;
    pvc_value *r = op->results[0];
    x->tbase[r->id] = x->tbase[t->id];
    x->toff[r->id] = int_op(x, op->code, x->toff[t->id], k, op->loc);
}

static void dispatch_vf_op(dispatcher *x, pvc_op *op)
{
    switch (op->code) {
    case PVC_OP_ASSIGN:
        if (op->results[0]->type.kind == PVC_TY_TILE && op->operands[0]->kind == PVC_V_VAR &&
            x->tbase[op->operands[0]->id]) {
            x->tbase[op->results[0]->id] = x->tbase[op->operands[0]->id];
            x->toff[op->results[0]->id] = x->toff[op->operands[0]->id];
        } else
            keep(x, op);
        return;
    case PVC_OP_LIST: return; /* offsets are folded into ub.addr */
    case PVC_OP_PY_ADD:
    case PVC_OP_PY_SUB:
        if (op->results[0]->type.kind == PVC_TY_TILE)
            tile_expr(x, op);
        else
            keep(x, op);
        return;
    case PVC_OP_PL_RANGE: {
        x->loops[x->nloops++] = op;
        op->body = rebuilt(x, op->body, dispatch_block);
        x->nloops--;
        keep(x, op);
        return;
    }
    case PVC_OP_IF:
    case PVC_OP_WHILE:
        if (op->cond)
            op->cond = rebuilt(x, op->cond, dispatch_block);
        op->body = rebuilt(x, op->body, dispatch_block);
        if (op->orelse)
            op->orelse = rebuilt(x, op->orelse, dispatch_block);
        keep(x, op);
        return;
    case PVC_OP_BREAK: case PVC_OP_CONTINUE: case PVC_OP_RETURN: case PVC_OP_PL_PRINTF:
        keep(x, op);
        return;
    case PVC_OP_CALL: vf_call(x, op); return;
    case PVC_OP_PL_GET_BLOCK_IDX: case PVC_OP_PL_GET_BLOCK_NUM: case PVC_OP_PL_GET_SUBBLOCK_IDX:
    case PVC_OP_PL_GET_SUBBLOCK_NUM:
        dx_block_op(x, op);
        return;
    case PVC_OP_TILE_SLICE: { /* a view at +(r0*cols + c0) elements of its tile (§6) */
        pvc_value *base, *off;
        if (!dx_tile_of(x, op, "r0", &base, &off) && !(op->operands[0]->kind == PVC_V_VAR &&
                                                      x->tbase[op->operands[0]->id]))
            return;
        pvc_value *t = op->operands[0];
        int64_t r0, c0, cols = t->type.dims[1];
        pvc_const_int(op->operands[1], &r0);
        pvc_const_int(op->operands[3], &c0);
        x->tbase[op->results[0]->id] = x->tbase[t->id];
        x->toff[op->results[0]->id] = int_op(x, PVC_OP_PY_ADD, x->toff[t->id], cint(x, r0 * cols + c0, op->loc),
                                             op->loc);
        return;
    }
    case PVC_OP_VF_LOAD_ALIGN: dx_load_align(x, op); return;
    case PVC_OP_VF_STORE_ALIGN: dx_store_align(x, op); return;
    case PVC_OP_VF_LOAD_UNALIGN_INIT: emit(x, PVC_OP_M_LDU_INIT, op->loc, op->results[0]); return;
    case PVC_OP_VF_UNALIGN_REG_FOR_STORE:
        emit(x, PVC_OP_M_STU_INIT, op->loc, op->results[0]);
        dx_remember_ureg(x, op->results[0], NULL);
        return;
    case PVC_OP_VF_LOAD_UNALIGN_PRE:
    case PVC_OP_VF_LOAD_UNALIGN: dx_load_unalign(x, op); return;
    case PVC_OP_VF_STORE_UNALIGN: dx_store_unalign(x, op); return;
    case PVC_OP_VF_STORE_UNALIGN_POST: dx_store_unalign_post(x, op); return;
    case PVC_OP_VF_CREATE_ADDR_REG: dx_lower_addr_reg(x, op); return;
    case PVC_OP_VF_MEM_BAR: {
        pvc_op *mb = emit(x, PVC_OP_M_MEM_BAR, op->loc, NULL);
        attr(x, mb, "mode", cenum(x, PVC_NS_MemBarMode, enum_arg(op, "mode", PVC_NS_MemBarMode, PVC_MEMBAR_VST_VLD), op->loc));
        return;
    }
    case PVC_OP_VF_CREATE_MASK: dx_create_mask(x, op); return;
    case PVC_OP_VF_UPDATE_MASK: dx_update_mask(x, op); return;
    case PVC_OP_VF_ASTYPE: dx_astype(x, op); return;
    case PVC_OP_VF_LOAD: dx_unified_load(x, op); return;
    case PVC_OP_VF_STORE: dx_unified_store(x, op); return;
    default:
        if (pvc_ops[op->code].flags & PVC_OPF_GENERIC)
            dx_generic(x, op);
        else if (pvc_ops[op->code].flags & PVC_OPF_CORE)
            keep(x, op);
        else
            pvc_error_at(x->d, op->loc, PVC_E_UNSUPPORTED, "%s is not allowed in a vector function",
                         pvc_ops[op->code].name);
    }
}

static void dispatch_block(dispatcher *x, pvc_block *b)
{
    for (int i = 0; i < b->nops; i++)
        dispatch_vf_op(x, b->ops[i]);
}

/* Notes each variable's defining op; returns the number of pl.range ops (the deepest
 * nesting there can be). */
static int note_defs(dispatcher *x, const pvc_block *b)
{
    int ranges = 0;
    for (int i = 0; i < b->nops; i++) {
        pvc_block *blocks[3];
        for (int k = 0; k < b->ops[i]->nresults; k++)
            x->def[b->ops[i]->results[k]->id] = b->ops[i];
        ranges += b->ops[i]->code == PVC_OP_PL_RANGE;
        for (int k = 0, n = pvc_op_blocks(b->ops[i], blocks); k < n; k++)
            ranges += note_defs(x, blocks[k]);
    }
    return ranges;
}

static void begin(dispatcher *x, pvc_func *f)
{
    x->f = f;
    size_t n = (size_t)f->nvars + 1;
    x->def = pvc_arena_alloc(x->m->arena, n * sizeof *x->def);
    x->tbase = pvc_arena_alloc(x->m->arena, n * sizeof *x->tbase);
    x->toff = pvc_arena_alloc(x->m->arena, n * sizeof *x->toff);
    x->uregs = pvc_arena_alloc(x->m->arena, n * sizeof *x->uregs);
    x->ucur = pvc_arena_alloc(x->m->arena, n * sizeof *x->ucur);
    x->capuregs = (int)n;
    size_t ranges = (size_t)note_defs(x, &f->body) + 1;
    x->loops = pvc_arena_alloc(x->m->arena, ranges * sizeof *x->loops);
}

static void dispatch_vf(dispatcher *x, pvc_func *f)
{
    begin(x, f);
    for (int i = 0; i < f->nparams; i++)
        if (f->params[i]->type.kind == PVC_TY_TILE) {
            x->tbase[f->params[i]->id] = f->params[i];
            x->toff[f->params[i]->id] = cint(x, 0, f->params[i]->loc);
        }
    pvc_block body = {0};
    x->out = &body;
    dispatch_block(x, &f->body);
    for (int i = 0; i < x->nuregs; i++) { /* end of the VF: nothing may stay parked (§4.2) */
        pvc_op *c = emit(x, PVC_OP_M_STU_CHECK, f->loc, NULL);
        operand(x, c, x->uregs[i]);
        operand(x, c, x->ucur[i] ? x->ucur[i] : cint(x, 0, f->loc));
        c->loc = f->loc;
    }
    for (int i = 0; i < f->nvars; i++) /* AddrRegs are byte offsets now (decision 6) */
        if (f->vars[i]->type.kind == PVC_TY_ADDR_REG)
            f->vars[i]->type.kind = PVC_TY_INT;
    pvc_block all = x->prelude;
    for (int i = 0; i < body.nops; i++)
        pvc_block_append(x->m, &all, body.ops[i]);
    f->body = all;
}


int pvc_dispatch_func(pvc_module *m, pvc_diag *d, pvc_func *f)
{
    int before = d->nerrors;
    dispatcher x = {.m = m, .d = d};
    begin(&x, f);
    if (f->kind == PVC_FN_VECTOR)
        dispatch_vf(&x, f);
    else {
        x.gslot = pvc_arena_alloc(m->arena, ((size_t)f->nvars + 1) * sizeof *x.gslot);
        dx_jit_block(&x, &f->body);
    }
    pvc_note_call(d, f, before);
    return d->nerrors - before;
}

int pvc_pass_dispatch(pvc_module *m, pvc_diag *d)
{
    int errors = 0;
    for (int i = 0; i < m->nfuncs; i++)
        errors += pvc_dispatch_func(m, d, m->funcs[i]);
    return errors;
}
