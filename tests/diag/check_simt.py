# SIMT functions (docs/SEMANTICS.md §16.9): a SIMT function is run by pl.simt.launch, a
# callee (no max_threads=) only by other SIMT functions; the threads fit max_threads; the
# thread-context calls belong in a SIMT function; threads= is a constant shape.
import pypto_pro.language as pl


@pl.simt.function
def helper(v: pl.DT_FP32) -> pl.DT_FP32:
    return v + 1.0


@pl.simt.function(max_threads=64)
def body(t: pl.Tile[[1, 64], pl.DT_FP32]):
    i = pl.simt.linear_thread_idx()
    t[0, i] = helper(t[0, i])


@pl.jit()
def kernel(a: pl.Tensor[[1, 64], pl.DT_FP32], n: int):
    t = pl.make_tile(pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec),
                     addr=0, size=256)
    with pl.section_vector():
        pl.simt.launch(body, threads=128, args=(t,))
        pl.simt.launch(helper, threads=8, args=(t,))
        pl.simt.launch(body, threads=n, args=(t,))
        pl.simt.launch(body, threads=(2, 2, 2, 2), args=(t,))
        body(t)
        x = pl.simt.thread_idx().x
        y = pl.simt.thread_idx().w
