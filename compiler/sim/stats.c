/* stats.c - the cost model (ops.h cost columns, cost.h) applied to executed ops, and `pvc run --stats`:
 * per-op counts and estimated cycles, UB bytes read and written, GM <-> UB bytes. */
#include <inttypes.h>

#include "ir/ir.h"
#include "sim/cost.h"
#include "sim/sim.h"

uint64_t pvc_sim_cost(const pvc_sim_event *e)
{
    uint64_t bytes = e->gm_in + e->gm_out;
    if (!bytes)
        bytes = e->ub_read + e->ub_write;
    return pvc_op_cycles(e->opcode, bytes);
}

void pvc_sim_observe(pvc_sim_obs *o, const pvc_sim_event *e)
{
    uint64_t cycles = pvc_sim_cost(e);
    if (o->trace)
        pvc_trace_event(o->trace, e);
    if (o->stats)
        pvc_stats_add(o->stats, e, cycles);
    if (o->timeline)
        pvc_timeline_event(o->timeline, e, o->now, cycles);
    o->now += cycles;
}

void pvc_stats_add(pvc_stats *s, const pvc_sim_event *e, uint64_t cycles)
{
    s->count[e->opcode]++;
    s->cycles[e->opcode] += cycles;
    s->ops++;
    s->total_cycles += cycles;
    s->ub_read += e->ub_read;
    s->ub_write += e->ub_write;
    s->gm_in += e->gm_in;
    s->gm_out += e->gm_out;
}

static const char *const pipe_names[PVC_PIPE_COUNT] = {
#define X(name, tid, text) #name,
    PVC_PIPES(X)
#undef X
};

/* Rows in opcode order (ops.h), executed ops only. */
void pvc_stats_print(const pvc_stats *s, FILE *out)
{
    fprintf(out, "%-20s %-5s %10s %12s\n", "op", "pipe", "count", "est.cycles");
    for (int op = 0; op < PVC_OP_COUNT; op++)
        if (s->count[op])
            fprintf(out, "%-20s %-5s %10" PRIu64 " %12" PRIu64 "\n", pvc_ops[op].name,
                    pipe_names[pvc_op_pipe(op)], s->count[op], s->cycles[op]);
    fprintf(out, "ops executed      %" PRIu64 "\n", s->ops);
    fprintf(out, "UB bytes read     %" PRIu64 " (vector loads)\n", s->ub_read);
    fprintf(out, "UB bytes written  %" PRIu64 " (vector stores)\n", s->ub_write);
    fprintf(out, "GM -> UB bytes    %" PRIu64 " (pl.load)\n", s->gm_in);
    fprintf(out, "UB -> GM bytes    %" PRIu64 " (pl.store)\n", s->gm_out);
    fprintf(out, "estimated cycles  %" PRIu64 " (sequential cost model, docs/COSTS.md: an estimate, not a measurement)\n",
            s->total_cycles);
}
