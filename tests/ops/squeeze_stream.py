# Stream compaction through the AR special register (docs/SEMANTICS.md §4, §10.9), without
# clear_spr and pl.get_spr (tests/ops/spr_ar.py has the full pattern): AR is 0 at the start of
# every vector-function call [I]; each squeeze(..., STORE_REG) leaves
# the byte count of its packed prefix in SQZN; each count-less store_unalign writes SQZN bytes at
# cursor + AR and adds them to AR; the 2-argument store_unalign_post flushes the parked tail at
# floor32(cursor + AR) (W007). The out tile therefore holds the active lanes of the four rows
# back to back, and everything after them keeps its earlier bytes.
import pypto_pro.language as pl


@pl.vector_function
def compact_rows(a_tile, m_tile, out_tile):
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    s = vf.unalign_reg_for_store()
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        x = vf.load_align(a_tile, [r, 0])
        q = vf.squeeze(x, m, gather_mode=pl.SqueezeMode.STORE_REG)
        vf.store_unalign(out_tile, q, s, post_update=True)
    vf.store_unalign_post(out_tile, s)


@pl.jit()
def squeeze_stream_i8(
    a: pl.Tensor[[4, 256], pl.DT_INT8],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    out: pl.Tensor[[1, 1024], pl.DT_INT8],
):
    t_int8_4x256 = pl.TileType(shape=[4, 256], dtype=pl.DT_INT8, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_int8_1x1024 = pl.TileType(shape=[1, 1024], dtype=pl.DT_INT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int8_4x256, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    out_t = pl.make_tile(t_int8_1x1024, addr=0x0500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        pl.load(out_t, out, [0, 0])
        compact_rows(a_t, m_t, out_t)
        pl.store(out, out_t, [0, 0])


@pl.jit()
def squeeze_stream_i16(
    a: pl.Tensor[[4, 128], pl.DT_INT16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    out: pl.Tensor[[1, 512], pl.DT_INT16],
):
    t_int16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_int16_1x512 = pl.TileType(shape=[1, 512], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int16_4x128, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    out_t = pl.make_tile(t_int16_1x512, addr=0x0500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        pl.load(out_t, out, [0, 0])
        compact_rows(a_t, m_t, out_t)
        pl.store(out, out_t, [0, 0])


@pl.jit()
def squeeze_stream_f32(
    a: pl.Tensor[[4, 64], pl.DT_FP32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    out: pl.Tensor[[1, 256], pl.DT_FP32],
):
    t_fp32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_fp32_1x256 = pl.TileType(shape=[1, 256], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp32_4x64, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    out_t = pl.make_tile(t_fp32_1x256, addr=0x0500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        pl.load(out_t, out, [0, 0])
        compact_rows(a_t, m_t, out_t)
        pl.store(out, out_t, [0, 0])
