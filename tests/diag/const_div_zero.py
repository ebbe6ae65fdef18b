# Divisions by zero whose operands are all known at compile time are located errors of
# `pvc check` (docs/ARCHITECTURE.md §7, B1), not kernel faults at run time; vf.load_align(t, 64 // 0) passed
# `check` once. (A run-time dividend: tests/diag/check_div_zero.py.)
import pypto_pro.language as pl

@pl.vector_function
def vf_const(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    r = vf.load_align(src_tile, 64 // 0)
    vf.store_align(dst_tile, r, preg, 64 % 0)

@pl.jit()
def kernel_const(a: pl.Tensor[[1, 64], pl.DT_FP32], n: int):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_in = pl.make_tile(tf, addr=0x0, size=256)
    t_out = pl.make_tile(tf, addr=0x100, size=256)
    with pl.section_vector():
        y = 1.5 / 0
        z = -7 % (1 - 1)
        vf_const(t_in, t_out)
