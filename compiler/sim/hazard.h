/* hazard.h - the simulator's hazard map (docs/SEMANTICS.md decision 8, §5.6): which UB bytes
 * a vector store wrote since the last vf.mem_bar that orders them before a kind of read.
 *
 * A read of UB bytes that a vector store wrote since the last vf.mem_bar covering (vector
 * store -> that kind of read) is a hazard. The kinds of read are the rows of
 * PVC_HAZARD_RULES below:
 *   PVC_HZ_VLOAD  vector loads (vf.load_align, load_unalign, mask loads): VST_VLD, VV_ALL
 *   PVC_HZ_SREAD  scalar / MTE3 reads (pl.store of the tile):             VST_LD, VS_ALL
 * A store marks the whole span of its dist, masked-off elements included: the device
 * orders by address range, not by mask [I]. The end of a vector function completes its
 * stores (pypto's auto-sync puts the V -> MTE3 pipe barrier there), so the seeds' pl.store
 * right after the call is not a hazard.
 *
 * Layout, per kind of read: a bitmap with one bit per 32-byte block (the alignment of every
 * vector store but the unaligned family's), set when the whole block is unordered, so an
 * aligned 256-byte access is one OR or one AND (two when its eight bits straddle a word);
 * a block a store covers only in part keeps its bytes in a byte bitmap and is flagged in a
 * second block bitmap, which reads consult only where flagged. Block words outside [lo, hi)
 * are all zero, so a barrier clears only those and a read outside them costs two compares.
 * Which store wrote a byte is kept per block (one 32-bit id each) and per byte only for
 * blocks partial stores split; it is read only to name the store when a hazard is reported.
 */
#ifndef PVC_SIM_HAZARD_H
#define PVC_SIM_HAZARD_H

#include <stdint.h>

#include "pvc_rt.h"

/* The ordering rules the map checks (docs/SEMANTICS.md §5.6, "Hazards the device orders"):
 * one row per kind of read. X(KIND, READ, "the read", ORDERS, BARRIER, TOLERATED):
 *   READ       the reads that check it: PVC_HZ_BY_VLOAD (vector loads) or PVC_HZ_BY_SREAD
 *              (scalar and MTE3 reads, pl.store of the tile)
 *   ORDERS     the vf.mem_bar modes that order it (PVC_MB bits), BARRIER the one to name
 *   TOLERATED  NULL: a read of pending bytes is a fault; else what orders a read of bytes a
 *              store wrote through the same tile on the device, though the spec asks for
 *              BARRIER: a located warning W034 (a fault under --strict-hazards,
 *              PVC_STRICT_HAZARDS=1). Bytes stored through another tile are a fault.
 * A vector load and a vector store through one tile take one address register (pypto hoists
 * one pointer per tile of a vector function), and the device keeps accesses through one
 * register in program order (pypto's mem_bar page); through two tiles nothing orders them
 * but the barrier, whatever other barrier stands between. A read on another pipe runs ahead
 * of the vector pipe: a fault. The tile and cube checks add their pipes' rows here. */
#define PVC_MB(m) (1u << PVC_MEMBAR_##m)
#define PVC_HAZARD_RULES(X)                                                                       \
    X(VLOAD, PVC_HZ_BY_VLOAD, "vector load", PVC_MB(VST_VLD) | PVC_MB(VV_ALL), VST_VLD,          \
      "the tile's one address register")                                                          \
    X(SREAD, PVC_HZ_BY_SREAD, "read", PVC_MB(VST_LD) | PVC_MB(VS_ALL), VST_LD, NULL)

enum { PVC_HZ_BY_VLOAD, PVC_HZ_BY_SREAD }; /* the reads */
enum {
#define X(kind, read, what, orders, barrier, tolerated) PVC_HZ_##kind,
    PVC_HAZARD_RULES(X)
#undef X
    PVC_HZ_KINDS
};

typedef struct {
    int read;              /* PVC_HZ_BY_* */
    const char *what;      /* the read, as a message names it */
    uint32_t orders;       /* PVC_MB bits of the modes that order it */
    pvc_membar barrier;    /* the mode a message names */
    const char *tolerated; /* what orders it through one tile on the device, NULL: a fault */
} pvc_hazard_rule;

extern const pvc_hazard_rule pvc_hazard_rules[PVC_HZ_KINDS];
#define PVC_HZ_BLOCKS (PVC_UB_BYTES / 32u)  /* 32-byte blocks */
#define PVC_HZ_BWORDS (PVC_HZ_BLOCKS / 64u) /* words of a block bitmap */
#define PVC_HZ_WORDS (PVC_UB_BYTES / 64u)   /* words of a byte bitmap */
#define PVC_HZ_MIXED UINT32_MAX

typedef struct {
    uint64_t full[PVC_HZ_KINDS][PVC_HZ_BWORDS]; /* bit b: all of block b unordered */
    uint64_t part[PVC_HZ_KINDS][PVC_HZ_BWORDS]; /* bit b: some of block b, in byte[] */
    uint64_t byte[PVC_HZ_KINDS][PVC_HZ_WORDS];  /* bit j of word w: byte 64w+j (part blocks) */
    uint32_t lo[PVC_HZ_KINDS], hi[PVC_HZ_KINDS]; /* block words outside [lo, hi) are zero;
                                                   empty: lo = UINT32_MAX, hi = 0 */
    uint32_t owner[PVC_HZ_BLOCKS];              /* store id of every byte, or PVC_HZ_MIXED */
    uint32_t *byte_owner;                       /* per byte, for MIXED blocks; allocated by
                                                   the first partial store */
} pvc_hazard;

pvc_hazard *pvc_hazard_new(void);               /* NULL on allocation failure */
void pvc_hazard_free(pvc_hazard *h);
/* A barrier of mode m orders the stores so far before the kinds of read it covers. */
void pvc_hazard_barrier(pvc_hazard *h, pvc_membar m);
/* Every store so far is complete (end of a vector function). */
void pvc_hazard_settle(pvc_hazard *h);
/* A store of any span (hazard.c); pvc_hazard_store handles whole blocks inline. */
void pvc_hazard_store_span(pvc_hazard *h, uint32_t addr, uint32_t end, uint32_t id);
/* The first unordered byte of kind k in [addr, end) when block words say there may be one
 * (hazard.c): its store id and *at, or 0. */
uint32_t pvc_hazard_find(const pvc_hazard *h, int k, uint32_t addr, uint32_t end, uint32_t *at);

/* Blocks [b, b + n), n <= 64, in a block bitmap: the bits of word b/64 and of the next. */
static inline void pvc_hz_bits(uint32_t b, uint32_t n, uint64_t *m0, uint64_t *m1)
{
    uint64_t run = n >= 64 ? ~0ull : (1ull << n) - 1;
    unsigned sh = b & 63;
    *m0 = run << sh;
    *m1 = sh ? run >> (64 - sh) : 0;
}

/* The block words of both kinds take in [w0, w1] (a loop's stores mostly fall inside
 * already: two compares). */
static inline void pvc_hz_widen(pvc_hazard *h, uint32_t w0, uint32_t w1)
{
    for (int k = 0; k < PVC_HZ_KINDS; k++)
        if (w0 < h->lo[k] || w1 >= h->hi[k]) {
            h->lo[k] = w0 < h->lo[k] ? w0 : h->lo[k];
            h->hi[k] = w1 + 1 > h->hi[k] ? w1 + 1 : h->hi[k];
        }
}

/* A vector store by store id (> 0) wrote [addr, addr+len) (clipped to the UB). */
static inline void pvc_hazard_store(pvc_hazard *h, uint32_t addr, uint32_t len, uint32_t id)
{
    uint32_t nb = len / 32, b = addr / 32;
    if ((addr | len) % 32 || nb == 0 || nb > 64 || addr > PVC_UB_BYTES - len) {
        uint64_t end = (uint64_t)addr + len;
        pvc_hazard_store_span(h, addr, end > PVC_UB_BYTES ? PVC_UB_BYTES : (uint32_t)end, id);
        return;
    }
    uint64_t m0, m1;
    uint32_t w = b / 64;
    pvc_hz_bits(b, nb, &m0, &m1);
    for (int k = 0; k < PVC_HZ_KINDS; k++) {
        h->full[k][w] |= m0;
        if (m1)
            h->full[k][w + 1] |= m1;
    }
    pvc_hz_widen(h, w, w + (m1 != 0));
    uint32_t *o = &h->owner[b];
    if (nb == PVC_VL / 32)
        for (uint32_t j = 0; j < PVC_VL / 32; j++) /* one register's span: one vector store */
            o[j] = id;
    else
        for (uint32_t j = 0; j < nb; j++)
            o[j] = id;
}

/* A read of kind k of [addr, addr+len): returns the id of the store that wrote its first
 * unordered byte (and that byte in *at), or 0 when the read is safe. */
static inline uint32_t pvc_hazard_read(const pvc_hazard *h, int k, uint32_t addr, uint32_t len, uint32_t *at)
{
    uint64_t end = (uint64_t)addr + len;
    if (end > PVC_UB_BYTES)
        end = PVC_UB_BYTES;
    if (addr >= end)
        return 0;
    uint32_t w0 = addr / 32 / 64, w1 = (uint32_t)(end - 1) / 32 / 64;
    if (w0 >= h->hi[k] || w1 < h->lo[k])
        return 0;
    if (w0 == w1) { /* most reads: one word of each block bitmap */
        uint32_t b0 = addr / 32, nb = (uint32_t)(end - 1) / 32 - b0 + 1;
        uint64_t m0, m1;
        pvc_hz_bits(b0, nb, &m0, &m1);
        if (!((h->full[k][w0] | h->part[k][w0]) & m0))
            return 0;
    }
    return pvc_hazard_find(h, k, addr, (uint32_t)end, at);
}

#endif /* PVC_SIM_HAZARD_H */
