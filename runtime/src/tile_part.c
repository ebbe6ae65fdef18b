/* tile_part.c - pl.partadd / partmax / partmin / partmul (pvc_rt_tile.h, docs/SEMANTICS.md
 * §15.17): PTO's TPARTADD..., the op over the overlap of the two sources' valid shapes and the
 * larger source copied around it, as the Ascend 950 implementation runs it (per chunk: the op
 * under the overlap's lanes, vmov-merged into the larger source's chunk, stored over dst's). */
#include "tile_internal.h"

static const char *const part_names[] = {"pl.partadd", "pl.partmax", "pl.partmin", "pl.partmul"};

static int part_name(pvc_tile_bin op)
{
    return op == PVC_TB_ADD ? 0 : op == PVC_TB_MAX ? 1 : op == PVC_TB_MIN ? 2 : op == PVC_TB_MUL ? 3 : -1;
}

int64_t pvc_tile_part(pvc_ctx *ctx, pvc_tile_bin op, const pvc_tile *dst, int64_t dst_vr, int64_t dst_vc,
                      const pvc_tile *a, int64_t a_vr, int64_t a_vc, const pvc_tile *b, int64_t b_vr, int64_t b_vc)
{
    int k = part_name(op);
    if (k < 0) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "tile.part", dst->addr, 0, "no part op %d", (int)op);
        return 0;
    }
    const char *name = part_names[k];
    rt_tv d, s0, s1;
    if (!rt_tv_make(ctx, name, &d, dst, dst_vr, dst_vc) || !rt_tv_make(ctx, name, &s0, a, a_vr, a_vc) ||
        !rt_tv_make(ctx, name, &s1, b, b_vr, b_vc) || !rt_tv_same_dtype(ctx, name, &d, &s0) ||
        !rt_tv_same_dtype(ctx, name, &d, &s1))
        return 0;
    /* PTO's assert: one source has dst's valid shape, and dst's is the larger of each extent */
    int same0 = s0.vr == d.vr && s0.vc == d.vc, same1 = s1.vr == d.vr && s1.vc == d.vc;
    uint32_t mr = s0.vr > s1.vr ? s0.vr : s1.vr, mc = s0.vc > s1.vc ? s0.vc : s1.vc;
    if (!(same0 || same1) || mr != d.vr || mc != d.vc) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, name, dst->addr, 0, "src0's valid shape [%u, %u] or src1's [%u, %u] "
                        "must be dst's [%u, %u], and dst's each extent's larger", s0.vr, s0.vc, s1.vr, s1.vc, d.vr,
                        d.vc);
        return 0;
    }
    const rt_tv *big = s0.vr < s1.vr || s0.vc < s1.vc ? &s1 : &s0;
    uint32_t sr = s0.vr < s1.vr ? s0.vr : s1.vr, sc = s0.vc < s1.vc ? s0.vc : s1.vc;
    uint32_t lanes = rt_tv_lanes(&d);
    int64_t chunks = 0;
    pvc_vreg vb, v0, v1, t;
    pvc_mreg m;
    for (uint32_t r = 0; r < d.vr; r++)
        for (uint32_t c = 0; c < d.vc; c += lanes, chunks++) {
            uint32_t n = d.vc - c < lanes ? d.vc - c : lanes;
            rt_tv_load(ctx, big, r, c, n, &vb);
            if (r < sr && c < sc) {
                uint32_t ns = sc - c < lanes ? sc - c : lanes;
                rt_tv_load(ctx, &s0, r, c, ns, &v0);
                rt_tv_load(ctx, &s1, r, c, ns, &v1);
                rt_first_lanes(&m, ns, d.eb);
                rt_tile_bin_chunk(ctx, op, &t, d.dt, &v0, &v1, &m);
                memcpy(vb.b, t.b, (size_t)ns * d.eb); /* vmov MERGING under the overlap's lanes */
            }
            rt_tv_store(ctx, &d, r, c, n, &vb);
        }
    return rt_tile_done(ctx, chunks);
}
