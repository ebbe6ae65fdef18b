"""t[r0:, c0:] with run-time starts (docs/SEMANTICS.md §6): a view of the parent's bytes from
element (r0, c0) at its row pitch, valid rows min(end, parent valid) - r0 and so on; a start
outside the tile faults. Expected values are numpy slices of the input."""
import numpy as np
import pytest
import pvc
import pypto_pro.language as pl

R, C = 16, 64


@pl.jit()
def tail_rows(x: pl.Tensor[[R, C], pl.DT_FP32], out: pl.Tensor[[R, C], pl.DT_FP32], r0: int, c0: int):
    t = pl.make_tile(pl.TileType(shape=[R, C], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec), addr=0x0)
    with pl.section_vector():
        if pl.get_subblock_idx() == 0:
            pl.load(t, x, [0, 0])
            v = t[r0:, c0:]
            pl.store(out, v, [0, 0])


@pl.jit()
def window(x: pl.Tensor[[R, C], pl.DT_FP32], out: pl.Tensor[[R, C], pl.DT_FP32], r0: int, n: int):
    t = pl.make_tile(pl.TileType(shape=[R, C], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec), addr=0x0)
    with pl.section_vector():
        if pl.get_subblock_idx() == 0:
            pl.load(t, x, [0, 0])
            v = t[r0:r0 + n, :]
            pl.add(v, v, 1.0)
            pl.store(out, t, [0, 0])


@pl.jit()
def rotated(x: pl.Tensor[[2 * R, C], pl.DT_FP32], out: pl.Tensor[[2 * R, C], pl.DT_FP32], r0: int):
    grp = pl.make_tile_group(type=pl.TileType(shape=[R, C], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec),
                             addrs=[0x0, 0x8000], mutex_ids=[0, 1])
    with pl.section_vector():
        if pl.get_subblock_idx() == 0:
            for i in pl.range(2):
                t = grp.next()
                pl.load(t, x, [i * R, 0])
                v = t[r0 + i:, :]
                pl.store(out, v, [i * R, 0])


@pytest.mark.parametrize("r0,c0", [(0, 0), (5, 0), (15, 8), (3, 63)])
def test_tail_view(backend, r0, c0):
    x = np.arange(R * C, dtype=np.float32).reshape(R, C)
    out = np.full((R, C), -1, dtype=np.float32)
    tail_rows[None, 1](x, out, r0, c0)
    want = np.full((R, C), -1, dtype=np.float32)
    want[:R - r0, :C - c0] = x[r0:, c0:]
    assert (out == want).all()


def test_window_adds_its_rows_only(backend):
    x = np.arange(R * C, dtype=np.float32).reshape(R, C)
    out = np.zeros((R, C), dtype=np.float32)
    window[None, 1](x, out, 4, 7)
    want = x.copy()
    want[4:11] += 1
    assert (out == want).all()


def test_view_of_a_rotated_slot(backend):
    """the parent's address is a run-time value too (a tile group's slot)"""
    x = np.arange(2 * R * C, dtype=np.float32).reshape(2 * R, C)
    out = np.zeros_like(x)
    rotated[None, 1](x, out, 2)
    want = np.zeros_like(x)
    want[0:R - 2] = x[2:R]
    want[R:2 * R - 3] = x[R + 3:2 * R]
    assert (out == want).all()


@pytest.mark.parametrize("r0", [R, -1])
def test_start_outside_faults(backend, r0):
    x = np.zeros((R, C), dtype=np.float32)
    with pytest.raises(pvc.KernelFault, match=r"view starting at"):
        tail_rows[None, 1](x, x.copy(), r0, 0)
