/* formats.h - scalar codecs of every element type (docs/SEMANTICS.md §5.4, §5.5, decision 9).
 * Internal to runtime/src; the public face is pvc_rt_cast.h.
 *
 * Every conversion goes  code --decode--> pvc_num --encode--> code.  pvc_num holds any value
 * of any source type exactly (FP32/FP16/BF16/FP8/FP4/HF8/E8M0, every integer, a double), so
 * an encoder sees one representation and rounds it once, on integers only: no host FPU, no
 * rounding-mode state, identical under every compiler and flag.
 */
#ifndef PVC_FORMATS_H
#define PVC_FORMATS_H

#include "pvc_rt.h"

typedef enum { PVC_NUM_ZERO, PVC_NUM_FINITE, PVC_NUM_INF, PVC_NUM_NAN } pvc_num_kind;

/* A decoded element. FINITE: |value| = sig * 2^(exp - 63) with bit 63 of sig set, so exp is
 * floor(log2 |value|). NAN: sig = the source payload (fraction field) left-aligned at bit 63,
 * so a NaN keeps its leading payload bits across widths. ZERO/INF: sig and exp unused. */
typedef struct {
    pvc_num_kind kind;
    int neg;
    int exp;
    uint64_t sig;
} pvc_num;

/* IEEE-like formats, one row each (§5.5): X(dtype, exponent bits, mantissa bits, bias,
 * has_inf, has_nan, max finite code without the sign).
 *   has_inf: exponent all ones + mantissa 0 is inf, + mantissa != 0 is NaN (IEEE 754).
 *   !has_inf && has_nan: only the all-ones magnitude is NaN (E4M3FN "FN").
 *   neither: every code is finite (FP4). */
#define PVC_FLOAT_FORMATS(X)                                                              \
    X(FP32,      8, 23, 127, 1, 1, 0x7F7FFFFFu) /* IEEE binary32                        */ \
    X(FP16,      5, 10, 15,  1, 1, 0x7BFFu)     /* IEEE binary16, max 65504              */ \
    X(BF16,      8, 7,  127, 1, 1, 0x7F7Fu)     /* bfloat16, max 0x7F7F = 3.3895e38      */ \
    X(FP8E4M3FN, 4, 3,  7,   0, 1, 0x7Eu)       /* OCP E4M3FN: no inf, NaN s1111111, 448 */ \
    X(FP8E5M2,   5, 2,  15,  1, 1, 0x7Bu)       /* OCP E5M2: IEEE-like, max 57344        */ \
    X(FP4E2M1,   2, 1,  1,   0, 0, 0x7u)        /* OCP MX E2M1: {0,.5,1,1.5,2,3,4,6}     */ \
    X(FP4E1M2,   1, 2,  1,   0, 0, 0x7u)        /* E1M2: {0,.25,...,1.75}                */

typedef struct {
    pvc_dtype t;
    unsigned ebits, mbits;
    int bias;
    int has_inf, has_nan;
    uint32_t max_code;
} pvc_fmt;

/* The row of t, or NULL when t is not an IEEE-like format (ints, HF8, E8M0). */
const pvc_fmt *pvc_fmt_of(pvc_dtype t);

/* Decode the raw bits of one element of type t (FP4/INT4: low nibble). */
pvc_num pvc_num_decode(pvc_dtype t, uint64_t code);
/* Decode a host double exactly (from its bits). */
pvc_num pvc_num_from_double(double v);
/* Encode x as type t. src is the source dtype (HF8 hybrid rounding reads the source's
 * mantissa width, §5.5); pass PVC_DT_COUNT for a double. */
uint64_t pvc_num_encode(pvc_dtype t, const pvc_num *x, pvc_round r, pvc_sat sat, pvc_dtype src);
/* One element from -> to (decode + encode in one step; the hot path of vf.astype). Both
 * dtypes must be valid; sat is used as given (cast.c applies the per-pair overrides). */
uint64_t pvc_convert(pvc_dtype from, pvc_dtype to, uint64_t code, pvc_round r, pvc_sat sat);
/* out[i] = pvc_convert(from, to, in[i], r, sat) for i < n, the dispatch done once. */
void pvc_convert_n(pvc_dtype from, pvc_dtype to, const uint64_t *in, uint64_t *out, unsigned n,
                   pvc_round r, pvc_sat sat);
/* x as a double: exact for every format of §5.5 and every integer of at most 53 bits. */
double pvc_num_to_double(const pvc_num *x);

#endif /* PVC_FORMATS_H */
