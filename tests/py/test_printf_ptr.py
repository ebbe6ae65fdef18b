"""pl.printf's %p (docs/SEMANTICS.md §6): pypto_pro's lowering prints a pointer as %lld of its GM
address (static_cast<long long>((uint64_t)ptr)), flags and width kept. pvc's GM is the caller's
memory, so a pl.Ptr parameter of a contiguous tensor prints the tensor's data_ptr(), and
pl.addptr(p, k) that plus k elements."""
import pytest
import torch
import torch_npu  # noqa: F401 (device="npu" means the CPU)

import pypto_pro.language as pl


@pl.jit()
def print_ptrs(out: pl.Tensor[[1], pl.DT_INT32], data: pl.Ptr[pl.DT_FP16]):
    with pl.section_vector():
        q = pl.addptr(data, 5)
        pl.printf("ptr %p next %-16p| %016p\n", data, q, q)
        out[0] = 6


def test_printf_p_prints_the_gm_address(backend, capfd):
    out = torch.zeros(1, dtype=torch.int32)
    data = torch.randn(16, dtype=torch.float16)
    print_ptrs(out, data)
    a = data.data_ptr()
    b = a + 5 * 2
    assert f"[block 0] ptr {a} next {b:<16d}| {b:016d}\n" in capfd.readouterr().out
    assert out.tolist() == [6]
