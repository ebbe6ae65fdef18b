"""A test file whose other kernels pvc cannot compile (a tile-level op, a vector function
with an unknown op) still runs the kernel it can: each kernel with errors raises them when it
is launched, a kernel that calls a broken vector function names the call and then the
callee's error (libpvc's pvc_program_load_each)."""
import numpy as np
import pytest
import pvc
import pypto_pro.language as pl
from pypto_pro.language import Vf as vf


@pl.vector_function
def twice(t):
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    r = vf.load_align(t, 0)
    r = vf.muls(r, 2.0, m)
    vf.store_align(t, r, m)


@pl.vector_function
def broken(t):
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    r = vf.load_align(t, 0)
    r = vf.frobnicate(r, m)
    vf.store_align(t, r, m)


@pl.jit()
def good(a: pl.Tensor[[1, 64], pl.DT_FP32], out: pl.Tensor[[1, 64], pl.DT_FP32]):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    g = pl.make_tile_group(type=tf, addrs=0x0, mutex_ids=[0])
    t = g.current()
    with pl.section_vector():
        pl.load(t, a, [0, 0])
        twice(t)
        pl.store(out, t, [0, 0])


@pl.jit()
def tile_level(a: pl.Tensor[[1, 64], pl.DT_FP32], out: pl.Tensor[[1, 64], pl.DT_FP32]):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    g = pl.make_tile_group(type=tf, addrs=0x0, mutex_ids=[0])
    t = g.current()
    with pl.section_vector():
        pl.load(t, a, [0, 0])
        pl.addc(t, t, t)
        pl.store(out, t, [0, 0])


@pl.jit()
def calls_broken(a: pl.Tensor[[1, 64], pl.DT_FP32], out: pl.Tensor[[1, 64], pl.DT_FP32]):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    g = pl.make_tile_group(type=tf, addrs=0x0, mutex_ids=[0])
    t = g.current()
    with pl.section_vector():
        pl.load(t, a, [0, 0])
        broken(t)
        pl.store(out, t, [0, 0])


def test_good(backend):
    a = np.arange(64, dtype=np.float32).reshape(1, 64) - 20.5
    out = np.zeros_like(a)
    good[None, 1](a, out)
    assert (out == a * np.float32(2)).all()


def test_tile_level(backend):
    a = np.zeros((1, 64), np.float32)
    with pytest.raises(pvc.CompileError, match="missing argument 'c' of pl.addc"):
        tile_level[None, 1](a, a.copy())


def test_calls_broken(backend):
    a = np.zeros((1, 64), np.float32)
    with pytest.raises(pvc.CompileError) as e:
        calls_broken[None, 1](a, a.copy())
    lines = str(e.value).splitlines()
    assert lines[0].endswith(":57:9: error: 'calls_broken' calls 'broken', which has errors "
                             "(below): pvc leaves both out [E010]"), lines
    assert lines[3].endswith(":24:9: error: unknown op 'vf.frobnicate' [E003]"), lines
    assert len(lines) == 6, lines


def test_whole_load_still_fails():
    """pvc_program_load (pvc run, pvc check) keeps the whole file's verdict."""
    import subprocess
    from conftest import pvc_binary
    r = subprocess.run([pvc_binary(), "check", __file__], capture_output=True, text=True)
    assert r.returncode == 1 and r.stderr.count("error:") == 2, r.stderr
