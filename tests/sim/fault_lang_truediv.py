# Python raises ZeroDivisionError for 7 / 0; a kernel faults BAD_ARG at the `/`
# (pvc_rt.h pvc_py_ftruediv), in the simulator and natively alike.
import pypto_pro.language as pl


@pl.jit()
def div_kernel(out: pl.Tensor[[1, 64], pl.DT_FP32], n: int):
    with pl.section_vector():
        q = 7 / (n - n)
        if q > 0:
            pl.printf("unreachable %f\n", q)
