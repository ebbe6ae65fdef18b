# GM elements written by scalar code are shared like any GM bytes (docs/SEMANTICS.md §6.1):
# every block of the launch writes its number to a[0, 0], so block 1's write races block 0's at
# the first byte that differs (1.0f is 00 00 80 3f: byte 2).
import pypto_pro.language as pl


@pl.jit()
def race_setval_kernel(a: pl.Tensor[[1, 64], pl.DT_FP32]):
    with pl.section_vector():
        a[0, 0] = pl.get_block_idx()
