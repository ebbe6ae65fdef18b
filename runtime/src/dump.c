/* dump.c - pl.dump_data (pvc_rt.h, docs/SEMANTICS.md §6.2): the text pypto_pro's binary-mode
 * TPRINT and its dump lowering print for a GM tensor or a window of one, a Vec tile or a
 * window of one, and an Acc tile through its GM workspace. Every argument is checked before a
 * byte is read, so a bad window is a located fault and never a host access; the text is then
 * made whole and written to stdout in one write after "[block N] ", as pl.printf writes, so
 * the dumps of blocks running on several threads do not interleave. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "rt_internal.h"

/* The text of one dump: grows as needed (a dump has no size limit but the data's). */
typedef struct {
    char *s;
    size_t n, cap;
} dump_text;

static void put(dump_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(dump_text *t, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int k = vsnprintf(t->s ? t->s + t->n : NULL, t->s ? t->cap - t->n : 0, fmt, ap);
        va_end(ap);
        if (k < 0)
            return;
        if (t->s && t->n + (size_t)k < t->cap) {
            t->n += (size_t)k;
            return;
        }
        size_t cap = t->cap ? t->cap * 2 : 4096;
        while (cap <= t->n + (size_t)k)
            cap *= 2;
        char *s = realloc(t->s, cap);
        if (!s) {
            fputs("pvc: out of memory\n", stderr);
            abort();
        }
        t->s = s, t->cap = cap;
    }
}

static void flush(pvc_ctx *ctx, dump_text *t)
{
    char head[48];
    int k = snprintf(head, sizeof head, "[block %lld] ", (long long)ctx->block_idx);
    char *all = malloc((size_t)k + t->n);
    if (!all) {
        fputs("pvc: out of memory\n", stderr);
        abort();
    }
    memcpy(all, head, (size_t)k);
    if (t->n)
        memcpy(all + k, t->s, t->n);
    fwrite(all, 1, (size_t)k + t->n, stdout);
    fflush(stdout);
    free(all);
    free(t->s);
}

/* pypto's __pypto_dtype_name: the names its device header spells; "unknown" for the rest. */
static const char *dtype_name(pvc_dtype t)
{
    switch (t) {
    case PVC_DT_FP32: return "float32";
    case PVC_DT_FP16: return "float16";
    case PVC_DT_INT32: return "int32";
    case PVC_DT_UINT32: return "uint32";
    case PVC_DT_INT16: return "int16";
    case PVC_DT_UINT16: return "uint16";
    case PVC_DT_INT8: return "int8";
    case PVC_DT_UINT8: return "uint8";
    default: return "unknown";
    }
}

/* pypto's __pypto_print_val: "%f " of a float (FP16 and BF16 widened to float), "%d " of a
 * signed integer converted to int (INT64 keeps its low 32 bits), "%u " of an unsigned one (and
 * of a bool), an 8-bit float code's byte "%u ". */
static void put_value(dump_text *t, pvc_dtype dt, const uint8_t *p)
{
    switch (pvc_dtype_table[dt].kind) {
    case PVC_KIND_F: put(t, "%f ", (double)(float)rt_elem_float(dt, p)); return;
    case PVC_KIND_S: put(t, "%d ", (int)(int32_t)(uint32_t)(uint64_t)rt_elem_int(dt, p)); return;
    default: put(t, "%u ", (unsigned)(uint32_t)rt_elem_bits(dt, p)); return;
    }
}

#define dump_fault(ctx, ...) (pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "pl.dump_data", 0, 0, __VA_ARGS__), 0)

static int tensor_ok(pvc_ctx *ctx, const pvc_tensor *t)
{
    if (!t || !t->data || t->rank < 1 || t->rank > PVC_TENSOR_MAX_RANK || (unsigned)t->dtype >= PVC_DT_COUNT ||
        pvc_dtype_table[t->dtype].bits < 8)
        return dump_fault(ctx, "invalid tensor");
    return 1;
}

/* An NZ tensor (§6.2, §17.4.6): pypto_pro's lowering views the window as the NZ GlobalTensor
 * [1, w/C0, h/16, 16, C0] over the tensor's fractals, which TPRINT prints row by row in logical
 * order. The view is exact for a window on fractal edges (rows from a multiple of 16, h a
 * multiple of 16, columns likewise by C0), the lowering's static path; any other window faults. */
static void nz_dump(pvc_ctx *ctx, const pvc_tensor *t, const int64_t *off, const int64_t *len)
{
    int64_t R = t->shape[0], C = t->shape[1], c0 = pvc_nz_c0(t->dtype);
    int64_t r0 = off[0], q0 = off[1], h = len[0] == PVC_GM_WHOLE ? R : len[0], w = len[1] == PVC_GM_WHOLE ? C : len[1];
    if (t->rank != 2 || r0 < 0 || q0 < 0 || h <= 0 || w <= 0 || r0 % 16 || h % 16 || q0 % c0 || w % c0 ||
        r0 + h > R || q0 + w > C)
        return (void)dump_fault(ctx, "an NZ tensor's window [%lld:%lld, %lld:%lld] of [%lld, %lld]: pvc prints "
                                "windows on the fractal edges (rows by 16, columns by %lld) inside the tensor",
                                (long long)r0, (long long)(r0 + h), (long long)q0, (long long)(q0 + w),
                                (long long)R, (long long)C, (long long)c0);
    unsigned eb = pvc_dtype_table[t->dtype].bits / 8;
    if (!rt_gm_inside(ctx, "pl.dump_data", t, t->data, (uint64_t)(R * C) * eb))
        return;
    dump_text x = {0};
    put(&x, "=== [dump_tensor] dtype: %s, Layout: NZ, logical shape=[%lld,%lld] ===\n", dtype_name(t->dtype),
        (long long)h, (long long)w);
    for (int64_t r = 0; r < h; r++) {
        for (int64_t c = 0; c < w; c++) {
            const uint8_t *e = (const uint8_t *)t->data + (uint64_t)pvc_tensor_nz_off(t, r0 + r, q0 + c) * eb;
            pvc_gm_touch(ctx, e, eb, PVC_GM_READ, NULL);
            put_value(&x, t->dtype, e);
        }
        put(&x, "\n");
    }
    flush(ctx, &x);
}

void pvc_gm_dump(pvc_ctx *ctx, const pvc_tensor *t, const int64_t *off, const int64_t *len, int64_t dn)
{
    if (!tensor_ok(ctx, t))
        return;
    if (t->layout == PVC_TL_NZ) {
        nz_dump(ctx, t, off, len);
        return;
    }
    if (t->rank > PVC_DUMP_AXES) {
        (void)dump_fault(ctx, "a rank-%d tensor: the device's dump view has %d axes", t->rank, PVC_DUMP_AXES);
        return;
    }
    /* the view of pypto's GlobalTensor: five axes, the tensor's last, the leading ones of 1 */
    int64_t n[PVC_DUMP_AXES], o[PVC_DUMP_AXES], s[PVC_DUMP_AXES];
    int lead = PVC_DUMP_AXES - t->rank;
    int64_t stride = 1;
    for (int k = PVC_DUMP_AXES - 1; k >= 0; k--) {
        int a = k - lead;
        int64_t dim = a >= 0 ? t->shape[a] : 1;
        n[k] = a < 0 ? 1 : len[a] == PVC_GM_WHOLE ? dim : len[a];
        o[k] = a < 0 ? 0 : off[a];
        s[k] = a >= 0 && t->stride[t->rank - 1] ? t->stride[a] : stride; /* a view's own strides */
        if (o[k] < 0 || n[k] < 0 || o[k] > dim || n[k] > dim - o[k])
            return (void)dump_fault(ctx, "window [%lld, %lld) on axis %d is outside the tensor's %lld",
                                    (long long)o[k], (long long)(o[k] + n[k]), a, (long long)dim);
        stride *= dim;
    }
    unsigned eb = pvc_dtype_table[t->dtype].bits / 8;
    const uint8_t *base = t->data;
    int64_t reach = 0;
    for (int k = 0; k < PVC_DUMP_AXES; k++) {
        base += (uint64_t)(o[k] * s[k]) * eb;
        reach += n[k] ? (n[k] - 1) * s[k] : 0;
    }
    if (n[0] && n[1] && n[2] && n[3] && n[4] && !rt_gm_inside(ctx, "pl.dump_data", t, base, (uint64_t)(reach + 1) * eb))
        return;
    dump_text x = {0};
    put(&x, "=== [dump_tensor] dtype: %s, Layout: %s, shape=[%lld,%lld,%lld,%lld,%lld] ===\n", dtype_name(t->dtype),
        dn ? "DN" : "ND", (long long)n[0], (long long)n[1], (long long)n[2], (long long)n[3], (long long)n[4]);
    for (int64_t i0 = 0; i0 < n[0]; i0++)
        for (int64_t i1 = 0; i1 < n[1]; i1++)
            for (int64_t i2 = 0; i2 < n[2]; i2++) {
                put(&x, "  Batch [%lld, %lld, %lld]:\n", (long long)i0, (long long)i1, (long long)i2);
                for (int64_t r = 0; r < n[3]; r++) {
                    const uint8_t *row = base + (uint64_t)(i0 * s[0] + i1 * s[1] + i2 * s[2] + r * s[3]) * eb;
                    pvc_gm_touch(ctx, row, (uint64_t)n[4] * eb, PVC_GM_READ, NULL);
                    for (int64_t c = 0; c < n[4]; c++)
                        put_value(&x, t->dtype, row + (uint64_t)c * eb);
                    put(&x, "\n");
                }
            }
    flush(ctx, &x);
}

/* The tile's bytes in its space after the pipe barrier the dump starts with (every pending
 * vector access completes first), or NULL after a fault. */
static const uint8_t *tile_bytes(pvc_ctx *ctx, const pvc_tile *t, pvc_tgeom *g)
{
    if ((unsigned)t->dtype >= PVC_DT_COUNT || pvc_dtype_table[t->dtype].bits < 8) {
        (void)dump_fault(ctx, "a tile of 4-bit elements has no element access");
        return NULL;
    }
    pvc_mem_bar(ctx, PVC_MEMBAR_VV_ALL);
    pvc_mem_bar(ctx, PVC_MEMBAR_VS_ALL);
    pvc_tile_geom(t, g);
    return pvc_space_bytes(ctx, "pl.dump_data", t);
}

static const char *layout_name(const pvc_tile *t)
{
    static const char *const names[] = {
#define X(name, pyname, bmaj, smaj, text) pyname,
        PVC_TILE_LAYOUTS(X)
#undef X
    };
    return t->layout < PVC_TL_COUNT ? names[t->layout] : "ND";
}

void pvc_tile_dump(pvc_ctx *ctx, const pvc_tile *t, int64_t vr, int64_t vc)
{
    pvc_tgeom g;
    const uint8_t *b = tile_bytes(ctx, t, &g);
    if (!b)
        return;
    dump_text x = {0};
    put(&x, "=== [dump_tile] dtype: %s, shape=[%u,%u], valid=[%lld,%lld], Layout: %s ===\n", dtype_name(t->dtype),
        t->rows, t->cols, (long long)vr, (long long)vc, layout_name(t));
    for (int64_t r = 0; r < t->rows; r++) {
        for (int64_t c = 0; c < t->cols; c++) {
            put_value(&x, t->dtype, b + (uint64_t)pvc_tgeom_off(&g, r, c) * g.bytes);
            if (c == vc - 1 && vc < t->cols)
                put(&x, "| ");
        }
        put(&x, "\n");
        if (r == vr - 1 && vr < t->rows)
            put(&x, "--------\n");
    }
    flush(ctx, &x);
}

/* v clipped to [lo, hi] */
static int64_t clip(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

static int window_ok(pvc_ctx *ctx, int64_t r0, int64_t c0)
{
    if (r0 < 0 || c0 < 0)
        return dump_fault(ctx, "window offsets [%lld, %lld] of a tile are negative", (long long)r0, (long long)c0);
    return 1;
}

void pvc_tile_dump_window(pvc_ctx *ctx, const pvc_tile *t, int64_t vr, int64_t vc, int64_t r0, int64_t c0,
                          int64_t rows, int64_t cols)
{
    pvc_tgeom g;
    const uint8_t *b = window_ok(ctx, r0, c0) ? tile_bytes(ctx, t, &g) : NULL;
    if (!b)
        return;
    /* pypto's lowering: the requested shape (negative as 0) within the source's valid shape
     * from the offsets, and within the tile */
    int64_t want_r = rows < 0 ? 0 : rows, want_c = cols < 0 ? 0 : cols;
    int64_t nr = clip(want_r, 0, clip(vr - r0, 0, INT64_MAX)), nc = clip(want_c, 0, clip(vc - c0, 0, INT64_MAX));
    nr = nr > t->rows ? t->rows : nr, nc = nc > t->cols ? t->cols : nc;
    dump_text x = {0};
    put(&x, "=== [TPRINT Tile Window] Data Type: %s, Layout: %s, TileType: Vec ===\n", dtype_name(t->dtype),
        layout_name(t));
    put(&x, "  Source Shape: [%u, %u], Window Offsets: [%lld, %lld], Requested Shape: [%lld, %lld], Valid Shape: "
        "[%lld, %lld]\n", t->rows, t->cols, (long long)r0, (long long)c0, (long long)want_r, (long long)want_c,
        (long long)nr, (long long)nc);
    for (int64_t r = 0; r < nr; r++) {
        for (int64_t c = 0; c < nc; c++)
            put_value(&x, t->dtype, b + (uint64_t)pvc_tgeom_off(&g, r0 + r, c0 + c) * g.bytes);
        put(&x, "\n");
    }
    flush(ctx, &x);
}

void pvc_acc_dump(pvc_ctx *ctx, const pvc_tile *acc, const pvc_tensor *ws, int64_t r0, int64_t c0, int64_t rows,
                  int64_t cols)
{
    if (!tensor_ok(ctx, ws) || !window_ok(ctx, r0, c0))
        return;
    int64_t elems = 1;
    for (int k = 0; k < ws->rank; k++)
        elems = ws->shape[k] > 0 && elems <= INT64_MAX / ws->shape[k] ? elems * ws->shape[k] : 0;
    if (ws->dtype != acc->dtype || elems < (int64_t)acc->rows * acc->cols)
        return (void)dump_fault(ctx, "the workspace (%lld elements) must hold the whole %ux%u Acc tile in its "
                                "dtype", (long long)elems, acc->rows, acc->cols);
    pvc_tgeom g;
    const uint8_t *b = tile_bytes(ctx, acc, &g);
    if (!b)
        return;
    /* the fixpipe's NZ -> ND copy of the whole tile, no conversion: workspace[r * cols + c] */
    uint8_t *w = ws->data;
    uint64_t row_bytes = (uint64_t)acc->cols * g.bytes;
    for (int64_t r = 0; r < acc->rows; r++) {
        uint8_t *dst = w + (uint64_t)r * row_bytes;
        pvc_gm_touch(ctx, dst, row_bytes, PVC_GM_WRITE, NULL);
        for (int64_t c = 0; c < acc->cols; c++)
            memcpy(dst + (uint64_t)c * g.bytes, b + (uint64_t)pvc_tgeom_off(&g, r, c) * g.bytes, g.bytes);
    }
    int64_t want_r = rows < 0 ? 0 : rows, want_c = cols < 0 ? 0 : cols;
    int64_t nr = clip(want_r, 0, clip(acc->rows - r0, 0, INT64_MAX));
    int64_t nc = clip(want_c, 0, clip(acc->cols - c0, 0, INT64_MAX));
    dump_text x = {0};
    put(&x, "=== [TPRINT Acc Tile Window] Data Type: %s, Layout: NZ, TileType: Acc ===\n", dtype_name(acc->dtype));
    put(&x, "  Source Shape: [%u, %u], Window Offsets: [%lld, %lld], Requested Shape: [%lld, %lld], Valid Shape: "
        "[%lld, %lld]\n", acc->rows, acc->cols, (long long)r0, (long long)c0, (long long)want_r, (long long)want_c,
        (long long)nr, (long long)nc);
    for (int64_t r = 0; r < nr; r++) {
        const uint8_t *row = w + (uint64_t)((r0 + r) * acc->cols + c0) * g.bytes;
        for (int64_t c = 0; c < nc; c++)
            put_value(&x, acc->dtype, row + (uint64_t)c * g.bytes);
        put(&x, "\n");
    }
    flush(ctx, &x);
}
