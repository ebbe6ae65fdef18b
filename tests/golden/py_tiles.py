# The jit surface around tiles and tensors: t.shape[i] of a dynamic dim (gm.dim) and of a
# constant one (folded), a rank-3 tensor (gm.load.nd), blocks (get_block_idx/num; subblock
# 0 of 1 folded), pl.set_validshape with run-time values, a group with an address list
# rotated in a loop (tg.addr at the list's spacing), a tile slice (a view at the parent's
# pitch, its valid shape clipped), a tile name bound in two branches (its address at run
# time), pl.printf and the no-op synchronisations.
import pypto_pro.language as pl

TILE_ROWS = 2
COLS = 64
SLOT = TILE_ROWS * COLS * 4


@pl.vector_function
def negate(src, dst):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    x = vf.load_align(src, 0)
    vf.store_align(dst, vf.neg(x, preg), preg)


@pl.jit(auto_mutex=True)
def kernel(x: pl.Tensor[[2, pl.DYNAMIC, COLS], pl.DT_FP32], y: pl.Tensor[[pl.DYNAMIC, COLS], pl.DT_FP32]):
    tt = pl.TileType(shape=[TILE_ROWS, COLS], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec,
                     valid_shape=[-1, -1])
    ins = pl.make_tile_group(type=tt, addrs=[0x0, 0x1000], mutex_ids=[0, 1])
    out = pl.make_tile_group(type=tt, addrs=0x2000, mutex_ids=[2])
    with pl.section_vector():
        rows = x.shape[1]
        cols = y.shape[-1]
        ntiles = (rows + TILE_ROWS - 1) // TILE_ROWS
        sub = pl.get_subblock_idx()
        for t in pl.range(pl.get_block_idx() + sub, ntiles, pl.get_block_num()):
            r0 = t * TILE_ROWS
            valid = pl.min(TILE_ROWS, rows - r0)
            src = ins.next()
            pl.set_validshape(src, [valid, cols])
            pl.load(src, x, [1, r0, 0])
            pl.system.sync_all(core_type=pl.SyncCoreType.AIV_ONLY)
            dst = out.current()
            if valid < TILE_ROWS:
                view = dst
            else:
                view = src
            negate(src, view)
            pl.printf("tile %d: %d rows\n", t, valid)
            pl.system.bar_mte3()
            pl.store(y, view[0:1, 0:COLS], [r0, 0])
