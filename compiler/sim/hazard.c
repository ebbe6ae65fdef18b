/* hazard.c - which UB bytes a vector store wrote since the last covering vf.mem_bar
 * (docs/SEMANTICS.md decision 8, §5.6). Layout and rules: hazard.h, whose inline store of
 * whole blocks and read are the hot paths; here the spans that split blocks, finding the
 * first unordered byte of a read, and barriers (which clear block words [lo, hi) only). */
#include <stdlib.h>
#include <string.h>

#include "ir/diag.h"
#include "sim/hazard.h"

static void clear_kind(pvc_hazard *h, int k)
{
    for (uint32_t w = h->lo[k]; w < h->hi[k]; w++) {
        for (uint64_t p = h->part[k][w]; p; p &= p - 1) { /* the byte bits of split blocks */
            uint32_t b = w * 64 + (uint32_t)__builtin_ctzll(p);
            h->byte[k][b / 2] &= b % 2 ? 0xFFFFFFFFull : ~0xFFFFFFFFull;
        }
        h->full[k][w] = h->part[k][w] = 0;
    }
    h->lo[k] = UINT32_MAX;
    h->hi[k] = 0;
}

pvc_hazard *pvc_hazard_new(void)
{
    pvc_hazard *h = calloc(1, sizeof *h);
    for (int k = 0; h && k < PVC_HZ_KINDS; k++)
        clear_kind(h, k); /* nothing unordered */
    return h;
}

void pvc_hazard_free(pvc_hazard *h)
{
    if (h)
        free(h->byte_owner);
    free(h);
}

/* The block's bytes become owned by their own entries, so a partial store can overwrite
 * some of them. */
static void owner_split(pvc_hazard *h, uint32_t b)
{
    if (h->owner[b] == PVC_HZ_MIXED)
        return;
    if (!h->byte_owner && !(h->byte_owner = malloc(PVC_UB_BYTES * sizeof *h->byte_owner)))
        pvc_out_of_memory();
    for (uint32_t k = 0; k < 32; k++)
        h->byte_owner[b * 32 + k] = h->owner[b];
    h->owner[b] = PVC_HZ_MIXED;
}

/* Bytes [lo, hi) of block b, 0 <= lo < hi <= 32, as bits of its byte-bitmap word. */
static uint64_t byte_bits(uint32_t b, uint32_t lo, uint32_t hi)
{
    uint64_t run = hi - lo == 32 ? 0xFFFFFFFFull : (1ull << (hi - lo)) - 1;
    return run << (lo + (b % 2) * 32);
}

void pvc_hazard_store_span(pvc_hazard *h, uint32_t addr, uint32_t end, uint32_t id)
{
    for (uint32_t a = addr; a < end;) {
        uint32_t b = a / 32, lo = a % 32, hi = end - b * 32 >= 32 ? 32 : end - b * 32;
        uint32_t w = b / 64;
        uint64_t bit = 1ull << (b % 64);
        for (int k = 0; k < PVC_HZ_KINDS; k++) {
            if (lo == 0 && hi == 32)
                h->full[k][w] |= bit;
            else {
                h->part[k][w] |= bit;
                h->byte[k][b / 2] |= byte_bits(b, lo, hi);
            }
        }
        pvc_hz_widen(h, w, w);
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

static uint32_t owner_of(const pvc_hazard *h, uint32_t at)
{
    uint32_t o = h->owner[at / 32];
    return o == PVC_HZ_MIXED ? h->byte_owner[at] : o;
}

uint32_t pvc_hazard_find(const pvc_hazard *h, int k, uint32_t addr, uint32_t end, uint32_t *at)
{
    for (uint32_t b = addr / 32; b <= (end - 1) / 32; b++) {
        uint32_t w = b / 64;
        uint64_t bit = 1ull << (b % 64);
        uint32_t lo = b * 32 < addr ? addr - b * 32 : 0, hi = end - b * 32 >= 32 ? 32 : end - b * 32;
        if (h->full[k][w] & bit) {
            *at = b * 32 + lo;
            return owner_of(h, *at);
        }
        uint64_t hit = h->part[k][w] & bit ? h->byte[k][b / 2] & byte_bits(b, lo, hi) : 0;
        if (hit) {
            *at = b / 2 * 64 + (uint32_t)__builtin_ctzll(hit);
            return owner_of(h, *at);
        }
    }
    return 0;
}

const pvc_hazard_rule pvc_hazard_rules[PVC_HZ_KINDS] = {
#define X(kind, read, what, orders, barrier, tolerated) {read, what, orders, PVC_MEMBAR_##barrier, tolerated},
    PVC_HAZARD_RULES(X)
#undef X
};

/* docs/SEMANTICS.md §5.6: each mode orders the kinds of read whose row names it. Modes whose
 * first class is not "vector store" (VLD_*, ST_*, LD_*, SV_ALL) and VST_VST (store ->
 * store) order no read. */
void pvc_hazard_barrier(pvc_hazard *h, pvc_membar m)
{
    for (int k = 0; k < PVC_HZ_KINDS; k++)
        if (pvc_hazard_rules[k].orders & (1u << m))
            clear_kind(h, k);
}

void pvc_hazard_settle(pvc_hazard *h)
{
    for (int k = 0; k < PVC_HZ_KINDS; k++)
        clear_kind(h, k);
}
