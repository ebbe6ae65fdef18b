# a file with no @pl.jit kernel and no @pl.vector_function compiles nothing: an error, not a
# silent exit 0
import pypto_pro.language as pl

LANES = 64


def helper(x):
    return x + 1
