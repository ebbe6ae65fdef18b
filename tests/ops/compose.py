# Composite and wide ops (docs/SEMANTICS.md §10.3, §10.4, §10.6): abs_sub (the difference rounded,
# then its sign cleared), axpy (dst = FMA(scalar, src, dst)), mul_add_dst (dst = FMA(a, b, dst)),
# mul_dst_add (dst = FMA(dst, a, b)), all one rounding and zeroing the accumulator's masked-off
# lanes (§9.2); prelu / leaky_relu (the negative branch by the sign bit, so -0 is multiplied);
# mull (64-bit product of 32-bit lanes), addc / subc (carry masks at bit 4i; subc carry-style,
# 1 = no borrow, T15); muls_cast (FP32 * scalar -> FP16, ties away, lanes 2i + layout). The
# accumulators start as c. Masks and layout as in tests/ops/arith.py.
import pypto_pro.language as pl


@pl.vector_function
def fma_ops(a_tile, b_tile, c_tile, m_tile, mad_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        b = vf.load_align(b_tile, [r, 0])
        acc = vf.load_align(c_tile, [r, 0])
        acc = vf.mul_add_dst(a, b, m)
        vf.store_align(mad_t, acc, every, [r, 0])


@pl.vector_function
def mul_dst_add_op(a_tile, b_tile, c_tile, m_tile, mda_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        b = vf.load_align(b_tile, [r, 0])
        acc = vf.load_align(c_tile, [r, 0])
        acc = vf.mul_dst_add(a, b, m)
        vf.store_align(mda_t, acc, every, [r, 0])


@pl.vector_function
def axpy_op(a_tile, c_tile, m_tile, axpy_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        acc = vf.load_align(c_tile, [r, 0])
        acc = vf.axpy(a, -3, m)
        vf.store_align(axpy_t, acc, every, [r, 0])


@pl.vector_function
def abs_sub_op(a_tile, b_tile, m_tile, abs_sub_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        b = vf.load_align(b_tile, [r, 0])
        vf.store_align(abs_sub_t, vf.abs_sub(a, b, m), every, [r, 0])


@pl.vector_function
def prelu_ops(a_tile, b_tile, m_tile, prelu_t, lrelu_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        b = vf.load_align(b_tile, [r, 0])
        vf.store_align(prelu_t, vf.prelu(a, b, m), every, [r, 0])
        vf.store_align(lrelu_t, vf.leaky_relu(a, 0.2, m), every, [r, 0])


@pl.vector_function
def wide_ops(a_tile, b_tile, m_tile, cin_tile, lo_t, hi_t, sum_t, carry_t, diff_t, borrow_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    cin = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    carry = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_INT32)
    borrow = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_INT32)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        cin = vf.load_align(cin_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        b = vf.load_align(b_tile, [r, 0])
        lo, hi = vf.mull(a, b, m)
        vf.store_align(lo_t, lo, every, [r, 0])
        vf.store_align(hi_t, hi, every, [r, 0])
        carry, s = vf.addc(a, b, cin, m)
        vf.store_align(sum_t, s, every, [r, 0])
        vf.store_align(carry_t, carry, 32, post_update=True)
        borrow, d = vf.subc(a, b, cin, m)
        vf.store_align(diff_t, d, every, [r, 0])
        vf.store_align(borrow_t, borrow, 32, post_update=True)


@pl.vector_function
def muls_cast_ops(a_tile, m_tile, even_t, odd_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        h = vf.muls_cast(a, 3, m, dtype=pl.DT_FP16)
        vf.store_align(even_t, h, every, [r, 0])
        g = vf.muls_cast(a, 3, m, dtype=pl.DT_FP16, layout=pl.CastLayout.ONE)
        vf.store_align(odd_t, g, every, [r, 0])




@pl.jit()
def compose_i16(
    a: pl.Tensor[[4, 128], pl.DT_INT16],
    b: pl.Tensor[[4, 128], pl.DT_INT16],
    c: pl.Tensor[[4, 128], pl.DT_INT16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    mul_add_dst: pl.Tensor[[4, 128], pl.DT_INT16],
):
    t_int16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int16_4x128, addr=0x0000)
    b_t = pl.make_tile(t_int16_4x128, addr=0x0400)
    c_t = pl.make_tile(t_int16_4x128, addr=0x0800)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    mul_add_dst_t = pl.make_tile(t_int16_4x128, addr=0x0D00)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        fma_ops(a_t, b_t, c_t, m_t, mul_add_dst_t)
        pl.store(mul_add_dst, mul_add_dst_t, [0, 0])


@pl.jit()
def compose_u16(
    a: pl.Tensor[[4, 128], pl.DT_UINT16],
    b: pl.Tensor[[4, 128], pl.DT_UINT16],
    c: pl.Tensor[[4, 128], pl.DT_UINT16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    mul_add_dst: pl.Tensor[[4, 128], pl.DT_UINT16],
):
    t_uint16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint16_4x128, addr=0x0000)
    b_t = pl.make_tile(t_uint16_4x128, addr=0x0400)
    c_t = pl.make_tile(t_uint16_4x128, addr=0x0800)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    mul_add_dst_t = pl.make_tile(t_uint16_4x128, addr=0x0D00)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        fma_ops(a_t, b_t, c_t, m_t, mul_add_dst_t)
        pl.store(mul_add_dst, mul_add_dst_t, [0, 0])


@pl.jit()
def compose_i32(
    a: pl.Tensor[[4, 64], pl.DT_INT32],
    b: pl.Tensor[[4, 64], pl.DT_INT32],
    c: pl.Tensor[[4, 64], pl.DT_INT32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    mul_add_dst: pl.Tensor[[4, 64], pl.DT_INT32],
    cin: pl.Tensor[[4, 32], pl.DT_UINT8],
    lo: pl.Tensor[[4, 64], pl.DT_INT32],
    hi: pl.Tensor[[4, 64], pl.DT_INT32],
    sum: pl.Tensor[[4, 64], pl.DT_INT32],
    carry: pl.Tensor[[4, 32], pl.DT_UINT8],
    diff: pl.Tensor[[4, 64], pl.DT_INT32],
    borrow: pl.Tensor[[4, 32], pl.DT_UINT8],
):
    t_int32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int32_4x64, addr=0x0000)
    b_t = pl.make_tile(t_int32_4x64, addr=0x0400)
    c_t = pl.make_tile(t_int32_4x64, addr=0x0800)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    mul_add_dst_t = pl.make_tile(t_int32_4x64, addr=0x0D00)
    cin_t = pl.make_tile(t_uint8_4x32, addr=0x1100)
    lo_t = pl.make_tile(t_int32_4x64, addr=0x1200)
    hi_t = pl.make_tile(t_int32_4x64, addr=0x1600)
    sum_t = pl.make_tile(t_int32_4x64, addr=0x1A00)
    carry_t = pl.make_tile(t_uint8_4x32, addr=0x1E00)
    diff_t = pl.make_tile(t_int32_4x64, addr=0x1F00)
    borrow_t = pl.make_tile(t_uint8_4x32, addr=0x2300)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        pl.load(cin_t, cin, [0, 0])
        fma_ops(a_t, b_t, c_t, m_t, mul_add_dst_t)
        wide_ops(a_t, b_t, m_t, cin_t, lo_t, hi_t, sum_t, carry_t, diff_t, borrow_t)
        pl.store(mul_add_dst, mul_add_dst_t, [0, 0])
        pl.store(lo, lo_t, [0, 0])
        pl.store(hi, hi_t, [0, 0])
        pl.store(sum, sum_t, [0, 0])
        pl.store(carry, carry_t, [0, 0])
        pl.store(diff, diff_t, [0, 0])
        pl.store(borrow, borrow_t, [0, 0])


@pl.jit()
def compose_u32(
    a: pl.Tensor[[4, 64], pl.DT_UINT32],
    b: pl.Tensor[[4, 64], pl.DT_UINT32],
    c: pl.Tensor[[4, 64], pl.DT_UINT32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    mul_add_dst: pl.Tensor[[4, 64], pl.DT_UINT32],
    cin: pl.Tensor[[4, 32], pl.DT_UINT8],
    lo: pl.Tensor[[4, 64], pl.DT_UINT32],
    hi: pl.Tensor[[4, 64], pl.DT_UINT32],
    sum: pl.Tensor[[4, 64], pl.DT_UINT32],
    carry: pl.Tensor[[4, 32], pl.DT_UINT8],
    diff: pl.Tensor[[4, 64], pl.DT_UINT32],
    borrow: pl.Tensor[[4, 32], pl.DT_UINT8],
):
    t_uint32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint32_4x64, addr=0x0000)
    b_t = pl.make_tile(t_uint32_4x64, addr=0x0400)
    c_t = pl.make_tile(t_uint32_4x64, addr=0x0800)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    mul_add_dst_t = pl.make_tile(t_uint32_4x64, addr=0x0D00)
    cin_t = pl.make_tile(t_uint8_4x32, addr=0x1100)
    lo_t = pl.make_tile(t_uint32_4x64, addr=0x1200)
    hi_t = pl.make_tile(t_uint32_4x64, addr=0x1600)
    sum_t = pl.make_tile(t_uint32_4x64, addr=0x1A00)
    carry_t = pl.make_tile(t_uint8_4x32, addr=0x1E00)
    diff_t = pl.make_tile(t_uint32_4x64, addr=0x1F00)
    borrow_t = pl.make_tile(t_uint8_4x32, addr=0x2300)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        pl.load(cin_t, cin, [0, 0])
        fma_ops(a_t, b_t, c_t, m_t, mul_add_dst_t)
        wide_ops(a_t, b_t, m_t, cin_t, lo_t, hi_t, sum_t, carry_t, diff_t, borrow_t)
        pl.store(mul_add_dst, mul_add_dst_t, [0, 0])
        pl.store(lo, lo_t, [0, 0])
        pl.store(hi, hi_t, [0, 0])
        pl.store(sum, sum_t, [0, 0])
        pl.store(carry, carry_t, [0, 0])
        pl.store(diff, diff_t, [0, 0])
        pl.store(borrow, borrow_t, [0, 0])


@pl.jit()
def compose_i64(
    a: pl.Tensor[[4, 32], pl.DT_INT64],
    b: pl.Tensor[[4, 32], pl.DT_INT64],
    c: pl.Tensor[[4, 32], pl.DT_INT64],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    mul_add_dst: pl.Tensor[[4, 32], pl.DT_INT64],
    axpy: pl.Tensor[[4, 32], pl.DT_INT64],
    abs_sub: pl.Tensor[[4, 32], pl.DT_INT64],
):
    t_int64_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_INT64, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int64_4x32, addr=0x0000)
    b_t = pl.make_tile(t_int64_4x32, addr=0x0400)
    c_t = pl.make_tile(t_int64_4x32, addr=0x0800)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    mul_add_dst_t = pl.make_tile(t_int64_4x32, addr=0x0D00)
    axpy_t = pl.make_tile(t_int64_4x32, addr=0x1100)
    abs_sub_t = pl.make_tile(t_int64_4x32, addr=0x1500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        fma_ops(a_t, b_t, c_t, m_t, mul_add_dst_t)
        axpy_op(a_t, c_t, m_t, axpy_t)
        abs_sub_op(a_t, b_t, m_t, abs_sub_t)
        pl.store(mul_add_dst, mul_add_dst_t, [0, 0])
        pl.store(axpy, axpy_t, [0, 0])
        pl.store(abs_sub, abs_sub_t, [0, 0])


@pl.jit()
def compose_u64(
    a: pl.Tensor[[4, 32], pl.DT_UINT64],
    b: pl.Tensor[[4, 32], pl.DT_UINT64],
    c: pl.Tensor[[4, 32], pl.DT_UINT64],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    mul_add_dst: pl.Tensor[[4, 32], pl.DT_UINT64],
    axpy: pl.Tensor[[4, 32], pl.DT_UINT64],
):
    t_uint64_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT64, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint64_4x32, addr=0x0000)
    b_t = pl.make_tile(t_uint64_4x32, addr=0x0400)
    c_t = pl.make_tile(t_uint64_4x32, addr=0x0800)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    mul_add_dst_t = pl.make_tile(t_uint64_4x32, addr=0x0D00)
    axpy_t = pl.make_tile(t_uint64_4x32, addr=0x1100)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        fma_ops(a_t, b_t, c_t, m_t, mul_add_dst_t)
        axpy_op(a_t, c_t, m_t, axpy_t)
        pl.store(mul_add_dst, mul_add_dst_t, [0, 0])
        pl.store(axpy, axpy_t, [0, 0])


@pl.jit()
def compose_f16(
    a: pl.Tensor[[4, 128], pl.DT_FP16],
    b: pl.Tensor[[4, 128], pl.DT_FP16],
    c: pl.Tensor[[4, 128], pl.DT_FP16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    mul_add_dst: pl.Tensor[[4, 128], pl.DT_FP16],
    mul_dst_add: pl.Tensor[[4, 128], pl.DT_FP16],
    axpy: pl.Tensor[[4, 128], pl.DT_FP16],
    abs_sub: pl.Tensor[[4, 128], pl.DT_FP16],
    prelu: pl.Tensor[[4, 128], pl.DT_FP16],
    leaky_relu: pl.Tensor[[4, 128], pl.DT_FP16],
):
    t_fp16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp16_4x128, addr=0x0000)
    b_t = pl.make_tile(t_fp16_4x128, addr=0x0400)
    c_t = pl.make_tile(t_fp16_4x128, addr=0x0800)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    mul_add_dst_t = pl.make_tile(t_fp16_4x128, addr=0x0D00)
    mul_dst_add_t = pl.make_tile(t_fp16_4x128, addr=0x1100)
    axpy_t = pl.make_tile(t_fp16_4x128, addr=0x1500)
    abs_sub_t = pl.make_tile(t_fp16_4x128, addr=0x1900)
    prelu_t = pl.make_tile(t_fp16_4x128, addr=0x1D00)
    leaky_relu_t = pl.make_tile(t_fp16_4x128, addr=0x2100)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        fma_ops(a_t, b_t, c_t, m_t, mul_add_dst_t)
        mul_dst_add_op(a_t, b_t, c_t, m_t, mul_dst_add_t)
        axpy_op(a_t, c_t, m_t, axpy_t)
        abs_sub_op(a_t, b_t, m_t, abs_sub_t)
        prelu_ops(a_t, b_t, m_t, prelu_t, leaky_relu_t)
        pl.store(mul_add_dst, mul_add_dst_t, [0, 0])
        pl.store(mul_dst_add, mul_dst_add_t, [0, 0])
        pl.store(axpy, axpy_t, [0, 0])
        pl.store(abs_sub, abs_sub_t, [0, 0])
        pl.store(prelu, prelu_t, [0, 0])
        pl.store(leaky_relu, leaky_relu_t, [0, 0])


@pl.jit()
def compose_bf16(
    a: pl.Tensor[[4, 128], pl.DT_BF16],
    b: pl.Tensor[[4, 128], pl.DT_BF16],
    c: pl.Tensor[[4, 128], pl.DT_BF16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    mul_add_dst: pl.Tensor[[4, 128], pl.DT_BF16],
    mul_dst_add: pl.Tensor[[4, 128], pl.DT_BF16],
):
    t_bf16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_BF16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_bf16_4x128, addr=0x0000)
    b_t = pl.make_tile(t_bf16_4x128, addr=0x0400)
    c_t = pl.make_tile(t_bf16_4x128, addr=0x0800)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    mul_add_dst_t = pl.make_tile(t_bf16_4x128, addr=0x0D00)
    mul_dst_add_t = pl.make_tile(t_bf16_4x128, addr=0x1100)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        fma_ops(a_t, b_t, c_t, m_t, mul_add_dst_t)
        mul_dst_add_op(a_t, b_t, c_t, m_t, mul_dst_add_t)
        pl.store(mul_add_dst, mul_add_dst_t, [0, 0])
        pl.store(mul_dst_add, mul_dst_add_t, [0, 0])


@pl.jit()
def compose_f32(
    a: pl.Tensor[[4, 64], pl.DT_FP32],
    b: pl.Tensor[[4, 64], pl.DT_FP32],
    c: pl.Tensor[[4, 64], pl.DT_FP32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    mul_add_dst: pl.Tensor[[4, 64], pl.DT_FP32],
    mul_dst_add: pl.Tensor[[4, 64], pl.DT_FP32],
    axpy: pl.Tensor[[4, 64], pl.DT_FP32],
    abs_sub: pl.Tensor[[4, 64], pl.DT_FP32],
    prelu: pl.Tensor[[4, 64], pl.DT_FP32],
    leaky_relu: pl.Tensor[[4, 64], pl.DT_FP32],
    cast_even: pl.Tensor[[4, 128], pl.DT_FP16],
    cast_odd: pl.Tensor[[4, 128], pl.DT_FP16],
):
    t_fp32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_fp16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp32_4x64, addr=0x0000)
    b_t = pl.make_tile(t_fp32_4x64, addr=0x0400)
    c_t = pl.make_tile(t_fp32_4x64, addr=0x0800)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    mul_add_dst_t = pl.make_tile(t_fp32_4x64, addr=0x0D00)
    mul_dst_add_t = pl.make_tile(t_fp32_4x64, addr=0x1100)
    axpy_t = pl.make_tile(t_fp32_4x64, addr=0x1500)
    abs_sub_t = pl.make_tile(t_fp32_4x64, addr=0x1900)
    prelu_t = pl.make_tile(t_fp32_4x64, addr=0x1D00)
    leaky_relu_t = pl.make_tile(t_fp32_4x64, addr=0x2100)
    cast_even_t = pl.make_tile(t_fp16_4x128, addr=0x2500)
    cast_odd_t = pl.make_tile(t_fp16_4x128, addr=0x2900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        fma_ops(a_t, b_t, c_t, m_t, mul_add_dst_t)
        mul_dst_add_op(a_t, b_t, c_t, m_t, mul_dst_add_t)
        axpy_op(a_t, c_t, m_t, axpy_t)
        abs_sub_op(a_t, b_t, m_t, abs_sub_t)
        prelu_ops(a_t, b_t, m_t, prelu_t, leaky_relu_t)
        muls_cast_ops(a_t, m_t, cast_even_t, cast_odd_t)
        pl.store(mul_add_dst, mul_add_dst_t, [0, 0])
        pl.store(mul_dst_add, mul_dst_add_t, [0, 0])
        pl.store(axpy, axpy_t, [0, 0])
        pl.store(abs_sub, abs_sub_t, [0, 0])
        pl.store(prelu, prelu_t, [0, 0])
        pl.store(leaky_relu, leaky_relu_t, [0, 0])
        pl.store(cast_even, cast_even_t, [0, 0])
        pl.store(cast_odd, cast_odd_t, [0, 0])
