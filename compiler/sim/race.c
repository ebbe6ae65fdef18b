/* race.c - GM bytes that two cores of one launch access with no order between them
 * (sim.h "Races").
 *
 * The device runs the blocks of kernel[None, N] at once and orders none of one block's GM
 * accesses against another's; inside a mixed block the three cores (the cube core, two
 * vector cores) are ordered only by the cross-core flags (docs/SEMANTICS.md §17.7). So a
 * byte one core writes and another core reads or writes holds whatever the schedule left,
 * unless the flags order the two accesses. The simulator runs the cores one at a time and
 * keeps, per GM byte of the launch's tensors, the site (block, core, epoch, kind, op) that
 * last wrote it and up to two shared accesses since: reads, and atomic writes, which do not
 * race one another but race a read. A site happens before an access of the same block when
 * it is the same core's or its epoch is within the accessor's clock (cube_sync.c); sites of
 * other blocks never do. A shared access replaces a kept one that happens before it (a
 * later access ordered after the new one is ordered after the old one too); two kept ones
 * neither ordered before a third keep their place, so a race with the third may go
 * unreported, never one invented. A write, once checked, clears them: anything ordered
 * after it is ordered after them, anything not conflicts with the write itself.
 *
 * Shadow cost: proportional to the bytes the cores touch, not to the tensors' sizes (a
 * launch may pass a large tensor and touch a few rows of it): the shadow is kept in pages of
 * the host address range, found through a hash table keyed by address >> RACE_PAGE_SHIFT and
 * made, with no access on record, when an access first touches them. A page is a few runs of
 * bytes with the same cell (GM moves are spans of rows; the cores' sites are few) until an
 * access would split it into more than RACE_RUNS, or a write of data meets an unordered
 * write (whether it races depends on each byte's value); then it holds a cell per byte,
 * 12 bytes each. Only launches of several cores have a map.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ir/diag.h"
#include "sim/sim.h"

typedef struct {
    int block, core;
    uint32_t epoch;           /* the core's epoch at the access */
    pvc_gm_access kind;
    const pvc_loc *loc;
} race_site;

typedef struct {
    const uint8_t *lo, *hi;   /* host bytes [lo, hi) */
    const char *param;        /* the first parameter whose tensor lies here */
} race_region;

/* One GM byte's shadow: tags of the last write and of two shared accesses; 0 none. */
typedef struct {
    uint32_t w, s0, s1;
} race_cell;

#define RACE_PAGE_SHIFT 12
#define RACE_PAGE ((size_t)1 << RACE_PAGE_SHIFT)

#define RACE_RUNS 64

/* One page's shadow: runs of bytes with the same cell, or a cell per byte. */
typedef struct {
    race_cell *cells;         /* RACE_PAGE cells, or NULL: the runs hold the page */
    uint32_t nruns;           /* run k: bytes [start[k], start[k + 1]), the last to RACE_PAGE */
    uint16_t start[RACE_RUNS];
    race_cell run[RACE_RUNS];
} race_shadow;

typedef struct {
    uintptr_t key;            /* host address >> RACE_PAGE_SHIFT */
    race_shadow *sh;          /* NULL: the slot is free */
} race_page;

struct pvc_race {
    race_region *regions;
    int nregions;
    race_site *sites;         /* interned sites; a tag is index + 1 */
    uint32_t nsites, capsites;
    uint32_t *hash;           /* open addressing over sites: tag or 0 */
    uint32_t caphash;
    race_page *pages;         /* open addressing over the pages touched so far */
    size_t npages, cappages;  /* cappages a power of two, or 0 */
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
            r->regions[r->nregions++] = (race_region){lo, lo + tensor_bytes(&args[i]), names[i]};
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

/* ---- pages ----------------------------------------------------------------------------- */
static size_t page_slot(const race_page *pages, size_t cap, uintptr_t key)
{
    size_t i = (size_t)(((uint64_t)key * 0x9e3779b97f4a7c15ULL) >> 32) & (cap - 1);
    while (pages[i].sh && pages[i].key != key)
        i = (i + 1) & (cap - 1);
    return i;
}

/* Doubles the page table (kept at most half full). Out of memory is an error, as for the
 * hazard map: a page left unshadowed would let races through. */
static void grow_pages(pvc_race *r)
{
    size_t cap = r->cappages ? 2 * r->cappages : 64;
    race_page *p = calloc(cap, sizeof *p);
    if (!p)
        pvc_out_of_memory();
    for (size_t i = 0; i < r->cappages; i++)
        if (r->pages[i].sh)
            p[page_slot(p, cap, r->pages[i].key)] = r->pages[i];
    free(r->pages);
    r->pages = p;
    r->cappages = cap;
}

/* The shadow of the page holding host address `key << RACE_PAGE_SHIFT`, made the first
 * time as one run with no access on record. */
static race_shadow *page_of(pvc_race *r, uintptr_t key)
{
    if (2 * (r->npages + 1) > r->cappages)
        grow_pages(r);
    race_page *pg = &r->pages[page_slot(r->pages, r->cappages, key)];
    if (!pg->sh) {
        if (!(pg->sh = calloc(1, sizeof *pg->sh)))
            pvc_out_of_memory();
        pg->sh->nruns = 1;
        pg->key = key;
        r->npages++;
    }
    return pg->sh;
}

/* ---- sites --------------------------------------------------------------------------- */
static uint32_t site_hash(const race_site *s)
{
    uint64_t k = ((uint64_t)(uint32_t)s->block << 36) ^ ((uint64_t)s->kind << 34) ^ ((uint64_t)(uint32_t)s->core << 32) ^
                 s->epoch;
    uint64_t h = (uint64_t)(uintptr_t)s->loc * 0x9e3779b97f4a7c15ULL ^ k * 0xc2b2ae3d27d4eb4fULL;
    return (uint32_t)(h >> 32);
}

static int same_site(const race_site *a, const race_site *b)
{
    return a->block == b->block && a->core == b->core && a->epoch == b->epoch && a->kind == b->kind && a->loc == b->loc;
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
        uint32_t i = site_hash(&s[t - 1]) & (r->caphash - 1);
        while (h[i])
            i = (i + 1) & (r->caphash - 1);
        h[i] = t;
    }
    return 0;
}

/* The tag of a site, interned; 0 when out of memory. */
static uint32_t site_tag(pvc_race *r, const race_site *site)
{
    if (r->nsites == r->capsites && grow_sites(r))
        return 0;
    uint32_t i = site_hash(site) & (r->caphash - 1);
    for (; r->hash[i]; i = (i + 1) & (r->caphash - 1))
        if (same_site(&r->sites[r->hash[i] - 1], site))
            return r->hash[i];
    r->sites[r->nsites++] = *site;
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
    for (size_t i = 0; i < r->cappages; i++)
        if (r->pages[i].sh) {
            free(r->pages[i].sh->cells);
            free(r->pages[i].sh);
        }
    free(r->pages);
    free(r->regions);
    free(r->sites);
    free(r->hash);
    free(r);
}

/* Tag t's access happens before the access of `who`: same core, or the same block with
 * the site's epoch within who's clock. */
static int before(const pvc_race *r, uint32_t t, const pvc_race_who *who)
{
    const race_site *s = &r->sites[t - 1];
    if (s->block != who->block)
        return 0;
    return s->core == who->core || s->epoch <= who->clk[s->core];
}

/* t when it is an access not ordered before who's, else 0. */
static uint32_t unordered(const pvc_race *r, uint32_t t, const pvc_race_who *who)
{
    return t && !before(r, t, who) ? t : 0;
}

static int conflict(const pvc_race *r, const race_region *g, const uint8_t *p, uint32_t tag, pvc_race_hit *hit)
{
    hit->block = r->sites[tag - 1].block;
    hit->core = r->sites[tag - 1].core;
    hit->loc = r->sites[tag - 1].loc;
    hit->did = r->sites[tag - 1].kind;
    hit->param = g->param;
    hit->offset = (uint64_t)(p - g->lo);
    return 1;
}

/* Kept shared access t conflicts with an access of `kind` by who: it is not ordered before
 * it and they differ in kind (read-read and atomic-atomic do not race), or who writes. */
static uint32_t shared_conflict(const pvc_race *r, uint32_t t, const pvc_race_who *who, pvc_gm_access kind)
{
    return unordered(r, t, who) && (kind == PVC_GM_WRITE || r->sites[t - 1].kind != kind) ? t : 0;
}

/* One byte: the earlier access it races with (its tag), or 0; else records it. A write of
 * the value the byte holds after another core's unordered write is no race: the byte ends
 * the same in either order (same: the write stores the value the byte holds). */
static uint32_t byte_access(const pvc_race *r, race_cell *c, uint32_t tag, const pvc_race_who *who,
                            pvc_gm_access kind, int same)
{
    uint32_t t;
    if (((t = unordered(r, c->w, who)) && !same) || (t = shared_conflict(r, c->s0, who, kind)) ||
        (t = shared_conflict(r, c->s1, who, kind)))
        return t;
    if (kind == PVC_GM_WRITE)
        c->w = tag, c->s0 = c->s1 = 0;
    else if (!c->s0 || before(r, c->s0, who))
        c->s0 = tag;
    else if (!c->s1 || before(r, c->s1, who))
        c->s1 = tag;
    return 0;
}

static int same_cell(const race_cell *a, const race_cell *b)
{
    return a->w == b->w && a->s0 == b->s0 && a->s1 == b->s1;
}

/* Bytes p[0..n) of one page, cells c[0..n): the index of the first that races (its tag in
 * *hit), or n. A byte whose cell equals the previous byte's before that one's access ends
 * as that one did (byte_access depends on the cell and, for a write of data over an
 * unordered write, on the value: then it is not reused). */
static size_t span_access(const pvc_race *r, race_cell *c, const uint8_t *p, size_t n, uint32_t tag,
                          const pvc_race_who *who, pvc_gm_access kind, const uint8_t *d, uint32_t *hit)
{
    race_cell was = {0}, now = {0};
    int reuse = 0;
    for (size_t i = 0; i < n; i++) {
        if (reuse && same_cell(&c[i], &was)) {
            c[i] = now;
            continue;
        }
        was = c[i];
        int valued = kind == PVC_GM_WRITE && d;
        if ((*hit = byte_access(r, &c[i], tag, who, kind, valued && p[i] == d[i])))
            return i;
        reuse = !(valued && unordered(r, was.w, who));
        now = c[i];
    }
    return n;
}

/* ---- a page's runs -------------------------------------------------------------------- */
static size_t run_end(const race_shadow *s, uint32_t k)
{
    return k + 1 < s->nruns ? s->start[k + 1] : RACE_PAGE;
}

/* The run holding byte `off` of the page. */
static uint32_t run_at(const race_shadow *s, size_t off)
{
    uint32_t lo = 0, hi = s->nruns - 1;
    while (lo < hi) {
        uint32_t mid = (lo + hi + 1) / 2;
        if (s->start[mid] <= off)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* The run starting at byte `off`, splitting the one holding it (room for it checked). */
static uint32_t split_at(race_shadow *s, size_t off)
{
    uint32_t k = run_at(s, off);
    if (s->start[k] == off)
        return k;
    memmove(&s->start[k + 2], &s->start[k + 1], (s->nruns - k - 1) * sizeof *s->start);
    memmove(&s->run[k + 2], &s->run[k + 1], (s->nruns - k - 1) * sizeof *s->run);
    s->start[k + 1] = (uint16_t)off;
    s->run[k + 1] = s->run[k];
    s->nruns++;
    return k + 1;
}

/* Neighbouring runs with the same cell made one. */
static void coalesce(race_shadow *s)
{
    uint32_t k = 0;
    for (uint32_t j = 1; j < s->nruns; j++)
        if (!same_cell(&s->run[j], &s->run[k])) {
            k++;
            s->start[k] = s->start[j];
            s->run[k] = s->run[j];
        }
    s->nruns = k + 1;
}

/* The runs can take an access of bytes [off, e): splitting it adds at most two runs, and a
 * write of data over an unordered write would need each byte's value. */
static int runs_take(const pvc_race *r, const race_shadow *s, size_t off, size_t e, const pvc_race_who *who,
                     pvc_gm_access kind, const uint8_t *d)
{
    if (s->nruns + 2 > RACE_RUNS)
        return 0;
    if (kind == PVC_GM_WRITE && d)
        for (uint32_t k = run_at(s, off); k < s->nruns && s->start[k] < e; k++)
            if (unordered(r, s->run[k].w, who))
                return 0;
    return 1;
}

/* The page as a cell per byte, from its runs. */
static void densify(race_shadow *s)
{
    if (!(s->cells = malloc(RACE_PAGE * sizeof *s->cells)))
        pvc_out_of_memory();
    for (uint32_t k = 0; k < s->nruns; k++)
        for (size_t i = s->start[k]; i < run_end(s, k); i++)
            s->cells[i] = s->run[k];
}

/* span_access on runs: every byte of a run ends as its first does (byte_access depends on
 * the cell alone here, runs_take). The offset in the span of the first byte that races
 * (its tag in *hit), or n. */
static size_t runs_access(const pvc_race *r, race_shadow *s, size_t off, size_t n, uint32_t tag,
                          const pvc_race_who *who, pvc_gm_access kind, uint32_t *hit)
{
    uint32_t k = split_at(s, off), last = off + n < RACE_PAGE ? split_at(s, off + n) : s->nruns;
    size_t at = n;
    for (; k < last; k++)
        if ((*hit = byte_access(r, &s->run[k], tag, who, kind, 0))) {
            at = s->start[k] - off;
            break;
        }
    coalesce(s);
    return at;
}

/* Bytes p[0..n) at offset off of one page: as span_access. */
static size_t page_access(const pvc_race *r, race_shadow *s, size_t off, const uint8_t *p, size_t n, uint32_t tag,
                          const pvc_race_who *who, pvc_gm_access kind, const uint8_t *d, uint32_t *hit)
{
    if (!s->cells && runs_take(r, s, off, off + n, who, kind, d))
        return runs_access(r, s, off, n, tag, who, kind, hit);
    if (!s->cells)
        densify(s);
    return span_access(r, s->cells + off, p, n, tag, who, kind, d, hit);
}

int pvc_race_access(pvc_race *r, const pvc_race_who *who, const pvc_loc *loc, const void *gm, uint64_t len,
                    pvc_gm_access kind, const void *data, pvc_race_hit *hit)
{
    const uint8_t *d = data;
    const uint8_t *p = gm, *end = p + len;
    race_region *g = region_of(r, p);
    race_site site = {who->block, who->core, who->clk[who->core], kind, loc};
    uint32_t tag = site_tag(r, &site), t = 0;
    if (!g || !tag || end > g->hi)
        return 0; /* not a launch tensor's memory, or no memory left to track it */
    while (p < end) {
        size_t off = (uintptr_t)p & (RACE_PAGE - 1), n = RACE_PAGE - off, i;
        race_shadow *s = page_of(r, (uintptr_t)p >> RACE_PAGE_SHIFT);
        if (n > (size_t)(end - p))
            n = (size_t)(end - p);
        if ((i = page_access(r, s, off, p, n, tag, who, kind, d, &t)) < n)
            return conflict(r, g, p + i, t, hit);
        p += n, d = d ? d + n : NULL;
    }
    return 0;
}
