# A small flash-attention forward (one block: the cube core and both vector cores,
# docs/SEMANTICS.md §17.1, §17.7): out[64, 32] = softmax(q k^T * 0.125) v, for q[64, 32],
# k[128, 32] (given transposed, kt[32, 128]) and v[128, 32] in FP16, over two key/value
# blocks of 64 with the online softmax, so the whole score matrix never exists at once.
# For each key/value block j:
#   cube core:     s_j = q @ kt[:, 64 j : 64 j + 64] (L1 -> L0A / L0B, L0C, fixpipe into the
#                  GM workspace s_ws), flag 0 to both vector cores; wait for flag 1 from both;
#                  o_j = p_j @ v[64 j : 64 j + 64, :] from the FP16 p_j they wrote into p_ws,
#                  into o_ws, flag 2;
#   vector core a: rows [32 a, 32 a + 32). After flag 0: m_new = max(m, row_max(0.125 s_j)),
#                  p_j = exp(0.125 s_j - m_new), alpha = exp(m - m_new), l = l alpha +
#                  row_sum(p_j); p_j as FP16 (RNE) into p_ws, flag 1; after flag 2:
#                  o = o alpha + o_j, m = m_new. At the end out = o / l.
# Every GM byte one core writes and another reads is ordered by a flag (the simulator checks
# it); the two vector cores touch disjoint rows.
import os

import pypto_pro.language as pl
import torch
import torch_npu

M, N, D, BLK = 64, 128, 32, 64
NBLK = N // BLK
HALF = M // 2
SCALE = 0.125
NEG = -1.0e30  # below every score: exp(NEG - m) is 0, and max(NEG, m) is m


@pl.jit()
def flash_attention(
    q: pl.Tensor[[M, D], pl.DT_FP16],
    kt: pl.Tensor[[D, N], pl.DT_FP16],
    v: pl.Tensor[[N, D], pl.DT_FP16],
    s_ws: pl.Tensor[[M, N], pl.DT_FP32],
    p_ws: pl.Tensor[[M, N], pl.DT_FP16],
    o_ws: pl.Tensor[[NBLK * M, D], pl.DT_FP32],
    out: pl.Tensor[[M, D], pl.DT_FP32],
):
    with pl.section_cube():
        q_mat = pl.make_tile(pl.TileType(shape=[M, D], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Mat),
                             addr=0x00000, size=M * D * 2)
        k_mat = pl.make_tile(pl.TileType(shape=[D, BLK], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Mat),
                             addr=0x10000, size=D * BLK * 2)
        p_mat = pl.make_tile(pl.TileType(shape=[M, BLK], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Mat),
                             addr=0x20000, size=M * BLK * 2)
        v_mat = pl.make_tile(pl.TileType(shape=[BLK, D], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Mat),
                             addr=0x30000, size=BLK * D * 2)
        left_q = pl.make_tile(pl.TileType(shape=[M, D], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Left),
                              addr=0x0, size=M * D * 2)
        left_p = pl.make_tile(pl.TileType(shape=[M, BLK], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Left),
                              addr=0x4000, size=M * BLK * 2)
        right_k = pl.make_tile(pl.TileType(shape=[D, BLK], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Right),
                               addr=0x0, size=D * BLK * 2)
        right_v = pl.make_tile(pl.TileType(shape=[BLK, D], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Right),
                               addr=0x4000, size=BLK * D * 2)
        acc_s = pl.make_tile(pl.TileType(shape=[M, BLK], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Acc),
                             addr=0x0, size=M * BLK * 4)
        acc_o = pl.make_tile(pl.TileType(shape=[M, D], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Acc),
                             addr=0x10000, size=M * D * 4)
        pl.load(q_mat, q, [0, 0])
        pl.move(left_q, q_mat)
        for j in pl.range(NBLK):
            pl.load(k_mat, kt, [0, j * BLK])
            pl.move(right_k, k_mat)
            pl.matmul(acc_s, left_q, right_k)
            pl.store(s_ws, acc_s, [0, j * BLK])
            pl.system.set_cross_core(pipe=pl.PipeType.FIX, event_id=0)
            pl.system.wait_cross_core(pipe=pl.PipeType.MTE2, event_id=1)
            pl.load(p_mat, p_ws, [0, j * BLK])
            pl.move(left_p, p_mat)
            pl.load(v_mat, v, [j * BLK, 0])
            pl.move(right_v, v_mat)
            pl.matmul(acc_o, left_p, right_v)
            pl.store(o_ws, acc_o, [j * M, 0])
            pl.system.set_cross_core(pipe=pl.PipeType.FIX, event_id=2)

    with pl.section_vector():
        wide = pl.TileType(shape=[HALF, BLK], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
        rows = pl.TileType(shape=[HALF, D], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
        col = pl.TileType(shape=[HALF, 1], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec, layout=pl.DN)
        s_ub = pl.make_tile(wide, addr=0x0000, size=HALF * BLK * 4)
        p_ub = pl.make_tile(wide, addr=0x2000, size=HALF * BLK * 4)
        tmp = pl.make_tile(wide, addr=0x4000, size=HALF * BLK * 4)
        p16 = pl.make_tile(pl.TileType(shape=[HALF, BLK], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec),
                           addr=0x6000, size=HALF * BLK * 2)
        o_acc = pl.make_tile(rows, addr=0x7000, size=HALF * D * 4)
        o_j = pl.make_tile(rows, addr=0x8000, size=HALF * D * 4)
        m_old = pl.make_tile(col, addr=0x9000, size=HALF * 4)
        m_cur = pl.make_tile(col, addr=0x9100, size=HALF * 4)
        m_new = pl.make_tile(col, addr=0x9200, size=HALF * 4)
        alpha = pl.make_tile(col, addr=0x9300, size=HALF * 4)
        l_sum = pl.make_tile(col, addr=0x9400, size=HALF * 4)
        l_j = pl.make_tile(col, addr=0x9500, size=HALF * 4)
        # the element-wise ops take row-major tiles: the [1, 32] view of each column (§15.3)
        line = pl.TileType(shape=[1, HALF], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
        m_old_l = pl.make_tile(line, addr=0x9000, size=HALF * 4)
        m_cur_l = pl.make_tile(line, addr=0x9100, size=HALF * 4)
        m_new_l = pl.make_tile(line, addr=0x9200, size=HALF * 4)
        alpha_l = pl.make_tile(line, addr=0x9300, size=HALF * 4)
        l_sum_l = pl.make_tile(line, addr=0x9400, size=HALF * 4)
        l_j_l = pl.make_tile(line, addr=0x9500, size=HALF * 4)
        r = pl.get_subblock_idx() * HALF
        pl.expands(m_old_l, NEG)
        pl.expands(l_sum_l, 0.0)
        pl.expands(o_acc, 0.0)
        for j in pl.range(NBLK):
            pl.system.wait_cross_core(pipe=pl.PipeType.MTE2, event_id=0)
            pl.load(s_ub, s_ws, [r, j * BLK])
            pl.muls(s_ub, s_ub, SCALE)
            pl.row_max(m_cur, s_ub, tmp)
            pl.maximum(m_new_l, m_old_l, m_cur_l)
            pl.row_expand_sub(p_ub, s_ub, m_new)
            pl.exp(p_ub, p_ub)
            pl.sub(alpha_l, m_old_l, m_new_l)
            pl.exp(alpha_l, alpha_l)
            pl.row_sum(l_j, p_ub, tmp)
            pl.mul(l_sum_l, l_sum_l, alpha_l)
            pl.add(l_sum_l, l_sum_l, l_j_l)
            pl.cast(p16, p_ub, mode=pl.RoundMode.CAST_RINT)
            pl.store(p_ws, p16, [r, j * BLK])
            pl.system.set_cross_core(pipe=pl.PipeType.MTE3, event_id=1)
            pl.system.wait_cross_core(pipe=pl.PipeType.MTE2, event_id=2)
            pl.load(o_j, o_ws, [j * M + r, 0])
            pl.row_expand_mul(o_acc, o_acc, alpha)
            pl.add(o_acc, o_acc, o_j)
            pl.adds(m_old_l, m_new_l, 0.0)
        pl.row_expand_div(o_acc, o_acc, l_sum)
        pl.store(out, o_acc, [r, 0])


def attention(q, kt, v):
    """The reference: softmax(q k^T * SCALE) v in float64."""
    s = q.double() @ kt.double() * SCALE
    return torch.softmax(s, dim=-1) @ v.double()


def test_flash_attention():
    device = "npu:%d" % int(os.environ.get("TILE_FWK_DEVICE_ID", 0))
    torch.npu.set_device(device)
    q = (torch.randn([M, D], device=device) * 2).to(torch.float16)
    kt = (torch.randn([D, N], device=device) * 2).to(torch.float16)
    v = torch.randn([N, D], device=device).to(torch.float16)
    s_ws = torch.zeros([M, N], device=device, dtype=torch.float32)
    p_ws = torch.zeros([M, N], device=device, dtype=torch.float16)
    o_ws = torch.zeros([NBLK * M, D], device=device, dtype=torch.float32)
    out = torch.zeros([M, D], device=device, dtype=torch.float32)
    flash_attention[None, 1](q, kt, v, s_ws, p_ws, o_ws, out)
    torch.npu.synchronize()
    # p goes to the cube as FP16: the result carries its rounding (a relative 2^-11 per term)
    torch.testing.assert_close(out.cpu(), attention(q.cpu(), kt.cpu(), v.cpu()).float(),
                               rtol=2e-3, atol=2e-3)


if __name__ == "__main__":
    test_flash_attention()
    print("PASSED")
