/* sim.h - what the simulator's parts share (interp.c is the entry, pvc_backend_sim in
 * run/backend.h; the decoded program is prog.h, private to decode.c and interp.c).
 *
 *   decode.c      decode the checked IR into compact per-function op arrays (prog.h)
 *   interp.c      run them: machine ops through their ops.h rows, the scalar language by hand
 *   observe.c     the event of each executed op for the observers below
 *   hazard.c      shadow map of the UB: vector stores not yet ordered by a vf.mem_bar
 *                 (hazard.h: the map, its inline store and read)
 *   trace.c       --trace: one JSON line per executed op
 *   stats.c       --stats: per-op counts, bytes moved, estimated cycles (cost.h)
 *   timeline.c    --timeline: Chrome/Perfetto trace-event JSON on pipes V, MTE2, MTE3, S
 *
 * The interpreter describes every executed op once as a pvc_sim_event and hands it to the
 * observers that are switched on (pvc_sim_observe); with none on it builds no event.
 */
#ifndef PVC_INTERP_H
#define PVC_INTERP_H

#include <stdint.h>
#include <stdio.h>

#include "ir/ops.h"
#include "pvc_rt.h"

/* Hazards (docs/SEMANTICS.md decision 8): the map and its rules are in hazard.h. */
#include "sim/hazard.h"

/* ---------------------------------------------------------------------------------------
 * Events and observers.
 * ------------------------------------------------------------------------------------- */

/* One executed op. Fields that do not apply are -1 (ints) or NULL. */
typedef struct {
    int opcode;             /* pvc_opcode */
    const char *name;       /* ops.h name, or the machine op's runtime name */
    const pvc_loc *loc;
    pvc_pipe pipe;
    int dtype;              /* pvc_dtype of the data the op moves or computes, -1 none */
    int64_t addr;           /* first UB byte address touched, -1 none */
    int64_t bytes;          /* UB bytes the op reads or writes, -1 none */
    int64_t mask;           /* active elements at the op's granularity, -1 no mask */
    int64_t cursor;         /* post-update cursor after the op, -1 none */
    int64_t value;          /* scalar result (loop index, arithmetic), -1 none */
    int has_value;
    uint64_t ub_read, ub_write; /* bytes for --stats */
    uint64_t gm_in, gm_out;     /* GM -> UB, UB -> GM bytes */
} pvc_sim_event;

typedef struct pvc_timeline pvc_timeline;

typedef struct {
    uint64_t count[PVC_OP_COUNT];
    uint64_t cycles[PVC_OP_COUNT];
    uint64_t ub_read, ub_write, gm_in, gm_out;
    uint64_t ops, total_cycles;
} pvc_stats;

typedef struct {
    FILE *trace;            /* NULL: off */
    pvc_stats *stats;       /* NULL: off */
    pvc_timeline *timeline; /* NULL: off */
    uint64_t now;           /* cycles so far (sequential cost model) */
} pvc_sim_obs;

static inline int pvc_sim_observing(const pvc_sim_obs *o)
{
    return o->trace || o->stats || o->timeline;
}

/* Estimated cycles of one event: a machine op's cost columns (ops.h), else cost.h. */
uint64_t pvc_sim_cost(const pvc_sim_event *e);
/* Hands e to every observer that is on and advances o->now. */
void pvc_sim_observe(pvc_sim_obs *o, const pvc_sim_event *e);

void pvc_trace_event(FILE *out, const pvc_sim_event *e);            /* trace.c */
void pvc_stats_add(pvc_stats *s, const pvc_sim_event *e, uint64_t cycles); /* stats.c */
void pvc_stats_print(const pvc_stats *s, FILE *out);

pvc_timeline *pvc_timeline_open(const char *path); /* timeline.c; NULL + errno on failure */
void pvc_timeline_event(pvc_timeline *t, const pvc_sim_event *e, uint64_t ts, uint64_t dur);
int pvc_timeline_close(pvc_timeline *t);           /* 0 ok */

#endif /* PVC_INTERP_H */
