# A division, floor division or modulo by the constant 0 faults every time it runs: `pvc
# check` reports it where the dividend is a run-time value (docs/ARCHITECTURE.md §7, B1; all-constant ones
# are tests/diag/const_div_zero.py, a zero pl.range step tests/diag/range_step_zero.py).
import pypto_pro.language as pl

@pl.vector_function
def vf_zero(dst_tile, n: int):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for i in pl.range(n, 4, 1):
        vf.store_align(dst_tile, vf.full(n % 0, dtype=pl.DT_FP32), preg)

@pl.jit()
def kernel_zero(a: pl.Tensor[[1, 64], pl.DT_FP32], n: int, x: float):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t = pl.make_tile(tf, addr=0x0, size=256)
    with pl.section_vector():
        q = n // (2 - 2)
        y = x / 0.0
        z = x % False
        for j in pl.range(0, n, 3 - 2):
            pl.load(t, a, [0, 0])
        vf_zero(t, n)
