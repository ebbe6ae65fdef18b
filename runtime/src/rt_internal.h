/* rt_internal.h - helpers shared by the runtime's op files; not part of the public API.
 * Host assumption: little-endian (the register and UB images are little-endian, §1.1). */
#ifndef PVC_RT_INTERNAL_H
#define PVC_RT_INTERNAL_H

#include "pvc_rt.h"

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "pvc runtime models a little-endian machine on a little-endian host"
#endif

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

/* 1 when every element at granularity w is active. */
static inline int rt_mask_full(const pvc_mreg *m, unsigned w)
{
    uint8_t pat = rt_mask_tested(w), acc = 0xFF;
    for (unsigned k = 0; k < PVC_VL / 8; k++)
        acc &= m->bits[k];
    return (acc & pat) == pat;
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

#endif /* PVC_RT_INTERNAL_H */
