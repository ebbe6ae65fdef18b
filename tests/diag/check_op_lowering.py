# generic vf ops: what the dispatch pass rejects once the types are right - MERGING where
# only ZEROING lowers (§12 T1), counts and strides of the unified load/store that are not ints, a cast into an
# existing register of the source's dtype (§12 T23)
import pypto_pro.language as pl

@pl.vector_function
def vf_lowering(src, dst, k):
    m = vf.create_mask(pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    f = vf.load_align(src, 0)
    a = vf.sub(f, f, m, mode=pl.MergeMode.MERGING)
    vf.store(dst, f, 1.5)
    g = vf.load(src, 2.5)
    f = vf.astype(f, m, dtype=pl.DT_FP16)
    vf.store_align(dst, a, m)

@pl.jit()
def kernel(a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32], k: int):
    t32 = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    x = pl.make_tile(t32, addr=0, size=256)
    o = pl.make_tile(t32, addr=256, size=256)
    with pl.section_vector():
        vf_lowering(x, o, k)
