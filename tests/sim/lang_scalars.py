# Python's scalar operators at run time (pvc_rt.h "Python scalar arithmetic"), one INT32 row of
# out per result, from the kernel parameters a (int), b (int) and x (float):
#   0 a < x   (an int against a float compares exactly: 2**62 + 1 > float(2**62))
#   1 a == x  2 b < a < x (chained)   3 a << 3   4 a >> 2 (arithmetic)   5 a & b   6 a | b
#   7 a ^ b   8 ~b   9 not b   10 bool(x)   11 min(a, b) > 0   12 max(a, b, 7)
#   13 (a > b) and (b > 0)   14 int(a / 4 >= 1.5)  (true division gives a float)
#   15 b if a else -b
import pypto_pro.language as pl


@pl.vector_function
def put(dst, k: int, v: int):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_INT32)
    vf.store_align(dst + k * 64, vf.full(v, preg, dtype=pl.DT_INT32), preg)


@pl.jit()
def scalars(out: pl.Tensor[[16, 64], pl.DT_INT32], a: int, b: int, x: float):
    tt = pl.TileType(shape=[16, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    t = pl.make_tile(tt, addr=0, size=4096)
    big = 1 << 62
    with pl.section_vector():
        put(t, 0, 1 if a < x else 0)
        put(t, 1, 1 if a == x else 0)
        put(t, 2, 1 if b < a < x else 0)
        put(t, 3, (a << 3) & 0xFFFF)
        put(t, 4, a >> 2)
        put(t, 5, a & b)
        put(t, 6, a | b)
        put(t, 7, a ^ b)
        put(t, 8, ~b)
        put(t, 9, 1 if not b else 0)
        put(t, 10, 1 if bool(x) else 0)
        put(t, 11, 1 if min(a, b) > 0 else 0)
        put(t, 12, max(a, b, 7))
        put(t, 13, 1 if (a > b) and (b > 0) else 0)
        put(t, 14, 1 if a / 4 >= 1.5 else 0)
        if big + 1 > big * 1.0:
            put(t, 15, b if a else -b)
        else:
            put(t, 15, -99)
        pl.store(out, t, [0, 0])
