"""Shared by the Python suite (tests/run_py.sh runs it with `pvc py -m pytest`): the backend
fixture, and which ops this pvc has (some tests need ops of other branches)."""

import os
import subprocess

import pytest


@pytest.fixture(params=["sim", "native"])
def backend(request, monkeypatch):
    """Runs a test once per backend, through PVC_BACKEND as a user would choose it."""
    monkeypatch.setenv("PVC_BACKEND", request.param)
    return request.param


def pvc_binary():
    """The pvc next to the libpvc.so this process loads (`pvc py` sets PVC_LIB)."""
    return os.path.join(os.path.dirname(os.environ["PVC_LIB"]), "pvc")


_ops = None


def missing_ops(*names):
    """The names among `names` that `pvc help ops` does not list (it prints "pl.name(...)")."""
    global _ops
    if _ops is None:
        _ops = subprocess.run([pvc_binary(), "help", "ops"], capture_output=True, text=True,
                              check=True).stdout.split()
    return [n for n in names if not any(op.startswith(n + "(") for op in _ops)]
