# A tiling class (a plain @dataclass passed last) steers the kernel at run time, and
# pl.struct, pl.struct_array and pl.make_tuple hold its scalars (docs/SEMANTICS.md §16.8).
# For each row r < tiling.rows of x, with k = r % 4:
#   y[r] = x[r] * scale[k] + bias   when enabled and mode[k] == 1 (FP32, each op rounded)
#   y[r] = x[r]                     otherwise
# rows from tiling.rows on are not written. counts = [scaled rows, sum of 2*r over them,
# then per slot k: its scaled rows, the last such r (-1 if none)].
from __future__ import annotations

import os
from dataclasses import dataclass

import pypto_pro.language as pl
import torch

COLS = 64
ROWS = 8


@dataclass
class RowTiling:
    mode: int[4]
    scale: float[4]
    bias: float
    enabled: bool
    rows: int


def bump(acc, r):
    """A struct passed to a helper is passed by reference."""
    acc.weight = acc.weight + r * 2


@pl.jit()
def rows_kernel(
    x: pl.Tensor[[ROWS, COLS], pl.DT_FP32],
    y: pl.Tensor[[ROWS, COLS], pl.DT_FP32],
    counts: pl.Tensor[[10], pl.DT_INT32],
    tiling: RowTiling,
):
    tt = pl.TileType(shape=[1, COLS], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    tx = pl.make_tile(tt, addr=0x0000)
    ty = pl.make_tile(tt, addr=0x0100)
    acc = pl.struct("Acc", scaled=0, weight=0)
    slots = pl.struct_array(4, "Slot", hits=0, last=-1)
    with pl.section_vector():
        for r in pl.range(tiling.rows):
            k = r % 4
            slot = slots[k]
            cfg = pl.make_tuple(m=tiling.mode[k], s=tiling.scale[k])
            pl.load(tx, x, [r, 0])
            if tiling.enabled and cfg.m == 1:
                pl.mul(ty, tx, cfg.s)
                pl.add(ty, ty, tiling.bias)
                acc.scaled = acc.scaled + 1
                slot.hits = slot.hits + 1
                slot.last = r
                bump(acc, r)
            else:
                pl.mul(ty, tx, 1.0)
            pl.store(y, ty, [r, 0])
        pl.setval(counts, 0, acc.scaled)
        pl.setval(counts, 1, acc.weight)
        for k in pl.range(4):
            pl.setval(counts, 2 + 2 * k, slots[k].hits)
            pl.setval(counts, 3 + 2 * k, slots[k].last)


def reference(x, t):
    """The comment above, in torch (float32 ops, each rounded)."""
    y = torch.zeros_like(x)
    counts = [0, 0] + [0, -1] * 4
    for r in range(t.rows):
        k = r % 4
        if t.enabled and t.mode[k] == 1:
            s = torch.tensor(t.scale[k], dtype=torch.float32)
            b = torch.tensor(t.bias, dtype=torch.float32)
            y[r] = x[r] * s + b
            counts[0] += 1
            counts[1] += 2 * r
            counts[2 + 2 * k] += 1
            counts[3 + 2 * k] = r
        else:
            y[r] = x[r]
    return y, torch.tensor(counts, dtype=torch.int32)


def test_rows_tiling():
    device = "npu:%d" % int(os.environ.get("TILE_FWK_DEVICE_ID", 0))
    torch.npu.set_device(device)
    torch.manual_seed(0)
    for t in (RowTiling(mode=[1, 0, 1, 1], scale=[1.5, 2.0, 0.1, -3.0], bias=0.25, enabled=True, rows=8),
              RowTiling(mode=[0, 1, 0, 0], scale=[1.0, 7.0, 1.0, 1.0], bias=-1.0, enabled=True, rows=5),
              RowTiling(mode=[1, 1, 1, 1], scale=[2.0] * 4, bias=1.0, enabled=False, rows=3)):
        x = torch.randn([ROWS, COLS], device=device, dtype=torch.float32)
        y = torch.zeros_like(x)
        counts = torch.zeros(10, device=device, dtype=torch.int32)
        rows_kernel(x, y, counts, t)
        torch.npu.synchronize()
        y_ref, counts_ref = reference(x.cpu(), t)
        assert torch.equal(y.cpu(), y_ref), t
        assert torch.equal(counts.cpu(), counts_ref), (counts.tolist(), counts_ref.tolist())


if __name__ == "__main__":
    test_rows_tiling()
    print("PASSED")
