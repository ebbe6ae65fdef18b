# vf.sqrt(..., precision=True) (docs/SEMANTICS.md §10.4): the high-precision mode is correctly
# rounded (0 ulp) for inputs in [0, 2^126] and gives 0 above; checked exactly. Alone in its file
# so that a compile error here rejects no other kernel.
import pypto_pro.language as pl


@pl.vector_function
def sqrt_hp(a_tile, m_tile, sqrt_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        vf.store_align(sqrt_t, vf.sqrt(a, m, precision=True), every, [r, 0])


@pl.jit()
def sqrt_precise_f32(
    a: pl.Tensor[[4, 64], pl.DT_FP32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    sqrt: pl.Tensor[[4, 64], pl.DT_FP32],
):
    t_fp32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp32_4x64, addr=0x0000)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0400)
    sqrt_t = pl.make_tile(t_fp32_4x64, addr=0x0500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(m_t, m, [0, 0])
        sqrt_hp(a_t, m_t, sqrt_t)
        pl.store(sqrt, sqrt_t, [0, 0])
