"""pypto_pro.runtime.jit backed by pvc: @pl.jit and the launch of a kernel
(docs/SEMANTICS.md §16).

    @pl.jit(auto_mutex=True, tiling_key=Key)
    def k(x: pl.Tensor[[pl.DYNAMIC, 64], pl.DT_FP32], ..., tiling: MyTiling): ...

    k[None, 8, {"Mode": 1}](x, out, tiling=t)

- A function with a pl.Tensor, pl.Ptr or pl.DT_* annotation is a tile kernel and becomes a
  _TileJitKernel; any other function decorated with @pl.jit stays a plain function (a
  wrapper that calls it), as pypto_pro does.
- The decoration records the scope the kernel sees: the caller's locals as they are then
  (a kernel factory's arguments) and its live globals. At the first launch of each
  signature pvc compiles the kernel's file with those values bound: the renderable ones
  (int, float, bool, str, None, dtypes, enum members, and lists and tuples of them) are
  sent to libpvc as Python text, the key's fields and datatype variables on top of the
  locals. Everything else pvc reads from the source.
- A launch binds the arguments as Python binds a call (keywords, defaults), packs a tiling
  class instance given last into its C struct bytes (a uint8 tensor), and runs the kernel
  on block_dim blocks. A kernel pvc cannot compile raises the parser error pypto_pro would
  raise (ParserSyntaxError, ParserTypeError, ...), which is also a pvc.CompileError whose
  text is pvc's located diagnostics.
- _compiled_by_signature maps (static shape signature, datatype hash, packed tiling key)
  to a CompiledKernel, one per distinct pl.STATIC dims, key and datatype as pypto_pro
  keeps them; pvc itself compiles once per file content and bound values.
"""

import collections
import functools
import hashlib
import inspect
import json
import numbers
import os
import sys
import time

import pvc
from pvc import _lib

from . import _tiling

__all__ = ["jit", "CompiledKernel"]


class CompiledKernel:
    """One compiled specialisation: the pvc kernel it launches (lib_path and param_specs
    are pypto_pro's fields, kept for the code that builds a placeholder)."""

    def __init__(self, lib_path="", param_specs=(), kernel=None, **meta):
        self.lib_path = lib_path
        self.param_specs = list(param_specs)
        self.kernel = kernel
        self.meta = meta


# A recorder of launches (torch_npu.profiler while it records): called with the kernel's name,
# the blocks, the backend, and the launch's start and end (time.perf_counter_ns).
launch_recorders = []


def _launch(stream, block_dim, compiled, *args):
    """Runs a compiled kernel on block_dim blocks (the stream is the caller's CPU)."""
    __tracebackhide__ = True
    if launch_recorders:
        start = time.perf_counter_ns()
        try:
            _run(block_dim, compiled, *args)
        finally:
            end = time.perf_counter_ns()
            backend = os.environ.get("PVC_BACKEND", "sim") or "sim"
            for record in list(launch_recorders):
                record(compiled.kernel.name, block_dim, backend, start, end)
        return
    _run(block_dim, compiled, *args)


def _run(block_dim, compiled, *args):
    __tracebackhide__ = True
    if compiled.kernel is None:
        raise RuntimeError("this CompiledKernel holds no pvc kernel (a placeholder)")
    if args and _tiling.is_tiling_class(type(args[-1])):
        layout = compiled.kernel.tiling
        if layout is None:
            raise pvc.LaunchError(f"kernel '{compiled.kernel.name}' takes no tiling class, but its last "
                                  f"argument is a '{type(args[-1]).__name__}'")
        data = _tiling.tiling_bytes(args[-1], layout)
        args = args[:-1] + (_TileJitKernel._tiling_tensor(data, args[:-1]),)
    compiled.kernel.launch(args, blocks=block_dim)


# ---- pvc's diagnostics as pypto_pro's parser errors -----------------------------------------
# The parser error pypto_pro raises for what each pvc error code reports.
_ERROR_CLASS = {
    "E002": "UnsupportedFeatureError", "E003": "UnsupportedFeatureError", "E004": "UndefinedVariableError",
    "E008": "ParserTypeError", "E012": "ParserTypeError", "E013": "ParserTypeError",
    "E014": "ParserTypeError", "E015": "ParserTypeError", "E025": "ParserError",
}
_both = {}


def _parser_error(err, source_file):
    """err (a pvc.CompileError) as the parser error its first error's code maps to, which
    is a pvc.CompileError too."""
    from pypto_pro.language.parser.diagnostics import _exceptions as ex

    records = [r for r in err.diagnostics if r.severity == "error"]
    # a kernel that calls a vector function with errors names the call first (libpvc's
    # "which has errors (below)"): the callee's own error says what pypto_pro would raise
    causes = [r for r in records if "which has errors (below)" not in r.message]
    first = (causes or records or [None])[0]
    name = _ERROR_CLASS.get(first.code if first else "", "ParserSyntaxError")
    base = getattr(ex, name)
    cls = _both.get(base)
    if cls is None:
        cls = type(name, (base, pvc.CompileError), {"__module__": base.__module__})
        _both[base] = cls
    span = None
    if first and first.line:
        span = {"filename": first.file, "file": first.file, "line": first.line, "column": first.col,
                "begin_line": first.line, "begin_column": first.col, "end_line": first.line,
                "end_column": first.col + 1}
    try:
        with open(source_file, encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
    except OSError:
        lines = None
    e = cls(first.message if first else str(err), span=span, source_lines=lines)
    e.diagnostics = list(err.diagnostics)
    e.rendered = str(err)
    return e


# ---- which functions are tile kernels -----------------------------------------------------
def _is_tile_kernel(fn):
    """pypto_pro's test: a parameter annotated with pl.Tensor[...], pl.Ptr[...] or a pl.DT_*
    dtype (a string annotation counts when its last dotted part starts with DT_)."""
    import pypto_pro.language as pl

    for name, a in getattr(fn, "__annotations__", {}).items():
        if name == "return":
            continue
        if isinstance(a, pl._Annotation) and a.kind in ("Tensor", "Ptr"):
            return True
        if a is pl.Tensor or a is pl.Ptr or isinstance(a, pl.DataType):
            return True
        if isinstance(a, str) and a.split(".")[-1].startswith("DT_"):
            return True
    return False


# ---- the values a compile binds ------------------------------------------------------------
_PL = "__pvc_pl__"  # the name the bound text imports pypto_pro.language as
_MAX_ITEMS = 65536
_LAYOUT_NAMES = ("pl.ND", "pl.DN", "pl.NZ", "pl.ZN", "pl.NN", "pl.ZZ")


def _render(v, depth=0):
    """v as the Python text pvc evaluates to the same value, or None when it has none."""
    import pypto_pro.language as pl

    if v is None or isinstance(v, bool):
        return repr(v)
    if isinstance(v, int):
        return repr(v) if -(2**63) <= v < 2**63 else None
    if isinstance(v, float):
        return repr(v) if v == v and abs(v) != float("inf") else None
    if isinstance(v, str):
        return repr(v)
    if isinstance(v, pl.DataType):
        return f"{_PL}.DT_{v.name}"
    if isinstance(v, pl._Member):
        return f"{_PL}.{v.ns}.{v.name}"
    if isinstance(v, pl._Dim):
        return f"{_PL}.{v.name}"
    if isinstance(v, pl._DslOp) and repr(v) in _LAYOUT_NAMES:  # pl.NZ, ...: pl.TensorLayout's members
        return f"{_PL}.{repr(v)[3:]}"
    if isinstance(v, (list, tuple)) and depth < 8 and len(v) <= _MAX_ITEMS:
        items = [_render(x, depth + 1) for x in v]
        if any(x is None for x in items):
            return None
        if isinstance(v, tuple):
            return "(" + "".join(x + ", " for x in items) + ")"
        return "[" + ", ".join(items) + "]"
    return None


def _bind_text(values):
    """name = value lines for the renderable values of a mapping (names pvc may bind)."""
    lines = []
    for name, v in values.items():
        if not isinstance(name, str) or not name.isidentifier() or name.startswith("__"):
            continue
        r = _render(v)
        if r is not None:
            lines.append(f"{name} = {r}\n")
    return "".join(lines)


def _bindings(kernel, key_consts):
    """(globals text, locals text) for one compile of kernel: its module's renderable
    globals (the same for every kernel of the module, so they share one compile), and the
    decoration-time locals of a kernel defined in a function, with the key's constants
    last (they win, as pypto_pro merges them)."""
    scope = kernel._closure_vars
    head = f"import pypto_pro.language as {_PL}\n"
    # the key's constants are module names too: the vector functions a kernel calls read a
    # datatype= name (io_dtype) as a global, as pypto_pro binds them for the whole compile
    glob = dict(kernel._func.__globals__)
    glob.update(key_consts)
    globals_text = head + _bind_text(glob)
    local = {} if kernel._module_level else dict(scope.maps[0])
    local.update(key_consts)
    locals_text = head + _bind_text(local) if local else ""
    return globals_text, locals_text


# ---- static shape signatures ---------------------------------------------------------------
def _annotation(fn, name, scope):
    a = fn.__annotations__.get(name)
    if isinstance(a, str):  # from __future__ import annotations
        try:
            a = eval(a, dict(fn.__globals__), dict(scope))  # noqa: S307 - the test's own text
        except Exception:
            return None
    return a


def _static_axes(ann, rank):
    """The axes of a rank-`rank` tensor whose dims are pl.STATIC, a trailing ... making
    every axis from its position on STATIC."""
    import pypto_pro.language as pl

    if not isinstance(ann, pl._Annotation) or ann.kind != "Tensor":
        return ()
    args = ann.args if isinstance(ann.args, tuple) else (ann.args,)
    dims = args[0] if args and isinstance(args[0], (list, tuple)) else ()
    out = []
    for i, d in enumerate(dims):
        if d is Ellipsis:
            return tuple(out) + tuple(range(i, rank))
        if d is pl.STATIC:
            out.append(i)
    return tuple(out)


def _has_ellipsis(ann):
    import pypto_pro.language as pl

    if not isinstance(ann, pl._Annotation) or ann.kind != "Tensor":
        return False
    args = ann.args if isinstance(ann.args, tuple) else (ann.args,)
    dims = args[0] if args and isinstance(args[0], (list, tuple)) else ()
    return any(d is Ellipsis for d in dims)


def _is_tensor(x):
    return hasattr(x, "shape") and hasattr(x, "dtype") and not isinstance(x, (numbers.Number, str))


# ---- the kernel ---------------------------------------------------------------------------
class _TileJitKernel:
    """A tile kernel: kernel[stream, block_dim](...), kernel[block_dim](...), kernel(...)
    (one block), kernel[stream, block_dim, key](...) with a tiling key or datatype dict, and
    kernel[stream, block_dim, key, datatype](...)."""

    def __init__(self, func, arch=None, auto_mutex=True, name=None, closure_vars=None,
                 pipeline=None, tilingkey_schema=None, datatype_schema=None,
                 compile_timeout=None, module_level=True):
        self._func = func
        self._arch = arch
        self._auto_mutex = auto_mutex
        self._name = name
        self._closure_vars = closure_vars or collections.ChainMap({}, func.__globals__)
        self._module_level = module_level
        self._pipeline = pipeline
        self._tilingkey_schema = tilingkey_schema
        self._datatype_schema = datatype_schema
        self._compile_timeout = compile_timeout
        self._signature = inspect.signature(func)
        self._kernel_def_by_static_signature = {}
        self._compiled_by_signature = {}
        self._path = None
        self.__name__ = func.__name__
        self.__qualname__ = func.__qualname__
        self.__doc__ = func.__doc__
        self.__wrapped__ = func

    def __repr__(self):
        return f"<pl.jit kernel {self.__name__} (pvc)>"

    @property
    def arch(self):
        return self._arch

    @property
    def tilingkey_schema(self):
        return self._tilingkey_schema

    @property
    def datatype_schema(self):
        return self._datatype_schema

    # -- launch forms --
    def _launch_key_error(self):
        tk, dt = self._tilingkey_schema is not None, self._datatype_schema is not None
        if tk and dt:
            return "Expected kernel[stream, block_dim, tilingkey, datatype]"
        if tk:
            return "Expected kernel[stream, block_dim, tilingkey]"
        if dt:
            return "Expected kernel[stream, block_dim, datatype]"
        return "Expected kernel[stream, block_dim] or kernel[block_dim]"

    def _parse_launch_key(self, key):
        tk = dt = None
        if not isinstance(key, tuple):
            stream, block_dim = None, key
        elif len(key) == 2:
            stream, block_dim = key
        elif len(key) == 3:
            stream, block_dim, third = key
            if self._tilingkey_schema is None and self._datatype_schema is not None:
                dt = third
            else:
                tk = third
        elif len(key) == 4:
            stream, block_dim, tk, dt = key
        else:
            raise ValueError(self._launch_key_error())
        if self._tilingkey_schema is not None:
            if tk is None:
                raise ValueError(self._launch_key_error())
            self._tilingkey_schema.validate_concrete(tk)
        elif tk is not None:
            raise ValueError(self._launch_key_error())
        if (self._datatype_schema is None) != (dt is None):
            raise ValueError(self._launch_key_error())
        return stream, block_dim, tk, dt

    def __getitem__(self, key):
        stream, block_dim, tk, dt = self._parse_launch_key(key)

        def launcher(*args, **kwargs):
            __tracebackhide__ = True
            args = self._normalize_launch_args(args, kwargs)
            _check_block_dim(block_dim)
            compiled = self._ensure_compiled(args, concrete_key=tk, dtype_key=dt)
            sys.modules[__name__]._launch(stream, block_dim, compiled, *args)

        return launcher

    def __call__(self, *args, **kwargs):
        __tracebackhide__ = True
        if self._tilingkey_schema is not None or self._datatype_schema is not None:
            raise ValueError(f"Kernel '{self.__name__}' has compile-time specialization and cannot "
                             "be called directly; use bracket-launch syntax")
        args = self._normalize_launch_args(args, kwargs)
        compiled = self._ensure_compiled(args)
        sys.modules[__name__]._launch(None, 1, compiled, *args)

    def _normalize_launch_args(self, args, kwargs):
        """The arguments in parameter order, defaults applied."""
        __tracebackhide__ = True
        params = list(self._signature.parameters)
        try:
            bound = self._signature.bind(*args, **kwargs)
        except TypeError as e:
            raise pvc.LaunchError(f"kernel '{self.__name__}' takes {len(params)} arguments "
                                  f"({', '.join(params)}): {e}") from None
        bound.apply_defaults()
        out = [bound.arguments[p] for p in params]
        return tuple(out)  # a tiling-class instance given last is packed at the launch (_launch)

    @staticmethod
    def _tiling_tensor(data, others):
        """The struct bytes as a uint8 tensor of the kind the other arguments are (torch
        when one of them is, else numpy)."""
        if any(type(x).__module__.startswith("torch") for x in others) or "numpy" not in sys.modules:
            import torch

            return torch.frombuffer(bytearray(data), dtype=torch.uint8)
        import numpy

        return numpy.frombuffer(bytearray(data), dtype=numpy.uint8)

    # -- compiling --
    def _static_signature(self, args):
        if args is None:
            return ()
        sig = []
        for i, (name, x) in enumerate(zip(self._signature.parameters, args)):
            if not _is_tensor(x):
                continue
            for axis in _static_axes(_annotation(self._func, name, self._closure_vars), len(x.shape)):
                if axis < len(x.shape):
                    sig.append((i, axis, int(x.shape[axis])))
        return tuple(sig)

    def _rank_name(self, param):
        """The name the compiler reads a [d0, ...] parameter's rank from (front/lower.c)."""
        return "_pvc_rank_%s_%s" % (self.__qualname__.replace(".<locals>", "").replace(".", "_"), param)

    def _ellipsis_ranks(self, args):
        """((name, rank), ...) of the tensor parameters annotated [d0, .., ...], from the
        tensors of this launch."""
        if args is None:
            return ()
        out = []
        for name, x in zip(self._signature.parameters, args):
            ann = _annotation(self._func, name, self._closure_vars)
            if _is_tensor(x) and _has_ellipsis(ann):
                out.append((name, len(x.shape)))
        return tuple(out)

    def to_kernel_def(self, concrete_key=None, datatype_consts=None, *, bound_signature=None):
        """The parsed kernel of one specialisation (pvc parses the file itself: this records
        which specialisations were asked for)."""
        static = bound_signature if isinstance(bound_signature, tuple) else ()
        tk = None if concrete_key is None else tuple(sorted(concrete_key.items()))
        dt = None if datatype_consts is None else tuple(sorted((k, str(v)) for k, v in datatype_consts.items()))
        key = (static, tk, dt)
        found = self._kernel_def_by_static_signature.get(key)
        if found is None:
            found = self._kernel_def_by_static_signature[key] = _KernelDef(self, concrete_key, datatype_consts)
        return found

    def _dtype_consts(self, dtype_key):
        import pypto_pro.language as pl

        if self._datatype_schema is None:
            return None
        if not isinstance(dtype_key, dict):
            raise ValueError("datatype kernel launch requires a dtype dict")
        if set(dtype_key) != set(self._datatype_schema):
            raise ValueError(f"datatype keys {sorted(dtype_key)} do not match schema params "
                             f"{sorted(self._datatype_schema)}")
        consts = {}
        for param, var in self._datatype_schema.items():
            d = dtype_key[param]
            if not isinstance(d, pl.DataType):
                raise TypeError(f"datatype['{param}'] must be a pypto_pro.DataType, got {type(d).__name__}")
            if var in consts and consts[var].name != d.name:
                raise ValueError(f"datatype params mapped to variable '{var}' disagree: "
                                 f"{consts[var]} vs {d}")
            consts[var] = d
        return consts

    def _ensure_compiled(self, args=None, concrete_key=None, dtype_key=None):
        """The CompiledKernel of this signature, compiled at its first launch."""
        __tracebackhide__ = True
        if isinstance(args, dict) and concrete_key is None:  # the older form (concrete_key)
            args, concrete_key = None, args
        packed = None
        if concrete_key is not None and self._tilingkey_schema is not None:
            packed = self._tilingkey_schema.pack(concrete_key)
        consts = self._dtype_consts(dtype_key)
        dtype_hash = None
        if consts is not None:
            text = json.dumps(sorted((k, v.name) for k, v in consts.items()))
            dtype_hash = hashlib.sha256(text.encode()).hexdigest()[:16]
        static = self._static_signature(args)
        ranks = self._ellipsis_ranks(args)
        key = (static, dtype_hash, packed) + ((ranks,) if ranks else ())
        found = self._compiled_by_signature.get(key)
        if found is not None:
            return found
        self.to_kernel_def(concrete_key, consts, bound_signature=static)
        # a [d0, ...] parameter's rank is its argument's: the compiler reads it as a name
        kernel = self._pvc_kernel(dict(concrete_key or {}, **(consts or {}),
                                       **{self._rank_name(n): r for n, r in ranks}))
        compiled = CompiledKernel(lib_path="", param_specs=kernel.params, kernel=kernel,
                                  static_signature=static, kernel_name=kernel.name)
        self._compiled_by_signature[key] = compiled
        return compiled

    def _pvc_kernel(self, key_consts):
        __tracebackhide__ = True
        if self._path is None:
            self._path = inspect.getsourcefile(self._func) or self._func.__code__.co_filename
        # pvc names a kernel nested in functions by their names joined with dots (test_x.k)
        name = self.__qualname__.replace(".<locals>", "")
        globals_text, locals_text = _bindings(self, key_consts)
        try:
            program = pvc.load(self._path, bindings=(name, globals_text, locals_text))
            return program.kernel(name)
        except pvc.CompileError as e:
            if isinstance(e, pvc.InternalError):
                raise
            raise _parser_error(e, self._path) from None


class _KernelDef:
    """What to_kernel_def returns: the kernel and the constants of one specialisation."""

    def __init__(self, kernel, concrete_key, datatype_consts):
        self.kernel, self.tilingkey_consts, self.datatype_consts = kernel, concrete_key, datatype_consts

    def parse_target_program(self, *args, **kwargs):
        raise NotImplementedError("pvc parses kernels in C: launch the kernel to compile it")


def _check_block_dim(block_dim):
    if isinstance(block_dim, bool) or not isinstance(block_dim, numbers.Integral) or block_dim <= 0:
        raise ValueError(f"block_dim must be a positive integer, got {type(block_dim).__name__}: "
                         f"{block_dim} (a launch has 1 to {_lib.MAX_BLOCKS} blocks)")


def _check_key_names(fn, schema, scope):
    """A tiling-key field may not share a name with a kernel parameter or a plain value of
    the scope the kernel sees (the key's constant would hide it)."""
    fields = set(schema.field_names())
    clash = fields & set(fn.__code__.co_varnames[:fn.__code__.co_argcount])
    if clash:
        raise ValueError(f"TilingKey field name(s) conflict with kernel parameter name(s): {clash}")
    clash = fields & {n for n, v in scope.items()
                      if not n.startswith("__") and not callable(v) and not isinstance(v, type)}
    if clash:
        raise ValueError(f"TilingKey field name(s) conflict with module-level variable name(s): {clash}")


def _check_datatype(datatype):
    if datatype is None:
        return None
    if not isinstance(datatype, dict) or not datatype:
        raise ValueError("datatype must be a non-empty dict mapping param name to dtype variable name")
    for param, var in datatype.items():
        if not isinstance(param, str) or not param:
            raise ValueError(f"datatype param names must be non-empty strings, got {param!r}")
        if not isinstance(var, str) or not var.isidentifier():
            raise ValueError(f"datatype variable for param '{param}' must be a valid Python "
                             f"identifier, got {var!r}")
    return datatype


def jit(target=None, *, arch=None, auto_mutex=True, name=None, pipeline=None, tiling_key=None,
        datatype=None, compile_timeout=None, **kwargs):
    """@pl.jit or @pl.jit(...): a tile kernel, launched as kernel[stream, block_dim](...)."""
    from .tilingkey import TilingKeySchema

    schema = TilingKeySchema(tiling_key) if tiling_key is not None else None
    datatype = _check_datatype(datatype)
    frame = inspect.currentframe().f_back
    module_level = frame.f_locals is frame.f_globals
    scope = collections.ChainMap(dict(frame.f_locals), frame.f_globals)
    del frame

    def decorator(f):
        if kwargs:
            raise TypeError(f"jit() got unexpected keyword argument(s): {', '.join(kwargs)}.")
        if schema is not None:
            _check_key_names(f, schema, scope)
        if not _is_tile_kernel(f):
            @functools.wraps(f)
            def plain(*args, **kw):
                return f(*args, **kw)

            return plain
        if datatype is not None:
            params = set(inspect.signature(f).parameters)
            missing = sorted(set(datatype) - params)
            if missing:
                raise ValueError(f"datatype params {missing} do not match kernel function "
                                 f"'{f.__name__}' parameters")
            clash = sorted(set(datatype.values()) & params)
            if clash:
                raise ValueError(f"datatype variable names conflict with kernel params: {clash}")
            if schema is not None:
                clash = sorted(set(datatype.values()) & set(schema.field_names()))
                if clash:
                    raise ValueError(f"datatype variable names conflict with tiling_key fields: {clash}")
        return _TileJitKernel(f, arch=arch, auto_mutex=auto_mutex, name=name, closure_vars=scope,
                              pipeline=pipeline, tilingkey_schema=schema, datatype_schema=datatype,
                              compile_timeout=compile_timeout, module_level=module_level)

    return decorator(target) if callable(target) else decorator
