# Scalars from variables (docs/SEMANTICS.md §5.2, §5.7): vf.full and a scalar compare take a
# vector-function parameter; its bits are pvc_value_encode(dtype, value, RINT, OFF) at run
# time, the same function a literal goes through at compile time. For a (1x64 FP32):
#   out row 0 = 2.5 where a >= 6 (s = k * 2, an int, compared as FP32 6.0), else 0.0
#               (NaN >= 6 is false, §5.2; inactive lanes are zero, §5.3)
#   out row 1 = FP32(16777217) = 16777216.0 everywhere (int parameter n, nearest-even)
#   out row 2 = the same from the literal 16777217: bit-identical to row 1
#   out row 3 = 0.1 (a float parameter) rounded to FP32 everywhere
import pypto_pro.language as pl


@pl.vector_function
def scalar_vf(src_tile, dst_tile, x, s, n, tenth):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    reg = vf.load_align(src_tile, 0)
    ge = vf.ge(reg, s, preg)
    vf.store_align(dst_tile, vf.full(x, ge, dtype=pl.DT_FP32), preg)
    vf.store_align(dst_tile + 64, vf.full(n, dtype=pl.DT_FP32), preg)
    vf.store_align(dst_tile + 128, vf.full(16777217, dtype=pl.DT_FP32), preg)
    vf.store_align(dst_tile + 192, vf.full(tenth, preg, dtype=pl.DT_FP32), preg)


@pl.jit()
def scalar_kernel(
    a: pl.Tensor[[1, 64], pl.DT_FP32],
    out: pl.Tensor[[4, 64], pl.DT_FP32],
):
    ta = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    to = pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    src = pl.make_tile(ta, addr=0x0, size=256)
    dst = pl.make_tile(to, addr=0x100, size=1024)
    k = 3
    with pl.section_vector():
        pl.load(src, a, [0, 0])
        scalar_vf(src, dst, 2.5, k * 2, 16777217, 0.1)
        pl.store(out, dst, [0, 0])
