/* test_compare.c - result comparison (compiler/run/compare.c) against torch.testing.assert_close
 * semantics: pass iff a == e, both NaN, or finite |a - e| <= atol + rtol * |e|. Every expected
 * verdict and report line below is worked out by hand from that rule. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "run/compare.h"
#include "unit.h"

/* A [rows, cols] array of descr filled from `values` (element bytes, C order). */
static pvc_npy make(const char *descr, int64_t rows, int64_t cols, const void *values)
{
    pvc_npy a;
    int64_t shape[2] = {rows, cols};
    char err[128];
    if (pvc_npy_alloc(&a, descr, 2, shape, err, sizeof err)) {
        printf("alloc: %s\n", err);
        exit(1);
    }
    if (values)
        memcpy(a.data, values, a.count * a.elem_size);
    return a;
}

/* pvc_result_compare on two 1-element arrays. */
static int close1(pvc_dtype dt, const char *descr, const void *act, const void *exp, double rtol,
                  double atol, int have_tol)
{
    pvc_npy a = make(descr, 1, 1, act), e = make(descr, 1, 1, exp);
    int r = pvc_result_compare("x", dt, &a, &e, rtol, atol, have_tol, NULL);
    pvc_npy_free(&a);
    pvc_npy_free(&e);
    return r;
}

static int f32(float act, float exp, double rtol, double atol, int have_tol)
{
    return close1(PVC_DT_FP32, "<f4", &act, &exp, rtol, atol, have_tol);
}

static int f16(uint16_t act, uint16_t exp, double rtol, double atol, int have_tol)
{
    return close1(PVC_DT_FP16, "<f2", &act, &exp, rtol, atol, have_tol);
}

/* The report pvc_result_compare writes, as a malloc'd string. */
static char *report_of(const char *name, pvc_dtype dt, const pvc_npy *a, const pvc_npy *e,
                       double rtol, double atol, int have_tol, int *verdict)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    *verdict = pvc_result_compare(name, dt, a, e, rtol, atol, have_tol, f);
    fclose(f);
    return text;
}

static void test_fp32_edges(void)
{
    /* atol edge: |1.5 - 1.0| = 0.5 <= 0.5 passes; the next float above 1.5 (1.5 + 2^-23) fails. */
    UNIT_CHECK(f32(1.5f, 1.0f, 0, 0.5, 1) == 1, "atol edge inclusive");
    UNIT_CHECK(f32(1.5f + 0x1p-23f, 1.0f, 0, 0.5, 1) == 0, "just past atol");
    /* rtol edge: |2.5 - 2| = 0.5 = 0.25 * |2|. The bound uses |expected|, not |actual|. */
    UNIT_CHECK(f32(2.5f, 2.0f, 0.25, 0, 1) == 1, "rtol edge inclusive");
    UNIT_CHECK(f32(2.5f + 0x1p-22f, 2.0f, 0.25, 0, 1) == 0, "just past rtol");
    UNIT_CHECK(f32(2.0f, 2.5f, 0.2, 0, 1) == 1, "rtol scales expected: 0.5 <= 0.2 * 2.5");
    UNIT_CHECK(f32(2.5f, 2.0f, 0.2, 0, 1) == 0, "rtol scales expected: 0.5 > 0.2 * 2");
    /* Defaults (torch float32): rtol 1.3e-6, atol 1e-5 -> bound at 1.0 is 1.13e-5.
     * 2^-17 = 7.6e-6 passes, 2^-16 = 1.53e-5 fails. */
    UNIT_CHECK(f32(1.0f + 0x1p-17f, 1.0f, 0, 0, 0) == 1, "default tol pass");
    UNIT_CHECK(f32(1.0f + 0x1p-16f, 1.0f, 0, 0, 0) == 0, "default tol fail");
    /* At 1000 the rtol part dominates: bound = 1e-5 + 1.3e-3; 2^-10 = 9.8e-4 passes, 2^-9 fails. */
    UNIT_CHECK(f32(1000.0f + 0x1p-10f, 1000.0f, 0, 0, 0) == 1, "default rtol pass");
    UNIT_CHECK(f32(1000.0f + 0x1p-9f, 1000.0f, 0, 0, 0) == 0, "default rtol fail");
    /* Explicit zero tolerances: exact, but -0.0 == 0.0. */
    UNIT_CHECK(f32(-0.0f, 0.0f, 0, 0, 1) == 1, "-0 == 0");
    UNIT_CHECK(f32(0x1p-149f, 0.0f, 0, 0, 1) == 0, "smallest subnormal != 0 exactly");
}

static void test_nan_inf(void)
{
    UNIT_CHECK(f32(NAN, NAN, 0, 0, 1) == 1, "NaN == NaN (equal_nan)");
    UNIT_CHECK(f32(-NAN, NAN, 0, 0, 0) == 1, "NaN sign ignored");
    UNIT_CHECK(f32(NAN, 1.0f, 1e9, 1e9, 1) == 0, "NaN vs number fails at any tolerance");
    UNIT_CHECK(f32(1.0f, NAN, 1e9, 1e9, 1) == 0, "number vs NaN");
    UNIT_CHECK(f32(INFINITY, INFINITY, 0, 0, 1) == 1, "+inf == +inf");
    UNIT_CHECK(f32(-INFINITY, -INFINITY, 0, 0, 0) == 1, "-inf == -inf");
    UNIT_CHECK(f32(INFINITY, -INFINITY, 1e9, 1e9, 1) == 0, "+inf != -inf");
    /* rtol * |inf| is inf, but the difference is not finite: torch still fails it. */
    UNIT_CHECK(f32(1.0f, INFINITY, 1, 0, 1) == 0, "finite vs inf");
    UNIT_CHECK(f32(INFINITY, 3.0e38f, 1, 1e30, 1) == 0, "inf vs max-ish");
}

static void test_fp16(void)
{
    /* binary16: 0x3C00 = 1.0, 0x3C01 = 1 + 2^-10, 0x3C02 = 1 + 2^-9. Default rtol 1e-3, atol 1e-5:
     * bound 1.01e-3 >= 9.77e-4 (pass), < 1.95e-3 (fail). */
    UNIT_CHECK(f16(0x3C01, 0x3C00, 0, 0, 0) == 1, "fp16 one ulp at 1.0");
    UNIT_CHECK(f16(0x3C02, 0x3C00, 0, 0, 0) == 0, "fp16 two ulps at 1.0");
    UNIT_CHECK(f16(0x7C00, 0x7C00, 0, 0, 0) == 1, "fp16 +inf");
    UNIT_CHECK(f16(0x7C00, 0xFC00, 0, 0, 0) == 0, "fp16 +inf vs -inf");
    UNIT_CHECK(f16(0x7E00, 0x7C01, 0, 0, 0) == 1, "fp16 two different NaNs");
    UNIT_CHECK(f16(0x8000, 0x0000, 0, 0, 1) == 1, "fp16 -0 == 0");
    /* 0x0001 = 2^-24 (subnormal), 0x0400 = 2^-14: differ by ~6.1e-5 > atol 1e-5 + 1e-3 * 6.1e-5. */
    UNIT_CHECK(f16(0x0001, 0x0400, 0, 0, 0) == 0, "fp16 subnormal vs min normal");
    /* 0x0001 vs 0x0000: 6e-8 <= 1e-5. */
    UNIT_CHECK(f16(0x0001, 0x0000, 0, 0, 0) == 1, "fp16 subnormal within atol");
    /* With explicit rtol 0 atol 2^-24 the smallest subnormal is decoded exactly: diff == atol. */
    UNIT_CHECK(f16(0x0001, 0x0000, 0, 0x1p-24, 1) == 1, "fp16 subnormal value exact");
    UNIT_CHECK(f16(0x0002, 0x0000, 0, 0x1p-24, 1) == 0, "fp16 2^-23 > 2^-24");
}

static void test_ints(void)
{
    int32_t a = 5, b = 6;
    UNIT_CHECK(close1(PVC_DT_INT32, "<i4", &a, &b, 0, 0, 0) == 0, "int32 exact by default");
    UNIT_CHECK(close1(PVC_DT_INT32, "<i4", &a, &a, 0, 0, 0) == 1, "int32 equal");
    UNIT_CHECK(close1(PVC_DT_INT32, "<i4", &a, &b, 0, 1, 1) == 1, "int32 with atol 1");
    UNIT_CHECK(close1(PVC_DT_INT32, "<i4", &a, &b, 0, 0.5, 1) == 0, "int32 with atol 0.5");
    /* 2^62 + 1 and 2^62 are the same double: int64 must still compare as integers. */
    int64_t c = ((int64_t)1 << 62) + 1, d = (int64_t)1 << 62;
    UNIT_CHECK(close1(PVC_DT_INT64, "<i8", &c, &d, 0, 0, 0) == 0, "int64 exact by default");
    UNIT_CHECK(close1(PVC_DT_INT64, "<i8", &c, &d, 0, 0, 1) == 0, "int64 exact with zero tol");
    uint8_t x = 200, y = 201;
    UNIT_CHECK(close1(PVC_DT_UINT8, "|u1", &x, &y, 0, 0, 0) == 0, "uint8 exact");
    UNIT_CHECK(close1(PVC_DT_UINT8, "|u1", &x, &y, 0, 1, 1) == 1, "uint8 with atol 1");
    int16_t m = -3, n = 3;
    UNIT_CHECK(close1(PVC_DT_INT16, "<i2", &m, &n, 0, 5, 1) == 0, "int16 is signed: |-3-3| = 6");
    UNIT_CHECK(close1(PVC_DT_INT16, "<i2", &m, &n, 0, 6, 1) == 1, "int16 |-3-3| = 6 <= 6");
}

static void test_layout_mismatch(void)
{
    pvc_npy a = make("<f4", 1, 64, NULL), e = make("<f4", 1, 128, NULL);
    int v;
    char *r = report_of("out", PVC_DT_FP32, &a, &e, 0, 0, 0, &v);
    UNIT_CHECK(v == 0, "shape mismatch fails");
    UNIT_CHECK(strcmp(r, "out: shape mismatch: got [1, 64], expected [1, 128]\n") == 0, "got '%s'", r);
    free(r);
    pvc_npy_free(&e);
    e = make("<f8", 1, 64, NULL);
    r = report_of("out", PVC_DT_FP32, &a, &e, 0, 0, 0, &v);
    UNIT_CHECK(v == 0 && strcmp(r, "out: expected: the file holds float64 ('<f8'), and FP32 tensors are float32 ('<f4')\n") == 0,
               "dtype mismatch '%s'", r);
    free(r);
    r = report_of("out", PVC_DT_FP32, &e, &a, 0, 0, 0, &v);
    UNIT_CHECK(v == 0 && strstr(r, "out: actual: the file holds float64 ('<f8')"), "actual dtype '%s'", r);
    free(r);
    pvc_npy_free(&e);
    /* Equal empty and equal arrays pass and say nothing. */
    e = make("<f4", 1, 64, NULL);
    r = report_of("out", PVC_DT_FP32, &a, &e, 0, 0, 0, &v);
    UNIT_CHECK(v == 1 && r[0] == 0, "equal: '%s'", r);
    free(r);
    pvc_npy_free(&a);
    pvc_npy_free(&e);
}

static void test_report(void)
{
    /* [2, 32] float32, expected 1.0 everywhere but [0, 12] = 0.25 and [1, 3] = 2.0.
     * Mismatches: [0, 7] 1.5 vs 1.0 (abs 0.5, rel 0.5), [0, 12] 0.5 vs 0.25 (abs 0.25, rel 1.0),
     * [1, 3] 2.25 vs 2.0 (abs 0.25, rel 0.125). 3 / 64 = 4.6875% -> "4.69%". */
    float act[64], exp[64];
    for (int i = 0; i < 64; i++)
        act[i] = exp[i] = 1.0f;
    exp[12] = 0.25f;
    exp[32 + 3] = 2.0f;
    act[7] = 1.5f;
    act[12] = 0.5f;
    act[32 + 3] = 2.25f;
    pvc_npy a = make("<f4", 2, 32, act), e = make("<f4", 2, 32, exp);
    int v;
    char *r = report_of("out", PVC_DT_FP32, &a, &e, 0, 0, 0, &v);
    const char *want =
        "out: 3 / 64 elements differ (4.69%); greatest absolute difference 0.5 at [0, 7]; "
        "greatest relative difference 1.0 at [0, 12] (rtol 1.3e-06, atol 1e-05)\n"
        "  [0, 7]: got 1.5, expected 1.0\n"
        "  [0, 12]: got 0.5, expected 0.25\n"
        "  [1, 3]: got 2.25, expected 2.0\n";
    UNIT_CHECK(v == 0 && strcmp(r, want) == 0, "report:\n%s---want:\n%s", r, want);
    free(r);

    /* Seven mismatches: five lines listed. A NaN difference ranks above every number;
     * expected 0 makes the relative difference inf. */
    for (int i = 0; i < 7; i++)
        act[40 + i] = 3.0f;
    act[50] = NAN;
    exp[60] = 0.0f;
    act[60] = 0.1f;
    memcpy(a.data, act, sizeof act);
    memcpy(e.data, exp, sizeof exp);
    r = report_of("t", PVC_DT_FP32, &a, &e, 0, 0.1, 1, &v);
    /* Within atol 0.1: none of the above; mismatches: [0, 7] [0, 12] [1, 3] [1, 8..14] [1, 18]
     * [1, 28] = 12; the 0.1 vs 0.0 one at [1, 28]: |0.1f - 0| = 0.1f > 0.1 (0.1f rounds up). */
    UNIT_CHECK(v == 0 && strncmp(r, "t: 12 / 64 elements differ (18.75%); greatest absolute "
                                    "difference nan at [1, 18]; greatest relative difference "
                                    "nan at [1, 18] (rtol 0, atol 0.1)\n",
                                 strlen("t: 12 / 64 elements differ (18.75%); greatest absolute "
                                        "difference nan at [1, 18]; greatest relative difference "
                                        "nan at [1, 18] (rtol 0, atol 0.1)\n")) == 0,
               "nan report:\n%s", r);
    int lines = 0;
    for (char *p = r; *p; p++)
        lines += *p == '\n';
    UNIT_CHECK(lines == 1 + PVC_RESULT_SHOW, "%d lines", lines);
    UNIT_CHECK(strstr(r, "  [1, 8]: got 3.0, expected 1.0\n") && !strstr(r, "[1, 18]: got"),
               "first five listed:\n%s", r);
    free(r);
    pvc_npy_free(&a);
    pvc_npy_free(&e);

    /* Exact integer report. */
    int32_t ia[4] = {1, 2, 4, -5}, ie[4] = {1, 2, 8, -5};
    pvc_npy x = make("<i4", 1, 4, ia), y = make("<i4", 1, 4, ie);
    r = report_of("idx", PVC_DT_INT32, &x, &y, 0, 0, 0, &v);
    UNIT_CHECK(v == 0 && strcmp(r, "idx: 1 / 4 elements differ (25.00%); greatest absolute difference "
                                   "4.0 at [0, 2]; greatest relative difference 0.5 at [0, 2] "
                                   "(exact comparison)\n  [0, 2]: got 4, expected 8\n") == 0,
               "int report:\n%s", r);
    free(r);
    pvc_npy_free(&x);
    pvc_npy_free(&y);
}

/* BF16 and the storage formats go through pvc_value_decode; code values from docs/SEMANTICS.md §5.5. */
static void test_decoded_dtypes(void)
{
    /* BF16 bits: 0x3F80 = 1.0, 0x3F81 = 1 + 2^-7, 0x3FA0 = 1.25. Default rtol 1.6e-2. */
    uint16_t b1 = 0x3F80, b2 = 0x3F81, b3 = 0x3FA0, n1 = 0x7FC0, n2 = 0x7FC1;
    UNIT_CHECK(close1(PVC_DT_BF16, "<u2", &b2, &b1, 0, 0, 0) == 1, "bf16 one ulp");
    UNIT_CHECK(close1(PVC_DT_BF16, "<u2", &b3, &b1, 0, 0, 0) == 0, "bf16 1.25 vs 1.0");
    UNIT_CHECK(close1(PVC_DT_BF16, "<u2", &n1, &n2, 0, 0, 0) == 1, "bf16 NaNs");
    /* FP8E4M3FN: 0x38 = 1.0, 0x39 = 1.125, 0x80 = -0. Codes exact by default. */
    uint8_t f10 = 0x38, f11 = 0x39, pz = 0x00, nz = 0x80;
    UNIT_CHECK(close1(PVC_DT_FP8E4M3FN, "|u1", &f11, &f10, 0, 0, 0) == 0, "fp8 codes differ");
    UNIT_CHECK(close1(PVC_DT_FP8E4M3FN, "|u1", &f11, &f10, 0.125, 0, 1) == 1, "fp8 rtol edge");
    UNIT_CHECK(close1(PVC_DT_FP8E4M3FN, "|u1", &f11, &f10, 0.12, 0, 1) == 0, "fp8 past rtol");
    UNIT_CHECK(close1(PVC_DT_FP8E4M3FN, "|u1", &nz, &pz, 0, 0, 0) == 0, "fp8 -0 code != +0 code");
    UNIT_CHECK(close1(PVC_DT_FP8E4M3FN, "|u1", &nz, &pz, 0, 0, 1) == 1, "fp8 -0 == +0 by value");
    /* HF8: 0x80 = NaN, 0x08 = 1.0, 0x09 = 1.125. */
    uint8_t hn = 0x80, h1 = 0x08, h2 = 0x09;
    UNIT_CHECK(close1(PVC_DT_HF8, "|u1", &hn, &hn, 0, 0, 0) == 1, "hf8 NaN code");
    UNIT_CHECK(close1(PVC_DT_HF8, "|u1", &hn, &hn, 0.1, 0.1, 1) == 1, "hf8 NaN == NaN by value");
    UNIT_CHECK(close1(PVC_DT_HF8, "|u1", &h2, &h1, 0, 0, 0) == 0, "hf8 1.125 vs 1.0");
    UNIT_CHECK(close1(PVC_DT_HF8, "|u1", &h2, &h1, 0, 0.125, 1) == 1, "hf8 atol 0.125");

    int v;
    pvc_npy a = make("|u1", 1, 1, &f11), e = make("|u1", 1, 1, &f10);
    char *r = report_of("f8", PVC_DT_FP8E4M3FN, &a, &e, 0, 0, 0, &v);
    UNIT_CHECK(v == 0 && strcmp(r, "f8: 1 / 1 elements differ (100.00%); greatest absolute difference "
                                   "0.125 at [0, 0]; greatest relative difference 0.125 at [0, 0] "
                                   "(exact comparison)\n"
                                   "  [0, 0]: got 0x39 (1.125), expected 0x38 (1.0)\n") == 0,
               "fp8 report:\n%s", r);
    free(r);
    pvc_npy_free(&a);
    pvc_npy_free(&e);

    /* FP4E2M1, two codes per byte, low nibble first: 0x21 = [0.5, 1.0], 0x41 = [0.5, 2.0]; the
     * [1, 1] byte array is a [1, 2] tensor and the difference is at [0, 1]. */
    uint8_t p1 = 0x21, p2 = 0x41;
    a = make("|u1", 1, 1, &p1);
    e = make("|u1", 1, 1, &p2);
    r = report_of("fp4", PVC_DT_FP4E2M1, &a, &e, 0, 0, 0, &v);
    UNIT_CHECK(v == 0 && strcmp(r, "fp4: 1 / 2 elements differ (50.00%); greatest absolute difference "
                                   "1.0 at [0, 1]; greatest relative difference 0.5 at [0, 1] "
                                   "(exact comparison)\n"
                                   "  [0, 1]: got 0x2 (1.0), expected 0x4 (2.0)\n") == 0,
               "fp4 report:\n%s", r);
    free(r);
    UNIT_CHECK(pvc_result_compare("fp4", PVC_DT_FP4E2M1, &a, &e, 0, 1.0, 1, NULL) == 1, "fp4 atol 1");
    pvc_npy_free(&a);
    pvc_npy_free(&e);
}

static void test_defaults(void)
{
    double r, a;
    UNIT_CHECK(pvc_result_default_tol(PVC_DT_FP32, &r, &a) && r == 1.3e-6 && a == 1e-5, "fp32");
    UNIT_CHECK(pvc_result_default_tol(PVC_DT_FP16, &r, &a) && r == 1e-3 && a == 1e-5, "fp16");
    UNIT_CHECK(pvc_result_default_tol(PVC_DT_BF16, &r, &a) && r == 1.6e-2 && a == 1e-5, "bf16");
    UNIT_CHECK(!pvc_result_default_tol(PVC_DT_HF8, &r, &a), "hf8 exact");
    UNIT_CHECK(!pvc_result_default_tol(PVC_DT_FP8E4M3FN, &r, &a), "fp8 exact");
    UNIT_CHECK(!pvc_result_default_tol(PVC_DT_FP4E2M1, &r, &a), "fp4 exact");
    UNIT_CHECK(!pvc_result_default_tol(PVC_DT_INT64, &r, &a), "int64 exact");
}

/* --ulp: distances counted by hand in code space. */
static int ulp1(pvc_dtype dt, const char *descr, const void *act, const void *exp, long ulp)
{
    pvc_npy a = make(descr, 1, 1, act), e = make(descr, 1, 1, exp);
    int r = pvc_result_compare_ulp("x", dt, &a, &e, ulp, NULL);
    pvc_npy_free(&a);
    pvc_npy_free(&e);
    return r;
}

static int u32(uint32_t act, uint32_t exp, long ulp) { return ulp1(PVC_DT_FP32, "<f4", &act, &exp, ulp); }

static void test_ulp(void)
{
    UNIT_CHECK(u32(0x3F800001u, 0x3F800000u, 1), "1.0 + 1 ulp within 1");
    UNIT_CHECK(!u32(0x3F800001u, 0x3F800000u, 0), "1.0 + 1 ulp not within 0");
    UNIT_CHECK(!u32(0x3F800002u, 0x3F800000u, 1), "1.0 + 2 ulp not within 1");
    UNIT_CHECK(u32(0x3F7FFFFFu, 0x3F800000u, 1), "the float below 1.0 is 1 ulp away (binade edge)");
    UNIT_CHECK(u32(0x80000000u, 0x00000000u, 0), "-0 and +0 are 0 ulp apart");
    UNIT_CHECK(!u32(0x80000001u, 0x00000001u, 1), "-min subnormal to +min subnormal is 2 ulp");
    UNIT_CHECK(u32(0x80000001u, 0x00000001u, 2), "... within 2");
    UNIT_CHECK(u32(0x7FC00000u, 0x7FFFFFFFu, 0), "NaN matches any NaN");
    UNIT_CHECK(!u32(0x7FC00000u, 0x3F800000u, 5), "NaN is no number's neighbour");
    UNIT_CHECK(!u32(0x7F7FFFFFu, 0x7F800000u, 0) && u32(0x7F7FFFFFu, 0x7F800000u, 1), "FLT_MAX is 1 ulp below inf");
    uint16_t h1 = 0x3C01, h0 = 0x3C00;
    UNIT_CHECK(ulp1(PVC_DT_FP16, "<f2", &h1, &h0, 1) && !ulp1(PVC_DT_FP16, "<f2", &h1, &h0, 0), "FP16 1 ulp");
    int32_t i1 = 5, i0 = 6;
    UNIT_CHECK(!ulp1(PVC_DT_INT32, "<i4", &i1, &i0, 100), "integers stay exact under --ulp");
}

int main(void)
{
    test_ulp();
    test_fp32_edges();
    test_nan_inf();
    test_fp16();
    test_ints();
    test_layout_mismatch();
    test_report();
    test_decoded_dtypes();
    test_defaults();
    return UNIT_DONE();
}
