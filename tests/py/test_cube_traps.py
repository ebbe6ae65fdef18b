"""What pvc runs for the cube traps of docs/SEMANTICS.md §17.8 (their warnings are in
tests/diag/cube_traps.py): the block index outside sections (C-T1), a bias matmul (C-T5), the
Acc valid shape a DualModeSplitM move leaves rounded (C-T13), the rows an ND -> NZ load leaves
stale and the matmul's K (C-T14), the FP32 scale (C-T15), the INT8 sign bit of a run-time deq
word (C-T16), and the PVC_CORES bound of a launch (C-T11). Expected values are numpy formulas
of each rule."""
import numpy as np
import pytest

import pvc
import pypto_pro.language as pl

T = 16


def tile(shape, dtype, mem, addr):
    return pl.make_tile(pl.TileType(shape=shape, dtype=dtype, target_memory=mem), addr=addr)


@pl.jit()
def block_idx_kernel(a: pl.Tensor[[4 * T, T], pl.DT_FP16], eye: pl.Tensor[[T, T], pl.DT_FP16],
                     x: pl.Tensor[[4, 64], pl.DT_FP32], out_c: pl.Tensor[[4 * T, T], pl.DT_FP32],
                     out_v: pl.Tensor[[4, 64], pl.DT_FP32]):
    b = pl.get_block_idx()
    with pl.section_cube():
        a_mat = tile([T, T], pl.DT_FP16, pl.MemorySpace.Mat, 0x0)
        e_mat = tile([T, T], pl.DT_FP16, pl.MemorySpace.Mat, 0x1000)
        left = tile([T, T], pl.DT_FP16, pl.MemorySpace.Left, 0x0)
        right = tile([T, T], pl.DT_FP16, pl.MemorySpace.Right, 0x0)
        acc = tile([T, T], pl.DT_FP32, pl.MemorySpace.Acc, 0x0)
        pl.load(a_mat, a, [b * T, 0])
        pl.load(e_mat, eye, [0, 0])
        pl.move(left, a_mat)
        pl.move(right, e_mat)
        pl.matmul(acc, left, right)
        pl.store(out_c, acc, [b * T, 0])
    with pl.section_vector():
        row = tile([1, 64], pl.DT_FP32, pl.MemorySpace.Vec, 0x0)
        pl.load(row, x, [b, 0])
        pl.store(out_v, row, [b, 0])


def test_block_idx_outside_sections_is_per_core(backend):
    """C-T1: the cube core of block k reads k, vector core s of it 2k + s."""
    rng = np.random.default_rng(1)
    a = rng.standard_normal((4 * T, T)).astype(np.float16)
    x = rng.standard_normal((4, 64)).astype(np.float32)
    out_c, out_v = np.zeros((4 * T, T), np.float32), np.zeros((4, 64), np.float32)
    block_idx_kernel[None, 2](a, np.eye(T, dtype=np.float16), x, out_c, out_v)
    want_c = np.zeros_like(out_c)
    want_c[:2 * T] = a[:2 * T]
    assert (out_c == want_c).all()  # cube cores 0 and 1: rows of blocks 0, 1
    assert (out_v == x).all()       # vector cores 0..3: rows 0..3


@pl.jit()
def bias_split_kernel(a: pl.Tensor[[T, T], pl.DT_FP16], eye: pl.Tensor[[T, T], pl.DT_FP16],
                      bias: pl.Tensor[[1, T], pl.DT_FP32], out: pl.Tensor[[T, T], pl.DT_FP32],
                      half: pl.Tensor[[T, T], pl.DT_FP32]):
    with pl.section_cube():
        a_mat = tile([T, T], pl.DT_FP16, pl.MemorySpace.Mat, 0x0)
        e_mat = tile([T, T], pl.DT_FP16, pl.MemorySpace.Mat, 0x1000)
        b_mat = tile([1, T], pl.DT_FP32, pl.MemorySpace.Mat, 0x2000)
        bt = tile([1, T], pl.DT_FP32, pl.MemorySpace.Bias, 0x0)
        left = tile([T, T], pl.DT_FP16, pl.MemorySpace.Left, 0x0)
        right = tile([T, T], pl.DT_FP16, pl.MemorySpace.Right, 0x0)
        acc = pl.make_tile(pl.TileType(shape=[T, T], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Acc,
                                       valid_shape=[T - 1, T]), addr=0x0)
        vec = tile([T, T], pl.DT_FP32, pl.MemorySpace.Vec, 0x0)
        pl.load(a_mat, a, [0, 0])
        pl.load(e_mat, eye, [0, 0])
        pl.load(b_mat, bias, [0, 0])
        pl.move(left, a_mat)
        pl.move(right, e_mat)
        pl.move(bt, b_mat)
        pl.matmul(acc, left, right, bt)
        pl.store(half, acc, [0, 0], scale=0.5)
        pl.move(vec, acc, acc_to_vec_mode=pl.AccToVecMode.DualModeSplitM)
        pl.store(out, acc, [0, 0])
    with pl.section_vector():
        pl.system.sync_all()


def test_bias_matmul_and_split_rounding(backend):
    """C-T5: a Bias tile starts the sum. C-T15: scale=0.5 into FP32 is x * 0.5 in FP32 (the
    device's QF322F32_PRE is about 1e-3 off). C-T13: the Acc's 15 valid rows stay 16 after the
    DualModeSplitM move, so the store after it writes row 15 too; the one before writes 15."""
    rng = np.random.default_rng(2)
    a = rng.standard_normal((T, T)).astype(np.float16)
    bias = rng.standard_normal((1, T)).astype(np.float32)
    out, half = np.zeros((T, T), np.float32), np.zeros((T, T), np.float32)
    bias_split_kernel[None, 1](a, np.eye(T, dtype=np.float16), bias, out, half)
    want = a.astype(np.float32) + bias
    assert (out == want).all()  # all 16 rows: the rounded valid shape
    assert (half[:T - 1] == want[:T - 1] * np.float32(0.5)).all() and (half[T - 1] == 0).all()


@pl.jit()
def valid_kernel(a: pl.Tensor[[T, T], pl.DT_FP16], b: pl.Tensor[[T, T], pl.DT_FP16],
                 out: pl.Tensor[[T, T], pl.DT_FP32]):
    with pl.section_cube():
        a_mat = tile([T, T], pl.DT_FP16, pl.MemorySpace.Mat, 0x0)
        b_mat = tile([T, T], pl.DT_FP16, pl.MemorySpace.Mat, 0x1000)
        left = tile([T, T], pl.DT_FP16, pl.MemorySpace.Left, 0x0)
        right = tile([T, T], pl.DT_FP16, pl.MemorySpace.Right, 0x0)
        acc = pl.make_tile(pl.TileType(shape=[T, T], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Acc,
                                       fractal=512), addr=0x0)
        pl.load(a_mat, a, [0, 0])
        pl.load(b_mat, b, [0, 0])
        pl.move(left, a_mat)
        pl.move(right, b_mat)
        pl.set_validshape(acc, [1, 1])
        pl.set_validshape(right, [1, T])
        pl.matmul(acc, left, right)
        pl.set_validshape(acc, [T, T])
        pl.store(out, acc, [0, 0])


def test_matmul_reads_lhs_and_rhs_cols_only(backend):
    """C-T7: dst's valid shape and rhs's valid rows are not read, the whole product is written.
    C-T8: an FP32 Acc tile with fractal=512 holds its results as the default one does."""
    rng = np.random.default_rng(5)
    a = rng.integers(-3, 4, (T, T)).astype(np.float16)
    b = rng.integers(-3, 4, (T, T)).astype(np.float16)
    out = np.zeros((T, T), np.float32)
    valid_kernel[None, 1](a, b, out)
    assert (out == a.astype(np.float32) @ b.astype(np.float32)).all()


@pl.jit()
def split_dyn_kernel(a: pl.Tensor[[T, T], pl.DT_FP16], eye: pl.Tensor[[T, T], pl.DT_FP16],
                     out: pl.Tensor[[T, T], pl.DT_FP32], m: int):
    with pl.section_cube():
        a_mat = tile([T, T], pl.DT_FP16, pl.MemorySpace.Mat, 0x0)
        e_mat = tile([T, T], pl.DT_FP16, pl.MemorySpace.Mat, 0x1000)
        left = tile([T, T], pl.DT_FP16, pl.MemorySpace.Left, 0x0)
        right = tile([T, T], pl.DT_FP16, pl.MemorySpace.Right, 0x0)
        acc = pl.make_tile(pl.TileType(shape=[T, T], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Acc,
                                       valid_shape=[-1, -1]), addr=0x0)
        vec = tile([T, T], pl.DT_FP32, pl.MemorySpace.Vec, 0x0)
        pl.load(a_mat, a, [0, 0])
        pl.load(e_mat, eye, [0, 0])
        pl.move(left, a_mat)
        pl.move(right, e_mat)
        pl.matmul(acc, left, right)
        pl.set_validshape(acc, [m, T])
        pl.move(vec, acc, acc_to_vec_mode=pl.AccToVecMode.DualModeSplitM)
        pl.store(out, acc, [0, 0])
    with pl.section_vector():
        pl.system.sync_all()


@pytest.mark.parametrize("m, rows", [(5, 6), (6, 6), (15, 16)])
def test_split_rounds_a_run_time_valid_shape(backend, m, rows):
    """C-T13 with a run-time valid shape: the store after the move writes ceil2(m) rows."""
    a = np.arange(T * T, dtype=np.float16).reshape(T, T) / 8
    out = np.zeros((T, T), np.float32)
    split_dyn_kernel[None, 1](a, np.eye(T, dtype=np.float16), out, m)
    assert (out[:rows] == a[:rows].astype(np.float32)).all() and (out[rows:] == 0).all()


@pl.jit()
def k_tail_kernel(a: pl.Tensor[[T, 2 * T], pl.DT_FP16], b: pl.Tensor[[2 * T, T], pl.DT_FP16],
                  nan: pl.Tensor[[2 * T, T], pl.DT_FP16], out_k: pl.Tensor[[T, T], pl.DT_FP32],
                  out_full: pl.Tensor[[T, T], pl.DT_FP32]):
    with pl.section_cube():
        a_mat = pl.make_tile(pl.TileType(shape=[T, 2 * T], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Mat,
                                         valid_shape=[T, 17]), addr=0x0)
        b_mat = tile([2 * T, T], pl.DT_FP16, pl.MemorySpace.Mat, 0x1000)
        left = tile([T, 2 * T], pl.DT_FP16, pl.MemorySpace.Left, 0x0)
        right = tile([2 * T, T], pl.DT_FP16, pl.MemorySpace.Right, 0x0)
        acc = tile([T, T], pl.DT_FP32, pl.MemorySpace.Acc, 0x0)
        pl.load(b_mat, nan, [0, 0])
        pl.set_validshape(b_mat, [17, T])
        pl.load(b_mat, b, [0, 0])
        pl.load(a_mat, a, [0, 0])
        pl.move(left, a_mat)
        pl.move(right, b_mat)
        pl.set_validshape(left, [T, 17])
        pl.matmul(acc, left, right)
        pl.store(out_k, acc, [0, 0])
        pl.set_validshape(left, [T, 2 * T])
        pl.matmul(acc, left, right)
        pl.store(out_full, acc, [0, 0])


def test_nd_to_nz_load_leaves_rows_stale(backend):
    """C-T14: rhs rows 17..31 keep the NaN of the first load; lhs columns 17..31 are written
    with 0. K = 17 multiplies k < 17 only; K = 32 reaches the stale rows (0 x NaN)."""
    rng = np.random.default_rng(3)
    a = rng.integers(-3, 4, (T, 2 * T)).astype(np.float16)
    b = rng.integers(-3, 4, (2 * T, T)).astype(np.float16)
    nan = np.full((2 * T, T), np.nan, np.float16)
    out_k, out_full = np.zeros((T, T), np.float32), np.zeros((T, T), np.float32)
    k_tail_kernel[None, 1](a, b, nan, out_k, out_full)
    assert (out_k == a[:, :17].astype(np.float32) @ b[:17].astype(np.float32)).all()
    assert np.isnan(out_full).all()


@pl.jit()
def int8_kernel(a: pl.Tensor[[T, 2 * T], pl.DT_INT8], eye: pl.Tensor[[2 * T, 2 * T], pl.DT_INT8],
                out: pl.Tensor[[T, 2 * T], pl.DT_INT8], word: pl.DT_INT64):
    with pl.section_cube():
        a_mat = tile([T, 2 * T], pl.DT_INT8, pl.MemorySpace.Mat, 0x0)
        e_mat = tile([2 * T, 2 * T], pl.DT_INT8, pl.MemorySpace.Mat, 0x1000)
        left = tile([T, 2 * T], pl.DT_INT8, pl.MemorySpace.Left, 0x0)
        right = tile([2 * T, 2 * T], pl.DT_INT8, pl.MemorySpace.Right, 0x0)
        acc = tile([T, 2 * T], pl.DT_INT32, pl.MemorySpace.Acc, 0x0)
        pl.load(a_mat, a, [0, 0])
        pl.load(e_mat, eye, [0, 0])
        pl.move(left, a_mat)
        pl.move(right, e_mat)
        pl.matmul(acc, left, right)
        pl.store(out, acc, [0, 0], scale=word)


def test_int8_deq_word_is_signed(backend):
    """C-T16: the word holds 1.0f without bit 46, and the INT8 result keeps its negatives."""
    rng = np.random.default_rng(4)
    a = rng.integers(-100, 100, (T, 2 * T)).astype(np.int8)
    out = np.zeros((T, 2 * T), np.int8)
    int8_kernel[None, 1](a, np.eye(2 * T, dtype=np.int8), out, 0x3F800000)
    assert (out == a).all() and (out < 0).any()


@pl.jit()
def copy_kernel(x: pl.Tensor[[8, 64], pl.DT_FP32], out: pl.Tensor[[8, 64], pl.DT_FP32]):
    row = tile([1, 64], pl.DT_FP32, pl.MemorySpace.Vec, 0x0)
    with pl.section_vector():
        pl.load(row, x, [pl.get_block_idx(), 0])
        pl.store(out, row, [pl.get_block_idx(), 0])


def test_pvc_cores_bounds_a_launch(backend, monkeypatch):
    """C-T11: without PVC_CORES every block runs; with it a launch of more blocks is refused."""
    x = np.arange(8 * 64, dtype=np.float32).reshape(8, 64)
    out = np.zeros_like(x)
    copy_kernel[None, 8](x, out)
    assert (out == x).all()
    monkeypatch.setenv("PVC_CORES", "4")
    copy_kernel[None, 4](x, out)
    with pytest.raises(pvc.PvcError, match="PVC_CORES=4 cores.*C-T11"):
        copy_kernel[None, 5](x, out)
