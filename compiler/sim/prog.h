/* prog.h - the simulator's program, shared by its two phases only (sim.h is what the rest
 * of the simulator shares):
 *
 *   decode.c  the checked IR -> one flat sim_op array per function reached from the kernel
 *   interp.c  runs those arrays over each function's frame
 *
 * A machine op is decoded down to where each of its operands, results and attributes lives
 * in the frame, so running it is one call of its row's function (interp.c compiles the
 * CALL column of every ops.h row into one). The scalar language (assignments, Python
 * arithmetic, pl.range, calls, tile slots) is decoded to slot numbers for interp.c's own
 * code. No string is looked at after decoding.
 */
#ifndef PVC_SIM_PROG_H
#define PVC_SIM_PROG_H

#include <string.h>

#include "backend/backend.h"
#include "sim/sim.h"

/* Pseudo-opcodes after the ops.h ones: the end of a pl.range body, which jumps back; a jump
 * to `jump` (an if's then-block end, break, continue, a while's way back); the end of the
 * function (return). An `if` op jumps to its `jump` (the else block) when its condition is
 * false; a `while` op (after its condition block) jumps past the loop. */
enum { SIM_LOOP_END = PVC_OP_COUNT, SIM_JUMP, SIM_RET };

/* How ASSIGN copies: by the result's kind. */
enum { CP_INT, CP_VREG, CP_MREG, CP_ULD, CP_UST, CP_NONE };

/* Most operands / attributes of any op (tile.select has 4 tiles of 3 operands each, fix.store
 * a tensor, a tile, 8 offsets and its options); interp.c
 * checks every ops.h row against them when it is compiled. */
#define SIM_MAX_OPND 18
#define SIM_MAX_ATTR 6

typedef struct sim sim;
typedef struct sim_func sim_func;
typedef struct sim_op sim_op;

/* A tile operand: static, or at the run-time address an int slot holds (a rotated group). */
typedef struct {
    pvc_tile tile;
    const int64_t *addr; /* NULL: static */
} sim_tile;

/* The tile a vector load or store goes through (docs/SEMANTICS.md §5.6): pypto gives each tile
 * of a vector function one address register, a post-update cursor one of its own, and the
 * device keeps accesses through one register in program order. Tiles alike in address,
 * dtype, shape and layout are one. ub < 0: none known (a rotated group slot, a tile op). */
typedef struct {
    int64_t ub, rows, cols;
    int dtype, layout, cursor;
} sim_base;

/* A machine op's row as interp.c compiled it. */
typedef void (*sim_run_fn)(sim *S, const sim_op *o);

struct sim_op {
    sim_run_fn run;          /* machine ops; NULL for the scalar language */
    int code;                /* pvc_opcode or SIM_LOOP_END */
    void *p[SIM_MAX_OPND];   /* machine ops: where each operand lives in the frame */
    void *rp[2];             /* machine ops: where each result lives */
    int64_t k[SIM_MAX_ATTR]; /* machine ops: attributes in row order */
    int a[SIM_MAX_OPND];     /* operands: slot numbers (variable id, or constant slot) */
    int r[2];                /* result variable ids (-1 none) */
    int chk[SIM_MAX_OPND + 1], nchk; /* register variables the op reads (UNDEF_REG) */
    int merge_reg, merge_pred, merge_w; /* a merging op's result (-1 none): read only in the
                                lanes mask register merge_pred leaves off at width merge_w */
    uint64_t cost;           /* RANGE, WHILE: one iteration's ops, CALL: the call's, charged
                                to the op budget (libpvc.h PVC_SIM_MAX_OPS) as it starts */
    int jump;                /* RANGE: index of its SIM_LOOP_END; LOOP_END: its RANGE; IF,
                                WHILE, SIM_JUMP: the index to go to */
    int aux;                 /* RANGE, LOOP_END: first of 4 hidden slots (iteration, count,
                                start, step) */
    int tile;                /* core tile ops: index into the function's tiles, -1 none */
    int fl;                  /* arithmetic: bit i operand i is an int to widen, bit 2 float op;
                                compares: bit i operand i is a float; if/while/not/bool: bit 0
                                the condition is a float */
    /* for --trace / --stats */
    int dtype;               /* dtype the op moves or computes, -1 none */
    int gran;                /* mask granularity in bytes for the mask count, 0 none */
    int mask;                /* operand index of the counted mask, -1: the result's, -2 none */
    int cursor;              /* operand index of the post-update cursor, -1 none */
    int scalar_res;          /* the op writes an int / address result (trace value) */
    int ust;                 /* operand index of a store ureg (UNFLUSHED's culprit), -1 none */
    int gm;                  /* a GM move (its clipped-window note) */
    uint32_t id;             /* module-wide op id (1-based): a hazard's store */
    const pvc_loc *loc;
    sim_func *callee;        /* CALL */
    int *cargs;              /* CALL: per callee parameter, the caller's slot (-1 static tile);
                                PRINTF: per argument its slot */
    const char *text;        /* PRINTF: the format; kinds (one 'i' / 'f' per argument) in kinds */
    char kinds[16];
    const pvc_op *ir;
};

/* The fast loop's copy of an op (fast.c; interp.c run_func_fast): operands that fold an
 * affine temporary point at scratch, which the op computes first; op.chk keeps only the
 * UNDEF_REG tests not proven. Only the ops that run are kept, packed in order. */
#define SIM_FAST_MAX_DEPTH 64 /* pl.range nesting the fast loop runs (deeper: observing loop) */
enum {
    SIM_FK_SKIP,
    SIM_FK_MACHINE,      /* the row alone */
    SIM_FK_MACHINE_MARK, /* the row, then its results marked written (a kept test reads them) */
    SIM_FK_MACHINE_FULL, /* run_machine: tests, marks, the unflushed culprit, a GM note */
    SIM_FK_RANGE,
    SIM_FK_LOOP_END,
    SIM_FK_CORE,
};

typedef struct {
    int64_t *dst;            /* scratch = sim_fold_value */
    const int64_t *var;
    uint64_t a, b;           /* v = a + b * *var (mod 2^64, as pvc_py_* wrap) */
    uint64_t p, q, r, r2;    /* |v| <= r (r2 = 2r): the value is p + q*v, no stage saturates */
    int64_t mb, mc;          /* mac: v = v * mb + mc, saturating (addr.mac) */
    unsigned char mac;
    int64_t t;               /* lane != 0: then ub.addr's t + lane * v, saturating */
    unsigned lane;
} sim_fold;

/* A folded operand's value: v = a + b * *var; then, through addr.mac, v * mb + mc, and
 * through ub.addr, the address pvc_tile_off_addr makes of that, both saturating as the
 * runtime computes them (never wrapped back into the UB: docs/ARCHITECTURE.md §7, B11). fast.c sets p, q
 * and r so that for |v| <= r nothing saturates and the chain is p + q*v (plain folds: v,
 * r = INT64_MAX); past r, sim_fold_slow computes it stage by stage. */
int64_t sim_fold_slow(const sim_fold *d, int64_t v);
static inline int64_t sim_fold_value(const sim_fold *d)
{
    uint64_t v = d->a + d->b * (uint64_t)*d->var;
    if (__builtin_expect(v + d->r <= d->r2, 1))
        return (int64_t)(d->p + d->q * v);
    return sim_fold_slow(d, (int64_t)v);
}
/* Sets p, q, r and r2 from the stages (fast.c, and plain operands). */
void sim_fold_finish(sim_fold *d);

typedef struct sim_fop sim_fop;
typedef void (*sim_fast_fn)(sim *S, const sim_fop *f);

struct sim_fop {
    int kind;                /* SIM_FK_* */
    int nfold;
    int skip;                /* RANGE: index of the op after its end marker */
    unsigned char mark;      /* writes a register some kept UNDEF_REG test reads */
    unsigned char sets_at;   /* the call sets ctx->at itself (pvc_mop_takes_at) */
    unsigned char simple;    /* RANGE: its body is machine ops only, run by a tight loop */
    sim_fast_fn fn;          /* MACHINE: the row as the fast loop runs it (interp.c) */
    sim_fold aff[SIM_MAX_OPND]; /* MACHINE: INT/ADDR/BITS operand j = aff[j].a + b * *var */
    sim_fold fold[SIM_MAX_OPND]; /* MACHINE_FULL: scratch[j] = a + b * *var, then op.run */
    sim_op op;
    int64_t scratch[SIM_MAX_OPND];
};

struct sim_func {
    const pvc_func *f;
    sim_op *ops;
    int nops, cap;
    sim_fop *fops;           /* the fast loop's ops (fast.c), NULL: observing loop only */
    int nfops;
    int nvars;
    int64_t *consts;         /* initial values of slots nvars.. */
    int nconsts;
    sim_tile *tiles;
    int *tile_slot;          /* per tile: the slot holding its run-time address, -1 static */
    int ntiles;
    /* frame: one storage per variable per kind, reused by every invocation (no recursion) */
    int64_t *s;              /* ints, bools, addresses, cursors; floats as a double's bits */
    pvc_vreg *v;
    pvc_mreg *m;
    pvc_ureg_ld *ul;
    pvc_ureg_st *us;
    uint8_t *def;            /* per register variable: written in this invocation */
    uint32_t *last_stu;      /* per store ureg: op id of the last op that left bytes parked */
    const char **names;      /* variable names for messages */
    const pvc_op **defs;     /* while decoding: the op assigning each variable (decode.c) */
};

/* What the touch hook gathered about the op being run (interp.c). */
typedef struct {
    int64_t addr;            /* first UB byte touched, -1 none */
    uint64_t bytes, read, write, gm_in, gm_out;
} sim_touched;

struct sim {
    pvc_unit *u;
    pvc_ctx *ctx;
    pvc_tensor *args;
    pvc_tensor *views;         /* the kernel's tensor views (pl.make_tensor), by variable id - nargs */
    int nargs;                 /* the kernel's parameters: where views' slots start */
    const pvc_scalar *scalars; /* the kernel's scalar parameters, by parameter index */
    const pvc_run_opts *o;
    pvc_hazard *hz;          /* the running block's */
    pvc_race *race;          /* GM shared between blocks: launches of N > 1 only */
    int block, blocks;       /* the running block, N */
    int core;                /* the core kind this instance runs the projection of (pvc_core,
                                docs/SEMANTICS.md §17.1): sections of the other kind decode to
                                nothing */
    sim *peer[2];            /* the first instance of a mixed launch: the vector cores' own */
    pvc_stats stats;         /* --stats, summed over the blocks */
    pvc_sim_obs obs;
    int observing;
    uint64_t ops_left;       /* the launch's op budget still unspent (run_opts max_ops) */
    sim_func **funcs;        /* decoded, by index in the module */
    pvc_loc **locs;          /* by op id */
    sim_base *bases;         /* by op id: the tile a vector access goes through */
    int nlocs, caplocs, capbases;
    const char *error;       /* decode failure: the message, at error_at */
    pvc_span error_at;
    char errbuf[256];
    sim_func *kernel;
    /* tolerated hazards warned already, as (store id, read op id) pairs: one warning each */
    uint32_t (*warned)[2];
    int nwarned, capwarned;
    /* while running */
    sim_func *cur_f;
    const sim_op *cur;
    sim_touched touched;
};

/* A float scalar lives in its int64 slot as the bits of the double; an int or bool as itself. */
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

/* interp.c: the compiled row of each machine op, by opcode - PVC_OP_MFIRST; and the table
 * of the same rows as the fast loop runs them, its scalar operands affine (sim_fop.aff),
 * built for the host's vector width. */
extern const sim_run_fn sim_runs[PVC_MOP_COUNT];
const sim_fast_fn *sim_fast_table(void);

/* observe.c: the event of a machine op just run (its row, S->touched), of a scalar-language
 * op (its value, the tile it names), and the note for a clipped GM move. */
void sim_observe_machine(sim *S, const sim_op *o);
void sim_observe_core(sim *S, const sim_op *o, int64_t value, int has_value, const pvc_tile *t);
void sim_note_clipped(sim *S, const sim_op *o);

/* decode.c. Decodes the kernel and every vector function it calls into S->funcs;
 * 0, or -1 with S->error set (a message about the op at S->error_at). */
int sim_decode(sim *S, const pvc_func *kernel);
/* Frees what sim_decode allocated (also after a failed or partial decode). */
void sim_decode_free(sim *S);

/* fast.c: the fast loop's ops of a decoded, bound function (F->fops, or left NULL when it
 * holds an op the fast loop does not know), and their release. */
void sim_fast_build(sim *S, sim_func *F);
void sim_fast_free(sim_func *F);

#endif /* PVC_SIM_PROG_H */
