/* interp.c - the simulated backend (`pvc run --backend sim`): runs the checked IR in
 * process, making the same runtime call per machine op as the emitted C, with every check
 * the device hides switched on (SEMANTICS.md decisions 3, 4, 8; README "pvc run --backend sim").
 *
 * Two phases (sim.h):
 *   decode  sim_decode.c turns each function reached from the kernel into a flat sim_op array.
 *   run     this file: one switch per op over the register files of the function's frame:
 *             s[]   int64 scalars (ints, addresses, cursors), constants after the variables
 *             v[] m[] ul[] us[]   vregs, mregs, unaligned registers, indexed by variable id
 *             def[] the written bit of each register variable (UNDEF_REG)
 *
 * Faults: the runtime raises UB_BOUNDS / MISALIGNED / UNFLUSHED / ... itself (ctx->at is
 * the op's loc); the simulator fills ctx->fault for UNDEF_REG and HAZARD and unwinds.
 * pvc_backend_sim runs the kernel inside pvc_ctx_pcall and returns the fault kind.
 */
#include <string.h>

#include "sim/cost.h"
#include "sim/prog.h"

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

/* The unaligned load family (§4.1): the hazard spans follow the state machine of pvc_rt.h. */
static void run_unalign_load(sim *S, sim_func *F, const sim_op *o, op_info *in)
{
    pvc_ctx *ctx = S->ctx;
    uint32_t cur, a;
    switch (o->code) {
    case PVC_OP_M_LDU_INIT: pvc_load_unalign_init(&F->ul[o->r[0]]); break;
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
    }
}

/* The unaligned store family (§4.2): bytes park in the register until a 32-byte block
 * fills or a flush; the hazard spans are the blocks actually written. */
static void run_unalign_store(sim *S, sim_func *F, const sim_op *o, op_info *in)
{
    pvc_ctx *ctx = S->ctx;
    uint32_t cur, a;
    switch (o->code) {
    case PVC_OP_M_STU_INIT: pvc_unalign_reg_for_store(&F->us[o->r[0]]); break;
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

static void run_address(sim_func *F, const sim_op *o, op_info *in)
{
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

/* pl.range: computes the trip count into the hidden slots; 0 when the body never runs. */
static int run_range(sim *S, sim_func *F, const sim_op *o, op_info *in)
{
    int64_t *h = &F->s[o->aux]; /* iteration, count, start, step: as the emitted C */
    h[0] = 0, h[1] = (int64_t)pvc_py_range_len(S->ctx, SV(0), SV(1), SV(2));
    h[2] = SV(0), h[3] = SV(2);
    if (h[1] == 0)
        return 0;
    F->s[o->r[0]] = h[2];
    in->value = h[2], in->has_value = 1;
    return 1;
}

/* The end of a pl.range body: the pc of the next op, which is the loop's RANGE (so that the
 * body's first op follows) when another iteration runs. A new iteration reports as its
 * RANGE op with the new index. */
static int run_loop_end(sim *S, sim_func *F, const sim_op *o, int pc, op_info *in)
{
    int64_t *h = &F->s[o->aux];
    h[0] = pvc_py_add(h[0], 1);
    if ((uint64_t)h[0] >= (uint64_t)h[1])
        return pc;
    F->s[o->r[0]] = pvc_py_range_at(h[2], (uint64_t)h[0], h[3]);
    if (S->observing) {
        in->value = F->s[o->r[0]], in->has_value = 1;
        observe(S, &F->ops[o->jump], in);
    }
    return o->jump;
}

static void run_arith(sim *S, sim_func *F, const sim_op *o, op_info *in)
{
    if (o->k[2]) { /* trace values are integers: a float result shows none */
        F->s[o->r[0]] = double_bits(float_arith(S->ctx, o->code, float_operand(o, 0, SV(0)),
                                                float_operand(o, 1, SV(1))));
        return;
    }
    F->s[o->r[0]] = int_arith(S->ctx, o->code, SV(0), SV(1));
    in->value = F->s[o->r[0]], in->has_value = 1;
}

/* pl.make_tile and the tile-group slots: the tile must lie in usable UB. */
static void run_tile(sim *S, sim_func *F, const sim_op *o, op_info *in)
{
    pvc_tile_check(S->ctx, TILE(o->tile));
    in->addr = TILE(o->tile)->addr;
    in->bytes = pvc_tile_bytes(TILE(o->tile));
}

/* Tile-group rotation, slot addresses and a scalar's encoding as a register element. */
static void run_scalar_machine(sim_func *F, const sim_op *o, op_info *in)
{
    int64_t slot;
    switch (o->code) {
    case PVC_OP_M_TG_STEP:
        slot = SV(0);
        pvc_tile_group_step(&slot, o->k[0], o->k[1]);
        F->s[o->a[0]] = slot;
        in->value = slot, in->has_value = 1;
        return;
    case PVC_OP_M_TG_ADDR:
        F->s[o->r[0]] = pvc_tile_group_addr((uint32_t)o->k[0], SV(0), (uint32_t)o->k[1]);
        break;
    default: /* ENCODE: same rounding as a literal's compile-time encoding */
        F->s[o->r[0]] = (int64_t)pvc_value_encode((pvc_dtype)o->k[0],
                                                  o->k[1] ? slot_double(SV(0)) : (double)SV(0),
                                                  PVC_ROUND_RINT, PVC_SAT_OFF);
        break;
    }
    in->value = F->s[o->r[0]], in->has_value = 1;
}

/* UNDEF_REG: every register the op reads must have been written in this call. */
static void check_defined(sim *S, const sim_func *F, const sim_op *o)
{
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

static void run_func(sim *S, sim_func *F)
{
    memcpy(F->s + F->nvars, F->consts, (size_t)F->nconsts * sizeof *F->s);
    for (int pc = 0; pc < F->nops; pc++) {
        const sim_op *o = &F->ops[pc];
        op_info in = {-1, -1, -1, -1, NULL, 0, 0, 0, 0, 0};
        S->ctx->at = o->loc;
        check_defined(S, F, o);
        switch (o->code) {
        case PVC_OP_RANGE:
            if (!run_range(S, F, o, &in)) {
                pc = o->jump; /* skip the body and its end marker */
                continue;
            }
            break;
        case SIM_LOOP_END:
            pc = run_loop_end(S, F, o, pc, &in);
            continue;
        case PVC_OP_ASSIGN:
            run_assign(F, o);
            if (o->k[0] == CP_INT)
                in.value = F->s[o->r[0]], in.has_value = 1;
            break;
        case PVC_OP_ADD: case PVC_OP_SUB: case PVC_OP_MUL: case PVC_OP_FLOORDIV: case PVC_OP_MOD:
        case PVC_OP_NEG:
            run_arith(S, F, o, &in);
            break;
        case PVC_OP_MAKE_TILE: case PVC_OP_TG_SLOT:
        case PVC_OP_TG_CURRENT: case PVC_OP_TG_NEXT: case PVC_OP_TG_PREVIOUS:
            run_tile(S, F, o, &in);
            break;
        case PVC_OP_CALL:
            if (S->observing)
                observe(S, o, &in);
            run_call(S, F, o);
            continue;
        case PVC_OP_M_TG_STEP: case PVC_OP_M_TG_ADDR: case PVC_OP_M_ENCODE:
            run_scalar_machine(F, o, &in);
            break;
        case PVC_OP_M_GM_LOAD: case PVC_OP_M_GM_STORE: run_gm(S, F, o, &in); break;
        case PVC_OP_M_UB_ADDR: case PVC_OP_M_CURSOR_INIT: case PVC_OP_M_AREG: run_address(F, o, &in); break;
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
        case PVC_OP_M_LDU_AREG:
            run_unalign_load(S, F, o, &in);
            break;
        case PVC_OP_M_STU_INIT: case PVC_OP_M_STU: case PVC_OP_M_STU_MASK: case PVC_OP_M_STU_FLUSH:
        case PVC_OP_M_STU_AREG: case PVC_OP_M_STU_CHECK:
            run_unalign_store(S, F, o, &in);
            break;
        default:
            run_compute(S, F, o, &in);
            break;
        }
        mark_written(F, o);
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
    sim_decode_free(S);
    pvc_hazard_free(S->hz);
}

int pvc_backend_sim(pvc_unit *u, const pvc_func *kernel, pvc_ctx *ctx, pvc_tensor *args,
                    const pvc_scalar *scalars, const pvc_run_opts *o)
{
    sim S;
    pvc_stats stats;
    memset(&S, 0, sizeof S);
    memset(&stats, 0, sizeof stats);
    S.u = u, S.ctx = ctx, S.args = args, S.scalars = scalars, S.o = o;
    S.hz = pvc_hazard_new();
    if (!S.hz) {
        fprintf(stderr, "pvc: error: out of memory for the hazard map\n");
        sim_free(&S);
        return -1;
    }
    if (sim_decode(&S, kernel)) {
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
