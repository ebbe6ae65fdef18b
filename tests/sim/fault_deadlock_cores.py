# A deadlock of a block's three cores (docs/SEMANTICS.md §17.7): the cube core sets flag 1,
# both vector cores wait for flag 0, which no core sets. Each waiting core faults; the fault's
# text is taken when the deadlock is found, so it names both vector cores' waits however the
# threads then unwind (tests/run_sim.sh runs it several times: the order used to leak in).
import pypto_pro.language as pl


@pl.jit()
def wait_forever(x: pl.Tensor[[16, 16], pl.DT_FP32], out: pl.Tensor[[16, 16], pl.DT_FP32]):
    with pl.section_cube():
        pl.system.set_cross_core(pipe=pl.PipeType.FIX, event_id=1)
    with pl.section_vector():
        pl.system.wait_cross_core(pipe=pl.PipeType.MTE2, event_id=0)
        t = pl.make_tile(pl.TileType(shape=[16, 16], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec),
                         addr=0x0, size=1024)
        pl.load(t, x, [0, 0])
        pl.store(out, t, [0, 0])
