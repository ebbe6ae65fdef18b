"""Memory the caller owns, and launches that must stop (docs/SEMANTICS.md §6, "Arguments of a
launch"): every way a kernel writes a parameter is checked against read-only memory; arguments
that overlap are one memory whether pvc copies them or not; a written broadcast (stride-0)
view is refused as torch refuses it; Ctrl-C and timeout= stop a launch in both backends.
Expected values are what each kernel is written to do, computed with torch."""

import os
import signal
import threading
import time

import numpy as np
import pytest
import torch

import pvc
import pypto_pro.language as pl


@pl.jit()
def elem_kernel(out: pl.Tensor[[1, 64], pl.DT_FP32]):
    with pl.section_vector():
        out[0, 0] = 1.0


@pl.jit()
def setval_kernel(out: pl.Tensor[[1, 64], pl.DT_FP32]):
    with pl.section_vector():
        pl.setval(out, 3, 2.0)


def put_one(t):
    t[0, 1] = 1.0


@pl.jit()
def helper_kernel(out: pl.Tensor[[1, 64], pl.DT_FP32]):
    with pl.section_vector():
        put_one(out)


@pl.jit()
def store_nd_kernel(out: pl.Tensor[[1, 1, 64], pl.DT_FP32]):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t = pl.make_tile(tf, addr=0x0, size=256)
    with pl.section_vector():
        pl.store(out, t, [0, 0, 0])


@pytest.mark.parametrize("kernel", [elem_kernel, setval_kernel, helper_kernel])
def test_element_writes_refuse_read_only_memory(backend, kernel, tmp_path):
    path = tmp_path / "ro.bin"
    np.zeros((1, 64), np.float32).tofile(path)
    mapped = np.memmap(path, dtype=np.float32, mode="r", shape=(1, 64))  # a PROT_READ mapping
    with pytest.raises(pvc.LaunchError) as e:
        kernel[None, 1](mapped)
    assert str(e.value) == (f"argument 0 ('out') of kernel '{kernel.__name__}': the kernel writes it, "
                            "but the array is read-only")
    immutable = bytes(256)
    with pytest.raises(pvc.LaunchError):
        kernel[None, 1](np.frombuffer(immutable, np.float32).reshape(1, 64))
    assert immutable == bytes(256)


def test_rank3_store_refuses_read_only_memory(backend):
    ro = np.zeros((1, 1, 64), np.float32)
    ro.flags.writeable = False
    with pytest.raises(pvc.LaunchError, match="the kernel writes it, but the array is read-only"):
        store_nd_kernel[None, 1](ro)


def test_reading_kernels_take_read_only_memory(backend):
    ro = np.ones((1, 64), np.float32)
    ro.flags.writeable = False
    out = torch.zeros(1, 64)
    copy_rows_kernel[None, 1](ro, out)
    assert torch.equal(out, torch.ones(1, 64))


# ---- overlapping and broadcast arguments ----------------------------------------------------
@pl.vector_function
def copy_vf(src, dst):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    vf.store_align(dst, vf.load_align(src, 0), preg)


@pl.jit()
def shift_kernel(a: pl.Tensor[[pl.DYNAMIC, 64], pl.DT_FP32], out: pl.Tensor[[pl.DYNAMIC, 64], pl.DT_FP32]):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    s = pl.make_tile(tf, addr=0x0, size=256)
    d = pl.make_tile(tf, addr=0x100, size=256)
    b = pl.get_block_idx()
    with pl.section_vector():
        pl.load(s, a, [b, 0])
        copy_vf(s, d)
        pl.store(out, d, [(b + 1) % pl.get_block_num(), 0])


@pl.jit()
def copy_rows_kernel(a: pl.Tensor[[pl.DYNAMIC, 64], pl.DT_FP32], out: pl.Tensor[[pl.DYNAMIC, 64], pl.DT_FP32]):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    s = pl.make_tile(tf, addr=0x0, size=256)
    with pl.section_vector():
        for r in pl.range(a.shape[0]):
            pl.load(s, a, [r, 0])
            pl.store(out, s, [r, 0])


def transposed_rows():
    y = torch.zeros(64, 4).t()  # (4, 64), strides (1, 4): pvc copies it
    y.copy_(torch.arange(256.0).reshape(4, 64))
    return y


def test_one_copied_tensor_twice_is_one_memory():
    # sim: block 1 reads row 1, which block 0 wrote: the race of the contiguous case
    x = torch.arange(256.0).reshape(4, 64)
    with pytest.raises(pvc.KernelFault, match="GM bytes shared by two cores"):
        shift_kernel[None, 4](x, x)
    y = transposed_rows()
    with pytest.raises(pvc.KernelFault, match="GM bytes shared by two cores"):
        shift_kernel[None, 4](y, y)


def test_one_copied_tensor_twice_in_one_block(backend):
    # in place, row by row: out aliases a, so each row is read before it is written again
    y = transposed_rows()
    want = y.clone()
    copy_rows_kernel[None, 1](y, y)
    assert torch.equal(y, want)
    shift_kernel[None, 1](y, y)  # row 0 onto itself
    assert torch.equal(y, want)


def test_overlapping_views_of_a_copy_are_refused(backend):
    z = torch.zeros(4, 128)
    with pytest.raises(pvc.LaunchError) as e:
        shift_kernel[None, 4](z[:, ::2], z[:, 2:66])  # column 2 of z is in both
    assert str(e.value) == ("arguments 0 ('a') and 1 ('out') of kernel 'shift_kernel' share memory, "
                            "and 'a' is not contiguous: it would run on a copy that does not see the "
                            "other's writes; pass tensors that do not overlap, the same view twice, "
                            "or contiguous ones")
    x = torch.zeros(64, 64)
    with pytest.raises(pvc.LaunchError, match="share memory, and 'out' is not contiguous"):
        shift_kernel[None, 1](x, x.t())


def test_interleaved_views_share_no_byte(backend):
    z = torch.zeros(4, 128)
    z[:, ::2] = torch.arange(256.0).reshape(4, 64)
    shift_kernel[None, 4](z[:, ::2], z[:, 1::2])
    want = torch.arange(256.0).reshape(4, 64).roll(1, 0)
    assert torch.equal(z[:, 1::2], want)
    assert torch.equal(z[:, ::2], torch.arange(256.0).reshape(4, 64))


def test_written_broadcast_is_refused(backend):
    a = torch.arange(256.0).reshape(4, 64)
    with pytest.raises(pvc.LaunchError) as e:
        shift_kernel[None, 4](a, torch.zeros(1, 64).expand(4, 64))
    assert str(e.value).startswith("argument 1 ('out') of kernel 'shift_kernel': the kernel writes it, "
                                   "but its dimension 0 has stride 0")
    with pytest.raises(pvc.LaunchError, match="its dimension 1 has stride 0"):
        shift_kernel[None, 4](a, torch.zeros(4, 1).expand(4, 64))


def test_read_broadcast_reads_its_one_element(backend):
    # strides (0, 0): every element is the one float 3.0 (was read as 256 contiguous floats)
    a = torch.full((1, 1), 3.0).expand(4, 64)
    out = torch.zeros(4, 64)
    copy_rows_kernel[None, 1](a, out)
    assert torch.equal(out, torch.full((4, 64), 3.0))


# ---- messages of the binding ----------------------------------------------------------------
def test_launch_errors_read_alike(backend):
    with pytest.raises(pvc.LaunchError) as e:
        elem_kernel[None, 1](torch.zeros(1, 64, dtype=torch.int32))
    assert str(e.value) == "argument 0 ('out') of kernel 'elem_kernel': the parameter is DT_FP32, got an INT32 tensor"
    with pytest.raises(pvc.LaunchError) as e:
        elem_kernel[None, 1](torch.zeros(1, 64, dtype=torch.uint8))
    assert "got a UINT8 tensor" in str(e.value)
    with pytest.raises(pvc.LaunchError) as e:
        elem_kernel[None, 1](torch.zeros(1, 64).to_sparse())
    assert str(e.value) == ("argument 0 ('out') of kernel 'elem_kernel': a sparse_coo tensor; pvc binds "
                            "dense (strided) tensors, which .to_dense() makes")


@pytest.mark.parametrize("value", ["abc", "2.5", "-1", "257", "100000", "9999999999999999999"])
def test_pvc_threads_is_checked(monkeypatch, value):
    monkeypatch.setenv("PVC_THREADS", value)
    with pytest.raises(ValueError) as e:
        elem_kernel[None, 1](torch.zeros(1, 64))
    assert str(e.value) == f"PVC_THREADS={value}: wants a whole number from 1 to 256 (0 or unset: one per core)"


def test_out_of_memory_is_a_memory_error():
    r = pvc.Diagnostic("error", "f.py", 0, 0, "nomem", "out of memory for the simulator",
                       "pvc: error: out of memory for the simulator\n")
    with pytest.raises(MemoryError) as e:
        pvc._raise(pvc._lib.ERROR, [r])
    assert isinstance(e.value, pvc.OutOfMemory) and str(e.value) == "out of memory for the simulator"


# ---- stopping a launch ----------------------------------------------------------------------
@pl.jit()
def spin_kernel(out: pl.Tensor[[pl.DYNAMIC, 64], pl.DT_FP32], n: int):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t = pl.make_tile(tf, addr=0x0, size=256)
    with pl.section_vector():
        for i in pl.range(n):
            pl.store(out, t, [pl.get_block_idx(), 0])


# A stop that is missed must fail the test, not hang the suite: every endless launch below
# also has a deadline (PVC_TIMEOUT), and Ctrl-C is tested with Python's own SIGINT handler
# in place, whatever the test runner (pytest-xdist's workers among them) installed.
SAFETY = "60"


def test_ctrl_c_stops_a_launch(backend, monkeypatch):
    monkeypatch.setenv("PVC_TIMEOUT", SAFETY)
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        ctrl_c_stops_a_launch()
    finally:
        signal.signal(signal.SIGINT, old)


def ctrl_c_stops_a_launch():
    assert threading.current_thread() is threading.main_thread()
    spin_kernel[None, 2](torch.zeros(2, 64), 1)  # compiled (and built) before the clock starts
    sent = []

    def interrupt():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(0.3, interrupt)
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        spin_kernel[None, 2](torch.zeros(2, 64), 4 * 10**12)
    waited = time.monotonic() - sent[0]
    timer.join()
    assert waited < 0.5, f"KeyboardInterrupt {waited:.3f} s after SIGINT"


def test_timeout_stops_a_launch(backend):
    k = pvc.load(__file__).kernel("spin_kernel")
    start = time.monotonic()
    with pytest.raises(pvc.LaunchTimeout) as e:
        k.launch([torch.zeros(3, 64), 4 * 10**12], blocks=3, timeout=0.2)
    assert time.monotonic() - start < 5
    first = str(e.value).splitlines()[0]
    assert first.startswith(f"{__file__}:") and "the launch took longer than its timeout of 0.2 s; " \
        "it was stopped here in block " in first and first.endswith(" of 3")
    assert isinstance(e.value, TimeoutError)


def test_pvc_timeout_is_the_default(backend, monkeypatch):
    monkeypatch.setenv("PVC_TIMEOUT", "0.2")
    with pytest.raises(pvc.LaunchTimeout):
        spin_kernel[None, 1](torch.zeros(1, 64), 4 * 10**12)
    spin_kernel[None, 1](torch.zeros(1, 64), 3)  # a short launch is not stopped
    monkeypatch.setenv("PVC_TIMEOUT", "soon")
    with pytest.raises(ValueError, match="PVC_TIMEOUT=soon: wants seconds from 0"):
        spin_kernel[None, 1](torch.zeros(1, 64), 3)
