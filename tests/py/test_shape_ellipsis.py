"""pl.Tensor[[pl.DYNAMIC, ...], dtype] (pypto_pro's shape policy, docs/LANGUAGE.md): the rank is
the launched tensor's, the axes from the `...` on are pl.STATIC (a change recompiles), the
DYNAMIC ones are not (a change reuses the compile). Values against numpy."""
import numpy as np
import pypto_pro.language as pl

T = 32


@pl.jit()
def add_rows(x: pl.Tensor[[pl.DYNAMIC, ...], pl.DT_FP32], y: pl.Tensor[[pl.DYNAMIC, ...], pl.DT_FP32]):
    t = pl.make_tile(pl.TileType(shape=[T, T], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec), addr=0x0)
    with pl.section_vector():
        if pl.get_subblock_idx() == 0:
            for i in pl.range(x.shape[0] // T):
                for j in pl.range(x.shape[1] // T):
                    pl.load(t, x, [i * T, j * T])
                    pl.add(t, t, t)
                    pl.store(y, t, [i * T, j * T])


@pl.jit()
def add_batched(x: pl.Tensor[[pl.DYNAMIC, ...], pl.DT_FP32], y: pl.Tensor[[pl.DYNAMIC, ...], pl.DT_FP32]):
    t = pl.make_tile(pl.TileType(shape=[T, T], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec), addr=0x0)
    with pl.section_vector():
        if pl.get_subblock_idx() == 0:
            for b in pl.range(x.shape[0]):
                for i in pl.range(x.shape[1] // T):
                    pl.load(t, x, [b, i * T, 0], order=[1, 2])
                    pl.add(t, t, t)
                    pl.store(y, t, [b, i * T, 0], order=[1, 2])


def test_rank2_static_tail(backend):
    add_rows._compiled_by_signature.clear()
    for shape in [(64, 64), (96, 64), (64, 96)]:
        x = np.arange(shape[0] * shape[1], dtype=np.float32).reshape(shape)
        y = np.zeros_like(x)
        add_rows[None, 1](x, y)
        assert (y == 2 * x).all()
    assert len(add_rows._compiled_by_signature) == 2  # (96, 64) reused (64, 64)'s compile


def test_rank3(backend):
    x = np.random.default_rng(3).standard_normal((3, 64, T)).astype(np.float32)
    y = np.zeros_like(x)
    add_batched[None, 1](x, y)
    assert (y == 2 * x).all()
