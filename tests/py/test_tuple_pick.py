"""Tuples indexed by a run-time value (a constant tuple, a tuple of tiles, a pl.make_tuple
field holding one), a name rebound to a struct of another type, and a run-time event_id of
pl.system.sync_src/sync_dst (docs/LANGUAGE.md, "Structs and tuples"), in both backends. The
expected values are the Python the kernels are written as, evaluated below."""
import pytest
import torch

import pvc
import pypto_pro.language as pl
import torch_npu  # noqa: F401  (device="npu")

STEPS = (5, -2, 40)
EVENTS = (0, 1)


@pl.jit()
def pick_kernel(x: pl.Tensor[[4, 64], pl.DT_FP32], y: pl.Tensor[[4, 64], pl.DT_FP32],
                out: pl.Tensor[[8], pl.DT_INT32], n: int):
    tt = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t0 = pl.make_tile(tt, addr=0x0000)
    t1 = pl.make_tile(tt, addr=0x0100)
    bufs = (t0, t1)
    tiles = pl.make_tuple(pair=(t0, t1), scale=2.0)
    ctx = pl.struct("A", v=0)
    with pl.section_vector():
        acc = 0
        for i in pl.range(n):
            acc = acc + STEPS[i % 3]
            pl.system.sync_dst(set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.V, event_id=EVENTS[i % 2])
        ctx.v = acc
        pl.setval(out, 0, ctx.v)
        ctx = pl.struct("B", w=7, u=[1, 2])
        pl.setval(out, 1, ctx.w + ctx.u[1])
        for r in pl.range(4):
            cur = bufs[r % 2]
            pl.load(cur, x, [r, 0])
            other = tiles.pair[(r + 1) % 2]
            pl.mul(other, cur, tiles.scale)
            pl.store(y, other, [r, 0])


def test_pick(backend):
    x = torch.randn([4, 64], dtype=torch.float32)
    y = torch.zeros_like(x)
    out = torch.zeros(8, dtype=torch.int32)
    pick_kernel(x, y, out, 7)
    assert out.tolist()[:2] == [sum(STEPS[i % 3] for i in range(7)), 9]
    assert torch.equal(y, x * 2.0)


@pl.jit()
def pick_out_of_range(out: pl.Tensor[[1], pl.DT_INT32], i: int):
    with pl.section_vector():
        pl.setval(out, 0, STEPS[i])


@pytest.mark.parametrize("i", [3, -1])
def test_pick_out_of_range_faults(backend, i):
    out = torch.zeros(1, dtype=torch.int32)
    with pytest.raises(pvc.KernelFault):
        pick_out_of_range(out, i)
    pick_out_of_range(out, 2)
    assert out.tolist() == [STEPS[2]]


def _step(dtype, switch):
    return 3 if dtype in (pl.DT_FP32, pl.DT_INT32) and switch is True else 5


@pl.jit()
def local_const_kernel(out: pl.Tensor[[8], pl.DT_INT32]):
    switch = True
    dtype_ = pl.DT_FP32
    ids = [2, 5]
    step = _step(dtype_, switch)
    acc = 0
    with pl.section_vector():
        for i in pl.range(8):
            if i in ids:
                acc = acc + step
            pl.setval(out, i, acc)


def test_kernel_local_constants(backend):
    """Names bound once to a constant fold as pypto_pro's parser folds them: `is`, `in` and a
    helper run at compile time see their values."""
    out = torch.zeros(8, dtype=torch.int32)
    local_const_kernel(out)
    acc, ref = 0, []
    for i in range(8):
        acc += 3 if i in [2, 5] else 0
        ref.append(acc)
    assert out.tolist() == ref
