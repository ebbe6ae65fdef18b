"""Lane liveness (compiler/ir/lanes.c): a register of which nothing but lane 0 is observed has
its other lanes cleared before a lane-wise op reads it in native code, and a reduce_max whose
index lane nobody reads skips the index. Each kernel here keeps a running register whose other
lanes ARE observed - stored, broadcast from its highest lane, read through an assigned name,
the index lane of a reduce_max stored - so a clear there would change the output; and one
whose lane 0 alone is (the samples' running sum and maximum). Expected values are numpy
formulas of docs/SEMANTICS.md (§5.7 full and full(reg, pos), §10.1, §10.10 reduce_sum's
pairwise tree and reduce_max's value and lowest index in lanes 0 and 1, zeros above); the
native runs use cc's object."""
import numpy as np
import pytest
import torch

import pypto_pro.language as pl

R, C = 4, 64


@pytest.fixture
def cc_backend(backend, monkeypatch):
    if backend == "native":
        monkeypatch.setenv("PVC_NATIVE_BUILD", "cc")
    return backend


def tile(addr, rows=R):
    return pl.make_tile(pl.TileType(shape=[rows, C], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec),
                        addr=addr)


@pl.vector_function
def stored_sum(xt, ot):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    acc = vf.full(0.0, preg, dtype=pl.DT_FP32)
    for r in pl.range(R):
        acc = vf.add(acc, vf.load_align(xt, [r, 0]), preg)
    vf.store_align(ot, acc, preg, [0, 0])


@pl.vector_function
def highest_lane(xt, ot):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for r in pl.range(R):
        s = vf.full(1.0, preg, dtype=pl.DT_FP32)
        s = vf.add(s, vf.reduce_sum(vf.load_align(xt, [r, 0]), preg), preg)
        vf.store_align(ot, vf.full(s, preg, pos=pl.DuplicatePos.HIGHEST), preg, [r, 0])


@pl.vector_function
def assigned_name(xt, ot):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for r in pl.range(R):
        m = vf.full(-1.0, preg, dtype=pl.DT_FP32)
        m = vf.max(m, vf.reduce_max(vf.load_align(xt, [r, 0]), preg), preg)
        seen = m
        vf.store_align(ot, seen, preg, [r, 0])


@pl.vector_function
def running_max(xt, ot):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for r in pl.range(R):
        best = vf.reduce_max(vf.load_align(xt, [r, 0]), preg)
        for k in pl.range(1, 3):
            best = vf.max(best, vf.reduce_max(vf.load_align(xt, [r + R * k, 0]), preg), preg)
        total = vf.full(0.0, preg, dtype=pl.DT_FP32)
        for k in pl.range(3):
            total = vf.add(total, vf.reduce_sum(vf.load_align(xt, [r + R * k, 0]), preg), preg)
        out = vf.add(vf.full(best, preg), vf.full(total, preg), preg)
        vf.store_align(ot, out, preg, [r, 0])


@pl.jit()
def stored_kernel(x: pl.Tensor[[R, C], pl.DT_FP32], out: pl.Tensor[[R, C], pl.DT_FP32]):
    xt, ot = tile(0x0), tile(0x800)
    with pl.section_vector():
        pl.load(xt, x, [0, 0])
        pl.load(ot, out, [0, 0])
        stored_sum(xt, ot)
        pl.store(out, ot, [0, 0])


@pl.jit()
def highest_kernel(x: pl.Tensor[[R, C], pl.DT_FP32], out: pl.Tensor[[R, C], pl.DT_FP32]):
    xt, ot = tile(0x0), tile(0x800)
    with pl.section_vector():
        pl.load(xt, x, [0, 0])
        highest_lane(xt, ot)
        pl.store(out, ot, [0, 0])


@pl.jit()
def assigned_kernel(x: pl.Tensor[[R, C], pl.DT_FP32], out: pl.Tensor[[R, C], pl.DT_FP32]):
    xt, ot = tile(0x0), tile(0x800)
    with pl.section_vector():
        pl.load(xt, x, [0, 0])
        assigned_name(xt, ot)
        pl.store(out, ot, [0, 0])


@pl.jit()
def running_kernel(x: pl.Tensor[[3 * R, C], pl.DT_FP32], out: pl.Tensor[[R, C], pl.DT_FP32]):
    xt, ot = tile(0x0, 3 * R), tile(0x1000)
    with pl.section_vector():
        pl.load(xt, x, [0, 0])
        running_max(xt, ot)
        pl.store(out, ot, [0, 0])


def rows(seed, n=R):
    return np.random.default_rng(seed).standard_normal((n, C)).astype(np.float32)


def run(k, x, out=None):
    out = torch.zeros((R, C)) if out is None else out
    k[None, 1](torch.from_numpy(x), out)
    return out.numpy()


def tree_sum(v):
    v = v.astype(np.float32)
    while v.size > 1:
        v = v[0::2] + v[1::2]
    return v[0]


def test_stored_running_sum(cc_backend):
    x = rows(1)
    acc = np.zeros(C, np.float32)
    for r in range(R):
        acc = acc + x[r]
    want = np.zeros((R, C), np.float32)
    want[0] = acc
    assert np.array_equal(run(stored_kernel, x), want)


def test_highest_lane_broadcast(cc_backend):
    """s's lane 63 is 1.0 + 0 (reduce_sum's upper lanes are 0): a clear would make it 0."""
    x = rows(2)
    assert np.array_equal(run(highest_kernel, x), np.ones((R, C), np.float32))


def test_index_lane_read_through_an_assigned_name(cc_backend):
    """max(-1.0, reduce_max) stored whole: lane 0 the row's max, lane 1 its index as an
    integer's bits (a tiny positive float, above -1; 0 for index 0), the other lanes
    max(-1, +0) = +0."""
    x = rows(3)
    want = np.zeros((R, C), np.float32)
    for r in range(R):
        want[r, 0] = max(np.float32(-1.0), x[r].max())
        want[r, 1] = np.array([np.argmax(x[r])], np.uint32).view(np.float32)[0]
    assert (want[:, 1] != 0).any()  # some row's maximum is not at lane 0
    assert np.array_equal(run(assigned_kernel, x), want)


def test_running_max_and_sum(cc_backend):
    """The samples' shape: lane 0 alone of best and total is read (by full(reg))."""
    x = rows(4, 3 * R)
    want = np.empty((R, C), np.float32)
    for r in range(R):
        best = max(x[r + R * k].max() for k in range(3))
        total = np.float32(0.0)
        for k in range(3):
            total = total + tree_sum(x[r + R * k])
        want[r] = best + total
    assert np.array_equal(run(running_kernel, x), want)
