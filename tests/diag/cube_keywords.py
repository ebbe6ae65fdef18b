# pl.matmul's tiles, its bias included, go by position only: pypto_pro's parser passes the
# positional arguments to the IR builder and the keywords beside them, so `bias_tile=`
# is an unexpected keyword there (docs/SEMANTICS.md §17.5)
import pypto_pro.language as pl


@pl.jit()
def bias_keyword_kernel(a: pl.Tensor[[16, 16], pl.DT_FP16]):
    t = pl.TileType(shape=[16, 16], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Left)
    lhs = pl.make_tile(t, addr=0, size=512)
    with pl.section_cube():
        pl.matmul(lhs, lhs, lhs, bias_tile=lhs)
        pl.matmul_acc(lhs, lhs, lhs, rhs_tile=lhs)
