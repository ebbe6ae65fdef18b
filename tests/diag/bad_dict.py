# a dictionary or set display in a kernel: pypto_pro's parser evaluates it and refuses the
# value as a closure variable of that type (a ParserTypeError from Python)
import pypto_pro.language as pl


@pl.jit()
def dict_kernel(out: pl.Tensor[[16, 16], pl.DT_FP32]):
    opts = {"value": 2.0}
    tags = {1, 2}
