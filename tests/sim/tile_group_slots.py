# Tile-group slots (docs/SEMANTICS.md §6): slot i of a group at addrs with depth 3 lives at
# addrs + i*slot_bytes; grp[i] is slot i without rotation, .next() advances then returns,
# .previous() steps back then returns, both modulo the depth. Rows of a (3x64) go to
#   grp[2] <- a[0],  grp.next() (slot 1) <- a[1],  grp[0] <- a[2]
# then grp.previous() (slot 0), grp[1] and the slot-2 tile are stored to rows 0, 1, 2:
#   out = a[[2, 1, 0]]
# and one more grp.previous() wraps from slot 0 to slot 2:   copy = a[0]
import pypto_pro.language as pl


@pl.jit()
def slots_kernel(
    a: pl.Tensor[[3, 64], pl.DT_FP32],
    out: pl.Tensor[[3, 64], pl.DT_FP32],
    copy: pl.Tensor[[1, 64], pl.DT_FP32],
):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    grp = pl.make_tile_group(type=tf, addrs=0x200, mutex_ids=[0, 1, 2])
    s2 = grp[2]
    s1 = grp.next()
    s0 = grp[0]
    back = grp.previous()
    again = grp.previous()
    with pl.section_vector():
        pl.load(s2, a, [0, 0])
        pl.load(s1, a, [1, 0])
        pl.load(s0, a, [2, 0])
        pl.store(out, back, [0, 0])
        pl.store(out, grp[1], [1, 0])
        pl.store(out, s2, [2, 0])
        pl.store(copy, again, [0, 0])
