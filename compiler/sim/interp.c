/* interp.c - the simulated backend (`pvc run --backend sim`): runs the checked IR in
 * process with every check the device hides switched on (docs/SEMANTICS.md decisions 3, 4,
 * 8; docs/CLI.md "pvc run --backend sim").
 *
 * Machine ops: every ops.h row is compiled here into one function that makes the row's
 * runtime call over the op's frame storage (sim_runs), so the simulator makes exactly the
 * call the emitted C makes. The runtime reports every UB span it touches through the
 * context's touch hook; the hazard map, --trace and --stats read those reports, so each
 * addressing rule lives once, in the runtime.
 * The scalar language (assignments, Python arithmetic, pl.range, calls, tile slots) is run
 * by the switch in run_func over slots (prog.h).
 *
 * Faults: the runtime raises UB_BOUNDS / MISALIGNED / UNFLUSHED / ... itself (ctx->at is
 * the op's loc); the simulator fills ctx->fault for UNDEF_REG and HAZARD and unwinds.
 * pvc_backend_sim runs each block of a launch inside pvc_ctx_pcall and returns the fault
 * kind; with several blocks the gm_touch hook checks GM shared between them (race.c).
 */
/* The row functions below call the touch hook directly (pvc_rt.h pvc_ub_touch), so the
 * hazard checks of the inline NORM fast paths inline into them. */
#define PVC_TOUCH_DIRECT sim_touch_direct

/* The rows call the runtime ops themselves, not pvc_rt_fast.h's inline FP32 cases: those are
 * for code built for the host's ISA (the native backend's), and pvc is built for the
 * baseline one, where the runtime's own per-ISA clones are faster. The bits are the same. */
#define PVC_RT_NO_FAST 1
#include <stdlib.h>
#include <string.h>

#include "sim/cost.h"
#include "sim/prog.h"

/* ---- machine ops: one function per ops.h row --------------------------------------------
 * The row's operands, results and attributes become locals named as in the row, typed as
 * ops.h says for their kind, read from where decode.c placed them; then the CALL runs.
 * A row whose call does not fit its declared kinds, or that leaves an operand unused,
 * does not compile. */
static const pvc_tile *sim_tile_of(void *p)
{
    sim_tile *t = p;
    if (t->addr) /* a rotated tile-group slot: the address is a run-time value */
        t->tile.addr = (uint32_t)*t->addr;
    return &t->tile;
}

static double sim_num(const void *p)
{
    double d;
    memcpy(&d, p, sizeof d); /* a float scalar's slot holds the double's bits */
    return d;
}

#define SIM_O_VREG(n) const pvc_vreg *const n = *pp++;
#define SIM_O_MASK(n) const pvc_mreg *const n = *pp++;
#define SIM_O_PRED(n) const pvc_mreg *const n = *pp++;
#define SIM_O_BITS(n) const uint64_t n = (uint64_t) * (const int64_t *)*pp++;
#define SIM_O_INT(n) const int64_t n = *(const int64_t *)*pp++;
#define SIM_O_NUM(n) const double n = sim_num(*pp++);
#define SIM_O_ADDR(n) const int64_t n = *(const int64_t *)*pp++;
#define SIM_O_CURSOR(n) int64_t *const n = *pp++;
#define SIM_O_SLOT(n) int64_t *const n = *pp++;
#define SIM_O_ULD(n) pvc_ureg_ld *const n = *pp++;
#define SIM_O_UST(n) pvc_ureg_st *const n = *pp++;
#define SIM_O_TILE(n) const pvc_tile *const n = sim_tile_of(*pp++);
#define SIM_O_TILE_ND(n) SIM_O_TILE(n)
#define SIM_O_TENSOR(n) pvc_tensor *const n = *pp++;
#define SIM_R_VREG(n) pvc_vreg *const n = *rp++;
#define SIM_R_MASK(n) pvc_mreg *const n = *rp++;
#define SIM_R_INT(n) int64_t *const n = *rp++;
#define SIM_R_NUM(n) void *const n = *rp++; /* the slot the call writes a double's bits into */
#define SIM_R_ADDR(n) int64_t *const n = *rp++;
#define SIM_R_ULD(n) pvc_ureg_ld *const n = *rp++;
#define SIM_R_UST(n) pvc_ureg_st *const n = *rp++;
#define O(kind, name) SIM_O_##kind(name)
#define R(kind, name) SIM_R_##kind(name)
#define AD(name) const int name = (int)*kp++;
#define AE(name, ns, dflt, legal) const int name = (int)*kp++;
#define AI(name, dflt) const int64_t name = *kp++;
#define AC(name, ns, dflt, legal)
#define LIST(...) __VA_ARGS__
#define M(id, nm, from, opnds, attrs, res, dts, trap, fl, level, pipe, base, bpc, call, doc)        \
    static void run_##id(sim *S, const sim_op *o)                                          \
    {                                                                                      \
        pvc_ctx *const ctx = S->ctx;                                                       \
        const pvc_loc *const at = o->loc; /* also in ctx->at: the loop sets it first */    \
        void *const *pp = o->p;                                                            \
        void *const *rp = o->rp;                                                           \
        const int64_t *kp = o->k;                                                          \
        LIST opnds LIST res LIST attrs                                                     \
        (void)ctx, (void)at, (void)pp, (void)rp, (void)kp;                                 \
        call;                                                                              \
    }
PVC_MOPS(M)
#undef M

const sim_run_fn sim_runs[PVC_MOP_COUNT] = {
#define M(id, ...) run_##id,
    PVC_MOPS(M)
#undef M
};

/* The same rows as the fast loop runs them (fast.c): an INT, ADDR or BITS operand is the
 * affine value aff[j] describes, so folded address arithmetic is computed here, in the op
 * that reads it; every other operand, the results and the attributes as above.
 * On x86-64 they are compiled twice, the second time for AVX-512, and sim_fast_table picks
 * by the host at run time: pvc is built for the baseline ISA, where a register's 256 bytes
 * move in 16-byte pieces, and those moves are the most of a NORM copy's time (BENCHMARKS.md;
 * the native backend builds kernels for the host ISA for the same reason). The fuzz build
 * (Makefile FUZZ_CFLAGS) defines PVC_SIM_ONE_ISA: the second copy is the same source, and
 * leaving it out takes a third off the largest compile of `make test`. */
#undef SIM_O_BITS
#undef SIM_O_INT
#undef SIM_O_ADDR
#define SIM_AFF(j) (f->aff[j].a + f->aff[j].b * (uint64_t) * f->aff[j].var)
#define SIM_O_BITS(n) const uint64_t n = SIM_AFF(pp - o->p); pp++;
#define SIM_O_INT(n) const int64_t n = (int64_t)SIM_AFF(pp - o->p); pp++;
#define SIM_O_ADDR(n) const int64_t n = sim_fold_value(&f->aff[pp - o->p]); pp++;
#define SIM_FAST_ROW(id, attr, opnds, res, attrs, call)                                   \
    attr static void fast_##id(sim *S, const sim_fop *f)                                   \
    {                                                                                      \
        const sim_op *const o = &f->op;                                                    \
        pvc_ctx *const ctx = S->ctx;                                                       \
        const pvc_loc *const at = o->loc;                                                  \
        void *const *pp = o->p;                                                            \
        void *const *rp = o->rp;                                                           \
        const int64_t *kp = o->k;                                                          \
        LIST opnds LIST res LIST attrs                                                     \
        (void)ctx, (void)at, (void)pp, (void)rp, (void)kp;                                 \
        call;                                                                              \
    }
#define M(id, nm, from, opnds, attrs, res, dts, trap, fl, level, pipe, base, bpc, call, doc)              \
    SIM_FAST_ROW(id, , opnds, res, attrs, call)
PVC_MOPS(M)
#undef M

static const sim_fast_fn fast_rows[PVC_MOP_COUNT] = {
#define M(id, ...) fast_##id,
    PVC_MOPS(M)
#undef M
};

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(PVC_SIM_ONE_ISA)
#define M(id, nm, from, opnds, attrs, res, dts, trap, fl, level, pipe, base, bpc, call, doc)              \
    SIM_FAST_ROW(id##_wide, __attribute__((target("avx512f"))), opnds, res, attrs, call)
PVC_MOPS(M)
#undef M

static const sim_fast_fn fast_rows_wide[PVC_MOP_COUNT] = {
#define M(id, ...) fast_##id##_wide,
    PVC_MOPS(M)
#undef M
};
#endif
#undef SIM_AFF
#undef SIM_FAST_ROW

const sim_fast_fn *sim_fast_table(void)
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(PVC_SIM_ONE_ISA)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f"))
        return fast_rows_wide;
#endif
    return fast_rows;
}

/* Every row fits a sim_op: its operands in p[], its attributes in k[]. */
#undef O
#undef AD
#undef AE
#undef AI
#undef AC
#define O(kind, name) +1
#define AD(name) +1
#define AE(name, ns, dflt, legal) +1
#define AI(name, dflt) +1
#define AC(name, ns, dflt, legal)
#define M(id, nm, from, opnds, attrs, res, dts, trap, fl, level, pipe, base, bpc, call, doc)        \
    _Static_assert(0 LIST opnds <= SIM_MAX_OPND, nm ": more operands than SIM_MAX_OPND");     \
    _Static_assert(0 LIST attrs <= SIM_MAX_ATTR, nm ": more attributes than SIM_MAX_ATTR");
PVC_MOPS(M)
#undef M
#undef O
#undef R
#undef AD
#undef AE
#undef AI
#undef AC
#undef LIST

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

/* Decision 8: a read of kind k of [addr, addr+len) after an unordered vector store, of
 * byte `at` by store `id`; `other`: the store went through another tile (§5.6). */
static void __attribute__((noinline, cold)) hazard_fault(sim *S, int k, uint32_t addr, uint32_t len,
                                                        uint32_t at, uint32_t id, int other)
{
    fault_at(S, S->cur, PVC_FAULT_HAZARD, at, len);
    const pvc_loc *st = S->locs[id];
    S->ctx->fault.related = *st;
    snprintf(S->ctx->fault.detail, sizeof S->ctx->fault.detail,
             "%s of [0x%x, 0x%x) reads byte 0x%x, stored at line %d%s; a vf.mem_bar(%s) between "
             "them would order it", pvc_hazard_rules[k].what, addr, addr + len, at, st->line,
             other ? " through another tile" : "", membar_names[pvc_hazard_rules[k].barrier]);
    pvc_fault_unwind(S->ctx);
}

/* A read the device orders though the spec asks for a barrier (its rule's row says
 * tolerated): one warning per store and read. */
static void __attribute__((noinline, cold)) hazard_tolerated(sim *S, int k, uint32_t addr, uint32_t len,
                                                            uint32_t at, uint32_t id)
{
    uint32_t read = S->cur->id;
    for (int i = 0; i < S->nwarned; i++)
        if (S->warned[i][0] == id && S->warned[i][1] == read)
            return;
    if (S->nwarned == S->capwarned) {
        int cap = S->capwarned ? 2 * S->capwarned : 16;
        uint32_t(*w)[2] = realloc(S->warned, (size_t)cap * sizeof *w);
        if (!w)
            pvc_out_of_memory();
        S->warned = w, S->capwarned = cap;
    }
    S->warned[S->nwarned][0] = id, S->warned[S->nwarned++][1] = read;
    if (!S->o->notes)
        return;
    const pvc_loc *st = S->locs[id], *rd = S->cur->loc;
    const char *bar = membar_names[pvc_hazard_rules[k].barrier];
    pvc_diag d;
    pvc_diag_init(&d, &S->u->src, NULL);
    d.sink = S->o->notes;
    d.sink_arg = S->o->notes_arg;
    pvc_warn_at(&d, (pvc_span){rd->line, rd->col},
                "%s of [0x%x, 0x%x) reads byte 0x%x, stored at line %d with no vf.mem_bar(%s) between them, "
                "which docs/SEMANTICS.md §5.6 asks for; both go through one tile, and %s keeps them in "
                "program order on the device, so the %s sees the store (--strict-hazards, "
                "PVC_STRICT_HAZARDS=1: an error) [%s]",
                pvc_hazard_rules[k].what, addr, addr + len, at, st->line, bar, pvc_hazard_rules[k].tolerated,
                pvc_hazard_rules[k].what, pvc_warn_code(PVC_W_HAZARD_TOLERATED));
    pvc_report_at(&d, (pvc_span){st->line, st->col}, "note", "the vector store that wrote those bytes");
}

/* Did the store `id` go through the tile the running op reads (prog.h sim_base)? */
static int same_tile(const sim *S, uint32_t id)
{
    const sim_base *a = &S->bases[S->cur->id], *b = &S->bases[id];
    return a->ub >= 0 && a->ub == b->ub && a->rows == b->rows && a->cols == b->cols && a->dtype == b->dtype &&
           a->layout == b->layout && a->cursor == b->cursor;
}

/* Pending bytes of kind k that a read of [addr, addr+len) meets (docs/SEMANTICS.md §5.6):
 * a fault at the first byte a store wrote through another tile; else, when some store went
 * through the same tile, the tolerated read. Cold: only a read of pending bytes comes here. */
static void __attribute__((noinline, cold)) hazard_pending(sim *S, int k, uint32_t addr, uint32_t len,
                                                          uint32_t at, uint32_t id)
{
    uint64_t end = (uint64_t)addr + len > PVC_UB_BYTES ? PVC_UB_BYTES : (uint64_t)addr + len;
    uint32_t first = id, first_at = at;
    while (id) {
        int one = pvc_hazard_rules[k].tolerated && same_tile(S, id);
        if (!one || S->o->strict_hazards)
            hazard_fault(S, k, addr, len, at, id, pvc_hazard_rules[k].tolerated && !one);
        uint32_t next = S->hz->owner[at / 32] == PVC_HZ_MIXED ? at + 1 : (at / 32 + 1) * 32;
        id = next < end ? pvc_hazard_find(S->hz, k, next, (uint32_t)end, &at) : 0;
    }
    hazard_tolerated(S, k, addr, len, first_at, first);
}

/* A read (PVC_HZ_BY_*) of [addr, addr+len): every kind of pending bytes it checks, as its
 * row says (hazard.h PVC_HAZARD_RULES). */
static inline void hazard_read(sim *S, int read, uint32_t addr, uint32_t len)
{
    for (int k = 0; k < PVC_HZ_KINDS; k++) {
        if (pvc_hazard_rules[k].read != read)
            continue;
        uint32_t at = 0, id = pvc_hazard_read(S->hz, k, addr, len, &at);
        if (id)
            hazard_pending(S, k, addr, len, at, id);
    }
}

/* The runtime's touch hook: every UB span an op reads or writes, after its bounds check and
 * before any byte moves. Hazards are checked here; the spans are gathered for the trace. */
static void sim_touch(pvc_ctx *ctx, uint32_t addr, uint32_t len, pvc_touch_kind kind)
{
    sim *S = ctx->user;
    sim_touched *t = &S->touched;
    switch (kind) {
    case PVC_TOUCH_VLOAD: hazard_read(S, PVC_HZ_BY_VLOAD, addr, len); t->read += len; break;
    case PVC_TOUCH_GM_OUT: hazard_read(S, PVC_HZ_BY_SREAD, addr, len); t->gm_out += len; break;
    case PVC_TOUCH_VSTORE: pvc_hazard_store(S->hz, addr, len, S->cur->id); t->write += len; break;
    case PVC_TOUCH_GM_IN: t->gm_in += len; break;
    }
    if (t->addr < 0)
        t->addr = addr;
    t->bytes += len;
}

/* The touch hook when nothing observes the run: the hazard checks, and the GM bytes a
 * clipped pl.load / pl.store note counts. */
static inline void sim_touch_fast(pvc_ctx *ctx, uint32_t addr, uint32_t len, pvc_touch_kind kind)
{
    sim *S = ctx->user;
    switch (kind) {
    case PVC_TOUCH_VLOAD: hazard_read(S, PVC_HZ_BY_VLOAD, addr, len); return;
    case PVC_TOUCH_GM_OUT: hazard_read(S, PVC_HZ_BY_SREAD, addr, len); S->touched.gm_out += len; break;
    case PVC_TOUCH_VSTORE: pvc_hazard_store(S->hz, addr, len, S->cur->id); return;
    case PVC_TOUCH_GM_IN: S->touched.gm_in += len; break; /* a clipped window's note */
    default: return;
    }
    if (S->touched.addr < 0) /* a GM move's tile: a GM race names it */
        S->touched.addr = addr;
}

/* The same hooks, as the inline fast paths of the row functions call them. */
static inline void sim_touch_direct(pvc_ctx *ctx, uint32_t addr, uint32_t len, pvc_touch_kind kind)
{
    const sim *S = ctx->user;
    if (S->observing)
        sim_touch(ctx, addr, len, kind);
    else
        sim_touch_fast(ctx, addr, len, kind);
}

/* The runtime's vf.mem_bar hook (pvc_rt.h pvc_mem_bar): the op calls pvc_mem_bar as the
 * emitted C does; in the simulator the hook orders the hazard map. */
static void sim_mem_bar(pvc_ctx *ctx, pvc_membar mode)
{
    sim *S = ctx->user;
    if (mode < PVC_MEMBAR_COUNT)
        pvc_hazard_barrier(S->hz, mode);
}

/* A core of a mixed block (a launch with cross-core flags), after its block number. */
static const char *core_text(const pvc_ctx *ctx, int core)
{
    return !ctx->xsync ? "" : core == 0 ? " cube core" : core == 1 ? " vector core 0" : " vector core 1";
}

/* The runtime's gm_touch hook (launches of several cores): a GM span another core wrote, or
 * (for a write) read, with no order between the two accesses, is a GM_RACE at this op that
 * names the other core's op. */
static void sim_gm_touch(pvc_ctx *ctx, const void *gm, uint64_t len, pvc_gm_access kind, const void *data)
{
    sim *S = ctx->user;
    pvc_race_hit h;
    pvc_race_who who = {S->block, pvc_xsync_core(ctx), {0}};
    pvc_xsync_clock(ctx, who.clk);
    if (!pvc_race_access(S->race, &who, S->cur->loc, gm, len, kind, data, &h))
        return;
    /* a scalar GM access (the gm.getval / gm.setval rows, consecutive in ops.h; §6.1) touches no
     * UB: no address to name */
    int c = S->cur->code, ub = S->touched.addr >= 0 && (c < PVC_OP_M_GM_GETVAL_I || c > PVC_OP_M_GM_SETVAL_F);
    static const char *const did[] = {"read", "wrote", "added to"}, *const does[] = {"reads", "writes", "adds to"};
    fault_at(S, S->cur, PVC_FAULT_GM_RACE, ub ? (uint32_t)S->touched.addr : 0, ub ? (uint32_t)len : 0);
    S->ctx->fault.related = *h.loc;
    snprintf(S->ctx->fault.detail, sizeof S->ctx->fault.detail,
             "block %d%s %s byte %llu of '%s', which block %d%s %s at line %d%s", S->block, core_text(ctx, who.core),
             does[kind], (unsigned long long)h.offset, h.param, h.block, core_text(ctx, h.core), did[h.did], h.loc->line,
             h.block == S->block ? " with no cross-core flag between them" : "");
    pvc_fault_unwind(S->ctx);
}

/* ---- the scalar language --------------------------------------------------------------- */
/* The calls of ops.h PVC_PY_OPS, the ones the emitted C makes; NONE, a form the row lacks,
 * never reaches here (the types pass typed the op). */
#define NONE (PVC_BUG("'%s' has no such form", pvc_ops[code].name), 0)
static int64_t int_arith(pvc_ctx *ctx, int code, int64_t a, int64_t b)
{
    switch (code) {
#define X(id, on_int, on_float, faults, exact, what) case PVC_OP_##id: return on_int;
        PVC_PY_OPS(X)
#undef X
    default: PVC_BUG("'%s' is not Python arithmetic", pvc_ops[code].name);
    }
}

static double float_arith(pvc_ctx *ctx, int code, double a, double b)
{
    switch (code) {
#define X(id, on_int, on_float, faults, exact, what) case PVC_OP_##id: return on_float;
        PVC_PY_OPS(X)
#undef X
    default: PVC_BUG("'%s' is not Python arithmetic", pvc_ops[code].name);
    }
}
#undef NONE

_Static_assert(PVC_OP_PY_NE - PVC_OP_PY_EQ == PVC_PY_NE && PVC_OP_PY_LT - PVC_OP_PY_EQ == PVC_PY_LT &&
                   PVC_OP_PY_LE - PVC_OP_PY_EQ == PVC_PY_LE && PVC_OP_PY_GT - PVC_OP_PY_EQ == PVC_PY_GT &&
                   PVC_OP_PY_GE - PVC_OP_PY_EQ == PVC_PY_GE,
               "ops.h lists the comparisons in pvc_py_cmpop's order");

/* A scalar slot's truth value: fl says it holds a double's bits. */
static int slot_truth(const sim_func *F, int slot, int fl)
{
    return fl ? pvc_py_ftruth(slot_double(F->s[slot])) != 0 : F->s[slot] != 0;
}

/* == != < <= > >= (exact for an int against a float), not, bool: the int result. */
static int64_t run_compare(const sim_func *F, const sim_op *o)
{
    static const int mirror[] = {PVC_PY_EQ, PVC_PY_NE, PVC_PY_GT, PVC_PY_GE, PVC_PY_LT, PVC_PY_LE};
    if (o->code == PVC_OP_PY_NOT || o->code == PVC_OP_PY_BOOL)
        return slot_truth(F, o->a[0], o->fl & 1) == (o->code == PVC_OP_PY_BOOL);
    int op = o->code - PVC_OP_PY_EQ; /* EQ NE LT LE GT GE: the order of pvc_py_cmpop */
    int64_t a = F->s[o->a[0]], b = F->s[o->a[1]];
    switch (o->fl & 3) {
    case 0: return pvc_py_icmp(op, a, b);
    case 3: return pvc_py_fcmp(op, slot_double(a), slot_double(b));
    case 2: return pvc_py_ifcmp(op, a, slot_double(b));
    default: return pvc_py_ifcmp(mirror[op], b, slot_double(a));
    }
}

/* pl.printf: the same runtime call as the emitted C. */
static void run_printf(sim *S, const sim_func *F, const sim_op *o)
{
    pvc_scalar args[SIM_MAX_OPND];
    for (int i = 0; i < o->aux; i++) {
        if (o->kinds[i] == 'f')
            args[i].f = slot_double(F->s[o->a[i]]);
        else
            args[i].i = F->s[o->a[i]];
    }
    pvc_printf(S->ctx, o->text, o->aux, args, o->kinds);
}

/* A float op's operand i: a double's bits, or an int widened as the emitted C does. */
static double float_operand(const sim_func *F, const sim_op *o, int i)
{
    int64_t slot = F->s[o->a[i]];
    return o->fl >> i & 1 ? pvc_py_float(slot) : slot_double(slot);
}

/* Python's + - * // % and unary -; returns 1 and the value when it is an int (the trace
 * prints integers only). */
static int run_arith(sim *S, sim_func *F, const sim_op *o, int64_t *value)
{
    if (o->fl & 4) {
        F->s[o->r[0]] = double_bits(float_arith(S->ctx, o->code, float_operand(F, o, 0), float_operand(F, o, 1)));
        return 0;
    }
    *value = F->s[o->r[0]] = int_arith(S->ctx, o->code, F->s[o->a[0]], F->s[o->a[1]]);
    return 1;
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
    default: break; /* a compile-time value: nothing moves at run time */
    }
}

/* The op budget (run_opts max_ops, docs in libpvc.h PVC_SIM_MAX_OPS): a loop iteration or a
 * call that would overspend it faults OP_BUDGET at the loop or the call, the same op in the
 * observing and the fast loop (both charge the same static counts at the same points). The
 * same points read the launch's stop flag, as pvc_poll does in native code: STOPPED there. */
static void budget_out(sim *S, const sim_op *at)
{
    S->ctx->at = at->loc;
    if (*S->ctx->stop)
        pvc_stopped(S->ctx);
    const char *op = at->code == PVC_OP_CALL ? "call" : at->code == PVC_OP_WHILE ? "while" : "range";
    pvc_fault_raise(S->ctx, PVC_FAULT_OP_BUDGET, op, 0, 0, "the launch's budget of %llu ops is spent: --max-ops N raises it, 0 lifts it",
                    (unsigned long long)S->o->max_ops);
}

static inline void charge(sim *S, const sim_op *at, uint64_t cost)
{
    if (__builtin_expect(cost > S->ops_left || *S->ctx->stop, 0)) /* and the stop flag (pvc_poll) */
        budget_out(S, at);
    S->ops_left -= cost;
}

/* pl.range: computes the trip count into the hidden slots; 0 when the body never runs. */
static int run_range(sim *S, sim_func *F, const sim_op *o)
{
    int64_t *h = &F->s[o->aux]; /* iteration, count, start, step: as the emitted C */
    h[0] = 0, h[1] = (int64_t)pvc_py_range_len(S->ctx, F->s[o->a[0]], F->s[o->a[1]], F->s[o->a[2]]);
    h[2] = F->s[o->a[0]], h[3] = F->s[o->a[2]];
    if (h[1] == 0)
        return 0;
    F->s[o->r[0]] = h[2];
    return 1;
}

/* The end of a pl.range body: the pc of the next op, which is the loop's RANGE (so that the
 * body's first op follows) when another iteration runs. A new iteration reports as its
 * RANGE op with the new index. */
static int run_loop_end(sim *S, sim_func *F, const sim_op *o, int pc)
{
    int64_t *h = &F->s[o->aux];
    h[0] = pvc_py_add(h[0], 1);
    if ((uint64_t)h[0] >= (uint64_t)h[1])
        return pc;
    charge(S, &F->ops[o->jump], F->ops[o->jump].cost);
    F->s[o->r[0]] = pvc_py_range_at(h[2], (uint64_t)h[0], h[3]);
    if (S->observing)
        sim_observe_core(S, &F->ops[o->jump], F->s[o->r[0]], 1, NULL);
    return o->jump;
}

static void run_func(sim *S, sim_func *F);

static void run_call(sim *S, sim_func *F, const sim_op *o)
{
    sim_func *C = o->callee;
    charge(S, o, o->cost);
    for (int j = 0; j < C->f->nparams; j++)
        if (o->cargs[j] >= 0)
            C->s[C->f->params[j]->id] = F->s[o->cargs[j]];
    memset(C->def, 0, (size_t)C->nvars); /* registers start undefined in every invocation */
    pvc_spr_reset(S->ctx);               /* and AR = SQZN = 0 (§10.9, §10.14) */
    int from_kernel = F->f->kind == PVC_FN_JIT; /* a VF's call of a VF is inlined on the device */
    if (from_kernel)
        pvc_hazard_settle(S->hz);        /* the kernel's earlier moves are complete */
    run_func(S, C);
    if (from_kernel)
        pvc_hazard_settle(S->hz);        /* end of the VF completes its stores (sim.h) */
    S->cur_f = F;
}

/* ---- the runner ---------------------------------------------------------------------- */
/* UNDEF_REG: every register the op reads must have been written in this call. */
/* Is every lane of mask m active at width w (bit w*i set for each i)? */
static int all_lanes_on(const pvc_mreg *m, int w)
{
    for (int i = 0; i < 256; i += w)
        if (!pvc_mreg_bit(m, (unsigned)i))
            return 0;
    return 1;
}

static void check_defined(sim *S, const sim_func *F, const sim_op *o)
{
    /* a merging op's old result shows only in the lanes its mask leaves off (§9.2, T17) */
    if (o->merge_reg >= 0 && !F->def[o->merge_reg] && !all_lanes_on(&F->m[o->merge_pred], o->merge_w))
        undef_reg(S, F, o, o->merge_reg);
    for (int c = 0; c < o->nchk; c++)
        if (!F->def[o->chk[c]])
            undef_reg(S, F, o, o->chk[c]);
}

static void mark_written(sim_func *F, const sim_op *o)
{
    if (o->r[0] >= 0 && o->r[0] < F->nvars)
        F->def[o->r[0]] = 1;
    if (o->r[1] >= 0)
        F->def[o->r[1]] = 1;
}

/* One machine op through its compiled row. A store ureg left holding bytes remembers the
 * op, so an UNFLUSHED fault can name it. */
static inline void run_machine(sim *S, sim_func *F, const sim_op *o)
{
    check_defined(S, F, o);
    S->touched = (sim_touched){-1, 0, 0, 0, 0, 0};
    o->run(S, o);
    mark_written(F, o);
    if (o->ust >= 0 && ((const pvc_ureg_st *)o->p[o->ust])->valid)
        F->last_stu[o->a[o->ust]] = o->id;
    if (o->gm)
        sim_note_clipped(S, o);
    if (S->observing)
        sim_observe_machine(S, o);
}

/* The loop when nothing observes the run (S->observing 0): the same ops over fast.c's
 * copies, which fold affine address arithmetic into the ops that read it and test only
 * the register reads not proven defined ahead of time. Every runtime call and every check
 * of the observing loop below is made, in the same order, at the same op. pl.range keeps
 * its iteration count in a local stack instead of its hidden slots (which only the
 * observing loop reads); the loop variable is rebound each iteration as there. */
typedef struct {
    uint64_t k, n;           /* iteration, trip count */
    const sim_op *range;     /* the RANGE op (what an iteration costs, where it faults) */
    int64_t lo, st;
    int64_t *var;
    const sim_fop *body;     /* first op of the body */
} fast_loop;

/* A pl.range whose body is machine ops alone (fast.c sets f->simple): the same ops in the
 * same order, the loop variable rebound each iteration, without the end marker's
 * dispatch. run_range has computed the trip count and bound the first value. */
static void run_simple_loop(sim *S, sim_func *F, const sim_fop *f)
{
    pvc_ctx *const ctx = S->ctx;
    const sim_fop *const body = f + 1, *const end = F->fops + f->skip - 1;
    const int64_t *h = &F->s[f->op.aux];
    const uint64_t n = (uint64_t)h[1];
    const int64_t lo = h[2], st = h[3];
    int64_t *const var = &F->s[f->op.r[0]];
    for (uint64_t k = 0;;) {
        for (const sim_fop *g = body; g < end; g++) {
            S->cur = &g->op;
            if (!g->sets_at)
                ctx->at = g->op.loc;
            g->fn(S, g);
            if (g->kind == SIM_FK_MACHINE_MARK)
                mark_written(F, &g->op);
        }
        if (++k >= n)
            return;
        charge(S, &f->op, f->op.cost);
        *var = pvc_py_range_at(lo, k, st);
    }
}

static void run_func_fast(sim *S, sim_func *F)
{
    pvc_ctx *const ctx = S->ctx;
    const sim_fop *f = F->fops, *const end = F->fops + F->nfops;
    /* loops[0] stands below the outermost loop: top = loops - 1 would be undefined */
    fast_loop loops[SIM_FAST_MAX_DEPTH + 1], *top = loops;
    S->cur_f = F;
    if (F->nconsts) /* an empty body has none, and no array (memcpy from NULL is undefined) */
        memcpy(F->s + F->nvars, F->consts, (size_t)F->nconsts * sizeof *F->s);
    for (; f < end; f++) {
        const sim_op *o = &f->op;
        S->cur = o;
        if (f->kind <= SIM_FK_MACHINE_MARK) {
            if (!f->sets_at)
                ctx->at = o->loc;
            f->fn(S, f);
            if (f->kind == SIM_FK_MACHINE_MARK)
                mark_written(F, o);
            continue;
        }
        ctx->at = o->loc;
        switch (f->kind) {
        case SIM_FK_MACHINE_FULL:
            for (int i = 0; i < f->nfold; i++)
                *f->fold[i].dst = sim_fold_value(&f->fold[i]);
            run_machine(S, F, o);
            break;
        case SIM_FK_RANGE:
            if (!run_range(S, F, o)) {
                f = F->fops + f->skip - 1; /* past the body and its end marker */
                break;
            }
            charge(S, o, o->cost);
            if (f->simple) {
                run_simple_loop(S, F, f);
                f = F->fops + f->skip - 1;
                break;
            }
            top++;
            top->k = 0, top->n = (uint64_t)F->s[o->aux + 1];
            top->lo = F->s[o->aux + 2], top->st = F->s[o->aux + 3];
            top->var = &F->s[o->r[0]], top->body = f + 1, top->range = o;
            break;
        case SIM_FK_LOOP_END:
            if (++top->k < top->n) {
                charge(S, top->range, top->range->cost);
                *top->var = pvc_py_range_at(top->lo, top->k, top->st);
                f = top->body - 1;
            } else
                top--;
            break;
        default:
            check_defined(S, F, o);
            switch (o->code) {
            case PVC_OP_ASSIGN: run_assign(F, o); break;
            case PVC_OP_CALL: run_call(S, F, o); break;
            case PVC_OP_PL_MAKE_TILE: case PVC_OP_TG_SLOT: case PVC_OP_TG_CURRENT: case PVC_OP_TG_NEXT:
            case PVC_OP_TG_PREVIOUS:
                pvc_tile_check(S->ctx, sim_tile_of(&F->tiles[o->tile]));
                break;
            default: {
                int64_t value;
                run_arith(S, F, o, &value);
            }
            }
            mark_written(F, o);
        }
    }
}

static void run_func(sim *S, sim_func *F)
{
    if (F->fops && !S->observing) {
        run_func_fast(S, F);
        return;
    }
    S->cur_f = F;
    if (F->nconsts) /* an empty body has none, and no array */
        memcpy(F->s + F->nvars, F->consts, (size_t)F->nconsts * sizeof *F->s);
    for (int pc = 0; pc < F->nops; pc++) {
        const sim_op *o = &F->ops[pc];
        int64_t value = 0;
        int has_value = 0;
        S->ctx->at = o->loc;
        S->cur = o;
        if (o->run) {
            run_machine(S, F, o);
            continue;
        }
        check_defined(S, F, o);
        switch (o->code) {
        case PVC_OP_PL_RANGE:
            if (!run_range(S, F, o)) {
                pc = o->jump; /* skip the body and its end marker */
                continue;
            }
            charge(S, o, o->cost);
            value = F->s[o->r[0]], has_value = 1;
            break;
        case SIM_LOOP_END: pc = run_loop_end(S, F, o, pc); continue;
        case PVC_OP_IF:
        case PVC_OP_WHILE:
            if (!slot_truth(F, o->a[0], o->fl & 1))
                pc = o->jump - 1;
            else if (o->code == PVC_OP_WHILE)
                charge(S, o, o->cost);
            continue;
        case SIM_JUMP: pc = o->jump - 1; continue;
        case SIM_RET: return;
        case PVC_OP_PY_EQ: case PVC_OP_PY_NE: case PVC_OP_PY_LT: case PVC_OP_PY_LE: case PVC_OP_PY_GT:
        case PVC_OP_PY_GE: case PVC_OP_PY_NOT: case PVC_OP_PY_BOOL:
            value = F->s[o->r[0]] = run_compare(F, o), has_value = 1;
            break;
        case PVC_OP_PL_PRINTF: run_printf(S, F, o); continue;
        case PVC_OP_ASSIGN:
            run_assign(F, o);
            if (o->k[0] == CP_INT)
                value = F->s[o->r[0]], has_value = 1;
            break;
#define X(id, ...) case PVC_OP_##id:
        PVC_PY_OPS(X) /* the scalar arithmetic */
#undef X
            has_value = run_arith(S, F, o, &value);
            break;
        case PVC_OP_PL_MAKE_TILE: case PVC_OP_TG_SLOT: case PVC_OP_TILE_SLICE:
        case PVC_OP_TG_CURRENT: case PVC_OP_TG_NEXT: case PVC_OP_TG_PREVIOUS:
            /* pl.make_tile and the tile-group slots: the tile must lie in usable UB */
            pvc_tile_check(S->ctx, sim_tile_of(&F->tiles[o->tile]));
            break;
        case PVC_OP_CALL:
            if (S->observing)
                sim_observe_core(S, o, 0, 0, NULL);
            run_call(S, F, o);
            continue;
        default: PVC_BUG("the simulator decoded '%s' but cannot run it", pvc_ops[o->code].name);
        }
        mark_written(F, o);
        if (S->observing)
            sim_observe_core(S, o, value, has_value, o->tile >= 0 ? &F->tiles[o->tile].tile : NULL);
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

/* An UNFLUSHED fault at the end of a VF names the store_unalign that parked the bytes. */
static void relate_unflushed(sim *S)
{
    pvc_fault *f = &S->ctx->fault;
    const sim_op *o = S->cur;
    if (f->kind != PVC_FAULT_UNFLUSHED || !o || !o->run)
        return;
    const pvc_mop *m = pvc_mop_of(o->code);
    for (int i = 0; i < m->nopnd; i++)
        if (m->opnd[i].kind == PVC_OK_UST && S->cur_f->last_stu[o->a[i]])
            f->related = *S->locs[S->cur_f->last_stu[o->a[i]]];
}

static void sim_free(sim *S)
{
    for (int i = 0; i < 2; i++)
        if (S->peer[i]) {
            S->peer[i]->race = NULL; /* the first instance's */
            S->peer[i]->obs.timeline = NULL;
            sim_free(S->peer[i]);
        }
    sim_decode_free(S);
    free(S->views);
    pvc_hazard_free(S->hz);
    free(S->warned);
    pvc_race_free(S->race);
    pvc_timeline_close(S->obs.timeline, NULL, 0);
    free(S);
}

/* ---- the backend (backend/backend.h) -------------------------------------------------- */
/* Names of the kernel's parameters, for the race map's messages. */
static pvc_race *race_for(const pvc_func *kernel, const pvc_launch_args *l)
{
    const char *names[kernel->nparams > 0 ? kernel->nparams : 1];
    for (int i = 0; i < kernel->nparams; i++)
        names[i] = kernel->params[i]->name;
    return pvc_race_new(l->args, names, kernel->nparams);
}

/* One instance: the kernel decoded for one kind of core; the observers and the race map
 * are the first instance's (a mixed block's cores run one at a time, cube_sync.c). */
static sim *sim_instance(pvc_unit *u, const pvc_func *kernel, const pvc_run_opts *o, const pvc_launch_args *l,
                         int core, pvc_diag *d, char *err, size_t errlen)
{
    sim *S = calloc(1, sizeof *S);
    if (!S) {
        snprintf(err, errlen, "out of memory for the simulator");
        return NULL;
    }
    /* decode.c points tensor operands into l->args and binds scalars from l->scalars */
    S->u = u, S->o = o, S->blocks = l->blocks, S->args = l->args, S->scalars = l->scalars, S->core = core;
    if (!(S->hz = pvc_hazard_new())) {
        snprintf(err, errlen, "out of memory for the hazard map");
        sim_free(S);
        return NULL;
    }
    if (sim_decode(S, kernel)) {
        pvc_report_at(d, S->error_at, "error", "%s", S->error);
        sim_free(S);
        return NULL;
    }
    S->ops_left = o->max_ops ? o->max_ops : UINT64_MAX;
    return S;
}

/* The vector cores' instances of a mixed launch share the first one's observers. */
static int open_peers(sim *S, pvc_unit *u, const pvc_func *kernel, const pvc_run_opts *o,
                      const pvc_launch_args *l, pvc_diag *d, char *err, size_t errlen)
{
    for (int i = 0; i < 2; i++) {
        sim *P = sim_instance(u, kernel, o, l, PVC_CORE_AIV, d, err, errlen);
        if (!P)
            return -1;
        P->obs = S->obs;
        P->obs.stats = S->obs.stats;
        P->observing = S->observing;
        P->race = S->race;
        S->peer[i] = P;
    }
    return 0;
}

static void *sim_open(pvc_unit *u, const pvc_func *kernel, const pvc_run_opts *o,
                      const pvc_launch_args *l, pvc_diag *d, char *err, size_t errlen)
{
    sim *S = sim_instance(u, kernel, o, l, l->kind == PVC_BLOCK_VEC ? PVC_CORE_AIV : PVC_CORE_AIC, d, err, errlen);
    if (!S)
        return NULL;
    if ((l->blocks > 1 || l->kind == PVC_BLOCK_MIX) && !(S->race = race_for(kernel, l))) {
        snprintf(err, errlen, "out of memory for the simulator's map of shared GM");
        sim_free(S);
        return NULL;
    }
    S->obs.trace = o->trace;
    S->obs.stats = o->stats ? &S->stats : NULL;
    char why[512];
    if (o->timeline && !(S->obs.timeline = pvc_timeline_open(o->timeline, why, sizeof why))) {
        snprintf(err, errlen, "--timeline %s: %s", o->timeline, why);
        sim_free(S);
        return NULL;
    }
    S->observing = pvc_sim_observing(&S->obs);
    if (l->kind == PVC_BLOCK_MIX && open_peers(S, u, kernel, o, l, d, err, errlen)) {
        sim_free(S);
        return NULL;
    }
    return S;
}

/* One block's core, on its own context: the instance of its core kind. The hazard map
 * carries over from the previous block settled: every vector store of a finished block is
 * complete (its UB is gone anyway). GM races are between cores: of two blocks always, of
 * one mixed block unless the flags order them (§17.7, race.c). */
static int sim_run(void *x, pvc_ctx *ctx, const pvc_launch_args *l)
{
    sim *S = x;
    (void)l; /* the arguments open decoded against */
    if (S->peer[0] && ctx->core == PVC_CORE_AIV)
        S = S->peer[ctx->subblock_idx & 1];
    S->ctx = ctx;
    S->block = (int)(ctx->block_idx / (ctx->subblock_num > 0 ? ctx->subblock_num : 1));
    S->obs.now = 0; /* every block's clock starts with the launch */
    pvc_hazard_settle(S->hz);
    ctx->mem_bar = sim_mem_bar;
    ctx->touch = S->observing ? sim_touch : sim_touch_fast;
    ctx->gm_touch = S->race ? sim_gm_touch : NULL;
    ctx->user = S;
    int rc = pvc_ctx_pcall(ctx, run_kernel, S);
    if (rc)
        relate_unflushed(S);
    ctx->mem_bar = NULL;
    ctx->touch = NULL;
    ctx->gm_touch = NULL;
    ctx->user = NULL;
    ctx->at = NULL;
    return rc;
}

/* Writes what the observers gathered over every block, then frees. */
static int sim_close(void *x, char *err, size_t errlen)
{
    sim *S = x;
    if (!S)
        return 0;
    if (S->o->trace)
        fflush(S->o->trace);
    if (S->o->stats)
        pvc_stats_print(&S->stats, S->o->stats);
    char why[512];
    int terr = pvc_timeline_close(S->obs.timeline, why, sizeof why);
    S->obs.timeline = NULL;
    if (terr)
        snprintf(err, errlen, "--timeline %s: %s", S->o->timeline, why);
    sim_free(S);
    return terr ? -1 : 0;
}

const pvc_backend pvc_backend_sim = {"sim", 0, 0, sim_open, sim_run, sim_close};
