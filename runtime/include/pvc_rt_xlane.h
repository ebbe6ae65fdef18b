/* pvc_rt_xlane.h - the vf ops that work across lanes or between registers and scattered UB
 * bytes: reductions (docs/SEMANTICS.md §10.10), squeeze / unsqueeze with the special
 * registers AR and SQZN and the count-less store_unalign (§10.9, §10.14, §4, §4.2), gathers
 * and scatter (§10.13), histograms (§10.15) and the unified vf.load / vf.store (§10.16).
 * Conventions of §9 (lanes, mask test m[w*i], zeroing) apply throughout; mask NULL means
 * every lane active. Implementation: runtime/src/reduce.c, squeeze.c, gather.c, hist.c,
 * ustream.c. Included by pvc_rt.h only; users include pvc_rt.h.
 */
#ifndef PVC_RT_XLANE_H
#define PVC_RT_XLANE_H

/* ---------------------------------------------------------------------------------------
 * Reductions (§10.10). N = 256 / w lanes of dtype t; inactive lanes take part as the
 * identity of the op (SUM +0 / 0, MAX LOWEST, MIN HIGHEST; §13 Q12, Q10).
 *
 *   full      dst lane 0 = result (MAX/MIN: lane 1 = index), every other lane 0
 *   datablock the register is 8 blocks of 32 B; dst lane k = result of block k, k < 8,
 *             lanes 8.. = 0 (packed, §12 T7, §13 Q11; no index)
 *
 * SUM order is the pairwise tree x[k] = x[2k] + x[2k+1], level by level. FP32: binary32
 * RNE per add. FP16: lanes widened to FP32, every add binary32 RNE, the root rounded once
 * to FP16 (§13 Q9). Integers wrap. NaN (§9.4): an add with a NaN operand returns the first
 * NaN operand quieted; inf + -inf gives 0x7FFFFFFF (FP16 root: 0x7FFF).
 * MAX/MIN: a NaN among the active lanes wins (value = the first active NaN, quieted [I],
 * index = its lane); else +0 > -0; index = lowest active lane holding the result; no
 * active lane: value -inf / +inf (ints: MIN / MAX of the type), index 0.
 * ------------------------------------------------------------------------------------- */

/* vcadd: t in FP16 FP32 INT32 UINT32 INT64 UINT64, and INT16 / UINT16 whose sum is 32-bit:
 * sign- / zero-extended, summed mod 2^32, written to bytes 0..3 (dst.e4[0]), the rest 0
 * (§12 T6). Else BAD_ARG. */
void pvc_reduce_sum(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                    const pvc_mreg *mask);
/* vcmax / vcmin: t in INT16 UINT16 FP16 INT32 UINT32 FP32 INT64 UINT64. dst.e[0] = value,
 * dst.e[1] = index as an unsigned integer of the lane width. */
void pvc_reduce_max(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                    const pvc_mreg *mask);
void pvc_reduce_min(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                    const pvc_mreg *mask);
/* vcgadd / vcgmax / vcgmin (datablock=True): t in INT16 UINT16 FP16 INT32 UINT32 FP32; E =
 * 32 / w lanes per block; same per-block rules as above. Integer b16 block sums wrap mod
 * 2^16 in the source lane width [I: §10.10's datablock formula writes dst.e[k], T6 names
 * only the full reduction]. */
void pvc_reduce_sum_datablock(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                              const pvc_mreg *mask);
void pvc_reduce_max_datablock(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                              const pvc_mreg *mask);
void pvc_reduce_min_datablock(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                              const pvc_mreg *mask);
/* vcpadd: t in FP16 FP32. a(k) = active ? src.e[k] : +0.0; dst.e[i] = RNE(a(2i) + a(2i+1))
 * for i < N/2 (FP16 via FP32, exact before the one FP16 rounding), dst.e[N/2 ..] = 0. */
void pvc_pair_reduce_sum(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                         const pvc_mreg *mask);

/* ---------------------------------------------------------------------------------------
 * squeeze / unsqueeze (§10.9) and the special registers (§10.14, §4 row vstur).
 *
 *   squeeze:  src  | a | . | b | c | . | d |      (. = inactive lane)
 *             dst  | a | b | c | d | 0 | 0 |      STORE_REG: SQZN = 4 * w bytes
 *
 *   count-less store_unalign (vstur) after a STORE_REG squeeze:
 *     UB[cursor + AR .. + SQZN) <- dst bytes, through the §4.2 store stream; AR += SQZN
 *
 * AR and SQZN are separate registers (§13 Q8), ctx->spr_ar / ctx->spr_sqzn, both 0 when a
 * vector-function call starts (pvc_spr_reset).
 * X(NAME, pypto SqueezeMode member, meaning)
 * ------------------------------------------------------------------------------------- */
#define PVC_SQUEEZE_MODES(X)                                                              \
    X(STORE_REG,    "STORE_REG",    "MODE_STORED: SQZN = packed bytes (the default, §12 T14)") \
    X(NO_STORE_REG, "NO_STORE_REG", "MODE_NO_STORED: SQZN unchanged")

typedef enum {
#define X(name, pyname, text) PVC_SQZ_##name,
    PVC_SQUEEZE_MODES(X)
#undef X
    PVC_SQZ_COUNT
} pvc_squeeze_mode;

/* vsqz: active lanes packed to the bottom in order, the rest 0; t (the destination dtype)
 * in INT8 UINT8 INT16 UINT16 FP16 INT32 UINT32 FP32, src read as lanes of t. STORE_REG sets
 * ctx->spr_sqzn = (active lanes) * w. */
void pvc_squeeze(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                 const pvc_mreg *mask, pvc_squeeze_mode mode);
/* vusqz: exclusive prefix count of the tested bits, dst.e[i] = #{k < i : m[w*k]} mod 2^(8w)
 * (the last lane's bit is ignored, §12 T5); t in INT8 UINT8 INT16 UINT16 INT32 UINT32. */
void pvc_unsqueeze(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_mreg *mask);

/* vstur (vf.store_unalign(tile, reg, ureg) without a count): streams ctx->spr_sqzn bytes of
 * src into s at P = cursor + AR exactly as pvc_store_unalign does (§4.2), then AR += SQZN.
 * The cursor does not move. UB_BOUNDS unless [P, P + SQZN) is inside the UB. */
void pvc_store_unalign_ar(pvc_ctx *ctx, int64_t cursor, const pvc_vreg *src, pvc_ureg_st *s);
/* vstar (vf.store_unalign_post(tile, ureg), the 2-argument form): writes the parked bytes
 * at floor32(cursor + AR) + k like pvc_store_unalign_post and empties s [I: after vstur
 * the stream's end is cursor + AR, the block its tail belongs to]. */
void pvc_store_unalign_post_ar(pvc_ctx *ctx, int64_t cursor, pvc_ureg_st *s);
/* sprclr(SPR_AR): AR = 0. */
void pvc_clear_spr(pvc_ctx *ctx);
/* pl.get_spr() -> get_ar(): the AR register as an INT64 scalar. */
int64_t pvc_get_spr(const pvc_ctx *ctx);

/* ---------------------------------------------------------------------------------------
 * Gathers and scatter (§10.13). A = tile base (UB byte address, 32-byte aligned, else
 * MISALIGNED); indices count ELEMENTS of the data (DATA_BLOCK_LOAD: bytes). Only active
 * lanes touch the UB; an active lane whose element leaves the UB faults UB_BOUNDS (the
 * first such lane is named) [I]; nothing is read or written after a fault.
 *
 *   form (t width, index dtype it)   lanes  dst lane i (active)              mask bit
 *   b8  (INT8/UINT8), it 16-bit      128    e2[i] = zero-ext UB1[A + idx]     m[2i]
 *   b16, it 16-bit                   128    e2[i] = UB2[A + 2*idx]            m[2i]
 *   b16, it 32-bit (vgather2_bc)      64    e2[2i] = UB2[A + 2*idx], e2[2i+1] = 0  m[4i] [I]
 *   b32, it 32-bit                    64    e4[i] = UB4[A + 4*idx]            m[4i]
 *   b64, it 32- or 64-bit             32    e8[i] = UB8[A + 8*idx]            m[8i]
 *   idx = index lane i read unsigned at the index width; inactive lanes 0 (§13 Q15 [I])
 * ------------------------------------------------------------------------------------- */

/* vgather2 / vgather2_bc (NORM). t: INT8 UINT8 (byte form), INT16 UINT16 FP16 BF16,
 * INT32 UINT32 FP32, INT64 UINT64; it: INT/UINT 16, 32 or 64 as in the table (else
 * BAD_ARG). */
void pvc_gather(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, pvc_dtype it, int64_t base,
                const pvc_vreg *idx, const pvc_mreg *mask);
/* vgatherb (DATA_BLOCK_LOAD): block k (32 B) of dst = UB[A + idx.u32[k] .. +32) when any of
 * m[32k .. 32k+31] is set, else 0 (no read, no fault) [I]. An enabled block's byte offset
 * must be a multiple of 32 (MISALIGNED [I]). Any data dtype: bytes move unchanged.
 *
 *   dst  | blk0 | blk1 | ... | blk7 |       idx.u32[0..7] = byte offsets from A
 */
void pvc_gather_datablock(pvc_ctx *ctx, pvc_vreg *dst, int64_t base, const pvc_vreg *idx,
                          const pvc_mreg *mask);
/* vf.gather from a tile as the lowering picks it by data_copy_mode (pypto pl.DataCopyMode:
 * 0 NORM -> pvc_gather; 1 DATA_BLOCK_COPY / 2 DATA_BLOCK_LOAD -> pvc_gather_datablock). */
void pvc_gather_tile(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, pvc_dtype it, int64_t base,
                     const pvc_vreg *idx, const pvc_mreg *mask, int data_copy_mode);
/* vselr (register gather): dst.e[i] = src.e[idx.uW[i] mod N], W = lane width of t (1, 2 or
 * 4 bytes, else BAD_ARG); every lane written, no mask. dst may alias src or idx. */
void pvc_gather_reg(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                    const pvc_vreg *idx);
/* vscatter: for active lanes in increasing order (so the highest lane wins on duplicate
 * indices [I]) UBw[A + w*idx] = src.e[i]; inactive lanes write nothing.
 *   b8 (INT8/UINT8, it 16-bit): 128 lanes, UB[A + idx.u16[i]] = src.b[2i], mask m[2i] [I]
 *   b16 (INT16 UINT16 FP16 BF16, it 16-bit): 128 lanes, mask m[2i]
 *   b32 (INT32 UINT32 FP32, it 32-bit): 64 lanes, mask m[4i]
 *   b64 (INT64 UINT64, it 16-, 32- or 64-bit, §12 T9): 32 lanes, mask m[8i] */
void pvc_scatter(pvc_ctx *ctx, pvc_dtype t, pvc_dtype it, int64_t base, const pvc_vreg *src,
                 const pvc_vreg *idx, const pvc_mreg *mask);

/* ---------------------------------------------------------------------------------------
 * Histograms (§10.15): src UINT8 (256 lanes, every mask bit tested), dst UINT16 (128 bins)
 * read as the old value and updated in every lane (no zeroing), sums mod 2^16.
 *   base = 0 (BIN0) or 128 (BIN1), c(v) = #{i : m[i] && src.u8[i] == v}
 *   FREQUENCY:  dst[n] += c(base + n)
 *   ACCUMULATE: dst[n] += c(base) + c(base + 1) + ... + c(base + n)   (§13 Q13 [I] for BIN1)
 * X(NAME, pypto member, meaning)
 * ------------------------------------------------------------------------------------- */
#define PVC_HIST_BINS(X)                                  \
    X(BIN0, "BIN0", "Bin_N0: bins 0..127 (values 0..127)") \
    X(BIN1, "BIN1", "Bin_N1: bins 0..127 for values 128..255")

typedef enum {
#define X(name, pyname, text) PVC_HIST_##name,
    PVC_HIST_BINS(X)
#undef X
    PVC_HIST_BIN_COUNT
} pvc_hist_bin;

#define PVC_HIST_TYPES(X)                                                     \
    X(ACCUMULATE, "ACCUMULATE", "chistv2: cumulative count of values <= bin (default)") \
    X(FREQUENCY,  "FREQUENCY",  "dhistv2: count of values == bin")

typedef enum {
#define X(name, pyname, text) PVC_HIST_##name,
    PVC_HIST_TYPES(X)
#undef X
    PVC_HIST_TYPE_COUNT
} pvc_hist_type;

void pvc_histograms(pvc_ctx *ctx, pvc_vreg *dst, const pvc_vreg *src, const pvc_mreg *mask,
                    pvc_hist_bin bin, pvc_hist_type type);

/* ---------------------------------------------------------------------------------------
 * Unified vf.load / vf.store (§10.16): the unaligned streams of §4.1 / §4.2 with a fresh
 * unaligned register. No alignment required. Counts and strides are in elements of t
 * (bytes = count * lane bytes of t, also for b64: §13 Q14 [I]).
 *
 *   load   A = addr (or *cursor): dst.b[j] = UB[A + j], j < 256; reads (and checks)
 *          UB[floor32(A) .. floor32(A) + 288) (§4.1); post form: *cursor += stride * w
 *   store  P = *cursor, n = count * w <= 256: UB[P + j] = src.b[j], j < n, no other byte;
 *          *cursor = P + n always (§12 T13)
 * ------------------------------------------------------------------------------------- */
void pvc_load(pvc_ctx *ctx, pvc_vreg *dst, int64_t addr);
void pvc_load_post(pvc_ctx *ctx, pvc_vreg *dst, int64_t *cursor, pvc_dtype t, int64_t stride);
void pvc_store(pvc_ctx *ctx, int64_t *cursor, pvc_dtype t, const pvc_vreg *src, uint32_t count);

#endif /* PVC_RT_XLANE_H */
