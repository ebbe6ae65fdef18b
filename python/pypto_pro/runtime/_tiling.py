"""Tiling classes (docs/SEMANTICS.md §16.8): a plain @dataclass whose every field is
`int`, `float`, `bool` or `T[N]` (N a positive int literal, at most 2048), passed as a
kernel's last argument. At launch the instance becomes the bytes of the C struct with those
members in order (int: int64, float: float32, bool: one byte), written at the offsets pvc's
compiler laid the struct out at (pvc.Kernel.tiling, from libpvc): one layout rule for the
host that packs the argument and the kernel that reads it. The kernel copies the bytes into
its own storage at entry and reads fields from there.

`T[N]` is a field type only as a string annotation (`from __future__ import annotations`):
otherwise Python evaluates int[4] to a generic alias and the class is not a tiling class.
"""

import ast
import ctypes
import dataclasses
import inspect
import struct
import textwrap

__all__ = ["is_tiling_class", "tiling_fields", "tiling_bytes"]

_CTYPES = {"int": ctypes.c_int64, "float": ctypes.c_float, "bool": ctypes.c_bool}
MAX_ARRAY = 2048


def _field(annotation):
    """(ctype, N or None) of one field's annotation; TypeError/ValueError when it is none."""
    if isinstance(annotation, type) and annotation.__name__ in _CTYPES and annotation in (int, float, bool):
        return _CTYPES[annotation.__name__], None
    if not isinstance(annotation, str):
        raise TypeError("expected int, float, bool, or T[N]")
    try:
        e = ast.parse(annotation, mode="eval").body
    except SyntaxError as exc:
        raise ValueError(f"invalid annotation syntax {annotation!r}") from exc
    if isinstance(e, ast.Name):
        if e.id not in _CTYPES:
            raise TypeError(f"unsupported scalar type {e.id!r}")
        return _CTYPES[e.id], None
    if not isinstance(e, ast.Subscript) or not isinstance(e.value, ast.Name):
        raise TypeError("expected a scalar type or fixed-array annotation T[N]")
    if e.value.id not in _CTYPES:
        raise TypeError(f"array element type must be int, float, or bool, got {e.value.id!r}")
    n = e.slice.value if isinstance(e.slice, ast.Constant) else None
    if not isinstance(n, int) or isinstance(n, bool) or n <= 0:
        raise ValueError("array size must be a positive integer literal")
    if n > MAX_ARRAY:
        raise ValueError(f"Array size must not exceed {MAX_ARRAY}, got {n}")
    return _CTYPES[e.value.id], n


def _check_duplicates(cls):
    """Python keeps one annotation per name, so a field declared twice shows only in the
    source: a ValueError naming it (not swallowed, unlike a bad field type)."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    except (TypeError, OSError, SyntaxError):
        return
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            seen = set()
            for stmt in node.body:
                if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                    if stmt.target.id in seen:
                        raise ValueError(f"Tiling class '{cls.__name__}' has duplicate field "
                                         f"'{stmt.target.id}'. All field names must be unique.")
                    seen.add(stmt.target.id)
            return


def is_tiling_class(cls):
    """A dataclass with at least one field, every field of a tiling type."""
    if not isinstance(cls, type) or not dataclasses.is_dataclass(cls):
        return False
    annotations = vars(cls).get("__annotations__", {})
    if not annotations:
        return False
    _check_duplicates(cls)
    try:
        for a in annotations.values():
            _field(a)
    except (TypeError, ValueError):
        return False
    return True


def tiling_fields(cls):
    """[(name, ctype, N or None)] in declaration order."""
    return [(name, *_field(a)) for name, a in vars(cls)["__annotations__"].items()]


_PACK = {"INT64": "q", "FP32": "f", "BOOL": "?"}  # native byte order, as the kernel reads them


def tiling_bytes(instance, layout):
    """The C struct bytes of a tiling-class instance at layout = (size, [(name, dtype, count,
    offset)]), pvc's layout of the class. An array field takes an indexable sequence of
    exactly N items; each value is converted as ctypes converts it (an int field refuses a
    float, a float field rounds to float32, a bool field takes ints)."""
    cls = type(instance)
    size, fields = layout
    mine = tiling_fields(cls)
    if [(name, n or 0) for name, _, n in mine] != [(name, n) for name, _, n, _ in fields]:
        raise TypeError(f"tiling class '{cls.__name__}' has fields {[f[0] for f in mine]}, but the kernel "
                        f"was compiled for {[f[0] for f in fields]}")
    buf = bytearray(size)
    for (name, ct, n), (_, dtype, _, offset) in zip(mine, fields):
        v = getattr(instance, name)
        if n is None:
            values = [ct(v).value]
        else:
            if isinstance(v, (str, bytes, bytearray)) or not hasattr(v, "__getitem__") or not hasattr(v, "__len__"):
                raise TypeError(f"Tiling field '{name}' is T[{n}]: expected an indexable sequence, "
                                f"got {type(v).__name__!r}")
            if len(v) != n:
                raise ValueError(f"Tiling field '{name}' expected {n} elements, got {len(v)}")
            values = [ct(v[i]).value for i in range(n)]
        struct.pack_into(f"={len(values)}{_PACK[dtype]}", buf, offset, *values)
    return bytes(buf)
