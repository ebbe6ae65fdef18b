# what a fixpipe scale= may be (docs/SEMANTICS.md §17.6.3): a number, an FP32 or INT32/INT64
# run-time scalar (the deq word's bits) or a [1, N] Scaling tile; anything else is refused
# in pypto_pro's words
import pypto_pro.language as pl


@pl.jit()
def scale_kernel(out: pl.Tensor[[16, 16], pl.DT_INT8], half: pl.DT_FP16, word: pl.DT_INT32):
    with pl.section_cube():
        acc = pl.make_tile(pl.TileType(shape=[16, 16], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Acc),
                           addr=0, size=1024)
        pl.store(out, acc, [0, 0], scale="two")
        pl.store(out, acc, [0, 0], scale=half)
        pl.store(out, acc, [0, 0], scale=word)
        flat = pl.TileType(shape=[64], dtype=pl.DT_INT64, target_memory=pl.MemorySpace.Scaling)
