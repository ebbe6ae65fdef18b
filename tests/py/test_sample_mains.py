"""Every sample as a user runs it directly (`pvc py samples/X.py`): its __main__ block prints
PASSED on the default backend. Run here with runpy, so that torch starts once for all of
them (tests/run_py.sh also runs one sample as a process of its own). A sample that names a
torch dtype this torch lacks (Debian's torch 1.13 has no float8 types and no uint16/32/64)
cannot run here: it must fail with pvc's message naming the first such dtype."""

import glob
import os
import re
import runpy

import pytest
import torch

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAMPLES = sorted(glob.glob(os.path.join(ROOT, "samples", "*.py")))
NEWER = re.compile(r"torch\.(float8_[a-z0-9_]*|uint16|uint32|uint64)\b")


def lacked(path):
    """The torch.<name> dtypes the sample names that this torch does not have itself (pvc's
    torch_npu stands in for some, so ask torch's own namespace), sorted."""
    with open(path) as f:
        names = sorted(set(NEWER.findall(f.read())))
    return [n for n in names if n not in vars(torch)]


def runs_directly(path):
    with open(path) as f:
        return "__main__" in f.read() or bool(lacked(path))


@pytest.mark.parametrize("path", [s for s in SAMPLES if runs_directly(s)], ids=os.path.basename)
def test_sample_main(path, capsys, monkeypatch):
    monkeypatch.delenv("PVC_BACKEND", raising=False)
    missing = lacked(path)
    if missing:
        with pytest.raises(AttributeError, match=re.escape("has no dtype torch." + missing[0])):
            runpy.run_path(path, run_name="__main__")
        return
    runpy.run_path(path, run_name="__main__")
    out = capsys.readouterr().out.splitlines()
    assert out and out[-1] == "PASSED", out[-5:]
