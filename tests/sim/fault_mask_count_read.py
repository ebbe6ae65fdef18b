# The MASK register's modes (docs/SEMANTICS.md §10.14): pl.set_mask_count and pl.set_mask_norm
# switch it, pl.set_vec_mask writes it in either; a vf.get_mask_spr while it counts is a
# located fault in both backends (what the counter gives a mask read is not modelled). The
# first read, after set_mask_norm, runs.
import pypto_pro.language as pl


@pl.vector_function
def read_mask(t):
    vf.store_align(t, vf.get_mask_spr(width=pl.MaskWidth.B32), 0)


@pl.jit()
def count_then_read(out: pl.Tensor[[1, 32], pl.DT_UINT8]):
    t = pl.make_tile(pl.TileType(shape=[1, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec), addr=0x0)
    with pl.section_vector():
        pl.set_mask_count()
        pl.set_vec_mask(0, 64)
        pl.set_mask_norm()
        pl.set_vec_mask(-1, -1)
        read_mask(t)
        pl.set_mask_count()
        read_mask(t)
        pl.store(out, t, [0, 0])
