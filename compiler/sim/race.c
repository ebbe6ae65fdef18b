/* race.c - GM bytes that two blocks of one launch share (sim.h "Races").
 *
 * The device runs the blocks of kernel[None, N] at once and orders none of one block's GM
 * accesses against another's (the vector-only subset has no cross-core synchronisation), so
 * a byte one block writes and another block reads or writes holds whatever the schedule
 * left. The simulator runs the blocks one after the other and keeps, per GM byte of the
 * launch's tensors, the site (block, op) that last wrote it and the sites of up to two
 * different blocks that read it. Two readers are enough: a later write by block X conflicts
 * when some reader is not X, and of two readers from different blocks one is not X.
 *
 * Shadow cost: 12 bytes per GM byte, allocated only for launches with N > 1.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim.h"

typedef struct {
    int block;
    const pvc_loc *loc;
} race_site;

typedef struct {
    const uint8_t *lo, *hi;   /* host bytes [lo, hi) */
    const char *param;        /* the first parameter whose tensor lies here */
    uint32_t *w, *r0, *r1;    /* per byte: site + 1 of the last writer and two readers, 0 none */
} race_region;

struct pvc_race {
    race_region *regions;
    int nregions;
    race_site *sites;         /* interned (block, loc) pairs; a tag is index + 1 */
    uint32_t nsites, capsites;
    uint32_t *hash;           /* open addressing over sites: tag or 0 */
    uint32_t caphash;
};

/* ---- regions ------------------------------------------------------------------------- */
static uint64_t tensor_bytes(const pvc_tensor *t)
{
    uint64_t n = 1;
    for (int k = 0; k < t->rank; k++)
        n *= (uint64_t)t->shape[k];
    return n * pvc_dtype_table[t->dtype].bits / 8;
}

static int by_lo(const void *a, const void *b)
{
    const race_region *x = a, *y = b;
    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* Sorted, overlapping tensors (a tensor passed twice, or views of one buffer) merged. */
static int make_regions(pvc_race *r, const pvc_tensor *args, const char *const *names, int n)
{
    r->regions = calloc((size_t)(n > 0 ? n : 1), sizeof *r->regions);
    if (!r->regions)
        return -1;
    for (int i = 0; i < n; i++)
        if (args[i].data && args[i].rank >= 1 && args[i].rank <= PVC_TENSOR_MAX_RANK && args[i].dtype < PVC_DT_COUNT &&
            tensor_bytes(&args[i]) > 0) {
            const uint8_t *lo = args[i].data;
            r->regions[r->nregions++] = (race_region){lo, lo + tensor_bytes(&args[i]), names[i], 0, 0, 0};
        }
    qsort(r->regions, (size_t)r->nregions, sizeof *r->regions, by_lo);
    int k = 0;
    for (int i = 0; i < r->nregions; i++) {
        if (k && r->regions[i].lo < r->regions[k - 1].hi) {
            if (r->regions[i].hi > r->regions[k - 1].hi)
                r->regions[k - 1].hi = r->regions[i].hi;
        } else
            r->regions[k++] = r->regions[i];
    }
    r->nregions = k;
    for (int i = 0; i < k; i++) {
        size_t bytes = (size_t)(r->regions[i].hi - r->regions[i].lo);
        r->regions[i].w = calloc(bytes, sizeof(uint32_t));
        r->regions[i].r0 = calloc(bytes, sizeof(uint32_t));
        r->regions[i].r1 = calloc(bytes, sizeof(uint32_t));
        if (!r->regions[i].w || !r->regions[i].r0 || !r->regions[i].r1)
            return -1;
    }
    return 0;
}

static race_region *region_of(pvc_race *r, const uint8_t *p)
{
    int lo = 0, hi = r->nregions;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (p < r->regions[mid].lo)
            hi = mid;
        else if (p >= r->regions[mid].hi)
            lo = mid + 1;
        else
            return &r->regions[mid];
    }
    return NULL;
}

/* ---- sites --------------------------------------------------------------------------- */
static uint32_t site_hash(int block, const pvc_loc *loc)
{
    uint64_t h = (uint64_t)(uintptr_t)loc * 0x9e3779b97f4a7c15ULL ^ (uint64_t)block * 0xc2b2ae3d27d4eb4fULL;
    return (uint32_t)(h >> 32);
}

static int grow_sites(pvc_race *r)
{
    uint32_t cap = r->capsites ? 2 * r->capsites : 64;
    race_site *s = realloc(r->sites, cap * sizeof *s);
    uint32_t *h = calloc(2 * (size_t)cap, sizeof *h);
    if (!s || !h) {
        if (s)
            r->sites = s;
        free(h);
        return -1;
    }
    r->sites = s;
    r->capsites = cap;
    free(r->hash);
    r->hash = h;
    r->caphash = 2 * cap;
    for (uint32_t t = 1; t <= r->nsites; t++) {
        uint32_t i = site_hash(s[t - 1].block, s[t - 1].loc) & (r->caphash - 1);
        while (h[i])
            i = (i + 1) & (r->caphash - 1);
        h[i] = t;
    }
    return 0;
}

/* The tag of (block, loc), interned; 0 when out of memory. */
static uint32_t site_tag(pvc_race *r, int block, const pvc_loc *loc)
{
    if (r->nsites == r->capsites && grow_sites(r))
        return 0;
    uint32_t i = site_hash(block, loc) & (r->caphash - 1);
    for (; r->hash[i]; i = (i + 1) & (r->caphash - 1)) {
        const race_site *s = &r->sites[r->hash[i] - 1];
        if (s->block == block && s->loc == loc)
            return r->hash[i];
    }
    r->sites[r->nsites++] = (race_site){block, loc};
    return r->hash[i] = r->nsites;
}

/* ---- public -------------------------------------------------------------------------- */
pvc_race *pvc_race_new(const pvc_tensor *args, const char *const *names, int n)
{
    pvc_race *r = calloc(1, sizeof *r);
    if (r && make_regions(r, args, names, n) == 0)
        return r;
    pvc_race_free(r);
    return NULL;
}

void pvc_race_free(pvc_race *r)
{
    if (!r)
        return;
    for (int i = 0; i < r->nregions; i++) {
        free(r->regions[i].w);
        free(r->regions[i].r0);
        free(r->regions[i].r1);
    }
    free(r->regions);
    free(r->sites);
    free(r->hash);
    free(r);
}

/* A site of another block than `block` among tags, or 0. */
static uint32_t other(const pvc_race *r, int block, uint32_t tag)
{
    return tag && r->sites[tag - 1].block != block ? tag : 0;
}

static int conflict(const pvc_race *r, const race_region *g, const uint8_t *p, uint32_t tag,
                    int wrote, pvc_race_hit *hit)
{
    hit->block = r->sites[tag - 1].block;
    hit->loc = r->sites[tag - 1].loc;
    hit->wrote = wrote;
    hit->param = g->param;
    hit->offset = (uint64_t)(p - g->lo);
    return 1;
}

int pvc_race_access(pvc_race *r, int block, const pvc_loc *loc, const void *gm, uint64_t len,
                    int write, pvc_race_hit *hit)
{
    const uint8_t *p = gm, *end = p + len;
    race_region *g = region_of(r, p);
    uint32_t tag = site_tag(r, block, loc), t;
    if (!g || !tag || end > g->hi)
        return 0; /* not a launch tensor's memory, or no memory left to track it */
    for (size_t i = (size_t)(p - g->lo); p < end; p++, i++) {
        if ((t = other(r, block, g->w[i])))
            return conflict(r, g, p, t, 1, hit);
        if (write) {
            if ((t = other(r, block, g->r0[i])) || (t = other(r, block, g->r1[i])))
                return conflict(r, g, p, t, 0, hit);
            g->w[i] = tag;
        } else if (!g->r0[i] || !other(r, block, g->r0[i]))
            g->r0[i] = tag;
        else if (!g->r1[i] || !other(r, block, g->r1[i]))
            g->r1[i] = tag;
    }
    return 0;
}
