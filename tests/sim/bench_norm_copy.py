# Benchmark: a NORM copy loop, 128 rows x 64 FP32 lanes per call, `reps` calls.
# Lanes moved = reps * 128 * 64 (each lane loaded once and stored once).
import pypto_pro.language as pl

@pl.vector_function
def copy_rows(src_tile, dst_tile, n_rows):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for i in pl.range(n_rows):
        reg = vf.load_align(src_tile, [i, 0])
        vf.store_align(dst_tile + i * 64, reg, preg)

@pl.jit()
def bench(
    a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    out: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
):
    tf = pl.TileType(shape=[128, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    in_grp = pl.make_tile_group(type=tf, addrs=0x0, mutex_ids=[0])
    in_a = in_grp.current()
    out_grp = pl.make_tile_group(type=tf, addrs=0x8000, mutex_ids=[1])
    t_out = out_grp.current()
    with pl.section_vector():
        pl.load(in_a, a, [0, 0])
        for k in pl.range(60000):
            copy_rows(in_a, t_out, 128)
        pl.store(out, t_out, [0, 0])
