# vf.astype pairs and modes outside §5.4: E021
import pypto_pro.language as pl

@pl.vector_function
def vf_x(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    f = vf.load_align(src_tile, 0)
    a = vf.astype(f, preg, dtype=pl.DT_INT8)
    h = vf.load_align(src_tile, 0, dtype=pl.DT_FP16)
    b = vf.astype(h, preg, dtype=pl.DT_FP32, layout=pl.CastLayout.TWO)
    c = vf.astype(f, preg, dtype=pl.DT_INT32, round_mode=pl.VFRoundMode.CAST_ODD)
    d = vf.astype(h, preg, dtype=pl.DT_FP32, saturate=pl.SaturateMode.ON)
    e = vf.astype(f, preg, dtype=pl.DT_FP16, round_mode=pl.VFRoundMode.CAST_ODD)
    g = vf.astype(f, preg, dtype=pl.DT_FP8E4M3FN, round_mode=pl.VFRoundMode.CAST_FLOOR)

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
