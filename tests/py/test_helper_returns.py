"""Helpers that return structs, pl.make_tuple tuples, nested tuples, tiles and lists, from
several returns that meet at run time, and returns inside the helper's loops
(docs/LANGUAGE.md, "Helper functions"), in both backends. The expected values are the Python
the helpers are written as, evaluated by hand-written Python below (`ref_*`)."""
from __future__ import annotations

import pytest
import torch

import pypto_pro.language as pl
import torch_npu  # noqa: F401  (device="npu")


def pick_pair(flag, base):
    if flag:
        return pl.make_tuple(lo=base + 1, hi=base * 2)
    return pl.make_tuple(lo=base - 3, hi=base * 5)


def pick_struct(flag, base):
    if flag:
        return pl.struct("Pick", v=base + 7, w=base)
    return pl.struct("Pick", v=base - 7, w=-base)


def pick_nested(flag, base):
    if flag:
        return (base, base + 100), pl.struct("Two", a=base * 3, b=1), flag
    return (base + 1, base - 100), pl.struct("Two", a=base * 4, b=2), flag


def first_at_least(limit, stop):
    """The first i in [0, stop) with i * i >= limit, inside two loops; else -1."""
    for i in pl.range(0, stop, 1):
        j = 0
        while j < 3:
            if i * i + j >= limit + 2:
                return i * 10 + j
            j = j + 1
        if i * i >= limit:
            return i
    return -1


def offsets_of(r):
    return [r, 0]


@pl.jit()
def returns_kernel(out: pl.Tensor[[12], pl.DT_INT32], flag: pl.DT_BOOL, base: pl.DT_INT32,
                   limit: pl.DT_INT32, stop: pl.DT_INT32):
    with pl.section_vector():
        t = pick_pair(flag, base)
        s = pick_struct(flag, base)
        s.w = s.w + 1
        pair, two, taken = pick_nested(flag, base)
        found = first_at_least(limit, stop)
        pl.setval(out, 0, t.lo)
        pl.setval(out, 1, t.hi)
        pl.setval(out, 2, s.v)
        pl.setval(out, 3, s.w)
        pl.setval(out, 4, pair[0])
        pl.setval(out, 5, pair[1])
        pl.setval(out, 6, two.a)
        pl.setval(out, 7, two.b)
        pl.setval(out, 8, 1 if taken else 0)
        pl.setval(out, 9, found)
        pl.setval(out, 10, t.lo + s.v + pair[1])


def ref_returns(flag, base, limit, stop):
    lo, hi = (base + 1, base * 2) if flag else (base - 3, base * 5)
    v, w = (base + 7, base) if flag else (base - 7, -base)
    pair, (a, b) = ((base, base + 100), (base * 3, 1)) if flag else ((base + 1, base - 100), (base * 4, 2))
    found = -1
    for i in range(stop):
        hit = [j for j in range(3) if i * i + j >= limit + 2]
        if hit:
            found = i * 10 + hit[0]
            break
        if i * i >= limit:
            found = i
            break
    return [lo, hi, v, w + 1, pair[0], pair[1], a, b, int(flag), found, lo + v + pair[1], 0]


@pytest.mark.parametrize("flag, base, limit, stop", [
    (True, 5, 7, 6),      # the while's return: i = 3, j = 0 -> 30
    (False, 9, 4, 6),     # the for's return: i = 2 -> 2
    (True, -4, 50, 5),    # no return taken in the loops -> -1
    (False, 0, 0, 0),     # an empty range -> -1
])
def test_helper_returns(backend, flag, base, limit, stop):
    out = torch.zeros(12, dtype=torch.int32)
    returns_kernel(out, flag, base, limit, stop)
    assert out.tolist() == ref_returns(flag, base, limit, stop)


def pick_tile(flag, a, b):
    if flag:
        return a
    return b


@pl.jit()
def tile_kernel(x: pl.Tensor[[8, 64], pl.DT_FP32], y: pl.Tensor[[8, 64], pl.DT_FP32], flag: pl.DT_BOOL):
    tt = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    ta = pl.make_tile(tt, addr=0x0000)
    tb = pl.make_tile(tt, addr=0x0100)
    with pl.section_vector():
        for r in pl.range(8):
            offs = offsets_of(r)
            pl.load(ta, x, offs)
            pl.mul(tb, ta, 3.0)
            picked = pick_tile(flag, ta, tb)
            pl.store(y, picked, offs)


@pytest.mark.parametrize("flag", [True, False])
def test_helper_returns_tile_and_list(backend, flag):
    x = torch.randn([8, 64], dtype=torch.float32)
    y = torch.zeros_like(x)
    tile_kernel(x, y, flag)
    assert torch.equal(y, x if flag else x * 3.0)
