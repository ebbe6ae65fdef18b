/* hist.c - vf.histograms (docs/SEMANTICS.md §10.15): chistv2 (ACCUMULATE) and dhistv2
 * (FREQUENCY) over 256 UINT8 lanes into 128 UINT16 bins. The destination is an accumulator:
 * every bin adds its count to the old value, mod 2^16; no lane is zeroed (§9.2 exception). */
#include "rt_internal.h"

void pvc_histograms(pvc_ctx *ctx, pvc_vreg *dst, const pvc_vreg *src, const pvc_mreg *mask,
                    pvc_hist_bin bin, pvc_hist_type type)
{
    uint16_t cnt[256], out[128];
    unsigned base;
    if ((unsigned)bin >= PVC_HIST_BIN_COUNT || (unsigned)type >= PVC_HIST_TYPE_COUNT) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "histograms", 0, 0,
                        "bin_type %d / hist_type %d", (int)bin, (int)type);
        return;
    }
    base = bin == PVC_HIST_BIN1 ? 128u : 0u;
    memset(cnt, 0, sizeof cnt);
    for (unsigned i = 0; i < PVC_VL; i++) /* b8 lanes: every mask bit is tested */
        cnt[src->b[i]] = (uint16_t)(cnt[src->b[i]] + (mask ? pvc_mreg_bit(mask, i) : 1));
    memcpy(out, dst->b, PVC_VL);
    if (type == PVC_HIST_FREQUENCY) {
        for (unsigned n = 0; n < 128; n++)
            out[n] = (uint16_t)(out[n] + cnt[base + n]);
    } else {
        /* bin n counts the values 0..base+n: BIN1 continues BIN0's running count, so the two
         * make one 256-bin cumulative histogram (as THISTOGRAM uses them, §10.15) */
        uint16_t run = 0;
        for (unsigned v = 0; v < base; v++)
            run = (uint16_t)(run + cnt[v]);
        for (unsigned n = 0; n < 128; n++) {
            run = (uint16_t)(run + cnt[base + n]);
            out[n] = (uint16_t)(out[n] + run);
        }
    }
    memcpy(dst->b, out, PVC_VL);
}
