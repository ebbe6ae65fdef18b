# pl.Tensor[[pl.DYNAMIC, ...], dtype] takes its rank from the launched tensor (pvc py binds it);
# a compile from the command line has none to take (docs/LANGUAGE.md)
import pypto_pro.language as pl


@pl.jit()
def kernel(x: pl.Tensor[[pl.DYNAMIC, ...], pl.DT_FP32]):
    with pl.section_vector():
        pass
