# names a kernel reads from the module must be compile-time constants: each other binding
# is an error where a DSL function uses it, naming why (unused ones are fine)
import os

import pypto_pro.language as pl
import torch

DEVICE = int(os.environ.get("DEVICE_ID", 0))
BIG = 1 << 70
FINE = 64
UNUSED = torch.zeros(4)
if os.path.exists("/tmp"):
    LATE = 3


class Config:
    rows = 2


def make_kernel(rows):
    @pl.jit()
    def nested(a: pl.Tensor[[rows, FINE], pl.DT_FP32]):
        x = rows + 1


@pl.jit()
def kernel(a: pl.Tensor[[pl.DYNAMIC, FINE], pl.DT_FP32], n: int):
    x = DEVICE + n
    y = BIG
    z = LATE
    w = Config
    v = undefined_name
    u = FINE // 0
