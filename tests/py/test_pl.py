"""The pypto_pro.language surface a file evaluates at import: pvc's dtypes and enums under
their pl names, annotations, the decorators; and what happens when Python calls what only a
kernel may run."""

import os
import subprocess
import sys
import textwrap

import pytest

import pvc
import pypto_pro.language as pl
from pypto_pro.language import Vf as vf
from conftest import pvc_binary


def help_table(topic):
    return subprocess.run([pvc_binary(), "help", topic], capture_output=True, text=True,
                          check=True).stdout


def test_dtypes_are_pvcs():
    names = [line.split()[1] for line in help_table("dtypes").splitlines() if " DT_" in line]
    assert len(names) == 19 and names[0] == "DT_INT4" and names[-1] == "DT_BOOL"
    for name in names:
        assert repr(getattr(pl, name)) == f"pl.{name}" and getattr(pl, name).name == name[3:]
    with pytest.raises(AttributeError, match="pvc has no dtype pl.DT_NOPE"):
        pl.DT_NOPE


def test_enums_are_pvcs():
    assert repr(pl.MaskPattern.ALL) == "pl.MaskPattern.ALL"
    assert pvc.enums()["MaskPattern"]["ALL"] == pl.MaskPattern.ALL.value
    text = help_table("enums")
    for ns, members in pvc.enums().items():
        assert f"pl.{ns}" in text
        for m in members:
            assert getattr(getattr(pl, ns), m).name == m


def test_annotations_evaluate():
    t = pl.Tensor[[pl.DYNAMIC, 64], pl.DT_FP32]
    assert repr(t) == "pl.Tensor[([pl.DYNAMIC, 64], pl.DT_FP32)]"
    assert repr(pl.Ptr[pl.DT_FP16]) == "pl.Ptr[pl.DT_FP16]"
    assert repr(pl.STATIC) == "pl.STATIC"


def test_dsl_ops_do_not_run_in_python():
    with pytest.raises(RuntimeError, match="vf.load_align runs only inside a kernel"):
        vf.load_align(None, 0)
    with pytest.raises(RuntimeError, match="pl.system.bar_all runs only inside a kernel"):
        pl.system.bar_all()

    @pl.vector_function
    def v(src):
        pass

    with pytest.raises(RuntimeError, match="vector function 'v' runs only inside a kernel"):
        v(None)
    with pytest.raises(AttributeError):
        pl._pytestfixturefunction  # tools probing private names get a plain AttributeError


def test_decorator_forms():
    def f(a):
        pass

    def k(a: pl.Tensor[[1, 64], pl.DT_FP32]):
        pass

    # a tile kernel (a pl.Tensor, pl.Ptr or pl.DT_* parameter) becomes a launchable kernel ...
    assert pl.jit(k)._func is k and pl.jit()(k)._func is k and pl.jit(auto_mutex=False)(k)._auto_mutex is False
    assert pl.jit(arch="a5")(k).arch == "a5" and pl.jit(k).__name__ == "k"
    # ... any other function stays a Python function, as pypto_pro makes it
    plain = pl.jit()(f)
    assert plain.__wrapped__ is f and plain(1) is None
    with pytest.raises(TypeError, match=r"jit\(\) got unexpected keyword argument\(s\): bogus"):
        pl.jit(bogus=1)(k)
    assert pl.vector_function(f).fn is f and pl.vector_function()(f).fn is f


def test_pipeline_names_evaluate_at_import():
    # pypto's @pl.pipeline.stage returns its function unchanged, and PipelineConfig is an
    # option of @pl.jit: both run when the file is imported, so a test file using them loads
    def f(a):
        pass

    assert pl.pipeline.stage(f) is f
    config = pl.pipeline.PipelineConfig(preload=1)
    assert config.options == {"preload": 1}
    assert pl.jit(pipeline=config)(lambda a: None)(None) is None
    with pytest.raises(RuntimeError, match="pl.pipeline.other runs only inside a kernel"):
        pl.pipeline.other(f)


@pytest.mark.parametrize("backend", ["sim", "native"])
def test_kernel_inside_a_function(tmp_path, backend):
    """A kernel and its vector function defined in a function (as 13 of pypto_pro's own test
    files do) launch under their qualified name: out = a * 2, exact in FP32."""
    path = tmp_path / "nested.py"
    path.write_text(textwrap.dedent("""\
        import numpy as np
        import pypto_pro.language as pl
        from pypto_pro.language import Vf as vf

        def make():
            @pl.vector_function
            def twice(t):
                m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
                r = vf.load_align(t, 0)
                r = vf.muls(r, 2.0, m)
                vf.store_align(t, r, m)

            @pl.jit()
            def inner(a: pl.Tensor[[1, 64], pl.DT_FP32], out: pl.Tensor[[1, 64], pl.DT_FP32]):
                tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
                g = pl.make_tile_group(type=tf, addrs=0x0, mutex_ids=[0])
                t = g.current()
                with pl.section_vector():
                    pl.load(t, a, [0, 0])
                    twice(t)
                    pl.store(out, t, [0, 0])
            return inner

        a = np.arange(64, dtype=np.float32).reshape(1, 64) - 31.5
        out = np.zeros((1, 64), np.float32)
        make()[None, 1](a, out)
        assert (out == a * np.float32(2)).all(), out
        print("nested ok")
    """))
    env = dict(os.environ, PVC_BACKEND=backend)
    r = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    assert r.stdout == "nested ok\n"
