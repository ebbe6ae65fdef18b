# a mask coarser than the elements it guards (§1.2): the device runs it with one element in
# gran/w active; pvc warns (W033)
import pypto_pro.language as pl

@pl.vector_function
def vf_x(src_tile, dst_tile):
    p32 = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    p16 = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP16)
    p8 = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_INT8)
    h = vf.load_align(src_tile, 0, dtype=pl.DT_FP16)
    a = vf.abs(h, p32)
    b = vf.load_align(src_tile, 0, dtype=pl.DT_INT8)
    vf.store_align(dst_tile, b, p16)
    c = vf.lt(h, h, p32)
    f = vf.load_align(src_tile, 0)
    g = vf.abs(f, p8)
    vf.store_align(dst_tile, f, p16)
    k = vf.astype(f, p32, dtype=pl.DT_FP16)

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
