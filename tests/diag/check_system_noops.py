# pl.system.dcci and mutex_lock / mutex_unlock do nothing in pvc (docs/SEMANTICS.md §6), but
# their enum arguments are checked: a member of another namespace is an error.
import pypto_pro.language as pl


@pl.jit()
def kernel(a: pl.Tensor[[16, 16], pl.DT_FP32]):
    with pl.section_vector():
        pl.system.dcci(a, 0, cache_line=pl.PipeType.S)
        pl.system.dcci(a, 0, dst=pl.CacheLine.SINGLE_CACHE_LINE)
        pl.system.mutex_lock(pipe=pl.CacheLine.SINGLE_CACHE_LINE, mutex_id=0)
        pl.system.mutex_unlock(pipe=pl.PipeType.MTE2, mutex_id=0)
