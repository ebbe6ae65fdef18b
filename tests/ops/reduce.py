# Reductions (docs/SEMANTICS.md §10.10). reduce_sum: adjacent pairs added level by level (a tree,
# not a running sum), masked-off lanes entering as +0, the total in lane 0 and 0 elsewhere;
# FP32 adds round at every node, FP16 sums accumulate in FP32 and round once at the root, 16-bit
# integer sums are 32 bits wide in bytes 0..3 (T6), wider ones wrap. reduce_max / reduce_min:
# the value in lane 0, the first active lane holding it in lane 1 (+0 > -0), a NaN wins, no
# active lane gives -inf / +inf (integer MIN / MAX). pair_reduce_sum: lane i = lane 2i + lane
# 2i+1, the upper half 0. datablock=True: tests/ops/reduce_blocks.py. Row 3 of every mask is
# empty. Layout as in tests/ops/arith.py.
import pypto_pro.language as pl


@pl.vector_function
def reduce_full(a_tile, m_tile, sum_t, max_t, min_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        vf.store_align(sum_t, vf.reduce_sum(a, m), every, [r, 0])
        vf.store_align(max_t, vf.reduce_max(a, m), every, [r, 0])
        vf.store_align(min_t, vf.reduce_min(a, m), every, [r, 0])


@pl.vector_function
def pair_sum(a_tile, m_tile, pair_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        vf.store_align(pair_t, vf.pair_reduce_sum(a, m), every, [r, 0])




@pl.jit()
def reduce_i16(
    a: pl.Tensor[[4, 128], pl.DT_INT16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    sum: pl.Tensor[[4, 128], pl.DT_INT16],
    max: pl.Tensor[[4, 128], pl.DT_INT16],
    min: pl.Tensor[[4, 128], pl.DT_INT16],
):
    t_int16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int16_4x128, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    sum_t = pl.make_tile(t_int16_4x128, addr=0x0500)
    max_t = pl.make_tile(t_int16_4x128, addr=0x0900)
    min_t = pl.make_tile(t_int16_4x128, addr=0x0D00)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        reduce_full(a_t, m_t, sum_t, max_t, min_t)
        pl.store(sum, sum_t, [0, 0])
        pl.store(max, max_t, [0, 0])
        pl.store(min, min_t, [0, 0])


@pl.jit()
def reduce_u16(
    a: pl.Tensor[[4, 128], pl.DT_UINT16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    sum: pl.Tensor[[4, 128], pl.DT_UINT16],
    max: pl.Tensor[[4, 128], pl.DT_UINT16],
    min: pl.Tensor[[4, 128], pl.DT_UINT16],
):
    t_uint16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint16_4x128, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    sum_t = pl.make_tile(t_uint16_4x128, addr=0x0500)
    max_t = pl.make_tile(t_uint16_4x128, addr=0x0900)
    min_t = pl.make_tile(t_uint16_4x128, addr=0x0D00)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        reduce_full(a_t, m_t, sum_t, max_t, min_t)
        pl.store(sum, sum_t, [0, 0])
        pl.store(max, max_t, [0, 0])
        pl.store(min, min_t, [0, 0])


@pl.jit()
def reduce_i32(
    a: pl.Tensor[[4, 64], pl.DT_INT32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    sum: pl.Tensor[[4, 64], pl.DT_INT32],
    max: pl.Tensor[[4, 64], pl.DT_INT32],
    min: pl.Tensor[[4, 64], pl.DT_INT32],
):
    t_int32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int32_4x64, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    sum_t = pl.make_tile(t_int32_4x64, addr=0x0500)
    max_t = pl.make_tile(t_int32_4x64, addr=0x0900)
    min_t = pl.make_tile(t_int32_4x64, addr=0x0D00)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        reduce_full(a_t, m_t, sum_t, max_t, min_t)
        pl.store(sum, sum_t, [0, 0])
        pl.store(max, max_t, [0, 0])
        pl.store(min, min_t, [0, 0])


@pl.jit()
def reduce_u32(
    a: pl.Tensor[[4, 64], pl.DT_UINT32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    sum: pl.Tensor[[4, 64], pl.DT_UINT32],
    max: pl.Tensor[[4, 64], pl.DT_UINT32],
    min: pl.Tensor[[4, 64], pl.DT_UINT32],
):
    t_uint32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint32_4x64, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    sum_t = pl.make_tile(t_uint32_4x64, addr=0x0500)
    max_t = pl.make_tile(t_uint32_4x64, addr=0x0900)
    min_t = pl.make_tile(t_uint32_4x64, addr=0x0D00)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        reduce_full(a_t, m_t, sum_t, max_t, min_t)
        pl.store(sum, sum_t, [0, 0])
        pl.store(max, max_t, [0, 0])
        pl.store(min, min_t, [0, 0])


@pl.jit()
def reduce_i64(
    a: pl.Tensor[[4, 32], pl.DT_INT64],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    sum: pl.Tensor[[4, 32], pl.DT_INT64],
    max: pl.Tensor[[4, 32], pl.DT_INT64],
    min: pl.Tensor[[4, 32], pl.DT_INT64],
):
    t_int64_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_INT64, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int64_4x32, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    sum_t = pl.make_tile(t_int64_4x32, addr=0x0500)
    max_t = pl.make_tile(t_int64_4x32, addr=0x0900)
    min_t = pl.make_tile(t_int64_4x32, addr=0x0D00)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        reduce_full(a_t, m_t, sum_t, max_t, min_t)
        pl.store(sum, sum_t, [0, 0])
        pl.store(max, max_t, [0, 0])
        pl.store(min, min_t, [0, 0])


@pl.jit()
def reduce_u64(
    a: pl.Tensor[[4, 32], pl.DT_UINT64],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    sum: pl.Tensor[[4, 32], pl.DT_UINT64],
    max: pl.Tensor[[4, 32], pl.DT_UINT64],
    min: pl.Tensor[[4, 32], pl.DT_UINT64],
):
    t_uint64_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT64, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint64_4x32, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    sum_t = pl.make_tile(t_uint64_4x32, addr=0x0500)
    max_t = pl.make_tile(t_uint64_4x32, addr=0x0900)
    min_t = pl.make_tile(t_uint64_4x32, addr=0x0D00)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        reduce_full(a_t, m_t, sum_t, max_t, min_t)
        pl.store(sum, sum_t, [0, 0])
        pl.store(max, max_t, [0, 0])
        pl.store(min, min_t, [0, 0])


@pl.jit()
def reduce_f16(
    a: pl.Tensor[[4, 128], pl.DT_FP16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    sum: pl.Tensor[[4, 128], pl.DT_FP16],
    max: pl.Tensor[[4, 128], pl.DT_FP16],
    min: pl.Tensor[[4, 128], pl.DT_FP16],
    pair: pl.Tensor[[4, 128], pl.DT_FP16],
):
    t_fp16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp16_4x128, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    sum_t = pl.make_tile(t_fp16_4x128, addr=0x0500)
    max_t = pl.make_tile(t_fp16_4x128, addr=0x0900)
    min_t = pl.make_tile(t_fp16_4x128, addr=0x0D00)
    pair_t = pl.make_tile(t_fp16_4x128, addr=0x1100)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        reduce_full(a_t, m_t, sum_t, max_t, min_t)
        pair_sum(a_t, m_t, pair_t)
        pl.store(sum, sum_t, [0, 0])
        pl.store(max, max_t, [0, 0])
        pl.store(min, min_t, [0, 0])
        pl.store(pair, pair_t, [0, 0])


@pl.jit()
def reduce_f32(
    a: pl.Tensor[[4, 64], pl.DT_FP32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    sum: pl.Tensor[[4, 64], pl.DT_FP32],
    max: pl.Tensor[[4, 64], pl.DT_FP32],
    min: pl.Tensor[[4, 64], pl.DT_FP32],
    pair: pl.Tensor[[4, 64], pl.DT_FP32],
):
    t_fp32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp32_4x64, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    sum_t = pl.make_tile(t_fp32_4x64, addr=0x0500)
    max_t = pl.make_tile(t_fp32_4x64, addr=0x0900)
    min_t = pl.make_tile(t_fp32_4x64, addr=0x0D00)
    pair_t = pl.make_tile(t_fp32_4x64, addr=0x1100)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        reduce_full(a_t, m_t, sum_t, max_t, min_t)
        pair_sum(a_t, m_t, pair_t)
        pl.store(sum, sum_t, [0, 0])
        pl.store(max, max_t, [0, 0])
        pl.store(min, min_t, [0, 0])
        pl.store(pair, pair_t, [0, 0])
