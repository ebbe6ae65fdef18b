# Scalar code reading and writing single GM tensor elements (docs/SEMANTICS.md §6.1), run
# natively by tests/run_e2e.sh against values derived there by hand. With a[r][c] = 64r + c
# (FP32, 2 x 64) and idx = [3, 1, 0, 2] (INT32):
#   out[i] = a[1, idx[i]], i < 4     64 + idx[i]: 67, 65, 64, 66 (a float into INT32 truncates)
#   out[4] = pl.getval(a, 127)       127, the last element (offset 1 * 64 + 63)
#   out[5] = idx[3] * 10 - idx[0]    17
#   out[6] = a[0, 5] / 2             2.5, truncated to 2
#   out[7] = -2.75                   -2 (truncation is toward zero, §9.6)
# and a[0, 0] = 0.25, a[1, 0] = 1000000001 (FP32 nearest even: 1e9, §9.6).
import pypto_pro.language as pl


@pl.jit()
def gm_elems_kernel(
    a: pl.Tensor[[2, 64], pl.DT_FP32],
    idx: pl.Tensor[[4], pl.DT_INT32],
    out: pl.Tensor[[8], pl.DT_INT32],
):
    with pl.section_vector():
        for i in pl.range(4):
            out[i] = a[1, idx[i]]
        out[4] = pl.getval(a, 127)
        out[5] = idx[3] * 10 - idx[0]
        out[6] = a[0, 5] / 2
        pl.setval(out, 7, -2.75)
        a[0, 0] = 0.25
        pl.setval(a, 64, 1000000001)
