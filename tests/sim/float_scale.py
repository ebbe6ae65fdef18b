# The float-scalar repro: y = x * 2.0 on a float parameter (x = 1.25) once failed in the
# simulator ("arithmetic on something other than integers") while native gave 2.5.
# out (1 x 64 FP32) = 2.5 in every lane, in both backends.
import pypto_pro.language as pl

@pl.vector_function
def vf1(dst_tile, x):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    y = x * 2.0
    r = vf.full(y, preg, dtype=pl.DT_FP32)
    vf.store_align(dst_tile, r, preg)
@pl.jit()
def k(out: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32]):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    g = pl.make_tile_group(type=tf, addrs=0x0, mutex_ids=[0])
    t = g.current()
    with pl.section_vector():
        vf1(t, 1.25)
        pl.store(out, t, [0, 0])
