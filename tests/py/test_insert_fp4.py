"""pl.insert of a 4-bit tile Vec -> Mat (docs/SEMANTICS.md §17.4.5, §17.5.5): the MX-FP4
matmul of samples/cube_matmul_mx.py with its A operand handed to the cube by a vector core, as
hicann/pypto's MX insert tests do it: GM -> UB as packed bytes (ND), pl.move of the bytes into an
NZ uint8 tile, that tile's address read as an FP4 NZ tile, pl.insert into the Mat tile the cube
moves to L0A. The expected output is the sample's, made by its generator from the MX formula
(tools/gen_samples.py, exact), so the insert must put every nibble where the load put it."""
import os

import numpy as np
import pypto_pro.language as pl

M, N, K = 64, 64, 128
TK = 64
G = TK // 32
DATA = os.path.join(os.path.dirname(__file__), "..", "..", "samples", "data", "cube_matmul_mx", "random")


@pl.jit()
def mx_insert_matmul(
    a: pl.Tensor[[M, K], pl.DT_FP4E2M1],
    b: pl.Tensor[[N, K], pl.DT_FP4E1M2],
    sa: pl.Tensor[[M, K // 64, 2], pl.DT_FP8E8M0],
    sb: pl.Tensor[[N, K // 64, 2], pl.DT_FP8E8M0],
    out: pl.Tensor[[M, N], pl.DT_FP32],
):
    a_mat = pl.make_tile(pl.TileType(shape=[M, K], dtype=pl.DT_FP4E2M1, target_memory=pl.MemorySpace.Mat,
                                     layout=pl.NZ), addr=0x00000, size=M * K // 2)
    with pl.section_vector():
        if pl.get_subblock_idx() == 0:
            nd = pl.make_tile(pl.TileType(shape=[M, K // 2], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec),
                              addr=0x0, size=M * K // 2)
            a_nd = pl.make_tile(pl.TileType(shape=[M, K], dtype=pl.DT_FP4E2M1, target_memory=pl.MemorySpace.Vec),
                                addr=0x0, size=M * K // 2)
            nz = pl.make_tile(pl.TileType(shape=[M, K // 2], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec,
                                          layout=pl.NZ), addr=0x4000, size=M * K // 2)
            a_nz = pl.make_tile(pl.TileType(shape=[M, K], dtype=pl.DT_FP4E2M1, target_memory=pl.MemorySpace.Vec,
                                            layout=pl.NZ), addr=0x4000, size=M * K // 2)
            pl.load(a_nd, a, [0, 0])
            pl.system.sync_src(set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.V, event_id=0)
            pl.system.sync_dst(set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.V, event_id=0)
            pl.move(nz, nd)
            pl.system.sync_src(set_pipe=pl.PipeType.V, wait_pipe=pl.PipeType.MTE3, event_id=0)
            pl.system.sync_dst(set_pipe=pl.PipeType.V, wait_pipe=pl.PipeType.MTE3, event_id=0)
            pl.insert(a_mat, a_nz, [0, 0])
        pl.system.set_cross_core(pipe=pl.PipeType.MTE3, event_id=1)  # the cube's wait takes both cores' sets
    with pl.section_cube():
        b_mat = pl.make_tile(pl.TileType(shape=[TK, N], dtype=pl.DT_FP4E1M2, target_memory=pl.MemorySpace.Mat,
                                         layout=pl.ZN), addr=0x10000, size=TK * N)
        sa_mat = pl.make_tile(pl.TileType(shape=[M, G], dtype=pl.DT_FP8E8M0, target_memory=pl.MemorySpace.Mat,
                                          layout=pl.ZZ), addr=0x20000, size=M * G)
        sb_mat = pl.make_tile(pl.TileType(shape=[G, N], dtype=pl.DT_FP8E8M0, target_memory=pl.MemorySpace.Mat,
                                          layout=pl.NN), addr=0x21000, size=G * N)
        left = pl.make_tile(pl.TileType(shape=[M, TK], dtype=pl.DT_FP4E2M1, target_memory=pl.MemorySpace.Left,
                                        layout=pl.NZ), addr=0x0, size=M * TK)
        right = pl.make_tile(pl.TileType(shape=[TK, N], dtype=pl.DT_FP4E1M2, target_memory=pl.MemorySpace.Right,
                                         layout=pl.ZN), addr=0x0, size=TK * N)
        sa_l0 = pl.make_tile(pl.TileType(shape=[M, G], dtype=pl.DT_FP8E8M0, target_memory=pl.MemorySpace.ScaleLeft,
                                         layout=pl.ZZ), addr=0x0, size=M * G)
        sb_l0 = pl.make_tile(pl.TileType(shape=[G, N], dtype=pl.DT_FP8E8M0,
                                         target_memory=pl.MemorySpace.ScaleRight, layout=pl.NN), addr=0x0, size=G * N)
        acc = pl.make_tile(pl.TileType(shape=[M, N], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Acc,
                                       layout=pl.NZ, fractal=1024), addr=0x0, size=M * N * 4)
        pl.system.wait_cross_core(pipe=pl.PipeType.MTE1, event_id=1)
        for kk in pl.range(K // TK):
            pl.load(b_mat, b, [0, kk * TK // 2], order=[1, 0])
            pl.load(sa_mat, sa, [0, kk, 0])
            pl.load(sb_mat, sb, [0, kk, 0], order=[1, 0])
            pl.system.sync_src(set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.MTE1, event_id=0)
            pl.system.sync_dst(set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.MTE1, event_id=0)
            pl.move(left, a_mat, [0, kk * TK])
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


def test_fp4_insert_then_mx_matmul(backend):
    ins = {n: np.load(os.path.join(DATA, "in_%s.npy" % n)) for n in ("a", "b", "sa", "sb")}
    out = np.zeros((M, N), dtype=np.float32)
    mx_insert_matmul[None, 1](ins["a"], ins["b"], ins["sa"], ins["sb"], out)
    want = np.load(os.path.join(DATA, "expect_out.npy"))
    assert np.array_equal(out, want, equal_nan=True)
