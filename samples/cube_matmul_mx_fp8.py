# An MX-FP8 matmul on the cube core: out[64, 64] = (a * 2^(sa - 127)) @ (b * 2^(sb - 127)) with
# a [64, 128] E4M3 and b an [N, K] = [64, 128] E5M2 operand, one E8M0 scale per 32 K elements of
# each row of a and of b (docs/SEMANTICS.md §17.5.5), in two K steps of 64: the FP8 sibling of
# samples/cube_matmul_mx.py (one byte a code, so the offsets count elements).
import pypto_pro.language as pl

M, N, K = 64, 64, 128
TK = 64
G = TK // 32  # scale groups per K step


@pl.jit()
def mx_matmul(
    a: pl.Tensor[[M, K], pl.DT_FP8E4M3FN],
    b: pl.Tensor[[N, K], pl.DT_FP8E5M2],
    sa: pl.Tensor[[M, K // 64, 2], pl.DT_FP8E8M0],
    sb: pl.Tensor[[N, K // 64, 2], pl.DT_FP8E8M0],
    out: pl.Tensor[[M, N], pl.DT_FP32],
):
    with pl.section_cube():
        a_mat = pl.make_tile(
            pl.TileType(shape=[M, TK], dtype=pl.DT_FP8E4M3FN, target_memory=pl.MemorySpace.Mat, layout=pl.NZ),
            addr=0x00000, size=M * TK)
        b_mat = pl.make_tile(
            pl.TileType(shape=[TK, N], dtype=pl.DT_FP8E5M2, target_memory=pl.MemorySpace.Mat, layout=pl.ZN),
            addr=0x10000, size=TK * N)
        sa_mat = pl.make_tile(
            pl.TileType(shape=[M, G], dtype=pl.DT_FP8E8M0, target_memory=pl.MemorySpace.Mat, layout=pl.ZZ),
            addr=0x20000, size=M * G)
        sb_mat = pl.make_tile(
            pl.TileType(shape=[G, N], dtype=pl.DT_FP8E8M0, target_memory=pl.MemorySpace.Mat, layout=pl.NN),
            addr=0x21000, size=G * N)
        left = pl.make_tile(
            pl.TileType(shape=[M, TK], dtype=pl.DT_FP8E4M3FN, target_memory=pl.MemorySpace.Left, layout=pl.NZ),
            addr=0x0, size=M * TK)
        right = pl.make_tile(
            pl.TileType(shape=[TK, N], dtype=pl.DT_FP8E5M2, target_memory=pl.MemorySpace.Right, layout=pl.ZN),
            addr=0x0, size=TK * N)
        sa_l0 = pl.make_tile(
            pl.TileType(shape=[M, G], dtype=pl.DT_FP8E8M0, target_memory=pl.MemorySpace.ScaleLeft, layout=pl.ZZ),
            addr=0x0, size=M * G)
        sb_l0 = pl.make_tile(
            pl.TileType(shape=[G, N], dtype=pl.DT_FP8E8M0, target_memory=pl.MemorySpace.ScaleRight, layout=pl.NN),
            addr=0x0, size=G * N)
        acc = pl.make_tile(
            pl.TileType(shape=[M, N], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Acc, layout=pl.NZ,
                        fractal=1024),
            addr=0x0, size=M * N * 4)
        for kk in pl.range(K // TK):
            pl.load(a_mat, a, [0, kk * TK])
            pl.load(b_mat, b, [0, kk * TK], order=[1, 0])
            pl.load(sa_mat, sa, [0, kk, 0])
            pl.load(sb_mat, sb, [0, kk, 0], order=[1, 0])
            pl.system.sync_src(set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.MTE1, event_id=0)
            pl.system.sync_dst(set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.MTE1, event_id=0)
            pl.move(left, a_mat)
            pl.move(right, b_mat)
            pl.move(sa_l0, sa_mat)
            pl.move(sb_l0, sb_mat)
            pl.system.sync_src(set_pipe=pl.PipeType.MTE1, wait_pipe=pl.PipeType.M, event_id=0)
            pl.system.sync_dst(set_pipe=pl.PipeType.MTE1, wait_pipe=pl.PipeType.M, event_id=0)
            if kk == 0:
                pl.matmul_mx(acc, left, right, sa_l0, sb_l0)
            else:
                pl.matmul_mx_acc(acc, acc, left, right, sa_l0, sb_l0)
            pl.system.sync_src(set_pipe=pl.PipeType.M, wait_pipe=pl.PipeType.MTE1, event_id=1)
            pl.system.sync_dst(set_pipe=pl.PipeType.M, wait_pipe=pl.PipeType.MTE1, event_id=1)
        pl.system.sync_src(set_pipe=pl.PipeType.M, wait_pipe=pl.PipeType.FIX, event_id=0)
        pl.system.sync_dst(set_pipe=pl.PipeType.M, wait_pipe=pl.PipeType.FIX, event_id=0)
        pl.store(out, acc, [0, 0])
