# Per-lane shifts of UINT32 data by an INT32 shift register: the shift register must be
# i8/i16/i32/i64 (docs/SEMANTICS.md §10.7; the lowering views it as vector_s32 anyway), so a
# signed amount register with unsigned data is the documented form. Alone in its file: a
# compile error here would reject every kernel of the file.
import pypto_pro.language as pl


@pl.vector_function
def shift_lanes_u32(a_tile, s_tile, m_tile, shl_t, shr_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        s = vf.load_align(s_tile, [r, 0])
        vf.store_align(shl_t, vf.shift_left(a, s, m), every, [r, 0])
        vf.store_align(shr_t, vf.shift_right(a, s, m), every, [r, 0])


@pl.jit()
def shift_lanes_u32_i32(
    a: pl.Tensor[[4, 64], pl.DT_UINT32],
    s: pl.Tensor[[4, 64], pl.DT_INT32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    shl: pl.Tensor[[4, 64], pl.DT_UINT32],
    shr: pl.Tensor[[4, 64], pl.DT_UINT32],
):
    t_uint32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_int32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint32_4x64, addr=0x0000)
    s_t = pl.make_tile(t_int32_4x64, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    shl_t = pl.make_tile(t_uint32_4x64, addr=0x0900)
    shr_t = pl.make_tile(t_uint32_4x64, addr=0x0D00)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(s_t, s, [0, 0])
        pl.load(m_t, m, [0, 0])
        shift_lanes_u32(a_t, s_t, m_t, shl_t, shr_t)
        pl.store(shl, shl_t, [0, 0])
        pl.store(shr, shr_t, [0, 0])
