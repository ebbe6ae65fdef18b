/* rt_internal.h - helpers shared by the runtime's op files; not part of the public API.
 * Host assumption: little-endian (the register and UB images are little-endian, §1.1). */
#ifndef PVC_RT_INTERNAL_H
#define PVC_RT_INTERNAL_H

#include <string.h>

#include "pvc_rt.h"

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "pvc runtime models a little-endian machine on a little-endian host"
#endif

/* RT_CLONES on a hot op: GCC builds it once per x86-64 level - v4 (AVX-512), v3 (AVX2), the
 * baseline - and the dynamic loader picks the best the CPU has (target_clones, an ifunc), so
 * the fixed-trip lane loops run 16 FP32 lanes per instruction where the machine allows while
 * the library stays baseline x86-64. Every clone is the same C with the same IEEE operations
 * in the same order (runtime objects are built -ffp-contract=off: no clone fuses a*b + c), so
 * all compute the same bits; only the vector width differs (BENCHMARKS.md, the op path).
 * The one exception is explicit: RT_HW_FMA below, where a kernel on an FMA CPU gives the same
 * bits by another route (proof or exhaustive check, beside each). The kernels a
 * clone should widen must be inlined into it (always_inline helpers), since a called function
 * is built for the baseline. PVC_RT_LEVELS (Makefile RT_LEVELS) limits the clones: 4 (the
 * default) v4 + v3 + baseline, 3 v3 + baseline, 0 baseline only - a way to run the tests on
 * a narrower clone than the host would pick. Other compilers get the baseline function. */
#ifndef PVC_RT_LEVELS
#define PVC_RT_LEVELS 4
#endif
#if defined(__x86_64__) && defined(__ELF__) && defined(__GNUC__) && !defined(__clang__) && \
    __GNUC__ >= 11 && PVC_RT_LEVELS >= 4
#define RT_CLONES __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#elif defined(__x86_64__) && defined(__ELF__) && defined(__GNUC__) && !defined(__clang__) && \
    __GNUC__ >= 11 && PVC_RT_LEVELS >= 3
#define RT_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define RT_CLONES
#endif

/* RT_HW_FMA(): 1 when the CPU has a fused multiply-add instruction, for a cloned op whose
 * v3/v4 clones may then compute an FP32 FMA with it (__builtin_fmaf: one instruction there,
 * and the correctly rounded a*b + c, the same bits as the double round-to-odd emulation of
 * fp_fma_odd). Builds without clones (RT_LEVELS=0, other compilers) keep the emulation. */
#if defined(__x86_64__) && defined(__ELF__) && defined(__GNUC__) && !defined(__clang__) && \
    __GNUC__ >= 11 && PVC_RT_LEVELS >= 3
#define RT_HW_FMA() __builtin_cpu_supports("fma")
#define RT_FMA_KERNELS 1 /* kernels written for it: GCC vector extensions, __builtin_fma */
#else
#define RT_HW_FMA() 0
#define RT_FMA_KERNELS 0
#endif

/* Whether t is a float dtype (FP16, BF16, FP32): a switch over the table's rows, as
 * pvc_dtype_lane_bytes, so that a constant dtype folds and an op that already asked for the
 * lane width does not index pvc_dtype_table with a dtype that width's default row admits
 * (gcc -O3 warns of that read past the table). */
static inline int rt_dtype_is_float(pvc_dtype t)
{
    switch (t) {
#define X(name, pyname, bits, kind) case PVC_DT_##name: return PVC_KIND_##kind == PVC_KIND_F;
    PVC_DTYPES(X)
#undef X
    default: return 0;
    }
}

/* Little-endian w-byte element at p (w = 1, 2, 4, 8); fixed-size copies so they inline. */
static inline uint64_t rt_get(const uint8_t *p, unsigned w)
{
    uint8_t v1; uint16_t v2; uint32_t v4; uint64_t v8;
    switch (w) {
    case 1: memcpy(&v1, p, 1); return v1;
    case 2: memcpy(&v2, p, 2); return v2;
    case 4: memcpy(&v4, p, 4); return v4;
    default: memcpy(&v8, p, 8); return v8;
    }
}
static inline void rt_put(uint8_t *p, unsigned w, uint64_t v)
{
    uint8_t v1 = (uint8_t)v; uint16_t v2 = (uint16_t)v; uint32_t v4 = (uint32_t)v;
    switch (w) {
    case 1: memcpy(p, &v1, 1); break;
    case 2: memcpy(p, &v2, 2); break;
    case 4: memcpy(p, &v4, 4); break;
    default: memcpy(p, &v, 8); break;
    }
}

/* Every w-byte lane of r = the element bits `bits`: one 8-byte pattern copied 32 times (inline,
 * so the op that calls it gets a broadcast). */
static inline void rt_splat(pvc_vreg *r, unsigned w, uint64_t bits)
{
    uint64_t v = w == 1 ? (bits & 0xFFu) * 0x0101010101010101ull
               : w == 2 ? (bits & 0xFFFFu) * 0x0001000100010001ull
               : w == 4 ? (bits & 0xFFFFFFFFu) * 0x0000000100000001ull : bits;
    for (unsigned k = 0; k < PVC_VL; k += 8)
        memcpy(r->b + k, &v, 8);
}

/* Keep only the tested bits of one mask byte at granularity w and spread each tested bit
 * over the w bits of its element (§1.2): the result has bit k set iff register byte
 * 8*byte + k belongs to an active element. */
static inline uint8_t rt_mask_byte_lanes(uint8_t mb, unsigned w)
{
    switch (w) {
    case 1: return mb;
    case 2: return (uint8_t)((mb & 0x55) * 3);
    case 4: return (uint8_t)((mb & 0x11) * 15);
    default: return (uint8_t)((mb & 0x01) * 255);
    }
}

/* 8 bits -> 8 bytes of 0x00/0xFF (byte k = 0xFF iff bit k), branch-free. */
static inline uint64_t rt_spread8(uint8_t b)
{
    uint64_t t = ((uint64_t)b * 0x0101010101010101ull) & 0x8040201008040201ull;
    uint64_t hi = ((t + 0x7F7F7F7F7F7F7F7Full) | t) & 0x8080808080808080ull;
    return (hi >> 7) * 0xFF;
}

/* e.b[j] = 0xFF iff register byte j belongs to an element whose tested bit is set. */
static inline void rt_mask_expand(pvc_vreg *e, const pvc_mreg *m, unsigned w)
{
    for (unsigned k = 0; k < PVC_VL / 8; k++) {
        uint64_t v = rt_spread8(rt_mask_byte_lanes(m->bits[k], w));
        memcpy(e->b + 8 * k, &v, 8);
    }
}

/* The tested bits of one mask byte at granularity w (§1.2): b8 all, b16 even, b32 4i, b64 8i. */
static inline uint8_t rt_mask_tested(unsigned w)
{
    return (uint8_t)(w == 1 ? 0xFF : w == 2 ? 0x55 : w == 4 ? 0x11 : 0x01);
}

/* 1 when every element at granularity w is active: the AND of the four mask words holds
 * every tested bit. */
static inline int rt_mask_full(const pvc_mreg *m, unsigned w)
{
    uint64_t q[4], pat = rt_mask_tested(w) * 0x0101010101010101ull;
    memcpy(q, m->bits, sizeof q);
    return ((q[0] & q[1] & q[2] & q[3]) & pat) == pat;
}

/* The blend of a masked op (pvc_vreg_blend, arith.c) in two halves around its kernel, so that
 * with every element active - the common case - the kernel writes dst itself (kernels read
 * all their operands before they write, so dst may be one of them):
 *     pvc_vreg r, *out = rt_blend_target(dst, &r, mask, w);
 *     kernel(out, ...);
 *     rt_blend_finish(dst, &r, out, mask, w, mode);    (blends r into dst when out is r) */
static inline pvc_vreg *rt_blend_target(pvc_vreg *dst, pvc_vreg *tmp, const pvc_mreg *m,
                                        unsigned w)
{
    return !m || rt_mask_full(m, w) ? dst : tmp;
}
static inline void rt_blend_finish(pvc_vreg *dst, const pvc_vreg *tmp, const pvc_vreg *out,
                                   const pvc_mreg *m, unsigned w, pvc_merge mode)
{
    if (out != dst)
        pvc_vreg_blend(dst, tmp, m, w, mode);
}

/* pvc_vreg_blend with its all-active case - a copy - inline. */
static inline void rt_blend(pvc_vreg *dst, const pvc_vreg *res, const pvc_mreg *m, unsigned w,
                            pvc_merge mode)
{
    if (!m || rt_mask_full(m, w))
        memcpy(dst->b, res->b, PVC_VL);
    else
        pvc_vreg_blend(dst, res, m, w, mode);
}

/* dst[j] = e[j] ? src[j] : dst[j] over n bytes (n multiple of 8), branch-free. */
static inline void rt_blend_bytes(uint8_t *dst, const uint8_t *src, const uint8_t *e, size_t n)
{
    for (size_t j = 0; j < n; j += 8) {
        uint64_t d, s, m;
        memcpy(&d, dst + j, 8);
        memcpy(&s, src + j, 8);
        memcpy(&m, e + j, 8);
        d = (d & ~m) | (s & m);
        memcpy(dst + j, &d, 8);
    }
}

/* A post-update cursor is a kernel scalar (int64_t) that holds a UB byte address (pvc_rt.h),
 * the same in the emitted C and in the simulator. */
static inline int64_t rt_cur(const int64_t *c) { return *c; }
/* A cursor moves by its step exactly; past the ends of int64 it stays there, outside the UB,
 * and its next access faults (pvc_rt.h "tiles"). */
static inline void rt_cur_add(int64_t *c, int64_t step)
{
    *c = pvc_addr_add(*c, step);
}

/* The DATA_BLOCK rule (§2.4, §3.5, §10.13): 32-byte block k of a register moves iff any of
 * mask bits 32k..32k+31 is set ("any bit", §8 #10). */
static inline int rt_block_enabled(const pvc_mreg *m, unsigned k)
{
    uint32_t v;
    memcpy(&v, m->bits + 4 * k, 4);
    return v != 0;
}

/* pvc_ub_check, then the span reported to the touch hook: the one call a single-span
 * access makes before it moves a byte. */
static inline int rt_ub_access(pvc_ctx *ctx, const char *op, int64_t addr, uint64_t len,
                               uint32_t align, pvc_touch_kind kind)
{
    if (!pvc_ub_check(ctx, op, addr, len, align))
        return 0;
    pvc_ub_touch(ctx, (uint32_t)addr, (uint32_t)len, kind);
    return 1;
}

/* A DATA_BLOCK move at A (§2.4, §3.5): A must be 32-byte aligned; block k is at
 * A + 32*k*bs. Checks every enabled block (disabled ones never fault), then reports each to
 * the touch hook; 0 after a fault (ctx.c). */
int rt_datablock_access(pvc_ctx *ctx, const char *op, int64_t a, uint32_t bs, const pvc_mreg *m,
                        pvc_touch_kind kind);

/* 1 if w is a legal mask/element granularity. */
/* n bytes at host of tensor t inside the kernel argument a view of it lies in (pvc_tensor's lo,
 * hi; always for a tensor that is no view), else 0 after a fault naming op. */
static inline int rt_gm_inside(pvc_ctx *ctx, const char *op, const pvc_tensor *t, const uint8_t *host, uint64_t n)
{
    if (!t->lo || (host >= t->lo && host <= t->hi && n <= (uint64_t)(t->hi - host)))
        return 1;
    pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0, "the tensor view reaches %lld bytes past the start of the "
                    "%lld-byte tensor it was made over (pl.make_tensor / pl.addptr)",
                    (long long)((uintptr_t)host + n - (uintptr_t)t->lo), (long long)(t->hi - t->lo));
    return 0;
}

static inline int rt_gran_ok(unsigned w) { return w == 1 || w == 2 || w == 4 || w == 8; }

/* ===== lane ops helpers (bitwise.c, permute.c, maskops.c, arange.c) ======================
 * A mask register as four little-endian 64-bit words: mask bit j is bit j%64 of word j/64
 * (the LSB-first image of §1.2 read on a little-endian host). */
static inline void rt_mreg_words(uint64_t q[4], const pvc_mreg *m) { memcpy(q, m->bits, 32); }
static inline void rt_mreg_set_words(pvc_mreg *m, const uint64_t q[4]) { memcpy(m->bits, q, 32); }

/* Masks of the bit-group spreading ladder: rt_zip_mask(s) keeps the low s bits of every
 * 2s-bit field (s = 1, 2, 4, 8, 16, 32). */
static inline uint64_t rt_zip_mask(unsigned s)
{
    switch (s) {
    case 1:  return 0x5555555555555555ull;
    case 2:  return 0x3333333333333333ull;
    case 4:  return 0x0F0F0F0F0F0F0F0Full;
    case 8:  return 0x00FF00FF00FF00FFull;
    case 16: return 0x0000FFFF0000FFFFull;
    default: return 0x00000000FFFFFFFFull;
    }
}

/* Spread the 32 low bits of x in groups of g bits (g = 1, 2, 4, 8, 16): group q moves from
 * bits g*q.. to bits 2g*q.., leaving a g-bit gap of zeros above each group. */
static inline uint64_t rt_bits_spread(uint64_t x, unsigned g)
{
    x &= 0xFFFFFFFFull;
    for (unsigned s = 16; s >= g; s /= 2)
        x = (x | (x << s)) & rt_zip_mask(s);
    return x;
}

/* Inverse of rt_bits_spread: keep groups 0, 2, 4, ... of g bits of x and pack them into the
 * low 32 bits (group 2q -> group q). */
static inline uint64_t rt_bits_compress(uint64_t x, unsigned g)
{
    x &= rt_zip_mask(g);
    for (unsigned s = g; s <= 16; s *= 2)
        x = (x | (x >> s)) & rt_zip_mask(2 * s);
    return x;
}

/* Dtype sets as bit sets over pvc_dtype (PVC_DT_COUNT < 32): rt_lane_dt_in(t, set) is 1 when t is
 * a valid dtype in the set. */
#define RT_LANE_DT(name) (1u << PVC_DT_##name)
static inline int rt_lane_dt_in(pvc_dtype t, uint32_t set)
{
    return (unsigned)t < PVC_DT_COUNT && ((set >> (unsigned)t) & 1u);
}

/* BAD_ARG for a dtype the op does not take; the op then returns without writing. */
static inline void rt_lane_bad_dtype(pvc_ctx *ctx, const char *op, pvc_dtype t)
{
    pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, op, 0, 0, "dtype %s is not legal for %s",
                    (unsigned)t < PVC_DT_COUNT ? pvc_dtype_table[t].name : "?", op);
}
/* ===== end of lane ops helpers ========================================================== */

/* ===== one element as scalar code sees it (docs/SEMANTICS.md §6.1) ==================
 * The value rule of t[r, c], pl.getval and pl.setval, shared by UB tiles (tile_elem.c) and GM
 * tensors (gm_elem.c) so both containers convert alike: a read sign- or zero-extends an
 * integer element and decodes a float one (FP8/HF8 codes included) to a double; a write
 * stores the bits the C++ conversion of the int or the float makes (pvc_scalar_bits, §9.6).
 * p points at the element's bytes (little-endian); the dtype has 8 bits or more. */
static inline uint64_t rt_elem_bits(pvc_dtype t, const void *p)
{
    uint64_t v = 0;
    memcpy(&v, p, pvc_dtype_table[t].bits / 8);
    return v;
}

static inline int64_t rt_elem_int(pvc_dtype t, const void *p)
{
    unsigned bits = pvc_dtype_table[t].bits;
    uint64_t v = rt_elem_bits(t, p);
    if (pvc_dtype_table[t].kind == PVC_KIND_S && bits < 64 && (v >> (bits - 1) & 1))
        v |= ~(uint64_t)0 << bits; /* sign-extend */
    return (int64_t)v;
}

/* A finite FP16, BF16 or FP32 element decodes by its bits alone, exactly (the fast path of
 * pvc_value_decode, which stays the rule: every other dtype, infinities and NaNs; an attention
 * kernel's matmuls and fixpipe decode millions; tests/unit/test_formats.c checks every code). */
static inline double rt_elem_float(pvc_dtype t, const void *p)
{
    const uint8_t *e = p;
    uint32_t u;
    float f;
    if (t == PVC_DT_FP16) {
        unsigned h = (unsigned)e[0] | (unsigned)e[1] << 8, ex = h >> 10 & 0x1F, m = h & 0x3FF;
        if (ex == 0) /* zero or subnormal: m * 2^-24 */
            return (h & 0x8000 ? -1.0 : 1.0) * (double)m * 0x1p-24;
        if (ex != 0x1F) {
            u = (uint32_t)(h & 0x8000) << 16 | (uint32_t)(ex + 112) << 23 | (uint32_t)m << 13;
            memcpy(&f, &u, 4);
            return f;
        }
    } else if (t == PVC_DT_BF16 || t == PVC_DT_FP32) {
        uint16_t half[2] = {0, 0}; /* BF16: the top half of an FP32 (little-endian) */
        memcpy(t == PVC_DT_BF16 ? &half[1] : half, p, t == PVC_DT_BF16 ? 2 : 4);
        memcpy(&u, half, 4);
        if ((u >> 23 & 0xFF) != 0xFF) {
            memcpy(&f, &u, 4);
            return f;
        }
    }
    return pvc_value_decode(t, rt_elem_bits(t, p));
}

/* An atomic add into GM (the fixpipe's, MTE3's): old + new in the GM dtype, rounded once
 * (floats) or wrapping (integers); both are element bits of t. */
static inline uint64_t rt_atomic_sum(pvc_dtype t, uint64_t old, uint64_t add)
{
    unsigned w = pvc_dtype_table[t].bits;
    if (pvc_dtype_table[t].kind == PVC_KIND_F)
        return pvc_value_encode(t, pvc_value_decode(t, old) + pvc_value_decode(t, add), PVC_ROUND_RINT, PVC_SAT_OFF);
    uint64_t sum = old + add;
    return w >= 64 ? sum : sum & ((1ull << w) - 1);
}

/* is_float: v_f holds the value (a Python float), else v_i (an int or a bool). */
static inline void rt_elem_store(pvc_dtype t, void *p, int64_t v_i, double v_f, int is_float)
{
    uint64_t bits = pvc_scalar_bits(t, is_float ? 0 : v_i, is_float ? (float)v_f : 0.0f, is_float);
    memcpy(p, &bits, pvc_dtype_table[t].bits / 8);
}

/* The tile's bounds and alignment in its space's row (SPACE_BOUNDS / MISALIGNED); 1 ok. */
int rt_space_check(pvc_ctx *ctx, const char *op, const pvc_tile *t);
/* The bytes of tile t in the memory of core owner (ctx itself, or a core of its block: the
 * fixpipe writes its vector cores' UBs, pl.insert its cube core's L1), checked as
 * pvc_space_bytes checks them; a fault is raised on ctx (runtime/src/cube_mem.c). */
uint8_t *rt_space_at(pvc_ctx *ctx, pvc_ctx *owner, const char *op, const pvc_tile *t);

/* The plane of a GM tensor a cube tile maps onto (cube_move.c): rows along axis ra (-1: a
 * rank-1 tensor, one row), columns along ca, the other axes fixed at their offsets. */
typedef struct {
    int64_t base;              /* element index of the plane's (0, 0) */
    int64_t rstride, cstride;  /* elements along the plane's rows / columns */
    int64_t rext, cext;        /* extent of the row and column axes */
    int64_t r0, c0;            /* the window's offsets on them */
    int inside;                /* every fixed axis offset is inside its axis */
    int nz;                    /* an NZ GM tensor (rank 2): (r, c) at pvc_tensor_nz_off */
} rt_cube_plane;
/* 0 after a BAD_ARG fault for a bad tensor or axes. */
int rt_cube_plane_of(pvc_ctx *ctx, const char *op, const pvc_tensor *t, const int64_t *off, int ra, int ca,
                     rt_cube_plane *p);
/* The GM element of plane position (r0 + i, c0 + j), or NULL when it lies outside. */
uint8_t *rt_cube_plane_elem(const pvc_tensor *t, const rt_cube_plane *p, int64_t i, int64_t j, unsigned bytes);
/* An NZ GM tensor moves whole (pto-isa's TStoreAccNZ asserts the tile's valid shape is the
 * tensor's [R, C]; pypto_pro's lowering takes offsets [0, 0] only): 0 after a BAD_ARG fault
 * otherwise, 1 for it and for every other tensor. */
int rt_nz_whole(pvc_ctx *ctx, const char *op, const pvc_tensor *t, const pvc_tile *tile, int64_t vr, int64_t vc,
                const int64_t *off);
/* The element index of the plane's (r, c), absolute positions on its row and column axes. */
static inline int64_t rt_cube_plane_index(const pvc_tensor *t, const rt_cube_plane *p, int64_t r, int64_t c)
{
    return p->nz ? pvc_tensor_nz_off(t, r, c) : p->base + r * p->rstride + c * p->cstride;
}

#endif /* PVC_RT_INTERNAL_H */
