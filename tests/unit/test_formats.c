/* test_formats.c - scalar codecs of §5.5 and the element rules of §5.4.
 *
 * Decoders: every code of every 4/8/16-bit float format against a value computed here from
 * the format definition (sign, exponent field, mantissa field -> ldexp), independently of
 * runtime/src/formats.c. Encoders: boundary values with the expected code written out by
 * hand, one comment each saying why.
 */
#include "pvc_rt.h"
#include "runtime/src/rt_internal.h"
#include "unit.h"

#include <math.h>
#include <string.h>

static uint32_t f32(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* Same value and same sign (NaN matches NaN). */
static int same(double got, double want)
{
    if (isnan(want))
        return isnan(got);
    return got == want && signbit(got) == signbit(want);
}

/* ---------------------------------------------------------------------------------------
 * Decoders over all codes
 * ------------------------------------------------------------------------------------- */

/* IEEE-style minifloat from its definition. specials: 'I' = exponent all ones is inf/NaN,
 * 'F' = only s.1111.111 is NaN (E4M3FN), 'N' = none (FP4). */
static double ref_minifloat(unsigned code, int e, int m, int bias, char specials)
{
    int s = (code >> (e + m)) & 1;
    unsigned ef = (code >> m) & ((1u << e) - 1), mf = code & ((1u << m) - 1);
    double sign = s ? -1.0 : 1.0;
    if (specials == 'I' && ef == (1u << e) - 1)
        return mf ? NAN : sign * INFINITY;
    if (specials == 'F' && ef == (1u << e) - 1 && mf == (1u << m) - 1)
        return NAN;
    if (ef == 0)
        return sign * ldexp((double)mf, 1 - bias - m);
    return sign * ldexp(1.0 + (double)mf / (1 << m), (int)ef - bias);
}

static void test_decode_minifloats(void)
{
    struct { pvc_dtype t; int e, m, bias; char sp; unsigned n; } f[] = {
        {PVC_DT_FP8E4M3FN, 4, 3, 7, 'F', 256},  {PVC_DT_FP8E5M2, 5, 2, 15, 'I', 256},
        {PVC_DT_FP4E2M1, 2, 1, 1, 'N', 16},     {PVC_DT_FP4E1M2, 1, 2, 1, 'N', 16},
        {PVC_DT_FP16, 5, 10, 15, 'I', 65536},   {PVC_DT_BF16, 8, 7, 127, 'I', 65536},
    };
    for (size_t k = 0; k < sizeof f / sizeof f[0]; k++) {
        unsigned bad = 0, first = 0;
        for (unsigned c = 0; c < f[k].n; c++)
            if (!same(pvc_value_decode(f[k].t, c), ref_minifloat(c, f[k].e, f[k].m, f[k].bias, f[k].sp)))
                if (bad++ == 0) first = c;
        UNIT_CHECK(bad == 0, "%s: %u codes wrong, first 0x%x", pvc_dtype_table[f[k].t].name, bad, first);
    }
    /* Anchors straight from §5.5. */
    UNIT_CHECK(pvc_value_decode(PVC_DT_FP8E4M3FN, 0x7E) == 448.0, "E4M3FN max 448");
    UNIT_CHECK(isnan(pvc_value_decode(PVC_DT_FP8E4M3FN, 0xFF)), "E4M3FN 0xFF NaN");
    UNIT_CHECK(pvc_value_decode(PVC_DT_FP8E4M3FN, 0x01) == ldexp(1, -9), "E4M3FN min denormal");
    UNIT_CHECK(pvc_value_decode(PVC_DT_FP8E5M2, 0x7B) == 57344.0, "E5M2 max");
    UNIT_CHECK(pvc_value_decode(PVC_DT_FP8E5M2, 0xFC) == -INFINITY, "E5M2 -inf");
    static const double e2m1[8] = {0, .5, 1, 1.5, 2, 3, 4, 6}, e1m2[8] = {0, .25, .5, .75, 1, 1.25, 1.5, 1.75};
    for (unsigned c = 0; c < 8; c++) {
        UNIT_CHECK(pvc_value_decode(PVC_DT_FP4E2M1, c) == e2m1[c], "E2M1 %u", c);
        UNIT_CHECK(pvc_value_decode(PVC_DT_FP4E2M1, c | 8) == -e2m1[c], "E2M1 -%u", c);
        UNIT_CHECK(pvc_value_decode(PVC_DT_FP4E1M2, c) == e1m2[c], "E1M2 %u", c);
        UNIT_CHECK(pvc_value_decode(PVC_DT_FP4E1M2, 0xF0 | c) == e1m2[c], "E1M2 uses the low nibble");
    }
}

/* HiFloat8 from the §5.5 table, classified by the 4-bit "dot" field bits 6..3. */
static double ref_hf8(unsigned x)
{
    double sign = (x & 0x80) ? -1.0 : 1.0;
    unsigned dot = (x >> 3) & 0xF;
    int E, mbits, m;
    if (x == 0x00)
        return 0.0;
    if (x == 0x80)
        return NAN;
    if (x == 0x6F || x == 0xEF)
        return sign * INFINITY;
    if (dot >= 12) {        /* 11 s ttt m */
        E = 8 + (int)((x >> 1) & 7), mbits = 1;
        if (x & 0x10) E = -E;
    } else if (dot >= 8) {  /* 10 s tt mm */
        E = 4 + (int)((x >> 2) & 3), mbits = 2;
        if (x & 0x10) E = -E;
    } else if (dot >= 4) {  /* 01 s t mmm */
        E = 2 + (int)((x >> 3) & 1), mbits = 3;
        if (x & 0x10) E = -E;
    } else if (dot >= 2) {  /* 001 s mmm */
        E = (x & 0x08) ? -1 : 1, mbits = 3;
    } else if (dot == 1) {  /* 0001 mmm */
        E = 0, mbits = 3;
    } else {                /* 0000 mmm: 2^(m-23) */
        return sign * ldexp(1.0, (int)(x & 7) - 23);
    }
    m = (int)(x & ((1u << mbits) - 1));
    return sign * ldexp(1.0 + (double)m / (1 << mbits), E);
}

static void test_decode_hf8_e8m0(void)
{
    unsigned bad = 0, first = 0;
    for (unsigned c = 0; c < 256; c++)
        if (!same(pvc_value_decode(PVC_DT_HF8, c), ref_hf8(c)))
            if (bad++ == 0) first = c;
    UNIT_CHECK(bad == 0, "HF8: %u codes wrong, first 0x%02x", bad, first);
    UNIT_CHECK(pvc_value_decode(PVC_DT_HF8, 0x6E) == 32768.0, "HF8 max 0x6E = 2^15");
    UNIT_CHECK(pvc_value_decode(PVC_DT_HF8, 0x01) == ldexp(1, -22), "HF8 min denormal 2^-22");
    UNIT_CHECK(pvc_value_decode(PVC_DT_HF8, 0x7E) == ldexp(1, -15), "HF8 min normal 2^-15");
    UNIT_CHECK(pvc_value_decode(PVC_DT_HF8, 0x08) == 1.0, "HF8 1.0 = D0 m=0");
    UNIT_CHECK(pvc_value_decode(PVC_DT_HF8, 0x18) == 0.5, "HF8 0.5 = D1 negative exponent");
    UNIT_CHECK(pvc_value_decode(PVC_DT_HF8, 0xEF) == -INFINITY, "HF8 0xEF -inf");

    bad = 0;
    for (unsigned c = 0; c < 256; c++) {
        double want = c == 0xFF ? NAN : ldexp(1.0, (int)c - 127);
        if (!same(pvc_value_decode(PVC_DT_FP8E8M0, c), want))
            if (bad++ == 0) first = c;
    }
    UNIT_CHECK(bad == 0, "E8M0: %u codes wrong, first 0x%02x", bad, first);
}

static void test_decode_ints(void)
{
    for (unsigned c = 0; c < 16; c++)
        UNIT_CHECK(pvc_value_decode(PVC_DT_INT4, c) == (double)(c < 8 ? (int)c : (int)c - 16), "INT4 %u", c);
    UNIT_CHECK(pvc_value_decode(PVC_DT_INT8, 0x80) == -128.0, "INT8 min");
    UNIT_CHECK(pvc_value_decode(PVC_DT_UINT8, 0x80) == 128.0, "UINT8");
    UNIT_CHECK(pvc_value_decode(PVC_DT_INT16, 0xFFFF) == -1.0, "INT16 -1");
    UNIT_CHECK(pvc_value_decode(PVC_DT_UINT32, 0xFFFFFFFFu) == 4294967295.0, "UINT32 max");
    UNIT_CHECK(pvc_value_decode(PVC_DT_INT64, 0x8000000000000000ull) == -9223372036854775808.0, "INT64 min");
    UNIT_CHECK(pvc_value_decode(PVC_DT_FP32, f32(-0.0f)) == 0.0 && signbit(pvc_value_decode(PVC_DT_FP32, f32(-0.0f))), "FP32 -0");
    UNIT_CHECK(pvc_value_decode(PVC_DT_FP32, 0x00000001) == ldexp(1, -149), "FP32 min denormal");
}

/* ---------------------------------------------------------------------------------------
 * Encoders: boundary cases, expected codes by hand
 * ------------------------------------------------------------------------------------- */
#define R(x) PVC_ROUND_##x
#define OFF PVC_SAT_OFF
#define ON PVC_SAT_ON
#define DT(x) PVC_DT_##x

typedef struct {
    pvc_dtype from, to;
    uint64_t in;
    pvc_round r;
    pvc_sat s;
    uint64_t want;
    const char *why;
} enc_case;

static const enc_case cases[] = {
    /* ---- FP32 -> FP16 (RINT ROUND FLOOR CEIL TRUNC ODD, OFF/ON) ---- */
    {DT(FP32), DT(FP16), 0x3F800000, R(RINT), OFF, 0x3C00, "1.0"},
    {DT(FP32), DT(FP16), 0x3F801000, R(RINT), OFF, 0x3C00, "1+2^-11: tie, even stays 0x3C00"},
    {DT(FP32), DT(FP16), 0x3F801000, R(ROUND), OFF, 0x3C01, "1+2^-11: tie, away"},
    {DT(FP32), DT(FP16), 0x3F801000, R(FLOOR), OFF, 0x3C00, "1+2^-11 toward -inf"},
    {DT(FP32), DT(FP16), 0x3F801000, R(CEIL), OFF, 0x3C01, "1+2^-11 toward +inf"},
    {DT(FP32), DT(FP16), 0x3F801000, R(TRUNC), OFF, 0x3C00, "1+2^-11 toward 0"},
    {DT(FP32), DT(FP16), 0x3F801000, R(ODD), OFF, 0x3C01, "1+2^-11: inexact, LSB 0 -> set"},
    {DT(FP32), DT(FP16), 0x3F803000, R(RINT), OFF, 0x3C02, "1+3*2^-11: tie between 0x3C01/0x3C02 -> even 0x3C02"},
    {DT(FP32), DT(FP16), 0x3F803000, R(TRUNC), OFF, 0x3C01, "1+3*2^-11 toward 0"},
    {DT(FP32), DT(FP16), 0x3F803000, R(ODD), OFF, 0x3C01, "1+3*2^-11: kept LSB already odd"},
    {DT(FP32), DT(FP16), 0xBF801000, R(RINT), OFF, 0xBC00, "-(1+2^-11): tie, even"},
    {DT(FP32), DT(FP16), 0xBF801000, R(ROUND), OFF, 0xBC01, "-(1+2^-11): tie, away"},
    {DT(FP32), DT(FP16), 0xBF801000, R(FLOOR), OFF, 0xBC01, "-(1+2^-11) toward -inf grows the magnitude"},
    {DT(FP32), DT(FP16), 0xBF801000, R(CEIL), OFF, 0xBC00, "-(1+2^-11) toward +inf"},
    {DT(FP32), DT(FP16), 0x477FE000, R(RINT), OFF, 0x7BFF, "65504 = max finite"},
    {DT(FP32), DT(FP16), 0x477FEF00, R(RINT), OFF, 0x7BFF, "65519: below the 65520 tie"},
    {DT(FP32), DT(FP16), 0x477FF000, R(RINT), OFF, 0x7C00, "65520: tie, even = 65536 -> overflow -> inf"},
    {DT(FP32), DT(FP16), 0x477FF000, R(ROUND), OFF, 0x7C00, "65520: away -> inf"},
    {DT(FP32), DT(FP16), 0x477FF000, R(TRUNC), OFF, 0x7BFF, "65520 toward 0 stops at max"},
    {DT(FP32), DT(FP16), 0x477FF000, R(FLOOR), OFF, 0x7BFF, "65520 toward -inf stops at max"},
    {DT(FP32), DT(FP16), 0x477FF000, R(CEIL), OFF, 0x7C00, "65520 toward +inf -> inf"},
    {DT(FP32), DT(FP16), 0x477FF000, R(ODD), OFF, 0x7BFF, "round to odd never makes inf"},
    {DT(FP32), DT(FP16), 0x477FF000, R(RINT), ON, 0x7BFF, "65520 saturated -> max"},
    {DT(FP32), DT(FP16), 0x47C35000, R(RINT), OFF, 0x7C00, "1e5 overflow -> +inf"},
    {DT(FP32), DT(FP16), 0x47C35000, R(RINT), ON, 0x7BFF, "1e5 saturated -> max"},
    {DT(FP32), DT(FP16), 0xC7C35000, R(FLOOR), OFF, 0xFC00, "-1e5 toward -inf -> -inf"},
    {DT(FP32), DT(FP16), 0xC7C35000, R(CEIL), OFF, 0xFBFF, "-1e5 toward +inf stops at -max"},
    {DT(FP32), DT(FP16), 0x7F800000, R(RINT), OFF, 0x7C00, "+inf OFF -> +inf"},
    {DT(FP32), DT(FP16), 0x7F800000, R(RINT), ON, 0x7BFF, "+inf ON -> max"},
    {DT(FP32), DT(FP16), 0xFF800000, R(RINT), ON, 0xFBFF, "-inf ON -> -max"},
    {DT(FP32), DT(FP16), 0x7FC00000, R(RINT), OFF, 0x7E00, "NaN OFF -> quiet NaN"},
    {DT(FP32), DT(FP16), 0x7FC00000, R(RINT), ON, 0x0000, "NaN ON -> 0"},
    {DT(FP32), DT(FP16), 0x80000000, R(RINT), OFF, 0x8000, "-0 keeps its sign"},
    {DT(FP32), DT(FP16), 0x33800000, R(RINT), OFF, 0x0001, "2^-24 = smallest denormal"},
    {DT(FP32), DT(FP16), 0x33000000, R(RINT), OFF, 0x0000, "2^-25 = half the smallest denormal: tie -> even 0"},
    {DT(FP32), DT(FP16), 0x33000000, R(ROUND), OFF, 0x0001, "2^-25: tie, away"},
    {DT(FP32), DT(FP16), 0x33000000, R(CEIL), OFF, 0x0001, "2^-25 toward +inf"},
    {DT(FP32), DT(FP16), 0x33000000, R(FLOOR), OFF, 0x0000, "2^-25 toward -inf"},
    {DT(FP32), DT(FP16), 0x33000000, R(ODD), OFF, 0x0001, "2^-25: inexact -> odd"},
    {DT(FP32), DT(FP16), 0x33000001, R(RINT), OFF, 0x0001, "just above half the smallest denormal"},
    {DT(FP32), DT(FP16), 0x387FC000, R(RINT), OFF, 0x03FF, "1023*2^-24 = largest denormal"},
    {DT(FP32), DT(FP16), 0x38800000, R(RINT), OFF, 0x0400, "2^-14 = smallest normal"},
    {DT(FP32), DT(FP16), 0x387FE000, R(RINT), OFF, 0x0400, "(1-2^-11)*2^-14: tie 0x03FF/0x0400 -> even, into the normals"},
    {DT(FP32), DT(FP16), 0x387FE000, R(TRUNC), OFF, 0x03FF, "same toward 0 stays denormal"},
    {DT(FP32), DT(FP16), 0x00000001, R(CEIL), OFF, 0x0001, "FP32 denormal toward +inf -> smallest FP16 denormal"},
    {DT(FP32), DT(FP16), 0x80000001, R(FLOOR), OFF, 0x8001, "-FP32 denormal toward -inf"},
    {DT(FP32), DT(FP16), 0x00000001, R(RINT), OFF, 0x0000, "FP32 denormal -> 0"},

    /* ---- FP32 -> BF16 ---- */
    {DT(FP32), DT(BF16), 0x3F808000, R(RINT), OFF, 0x3F80, "1+2^-8: tie, even"},
    {DT(FP32), DT(BF16), 0x3F808000, R(ROUND), OFF, 0x3F81, "1+2^-8: tie, away"},
    {DT(FP32), DT(BF16), 0x3F818000, R(RINT), OFF, 0x3F82, "1+3*2^-8: tie -> even 0x3F82"},
    {DT(FP32), DT(BF16), 0x7F7F0000, R(RINT), OFF, 0x7F7F, "BF16 max"},
    {DT(FP32), DT(BF16), 0x7F7F8000, R(RINT), OFF, 0x7F80, "tie above BF16 max -> even = 2^128 -> inf"},
    {DT(FP32), DT(BF16), 0x7F7F8000, R(RINT), ON, 0x7F7F, "same saturated"},
    {DT(FP32), DT(BF16), 0x7F7FFFFF, R(TRUNC), OFF, 0x7F7F, "FLT_MAX toward 0"},
    {DT(FP32), DT(BF16), 0x00010000, R(RINT), OFF, 0x0001, "smallest BF16 denormal"},
    {DT(FP32), DT(BF16), 0x00008000, R(RINT), OFF, 0x0000, "half of it: tie -> 0"},
    {DT(FP32), DT(BF16), 0x00008000, R(ROUND), OFF, 0x0001, "half of it: away"},
    {DT(FP32), DT(BF16), 0xFFC00000, R(RINT), OFF, 0xFFC0, "-NaN OFF -> -quiet NaN"},
    {DT(FP32), DT(BF16), 0x7FC00000, R(RINT), ON, 0x0000, "NaN ON -> 0"},

    /* ---- FP16 <-> BF16 ---- */
    {DT(FP16), DT(BF16), 0x3C04, R(RINT), OFF, 0x3F80, "1+2^-8: tie, even"},
    {DT(FP16), DT(BF16), 0x3C04, R(ROUND), OFF, 0x3F81, "1+2^-8: tie, away"},
    {DT(FP16), DT(BF16), 0x7BFF, R(RINT), OFF, 0x4780, "65504 = 1.1111111|111 * 2^15 rounds up to 2^16"},
    {DT(FP16), DT(BF16), 0x7BFF, R(TRUNC), OFF, 0x477F, "65504 toward 0 -> 65280"},
    {DT(FP16), DT(BF16), 0x0001, R(RINT), OFF, 0x3380, "2^-24 exact: exponent field 103"},
    {DT(FP16), DT(BF16), 0xFC00, R(RINT), OFF, 0xFF80, "-inf"},
    {DT(BF16), DT(FP16), 0x4780, R(RINT), OFF, 0x7C00, "65536 overflows -> inf"},
    {DT(BF16), DT(FP16), 0x4780, R(RINT), ON, 0x7BFF, "65536 saturated -> max"},
    {DT(BF16), DT(FP16), 0x3F81, R(RINT), OFF, 0x3C08, "1+2^-7 exact"},
    {DT(BF16), DT(FP16), 0x3300, R(RINT), OFF, 0x0000, "2^-25: tie below the smallest denormal -> 0"},
    {DT(BF16), DT(FP16), 0x3300, R(ROUND), OFF, 0x0001, "2^-25: away -> 2^-24"},
    {DT(BF16), DT(FP16), 0x7F80, R(RINT), ON, 0x7BFF, "inf ON -> max"},

    /* ---- FP32 -> FP8 (RINT; saturate ON per PP-BE, OFF kept for the codec) ---- */
    {DT(FP32), DT(FP8E4M3FN), 0x3F800000, R(RINT), ON, 0x38, "1.0"},
    {DT(FP32), DT(FP8E4M3FN), 0x43E00000, R(RINT), ON, 0x7E, "448 = max"},
    {DT(FP32), DT(FP8E4M3FN), 0x43E80000, R(RINT), ON, 0x7E, "464: tie 448/480 -> even mantissa 110"},
    {DT(FP32), DT(FP8E4M3FN), 0x43F00000, R(RINT), ON, 0x7E, "480 saturated -> 448"},
    {DT(FP32), DT(FP8E4M3FN), 0x43F00000, R(RINT), OFF, 0x7F, "480 OFF -> NaN (no inf)"},
    {DT(FP32), DT(FP8E4M3FN), 0x7F800000, R(RINT), ON, 0x7E, "+inf ON -> 448"},
    {DT(FP32), DT(FP8E4M3FN), 0xFF800000, R(RINT), ON, 0xFE, "-inf ON -> -448"},
    {DT(FP32), DT(FP8E4M3FN), 0x7F800000, R(RINT), OFF, 0x7F, "+inf OFF -> NaN"},
    {DT(FP32), DT(FP8E4M3FN), 0x7FC00000, R(RINT), ON, 0x00, "NaN ON -> 0"},
    {DT(FP32), DT(FP8E4M3FN), 0xFFC00000, R(RINT), OFF, 0xFF, "-NaN OFF -> s.1111.111"},
    {DT(FP32), DT(FP8E4M3FN), 0x3B000000, R(RINT), ON, 0x01, "2^-9 = smallest denormal"},
    {DT(FP32), DT(FP8E4M3FN), 0x3A800000, R(RINT), ON, 0x00, "2^-10: tie 0/2^-9 -> even 0"},
    {DT(FP32), DT(FP8E4M3FN), 0x3B400000, R(RINT), ON, 0x02, "3*2^-10: tie 0x01/0x02 -> even"},
    {DT(FP32), DT(FP8E4M3FN), 0x3C700000, R(RINT), ON, 0x08, "7.5*2^-9: tie largest denormal/2^-6 -> 0x08"},
    {DT(FP32), DT(FP8E4M3FN), 0x3C800000, R(RINT), ON, 0x08, "2^-6 = smallest normal"},
    {DT(FP32), DT(FP8E4M3FN), 0x3F880000, R(RINT), ON, 0x38, "1.0625: tie, even"},
    {DT(FP32), DT(FP8E4M3FN), 0x3F980000, R(RINT), ON, 0x3A, "1.1875: tie 0x39/0x3A -> even"},
    {DT(FP32), DT(FP8E4M3FN), 0x80000000, R(RINT), ON, 0x80, "-0"},
    {DT(FP32), DT(FP8E5M2), 0x47600000, R(RINT), ON, 0x7B, "57344 = max"},
    {DT(FP32), DT(FP8E5M2), 0x47700000, R(RINT), OFF, 0x7C, "61440: tie, even = 65536 -> inf"},
    {DT(FP32), DT(FP8E5M2), 0x47700000, R(RINT), ON, 0x7B, "61440 saturated"},
    {DT(FP32), DT(FP8E5M2), 0xFF800000, R(RINT), ON, 0xFB, "-inf ON -> -max"},
    {DT(FP32), DT(FP8E5M2), 0x7FC00000, R(RINT), OFF, 0x7E, "NaN OFF -> quiet NaN"},
    {DT(FP32), DT(FP8E5M2), 0x7FC00000, R(RINT), ON, 0x00, "NaN ON -> 0"},
    {DT(FP32), DT(FP8E5M2), 0x37800000, R(RINT), ON, 0x01, "2^-16 smallest denormal"},
    {DT(FP32), DT(FP8E5M2), 0x37000000, R(RINT), ON, 0x00, "2^-17: tie -> 0"},
    {DT(FP32), DT(FP8E5M2), 0x3F900000, R(RINT), ON, 0x3C, "1.125: tie 1.0/1.25 -> even"},
    {DT(FP32), DT(FP8E5M2), 0x3FB00000, R(RINT), ON, 0x3E, "1.375: tie 1.25/1.5 -> even"},

    /* ---- BF16 -> FP4 (no inf/NaN: inf/overflow -> max, NaN -> 0) ---- */
    {DT(BF16), DT(FP4E2M1), 0x3F80, R(RINT), OFF, 0x2, "1.0"},
    {DT(BF16), DT(FP4E2M1), 0x40C0, R(RINT), OFF, 0x7, "6 = max"},
    {DT(BF16), DT(FP4E2M1), 0x40A0, R(RINT), OFF, 0x6, "5: tie 4/6 -> even (4)"},
    {DT(BF16), DT(FP4E2M1), 0x40A0, R(ROUND), OFF, 0x7, "5: tie, away (6)"},
    {DT(BF16), DT(FP4E2M1), 0x40A0, R(TRUNC), OFF, 0x6, "5 toward 0"},
    {DT(BF16), DT(FP4E2M1), 0x40A0, R(CEIL), OFF, 0x7, "5 toward +inf"},
    {DT(BF16), DT(FP4E2M1), 0x4020, R(RINT), OFF, 0x4, "2.5: tie 2/3 -> even (2)"},
    {DT(BF16), DT(FP4E2M1), 0xC020, R(FLOOR), OFF, 0xD, "-2.5 toward -inf = -3"},
    {DT(BF16), DT(FP4E2M1), 0xC020, R(CEIL), OFF, 0xC, "-2.5 toward +inf = -2"},
    {DT(BF16), DT(FP4E2M1), 0x40E0, R(RINT), OFF, 0x7, "7 overflows -> max even with saturate OFF"},
    {DT(BF16), DT(FP4E2M1), 0x7F80, R(RINT), OFF, 0x7, "+inf -> 6"},
    {DT(BF16), DT(FP4E2M1), 0xFF80, R(RINT), ON, 0xF, "-inf -> -6"},
    {DT(BF16), DT(FP4E2M1), 0x7FC0, R(RINT), OFF, 0x0, "NaN -> 0"},
    {DT(BF16), DT(FP4E2M1), 0x3E80, R(RINT), OFF, 0x0, "0.25: tie 0/0.5 -> even 0"},
    {DT(BF16), DT(FP4E2M1), 0x3E80, R(ROUND), OFF, 0x1, "0.25: away -> 0.5 (denormal)"},
    {DT(BF16), DT(FP4E2M1), 0x3F40, R(RINT), OFF, 0x2, "0.75: tie 0.5/1.0 -> even code 2"},
    {DT(BF16), DT(FP4E2M1), 0x8000, R(RINT), OFF, 0x8, "-0"},
    {DT(BF16), DT(FP4E1M2), 0x3FE0, R(RINT), OFF, 0x7, "1.75 = max"},
    {DT(BF16), DT(FP4E1M2), 0x4000, R(RINT), OFF, 0x7, "2.0 overflows -> 1.75"},
    {DT(BF16), DT(FP4E1M2), 0x3FF0, R(RINT), OFF, 0x7, "1.875: tie rounds to 2 -> clamp 1.75"},
    {DT(BF16), DT(FP4E1M2), 0x3E00, R(RINT), OFF, 0x0, "0.125: tie 0/0.25 -> even 0"},
    {DT(BF16), DT(FP4E1M2), 0x3E00, R(ROUND), OFF, 0x1, "0.125: away"},
    {DT(BF16), DT(FP4E1M2), 0x3EC0, R(RINT), OFF, 0x2, "0.375: tie 0.25/0.5 -> even"},
    {DT(BF16), DT(FP4E1M2), 0x3F90, R(RINT), OFF, 0x4, "1.125: tie 1.0/1.25 -> even"},
    {DT(BF16), DT(FP4E1M2), 0xFF80, R(RINT), OFF, 0xF, "-inf -> -1.75"},

    /* ---- BF16 -> FP8E8M0: exponent field, sign ignored (§5.4, §8 #12) ---- */
    {DT(BF16), DT(FP8E8M0), 0x3F80, R(RINT), OFF, 0x7F, "1.0 -> 2^0"},
    {DT(BF16), DT(FP8E8M0), 0x3FC0, R(RINT), OFF, 0x7F, "1.5 truncates to 2^0"},
    {DT(BF16), DT(FP8E8M0), 0xC000, R(RINT), OFF, 0x80, "-2.0: sign ignored -> 2^1"},
    {DT(BF16), DT(FP8E8M0), 0x7F80, R(RINT), OFF, 0xFE, "+inf -> 0xFE"},
    {DT(BF16), DT(FP8E8M0), 0xFF80, R(RINT), ON, 0xFE, "-inf -> 0xFE"},
    {DT(BF16), DT(FP8E8M0), 0x7FC0, R(RINT), OFF, 0xFF, "NaN -> 0xFF"},
    {DT(BF16), DT(FP8E8M0), 0x7F7F, R(RINT), OFF, 0xFE, "BF16 max: exponent field 254"},
    {DT(BF16), DT(FP8E8M0), 0x0080, R(RINT), OFF, 0x01, "2^-126: field 1"},
    {DT(BF16), DT(FP8E8M0), 0x0001, R(RINT), OFF, 0x00, "denormal: field 0"},
    {DT(BF16), DT(FP8E8M0), 0x0000, R(RINT), OFF, 0x00, "zero: field 0"},

    /* ---- FP32/FP16 -> HF8 (ROUND/HYBRID; ON = over_mode false) ---- */
    {DT(FP32), DT(HF8), 0x3F800000, R(ROUND), ON, 0x08, "1.0 = D0"},
    {DT(FP32), DT(HF8), 0x47000000, R(ROUND), ON, 0x6E, "32768 = max"},
    {DT(FP32), DT(HF8), 0x471FFF00, R(ROUND), OFF, 0x6E, "40959: just below 1.25*2^15 -> max"},
    {DT(FP32), DT(HF8), 0x47200000, R(ROUND), OFF, 0x6F, "40960 = 1.25*2^15 -> inf"},
    {DT(FP32), DT(HF8), 0x47200000, R(ROUND), ON, 0x6E, "40960 saturated -> 32768"},
    {DT(FP32), DT(HF8), 0xC7200000, R(ROUND), OFF, 0xEF, "-40960 -> -inf"},
    {DT(FP32), DT(HF8), 0x7F800000, R(ROUND), OFF, 0x6F, "+inf OFF"},
    {DT(FP32), DT(HF8), 0xFF800000, R(ROUND), ON, 0xEE, "-inf ON -> -32768"},
    {DT(FP32), DT(HF8), 0x7FC00000, R(ROUND), OFF, 0x80, "NaN OFF -> 0x80"},
    {DT(FP32), DT(HF8), 0x7FC00000, R(ROUND), ON, 0x00, "NaN ON -> 0"},
    {DT(FP32), DT(HF8), 0x80000000, R(ROUND), ON, 0x00, "-0 -> 0 (0x80 is NaN)"},
    {DT(FP32), DT(HF8), 0x3F880000, R(ROUND), ON, 0x09, "1.0625: tie 1.0/1.125 -> away"},
    {DT(FP32), DT(HF8), 0x3F840000, R(ROUND), ON, 0x08, "1.03125: below the tie"},
    {DT(FP32), DT(HF8), 0x41900000, R(ROUND), ON, 0x41, "18 = 16*1.125: D3 tie 16/20 -> away"},
    {DT(FP32), DT(HF8), 0x41780000, R(ROUND), ON, 0x40, "15.5 = 8*1.9375 rounds to 16: carry into D3"},
    {DT(FP32), DT(HF8), 0x3F000000, R(ROUND), ON, 0x18, "0.5 = D1, negative exponent"},
    {DT(FP32), DT(HF8), 0x3F400000, R(ROUND), ON, 0x1C, "0.75 = 1.5*2^-1"},
    {DT(FP32), DT(HF8), 0x34800000, R(ROUND), ON, 0x01, "2^-22 smallest denormal"},
    {DT(FP32), DT(HF8), 0x37800000, R(ROUND), ON, 0x07, "2^-16 largest denormal"},
    {DT(FP32), DT(HF8), 0x38000000, R(ROUND), ON, 0x7E, "2^-15 smallest normal"},
    {DT(FP32), DT(HF8), 0x37C00000, R(ROUND), ON, 0x7E, "1.5*2^-16: tie -> away = 2^-15"},
    {DT(FP32), DT(HF8), 0x37B33333, R(ROUND), ON, 0x07, "1.4*2^-16 -> 2^-16"},
    {DT(FP32), DT(HF8), 0x34000000, R(ROUND), ON, 0x01, "2^-23 (E=-23) ROUND -> smallest denormal"},
    {DT(FP32), DT(HF8), 0xB4000000, R(ROUND), ON, 0x81, "-2^-23 -> -smallest denormal"},
    {DT(FP32), DT(HF8), 0x33800000, R(ROUND), ON, 0x00, "2^-24 (E<-23) -> 0"},
    {DT(FP32), DT(HF8), 0x3F800000, R(RINT), ON, 0x08, "RINT runs as ROUND"},
    {DT(FP32), DT(HF8), 0x3F880000, R(RINT), ON, 0x09, "RINT runs as ROUND: tie away"},
    {DT(FP32), DT(HF8), 0x3F880000, R(HYBRID), ON, 0x09, "HYBRID |E|<4 = ROUND"},
    {DT(FP32), DT(HF8), 0x41903FFF, R(HYBRID), ON, 0x40, "16*(1+0x103FFF/2^23): F=0x207F < T=0x3FFF -> down"},
    {DT(FP32), DT(HF8), 0x41903FFF, R(ROUND), ON, 0x41, "same value ROUND: first dropped bit set -> up"},
    {DT(FP32), DT(HF8), 0x41804000, R(HYBRID), ON, 0x41, "16*(1+2^-9): F=0x80 >= T=0 -> up"},
    {DT(FP32), DT(HF8), 0x41804000, R(ROUND), ON, 0x40, "same value ROUND -> down"},
    {DT(FP32), DT(HF8), 0x41800000, R(HYBRID), ON, 0x41, "16 exactly: F=0 >= T=0 -> up (documented >=)"},
    {DT(FP32), DT(HF8), 0x47203FFF, R(HYBRID), OFF, 0x6F, "1.25*2^15+: HYBRID would round down (F<T) but |x| >= 1.25*2^15 is inf"},
    {DT(FP32), DT(HF8), 0x41E00000, R(HYBRID), ON, 0x44, "28 = 16*1.75, up -> carry to 32 (D3 E=5)"},
    {DT(FP16), DT(HF8), 0x3C00, R(ROUND), ON, 0x08, "FP16 1.0"},
    {DT(FP16), DT(HF8), 0x7BFF, R(ROUND), OFF, 0x6F, "FP16 65504 >= 1.25*2^15 -> inf"},
    {DT(FP16), DT(HF8), 0xFC00, R(ROUND), ON, 0xEE, "FP16 -inf ON -> -32768 (sign kept)"},
    {DT(FP16), DT(HF8), 0x0002, R(ROUND), ON, 0x01, "FP16 2^-23 -> smallest denormal"},
    {DT(FP16), DT(HF8), 0x0001, R(ROUND), ON, 0x00, "FP16 2^-24 -> 0"},
    {DT(FP16), DT(HF8), 0x4C00, R(HYBRID), ON, 0x40, "FP16 16: F2=0 < T2=1 -> stays"},
    {DT(FP16), DT(HF8), 0x4C80, R(HYBRID), ON, 0x41, "FP16 18: F2=2 >= T2=1 -> up"},
    {DT(FP16), DT(HF8), 0x4C40, R(HYBRID), ON, 0x41, "FP16 17: F2=1 >= T2=1 -> up"},
    {DT(FP16), DT(HF8), 0x4C40, R(ROUND), ON, 0x40, "FP16 17 ROUND: below the tie"},
    {DT(FP16), DT(HF8), 0x4C41, R(HYBRID), ON, 0x40, "FP16 17.0156: F2=1 < T2=3 -> down"},

    /* ---- float -> int ---- */
    {DT(FP16), DT(UINT8), 0x5C04, R(RINT), OFF, 0x01, "257 OFF keeps the low 8 bits"},
    {DT(FP16), DT(UINT8), 0x5C04, R(RINT), ON, 0xFF, "257 ON clamps"},
    {DT(FP16), DT(UINT8), 0xBC00, R(RINT), OFF, 0xFF, "-1 OFF: low bits of two's complement"},
    {DT(FP16), DT(UINT8), 0xBC00, R(RINT), ON, 0x00, "-1 ON clamps to 0"},
    {DT(FP16), DT(UINT8), 0x4100, R(RINT), OFF, 2, "2.5 ties to even"},
    {DT(FP16), DT(UINT8), 0x4100, R(ROUND), OFF, 3, "2.5 ties away"},
    {DT(FP16), DT(UINT8), 0x4100, R(FLOOR), OFF, 2, "2.5 floor"},
    {DT(FP16), DT(UINT8), 0x4100, R(CEIL), OFF, 3, "2.5 ceil"},
    {DT(FP16), DT(UINT8), 0x4100, R(TRUNC), OFF, 2, "2.5 trunc"},
    {DT(FP16), DT(INT8), 0xC100, R(RINT), OFF, 0xFE, "-2.5 ties to even = -2"},
    {DT(FP16), DT(INT8), 0xC100, R(ROUND), OFF, 0xFD, "-2.5 ties away = -3"},
    {DT(FP16), DT(INT8), 0xC100, R(FLOOR), OFF, 0xFD, "-2.5 floor = -3"},
    {DT(FP16), DT(INT8), 0xC100, R(CEIL), OFF, 0xFE, "-2.5 ceil = -2"},
    {DT(FP16), DT(INT8), 0xC100, R(TRUNC), OFF, 0xFE, "-2.5 trunc = -2"},
    {DT(FP16), DT(INT8), 0x7C00, R(RINT), OFF, 0x7F, "+inf -> max"},
    {DT(FP16), DT(INT8), 0xFC00, R(RINT), OFF, 0x80, "-inf -> min"},
    {DT(FP16), DT(INT8), 0x7E00, R(RINT), OFF, 0x00, "NaN -> 0"},
    {DT(FP16), DT(INT8), 0x7E00, R(RINT), ON, 0x00, "NaN ON -> 0"},
    {DT(FP16), DT(INT16), 0x78E2, R(RINT), OFF, 0x9C40, "40000 OFF -> 40000-65536"},
    {DT(FP16), DT(INT16), 0x78E2, R(RINT), ON, 0x7FFF, "40000 ON -> 32767"},
    {DT(FP16), DT(INT4), 0x4700, R(RINT), OFF, 0x7, "7"},
    {DT(FP16), DT(INT4), 0x4800, R(RINT), OFF, 0x8, "8 OFF -> low nibble 1000"},
    {DT(FP16), DT(INT4), 0x4800, R(RINT), ON, 0x7, "8 ON -> 7"},
    {DT(FP16), DT(INT4), 0xC880, R(RINT), OFF, 0x7, "-9 OFF -> ...10111 low nibble"},
    {DT(FP16), DT(INT4), 0xC880, R(RINT), ON, 0x8, "-9 ON -> -8"},
    {DT(FP32), DT(INT32), 0x7F7FFFFF, R(RINT), OFF, 0x00000000, "3.4e38 OFF: low 32 bits are 0"},
    {DT(FP32), DT(INT32), 0x7F7FFFFF, R(RINT), ON, 0x7FFFFFFF, "3.4e38 ON -> max"},
    {DT(FP32), DT(INT32), 0xFF7FFFFF, R(RINT), ON, 0x80000000, "-3.4e38 ON -> min"},
    {DT(FP32), DT(INT32), 0x4F000000, R(RINT), OFF, 0x80000000, "2^31 OFF -> low bits 0x80000000"},
    {DT(FP32), DT(INT32), 0x4F000000, R(RINT), ON, 0x7FFFFFFF, "2^31 ON -> max"},
    {DT(FP32), DT(INT32), 0xCF000000, R(RINT), ON, 0x80000000, "-2^31 fits"},
    {DT(FP32), DT(INT32), 0x7F800000, R(RINT), OFF, 0x7FFFFFFF, "+inf OFF -> max"},
    {DT(FP32), DT(INT64), 0x5E800000, R(RINT), OFF, 0x4000000000000000ull, "2^62"},
    {DT(FP32), DT(INT64), 0xBFC00000, R(ROUND), OFF, 0xFFFFFFFFFFFFFFFEull, "-1.5 away = -2"},
    {DT(FP32), DT(INT64), 0xFF800000, R(RINT), OFF, 0x8000000000000000ull, "-inf -> INT64 min"},
    {DT(FP32), DT(INT16), 0x3F000000, R(RINT), OFF, 0, "0.5 ties to even 0"},
    {DT(FP32), DT(INT16), 0x3F000000, R(ROUND), OFF, 1, "0.5 ties away 1"},
    {DT(BF16), DT(INT32), 0x3FC0, R(RINT), OFF, 2, "1.5 ties to even 2"},

    /* ---- int -> int ---- */
    {DT(INT32), DT(UINT8), 256, R(RINT), OFF, 0x00, "256 OFF truncates"},
    {DT(INT32), DT(UINT8), 256, R(RINT), ON, 0xFF, "256 ON clamps"},
    {DT(INT32), DT(UINT8), 0xFFFFFFFF, R(RINT), OFF, 0xFF, "-1 OFF truncates"},
    {DT(INT32), DT(UINT8), 0xFFFFFFFF, R(RINT), ON, 0x00, "-1 ON clamps"},
    {DT(INT32), DT(INT16), 0x7FFFFFFF, R(RINT), OFF, 0xFFFF, "INT32 MAX OFF -> -1"},
    {DT(INT32), DT(INT16), 0x7FFFFFFF, R(RINT), ON, 0x7FFF, "INT32 MAX ON -> 32767"},
    {DT(INT32), DT(INT16), 0x80000000, R(RINT), ON, 0x8000, "INT32 MIN ON -> -32768"},
    {DT(INT32), DT(INT16), 0x80000000, R(RINT), OFF, 0x0000, "INT32 MIN OFF -> low bits 0"},
    {DT(INT16), DT(UINT32), 0xFFFB, R(RINT), OFF, 0x00000000, "-5 -> wider unsigned: 0 even OFF"},
    {DT(INT16), DT(INT32), 0xFFFB, R(RINT), OFF, 0xFFFFFFFB, "-5 sign-extends"},
    {DT(INT8), DT(INT16), 0x80, R(RINT), OFF, 0xFF80, "-128 sign-extends"},
    {DT(UINT8), DT(UINT16), 0x80, R(RINT), OFF, 0x0080, "128 zero-extends"},
    {DT(UINT32), DT(INT16), 0x8000, R(RINT), OFF, 0x8000, "32768 OFF -> -32768"},
    {DT(UINT32), DT(INT16), 0x8000, R(RINT), ON, 0x7FFF, "32768 ON -> 32767"},
    {DT(INT16), DT(INT4), 8, R(RINT), OFF, 0x8, "8 OFF -> -8"},
    {DT(INT16), DT(INT4), 8, R(RINT), ON, 0x7, "8 ON -> 7"},
    {DT(INT16), DT(INT4), 0xFFF7, R(RINT), ON, 0x8, "-9 ON -> -8"},
    {DT(INT64), DT(INT32), 0x100000005ull, R(RINT), OFF, 5, "2^32+5 OFF -> 5"},
    {DT(INT64), DT(INT32), 0x100000005ull, R(RINT), ON, 0x7FFFFFFF, "2^32+5 ON -> max"},
    {DT(INT4), DT(INT16), 0x8, R(RINT), OFF, 0xFFF8, "INT4 -8"},

    /* ---- int -> float ---- */
    {DT(INT16), DT(FP16), 2049, R(RINT), OFF, 0x6800, "2049: tie 2048/2050 -> even 2048"},
    {DT(INT16), DT(FP16), 2051, R(RINT), OFF, 0x6802, "2051: tie 2050/2052 -> even 2052"},
    {DT(INT16), DT(FP16), 2049, R(ROUND), OFF, 0x6801, "2049 away -> 2050"},
    {DT(INT16), DT(FP16), 2049, R(FLOOR), OFF, 0x6800, "2049 floor"},
    {DT(INT16), DT(FP16), 2049, R(CEIL), OFF, 0x6801, "2049 ceil"},
    {DT(INT16), DT(FP16), 0xF7FF, R(FLOOR), OFF, 0xE801, "-2049 floor -> -2050"},
    {DT(INT16), DT(FP16), 32767, R(RINT), OFF, 0x7800, "32767 -> 32768"},
    {DT(INT16), DT(FP16), 32767, R(TRUNC), OFF, 0x77FF, "32767 toward 0 -> 32752"},
    {DT(INT32), DT(FP32), 16777217, R(RINT), OFF, 0x4B800000, "2^24+1: tie -> even 2^24"},
    {DT(INT32), DT(FP32), 16777217, R(ROUND), OFF, 0x4B800001, "2^24+1 away"},
    {DT(INT32), DT(FP32), 0x80000000, R(RINT), OFF, 0xCF000000, "INT32 MIN"},
    {DT(INT64), DT(FP32), 0x7FFFFFFFFFFFFFFFull, R(RINT), OFF, 0x5F000000, "2^63-1 -> 2^63"},
    {DT(INT64), DT(FP32), 0x7FFFFFFFFFFFFFFFull, R(TRUNC), OFF, 0x5EFFFFFF, "2^63-1 toward 0"},
    {DT(INT64), DT(FP32), 0x8000000000000000ull, R(RINT), OFF, 0xDF000000, "INT64 MIN = -2^63"},
    {DT(INT8), DT(FP16), 0x80, R(RINT), OFF, 0xD800, "-128"},
    {DT(UINT8), DT(FP16), 0xFF, R(RINT), OFF, 0x5BF8, "255"},
    {DT(INT4), DT(FP16), 0x8, R(RINT), OFF, 0xC800, "INT4 -8"},
    {DT(INT4), DT(BF16), 0x8, R(RINT), OFF, 0xC100, "INT4 -8"},

    /* ---- exact widening ---- */
    {DT(FP8E4M3FN), DT(FP32), 0x7E, R(RINT), OFF, 0x43E00000, "448"},
    {DT(FP8E4M3FN), DT(FP32), 0x7F, R(RINT), OFF, 0x7FC00000, "NaN -> quiet NaN"},
    {DT(FP8E4M3FN), DT(FP32), 0x80, R(RINT), OFF, 0x80000000, "-0"},
    {DT(FP8E4M3FN), DT(FP32), 0x01, R(RINT), OFF, 0x3B000000, "2^-9"},
    {DT(FP8E5M2), DT(FP32), 0x7C, R(RINT), OFF, 0x7F800000, "inf"},
    {DT(FP8E5M2), DT(FP32), 0x01, R(RINT), OFF, 0x37800000, "2^-16"},
    {DT(HF8), DT(FP32), 0x6F, R(RINT), OFF, 0x7F800000, "HF8 inf"},
    {DT(HF8), DT(FP32), 0x80, R(RINT), OFF, 0x7FC00000, "HF8 NaN"},
    {DT(HF8), DT(FP32), 0x01, R(RINT), OFF, 0x34800000, "2^-22"},
    {DT(HF8), DT(FP32), 0x08, R(RINT), OFF, 0x3F800000, "1.0"},
    {DT(HF8), DT(FP16), 0x01, R(RINT), OFF, 0x0004, "2^-22 = FP16 denormal 4*2^-24"},
    {DT(HF8), DT(FP16), 0x6E, R(RINT), OFF, 0x7800, "32768"},
    {DT(HF8), DT(FP16), 0x80, R(RINT), OFF, 0x7E00, "NaN OFF"},
    {DT(HF8), DT(FP16), 0x80, R(RINT), ON, 0x0000, "NaN ON -> 0"},
    {DT(FP8E8M0), DT(BF16), 0x00, R(RINT), OFF, 0x0040, "2^-127 = BF16 denormal"},
    {DT(FP8E8M0), DT(BF16), 0x7F, R(RINT), OFF, 0x3F80, "1.0"},
    {DT(FP8E8M0), DT(BF16), 0xFE, R(RINT), OFF, 0x7F00, "2^127"},
    {DT(FP8E8M0), DT(BF16), 0xFF, R(RINT), OFF, 0x7FC0, "NaN"},
    {DT(FP4E2M1), DT(BF16), 0x7, R(RINT), OFF, 0x40C0, "6"},
    {DT(FP4E2M1), DT(BF16), 0xF, R(RINT), OFF, 0xC0C0, "-6"},
    {DT(FP4E2M1), DT(BF16), 0x1, R(RINT), OFF, 0x3F00, "0.5"},
    {DT(FP4E2M1), DT(BF16), 0x8, R(RINT), OFF, 0x8000, "-0"},
    {DT(FP4E1M2), DT(BF16), 0x7, R(RINT), OFF, 0x3FE0, "1.75"},
    {DT(FP4E1M2), DT(BF16), 0x1, R(RINT), OFF, 0x3E80, "0.25"},
    {DT(FP16), DT(FP32), 0x7C00, R(RINT), OFF, 0x7F800000, "inf"},
    {DT(FP16), DT(FP32), 0x0001, R(RINT), OFF, 0x33800000, "2^-24"},
    {DT(FP16), DT(FP32), 0x7E00, R(RINT), OFF, 0x7FC00000, "quiet NaN"},
    {DT(BF16), DT(FP32), 0x3F81, R(RINT), OFF, 0x3F810000, "1+2^-7"},
};

static void test_encoders(void)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const enc_case *c = &cases[i];
        uint64_t got = pvc_cast_scalar(c->from, c->to, c->in, c->r, c->s);
        UNIT_CHECK(got == c->want, "%s->%s 0x%llx round %d sat %d (%s): got 0x%llx want 0x%llx",
                   pvc_dtype_table[c->from].name, pvc_dtype_table[c->to].name,
                   (unsigned long long)c->in, (int)c->r, (int)c->s, c->why,
                   (unsigned long long)got, (unsigned long long)c->want);
    }
}

/* Python literals (pvc_value_encode) round once from the double. */
static void test_value_encode(void)
{
    UNIT_CHECK(pvc_value_encode(DT(FP16), 1.0, R(RINT), OFF) == 0x3C00, "1.0 -> FP16");
    UNIT_CHECK(pvc_value_encode(DT(FP16), 0.1, R(RINT), OFF) == 0x2E66, "0.1 = 1.6*2^-4, mantissa 614.4 -> 614");
    UNIT_CHECK(pvc_value_encode(DT(FP32), 0.1, R(RINT), OFF) == 0x3DCCCCCD, "0.1 -> FP32");
    UNIT_CHECK(pvc_value_encode(DT(BF16), -2.0, R(RINT), OFF) == 0xC000, "-2 -> BF16");
    UNIT_CHECK(pvc_value_encode(DT(INT8), -3.7, R(TRUNC), OFF) == 0xFD, "-3.7 trunc -> -3");
    UNIT_CHECK(pvc_value_encode(DT(FP8E4M3FN), 1e9, R(RINT), ON) == 0x7E, "1e9 saturated -> 448");
    UNIT_CHECK(pvc_value_encode(DT(FP32), 1e-300, R(RINT), OFF) == 0, "1e-300 underflows to +0");
    UNIT_CHECK(pvc_value_encode(DT(FP32), 1e300, R(RINT), OFF) == 0x7F800000, "1e300 -> inf");
}

/* rt_elem_float's bit-level fast path (finite FP16, BF16, FP32) against the rule,
 * pvc_value_decode, on every FP16 and BF16 code and the FP32 codes of every exponent with
 * mantissas at both ends and a step through the middle: the same double, signed zeros
 * included (compared as bits); NaNs stay NaNs. */
static void test_elem_float_fast(void)
{
    static const pvc_dtype ts[] = {PVC_DT_FP16, PVC_DT_BF16};
    int bad = 0;
    for (int k = 0; k < 2; k++)
        for (uint32_t c = 0; c < 65536; c++) {
            uint8_t b[2] = {(uint8_t)c, (uint8_t)(c >> 8)};
            double a = rt_elem_float(ts[k], b), w = pvc_value_decode(ts[k], c);
            bad += isnan(w) ? !isnan(a) : memcmp(&a, &w, sizeof a) != 0;
        }
    for (uint32_t ex = 0; ex < 512; ex++)
        for (uint32_t m = 0; m < (1u << 23); m += (m < 4 || m > (1u << 23) - 5) ? 1 : 65521) {
            uint32_t c = ex << 23 | m;
            uint8_t b[4] = {(uint8_t)c, (uint8_t)(c >> 8), (uint8_t)(c >> 16), (uint8_t)(c >> 24)};
            double a = rt_elem_float(PVC_DT_FP32, b), w = pvc_value_decode(PVC_DT_FP32, c);
            bad += isnan(w) ? !isnan(a) : memcmp(&a, &w, sizeof a) != 0;
        }
    UNIT_CHECK(bad == 0, "rt_elem_float: %d codes decode otherwise than pvc_value_decode", bad);
}

int main(void)
{
    test_elem_float_fast();
    test_decode_minifloats();
    test_decode_hf8_e8m0();
    test_decode_ints();
    test_encoders();
    test_value_encode();
    return UNIT_DONE();
}
