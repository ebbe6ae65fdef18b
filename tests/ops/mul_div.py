# mul and muls on every dtype pvc takes (docs/SEMANTICS.md §10.1, §10.2: integers keep the low
# bits, §9.5; BF16 through FP32, §9.4; muls on 8-bit integers is trap T18), integer division
# (§10.1 (d): truncated toward zero, MIN / -1 = MIN; a zero divisor in a masked-off lane is
# harmless, in an active lane it faults, §13 Q5). Masks and layout as in tests/ops/arith.py.
import pypto_pro.language as pl


@pl.vector_function
def mul_ops(a_tile, b_tile, m_tile, mul_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        b = vf.load_align(b_tile, [r, 0])
        prod = vf.mul(a, b, m)
        vf.store_align(mul_t, prod, every, [r, 0])


@pl.vector_function
def muls_ops(a_tile, m_tile, muls_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        vf.store_align(muls_t, vf.muls(a, -3, m), every, [r, 0])


@pl.vector_function
def div_ops(a_tile, b_tile, m_tile, div_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        b = vf.load_align(b_tile, [r, 0])
        q = vf.div(a, b, m)
        vf.store_align(div_t, q, every, [r, 0])


# The same division with a zero divisor in an active lane: a located kernel fault (§13 Q5).
@pl.jit()
def div_by_zero(
    a: pl.Tensor[[1, 64], pl.DT_INT32],
    b: pl.Tensor[[1, 64], pl.DT_INT32],
    m: pl.Tensor[[1, 32], pl.DT_UINT8],
    out: pl.Tensor[[1, 64], pl.DT_INT32],
):
    ti = pl.TileType(shape=[1, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    tm = pl.TileType(shape=[1, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(ti, addr=0x0000)
    b_t = pl.make_tile(ti, addr=0x0100)
    m_t = pl.make_tile(tm, addr=0x0200)
    out_t = pl.make_tile(ti, addr=0x0300)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        div_one(a_t, b_t, m_t, out_t)
        pl.store(out, out_t, [0, 0])


@pl.vector_function
def div_one(a_tile, b_tile, m_tile, out_tile):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.load_align(m_tile, 0)
    a = vf.load_align(a_tile, 0)
    b = vf.load_align(b_tile, 0)
    vf.store_align(out_tile, vf.div(a, b, m), every)




@pl.jit()
def mul_i16(
    a: pl.Tensor[[4, 128], pl.DT_INT16],
    b: pl.Tensor[[4, 128], pl.DT_INT16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    mul: pl.Tensor[[4, 128], pl.DT_INT16],
):
    t_int16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int16_4x128, addr=0x0000)
    b_t = pl.make_tile(t_int16_4x128, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    mul_t = pl.make_tile(t_int16_4x128, addr=0x0900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        mul_ops(a_t, b_t, m_t, mul_t)
        pl.store(mul, mul_t, [0, 0])


@pl.jit()
def mul_u16(
    a: pl.Tensor[[4, 128], pl.DT_UINT16],
    b: pl.Tensor[[4, 128], pl.DT_UINT16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    mul: pl.Tensor[[4, 128], pl.DT_UINT16],
):
    t_uint16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint16_4x128, addr=0x0000)
    b_t = pl.make_tile(t_uint16_4x128, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    mul_t = pl.make_tile(t_uint16_4x128, addr=0x0900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        mul_ops(a_t, b_t, m_t, mul_t)
        pl.store(mul, mul_t, [0, 0])


@pl.jit()
def mul_i32(
    a: pl.Tensor[[4, 64], pl.DT_INT32],
    b: pl.Tensor[[4, 64], pl.DT_INT32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    mul: pl.Tensor[[4, 64], pl.DT_INT32],
):
    t_int32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int32_4x64, addr=0x0000)
    b_t = pl.make_tile(t_int32_4x64, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    mul_t = pl.make_tile(t_int32_4x64, addr=0x0900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        mul_ops(a_t, b_t, m_t, mul_t)
        pl.store(mul, mul_t, [0, 0])


@pl.jit()
def mul_u32(
    a: pl.Tensor[[4, 64], pl.DT_UINT32],
    b: pl.Tensor[[4, 64], pl.DT_UINT32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    mul: pl.Tensor[[4, 64], pl.DT_UINT32],
):
    t_uint32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint32_4x64, addr=0x0000)
    b_t = pl.make_tile(t_uint32_4x64, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    mul_t = pl.make_tile(t_uint32_4x64, addr=0x0900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        mul_ops(a_t, b_t, m_t, mul_t)
        pl.store(mul, mul_t, [0, 0])


@pl.jit()
def mul_i64(
    a: pl.Tensor[[4, 32], pl.DT_INT64],
    b: pl.Tensor[[4, 32], pl.DT_INT64],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    mul: pl.Tensor[[4, 32], pl.DT_INT64],
):
    t_int64_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_INT64, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int64_4x32, addr=0x0000)
    b_t = pl.make_tile(t_int64_4x32, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    mul_t = pl.make_tile(t_int64_4x32, addr=0x0900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        mul_ops(a_t, b_t, m_t, mul_t)
        pl.store(mul, mul_t, [0, 0])


@pl.jit()
def mul_u64(
    a: pl.Tensor[[4, 32], pl.DT_UINT64],
    b: pl.Tensor[[4, 32], pl.DT_UINT64],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    mul: pl.Tensor[[4, 32], pl.DT_UINT64],
):
    t_uint64_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT64, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint64_4x32, addr=0x0000)
    b_t = pl.make_tile(t_uint64_4x32, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    mul_t = pl.make_tile(t_uint64_4x32, addr=0x0900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        mul_ops(a_t, b_t, m_t, mul_t)
        pl.store(mul, mul_t, [0, 0])


@pl.jit()
def mul_f16(
    a: pl.Tensor[[4, 128], pl.DT_FP16],
    b: pl.Tensor[[4, 128], pl.DT_FP16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    mul: pl.Tensor[[4, 128], pl.DT_FP16],
):
    t_fp16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp16_4x128, addr=0x0000)
    b_t = pl.make_tile(t_fp16_4x128, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    mul_t = pl.make_tile(t_fp16_4x128, addr=0x0900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        mul_ops(a_t, b_t, m_t, mul_t)
        pl.store(mul, mul_t, [0, 0])


@pl.jit()
def mul_bf16(
    a: pl.Tensor[[4, 128], pl.DT_BF16],
    b: pl.Tensor[[4, 128], pl.DT_BF16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    mul: pl.Tensor[[4, 128], pl.DT_BF16],
):
    t_bf16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_BF16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_bf16_4x128, addr=0x0000)
    b_t = pl.make_tile(t_bf16_4x128, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    mul_t = pl.make_tile(t_bf16_4x128, addr=0x0900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        mul_ops(a_t, b_t, m_t, mul_t)
        pl.store(mul, mul_t, [0, 0])


@pl.jit()
def mul_f32(
    a: pl.Tensor[[4, 64], pl.DT_FP32],
    b: pl.Tensor[[4, 64], pl.DT_FP32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    mul: pl.Tensor[[4, 64], pl.DT_FP32],
):
    t_fp32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp32_4x64, addr=0x0000)
    b_t = pl.make_tile(t_fp32_4x64, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    mul_t = pl.make_tile(t_fp32_4x64, addr=0x0900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        mul_ops(a_t, b_t, m_t, mul_t)
        pl.store(mul, mul_t, [0, 0])


@pl.jit()
def muls_i8(
    a: pl.Tensor[[4, 256], pl.DT_INT8],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    muls: pl.Tensor[[4, 256], pl.DT_INT8],
):
    t_int8_4x256 = pl.TileType(shape=[4, 256], dtype=pl.DT_INT8, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int8_4x256, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    muls_t = pl.make_tile(t_int8_4x256, addr=0x0500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        muls_ops(a_t, m_t, muls_t)
        pl.store(muls, muls_t, [0, 0])


@pl.jit()
def muls_u8(
    a: pl.Tensor[[4, 256], pl.DT_UINT8],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    muls: pl.Tensor[[4, 256], pl.DT_UINT8],
):
    t_uint8_4x256 = pl.TileType(shape=[4, 256], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint8_4x256, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    muls_t = pl.make_tile(t_uint8_4x256, addr=0x0500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        muls_ops(a_t, m_t, muls_t)
        pl.store(muls, muls_t, [0, 0])


@pl.jit()
def muls_i16(
    a: pl.Tensor[[4, 128], pl.DT_INT16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    muls: pl.Tensor[[4, 128], pl.DT_INT16],
):
    t_int16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int16_4x128, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    muls_t = pl.make_tile(t_int16_4x128, addr=0x0500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        muls_ops(a_t, m_t, muls_t)
        pl.store(muls, muls_t, [0, 0])


@pl.jit()
def muls_u16(
    a: pl.Tensor[[4, 128], pl.DT_UINT16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    muls: pl.Tensor[[4, 128], pl.DT_UINT16],
):
    t_uint16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint16_4x128, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    muls_t = pl.make_tile(t_uint16_4x128, addr=0x0500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        muls_ops(a_t, m_t, muls_t)
        pl.store(muls, muls_t, [0, 0])


@pl.jit()
def muls_i32(
    a: pl.Tensor[[4, 64], pl.DT_INT32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    muls: pl.Tensor[[4, 64], pl.DT_INT32],
):
    t_int32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int32_4x64, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    muls_t = pl.make_tile(t_int32_4x64, addr=0x0500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        muls_ops(a_t, m_t, muls_t)
        pl.store(muls, muls_t, [0, 0])


@pl.jit()
def muls_u32(
    a: pl.Tensor[[4, 64], pl.DT_UINT32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    muls: pl.Tensor[[4, 64], pl.DT_UINT32],
):
    t_uint32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint32_4x64, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    muls_t = pl.make_tile(t_uint32_4x64, addr=0x0500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        muls_ops(a_t, m_t, muls_t)
        pl.store(muls, muls_t, [0, 0])


@pl.jit()
def muls_i64(
    a: pl.Tensor[[4, 32], pl.DT_INT64],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    muls: pl.Tensor[[4, 32], pl.DT_INT64],
):
    t_int64_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_INT64, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int64_4x32, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    muls_t = pl.make_tile(t_int64_4x32, addr=0x0500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        muls_ops(a_t, m_t, muls_t)
        pl.store(muls, muls_t, [0, 0])


@pl.jit()
def muls_u64(
    a: pl.Tensor[[4, 32], pl.DT_UINT64],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    muls: pl.Tensor[[4, 32], pl.DT_UINT64],
):
    t_uint64_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT64, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint64_4x32, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    muls_t = pl.make_tile(t_uint64_4x32, addr=0x0500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        muls_ops(a_t, m_t, muls_t)
        pl.store(muls, muls_t, [0, 0])


@pl.jit()
def muls_f16(
    a: pl.Tensor[[4, 128], pl.DT_FP16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    muls: pl.Tensor[[4, 128], pl.DT_FP16],
):
    t_fp16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp16_4x128, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    muls_t = pl.make_tile(t_fp16_4x128, addr=0x0500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        muls_ops(a_t, m_t, muls_t)
        pl.store(muls, muls_t, [0, 0])


@pl.jit()
def muls_f32(
    a: pl.Tensor[[4, 64], pl.DT_FP32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    muls: pl.Tensor[[4, 64], pl.DT_FP32],
):
    t_fp32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp32_4x64, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    muls_t = pl.make_tile(t_fp32_4x64, addr=0x0500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        muls_ops(a_t, m_t, muls_t)
        pl.store(muls, muls_t, [0, 0])


@pl.jit()
def div_i8(
    a: pl.Tensor[[4, 256], pl.DT_INT8],
    b: pl.Tensor[[4, 256], pl.DT_INT8],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    div: pl.Tensor[[4, 256], pl.DT_INT8],
):
    t_int8_4x256 = pl.TileType(shape=[4, 256], dtype=pl.DT_INT8, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int8_4x256, addr=0x0000)
    b_t = pl.make_tile(t_int8_4x256, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    div_t = pl.make_tile(t_int8_4x256, addr=0x0900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        div_ops(a_t, b_t, m_t, div_t)
        pl.store(div, div_t, [0, 0])


@pl.jit()
def div_u8(
    a: pl.Tensor[[4, 256], pl.DT_UINT8],
    b: pl.Tensor[[4, 256], pl.DT_UINT8],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    div: pl.Tensor[[4, 256], pl.DT_UINT8],
):
    t_uint8_4x256 = pl.TileType(shape=[4, 256], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint8_4x256, addr=0x0000)
    b_t = pl.make_tile(t_uint8_4x256, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    div_t = pl.make_tile(t_uint8_4x256, addr=0x0900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        div_ops(a_t, b_t, m_t, div_t)
        pl.store(div, div_t, [0, 0])


@pl.jit()
def div_i16(
    a: pl.Tensor[[4, 128], pl.DT_INT16],
    b: pl.Tensor[[4, 128], pl.DT_INT16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    div: pl.Tensor[[4, 128], pl.DT_INT16],
):
    t_int16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int16_4x128, addr=0x0000)
    b_t = pl.make_tile(t_int16_4x128, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    div_t = pl.make_tile(t_int16_4x128, addr=0x0900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        div_ops(a_t, b_t, m_t, div_t)
        pl.store(div, div_t, [0, 0])


@pl.jit()
def div_u16(
    a: pl.Tensor[[4, 128], pl.DT_UINT16],
    b: pl.Tensor[[4, 128], pl.DT_UINT16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    div: pl.Tensor[[4, 128], pl.DT_UINT16],
):
    t_uint16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint16_4x128, addr=0x0000)
    b_t = pl.make_tile(t_uint16_4x128, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    div_t = pl.make_tile(t_uint16_4x128, addr=0x0900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        div_ops(a_t, b_t, m_t, div_t)
        pl.store(div, div_t, [0, 0])


@pl.jit()
def div_i32(
    a: pl.Tensor[[4, 64], pl.DT_INT32],
    b: pl.Tensor[[4, 64], pl.DT_INT32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    div: pl.Tensor[[4, 64], pl.DT_INT32],
):
    t_int32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int32_4x64, addr=0x0000)
    b_t = pl.make_tile(t_int32_4x64, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    div_t = pl.make_tile(t_int32_4x64, addr=0x0900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        div_ops(a_t, b_t, m_t, div_t)
        pl.store(div, div_t, [0, 0])


@pl.jit()
def div_u32(
    a: pl.Tensor[[4, 64], pl.DT_UINT32],
    b: pl.Tensor[[4, 64], pl.DT_UINT32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    div: pl.Tensor[[4, 64], pl.DT_UINT32],
):
    t_uint32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint32_4x64, addr=0x0000)
    b_t = pl.make_tile(t_uint32_4x64, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    div_t = pl.make_tile(t_uint32_4x64, addr=0x0900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        div_ops(a_t, b_t, m_t, div_t)
        pl.store(div, div_t, [0, 0])


@pl.jit()
def div_i64(
    a: pl.Tensor[[4, 32], pl.DT_INT64],
    b: pl.Tensor[[4, 32], pl.DT_INT64],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    div: pl.Tensor[[4, 32], pl.DT_INT64],
):
    t_int64_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_INT64, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int64_4x32, addr=0x0000)
    b_t = pl.make_tile(t_int64_4x32, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    div_t = pl.make_tile(t_int64_4x32, addr=0x0900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        div_ops(a_t, b_t, m_t, div_t)
        pl.store(div, div_t, [0, 0])


@pl.jit()
def div_u64(
    a: pl.Tensor[[4, 32], pl.DT_UINT64],
    b: pl.Tensor[[4, 32], pl.DT_UINT64],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    div: pl.Tensor[[4, 32], pl.DT_UINT64],
):
    t_uint64_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT64, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint64_4x32, addr=0x0000)
    b_t = pl.make_tile(t_uint64_4x32, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    div_t = pl.make_tile(t_uint64_4x32, addr=0x0900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        div_ops(a_t, b_t, m_t, div_t)
        pl.store(div, div_t, [0, 0])
