# Vector functions without a single constant (docs/ARCHITECTURE.md §7, B3): the simulator copied their
# empty constant table with memcpy(dst, NULL, 0), which UBSan aborts on. An empty body and
# one that only copies a scalar parameter; the kernel stores the loaded tile back, so out
# equals a.
import pypto_pro.language as pl


@pl.vector_function
def vf_empty(src_tile, dst_tile):
    pass


@pl.vector_function
def vf_copy_scalar(src_tile, dst_tile, n: int):
    k = n


@pl.jit()
def no_consts_kernel(a: pl.Tensor[[1, 64], pl.DT_FP32], out: pl.Tensor[[1, 64], pl.DT_FP32], n: int):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t = pl.make_tile(tf, addr=0x0, size=256)
    u = pl.make_tile(tf, addr=0x100, size=256)
    with pl.section_vector():
        pl.load(t, a, [0, 0])
        vf_empty(t, u)
        vf_copy_scalar(t, u, n)
        pl.store(out, t, [0, 0])
