# The uses of an NZ GM tensor pvc refuses (docs/SEMANTICS.md §17.4.6): it moves only by pl.store
# from an Acc tile and pl.load into an NZ Mat tile, whole from offsets [0, 0], and pl.dump_data.
import pypto_pro.language as pl


@pl.jit()
def bad_uses(
    x: pl.Tensor[[32, 32], pl.DT_FP32, pl.NZ],
    y: pl.Tensor[[32, 32], pl.DT_INT32, pl.NZ],
    o: pl.Tensor[[32, 32], pl.DT_FP32],
):
    with pl.section_cube():
        mat_type = pl.TileType(shape=[32, 32], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Mat, layout=pl.NZ)
        mat = pl.make_tile(mat_type, addr=0x0000, size=4096)
        nd_type = pl.TileType(shape=[32, 32], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Mat, layout=pl.ND)
        nd = pl.make_tile(nd_type, addr=0x1000, size=4096)
        acc_type = pl.TileType(shape=[32, 32], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Acc, layout=pl.NZ)
        acc = pl.make_tile(acc_type, addr=0x0000, size=4096)
        iacc_type = pl.TileType(shape=[32, 32], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Acc, layout=pl.NZ)
        iacc = pl.make_tile(iacc_type, addr=0x1000, size=4096)
        pl.load(mat, x, [0, 0])
        pl.load(nd, x, [0, 0])
        pl.load(mat, x, [16, 0])
        pl.store(x, acc, [0, 8])
        pl.store(y, iacc, [0, 0])
        pl.store(o, acc, [0, 0])
    with pl.section_vector():
        vt = pl.TileType(shape=[32, 32], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
        v = pl.make_tile(vt, addr=0x0000, size=4096)
        pl.load(v, x, [0, 0])
        pl.store(x, v, [0, 0])
        s = pl.getval(x, 3)
        pl.printf("%f\n", s)
