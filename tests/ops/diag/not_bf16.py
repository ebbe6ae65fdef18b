# vf.not_ takes i8 ... u64, FP16 and FP32 (docs/SEMANTICS.md §10.7), not BF16: a compile error at
# the call, like every other dtype an op does not take.
import pypto_pro.language as pl


@pl.vector_function
def not_bf16_vf(a_tile, out_tile):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    a = vf.load_align(a_tile, 0)
    vf.store_align(out_tile, vf.not_(a, every), every)


@pl.jit()
def not_bf16(a: pl.Tensor[[1, 128], pl.DT_BF16], out: pl.Tensor[[1, 128], pl.DT_BF16]):
    tt = pl.TileType(shape=[1, 128], dtype=pl.DT_BF16, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(tt, addr=0x0)
    o_t = pl.make_tile(tt, addr=0x100)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        not_bf16_vf(a_t, o_t)
        pl.store(out, o_t, [0, 0])
