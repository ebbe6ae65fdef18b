# A tile-level op of pypto_pro that pvc does not compile yet is one error that says so, not
# "unknown name" (docs/SEMANTICS.md §15).
import pypto_pro.language as pl


@pl.jit()
def k(a: pl.Tensor[[16, 64], pl.DT_FP16], out: pl.Tensor[[16, 64], pl.DT_FP16]):
    tt = pl.TileType(shape=[16, 64], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    t = pl.make_tile(tt, addr=0x0)
    with pl.section_vector():
        pl.load(t, a, [0, 0])
        pl.addc(t, t, t)
        pl.frobnicate(t)
        pl.store(out, t, [0, 0])
