# The offset of a mask load is a byte count (an int) or an AddrReg (docs/SEMANTICS.md §2.5): a
# [row, col] list is neither, so it is an error rather than an offset silently dropped. The
# expected diagnostics (mask_list_offset.err) are written by hand from that rule: file, line,
# severity and code are compared, the message text is the rule's own wording.
import pypto_pro.language as pl


@pl.vector_function
def mask_rows(m_tile, out_tile):
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, [r, 0])
        vf.store_align(out_tile, m, 32, post_update=True)


@pl.jit()
def mask_list_offset(m: pl.Tensor[[4, 32], pl.DT_UINT8], out: pl.Tensor[[4, 32], pl.DT_UINT8]):
    tt = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    m_t = pl.make_tile(tt, addr=0x0)
    out_t = pl.make_tile(tt, addr=0x100)
    with pl.section_vector():
        pl.load(m_t, m, [0, 0])
        mask_rows(m_t, out_t)
        pl.store(out, out_t, [0, 0])
