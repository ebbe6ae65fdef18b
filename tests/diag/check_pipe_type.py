# pl.system.sync_src / sync_dst take pl.PipeType members and an event id, a run-time one too
# (pypto_pro's _dyn forms, §6): only the pipes are refused here
import pypto_pro.language as pl

@pl.jit()
def kernel(a: pl.Tensor[[4, 64], pl.DT_FP32], e: int):
    with pl.section_vector():
        pl.system.sync_dst(set_pipe=pl.MemBarMode.VST_VLD, wait_pipe=pl.PipeType.V, event_id=0)
        pl.system.sync_src(pl.PipeType.MTE2, pl.PipeType.V, e)
