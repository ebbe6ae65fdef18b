/* hazard.c - which UB bytes a vector store wrote since the last covering vf.mem_bar
 * (docs/SEMANTICS.md decision 8, §5.6). Layout and rules: sim.h. Every operation is O(blocks
 * touched); a barrier is O(1) (one epoch increment per kind of read it covers). */
#include <stdlib.h>

#include "sim/sim.h"

pvc_hazard *pvc_hazard_new(void)
{
    pvc_hazard *h = calloc(1, sizeof *h);
    if (h)
        for (int k = 0; k < PVC_HZ_KINDS; k++)
            h->cur[k] = 1; /* epochs start at 0: nothing is dirty */
    return h;
}

void pvc_hazard_free(pvc_hazard *h)
{
    free(h);
}

/* Bits lo..hi-1 of a block's 32-byte mask, 0 <= lo < hi <= 32. */
static uint32_t span_bits(uint32_t lo, uint32_t hi)
{
    uint32_t n = hi - lo;
    return (n == 32 ? UINT32_MAX : ((1u << n) - 1u)) << lo;
}

/* The block's bytes become owned by their own entries, so a partial store can overwrite
 * some of them. */
static void owner_split(pvc_hazard *h, uint32_t b)
{
    if (h->owner[b] == PVC_HZ_MIXED)
        return;
    for (uint32_t k = 0; k < 32; k++)
        h->byte_owner[b * 32 + k] = h->owner[b];
    h->owner[b] = PVC_HZ_MIXED;
}

static void mark_block(pvc_hazard *h, uint32_t b, uint32_t bits, uint32_t id)
{
    for (int k = 0; k < PVC_HZ_KINDS; k++) {
        if (h->epoch[k][b] != h->cur[k]) {
            h->epoch[k][b] = h->cur[k];
            h->dirty[k][b] = 0;
        }
        h->dirty[k][b] |= bits;
    }
    if (bits == UINT32_MAX) {
        h->owner[b] = id;
        return;
    }
    owner_split(h, b);
    for (uint32_t j = 0; j < 32; j++)
        if (bits >> j & 1)
            h->byte_owner[b * 32 + j] = id;
}

void pvc_hazard_store(pvc_hazard *h, uint32_t addr, uint32_t len, uint32_t id)
{
    uint64_t end = (uint64_t)addr + len;
    if (end > PVC_UB_BYTES)
        end = PVC_UB_BYTES;
    for (uint64_t a = addr; a < end;) {
        uint32_t b = (uint32_t)(a / 32), lo = (uint32_t)(a % 32);
        uint32_t hi = end - (uint64_t)b * 32 >= 32 ? 32 : (uint32_t)(end - (uint64_t)b * 32);
        mark_block(h, b, span_bits(lo, hi), id);
        a = (uint64_t)b * 32 + hi;
    }
}

/* docs/SEMANTICS.md §5.6: which kinds of read each mode orders after earlier vector stores.
 * Modes whose first class is not "vector store" (VLD_*, ST_*, LD_*, SV_ALL) and VST_VST
 * (orders store -> store) release no read. */
void pvc_hazard_barrier(pvc_hazard *h, pvc_membar m)
{
    switch (m) {
    case PVC_MEMBAR_VST_VLD: /* vector store -> vector load */
    case PVC_MEMBAR_VV_ALL:  /* all vector -> all vector */
        h->cur[PVC_HZ_VLOAD]++;
        break;
    case PVC_MEMBAR_VST_LD:  /* vector store -> scalar load */
    case PVC_MEMBAR_VS_ALL:  /* all vector -> all scalar */
        h->cur[PVC_HZ_SREAD]++;
        break;
    default:
        break;
    }
}

void pvc_hazard_settle(pvc_hazard *h)
{
    for (int k = 0; k < PVC_HZ_KINDS; k++)
        h->cur[k]++;
}

uint32_t pvc_hazard_read(const pvc_hazard *h, int k, uint32_t addr, uint32_t len, uint32_t *at)
{
    uint64_t end = (uint64_t)addr + len;
    if (end > PVC_UB_BYTES)
        end = PVC_UB_BYTES;
    for (uint64_t a = addr; a < end;) {
        uint32_t b = (uint32_t)(a / 32), lo = (uint32_t)(a % 32);
        uint32_t hi = end - (uint64_t)b * 32 >= 32 ? 32 : (uint32_t)(end - (uint64_t)b * 32);
        uint32_t hit = h->epoch[k][b] == h->cur[k] ? h->dirty[k][b] & span_bits(lo, hi) : 0;
        if (hit) {
            uint32_t j = 0;
            while (!(hit >> j & 1))
                j++;
            *at = b * 32 + j;
            return h->owner[b] == PVC_HZ_MIXED ? h->byte_owner[*at] : h->owner[b];
        }
        a = (uint64_t)b * 32 + hi;
    }
    return 0;
}
