/* check.c - the check pass: constraint checks on the machine IR (docs/SEMANTICS.md decisions 1,
 * 3 and 4). Every violation is a located error; several are reported per run. Checked here:
 *   - a statically known UB address (or post-update cursor start / step) that breaks the
 *     alignment of its dist (§2.2-§3.6, §4.3; decision 4);
 *   - a mask whose granularity is coarser than the elements of the op it guards, so lanes
 *     between its bits are off (a warning: the device runs it, §1.2);
 *   - a store_unalign whose unaligned register has no later store_unalign_post (§4.2);
 *   - squeeze(STORE_REG) and count-less store_unalign out of alternation (§10.9, a warning);
 *   - tiles outside the usable 248 KiB of the UB (error) or overlapping each other (a
 *     warning: double buffering on purpose is legal) (decision 3);
 *   - a / // % whose divisor is the constant 0: it would fault every time it runs (Python
 *     raises there; types.c reports a pl.range step that is the constant 0).
 * dispatch.c reports the checks that decide which machine op to emit (dist legality for
 * the register width, DATA_BLOCK_COPY into a mask, mask-store offsets, compare-mask
 * packing, the vf.astype rule table, the dtypes and modes of the generic ops); resolve.c
 * the non-constant dists, modes and patterns.
 */
#include <inttypes.h>
#include <string.h>

#include "passes/passes.h"

typedef struct {
    pvc_module *m;
    pvc_diag *d;
    pvc_func *f;
    int64_t *val;         /* per variable: its value when statically known */
    unsigned char *known;
    pvc_op **pending;     /* per store ureg: a store_unalign not yet flushed */
    const pvc_op *sqzn;   /* a squeeze(STORE_REG) whose byte count no store has used yet */
    int in_if;            /* inside the blocks of an if: a second definition makes a value unknown */
} checker;

static int64_t lane(int dt) { return dt >= 0 && dt < PVC_DT_COUNT ? pvc_dtype_lane_bytes((pvc_dtype)dt) : 1; }

static int value_of(const checker *c, const pvc_value *v, int64_t *out)
{
    if (pvc_const_int(v, out))
        return 1;
    if (v && v->kind == PVC_V_VAR && c->known[v->id] == 1) {
        *out = c->val[v->id];
        return 1;
    }
    return 0;
}

static const pvc_value *attr_val(const pvc_op *op, const char *k)
{
    const pvc_attr *a = pvc_op_attr(op, k);
    return a ? a->val : NULL;
}

static int attr_int(const pvc_op *op, const char *k)
{
    const pvc_value *v = attr_val(op, k);
    return v ? (int)v->i : 0;
}

/* Static values of the address arithmetic dispatch emitted (first definition only:
 * a cursor is known at its start, which is what the alignment check needs). */
static void track(checker *c, const pvc_op *op)
{
    int64_t a, b, s;
    if (op->nresults != 1 || op->results[0]->type.kind != PVC_TY_INT)
        return;
    int id = op->results[0]->id, ok = 0;
    int64_t r = 0;
    switch (op->code) {
    case PVC_OP_M_UB_ADDR:
        /* as the runtime computes it (pvc_tile_off_addr): saturating, far outside the UB */
        ok = op->operands[0]->type.ub_addr >= 0 && value_of(c, op->operands[1], &b);
        if (ok)
            r = pvc_addr_add(op->operands[0]->type.ub_addr, pvc_addr_mul(b, lane(op->operands[0]->type.dtype)));
        break;
    case PVC_OP_M_ADDR_MAC: /* a [row, col] offset or a byte step: saturating, as it runs */
        ok = value_of(c, op->operands[0], &a) && value_of(c, op->operands[1], &b) &&
             value_of(c, op->operands[2], &s);
        if (ok)
            r = pvc_addr_add(pvc_addr_mul(a, b), s);
        break;
    case PVC_OP_M_CURSOR_INIT:
        ok = op->operands[0]->type.ub_addr >= 0, r = op->operands[0]->type.ub_addr;
        break;
    case PVC_OP_PY_ADD:
    case PVC_OP_PY_SUB:
    case PVC_OP_PY_MUL:
        if (value_of(c, op->operands[0], &a) && value_of(c, op->operands[1], &b))
            ok = op->code == PVC_OP_PY_ADD   ? !__builtin_add_overflow(a, b, &r)
                 : op->code == PVC_OP_PY_SUB ? !__builtin_sub_overflow(a, b, &r)
                                          : !__builtin_mul_overflow(a, b, &r);
        break;
    default: break;
    }
    if (c->known[id] == 1 && c->in_if && (!ok || r != c->val[id]))
        c->known[id] = 2; /* defined differently in the branches of an if: unknown from here on */
    if (ok && !c->known[id]) {
        c->known[id] = 1;
        c->val[id] = r;
    }
}

/* Alignment the op's address needs, and whether operand 0 is a cursor with a step at 1. */
static unsigned align_of(const pvc_op *op, int *post)
{
    *post = 0;
    switch (op->code) {
    case PVC_OP_M_LD_REG_POST:
    case PVC_OP_M_LD_X2_POST: *post = 1; /* fall through */
    case PVC_OP_M_LD_REG:
    case PVC_OP_M_LD_X2: return pvc_load_dist_table[attr_int(op, "dist")].align;
    case PVC_OP_M_ST_REG_POST: *post = 1; /* fall through */
    case PVC_OP_M_ST_REG:
    case PVC_OP_M_ST_X2: return pvc_store_dist_table[attr_int(op, "dist")].align;
    case PVC_OP_M_LD_MASK_POST:
    case PVC_OP_M_ST_MASK_POST: *post = 1; /* fall through */
    case PVC_OP_M_LD_MASK:
    case PVC_OP_M_ST_MASK: return pvc_mask_dist_table[attr_int(op, "dist")].align;
    case PVC_OP_M_LD_BLK:
    case PVC_OP_M_LD_BLK_POST:
    case PVC_OP_M_ST_BLK:
    case PVC_OP_M_ST_BLK_POST: return PVC_BLOCK_BYTES;
    case PVC_OP_M_STU_MASK: return pvc_mask_stu_bytes((unsigned)attr_int(op, "gran"));
    default: return 0;
    }
}

static const char *dist_name(const pvc_op *op)
{
    const pvc_value *v = attr_val(op, "dist");
    return v ? v->name : pvc_ops[op->code].name;
}

static void check_align(checker *c, const pvc_op *op)
{
    int post;
    unsigned align = align_of(op, &post);
    int64_t a, step;
    if (!align)
        return; /* no address operand */
    if (value_of(c, op->operands[0], &a) && (a < 0 || a >= (int64_t)PVC_UB_BYTES)) {
        pvc_error_at(c->d, op->loc, PVC_E_UB_RANGE, "UB address %" PRId64 " is outside the "
                     "Unified Buffer (0..0x%x, decision 3)", a, PVC_UB_BYTES);
        return;
    }
    if (value_of(c, op->operands[0], &a) && a % align)
        pvc_error_at(c->d, op->loc, PVC_E_MISALIGNED,
                     "UB address 0x%" PRIx64 " is not %u-byte aligned as %s needs%s (decision 4)",
                     (uint64_t)a, align, dist_name(op), post ? " (post-update cursor start)" : "");
    if (post && value_of(c, op->operands[1], &step) && step % align)
        pvc_error_at(c->d, op->loc, PVC_E_MISALIGNED,
                     "post-update step of %" PRId64 " bytes breaks the %u-byte alignment %s needs "
                     "(decision 4)", step, align, dist_name(op));
}

/* A mask whose granularity is coarser than the elements its op tests it at (§1.2). */
static void check_mask_gran(checker *c, const pvc_op *op)
{
    const pvc_mop *m = pvc_mop_of(op->code);
    int w = pvc_mop_pred_width(op);
    for (int i = 0; w && i < m->nopnd; i++) {
        const pvc_value *p = op->operands[i];
        if (m->opnd[i].kind != PVC_OK_PRED || p->type.gran <= 0 || p->type.gran / 8 <= w)
            continue;
        if (lane(p->type.dtype) == w)
            continue; /* a mask declared at this width though generated coarser: T21, warned */
        /* the device runs it (decision 1): only every (gran/w)-th element is active */
        pvc_warn_at(c->d, op->loc,
                    "mask '%s' has %d-bit granularity but %s works on %d-bit elements: only one element "
                    "in %d is active, the others are off (§1.2) [%s]",
                    p->name ? p->name : "?", p->type.gran, m->name, w * 8, p->type.gran / 8 / w,
                    pvc_warn_code(PVC_W_MASK_COARSE));
    }
}

static void check_unflushed(checker *c, const pvc_op *op)
{
    switch (op->code) {
    case PVC_OP_M_STU:
    case PVC_OP_M_STU_MASK: c->pending[op->operands[2]->id] = (pvc_op *)op; break;
    case PVC_OP_M_STU_AREG: c->pending[op->operands[3]->id] = (pvc_op *)op; break;
    case PVC_OP_M_STU_AR: c->pending[op->operands[2]->id] = (pvc_op *)op; break;
    case PVC_OP_M_STU_FLUSH:
    case PVC_OP_M_STU_FLUSH_AR: c->pending[op->operands[1]->id] = NULL; break;
    default: break;
    }
}

/* The hardware wants squeeze(STORE_REG) and the count-less store_unalign that consumes its
 * byte count to alternate (§10.9 [I]); checked in program order, a loop body once. */
static void check_sqzn_order(checker *c, const pvc_op *op)
{
    if (op->code == PVC_OP_M_SQUEEZE && attr_int(op, "gather_mode") == PVC_SQZ_STORE_REG) {
        if (c->sqzn)
            pvc_warn_at(c->d, op->loc, "squeeze(STORE_REG) again before a count-less store_unalign used "
                        "the byte count of the squeeze at line %d (§10.9) [%s]", c->sqzn->loc.line,
                        pvc_warn_code(PVC_W_SQZN_ORDER));
        c->sqzn = op;
    } else if (op->code == PVC_OP_M_STU_AR) {
        if (!c->sqzn)
            pvc_warn_at(c->d, op->loc, "count-less store_unalign with no squeeze(STORE_REG) before it: it "
                        "stores the byte count left in SQZN (0 at the start of the call) (§10.9) [%s]",
                        pvc_warn_code(PVC_W_SQZN_ORDER));
        c->sqzn = NULL;
    }
}

/* A constant zero of any numeric kind (0, False, 0.0, -0.0). */
static int is_const_zero(const pvc_value *v)
{
    int64_t i;
    return v && ((v->kind == PVC_V_FLOAT && v->f == 0) || (pvc_const_int(v, &i) && i == 0));
}

/* The scalar language: a division that faults whenever it runs (the lowering folds the
 * all-constant ones; these have a run-time dividend). */
static void check_scalar(checker *c, const pvc_op *op)
{
    switch (op->code) {
    case PVC_OP_PY_FLOORDIV:
    case PVC_OP_PY_MOD:
    case PVC_OP_PY_TRUEDIV:
        if (op->noperands == 2 && is_const_zero(op->operands[1]))
            pvc_error_at(c->d, op->loc, PVC_E_NOT_CONST, "%s by zero: the divisor is the constant 0",
                         op->code == PVC_OP_PY_MOD ? "modulo" : "division");
        break;
    default: break;
    }
}

static void check_scalars(checker *c, const pvc_block *b)
{
    for (int i = 0; i < b->nops; i++) {
        pvc_block *blk[3];
        check_scalar(c, b->ops[i]);
        for (int k = 0, nb = pvc_op_blocks(b->ops[i], blk); k < nb; k++)
            check_scalars(c, blk[k]);
    }
}

static void check_block(checker *c, const pvc_block *b)
{
    for (int i = 0; i < b->nops; i++) {
        const pvc_op *op = b->ops[i];
        track(c, op);
        if (pvc_ops[op->code].flags & PVC_OPF_MACHINE) {
            check_align(c, op);
            check_mask_gran(c, op);
            check_unflushed(c, op);
            check_sqzn_order(c, op);
        }
        pvc_block *blk[3];
        int nb = pvc_op_blocks(op, blk);
        c->in_if += op->code == PVC_OP_IF;
        for (int k = 0; k < nb; k++)
            check_block(c, blk[k]);
        c->in_if -= op->code == PVC_OP_IF;
    }
}

static void check_vf(checker *c, pvc_func *f)
{
    size_t n = (size_t)f->nvars + 1;
    c->f = f;
    c->val = pvc_arena_alloc(c->m->arena, n * sizeof *c->val);
    c->known = pvc_arena_alloc(c->m->arena, n);
    c->pending = pvc_arena_alloc(c->m->arena, n * sizeof *c->pending);
    check_scalars(c, &f->body);
    check_block(c, &f->body);
    for (int i = 0; i < f->nvars; i++)
        if (c->pending[i])
            pvc_error_at(c->d, c->pending[i]->loc, PVC_E_UNFLUSHED,
                         "vf.store_unalign through '%s' has no later vf.store_unalign_post with that "
                         "register: the bytes it parks are never written (§4.2)",
                         f->vars[i]->name ? f->vars[i]->name : "?");
}

/* ---- jit kernels: the tiles in the UB (decision 3) ---- */
typedef struct {
    const pvc_op *op;
    int64_t lo, hi;
    int mem; /* pvc_mem: tiles of different spaces never overlap (§17.2) */
} extent;

/* Every tile and tile group of a kernel, however many (arena memory, freed with the module). */
typedef struct {
    pvc_module *m;
    extent *e;
    int n, cap;
} extents;

static void add_extent(extents *x, const pvc_op *op, int64_t lo, int64_t hi, int mem)
{
    if (x->n == x->cap) {
        int cap = x->cap ? 2 * x->cap : 32;
        extent *e = pvc_arena_alloc(x->m->arena, (size_t)cap * sizeof *e);
        if (x->n)
            memcpy(e, x->e, (size_t)x->n * sizeof *e);
        x->e = e;
        x->cap = cap;
    }
    x->e[x->n++] = (extent){op, lo, hi, mem};
}

static void collect_groups(const pvc_block *b, extents *x)
{
    for (int i = 0; i < b->nops; i++) {
        const pvc_op *op = b->ops[i];
        if (op->code == PVC_OP_PL_MAKE_TILE_GROUP && op->results[0]->type.kind == PVC_TY_TILE_GROUP &&
            op->results[0]->type.ub_addr >= 0) {
            const pvc_type *t = &op->results[0]->type;
            int64_t slot = t->dims[0] * t->dims[1] * lane(t->dtype);
            add_extent(x, op, t->ub_addr, t->ub_addr + slot * t->depth, t->mem);
        }
        if (op->code == PVC_OP_PL_MAKE_TILE && op->nresults && op->results[0]->type.kind == PVC_TY_TILE &&
            op->results[0]->type.ub_addr >= 0) { /* pl.make_tile: one slot */
            const pvc_type *t = &op->results[0]->type;
            add_extent(x, op, t->ub_addr, t->ub_addr + t->dims[0] * t->dims[1] * lane(t->dtype), t->mem);
        }
        pvc_block *blk[3];
        int nb = pvc_op_blocks(op, blk);
        for (int k = 0; k < nb; k++)
            collect_groups(blk[k], x);
    }
}

/* 1 when a and b are the [N, 1] column and the [1, N] row of the same N elements: the row
 * view §15.3 tells a kernel to make for the element-wise ops, not an accidental overlap. */
static int column_row_view(const extent *a, const extent *b)
{
    if (a->op->code != PVC_OP_PL_MAKE_TILE || b->op->code != PVC_OP_PL_MAKE_TILE || a->lo != b->lo ||
        a->hi != b->hi)
        return 0;
    const pvc_type *s = &a->op->results[0]->type, *t = &b->op->results[0]->type;
    return s->dtype == t->dtype && s->dims[0] == t->dims[1] && s->dims[1] == t->dims[0] &&
           (s->dims[0] == 1 || s->dims[1] == 1);
}

static const char *group_name(const extent *e)
{
    const char *s = e->op->results[0]->name;
    return s ? s : "tile group";
}

static void check_jit(checker *c, pvc_func *f)
{
    extents x = {.m = c->m};
    check_scalars(c, &f->body);
    collect_groups(&f->body, &x);
    const extent *g = x.e;
    for (int i = 0; i < x.n; i++) {
        const pvc_mem_info *s = &pvc_mem_table[g[i].mem];
        if (g[i].mem == PVC_MEM_VEC && g[i].hi > (int64_t)PVC_UB_USABLE)
            pvc_error_at(c->d, g[i].op->loc, PVC_E_UB_RANGE,
                         "'%s' occupies UB bytes 0x%" PRIx64 "..0x%" PRIx64 ", beyond the usable "
                         "248 KiB (0x0..0x%x); the top 8 KiB is the register-spill reserve (decision 3)",
                         group_name(&g[i]), (uint64_t)g[i].lo, (uint64_t)g[i].hi, PVC_UB_USABLE);
        else if (g[i].mem != PVC_MEM_VEC && g[i].hi > (int64_t)s->bytes)
            pvc_error_at(c->d, g[i].op->loc, PVC_E_UB_RANGE,
                         "'%s' occupies %s bytes 0x%" PRIx64 "..0x%" PRIx64 ", beyond its %u (§17.2)",
                         group_name(&g[i]), s->pyname, (uint64_t)g[i].lo, (uint64_t)g[i].hi, s->bytes);
        for (int j = 0; j < i; j++)
            if (g[i].mem == g[j].mem && g[i].lo < g[j].hi && g[j].lo < g[i].hi && !column_row_view(&g[i], &g[j]))
                pvc_warn_at(c->d, g[i].op->loc, "'%s' (%s 0x%" PRIx64 "..0x%" PRIx64 ") overlaps '%s' "
                            "(%s 0x%" PRIx64 "..0x%" PRIx64 ") [%s]", group_name(&g[i]),
                            g[i].mem == PVC_MEM_VEC ? "UB" : s->pyname, (uint64_t)g[i].lo, (uint64_t)g[i].hi,
                            group_name(&g[j]), g[i].mem == PVC_MEM_VEC ? "UB" : s->pyname, (uint64_t)g[j].lo,
                            (uint64_t)g[j].hi, pvc_warn_code(PVC_W_TILE_OVERLAP));
    }
}

int pvc_check_func(pvc_module *m, pvc_diag *d, pvc_func *f)
{
    int before = d->nerrors;
    checker c = {.m = m, .d = d};
    if (f->kind == PVC_FN_VECTOR)
        check_vf(&c, f);
    else
        check_jit(&c, f);
    pvc_note_call(d, f, before);
    return d->nerrors - before;
}

int pvc_pass_check(pvc_module *m, pvc_diag *d)
{
    int errors = 0;
    for (int i = 0; i < m->nfuncs; i++)
        errors += pvc_check_func(m, d, m->funcs[i]);
    return errors;
}
