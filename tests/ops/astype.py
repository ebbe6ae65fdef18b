# vf.astype (docs/SEMANTICS.md §5.4, §5.5) on the pairs real programs use most, each with its lane
# placement: same width lane i; 2:1 narrowing lane 2i + layout; 1:2 widening from source lane
# 2i + layout; 4:1 / 1:4 the same with 4. The mask is read at the source lane (m[w_src * i]);
# unselected lanes and unused sub-lanes are 0. Round modes RINT (default), ROUND (ties away),
# FLOOR, CEIL, TRUNC, ODD; saturate OFF (integers keep the low bits, floats overflow to inf) or
# ON (clamp, NaN -> 0). Masks and layout as in tests/ops/arith.py.
import pypto_pro.language as pl


@pl.vector_function
def casts_from_f32(a_tile, m_tile, f16_t, f16_one_t, f16_round_t, f16_odd_t, f16_trunc_t, f16_sat_t,
    bf16_t, bf16_one_round_t, i32_t, i32_trunc_t, i32_floor_t, i32_ceil_t, i32_round_t, i32_sat_t,
    i16_t, i16_one_sat_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        vf.store_align(f16_t, vf.astype(a, m, dtype=pl.DT_FP16), every, [r, 0])
        x_f16_one = vf.astype(a, m, dtype=pl.DT_FP16, layout=pl.CastLayout.ONE)
        vf.store_align(f16_one_t, x_f16_one, every, [r, 0])
        x_f16_round = vf.astype(a, m, dtype=pl.DT_FP16, round_mode=pl.VFRoundMode.CAST_ROUND)
        vf.store_align(f16_round_t, x_f16_round, every, [r, 0])
        x_f16_odd = vf.astype(a, m, dtype=pl.DT_FP16, round_mode=pl.VFRoundMode.CAST_ODD)
        vf.store_align(f16_odd_t, x_f16_odd, every, [r, 0])
        x_f16_trunc = vf.astype(a, m, dtype=pl.DT_FP16, round_mode=pl.VFRoundMode.CAST_TRUNC)
        vf.store_align(f16_trunc_t, x_f16_trunc, every, [r, 0])
        x_f16_sat = vf.astype(a, m, dtype=pl.DT_FP16, saturate=pl.SaturateMode.ON)
        vf.store_align(f16_sat_t, x_f16_sat, every, [r, 0])
        vf.store_align(bf16_t, vf.astype(a, m, dtype=pl.DT_BF16), every, [r, 0])
        x_bf16_one_round = vf.astype(a, m, dtype=pl.DT_BF16, layout=pl.CastLayout.ONE,
            round_mode=pl.VFRoundMode.CAST_ROUND)
        vf.store_align(bf16_one_round_t, x_bf16_one_round, every, [r, 0])
        vf.store_align(i32_t, vf.astype(a, m, dtype=pl.DT_INT32), every, [r, 0])
        x_i32_trunc = vf.astype(a, m, dtype=pl.DT_INT32, round_mode=pl.VFRoundMode.CAST_TRUNC)
        vf.store_align(i32_trunc_t, x_i32_trunc, every, [r, 0])
        x_i32_floor = vf.astype(a, m, dtype=pl.DT_INT32, round_mode=pl.VFRoundMode.CAST_FLOOR)
        vf.store_align(i32_floor_t, x_i32_floor, every, [r, 0])
        x_i32_ceil = vf.astype(a, m, dtype=pl.DT_INT32, round_mode=pl.VFRoundMode.CAST_CEIL)
        vf.store_align(i32_ceil_t, x_i32_ceil, every, [r, 0])
        x_i32_round = vf.astype(a, m, dtype=pl.DT_INT32, round_mode=pl.VFRoundMode.CAST_ROUND)
        vf.store_align(i32_round_t, x_i32_round, every, [r, 0])
        x_i32_sat = vf.astype(a, m, dtype=pl.DT_INT32, round_mode=pl.VFRoundMode.CAST_TRUNC,
            saturate=pl.SaturateMode.ON)
        vf.store_align(i32_sat_t, x_i32_sat, every, [r, 0])
        x_i16 = vf.astype(a, m, dtype=pl.DT_INT16, round_mode=pl.VFRoundMode.CAST_TRUNC)
        vf.store_align(i16_t, x_i16, every, [r, 0])
        x_i16_one_sat = vf.astype(a, m, dtype=pl.DT_INT16, layout=pl.CastLayout.ONE,
            saturate=pl.SaturateMode.ON)
        vf.store_align(i16_one_sat_t, x_i16_one_sat, every, [r, 0])


@pl.vector_function
def casts_from_f16(a_tile, m_tile, f32_t, f32_one_t, i8_t, i8_one_floor_sat_t, i32_t, bf16_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        vf.store_align(f32_t, vf.astype(a, m, dtype=pl.DT_FP32), every, [r, 0])
        x_f32_one = vf.astype(a, m, dtype=pl.DT_FP32, layout=pl.CastLayout.ONE)
        vf.store_align(f32_one_t, x_f32_one, every, [r, 0])
        vf.store_align(i8_t, vf.astype(a, m, dtype=pl.DT_INT8), every, [r, 0])
        x_i8_one_floor_sat = vf.astype(a, m, dtype=pl.DT_INT8, layout=pl.CastLayout.ONE,
            round_mode=pl.VFRoundMode.CAST_FLOOR, saturate=pl.SaturateMode.ON)
        vf.store_align(i8_one_floor_sat_t, x_i8_one_floor_sat, every, [r, 0])
        x_i32 = vf.astype(a, m, dtype=pl.DT_INT32, round_mode=pl.VFRoundMode.CAST_TRUNC)
        vf.store_align(i32_t, x_i32, every, [r, 0])
        vf.store_align(bf16_t, vf.astype(a, m, dtype=pl.DT_BF16), every, [r, 0])


@pl.vector_function
def casts_from_bf16(a_tile, m_tile, f32_t, f32_one_t, i32_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        vf.store_align(f32_t, vf.astype(a, m, dtype=pl.DT_FP32), every, [r, 0])
        x_f32_one = vf.astype(a, m, dtype=pl.DT_FP32, layout=pl.CastLayout.ONE)
        vf.store_align(f32_one_t, x_f32_one, every, [r, 0])
        x_i32 = vf.astype(a, m, dtype=pl.DT_INT32, round_mode=pl.VFRoundMode.CAST_TRUNC)
        vf.store_align(i32_t, x_i32, every, [r, 0])


@pl.vector_function
def casts_from_i32(a_tile, m_tile, f32_t, f32_trunc_t, i16_t, i16_one_sat_t, u8_t, i64_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        vf.store_align(f32_t, vf.astype(a, m, dtype=pl.DT_FP32), every, [r, 0])
        x_f32_trunc = vf.astype(a, m, dtype=pl.DT_FP32, round_mode=pl.VFRoundMode.CAST_TRUNC)
        vf.store_align(f32_trunc_t, x_f32_trunc, every, [r, 0])
        vf.store_align(i16_t, vf.astype(a, m, dtype=pl.DT_INT16), every, [r, 0])
        x_i16_one_sat = vf.astype(a, m, dtype=pl.DT_INT16, layout=pl.CastLayout.ONE,
            saturate=pl.SaturateMode.ON)
        vf.store_align(i16_one_sat_t, x_i16_one_sat, every, [r, 0])
        vf.store_align(u8_t, vf.astype(a, m, dtype=pl.DT_UINT8), every, [r, 0])
        vf.store_align(i64_t, vf.astype(a, m, dtype=pl.DT_INT64), every, [r, 0])


@pl.vector_function
def casts_from_i16(a_tile, m_tile, f32_t, f32_one_t, i32_t, u32_t, f16_t, u8_t, u8_one_sat_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        vf.store_align(f32_t, vf.astype(a, m, dtype=pl.DT_FP32), every, [r, 0])
        x_f32_one = vf.astype(a, m, dtype=pl.DT_FP32, layout=pl.CastLayout.ONE)
        vf.store_align(f32_one_t, x_f32_one, every, [r, 0])
        vf.store_align(i32_t, vf.astype(a, m, dtype=pl.DT_INT32), every, [r, 0])
        vf.store_align(u32_t, vf.astype(a, m, dtype=pl.DT_UINT32), every, [r, 0])
        vf.store_align(f16_t, vf.astype(a, m, dtype=pl.DT_FP16), every, [r, 0])
        vf.store_align(u8_t, vf.astype(a, m, dtype=pl.DT_UINT8), every, [r, 0])
        x_u8_one_sat = vf.astype(a, m, dtype=pl.DT_UINT8, layout=pl.CastLayout.ONE,
            saturate=pl.SaturateMode.ON)
        vf.store_align(u8_one_sat_t, x_u8_one_sat, every, [r, 0])


@pl.vector_function
def casts_from_u8(a_tile, m_tile, u16_t, u16_one_t, u32_t, u32_one_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        vf.store_align(u16_t, vf.astype(a, m, dtype=pl.DT_UINT16), every, [r, 0])
        x_u16_one = vf.astype(a, m, dtype=pl.DT_UINT16, layout=pl.CastLayout.ONE)
        vf.store_align(u16_one_t, x_u16_one, every, [r, 0])
        vf.store_align(u32_t, vf.astype(a, m, dtype=pl.DT_UINT32), every, [r, 0])
        x_u32_one = vf.astype(a, m, dtype=pl.DT_UINT32, layout=pl.CastLayout.ONE)
        vf.store_align(u32_one_t, x_u32_one, every, [r, 0])


@pl.vector_function
def casts_from_i8(a_tile, m_tile, i16_t, f16_one_t, i32_t, i32_one_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        vf.store_align(i16_t, vf.astype(a, m, dtype=pl.DT_INT16), every, [r, 0])
        x_f16_one = vf.astype(a, m, dtype=pl.DT_FP16, layout=pl.CastLayout.ONE)
        vf.store_align(f16_one_t, x_f16_one, every, [r, 0])
        vf.store_align(i32_t, vf.astype(a, m, dtype=pl.DT_INT32), every, [r, 0])
        x_i32_one = vf.astype(a, m, dtype=pl.DT_INT32, layout=pl.CastLayout.ONE)
        vf.store_align(i32_one_t, x_i32_one, every, [r, 0])


@pl.vector_function
def casts_from_e4m3(a_tile, m_tile, f32_t, f32_one_t, f32_two_t, f32_three_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        vf.store_align(f32_t, vf.astype(a, m, dtype=pl.DT_FP32), every, [r, 0])
        x_f32_one = vf.astype(a, m, dtype=pl.DT_FP32, layout=pl.CastLayout.ONE)
        vf.store_align(f32_one_t, x_f32_one, every, [r, 0])
        x_f32_two = vf.astype(a, m, dtype=pl.DT_FP32, layout=pl.CastLayout.TWO)
        vf.store_align(f32_two_t, x_f32_two, every, [r, 0])
        x_f32_three = vf.astype(a, m, dtype=pl.DT_FP32, layout=pl.CastLayout.THREE)
        vf.store_align(f32_three_t, x_f32_three, every, [r, 0])


@pl.jit()
def astype_f32(
    a: pl.Tensor[[4, 64], pl.DT_FP32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    f16: pl.Tensor[[4, 128], pl.DT_FP16],
    f16_one: pl.Tensor[[4, 128], pl.DT_FP16],
    f16_round: pl.Tensor[[4, 128], pl.DT_FP16],
    f16_odd: pl.Tensor[[4, 128], pl.DT_FP16],
    f16_trunc: pl.Tensor[[4, 128], pl.DT_FP16],
    f16_sat: pl.Tensor[[4, 128], pl.DT_FP16],
    bf16: pl.Tensor[[4, 128], pl.DT_BF16],
    bf16_one_round: pl.Tensor[[4, 128], pl.DT_BF16],
    i32: pl.Tensor[[4, 64], pl.DT_INT32],
    i32_trunc: pl.Tensor[[4, 64], pl.DT_INT32],
    i32_floor: pl.Tensor[[4, 64], pl.DT_INT32],
    i32_ceil: pl.Tensor[[4, 64], pl.DT_INT32],
    i32_round: pl.Tensor[[4, 64], pl.DT_INT32],
    i32_sat: pl.Tensor[[4, 64], pl.DT_INT32],
    i16: pl.Tensor[[4, 128], pl.DT_INT16],
    i16_one_sat: pl.Tensor[[4, 128], pl.DT_INT16],
):
    t_fp32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_fp16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    t_bf16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_BF16, target_memory=pl.MemorySpace.Vec)
    t_int32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    t_int16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp32_4x64, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    f16_t = pl.make_tile(t_fp16_4x128, addr=0x0500)
    f16_one_t = pl.make_tile(t_fp16_4x128, addr=0x0900)
    f16_round_t = pl.make_tile(t_fp16_4x128, addr=0x0D00)
    f16_odd_t = pl.make_tile(t_fp16_4x128, addr=0x1100)
    f16_trunc_t = pl.make_tile(t_fp16_4x128, addr=0x1500)
    f16_sat_t = pl.make_tile(t_fp16_4x128, addr=0x1900)
    bf16_t = pl.make_tile(t_bf16_4x128, addr=0x1D00)
    bf16_one_round_t = pl.make_tile(t_bf16_4x128, addr=0x2100)
    i32_t = pl.make_tile(t_int32_4x64, addr=0x2500)
    i32_trunc_t = pl.make_tile(t_int32_4x64, addr=0x2900)
    i32_floor_t = pl.make_tile(t_int32_4x64, addr=0x2D00)
    i32_ceil_t = pl.make_tile(t_int32_4x64, addr=0x3100)
    i32_round_t = pl.make_tile(t_int32_4x64, addr=0x3500)
    i32_sat_t = pl.make_tile(t_int32_4x64, addr=0x3900)
    i16_t = pl.make_tile(t_int16_4x128, addr=0x3D00)
    i16_one_sat_t = pl.make_tile(t_int16_4x128, addr=0x4100)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        casts_from_f32(a_t, m_t, f16_t, f16_one_t, f16_round_t, f16_odd_t, f16_trunc_t, f16_sat_t,
            bf16_t, bf16_one_round_t, i32_t, i32_trunc_t, i32_floor_t, i32_ceil_t, i32_round_t,
            i32_sat_t, i16_t, i16_one_sat_t)
        pl.store(f16, f16_t, [0, 0])
        pl.store(f16_one, f16_one_t, [0, 0])
        pl.store(f16_round, f16_round_t, [0, 0])
        pl.store(f16_odd, f16_odd_t, [0, 0])
        pl.store(f16_trunc, f16_trunc_t, [0, 0])
        pl.store(f16_sat, f16_sat_t, [0, 0])
        pl.store(bf16, bf16_t, [0, 0])
        pl.store(bf16_one_round, bf16_one_round_t, [0, 0])
        pl.store(i32, i32_t, [0, 0])
        pl.store(i32_trunc, i32_trunc_t, [0, 0])
        pl.store(i32_floor, i32_floor_t, [0, 0])
        pl.store(i32_ceil, i32_ceil_t, [0, 0])
        pl.store(i32_round, i32_round_t, [0, 0])
        pl.store(i32_sat, i32_sat_t, [0, 0])
        pl.store(i16, i16_t, [0, 0])
        pl.store(i16_one_sat, i16_one_sat_t, [0, 0])


@pl.jit()
def astype_f16(
    a: pl.Tensor[[4, 128], pl.DT_FP16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    f32: pl.Tensor[[4, 64], pl.DT_FP32],
    f32_one: pl.Tensor[[4, 64], pl.DT_FP32],
    i8: pl.Tensor[[4, 256], pl.DT_INT8],
    i8_one_floor_sat: pl.Tensor[[4, 256], pl.DT_INT8],
    i32: pl.Tensor[[4, 64], pl.DT_INT32],
    bf16: pl.Tensor[[4, 128], pl.DT_BF16],
):
    t_fp16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_fp32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_int8_4x256 = pl.TileType(shape=[4, 256], dtype=pl.DT_INT8, target_memory=pl.MemorySpace.Vec)
    t_int32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    t_bf16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_BF16, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp16_4x128, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    f32_t = pl.make_tile(t_fp32_4x64, addr=0x0500)
    f32_one_t = pl.make_tile(t_fp32_4x64, addr=0x0900)
    i8_t = pl.make_tile(t_int8_4x256, addr=0x0D00)
    i8_one_floor_sat_t = pl.make_tile(t_int8_4x256, addr=0x1100)
    i32_t = pl.make_tile(t_int32_4x64, addr=0x1500)
    bf16_t = pl.make_tile(t_bf16_4x128, addr=0x1900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        casts_from_f16(a_t, m_t, f32_t, f32_one_t, i8_t, i8_one_floor_sat_t, i32_t, bf16_t)
        pl.store(f32, f32_t, [0, 0])
        pl.store(f32_one, f32_one_t, [0, 0])
        pl.store(i8, i8_t, [0, 0])
        pl.store(i8_one_floor_sat, i8_one_floor_sat_t, [0, 0])
        pl.store(i32, i32_t, [0, 0])
        pl.store(bf16, bf16_t, [0, 0])


@pl.jit()
def astype_bf16(
    a: pl.Tensor[[4, 128], pl.DT_BF16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    f32: pl.Tensor[[4, 64], pl.DT_FP32],
    f32_one: pl.Tensor[[4, 64], pl.DT_FP32],
    i32: pl.Tensor[[4, 64], pl.DT_INT32],
):
    t_bf16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_BF16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_fp32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_int32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_bf16_4x128, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    f32_t = pl.make_tile(t_fp32_4x64, addr=0x0500)
    f32_one_t = pl.make_tile(t_fp32_4x64, addr=0x0900)
    i32_t = pl.make_tile(t_int32_4x64, addr=0x0D00)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        casts_from_bf16(a_t, m_t, f32_t, f32_one_t, i32_t)
        pl.store(f32, f32_t, [0, 0])
        pl.store(f32_one, f32_one_t, [0, 0])
        pl.store(i32, i32_t, [0, 0])


@pl.jit()
def astype_i32(
    a: pl.Tensor[[4, 64], pl.DT_INT32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    f32: pl.Tensor[[4, 64], pl.DT_FP32],
    f32_trunc: pl.Tensor[[4, 64], pl.DT_FP32],
    i16: pl.Tensor[[4, 128], pl.DT_INT16],
    i16_one_sat: pl.Tensor[[4, 128], pl.DT_INT16],
    u8: pl.Tensor[[4, 256], pl.DT_UINT8],
    i64: pl.Tensor[[4, 32], pl.DT_INT64],
):
    t_int32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_fp32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_int16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x256 = pl.TileType(shape=[4, 256], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_int64_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_INT64, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int32_4x64, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    f32_t = pl.make_tile(t_fp32_4x64, addr=0x0500)
    f32_trunc_t = pl.make_tile(t_fp32_4x64, addr=0x0900)
    i16_t = pl.make_tile(t_int16_4x128, addr=0x0D00)
    i16_one_sat_t = pl.make_tile(t_int16_4x128, addr=0x1100)
    u8_t = pl.make_tile(t_uint8_4x256, addr=0x1500)
    i64_t = pl.make_tile(t_int64_4x32, addr=0x1900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        casts_from_i32(a_t, m_t, f32_t, f32_trunc_t, i16_t, i16_one_sat_t, u8_t, i64_t)
        pl.store(f32, f32_t, [0, 0])
        pl.store(f32_trunc, f32_trunc_t, [0, 0])
        pl.store(i16, i16_t, [0, 0])
        pl.store(i16_one_sat, i16_one_sat_t, [0, 0])
        pl.store(u8, u8_t, [0, 0])
        pl.store(i64, i64_t, [0, 0])


@pl.jit()
def astype_i16(
    a: pl.Tensor[[4, 128], pl.DT_INT16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    f32: pl.Tensor[[4, 64], pl.DT_FP32],
    f32_one: pl.Tensor[[4, 64], pl.DT_FP32],
    i32: pl.Tensor[[4, 64], pl.DT_INT32],
    u32: pl.Tensor[[4, 64], pl.DT_UINT32],
    f16: pl.Tensor[[4, 128], pl.DT_FP16],
    u8: pl.Tensor[[4, 256], pl.DT_UINT8],
    u8_one_sat: pl.Tensor[[4, 256], pl.DT_UINT8],
):
    t_int16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_fp32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_int32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    t_uint32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_fp16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x256 = pl.TileType(shape=[4, 256], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int16_4x128, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    f32_t = pl.make_tile(t_fp32_4x64, addr=0x0500)
    f32_one_t = pl.make_tile(t_fp32_4x64, addr=0x0900)
    i32_t = pl.make_tile(t_int32_4x64, addr=0x0D00)
    u32_t = pl.make_tile(t_uint32_4x64, addr=0x1100)
    f16_t = pl.make_tile(t_fp16_4x128, addr=0x1500)
    u8_t = pl.make_tile(t_uint8_4x256, addr=0x1900)
    u8_one_sat_t = pl.make_tile(t_uint8_4x256, addr=0x1D00)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        casts_from_i16(a_t, m_t, f32_t, f32_one_t, i32_t, u32_t, f16_t, u8_t, u8_one_sat_t)
        pl.store(f32, f32_t, [0, 0])
        pl.store(f32_one, f32_one_t, [0, 0])
        pl.store(i32, i32_t, [0, 0])
        pl.store(u32, u32_t, [0, 0])
        pl.store(f16, f16_t, [0, 0])
        pl.store(u8, u8_t, [0, 0])
        pl.store(u8_one_sat, u8_one_sat_t, [0, 0])


@pl.jit()
def astype_u8(
    a: pl.Tensor[[4, 256], pl.DT_UINT8],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    u16: pl.Tensor[[4, 128], pl.DT_UINT16],
    u16_one: pl.Tensor[[4, 128], pl.DT_UINT16],
    u32: pl.Tensor[[4, 64], pl.DT_UINT32],
    u32_one: pl.Tensor[[4, 64], pl.DT_UINT32],
):
    t_uint8_4x256 = pl.TileType(shape=[4, 256], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_uint16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    t_uint32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint8_4x256, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    u16_t = pl.make_tile(t_uint16_4x128, addr=0x0500)
    u16_one_t = pl.make_tile(t_uint16_4x128, addr=0x0900)
    u32_t = pl.make_tile(t_uint32_4x64, addr=0x0D00)
    u32_one_t = pl.make_tile(t_uint32_4x64, addr=0x1100)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        casts_from_u8(a_t, m_t, u16_t, u16_one_t, u32_t, u32_one_t)
        pl.store(u16, u16_t, [0, 0])
        pl.store(u16_one, u16_one_t, [0, 0])
        pl.store(u32, u32_t, [0, 0])
        pl.store(u32_one, u32_one_t, [0, 0])


@pl.jit()
def astype_i8(
    a: pl.Tensor[[4, 256], pl.DT_INT8],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    i16: pl.Tensor[[4, 128], pl.DT_INT16],
    f16_one: pl.Tensor[[4, 128], pl.DT_FP16],
    i32: pl.Tensor[[4, 64], pl.DT_INT32],
    i32_one: pl.Tensor[[4, 64], pl.DT_INT32],
):
    t_int8_4x256 = pl.TileType(shape=[4, 256], dtype=pl.DT_INT8, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_int16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    t_fp16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    t_int32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int8_4x256, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    i16_t = pl.make_tile(t_int16_4x128, addr=0x0500)
    f16_one_t = pl.make_tile(t_fp16_4x128, addr=0x0900)
    i32_t = pl.make_tile(t_int32_4x64, addr=0x0D00)
    i32_one_t = pl.make_tile(t_int32_4x64, addr=0x1100)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        casts_from_i8(a_t, m_t, i16_t, f16_one_t, i32_t, i32_one_t)
        pl.store(i16, i16_t, [0, 0])
        pl.store(f16_one, f16_one_t, [0, 0])
        pl.store(i32, i32_t, [0, 0])
        pl.store(i32_one, i32_one_t, [0, 0])


@pl.jit()
def astype_e4m3(
    a: pl.Tensor[[4, 256], pl.DT_FP8E4M3FN],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    f32: pl.Tensor[[4, 64], pl.DT_FP32],
    f32_one: pl.Tensor[[4, 64], pl.DT_FP32],
    f32_two: pl.Tensor[[4, 64], pl.DT_FP32],
    f32_three: pl.Tensor[[4, 64], pl.DT_FP32],
):
    t_fp8e4m3fn_4x256 = pl.TileType(shape=[4, 256], dtype=pl.DT_FP8E4M3FN, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_fp32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp8e4m3fn_4x256, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    f32_t = pl.make_tile(t_fp32_4x64, addr=0x0500)
    f32_one_t = pl.make_tile(t_fp32_4x64, addr=0x0900)
    f32_two_t = pl.make_tile(t_fp32_4x64, addr=0x0D00)
    f32_three_t = pl.make_tile(t_fp32_4x64, addr=0x1100)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        casts_from_e4m3(a_t, m_t, f32_t, f32_one_t, f32_two_t, f32_three_t)
        pl.store(f32, f32_t, [0, 0])
        pl.store(f32_one, f32_one_t, [0, 0])
        pl.store(f32_two, f32_two_t, [0, 0])
        pl.store(f32_three, f32_three_t, [0, 0])
