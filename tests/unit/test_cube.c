/* test_cube.c - the cube side's runtime (runtime/src/cube_*.c, docs/SEMANTICS.md §17): the
 * space table, the layout index maps against the worked examples of §17.3.3 and against an
 * enumeration of the fractals in their order, GM -> L1 loads, L1 -> L0 moves, matmul in
 * every dtype pair, the fixpipe conversions at their edge values, the Acc -> Vec split modes
 * and the faults of the space checks. Every expected value is derived by hand in the comment
 * beside it, or computed here by a route other than the runtime's. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pvc_rt.h"
#include "unit.h"

static const char *const layout_name[PVC_TL_COUNT] = {
#define X(name, pyname, bmaj, smaj, text) pyname,
    PVC_TILE_LAYOUTS(X)
#undef X
};

static pvc_tile ctile(uint32_t addr, pvc_dtype t, uint32_t rows, uint32_t cols, pvc_mem s, pvc_tile_layout l)
{
    pvc_tile x = {.addr = addr, .dtype = t, .rows = rows, .cols = cols, .mem = s, .layout = l};
    return x;
}

/* A block: one cube core and two vector cores wired as the block runner wires them. */
typedef struct {
    pvc_ctx *aic, *aiv[2];
} block;

static void block_new(block *b)
{
    b->aic = pvc_ctx_new();
    b->aic->core = PVC_CORE_AIC;
    b->aic->cube = calloc(1, PVC_CUBE_BYTES);
    for (int i = 0; i < 2; i++) {
        b->aiv[i] = pvc_ctx_new();
        b->aiv[i]->aic = b->aic;
        b->aiv[i]->subblock_idx = i;
        b->aic->aiv[i] = b->aiv[i];
    }
}

static void block_free(block *b)
{
    free(b->aic->cube);
    pvc_ctx_free(b->aic);
    pvc_ctx_free(b->aiv[0]);
    pvc_ctx_free(b->aiv[1]);
}

typedef struct {
    const pvc_tile *dst, *src;
    int64_t m, k;
} move_arg;

static void move_fn(pvc_ctx *ctx, void *arg)
{
    move_arg *a = arg;
    pvc_cube_move(ctx, a->dst, a->src, a->m, a->k);
}

static int pcall_move(pvc_ctx *ctx, const pvc_tile *dst, const pvc_tile *src, int64_t m, int64_t k)
{
    move_arg a = {dst, src, m, k};
    return pvc_ctx_pcall(ctx, move_fn, &a);
}

static uint8_t *mat_bytes(block *b, const pvc_tile *t)
{
    return b->aic->cube + pvc_mem_table[t->mem].base + t->addr;
}

static void test_space_table(void)
{
    /* every cube space (a row of PVC_MEMS the AIC owns) starts where another ends, from 0 */
    uint32_t end = 0;
    int rows = 0, chained = 0;
    for (int i = 0; i < PVC_MEM_COUNT; i++)
        rows += pvc_mem_table[i].core == PVC_CORE_AIC;
    for (int found = 1; found;) {
        found = 0;
        for (int i = 0; i < PVC_MEM_COUNT && !found; i++)
            if (pvc_mem_table[i].core == PVC_CORE_AIC && pvc_mem_table[i].base == end) {
                end += pvc_mem_table[i].bytes;
                chained++;
                found = 1;
            }
    }
    UNIT_CHECK(chained == rows, "every cube space starts where another ends (%d of %d)", chained, rows);
    UNIT_CHECK(end == PVC_CUBE_BYTES, "the cube spaces add up to PVC_CUBE_BYTES (%u)", end);
    UNIT_CHECK(pvc_mem_table[PVC_MEM_MAT].bytes == 512 * 1024 && pvc_mem_table[PVC_MEM_ACC].bytes == 256 * 1024 &&
                   pvc_mem_table[PVC_MEM_LEFT].align == 512 && pvc_mem_table[PVC_MEM_ACC].align == 64,
               "%s", "L1 512 KiB, L0C 256 KiB, L0A 512-byte and L0C 64-byte alignment");
    UNIT_CHECK(pvc_cube_path_find(PVC_MEM_MAT, PVC_MEM_LEFT) && !pvc_cube_path_find(PVC_MEM_ACC, PVC_MEM_MAT),
               "%s", "Mat -> Left is a path, Acc -> Mat is not");
}

/* §17.3.3's worked examples: (layout, dtype, fractal, rows, cols, r, c) -> element offset. */
static void test_worked_offsets(void)
{
    static const struct {
        pvc_tile_layout l;
        pvc_dtype t;
        pvc_mem s;
        uint32_t rows, cols, r, c;
        int64_t off;
    } ex[] = {
        {PVC_TL_NZ, PVC_DT_FP16, PVC_MEM_MAT, 32, 32, 17, 20, 788},   /* (2*1+1)*256 + 1*16 + 4 */
        {PVC_TL_ZN, PVC_DT_FP16, PVC_MEM_RIGHT, 32, 32, 17, 20, 833}, /* (2*1+1)*256 + 4*16 + 1 */
        {PVC_TL_NZ, PVC_DT_FP32, PVC_MEM_ACC, 32, 32, 17, 20, 788},   /* 16x16 fractals of 1024 B */
        {PVC_TL_NZ, PVC_DT_FP32, PVC_MEM_MAT, 32, 32, 17, 20, 652},   /* 16x8: (2*2+1)*128 + 8 + 4 */
        {PVC_TL_NZ, PVC_DT_INT8, PVC_MEM_MAT, 32, 64, 17, 40, 1576},  /* 16x32: (2+1)*512 + 32 + 8 */
        {PVC_TL_ZN, PVC_DT_FP16, PVC_MEM_RIGHT, 32, 32, 3, 17, 275},  /* (0+1)*256 + 1*16 + 3 */
    };
    for (size_t i = 0; i < sizeof ex / sizeof ex[0]; i++) {
        pvc_tile t = ctile(0, ex[i].t, ex[i].rows, ex[i].cols, ex[i].s, ex[i].l);
        pvc_tgeom g;
        pvc_tile_geom(&t, &g);
        int64_t off = pvc_tgeom_off(&g, ex[i].r, ex[i].c);
        UNIT_CHECK(off == ex[i].off, "example %zu: offset %lld, want %lld", i, (long long)off, (long long)ex[i].off);
    }
}

/* The whole-tile rule of each boxed layout, by enumeration: walk the fractals in their order
 * (NZ / NN: column of fractals by column; ZN / ZZ: row by row) and the elements inside one in
 * theirs (Z: row-major, N: column-major), numbering them 0, 1, 2, ...; the index map must
 * give each element its number. */
static void test_enumerated_layouts(void)
{
    static const struct { pvc_tile_layout l; pvc_dtype t; uint32_t rows, cols; } cases[] = {
        {PVC_TL_NZ, PVC_DT_FP16, 48, 64}, {PVC_TL_ZN, PVC_DT_FP16, 32, 48}, {PVC_TL_NZ, PVC_DT_FP32, 32, 24},
        {PVC_TL_ZN, PVC_DT_FP32, 24, 32}, {PVC_TL_NZ, PVC_DT_INT8, 32, 96}, {PVC_TL_ZZ, PVC_DT_FP16, 32, 32},
        {PVC_TL_NN, PVC_DT_INT8, 64, 32},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pvc_tile t = ctile(0, cases[i].t, cases[i].rows, cases[i].cols, PVC_MEM_MAT, cases[i].l);
        pvc_tgeom g;
        pvc_tile_geom(&t, &g);
        uint32_t bits = pvc_dtype_table[cases[i].t].bits;
        int zbig = cases[i].l == PVC_TL_ZN || cases[i].l == PVC_TL_ZZ;   /* fractals row by row */
        int zsmall = cases[i].l == PVC_TL_NZ || cases[i].l == PVC_TL_ZZ; /* inside: row-major */
        uint32_t ir = zsmall ? 16 : 256 / bits, ic = zsmall ? 256 / bits : 16; /* 32 bytes across */
        uint32_t nbr = cases[i].rows / ir, nbc = cases[i].cols / ic, bad = 0;
        int64_t n = 0;
        for (uint32_t outer = 0; outer < (zbig ? nbr : nbc); outer++)
            for (uint32_t inner = 0; inner < (zbig ? nbc : nbr); inner++)
                for (uint32_t a = 0; a < (zsmall ? ir : ic); a++)
                    for (uint32_t b = 0; b < (zsmall ? ic : ir); b++, n++) {
                        uint32_t br = zbig ? outer : inner, bc = zbig ? inner : outer;
                        uint32_t r = br * ir + (zsmall ? a : b), c = bc * ic + (zsmall ? b : a);
                        bad += pvc_tgeom_off(&g, r, c) != n;
                    }
        UNIT_CHECK(bad == 0 && g.ir == ir && g.ic == ic, "%s %s %ux%u: %u elements off their number",
                   layout_name[cases[i].l], pvc_dtype_table[cases[i].t].name, cases[i].rows, cases[i].cols, bad);
    }
    /* a one-row boxed tile is row-contiguous; ND / DN are the plain maps */
    UNIT_CHECK(pvc_tl_off(PVC_TL_NZ, 1, 64, 16, 16, 0, 37) == 37, "%s", "[1, 64] NZ: element 37 at 37");
    UNIT_CHECK(pvc_tl_off(PVC_TL_DN, 8, 4, 1, 1, 3, 2) == 19, "%s", "DN 8x4: (3, 2) at 3 + 2*8");
}

static uint16_t h(double v) { return (uint16_t)pvc_value_encode(PVC_DT_FP16, v, PVC_ROUND_RINT, PVC_SAT_OFF); }
static double hv(const uint8_t *p) { return pvc_value_decode(PVC_DT_FP16, (uint64_t)p[0] | (uint64_t)p[1] << 8); }

/* A 40x56 FP16 valid region into a 48x64 NZ tile (§17.4.1, the doc figure): element (r, c)
 * of the GM matrix at the NZ offset, columns 56..63 of rows < 40 zero, rows 40..47 kept. */
static void test_load_nd2nz(void)
{
    block b;
    block_new(&b);
    uint16_t *gm = malloc(sizeof(uint16_t) * 50 * 70);
    for (int r = 0; r < 50; r++)
        for (int c = 0; c < 70; c++)
            gm[r * 70 + c] = h((r * 7 + c) % 97);
    pvc_tensor src = {gm, PVC_DT_FP16, 2, {50, 70, 0, 0}, {0}, 0, 0, PVC_TL_ND};
    pvc_tile t = ctile(0x400, PVC_DT_FP16, 48, 64, PVC_MEM_MAT, PVC_TL_NZ);
    uint8_t *buf = mat_bytes(&b, &t);
    memset(buf, 0xEE, 48 * 64 * 2);
    int64_t clipped = pvc_cube_load(b.aic, &t, &src, 2, 3, 0, 0, 0, 0, 0, 0, 0, 1, 40, 56, 0, PVC_STRIDE_DEFAULT,
                                    PVC_STRIDE_DEFAULT, 0);
    int bad = 0;
    for (int r = 0; r < 48; r++)
        for (int c = 0; c < 64; c++) {
            /* NZ 16x16: fractal (r/16, c/16) at (3*(c/16) + r/16)*256, inside (r%16)*16 + c%16 */
            const uint8_t *e = buf + ((3 * (c / 16) + r / 16) * 256 + (r % 16) * 16 + c % 16) * 2;
            if (r < 40 && c < 56)
                bad += hv(e) != ((r + 2) * 7 + c + 3) % 97;
            else if (r < 40)
                bad += e[0] != 0 || e[1] != 0;
            else
                bad += e[0] != 0xEE || e[1] != 0xEE;
        }
    UNIT_CHECK(bad == 0 && clipped == 0, "ND -> NZ load: %d elements wrong, %lld clipped", bad, (long long)clipped);
    /* transposed (order=[1, 0]) into ZN: tile(r, c) = GM[c][r] */
    pvc_tile z = ctile(0x4000, PVC_DT_FP16, 32, 16, PVC_MEM_MAT, PVC_TL_ZN);
    pvc_cube_load(b.aic, &z, &src, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 32, 16, 1, PVC_STRIDE_DEFAULT, PVC_STRIDE_DEFAULT, 0);
    pvc_tgeom g;
    pvc_tile_geom(&z, &g);
    bad = 0;
    for (int r = 0; r < 32; r++)
        for (int c = 0; c < 16; c++)
            bad += hv(mat_bytes(&b, &z) + pvc_tgeom_off(&g, r, c) * 2) != (c * 7 + r) % 97;
    UNIT_CHECK(bad == 0, "DN -> ZN load: %d elements wrong", bad);
    free(gm);
    block_free(&b);
}

/* Mat NZ [128, 256] -> Left NZ [128, 64] at [0, 64] (§17.4.2 g), and Mat NZ -> Right ZN:
 * dst(r, c) = src(r + m, c + k) whatever the layouts. */
static void test_move(void)
{
    block b;
    block_new(&b);
    pvc_tile mat = ctile(0, PVC_DT_FP16, 128, 256, PVC_MEM_MAT, PVC_TL_NZ);
    pvc_tgeom mg, lg;
    pvc_tile_geom(&mat, &mg);
    for (int r = 0; r < 128; r++)
        for (int c = 0; c < 256; c++) {
            uint16_t v = (uint16_t)(r * 256 + c);
            memcpy(mat_bytes(&b, &mat) + pvc_tgeom_off(&mg, r, c) * 2, &v, 2);
        }
    pvc_tile left = ctile(0, PVC_DT_FP16, 128, 64, PVC_MEM_LEFT, PVC_TL_NZ);
    pvc_cube_move(b.aic, &left, &mat, 0, 64);
    pvc_tile right = ctile(0, PVC_DT_FP16, 64, 32, PVC_MEM_RIGHT, PVC_TL_ZN);
    pvc_cube_move(b.aic, &right, &mat, 16, 32);
    int bad = 0;
    pvc_tile_geom(&left, &lg);
    for (int r = 0; r < 128; r++)
        for (int c = 0; c < 64; c++) {
            uint16_t v;
            memcpy(&v, mat_bytes(&b, &left) + pvc_tgeom_off(&lg, r, c) * 2, 2);
            bad += v != (uint16_t)(r * 256 + c + 64);
        }
    for (int r = 0; r < 64; r++)
        for (int c = 0; c < 32; c++) {
            uint16_t v; /* ZN 16x16: fractal (r/16, c/16) at (2*(r/16) + c/16)*256, (c%16)*16 + r%16 */
            memcpy(&v, mat_bytes(&b, &right) + ((2 * (r / 16) + c / 16) * 256 + (c % 16) * 16 + r % 16) * 2, 2);
            bad += v != (uint16_t)((r + 16) * 256 + c + 32);
        }
    UNIT_CHECK(bad == 0, "Mat -> Left at [0, 64], Mat -> Right at [16, 32]: %d elements wrong", bad);
    UNIT_CHECK(pcall_move(b.aic, &left, &mat, 0, 8) == PVC_FAULT_BAD_ARG,
               "%s", "a k offset off the 16-column fractal faults");
    block_free(&b);
}

/* ---- matmul ---- */

typedef struct {
    pvc_dtype lt, rt;
    int m, k, n;
} mad_case;

/* Fills lhs / rhs of a case with small values exact in every dtype, places them through the
 * index maps, runs the matmul and compares with a sum computed here: exact for integers,
 * and for floats of small integers (every partial sum is an integer below 2^24). */
static void check_mad_exact(const mad_case *mc)
{
    block b;
    block_new(&b);
    pvc_dtype acc = pvc_mad_acc_dtype(mc->lt, mc->rt);
    int M = (mc->m + 15) / 16 * 16, N = (mc->n + 15) / 16 * 16, K = (mc->k + 31) / 32 * 32;
    pvc_tile l = ctile(0, mc->lt, M, K, PVC_MEM_LEFT, PVC_TL_NZ), r = ctile(0, mc->rt, K, N, PVC_MEM_RIGHT, PVC_TL_ZN);
    pvc_tile d = ctile(0, acc, M, N, PVC_MEM_ACC, PVC_TL_NZ);
    pvc_tgeom lg, rg, dg;
    pvc_tile_geom(&l, &lg), pvc_tile_geom(&r, &rg), pvc_tile_geom(&d, &dg);
    unsigned lb = pvc_dtype_lane_bytes(mc->lt), rb = pvc_dtype_lane_bytes(mc->rt);
    for (int i = 0; i < M; i++)
        for (int k = 0; k < K; k++) {
            uint64_t code = pvc_value_encode(mc->lt, (double)((i + 2 * k) % 7 - 3), PVC_ROUND_RINT, PVC_SAT_OFF);
            memcpy(mat_bytes(&b, &l) + pvc_tgeom_off(&lg, i, k) * lb, &code, lb);
        }
    for (int k = 0; k < K; k++)
        for (int j = 0; j < N; j++) {
            uint64_t code = pvc_value_encode(mc->rt, (double)((3 * k + j) % 5 - 2), PVC_ROUND_RINT, PVC_SAT_OFF);
            memcpy(mat_bytes(&b, &r) + pvc_tgeom_off(&rg, k, j) * rb, &code, rb);
        }
    pvc_mad(b.aic, &d, &l, &r, NULL, mc->m, mc->k, mc->n, PVC_MAD_ZERO);
    int bad = 0;
    for (int i = 0; i < mc->m; i++)
        for (int j = 0; j < mc->n; j++) {
            int64_t want = 0;
            for (int k = 0; k < mc->k; k++)
                want += (int64_t)((i + 2 * k) % 7 - 3) * ((3 * k + j) % 5 - 2);
            uint32_t got;
            memcpy(&got, mat_bytes(&b, &d) + pvc_tgeom_off(&dg, i, j) * 4, 4);
            double v = acc == PVC_DT_INT32 ? (double)(int32_t)got : pvc_value_decode(PVC_DT_FP32, got);
            bad += v != (double)want;
        }
    UNIT_CHECK(acc != PVC_DT_COUNT && bad == 0, "%s x %s, %dx%dx%d: %d results wrong", pvc_dtype_table[mc->lt].name,
               pvc_dtype_table[mc->rt].name, mc->m, mc->k, mc->n, bad);
    block_free(&b);
}

/* ---- MX (§17.5.5) ---- */

/* FP4 magnitudes by the low three bits, bit 3 the sign (docs/SEMANTICS.md §5.5's table). */
static double fp4_value(int code, int e1m2)
{
    static const double e2m1v[8] = {0, 0.5, 1, 1.5, 2, 3, 4, 6}, e1m2v[8] = {0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75};
    double m = (e1m2 ? e1m2v : e2m1v)[code & 7];
    return code & 8 ? -m : m;
}

typedef struct {
    const pvc_tile *d, *l, *r, *sa, *sb;
} mx_arg;

static void mx_fn(pvc_ctx *ctx, void *arg)
{
    mx_arg *a = arg;
    pvc_mad_mx(ctx, a->d, a->l, a->r, a->sa, a->sb, 16, 64, 16, PVC_MAD_ZERO);
}

typedef struct {
    const pvc_tile *t;
    const pvc_tensor *src;
    int64_t rs, cs;
} strided_arg;

static void strided_fn(pvc_ctx *ctx, void *arg)
{
    strided_arg *a = arg;
    pvc_cube_load(ctx, a->t, a->src, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, a->t->rows, a->t->cols, 0, a->rs, a->cs, 0);
}

/* GM FP4 bytes (two codes a byte, low nibble first) -> Mat NZ / ZN (b transposed) -> L0, E8M0
 * scales from their [rows, G/2, 2] storage -> Mat ZZ / NN -> ScaleLeft / ScaleRight, then
 * mad_mx: every result against sum_k a b 2^(sa + sb - 254) computed here; a scale tile away
 * from its data tile's address >> 4 faults. */
static void test_mad_mx(void)
{
    block b;
    block_new(&b);
    enum { M = 16, K = 64, N = 16 };
    uint8_t ga[M * K / 2], gb[N * K / 2], gsa[M * 2], gsb[N * 2];
    int ca[M][K], cb[N][K], sa[M][2], sb[N][2];
    for (int i = 0; i < M; i++)
        for (int k = 0; k < K; k++)
            ca[i][k] = (3 * i + k) % 16;
    for (int j = 0; j < N; j++)
        for (int k = 0; k < K; k++)
            cb[j][k] = (5 * j + 7 * k + 1) % 16;
    for (int i = 0; i < M * K / 2; i++)
        ga[i] = (uint8_t)(ca[i / (K / 2)][2 * (i % (K / 2))] | ca[i / (K / 2)][2 * (i % (K / 2)) + 1] << 4);
    for (int i = 0; i < N * K / 2; i++)
        gb[i] = (uint8_t)(cb[i / (K / 2)][2 * (i % (K / 2))] | cb[i / (K / 2)][2 * (i % (K / 2)) + 1] << 4);
    for (int i = 0; i < M; i++)
        for (int g = 0; g < 2; g++)
            gsa[i * 2 + g] = (uint8_t)(sa[i][g] = 125 + (i + g) % 4);
    for (int j = 0; j < N; j++)
        for (int g = 0; g < 2; g++)
            gsb[j * 2 + g] = (uint8_t)(sb[j][g] = 126 + (2 * j + g) % 3);
    pvc_tensor ta = {ga, PVC_DT_FP4E2M1, 2, {M, K}, {0}, 0, 0, PVC_TL_ND}, tb = {gb, PVC_DT_FP4E1M2, 2, {N, K}, {0}, 0, 0, PVC_TL_ND};
    pvc_tensor tsa = {gsa, PVC_DT_FP8E8M0, 3, {M, 1, 2}, {0}, 0, 0, PVC_TL_ND}, tsb = {gsb, PVC_DT_FP8E8M0, 3, {N, 1, 2}, {0}, 0, 0, PVC_TL_ND};
    pvc_tile am = ctile(0, PVC_DT_FP4E2M1, M, K, PVC_MEM_MAT, PVC_TL_NZ);
    pvc_tile bm = ctile(0x1000, PVC_DT_FP4E1M2, K, N, PVC_MEM_MAT, PVC_TL_ZN);
    pvc_tile sam = ctile(0x2000, PVC_DT_FP8E8M0, M, 2, PVC_MEM_MAT, PVC_TL_ZZ);
    pvc_tile sbm = ctile(0x2100, PVC_DT_FP8E8M0, 2, N, PVC_MEM_MAT, PVC_TL_NN);
    pvc_tile l = ctile(0x200, PVC_DT_FP4E2M1, M, K, PVC_MEM_LEFT, PVC_TL_NZ);
    pvc_tile r = ctile(0x400, PVC_DT_FP4E1M2, K, N, PVC_MEM_RIGHT, PVC_TL_ZN);
    pvc_tile sal = ctile(0x20, PVC_DT_FP8E8M0, M, 2, PVC_MEM_SCALE_LEFT, PVC_TL_ZZ);
    pvc_tile sbr = ctile(0x40, PVC_DT_FP8E8M0, 2, N, PVC_MEM_SCALE_RIGHT, PVC_TL_NN);
    pvc_tile d = ctile(0, PVC_DT_FP32, M, N, PVC_MEM_ACC, PVC_TL_NZ);
    int64_t S = PVC_STRIDE_DEFAULT;
    pvc_cube_load(b.aic, &am, &ta, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, M, K, 0, S, S, 0);
    pvc_cube_load(b.aic, &bm, &tb, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, K, N, 1, 1, K, 0);
    pvc_cube_load(b.aic, &sam, &tsa, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, M, 2, 0, S, S, 1);
    pvc_cube_load(b.aic, &sbm, &tsb, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, N, 1, S, S, 1);
    /* an NZ FP4 [16, 64] is one 16 x 64 fractal: element (r, c) in nibble r*64 + c */
    const uint8_t *amb = mat_bytes(&b, &am);
    int bad = 0;
    for (int i = 0; i < M; i++)
        for (int k = 0; k < K; k++)
            bad += ((amb[(i * 64 + k) / 2] >> ((k & 1) * 4)) & 0xF) != ca[i][k];
    UNIT_CHECK(bad == 0, "FP4 ND -> NZ load: %d nibbles wrong", bad);
    pvc_cube_move(b.aic, &l, &am, 0, 0);
    pvc_cube_move(b.aic, &r, &bm, 0, 0);
    pvc_cube_move(b.aic, &sal, &sam, 0, 0);
    pvc_cube_move(b.aic, &sbr, &sbm, 0, 0);
    pvc_mad_mx(b.aic, &d, &l, &r, &sal, &sbr, M, K, N, PVC_MAD_ZERO);
    bad = 0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            double want = 0;
            for (int k = 0; k < K; k++)
                want += fp4_value(ca[i][k], 0) * fp4_value(cb[j][k], 1) * ldexp(1.0, sa[i][k / 32] + sb[j][k / 32] - 254);
            float got;
            pvc_tgeom dg;
            pvc_tile_geom(&d, &dg);
            memcpy(&got, mat_bytes(&b, &d) + pvc_tgeom_off(&dg, i, j) * 4, 4);
            bad += (double)got != want; /* terms multiples of 2^-6, sums below 2^12: exact */
        }
    UNIT_CHECK(bad == 0, "MX FP4 E2M1 x E1M2, 16x64x16: %d results wrong", bad);
    pvc_tile off = sal;
    off.addr = 0x40;
    mx_arg a = {&d, &l, &r, &off, &sbr};
    UNIT_CHECK(pvc_ctx_pcall(b.aic, mx_fn, &a) == PVC_FAULT_BAD_ARG, "%s",
               "a scale tile away from its data tile's address >> 4 faults");
    /* pl.set_stride's strides on a Mat load: the tensor's own pass, others fault */
    strided_arg own = {&am, &ta, K, 1}, other = {&am, &ta, K / 2, 1};
    UNIT_CHECK(pvc_ctx_pcall(b.aic, strided_fn, &own) == 0 && pvc_ctx_pcall(b.aic, strided_fn, &other) == PVC_FAULT_BAD_ARG,
               "%s", "a Mat load takes its tensor's own strides and faults on others");
    block_free(&b);
}

static void test_mad_pairs(void)
{
    static const mad_case cases[] = {
        {PVC_DT_INT8, PVC_DT_INT8, 16, 32, 16},      {PVC_DT_INT8, PVC_DT_INT8, 17, 40, 33},
        {PVC_DT_FP16, PVC_DT_FP16, 32, 48, 16},      {PVC_DT_BF16, PVC_DT_BF16, 16, 16, 48},
        {PVC_DT_FP32, PVC_DT_FP32, 16, 24, 16},      {PVC_DT_FP8E4M3FN, PVC_DT_FP8E5M2, 16, 64, 16},
        {PVC_DT_FP8E5M2, PVC_DT_FP8E5M2, 16, 32, 32}, {PVC_DT_HF8, PVC_DT_HF8, 16, 32, 16},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_mad_exact(&cases[i]);
    UNIT_CHECK(pvc_mad_acc_dtype(PVC_DT_FP16, PVC_DT_BF16) == PVC_DT_COUNT &&
                   pvc_mad_acc_dtype(PVC_DT_INT8, PVC_DT_FP16) == PVC_DT_COUNT,
               "%s", "FP16 x BF16 and INT8 x FP16 do not compile");
}

/* One FP32 chain of §17.9's board test: a row [2^24, 1 x 30, -2^24] against ones. The
 * sequential rule: 2^24 + 1 rounds back to 2^24 (a tie, to even) 30 times, then - 2^24 = 0.
 * The wide rule: exact sum 30. Then matmul_acc adds into dst's old value and a bias row
 * starts the chain. */
static void test_mad_rules(void)
{
    block b;
    block_new(&b);
    pvc_tile l = ctile(0, PVC_DT_FP32, 16, 32, PVC_MEM_LEFT, PVC_TL_NZ), r = ctile(0, PVC_DT_FP32, 32, 16, PVC_MEM_RIGHT, PVC_TL_ZN);
    pvc_tile d = ctile(0, PVC_DT_FP32, 16, 16, PVC_MEM_ACC, PVC_TL_NZ), bias = ctile(0, PVC_DT_FP32, 1, 16, PVC_MEM_BIAS, PVC_TL_ND);
    pvc_tgeom lg, rg, dg;
    pvc_tile_geom(&l, &lg), pvc_tile_geom(&r, &rg), pvc_tile_geom(&d, &dg);
    for (int k = 0; k < 32; k++) {
        float a = k == 0 ? 16777216.0f : k == 31 ? -16777216.0f : 1.0f, one = 1.0f;
        memcpy(mat_bytes(&b, &l) + pvc_tgeom_off(&lg, 0, k) * 4, &a, 4);
        for (int j = 0; j < 16; j++)
            memcpy(mat_bytes(&b, &r) + pvc_tgeom_off(&rg, k, j) * 4, &one, 4);
    }
    float got, bv = 5.0f;
    pvc_mad(b.aic, &d, &l, &r, NULL, 1, 32, 16, PVC_MAD_ZERO);
    memcpy(&got, mat_bytes(&b, &d) + pvc_tgeom_off(&dg, 0, 3) * 4, 4);
    UNIT_CHECK(got == 0.0f, "sequential FP32: %g, want 0", got);
    b.aic->mad_rule = PVC_MAD_RULE_WIDE;
    pvc_mad(b.aic, &d, &l, &r, NULL, 1, 32, 16, PVC_MAD_ZERO);
    memcpy(&got, mat_bytes(&b, &d) + pvc_tgeom_off(&dg, 0, 3) * 4, 4);
    UNIT_CHECK(got == 30.0f, "wide: %g, want 30", got);
    pvc_mad(b.aic, &d, &l, &r, NULL, 1, 32, 16, PVC_MAD_ACC);
    memcpy(&got, mat_bytes(&b, &d) + pvc_tgeom_off(&dg, 0, 3) * 4, 4);
    UNIT_CHECK(got == 60.0f, "matmul_acc onto 30: %g, want 60", got);
    for (int j = 0; j < 16; j++)
        memcpy(mat_bytes(&b, &bias) + j * 4, &bv, 4);
    pvc_mad(b.aic, &d, &l, &r, &bias, 1, 32, 16, PVC_MAD_BIAS);
    memcpy(&got, mat_bytes(&b, &d) + pvc_tgeom_off(&dg, 0, 3) * 4, 4);
    UNIT_CHECK(got == 35.0f, "bias 5 + 30: %g, want 35", got);
    block_free(&b);
}

/* ---- fixpipe ---- */

static uint64_t f32b(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static void test_fix_convert(void)
{
    const uint64_t half = f32b(0.5f) | PVC_FIX_SIGNED_BIT;
    /* F322F16: 65504 is FP16's largest; 65520 is halfway to 65536 = inf: ties to even -> inf */
    UNIT_CHECK(pvc_fix_convert(PVC_DT_FP32, PVC_DT_FP16, f32b(65504.0f), 0, PVC_FIX_NOSCALE) == 0x7BFF, "%s", "65504");
    UNIT_CHECK(pvc_fix_convert(PVC_DT_FP32, PVC_DT_FP16, f32b(65520.0f), 0, PVC_FIX_NOSCALE) == 0x7C00, "%s", "65520 -> inf");
    UNIT_CHECK(pvc_fix_convert(PVC_DT_FP32, PVC_DT_FP16, f32b(1.0f + 0x1p-11f), 0, PVC_FIX_NOSCALE) == 0x3C00,
               "%s", "1 + half an FP16 ulp ties to 1");
    /* F322BF16: 1 + 2^-8 ties to 1, 1 + 3*2^-8 ties to 1 + 2^-6 (0x3F82) */
    UNIT_CHECK(pvc_fix_convert(PVC_DT_FP32, PVC_DT_BF16, f32b(1.0f + 0x1p-8f), 0, PVC_FIX_NOSCALE) == 0x3F80, "%s", "bf16 tie down");
    UNIT_CHECK(pvc_fix_convert(PVC_DT_FP32, PVC_DT_BF16, f32b(1.0f + 3 * 0x1p-8f), 0, PVC_FIX_NOSCALE) == 0x3F82, "%s", "bf16 tie up");
    /* QF322B8: x * 0.5 rounded to nearest even: -3..4 -> -2 -1 -0 0 0 1 2 2 (the device test) */
    static const int8_t want[8] = {-2, -1, 0, 0, 0, 1, 2, 2};
    int bad = 0;
    for (int x = -3; x <= 4; x++)
        bad += (int8_t)pvc_fix_convert(PVC_DT_FP32, PVC_DT_INT8, f32b((float)x), 0, half) != want[x + 3];
    UNIT_CHECK(bad == 0, "int8 quantisation by 0.5: %d wrong", bad);
    UNIT_CHECK((int8_t)pvc_fix_convert(PVC_DT_FP32, PVC_DT_INT8, f32b(300.0f), 0, half) == 127 &&
                   (int8_t)pvc_fix_convert(PVC_DT_FP32, PVC_DT_INT8, f32b(-300.0f), 0, half) == -128,
               "%s", "int8 clamps at 127 / -128");
    UNIT_CHECK(pvc_fix_convert(PVC_DT_FP32, PVC_DT_INT8, f32b(-3.0f), 0, f32b(1.0f)) == 0, "%s",
               "without the signed bit negatives clamp to 0");
    /* relu before the scale: relu(-4) * 0.5 = 0; relu(5) * 0.5 = 2.5 -> 2 (even) */
    UNIT_CHECK(pvc_fix_convert(PVC_DT_FP32, PVC_DT_INT8, f32b(-4.0f), 1, half) == 0 &&
                   pvc_fix_convert(PVC_DT_FP32, PVC_DT_INT8, f32b(5.0f), 1, half) == 2,
               "%s", "relu, then the scale");
    /* DEQF16: int32 3 * 0.5 = 1.5 (0x3E00); REQ8: int32 7 * 0.5 = 3.5 -> 4 */
    UNIT_CHECK(pvc_fix_convert(PVC_DT_INT32, PVC_DT_FP16, 3, 0, f32b(0.5f)) == 0x3E00, "%s", "deq to fp16");
    UNIT_CHECK(pvc_fix_convert(PVC_DT_INT32, PVC_DT_INT8, 7, 0, half) == 4, "%s", "requant to int8");
    UNIT_CHECK(pvc_fix_legal(PVC_DT_FP32, PVC_DT_INT8, 0) == 0 && pvc_fix_legal(PVC_DT_INT32, PVC_DT_INT32, 0) == 1 &&
                   pvc_fix_legal(PVC_DT_FP32, PVC_DT_BF16, 1) == 0,
               "%s", "f32 -> int8 needs a scale, i32 -> i32 copies, f32 -> bf16 takes none");
}

/* pl.store from Acc: NZ -> ND, FP16 output, clipped at the tensor, and an atomic add. */
static void test_fix_store(void)
{
    block b;
    block_new(&b);
    pvc_tile acc = ctile(0, PVC_DT_FP32, 32, 32, PVC_MEM_ACC, PVC_TL_NZ);
    pvc_tgeom g;
    pvc_tile_geom(&acc, &g);
    for (int r = 0; r < 32; r++)
        for (int c = 0; c < 32; c++) {
            float v = (float)(r * 32 + c);
            memcpy(mat_bytes(&b, &acc) + pvc_tgeom_off(&g, r, c) * 4, &v, 4);
        }
    uint16_t out[20][40];
    memset(out, 0, sizeof out);
    pvc_tensor t = {out, PVC_DT_FP16, 2, {20, 40, 0, 0}, {0}, 0, 0, PVC_TL_ND};
    int64_t clipped = pvc_fix_store(b.aic, &t, &acc, 4, 16, 0, 0, 0, 0, 0, 0, 0, 1, 20, 30, 0, PVC_FIX_NOSCALE, NULL, 0);
    int bad = 0;
    for (int r = 0; r < 20; r++)
        for (int c = 0; c < 40; c++) {
            int in = r >= 4 && c >= 16 && c < 40; /* rows 4..19 (16 of the 20 valid), cols 16..39 (24 of 30) */
            bad += out[r][c] != (in ? h((r - 4) * 32 + (c - 16)) : 0);
        }
    UNIT_CHECK(bad == 0 && clipped == 20 * 30 - 16 * 24, "store NZ -> ND fp16: %d wrong, %lld clipped", bad,
               (long long)clipped);
    /* atomic add in FP16: 1 + 3*2^-11 (1.5 ulp) ties to 1 + 2^-9 */
    uint16_t one[1][16];
    for (int c = 0; c < 16; c++)
        one[0][c] = 0x3C00;
    float add = 3 * 0x1p-11f;
    memcpy(mat_bytes(&b, &acc), &add, 4);
    pvc_tensor o = {one, PVC_DT_FP16, 2, {1, 16, 0, 0}, {0}, 0, 0, PVC_TL_ND};
    pvc_fix_store(b.aic, &o, &acc, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0, PVC_FIX_NOSCALE, NULL, 1);
    UNIT_CHECK(one[0][0] == h(1.0 + 0x1p-9) && one[0][1] == 0x3C00, "atomic add: 0x%04x", one[0][0]);
    block_free(&b);
}

/* Acc -> Vec split modes (§17.4.4): M = 33 splits 17 / 16 rows, N = 33 splits 32 / 1 columns. */
static void test_fix_to_vec(void)
{
    block b;
    block_new(&b);
    pvc_tile acc = ctile(0, PVC_DT_FP32, 48, 48, PVC_MEM_ACC, PVC_TL_NZ), vec = ctile(0x100, PVC_DT_FP32, 48, 48, PVC_MEM_VEC, PVC_TL_ND);
    pvc_tgeom g;
    pvc_tile_geom(&acc, &g);
    for (int r = 0; r < 48; r++)
        for (int c = 0; c < 48; c++) {
            float v = (float)(r * 100 + c);
            memcpy(mat_bytes(&b, &acc) + pvc_tgeom_off(&g, r, c) * 4, &v, 4);
        }
    pvc_fix_to_vec(b.aic, &vec, &acc, 33, 20, PVC_ACC2VEC_DualModeSplitM, 0, PVC_FIX_NOSCALE, NULL);
    float x0, x1, y1;
    memcpy(&x0, b.aiv[0]->ub + 0x100 + (16 * 48 + 5) * 4, 4); /* aiv0 row 16 = result row 16 */
    memcpy(&x1, b.aiv[1]->ub + 0x100 + (0 * 48 + 5) * 4, 4);  /* aiv1 row 0 = result row 17 */
    memcpy(&y1, b.aiv[1]->ub + 0x100 + (16 * 48 + 5) * 4, 4); /* aiv1 row 15 the last (32), 16 untouched */
    UNIT_CHECK(x0 == 1605.0f && x1 == 1705.0f && y1 == 0.0f, "split M: %g %g %g", x0, x1, y1);
    pvc_fix_to_vec(b.aic, &vec, &acc, 2, 33, PVC_ACC2VEC_DualModeSplitN, 0, PVC_FIX_NOSCALE, NULL);
    memcpy(&x0, b.aiv[0]->ub + 0x100 + (1 * 48 + 31) * 4, 4); /* aiv0 (1, 31) */
    memcpy(&x1, b.aiv[1]->ub + 0x100 + (1 * 48 + 0) * 4, 4);  /* aiv1 (1, 0) = result (1, 32) */
    UNIT_CHECK(x0 == 131.0f && x1 == 132.0f, "split N: %g %g", x0, x1);
    block_free(&b);
}

static int pcall_space(pvc_ctx *ctx, const pvc_tile *t);

static void test_space_faults(void)
{
    block b;
    block_new(&b);
    pvc_tile left = ctile(256, PVC_DT_FP16, 16, 16, PVC_MEM_LEFT, PVC_TL_NZ);
    pvc_tile big = ctile(512 * 1024 - 256, PVC_DT_FP16, 16, 16, PVC_MEM_MAT, PVC_TL_NZ);
    pvc_tile mat = ctile(0, PVC_DT_FP16, 16, 16, PVC_MEM_MAT, PVC_TL_NZ);
    UNIT_CHECK(pcall_space(b.aic, &left) == PVC_FAULT_MISALIGNED, "%s", "Left at 256 is misaligned");
    UNIT_CHECK(pcall_space(b.aic, &big) == PVC_FAULT_SPACE_BOUNDS, "%s", "a Mat tile past 512 KiB");
    UNIT_CHECK(pcall_space(b.aiv[0], &mat) == PVC_FAULT_BAD_ARG, "%s", "a vector core cannot reach L1");
    UNIT_CHECK(strstr(b.aiv[0]->fault.detail, "Mat tile at 0x0 (L1") != NULL, "the fault names the space: %s",
               b.aiv[0]->fault.detail);
    block_free(&b);
}

typedef struct {
    const pvc_tile *t;
} space_arg;

static void space_fn(pvc_ctx *ctx, void *arg)
{
    (void)pvc_space_bytes(ctx, "test", ((space_arg *)arg)->t);
}

static int pcall_space(pvc_ctx *ctx, const pvc_tile *t)
{
    space_arg a = {t};
    return pvc_ctx_pcall(ctx, space_fn, &a);
}

/* pl.move in the UB from an ND tile into an NZ tile (§15, hicann/pypto's insert tests move a
 * softmax tile ND -> NZ before pl.insert): a 32x48 FP16 ND source into a 32x48 NZ tile puts
 * (r, c) at the NZ offset by hand, (2*(c/16) + r/16)*256 + (r%16)*16 + c%16; an extract
 * window [16, 16] of 16x32 the same way into a 16x32 NZ tile; and back into ND. */
static void test_ub_move_nz(void)
{
    pvc_ctx *ctx = pvc_ctx_new();
    pvc_tile nd = ctile(0x0, PVC_DT_FP16, 32, 48, PVC_MEM_VEC, PVC_TL_ND);
    pvc_tile nz = ctile(0x1000, PVC_DT_FP16, 32, 48, PVC_MEM_VEC, PVC_TL_NZ);
    pvc_tile w = ctile(0x2000, PVC_DT_FP16, 16, 32, PVC_MEM_VEC, PVC_TL_NZ);
    pvc_tile back = ctile(0x3000, PVC_DT_FP16, 32, 48, PVC_MEM_VEC, PVC_TL_ND);
    for (int r = 0; r < 32; r++)
        for (int c = 0; c < 48; c++) {
            uint16_t v = h(r * 48 + c < 2048 ? r * 48 + c : (r * 48 + c) % 2048); /* exact in FP16 */
            memcpy(ctx->ub + (r * 48 + c) * 2, &v, 2);
        }
    pvc_tile_move(ctx, &nz, &nd, 0, 0, 32, 48, 0);
    pvc_tile_move(ctx, &w, &nd, 16, 16, 16, 32, 0);
    pvc_tile_move(ctx, &back, &nz, 0, 0, 32, 48, 0);
    int bad = 0;
    for (int r = 0; r < 32; r++)
        for (int c = 0; c < 48; c++) {
            double want = (r * 48 + c) % 2048;
            bad += hv(ctx->ub + 0x1000 + ((2 * (c / 16) + r / 16) * 256 + (r % 16) * 16 + c % 16) * 2) != want;
            bad += hv(ctx->ub + 0x3000 + (r * 48 + c) * 2) != want;
            if (r < 16 && c < 32)
                bad += hv(ctx->ub + 0x2000 + ((c / 16) * 256 + r * 16 + c % 16) * 2) !=
                       ((r + 16) * 48 + c + 16) % 2048;
        }
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_NONE && bad == 0, "UB move ND <-> NZ: %d elements wrong", bad);
    pvc_ctx_free(ctx);
}

/* pl.insert of an NZ Vec tile into a ZN Mat tile (§17.4.5): the fractals land as they are,
 * so the ZN tile holds the source transposed. Vector core 1 inserts an NZ [64, 16] FP16 tile
 * (v(k, m) = k * 16 + m) at [0, 16] of a ZN [32, 64] tile: mat(m, k) = v(k, m - 16) for m in
 * [16, 32), read at the ZN offset by hand, ((m/16)*4 + k/16)*256 + (k%16)*16 + m%16. */
static void test_insert_zn(void)
{
    block b;
    block_new(&b);
    pvc_tile vec = ctile(0x0, PVC_DT_FP16, 64, 16, PVC_MEM_VEC, PVC_TL_NZ);
    pvc_tile mat = ctile(0x1000, PVC_DT_FP16, 32, 64, PVC_MEM_MAT, PVC_TL_ZN);
    for (int k = 0; k < 64; k++)
        for (int m = 0; m < 16; m++) {
            uint16_t v = h(k * 16 + m);
            memcpy(b.aiv[1]->ub + (((k / 16) + 0) * 256 + (k % 16) * 16 + m) * 2, &v, 2); /* NZ [64, 16] */
        }
    pvc_cube_insert(b.aiv[1], &mat, &vec, 0, 16, 64, 16);
    int bad = 0;
    for (int m = 16; m < 32; m++)
        for (int k = 0; k < 64; k++)
            bad += hv(b.aic->cube + pvc_mem_table[PVC_MEM_MAT].base + 0x1000 +
                      (((m / 16) * 4 + k / 16) * 256 + (k % 16) * 16 + m % 16) * 2) != k * 16 + (m - 16);
    UNIT_CHECK(b.aiv[1]->fault.kind == PVC_FAULT_NONE && bad == 0, "NZ -> ZN insert transposes: %d wrong (%s)", bad,
               b.aiv[1]->fault.detail);
    block_free(&b);
}

/* An NZ tile whose row count is not a multiple of 16 (§17.3.3): attention kernels pad the
 * softmax tile to [65, 64] FP16 (valid [64, 64]) so its column blocks sit 65 x 16 elements
 * apart, and TInsert reads it with burstLen = 64 blocks and srcGap = Rows - validRow = 1 block.
 * v(k, m) = k * 31 + m (exact in FP16) is written by that DMA model (column block m/16 at (m/16) * 65 * 16),
 * inserted at [0, 64] of a ZN [128, 128] Mat tile: mat(m, k) = v(k, m - 64), read back at the
 * ZN offset by hand, ((m/16)*8 + k/16)*256 + (k%16)*16 + m%16. */
static void test_insert_padded_nz(void)
{
    block b;
    block_new(&b);
    pvc_tile vec = ctile(0x0, PVC_DT_FP16, 65, 64, PVC_MEM_VEC, PVC_TL_NZ);
    pvc_tile mat = ctile(0x1000, PVC_DT_FP16, 128, 128, PVC_MEM_MAT, PVC_TL_ZN);
    for (int k = 0; k < 64; k++)
        for (int m = 0; m < 64; m++) {
            uint16_t v = h(k * 31 + m);
            memcpy(b.aiv[0]->ub + ((m / 16) * 65 * 16 + k * 16 + m % 16) * 2, &v, 2);
        }
    UNIT_CHECK(pvc_tl_off(PVC_TL_NZ, 65, 64, 16, 16, 17, 20) == 1316, "%s",
               "NZ [65, 64] FP16: (17, 20) at 65*16 + 17*16 + 4");
    UNIT_CHECK(pvc_tl_off(PVC_TL_ZN, 64, 65, 16, 16, 20, 17) == 1316, "%s",
               "ZN [64, 65] FP16: (20, 17) at 65*16 + 17*16 + 4");
    pvc_cube_insert(b.aiv[0], &mat, &vec, 0, 64, 64, 64);
    int bad = 0;
    for (int m = 64; m < 128; m++)
        for (int k = 0; k < 64; k++)
            bad += hv(b.aic->cube + pvc_mem_table[PVC_MEM_MAT].base + 0x1000 +
                      (((m / 16) * 8 + k / 16) * 256 + (k % 16) * 16 + m % 16) * 2) != k * 31 + (m - 64);
    UNIT_CHECK(b.aiv[0]->fault.kind == PVC_FAULT_NONE && bad == 0, "padded NZ [65, 64] -> ZN insert: %d wrong (%s)",
               bad, b.aiv[0]->fault.detail);
    block_free(&b);
}

int main(void)
{
    test_space_table();
    test_worked_offsets();
    test_enumerated_layouts();
    test_load_nd2nz();
    test_move();
    test_ub_move_nz();
    test_insert_zn();
    test_insert_padded_nz();
    test_mad_pairs();
    test_mad_rules();
    test_mad_mx();
    test_fix_convert();
    test_fix_store();
    test_fix_to_vec();
    test_space_faults();
    return UNIT_DONE();
}
