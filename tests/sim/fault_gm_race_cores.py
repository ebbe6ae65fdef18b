# pvc run must stop this mixed kernel at vector core 1's pl.load of out: the cube core stores
# a @ b into out and sets flag 0; both vector cores wait for it, then each loads all of out,
# adds x and stores out back. Nothing orders vector core 0's store before or after vector
# core 1's load, so on the device out holds a @ b + x or a @ b + 2x depending on the schedule
# (docs/SEMANTICS.md §17.7). The error names vector core 1's load, the note vector core 0's store.
import pypto_pro.language as pl


@pl.jit()
def matmul_add_twice(
    a: pl.Tensor[[16, 16], pl.DT_FP16],
    b: pl.Tensor[[16, 16], pl.DT_FP16],
    x: pl.Tensor[[16, 16], pl.DT_FP32],
    out: pl.Tensor[[16, 16], pl.DT_FP32],
):
    with pl.section_cube():
        a_mat = pl.make_tile(pl.TileType(shape=[16, 16], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Mat),
                             addr=0x0, size=512)
        b_mat = pl.make_tile(pl.TileType(shape=[16, 16], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Mat),
                             addr=0x1000, size=512)
        left = pl.make_tile(pl.TileType(shape=[16, 16], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Left),
                            addr=0x0, size=512)
        right = pl.make_tile(pl.TileType(shape=[16, 16], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Right),
                             addr=0x0, size=512)
        acc = pl.make_tile(pl.TileType(shape=[16, 16], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Acc),
                           addr=0x0, size=1024)
        pl.load(a_mat, a, [0, 0])
        pl.load(b_mat, b, [0, 0])
        pl.move(left, a_mat)
        pl.move(right, b_mat)
        pl.matmul(acc, left, right)
        pl.store(out, acc, [0, 0])
        pl.system.set_cross_core(pipe=pl.PipeType.FIX, event_id=0)
    with pl.section_vector():
        pl.system.wait_cross_core(pipe=pl.PipeType.MTE2, event_id=0)
        t = pl.TileType(shape=[16, 16], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
        o_ub = pl.make_tile(t, addr=0x0, size=1024)
        x_ub = pl.make_tile(t, addr=0x400, size=1024)
        pl.load(o_ub, out, [0, 0])
        pl.load(x_ub, x, [0, 0])
        pl.add(o_ub, o_ub, x_ub)
        pl.store(out, o_ub, [0, 0])
