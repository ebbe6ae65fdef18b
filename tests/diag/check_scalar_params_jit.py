# Scalar kernel parameters are run-time values: a tile shape and a tile address must be
# constants (E015). The tile at the refused address is not reported again where it is used
# (docs/ARCHITECTURE.md §7, B20: one mistake, one error).
import pypto_pro.language as pl

@pl.vector_function
def vf_copy(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    vf.store_align(dst_tile, vf.load_align(src_tile, 0), preg)

@pl.jit()
def kernel(rows: int, a: pl.Tensor[[8, 64], pl.DT_FP32], addr: int, out: pl.Tensor[[8, 64], pl.DT_FP32]):
    tf = pl.TileType(shape=[rows, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    tg = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_in = pl.make_tile(tg, addr=addr, size=256)
    t_out = pl.make_tile(tg, addr=0x100, size=256)
    with pl.section_vector():
        pl.load(t_in, a, [rows, 0])
        vf_copy(t_in, t_out)
        pl.store(out, t_out, [0, addr])
