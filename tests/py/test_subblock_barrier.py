"""pl.CrossCoreSyncMode.INTER_SUBBLOCK (docs/SEMANTICS.md §17.7): a set_cross_core / wait_cross_core
pair on both vector cores of a block is a barrier of the two. Vector core 0 writes a GM tensor
before it, vector core 1 reads it after: it sees the write in both backends. Without the
barrier the simulator reports the race; with only one core setting, the waits deadlock."""
import numpy as np
import pytest
import pvc
import pypto_pro.language as pl


@pl.jit()
def handoff(buf: pl.Tensor[[1, 64], pl.DT_INT32], out: pl.Tensor[[1, 64], pl.DT_INT32], mode: int):
    t = pl.make_tile(pl.TileType(shape=[1, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec), addr=0x0)
    with pl.section_cube():
        pass
    with pl.section_vector():
        sub = pl.get_subblock_idx()
        if sub == 0:
            pl.load(t, buf, [0, 0])
            pl.add(t, t, 7)
            pl.store(buf, t, [0, 0])
        if mode == 1 or (mode == 2 and sub == 0):
            pl.system.set_cross_core(pipe=pl.PipeType.MTE3, event_id=3,
                                     sync_mode=pl.CrossCoreSyncMode.INTER_SUBBLOCK)
        if mode != 0:
            pl.system.wait_cross_core(pipe=pl.PipeType.MTE2, event_id=3,
                                      sync_mode=pl.CrossCoreSyncMode.INTER_SUBBLOCK)
        if sub == 1:
            pl.load(t, buf, [0, 0])
            pl.store(out, t, [0, 0])


def test_barrier_orders_the_pair(backend):
    buf = np.arange(64, dtype=np.int32).reshape(1, 64)
    out = np.zeros_like(buf)
    handoff[None, 1](buf, out, 1)
    want = np.arange(64, dtype=np.int32).reshape(1, 64) + 7
    assert (buf == want).all() and (out == want).all()


def test_no_barrier_is_a_race(monkeypatch):
    monkeypatch.setenv("PVC_BACKEND", "sim")  # the simulator's race map (§17.7)
    buf = np.zeros((1, 64), np.int32)
    with pytest.raises(pvc.KernelFault, match="GM bytes shared by two cores"):
        handoff[None, 1](buf, np.zeros_like(buf), 0)


def test_one_side_deadlocks(backend):
    buf = np.zeros((1, 64), np.int32)
    with pytest.raises(pvc.KernelFault, match="no core will set"):
        handoff[None, 1](buf, np.zeros_like(buf), 2)
