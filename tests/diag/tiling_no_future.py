# Without `from __future__ import annotations` Python evaluates `int[4]` to a generic alias, so
# pypto_pro does not take the class as a tiling class (docs/SEMANTICS.md §16.8): an error at the
# field, not a parameter read as something else.
from dataclasses import dataclass

import pypto_pro.language as pl


@dataclass
class Shapes:
    dims: int[4]


@pl.jit()
def k(out: pl.Tensor[[1], pl.DT_INT32], t: Shapes):
    with pl.section_vector():
        pl.setval(out, 0, t.dims[0])
