"""Tiling classes (docs/SEMANTICS.md §16.8): a plain @dataclass whose every field is
`int`, `float`, `bool` or `T[N]` (N a positive int literal, at most 2048), passed as a
kernel's last argument. At launch the instance becomes the bytes of the C struct with those
members in order and natural alignment (int: int64, float: float32, bool: one byte), which
pvc's kernel copies into its own storage at entry and reads fields from.

`T[N]` is a field type only as a string annotation (`from __future__ import annotations`):
otherwise Python evaluates int[4] to a generic alias and the class is not a tiling class.
"""

import ast
import ctypes
import dataclasses
import inspect
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


_structs = {}


def _struct(cls):
    s = _structs.get(cls)
    if s is None:
        members = [(name, ct * n if n else ct) for name, ct, n in tiling_fields(cls)]
        s = type(f"{cls.__name__}_bytes", (ctypes.Structure,), {"_fields_": members})
        _structs[cls] = s
    return s


def tiling_bytes(instance):
    """The C struct bytes of a tiling-class instance. An array field takes an indexable
    sequence of exactly N items; each value is converted as ctypes converts it (an int field
    refuses a float, a float field rounds to float32, a bool field takes ints)."""
    cls = type(instance)
    values = []
    for name, ct, n in tiling_fields(cls):
        v = getattr(instance, name)
        if n is None:
            values.append(v)
            continue
        if isinstance(v, (str, bytes, bytearray)) or not hasattr(v, "__getitem__") or not hasattr(v, "__len__"):
            raise TypeError(f"Tiling field '{name}' is T[{n}]: expected an indexable sequence, "
                            f"got {type(v).__name__!r}")
        if len(v) != n:
            raise ValueError(f"Tiling field '{name}' expected {n} elements, got {len(v)}")
        values.append((ct * n)(*[v[i] for i in range(n)]))
    return bytes(_struct(cls)(*values))
