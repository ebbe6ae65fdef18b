# Plain Python helpers called with run-time values are inlined: ceil_div gives the register
# count of n elements, clamp (with early returns) the live lanes of each register, so the
# last register is partial (vf.update_mask). y[:n] = relu(x[:n]); the rest of y keeps its
# value. n is clamped to the tile in the kernel by the same helper.
import pypto_pro.language as pl

LANES = 64
COLS = 256


def ceil_div(a, b):
    return (a + b - 1) // b


def clamp(v, lo, hi):
    if v < lo:
        return lo
    if v > hi:
        return hi
    return v


@pl.vector_function
def relu_prefix(src, dst, n: pl.DT_INT32):
    for r in pl.range(ceil_div(n, LANES)):
        live = vf.update_mask(clamp(n - r * LANES, 0, LANES), dtype=pl.DT_FP32)
        x = vf.load_align(src, r * LANES)
        vf.store_align(dst + r * LANES, vf.relu(x, live), live)


@pl.jit()
def prefix_kernel(x: pl.Tensor[[1, COLS], pl.DT_FP32], y: pl.Tensor[[1, COLS], pl.DT_FP32], n: int):
    tt = pl.TileType(shape=[1, COLS], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    src = pl.make_tile(tt, addr=0x0, size=COLS * 4)
    dst = pl.make_tile(tt, addr=COLS * 4, size=COLS * 4)
    with pl.section_vector():
        pl.load(src, x, [0, 0])
        pl.load(dst, y, [0, 0])
        relu_prefix(src, dst, clamp(n, 0, COLS))
        pl.store(y, dst, [0, 0])
