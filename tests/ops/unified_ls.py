# The unified vf.load / vf.store (docs/SEMANTICS.md §10.16): vf.load(t) reads the 256 bytes at t,
# at any address; vf.load(t, k) reads at the cursor of t and advances it k elements; vf.store(t,
# r, c) writes c elements (default 256 / w) at the cursor and always advances it (T13). The
# destination tiles are loaded first, so the bytes a store must not touch are checked too.
import pypto_pro.language as pl


@pl.vector_function
def unified_ops(src_tile, dst_tile, seq_tile):
    r = vf.load(src_tile + 3)
    vf.store(dst_tile + 5, r, 10)
    x = vf.load(src_tile + 1, 16)
    y = vf.load(src_tile + 1, 16)
    vf.store(seq_tile, x)
    vf.store(seq_tile, y)



@pl.jit()
def unified_i8(
    src: pl.Tensor[[1, 1024], pl.DT_INT8],
    dst: pl.Tensor[[1, 512], pl.DT_INT8],
    seq: pl.Tensor[[1, 512], pl.DT_INT8],
):
    t_int8_1x1024 = pl.TileType(shape=[1, 1024], dtype=pl.DT_INT8, target_memory=pl.MemorySpace.Vec)
    t_int8_1x512 = pl.TileType(shape=[1, 512], dtype=pl.DT_INT8, target_memory=pl.MemorySpace.Vec)
    src_t = pl.make_tile(t_int8_1x1024, addr=0x0000)
    dst_t = pl.make_tile(t_int8_1x512, addr=0x0400)
    seq_t = pl.make_tile(t_int8_1x512, addr=0x0600)
    with pl.section_vector():
        pl.load(src_t, src, [0, 0])
        pl.load(dst_t, dst, [0, 0])
        pl.load(seq_t, seq, [0, 0])
        unified_ops(src_t, dst_t, seq_t)
        pl.store(dst, dst_t, [0, 0])
        pl.store(seq, seq_t, [0, 0])


@pl.jit()
def unified_i16(
    src: pl.Tensor[[1, 512], pl.DT_INT16],
    dst: pl.Tensor[[1, 256], pl.DT_INT16],
    seq: pl.Tensor[[1, 256], pl.DT_INT16],
):
    t_int16_1x512 = pl.TileType(shape=[1, 512], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    t_int16_1x256 = pl.TileType(shape=[1, 256], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    src_t = pl.make_tile(t_int16_1x512, addr=0x0000)
    dst_t = pl.make_tile(t_int16_1x256, addr=0x0400)
    seq_t = pl.make_tile(t_int16_1x256, addr=0x0600)
    with pl.section_vector():
        pl.load(src_t, src, [0, 0])
        pl.load(dst_t, dst, [0, 0])
        pl.load(seq_t, seq, [0, 0])
        unified_ops(src_t, dst_t, seq_t)
        pl.store(dst, dst_t, [0, 0])
        pl.store(seq, seq_t, [0, 0])


@pl.jit()
def unified_f32(
    src: pl.Tensor[[1, 256], pl.DT_FP32],
    dst: pl.Tensor[[1, 128], pl.DT_FP32],
    seq: pl.Tensor[[1, 128], pl.DT_FP32],
):
    t_fp32_1x256 = pl.TileType(shape=[1, 256], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_fp32_1x128 = pl.TileType(shape=[1, 128], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    src_t = pl.make_tile(t_fp32_1x256, addr=0x0000)
    dst_t = pl.make_tile(t_fp32_1x128, addr=0x0400)
    seq_t = pl.make_tile(t_fp32_1x128, addr=0x0600)
    with pl.section_vector():
        pl.load(src_t, src, [0, 0])
        pl.load(dst_t, dst, [0, 0])
        pl.load(seq_t, seq, [0, 0])
        unified_ops(src_t, dst_t, seq_t)
        pl.store(dst, dst_t, [0, 0])
        pl.store(seq, seq_t, [0, 0])


@pl.jit()
def unified_i64(
    src: pl.Tensor[[1, 128], pl.DT_INT64],
    dst: pl.Tensor[[1, 64], pl.DT_INT64],
    seq: pl.Tensor[[1, 64], pl.DT_INT64],
):
    t_int64_1x128 = pl.TileType(shape=[1, 128], dtype=pl.DT_INT64, target_memory=pl.MemorySpace.Vec)
    t_int64_1x64 = pl.TileType(shape=[1, 64], dtype=pl.DT_INT64, target_memory=pl.MemorySpace.Vec)
    src_t = pl.make_tile(t_int64_1x128, addr=0x0000)
    dst_t = pl.make_tile(t_int64_1x64, addr=0x0400)
    seq_t = pl.make_tile(t_int64_1x64, addr=0x0600)
    with pl.section_vector():
        pl.load(src_t, src, [0, 0])
        pl.load(dst_t, dst, [0, 0])
        pl.load(seq_t, seq, [0, 0])
        unified_ops(src_t, dst_t, seq_t)
        pl.store(dst, dst_t, [0, 0])
        pl.store(seq, seq_t, [0, 0])
