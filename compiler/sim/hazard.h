/* hazard.h - the simulator's hazard map (docs/SEMANTICS.md decision 8, §5.6): which UB bytes
 * a vector store wrote since the last vf.mem_bar that orders them before a kind of read.
 *
 * A read of UB bytes that a vector store wrote since the last vf.mem_bar covering (vector
 * store -> that kind of read) is a hazard. Two kinds of read are tracked:
 *   PVC_HZ_VLOAD  vector loads (vf.load_align, load_unalign, mask loads): VST_VLD, VV_ALL
 *   PVC_HZ_SREAD  scalar / MTE3 reads (pl.store of the tile):             VST_LD, VS_ALL
 * A store marks the whole span of its dist, masked-off elements included: the device
 * orders by address range, not by mask [I]. The end of a vector function completes its
 * stores (pypto's auto-sync puts the V -> MTE3 pipe barrier there), so the seeds' pl.store
 * right after the call is not a hazard.
 *
 * Layout: per kind of read, one bit per UB byte (dirty: written, not yet ordered), so a
 * 256-byte access tests or sets four or five 64-bit words; the words that may hold a set
 * bit are [lo, hi), so a barrier clears only those and a read outside them costs two
 * compares. Which store wrote a byte is kept per 32-byte block (one 32-bit id, written as
 * one vector store for an aligned span) and per byte only for blocks that partial stores
 * split; it is read only to name the store when a hazard is reported.
 */
#ifndef PVC_SIM_HAZARD_H
#define PVC_SIM_HAZARD_H

#include <stdint.h>

#include "pvc_rt.h"

enum { PVC_HZ_VLOAD, PVC_HZ_SREAD, PVC_HZ_KINDS };
#define PVC_HZ_WORDS (PVC_UB_BYTES / 64u)
#define PVC_HZ_BLOCKS (PVC_UB_BYTES / 32u)
#define PVC_HZ_MIXED UINT32_MAX

typedef struct {
    uint64_t dirty[PVC_HZ_KINDS][PVC_HZ_WORDS]; /* bit j of word w: byte 64w+j unordered */
    uint32_t lo[PVC_HZ_KINDS], hi[PVC_HZ_KINDS]; /* words outside [lo, hi) are all zero;
                                                  empty: lo = UINT32_MAX, hi = 0 */
    uint32_t owner[PVC_HZ_BLOCKS];              /* store id of every byte, or PVC_HZ_MIXED */
    uint32_t byte_owner[PVC_UB_BYTES];          /* per byte, for MIXED blocks */
} pvc_hazard;

pvc_hazard *pvc_hazard_new(void);               /* NULL on allocation failure */
void pvc_hazard_free(pvc_hazard *h);
/* A barrier of mode m orders the stores so far before the kinds of read it covers. */
void pvc_hazard_barrier(pvc_hazard *h, pvc_membar m);
/* Every store so far is complete (end of a vector function). */
void pvc_hazard_settle(pvc_hazard *h);
/* The owners of a store's blocks that it covers only in part (hazard.c). */
void pvc_hazard_own_partial(pvc_hazard *h, uint32_t addr, uint32_t end, uint32_t id);
/* The id of the store that last wrote byte `at` (only asked when a hazard is reported). */
uint32_t pvc_hazard_owner(const pvc_hazard *h, uint32_t at);

/* The words [*w0, *w1] holding the bits of bytes [addr, end), end > addr, and the masks of
 * the first and the last of them (one word: m0 holds both). */
static inline void pvc_hz_span(uint32_t addr, uint32_t end, uint32_t *w0, uint32_t *w1, uint64_t *m0,
                               uint64_t *m1)
{
    *w0 = addr >> 6;
    *w1 = (end - 1) >> 6;
    *m0 = ~0ull << (addr & 63);
    *m1 = ~0ull >> (63 - ((end - 1) & 63));
    if (*w0 == *w1)
        *m0 &= *m1;
}

static inline uint32_t pvc_hz_end(uint32_t addr, uint32_t len)
{
    uint64_t end = (uint64_t)addr + len;
    return end > PVC_UB_BYTES ? PVC_UB_BYTES : (uint32_t)end;
}

/* The dirty range of both kinds takes in words [w0, w1]. */
static inline void pvc_hz_widen(pvc_hazard *h, uint32_t w0, uint32_t w1)
{
    for (int k = 0; k < PVC_HZ_KINDS; k++) { /* empty is lo = UINT32_MAX, hi = 0 */
        h->lo[k] = w0 < h->lo[k] ? w0 : h->lo[k];
        h->hi[k] = w1 + 1 > h->hi[k] ? w1 + 1 : h->hi[k];
    }
}

/* One register's span, 32-byte aligned inside the UB: four or five words, eight blocks. */
static inline void pvc_hz_store_vl(pvc_hazard *h, uint32_t addr, uint32_t id)
{
    uint32_t w = addr >> 6;
    uint64_t *d0 = &h->dirty[PVC_HZ_VLOAD][w], *d1 = &h->dirty[PVC_HZ_SREAD][w];
    uint64_t first = addr & 32 ? ~0ull << 32 : ~0ull, last = addr & 32 ? ~0ull >> 32 : 0;
    d0[0] |= first, d1[0] |= first;
    d0[1] = d1[1] = d0[2] = d1[2] = d0[3] = d1[3] = ~0ull;
    if (last)
        d0[4] |= last, d1[4] |= last;
    pvc_hz_widen(h, w, w + 3 + (last != 0));
    uint32_t *o = &h->owner[addr / 32];
    for (int j = 0; j < PVC_VL / 32; j++) /* one vector store */
        o[j] = id;
}

/* A vector store by store id (> 0) wrote [addr, addr+len) (clipped to the UB). Both kinds'
 * bits in one pass of ORs; whole blocks take the id, split blocks their bytes. */
static inline void pvc_hazard_store(pvc_hazard *h, uint32_t addr, uint32_t len, uint32_t id)
{
    if (len == PVC_VL && addr % 32 == 0 && addr <= PVC_UB_BYTES - PVC_VL) {
        pvc_hz_store_vl(h, addr, id);
        return;
    }
    uint32_t end = pvc_hz_end(addr, len), w0, w1;
    uint64_t m0, m1;
    if (addr >= end)
        return;
    pvc_hz_span(addr, end, &w0, &w1, &m0, &m1);
    uint64_t *d0 = h->dirty[PVC_HZ_VLOAD], *d1 = h->dirty[PVC_HZ_SREAD];
    for (uint32_t w = w0; w <= w1; w++) {
        uint64_t m = w == w0 ? m0 : w == w1 ? m1 : ~0ull;
        d0[w] |= m;
        d1[w] |= m;
    }
    pvc_hz_widen(h, w0, w1);
    if ((addr | end) % 32) {
        pvc_hazard_own_partial(h, addr, end, id);
        return;
    }
    for (uint32_t b = addr / 32; b < end / 32; b++)
        h->owner[b] = id;
}

/* A read of kind k of [addr, addr+len): returns the id of the store that wrote its first
 * unordered byte (and that byte in *at), or 0 when the read is safe. */
static inline uint32_t pvc_hazard_read(const pvc_hazard *h, int k, uint32_t addr, uint32_t len, uint32_t *at)
{
    uint32_t end = pvc_hz_end(addr, len), w0, w1;
    uint64_t m0, m1;
    if (addr >= end || addr >> 6 >= h->hi[k] || (end - 1) >> 6 < h->lo[k])
        return 0;
    pvc_hz_span(addr, end, &w0, &w1, &m0, &m1);
    const uint64_t *d = h->dirty[k];
    for (uint32_t w = w0; w <= w1; w++) {
        uint64_t hit = d[w] & (w == w0 ? m0 : w == w1 ? m1 : ~0ull);
        if (hit) {
            *at = w * 64 + (uint32_t)__builtin_ctzll(hit);
            return pvc_hazard_owner(h, *at);
        }
    }
    return 0;
}

#endif /* PVC_SIM_HAZARD_H */
