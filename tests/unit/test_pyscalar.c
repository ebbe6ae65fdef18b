/* test_pyscalar.c - the runtime's Python scalar arithmetic (pvc_rt.h "Python scalar
 * arithmetic"), the functions both backends call.
 *
 * Every expected value is Python's own answer (CPython 3.11, /usr/bin/python3), written as
 * the rule that gives it; where pvc departs from Python (64-bit wrapping) the comment says
 * so. Floats are compared bit for bit, so the sign of a zero counts; any NaN matches NaN. */
#include <math.h>
#include <string.h>

#include "pvc_rt.h"
#include "unit.h"

static int same_double(double got, double want)
{
    if (want != want)
        return got != got;
    return memcmp(&got, &want, sizeof got) == 0;
}

#define CHECK_F(got, want, what) \
    UNIT_CHECK(same_double((got), (want)), "%s: got %a, want %a", (what), (got), (want))
#define CHECK_I(got, want, what)                                                         \
    UNIT_CHECK((got) == (want), "%s: got %lld, want %lld", (what), (long long)(got), \
               (long long)(want))

static void test_int_wrap(void)
{
    CHECK_I(pvc_py_add(2, 3), 5, "2 + 3");
    CHECK_I(pvc_py_sub(2, 3), -1, "2 - 3");
    CHECK_I(pvc_py_mul(-4, 3), -12, "-4 * 3");
    CHECK_I(pvc_py_neg(7), -7, "-7");
    /* pvc, not Python: 64-bit scalars wrap modulo 2^64 */
    CHECK_I(pvc_py_add(INT64_MAX, 1), INT64_MIN, "INT64_MAX + 1 wraps");
    CHECK_I(pvc_py_sub(INT64_MIN, 1), INT64_MAX, "INT64_MIN - 1 wraps");
    CHECK_I(pvc_py_mul(INT64_MIN, -1), INT64_MIN, "INT64_MIN * -1 wraps");
    CHECK_I(pvc_py_mul((int64_t)1 << 62, 4), 0, "2^62 * 4 = 2^64 wraps to 0");
    CHECK_I(pvc_py_neg(INT64_MIN), INT64_MIN, "-INT64_MIN wraps");
}

/* a // b floors, a % b has b's sign, a == (a // b) * b + a % b. */
static void test_int_floor(void)
{
    static const struct {
        int64_t a, b, q, r;
    } cases[] = {
        {7, 2, 3, 1},   {-7, 2, -4, 1}, {7, -2, -4, -1}, {-7, -2, 3, -1},
        {6, 3, 2, 0},   {-6, 3, -2, 0}, {0, -5, 0, 0},   {5, -1, -5, 0},
        {INT64_MIN, 2, INT64_MIN / 2, 0},
        {INT64_MAX, INT64_MIN, -1, -1},            /* floor(-(1 - 2^-63)) = -1; r = MAX + MIN */
        {INT64_MIN, INT64_MAX, -2, INT64_MAX - 1}, /* -2^63 = -2 * (2^63 - 1) + (2^63 - 2) */
        {INT64_MIN, -1, INT64_MIN, 0},             /* pvc: 2^63 wraps to INT64_MIN (no C trap) */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char what[96];
        snprintf(what, sizeof what, "%lld // %lld", (long long)cases[i].a, (long long)cases[i].b);
        CHECK_I(pvc_py_floordiv(NULL, cases[i].a, cases[i].b), cases[i].q, what);
        snprintf(what, sizeof what, "%lld %% %lld", (long long)cases[i].a, (long long)cases[i].b);
        CHECK_I(pvc_py_mod(NULL, cases[i].a, cases[i].b), cases[i].r, what);
    }
}

/* len(range(lo, hi, st)) = max(0, ceil((hi - lo) / st)), exact over all of int64. */
static void test_range(void)
{
    CHECK_I(pvc_py_range_len(NULL, 0, 10, 3), 4u, "range(0, 10, 3): 0 3 6 9");
    CHECK_I(pvc_py_range_len(NULL, 10, 0, -3), 4u, "range(10, 0, -3): 10 7 4 1");
    CHECK_I(pvc_py_range_len(NULL, 5, 5, 1), 0u, "range(5, 5)");
    CHECK_I(pvc_py_range_len(NULL, 0, -1, 1), 0u, "range(0, -1)");
    CHECK_I(pvc_py_range_len(NULL, -1, 0, -1), 0u, "range(-1, 0, -1)");
    CHECK_I(pvc_py_range_len(NULL, INT64_MAX - 1, INT64_MAX, 5), 1u, "range(MAX-1, MAX, 5)");
    CHECK_I(pvc_py_range_len(NULL, INT64_MAX, INT64_MIN, INT64_MIN), 2u, "range(MAX, MIN, MIN)");
    CHECK_I(pvc_py_range_len(NULL, INT64_MIN, INT64_MAX, (int64_t)1 << 62), 4u, "range(MIN, MAX, 2^62)");
    UNIT_CHECK(pvc_py_range_len(NULL, INT64_MIN, INT64_MAX, 1) == UINT64_MAX, "%s",
               "range(MIN, MAX): 2^64 - 1 iterations");
    CHECK_I(pvc_py_range_at(10, 3, -3), 1, "range(10, 0, -3)[3]");
    CHECK_I(pvc_py_range_at(INT64_MAX, 1, INT64_MIN), -1, "range(MAX, MIN, MIN)[1]");
}

static void test_float_basic(void)
{
    CHECK_F(pvc_py_fadd(0.1, 0.2), 0.30000000000000004, "0.1 + 0.2");
    CHECK_F(pvc_py_fadd(-0.0, -0.0), -0.0, "-0.0 + -0.0");
    CHECK_F(pvc_py_fsub(0.0, 0.0), 0.0, "0.0 - 0.0");
    CHECK_F(pvc_py_fsub(-0.0, 0.0), -0.0, "-0.0 - 0.0");
    CHECK_F(pvc_py_fmul(7.5, -0.0), -0.0, "7.5 * -0.0");
    CHECK_F(pvc_py_fmul(1.25, 2.0), 2.5, "1.25 * 2.0");
    CHECK_F(pvc_py_fneg(-0.0), 0.0, "-(-0.0)");
    CHECK_F(pvc_py_fneg(0.0), -0.0, "-(0.0)");
    /* float(int): round to nearest, ties to even */
    CHECK_F(pvc_py_float(((int64_t)1 << 53) + 1), 0x1p53, "float(2^53 + 1) = 2^53");
    CHECK_F(pvc_py_float(-((int64_t)1 << 53) - 3), -9007199254740996.0, "float(-2^53 - 3)");
    CHECK_F(pvc_py_float(INT64_MAX), 0x1p63, "float(2^63 - 1) = 2^63");
    CHECK_F(pvc_py_float(INT64_MIN), -0x1p63, "float(-2^63)");
    CHECK_F(pvc_py_fmul(pvc_py_float(3), 0.1), 0.30000000000000004, "3 * 0.1");
}

/* CPython's float // and %: r = fmod moved into b's sign (zero: b's sign); q snapped. */
static void test_float_floor(void)
{
    static const struct {
        double a, b, q, r;
        const char *what;
    } cases[] = {
        {7.5, 2.0, 3.0, 1.5, "7.5, 2.0"},
        {-7.5, 2.0, -4.0, 0.5, "-7.5, 2.0"},
        {7.5, -2.0, -4.0, -0.5, "7.5, -2.0"},
        {-7.5, -2.0, 3.0, -1.5, "-7.5, -2.0"},
        {6.0, 3.0, 2.0, 0.0, "6.0, 3.0"},
        {-6.0, 3.0, -2.0, 0.0, "-6.0, 3.0: zero remainder takes b's sign"},
        {0.0, -1.0, -0.0, -0.0, "0.0, -1.0: zero quotient has the sign of a / b"},
        {-0.0, 1.0, -0.0, 0.0, "-0.0, 1.0"},
        {0.0, 1.0, 0.0, 0.0, "0.0, 1.0"},
        {-0.0, -1.0, 0.0, -0.0, "-0.0, -1.0"},
        {INFINITY, 1.0, NAN, NAN, "inf, 1.0: fmod(inf) is NaN"},
        {-INFINITY, 2.0, NAN, NAN, "-inf, 2.0"},
        {1.0, INFINITY, 0.0, 1.0, "1.0, inf"},
        {-1.0, INFINITY, -1.0, INFINITY, "-1.0, inf: r = -1 + inf"},
        {1.0, -INFINITY, -1.0, -INFINITY, "1.0, -inf"},
        {-1.0, -INFINITY, 0.0, -1.0, "-1.0, -inf"},
        {0.0, INFINITY, 0.0, 0.0, "0.0, inf"},
        {-0.0, INFINITY, -0.0, 0.0, "-0.0, inf"},
        {5.0, -INFINITY, -1.0, -INFINITY, "5.0, -inf"},
        {NAN, 1.0, NAN, NAN, "nan, 1.0"},
        {1.0, NAN, NAN, NAN, "1.0, nan"},
        {0.1, 0.01, 10.0, 0x1p-58, "0.1, 0.01: the quotient snaps to 10"},
        {1e300, 1e-300, INFINITY, 0x1.4f722a6f79f9cp-998, "1e300, 1e-300: quotient overflows"},
        {-1e-300, 1e300, -1.0, 1e300, "-1e-300, 1e300: r = -1e-300 + 1e300 rounds to 1e300"},
        {0x1p53, 3.0, 3002399751580330.0, 2.0, "2^53, 3.0"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char what[128];
        snprintf(what, sizeof what, "//: %s", cases[i].what);
        CHECK_F(pvc_py_ffloordiv(NULL, cases[i].a, cases[i].b), cases[i].q, what);
        snprintf(what, sizeof what, "%%: %s", cases[i].what);
        CHECK_F(pvc_py_fmod(NULL, cases[i].a, cases[i].b), cases[i].r, what);
    }
}

/* Python's ZeroDivisionError / range() ValueError: a BAD_ARG fault at ctx->at. */
typedef struct {
    int which;
    int reached_end;
} job;

static void run(pvc_ctx *ctx, void *arg)
{
    job *j = arg;
    switch (j->which) {
    case 0: (void)pvc_py_floordiv(ctx, 7, 0); break;
    case 1: (void)pvc_py_mod(ctx, 7, 0); break;
    case 2: (void)pvc_py_ffloordiv(ctx, 7.0, 0.0); break;
    case 3: (void)pvc_py_fmod(ctx, 7.0, -0.0); break;
    default: (void)pvc_py_range_len(ctx, 0, 10, 0); break;
    }
    j->reached_end = 1;
}

static void test_faults(pvc_ctx *ctx)
{
    static const char *const ops[] = {"floordiv", "mod", "floordiv", "mod", "range"};
    pvc_loc loc = {"k.py", 3, 9};
    ctx->at = &loc;
    for (int w = 0; w < 5; w++) {
        job j = {w, 0};
        int kind = pvc_ctx_pcall(ctx, run, &j);
        UNIT_CHECK(kind == PVC_FAULT_BAD_ARG && !j.reached_end, "case %d: kind %d", w, kind);
        UNIT_CHECK(ctx->fault.op && strcmp(ctx->fault.op, ops[w]) == 0 && ctx->fault.loc.line == 3 &&
                       ctx->fault.detail[0] != 0,
                   "case %d: op %s line %d", w, ctx->fault.op ? ctx->fault.op : "(null)",
                   ctx->fault.loc.line);
    }
    /* outside a pcall: recorded, and the result is 0 */
    ctx->fault.kind = PVC_FAULT_NONE;
    CHECK_I(pvc_py_floordiv(ctx, -7, 0), 0, "unprotected 7 // 0");
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_BAD_ARG, "%s", "unprotected fault recorded");
    CHECK_F(pvc_py_fmod(ctx, 1.0, 0.0), 0.0, "unprotected 1.0 % 0.0");
    CHECK_I(pvc_py_range_len(ctx, 0, 1, 0), 0u, "unprotected range step 0");
    ctx->at = NULL;
}

int main(void)
{
    pvc_ctx *ctx = pvc_ctx_new();
    if (!ctx)
        return 1;
    test_int_wrap();
    test_int_floor();
    test_range();
    test_float_basic();
    test_float_floor();
    test_faults(ctx);
    pvc_ctx_free(ctx);
    return UNIT_DONE();
}
