# Differential kernel (tests/run_sim.sh): DATA_BLOCK_COPY load and store under a partial
# mask (docs/SEMANTICS.md §2.4, §3.5). update_mask(40) at b32 sets bits 4i for i < 40, i.e. bits
# in blocks 0..4 (32 mask bits per 32-byte block), so blocks 0..4 move and 5..7 do not:
#   load,  block_stride 2: R.b[32k+t] = a byte 64k+t for k <= 4, else 0 (nothing read)
#   store, block_stride 3: out byte 96k+t = R.b[32k+t] for k <= 4; other bytes keep the
#                          value out was loaded with
# Then the post_update pair twice, block_stride 1, repeat_stride 1 (cursor += 32 bytes per
# call), mask update_mask(16) (blocks 0..1): round r = 0, 1 reads a bytes [32r, 32r+64) and
# writes them to out bytes [800+32r, 864+32r) (out + 200 elements = byte 800).
# tools/diff_kernels.py restates these formulas for the expected output.
import pypto_pro.language as pl

@pl.vector_function
def datablock(src_tile, dst_tile):
    m = vf.update_mask(40, pl.DT_FP32)
    r = vf.load_align(src_tile, m, data_copy_mode=pl.DataCopyMode.DATA_BLOCK_COPY,
                      block_stride=2, repeat_stride=0)
    vf.store_align(dst_tile, r, m, 3, 0, data_copy_mode=pl.DataCopyMode.DATA_BLOCK_COPY)
    m2 = vf.update_mask(16, pl.DT_FP32)
    for i in pl.range(2):
        p = vf.load_align(src_tile, m2, data_copy_mode=pl.DataCopyMode.DATA_BLOCK_COPY,
                          block_stride=1, repeat_stride=1, post_update=True)
        vf.store_align(dst_tile + 200, p, m2, 1, 1,
                       data_copy_mode=pl.DataCopyMode.DATA_BLOCK_COPY, post_update=True)

@pl.jit()
def kernel(
    a: pl.Tensor[[1, 128], pl.DT_FP32],
    out: pl.Tensor[[1, 256], pl.DT_FP32],
):
    ta = pl.TileType(shape=[1, 128], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    to = pl.TileType(shape=[1, 256], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    a_grp = pl.make_tile_group(type=ta, addrs=0x0, mutex_ids=[0])
    t_a = a_grp.current()
    out_grp = pl.make_tile_group(type=to, addrs=0x400, mutex_ids=[1])
    t_out = out_grp.current()
    with pl.section_vector():
        pl.load(t_a, a, [0, 0])
        pl.load(t_out, out, [0, 0])
        datablock(t_a, t_out)
        pl.store(out, t_out, [0, 0])
