# A tensor of rank 9, beyond pvc's bound of 8 (pypto_pro's runtime records 8 dims): the error
# names the rank (it read "the dims of pl.Tensor must be a list of 1 to 8 constants").
import pypto_pro.language as pl


@pl.jit()
def rank9(t9: pl.Tensor[[2, 2, 2, 2, 2, 2, 2, 2, 2], pl.DT_FP32]):
    out = t9
