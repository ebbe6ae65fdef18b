# Bitwise ops (docs/SEMANTICS.md §10.7): and_, or_, xor on every 8-64-bit dtype, HF8 and FP8 too
# (the bits, whatever the type); shift_left / shift_right by an integer literal (3, 15, 33, 64:
# over-width amounts give 0, and -1 for a negative signed value shifted right), by a kernel
# scalar (run-time, --scalar k=...), and per lane by a 32-bit shift register on 32-bit data.
# Logical right shifts for unsigned types, arithmetic for signed. Masks and layout as in
# tests/ops/arith.py.
import pypto_pro.language as pl


@pl.vector_function
def logic_ops(a_tile, b_tile, m_tile, and_t, or_t, xor_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        b = vf.load_align(b_tile, [r, 0])
        vf.store_align(and_t, vf.and_(a, b, m), every, [r, 0])
        vf.store_align(or_t, vf.or_(a, b, m), every, [r, 0])
        vf.store_align(xor_t, vf.xor(a, b, m), every, [r, 0])


@pl.vector_function
def shift_ops(a_tile, m_tile, k, shl3_t, shl15_t, shl33_t, shl64_t, shlk_t, shr3_t, shr15_t,
              shr33_t, shr64_t, shrk_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        vf.store_align(shl3_t, vf.shift_left(a, 3, m), every, [r, 0])
        vf.store_align(shl15_t, vf.shift_left(a, 15, m), every, [r, 0])
        vf.store_align(shl33_t, vf.shift_left(a, 33, m), every, [r, 0])
        vf.store_align(shl64_t, vf.shift_left(a, 64, m), every, [r, 0])
        vf.store_align(shlk_t, vf.shift_left(a, k, m), every, [r, 0])
        vf.store_align(shr3_t, vf.shift_right(a, 3, m), every, [r, 0])
        vf.store_align(shr15_t, vf.shift_right(a, 15, m), every, [r, 0])
        vf.store_align(shr33_t, vf.shift_right(a, 33, m), every, [r, 0])
        vf.store_align(shr64_t, vf.shift_right(a, 64, m), every, [r, 0])
        vf.store_align(shrk_t, vf.shift_right(a, k, m), every, [r, 0])


@pl.vector_function
def shift_lanes(a_tile, s_tile, m_tile, shl_t, shr_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        s = vf.load_align(s_tile, [r, 0])
        vf.store_align(shl_t, vf.shift_left(a, s, m), every, [r, 0])
        vf.store_align(shr_t, vf.shift_right(a, s, m), every, [r, 0])




@pl.jit()
def bitwise_i8(
    a: pl.Tensor[[4, 256], pl.DT_INT8],
    b: pl.Tensor[[4, 256], pl.DT_INT8],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    and_: pl.Tensor[[4, 256], pl.DT_INT8],
    or_: pl.Tensor[[4, 256], pl.DT_INT8],
    xor: pl.Tensor[[4, 256], pl.DT_INT8],
    k: int,
    shl3: pl.Tensor[[4, 256], pl.DT_INT8],
    shl15: pl.Tensor[[4, 256], pl.DT_INT8],
    shl33: pl.Tensor[[4, 256], pl.DT_INT8],
    shl64: pl.Tensor[[4, 256], pl.DT_INT8],
    shlk: pl.Tensor[[4, 256], pl.DT_INT8],
    shr3: pl.Tensor[[4, 256], pl.DT_INT8],
    shr15: pl.Tensor[[4, 256], pl.DT_INT8],
    shr33: pl.Tensor[[4, 256], pl.DT_INT8],
    shr64: pl.Tensor[[4, 256], pl.DT_INT8],
    shrk: pl.Tensor[[4, 256], pl.DT_INT8],
):
    t_int8_4x256 = pl.TileType(shape=[4, 256], dtype=pl.DT_INT8, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int8_4x256, addr=0x0000)
    b_t = pl.make_tile(t_int8_4x256, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    and__t = pl.make_tile(t_int8_4x256, addr=0x0900)
    or__t = pl.make_tile(t_int8_4x256, addr=0x0D00)
    xor_t = pl.make_tile(t_int8_4x256, addr=0x1100)
    shl3_t = pl.make_tile(t_int8_4x256, addr=0x1500)
    shl15_t = pl.make_tile(t_int8_4x256, addr=0x1900)
    shl33_t = pl.make_tile(t_int8_4x256, addr=0x1D00)
    shl64_t = pl.make_tile(t_int8_4x256, addr=0x2100)
    shlk_t = pl.make_tile(t_int8_4x256, addr=0x2500)
    shr3_t = pl.make_tile(t_int8_4x256, addr=0x2900)
    shr15_t = pl.make_tile(t_int8_4x256, addr=0x2D00)
    shr33_t = pl.make_tile(t_int8_4x256, addr=0x3100)
    shr64_t = pl.make_tile(t_int8_4x256, addr=0x3500)
    shrk_t = pl.make_tile(t_int8_4x256, addr=0x3900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        logic_ops(a_t, b_t, m_t, and__t, or__t, xor_t)
        shift_ops(a_t, m_t, k, shl3_t, shl15_t, shl33_t, shl64_t, shlk_t, shr3_t, shr15_t, shr33_t,
            shr64_t, shrk_t)
        pl.store(and_, and__t, [0, 0])
        pl.store(or_, or__t, [0, 0])
        pl.store(xor, xor_t, [0, 0])
        pl.store(shl3, shl3_t, [0, 0])
        pl.store(shl15, shl15_t, [0, 0])
        pl.store(shl33, shl33_t, [0, 0])
        pl.store(shl64, shl64_t, [0, 0])
        pl.store(shlk, shlk_t, [0, 0])
        pl.store(shr3, shr3_t, [0, 0])
        pl.store(shr15, shr15_t, [0, 0])
        pl.store(shr33, shr33_t, [0, 0])
        pl.store(shr64, shr64_t, [0, 0])
        pl.store(shrk, shrk_t, [0, 0])


@pl.jit()
def bitwise_u8(
    a: pl.Tensor[[4, 256], pl.DT_UINT8],
    b: pl.Tensor[[4, 256], pl.DT_UINT8],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    and_: pl.Tensor[[4, 256], pl.DT_UINT8],
    or_: pl.Tensor[[4, 256], pl.DT_UINT8],
    xor: pl.Tensor[[4, 256], pl.DT_UINT8],
    k: int,
    shl3: pl.Tensor[[4, 256], pl.DT_UINT8],
    shl15: pl.Tensor[[4, 256], pl.DT_UINT8],
    shl33: pl.Tensor[[4, 256], pl.DT_UINT8],
    shl64: pl.Tensor[[4, 256], pl.DT_UINT8],
    shlk: pl.Tensor[[4, 256], pl.DT_UINT8],
    shr3: pl.Tensor[[4, 256], pl.DT_UINT8],
    shr15: pl.Tensor[[4, 256], pl.DT_UINT8],
    shr33: pl.Tensor[[4, 256], pl.DT_UINT8],
    shr64: pl.Tensor[[4, 256], pl.DT_UINT8],
    shrk: pl.Tensor[[4, 256], pl.DT_UINT8],
):
    t_uint8_4x256 = pl.TileType(shape=[4, 256], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint8_4x256, addr=0x0000)
    b_t = pl.make_tile(t_uint8_4x256, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    and__t = pl.make_tile(t_uint8_4x256, addr=0x0900)
    or__t = pl.make_tile(t_uint8_4x256, addr=0x0D00)
    xor_t = pl.make_tile(t_uint8_4x256, addr=0x1100)
    shl3_t = pl.make_tile(t_uint8_4x256, addr=0x1500)
    shl15_t = pl.make_tile(t_uint8_4x256, addr=0x1900)
    shl33_t = pl.make_tile(t_uint8_4x256, addr=0x1D00)
    shl64_t = pl.make_tile(t_uint8_4x256, addr=0x2100)
    shlk_t = pl.make_tile(t_uint8_4x256, addr=0x2500)
    shr3_t = pl.make_tile(t_uint8_4x256, addr=0x2900)
    shr15_t = pl.make_tile(t_uint8_4x256, addr=0x2D00)
    shr33_t = pl.make_tile(t_uint8_4x256, addr=0x3100)
    shr64_t = pl.make_tile(t_uint8_4x256, addr=0x3500)
    shrk_t = pl.make_tile(t_uint8_4x256, addr=0x3900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        logic_ops(a_t, b_t, m_t, and__t, or__t, xor_t)
        shift_ops(a_t, m_t, k, shl3_t, shl15_t, shl33_t, shl64_t, shlk_t, shr3_t, shr15_t, shr33_t,
            shr64_t, shrk_t)
        pl.store(and_, and__t, [0, 0])
        pl.store(or_, or__t, [0, 0])
        pl.store(xor, xor_t, [0, 0])
        pl.store(shl3, shl3_t, [0, 0])
        pl.store(shl15, shl15_t, [0, 0])
        pl.store(shl33, shl33_t, [0, 0])
        pl.store(shl64, shl64_t, [0, 0])
        pl.store(shlk, shlk_t, [0, 0])
        pl.store(shr3, shr3_t, [0, 0])
        pl.store(shr15, shr15_t, [0, 0])
        pl.store(shr33, shr33_t, [0, 0])
        pl.store(shr64, shr64_t, [0, 0])
        pl.store(shrk, shrk_t, [0, 0])


@pl.jit()
def bitwise_i16(
    a: pl.Tensor[[4, 128], pl.DT_INT16],
    b: pl.Tensor[[4, 128], pl.DT_INT16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    and_: pl.Tensor[[4, 128], pl.DT_INT16],
    or_: pl.Tensor[[4, 128], pl.DT_INT16],
    xor: pl.Tensor[[4, 128], pl.DT_INT16],
    k: int,
    shl3: pl.Tensor[[4, 128], pl.DT_INT16],
    shl15: pl.Tensor[[4, 128], pl.DT_INT16],
    shl33: pl.Tensor[[4, 128], pl.DT_INT16],
    shl64: pl.Tensor[[4, 128], pl.DT_INT16],
    shlk: pl.Tensor[[4, 128], pl.DT_INT16],
    shr3: pl.Tensor[[4, 128], pl.DT_INT16],
    shr15: pl.Tensor[[4, 128], pl.DT_INT16],
    shr33: pl.Tensor[[4, 128], pl.DT_INT16],
    shr64: pl.Tensor[[4, 128], pl.DT_INT16],
    shrk: pl.Tensor[[4, 128], pl.DT_INT16],
):
    t_int16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int16_4x128, addr=0x0000)
    b_t = pl.make_tile(t_int16_4x128, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    and__t = pl.make_tile(t_int16_4x128, addr=0x0900)
    or__t = pl.make_tile(t_int16_4x128, addr=0x0D00)
    xor_t = pl.make_tile(t_int16_4x128, addr=0x1100)
    shl3_t = pl.make_tile(t_int16_4x128, addr=0x1500)
    shl15_t = pl.make_tile(t_int16_4x128, addr=0x1900)
    shl33_t = pl.make_tile(t_int16_4x128, addr=0x1D00)
    shl64_t = pl.make_tile(t_int16_4x128, addr=0x2100)
    shlk_t = pl.make_tile(t_int16_4x128, addr=0x2500)
    shr3_t = pl.make_tile(t_int16_4x128, addr=0x2900)
    shr15_t = pl.make_tile(t_int16_4x128, addr=0x2D00)
    shr33_t = pl.make_tile(t_int16_4x128, addr=0x3100)
    shr64_t = pl.make_tile(t_int16_4x128, addr=0x3500)
    shrk_t = pl.make_tile(t_int16_4x128, addr=0x3900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        logic_ops(a_t, b_t, m_t, and__t, or__t, xor_t)
        shift_ops(a_t, m_t, k, shl3_t, shl15_t, shl33_t, shl64_t, shlk_t, shr3_t, shr15_t, shr33_t,
            shr64_t, shrk_t)
        pl.store(and_, and__t, [0, 0])
        pl.store(or_, or__t, [0, 0])
        pl.store(xor, xor_t, [0, 0])
        pl.store(shl3, shl3_t, [0, 0])
        pl.store(shl15, shl15_t, [0, 0])
        pl.store(shl33, shl33_t, [0, 0])
        pl.store(shl64, shl64_t, [0, 0])
        pl.store(shlk, shlk_t, [0, 0])
        pl.store(shr3, shr3_t, [0, 0])
        pl.store(shr15, shr15_t, [0, 0])
        pl.store(shr33, shr33_t, [0, 0])
        pl.store(shr64, shr64_t, [0, 0])
        pl.store(shrk, shrk_t, [0, 0])


@pl.jit()
def bitwise_u16(
    a: pl.Tensor[[4, 128], pl.DT_UINT16],
    b: pl.Tensor[[4, 128], pl.DT_UINT16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    and_: pl.Tensor[[4, 128], pl.DT_UINT16],
    or_: pl.Tensor[[4, 128], pl.DT_UINT16],
    xor: pl.Tensor[[4, 128], pl.DT_UINT16],
    k: int,
    shl3: pl.Tensor[[4, 128], pl.DT_UINT16],
    shl15: pl.Tensor[[4, 128], pl.DT_UINT16],
    shl33: pl.Tensor[[4, 128], pl.DT_UINT16],
    shl64: pl.Tensor[[4, 128], pl.DT_UINT16],
    shlk: pl.Tensor[[4, 128], pl.DT_UINT16],
    shr3: pl.Tensor[[4, 128], pl.DT_UINT16],
    shr15: pl.Tensor[[4, 128], pl.DT_UINT16],
    shr33: pl.Tensor[[4, 128], pl.DT_UINT16],
    shr64: pl.Tensor[[4, 128], pl.DT_UINT16],
    shrk: pl.Tensor[[4, 128], pl.DT_UINT16],
):
    t_uint16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint16_4x128, addr=0x0000)
    b_t = pl.make_tile(t_uint16_4x128, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    and__t = pl.make_tile(t_uint16_4x128, addr=0x0900)
    or__t = pl.make_tile(t_uint16_4x128, addr=0x0D00)
    xor_t = pl.make_tile(t_uint16_4x128, addr=0x1100)
    shl3_t = pl.make_tile(t_uint16_4x128, addr=0x1500)
    shl15_t = pl.make_tile(t_uint16_4x128, addr=0x1900)
    shl33_t = pl.make_tile(t_uint16_4x128, addr=0x1D00)
    shl64_t = pl.make_tile(t_uint16_4x128, addr=0x2100)
    shlk_t = pl.make_tile(t_uint16_4x128, addr=0x2500)
    shr3_t = pl.make_tile(t_uint16_4x128, addr=0x2900)
    shr15_t = pl.make_tile(t_uint16_4x128, addr=0x2D00)
    shr33_t = pl.make_tile(t_uint16_4x128, addr=0x3100)
    shr64_t = pl.make_tile(t_uint16_4x128, addr=0x3500)
    shrk_t = pl.make_tile(t_uint16_4x128, addr=0x3900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        logic_ops(a_t, b_t, m_t, and__t, or__t, xor_t)
        shift_ops(a_t, m_t, k, shl3_t, shl15_t, shl33_t, shl64_t, shlk_t, shr3_t, shr15_t, shr33_t,
            shr64_t, shrk_t)
        pl.store(and_, and__t, [0, 0])
        pl.store(or_, or__t, [0, 0])
        pl.store(xor, xor_t, [0, 0])
        pl.store(shl3, shl3_t, [0, 0])
        pl.store(shl15, shl15_t, [0, 0])
        pl.store(shl33, shl33_t, [0, 0])
        pl.store(shl64, shl64_t, [0, 0])
        pl.store(shlk, shlk_t, [0, 0])
        pl.store(shr3, shr3_t, [0, 0])
        pl.store(shr15, shr15_t, [0, 0])
        pl.store(shr33, shr33_t, [0, 0])
        pl.store(shr64, shr64_t, [0, 0])
        pl.store(shrk, shrk_t, [0, 0])


@pl.jit()
def bitwise_i32(
    a: pl.Tensor[[4, 64], pl.DT_INT32],
    b: pl.Tensor[[4, 64], pl.DT_INT32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    and_: pl.Tensor[[4, 64], pl.DT_INT32],
    or_: pl.Tensor[[4, 64], pl.DT_INT32],
    xor: pl.Tensor[[4, 64], pl.DT_INT32],
    k: int,
    shl3: pl.Tensor[[4, 64], pl.DT_INT32],
    shl15: pl.Tensor[[4, 64], pl.DT_INT32],
    shl33: pl.Tensor[[4, 64], pl.DT_INT32],
    shl64: pl.Tensor[[4, 64], pl.DT_INT32],
    shlk: pl.Tensor[[4, 64], pl.DT_INT32],
    shr3: pl.Tensor[[4, 64], pl.DT_INT32],
    shr15: pl.Tensor[[4, 64], pl.DT_INT32],
    shr33: pl.Tensor[[4, 64], pl.DT_INT32],
    shr64: pl.Tensor[[4, 64], pl.DT_INT32],
    shrk: pl.Tensor[[4, 64], pl.DT_INT32],
    s: pl.Tensor[[4, 64], pl.DT_INT32],
    shl: pl.Tensor[[4, 64], pl.DT_INT32],
    shr: pl.Tensor[[4, 64], pl.DT_INT32],
):
    t_int32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int32_4x64, addr=0x0000)
    b_t = pl.make_tile(t_int32_4x64, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    and__t = pl.make_tile(t_int32_4x64, addr=0x0900)
    or__t = pl.make_tile(t_int32_4x64, addr=0x0D00)
    xor_t = pl.make_tile(t_int32_4x64, addr=0x1100)
    shl3_t = pl.make_tile(t_int32_4x64, addr=0x1500)
    shl15_t = pl.make_tile(t_int32_4x64, addr=0x1900)
    shl33_t = pl.make_tile(t_int32_4x64, addr=0x1D00)
    shl64_t = pl.make_tile(t_int32_4x64, addr=0x2100)
    shlk_t = pl.make_tile(t_int32_4x64, addr=0x2500)
    shr3_t = pl.make_tile(t_int32_4x64, addr=0x2900)
    shr15_t = pl.make_tile(t_int32_4x64, addr=0x2D00)
    shr33_t = pl.make_tile(t_int32_4x64, addr=0x3100)
    shr64_t = pl.make_tile(t_int32_4x64, addr=0x3500)
    shrk_t = pl.make_tile(t_int32_4x64, addr=0x3900)
    s_t = pl.make_tile(t_int32_4x64, addr=0x3D00)
    shl_t = pl.make_tile(t_int32_4x64, addr=0x4100)
    shr_t = pl.make_tile(t_int32_4x64, addr=0x4500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        pl.load(s_t, s, [0, 0])
        logic_ops(a_t, b_t, m_t, and__t, or__t, xor_t)
        shift_ops(a_t, m_t, k, shl3_t, shl15_t, shl33_t, shl64_t, shlk_t, shr3_t, shr15_t, shr33_t,
            shr64_t, shrk_t)
        shift_lanes(a_t, s_t, m_t, shl_t, shr_t)
        pl.store(and_, and__t, [0, 0])
        pl.store(or_, or__t, [0, 0])
        pl.store(xor, xor_t, [0, 0])
        pl.store(shl3, shl3_t, [0, 0])
        pl.store(shl15, shl15_t, [0, 0])
        pl.store(shl33, shl33_t, [0, 0])
        pl.store(shl64, shl64_t, [0, 0])
        pl.store(shlk, shlk_t, [0, 0])
        pl.store(shr3, shr3_t, [0, 0])
        pl.store(shr15, shr15_t, [0, 0])
        pl.store(shr33, shr33_t, [0, 0])
        pl.store(shr64, shr64_t, [0, 0])
        pl.store(shrk, shrk_t, [0, 0])
        pl.store(shl, shl_t, [0, 0])
        pl.store(shr, shr_t, [0, 0])


@pl.jit()
def bitwise_u32(
    a: pl.Tensor[[4, 64], pl.DT_UINT32],
    b: pl.Tensor[[4, 64], pl.DT_UINT32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    and_: pl.Tensor[[4, 64], pl.DT_UINT32],
    or_: pl.Tensor[[4, 64], pl.DT_UINT32],
    xor: pl.Tensor[[4, 64], pl.DT_UINT32],
    k: int,
    shl3: pl.Tensor[[4, 64], pl.DT_UINT32],
    shl15: pl.Tensor[[4, 64], pl.DT_UINT32],
    shl33: pl.Tensor[[4, 64], pl.DT_UINT32],
    shl64: pl.Tensor[[4, 64], pl.DT_UINT32],
    shlk: pl.Tensor[[4, 64], pl.DT_UINT32],
    shr3: pl.Tensor[[4, 64], pl.DT_UINT32],
    shr15: pl.Tensor[[4, 64], pl.DT_UINT32],
    shr33: pl.Tensor[[4, 64], pl.DT_UINT32],
    shr64: pl.Tensor[[4, 64], pl.DT_UINT32],
    shrk: pl.Tensor[[4, 64], pl.DT_UINT32],
):
    t_uint32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint32_4x64, addr=0x0000)
    b_t = pl.make_tile(t_uint32_4x64, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    and__t = pl.make_tile(t_uint32_4x64, addr=0x0900)
    or__t = pl.make_tile(t_uint32_4x64, addr=0x0D00)
    xor_t = pl.make_tile(t_uint32_4x64, addr=0x1100)
    shl3_t = pl.make_tile(t_uint32_4x64, addr=0x1500)
    shl15_t = pl.make_tile(t_uint32_4x64, addr=0x1900)
    shl33_t = pl.make_tile(t_uint32_4x64, addr=0x1D00)
    shl64_t = pl.make_tile(t_uint32_4x64, addr=0x2100)
    shlk_t = pl.make_tile(t_uint32_4x64, addr=0x2500)
    shr3_t = pl.make_tile(t_uint32_4x64, addr=0x2900)
    shr15_t = pl.make_tile(t_uint32_4x64, addr=0x2D00)
    shr33_t = pl.make_tile(t_uint32_4x64, addr=0x3100)
    shr64_t = pl.make_tile(t_uint32_4x64, addr=0x3500)
    shrk_t = pl.make_tile(t_uint32_4x64, addr=0x3900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        logic_ops(a_t, b_t, m_t, and__t, or__t, xor_t)
        shift_ops(a_t, m_t, k, shl3_t, shl15_t, shl33_t, shl64_t, shlk_t, shr3_t, shr15_t, shr33_t,
            shr64_t, shrk_t)
        pl.store(and_, and__t, [0, 0])
        pl.store(or_, or__t, [0, 0])
        pl.store(xor, xor_t, [0, 0])
        pl.store(shl3, shl3_t, [0, 0])
        pl.store(shl15, shl15_t, [0, 0])
        pl.store(shl33, shl33_t, [0, 0])
        pl.store(shl64, shl64_t, [0, 0])
        pl.store(shlk, shlk_t, [0, 0])
        pl.store(shr3, shr3_t, [0, 0])
        pl.store(shr15, shr15_t, [0, 0])
        pl.store(shr33, shr33_t, [0, 0])
        pl.store(shr64, shr64_t, [0, 0])
        pl.store(shrk, shrk_t, [0, 0])


@pl.jit()
def bitwise_i64(
    a: pl.Tensor[[4, 32], pl.DT_INT64],
    b: pl.Tensor[[4, 32], pl.DT_INT64],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    and_: pl.Tensor[[4, 32], pl.DT_INT64],
    or_: pl.Tensor[[4, 32], pl.DT_INT64],
    xor: pl.Tensor[[4, 32], pl.DT_INT64],
    k: int,
    shl3: pl.Tensor[[4, 32], pl.DT_INT64],
    shl15: pl.Tensor[[4, 32], pl.DT_INT64],
    shl33: pl.Tensor[[4, 32], pl.DT_INT64],
    shl64: pl.Tensor[[4, 32], pl.DT_INT64],
    shlk: pl.Tensor[[4, 32], pl.DT_INT64],
    shr3: pl.Tensor[[4, 32], pl.DT_INT64],
    shr15: pl.Tensor[[4, 32], pl.DT_INT64],
    shr33: pl.Tensor[[4, 32], pl.DT_INT64],
    shr64: pl.Tensor[[4, 32], pl.DT_INT64],
    shrk: pl.Tensor[[4, 32], pl.DT_INT64],
):
    t_int64_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_INT64, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int64_4x32, addr=0x0000)
    b_t = pl.make_tile(t_int64_4x32, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    and__t = pl.make_tile(t_int64_4x32, addr=0x0900)
    or__t = pl.make_tile(t_int64_4x32, addr=0x0D00)
    xor_t = pl.make_tile(t_int64_4x32, addr=0x1100)
    shl3_t = pl.make_tile(t_int64_4x32, addr=0x1500)
    shl15_t = pl.make_tile(t_int64_4x32, addr=0x1900)
    shl33_t = pl.make_tile(t_int64_4x32, addr=0x1D00)
    shl64_t = pl.make_tile(t_int64_4x32, addr=0x2100)
    shlk_t = pl.make_tile(t_int64_4x32, addr=0x2500)
    shr3_t = pl.make_tile(t_int64_4x32, addr=0x2900)
    shr15_t = pl.make_tile(t_int64_4x32, addr=0x2D00)
    shr33_t = pl.make_tile(t_int64_4x32, addr=0x3100)
    shr64_t = pl.make_tile(t_int64_4x32, addr=0x3500)
    shrk_t = pl.make_tile(t_int64_4x32, addr=0x3900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        logic_ops(a_t, b_t, m_t, and__t, or__t, xor_t)
        shift_ops(a_t, m_t, k, shl3_t, shl15_t, shl33_t, shl64_t, shlk_t, shr3_t, shr15_t, shr33_t,
            shr64_t, shrk_t)
        pl.store(and_, and__t, [0, 0])
        pl.store(or_, or__t, [0, 0])
        pl.store(xor, xor_t, [0, 0])
        pl.store(shl3, shl3_t, [0, 0])
        pl.store(shl15, shl15_t, [0, 0])
        pl.store(shl33, shl33_t, [0, 0])
        pl.store(shl64, shl64_t, [0, 0])
        pl.store(shlk, shlk_t, [0, 0])
        pl.store(shr3, shr3_t, [0, 0])
        pl.store(shr15, shr15_t, [0, 0])
        pl.store(shr33, shr33_t, [0, 0])
        pl.store(shr64, shr64_t, [0, 0])
        pl.store(shrk, shrk_t, [0, 0])


@pl.jit()
def bitwise_u64(
    a: pl.Tensor[[4, 32], pl.DT_UINT64],
    b: pl.Tensor[[4, 32], pl.DT_UINT64],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    and_: pl.Tensor[[4, 32], pl.DT_UINT64],
    or_: pl.Tensor[[4, 32], pl.DT_UINT64],
    xor: pl.Tensor[[4, 32], pl.DT_UINT64],
    k: int,
    shl3: pl.Tensor[[4, 32], pl.DT_UINT64],
    shl15: pl.Tensor[[4, 32], pl.DT_UINT64],
    shl33: pl.Tensor[[4, 32], pl.DT_UINT64],
    shl64: pl.Tensor[[4, 32], pl.DT_UINT64],
    shlk: pl.Tensor[[4, 32], pl.DT_UINT64],
    shr3: pl.Tensor[[4, 32], pl.DT_UINT64],
    shr15: pl.Tensor[[4, 32], pl.DT_UINT64],
    shr33: pl.Tensor[[4, 32], pl.DT_UINT64],
    shr64: pl.Tensor[[4, 32], pl.DT_UINT64],
    shrk: pl.Tensor[[4, 32], pl.DT_UINT64],
):
    t_uint64_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT64, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint64_4x32, addr=0x0000)
    b_t = pl.make_tile(t_uint64_4x32, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    and__t = pl.make_tile(t_uint64_4x32, addr=0x0900)
    or__t = pl.make_tile(t_uint64_4x32, addr=0x0D00)
    xor_t = pl.make_tile(t_uint64_4x32, addr=0x1100)
    shl3_t = pl.make_tile(t_uint64_4x32, addr=0x1500)
    shl15_t = pl.make_tile(t_uint64_4x32, addr=0x1900)
    shl33_t = pl.make_tile(t_uint64_4x32, addr=0x1D00)
    shl64_t = pl.make_tile(t_uint64_4x32, addr=0x2100)
    shlk_t = pl.make_tile(t_uint64_4x32, addr=0x2500)
    shr3_t = pl.make_tile(t_uint64_4x32, addr=0x2900)
    shr15_t = pl.make_tile(t_uint64_4x32, addr=0x2D00)
    shr33_t = pl.make_tile(t_uint64_4x32, addr=0x3100)
    shr64_t = pl.make_tile(t_uint64_4x32, addr=0x3500)
    shrk_t = pl.make_tile(t_uint64_4x32, addr=0x3900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        logic_ops(a_t, b_t, m_t, and__t, or__t, xor_t)
        shift_ops(a_t, m_t, k, shl3_t, shl15_t, shl33_t, shl64_t, shlk_t, shr3_t, shr15_t, shr33_t,
            shr64_t, shrk_t)
        pl.store(and_, and__t, [0, 0])
        pl.store(or_, or__t, [0, 0])
        pl.store(xor, xor_t, [0, 0])
        pl.store(shl3, shl3_t, [0, 0])
        pl.store(shl15, shl15_t, [0, 0])
        pl.store(shl33, shl33_t, [0, 0])
        pl.store(shl64, shl64_t, [0, 0])
        pl.store(shlk, shlk_t, [0, 0])
        pl.store(shr3, shr3_t, [0, 0])
        pl.store(shr15, shr15_t, [0, 0])
        pl.store(shr33, shr33_t, [0, 0])
        pl.store(shr64, shr64_t, [0, 0])
        pl.store(shrk, shrk_t, [0, 0])


@pl.jit()
def bitwise_f16(
    a: pl.Tensor[[4, 128], pl.DT_FP16],
    b: pl.Tensor[[4, 128], pl.DT_FP16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    and_: pl.Tensor[[4, 128], pl.DT_FP16],
    or_: pl.Tensor[[4, 128], pl.DT_FP16],
    xor: pl.Tensor[[4, 128], pl.DT_FP16],
):
    t_fp16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp16_4x128, addr=0x0000)
    b_t = pl.make_tile(t_fp16_4x128, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    and__t = pl.make_tile(t_fp16_4x128, addr=0x0900)
    or__t = pl.make_tile(t_fp16_4x128, addr=0x0D00)
    xor_t = pl.make_tile(t_fp16_4x128, addr=0x1100)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        logic_ops(a_t, b_t, m_t, and__t, or__t, xor_t)
        pl.store(and_, and__t, [0, 0])
        pl.store(or_, or__t, [0, 0])
        pl.store(xor, xor_t, [0, 0])


@pl.jit()
def bitwise_bf16(
    a: pl.Tensor[[4, 128], pl.DT_BF16],
    b: pl.Tensor[[4, 128], pl.DT_BF16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    and_: pl.Tensor[[4, 128], pl.DT_BF16],
    or_: pl.Tensor[[4, 128], pl.DT_BF16],
    xor: pl.Tensor[[4, 128], pl.DT_BF16],
):
    t_bf16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_BF16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_bf16_4x128, addr=0x0000)
    b_t = pl.make_tile(t_bf16_4x128, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    and__t = pl.make_tile(t_bf16_4x128, addr=0x0900)
    or__t = pl.make_tile(t_bf16_4x128, addr=0x0D00)
    xor_t = pl.make_tile(t_bf16_4x128, addr=0x1100)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        logic_ops(a_t, b_t, m_t, and__t, or__t, xor_t)
        pl.store(and_, and__t, [0, 0])
        pl.store(or_, or__t, [0, 0])
        pl.store(xor, xor_t, [0, 0])


@pl.jit()
def bitwise_f32(
    a: pl.Tensor[[4, 64], pl.DT_FP32],
    b: pl.Tensor[[4, 64], pl.DT_FP32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    and_: pl.Tensor[[4, 64], pl.DT_FP32],
    or_: pl.Tensor[[4, 64], pl.DT_FP32],
    xor: pl.Tensor[[4, 64], pl.DT_FP32],
):
    t_fp32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp32_4x64, addr=0x0000)
    b_t = pl.make_tile(t_fp32_4x64, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    and__t = pl.make_tile(t_fp32_4x64, addr=0x0900)
    or__t = pl.make_tile(t_fp32_4x64, addr=0x0D00)
    xor_t = pl.make_tile(t_fp32_4x64, addr=0x1100)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        logic_ops(a_t, b_t, m_t, and__t, or__t, xor_t)
        pl.store(and_, and__t, [0, 0])
        pl.store(or_, or__t, [0, 0])
        pl.store(xor, xor_t, [0, 0])


@pl.jit()
def bitwise_hf8(
    a: pl.Tensor[[4, 256], pl.DT_HF8],
    b: pl.Tensor[[4, 256], pl.DT_HF8],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    and_: pl.Tensor[[4, 256], pl.DT_HF8],
    or_: pl.Tensor[[4, 256], pl.DT_HF8],
    xor: pl.Tensor[[4, 256], pl.DT_HF8],
):
    t_hf8_4x256 = pl.TileType(shape=[4, 256], dtype=pl.DT_HF8, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_hf8_4x256, addr=0x0000)
    b_t = pl.make_tile(t_hf8_4x256, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    and__t = pl.make_tile(t_hf8_4x256, addr=0x0900)
    or__t = pl.make_tile(t_hf8_4x256, addr=0x0D00)
    xor_t = pl.make_tile(t_hf8_4x256, addr=0x1100)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        logic_ops(a_t, b_t, m_t, and__t, or__t, xor_t)
        pl.store(and_, and__t, [0, 0])
        pl.store(or_, or__t, [0, 0])
        pl.store(xor, xor_t, [0, 0])


@pl.jit()
def bitwise_e4m3(
    a: pl.Tensor[[4, 256], pl.DT_FP8E4M3FN],
    b: pl.Tensor[[4, 256], pl.DT_FP8E4M3FN],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    and_: pl.Tensor[[4, 256], pl.DT_FP8E4M3FN],
    or_: pl.Tensor[[4, 256], pl.DT_FP8E4M3FN],
    xor: pl.Tensor[[4, 256], pl.DT_FP8E4M3FN],
):
    t_fp8e4m3fn_4x256 = pl.TileType(shape=[4, 256], dtype=pl.DT_FP8E4M3FN, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp8e4m3fn_4x256, addr=0x0000)
    b_t = pl.make_tile(t_fp8e4m3fn_4x256, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    and__t = pl.make_tile(t_fp8e4m3fn_4x256, addr=0x0900)
    or__t = pl.make_tile(t_fp8e4m3fn_4x256, addr=0x0D00)
    xor_t = pl.make_tile(t_fp8e4m3fn_4x256, addr=0x1100)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        logic_ops(a_t, b_t, m_t, and__t, or__t, xor_t)
        pl.store(and_, and__t, [0, 0])
        pl.store(or_, or__t, [0, 0])
        pl.store(xor, xor_t, [0, 0])
