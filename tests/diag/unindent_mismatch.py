# A dedent to a width no enclosing block has: Python's IndentationError ("unindent does not
# match any outer indentation level"). tree-sitter's scanner closes blocks until the width
# fits and parses on, which would put the store in the function's outer block; pvc reports
# the line before parsing. The continuation lines inside the call's brackets, the string
# and the comment below are not logical lines and are not measured.
import pypto_pro.language as pl
from pypto_pro.language import Vf as vf


@pl.vector_function
def f(t):
    m = vf.create_mask(pattern=pl.MaskPattern.ALL,
  dtype=pl.DT_FP32)
    s = """a string
 over lines"""
 # a comment at width 1
    for i in pl.range(2):
        r = vf.load_align(t, 0)
      vf.store_align(t, r, m)
