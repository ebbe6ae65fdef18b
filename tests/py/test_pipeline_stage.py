"""@pl.pipeline.stage only marks a function (docs/SEMANTICS.md §16): its call in a kernel is an
inlined helper, with the kernel's own tiles and scalars; `pipeline=` runs the serial loop.
Expected values: numpy."""
import numpy as np
import pypto_pro.language as pl

ROWS = 16


@pl.pipeline.stage
def scale_rows(k, a, out, t):
    pl.load(t, a, [k * ROWS, 0])
    if k == 0:
        pl.add(t, t, t)
    else:
        pl.mul(t, t, 3.0)
    pl.store(out, t, [k * ROWS, 0])


@pl.jit(auto_mutex=True, pipeline=pl.pipeline.PipelineConfig(preload=1))
def staged(a: pl.Tensor[[4 * ROWS, 64], pl.DT_FP32], out: pl.Tensor[[4 * ROWS, 64], pl.DT_FP32]):
    g = pl.make_tile_group(type=pl.TileType(shape=[ROWS, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec),
                           addrs=0x0, mutex_ids=[0])
    for k in pl.range(0, 4):
        with pl.section_vector():
            scale_rows(k, a, out, g.current())


def test_stage_is_inlined(backend):
    a = (np.arange(4 * ROWS * 64, dtype=np.float32).reshape(4 * ROWS, 64) - 100.0) / 8
    out = np.zeros_like(a)
    staged[None, 1](a, out)
    want = a * np.float32(3)
    want[:ROWS] = a[:ROWS] + a[:ROWS]
    assert (out == want).all()
