# pl.set_stride (docs/SEMANTICS.md §6): the strides of a GM tensor's rows and columns, set at
# run time, for the loads and stores after it. Pair i of the loop gathers rows i and i + s of
# x (s = steps[i] rows) into a [2, 64] tile, and stores it into column i and i + 8 of out's
# transposed view (row stride 1, column stride 16): out[c][i] = x[i][c], out[c][i + 8] =
# x[i + s][c]. A step that reaches past x faults at the load.
import pypto_pro.language as pl

ROWS, COLS, PAIRS = 32, 64, 8


@pl.jit()
def gather_pairs(x: pl.Tensor[[ROWS, COLS], pl.DT_FP32], steps: pl.Tensor[[1, PAIRS], pl.DT_INT32],
                 out: pl.Tensor[[COLS, 2 * PAIRS], pl.DT_FP32]):
    t = pl.make_tile(pl.TileType(shape=[2, COLS], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec),
                     addr=0, size=2 * COLS * 4)
    with pl.section_vector():
        pl.set_stride(out, [PAIRS, 2 * PAIRS])
        for i in pl.range(PAIRS):
            s = steps[0, i]
            pl.set_stride(x, [s * COLS, 1])
            pl.load(t, x, [i, 0])
            pl.store(out, t, [0, i])
