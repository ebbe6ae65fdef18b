# Per-DataBlock reductions (docs/SEMANTICS.md §10.10, datablock=True): the tree sum / max / min of
# each 32-byte block (16 lanes of 16 bits, 8 of 32 bits), the eight results packed in lanes 0..7
# and the rest 0 (T7), no index; masked-off lanes enter as 0 / LOWEST / HIGHEST, a NaN makes its
# block NaN. Inputs as tests/ops/reduce.py (row 3 of every mask empty). Alone in its file so that
# a compile error here rejects no other kernel.
import pypto_pro.language as pl


@pl.vector_function
def reduce_blocks(a_tile, m_tile, sum_db_t, max_db_t, min_db_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        s = vf.reduce_sum(a, m, datablock=True)
        vf.store_align(sum_db_t, s, every, [r, 0])
        hi = vf.reduce_max(a, m, datablock=True)
        vf.store_align(max_db_t, hi, every, [r, 0])
        lo = vf.reduce_min(a, m, datablock=True)
        vf.store_align(min_db_t, lo, every, [r, 0])


@pl.vector_function
def reduce_blocks_minmax(a_tile, m_tile, max_db_t, min_db_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        hi = vf.reduce_max(a, m, datablock=True)
        vf.store_align(max_db_t, hi, every, [r, 0])
        lo = vf.reduce_min(a, m, datablock=True)
        vf.store_align(min_db_t, lo, every, [r, 0])




@pl.jit()
def blocks_i16(
    a: pl.Tensor[[4, 128], pl.DT_INT16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    max_db: pl.Tensor[[4, 128], pl.DT_INT16],
    min_db: pl.Tensor[[4, 128], pl.DT_INT16],
):
    t_int16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int16_4x128, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    max_db_t = pl.make_tile(t_int16_4x128, addr=0x0500)
    min_db_t = pl.make_tile(t_int16_4x128, addr=0x0900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        reduce_blocks_minmax(a_t, m_t, max_db_t, min_db_t)
        pl.store(max_db, max_db_t, [0, 0])
        pl.store(min_db, min_db_t, [0, 0])


@pl.jit()
def blocks_u16(
    a: pl.Tensor[[4, 128], pl.DT_UINT16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    max_db: pl.Tensor[[4, 128], pl.DT_UINT16],
    min_db: pl.Tensor[[4, 128], pl.DT_UINT16],
):
    t_uint16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint16_4x128, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    max_db_t = pl.make_tile(t_uint16_4x128, addr=0x0500)
    min_db_t = pl.make_tile(t_uint16_4x128, addr=0x0900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        reduce_blocks_minmax(a_t, m_t, max_db_t, min_db_t)
        pl.store(max_db, max_db_t, [0, 0])
        pl.store(min_db, min_db_t, [0, 0])


@pl.jit()
def blocks_i32(
    a: pl.Tensor[[4, 64], pl.DT_INT32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    sum_db: pl.Tensor[[4, 64], pl.DT_INT32],
    max_db: pl.Tensor[[4, 64], pl.DT_INT32],
    min_db: pl.Tensor[[4, 64], pl.DT_INT32],
):
    t_int32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int32_4x64, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    sum_db_t = pl.make_tile(t_int32_4x64, addr=0x0500)
    max_db_t = pl.make_tile(t_int32_4x64, addr=0x0900)
    min_db_t = pl.make_tile(t_int32_4x64, addr=0x0D00)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        reduce_blocks(a_t, m_t, sum_db_t, max_db_t, min_db_t)
        pl.store(sum_db, sum_db_t, [0, 0])
        pl.store(max_db, max_db_t, [0, 0])
        pl.store(min_db, min_db_t, [0, 0])


@pl.jit()
def blocks_u32(
    a: pl.Tensor[[4, 64], pl.DT_UINT32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    sum_db: pl.Tensor[[4, 64], pl.DT_UINT32],
    max_db: pl.Tensor[[4, 64], pl.DT_UINT32],
    min_db: pl.Tensor[[4, 64], pl.DT_UINT32],
):
    t_uint32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint32_4x64, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    sum_db_t = pl.make_tile(t_uint32_4x64, addr=0x0500)
    max_db_t = pl.make_tile(t_uint32_4x64, addr=0x0900)
    min_db_t = pl.make_tile(t_uint32_4x64, addr=0x0D00)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        reduce_blocks(a_t, m_t, sum_db_t, max_db_t, min_db_t)
        pl.store(sum_db, sum_db_t, [0, 0])
        pl.store(max_db, max_db_t, [0, 0])
        pl.store(min_db, min_db_t, [0, 0])


@pl.jit()
def blocks_f16(
    a: pl.Tensor[[4, 128], pl.DT_FP16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    sum_db: pl.Tensor[[4, 128], pl.DT_FP16],
    max_db: pl.Tensor[[4, 128], pl.DT_FP16],
    min_db: pl.Tensor[[4, 128], pl.DT_FP16],
):
    t_fp16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp16_4x128, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    sum_db_t = pl.make_tile(t_fp16_4x128, addr=0x0500)
    max_db_t = pl.make_tile(t_fp16_4x128, addr=0x0900)
    min_db_t = pl.make_tile(t_fp16_4x128, addr=0x0D00)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        reduce_blocks(a_t, m_t, sum_db_t, max_db_t, min_db_t)
        pl.store(sum_db, sum_db_t, [0, 0])
        pl.store(max_db, max_db_t, [0, 0])
        pl.store(min_db, min_db_t, [0, 0])


@pl.jit()
def blocks_f32(
    a: pl.Tensor[[4, 64], pl.DT_FP32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    sum_db: pl.Tensor[[4, 64], pl.DT_FP32],
    max_db: pl.Tensor[[4, 64], pl.DT_FP32],
    min_db: pl.Tensor[[4, 64], pl.DT_FP32],
):
    t_fp32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp32_4x64, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    sum_db_t = pl.make_tile(t_fp32_4x64, addr=0x0500)
    max_db_t = pl.make_tile(t_fp32_4x64, addr=0x0900)
    min_db_t = pl.make_tile(t_fp32_4x64, addr=0x0D00)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        reduce_blocks(a_t, m_t, sum_db_t, max_db_t, min_db_t)
        pl.store(sum_db, sum_db_t, [0, 0])
        pl.store(max_db, max_db_t, [0, 0])
        pl.store(min_db, min_db_t, [0, 0])
