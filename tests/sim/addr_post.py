# A UB address is computed in 64 bits, saturating at the ends of int64, never wrapped: an
# offset that leaves the UB faults UB_BOUNDS naming the address as computed, in both
# backends (docs/ARCHITECTURE.md §7, B11; cases and their hand-derived addresses: addr_wide.cases).
import pypto_pro.language as pl


@pl.vector_function
def wide_vf(src_tile, dst_tile, n: int):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for i in pl.range(2):
        reg = vf.load_align(src_tile, n, post_update=True)
        vf.store_align(dst_tile, reg, preg)


@pl.jit()
def wide_kernel(out: pl.Tensor[[1, 64], pl.DT_FP32], n: int):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    src = pl.make_tile(tf, addr=0x100, size=256)
    dst = pl.make_tile(tf, addr=0x0, size=256)
    with pl.section_vector():
        wide_vf(src, dst, n)
        pl.store(out, dst, [0, 0])
