# A kernel over a dynamic [rows, 64] tensor larger than one tile: rows come from x.shape[0],
# tiles of TILE_ROWS rows are spread over the blocks (get_block_idx / get_block_num; one
# block by default), the last tile is partial (pl.set_validshape with run-time values), the
# input slots are a tile group given as a list of addresses and rotated in the loop, and the
# result leaves through a slice (the right half) of a wider output tile. y = -x.
import pypto_pro.language as pl

TILE_ROWS = 4
COLS = 64
SLOT = TILE_ROWS * COLS * 4
VA_IN0 = 0
VA_IN1 = VA_IN0 + SLOT
VA_OUT = VA_IN1 + SLOT
WIDE = 2 * COLS


@pl.vector_function
def negate_rows(src, dst, n_rows: int):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for r in pl.range(n_rows):
        x = vf.load_align(src, r * COLS)
        vf.store_align(dst + r * WIDE, vf.neg(x, preg), preg)


@pl.jit(auto_mutex=True)
def negate_kernel(x: pl.Tensor[[pl.DYNAMIC, COLS], pl.DT_FP32], y: pl.Tensor[[pl.DYNAMIC, COLS], pl.DT_FP32]):
    tt = pl.TileType(shape=[TILE_ROWS, COLS], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec,
                     valid_shape=[-1, -1])
    ins = pl.make_tile_group(type=tt, addrs=[VA_IN0, VA_IN1], mutex_ids=[0, 1])
    wide = pl.TileType(shape=[TILE_ROWS, WIDE], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    outs = pl.make_tile_group(type=wide, addrs=VA_OUT, mutex_ids=[2])
    with pl.section_vector():
        rows = x.shape[0]
        ntiles = (rows + TILE_ROWS - 1) // TILE_ROWS
        for t in pl.range(pl.get_block_idx(), ntiles, pl.get_block_num()):
            r0 = t * TILE_ROWS
            valid = pl.min(TILE_ROWS, rows - r0)
            src = ins.next()
            pl.set_validshape(src, [valid, COLS])
            pl.load(src, x, [r0, 0])
            dst = outs.current()
            right = dst[:, COLS:]
            negate_rows(src, right, valid)
            pl.set_validshape(right, [valid, COLS])
            pl.store(y, right, [r0, 0])
