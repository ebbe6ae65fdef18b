# The layouts pvc gives cube tiles (docs/SEMANTICS.md §17.8): without layout= each space has the
# 950's (A5's) default, Left NZ and Right ZN, whatever an environment variable would make
# pypto_pro pick at import time (trap C-T10); a tile of one column is DN whatever layout= says
# (C-T9); an FP32 Acc tile keeps the 16x16 L0C fractal with an explicit fractal=512 (C-T8).
import pypto_pro.language as pl


@pl.jit()
def layouts(a: pl.Tensor[[16, 16], pl.DT_FP16]):
    with pl.section_cube():
        left = pl.make_tile(pl.TileType(shape=[16, 16], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Left),
                            addr=0)
        right = pl.make_tile(pl.TileType(shape=[16, 16], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Right),
                             addr=0)
        acc = pl.make_tile(pl.TileType(shape=[16, 16], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Acc,
                                       fractal=512), addr=0)
        column = pl.make_tile(pl.TileType(shape=[16, 1], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Mat,
                                          layout=pl.NZ), addr=0)
        pl.load(column, a, [0, 0])
        pl.matmul(acc, left, right)
