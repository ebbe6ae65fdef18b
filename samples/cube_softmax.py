# Attention scores and their softmax in one mixed kernel (docs/SEMANTICS.md §17.1, §17.7):
#   out[64, 64] = softmax(q[64, 32] @ kt[32, 64] * 0.125, over each row), FP16 q and kt,
#   FP32 scores and result, one block:
#   cube core:     q and kt GM -> L1 -> L0A / L0B, matmul into L0C, fixpipe store of the
#                  scores into s (a GM workspace), then set_cross_core(event 0) to both
#                  vector cores;
#   vector core k: wait_cross_core(event 0), rows [32 k, 32 k + 32) of s into the UB, then
#                  the tile-level softmax of each row (§15.7, §15.8): scale, row max,
#                  x - max, exp, row sum, quotient; those rows of out back to GM.
# Each vector core reads s only after the flag and writes only its own rows of out, so no
# GM byte is shared without an order (the simulator checks it).
import os

import pypto_pro.language as pl
import torch
import torch_npu

M, N, D = 64, 64, 32
HALF = M // 2
SCALE = 0.125


@pl.jit()
def cube_softmax(
    q: pl.Tensor[[M, D], pl.DT_FP16],
    kt: pl.Tensor[[D, N], pl.DT_FP16],
    s: pl.Tensor[[M, N], pl.DT_FP32],
    out: pl.Tensor[[M, N], pl.DT_FP32],
):
    with pl.section_cube():
        q_mat = pl.make_tile(pl.TileType(shape=[M, D], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Mat),
                             addr=0x00000, size=M * D * 2)
        k_mat = pl.make_tile(pl.TileType(shape=[D, N], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Mat),
                             addr=0x10000, size=D * N * 2)
        left = pl.make_tile(pl.TileType(shape=[M, D], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Left),
                            addr=0x0, size=M * D * 2)
        right = pl.make_tile(pl.TileType(shape=[D, N], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Right),
                             addr=0x0, size=D * N * 2)
        acc = pl.make_tile(pl.TileType(shape=[M, N], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Acc),
                           addr=0x0, size=M * N * 4)
        pl.load(q_mat, q, [0, 0])
        pl.load(k_mat, kt, [0, 0])
        pl.move(left, q_mat)
        pl.move(right, k_mat)
        pl.matmul(acc, left, right)
        pl.store(s, acc, [0, 0])
        pl.system.set_cross_core(pipe=pl.PipeType.FIX, event_id=0)

    with pl.section_vector():
        pl.system.wait_cross_core(pipe=pl.PipeType.MTE2, event_id=0)
        rows = pl.TileType(shape=[HALF, N], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
        col = pl.TileType(shape=[HALF, 1], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec, layout=pl.DN)
        x = pl.make_tile(rows, addr=0x0000, size=HALF * N * 4)
        y = pl.make_tile(rows, addr=0x2000, size=HALF * N * 4)
        tmp = pl.make_tile(rows, addr=0x4000, size=HALF * N * 4)
        red = pl.make_tile(col, addr=0x6000, size=HALF * 4)
        row = pl.get_subblock_idx() * HALF
        pl.load(x, s, [row, 0])
        pl.muls(x, x, SCALE)
        pl.row_max(red, x, tmp)
        pl.row_expand_sub(y, x, red)
        pl.exp(y, y)
        pl.row_sum(red, y, tmp)
        pl.row_expand_div(y, y, red)
        pl.store(out, y, [row, 0])


def test_cube_softmax():
    device = "npu:%d" % int(os.environ.get("TILE_FWK_DEVICE_ID", 0))
    torch.npu.set_device(device)
    q = torch.randint(-4, 5, [M, D], device=device).to(torch.float16)
    kt = torch.randint(-4, 5, [D, N], device=device).to(torch.float16)
    s = torch.zeros([M, N], device=device, dtype=torch.float32)
    out = torch.zeros([M, N], device=device, dtype=torch.float32)
    cube_softmax[None, 1](q, kt, s, out)
    torch.npu.synchronize()
    scores = q.cpu().double() @ kt.cpu().double()
    torch.testing.assert_close(s.cpu(), scores.float(), rtol=0, atol=0)  # small integers: exact
    want = torch.softmax(scores * SCALE, dim=-1).float()
    torch.testing.assert_close(out.cpu(), want, rtol=1e-5, atol=1e-7)


if __name__ == "__main__":
    test_cube_softmax()
    print("PASSED")
