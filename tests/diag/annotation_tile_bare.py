# A bare pl.Tile parameter: a kernel takes GM tensors and makes its own tiles.
import pypto_pro.language as pl

@pl.jit()
def k(out: pl.Tensor[[1, 64], pl.DT_FP32], t: pl.Tile):
    with pl.section_vector():
        pass
