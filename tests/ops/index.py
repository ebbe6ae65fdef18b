# Index ops (docs/SEMANTICS.md §10.15). arange(start, dtype=): lane i = start + i (INCREASE) or
# start + N-1-i (DECREASE_ORDER: start is the last, smallest value, T11), integers wrapping, floats
# RNE_T(start_T + i), start converted to the dtype as C++ does (§9.6; a kernel scalar here, and
# the literal -5); 64-bit DECREASE gives start, then start + 2^32 - i (T12). Histograms:
# tests/ops/histograms.py.
import pypto_pro.language as pl


@pl.vector_function
def arange_vf_i8(start, inc_t, dec_t, lit_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    vf.store_align(inc_t, vf.arange(start, dtype=pl.DT_INT8), every)
    d = vf.arange(start, dtype=pl.DT_INT8, index_order=pl.IndexOrder.DECREASE_ORDER)
    vf.store_align(dec_t, d, every)
    vf.store_align(lit_t, vf.arange(-5, dtype=pl.DT_INT8), every)

@pl.vector_function
def arange_vf_u8(start, inc_t, dec_t, lit_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    vf.store_align(inc_t, vf.arange(start, dtype=pl.DT_UINT8), every)
    d = vf.arange(start, dtype=pl.DT_UINT8, index_order=pl.IndexOrder.DECREASE_ORDER)
    vf.store_align(dec_t, d, every)
    vf.store_align(lit_t, vf.arange(-5, dtype=pl.DT_UINT8), every)

@pl.vector_function
def arange_vf_i16(start, inc_t, dec_t, lit_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    vf.store_align(inc_t, vf.arange(start, dtype=pl.DT_INT16), every)
    d = vf.arange(start, dtype=pl.DT_INT16, index_order=pl.IndexOrder.DECREASE_ORDER)
    vf.store_align(dec_t, d, every)
    vf.store_align(lit_t, vf.arange(-5, dtype=pl.DT_INT16), every)

@pl.vector_function
def arange_vf_u16(start, inc_t, dec_t, lit_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    vf.store_align(inc_t, vf.arange(start, dtype=pl.DT_UINT16), every)
    d = vf.arange(start, dtype=pl.DT_UINT16, index_order=pl.IndexOrder.DECREASE_ORDER)
    vf.store_align(dec_t, d, every)
    vf.store_align(lit_t, vf.arange(-5, dtype=pl.DT_UINT16), every)

@pl.vector_function
def arange_vf_i32(start, inc_t, dec_t, lit_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    vf.store_align(inc_t, vf.arange(start, dtype=pl.DT_INT32), every)
    d = vf.arange(start, dtype=pl.DT_INT32, index_order=pl.IndexOrder.DECREASE_ORDER)
    vf.store_align(dec_t, d, every)
    vf.store_align(lit_t, vf.arange(-5, dtype=pl.DT_INT32), every)

@pl.vector_function
def arange_vf_u32(start, inc_t, dec_t, lit_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    vf.store_align(inc_t, vf.arange(start, dtype=pl.DT_UINT32), every)
    d = vf.arange(start, dtype=pl.DT_UINT32, index_order=pl.IndexOrder.DECREASE_ORDER)
    vf.store_align(dec_t, d, every)
    vf.store_align(lit_t, vf.arange(-5, dtype=pl.DT_UINT32), every)

@pl.vector_function
def arange_vf_i64(start, inc_t, dec_t, lit_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    vf.store_align(inc_t, vf.arange(start, dtype=pl.DT_INT64), every)
    d = vf.arange(start, dtype=pl.DT_INT64, index_order=pl.IndexOrder.DECREASE_ORDER)
    vf.store_align(dec_t, d, every)
    vf.store_align(lit_t, vf.arange(-5, dtype=pl.DT_INT64), every)

@pl.vector_function
def arange_vf_u64(start, inc_t, dec_t, lit_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    vf.store_align(inc_t, vf.arange(start, dtype=pl.DT_UINT64), every)
    d = vf.arange(start, dtype=pl.DT_UINT64, index_order=pl.IndexOrder.DECREASE_ORDER)
    vf.store_align(dec_t, d, every)
    vf.store_align(lit_t, vf.arange(-5, dtype=pl.DT_UINT64), every)

@pl.vector_function
def arange_vf_f16(start, inc_t, dec_t, lit_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    vf.store_align(inc_t, vf.arange(start, dtype=pl.DT_FP16), every)
    d = vf.arange(start, dtype=pl.DT_FP16, index_order=pl.IndexOrder.DECREASE_ORDER)
    vf.store_align(dec_t, d, every)
    vf.store_align(lit_t, vf.arange(-5, dtype=pl.DT_FP16), every)

@pl.vector_function
def arange_vf_f32(start, inc_t, dec_t, lit_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    vf.store_align(inc_t, vf.arange(start, dtype=pl.DT_FP32), every)
    d = vf.arange(start, dtype=pl.DT_FP32, index_order=pl.IndexOrder.DECREASE_ORDER)
    vf.store_align(dec_t, d, every)
    vf.store_align(lit_t, vf.arange(-5, dtype=pl.DT_FP32), every)


@pl.jit()
def arange_i8(
    start: int,
    inc: pl.Tensor[[1, 256], pl.DT_INT8],
    dec: pl.Tensor[[1, 256], pl.DT_INT8],
    lit: pl.Tensor[[1, 256], pl.DT_INT8],
):
    t_int8_1x256 = pl.TileType(shape=[1, 256], dtype=pl.DT_INT8, target_memory=pl.MemorySpace.Vec)
    inc_t = pl.make_tile(t_int8_1x256, addr=0x0000)
    dec_t = pl.make_tile(t_int8_1x256, addr=0x0100)
    lit_t = pl.make_tile(t_int8_1x256, addr=0x0200)
    with pl.section_vector():
        arange_vf_i8(start, inc_t, dec_t, lit_t)
        pl.store(inc, inc_t, [0, 0])
        pl.store(dec, dec_t, [0, 0])
        pl.store(lit, lit_t, [0, 0])


@pl.jit()
def arange_u8(
    start: int,
    inc: pl.Tensor[[1, 256], pl.DT_UINT8],
    dec: pl.Tensor[[1, 256], pl.DT_UINT8],
    lit: pl.Tensor[[1, 256], pl.DT_UINT8],
):
    t_uint8_1x256 = pl.TileType(shape=[1, 256], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    inc_t = pl.make_tile(t_uint8_1x256, addr=0x0000)
    dec_t = pl.make_tile(t_uint8_1x256, addr=0x0100)
    lit_t = pl.make_tile(t_uint8_1x256, addr=0x0200)
    with pl.section_vector():
        arange_vf_u8(start, inc_t, dec_t, lit_t)
        pl.store(inc, inc_t, [0, 0])
        pl.store(dec, dec_t, [0, 0])
        pl.store(lit, lit_t, [0, 0])


@pl.jit()
def arange_i16(
    start: int,
    inc: pl.Tensor[[1, 128], pl.DT_INT16],
    dec: pl.Tensor[[1, 128], pl.DT_INT16],
    lit: pl.Tensor[[1, 128], pl.DT_INT16],
):
    t_int16_1x128 = pl.TileType(shape=[1, 128], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    inc_t = pl.make_tile(t_int16_1x128, addr=0x0000)
    dec_t = pl.make_tile(t_int16_1x128, addr=0x0100)
    lit_t = pl.make_tile(t_int16_1x128, addr=0x0200)
    with pl.section_vector():
        arange_vf_i16(start, inc_t, dec_t, lit_t)
        pl.store(inc, inc_t, [0, 0])
        pl.store(dec, dec_t, [0, 0])
        pl.store(lit, lit_t, [0, 0])


@pl.jit()
def arange_u16(
    start: int,
    inc: pl.Tensor[[1, 128], pl.DT_UINT16],
    dec: pl.Tensor[[1, 128], pl.DT_UINT16],
    lit: pl.Tensor[[1, 128], pl.DT_UINT16],
):
    t_uint16_1x128 = pl.TileType(shape=[1, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    inc_t = pl.make_tile(t_uint16_1x128, addr=0x0000)
    dec_t = pl.make_tile(t_uint16_1x128, addr=0x0100)
    lit_t = pl.make_tile(t_uint16_1x128, addr=0x0200)
    with pl.section_vector():
        arange_vf_u16(start, inc_t, dec_t, lit_t)
        pl.store(inc, inc_t, [0, 0])
        pl.store(dec, dec_t, [0, 0])
        pl.store(lit, lit_t, [0, 0])


@pl.jit()
def arange_i32(
    start: int,
    inc: pl.Tensor[[1, 64], pl.DT_INT32],
    dec: pl.Tensor[[1, 64], pl.DT_INT32],
    lit: pl.Tensor[[1, 64], pl.DT_INT32],
):
    t_int32_1x64 = pl.TileType(shape=[1, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    inc_t = pl.make_tile(t_int32_1x64, addr=0x0000)
    dec_t = pl.make_tile(t_int32_1x64, addr=0x0100)
    lit_t = pl.make_tile(t_int32_1x64, addr=0x0200)
    with pl.section_vector():
        arange_vf_i32(start, inc_t, dec_t, lit_t)
        pl.store(inc, inc_t, [0, 0])
        pl.store(dec, dec_t, [0, 0])
        pl.store(lit, lit_t, [0, 0])


@pl.jit()
def arange_u32(
    start: int,
    inc: pl.Tensor[[1, 64], pl.DT_UINT32],
    dec: pl.Tensor[[1, 64], pl.DT_UINT32],
    lit: pl.Tensor[[1, 64], pl.DT_UINT32],
):
    t_uint32_1x64 = pl.TileType(shape=[1, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    inc_t = pl.make_tile(t_uint32_1x64, addr=0x0000)
    dec_t = pl.make_tile(t_uint32_1x64, addr=0x0100)
    lit_t = pl.make_tile(t_uint32_1x64, addr=0x0200)
    with pl.section_vector():
        arange_vf_u32(start, inc_t, dec_t, lit_t)
        pl.store(inc, inc_t, [0, 0])
        pl.store(dec, dec_t, [0, 0])
        pl.store(lit, lit_t, [0, 0])


@pl.jit()
def arange_i64(
    start: int,
    inc: pl.Tensor[[1, 32], pl.DT_INT64],
    dec: pl.Tensor[[1, 32], pl.DT_INT64],
    lit: pl.Tensor[[1, 32], pl.DT_INT64],
):
    t_int64_1x32 = pl.TileType(shape=[1, 32], dtype=pl.DT_INT64, target_memory=pl.MemorySpace.Vec)
    inc_t = pl.make_tile(t_int64_1x32, addr=0x0000)
    dec_t = pl.make_tile(t_int64_1x32, addr=0x0100)
    lit_t = pl.make_tile(t_int64_1x32, addr=0x0200)
    with pl.section_vector():
        arange_vf_i64(start, inc_t, dec_t, lit_t)
        pl.store(inc, inc_t, [0, 0])
        pl.store(dec, dec_t, [0, 0])
        pl.store(lit, lit_t, [0, 0])


@pl.jit()
def arange_u64(
    start: int,
    inc: pl.Tensor[[1, 32], pl.DT_UINT64],
    dec: pl.Tensor[[1, 32], pl.DT_UINT64],
    lit: pl.Tensor[[1, 32], pl.DT_UINT64],
):
    t_uint64_1x32 = pl.TileType(shape=[1, 32], dtype=pl.DT_UINT64, target_memory=pl.MemorySpace.Vec)
    inc_t = pl.make_tile(t_uint64_1x32, addr=0x0000)
    dec_t = pl.make_tile(t_uint64_1x32, addr=0x0100)
    lit_t = pl.make_tile(t_uint64_1x32, addr=0x0200)
    with pl.section_vector():
        arange_vf_u64(start, inc_t, dec_t, lit_t)
        pl.store(inc, inc_t, [0, 0])
        pl.store(dec, dec_t, [0, 0])
        pl.store(lit, lit_t, [0, 0])


@pl.jit()
def arange_f16(
    start: int,
    inc: pl.Tensor[[1, 128], pl.DT_FP16],
    dec: pl.Tensor[[1, 128], pl.DT_FP16],
    lit: pl.Tensor[[1, 128], pl.DT_FP16],
):
    t_fp16_1x128 = pl.TileType(shape=[1, 128], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    inc_t = pl.make_tile(t_fp16_1x128, addr=0x0000)
    dec_t = pl.make_tile(t_fp16_1x128, addr=0x0100)
    lit_t = pl.make_tile(t_fp16_1x128, addr=0x0200)
    with pl.section_vector():
        arange_vf_f16(start, inc_t, dec_t, lit_t)
        pl.store(inc, inc_t, [0, 0])
        pl.store(dec, dec_t, [0, 0])
        pl.store(lit, lit_t, [0, 0])


@pl.jit()
def arange_f32(
    start: int,
    inc: pl.Tensor[[1, 64], pl.DT_FP32],
    dec: pl.Tensor[[1, 64], pl.DT_FP32],
    lit: pl.Tensor[[1, 64], pl.DT_FP32],
):
    t_fp32_1x64 = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    inc_t = pl.make_tile(t_fp32_1x64, addr=0x0000)
    dec_t = pl.make_tile(t_fp32_1x64, addr=0x0100)
    lit_t = pl.make_tile(t_fp32_1x64, addr=0x0200)
    with pl.section_vector():
        arange_vf_f32(start, inc_t, dec_t, lit_t)
        pl.store(inc, inc_t, [0, 0])
        pl.store(dec, dec_t, [0, 0])
        pl.store(lit, lit_t, [0, 0])
