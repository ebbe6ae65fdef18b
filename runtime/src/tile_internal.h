/* tile_internal.h - what the tile-level files (tile_*.c) share: a tile at one use with its
 * valid shape, and the chunk moves between it and a register (docs/SEMANTICS.md §15.2).
 * Not part of the public API. */
#ifndef PVC_TILE_INTERNAL_H
#define PVC_TILE_INTERNAL_H

#include "rt_internal.h"

/* A tile as one op uses it. Its valid elements are `lines` runs of `len` elements in memory
 * order: a row-major tile has vr rows of vc elements, rows `pitch` = cols elements apart; a
 * column-major one (every [N, 1] tile) vc columns of vr elements, pitch = rows. */
typedef struct {
    const pvc_tile *t;
    pvc_dtype dt;
    unsigned eb;          /* bytes per element */
    uint32_t vr, vc;      /* the valid shape */
    uint32_t lines, len;  /* the valid shape in memory order */
    uint32_t pitch;       /* elements from one line to the next */
    int col;              /* column-major: a line is a column */
} rt_tv;

/* Elements per 256-byte chunk. */
static inline uint32_t rt_tv_lanes(const rt_tv *v) { return PVC_VL / v->eb; }

/* Chunks a window of `lines` runs of `len` elements takes. */
static inline int64_t rt_tv_chunks(uint32_t lines, uint32_t len, unsigned eb)
{
    uint32_t e = PVC_VL / eb;
    return (int64_t)lines * ((len + e - 1) / e);
}

/* UB address of element k of line `line`. */
static inline uint32_t rt_tv_addr(const rt_tv *v, uint32_t line, uint32_t k)
{
    return v->t->addr + (uint32_t)(((uint64_t)line * v->pitch + k) * v->eb);
}

/* UB address of element (r, c) of the tile, in either layout. */
static inline uint32_t rt_tv_at(const rt_tv *v, uint32_t r, uint32_t c)
{
    return v->col ? rt_tv_addr(v, c, r) : rt_tv_addr(v, r, c);
}

/* Fills *v from tile t with valid shape vr x vc; raises BAD_ARG (a 4-bit dtype, a valid
 * extent outside [0, shape]) or UB_BOUNDS (a tile leaving the UB) and returns 0 otherwise
 * naming `op`. */
int rt_tv_make(pvc_ctx *ctx, const char *op, rt_tv *v, const pvc_tile *t, int64_t vr, int64_t vc);

/* BAD_ARG naming op unless tile src holds the window `lines` x `len` (in memory order) that a
 * loop over another tile's valid shape reads from it: PTO reads the sources at the
 * destination's places, and a smaller source would be read past its end. */
int rt_tv_covers(pvc_ctx *ctx, const char *op, const rt_tv *src, uint32_t lines, uint32_t len);

/* BAD_ARG naming op unless b's dtype is a's. */
int rt_tv_same_dtype(pvc_ctx *ctx, const char *op, const rt_tv *a, const rt_tv *b);

/* The first n lanes of a register of lane width w active (bit w*i for i < n), the rest off. */
void rt_first_lanes(pvc_mreg *m, uint32_t n, unsigned w);

/* A register holding elements k .. k+n-1 of line `line` of v, lanes from n on 0 (inactive
 * lanes: the device reads stale bytes there, which never reach a stored lane). The span is
 * reported to the touch hook as a vector load. */
void rt_tv_load(pvc_ctx *ctx, const rt_tv *v, uint32_t line, uint32_t k, uint32_t n, pvc_vreg *r);

/* Lanes 0..n-1 of r to elements k .. k+n-1 of line `line` of v (a masked store: nothing else
 * of the tile is written), reported as a vector store. */
void rt_tv_store(pvc_ctx *ctx, const rt_tv *v, uint32_t line, uint32_t k, uint32_t n, const pvc_vreg *r);

/* The lowest / highest value of t as element bits: -inf / +inf for floats, the integer range
 * otherwise (PTO's pad values, where a max / min reduction starts, what fillpad writes). */
uint64_t rt_extreme_of(pvc_dtype t, int highest);

/* The end of a tile op: like a vector function's end, it completes the op's vector stores
 * (PTO runs each tile instruction in a vector scope of its own, and pypto's auto-sync orders
 * the next one after it), so the hazard checker (decision 8) orders them before what follows.
 * Returns chunks. */
static inline int64_t rt_tile_done(pvc_ctx *ctx, int64_t chunks)
{
    pvc_mem_bar(ctx, PVC_MEMBAR_VV_ALL);
    pvc_mem_bar(ctx, PVC_MEMBAR_VS_ALL);
    return chunks;
}

/* One chunk of a tile x tile op (tile_ew.c): d = OP(a, b) under m; op < PVC_TB_COUNT. */
void rt_tile_bin_chunk(pvc_ctx *ctx, pvc_tile_bin op, pvc_vreg *d, pvc_dtype t, const pvc_vreg *a,
                       const pvc_vreg *b, const pvc_mreg *m);
const char *rt_tile_bin_name(pvc_tile_bin op); /* "pl.add" */

#endif /* PVC_TILE_INTERNAL_H */
