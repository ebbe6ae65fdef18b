# A tile group whose slots each carry a list of mutex ids (mutex_ids=[[0, 2], [1, 3]], as
# pypto_pro's own tests write for a slot two pipes share) has one slot per entry: depth 2,
# not 1 (pvc once took such a group for depth 1 and faulted at grp[1]).
# out (4 x 64 FP32) = a + 1, row by row through the two slots in turn.
import pypto_pro.language as pl
from pypto_pro.language import Vf as vf


@pl.vector_function
def add_one(t):
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    r = vf.load_align(t, 0)
    r = vf.adds(r, 1.0, m)
    vf.store_align(t, r, m)


@pl.jit()
def k(a: pl.Tensor[[4, 64], pl.DT_FP32], out: pl.Tensor[[4, 64], pl.DT_FP32]):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    g = pl.make_tile_group(type=tf, addrs=0x1000, mutex_ids=[[0, 2], [1, 3]])
    with pl.section_vector():
        for i in pl.range(4):
            t = g[i % 2]
            pl.load(t, a, [i, 0])
            add_one(t)
            pl.store(out, t, [i, 0])
