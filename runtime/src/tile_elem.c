/* tile_elem.c - scalar code's access to UB tiles (pvc_rt.h, docs/SEMANTICS.md §6, §6.1): one
 * element read or written (t[r, c] in a kernel, pl.getval / pl.setval), pl.move between two Vec
 * tiles, and the slot of a tile group picked by a run-time index. */
#include <stdlib.h>
#include <string.h>

#include "rt_internal.h"

/* The UB byte address of t[r][c], or 0 after raising a fault (name: the op). */
static int elem_addr(pvc_ctx *ctx, const char *name, const pvc_tile *t, int64_t r, int64_t c, uint32_t *addr)
{
    unsigned bits = pvc_dtype_table[t->dtype].bits;
    if (bits < 8) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, name, t->addr, 0, "a 4-bit tile has no element access");
        return 0;
    }
    if (r < 0 || c < 0 || r >= t->rows || c >= t->cols) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, name, t->addr, 0, "element [%lld, %lld] is outside the %ux%u tile",
                        (long long)r, (long long)c, t->rows, t->cols);
        return 0;
    }
    uint64_t a = t->addr + ((uint64_t)r * t->cols + (uint64_t)c) * (bits / 8);
    if (!pvc_ub_check(ctx, name, a, bits / 8, 1))
        return 0;
    *addr = (uint32_t)a;
    return 1;
}

/* pl.getval / pl.setval address a tile by the linear offset off = r * cols + c over its static
 * shape (§6.1): an offset outside [0, rows * cols) faults BAD_ARG before any split. */
static int offset_addr(pvc_ctx *ctx, const char *name, const pvc_tile *t, int64_t off, uint32_t *addr)
{
    int64_t n = (int64_t)t->rows * t->cols;
    if (off < 0 || off >= n) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, name, t->addr, 0, "offset %lld is outside the %ux%u tile "
                        "(%lld elements)", (long long)off, t->rows, t->cols, (long long)n);
        return 0;
    }
    return elem_addr(ctx, name, t, off / t->cols, off % t->cols, addr);
}

int64_t pvc_tile_get_i(pvc_ctx *ctx, const pvc_tile *t, int64_t r, int64_t c)
{
    uint32_t a;
    return elem_addr(ctx, "tile.get", t, r, c, &a) ? rt_elem_int((pvc_dtype)t->dtype, ctx->ub + a) : 0;
}

void pvc_tile_get_f(pvc_ctx *ctx, const pvc_tile *t, int64_t r, int64_t c, void *out)
{
    uint32_t a;
    double d = elem_addr(ctx, "tile.get", t, r, c, &a) ? rt_elem_float((pvc_dtype)t->dtype, ctx->ub + a) : 0.0;
    memcpy(out, &d, sizeof d);
}

void pvc_tile_set_i(pvc_ctx *ctx, const pvc_tile *t, int64_t r, int64_t c, int64_t v)
{
    uint32_t a;
    if (elem_addr(ctx, "tile.set", t, r, c, &a))
        rt_elem_store((pvc_dtype)t->dtype, ctx->ub + a, v, 0.0, 0);
}

void pvc_tile_set_f(pvc_ctx *ctx, const pvc_tile *t, int64_t r, int64_t c, double v)
{
    uint32_t a;
    if (elem_addr(ctx, "tile.set", t, r, c, &a))
        rt_elem_store((pvc_dtype)t->dtype, ctx->ub + a, 0, v, 1);
}

int64_t pvc_tile_getval_i(pvc_ctx *ctx, const pvc_tile *t, int64_t off)
{
    uint32_t a;
    return offset_addr(ctx, "pl.getval", t, off, &a) ? rt_elem_int((pvc_dtype)t->dtype, ctx->ub + a) : 0;
}

void pvc_tile_getval_f(pvc_ctx *ctx, const pvc_tile *t, int64_t off, void *out)
{
    uint32_t a;
    double d = offset_addr(ctx, "pl.getval", t, off, &a) ? rt_elem_float((pvc_dtype)t->dtype, ctx->ub + a) : 0.0;
    memcpy(out, &d, sizeof d);
}

void pvc_tile_setval_i(pvc_ctx *ctx, const pvc_tile *t, int64_t off, int64_t v)
{
    uint32_t a;
    if (offset_addr(ctx, "pl.setval", t, off, &a))
        rt_elem_store((pvc_dtype)t->dtype, ctx->ub + a, v, 0.0, 0);
}

void pvc_tile_setval_f(pvc_ctx *ctx, const pvc_tile *t, int64_t off, double v)
{
    uint32_t a;
    if (offset_addr(ctx, "pl.setval", t, off, &a))
        rt_elem_store((pvc_dtype)t->dtype, ctx->ub + a, 0, v, 1);
}

/* A move of which either tile is not row-major (pl.move ND -> NZ in the UB, §15): element by
 * element through each tile's index map (the cube's, §17.3), from a copy of the source when
 * the two overlap. */
static void move_boxed(pvc_ctx *ctx, const pvc_tile *dst, const pvc_tile *src, int64_t dr, int64_t dc, int64_t sr,
                       int64_t sc, int64_t rows, int64_t cols)
{
    pvc_tgeom dg, sg;
    pvc_tile_geom(dst, &dg);
    pvc_tile_geom(src, &sg);
    size_t sb = pvc_tile_bytes(src), db = pvc_tile_bytes(dst);
    const uint8_t *from = ctx->ub + src->addr;
    uint8_t *copy = NULL;
    if (src->addr < dst->addr + db && dst->addr < src->addr + sb) {
        if (!(copy = malloc(sb))) {
            pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "pl.move", dst->addr, 0, "out of memory for an overlapping move");
            return;
        }
        from = memcpy(copy, from, sb);
    }
    pvc_tile_copy_window(ctx->ub + dst->addr, &dg, dr, dc, from, &sg, sr, sc, rows, cols);
    free(copy);
}

void pvc_tile_move(pvc_ctx *ctx, const pvc_tile *dst, const pvc_tile *src, int64_t r0, int64_t c0,
                   int64_t rows, int64_t cols, int64_t insert)
{
    unsigned bits = pvc_dtype_table[dst->dtype].bits;
    if (bits != pvc_dtype_table[src->dtype].bits || bits < 8) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "pl.move", dst->addr, 0, "tiles of %s and %s: pl.move copies "
                        "between tiles of one element width of 8 bits or more",
                        pvc_dtype_table[dst->dtype].name, pvc_dtype_table[src->dtype].name);
        return;
    }
    const pvc_tile *big = insert ? dst : src, *small = insert ? src : dst;
    if (r0 < 0 || c0 < 0 || rows < 0 || cols < 0 || rows > small->rows || cols > small->cols ||
        r0 + rows > big->rows || c0 + cols > big->cols) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "pl.move", dst->addr, 0, "%lldx%lld elements at [%lld, %lld] "
                        "do not fit the %ux%u source and the %ux%u destination", (long long)rows, (long long)cols,
                        (long long)r0, (long long)c0, src->rows, src->cols, dst->rows, dst->cols);
        return;
    }
    size_t eb = bits / 8;
    if (!pvc_ub_check(ctx, "pl.move", src->addr, pvc_tile_bytes(src), 1) ||
        !pvc_ub_check(ctx, "pl.move", dst->addr, pvc_tile_bytes(dst), 1))
        return;
    if (src->layout != PVC_TL_ND || dst->layout != PVC_TL_ND) {
        move_boxed(ctx, dst, src, insert ? r0 : 0, insert ? c0 : 0, insert ? 0 : r0, insert ? 0 : c0, rows, cols);
        return;
    }
    for (int64_t i = 0; i < rows; i++) {
        uint64_t s = src->addr + ((uint64_t)(insert ? i : r0 + i) * src->cols + (uint64_t)(insert ? 0 : c0)) * eb;
        uint64_t d = dst->addr + ((uint64_t)(insert ? r0 + i : i) * dst->cols + (uint64_t)(insert ? c0 : 0)) * eb;
        memmove(ctx->ub + d, ctx->ub + s, (size_t)cols * eb);
    }
}

uint32_t pvc_tile_view_at(pvc_ctx *ctx, uint32_t base, int64_t r, int64_t c, int64_t rows, int64_t cols,
                          int64_t lane)
{
    if (r < 0 || r >= rows || c < 0 || c >= cols) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "tile[r0:, c0:]", base, 0, "a view starting at (%lld, %lld) of a "
                        "%lldx%lld tile", (long long)r, (long long)c, (long long)rows, (long long)cols);
        return base;
    }
    return (uint32_t)pvc_tile_view_addr(base, (r * cols + c) * lane);
}

uint32_t pvc_tile_group_index(pvc_ctx *ctx, uint32_t base, int64_t i, int64_t depth, uint32_t slot_bytes)
{
    if (i < 0 || i >= depth) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "tile_group[]", base, 0, "slot %lld of a tile group of depth %lld",
                        (long long)i, (long long)depth);
        return base;
    }
    return pvc_tile_group_addr(base, i, slot_bytes);
}
