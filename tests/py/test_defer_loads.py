"""Deferred loads (docs/ARCHITECTURE.md §6.6 "Deferred loads"): on the native backend a pl.load of
whole UB pages from contiguous GM is not copied when it runs; the vector function's loads read
GM and every other access settles the window first. Each kernel here makes one of those other
accesses: the bytes every op sees must be the ones the copy would have left, so both backends
give the same output, and that output is a numpy formula of the inputs (the simulator never
defers). Tiles are 8 x 256 FP32 (8 KiB, two pages) at page-aligned addresses, so native runs
defer them."""
import numpy as np
import pytest
import torch

import pypto_pro.language as pl

R, C = 8, 256
A0, A1, A2 = 0x0, 0x2000, 0x4000  # page-aligned tiles


def tile(addr):
    return pl.make_tile(pl.TileType(shape=[R, C], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec),
                        addr=addr)


@pl.vector_function
def scale_rows(src, dst, k: float):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for m in pl.range(R):
        for r in pl.range(4):
            x = vf.load_align(src, [m, r * 64])
            vf.store_align(dst, vf.muls(x, k, preg), preg, [m, r * 64])


@pl.jit()
def scale_tiles(x: pl.Tensor[[pl.DYNAMIC, C], pl.DT_FP32], y: pl.Tensor[[pl.DYNAMIC, C], pl.DT_FP32],
                n: int, k: float):
    xt, yt = tile(A0), tile(A1)
    with pl.section_vector():
        for t in pl.range(n):
            pl.load(xt, x, [t * R, 0])
            scale_rows(xt, yt, k)
            pl.store(y, yt, [t * R, 0])


def test_in_place(backend):
    """y is x: each pl.store writes the rows its tile's deferred load reads."""
    x = torch.from_numpy(np.random.default_rng(1).standard_normal((4 * R, C)).astype(np.float32))
    want = x.numpy() * np.float32(2.0)
    scale_tiles[None, 1](x, x, 4, 2.0)
    assert (x.numpy() == want).all()


def test_shifted_views(backend):
    """y is x one tile further on: each tile's load reads what the store before it wrote."""
    buf = torch.from_numpy(np.random.default_rng(2).standard_normal((5 * R, C)).astype(np.float32))
    want = buf.numpy().copy()
    for t in range(4):
        want[(t + 1) * R:(t + 2) * R] = want[t * R:(t + 1) * R] * np.float32(3.0)
    scale_tiles[None, 1](buf[0:4 * R], buf[R:5 * R], 4, 3.0)
    assert (buf.numpy() == want).all()


@pl.jit()
def store_over_source(x: pl.Tensor[[R, C], pl.DT_FP32], z: pl.Tensor[[R, C], pl.DT_FP32],
                      out: pl.Tensor[[R, C], pl.DT_FP32]):
    xt, zt, ot = tile(A0), tile(A1), tile(A2)
    with pl.section_vector():
        pl.load(xt, x, [0, 0])
        pl.load(zt, z, [0, 0])
        pl.store(x, zt, [0, 0])  # overwrites the GM xt's load read, before anything reads xt
        scale_rows(xt, ot, 1.0)
        pl.store(out, ot, [0, 0])


def test_store_over_a_loaded_source(backend):
    rng = np.random.default_rng(3)
    x = torch.from_numpy(rng.standard_normal((R, C)).astype(np.float32))
    z = torch.from_numpy(rng.standard_normal((R, C)).astype(np.float32))
    x0, out = x.numpy().copy(), torch.zeros((R, C))
    store_over_source[None, 1](x, z, out)
    assert (out.numpy() == x0).all()
    assert (x.numpy() == z.numpy()).all()


@pl.vector_function
def poke_then_read(src, dst):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    vf.store_align(src, vf.full(7.0, dtype=pl.DT_FP32), preg, [0, 64])
    vf.mem_bar(mode=pl.MemBarMode.VST_VLD)
    for m in pl.range(R):
        for r in pl.range(4):
            vf.store_align(dst, vf.load_align(src, [m, r * 64]), preg, [m, r * 64])


@pl.jit()
def poke_kernel(x: pl.Tensor[[R, C], pl.DT_FP32], y: pl.Tensor[[R, C], pl.DT_FP32]):
    xt, yt = tile(A0), tile(A1)
    with pl.section_vector():
        pl.load(xt, x, [0, 0])
        poke_then_read(xt, yt)
        pl.store(y, yt, [0, 0])


def test_vector_store_into_a_deferred_tile(backend):
    x = torch.from_numpy(np.random.default_rng(4).standard_normal((R, C)).astype(np.float32))
    y = torch.zeros((R, C))
    want = x.numpy().copy()
    want[0, 64:128] = 7.0
    poke_kernel[None, 1](x, y)
    assert (y.numpy() == want).all()


@pl.jit()
def add_tiles(a: pl.Tensor[[R, C], pl.DT_FP32], b: pl.Tensor[[R, C], pl.DT_FP32],
              c: pl.Tensor[[R, C], pl.DT_FP32]):
    at, bt, ct = tile(A0), tile(A1), tile(A2)
    with pl.section_vector():
        pl.load(at, a, [0, 0])
        pl.load(bt, b, [0, 0])
        pl.add(ct, at, bt)  # a tile-level op reads both deferred tiles
        pl.store(c, ct, [0, 0])


def test_tile_op_reads_deferred_tiles(backend):
    rng = np.random.default_rng(5)
    a = torch.from_numpy(rng.standard_normal((R, C)).astype(np.float32))
    b = torch.from_numpy(rng.standard_normal((R, C)).astype(np.float32))
    c = torch.zeros((R, C))
    add_tiles[None, 1](a, b, c)
    assert (c.numpy() == a.numpy() + b.numpy()).all()


def test_clipped_reload_keeps_the_rows_it_does_not_write(backend):
    """12 rows: the second load moves 4 rows; rows 4-7 of the tile keep the first load's."""
    x = torch.from_numpy(np.random.default_rng(6).standard_normal((12, C)).astype(np.float32))
    y = torch.zeros((16, C))
    scale_tiles[None, 1](x, y, 2, 1.0)
    xs = x.numpy()
    want = np.concatenate([xs[0:8], xs[8:12], xs[4:8]])
    assert (y.numpy() == want).all()


@pl.vector_function
def split_even_odd(src, dst):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for m in pl.range(R):
        for r in pl.range(2):
            even, odd = vf.load_align(src, [m, r * 128], dist=pl.LoadDist.DINTLV_B32)
            vf.store_align(dst, even, preg, [m, r * 64])
            vf.store_align(dst, odd, preg, [m, 128 + r * 64])


@pl.jit()
def deinterleave(x: pl.Tensor[[R, C], pl.DT_FP32], y: pl.Tensor[[R, C], pl.DT_FP32]):
    xt, yt = tile(A0), tile(A1)
    with pl.section_vector():
        pl.load(xt, x, [0, 0])
        split_even_odd(xt, yt)
        pl.store(y, yt, [0, 0])


def test_other_dist_reads_a_deferred_tile(backend):
    x = torch.from_numpy(np.random.default_rng(7).standard_normal((R, C)).astype(np.float32))
    y = torch.zeros((R, C))
    deinterleave[None, 1](x, y)
    xs = x.numpy()
    want = np.concatenate([xs[:, 0:128:2], xs[:, 128:256:2], xs[:, 1:128:2], xs[:, 129:256:2]], axis=1)
    assert (y.numpy() == want).all()


@pl.jit()
def scale_blocks(x: pl.Tensor[[pl.DYNAMIC, C], pl.DT_FP32], y: pl.Tensor[[pl.DYNAMIC, C], pl.DT_FP32],
                 n: int):
    xt, yt = tile(A0), tile(A1)
    with pl.section_vector():
        for t in pl.range(pl.get_block_idx(), n, pl.get_block_num()):
            pl.load(xt, x, [t * R, 0])
            scale_rows(xt, yt, 0.5)
            pl.store(y, yt, [t * R, 0])


@pytest.mark.parametrize("blocks", [1, 3])
def test_blocks_defer_their_own_loads(backend, blocks):
    x = torch.from_numpy(np.random.default_rng(8).standard_normal((6 * R, C)).astype(np.float32))
    y = torch.zeros((6 * R, C))
    scale_blocks[None, blocks](x, y, 6)
    assert (y.numpy() == x.numpy() * np.float32(0.5)).all()


# A native vector-only block's UB is zeroed lazily (pvc_ctx_reset_lazy): a page reads as zero
# until its first settle zeroes it. Tiles never written must still read as zero, through a
# NORM load, another dist, a tile op and a pl.store, and a page written in part keeps zeros in
# the rest.
@pl.vector_function
def read_unwritten(src, dst):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    vf.store_align(src, vf.full(5.0, dtype=pl.DT_FP32), preg, [1, 0])  # one register of page 0
    vf.mem_bar(mode=pl.MemBarMode.VST_VLD)
    for m in pl.range(R):
        for r in pl.range(4):
            vf.store_align(dst, vf.load_align(src, [m, r * 64]), preg, [m, r * 64])


@pl.jit()
def unwritten_tiles(y: pl.Tensor[[R, C], pl.DT_FP32], z: pl.Tensor[[R, C], pl.DT_FP32],
                    w: pl.Tensor[[R, C], pl.DT_FP32]):
    st, yt, at, ct = tile(A0), tile(A1), tile(0x8000), tile(0xA000)
    with pl.section_vector():
        read_unwritten(st, yt)
        pl.store(y, yt, [0, 0])
        pl.add(ct, at, at)  # a tile op of a tile nothing wrote
        pl.store(z, ct, [0, 0])
        pl.store(w, tile(0xC000), [0, 0])  # a pl.store straight from an unwritten tile


def test_unwritten_ub_reads_zero(backend):
    y, z, w = torch.full((R, C), 9.0), torch.full((R, C), 9.0), torch.full((R, C), 9.0)
    unwritten_tiles[None, 1](y, z, w)
    want = np.zeros((R, C), np.float32)
    want[1, 0:64] = 5.0
    assert (y.numpy() == want).all()
    assert (z.numpy() == 0).all() and (w.numpy() == 0).all()


@pl.vector_function
def poke_read_dirty(q, p, dst, k: float):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    vf.store_align(q, vf.full(2.0, dtype=pl.DT_FP32), preg, [0, 0])  # part of a page
    vf.mem_bar(mode=pl.MemBarMode.VST_VLD)
    for m in pl.range(R):
        for r in pl.range(4):
            vf.store_align(dst, vf.load_align(q, [m, r * 64]), preg, [m, r * 64])
    vf.mem_bar(mode=pl.MemBarMode.VLD_VST)
    for m in pl.range(R):
        for r in pl.range(4):
            vf.store_align(q, vf.full(k, dtype=pl.DT_FP32), preg, [m, r * 64])
            vf.store_align(p, vf.full(k, dtype=pl.DT_FP32), preg, [m, r * 64])


@pl.jit()
def leftovers(y: pl.Tensor[[pl.DYNAMIC, C], pl.DT_FP32], z: pl.Tensor[[pl.DYNAMIC, C], pl.DT_FP32]):
    qt, pt, ot = tile(0x10000), tile(0x12000), tile(A1)
    with pl.section_vector():
        b = pl.get_block_idx()
        pl.store(z, pt, [b * R, 0])  # straight from a page the block before left 1.0 in
        poke_read_dirty(qt, pt, ot, 1.0)  # then leaves 1.0 in both for the next block
        pl.store(y, ot, [b * R, 0])


def test_a_block_after_a_block_starts_zeroed(backend, monkeypatch):
    """Three blocks on one worker, then another launch: each block finds its UB zero, not
    the 1.0 the block before it left: in the rest of a page it writes in part, and in a page
    it stores from without writing."""
    monkeypatch.setenv("PVC_THREADS", "1")
    want = np.zeros((3 * R, C), np.float32)
    for b in range(3):
        want[b * R, 0:64] = 2.0
    for _ in range(2):
        y, z = torch.full((3 * R, C), 9.0), torch.full((3 * R, C), 9.0)
        leftovers[None, 3](y, z)
        assert (y.numpy() == want).all()
        assert (z.numpy() == 0).all()
