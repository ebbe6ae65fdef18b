/* pvc_rt_lanes.h - the vf ops that move or combine lanes bit for bit rather than compute
 * with them: bitwise ops and shifts (docs/SEMANTICS.md §10.7), select (§10.8), bit_cast,
 * pack and unpack (§10.11), interleave and de_interleave (§10.12), move, the MASK special
 * register (get_mask_spr, pl.set_vec_mask) and mask_gen_with_reg_tensor (§10.14), and
 * arange (§10.15); each in its register form and, where pypto has one, its mask form
 * (pand, por, pxor, pnot, psel, pmov, ppack, punpack, pintlv_b*, pdintlv_b*).
 * Included by pvc_rt.h only; users include pvc_rt.h.
 *
 * Conventions (docs/SEMANTICS.md §9.1, §9.2): w = lane bytes of the dtype, N = 256 / w,
 * act(i) = mask bit w*i; a NULL mask means every lane active. Register results are computed
 * into a temporary, so a destination may alias any source. An illegal dtype or argument
 * raises BAD_ARG and leaves every destination unchanged.
 * Implementation: runtime/src/bitwise.c (§10.7, §10.8, move, bit_cast), permute.c (§10.11,
 * §10.12), maskops.c (§10.14 mask SPR and mask_gen_with_reg_tensor), arange.c (§10.15).
 */
#ifndef PVC_RT_LANES_H
#define PVC_RT_LANES_H

/* ---------------------------------------------------------------------------------------
 * Enums of this family. One row per member: X(NAME, pypto member, meaning); the C members
 * are PVC_PART_<NAME>, PVC_MASK_WIDTH_<NAME>, PVC_ORDER_<NAME>; the pypto spelling is
 * pl.<Class>.<member> (pl.PackPart.LOWER, pl.MaskWidth.B16, pl.IndexOrder.DECREASE_ORDER).
 * ------------------------------------------------------------------------------------- */

/* pl.PackPart (pack / unpack `part=`; the lowering's LOWER / HIGHER, §10.11). */
#define PVC_PARTS(X)                                                                     \
    X(LOWER, "LOWER", "pack: results in the low half; unpack: widen the low half (default)") \
    X(UPPER, "UPPER", "pack: results in the high half; unpack: widen the high half")

typedef enum {
#define X(name, pyname, text) PVC_PART_##name,
    PVC_PARTS(X)
#undef X
    PVC_PART_COUNT
} pvc_part;

/* pl.MaskWidth (get_mask_spr `width=`, §10.14): movp_b32 / movp_b16. */
#define PVC_MASK_WIDTHS(X)                                                          \
    X(B32, "B32", "bit k of MASK0 fills mask bits 4k..4k+3, k < 64 (default)")       \
    X(B16, "B16", "bit k of MASK1:MASK0 fills mask bits 2k..2k+1, k < 128")

typedef enum {
#define X(name, pyname, text) PVC_MASK_WIDTH_##name,
    PVC_MASK_WIDTHS(X)
#undef X
    PVC_MASK_WIDTH_COUNT
} pvc_mask_width;

/* pl.IndexOrder (arange `index_order=`, §10.15): vci INC_ORDER / DEC_ORDER. */
#define PVC_INDEX_ORDERS(X)                                                              \
    X(INCREASE, "INCREASE_ORDER", "dst[i] = start + i (default)")                         \
    X(DECREASE, "DECREASE_ORDER", "dst[i] = start + (N - 1 - i): start is the last value; b64 see pvc_arange")

typedef enum {
#define X(name, pyname, text) PVC_ORDER_##name,
    PVC_INDEX_ORDERS(X)
#undef X
    PVC_ORDER_COUNT
} pvc_index_order;

/* The pypto member spellings, indexed by the enums above ("LOWER", "B32", "INCREASE_ORDER"). */
extern const char *const pvc_part_names[PVC_PART_COUNT];
extern const char *const pvc_mask_width_names[PVC_MASK_WIDTH_COUNT];
extern const char *const pvc_index_order_names[PVC_ORDER_COUNT];

/* ---------------------------------------------------------------------------------------
 * Bitwise, registers (§10.7): dst.e[i] = act(i) ? a_i OP b_i : 0 (zeroing), lanes of t.
 * and / or / xor: t any 8/16/32/64-bit dtype incl. FP16 BF16 FP32 FP8 HF8 (not the 4-bit
 * ones). not: t in INT8..UINT64, FP16, FP32.
 * ------------------------------------------------------------------------------------- */
void pvc_and(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, const pvc_vreg *b,
             const pvc_mreg *mask);
void pvc_or(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, const pvc_vreg *b,
            const pvc_mreg *mask);
void pvc_xor(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, const pvc_vreg *b,
             const pvc_mreg *mask);
void pvc_not(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, const pvc_mreg *mask);

/* Bitwise, masks (§10.7 "Mask forms"): over all 256 bits, zeroing outside the gate g
 * (g NULL = all ones):  pand d = g & a & b,  por g & (a | b),  pxor g & (a ^ b),  pnot g & ~a.
 * Untested bits follow the operands (not_ of a b32 mask under a b32 gate keeps only 4i). */
void pvc_mask_and(pvc_ctx *ctx, pvc_mreg *dst, const pvc_mreg *a, const pvc_mreg *b,
                  const pvc_mreg *g);
void pvc_mask_or(pvc_ctx *ctx, pvc_mreg *dst, const pvc_mreg *a, const pvc_mreg *b,
                 const pvc_mreg *g);
void pvc_mask_xor(pvc_ctx *ctx, pvc_mreg *dst, const pvc_mreg *a, const pvc_mreg *b,
                  const pvc_mreg *g);
void pvc_mask_not(pvc_ctx *ctx, pvc_mreg *dst, const pvc_mreg *a, const pvc_mreg *g);

/* ---------------------------------------------------------------------------------------
 * Shifts (§10.7), t in INT8..UINT64, zeroing. With k the lane's shift amount and B = 8w:
 *   shift_left:             k < B ? (s << k) mod 2^B : 0
 *   shift_right, unsigned:  k < B ? s >> k : 0                    (logical)
 *   shift_right, signed:    k < B ? s >> k : (s < 0 ? -1 : 0)     (arithmetic)
 * k == B counts as over-width [I: the sources only say "greater than"]. A negative k is
 * undefined (§10.7): pvc raises BAD_ARG and writes nothing [I]; for the register form only
 * active lanes are checked [I: a masked-off lane's result is 0 whatever its k].
 * ------------------------------------------------------------------------------------- */

/* Scalar form (vshls / vshrs): shift = the amount as raw INT16 bits (the lowering passes
 * (int16_t)(k)); only the low 16 bits are read, as a signed value. */
void pvc_shift_left(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                    uint64_t shift, const pvc_mreg *mask);
void pvc_shift_right(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                     uint64_t shift, const pvc_mreg *mask);

/* Register form (vshl / vshr): lane i shifts by lane i of `shift`, whose bytes are read as
 * SIGNED lanes of the data width w. For 32-bit data that is exactly the lowering's
 * `*(vector_s32*)&(k)` whatever the shift register's own dtype (i8/i16/i32/i64). For 8-,
 * 16- and 64-bit data the emitted C++ is ill-typed (§12 T4: no device meaning); pvc takes
 * the natural per-lane reading, signed lanes of the data width [I], and the checker warns. */
void pvc_shift_left_reg(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                        const pvc_vreg *shift, const pvc_mreg *mask);
void pvc_shift_right_reg(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                         const pvc_vreg *shift, const pvc_mreg *mask);

/* ---------------------------------------------------------------------------------------
 * select (§10.8) and move (§10.14): the mux ops, no lane zeroed by select.
 * ------------------------------------------------------------------------------------- */

/* vsel: dst.e[i] = act(i) ? on_true.e[i] : on_false.e[i] at the lanes of t. Sources of
 * another dtype of the same width are reinterpreted (pass dst's dtype). t in INT8 UINT8
 * INT16 UINT16 FP16 BF16 INT32 UINT32 FP32 (PP-BE rejects b64). */
void pvc_select(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *on_true,
                const pvc_vreg *on_false, const pvc_mreg *mask);
/* psel: d.m[j] = m.m[j] ? t.m[j] : f.m[j], all 256 bits (m NULL: d = t). */
void pvc_mask_select(pvc_ctx *ctx, pvc_mreg *dst, const pvc_mreg *on_true,
                     const pvc_mreg *on_false, const pvc_mreg *m);

/* vmov: mask NULL -> dst = src (256 bytes); else MERGING: dst.e[i] = act(i) ? src.e[i] :
 * old dst.e[i]. t as for pvc_select. */
void pvc_move(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src, const pvc_mreg *mask);
/* pmov: g NULL -> d = s; else ZEROING over all 256 bits: d.m[j] = g.m[j] & s.m[j]. */
void pvc_mask_move(pvc_ctx *ctx, pvc_mreg *dst, const pvc_mreg *src, const pvc_mreg *g);

/* ---------------------------------------------------------------------------------------
 * bit_cast, pack, unpack (§10.11). No mask operand; every destination lane is written.
 * ------------------------------------------------------------------------------------- */

/* bit_cast(src, dtype=T): dst.b[j] = src.b[j], j < 256; only the dtype the caller uses for
 * dst changes (the element count follows the new width). dst may be src. */
void pvc_bit_cast(pvc_ctx *ctx, pvc_vreg *dst, const pvc_vreg *src);

/* pack (vpack; 64-bit sources: vdintlv against a zero register), w = source width, N = 256/w:
 *   LOWER: dst.e_{w/2}[i]     = low half of src.e_w[i], i < N;  dst.e_{w/2}[N .. 2N-1] = 0
 *   UPPER: dst.e_{w/2}[N + i] = low half of src.e_w[i], i < N;  dst.e_{w/2}[0 .. N-1]  = 0
 * Truncation, no saturation. The b64 path is the same formula: vdintlv((u32)d, dump,
 * (u32)s, zero) keeps the even u32 words of s ++ zero, i.e. the low words of s's 32 lanes in
 * u32 lanes 0..31 and 0 above (LOWER); with (zero, s) the low words land in 32..63 (UPPER).
 * Pairs: UINT8 <- INT16/UINT16, UINT16 <- INT32/UINT32, UINT32 <- INT64/UINT64; a signed
 * destination of the same width is accepted too (the bits do not depend on it; PP-BE checks
 * only the widths) [I]. Float dtypes: BAD_ARG. */
void pvc_pack(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype dst_t, pvc_dtype src_t, const pvc_vreg *src,
              pvc_part part);
/* unpack (vunpack; 64-bit destinations: vintlv with a sign/zero pad register), w = source
 * width, N2 = 128 / w destination lanes:
 *   LOWER: dst.e_{2w}[i] = EXT(src.e_w[i]);  UPPER: dst.e_{2w}[i] = EXT(src.e_w[N2 + i])
 * EXT = sign extension for a signed SOURCE dtype, zero extension for an unsigned one. The b64
 * path is the same formula: pad = vshrs(s, 31) for INT32 (0 otherwise), vintlv((u32)d, dump,
 * s, pad) puts s[i] in word 2i and pad[i] in word 2i+1 of d, i.e. d.e8[i] = EXT(s.e4[i])
 * (LOWER); vintlv(dump, d, s, pad) takes s[32+i] (UPPER).
 * Pairs: INT16 <- INT8, UINT16 <- UINT8, INT32 <- INT16, UINT32 <- UINT16, INT64 <- INT32,
 * UINT64 <- UINT32; any integer destination of twice the width is accepted [I]. */
void pvc_unpack(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype dst_t, pvc_dtype src_t,
                const pvc_vreg *src, pvc_part part);

/* ppack: LOWER d.m[k] = s.m[2k], d.m[128+k] = 0; UPPER d.m[128+k] = s.m[2k], d.m[k] = 0
 * (k < 128; the zeroed other half is [I]). */
void pvc_mask_pack(pvc_ctx *ctx, pvc_mreg *dst, const pvc_mreg *src, pvc_part part);
/* punpack: d.m[2k] = s.m[k] (LOWER) / s.m[128+k] (UPPER), d.m[2k+1] = 0, k < 128. So a b32
 * compare mask packed LOWER and unpacked LOWER is the same b32 mask (§11). */
void pvc_mask_unpack(pvc_ctx *ctx, pvc_mreg *dst, const pvc_mreg *src, pvc_part part);

/* ---------------------------------------------------------------------------------------
 * interleave / de_interleave (§10.12): two results, no mask. N lanes of t, H = N / 2.
 *   interleave:    d0.e[2i] = a.e[i],   d0.e[2i+1] = b.e[i],       i < H
 *                  d1.e[2i] = a.e[H+i], d1.e[2i+1] = b.e[H+i]
 *   de_interleave: c = a ++ b (2N lanes);  d0.e[i] = c[2i],  d1.e[i] = c[2i+1],  i < N
 * Registers: t any 8/16/32-bit dtype (not the 4-bit ones); 64-bit dtypes take the same
 * formula on 8-byte lanes, unverified on the device (§12 T8). de_interleave reinterprets
 * its sources as t. Sources may alias the results; d0 == d1 is BAD_ARG.
 * Masks (pintlv_b8/b16/b32, pdintlv_b*): the same formulas over groups of w mask bits, w = 1,
 * 2, 4 (the mask granularity in bytes, as for pvc_mask_create; 256/w groups); w = 8 BAD_ARG.
 * ------------------------------------------------------------------------------------- */
void pvc_interleave(pvc_ctx *ctx, pvc_vreg *d0, pvc_vreg *d1, pvc_dtype t, const pvc_vreg *a,
                    const pvc_vreg *b);
void pvc_de_interleave(pvc_ctx *ctx, pvc_vreg *d0, pvc_vreg *d1, pvc_dtype t, const pvc_vreg *a,
                       const pvc_vreg *b);
/* The group width the lowering picks for a mask interleave of dtype t (§10.12): pintlv_b8
 * only for INT8/UINT8, b16 for 16-bit dtypes, b32 for everything else. */
static inline unsigned pvc_mask_group_bytes(pvc_dtype t)
{
    unsigned w = pvc_dtype_lane_bytes(t);
    return t == PVC_DT_INT8 || t == PVC_DT_UINT8 ? 1 : w == 2 ? 2 : 4;
}
void pvc_mask_interleave(pvc_ctx *ctx, pvc_mreg *d0, pvc_mreg *d1, const pvc_mreg *a,
                         const pvc_mreg *b, unsigned w);
void pvc_mask_de_interleave(pvc_ctx *ctx, pvc_mreg *d0, pvc_mreg *d1, const pvc_mreg *a,
                            const pvc_mreg *b, unsigned w);

/* ---------------------------------------------------------------------------------------
 * The MASK special register and masks from register bits (§10.14, §12 T19: all 2/4 bits
 * of each element are SET, unlike generator masks).
 * ------------------------------------------------------------------------------------- */

/* pl.set_vec_mask(mask_high, mask_low): MASK1 = high (ctx->spr_mask[1]), MASK0 = low. */
void pvc_set_vec_mask(pvc_ctx *ctx, uint64_t high, uint64_t low);
/* pl.set_mask_norm (count 0) / pl.set_mask_count (1): the MASK register's mode. Only
 * get_mask_spr reads it: in counter mode it faults (BAD_ARG), the counter's meaning for a
 * mask read not being modelled; set_vec_mask writes MASK0/MASK1 in either mode. */
void pvc_set_mask_mode(pvc_ctx *ctx, int count);
/* pl.reset_mask(): MASK1 = MASK0 = all ones, as when a kernel starts. */
void pvc_reset_mask(pvc_ctx *ctx);
/* get_mask_spr(width): B32: m[4k .. 4k+3] = bit k of MASK0, k < 64;
 *                      B16: m[2k .. 2k+1] = bit k of MASK1:MASK0 (MASK0 for k < 64), k < 128. */
void pvc_get_mask_spr(pvc_ctx *ctx, pvc_mreg *dst, pvc_mask_width width);
/* mask_gen_with_reg_tensor(src, offset) (movvp): `offset` selects a CHUNK of the register
 * (§12 T10), bits numbered LSB first (C bit k = bit k%8 of byte k/8) [I]:
 *   16-bit t (FP16 BF16 INT16 UINT16): C = src.b[16*offset ..], offset 0..15,
 *       m[2k] = m[2k+1] = C bit k, k < 128
 *   32-bit t (FP32 INT32 UINT32):      C = src.b[8*offset ..],  offset 0..31,
 *       m[4k .. 4k+3] = C bit k, k < 64
 * Another dtype or an offset out of range: BAD_ARG. */
void pvc_mask_gen_with_reg_tensor(pvc_ctx *ctx, pvc_mreg *dst, pvc_dtype t, const pvc_vreg *src,
                                  int offset);

/* ---------------------------------------------------------------------------------------
 * arange (§10.15, vci). start = raw element bits of t (the compiler converted the Python
 * value, §9.6). t in INT8..UINT64, FP16, FP32. No mask; every lane written.
 *   INCREASE:            dst.e[i] = start + i
 *   DECREASE (non-b64):  dst.e[i] = start + (N - 1 - i)          (start is the last value, §12 T11)
 *   DECREASE (b64):      dst.e8[0] = start, dst.e8[i] = start + 2^32 - i (mod 2^64), 1 <= i < 32
 *                        as emitted (§12 T12: vci 0.. ; vneg ; high words 0 ; vintlv ; vadds)
 * Integers wrap modulo 2^(8w) (unsigned dtypes go through the signed vci: same bits).
 * FP16/FP32: RNE_T(start + j) in T [I], j the lane's integer; a NaN start gives that NaN
 * quieted in every lane, +-inf stays, -0 + 0 = +0.
 * ------------------------------------------------------------------------------------- */
void pvc_arange(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, uint64_t start, pvc_index_order order);

#endif /* PVC_RT_LANES_H */
