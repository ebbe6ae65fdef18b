# Module-level Python in a kernel: the sizes, UB addresses, scale and dtype below are plain
# module constants (integer arithmetic, math, tuples, an alias of pl.DT_FP32), the register
# count comes from a helper run at compile time, and the DSL namespaces are imported under
# the names pypto_pro's own tests use. out = |a| * 1/sqrt(64), row by row.
import math

import pypto_pro.language as pl
from pypto_pro.language import Vf as vf  # noqa: N813

FP32 = pl.DT_FP32
ROWS, COLS = 4, 128
LANES = 64
ROW_BYTES = COLS * 4
VA_IN = 0
VA_OUT = VA_IN + ROWS * ROW_BYTES
SCALE = 1.0 / math.sqrt(LANES)


def ceil_div(a, b):
    return (a + b - 1) // b


REGS_PER_ROW = ceil_div(COLS, LANES)
assert REGS_PER_ROW * LANES == COLS, "whole registers per row"


@pl.vector_function
def scale_abs(src, dst):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=FP32)
    for r in pl.range(ROWS):
        for k in pl.range(REGS_PER_ROW):
            x = vf.load_align(src, r * COLS + k * LANES)
            y = vf.muls(vf.abs(x, preg), SCALE, preg)
            vf.store_align(dst + (r * COLS + k * LANES), y, preg)


@pl.jit()
def scale_kernel(a: pl.Tensor[[ROWS, COLS], FP32], out: pl.Tensor[[ROWS, COLS], FP32]):
    tt = pl.TileType(shape=[ROWS, COLS], dtype=FP32, target_memory=pl.MemorySpace.Vec)
    src = pl.make_tile(tt, addr=VA_IN, size=ROWS * ROW_BYTES)
    dst = pl.make_tile(tt, addr=VA_OUT, size=ROWS * ROW_BYTES)
    with pl.section_vector():
        pl.load(src, a, [0, 0])
        scale_abs(src, dst)
        pl.store(out, dst, [0, 0])
