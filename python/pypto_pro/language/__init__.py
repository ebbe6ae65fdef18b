"""pypto_pro.language backed by pvc.

    import pypto_pro.language as pl
    from pypto_pro.language import Vf as vf

    @pl.vector_function
    def my_vf(src, dst): ...

    @pl.jit()
    def my_kernel(a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32], ...): ...

    my_kernel[None, 8](a, out)      # compiles the file with libpvc, runs 8 blocks in place

@pl.jit is pypto_pro.runtime.jit: `kernel[None, N](*args)` compiles the function's source
file with pvc (once per content and bound values), finds the kernel by name, binds the
arguments to its parameters as Python binds a call (torch CPU tensors, numpy arrays, int,
float, bool, a tiling-class instance last) and runs N blocks on the caller's memory. A
fault raises pvc.KernelFault whose message is pvc's located diagnostic; a kernel pvc cannot
compile raises pypto_pro's parser error for it (pl.parser.ParserError and its subclasses),
which is also a pvc.CompileError. Backend: $PVC_BACKEND (sim, the default, or native). A
kernel defined inside a function is found by its qualified name without the "<locals>"
parts (test_x.k), as pvc names it; the values of that function it sees are bound when it
compiles (pypto_pro.runtime.jit).

The names a file evaluates when Python imports it exist here: pl.DT_* (pvc's dtypes),
pl.DYNAMIC and pl.STATIC, pl.Tensor[...] and pl.Ptr[...] annotations, the enum namespaces
(pl.MaskPattern.ALL, ...), pl.Vf. The DSL ops themselves (pl.load, vf.load_align, ...)
are compiled by pvc from the source; called from Python they raise.
"""

import functools
import inspect

import pvc

# pypto_pro imports torch and torch_npu itself, so its tests use torch.npu and device="npu"
# without importing torch_npu; the same here, when torch is there at all (numpy needs none).
try:
    import torch_npu  # noqa: F401
except ImportError:
    pass

__all__ = ["jit", "vector_function", "Tensor", "Ptr", "DYNAMIC", "STATIC", "Vf", "DataType"]


class DataType:
    """pl.DT_<NAME>: one of pvc's dtypes."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return f"pl.DT_{self.name}"


class _Dim:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return f"pl.{self.name}"


DYNAMIC = _Dim("DYNAMIC")
STATIC = _Dim("STATIC")


class _Annotation:
    """What pl.Tensor[[dims], dtype] evaluates to: pvc reads the annotation from the source."""

    def __init__(self, kind, args):
        self.kind, self.args = kind, args

    def __repr__(self):
        return f"pl.{self.kind}[{self.args!r}]"


class Tensor:
    def __class_getitem__(cls, args):
        return _Annotation("Tensor", args)


class Ptr:
    def __class_getitem__(cls, args):
        return _Annotation("Ptr", args)


class _Member:
    def __init__(self, ns, name, value):
        self.ns, self.name, self.value = ns, name, value

    def __repr__(self):
        return f"pl.{self.ns}.{self.name}"


class _Namespace:
    def __init__(self, name, members):
        self._name = name
        for member, value in members.items():
            setattr(self, member, _Member(name, member, value))

    def __repr__(self):
        return f"pl.{self._name}"


class _DslOp:
    """A DSL op: pvc compiles it from the source; Python never runs it."""

    def __init__(self, name):
        self._name = name

    def __getattr__(self, attr):
        if attr.startswith("_"):
            raise AttributeError(attr)
        return _DslOp(f"{self._name}.{attr}")

    def __call__(self, *args, **kwargs):
        if self._name in _UNCOMPILED_DECORATORS:  # @pl.simt.function(...): the file still imports
            return _Uncompiled(self._name, _UNCOMPILED_DECORATORS[self._name])
        raise RuntimeError(f"{self._name} runs only inside a kernel: launch the @pl.jit kernel "
                           f"with kernel[None, N](...) and pvc compiles it")

    def __getitem__(self, item):  # an annotation (`t: pl.Tile[[16, 64], pl.DT_FP32]`): pvc reads it
        return _DslOp(f"{self._name}[...]")

    def __repr__(self):
        return self._name


# Decorator factories of code pvc does not compile: the function they decorate is kept, and
# calling it says why it does not run.
_UNCOMPILED_DECORATORS = {"pl.simt.function": "SIMT functions (@pl.simt.function): pvc compiles vector "
                                              "code (@pl.vector_function) and the kernels that call it"}


class _Uncompiled:
    def __init__(self, name, why):
        self._name, self._why = name, why

    def __call__(self, fn):
        why = self._why

        @functools.wraps(fn)
        def uncompiled(*args, **kwargs):
            raise NotImplementedError(f"{fn.__qualname__}: pvc does not compile {why}")
        return uncompiled


Vf = _DslOp("vf")

for _name in pvc.dtype_names():
    globals()["DT_" + _name] = DataType(_name)
    __all__.append("DT_" + _name)
for _ns, _members in pvc.enums().items():
    globals()[_ns] = _Namespace(_ns, _members)
    __all__.append(_ns)


def __getattr__(name):
    if name.startswith("DT_"):
        raise AttributeError(f"pvc has no dtype pl.{name} (its dtypes: "
                             f"{', '.join('DT_' + n for n in pvc.dtype_names())})")
    if name.startswith("_"):  # tools probe private names (pytest: _pytestfixturefunction)
        raise AttributeError(f"module 'pypto_pro.language' has no attribute {name!r}")
    # Any other pl.<name> is a DSL op, which only a kernel's body may call.
    return _DslOp(f"pl.{name}")


# ---- the decorators ---------------------------------------------------------------------------
# pl.jit is pypto_pro.runtime.jit (a tile kernel and its launch forms); imported last, since
# it reads this module's classes.
class VectorFunction:
    """What @pl.vector_function makes of a function: pvc compiles it where a kernel calls it."""

    def __init__(self, fn):
        self.fn = fn
        self.__name__ = fn.__name__
        self.__doc__ = fn.__doc__
        self.__wrapped__ = fn

    def __call__(self, *args, **kwargs):
        raise RuntimeError(f"vector function '{self.__name__}' runs only inside a kernel: launch "
                           f"the @pl.jit kernel that calls it with kernel[None, N](...)")


def vector_function(fn=None, **options):
    """@pl.vector_function or @pl.vector_function(...)."""
    if fn is not None and callable(fn):
        return VectorFunction(fn)
    return VectorFunction


class _PipelineConfig:
    """pl.pipeline.PipelineConfig(...) in @pl.jit(pipeline=...): pypto's own options, recorded."""

    def __init__(self, **options):
        self.options = options

    def __repr__(self):
        return f"pl.pipeline.PipelineConfig({self.options})"


def _stage(fn):
    """@pl.pipeline.stage: pypto's decorator tags the function and returns it unchanged, so a
    file using it imports; pvc refuses a kernel that calls a stage (E012) when it compiles it."""
    return fn


pipeline = _DslOp("pl.pipeline")
pipeline.__dict__.update(stage=_stage, PipelineConfig=_PipelineConfig)
__all__.append("pipeline")

from . import parser  # noqa: E402 - pl.parser.ParserError
from pypto_pro.runtime.jit import jit  # noqa: E402
