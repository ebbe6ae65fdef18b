/* compare.c - element-wise closeness of an actual and an expected tensor, with a report in the
 * style of torch.testing.assert_close (docs/CLI.md). */
#include "run/compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* torch.testing's default tolerances per float dtype; other dtypes compare exactly. */
#define PVC_DEFAULT_TOLS(X)                                   \
    X(FP32, 1.3e-6, 1e-5)  /* torch.float32  */               \
    X(FP16, 1e-3,   1e-5)  /* torch.float16  */               \
    X(BF16, 1.6e-2, 1e-5)  /* torch.bfloat16 */

int pvc_result_default_tol(pvc_dtype dt, double *rtol, double *atol)
{
#define X(name, r, a)                \
    if (dt == PVC_DT_##name) {      \
        *rtol = r;                  \
        *atol = a;                  \
        return 1;                   \
    }
    PVC_DEFAULT_TOLS(X)
#undef X
    return 0;
}

/* ---- reading elements ------------------------------------------------------------------ */

/* A tensor seen as the kernel's dtype: FP4/INT4 bytes hold two logical elements. */
typedef struct {
    pvc_dtype dt;
    const pvc_npy *a;
    size_t n;
    int rank;
    int64_t shape[PVC_NPY_MAX_RANK];
} view;

static view view_of(pvc_dtype dt, const pvc_npy *a)
{
    view v = {dt, a, a->count, a->rank, {0}};
    memcpy(v.shape, a->shape, sizeof v.shape);
    if (pvc_npy_packs_nibbles(dt)) {
        v.n = a->count * 2;
        if (v.rank == 0)
            v.shape[v.rank++] = 1;
        v.shape[v.rank - 1] *= 2;
    }
    return v;
}

/* Raw bits of logical element i, little-endian in the file. */
static uint64_t code_at(const view *v, size_t i)
{
    const unsigned char *b = v->a->data;
    if (pvc_npy_packs_nibbles(v->dt))
        return i & 1 ? b[i >> 1] >> 4 : b[i >> 1] & 0xF; /* low nibble = lower index, §5.5 */
    size_t w = v->a->elem_size;
    uint64_t c = 0;
    for (size_t k = w; k-- > 0;)
        c = c << 8 | b[i * w + k];
    return c;
}

static int64_t sign_extend(uint64_t code, unsigned bits)
{
    uint64_t m = bits >= 64 ? 0 : UINT64_C(1) << (bits - 1);
    return bits >= 64 ? (int64_t)code : (int64_t)((code ^ m) - m);
}

/* IEEE binary16 -> double, exact. */
static double half_value(uint64_t h)
{
    int e = (int)(h >> 10 & 0x1F);
    double m = (double)(h & 0x3FF), s = h & 0x8000 ? -1.0 : 1.0;
    if (e == 0x1F)
        return m ? NAN : s * INFINITY;
    return e ? s * ldexp(1024 + m, e - 25) : s * ldexp(m, -24);
}

static double value_of(pvc_dtype dt, uint64_t code)
{
    const pvc_dtype_info *info = &pvc_dtype_table[dt];
    if (info->kind == PVC_KIND_S)
        return (double)sign_extend(code, info->bits);
    if (info->kind == PVC_KIND_U)
        return (double)code;
    if (dt == PVC_DT_FP32) {
        uint32_t bits = (uint32_t)code;
        float f;
        memcpy(&f, &bits, sizeof f);
        return f;
    }
    if (dt == PVC_DT_FP16)
        return half_value(code);
    return pvc_value_decode(dt, code); /* BF16, FP8*, HF8, FP4* */
}

/* ---- formatting -------------------------------------------------------------------------- */

/* Shortest "%.{p}g" that reads back as the same float (or double), Python-style "1.0". */
static void format_real(double x, int as_float, char *buf, size_t cap)
{
    if (isnan(x)) {
        snprintf(buf, cap, "nan");
        return;
    }
    if (isinf(x)) {
        snprintf(buf, cap, x < 0 ? "-inf" : "inf");
        return;
    }
    for (int p = 1; p <= 17; p++) {
        snprintf(buf, cap, "%.*g", p, x);
        double back = strtod(buf, NULL);
        if (as_float ? (float)back == (float)x : back == x)
            break;
    }
    if (!strpbrk(buf, ".e"))
        strncat(buf, ".0", cap - strlen(buf) - 1);
}

static void format_element(const view *v, uint64_t code, char *buf, size_t cap)
{
    const pvc_dtype_info *info = &pvc_dtype_table[v->dt];
    char val[40];
    switch (info->kind) {
    case PVC_KIND_S:
        snprintf(buf, cap, "%lld", (long long)sign_extend(code, info->bits));
        break;
    case PVC_KIND_U:
        snprintf(buf, cap, "%llu", (unsigned long long)code);
        break;
    case PVC_KIND_F:
        format_real(value_of(v->dt, code), 1, buf, cap);
        break;
    case PVC_KIND_Q: /* storage formats: the code, then what it means */
        format_real(value_of(v->dt, code), 1, val, sizeof val);
        snprintf(buf, cap, "0x%0*llx (%s)", info->bits == 4 ? 1 : 2, (unsigned long long)code, val);
        break;
    }
}

static void format_index(const view *v, size_t flat, char *buf, size_t cap)
{
    int64_t idx[PVC_NPY_MAX_RANK];
    for (int d = v->rank - 1; d >= 0; d--) {
        idx[d] = v->shape[d] ? (int64_t)(flat % (uint64_t)v->shape[d]) : 0;
        flat = v->shape[d] ? flat / (uint64_t)v->shape[d] : 0;
    }
    size_t n = (size_t)snprintf(buf, cap, "[");
    for (int d = 0; d < v->rank && n < cap; d++)
        n += (size_t)snprintf(buf + n, cap - n, "%s%lld", d ? ", " : "", (long long)idx[d]);
    if (n < cap)
        snprintf(buf + n, cap - n, "]");
}

static void format_shape(const pvc_npy *a, char *buf, size_t cap)
{
    size_t n = (size_t)snprintf(buf, cap, "[");
    for (int d = 0; d < a->rank && n < cap; d++)
        n += (size_t)snprintf(buf + n, cap - n, "%s%lld", d ? ", " : "", (long long)a->shape[d]);
    if (n < cap)
        snprintf(buf + n, cap - n, "]");
}

/* ---- comparing --------------------------------------------------------------------------- */

typedef struct {
    size_t bad;                        /* mismatching elements */
    double max_abs, max_rel;           /* over the mismatches; NaN ranks highest */
    size_t at_abs, at_rel;
    size_t first[PVC_RESULT_SHOW];    /* first mismatching indices */
} tally;

/* x outranks best: larger, or NaN over anything that is not NaN. */
static int outranks(double x, double best)
{
    return !isnan(best) && (isnan(x) || x > best);
}

static int close_enough(double a, double e, double rtol, double atol)
{
    if (a == e || (isnan(a) && isnan(e)))
        return 1;
    double d = fabs(a - e);
    return isfinite(d) && d <= atol + rtol * fabs(e);
}

static void count_mismatch(tally *t, size_t i, double a, double e)
{
    double d = fabs(a - e), r = d / fabs(e); /* e == 0: inf (d > 0) */
    if (isnan(a) != isnan(e))
        d = r = NAN;
    if (t->bad < PVC_RESULT_SHOW)
        t->first[t->bad] = i;
    if (t->bad == 0 || outranks(d, t->max_abs))
        t->max_abs = d, t->at_abs = i;
    if (t->bad == 0 || outranks(r, t->max_rel))
        t->max_rel = r, t->at_rel = i;
    t->bad++;
}

/* Units in the last place between two float codes of dt: the codes ordered as the numbers
 * they encode (sign-magnitude -> two's complement), so the next float up is one unit away and
 * +0 / -0 are 0 units apart. */
static uint64_t ulps_apart(pvc_dtype dt, uint64_t a, uint64_t b)
{
    unsigned bits = pvc_dtype_table[dt].bits;
    uint64_t sign = UINT64_C(1) << (bits - 1);
    int64_t oa = a & sign ? -(int64_t)(a & (sign - 1)) : (int64_t)a;
    int64_t ob = b & sign ? -(int64_t)(b & (sign - 1)) : (int64_t)b;
    return oa > ob ? (uint64_t)(oa - ob) : (uint64_t)(ob - oa);
}

static void write_report(FILE *f, const char *name, const view *act, const view *exp,
                         const tally *t, int exact, double rtol, double atol, long ulp)
{
    char ia[200], ir[200], da[40], dr[40];
    format_index(act, t->at_abs, ia, sizeof ia);
    format_index(act, t->at_rel, ir, sizeof ir);
    format_real(t->max_abs, 0, da, sizeof da);
    format_real(t->max_rel, 0, dr, sizeof dr);
    fprintf(f,
            "%s: %zu / %zu elements differ (%.2f%%); greatest absolute difference %s at %s; "
            "greatest relative difference %s at %s",
            name, t->bad, act->n, 100.0 * (double)t->bad / (double)act->n, da, ia, dr, ir);
    if (ulp >= 0)
        fprintf(f, " (within %ld ulp)\n", ulp);
    else if (exact)
        fprintf(f, " (exact comparison)\n");
    else
        fprintf(f, " (rtol %g, atol %g)\n", rtol, atol);
    for (size_t k = 0; k < t->bad && k < PVC_RESULT_SHOW; k++) {
        char ix[200], got[64], want[64];
        format_index(act, t->first[k], ix, sizeof ix);
        format_element(act, code_at(act, t->first[k]), got, sizeof got);
        format_element(exp, code_at(exp, t->first[k]), want, sizeof want);
        fprintf(f, "  %s: got %s, expected %s\n", ix, got, want);
    }
}

static int same_layout(const char *name, pvc_dtype dt, const pvc_npy *act, const pvc_npy *exp,
                       FILE *report)
{
    char why[200];
    if (pvc_npy_check_dtype(act, dt, NULL, why, sizeof why)) {
        if (report)
            fprintf(report, "%s: actual: %s\n", name, why);
        return 0;
    }
    if (pvc_npy_check_dtype(exp, dt, NULL, why, sizeof why)) {
        if (report)
            fprintf(report, "%s: expected: %s\n", name, why);
        return 0;
    }
    int same = act->rank == exp->rank;
    for (int d = 0; same && d < act->rank; d++)
        same = act->shape[d] == exp->shape[d];
    if (!same && report) {
        char sa[200], se[200];
        format_shape(act, sa, sizeof sa);
        format_shape(exp, se, sizeof se);
        fprintf(report, "%s: shape mismatch: got %s, expected %s\n", name, sa, se);
    }
    return same;
}

/* One loop for both rules: ulp >= 0 counts units in the last place on floats (integers
 * exact), else rtol/atol as torch does. */
static int compare(const char *name, pvc_dtype dt, const pvc_npy *actual, const pvc_npy *expected,
                   double rtol, double atol, int have_tol, long ulp, FILE *report)
{
    if ((unsigned)dt >= PVC_DT_COUNT) {
        if (report)
            fprintf(report, "%s: unknown dtype %d\n", name, (int)dt);
        return 0;
    }
    if (!same_layout(name, dt, actual, expected, report))
        return 0;
    pvc_dtype_kind kind = pvc_dtype_table[dt].kind;
    int is_int = kind == PVC_KIND_S || kind == PVC_KIND_U;
    /* Codes are compared exactly for ints and storage formats unless tolerances are given;
     * zero tolerances on ints also mean codes (int64 does not fit a double). */
    int exact = ulp >= 0 ? is_int
              : have_tol ? is_int && rtol == 0 && atol == 0
                         : !pvc_result_default_tol(dt, &rtol, &atol);
    view act = view_of(dt, actual), exp = view_of(dt, expected);
    tally t = {0};
    for (size_t i = 0; i < act.n; i++) {
        uint64_t ca = code_at(&act, i), ce = code_at(&exp, i);
        if (exact && ca == ce)
            continue;
        double a = value_of(dt, ca), e = value_of(dt, ce);
        if (!exact && ulp >= 0 && (isnan(a) ? isnan(e) : !isnan(e) && ulps_apart(dt, ca, ce) <= (uint64_t)ulp))
            continue;
        if (!exact && ulp < 0 && close_enough(a, e, rtol, atol))
            continue;
        count_mismatch(&t, i, a, e);
    }
    if (t.bad && report)
        write_report(report, name, &act, &exp, &t, exact, rtol, atol, exact ? -1 : ulp);
    return t.bad == 0;
}

int pvc_result_compare(const char *name, pvc_dtype dt, const pvc_npy *actual,
                       const pvc_npy *expected, double rtol, double atol, int have_tol,
                       FILE *report)
{
    return compare(name, dt, actual, expected, rtol, atol, have_tol, -1, report);
}

int pvc_result_compare_ulp(const char *name, pvc_dtype dt, const pvc_npy *actual,
                           const pvc_npy *expected, long ulp, FILE *report)
{
    return compare(name, dt, actual, expected, 0, 0, 0, ulp, report);
}
