# pl.dump_data (docs/SEMANTICS.md §6.2): what the device prints for a GM tensor, a window of
# one, a Vec tile whose valid shape is smaller than its shape, a window of a tile clipped to
# that valid shape, and an Acc tile copied to its GM workspace first. Each dump is preceded by
# the lines its loc= and flag= ask for. pl.pto_assert prints what failed, and the kernel goes
# on. The kernels also copy their data, so a case checks the values besides the text.
import pypto_pro.language as pl

ROWS, COLS = 4, 8


@pl.jit()
def dump_vec(
    a: pl.Tensor[[ROWS, COLS], pl.DT_INT32],
    f: pl.Tensor[[2, COLS], pl.DT_FP16],
    out: pl.Tensor[[ROWS, COLS], pl.DT_INT32],
    n: int,
):
    ti = pl.TileType(shape=[ROWS, COLS], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    tf = pl.TileType(shape=[2, COLS], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    t = pl.make_tile(ti, addr=0, size=ROWS * COLS * 4)
    g = pl.make_tile(tf, addr=256, size=2 * COLS * 2)
    with pl.section_vector():
        pl.dump_data(a, flag="input a")
        pl.dump_data(a, offsets=[1, 2], shapes=[2, n])
        pl.load(t, a, [0, 0])
        pl.store(out, t, [0, 0])
        pl.set_validshape(t, [3, 5])
        pl.dump_data(t)
        pl.dump_data(t, offsets=[1, 3], shapes=[4, 4])
        pl.load(g, f, [0, 0])
        pl.dump_data(g, offsets=[0, 1], shapes=[2, 3], loc=True)


@pl.jit()
def dump_acc(
    a: pl.Tensor[[16, 16], pl.DT_FP16],
    b: pl.Tensor[[16, 16], pl.DT_FP16],
    c: pl.Tensor[[16, 16], pl.DT_FP32],
    ws: pl.Tensor[[16, 16], pl.DT_FP32],
):
    with pl.section_cube():
        a_mat = pl.make_tile(
            pl.TileType(shape=[16, 16], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Mat, layout=pl.NZ),
            addr=0x0, size=512)
        b_mat = pl.make_tile(
            pl.TileType(shape=[16, 16], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Mat, layout=pl.NZ),
            addr=0x400, size=512)
        left = pl.make_tile(
            pl.TileType(shape=[16, 16], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Left, layout=pl.NZ),
            addr=0x0, size=512)
        right = pl.make_tile(
            pl.TileType(shape=[16, 16], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Right, layout=pl.ZN),
            addr=0x0, size=512)
        acc = pl.make_tile(
            pl.TileType(shape=[16, 16], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Acc, layout=pl.NZ,
                        fractal=1024),
            addr=0x0, size=1024)
        pl.load(a_mat, a, [0, 0])
        pl.load(b_mat, b, [0, 0])
        pl.move(left, a_mat)
        pl.move(right, b_mat)
        pl.matmul(acc, left, right)
        pl.dump_data(acc, offsets=[14, 13], shapes=[4, 4], workspace=ws)
        pl.store(c, acc, [0, 0])


@pl.jit()
def check_limit(out: pl.Tensor[[4], pl.DT_INT32], limit: int):
    with pl.section_vector():
        for i in pl.range(0, 4):
            pl.pto_assert(i < limit, "i=%d reached limit %d\n", i, limit, loc=True)
            pl.pto_assert(i != 2)
            out[i] = i * 10
        pl.printf("done, limit %d\n", limit, loc=True)
