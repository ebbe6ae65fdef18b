/* pvc_rt_tile.h - the tile level (docs/SEMANTICS.md §15): the pl.* ops of a @pl.jit kernel
 * that compute on whole UB tiles (pl.add, pl.exp, pl.sum, pl.cast, pl.gt, pl.select, ...).
 * Included by pvc_rt.h only; users include pvc_rt.h. Implementation: runtime/src/tile_*.c.
 *
 * Each op is one PTO tile instruction, whose Ascend 950 implementation is a loop over
 * 256-byte chunks of the register ops of pvc_rt_arith.h / pvc_rt_lanes.h / pvc_rt_xlane.h:
 * so a tile op here runs that loop and calls those functions on each chunk; no arithmetic
 * is written a second time (§15.2):
 *
 *     for r < R:                                  R x C = the valid shape that drives the op
 *         for j < ceil(C / E):                    E = 256 / lane bytes elements per chunk
 *             n = min(E, C - j*E), lanes 0..n-1 active
 *             load the sources' chunk at row r, element j*E
 *             the register op on it, lanes >= n inactive
 *             store the active lanes of the result to dst row r, element j*E
 *
 * Rows r ascend and chunks j ascend, each chunk loaded before it is stored, so an op in
 * place (dst the same tile as a source) reads every element before writing it. Elements of
 * dst outside the loop's window are never written.
 *
 * Operands. Every tile is passed as (const pvc_tile *t, int64_t vr, int64_t vc): the tile and
 * its valid rows and cols at this use (pvc_rt.h "tiles"). A valid extent below 0 or above the
 * tile's shape raises BAD_ARG; 0 is an empty window. A tile must lie inside the UB
 * (UB_BOUNDS) and have whole-byte elements (BAD_ARG). A scalar is the raw bits of one
 * element of the op's dtype (pvc_scalar_bits: the C++ conversion, §9.6). Faults are raised
 * before any byte of dst is written, except a fault of the register op itself, which stops
 * the loop at that chunk.
 *
 * Layouts (§15.1): the element-wise, unary, compare and select ops need row-major (ND)
 * tiles; the scalar ops and pl.expands also take a column-major [N, 1] tile, whose rows are
 * one element each; the compiler rejects the rest (§15.3).
 *
 * Every function returns the number of 256-byte chunks it ran (the trace's chunk count).
 */
#ifndef PVC_RT_TILE_H
#define PVC_RT_TILE_H

/* ---------------------------------------------------------------------------------------
 * Element-wise ops (§15.4). The loop runs over dst's valid shape; the sources are read at
 * the same (row, element) places, whatever their own valid shapes (PTO checks those only in
 * debug builds, §15.2).
 *
 * Tile x tile, X(NAME, pypto name, register op): dst = OP(a, b) per element.
 * ------------------------------------------------------------------------------------- */
#define PVC_TILE_BINOPS(X)                \
    X(ADD, "add", "pvc_add")              \
    X(SUB, "sub", "pvc_sub")              \
    X(MUL, "mul", "pvc_mul")              \
    X(DIV, "div", "pvc_div")              \
    X(MAX, "maximum", "pvc_max")          \
    X(MIN, "minimum", "pvc_min")          \
    X(AND, "and_", "pvc_and")             \
    X(OR, "or_", "pvc_or")                \
    X(XOR, "xor", "pvc_xor")              \
    X(SHL, "shl", "pvc_shift_left_reg")   \
    X(SHR, "shr", "pvc_shift_right_reg")
typedef enum {
#define X(name, pyname, fn) PVC_TB_##name,
    PVC_TILE_BINOPS(X)
#undef X
    PVC_TB_COUNT
} pvc_tile_bin;

int64_t pvc_tile_binary(pvc_ctx *ctx, pvc_tile_bin op, const pvc_tile *dst, int64_t dst_vr, int64_t dst_vc,
                        const pvc_tile *a, int64_t a_vr, int64_t a_vc, const pvc_tile *b, int64_t b_vr,
                        int64_t b_vc);

/* Tile x scalar, X(NAME, pypto name, register op): dst = OP(a, s) per element; SUBS adds -s
 * (PTO's TSUBS), DIVS divides by a register of s (TDIVS: vdiv, not a scalar op), RDIVS
 * divides s by the element (TDIVS with the scalar first: pl.recip), AXPY is dst = s*a + dst
 * in one rounding (reads dst). */
#define PVC_TILE_SCALAROPS(X)                 \
    X(ADDS, "adds", "pvc_adds")               \
    X(SUBS, "subs", "pvc_adds")               \
    X(MULS, "muls", "pvc_muls")               \
    X(DIVS, "divs", "pvc_div")                \
    X(RDIVS, "divs", "pvc_div")               \
    X(MAXS, "maxs", "pvc_maxs")               \
    X(MINS, "mins", "pvc_mins")               \
    X(ANDS, "ands", "pvc_and")                \
    X(ORS, "ors", "pvc_or")                   \
    X(XORS, "xors", "pvc_xor")                \
    X(SHLS, "shls", "pvc_shift_left")         \
    X(SHRS, "shrs", "pvc_shift_right")        \
    X(AXPY, "axpy", "pvc_axpy")
typedef enum {
#define X(name, pyname, fn) PVC_TS_##name,
    PVC_TILE_SCALAROPS(X)
#undef X
    PVC_TS_COUNT
} pvc_tile_sop;

int64_t pvc_tile_scalar(pvc_ctx *ctx, pvc_tile_sop op, const pvc_tile *dst, int64_t dst_vr, int64_t dst_vc,
                        const pvc_tile *a, int64_t a_vr, int64_t a_vc, uint64_t s);

/* Unary, X(NAME, pypto name, register ops): dst = OP(a). NEG is PTO's TMULS(a, -1) (so a NaN
 * keeps vmuls' payload rule, integers wrap), RSQRT is vsqrt then vdiv(1, .) (two roundings),
 * RECIP is vdiv(1, .). */
#define PVC_TILE_UNOPS(X)                       \
    X(EXP, "exp", "pvc_exp")                    \
    X(LOG, "log", "pvc_ln")                     \
    X(SQRT, "sqrt", "pvc_sqrt")                 \
    X(RSQRT, "rsqrt", "pvc_sqrt, pvc_div")      \
    X(RECIP, "recip", "pvc_div")                \
    X(RELU, "relu", "pvc_relu")                 \
    X(ABS, "abs", "pvc_abs")                    \
    X(NEG, "neg", "pvc_muls")                   \
    X(NOT, "not_", "pvc_not")
typedef enum {
#define X(name, pyname, fn) PVC_TU_##name,
    PVC_TILE_UNOPS(X)
#undef X
    PVC_TU_COUNT
} pvc_tile_uop;

int64_t pvc_tile_unary(pvc_ctx *ctx, pvc_tile_uop op, const pvc_tile *dst, int64_t dst_vr, int64_t dst_vc,
                       const pvc_tile *a, int64_t a_vr, int64_t a_vc);

/* pl.expands(dst, s): every element of dst's valid shape = s (vdup). */
int64_t pvc_tile_expands(pvc_ctx *ctx, const pvc_tile *dst, int64_t dst_vr, int64_t dst_vc, uint64_t s);

/* ---------------------------------------------------------------------------------------
 * Reductions (§15.7), X(NAME, pypto name): pl.sum / pl.maximum / pl.minimum with dim=.
 *
 * Row reduction (dim=0): for r < src valid rows, over src's valid cols C:
 *     acc = INIT (SUM +0, MAX the lowest value, MIN the highest)
 *     for each 256-byte chunk of row r: acc = OP(acc, vcadd / vcmax / vcmin of the chunk)
 *     dst element (r, 0) = acc
 * so a sum is a pairwise tree inside each chunk and a left-to-right sum of the chunk
 * partials. An INT16 sum accumulates in INT32 (vcadd widens) and keeps the low 16 bits;
 * 8-bit max/min reduce the chunk widened to 16 bits. Nothing else of dst is written.
 * Column reduction (dim != 0): for each chunk of src's valid cols,
 *     acc = row 0; then acc = OP(acc, OP(row 1+2k, row 2+2k)) for k < (R-1)/2;
 *     then acc = OP(acc, row R-1) when R-1 is odd;  dst row 0 = acc
 * with OP = vadd / vmax / vmin in the element type (FP16 sums round at every step). R = 0
 * or C = 0 writes nothing.
 * ------------------------------------------------------------------------------------- */
#define PVC_TILE_REDUCES(X) \
    X(SUM, "sum")           \
    X(MAX, "maximum")       \
    X(MIN, "minimum")
typedef enum {
#define X(name, pyname) PVC_RED_##name,
    PVC_TILE_REDUCES(X)
#undef X
    PVC_RED_COUNT
} pvc_tile_reduce;

int64_t pvc_tile_row_reduce(pvc_ctx *ctx, pvc_tile_reduce op, const pvc_tile *dst, int64_t dst_vr,
                            int64_t dst_vc, const pvc_tile *src, int64_t src_vr, int64_t src_vc);
int64_t pvc_tile_col_reduce(pvc_ctx *ctx, pvc_tile_reduce op, const pvc_tile *dst, int64_t dst_vr,
                            int64_t dst_vc, const pvc_tile *src, int64_t src_vr, int64_t src_vc);

/* ---------------------------------------------------------------------------------------
 * Broadcast ops (§15.8): pl.expand_sub / div / mul / max / min (and add), op one of
 * PVC_TB_ADD .. PVC_TB_MIN, over dst's valid shape.
 *   row form (dim=0): dst[r][c] = OP(src[r][c], s[r]), s an [N, 1] column tile (element r),
 *     or a row-major [N, 32 / element bytes] tile whose row r is repeated as 32-byte blocks
 *     (lane c = s[r][c mod (32 / element bytes)]);
 *   col form (dim != 0): dst[r][c] = OP(src[r][c], s[0][c]), s a [1, N] row.
 * Which operand is the full tile is decided at run time, as PTO does: src0 when its valid
 * shape is dst's, else src1, and then dst = OP(bcast(src0), src1), the operand order kept.
 * ------------------------------------------------------------------------------------- */
int64_t pvc_tile_row_expand(pvc_ctx *ctx, pvc_tile_bin op, const pvc_tile *dst, int64_t dst_vr, int64_t dst_vc,
                            const pvc_tile *src0, int64_t src0_vr, int64_t src0_vc, const pvc_tile *src1,
                            int64_t src1_vr, int64_t src1_vc);
int64_t pvc_tile_col_expand(pvc_ctx *ctx, pvc_tile_bin op, const pvc_tile *dst, int64_t dst_vr, int64_t dst_vc,
                            const pvc_tile *src0, int64_t src0_vr, int64_t src0_vc, const pvc_tile *src1,
                            int64_t src1_vr, int64_t src1_vc);

/* pl.fillpad's mode (pl.FillPadMode), X(NAME, pypto name, what). */
#define PVC_FILLPAD_MODES(X)                                                  \
    X(NORMAL, "NORMAL", "copy src's valid shape, pad the rest of dst")        \
    X(EXPAND, "EXPAND", "the same into a dst larger than src")                \
    X(INPLACE, "INPLACE", "pad around the valid shape of dst itself")
typedef enum {
#define X(name, pyname, text) PVC_FILLPAD_##name,
    PVC_FILLPAD_MODES(X)
#undef X
    PVC_FILLPAD_COUNT
} pvc_fillpad_mode;

/* ---------------------------------------------------------------------------------------
 * Compares and select (§15.9). A compare writes a bit mask into dst (a UINT8 tile as pypto
 * documents it): element (r, c) of lhs's valid shape is bit c % 8 of byte c / 8 of row r,
 * row r starting at byte r * cols * element bytes of dst; whole groups are written, 16 bytes
 * per 128 elements (32 per 256 for 8-bit inputs), bits past valid cols 0. The per-element
 * rule is vcmp's (§5.2: NaN compares false but for ne). op is a pvc_cmp.
 * Select: dst[r][c] = bit(mask, r, c) ? lhs[r][c] : rhs[r][c] (or the scalar) over dst's
 * valid shape, the mask's row r at byte r * mask cols (PTO's TSEL reads that pitch).
 * ------------------------------------------------------------------------------------- */
int64_t pvc_tile_cmp(pvc_ctx *ctx, pvc_cmp op, const pvc_tile *out, int64_t out_vr, int64_t out_vc,
                     const pvc_tile *lhs, int64_t lhs_vr, int64_t lhs_vc, const pvc_tile *rhs, int64_t rhs_vr,
                     int64_t rhs_vc);
int64_t pvc_tile_cmps(pvc_ctx *ctx, pvc_cmp op, const pvc_tile *out, int64_t out_vr, int64_t out_vc,
                      const pvc_tile *lhs, int64_t lhs_vr, int64_t lhs_vc, uint64_t rhs);
int64_t pvc_tile_select(pvc_ctx *ctx, const pvc_tile *out, int64_t out_vr, int64_t out_vc, const pvc_tile *mask,
                        int64_t mask_vr, int64_t mask_vc, const pvc_tile *lhs, int64_t lhs_vr, int64_t lhs_vc,
                        const pvc_tile *rhs, int64_t rhs_vr, int64_t rhs_vc);
int64_t pvc_tile_selects(pvc_ctx *ctx, const pvc_tile *out, int64_t out_vr, int64_t out_vc, const pvc_tile *mask,
                         int64_t mask_vr, int64_t mask_vc, const pvc_tile *lhs, int64_t lhs_vr, int64_t lhs_vc,
                         uint64_t rhs);

/* ---------------------------------------------------------------------------------------
 * pl.fillpad (§15.10): with sR x sC = src's valid shape, dR = dst's valid rows, DC = dst's
 * cols and P = dst's pad value (zero; max: +inf or the largest integer; min: -inf or the
 * smallest integer, 0 unsigned):
 *     dst[r][c] = src[r][c]   r < sR, c < sC          (not INPLACE, where dst is src)
 *     dst[r][c] = P           r < sR, sC <= c < DC    (to the end of the physical row)
 *     dst[r][c] = P           sR <= r < dR, c < DC
 * Rows from dR on are untouched. NORMAL and INPLACE need equal shapes, EXPAND a dst at
 * least src's; a dst without pad value is BAD_ARG.
 * ------------------------------------------------------------------------------------- */
int64_t pvc_tile_fillpad(pvc_ctx *ctx, pvc_fillpad_mode mode, const pvc_tile *out, int64_t out_vr, int64_t out_vc,
                         const pvc_tile *src, int64_t src_vr, int64_t src_vc);

/* pl.transpose (§15.13): out[c][r] = src[r][c] for r < src's valid rows, c < its valid cols,
 * two row-major tiles of one element width (the bits move unchanged); out's valid shape is
 * not read, and nothing of out outside the transposed window changes. A window that does not
 * fit out's shape is BAD_ARG. Runs as PTO's TTRANS: per source row a vector load, the row
 * scattered down out's column. */
int64_t pvc_tile_transpose(pvc_ctx *ctx, const pvc_tile *out, int64_t out_vr, int64_t out_vc, const pvc_tile *src,
                           int64_t src_vr, int64_t src_vc);

/* pl.histogram (§15.14): PTO's THISTOGRAM. For each row r below src's valid rows, over its
 * valid cols, dst elements 256*r .. 256*r+255 (256 apart whatever dst's cols: the device
 * stores there) = the cumulative count bin[b] = #{c : byte(src[r][c]) <= b and the filter}:
 *   UINT16 src, is_msb: byte = bits 15-8, no filter; else bits 7-0 where bits 15-8 = idx
 *     byte r (idx a column-major [N, 1] UINT8 tile);
 *   UINT32 src, is_msb: bits 31-24, no filter; else bits 7-0 where bits 31-24, 23-16 and
 *     15-8 equal the first bytes of idx rows 0, 1, 2 (idx a row-major [3, src cols] tile).
 * Counts are 32-bit; dst UINT32 row-major. Run per 256-element chunk as chistv2 BIN0 and BIN1
 * into zeroed 16-bit bins (pvc_histograms) widened and added (vadd). */
int64_t pvc_tile_histogram(pvc_ctx *ctx, const pvc_tile *dst, int64_t dst_vr, int64_t dst_vc, const pvc_tile *src,
                           int64_t src_vr, int64_t src_vc, const pvc_tile *idx, int64_t idx_vr, int64_t idx_vc,
                           int64_t is_msb);

/* pl.scatter (§15.20): PTO's TSCATTER. The whole of out is zeroed, then for each element (r, c)
 * of idx's valid shape, in row and chunk order (vscatter: the higher lane wins a duplicate),
 * out element idx[r][c] = src[r][c]. out and src one dtype of 1, 2 or 4 bytes; idx 32-bit
 * integers for 4-byte data, 16-bit otherwise; an element outside the UB faults UB_BOUNDS. */
int64_t pvc_tile_scatter(pvc_ctx *ctx, const pvc_tile *out, int64_t out_vr, int64_t out_vc, const pvc_tile *src,
                         int64_t src_vr, int64_t src_vc, const pvc_tile *idx, int64_t idx_vr, int64_t idx_vc);
/* pl.dequant (§15.21): PTO's TDEQUANT. out[r][c] = (FP32(src[r][c]) - offset[r]) * scale[r]
 * (vsub, vmul: two FP32 roundings) over out's valid shape, src INT8 or INT16, out, scale and
 * offset FP32 (scale and offset element (r, 0)). Every chunk stores the first min(valid cols,
 * 64) lanes (A5 makes the predicate once), so a last partial chunk also writes past the valid
 * cols (inside the tile, else BAD_ARG). */
int64_t pvc_tile_dequant(pvc_ctx *ctx, const pvc_tile *out, int64_t out_vr, int64_t out_vc, const pvc_tile *src,
                         int64_t src_vr, int64_t src_vc, const pvc_tile *scale, int64_t scale_vr, int64_t scale_vc,
                         const pvc_tile *offset, int64_t offset_vr, int64_t offset_vc);

/* pl.quant's mode (pl.QuantMode), X(NAME, pypto name, what): pypto's member values. */
#define PVC_QUANT_MODES(X)                                                       \
    X(SYM, "SYM", "symmetric: INT8 out = sat(rint(x * scale[r]))")              \
    X(ASYM, "ASYM", "asymmetric: UINT8 out = sat(rint(x * scale[r] + offset[r]))")
typedef enum {
#define X(name, pyname, text) PVC_QUANT_##name,
    PVC_QUANT_MODES(X)
#undef X
    PVC_QUANT_COUNT
} pvc_quant_mode;

/* pl.quant (§15.22): PTO's TQUANT INT8_SYM / INT8_ASYM over src's valid shape: per element
 * q = x * scale[r] (vmul) (+ offset[r], vadd), each FP32 RNE, then rounded to an integer
 * (nearest even) and saturated to INT8 (SYM) or UINT8 (ASYM) through TQUANT's vcvt chain
 * (FP32 -> INT32 -> FP32 -> FP16 -> 8 bits); scale and offset FP32, element r of their tiles
 * (vlds BRC_B32 at element r), offset unused by SYM. */
int64_t pvc_tile_quant(pvc_ctx *ctx, pvc_quant_mode mode, const pvc_tile *out, int64_t out_vr, int64_t out_vc,
                       const pvc_tile *src, int64_t src_vr, int64_t src_vc, const pvc_tile *scale, int64_t scale_vr,
                       int64_t scale_vc, const pvc_tile *offset, int64_t offset_vr, int64_t offset_vc);

/* pl.fill_index (§15.19): PTO's TCI, a scalar loop: element j of out's valid cols = start + j
 * in out's dtype (start the element's bits, the sum wrapping), out a [1, N] tile of INT16,
 * UINT16, INT32 or UINT32 (BAD_ARG otherwise). */
int64_t pvc_tile_fill_index(pvc_ctx *ctx, const pvc_tile *out, int64_t out_vr, int64_t out_vc, uint64_t start);

/* pl.argmax / pl.argmin (§15.18), is_max 1 / 0, dst an INT32 or UINT32 index tile.
 * Row form (dim=0): dst element (r, 0) for r below src's valid rows = the index of the max
 * (min) of row r: per chunk vcmax (vcmin) gives the chunk's best and its lane, which replaces
 * the best so far only when strictly greater (less) (vcmp on lane 0), from the lowest
 * (highest) value and index 0. Column form: dst element (0, c) for c below src's valid cols =
 * the row of the best of column c: row 0, then each row r replacing where strictly greater
 * (less) (vcmp, vsel). So ties keep the first; a NaN wins only as vcmax picks it in a chunk. */
int64_t pvc_tile_row_argreduce(pvc_ctx *ctx, int is_max, const pvc_tile *dst, int64_t dst_vr, int64_t dst_vc,
                               const pvc_tile *src, int64_t src_vr, int64_t src_vc);
int64_t pvc_tile_col_argreduce(pvc_ctx *ctx, int is_max, const pvc_tile *dst, int64_t dst_vr, int64_t dst_vc,
                               const pvc_tile *src, int64_t src_vr, int64_t src_vc);

/* pl.partadd / partmax / partmin / partmul (§15.17), op PVC_TB_ADD, MAX, MIN or MUL: over
 * dst's valid shape, dst[r][c] = OP(src0[r][c], src1[r][c]) inside the overlap of the two
 * sources' valid shapes, else the element of the larger source (src1 when src0's valid rows or
 * cols are fewer, else src0). One source must have dst's valid shape and dst's extents are the
 * larger of the two (PTO's assert; BAD_ARG otherwise). */
int64_t pvc_tile_part(pvc_ctx *ctx, pvc_tile_bin op, const pvc_tile *dst, int64_t dst_vr, int64_t dst_vc,
                      const pvc_tile *a, int64_t a_vr, int64_t a_vc, const pvc_tile *b, int64_t b_vr, int64_t b_vc);

/* pl.gather (§15.23), PTO's TGATHER by index: over out's valid shape, out[r][c] = src element
 * number idx[r][c] (from src's base), per chunk of 256 / idx bytes elements a vgather2 (a
 * 2-byte element with 32-bit indices: vgather2_bc). out and src one dtype of 1, 2 or 4 bytes;
 * idx 16-bit for 1-byte data, 32-bit for 4-byte data, either for 2-byte data. */
int64_t pvc_tile_gather(pvc_ctx *ctx, const pvc_tile *out, int64_t out_vr, int64_t out_vc, const pvc_tile *src,
                        int64_t src_vr, int64_t src_vc, const pvc_tile *idx, int64_t idx_vr, int64_t idx_vc);

/* pl.gathermask (§15.15): PTO's TGATHER with a MaskPattern. Lane i of each 256-byte chunk of
 * src's valid rows is kept by pattern_mode: 1 i even, 2 i odd, 3..6 i % 4 == mode - 3, 7 all;
 * the kept elements, row after row, are one packed stream from out's base (vsqz, vstur), so
 * out's rows and valid shape do not place them. Row-major tiles of one element width, 1, 2
 * or 4 bytes; the stream must fit out (BAD_ARG). Sets the AR register, as the device does. */
int64_t pvc_tile_gathermask(pvc_ctx *ctx, const pvc_tile *out, int64_t out_vr, int64_t out_vc, const pvc_tile *src,
                            int64_t src_vr, int64_t src_vc, int64_t pattern_mode);
/* pl.gatherb (§15.16): PTO's TGATHERB. Over out's valid shape, chunk j of row r is the 32-byte
 * blocks src + offsets[r][8j + k] bytes (k < 8, vgatherb: a block is read when any of its
 * lanes is among the chunk's first n), stored masked to out row r, element j * E. The
 * offsets are 32-bit, multiples of 32 (else MISALIGNED), and may leave src (the UB bound is
 * checked). */
int64_t pvc_tile_gatherb(pvc_ctx *ctx, const pvc_tile *out, int64_t out_vr, int64_t out_vc, const pvc_tile *src,
                         int64_t src_vr, int64_t src_vc, const pvc_tile *offsets, int64_t offsets_vr,
                         int64_t offsets_vc);

/* pl.gather's compare form (§15.23): PTO's TGATHER with a k value per src row. For each row r
 * below src's valid rows, the indices (a running count from `offset`, 64 per 64-lane group and
 * never reset between rows) of the elements that compare GT (cmp_mode 4) or EQ (any other
 * mode; always EQ for a UINT16 src) with k[r] are written one after another from out row r
 * (INT32/UINT32), and the row's byte count to cdst element r. FP32 elements are compared as
 * their round-to-nearest INT32 read as uint32, 4-byte ints as uint32 (only valid cols), FP16
 * as floats against (float)(int16)k, 1- and 2-byte ints zero-extended against (uint32)(float)k
 * over whole repeats of 128 / 64 elements (past the valid cols too). */
int64_t pvc_tile_gather_cmp(pvc_ctx *ctx, const pvc_tile *out, int64_t out_vr, int64_t out_vc, const pvc_tile *src,
                            int64_t src_vr, int64_t src_vc, const pvc_tile *kv, int64_t kv_vr, int64_t kv_vc,
                            const pvc_tile *cdst, int64_t cdst_vr, int64_t cdst_vc, int64_t cmp_mode, int64_t offset);

/* pl.addc (§15.26): out = (a + b) + c per element over out's valid shape, each add rounded to
 * the dtype (two vadds per chunk); the four tiles one dtype. */
int64_t pvc_tile_addc(pvc_ctx *ctx, const pvc_tile *dst, int64_t dst_vr, int64_t dst_vc, const pvc_tile *a,
                      int64_t a_vr, int64_t a_vc, const pvc_tile *b, int64_t b_vr, int64_t b_vc, const pvc_tile *c,
                      int64_t c_vr, int64_t c_vc);

/* pl.sort32 (§15.24): PTO's TSORT32. For each row r below dst's valid rows, src row r is
 * sorted in blocks of 32 values (vbitsort) with the UINT32 indices of idx row r (idx row 0 for
 * every row when idx has one valid row), each block's 32 records of 8 bytes (FP32 [value,
 * index], FP16 [value, 0, index]) written from dst row r + 256 bytes per block, the largest
 * value first by the bits' total order (-NaN lowest), equal values by the smaller index.
 * Without tmp (NULL) only src's whole blocks are sorted (valid cols / 32); with tmp a partial
 * last block is sorted through tmp, its missing values -NaN (sorting last), so a row writes
 * ceil(valid cols / 32) * 32 records, whatever dst's cols. dst, src, tmp FP16 or FP32. */
int64_t pvc_tile_sort32(pvc_ctx *ctx, const pvc_tile *dst, int64_t dst_vr, int64_t dst_vc, const pvc_tile *src,
                        int64_t src_vr, int64_t src_vc, const pvc_tile *idx, int64_t idx_vr, int64_t idx_vc,
                        const pvc_tile *tmp, int64_t tmp_vr, int64_t tmp_vc);

/* pl.mrgsort (§15.25): PTO's TMRGSORT of one tile. src holds sorted lists of block_len
 * elements' worth of records (block_len * lane bytes / 8 records each); every four
 * consecutive lists are merged (vmrgsort4) into dst at the same place, src cols /
 * (4 block_len) times (an 8-bit count). Descending, equal keys from the lower list first. */
int64_t pvc_tile_mrgsort(pvc_ctx *ctx, const pvc_tile *dst, int64_t dst_vr, int64_t dst_vc, const pvc_tile *src,
                         int64_t src_vr, int64_t src_vc, int64_t block_len);

/* pl.mrgsort2 (§15.25): PTO's TMRGSORT of 2 to 4 lists (nlists; src2, src3 NULL when
 * absent), named as the lowering names them: list k is src k's valid cols of records,
 * merged into tmp (stopping when a list runs out if `exhausted`), then dst's valid cols
 * copied from tmp in whole 32-byte blocks. */
int64_t pvc_tile_mrgsort_lists(pvc_ctx *ctx, int64_t nlists, int64_t exhausted, const pvc_tile *dst, int64_t dst_vr,
                               int64_t dst_vc, const pvc_tile *tmp, int64_t tmp_vr, int64_t tmp_vc,
                               const pvc_tile *src0, int64_t src0_vr, int64_t src0_vc, const pvc_tile *src1,
                               int64_t src1_vr, int64_t src1_vc, const pvc_tile *src2, int64_t src2_vr,
                               int64_t src2_vc, const pvc_tile *src3, int64_t src3_vr, int64_t src3_vc);

/* ---------------------------------------------------------------------------------------
 * pl.cast (§15.6). pl.RoundMode, X(NAME, pypto name, what): the member values are pypto's
 * (CAST_NONE = 0 ... CAST_ODD = 6). pvc_tile_cast_round gives the pvc_round a mode runs as
 * for a pair: NONE, and ODD on any pair but FP32 -> FP16, truncate float -> integer and
 * round to nearest even otherwise (PTO's TCVT dispatch).
 * ------------------------------------------------------------------------------------- */
#define PVC_TILE_ROUNDS(X)                                                                     \
    X(NONE, "CAST_NONE", "float -> integer truncates, every other pair rounds to nearest even") \
    X(RINT, "CAST_RINT", "nearest, ties to even")                                              \
    X(ROUND, "CAST_ROUND", "nearest, ties away from zero (pl.cast's default)")                 \
    X(FLOOR, "CAST_FLOOR", "toward -inf")                                                      \
    X(CEIL, "CAST_CEIL", "toward +inf")                                                        \
    X(TRUNC, "CAST_TRUNC", "toward zero")                                                      \
    X(ODD, "CAST_ODD", "round to odd for FP32 -> FP16, else as CAST_NONE")
typedef enum {
#define X(name, pyname, text) PVC_TR_##name,
    PVC_TILE_ROUNDS(X)
#undef X
    PVC_TR_COUNT
} pvc_tile_round;

/* The pairs TCVT converts (one castData overload each, §15.6), X(FROM, TO). */
#define PVC_TILE_CASTS(X)                                                                        \
    X(FP32, FP32) X(FP32, FP16) X(FP32, BF16) X(FP32, INT16) X(FP32, INT32) X(FP32, INT64)      \
    X(FP32, FP8E4M3FN) X(FP32, FP8E5M2) X(FP32, HF8)                                            \
    X(FP16, FP32) X(FP16, INT32) X(FP16, INT16) X(FP16, INT8) X(FP16, UINT8) X(FP16, HF8)       \
    X(BF16, FP32) X(BF16, INT32) X(BF16, FP16) X(BF16, FP4E1M2) X(BF16, FP4E2M1)                \
    X(FP4E1M2, BF16) X(FP4E2M1, BF16) X(UINT8, FP16) X(UINT8, UINT16)                           \
    X(INT8, FP16) X(INT8, INT16) X(INT8, INT32)                                                 \
    X(INT16, UINT8) X(INT16, FP16) X(INT16, FP32) X(INT16, UINT32) X(INT16, INT32)              \
    X(INT32, FP32) X(INT32, INT16) X(INT32, UINT16) X(INT32, INT64) X(INT32, UINT8)             \
    X(UINT32, UINT8) X(UINT32, UINT16) X(UINT32, INT16) X(INT64, FP32) X(INT64, INT32)          \
    X(FP8E4M3FN, FP32) X(FP8E5M2, FP32) X(HF8, FP32)

/* 1 when TCVT converts from -> to. */
int pvc_tile_cast_legal(pvc_dtype from, pvc_dtype to);
/* The pvc_round a pl.RoundMode runs as for the pair (above), and the saturation TCVT's
 * three-argument form uses: off for FP16 -> UINT8 / INT8 / INT16, FP32 -> INT16,
 * INT64 -> INT32, INT32 -> INT16, on for every other pair. */
pvc_round pvc_tile_cast_round(pvc_tile_round mode, pvc_dtype from, pvc_dtype to);
pvc_sat pvc_tile_cast_sat(pvc_dtype from, pvc_dtype to);

/* pl.cast(dst, src, mode=): every element of dst's valid shape = src's element at the same
 * place converted by the §5.4 rules with the round and saturation above. The pairs PTO
 * routes through INT32 or INT16 when saturation is off go the same way: FP32 / FP16 ->
 * INT16 is the INT32 conversion's low 16 bits, FP16 -> INT8 / UINT8 the INT16 conversion's
 * low 8 bits. FP32 -> FP32 rounds to an integral value (vtrc). */
int64_t pvc_tile_cast(pvc_ctx *ctx, const pvc_tile *dst, int64_t dst_vr, int64_t dst_vc, const pvc_tile *src,
                      int64_t src_vr, int64_t src_vc, pvc_tile_round mode);

#endif /* PVC_RT_TILE_H */
