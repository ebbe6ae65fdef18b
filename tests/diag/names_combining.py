# A name with a combining mark: Python composes it (NFKC), pvc does not, and says so.
import pypto_pro.language as pl

@pl.jit()
def k(out: pl.Tensor[[1, 64], pl.DT_FP32]):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t = pl.make_tile(tf, addr=0x0, size=256)
    with pl.section_vector():
        é = 1.0
        t[0, 0] = é
        pl.store(out, t, [0, 0])
