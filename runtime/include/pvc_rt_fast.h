/* pvc_rt_fast.h - the FP32 common case of the register ops real kernels spend their time in,
 * inline, for the C the native backend emits (the op table's CALL column names pvc_X_fast,
 * compiler/ir/ops.h; the simulator's rows, built from the same column, call the runtime op).
 *
 * The rule is pvc_rt_inline.h's: each pvc_X_fast computes inline only the case it can decide
 * in a few instructions - dtype FP32, mode ZEROING, every FP32 element of the mask on - and
 * only while no result lane is a NaN; any other case, and a NaN result, is the runtime op
 * (pvc_X), which checks, raises faults and applies the §9.4 NaN rules as always. So the bits
 * are the runtime's. What the fast side computes is the runtime's FP32 kernel on a full mask,
 * step for step (docs/SEMANTICS.md §9.4, §10.1, §10.10): IEEE binary32 add, sub, mul; div
 * and sqrt on flushed inputs (DAZ), div's result flushed (FTZ) - where AVX-512 DQ can test
 * for subnormal lanes cheaply, a lane a flush would change goes to the runtime op instead;
 * max by the §10.1 (d) bits rule; the pairwise tree of reduce_sum; the lowest lane of the
 * largest key of reduce_max.
 *
 * A register is four 16-lane pieces (GCC vector extensions: one AVX-512 register each, two
 * AVX2 or four SSE ones), read and written a piece at a time with memcpy so the C compiler
 * keeps them in vector registers across the inlined ops; the cold side runs the runtime op on
 * copies, so no register's address reaches a call (BENCHMARKS.md, "Native code against
 * hand-written C", has what each of these choices is worth). tcc (the native backend's first runs) has no
 * vector extensions, and the simulator (built for the baseline ISA) defines PVC_RT_NO_FAST:
 * there every pvc_X_fast is the runtime op. Included by pvc_rt.h. */
#ifndef PVC_RT_FAST_H
#define PVC_RT_FAST_H

#if (defined(__GNUC__) || defined(__clang__)) && !defined(__TINYC__) && !defined(PVC_RT_NO_FAST)
/* Every helper is inlined and takes its vectors by pointer: no vector crosses a call, so the
 * code is the same whatever the ISA's vector width (and GCC has no ABI note to give). */
#ifdef PVC_INLINE_BY_CC /* a unit too big to force them into (pvc_rt_inline.h PVC_INLINE) */
#define PVC_FAST_FN static inline
#else
#define PVC_FAST_FN static inline __attribute__((always_inline))
#endif

typedef float pvc_f16x __attribute__((vector_size(64)));    /* 16 FP32 lanes */
typedef uint32_t pvc_u16x __attribute__((vector_size(64))); /* their bits */
typedef int pvc_i16x __attribute__((vector_size(64)));      /* compare results */
typedef float pvc_f8x __attribute__((vector_size(32)));     /* an AVX register's 8 lanes */
typedef float pvc_f4x __attribute__((vector_size(16)));     /* an SSE register's 4 */
typedef int pvc_i8x __attribute__((vector_size(32)));
typedef int pvc_i4x __attribute__((vector_size(16)));

typedef struct {
    pvc_f16x p[4];
} pvc_f64x; /* a register as four pieces */

/* Lane permutations: GCC's __builtin_shuffle, clang's __builtin_shufflevector. */
#define PVC_FAST_EVEN 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30
#define PVC_FAST_ODD 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31
#if defined(__clang__)
#define PVC_FAST_SHUF(a, b, ...) __builtin_shufflevector(a, b, __VA_ARGS__)
#else
#define PVC_FAST_SHUF(a, b, ...) __builtin_shuffle(a, b, (pvc_i16x){__VA_ARGS__})
#endif

/* The cold side runs the runtime op on copies of the registers and the mask, then copies
 * the result back: the emitted code's registers never have their address passed to a call,
 * so the C compiler may keep them in vector registers (a register whose address escapes
 * lives in memory, stored and reloaded around every op). */
#define PVC_FAST_MASK_COPY(m_, mp_, mask)                                                     \
    pvc_mreg m_;                                                                              \
    const pvc_mreg *mp_ = (mask) ? (m_ = *(mask), &m_) : NULL

/* A register moves as four 64-byte pieces, each one load or store of the piece's type: a
 * 256-byte memcpy may be expanded in 32-byte moves (GCC's preferred width on AVX-512 hosts),
 * and a 64-byte load of what two 32-byte stores wrote waits for both to reach the cache
 * instead of being forwarded from the store buffer. */
PVC_FAST_FN void pvc_fast_get(pvc_f64x *v, const pvc_vreg *r)
{
    PVC_EACH4(i, memcpy(&v->p[i], r->b + 64 * i, 64));
}
PVC_FAST_FN void pvc_fast_put(pvc_vreg *r, const pvc_f64x *v)
{
    PVC_EACH4(i, memcpy(r->b + 64 * i, &v->p[i], 64));
}
/* *dst = *src as pieces (a struct assignment is a 256-byte memcpy). */
PVC_FAST_FN void pvc_fast_copy(pvc_vreg *dst, const pvc_vreg *src)
{
    pvc_f64x v;
    pvc_fast_get(&v, src);
    pvc_fast_put(dst, &v);
}

/* Where the IR shows register r uniform - its four pieces equal (compiler/ir/uniform.c) -
 * the emitted C says so before an op reads it: r is rewritten as its first piece four times,
 * the same bytes, and the C compiler, seeing four equal pieces, computes one (and decides
 * pvc_fast_uniform below as it compiles). A register's value after an op's out-of-line side
 * is unknown to it, so only the IR can tell. */
PVC_FAST_FN void pvc_uniform_hint(pvc_vreg *r)
{
    pvc_f16x p;
    memcpy(&p, r->b, 64);
    PVC_EACH4_FROM1(i, memcpy(r->b + 64 * i, &p, 64));
}

/* Where the IR shows that nothing but lane 0 (the first four bytes) of register r is ever
 * observed (compiler/ir/lanes.c), the emitted C clears the other lanes before a lane-wise op
 * reads it: the C compiler then sees constant pieces 1-3 and computes piece 0 alone (and
 * drops what only the cleared lanes needed, as reduce_max's index). */
PVC_FAST_FN void pvc_lane0_hint(pvc_vreg *r)
{
    const pvc_u16x first = {~0u}, zero = {0};
    pvc_u16x p;
    memcpy(&p, r->b, 64);
    p &= first;
    memcpy(r->b, &p, 64);
    PVC_EACH4_FROM1(i, memcpy(r->b + 64 * i, &zero, 64)); /* whole pieces, as pvc_fast_put */
}

/* 1 when the fast side applies: FP32 (t), ZEROING (mode), every FP32 element active (m
 * NULL: no mask, every lane). */
PVC_FAST_FN int pvc_fast_ok(pvc_dtype t, pvc_merge mode, const pvc_mreg *m)
{
    return t == PVC_DT_FP32 && mode == PVC_MERGE_ZEROING && (!m || pvc_mask_full_at(m, 2));
}

/* The few x86 instructions plain vector code does not reach (a sign mask, a vector root, a
 * fused multiply-add) are the compilers' builtins, the ones <immintrin.h>'s intrinsics wrap:
 * that header is most of a small kernel's parse time (BENCHMARKS.md, "Native code against
 * hand-written C"). GCC and clang spell them alike but for the AVX-512 root. Each piece goes
 * through a copy into the builtin's own vector type, which the C compiler keeps in registers. */

/* The lanes of a compare result as 16 bits, by the host's move-mask instruction (a loop over
 * lanes would be compiled lane by lane). */
PVC_FAST_FN unsigned pvc_fast_bits(const pvc_i16x *m)
{
#if defined(__AVX512DQ__)
    return __builtin_ia32_cvtd2mask512(*m); /* vpmovd2m */
#elif defined(__AVX__)
    pvc_f8x h[2];
    memcpy(h, m, sizeof h);
    return (unsigned)__builtin_ia32_movmskps256(h[0]) |
           (unsigned)__builtin_ia32_movmskps256(h[1]) << 8;
#elif defined(__SSE2__)
    pvc_f4x q[4];
    memcpy(q, m, sizeof q);
    return (unsigned)__builtin_ia32_movmskps(q[0]) | (unsigned)__builtin_ia32_movmskps(q[1]) << 4 |
           (unsigned)__builtin_ia32_movmskps(q[2]) << 8 | (unsigned)__builtin_ia32_movmskps(q[3]) << 12;
#else
    unsigned b = 0;
    for (int l = 0; l < 16; l++)
        b |= (unsigned)((*m)[l] < 0) << l;
    return b;
#endif
}

/* 1 when some lane of v is a NaN (the runtime's NaN rules must decide it). One unordered
 * compare (predicate 3, _CMP_UNORD_Q) tests a lane of two pieces at once, so the four pieces
 * are two compares on AVX-512 (a != compare tests one). */
PVC_FAST_FN int pvc_fast_nan(const pvc_f64x *v)
{
#if defined(__AVX512F__)
    return (__builtin_ia32_cmpps512_mask(v->p[0], v->p[1], 3, (unsigned short)-1, 4) |
            __builtin_ia32_cmpps512_mask(v->p[2], v->p[3], 3, (unsigned short)-1, 4)) != 0;
#elif defined(__AVX__)
    pvc_f8x h[8];
    memcpy(h, v->p, sizeof h);
    pvc_i8x u = (pvc_i8x)__builtin_ia32_cmpps256(h[0], h[2], 3) |
                (pvc_i8x)__builtin_ia32_cmpps256(h[1], h[3], 3) |
                (pvc_i8x)__builtin_ia32_cmpps256(h[4], h[6], 3) |
                (pvc_i8x)__builtin_ia32_cmpps256(h[5], h[7], 3);
    return __builtin_ia32_movmskps256((pvc_f8x)u) != 0;
#elif defined(__SSE2__)
    pvc_f4x q[16];
    memcpy(q, v->p, sizeof q);
    pvc_i4x u = {0};
    /* quarter i of piece 0 against piece 1's, 2 against 3 */
    PVC_EACH4(i, u |= (pvc_i4x)__builtin_ia32_cmpunordps(q[i], q[i + 4]) |
                      (pvc_i4x)__builtin_ia32_cmpunordps(q[i + 8], q[i + 12]));
    return __builtin_ia32_movmskps((pvc_f4x)u) != 0;
#else
    pvc_i16x n = (v->p[0] != v->p[0]) | (v->p[1] != v->p[1]) | (v->p[2] != v->p[2]) |
                 (v->p[3] != v->p[3]);
    return pvc_fast_bits(&n) != 0;
#endif
}

/* x = sqrt(x), 16 lanes, by the instruction (a loop of sqrtf keeps errno's branch). The
 * rounding argument 4 is _MM_FROUND_CUR_DIRECTION. */
PVC_FAST_FN void pvc_fast_sqrt16(pvc_f16x *x)
{
#if defined(__AVX512F__) && defined(__clang__)
    *x = __builtin_ia32_sqrtps512(*x, 4);
#elif defined(__AVX512F__)
    *x = __builtin_ia32_sqrtps512_mask(*x, *x, (unsigned short)-1, 4);
#elif defined(__AVX__)
    pvc_f8x h[2];
    memcpy(h, x, sizeof h);
    h[0] = __builtin_ia32_sqrtps256(h[0]);
    h[1] = __builtin_ia32_sqrtps256(h[1]);
    memcpy(x, h, sizeof h);
#elif defined(__SSE2__)
    pvc_f4x q[4];
    memcpy(q, x, sizeof q);
    PVC_EACH4(i, q[i] = __builtin_ia32_sqrtps(q[i]));
    memcpy(x, q, sizeof q);
#else
    for (int l = 0; l < 16; l++)
        (*x)[l] = __builtin_sqrtf((*x)[l]);
#endif
}

/* c = fma(a, b, c), 16 lanes, one rounding each. */
PVC_FAST_FN void pvc_fast_fma16(const pvc_f16x *a, const pvc_f16x *b, pvc_f16x *c)
{
#if defined(__AVX512F__)
    *c = __builtin_ia32_vfmaddps512_mask(*a, *b, *c, (unsigned short)-1, 4);
#elif defined(__FMA__)
    pvc_f8x x[2], y[2], z[2];
    memcpy(x, a, sizeof x);
    memcpy(y, b, sizeof y);
    memcpy(z, c, sizeof z);
    z[0] = __builtin_ia32_vfmaddps256(x[0], y[0], z[0]);
    z[1] = __builtin_ia32_vfmaddps256(x[1], y[1], z[1]);
    memcpy(c, z, sizeof z);
#else
    for (int l = 0; l < 16; l++) /* fmaf: by libm where the CPU has no FMA */
        (*c)[l] = __builtin_fmaf((*a)[l], (*b)[l], (*c)[l]);
#endif
}

/* 1 when the four pieces of v hold the same bits (a broadcast value, as vf.full makes): an
 * expensive lane-wise op (sqrt, div) then computes one piece and copies it, which gives the
 * same bits as computing all four. */
PVC_FAST_FN int pvc_fast_uniform(const pvc_f64x *v)
{
    pvc_u16x u0 = (pvc_u16x)v->p[0];
    pvc_i16x ne = (pvc_i16x)(((pvc_u16x)v->p[1] != u0) | ((pvc_u16x)v->p[2] != u0) |
                             ((pvc_u16x)v->p[3] != u0));
    return pvc_fast_bits(&ne) == 0;
}

/* x with its subnormal lanes replaced by the zero of their sign (§9.4 DAZ / FTZ). */
PVC_FAST_FN void pvc_fast_flush(pvc_f16x *x)
{
    pvc_u16x u = (pvc_u16x)*x;
    pvc_u16x tiny = (pvc_u16x)((u & 0x7FFFFFFFu) < 0x00800000u);
    *x = (pvc_f16x)((u & ~tiny) | (u & tiny & 0x80000000u));
}

PVC_FAST_FN void pvc_fast_splat(pvc_f16x *x, uint32_t bits)
{
    pvc_u16x u = {0};
    *x = (pvc_f16x)(u + bits);
}

/* r = a OP b on 16 lanes (§10.1; div §9.4: flushed inputs and result). max: the larger
 * value, equal values (±0) their bits ANDed; NaN lanes come out NaN and go to the runtime. */
enum { PVC_FAST_ADD, PVC_FAST_SUB, PVC_FAST_MUL, PVC_FAST_DIV, PVC_FAST_MAX };

PVC_FAST_FN void pvc_fast_bin1(int op, pvc_f16x *r, const pvc_f16x *a, const pvc_f16x *b)
{
    switch (op) {
    case PVC_FAST_ADD: *r = *a + *b; break;
    case PVC_FAST_SUB: *r = *a - *b; break;
    case PVC_FAST_MUL: *r = *a * *b; break;
    default: {
        pvc_u16x gt = (pvc_u16x)(*a > *b), lt = (pvc_u16x)(*a < *b), eq = (pvc_u16x)(*a == *b);
        pvc_u16x ua = (pvc_u16x)*a, ub = (pvc_u16x)*b;
        *r = (pvc_f16x)((ua & gt) | (ub & lt) | (ua & ub & eq) | (0x7FC00000u & ~(gt | lt | eq)));
        break;
    }
    }
}

/* The lanes of v in the classes of imm (vfpclassps; imm must be a constant: clang checks it
 * before inlining): 0x01 quiet NaN, 0x04 -0, 0x10 -inf, 0x20 subnormal, 0x40 negative
 * finite, 0x80 signalling NaN. */
#if defined(__AVX512DQ__)
#define PVC_FAST_CLASS(v, imm) ((unsigned)__builtin_ia32_fpclassps512_mask((v), (imm), (unsigned short)-1))
#endif

/* r = a / b on 16 lanes (§9.4: flushed inputs and result); returns the lanes the runtime must
 * decide. With AVX-512 DQ there is no flush: a subnormal operand or result lane, or a NaN
 * result, goes to the runtime op (which flushes), so the common case is one vfpclassps per
 * operand where the flushes were four instructions each; else the flushes, and the caller's
 * NaN test. */
PVC_FAST_FN unsigned pvc_fast_div1(pvc_f16x *r, const pvc_f16x *a, const pvc_f16x *b)
{
#if defined(__AVX512DQ__)
    *r = *a / *b;
    return PVC_FAST_CLASS(*a, 0x20) | PVC_FAST_CLASS(*b, 0x20) | PVC_FAST_CLASS(*r, 0xA1);
#else
    pvc_f16x x = *a, y = *b;
    pvc_fast_flush(&x);
    pvc_fast_flush(&y);
    *r = x / y;
    pvc_fast_flush(r);
    return 0;
#endif
}

/* r = x / y, 1 when the fast side applies (no NaN result, nothing to flush under AVX-512
 * DQ); of broadcast operands (four equal pieces) one piece, copied. */
PVC_FAST_FN int pvc_fast_div(pvc_f64x *r, const pvc_f64x *x, const pvc_f64x *y)
{
    unsigned bad = 0;
    if (pvc_fast_uniform(x) && pvc_fast_uniform(y)) {
        bad = pvc_fast_div1(&r->p[0], &x->p[0], &y->p[0]);
        r->p[1] = r->p[2] = r->p[3] = r->p[0];
    } else {
        PVC_EACH4(i, bad |= pvc_fast_div1(&r->p[i], &x->p[i], &y->p[i]));
    }
#if !defined(__AVX512DQ__)
    bad = (unsigned)pvc_fast_nan(r);
#endif
    return !bad;
}

/* dst = a OP b on the fast side, else the runtime op. */
#define PVC_FAST_BINARY(name, op)                                                             \
    PVC_FAST_FN void pvc_##name##_fast(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t,              \
                                       const pvc_vreg *a, const pvc_vreg *b,                  \
                                       const pvc_mreg *mask, pvc_merge mode)                  \
    {                                                                                         \
        if (PVC_LIKELY(pvc_fast_ok(t, mode, mask))) {                                         \
            pvc_f64x x, y, r;                                                                 \
            pvc_fast_get(&x, a);                                                              \
            pvc_fast_get(&y, b);                                                              \
            int ok_;                                                                          \
            if (op == PVC_FAST_DIV) {                                                         \
                ok_ = pvc_fast_div(&r, &x, &y);                                               \
            } else {                                                                          \
                PVC_EACH4(i, pvc_fast_bin1(op, &r.p[i], &x.p[i], &y.p[i]));                   \
                ok_ = !pvc_fast_nan(&r);                                                      \
            }                                                                                 \
            if (PVC_LIKELY(ok_)) {                                                            \
                pvc_fast_put(dst, &r);                                                        \
                return;                                                                       \
            }                                                                                 \
        }                                                                                     \
        pvc_vreg x_ = *a, y_ = *b, d_ = *dst;                                                 \
        PVC_FAST_MASK_COPY(m_, mp_, mask);                                                    \
        pvc_##name(ctx, &d_, t, &x_, &y_, mp_, mode);                                         \
        *dst = d_;                                                                            \
    }
PVC_FAST_BINARY(add, PVC_FAST_ADD)
PVC_FAST_BINARY(sub, PVC_FAST_SUB)
PVC_FAST_BINARY(mul, PVC_FAST_MUL)
PVC_FAST_BINARY(div, PVC_FAST_DIV)
PVC_FAST_BINARY(max, PVC_FAST_MAX)
#undef PVC_FAST_BINARY

/* The scalar forms (§10.2 (d)): the scalar is the element's bits, broadcast (zeroing only). */
#define PVC_FAST_SCALAR(name, op)                                                             \
    PVC_FAST_FN void pvc_##name##_fast(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t,              \
                                       const pvc_vreg *a, uint64_t x, const pvc_mreg *mask)   \
    {                                                                                         \
        if (PVC_LIKELY(pvc_fast_ok(t, PVC_MERGE_ZEROING, mask))) {                            \
            pvc_f16x s;                                                                       \
            pvc_f64x v, r;                                                                    \
            pvc_fast_splat(&s, (uint32_t)x);                                                  \
            pvc_fast_get(&v, a);                                                              \
            PVC_EACH4(i, pvc_fast_bin1(op, &r.p[i], &v.p[i], &s));                            \
            if (PVC_LIKELY(!pvc_fast_nan(&r))) {                                              \
                pvc_fast_put(dst, &r);                                                        \
                return;                                                                       \
            }                                                                                 \
        }                                                                                     \
        pvc_vreg x_ = *a, d_ = *dst;                                                          \
        PVC_FAST_MASK_COPY(m_, mp_, mask);                                                    \
        pvc_##name(ctx, &d_, t, &x_, x, mp_);                                                 \
        *dst = d_;                                                                            \
    }
PVC_FAST_SCALAR(adds, PVC_FAST_ADD)
PVC_FAST_SCALAR(muls, PVC_FAST_MUL)
#undef PVC_FAST_SCALAR

PVC_FAST_FN void pvc_fast_put_splat(pvc_vreg *dst, uint32_t bits)
{
    pvc_f64x r;
    PVC_EACH4(i, pvc_fast_splat(&r.p[i], bits));
    pvc_fast_put(dst, &r);
}

/* full: every lane the element's bits; full_reg: every lane lane 0's (POS_LOWEST). */
PVC_FAST_FN void pvc_full_fast(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, uint64_t bits,
                               const pvc_mreg *mask, pvc_merge mode)
{
    if (PVC_LIKELY(pvc_fast_ok(t, mode, mask))) {
        pvc_fast_put_splat(dst, (uint32_t)bits);
        return;
    }
    pvc_vreg d_ = *dst;
    PVC_FAST_MASK_COPY(m_, mp_, mask);
    pvc_full(ctx, &d_, t, bits, mp_, mode);
    *dst = d_;
}

PVC_FAST_FN void pvc_full_reg_fast(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t,
                                   const pvc_vreg *src, const pvc_mreg *mask, pvc_pos pos,
                                   pvc_merge mode)
{
    if (PVC_LIKELY(pos == PVC_POS_LOWEST && pvc_fast_ok(t, mode, mask))) {
        uint32_t bits;
        memcpy(&bits, src->b, 4);
        pvc_fast_put_splat(dst, bits);
        return;
    }
    pvc_vreg s_ = *src, d_ = *dst;
    PVC_FAST_MASK_COPY(m_, mp_, mask);
    pvc_full_reg(ctx, &d_, t, &s_, mp_, pos, mode);
    *dst = d_;
}

/* sqrt (§10.4, §9.4): DAZ, then the correctly rounded root; a lane with its sign set (below
 * +0, -0 included: its rule is the runtime's) or a NaN goes to the runtime. */
PVC_FAST_FN void pvc_sqrt_fast(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                               const pvc_mreg *mask, int precision)
{
    if (PVC_LIKELY(!precision && pvc_fast_ok(t, PVC_MERGE_ZEROING, mask))) {
        pvc_f64x r;
        pvc_fast_get(&r, src);
        int one = pvc_fast_uniform(&r);
#if defined(__AVX512DQ__) /* no flush: a subnormal lane goes to the runtime too (as div's) */
        unsigned bad = 0;
        PVC_EACH4(i, {
            if (i == 0 || !one) {
                bad |= PVC_FAST_CLASS(r.p[i], 0xF5);
                pvc_fast_sqrt16(&r.p[i]);
            } else {
                r.p[i] = r.p[0];
            }
        });
#else
        pvc_i16x neg = {0};
        PVC_EACH4(i, {
            neg |= (pvc_i16x)((pvc_u16x)r.p[i] > 0x7F800000u);
            pvc_fast_flush(&r.p[i]);
            if (i == 0 || !one)
                pvc_fast_sqrt16(&r.p[i]);
            else
                r.p[i] = r.p[0];
        });
        unsigned bad = pvc_fast_bits(&neg);
#endif
        if (PVC_LIKELY(!bad)) {
            pvc_fast_put(dst, &r);
            return;
        }
    }
    pvc_vreg s_ = *src, d_ = *dst;
    PVC_FAST_MASK_COPY(m_, mp_, mask);
    pvc_sqrt(ctx, &d_, t, &s_, mp_, precision);
    *dst = d_;
}

/* mul_add_dst (§10.6): dst = fma(a, b, dst) lane by lane, one rounding. */
PVC_FAST_FN void pvc_mul_add_dst_fast(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t,
                                      const pvc_vreg *a, const pvc_vreg *b,
                                      const pvc_mreg *mask)
{
    if (PVC_LIKELY(pvc_fast_ok(t, PVC_MERGE_ZEROING, mask))) {
        pvc_f64x x, y, r;
        pvc_fast_get(&x, a);
        pvc_fast_get(&y, b);
        pvc_fast_get(&r, dst);
        PVC_EACH4(i, pvc_fast_fma16(&x.p[i], &y.p[i], &r.p[i]));
        if (PVC_LIKELY(!pvc_fast_nan(&r))) {
            pvc_fast_put(dst, &r);
            return;
        }
    }
    pvc_vreg x_ = *a, y_ = *b, d_ = *dst;
    PVC_FAST_MASK_COPY(m_, mp_, mask);
    pvc_mul_add_dst(ctx, &d_, t, &x_, &y_, mp_);
    *dst = d_;
}

/* exp_sub (§10.6) of FP32 sources: the difference as vf.sub makes it, inline, then the
 * runtime's exp of it (pvc_exp: DAZ, the correctly rounded exp, FTZ - exp_sub's own second
 * step, the same function), on copies. A NaN difference goes to the runtime op. */
PVC_FAST_FN void pvc_exp_sub_fast(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, pvc_dtype src_t,
                                  const pvc_vreg *src, const pvc_vreg *max_val,
                                  const pvc_mreg *mask, pvc_layout layout)
{
    if (PVC_LIKELY(src_t == PVC_DT_FP32 && (layout == PVC_LAYOUT_ZERO || layout == PVC_LAYOUT_ONE) &&
                   pvc_fast_ok(t, PVC_MERGE_ZEROING, mask))) {
        pvc_f64x x, m, d;
        pvc_fast_get(&x, src);
        pvc_fast_get(&m, max_val);
        PVC_EACH4(i, pvc_fast_bin1(PVC_FAST_SUB, &d.p[i], &x.p[i], &m.p[i]));
        if (PVC_LIKELY(!pvc_fast_nan(&d))) {
            pvc_vreg dv, e;
            pvc_fast_put(&dv, &d);
            pvc_exp(ctx, &e, PVC_DT_FP32, &dv, NULL);
            pvc_fast_copy(dst, &e);
            return;
        }
    }
    pvc_vreg s_ = *src, x_ = *max_val, d_ = *dst;
    PVC_FAST_MASK_COPY(m_, mp_, mask);
    pvc_exp_sub(ctx, &d_, t, src_t, &s_, &x_, mp_, layout);
    *dst = d_;
}

/* Lane 0 = v, lane 1 = w, the other lanes 0: the reductions' result register (§10.10). */
PVC_FAST_FN void pvc_fast_put_two(pvc_vreg *dst, uint32_t v, uint32_t w)
{
    /* built in vector registers and stored as whole pieces: a 64-byte read of the result
     * then comes from one store (a zeroing memset overlaid by an 8-byte store would make
     * the next op's load wait for both to reach the cache) */
    const pvc_u16x first = {~0u}, second = {0, ~0u};
    pvc_u16x z = {0}, lo = ((z + v) & first) | ((z + w) & second); /* broadcasts, masked */
    pvc_f64x r;
    r.p[0] = (pvc_f16x)lo;
    r.p[1] = r.p[2] = r.p[3] = (pvc_f16x)z;
    pvc_fast_put(dst, &r);
}

/* reduce_sum (§10.10): the pairwise tree x[k] = x[2k] + x[2k+1] over the 64 lanes, each level
 * the even lanes plus the odd ones; a NaN root goes to the runtime. */
PVC_FAST_FN void pvc_reduce_sum_fast(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t,
                                     const pvc_vreg *src, const pvc_mreg *mask)
{
    if (PVC_LIKELY(pvc_fast_ok(t, PVC_MERGE_ZEROING, mask))) {
        pvc_f64x v;
        pvc_fast_get(&v, src);
        pvc_f16x b0 = PVC_FAST_SHUF(v.p[0], v.p[1], PVC_FAST_EVEN) + PVC_FAST_SHUF(v.p[0], v.p[1], PVC_FAST_ODD);
        pvc_f16x b1 = PVC_FAST_SHUF(v.p[2], v.p[3], PVC_FAST_EVEN) + PVC_FAST_SHUF(v.p[2], v.p[3], PVC_FAST_ODD);
        pvc_f16x c = PVC_FAST_SHUF(b0, b1, PVC_FAST_EVEN) + PVC_FAST_SHUF(b0, b1, PVC_FAST_ODD);
        /* c's 16 lanes are the sums of the blocks of four; the last four levels add each
         * pair of the level below in place (lane 0 + 1, then 0 + 2, 0 + 4, 0 + 8: the same
         * pairs as packing even and odd lanes, and add commutes bit for bit), by swaps within
         * 128-bit lanes and of whole 128/256-bit halves, which are cheaper than permutes */
        c = c + PVC_FAST_SHUF(c, c, 1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14);
        c = c + PVC_FAST_SHUF(c, c, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
        c = c + PVC_FAST_SHUF(c, c, 4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11);
        c = c + PVC_FAST_SHUF(c, c, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
        if (PVC_LIKELY(c[0] == c[0])) {
            uint32_t bits;
            memcpy(&bits, &c, 4);
            pvc_fast_put_two(dst, bits, 0);
            return;
        }
    }
    pvc_vreg s_ = *src, d_ = *dst;
    PVC_FAST_MASK_COPY(m_, mp_, mask);
    pvc_reduce_sum(ctx, &d_, t, &s_, mp_);
    *dst = d_;
}

/* u = the larger of u and v, lane by lane (unsigned). */
PVC_FAST_FN void pvc_fast_umax(pvc_u16x *u, const pvc_u16x *v)
{
    pvc_u16x gt = (pvc_u16x)(*v > *u);
    *u = (*v & gt) | (*u & ~gt);
}

/* reduce_max (§10.10): the largest value by the key that orders floats -inf < ... < -0 <
 * +0 < ... < +inf, and the lowest lane holding it; any NaN lane goes to the runtime. */
PVC_FAST_FN void pvc_reduce_max_fast(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t,
                                     const pvc_vreg *src, const pvc_mreg *mask)
{
    if (PVC_LIKELY(pvc_fast_ok(t, PVC_MERGE_ZEROING, mask))) {
        pvc_f64x v;
        pvc_u16x key[4], best, o;
        pvc_fast_get(&v, src);
        int nan = pvc_fast_nan(&v);
        PVC_EACH4(i, {
            pvc_u16x u = (pvc_u16x)v.p[i];
            key[i] = u ^ ((0u - (u >> 31)) | 0x80000000u);
        });
        best = key[0];
        PVC_EACH4_FROM1(i, pvc_fast_umax(&best, &key[i]));
        /* every lane the largest key: the max with the lanes 8, 4, 2 and 1 away */
        o = PVC_FAST_SHUF(best, best, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
        pvc_fast_umax(&best, &o);
        o = PVC_FAST_SHUF(best, best, 4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11);
        pvc_fast_umax(&best, &o);
        o = PVC_FAST_SHUF(best, best, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
        pvc_fast_umax(&best, &o);
        o = PVC_FAST_SHUF(best, best, 1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14);
        pvc_fast_umax(&best, &o);
        if (PVC_LIKELY(!nan)) {
            unsigned at = 0;
            PVC_EACH4_DOWN(i, { /* the lowest lane holding it */
                pvc_i16x eq = (pvc_i16x)(key[i] == best);
                unsigned hit = pvc_fast_bits(&eq);
                at = hit ? 16u * (unsigned)i + (unsigned)__builtin_ctz(hit) : at;
            });
            /* the value is the key's preimage (the key is one-to-one), not a read of lane
             * `at`: a caller that never reads the index lane (pvc_lane0_hint) drops it */
            uint32_t k0 = best[0], bits = k0 ^ (((k0 >> 31) - 1u) | 0x80000000u);
            pvc_fast_put_two(dst, bits, at);
            return;
        }
    }
    pvc_vreg s_ = *src, d_ = *dst;
    PVC_FAST_MASK_COPY(m_, mp_, mask);
    pvc_reduce_max(ctx, &d_, t, &s_, mp_);
    *dst = d_;
}

#else /* tcc, or PVC_RT_NO_FAST (the simulator's rows): the runtime ops */
#define pvc_uniform_hint(r) ((void)(r))
#define pvc_lane0_hint(r) ((void)(r))
#define pvc_add_fast pvc_add
#define pvc_sub_fast pvc_sub
#define pvc_mul_fast pvc_mul
#define pvc_div_fast pvc_div
#define pvc_max_fast pvc_max
#define pvc_adds_fast pvc_adds
#define pvc_muls_fast pvc_muls
#define pvc_full_fast pvc_full
#define pvc_full_reg_fast pvc_full_reg
#define pvc_sqrt_fast pvc_sqrt
#define pvc_mul_add_dst_fast pvc_mul_add_dst
#define pvc_reduce_sum_fast pvc_reduce_sum
#define pvc_reduce_max_fast pvc_reduce_max
#define pvc_exp_sub_fast pvc_exp_sub
#endif

#endif /* PVC_RT_FAST_H */
