/* sim.h - the simulator's program, private to its two phases (interp.h is the public face):
 *
 *   sim_decode.c  the checked IR -> one flat sim_op array per function reached from the kernel
 *   interp.c      runs those arrays over each function's frame (register files, slots)
 *
 * Every operand is resolved to a slot number at decode time, so the runner never looks at a
 * string or a pvc_value.
 */
#ifndef PVC_SIM_H
#define PVC_SIM_H

#include <string.h>

#include "run/backend.h"
#include "sim/sim.h"

/* The pseudo-opcode after the ops.h ones: the end of a pl.range body, which jumps back. */
enum { SIM_LOOP_END = PVC_OP_COUNT };

/* How ASSIGN copies: by the result's kind. */
enum { CP_INT, CP_VREG, CP_MREG, CP_ULD, CP_UST, CP_NONE };

#define MAX_OPND 8

typedef struct sim_func sim_func;

typedef struct {
    int code;                /* pvc_opcode or SIM_LOOP_END */
    int a[MAX_OPND];         /* operands: slot numbers (variable id, or constant slot) */
    int r[2];                /* result variable ids (-1 none) */
    int k[5];                /* attributes, as ints */
    int chk[4], nchk;        /* register variables the op reads (UNDEF_REG) */
    int jump;                /* RANGE: index of its SIM_LOOP_END; LOOP_END: its RANGE */
    int aux;                 /* RANGE, LOOP_END: first of 4 hidden slots (iteration, count,
                                start, step) */
    int tile, tile2;         /* index into the function's tile table, -1 none */
    int dtype;               /* dtype for the trace, -1 none */
    int gran;                /* mask granularity (bytes) for the trace, 0 none */
    uint32_t id;             /* module-wide op id (1-based): a hazard's store */
    const pvc_loc *loc;
    sim_func *callee;        /* CALL */
    const pvc_op *ir;
} sim_op;

struct sim_func {
    const pvc_func *f;
    sim_op *ops;
    int nops, cap;
    int nvars;
    int64_t *consts;         /* initial values of slots nvars.. */
    int nconsts;
    pvc_tile *tiles;
    int *tile_slot;          /* per tile: the slot holding its run-time address, -1 static */
    int ntiles;
    /* frame */
    int64_t *s;
    pvc_vreg *v;
    pvc_mreg *m;
    pvc_ureg_ld *ul;
    pvc_ureg_st *us;
    uint8_t *def;
    uint32_t *last_stu;      /* per store ureg: op id of the last op that parked bytes in it */
    const char **names;      /* variable names for messages */
};

typedef struct {
    pvc_unit *u;
    pvc_ctx *ctx;
    pvc_tensor *args;
    const pvc_scalar *scalars; /* the kernel's scalar parameters, by parameter index */
    const pvc_run_opts *o;
    pvc_hazard *hz;
    pvc_sim_obs obs;
    int observing;
    sim_func **funcs;        /* decoded, by index in the module */
    pvc_loc **locs;          /* by op id */
    int nlocs, caplocs;
    const char *error;       /* decode failure */
    char errbuf[256];
    sim_func *kernel;
} sim;

/* A float scalar (a vector-function parameter of type float) lives in its int64 slot as the
 * bits of the double; an int or bool as itself. */
static inline int64_t double_bits(double d)
{
    int64_t b;
    memcpy(&b, &d, sizeof b);
    return b;
}

static inline double slot_double(int64_t b)
{
    double d;
    memcpy(&d, &b, sizeof d);
    return d;
}

/* sim_decode.c. Decodes the kernel and every vector function it calls into S->funcs;
 * 0, or -1 with S->error set (a located message). */
int sim_decode(sim *S, const pvc_func *kernel);
/* Frees what sim_decode allocated (also after a failed or partial decode). */
void sim_decode_free(sim *S);

#endif /* PVC_SIM_H */
