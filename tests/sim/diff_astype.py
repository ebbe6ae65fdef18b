# Differential kernel (tests/run_sim.sh): vf.astype pairs with lane layouts, round modes and
# saturation (docs/SEMANTICS.md §5.4). a is FP32, 64 lanes; each result is stored through a mask
# at its own width:
#   h1 = FP32 -> FP16, layout ONE, CAST_FLOOR      (2:1 narrowing, odd FP16 lanes)
#   h0 = FP32 -> FP16, layout ZERO, CAST_ODD       (even FP16 lanes)
#   i  = FP32 -> INT32, CAST_TRUNC, saturate ON    (same width, clamped)
#   w  = FP16 (h1) -> FP32, layout ONE             (1:2 widening from the odd lanes)
#   s  = INT32 (i) -> INT16, layout ONE, saturate ON
#   bf = FP32 -> BF16, layout ZERO, CAST_CEIL
#   e  = FP32 -> FP8E4M3FN, layout TWO (saturate forced ON), then back to FP32, layout TWO
#        under a b8 mask (the widening tests bit 4i+2, §5.4)
#   h0 and s run under M3 (elements 0, 3, 6, ... at b32): the other lanes come out 0
import pypto_pro.language as pl

@pl.vector_function
def casts(a_tile, o32, o16):
    p32 = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    p16 = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP16)
    m3 = vf.create_mask(pattern=pl.MaskPattern.M3, dtype=pl.DT_FP32)
    ra = vf.load_align(a_tile, 0)
    h1 = vf.astype(ra, p32, dtype=pl.DT_FP16, layout=pl.CastLayout.ONE,
                   round_mode=pl.VFRoundMode.CAST_FLOOR)
    vf.store_align(o16, h1, p16)
    h0 = vf.astype(ra, m3, dtype=pl.DT_FP16, layout=pl.CastLayout.ZERO,
                   round_mode=pl.VFRoundMode.CAST_ODD)
    vf.store_align(o16 + 128, h0, p16)
    i = vf.astype(ra, p32, dtype=pl.DT_INT32, round_mode=pl.VFRoundMode.CAST_TRUNC,
                  saturate=pl.SaturateMode.ON)
    vf.store_align(o32, i, p32)
    w = vf.astype(h1, p16, dtype=pl.DT_FP32, layout=pl.CastLayout.ONE)
    vf.store_align(o32 + 64, w, p32)
    s = vf.astype(i, m3, dtype=pl.DT_INT16, layout=pl.CastLayout.ONE,
                  saturate=pl.SaturateMode.ON)
    vf.store_align(o16 + 256, s, p16)
    bf = vf.astype(ra, p32, dtype=pl.DT_BF16, layout=pl.CastLayout.ZERO,
                   round_mode=pl.VFRoundMode.CAST_CEIL)
    vf.store_align(o16 + 384, bf, p16)
    e = vf.astype(ra, p32, dtype=pl.DT_FP8E4M3FN, layout=pl.CastLayout.TWO,
                  saturate=pl.SaturateMode.ON)
    p8 = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    back = vf.astype(e, p8, dtype=pl.DT_FP32, layout=pl.CastLayout.TWO)
    vf.store_align(o32 + 128, back, p32)

@pl.jit()
def kernel(
    a: pl.Tensor[[1, 64], pl.DT_FP32],
    out32: pl.Tensor[[3, 64], pl.DT_FP32],
    out16: pl.Tensor[[4, 128], pl.DT_FP16],
):
    ta = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t32 = pl.TileType(shape=[3, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t16 = pl.TileType(shape=[4, 128], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    a_grp = pl.make_tile_group(type=ta, addrs=0x0, mutex_ids=[0])
    t_a = a_grp.current()
    o32_grp = pl.make_tile_group(type=t32, addrs=0x400, mutex_ids=[1])
    t_o32 = o32_grp.current()
    o16_grp = pl.make_tile_group(type=t16, addrs=0x800, mutex_ids=[2])
    t_o16 = o16_grp.current()
    with pl.section_vector():
        pl.load(t_a, a, [0, 0])
        casts(t_a, t_o32, t_o16)
        pl.store(out32, t_o32, [0, 0])
        pl.store(out16, t_o16, [0, 0])
