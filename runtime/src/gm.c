/* gm.c - pl.load / pl.store: copies between a GM tensor and a UB tile (docs/SEMANTICS.md §6).
 *
 * The device moves the tile's rows with the MTE pipes; only the order of bytes matters here.
 * Row i of the tile lives at tile.addr + i * cols * elem_bytes (row pitch = static shape[1],
 * §6 [I]); only the valid rows x cols move (§6 [I]). The tile maps onto a plane of the
 * tensor: its rows along one axis, its columns along the last one, every other axis fixed at
 * its offset. The window [r0, r0+vrows) x [c0, c0+vcols) is clipped to that plane (and to
 * nothing when a fixed offset lies outside its axis); elements outside it are not copied in
 * either direction. */
#include <string.h>

#include "rt_internal.h"

/* The plane of the tensor a tile maps onto, and the part of the window inside it. */
typedef struct {
    int64_t rows, cols;       /* extent of the row and column axes */
    int64_t rstride;          /* elements from one row of the plane to the next */
    int64_t base;             /* element index of the plane's (0, 0) */
    int64_t r_lo, r_hi;       /* valid tile rows that fall inside the tensor */
    int64_t c_lo, c_hi;       /* valid tile cols that fall inside the tensor */
} gm_window;

/* Bits per element; FP4/INT4 are 4 (packed), everything else whole bytes. */
static unsigned elem_bits(pvc_dtype t)
{
    return pvc_dtype_table[t].bits;
}

/* The valid tile rows (or columns) [lo, hi) of [0, v) that land inside [0, extent) of the
 * tensor's axis when the tile starts at offset off: lo = clamp(-off, 0, v), hi =
 * clamp(extent - off, lo, v). Any int64 offset, INT64_MIN included: -off and extent - off
 * are only formed where they cannot overflow (0 <= v, extent <= INT64_MAX). */
static void axis_window(int64_t extent, int64_t off, int64_t v, int64_t *lo, int64_t *hi)
{
    *lo = off >= 0 ? 0 : off <= -v ? v : -off;
    if (off >= extent)
        *hi = *lo;
    else if (off < 0 && off < extent - v) /* extent - off > v: the whole rest fits */
        *hi = v;
    else
        *hi = extent - off < *lo ? *lo : extent - off > v ? v : extent - off;
}

/* The plane of tensor t for offsets off[] (one per axis) with rows on axis ra and columns on
 * axis ca; r0 and c0 become the row and column offsets. 0 when a fixed offset is outside. */
static int plane_of(const pvc_tensor *t, const int64_t *off, int ra, int ca, gm_window *w,
                    int64_t *r0, int64_t *c0)
{
    int64_t stride = 1, base = 0;
    int inside = 1;
    w->rows = 1, w->cols = 0, w->rstride = 0, *r0 = 0, *c0 = 0;
    for (int k = t->rank - 1; k >= 0; k--) {
        int64_t sk = t->stride[t->rank - 1] ? t->stride[k] : stride; /* a view's own strides (pvc_gm_view) */
        if (k == ca) {
            w->cols = t->shape[k];
            *c0 = off[k];
        } else if (k == ra) {
            w->rows = t->shape[k];
            w->rstride = sk;
            *r0 = off[k];
        } else if (off[k] >= 0 && off[k] < t->shape[k]) {
            base += off[k] * sk;
        } else {
            inside = 0; /* nothing moves; off[k] * stride could overflow */
        }
        stride *= t->shape[k];
    }
    w->base = base;
    return inside;
}

/* Validates the operands and computes the part of the tile inside the tensor. Returns 0 after
 * raising a fault (only reached outside a protected call). */
static int gm_window_of(pvc_ctx *ctx, const char *op, const pvc_tile *tile, const pvc_tensor *t,
                        const int64_t *off, int ra, int ca, int64_t vr, int64_t vc, gm_window *w,
                        int64_t *r0, int64_t *c0)
{
    if (!t || !t->data || t->rank < 1 || t->rank > PVC_TENSOR_MAX_RANK || t->dtype >= PVC_DT_COUNT ||
        ca != t->rank - 1 || ra >= ca || (ra < 0 && t->rank > 1)) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, tile ? tile->addr : 0, 0, "invalid tensor or axes");
        return 0;
    }
    for (int k = 0; k < t->rank; k++)
        if (t->shape[k] < 0) {
            pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, tile->addr, 0, "negative tensor shape");
            return 0;
        }
    if (pvc_dtype_table[tile->dtype].bits != elem_bits(t->dtype)) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, tile->addr, 0,
                        "tile dtype %s and tensor dtype %s differ in width",
                        pvc_dtype_table[tile->dtype].name, pvc_dtype_table[t->dtype].name);
        return 0;
    }
    if (vr < 0 || vc < 0 || vr > tile->rows || vc > tile->cols) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, tile->addr, 0,
                        "valid shape %lldx%lld is not within the tile shape %ux%u", (long long)vr,
                        (long long)vc, tile->rows, tile->cols);
        return 0;
    }
    int inside = plane_of(t, off, ra, ca, w, r0, c0);
    if (elem_bits(t->dtype) == 4 && ((*c0 & 1) || (tile->cols & 1) || (vc & 1) || (w->cols & 1))) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, tile->addr, 0,
                        "4-bit data needs even column offsets and widths");
        return 0;
    }
    uint64_t tile_bytes = (uint64_t)tile->rows * tile->cols * elem_bits(tile->dtype) / 8;
    if (!pvc_ub_check(ctx, op, tile->addr, tile_bytes, 1))
        return 0;
    axis_window(w->rows, *r0, vr, &w->r_lo, &w->r_hi);
    if (!inside)
        w->r_hi = w->r_lo;
    axis_window(w->cols, *c0, vc, &w->c_lo, &w->c_hi);
    return 1;
}

static int64_t clipped_count(int64_t vr, int64_t vc, const gm_window *w)
{
    return vr * vc - (w->r_hi - w->r_lo) * (w->c_hi - w->c_lo);
}

typedef enum { GM_TO_UB, UB_TO_GM, UB_ADD_GM } gm_dir;

/* pl.store(..., atomic=AtomicAdd) of a Vec tile: each element of the segment added into GM in
 * the tensor's dtype, under the lock every atomic GM write takes (docs/SEMANTICS.md §6). */
static void add_segment(pvc_dtype t, uint8_t *host, const uint8_t *ub, size_t seg)
{
    unsigned eb = pvc_dtype_table[t].bits / 8;
    for (size_t k = 0; k + eb <= seg; k += eb) {
        uint64_t old = rt_elem_bits(t, host + k), add = rt_elem_bits(t, ub + k), sum = rt_atomic_sum(t, old, add);
        memcpy(host + k, &sum, eb);
    }
}

/* One span of n bytes between UB byte ub and GM at host, reported to both touch hooks first
 * (the simulator's checks, which may fault); an atomic add takes the lock after them. */
static void move_span(pvc_ctx *ctx, gm_dir dir, pvc_dtype t, uint8_t *host, uint32_t ub, size_t n)
{
    pvc_ub_touch(ctx, ub, (uint32_t)n, dir == GM_TO_UB ? PVC_TOUCH_GM_IN : PVC_TOUCH_GM_OUT);
    pvc_gm_touch(ctx, host, n, dir == GM_TO_UB ? PVC_GM_READ : dir == UB_ADD_GM ? PVC_GM_ATOMIC : PVC_GM_WRITE,
                 dir == UB_TO_GM ? ctx->ub + ub : NULL);
    if (dir == GM_TO_UB) {
        memcpy(ctx->ub + ub, host, n);
    } else if (dir == UB_TO_GM) {
        memcpy(host, ctx->ub + ub, n);
    } else {
        pvc_gm_atomic_lock();
        add_segment(t, host, ctx->ub + ub, n);
        pvc_gm_atomic_unlock();
    }
}

/* ---- deferred loads (pvc_ctx.defer, docs/ARCHITECTURE.md §6.6 "Deferred loads") ---- */
/* The pages of UB span [lo, hi) (whole pages) as bits of pvc_ctx.dpages. */
static uint64_t page_bits(uint32_t lo, uint32_t hi)
{
    uint32_t n = (hi - lo) / PVC_DEFER_PAGE, p = lo / PVC_DEFER_PAGE;
    return (n >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1) << p;
}

static void drop_window(pvc_ctx *ctx, uint32_t i)
{
    ctx->dpages &= ~page_bits(ctx->defer[i].lo, ctx->defer[i].hi);
    ctx->defer[i] = ctx->defer[--ctx->ndefer];
}

static void settle_window(pvc_ctx *ctx, uint32_t i)
{
    const struct pvc_ub_window w = ctx->defer[i];
    memcpy(ctx->ub + w.lo, w.gm, w.hi - w.lo);
    drop_window(ctx, i);
}

void pvc_ub_settle_span(pvc_ctx *ctx, int64_t lo, int64_t hi)
{
    if (ctx->zpages && hi > lo) { /* the lazily zeroed pages it reaches, zeroed now */
        uint32_t p0 = (uint32_t)(lo / PVC_DEFER_PAGE), p1 = (uint32_t)((hi - 1) / PVC_DEFER_PAGE);
        for (uint32_t p = p0; p <= p1; p++)
            if ((ctx->zpages >> p) & 1) {
                memset(ctx->ub + (size_t)p * PVC_DEFER_PAGE, 0, PVC_DEFER_PAGE);
                ctx->zpages &= ~(UINT64_C(1) << p);
                ctx->dpages &= ~(UINT64_C(1) << p);
            }
    }
    for (uint32_t i = 0; i < ctx->ndefer;)
        if (lo < (int64_t)ctx->defer[i].hi && hi > (int64_t)ctx->defer[i].lo)
            settle_window(ctx, i);
        else
            i++;
}

/* Before GM bytes [host, host + n) are written: the windows that read them settle first, so
 * they keep the bytes their pl.load saw. */
static void settle_gm(pvc_ctx *ctx, const uint8_t *host, size_t n)
{
    uintptr_t lo = (uintptr_t)host, hi = lo + n;
    for (uint32_t i = 0; i < ctx->ndefer;) {
        const struct pvc_ub_window *w = &ctx->defer[i];
        uintptr_t wlo = (uintptr_t)w->gm, whi = wlo + (w->hi - w->lo);
        if (lo < whi && hi > wlo)
            settle_window(ctx, i);
        else
            i++;
    }
}

/* A pl.load of the whole tile, whole UB pages, from contiguous GM inside the tensor, on a
 * context that may defer: records the window instead of copying (1), else 0. Its UB span
 * replaces every window inside it and settles the ones it only overlaps. */
static int defer_load(pvc_ctx *ctx, const pvc_tile *tile, const pvc_tensor *t, const gm_window *w,
                      int64_t r0, int64_t c0, int64_t vr, int64_t vc, unsigned bits)
{
    if (!ctx->defer_ok || ctx->touch || ctx->gm_touch || tile->mem != PVC_MEM_VEC || bits < 8)
        return 0;
    if (vr != tile->rows || vc != tile->cols || w->r_lo != 0 || w->r_hi != vr || w->c_lo != 0 ||
        w->c_hi != vc || (vr > 1 && w->rstride != vc))
        return 0; /* not the whole tile, or not contiguous */
    size_t n = (size_t)vr * (size_t)vc * bits / 8;
    uint64_t e = (uint64_t)w->base + (uint64_t)r0 * (uint64_t)w->rstride + (uint64_t)c0;
    const uint8_t *host = (const uint8_t *)t->data + e * bits / 8;
    if (!n || tile->addr % PVC_DEFER_PAGE || n % PVC_DEFER_PAGE)
        return 0; /* not whole pages */
    if (t->lo && !(host >= t->lo && host <= t->hi && n <= (size_t)(t->hi - host)))
        return 0; /* the copy's own checks fault, row by row */
    uint32_t lo = tile->addr, hi = (uint32_t)(tile->addr + n);
    for (uint32_t i = 0; i < ctx->ndefer;) {
        const struct pvc_ub_window *o = &ctx->defer[i];
        if (o->lo >= lo && o->hi <= hi)
            drop_window(ctx, i); /* overwritten whole */
        else if (o->lo < hi && o->hi > lo)
            settle_window(ctx, i);
        else
            i++;
    }
    if (ctx->ndefer == PVC_DEFER_MAX)
        settle_window(ctx, 0);
    ctx->defer[ctx->ndefer++] = (struct pvc_ub_window){lo, hi, host};
    ctx->zpages &= ~page_bits(lo, hi); /* overwritten whole: no zeroing owed */
    ctx->dpages |= page_bits(lo, hi);
    for (uint32_t p = lo / PVC_DEFER_PAGE; p < hi / PVC_DEFER_PAGE; p++)
        ctx->dbase[p] = host + (p * PVC_DEFER_PAGE - lo);
    return 1;
}

/* Copies the part of the window inside the tensor, one row segment at a time. */
static int64_t gm_copy(pvc_ctx *ctx, const char *op, const pvc_tile *tile, const pvc_tensor *t,
                       const int64_t *off, int ra, int ca, int64_t vr, int64_t vc, gm_dir dir)
{
    gm_window w;
    int64_t r0, c0;
    if (vr == PVC_GM_WHOLE)
        vr = tile->rows;
    if (vc == PVC_GM_WHOLE)
        vc = tile->cols;
    if (!gm_window_of(ctx, op, tile, t, off, ra, ca, vr, vc, &w, &r0, &c0))
        return 0;
    unsigned bits = elem_bits(tile->dtype);
    if (dir == UB_ADD_GM && (tile->dtype != t->dtype || bits < 8 || pvc_dtype_table[t->dtype].kind == PVC_KIND_Q)) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, tile->addr, 0, "an atomic add stores a tile of the tensor's "
                        "dtype, an integer or IEEE float (%s into %s)", pvc_dtype_table[tile->dtype].name,
                        pvc_dtype_table[t->dtype].name);
        return 0;
    }
    if (dir == GM_TO_UB && defer_load(ctx, tile, t, &w, r0, c0, vr, vc, bits))
        return 0; /* the whole tile, nothing clipped */
    size_t seg = (size_t)(w.c_hi - w.c_lo) * bits / 8;
    int64_t step = 1; /* rows per span */
    if (!ctx->touch && !ctx->gm_touch && w.c_lo == 0 && w.c_hi == tile->cols && w.rstride == tile->cols &&
        w.r_hi > w.r_lo) {
        /* Whole rows, contiguous in GM as in the UB: one span (per row, the calls and checks
         * cost about what copying a 1 KiB row does: gm_copy fell from 8% to 1.4% of the
         * rmsnorm sample's native profile). With a hook set the spans stay rows: the
         * simulator's checks see each row as the device's DMA moves it. */
        step = w.r_hi - w.r_lo;
        seg *= (size_t)step;
    }
    if (ctx->dpages) /* the UB bytes this copy reads or writes */
        pvc_ub_settle_span(ctx, tile->addr, tile->addr + (int64_t)tile->rows * tile->cols * bits / 8);
    for (int64_t i = w.r_lo; i < w.r_hi && seg; i += step) {
        uint64_t ub = tile->addr + ((uint64_t)i * tile->cols + (uint64_t)w.c_lo) * bits / 8;
        uint64_t e = (uint64_t)w.base + (uint64_t)(r0 + i) * (uint64_t)w.rstride + (uint64_t)(c0 + w.c_lo);
        uint8_t *host = (uint8_t *)t->data + e * bits / 8;
        if (!rt_gm_inside(ctx, op, t, host, seg))
            return 0;
        if (ctx->ndefer && dir != GM_TO_UB)
            settle_gm(ctx, host, seg);
        move_span(ctx, dir, t->dtype, host, (uint32_t)ub, seg);
    }
    return clipped_count(vr, vc, &w);
}

/* Rank 1 and 2: a rank-1 tensor is one row, [r0, c0] its offsets (r0 is 0). */
static int64_t gm_copy2(pvc_ctx *ctx, const char *op, const pvc_tile *tile, const pvc_tensor *t,
                        int64_t r0, int64_t c0, int64_t vr, int64_t vc, gm_dir dir)
{
    if (t && t->rank > 2) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, tile ? tile->addr : 0, 0, "invalid tensor or axes");
        return 0;
    }
    int64_t off[PVC_TENSOR_MAX_RANK] = {r0, c0};
    int rank = t ? t->rank : 2;
    if (rank == 1)
        off[0] = c0;
    return gm_copy(ctx, op, tile, t, off, rank == 1 ? -1 : 0, rank == 1 ? 0 : 1, vr, vc, dir);
}

int64_t pvc_gm_load(pvc_ctx *ctx, const pvc_tile *tile, const pvc_tensor *src, int64_t r0, int64_t c0,
                    int64_t valid_rows, int64_t valid_cols)
{
    return gm_copy2(ctx, "pl.load", tile, src, r0, c0, valid_rows, valid_cols, GM_TO_UB);
}

int64_t pvc_gm_store(pvc_ctx *ctx, const pvc_tensor *dst, const pvc_tile *tile, int64_t r0, int64_t c0,
                     int64_t valid_rows, int64_t valid_cols)
{
    return gm_copy2(ctx, "pl.store", tile, dst, r0, c0, valid_rows, valid_cols, UB_TO_GM);
}

int64_t pvc_gm_store_add(pvc_ctx *ctx, const pvc_tensor *dst, const pvc_tile *tile, int64_t r0, int64_t c0,
                         int64_t valid_rows, int64_t valid_cols)
{
    return gm_copy2(ctx, "pl.store", tile, dst, r0, c0, valid_rows, valid_cols, UB_ADD_GM);
}

/* Element (i, j) of a strided window at start + i*rs + j*cs: every one inside the n elements
 * of the tensor (the extremes are at the window's corners), else 0 after a fault. */
static int strided_inside(pvc_ctx *ctx, const char *op, int64_t start, int64_t vr, int64_t vc, int64_t rs, int64_t cs,
                          int64_t n)
{
    int64_t lo = start, hi = start; /* |i*rs|, |j*cs| < 2^62 for the bounded shapes and strides */
    if (vr > 0 && vc > 0) {
        int64_t di = (vr - 1) * rs, dj = (vc - 1) * cs;
        lo += (di < 0 ? di : 0) + (dj < 0 ? dj : 0);
        hi += (di > 0 ? di : 0) + (dj > 0 ? dj : 0);
    }
    if (vr > 0 && vc > 0 && (lo < 0 || hi >= n)) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0, "the strided window [%lld, %lld] (strides %lld, %lld) "
                        "leaves the tensor's %lld elements", (long long)lo, (long long)hi, (long long)rs,
                        (long long)cs, (long long)n);
        return 0;
    }
    return 1;
}

static int64_t gm_strided(pvc_ctx *ctx, const char *op, const pvc_tile *tile, const pvc_tensor *t, int64_t r0,
                          int64_t c0, int64_t vr, int64_t vc, int64_t rs, int64_t cs, gm_dir dir)
{
    if (rs == PVC_STRIDE_DEFAULT && cs == PVC_STRIDE_DEFAULT)
        return gm_copy2(ctx, op, tile, t, r0, c0, vr, vc, dir);
    gm_window w;
    int64_t wr0, wc0, off[PVC_TENSOR_MAX_RANK] = {r0, c0};
    if (vr == PVC_GM_WHOLE)
        vr = tile->rows;
    if (vc == PVC_GM_WHOLE)
        vc = tile->cols;
    if (!t || t->rank != 2 || !gm_window_of(ctx, op, tile, t, off, 0, 1, vr, vc, &w, &wr0, &wc0))
        return t && t->rank != 2 ? (pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0, "a strided move needs a "
                                                    "rank-2 tensor"), 0) : 0;
    unsigned eb = elem_bits(t->dtype) / 8;
    if (!eb || (dir == UB_ADD_GM && tile->dtype != t->dtype)) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0, "a strided move of %s elements into %s", pvc_dtype_table[tile->dtype].name,
                        pvc_dtype_table[t->dtype].name);
        return 0;
    }
    rs = rs == PVC_STRIDE_DEFAULT ? t->shape[1] : rs;
    cs = cs == PVC_STRIDE_DEFAULT ? 1 : cs;
    int64_t n = t->shape[0] * t->shape[1];
    if (r0 < 0 || c0 < 0 || r0 > t->shape[0] || c0 > t->shape[1] || rs < -n || rs > n || cs < -n || cs > n) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0, "offsets [%lld, %lld] or strides %lld, %lld outside the "
                        "%lldx%lld tensor", (long long)r0, (long long)c0, (long long)rs, (long long)cs,
                        (long long)t->shape[0], (long long)t->shape[1]);
        return 0;
    }
    int64_t start = r0 * t->shape[1] + c0;
    if (!strided_inside(ctx, op, start, vr, vc, rs, cs, n))
        return 0;
    for (int64_t i = 0; i < vr; i++)
        for (int64_t j = 0; j < vc; j++) {
            uint32_t ub = tile->addr + (uint32_t)((i * tile->cols + j) * eb);
            uint8_t *host = (uint8_t *)t->data + (uint64_t)(start + i * rs + j * cs) * eb;
            move_span(ctx, dir, t->dtype, host, ub, eb);
        }
    return 0;
}

int64_t pvc_gm_load_strided(pvc_ctx *ctx, const pvc_tile *tile, const pvc_tensor *src, int64_t r0, int64_t c0,
                            int64_t valid_rows, int64_t valid_cols, int64_t rs, int64_t cs)
{
    return gm_strided(ctx, "pl.load", tile, src, r0, c0, valid_rows, valid_cols, rs, cs, GM_TO_UB);
}

int64_t pvc_gm_store_strided(pvc_ctx *ctx, const pvc_tensor *dst, const pvc_tile *tile, int64_t r0, int64_t c0,
                             int64_t valid_rows, int64_t valid_cols, int64_t rs, int64_t cs, int64_t add)
{
    return gm_strided(ctx, "pl.store", tile, dst, r0, c0, valid_rows, valid_cols, rs, cs, add ? UB_ADD_GM : UB_TO_GM);
}

int64_t pvc_gm_load_nd(pvc_ctx *ctx, const pvc_tile *tile, const pvc_tensor *src, int64_t o0,
                       int64_t o1, int64_t o2, int64_t o3, int64_t o4, int64_t o5, int64_t o6, int64_t o7, int64_t row_axis, int64_t col_axis,
                       int64_t valid_rows, int64_t valid_cols)
{
    const int64_t off[PVC_TENSOR_MAX_RANK] = {o0, o1, o2, o3, o4, o5, o6, o7};
    return gm_copy(ctx, "pl.load", tile, src, off, (int)row_axis, (int)col_axis, valid_rows, valid_cols,
                   GM_TO_UB);
}

int64_t pvc_gm_store_nd(pvc_ctx *ctx, const pvc_tensor *dst, const pvc_tile *tile, int64_t o0,
                        int64_t o1, int64_t o2, int64_t o3, int64_t o4, int64_t o5, int64_t o6, int64_t o7, int64_t row_axis, int64_t col_axis,
                        int64_t valid_rows, int64_t valid_cols)
{
    const int64_t off[PVC_TENSOR_MAX_RANK] = {o0, o1, o2, o3, o4, o5, o6, o7};
    return gm_copy(ctx, "pl.store", tile, dst, off, (int)row_axis, (int)col_axis, valid_rows, valid_cols,
                   UB_TO_GM);
}

/* ---- views: pl.make_tensor, pl.addptr (docs/SEMANTICS.md §6) ---- */
#define VIEW_MAX ((int64_t)1 << 40) /* a bound on a view's dims, strides and reach: no sum overflows */

void pvc_gm_view(pvc_ctx *ctx, pvc_tensor *view, const pvc_tensor *base, int64_t off, int64_t dtype, int64_t rank,
                 int64_t d0, int64_t d1, int64_t d2, int64_t d3, int64_t s0, int64_t s1, int64_t s2, int64_t s3)
{
    const char *op = "pl.make_tensor";
    if (!base || !base->data || base->rank < 1 || base->rank > PVC_TENSOR_MAX_RANK || base->dtype >= PVC_DT_COUNT ||
        dtype < 0 || dtype >= PVC_DT_COUNT || rank < 1 || rank > 4) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0, "invalid tensor, dtype or rank");
        return;
    }
    const uint8_t *lo = base->lo, *hi = base->hi;
    unsigned bb = elem_bits(base->dtype), vb = elem_bits((pvc_dtype)dtype);
    if (!lo) { /* the argument itself: its row-major bytes */
        uint64_t n = 1;
        for (int k = 0; k < base->rank; k++)
            n *= (uint64_t)base->shape[k];
        lo = base->data, hi = lo + n * bb / 8;
    }
    const uint8_t *start = base->data;
    if (off && (bb < 8 || off < 0 || off > (int64_t)(hi - start) / (bb / 8))) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "pl.addptr", 0, 0, "offset %lld leaves the %lld-byte tensor "
                        "(%s elements)", (long long)off, (long long)(hi - lo), pvc_dtype_table[base->dtype].name);
        return;
    }
    start += off * (int64_t)(bb / 8);
    int64_t d[4] = {d0, d1, d2, d3}, s[4] = {s0, s1, s2, s3}, reach = 0, rm = 1;
    if (d[0] == -1 && rank == 1)
        d[0] = (int64_t)(hi - start) * 8 / vb;
    int rowmajor = 1;
    for (int k = (int)rank - 1; k >= 0; k--) {
        if (d[k] < 0 || d[k] > VIEW_MAX || (s[k] != PVC_STRIDE_DEFAULT && (s[k] < 0 || s[k] > VIEW_MAX)) ||
            (k == rank - 1 && s[k] != PVC_STRIDE_DEFAULT && s[k] != 1)) {
            pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0, "dim %d is %lld, stride %lld: pvc takes dims and "
                            "strides in [0, 2^40] and a last stride of 1", k, (long long)d[k],
                            (long long)(s[k] == PVC_STRIDE_DEFAULT ? rm : s[k]));
            return;
        }
        if (s[k] == PVC_STRIDE_DEFAULT)
            s[k] = rm;
        rowmajor &= s[k] == rm || d[k] <= 1;
        reach += d[k] ? (d[k] - 1) * s[k] : 0;
        rm = rm * d[k] > VIEW_MAX ? VIEW_MAX + 1 : rm * d[k];
        if (reach > VIEW_MAX || rm > VIEW_MAX) {
            pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0, "the view reaches past 2^40 elements");
            return;
        }
    }
    pvc_tensor v = {.data = (void *)start, .dtype = (pvc_dtype)dtype, .rank = (int)rank, .lo = lo, .hi = hi};
    for (int k = 0; k < rank; k++) {
        v.shape[k] = d[k];
        v.stride[k] = rowmajor ? 0 : s[k];
    }
    *view = v;
}
