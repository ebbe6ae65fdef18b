/* mask.c - mask generators: vf.create_mask patterns and vf.update_mask (§5.1). Only the
 * tested bit w*i of an active element is set (§1.2 [I]). */
#include "rt_internal.h"

const pvc_pattern_info pvc_mask_pattern_table[PVC_PAT_COUNT] = {
#define X(name, hw, active, text) {#name, hw, text},
    PVC_MASK_PATTERNS(X)
#undef X
};

/* One loop per pattern, the table's `active` column as its condition: the pattern switch runs
 * once per call, not once per element (a kernel creates its mask on every vector-function call). */
void pvc_mask_create(pvc_ctx *ctx, pvc_mreg *dst, pvc_mask_pattern pat, unsigned w)
{
    pvc_mreg m;
    unsigned n;
    if (!rt_gran_ok(w) || (unsigned)pat >= PVC_PAT_COUNT) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "create_mask", 0, 0,
                        "pattern %d at granularity %u bytes", (int)pat, w);
        return;
    }
    n = PVC_VL / w;
    memset(&m, 0, sizeof m);
    switch (pat) {
#define X(name, hw, active, text)                                                             \
    case PVC_PAT_##name:                                                                      \
        for (unsigned i = 0; i < n; i++)                                                      \
            if (active)                                                                       \
                pvc_mreg_set_bit(&m, w * i, 1);                                               \
        break;
        PVC_MASK_PATTERNS(X)
#undef X
    default:
        break;
    }
    *dst = m;
}

/* plt (§5.1): the first min(n, N) elements; the returned count is n - N saturated at 0. */
uint32_t pvc_mask_update(pvc_ctx *ctx, pvc_mreg *dst, uint32_t n, unsigned w)
{
    unsigned big_n, k;
    if (!rt_gran_ok(w)) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "update_mask", 0, 0,
                        "granularity %u bytes is not 1, 2, 4 or 8", w);
        return n;
    }
    big_n = PVC_VL / w;
    k = n < big_n ? n : big_n;
    memset(dst, 0, sizeof *dst);
    for (unsigned i = 0; i < k; i++)
        pvc_mreg_set_bit(dst, w * i, 1);
    return n > big_n ? n - big_n : 0;
}
