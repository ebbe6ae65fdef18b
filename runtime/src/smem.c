/* smem.c - a kernel's struct memory (pvc_rt.h pvc_smem_*, docs/SEMANTICS.md §16.8): the
 * fields of pl.struct, pl.struct_array and the tiling argument, at the byte offsets of the C
 * layout the compiler computed. Every access is checked against the field's element count and
 * the memory's size before a byte moves, so a run-time index out of range is a located fault
 * in both backends; the value rule of a write is one element's (rt_elem_*), except that a bool
 * member keeps only whether the value is nonzero, as a C++ bool does. The block's SSBUF
 * (pl.ssbuf_store / ssbuf_load) is copied to and from struct memory a 32-bit word at a time. */
#include "rt_internal.h"

/* Bytes below end of struct memory may now be nonzero (pvc_rt.h smem_hi): raised by every
 * access that passed its check, reads too, so that one rule covers the three helpers. */
static void reach(pvc_ctx *ctx, int64_t end)
{
    if (end > (int64_t)ctx->smem_hi)
        ctx->smem_hi = end < (int64_t)PVC_SMEM_BYTES ? (uint32_t)end : PVC_SMEM_BYTES;
}

/* The host address of element idx of a field of dtype t at addr, or NULL after a fault. */
static uint8_t *field_at(pvc_ctx *ctx, const char *op, int64_t addr, int64_t idx, int64_t n, int t)
{
    if (t != PVC_DT_INT64 && t != PVC_DT_FP32 && t != PVC_DT_BOOL) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0, "a struct field is int64, fp32 or bool");
        return NULL;
    }
    if (idx < 0 || idx >= (n ? n : 1)) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0, "index %lld of an array field of %lld elements",
                        (long long)idx, (long long)(n ? n : 1));
        return NULL;
    }
    int64_t size = pvc_dtype_table[t].bits / 8;
    if (addr < 0 || addr > (int64_t)PVC_SMEM_BYTES - size * (idx + 1)) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0, "struct byte %lld outside the %u bytes of struct "
                        "memory", (long long)addr, PVC_SMEM_BYTES);
        return NULL;
    }
    reach(ctx, addr + size * (idx + 1));
    return ctx->smem + addr + idx * size;
}

int64_t pvc_smem_get_i(pvc_ctx *ctx, int64_t addr, int64_t idx, int64_t n, int t)
{
    const uint8_t *p = field_at(ctx, "struct field read", addr, idx, n, t);
    if (!p)
        return 0;
    return t == PVC_DT_BOOL ? *p != 0 : rt_elem_int((pvc_dtype)t, p);
}

void pvc_smem_get_f(pvc_ctx *ctx, int64_t addr, int64_t idx, int64_t n, int t, void *out)
{
    const uint8_t *p = field_at(ctx, "struct field read", addr, idx, n, t);
    double d = p ? rt_elem_float((pvc_dtype)t, p) : 0.0;
    memcpy(out, &d, sizeof d);
}

void pvc_smem_set_i(pvc_ctx *ctx, int64_t addr, int64_t idx, int64_t n, int t, int64_t v)
{
    uint8_t *p = field_at(ctx, "struct field write", addr, idx, n, t);
    if (p && t == PVC_DT_BOOL)
        *p = v != 0;
    else if (p)
        rt_elem_store((pvc_dtype)t, p, v, 0.0, 0);
}

void pvc_smem_set_f(pvc_ctx *ctx, int64_t addr, int64_t idx, int64_t n, int t, double v)
{
    uint8_t *p = field_at(ctx, "struct field write", addr, idx, n, t);
    if (p && t == PVC_DT_BOOL)
        *p = v != 0.0;
    else if (p)
        rt_elem_store((pvc_dtype)t, p, 0, v, 1);
}

int64_t pvc_smem_slot(pvc_ctx *ctx, int64_t base, int64_t idx, int64_t n, int64_t stride)
{
    if (idx < 0 || idx >= n) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "struct_array index", 0, 0, "index %lld of a pl.struct_array "
                        "of %lld structs", (long long)idx, (long long)n);
        return base;
    }
    return base + idx * stride;
}

void pvc_smem_load(pvc_ctx *ctx, const pvc_tensor *t, int64_t addr, int64_t bytes)
{
    if (!t || !t->data || t->rank != 1 || t->dtype != PVC_DT_UINT8 || t->shape[0] != bytes) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "tiling copy", 0, 0, "the tiling argument must be the %lld "
                        "bytes of its class's struct", (long long)bytes);
        return;
    }
    if (addr < 0 || bytes < 0 || addr > (int64_t)PVC_SMEM_BYTES - bytes) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "tiling copy", 0, 0, "struct memory overflow");
        return;
    }
    pvc_gm_touch(ctx, t->data, (uint64_t)bytes, PVC_GM_READ, NULL);
    reach(ctx, addr + bytes);
    if (bytes)
        memcpy(ctx->smem + addr, t->data, (size_t)bytes);
}

/* The SSBUF span of n bytes at off, or NULL after a fault naming op. */
static uint8_t *ssbuf_at(pvc_ctx *ctx, const char *op, int64_t off, int64_t n)
{
    if (off % 4) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0, "SSBUF offset %lld is not a multiple of 4 (the "
                        "copy moves 32-bit words)", (long long)off);
        return NULL;
    }
    if (off < 0 || off > (int64_t)PVC_SSBUF_BYTES - n) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0, "SSBUF bytes [%lld, %lld) are outside its "
                        "%u bytes", (long long)off, (long long)(off + n), PVC_SSBUF_BYTES);
        return NULL;
    }
    return (ctx->aic ? ctx->aic : ctx)->ssbuf + off;
}

static uint8_t *struct_at(pvc_ctx *ctx, const char *op, int64_t addr, int64_t n)
{
    if (addr < 0 || addr > (int64_t)PVC_SMEM_BYTES - n) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0, "struct memory overflow");
        return NULL;
    }
    reach(ctx, addr + n);
    return ctx->smem + addr;
}

void pvc_ssbuf_store(pvc_ctx *ctx, int64_t addr, int64_t off, int64_t bytes)
{
    int64_t n = bytes / 4 * 4;
    uint8_t *s = struct_at(ctx, "pl.ssbuf_store", addr, n), *d = s ? ssbuf_at(ctx, "pl.ssbuf_store", off, n) : NULL;
    if (d && n)
        memcpy(d, s, (size_t)n);
}

void pvc_ssbuf_load(pvc_ctx *ctx, int64_t addr, int64_t off, int64_t bytes)
{
    int64_t n = bytes / 4 * 4;
    uint8_t *d = struct_at(ctx, "pl.ssbuf_load", addr, n), *s = d ? ssbuf_at(ctx, "pl.ssbuf_load", off, n) : NULL;
    if (s && n)
        memcpy(d, s, (size_t)n);
}
