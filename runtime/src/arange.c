/* arange.c - vf.arange (vci; docs/SEMANTICS.md §10.15): an index ramp from a start value,
 * increasing or decreasing, for every integer dtype, FP16 and FP32, and the b64 forms the
 * lowering builds from 32-bit pieces (DECREASE "as emitted", §12 T12). */
#include "formats.h"
#include "rt_internal.h"

const char *const pvc_index_order_names[PVC_ORDER_COUNT] = {
#define X(name, pyname, text) pyname,
    PVC_INDEX_ORDERS(X)
#undef X
};

/* Lane i's offset j: i (INCREASE) or N-1-i (DECREASE: start is the last, smallest value). */
#define RAMP_FUNC(T, NAME)                                                                      \
    static void NAME(uint8_t *out, T start, int decrease)                                      \
    {                                                                                           \
        enum { N = PVC_VL / sizeof(T) };                                                        \
        T d[N];                                                                                 \
        for (unsigned i = 0; i < N; i++)                                                        \
            d[i] = (T)(start + (T)(decrease ? N - 1 - i : i)); /* unsigned: wraps */           \
        memcpy(out, d, PVC_VL);                                                                 \
    }
RAMP_FUNC(uint8_t, ramp_8)
RAMP_FUNC(uint16_t, ramp_16)
RAMP_FUNC(uint32_t, ramp_32)

/* b64, as PP-BE emits it: lo = vci(0, INC) on int32 lanes (0..63), negated for DECREASE
 * (0, -1, -2, ...), hi = 0, vintlv(lo, hi) -> 64-bit lane i = (uint32) lo[i] zero-extended
 * (i < 32), then vadds(start) wrapping modulo 2^64. So DECREASE gives start, then
 * start + 2^32 - i for i >= 1 (§12 T12). */
static void ramp_64(uint8_t *out, uint64_t start, int decrease)
{
    uint64_t d[PVC_VL / 8];
    for (unsigned i = 0; i < PVC_VL / 8; i++) {
        uint32_t lo = decrease ? 0u - (uint32_t)i : (uint32_t)i;
        d[i] = start + (uint64_t)lo;
    }
    memcpy(out, d, PVC_VL);
}

/* FP16 / FP32 [I]: RNE_T(start + j) with j the lane's integer (exact in binary32). FP32 is
 * one IEEE binary32 addition (round to nearest even). FP16 goes through FP32 (§9.4): the
 * binary32 sum is rounded once more to FP16, and since 24 >= 2 * 11 + 2 the two roundings
 * of an addition equal one correct rounding. A NaN start propagates, quieted (§9.4). */
static void ramp_float(uint8_t *out, pvc_dtype t, uint64_t start, int decrease)
{
    if (t == PVC_DT_FP32) {
        uint32_t bits = (uint32_t)start;
        float s, d[PVC_VL / 4];
        if ((bits & 0x7F800000u) == 0x7F800000u && (bits & 0x007FFFFFu)) {
            for (unsigned i = 0; i < PVC_VL / 4; i++)
                rt_put(out + 4 * i, 4, bits | 0x00400000u);
            return;
        }
        memcpy(&s, &bits, 4);
        for (unsigned i = 0; i < PVC_VL / 4; i++)
            d[i] = s + (float)(decrease ? PVC_VL / 4 - 1 - i : i);
        memcpy(out, d, PVC_VL);
        return;
    }
    uint16_t h = (uint16_t)start;
    uint64_t in[PVC_VL / 2], res[PVC_VL / 2];
    if ((h & 0x7C00u) == 0x7C00u && (h & 0x03FFu)) {
        for (unsigned i = 0; i < PVC_VL / 2; i++)
            rt_put(out + 2 * i, 2, h | 0x0200u);
        return;
    }
    float s = (float)pvc_value_decode(PVC_DT_FP16, h); /* exact */
    for (unsigned i = 0; i < PVC_VL / 2; i++) {
        float v = s + (float)(decrease ? PVC_VL / 2 - 1 - i : i);
        uint32_t u;
        memcpy(&u, &v, 4);
        in[i] = u;
    }
    pvc_convert_n(PVC_DT_FP32, PVC_DT_FP16, in, res, PVC_VL / 2, PVC_ROUND_RINT, PVC_SAT_OFF);
    for (unsigned i = 0; i < PVC_VL / 2; i++)
        rt_put(out + 2 * i, 2, res[i]);
}

void pvc_arange(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, uint64_t start, pvc_index_order order)
{
    pvc_vreg r;
    if (!rt_lane_dt_in(t, RT_LANE_DT(INT8) | RT_LANE_DT(UINT8) | RT_LANE_DT(INT16) |
                              RT_LANE_DT(UINT16) | RT_LANE_DT(INT32) | RT_LANE_DT(UINT32) |
                              RT_LANE_DT(INT64) | RT_LANE_DT(UINT64) | RT_LANE_DT(FP16) |
                              RT_LANE_DT(FP32))) {
        rt_lane_bad_dtype(ctx, "arange", t);
        return;
    }
    if ((unsigned)order >= PVC_ORDER_COUNT) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "arange", 0, 0,
                        "index order %d is not INCREASE_ORDER or DECREASE_ORDER", (int)order);
        return;
    }
    int dec = order == PVC_ORDER_DECREASE;
    if (t == PVC_DT_FP16 || t == PVC_DT_FP32) {
        ramp_float(r.b, t, start, dec);
    } else {
        switch (pvc_dtype_lane_bytes(t)) {
        case 1:  ramp_8(r.b, (uint8_t)start, dec); break;
        case 2:  ramp_16(r.b, (uint16_t)start, dec); break;
        case 4:  ramp_32(r.b, (uint32_t)start, dec); break;
        default: ramp_64(r.b, start, dec); break;
        }
    }
    *dst = r;
}
