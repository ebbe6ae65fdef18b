# Run-time control flow and the scalar language: if/elif/else (a compile-time condition keeps
# one branch), while with break and continue, an early return, and/or/not, chained
# comparisons, a if c else b, min/max, augmented assignment, / << >> & | ^ ~, and a helper
# with early returns inlined at its call (its names prefixed clamp.1.).
import pypto_pro.language as pl

LANES = 64
DEBUG = False


def clamp(x, lo, hi):
    if x < lo:
        return lo
    if x > hi:
        return hi
    return x


@pl.vector_function
def fill(dst, value: float, n: int):
    preg = vf.update_mask(pl.min(n, LANES), dtype=pl.DT_FP32)
    if n > 0 and value != 0.0:
        r = vf.full(value, preg, dtype=pl.DT_FP32)
    else:
        r = vf.full(-1.0, preg, dtype=pl.DT_FP32)
    vf.store_align(dst, r, preg)


@pl.jit()
def kernel(out: pl.Tensor[[4, LANES], pl.DT_FP32], mode: int, count: int):
    tt = pl.TileType(shape=[1, LANES], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t = pl.make_tile(tt, addr=0, size=256)
    n = clamp(count, 0, LANES)
    if DEBUG:
        pl.printf("never compiled %d\n", n)
    with pl.section_vector():
        row = 0
        while True:
            if row >= 4:
                break
            row += 1
            if row % 2 == 0 and not mode:
                continue
            v = 1.5 if mode == 1 else (row << 2 | 1) / 2
            if 0 < mode <= 2:
                v = v * 2.0
            elif mode == 3:
                return
            else:
                v = -v
            fill(t, v, max(n - row, 0) ^ 0)
            pl.store(out, t, [row - 1, 0])
