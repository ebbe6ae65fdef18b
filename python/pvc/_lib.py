"""ctypes declarations of build/libpvc.so (compiler/lib/libpvc.h), nothing more.

The library is found at $PVC_LIB, else at build/libpvc.so of the tree this package lives in
(python/pvc/ -> ../../build/libpvc.so), which is what `pvc py` sets up.
"""

import ctypes
import os

MAX_RANK = 8  # PVC_ARG_MAX_RANK

# pvc_status
OK, ERROR, USAGE, FAULT, INTERNAL, STOPPED = 0, 1, 2, 3, 4, 5
# pvc_arg kinds
ARG_TENSOR, ARG_INT, ARG_FLOAT, ARG_BOOL = 0, 1, 2, 3
ARG_STRIDES = 1  # pvc_arg flags: the strides are as given, even all 0
# backends
BACKENDS = {"sim": 0, "native": 1}
MAX_BLOCKS = 65535  # PVC_LAUNCH_MAX_BLOCKS


class Diagnostic(ctypes.Structure):
    _fields_ = [
        ("severity", ctypes.c_char_p),
        ("file", ctypes.c_char_p),
        ("line", ctypes.c_int),
        ("col", ctypes.c_int),
        ("code", ctypes.c_char_p),
        ("message", ctypes.c_char_p),
        ("rendered", ctypes.c_char_p),
    ]


class Arg(ctypes.Structure):
    _fields_ = [
        ("kind", ctypes.c_int),
        ("data", ctypes.c_void_p),
        ("dtype", ctypes.c_int),
        ("rank", ctypes.c_int),
        ("shape", ctypes.c_int64 * MAX_RANK),
        ("strides", ctypes.c_int64 * MAX_RANK),
        ("i", ctypes.c_int64),
        ("f", ctypes.c_double),
        ("flags", ctypes.c_int),  # ARG_STRIDES
    ]


class LaunchOptions(ctypes.Structure):
    _fields_ = [
        ("backend", ctypes.c_int),
        ("blocks", ctypes.c_int),
        ("threads", ctypes.c_int),
        ("verbose", ctypes.c_int),
        ("cc", ctypes.c_char_p),
        ("cflags", ctypes.c_char_p),
        ("trace", ctypes.c_void_p),
        ("stats", ctypes.c_void_p),
        ("timeline", ctypes.c_char_p),
        ("max_ops", ctypes.c_uint64),  # 0: the simulator's default op budget
        ("stop", ctypes.POINTER(ctypes.c_int)),  # set nonzero: the launch stops (STOPPED)
        ("timeout", ctypes.c_double),  # seconds, 0: none
        ("strict_hazards", ctypes.c_int),  # sim: tolerated hazards fault too
        ("sigint", ctypes.c_int),  # 1: SIGINT sets *stop to 2 during the launch
    ]


def _path():
    env = os.environ.get("PVC_LIB")
    if env:
        return env
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.join(here, "..", "..", "build", "libpvc.so")


def _load():
    path = _path()
    if not os.path.exists(path):
        raise ImportError(
            f"pvc: cannot find libpvc.so at {path}: run `make` in the pvc tree, or set PVC_LIB"
        )
    lib = ctypes.CDLL(path)
    P, S, I, I64, SZ = ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_int64, ctypes.c_size_t
    sig = {
        "pvc_diagnostics_new": (P, []),
        "pvc_diagnostics_delete": (None, [P]),
        "pvc_diagnostics_clear": (None, [P]),
        "pvc_diagnostics_count": (SZ, [P]),
        "pvc_diagnostics_get": (ctypes.POINTER(Diagnostic), [P, SZ]),
        "pvc_dtype_count": (I, []),
        "pvc_dtype_name": (S, [I]),
        "pvc_dtype_by_name": (I, [S]),
        "pvc_dtype_bits": (I, [I]),
        "pvc_enum_count": (I, []),
        "pvc_enum_name": (S, [I]),
        "pvc_enum_is_pl": (I, [I]),
        "pvc_enum_member": (S, [I, I, ctypes.POINTER(I64)]),
        "pvc_program_load": (P, [S, P]),
        "pvc_program_load_each": (P, [S, P]),
        "pvc_program_load_bound": (P, [S, S, S, S, P]),
        "pvc_program_kernel_errors": (I, [P, S, P]),
        "pvc_program_release": (None, [P]),
        "pvc_program_kernel_count": (I, [P]),
        "pvc_program_kernel_at": (P, [P, I]),
        "pvc_program_kernel": (P, [P, S]),
        "pvc_kernel_name": (S, [P]),
        "pvc_kernel_param_count": (I, [P]),
        "pvc_kernel_param_name": (S, [P, I]),
        "pvc_kernel_param_kind": (I, [P, I]),
        "pvc_kernel_param_dtype": (I, [P, I]),
        "pvc_kernel_param_rank": (I, [P, I]),
        "pvc_kernel_param_dim": (I64, [P, I, I]),
        "pvc_kernel_param_written": (I, [P, I]),
        "pvc_kernel_param_nz": (I, [P, I]),
        "pvc_kernel_tiling_size": (I64, [P]),
        "pvc_kernel_tiling_field_count": (I, [P]),
        "pvc_kernel_tiling_field": (S, [P, I, ctypes.POINTER(I), ctypes.POINTER(I), ctypes.POINTER(I64)]),
        # args and options as void *: the package passes them as bytes laid out as Arg and
        # LaunchOptions (one struct.pack each, cheaper than setting ctypes fields)
        "pvc_kernel_launch": (I, [P, P, I, P, P]),
    }
    for name, (res, args) in sig.items():
        fn = getattr(lib, name)
        fn.restype = res
        fn.argtypes = args
    return lib


lib = _load()
