# pl.set_stride (docs/SEMANTICS.md §6, §17.5.5) gives a tensor's strides to its Vec tiles' moves
# and to its loads into Mat (checked against the tensor's own strides when they run); a store
# from an Acc tile into that tensor is refused, not run with the row-major strides.
import pypto_pro.language as pl


@pl.jit()
def kernel(a: pl.Tensor[[16, 16], pl.DT_FP32], n: int):
    with pl.section_cube():
        acc = pl.make_tile(pl.TileType(shape=[16, 16], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Acc,
                                       layout=pl.NZ, fractal=1024), addr=0, size=1024)
        pl.set_stride(a, [n, 1])
        pl.store(a, acc, [0, 0])
