/* compare.c - vf.eq/ne/lt/gt/le/ge, vector and scalar forms (§5.2). Every legal element
 * value (ints up to 32 bits, FP16, BF16, FP32) is exact as a double, so one double compare
 * gives the IEEE rules: NaN false except NE, +0 == -0. */
#include <math.h>

#include "rt_internal.h"

const char *const pvc_cmp_names[PVC_CMP_COUNT] = {
#define X(name, pyname, op) pyname,
    PVC_COMPARES(X)
#undef X
};

/* FP16 (1-5-10) and BF16 (1-8-7) decode; local so compares do not depend on the cast
 * library. Exact: every such value is a double. */
static double half_value(uint32_t h, unsigned ebits, unsigned mbits)
{
    unsigned emax = (1u << ebits) - 1, bias = emax >> 1;
    unsigned e = (h >> mbits) & emax, m = h & ((1u << mbits) - 1);
    double v;
    if (e == emax)
        v = m ? (double)NAN : (double)INFINITY;
    else if (e == 0)
        v = ldexp((double)m, 1 - (int)bias - (int)mbits);
    else
        v = ldexp((double)(m | (1u << mbits)), (int)e - (int)bias - (int)mbits);
    return (h >> (ebits + mbits)) & 1 ? -v : v;
}

static double elem_value(pvc_dtype t, uint64_t bits)
{
    float f;
    uint32_t u32 = (uint32_t)bits;
    switch (t) {
    case PVC_DT_INT8:   return (int8_t)bits;
    case PVC_DT_UINT8:  return (uint8_t)bits;
    case PVC_DT_INT16:  return (int16_t)bits;
    case PVC_DT_UINT16: return (uint16_t)bits;
    case PVC_DT_INT32:  return (int32_t)bits;
    case PVC_DT_UINT32: return (uint32_t)bits;
    case PVC_DT_FP16:   return half_value((uint16_t)bits, 5, 10);
    case PVC_DT_BF16:   return half_value((uint16_t)bits, 8, 7);
    case PVC_DT_FP32:   memcpy(&f, &u32, 4); return f;
    default:            return 0;
    }
}

static int cmp_legal(pvc_dtype t)
{
    switch (t) {
    case PVC_DT_INT8: case PVC_DT_UINT8: case PVC_DT_INT16: case PVC_DT_UINT16:
    case PVC_DT_INT32: case PVC_DT_UINT32: case PVC_DT_FP16: case PVC_DT_BF16: case PVC_DT_FP32:
        return 1;
    default:
        return 0;
    }
}

static int relation(pvc_cmp op, double a, double b)
{
    switch (op) {
#define X(name, pyname, oper) case PVC_CMP_##name: return a oper b;
        PVC_COMPARES(X)
#undef X
    default: return 0;
    }
}

/* b == NULL: scalar form with b_bits. */
static void compare(pvc_ctx *ctx, pvc_mreg *dst, pvc_cmp op, pvc_dtype t, const pvc_vreg *a,
                    const pvc_vreg *b, uint64_t b_bits, const pvc_mreg *preg)
{
    pvc_mreg out;
    unsigned w;
    double sb;
    if ((unsigned)t >= PVC_DT_COUNT || !cmp_legal(t) || (unsigned)op >= PVC_CMP_COUNT) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "compare", 0, 0, "compare %d on dtype %d",
                        (int)op, (int)t);
        return;
    }
    w = pvc_dtype_lane_bytes(t);
    sb = elem_value(t, b_bits);
    memset(&out, 0, sizeof out);
    for (unsigned i = 0; i < PVC_VL / w; i++) {
        double x = elem_value(t, rt_get(a->b + w * i, w));
        double y = b ? elem_value(t, rt_get(b->b + w * i, w)) : sb;
        if ((!preg || pvc_mreg_bit(preg, w * i)) && relation(op, x, y))
            pvc_mreg_set_bit(&out, w * i, 1);
    }
    *dst = out;
}

void pvc_compare(pvc_ctx *ctx, pvc_mreg *dst, pvc_cmp op, pvc_dtype t, const pvc_vreg *a,
                 const pvc_vreg *b, const pvc_mreg *preg)
{
    compare(ctx, dst, op, t, a, b, 0, preg);
}

void pvc_compare_scalar(pvc_ctx *ctx, pvc_mreg *dst, pvc_cmp op, pvc_dtype t, const pvc_vreg *a,
                        uint64_t b_bits, const pvc_mreg *preg)
{
    compare(ctx, dst, op, t, a, NULL, b_bits, preg);
}
