# vf.histograms (docs/SEMANTICS.md §10.15): the 256 u8 lanes counted into the 128 u16 bins of a
# destination declared UINT16 beforehand and holding c (§9.3: a new name would be UINT8):
# FREQUENCY bin n counts the value base + n, ACCUMULATE the values 0 .. base + n (base 0 for
# BIN0, 128 for BIN1), masked-off lanes ignored, counts wrapping at 2^16; the defaults are BIN0
# and ACCUMULATE. Alone in its file so that a compile error here rejects no other kernel.
import pypto_pro.language as pl


@pl.vector_function
def hist_ops(src_tile, c_tile, m_tile, f0_t, f1_t, a0_t, a1_t, dflt_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.load_align(m_tile, 0)
    src = vf.load_align(src_tile, 0)
    f0 = vf.load_align(c_tile, 0)
    f0 = vf.histograms(src, m, bin_type=pl.BinType.BIN0, hist_type=pl.HistType.FREQUENCY)
    vf.store_align(f0_t, f0, every)
    f1 = vf.load_align(c_tile, 0)
    f1 = vf.histograms(src, m, bin_type=pl.BinType.BIN1, hist_type=pl.HistType.FREQUENCY)
    vf.store_align(f1_t, f1, every)
    a0 = vf.load_align(c_tile, 0)
    a0 = vf.histograms(src, m, bin_type=pl.BinType.BIN0, hist_type=pl.HistType.ACCUMULATE)
    vf.store_align(a0_t, a0, every)
    a1 = vf.load_align(c_tile, 0)
    a1 = vf.histograms(src, m, bin_type=pl.BinType.BIN1, hist_type=pl.HistType.ACCUMULATE)
    vf.store_align(a1_t, a1, every)
    d = vf.load_align(c_tile, 0)
    d = vf.histograms(src, m)
    vf.store_align(dflt_t, d, every)


@pl.jit()
def histograms_u8(
    src: pl.Tensor[[1, 256], pl.DT_UINT8],
    c: pl.Tensor[[1, 128], pl.DT_UINT16],
    m: pl.Tensor[[1, 32], pl.DT_UINT8],
    f0: pl.Tensor[[1, 128], pl.DT_UINT16],
    f1: pl.Tensor[[1, 128], pl.DT_UINT16],
    a0: pl.Tensor[[1, 128], pl.DT_UINT16],
    a1: pl.Tensor[[1, 128], pl.DT_UINT16],
    dflt: pl.Tensor[[1, 128], pl.DT_UINT16],
):
    t_uint8_1x256 = pl.TileType(shape=[1, 256], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_uint16_1x128 = pl.TileType(shape=[1, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_1x32 = pl.TileType(shape=[1, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    src_t = pl.make_tile(t_uint8_1x256, addr=0x0000)
    c_t = pl.make_tile(t_uint16_1x128, addr=0x0100)
    m_t = pl.make_tile(t_uint8_1x32, addr=0x0200)
    f0_t = pl.make_tile(t_uint16_1x128, addr=0x0300)
    f1_t = pl.make_tile(t_uint16_1x128, addr=0x0400)
    a0_t = pl.make_tile(t_uint16_1x128, addr=0x0500)
    a1_t = pl.make_tile(t_uint16_1x128, addr=0x0600)
    dflt_t = pl.make_tile(t_uint16_1x128, addr=0x0700)
    with pl.section_vector():
        pl.load(src_t, src, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        hist_ops(src_t, c_t, m_t, f0_t, f1_t, a0_t, a1_t, dflt_t)
        pl.store(f0, f0_t, [0, 0])
        pl.store(f1, f1_t, [0, 0])
        pl.store(a0, a0_t, [0, 0])
        pl.store(a1, a1_t, [0, 0])
        pl.store(dflt, dflt_t, [0, 0])
