/* pvc_rt_cube.h - the cube side (docs/SEMANTICS.md §17): memory spaces, tile layouts and
 * their index maps, the data paths between spaces, matmul and the fixpipe. Included by
 * pvc_rt.h only; users include pvc_rt.h. Implementation: runtime/src/cube_*.c.
 *
 * A block of a mixed kernel is one cube core (AIC) and two vector cores (AIV), each with its
 * own pvc_ctx. A vector core's memory is its UB (ctx->ub); a cube core's memories are one
 * allocation ctx->cube holding L1 (Mat), L0A (Left), L0B (Right), L0C (Acc), the bias table
 * and the fixpipe buffers at the bases of the space table below. A tile names its space;
 * every access to its bytes goes through pvc_space_bytes, which checks the tile against its
 * space's row (bounds, alignment, owning core) and faults SPACE_BOUNDS / MISALIGNED naming
 * the space.
 */
#ifndef PVC_RT_CUBE_H
#define PVC_RT_CUBE_H

typedef enum { PVC_CORE_AIV, PVC_CORE_AIC } pvc_core;

/* The rows of PVC_MEMS (pvc_rt.h) as data: name "VEC", pypto name "Vec", what, size,
 * alignment, base in ctx->cube, owning core. */
typedef struct {
    const char *name, *pyname, *text;
    uint32_t bytes, align, base;
    pvc_core core;
} pvc_mem_info;

extern const pvc_mem_info pvc_mem_table[PVC_MEM_COUNT];

/* Bytes of one cube core's memories (every AIC row's base + bytes). */
#define PVC_CUBE_BYTES 933888u

static inline int pvc_tile_layout_boxed(pvc_tile_layout l) { return l >= PVC_TL_NZ; }

/* The inner box (fractal) of a boxed layout: a fractal of `fractal` bytes (512, 1024 or 32)
 * is 16 rows of fractal/16 bytes when the small letter is Z (row-major inside), or
 * fractal/16 bytes' worth of rows by 16 columns when it is N (§17.3.2). Unboxed layouts
 * have a 1x1 "fractal". bits: the element width. */
static inline void pvc_fractal_box(pvc_tile_layout l, unsigned bits, unsigned fractal, uint32_t *ir,
                                   uint32_t *ic)
{
    uint32_t across = fractal * 8u / (16u * (bits ? bits : 8u));
    if (l == PVC_TL_NZ || l == PVC_TL_ZZ)
        *ir = 16, *ic = across;
    else if (l == PVC_TL_ZN || l == PVC_TL_NN)
        *ir = across, *ic = 16;
    else
        *ir = 1, *ic = 1;
}

/* The part of an element offset that depends on its row x (col 0) or its column x (col 1)
 * alone: every layout's map is separable, off(r, c) = part(r) + part(c), so a loop over a
 * window computes each row's and column's part once (pvc_tile_copy_window). */
static inline int64_t pvc_tl_part(pvc_tile_layout l, uint32_t rows, uint32_t cols, uint32_t ir, uint32_t ic,
                                  int col, int64_t x)
{
    if (l == PVC_TL_ND || (rows == 1 && pvc_tile_layout_boxed(l)))
        return col ? x : x * cols;
    if (l == PVC_TL_DN)
        return col ? x * rows : x;
    int64_t box = (int64_t)ir * ic;
    switch (l) {
    case PVC_TL_NZ: return col ? x / ic * rows * ic + x % ic : x * ic;
    case PVC_TL_ZN: return col ? x * ir : x / ir * cols * ir + x % ir;
    case PVC_TL_ZZ: return col ? x / ic * box + x % ic : (int64_t)(cols / ic) * (x / ir) * box + x % ir * ic;
    default: /* NN */ return col ? (int64_t)(rows / ir) * (x / ic) * box + x % ic * ir : x / ir * box + x % ir;
    }
}

/* Element offset of logical element (r, c) of a rows x cols tile in layout l with inner box
 * ir x ic (§17.3.3); the one index map every cube op addresses tiles through. A boxed tile of
 * one row is stored row-contiguous (the bias row, §17.3.3). An NZ column of boxes is `rows`
 * rows tall and a ZN row of boxes `cols` columns wide, whole boxes or not: a [65, 64] NZ tile's
 * second column starts at 65 * 16 elements, the padded stride attention kernels write with
 * block_stride 65 and TInsert reads (SrcTileData::Rows * c0, §17.3.3). */
static inline int64_t pvc_tl_off(pvc_tile_layout l, uint32_t rows, uint32_t cols, uint32_t ir,
                                 uint32_t ic, int64_t r, int64_t c)
{
    return pvc_tl_part(l, rows, cols, ir, ic, 0, r) + pvc_tl_part(l, rows, cols, ir, ic, 1, c);
}

/* FRACTAL_NZ GM tensors (pl.Tensor[[R, C], dtype, pl.NZ], docs/SEMANTICS.md §17.4.6): the
 * fractals are 16 rows of C0 = 32 bytes of elements (32 one-byte, 16 two-byte, 8 four-byte, 4
 * eight-byte elements), so logical (r, c) is at the NZ index map's offset for a 16 x C0 box,
 * the offset of pypto_pro's five-axis view [1, C/C0, R/16, 16, C0]. 0: a dtype without a C0
 * (sub-byte). */
static inline uint32_t pvc_nz_c0(int dtype)
{
    unsigned bits = pvc_dtype_table[dtype].bits;
    return bits >= 8 ? 256u / bits : 0;
}

static inline int64_t pvc_tensor_nz_off(const pvc_tensor *t, int64_t r, int64_t c)
{
    return pvc_tl_off(PVC_TL_NZ, (uint32_t)t->shape[0], (uint32_t)t->shape[1], 16, pvc_nz_c0(t->dtype), r, c);
}

/* The geometry of a tile every cube op reads: its layout, inner box and element width. */
typedef struct {
    pvc_tile_layout layout;
    uint32_t rows, cols, ir, ic;
    unsigned bytes; /* element bytes (4-bit types: 1, they move as bytes) */
    unsigned nib;   /* 1 for a 4-bit dtype: element offset e is the low (e even) or high nibble of byte e/2 */
} pvc_tgeom;

/* The fractal size of a tile in bytes: 1024 for a 4-byte Acc tile (the L0C hardware layout;
 * an explicit fractal=512 is trap C-T8, a pvc check warning), 32 for the MX scale spaces, 512
 * otherwise (§17.3.2). */
unsigned pvc_tile_fractal(const pvc_tile *t);
void pvc_tile_geom(const pvc_tile *t, pvc_tgeom *g);
static inline int64_t pvc_tgeom_off(const pvc_tgeom *g, int64_t r, int64_t c)
{
    return pvc_tl_off(g->layout, g->rows, g->cols, g->ir, g->ic, r, c);
}

/* pvc_tl_part of a tile's geometry */
static inline int64_t pvc_tgeom_part(const pvc_tgeom *g, int col, int64_t x)
{
    return pvc_tl_part(g->layout, g->rows, g->cols, g->ir, g->ic, col, x);
}

/* The bits of the element at element offset e of a tile buffer / its store (a 4-bit element
 * is its nibble, the lower offset in the low nibble, §17.5.5). */
static inline uint64_t pvc_tg_get(const uint8_t *buf, const pvc_tgeom *g, int64_t e)
{
    if (g->nib)
        return (uint64_t)(buf[e >> 1] >> ((e & 1) * 4)) & 0xFu;
    uint64_t v = 0;
    for (unsigned i = 0; i < g->bytes; i++)
        v |= (uint64_t)buf[e * g->bytes + i] << (8 * i);
    return v;
}

static inline void pvc_tg_put(uint8_t *buf, const pvc_tgeom *g, int64_t e, uint64_t v)
{
    if (g->nib) {
        unsigned sh = (unsigned)(e & 1) * 4;
        buf[e >> 1] = (uint8_t)((buf[e >> 1] & ~(0xFu << sh)) | ((v & 0xFu) << sh));
        return;
    }
    for (unsigned i = 0; i < g->bytes; i++)
        buf[e * g->bytes + i] = (uint8_t)(v >> (8 * i));
}

/* dst(dr + r, dc + c) = src(sr + r, sc + c) for r < rows, c < cols, each side by its own
 * geometry: the one element-by-element copy between layouts (checked by the caller; the two
 * buffers must not overlap). */
void pvc_tile_copy_window(uint8_t *dbuf, const pvc_tgeom *dg, int64_t dr, int64_t dc, const uint8_t *sbuf,
                          const pvc_tgeom *sg, int64_t sr, int64_t sc, int64_t rows, int64_t cols);

/* The bytes of tile t in its space on core ctx, after checking that the whole tile lies in
 * the space, that its address has the space's alignment and that ctx's core may reach the
 * space (a vector core its UB, a cube core its cube memories); faults SPACE_BOUNDS,
 * MISALIGNED or BAD_ARG naming op and the space, returning NULL outside a pcall. */
uint8_t *pvc_space_bytes(pvc_ctx *ctx, const char *op, const pvc_tile *t);

/* ---------------------------------------------------------------------------------------
 * Data paths (§17.2.4): which space an op may move data into from which, on which pipe.
 * X(SRC, DST, pipe, "op"). The checker refuses every other pair; the cost model and the
 * timeline put the move on the row's pipe.
 * ------------------------------------------------------------------------------------- */
#define PVC_CUBE_PATHS(X)                                        \
    X(GM,  VEC,         "MTE2", "pl.load")                       \
    X(GM,  MAT,         "MTE2", "pl.load")                       \
    X(MAT, LEFT,        "MTE1", "pl.move")                       \
    X(MAT, RIGHT,       "MTE1", "pl.move")                       \
    X(MAT, BIAS,        "MTE1", "pl.move")                       \
    X(MAT, SCALING,     "FIX",  "pl.move")                       \
    X(MAT, SCALE_LEFT,  "MTE1", "pl.move")                       \
    X(MAT, SCALE_RIGHT, "MTE1", "pl.move")                       \
    X(LEFT, ACC,        "M",    "pl.matmul")                     \
    X(ACC, GM,          "FIX",  "pl.store")                      \
    X(ACC, VEC,         "FIX",  "pl.move")                       \
    X(VEC, MAT,         "MTE3", "pl.insert")                     \
    X(VEC, GM,          "MTE3", "pl.store")                      \
    X(VEC, VEC,         "V",    "pl.move")

typedef struct {
    pvc_mem src, dst;
    const char *pipe, *op;
} pvc_cube_path;

extern const pvc_cube_path pvc_cube_paths[];
extern const int pvc_cube_path_count;
/* The row for src -> dst, NULL when no op moves data that way. */
const pvc_cube_path *pvc_cube_path_find(pvc_mem src, pvc_mem dst);

/* ---------------------------------------------------------------------------------------
 * Moves (§17.4). Every move is the element-wise identity between logical coordinates, each
 * buffer addressed by its own layout's index map.
 * ------------------------------------------------------------------------------------- */

/* pl.load GM -> Mat: tile(r, c) = tensor[o + r along row_axis][o + c along col_axis] for
 * r < valid_rows, c < valid_cols, clipped to the tensor as pvc_gm_load clips (§17.4.1);
 * transpose (order=[1, 0]): rows run along col_axis and columns along row_axis. Into a
 * boxed tile the columns (rows, transposed) up to the next inner-box edge are written with
 * 0; the rest of the tile keeps its bytes. Returns the elements clipped.
 * A 4-bit tensor (two codes a byte, the lower index in the low nibble) counts its last
 * axis's offset in bytes, as pypto_pro's packed annotation does (§17.5.5).
 * row_stride / col_stride: the element strides pl.set_stride gave the tile's rows and
 * columns in the tensor (PVC_STRIDE_DEFAULT: none); pvc reads a tensor as it lies, so they
 * must be the tensor's own (BAD_ARG otherwise).
 * pair: an MX scale load (§17.5.5): the tensor's last axis has 2 elements, and the tile's K
 * index g (the columns of a ZZ tile, the rows of an NN one) runs as g / 2 along its axis and
 * g % 2 along the last. */
int64_t pvc_cube_load(pvc_ctx *ctx, const pvc_tile *tile, const pvc_tensor *src, int64_t o0, int64_t o1,
                      int64_t o2, int64_t o3, int64_t o4, int64_t o5, int64_t o6, int64_t o7, int64_t row_axis, int64_t col_axis, int64_t valid_rows,
                      int64_t valid_cols, int64_t transpose, int64_t row_stride, int64_t col_stride, int64_t pair);

/* pl.move Mat -> Left / Right / Scaling / ScaleLeft / ScaleRight: dst(r, c) = src(r + m,
 * c + k) over dst's whole static shape (§17.4.2). m must be a multiple of the source's
 * inner-box rows and k of its inner-box columns (the hardware shifts them, silently
 * rounding down: pvc faults BAD_ARG instead); the window must lie inside src. */
void pvc_cube_move(pvc_ctx *ctx, const pvc_tile *dst, const pvc_tile *src, int64_t m, int64_t k);

/* pl.move Mat -> Bias (§17.4.3): bias[c] = float(src[0][c]) for c < dst.cols; FP16 -> FP32
 * converts, FP32 / INT32 copy. */
void pvc_cube_move_bias(pvc_ctx *ctx, const pvc_tile *dst, const pvc_tile *src);

/* pl.insert Vec -> Mat on a vector core of a mixed block (§17.4.5): mat(row + i, col + j) =
 * vec(i, j) for i < rows, j < cols, into the L1 of the block's cube core. An NZ vec into a
 * ZN mat [R, C] writes mat as the NZ [C, R] over its bytes: mat(col + j, row + i) = vec(i, j). */
void pvc_cube_insert(pvc_ctx *ctx, const pvc_tile *mat, const pvc_tile *vec, int64_t row, int64_t col,
                     int64_t rows, int64_t cols);

/* ---------------------------------------------------------------------------------------
 * Matmul (§17.5): dst(i, j) = init + sum_{k < K} lhs(i, k) * rhs(k, j) for i < M, j < N,
 * M = lhs valid rows, K = lhs valid cols, N = rhs valid cols (the caller passes them).
 * init: 0, dst's old value (matmul_acc), or bias[j]. Float inputs accumulate in FP32 by the
 * rule ctx->mad_rule; INT8 x INT8 -> INT32 is exact. The rows M..ceil16(M) and columns
 * N..ceil16(N) of dst are computed from lhs / rhs padding, as the hardware's whole result
 * fractals are.
 * ------------------------------------------------------------------------------------- */
typedef enum { PVC_MAD_ZERO, PVC_MAD_ACC, PVC_MAD_BIAS } pvc_mad_init;

/* The accumulation rules (§17.5.4). X(NAME, "name", "meaning"). Row 0 is the default. */
#define PVC_MAD_RULES(X)                                                                     \
    X(SEQ,  "seq",  "sequential FP32 fused multiply-add over k = 0..K-1 from init (pto-isa's CPU model)") \
    X(WIDE, "wide", "exact products summed in double, init added, rounded to FP32 once")

typedef enum {
#define X(name, text, doc) PVC_MAD_RULE_##name,
    PVC_MAD_RULES(X)
#undef X
    PVC_MAD_RULE_COUNT
} pvc_mad_rule;

extern const char *const pvc_mad_rule_name[PVC_MAD_RULE_COUNT];

/* The accumulator dtype of lhs x rhs, or PVC_DT_COUNT for a pair that does not compile. */
pvc_dtype pvc_mad_acc_dtype(pvc_dtype lhs, pvc_dtype rhs);

void pvc_mad(pvc_ctx *ctx, const pvc_tile *dst, const pvc_tile *lhs, const pvc_tile *rhs,
             const pvc_tile *bias, int64_t m, int64_t k, int64_t n, int64_t init);

/* pl.matmul_mx / matmul_mx_acc (§17.5.5): lhs, rhs an FP8 pair (E4M3 / E5M2) or an FP4 pair
 * (E2M1 / E1M2), scale_a [M, K/32] in ScaleLeft at lhs's address >> 4, scale_b [K/32, N] in
 * ScaleRight at rhs's address >> 4, E8M0 codes (2^(code - 127), 0xFF NaN). Each chain adds
 * the exact term lhs(i, k) rhs(k, j) 2^(sa + sb - 254) in FP32, k = 0, 1, ..., K-1, from init
 * (0 or dst's old value); the rows and columns to the 16-edge as pvc_mad. */
void pvc_mad_mx(pvc_ctx *ctx, const pvc_tile *dst, const pvc_tile *lhs, const pvc_tile *rhs,
                const pvc_tile *scale_a, const pvc_tile *scale_b, int64_t m, int64_t k, int64_t n, int64_t init);

/* ---------------------------------------------------------------------------------------
 * Fixpipe (§17.6): an Acc tile's valid rows x cols converted element by element on the way
 * to GM (pl.store) or to the vector cores' UB (pl.move ..., acc_to_vec_mode=).
 *   conversion: acc dtype -> destination dtype; relu (before the scale) and a scale, the
 *   pypto_pro deq word: low 32 bits an FP32 scale, bit 46 signed INT8 output; a per-column
 *   Scaling tile replaces the scalar word. PVC_FIX_NOSCALE: no scale.
 * ------------------------------------------------------------------------------------- */
#define PVC_FIX_NOSCALE UINT64_MAX
#define PVC_FIX_SIGNED_BIT (1ull << 46)

/* acc_to_vec_mode (§17.4.4). X(NAME, pypto value, "what") */
#define PVC_ACC_TO_VEC_MODES(X)                                                   \
    X(SingleModeVec0, 0, "the whole result to vector core 0's UB")                \
    X(SingleModeVec1, 1, "the whole result to vector core 1's UB")                \
    X(DualModeSplitM, 2, "rows [0, ceil2(M)/2) to core 0, the rest to core 1")    \
    X(DualModeSplitN, 3, "columns [0, ceil32(N)/2) to core 0, the rest to core 1")

typedef enum {
#define X(name, v, doc) PVC_ACC2VEC_##name = v,
    PVC_ACC_TO_VEC_MODES(X)
#undef X
} pvc_acc_to_vec;

/* The deq word of a scale: the bits of float32(scale) (nearest even from the double, as
 * pypto_pro packs a Python float), with PVC_FIX_SIGNED_BIT when the output is INT8. */
uint64_t pvc_fix_deq_of(double scale, int64_t signed_out);

/* Whether acc -> out converts with (has_scale) or without a scale (§17.6.3). */
int pvc_fix_legal(pvc_dtype acc, pvc_dtype out, int has_scale);

/* One element: acc bits -> out bits (relu, then the scale, then the conversion). */
uint64_t pvc_fix_convert(pvc_dtype acc, pvc_dtype out, uint64_t bits, int relu, uint64_t deq);

/* pl.store from Acc: tensor[o + r along row_axis][o + c along col_axis] = convert(acc(r, c))
 * for r < valid_rows, c < valid_cols, clipped to the tensor (row_axis -1: a rank-1 tensor); atomic: old + new in the tensor's dtype, under the one
 * GM lock of atomic writes (pvc_gm_atomic_lock). scale: a Scaling tile of per-column deq
 * words, or NULL for the scalar deq. */
int64_t pvc_fix_store(pvc_ctx *ctx, const pvc_tensor *dst, const pvc_tile *acc, int64_t o0, int64_t o1,
                      int64_t o2, int64_t o3, int64_t o4, int64_t o5, int64_t o6, int64_t o7, int64_t row_axis, int64_t col_axis, int64_t valid_rows,
                      int64_t valid_cols, int64_t relu, uint64_t deq, const pvc_tile *scale, int64_t atomic);

/* pl.move(vec, acc, acc_to_vec_mode=mode) on the cube core: the valid result, converted to
 * vec's dtype, into the UB of the block's vector core(s) at vec's address, split by mode;
 * scale: a Scaling tile of per-column deq words, or NULL for the scalar deq. */
void pvc_fix_to_vec(pvc_ctx *ctx, const pvc_tile *vec, const pvc_tile *acc, int64_t valid_rows,
                    int64_t valid_cols, int64_t mode, int64_t relu, uint64_t deq, const pvc_tile *scale);

/* Atomic GM writes (fixpipe atomic add, and any other read-modify-write of GM a core does
 * while other cores run): one process-wide lock, so a native launch's threads add in some
 * order and never lose an update. */
void pvc_gm_atomic_lock(void);
void pvc_gm_atomic_unlock(void);

/* ---------------------------------------------------------------------------------------
 * Cross-core flags of a mixed block (§17.7, runtime/src/cube_sync.c). The block runner makes
 * one pvc_xsync per block (deterministic: the simulator's one-core-at-a-time schedule) and
 * points the three cores' ctx->xsync at it; each core calls start before its first op and
 * finish after its last (also after a fault, so the others never wait for it). With no
 * xsync (a vector-only or cube-only launch: one core per block) set and wait do nothing.
 * sync_mode: pl.CrossCoreSyncMode's values.
 * ------------------------------------------------------------------------------------- */
typedef struct pvc_xsync pvc_xsync;
enum { PVC_XSYNC_INTER_BLOCK = 0, PVC_XSYNC_INTER_SUBBLOCK = 1, PVC_XSYNC_INTRA = 2, PVC_XSYNC_UNICAST = 3 };

pvc_xsync *pvc_xsync_new(int deterministic);
void pvc_xsync_free(pvc_xsync *x);
void pvc_xsync_start(pvc_ctx *ctx);
void pvc_xsync_finish(pvc_ctx *ctx);
/* pl.system.set_cross_core / wait_cross_core: a wait that no core can ever satisfy faults
 * DEADLOCK naming every core's wait. */
void pvc_cross_set(pvc_ctx *ctx, int64_t pipe, int64_t id, int64_t mode);
void pvc_cross_wait(pvc_ctx *ctx, int64_t pipe, int64_t id, int64_t mode);
/* The order the flags give the cores of a block (§17.7), for the simulator's race map: the
 * core (0 the cube core, 1 and 2 the vector cores; 0 without an xsync) and its vector clock,
 * clk[k] the last epoch of core k whose GM accesses happen before this core's next one.
 * Without an xsync every entry is 0. */
enum { PVC_XSYNC_CORES = 3 };
int pvc_xsync_core(const pvc_ctx *ctx);
void pvc_xsync_clock(const pvc_ctx *ctx, uint32_t clk[PVC_XSYNC_CORES]);

#endif /* PVC_RT_CUBE_H */
