# vf.full of a register with pl.DuplicatePos (docs/SEMANTICS.md §5.7): every active lane gets
# element 0 (LOWEST, the default) or element N-1 (HIGHEST) of the source; inactive lanes
# are zero (ZEROING). From a 1x64 FP32 tile a:
#   out row 0 = a[0] everywhere           (pos omitted)
#   out row 1 = a[63] everywhere          (pos=HIGHEST)
#   out row 2 = a[0] in lanes 0..9, 0.0 elsewhere   (pos=LOWEST, update_mask(10))
#   out row 3 = a[63] in lanes 0..9, 0.0 elsewhere  (pos=HIGHEST, update_mask(10))
import pypto_pro.language as pl


@pl.vector_function
def duplicate_vf(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    first10 = vf.update_mask(10, dtype=pl.DT_FP32)
    reg = vf.load_align(src_tile, 0)
    lo = vf.full(reg, preg)
    hi = vf.full(reg, preg, pos=pl.DuplicatePos.HIGHEST)
    lo10 = vf.full(reg, first10, pos=pl.DuplicatePos.LOWEST)
    hi10 = vf.full(reg, first10, pos=pl.DuplicatePos.HIGHEST)
    vf.store_align(dst_tile, lo, preg)
    vf.store_align(dst_tile + 64, hi, preg)
    vf.store_align(dst_tile + 128, lo10, preg)
    vf.store_align(dst_tile + 192, hi10, preg)


@pl.jit()
def duplicate_kernel(
    a: pl.Tensor[[1, 64], pl.DT_FP32],
    out: pl.Tensor[[4, 64], pl.DT_FP32],
):
    ta = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    to = pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_in = pl.make_tile_group(type=ta, addrs=0x0, mutex_ids=[0])
    t_out = pl.make_tile_group(type=to, addrs=0x100, mutex_ids=[1])
    src = t_in.current()
    dst = t_out.current()
    with pl.section_vector():
        pl.load(src, a, [0, 0])
        duplicate_vf(src, dst)
        pl.store(out, dst, [0, 0])
