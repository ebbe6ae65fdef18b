"""Tiling classes passed from Python and the structs of a kernel (docs/SEMANTICS.md §16.8), in
both backends: the C layout (checked against ctypes' own layout of the same struct, an
independent computation), every field dtype read back, writes that stay in the core's copy,
the C++ conversions of a field write, run-time indices that fault, and the launch errors of a
bad instance. Expected values are Python/numpy expressions of what each kernel is written to
do."""
from __future__ import annotations

import ctypes
from dataclasses import dataclass

import numpy as np
import pytest
import torch

import pvc
import pypto_pro.language as pl
import torch_npu  # noqa: F401  (device="npu")


@dataclass
class Mixed:
    head: int[60]
    a: int
    pair: int[2]
    b: float
    flags: bool[8]
    c: bool
    tail: int[32]


@pl.jit()
def mixed_kernel(
    ints: pl.Tensor[[6], pl.DT_INT64],
    floats: pl.Tensor[[1], pl.DT_FP32],
    bools: pl.Tensor[[9], pl.DT_INT32],
    idx: int,
    t: Mixed,
):
    with pl.section_vector():
        pl.setval(ints, 0, t.a)
        pl.setval(ints, 1, t.pair[0])
        pl.setval(ints, 2, t.pair[1])
        pl.setval(ints, 3, t.head[59])
        pl.setval(ints, 4, t.tail[31])
        pl.setval(ints, 5, t.head[idx])
        pl.setval(floats, 0, t.b)
        for k in pl.range(8):
            if t.flags[k]:
                pl.setval(bools, k, 1)
        if t.c:
            pl.setval(bools, 8, 1)


def ctypes_layout(cls_fields):
    """(sizeof, {field: offset}) of the C struct as ctypes lays it out."""
    s = type("S", (ctypes.Structure,), {"_fields_": cls_fields})
    return ctypes.sizeof(s), {name: getattr(s, name).offset for name, _ in cls_fields}


def test_mixed_layout_is_cs(backend):
    size, offsets = ctypes_layout([("head", ctypes.c_int64 * 60), ("a", ctypes.c_int64),
                                   ("pair", ctypes.c_int64 * 2), ("b", ctypes.c_float),
                                   ("flags", ctypes.c_bool * 8), ("c", ctypes.c_bool),
                                   ("tail", ctypes.c_int64 * 32)])
    compiled = mixed_kernel._ensure_compiled()
    got_size, fields = compiled.kernel.tiling
    assert got_size == size == 776
    assert {name: off for name, _, _, off in fields} == offsets
    assert [(name, dt, n) for name, dt, n, _ in fields] == [
        ("head", "INT64", 60), ("a", "INT64", 0), ("pair", "INT64", 2), ("b", "FP32", 0),
        ("flags", "BOOL", 8), ("c", "BOOL", 0), ("tail", "INT64", 32)]


def test_mixed_fields_read_back(backend):
    head = list(range(100, 160))
    t = Mixed(head=head, a=-(2 ** 40), pair=[7, 2 ** 62], b=0.1, flags=[True, False, False, True] * 2,
              c=True, tail=list(range(-32, 0)))
    ints = torch.zeros(6, dtype=torch.int64)
    floats = torch.zeros(1, dtype=torch.float32)
    bools = torch.zeros(9, dtype=torch.int32)
    mixed_kernel(ints, floats, bools, 17, t)
    assert ints.tolist() == [-(2 ** 40), 7, 2 ** 62, 159, -1, 117]
    assert floats.numpy().tobytes() == np.float32(0.1).tobytes()  # the host rounds to float32
    assert bools.tolist() == [1, 0, 0, 1, 1, 0, 0, 1, 1]


def test_tiling_index_out_of_range_faults(backend):
    t = Mixed(head=[0] * 60, a=0, pair=[0, 0], b=0.0, flags=[False] * 8, c=False, tail=[0] * 32)
    out = [torch.zeros(6, dtype=torch.int64), torch.zeros(1), torch.zeros(9, dtype=torch.int32)]
    with pytest.raises(pvc.KernelFault, match=r"index 60 of an array field of 60 elements"):
        mixed_kernel(*out, 60, t)
    with pytest.raises(pvc.KernelFault, match=r"index -1 of an array field"):
        mixed_kernel(*out, -1, t)


def test_bad_instances_are_refused():
    out = [torch.zeros(6, dtype=torch.int64), torch.zeros(1), torch.zeros(9, dtype=torch.int32)]
    good = dict(head=[0] * 60, a=0, pair=[0, 0], b=0.0, flags=[False] * 8, c=False, tail=[0] * 32)
    with pytest.raises(ValueError, match="Tiling field 'pair' expected 2 elements, got 3"):
        mixed_kernel(*out, 0, Mixed(**dict(good, pair=[1, 2, 3])))
    with pytest.raises(TypeError, match="Tiling field 'tail' is T\\[32\\]: expected an indexable sequence"):
        mixed_kernel(*out, 0, Mixed(**dict(good, tail=5)))
    with pytest.raises(TypeError):  # ctypes' c_int64 refuses a float
        mixed_kernel(*out, 0, Mixed(**dict(good, a=1.5)))


@dataclass
class Counter:
    start: int
    steps: int[2]


@pl.jit()
def local_copy_kernel(out: pl.Tensor[[2, 3], pl.DT_INT64], t: Counter):
    with pl.section_vector():
        b = pl.get_block_idx()
        t.start = t.start + b * 10
        t.steps[1] = t.steps[1] + 1
        pl.setval(out, b * 3, t.start)
        pl.setval(out, b * 3 + 1, t.steps[0])
        pl.setval(out, b * 3 + 2, t.steps[1])


def test_tiling_writes_stay_in_each_cores_copy(backend):
    t = Counter(start=5, steps=[3, 4])
    out = torch.zeros(2, 3, dtype=torch.int64)
    local_copy_kernel[None, 2](out, t)
    assert out.tolist() == [[5, 3, 5], [15, 3, 5]]  # each block changed its own copy only
    assert t == Counter(start=5, steps=[3, 4])


@pl.jit()
def conversions_kernel(ints: pl.Tensor[[4], pl.DT_INT64], floats: pl.Tensor[[3], pl.DT_FP32], x: float):
    s = pl.struct("Conv", i=0, f=0.0, b=False, n=[0, 0])
    with pl.section_vector():
        s.i = x                # float -> int64: the float32 value, truncated
        s.f = 1.0 / 3.0        # rounded to float32
        s.b = 5                # nonzero -> True
        s.n[0] = 2 ** 62 + 1
        s.n[1] = -x
        pl.setval(ints, 0, s.i)
        pl.setval(ints, 1, s.b)
        pl.setval(ints, 2, s.n[0])
        pl.setval(ints, 3, s.n[1])
        pl.setval(floats, 0, s.f)
        s.f = 16777217
        pl.setval(floats, 1, s.f)
        s.f = s.f * 2.0 + 1.0  # read as float32, computed, rounded again on the write
        pl.setval(floats, 2, s.f)


def test_field_writes_convert_as_cpp(backend):
    ints = torch.zeros(4, dtype=torch.int64)
    floats = torch.zeros(3, dtype=torch.float32)
    conversions_kernel(ints, floats, 2.7)
    assert ints.tolist() == [int(np.float32(2.7)), 1, 2 ** 62 + 1, int(np.float32(-2.7))]
    want = [np.float32(1.0 / 3.0), np.float32(16777217), np.float32(16777216.0 * 2.0 + 1.0)]
    assert floats.numpy().tobytes() == np.array(want, dtype=np.float32).tobytes()


@pl.jit()
def per_block_kernel(out: pl.Tensor[[4], pl.DT_INT64], n: int):
    acc = pl.struct("PerBlock", total=0)
    ring = pl.struct_array(3, "Ring", v=0)
    with pl.section_vector():
        for i in pl.range(n):
            ring[i % 3].v = ring[i % 3].v + i
            acc.total = acc.total + pl.get_block_idx() + 1
        pl.setval(out, pl.get_block_idx() * 2, acc.total)
        pl.setval(out, pl.get_block_idx() * 2 + 1, ring[n % 3].v)


def test_each_block_has_its_own_structs(backend):
    out = torch.zeros(4, dtype=torch.int64)
    per_block_kernel[None, 2](out, 7)
    ring = [sum(i for i in range(7) if i % 3 == k) for k in range(3)]
    assert out.tolist() == [7 * 1, ring[7 % 3], 7 * 2, ring[7 % 3]]


@pl.jit()
def slot_kernel(out: pl.Tensor[[1], pl.DT_INT64], i: int):
    arr = pl.struct_array(3, "Three", v=0)
    with pl.section_vector():
        slot = arr[i]
        slot.v = 1
        pl.setval(out, 0, arr[0].v + arr[1].v + arr[2].v)


def test_struct_array_run_time_index(backend):
    out = torch.zeros(1, dtype=torch.int64)
    slot_kernel(out, 2)
    assert out.tolist() == [1]
    with pytest.raises(pvc.KernelFault, match="index 3 of a pl.struct_array of 3 structs") as e:
        slot_kernel(out, 3)
    assert "slot = arr[i]" in str(e.value)


@pl.jit()
def immutable_tuple_kernel(out: pl.Tensor[[1], pl.DT_INT32]):
    t = pl.make_tuple(a=1)
    with pl.section_vector():
        t.a = 2


@pl.jit()
def unknown_field_write_kernel(out: pl.Tensor[[1], pl.DT_INT32]):
    s = pl.struct("NoW", v=0)
    with pl.section_vector():
        s.w = 1


@pl.jit()
def unknown_field_read_kernel(out: pl.Tensor[[1], pl.DT_INT32]):
    s = pl.struct("NoR", v=0)
    with pl.section_vector():
        pl.setval(out, 0, s.w)


def test_refusals_raise_pypto_pros_exceptions():
    from pypto_pro.language.parser.diagnostics import (ParserSyntaxError, ParserTypeError,
                                                       UnsupportedFeatureError)
    out = torch.zeros(1, dtype=torch.int32)
    with pytest.raises(ParserSyntaxError, match="Cannot assign to immutable named tuple field 't.a'"):
        immutable_tuple_kernel(out)
    with pytest.raises(ParserTypeError, match="Cannot assign to 's.w': base is not a named struct/tuple"):
        unknown_field_write_kernel(out)
    with pytest.raises(UnsupportedFeatureError, match="Standalone attribute access not supported: s.w"):
        unknown_field_read_kernel(out)


@pl.jit()
def augmented_kernel(out: pl.Tensor[[3], pl.DT_INT64]):
    s = pl.struct("Aug", n=1, arr=[1, 2, 3])
    with pl.section_vector():
        for i in pl.range(4):
            s.n += i
            s.arr[i % 3] *= 2
        pl.setval(out, 0, s.n)
        pl.setval(out, 1, s.arr[0])
        pl.setval(out, 2, s.arr[1] + s.arr[2])


def test_augmented_field_writes(backend):
    out = torch.zeros(3, dtype=torch.int64)
    augmented_kernel(out)
    n, arr = 1, [1, 2, 3]
    for i in range(4):
        n += i
        arr[i % 3] *= 2
    assert out.tolist() == [n, arr[0], arr[1] + arr[2]]
