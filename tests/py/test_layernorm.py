"""A real kernel with a torch reference, as a pypto_pro test is written: row-wise LayerNorm
over 128 columns (two FP32 registers per row) in tiles of 16 rows, in both backends.

    y = (x - mean) / sqrt(var + 1e-5) * gamma + beta,   mean and var over each row

The kernel reduces each register with vf.reduce_sum (a pairwise tree, docs/SEMANTICS.md
§10.10) and divides approximately (§9.4), so it matches torch to float rounding, not bit for
bit. The last tile of 40 rows is partial: pl.load and pl.store clip it at the tensor's edge."""

import inspect

import pytest
import torch

import pvc
import pypto_pro.language as pl
import torch_npu  # noqa: F401
from conftest import missing_ops


@pl.vector_function
def layernorm_vf(x_tile, y_tile, g_tile, b_tile, rows):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    n = vf.full(128.0, preg, dtype=pl.DT_FP32)
    g0 = vf.load_align(g_tile, 0)
    g1 = vf.load_align(g_tile, 64)
    b0 = vf.load_align(b_tile, 0)
    b1 = vf.load_align(b_tile, 64)
    for m in pl.range(rows):
        x0 = vf.load_align(x_tile, m * 128)
        x1 = vf.load_align(x_tile, m * 128 + 64)
        total = vf.add(vf.reduce_sum(x0, preg), vf.reduce_sum(x1, preg), preg)
        mean = vf.div(vf.full(total, preg), n, preg)
        c0 = vf.sub(x0, mean, preg)
        c1 = vf.sub(x1, mean, preg)
        sq = vf.add(vf.reduce_sum(vf.mul(c0, c0, preg), preg), vf.reduce_sum(vf.mul(c1, c1, preg), preg), preg)
        std = vf.sqrt(vf.adds(vf.div(vf.full(sq, preg), n, preg), 1e-5, preg), preg)
        vf.store_align(y_tile, vf.add(vf.mul(vf.div(c0, std, preg), g0, preg), b0, preg), preg, m * 128)
        vf.store_align(y_tile, vf.add(vf.mul(vf.div(c1, std, preg), g1, preg), b1, preg), preg, m * 128 + 64)


@pl.jit()
def layernorm_kernel(
    x: pl.Tensor[[pl.DYNAMIC, 128], pl.DT_FP32],
    gamma: pl.Tensor[[1, 128], pl.DT_FP32],
    beta: pl.Tensor[[1, 128], pl.DT_FP32],
    y: pl.Tensor[[pl.DYNAMIC, 128], pl.DT_FP32],
    n_tiles: int,
):
    rows_type = pl.TileType(shape=[16, 128], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    vec_type = pl.TileType(shape=[1, 128], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_x = pl.make_tile(rows_type, addr=0x0, size=8192)
    t_y = pl.make_tile(rows_type, addr=0x2000, size=8192)
    t_g = pl.make_tile(vec_type, addr=0x4000, size=512)
    t_b = pl.make_tile(vec_type, addr=0x4200, size=512)
    with pl.section_vector():
        pl.load(t_g, gamma, [0, 0])
        pl.load(t_b, beta, [0, 0])
        for t in pl.range(n_tiles):
            pl.load(t_x, x, [t * 16, 0])
            layernorm_vf(t_x, t_y, t_g, t_b, 16)
            pl.store(y, t_y, [t * 16, 0])


def reference(x, gamma, beta):
    mean = x.mean(dim=-1, keepdim=True)
    var = x.var(dim=-1, unbiased=False, keepdim=True)
    return (x - mean) / torch.sqrt(var + 1e-5) * gamma + beta


@pytest.mark.parametrize("rows", [16, 40])
def test_layernorm(backend, rows):
    torch.npu.set_device(0)
    torch.manual_seed(rows)
    x = torch.rand([rows, 128], device="npu:0") * 8.0 - 4.0
    gamma = torch.rand([1, 128], device="npu:0") + 0.5
    beta = torch.rand([1, 128], device="npu:0") - 0.5
    y = torch.empty([rows, 128], device="npu:0")
    layernorm_kernel[None, 1](x, gamma, beta, y, (rows + 15) // 16)
    torch.npu.synchronize()
    torch.testing.assert_close(y, reference(x, gamma, beta), rtol=1e-5, atol=1e-5)


# The same kernel with its tiles split over the blocks: block b takes tiles b, b + N, ...
# A separate file, so that this one compiles where pl.get_block_idx is not there yet.
MULTICORE = """
import pypto_pro.language as pl

{vf}

@pl.jit()
def layernorm_blocks_kernel(
    x: pl.Tensor[[pl.DYNAMIC, 128], pl.DT_FP32],
    gamma: pl.Tensor[[1, 128], pl.DT_FP32],
    beta: pl.Tensor[[1, 128], pl.DT_FP32],
    y: pl.Tensor[[pl.DYNAMIC, 128], pl.DT_FP32],
    n_tiles: int,
):
    rows_type = pl.TileType(shape=[16, 128], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    vec_type = pl.TileType(shape=[1, 128], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_x = pl.make_tile(rows_type, addr=0x0, size=8192)
    t_y = pl.make_tile(rows_type, addr=0x2000, size=8192)
    t_g = pl.make_tile(vec_type, addr=0x4000, size=512)
    t_b = pl.make_tile(vec_type, addr=0x4200, size=512)
    with pl.section_vector():
        pl.load(t_g, gamma, [0, 0])
        pl.load(t_b, beta, [0, 0])
        for t in pl.range(pl.get_block_idx(), n_tiles, pl.get_block_num()):
            pl.load(t_x, x, [t * 16, 0])
            layernorm_vf(t_x, t_y, t_g, t_b, 16)
            pl.store(y, t_y, [t * 16, 0])
"""


@pytest.mark.skipif(bool(missing_ops("pl.get_block_idx", "pl.get_block_num")),
                    reason="needs pl.get_block_idx and pl.get_block_num (the language branch)")
def test_layernorm_on_blocks(backend, tmp_path):
    path = tmp_path / "layernorm_blocks.py"
    path.write_text(MULTICORE.format(vf=inspect.getsource(layernorm_vf.fn)))
    kernel = pvc.load(str(path)).kernel("layernorm_blocks_kernel")
    torch.manual_seed(1)
    x = torch.rand([200, 128]) * 8.0 - 4.0
    gamma, beta = torch.rand([1, 128]) + 0.5, torch.rand([1, 128]) - 0.5
    ys = []
    for n in (1, 3, 8):
        y = torch.full([200, 128], float("nan"))
        kernel.launch([x, gamma, beta, y, 13], blocks=n)
        ys.append(y)
    torch.testing.assert_close(ys[0], reference(x, gamma, beta), rtol=1e-5, atol=1e-5)
    assert all(torch.equal(y, ys[0]) for y in ys[1:])
