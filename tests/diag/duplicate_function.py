import pypto_pro.language as pl

@pl.vector_function
def vf_twice(src_tile):
    pass

@pl.vector_function(inline=True)
def vf_twice(src_tile):
    pass

@pl.jit
async def kernel_async(a: pl.Tensor[[1], pl.DT_FP32], a):
    pass
