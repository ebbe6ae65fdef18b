/* tile_ew.c - the element-wise tile ops (pvc_rt_tile.h, docs/SEMANTICS.md §15.4): tile x
 * tile, tile x scalar, unary and pl.expands. Each is the loop of §15.2 over dst's valid
 * shape with one register op (pvc_rt_arith.h, pvc_rt_lanes.h) per 256-byte chunk. */
#include "tile_internal.h"

/* One chunk's work: d = OP(a, b) with b a register (tile x tile) or s (scalar), mask m. */
typedef void (*bin_fn)(pvc_ctx *ctx, pvc_vreg *d, pvc_dtype t, const pvc_vreg *a, const pvc_vreg *b,
                       const pvc_mreg *m);
typedef void (*sop_fn)(pvc_ctx *ctx, pvc_vreg *d, pvc_dtype t, const pvc_vreg *a, uint64_t s,
                       const pvc_mreg *m);

#define ZEROING_OP(name, fn)                                                                          \
    static void name(pvc_ctx *ctx, pvc_vreg *d, pvc_dtype t, const pvc_vreg *a, const pvc_vreg *b,    \
                     const pvc_mreg *m)                                                               \
    {                                                                                                 \
        fn(ctx, d, t, a, b, m, PVC_MERGE_ZEROING);                                                    \
    }
ZEROING_OP(bin_add, pvc_add)
ZEROING_OP(bin_sub, pvc_sub)
ZEROING_OP(bin_mul, pvc_mul)
ZEROING_OP(bin_div, pvc_div)
ZEROING_OP(bin_max, pvc_max)
ZEROING_OP(bin_min, pvc_min)
#undef ZEROING_OP

static const struct {
    const char *name;
    bin_fn fn;
} binops[PVC_TB_COUNT] = {
    [PVC_TB_ADD] = {"pl.add", bin_add},   [PVC_TB_SUB] = {"pl.sub", bin_sub},
    [PVC_TB_MUL] = {"pl.mul", bin_mul},   [PVC_TB_DIV] = {"pl.div", bin_div},
    [PVC_TB_MAX] = {"pl.maximum", bin_max}, [PVC_TB_MIN] = {"pl.minimum", bin_min},
    [PVC_TB_AND] = {"pl.and_", pvc_and},  [PVC_TB_OR] = {"pl.or_", pvc_or},
    [PVC_TB_XOR] = {"pl.xor", pvc_xor},   [PVC_TB_SHL] = {"pl.shl", pvc_shift_left_reg},
    [PVC_TB_SHR] = {"pl.shr", pvc_shift_right_reg},
};

void rt_tile_bin_chunk(pvc_ctx *ctx, pvc_tile_bin op, pvc_vreg *d, pvc_dtype t, const pvc_vreg *a,
                       const pvc_vreg *b, const pvc_mreg *m)
{
    binops[op].fn(ctx, d, t, a, b, m);
}

const char *rt_tile_bin_name(pvc_tile_bin op) { return binops[op].name; }

/* The scalar forms that are a register op against a register of s (PTO broadcasts s). */
#define SPLAT_OP(name, fn, first)                                                                  \
    static void name(pvc_ctx *ctx, pvc_vreg *d, pvc_dtype t, const pvc_vreg *a, uint64_t s,        \
                     const pvc_mreg *m)                                                            \
    {                                                                                              \
        pvc_vreg b;                                                                                \
        rt_splat(&b, pvc_dtype_lane_bytes(t), s);                                                  \
        if (first)                                                                                 \
            fn(ctx, d, t, &b, a, m);                                                               \
        else                                                                                       \
            fn(ctx, d, t, a, &b, m);                                                               \
    }
SPLAT_OP(sop_divs, bin_div, 0)
SPLAT_OP(sop_muls_reg, bin_mul, 0)

/* TMULS: vmuls, which takes BF16 too at the tile level; the register op pvc_muls does not, so
 * a BF16 tile multiplies by a register of s (the same product, one rounding). */
static void sop_muls(pvc_ctx *ctx, pvc_vreg *d, pvc_dtype t, const pvc_vreg *a, uint64_t s, const pvc_mreg *m)
{
    if (t == PVC_DT_BF16)
        sop_muls_reg(ctx, d, t, a, s, m);
    else
        pvc_muls(ctx, d, t, a, s, m);
}
SPLAT_OP(sop_rdivs, bin_div, 1)
SPLAT_OP(sop_ands, pvc_and, 0)
SPLAT_OP(sop_ors, pvc_or, 0)
SPLAT_OP(sop_xors, pvc_xor, 0)
#undef SPLAT_OP

static const struct {
    const char *name;
    sop_fn fn;
    int reads_dst; /* the register op reads dst's old chunk (axpy) */
} sops[PVC_TS_COUNT] = {
    [PVC_TS_ADDS] = {"pl.adds", pvc_adds, 0},   [PVC_TS_SUBS] = {"pl.subs", pvc_subs, 0},
    [PVC_TS_MULS] = {"pl.muls", sop_muls, 0},   [PVC_TS_DIVS] = {"pl.divs", sop_divs, 0},
    [PVC_TS_RDIVS] = {"pl.divs", sop_rdivs, 0}, [PVC_TS_MAXS] = {"pl.maxs", pvc_maxs, 0},
    [PVC_TS_MINS] = {"pl.mins", pvc_mins, 0},   [PVC_TS_ANDS] = {"pl.ands", sop_ands, 0},
    [PVC_TS_ORS] = {"pl.ors", sop_ors, 0},      [PVC_TS_XORS] = {"pl.xors", sop_xors, 0},
    [PVC_TS_SHLS] = {"pl.shls", pvc_shift_left, 0}, [PVC_TS_SHRS] = {"pl.shrs", pvc_shift_right, 0},
    [PVC_TS_AXPY] = {"pl.axpy", pvc_axpy, 1},
};

/* Unary chunks. */
static uint64_t one_of(pvc_dtype t) { return pvc_scalar_bits(t, 1, 0.0f, 0); }

static void u_exp(pvc_ctx *ctx, pvc_vreg *d, pvc_dtype t, const pvc_vreg *a, const pvc_mreg *m)
{
    pvc_exp(ctx, d, t, a, m);
}
static void u_log(pvc_ctx *ctx, pvc_vreg *d, pvc_dtype t, const pvc_vreg *a, const pvc_mreg *m)
{
    pvc_ln(ctx, d, t, a, m);
}
static void u_sqrt(pvc_ctx *ctx, pvc_vreg *d, pvc_dtype t, const pvc_vreg *a, const pvc_mreg *m)
{
    pvc_sqrt(ctx, d, t, a, m, 0);
}
static void u_recip(pvc_ctx *ctx, pvc_vreg *d, pvc_dtype t, const pvc_vreg *a, const pvc_mreg *m)
{
    sop_rdivs(ctx, d, t, a, one_of(t), m);
}
static void u_rsqrt(pvc_ctx *ctx, pvc_vreg *d, pvc_dtype t, const pvc_vreg *a, const pvc_mreg *m)
{
    pvc_vreg s;
    pvc_sqrt(ctx, &s, t, a, m, 0);
    sop_rdivs(ctx, d, t, &s, one_of(t), m);
}
static void u_relu(pvc_ctx *ctx, pvc_vreg *d, pvc_dtype t, const pvc_vreg *a, const pvc_mreg *m)
{
    pvc_relu(ctx, d, t, a, m);
}
static void u_abs(pvc_ctx *ctx, pvc_vreg *d, pvc_dtype t, const pvc_vreg *a, const pvc_mreg *m)
{
    pvc_abs(ctx, d, t, a, m);
}
static void u_neg(pvc_ctx *ctx, pvc_vreg *d, pvc_dtype t, const pvc_vreg *a, const pvc_mreg *m)
{
    sop_muls(ctx, d, t, a, pvc_scalar_bits(t, -1, 0.0f, 0), m);
}

typedef void (*un_fn)(pvc_ctx *ctx, pvc_vreg *d, pvc_dtype t, const pvc_vreg *a, const pvc_mreg *m);
static const struct {
    const char *name;
    un_fn fn;
} unops[PVC_TU_COUNT] = {
    [PVC_TU_EXP] = {"pl.exp", u_exp},       [PVC_TU_LOG] = {"pl.log", u_log},
    [PVC_TU_SQRT] = {"pl.sqrt", u_sqrt},    [PVC_TU_RSQRT] = {"pl.rsqrt", u_rsqrt},
    [PVC_TU_RECIP] = {"pl.recip", u_recip}, [PVC_TU_RELU] = {"pl.relu", u_relu},
    [PVC_TU_ABS] = {"pl.abs", u_abs},       [PVC_TU_NEG] = {"pl.neg", u_neg},
    [PVC_TU_NOT] = {"pl.not_", pvc_not},
};

/* The §15.2 loop: for each chunk of dst's window, load a (and b, and dst when the op reads
 * it), run the chunk's op, store the active lanes. */
typedef struct {
    int kind; /* 0 binary, 1 scalar, 2 unary, 3 expands */
    bin_fn bin;
    sop_fn sop;
    un_fn un;
    uint64_t s;
    int reads_dst;
} ew_op;

static int64_t ew_loop(pvc_ctx *ctx, const ew_op *o, const rt_tv *d, const rt_tv *a, const rt_tv *b)
{
    uint32_t e = rt_tv_lanes(d);
    int64_t chunks = 0;
    pvc_vreg va, vb, vd;
    pvc_mreg m;
    for (uint32_t line = 0; line < d->lines; line++)
        for (uint32_t k = 0; k < d->len; k += e, chunks++) {
            uint32_t n = d->len - k < e ? d->len - k : e;
            rt_first_lanes(&m, n, d->eb);
            if (a)
                rt_tv_load(ctx, a, line, k, n, &va);
            if (b)
                rt_tv_load(ctx, b, line, k, n, &vb);
            if (o->reads_dst)
                rt_tv_load(ctx, d, line, k, n, &vd);
            switch (o->kind) {
            case 0: o->bin(ctx, &vd, d->dt, &va, &vb, &m); break;
            case 1: o->sop(ctx, &vd, d->dt, &va, o->s, &m); break;
            case 2: o->un(ctx, &vd, d->dt, &va, &m); break;
            default: pvc_full(ctx, &vd, d->dt, o->s, &m, PVC_MERGE_ZEROING); break;
            }
            rt_tv_store(ctx, d, line, k, n, &vd);
        }
    return chunks;
}

int64_t pvc_tile_binary(pvc_ctx *ctx, pvc_tile_bin op, const pvc_tile *dst, int64_t dst_vr, int64_t dst_vc,
                        const pvc_tile *a, int64_t a_vr, int64_t a_vc, const pvc_tile *b, int64_t b_vr,
                        int64_t b_vc)
{
    if ((unsigned)op >= PVC_TB_COUNT) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "tile.binary", dst->addr, 0, "no tile op %d", (int)op);
        return 0;
    }
    const char *name = binops[op].name;
    rt_tv d, va, vb;
    if (!rt_tv_make(ctx, name, &d, dst, dst_vr, dst_vc) || !rt_tv_make(ctx, name, &va, a, a_vr, a_vc) ||
        !rt_tv_make(ctx, name, &vb, b, b_vr, b_vc) || !rt_tv_same_dtype(ctx, name, &d, &va) ||
        !rt_tv_same_dtype(ctx, name, &d, &vb) || !rt_tv_covers(ctx, name, &va, d.lines, d.len) ||
        !rt_tv_covers(ctx, name, &vb, d.lines, d.len))
        return 0;
    ew_op o = {.kind = 0, .bin = binops[op].fn};
    return rt_tile_done(ctx, ew_loop(ctx, &o, &d, &va, &vb));
}

int64_t pvc_tile_scalar(pvc_ctx *ctx, pvc_tile_sop op, const pvc_tile *dst, int64_t dst_vr, int64_t dst_vc,
                        const pvc_tile *a, int64_t a_vr, int64_t a_vc, uint64_t s)
{
    if ((unsigned)op >= PVC_TS_COUNT) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "tile.scalar", dst->addr, 0, "no tile op %d", (int)op);
        return 0;
    }
    const char *name = sops[op].name;
    rt_tv d, va;
    if (!rt_tv_make(ctx, name, &d, dst, dst_vr, dst_vc) || !rt_tv_make(ctx, name, &va, a, a_vr, a_vc) ||
        !rt_tv_same_dtype(ctx, name, &d, &va) || !rt_tv_covers(ctx, name, &va, d.lines, d.len))
        return 0;
    ew_op o = {.kind = 1, .sop = sops[op].fn, .s = s, .reads_dst = sops[op].reads_dst};
    return rt_tile_done(ctx, ew_loop(ctx, &o, &d, &va, NULL));
}

int64_t pvc_tile_unary(pvc_ctx *ctx, pvc_tile_uop op, const pvc_tile *dst, int64_t dst_vr, int64_t dst_vc,
                       const pvc_tile *a, int64_t a_vr, int64_t a_vc)
{
    if ((unsigned)op >= PVC_TU_COUNT) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "tile.unary", dst->addr, 0, "no tile op %d", (int)op);
        return 0;
    }
    const char *name = unops[op].name;
    rt_tv d, va;
    if (!rt_tv_make(ctx, name, &d, dst, dst_vr, dst_vc) || !rt_tv_make(ctx, name, &va, a, a_vr, a_vc) ||
        !rt_tv_same_dtype(ctx, name, &d, &va) || !rt_tv_covers(ctx, name, &va, d.lines, d.len))
        return 0;
    ew_op o = {.kind = 2, .un = unops[op].fn};
    return rt_tile_done(ctx, ew_loop(ctx, &o, &d, &va, NULL));
}

int64_t pvc_tile_expands(pvc_ctx *ctx, const pvc_tile *dst, int64_t dst_vr, int64_t dst_vc, uint64_t s)
{
    rt_tv d;
    if (!rt_tv_make(ctx, "pl.expands", &d, dst, dst_vr, dst_vc))
        return 0;
    ew_op o = {.kind = 3, .s = s};
    return rt_tile_done(ctx, ew_loop(ctx, &o, &d, NULL, NULL));
}

int64_t pvc_tile_addc(pvc_ctx *ctx, const pvc_tile *dst, int64_t dst_vr, int64_t dst_vc, const pvc_tile *a,
                      int64_t a_vr, int64_t a_vc, const pvc_tile *b, int64_t b_vr, int64_t b_vc, const pvc_tile *c,
                      int64_t c_vr, int64_t c_vc)
{
    const char *name = "pl.addc";
    rt_tv d, s[3];
    const pvc_tile *src[3] = {a, b, c};
    int64_t vr[3] = {a_vr, b_vr, c_vr}, vc[3] = {a_vc, b_vc, c_vc};
    if (!rt_tv_make(ctx, name, &d, dst, dst_vr, dst_vc))
        return 0;
    for (int k = 0; k < 3; k++)
        if (!rt_tv_make(ctx, name, &s[k], src[k], vr[k], vc[k]) || !rt_tv_same_dtype(ctx, name, &d, &s[k]) ||
            !rt_tv_covers(ctx, name, &s[k], d.lines, d.len))
            return 0;
    /* the §15.2 loop with two vadds per chunk: (a + b) + c, each rounded (§15.26) */
    uint32_t e = rt_tv_lanes(&d);
    int64_t chunks = 0;
    pvc_vreg va, vb, vc_, t, vd;
    pvc_mreg m;
    for (uint32_t line = 0; line < d.lines; line++)
        for (uint32_t k = 0; k < d.len; k += e, chunks++) {
            uint32_t n = d.len - k < e ? d.len - k : e;
            rt_first_lanes(&m, n, d.eb);
            rt_tv_load(ctx, &s[0], line, k, n, &va);
            rt_tv_load(ctx, &s[1], line, k, n, &vb);
            rt_tv_load(ctx, &s[2], line, k, n, &vc_);
            binops[PVC_TB_ADD].fn(ctx, &t, d.dt, &va, &vb, &m);
            binops[PVC_TB_ADD].fn(ctx, &vd, d.dt, &t, &vc_, &m);
            rt_tv_store(ctx, &d, line, k, n, &vd);
        }
    return rt_tile_done(ctx, chunks);
}
