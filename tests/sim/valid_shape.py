# Valid shapes (docs/SEMANTICS.md §6 [I]): pl.load / pl.store copy only the valid rows x cols of
# a tile; the UB row pitch stays the static shape[1]; GM outside the valid window keeps its
# bytes. Every output starts as its input (the runner passes one for each parameter):
#   out1[0:3, 0:40]  = a[0:3, 0:40]     TileType(shape=[4, 64], valid_shape=[3, 40])
#   out2[1:3, 40:56] = a[2:4, 8:24]     pl.set_validshape(u, [2, 16]), load at [2, 8],
#                                       store at [1, 40]
#   out3[i, 0:8]     = a[i, 0:8]        set_validshape on a tile defined in the loop, i < 2
#   out4             = a[0:4, 0:64]     valid_shape=[-1, -1] (dynamic default) = whole tile
import pypto_pro.language as pl


@pl.jit()
def valid_shape_kernel(
    a: pl.Tensor[[4, 64], pl.DT_FP32],
    out1: pl.Tensor[[4, 64], pl.DT_FP32],
    out2: pl.Tensor[[4, 64], pl.DT_FP32],
    out3: pl.Tensor[[4, 64], pl.DT_FP32],
    out4: pl.Tensor[[4, 64], pl.DT_FP32],
):
    tv = pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec,
                     valid_shape=[3, 40])
    tf = pl.TileType(shape=[2, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    tr = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    td = pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec,
                     valid_shape=[-1, -1])
    t = pl.make_tile(tv, addr=0x0, size=1024)
    u = pl.make_tile(tf, addr=0x400, size=512)
    rows = pl.make_tile_group(type=tr, addrs=0x600, mutex_ids=[0])
    d = pl.make_tile(td, addr=0x800, size=1024)
    with pl.section_vector():
        pl.load(t, a, [0, 0])
        pl.store(out1, t, [0, 0])
        pl.set_validshape(u, [2, 16])
        pl.load(u, a, [2, 8])
        pl.store(out2, u, [1, 40])
        for i in pl.range(2):
            w = rows.current()
            pl.set_validshape(w, [1, 8])
            pl.load(w, a, [i, 0])
            pl.store(out3, w, [i, 0])
        pl.load(d, a, [0, 0])
        pl.store(out4, d, [0, 0])
