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


# pl.Ptr parameters (raw pointers pl.make_tensor shapes): one dtype each
@pl.jit()
def kernel_ptrs(n: int, q: pl.Ptr[pl.DT_UINT8], k: pl.Ptr[4], out: pl.Ptr[pl.DT_FP32, 2]):
    pass
