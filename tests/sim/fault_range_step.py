# range() with a zero step raises ValueError in Python; a pl.range whose run-time step is 0
# faults BAD_ARG at the loop (pvc_rt.h pvc_py_range_len), in the simulator and natively alike
# (docs/ARCHITECTURE.md §7, B1).
import pypto_pro.language as pl


@pl.vector_function
def step_vf(dst_tile, n: int):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for i in pl.range(0, 4, n - n):
        vf.store_align(dst_tile, vf.full(1.0, dtype=pl.DT_FP32), preg)


@pl.jit()
def step_kernel(out: pl.Tensor[[1, 64], pl.DT_FP32], n: int):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t = pl.make_tile(tf, addr=0x0, size=256)
    with pl.section_vector():
        step_vf(t, n)
        pl.store(out, t, [0, 0])
