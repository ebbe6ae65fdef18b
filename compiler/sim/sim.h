/* sim.h - what the simulator's parts share (interp.c is the entry, pvc_backend_sim in
 * backend/backend.h; the decoded program is prog.h, private to decode.c and interp.c).
 *
 *   decode.c      decode the checked IR into compact per-function op arrays (prog.h)
 *   interp.c      run them: machine ops through their ops.h rows, the scalar language by hand
 *   observe.c     the event of each executed op for the observers below
 *   hazard.c      shadow map of the UB: vector stores not yet ordered by a vf.mem_bar
 *                 (hazard.h: the map, its inline store and read)
 *   race.c        shadow map of GM: bytes two unordered cores of a launch share, one writing
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
 * Races (backend/backend.h): a GM byte one core of a launch writes and another core reads
 * or writes, in either order, with no order between the two accesses: cores of different
 * blocks are never ordered (the device runs blocks at once), the cores of a mixed block
 * only by the cross-core flags (docs/SEMANTICS.md §17.7). The simulator runs the cores one
 * at a time and reports the second access (GM_RACE), naming the first. Atomic writes do
 * not race one another.
 * ------------------------------------------------------------------------------------- */
typedef struct pvc_race pvc_race;

typedef struct {
    int block, core;        /* core: pvc_xsync_core (0 the cube core, 1 and 2 the vector cores) */
    uint32_t clk[PVC_XSYNC_CORES]; /* its vector clock (pvc_xsync_clock); clk[core] its epoch */
} pvc_race_who;

typedef struct {
    int block, core;        /* the other access's core */
    const pvc_loc *loc;     /* its op */
    pvc_gm_access did;      /* what it did to the byte */
    const char *param;      /* the parameter whose tensor holds the byte */
    uint64_t offset;        /* the byte's offset in that tensor's memory */
} pvc_race_hit;

/* Tracks the memory of the launch's tensors (args[i] named names[i]; entries without data
 * are skipped); NULL on allocation failure. */
pvc_race *pvc_race_new(const pvc_tensor *args, const char *const *names, int n);
void pvc_race_free(pvc_race *r);
/* `who` at op `loc` accesses [gm, gm+len) as `kind` (data: the bytes a plain write stores,
 * or NULL). Returns 1 and fills *hit when an earlier access not ordered before this one
 * conflicts with it: one of them writes (two writes of the same value excepted; atomics
 * conflict only with plain accesses); else 0. */
int pvc_race_access(pvc_race *r, const pvc_race_who *who, const pvc_loc *loc, const void *gm, uint64_t len,
                    pvc_gm_access kind, const void *data, pvc_race_hit *hit);

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
    int block;              /* the block running it when a launch has several, else -1 */
    int core;               /* in a launch with a section_cube: 0 the cube core, 1 and 2 the
                               vector cores (subblock 0, 1); -1 a vector-only launch */
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

/* timeline.c. open: NULL and the reason in err on failure. close: writes the file (whole
 * or not at all); 0, or -1 and the reason in err. */
pvc_timeline *pvc_timeline_open(const char *path, char *err, size_t errlen);
void pvc_timeline_event(pvc_timeline *t, const pvc_sim_event *e, uint64_t ts, uint64_t dur);
int pvc_timeline_close(pvc_timeline *t, char *err, size_t errlen);

#endif /* PVC_INTERP_H */
