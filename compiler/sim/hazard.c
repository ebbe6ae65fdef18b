/* hazard.c - which UB bytes a vector store wrote since the last covering vf.mem_bar
 * (docs/SEMANTICS.md decision 8, §5.6). Layout and rules: hazard.h, whose inline store and
 * read are the hot paths; here the rest. A barrier clears the dirty words of the kinds of
 * read it covers, [lo, hi) only. */
#include <stdlib.h>
#include <string.h>

#include "sim/hazard.h"

static void clear_kind(pvc_hazard *h, int k)
{
    if (h->hi[k] > h->lo[k])
        memset(&h->dirty[k][h->lo[k]], 0, (size_t)(h->hi[k] - h->lo[k]) * sizeof h->dirty[k][0]);
    h->lo[k] = UINT32_MAX;
    h->hi[k] = 0;
}

pvc_hazard *pvc_hazard_new(void)
{
    pvc_hazard *h = calloc(1, sizeof *h);
    for (int k = 0; h && k < PVC_HZ_KINDS; k++)
        clear_kind(h, k); /* nothing dirty */
    return h;
}

void pvc_hazard_free(pvc_hazard *h)
{
    free(h);
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

void pvc_hazard_own_partial(pvc_hazard *h, uint32_t addr, uint32_t end, uint32_t id)
{
    for (uint32_t a = addr; a < end;) {
        uint32_t b = a / 32, lo = a % 32, hi = end - b * 32 >= 32 ? 32 : end - b * 32;
        if (lo == 0 && hi == 32)
            h->owner[b] = id;
        else {
            owner_split(h, b);
            for (uint32_t j = lo; j < hi; j++)
                h->byte_owner[b * 32 + j] = id;
        }
        a = b * 32 + hi;
    }
}

uint32_t pvc_hazard_owner(const pvc_hazard *h, uint32_t at)
{
    uint32_t o = h->owner[at / 32];
    return o == PVC_HZ_MIXED ? h->byte_owner[at] : o;
}

/* docs/SEMANTICS.md §5.6: which kinds of read each mode orders after earlier vector stores.
 * Modes whose first class is not "vector store" (VLD_*, ST_*, LD_*, SV_ALL) and VST_VST
 * (orders store -> store) release no read. */
void pvc_hazard_barrier(pvc_hazard *h, pvc_membar m)
{
    switch (m) {
    case PVC_MEMBAR_VST_VLD: /* vector store -> vector load */
    case PVC_MEMBAR_VV_ALL:  /* all vector -> all vector */
        clear_kind(h, PVC_HZ_VLOAD);
        break;
    case PVC_MEMBAR_VST_LD:  /* vector store -> scalar load */
    case PVC_MEMBAR_VS_ALL:  /* all vector -> all scalar */
        clear_kind(h, PVC_HZ_SREAD);
        break;
    default:
        break;
    }
}

void pvc_hazard_settle(pvc_hazard *h)
{
    for (int k = 0; k < PVC_HZ_KINDS; k++)
        clear_kind(h, k);
}
