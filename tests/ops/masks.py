# Mask generators and mask-register ops (docs/SEMANTICS.md §1.2, §5.1, §10.7-§10.14). Every mask
# is stored raw (NORM, 32 bytes, bit j = bit j%8 of byte j/8) through a post-update cursor.
#   create_mask: each pattern at b8 / b16 / b32 granularity, INT64 at b16 (pset_b16, W006), and
#     without dtype= (the PP-API default DT_FP32: b32); only the tested bit of an element is set
#   update_mask(n): the first min(n, N) elements, n a kernel scalar taken as uint32 (T24: a
#     negative n is every element); 8-bit float and 64-bit dtypes count b32 elements
#   and_ / or_ / xor / not_ / select / move on masks: over all 256 bits, zeroing outside g
#   pack / unpack on masks: the even bits into one half / each bit of one half to an even bit
#   interleave / de_interleave on masks: groups of 1, 2 or 4 bits by dtype (the masks here are
#     declared UINT8, so without dtype= they group single bits, T21)
#   mask_gen_with_reg_tensor(src): chunk 0 of a register (16 bytes for b16, 8 for b32), each bit
#     spread over 2 / 4 mask bits (T19; other chunks: tests/ops/mask_gen.py)
#   (get_mask_spr and pl.set_vec_mask: tests/ops/mask_spr.py)
import pypto_pro.language as pl



@pl.vector_function
def patterns_b8(out_t):
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_INT8), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL1, dtype=pl.DT_INT8), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL2, dtype=pl.DT_INT8), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL3, dtype=pl.DT_INT8), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL4, dtype=pl.DT_INT8), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL8, dtype=pl.DT_INT8), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL16, dtype=pl.DT_INT8), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL32, dtype=pl.DT_INT8), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL64, dtype=pl.DT_INT8), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL128, dtype=pl.DT_INT8), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.M3, dtype=pl.DT_INT8), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.M4, dtype=pl.DT_INT8), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.H, dtype=pl.DT_INT8), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.Q, dtype=pl.DT_INT8), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.ALLF, dtype=pl.DT_INT8), 32, post_update=True)


@pl.vector_function
def patterns_b16(out_t):
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP16), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL1, dtype=pl.DT_FP16), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL2, dtype=pl.DT_FP16), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL3, dtype=pl.DT_FP16), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL4, dtype=pl.DT_FP16), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL8, dtype=pl.DT_FP16), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL16, dtype=pl.DT_FP16), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL32, dtype=pl.DT_FP16), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL64, dtype=pl.DT_FP16), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL128, dtype=pl.DT_FP16), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.M3, dtype=pl.DT_FP16), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.M4, dtype=pl.DT_FP16), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.H, dtype=pl.DT_FP16), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.Q, dtype=pl.DT_FP16), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.ALLF, dtype=pl.DT_FP16), 32, post_update=True)


@pl.vector_function
def patterns_b32(out_t):
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT32), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL1, dtype=pl.DT_UINT32), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL2, dtype=pl.DT_UINT32), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL3, dtype=pl.DT_UINT32), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL4, dtype=pl.DT_UINT32), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL8, dtype=pl.DT_UINT32), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL16, dtype=pl.DT_UINT32), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL32, dtype=pl.DT_UINT32), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL64, dtype=pl.DT_UINT32), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL128, dtype=pl.DT_UINT32), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.M3, dtype=pl.DT_UINT32), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.M4, dtype=pl.DT_UINT32), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.H, dtype=pl.DT_UINT32), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.Q, dtype=pl.DT_UINT32), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.ALLF, dtype=pl.DT_UINT32), 32, post_update=True)


@pl.vector_function
def patterns_b64(out_t):
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_INT64), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL1, dtype=pl.DT_INT64), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL2, dtype=pl.DT_INT64), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL3, dtype=pl.DT_INT64), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL4, dtype=pl.DT_INT64), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL8, dtype=pl.DT_INT64), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL16, dtype=pl.DT_INT64), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL32, dtype=pl.DT_INT64), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL64, dtype=pl.DT_INT64), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL128, dtype=pl.DT_INT64), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.M3, dtype=pl.DT_INT64), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.M4, dtype=pl.DT_INT64), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.H, dtype=pl.DT_INT64), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.Q, dtype=pl.DT_INT64), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.ALLF, dtype=pl.DT_INT64), 32, post_update=True)


@pl.vector_function
def patterns_default(out_t):
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.ALL), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL1), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL2), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL3), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL4), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL8), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL16), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL32), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL64), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.VL128), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.M3), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.M4), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.H), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.Q), 32, post_update=True)
    vf.store_align(out_t, vf.create_mask(pattern=pl.MaskPattern.ALLF), 32, post_update=True)


@pl.vector_function
def update_masks(n, upd_t, lit_t):
    vf.store_align(upd_t, vf.update_mask(n, pl.DT_INT8), 32, post_update=True)
    vf.store_align(upd_t, vf.update_mask(n, pl.DT_UINT8), 32, post_update=True)
    vf.store_align(upd_t, vf.update_mask(n, pl.DT_FP16), 32, post_update=True)
    vf.store_align(upd_t, vf.update_mask(n, dtype=pl.DT_FP32), 32, post_update=True)
    vf.store_align(upd_t, vf.update_mask(n, pl.DT_INT64), 32, post_update=True)
    vf.store_align(upd_t, vf.update_mask(n, pl.DT_HF8), 32, post_update=True)
    vf.store_align(lit_t, vf.update_mask(10, pl.DT_FP32), 32, post_update=True)


@pl.vector_function
def mask_logic(ma_tile, mb_tile, g_tile, and_t, or_t, xor_t, not_t, sel_t, mov_t, movg_t):
    ma = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    mb = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    g = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    ma = vf.load_align(ma_tile, 0)
    mb = vf.load_align(mb_tile, 0)
    g = vf.load_align(g_tile, 0)
    vf.store_align(and_t, vf.and_(ma, mb, g), 32, post_update=True)
    vf.store_align(or_t, vf.or_(ma, mb, g), 32, post_update=True)
    vf.store_align(xor_t, vf.xor(ma, mb, g), 32, post_update=True)
    vf.store_align(not_t, vf.not_(ma, g), 32, post_update=True)
    vf.store_align(sel_t, vf.select(ma, mb, g), 32, post_update=True)
    vf.store_align(mov_t, vf.move(ma), 32, post_update=True)
    vf.store_align(movg_t, vf.move(ma, g), 32, post_update=True)


@pl.vector_function
def mask_permute(ma_tile, mb_tile, pack_t, unpack_t, ilv_t, ilv16_t, ilv32_t, dilv_t, dilv32_t):
    ma = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    mb = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    ma = vf.load_align(ma_tile, 0)
    mb = vf.load_align(mb_tile, 0)
    vf.store_align(pack_t, vf.pack(ma), 32, post_update=True)
    vf.store_align(pack_t, vf.pack(ma, part=pl.PackPart.UPPER), 32, post_update=True)
    vf.store_align(unpack_t, vf.unpack(ma), 32, post_update=True)
    vf.store_align(unpack_t, vf.unpack(ma, part=pl.PackPart.UPPER), 32, post_update=True)
    i0, i1 = vf.interleave(ma, mb)
    vf.store_align(ilv_t, i0, 32, post_update=True)
    vf.store_align(ilv_t, i1, 32, post_update=True)
    j0, j1 = vf.interleave(ma, mb, dtype=pl.DT_INT16)
    vf.store_align(ilv16_t, j0, 32, post_update=True)
    vf.store_align(ilv16_t, j1, 32, post_update=True)
    k0, k1 = vf.interleave(ma, mb, dtype=pl.DT_FP32)
    vf.store_align(ilv32_t, k0, 32, post_update=True)
    vf.store_align(ilv32_t, k1, 32, post_update=True)
    d0, d1 = vf.de_interleave(ma, mb)
    vf.store_align(dilv_t, d0, 32, post_update=True)
    vf.store_align(dilv_t, d1, 32, post_update=True)
    e0, e1 = vf.de_interleave(ma, mb, dtype=pl.DT_FP32)
    vf.store_align(dilv32_t, e0, 32, post_update=True)
    vf.store_align(dilv32_t, e1, 32, post_update=True)


@pl.vector_function
def mask_gen(h_tile, w_tile, gen16_t, gen32_t):
    h = vf.load_align(h_tile, 0)
    w = vf.load_align(w_tile, 0)
    vf.store_align(gen16_t, vf.mask_gen_with_reg_tensor(h), 32, post_update=True)
    vf.store_align(gen32_t, vf.mask_gen_with_reg_tensor(w), 32, post_update=True)


@pl.jit()
def mask_patterns(
    b8: pl.Tensor[[15, 32], pl.DT_UINT8],
    b16: pl.Tensor[[15, 32], pl.DT_UINT8],
    b32: pl.Tensor[[15, 32], pl.DT_UINT8],
    b64: pl.Tensor[[15, 32], pl.DT_UINT8],
    default: pl.Tensor[[15, 32], pl.DT_UINT8],
):
    t_uint8_15x32 = pl.TileType(shape=[15, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    b8_t = pl.make_tile(t_uint8_15x32, addr=0x0000)
    b16_t = pl.make_tile(t_uint8_15x32, addr=0x0200)
    b32_t = pl.make_tile(t_uint8_15x32, addr=0x0400)
    b64_t = pl.make_tile(t_uint8_15x32, addr=0x0600)
    default_t = pl.make_tile(t_uint8_15x32, addr=0x0800)
    with pl.section_vector():
        patterns_b8(b8_t)
        patterns_b16(b16_t)
        patterns_b32(b32_t)
        patterns_b64(b64_t)
        patterns_default(default_t)
        pl.store(b8, b8_t, [0, 0])
        pl.store(b16, b16_t, [0, 0])
        pl.store(b32, b32_t, [0, 0])
        pl.store(b64, b64_t, [0, 0])
        pl.store(default, default_t, [0, 0])


@pl.jit()
def mask_update(
    n: int,
    upd: pl.Tensor[[6, 32], pl.DT_UINT8],
    lit: pl.Tensor[[1, 32], pl.DT_UINT8],
):
    t_uint8_6x32 = pl.TileType(shape=[6, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_uint8_1x32 = pl.TileType(shape=[1, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    upd_t = pl.make_tile(t_uint8_6x32, addr=0x0000)
    lit_t = pl.make_tile(t_uint8_1x32, addr=0x0100)
    with pl.section_vector():
        update_masks(n, upd_t, lit_t)
        pl.store(upd, upd_t, [0, 0])
        pl.store(lit, lit_t, [0, 0])


@pl.jit()
def mask_logic_ops(
    ma: pl.Tensor[[1, 32], pl.DT_UINT8],
    mb: pl.Tensor[[1, 32], pl.DT_UINT8],
    g: pl.Tensor[[1, 32], pl.DT_UINT8],
    and_: pl.Tensor[[1, 32], pl.DT_UINT8],
    or_: pl.Tensor[[1, 32], pl.DT_UINT8],
    xor: pl.Tensor[[1, 32], pl.DT_UINT8],
    not_: pl.Tensor[[1, 32], pl.DT_UINT8],
    sel: pl.Tensor[[1, 32], pl.DT_UINT8],
    mov: pl.Tensor[[1, 32], pl.DT_UINT8],
    movg: pl.Tensor[[1, 32], pl.DT_UINT8],
):
    t_uint8_1x32 = pl.TileType(shape=[1, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    ma_t = pl.make_tile(t_uint8_1x32, addr=0x0000)
    mb_t = pl.make_tile(t_uint8_1x32, addr=0x0100)
    g_t = pl.make_tile(t_uint8_1x32, addr=0x0200)
    and__t = pl.make_tile(t_uint8_1x32, addr=0x0300)
    or__t = pl.make_tile(t_uint8_1x32, addr=0x0400)
    xor_t = pl.make_tile(t_uint8_1x32, addr=0x0500)
    not__t = pl.make_tile(t_uint8_1x32, addr=0x0600)
    sel_t = pl.make_tile(t_uint8_1x32, addr=0x0700)
    mov_t = pl.make_tile(t_uint8_1x32, addr=0x0800)
    movg_t = pl.make_tile(t_uint8_1x32, addr=0x0900)
    with pl.section_vector():
        pl.load(ma_t, ma, [0, 0])
        pl.load(mb_t, mb, [0, 0])
        pl.load(g_t, g, [0, 0])
        mask_logic(ma_t, mb_t, g_t, and__t, or__t, xor_t, not__t, sel_t, mov_t, movg_t)
        pl.store(and_, and__t, [0, 0])
        pl.store(or_, or__t, [0, 0])
        pl.store(xor, xor_t, [0, 0])
        pl.store(not_, not__t, [0, 0])
        pl.store(sel, sel_t, [0, 0])
        pl.store(mov, mov_t, [0, 0])
        pl.store(movg, movg_t, [0, 0])


@pl.jit()
def mask_permute_ops(
    ma: pl.Tensor[[1, 32], pl.DT_UINT8],
    mb: pl.Tensor[[1, 32], pl.DT_UINT8],
    pack: pl.Tensor[[2, 32], pl.DT_UINT8],
    unpack: pl.Tensor[[2, 32], pl.DT_UINT8],
    ilv: pl.Tensor[[2, 32], pl.DT_UINT8],
    ilv16: pl.Tensor[[2, 32], pl.DT_UINT8],
    ilv32: pl.Tensor[[2, 32], pl.DT_UINT8],
    dilv: pl.Tensor[[2, 32], pl.DT_UINT8],
    dilv32: pl.Tensor[[2, 32], pl.DT_UINT8],
):
    t_uint8_1x32 = pl.TileType(shape=[1, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_uint8_2x32 = pl.TileType(shape=[2, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    ma_t = pl.make_tile(t_uint8_1x32, addr=0x0000)
    mb_t = pl.make_tile(t_uint8_1x32, addr=0x0100)
    pack_t = pl.make_tile(t_uint8_2x32, addr=0x0200)
    unpack_t = pl.make_tile(t_uint8_2x32, addr=0x0300)
    ilv_t = pl.make_tile(t_uint8_2x32, addr=0x0400)
    ilv16_t = pl.make_tile(t_uint8_2x32, addr=0x0500)
    ilv32_t = pl.make_tile(t_uint8_2x32, addr=0x0600)
    dilv_t = pl.make_tile(t_uint8_2x32, addr=0x0700)
    dilv32_t = pl.make_tile(t_uint8_2x32, addr=0x0800)
    with pl.section_vector():
        pl.load(ma_t, ma, [0, 0])
        pl.load(mb_t, mb, [0, 0])
        mask_permute(ma_t, mb_t, pack_t, unpack_t, ilv_t, ilv16_t, ilv32_t, dilv_t, dilv32_t)
        pl.store(pack, pack_t, [0, 0])
        pl.store(unpack, unpack_t, [0, 0])
        pl.store(ilv, ilv_t, [0, 0])
        pl.store(ilv16, ilv16_t, [0, 0])
        pl.store(ilv32, ilv32_t, [0, 0])
        pl.store(dilv, dilv_t, [0, 0])
        pl.store(dilv32, dilv32_t, [0, 0])


@pl.jit()
def mask_gen_ops(
    h: pl.Tensor[[1, 128], pl.DT_FP16],
    w: pl.Tensor[[1, 64], pl.DT_INT32],
    gen16: pl.Tensor[[1, 32], pl.DT_UINT8],
    gen32: pl.Tensor[[1, 32], pl.DT_UINT8],
):
    t_fp16_1x128 = pl.TileType(shape=[1, 128], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    t_int32_1x64 = pl.TileType(shape=[1, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_1x32 = pl.TileType(shape=[1, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    h_t = pl.make_tile(t_fp16_1x128, addr=0x0000)
    w_t = pl.make_tile(t_int32_1x64, addr=0x0100)
    gen16_t = pl.make_tile(t_uint8_1x32, addr=0x0200)
    gen32_t = pl.make_tile(t_uint8_1x32, addr=0x0300)
    with pl.section_vector():
        pl.load(h_t, h, [0, 0])
        pl.load(w_t, w, [0, 0])
        mask_gen(h_t, w_t, gen16_t, gen32_t)
        pl.store(gen16, gen16_t, [0, 0])
        pl.store(gen32, gen32_t, [0, 0])
