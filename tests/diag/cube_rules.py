# the rules of the cube side (docs/SEMANTICS.md §17), each a located E028 naming the construct
import pypto_pro.language as pl


@pl.jit()
def spaces_kernel(a: pl.Tensor[[64, 64], pl.DT_FP16], out: pl.Tensor[[64, 64], pl.DT_FP32]):
    lhs = pl.make_tile(pl.TileType(shape=[64, 64], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Left),
                       addr=0, size=8192)
    acc = pl.make_tile(pl.TileType(shape=[64, 64], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Acc),
                       addr=0, size=8192)
    rhs = pl.make_tile(pl.TileType(shape=[64, 64], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Right),
                       addr=0, size=8192)
    with pl.section_cube():
        pl.matmul(lhs, lhs, lhs)
        pl.matmul(acc, lhs, rhs)
        pl.load(lhs, a, [0, 0])
        pl.store(out, acc, [0, 0], scale=2.0)
    pl.matmul(lhs, lhs, lhs)
    with pl.section_vector():
        pl.matmul(acc, lhs, rhs)
