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
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
} dispatcher;

/* ---- values ---- */
static pvc_value *cint(dispatcher *x, int64_t v, pvc_span at)
{
    pvc_value *c = pvc_const(x->m, PVC_V_INT, at);
    c->i = v;
    return c;
}

static pvc_value *cbool(dispatcher *x, int v, pvc_span at)
{
    pvc_value *c = pvc_const(x->m, PVC_V_BOOL, at);
    c->i = !!v;
    return c;
}

static pvc_value *cdtype(dispatcher *x, int dt, pvc_span at)
{
    pvc_value *c = pvc_const(x->m, PVC_V_DTYPE, at);
    c->i = dt;
    return c;
}

static pvc_value *cenum(dispatcher *x, int ns, int64_t v, pvc_span at)
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

static pvc_value *tmp_int(dispatcher *x, pvc_span at)
{
    pvc_value *v = pvc_var_temp(x->m, x->f, at);
    v->type.kind = PVC_TY_INT;
    return v;
}

static pvc_op *emit(dispatcher *x, pvc_opcode code, pvc_span at, pvc_value *result)
{
    pvc_op *op = pvc_op_new(x->m, code, at);
    if (result)
        pvc_op_add_result(x->m, op, result);
    pvc_block_append(x->m, x->out, op);
    return op;
}

static void operand(dispatcher *x, pvc_op *op, pvc_value *v) { pvc_op_add_operand(x->m, op, v); }
static void attr(dispatcher *x, pvc_op *op, const char *k, pvc_value *v) { pvc_op_add_attr(x->m, op, k, v, op->loc); }

/* a OP b on ints, folded when both are constants. */
static pvc_value *int_op(dispatcher *x, pvc_opcode code, pvc_value *a, pvc_value *b, pvc_span at)
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

static int kind_of(const pvc_value *v) { return v ? (int)v->type.kind : PVC_TY_NONE; }
static int is_int(const pvc_value *v) { return v && (v->type.kind == PVC_TY_INT || v->type.kind == PVC_TY_BOOL); }
static int64_t lane(int dt) { return dt >= 0 && dt < PVC_DT_COUNT ? pvc_dtype_lane_bytes((pvc_dtype)dt) : 1; }

static int flag_arg(const pvc_op *op, const char *name)
{
    const pvc_value *v = pvc_op_arg(op, name);
    return v && v->kind == PVC_V_BOOL && v->i;
}

static int enum_arg(const pvc_op *op, const char *name, int ns, int dflt)
{
    const pvc_value *v = pvc_op_arg(op, name);
    return v && v->kind == PVC_V_ENUM && v->ns == ns ? (int)v->i : dflt;
}

static int is_datablock(const pvc_op *op)
{
    return enum_arg(op, "data_copy_mode", PVC_NS_DataCopyMode, 0) != 0;
}

/* ---- tiles and addresses ---- */
static int tile_of(dispatcher *x, const pvc_op *op, const char *arg, pvc_value **base, pvc_value **off)
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
static pvc_value *elem_bytes(dispatcher *x, pvc_value *k, int dt, pvc_span at)
{
    return addr_mac(x, k, cint(x, lane(dt), at), cint(x, 0, at), at);
}

/* Element offset of an offset argument: int, or [row, col] -> row*cols + col (§1.5). */
static pvc_value *elem_offset(dispatcher *x, const pvc_op *op, pvc_value *v, const pvc_value *base)
{
    if (!v || v->kind == PVC_V_NONE)
        return cint(x, 0, op->loc);
    if (is_int(v))
        return v;
    const pvc_op *l = v->kind == PVC_V_VAR ? x->def[v->id] : NULL;
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
static pvc_value *ub_addr(dispatcher *x, pvc_value *base, pvc_value *off, pvc_value *extra, pvc_span at)
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
static pvc_value *cursor_of(dispatcher *x, pvc_value *base, pvc_value *off, pvc_span at)
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

static void lower_addr_reg(dispatcher *x, pvc_op *op)
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

static int is_areg(const pvc_value *v)
{
    return v && v->kind == PVC_V_VAR && v->type.kind == PVC_TY_INT && v->type.dtype >= 0;
}

/* ---- loads (§2) ---- */
/* A mask load/store offset is a byte count or an AddrReg (§2.5, §3.6): a [row, col] list or
 * a register there has no meaning, and would otherwise be dropped. */
static int mask_offset_ok(dispatcher *x, const pvc_op *op, const pvc_value *off)
{
    if (!off || off->kind == PVC_V_NONE || is_int(off) || is_areg(off))
        return 1;
    /* store_align(tile, preg, src): a mask in src's place makes a mask store of it, and the
     * register lands in the offset's place (§3.6) */
    int swapped = op->code == PVC_OP_VF_STORE_ALIGN && off->type.kind == PVC_TY_REG;
    pvc_error_at(x->d, off->kind == PVC_V_VAR ? op->loc : off->loc, PVC_E_TYPE,
                 "the offset of a mask %s is a byte count (an int) or an AddrReg, not a %s (§2.5, §3.6)%s",
                 op->code == PVC_OP_VF_LOAD_ALIGN ? "load" : "store",
                 off->type.kind == PVC_TY_LIST ? "[row, col] list" : pvc_type_kind_name(off->type.kind),
                 swapped ? "; vf.store_align takes (tile, src, preg): are src and preg swapped?" : "");
    return 0;
}

static void load_to_mask(dispatcher *x, pvc_op *op, pvc_value *base, pvc_value *toff)
{
    if (is_datablock(op)) {
        pvc_error_at(x->d, op->loc, PVC_E_MASK_FORM,
                     "DATA_BLOCK_COPY cannot load into mask register '%s' (§2.4, §2.5)",
                     op->results[0]->name ? op->results[0]->name : "?");
        return;
    }
    int g = enum_arg(op, "dist", PVC_NS_LoadDist, PVC_LD_NORM);
    int md = g == PVC_LD_NORM ? PVC_MD_LD_NORM : g == PVC_LD_US ? PVC_MD_LD_US : g == PVC_LD_DS ? PVC_MD_LD_DS : -1;
    if (md < 0) {
        pvc_error_at(x->d, pvc_op_arg_loc(op, "dist"), PVC_E_DIST,
                     "dist %s is not legal for a mask destination (NORM, US or DS, §2.5)",
                     pvc_load_dist_table[g].name);
        return;
    }
    pvc_value *off = pvc_op_arg(op, "offset");
    pvc_op *ld;
    if (!mask_offset_ok(x, op, off))
        return;
    if (flag_arg(op, "post_update") && !is_areg(off)) {
        pvc_value *c = cursor_of(x, base, toff, op->loc);
        if (!c)
            return;
        ld = emit(x, PVC_OP_M_LD_MASK_POST, op->loc, op->results[0]);
        operand(x, ld, c);
        operand(x, ld, off && is_int(off) ? off : cint(x, 0, op->loc)); /* bytes (§2.5) */
    } else {
        pvc_value *a = ub_addr(x, base, toff, NULL, op->loc);
        if (off && (is_int(off) || is_areg(off)))
            a = int_op(x, PVC_OP_PY_ADD, a, off, op->loc); /* immediate BYTE offset (§2.5) */
        ld = emit(x, PVC_OP_M_LD_MASK, op->loc, op->results[0]);
        operand(x, ld, a);
    }
    attr(x, ld, "dist", cenum(x, PVC_NS_MaskDist, md, op->loc));
}

static void load_datablock(dispatcher *x, pvc_op *op, pvc_value *base, pvc_value *toff)
{
    pvc_value *mask = pvc_op_arg(op, "offset");
    if (kind_of(mask) != PVC_TY_MASK) {
        pvc_error_at(x->d, op->loc, PVC_E_TYPE,
                     "DATA_BLOCK_COPY load_align takes a mask register as its second argument (§2.4)");
        return;
    }
    int64_t bs = 1, rs = 0;
    pvc_const_int(pvc_op_arg(op, "block_stride"), &bs);
    pvc_const_int(pvc_op_arg(op, "repeat_stride"), &rs);
    if (lane(op->results[0]->type.dtype) == 8)
        pvc_error_at(x->d, op->loc, PVC_E_DIST, "DATA_BLOCK_COPY has no 64-bit form (§2.4)");
    pvc_op *ld;
    if (flag_arg(op, "post_update")) {
        pvc_value *c = cursor_of(x, base, toff, op->loc);
        if (!c)
            return;
        ld = emit(x, PVC_OP_M_LD_BLK_POST, op->loc, op->results[0]);
        operand(x, ld, c);
        operand(x, ld, mask);
        attr(x, ld, "block_stride", cint(x, bs, op->loc));
        attr(x, ld, "repeat_stride", cint(x, rs, op->loc));
    } else {
        pvc_value *a = ub_addr(x, base, toff, NULL, op->loc);
        ld = emit(x, PVC_OP_M_LD_BLK, op->loc, op->results[0]);
        operand(x, ld, a);
        operand(x, ld, mask);
        attr(x, ld, "block_stride", cint(x, bs, op->loc));
    }
}

/* The two dist tables share one resolution rule: an explicit dist must match the element
 * width (w 0 = any), a generic one goes through the runtime's resolve table (§2.2, §3.1). */
typedef struct {
    const pvc_dist_info *table;
    int (*resolve)(int g, int dt);
    int none;             /* the resolver's "no legal form" */
    const char *section;  /* docs/SEMANTICS.md section for the messages */
} dist_family;

static int resolve_load(int g, int dt)
{
    return (int)pvc_load_dist_resolve((pvc_load_dist)g, (pvc_dtype)dt);
}

static int resolve_store(int g, int dt)
{
    return (int)pvc_store_dist_resolve((pvc_store_dist)g, (pvc_dtype)dt);
}

static const dist_family load_dists = {pvc_load_dist_table, resolve_load, PVC_LD_NONE, "§2.2"};
static const dist_family store_dists = {pvc_store_dist_table, resolve_store, PVC_ST_NONE, "§3.1"};

/* Explicit dist of family f for dist g on a register of dtype dt, or -1 after an error. */
static int explicit_dist(dispatcher *x, pvc_span at, const dist_family *f, int g, int dt)
{
    const pvc_dist_info *info = &f->table[g];
    if (info->kind == PVC_DIST_E) {
        /* a store's explicit NORM_B16 / INTLV_B32 is used as given on any register: its bytes
         * go out as lanes of that width (§3.1; the 8-bit gather of §10.13 is stored so) */
        if (info->w && info->w != lane(dt) && f != &store_dists) {
            pvc_error_at(x->d, at, PVC_E_DIST, "dist %s works on %d-bit elements, not on a %s "
                         "register (%s)", info->name, info->w * 8, pvc_dtype_pyname(dt), f->section);
            return -1;
        }
        return g;
    }
    int r = f->resolve(g, dt);
    if (r == f->none) {
        pvc_error_at(x->d, at, PVC_E_DIST, "dist %s has no form for a %s register (%s)",
                     info->name, pvc_dtype_pyname(dt), f->section);
        return -1;
    }
    return r;
}

/* Explicit load dist for dist g on a register of dtype dt, or -1 after an error (§2.2). */
static int load_dist(dispatcher *x, const pvc_op *op, int g, int dt)
{
    const pvc_dist_info *info = &pvc_load_dist_table[g];
    pvc_span at = pvc_op_arg_loc(op, "dist");
    if (lane(dt) == 8 && g != PVC_LD_NORM) {
        pvc_error_at(x->d, at, PVC_E_DIST, "dist %s on a %s register: 64-bit registers load only "
                     "with NORM (§2.2)", info->name, pvc_dtype_pyname(dt));
        return -1;
    }
    int r = explicit_dist(x, at, &load_dists, g, dt);
    if (r >= 0 && r != g && pvc_load_dist_table[r].w && pvc_load_dist_table[r].w != lane(dt))
        pvc_warn_at(x->d, at, "dist %s on a %s register resolves to %s, which works on %d-bit "
                    "elements (§2.2) [%s]", info->name, pvc_dtype_pyname(dt),
                    pvc_load_dist_table[r].name, pvc_load_dist_table[r].w * 8,
                    pvc_warn_code(PVC_W_US_DS_B16));
    return r;
}

static void load_align(dispatcher *x, pvc_op *op)
{
    pvc_value *base, *toff;
    if (!tile_of(x, op, "tile", &base, &toff))
        return;
    if (op->nresults == 1 && op->results[0]->type.kind == PVC_TY_MASK) {
        load_to_mask(x, op, base, toff);
        return;
    }
    if (is_datablock(op)) {
        load_datablock(x, op, base, toff);
        return;
    }
    int two = op->nresults == 2, dt = op->results[0]->type.dtype;
    int g = enum_arg(op, "dist", PVC_NS_LoadDist, two ? PVC_LD_DINTLV : PVC_LD_NORM);
    if (pvc_load_dist_table[g].nreg != (two ? 2 : 1)) {
        pvc_error_at(x->d, op->loc, PVC_E_RESULTS, "dist %s gives %d register%s; assign %s",
                     pvc_load_dist_table[g].name, pvc_load_dist_table[g].nreg,
                     pvc_load_dist_table[g].nreg == 2 ? "s" : "",
                     pvc_load_dist_table[g].nreg == 2 ? "two names (§2.3)" : "one name");
        return;
    }
    int dist = load_dist(x, op, g, dt);
    if (dist < 0)
        return;
    pvc_value *off = pvc_op_arg(op, "offset");
    int post = flag_arg(op, "post_update");
    pvc_op *ld;
    if (is_areg(off)) {
        if (post) {
            pvc_error_at(x->d, op->loc, PVC_E_NOT_SUPPORTED, "an AddrReg offset takes no post_update (§2.1)");
            return;
        }
        pvc_value *a = int_op(x, PVC_OP_PY_ADD, ub_addr(x, base, toff, NULL, op->loc), off, op->loc);
        ld = emit(x, two ? PVC_OP_M_LD_X2 : PVC_OP_M_LD_REG, op->loc, op->results[0]);
        operand(x, ld, a);
    } else {
        pvc_value *k = elem_offset(x, op, off, base);
        if (!k)
            return;
        if (post) {
            pvc_value *c = cursor_of(x, base, toff, op->loc);
            if (!c)
                return;
            pvc_value *step = elem_bytes(x, k, base->type.dtype, op->loc);
            ld = emit(x, two ? PVC_OP_M_LD_X2_POST : PVC_OP_M_LD_REG_POST, op->loc, op->results[0]);
            operand(x, ld, c);
            operand(x, ld, step);
        } else {
            pvc_value *a = ub_addr(x, base, toff, k, op->loc);
            ld = emit(x, two ? PVC_OP_M_LD_X2 : PVC_OP_M_LD_REG, op->loc, op->results[0]);
            operand(x, ld, a);
        }
    }
    if (two)
        pvc_op_add_result(x->m, ld, op->results[1]);
    attr(x, ld, "dist", cenum(x, PVC_NS_LoadDist, dist, op->loc));
}

/* ---- stores (§3) ---- */
static void store_mask(dispatcher *x, pvc_op *op, pvc_value *base, pvc_value *toff, pvc_value *src)
{
    if (is_datablock(op)) {
        pvc_error_at(x->d, op->loc, PVC_E_MASK_FORM, "DATA_BLOCK_COPY cannot store a mask register (§3.6)");
        return;
    }
    int g = enum_arg(op, "dist", PVC_NS_StoreDist, PVC_ST_NORM);
    int md = g == PVC_ST_NORM ? PVC_MD_ST_NORM : g == PVC_ST_PACK ? PVC_MD_ST_PACK : -1;
    if (md < 0) {
        pvc_error_at(x->d, pvc_op_arg_loc(op, "dist"), PVC_E_DIST,
                     "dist %s is not legal for a mask source (NORM or PACK, §3.6)",
                     pvc_store_dist_table[g].name);
        return;
    }
    pvc_value *off = pvc_op_arg(op, "preg"); /* mask form: the third positional is the offset */
    if (!off)
        off = pvc_op_arg(op, "offset");
    pvc_op *st;
    int64_t k;
    if (!mask_offset_ok(x, op, off))
        return;
    if (flag_arg(op, "post_update") && !is_areg(off)) {
        pvc_value *c = cursor_of(x, base, toff, op->loc);
        if (!c)
            return;
        st = emit(x, PVC_OP_M_ST_MASK_POST, op->loc, NULL);
        operand(x, st, c);
        operand(x, st, off && is_int(off) ? off : cint(x, 0, op->loc)); /* bytes (§3.6) */
    } else {
        pvc_value *a = ub_addr(x, base, toff, NULL, op->loc);
        if (is_areg(off))
            a = int_op(x, PVC_OP_PY_ADD, a, off, op->loc);
        else if (off && !(pvc_const_int(off, &k) && k == 0))
            pvc_warn_at(x->d, op->loc, "the offset of a mask store without post_update is dropped "
                        "by the lowering; the mask is stored at the tile base (§3.6); use "
                        "'tile + k' or post_update=True [%s]", pvc_warn_code(PVC_W_MASK_OFFSET_DROPPED));
        st = emit(x, PVC_OP_M_ST_MASK, op->loc, NULL);
        operand(x, st, a);
    }
    operand(x, st, src);
    attr(x, st, "dist", cenum(x, PVC_NS_MaskDist, md, op->loc));
}

static void store_datablock(dispatcher *x, pvc_op *op, pvc_value *base, pvc_value *toff, pvc_value *src)
{
    pvc_value *mask = pvc_op_arg(op, "preg");
    if (kind_of(mask) != PVC_TY_MASK) {
        pvc_error_at(x->d, op->loc, PVC_E_TYPE, "DATA_BLOCK_COPY store_align needs a mask register");
        return;
    }
    /* 4th / 5th positionals are block_stride / repeat_stride here (§3.5). */
    pvc_value *bsv = op->noperands > 3 ? op->operands[3] : pvc_op_arg(op, "block_stride");
    pvc_value *rsv = pvc_op_arg(op, "repeat_stride");
    int64_t bs = 1, rs = 0;
    if ((bsv && !pvc_const_int(bsv, &bs)) || (rsv && !pvc_const_int(rsv, &rs))) {
        pvc_error_at(x->d, op->loc, PVC_E_NOT_CONST, "block_stride and repeat_stride must be integer constants");
        return;
    }
    pvc_op *st;
    if (flag_arg(op, "post_update")) {
        pvc_value *c = cursor_of(x, base, toff, op->loc);
        if (!c)
            return;
        st = emit(x, PVC_OP_M_ST_BLK_POST, op->loc, NULL);
        operand(x, st, c);
    } else {
        pvc_value *a = ub_addr(x, base, toff, NULL, op->loc);
        st = emit(x, PVC_OP_M_ST_BLK, op->loc, NULL);
        operand(x, st, a);
    }
    operand(x, st, src);
    operand(x, st, mask);
    attr(x, st, "block_stride", cint(x, bs, op->loc));
    if (st->code == PVC_OP_M_ST_BLK_POST)
        attr(x, st, "repeat_stride", cint(x, rs, op->loc));
}

/* Explicit store dist for g on a source of dtype dt, or -1 after an error (§3.1). */
static int store_dist(dispatcher *x, const pvc_op *op, int g, int dt)
{
    return explicit_dist(x, pvc_op_arg_loc(op, "dist"), &store_dists, g, dt);
}

static void store_align(dispatcher *x, pvc_op *op)
{
    pvc_value *base, *toff, *src = pvc_op_arg(op, "src");
    if (!tile_of(x, op, "tile", &base, &toff))
        return;
    if (kind_of(src) == PVC_TY_MASK) {
        store_mask(x, op, base, toff, src);
        return;
    }
    if (kind_of(src) != PVC_TY_REG) {
        pvc_error_at(x->d, op->loc, PVC_E_TYPE, "vf.store_align stores a register or a mask register");
        return;
    }
    if (is_datablock(op)) {
        store_datablock(x, op, base, toff, src);
        return;
    }
    int g = enum_arg(op, "dist", PVC_NS_StoreDist, PVC_ST_NORM);
    int dist = store_dist(x, op, g, src->type.dtype);
    if (dist < 0)
        return;
    if (pvc_store_dist_table[dist].nreg == 2) {
        pvc_value *s1 = pvc_op_arg(op, "preg"); /* (tile, even, odd, mask): mask ignored (§3.4) */
        if (kind_of(s1) != PVC_TY_REG || s1->type.dtype != src->type.dtype) {
            pvc_error_at(x->d, op->loc, PVC_E_TYPE, "dist %s stores two registers of one dtype: "
                         "vf.store_align(tile, even, odd, mask, dist=...) (§3.4)",
                         pvc_store_dist_table[g].name);
            return;
        }
        pvc_value *a = ub_addr(x, base, toff, NULL, op->loc);
        pvc_op *st = emit(x, PVC_OP_M_ST_X2, op->loc, NULL);
        operand(x, st, a);
        operand(x, st, src);
        operand(x, st, s1);
        attr(x, st, "dist", cenum(x, PVC_NS_HwStoreDist, dist, op->loc));
        return;
    }
    pvc_value *mask = pvc_op_arg(op, "preg"), *off = pvc_op_arg(op, "offset");
    if (kind_of(mask) != PVC_TY_MASK) {
        pvc_error_at(x->d, op->loc, PVC_E_TYPE, "'preg' of vf.store_align must be a mask register");
        return;
    }
    int post = flag_arg(op, "post_update");
    pvc_op *st;
    if (is_areg(off)) {
        if (post) {
            pvc_error_at(x->d, op->loc, PVC_E_NOT_SUPPORTED, "an AddrReg offset takes no post_update (§3.2)");
            return;
        }
        pvc_value *a = int_op(x, PVC_OP_PY_ADD, ub_addr(x, base, toff, NULL, op->loc), off, op->loc);
        st = emit(x, PVC_OP_M_ST_REG, op->loc, NULL);
        operand(x, st, a);
    } else {
        pvc_value *k = elem_offset(x, op, off, base);
        if (!k)
            return;
        if (post) {
            pvc_value *c = cursor_of(x, base, toff, op->loc);
            if (!c)
                return;
            pvc_value *step = elem_bytes(x, k, base->type.dtype, op->loc);
            st = emit(x, PVC_OP_M_ST_REG_POST, op->loc, NULL);
            operand(x, st, c);
            operand(x, st, step);
        } else {
            pvc_value *a = ub_addr(x, base, toff, k, op->loc);
            st = emit(x, PVC_OP_M_ST_REG, op->loc, NULL);
            operand(x, st, a);
        }
    }
    operand(x, st, src);
    operand(x, st, mask);
    attr(x, st, "dist", cenum(x, PVC_NS_HwStoreDist, dist, op->loc));
}

/* ---- unaligned family (§4) ---- */
static void remember_ureg(dispatcher *x, pvc_value *u, pvc_value *cursor)
{
    for (int i = 0; i < x->nuregs; i++)
        if (x->uregs[i] == u) {
            x->ucur[i] = cursor;
            return;
        }
    if (x->nuregs == x->capuregs)
        PVC_BUG("more store uregs than the function's %d variables", x->capuregs);
    x->uregs[x->nuregs] = u;
    x->ucur[x->nuregs++] = cursor;
}

static void ustream_flags(dispatcher *x, const pvc_op *op, int has_stride);

static void load_unalign(dispatcher *x, pvc_op *op)
{
    pvc_value *base, *toff, *u = pvc_op_arg(op, "ureg"), *stride = pvc_op_arg(op, "stride");
    if (!tile_of(x, op, "tile", &base, &toff))
        return;
    if (kind_of(u) != PVC_TY_UREG_LOAD) {
        pvc_error_at(x->d, op->loc, PVC_E_TYPE, "'ureg' of %s must come from vf.load_unalign_init()",
                     pvc_ops[op->code].name);
        return;
    }
    if (op->code == PVC_OP_VF_LOAD_UNALIGN_PRE) { /* the plain tile base, not the cursor (§4) */
        pvc_value *a = ub_addr(x, base, toff, NULL, op->loc);
        pvc_op *p = emit(x, PVC_OP_M_LDU_PRE, op->loc, NULL);
        operand(x, p, u);
        operand(x, p, a);
        return;
    }
    pvc_op *ld;
    ustream_flags(x, op, stride != NULL);
    if (!stride) {
        pvc_value *a = ub_addr(x, base, toff, NULL, op->loc);
        ld = emit(x, PVC_OP_M_LDU, op->loc, op->results[0]);
        operand(x, ld, u);
        operand(x, ld, a);
        return;
    }
    pvc_value *c = cursor_of(x, base, toff, op->loc);
    if (!c)
        return;
    if (is_areg(stride)) {
        ld = emit(x, PVC_OP_M_LDU_AREG, op->loc, op->results[0]);
        operand(x, ld, u);
        operand(x, ld, c);
        operand(x, ld, stride);
    } else if (is_int(stride)) { /* stride in register elements (§4) */
        pvc_value *step = elem_bytes(x, stride, op->results[0]->type.dtype, op->loc);
        ld = emit(x, PVC_OP_M_LDU_POST, op->loc, op->results[0]);
        operand(x, ld, u);
        operand(x, ld, c);
        operand(x, ld, step);
    } else
        pvc_error_at(x->d, op->loc, PVC_E_TYPE, "stride of vf.load_unalign must be an int or an AddrReg");
}

static int stu_elem_bytes(int dt)
{
    return lane(dt) == 8 ? 4 : (int)lane(dt); /* INT64 goes through a 32-bit pointer (§8 #4) */
}

static void store_unalign(dispatcher *x, pvc_op *op)
{
    pvc_value *base, *toff, *src = pvc_op_arg(op, "src"), *u = pvc_op_arg(op, "ureg");
    pvc_value *count = pvc_op_arg(op, "count");
    if (!tile_of(x, op, "tile", &base, &toff))
        return;
    if (kind_of(u) != PVC_TY_UREG_STORE) {
        pvc_error_at(x->d, op->loc, PVC_E_TYPE, "'ureg' of vf.store_unalign must come from vf.unalign_reg_for_store()");
        return;
    }
    pvc_value *c = cursor_of(x, base, toff, op->loc);
    if (!c)
        return;
    pvc_op *st;
    if (kind_of(src) == PVC_TY_MASK) {
        /* The packing follows the mask's IR dtype (the lowering picks the pointer type from
         * it), not the tile's (§4.3, decision 1). */
        int gran = (int)lane(src->type.dtype);
        if (gran != 2 && gran != 4) {
            pvc_error_at(x->d, op->loc, PVC_E_TYPE, "a mask store_unalign packs at 16 or 32 bits, and "
                         "mask '%s' has dtype %s (§4.3)", src->name ? src->name : "?",
                         pvc_dtype_pyname(src->type.dtype));
            return;
        }
        if (base->type.dtype >= 0 && lane(base->type.dtype) != gran)
            pvc_warn_at(x->d, op->loc, "mask '%s' is %s, so it packs at %d bits (%d bytes), not at the "
                        "%d-bit granularity of the %s tile the docs describe (§4.3) [%s]",
                        src->name ? src->name : "?", pvc_dtype_pyname(src->type.dtype), gran * 8,
                        gran == 2 ? 16 : 8, (int)lane(base->type.dtype) * 8,
                        pvc_dtype_pyname(base->type.dtype), pvc_warn_code(PVC_W_MASK_PACK_WIDTH));
        st = emit(x, PVC_OP_M_STU_MASK, op->loc, NULL);
        operand(x, st, c);
        operand(x, st, src);
        operand(x, st, u);
        attr(x, st, "gran", cint(x, gran, op->loc));
    } else if (kind_of(src) != PVC_TY_REG) {
        pvc_error_at(x->d, op->loc, PVC_E_TYPE, "vf.store_unalign stores a register or a mask register");
        return;
    } else if (!count) { /* vstur: SQZN bytes at cursor + AR, then AR += SQZN (§4, §10.9) */
        st = emit(x, PVC_OP_M_STU_AR, op->loc, NULL);
        operand(x, st, c);
        operand(x, st, src);
        operand(x, st, u);
    } else if (is_areg(count)) {
        st = emit(x, PVC_OP_M_STU_AREG, op->loc, NULL);
        operand(x, st, c);
        operand(x, st, count);
        operand(x, st, src);
        operand(x, st, u);
        attr(x, st, "elem_bytes", cint(x, stu_elem_bytes(src->type.dtype), op->loc));
    } else if (is_int(count)) {
        int post = flag_arg(op, "post_update");
        if (!post)
            pvc_warn_at(x->d, op->loc, "vf.store_unalign without post_update=True does not advance "
                        "the cursor, so store_unalign_post flushes at the old address (§4.2) [%s]",
                        pvc_warn_code(PVC_W_STU_NO_POST));
        st = emit(x, PVC_OP_M_STU, op->loc, NULL);
        operand(x, st, c);
        operand(x, st, src);
        operand(x, st, u);
        operand(x, st, count);
        attr(x, st, "elem_bytes", cint(x, stu_elem_bytes(src->type.dtype), op->loc));
        attr(x, st, "post", cbool(x, post, op->loc));
    } else {
        pvc_error_at(x->d, op->loc, PVC_E_TYPE, "count of vf.store_unalign must be an int or an AddrReg");
        return;
    }
    remember_ureg(x, u, c);
}

static void store_unalign_post(dispatcher *x, pvc_op *op)
{
    pvc_value *base, *toff, *u = pvc_op_arg(op, "ureg"), *stride = pvc_op_arg(op, "stride");
    if (!tile_of(x, op, "tile", &base, &toff))
        return;
    if (kind_of(u) != PVC_TY_UREG_STORE) {
        pvc_error_at(x->d, op->loc, PVC_E_TYPE, "'ureg' of vf.store_unalign_post must come from vf.unalign_reg_for_store()");
        return;
    }
    pvc_value *c = cursor_of(x, base, toff, op->loc);
    if (!c)
        return;
    pvc_value *cur = c, *step;
    int post = flag_arg(op, "post_update");
    if (!stride) { /* vstar: the parked bytes at floor32(cursor + AR) (§4) */
        pvc_warn_at(x->d, op->loc, "the 2-argument vf.store_unalign_post may hang the device (PP-D); "
                    "pass a stride, e.g. 0, and post_update=True [%s]", pvc_warn_code(PVC_W_FLUSH_NO_STRIDE));
        pvc_op *st = emit(x, PVC_OP_M_STU_FLUSH_AR, op->loc, NULL);
        operand(x, st, c);
        operand(x, st, u);
        remember_ureg(x, u, c);
        return;
    } else if (is_areg(stride)) { /* flush at cursor + areg, the cursor stays (§4.4 [I]) */
        cur = tmp_int(x, op->loc);
        pvc_op *a = emit(x, PVC_OP_PY_ADD, op->loc, cur);
        operand(x, a, c);
        operand(x, a, stride);
        step = cint(x, 0, op->loc);
        post = 0;
    } else if (is_int(stride)) { /* tile elements; every example passes 0 (§4) */
        step = elem_bytes(x, stride, base->type.dtype, op->loc);
    } else {
        pvc_error_at(x->d, op->loc, PVC_E_TYPE, "stride of vf.store_unalign_post must be an int or an AddrReg");
        return;
    }
    pvc_op *st = emit(x, PVC_OP_M_STU_FLUSH, op->loc, NULL);
    operand(x, st, cur);
    operand(x, st, u);
    operand(x, st, step);
    attr(x, st, "post", cbool(x, post, op->loc));
    remember_ureg(x, u, c);
}

/* ---- unified vf.load / vf.store (§10.16) ---- */
/* T13: the keywords PP-BE never reads, warned where they would change something. */
static void ustream_flags(dispatcher *x, const pvc_op *op, int has_stride)
{
    const char *why = NULL;
    if (op->code == PVC_OP_VF_STORE && pvc_op_arg(op, "post_update") && !flag_arg(op, "post_update"))
        why = "post_update=False is not read: the cursor advances by count";
    else if (op->code != PVC_OP_VF_STORE && !has_stride && flag_arg(op, "post_update"))
        why = "post_update=True without a stride is not read: the cursor stays";
    else if (pvc_op_arg(op, "count") && op->code == PVC_OP_VF_LOAD)
        why = "count= is not read: 256 bytes are loaded";
    else if (pvc_op_arg(op, "repeat_stride"))
        why = "repeat_stride= is not read";
    if (why)
        pvc_warn_at(x->d, op->loc, "%s: %s (§10.16, §12 T13) [%s]", pvc_ops[op->code].name, why,
                    pvc_warn_code(PVC_W_USTREAM_FLAGS));
}

static void unified_load(dispatcher *x, pvc_op *op)
{
    pvc_value *base, *toff, *stride = pvc_op_arg(op, "stride");
    if (!tile_of(x, op, "src_ptr", &base, &toff))
        return;
    ustream_flags(x, op, stride != NULL);
    if (!stride) {
        pvc_value *a = ub_addr(x, base, toff, NULL, op->loc); /* emitted before the load */
        operand(x, emit(x, PVC_OP_M_ULD, op->loc, op->results[0]), a);
        return;
    }
    if (!is_int(stride)) {
        pvc_error_at(x->d, pvc_op_arg_loc(op, "stride"), PVC_E_TYPE, "stride of vf.load must be an int "
                     "(elements of the tile dtype)");
        return;
    }
    pvc_value *c = cursor_of(x, base, toff, op->loc);
    if (!c)
        return;
    pvc_op *ld = emit(x, PVC_OP_M_ULD_POST, op->loc, op->results[0]);
    operand(x, ld, c);
    operand(x, ld, stride);
    attr(x, ld, "dtype", cdtype(x, op->results[0]->type.dtype, op->loc));
}

static void unified_store(dispatcher *x, pvc_op *op)
{
    pvc_value *base, *toff, *src = pvc_op_arg(op, "src"), *count = pvc_op_arg(op, "count");
    if (!tile_of(x, op, "dst_ptr", &base, &toff))
        return;
    if (kind_of(src) != PVC_TY_REG) {
        pvc_error_at(x->d, op->loc, PVC_E_TYPE, "vf.store stores a register");
        return;
    }
    if (count && !is_int(count)) {
        pvc_error_at(x->d, pvc_op_arg_loc(op, "count"), PVC_E_TYPE, "count of vf.store must be an int");
        return;
    }
    ustream_flags(x, op, 0);
    pvc_value *c = cursor_of(x, base, toff, op->loc);
    if (!c)
        return;
    pvc_op *st = emit(x, PVC_OP_M_UST, op->loc, NULL);
    operand(x, st, c);
    operand(x, st, src);
    operand(x, st, count ? count : cint(x, PVC_VL / lane(src->type.dtype), op->loc)); /* default: 256/w */
    attr(x, st, "dtype", cdtype(x, src->type.dtype, op->loc));
}

/* ---- masks and compute (§5) ---- */
static void create_mask(dispatcher *x, pvc_op *op)
{
    int pat = enum_arg(op, "pattern", PVC_NS_MaskPattern, PVC_PAT_ALL);
    const pvc_value *dv = pvc_op_arg(op, "dtype");
    int dt = dv && dv->kind == PVC_V_DTYPE ? (int)dv->i : PVC_DT_FP32;
    if (lane(dt) == 8 && pat != PVC_PAT_ALL && pat != PVC_PAT_H && pat != PVC_PAT_M3 && pat != PVC_PAT_ALLF)
        pvc_warn_at(x->d, op->loc, "a 64-bit create_mask is generated with pset_b16: pattern %s does not "
                    "select the 64-bit elements its name says (§5.1, §8 #4) [%s]",
                    pvc_mask_pattern_table[pat].name, pvc_warn_code(PVC_W_MASK_B64));
    pvc_op *mc = emit(x, PVC_OP_M_MASK_CREATE, op->loc, op->results[0]);
    attr(x, mc, "pattern", cenum(x, PVC_NS_MaskPattern, pat, op->loc));
    attr(x, mc, "gran", cint(x, op->results[0]->type.gran / 8, op->loc));
}

static void update_mask(dispatcher *x, pvc_op *op)
{
    pvc_value *n = pvc_op_arg(op, "n");
    if (!is_int(n)) {
        pvc_error_at(x->d, op->loc, PVC_E_TYPE, "n of vf.update_mask must be an integer");
        return;
    }
    int64_t k;
    if (pvc_const_int(n, &k) && (k < 0 || k > UINT32_MAX))
        pvc_warn_at(x->d, pvc_op_arg_loc(op, "n"), "vf.update_mask(%lld): the count is taken as uint32_t, "
                    "so it is %u and %s (§5.1, §12 T24) [%s]", (long long)k, (unsigned)(uint32_t)k,
                    (uint32_t)k >= 256 ? "every lane is active" : "only that many lanes are active",
                    pvc_warn_code(PVC_W_UPDATE_MASK_N));
    pvc_op *mu = emit(x, PVC_OP_M_MASK_UPDATE, op->loc, op->results[0]);
    operand(x, mu, n);
    attr(x, mu, "gran", cint(x, op->results[0]->type.gran / 8, op->loc));
}

/* A float literal as the device holds it: PP-CG prints it with "%f" (six decimals) and the
 * device compiler reads that text as a float literal (docs/SEMANTICS.md §9.6). inf and NaN
 * print as text no C++ compiler takes: an error. Warns (T20) when digits are lost. */
static float device_float(dispatcher *x, const pvc_value *v)
{
    char text[400]; /* "%f" of the largest double: 309 digits and ".000000" */
    if (!isfinite(v->f)) {
        pvc_error_at(x->d, v->loc, PVC_E_NOT_SUPPORTED, "a float literal %s cannot reach the device: "
                     "the code generator prints it as '%s' (§9.6)", isnan(v->f) ? "NaN" : "inf",
                     isnan(v->f) ? "nanf" : "inff");
        return 0.0f;
    }
    snprintf(text, sizeof text, "%f", v->f);
    float f = strtof(text, NULL);
    if (f != (float)v->f)
        pvc_warn_at(x->d, v->loc, "float literal %.17g reaches the device as its six-decimal text "
                    "%sf = %.9g, not %.9g (§9.6, T20) [%s]", v->f, text, (double)f,
                    (double)(float)v->f, pvc_warn_code(PVC_W_FLOAT_LITERAL));
    return f;
}

/* The raw dtype bits of a scalar operand, by the C++ conversion of the emitted call (§9.6,
 * pvc_scalar_bits): a literal is encoded now, a scalar variable (a kernel or vector-function
 * parameter) by an encode op at run time with the same function. NULL if v is neither. */
static pvc_value *scalar_bits(dispatcher *x, pvc_value *v, int dt, pvc_span at)
{
    if (v && v->kind == PVC_V_FLOAT)
        return cint(x, (int64_t)pvc_scalar_bits((pvc_dtype)dt, 0, device_float(x, v), 1), v->loc);
    if (v && (v->kind == PVC_V_INT || v->kind == PVC_V_BOOL))
        return cint(x, (int64_t)pvc_scalar_bits((pvc_dtype)dt, v->i, 0.0f, 0), v->loc);
    if (!v || v->kind != PVC_V_VAR ||
        !(v->type.kind == PVC_TY_INT || v->type.kind == PVC_TY_FLOAT || v->type.kind == PVC_TY_BOOL))
        return NULL;
    pvc_value *bits = tmp_int(x, at);
    pvc_op *e = emit(x, v->type.kind == PVC_TY_FLOAT ? PVC_OP_M_ENCODE_F : PVC_OP_M_ENCODE_I, at, bits);
    operand(x, e, v);
    attr(x, e, "dtype", cdtype(x, dt, at));
    return bits;
}

/* ---- generic vf ops: built from their ops.h row alone ---- */
/* A keyword enum attribute: its value, the row's default when absent; a member the row does
 * not allow is an error (MergeMode.MERGING where only ZEROING runs, §12 T1). */
static int generic_enum(dispatcher *x, const pvc_op *op, const pvc_attrdesc *a, int64_t *out)
{
    const pvc_value *v = pvc_op_arg(op, a->name);
    *out = v && v->kind == PVC_V_ENUM && v->ns == a->ns ? v->i : a->dflt;
    if (!a->legal || (a->legal >> *out & 1))
        return 1;
    pvc_error_at(x->d, pvc_op_arg_loc(op, a->name), PVC_E_LOWERING,
                 "%s supports only pl.%s.%s; the lowering rejects pl.%s.%s (§9.2, §12 T1)",
                 pvc_ops[op->code].name, pvc_enum_ns_name(a->ns),
                 pvc_enum_member_name(a->ns, a->dflt), pvc_enum_ns_name(a->ns),
                 pvc_enum_member_name(a->ns, *out));
    return 0;
}

/* An AD attribute of a GENERIC row (ops.h): `dtype` is the op's, `from` its first
 * operand's, `<operand>_dt` that operand's (gather's indices_dt). */
static int attr_dtype(const pvc_op *op, const pvc_mop *m, const char *name, int dt)
{
    size_t n = strlen(name);
    if (!strcmp(name, "from"))
        return pvc_op_arg(op, m->opnd[0].name)->type.dtype;
    if (n > 3 && !strcmp(name + n - 3, "_dt")) {
        for (int i = 0; i < m->nopnd; i++)
            if (strlen(m->opnd[i].name) == n - 3 && !strncmp(m->opnd[i].name, name, n - 3))
                return pvc_op_arg(op, m->opnd[i].name)->type.dtype;
        PVC_BUG("row %s: attribute %s names no operand", m->name, name);
    }
    return dt;
}

static void dispatch_generic(dispatcher *x, pvc_op *op)
{
    int code = pvc_generic_variant(op);
    if (code < 0) {
        pvc_generic_mismatch(x->d, op);
        return;
    }
    const pvc_mop *m = pvc_mop_of(code);
    int dt = pvc_generic_dtype(op, code);
    /* a scalar is encoded at the source's dtype where the row has one (muls_cast: FP32) */
    int from = pvc_mop_attr(m, "from") >= 0 ? pvc_op_arg(op, m->opnd[0].name)->type.dtype : dt;
    pvc_value *ops[16]; /* no row has more operands (ops.h) */
    for (int i = 0; i < m->nopnd; i++) {
        pvc_value *v = pvc_op_arg(op, m->opnd[i].name), *base, *toff;
        switch (m->opnd[i].kind) {
        case PVC_OK_BITS:
            if (!(ops[i] = scalar_bits(x, v, from, op->loc))) {
                pvc_error_at(x->d, op->loc, PVC_E_NOT_SUPPORTED, "'%s' of %s must be a number or a "
                             "scalar parameter", m->opnd[i].name, pvc_ops[op->code].name);
                return;
            }
            break;
        case PVC_OK_ADDR:
            if (!tile_of(x, op, m->opnd[i].name, &base, &toff))
                return;
            ops[i] = ub_addr(x, base, toff, NULL, op->loc);
            break;
        default: ops[i] = v; break;
        }
    }
    pvc_op *g = emit(x, code, op->loc, NULL);
    for (int i = 0; i < op->nresults; i++)
        pvc_op_add_result(x->m, g, op->results[i]);
    for (int i = 0; i < m->nopnd; i++)
        operand(x, g, ops[i]);
    for (int i = 0; i < m->nattr; i++) {
        const pvc_attrdesc *a = &m->attr[i];
        const pvc_value *v;
        int64_t e;
        switch (a->kind) {
        case PVC_AK_DTYPE:
            attr(x, g, a->name, cdtype(x, attr_dtype(op, m, a->name, dt), op->loc));
            break;
        case PVC_AK_ENUM:
        case PVC_AK_CHECK:
            if (!generic_enum(x, op, a, &e))
                return;
            if (a->kind == PVC_AK_ENUM)
                attr(x, g, a->name, cenum(x, a->ns, e, op->loc));
            break;
        case PVC_AK_INT:
            v = pvc_op_arg(op, a->name);
            if (v && !pvc_const_int(v, &e)) {
                pvc_error_at(x->d, pvc_op_arg_loc(op, a->name), PVC_E_NOT_CONST,
                             "%s= of %s must be an integer constant", a->name, pvc_ops[op->code].name);
                return;
            }
            attr(x, g, a->name, cint(x, v ? e : a->dflt, op->loc));
            break;
        case PVC_AK_END: break;
        }
    }
}

static void astype(dispatcher *x, pvc_op *op)
{
    pvc_value *src = pvc_op_arg(op, "src"), *p = pvc_op_arg(op, "preg");
    if (kind_of(p) != PVC_TY_MASK) {
        pvc_error_at(x->d, op->loc, PVC_E_TYPE, "'preg' of vf.astype must be a mask register");
        return;
    }
    int from = src->type.dtype, to = op->results[0]->type.dtype;
    int round = enum_arg(op, "round_mode", PVC_NS_VFRoundMode, PVC_ROUND_RINT);
    int layout = enum_arg(op, "layout", PVC_NS_CastLayout, PVC_LAYOUT_ZERO);
    int sat = enum_arg(op, "saturate", PVC_NS_SaturateMode, PVC_SAT_OFF);
    const char *why = NULL;
    if (!pvc_astype_legal((pvc_dtype)from, (pvc_dtype)to, (pvc_layout)layout, (pvc_round)round,
                          (pvc_sat)sat, &why)) {
        const pvc_value *asked = pvc_op_arg(op, "dtype");
        int reused = asked && asked->kind == PVC_V_DTYPE && asked->i != to; /* T23 */
        pvc_error_at(x->d, op->loc, PVC_E_CAST, "vf.astype %s -> %s: %s (§5.4)%s%s%s", pvc_dtype_pyname(from),
                     pvc_dtype_pyname(to), why ? why : "not allowed",
                     reused ? "; it converts to the dtype of the existing register '" : "",
                     reused && op->results[0]->name ? op->results[0]->name : "",
                     reused ? "', not to dtype= (§9.3, §12 T23): assign to a new name" : "");
        return;
    }
    if (why) /* accepted, but it does not do what it says */
        pvc_warn_at(x->d, op->loc, "vf.astype %s -> %s: %s (§5.4) [%s]", pvc_dtype_pyname(from),
                    pvc_dtype_pyname(to), why, pvc_warn_code(PVC_W_CAST_NOTE));
    /* CAST_RINT (also when omitted) runs as the path's default (ROUND for HF8, PP-BE). */
    const pvc_cast_rule *rule = pvc_cast_rule_find((pvc_dtype)from, (pvc_dtype)to);
    int run_round = rule && round == PVC_ROUND_RINT ? (int)rule->default_round : round;
    pvc_op *c = emit(x, PVC_OP_M_ASTYPE, op->loc, op->results[0]);
    operand(x, c, src);
    operand(x, c, p);
    attr(x, c, "from", cdtype(x, from, op->loc));
    attr(x, c, "to", cdtype(x, to, op->loc));
    attr(x, c, "layout", cenum(x, PVC_NS_CastLayout, layout, op->loc));
    attr(x, c, "round", cenum(x, PVC_NS_VFRoundMode, run_round, op->loc));
    attr(x, c, "sat", cenum(x, PVC_NS_SaturateMode, sat, op->loc));
}

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

static void keep(dispatcher *x, pvc_op *op);

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
        op->operands[i] = callee->params[i]->type.dyn ? ub_addr(x, x->tbase[v->id], x->toff[v->id], NULL, op->loc)
                                                     : x->tbase[v->id];
    }
    keep(x, op);
}

/* pl.get_block_idx / get_block_num: the block's registers; get_subblock_idx / num the
 * constants of a vector-only launch (0 and 1, docs/SEMANTICS.md §6; resolve folded most). */
static void block_op(dispatcher *x, pvc_op *op)
{
    pvc_opcode m = op->code == PVC_OP_PL_GET_BLOCK_IDX ? PVC_OP_M_BLOCK_IDX
                 : op->code == PVC_OP_PL_GET_BLOCK_NUM ? PVC_OP_M_BLOCK_NUM : PVC_OP_ASSIGN;
    pvc_op *b = emit(x, m, op->loc, op->results[0]);
    if (m == PVC_OP_ASSIGN)
        operand(x, b, cint(x, op->code == PVC_OP_PL_GET_SUBBLOCK_NUM, op->loc));
}

static void keep(dispatcher *x, pvc_op *op) { pvc_block_append(x->m, x->out, op); }

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
        block_op(x, op);
        return;
    case PVC_OP_TILE_SLICE: { /* a view at +(r0*cols + c0) elements of its tile (§6) */
        pvc_value *base, *off;
        if (!tile_of(x, op, "r0", &base, &off) && !(op->operands[0]->kind == PVC_V_VAR &&
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
    case PVC_OP_VF_LOAD_ALIGN: load_align(x, op); return;
    case PVC_OP_VF_STORE_ALIGN: store_align(x, op); return;
    case PVC_OP_VF_LOAD_UNALIGN_INIT: emit(x, PVC_OP_M_LDU_INIT, op->loc, op->results[0]); return;
    case PVC_OP_VF_UNALIGN_REG_FOR_STORE:
        emit(x, PVC_OP_M_STU_INIT, op->loc, op->results[0]);
        remember_ureg(x, op->results[0], NULL);
        return;
    case PVC_OP_VF_LOAD_UNALIGN_PRE:
    case PVC_OP_VF_LOAD_UNALIGN: load_unalign(x, op); return;
    case PVC_OP_VF_STORE_UNALIGN: store_unalign(x, op); return;
    case PVC_OP_VF_STORE_UNALIGN_POST: store_unalign_post(x, op); return;
    case PVC_OP_VF_CREATE_ADDR_REG: lower_addr_reg(x, op); return;
    case PVC_OP_VF_MEM_BAR: {
        pvc_op *mb = emit(x, PVC_OP_M_MEM_BAR, op->loc, NULL);
        attr(x, mb, "mode", cenum(x, PVC_NS_MemBarMode, enum_arg(op, "mode", PVC_NS_MemBarMode, PVC_MEMBAR_VST_VLD), op->loc));
        return;
    }
    case PVC_OP_VF_CREATE_MASK: create_mask(x, op); return;
    case PVC_OP_VF_UPDATE_MASK: update_mask(x, op); return;
    case PVC_OP_VF_ASTYPE: astype(x, op); return;
    case PVC_OP_VF_LOAD: unified_load(x, op); return;
    case PVC_OP_VF_STORE: unified_store(x, op); return;
    default:
        if (pvc_ops[op->code].flags & PVC_OPF_GENERIC)
            dispatch_generic(x, op);
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

/* ---- jit kernels: pl.load / pl.store -> gm.load / gm.store (§6) ---- */
/* The axes a tile maps onto (pl.load's order=, default the last two): rows on *ra, columns
 * on the last axis. 0 after an error: pvc moves only whole rows of the last axis. */
static int tile_axes(dispatcher *x, const pvc_op *op, int rank, int *ra)
{
    const pvc_value *o = pvc_op_arg(op, "order");
    const pvc_op *l = o && o->kind == PVC_V_VAR ? x->def[o->id] : NULL;
    int64_t a = rank - 2, b = rank - 1;
    if (o && o->kind != PVC_V_NONE &&
        (!l || l->code != PVC_OP_LIST || l->noperands != 2 || !pvc_const_int(l->operands[0], &a) ||
         !pvc_const_int(l->operands[1], &b))) {
        pvc_error_at(x->d, pvc_op_arg_loc(op, "order"), PVC_E_TYPE, "order= of %s must be two "
                     "constant axes [row, col]", pvc_ops[op->code].name);
        return 0;
    }
    if (a < 0)
        a += rank;
    if (b < 0)
        b += rank;
    if (rank == 1 && !o) {
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

static void gm_move(dispatcher *x, pvc_op *op)
{
    pvc_value *tile = pvc_op_arg(op, "tile"), *tensor = pvc_op_arg(op, "tensor");
    pvc_value *offs = pvc_op_arg(op, "offsets"), *off[PVC_MAX_RANK];
    const pvc_op *l = offs && offs->kind == PVC_V_VAR ? x->def[offs->id] : NULL;
    int rank = tensor->type.rank, ra, load = op->code == PVC_OP_PL_LOAD || op->code == PVC_OP_PL_LOAD_TILE;
    int in_tiles = op->code == PVC_OP_PL_LOAD_TILE || op->code == PVC_OP_PL_STORE_TILE;
    if (!tile_axes(x, op, rank, &ra))
        return;
    for (int i = 0; i < PVC_MAX_RANK; i++)
        off[i] = cint(x, 0, op->loc);
    if (offs) {
        int ok = l && l->code == PVC_OP_LIST && l->noperands == rank;
        for (int i = 0; ok && i < rank; i++)
            ok = is_int(l->operands[i]);
        if (!ok) {
            pvc_error_at(x->d, op->loc, PVC_E_TYPE, "offsets of %s must be %d integer%s, one per axis of "
                         "the rank-%d tensor", pvc_ops[op->code].name, rank, rank == 1 ? "" : "s", rank);
            return;
        }
        for (int i = 0; i < rank; i++)
            off[i] = l->operands[i];
        if (in_tiles) { /* pl.load_tile / store_tile: the tile's axes count whole tiles */
            int rows_axis = rank == 1 ? -1 : ra;
            for (int i = 0; i < rank; i++)
                if (i == rows_axis || i == rank - 1)
                    off[i] = int_op(x, PVC_OP_PY_MUL, off[i], cint(x, tile->type.dims[i == rank - 1], op->loc),
                                    op->loc);
        }
    }
    const pvc_attr *vr = pvc_op_attr(op, "valid_rows"), *vc = pvc_op_attr(op, "valid_cols");
    if (rank <= 2 && (rank == 1 || ra == 0)) { /* gm.load / gm.store: [r0, c0] */
        pvc_op *g = emit(x, load ? PVC_OP_M_GM_LOAD : PVC_OP_M_GM_STORE, op->loc, NULL);
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
 * elements (types checked the bounds are constants). */
static void tile_view(dispatcher *x, pvc_op *op)
{
    pvc_value *t = op->operands[0];
    int64_t r0, c0;
    pvc_const_int(op->operands[1], &r0);
    pvc_const_int(op->operands[3], &c0);
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
    pvc_value *b = scalar_bits(x, v, dt, at);
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

static void dispatch_jit_block(dispatcher *x, pvc_block *b)
{
    pvc_block *save = x->out, *nb = pvc_arena_alloc(x->m->arena, sizeof *nb);
    x->out = nb;
    for (int i = 0; i < b->nops; i++) {
        pvc_op *op = b->ops[i];
        int slot_op = op->code == PVC_OP_TG_CURRENT || op->code == PVC_OP_TG_NEXT ||
                      op->code == PVC_OP_TG_PREVIOUS;
        pvc_block *blocks[3];
        if (op->code == PVC_OP_PL_LOAD || op->code == PVC_OP_PL_STORE || op->code == PVC_OP_PL_LOAD_TILE ||
            op->code == PVC_OP_PL_STORE_TILE)
            gm_move(x, op);
        else if (pvc_ops[op->code].flags & PVC_OPF_TILE)
            tile_op(x, op);
        else if ((pvc_ops[op->code].flags & (PVC_OPF_PL | PVC_OPF_GENERIC)) == (PVC_OPF_PL | PVC_OPF_GENERIC))
            dispatch_generic(x, op); /* pl.set_vec_mask, pl.get_spr: one machine op each */
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
        } else if (op->code == PVC_OP_TILE_SLICE && op->operands[0]->type.dyn) {
            tile_view(x, op);
        } else if (op->code == PVC_OP_TENSOR_DIM) {
            tensor_dim(x, op);
        } else if (op->code == PVC_OP_TILE_GET || op->code == PVC_OP_TILE_SET) {
            tile_elem(x, op);
        } else if (op->code == PVC_OP_PL_GETVAL || op->code == PVC_OP_PL_SETVAL) {
            getval(x, op);
        } else if (op->code == PVC_OP_PL_MOVE) {
            tile_move(x, op);
        } else if (op->code >= PVC_OP_PL_GET_BLOCK_IDX && op->code <= PVC_OP_PL_GET_SUBBLOCK_NUM) {
            block_op(x, op);
        } else {
            for (int k = 0, n = pvc_op_blocks(op, blocks); k < n; k++)
                dispatch_jit_block(x, blocks[k]);
            keep(x, op);
        }
    }
    *b = *nb;
    x->out = save;
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
        dispatch_jit_block(&x, &f->body);
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
