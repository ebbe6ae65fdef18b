# Gathers and scatter (docs/SEMANTICS.md §10.13). gather from a tile: lane i = tile element
# idx[i] (u16 indices for 8/16-bit data, u32 for 32/64-bit; an 8-bit tile gives 128 bytes each
# zero-extended to 16 bits; 16-bit data with u32 indices fills the even 16-bit lanes, the _bc
# form; 64-bit data takes the first 32 u32 indices), masked-off lanes 0. DATA_BLOCK_LOAD: block k
# = the 32 bytes at byte offset bidx[k], when any of its 32 mask bits is set, else 0. gather
# from a register: lane i = src[idx[i] mod N], no mask. scatter: active lane i to tile element
# idx[i] (8-bit data: the even bytes, 16-bit lanes), the highest lane winning a duplicate index.
import pypto_pro.language as pl


@pl.vector_function
def gather_tile(src_tile, idx_tile, m_tile, g_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.load_align(m_tile, 0)
    idx = vf.load_align(idx_tile, 0)
    g = vf.gather(src_tile, idx, m)
    vf.store_align(g_t, g, every)


@pl.vector_function
def gather_blocks(src_tile, bidx_tile, m_tile, gb_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.load_align(m_tile, 0)
    bidx = vf.load_align(bidx_tile, 0)
    gb = vf.gather(src_tile, bidx, m, data_copy_mode=pl.DataCopyMode.DATA_BLOCK_LOAD)
    vf.store_align(gb_t, gb, every)


@pl.vector_function
def gather_reg(reg_tile, ridx_tile, gr_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    r = vf.load_align(reg_tile, 0)
    ridx = vf.load_align(ridx_tile, 0)
    vf.store_align(gr_t, vf.gather(r, ridx), every)


@pl.vector_function
def scatter_op(dst_tile, src_tile, sidx_tile, m_tile):
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.load_align(m_tile, 0)
    s = vf.load_align(src_tile, 0)
    sidx = vf.load_align(sidx_tile, 0)
    vf.scatter(dst_tile, s, sidx, m)



@pl.jit()
def gather_i8(
    src: pl.Tensor[[1, 2048], pl.DT_INT8],
    idx: pl.Tensor[[1, 128], pl.DT_UINT16],
    bidx: pl.Tensor[[1, 64], pl.DT_UINT32],
    m: pl.Tensor[[1, 32], pl.DT_UINT8],
    reg: pl.Tensor[[1, 256], pl.DT_INT8],
    ridx: pl.Tensor[[1, 256], pl.DT_UINT8],
    g: pl.Tensor[[1, 256], pl.DT_INT8],
    gb: pl.Tensor[[1, 256], pl.DT_INT8],
    gr: pl.Tensor[[1, 256], pl.DT_INT8],
):
    t_int8_1x2048 = pl.TileType(shape=[1, 2048], dtype=pl.DT_INT8, target_memory=pl.MemorySpace.Vec)
    t_uint16_1x128 = pl.TileType(shape=[1, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    t_uint32_1x64 = pl.TileType(shape=[1, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_1x32 = pl.TileType(shape=[1, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_int8_1x256 = pl.TileType(shape=[1, 256], dtype=pl.DT_INT8, target_memory=pl.MemorySpace.Vec)
    t_uint8_1x256 = pl.TileType(shape=[1, 256], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    src_t = pl.make_tile(t_int8_1x2048, addr=0x0000)
    idx_t = pl.make_tile(t_uint16_1x128, addr=0x0800)
    bidx_t = pl.make_tile(t_uint32_1x64, addr=0x0900)
    m_t = pl.make_tile(t_uint8_1x32, addr=0x0A00)
    reg_t = pl.make_tile(t_int8_1x256, addr=0x0B00)
    ridx_t = pl.make_tile(t_uint8_1x256, addr=0x0C00)
    g_t = pl.make_tile(t_int8_1x256, addr=0x0D00)
    gb_t = pl.make_tile(t_int8_1x256, addr=0x0E00)
    gr_t = pl.make_tile(t_int8_1x256, addr=0x0F00)
    with pl.section_vector():
        pl.load(src_t, src, [0, 0])
        pl.load(idx_t, idx, [0, 0])
        pl.load(bidx_t, bidx, [0, 0])
        pl.load(m_t, m, [0, 0])
        pl.load(reg_t, reg, [0, 0])
        pl.load(ridx_t, ridx, [0, 0])
        gather_tile(src_t, idx_t, m_t, g_t)
        gather_blocks(src_t, bidx_t, m_t, gb_t)
        gather_reg(reg_t, ridx_t, gr_t)
        pl.store(g, g_t, [0, 0])
        pl.store(gb, gb_t, [0, 0])
        pl.store(gr, gr_t, [0, 0])


@pl.jit()
def scatter_i8(
    scat: pl.Tensor[[1, 2048], pl.DT_INT8],
    ssrc: pl.Tensor[[1, 256], pl.DT_INT8],
    sidx: pl.Tensor[[1, 128], pl.DT_UINT16],
    m: pl.Tensor[[1, 32], pl.DT_UINT8],
):
    t_int8_1x2048 = pl.TileType(shape=[1, 2048], dtype=pl.DT_INT8, target_memory=pl.MemorySpace.Vec)
    t_int8_1x256 = pl.TileType(shape=[1, 256], dtype=pl.DT_INT8, target_memory=pl.MemorySpace.Vec)
    t_uint16_1x128 = pl.TileType(shape=[1, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_1x32 = pl.TileType(shape=[1, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    scat_t = pl.make_tile(t_int8_1x2048, addr=0x0000)
    ssrc_t = pl.make_tile(t_int8_1x256, addr=0x0800)
    sidx_t = pl.make_tile(t_uint16_1x128, addr=0x0900)
    m_t = pl.make_tile(t_uint8_1x32, addr=0x0A00)
    with pl.section_vector():
        pl.load(scat_t, scat, [0, 0])
        pl.load(ssrc_t, ssrc, [0, 0])
        pl.load(sidx_t, sidx, [0, 0])
        pl.load(m_t, m, [0, 0])
        scatter_op(scat_t, ssrc_t, sidx_t, m_t)
        pl.store(scat, scat_t, [0, 0])


@pl.jit()
def gather_u8(
    src: pl.Tensor[[1, 2048], pl.DT_UINT8],
    idx: pl.Tensor[[1, 128], pl.DT_UINT16],
    bidx: pl.Tensor[[1, 64], pl.DT_UINT32],
    m: pl.Tensor[[1, 32], pl.DT_UINT8],
    reg: pl.Tensor[[1, 256], pl.DT_UINT8],
    ridx: pl.Tensor[[1, 256], pl.DT_UINT8],
    g: pl.Tensor[[1, 256], pl.DT_UINT8],
    gb: pl.Tensor[[1, 256], pl.DT_UINT8],
    gr: pl.Tensor[[1, 256], pl.DT_UINT8],
):
    t_uint8_1x2048 = pl.TileType(shape=[1, 2048], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_uint16_1x128 = pl.TileType(shape=[1, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    t_uint32_1x64 = pl.TileType(shape=[1, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_1x32 = pl.TileType(shape=[1, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_uint8_1x256 = pl.TileType(shape=[1, 256], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    src_t = pl.make_tile(t_uint8_1x2048, addr=0x0000)
    idx_t = pl.make_tile(t_uint16_1x128, addr=0x0800)
    bidx_t = pl.make_tile(t_uint32_1x64, addr=0x0900)
    m_t = pl.make_tile(t_uint8_1x32, addr=0x0A00)
    reg_t = pl.make_tile(t_uint8_1x256, addr=0x0B00)
    ridx_t = pl.make_tile(t_uint8_1x256, addr=0x0C00)
    g_t = pl.make_tile(t_uint8_1x256, addr=0x0D00)
    gb_t = pl.make_tile(t_uint8_1x256, addr=0x0E00)
    gr_t = pl.make_tile(t_uint8_1x256, addr=0x0F00)
    with pl.section_vector():
        pl.load(src_t, src, [0, 0])
        pl.load(idx_t, idx, [0, 0])
        pl.load(bidx_t, bidx, [0, 0])
        pl.load(m_t, m, [0, 0])
        pl.load(reg_t, reg, [0, 0])
        pl.load(ridx_t, ridx, [0, 0])
        gather_tile(src_t, idx_t, m_t, g_t)
        gather_blocks(src_t, bidx_t, m_t, gb_t)
        gather_reg(reg_t, ridx_t, gr_t)
        pl.store(g, g_t, [0, 0])
        pl.store(gb, gb_t, [0, 0])
        pl.store(gr, gr_t, [0, 0])


@pl.jit()
def scatter_u8(
    scat: pl.Tensor[[1, 2048], pl.DT_UINT8],
    ssrc: pl.Tensor[[1, 256], pl.DT_UINT8],
    sidx: pl.Tensor[[1, 128], pl.DT_UINT16],
    m: pl.Tensor[[1, 32], pl.DT_UINT8],
):
    t_uint8_1x2048 = pl.TileType(shape=[1, 2048], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_uint8_1x256 = pl.TileType(shape=[1, 256], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_uint16_1x128 = pl.TileType(shape=[1, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_1x32 = pl.TileType(shape=[1, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    scat_t = pl.make_tile(t_uint8_1x2048, addr=0x0000)
    ssrc_t = pl.make_tile(t_uint8_1x256, addr=0x0800)
    sidx_t = pl.make_tile(t_uint16_1x128, addr=0x0900)
    m_t = pl.make_tile(t_uint8_1x32, addr=0x0A00)
    with pl.section_vector():
        pl.load(scat_t, scat, [0, 0])
        pl.load(ssrc_t, ssrc, [0, 0])
        pl.load(sidx_t, sidx, [0, 0])
        pl.load(m_t, m, [0, 0])
        scatter_op(scat_t, ssrc_t, sidx_t, m_t)
        pl.store(scat, scat_t, [0, 0])


@pl.jit()
def gather_i16(
    src: pl.Tensor[[1, 1024], pl.DT_INT16],
    idx: pl.Tensor[[1, 128], pl.DT_UINT16],
    bidx: pl.Tensor[[1, 64], pl.DT_UINT32],
    m: pl.Tensor[[1, 32], pl.DT_UINT8],
    reg: pl.Tensor[[1, 128], pl.DT_INT16],
    ridx: pl.Tensor[[1, 128], pl.DT_UINT16],
    bcidx: pl.Tensor[[1, 64], pl.DT_UINT32],
    g: pl.Tensor[[1, 128], pl.DT_INT16],
    gb: pl.Tensor[[1, 128], pl.DT_INT16],
    gr: pl.Tensor[[1, 128], pl.DT_INT16],
    gbc: pl.Tensor[[1, 128], pl.DT_INT16],
):
    t_int16_1x1024 = pl.TileType(shape=[1, 1024], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    t_uint16_1x128 = pl.TileType(shape=[1, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    t_uint32_1x64 = pl.TileType(shape=[1, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_1x32 = pl.TileType(shape=[1, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_int16_1x128 = pl.TileType(shape=[1, 128], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    src_t = pl.make_tile(t_int16_1x1024, addr=0x0000)
    idx_t = pl.make_tile(t_uint16_1x128, addr=0x0800)
    bidx_t = pl.make_tile(t_uint32_1x64, addr=0x0900)
    m_t = pl.make_tile(t_uint8_1x32, addr=0x0A00)
    reg_t = pl.make_tile(t_int16_1x128, addr=0x0B00)
    ridx_t = pl.make_tile(t_uint16_1x128, addr=0x0C00)
    bcidx_t = pl.make_tile(t_uint32_1x64, addr=0x0D00)
    g_t = pl.make_tile(t_int16_1x128, addr=0x0E00)
    gb_t = pl.make_tile(t_int16_1x128, addr=0x0F00)
    gr_t = pl.make_tile(t_int16_1x128, addr=0x1000)
    gbc_t = pl.make_tile(t_int16_1x128, addr=0x1100)
    with pl.section_vector():
        pl.load(src_t, src, [0, 0])
        pl.load(idx_t, idx, [0, 0])
        pl.load(bidx_t, bidx, [0, 0])
        pl.load(m_t, m, [0, 0])
        pl.load(reg_t, reg, [0, 0])
        pl.load(ridx_t, ridx, [0, 0])
        pl.load(bcidx_t, bcidx, [0, 0])
        gather_tile(src_t, idx_t, m_t, g_t)
        gather_blocks(src_t, bidx_t, m_t, gb_t)
        gather_reg(reg_t, ridx_t, gr_t)
        gather_tile(src_t, bcidx_t, m_t, gbc_t)
        pl.store(g, g_t, [0, 0])
        pl.store(gb, gb_t, [0, 0])
        pl.store(gr, gr_t, [0, 0])
        pl.store(gbc, gbc_t, [0, 0])


@pl.jit()
def scatter_i16(
    scat: pl.Tensor[[1, 1024], pl.DT_INT16],
    ssrc: pl.Tensor[[1, 128], pl.DT_INT16],
    sidx: pl.Tensor[[1, 128], pl.DT_UINT16],
    m: pl.Tensor[[1, 32], pl.DT_UINT8],
):
    t_int16_1x1024 = pl.TileType(shape=[1, 1024], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    t_int16_1x128 = pl.TileType(shape=[1, 128], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    t_uint16_1x128 = pl.TileType(shape=[1, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_1x32 = pl.TileType(shape=[1, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    scat_t = pl.make_tile(t_int16_1x1024, addr=0x0000)
    ssrc_t = pl.make_tile(t_int16_1x128, addr=0x0800)
    sidx_t = pl.make_tile(t_uint16_1x128, addr=0x0900)
    m_t = pl.make_tile(t_uint8_1x32, addr=0x0A00)
    with pl.section_vector():
        pl.load(scat_t, scat, [0, 0])
        pl.load(ssrc_t, ssrc, [0, 0])
        pl.load(sidx_t, sidx, [0, 0])
        pl.load(m_t, m, [0, 0])
        scatter_op(scat_t, ssrc_t, sidx_t, m_t)
        pl.store(scat, scat_t, [0, 0])


@pl.jit()
def gather_u16(
    src: pl.Tensor[[1, 1024], pl.DT_UINT16],
    idx: pl.Tensor[[1, 128], pl.DT_UINT16],
    bidx: pl.Tensor[[1, 64], pl.DT_UINT32],
    m: pl.Tensor[[1, 32], pl.DT_UINT8],
    reg: pl.Tensor[[1, 128], pl.DT_UINT16],
    ridx: pl.Tensor[[1, 128], pl.DT_UINT16],
    bcidx: pl.Tensor[[1, 64], pl.DT_UINT32],
    g: pl.Tensor[[1, 128], pl.DT_UINT16],
    gb: pl.Tensor[[1, 128], pl.DT_UINT16],
    gr: pl.Tensor[[1, 128], pl.DT_UINT16],
    gbc: pl.Tensor[[1, 128], pl.DT_UINT16],
):
    t_uint16_1x1024 = pl.TileType(shape=[1, 1024], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    t_uint16_1x128 = pl.TileType(shape=[1, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    t_uint32_1x64 = pl.TileType(shape=[1, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_1x32 = pl.TileType(shape=[1, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    src_t = pl.make_tile(t_uint16_1x1024, addr=0x0000)
    idx_t = pl.make_tile(t_uint16_1x128, addr=0x0800)
    bidx_t = pl.make_tile(t_uint32_1x64, addr=0x0900)
    m_t = pl.make_tile(t_uint8_1x32, addr=0x0A00)
    reg_t = pl.make_tile(t_uint16_1x128, addr=0x0B00)
    ridx_t = pl.make_tile(t_uint16_1x128, addr=0x0C00)
    bcidx_t = pl.make_tile(t_uint32_1x64, addr=0x0D00)
    g_t = pl.make_tile(t_uint16_1x128, addr=0x0E00)
    gb_t = pl.make_tile(t_uint16_1x128, addr=0x0F00)
    gr_t = pl.make_tile(t_uint16_1x128, addr=0x1000)
    gbc_t = pl.make_tile(t_uint16_1x128, addr=0x1100)
    with pl.section_vector():
        pl.load(src_t, src, [0, 0])
        pl.load(idx_t, idx, [0, 0])
        pl.load(bidx_t, bidx, [0, 0])
        pl.load(m_t, m, [0, 0])
        pl.load(reg_t, reg, [0, 0])
        pl.load(ridx_t, ridx, [0, 0])
        pl.load(bcidx_t, bcidx, [0, 0])
        gather_tile(src_t, idx_t, m_t, g_t)
        gather_blocks(src_t, bidx_t, m_t, gb_t)
        gather_reg(reg_t, ridx_t, gr_t)
        gather_tile(src_t, bcidx_t, m_t, gbc_t)
        pl.store(g, g_t, [0, 0])
        pl.store(gb, gb_t, [0, 0])
        pl.store(gr, gr_t, [0, 0])
        pl.store(gbc, gbc_t, [0, 0])


@pl.jit()
def scatter_u16(
    scat: pl.Tensor[[1, 1024], pl.DT_UINT16],
    ssrc: pl.Tensor[[1, 128], pl.DT_UINT16],
    sidx: pl.Tensor[[1, 128], pl.DT_UINT16],
    m: pl.Tensor[[1, 32], pl.DT_UINT8],
):
    t_uint16_1x1024 = pl.TileType(shape=[1, 1024], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    t_uint16_1x128 = pl.TileType(shape=[1, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_1x32 = pl.TileType(shape=[1, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    scat_t = pl.make_tile(t_uint16_1x1024, addr=0x0000)
    ssrc_t = pl.make_tile(t_uint16_1x128, addr=0x0800)
    sidx_t = pl.make_tile(t_uint16_1x128, addr=0x0900)
    m_t = pl.make_tile(t_uint8_1x32, addr=0x0A00)
    with pl.section_vector():
        pl.load(scat_t, scat, [0, 0])
        pl.load(ssrc_t, ssrc, [0, 0])
        pl.load(sidx_t, sidx, [0, 0])
        pl.load(m_t, m, [0, 0])
        scatter_op(scat_t, ssrc_t, sidx_t, m_t)
        pl.store(scat, scat_t, [0, 0])


@pl.jit()
def gather_f16(
    src: pl.Tensor[[1, 1024], pl.DT_FP16],
    idx: pl.Tensor[[1, 128], pl.DT_UINT16],
    bidx: pl.Tensor[[1, 64], pl.DT_UINT32],
    m: pl.Tensor[[1, 32], pl.DT_UINT8],
    reg: pl.Tensor[[1, 128], pl.DT_FP16],
    ridx: pl.Tensor[[1, 128], pl.DT_UINT16],
    bcidx: pl.Tensor[[1, 64], pl.DT_UINT32],
    g: pl.Tensor[[1, 128], pl.DT_FP16],
    gb: pl.Tensor[[1, 128], pl.DT_FP16],
    gr: pl.Tensor[[1, 128], pl.DT_FP16],
    gbc: pl.Tensor[[1, 128], pl.DT_FP16],
):
    t_fp16_1x1024 = pl.TileType(shape=[1, 1024], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    t_uint16_1x128 = pl.TileType(shape=[1, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    t_uint32_1x64 = pl.TileType(shape=[1, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_1x32 = pl.TileType(shape=[1, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_fp16_1x128 = pl.TileType(shape=[1, 128], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    src_t = pl.make_tile(t_fp16_1x1024, addr=0x0000)
    idx_t = pl.make_tile(t_uint16_1x128, addr=0x0800)
    bidx_t = pl.make_tile(t_uint32_1x64, addr=0x0900)
    m_t = pl.make_tile(t_uint8_1x32, addr=0x0A00)
    reg_t = pl.make_tile(t_fp16_1x128, addr=0x0B00)
    ridx_t = pl.make_tile(t_uint16_1x128, addr=0x0C00)
    bcidx_t = pl.make_tile(t_uint32_1x64, addr=0x0D00)
    g_t = pl.make_tile(t_fp16_1x128, addr=0x0E00)
    gb_t = pl.make_tile(t_fp16_1x128, addr=0x0F00)
    gr_t = pl.make_tile(t_fp16_1x128, addr=0x1000)
    gbc_t = pl.make_tile(t_fp16_1x128, addr=0x1100)
    with pl.section_vector():
        pl.load(src_t, src, [0, 0])
        pl.load(idx_t, idx, [0, 0])
        pl.load(bidx_t, bidx, [0, 0])
        pl.load(m_t, m, [0, 0])
        pl.load(reg_t, reg, [0, 0])
        pl.load(ridx_t, ridx, [0, 0])
        pl.load(bcidx_t, bcidx, [0, 0])
        gather_tile(src_t, idx_t, m_t, g_t)
        gather_blocks(src_t, bidx_t, m_t, gb_t)
        gather_reg(reg_t, ridx_t, gr_t)
        gather_tile(src_t, bcidx_t, m_t, gbc_t)
        pl.store(g, g_t, [0, 0])
        pl.store(gb, gb_t, [0, 0])
        pl.store(gr, gr_t, [0, 0])
        pl.store(gbc, gbc_t, [0, 0])


@pl.jit()
def scatter_f16(
    scat: pl.Tensor[[1, 1024], pl.DT_FP16],
    ssrc: pl.Tensor[[1, 128], pl.DT_FP16],
    sidx: pl.Tensor[[1, 128], pl.DT_UINT16],
    m: pl.Tensor[[1, 32], pl.DT_UINT8],
):
    t_fp16_1x1024 = pl.TileType(shape=[1, 1024], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    t_fp16_1x128 = pl.TileType(shape=[1, 128], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    t_uint16_1x128 = pl.TileType(shape=[1, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_1x32 = pl.TileType(shape=[1, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    scat_t = pl.make_tile(t_fp16_1x1024, addr=0x0000)
    ssrc_t = pl.make_tile(t_fp16_1x128, addr=0x0800)
    sidx_t = pl.make_tile(t_uint16_1x128, addr=0x0900)
    m_t = pl.make_tile(t_uint8_1x32, addr=0x0A00)
    with pl.section_vector():
        pl.load(scat_t, scat, [0, 0])
        pl.load(ssrc_t, ssrc, [0, 0])
        pl.load(sidx_t, sidx, [0, 0])
        pl.load(m_t, m, [0, 0])
        scatter_op(scat_t, ssrc_t, sidx_t, m_t)
        pl.store(scat, scat_t, [0, 0])


@pl.jit()
def gather_bf16(
    src: pl.Tensor[[1, 1024], pl.DT_BF16],
    idx: pl.Tensor[[1, 128], pl.DT_UINT16],
    bidx: pl.Tensor[[1, 64], pl.DT_UINT32],
    m: pl.Tensor[[1, 32], pl.DT_UINT8],
    reg: pl.Tensor[[1, 128], pl.DT_BF16],
    ridx: pl.Tensor[[1, 128], pl.DT_UINT16],
    bcidx: pl.Tensor[[1, 64], pl.DT_UINT32],
    g: pl.Tensor[[1, 128], pl.DT_BF16],
    gb: pl.Tensor[[1, 128], pl.DT_BF16],
    gr: pl.Tensor[[1, 128], pl.DT_BF16],
    gbc: pl.Tensor[[1, 128], pl.DT_BF16],
):
    t_bf16_1x1024 = pl.TileType(shape=[1, 1024], dtype=pl.DT_BF16, target_memory=pl.MemorySpace.Vec)
    t_uint16_1x128 = pl.TileType(shape=[1, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    t_uint32_1x64 = pl.TileType(shape=[1, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_1x32 = pl.TileType(shape=[1, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_bf16_1x128 = pl.TileType(shape=[1, 128], dtype=pl.DT_BF16, target_memory=pl.MemorySpace.Vec)
    src_t = pl.make_tile(t_bf16_1x1024, addr=0x0000)
    idx_t = pl.make_tile(t_uint16_1x128, addr=0x0800)
    bidx_t = pl.make_tile(t_uint32_1x64, addr=0x0900)
    m_t = pl.make_tile(t_uint8_1x32, addr=0x0A00)
    reg_t = pl.make_tile(t_bf16_1x128, addr=0x0B00)
    ridx_t = pl.make_tile(t_uint16_1x128, addr=0x0C00)
    bcidx_t = pl.make_tile(t_uint32_1x64, addr=0x0D00)
    g_t = pl.make_tile(t_bf16_1x128, addr=0x0E00)
    gb_t = pl.make_tile(t_bf16_1x128, addr=0x0F00)
    gr_t = pl.make_tile(t_bf16_1x128, addr=0x1000)
    gbc_t = pl.make_tile(t_bf16_1x128, addr=0x1100)
    with pl.section_vector():
        pl.load(src_t, src, [0, 0])
        pl.load(idx_t, idx, [0, 0])
        pl.load(bidx_t, bidx, [0, 0])
        pl.load(m_t, m, [0, 0])
        pl.load(reg_t, reg, [0, 0])
        pl.load(ridx_t, ridx, [0, 0])
        pl.load(bcidx_t, bcidx, [0, 0])
        gather_tile(src_t, idx_t, m_t, g_t)
        gather_blocks(src_t, bidx_t, m_t, gb_t)
        gather_reg(reg_t, ridx_t, gr_t)
        gather_tile(src_t, bcidx_t, m_t, gbc_t)
        pl.store(g, g_t, [0, 0])
        pl.store(gb, gb_t, [0, 0])
        pl.store(gr, gr_t, [0, 0])
        pl.store(gbc, gbc_t, [0, 0])


@pl.jit()
def scatter_bf16(
    scat: pl.Tensor[[1, 1024], pl.DT_BF16],
    ssrc: pl.Tensor[[1, 128], pl.DT_BF16],
    sidx: pl.Tensor[[1, 128], pl.DT_UINT16],
    m: pl.Tensor[[1, 32], pl.DT_UINT8],
):
    t_bf16_1x1024 = pl.TileType(shape=[1, 1024], dtype=pl.DT_BF16, target_memory=pl.MemorySpace.Vec)
    t_bf16_1x128 = pl.TileType(shape=[1, 128], dtype=pl.DT_BF16, target_memory=pl.MemorySpace.Vec)
    t_uint16_1x128 = pl.TileType(shape=[1, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_1x32 = pl.TileType(shape=[1, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    scat_t = pl.make_tile(t_bf16_1x1024, addr=0x0000)
    ssrc_t = pl.make_tile(t_bf16_1x128, addr=0x0800)
    sidx_t = pl.make_tile(t_uint16_1x128, addr=0x0900)
    m_t = pl.make_tile(t_uint8_1x32, addr=0x0A00)
    with pl.section_vector():
        pl.load(scat_t, scat, [0, 0])
        pl.load(ssrc_t, ssrc, [0, 0])
        pl.load(sidx_t, sidx, [0, 0])
        pl.load(m_t, m, [0, 0])
        scatter_op(scat_t, ssrc_t, sidx_t, m_t)
        pl.store(scat, scat_t, [0, 0])


@pl.jit()
def gather_i32(
    src: pl.Tensor[[1, 512], pl.DT_INT32],
    idx: pl.Tensor[[1, 64], pl.DT_UINT32],
    bidx: pl.Tensor[[1, 64], pl.DT_UINT32],
    m: pl.Tensor[[1, 32], pl.DT_UINT8],
    reg: pl.Tensor[[1, 64], pl.DT_INT32],
    ridx: pl.Tensor[[1, 64], pl.DT_UINT32],
    g: pl.Tensor[[1, 64], pl.DT_INT32],
    gb: pl.Tensor[[1, 64], pl.DT_INT32],
    gr: pl.Tensor[[1, 64], pl.DT_INT32],
):
    t_int32_1x512 = pl.TileType(shape=[1, 512], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    t_uint32_1x64 = pl.TileType(shape=[1, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_1x32 = pl.TileType(shape=[1, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_int32_1x64 = pl.TileType(shape=[1, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    src_t = pl.make_tile(t_int32_1x512, addr=0x0000)
    idx_t = pl.make_tile(t_uint32_1x64, addr=0x0800)
    bidx_t = pl.make_tile(t_uint32_1x64, addr=0x0900)
    m_t = pl.make_tile(t_uint8_1x32, addr=0x0A00)
    reg_t = pl.make_tile(t_int32_1x64, addr=0x0B00)
    ridx_t = pl.make_tile(t_uint32_1x64, addr=0x0C00)
    g_t = pl.make_tile(t_int32_1x64, addr=0x0D00)
    gb_t = pl.make_tile(t_int32_1x64, addr=0x0E00)
    gr_t = pl.make_tile(t_int32_1x64, addr=0x0F00)
    with pl.section_vector():
        pl.load(src_t, src, [0, 0])
        pl.load(idx_t, idx, [0, 0])
        pl.load(bidx_t, bidx, [0, 0])
        pl.load(m_t, m, [0, 0])
        pl.load(reg_t, reg, [0, 0])
        pl.load(ridx_t, ridx, [0, 0])
        gather_tile(src_t, idx_t, m_t, g_t)
        gather_blocks(src_t, bidx_t, m_t, gb_t)
        gather_reg(reg_t, ridx_t, gr_t)
        pl.store(g, g_t, [0, 0])
        pl.store(gb, gb_t, [0, 0])
        pl.store(gr, gr_t, [0, 0])


@pl.jit()
def scatter_i32(
    scat: pl.Tensor[[1, 512], pl.DT_INT32],
    ssrc: pl.Tensor[[1, 64], pl.DT_INT32],
    sidx: pl.Tensor[[1, 64], pl.DT_UINT32],
    m: pl.Tensor[[1, 32], pl.DT_UINT8],
):
    t_int32_1x512 = pl.TileType(shape=[1, 512], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    t_int32_1x64 = pl.TileType(shape=[1, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    t_uint32_1x64 = pl.TileType(shape=[1, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_1x32 = pl.TileType(shape=[1, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    scat_t = pl.make_tile(t_int32_1x512, addr=0x0000)
    ssrc_t = pl.make_tile(t_int32_1x64, addr=0x0800)
    sidx_t = pl.make_tile(t_uint32_1x64, addr=0x0900)
    m_t = pl.make_tile(t_uint8_1x32, addr=0x0A00)
    with pl.section_vector():
        pl.load(scat_t, scat, [0, 0])
        pl.load(ssrc_t, ssrc, [0, 0])
        pl.load(sidx_t, sidx, [0, 0])
        pl.load(m_t, m, [0, 0])
        scatter_op(scat_t, ssrc_t, sidx_t, m_t)
        pl.store(scat, scat_t, [0, 0])


@pl.jit()
def gather_u32(
    src: pl.Tensor[[1, 512], pl.DT_UINT32],
    idx: pl.Tensor[[1, 64], pl.DT_UINT32],
    bidx: pl.Tensor[[1, 64], pl.DT_UINT32],
    m: pl.Tensor[[1, 32], pl.DT_UINT8],
    reg: pl.Tensor[[1, 64], pl.DT_UINT32],
    ridx: pl.Tensor[[1, 64], pl.DT_UINT32],
    g: pl.Tensor[[1, 64], pl.DT_UINT32],
    gb: pl.Tensor[[1, 64], pl.DT_UINT32],
    gr: pl.Tensor[[1, 64], pl.DT_UINT32],
):
    t_uint32_1x512 = pl.TileType(shape=[1, 512], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_uint32_1x64 = pl.TileType(shape=[1, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_1x32 = pl.TileType(shape=[1, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    src_t = pl.make_tile(t_uint32_1x512, addr=0x0000)
    idx_t = pl.make_tile(t_uint32_1x64, addr=0x0800)
    bidx_t = pl.make_tile(t_uint32_1x64, addr=0x0900)
    m_t = pl.make_tile(t_uint8_1x32, addr=0x0A00)
    reg_t = pl.make_tile(t_uint32_1x64, addr=0x0B00)
    ridx_t = pl.make_tile(t_uint32_1x64, addr=0x0C00)
    g_t = pl.make_tile(t_uint32_1x64, addr=0x0D00)
    gb_t = pl.make_tile(t_uint32_1x64, addr=0x0E00)
    gr_t = pl.make_tile(t_uint32_1x64, addr=0x0F00)
    with pl.section_vector():
        pl.load(src_t, src, [0, 0])
        pl.load(idx_t, idx, [0, 0])
        pl.load(bidx_t, bidx, [0, 0])
        pl.load(m_t, m, [0, 0])
        pl.load(reg_t, reg, [0, 0])
        pl.load(ridx_t, ridx, [0, 0])
        gather_tile(src_t, idx_t, m_t, g_t)
        gather_blocks(src_t, bidx_t, m_t, gb_t)
        gather_reg(reg_t, ridx_t, gr_t)
        pl.store(g, g_t, [0, 0])
        pl.store(gb, gb_t, [0, 0])
        pl.store(gr, gr_t, [0, 0])


@pl.jit()
def scatter_u32(
    scat: pl.Tensor[[1, 512], pl.DT_UINT32],
    ssrc: pl.Tensor[[1, 64], pl.DT_UINT32],
    sidx: pl.Tensor[[1, 64], pl.DT_UINT32],
    m: pl.Tensor[[1, 32], pl.DT_UINT8],
):
    t_uint32_1x512 = pl.TileType(shape=[1, 512], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_uint32_1x64 = pl.TileType(shape=[1, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_1x32 = pl.TileType(shape=[1, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    scat_t = pl.make_tile(t_uint32_1x512, addr=0x0000)
    ssrc_t = pl.make_tile(t_uint32_1x64, addr=0x0800)
    sidx_t = pl.make_tile(t_uint32_1x64, addr=0x0900)
    m_t = pl.make_tile(t_uint8_1x32, addr=0x0A00)
    with pl.section_vector():
        pl.load(scat_t, scat, [0, 0])
        pl.load(ssrc_t, ssrc, [0, 0])
        pl.load(sidx_t, sidx, [0, 0])
        pl.load(m_t, m, [0, 0])
        scatter_op(scat_t, ssrc_t, sidx_t, m_t)
        pl.store(scat, scat_t, [0, 0])


@pl.jit()
def gather_f32(
    src: pl.Tensor[[1, 512], pl.DT_FP32],
    idx: pl.Tensor[[1, 64], pl.DT_UINT32],
    bidx: pl.Tensor[[1, 64], pl.DT_UINT32],
    m: pl.Tensor[[1, 32], pl.DT_UINT8],
    reg: pl.Tensor[[1, 64], pl.DT_FP32],
    ridx: pl.Tensor[[1, 64], pl.DT_UINT32],
    g: pl.Tensor[[1, 64], pl.DT_FP32],
    gb: pl.Tensor[[1, 64], pl.DT_FP32],
    gr: pl.Tensor[[1, 64], pl.DT_FP32],
):
    t_fp32_1x512 = pl.TileType(shape=[1, 512], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_uint32_1x64 = pl.TileType(shape=[1, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_1x32 = pl.TileType(shape=[1, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_fp32_1x64 = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    src_t = pl.make_tile(t_fp32_1x512, addr=0x0000)
    idx_t = pl.make_tile(t_uint32_1x64, addr=0x0800)
    bidx_t = pl.make_tile(t_uint32_1x64, addr=0x0900)
    m_t = pl.make_tile(t_uint8_1x32, addr=0x0A00)
    reg_t = pl.make_tile(t_fp32_1x64, addr=0x0B00)
    ridx_t = pl.make_tile(t_uint32_1x64, addr=0x0C00)
    g_t = pl.make_tile(t_fp32_1x64, addr=0x0D00)
    gb_t = pl.make_tile(t_fp32_1x64, addr=0x0E00)
    gr_t = pl.make_tile(t_fp32_1x64, addr=0x0F00)
    with pl.section_vector():
        pl.load(src_t, src, [0, 0])
        pl.load(idx_t, idx, [0, 0])
        pl.load(bidx_t, bidx, [0, 0])
        pl.load(m_t, m, [0, 0])
        pl.load(reg_t, reg, [0, 0])
        pl.load(ridx_t, ridx, [0, 0])
        gather_tile(src_t, idx_t, m_t, g_t)
        gather_blocks(src_t, bidx_t, m_t, gb_t)
        gather_reg(reg_t, ridx_t, gr_t)
        pl.store(g, g_t, [0, 0])
        pl.store(gb, gb_t, [0, 0])
        pl.store(gr, gr_t, [0, 0])


@pl.jit()
def scatter_f32(
    scat: pl.Tensor[[1, 512], pl.DT_FP32],
    ssrc: pl.Tensor[[1, 64], pl.DT_FP32],
    sidx: pl.Tensor[[1, 64], pl.DT_UINT32],
    m: pl.Tensor[[1, 32], pl.DT_UINT8],
):
    t_fp32_1x512 = pl.TileType(shape=[1, 512], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_fp32_1x64 = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_uint32_1x64 = pl.TileType(shape=[1, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_1x32 = pl.TileType(shape=[1, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    scat_t = pl.make_tile(t_fp32_1x512, addr=0x0000)
    ssrc_t = pl.make_tile(t_fp32_1x64, addr=0x0800)
    sidx_t = pl.make_tile(t_uint32_1x64, addr=0x0900)
    m_t = pl.make_tile(t_uint8_1x32, addr=0x0A00)
    with pl.section_vector():
        pl.load(scat_t, scat, [0, 0])
        pl.load(ssrc_t, ssrc, [0, 0])
        pl.load(sidx_t, sidx, [0, 0])
        pl.load(m_t, m, [0, 0])
        scatter_op(scat_t, ssrc_t, sidx_t, m_t)
        pl.store(scat, scat_t, [0, 0])


@pl.jit()
def gather_i64(
    src: pl.Tensor[[1, 256], pl.DT_INT64],
    idx: pl.Tensor[[1, 64], pl.DT_UINT32],
    bidx: pl.Tensor[[1, 64], pl.DT_UINT32],
    m: pl.Tensor[[1, 32], pl.DT_UINT8],
    g: pl.Tensor[[1, 32], pl.DT_INT64],
    gb: pl.Tensor[[1, 32], pl.DT_INT64],
):
    t_int64_1x256 = pl.TileType(shape=[1, 256], dtype=pl.DT_INT64, target_memory=pl.MemorySpace.Vec)
    t_uint32_1x64 = pl.TileType(shape=[1, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_1x32 = pl.TileType(shape=[1, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_int64_1x32 = pl.TileType(shape=[1, 32], dtype=pl.DT_INT64, target_memory=pl.MemorySpace.Vec)
    src_t = pl.make_tile(t_int64_1x256, addr=0x0000)
    idx_t = pl.make_tile(t_uint32_1x64, addr=0x0800)
    bidx_t = pl.make_tile(t_uint32_1x64, addr=0x0900)
    m_t = pl.make_tile(t_uint8_1x32, addr=0x0A00)
    g_t = pl.make_tile(t_int64_1x32, addr=0x0B00)
    gb_t = pl.make_tile(t_int64_1x32, addr=0x0C00)
    with pl.section_vector():
        pl.load(src_t, src, [0, 0])
        pl.load(idx_t, idx, [0, 0])
        pl.load(bidx_t, bidx, [0, 0])
        pl.load(m_t, m, [0, 0])
        gather_tile(src_t, idx_t, m_t, g_t)
        gather_blocks(src_t, bidx_t, m_t, gb_t)
        pl.store(g, g_t, [0, 0])
        pl.store(gb, gb_t, [0, 0])


@pl.jit()
def gather_u64(
    src: pl.Tensor[[1, 256], pl.DT_UINT64],
    idx: pl.Tensor[[1, 64], pl.DT_UINT32],
    bidx: pl.Tensor[[1, 64], pl.DT_UINT32],
    m: pl.Tensor[[1, 32], pl.DT_UINT8],
    g: pl.Tensor[[1, 32], pl.DT_UINT64],
    gb: pl.Tensor[[1, 32], pl.DT_UINT64],
):
    t_uint64_1x256 = pl.TileType(shape=[1, 256], dtype=pl.DT_UINT64, target_memory=pl.MemorySpace.Vec)
    t_uint32_1x64 = pl.TileType(shape=[1, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_1x32 = pl.TileType(shape=[1, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_uint64_1x32 = pl.TileType(shape=[1, 32], dtype=pl.DT_UINT64, target_memory=pl.MemorySpace.Vec)
    src_t = pl.make_tile(t_uint64_1x256, addr=0x0000)
    idx_t = pl.make_tile(t_uint32_1x64, addr=0x0800)
    bidx_t = pl.make_tile(t_uint32_1x64, addr=0x0900)
    m_t = pl.make_tile(t_uint8_1x32, addr=0x0A00)
    g_t = pl.make_tile(t_uint64_1x32, addr=0x0B00)
    gb_t = pl.make_tile(t_uint64_1x32, addr=0x0C00)
    with pl.section_vector():
        pl.load(src_t, src, [0, 0])
        pl.load(idx_t, idx, [0, 0])
        pl.load(bidx_t, bidx, [0, 0])
        pl.load(m_t, m, [0, 0])
        gather_tile(src_t, idx_t, m_t, g_t)
        gather_blocks(src_t, bidx_t, m_t, gb_t)
        pl.store(g, g_t, [0, 0])
        pl.store(gb, gb_t, [0, 0])
