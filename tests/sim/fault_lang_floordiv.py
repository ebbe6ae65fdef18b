# Python raises ZeroDivisionError for 7 // 0; a kernel faults BAD_ARG at the `//` (pvc_rt.h
# pvc_py_floordiv), in the simulator and natively alike (docs/ARCHITECTURE.md §7, B1: natively the fault's
# op name was a string of the kernel object, unloaded before the fault was printed: exit 139).
import pypto_pro.language as pl


@pl.jit()
def floordiv_kernel(out: pl.Tensor[[1, 64], pl.DT_FP32], n: int):
    with pl.section_vector():
        q = 7 // (n - n)
        if q > 0:
            pl.printf("unreachable %d\n", q)
