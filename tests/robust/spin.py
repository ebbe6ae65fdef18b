# A loop of n iterations (docs/ARCHITECTURE.md §7, B6): with a huge n it does not end in any useful time, so
# the simulator's op budget (--max-ops) or --timeout must stop it, located at the loop. Each
# iteration writes 1.0 to every lane of out, so a run that ends gives out = 1.0 everywhere.
import pypto_pro.language as pl


@pl.vector_function
def spin_vf(dst_tile, n: int):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for i in pl.range(n):
        vf.store_align(dst_tile, vf.full(1.0, dtype=pl.DT_FP32), preg)


@pl.jit()
def spin_kernel(out: pl.Tensor[[1, 64], pl.DT_FP32], n: int):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t = pl.make_tile(tf, addr=0x0, size=256)
    with pl.section_vector():
        spin_vf(t, n)
        pl.store(out, t, [0, 0])
