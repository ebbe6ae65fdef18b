"""Hazards the device orders (docs/SEMANTICS.md §5.6): a vector load after a vector store of
the same bytes through one tile, with no vf.mem_bar(VST_VLD) (VST_VST as pypto's mem_bar docs
write it, or no barrier at all), is a warning in the simulator, pvc.PvcWarning located at the
load with the store as a note, and the launch goes on; PVC_STRICT_HAZARDS=1 makes it the
fault. Through another tile over the same bytes it is always a fault. The expected output is
the input: the kernel doubles nothing, it copies."""

import textwrap

import pytest
import torch

import pvc

SRC = """
import pypto_pro.language as pl

@pl.vector_function
def round_trip(src, dst, back):
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    vf.store_align(dst, vf.load_align(src, 0), m)
    {barrier}
    again = vf.load_align(back, 0)
    vf.store_align(src, again, m)

@pl.jit()
def k(a: pl.Tensor[[1, 64], pl.DT_FP32], out: pl.Tensor[[1, 64], pl.DT_FP32]):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    s = pl.make_tile(tf, addr=0x0, size=256)
    d = pl.make_tile(tf, addr=0x100, size=256)
    d2 = pl.make_tile(pl.TileType(shape=[2, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec),
                      addr=0x100, size=512)
    with pl.section_vector():
        pl.load(s, a, [0, 0])
        round_trip(s, d, {back})
        pl.store(out, s, [0, 0])
"""


def kernel(tmp_path, barrier, back="d"):
    path = tmp_path / "k.py"
    path.write_text(textwrap.dedent(SRC).format(barrier=barrier, back=back))
    return pvc.load(str(path)).kernel("k"), str(path)


def test_a_load_through_one_tile_after_vst_vst_is_a_warning(tmp_path, monkeypatch):
    k, path = kernel(tmp_path, "vf.mem_bar(mode=pl.MemBarMode.VST_VST)")
    a, out = torch.arange(64.0).reshape(1, 64), torch.zeros(1, 64)
    with pytest.warns(pvc.PvcWarning) as w:
        k.launch([a, out], backend="sim")
    assert torch.equal(out, a)
    assert len(w) == 1
    text = str(w[0].message).splitlines()
    assert text[0].startswith(f"{path}:9:13: warning: vector load of [0x100, 0x200) reads byte 0x100, "
                              "stored at line 7 with no vf.mem_bar(VST_VLD) between them")
    assert text[0].endswith("[W034]")
    assert text[3] == f"{path}:7:5: note: the vector store that wrote those bytes"
    monkeypatch.setenv("PVC_STRICT_HAZARDS", "1")
    with pytest.raises(pvc.KernelFault, match="UB bytes read after a vector store"):
        k.launch([a, out], backend="sim")


def test_an_unfenced_load_through_one_tile_is_a_warning(tmp_path, monkeypatch):
    k, path = kernel(tmp_path, "pass")
    a, out = torch.arange(64.0).reshape(1, 64), torch.zeros(1, 64)
    with pytest.warns(pvc.PvcWarning) as w:
        k.launch([a, out], backend="sim")
    assert torch.equal(out, a) and len(w) == 1
    assert "both go through one tile" in str(w[0].message)
    monkeypatch.setenv("PVC_STRICT_HAZARDS", "1")
    with pytest.raises(pvc.KernelFault, match="vf.mem_bar\\(VST_VLD\\) between them would order it"):
        k.launch([a, out], backend="sim")


@pytest.mark.parametrize("barrier", ["pass", "vf.mem_bar(mode=pl.MemBarMode.VST_VST)"])
def test_a_load_through_another_tile_is_a_fault(tmp_path, barrier):
    k, _ = kernel(tmp_path, barrier, back="d2")
    with pytest.raises(pvc.KernelFault, match="stored at line 7 through another tile; "
                                              "a vf.mem_bar\\(VST_VLD\\) between them would order it"):
        k.launch([torch.zeros(1, 64), torch.zeros(1, 64)], backend="sim")


def test_natively_nothing_is_checked(tmp_path, recwarn):
    k, _ = kernel(tmp_path, "vf.mem_bar(mode=pl.MemBarMode.VST_VST)")
    a, out = torch.arange(64.0).reshape(1, 64), torch.zeros(1, 64)
    k.launch([a, out], backend="native")
    assert torch.equal(out, a) and not [x for x in recwarn if issubclass(x.category, pvc.PvcWarning)]
