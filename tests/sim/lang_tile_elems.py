# Tile elements and pl.move in a kernel (docs/SEMANTICS.md §6): t[r, c] read (an INT8 element
# sign-extended, an FP16 one decoded, an FP32 one at run-time indices) and written (a float
# into a float tile, an int into a float tile, floats into an int tile by the C++ conversion,
# §9.6); pl.move extracting a 2x32 window at [1, 16] of a 4x64 tile and inserting it back at
# [2, 32]. Checked against tools/diff_kernels.py expect_lang_tile_elems.
import pypto_pro.language as pl


def vec(shape, dtype):
    return pl.TileType(shape=shape, dtype=dtype, target_memory=pl.MemorySpace.Vec)


@pl.jit()
def tile_elems_kernel(
    x: pl.Tensor[[4, 64], pl.DT_FP32],
    b: pl.Tensor[[1, 32], pl.DT_INT8],
    h: pl.Tensor[[1, 16], pl.DT_FP16],
    y: pl.Tensor[[2, 32], pl.DT_FP32],
    z: pl.Tensor[[4, 64], pl.DT_FP32],
    e: pl.Tensor[[1, 64], pl.DT_INT32],
    r: int,
    c: int,
):
    tx = pl.make_tile(vec([4, 64], pl.DT_FP32), addr=0)
    ts = pl.make_tile(vec([2, 32], pl.DT_FP32), addr=0x400)
    tb = pl.make_tile(vec([1, 32], pl.DT_INT8), addr=0x500)
    th = pl.make_tile(vec([1, 16], pl.DT_FP16), addr=0x520)
    te = pl.make_tile(vec([1, 64], pl.DT_INT32), addr=0x540)
    with pl.section_vector():
        pl.load(tx, x, [0, 0])
        pl.load(tb, b, [0, 0])
        pl.load(th, h, [0, 0])
        pl.move(ts, tx, [1, 16])
        ts[0, 0] = tx[r, c] * 0.5
        ts[1, 31] = -7
        pl.move(tx, ts, [2, 32])
        for i in pl.range(8):
            te[0, i] = tb[0, i]
        te[0, 8] = th[0, 0] * 4.0
        te[0, 9] = tx[3, 63]
        te[0, 10] = tx[r, c] - 0.75
        pl.store(y, ts, [0, 0])
        pl.store(z, tx, [0, 0])
        pl.store(e, te, [0, 0])
