# Float and mixed int/float scalar arithmetic with Python's rules (the runtime's pvc_py_*
# functions, pvc_rt.h), each result broadcast by vf.full into one FP32 row of out (16 x 64).
# With x = -7.5, y = 2.0, s = 1.25, n = -7 and w = 1.5 * 3 - 0.25 = 4.25 (computed in the jit
# kernel), row i holds FP32(value i) in every lane:
#    0  s * 2.0       =  2.5        8  0.0 % -y         = -0.0 (zero remainder: b's sign)
#    1  x // y        = -4.0        9  -(s - s)         = -0.0 (unary minus of +0.0)
#    2  x % y         =  0.5       10  x // 1e300       = -1.0 (floor of a tiny negative)
#    3  x % -y        = -1.5       11  n * 0.1          = -0.7000000000000001 -> FP32
#    4  n // y        = -4.0       12  x // -0.5        = 15.0
#    5  n % 2.5       =  0.5       13  (n * 3) // 2 + 0.5 = -11 + 0.5 = -10.5
#    6  x + n         = -14.5      14  w - n % 3        = 4.25 - 2 = 2.25
#    7  n - x         =  0.5       15  -x % w           = 7.5 % 4.25 = 3.25
import pypto_pro.language as pl


@pl.vector_function
def float_vf(dst_tile, x, y, s, n, w):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    vf.store_align(dst_tile, vf.full(s * 2.0, preg, dtype=pl.DT_FP32), preg)
    vf.store_align(dst_tile + 64, vf.full(x // y, preg, dtype=pl.DT_FP32), preg)
    vf.store_align(dst_tile + 128, vf.full(x % y, preg, dtype=pl.DT_FP32), preg)
    vf.store_align(dst_tile + 192, vf.full(x % -y, preg, dtype=pl.DT_FP32), preg)
    vf.store_align(dst_tile + 256, vf.full(n // y, preg, dtype=pl.DT_FP32), preg)
    vf.store_align(dst_tile + 320, vf.full(n % 2.5, preg, dtype=pl.DT_FP32), preg)
    vf.store_align(dst_tile + 384, vf.full(x + n, preg, dtype=pl.DT_FP32), preg)
    vf.store_align(dst_tile + 448, vf.full(n - x, preg, dtype=pl.DT_FP32), preg)
    vf.store_align(dst_tile + 512, vf.full(0.0 % -y, preg, dtype=pl.DT_FP32), preg)
    vf.store_align(dst_tile + 576, vf.full(-(s - s), preg, dtype=pl.DT_FP32), preg)
    vf.store_align(dst_tile + 640, vf.full(x // 1e300, preg, dtype=pl.DT_FP32), preg)
    vf.store_align(dst_tile + 704, vf.full(n * 0.1, preg, dtype=pl.DT_FP32), preg)
    vf.store_align(dst_tile + 768, vf.full(x // -0.5, preg, dtype=pl.DT_FP32), preg)
    vf.store_align(dst_tile + 832, vf.full((n * 3) // 2 + 0.5, preg, dtype=pl.DT_FP32), preg)
    vf.store_align(dst_tile + 896, vf.full(w - n % 3, preg, dtype=pl.DT_FP32), preg)
    vf.store_align(dst_tile + 960, vf.full(-x % w, preg, dtype=pl.DT_FP32), preg)


@pl.jit()
def float_kernel(out: pl.Tensor[[16, 64], pl.DT_FP32]):
    to = pl.TileType(shape=[16, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    dst = pl.make_tile(to, addr=0x0, size=4096)
    w = 1.5 * 3 - 0.25
    with pl.section_vector():
        float_vf(dst, -7.5, 2.0, 1.25, -7, w)
        pl.store(out, dst, [0, 0])
