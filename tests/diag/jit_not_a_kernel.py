import pypto_pro.language as pl
import torch


# pypto_pro's rule: @pl.jit makes a tile kernel only of a function with a pl.Tensor, pl.Ptr
# or pl.DT_* parameter; this one stays a Python function, and the file has no kernel.
@pl.jit()
def test_runs_as_python(rows=4):
    torch.npu.set_device("npu:0")
    return [r * 2 for r in range(rows)]
