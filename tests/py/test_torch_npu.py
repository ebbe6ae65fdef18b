"""torch_npu as pvc provides it: npu devices are the CPU, torch.npu's three calls, and a
clear message for a dtype this torch lacks."""

import csv
import glob
import json

import numpy as np
import pypto_pro.language as pl
import pytest
import torch

import torch_npu  # noqa: F401


def test_devices_are_the_cpu():
    assert torch.randn([2, 3], device="npu:0").device.type == "cpu"
    assert torch.empty([4], device="npu").device.type == "cpu"
    assert torch.tensor(0.0, device="npu:3").device.type == "cpu"
    x = torch.ones([2, 2])
    assert x.npu() is x
    assert x.to("npu:0") is x and x.to(device="npu").device.type == "cpu"
    assert x.to("npu", torch.float16).dtype == torch.float16
    assert x.new_zeros([3], device="npu:1").device.type == "cpu"
    assert torch.zeros_like(x, device="npu").device.type == "cpu"
    assert torch.randint(0, 5, [3], device="npu:0", dtype=torch.int64).dtype == torch.int64


def test_npu_namespace():
    torch.npu.set_device(0)
    torch.npu.set_device("npu:1")
    with pytest.raises(ValueError, match="expected a device index or 'npu:N', got 'cuda:0'"):
        torch.npu.set_device("cuda:0")
    assert torch.npu.synchronize() is None
    assert "Ascend950" in torch.npu.get_device_name()
    # what hicann/pypto's conftest.py calls after every test
    assert torch.npu.is_available() is True and torch.npu.is_initialized() is True
    assert torch.npu.empty_cache() is None and torch.npu.memory_reserved() == 0


def test_missing_dtypes_are_named():
    if not hasattr(torch.Tensor, "float8_e4m3fn") and "float8_e4m3fn" not in vars(torch):
        with pytest.raises(AttributeError, match="has no dtype torch.float8_e4m3fn"):
            torch.float8_e4m3fn
    if "uint32" not in vars(torch):  # an older torch: the signed type of the width, with a warning
        torch_npu._warned.discard("uint32")  # warned once per process: whoever asked first
        with pytest.warns(UserWarning, match="has no torch.uint32; pvc's torch_npu gives torch.int32"):
            assert torch.uint32 is torch.int32
        assert torch.tensor([5], dtype=torch.uint32).dtype == torch.int32
    with pytest.raises(AttributeError, match="module 'torch' has no attribute 'no_such_thing'"):
        torch.no_such_thing


def test_trans_quant_param():
    # by hand: 0.01 is 0x3C23D70A in float32; & 0xFFFFE000 -> 0x3C23C000; | 1 << 46
    out = torch_npu.npu_trans_quant_param(torch.full((1, 4), 0.01))
    assert out.dtype == torch.int64 and out.shape == (1, 4)
    assert out.tolist() == [[0x3C23C000 | 1 << 46] * 4]
    # 1.0 is 0x3F800000 (low bits already 0); offset 2.6 rounds to 3, -300 clamps to -256
    # whose 9 low bits are 0x100
    out = torch_npu.npu_trans_quant_param(torch.tensor([1.0, 1.0]), torch.tensor([2.6, -300.0]))
    assert out.tolist() == [0x3F800000 | 1 << 46 | 3 << 37, 0x3F800000 | 1 << 46 | 0x100 << 37]
    with pytest.raises(ValueError, match=r"scale must be \(t,\) or \(1, n\)"):
        torch_npu.npu_trans_quant_param(torch.ones(2, 2))


def test_format_cast_and_profiler():
    x = torch.zeros(4, 4)
    assert torch_npu.get_npu_format(x) == 2
    y = torch_npu.npu_format_cast(x, 2)
    assert y is x and torch_npu.get_npu_format(y) == 2
    assert torch_npu.get_npu_format(torch_npu.npu_format_cast(x, 0)) == 0
    z = torch_npu.npu_format_cast(x, 29)  # the logical values, the format an attribute
    assert z is not x and torch_npu.get_npu_format(z) == 29 and torch.equal(z.cpu(), x)
    with pytest.raises(ValueError, match=r"not FRACTAL_Z \(4\)"):
        torch_npu.npu_format_cast(x, 4)
    with pytest.raises(ValueError, match=r"2-D tensors to FRACTAL_NZ \(29\), not a 1-D one"):
        torch_npu.npu_format_cast(torch.zeros(4), 29)
    p = torch_npu.profiler
    with p.profile(activities=[p.ProfilerActivity.NPU], schedule=p.schedule(wait=0, active=1),
                   on_trace_ready=p.tensorboard_trace_handler("unused"),
                   experimental_config=p._ExperimentalConfig(export_type=[p.ExportType.Text])) as prof:
        prof.step()


def test_half_selection_ops():
    # torch 1.13's CPU has no FP16 / BF16 eye, relu or clamp; the stand-ins give the values
    # the NPU gives: the inputs' own values (exact), 0 and 1
    for dt in (torch.float16, torch.bfloat16):
        e = torch.eye(3, device="npu", dtype=dt)
        assert e.dtype == dt and e.tolist() == [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
        x = torch.tensor([-1.5, -0.0, 0.25, 3.0], dtype=dt)
        assert torch.relu(x).dtype == dt and torch.relu(x).tolist() == [0.0, 0.0, 0.25, 3.0]
        assert x.relu().tolist() == [0.0, 0.0, 0.25, 3.0]
        assert torch.nn.functional.relu(x).tolist() == [0.0, 0.0, 0.25, 3.0]
        assert x.clamp(-1.0, 1.0).tolist() == [-1.0, -0.0, 0.25, 1.0]
        assert torch.clamp_min(x, 0.25).tolist() == [0.25, 0.25, 0.25, 3.0]
        assert x.clamp_max(0.0).tolist() == [-1.5, -0.0, 0.0, 0.0]
    # other dtypes are torch's own
    assert torch.relu(torch.tensor([-2, 5])).tolist() == [0, 5]


def test_profiler_records_the_launches_of_its_active_steps(tmp_path):
    """torch.profiler's schedule: skip_first=2, wait=1, warmup=1, active=2, repeat=1 over 8 steps
    records steps 4 and 5 only (one launch each), saved once; the files name pvc's host time."""
    p = torch_npu.profiler
    a, out = np.ones((1, 64), np.float32), np.zeros((1, 64), np.float32)
    saved = []
    handler = p.tensorboard_trace_handler(str(tmp_path))
    with p.profile(schedule=p.schedule(skip_first=2, wait=1, warmup=1, active=2, repeat=1),
                   on_trace_ready=lambda prof: (saved.append(len(prof.events)), handler(prof))) as prof:
        for _ in range(8):
            _profiled[None, 1](a, out)
            prof.step()
    assert saved == [2] and (out == 2).all()
    rows = list(csv.DictReader(open(glob.glob(str(tmp_path / "*_ascend_pt/ASCEND_PROFILER_OUTPUT/"
                                                              "kernel_details.csv"))[0])))
    assert [r["Name"] for r in rows] == ["_profiled"] * 2
    assert all("pvc host wall time" in r["Time Source"] and float(r["Duration(us)"]) > 0 for r in rows)
    trace = json.load(open(glob.glob(str(tmp_path / "*_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json"))[0]))
    assert [e["name"] for e in trace["traceEvents"]] == ["_profiled"] * 2


@pl.jit()
def _profiled(a: pl.Tensor[[1, 64], pl.DT_FP32], out: pl.Tensor[[1, 64], pl.DT_FP32]):
    t = pl.make_tile(pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec), addr=0x0)
    with pl.section_vector():
        pl.load(t, a, [0, 0])
        pl.add(t, t, t)
        pl.store(out, t, [0, 0])
