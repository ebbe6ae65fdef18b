/* test_fastpath.c - the speed paths added for BENCHMARKS.md do what the generic code does:
 *   - pvc_load_align_fast / pvc_store_align_fast (pvc_rt_inline.h) against pvc_load_align /
 *     pvc_store_align on twin contexts: same UB bytes, same register, same fault kind, for
 *     in-range, misaligned, out-of-UB, partial-mask and granularity-only-full masks;
 *   - vf.astype FP32 -> FP16 / BF16 (batched, one loop per round mode) against the one-element
 *     pvc_cast_scalar, lane by lane, for every round mode, both saturate settings, layouts ZERO
 *     and ONE, over every sign and exponent with mantissas around each rounding boundary.
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
                pvc_store_align_fast(a, addrs[i], &src, &mask, dists[d], &site);
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
    pvc_ctx_free(a);
    pvc_ctx_free(b);
    return UNIT_DONE();
}
