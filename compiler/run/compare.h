/* compare.h - result comparison for `pvc run --expect` (docs/CLI.md).
 *
 * torch.testing.assert_close semantics: element i passes when actual == expected (so +inf ==
 * +inf), both are NaN, or |actual - expected| <= atol + rtol * |expected| with a finite
 * difference. Values are read as the kernel's declared dtype: FP32/FP16/ints natively, BF16 and
 * the 8/4-bit formats through pvc_value_decode (pvc_rt_cast.h).
 *
 * Without explicit tolerances (have_tol == 0): FP32, FP16 and BF16 use torch's defaults
 * (pvc_result_default_tol), integers and the FP8/HF8/FP4 formats compare raw codes exactly.
 */
#ifndef PVC_COMPARE_H
#define PVC_COMPARE_H

#include <stdio.h>

#include "run/npy.h"

/* name labels the report (the kernel parameter); have_tol says rtol/atol were given by the user
 * (otherwise the per-dtype defaults apply). Not pvc_compare: that is the runtime's vcmp.
 * Returns 1 when every element is close, 0 otherwise (also for a shape or dtype mismatch).
 * On 0 a report is written to `report` (may be NULL):
 *   out: 3 / 64 elements differ (4.69%); greatest absolute difference 0.5 at [0, 7]; ...
 *     [0, 7]: got 1.5, expected 1.0
 * FP4/INT4 arrays are compared per nibble; their index has the last dimension doubled. */
int pvc_result_compare(const char *name, pvc_dtype dt, const pvc_npy *actual,
                       const pvc_npy *expected, double rtol, double atol, int have_tol,
                       FILE *report);

/* The same with a distance in units in the last place (`pvc run --ulp N`): a float element
 * passes when at most ulp representable values lie between actual and expected (both NaN
 * pass; +0 and -0 are equal); integers compare exactly. The approximate ops of
 * docs/SEMANTICS.md §9.4 are checked this way with ulp 1. */
int pvc_result_compare_ulp(const char *name, pvc_dtype dt, const pvc_npy *actual,
                           const pvc_npy *expected, long ulp, FILE *report);

/* torch's default (rtol, atol) for dt; returns 0 when dt compares exactly by default. */
int pvc_result_default_tol(pvc_dtype dt, double *rtol, double *atol);

/* Number of mismatch lines listed under the summary. */
#define PVC_RESULT_SHOW 5

#endif /* PVC_COMPARE_H */
