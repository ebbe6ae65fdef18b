# pl.Ptr, pl.addptr and pl.make_tensor (docs/SEMANTICS.md §6): x's bytes seen as a pointer,
# moved on by `skip` elements, viewed as 8 rows of 64 columns `pitch` elements apart (skip and
# pitch read from prm when the kernel runs); the view's rows are copied to out, so
# out[i][j] = x[skip + i * pitch + j]. A view reaching past x faults at the load.
import pypto_pro.language as pl

ROWS, COLS = 8, 64


@pl.jit()
def pitched_copy(x: pl.Ptr[pl.DT_FP32], prm: pl.Tensor[[1, 2], pl.DT_INT32],
                 out: pl.Tensor[[ROWS, COLS], pl.DT_FP32]):
    t = pl.make_tile(pl.TileType(shape=[ROWS, COLS], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec),
                     addr=0, size=ROWS * COLS * 4)
    with pl.section_vector():
        skip = prm[0, 0]
        pitch = prm[0, 1]
        p = pl.addptr(x, skip)
        v = pl.make_tensor(p, [ROWS, COLS], [pitch, 1])
        pl.load(t, v, [0, 0])
        pl.store(out, t, [0, 0])
