# Tiling classes as pypto_pro refuses them (docs/SEMANTICS.md §16.8): the parameter must be the
# last and the only one; the class a @dataclass of int, float, bool and T[N] fields, N a
# literal from 1 to 2048, every name once; a vector function takes none.
from __future__ import annotations

from dataclasses import dataclass

import pypto_pro.language as pl


@dataclass
class Good:
    n: int


class NotData:
    n: int


@dataclass
class BadSize:
    a: int[0]


@dataclass
class TooBig:
    b: float[2049]


@dataclass
class BadType:
    s: str


@dataclass
class Twice:
    n: int
    n: float


@dataclass
class Empty:
    pass


@pl.jit()
def not_last(t: Good, out: pl.Tensor[[1], pl.DT_INT32]):
    with pl.section_vector():
        pl.setval(out, 0, t.n)


@pl.jit()
def not_a_dataclass(out: pl.Tensor[[1], pl.DT_INT32], t: NotData):
    with pl.section_vector():
        pl.setval(out, 0, 0)


@pl.jit()
def bad_size(out: pl.Tensor[[1], pl.DT_INT32], t: BadSize):
    with pl.section_vector():
        pl.setval(out, 0, 0)


@pl.jit()
def too_big(out: pl.Tensor[[1], pl.DT_INT32], t: TooBig):
    with pl.section_vector():
        pl.setval(out, 0, 0)


@pl.jit()
def bad_type(out: pl.Tensor[[1], pl.DT_INT32], t: BadType):
    with pl.section_vector():
        pl.setval(out, 0, 0)


@pl.jit()
def duplicate(out: pl.Tensor[[1], pl.DT_INT32], t: Twice):
    with pl.section_vector():
        pl.setval(out, 0, 0)


@pl.jit()
def empty(out: pl.Tensor[[1], pl.DT_INT32], t: Empty):
    with pl.section_vector():
        pl.setval(out, 0, 0)


@pl.jit()
def unknown_field(out: pl.Tensor[[1], pl.DT_INT32], t: Good):
    with pl.section_vector():
        pl.setval(out, 0, t.m)
        pl.setval(out, 0, t.n[0])


@pl.vector_function
def in_vf(src, t: Good):
    pass
