# pl.dump_data refused as pypto_pro's parser refuses it (docs/SEMANTICS.md §6.2): a workspace
# for a tensor, offsets without shapes, a window of the wrong rank or with a shape <= 0, a
# flag that is not a string, an Acc tile in a vector section or without a workspace, a Mat
# tile, a workspace of another dtype; pl.pto_assert of an int, with a format that is not a string
# or does not fit its arguments.
import pypto_pro.language as pl


@pl.jit()
def vec(a: pl.Tensor[[4, 64], pl.DT_FP32], w: pl.Tensor[[16, 16], pl.DT_FP16]):
    t = pl.make_tile(pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec),
                     addr=0, size=1024)
    acc = pl.make_tile(pl.TileType(shape=[16, 16], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Acc,
                                   layout=pl.NZ, fractal=1024), addr=0, size=1024)
    with pl.section_vector():
        pl.dump_data(a, workspace=w)
        pl.dump_data(a, offsets=[0, 0])
        pl.dump_data(a, offsets=[0], shapes=[4])
        pl.dump_data(t, offsets=[0, 0], shapes=[4, 0])
        pl.dump_data(a, flag=3)
        pl.dump_data(acc, workspace=w)
        pl.dump_data(t, workspace=a)


@pl.jit()
def cube(a: pl.Tensor[[16, 16], pl.DT_FP16], w: pl.Tensor[[16, 16], pl.DT_FP16]):
    with pl.section_cube():
        m = pl.make_tile(pl.TileType(shape=[16, 16], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Mat,
                                     layout=pl.NZ), addr=0, size=512)
        acc = pl.make_tile(pl.TileType(shape=[16, 16], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Acc,
                                       layout=pl.NZ, fractal=1024), addr=0, size=1024)
        pl.dump_data(m)
        pl.dump_data(acc)
        pl.dump_data(acc, workspace=w)


@pl.jit()
def asserts(out: pl.Tensor[[4], pl.DT_INT32], n: int):
    with pl.section_vector():
        pl.pto_assert(n)
        pl.pto_assert(n > 0, n)
        pl.pto_assert(n > 0, "n=%d m=%d", n)
        pl.pto_assert(n > 0, "n=%s", n)
