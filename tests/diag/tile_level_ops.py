# The compile-time rules of the tile-level ops (docs/SEMANTICS.md §15.3): each broken rule is
# one located error naming the op and the argument, the traps of §15 are warnings, and an op
# pvc does not compile yet is one error that says so; the kernel's other lines are still
# checked.
import pypto_pro.language as pl


@pl.jit()
def k(a: pl.Tensor[[16, 64], pl.DT_FP16], out: pl.Tensor[[16, 64], pl.DT_FP16]):
    tt = pl.TileType(shape=[16, 64], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    ti = pl.TileType(shape=[16, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    tc = pl.TileType(shape=[16, 1], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec, layout=pl.DN)
    tm = pl.TileType(shape=[16, 64], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    t = pl.make_tile(tt, addr=0x0)
    u = pl.make_tile(tt, addr=0x800)
    i = pl.make_tile(ti, addr=0x1000)
    col = pl.make_tile(tc, addr=0x2000)
    m = pl.make_tile(tm, addr=0x3000)
    with pl.section_vector():
        pl.load(t, a, [0, 0])
        pl.add(t, t, t)
        pl.add(col, col, col)                            # E014: [N, 1] tiles are column-major
        pl.exp(i, i)                                     # E014: no INT32 exp
        pl.sub(t, t, i)                                  # E014: one dtype
        pl.cast(t, i)                                    # E021: TCVT has no INT32 -> FP16
        pl.cast(i, t, mode=pl.RoundMode.CAST_ODD)        # W044: CAST_ODD on FP16 -> INT32
        pl.fillpad(u, t)                                 # E014: u has no pad value
        pl.sum(col, t, t, dim=1)                         # E014: a column sum's out is row-major
        pl.sum(u, t, t, dim=2)                           # W042: dim 2 is a column sum
        pl.add_relu(u, t, t)                             # W041: t is overwritten
        pl.select(t, m, t, u, t)                         # W043: an INT16 mask tile
        pl.set_validshape(u, [8, 64])
        pl.mul(t, u, 1.0 / 3)                            # W040: u's valid shape
        pl.store(out, t, [0, 0])
