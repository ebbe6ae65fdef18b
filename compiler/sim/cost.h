/* cost.h - estimated cycles of the ops that reach the simulator without being machine ops:
 * the scalar language and the jit surface. Machine ops carry their cost in their ops.h row.
 * docs/COSTS.md gives the reasoning and the source of every number; nearly all are ASSUMED
 * (no public cycle table for the Ascend 950 exists), so every total printed is an estimate.
 *
 * PVC_CORE_COSTS(X): X(ID, PIPE, base, bytes_per_cycle)
 *   cycles of one execution = base + ceil(bytes / bytes_per_cycle)  (bytes_per_cycle 0: base)
 * Every DSL op that is not a vf.* op has a row; vf.* ops never execute (the dispatch pass
 * turns them into machine ops). tests/unit/test_passes.c checks that no row is missing.
 */
#ifndef PVC_COST_H
#define PVC_COST_H

#include "ir/ops.h"

#define PVC_CORE_COSTS(X) \
    X(ASSIGN,      S, 1, 0)    /* one scalar move */ \
    X(LIST,        S, 0, 0)    /* compile-time list: no instruction */ \
    X(PY_ADD,      S, 1, 0)    /* one scalar ALU op */ \
    X(PY_SUB,      S, 1, 0) \
    X(PY_MUL,      S, 1, 0) \
    X(PY_FLOORDIV, S, 1, 0) \
    X(PY_MOD,      S, 1, 0) \
    X(PY_NEG,      S, 1, 0) \
    X(PY_TRUEDIV,  S, 1, 0) \
    X(PY_BITAND,   S, 1, 0) \
    X(PY_BITOR,    S, 1, 0) \
    X(PY_BITXOR,   S, 1, 0) \
    X(PY_LSHIFT,   S, 1, 0) \
    X(PY_RSHIFT,   S, 1, 0) \
    X(PY_INVERT,   S, 1, 0) \
    X(PY_EQ,       S, 1, 0) \
    X(PY_NE,       S, 1, 0) \
    X(PY_LT,       S, 1, 0) \
    X(PY_LE,       S, 1, 0) \
    X(PY_GT,       S, 1, 0) \
    X(PY_GE,       S, 1, 0) \
    X(PY_NOT,      S, 1, 0) \
    X(PY_BOOL,     S, 1, 0) \
    X(PY_MIN,      S, 1, 0) \
    X(PY_MAX,      S, 1, 0) \
    X(IF,          S, 1, 0)    /* compare and branch */ \
    X(WHILE,       S, 1, 0)    /* per test: compare and branch */ \
    X(BREAK,       S, 1, 0) \
    X(CONTINUE,    S, 1, 0) \
    X(RETURN,      S, 1, 0) \
    X(CALL,        S, 10, 0)   /* vector-function launch */ \
    X(PL_TILE_TYPE, S, 0, 0)   /* descriptor: no instruction */ \
    X(PL_MAKE_TILE_GROUP, S, 0, 0) \
    X(PL_MAKE_TILE, S, 0, 0) \
    X(TG_SLOT,     S, 1, 0)    /* slot address */ \
    X(TG_CURRENT,  S, 1, 0) \
    X(TG_NEXT,     S, 1, 0) \
    X(TG_PREVIOUS, S, 1, 0) \
    X(PL_SECTION_VECTOR, S, 0, 0) /* scope only */ \
    X(PL_RANGE,    S, 1, 0)    /* per iteration: compare and branch */ \
    X(PL_LOAD,     MTE2, 200, 32) /* as gm.load */ \
    X(PL_STORE,    MTE3, 200, 32) /* as gm.store */ \
    X(PL_LOAD_TILE, MTE2, 200, 32) /* as gm.load */ \
    X(PL_STORE_TILE, MTE3, 200, 32) /* as gm.store */ \
    X(PL_SET_VALIDSHAPE, S, 1, 0) \
    X(PL_SYNC_SRC, S, 1, 0) \
    X(PL_SYNC_DST, S, 1, 0) \
    X(PL_BAR_ALL,  S, 0, 0)    /* sequential model: nothing to wait for */ \
    X(PL_TENSOR,   S, 0, 0)    /* annotation only */ \
    X(PL_GET_BLOCK_IDX, S, 1, 0) /* a special-register read */ \
    X(PL_GET_BLOCK_NUM, S, 1, 0) \
    X(PL_GET_SUBBLOCK_IDX, S, 1, 0) \
    X(PL_GET_SUBBLOCK_NUM, S, 1, 0) \
    X(TENSOR_DIM,  S, 1, 0)    /* a scalar read of the tensor's shape */ \
    X(PL_MAKE_TENSOR, S, 1, 0) /* dispatched to gm.view: the view's pvc_tensor filled */ \
    X(TILE_VALID,  S, 0, 0)    /* becomes a copy of the valid-shape value (types) */ \
    X(TILE_SLICE,  S, 0, 0)    /* a static view: no instruction */ \
    X(TILE_GET,    S, 1, 0)    /* dispatched to tile.get.i/f: never runs itself */ \
    X(TILE_SET,    S, 1, 0)    /* dispatched to tile.set.i/f */ \
    X(PL_MOVE,     V, 1, 0)    /* dispatched to tile.move */ \
    X(PL_GETVAL,   S, 1, 0)    /* dispatched to tile.getval / gm.getval */ \
    X(STRUCT_GET,  S, 1, 0)    /* dispatched to smem.get (a struct field, §16.8) */ \
    X(STRUCT_SET,  S, 1, 0)    /* dispatched to smem.set */ \
    X(STRUCT_SLOT, S, 1, 0)    /* dispatched to smem.slot */ \
    X(STRUCT_LOAD, S, 1, 0)    /* dispatched to smem.load */ \
    X(PL_SETVAL,   S, 1, 0)    /* dispatched to tile.setval / gm.setval */ \
    X(PL_PRINTF,   S, 0, 0)    /* debug output: not costed */ \
    X(PL_DUMP_DATA, S, 0, 0)   /* dispatched to gm.dump / tile.dump / acc.dump */ \
    X(PL_PTO_ASSERT, S, 1, 0)  /* dispatched to an if and pl.printf */ \
    X(PL_SYNC_ALL, S, 0, 0)    /* one block at a time: nothing to wait for */ \
    X(PL_SET_CROSS_CORE, S, 0, 0) \
    X(PL_WAIT_CROSS_CORE, S, 0, 0) \
    X(PL_BAR_MTE2, S, 0, 0) \
    X(PL_BAR_MTE3, S, 0, 0) \
    PVC_CUBE_DSL_COSTS(X)

typedef struct {
    unsigned char has;  /* the op has a row */
    pvc_pipe pipe;
    unsigned base, bytes_per_cycle;
} pvc_core_cost;

static const pvc_core_cost pvc_core_cost_table[PVC_OP_MFIRST] = {
#define X(id, pipe, base, bpc) [PVC_OP_##id] = {1, PVC_PIPE_##pipe, base, bpc},
    PVC_CORE_COSTS(X)
#undef X
};

/* The pipe and cycles of any executed opcode. */
static inline pvc_pipe pvc_op_pipe(int opcode)
{
    const pvc_mop *m = pvc_mop_of(opcode);
    return m ? m->pipe : pvc_core_cost_table[opcode].pipe;
}

static inline uint64_t pvc_op_cycles(int opcode, uint64_t bytes)
{
    const pvc_mop *m = pvc_mop_of(opcode);
    if (m)
        return pvc_mop_cycles(m, bytes);
    const pvc_core_cost *c = &pvc_core_cost_table[opcode];
    return c->base + (c->bytes_per_cycle ? (bytes + c->bytes_per_cycle - 1) / c->bytes_per_cycle : 0);
}

#endif /* PVC_COST_H */
