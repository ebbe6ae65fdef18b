# The approximate ops of docs/SEMANTICS.md §9.4, checked with `pvc run --ulp 1`: float div,
# sqrt, exp, ln and its alias log, log2 and log10 (ln, then a multiply by the float constant:
# two roundings, §10.4), exp_sub (exp of the FP32-rounded difference; FP16 sources take lanes
# 2i + layout into an FP32 result, §10.6). Subnormal inputs count as zero and subnormal
# results flush to zero with their sign (DAZ/FTZ, §9.4): ln of a subnormal is -inf, exp of a
# large negative number is +0. Masks and layout as in tests/ops/arith.py.
import pypto_pro.language as pl


@pl.vector_function
def approx_unary(a_tile, m_tile, sqrt_t, exp_t, ln_t, log_t, log2_t, log10_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        vf.store_align(sqrt_t, vf.sqrt(a, m), every, [r, 0])
        vf.store_align(exp_t, vf.exp(a, m), every, [r, 0])
        vf.store_align(ln_t, vf.ln(a, m), every, [r, 0])
        vf.store_align(log_t, vf.log(a, m), every, [r, 0])
        vf.store_align(log2_t, vf.log2(a, m), every, [r, 0])
        vf.store_align(log10_t, vf.log10(a, m), every, [r, 0])


@pl.vector_function
def fdiv_op(a_tile, b_tile, m_tile, div_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        b = vf.load_align(b_tile, [r, 0])
        vf.store_align(div_t, vf.div(a, b, m), every, [r, 0])


@pl.vector_function
def exp_sub_f32(a_tile, b_tile, m_tile, exp_sub_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        b = vf.load_align(b_tile, [r, 0])
        vf.store_align(exp_sub_t, vf.exp_sub(a, b, m), every, [r, 0])


@pl.vector_function
def exp_sub_f16(a_tile, b_tile, m_tile, even_t, odd_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        b = vf.load_align(b_tile, [r, 0])
        e = vf.exp_sub(a, b, m, dtype=pl.DT_FP32)
        vf.store_align(even_t, e, every, [r, 0])
        o = vf.exp_sub(a, b, m, dtype=pl.DT_FP32, layout=pl.CastLayout.ONE)
        vf.store_align(odd_t, o, every, [r, 0])




@pl.jit()
def approx_f16(
    u: pl.Tensor[[4, 128], pl.DT_FP16],
    v: pl.Tensor[[4, 128], pl.DT_FP16],
    a: pl.Tensor[[4, 128], pl.DT_FP16],
    b: pl.Tensor[[4, 128], pl.DT_FP16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    sqrt: pl.Tensor[[4, 128], pl.DT_FP16],
    exp: pl.Tensor[[4, 128], pl.DT_FP16],
    ln: pl.Tensor[[4, 128], pl.DT_FP16],
    log: pl.Tensor[[4, 128], pl.DT_FP16],
    log2: pl.Tensor[[4, 128], pl.DT_FP16],
    log10: pl.Tensor[[4, 128], pl.DT_FP16],
    div: pl.Tensor[[4, 128], pl.DT_FP16],
    exp_sub_even: pl.Tensor[[4, 64], pl.DT_FP32],
    exp_sub_odd: pl.Tensor[[4, 64], pl.DT_FP32],
):
    t_fp16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_fp32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    u_t = pl.make_tile(t_fp16_4x128, addr=0x0000)
    v_t = pl.make_tile(t_fp16_4x128, addr=0x0400)
    a_t = pl.make_tile(t_fp16_4x128, addr=0x0800)
    b_t = pl.make_tile(t_fp16_4x128, addr=0x0C00)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x1000)
    sqrt_t = pl.make_tile(t_fp16_4x128, addr=0x1100)
    exp_t = pl.make_tile(t_fp16_4x128, addr=0x1500)
    ln_t = pl.make_tile(t_fp16_4x128, addr=0x1900)
    log_t = pl.make_tile(t_fp16_4x128, addr=0x1D00)
    log2_t = pl.make_tile(t_fp16_4x128, addr=0x2100)
    log10_t = pl.make_tile(t_fp16_4x128, addr=0x2500)
    div_t = pl.make_tile(t_fp16_4x128, addr=0x2900)
    exp_sub_even_t = pl.make_tile(t_fp32_4x64, addr=0x2D00)
    exp_sub_odd_t = pl.make_tile(t_fp32_4x64, addr=0x3100)
    with pl.section_vector():
        pl.load(u_t, u, [0, 0])
        pl.load(v_t, v, [0, 0])
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        approx_unary(u_t, m_t, sqrt_t, exp_t, ln_t, log_t, log2_t, log10_t)
        fdiv_op(a_t, b_t, m_t, div_t)
        exp_sub_f16(u_t, v_t, m_t, exp_sub_even_t, exp_sub_odd_t)
        pl.store(sqrt, sqrt_t, [0, 0])
        pl.store(exp, exp_t, [0, 0])
        pl.store(ln, ln_t, [0, 0])
        pl.store(log, log_t, [0, 0])
        pl.store(log2, log2_t, [0, 0])
        pl.store(log10, log10_t, [0, 0])
        pl.store(div, div_t, [0, 0])
        pl.store(exp_sub_even, exp_sub_even_t, [0, 0])
        pl.store(exp_sub_odd, exp_sub_odd_t, [0, 0])


@pl.jit()
def approx_f32(
    u: pl.Tensor[[4, 64], pl.DT_FP32],
    v: pl.Tensor[[4, 64], pl.DT_FP32],
    a: pl.Tensor[[4, 64], pl.DT_FP32],
    b: pl.Tensor[[4, 64], pl.DT_FP32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    sqrt: pl.Tensor[[4, 64], pl.DT_FP32],
    exp: pl.Tensor[[4, 64], pl.DT_FP32],
    ln: pl.Tensor[[4, 64], pl.DT_FP32],
    log: pl.Tensor[[4, 64], pl.DT_FP32],
    log2: pl.Tensor[[4, 64], pl.DT_FP32],
    log10: pl.Tensor[[4, 64], pl.DT_FP32],
    div: pl.Tensor[[4, 64], pl.DT_FP32],
    exp_sub: pl.Tensor[[4, 64], pl.DT_FP32],
):
    t_fp32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    u_t = pl.make_tile(t_fp32_4x64, addr=0x0000)
    v_t = pl.make_tile(t_fp32_4x64, addr=0x0400)
    a_t = pl.make_tile(t_fp32_4x64, addr=0x0800)
    b_t = pl.make_tile(t_fp32_4x64, addr=0x0C00)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x1000)
    sqrt_t = pl.make_tile(t_fp32_4x64, addr=0x1100)
    exp_t = pl.make_tile(t_fp32_4x64, addr=0x1500)
    ln_t = pl.make_tile(t_fp32_4x64, addr=0x1900)
    log_t = pl.make_tile(t_fp32_4x64, addr=0x1D00)
    log2_t = pl.make_tile(t_fp32_4x64, addr=0x2100)
    log10_t = pl.make_tile(t_fp32_4x64, addr=0x2500)
    div_t = pl.make_tile(t_fp32_4x64, addr=0x2900)
    exp_sub_t = pl.make_tile(t_fp32_4x64, addr=0x2D00)
    with pl.section_vector():
        pl.load(u_t, u, [0, 0])
        pl.load(v_t, v, [0, 0])
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        approx_unary(u_t, m_t, sqrt_t, exp_t, ln_t, log_t, log2_t, log10_t)
        fdiv_op(a_t, b_t, m_t, div_t)
        exp_sub_f32(u_t, v_t, m_t, exp_sub_t)
        pl.store(sqrt, sqrt_t, [0, 0])
        pl.store(exp, exp_t, [0, 0])
        pl.store(ln, ln_t, [0, 0])
        pl.store(log, log_t, [0, 0])
        pl.store(log2, log2_t, [0, 0])
        pl.store(log10, log10_t, [0, 0])
        pl.store(div, div_t, [0, 0])
        pl.store(exp_sub, exp_sub_t, [0, 0])
