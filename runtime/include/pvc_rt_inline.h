/* pvc_rt_inline.h - inline fast paths of the hottest register ops, for code that calls the
 * runtime once per op (the C the native backend emits, the simulator's dispatch loop).
 *
 * Each pvc_X_fast does exactly what pvc_X does: it handles inline only the case whose checks
 * it can decide in a few instructions (a NORM dist, an aligned in-bounds address, for stores
 * a mask with every element on) and hands every other case - each fault included - to the
 * out-of-line function, which checks and raises as always. So results and faults are the
 * same bit for bit; only the common case skips three calls and the generic dist switch.
 * (BENCHMARKS.md: the NORM copy spent ~290 instructions per 256-byte load + store without.)
 * Included by pvc_rt.h. */
#ifndef PVC_RT_INLINE_H
#define PVC_RT_INLINE_H

#include <string.h>

/* The load and store paths are inlined whatever their size (GCC outlines a big one, and its
 * caller's registers then go through memory again), except in a unit whose emitter defined
 * PVC_INLINE_BY_CC (a file too big for it: compiler/emit/emit_c.c PVC_EMIT_INLINE_BUDGET);
 * tcc takes plain static inline. */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(__TINYC__) && !defined(PVC_INLINE_BY_CC)
#define PVC_INLINE static inline __attribute__((always_inline))
#else
#define PVC_INLINE static inline
#endif

/* STMT once for each of a register's four 64-byte pieces, i the piece's index, written out:
 * the C compiler never sees a loop, which it would keep the pieces in memory for unless
 * unrolled, and whose unrolling was a sixth of cc's time on the emitted C (BENCHMARKS.md,
 * "cc on the emitted C"). _FROM1 skips piece 0, _DOWN goes 3, 2, 1, 0. */
#define PVC_PIECE_(i, k, ...) { const int i = k; __VA_ARGS__; }
#define PVC_EACH4(i, ...) \
    do { PVC_PIECE_(i, 0, __VA_ARGS__) PVC_PIECE_(i, 1, __VA_ARGS__) \
         PVC_PIECE_(i, 2, __VA_ARGS__) PVC_PIECE_(i, 3, __VA_ARGS__) } while (0)
#define PVC_EACH4_FROM1(i, ...) \
    do { PVC_PIECE_(i, 1, __VA_ARGS__) PVC_PIECE_(i, 2, __VA_ARGS__) PVC_PIECE_(i, 3, __VA_ARGS__) } while (0)
#define PVC_EACH4_DOWN(i, ...) \
    do { PVC_PIECE_(i, 3, __VA_ARGS__) PVC_PIECE_(i, 2, __VA_ARGS__) \
         PVC_PIECE_(i, 1, __VA_ARGS__) PVC_PIECE_(i, 0, __VA_ARGS__) } while (0)

/* tcc (the native backend's first runs) has no __builtin_assume_aligned. */
#if defined(__GNUC__) && !defined(__TINYC__)
#define PVC_ASSUME_ALIGNED(p, n) __builtin_assume_aligned(p, n)
#else
#define PVC_ASSUME_ALIGNED(p, n) (p)
#endif

/* 1 when [addr, addr + 256) is 32-byte aligned and inside the UB: the NORM checks (§2.2,
 * §3.3; the same test as pvc_ub_check with len PVC_VL, align 32). */
static inline int pvc_norm_span_ok(int64_t addr)
{
    return addr >= 0 && addr % 32 == 0 && addr <= (int64_t)(PVC_UB_BYTES - PVC_VL);
}

/* 1 when every element is active at store granularity w = 1 << wlog (§1.2): all tested bits
 * (b8 every bit, b16 even bits, b32 every 4th) of the 32 mask bytes are set. */
static inline int pvc_mreg_full_w(const pvc_mreg *m, unsigned wlog)
{
    static const uint64_t tested[3] = {0xFFFFFFFFFFFFFFFFull, 0x5555555555555555ull,
                                       0x1111111111111111ull};
    uint64_t q[4];
    memcpy(q, m->bits, sizeof q);
    uint64_t acc = q[0] & q[1] & q[2] & q[3];
    return (acc & tested[wlog]) == tested[wlog];
}

/* The four registers vf.create_mask(ALL) makes, by granularity 1 << k bytes (§5.1: bit
 * w*i of every element i, so every byte 0xFF, 0x55, 0x11 or 0x01). Where the IR shows that a
 * mask variable holds one of them wherever it is read (compiler/ir/maskconst.c), the
 * emitted C passes the address of this constant instead of the variable's: the mask ops'
 * "every element on" tests below are then address compares the C compiler decides at
 * compile time, and the out-of-line op still reads the same bits. */
#define PVC_MREG_FILL_(b)                                                                     \
    {{b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b}}
__attribute__((unused)) static const pvc_mreg pvc_mask_all[4] = {
    PVC_MREG_FILL_(0xFF), PVC_MREG_FILL_(0x55), PVC_MREG_FILL_(0x11), PVC_MREG_FILL_(0x01)};

/* 1 when every element of m is active at width 1 << wlog: m is create_mask(ALL) at that
 * granularity or a finer one (its tested bits are a superset), or its bits say so. */
static inline int pvc_mask_full_at(const pvc_mreg *m, unsigned wlog)
{
    return m == &pvc_mask_all[0] || (wlog >= 1 && m == &pvc_mask_all[1]) ||
           (wlog >= 2 && m == &pvc_mask_all[2]) || (wlog >= 3 && m == &pvc_mask_all[3]) ||
           pvc_mreg_full_w(m, wlog);
}

/* A register's 256 bytes as four 64-byte memcpys, each a single vector move where the host
 * has 64-byte vectors: the ops of pvc_rt_fast.h read and write registers as such pieces, and
 * a piece loaded after being stored in smaller moves (a 256-byte memcpy may be expanded so)
 * is not forwarded from the store buffer but waits for the cache. */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(__TINYC__)
typedef float pvc_piece64 __attribute__((vector_size(64)));
static inline void pvc_vreg_move(void *dst, const void *src)
{
    pvc_piece64 p[4]; /* through a temporary of the piece's type: one vector move each */
    PVC_EACH4(i, memcpy(&p[i], (const uint8_t *)src + 64 * i, 64));
    PVC_EACH4(i, memcpy((uint8_t *)dst + 64 * i, &p[i], 64));
}
#else
static inline void pvc_vreg_move(void *dst, const void *src) { memcpy(dst, src, PVC_VL); }
#endif

/* The fast paths are the likely side (emitted C lays them out straight, the generic call
 * goes out of the way). tcc has no __builtin_expect. */
#if defined(__GNUC__) && !defined(__TINYC__)
#define PVC_LIKELY(x) __builtin_expect(!!(x), 1)
#define PVC_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define PVC_LIKELY(x) (x)
#define PVC_UNLIKELY(x) (x)
#endif

/* Deferred pl.loads and lazily zeroed pages (pvc_ctx.defer, dpages; docs/ARCHITECTURE.md
 * §6.6 "Deferred loads"). With no page pending - always in the simulator, which does
 * neither - each test is one load and a branch. */

/* How far ahead of a read of a deferred page the next bytes are asked for: two of the
 * samples' 1 KiB rows, about the memory latency at the rate a row loop reads
 * (BENCHMARKS.md, "Deferred loads"). */
#define PVC_DEFER_AHEAD 2048

/* Before an op that may read or write any UB byte or write GM: settles every window. */
PVC_INLINE void pvc_ub_settle(pvc_ctx *ctx)
{
    if (PVC_UNLIKELY(ctx->dpages))
        pvc_ub_settle_span(ctx, 0, PVC_UB_BYTES);
}

/* Before a write of the 256 UB bytes at addr (inside the UB): settles the windows it
 * overlaps (the pages of its first and last bytes). */
PVC_INLINE void pvc_ub_settle_at(pvc_ctx *ctx, int64_t addr)
{
    uint64_t dp = ctx->dpages;
    if (PVC_UNLIKELY(dp)) {
        int64_t p = addr / PVC_DEFER_PAGE, q = (addr + PVC_VL - 1) / PVC_DEFER_PAGE;
        if (((dp >> p) | (dp >> q)) & 1)
            pvc_ub_settle_span(ctx, addr, addr + PVC_VL);
    }
}

/* Where a read of the 256 UB bytes at addr (inside the UB) finds them: in GM when they lie
 * in one deferred page, else in the UB, after settling a window they reach into. */
PVC_INLINE const uint8_t *pvc_ub_read_at(pvc_ctx *ctx, int64_t addr)
{
    uint64_t dp = ctx->dpages;
    int64_t p = addr / PVC_DEFER_PAGE, q = (addr + PVC_VL - 1) / PVC_DEFER_PAGE;
    if (((dp >> p) & 1) && p == q) {
        const uint8_t *g = ctx->dbase[p] + (addr % PVC_DEFER_PAGE);
#if defined(__GNUC__) && !defined(__TINYC__)
        /* A tile is read in order, so its bytes PVC_DEFER_AHEAD further on start on their way
         * to the cache now (a hint: it reads nothing and never faults). Without it a vector
         * function waits for each row's first load; the copy it replaces streamed. */
        PVC_EACH4(k, __builtin_prefetch(g + PVC_DEFER_AHEAD + 64 * k));
#endif
        return g;
    }
    if (((dp >> p) | (dp >> q)) & 1)
        pvc_ub_settle_span(ctx, addr, addr + PVC_VL);
    return ctx->ub + addr;
}

/* `at` is the op's source position: the out-of-line call, the only side that can fault,
 * sets ctx->at to it first (NULL: leaves ctx->at as it is), so the inline path never
 * stores it. */

/* vf.load_align (pvc_load_align) with the NORM case inline. */
PVC_INLINE void pvc_load_align_fast(pvc_ctx *ctx, pvc_vreg *dst, int64_t addr,
                                       pvc_load_dist d, const pvc_loc *at)
{
    if (PVC_LIKELY(d == PVC_LD_NORM && pvc_norm_span_ok(addr))) {
        pvc_ub_touch(ctx, (uint32_t)addr, PVC_VL, PVC_TOUCH_VLOAD);
        if (PVC_LIKELY(!ctx->dpages))
            pvc_vreg_move(dst->b, PVC_ASSUME_ALIGNED(ctx->ub + addr, 32));
        else
            pvc_vreg_move(dst->b, pvc_ub_read_at(ctx, addr));
        return;
    }
    if (at)
        ctx->at = at;
    pvc_ub_settle(ctx); /* any other dist reads the UB itself */
    pvc_vreg r = *dst; /* a copy: dst's address never reaches a call (pvc_rt_fast.h) */
    pvc_load_align(ctx, &r, addr, d);
    *dst = r;
}

/* vf.store_align (pvc_store_align) with NORM_B8/B16/B32 under a full mask inline. */
PVC_INLINE void pvc_store_align_fast(pvc_ctx *ctx, int64_t addr, const pvc_vreg *src,
                                        const pvc_mreg *mask, pvc_store_dist d, const pvc_loc *at)
{
    unsigned wlog = d == PVC_ST_NORM_B8 ? 0 : d == PVC_ST_NORM_B16 ? 1 : d == PVC_ST_NORM_B32 ? 2 : 3;
    if (PVC_LIKELY(wlog < 3 && pvc_norm_span_ok(addr) && pvc_mask_full_at(mask, wlog))) {
        pvc_ub_touch(ctx, (uint32_t)addr, PVC_VL, PVC_TOUCH_VSTORE);
        pvc_ub_settle_at(ctx, addr);
        pvc_vreg_move(PVC_ASSUME_ALIGNED(ctx->ub + addr, 32), src->b);
        return;
    }
    if (at)
        ctx->at = at;
    pvc_ub_settle(ctx);
    pvc_vreg v = *src; /* copies, as above */
    pvc_mreg m = *mask;
    pvc_store_align(ctx, addr, &v, &m, d);
}

/* vf.create_mask (pvc_mask_create) of pattern ALL inline: a copy of pvc_mask_all's register,
 * a constant the C compiler can see, so the fast paths' full-mask tests can fold away; every
 * other pattern or granularity (and its fault) is the runtime's. */
static inline void pvc_mask_create_fast(pvc_ctx *ctx, pvc_mreg *dst, pvc_mask_pattern pat, unsigned w)
{
    if (PVC_LIKELY(pat == PVC_PAT_ALL && (w == 1 || w == 2 || w == 4 || w == 8))) {
        *dst = pvc_mask_all[w == 1 ? 0 : w == 2 ? 1 : w == 4 ? 2 : 3];
        return;
    }
    pvc_mreg m = *dst; /* a copy: dst's address never reaches a call (pvc_rt_fast.h) */
    pvc_mask_create(ctx, &m, pat, w);
    *dst = m;
}

/* pvc_scalar_bits of a float scalar, the FP32 case inline: a float is its own FP32
 * encoding (§9.6); a NaN and every other dtype are the runtime's. A kernel's float scalar
 * is encoded where an op uses it, once per row in a row loop. */
static inline uint64_t pvc_scalar_bits_f(pvc_dtype t, float f)
{
    if (PVC_LIKELY(t == PVC_DT_FP32 && f == f)) {
        uint32_t u;
        memcpy(&u, &f, 4);
        return u;
    }
    return pvc_scalar_bits(t, 0, f, 1);
}

#endif /* PVC_RT_INLINE_H */
