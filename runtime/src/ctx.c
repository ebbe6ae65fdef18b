/* ctx.c - the Unified Buffer context, protected calls, faults (decisions 3, 4), tiles and
 * AddrReg offsets (§1.4, §1.5). */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "rt_internal.h"

const char *const pvc_fault_text[PVC_FAULT_COUNT] = {
#define X(name, text) text,
    PVC_FAULTS(X)
#undef X
};

static const volatile int never_stop;

void pvc_stopped(pvc_ctx *ctx)
{
    pvc_fault_raise(ctx, PVC_FAULT_STOPPED, "stop", 0, 0, "%s", "");
}

/* The fields a fresh core starts with that are not zero. */
static void fresh(pvc_ctx *ctx)
{
    ctx->stop = &never_stop;
    ctx->spr_mask[0] = ctx->spr_mask[1] = UINT64_MAX; /* MASK SPR before any set_vec_mask */
    ctx->spr_mask_count = 0;
    ctx->block_num = 1; /* block 0 of 1 until a launch says otherwise */
}

void pvc_ctx_init(pvc_ctx *ctx)
{
    memset(ctx, 0, sizeof *ctx);
    fresh(ctx);
}

/* Every block starts on a zeroed core (docs/PYTHON.md, "Blocks"), but a block that uses no
 * struct leaves the 64 KiB of struct memory as it found it: zeroing it whole was a fifth of a
 * small kernel's launch. */
const uint8_t pvc_ub_zero_page[PVC_DEFER_PAGE];

void pvc_ctx_reset_lazy(pvc_ctx *ctx)
{
    size_t hi = ctx->smem_hi < PVC_SMEM_BYTES ? ctx->smem_hi : PVC_SMEM_BYTES;
    memset(ctx->smem, 0, hi);
    memset(ctx->ssbuf, 0, sizeof *ctx - offsetof(pvc_ctx, ssbuf)); /* smem_hi too: the last field */
    fresh(ctx);
    ctx->zpages = ctx->dpages = ~UINT64_C(0);
    for (unsigned p = 0; p < PVC_UB_BYTES / PVC_DEFER_PAGE; p++)
        ctx->dbase[p] = pvc_ub_zero_page;
}

void pvc_ctx_reset(pvc_ctx *ctx)
{
    size_t hi = ctx->smem_hi < PVC_SMEM_BYTES ? ctx->smem_hi : PVC_SMEM_BYTES;
    memset(ctx->ub, 0, sizeof ctx->ub);
    memset(ctx->smem, 0, hi);
    memset(ctx->ssbuf, 0, sizeof *ctx - offsetof(pvc_ctx, ssbuf)); /* smem_hi too: the last field */
    fresh(ctx);
}

pvc_ctx *pvc_ctx_new(void)
{
    /* sizeof(pvc_ctx) is a multiple of its 64-byte alignment, as aligned_alloc requires. */
    pvc_ctx *ctx = aligned_alloc(_Alignof(pvc_ctx), sizeof(pvc_ctx));
    if (ctx)
        pvc_ctx_init(ctx);
    return ctx;
}

void pvc_ctx_free(pvc_ctx *ctx)
{
    free(ctx);
}

int pvc_ctx_pcall(pvc_ctx *ctx, pvc_pcall_fn fn, void *arg)
{
    jmp_buf here;
    jmp_buf *const outer = ctx->unwind;
    ctx->fault.kind = PVC_FAULT_NONE;
    ctx->unwind = &here;
    if (setjmp(here) == 0) {
        fn(ctx, arg);
        ctx->unwind = outer;
        return PVC_FAULT_NONE;
    }
    ctx->unwind = outer;
    return (int)ctx->fault.kind;
}

void pvc_fault_raise(pvc_ctx *ctx, pvc_fault_kind kind, const char *op, int64_t addr,
                     uint32_t len, const char *fmt, ...)
{
    pvc_fault *f = &ctx->fault;
    va_list ap;
    f->kind = kind;
    snprintf(f->op_name, sizeof f->op_name, "%s", op ? op : "?");
    f->op = f->op_name;
    f->addr = addr;
    f->len = len;
    if (ctx->at)
        f->loc = *ctx->at;
    else
        memset(&f->loc, 0, sizeof f->loc);
    memset(&f->related, 0, sizeof f->related);
    va_start(ap, fmt);
    vsnprintf(f->detail, sizeof f->detail, fmt, ap);
    va_end(ap);
    pvc_fault_unwind(ctx);
}

void pvc_fault_unwind(pvc_ctx *ctx)
{
    if (ctx->unwind)
        longjmp(*ctx->unwind, 1);
}

const char *pvc_addr_text(char *buf, size_t n, int64_t addr)
{
    /* the magnitude as unsigned: -INT64_MIN is not an int64 */
    uint64_t mag = addr < 0 ? 0 - (uint64_t)addr : (uint64_t)addr;
    snprintf(buf, n, "%s0x%llx", addr < 0 ? "-" : "", (unsigned long long)mag);
    return buf;
}

/* "bytes [A, E)", or "bytes [A, +N bytes)" when E would pass INT64_MAX (a saturated address:
 * [A, A) would read as no bytes at all). */
static int ub_bounds(pvc_ctx *ctx, const char *op, int64_t addr, uint64_t len)
{
    char a[24], e[40];
    uint32_t len32 = len < UINT32_MAX ? (uint32_t)len : UINT32_MAX;
    if (addr >= 0 && len > (uint64_t)(INT64_MAX - addr))
        snprintf(e, sizeof e, "+%llu bytes", (unsigned long long)len);
    else
        pvc_addr_text(e, sizeof e, pvc_addr_add(addr, (int64_t)len));
    pvc_fault_raise(ctx, PVC_FAULT_UB_BOUNDS, op, addr, len32, "bytes [%s, %s) leave the %u-byte UB",
                    pvc_addr_text(a, sizeof a, addr), e, PVC_UB_BYTES);
    return 0;
}

/* An address outside [0, PVC_UB_BYTES] is reported as outside before its alignment (that far
 * out, the address is the mistake, not its low bits); inside, alignment comes first. */
int pvc_ub_check(pvc_ctx *ctx, const char *op, int64_t addr, uint64_t len, uint32_t align)
{
    char a[24];
    if (addr < 0 || addr > (int64_t)PVC_UB_BYTES)
        return ub_bounds(ctx, op, addr, len);
    if (align > 1 && addr % align != 0) {
        pvc_fault_raise(ctx, PVC_FAULT_MISALIGNED, op, addr, (uint32_t)len,
                        "address %s is not %u-byte aligned", pvc_addr_text(a, sizeof a, addr), align);
        return 0;
    }
    if (len > PVC_UB_BYTES - (uint64_t)addr)
        return ub_bounds(ctx, op, addr, len);
    return 1;
}

/* A Vec tile lies in the usable UB (decision 3); a tile of a cube space in that space
 * (§17.2: its size and alignment, the checks every access of its bytes makes again). */
int pvc_tile_check(pvc_ctx *ctx, const pvc_tile *t)
{
    if (t->mem != PVC_MEM_VEC)
        return rt_space_check(ctx, "tile", t);
    uint64_t end = (uint64_t)t->addr + (uint64_t)t->rows * t->cols * pvc_dtype_lane_bytes(t->dtype);
    if (end > PVC_UB_USABLE) {
        pvc_fault_raise(ctx, PVC_FAULT_UB_RESERVED, "tile", t->addr, (uint32_t)(end - t->addr),
                        "tile [0x%x, 0x%llx) reaches past the usable %u bytes", t->addr,
                        (unsigned long long)end, PVC_UB_USABLE);
        return 0;
    }
    return 1;
}

/* Decision 6 / §1.4 [I]: byte offset = sizeof(dtype) * sum stride_k * iter_k. */
int64_t pvc_areg_bytes(pvc_dtype t, unsigned n, const int64_t *strides, const int64_t *iters)
{
    int64_t elems = 0;
    for (unsigned k = 0; k < n && k < 4; k++)
        elems = pvc_addr_add(elems, pvc_addr_mul(strides[k], iters[k]));
    return pvc_addr_mul(elems, (int64_t)pvc_dtype_lane_bytes(t));
}

int rt_datablock_access(pvc_ctx *ctx, const char *op, int64_t a, uint32_t bs, const pvc_mreg *m,
                        pvc_touch_kind kind)
{
    char t[24];
    if (a % PVC_BLOCK_BYTES != 0) {
        pvc_fault_raise(ctx, PVC_FAULT_MISALIGNED, op, a, PVC_BLOCK_BYTES,
                        "DATA_BLOCK start %s is not 32-byte aligned", pvc_addr_text(t, sizeof t, a));
        return 0;
    }
    for (unsigned k = 0; k < 8; k++) /* check all first: a fault moves nothing */
        if (rt_block_enabled(m, k) && !pvc_ub_check(ctx, op, pvc_addr_add(a, 32ll * k * bs), 32, 32))
            return 0;
    for (unsigned k = 0; k < 8; k++)
        if (rt_block_enabled(m, k))
            pvc_ub_touch(ctx, (uint32_t)(a + 32ull * k * bs), 32, kind);
    return 1;
}
