/* cast.c - vf.astype: the supported-pair table, its legality check, and the lane placement
 * of every width ratio (docs/SEMANTICS.md §5.4). Element conversion lives in formats.c.
 */
#include "formats.h"

/* ---------------------------------------------------------------------------------------
 * The rule table (PVC_CAST_RULES in pvc_rt_cast.h)
 * ------------------------------------------------------------------------------------- */
const pvc_cast_rule pvc_cast_rules[] = {
#define X(from, to, ls, rs, ss, def, note) \
    {PVC_DT_##from, PVC_DT_##to, ls, rs, ss, PVC_ROUND_##def, note},
    PVC_CAST_RULES(X)
#undef X
};
const size_t pvc_cast_rule_count = sizeof pvc_cast_rules / sizeof pvc_cast_rules[0];

const pvc_cast_rule *pvc_cast_rule_find(pvc_dtype from, pvc_dtype to)
{
    for (size_t i = 0; i < pvc_cast_rule_count; i++)
        if (pvc_cast_rules[i].from == from && pvc_cast_rules[i].to == to)
            return &pvc_cast_rules[i];
    return NULL;
}

int pvc_astype_legal(pvc_dtype from, pvc_dtype to, pvc_layout layout, pvc_round round,
                     pvc_sat sat, const char **why)
{
    const pvc_cast_rule *r = pvc_cast_rule_find(from, to);
    const char *w = NULL;
    if (!r)
        w = "vf.astype does not support this dtype pair";
    else if ((unsigned)layout > PVC_LAYOUT_THREE || !((r->layouts >> layout) & 1))
        w = "this CastLayout is not accepted for this dtype pair";
    else if ((unsigned)round >= PVC_ROUND_COUNT)
        w = "unknown round_mode";
    else if (r->rounds == PVC_RS_NONE && round != PVC_ROUND_RINT)
        w = "this conversion is exact and takes no round_mode";
    else if (r->rounds != PVC_RS_NONE && !((r->rounds >> round) & 1))
        w = "this round_mode is not accepted for this dtype pair";
    else if ((unsigned)sat > PVC_SAT_ON || !((r->sats >> sat) & 1))
        w = r->sats == PVC_SS_ON ? "this dtype pair requires saturate=ON (PP-BE)"
                                 : "this dtype pair accepts only saturate=OFF";
    if (why)
        *why = w;
    if (w)
        return 0;
    if (why && round == PVC_ROUND_RINT && r->default_round != PVC_ROUND_RINT)
        *why = "CAST_RINT is not a mode of this conversion; PP-BE runs it as CAST_ROUND";
    return 1;
}

/* ---------------------------------------------------------------------------------------
 * One element
 * ------------------------------------------------------------------------------------- */
typedef struct {
    pvc_dtype from, to;
    pvc_round round;
    pvc_sat sat;
} conv;

static conv conv_make(pvc_dtype from, pvc_dtype to, pvc_round r, pvc_sat sat)
{
    conv c = {from, to, r, sat};
    const pvc_dtype_info *f = &pvc_dtype_table[from], *t = &pvc_dtype_table[to];
    /* Signed -> wider unsigned integer saturates whatever the flag: negatives -> 0 (§5.4). */
    if (f->kind == PVC_KIND_S && t->kind == PVC_KIND_U && t->bits > f->bits)
        c.sat = PVC_SAT_ON;
    return c;
}

static uint64_t conv_one(const conv *c, uint64_t code)
{
    return pvc_convert(c->from, c->to, code, c->round, c->sat);
}

uint64_t pvc_cast_scalar(pvc_dtype from, pvc_dtype to, uint64_t code, pvc_round r, pvc_sat sat)
{
    if ((unsigned)from >= PVC_DT_COUNT || (unsigned)to >= PVC_DT_COUNT)
        return 0;
    conv c = conv_make(from, to, r, sat);
    return conv_one(&c, code);
}

/* ---------------------------------------------------------------------------------------
 * Lane placement (§5.4 ratio table). i runs over the wider type's elements; the mask is
 * tested at the source granularity ws: bit ws*(source element index).
 *
 *   NARROW k (k = 1, 2, 4):  dst[k*i + L] = cvt(src[i])      if m[ws*i]
 *   WIDEN  k (k = 2, 4):     dst[i] = cvt(src[k*i + L])      if m[ws*(k*i + L)]
 *   PACK4  (16-bit -> 4):    byte 4g+L = cvt(src[2g]) | cvt(src[2g+1]) << 4   if m[4g]
 *   UNPACK4 (4 -> 16-bit):   dst[2g], dst[2g+1] = cvt(lo, hi nibble of byte 4g+L)  if m[4g+L]
 *
 * Everything not written stays 0 (zeroing; unused sub-lanes).
 * ------------------------------------------------------------------------------------- */
typedef enum { SHAPE_NONE, SHAPE_NARROW, SHAPE_WIDEN, SHAPE_PACK4, SHAPE_UNPACK4 } cast_shape;

static cast_shape shape_of(pvc_dtype from, pvc_dtype to, unsigned *k)
{
    unsigned sb = pvc_dtype_table[from].bits, db = pvc_dtype_table[to].bits;
    *k = 4;
    if (sb == 4 || db == 4)
        return sb == 4 && db == 16 ? SHAPE_UNPACK4 : sb == 16 && db == 4 ? SHAPE_PACK4 : SHAPE_NONE;
    *k = sb >= db ? sb / db : db / sb;
    if (*k != 1 && *k != 2 && *k != 4)
        return SHAPE_NONE;
    return sb >= db ? SHAPE_NARROW : SHAPE_WIDEN;
}

static int mbit(const pvc_mreg *m, unsigned j) { return (m->bits[j >> 3] >> (j & 7)) & 1; }

/* Little-endian host (§1.1). Fixed-size copies per width: no libc call per lane. */
static inline uint64_t get_lane(const pvc_vreg *r, unsigned w, unsigned i)
{
    const uint8_t *p = r->b + w * i;
    uint64_t v8;
    uint32_t v4;
    uint16_t v2;
    switch (w) {
    case 1:  return *p;
    case 2:  memcpy(&v2, p, 2); return v2;
    case 4:  memcpy(&v4, p, 4); return v4;
    default: memcpy(&v8, p, 8); return v8;
    }
}

static inline void put_lane(pvc_vreg *r, unsigned w, unsigned i, uint64_t v)
{
    uint8_t *p = r->b + w * i;
    uint32_t v4 = (uint32_t)v;
    uint16_t v2 = (uint16_t)v;
    switch (w) {
    case 1:  *p = (uint8_t)v; break;
    case 2:  memcpy(p, &v2, 2); break;
    case 4:  memcpy(p, &v4, 4); break;
    default: memcpy(p, &v, 8); break;
    }
}

/* Every source lane is converted in one pvc_convert_n batch (conversion is pure, so doing the
 * masked-off ones too changes nothing), then only active lanes are placed. */
static inline __attribute__((always_inline)) void
narrow_lanes(pvc_vreg *out, const pvc_vreg *src, const pvc_mreg *m, const conv *c, unsigned k,
             unsigned L, unsigned ws, unsigned wd)
{
    unsigned n = PVC_VL / ws;
    uint64_t in[PVC_VL] = {0}, cv[PVC_VL]; /* in zeroed: cc cannot see that n >= 1 */
    for (unsigned i = 0; i < n; i++)
        in[i] = get_lane(src, ws, i);
    pvc_convert_n(c->from, c->to, in, cv, n, c->round, c->sat);
    for (unsigned i = 0; i < n; i++)
        if (mbit(m, ws * i))
            put_lane(out, wd, k * i + L, cv[i]);
}

/* The lane widths as constants for the common pairs (32 -> 16 first), so get_lane/put_lane
 * lose their width switch; any other pair takes the generic instance. */
static void cast_narrow(pvc_vreg *out, const pvc_vreg *src, const pvc_mreg *m, const conv *c,
                        unsigned k, unsigned L)
{
    unsigned ws = pvc_dtype_lane_bytes(c->from), wd = pvc_dtype_lane_bytes(c->to);
    if (ws == 4 && wd == 2)
        narrow_lanes(out, src, m, c, k, L, 4, 2);
    else if (ws == 4 && wd == 1)
        narrow_lanes(out, src, m, c, k, L, 4, 1);
    else if (ws == 2 && wd == 1)
        narrow_lanes(out, src, m, c, k, L, 2, 1);
    else
        narrow_lanes(out, src, m, c, k, L, ws, wd);
}

static void cast_widen(pvc_vreg *out, const pvc_vreg *src, const pvc_mreg *m, const conv *c,
                       unsigned k, unsigned L)
{
    unsigned ws = pvc_dtype_lane_bytes(c->from), wd = pvc_dtype_lane_bytes(c->to);
    for (unsigned i = 0; i < PVC_VL / wd; i++) {
        unsigned j = k * i + L;
        if (mbit(m, ws * j))
            put_lane(out, wd, i, conv_one(c, get_lane(src, ws, j)));
    }
}

static void cast_pack4(pvc_vreg *out, const pvc_vreg *src, const pvc_mreg *m, const conv *c,
                       unsigned L)
{
    for (unsigned g = 0; g < PVC_VL / 4; g++)
        if (mbit(m, 4 * g)) {
            uint64_t lo = conv_one(c, get_lane(src, 2, 2 * g)) & 0xF;
            uint64_t hi = conv_one(c, get_lane(src, 2, 2 * g + 1)) & 0xF;
            out->b[4 * g + L] = (uint8_t)(lo | hi << 4);
        }
}

static void cast_unpack4(pvc_vreg *out, const pvc_vreg *src, const pvc_mreg *m, const conv *c,
                         unsigned L)
{
    for (unsigned g = 0; g < PVC_VL / 4; g++)
        if (mbit(m, 4 * g + L)) {
            uint8_t byte = src->b[4 * g + L];
            put_lane(out, 2, 2 * g, conv_one(c, byte & 0xF));
            put_lane(out, 2, 2 * g + 1, conv_one(c, byte >> 4));
        }
}

void pvc_astype(pvc_vreg *dst, const pvc_vreg *src, const pvc_mreg *mask, pvc_dtype from,
                pvc_dtype to, pvc_layout layout, pvc_round round, pvc_sat sat)
{
    pvc_vreg out;
    unsigned k, L = (unsigned)layout;
    memset(&out, 0, sizeof out);
    cast_shape sh = SHAPE_NONE;
    if ((unsigned)from < PVC_DT_COUNT && (unsigned)to < PVC_DT_COUNT)
        sh = shape_of(from, to, &k);
    if (sh != SHAPE_NONE && L < k) {
        conv c = conv_make(from, to, round, sat);
        switch (sh) {
        case SHAPE_NARROW:  cast_narrow(&out, src, mask, &c, k, L); break;
        case SHAPE_WIDEN:   cast_widen(&out, src, mask, &c, k, L); break;
        case SHAPE_PACK4:   cast_pack4(&out, src, mask, &c, L); break;
        case SHAPE_UNPACK4: cast_unpack4(&out, src, mask, &c, L); break;
        default:            break;
        }
    }
    memcpy(dst, &out, sizeof out); /* via a copy: dst may alias src */
}
