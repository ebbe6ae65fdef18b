# Hard keywords as names: Python's syntax error, each where it is read (the grammar's
# recovery let them through as names).
import pypto_pro.language as pl

@pl.jit()
def k(out: pl.Tensor[[1, 64], pl.DT_FP32], class: int, None: int):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t = pl.make_tile(tf, addr=0x0, size=256)
    with pl.section_vector():
        for if in pl.range(class):
            t[0, if] = 1.0
        pl.store(out, t, [0, 0])
