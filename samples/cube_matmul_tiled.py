# A tiled matmul on the cube core: c[128, 128] = a[128, 512] @ b[512, 128], FP16 inputs, FP32
# result, on 4 blocks. Each block computes one 64 x 64 tile of c over eight K steps of 64
# (docs/SEMANTICS.md §17):
#   GM -> L1 (pl.load, ND -> NZ), L1 -> L0A / L0B (pl.move, NZ -> NZ / ZN),
#   L0A x L0B -> L0C (pl.matmul on the first step, pl.matmul_acc on the others),
#   L0C -> GM (pl.store through the fixpipe, NZ -> ND).
# The pipe syncs order the pipes on the device; a core of pvc runs its ops in program order.
import pypto_pro.language as pl

M, N, K = 128, 128, 512
TM, TN, TK = 64, 64, 64


@pl.jit()
def tiled_matmul(
    a: pl.Tensor[[M, K], pl.DT_FP16],
    b: pl.Tensor[[K, N], pl.DT_FP16],
    c: pl.Tensor[[M, N], pl.DT_FP32],
):
    with pl.section_cube():
        a_mat = pl.make_tile(
            pl.TileType(shape=[TM, TK], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Mat, layout=pl.NZ),
            addr=0x00000, size=TM * TK * 2)
        b_mat = pl.make_tile(
            pl.TileType(shape=[TK, TN], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Mat, layout=pl.NZ),
            addr=0x08000, size=TK * TN * 2)
        left = pl.make_tile(
            pl.TileType(shape=[TM, TK], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Left, layout=pl.NZ),
            addr=0x0, size=TM * TK * 2)
        right = pl.make_tile(
            pl.TileType(shape=[TK, TN], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Right, layout=pl.ZN),
            addr=0x0, size=TK * TN * 2)
        acc = pl.make_tile(
            pl.TileType(shape=[TM, TN], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Acc, layout=pl.NZ,
                        fractal=1024),
            addr=0x0, size=TM * TN * 4)
        blk = pl.get_block_idx()
        row = blk // (N // TN) * TM
        col = blk % (N // TN) * TN
        for kk in pl.range(K // TK):
            pl.load(a_mat, a, [row, kk * TK])
            pl.load(b_mat, b, [kk * TK, col])
            pl.system.sync_src(set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.MTE1, event_id=0)
            pl.system.sync_dst(set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.MTE1, event_id=0)
            pl.move(left, a_mat)
            pl.move(right, b_mat)
            pl.system.sync_src(set_pipe=pl.PipeType.MTE1, wait_pipe=pl.PipeType.M, event_id=0)
            pl.system.sync_dst(set_pipe=pl.PipeType.MTE1, wait_pipe=pl.PipeType.M, event_id=0)
            if kk == 0:
                pl.matmul(acc, left, right)
            else:
                pl.matmul_acc(acc, acc, left, right)
            pl.system.sync_src(set_pipe=pl.PipeType.M, wait_pipe=pl.PipeType.MTE1, event_id=1)
            pl.system.sync_dst(set_pipe=pl.PipeType.M, wait_pipe=pl.PipeType.MTE1, event_id=1)
        pl.system.sync_src(set_pipe=pl.PipeType.M, wait_pipe=pl.PipeType.FIX, event_id=0)
        pl.system.sync_dst(set_pipe=pl.PipeType.M, wait_pipe=pl.PipeType.FIX, event_id=0)
        pl.store(c, acc, [row, col])
