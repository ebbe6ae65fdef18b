"""FRACTAL_NZ GM tensors (docs/SEMANTICS.md §17.4.6): a pl.Tensor[[R, C], dtype, pl.NZ] parameter
takes a tensor torch_npu.npu_format_cast(t, 29) made. The host holds its logical values, as
torch_npu's .cpu() reads them; the kernel's GM holds NZ fractals of 16 rows x 32 bytes. The
fixpipe stores an Acc tile into it whole (FP32, FP16, INT8 through a per-column scale), pl.load
reads it back into an NZ Mat tile, and pl.dump_data prints it as pypto_pro's NZ view. Every
expected value is a numpy formula of the inputs."""
import re

import numpy as np
import pytest
import torch
import torch_npu

import pvc
import pypto_pro.language as pl

M, K, N = 32, 32, 64
SCALE = 0.5
# per-column deq words: float32(0.5) bits, bit 46 the signed INT8 output
DEQ = 0x3F000000 | (1 << 46)


@pl.jit()
def store_nz(a: pl.Tensor[[M, K], pl.DT_FP16], b: pl.Tensor[[K, N], pl.DT_FP16],
             deq: pl.Tensor[[1, N], pl.DT_INT64],
             nd: pl.Tensor[[M, N], pl.DT_FP32],
             nz32: pl.Tensor[[M, N], pl.DT_FP32, pl.NZ],
             nz16: pl.Tensor[[M, N], pl.DT_FP16, pl.NZ],
             nz8: pl.Tensor[[M, N], pl.DT_INT8, pl.NZ]):
    with pl.section_cube():
        a_mat = pl.make_tile(pl.TileType(shape=[M, K], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Mat,
                                         layout=pl.NZ), addr=0x0)
        b_mat = pl.make_tile(pl.TileType(shape=[K, N], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Mat,
                                         layout=pl.NZ), addr=0x4000)
        d_mat = pl.make_tile(pl.TileType(shape=[1, N], dtype=pl.DT_INT64, target_memory=pl.MemorySpace.Mat,
                                         layout=pl.ND), addr=0x10000)
        left = pl.make_tile(pl.TileType(shape=[M, K], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Left), addr=0x0)
        right = pl.make_tile(pl.TileType(shape=[K, N], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Right),
                             addr=0x0)
        acc = pl.make_tile(pl.TileType(shape=[M, N], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Acc), addr=0x0)
        fp = pl.make_tile(pl.TileType(shape=[1, N], dtype=pl.DT_INT64, target_memory=pl.MemorySpace.Scaling),
                          addr=0x0)
        pl.load(a_mat, a, [0, 0])
        pl.load(b_mat, b, [0, 0])
        pl.load(d_mat, deq, [0, 0])
        pl.move(left, a_mat)
        pl.move(right, b_mat)
        pl.move(fp, d_mat)
        pl.matmul(acc, left, right)
        pl.store(nd, acc, [0, 0])
        pl.store(nz32, acc, [0, 0])
        pl.store(nz16, acc, [0, 0])
        pl.store(nz8, acc, [0, 0], scale=fp)
        pl.dump_data(nz32, offsets=[16, 8], shapes=[16, 8])


@pl.jit()
def load_nz(x: pl.Tensor[[M, K], pl.DT_FP16, pl.NZ], eye: pl.Tensor[[K, K], pl.DT_FP16],
            out: pl.Tensor[[M, K], pl.DT_FP32]):
    with pl.section_cube():
        x_mat = pl.make_tile(pl.TileType(shape=[M, K], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Mat,
                                         layout=pl.NZ), addr=0x0)
        e_mat = pl.make_tile(pl.TileType(shape=[K, K], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Mat,
                                         layout=pl.NZ), addr=0x4000)
        left = pl.make_tile(pl.TileType(shape=[M, K], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Left), addr=0x0)
        right = pl.make_tile(pl.TileType(shape=[K, K], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Right),
                             addr=0x0)
        acc = pl.make_tile(pl.TileType(shape=[M, K], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Acc), addr=0x0)
        pl.load(x_mat, x, [0, 0])
        pl.load(e_mat, eye, [0, 0])
        pl.move(left, x_mat)
        pl.move(right, e_mat)
        pl.matmul(acc, left, right)
        pl.store(out, acc, [0, 0])


@pl.jit()
def store_part(a: pl.Tensor[[16, K], pl.DT_FP16], eye: pl.Tensor[[K, K], pl.DT_FP16],
               nz: pl.Tensor[[M, K], pl.DT_FP32, pl.NZ]):
    with pl.section_cube():
        a_mat = pl.make_tile(pl.TileType(shape=[16, K], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Mat,
                                         layout=pl.NZ), addr=0x0)
        e_mat = pl.make_tile(pl.TileType(shape=[K, K], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Mat,
                                         layout=pl.NZ), addr=0x4000)
        left = pl.make_tile(pl.TileType(shape=[16, K], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Left), addr=0x0)
        right = pl.make_tile(pl.TileType(shape=[K, K], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Right),
                             addr=0x0)
        acc = pl.make_tile(pl.TileType(shape=[16, K], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Acc), addr=0x0)
        pl.load(a_mat, a, [0, 0])
        pl.load(e_mat, eye, [0, 0])
        pl.move(left, a_mat)
        pl.move(right, e_mat)
        pl.matmul(acc, left, right)
        pl.store(nz, acc, [0, 0])


def nz_zeros(dtype):
    t = torch_npu.npu_format_cast(torch.zeros((M, N), dtype=dtype), 29)
    assert torch_npu.get_npu_format(t) == 29
    return t


def small_ints(rng, shape):
    """FP16 integers in [-4, 4]: every product and sum of the matmul is exact in FP32."""
    return torch.from_numpy(rng.integers(-4, 5, shape).astype(np.float16))


def test_fixpipe_stores_nz_tensors(backend, capfd):
    rng = np.random.default_rng(11)
    a, b = small_ints(rng, (M, K)), small_ints(rng, (K, N))
    deq = torch.full((1, N), DEQ, dtype=torch.int64)
    nd = torch.zeros((M, N), dtype=torch.float32)
    nz32, nz16, nz8 = nz_zeros(torch.float32), nz_zeros(torch.float16), nz_zeros(torch.int8)
    store_nz[None, 1](a, b, deq, nd, nz32, nz16, nz8)
    ref = a.numpy().astype(np.float32) @ b.numpy().astype(np.float32)
    assert (nd.numpy() == ref).all()
    assert (nz32.cpu().numpy() == ref).all()
    assert (nz16.cpu().numpy() == ref.astype(np.float16)).all()
    # x * 0.5, nearest even (np.rint), clamped to INT8
    assert (nz8.cpu().numpy() == np.clip(np.rint(ref * SCALE), -128, 127).astype(np.int8)).all()
    assert [torch_npu.get_npu_format(t) for t in (nz32, nz16, nz8)] == [29, 29, 29]
    text = capfd.readouterr().out
    head = "[block 0] === [dump_tensor] dtype: float32, Layout: NZ, logical shape=[16,8] ===\n"
    rows = "".join("".join(f"{v:f} " for v in ref[r, 8:16]) + "\n" for r in range(16, 32))
    assert head + rows in text


def test_nz_tensor_loads_back(backend):
    rng = np.random.default_rng(12)
    x = torch.from_numpy(rng.standard_normal((M, K)).astype(np.float16))
    out = torch.zeros((M, K), dtype=torch.float32)
    load_nz[None, 1](torch_npu.npu_format_cast(x, 29), torch.eye(K, dtype=torch.float16), out)
    assert (out.numpy() == x.numpy().astype(np.float32)).all()


def test_nz_store_moves_whole(backend):
    a = torch.ones((16, K), dtype=torch.float16)
    nz = torch_npu.npu_format_cast(torch.zeros((M, K), dtype=torch.float32), 29)
    with pytest.raises(pvc.KernelFault, match=re.escape("an NZ tensor [32, 32] moves whole")):
        store_part[None, 1](a, torch.eye(K, dtype=torch.float16), nz)


def test_format_must_match_the_parameter():
    x = torch.zeros((M, K), dtype=torch.float16)
    out = torch.zeros((M, K), dtype=torch.float32)
    eye = torch.eye(K, dtype=torch.float16)
    with pytest.raises(pvc.LaunchError, match=r"'x'.*the parameter is pl.NZ \(FRACTAL_NZ\), got a tensor of npu "
                       r"format 2"):
        load_nz[None, 1](x, eye, out)
    with pytest.raises(pvc.LaunchError, match=r"'eye'.*a FRACTAL_NZ \(29\) tensor for a parameter that does not "
                       r"declare pl.NZ"):
        load_nz[None, 1](torch_npu.npu_format_cast(x, 29), torch_npu.npu_format_cast(eye, 29), out)
