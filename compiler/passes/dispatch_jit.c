/* dispatch_jit.c - the dispatch pass (dispatch.c) in a jit kernel: pl.load / pl.store ->
 * gm.load / gm.store, tile views and groups, element access, pl.move (§6). */
#include "passes/dispatch.h"

/* ---- jit kernels: pl.load / pl.store -> gm.load / gm.store (§6) ---- */
int dx_order_axes(dispatcher *x, const pvc_op *op, int rank, int64_t *a, int64_t *b)
{
    const pvc_value *o = pvc_op_arg(op, "order");
    const pvc_op *l = dx_list_def(x, o);
    *a = rank - 2, *b = rank - 1;
    if (!o || o->kind == PVC_V_NONE)
        return 1;
    if (!l || l->code != PVC_OP_LIST || l->noperands != 2 || !pvc_const_int(l->operands[0], a) ||
        !pvc_const_int(l->operands[1], b)) {
        pvc_error_at(x->d, pvc_op_arg_loc(op, "order"), PVC_E_TYPE, "order= of %s must be two "
                     "constant axes [row, col]", pvc_ops[op->code].name);
        return 0;
    }
    *a += *a < 0 ? rank : 0;
    *b += *b < 0 ? rank : 0;
    return 2;
}

/* The axes a tile maps onto (pl.load's order=, default the last two): rows on *ra, columns
 * on the last axis. 0 after an error: pvc moves only whole rows of the last axis. */
static int tile_axes(dispatcher *x, const pvc_op *op, int rank, int *ra)
{
    int64_t a, b;
    int given = dx_order_axes(x, op, rank, &a, &b);
    if (!given)
        return 0;
    if (rank == 1 && given == 1) {
        *ra = -1;
        return 1;
    }
    if (b != rank - 1 || a < 0 || a >= b) {
        pvc_error_at(x->d, op->loc, PVC_E_NOT_SUPPORTED, "%s with order [%lld, %lld] on a rank-%d "
                     "tensor: pvc moves tiles whose columns run along the last axis, not "
                     "transposed (§6)", pvc_ops[op->code].name, (long long)a, (long long)b, rank);
        return 0;
    }
    *ra = (int)a;
    return 1;
}

int dx_gm_offsets(dispatcher *x, const pvc_op *op, int rank, int rows_axis, int cols_axis, pvc_value **off)
{
    pvc_value *offs = pvc_op_arg(op, "offsets"), *tile = pvc_op_arg(op, "tile");
    const pvc_op *l = dx_list_def(x, offs);
    int in_tiles = op->code == PVC_OP_PL_LOAD_TILE || op->code == PVC_OP_PL_STORE_TILE;
    for (int i = 0; i < PVC_MAX_RANK; i++)
        off[i] = cint(x, 0, op->loc);
    if (!offs)
        return 1;
    int ok = l && l->code == PVC_OP_LIST && l->noperands == rank;
    for (int i = 0; ok && i < rank; i++)
        ok = is_int(l->operands[i]);
    if (!ok) {
        pvc_error_at(x->d, op->loc, PVC_E_TYPE, "offsets of %s must be %d integer%s, one per axis of "
                     "the rank-%d tensor", pvc_ops[op->code].name, rank, rank == 1 ? "" : "s", rank);
        return 0;
    }
    for (int i = 0; i < rank; i++)
        off[i] = l->operands[i];
    if (in_tiles) /* pl.load_tile / store_tile: the tile's axes count whole tiles */
        for (int i = 0; i < rank; i++)
            if (i == rows_axis || i == cols_axis)
                off[i] = int_op(x, PVC_OP_PY_MUL, off[i], cint(x, tile->type.dims[i == cols_axis], op->loc),
                                op->loc);
    return 1;
}

/* The stride variables pl.set_stride gave tensor t (front/lower_elem.c), or 0 when it has none. */
int dx_stride_vars(dispatcher *x, const pvc_value *t, pvc_value **rs, pvc_value **cs)
{
    if (!t || !t->name)
        return 0;
    *rs = pvc_var_find(x->f, pvc_arena_printf(x->m->arena, "%s.row_stride", t->name));
    *cs = pvc_var_find(x->f, pvc_arena_printf(x->m->arena, "%s.col_stride", t->name));
    return *rs && *cs;
}

static void gm_move(dispatcher *x, pvc_op *op)
{
    pvc_value *tile = pvc_op_arg(op, "tile"), *tensor = pvc_op_arg(op, "tensor"), *off[PVC_MAX_RANK];
    int rank = tensor->type.rank, ra, load = op->code == PVC_OP_PL_LOAD || op->code == PVC_OP_PL_LOAD_TILE;
    if (!tile_axes(x, op, rank, &ra) || !dx_gm_offsets(x, op, rank, rank == 1 ? -1 : ra, rank - 1, off))
        return;
    const pvc_attr *vr = pvc_op_attr(op, "valid_rows"), *vc = pvc_op_attr(op, "valid_cols");
    int add = !load && enum_arg(op, "atomic", PVC_NS_AtomicType, 0) == 1;
    if (add && !(rank <= 2 && (rank == 1 || ra == 0))) {
        pvc_error_at(x->d, pvc_op_arg_loc(op, "atomic"), PVC_E_NOT_SUPPORTED, "pl.store's atomic add of a Vec tile "
                     "into a rank-%d tensor: pvc adds into tensors of rank 1 and 2", rank);
        return;
    }
    pvc_value *rs, *cs;
    if (dx_stride_vars(x, tensor, &rs, &cs)) { /* after a pl.set_stride of the tensor (§6) */
        if (rank != 2 || ra != 0) {
            pvc_error_at(x->d, op->loc, PVC_E_NOT_SUPPORTED, "%s of a tensor pl.set_stride changes: pvc moves its "
                         "rows and columns as they lie, not reordered", pvc_ops[op->code].name);
            return;
        }
        pvc_op *g = emit(x, load ? PVC_OP_M_GM_LOAD_STRIDED : PVC_OP_M_GM_STORE_STRIDED, op->loc, NULL);
        operand(x, g, load ? tile : tensor);
        operand(x, g, load ? tensor : tile);
        operand(x, g, off[0]);
        operand(x, g, off[1]);
        operand(x, g, vr->val);
        operand(x, g, vc->val);
        operand(x, g, rs);
        operand(x, g, cs);
        if (!load)
            attr(x, g, "add", cint(x, add, op->loc));
        return;
    }
    if (rank <= 2 && (rank == 1 || ra == 0)) { /* gm.load / gm.store: [r0, c0] */
        pvc_op *g = emit(x, load ? PVC_OP_M_GM_LOAD : add ? PVC_OP_M_GM_STORE_ADD : PVC_OP_M_GM_STORE, op->loc, NULL);
        operand(x, g, load ? tile : tensor);
        operand(x, g, load ? tensor : tile);
        operand(x, g, rank == 1 ? cint(x, 0, op->loc) : off[0]);
        operand(x, g, rank == 1 ? off[0] : off[1]);
        operand(x, g, vr->val);
        operand(x, g, vc->val);
        return;
    }
    pvc_op *g = emit(x, load ? PVC_OP_M_GM_LOAD_ND : PVC_OP_M_GM_STORE_ND, op->loc, NULL);
    operand(x, g, load ? tile : tensor);
    operand(x, g, load ? tensor : tile);
    for (int i = 0; i < PVC_MAX_RANK; i++)
        operand(x, g, off[i]);
    operand(x, g, vr->val);
    operand(x, g, vc->val);
    attr(x, g, "row_axis", cint(x, ra, op->loc));
    attr(x, g, "col_axis", cint(x, rank - 1, op->loc));
}

/* t[r0:r1, c0:c1] of a tile whose address is a run-time value: base + (r0*cols + c0)
 * elements, constant bounds; with a run-time start, of any tile (tile.view.at). */
static void tile_view(dispatcher *x, pvc_op *op)
{
    pvc_value *t = op->operands[0];
    int64_t r0 = 0, c0 = 0;
    const pvc_value *lo0 = op->operands[1], *lo1 = op->operands[3];
    int known = (lo0->kind == PVC_V_NONE || pvc_const_int(lo0, &r0)) &&
                (lo1->kind == PVC_V_NONE || pvc_const_int(lo1, &c0));
    if (!known || !t->type.dyn) { /* types: dyn_slice */
        pvc_op *v = emit(x, PVC_OP_M_TILE_VIEW_AT, op->loc, op->results[0]);
        operand(x, v, t->type.dyn ? t : cint(x, t->type.ub_addr, op->loc));
        for (int i = 0; i < 2; i++) {
            pvc_value *lo = op->operands[1 + 2 * i];
            operand(x, v, lo->kind == PVC_V_NONE ? cint(x, 0, op->loc) : lo);
        }
        attr(x, v, "rows", cint(x, t->type.dims[0], op->loc));
        attr(x, v, "cols", cint(x, t->type.dims[1], op->loc));
        attr(x, v, "lane", cint(x, lane(t->type.dtype), op->loc));
        return;
    }
    pvc_op *v = emit(x, PVC_OP_M_TILE_VIEW, op->loc, op->results[0]);
    operand(x, v, t);
    attr(x, v, "off", cint(x, (r0 * t->type.dims[1] + c0) * lane(t->type.dtype), op->loc));
}

/* t.shape[i]: a constant dim of the annotation, else read from the bound tensor (§6). */
static void tensor_dim(dispatcher *x, pvc_op *op)
{
    pvc_value *t = op->operands[0];
    int64_t i;
    pvc_const_int(op->operands[1], &i);
    if (i < 0)
        i += t->type.rank;
    if (t->type.dims[i] >= 0) {
        operand(x, emit(x, PVC_OP_ASSIGN, op->loc, op->results[0]), cint(x, t->type.dims[i], op->loc));
        return;
    }
    pvc_op *g = emit(x, PVC_OP_M_GM_DIM, op->loc, op->results[0]);
    operand(x, g, t);
    attr(x, g, "axis", cint(x, i, op->loc));
}

/* pl.make_tensor / pl.addptr / pl.make_ptr -> gm.view, which fills the view's pvc_tensor (§6);
 * the types pass checked the lists. */
static void make_view(dispatcher *x, pvc_op *op)
{
    const pvc_value *sh = op->operands[3], *st = op->operands[4];
    const pvc_op *ls = sh->kind == PVC_V_INT ? NULL : dx_list_def(x, sh), *lt = st->kind == PVC_V_NONE ? NULL : dx_list_def(x, st);
    int rank = ls ? ls->noperands : 1;
    pvc_op *g = emit(x, PVC_OP_M_GM_VIEW, op->loc, NULL);
    operand(x, g, op->results[0]);
    operand(x, g, op->operands[0]);
    operand(x, g, op->operands[1]);
    for (int k = 0; k < 4; k++)
        operand(x, g, k >= rank ? cint(x, 1, op->loc) : ls ? ls->operands[k] : op->operands[3]);
    for (int k = 0; k < 4; k++)
        operand(x, g, lt && k < rank ? lt->operands[k] : cint(x, PVC_STRIDE_DEFAULT, op->loc));
    attr(x, g, "dtype", cint(x, op->operands[2]->i, op->loc));
    attr(x, g, "rank", cint(x, rank, op->loc));
}

/* A tile group rotated inside pl.range (types: dyn) keeps its slot in an int variable,
 * 0 where the group is made; .next()/.previous() step it modulo the depth and every slot
 * op computes its tile's address at run time (§6). */
static void rotated_group(dispatcher *x, pvc_op *op)
{
    pvc_value *slot = tmp_int(x, op->loc);
    x->gslot[op->results[0]->id] = slot;
    pvc_op *z = emit(x, PVC_OP_ASSIGN, op->loc, slot);
    operand(x, z, cint(x, 0, op->loc));
}

static void rotated_slot(dispatcher *x, pvc_op *op)
{
    const pvc_value *g = op->operands[0];
    pvc_value *slot = x->gslot[g->id];
    int64_t depth = g->type.depth;
    if (op->code != PVC_OP_TG_CURRENT) {
        pvc_op *s = emit(x, PVC_OP_M_TG_STEP, op->loc, NULL);
        operand(x, s, slot);
        attr(x, s, "delta", cint(x, op->code == PVC_OP_TG_NEXT ? 1 : depth - 1, op->loc));
        attr(x, s, "depth", cint(x, depth, op->loc));
    }
    if (!op->nresults)
        return; /* `grp.next()` as a statement */
    pvc_op *a = emit(x, PVC_OP_M_TG_ADDR, op->loc, op->results[0]);
    operand(x, a, slot);
    attr(x, a, "base", cint(x, g->type.ub_addr, op->loc));
    attr(x, a, "slot_bytes", cint(x, g->type.stride, op->loc));
}

/* grp[i] with a run-time i: the slot's address into the (run-time) tile (§6). */
static void indexed_slot(dispatcher *x, pvc_op *op)
{
    const pvc_value *g = op->operands[0];
    pvc_op *a = emit(x, PVC_OP_M_TG_INDEX, op->loc, op->results[0]);
    operand(x, a, op->operands[1]);
    attr(x, a, "base", cint(x, g->type.ub_addr, op->loc));
    attr(x, a, "depth", cint(x, g->type.depth, op->loc));
    attr(x, a, "slot_bytes", cint(x, g->type.stride, op->loc));
}

/* t[r, c] and t[r, c] = v (§6): tile.get.i/f and tile.set.i/f by the element's or the
 * value's kind. */
static void tile_elem(dispatcher *x, pvc_op *op)
{
    int get = op->code == PVC_OP_TILE_GET;
    const pvc_value *v = get ? op->results[0] : op->operands[3];
    int fl = v->kind == PVC_V_FLOAT || v->type.kind == PVC_TY_FLOAT;
    pvc_opcode m = get ? (fl ? PVC_OP_M_TILE_GET_F : PVC_OP_M_TILE_GET_I)
                       : (fl ? PVC_OP_M_TILE_SET_F : PVC_OP_M_TILE_SET_I);
    pvc_op *e = emit(x, m, op->loc, get ? op->results[0] : NULL);
    for (int i = 0; i < op->noperands; i++)
        operand(x, e, op->operands[i]);
}

/* pl.getval / pl.setval and a tensor's t[i, j] (§6.1): tile.* or gm.* by the container,
 * .i / .f by the element's kind (a read) or the value's (a write). A read whose value is
 * unused still runs: its offset may fault. */
static void getval(dispatcher *x, pvc_op *op)
{
    static const pvc_opcode m[2][2][2] = { /* [tensor][set][float] */
        {{PVC_OP_M_TILE_GETVAL_I, PVC_OP_M_TILE_GETVAL_F}, {PVC_OP_M_TILE_SETVAL_I, PVC_OP_M_TILE_SETVAL_F}},
        {{PVC_OP_M_GM_GETVAL_I, PVC_OP_M_GM_GETVAL_F}, {PVC_OP_M_GM_SETVAL_I, PVC_OP_M_GM_SETVAL_F}},
    };
    int set = op->code == PVC_OP_PL_SETVAL;
    pvc_value *c = pvc_op_arg(op, "container"), *v = set ? pvc_op_arg(op, "value") : NULL;
    int fl = set ? v->kind == PVC_V_FLOAT || v->type.kind == PVC_TY_FLOAT
                 : pvc_dtype_table[c->type.dtype].kind == PVC_KIND_F;
    pvc_value *res = set ? NULL : op->nresults ? op->results[0] : tmp_int(x, op->loc);
    if (res && !op->nresults && fl)
        res->type.kind = PVC_TY_FLOAT;
    pvc_op *e = emit(x, m[c->type.kind == PVC_TY_TENSOR][set][fl], op->loc, res);
    operand(x, e, c);
    operand(x, e, pvc_op_arg(op, "offset"));
    if (set)
        operand(x, e, v);
}

/* "[FILE:LINE] " of op, FILE the source's base name: what pypto_pro's lowering prints for
 * loc=True (its FormatDebugLocation). */
static const char *where_of(dispatcher *x, const pvc_op *op)
{
    const char *file = x->m->file ? x->m->file : "", *base = strrchr(file, '/');
    return pvc_arena_printf(x->m->arena, "[%s:%d] ", base ? base + 1 : file, op->loc.line);
}

/* A pl.printf format that prints text as it is (each % doubled), then the n bytes of tail. */
static pvc_value *format_of(dispatcher *x, pvc_span at, const char *text, const char *tail, int64_t n)
{
    size_t k = 0;
    for (const char *p = text; *p; p++)
        k += *p == '%' ? 2 : 1;
    char *s = pvc_arena_alloc(x->m->arena, k + (size_t)n + 1), *q = s;
    for (const char *p = text; *p; p++)
        if ((*q++ = *p) == '%')
            *q++ = '%';
    memcpy(q, tail, (size_t)n);
    q[n] = '\0';
    pvc_value *f = pvc_const(x->m, PVC_V_STR, at);
    f->name = s;
    f->i = (int64_t)k + n;
    return f;
}

/* One line of text printed as pl.printf prints it, before a dump. */
static void print_line(dispatcher *x, const pvc_op *op, const char *text)
{
    operand(x, emit(x, PVC_OP_PL_PRINTF, op->loc, NULL), format_of(x, op->loc, text, "", 0));
}

/* Element k of the list a window argument names, or dflt when the window is not given. */
static pvc_value *window_elem(dispatcher *x, const pvc_op *op, const char *arg, int k, pvc_value *dflt)
{
    const pvc_value *v = pvc_op_arg(op, arg);
    const pvc_op *l = v && v->kind == PVC_V_VAR ? x->def[v->id] : NULL;
    return l && l->code == PVC_OP_LIST && k < l->noperands ? l->operands[k] : dflt;
}

/* pl.dump_data (§6.2): the headers pypto_pro's lowering prints first (loc=True: the file and
 * line; flag=: the label), then gm.dump, tile.dump(.win) or acc.dump. */
static void dump_data(dispatcher *x, pvc_op *op)
{
    pvc_value *d = pvc_op_arg(op, "data"), *ws = pvc_op_arg(op, "workspace");
    int tensor = d->type.kind == PVC_TY_TENSOR, window = pvc_op_arg(op, "offsets") != NULL &&
                                                         pvc_op_arg(op, "offsets")->kind != PVC_V_NONE;
    const pvc_attr *flag = pvc_op_attr(op, "flag");
    if (flag_arg(op, "loc"))
        print_line(x, op, pvc_arena_printf(x->m->arena, "%s%s\n", where_of(x, op), tensor ? "dump_tensor" : "dump_tile"));
    if (flag && flag->val->kind == PVC_V_STR && flag->val->i > 0)
        print_line(x, op, pvc_arena_printf(x->m->arena, "=== [flag] %.*s ===\n", (int)flag->val->i, flag->val->name));
    if (tensor) {
        pvc_op *g = emit(x, PVC_OP_M_GM_DUMP, op->loc, NULL);
        operand(x, g, d);
        for (int k = 0; k < PVC_DUMP_AXES; k++)
            operand(x, g, k < d->type.rank ? window_elem(x, op, "offsets", k, cint(x, 0, op->loc)) : cint(x, 0, op->loc));
        for (int k = 0; k < PVC_DUMP_AXES; k++)
            operand(x, g, k < d->type.rank ? window_elem(x, op, "shapes", k, cint(x, PVC_GM_WHOLE, op->loc))
                                           : cint(x, 1, op->loc));
        attr(x, g, "dn", cint(x, d->type.layout != PVC_TL_NZ && d->type.rank == 2 && d->type.dims[1] == 1, op->loc));
        return;
    }
    if (d->type.mem == PVC_MEM_ACC) {
        pvc_op *g = emit(x, PVC_OP_M_ACC_DUMP, op->loc, NULL);
        operand(x, g, d);
        operand(x, g, ws);
        for (int k = 0; k < 2; k++)
            operand(x, g, window_elem(x, op, "offsets", k, cint(x, 0, op->loc)));
        for (int k = 0; k < 2; k++)
            operand(x, g, window_elem(x, op, "shapes", k, cint(x, d->type.dims[k], op->loc)));
        return;
    }
    pvc_op *g = emit(x, window ? PVC_OP_M_TILE_DUMP_WIN : PVC_OP_M_TILE_DUMP, op->loc, NULL);
    operand(x, g, d);
    operand(x, g, pvc_op_attr(op, "valid_rows")->val);
    operand(x, g, pvc_op_attr(op, "valid_cols")->val);
    if (window) {
        for (int k = 0; k < 2; k++)
            operand(x, g, window_elem(x, op, "offsets", k, NULL));
        for (int k = 0; k < 2; k++)
            operand(x, g, window_elem(x, op, "shapes", k, NULL));
    }
}

/* pl.printf: with loc=True pypto_pro's lowering puts "[FILE:LINE] " before the format (§6); a %p
 * it prints as %lld of the pointer's GM address (static_cast<long long>((uint64_t)ptr)), so each
 * pointer argument becomes gm.addr's int and its conversion 'd' (flags and width kept). */
static void printf_op(dispatcher *x, pvc_op *op)
{
    const pvc_value *f = op->operands[0];
    if (flag_arg(op, "loc"))
        op->operands[0] = format_of(x, f->loc, where_of(x, op), f->name, f->i);
    int ptrs = 0;
    for (int i = 1; i < op->noperands; i++)
        ptrs += op->operands[i]->type.kind == PVC_TY_TENSOR;
    if (ptrs) {
        f = op->operands[0];
        char *s = pvc_arena_alloc(x->m->arena, (size_t)f->i + 1);
        memcpy(s, f->name, (size_t)f->i);
        s[f->i] = '\0';
        for (int64_t i = 0; i < f->i; i++) {
            if (s[i] != '%')
                continue;
            i++;
            while (i < f->i && (strchr("-+ #0", s[i]) || (s[i] >= '0' && s[i] <= '9') || s[i] == '.'))
                i++;
            if (i < f->i && s[i] == 'p')
                s[i] = 'd';
        }
        pvc_value *nf = pvc_const(x->m, PVC_V_STR, f->loc);
        nf->name = s;
        nf->i = f->i;
        op->operands[0] = nf;
        for (int i = 1; i < op->noperands; i++) {
            if (op->operands[i]->type.kind != PVC_TY_TENSOR)
                continue;
            pvc_value *a = tmp_int(x, op->loc);
            operand(x, emit(x, PVC_OP_M_GM_ADDR, op->loc, a), op->operands[i]);
            op->operands[i] = a;
        }
    }
    keep(x, op);
}

/* pl.pto_assert (§6.2): if not condition, pypto_pro's lowering prints "Assertion failed: TEXT"
 * (after "[FILE:LINE] " with loc=True) and, when the format has arguments, the formatted
 * message; the kernel goes on either way, as it does on the device. */
static void pto_assert(dispatcher *x, pvc_op *op)
{
    pvc_op *iff = emit(x, PVC_OP_IF, op->loc, NULL);
    operand(x, iff, op->operands[0]);
    pvc_block *save = x->out;
    x->out = iff->orelse;
    const pvc_attr *text = pvc_op_attr(op, "condition_text");
    const char *where = flag_arg(op, "loc") ? where_of(x, op) : "";
    print_line(x, op, pvc_arena_printf(x->m->arena, "%sAssertion failed: %.*s\n", where, (int)text->val->i,
                                       text->val->name));
    if (op->noperands > 2) {
        pvc_op *p = emit(x, PVC_OP_PL_PRINTF, op->loc, NULL);
        for (int i = 1; i < op->noperands; i++)
            operand(x, p, op->operands[i]);
    }
    x->out = save;
}

/* The struct ops (§16.8): smem.get / smem.set .i or .f by the field's dtype (a read) or the
 * value's kind (a write), at base + the field's offset; smem.slot, smem.load. */
static void struct_op(dispatcher *x, pvc_op *op)
{
    pvc_value *const *o = op->operands;
    if (op->code == PVC_OP_STRUCT_SLOT) {
        pvc_op *e = emit(x, PVC_OP_M_SMEM_SLOT, op->loc, op->results[0]);
        operand(x, e, o[0]);
        operand(x, e, o[1]);
        attr(x, e, "n", o[2]);
        attr(x, e, "stride", o[3]);
        return;
    }
    if (op->code == PVC_OP_STRUCT_LOAD) {
        pvc_op *e = emit(x, PVC_OP_M_SMEM_LOAD, op->loc, NULL);
        operand(x, e, o[0]);
        operand(x, e, o[1]);
        attr(x, e, "bytes", o[2]);
        return;
    }
    int set = op->code == PVC_OP_STRUCT_SET;
    int fl = set ? o[5]->kind == PVC_V_FLOAT || o[5]->type.kind == PVC_TY_FLOAT : o[4]->i == PVC_DT_FP32;
    pvc_value *res = set ? NULL : op->nresults ? op->results[0] : tmp_int(x, op->loc);
    if (res && !op->nresults && fl)
        res->type.kind = PVC_TY_FLOAT;
    pvc_value *addr = int_op(x, PVC_OP_PY_ADD, o[0], o[1], op->loc);
    pvc_op *e = emit(x, set ? (fl ? PVC_OP_M_SMEM_SET_F : PVC_OP_M_SMEM_SET_I)
                            : (fl ? PVC_OP_M_SMEM_GET_F : PVC_OP_M_SMEM_GET_I), op->loc, res);
    operand(x, e, addr);
    operand(x, e, o[2]);
    if (set)
        operand(x, e, o[5]);
    attr(x, e, "n", o[3]);
    attr(x, e, "dtype", o[4]);
}

/* pl.move between Vec tiles (§6): the window types worked out (offset, valid shape, insert). */
static void tile_move(dispatcher *x, pvc_op *op)
{
    pvc_op *e = emit(x, PVC_OP_M_TILE_MOVE, op->loc, NULL);
    operand(x, e, pvc_op_arg(op, "dst_tile"));
    operand(x, e, pvc_op_arg(op, "src_tile"));
    static const char *const k[] = {"off_row", "off_col", "valid_rows", "valid_cols"};
    for (int i = 0; i < 4; i++)
        operand(x, e, pvc_op_attr(op, k[i])->val);
    attr(x, e, "insert", pvc_op_attr(op, "insert")->val);
}

/* A tile-level op (§15): the machine ops of its recipe (passes/tileop.c), scalars encoded as
 * a vf op's are (§9.6). */
static pvc_value *tile_scalar_bits(void *ctx, pvc_value *v, int dt, pvc_span at)
{
    dispatcher *x = ctx;
    pvc_value *b = dx_scalar_bits(x, v, dt, at);
    if (!b)
        pvc_error_at(x->d, v ? v->loc : at, PVC_E_TYPE, "a scalar of a tile op must be a number or a "
                     "scalar variable");
    return b;
}

static void tile_op(dispatcher *x, pvc_op *op)
{
    const pvc_tile_recipe *r = pvc_tileop_recipe(op);
    if (!r)
        pvc_tileop_mismatch(x->d, op);
    else
        pvc_tileop_build(x->m, x->out, op, r, tile_scalar_bits, x);
}

/* A FRACTAL_NZ GM tensor (pl.Tensor[..., pl.NZ], §17.4.6) moves only as pypto_pro's lowering
 * moves one: pl.store from an Acc tile and pl.load into an NZ Mat tile, whole, from offsets
 * [0, 0] (ValidateStoreNZPreconditions), and pl.dump_data; every other use is an error naming
 * the op. 1 when op uses an NZ tensor in a way pvc refuses (reported). */
static int nz_refused(dispatcher *x, const pvc_op *op)
{
    const pvc_value *t = NULL;
    for (int k = 0; k < op->noperands && !t; k++) {
        const pvc_value *v = op->operands[k];
        if (v && v->kind == PVC_V_VAR && v->type.kind == PVC_TY_TENSOR && v->type.layout == PVC_TL_NZ)
            t = v;
    }
    if (!t || op->code == PVC_OP_PL_DUMP_DATA || op->code == PVC_OP_TENSOR_DIM || op->code == PVC_OP_ASSIGN)
        return 0;
    const char *name = pvc_ops[op->code].name, *why = NULL;
    int load = op->code == PVC_OP_PL_LOAD || op->code == PVC_OP_PL_LOAD_TILE;
    if (load || op->code == PVC_OP_PL_STORE || op->code == PVC_OP_PL_STORE_TILE) {
        const pvc_value *tile = pvc_op_arg(op, "tile"), *offs = pvc_op_arg(op, "offsets");
        const pvc_value *order = pvc_op_arg(op, "order");
        const pvc_op *l = dx_list_def(x, offs);
        int zero = l && l->code == PVC_OP_LIST && l->noperands == 2;
        for (int k = 0; zero && k < 2; k++) {
            int64_t v;
            zero = pvc_const_int(l->operands[k], &v) && v == 0;
        }
        if (pvc_op_arg(op, "tensor") != t)
            why = "the tensor it moves must be the NZ one";
        else if (!load && (tile->type.kind != PVC_TY_TILE || tile->type.mem != PVC_MEM_ACC))
            why = "pypto_pro stores into an NZ tensor from an Acc tile only (the fixpipe's NZ2NZ)";
        else if (load && (tile->type.kind != PVC_TY_TILE || tile->type.mem != PVC_MEM_MAT ||
                          tile->type.layout != PVC_TL_NZ))
            why = "pvc loads an NZ tensor into an NZ Mat tile only (PTO's TLOAD NZ2NZ)";
        else if (!zero)
            why = "pypto_pro moves an NZ tensor from constant offsets [0, 0] only";
        else if (order && order->kind != PVC_V_NONE)
            why = "an NZ tensor moves without order=";
        else if (!load && t->type.dtype == PVC_DT_INT32)
            why = "PTO's NZ store of INT32 wants 16-element fractal rows, pypto_pro's NZ INT32 tensor has 8";
        if (!why)
            return 0;
    }
    pvc_error_at(x->d, op->loc, PVC_E_UNSUPPORTED, "%s of the NZ tensor '%s' (pl.Tensor[..., pl.NZ]): %s", name,
                 t->name ? t->name : "?", why ? why : "pvc moves an NZ tensor only by pl.store from an Acc tile, "
                 "pl.load into an NZ Mat tile and pl.dump_data (§17.4.6)");
    return 1;
}

void dx_jit_block(dispatcher *x, pvc_block *b)
{
    pvc_block *save = x->out, *nb = pvc_arena_alloc(x->m->arena, sizeof *nb);
    x->out = nb;
    for (int i = 0; i < b->nops; i++) {
        pvc_op *op = b->ops[i];
        int slot_op = op->code == PVC_OP_TG_CURRENT || op->code == PVC_OP_TG_NEXT ||
                      op->code == PVC_OP_TG_PREVIOUS;
        pvc_block *blocks[3];
        if (nz_refused(x, op))
            continue;
        if (op->code == PVC_OP_PL_LOAD || op->code == PVC_OP_PL_STORE || op->code == PVC_OP_PL_LOAD_TILE ||
            op->code == PVC_OP_PL_STORE_TILE) {
            pvc_value *rs, *cs;
            int cube_load = op->code == PVC_OP_PL_LOAD || op->code == PVC_OP_PL_LOAD_TILE;
            if (dx_stride_vars(x, pvc_op_arg(op, "tensor"), &rs, &cs) && pvc_op_arg(op, "tile")->type.mem != PVC_MEM_VEC &&
                !cube_load)
                pvc_error_at(x->d, op->loc, PVC_E_NOT_SUPPORTED, "%s of a cube tile into a tensor pl.set_stride "
                             "changes: pvc applies the strides to Vec tiles' moves and loads into Mat only",
                             pvc_ops[op->code].name);
            else if (!dx_cube_gm(x, op))
                gm_move(x, op);
        } else if (pvc_ops[op->code].flags & PVC_OPF_TILE)
            tile_op(x, op);
        else if ((pvc_ops[op->code].flags & (PVC_OPF_PL | PVC_OPF_GENERIC)) == (PVC_OPF_PL | PVC_OPF_GENERIC))
            dx_generic(x, op); /* pl.set_vec_mask, pl.get_spr: one machine op each */
        else if (slot_op && op->operands[0]->kind == PVC_V_VAR && x->gslot[op->operands[0]->id])
            rotated_slot(x, op);
        else if (op->code == PVC_OP_TG_SLOT && op->nresults && op->results[0]->type.dyn &&
                 !pvc_const_int(op->operands[1], &(int64_t){0}))
            indexed_slot(x, op);
        else if (op->code == PVC_OP_PL_MAKE_TILE_GROUP && op->nresults && op->results[0]->type.dyn) {
            keep(x, op);
            rotated_group(x, op);
        } else if (op->nresults && op->results[0]->type.kind == PVC_TY_TILE && op->results[0]->type.dyn &&
                   pvc_op_attr(op, "ub")) {
            /* a tile name bound more than once (types): this binding writes its address */
            operand(x, emit(x, PVC_OP_ASSIGN, op->loc, op->results[0]), pvc_op_attr(op, "ub")->val);
        } else if (op->code == PVC_OP_ASSIGN && op->results[0]->type.kind == PVC_TY_TILE &&
                   op->results[0]->type.dyn && op->operands[0]->kind == PVC_V_VAR &&
                   !op->operands[0]->type.dyn) {
            operand(x, emit(x, PVC_OP_ASSIGN, op->loc, op->results[0]),
                    cint(x, op->operands[0]->type.ub_addr, op->loc));
        } else if (op->code == PVC_OP_TILE_SLICE && (op->operands[0]->type.dyn || op->results[0]->type.dyn)) {
            tile_view(x, op);
        } else if (op->code == PVC_OP_TENSOR_DIM) {
            tensor_dim(x, op);
        } else if (op->code == PVC_OP_PL_MAKE_TENSOR) {
            make_view(x, op);
        } else if (op->code == PVC_OP_TILE_GET || op->code == PVC_OP_TILE_SET) {
            tile_elem(x, op);
        } else if (op->code == PVC_OP_PL_GETVAL || op->code == PVC_OP_PL_SETVAL) {
            getval(x, op);
        } else if (op->code == PVC_OP_PL_DUMP_DATA) {
            dump_data(x, op);
        } else if (op->code == PVC_OP_PL_PTO_ASSERT) {
            pto_assert(x, op);
        } else if (op->code == PVC_OP_PL_PRINTF) {
            printf_op(x, op);
        } else if (op->code >= PVC_OP_STRUCT_GET && op->code <= PVC_OP_STRUCT_LOAD) {
            struct_op(x, op);
        } else if (op->code == PVC_OP_PL_MOVE || op->code == PVC_OP_PL_INSERT) {
            if (!dx_cube_move(x, op))
                tile_move(x, op);
        } else if (op->code == PVC_OP_PL_MATMUL || op->code == PVC_OP_PL_MATMUL_ACC || op->code == PVC_OP_PL_MATMUL_MX ||
                   op->code == PVC_OP_PL_MATMUL_MX_ACC) {
            dx_matmul(x, op);
        } else if (op->code == PVC_OP_PL_SET_CROSS_CORE || op->code == PVC_OP_PL_WAIT_CROSS_CORE) {
            dx_cross(x, op);
        } else if (op->code >= PVC_OP_PL_GET_BLOCK_IDX && op->code <= PVC_OP_PL_GET_SUBBLOCK_NUM) {
            dx_block_op(x, op);
        } else {
            for (int k = 0, n = pvc_op_blocks(op, blocks); k < n; k++)
                dx_jit_block(x, blocks[k]);
            keep(x, op);
        }
    }
    *b = *nb;
    x->out = save;
}
