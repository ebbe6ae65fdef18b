# pvc benchmark kernels (make bench; bench/bench.c runs each one natively and in the simulator).
#
# Every kernel copies or converts a 256 x 64 FP32 tile at UB 0x0 (64 KiB) into a tile at
# UB 0x11000; the gap keeps read-ahead of the unaligned family off the destination. The vector
# function walks the tile 256 times with pl.range loops, so a call moves 256 * 16384 = 4194304 lanes
# (bench.c knows the per-kernel lane counts; keep them in sync with the table there).
import pypto_pro.language as pl

# NORM copy: 256 rows, one load_align + one store_align of 64 FP32 lanes each.
@pl.vector_function
def vf_copy(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for k in pl.range(256):
        for i in pl.range(256):
            reg = vf.load_align(src_tile, [i, 0])
            vf.store_align(dst_tile + i * 64, reg, preg)

# BRC: one FP32 element broadcast to 64 lanes, stored per row.
@pl.vector_function
def vf_brc(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for k in pl.range(256):
        for i in pl.range(256):
            reg = vf.load_align(src_tile, i, dist=pl.LoadDist.BRC)
            vf.store_align(dst_tile + i * 64, reg, preg)

# DINTLV_B32: 512 bytes -> even and odd lanes, both stored.
@pl.vector_function
def vf_dintlv(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for k in pl.range(256):
        for i in pl.range(128):
            even, odd = vf.load_align(src_tile, [2 * i, 0], dist=pl.LoadDist.DINTLV)
            vf.store_align(dst_tile + i * 128, even, preg)
            vf.store_align(dst_tile + i * 128 + 64, odd, preg)

# DS_B16: 512 bytes -> every other 16-bit element (128 lanes), one register stored.
@pl.vector_function
def vf_ds(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP16)
    for k in pl.range(256):
        for i in pl.range(128):
            reg = vf.load_align(src_tile, [2 * i, 0], dist=pl.LoadDist.DS, dtype=pl.DT_FP16)
            vf.store_align(dst_tile + i * 64, reg, preg)

# DATA_BLOCK_COPY: 8 blocks of 32 bytes (block_stride 1) per op, cursor += 256 bytes.
@pl.vector_function
def vf_blk(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for i in pl.range(256):
        reg = vf.load_align(src_tile, preg, data_copy_mode=pl.DataCopyMode.DATA_BLOCK_COPY,
                            block_stride=1, repeat_stride=8, post_update=True)
        vf.store_align(dst_tile + i * 64, reg, preg)

# Unaligned pair: load_unalign / store_unalign of 64 lanes per row, flushed at the end.
@pl.vector_function
def vf_unalign(src_tile, dst_tile):
    ureg = vf.load_unalign_init()
    vf.load_unalign_pre(ureg, src_tile)
    store_ureg = vf.unalign_reg_for_store()
    for i in pl.range(256):
        reg = vf.load_unalign(ureg, src_tile, 64)
        vf.store_unalign(dst_tile, reg, store_ureg, 64, post_update=True)
    vf.store_unalign_post(dst_tile, store_ureg, 0, post_update=True)

# FP32 -> FP16 astype (layout ZERO: 64 halves in the even 16-bit lanes), stored whole.
@pl.vector_function
def vf_astype(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    p16 = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP16)
    for k in pl.range(256):
        for i in pl.range(256):
            reg = vf.load_align(src_tile, [i, 0])
            half = vf.astype(reg, preg, dtype=pl.DT_FP16)
            vf.store_align(dst_tile + i * 64, half, p16)

@pl.jit()
def bench_copy(
    a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    out: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
):
    tf = pl.TileType(shape=[256, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    in_grp = pl.make_tile_group(type=tf, addrs=0x0, mutex_ids=[0])
    t_in = in_grp.current()
    out_grp = pl.make_tile_group(type=tf, addrs=0x11000, mutex_ids=[1])
    t_out = out_grp.current()
    with pl.section_vector():
        pl.load(t_in, a, [0, 0])
        vf_copy(t_in, t_out)
        pl.store(out, t_out, [0, 0])

@pl.jit()
def bench_brc(
    a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    out: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
):
    tf = pl.TileType(shape=[256, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    in_grp = pl.make_tile_group(type=tf, addrs=0x0, mutex_ids=[0])
    t_in = in_grp.current()
    out_grp = pl.make_tile_group(type=tf, addrs=0x11000, mutex_ids=[1])
    t_out = out_grp.current()
    with pl.section_vector():
        pl.load(t_in, a, [0, 0])
        vf_brc(t_in, t_out)
        pl.store(out, t_out, [0, 0])

@pl.jit()
def bench_dintlv(
    a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    out: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
):
    tf = pl.TileType(shape=[256, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    in_grp = pl.make_tile_group(type=tf, addrs=0x0, mutex_ids=[0])
    t_in = in_grp.current()
    out_grp = pl.make_tile_group(type=tf, addrs=0x11000, mutex_ids=[1])
    t_out = out_grp.current()
    with pl.section_vector():
        pl.load(t_in, a, [0, 0])
        vf_dintlv(t_in, t_out)
        pl.store(out, t_out, [0, 0])

@pl.jit()
def bench_ds(
    a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    out: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
):
    tf = pl.TileType(shape=[256, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    in_grp = pl.make_tile_group(type=tf, addrs=0x0, mutex_ids=[0])
    t_in = in_grp.current()
    out_grp = pl.make_tile_group(type=tf, addrs=0x11000, mutex_ids=[1])
    t_out = out_grp.current()
    with pl.section_vector():
        pl.load(t_in, a, [0, 0])
        vf_ds(t_in, t_out)
        pl.store(out, t_out, [0, 0])

@pl.jit()
def bench_blk(
    a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    out: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
):
    tf = pl.TileType(shape=[256, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    in_grp = pl.make_tile_group(type=tf, addrs=0x0, mutex_ids=[0])
    t_in = in_grp.current()
    out_grp = pl.make_tile_group(type=tf, addrs=0x11000, mutex_ids=[1])
    t_out = out_grp.current()
    with pl.section_vector():
        pl.load(t_in, a, [0, 0])
        for k in pl.range(256):
            vf_blk(t_in, t_out)
        pl.store(out, t_out, [0, 0])

@pl.jit()
def bench_unalign(
    a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    out: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
):
    tf = pl.TileType(shape=[256, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    in_grp = pl.make_tile_group(type=tf, addrs=0x0, mutex_ids=[0])
    t_in = in_grp.current()
    out_grp = pl.make_tile_group(type=tf, addrs=0x11000, mutex_ids=[1])
    t_out = out_grp.current()
    with pl.section_vector():
        pl.load(t_in, a, [0, 0])
        for k in pl.range(256):
            vf_unalign(t_in, t_out)
        pl.store(out, t_out, [0, 0])

@pl.jit()
def bench_astype(
    a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    out: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
):
    tf = pl.TileType(shape=[256, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    in_grp = pl.make_tile_group(type=tf, addrs=0x0, mutex_ids=[0])
    t_in = in_grp.current()
    out_grp = pl.make_tile_group(type=tf, addrs=0x11000, mutex_ids=[1])
    t_out = out_grp.current()
    with pl.section_vector():
        pl.load(t_in, a, [0, 0])
        vf_astype(t_in, t_out)
        pl.store(out, t_out, [0, 0])
