# Python raises ZeroDivisionError for 2.5 % 0.0; a kernel faults BAD_ARG at the `%`
# (pvc_rt.h "Python scalar arithmetic"), in the simulator and natively alike.
import pypto_pro.language as pl


@pl.vector_function
def mod_vf(dst_tile, x):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    zero = x - x
    y = x % zero
    vf.store_align(dst_tile, vf.full(y, preg, dtype=pl.DT_FP32), preg)


@pl.jit()
def mod_kernel(out: pl.Tensor[[1, 64], pl.DT_FP32]):
    to = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    dst = pl.make_tile(to, addr=0x0, size=256)
    with pl.section_vector():
        mod_vf(dst, 2.5)
        pl.store(out, dst, [0, 0])
