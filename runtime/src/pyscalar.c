/* pyscalar.c - Python's // and % on floats and the exact int-float comparison (pvc_rt.h
 * "Python scalar arithmetic").
 *
 * Out of line because they need libm and an emitted kernel resolves only pvc's own symbols.
 * The rules are CPython's (its float floor division and remainder), the spec for a kernel's
 * float scalars:
 *   r = fmod(a, b)                      exact, with a's sign
 *   r != 0 and sign(r) != sign(b):      r += b, and the quotient below loses 1
 *   r == 0:                             r = zero with b's sign (fmod's zero sign varies)
 *   q = (a - fmod(a, b)) / b            a multiple of b in real arithmetic; the rounded
 *                                       division may miss the integer, so q is snapped to
 *                                       the nearest one (floor, +1 when more than .5 above)
 *   q == 0:                             zero with the sign of a / b
 * NaN and infinities fall through the same steps (inf // 1.0 is NaN, -1.0 % inf is inf). */
#include <math.h>

#include "rt_internal.h"

/* a // b, or a % b when rem; BAD_ARG (Python's ZeroDivisionError) when b is zero. */
static double float_floor_op(pvc_ctx *ctx, double a, double b, int rem)
{
    if (b == 0) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, rem ? "mod" : "floordiv", 0, 0, "float %s by zero",
                        rem ? "modulo" : "floor division");
        return 0;
    }
    double r = fmod(a, b);
    double q = (a - r) / b;
    if (r == 0) {
        r = copysign(0.0, b);
    } else if ((r < 0) != (b < 0)) { /* NaN takes this path when b < 0: stays NaN */
        r += b;
        q -= 1.0;
    }
    if (rem)
        return r;
    if (q == 0)
        return copysign(0.0, a / b);
    double f = floor(q);
    return q - f > 0.5 ? f + 1.0 : f;
}

double pvc_py_ffloordiv(pvc_ctx *ctx, double a, double b) { return float_floor_op(ctx, a, b, 0); }
double pvc_py_fmod(pvc_ctx *ctx, double a, double b) { return float_floor_op(ctx, a, b, 1); }

/* int a against float b as Python compares them: the float's integer part first (exact in
 * int64 once b lies in [-2^63, 2^63)), then its fraction. */
int64_t pvc_py_ifcmp(int op, int64_t a, double b)
{
    int c;
    if (b != b)
        c = 2;
    else if (b >= 9223372036854775808.0)
        c = -1;
    else if (b < -9223372036854775808.0)
        c = 1;
    else {
        double t = trunc(b);
        int64_t bi = (int64_t)t;
        c = a != bi ? (a < bi ? -1 : 1) : b > t ? -1 : b < t ? 1 : 0;
    }
    return pvc_py_cmp_result(op, c);
}
