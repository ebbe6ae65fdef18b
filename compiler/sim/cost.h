/* cost.h - the simulator's cost model: estimated cycles per executed op, one row per
 * opcode of ops.h (PVC_OPS and PVC_MOPS), kept apart from those rows so the passes own
 * the op table and the simulator owns its estimates. docs/COSTS.md gives the reasoning
 * and the source of every number; nearly all are ASSUMED (no public cycle table for the
 * Ascend 950 vector unit exists), so every total printed from them is an estimate.
 *
 * PVC_COSTS(X): X(ID, PIPE, base, bytes_per_cycle)
 *   cycles of one execution = base + ceil(bytes / bytes_per_cycle)  (bytes_per_cycle 0: base)
 *   PIPE     the timeline row the op runs on (interp.h PVC_PIPES)
 * A static assertion below checks that every opcode has exactly one row: an op added to
 * ops.h without a cost here stops the build with that message.
 */
#ifndef PVC_COST_H
#define PVC_COST_H

#include "sim/sim.h"
#include "ir/ops.h"

#define PVC_COSTS(X) \
    /* ---- core ops (scalar unit) ---- */ \
    X(ASSIGN,   S, 1, 0)     /* one scalar move */ \
    X(LIST,     S, 0, 0)     /* compile-time list: no instruction */ \
    X(ADD,      S, 1, 0)     /* one scalar ALU op */ \
    X(SUB,      S, 1, 0) \
    X(MUL,      S, 1, 0) \
    X(FLOORDIV, S, 1, 0) \
    X(MOD,      S, 1, 0) \
    X(NEG,      S, 1, 0) \
    X(CALL,     S, 10, 0)    /* vector-function launch */ \
    /* ---- DSL-level vf ops: the dispatch pass replaces them by machine ops ---- */ \
    X(LOAD_ALIGN, V, 1, 0) \
    X(STORE_ALIGN, V, 1, 0) \
    X(LOAD_UNALIGN_INIT, V, 0, 0) \
    X(LOAD_UNALIGN_PRE, V, 1, 0) \
    X(LOAD_UNALIGN, V, 1, 0) \
    X(UNALIGN_REG_FOR_STORE, V, 0, 0) \
    X(STORE_UNALIGN, V, 1, 0) \
    X(STORE_UNALIGN_POST, V, 1, 0) \
    X(CREATE_ADDR_REG, S, 1, 0) \
    X(MEM_BAR, V, 1, 0) \
    X(CREATE_MASK, V, 1, 0) \
    X(UPDATE_MASK, V, 1, 0) \
    X(EQ, V, 1, 0) \
    X(NE, V, 1, 0) \
    X(LT, V, 1, 0) \
    X(GT, V, 1, 0) \
    X(LE, V, 1, 0) \
    X(GE, V, 1, 0) \
    X(ABS, V, 1, 0) \
    X(RELU, V, 1, 0) \
    X(ASTYPE, V, 1, 0) \
    X(FULL, V, 1, 0) \
    /* ---- jit surface ---- */ \
    X(TILE_TYPE, S, 0, 0)        /* descriptor: no instruction */ \
    X(MAKE_TILE_GROUP, S, 0, 0)  /* descriptor: no instruction */ \
    X(MAKE_TILE, S, 0, 0)        /* descriptor: no instruction */ \
    X(TG_SLOT, S, 1, 0)          /* slot address */ \
    X(TG_CURRENT, S, 1, 0)       /* slot address */ \
    X(TG_NEXT, S, 1, 0) \
    X(TG_PREVIOUS, S, 1, 0) \
    X(SECTION_VECTOR, S, 0, 0)   /* scope only */ \
    X(BAR_ALL, S, 0, 0)          /* sequential model: nothing to wait for */ \
    X(RANGE, S, 1, 0)            /* per iteration: compare and branch */ \
    X(LOAD, MTE2, 200, 32)       /* as gm.load */ \
    X(STORE, MTE3, 200, 32)      /* as gm.store */ \
    X(SET_VALIDSHAPE, S, 1, 0) \
    X(SYNC_SRC, S, 1, 0) \
    X(SYNC_DST, S, 1, 0) \
    X(TENSOR, S, 0, 0)           /* annotation only */ \
    /* ---- machine ops: addresses (scalar unit) ---- */ \
    X(M_UB_ADDR, S, 1, 0) \
    X(M_CURSOR_INIT, S, 1, 0) \
    X(M_AREG, S, 1, 0) \
    /* ---- machine ops: vector unit, one issue per 256-byte register access ---- */ \
    X(M_LD_REG, V, 0, 256) \
    X(M_LD_REG_POST, V, 0, 256) \
    X(M_LD_X2, V, 0, 256)        /* 512 bytes: two */ \
    X(M_LD_X2_POST, V, 0, 256) \
    X(M_LD_BLK, V, 1, 0)         /* 8 strided blocks, one issue */ \
    X(M_LD_BLK_POST, V, 1, 0) \
    X(M_LD_MASK, V, 1, 0) \
    X(M_LD_MASK_POST, V, 1, 0) \
    X(M_ST_REG, V, 0, 256) \
    X(M_ST_REG_POST, V, 0, 256) \
    X(M_ST_X2, V, 0, 256) \
    X(M_ST_BLK, V, 1, 0) \
    X(M_ST_BLK_POST, V, 1, 0) \
    X(M_ST_MASK, V, 1, 0) \
    X(M_ST_MASK_POST, V, 1, 0) \
    X(M_LDU_INIT, V, 0, 0)       /* register declaration */ \
    X(M_LDU_PRE, V, 1, 0) \
    X(M_LDU, V, 1, 0) \
    X(M_LDU_POST, V, 1, 0) \
    X(M_LDU_AREG, V, 1, 0) \
    X(M_STU_INIT, V, 0, 0)       /* register declaration */ \
    X(M_STU, V, 1, 0) \
    X(M_STU_MASK, V, 1, 0) \
    X(M_STU_FLUSH, V, 1, 0) \
    X(M_STU_AREG, V, 1, 0) \
    X(M_STU_CHECK, S, 0, 0)      /* simulator check, no device instruction */ \
    X(M_MASK_CREATE, V, 1, 0) \
    X(M_MASK_UPDATE, V, 1, 0) \
    X(M_CMP, V, 1, 0) \
    X(M_CMP_S, V, 1, 0) \
    X(M_ABS, V, 1, 0) \
    X(M_RELU, V, 1, 0) \
    X(M_ASTYPE, V, 1, 0) \
    X(M_FULL, V, 1, 0) \
    X(M_FULL_M, V, 1, 0) \
    X(M_FULL_REG, V, 1, 0) \
    X(M_ENCODE, S, 1, 0)         /* scalar -> element bits: one scalar op */ \
    X(M_MEM_BAR, V, 1, 0)        /* drains the store queue: assumed one slot */ \
    /* ---- machine ops: DMA between GM and UB ---- */ \
    X(M_TG_STEP, S, 2, 0)        /* add and modulo */ \
    X(M_TG_ADDR, S, 2, 0)        /* multiply-add */ \
    X(M_GM_LOAD, MTE2, 200, 32)  /* GM latency + 32 B/cycle */ \
    X(M_GM_STORE, MTE3, 200, 32)

typedef struct {
    pvc_pipe pipe;
    unsigned base, bytes_per_cycle;
} pvc_cost;

enum {
#define X(id, pipe, base, bpc) PVC_COSTROW_##id,
    PVC_COSTS(X)
#undef X
    PVC_COST_ROWS
};
/* Exactly one row per opcode: a missing row makes the count short, a repeated one is a
 * repeated enumerator above (and a duplicate initializer below). */
_Static_assert((int)PVC_COST_ROWS == (int)PVC_OP_COUNT, "compiler/sim/cost.h: every opcode of ops.h needs one PVC_COSTS row");

static const pvc_cost pvc_cost_table[PVC_OP_COUNT] = {
#define X(id, pipe, base, bpc) [PVC_OP_##id] = {PVC_PIPE_##pipe, base, bpc},
    PVC_COSTS(X)
#undef X
};

static inline uint64_t pvc_cost_cycles(int opcode, uint64_t bytes)
{
    const pvc_cost *c = &pvc_cost_table[opcode];
    return c->base + (c->bytes_per_cycle ? (bytes + c->bytes_per_cycle - 1) / c->bytes_per_cycle : 0);
}

#endif /* PVC_COST_H */
