# A mixed kernel: the cube core multiplies, the two vector cores add (docs/SEMANTICS.md §17.1,
# §17.7). out[64, 64] = a[64, 32] @ b[32, 64] + x, FP16 inputs, FP32 result, one block:
#   cube core:     GM -> L1 -> L0A / L0B, matmul into L0C, fixpipe store into mm (a GM
#                  workspace), then set_cross_core(event 0) to both vector cores;
#   vector core k: wait_cross_core(event 0), then rows [32 k, 32 k + 32) of mm and x into the
#                  UB, pl.add, and those rows of out back to GM.
# Each vector core touches only its own rows of out, and reads mm only after the flag, so no
# GM byte is shared without an order (the simulator checks it).
import pypto_pro.language as pl

M, N, K = 64, 64, 32
HALF = M // 2


@pl.jit()
def cube_vector_add(
    a: pl.Tensor[[M, K], pl.DT_FP16],
    b: pl.Tensor[[K, N], pl.DT_FP16],
    x: pl.Tensor[[M, N], pl.DT_FP32],
    mm: pl.Tensor[[M, N], pl.DT_FP32],
    out: pl.Tensor[[M, N], pl.DT_FP32],
):
    with pl.section_cube():
        a_mat = pl.make_tile(pl.TileType(shape=[M, K], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Mat),
                             addr=0x00000, size=M * K * 2)
        b_mat = pl.make_tile(pl.TileType(shape=[K, N], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Mat),
                             addr=0x10000, size=K * N * 2)
        left = pl.make_tile(pl.TileType(shape=[M, K], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Left),
                            addr=0x0, size=M * K * 2)
        right = pl.make_tile(pl.TileType(shape=[K, N], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Right),
                             addr=0x0, size=K * N * 2)
        acc = pl.make_tile(pl.TileType(shape=[M, N], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Acc),
                           addr=0x0, size=M * N * 4)
        pl.load(a_mat, a, [0, 0])
        pl.load(b_mat, b, [0, 0])
        pl.move(left, a_mat)
        pl.move(right, b_mat)
        pl.matmul(acc, left, right)
        pl.store(mm, acc, [0, 0])
        pl.system.set_cross_core(pipe=pl.PipeType.FIX, event_id=0)

    with pl.section_vector():
        pl.system.wait_cross_core(pipe=pl.PipeType.MTE2, event_id=0)
        rows = pl.TileType(shape=[HALF, N], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
        mm_ub = pl.make_tile(rows, addr=0x0000, size=HALF * N * 4)
        x_ub = pl.make_tile(rows, addr=0x2000, size=HALF * N * 4)
        out_ub = pl.make_tile(rows, addr=0x4000, size=HALF * N * 4)
        row = pl.get_subblock_idx() * HALF
        pl.load(mm_ub, mm, [row, 0])
        pl.load(x_ub, x, [row, 0])
        pl.add(out_ub, mm_ub, x_ub)
        pl.store(out, out_ub, [row, 0])
