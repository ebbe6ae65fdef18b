# Python raises ZeroDivisionError for 7 % 0; inside a vector function the `%` faults BAD_ARG
# (pvc_rt.h pvc_py_mod), in the simulator and natively alike (docs/ARCHITECTURE.md §7, B1).
import pypto_pro.language as pl


@pl.vector_function
def mod_vf(dst_tile, n: int):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    r = vf.full(7 % (n - n), dtype=pl.DT_FP32)
    vf.store_align(dst_tile, r, preg)


@pl.jit()
def mod_kernel(out: pl.Tensor[[1, 64], pl.DT_FP32], n: int):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t = pl.make_tile(tf, addr=0x0, size=256)
    with pl.section_vector():
        mod_vf(t, n)
        pl.store(out, t, [0, 0])
