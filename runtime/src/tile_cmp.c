/* tile_cmp.c - pl.eq / ne / lt / le / gt / ge and pl.select (pvc_rt_tile.h, docs/SEMANTICS.md
 * §15.9): TCMP / TCMPS pack vcmp's per-lane results one bit per element into a mask tile,
 * TSEL / TSELS read them back as the predicate of vsel. */
#include "tile_internal.h"

/* Elements per group a compare writes at once: 128 (16 bytes of bits), 256 for 8-bit data. */
static uint32_t cmp_group(unsigned eb) { return eb == 1 ? 256 : 128; }

static const char *const cmp_names[PVC_CMP_COUNT] = {"pl.eq", "pl.ne", "pl.lt", "pl.gt", "pl.le", "pl.ge"};

/* The loop of both forms: rhs a tile (b != NULL) or the scalar bits s. */
static int64_t cmp_loop(pvc_ctx *ctx, pvc_cmp op, const rt_tv *o, const rt_tv *a, const rt_tv *b, uint64_t s)
{
    uint32_t g = cmp_group(a->eb), e = rt_tv_lanes(a), pitch = o->t->cols * o->eb;
    uint32_t bytes = (a->vc + g - 1) / g * (g / 8);
    if ((uint64_t)(a->vr ? a->vr - 1 : 0) * pitch + bytes > (uint64_t)o->t->rows * pitch) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, cmp_names[op], o->t->addr, 0, "%u rows of %u mask bytes do not fit "
                        "the %ux%u mask tile", a->vr, bytes, o->t->rows, o->t->cols);
        return 0;
    }
    int64_t chunks = 0;
    for (uint32_t r = 0; r < a->vr; r++) {
        uint32_t row = o->t->addr + r * pitch;
        for (uint32_t k0 = 0; k0 < a->vc; k0 += g) {
            uint8_t bits[32] = {0};
            for (uint32_t k = k0; k < k0 + g && k < a->vc; k += e, chunks++) {
                uint32_t n = a->vc - k < e ? a->vc - k : e;
                pvc_vreg va, vb;
                pvc_mreg p, m;
                rt_first_lanes(&p, n, a->eb);
                rt_tv_load(ctx, a, r, k, n, &va);
                if (b) {
                    rt_tv_load(ctx, b, r, k, n, &vb);
                    pvc_compare(ctx, &m, op, a->dt, &va, &vb, &p);
                } else
                    pvc_compare_scalar(ctx, &m, op, a->dt, &va, s, &p);
                for (uint32_t i = 0; i < n; i++)
                    if (pvc_mreg_bit(&m, i * a->eb))
                        bits[(k - k0 + i) / 8] |= (uint8_t)(1u << ((k - k0 + i) % 8));
            }
            pvc_ub_touch(ctx, row + k0 / 8, g / 8, PVC_TOUCH_VSTORE);
            memcpy(ctx->ub + row + k0 / 8, bits, g / 8);
        }
    }
    return chunks;
}

int64_t pvc_tile_cmp(pvc_ctx *ctx, pvc_cmp op, const pvc_tile *out, int64_t out_vr, int64_t out_vc,
                     const pvc_tile *lhs, int64_t lhs_vr, int64_t lhs_vc, const pvc_tile *rhs, int64_t rhs_vr,
                     int64_t rhs_vc)
{
    rt_tv o, a, b;
    const char *name = (unsigned)op < PVC_CMP_COUNT ? cmp_names[op] : "tile.cmp";
    if ((unsigned)op >= PVC_CMP_COUNT || !rt_tv_make(ctx, name, &o, out, out_vr, out_vc) ||
        !rt_tv_make(ctx, name, &a, lhs, lhs_vr, lhs_vc) || !rt_tv_make(ctx, name, &b, rhs, rhs_vr, rhs_vc) ||
        !rt_tv_same_dtype(ctx, name, &a, &b) || !rt_tv_covers(ctx, name, &b, a.lines, a.len))
        return 0;
    return rt_tile_done(ctx, cmp_loop(ctx, op, &o, &a, &b, 0));
}

int64_t pvc_tile_cmps(pvc_ctx *ctx, pvc_cmp op, const pvc_tile *out, int64_t out_vr, int64_t out_vc,
                      const pvc_tile *lhs, int64_t lhs_vr, int64_t lhs_vc, uint64_t rhs)
{
    rt_tv o, a;
    const char *name = (unsigned)op < PVC_CMP_COUNT ? cmp_names[op] : "tile.cmps";
    if ((unsigned)op >= PVC_CMP_COUNT || !rt_tv_make(ctx, name, &o, out, out_vr, out_vc) ||
        !rt_tv_make(ctx, name, &a, lhs, lhs_vr, lhs_vc))
        return 0;
    return rt_tile_done(ctx, cmp_loop(ctx, op, &o, &a, NULL, rhs));
}

/* The select loop: rhs a tile (b != NULL) or the scalar bits s. */
static int64_t sel_loop(pvc_ctx *ctx, const rt_tv *d, const rt_tv *mask, const rt_tv *a, const rt_tv *b, uint64_t s)
{
    uint32_t e = rt_tv_lanes(d), pitch = mask->t->cols; /* TSEL's mask pitch: RowStride bytes */
    uint64_t need = d->vr ? (uint64_t)(d->vr - 1) * pitch + (d->vc + 7) / 8 : 0;
    if (need > (uint64_t)mask->t->rows * mask->t->cols * mask->eb) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "pl.select", mask->t->addr, 0, "the %ux%u mask tile holds no bit "
                        "for every element of the %ux%u window", mask->t->rows, mask->t->cols, d->vr, d->vc);
        return 0;
    }
    int64_t chunks = 0;
    pvc_vreg va, vb, vd;
    pvc_mreg m;
    if (!b)
        rt_splat(&vb, d->eb, s);
    for (uint32_t r = 0; r < d->vr; r++) {
        const uint8_t *row = ctx->ub + mask->t->addr + r * pitch;
        pvc_ub_touch(ctx, mask->t->addr + r * pitch, (d->vc + 7) / 8, PVC_TOUCH_VLOAD);
        for (uint32_t k = 0; k < d->vc; k += e, chunks++) {
            uint32_t n = d->vc - k < e ? d->vc - k : e;
            memset(&m, 0, sizeof m);
            for (uint32_t i = 0; i < n; i++)
                if (row[(k + i) / 8] >> ((k + i) % 8) & 1)
                    pvc_mreg_set_bit(&m, i * d->eb, 1);
            rt_tv_load(ctx, a, r, k, n, &va);
            if (b)
                rt_tv_load(ctx, b, r, k, n, &vb);
            pvc_select(ctx, &vd, d->dt, &va, &vb, &m);
            rt_tv_store(ctx, d, r, k, n, &vd);
        }
    }
    return chunks;
}

static int sel_views(pvc_ctx *ctx, rt_tv *d, rt_tv *mk, rt_tv *a, const pvc_tile *out, int64_t out_vr,
                     int64_t out_vc, const pvc_tile *mask, int64_t mask_vr, int64_t mask_vc, const pvc_tile *lhs,
                     int64_t lhs_vr, int64_t lhs_vc)
{
    return rt_tv_make(ctx, "pl.select", d, out, out_vr, out_vc) &&
           rt_tv_make(ctx, "pl.select", mk, mask, mask_vr, mask_vc) &&
           rt_tv_make(ctx, "pl.select", a, lhs, lhs_vr, lhs_vc) && rt_tv_same_dtype(ctx, "pl.select", d, a) &&
           rt_tv_covers(ctx, "pl.select", a, d->lines, d->len);
}

int64_t pvc_tile_select(pvc_ctx *ctx, const pvc_tile *out, int64_t out_vr, int64_t out_vc, const pvc_tile *mask,
                        int64_t mask_vr, int64_t mask_vc, const pvc_tile *lhs, int64_t lhs_vr, int64_t lhs_vc,
                        const pvc_tile *rhs, int64_t rhs_vr, int64_t rhs_vc)
{
    rt_tv d, mk, a, b;
    if (!sel_views(ctx, &d, &mk, &a, out, out_vr, out_vc, mask, mask_vr, mask_vc, lhs, lhs_vr, lhs_vc) ||
        !rt_tv_make(ctx, "pl.select", &b, rhs, rhs_vr, rhs_vc) || !rt_tv_same_dtype(ctx, "pl.select", &d, &b) ||
        !rt_tv_covers(ctx, "pl.select", &b, d.lines, d.len))
        return 0;
    return rt_tile_done(ctx, sel_loop(ctx, &d, &mk, &a, &b, 0));
}

int64_t pvc_tile_selects(pvc_ctx *ctx, const pvc_tile *out, int64_t out_vr, int64_t out_vc, const pvc_tile *mask,
                         int64_t mask_vr, int64_t mask_vc, const pvc_tile *lhs, int64_t lhs_vr, int64_t lhs_vc,
                         uint64_t rhs)
{
    rt_tv d, mk, a;
    if (!sel_views(ctx, &d, &mk, &a, out, out_vr, out_vc, mask, mask_vr, mask_vc, lhs, lhs_vr, lhs_vc))
        return 0;
    return rt_tile_done(ctx, sel_loop(ctx, &d, &mk, &a, NULL, rhs));
}
