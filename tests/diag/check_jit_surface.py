# jit-surface forms pvc rejects: make_tile addresses (a size below the tile's is a warning),
# a constant grp[i] slot outside the group, valid shapes outside the tile; a run-time slot
# (checked when it runs) and a run-time valid shape, also one set inside a loop, are accepted
# (docs/SEMANTICS.md §6)
import pypto_pro.language as pl

@pl.jit()
def kernel(a: pl.Tensor[[4, 64], pl.DT_FP32], base: int):
    tf = pl.TileType(shape=[2, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    small = pl.make_tile(tf, addr=0x0, size=256)
    moving = pl.make_tile(tf, addr=base, size=512)
    grp = pl.make_tile_group(type=tf, addrs=0x400, mutex_ids=[0, 1])
    s = grp[2]
    r = grp[base]
    bad_valid = pl.TileType(shape=[2, 64], dtype=pl.DT_FP32, valid_shape=[0, 8])
    t = grp.current()
    with pl.section_vector():
        pl.set_validshape(t, [base, 8])
        pl.set_validshape(t, [3, 8])
        for i in pl.range(2):
            pl.set_validshape(t, [1, 8])
            pl.load(t, a, [i, 0])
