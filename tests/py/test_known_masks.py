"""Masks the IR knows (compiler/ir/maskconst.c): where a mask variable holds create_mask(ALL)'s
register wherever it is read, the native backend's C passes the runtime's constant of those
bits instead of the variable. Each kernel here either qualifies or is one of the shapes that
must not (a second writer, a writer inside a loop), with registers on the ops' fast and
out-of-line sides (NaN lanes go out of line) and an op of another width than the mask's. The
expected values are numpy formulas of docs/SEMANTICS.md (§1.2: an op of element width w tests
mask bit w*i; §5.1: ALL at granularity g sets bit g*i of every element; §9.2: zeroing). The
native runs use cc's object (PVC_NATIVE_BUILD=cc), where the constant folds."""
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


def tile(addr, dt=pl.DT_FP32, cols=C):
    return pl.make_tile(pl.TileType(shape=[R, cols], dtype=dt, target_memory=pl.MemorySpace.Vec),
                        addr=addr)


def operands(seed, nan_rows=()):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((R, C)).astype(np.float32)
    y = rng.standard_normal((R, C)).astype(np.float32)
    for r in nan_rows:  # a NaN lane: the op's out-of-line side
        x[r, 5] = np.nan
    return x, y


@pl.vector_function
def add_known(xt, yt, ot):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for r in pl.range(R):
        s = vf.add(vf.load_align(xt, [r, 0]), vf.load_align(yt, [r, 0]), preg)
        vf.store_align(ot, vf.mul(s, s, preg), preg, [r, 0])


@pl.vector_function
def add_rewritten(xt, yt, ot):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for r in pl.range(R):
        s = vf.add(vf.load_align(xt, [r, 0]), vf.load_align(yt, [r, 0]), preg)
        vf.store_align(ot, s, every, [r, 0])
        preg = vf.create_mask(pattern=pl.MaskPattern.VL16, dtype=pl.DT_FP32)


@pl.vector_function
def add_made_in_loop(xt, yt, ot):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for r in pl.range(R):
        preg = vf.create_mask(pattern=pl.MaskPattern.VL8, dtype=pl.DT_FP32)
        s = vf.add(vf.load_align(xt, [r, 0]), vf.load_align(yt, [r, 0]), preg)
        vf.store_align(ot, s, every, [r, 0])


def run(k, x, y):
    out = torch.zeros((R, C))
    k[None, 1](torch.from_numpy(x), torch.from_numpy(y), out)
    return out.numpy()


@pl.jit()
def known_kernel(x: pl.Tensor[[R, C], pl.DT_FP32], y: pl.Tensor[[R, C], pl.DT_FP32],
                 out: pl.Tensor[[R, C], pl.DT_FP32]):
    xt, yt, ot = tile(0x0), tile(0x400), tile(0x800)
    with pl.section_vector():
        pl.load(xt, x, [0, 0])
        pl.load(yt, y, [0, 0])
        add_known(xt, yt, ot)
        pl.store(out, ot, [0, 0])


@pl.jit()
def rewritten_kernel(x: pl.Tensor[[R, C], pl.DT_FP32], y: pl.Tensor[[R, C], pl.DT_FP32],
                     out: pl.Tensor[[R, C], pl.DT_FP32]):
    xt, yt, ot = tile(0x0), tile(0x400), tile(0x800)
    with pl.section_vector():
        pl.load(xt, x, [0, 0])
        pl.load(yt, y, [0, 0])
        add_rewritten(xt, yt, ot)
        pl.store(out, ot, [0, 0])


@pl.jit()
def in_loop_kernel(x: pl.Tensor[[R, C], pl.DT_FP32], y: pl.Tensor[[R, C], pl.DT_FP32],
                   out: pl.Tensor[[R, C], pl.DT_FP32]):
    xt, yt, ot = tile(0x0), tile(0x400), tile(0x800)
    with pl.section_vector():
        pl.load(xt, x, [0, 0])
        pl.load(yt, y, [0, 0])
        add_made_in_loop(xt, yt, ot)
        pl.store(out, ot, [0, 0])


def test_known_mask(cc_backend):
    """One create_mask(ALL) before the loop: every lane, inline and (row 2's NaN) out of line."""
    x, y = operands(1, nan_rows=(2,))
    s = x + y
    got = run(known_kernel, x, y)
    assert np.array_equal(got, s * s, equal_nan=True)
    assert np.isnan(got[2, 5]) and not np.isnan(np.delete(got[2], 5)).any()


def test_second_writer(cc_backend):
    """ALL for row 0, then VL16: rows 1.. keep lanes 0-15 and zero the rest (§9.2)."""
    x, y = operands(2, nan_rows=(1,))
    want = x + y
    want[1:, 16:] = 0
    assert np.array_equal(run(rewritten_kernel, x, y), want, equal_nan=True)


def test_writer_in_loop(cc_backend):
    """The only create_mask is inside the loop (VL8): lanes 0-7 of every row."""
    x, y = operands(3)
    want = x + y
    want[:, 8:] = 0
    assert np.array_equal(run(in_loop_kernel, x, y), want)


@pl.vector_function
def add_fp16_under_b32(xt, yt, ot):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP16)
    for r in pl.range(R):
        s = vf.add(vf.load_align(xt, [r, 0]), vf.load_align(yt, [r, 0]), preg)
        vf.store_align(ot, s, every, [r, 0])


@pl.jit()
def fp16_kernel(x: pl.Tensor[[R, 2 * C], pl.DT_FP16], y: pl.Tensor[[R, 2 * C], pl.DT_FP16],
                out: pl.Tensor[[R, 2 * C], pl.DT_FP16]):
    xt, yt, ot = tile(0x0, pl.DT_FP16, 2 * C), tile(0x400, pl.DT_FP16, 2 * C), tile(0x800, pl.DT_FP16, 2 * C)
    with pl.section_vector():
        pl.load(xt, x, [0, 0])
        pl.load(yt, y, [0, 0])
        add_fp16_under_b32(xt, yt, ot)
        pl.store(out, ot, [0, 0])


def test_fp16_op_under_an_fp32_mask(cc_backend):
    """A known b32 ALL mask on an FP16 add: bit 2i is set for even i only, so the odd lanes are
    zeroed - the constant stands for the bits, not for "every lane"."""
    rng = np.random.default_rng(4)
    x = rng.standard_normal((R, 2 * C)).astype(np.float16)
    y = rng.standard_normal((R, 2 * C)).astype(np.float16)
    want = x + y
    want[:, 1::2] = 0
    out = torch.zeros((R, 2 * C), dtype=torch.float16)
    fp16_kernel[None, 1](torch.from_numpy(x), torch.from_numpy(y), out)
    assert np.array_equal(out.numpy(), want)


@pl.vector_function
def add_mask_in_branch(xt, ot, n):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    if n > 0:
        preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for r in pl.range(R):
        x = vf.load_align(xt, [r, 0])
        vf.store_align(ot, vf.add(x, x, preg), every, [r, 0])


@pl.jit()
def branch_kernel(x: pl.Tensor[[R, C], pl.DT_FP32], out: pl.Tensor[[R, C], pl.DT_FP32], n: int):
    xt, ot = tile(0x0), tile(0x800)
    with pl.section_vector():
        pl.load(xt, x, [0, 0])
        add_mask_in_branch(xt, ot, n)
        pl.store(out, ot, [0, 0])


@pytest.mark.parametrize("n", [0, 1])
def test_writer_in_a_branch(cc_backend, n):
    """The create_mask is inside an if: when it does not run, the mask was never written. The
    simulator stops at the read (UNDEF_REG); native code reads the zero registers start as
    (docs/SEMANTICS.md T17), every lane off - not the ALL the branch would have made."""
    x, _ = operands(5)
    out = torch.zeros((R, C))
    if n == 0 and cc_backend == "sim":
        with pytest.raises(Exception, match="read before any op of this vector function wrote it"):
            branch_kernel[None, 1](torch.from_numpy(x), out, n)
        return
    branch_kernel[None, 1](torch.from_numpy(x), out, n)
    assert np.array_equal(out.numpy(), x + x if n else np.zeros_like(x))
