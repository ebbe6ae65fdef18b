"""kernel[None, N]: N blocks sharing GM. The simulator reports GM bytes two blocks share when
one of them writes them, naming both lines (two stores of the same values are no race); natively racing blocks run unchecked. With
pl.get_block_idx / pl.get_block_num a kernel splits rows over the blocks, and N = 1, 3, 8
give identical outputs in both backends."""

import numpy as np
import pytest
import torch

import pvc
import pypto_pro.language as pl
from conftest import missing_ops


@pl.vector_function
def relu_vf(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    vf.store_align(dst_tile, vf.relu(vf.load_align(src_tile, 0), preg), preg)


@pl.jit()
def same_row_kernel(a: pl.Tensor[[pl.DYNAMIC, 64], pl.DT_FP32], out: pl.Tensor[[1, 64], pl.DT_FP32]):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_in = pl.make_tile(tf, addr=0x0, size=256)
    t_out = pl.make_tile(tf, addr=0x100, size=256)
    with pl.section_vector():
        pl.load(t_in, a, [0, 0])
        relu_vf(t_in, t_out)
        pl.store(out, t_out, [0, 0])


@pl.jit()
def own_row_kernel(a: pl.Tensor[[pl.DYNAMIC, 64], pl.DT_FP32], out: pl.Tensor[[1, 64], pl.DT_FP32]):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_in = pl.make_tile(tf, addr=0x0, size=256)
    t_out = pl.make_tile(tf, addr=0x100, size=256)
    with pl.section_vector():
        pl.load(t_in, a, [pl.get_block_idx(), 0])
        relu_vf(t_in, t_out)
        pl.store(out, t_out, [0, 0])


def test_two_blocks_storing_the_same_bytes_do_not_race(monkeypatch):
    monkeypatch.setenv("PVC_BACKEND", "sim")
    a, out = torch.randn([1, 64]), torch.zeros([1, 64])
    same_row_kernel[None, 4](a, out)  # out ends the same whichever block stores last
    assert torch.equal(out, torch.relu(a))


def test_two_blocks_storing_different_bytes_race(monkeypatch):
    monkeypatch.setenv("PVC_BACKEND", "sim")
    a = torch.tensor([[1.0] * 64, [3.0] * 64, [5.0] * 64, [7.0] * 64])
    out = torch.zeros([1, 64])
    own_row_kernel[None, 1](a, out)
    assert torch.equal(out, a[:1])
    with pytest.raises(pvc.KernelFault) as e:
        own_row_kernel[None, 4](a, out)
    first, note = e.value.diagnostics[:2]
    assert first.line == 40 and note.line == 40 and note.severity == "note"
    # 1.0f is 00 00 80 3f, 3.0f 00 00 40 40: byte 2 is the first that differs
    assert first.message == ("kernel fault in block 1 of 4: GM bytes shared by two cores with no "
                             "order between them (gm.store, UB address 0x100, block 1 writes byte "
                             "2 of 'out', which block 0 wrote at line 40)")


def test_native_runs_racing_blocks_unchecked(monkeypatch):
    monkeypatch.setenv("PVC_BACKEND", "native")
    a, out = torch.randn([1, 64]), torch.zeros([1, 64])
    same_row_kernel[None, 8](a, out)  # every block writes the same values
    assert torch.equal(out, torch.relu(a))


# Rows split over the blocks: block b takes rows b, b + N, b + 2N, ...
ROWS_KERNEL = '''
import pypto_pro.language as pl


@pl.vector_function
def relu_vf(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    vf.store_align(dst_tile, vf.relu(vf.load_align(src_tile, 0), preg), preg)


@pl.jit()
def relu_rows_kernel(a: pl.Tensor[[pl.DYNAMIC, 64], pl.DT_FP32],
                     out: pl.Tensor[[pl.DYNAMIC, 64], pl.DT_FP32], rows: int):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_in = pl.make_tile(tf, addr=0x0, size=256)
    t_out = pl.make_tile(tf, addr=0x100, size=256)
    with pl.section_vector():
        for r in pl.range(pl.get_block_idx(), rows, pl.get_block_num()):
            pl.load(t_in, a, [r, 0])
            relu_vf(t_in, t_out)
            pl.store(out, t_out, [r, 0])
'''


@pytest.mark.skipif(bool(missing_ops("pl.get_block_idx", "pl.get_block_num")),
                    reason="needs pl.get_block_idx and pl.get_block_num (the language branch)")
def test_blocks_split_rows_identically(backend, tmp_path):
    path = tmp_path / "relu_rows.py"
    path.write_text(ROWS_KERNEL)
    kernel = pvc.load(str(path)).kernel("relu_rows_kernel")
    a = np.random.default_rng(7).standard_normal((37, 64)).astype(np.float32)
    outs = []
    for n in (1, 3, 8):
        out = np.full((37, 64), np.nan, np.float32)
        kernel.launch([a, out, 37], blocks=n)
        outs.append(out)
    assert np.array_equal(outs[0], np.maximum(a, 0))
    assert all(np.array_equal(o, outs[0]) for o in outs)
