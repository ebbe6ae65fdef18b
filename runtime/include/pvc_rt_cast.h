/* pvc_rt_cast.h - casts and low-precision formats (§5.4, §5.5). Included by pvc_rt.h only;
 * users include pvc_rt.h. */
#ifndef PVC_RT_CAST_H
#define PVC_RT_CAST_H

/* Value of one element given its raw bits (code in the low bits of `code`): exact for every
 * dtype (FP4/INT4: low nibble). Used by the result comparison of `pvc run`. */
double pvc_value_decode(pvc_dtype t, uint64_t code);

#endif /* PVC_RT_CAST_H */
