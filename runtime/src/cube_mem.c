/* cube_mem.c - the memory-space and layout tables of the cube side and the one check every
 * cube op makes before it touches a tile's bytes (docs/SEMANTICS.md §17.2, §17.3). */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "rt_internal.h"

const pvc_mem_info pvc_mem_table[PVC_MEM_COUNT] = {
#define X(name, py, text, bytes, align, base, core) {#name, py, text, bytes, align, base, PVC_CORE_##core},
    PVC_MEMS(X)
#undef X
};


const pvc_cube_path pvc_cube_paths[] = {
#define X(src, dst, pipe, op) {PVC_MEM_##src, PVC_MEM_##dst, pipe, op},
    PVC_CUBE_PATHS(X)
#undef X
};
const int pvc_cube_path_count = (int)(sizeof pvc_cube_paths / sizeof pvc_cube_paths[0]);

const pvc_cube_path *pvc_cube_path_find(pvc_mem src, pvc_mem dst)
{
    for (int i = 0; i < pvc_cube_path_count; i++)
        if (pvc_cube_paths[i].src == src && pvc_cube_paths[i].dst == dst)
            return &pvc_cube_paths[i];
    return NULL;
}

unsigned pvc_tile_fractal(const pvc_tile *t)
{
    if (t->mem == PVC_MEM_SCALE_LEFT || t->mem == PVC_MEM_SCALE_RIGHT ||
        (t->dtype == PVC_DT_FP8E8M0 && (t->layout == PVC_TL_ZZ || t->layout == PVC_TL_NN)))
        return 32u; /* the MX scales, in L1 as in L0 */
    return t->mem == PVC_MEM_ACC && pvc_dtype_table[t->dtype].bits == 32 ? 1024u : 512u;
}

void pvc_tile_geom(const pvc_tile *t, pvc_tgeom *g)
{
    g->layout = t->layout < PVC_TL_COUNT ? (pvc_tile_layout)t->layout : PVC_TL_ND;
    g->rows = t->rows;
    g->cols = t->cols;
    g->bytes = pvc_dtype_lane_bytes(t->dtype);
    g->nib = pvc_dtype_table[t->dtype].bits == 4;
    pvc_fractal_box(g->layout, pvc_dtype_table[t->dtype].bits, pvc_tile_fractal(t), &g->ir, &g->ic);
}

static uint8_t *space_fault(pvc_ctx *ctx, pvc_fault_kind kind, const char *op, const pvc_tile *t,
                            uint64_t len, const char *why)
{
    const pvc_mem_info *s = &pvc_mem_table[t->mem < PVC_MEM_COUNT ? t->mem : PVC_MEM_GM];
    pvc_fault_raise(ctx, kind, op, t->addr, len < UINT32_MAX ? (uint32_t)len : UINT32_MAX,
                    "%s tile at 0x%x (%s, %llu bytes): %s", s->pyname, t->addr, s->text,
                    (unsigned long long)len, why);
    return NULL;
}

uint8_t *pvc_space_bytes(pvc_ctx *ctx, const char *op, const pvc_tile *t)
{
    return rt_space_at(ctx, ctx, op, t);
}

int rt_space_check(pvc_ctx *ctx, const char *op, const pvc_tile *t)
{
    if (t->mem >= PVC_MEM_GM || t->dtype >= PVC_DT_COUNT)
        return space_fault(ctx, PVC_FAULT_BAD_ARG, op, t, 0, "not a tile of an on-chip space"), 0;
    const pvc_mem_info *s = &pvc_mem_table[t->mem];
    uint64_t len = (uint64_t)t->rows * t->cols * pvc_dtype_table[t->dtype].bits / 8;
    char why[96];
    if ((uint64_t)t->addr + len > s->bytes) {
        snprintf(why, sizeof why, "reaches past the %u-byte %s", s->bytes, s->pyname);
        return space_fault(ctx, PVC_FAULT_SPACE_BOUNDS, op, t, len, why), 0;
    }
    if (s->align > 1 && t->addr % s->align != 0) {
        snprintf(why, sizeof why, "%s addresses are %u-byte aligned", s->pyname, s->align);
        return space_fault(ctx, PVC_FAULT_MISALIGNED, op, t, len, why), 0;
    }
    return 1;
}

uint8_t *rt_space_at(pvc_ctx *ctx, pvc_ctx *owner, const char *op, const pvc_tile *t)
{
    if (!rt_space_check(ctx, op, t))
        return NULL;
    uint64_t len = (uint64_t)t->rows * t->cols * pvc_dtype_table[t->dtype].bits / 8;
    const pvc_mem_info *s = &pvc_mem_table[t->mem];
    if (s->core == PVC_CORE_AIV)
        return owner->core == PVC_CORE_AIV ? owner->ub + t->addr
                                           : space_fault(ctx, PVC_FAULT_BAD_ARG, op, t, len,
                                                         "the cube core has no Unified Buffer");
    if (owner->core != PVC_CORE_AIC || !owner->cube)
        return space_fault(ctx, PVC_FAULT_BAD_ARG, op, t, len,
                           "only the cube core reaches this space (a section_cube op)");
    return owner->cube + s->base + t->addr;
}

static pthread_mutex_t gm_atomic = PTHREAD_MUTEX_INITIALIZER;

void pvc_gm_atomic_lock(void)
{
    pthread_mutex_lock(&gm_atomic);
}

void pvc_gm_atomic_unlock(void)
{
    pthread_mutex_unlock(&gm_atomic);
}
