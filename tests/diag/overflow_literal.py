import pypto_pro.language as pl

# A constant outside int64 is error E009 however it is written (docs/SEMANTICS.md §6):
# here as one expression, which the front end evaluates; overflow_names.py spells the same
# constant through a name, which the resolve pass folds.
@pl.jit
def kernel(x: pl.Tensor[[8, 64], pl.DT_FP32]):
    b = (2**62) * 4
    pl.printf("%d", b)
