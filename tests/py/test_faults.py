"""Errors come back as Python exceptions carrying pvc's located text: a kernel fault at its
DSL line (both backends), a compile error with its code, warnings only under PVC_VERBOSE."""

import os
import subprocess
import sys
import textwrap

import pytest
import torch

import pvc
import pypto_pro.language as pl


@pl.vector_function
def far_rows_vf(src_tile, n_rows):
    for i in pl.range(n_rows):
        reg = vf.load_align(src_tile, [i * 1024, 0])


@pl.jit()
def far_rows_kernel(a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32], n_rows: int):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_in = pl.make_tile(tf, addr=0x0, size=256)
    with pl.section_vector():
        pl.load(t_in, a, [0, 0])
        far_rows_vf(t_in, n_rows)


def test_fault_names_the_dsl_line(backend):
    far_rows_kernel[None, 1](torch.zeros([1, 64]), 1)  # row 0 only: inside the UB
    with pytest.raises(pvc.KernelFault) as e:
        far_rows_kernel[None, 1](torch.zeros([1, 64]), 2)
    # row 1024 of a 64-wide FP32 tile at UB 0 is byte 1024 * 256 = 0x40000, past the 256 KiB UB
    text = str(e.value).splitlines()
    assert text[0] == (f"{__file__}:19:15: error: kernel fault: access outside the Unified Buffer "
                       "(load_align, UB address 0x40000, bytes [0x40000, 0x40100) leave the "
                       "262144-byte UB)")
    assert text[1:] == ["        reg = vf.load_align(src_tile, [i * 1024, 0])", "              ^"]
    first = e.value.diagnostics[0]
    assert (first.severity, first.line, first.col, first.code) == ("error", 19, 15, "")


def write(tmp_path, name, body):
    path = tmp_path / name
    path.write_text(textwrap.dedent(body))
    return path


def run_python(path, **env):
    return subprocess.run([sys.executable, str(path)], capture_output=True, text=True,
                          env={**os.environ, **env})


BAD = """\
    import pypto_pro.language as pl
    import numpy as np

    @pl.vector_function
    def v(src_tile, dst_tile):
        reg = vf.load_aligned(src_tile, 0)

    @pl.jit()
    def k(a: pl.Tensor[[1, 64], pl.DT_FP32]):
        tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
        t = pl.make_tile(tf, addr=0x0, size=256)
        with pl.section_vector():
            v(t, t)

    k[None, 1](np.zeros((1, 64), np.float32))
"""


def test_compile_error(tmp_path):
    r = run_python(write(tmp_path, "bad_kernel.py", BAD))
    assert r.returncode == 1
    # pypto_pro's parser error for an op pvc does not know, also a pvc.CompileError
    assert "UnsupportedFeatureError: ErrCode: F00005, " in r.stderr
    assert (f"{tmp_path}/bad_kernel.py:6:11: error: unknown op 'vf.load_aligned' [E003]\n"
            "    reg = vf.load_aligned(src_tile, 0)\n"
            "          ^") in r.stderr


UNUSED = """\
    import pypto_pro.language as pl
    import numpy as np

    @pl.vector_function
    def never_called(src_tile):
        reg = vf.load_align(src_tile, 0)

    @pl.jit()
    def k(a: pl.Tensor[[1, 64], pl.DT_FP32]):
        tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
        t = pl.make_tile(tf, addr=0x0, size=256)
        with pl.section_vector():
            pl.load(t, a, [0, 0])

    k[None, 1](np.zeros((1, 64), np.float32))
    print("ran")
"""


def test_warnings_only_when_verbose(tmp_path):
    path = write(tmp_path, "unused_vf.py", UNUSED)
    quiet = run_python(path)
    assert quiet.returncode == 0 and quiet.stdout == "ran\n" and quiet.stderr == ""
    loud = run_python(path, PVC_VERBOSE="1")
    assert loud.returncode == 0 and "unused_vf.py:5:1: warning: vector function 'never_called' is never called" in loud.stderr
    assert "[W009]" in loud.stderr
