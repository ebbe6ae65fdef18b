# DATA_BLOCK_COPY and other forms a mask register does not take (E018, E016)
import pypto_pro.language as pl

@pl.vector_function
def vf_x(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    m = vf.load_align(src_tile, preg, data_copy_mode=pl.DataCopyMode.DATA_BLOCK_COPY, block_stride=1)
    vf.store_align(dst_tile, preg, data_copy_mode=pl.DataCopyMode.DATA_BLOCK_COPY)
    m = vf.load_align(src_tile, dist=pl.LoadDist.BRC)
    vf.store_align(dst_tile, preg, dist=pl.StoreDist.PACK4)
    r = vf.load_align(src_tile, preg, data_copy_mode=pl.DataCopyMode.DATA_BLOCK_COPY, block_stride=2)

@pl.jit()
def kernel(a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32], out: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32]):
    tf = pl.TileType(shape=[2, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    g_in = pl.make_tile_group(type=tf, addrs=0x0, mutex_ids=[0])
    g_out = pl.make_tile_group(type=tf, addrs=0x200, mutex_ids=[1])
    t_in = g_in.current()
    t_out = g_out.current()
    with pl.section_vector():
        pl.load(t_in, a, [0, 0])
        vf_x(t_in, t_out)
        pl.store(out, t_out, [0, 0])
