"""pytest plugin (tests/run_py.sh loads it with `-p sample_backends`): every test function of
a sample file (samples/*.py, run unmodified) runs once per backend, through PVC_BACKEND as a
user would choose it, so one pytest session covers both."""

import os

import pytest

SAMPLES = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                       "samples")


def pytest_generate_tests(metafunc):
    path = str(getattr(metafunc.definition, "path", None) or metafunc.definition.fspath)
    if os.path.dirname(os.path.abspath(path)) == SAMPLES:
        metafunc.fixturenames.append("sample_backend")
        metafunc.parametrize("sample_backend", ["sim", "native"], indirect=True)


@pytest.fixture
def sample_backend(request, monkeypatch):
    monkeypatch.setenv("PVC_BACKEND", request.param)
    return request.param



def pytest_collection_modifyitems(config, items):
    """A sample that names a torch dtype this torch lacks cannot run here (it is deselected);
    tests/py/test_sample_mains.py checks that it fails with the message naming the dtype."""
    from test_sample_mains import lacked
    cannot = {}
    keep, drop = [], []
    for item in items:
        path = os.path.abspath(str(item.fspath))
        if os.path.dirname(path) == SAMPLES and cannot.setdefault(path, bool(lacked(path))):
            drop.append(item)
        else:
            keep.append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep
