# pl.Tensor[..., pl.NZ] (docs/SEMANTICS.md §17.4.6): a FRACTAL_NZ GM tensor, rank 2 with constant
# dims, rows by 16 and columns by C0 (32 bytes of elements); it moves only by pl.store from an Acc
# tile and pl.load into an NZ Mat tile, whole from [0, 0], and pl.dump_data. Each other form is an
# error naming it.
import pypto_pro.language as pl


@pl.jit()
def bad_shapes(
    a: pl.Tensor[[64, 60], pl.DT_FP32, pl.NZ],
    b: pl.Tensor[[pl.DYNAMIC, 64], pl.DT_FP16, pl.NZ],
    c: pl.Tensor[[2, 16, 16], pl.DT_FP16, pl.NZ],
    d: pl.Tensor[[16, 16], pl.DT_FP32, pl.DN],
    e: pl.Tensor[[16, 16], pl.DT_FP32, 3],
    f: pl.Tensor[[16, 64], pl.DT_FP8E4M3FN, pl.NZ],
):
    with pl.section_vector():
        pass
