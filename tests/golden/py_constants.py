# Module-level Python the way pypto_pro's parser reads it: constants with Python's semantics
# (int arithmetic, floats, tuples, dtype and enum aliases, math), imports under aliases, a
# helper run at compile time on constants, an assert on constants, pl.Tensor dims and
# scalar annotations from constants. Every name below folds to a constant in the IR.
import math

import pypto_pro.language as pl
from pypto_pro.language import Vf
from pypto_pro.language import DT_FP32 as F32

vf = Vf

LANES = 64
ROWS = 2
SHAPE = (ROWS, LANES)
SLOT_BYTES = ROWS * LANES * 4
VA_IN, VA_OUT = 0, SLOT_BYTES
VA_LAST = VA_OUT + SLOT_BYTES - 256
SCALE = 1.0 / math.sqrt(LANES)
ALL = pl.MaskPattern.ALL
MODE = "abs"
USE_ABS = MODE == "abs" and LANES % 32 == 0
HALF = LANES // 2 if USE_ABS else LANES


def ceil_div(a, b):
    return (a + b - 1) // b


def regs_for(n):
    count = 0
    while n > 0:
        n -= LANES
        count += 1
    return count


NREGS = ceil_div(ROWS * LANES, LANES)
assert NREGS == regs_for(ROWS * LANES) == 2, "two registers"


@pl.vector_function
def scale_rows(src, dst, n: pl.DT_INT64):
    preg = vf.create_mask(pattern=ALL, dtype=F32)
    for r in pl.range(NREGS):
        x = vf.load_align(src, r * LANES)
        if USE_ABS:
            x = vf.abs(x, preg)
        y = vf.muls(x, SCALE, preg)
        vf.store_align(dst + r * LANES, y, preg)


@pl.jit()
def kernel(a: pl.Tensor[[ROWS, LANES], F32], out: pl.Tensor[[SHAPE[0], pl.DYNAMIC], F32], n: pl.DT_INT32):
    tt = pl.TileType(shape=list(SHAPE), dtype=F32, target_memory=pl.MemorySpace.Vec)
    src = pl.make_tile(tt, addr=VA_IN, size=SLOT_BYTES)
    dst = pl.make_tile(tt, addr=VA_OUT, size=SLOT_BYTES)
    with pl.section_vector():
        pl.load(src, a, [0, 0])
        scale_rows(src, dst, n + HALF)
        pl.store(out, dst, [0, 0])
