/* fast.c - what the simulator works out ahead of time for its fast loop (interp.c
 * run_func_fast), the loop it takes when nothing observes the run (no --trace, --stats or
 * --timeline). Two analyses over a decoded function (prog.h); neither weakens a check:
 *
 *   definedness  A register an op reads is *proven* defined when every path from the
 *                function's entry to the op writes it first: straight-line code adds what
 *                each op writes; a pl.range body starts from what was defined before the
 *                loop (later iterations only add to it) and after the loop only that is
 *                certain (the body may run zero times). Proven reads skip UNDEF_REG's
 *                run-time test; every other read keeps it, and the ops that write a
 *                register some kept test reads still mark it written. So a kernel that
 *                reads a register too early faults at the same op with the same message.
 *   addresses    An int temporary made by py.add/sub/mul/neg (by a constant) from one
 *                variable x and constants is an affine value A + B*x mod 2^64, as the
 *                runtime's pvc_py_* wrap. A machine op's ADDR or INT operand that reads
 *                such a temporary computes A + B*x itself, at the op, when x is not written
 *                in between (same straight-line segment); the producers whose every read
 *                was folded so do not run at all. addr.mac of such a value by constants,
 *                v*M + C, and ub.addr of an offset, T + L*v, are computed as the runtime
 *                does, saturating at the ends of int64 (prog.h sim_fold_value: never wrapped
 *                back into the UB, docs/ARCHITECTURE.md §7, B11): they end a chain, addr.mac then ub.addr,
 *                and fold only into ADDR operands. None of these producers can fault, and
 *                none is observed on this loop.
 *
 * A function that holds an op this file does not know gets no fast path (fops NULL): the
 * simulator runs it on the observing loop, as before.
 */
#include <stdlib.h>
#include <string.h>

#include "sim/prog.h"

typedef struct {
    int ok;        /* a known affine value */
    int base;      /* A + B*s[base], or the constant A when base < 0 */
    uint64_t a, b;
    int mac;       /* addr.mac of A + B*x: (A + B*x)*M + C, saturating (ends the chain) */
    int64_t mb, mc; /* mac: M, C */
    int via_ub;    /* ub.addr of that: T + L*v, saturating (ends the chain) */
    int64_t t;     /* via_ub: the tile's address T */
    unsigned lane; /* via_ub: L, the tile's lane bytes */
    unsigned ver;  /* the version of s[base] it was made from */
    int seg;       /* the straight-line segment it belongs to */
} affine;

typedef struct {
    sim_func *F;
    sim_fop *fops;
    int nslots, seg;
    int *defs, *uses, *folded;   /* per slot: static writes, reads, reads no longer made */
    unsigned *ver;               /* per slot: writes seen so far in program order */
    affine *form;                /* per slot: the form of a foldable temporary */
    int *producer;               /* per slot: the op that made its form */
    unsigned char *dyn;          /* per variable: some kept UNDEF_REG test reads it */
} fast_ctx;

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        pvc_out_of_memory();
    return p;
}

static int is_arith(int code)
{
    return code == PVC_OP_PY_ADD || code == PVC_OP_PY_SUB || code == PVC_OP_PY_MUL ||
           code == PVC_OP_PY_FLOORDIV || code == PVC_OP_PY_MOD || code == PVC_OP_PY_NEG;
}

static int is_tile_op(int code)
{
    return code == PVC_OP_PL_MAKE_TILE || code == PVC_OP_TG_SLOT || code == PVC_OP_TG_CURRENT ||
           code == PVC_OP_TG_NEXT || code == PVC_OP_TG_PREVIOUS;
}

/* The ops the fast loop knows; any other (a construct added later) keeps the function on
 * the observing loop. */
static int known_op(const sim_op *o)
{
    return o->run || is_arith(o->code) || is_tile_op(o->code) || o->code == PVC_OP_PL_RANGE ||
           o->code == SIM_LOOP_END || o->code == PVC_OP_ASSIGN || o->code == PVC_OP_CALL;
}

/* ---- which slots an op reads and writes ----------------------------------------------- */
static int by_value(pvc_opnd_kind k)
{
    return k == PVC_OK_BITS || k == PVC_OK_INT || k == PVC_OK_NUM || k == PVC_OK_ADDR;
}

/* Calls fn(c, slot) for every slot o reads: slot operands, in-place scalars, a tile's
 * run-time address, a call's arguments, a loop's bounds and hidden counters. */
static void each_read(fast_ctx *c, const sim_op *o, void (*fn)(fast_ctx *, int))
{
    const sim_func *F = c->F;
    const pvc_mop *m = o->run ? pvc_mop_of(o->code) : NULL;
    for (int j = 0; m && j < m->nopnd; j++) {
        pvc_opnd_kind k = m->opnd[j].kind;
        if (by_value(k) || k == PVC_OK_CURSOR || k == PVC_OK_SLOT)
            fn(c, o->a[j]);
        else if (pvc_ok_is_tile(k) && o->a[j] >= 0 && F->tile_slot[o->a[j]] >= 0)
            fn(c, F->tile_slot[o->a[j]]);
    }
    if (m)
        return;
    if (o->code == PVC_OP_ASSIGN && o->k[0] == CP_INT)
        fn(c, o->a[0]);
    else if (o->code == PVC_OP_PL_RANGE)
        for (int i = 0; i < 3; i++)
            fn(c, o->a[i]);
    else if (o->code == PVC_OP_CALL)
        for (int j = 0; j < o->callee->f->nparams; j++) {
            if (o->cargs[j] >= 0)
                fn(c, o->cargs[j]);
        }
    else if (is_tile_op(o->code) && o->tile >= 0 && F->tile_slot[o->tile] >= 0)
        fn(c, F->tile_slot[o->tile]);
    else if (is_arith(o->code))
        for (int i = 0; i < (o->code == PVC_OP_PY_NEG ? 1 : 2); i++)
            fn(c, o->a[i]);
}

/* Calls fn for every slot o writes: its results and its in-place scalar operands. */
static void each_write(fast_ctx *c, const sim_op *o, void (*fn)(fast_ctx *, int))
{
    const pvc_mop *m = o->run ? pvc_mop_of(o->code) : NULL;
    for (int i = 0; i < 2; i++)
        if (o->r[i] >= 0)
            fn(c, o->r[i]);
    for (int j = 0; m && j < m->nopnd; j++)
        if (m->opnd[j].kind == PVC_OK_CURSOR || m->opnd[j].kind == PVC_OK_SLOT)
            fn(c, o->a[j]);
}

static void count_use(fast_ctx *c, int s) { c->uses[s]++; }
static void count_def(fast_ctx *c, int s) { c->defs[s]++; }
static void count_folded(fast_ctx *c, int s) { c->folded[s]++; }
static void bump(fast_ctx *c, int s) { c->ver[s]++; }

/* ---- affine values ------------------------------------------------------------------- */
/* A temporary (unnamed, written by exactly one op) whose reads can be folded. */
static int foldable_temp(const fast_ctx *c, int s)
{
    return s >= 0 && s < c->F->nvars && !c->F->names[s] && c->defs[s] == 1;
}

static int form_valid(const fast_ctx *c, const affine *v)
{
    return v->ok && v->seg == c->seg && (v->base < 0 || c->ver[v->base] == v->ver);
}

/* The value of slot s at this point of the segment. */
static affine value_of(const fast_ctx *c, int s)
{
    const sim_func *F = c->F;
    if (s >= F->nvars)
        return (affine){.ok = 1, .base = -1, .a = (uint64_t)F->consts[s - F->nvars], .seg = c->seg};
    if (form_valid(c, &c->form[s]))
        return c->form[s];
    return (affine){.ok = 1, .base = s, .b = 1, .ver = c->ver[s], .seg = c->seg};
}

static affine combine(int code, affine x, affine y)
{
    affine r = {.base = -1, .seg = x.seg};
    if (x.via_ub || y.via_ub || x.mac || y.mac)
        return r; /* saturating, not affine */
    if (x.base >= 0 && y.base >= 0 && (x.base != y.base || x.ver != y.ver || code == PVC_OP_PY_MUL))
        return r;
    if (code == PVC_OP_PY_MUL && x.base >= 0) { /* y is the constant */
        r.base = x.base, r.ver = x.ver, r.a = x.a * y.a, r.b = x.b * y.a;
    } else if (code == PVC_OP_PY_MUL) {
        r.base = y.base, r.ver = y.ver, r.a = y.a * x.a, r.b = y.b * x.a;
    } else if (code == PVC_OP_PY_NEG) {
        r.base = x.base, r.ver = x.ver, r.a = 0 - x.a, r.b = 0 - x.b;
    } else if (code == PVC_OP_PY_ADD || code == PVC_OP_PY_SUB) {
        const affine *v = x.base >= 0 ? &x : &y;
        r.base = v->base, r.ver = v->ver;
        r.a = code == PVC_OP_PY_ADD ? x.a + y.a : x.a - y.a;
        r.b = code == PVC_OP_PY_ADD ? x.b + y.b : x.b - y.b;
    } else
        return r;
    r.ok = 1;
    if (r.b == 0)
        r.base = -1;
    return r;
}

/* The affine value op o gives its (int) result, or !ok. */
static affine form_of(const fast_ctx *c, const sim_op *o)
{
    affine none = {.base = -1, .seg = c->seg};
    const sim_func *F = c->F;
    if (is_arith(o->code) && !o->fl && o->code != PVC_OP_PY_FLOORDIV && o->code != PVC_OP_PY_MOD)
        return combine(o->code, value_of(c, o->a[0]),
                       o->code == PVC_OP_PY_NEG ? value_of(c, o->a[0]) : value_of(c, o->a[1]));
    if (o->code == PVC_OP_M_ADDR_MAC) { /* *r = x*M + C, saturating; M, C constants */
        affine x = value_of(c, o->a[0]), m = value_of(c, o->a[1]), k = value_of(c, o->a[2]);
        if (!x.ok || x.mac || x.via_ub || m.base >= 0 || k.base >= 0)
            return none;
        if (x.base < 0)
            return (affine){.ok = 1, .base = -1, .seg = c->seg,
                            .a = (uint64_t)pvc_addr_add(pvc_addr_mul((int64_t)x.a, (int64_t)m.a), (int64_t)k.a)};
        x.mac = 1, x.mb = (int64_t)m.a, x.mc = (int64_t)k.a;
        return x;
    }
    if (o->code != PVC_OP_M_UB_ADDR || o->a[0] < 0)
        return none;
    /* *addr = pvc_tile_off_addr(tile, off) = tile.addr + off * lane_bytes, saturating */
    const sim_tile *t = &F->tiles[o->a[0]];
    int64_t lane = pvc_dtype_lane_bytes(t->tile.dtype);
    affine off = value_of(c, o->a[1]), r = off;
    if (!off.ok || off.via_ub)
        return none;
    r.via_ub = 1;
    if (F->tile_slot[o->a[0]] < 0 && off.base < 0) { /* a constant, computed here */
        r.a = (uint64_t)pvc_tile_off_addr(&t->tile, (int64_t)off.a);
    } else if (F->tile_slot[o->a[0]] < 0) {
        r.t = t->tile.addr, r.lane = (unsigned)lane; /* T + L*(A + B*x) at the op */
    } else { /* a rotated group slot: the tile's address is s[slot], plus a constant */
        int64_t k = pvc_addr_mul((int64_t)off.a, lane);
        if (off.base >= 0 || k <= -(INT64_C(1) << 62) || k >= INT64_C(1) << 62)
            return none; /* s[slot] + k could leave int64: the producer runs */
        r.base = F->tile_slot[o->a[0]], r.ver = c->ver[r.base], r.a = (uint64_t)k, r.b = 1;
    }
    return r;
}

/* ---- folding --------------------------------------------------------------------------- */
int64_t sim_fold_slow(const sim_fold *d, int64_t v)
{
    if (d->mac)
        v = pvc_addr_add(pvc_addr_mul(v, d->mb), d->mc);
    return d->lane ? pvc_addr_add(d->t, pvc_addr_mul(v, (int64_t)d->lane)) : v;
}

/* The range of v where no stage saturates, and the chain there as one affine map: with
 * |v| <= 2^30, |mb| <= 2^20, |mc| <= 2^40, v*mb + mc stays under 2^51; with |v| <= 2^58 (or
 * the 2^51 above) and lane <= 8, t + lane*v stays under 2^62. */
void sim_fold_finish(sim_fold *d)
{
    const int64_t big = INT64_C(1) << 58;
    uint64_t p = 0, q = 1, r = d->mac || d->lane ? (uint64_t)big : (uint64_t)INT64_MAX;
    if (d->mac) {
        int ok = d->mb >= -(INT64_C(1) << 20) && d->mb <= INT64_C(1) << 20 &&
                 d->mc >= -(INT64_C(1) << 40) && d->mc <= INT64_C(1) << 40;
        r = ok ? UINT64_C(1) << 30 : 0; /* 0: every v but 0 takes the slow path */
        p = (uint64_t)d->mc, q = (uint64_t)d->mb;
    }
    if (d->lane)
        p = (uint64_t)d->t + d->lane * p, q = d->lane * q;
    if (!r) /* only v = 0 takes the short path: its value, exactly */
        p = (uint64_t)sim_fold_slow(d, 0), q = 0;
    d->p = p, d->q = q, d->r = r, d->r2 = 2 * r;
}


static void fold_operands(fast_ctx *c, sim_fop *f)
{
    const pvc_mop *m = pvc_mop_of(f->op.code);
    for (int j = 0; j < m->nopnd; j++) {
        pvc_opnd_kind k = m->opnd[j].kind;
        int s = f->op.a[j];
        if ((k != PVC_OK_ADDR && k != PVC_OK_INT) || !foldable_temp(c, s) || !form_valid(c, &c->form[s]))
            continue;
        const affine *v = &c->form[s];
        if (k == PVC_OK_INT && (v->via_ub || v->mac))
            continue; /* saturating values fold into ADDR operands only */
        f->op.p[j] = &f->scratch[j];
        if (v->base < 0) {
            f->scratch[j] = (int64_t)v->a; /* a constant: once, here */
        } else {
            sim_fold *d = &f->fold[f->nfold++];
            d->dst = &f->scratch[j], d->var = &c->F->s[v->base], d->a = v->a, d->b = v->b;
            d->t = v->t, d->lane = v->lane;
            d->mac = (unsigned char)v->mac, d->mb = v->mb, d->mc = v->mc;
            sim_fold_finish(d);
        }
        c->folded[s]++;
    }
}

/* A producer that no longer runs no longer reads its operands: those it had not folded
 * already count as folded reads now. */
static void unfold_reads(fast_ctx *c, const sim_fop *f)
{
    const pvc_mop *m = f->op.run ? pvc_mop_of(f->op.code) : NULL;
    if (!m) {
        each_read(c, &f->op, count_folded);
        return;
    }
    for (int j = 0; j < m->nopnd; j++)
        if (by_value(m->opnd[j].kind) && f->op.p[j] != &f->scratch[j])
            c->folded[f->op.a[j]]++;
}

/* One straight-line segment [lo, hi): forms in program order, folds, then the producers
 * that no read needs any more. */
static void fold_segment(fast_ctx *c, int lo, int hi)
{
    c->seg++;
    for (int i = lo; i < hi; i++) {
        sim_fop *f = &c->fops[i];
        if (f->op.run)
            fold_operands(c, f);
        affine v = form_of(c, &f->op);
        each_write(c, &f->op, bump);
        int r = f->op.r[0];
        if (v.ok && foldable_temp(c, r)) {
            c->form[r] = v;
            c->producer[r] = i;
        }
    }
    /* later producers first: their operands are the earlier ones */
    for (int i = hi - 1; i >= lo; i--) {
        sim_fop *f = &c->fops[i];
        int r = f->op.r[0];
        if (!foldable_temp(c, r) || c->producer[r] != i || c->folded[r] != c->uses[r])
            continue;
        f->kind = SIM_FK_SKIP;
        unfold_reads(c, f);
    }
}

static int is_boundary(const sim_op *o)
{
    return o->code == PVC_OP_PL_RANGE || o->code == SIM_LOOP_END;
}

static void fold_function(fast_ctx *c)
{
    const sim_func *F = c->F;
    for (int i = 0; i < F->nops; i++) {
        each_read(c, &F->ops[i], count_use);
        each_write(c, &F->ops[i], count_def);
    }
    for (int i = 0; i < c->nslots; i++)
        c->producer[i] = -1;
    int lo = 0;
    for (int i = 0; i <= F->nops; i++)
        if (i == F->nops || is_boundary(&F->ops[i])) {
            fold_segment(c, lo, i);
            if (i < F->nops)
                each_write(c, &F->ops[i], bump);
            lo = i + 1;
        }
}

/* ---- definedness ------------------------------------------------------------------------ */
static int is_reg_var(const sim_func *F, int v)
{
    return v >= 0 && v < F->nvars;
}

/* Drops the UNDEF_REG tests of reads proven defined; returns -1 when a loop marker does
 * not pair up or loops nest deeper than SIM_FAST_MAX_DEPTH (then no fast path). */
static int prove_defined(fast_ctx *c)
{
    sim_func *F = c->F;
    size_t n = (size_t)F->nvars + 1;
    unsigned char *def = xcalloc(n, 1), **stack = xcalloc((size_t)F->nops + 1, sizeof *stack);
    int depth = 0, bad = 0;
    for (int i = 0; i < F->nops && !bad; i++) {
        sim_fop *f = &c->fops[i];
        if (f->op.code == PVC_OP_PL_RANGE) {
            if (depth == SIM_FAST_MAX_DEPTH) { /* the fast loop's own stack of loops */
                bad = 1;
                break;
            }
            stack[depth] = xcalloc(n, 1);
            memcpy(stack[depth++], def, n);
            continue;
        }
        if (f->op.code == SIM_LOOP_END) {
            if (!depth) {
                bad = 1;
                break;
            }
            memcpy(def, stack[--depth], n);
            free(stack[depth]);
            continue;
        }
        int kept = 0;
        for (int k = 0; k < f->op.nchk; k++) {
            int v = f->op.chk[k];
            if (!is_reg_var(F, v) || !def[v]) {
                f->op.chk[kept++] = v;
                if (is_reg_var(F, v))
                    c->dyn[v] = 1;
            }
        }
        f->op.nchk = kept;
        if (is_reg_var(F, f->op.merge_reg) && def[f->op.merge_reg])
            f->op.merge_reg = -1; /* its old value is defined: no lane to test */
        else if (is_reg_var(F, f->op.merge_reg))
            c->dyn[f->op.merge_reg] = 1;
        for (int k = 0; k < 2; k++)
            if (is_reg_var(F, f->op.r[k]))
                def[f->op.r[k]] = 1;
    }
    while (depth)
        free(stack[--depth]);
    free(stack);
    free(def);
    return bad || depth ? -1 : 0;
}

/* ---- the fast ops ----------------------------------------------------------------------- */
static int writes_dyn(const fast_ctx *c, const sim_op *o)
{
    for (int k = 0; k < 2; k++)
        if (is_reg_var(c->F, o->r[k]) && c->dyn[o->r[k]])
            return 1;
    return 0;
}

static void choose_kinds(fast_ctx *c)
{
    sim_func *F = c->F;
    for (int i = 0; i < F->nops; i++) {
        sim_fop *f = &c->fops[i];
        f->mark = (unsigned char)writes_dyn(c, &f->op);
        if (f->kind == SIM_FK_SKIP)
            continue;
        if (f->op.code == PVC_OP_PL_RANGE)
            f->kind = SIM_FK_RANGE;
        else if (f->op.code == SIM_LOOP_END)
            f->kind = SIM_FK_LOOP_END;
        else if (f->op.run)
            f->kind = f->op.nchk || f->op.merge_reg >= 0 || f->op.ust >= 0 || f->op.gm ? SIM_FK_MACHINE_FULL
                      : f->mark                                 ? SIM_FK_MACHINE_MARK
                                                                : SIM_FK_MACHINE;
        else
            f->kind = SIM_FK_CORE;
    }
}

/* A machine op's scalar operands as the fast row reads them (sim_fop.aff): a folded one
 * is its fold, any other a + b * *var with a = 0, b = 1 over where it lives. */
static void set_affine(sim_fop *g, const sim_fast_fn *rows)
{
    const pvc_mop *m = pvc_mop_of(g->op.code);
    g->fn = rows[g->op.code - PVC_OP_MFIRST];
    g->sets_at = (unsigned char)pvc_mop_takes_at(m);
    for (int j = 0; j < m->nopnd; j++) {
        g->aff[j] = (sim_fold){.var = g->op.p[j], .b = 1};
        sim_fold_finish(&g->aff[j]);
        for (int k = 0; k < g->nfold; k++)
            if (g->fold[k].dst == &g->scratch[j])
                g->aff[j] = g->fold[k];
    }
}

/* The ops that run, packed in order (the next op is always the following one, so the loop
 * never waits on a load to find it); a pl.range knows where its body ends. Folded
 * operands point at scratch inside their op, so those pointers move with it. */
static void pack(fast_ctx *c)
{
    sim_func *F = c->F;
    int *at = xcalloc((size_t)F->nops + 1, sizeof *at), n = 0;
    for (int i = 0; i < F->nops; i++)
        at[i] = c->fops[i].kind == SIM_FK_SKIP ? -1 : n++;
    sim_fop *out = xcalloc((size_t)n + 1, sizeof *out);
    const sim_fast_fn *rows = sim_fast_table();
    for (int i = 0; i < F->nops; i++) {
        const sim_fop *f = &c->fops[i];
        if (at[i] < 0)
            continue;
        sim_fop *g = &out[at[i]];
        *g = *f;
        for (int j = 0; j < SIM_MAX_OPND; j++)
            if (f->op.p[j] == &f->scratch[j])
                g->op.p[j] = &g->scratch[j];
        for (int k = 0; k < g->nfold; k++)
            g->fold[k].dst = &g->scratch[f->fold[k].dst - f->scratch];
        if (g->kind == SIM_FK_RANGE)
            g->skip = at[f->op.jump] + 1; /* past its end marker */
        if (g->op.run)
            set_affine(g, rows);
    }
    free(at);
    free(c->fops);
    c->fops = out;
    F->nfops = n;
    /* a loop whose body is machine ops alone runs without the dispatch of its end marker */
    for (int i = 0; i < n; i++)
        if (out[i].kind == SIM_FK_RANGE) {
            int simple = 1;
            for (int j = i + 1; j < out[i].skip - 1 && simple; j++)
                simple = out[j].kind == SIM_FK_MACHINE || out[j].kind == SIM_FK_MACHINE_MARK;
            out[i].simple = (unsigned char)simple;
        }
}

void sim_fast_build(sim *S, sim_func *F)
{
    (void)S;
    for (int i = 0; i < F->nops; i++)
        if (!known_op(&F->ops[i]))
            return;
    fast_ctx c = {.F = F, .nslots = F->nvars + F->nconsts};
    c.fops = xcalloc((size_t)F->nops + 1, sizeof *c.fops);
    for (int i = 0; i < F->nops; i++) {
        c.fops[i].op = F->ops[i];
        c.fops[i].kind = SIM_FK_CORE; /* until fold_segment removes it or choose_kinds refines */
    }
    size_t n = (size_t)c.nslots + 1;
    c.defs = xcalloc(n, sizeof *c.defs);
    c.uses = xcalloc(n, sizeof *c.uses);
    c.folded = xcalloc(n, sizeof *c.folded);
    c.ver = xcalloc(n, sizeof *c.ver);
    c.form = xcalloc(n, sizeof *c.form);
    c.producer = xcalloc(n, sizeof *c.producer);
    c.dyn = xcalloc((size_t)F->nvars + 1, 1);
    if (prove_defined(&c) == 0) {
        fold_function(&c);
        choose_kinds(&c);
        pack(&c);
        F->fops = c.fops;
        c.fops = NULL;
    }
    free(c.fops);
    free(c.defs);
    free(c.uses);
    free(c.folded);
    free(c.ver);
    free(c.form);
    free(c.producer);
    free(c.dyn);
}

void sim_fast_free(sim_func *F)
{
    free(F->fops);
    F->fops = NULL;
}
