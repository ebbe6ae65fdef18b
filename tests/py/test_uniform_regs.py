"""Uniform registers (compiler/ir/uniform.c): where the IR shows a register's four 64-byte
pieces are equal, native code tells the C compiler so before a lane-wise op reads it, and the
op computes one piece. Each kernel here holds a register that looks like a broadcast but is
not one - a broadcast under a partial mask, one assigned from a load, one a loop multiplies by
loaded values - read by the ops that compute one piece of a uniform register (sqrt, div,
muls, adds); and one chain that is uniform, for the positive side. Expected values are numpy
formulas of docs/SEMANTICS.md (§5.7 full, §9.2 zeroing, §9.4 sqrt and div of normal values are
correctly rounded, §10.2 the scalar forms); the native runs use cc's object."""
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


def tile(addr):
    return pl.make_tile(pl.TileType(shape=[R, C], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec),
                        addr=addr)


@pl.vector_function
def partial_broadcast(xt, ot):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    low = vf.create_mask(pattern=pl.MaskPattern.VL16, dtype=pl.DT_FP32)
    two = vf.full(2.0, low, dtype=pl.DT_FP32)  # lanes 16.. are 0: not uniform
    for r in pl.range(R):
        x = vf.load_align(xt, [r, 0])
        vf.store_align(ot, vf.div(x, vf.adds(vf.sqrt(two, preg), 1.0, preg), preg), preg, [r, 0])


@pl.vector_function
def assigned_from_load(xt, ot):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    b = vf.full(4.0, preg, dtype=pl.DT_FP32)
    for r in pl.range(R):
        b = vf.load_align(xt, [r, 0])  # the same name now holds a row
        vf.store_align(ot, vf.sqrt(vf.muls(b, 4.0, preg), preg), preg, [r, 0])


@pl.vector_function
def product_of_rows(xt, ot):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    acc = vf.full(1.0, preg, dtype=pl.DT_FP32)
    for r in pl.range(R):
        acc = vf.mul(acc, vf.load_align(xt, [r, 0]), preg)
    for r in pl.range(R):
        vf.store_align(ot, vf.sqrt(acc, preg), preg, [r, 0])


@pl.vector_function
def broadcast_chain(xt, ot):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    one = vf.full(1.0, preg, dtype=pl.DT_FP32)
    for r in pl.range(R):
        x = vf.load_align(xt, [r, 0])
        s = vf.full(vf.reduce_sum(vf.mul(x, x, preg), preg), preg)  # lane 0 everywhere
        inv = vf.div(one, vf.sqrt(vf.adds(vf.muls(s, 0.25, preg), 1.0, preg), preg), preg)
        vf.store_align(ot, vf.mul(x, inv, preg), preg, [r, 0])


@pl.jit()
def partial_kernel(x: pl.Tensor[[R, C], pl.DT_FP32], out: pl.Tensor[[R, C], pl.DT_FP32]):
    xt, ot = tile(0x0), tile(0x800)
    with pl.section_vector():
        pl.load(xt, x, [0, 0])
        partial_broadcast(xt, ot)
        pl.store(out, ot, [0, 0])


@pl.jit()
def assigned_kernel(x: pl.Tensor[[R, C], pl.DT_FP32], out: pl.Tensor[[R, C], pl.DT_FP32]):
    xt, ot = tile(0x0), tile(0x800)
    with pl.section_vector():
        pl.load(xt, x, [0, 0])
        assigned_from_load(xt, ot)
        pl.store(out, ot, [0, 0])


@pl.jit()
def product_kernel(x: pl.Tensor[[R, C], pl.DT_FP32], out: pl.Tensor[[R, C], pl.DT_FP32]):
    xt, ot = tile(0x0), tile(0x800)
    with pl.section_vector():
        pl.load(xt, x, [0, 0])
        product_of_rows(xt, ot)
        pl.store(out, ot, [0, 0])


@pl.jit()
def chain_kernel(x: pl.Tensor[[R, C], pl.DT_FP32], out: pl.Tensor[[R, C], pl.DT_FP32]):
    xt, ot = tile(0x0), tile(0x800)
    with pl.section_vector():
        pl.load(xt, x, [0, 0])
        broadcast_chain(xt, ot)
        pl.store(out, ot, [0, 0])


def positive_rows(seed):
    rng = np.random.default_rng(seed)
    return (rng.random((R, C)) + 0.5).astype(np.float32)  # normal values, no flush


def run(k, x):
    out = torch.zeros((R, C))
    k[None, 1](torch.from_numpy(x), out)
    return out.numpy()


def test_broadcast_under_a_partial_mask(cc_backend):
    x = positive_rows(1)
    d = np.zeros(C, np.float32)
    d[:16] = np.sqrt(np.float32(2.0))
    d = d + np.float32(1.0)  # sqrt(0) + 1 = 1 in lanes 16..
    assert np.array_equal(run(partial_kernel, x), x / d)


def test_name_assigned_from_a_load(cc_backend):
    x = positive_rows(2)
    assert np.array_equal(run(assigned_kernel, x), np.sqrt(x * np.float32(4.0)))


def test_product_of_loaded_rows(cc_backend):
    x = positive_rows(3)
    p = np.ones(C, np.float32)
    for r in range(R):
        p = p * x[r]
    assert np.array_equal(run(product_kernel, x), np.broadcast_to(np.sqrt(p), (R, C)))


def tree_sum(v):
    """§10.10: the pairwise tree x[k] = x[2k] + x[2k+1] over the 64 lanes."""
    v = v.astype(np.float32)
    while v.size > 1:
        v = v[0::2] + v[1::2]
    return v[0]


def test_broadcast_chain(cc_backend):
    x = positive_rows(4)
    want = np.empty_like(x)
    for r in range(R):
        s = tree_sum(x[r] * x[r])
        inv = np.float32(1.0) / np.sqrt(s * np.float32(0.25) + np.float32(1.0))
        want[r] = x[r] * inv
    assert np.array_equal(run(chain_kernel, x), want)
