# Tile elements and pl.move lowered (docs/SEMANTICS.md §6): t[r, c] of a float and of an int
# tile (tile.get.f / tile.get.i), written from a float and from an int (tile.set.f /
# tile.set.i), on a group slot rotated at run time (a run-time tile address), and pl.move
# extracting from a larger tile and inserting a smaller one (tile.move, insert=0 / 1): the
# row 1 of each tile, its first element replaced by twice row 0's, moves into row 0; n[0] = rows,
# n[1] = rows // 2.
import pypto_pro.language as pl

ROWS = 2
COLS = 64


@pl.jit()
def elems_kernel(x: pl.Tensor[[pl.DYNAMIC, COLS], pl.DT_FP32], y: pl.Tensor[[pl.DYNAMIC, COLS], pl.DT_FP32],
                 n: pl.Tensor[[1, 8], pl.DT_INT32]):
    tt = pl.TileType(shape=[ROWS, COLS], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    half = pl.TileType(shape=[1, COLS], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    ins = pl.make_tile_group(type=tt, addrs=[0x0, 0x200], mutex_ids=[0, 1])
    row = pl.make_tile(half, addr=0x400)
    cnt = pl.make_tile(pl.TileType(shape=[1, 8], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec), addr=0x600)
    with pl.section_vector():
        rows = x.shape[0]
        for t in pl.range(rows // ROWS):
            src = ins.next()
            pl.load(src, x, [t * ROWS, 0])
            pl.move(row, src, [1, 0])
            row[0, 0] = src[0, 0] * 2.0
            pl.move(src, row, [0, 0])
            pl.store(y, src, [t * ROWS, 0])
        cnt[0, 0] = rows
        cnt[0, 1] = cnt[0, 0] // ROWS
        pl.store(n, cnt, [0, 0])
