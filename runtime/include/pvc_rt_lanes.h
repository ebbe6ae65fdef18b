/* pvc_rt_lanes.h - the vf ops that move lanes rather than compute them: bitwise and
 * shifts, select, squeeze, reductions, bit_cast / pack / unpack, interleave, gather and
 * scatter, move, mask generation from registers, arange, histograms, the unified load and
 * store, and the special registers (docs/SEMANTICS.md §9, §10.7-§10.16). Included by
 * pvc_rt.h only; users include pvc_rt.h.
 */
#ifndef PVC_RT_LANES_H
#define PVC_RT_LANES_H

#endif /* PVC_RT_LANES_H */
