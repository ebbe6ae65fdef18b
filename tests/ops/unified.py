# Data movement through the unaligned family and AddrRegs (docs/SEMANTICS.md §1.4, §4, §5.6,
# §10.16). Every destination tile is loaded first, so bytes an op must not touch are checked too.
# (The unified vf.load / vf.store: tests/ops/unified_ls.py.)
#   load_unalign_pre + load_unalign(u, t, n) stream 256-byte registers from an unaligned start (the
#     worked example of §4.1: 12 elements into the tile); store_unalign(t, r, s, n, post_update)
#     + store_unalign_post stream them back out (§4.2); a second stream writes 10 + 7 elements
#   create_addr_reg(i, 192, j, 64): the strides bind to the enclosing loops, outermost first
#     (index arguments dropped, §1.4); stored with create_addr_reg(j, 64, i, 128), this reorders
#     the rows: dst[i + 2j] = src[3i + j]
#   mem_bar(VST_VLD) orders a store before a load of the same bytes (§5.6)
import pypto_pro.language as pl


@pl.vector_function
def unalign_ops(src_tile, dst_tile, part_tile, n):
    u = vf.load_unalign_init()
    vf.load_unalign_pre(u, src_tile + 12)
    r1 = vf.load_unalign(u, src_tile + 12, n)
    r2 = vf.load_unalign(u, src_tile + 12, n)
    s = vf.unalign_reg_for_store()
    vf.store_unalign(dst_tile + 12, r1, s, n, post_update=True)
    vf.store_unalign(dst_tile + 12, r2, s, n, post_update=True)
    vf.store_unalign_post(dst_tile + 12, s, 0, post_update=True)
    t = vf.unalign_reg_for_store()
    vf.store_unalign(part_tile + 3, r1, t, 10, post_update=True)
    vf.store_unalign(part_tile + 3, r2, t, 7, post_update=True)
    vf.store_unalign_post(part_tile + 3, t, 0, post_update=True)


@pl.vector_function
def addr_reg_rows(src_tile, dst_tile):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for i in pl.range(2):
        for j in pl.range(3):
            at = vf.create_addr_reg(i, 192, j, 64, dtype=pl.DT_FP32)
            r = vf.load_align(src_tile, at)
            to = vf.create_addr_reg(j, 64, i, 128, dtype=pl.DT_FP32)
            vf.store_align(dst_tile, r, every, to)


@pl.vector_function
def bar_ops(src_tile, tmp_tile, dst_tile):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    x = vf.load_align(src_tile, 0)
    vf.store_align(tmp_tile, vf.adds(x, 1, every), every)
    vf.mem_bar(pl.MemBarMode.VST_VLD)
    y = vf.load_align(tmp_tile, 0)
    vf.store_align(tmp_tile, vf.muls(y, 2, every), every)
    vf.mem_bar()
    z = vf.load_align(tmp_tile, 0)
    vf.store_align(dst_tile, z, every)


@pl.jit()
def unalign_i8(
    src: pl.Tensor[[1, 1024], pl.DT_INT8],
    uout: pl.Tensor[[1, 1024], pl.DT_INT8],
    part: pl.Tensor[[1, 256], pl.DT_INT8],
):
    t_int8_1x1024 = pl.TileType(shape=[1, 1024], dtype=pl.DT_INT8, target_memory=pl.MemorySpace.Vec)
    t_int8_1x256 = pl.TileType(shape=[1, 256], dtype=pl.DT_INT8, target_memory=pl.MemorySpace.Vec)
    src_t = pl.make_tile(t_int8_1x1024, addr=0x0000)
    uout_t = pl.make_tile(t_int8_1x1024, addr=0x0400)
    part_t = pl.make_tile(t_int8_1x256, addr=0x0800)
    with pl.section_vector():
        pl.load(src_t, src, [0, 0])
        pl.load(uout_t, uout, [0, 0])
        pl.load(part_t, part, [0, 0])
        unalign_ops(src_t, uout_t, part_t, 256)
        pl.store(uout, uout_t, [0, 0])
        pl.store(part, part_t, [0, 0])


@pl.jit()
def unalign_i16(
    src: pl.Tensor[[1, 512], pl.DT_INT16],
    uout: pl.Tensor[[1, 512], pl.DT_INT16],
    part: pl.Tensor[[1, 128], pl.DT_INT16],
):
    t_int16_1x512 = pl.TileType(shape=[1, 512], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    t_int16_1x128 = pl.TileType(shape=[1, 128], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    src_t = pl.make_tile(t_int16_1x512, addr=0x0000)
    uout_t = pl.make_tile(t_int16_1x512, addr=0x0400)
    part_t = pl.make_tile(t_int16_1x128, addr=0x0800)
    with pl.section_vector():
        pl.load(src_t, src, [0, 0])
        pl.load(uout_t, uout, [0, 0])
        pl.load(part_t, part, [0, 0])
        unalign_ops(src_t, uout_t, part_t, 128)
        pl.store(uout, uout_t, [0, 0])
        pl.store(part, part_t, [0, 0])


@pl.jit()
def unalign_f32(
    src: pl.Tensor[[1, 256], pl.DT_FP32],
    uout: pl.Tensor[[1, 256], pl.DT_FP32],
    part: pl.Tensor[[1, 64], pl.DT_FP32],
):
    t_fp32_1x256 = pl.TileType(shape=[1, 256], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_fp32_1x64 = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    src_t = pl.make_tile(t_fp32_1x256, addr=0x0000)
    uout_t = pl.make_tile(t_fp32_1x256, addr=0x0400)
    part_t = pl.make_tile(t_fp32_1x64, addr=0x0800)
    with pl.section_vector():
        pl.load(src_t, src, [0, 0])
        pl.load(uout_t, uout, [0, 0])
        pl.load(part_t, part, [0, 0])
        unalign_ops(src_t, uout_t, part_t, 64)
        pl.store(uout, uout_t, [0, 0])
        pl.store(part, part_t, [0, 0])


@pl.jit()
def unalign_i64(
    src: pl.Tensor[[1, 128], pl.DT_INT64],
    uout: pl.Tensor[[1, 128], pl.DT_INT64],
    part: pl.Tensor[[1, 32], pl.DT_INT64],
):
    t_int64_1x128 = pl.TileType(shape=[1, 128], dtype=pl.DT_INT64, target_memory=pl.MemorySpace.Vec)
    t_int64_1x32 = pl.TileType(shape=[1, 32], dtype=pl.DT_INT64, target_memory=pl.MemorySpace.Vec)
    src_t = pl.make_tile(t_int64_1x128, addr=0x0000)
    uout_t = pl.make_tile(t_int64_1x128, addr=0x0400)
    part_t = pl.make_tile(t_int64_1x32, addr=0x0800)
    with pl.section_vector():
        pl.load(src_t, src, [0, 0])
        pl.load(uout_t, uout, [0, 0])
        pl.load(part_t, part, [0, 0])
        unalign_ops(src_t, uout_t, part_t, 32)
        pl.store(uout, uout_t, [0, 0])
        pl.store(part, part_t, [0, 0])


@pl.jit()
def addr_reg_f32(
    src: pl.Tensor[[6, 64], pl.DT_FP32],
    dst: pl.Tensor[[6, 64], pl.DT_FP32],
):
    t_fp32_6x64 = pl.TileType(shape=[6, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    src_t = pl.make_tile(t_fp32_6x64, addr=0x0000)
    dst_t = pl.make_tile(t_fp32_6x64, addr=0x0600)
    with pl.section_vector():
        pl.load(src_t, src, [0, 0])
        addr_reg_rows(src_t, dst_t)
        pl.store(dst, dst_t, [0, 0])


@pl.jit()
def mem_bar_i32(
    src: pl.Tensor[[1, 64], pl.DT_INT32],
    tmp: pl.Tensor[[1, 64], pl.DT_INT32],
    dst: pl.Tensor[[1, 64], pl.DT_INT32],
):
    t_int32_1x64 = pl.TileType(shape=[1, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    src_t = pl.make_tile(t_int32_1x64, addr=0x0000)
    tmp_t = pl.make_tile(t_int32_1x64, addr=0x0100)
    dst_t = pl.make_tile(t_int32_1x64, addr=0x0200)
    with pl.section_vector():
        pl.load(src_t, src, [0, 0])
        bar_ops(src_t, tmp_t, dst_t)
        pl.store(tmp, tmp_t, [0, 0])
        pl.store(dst, dst_t, [0, 0])
