"""GM tensors of rank 5 to 8 (docs/LANGUAGE.md, "Kernel parameters"): pl.load / pl.store with
one offset per axis, the tile's rows on the axis order= names (or the next to last) and its
columns on the last, in both backends. The expected tensors are numpy/torch slices of the
inputs, an independent route to the same elements."""
import pytest
import torch

import pypto_pro.language as pl
import torch_npu  # noqa: F401  (device="npu")


@pl.jit()
def rank6_kernel(x: pl.Tensor[[2, 3, 2, 4, 3, 16], pl.DT_FP32], y: pl.Tensor[[2, 3, 2, 4, 3, 16], pl.DT_FP32],
                 a: int, b: int):
    tt = pl.TileType(shape=[4, 16], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t = pl.make_tile(tt, addr=0x0000)
    with pl.section_vector():
        # rows along axis 3 (order=), columns along the last axis
        pl.load(t, x, [a, 2, b, 0, 1, 0], order=[3, 5])
        pl.mul(t, t, 2.0)
        pl.store(y, t, [b, a, 1, 0, 2, 0], order=[3, 5])


def test_rank6_order(backend):
    x = torch.randn([2, 3, 2, 4, 3, 16], dtype=torch.float32)
    y = torch.zeros_like(x)
    rank6_kernel(x, y, 1, 0)
    ref = torch.zeros_like(x)
    ref[0, 1, 1, :, 2, :] = x[1, 2, 0, :, 1, :] * 2.0
    assert torch.equal(y, ref)


@pl.jit()
def rank8_kernel(x: pl.Tensor[[2, 1, 2, 1, 2, 1, pl.DYNAMIC, pl.DYNAMIC], pl.DT_INT32],
                 y: pl.Tensor[[2, 1, 2, 1, 2, 1, pl.DYNAMIC, pl.DYNAMIC], pl.DT_INT32]):
    tt = pl.TileType(shape=[8, 8], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    t = pl.make_tile(tt, addr=0x0000)
    with pl.section_vector():
        for d0 in pl.range(2):
            for d2 in pl.range(2):
                for d4 in pl.range(2):
                    for i in pl.range(x.shape[6] // 8):
                        pl.load_tile(t, x, [d0, 0, d2, 0, d4, 0, i, 0])
                        pl.store_tile(y, t, [1 - d0, 0, d2, 0, 1 - d4, 0, i, 0])


@pytest.mark.parametrize("rows", [8, 24])
def test_rank8_tiles(backend, rows):
    x = torch.randint(-1000, 1000, [2, 1, 2, 1, 2, 1, rows, 8], dtype=torch.int32)
    y = torch.zeros_like(x)
    rank8_kernel(x, y)
    assert torch.equal(y, x.flip(0).flip(4))
