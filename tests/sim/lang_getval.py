# pl.getval / pl.setval and GM tensor subscripts in a kernel (docs/SEMANTICS.md §6.1): a tile
# read and written at run-time linear offsets (off = r * 64 + c), an int written into a float
# tile; GM elements of rank 1, 2 and 3 read by subscript (row-major linearised, a pl.DYNAMIC
# dim read at run time) and by offset, INT16 sign-extended and UINT8 zero-extended, FP16 and
# FP32 decoded; writes converted as a scalar store converts (§9.6): floats into INT32, ints
# and floats into FP16, ints into UINT8 modulo 256; a tensor read and written inside inlined
# helpers. Checked against tools/diff_kernels.py expect_lang_getval.
import pypto_pro.language as pl


def twice_at(x, i):
    return x[i] * 2


def put(x, i, v):
    x[i] = v


@pl.jit()
def getval_kernel(
    x: pl.Tensor[[4, 64], pl.DT_FP32],
    g: pl.Tensor[[2, 3, 8], pl.DT_INT16],
    h: pl.Tensor[[pl.DYNAMIC, 16], pl.DT_FP16],
    u: pl.Tensor[[8], pl.DT_UINT8],
    y: pl.Tensor[[4, 64], pl.DT_FP32],
    e: pl.Tensor[[16], pl.DT_INT32],
    k: int,
):
    tx = pl.make_tile(pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec), addr=0)
    with pl.section_vector():
        pl.load(tx, x, [0, 0])
        pl.setval(tx, k, pl.getval(tx, 255 - k) * 2.0)
        pl.setval(tx, 64, -7)
        tx[3, 63] = pl.getval(tx, 2 * 64 + 1)
        pl.store(y, tx, [0, 0])
        e[0] = g[1, 2, 7]
        e[1] = pl.getval(g, k % 48)
        for i in pl.range(4):
            e[2 + i] = h[i % 2, k % 16]
        e[6] = pl.getval(h, h.shape[0] * 16 - 1)
        pl.setval(e, 7, x[2, 5])
        e[8] = g[0, 0, 0] * 3 + 1
        pl.setval(e, 9, True)
        e[10] = h.shape[0]
        e[11] = u[7] + u[6]
        put(e, 12, twice_at(u, 5))
        h[0, 0] = pl.getval(x, k) + 0.5
        pl.setval(h, 1, 70000)
        h[1, 15] = -3
        u[0] = -1
        pl.setval(u, 1, 300)
