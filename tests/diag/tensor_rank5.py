# A tensor of rank 5, which pvc does not take: the error names the rank (it read "the dims
# of pl.Tensor must be a list of 1 to 4 constants").
import pypto_pro.language as pl


@pl.jit()
def rank5(t5: pl.Tensor[[2, 2, 2, 2, 2], pl.DT_FP32]):
    out = t5
