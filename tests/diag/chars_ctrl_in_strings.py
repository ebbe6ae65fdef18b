# Control characters in a comment  and in strings are Python's too: no error here, only
# the kernel's own (none: it compiles; the error below is the one the check reports).
import pypto_pro.language as pl

@pl.jit()
def k(out: pl.Tensor[[1, 64], pl.DT_FP32]):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t = pl.make_tile(tf, addr=0x0, size=256)
    with pl.section_vector():
        pl.printf("\v	\n")
        pl.store(out, t, [0, 0])
        x = undefined_name
