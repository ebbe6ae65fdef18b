import pypto_pro.language as pl

@pl.jit()
def kernel_bad(a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32]):
    with open("x") as f:
        pass
    with pl.section_vector() as s:
        pass
    with pl.section_vector(1):
        pass
