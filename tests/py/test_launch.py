"""kernel[None, N](*args) on torch tensors, numpy arrays and Python scalars, in both
backends: arguments bound in order, memory written in place, strided views copied in and
out, the dtype stand-ins, and the errors a wrong call gets. Expected values are torch/numpy
expressions of what each kernel is written to do."""

import numpy as np
import pytest
import torch

import pvc
import pypto_pro.language as pl
import torch_npu  # noqa: F401  (device="npu")


@pl.vector_function
def copy_vf(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    vf.store_align(dst_tile, vf.load_align(src_tile, 0), preg)


@pl.vector_function
def fill_vf(dst_tile, value, keep):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    vf.store_align(dst_tile, vf.full(value, dtype=pl.DT_FP32), preg)
    vf.store_align(dst_tile + 64, vf.full(keep, dtype=pl.DT_FP32), preg)


@pl.jit()
def copy_row_kernel(
    a: pl.Tensor[[pl.DYNAMIC, 64], pl.DT_FP32],
    out: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    row: int,
):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_in = pl.make_tile(tf, addr=0x0, size=256)
    t_out = pl.make_tile(tf, addr=0x100, size=256)
    with pl.section_vector():
        pl.load(t_in, a, [row, 0])
        copy_vf(t_in, t_out)
        pl.store(out, t_out, [0, 0])


@pl.jit()
def fill_kernel(out: pl.Tensor[[2, 64], pl.DT_FP32], value: float, keep: bool):
    tf = pl.TileType(shape=[2, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_out = pl.make_tile(tf, addr=0x0, size=512)
    with pl.section_vector():
        fill_vf(t_out, value, keep)
        pl.store(out, t_out, [0, 0])


@pl.vector_function
def copy_u8_vf(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    vf.store_align(dst_tile, vf.load_align(src_tile, 0), preg)


@pl.vector_function
def copy_bf16_vf(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_BF16)
    vf.store_align(dst_tile, vf.load_align(src_tile, 0), preg)


@pl.jit()
def copy_bf16_kernel(
    a: pl.Tensor[[1, 128], pl.DT_BF16],
    out: pl.Tensor[[1, 128], pl.DT_BF16],
):
    tf = pl.TileType(shape=[1, 128], dtype=pl.DT_BF16, target_memory=pl.MemorySpace.Vec)
    t_in = pl.make_tile(tf, addr=0x0, size=256)
    t_out = pl.make_tile(tf, addr=0x100, size=256)
    with pl.section_vector():
        pl.load(t_in, a, [0, 0])
        copy_bf16_vf(t_in, t_out)
        pl.store(out, t_out, [0, 0])


@pl.jit()
def copy_hf8_kernel(
    a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_HF8],
    out: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_HF8],
):
    tf = pl.TileType(shape=[1, 256], dtype=pl.DT_HF8, target_memory=pl.MemorySpace.Vec)
    t_in = pl.make_tile(tf, addr=0x0, size=256)
    t_out = pl.make_tile(tf, addr=0x100, size=256)
    with pl.section_vector():
        pl.load(t_in, a, [0, 0])
        copy_u8_vf(t_in, t_out)
        pl.store(out, t_out, [0, 0])


def test_torch_in_place(backend):
    a = torch.randn([3, 64], device="npu:0", dtype=torch.float32)
    out = torch.zeros([1, 64], device="npu:0", dtype=torch.float32)
    copy_row_kernel[None, 1](a, out, 2)
    torch.npu.synchronize()
    assert torch.equal(out[0], a[2])


def test_numpy_in_place(backend):
    a = np.arange(3 * 64, dtype=np.float32).reshape(3, 64) / 8
    out = np.full((1, 64), -1, dtype=np.float32)
    copy_row_kernel[None, 1](a, out, 1)
    assert np.array_equal(out[0], a[1])


def test_strided_views_copied_in_and_out(backend):
    a = torch.randn([64, 3]).t()          # a [3, 64] view with strides (1, 3)
    big = torch.full([2, 128], -5.0)
    out = big[1:2, ::2]                    # every other float of row 1
    assert not a.is_contiguous() and not out.is_contiguous()
    copy_row_kernel[None, 1](a, out, 0)
    assert torch.equal(big[1, ::2], a[0])
    assert torch.all(big[1, 1::2] == -5.0) and torch.all(big[0] == -5.0)


def test_negative_strides(backend):
    a = np.arange(3 * 64, dtype=np.float32).reshape(3, 64)[::-1, ::-1]  # both axes reversed
    out = np.zeros((2, 64), np.float32)[:, ::-1]
    copy_row_kernel[None, 1](a, out, 0)
    assert np.array_equal(out[0], a[0]) and np.array_equal(out[0, ::-1], np.arange(128, 192))
    assert not out[1].any()


def test_bf16_as_bfloat16_and_as_bits(backend):
    a = torch.randn([1, 128]).to(torch.bfloat16)
    out = torch.zeros([1, 128], dtype=torch.bfloat16)
    copy_bf16_kernel[None, 1](a, out)
    assert torch.equal(out, a)
    bits = a.view(torch.int16)
    out_bits = torch.zeros([1, 128], dtype=torch.int16)
    copy_bf16_kernel[None, 1](bits, out_bits)
    assert torch.equal(out_bits, bits)


def test_scalars(backend):
    out = torch.zeros([2, 64])
    fill_kernel[None, 1](out, 3, True)      # an int for a float parameter is float(3)
    assert torch.all(out[0] == 3.0) and torch.all(out[1] == 1.0)
    fill_kernel[None, 1](out, 0.1, False)
    assert torch.all(out[0] == torch.tensor(0.1, dtype=torch.float32)) and torch.all(out[1] == 0.0)
    fill_kernel(out, -2.5, np.bool_(True))  # kernel(...) is kernel[None, 1](...)
    assert torch.all(out[0] == -2.5) and torch.all(out[1] == 1.0)


def test_uint8_codes_for_hf8(backend):
    a = torch.randint(0, 256, [1, 256], dtype=torch.uint8)
    out = torch.zeros([1, 256], dtype=torch.uint8)
    copy_hf8_kernel[None, 1](a, out)
    assert torch.equal(out, a)


@pytest.mark.parametrize("args, message", [
    (lambda: (torch.zeros([3, 64]), torch.zeros([1, 64])),
     "kernel 'copy_row_kernel' takes 3 arguments (a, out, row): missing a required argument: 'row'"),
    (lambda: (torch.zeros([3, 64]), torch.zeros([1, 64], dtype=torch.int32), 0),
     "argument 1 ('out') of kernel 'copy_row_kernel': the parameter is DT_FP32, got an INT32 tensor"),
    (lambda: (torch.zeros([3, 32]), torch.zeros([1, 64]), 0),
     "argument 0 ('a') of kernel 'copy_row_kernel': dimension 1 is 32, the parameter declares 64"),
    (lambda: (torch.zeros([64]), torch.zeros([1, 64]), 0),
     "the parameter has rank 2, got a rank-1 tensor"),
    (lambda: (torch.zeros([3, 64]), torch.zeros([1, 64]), 1.5),
     "argument 2 ('row') of kernel 'copy_row_kernel': the parameter is int, got a float"),
    (lambda: (torch.zeros([3, 64], dtype=torch.float64), torch.zeros([1, 64]), 0),
     "torch.float64 tensors have no pvc dtype"),
    (lambda: (torch.zeros([3, 64]), "out", 0),
     "pvc takes torch tensors, numpy arrays, int, float and bool, not str"),
])
def test_wrong_calls(args, message):
    with pytest.raises(pvc.LaunchError) as e:
        copy_row_kernel[None, 1](*args())
    assert message in str(e.value)
    assert isinstance(e.value, TypeError)


def test_read_only_output_refused():
    a = np.zeros((3, 64), np.float32)
    out = np.frombuffer(bytes(256), dtype=np.float32).reshape(1, 64)
    with pytest.raises(pvc.LaunchError, match="the kernel writes it, but the array is read-only"):
        copy_row_kernel[None, 1](a, out, 0)
    a.flags.writeable = False  # a read-only input is fine: the kernel only reads it
    copy_row_kernel[None, 1](a, np.zeros((1, 64), np.float32), 0)


def test_concurrent_launches(backend):
    """ctypes lets go of the GIL during a launch: launches from threads run at once."""
    from concurrent.futures import ThreadPoolExecutor

    a = torch.randn([8, 64])
    outs = [torch.zeros([1, 64]) for _ in range(8)]
    with ThreadPoolExecutor(4) as pool:
        list(pool.map(lambda i: copy_row_kernel[None, 1](a, outs[i], i), range(8)))
    assert all(torch.equal(outs[i][0], a[i]) for i in range(8))


def test_packed_arguments_are_the_ctypes_structs():
    """A launch packs floats, ints, numpy arrays and torch tensors itself (a tensor's layout
    kept per dtype, shape and strides): the bytes must be those of the argument structures
    _arg makes, on the first launch of a layout and on the next."""
    k = pvc.load(__file__).kernel("copy_row_kernel")
    base = np.arange(4 * 128, dtype=np.float32).reshape(4, 128)
    frozen = np.zeros((2, 64), np.float32)
    frozen.flags.writeable = False
    t = torch.arange(4 * 128, dtype=torch.float32).reshape(4, 128)
    args = [base, base[1:3], base[:, ::2], base[::-1, ::-1], frozen, np.zeros((2, 3, 64), np.int8),
            np.zeros((0, 64), np.float32), t, t.t(), t[1:, 64:], torch.zeros([2, 64], dtype=torch.bfloat16),
            0.25, -7, 2**63 - 1, -2**63, True, np.bool_(False), np.float32(1.5), np.int64(3)]
    want = b"".join(bytes(k._arg(i, x)) for i, x in enumerate(args))
    assert k._argv(args) == want and k._argv(args) == want
    with pytest.raises(pvc.LaunchError, match="does not fit the kernel's int64"):
        k._argv([2**63])


def test_diagnostics_of_one_launch_only():
    """The diagnostics list a launch uses is reused by the next: each error says its own."""
    with pytest.raises(pvc.LaunchError) as e:
        copy_row_kernel[None, 1](torch.zeros([3, 64]), torch.zeros([1, 64], dtype=torch.int32), 0)
    assert str(e.value) == ("argument 1 ('out') of kernel 'copy_row_kernel': the parameter is DT_FP32, "
                            "got an INT32 tensor")
    with pytest.raises(pvc.LaunchError) as e:
        copy_row_kernel[None, 1](torch.zeros([3, 32]), torch.zeros([1, 64]), 0)
    assert str(e.value) == ("argument 0 ('a') of kernel 'copy_row_kernel': dimension 1 is 32, the "
                            "parameter declares 64") and len(e.value.diagnostics) == 1


def test_bad_launches():
    a, out = torch.zeros([3, 64]), torch.zeros([1, 64])
    for blocks in (0, 65536, 1.5, True):
        with pytest.raises(ValueError, match="a launch has 1 to 65535 blocks"):
            copy_row_kernel[None, blocks](a, out, 0)
    for blocks in (0, 1.5, True):  # pypto_pro's check first, then pvc's bound
        with pytest.raises(ValueError, match=r"block_dim must be a positive integer, got \w+: "):
            copy_row_kernel[None, blocks](a, out, 0)
    # a key for a kernel without a tiling_key= or datatype=: pypto_pro's ValueError
    with pytest.raises(ValueError, match=r"Expected kernel\[stream, block_dim\] or kernel\[block_dim\]"):
        copy_row_kernel[None, 1, {"OpType": 1}]


def test_backend_from_environment(monkeypatch):
    monkeypatch.setenv("PVC_BACKEND", "gpu")
    with pytest.raises(ValueError, match="backend must be sim or native, not 'gpu'"):
        copy_row_kernel[None, 1](torch.zeros([3, 64]), torch.zeros([1, 64]), 0)
