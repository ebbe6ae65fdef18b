# A run-time tile-group index outside [0, depth) is checked where it picks the slot
# (docs/SEMANTICS.md §6): slot n of a 2-slot group faults BAD_ARG.
import pypto_pro.language as pl


@pl.jit()
def index_kernel(a: pl.Tensor[[1, 64], pl.DT_FP32], n: int):
    tt = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    grp = pl.make_tile_group(type=tt, addrs=[0x0, 0x100], mutex_ids=[0, 1])
    with pl.section_vector():
        t = grp[n]
        pl.load(t, a, [0, 0])
        pl.store(a, t, [0, 0])
