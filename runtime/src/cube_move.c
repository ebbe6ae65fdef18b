/* cube_move.c - the cube side's data movement (docs/SEMANTICS.md §17.4): GM -> L1 loads,
 * L1 -> L0A / L0B / bias / fixpipe-buffer moves and the vector cores' Vec -> L1 insert.
 *
 * Every move is an element-wise identity between logical coordinates, each side addressed
 * by its own layout's index map (pvc_tgeom_off): the ND -> NZ "conversion" of a load and the
 * NZ -> ZN one of a move into L0B are nothing but this re-addressing. */
#include <stdlib.h>
#include <string.h>

#include "rt_internal.h"

/* ---- GM side: the plane of a tensor a tile maps onto (the rule of gm.c) ---- */

int rt_cube_plane_of(pvc_ctx *ctx, const char *op, const pvc_tensor *t, const int64_t *off, int ra, int ca,
                     rt_cube_plane *p)
{
    if (!t || !t->data || t->rank < 1 || t->rank > PVC_TENSOR_MAX_RANK || ca < 0 || ca >= t->rank ||
        ra >= t->rank || ra == ca || (ra < 0 && t->rank > 1)) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0, "invalid tensor or axes");
        return 0;
    }
    int64_t stride = 1, reach = 0;
    *p = (rt_cube_plane){0, 0, 0, 1, 0, 0, 0, 1, t->layout == PVC_TL_NZ};
    if (p->nz && (t->rank != 2 || ra != 0 || ca != 1)) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0, "an NZ tensor is rank 2, read along its two axes");
        return 0;
    }
    for (int k = t->rank - 1; k >= 0; k--) {
        if (t->shape[k] < 0) {
            pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0, "negative tensor shape");
            return 0;
        }
        int64_t sk = t->stride[t->rank - 1] ? t->stride[k] : stride; /* a view's own strides (pvc_gm_view) */
        if (k == ca)
            p->cstride = sk, p->cext = t->shape[k], p->c0 = off[k];
        else if (k == ra)
            p->rstride = sk, p->rext = t->shape[k], p->r0 = off[k];
        else if (off[k] >= 0 && off[k] < t->shape[k])
            p->base += off[k] * sk;
        else
            p->inside = 0;
        reach += t->shape[k] ? (t->shape[k] - 1) * sk : 0;
        stride *= t->shape[k];
    }
    /* a view (pl.make_tensor) in a cube move lies inside its argument as a whole */
    unsigned eb = pvc_dtype_table[t->dtype].bits;
    return rt_gm_inside(ctx, op, t, t->data, (uint64_t)(reach + 1) * eb / 8);
}

uint8_t *rt_cube_plane_elem(const pvc_tensor *t, const rt_cube_plane *p, int64_t i, int64_t j, unsigned bytes)
{
    int64_t r = p->r0 + i, c = p->c0 + j;
    if (!p->inside || r < 0 || r >= p->rext || c < 0 || c >= p->cext)
        return NULL;
    return (uint8_t *)t->data + rt_cube_plane_index(t, p, r, c) * (int64_t)bytes;
}

int rt_nz_whole(pvc_ctx *ctx, const char *op, const pvc_tensor *t, const pvc_tile *tile, int64_t vr, int64_t vc,
                const int64_t *off)
{
    if (!t || t->layout != PVC_TL_NZ)
        return 1;
    if (t->rank != 2 || off[0] || off[1] || vr != t->shape[0] || vc != t->shape[1]) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, tile->addr, 0,
                        "an NZ tensor [%lld, %lld] moves whole: offsets [0, 0] and a tile valid shape of "
                        "[%lld, %lld], not offsets [%lld, %lld] and %lldx%lld", (long long)t->shape[0],
                        (long long)t->shape[1], (long long)t->shape[0], (long long)t->shape[1],
                        (long long)off[0], (long long)off[1], (long long)vr, (long long)vc);
        return 0;
    }
    return 1;
}

static int valid_ok(pvc_ctx *ctx, const char *op, const pvc_tile *t, int64_t vr, int64_t vc)
{
    if (vr < 0 || vc < 0 || vr > t->rows || vc > t->cols) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, t->addr, 0,
                        "valid shape %lldx%lld is not within the tile shape %ux%u", (long long)vr,
                        (long long)vc, t->rows, t->cols);
        return 0;
    }
    return 1;
}

/* The tensor's element strides of the tile's rows and columns (transpose: the plane's
 * columns carry the tile's rows). */
static int strides_ok(pvc_ctx *ctx, const char *op, const rt_cube_plane *p, int64_t transpose, int64_t rs, int64_t cs)
{
    int64_t want_r = transpose ? p->cstride : p->rstride, want_c = transpose ? p->rstride : p->cstride;
    if ((rs == PVC_STRIDE_DEFAULT || rs == want_r) && (cs == PVC_STRIDE_DEFAULT || cs == want_c))
        return 1;
    pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0,
                    "pl.set_stride gave strides [%lld, %lld]; pvc's loads into Mat read the tensor as it lies, "
                    "with strides [%lld, %lld]", (long long)rs, (long long)cs, (long long)want_r, (long long)want_c);
    return 0;
}

int64_t pvc_cube_load(pvc_ctx *ctx, const pvc_tile *tile, const pvc_tensor *src, int64_t o0, int64_t o1,
                      int64_t o2, int64_t o3, int64_t o4, int64_t o5, int64_t o6, int64_t o7, int64_t row_axis, int64_t col_axis, int64_t valid_rows,
                      int64_t valid_cols, int64_t transpose, int64_t row_stride, int64_t col_stride, int64_t pair)
{
    const char *op = "pl.load";
    int64_t off[PVC_TENSOR_MAX_RANK] = {o0, o1, o2, o3, o4, o5, o6, o7};
    int64_t vr = valid_rows == PVC_GM_WHOLE ? tile->rows : valid_rows;
    int64_t vc = valid_cols == PVC_GM_WHOLE ? tile->cols : valid_cols;
    rt_cube_plane p;
    uint8_t *buf = pvc_space_bytes(ctx, op, tile);
    if (!buf || !valid_ok(ctx, op, tile, vr, vc))
        return 0;
    unsigned bits = pvc_dtype_table[tile->dtype].bits;
    if (pvc_dtype_table[src->dtype].bits != bits || (bits < 8 && bits != 4)) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, tile->addr, 0, "tile dtype %s and tensor dtype %s differ",
                        pvc_dtype_table[tile->dtype].name, pvc_dtype_table[src->dtype].name);
        return 0;
    }
    if (bits == 4 && src->rank >= 1 && src->rank <= PVC_TENSOR_MAX_RANK)
        off[src->rank - 1] *= 2; /* the packed annotation's byte offset */
    if (!rt_nz_whole(ctx, op, src, tile, vr, vc, off) ||
        !rt_cube_plane_of(ctx, op, src, off, (int)row_axis, (int)col_axis, &p) ||
        !strides_ok(ctx, op, &p, transpose, row_stride, col_stride))
        return 0;
    pvc_tgeom g;
    pvc_tile_geom(tile, &g);
    /* the scale pair: the K index of the tile is the columns of a ZZ tile, the rows of an NN one */
    int pair_cols = pair && g.layout == PVC_TL_ZZ, pair_rows = pair && !pair_cols;
    /* the zero fill: along the GM-contiguous axis up to the next inner-box edge */
    int64_t zr = vr, zc = vc;
    if (pvc_tile_layout_boxed(g.layout)) {
        if (transpose)
            zr = (vr + g.ir - 1) / g.ir * g.ir;
        else
            zc = (vc + g.ic - 1) / g.ic * g.ic;
        zr = zr > tile->rows ? tile->rows : zr;
        zc = zc > tile->cols ? tile->cols : zc;
    }
    int64_t clipped = 0;
    for (int64_t r = 0; r < zr; r++)
        for (int64_t c = 0; c < zc; c++) {
            int64_t at = pvc_tgeom_off(&g, r, c);
            if (r >= vr || c >= vc) {
                pvc_tg_put(buf, &g, at, 0);
                continue;
            }
            int64_t pr = pair_rows ? r / 2 : r, pc = pair_cols ? c / 2 : c, half = pair_rows ? r % 2 : c % 2;
            int64_t i = p.r0 + (transpose ? pc : pr), j = p.c0 + (transpose ? pr : pc);
            if (!p.inside || i < 0 || i >= p.rext || j < 0 || j >= p.cext) {
                clipped++;
                continue;
            }
            /* the element index; the pair's second code is the next one (the last axis, stride 1) */
            int64_t idx = rt_cube_plane_index(src, &p, i, j) + (pair ? half : 0);
            if (g.nib) { /* the lower index in the low nibble */
                const uint8_t *b = (const uint8_t *)src->data + (idx >> 1);
                pvc_gm_touch(ctx, b, 1, PVC_GM_READ, NULL);
                pvc_tg_put(buf, &g, at, (uint64_t)(*b >> ((idx & 1) * 4)) & 0xFu);
                continue;
            }
            const uint8_t *e = (const uint8_t *)src->data + idx * (int64_t)g.bytes;
            pvc_gm_touch(ctx, e, g.bytes, PVC_GM_READ, NULL);
            memcpy(buf + at * g.bytes, e, g.bytes);
        }
    return clipped;
}

/* ---- on-chip moves ---- */

/* dst(r, c) = src(r + m, c + k) for r < rows, c < cols, both sides by their index maps. */
void pvc_tile_copy_window(uint8_t *dbuf, const pvc_tgeom *dg, int64_t dr, int64_t dc, const uint8_t *sbuf,
                          const pvc_tgeom *sg, int64_t sr, int64_t sc, int64_t rows, int64_t cols)
{
    int64_t *cd = dg->nib || sg->nib || cols <= 0 ? NULL : malloc(2 * (size_t)cols * sizeof *cd);
    if (!cd) { /* 4-bit elements (nibbles), or no memory for the column parts */
        for (int64_t r = 0; r < rows; r++)
            for (int64_t c = 0; c < cols; c++)
                pvc_tg_put(dbuf, dg, pvc_tgeom_off(dg, dr + r, dc + c),
                           pvc_tg_get(sbuf, sg, pvc_tgeom_off(sg, sr + r, sc + c)));
        return;
    }
    int64_t *cs = cd + cols;
    for (int64_t c = 0; c < cols; c++) {
        cd[c] = pvc_tgeom_part(dg, 1, dc + c);
        cs[c] = pvc_tgeom_part(sg, 1, sc + c);
    }
    const size_t n = dg->bytes;
    for (int64_t r = 0; r < rows; r++) {
        uint8_t *d = dbuf + pvc_tgeom_part(dg, 0, dr + r) * (int64_t)n;
        const uint8_t *s = sbuf + pvc_tgeom_part(sg, 0, sr + r) * (int64_t)n;
        if (n == 2) /* the common widths as fixed-size copies the compiler turns into moves */
            for (int64_t c = 0; c < cols; c++)
                memcpy(d + cd[c] * 2, s + cs[c] * 2, 2);
        else if (n == 4)
            for (int64_t c = 0; c < cols; c++)
                memcpy(d + cd[c] * 4, s + cs[c] * 4, 4);
        else
            for (int64_t c = 0; c < cols; c++)
                memcpy(d + cd[c] * (int64_t)n, s + cs[c] * (int64_t)n, n);
    }
    free(cd);
}

void pvc_cube_move(pvc_ctx *ctx, const pvc_tile *dst, const pvc_tile *src, int64_t m, int64_t k)
{
    const char *op = "pl.move";
    uint8_t *d = pvc_space_bytes(ctx, op, dst), *s = d ? pvc_space_bytes(ctx, op, src) : NULL;
    if (!s)
        return;
    if (pvc_dtype_table[dst->dtype].bits != pvc_dtype_table[src->dtype].bits) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, dst->addr, 0, "dtypes %s and %s differ",
                        pvc_dtype_table[dst->dtype].name, pvc_dtype_table[src->dtype].name);
        return;
    }
    pvc_tgeom dg, sg;
    pvc_tile_geom(dst, &dg);
    pvc_tile_geom(src, &sg);
    if (m < 0 || k < 0 || m > (int64_t)src->rows - dst->rows || k > (int64_t)src->cols - dst->cols) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, src->addr, 0,
                        "the %ux%u window at [%lld, %lld] leaves the %ux%u source", dst->rows, dst->cols,
                        (long long)m, (long long)k, src->rows, src->cols);
        return;
    }
    if (m % sg.ir || k % sg.ic) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, src->addr, 0,
                        "offset [%lld, %lld] is not a multiple of the %ux%u fractal (the device rounds it down)",
                        (long long)m, (long long)k, sg.ir, sg.ic);
        return;
    }
    pvc_tile_copy_window(d, &dg, 0, 0, s, &sg, m, k, dst->rows, dst->cols);
}

void pvc_cube_move_bias(pvc_ctx *ctx, const pvc_tile *dst, const pvc_tile *src)
{
    const char *op = "pl.move";
    uint8_t *d = pvc_space_bytes(ctx, op, dst), *s = d ? pvc_space_bytes(ctx, op, src) : NULL;
    if (!s)
        return;
    int ok = (dst->dtype == PVC_DT_FP32 && (src->dtype == PVC_DT_FP32 || src->dtype == PVC_DT_FP16 ||
                                            src->dtype == PVC_DT_BF16)) ||
             (dst->dtype == PVC_DT_INT32 && src->dtype == PVC_DT_INT32);
    if (!ok || src->rows != 1 || dst->cols > src->cols) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, dst->addr, 0,
                        "a bias move takes one row of FP32, FP16, BF16 (to FP32) or INT32");
        return;
    }
    unsigned sb = pvc_dtype_lane_bytes(src->dtype);
    for (uint32_t c = 0; c < dst->cols; c++) {
        uint64_t bits = rt_get(s + (size_t)c * sb, sb);
        if (src->dtype != dst->dtype) /* FP16 / BF16 -> FP32 is exact */
            bits = pvc_value_encode(PVC_DT_FP32, pvc_value_decode(src->dtype, bits), PVC_ROUND_RINT, PVC_SAT_OFF);
        rt_put(d + (size_t)c * 4, 4, bits);
    }
}

/* The tile an insert writes: a ZN Mat tile [R, C] receiving an NZ tile is written as the NZ
 * tile [C, R] over the same bytes (the copy moves fractals as they are, and a ZN [R, C] is
 * byte for byte an NZ [C, R] transposed), which is how a vector core hands the cube a
 * transposed operand without a transpose (§17.4.5); any other pair is written as declared. */
static pvc_tile insert_view(const pvc_tile *mat, const pvc_tile *vec)
{
    pvc_tile v = *mat;
    if (mat->layout == PVC_TL_ZN && vec->layout == PVC_TL_NZ) {
        v.rows = mat->cols, v.cols = mat->rows;
        v.layout = PVC_TL_NZ;
    }
    return v;
}

void pvc_cube_insert(pvc_ctx *ctx, const pvc_tile *declared, const pvc_tile *vec, int64_t row, int64_t col,
                     int64_t rows, int64_t cols)
{
    const char *op = "pl.insert";
    pvc_tile view = insert_view(declared, vec);
    const pvc_tile *mat = &view;
    uint8_t *s = pvc_space_bytes(ctx, op, vec);
    if (!s)
        return;
    if (!ctx->aic) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, mat->addr, 0,
                        "pl.insert into a Mat tile runs on a vector core of a kernel with a section_cube");
        return;
    }
    uint8_t *d = rt_space_at(ctx, ctx->aic, op, mat);
    if (!d)
        return;
    if (pvc_dtype_table[mat->dtype].bits != pvc_dtype_table[vec->dtype].bits || rows < 0 || cols < 0 ||
        rows > vec->rows || cols > vec->cols || row < 0 || col < 0 || row > (int64_t)mat->rows - rows ||
        col > (int64_t)mat->cols - cols) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, mat->addr, 0,
                        "a %lldx%lld block at [%lld, %lld] does not fit the %ux%u Mat tile%s", (long long)rows,
                        (long long)cols, (long long)row, (long long)col, mat->rows, mat->cols,
                        mat->rows != declared->rows ? " (a ZN tile as the NZ tile it holds transposed)" : "");
        return;
    }
    pvc_tgeom dg, sg;
    pvc_tile_geom(mat, &dg);
    pvc_tile_geom(vec, &sg);
    pvc_tile_copy_window(d, &dg, row, col, s, &sg, 0, 0, rows, cols);
}
