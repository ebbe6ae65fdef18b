# SIMT functions (docs/SEMANTICS.md §16.9): pl.simt.launch runs a @pl.simt.function once per
# thread of a (4, 8) thread block. Each thread (x, y) scales element [y, x] of the valid part
# of a tile through a SIMT callee, and writes its linear index and its block's index to GM;
# threads outside the tile's valid shape leave their elements alone.
import pypto_pro.language as pl

ROWS, COLS = 8, 4


@pl.simt.function
def affine(v: pl.DT_FP32, scale: pl.DT_FP32, bias: pl.DT_FP32) -> pl.DT_FP32:
    return v * scale + bias


@pl.simt.function(max_threads=ROWS * COLS)
def scale_tile(t: pl.Tile[[ROWS, COLS], pl.DT_FP32], ids: pl.Tensor[[ROWS, COLS], pl.DT_INT32],
               scale: pl.DT_FP32, bias: pl.DT_FP32):
    thread = pl.simt.thread_idx()
    row = thread.y
    col = pl.simt.thread_idx().x
    if row < t.valid_shape[0] and col < t.valid_shape[1]:
        t[row, col] = affine(t[row, col], scale, bias)
    ids[row, col] = pl.simt.linear_thread_idx() + 100 * pl.simt.block_idx().x + 1000 * pl.simt.grid_dim().x


@pl.jit()
def simt_scale(x: pl.Tensor[[ROWS, COLS], pl.DT_FP32], out: pl.Tensor[[ROWS, COLS], pl.DT_FP32],
               ids: pl.Tensor[[ROWS, COLS], pl.DT_INT32], rows: int, scale: float, bias: float):
    tt = pl.TileType(shape=[ROWS, COLS], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec, valid_shape=[-1, -1])
    t = pl.make_tile(tt, addr=0, size=ROWS * COLS * 4)
    with pl.section_vector():
        pl.set_validshape(t, [ROWS, COLS])
        pl.load(t, x, [0, 0])
        pl.set_validshape(t, [rows, COLS])
        pl.simt.launch(scale_tile, threads=(COLS, ROWS), args=(t, ids, scale, bias))
        pl.set_validshape(t, [ROWS, COLS])
        pl.store(out, t, [0, 0])
