# control flow pvc refuses, each a located error (docs/SEMANTICS.md §6: a vector function's
# pl.range is a hardware loop without early exit; pypto_pro lets a vector function return
# only at its end); helpers are inlined, so a recursive one or a return in its with block is
# an error; asserts are checked at compile time
import pypto_pro.language as pl


def countdown(n):
    return countdown(n - 1)


def first_positive(n):
    with pl.section_vector():
        return n


@pl.vector_function
def vf_bad(src_tile, dst_tile, n):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for i in pl.range(n):
        if i > 2:
            break
        continue
    if n:
        return
    while n > 0:
        n = n - 1
    else:
        pass
    assert n > 0
    assert 1 + 1 == 3, "arithmetic"
    return preg


@pl.jit()
def kernel(a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32], n: int):
    continue
    x = countdown(n)
    y = first_positive(n)
    return n
