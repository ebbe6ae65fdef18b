"""torch_npu for pypto_pro tests run by pvc: the NPU is the CPU.

Importing it makes what the seed and hicann/pypto tests call work on a CPU-only torch:
  - device="npu" / "npu:N" in torch's tensor factories (torch.randn, torch.empty, ...),
    tensor.to("npu"), tensor.new_*(device="npu") and tensor.npu() all mean the CPU;
  - torch.npu.set_device(...) checks its argument and does nothing else,
    torch.npu.synchronize() returns at once (a pvc launch has finished when it returns),
    torch.npu.get_device_name() names pvc's model of the Ascend 950;
  - torch.uint16/uint32/uint64, which Debian's torch 1.13 lacks, are the signed dtypes of the
    same width (pvc's stand-ins for unsigned parameters), with a warning at the first use;
  - another dtype this torch lacks (torch.float8_e4m3fn, ...) raises an AttributeError that
    names it, instead of torch's bare "no attribute".
Nothing else of torch_npu is here.
"""

import functools
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
    torch.Tensor.npu = _npu
    npu = types.ModuleType("torch.npu", "torch.npu as pvc provides it (torch_npu docstring)")
    npu.set_device, npu.synchronize, npu.get_device_name = set_device, synchronize, get_device_name
    torch.npu = npu
    sys.modules["torch.npu"] = npu
    if "__getattr__" not in vars(torch):
        torch.__getattr__ = _torch_getattr


_install()
