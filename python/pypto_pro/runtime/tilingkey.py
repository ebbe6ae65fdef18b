"""Tiling keys (docs/SEMANTICS.md §16.3): compile-time specialisation of a kernel.

    class Key:
        Mode = TilingKeyField(bits=2, values=[0, 1, 2])
        def is_valid(self, key): ...            # optional; key: the values in field order

    @pl.jit(tiling_key=Key)
    def k(...):
        if Mode == 1: ...                       # a field name is a compile-time int

    k[None, n, {"Mode": 1}](...)

Each concrete key is a separate compile: its values are constants of the kernel's scope.
The schema is checked when the kernel is decorated, a key when it is launched (ValueError).
"""

import itertools

__all__ = ["TilingKeyField", "TilingKeySchema"]

MAX_BITS = 64


class TilingKeyField:
    """One field: `bits` of the packed 64-bit key, and the values it may take."""

    def __init__(self, *, bits, values):
        self.bits = bits
        self.values = tuple(values)
        self.name = None
        self.offset = None

    def __set_name__(self, owner, name):
        self.name = name

    def __repr__(self):
        return f"TilingKeyField(bits={self.bits}, values={list(self.values)})"


class TilingKeySchema:
    """The fields of a key class in definition order, each at a bit offset."""

    def __init__(self, cls):
        if not isinstance(cls, type):
            raise ValueError(f"tiling_key must be a class, got {type(cls).__name__}")
        self._cls = cls
        self._fields = []
        for name, v in vars(cls).items():
            if isinstance(v, TilingKeyField):
                v.name = v.name or name
                self._fields.append(v)
        if not self._fields:
            raise ValueError(f"tiling_key class '{cls.__name__}' has no TilingKeyField members")
        self._valid = None
        self.is_valid = None
        check = getattr(cls, "is_valid", None)
        if check is not None:
            if not callable(check):
                raise ValueError(f"tiling_key class '{cls.__name__}' has a non-callable 'is_valid' member")
            self.is_valid = check.__get__(object.__new__(cls), cls)
        self._assign_offsets()

    @property
    def cls_name(self):
        return self._cls.__name__

    def field_names(self):
        return [f.name for f in self._fields]

    def _assign_offsets(self):
        offset = 0
        for f in self._fields:
            if f.bits <= 0:
                raise ValueError(f"tilingkey field '{f.name}' must have bits > 0, got {f.bits}")
            if not f.values:
                raise ValueError(f"tilingkey field '{f.name}' must have a non-empty 'values' list")
            for v in f.values:
                if not isinstance(v, int) or isinstance(v, bool):
                    raise ValueError(f"tilingkey field '{f.name}' values must be ints, got {v!r}")
            if len(set(f.values)) != len(f.values):
                raise ValueError(f"tilingkey field '{f.name}' values must be unique")
            if len(f.values) > 1 << f.bits:
                raise ValueError(f"tilingkey field '{f.name}' has {len(f.values)} candidates, "
                                 f"exceeding the {1 << f.bits} representable by {f.bits} bits")
            f.offset = offset
            offset += f.bits
        if offset > MAX_BITS:
            raise ValueError(f"tiling_key class '{self._cls.__name__}' uses {offset} bits, "
                             f"exceeding the {MAX_BITS}-bit limit")

    def enumerate_valid(self):
        """Every combination of field values (in field order) that is_valid accepts."""
        if self._valid is None:
            combos = itertools.product(*(f.values for f in self._fields))
            self._valid = [c for c in combos if self.is_valid is None or self.is_valid(c)]
        return self._valid

    def pack(self, key):
        """The 64-bit identity of a key: each field's value index at its offset."""
        packed = 0
        for f in self._fields:
            packed |= f.values.index(key[f.name]) << f.offset
        return packed

    def validate_concrete(self, key):
        if not isinstance(key, dict):
            raise ValueError(f"tilingkey must be specified as a dict, got {type(key).__name__}")
        if sorted(key) != sorted(self.field_names()):
            raise ValueError(f"tilingkey keys {sorted(key)} do not match schema fields "
                             f"{sorted(self.field_names())}")
        for f in self._fields:
            if key[f.name] not in f.values:
                raise ValueError(f"tilingkey field '{f.name}' value {key[f.name]!r} is not a "
                                 f"candidate; allowed: {list(f.values)}")
        if self.is_valid and not self.is_valid(tuple(key[f.name] for f in self._fields)):
            raise ValueError(f"tilingkey {key} did not pass {self.cls_name}.is_valid")
