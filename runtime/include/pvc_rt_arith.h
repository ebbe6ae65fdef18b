/* pvc_rt_arith.h - the arithmetic vf ops: binary and scalar arithmetic, unary, composite
 * (docs/SEMANTICS.md §9, §10.1-§10.6). Included by pvc_rt.h only; users include pvc_rt.h.
 */
#ifndef PVC_RT_ARITH_H
#define PVC_RT_ARITH_H

#endif /* PVC_RT_ARITH_H */
