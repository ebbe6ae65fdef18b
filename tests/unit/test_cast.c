/* test_cast.c - vf.astype (§5.4): lane placement per ratio and layout, the source-granular
 * mask, zeroed lanes, the two seed results of Appendix A, and pvc_astype_legal against the
 * rule table.
 *
 * Element values are chosen exactly representable in both types of a pair, and their codes
 * are computed here from the format definitions (enc_exact), so placement is checked
 * without trusting the element codecs (test_formats.c checks those).
 */
#include "pvc_rt.h"
#include "unit.h"

#include <math.h>
#include <string.h>

#define DT(x) PVC_DT_##x

static unsigned bits_of(pvc_dtype t) { return pvc_dtype_table[t].bits; }
static unsigned lane_of(pvc_dtype t) { return bits_of(t) < 8 ? 1 : bits_of(t) / 8; }

static uint32_t f32(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* Minifloat code of v (exactly representable, |v| in the normal or denormal range). */
static uint64_t minifloat_code(double v, int e, int m, int bias)
{
    uint64_t s = v < 0 ? 1ull << (e + m) : 0;
    double a = fabs(v);
    int ex;
    if (a == 0)
        return s;
    double fr = frexp(a, &ex); /* a = fr * 2^ex, fr in [0.5, 1) */
    int E = ex - 1;
    if (E >= 1 - bias)
        return s | (uint64_t)(E + bias) << m | (uint64_t)((2 * fr - 1) * (1 << m));
    return s | (uint64_t)ldexp(a, bias - 1 + m); /* denormal: a / 2^(1-bias-m) */
}

/* HiFloat8 codes of the few values used here, from the §5.5 table by hand. */
static uint64_t hf8_code(double v)
{
    static const struct { double v; uint8_t c; } t[] = {
        {0, 0x00},  {1, 0x08},   {-1, 0x88}, {2, 0x10},  {-2, 0x90}, {3, 0x14},
        {6, 0x24},  {0.5, 0x18}, {1.5, 0x0C}, {4, 0x20}, {-3, 0x94}, {-6, 0xA4},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (t[i].v == v)
            return t[i].c;
    return 0xEE; /* not in the table: makes the test fail visibly */
}

static uint64_t enc_exact(pvc_dtype t, double v)
{
    switch (t) {
    case DT(FP32):      return f32((float)v);
    case DT(BF16):      return f32((float)v) >> 16;
    case DT(FP16):      return minifloat_code(v, 5, 10, 15);
    case DT(FP8E4M3FN): return minifloat_code(v, 4, 3, 7);
    case DT(FP8E5M2):   return minifloat_code(v, 5, 2, 15);
    case DT(FP4E2M1):   return minifloat_code(v, 2, 1, 1);
    case DT(FP4E1M2):   return minifloat_code(v, 1, 2, 1);
    case DT(HF8):       return hf8_code(v);
    case DT(FP8E8M0): { int ex; frexp(v, &ex); return (uint64_t)(ex - 1 + 127); }
    default: { /* integers: two's complement */
        unsigned b = bits_of(t);
        uint64_t mask = b == 64 ? ~0ull : (1ull << b) - 1;
        return (uint64_t)(int64_t)v & mask;
    }
    }
}

/* v exactly representable in t? */
static int fits(pvc_dtype t, double v)
{
    pvc_dtype_kind k = pvc_dtype_table[t].kind;
    unsigned b = bits_of(t);
    if (k == PVC_KIND_S)
        return v == floor(v) && v >= -ldexp(1, (int)b - 1) && v < ldexp(1, (int)b - 1);
    if (k == PVC_KIND_U)
        return v == floor(v) && v >= 0;
    if (t == DT(FP8E8M0)) {
        int ex;
        return v > 0 && frexp(v, &ex) == 0.5;
    }
    if (t == DT(FP4E1M2))
        return fabs(v) <= 1.75 && v * 4 == floor(v * 4);
    if (t == DT(FP4E2M1))
        return fabs(v) == 0 || fabs(v) == 0.5 || fabs(v) == 1 || fabs(v) == 1.5 || fabs(v) == 2 ||
               fabs(v) == 3 || fabs(v) == 4 || fabs(v) == 6;
    return 1;
}

static uint64_t get(const pvc_vreg *r, unsigned w, unsigned i)
{
    uint64_t v = 0;
    memcpy(&v, r->b + w * i, w);
    return v;
}
static void put(pvc_vreg *r, unsigned w, unsigned i, uint64_t v) { memcpy(r->b + w * i, &v, w); }
static int bit(const pvc_mreg *m, unsigned j) { return (m->bits[j / 8] >> (j % 8)) & 1; }

/* A mask with every bit pseudo-random, so reading a wrong bit shows. */
static void random_mask(pvc_mreg *m, uint32_t seed)
{
    for (unsigned k = 0; k < 32; k++) {
        seed = seed * 1103515245u + 12345u;
        m->bits[k] = (uint8_t)(seed >> 16);
    }
}

static const double pool[] = {1, -1, 2, 0, 3, -2, 6, 0.5, 1.5, 4, -3, -6};

/* The value list of a pair: pool entries exactly representable in both types. */
static size_t pair_values(pvc_dtype from, pvc_dtype to, double *out)
{
    size_t n = 0;
    for (size_t i = 0; i < sizeof pool / sizeof pool[0]; i++)
        if (fits(from, pool[i]) && fits(to, pool[i]) &&
            !((from == DT(HF8) || to == DT(HF8)) && hf8_code(pool[i]) == 0xEE))
            out[n++] = pool[i];
    return n;
}

/* Expected register per the §5.4 ratio table, written from the spec text. */
static void expect(pvc_vreg *want, const double *val, pvc_dtype from, pvc_dtype to,
                   const pvc_mreg *m, unsigned L)
{
    unsigned sb = bits_of(from), db = bits_of(to), ws = lane_of(from), wd = lane_of(to);
    memset(want, 0, sizeof *want);
    if (sb == 16 && db == 4) { /* BF16/INT16/FP16 -> 4-bit pairs */
        for (unsigned g = 0; g < 64; g++)
            if (bit(m, 4 * g))
                want->b[4 * g + L] = (uint8_t)(enc_exact(to, val[2 * g]) | enc_exact(to, val[2 * g + 1]) << 4);
    } else if (sb == 4) { /* 4-bit pairs -> 16 */
        for (unsigned g = 0; g < 64; g++)
            if (bit(m, 4 * g + L)) {
                put(want, 2, 2 * g, enc_exact(to, val[2 * (4 * g + L)]));
                put(want, 2, 2 * g + 1, enc_exact(to, val[2 * (4 * g + L) + 1]));
            }
    } else if (sb >= db) { /* same width, 2:1, 4:1 */
        unsigned k = sb / db;
        for (unsigned i = 0; i < 256 / ws; i++)
            if (bit(m, ws * i))
                put(want, wd, k * i + L, enc_exact(to, val[i]));
    } else { /* 1:2, 1:4 */
        unsigned k = db / sb;
        for (unsigned i = 0; i < 256 / wd; i++)
            if (bit(m, ws * (k * i + L)))
                put(want, wd, i, enc_exact(to, val[k * i + L]));
    }
}

/* Every table row, every layout the ratio has (the rule's own and, per §8 #11, the others
 * the RegLayout formulas define), random mask, source lanes cycling through the pair's
 * values. val[] is indexed by logical source element (FP4/INT4: two per byte). */
static void test_pairs(void)
{
    for (size_t r = 0; r < pvc_cast_rule_count; r++) {
        const pvc_cast_rule *rule = &pvc_cast_rules[r];
        pvc_dtype from = rule->from, to = rule->to;
        double vals[16], val[512];
        size_t nv = pair_values(from, to, vals);
        unsigned sb = bits_of(from), db = bits_of(to);
        unsigned nsrc = sb == 4 ? 512 : 256 / lane_of(from);
        unsigned k = sb == 4 || db == 4 ? 4 : sb > db ? sb / db : db / sb;
        pvc_vreg src, dst, want;
        pvc_mreg m;
        memset(&src, 0, sizeof src);
        for (unsigned i = 0; i < nsrc; i++) {
            val[i] = vals[(i * 5 + r) % nv];
            if (sb == 4)
                src.b[i / 2] |= (uint8_t)((enc_exact(from, val[i]) & 0xF) << (4 * (i & 1)));
            else
                put(&src, lane_of(from), i, enc_exact(from, val[i]));
        }
        UNIT_CHECK(nv >= 3, "%s->%s: %zu test values", pvc_dtype_table[from].name,
                   pvc_dtype_table[to].name, nv);
        for (unsigned L = 0; L < k; L++) {
            random_mask(&m, (uint32_t)(r * 4 + L + 1));
            memset(&dst, 0xA5, sizeof dst); /* stale contents must not survive (zeroing) */
            pvc_astype(&dst, &src, &m, from, to, (pvc_layout)L, rule->default_round,
                       (rule->sats & PVC_SS_OFF) ? PVC_SAT_OFF : PVC_SAT_ON);
            expect(&want, val, from, to, &m, L);
            char what[64];
            snprintf(what, sizeof what, "%s->%s layout %u", pvc_dtype_table[from].name,
                     pvc_dtype_table[to].name, L);
            UNIT_CHECK_BYTES(dst.b, want.b, 256, what);
        }
    }
}

/* Concrete placements worked by hand from the §5.4 table. */
static void test_placement_by_hand(void)
{
    pvc_vreg src, dst;
    pvc_mreg all32, m;
    memset(&all32, 0, sizeof all32);
    for (unsigned i = 0; i < 64; i++)
        all32.bits[i / 2] |= (uint8_t)(1u << (4 * (i & 1))); /* bits 4i: pset_b32(ALL) */

    /* FP32 -> FP16, ONE: dst16[2i+1] = cvt(src[i]), dst16[2i] = 0. */
    memset(&src, 0, sizeof src);
    put(&src, 4, 0, 0x3F800000); /* 1.0 */
    put(&src, 4, 1, 0x40000000); /* 2.0 */
    pvc_astype(&dst, &src, &all32, DT(FP32), DT(FP16), PVC_LAYOUT_ONE, PVC_ROUND_RINT, PVC_SAT_OFF);
    UNIT_CHECK(get(&dst, 2, 0) == 0 && get(&dst, 2, 1) == 0x3C00 && get(&dst, 2, 2) == 0 &&
               get(&dst, 2, 3) == 0x4000, "FP32->FP16 ONE: odd halves");

    /* FP16 -> FP32, ONE: dst[i] = cvt(src16[2i+1]) if m[2*(2i+1)]; only bit 2 set. */
    memset(&src, 0, sizeof src);
    memset(&m, 0, sizeof m);
    put(&src, 2, 1, 0x3C00);
    put(&src, 2, 3, 0x4000);
    m.bits[0] = 1u << 2;
    pvc_astype(&dst, &src, &m, DT(FP16), DT(FP32), PVC_LAYOUT_ONE, PVC_ROUND_RINT, PVC_SAT_OFF);
    UNIT_CHECK(get(&dst, 4, 0) == 0x3F800000 && get(&dst, 4, 1) == 0,
               "FP16->FP32 ONE: mask bit of the source lane 2i+1");

    /* BF16 -> FP4E2M1, TWO: byte 4g+2 = {lo cvt(src[2g]), hi cvt(src[2g+1])} if m[4g]. */
    memset(&src, 0, sizeof src);
    put(&src, 2, 0, 0x3F80); /* 1.0 -> 0x2 */
    put(&src, 2, 1, 0x40C0); /* 6.0 -> 0x7 */
    pvc_astype(&dst, &src, &all32, DT(BF16), DT(FP4E2M1), PVC_LAYOUT_TWO, PVC_ROUND_RINT, PVC_SAT_OFF);
    UNIT_CHECK(dst.b[0] == 0 && dst.b[1] == 0 && dst.b[2] == 0x72 && dst.b[3] == 0,
               "BF16->FP4 TWO: byte 2 = 0x72");

    /* FP4E2M1 -> BF16, THREE: byte 3 -> dst16[0], dst16[1] if m[3]. */
    memset(&src, 0, sizeof src);
    memset(&m, 0, sizeof m);
    src.b[3] = 0x72;
    src.b[0] = 0x22; /* ignored: layout THREE reads byte 4g+3 */
    m.bits[0] = 1u << 3;
    pvc_astype(&dst, &src, &m, DT(FP4E2M1), DT(BF16), PVC_LAYOUT_THREE, PVC_ROUND_RINT, PVC_SAT_OFF);
    UNIT_CHECK(get(&dst, 2, 0) == 0x3F80 && get(&dst, 2, 1) == 0x40C0 && get(&dst, 2, 2) == 0,
               "FP4->BF16 THREE: nibbles of byte 3");

    /* A layout beyond the ratio (TWO on 2:1) or an unsupported width pair gives 0. */
    memset(&src, 0x3F, sizeof src);
    memset(&dst, 0xFF, sizeof dst);
    pvc_astype(&dst, &src, &all32, DT(FP32), DT(FP16), PVC_LAYOUT_TWO, PVC_ROUND_RINT, PVC_SAT_OFF);
    pvc_vreg zero;
    memset(&zero, 0, sizeof zero);
    UNIT_CHECK_BYTES(dst.b, zero.b, 256, "FP32->FP16 TWO -> all 0");
    memset(&dst, 0xFF, sizeof dst);
    pvc_astype(&dst, &src, &all32, DT(INT4), DT(FP32), PVC_LAYOUT_ZERO, PVC_ROUND_RINT, PVC_SAT_OFF);
    UNIT_CHECK_BYTES(dst.b, zero.b, 256, "INT4->FP32 (no ratio) -> all 0");
    pvc_astype(&dst, &src, &all32, (pvc_dtype)99, DT(FP16), PVC_LAYOUT_ZERO, PVC_ROUND_RINT, PVC_SAT_OFF);
    UNIT_CHECK_BYTES(dst.b, zero.b, 256, "bad dtype -> all 0");

    /* dst aliasing src: INT32 -> FP32 in place. */
    memset(&src, 0, sizeof src);
    for (unsigned i = 0; i < 64; i++)
        put(&src, 4, i, i);
    pvc_astype(&src, &src, &all32, DT(INT32), DT(FP32), PVC_LAYOUT_ZERO, PVC_ROUND_RINT, PVC_SAT_OFF);
    UNIT_CHECK(get(&src, 4, 1) == 0x3F800000 && get(&src, 4, 63) == f32(63.0f), "in place");
}

/* Appendix A seeds. */
static double ref_e4m3fn(unsigned c)
{
    unsigned ef = (c >> 3) & 15, mf = c & 7;
    double s = (c & 0x80) ? -1 : 1;
    if ((c & 0x7F) == 0x7F)
        return NAN;
    return ef ? s * ldexp(1 + mf / 8.0, (int)ef - 7) : s * ldexp(mf / 8.0, -6);
}

static void test_seeds(void)
{
    pvc_vreg src, dst, hf8, back;
    pvc_mreg all32;
    memset(&all32, 0, sizeof all32);
    for (unsigned i = 0; i < 64; i++)
        all32.bits[i / 2] |= (uint8_t)(1u << (4 * (i & 1)));

    /* S0 FP8: 256 E4M3FN lanes -> FP32 (ZERO) with a b32 ALL mask = fp32(a[::4]). */
    for (unsigned j = 0; j < 256; j++)
        src.b[j] = (uint8_t)(j * 37 + 11);
    pvc_astype(&dst, &src, &all32, DT(FP8E4M3FN), DT(FP32), PVC_LAYOUT_ZERO, PVC_ROUND_RINT, PVC_SAT_OFF);
    int ok = 1;
    for (unsigned i = 0; i < 64; i++) {
        float want = (float)ref_e4m3fn(src.b[4 * i]), got;
        uint32_t g = (uint32_t)get(&dst, 4, i);
        memcpy(&got, &g, 4);
        ok &= isnan(want) ? isnan(got) : got == want;
    }
    UNIT_CHECK(ok, "seed FP8: out == fp32(a[::4])");

    /* S0 HF8: FP32 -> HF8 (ZERO, ROUND, ON) -> FP32 with ZERO ~ a (rtol = atol = 0.1), ONE..THREE = 0. */
    for (unsigned i = 0; i < 64; i++)
        put(&src, 4, i, f32((float)(3.5 * sin(i * 1.7 + 0.3))));
    pvc_astype(&hf8, &src, &all32, DT(FP32), DT(HF8), PVC_LAYOUT_ZERO, PVC_ROUND_ROUND, PVC_SAT_ON);
    pvc_astype(&back, &hf8, &all32, DT(HF8), DT(FP32), PVC_LAYOUT_ZERO, PVC_ROUND_RINT, PVC_SAT_OFF);
    ok = 1;
    for (unsigned i = 0; i < 64; i++) {
        float a, b;
        uint32_t ua = (uint32_t)get(&src, 4, i), ub = (uint32_t)get(&back, 4, i);
        memcpy(&a, &ua, 4);
        memcpy(&b, &ub, 4);
        ok &= fabs((double)b - a) <= 0.1 + 0.1 * fabs((double)a);
    }
    UNIT_CHECK(ok, "seed HF8: ZERO round trip within rtol 0.1");
    pvc_vreg zero;
    memset(&zero, 0, sizeof zero);
    for (unsigned L = 1; L < 4; L++) {
        pvc_astype(&back, &hf8, &all32, DT(HF8), DT(FP32), (pvc_layout)L, PVC_ROUND_RINT, PVC_SAT_OFF);
        UNIT_CHECK_BYTES(back.b, zero.b, 256, L == 1 ? "seed HF8 ONE = 0" : L == 2 ? "seed HF8 TWO = 0" : "seed HF8 THREE = 0");
    }
}

static void test_legal(void)
{
    const char *why;
    for (size_t r = 0; r < pvc_cast_rule_count; r++) {
        const pvc_cast_rule *x = &pvc_cast_rules[r];
        for (unsigned L = 0; L < 4; L++) {
            pvc_sat s = (x->sats & PVC_SS_OFF) ? PVC_SAT_OFF : PVC_SAT_ON;
            int got = pvc_astype_legal(x->from, x->to, (pvc_layout)L, PVC_ROUND_RINT, s, &why);
            UNIT_CHECK(got == (int)((x->layouts >> L) & 1), "row %zu %s->%s layout %u: %d (%s)", r,
                       pvc_dtype_table[x->from].name, pvc_dtype_table[x->to].name, L, got, why ? why : "");
        }
        UNIT_CHECK(pvc_cast_rule_find(x->from, x->to) == x, "row %zu findable", r);
    }
    UNIT_CHECK(pvc_cast_rule_count == 56, "56 pairs in §5.4, table has %zu", pvc_cast_rule_count);

    struct { pvc_dtype f, t; pvc_layout l; pvc_round r; pvc_sat s; int want; const char *what; } c[] = {
        {DT(FP32), DT(UINT8), PVC_LAYOUT_ZERO, PVC_ROUND_RINT, PVC_SAT_OFF, 0, "unsupported pair FP32->UINT8"},
        {DT(FP16), DT(FP8E4M3FN), PVC_LAYOUT_ZERO, PVC_ROUND_RINT, PVC_SAT_ON, 0, "unsupported pair FP16->E4M3FN"},
        {DT(FP32), DT(FP8E4M3FN), PVC_LAYOUT_ZERO, PVC_ROUND_ROUND, PVC_SAT_ON, 0, "FP32->E4M3FN only RINT"},
        {DT(FP32), DT(FP8E4M3FN), PVC_LAYOUT_ZERO, PVC_ROUND_RINT, PVC_SAT_OFF, 0, "FP32->E4M3FN: PP-BE forces ON"},
        {DT(FP32), DT(FP8E4M3FN), PVC_LAYOUT_THREE, PVC_ROUND_RINT, PVC_SAT_ON, 1, "FP32->E4M3FN THREE"},
        {DT(FP32), DT(FP16), PVC_LAYOUT_TWO, PVC_ROUND_RINT, PVC_SAT_OFF, 0, "TWO on a 2:1 path"},
        {DT(FP32), DT(FP16), PVC_LAYOUT_ONE, PVC_ROUND_ODD, PVC_SAT_OFF, 1, "FP32->FP16 ODD"},
        {DT(FP32), DT(BF16), PVC_LAYOUT_ZERO, PVC_ROUND_ODD, PVC_SAT_OFF, 0, "ODD only on FP32->FP16"},
        {DT(FP16), DT(FP32), PVC_LAYOUT_ZERO, PVC_ROUND_FLOOR, PVC_SAT_OFF, 0, "exact path takes no round mode"},
        {DT(FP16), DT(FP32), PVC_LAYOUT_ZERO, PVC_ROUND_RINT, PVC_SAT_ON, 0, "to FP32 only OFF"},
        {DT(INT8), DT(INT32), PVC_LAYOUT_TWO, PVC_ROUND_RINT, PVC_SAT_OFF, 0, "INT8->INT32 TWO rejected by PP-BE"},
        {DT(FP32), DT(INT64), PVC_LAYOUT_ONE, PVC_ROUND_RINT, PVC_SAT_OFF, 0, "FP32->INT64 ZERO only (PP-BE)"},
        {DT(FP32), DT(HF8), PVC_LAYOUT_ZERO, PVC_ROUND_FLOOR, PVC_SAT_ON, 0, "HF8: ROUND/HYBRID only"},
        {DT(FP32), DT(HF8), PVC_LAYOUT_ZERO, PVC_ROUND_HYBRID, PVC_SAT_ON, 1, "FP32->HF8 HYBRID"},
        {DT(FP32), DT(FP16), PVC_LAYOUT_ZERO, PVC_ROUND_HYBRID, PVC_SAT_ON, 0, "HYBRID is HF8 only"},
        {DT(FP32), DT(FP16), PVC_LAYOUT_ZERO, (pvc_round)42, PVC_SAT_ON, 0, "bad round enum"},
        {DT(FP32), DT(FP16), (pvc_layout)9, PVC_ROUND_RINT, PVC_SAT_ON, 0, "bad layout enum"},
        {DT(FP32), DT(FP16), PVC_LAYOUT_ZERO, PVC_ROUND_RINT, (pvc_sat)5, 0, "bad sat enum"},
        {(pvc_dtype)77, DT(FP16), PVC_LAYOUT_ZERO, PVC_ROUND_RINT, PVC_SAT_ON, 0, "bad dtype"},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        why = NULL;
        int got = pvc_astype_legal(c[i].f, c[i].t, c[i].l, c[i].r, c[i].s, &why);
        UNIT_CHECK(got == c[i].want && (got || why), "%s: got %d (%s)", c[i].what, got, why ? why : "-");
    }
    /* Accepted with a warning: the pypto default CAST_RINT on an HF8 path runs as ROUND. */
    why = NULL;
    UNIT_CHECK(pvc_astype_legal(DT(FP32), DT(HF8), PVC_LAYOUT_ZERO, PVC_ROUND_RINT, PVC_SAT_ON, &why) == 1 && why,
               "FP32->HF8 RINT accepted with a warning");
    UNIT_CHECK(pvc_astype_legal(DT(FP32), DT(FP16), PVC_LAYOUT_ZERO, PVC_ROUND_RINT, PVC_SAT_OFF, NULL) == 1,
               "why may be NULL");
}

/* Scalar operands (docs/SEMANTICS.md §9.6): C++ conversions, each value worked out by hand
 * (the float bit patterns are IEEE encodings of the decimal shown). */
static void test_scalar_bits(void)
{
    /* "%f" of 0.0078125 is "0.007812"; as a float: 0x3BFFFBCE, not 2^-7 = 0x3C000000 */
    UNIT_CHECK(pvc_scalar_bits(PVC_DT_FP32, 0, 0.007812f, 1) == 0x3BFFFBCEu, "FP32 0.007812f");
    UNIT_CHECK(pvc_scalar_bits(PVC_DT_FP16, 0, 1.0f / 3.0f, 1) == 0x3555u, "FP16 (float)1/3 rounds once: 0x3555");
    UNIT_CHECK(pvc_scalar_bits(PVC_DT_BF16, 0, 1.00390625f, 1) == 0x3F80u, "BF16 1+2^-8 ties to even 1.0");
    UNIT_CHECK(pvc_scalar_bits(PVC_DT_INT32, 0, -2.7f, 1) == 0xFFFFFFFEu, "INT32 -2.7f truncates to -2");
    UNIT_CHECK(pvc_scalar_bits(PVC_DT_INT8, 0, 200.5f, 1) == 0xC8u, "INT8 200.5f -> 200, low byte 0xC8");
    UNIT_CHECK(pvc_scalar_bits(PVC_DT_INT32, 0, NAN, 1) == 0, "NaN -> 0 [I]");
    UNIT_CHECK(pvc_scalar_bits(PVC_DT_UINT8, 300, 0, 0) == 44, "UINT8 300 keeps the low bits: 44");
    UNIT_CHECK(pvc_scalar_bits(PVC_DT_INT16, -1, 0, 0) == 0xFFFFu, "INT16 -1 = 0xFFFF");
    UNIT_CHECK(pvc_scalar_bits(PVC_DT_FP16, 2049, 0, 0) == 0x6800u, "FP16 2049 ties to even 2048");
    UNIT_CHECK(pvc_scalar_bits(PVC_DT_FP32, 16777217, 0, 0) == 0x4B800000u, "FP32 2^24+1 ties to even 2^24");
    UNIT_CHECK(pvc_scalar_bits(PVC_DT_FP32, 0, 0, 0) == 0, "int 0 is +0");
    UNIT_CHECK(pvc_scalar_bits(PVC_DT_INT64, INT64_MIN, 0, 0) == (uint64_t)INT64_MIN, "INT64 MIN unchanged");
}

int main(void)
{
    test_scalar_bits();
    test_pairs();
    test_placement_by_hand();
    test_seeds();
    test_legal();
    return UNIT_DONE();
}
