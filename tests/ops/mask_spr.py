# pl.set_vec_mask(hi, lo) and vf.get_mask_spr (docs/SEMANTICS.md §10.14): MASK1 = hi, MASK0 = lo;
# B32 spreads bit k of MASK0 over m[4k .. 4k+3], B16 bit k of MASK1:MASK0 over m[2k .. 2k+1] (every
# bit of an element set, T19), no width= is B32; before any set_vec_mask the SPR is all ones [I],
# and pl.reset_mask() makes it so again (pl.set_mask_norm: the mode a kernel starts in). hi and lo come from kernel scalars and, as in the
# pypto_pro docs' own example, from literals. Each mask is stored raw (NORM, 32 bytes) through a
# post-update cursor; abs under the B32 mask zeroes the lanes whose SPR bit is 0.
import pypto_pro.language as pl


@pl.vector_function
def mask_spr(a_tile, spr_t, abs_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    vf.store_align(spr_t, vf.get_mask_spr(width=pl.MaskWidth.B32), 32, post_update=True)
    vf.store_align(spr_t, vf.get_mask_spr(width=pl.MaskWidth.B16), 32, post_update=True)
    vf.store_align(spr_t, vf.get_mask_spr(), 32, post_update=True)
    a = vf.load_align(a_tile, 0)
    spr = vf.get_mask_spr(width=pl.MaskWidth.B32)
    vf.store_align(abs_t, vf.abs(a, spr), every)


@pl.jit()
def mask_spr_initial(
    a: pl.Tensor[[1, 64], pl.DT_FP32],
    spr: pl.Tensor[[3, 32], pl.DT_UINT8],
    abs: pl.Tensor[[1, 64], pl.DT_FP32],
):
    t_fp32_1x64 = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_uint8_3x32 = pl.TileType(shape=[3, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp32_1x64, addr=0x0000)
    spr_t = pl.make_tile(t_uint8_3x32, addr=0x0100)
    abs_t = pl.make_tile(t_fp32_1x64, addr=0x0200)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        mask_spr(a_t, spr_t, abs_t)
        pl.store(spr, spr_t, [0, 0])
        pl.store(abs, abs_t, [0, 0])


@pl.jit()
def mask_spr_set(
    hi: int,
    lo: int,
    a: pl.Tensor[[1, 64], pl.DT_FP32],
    spr: pl.Tensor[[3, 32], pl.DT_UINT8],
    abs: pl.Tensor[[1, 64], pl.DT_FP32],
):
    t_fp32_1x64 = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_uint8_3x32 = pl.TileType(shape=[3, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp32_1x64, addr=0x0000)
    spr_t = pl.make_tile(t_uint8_3x32, addr=0x0100)
    abs_t = pl.make_tile(t_fp32_1x64, addr=0x0200)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.set_vec_mask(hi, lo)
        mask_spr(a_t, spr_t, abs_t)
        pl.store(spr, spr_t, [0, 0])
        pl.store(abs, abs_t, [0, 0])


@pl.jit()
def mask_spr_doc(
    a: pl.Tensor[[1, 64], pl.DT_FP32],
    spr: pl.Tensor[[3, 32], pl.DT_UINT8],
    abs: pl.Tensor[[1, 64], pl.DT_FP32],
):
    t_fp32_1x64 = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_uint8_3x32 = pl.TileType(shape=[3, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp32_1x64, addr=0x0000)
    spr_t = pl.make_tile(t_uint8_3x32, addr=0x0100)
    abs_t = pl.make_tile(t_fp32_1x64, addr=0x0200)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.set_vec_mask(0, 0xFFFFFFFF)
        mask_spr(a_t, spr_t, abs_t)
        pl.store(spr, spr_t, [0, 0])
        pl.store(abs, abs_t, [0, 0])


@pl.jit()
def mask_spr_reset(
    a: pl.Tensor[[1, 64], pl.DT_FP32],
    spr: pl.Tensor[[3, 32], pl.DT_UINT8],
    abs: pl.Tensor[[1, 64], pl.DT_FP32],
):
    t_fp32_1x64 = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_uint8_3x32 = pl.TileType(shape=[3, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp32_1x64, addr=0x0000)
    spr_t = pl.make_tile(t_uint8_3x32, addr=0x0100)
    abs_t = pl.make_tile(t_fp32_1x64, addr=0x0200)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.set_mask_norm()
        pl.set_vec_mask(0, 0xF0)
        pl.reset_mask()
        mask_spr(a_t, spr_t, abs_t)
        pl.store(spr, spr_t, [0, 0])
        pl.store(abs, abs_t, [0, 0])
