# Lane ops that change the dtype (docs/SEMANTICS.md §10.9, §10.11): pack (the low half of every
# lane into the lower or upper half of a register of half the width, the other half 0; 64-bit
# sources go through the de-interleave path), unpack (one half of the lanes sign- or
# zero-extended to twice the width), bit_cast (the same 256 bytes as another dtype) and
# unsqueeze (lane i = the number of active lanes below i, an exclusive count; T5). Two rows of
# random lanes per kernel; masks as in tests/ops/arith.py.
import pypto_pro.language as pl



@pl.vector_function
def pack_to_u8(a_tile, lo_t, hi_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(2):
        a = vf.load_align(a_tile, [r, 0])
        lo = vf.pack(a, dtype=pl.DT_UINT8)
        vf.store_align(lo_t, lo, every, [r, 0])
        hi = vf.pack(a, dtype=pl.DT_UINT8, part=pl.PackPart.UPPER)
        vf.store_align(hi_t, hi, every, [r, 0])


@pl.vector_function
def pack_to_u16(a_tile, lo_t, hi_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(2):
        a = vf.load_align(a_tile, [r, 0])
        lo = vf.pack(a, dtype=pl.DT_UINT16)
        vf.store_align(lo_t, lo, every, [r, 0])
        hi = vf.pack(a, dtype=pl.DT_UINT16, part=pl.PackPart.UPPER)
        vf.store_align(hi_t, hi, every, [r, 0])


@pl.vector_function
def pack_to_u32(a_tile, lo_t, hi_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(2):
        a = vf.load_align(a_tile, [r, 0])
        lo = vf.pack(a, dtype=pl.DT_UINT32)
        vf.store_align(lo_t, lo, every, [r, 0])
        hi = vf.pack(a, dtype=pl.DT_UINT32, part=pl.PackPart.UPPER)
        vf.store_align(hi_t, hi, every, [r, 0])


@pl.vector_function
def unpack_to_i16(a_tile, lo_t, hi_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(2):
        a = vf.load_align(a_tile, [r, 0])
        lo = vf.unpack(a, dtype=pl.DT_INT16)
        vf.store_align(lo_t, lo, every, [r, 0])
        hi = vf.unpack(a, dtype=pl.DT_INT16, part=pl.PackPart.UPPER)
        vf.store_align(hi_t, hi, every, [r, 0])


@pl.vector_function
def unpack_to_u16(a_tile, lo_t, hi_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(2):
        a = vf.load_align(a_tile, [r, 0])
        lo = vf.unpack(a, dtype=pl.DT_UINT16)
        vf.store_align(lo_t, lo, every, [r, 0])
        hi = vf.unpack(a, dtype=pl.DT_UINT16, part=pl.PackPart.UPPER)
        vf.store_align(hi_t, hi, every, [r, 0])


@pl.vector_function
def unpack_to_i32(a_tile, lo_t, hi_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(2):
        a = vf.load_align(a_tile, [r, 0])
        lo = vf.unpack(a, dtype=pl.DT_INT32)
        vf.store_align(lo_t, lo, every, [r, 0])
        hi = vf.unpack(a, dtype=pl.DT_INT32, part=pl.PackPart.UPPER)
        vf.store_align(hi_t, hi, every, [r, 0])


@pl.vector_function
def unpack_to_u32(a_tile, lo_t, hi_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(2):
        a = vf.load_align(a_tile, [r, 0])
        lo = vf.unpack(a, dtype=pl.DT_UINT32)
        vf.store_align(lo_t, lo, every, [r, 0])
        hi = vf.unpack(a, dtype=pl.DT_UINT32, part=pl.PackPart.UPPER)
        vf.store_align(hi_t, hi, every, [r, 0])


@pl.vector_function
def unpack_to_i64(a_tile, lo_t, hi_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(2):
        a = vf.load_align(a_tile, [r, 0])
        lo = vf.unpack(a, dtype=pl.DT_INT64)
        vf.store_align(lo_t, lo, every, [r, 0])
        hi = vf.unpack(a, dtype=pl.DT_INT64, part=pl.PackPart.UPPER)
        vf.store_align(hi_t, hi, every, [r, 0])


@pl.vector_function
def unpack_to_u64(a_tile, lo_t, hi_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(2):
        a = vf.load_align(a_tile, [r, 0])
        lo = vf.unpack(a, dtype=pl.DT_UINT64)
        vf.store_align(lo_t, lo, every, [r, 0])
        hi = vf.unpack(a, dtype=pl.DT_UINT64, part=pl.PackPart.UPPER)
        vf.store_align(hi_t, hi, every, [r, 0])


@pl.vector_function
def bit_casts(a_tile, i32_t, u8_t, f16_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(2):
        a = vf.load_align(a_tile, [r, 0])
        vf.store_align(i32_t, vf.bit_cast(a, dtype=pl.DT_INT32), every, [r, 0])
        bytes_ = vf.bit_cast(a, dtype=pl.DT_UINT8)
        vf.store_align(u8_t, bytes_, every, [r, 0])
        halves = vf.bit_cast(a, dtype=pl.DT_FP16)
        vf.store_align(f16_t, halves, every, [r, 0])


@pl.vector_function
def unsqueeze_all(m_tile, i8_t, u8_t, i16_t, u16_t, i32_t, u32_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(2):
        m = vf.load_align(m_tile, r * 32)
        vf.store_align(i8_t, vf.unsqueeze(m, dtype=pl.DT_INT8), every, [r, 0])
        vf.store_align(u8_t, vf.unsqueeze(m, dtype=pl.DT_UINT8), every, [r, 0])
        vf.store_align(i16_t, vf.unsqueeze(m, dtype=pl.DT_INT16), every, [r, 0])
        vf.store_align(u16_t, vf.unsqueeze(m, dtype=pl.DT_UINT16), every, [r, 0])
        vf.store_align(i32_t, vf.unsqueeze(m, dtype=pl.DT_INT32), every, [r, 0])
        vf.store_align(u32_t, vf.unsqueeze(m, dtype=pl.DT_UINT32), every, [r, 0])


@pl.jit()
def pack_i16(
    a: pl.Tensor[[2, 128], pl.DT_INT16],
    lo: pl.Tensor[[2, 256], pl.DT_UINT8],
    hi: pl.Tensor[[2, 256], pl.DT_UINT8],
):
    t_int16_2x128 = pl.TileType(shape=[2, 128], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_2x256 = pl.TileType(shape=[2, 256], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int16_2x128, addr=0x0000)
    lo_t = pl.make_tile(t_uint8_2x256, addr=0x0200)
    hi_t = pl.make_tile(t_uint8_2x256, addr=0x0400)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pack_to_u8(a_t, lo_t, hi_t)
        pl.store(lo, lo_t, [0, 0])
        pl.store(hi, hi_t, [0, 0])


@pl.jit()
def pack_u16(
    a: pl.Tensor[[2, 128], pl.DT_UINT16],
    lo: pl.Tensor[[2, 256], pl.DT_UINT8],
    hi: pl.Tensor[[2, 256], pl.DT_UINT8],
):
    t_uint16_2x128 = pl.TileType(shape=[2, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_2x256 = pl.TileType(shape=[2, 256], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint16_2x128, addr=0x0000)
    lo_t = pl.make_tile(t_uint8_2x256, addr=0x0200)
    hi_t = pl.make_tile(t_uint8_2x256, addr=0x0400)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pack_to_u8(a_t, lo_t, hi_t)
        pl.store(lo, lo_t, [0, 0])
        pl.store(hi, hi_t, [0, 0])


@pl.jit()
def pack_i32(
    a: pl.Tensor[[2, 64], pl.DT_INT32],
    lo: pl.Tensor[[2, 128], pl.DT_UINT16],
    hi: pl.Tensor[[2, 128], pl.DT_UINT16],
):
    t_int32_2x64 = pl.TileType(shape=[2, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    t_uint16_2x128 = pl.TileType(shape=[2, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int32_2x64, addr=0x0000)
    lo_t = pl.make_tile(t_uint16_2x128, addr=0x0200)
    hi_t = pl.make_tile(t_uint16_2x128, addr=0x0400)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pack_to_u16(a_t, lo_t, hi_t)
        pl.store(lo, lo_t, [0, 0])
        pl.store(hi, hi_t, [0, 0])


@pl.jit()
def pack_u32(
    a: pl.Tensor[[2, 64], pl.DT_UINT32],
    lo: pl.Tensor[[2, 128], pl.DT_UINT16],
    hi: pl.Tensor[[2, 128], pl.DT_UINT16],
):
    t_uint32_2x64 = pl.TileType(shape=[2, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_uint16_2x128 = pl.TileType(shape=[2, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint32_2x64, addr=0x0000)
    lo_t = pl.make_tile(t_uint16_2x128, addr=0x0200)
    hi_t = pl.make_tile(t_uint16_2x128, addr=0x0400)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pack_to_u16(a_t, lo_t, hi_t)
        pl.store(lo, lo_t, [0, 0])
        pl.store(hi, hi_t, [0, 0])


@pl.jit()
def pack_i64(
    a: pl.Tensor[[2, 32], pl.DT_INT64],
    lo: pl.Tensor[[2, 64], pl.DT_UINT32],
    hi: pl.Tensor[[2, 64], pl.DT_UINT32],
):
    t_int64_2x32 = pl.TileType(shape=[2, 32], dtype=pl.DT_INT64, target_memory=pl.MemorySpace.Vec)
    t_uint32_2x64 = pl.TileType(shape=[2, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int64_2x32, addr=0x0000)
    lo_t = pl.make_tile(t_uint32_2x64, addr=0x0200)
    hi_t = pl.make_tile(t_uint32_2x64, addr=0x0400)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pack_to_u32(a_t, lo_t, hi_t)
        pl.store(lo, lo_t, [0, 0])
        pl.store(hi, hi_t, [0, 0])


@pl.jit()
def pack_u64(
    a: pl.Tensor[[2, 32], pl.DT_UINT64],
    lo: pl.Tensor[[2, 64], pl.DT_UINT32],
    hi: pl.Tensor[[2, 64], pl.DT_UINT32],
):
    t_uint64_2x32 = pl.TileType(shape=[2, 32], dtype=pl.DT_UINT64, target_memory=pl.MemorySpace.Vec)
    t_uint32_2x64 = pl.TileType(shape=[2, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint64_2x32, addr=0x0000)
    lo_t = pl.make_tile(t_uint32_2x64, addr=0x0200)
    hi_t = pl.make_tile(t_uint32_2x64, addr=0x0400)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pack_to_u32(a_t, lo_t, hi_t)
        pl.store(lo, lo_t, [0, 0])
        pl.store(hi, hi_t, [0, 0])


@pl.jit()
def unpack_i8(
    a: pl.Tensor[[2, 256], pl.DT_INT8],
    lo: pl.Tensor[[2, 128], pl.DT_INT16],
    hi: pl.Tensor[[2, 128], pl.DT_INT16],
):
    t_int8_2x256 = pl.TileType(shape=[2, 256], dtype=pl.DT_INT8, target_memory=pl.MemorySpace.Vec)
    t_int16_2x128 = pl.TileType(shape=[2, 128], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int8_2x256, addr=0x0000)
    lo_t = pl.make_tile(t_int16_2x128, addr=0x0200)
    hi_t = pl.make_tile(t_int16_2x128, addr=0x0400)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        unpack_to_i16(a_t, lo_t, hi_t)
        pl.store(lo, lo_t, [0, 0])
        pl.store(hi, hi_t, [0, 0])


@pl.jit()
def unpack_u8(
    a: pl.Tensor[[2, 256], pl.DT_UINT8],
    lo: pl.Tensor[[2, 128], pl.DT_UINT16],
    hi: pl.Tensor[[2, 128], pl.DT_UINT16],
):
    t_uint8_2x256 = pl.TileType(shape=[2, 256], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_uint16_2x128 = pl.TileType(shape=[2, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint8_2x256, addr=0x0000)
    lo_t = pl.make_tile(t_uint16_2x128, addr=0x0200)
    hi_t = pl.make_tile(t_uint16_2x128, addr=0x0400)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        unpack_to_u16(a_t, lo_t, hi_t)
        pl.store(lo, lo_t, [0, 0])
        pl.store(hi, hi_t, [0, 0])


@pl.jit()
def unpack_i16(
    a: pl.Tensor[[2, 128], pl.DT_INT16],
    lo: pl.Tensor[[2, 64], pl.DT_INT32],
    hi: pl.Tensor[[2, 64], pl.DT_INT32],
):
    t_int16_2x128 = pl.TileType(shape=[2, 128], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    t_int32_2x64 = pl.TileType(shape=[2, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int16_2x128, addr=0x0000)
    lo_t = pl.make_tile(t_int32_2x64, addr=0x0200)
    hi_t = pl.make_tile(t_int32_2x64, addr=0x0400)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        unpack_to_i32(a_t, lo_t, hi_t)
        pl.store(lo, lo_t, [0, 0])
        pl.store(hi, hi_t, [0, 0])


@pl.jit()
def unpack_u16(
    a: pl.Tensor[[2, 128], pl.DT_UINT16],
    lo: pl.Tensor[[2, 64], pl.DT_UINT32],
    hi: pl.Tensor[[2, 64], pl.DT_UINT32],
):
    t_uint16_2x128 = pl.TileType(shape=[2, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    t_uint32_2x64 = pl.TileType(shape=[2, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint16_2x128, addr=0x0000)
    lo_t = pl.make_tile(t_uint32_2x64, addr=0x0200)
    hi_t = pl.make_tile(t_uint32_2x64, addr=0x0400)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        unpack_to_u32(a_t, lo_t, hi_t)
        pl.store(lo, lo_t, [0, 0])
        pl.store(hi, hi_t, [0, 0])


@pl.jit()
def unpack_i32(
    a: pl.Tensor[[2, 64], pl.DT_INT32],
    lo: pl.Tensor[[2, 32], pl.DT_INT64],
    hi: pl.Tensor[[2, 32], pl.DT_INT64],
):
    t_int32_2x64 = pl.TileType(shape=[2, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    t_int64_2x32 = pl.TileType(shape=[2, 32], dtype=pl.DT_INT64, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int32_2x64, addr=0x0000)
    lo_t = pl.make_tile(t_int64_2x32, addr=0x0200)
    hi_t = pl.make_tile(t_int64_2x32, addr=0x0400)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        unpack_to_i64(a_t, lo_t, hi_t)
        pl.store(lo, lo_t, [0, 0])
        pl.store(hi, hi_t, [0, 0])


@pl.jit()
def unpack_u32(
    a: pl.Tensor[[2, 64], pl.DT_UINT32],
    lo: pl.Tensor[[2, 32], pl.DT_UINT64],
    hi: pl.Tensor[[2, 32], pl.DT_UINT64],
):
    t_uint32_2x64 = pl.TileType(shape=[2, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_uint64_2x32 = pl.TileType(shape=[2, 32], dtype=pl.DT_UINT64, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint32_2x64, addr=0x0000)
    lo_t = pl.make_tile(t_uint64_2x32, addr=0x0200)
    hi_t = pl.make_tile(t_uint64_2x32, addr=0x0400)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        unpack_to_u64(a_t, lo_t, hi_t)
        pl.store(lo, lo_t, [0, 0])
        pl.store(hi, hi_t, [0, 0])


@pl.jit()
def bit_cast_f32(
    a: pl.Tensor[[2, 64], pl.DT_FP32],
    as_i32: pl.Tensor[[2, 64], pl.DT_INT32],
    as_u8: pl.Tensor[[2, 256], pl.DT_UINT8],
    as_f16: pl.Tensor[[2, 128], pl.DT_FP16],
):
    t_fp32_2x64 = pl.TileType(shape=[2, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_int32_2x64 = pl.TileType(shape=[2, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_2x256 = pl.TileType(shape=[2, 256], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_fp16_2x128 = pl.TileType(shape=[2, 128], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp32_2x64, addr=0x0000)
    as_i32_t = pl.make_tile(t_int32_2x64, addr=0x0200)
    as_u8_t = pl.make_tile(t_uint8_2x256, addr=0x0400)
    as_f16_t = pl.make_tile(t_fp16_2x128, addr=0x0600)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        bit_casts(a_t, as_i32_t, as_u8_t, as_f16_t)
        pl.store(as_i32, as_i32_t, [0, 0])
        pl.store(as_u8, as_u8_t, [0, 0])
        pl.store(as_f16, as_f16_t, [0, 0])


@pl.jit()
def unsqueeze_dtypes(
    m: pl.Tensor[[2, 32], pl.DT_UINT8],
    i8: pl.Tensor[[2, 256], pl.DT_INT8],
    u8: pl.Tensor[[2, 256], pl.DT_UINT8],
    i16: pl.Tensor[[2, 128], pl.DT_INT16],
    u16: pl.Tensor[[2, 128], pl.DT_UINT16],
    i32: pl.Tensor[[2, 64], pl.DT_INT32],
    u32: pl.Tensor[[2, 64], pl.DT_UINT32],
):
    t_uint8_2x32 = pl.TileType(shape=[2, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_int8_2x256 = pl.TileType(shape=[2, 256], dtype=pl.DT_INT8, target_memory=pl.MemorySpace.Vec)
    t_uint8_2x256 = pl.TileType(shape=[2, 256], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_int16_2x128 = pl.TileType(shape=[2, 128], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    t_uint16_2x128 = pl.TileType(shape=[2, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    t_int32_2x64 = pl.TileType(shape=[2, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    t_uint32_2x64 = pl.TileType(shape=[2, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    m_t = pl.make_tile(t_uint8_2x32, addr=0x0000)
    i8_t = pl.make_tile(t_int8_2x256, addr=0x0100)
    u8_t = pl.make_tile(t_uint8_2x256, addr=0x0300)
    i16_t = pl.make_tile(t_int16_2x128, addr=0x0500)
    u16_t = pl.make_tile(t_uint16_2x128, addr=0x0700)
    i32_t = pl.make_tile(t_int32_2x64, addr=0x0900)
    u32_t = pl.make_tile(t_uint32_2x64, addr=0x0B00)
    with pl.section_vector():
        pl.load(m_t, m, [0, 0])
        unsqueeze_all(m_t, i8_t, u8_t, i16_t, u16_t, i32_t, u32_t)
        pl.store(i8, i8_t, [0, 0])
        pl.store(u8, u8_t, [0, 0])
        pl.store(i16, i16_t, [0, 0])
        pl.store(u16, u16_t, [0, 0])
        pl.store(i32, i32_t, [0, 0])
        pl.store(u32, u32_t, [0, 0])
