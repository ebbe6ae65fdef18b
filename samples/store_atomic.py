# pl.store(..., atomic=pl.AtomicType.AtomicAdd) from the UB (docs/SEMANTICS.md §6): every
# block adds its row of x into the same rows of acc, so acc ends as its start plus the sum
# of x's rows, whatever order the blocks run in - integers wrap at 32 bits; the FP16 values
# are small multiples of 1/4, so every partial sum is exact.
import pypto_pro.language as pl

BLOCKS, N = 4, 64


@pl.jit()
def add_rows(x: pl.Tensor[[BLOCKS, N], pl.DT_INT32], acc: pl.Tensor[[1, N], pl.DT_INT32],
             h: pl.Tensor[[BLOCKS, N], pl.DT_FP16], hacc: pl.Tensor[[1, N], pl.DT_FP16]):
    t = pl.make_tile(pl.TileType(shape=[1, N], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec),
                     addr=0, size=N * 4)
    u = pl.make_tile(pl.TileType(shape=[1, N], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec),
                     addr=0x400, size=N * 2)
    with pl.section_vector():
        b = pl.get_block_idx()
        pl.load(t, x, [b, 0])
        pl.store(acc, t, [0, 0], atomic=pl.AtomicType.AtomicAdd)
        pl.load(u, h, [b, 0])
        pl.store(hacc, u, [0, 0], atomic=pl.AtomicType.AtomicAdd)
