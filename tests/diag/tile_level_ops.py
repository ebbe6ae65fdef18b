# pypto_pro's tile-level compute ops (pl.add, pl.exp, pl.cast, ...) are not vector-function
# code: each call is one error that says so, not "unknown name"; the kernel's other lines
# are still checked.
import pypto_pro.language as pl


@pl.jit()
def k(a: pl.Tensor[[16, 64], pl.DT_FP16], out: pl.Tensor[[16, 64], pl.DT_FP16]):
    tt = pl.TileType(shape=[16, 64], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    g = pl.make_tile_group(type=tt, addrs=0x0, mutex_ids=[0])
    t = g.current()
    with pl.section_vector():
        pl.load(t, a, [0, 0])
        pl.add(t, t, t)
        pl.exp(t, t)
        pl.cast(t, t, mode=pl.RoundMode.CAST_ROUND)
        pl.frobnicate(t)
        pl.store(out, t, [0, 0])
