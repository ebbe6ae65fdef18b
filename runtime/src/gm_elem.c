/* gm_elem.c - scalar code's access to one element of a GM tensor (pvc_rt.h, docs/SEMANTICS.md
 * §6.1): pl.getval(t, off), pl.setval(t, off, v) and the subscripts t[i, j] / t[i] = v, which
 * the compiler linearises row-major into off. The offset is checked against the bound tensor
 * before any byte is touched, so a wrong offset is a located fault, never a host access; the
 * value rule is the tiles' (rt_elem_*, rt_internal.h). */
#include "rt_internal.h"

/* The host address of element off of t, or NULL after raising a fault (name: the op). The
 * span is reported to the gm_touch hook (the simulator's race map) before it is used, with
 * the bytes a write will store. */
static uint8_t *elem_ptr(pvc_ctx *ctx, const char *name, const pvc_tensor *t, int64_t off, pvc_gm_access kind,
                         const void *data)
{
    if (!t || !t->data || t->rank < 1 || t->rank > PVC_TENSOR_MAX_RANK || (unsigned)t->dtype >= PVC_DT_COUNT) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, name, 0, 0, "invalid tensor");
        return NULL;
    }
    unsigned bits = pvc_dtype_table[t->dtype].bits;
    if (bits < 8) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, name, 0, 0, "a 4-bit tensor has no element access");
        return NULL;
    }
    int64_t n = 1;
    for (int k = 0; k < t->rank; k++)
        n = t->shape[k] > 0 && n <= INT64_MAX / t->shape[k] ? n * t->shape[k] : 0;
    if (off < 0 || off >= n) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, name, 0, 0, "offset %lld is outside the %s tensor of %lld "
                        "elements", (long long)off, pvc_dtype_table[t->dtype].name, (long long)n);
        return NULL;
    }
    int64_t e = off;
    if (t->stride[t->rank - 1]) { /* a view with strides (pvc_gm_view): off's row-major digits */
        e = 0;
        for (int k = t->rank - 1; k >= 0; k--) {
            e += off % t->shape[k] * t->stride[k];
            off /= t->shape[k];
        }
    }
    uint8_t *p = (uint8_t *)t->data + (uint64_t)e * (bits / 8);
    if (!rt_gm_inside(ctx, name, t, p, bits / 8))
        return NULL;
    pvc_gm_touch(ctx, p, bits / 8, kind, data);
    return p;
}

int64_t pvc_gm_getval_i(pvc_ctx *ctx, const pvc_tensor *t, int64_t off)
{
    const uint8_t *p = elem_ptr(ctx, "pl.getval", t, off, PVC_GM_READ, NULL);
    return p ? rt_elem_int(t->dtype, p) : 0;
}

void pvc_gm_getval_f(pvc_ctx *ctx, const pvc_tensor *t, int64_t off, void *out)
{
    const uint8_t *p = elem_ptr(ctx, "pl.getval", t, off, PVC_GM_READ, NULL);
    double d = p ? rt_elem_float(t->dtype, p) : 0.0;
    memcpy(out, &d, sizeof d);
}

/* The element's bytes are made first, so the race map sees what the write stores. */
static void setval(pvc_ctx *ctx, const pvc_tensor *t, int64_t off, int64_t v_i, double v_f, int is_float)
{
    uint8_t bytes[8] = {0};
    if (t && (unsigned)t->dtype < PVC_DT_COUNT && pvc_dtype_table[t->dtype].bits >= 8)
        rt_elem_store(t->dtype, bytes, v_i, v_f, is_float);
    uint8_t *p = elem_ptr(ctx, "pl.setval", t, off, PVC_GM_WRITE, bytes);
    if (p)
        memcpy(p, bytes, pvc_dtype_table[t->dtype].bits / 8);
}

void pvc_gm_setval_i(pvc_ctx *ctx, const pvc_tensor *t, int64_t off, int64_t v)
{
    setval(ctx, t, off, v, 0.0, 0);
}

void pvc_gm_setval_f(pvc_ctx *ctx, const pvc_tensor *t, int64_t off, double v)
{
    setval(ctx, t, off, 0, v, 1);
}
