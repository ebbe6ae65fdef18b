/* test_fastpath.c - the speed paths added for BENCHMARKS.md do what the generic code does:
 *   - pvc_load_align_fast / pvc_store_align_fast (pvc_rt_inline.h) against pvc_load_align /
 *     pvc_store_align on twin contexts: same UB bytes, same register, same fault kind, for
 *     in-range, misaligned, out-of-UB, partial-mask and granularity-only-full masks;
 *   - vf.astype FP32 -> FP16 / BF16 (batched, one loop per round mode) against the one-element
 *     pvc_cast_scalar, lane by lane, for every round mode, both saturate settings, layouts ZERO
 *     and ONE, over every sign and exponent with mantissas around each rounding boundary;
 *   - the FP32 register ops of pvc_rt_fast.h (pvc_add_fast ...) against the runtime ops they
 *     stand for, on registers mixing ordinary values with NaNs (several payloads), infinities,
 *     signed zeros, subnormals and negatives (and broadcast registers, which sqrt and div
 *     compute one piece of), under full, partial and no masks, FP32 and another dtype, both
 *     merge modes: same register bytes, same fault.
 * The oracles are the generic paths, whose own values test_load/test_store/test_cast and
 * test_formats derive from docs/SEMANTICS.md; here only agreement is the claim. */
#include <stdlib.h>

#include "pvc_rt.h"
#include "unit.h"

static void fill(pvc_ctx *ctx, uint32_t seed)
{
    for (uint32_t k = 0; k < PVC_UB_BYTES; k++)
        ctx->ub[k] = (uint8_t)((k * 2654435761u + seed) >> 13);
}

static void set_mask(pvc_mreg *m, uint8_t byte) { memset(m->bits, byte, sizeof m->bits); }

/* The op's position the fast paths are given: set as ctx->at only on the out-of-line path,
 * so a fault names it and the inline path (NORM, aligned, in the UB) leaves ctx->at alone. */
static const pvc_loc site = {"fast.py", 12, 5};
static void check_at(const pvc_ctx *a, int inline_path)
{
    if (inline_path)
        UNIT_CHECK(a->at == NULL && a->fault.kind == PVC_FAULT_NONE, "%s", "inline path sets no position");
    else if (a->fault.kind)
        UNIT_CHECK(a->fault.loc.line == 12 && a->fault.loc.col == 5, "fault at %d:%d, want 12:5",
                   a->fault.loc.line, a->fault.loc.col);
}

static void test_load_fast(pvc_ctx *a, pvc_ctx *b)
{
    static const uint32_t addrs[] = {0, 32, 0x11000, PVC_UB_BYTES - 256, PVC_UB_BYTES - 224,
                                     PVC_UB_BYTES, 16, 4, 0xFFFFFFE0u};
    static const pvc_load_dist dists[] = {PVC_LD_NORM, PVC_LD_BRC_B32, PVC_LD_DS_B16, PVC_LD_BLK};
    for (size_t d = 0; d < sizeof dists / sizeof *dists; d++)
        for (size_t i = 0; i < sizeof addrs / sizeof *addrs; i++) {
            pvc_vreg ra, rb;
            memset(&ra, 0xAB, sizeof ra);
            memset(&rb, 0xAB, sizeof rb);
            a->fault.kind = b->fault.kind = PVC_FAULT_NONE;
            a->at = NULL;
            pvc_load_align_fast(a, &ra, addrs[i], dists[d], &site);
            pvc_load_align(b, &rb, addrs[i], dists[d]);
            UNIT_CHECK(a->fault.kind == b->fault.kind, "load %s @0x%x: fault %d vs %d",
                       pvc_load_dist_table[dists[d]].name, addrs[i], a->fault.kind, b->fault.kind);
            check_at(a, dists[d] == PVC_LD_NORM && addrs[i] % 32 == 0 && addrs[i] <= PVC_UB_BYTES - PVC_VL);
            UNIT_CHECK_BYTES(ra.b, rb.b, PVC_VL, "load_align_fast register");
        }
}

static void test_store_fast(pvc_ctx *a, pvc_ctx *b)
{
    static const uint32_t addrs[] = {0, 0x11000, PVC_UB_BYTES - 256, PVC_UB_BYTES - 224, 8,
                                     PVC_UB_BYTES};
    /* 0xFF full at every width; 0x55 full at b16/b32 only; 0x11 full at b32 only; 0xFE never */
    static const uint8_t masks[] = {0xFF, 0x55, 0x11, 0xFE, 0x00};
    static const pvc_store_dist dists[] = {PVC_ST_NORM_B8, PVC_ST_NORM_B16, PVC_ST_NORM_B32,
                                           PVC_ST_PK_B32, PVC_ST_ONEPT_B32};
    pvc_vreg src;
    for (int j = 0; j < PVC_VL; j++)
        src.b[j] = (uint8_t)(0x80 + j);
    for (size_t d = 0; d < sizeof dists / sizeof *dists; d++)
        for (size_t m = 0; m < sizeof masks / sizeof *masks; m++)
            for (size_t i = 0; i < sizeof addrs / sizeof *addrs; i++) {
                pvc_mreg mask;
                set_mask(&mask, masks[m]);
                fill(a, 7);
                fill(b, 7);
                a->fault.kind = b->fault.kind = PVC_FAULT_NONE;
                a->at = NULL;
                /* the constant of the same bytes where there is one, as the emitted C passes it */
                const pvc_mreg *known = m < 3 ? &pvc_mask_all[m] : &mask;
                pvc_store_align_fast(a, addrs[i], &src, (i & 1) ? known : &mask, dists[d], &site);
                pvc_store_align(b, addrs[i], &src, &mask, dists[d]);
                if (a->fault.kind)
                    check_at(a, 0);
                UNIT_CHECK(a->fault.kind == b->fault.kind, "store %s mask %02x @0x%x: fault %d vs %d",
                           pvc_store_dist_table[dists[d]].name, masks[m], addrs[i], a->fault.kind,
                           b->fault.kind);
                UNIT_CHECK(memcmp(a->ub, b->ub, PVC_UB_BYTES) == 0, "store %s mask %02x @0x%x: UB differs",
                           pvc_store_dist_table[dists[d]].name, masks[m], addrs[i]);
            }
}

/* Mantissas around the FP16 (13 dropped bits) and BF16 (16 dropped bits) rounding points. */
static uint32_t mantissa(unsigned k, uint32_t *rng)
{
    static const uint32_t fixed[] = {0, 1, 0x7FFFFF, 0x400000, 0xFFF, 0x1000, 0x1001, 0x1FFF,
                                     0x2000, 0x3000, 0x5000, 0x7FFF, 0x8000, 0x8001, 0x18000,
                                     0xFFFF, 0x10000, 0x7FE000, 0x7FF000, 0x3FF000};
    if (k < sizeof fixed / sizeof *fixed)
        return fixed[k];
    *rng = *rng * 1103515245u + 12345u;
    return (*rng >> 5) & 0x7FFFFF;
}

static void test_astype_batch(void)
{
    static const pvc_dtype tos[] = {PVC_DT_FP16, PVC_DT_BF16};
    pvc_mreg all, half;
    set_mask(&all, 0xFF);
    set_mask(&half, 0x0F); /* b32 lanes 0, 2, 4, ... on (bit 4i tested: 4i%8 == 0) */
    for (size_t t = 0; t < 2; t++)
        for (int r = PVC_ROUND_RINT; r <= PVC_ROUND_ODD; r++)
            for (int sat = 0; sat <= 1; sat++)
                for (int lay = 0; lay <= 1; lay++) {
                    uint32_t rng = 1;
                    int bad = 0;
                    for (unsigned e = 0; e < 256 && !bad; e++)
                        for (unsigned k = 0; k < 64 && !bad; k++) {
                            pvc_vreg src, dst;
                            const pvc_mreg *m = (k & 1) ? &half : &all;
                            for (unsigned i = 0; i < 64; i++) {
                                uint32_t v = (i & 1) << 31 | e << 23 | mantissa((k * 64 + i) % 97, &rng);
                                memcpy(src.b + 4 * i, &v, 4);
                            }
                            pvc_astype(&dst, &src, m, PVC_DT_FP32, tos[t], (pvc_layout)lay,
                                       (pvc_round)r, (pvc_sat)sat);
                            for (unsigned i = 0; i < 64 && !bad; i++) {
                                uint32_t v;
                                uint16_t got, other;
                                memcpy(&v, src.b + 4 * i, 4);
                                int on = pvc_mreg_bit(m, 4 * i);
                                uint16_t want = on ? (uint16_t)pvc_cast_scalar(PVC_DT_FP32, tos[t], v,
                                                                  (pvc_round)r, (pvc_sat)sat) : 0;
                                memcpy(&got, dst.b + 4 * i + 2 * lay, 2);
                                memcpy(&other, dst.b + 4 * i + 2 * (1 - lay), 2);
                                bad = got != want || other != 0;
                                if (bad)
                                    printf("  %s round %d sat %d layout %d: 0x%08x -> 0x%04x, scalar 0x%04x\n",
                                           pvc_dtype_table[tos[t]].pyname, r, sat, lay, v, got, want);
                            }
                        }
                    UNIT_CHECK(!bad, "FP32 -> %s round %d sat %d layout %d agrees with pvc_cast_scalar",
                               pvc_dtype_table[tos[t]].pyname, r, sat, lay);
                }
}

/* A lane value: mostly ordinary, with the special ones at about one lane in `odds`. */
static uint32_t lane_value(uint32_t *rng, unsigned odds)
{
    static const uint32_t special[] = {0x7FC00000u, 0x7FA00001u, 0xFFC12345u, 0x7F800000u,
                                       0xFF800000u, 0x00000000u, 0x80000000u, 0x00000001u,
                                       0x807FFFFFu, 0x00800000u, 0xBF800000u, 0x7F7FFFFFu};
    *rng = *rng * 1103515245u + 12345u;
    uint32_t r = *rng >> 8;
    if (r % odds == 0)
        return special[(r / odds) % (sizeof special / sizeof *special)];
    float f = ((float)(r & 0xFFFF) - 32768.0f) / 1024.0f; /* both signs, around 1 */
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static void fill_reg(pvc_vreg *v, uint32_t *rng, unsigned odds)
{
    for (unsigned i = 0; i < 64; i++) {
        uint32_t u = lane_value(rng, odds);
        memcpy(v->b + 4 * i, &u, 4);
    }
}

enum { F_ADD, F_SUB, F_MUL, F_DIV, F_MAX, F_ADDS, F_MULS, F_FULL, F_FULL_REG, F_SQRT, F_FMA,
       F_SUM, F_RMAX, F_EXPSUB, F_COUNT };
static const char *const fast_names[F_COUNT] = {"add", "sub", "mul", "div", "max", "adds", "muls",
                                                "full", "full_reg", "sqrt", "mul_add_dst",
                                                "reduce_sum", "reduce_max", "exp_sub"};

/* Runs op k on ctx the fast way (fast) or the runtime's, into *d (its old value given). */
static void run_fp_op(int k, int fast, pvc_ctx *c, pvc_vreg *d, pvc_dtype t, const pvc_vreg *x,
                      const pvc_vreg *y, const pvc_mreg *m, pvc_merge mode)
{
    uint64_t s;
    memcpy(&s, y->b + 12, 4);
    s &= 0xFFFFFFFFu;
    switch (k) {
    case F_ADD: (fast ? pvc_add_fast : pvc_add)(c, d, t, x, y, m, mode); break;
    case F_SUB: (fast ? pvc_sub_fast : pvc_sub)(c, d, t, x, y, m, mode); break;
    case F_MUL: (fast ? pvc_mul_fast : pvc_mul)(c, d, t, x, y, m, mode); break;
    case F_DIV: (fast ? pvc_div_fast : pvc_div)(c, d, t, x, y, m, mode); break;
    case F_MAX: (fast ? pvc_max_fast : pvc_max)(c, d, t, x, y, m, mode); break;
    case F_ADDS: (fast ? pvc_adds_fast : pvc_adds)(c, d, t, x, s, m); break;
    case F_MULS: (fast ? pvc_muls_fast : pvc_muls)(c, d, t, x, s, m); break;
    case F_FULL: (fast ? pvc_full_fast : pvc_full)(c, d, t, s, m, mode); break;
    case F_FULL_REG: (fast ? pvc_full_reg_fast : pvc_full_reg)(c, d, t, x, m, PVC_POS_LOWEST, mode); break;
    case F_SQRT: (fast ? pvc_sqrt_fast : pvc_sqrt)(c, d, t, x, m, 0); break;
    case F_FMA: (fast ? pvc_mul_add_dst_fast : pvc_mul_add_dst)(c, d, t, x, y, m); break;
    case F_SUM: (fast ? pvc_reduce_sum_fast : pvc_reduce_sum)(c, d, t, x, m); break;
    case F_RMAX: (fast ? pvc_reduce_max_fast : pvc_reduce_max)(c, d, t, x, m); break;
    default: /* FP32 only: the FP16 cases pass FP16 sources */
        (fast ? pvc_exp_sub_fast : pvc_exp_sub)(c, d, PVC_DT_FP32, t, x, y, m, mode == PVC_MERGE_MERGING ? PVC_LAYOUT_ONE : PVC_LAYOUT_ZERO);
        break;
    }
}

/* create_mask: the inline ALL case and the runtime's, every pattern and granularity (the
 * illegal granularity 3 faults on both). */
static void test_mask_create_fast(pvc_ctx *a, pvc_ctx *b)
{
    static const unsigned grans[] = {1, 2, 4, 8, 3};
    for (int p = 0; p < PVC_PAT_COUNT; p++)
        for (size_t g = 0; g < sizeof grans / sizeof *grans; g++) {
            pvc_mreg ma, mb;
            memset(&ma, 0xA5, sizeof ma);
            memset(&mb, 0xA5, sizeof mb);
            a->fault.kind = b->fault.kind = PVC_FAULT_NONE;
            a->unwind = b->unwind = NULL;
            pvc_mask_create_fast(a, &ma, (pvc_mask_pattern)p, grans[g]);
            pvc_mask_create(b, &mb, (pvc_mask_pattern)p, grans[g]);
            UNIT_CHECK(a->fault.kind == b->fault.kind, "create_mask %d at %u: fault %d vs %d", p,
                       grans[g], a->fault.kind, b->fault.kind);
            UNIT_CHECK_BYTES(ma.bits, mb.bits, sizeof ma.bits, "create_mask");
        }
    /* pvc_mask_all, which the emitted C passes for a mask the IR knows, is the runtime's ALL */
    for (unsigned k = 0; k < 4; k++) {
        pvc_mreg m;
        pvc_mask_create(b, &m, PVC_PAT_ALL, 1u << k);
        UNIT_CHECK_BYTES(pvc_mask_all[k].bits, m.bits, sizeof m.bits, "pvc_mask_all");
    }
}

static void test_fp32_fast(pvc_ctx *a, pvc_ctx *b)
{
    uint32_t rng = 7;
    pvc_mreg full, part;
    set_mask(&full, 0xFF);
    set_mask(&part, 0xFF);
    part.bits[5] = 0x0F; /* FP32 elements 10 and 11 off */
    /* and the constants the emitted C passes for a known create_mask(ALL): at b8 (full for
     * FP32), b32 (full) and b64 (every other FP32 element: the runtime's) */
    const pvc_mreg *masks[6] = {&full, &part, NULL, &pvc_mask_all[0], &pvc_mask_all[2], &pvc_mask_all[3]};
    static const unsigned odds[] = {1000000, 40, 3}; /* no special lane, a few, many */
    int fast_taken = 0;
    for (int k = 0; k < F_COUNT; k++)
        for (int rep = 0; rep < 300; rep++) {
            pvc_vreg x, y, old, da, db;
            unsigned o = odds[rep % 3];
            fill_reg(&x, &rng, o);
            fill_reg(&y, &rng, o);
            if (rep % 7 == 0) /* broadcast registers: sqrt and div compute one piece */
                for (unsigned l = 1; l < 64; l++) {
                    memcpy(x.b + 4 * l, x.b, 4);
                    memcpy(y.b + 4 * l, y.b, 4);
                }
            fill_reg(&old, &rng, 5);
            const pvc_mreg *m = masks[(rep / 3) % 6];
            pvc_dtype t = rep % 29 == 0 ? PVC_DT_FP16 : PVC_DT_FP32;
            pvc_merge mode = rep % 13 == 0 ? PVC_MERGE_MERGING : PVC_MERGE_ZEROING;
            if (!m && (k == F_ADD || k == F_SUB || k == F_MUL || k == F_DIV || k == F_MAX ||
                       k == F_ADDS || k == F_MULS))
                m = &full; /* the binary ops always have a mask operand */
            da = old;
            db = old;
            a->fault.kind = b->fault.kind = PVC_FAULT_NONE;
            run_fp_op(k, 1, a, &da, t, &x, &y, m, mode);
            run_fp_op(k, 0, b, &db, t, &x, &y, m, mode);
            fast_taken += o == 1000000 && (m == &full || m == &pvc_mask_all[2]) && t == PVC_DT_FP32 &&
                          mode == PVC_MERGE_ZEROING;
            UNIT_CHECK(a->fault.kind == b->fault.kind, "%s rep %d: fault %d vs %d", fast_names[k], rep,
                       a->fault.kind, b->fault.kind);
            UNIT_CHECK_BYTES(da.b, db.b, PVC_VL, fast_names[k]);
        }
    UNIT_CHECK(fast_taken > 100, "%d cases took the inline side", fast_taken);
}

/* Registers without NaNs but with subnormal lanes, zeros, and quotients and roots at the
 * subnormal boundary (and, in roots' positive registers, NaNs and negative lanes): the cases a fast side that tests for subnormals instead of flushing
 * (pvc_rt_fast.h, AVX-512 DQ) must hand to the runtime op, or may keep, with the same bits.
 * (test_fp32_fast's special lanes come with NaNs, which go to the runtime anyway.) */
static void test_fp32_tiny(pvc_ctx *a, pvc_ctx *b)
{
    uint32_t rng = 11;
    pvc_mreg full;
    set_mask(&full, 0xFF);
    for (int k = 0; k < F_COUNT; k++)
        for (int rep = 0; rep < 780; rep++) {
            pvc_vreg x, y, old, da, db;
            fill_reg(&x, &rng, 1000000);
            fill_reg(&y, &rng, 1000000);
            fill_reg(&old, &rng, 1000000);
            if ((rep / 26) % 2) /* full mantissas over 2^-7 .. 2^7: sums round, so a reduction
                                 * that pairs its lanes in another order gives other bits */
                for (unsigned l = 0; l < 128; l++) {
                    rng = rng * 1103515245u + 12345u;
                    uint32_t u = (rng & 0x80000000u) | (120u + (rng >> 8) % 15u) << 23 | (rng & 0x7FFFFF);
                    memcpy((l < 64 ? x.b : y.b) + 4 * (l % 64), &u, 4);
                }
            int kind = rep % 13;
            if ((rep / 13) % 2) /* every lane of x positive before the kind's lanes: roots */
                for (unsigned l = 0; l < 64; l++)
                    x.b[4 * l + 3] &= 0x7F;
            for (unsigned l = rep % 13; l < 64; l += 9) {
                rng = rng * 1103515245u + 12345u;
                uint32_t r = rng >> 5, sign = (r & 1) << 31, u, w;
                switch (kind) {
                case 0: u = sign | (r & 0x7FFFFF) | 1; memcpy(x.b + 4 * l, &u, 4); break; /* x subnormal */
                case 1: u = sign | (r & 0x7FFFFF) | 1; memcpy(y.b + 4 * l, &u, 4); break; /* y subnormal */
                case 2: /* tiny normal x over [1, 8): subnormal quotients */
                    u = sign | (1u + (r >> 24) % 3u) << 23 | (r & 0x7FFFFF);
                    w = (127u + (r >> 26) % 3u) << 23 | ((r >> 3) & 0x7FFFFF);
                    memcpy(x.b + 4 * l, &u, 4);
                    memcpy(y.b + 4 * l, &w, 4);
                    break;
                case 3: /* the largest subnormal quotients: x / 2 around 2^-126 */
                    u = sign | (0x00FFFFF0u + (r & 0x1F));
                    w = 0x40000000u;
                    memcpy(x.b + 4 * l, &u, 4);
                    memcpy(y.b + 4 * l, &w, 4);
                    break;
                case 4: u = sign; memcpy(x.b + 4 * l, &u, 4); break;  /* ±0 */
                case 5: u = sign; memcpy(y.b + 4 * l, &u, 4); break;  /* ±0 divisors: ±inf */
                case 6: u = 0xFF800000u; memcpy(x.b + 4 * l, &u, 4); break; /* -inf */
                case 7: u = 0x80000000u | (r & 0x3FFFFFFF); memcpy(x.b + 4 * l, &u, 4); break;
                case 8: /* a subnormal over a tiny normal: a normal quotient unless flushed */
                    u = sign | (r & 0x7FFFFF) | 1;
                    w = (1u + (r >> 24) % 20u) << 23 | ((r >> 3) & 0x7FFFFF);
                    memcpy(x.b + 4 * l, &u, 4);
                    memcpy(y.b + 4 * l, &w, 4);
                    break;
                case 10: /* NaNs, quiet and signalling, both signs */
                    u = sign | ((r & 2) ? 0x7FC00000u : 0x7FA00001u);
                    memcpy(x.b + 4 * l, &u, 4);
                    break;
                case 11: /* 0 / 0 */
                case 12: /* inf / inf: NaNs the op generates */
                    u = sign | (kind == 12 ? 0x7F800000u : 0);
                    w = (r & 4) << 29 | (kind == 12 ? 0x7F800000u : 0);
                    memcpy(x.b + 4 * l, &u, 4);
                    memcpy(y.b + 4 * l, &w, 4);
                    break;
                default: /* both subnormal */
                    u = sign | (r & 0x7FFFFF) | 1;
                    w = ((r >> 7) & 0x7FFFFF) | 1;
                    memcpy(x.b + 4 * l, &u, 4);
                    memcpy(y.b + 4 * l, &w, 4);
                    break;
                }
            }
            if (rep % 5 == 0) /* broadcast: sqrt and div compute one piece */
                for (unsigned l = 1; l < 64; l++) {
                    memcpy(x.b + 4 * l, x.b, 4);
                    memcpy(y.b + 4 * l, y.b, 4);
                }
            da = old;
            db = old;
            a->fault.kind = b->fault.kind = PVC_FAULT_NONE;
            run_fp_op(k, 1, a, &da, PVC_DT_FP32, &x, &y, &full, PVC_MERGE_ZEROING);
            run_fp_op(k, 0, b, &db, PVC_DT_FP32, &x, &y, &full, PVC_MERGE_ZEROING);
            UNIT_CHECK(a->fault.kind == b->fault.kind, "%s tiny rep %d: fault %d vs %d", fast_names[k],
                       rep, a->fault.kind, b->fault.kind);
            UNIT_CHECK_BYTES(da.b, db.b, PVC_VL, fast_names[k]);
        }
}

int main(void)
{
    pvc_ctx *a = pvc_ctx_new(), *b = pvc_ctx_new();
    if (!a || !b)
        return 1;
    fill(a, 1);
    fill(b, 1);
    test_load_fast(a, b);
    test_store_fast(a, b);
    test_astype_batch();
    test_fp32_fast(a, b);
    test_fp32_tiny(a, b);
    test_mask_create_fast(a, b);
    pvc_ctx_free(a);
    pvc_ctx_free(b);
    return UNIT_DONE();
}
