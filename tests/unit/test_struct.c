/* test_struct.c - the C layout of a struct (compiler/ir/struct.c) and the struct memory of a
 * kernel (runtime/src/smem.c), docs/SEMANTICS.md §16.8. The expected layouts are what a C
 * compiler gives the same struct (offsetof / sizeof below), and the worked 776-byte example;
 * the expected values of a write are the C++ member assignments restated. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ir/ir.h"
#include "pvc_rt.h"
#include "unit.h"

struct mixed { /* int[60], int, int[2], float, bool[8], bool, int[32] */
    int64_t head[60];
    int64_t a;
    int64_t pair[2];
    float b;
    _Bool flags[8];
    _Bool c;
    int64_t tail[32];
};

struct small { /* int, float, bool */
    int64_t i;
    float f;
    _Bool b;
};

static void test_layouts(void)
{
    pvc_struct_field m[] = {{"head", PVC_DT_INT64, 60, 0}, {"a", PVC_DT_INT64, 0, 0}, {"pair", PVC_DT_INT64, 2, 0},
                            {"b", PVC_DT_FP32, 0, 0},      {"flags", PVC_DT_BOOL, 8, 0}, {"c", PVC_DT_BOOL, 0, 0},
                            {"tail", PVC_DT_INT64, 32, 0}};
    pvc_struct_layout L = {"Mixed", m, 7, 0, 0};
    pvc_struct_layout_compute(&L);
    size_t want[] = {offsetof(struct mixed, head), offsetof(struct mixed, a), offsetof(struct mixed, pair),
                     offsetof(struct mixed, b), offsetof(struct mixed, flags), offsetof(struct mixed, c),
                     offsetof(struct mixed, tail)};
    UNIT_CHECK(L.size == (int64_t)sizeof(struct mixed) && L.size == 776, "sizeof %lld", (long long)L.size);
    UNIT_CHECK(L.align == 8, "align %lld", (long long)L.align);
    for (int i = 0; i < 7; i++)
        UNIT_CHECK(m[i].offset == (int64_t)want[i], "%s at %lld, C says %zu", m[i].name, (long long)m[i].offset, want[i]);
    UNIT_CHECK(m[5].offset == 516 && m[6].offset == 520, "3 pad bytes after c");
    UNIT_CHECK(pvc_struct_field_named(&L, "pair") == &m[2] && !pvc_struct_field_named(&L, "nope"), "by name");

    pvc_struct_field s[] = {{"i", PVC_DT_INT64, 0, 0}, {"f", PVC_DT_FP32, 0, 0}, {"b", PVC_DT_BOOL, 0, 0}};
    pvc_struct_layout S = {"Small", s, 3, 0, 0};
    pvc_struct_layout_compute(&S);
    UNIT_CHECK(S.size == (int64_t)sizeof(struct small) && S.size == 16 && s[1].offset == 8 && s[2].offset == 12,
               "{int, float, bool}: 0/8/12, sizeof 16");

    pvc_struct_field f[] = {{"b", PVC_DT_BOOL, 3, 0}, {"f", PVC_DT_FP32, 0, 0}};
    pvc_struct_layout F = {"Bools", f, 2, 0, 0};
    pvc_struct_layout_compute(&F);
    UNIT_CHECK(f[1].offset == 4 && F.size == 8 && F.align == 4, "bool[3] then float: 4, sizeof 8");
}

static void test_smem(pvc_ctx *ctx)
{
    pvc_smem_set_f(ctx, 8, 0, 0, PVC_DT_INT64, -2.7);
    UNIT_CHECK(pvc_smem_get_i(ctx, 8, 0, 0, PVC_DT_INT64) == -2, "a float into an int64 member truncates");
    pvc_smem_set_f(ctx, 16, 1, 2, PVC_DT_FP32, 0.1);
    float want = 0.1f, got;
    memcpy(&got, ctx->smem + 20, 4);
    UNIT_CHECK(!memcmp(&got, &want, 4), "a double into a float member rounds to nearest");
    double back;
    pvc_smem_get_f(ctx, 16, 1, 2, PVC_DT_FP32, &back);
    UNIT_CHECK(back == (double)0.1f, "read back as the float32 value");
    pvc_smem_set_i(ctx, 24, 0, 0, PVC_DT_FP32, 16777217);
    memcpy(&got, ctx->smem + 24, 4);
    UNIT_CHECK(got == 16777216.0f, "an int into a float member rounds to nearest even");
    pvc_smem_set_i(ctx, 30, 0, 0, PVC_DT_BOOL, 5);
    UNIT_CHECK(ctx->smem[30] == 1 && pvc_smem_get_i(ctx, 30, 0, 0, PVC_DT_BOOL) == 1, "nonzero into a bool is 1");
    pvc_smem_set_f(ctx, 31, 0, 0, PVC_DT_BOOL, -0.0);
    UNIT_CHECK(ctx->smem[31] == 0, "-0.0 into a bool is 0");
    UNIT_CHECK(pvc_smem_slot(ctx, 64, 2, 3, 24) == 112, "slot 2 of 3 at stride 24");

    uint8_t bytes[16];
    for (int i = 0; i < 16; i++)
        bytes[i] = (uint8_t)(i * 3);
    pvc_tensor t = {bytes, PVC_DT_UINT8, 1, {16}, {0}, 0, 0, PVC_TL_ND};
    pvc_smem_load(ctx, &t, 128, 16);
    UNIT_CHECK(!memcmp(ctx->smem + 128, bytes, 16), "the entry copy of the tiling bytes");
}

/* A bad index, a bad size: the fault is raised, nothing is written. */
static void test_faults(void)
{
    pvc_ctx *ctx = pvc_ctx_new();
    pvc_smem_set_i(ctx, 0, 4, 4, PVC_DT_INT64, 7); /* outside a pcall: recorded, returns */
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_BAD_ARG && !memcmp(ctx->smem, (uint8_t[40]){0}, 40),
               "index 4 of 4: BAD_ARG, nothing written");
    ctx->fault.kind = PVC_FAULT_NONE;
    UNIT_CHECK(pvc_smem_slot(ctx, 0, -1, 3, 8) == 0 && ctx->fault.kind == PVC_FAULT_BAD_ARG, "slot -1: BAD_ARG");
    ctx->fault.kind = PVC_FAULT_NONE;
    pvc_smem_set_i(ctx, PVC_SMEM_BYTES - 4, 0, 0, PVC_DT_INT64, 1);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_BAD_ARG, "an int64 past the end of struct memory: BAD_ARG");
    ctx->fault.kind = PVC_FAULT_NONE;
    uint8_t b[8] = {0};
    pvc_tensor t = {b, PVC_DT_UINT8, 1, {8}, {0}, 0, 0, PVC_TL_ND};
    pvc_smem_load(ctx, &t, 0, 16);
    UNIT_CHECK(ctx->fault.kind == PVC_FAULT_BAD_ARG, "a tiling tensor of the wrong size: BAD_ARG");
    pvc_ctx_free(ctx);
}

/* A block's reset (pvc_ctx_reset) zeroes struct memory only below the highest byte an access
 * reached: what a field write, a tiling copy or an SSBUF load left there is zero again (each
 * alone, so that no other write's reach covers it). */
static void test_reset(void)
{
    static const uint8_t zero[PVC_SMEM_BYTES];
    pvc_ctx *ctx = pvc_ctx_new();
    pvc_smem_set_i(ctx, 40000, 2, 4, PVC_DT_INT64, -1);
    ctx->ub[PVC_UB_BYTES - 1] = 1;
    UNIT_CHECK(ctx->smem[40016] == 0xff, "the field write landed");
    pvc_ctx_reset(ctx);
    UNIT_CHECK(!memcmp(ctx->smem, zero, sizeof zero) && ctx->ub[PVC_UB_BYTES - 1] == 0 && ctx->smem_hi == 0,
               "a reset zeroes a field write and the UB");
    uint8_t bytes[16];
    memset(bytes, 0xab, sizeof bytes);
    pvc_tensor t = {bytes, PVC_DT_UINT8, 1, {16}, {0}, 0, 0, PVC_TL_ND};
    pvc_smem_load(ctx, &t, 50000, 16);
    UNIT_CHECK(ctx->smem[50015] == 0xab, "the tiling copy landed");
    pvc_ctx_reset(ctx);
    UNIT_CHECK(!memcmp(ctx->smem, zero, sizeof zero), "a reset zeroes a tiling copy");
    memset(ctx->ssbuf, 0x5a, 8);
    pvc_ssbuf_load(ctx, 60000, 0, 8);
    UNIT_CHECK(ctx->smem[60007] == 0x5a, "the SSBUF load landed");
    pvc_ctx_reset(ctx);
    UNIT_CHECK(!memcmp(ctx->smem, zero, sizeof zero) && ctx->ssbuf[0] == 0, "a reset zeroes an SSBUF load and SSBUF");
    pvc_ctx_free(ctx);
}

int main(void)
{
    test_layouts();
    pvc_ctx *ctx = pvc_ctx_new();
    test_smem(ctx);
    pvc_ctx_free(ctx);
    test_faults();
    test_reset();
    return UNIT_DONE();
}
