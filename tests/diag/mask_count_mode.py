# the MASK register's counter mode (pl.set_mask_count) is not modelled: pvc runs norm mode only
# (docs/SEMANTICS.md §10.14), so the call is refused where it stands (E023)
import pypto_pro.language as pl

@pl.jit()
def kernel(a: pl.Tensor[[1, 64], pl.DT_FP32]):
    with pl.section_vector():
        pl.set_mask_norm()
        pl.set_mask_count()
        pl.reset_mask()
