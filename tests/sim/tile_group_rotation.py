# Tile groups rotated inside pl.range (docs/SEMANTICS.md §6): .next() advances then returns and
# .previous() steps back then returns, modulo the depth, so the slot - and the tile's UB
# address - depends on the iteration; pvc keeps the slot at run time. grp has 3 slots of
# 1x64 FP32 at 0x1000 (slot s at 0x1000 + 256*s); slot 0 is loaded with a[3] first.
# Iteration i = 0..3 (slot before it: i % 3):
#   t = grp.next()       slot (i+1) % 3   <- a[i]
#   u = grp.previous()   slot i % 3: what the previous iteration loaded (a[3] for i = 0)
#   sign_vf(u, r)        r = res.next(), a second rotating group; out[i] = 1.0 where
#                        u < 0.0, else 0.0 (NaN < 0 is false §5.2; zeroing §5.3)
#   grp.next()           back to slot (i+1) % 3
# so out = (a[[3, 0, 1, 2]] < 0); after the loop grp.previous() is slot 0, loaded at i = 2:
#   last = a[2]
import pypto_pro.language as pl


@pl.vector_function
def sign_vf(src_tile, dst_tile):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    negative = vf.lt(vf.load_align(src_tile, 0), 0.0, every)
    vf.store_align(dst_tile, vf.full(1.0, negative, dtype=pl.DT_FP32), every)


@pl.jit()
def rotation_kernel(
    a: pl.Tensor[[4, 64], pl.DT_FP32],
    out: pl.Tensor[[4, 64], pl.DT_FP32],
    last: pl.Tensor[[1, 64], pl.DT_FP32],
):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    grp = pl.make_tile_group(type=tf, addrs=0x1000, mutex_ids=[0, 1, 2])
    res = pl.make_tile_group(type=tf, addrs=0x2000, mutex_ids=[3, 4, 5])
    with pl.section_vector():
        pl.load(grp[0], a, [3, 0])
        for i in pl.range(4):
            t = grp.next()
            pl.load(t, a, [i, 0])
            u = grp.previous()
            r = res.next()
            sign_vf(u, r)
            pl.store(out, r, [i, 0])
            grp.next()
        p = grp.previous()
        pl.store(last, p, [0, 0])
