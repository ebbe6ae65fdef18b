/* pvc_rt_cast.h - casts and low-precision formats (§5.4, §5.5). Included by pvc_rt.h only;
 * users include pvc_rt.h. Implementation: runtime/src/cast.c (vf.astype, the rule table)
 * and runtime/src/formats.c (scalar codecs); runtime/CASTS.md lists the [I] rules.
 */
#ifndef PVC_RT_CAST_H
#define PVC_RT_CAST_H

/* ---------------------------------------------------------------------------------------
 * Scalars. Codes are raw element bits in the low bits of a uint64_t (FP4/INT4: low nibble).
 * ------------------------------------------------------------------------------------- */

/* Value of one element given its raw bits (code in the low bits of `code`): exact for every
 * dtype (FP4/INT4: low nibble; INT64/UINT64 beyond 2^53 round to the nearest double). Used
 * by the result comparison of `pvc run`. */
double pvc_value_decode(pvc_dtype t, uint64_t code);

/* Raw bits of the double v as type t, rounded once by r, saturated per sat exactly as a cast
 * would (§5.4): for Python literals (vf.full values, compare scalars). */
uint64_t pvc_value_encode(pvc_dtype t, double v, pvc_round r, pvc_sat sat);

/* A scalar operand of a vf op as raw element bits of t (docs/SEMANTICS.md §9.6): the C++
 * conversion of the emitted call from an int64 (is_float 0: i) or a float (is_float 1: f,
 * already the float the device holds: a literal's "%f" text read back, a run-time scalar's
 * value). The one rule for literals (dispatch) and run-time scalars (encode.i / encode.f). */
uint64_t pvc_scalar_bits(pvc_dtype t, int64_t i, float f, int is_float);

/* One element of `from` (raw bits) converted to `to` with the §5.4/§5.5 rules of vf.astype;
 * defined for every dtype pair, not only the table's. */
uint64_t pvc_cast_scalar(pvc_dtype from, pvc_dtype to, uint64_t code, pvc_round r, pvc_sat sat);

/* ---------------------------------------------------------------------------------------
 * The supported vf.astype pairs (§5.4; PP-D astype 表1 with PP-BE's layout/round/saturate
 * checks, decision 1). One row per pair:
 *   X(FROM, TO, layouts, rounds, sats, default round, note)
 * layouts: PVC_LS_* set of CastLayouts; rounds: PVC_RS_* set of round modes, PVC_RS_NONE =
 * the path takes no round mode (only the default CAST_RINT, i.e. round_mode omitted, is
 * accepted); sats: PVC_SS_*; default round: what an omitted round_mode executes as.
 * ------------------------------------------------------------------------------------- */
#define PVC_LS_Z    (1u << PVC_LAYOUT_ZERO)
#define PVC_LS_01   (PVC_LS_Z | 1u << PVC_LAYOUT_ONE)
#define PVC_LS_0123 (PVC_LS_01 | 1u << PVC_LAYOUT_TWO | 1u << PVC_LAYOUT_THREE)

#define PVC_RS_NONE 0u
#define PVC_RS_RINT (1u << PVC_ROUND_RINT)
#define PVC_RS_STD  (PVC_RS_RINT | 1u << PVC_ROUND_ROUND | 1u << PVC_ROUND_FLOOR | \
                     1u << PVC_ROUND_CEIL | 1u << PVC_ROUND_TRUNC)
#define PVC_RS_ODD  (PVC_RS_STD | 1u << PVC_ROUND_ODD)
#define PVC_RS_HF8  (PVC_RS_RINT | 1u << PVC_ROUND_ROUND | 1u << PVC_ROUND_HYBRID)

#define PVC_SS_OFF  (1u << PVC_SAT_OFF)
#define PVC_SS_ON   (1u << PVC_SAT_ON)
#define PVC_SS_BOTH (PVC_SS_OFF | PVC_SS_ON)

#define PVC_CAST_RULES(X)                                                                            \
    X(INT4,      INT16,     PVC_LS_0123, PVC_RS_NONE, PVC_SS_BOTH, RINT,  "nibble pairs of byte 4g+L, sign-extended [I layouts]") \
    X(INT4,      FP16,      PVC_LS_0123, PVC_RS_NONE, PVC_SS_BOTH, RINT,  "nibble pairs, exact [I layouts]") \
    X(INT4,      BF16,      PVC_LS_0123, PVC_RS_NONE, PVC_SS_BOTH, RINT,  "nibble pairs, exact [I layouts]") \
    X(INT8,      INT16,     PVC_LS_01,   PVC_RS_NONE, PVC_SS_BOTH, RINT,  "1:2, sign-extend") \
    X(INT8,      FP16,      PVC_LS_01,   PVC_RS_NONE, PVC_SS_BOTH, RINT,  "1:2, exact") \
    X(INT8,      INT32,     PVC_LS_01,   PVC_RS_NONE, PVC_SS_BOTH, RINT,  "1:4; doc lists ZERO..THREE, PP-BE accepts ZERO/ONE (§8 #11)") \
    X(UINT8,     UINT16,    PVC_LS_01,   PVC_RS_NONE, PVC_SS_BOTH, RINT,  "1:2, zero-extend") \
    X(UINT8,     FP16,      PVC_LS_01,   PVC_RS_NONE, PVC_SS_BOTH, RINT,  "1:2, exact") \
    X(UINT8,     UINT32,    PVC_LS_01,   PVC_RS_NONE, PVC_SS_BOTH, RINT,  "1:4; doc lists ZERO..THREE, PP-BE accepts ZERO/ONE (§8 #11)") \
    X(FP4E2M1,   BF16,      PVC_LS_0123, PVC_RS_NONE, PVC_SS_BOTH, RINT,  "nibble pairs of byte 4g+L, exact") \
    X(FP4E1M2,   BF16,      PVC_LS_0123, PVC_RS_NONE, PVC_SS_BOTH, RINT,  "nibble pairs of byte 4g+L, exact") \
    X(HF8,       FP16,      PVC_LS_01,   PVC_RS_NONE, PVC_SS_BOTH, RINT,  "1:2, exact; NaN/inf kept (ON: NaN -> 0)") \
    X(HF8,       FP32,      PVC_LS_0123, PVC_RS_NONE, PVC_SS_OFF,  RINT,  "1:4, exact") \
    X(FP8E8M0,   BF16,      PVC_LS_01,   PVC_RS_NONE, PVC_SS_BOTH, RINT,  "1:2, exact 2^(e-127); 0xFF -> NaN") \
    X(FP8E5M2,   FP32,      PVC_LS_0123, PVC_RS_NONE, PVC_SS_OFF,  RINT,  "1:4, exact") \
    X(FP8E4M3FN, FP32,      PVC_LS_0123, PVC_RS_NONE, PVC_SS_OFF,  RINT,  "1:4, exact") \
    X(INT16,     INT4,      PVC_LS_0123, PVC_RS_NONE, PVC_SS_BOTH, RINT,  "pairs into nibbles; OFF low 4 bits, ON clamp [-8,7] [I layouts]") \
    X(INT16,     UINT8,     PVC_LS_01,   PVC_RS_NONE, PVC_SS_BOTH, RINT,  "2:1; OFF low 8 bits, ON clamp [0,255]") \
    X(INT16,     FP16,      PVC_LS_Z,    PVC_RS_STD,  PVC_SS_BOTH, RINT,  "same width, rounds above 2048") \
    X(INT16,     INT32,     PVC_LS_01,   PVC_RS_NONE, PVC_SS_BOTH, RINT,  "1:2, sign-extend") \
    X(INT16,     UINT32,    PVC_LS_01,   PVC_RS_NONE, PVC_SS_BOTH, RINT,  "1:2, negatives -> 0 whatever saturate") \
    X(INT16,     FP32,      PVC_LS_01,   PVC_RS_NONE, PVC_SS_OFF,  RINT,  "1:2, exact") \
    X(UINT16,    UINT8,     PVC_LS_01,   PVC_RS_NONE, PVC_SS_BOTH, RINT,  "2:1; OFF low 8 bits, ON clamp 255") \
    X(UINT16,    UINT32,    PVC_LS_01,   PVC_RS_NONE, PVC_SS_BOTH, RINT,  "1:2, zero-extend") \
    X(FP16,      INT4,      PVC_LS_0123, PVC_RS_STD,  PVC_SS_BOTH, RINT,  "pairs into nibbles [I layouts]") \
    X(FP16,      INT8,      PVC_LS_01,   PVC_RS_STD,  PVC_SS_BOTH, RINT,  "2:1") \
    X(FP16,      UINT8,     PVC_LS_01,   PVC_RS_STD,  PVC_SS_BOTH, RINT,  "2:1; OFF: 257.0 -> 1") \
    X(FP16,      HF8,       PVC_LS_01,   PVC_RS_HF8,  PVC_SS_BOTH, ROUND, "2:1; RINT (omitted) runs as ROUND (PP-BE)") \
    X(FP16,      INT16,     PVC_LS_Z,    PVC_RS_STD,  PVC_SS_BOTH, RINT,  "same width") \
    X(FP16,      BF16,      PVC_LS_Z,    PVC_RS_STD,  PVC_SS_BOTH, RINT,  "same width, rounds 11 -> 8 significant bits") \
    X(FP16,      INT32,     PVC_LS_01,   PVC_RS_STD,  PVC_SS_BOTH, RINT,  "1:2") \
    X(FP16,      FP32,      PVC_LS_01,   PVC_RS_NONE, PVC_SS_OFF,  RINT,  "1:2, exact") \
    X(BF16,      FP4E2M1,   PVC_LS_0123, PVC_RS_STD,  PVC_SS_BOTH, RINT,  "pairs into nibbles; inf/overflow -> +-6, NaN -> 0") \
    X(BF16,      FP4E1M2,   PVC_LS_0123, PVC_RS_STD,  PVC_SS_BOTH, RINT,  "pairs into nibbles; inf/overflow -> +-1.75, NaN -> 0") \
    X(BF16,      FP8E8M0,   PVC_LS_01,   PVC_RS_STD,  PVC_SS_BOTH, RINT,  "2:1; exponent field (truncates, §8 #12); inf -> 0xFE, NaN -> 0xFF") \
    X(BF16,      FP16,      PVC_LS_Z,    PVC_RS_STD,  PVC_SS_BOTH, RINT,  "same width; overflow per saturate") \
    X(BF16,      INT32,     PVC_LS_01,   PVC_RS_STD,  PVC_SS_BOTH, RINT,  "1:2") \
    X(BF16,      FP32,      PVC_LS_01,   PVC_RS_NONE, PVC_SS_OFF,  RINT,  "1:2, exact") \
    X(INT32,     UINT8,     PVC_LS_01,   PVC_RS_NONE, PVC_SS_BOTH, RINT,  "4:1; PP-BE narrowing branch accepts ZERO/ONE") \
    X(INT32,     INT16,     PVC_LS_01,   PVC_RS_NONE, PVC_SS_BOTH, RINT,  "2:1; OFF: INT32 MAX -> -1") \
    X(INT32,     UINT16,    PVC_LS_01,   PVC_RS_NONE, PVC_SS_BOTH, RINT,  "2:1") \
    X(INT32,     FP32,      PVC_LS_Z,    PVC_RS_STD,  PVC_SS_OFF,  RINT,  "same width, rounds above 2^24") \
    X(INT32,     INT64,     PVC_LS_01,   PVC_RS_NONE, PVC_SS_BOTH, RINT,  "1:2, sign-extend (64-bit casts unverified, §8 #11)") \
    X(UINT32,    UINT8,     PVC_LS_01,   PVC_RS_NONE, PVC_SS_BOTH, RINT,  "4:1; PP-BE narrowing branch accepts ZERO/ONE") \
    X(UINT32,    INT16,     PVC_LS_01,   PVC_RS_NONE, PVC_SS_BOTH, RINT,  "2:1; ON clamps to 32767") \
    X(UINT32,    UINT16,    PVC_LS_01,   PVC_RS_NONE, PVC_SS_BOTH, RINT,  "2:1") \
    X(FP32,      HF8,       PVC_LS_0123, PVC_RS_HF8,  PVC_SS_BOTH, ROUND, "4:1; RINT (omitted) runs as ROUND (PP-BE)") \
    X(FP32,      FP8E5M2,   PVC_LS_0123, PVC_RS_RINT, PVC_SS_ON,   RINT,  "4:1; PP-BE forces saturate ON") \
    X(FP32,      FP8E4M3FN, PVC_LS_0123, PVC_RS_RINT, PVC_SS_ON,   RINT,  "4:1; PP-BE forces saturate ON") \
    X(FP32,      INT16,     PVC_LS_01,   PVC_RS_STD,  PVC_SS_BOTH, RINT,  "2:1") \
    X(FP32,      FP16,      PVC_LS_01,   PVC_RS_ODD,  PVC_SS_BOTH, RINT,  "2:1; the one path with CAST_ODD") \
    X(FP32,      BF16,      PVC_LS_01,   PVC_RS_STD,  PVC_SS_BOTH, RINT,  "2:1") \
    X(FP32,      INT32,     PVC_LS_Z,    PVC_RS_STD,  PVC_SS_BOTH, RINT,  "same width; OFF: 3.4e38 -> 0") \
    X(FP32,      INT64,     PVC_LS_Z,    PVC_RS_STD,  PVC_SS_BOTH, RINT,  "1:2; PP-BE: ZERO only, doc ZERO/ONE (§8 #11, unverified)") \
    X(INT64,     INT32,     PVC_LS_01,   PVC_RS_NONE, PVC_SS_BOTH, RINT,  "2:1 (64-bit casts unverified, §8 #11)") \
    X(INT64,     FP32,      PVC_LS_Z,    PVC_RS_STD,  PVC_SS_OFF,  RINT,  "2:1; PP-BE: ZERO only, doc ZERO/ONE (§8 #11, unverified)")

typedef struct {
    pvc_dtype from, to;
    unsigned layouts;         /* PVC_LS_*: bit L set = CastLayout L accepted */
    unsigned rounds;          /* PVC_RS_*: bit r set = round mode r accepted; 0 = none taken */
    unsigned sats;            /* PVC_SS_* */
    pvc_round default_round;  /* what an omitted round_mode (pypto default CAST_RINT) runs as */
    const char *note;         /* one line for --help and diagnostics */
} pvc_cast_rule;

extern const pvc_cast_rule pvc_cast_rules[];
extern const size_t pvc_cast_rule_count;

/* The row for (from, to), or NULL when vf.astype does not support the pair. */
const pvc_cast_rule *pvc_cast_rule_find(pvc_dtype from, pvc_dtype to);

/* 1 if §5.4 allows this vf.astype (pair, layout, round, saturate), else 0 with *why = a
 * short reason. On success *why is NULL, or a warning the checker should print (the call is
 * accepted but does not do what it says, e.g. CAST_RINT to HF8 runs as CAST_ROUND).
 * why may be NULL. Pass round = PVC_ROUND_RINT when round_mode is omitted. */
int pvc_astype_legal(pvc_dtype from, pvc_dtype to, pvc_layout layout, pvc_round round,
                     pvc_sat sat, const char **why);

/* vf.astype (§5.4): convert src (elements of `from`) into dst (elements of `to`) with lane
 * placement `layout`; mask bits are tested at the source granularity; unselected
 * destination lanes and unused sub-lanes are 0 (zeroing). dst may alias src. Defined for
 * every pair whose widths give a §5.4 ratio (also those pvc_astype_legal rejects: layouts
 * per the RegLayout formulas); any other pair or a layout beyond the ratio yields dst = 0. */
void pvc_astype(pvc_vreg *dst, const pvc_vreg *src, const pvc_mreg *mask, pvc_dtype from,
                pvc_dtype to, pvc_layout layout, pvc_round round, pvc_sat sat);

#endif /* PVC_RT_CAST_H */
