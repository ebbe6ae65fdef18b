/* dispatch_addr.c - the dispatch pass (dispatch.c): tile arguments, UB addresses, post-update
 * cursors and AddrRegs as integer arithmetic (§1.4, §1.5, §2.1, decisions 6 and 7). */
#include <string.h>

#include "passes/dispatch.h"

/* ---- tiles and addresses ---- */
int dx_tile_of(dispatcher *x, const pvc_op *op, const char *arg, pvc_value **base, pvc_value **off)
{
    pvc_value *t = pvc_op_arg(op, arg);
    if (!t || t->kind != PVC_V_VAR || !x->tbase[t->id]) {
        pvc_error_at(x->d, op->loc, PVC_E_TYPE, "'%s' of %s must be a tile", arg, pvc_ops[op->code].name);
        return 0;
    }
    *base = x->tbase[t->id];
    *off = x->toff[t->id];
    return 1;
}

/* a*b + c for an address, offset or step: saturating at the ends of int64 (pvc_addr_mul,
 * pvc_addr_add), so that a huge [row, col] or step lands outside the UB and faults there
 * instead of wrapping back inside it; folded when all three are constants. */
static pvc_value *addr_mac(dispatcher *x, pvc_value *a, pvc_value *b, pvc_value *c, pvc_span at)
{
    int64_t ka, kb, kc;
    if (pvc_const_int(a, &ka) && pvc_const_int(b, &kb) && pvc_const_int(c, &kc))
        return cint(x, pvc_addr_add(pvc_addr_mul(ka, kb), kc), at);
    if (pvc_const_int(b, &kb) && kb == 1 && pvc_const_int(c, &kc) && kc == 0)
        return a;
    if ((pvc_const_int(a, &ka) && ka == 0) || (pvc_const_int(b, &kb) && kb == 0))
        return c;
    pvc_value *t = tmp_int(x, at);
    pvc_op *op = emit(x, PVC_OP_M_ADDR_MAC, at, t);
    operand(x, op, a);
    operand(x, op, b);
    operand(x, op, c);
    return t;
}

/* k elements of dtype dt as a byte step (a post-update step, a stride). */
pvc_value *dx_elem_bytes(dispatcher *x, pvc_value *k, int dt, pvc_span at)
{
    return addr_mac(x, k, cint(x, lane(dt), at), cint(x, 0, at), at);
}

/* Element offset of an offset argument: int, or [row, col] -> row*cols + col (§1.5). */
pvc_value *dx_elem_offset(dispatcher *x, const pvc_op *op, pvc_value *v, const pvc_value *base)
{
    if (!v || v->kind == PVC_V_NONE)
        return cint(x, 0, op->loc);
    if (is_int(v))
        return v;
    const pvc_op *l = dx_list_def(x, v);
    if (l && l->code == PVC_OP_LIST && l->noperands == 2 && is_int(l->operands[0]) && is_int(l->operands[1])) {
        return addr_mac(x, l->operands[0], cint(x, base->type.dims[1], op->loc), l->operands[1], op->loc);
    }
    pvc_error_at(x->d, v->kind == PVC_V_VAR ? op->loc : v->loc, PVC_E_TYPE,
                 "offset of %s must be an int, [row, col] or an AddrReg", pvc_ops[op->code].name);
    return NULL;
}

/* ub.addr(base, off + extra): the byte address of a tile element. off is the constant offset
 * of a tile view, small; off + extra wraps only for an extra near INT64_MAX, and then lands
 * near INT64_MIN, as far outside the UB (pvc_tile_off_addr saturates from there). */
pvc_value *dx_ub_addr(dispatcher *x, pvc_value *base, pvc_value *off, pvc_value *extra, pvc_span at)
{
    pvc_value *total = int_op(x, PVC_OP_PY_ADD, off, extra ? extra : cint(x, 0, at), at);
    pvc_value *r = tmp_int(x, at);
    pvc_op *op = emit(x, PVC_OP_M_UB_ADDR, at, r);
    operand(x, op, base);
    operand(x, op, total);
    return r;
}

/* The cursor of a tile expression (decision 7): one per (tile, constant offset) per VF,
 * initialised at the top of the function. */
pvc_value *dx_cursor_of(dispatcher *x, pvc_value *base, pvc_value *off, pvc_span at)
{
    int64_t k;
    if (!pvc_const_int(off, &k)) {
        pvc_error_at(x->d, at, PVC_E_NOT_SUPPORTED,
                     "post-update and unaligned access need a tile expression with a constant "
                     "offset (the cursor is created once at the top of the vector function)");
        return NULL;
    }
    for (int i = 0; i < x->ncursors; i++)
        if (x->cursors[i].base_id == base->id && x->cursors[i].off == k)
            return x->cursors[i].cursor;
    const char *name = k ? pvc_arena_printf(x->m->arena, "%s%+lld.cursor", base->name, (long long)k)
                         : pvc_arena_printf(x->m->arena, "%s.cursor", base->name);
    pvc_value *c = pvc_var_named(x->m, x->f, name, at);
    c->type.kind = PVC_TY_INT;
    pvc_block *save = x->out;
    x->out = &x->prelude;
    if (k) {
        pvc_op *op = emit(x, PVC_OP_M_UB_ADDR, at, c);
        operand(x, op, base);
        operand(x, op, off);
    } else
        operand(x, emit(x, PVC_OP_M_CURSOR_INIT, at, c), base);
    x->out = save;
    cursor_ent *grown = pvc_arena_alloc(x->m->arena, (size_t)(x->ncursors + 1) * sizeof *grown);
    if (x->ncursors)
        memcpy(grown, x->cursors, (size_t)x->ncursors * sizeof *grown);
    grown[x->ncursors++] = (cursor_ent){base->id, k, c};
    x->cursors = grown;
    return c;
}

/* ---- AddrReg (decision 6) ---- */
static pvc_value *loop_iter(dispatcher *x, const pvc_op *loop, pvc_span at)
{
    pvc_value *v = loop->results[0], *start = loop->operands[0], *step = loop->operands[2];
    pvc_value *d = int_op(x, PVC_OP_PY_SUB, v, start, at);
    int64_t k;
    if (pvc_const_int(step, &k) && k == 1)
        return d;
    pvc_value *r = tmp_int(x, at);
    pvc_op *op = emit(x, PVC_OP_PY_FLOORDIV, at, r);
    operand(x, op, d);
    operand(x, op, step);
    return r;
}

static int is_loop_var(const dispatcher *x, const pvc_value *v)
{
    for (int i = 0; i < x->nloops; i++)
        if (x->loops[i]->results[0] == v)
            return 1;
    return 0;
}

void dx_lower_addr_reg(dispatcher *x, pvc_op *op)
{
    op->results[0]->type.kind = PVC_TY_INT; /* also after an error: no cascade at its uses */
    pvc_value *s[4];
    int n = 0;
    /* Index form (index0, stride0, ...) when the first argument is a loop variable; the
     * emitter discards the indices either way (§1.4). */
    int pairs = op->noperands >= 2 && op->noperands % 2 == 0 && is_loop_var(x, op->operands[0]);
    for (int i = pairs ? 1 : 0; i < op->noperands; i += pairs ? 2 : 1) {
        if (n == 4 || !is_int(op->operands[i])) {
            pvc_error_at(x->d, op->loc, PVC_E_TYPE, "vf.create_addr_reg takes 1-4 integer strides");
            return;
        }
        s[n++] = op->operands[i];
    }
    if (n > x->nloops) {
        pvc_error_at(x->d, op->loc, PVC_E_NOT_SUPPORTED,
                     "an AddrReg with %d strides needs %d enclosing pl.range loops (decision 6)", n, n);
        return;
    }
    pvc_value *it[4];
    for (int k = 0; k < n; k++)
        it[k] = loop_iter(x, x->loops[x->nloops - n + k], op->loc);
    pvc_value *r = op->results[0];
    int dt = r->type.dtype;
    pvc_op *a = emit(x, PVC_OP_M_AREG, op->loc, r);
    for (int k = 0; k < 4; k++)
        operand(x, a, k < n ? s[k] : cint(x, 0, op->loc));
    for (int k = 0; k < 4; k++)
        operand(x, a, k < n ? it[k] : cint(x, 0, op->loc));
    attr(x, a, "dtype", cdtype(x, dt, op->loc));
    attr(x, a, "n", cint(x, n, op->loc));
}

int dx_is_areg(const pvc_value *v)
{
    return v && v->kind == PVC_V_VAR && v->type.kind == PVC_TY_INT && v->type.dtype >= 0;
}

/* ---- the place of an access: one rule for the align, mask and DATA_BLOCK families ---- */
int dx_place_of(dispatcher *x, const pvc_op *op, pvc_value *base, pvc_value *toff, pvc_value *off,
                dx_off_unit unit, int post, const char *section, dx_place *p)
{
    *p = (dx_place){0};
    if (dx_is_areg(off)) { /* a byte offset from the enclosing loops (decision 6) */
        if (post && unit == DX_OFF_ELEMS) {
            pvc_error_at(x->d, op->loc, PVC_E_NOT_SUPPORTED, "an AddrReg offset takes no post_update (%s)",
                         section);
            return 0;
        }
        p->at = int_op(x, PVC_OP_PY_ADD, dx_ub_addr(x, base, toff, NULL, op->loc), off, op->loc);
        return 1;
    }
    pvc_value *k = unit == DX_OFF_ELEMS ? dx_elem_offset(x, op, off, base) : NULL;
    if (unit == DX_OFF_ELEMS && !k)
        return 0;
    if (post) {
        if (!(p->cursor = dx_cursor_of(x, base, toff, op->loc)))
            return 0;
        if (unit == DX_OFF_ELEMS)
            p->step = dx_elem_bytes(x, k, base->type.dtype, op->loc);
        else if (unit != DX_OFF_BASE)
            p->step = off && is_int(off) ? off : cint(x, 0, op->loc); /* bytes (§2.5, §3.6) */
        return 1;
    }
    int64_t c;
    p->at = dx_ub_addr(x, base, toff, k, op->loc);
    if (unit == DX_OFF_BYTES && off && is_int(off))
        p->at = int_op(x, PVC_OP_PY_ADD, p->at, off, op->loc); /* an immediate byte offset (§2.5) */
    p->dropped = unit == DX_OFF_STEP && off && !(pvc_const_int(off, &c) && c == 0);
    return 1;
}

void dx_place_operands(dispatcher *x, pvc_op *mop, const dx_place *p)
{
    operand(x, mop, p->cursor ? p->cursor : p->at);
    if (p->step)
        operand(x, mop, p->step);
}
