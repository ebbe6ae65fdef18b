"""pvc from Python: compile a pypto_pro file with libpvc and launch its kernels in place on
torch CPU tensors or numpy arrays (standard library ctypes only; torch and numpy are used
only when the caller passes them).

    import pvc
    k = pvc.load("kernel.py").kernel("my_kernel")
    k.launch([a, out], blocks=8)            # backend from $PVC_BACKEND (sim by default)

Errors are exceptions carrying pvc's located diagnostics: CompileError (the file has
errors), KernelFault (the kernel faulted; the message is the located error at the DSL line),
LaunchError (a TypeError: arguments that do not fit the kernel), LaunchTimeout (a
TimeoutError: the launch ran past its timeout), OutOfMemory (a MemoryError), InternalError
(a pvc bug).

Environment: PVC_BACKEND=sim|native (default sim), PVC_VERBOSE=1 (print pvc's warnings and
notes, and whether the native object came from the cache), PVC_THREADS=N (native worker
threads, default one per core), PVC_TIMEOUT=SECS (stop a launch that runs longer, raising
LaunchTimeout), PVC_STRICT_HAZARDS=1 (a hazard the device orders, W034, faults),
PVC_LIB (the library to load). Ctrl-C stops a launch (KeyboardInterrupt).
"""

import atexit
import collections
import ctypes
import math
import numbers
import os
import signal
import struct
import sys
import threading
import warnings

from . import _lib
from ._lib import lib

__all__ = ["load", "Program", "Kernel", "Diagnostic", "PvcError", "CompileError", "KernelFault",
           "LaunchError", "LaunchTimeout", "InternalError", "OutOfMemory", "PvcWarning", "dtype_names",
           "enums"]

Diagnostic = collections.namedtuple("Diagnostic", "severity file line col code message rendered")


class PvcError(Exception):
    """A pvc failure; .diagnostics holds pvc's records (Diagnostic tuples)."""

    def __init__(self, message, diagnostics=()):
        super().__init__(message)
        self.diagnostics = list(diagnostics)


class CompileError(PvcError):
    """The file cannot be read or has errors."""


class KernelFault(PvcError):
    """The kernel faulted; the message is pvc's located error at the DSL line."""


class LaunchError(PvcError, TypeError):
    """The arguments or the launch do not fit the kernel."""


class InternalError(PvcError):
    """A bug in pvc."""


class LaunchTimeout(PvcError, TimeoutError):
    """The launch ran longer than its timeout (timeout=, $PVC_TIMEOUT) and was stopped; the
    message is located at the op it had reached."""


class OutOfMemory(PvcError, MemoryError):
    """pvc ran out of memory (for a copy, the simulator's maps, the blocks' contexts)."""


_ERRORS = {_lib.ERROR: CompileError, _lib.USAGE: LaunchError, _lib.FAULT: KernelFault,
           _lib.INTERNAL: InternalError, _lib.STOPPED: LaunchTimeout}


def _flag(name):
    return os.environ.get(name, "") not in ("", "0")


def _verbose():
    return _flag("PVC_VERBOSE")


class PvcWarning(UserWarning):
    """A warning of a launch (a hazard the device orders, W034): pvc's located text."""


class _Diags:
    """A pvc_diagnostics list for one call."""

    def __init__(self):
        self.handle = lib.pvc_diagnostics_new()
        if not self.handle:
            raise MemoryError("pvc: out of memory")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        lib.pvc_diagnostics_delete(self.handle)

    def records(self):
        return _records(self.handle)


def _records(handle):
    """The Diagnostic tuples of a pvc_diagnostics list."""
    out = []
    for i in range(lib.pvc_diagnostics_count(handle)):
        r = lib.pvc_diagnostics_get(handle, i).contents
        out.append(Diagnostic(r.severity.decode(), r.file.decode(errors="replace"), r.line, r.col,
                              r.code.decode(), r.message.decode(errors="replace"),
                              r.rendered.decode(errors="replace")))
    return out


def _raise(status, records):
    """Raises the exception of a failed status: its message is the rendered errors and their
    notes (the warnings too under PVC_VERBOSE)."""
    __tracebackhide__ = True  # pytest shows the caller's line, not pvc's
    shown = [r for r in records if r.severity != "warning" or _verbose()]
    text = "".join(_text(r) for r in shown).rstrip("\n")
    cls = _ERRORS.get(status, PvcError)
    if status == _lib.ERROR and any(r.code == "internal" for r in records):
        cls = InternalError
    if any(r.code == "nomem" and r.severity == "error" for r in records):
        cls = OutOfMemory
    raise cls(text, records)


def _text(r):
    """A record as the exception says it: located ones as pvc prints them; the others without
    the "pvc: error: " a terminal needs (the exception's class already says it is pvc's)."""
    prefix = f"pvc: {r.severity}: "
    return r.rendered[len(prefix):] if r.line == 0 and r.rendered.startswith(prefix) else r.rendered


def _warn(records):
    """A launch's warnings become Python warnings (each with its notes), located at the DSL
    line; under PVC_VERBOSE its notes go to stderr too."""
    _say(records)
    text = ""
    for r in records:
        if r.severity == "warning" and text:
            warnings.warn(PvcWarning(text.rstrip("\n")), stacklevel=3)
            text = ""
        if r.severity == "warning" or (r.severity == "note" and text):
            text += r.rendered
    if text:
        warnings.warn(PvcWarning(text.rstrip("\n")), stacklevel=3)


def _say(records):
    """Under PVC_VERBOSE, pvc's warnings and notes go to stderr."""
    if _verbose():
        for r in records:
            sys.stderr.write(r.rendered)


# ---- dtypes and enums ----------------------------------------------------------------------
def dtype_names():
    """pvc's dtypes in code order: ["INT4", "INT8", ..., "FP4E1M2"]."""
    return [lib.pvc_dtype_name(i).decode() for i in range(lib.pvc_dtype_count())]


def enums():
    """{namespace: {member: value}} of every pl.<Namespace> the DSL knows."""
    out = {}
    for ns in range(lib.pvc_enum_count()):
        if not lib.pvc_enum_is_pl(ns):
            continue
        members, value, k = {}, ctypes.c_int64(), 0
        while True:
            name = lib.pvc_enum_member(ns, k, ctypes.byref(value))
            if not name:
                break
            members[name.decode()] = value.value
            k += 1
        out[lib.pvc_enum_name(ns).decode()] = members
    return out


_CODE = {name: i for i, name in enumerate(dtype_names())}

# torch dtypes by attribute name -> pvc dtype; the ones this torch lacks are skipped.
_TORCH_DTYPES = {
    "float32": "FP32", "float16": "FP16", "bfloat16": "BF16", "int8": "INT8", "uint8": "UINT8",
    "int16": "INT16", "uint16": "UINT16", "int32": "INT32", "uint32": "UINT32", "int64": "INT64",
    "uint64": "UINT64", "float8_e4m3fn": "FP8E4M3FN", "float8_e5m2": "FP8E5M2",
    "float8_e8m0fnu": "FP8E8M0", "bool": "BOOL",
}
_NUMPY_DTYPES = {
    "float32": "FP32", "float16": "FP16", "int8": "INT8", "uint8": "UINT8", "int16": "INT16",
    "uint16": "UINT16", "int32": "INT32", "uint32": "UINT32", "int64": "INT64", "uint64": "UINT64", "bool": "BOOL",
}


# ---- arguments ---------------------------------------------------------------------------------
def _is(x, module, cls):
    m = sys.modules.get(module)
    return m is not None and isinstance(x, getattr(m, cls))


_DTYPE_CODES = {}  # torch / numpy dtype object -> pvc dtype code (None: no pvc dtype)


def _dtype_code(dt, torch):
    """The pvc code of a torch or numpy dtype, looked up once per dtype (a launch's hot path)."""
    try:
        return _DTYPE_CODES[dt]
    except KeyError:
        pass
    if torch:
        name = _TORCH_DTYPES.get(str(dt).replace("torch.", ""))
    else:
        name = None if dt.byteorder == ">" else _NUMPY_DTYPES.get(dt.name)
    code = _DTYPE_CODES[dt] = _CODE[name] if name else None
    return code


def _tensor_arg(x, what):
    """(Arg, keepalive) for a torch tensor or numpy array."""
    a = _lib.Arg(kind=_lib.ARG_TENSOR, flags=_lib.ARG_STRIDES)
    if _is(x, "torch", "Tensor"):
        if x.device.type != "cpu":
            raise LaunchError(f"{what}: a tensor on {x.device} (pvc runs on the CPU; torch_npu maps npu to cpu)")
        if x.layout != sys.modules["torch"].strided:
            raise LaunchError(f"{what}: a {str(x.layout).replace('torch.', '')} tensor; pvc binds dense "
                              f"(strided) tensors, which .to_dense() makes")
        code = _dtype_code(x.dtype, True)
        if code is None:
            raise LaunchError(f"{what}: {x.dtype} tensors have no pvc dtype")
        a.dtype = code
        a.data = x.data_ptr() or None
        shape, strides = tuple(x.shape), tuple(x.stride())
    else:
        code = _dtype_code(x.dtype, False)
        if code is None:
            raise LaunchError(f"{what}: numpy {x.dtype.str} arrays have no pvc dtype")
        a.dtype = code
        a.data = x.ctypes.data or None
        shape, size = x.shape, x.itemsize
        strides = tuple(s // size for s in x.strides)
        if any(s * size != b for s, b in zip(strides, x.strides)):
            raise LaunchError(f"{what}: strides {x.strides} are not whole elements")
    rank = len(shape)
    if not 1 <= rank <= _lib.MAX_RANK:
        raise LaunchError(f"{what}: a rank-{rank} tensor (pvc binds rank 1 to {_lib.MAX_RANK})")
    a.rank = rank
    a.shape[:rank] = shape
    a.strides[:rank] = strides
    return a


def _check_format(x, nz, what):
    """A pl.Tensor[..., pl.NZ] parameter takes a tensor torch_npu.npu_format_cast(t, 29) made
    (FRACTAL_NZ), any other tensor parameter one of another format: pvc lays out GM by the
    parameter, so a format the parameter does not declare would be read as another layout."""
    fmt = getattr(x, "_pvc_npu_format", 2)
    if nz and fmt != 29:
        raise LaunchError(f"{what}: the parameter is pl.NZ (FRACTAL_NZ), got a tensor of npu format {fmt}; "
                          f"pass torch_npu.npu_format_cast(t, 29)")
    if not nz and fmt == 29:
        raise LaunchError(f"{what}: a FRACTAL_NZ (29) tensor for a parameter that does not declare pl.NZ")


def _scalar_arg(x, what):
    if isinstance(x, bool) or _is(x, "numpy", "bool_"):
        return _lib.Arg(kind=_lib.ARG_BOOL, i=int(x))
    if isinstance(x, numbers.Integral):
        if not -(2**63) <= int(x) < 2**63:
            raise LaunchError(f"{what}: {x} does not fit the kernel's int64")
        return _lib.Arg(kind=_lib.ARG_INT, i=int(x))
    if isinstance(x, numbers.Real):
        return _lib.Arg(kind=_lib.ARG_FLOAT, f=float(x))
    raise LaunchError(f"{what}: pvc takes torch tensors, numpy arrays, int, float and bool, "
                      f"not {type(x).__name__}")


# ---- a launch's bytes --------------------------------------------------------------------------
# _lib.Arg and _lib.LaunchOptions as struct layouts ('=': no padding but the explicit x's), so a
# launch packs each argument in one call; every byte is what the ctypes structure would hold
# (its unset fields zero), which tests/py/test_launch.py checks against _arg.
def _layouts():
    A, O, P = _lib.Arg, _lib.LaunchOptions, "Q" if ctypes.sizeof(ctypes.c_void_p) == 8 else "I"
    size = ctypes.sizeof(A)
    head = struct.Struct(f"=i{A.data.offset - 4}x{P}")  # kind, data: what differs per tensor
    assert head.size == A.dtype.offset
    scalar = lambda f, c: struct.Struct(f"=i{f.offset - 4}x{c}{size - f.offset - 8}x")
    opts = struct.Struct(f"=iiii{O.stop.offset - O.cc.offset}x{P}dii{ctypes.sizeof(O) - O.sigint.offset - 4}x")
    assert (O.blocks.offset, O.threads.offset, O.verbose.offset, O.cc.offset) == (4, 8, 12, 16)
    assert O.timeout.offset == O.stop.offset + 8 and O.strict_hazards.offset == O.timeout.offset + 8
    assert O.sigint.offset == O.strict_hazards.offset + 4 and opts.size == ctypes.sizeof(O)
    return head.pack, scalar(A.f, "d").pack, scalar(A.i, "q").pack, opts.pack


_ARG_HEAD, _ARG_FLOAT, _ARG_INT, _OPTIONS = _layouts()
_ARG_KIND_TENSOR, _ARG_KIND_INT, _ARG_KIND_FLOAT = _lib.ARG_TENSOR, _lib.ARG_INT, _lib.ARG_FLOAT
_TAIL = _lib.Arg.dtype.offset
# (dtype, shape, strides) -> the bytes of a tensor's Arg after data: all of it but the pointer
_NUMPY_TAILS, _TORCH_TAILS = {}, {}
_addressof, _from_buffer = ctypes.addressof, (ctypes.c_char * 0).from_buffer
# numpy.ndarray, torch.Tensor and torch.strided once seen (the package imports neither)
_fast_types = [None, None, None]
_seen_types = set()


def _see_type(t):
    if len(_seen_types) > 1000:
        _seen_types.clear()
    _seen_types.add(t)
    np_, torch = sys.modules.get("numpy"), sys.modules.get("torch")
    if np_ is not None and t is np_.ndarray:
        _fast_types[0] = t
    if torch is not None and t is torch.Tensor:
        _fast_types[1], _fast_types[2] = t, torch.strided


def _tail_of(cache, key, arg):
    """The bytes of arg (made by _tensor_arg), its tail kept for the next tensor like it."""
    b = bytes(arg)
    if key is not None:
        if len(cache) > 4096:
            cache.clear()
        cache[key] = b[_TAIL:]
    return b


def _env():
    """os.environ's own dict of bytes (a launch reads five variables, 0.4 us each through
    os.environ.get), or None where it has none: then each is read through os.environ."""
    e = os.environ
    d = getattr(e, "_data", None)
    return d if type(d) is dict and os.name == "posix" else None


def _getenv(env, name, key):
    if env is None:
        return os.environ.get(name)
    v = env.get(key)
    return None if v is None else os.environ.decodevalue(v)


_diags_free = []  # pvc_diagnostics lists of finished launches, cleared, for the next ones


@atexit.register
def _free_diags():
    while _diags_free:
        lib.pvc_diagnostics_delete(_diags_free.pop())


# ---- programs and kernels ----------------------------------------------------------------------
def _threads(threads):
    """Native worker threads: the launch's threads=, else $PVC_THREADS; the rule of `pvc run
    --threads` (1 to 256, 0 or unset: one per core)."""
    what = f"threads={threads!r}" if threads is not None else ""
    if threads is None:
        text = os.environ.get("PVC_THREADS", "").strip()
        if not text:
            return 0
        what = f"PVC_THREADS={text}"
        threads = int(text) if text.isascii() and text.isdigit() else 0 if text == "" else -1
    if isinstance(threads, bool) or not isinstance(threads, numbers.Integral) or not 0 <= threads <= 256:
        raise ValueError(f"{what}: wants a whole number from 1 to 256 (0 or unset: one per core)")
    return int(threads)


def _timeout(timeout):
    """Seconds of wall time a launch may take: timeout=, else $PVC_TIMEOUT (0 or unset: none)."""
    what = f"timeout={timeout!r}" if timeout is not None else ""
    if timeout is None:
        text = os.environ.get("PVC_TIMEOUT", "").strip()
        if not text:
            return 0.0
        what = f"PVC_TIMEOUT={text}"
        try:
            timeout = float(text) if text else 0.0
        except ValueError:
            timeout = -1.0
    if isinstance(timeout, bool) or not isinstance(timeout, numbers.Real) \
            or not 0 <= timeout <= 1e9 or math.isnan(timeout):
        raise ValueError(f"{what}: wants seconds from 0 (none) to 1e9")
    return float(timeout)


def _catch_sigint():
    """1 when SIGINT should stop a launch made from this thread: Ctrl-C (KeyboardInterrupt,
    which Python raises only in the main thread, between bytecodes) could not stop a launch
    running there, so libpvc catches SIGINT for the launch and sets its stop flag to 2
    (libpvc.h options.sigint). Elsewhere (another thread, a SIGINT handler of the caller's
    own) the process's handler stays in place."""
    return int(threading.get_ident() == _MAIN_THREAD
               and _getsignal(_SIGINT) is signal.default_int_handler)


_MAIN_THREAD = threading.main_thread().ident
_SIGINT = int(signal.SIGINT)
try:  # the C function itself: signal.getsignal wraps its result in an enum, 3 us a launch
    from _signal import getsignal as _getsignal
except ImportError:
    _getsignal = signal.getsignal


class _What:
    """'argument i ('name') of kernel 'k'', made only when an error message needs it."""
    __slots__ = ("k", "i")

    def __init__(self, k, i):
        self.k, self.i = k, i

    def __str__(self):
        k, i = self.k, self.i
        return f"argument {i} ('{k.params[i]}') of kernel '{k.name}'" if i < len(k.params) \
            else f"argument {i} of kernel '{k.name}'"

    __format__ = lambda self, spec: format(str(self), spec)


class Kernel:
    """A @pl.jit kernel of a loaded program."""

    def __init__(self, program, handle):
        self.program = program  # keeps the program (and so this handle) alive
        self._h = handle
        self.name = lib.pvc_kernel_name(handle).decode()
        self.params = [lib.pvc_kernel_param_name(handle, i).decode()
                       for i in range(lib.pvc_kernel_param_count(handle))]
        self.tiling = self._tiling_layout()
        # what a launch asks of each parameter, fixed when the kernel compiled: read once here,
        # not through three library calls per tensor argument per launch
        n = len(self.params)
        self._kind = tuple(chr(lib.pvc_kernel_param_kind(handle, i)) for i in range(n))
        self._written = tuple(bool(lib.pvc_kernel_param_written(handle, i)) for i in range(n))
        self._nz = tuple(bool(lib.pvc_kernel_param_nz(handle, i)) for i in range(n))

    def _tiling_layout(self):
        """(size, [(name, dtype name, count, offset)]) of the kernel's tiling class, as pvc
        lays out its C struct (docs/SEMANTICS.md §16.8), or None: the host writes the fields
        there, the kernel reads them there."""
        size = lib.pvc_kernel_tiling_size(self._h)
        if not size:
            return None
        fields = []
        for i in range(lib.pvc_kernel_tiling_field_count(self._h)):
            dt, n, off = ctypes.c_int(), ctypes.c_int(), ctypes.c_int64()
            name = lib.pvc_kernel_tiling_field(self._h, i, ctypes.byref(dt), ctypes.byref(n), ctypes.byref(off))
            fields.append((name.decode(), lib.pvc_dtype_name(dt.value).decode(), n.value, off.value))
        return size, fields

    def __repr__(self):
        return f"<pvc kernel {self.name}({', '.join(self.params)}) of {self.program.path}>"

    def _arg(self, i, x):
        what = _What(self, i)
        t = type(x)  # the common kinds first: a launch's cost is mostly this loop
        if t is float:
            return _lib.Arg(kind=_lib.ARG_FLOAT, f=x)
        if t is int and -(2**63) <= x < 2**63:
            return _lib.Arg(kind=_lib.ARG_INT, i=x)
        if _is(x, "torch", "Tensor") or _is(x, "numpy", "ndarray"):
            if (_is(x, "numpy", "ndarray") and not x.flags.writeable and i < len(self.params)
                    and self._written[i]):
                raise LaunchError(f"{what}: the kernel writes it, but the array is read-only")
            if _is(x, "torch", "Tensor") and i < len(self.params):
                _check_format(x, self._nz[i], what)
            return _tensor_arg(x, what)
        if x is None and i < len(self.params) and self._kind[i] == "t":
            # pypto_pro passes None as a null pointer: no bytes, so a pl.Ptr parameter gets an
            # empty argument (any access through it faults, located), a pl.Tensor one a shape error
            import numpy
            return _tensor_arg(numpy.zeros((0,), numpy.uint8), what)
        return _scalar_arg(x, what)

    def _argv(self, args):
        """The bytes of args as a pvc_arg array: per argument what bytes(self._arg(i, x)) is,
        built without a ctypes structure for floats, ints, numpy arrays and torch tensors
        (a tensor's bytes but its data pointer are kept per dtype, shape and strides)."""
        parts = []
        add = parts.append
        nparams = len(self.params)
        ndarray, tensor, strided = _fast_types
        for i, x in enumerate(args):
            t = type(x)  # the common kinds first: a launch's cost is mostly this loop
            if t is float:
                add(_ARG_FLOAT(_ARG_KIND_FLOAT, x))
            elif t is int and -(2**63) <= x < 2**63:
                add(_ARG_INT(_ARG_KIND_INT, x))
            elif t is ndarray:  # numpy.ndarray itself (subclasses take _arg)
                fl = x.flags
                if not fl.writeable and i < nparams and self._written[i]:
                    raise LaunchError(f"{_What(self, i)}: the kernel writes it, but the array is read-only")
                key = (x.dtype, x.shape, x.strides)
                tail = _NUMPY_TAILS.get(key)
                if tail is None:
                    add(_tail_of(_NUMPY_TAILS, key, _tensor_arg(x, _What(self, i))))
                else:
                    # the buffer's address is the data pointer, a third of x.ctypes.data's cost;
                    # only for an array that owns its memory (no view that warns on a write)
                    add(_ARG_HEAD(_ARG_KIND_TENSOR, _addressof(_from_buffer(x)) if fl.owndata and fl.carray
                                  else x.ctypes.data))
                    add(tail)
            elif t is tensor:  # torch.Tensor itself
                if i < nparams and (getattr(x, "_pvc_npu_format", 2) == 29) != self._nz[i]:
                    _check_format(x, self._nz[i], _What(self, i))
                # off the CPU or not strided (no strides to read): _tensor_arg raises it
                key = (x.dtype, x.shape, x.stride()) if x.is_cpu and x.layout is strided else None
                tail = _TORCH_TAILS.get(key)
                if tail is None:
                    add(_tail_of(_TORCH_TAILS, key, _tensor_arg(x, _What(self, i))))
                else:
                    add(_ARG_HEAD(_ARG_KIND_TENSOR, x.data_ptr()))
                    add(tail)
            else:
                if t not in _seen_types:
                    _see_type(t)
                add(bytes(self._arg(i, x)))
        return b"".join(parts)

    def launch(self, args, blocks=1, backend=None, threads=None, timeout=None):
        """Runs the kernel on `blocks` blocks with args bound to its parameters in order;
        tensors are read and written in place. Ctrl-C stops it (KeyboardInterrupt); so does
        `timeout` seconds (default $PVC_TIMEOUT, none when unset), raising LaunchTimeout."""
        __tracebackhide__ = True
        # A launch's fixed cost is mostly this function (docs/PYTHON.md, "The library"): the
        # environment is read through its bytes dict, the arguments and options are packed
        # as bytes in libpvc.h's layout, and the diagnostics list is one kept for reuse.
        env = _env()
        if not backend:
            backend = _getenv(env, "PVC_BACKEND", b"PVC_BACKEND") or "sim"
        if backend not in _lib.BACKENDS:
            raise ValueError(f"pvc: backend must be sim or native, not {backend!r} (PVC_BACKEND)")
        if type(blocks) is not int or not 1 <= blocks <= _lib.MAX_BLOCKS:
            if isinstance(blocks, bool) or not isinstance(blocks, numbers.Integral) \
                    or not 1 <= blocks <= _lib.MAX_BLOCKS:
                raise ValueError(f"pvc: a launch has 1 to {_lib.MAX_BLOCKS} blocks, not {blocks!r}")
        # unset variables (the common case) are told apart without decoding anything
        threads = 0 if threads is None and env is not None and b"PVC_THREADS" not in env else _threads(threads)
        timeout = 0.0 if timeout is None and env is not None and b"PVC_TIMEOUT" not in env else _timeout(timeout)
        argv = self._argv(args)
        if env is None:
            verbose, strict = _verbose(), _flag("PVC_STRICT_HAZARDS")
        else:
            verbose = env.get(b"PVC_VERBOSE", b"") not in (b"", b"0")
            strict = env.get(b"PVC_STRICT_HAZARDS", b"") not in (b"", b"0")
        stop = ctypes.c_int(0)
        opts = _OPTIONS(_lib.BACKENDS[backend], int(blocks), int(threads), int(verbose), _addressof(stop),
                        timeout, int(strict), _catch_sigint())
        try:
            d = _diags_free.pop()  # atomic: two threads never take one list
        except IndexError:
            d = lib.pvc_diagnostics_new()
            if not d:
                raise MemoryError("pvc: out of memory") from None
        empty = False
        try:
            status = lib.pvc_kernel_launch(self._h, argv, len(args), opts, d)
            empty = not lib.pvc_diagnostics_count(d)
            records = () if empty else _records(d)
        finally:
            if not empty:
                lib.pvc_diagnostics_clear(d)
            _diags_free.append(d)
        # args stay referenced until here: their memory is GM for the whole launch
        if stop.value == 2:
            raise KeyboardInterrupt
        if status != _lib.OK:
            _raise(status, records)
        if records:
            _warn(records)


class Program:
    """A compiled .py file (compiled once per content: libpvc caches it). A function with
    errors leaves out only itself and the kernels that call it: launching such a kernel
    raises CompileError with its errors, the file's other kernels run."""

    def __init__(self, path, bindings=None):
        __tracebackhide__ = True
        self.path = path
        self._h = None
        with _Diags() as d:
            if bindings:
                kernel, globals_text, locals_text = bindings
                self._h = lib.pvc_program_load_bound(os.fsencode(path), kernel.encode(),
                                                     globals_text.encode(), locals_text.encode(),
                                                     d.handle)
            else:
                self._h = lib.pvc_program_load_each(os.fsencode(path), d.handle)
            records = d.records()
        if not self._h:
            _raise(_lib.ERROR, records)
        _say(records)
        self.kernels = {}
        for i in range(lib.pvc_program_kernel_count(self._h)):
            k = Kernel(self, lib.pvc_program_kernel_at(self._h, i))
            self.kernels[k.name] = k

    def kernel(self, name):
        __tracebackhide__ = True
        if name not in self.kernels:
            with _Diags() as d:
                failed = lib.pvc_program_kernel_errors(self._h, name.encode(), d.handle)
                records = d.records()
            if failed:
                _raise(_lib.ERROR, records)
            raise LaunchError(f"{self.path} has no @pl.jit kernel '{name}' that pvc compiles "
                              f"(kernels: {', '.join(self.kernels) or 'none'})")
        return self.kernels[name]

    def __del__(self):
        if self._h and lib is not None:
            lib.pvc_program_release(self._h)
            self._h = None


_programs = {}


def load(path, bindings=None):
    """The Program of path, compiled again only when the file changed since the last load.

    bindings = (kernel, globals_text, locals_text) compiles it with values bound (libpvc.h
    pvc_program_load_bound): `name = value` lines of Python text that replace what the
    module binds, and (for that kernel) what its enclosing function binds."""
    __tracebackhide__ = True
    st = os.stat(path)
    key = (os.path.abspath(path), tuple(bindings) if bindings else None)
    stamp = (st.st_mtime_ns, st.st_size, st.st_ino)
    hit = _programs.get(key)
    if hit and hit[0] == stamp:
        return hit[1]
    program = Program(path, bindings)
    _programs[key] = (stamp, program)
    return program
