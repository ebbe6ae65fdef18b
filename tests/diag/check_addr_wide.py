# constant offsets whose address leaves the UB only when computed in 64 bits (docs/ARCHITECTURE.md §7, B11):
# each is E022 with the address as computed, saturating at the ends of int64, never wrapped
import pypto_pro.language as pl


@pl.vector_function
def wide_vf(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    r0 = vf.load_align(src_tile, [4611686018427387904, 0])
    r1 = vf.load_align(src_tile, [-4611686018427387904, 0])
    r2 = vf.load_align(src_tile, 1073741824)
    r3 = vf.load_align(src_tile, [67108864, 0])
    vf.store_align(dst_tile, r0, preg)
    vf.store_align(dst_tile, r1, preg)
    vf.store_align(dst_tile, r2, preg)
    vf.store_align(dst_tile, r3, preg)


@pl.jit()
def wide_kernel(out: pl.Tensor[[1, 64], pl.DT_FP32]):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    src = pl.make_tile(tf, addr=0x100, size=256)
    dst = pl.make_tile(tf, addr=0x0, size=256)
    with pl.section_vector():
        wide_vf(src, dst)
        pl.store(out, dst, [0, 0])
