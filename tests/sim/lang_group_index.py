# grp[i] with a run-time index (docs/SEMANTICS.md §6): the slot's UB address is computed at
# run time (tg.index), so a tile picked by k % DEPTH goes to pl.load, a vector function and
# pl.store like any other; out[k] = x[k] + float(k % DEPTH + 1) (float() of a run-time int).
# An index outside [0, depth) faults (tests/sim/fault_lang_group_index.py).
import pypto_pro.language as pl

DEPTH = 3
COLS = 64


@pl.vector_function
def add_slot(tile, slot: pl.DT_FP32):
    mask = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    r = vf.load_align(tile, 0)
    vf.store_align(tile, vf.adds(r, slot, mask), mask)


@pl.jit()
def group_index_kernel(x: pl.Tensor[[pl.DYNAMIC, COLS], pl.DT_FP32], out: pl.Tensor[[pl.DYNAMIC, COLS], pl.DT_FP32]):
    tt = pl.TileType(shape=[1, COLS], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    grp = pl.make_tile_group(type=tt, addrs=0x0, mutex_ids=[0, 1, 2])
    with pl.section_vector():
        for k in pl.range(x.shape[0]):
            t = grp[k % DEPTH]
            pl.load(t, x, [k, 0])
            add_slot(t, float(k % DEPTH + 1))
            pl.store(out, t, [k, 0])
