# vf.mask_gen_with_reg_tensor(src, offset) (docs/SEMANTICS.md §10.14): offset picks chunk k of the
# register, 16 bytes for a b16 source (k < 16) and 8 bytes for b32 (k < 32), not a bit of each
# element (T10); each chunk bit k (LSB-first) is spread over m[2k], m[2k+1] (b16) or m[4k .. 4k+3]
# (b32). Positional and keyword offsets; masks stored raw (NORM, 32 bytes) through a cursor.
import pypto_pro.language as pl


@pl.vector_function
def mask_gen_chunks(h_tile, w_tile, gen16_t, gen32_t):
    h = vf.load_align(h_tile, 0)
    w = vf.load_align(w_tile, 0)
    vf.store_align(gen16_t, vf.mask_gen_with_reg_tensor(h, 7), 32, post_update=True)
    vf.store_align(gen16_t, vf.mask_gen_with_reg_tensor(h, offset=15), 32, post_update=True)
    vf.store_align(gen32_t, vf.mask_gen_with_reg_tensor(w, 1), 32, post_update=True)
    vf.store_align(gen32_t, vf.mask_gen_with_reg_tensor(w, offset=31), 32, post_update=True)


@pl.jit()
def mask_gen_offsets(
    h: pl.Tensor[[1, 128], pl.DT_FP16],
    w: pl.Tensor[[1, 64], pl.DT_INT32],
    gen16: pl.Tensor[[2, 32], pl.DT_UINT8],
    gen32: pl.Tensor[[2, 32], pl.DT_UINT8],
):
    t_fp16_1x128 = pl.TileType(shape=[1, 128], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    t_int32_1x64 = pl.TileType(shape=[1, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_2x32 = pl.TileType(shape=[2, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    h_t = pl.make_tile(t_fp16_1x128, addr=0x0000)
    w_t = pl.make_tile(t_int32_1x64, addr=0x0100)
    gen16_t = pl.make_tile(t_uint8_2x32, addr=0x0200)
    gen32_t = pl.make_tile(t_uint8_2x32, addr=0x0300)
    with pl.section_vector():
        pl.load(h_t, h, [0, 0])
        pl.load(w_t, w, [0, 0])
        mask_gen_chunks(h_t, w_t, gen16_t, gen32_t)
        pl.store(gen16, gen16_t, [0, 0])
        pl.store(gen32, gen32_t, [0, 0])
