# the types pass on the language's newer forms: slices (a run-time start makes a view at run
# time, an empty slice is an error), evenly spaced tile-group address lists, t.shape[i] in
# range, one scalar type per name, pl.printf's format against its arguments, scalar
# conditions (docs/SEMANTICS.md §6)
import pypto_pro.language as pl


@pl.jit()
def kernel(a: pl.Tensor[[4, 64], pl.DT_FP32], n: int, f: float):
    tf = pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t = pl.make_tile(tf, addr=0, size=1024)
    s1 = t[n:4, 0:64]
    s2 = t[2:2, 0:64]
    g = pl.make_tile_group(type=tf, addrs=[0x1000, 0x2000, 0x2400], mutex_ids=[0, 1, 2])
    h = pl.make_tile_group(type=tf, addrs=[0x3000, 0x4000], mutex_ids=[0, 1, 2])
    d = a.shape[2]
    x = n
    x = f
    pl.printf("%s", n)
    pl.printf("%d %d\n", n)
    pl.printf("%d\n", f)
    with pl.section_vector():
        pl.set_validshape(t, [f, 64])
        pl.set_validshape(t, [n, 65])
    if t:
        pass
