/* tsalloc.c - tree-sitter's memory during one parse + lower, in one arena (tsalloc.h).
 *
 * A parse makes a node per token and rule, each its own malloc (165,000 for a 340 KB
 * file), and deleting the tree then walks and frees every one, after which glibc's next
 * large malloc consolidates all those small free chunks: together a sixth of `pvc
 * compile`'s own work (BENCHMARKS.md). Between pvc_ts_arena_begin and pvc_ts_arena_end,
 * the allocation functions tree-sitter calls (ts_set_allocator, installed once) serve
 * small blocks from size classes of 8 bytes carved out of large chunks, reusing the
 * blocks tree-sitter frees while it parses (so the arena holds what malloc would), and
 * pvc_ts_arena_end releases the chunks at once, tree and parser with them, without a walk.
 * Larger blocks are libc's but recorded, and freed by the end if tree-sitter has not;
 * everything outside a begin/end pair is libc's alone. Per thread. No function returns
 * NULL: tree-sitter does not test what its allocator returns, so running out of memory is
 * pvc_out_of_memory (ir/diag.h: one "out of memory" error), never a crash (docs/ARCHITECTURE.md §7, B23). */
#include "front/tsalloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <tree_sitter/api.h>

#include "ir/diag.h"

enum { CLASS = 8, NCLASS = 64, SMALL = CLASS * NCLASS }; /* blocks up to 512 bytes */
/* Chunks stay under glibc's mmap threshold: freed, their pages serve the passes and the
 * emitter without new page faults, as the CST's malloc'd nodes would. */
#define CHUNK ((size_t)64 * 1024 - 64)

typedef struct chunk {
    struct chunk *next;
    size_t used;
    _Alignas(16) unsigned char data[CHUNK];
} chunk;

/* In front of every small block, one word: the address of the arena that owns it (so a
 * free knows its own blocks without searching the chunks) shifted left by 8, and its class
 * (0..NCLASS-1), for free and realloc, in the low byte. User-space addresses have far
 * fewer than 56 bits, so the shift loses nothing. Blocks are 8-aligned, which is all
 * tree-sitter's structures need (pointers and 32/64-bit integers): a 16-byte header and
 * 16-byte classes made a kernel's tree of 10,000 calls 25% larger than malloc's. */
typedef struct {
    uintptr_t tag;
} header;

static uintptr_t tag_of(const void *arena, size_t cls)
{
    return (uintptr_t)arena << 8 | cls;
}

typedef struct {
    chunk *head;
    void *free[NCLASS]; /* free blocks of each class, linked through their first word */
    void **large;       /* libc blocks allocated in the arena, open addressing */
    size_t nlarge, caplarge;
} ts_arena;

static _Thread_local ts_arena *cur;

/* 1 when p is a small block of the current arena. Any other pointer tree-sitter frees is
 * a libc block, preceded by libc's own chunk header, which never holds our arena's
 * address. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((no_sanitize_address)) /* reads libc's header of a foreign block */
#endif
static int owns(const void *p)
{
    return cur && (((const header *)p - 1)->tag & ~(uintptr_t)0xff) == tag_of(cur, 0);
}

static void *small_alloc(size_t n)
{
    size_t cls = n ? (n - 1) / CLASS : 0;
    void *p = cur->free[cls];
    if (p) {
        memcpy(&cur->free[cls], p, sizeof p);
        return p;
    }
    size_t need = sizeof(header) + (cls + 1) * CLASS;
    chunk *c = cur->head;
    if (!c || CHUNK - c->used < need) {
        if (!(c = malloc(sizeof *c)))
            pvc_out_of_memory(); /* tree-sitter would use a NULL block */
        c->next = cur->head;
        c->used = 0;
        cur->head = c;
    }
    header *h = (header *)(c->data + c->used);
    c->used += need;
    h->tag = tag_of(cur, cls);
    return h + 1;
}

static void small_free(void *p)
{
    size_t cls = ((header *)p - 1)->tag & 0xff;
    memcpy(p, &cur->free[cls], sizeof p);
    cur->free[cls] = p;
}

/* ---- the large blocks of the arena: a set of pointers ---- */
#define TOMB ((void *)1)

static size_t large_slot(const void *p, size_t cap)
{
    uintptr_t h = (uintptr_t)p * 0x9E3779B97F4A7C15ull;
    return (size_t)(h >> 24) & (cap - 1);
}

/* 1 when p was in the set (and is taken out). */
static int large_take(void *p)
{
    if (!cur->caplarge)
        return 0;
    for (size_t i = large_slot(p, cur->caplarge);; i = (i + 1) & (cur->caplarge - 1)) {
        if (!cur->large[i])
            return 0;
        if (cur->large[i] == p) {
            cur->large[i] = TOMB;
            cur->nlarge--;
            return 1;
        }
    }
}

static void large_put(void *p)
{
    if (4 * (cur->nlarge + 1) > 3 * cur->caplarge) { /* rebuilt: drops the tombstones */
        size_t cap = cur->caplarge ? 2 * cur->caplarge : 256;
        void **old = cur->large, **big = calloc(cap, sizeof *big);
        if (!big)
            pvc_out_of_memory();
        size_t oldcap = cur->caplarge;
        cur->large = big, cur->caplarge = cap, cur->nlarge = 0;
        for (size_t i = 0; i < oldcap; i++)
            if (old[i] && old[i] != TOMB)
                large_put(old[i]);
        free(old);
    }
    size_t i = large_slot(p, cur->caplarge);
    while (cur->large[i] && cur->large[i] != TOMB)
        i = (i + 1) & (cur->caplarge - 1);
    cur->large[i] = p;
    cur->nlarge++;
}

static void *large_alloc(size_t n, int zero)
{
    void *p = zero ? calloc(1, n) : malloc(n);
    if (!p)
        pvc_out_of_memory();
    large_put(p);
    return p;
}

/* Outside an arena: libc's, with the same answer to running out. */
static void *checked(void *p)
{
    if (!p)
        pvc_out_of_memory();
    return p;
}

/* ---- the allocator tree-sitter calls ---- */
static void *ts_arena_malloc(size_t n)
{
    if (!cur)
        return checked(malloc(n ? n : 1));
    return n <= SMALL ? small_alloc(n) : large_alloc(n, 0);
}

static void *ts_arena_calloc(size_t n, size_t size)
{
    if (!cur)
        return checked(calloc(n ? n : 1, size ? size : 1));
    if (size && n > SIZE_MAX / size)
        pvc_out_of_memory();
    if (n * size > SMALL)
        return large_alloc(n * size, 1);
    void *p = small_alloc(n * size);
    return p ? memset(p, 0, n * size) : NULL;
}

static void *ts_arena_realloc(void *p, size_t n)
{
    if (!p)
        return ts_arena_malloc(n);
    if (!cur)
        return checked(realloc(p, n ? n : 1));
    if (!owns(p)) {
        int tracked = large_take(p);
        void *q = checked(realloc(p, n ? n : 1));
        if (tracked) /* a block from before the arena stays the caller's */
            large_put(q);
        return q;
    }
    size_t old = ((((header *)p - 1)->tag & 0xff) + 1) * CLASS;
    if (n <= old)
        return p;
    void *q = ts_arena_malloc(n); /* never NULL */
    memcpy(q, p, old);
    small_free(p);
    return q;
}

static void ts_arena_free(void *p)
{
    if (!p)
        return;
    if (cur && owns(p))
        small_free(p);
    else {
        if (cur)
            large_take(p);
        free(p);
    }
}

void pvc_ts_arena_begin(void)
{
    static int installed; /* the same functions for every thread: libc outside an arena */
    if (!installed) {
        ts_set_allocator(ts_arena_malloc, ts_arena_calloc, ts_arena_realloc, ts_arena_free);
        installed = 1;
    }
    if (cur)
        PVC_BUG("tree-sitter arena begun twice");
    if (!(cur = calloc(1, sizeof *cur)))
        pvc_out_of_memory();
}

void pvc_ts_arena_end(void)
{
    if (!cur)
        return;
    for (chunk *c = cur->head, *next; c; c = next) {
        next = c->next;
        free(c);
    }
    for (size_t i = 0; i < cur->caplarge; i++)
        if (cur->large[i] && cur->large[i] != TOMB)
            free(cur->large[i]);
    free(cur->large);
    free(cur);
    cur = NULL;
}
