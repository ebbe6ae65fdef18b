"""torch_npu for pypto_pro tests run by pvc: the NPU is the CPU.

Importing it makes what the seed and hicann/pypto tests call work on a CPU-only torch:
  - device="npu" / "npu:N" in torch's tensor factories (torch.randn, torch.empty, ...),
    tensor.to("npu"), tensor.new_*(device="npu") and tensor.npu() all mean the CPU;
  - torch.npu.set_device(...) checks its argument and does nothing else,
    torch.npu.synchronize() returns at once (a pvc launch has finished when it returns),
    torch.npu.get_device_name() names pvc's model of the Ascend 950, is_available() and
    is_initialized() are True, memory_reserved() is 0 and empty_cache() does nothing;
  - torch.uint16/uint32/uint64, which Debian's torch 1.13 lacks, are the signed dtypes of the
    same width (pvc's stand-ins for unsigned parameters), with a warning at the first use;
  - another dtype this torch lacks (torch.float8_e4m3fn, ...) raises an AttributeError that
    names it, instead of torch's bare "no attribute";
  - the selection ops the NPU runs on FP16 and BF16 but the CPU kernels of torch 1.13 lack
    (torch.eye; relu, clamp, clamp_min, clamp_max, as functions and methods): computed in FP32
    and converted back, which is exact, since each result is one of its inputs' values or 0/1;
  - the host-side calls tests make to prepare data: npu_trans_quant_param (torch_npu's
    formula, below), npu_format_cast / get_npu_format for the formats pvc models (ND, the
    plain formats that are stored as ND, and FRACTAL_NZ), and torch_npu.profiler, whose profile() records
    each kernel launch with pvc's host time of it (no device counters).
Nothing else of torch_npu is here.
"""

import functools
import os
import sys
import types
import warnings

import torch

__all__ = []

# Dtypes of newer torch releases that pypto_pro tests name.
_NEWER_DTYPES = ("float8_e4m3fn", "float8_e5m2", "float8_e4m3fnuz", "float8_e5m2fnuz",
                 "float8_e8m0fnu", "float4_e2m1fn_x2", "uint16", "uint32", "uint64")

# torch functions that take device=.
_FACTORIES = ("empty", "zeros", "ones", "full", "rand", "randn", "randint", "randperm", "arange",
              "range", "linspace", "logspace", "eye", "tensor", "as_tensor", "asarray",
              "empty_like", "zeros_like", "ones_like", "full_like", "rand_like", "randn_like",
              "randint_like", "empty_strided", "scalar_tensor", "normal", "tril_indices",
              "triu_indices")
_TENSOR_FACTORIES = ("new_empty", "new_zeros", "new_ones", "new_full", "new_tensor")


def _is_npu(device):
    if not isinstance(device, str):
        return False
    d = device.strip()
    return d == "npu" or (d.startswith("npu:") and d[4:].isdigit())


def _cpu(device):
    return "cpu" if _is_npu(device) else device


def _on_cpu(fn):
    """fn with device="npu..." read as the CPU."""

    @functools.wraps(fn)
    def call(*args, **kwargs):
        if "device" in kwargs:
            kwargs["device"] = _cpu(kwargs["device"])
        return fn(*args, **kwargs)

    call._pvc_npu = True
    return call


def _to(original):
    @functools.wraps(original)
    def to(self, *args, **kwargs):
        if "device" in kwargs:
            kwargs["device"] = _cpu(kwargs["device"])
        return original(self, *(_cpu(a) for a in args), **kwargs)

    to._pvc_npu = True
    return to


def _npu(self, device=None, non_blocking=False, memory_format=None):
    """tensor.npu(): the tensor itself (its memory is where pvc runs), like .cpu() on CPU."""
    return self


def set_device(device):
    """torch.npu.set_device(0 | "npu" | "npu:0"): nothing to select on the CPU."""
    if isinstance(device, bool) or not (isinstance(device, int) and device >= 0 or _is_npu(device)):
        raise ValueError(f"torch.npu.set_device: expected a device index or 'npu:N', got {device!r}")


def synchronize(device=None):
    """torch.npu.synchronize(): every pvc launch has finished when it returns."""


def get_device_name(device=None):
    return "Ascend950 (pvc on the CPU)"


def is_available():
    """torch.npu.is_available(): pvc's device is always there."""
    return True


def is_initialized():
    """torch.npu.is_initialized(): nothing to initialise on the CPU."""
    return True


def memory_reserved(device=None):
    """torch.npu.memory_reserved(): 0 bytes; tensors live in host memory, none is reserved."""
    return 0


def empty_cache():
    """torch.npu.empty_cache(): tensors are host memory; there is no device cache to drop."""


# Unsigned dtypes this torch lacks: the signed type of the width, which pvc takes for an
# unsigned parameter anyway (the same bits). Torch's own arithmetic then reads values of
# 2^(bits-1) and more as negative, so the first use warns.
_UNSIGNED_STAND_INS = {"uint16": "int16", "uint32": "int32", "uint64": "int64"}
_warned = set()


def _torch_getattr(name):
    if name in _UNSIGNED_STAND_INS:
        signed = _UNSIGNED_STAND_INS[name]
        if name not in _warned:
            _warned.add(name)
            warnings.warn(f"torch {torch.__version__} has no torch.{name}; pvc's torch_npu gives "
                          f"torch.{signed} in its place (the same bits, which pvc takes for an "
                          f"unsigned parameter; torch reads values of 2^{int(name[4:]) - 1} "
                          f"and more as negative)", stacklevel=2)
        return getattr(torch, signed)
    if name in _NEWER_DTYPES:
        raise AttributeError(
            f"torch {torch.__version__} has no dtype torch.{name} (newer torch releases have "
            f"it), so this test cannot run with this torch; pvc itself takes 8-bit float "
            f"tensors as torch.uint8 raw codes and unsigned ints as the signed type of their width"
        )
    raise AttributeError(f"module 'torch' has no attribute {name!r}")


# ---- host-side data preparation -----------------------------------------------------------
def npu_trans_quant_param(scale, offset=None):
    """The int64 quantisation parameters of a float32 scale (and offset), as torch_npu's
    documentation of aclnnTransQuantParam gives them: the scale's float32 bits with the low
    13 mantissa bits cleared, bit 46 set; an offset rounded to an int, clamped to
    [-256, 255], its 9 low bits at bits 37-45. scale is (t,) or (1, n); the result has
    scale's shape, or (max(t, len(offset)),) for a 1-D scale."""
    import numpy as np

    s = np.asarray(scale.detach().cpu().numpy(), dtype=np.float32)
    if s.ndim not in (1, 2) or (s.ndim == 2 and s.shape[0] != 1):
        raise ValueError(f"npu_trans_quant_param: scale must be (t,) or (1, n), got {tuple(s.shape)}")
    out = (s.view(np.uint32).astype(np.uint64) & np.uint64(0xFFFFE000)) | np.uint64(1 << 46)
    if offset is not None:
        o = np.asarray(offset.detach().cpu().numpy(), dtype=np.float32).reshape(-1)
        if s.ndim == 1:
            n = max(s.size, o.size)
            out = np.broadcast_to(out, (n,)).copy()
            o = np.broadcast_to(o, (n,))
        o = np.clip(np.round(o).astype(np.int64), -256, 255).reshape(out.shape)
        out = (out & np.uint64(0x4000FFFFFFFF)) | ((o.astype(np.uint64) & np.uint64(0x1FF)) << np.uint64(37))
    return torch.from_numpy(out.astype(np.int64))


# The npu formats (torch_npu's ACL format numbers) pvc models: the plain formats, stored
# row-major, and FRACTAL_NZ, which a kernel's pl.Tensor[..., pl.NZ] parameter takes.
_FORMATS = {0: "NCHW", 1: "NHWC", 2: "ND", 29: "FRACTAL_NZ"}
_OTHER_FORMATS = {3: "NC1HWC0", 4: "FRACTAL_Z"}
FRACTAL_NZ = 29


def npu_format_cast(tensor, acl_format):
    """The tensor in npu format acl_format. ND and the plain formats (NCHW, NHWC) are stored
    row-major as pvc's GM is: the same data. FRACTAL_NZ (29): as on the NPU the tensor still
    reads as its logical values on the host (.cpu(), indexing, torch ops), and the format is
    an attribute of the tensor (get_npu_format); pvc lays the values out as NZ fractals in GM
    when a kernel's pl.Tensor[..., pl.NZ] parameter takes it, and back after the run
    (docs/SEMANTICS.md §17.4.6). A 2-D tensor only, as pvc's NZ parameters are. The other
    fractal formats are a ValueError that names the format."""
    if acl_format not in _FORMATS:
        name = _OTHER_FORMATS.get(acl_format, f"format {acl_format}")
        raise ValueError(f"torch_npu.npu_format_cast: pvc models GM tensors in ND (and NCHW, NHWC: "
                         f"formats 2, 0, 1) and FRACTAL_NZ (29), not {name} ({acl_format})")
    if acl_format == FRACTAL_NZ and tensor.dim() != 2:
        raise ValueError(f"torch_npu.npu_format_cast: pvc casts 2-D tensors to FRACTAL_NZ (29), "
                         f"not a {tensor.dim()}-D one of shape {tuple(tensor.shape)}")
    out = tensor.clone() if getattr(tensor, "_pvc_npu_format", 2) != acl_format else tensor
    out._pvc_npu_format = acl_format
    return out


def get_npu_format(tensor):
    """The npu format of a tensor: ND (2) unless npu_format_cast gave it another."""
    return getattr(tensor, "_pvc_npu_format", 2)


def _profiler():
    """torch_npu.profiler over pvc: profile() records every @pl.jit launch of its recording
    steps (schedule()'s RECORD phases; every launch when it has no schedule) and hands them to
    on_trace_ready; tensorboard_trace_handler(dir) writes them as torch_npu lays its output out,
    DIR/<worker>_<pid>_<ms>_ascend_pt/ASCEND_PROFILER_OUTPUT/{kernel_details.csv,trace_view.json}.
    The times are pvc's own: the host wall time of each launch in its backend (sim or native),
    not an Ascend device's, and named so in both files; nothing else is recorded (the activity,
    level and metrics options select device counters pvc does not have)."""
    import csv
    import json
    import socket
    import time

    prof = types.ModuleType("torch_npu.profiler", _profiler.__doc__)
    prof.ProfilerAction = types.SimpleNamespace(NONE=0, WARMUP=1, RECORD=2, RECORD_AND_SAVE=3)
    act = prof.ProfilerAction

    def schedule(*, wait, active, warmup=0, repeat=0, skip_first=0):
        """torch.profiler's schedule: the action of each step."""
        def at(step):
            if step < skip_first:
                return act.NONE
            step -= skip_first
            n = wait + warmup + active
            if n <= 0 or (repeat > 0 and step // n >= repeat):
                return act.NONE
            k = step % n
            if k < wait:
                return act.NONE
            if k < wait + warmup:
                return act.WARMUP
            return act.RECORD if k < n - 1 else act.RECORD_AND_SAVE
        return at

    class _Profile:
        def __init__(self, *args, schedule=None, on_trace_ready=None, **kwargs):
            self.schedule, self.on_trace_ready = schedule, on_trace_ready
            self.step_num, self.events, self._on = 0, [], False

        def _action(self):
            return self.schedule(self.step_num) if self.schedule else act.RECORD

        def _record(self, name, blocks, backend, start, end):
            if self._action() in (act.RECORD, act.RECORD_AND_SAVE):
                self.events.append({"name": name, "blocks": blocks, "backend": backend,
                                    "start_ns": start, "end_ns": end})

        def _save(self):
            if self.events and self.on_trace_ready:
                self.on_trace_ready(self)
            self.events = []

        def start(self):
            jit = _jit_module()
            if not self._on:
                jit.launch_recorders.append(self._record)
                self._on = True

        def stop(self):
            jit = _jit_module()
            if self._on:
                jit.launch_recorders.remove(self._record)
                self._on = False
                if self._action() in (act.RECORD, act.RECORD_AND_SAVE):
                    self._save()

        def step(self):
            done = self._action()
            self.step_num += 1
            if done == act.RECORD_AND_SAVE:
                self._save()

        def __enter__(self):
            self.start()
            return self

        def __exit__(self, *exc):
            self.stop()
            return False

        def export_chrome_trace(self, path):
            _write_trace(path, self.events)

    def _write_trace(path, events):
        trace = [{"name": e["name"], "ph": "X", "cat": "pvc " + e["backend"], "pid": os.getpid(), "tid": 0,
                  "ts": e["start_ns"] / 1000.0, "dur": (e["end_ns"] - e["start_ns"]) / 1000.0,
                  "args": {"Block Dim": e["blocks"], "time": "pvc host wall time (%s backend), not device "
                           "time" % e["backend"]}} for e in events]
        tmp = path + ".tmp"
        with open(tmp, "w") as f:
            json.dump({"traceEvents": trace, "displayTimeUnit": "us"}, f)
        os.replace(tmp, path)

    def tensorboard_trace_handler(dir_name, worker_name=None, analyse_flag=True, async_mode=False):
        def handler(p):
            worker = worker_name or socket.gethostname()
            out = os.path.join(dir_name, "%s_%d_%d_ascend_pt" % (worker, os.getpid(), int(time.time() * 1000)),
                               "ASCEND_PROFILER_OUTPUT")
            os.makedirs(out, exist_ok=True)
            tmp = os.path.join(out, "kernel_details.csv.tmp")
            with open(tmp, "w", newline="", encoding="utf-8") as f:
                w = csv.writer(f)
                w.writerow(["Name", "Type", "Start Time(us)", "Duration(us)", "Block Dim", "Time Source"])
                for e in p.events:
                    w.writerow([e["name"], "pypto_pro kernel", "%.3f" % (e["start_ns"] / 1000.0),
                                "%.3f" % ((e["end_ns"] - e["start_ns"]) / 1000.0), e["blocks"],
                                "pvc host wall time, %s backend" % e["backend"]])
            os.replace(tmp, os.path.join(out, "kernel_details.csv"))
            _write_trace(os.path.join(out, "trace_view.json"), p.events)
        return handler

    def _keep(*args, **kwargs):
        return (args, kwargs)

    def _jit_module():  # pypto_pro.runtime's `jit` attribute is the decorator, not the module
        import importlib
        return importlib.import_module("pypto_pro.runtime.jit")

    class _Names:
        def __init__(self, *names):
            for n in names:
                setattr(self, n, n)

    prof.profile = _Profile
    prof.schedule = schedule
    prof.tensorboard_trace_handler = tensorboard_trace_handler
    prof._ExperimentalConfig = _keep
    prof.ProfilerActivity = _Names("CPU", "NPU")
    prof.ExportType = _Names("Text", "Db")
    prof.ProfilerLevel = _Names("Level_none", "Level0", "Level1", "Level2")
    prof.AiCMetrics = _Names("PipeUtilization", "ArithmeticUtilization", "Memory", "MemoryL0",
                             "MemoryUB", "ResourceConflictRatio", "L2Cache", "AiCoreNone")
    return prof


profiler = _profiler()
sys.modules["torch_npu.profiler"] = profiler
__all__ += ["npu_trans_quant_param", "npu_format_cast", "get_npu_format", "profiler"]


_HALVES = (torch.float16, torch.bfloat16)


def _eye(original):
    @functools.wraps(original)
    def eye(*args, **kwargs):
        dt = kwargs.get("dtype")
        if dt in _HALVES:  # the CPU has no half eye; 0 and 1 are exact in every float
            kwargs["dtype"] = torch.float32
            return original(*args, **kwargs).to(dt)
        return original(*args, **kwargs)
    return eye


def _selection(original):
    """original on an FP16 / BF16 CPU tensor through FP32: the op selects among its inputs'
    values (and bounds that tests pass as Python numbers), so the conversions are exact."""
    @functools.wraps(original)
    def op(x, *args, **kwargs):
        if isinstance(x, torch.Tensor) and x.dtype in _HALVES and x.device.type == "cpu" and "out" not in kwargs:
            return original(x.float(), *args, **kwargs).to(x.dtype)
        return original(x, *args, **kwargs)
    return op


def _install():
    if getattr(torch, "_pvc_torch_npu", False):
        return
    torch._pvc_torch_npu = True
    for name in _FACTORIES:
        if hasattr(torch, name):
            setattr(torch, name, _on_cpu(getattr(torch, name)))
    for name in _TENSOR_FACTORIES:
        if hasattr(torch.Tensor, name):
            setattr(torch.Tensor, name, _on_cpu(getattr(torch.Tensor, name)))
    torch.Tensor.to = _to(torch.Tensor.to)
    torch.eye = _eye(torch.eye)
    for name in ("relu", "clamp", "clamp_min", "clamp_max"):
        setattr(torch, name, _selection(getattr(torch, name)))
        setattr(torch.Tensor, name, _selection(getattr(torch.Tensor, name)))
    torch.nn.functional.relu = _selection(torch.nn.functional.relu)
    torch.Tensor.npu = _npu
    npu = types.ModuleType("torch.npu", "torch.npu as pvc provides it (torch_npu docstring)")
    npu.set_device, npu.synchronize, npu.get_device_name = set_device, synchronize, get_device_name
    npu.is_available, npu.is_initialized, npu.empty_cache = is_available, is_initialized, empty_cache
    npu.memory_reserved = memory_reserved
    torch.npu = npu
    sys.modules["torch.npu"] = npu
    if "__getattr__" not in vars(torch):
        torch.__getattr__ = _torch_getattr


_install()
