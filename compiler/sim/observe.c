/* observe.c - what the simulator reports of each executed op: the event the observers
 * (--trace, --stats, --timeline) get, built from the op's ops.h row and what the runtime's
 * touch hook gathered, and the note for a GM move that the tensor edge clipped. */
#include "sim/cost.h"
#include "sim/prog.h"

/* Active elements at granularity w: bits w*i of the mask (§1.2). */
static int64_t mask_population(const pvc_mreg *m, unsigned w)
{
    static const uint8_t sel[9] = {0, 0xff, 0x55, 0, 0x11, 0, 0, 0, 0x01};
    int64_t n = 0;
    for (int j = 0; j < 32; j++)
        n += __builtin_popcount((unsigned)(m->bits[j] & sel[w]));
    return n;
}

static pvc_sim_event event_of(const sim *S, const sim_op *o)
{
    pvc_sim_event e;
    memset(&e, 0, sizeof e);
    e.block = S->blocks > 1 ? S->block : -1;
    e.core = S->core == PVC_CORE_AIC ? 0 : S->ctx->subblock_num > 1 ? 1 + (int)S->ctx->subblock_idx : -1;
    e.opcode = o->code < PVC_OP_COUNT ? o->code : PVC_OP_PL_RANGE;
    e.name = pvc_ops[e.opcode].name;
    e.loc = o->loc;
    e.pipe = pvc_op_pipe(e.opcode);
    e.dtype = o->dtype;
    e.addr = e.bytes = e.mask = e.cursor = e.value = -1;
    return e;
}

/* A machine op: what its row and the touch hook say. */
void sim_observe_machine(sim *S, const sim_op *o)
{
    const sim_touched *t = &S->touched;
    pvc_sim_event e = event_of(S, o);
    if (t->addr >= 0) {
        e.addr = t->addr;
        e.bytes = (int64_t)t->bytes;
    }
    e.ub_read = t->read;
    e.ub_write = t->write;
    e.gm_in = t->gm_in;
    e.gm_out = t->gm_out;
    if (o->mask != -2)
        e.mask = mask_population(o->mask >= 0 ? o->p[o->mask] : o->rp[0], (unsigned)o->gran);
    if (o->cursor >= 0)
        e.cursor = *(const int64_t *)o->p[o->cursor];
    if (o->scalar_res) {
        e.value = *(const int64_t *)o->rp[0];
        e.has_value = 1;
    }
    pvc_sim_observe(&S->obs, &e);
}

/* A scalar-language op: its value, if any. */
void sim_observe_core(sim *S, const sim_op *o, int64_t value, int has_value, const pvc_tile *t)
{
    pvc_sim_event e = event_of(S, o);
    e.value = value;
    e.has_value = has_value;
    if (t) {
        e.addr = t->addr;
        e.bytes = pvc_tile_bytes(t);
    }
    pvc_sim_observe(&S->obs, &e);
}

/* A GM move whose window crosses the tensor edge moved fewer bytes than its valid shape
 * holds: say so as a note (the device clips the same way). */
void sim_note_clipped(sim *S, const sim_op *o)
{
    int load = o->code == PVC_OP_M_GM_LOAD;
    const pvc_tile *t = &((const sim_tile *)o->p[load ? 0 : 1])->tile;
    const pvc_tensor *x = o->p[load ? 1 : 0];
    int64_t r0 = *(const int64_t *)o->p[2], c0 = *(const int64_t *)o->p[3];
    int64_t vr = *(const int64_t *)o->p[4], vc = *(const int64_t *)o->p[5];
    uint64_t bits = pvc_dtype_table[t->dtype].bits, moved = load ? S->touched.gm_in : S->touched.gm_out;
    int64_t want = (vr == PVC_GM_WHOLE ? t->rows : vr) * (vc == PVC_GM_WHOLE ? t->cols : vc);
    int64_t clipped = want - (int64_t)(moved * 8 / bits);
    if (clipped <= 0 || !S->o->notes)
        return;
    pvc_diag d;
    pvc_diag_init(&d, &S->u->src, NULL);
    d.sink = S->o->notes;
    d.sink_arg = S->o->notes_arg;
    pvc_report_at(&d, (pvc_span){o->loc->line, o->loc->col}, "note",
                  "%s window [%lld, %lld] + %ux%u crosses the edge of the %lldx%lld tensor: "
                  "%lld of %u tile elements are not copied",
                  load ? "pl.load" : "pl.store", (long long)r0, (long long)c0, t->rows, t->cols,
                  (long long)(x->rank == 1 ? 1 : x->shape[0]),
                  (long long)(x->rank == 1 ? x->shape[0] : x->shape[1]), (long long)clipped,
                  t->rows * t->cols);
}

