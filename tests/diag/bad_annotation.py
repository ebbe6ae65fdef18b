import pypto_pro.language as pl

@pl.jit()
def kernel_bad(
    a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP99],
    b: pl.Tile,
    c: pl.Tensor[pl.DT_FP32],
    d=3,
    *rest,
):
    pass
