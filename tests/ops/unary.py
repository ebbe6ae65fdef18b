# Unary ops on every dtype of their row: abs (docs/SEMANTICS.md §5.3: the float sign bit cleared,
# integers wrap, abs(MIN) = MIN), neg (§10.4: the sign bit flipped, NaN payload kept; integers
# wrap), relu (§5.3: x > 0 ? x : +0, NaN kept), not_ (§10.7: ~x; no BF16, tests/ops/diag/
# not_bf16.py) and truncate (§10.5: round to an integral value in the same type, TRUNC by
# default, round_mode= RINT/CEIL/FLOOR/TRUNC; a zero result keeps the input's sign, inf and NaN
# unchanged). Masks and layout as in tests/ops/arith.py.
import pypto_pro.language as pl


@pl.vector_function
def abs_neg(a_tile, m_tile, abs_t, neg_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        vf.store_align(abs_t, vf.abs(a, m), every, [r, 0])
        vf.store_align(neg_t, vf.neg(a, m), every, [r, 0])


@pl.vector_function
def relu_op(a_tile, m_tile, relu_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        vf.store_align(relu_t, vf.relu(a, m), every, [r, 0])


@pl.vector_function
def not_op(a_tile, m_tile, not_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        vf.store_align(not_t, vf.not_(a, m), every, [r, 0])


@pl.vector_function
def truncate_ops(a_tile, m_tile, trunc_t, rint_t, ceil_t, floor_t, toward0_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        vf.store_align(trunc_t, vf.truncate(a, m), every, [r, 0])
        x = vf.truncate(a, m, round_mode=pl.VFRoundMode.CAST_RINT)
        vf.store_align(rint_t, x, every, [r, 0])
        x = vf.truncate(a, m, round_mode=pl.VFRoundMode.CAST_CEIL)
        vf.store_align(ceil_t, x, every, [r, 0])
        x = vf.truncate(a, m, round_mode=pl.VFRoundMode.CAST_FLOOR)
        vf.store_align(floor_t, x, every, [r, 0])
        x = vf.truncate(a, m, round_mode=pl.VFRoundMode.CAST_TRUNC)
        vf.store_align(toward0_t, x, every, [r, 0])




@pl.jit()
def unary_i8(
    a: pl.Tensor[[4, 256], pl.DT_INT8],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    abs: pl.Tensor[[4, 256], pl.DT_INT8],
    neg: pl.Tensor[[4, 256], pl.DT_INT8],
    not_: pl.Tensor[[4, 256], pl.DT_INT8],
):
    t_int8_4x256 = pl.TileType(shape=[4, 256], dtype=pl.DT_INT8, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int8_4x256, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    abs_t = pl.make_tile(t_int8_4x256, addr=0x0500)
    neg_t = pl.make_tile(t_int8_4x256, addr=0x0900)
    not__t = pl.make_tile(t_int8_4x256, addr=0x0D00)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        abs_neg(a_t, m_t, abs_t, neg_t)
        not_op(a_t, m_t, not__t)
        pl.store(abs, abs_t, [0, 0])
        pl.store(neg, neg_t, [0, 0])
        pl.store(not_, not__t, [0, 0])


@pl.jit()
def unary_u8(
    a: pl.Tensor[[4, 256], pl.DT_UINT8],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    not_: pl.Tensor[[4, 256], pl.DT_UINT8],
):
    t_uint8_4x256 = pl.TileType(shape=[4, 256], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint8_4x256, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    not__t = pl.make_tile(t_uint8_4x256, addr=0x0500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        not_op(a_t, m_t, not__t)
        pl.store(not_, not__t, [0, 0])


@pl.jit()
def unary_i16(
    a: pl.Tensor[[4, 128], pl.DT_INT16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    abs: pl.Tensor[[4, 128], pl.DT_INT16],
    neg: pl.Tensor[[4, 128], pl.DT_INT16],
    not_: pl.Tensor[[4, 128], pl.DT_INT16],
):
    t_int16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int16_4x128, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    abs_t = pl.make_tile(t_int16_4x128, addr=0x0500)
    neg_t = pl.make_tile(t_int16_4x128, addr=0x0900)
    not__t = pl.make_tile(t_int16_4x128, addr=0x0D00)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        abs_neg(a_t, m_t, abs_t, neg_t)
        not_op(a_t, m_t, not__t)
        pl.store(abs, abs_t, [0, 0])
        pl.store(neg, neg_t, [0, 0])
        pl.store(not_, not__t, [0, 0])


@pl.jit()
def unary_u16(
    a: pl.Tensor[[4, 128], pl.DT_UINT16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    not_: pl.Tensor[[4, 128], pl.DT_UINT16],
):
    t_uint16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint16_4x128, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    not__t = pl.make_tile(t_uint16_4x128, addr=0x0500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        not_op(a_t, m_t, not__t)
        pl.store(not_, not__t, [0, 0])


@pl.jit()
def unary_i32(
    a: pl.Tensor[[4, 64], pl.DT_INT32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    abs: pl.Tensor[[4, 64], pl.DT_INT32],
    neg: pl.Tensor[[4, 64], pl.DT_INT32],
    relu: pl.Tensor[[4, 64], pl.DT_INT32],
    not_: pl.Tensor[[4, 64], pl.DT_INT32],
):
    t_int32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int32_4x64, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    abs_t = pl.make_tile(t_int32_4x64, addr=0x0500)
    neg_t = pl.make_tile(t_int32_4x64, addr=0x0900)
    relu_t = pl.make_tile(t_int32_4x64, addr=0x0D00)
    not__t = pl.make_tile(t_int32_4x64, addr=0x1100)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        abs_neg(a_t, m_t, abs_t, neg_t)
        relu_op(a_t, m_t, relu_t)
        not_op(a_t, m_t, not__t)
        pl.store(abs, abs_t, [0, 0])
        pl.store(neg, neg_t, [0, 0])
        pl.store(relu, relu_t, [0, 0])
        pl.store(not_, not__t, [0, 0])


@pl.jit()
def unary_u32(
    a: pl.Tensor[[4, 64], pl.DT_UINT32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    not_: pl.Tensor[[4, 64], pl.DT_UINT32],
):
    t_uint32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint32_4x64, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    not__t = pl.make_tile(t_uint32_4x64, addr=0x0500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        not_op(a_t, m_t, not__t)
        pl.store(not_, not__t, [0, 0])


@pl.jit()
def unary_i64(
    a: pl.Tensor[[4, 32], pl.DT_INT64],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    abs: pl.Tensor[[4, 32], pl.DT_INT64],
    neg: pl.Tensor[[4, 32], pl.DT_INT64],
    not_: pl.Tensor[[4, 32], pl.DT_INT64],
):
    t_int64_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_INT64, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int64_4x32, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    abs_t = pl.make_tile(t_int64_4x32, addr=0x0500)
    neg_t = pl.make_tile(t_int64_4x32, addr=0x0900)
    not__t = pl.make_tile(t_int64_4x32, addr=0x0D00)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        abs_neg(a_t, m_t, abs_t, neg_t)
        not_op(a_t, m_t, not__t)
        pl.store(abs, abs_t, [0, 0])
        pl.store(neg, neg_t, [0, 0])
        pl.store(not_, not__t, [0, 0])


@pl.jit()
def unary_u64(
    a: pl.Tensor[[4, 32], pl.DT_UINT64],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    not_: pl.Tensor[[4, 32], pl.DT_UINT64],
):
    t_uint64_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT64, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint64_4x32, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    not__t = pl.make_tile(t_uint64_4x32, addr=0x0500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        not_op(a_t, m_t, not__t)
        pl.store(not_, not__t, [0, 0])


@pl.jit()
def unary_f16(
    a: pl.Tensor[[4, 128], pl.DT_FP16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    abs: pl.Tensor[[4, 128], pl.DT_FP16],
    neg: pl.Tensor[[4, 128], pl.DT_FP16],
    relu: pl.Tensor[[4, 128], pl.DT_FP16],
    not_: pl.Tensor[[4, 128], pl.DT_FP16],
    trunc: pl.Tensor[[4, 128], pl.DT_FP16],
    rint: pl.Tensor[[4, 128], pl.DT_FP16],
    ceil: pl.Tensor[[4, 128], pl.DT_FP16],
    floor: pl.Tensor[[4, 128], pl.DT_FP16],
    toward0: pl.Tensor[[4, 128], pl.DT_FP16],
):
    t_fp16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp16_4x128, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    abs_t = pl.make_tile(t_fp16_4x128, addr=0x0500)
    neg_t = pl.make_tile(t_fp16_4x128, addr=0x0900)
    relu_t = pl.make_tile(t_fp16_4x128, addr=0x0D00)
    not__t = pl.make_tile(t_fp16_4x128, addr=0x1100)
    trunc_t = pl.make_tile(t_fp16_4x128, addr=0x1500)
    rint_t = pl.make_tile(t_fp16_4x128, addr=0x1900)
    ceil_t = pl.make_tile(t_fp16_4x128, addr=0x1D00)
    floor_t = pl.make_tile(t_fp16_4x128, addr=0x2100)
    toward0_t = pl.make_tile(t_fp16_4x128, addr=0x2500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        abs_neg(a_t, m_t, abs_t, neg_t)
        relu_op(a_t, m_t, relu_t)
        not_op(a_t, m_t, not__t)
        truncate_ops(a_t, m_t, trunc_t, rint_t, ceil_t, floor_t, toward0_t)
        pl.store(abs, abs_t, [0, 0])
        pl.store(neg, neg_t, [0, 0])
        pl.store(relu, relu_t, [0, 0])
        pl.store(not_, not__t, [0, 0])
        pl.store(trunc, trunc_t, [0, 0])
        pl.store(rint, rint_t, [0, 0])
        pl.store(ceil, ceil_t, [0, 0])
        pl.store(floor, floor_t, [0, 0])
        pl.store(toward0, toward0_t, [0, 0])


@pl.jit()
def unary_bf16(
    a: pl.Tensor[[4, 128], pl.DT_BF16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    trunc: pl.Tensor[[4, 128], pl.DT_BF16],
    rint: pl.Tensor[[4, 128], pl.DT_BF16],
    ceil: pl.Tensor[[4, 128], pl.DT_BF16],
    floor: pl.Tensor[[4, 128], pl.DT_BF16],
    toward0: pl.Tensor[[4, 128], pl.DT_BF16],
):
    t_bf16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_BF16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_bf16_4x128, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    trunc_t = pl.make_tile(t_bf16_4x128, addr=0x0500)
    rint_t = pl.make_tile(t_bf16_4x128, addr=0x0900)
    ceil_t = pl.make_tile(t_bf16_4x128, addr=0x0D00)
    floor_t = pl.make_tile(t_bf16_4x128, addr=0x1100)
    toward0_t = pl.make_tile(t_bf16_4x128, addr=0x1500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        truncate_ops(a_t, m_t, trunc_t, rint_t, ceil_t, floor_t, toward0_t)
        pl.store(trunc, trunc_t, [0, 0])
        pl.store(rint, rint_t, [0, 0])
        pl.store(ceil, ceil_t, [0, 0])
        pl.store(floor, floor_t, [0, 0])
        pl.store(toward0, toward0_t, [0, 0])


@pl.jit()
def unary_f32(
    a: pl.Tensor[[4, 64], pl.DT_FP32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    abs: pl.Tensor[[4, 64], pl.DT_FP32],
    neg: pl.Tensor[[4, 64], pl.DT_FP32],
    relu: pl.Tensor[[4, 64], pl.DT_FP32],
    not_: pl.Tensor[[4, 64], pl.DT_FP32],
    trunc: pl.Tensor[[4, 64], pl.DT_FP32],
    rint: pl.Tensor[[4, 64], pl.DT_FP32],
    ceil: pl.Tensor[[4, 64], pl.DT_FP32],
    floor: pl.Tensor[[4, 64], pl.DT_FP32],
    toward0: pl.Tensor[[4, 64], pl.DT_FP32],
):
    t_fp32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp32_4x64, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    abs_t = pl.make_tile(t_fp32_4x64, addr=0x0500)
    neg_t = pl.make_tile(t_fp32_4x64, addr=0x0900)
    relu_t = pl.make_tile(t_fp32_4x64, addr=0x0D00)
    not__t = pl.make_tile(t_fp32_4x64, addr=0x1100)
    trunc_t = pl.make_tile(t_fp32_4x64, addr=0x1500)
    rint_t = pl.make_tile(t_fp32_4x64, addr=0x1900)
    ceil_t = pl.make_tile(t_fp32_4x64, addr=0x1D00)
    floor_t = pl.make_tile(t_fp32_4x64, addr=0x2100)
    toward0_t = pl.make_tile(t_fp32_4x64, addr=0x2500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        abs_neg(a_t, m_t, abs_t, neg_t)
        relu_op(a_t, m_t, relu_t)
        not_op(a_t, m_t, not__t)
        truncate_ops(a_t, m_t, trunc_t, rint_t, ceil_t, floor_t, toward0_t)
        pl.store(abs, abs_t, [0, 0])
        pl.store(neg, neg_t, [0, 0])
        pl.store(relu, relu_t, [0, 0])
        pl.store(not_, not__t, [0, 0])
        pl.store(trunc, trunc_t, [0, 0])
        pl.store(rint, rint_t, [0, 0])
        pl.store(ceil, ceil_t, [0, 0])
        pl.store(floor, floor_t, [0, 0])
        pl.store(toward0, toward0_t, [0, 0])
