# what a membership test and pl.constexpr take on run-time values (docs/LANGUAGE.md): a
# constant tuple or list, or a pl.range with a constant step, on the right of 'in'; a value
# known when the kernel compiles in pl.constexpr
import pypto_pro.language as pl


@pl.jit()
def k(out: pl.Tensor[[1, 64], pl.DT_FP32], n: int):
    with pl.section_vector():
        for r in pl.range(4):
            if r in out:
                pl.printf("%d", r)
            if r in pl.range(0, 8, n):
                pl.printf("%d", r)
            if pl.constexpr(n > 2):
                pl.printf("%d", r)
